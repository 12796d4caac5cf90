"""recmetrics (statisticianinstilettos/recmetrics, ``recmetrics.metrics``) under the catalog's recommendation and
ranking names.

recmetrics' metrics take ``predicted``, a list of each user's recommended items (best first), and, by metric,
the users' relevant items (``actual``), item popularities, a catalog list or a DataFrame of item features.
The adapter turns row u of ``recommendations`` into user u's list (``predicted[u]``, as Python values).

Loading: the package's ``__init__`` also imports ``recmetrics/plots.py``, which needs plotly, seaborn and funcsigs
(plots only; recmetrics 0.1.5 pins pandas<2, plotly<5 and seaborn<0.12, so it is installed with ``--no-deps``,
see the Makefile). The adapter loads ``recmetrics/metrics.py`` alone from the installed package's directory
(``importlib.util.find_spec("recmetrics")``, then ``spec_from_file_location``): that module imports only numpy,
pandas, scipy.sparse, scikit-learn and matplotlib.pyplot, all of them installed with the project. Where
recmetrics is not installed the import fails (ModuleNotFoundError) and the target is reported as not installed.

Section recommendation. Names provided:

* personalization: ``personalization(predicted)``, 1 - the mean cosine similarity of the users' binary item
  vectors over pairs of distinct users (the catalog's definition).
* intra_list_diversity: 1 - ``intra_list_similarity(predicted, feature_df)``. recmetrics computes the cosine
  similarity of the listed items' feature rows; the catalog takes the similarity matrix S itself. The two meet
  where S is a cosine-similarity (Gram) matrix: symmetric and positive semidefinite with unit diagonal (the
  catalog never reads the diagonal, so it is set to 1). Then the rows of F = V sqrt(w) (S = V diag(w) V^T, its
  eigendecomposition, eigenvalues of rounding size clipped to 0) have norm 1 and cosines S up to rounding:
  ``feature_df`` is F, indexed by item id. Other matrices have no feature table whose cosines they are, and are
  outside the metric's domain (DOMAINS: skipped, not failed). recmetrics returns the mean over users of each
  list's mean similarity over its unordered pairs, so 1 - that mean is the mean over users of 1 - the list's
  mean: the catalog's ILD, for lists of any lengths (the mean over users is linear).
* novelty_at_k: ``novelty(predicted, pop, u, n)[0]`` (self-information), pop = item -> its users in
  ``interactions`` (cells > 0), u = the rows of ``interactions``, n = the length of the lists.
* catalog_coverage: ``prediction_coverage(predicted, catalog) / 100`` with catalog = the ids 0..n_items-1
  (recmetrics returns a percent rounded to 2 decimals). recmetrics' ``catalog_coverage(predicted, catalog, k)``
  is not mapped: it draws k of the lists at random (``random.choices``, with replacement) and covers those.

Section ranking: the adapter turns each query (row) into a user, as reference/rs_metrics.py does: ``actual`` is
the documents with grade > 0, ``predicted`` every document in the order of its score. Names provided:
precision_at_k and recall_at_k (``recommender_precision`` / ``recommender_recall`` on one user at a time, since
they return the mean over users; each rounds a user's value to 4 decimals), average_recall_at_k (``mark`` on
one user) and mean_average_recall (``mark``: recmetrics' mean average recall at k, ``_ark`` per user).
"""

from __future__ import annotations

import importlib.util
from importlib.metadata import version as _version
from pathlib import Path

import numpy as np

from properties.engine.vocabulary.reproduce import library_call  # the library's own call, under the adapter's, in reproductions

from ._ranked_queries import grades_and_scores


def _load_metrics_module():
    """recmetrics/metrics.py as a module, without running the package's ``__init__`` (which imports plots.py)."""
    spec = importlib.util.find_spec("recmetrics")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("No module named 'recmetrics'", name="recmetrics")
    path = Path(next(iter(spec.submodule_search_locations))) / "metrics.py"
    module_spec = importlib.util.spec_from_file_location("recmetrics.metrics", path)
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module


rm = _load_metrics_module()

TARGET_NAME = "recmetrics"
VERSION = _version("recmetrics")
CONVENTIONS = {
    "lists": "row u of recommendations is user u's list, passed as predicted[u] (a list of Python values); "
    "recmetrics reads lists of any lengths and any item values",
    "k": "recmetrics' recommendation metrics have no k: the adapter passes each list's first k items (row[:k]), "
    "and the audit asks only for a k that cuts no list (k None or at least the longest list: DOMAINS), so "
    "recmetrics scores the whole lists the catalog checks (a cut would hide bad input past k from it). k < 1 is "
    "not asked (SUPPORTS): recmetrics has no k to refuse it. Ranking: recommender_precision and "
    "recommender_recall have no k either, and are given the top k of the adapter's ranking (predicted[:k], "
    "documents the adapter numbers itself: nothing is hidden); mark has k, passed as given (k=None -> the number "
    "of documents)",
    "personalization": "personalization(predicted); no no_pairs keyword: one user is whatever recmetrics returns",
    "intra_list_diversity": "1 - intra_list_similarity(predicted, F) (the orientation turned: recmetrics gives the "
    "similarity, the catalog the diversity), F the features whose cosines are item_similarity: the "
    "eigendecomposition V diag(w) V^T of item_similarity with its diagonal set to 1 (never read by the catalog), "
    "F = V sqrt(max(w, 0)), as a DataFrame indexed by item id. Defined only where item_similarity is a cosine "
    "(Gram) matrix: finite, square, symmetric and positive semidefinite with unit diagonal (DOMAINS)",
    "novelty": "novelty(predicted, pop, u, n)[0]: pop = {item: users with a cell > 0 in its column} for every "
    "item with at least one (recmetrics reads pop[i]: an item nobody interacted with is a KeyError, its only "
    "answer to the catalog's zero_popularity), u = the rows of interactions (users without any interaction "
    "counted, as the catalog does), n = the length of the first list; self-information only (no unseen ratio). "
    "The adapter refuses NaN and negative cells, which a count of users cannot hold",
    "coverage": "prediction_coverage(predicted, list(range(n_items))) / 100: recmetrics returns a percent rounded "
    "to 2 decimals, which the adapter does not undo",
    "relevance": "ranking: binary, the relevant items of a user are the documents with grade > 0; the adapter "
    "refuses a NaN grade (neither relevant nor not)",
    "ties": "ranking: recmetrics takes ranked lists, so the adapter orders each query's documents by score with a "
    "stable sort: tied documents in input order (TIES)",
    "ranking means": "recommender_precision, recommender_recall and mark return means over users: the per-query "
    "metrics call them with one user at a time; mean_average_recall is mark over every user",
    "scores": "ranking: recmetrics has no scores: the adapter ranks them, and refuses NaN scores (which have no "
    "rank)",
}


def _k_at_least_one(k) -> bool:
    return k is None or (isinstance(k, (int, np.integer)) and not isinstance(k, bool) and k >= 1)


def _keeps_lists_whole(args, kwargs) -> bool:
    """Whether k cuts no list (k None or at least the longest): recmetrics then scores what the catalog checks.
    A shorter k would hand it the top k only, hiding from it whatever bad input lies past k."""
    k = kwargs.get("k")
    if k is None:
        return True
    try:
        return k >= max((len(row) for row in args[0]), default=0)
    except TypeError:  # not lists of lists (a 1-D array, a scalar): nothing for k to cut
        return True


_SLICED = ("personalization", "intra_list_diversity", "novelty_at_k", "catalog_coverage", "precision_at_k",
           "recall_at_k")
SUPPORTS = {name: {"k": _k_at_least_one} for name in _SLICED}
SUPPORTS["novelty_at_k"].update(definition=("self_information",), zero_popularity=("raise",))
TIES = {name: "input_order" for name in ("precision_at_k", "recall_at_k", "average_recall_at_k",
                                         "mean_average_recall")}


def _lists(recommendations, k=None) -> list:
    """predicted: each user's list as Python values, cut to its first k items."""
    rows = [np.asarray(row).tolist() for row in recommendations]
    return rows if k is None else [row[:k] if isinstance(row, list) else row for row in rows]


# ---------------------------------------------------------------- recommendation (beyond accuracy)


def personalization(recommendations, *, k=None):
    return float(library_call(rm.personalization, _lists(recommendations, k)))


def _gram_matrix(item_similarity):
    """item_similarity as a float matrix with unit diagonal, if it is a finite square symmetric one (else None)."""
    try:
        s = np.array(item_similarity, dtype=float)
    except (TypeError, ValueError):
        return None
    if s.ndim != 2 or s.shape[0] != s.shape[1] or s.shape[0] == 0 or not np.isfinite(s).all() \
            or not np.array_equal(s, s.T):
        return None
    np.fill_diagonal(s, 1.0)
    return s


def _is_cosine_similarity(args, kwargs) -> bool:
    """Whether item_similarity (with unit diagonal) is symmetric positive semidefinite: the cosines of some
    features (eigenvalues below -1e-12 of the largest are negative, not rounding)."""
    s = _gram_matrix(args[1] if len(args) > 1 else kwargs.get("item_similarity"))
    if s is None:
        return False
    w = np.linalg.eigvalsh(s)
    return bool(w.min() >= -1e-12 * max(1.0, float(np.abs(w).max())))


def _whole_lists_and_cosine_similarity(args, kwargs) -> bool:
    return _keeps_lists_whole(args, kwargs) and _is_cosine_similarity(args, kwargs)


DOMAINS = {name: {"where": _keeps_lists_whole} for name in ("personalization", "novelty_at_k", "catalog_coverage")}
DOMAINS["intra_list_diversity"] = {"where": _whole_lists_and_cosine_similarity}


def _features(item_similarity):
    """F (a DataFrame, one row per item id) whose rows' cosine similarities are item_similarity."""
    import pandas as pd

    s = _gram_matrix(item_similarity)
    if s is None:
        raise ValueError("item_similarity: not a finite square symmetric matrix, so the cosines of no features")
    w, v = np.linalg.eigh(s)
    return pd.DataFrame(v * np.sqrt(np.clip(w, 0.0, None)))


def intra_list_diversity(recommendations, item_similarity, *, k=None):
    return 1.0 - float(library_call(rm.intra_list_similarity, _lists(recommendations, k), _features(item_similarity)))


def novelty_at_k(recommendations, interactions, *, k=None, definition="self_information", zero_popularity="raise"):
    if definition != "self_information" or zero_popularity != "raise":
        raise ValueError(f"definition/zero_popularity: recmetrics' novelty is self-information, an item without "
                         f"users a KeyError; got {definition!r}, {zero_popularity!r}")
    values = np.asarray(interactions.toarray() if hasattr(interactions, "toarray") else interactions, dtype=float)
    if np.isnan(values).any() or (values < 0).any():  # no count of users holds them: the adapter cannot pass one
        raise ValueError("interactions: NaN or negative values are no interactions")
    users_per_item = (values > 0).sum(axis=0)
    pop = {item: int(users) for item, users in enumerate(users_per_item) if users > 0}
    predicted = _lists(recommendations, k)
    n = len(predicted[0]) if predicted and isinstance(predicted[0], list) else 0
    return float(library_call(rm.novelty, predicted, pop, values.shape[0], n)[0])


def catalog_coverage(recommendations, n_items, *, k=None):
    return float(library_call(rm.prediction_coverage, _lists(recommendations, k), list(range(n_items)))) / 100.0


# ---------------------------------------------------------------- ranking


def _users(y_true, y_score):
    """actual and predicted item lists, one per query, the number of documents, and whether the input was 1-D."""
    grades, scores, single = grades_and_scores(y_true, y_score)
    if np.isnan(grades).any():  # recmetrics has no grades: the adapter lists the relevant items, NaN is neither
        raise ValueError("y_true: a NaN grade is neither relevant nor not relevant")
    if np.isnan(scores).any():  # recmetrics has no scores: ranking them is the adapter's job, and NaN has no rank
        raise ValueError("y_score: NaN scores cannot be ranked")
    order = np.argsort(-scores, axis=1, kind="stable")
    actual = [np.flatnonzero(row > 0).tolist() for row in grades]
    predicted = [row.tolist() for row in order]
    return actual, predicted, grades.shape[1], single


def _per_user(values, single):
    values = np.asarray(values, dtype=float)
    return float(values[0]) if single else values


def precision_at_k(y_true, y_score=None, *, k=None):
    actual, predicted, _, single = _users(y_true, y_score)
    return _per_user([library_call(rm.recommender_precision, [p[:k]], [a]) for a, p in zip(actual, predicted)],
                     single)


def recall_at_k(y_true, y_score=None, *, k=None):
    actual, predicted, _, single = _users(y_true, y_score)
    return _per_user([library_call(rm.recommender_recall, [p[:k]], [a]) for a, p in zip(actual, predicted)], single)


def average_recall_at_k(y_true, y_score=None, *, k=None):
    actual, predicted, n_docs, single = _users(y_true, y_score)
    cut = n_docs if k is None else k
    return _per_user([library_call(rm.mark, [a], [p], k=cut) for a, p in zip(actual, predicted)], single)


def mean_average_recall(y_true, y_score=None, *, k=None):
    actual, predicted, n_docs, _ = _users(y_true, y_score)
    return float(library_call(rm.mark, actual, predicted, k=n_docs if k is None else k))
