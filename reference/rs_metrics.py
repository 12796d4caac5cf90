"""rs_metrics (recommender metrics over user -> item-list dicts) under the catalog's ranking names.

rs_metrics takes ``true`` (user -> the relevant items) and ``pred`` (user -> the recommended items, best
first) and scores each user's ``pred[:k]``; ``apply_mean=False`` gives the per-user values. The adapter
turns each query (row) into a user: ``true`` is the documents with grade > 0, ``pred`` every document in
the order of its score. Names provided: precision_at_k, recall_at_k, average_precision_at_k /
mean_average_precision (``mapr``), reciprocal_rank / mean_reciprocal_rank (``mrr``), hit_rate_at_k
(``hitrate``) and ndcg_at_k (``ndcg``, binary gain).
"""

from __future__ import annotations

from importlib.metadata import version as _version

import numpy as np
import rs_metrics

from ._ranked_queries import grades_and_scores

TARGET_NAME = "rs_metrics"
VERSION = getattr(rs_metrics, "__version__", None) or _version("rs_metrics")
CONVENTIONS = {
    "relevance": "binary: the relevant items of a user are the documents with grade > 0; grades are not passed",
    "ties": "rs_metrics takes ranked lists, so the adapter orders each query's documents by score with a stable "
    "sort: tied documents in input order (the catalog's ties='first'); no ties keyword",
    "k": "k=None -> the number of documents; pred[:k] is scored, so a k above the list scores the whole list "
    "(precision divides by the list length: the catalog's clipping)",
    "average precision": "mapr divides by every relevant item of the user (denominator='total')",
    "ndcg": "binary gain, ideal DCG over min(relevant items, k) ones",
    "no relevant document": "a user with no relevant item is still scored (rs_metrics iterates over true's users)",
    "means": "hit_rate_at_k, mean_average_precision and mean_reciprocal_rank are rs_metrics' np.mean over users; "
    "no sample_weight",
    "ranked lists": "y_score=None: the documents in the given order",
    "scores": "rs_metrics has no scores: the adapter ranks them, and refuses NaN scores (which have no rank)",
}
SUPPORTS = {"ndcg_at_k": {"gain": ("linear",)}}


def _users(y_true, y_score):
    grades, scores, single = grades_and_scores(y_true, y_score)
    if np.isnan(scores).any():  # rs_metrics has no scores: ranking them is the adapter's job, and NaN has no rank
        raise ValueError("y_score: NaN scores cannot be ranked")
    order = np.argsort(-scores, axis=1, kind="stable")
    true = {u: np.flatnonzero(row > 0).tolist() for u, row in enumerate(grades)}
    pred = {u: row.tolist() for u, row in enumerate(order)}
    return true, pred, grades.shape[1], single


def _per_user(fn, y_true, y_score, k):
    true, pred, n_docs, single = _users(y_true, y_score)
    values = np.asarray(fn(true, pred, k=n_docs if k is None else k, apply_mean=False), dtype=float)
    return float(values[0]) if single else values


def _mean(fn, y_true, y_score, k):
    true, pred, n_docs, _ = _users(y_true, y_score)
    return float(fn(true, pred, k=n_docs if k is None else k))


def _per_user_metric(fn, name):
    def metric(y_true, y_score=None, *, k=None):
        return _per_user(fn, y_true, y_score, k)

    metric.__name__ = metric.__qualname__ = name
    return metric


def _mean_metric(fn, name):
    def metric(y_true, y_score=None, *, k=None):
        return _mean(fn, y_true, y_score, k)

    metric.__name__ = metric.__qualname__ = name
    return metric


precision_at_k = _per_user_metric(rs_metrics.precision, "precision_at_k")
recall_at_k = _per_user_metric(rs_metrics.recall, "recall_at_k")
average_precision_at_k = _per_user_metric(rs_metrics.mapr, "average_precision_at_k")
reciprocal_rank = _per_user_metric(rs_metrics.mrr, "reciprocal_rank")
mean_average_precision = _mean_metric(rs_metrics.mapr, "mean_average_precision")
mean_reciprocal_rank = _mean_metric(rs_metrics.mrr, "mean_reciprocal_rank")
hit_rate_at_k = _mean_metric(rs_metrics.hitrate, "hit_rate_at_k")


def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear"):
    if gain != "linear":
        raise ValueError(f"gain: rs_metrics' ndcg has binary gain only, got {gain!r}")
    return _per_user(rs_metrics.ndcg, y_true, y_score, k)
