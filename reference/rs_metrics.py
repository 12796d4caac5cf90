"""rs_metrics (recommender metrics over user -> item-list dicts) under the catalog's ranking names.

rs_metrics takes ``true`` (user -> the relevant items) and ``pred`` (user -> the recommended items, best
first) and scores each user's ``pred[:k]``; ``apply_mean=False`` gives the per-user values. The adapter
turns each query (row) into a user: ``true`` is the documents with grade > 0, ``pred`` every document in
the order of its score. Names provided: precision_at_k, recall_at_k, average_precision_at_k /
mean_average_precision (``mapr``), reciprocal_rank / mean_reciprocal_rank (``mrr``), hit_rate_at_k
(``hitrate``) and ndcg_at_k (``ndcg``, binary gain).

Section recommendation: rs_metrics' beyond-accuracy functions take the recommendations as the same user -> list
dict (row u of ``recommendations`` is user u's list) and, for ``surprisal``, an interaction log (a DataFrame of
user_id, item_id rows: the adapter writes one row per cell of ``interactions`` above 0). Names provided:
catalog_coverage (``coverage``, the catalog 0..n_items-1 as its item list) and novelty_at_k (``surprisal``: the
mean over users of the mean -log2 popularity of their top k, popularity = the item's users / the users of the
log, an item outside the log filled with log2(users of the log): the catalog's zero_popularity='one_user').
``popularity`` (the mean popularity itself, not its self-information) matches no catalog metric.
"""

from __future__ import annotations

from importlib.metadata import version as _version

import numpy as np
import pandas as pd
import rs_metrics

from properties.engine.vocabulary.reproduce import library_call  # the library's own call, under the adapter's, in reproductions

from ._ranked_queries import grades_and_scores

TARGET_NAME = "rs_metrics"
VERSION = getattr(rs_metrics, "__version__", None) or _version("rs_metrics")
CONVENTIONS = {
    "relevance": "binary: the relevant items of a user are the documents with grade > 0; grades are not passed, "
    "and the adapter refuses a NaN grade (neither relevant nor not)",
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
CONVENTIONS.update({
    "recommendation.lists": "row u of recommendations is user u's list, passed as pred = {u: [item ids]}; "
    "rs_metrics reads any list of any length",
    "recommendation.novelty": "novelty_at_k is surprisal(log, pred, k): self-information only (no unseen_ratio), "
    "an item outside the log filled with log2(users of the log) (zero_popularity='one_user', its only form; "
    "'raise', the catalog's default, gets the same call, so an unseen item is scored, not refused)",
    "recommendation.log": "the log has one (user_id, item_id) row per cell of interactions above 0; the adapter "
    "refuses NaN and negative cells, which no log row can hold",
    "recommendation.users": "surprisal counts the users of its interaction log: a user with no interaction has "
    "no row there and is not counted",
    "recommendation.coverage": "catalog_coverage is coverage(list(range(n_items)), pred, k)",
})
# zero_popularity='raise' (the catalog's default) is asked of surprisal as it is: it has one behaviour, the same as
# 'one_user' wherever an item has a user, and where the catalog refuses it fills instead (a listed finding)
SUPPORTS = {"ndcg_at_k": {"gain": ("linear",)}, "novelty_at_k": {"definition": ("self_information",),
                                                                  "zero_popularity": ("raise", "one_user")}}


def _users(y_true, y_score):
    grades, scores, single = grades_and_scores(y_true, y_score)
    if np.isnan(grades).any():  # rs_metrics has no grades: the adapter lists the relevant items, NaN is neither
        raise ValueError("y_true: a NaN grade is neither relevant nor not relevant")
    if np.isnan(scores).any():  # rs_metrics has no scores: ranking them is the adapter's job, and NaN has no rank
        raise ValueError("y_score: NaN scores cannot be ranked")
    order = np.argsort(-scores, axis=1, kind="stable")
    true = {u: np.flatnonzero(row > 0).tolist() for u, row in enumerate(grades)}
    pred = {u: row.tolist() for u, row in enumerate(order)}
    return true, pred, grades.shape[1], single


def _per_user(fn, y_true, y_score, k):
    true, pred, n_docs, single = _users(y_true, y_score)
    values = np.asarray(library_call(fn, true, pred, k=n_docs if k is None else k, apply_mean=False), dtype=float)
    return float(values[0]) if single else values


def _mean(fn, y_true, y_score, k):
    true, pred, n_docs, _ = _users(y_true, y_score)
    return float(library_call(fn, true, pred, k=n_docs if k is None else k))


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


# ---------------------------------------------------------------- recommendation (beyond accuracy)


def _pred(recommendations) -> dict:
    """user -> list of item ids, one user per row, as rs_metrics takes recommendations."""
    return {u: np.asarray(row).tolist() for u, row in enumerate(recommendations)}


def catalog_coverage(recommendations, n_items, *, k=None):
    return float(rs_metrics.coverage(list(range(n_items)), _pred(recommendations), k=k))


def novelty_at_k(recommendations, interactions, *, k=None, definition="self_information",
                 zero_popularity="raise"):
    if definition != "self_information" or zero_popularity not in ("raise", "one_user"):
        raise ValueError(f"definition/zero_popularity: rs_metrics' surprisal is self-information with unseen items "
                         f"filled, got {definition!r}, {zero_popularity!r}")
    values = np.asarray(interactions.toarray() if hasattr(interactions, "toarray") else interactions, dtype=float)
    if np.isnan(values).any() or (values < 0).any():  # no row of a log: the adapter cannot write one
        raise ValueError("interactions: NaN or negative values are no interaction log")
    users, items = np.nonzero(values > 0)
    log = pd.DataFrame({"user_id": users, "item_id": items})
    return float(rs_metrics.surprisal(log, _pred(recommendations), k=k))
