"""implicit's ranking metrics (``implicit.evaluation``, computed from a fitted model) under the catalog's ranking names.

implicit scores a *model*: ``ranking_metrics_at_k(model, train_user_items, test_user_items, K)`` asks
``model.recommend(users, train_user_items[users], N=K)`` for each user's top K items, and compares them with the
user's items in the sparse test matrix (precision, map, ndcg and auc, each one number over the users). The
adapter turns each query (row) into a user and its documents into items: the test matrix holds a 1 where the
grade is > 0, the train matrix is empty (nothing is filtered from a recommendation), and the model is
:class:`RankedScores`, a stand-in whose ``recommend`` returns the documents in the order of their scores.

Names provided: precision_at_k, average_precision_at_k and ndcg_at_k (one value per query: implicit on a one-user
test matrix, since implicit only returns means), mean_average_precision (``map`` over every user at once).
Not mapped: ``auc`` (AUC_at_k, a ROC area cut at K; the catalog's roc_auc is a curves metric over labels) and
``precision`` over several users (pooled hits / pooled min(K, relevant): no catalog name).
"""

from __future__ import annotations

from importlib.metadata import version as _version

import numpy as np
from implicit.evaluation import ranking_metrics_at_k
from scipy.sparse import csr_matrix

from ._ranked_queries import grades_and_scores

TARGET_NAME = "implicit"
VERSION = _version("implicit")
CONVENTIONS = {
    "relevance": "binary: a user's test items are the documents with grade > 0; grades are not passed, and the "
    "adapter refuses a NaN grade (neither a test item nor not)",
    "model": "RankedScores.recommend returns each user's documents by descending score, tied documents in input "
    "order (stable sort: TIES), N of them, padded with item -1 when N exceeds the documents (the padding of "
    "implicit.utils._batch_call, which implicit's item-item models return); the train matrix is empty",
    "k": "k=None -> K = the number of documents; implicit does not validate K: K = 0 divides by zero; K < 0 "
    "reaches the model, which cannot make N < 0 items (ValueError, as implicit's own topk raises)",
    "precision": "relevant items in the top K / min(K, relevant items): implicit's pr_div, not / K",
    "average precision": "the sum of precision at each relevant item's rank in the top K, divided by min(K, "
    "relevant items) (the catalog's denominator='min')",
    "ndcg": "binary gain, discount 1/log2(rank + 1), ideal DCG over min(K, relevant items) ones",
    "no relevant document": "implicit skips a user without test items: mean_average_precision is the mean over "
    "the users with one (division by zero when there is none); the per-query metrics are defined only for "
    "queries with a relevant document (DOMAINS)",
    "ranked lists": "y_score=None: the documents in the given order",
    "scores": "the stand-in model ranks the scores, and refuses NaN scores (which have no rank)",
}
REFUSAL_ERRORS = (ValueError,)
SUPPORTS = {"ndcg_at_k": {"gain": ("linear",)}}
PER_QUERY = ("precision_at_k", "average_precision_at_k", "ndcg_at_k")
TIES = {name: "input_order" for name in (*PER_QUERY, "mean_average_precision")}


def _every_query_has_a_relevant_document(args, kwargs) -> bool:
    """False only when some query's grades are all finite and none is > 0 (bad input stays inside: refused)."""
    y_true = args[0] if args else kwargs.get("y_true")
    try:
        grades = np.atleast_2d(np.asarray(y_true, dtype=float))
    except (TypeError, ValueError):
        return True
    if grades.ndim != 2 or grades.shape[1] == 0:
        return True
    return not (np.isfinite(grades).all(axis=1) & ~(grades > 0).any(axis=1)).any()


#: implicit scores only the users with a test item ("if we don't have any test items, skip this user"): a
#: one-user test matrix without one is no evaluation (its mean is over no user)
DOMAINS = {name: {"where": _every_query_has_a_relevant_document} for name in PER_QUERY}


class RankedScores:
    """A fitted-model stand-in: user u's recommendations are the items by descending ``scores[u]``."""

    def __init__(self, scores):
        self.scores = np.atleast_2d(np.asarray(scores, dtype=float))

    def recommend(self, userid, user_items, N=10, filter_already_liked_items=True, **_):
        users = np.atleast_1d(userid)
        scores = self.scores[users]  # fancy indexing: a copy
        if filter_already_liked_items:  # as implicit's models do: liked items get the lowest score
            rows, cols = user_items.nonzero()
            scores[rows, cols] = -np.inf
        order = np.argsort(-scores, axis=1, kind="stable")[:, :N]
        ids = np.full((len(users), N), -1, dtype=np.int32)
        ids[:, : order.shape[1]] = order
        out = np.full((len(users), N), -np.finfo(np.float32).max)
        out[:, : order.shape[1]] = np.take_along_axis(scores, order, axis=1)
        return (ids[0], out[0]) if np.isscalar(userid) else (ids, out)


def _evaluate(grades, scores, k) -> dict:
    """implicit's ranking_metrics_at_k for the users of ``grades`` (rows) ranked by ``scores``."""
    test = csr_matrix((grades > 0).astype(np.float64))
    train = csr_matrix(grades.shape, dtype=np.float64)
    return ranking_metrics_at_k(RankedScores(scores), train, test, K=grades.shape[1] if k is None else k,
                                show_progress=False)


def _queries(y_true, y_score):
    grades, scores, single = grades_and_scores(y_true, y_score)
    if np.isnan(grades).any():  # the test matrix holds a 1 per grade > 0, and a NaN grade is neither 1 nor 0
        raise ValueError("y_true: a NaN grade is neither relevant nor not relevant")
    if np.isnan(scores).any():  # ranking is the model's job, and NaN has no rank
        raise ValueError("y_score: NaN scores cannot be ranked")
    return grades, scores, single


def _per_query_metric(key, name):
    def metric(y_true, y_score=None, *, k=None):
        grades, scores, single = _queries(y_true, y_score)
        values = np.array([_evaluate(grades[q:q + 1], scores[q:q + 1], k)[key] for q in range(grades.shape[0])])
        return float(values[0]) if single else values

    metric.__name__ = metric.__qualname__ = name
    return metric


precision_at_k = _per_query_metric("precision", "precision_at_k")
average_precision_at_k = _per_query_metric("map", "average_precision_at_k")
_ndcg = _per_query_metric("ndcg", "ndcg_at_k")


def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear"):
    if gain != "linear":
        raise ValueError(f"gain: implicit's ndcg has binary gain only, got {gain!r}")
    return _ndcg(y_true, y_score, k=k)


def mean_average_precision(y_true, y_score=None, *, k=None):
    grades, scores, _ = _queries(y_true, y_score)
    return float(_evaluate(grades, scores, k)["map"])
