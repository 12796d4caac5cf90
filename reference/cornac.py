"""cornac's ranking metrics (``cornac.metrics``, scored one user at a time) under the catalog's ranking names.

A cornac ranking metric is an object built with ``k`` (``-1``: every item) whose ``compute`` scores one user:
``compute(gt_pos, pd_rank)`` takes the user's relevant items and the recommended items best first (Precision,
Recall, NDCG, MRR, HitRatio); ``compute(item_indices, pd_scores, gt_pos)`` takes the items and their scores and
ranks them itself (MAP). The adapter turns each query (row) into a user: ``gt_pos`` is the documents with
grade > 0, ``pd_rank`` every document in the order of its score. Names provided: precision_at_k, recall_at_k,
ndcg_at_k (binary gain), success_at_k and hit_rate_at_k (HitRatio), reciprocal_rank / mean_reciprocal_rank
(MRR, no k), average_precision_at_k / mean_average_precision (MAP, no k). Not mapped: FMeasure and NCRR (no
catalog name), AUC (the catalog's roc_auc is a curves metric over labels, not per query).
"""

from __future__ import annotations

from importlib.metadata import version as _version

import numpy as np
from cornac import metrics as cm

from properties.engine.vocabulary.reproduce import library_call  # the library's own call, under the adapter's, in reproductions

from ._ranked_queries import grades_and_scores

TARGET_NAME = "cornac"
VERSION = _version("cornac")
CONVENTIONS = {
    "relevance": "binary: a user's gt_pos is the documents with grade > 0; grades are not passed, and the "
    "adapter refuses a NaN grade (neither relevant nor not)",
    "ties": "Precision, Recall, NDCG, MRR and HitRatio take ranked lists, so the adapter orders each query's "
    "documents by score with a stable sort: tied documents in input order (TIES); MAP ranks the scores itself, "
    "with scipy's rankdata(-scores, 'max'): every document of a tie group sits at the group's last rank",
    "k": "k=None -> cornac's k=-1 (every item); cornac's RankingMetric asserts k == -1 or k > 0 (AssertionError); "
    "pd_rank[:k] is scored, and Precision divides by k itself, not by the items left (no clipping)",
    "average precision": "MAP has no k: the mean of precision at every relevant item's rank, over the relevant "
    "items (denominator='total' with k=None)",
    "ndcg": "gain 2**(item in gt_pos) - 1, i.e. binary; discount log2(rank + 1); the ideal DCG scores gt_pos "
    "itself, cut at k: min(relevant items, k) ones",
    "no relevant document": "Recall, NDCG and MAP divide 0 by 0 (NaN, a RuntimeWarning); MRR raises ValueError "
    "when no relevant item is in the ranking",
    "means": "hit_rate_at_k, mean_average_precision and mean_reciprocal_rank are the mean of the per-user values "
    "(as cornac's evaluation averages users); no sample_weight",
    "ranked lists": "y_score=None: the documents in the given order",
    "scores": "the adapter ranks the scores for the ranked-list metrics and refuses NaN there (NaN has no rank); "
    "MAP gets the scores as given",
}
REFUSAL_ERRORS = (ValueError, AssertionError)  # cornac validates k by `assert` in RankingMetric.__init__
SUPPORTS = {"ndcg_at_k": {"gain": ("linear",)}}
TIES = {name: "input_order" for name in ("precision_at_k", "recall_at_k", "ndcg_at_k", "success_at_k",
                                         "hit_rate_at_k", "reciprocal_rank", "mean_reciprocal_rank")}


def _users(y_true, y_score, *, rank):
    """Per user: (gt_pos, pd_rank) when ``rank``, else (gt_pos, item_indices, pd_scores); and whether 1-D."""
    grades, scores, single = grades_and_scores(y_true, y_score)
    if np.isnan(grades).any():  # cornac has no grades: the adapter lists gt_pos, where NaN has no place
        raise ValueError("y_true: a NaN grade is neither relevant nor not relevant")
    items = np.arange(grades.shape[1])
    users = []
    for row, score in zip(grades, scores):
        gt_pos = np.flatnonzero(row > 0)
        if not rank:
            users.append((gt_pos, items, np.array(score)))
            continue
        if np.isnan(score).any():  # cornac takes ranked lists here: ranking is the adapter's job, NaN has no rank
            raise ValueError("y_score: NaN scores cannot be ranked")
        users.append((gt_pos, np.argsort(-score, kind="stable")))
    return users, single


def _values(metric, y_true, y_score, *, rank=True):
    users, single = _users(y_true, y_score, rank=rank)
    if rank:
        values = np.array([library_call(metric.compute, gt_pos=g, pd_rank=r) for g, r in users], dtype=float)
    else:
        values = np.array([library_call(metric.compute, item_indices=i, pd_scores=s, gt_pos=g) for g, i, s in users],
                          dtype=float)
    return values, single


def _cut(k):
    return -1 if k is None else k


def _per_user_metric(cls, name):
    def metric(y_true, y_score=None, *, k=None):
        values, single = _values(cls(k=_cut(k)), y_true, y_score)
        return float(values[0]) if single else values

    metric.__name__ = metric.__qualname__ = name
    return metric


def _no_k_metric(cls, name, *, rank, mean):
    def metric(y_true, y_score=None):
        values, single = _values(cls(), y_true, y_score, rank=rank)
        return float(values.mean()) if mean else float(values[0]) if single else values

    metric.__name__ = metric.__qualname__ = name
    return metric


precision_at_k = _per_user_metric(cm.Precision, "precision_at_k")
recall_at_k = _per_user_metric(cm.Recall, "recall_at_k")
success_at_k = _per_user_metric(cm.HitRatio, "success_at_k")
reciprocal_rank = _no_k_metric(cm.MRR, "reciprocal_rank", rank=True, mean=False)
mean_reciprocal_rank = _no_k_metric(cm.MRR, "mean_reciprocal_rank", rank=True, mean=True)
average_precision_at_k = _no_k_metric(cm.MAP, "average_precision_at_k", rank=False, mean=False)
mean_average_precision = _no_k_metric(cm.MAP, "mean_average_precision", rank=False, mean=True)


def hit_rate_at_k(y_true, y_score=None, *, k=None):
    return float(_values(cm.HitRatio(k=_cut(k)), y_true, y_score)[0].mean())


def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear"):
    if gain != "linear":
        raise ValueError(f"gain: cornac's NDCG has binary gain only, got {gain!r}")
    values, single = _values(cm.NDCG(k=_cut(k)), y_true, y_score)
    return float(values[0]) if single else values
