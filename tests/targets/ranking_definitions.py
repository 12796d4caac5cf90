"""Fake libraries for the cross-library table (tests/test_agreement.py): each attribute is a target that
computes the catalog's ranking metrics under one known choice of definition, or misbehaves."""

import os
import time
import types

import metrics


def _library(name, *, denominator="total", no_relevant="zero"):
    """Every metric of the table as the catalog computes it; MAP with ``denominator``, AP/NDCG/recall's 0/0 as
    ``no_relevant``."""
    return types.SimpleNamespace(
        TARGET_NAME=name,
        VERSION="0",
        mean_average_precision=lambda y_true, y_score=None, *, k=None: metrics.mean_average_precision(
            y_true, y_score, k=k, denominator=denominator, no_relevant=no_relevant),
        ndcg_at_k=lambda y_true, y_score=None, *, k=None: metrics.ndcg_at_k(y_true, y_score, k=k,
                                                                           no_relevant=no_relevant),
        hit_rate_at_k=metrics.hit_rate_at_k,
        mean_reciprocal_rank=metrics.mean_reciprocal_rank,
        precision_at_k=metrics.precision_at_k,
        recall_at_k=lambda y_true, y_score=None, *, k=None: metrics.recall_at_k(y_true, y_score, k=k,
                                                                               no_relevant=no_relevant),
    )


#: MAP over every relevant document (trec_eval's choice)
over_r = _library("over_r")
#: MAP over min(k, R)
over_min = _library("over_min", denominator="min")
#: the same definitions as over_r, under another name
also_over_r = _library("also_over_r")


def _exit(y_true, y_score=None, *, k=None):
    os._exit(3)


def _hang(y_true, y_score=None, *, k=None):
    time.sleep(600)


def _no_k(y_true, y_score=None):
    return metrics.mean_average_precision(y_true, y_score)


#: ends its process in the middle of the call
exits = types.SimpleNamespace(TARGET_NAME="exits", mean_average_precision=_exit)
#: never returns
hangs = types.SimpleNamespace(TARGET_NAME="hangs", mean_average_precision=_hang)
#: MAP without a cutoff keyword (called without k: the whole list)
no_k = types.SimpleNamespace(TARGET_NAME="no_k", mean_average_precision=_no_k)
