"""Ranking metrics: P@k, R@k, AP@k and MAP, RR and MRR, hit rate, DCG and NDCG,
R-precision, fall-out, bpref, expected reciprocal rank, and the ranking-accuracy
metrics of recommender evaluation: success@k, average reciprocal hit rate and
expected percentile rank.

Every metric takes its input in one of two forms:

* **ranked lists** (the seeds' form): ``y_true`` holds the relevance grades of
  the documents *in the order they were ranked*, and ``y_score`` is ``None``;
* **true relevance plus scores** (scikit-learn's form): ``y_true`` holds the
  grades and ``y_score`` the predicted scores of the same documents; the
  ranking is by descending score.

``y_true`` is 1-D (one query) or 2-D (one row per query, every query with the
same number of documents). Per-query metrics return a float for 1-D input and
an array with one value per query for 2-D input; the ``mean_*`` metrics and
``hit_rate_at_k`` return the (optionally ``sample_weight``-ed) mean over queries.

Conventions, each a named option:

* a document is *relevant* when its grade is > 0 (binary metrics);
* a grade below 0 is graded relevance below zero, not bad input (seed 004 suggests a
  negative grade for a document that should not be there): the binary metrics
  (P@k, R@k, AP, RR, hit rate, fall-out, R-precision, bpref, success@k, ARHR,
  personalized@k) read it as a document that is not relevant; DCG and CG sum it
  as a negative gain (linear gain); NDCG divides by the ideal DCG only where that
  is positive, and a query whose ideal DCG is not positive (nothing above grade 0)
  takes ``no_relevant``. Negative grades are refused (MetricInputError naming
  ``y_true``) where the gain or weight is undefined below 0: ``gain="exponential"``,
  expected reciprocal rank, expected percentile rank;
* ``k=None`` means every document; a ``k`` above the number of documents is
  clipped to it (as scikit-learn's ``ndcg_score`` and ranx do);
* ``ties`` (score form only): ``"average"`` (default) is the expected value of
  the metric over every order of the tied documents, McSherry & Najork,
  "Computing information retrieval performance measures efficiently in the
  presence of tied scores", ECIR 2008; ``"optimistic"`` ranks tied documents
  by decreasing grade, ``"pessimistic"`` by increasing grade, ``"first"`` in
  the order they are given (document index);
* ``no_relevant``: what recall, AP and NDCG return for a query with nothing
  relevant (0/0): ``"zero"`` (default, as scikit-learn and ranx), ``"nan"``, or
  ``"raise"`` (MetricInputError naming ``y_true``);
* ``gain``: ``"linear"`` (rel, default, scikit-learn's and ranx's ``ndcg``) or
  ``"exponential"`` (2^rel - 1, Burges et al. 2005); discount 1/log2(rank + 1).

A third form, the **mapping form** of trec_eval, pytrec_eval, ranx and ir-measures, is taken by P@k, R@k,
AP@k, MAP, RR, MRR, hit rate, success@k, NDCG and R-precision: ``y_true`` the qrels (query id -> document id ->
integer grade, or ``(query_id, doc_id, grade)`` lines) and ``y_score`` the run (query id -> document id -> score,
or lines), string ids. A per-query metric then returns a dict query id -> value; the means take
``judged_not_run`` (``"drop"``, trec_eval's default, or ``"zero"``, its ``-c``), which the array form ignores.
Its definitions, undefined cases and source: ``metrics/_runs.py``.
"""

from __future__ import annotations

import math

import numpy as np

import functools

from . import _runs
from ._validation import as_floats, check_choice, check_int_at_least, check_sample_weight
from .correlation import _order_keys, _sort_order
from .errors import MetricInputError

__all__ = [
    "precision_at_k",
    "recall_at_k",
    "average_precision_at_k",
    "mean_average_precision",
    "average_recall_at_k",
    "mean_average_recall",
    "reciprocal_rank",
    "mean_reciprocal_rank",
    "hit_rate_at_k",
    "dcg_at_k",
    "ndcg_at_k",
    "r_precision",
    "fall_out_at_k",
    "bpref",
    "expected_reciprocal_rank",
    "rank_biased_precision",
    "success_at_k",
    "average_reciprocal_hit_rate",
    "expected_percentile_rank",
    "cumulative_gain_at_k",
    "personalized_at_k",
]

TIES = ("average", "optimistic", "pessimistic", "first")
NO_RELEVANT = ("zero", "nan", "raise")
GAINS = ("linear", "exponential")
AP_DENOMINATORS = ("total", "min", "retrieved")

#: 2**1024 overflows float64
_MAX_EXPONENTIAL_GRADE = 1023.0


def _take_rows(a: np.ndarray, index: np.ndarray) -> np.ndarray:
    """``np.take_along_axis(a, index, axis=1)``; one flat ``np.take`` for a single query
    (take_along_axis builds broadcast index grids first: 4x slower on one long row)."""
    if a.shape[0] == 1:
        return a[0].take(index[0])[None, :]
    return np.take_along_axis(a, index, axis=1)


class _Ranking:
    """One batch of queries in ranked order, with the tie groups of the top k positions.

    ``grades`` has shape (n_queries, n_docs), in rank order; ``start`` and
    ``end`` have shape (n_queries, k): where the tie group of each of the top k
    positions starts and ends (0-based, inclusive; a group may end beyond k).
    Without ties (ranked lists, or a deterministic tie policy) they are None
    and every group has size 1. Group statistics are returned for the top k
    positions when tied, for every position otherwise: callers slice [:, :k].
    ``groups`` (row, first, last) lists the tie groups themselves, one entry
    per group meeting the top k, in rank order; ``start`` and ``end`` are
    spread from it on first use (DCG needs only the groups).
    """

    def __init__(self, grades, groups, single, k):
        self.grades = grades  # grades in ranked order (within a tie group: any order)
        self.groups = groups
        self.single = single  # the input was 1-D
        self.k = k
        self.n_queries, self.n_docs = grades.shape
        self.tied = groups is not None
        self._bounds = None

    def _spread(self):
        if self._bounds is None:
            _, first, last = self.groups
            in_top_k = np.minimum(last, self.k - 1) - first + 1
            shape = (self.n_queries, self.k)
            self._bounds = (np.repeat(first, in_top_k).reshape(shape), np.repeat(last, in_top_k).reshape(shape))
        return self._bounds

    @property
    def start(self):  # 0-based position where the group of this position starts
        return self._spread()[0] if self.tied else None

    @property
    def end(self):  # 0-based position where it ends (inclusive)
        return self._spread()[1] if self.tied else None

    # group sums of a per-position quantity x, broadcast back to positions
    def group_sum(self, x):
        if not self.tied:
            return x
        c = np.zeros((x.shape[0], x.shape[1] + 1))
        np.cumsum(x, axis=1, out=c[:, 1:])
        return _take_rows(c, self.end + 1) - _take_rows(c, self.start)

    def group_mean(self, x):
        if not self.tied:
            return x
        return self.group_sum(x) / (self.end - self.start + 1)

    def before_group(self, x):
        """Sum of x over the positions before each position's group."""
        c = np.zeros((x.shape[0], x.shape[1] + 1))
        np.cumsum(x, axis=1, out=c[:, 1:])
        if not self.tied:
            return c[:, :-1]
        return _take_rows(c, self.start)

    def relevant(self):
        return (self.grades > 0).astype(np.float64)

    def out(self, per_query):
        return float(per_query[0]) if self.single else per_query


def _rank(y_true, y_score, k, ties) -> _Ranking:
    grades = as_floats(y_true, "y_true", ndim=(1, 2))
    single = grades.ndim == 1
    if single:
        grades = grades[None, :]
    if grades.shape[1] == 0:
        raise MetricInputError("y_true", "has queries with no documents (empty query)")
    n_docs = grades.shape[1]
    k = n_docs if k is None else min(check_int_at_least(k, "k", 1), n_docs)
    check_choice(ties, "ties", TIES)
    if y_score is None:
        return _Ranking(grades, None, single, k)
    scores = as_floats(y_score, "y_score", ndim=(1, 2))
    if single:
        scores = scores[None, :] if scores.ndim == 1 else scores
    if scores.shape != grades.shape:
        raise MetricInputError(
            "y_score", f"has shape {np.shape(y_score)} but y_true has shape {np.shape(y_true)}; they must match"
        )
    if single and ties in ("average", "first"):
        return _rank_one_query(grades, scores, k, ties)
    if ties == "first":
        order = np.argsort(-scores, axis=1, kind="stable")
    elif ties in ("optimistic", "pessimistic"):
        second = -grades if ties == "optimistic" else grades
        order = np.lexsort((second, -scores), axis=1)
    else:
        # the order inside a tie group does not matter when averaging: no stable sort needed
        order = np.argsort(-scores, axis=1)
    ranked_grades = _take_rows(grades, order)
    if ties != "average":
        return _Ranking(ranked_grades, None, single, k)
    # Tie groups of the top k positions only: where each starts, and where it
    # ends, the last group possibly beyond k (it ends with the last document
    # scoring as high as the one at rank k).
    if 8 * k >= n_docs:  # most of each row: sorting the scores beats gathering them at random
        top_scores = -np.sort(-scores, axis=1)[:, :k]
    else:
        top_scores = _take_rows(scores, order[:, :k])
    new_group = np.ones_like(top_scores, dtype=bool)
    new_group[:, 1:] = top_scores[:, 1:] != top_scores[:, :-1]
    cut_group_end = (scores >= top_scores[:, -1:]).sum(axis=1) - 1
    if new_group.all() and (cut_group_end == k - 1).all():
        return _Ranking(ranked_grades, None, single, k)
    return _Ranking(ranked_grades, _tie_groups(new_group, cut_group_end), single, k)


def _rank_one_query(grades, scores, k, ties) -> _Ranking:
    """_rank for one query with ties "average" or "first", by one stable sort of int64 keys.

    ``np.argsort`` of a long row moves an index array along; the sort of
    kendall_tau (one ``np.sort`` of each score's order key with its index in
    the low bits) is several times faster at 1e6-1e7 documents, stable (ties
    in document order, as "first" wants), and reports where the sorted scores
    change, which are the tie groups "average" needs.
    """
    n_docs = scores.shape[1]
    order, new_run = _sort_order(-_order_keys(np.ascontiguousarray(scores[0])), np.arange(n_docs, dtype=np.int64))
    ranked_grades = grades[0].take(order)[None, :]
    if ties == "first" or new_run is None:
        return _Ranking(ranked_grades, None, True, k)
    new_group = np.ones((1, k), dtype=bool)
    new_group[0, 1:] = new_run[:k - 1]
    later = np.flatnonzero(new_run[k - 1:])  # the group of rank k ends where the next one starts
    cut_group_end = np.array([k - 1 + int(later[0]) if later.shape[0] else n_docs - 1])
    if new_group.all() and cut_group_end[0] == k - 1:
        return _Ranking(ranked_grades, None, True, k)
    return _Ranking(ranked_grades, _tie_groups(new_group, cut_group_end), True, k)


def _tie_groups(new_group: np.ndarray, cut_group_end: np.ndarray):
    """(row, first, last) of each tie group meeting the top k, 0-based and inclusive, in rank order.

    ``new_group`` (n_queries, k) marks where groups start. Every row starts a
    group, so the groups of all rows are found in one pass over the flattened
    rows; a group ends one before the next one starts, except each row's
    last, which ends at ``cut_group_end`` (possibly beyond k).
    """
    n_queries, k = new_group.shape
    first = np.flatnonzero(new_group.reshape(-1))  # flat positions
    row = first // k
    first -= row * k
    last = np.empty_like(first)
    last[:-1] = first[1:] - 1
    row_last = np.empty(first.shape[0], dtype=bool)  # the last group of its row
    row_last[:-1] = row[1:] != row[:-1]
    row_last[-1] = True
    last[row_last] = cut_group_end
    return row, first, last


def _none_relevant(size, relevant, drawn):
    """P(no relevant document among ``drawn`` taken at random from a tie group).

    Hypergeometric: C(size - relevant, drawn) / C(size, drawn), via log-gamma so
    that large groups neither overflow nor pay scipy.stats' per-call overhead.
    """
    from scipy.special import gammaln  # here, not at import: scipy.special is a quarter second of every start-up

    misses = size - relevant
    possible = drawn <= misses
    safe = np.where(possible, misses - drawn, 0)
    log_p = gammaln(misses + 1) - gammaln(safe + 1) - gammaln(size + 1) + gammaln(size - drawn + 1)
    return np.where(possible, np.exp(log_p), 0.0)


def _discounts(n: int) -> np.ndarray:
    return 1.0 / np.log2(np.arange(2, n + 2, dtype=np.float64))


def _undefined(values, undefined_mask, no_relevant, *, lacking="relevant", option="no_relevant"):
    """Apply the ``no_relevant`` policy (or fall-out's ``no_nonrelevant``) where a query lacks what the
    denominator counts."""
    if not undefined_mask.any():
        return values
    if no_relevant == "raise":
        first = int(np.flatnonzero(undefined_mask)[0])
        raise MetricInputError("y_true", f"query {first} has no {lacking} document ({option}='raise')")
    values = np.array(values, dtype=np.float64)
    values[undefined_mask] = 0.0 if no_relevant == "zero" else np.nan
    return values


def _safe_divide(num, den):
    return np.divide(num, den, out=np.zeros_like(num, dtype=np.float64), where=den != 0)


def _mean_over_queries(per_query, sample_weight):
    per_query = np.atleast_1d(per_query)
    w = check_sample_weight(sample_weight, per_query.shape[0])
    return float(np.average(per_query, weights=w))


# ---------------------------------------------------------------- counts


def _relevant_in_top_k(r: _Ranking):
    """Expected number of relevant documents in the top k, per query."""
    return r.group_mean(r.relevant())[:, : r.k].sum(axis=1)


def precision_at_k(y_true, y_score=None, *, k=None, ties="average"):
    """Precision at k: the fraction of the top k documents that are relevant.

    ``P@k = (1/k) sum_{i<=k} [rel_i > 0]``. Range [0, 1]. Undefined cases:
    none (k >= 1 is enforced). Source: seed 001 ("Ranking"); Manning, Raghavan
    & Schuetze, Introduction to IR, section 8.4.
    """
    r = _rank(y_true, y_score, k, ties)
    return r.out(_relevant_in_top_k(r) / r.k)


def recall_at_k(y_true, y_score=None, *, k=None, ties="average", no_relevant="zero"):
    """Recall at k: the fraction of all relevant documents found in the top k.

    ``R@k = sum_{i<=k} [rel_i > 0] / sum_i [rel_i > 0]``. Range [0, 1].
    Undefined (0/0) for a query without relevant documents: ``no_relevant``.
    Source: seed 004 (recommender metrics table); Introduction to IR, section 8.3.
    """
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    r = _rank(y_true, y_score, k, ties)
    total = r.relevant().sum(axis=1)
    values = _safe_divide(_relevant_in_top_k(r), total)
    return r.out(_undefined(values, total == 0, no_relevant))


def hit_rate_at_k(y_true, y_score=None, *, k=None, ties="average", sample_weight=None, judged_not_run="drop"):
    """Hit rate at k: the fraction of queries with at least one relevant document in the top k.

    ``HR@k = (1/N) sum_q [exists i <= k: rel_qi > 0]``. Range [0, 1].
    Undefined cases: none (a query with nothing relevant counts as a miss).
    Under ``ties="average"`` the indicator is the probability of a hit over the
    orders of the tie group cut by rank k (hypergeometric).
    Source: seed 004 ("Binary Hit rate").
    """
    return _mean_over_queries(_hits(_rank(y_true, y_score, k, ties)), sample_weight)


def _hits(r: _Ranking):
    """Per query: 1 if a relevant document is in the top k (under tied scores: the probability of it)."""
    rel = r.relevant()
    if not r.tied:
        return (rel[:, : r.k].sum(axis=1) > 0).astype(np.float64)
    at_k = r.k - 1
    s = r.start[:, at_k]
    g = r.end[:, at_k] - s + 1
    in_group = r.group_sum(rel)[:, at_k]
    before = r.before_group(rel)[:, at_k]
    taken = r.k - s
    miss = _none_relevant(g, in_group, taken)
    return np.where(before > 0, 1.0, 1.0 - miss)


def success_at_k(y_true, y_score=None, *, k=None, ties="average"):
    """Success at k of each query: 1 if a relevant document is in the top k, else 0.

    ``S@k = [exists i <= k: rel_i > 0]``; hit_rate_at_k is its mean over
    queries. Range [0, 1]. Undefined cases: none (a query with nothing
    relevant is a miss). Under ``ties="average"`` it is the probability of a
    hit over the orders of the tie group cut by rank k. Source: seed 004
    (Raza & Ding 2020's table: "Success @ k"); trec_eval's ``success.k``.
    """
    r = _rank(y_true, y_score, k, ties)
    return r.out(_hits(r))


# ---------------------------------------------------------------- reciprocal rank


def _reciprocal_rank(r: _Ranking):
    rel = r.relevant()[:, : r.k]
    if not r.tied:
        first = np.argmax(rel > 0, axis=1)
        found = rel.any(axis=1)
        return np.where(found, 1.0 / (first + 1.0), 0.0)
    start = r.start[:, : r.k]
    g = r.end[:, : r.k] - start + 1
    in_group = r.group_sum(r.relevant())[:, : r.k]
    before = r.before_group(r.relevant())[:, : r.k]
    j = np.arange(1, r.k + 1) - start  # 1-based position inside the group
    # P(first relevant is at this position) = P(the j-1 earlier group members are
    # not relevant) * P(this one is | they were not)
    p_first = _none_relevant(g, in_group, j - 1) * in_group / (g - j + 1)
    p_first = np.where(before > 0, 0.0, p_first)
    return (p_first / np.arange(1, r.k + 1)).sum(axis=1)


def reciprocal_rank(y_true, y_score=None, *, k=None, ties="average"):
    """Reciprocal rank: 1 / (rank of the first relevant document), 0 if none is in the top k.

    ``RR@k = 1 / min{i <= k: rel_i > 0}``. Range [0, 1]. Undefined cases:
    none (0 when no relevant document is in the top k). Source: seed 001 ("MRR").
    """
    r = _rank(y_true, y_score, k, ties)
    return r.out(_reciprocal_rank(r))


def mean_reciprocal_rank(y_true, y_score=None, *, k=None, ties="average", sample_weight=None, judged_not_run="drop"):
    """Mean reciprocal rank over queries: ``MRR = (1/N) sum_q RR_q`` (see reciprocal_rank).

    Range [0, 1]. Undefined cases: none. Source: seed 001 ("MRR = 1/N sum
    1/r_i, r is the first relevant item for each query").
    """
    r = _rank(y_true, y_score, k, ties)
    return _mean_over_queries(_reciprocal_rank(r), sample_weight)


# ---------------------------------------------------------------- average precision


def _ap_numerator_terms(r: _Ranking):
    """Expected rel_i * (relevant in top i) / i at every rank i (McSherry & Najork)."""
    rel = r.relevant()
    if not r.tied:
        return rel * np.cumsum(rel, axis=1) / np.arange(1, r.n_docs + 1, dtype=np.float64)
    # in_group / g * (before + 1) + (j - 1) * pair, j the 1-based place in the group,
    # over n-sized arrays: evaluated in place, in the same order (the same rounding)
    g = np.subtract(r.end, r.start).astype(np.float64)
    g += 1
    in_group = r.group_sum(rel)
    pair = np.subtract(in_group, 1)
    pair *= in_group
    pair_den = np.subtract(g, 1)
    pair_den *= g
    pair = _safe_divide(pair, pair_den)
    expected = np.divide(in_group, g, out=in_group)
    before = r.before_group(rel)
    before += 1
    expected *= before
    place = np.subtract(np.arange(r.k), r.start).astype(np.float64)  # j - 1
    place *= pair
    expected += place
    expected /= np.arange(1, r.k + 1, dtype=np.float64)  # the ranks
    return expected


def _average_precision(r: _Ranking, denominator, no_relevant):
    rel = r.relevant()
    total = rel.sum(axis=1)
    numerator = _ap_numerator_terms(r)[:, : r.k].sum(axis=1)
    if denominator == "total":
        values = _safe_divide(numerator, total)
    elif denominator == "min":
        values = _safe_divide(numerator, np.minimum(total, r.k))
    else:
        values = _ap_retrieved(r, numerator)
    return _undefined(values, total == 0, no_relevant)


def _ap_retrieved(r: _Ranking, numerator):
    """AP@k over the relevant documents retrieved in the top k (seed 001's denominator)."""
    rel = r.relevant()
    retrieved = rel[:, : r.k].sum(axis=1) if not r.tied else None
    if not r.tied:
        return _safe_divide(numerator, retrieved)
    # Only the tie group cut by rank k makes the denominator random: condition on
    # how many of its relevant documents fall in the top k (hypergeometric).
    at_k = r.k - 1
    start, end = r.start[:, at_k], r.end[:, at_k]
    in_group = r.group_sum(rel)[:, at_k]
    before = r.before_group(rel)[:, at_k]
    values = _safe_divide(numerator, _relevant_in_top_k(r))
    cut = (end > at_k) & (in_group > 0) & (in_group < end - start + 1)
    terms = _ap_numerator_terms(r)
    for q in np.flatnonzero(cut):
        s, g, rg, rb = int(start[q]), int(end[q] - start[q] + 1), int(in_group[q]), before[q]
        c = r.k - s  # slots of the group inside the top k
        fixed = terms[q, :s].sum()
        j = np.arange(1, c + 1)
        inv_rank = 1.0 / (s + j)
        expected = 0.0
        for m in range(0, min(c, rg) + 1):
            p_m = math.comb(rg, m) * math.comb(g - rg, c - m) / math.comb(g, c)
            if p_m == 0 or rb + m == 0:
                continue
            pair = m * (m - 1) / (c * (c - 1)) if c > 1 else 0.0
            inside = ((m / c) * (rb + 1) + (j - 1) * pair) @ inv_rank
            expected += p_m * (fixed + inside) / (rb + m)
        values[q] = expected
    return values


def average_precision_at_k(
    y_true, y_score=None, *, k=None, denominator="total", ties="average", no_relevant="zero"
):
    """Average precision at k of each query.

    ``AP@k = (1/D) sum_{i<=k} P@i [rel_i > 0]``, range [0, 1], where the
    ``denominator`` D is ``"total"`` (all relevant documents; trec_eval, ranx),
    ``"min"`` (min(k, all relevant)) or ``"retrieved"`` (relevant documents in
    the top k; seed 001, which gives AP = 0 when relevant documents exist but
    none is in the top k). Undefined: a query with no relevant document is
    0/0, handled by ``no_relevant``. Source: seed 001 ("MAP@k");
    Introduction to IR, section 8.4.
    """
    check_choice(denominator, "denominator", AP_DENOMINATORS)
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    r = _rank(y_true, y_score, k, ties)
    return r.out(_average_precision(r, denominator, no_relevant))


def mean_average_precision(
    y_true,
    y_score=None,
    *,
    k=None,
    denominator="total",
    ties="average",
    no_relevant="zero",
    sample_weight=None,
    judged_not_run="drop",
):
    """Mean average precision: ``MAP@k = (1/N) sum_q AP@k_q`` (see average_precision_at_k).

    Range [0, 1]. Undefined: queries with nothing relevant follow
    ``no_relevant`` (so the mean is NaN under "nan"). Source: seed 001 ("MAP@k").
    """
    check_choice(denominator, "denominator", AP_DENOMINATORS)
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    r = _rank(y_true, y_score, k, ties)
    return _mean_over_queries(_average_precision(r, denominator, no_relevant), sample_weight)


# ---------------------------------------------------------------- average recall


def average_recall_at_k(y_true, y_score=None, *, k=None, ties="average", no_relevant="zero"):
    """Average recall at k of each query, as recommender libraries compute it.

    ``AR@k = (1/|R|) sum_{i<=k} P@i [rel_i > 0]``, ``|R|`` all relevant
    documents of the query. Range [0, 1]; 1 when the relevant documents fill
    the top ranks and all of them fit in the top k. Undefined: a query with no
    relevant document is 0/0, handled by ``no_relevant``.
    The name is a misnomer kept by usage: the terms are precisions, and the
    formula is average_precision_at_k with ``denominator="total"``; "recall"
    refers to the denominator, all relevant documents (where
    ``denominator="min"`` caps it at k). Source: seed 004 ("Mean Average
    Recall@k (mAR@k)"); recmetrics ``_ark``/``mark`` (statisticianinstilettos/
    recmetrics, metrics.py).
    """
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    r = _rank(y_true, y_score, k, ties)
    return r.out(_average_precision(r, "total", no_relevant))


def mean_average_recall(y_true, y_score=None, *, k=None, ties="average", no_relevant="zero", sample_weight=None):
    """Mean average recall: ``MAR@k = (1/N) sum_q AR@k_q`` (see average_recall_at_k).

    Range [0, 1]. Undefined: queries with nothing relevant follow ``no_relevant``
    (so the mean is NaN under "nan"). Source: seed 004; recmetrics ``mark``.
    """
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    r = _rank(y_true, y_score, k, ties)
    return _mean_over_queries(_average_precision(r, "total", no_relevant), sample_weight)


# ---------------------------------------------------------------- DCG and NDCG


def _gains(grades, gain):
    check_choice(gain, "gain", GAINS)
    if gain == "linear":
        return grades
    if (grades < 0).any():
        raise MetricInputError("y_true", "negative grades are not allowed with gain='exponential'")
    if (grades > _MAX_EXPONENTIAL_GRADE).any():
        raise MetricInputError("y_true", "grades above 1023 overflow gain='exponential'")
    return np.exp2(grades) - 1.0


def _top_k_descending(values, k):
    """The k largest values of each row, in descending order."""
    if k < values.shape[1]:
        values = -np.partition(-values, k - 1, axis=1)[:, :k]
    return -np.sort(-values, axis=1)


def _dcg(r: _Ranking, gains, discounts):
    if not r.tied:
        return gains[:, : r.k] @ discounts
    # tied: each group's mean gain times the discounts of its places in the top k,
    # from running sums of the gains and of the discounts (no per-position arrays)
    row, first, last = r.groups
    c = np.zeros((r.n_queries, r.n_docs + 1))
    np.cumsum(gains, axis=1, out=c[:, 1:])
    c = c.reshape(-1)
    base = row * (r.n_docs + 1)
    mean_gain = (c[base + last + 1] - c[base + first]) / (last - first + 1)
    d = np.zeros(r.k + 1)
    np.cumsum(discounts, out=d[1:])
    in_top_k = d[np.minimum(last, r.k - 1) + 1] - d[first]
    return np.bincount(row, weights=mean_gain * in_top_k, minlength=r.n_queries)


def dcg_at_k(y_true, y_score=None, *, k=None, gain="linear", ties="average"):
    """Discounted cumulative gain at k: ``DCG@k = sum_{i<=k} gain(rel_i) / log2(i + 1)``.

    gain(rel) = rel (``"linear"``, Jarvelin & Kekalainen 2002) or 2^rel - 1
    (``"exponential"``, Burges et al. 2005; grades must be >= 0). Range
    [0, inf) for non-negative grades; linear gain accepts negative grades.
    Undefined cases: none. Source: seed 004 ("Discounted Cumulative Gain"),
    seed 001.
    """
    r = _rank(y_true, y_score, k, ties)
    return r.out(_dcg(r, _gains(r.grades, gain), _discounts(r.k)))


def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear", ties="average", no_relevant="zero"):
    """Normalized DCG at k: ``NDCG@k = DCG@k / IDCG@k``, IDCG@k the DCG@k of the grades sorted descending.

    Range [0, 1] for non-negative grades. With negative grades (linear gain)
    the value can be negative (never above 1). Undefined when IDCG@k <= 0
    (nothing relevant, or only negative grades): ``no_relevant``. Source: seed
    004 ("Normalized Discounted Cumulative Gain"), seed 001.
    """
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    r = _rank(y_true, y_score, k, ties)
    gains = _gains(r.grades, gain)
    discounts = _discounts(r.k)
    ideal = _top_k_descending(gains, r.k) @ discounts
    values = _safe_divide(_dcg(r, gains, discounts), np.where(ideal > 0, ideal, 0.0))
    return r.out(_undefined(values, ~(ideal > 0), no_relevant))


def cumulative_gain_at_k(y_true, y_score=None, *, k=None, ties="average"):
    """Cumulative gain at k ("cumulative rating"): the total grade of the top k documents.

    ``CG@k = sum_{i<=k} rel_i``: DCG@k without its discount, the grades themselves as gains. Seed 004
    describes it as "the total relevance of all documents at or above each rank position in the top k",
    which is Jarvelin & Kekalainen's cumulated-gain *vector* (CG[i] for every position i <= k); its entry at
    position k is this value, and the vector is CG@1, ..., CG@k (one call per k). Range [0, k * max grade]
    for non-negative grades; negative grades are summed as given. With binary grades it is the number of
    relevant documents in the top k (k * P@k). Undefined cases: none. Under ``ties="average"`` each place
    in the top k holds the mean grade of its tie group (the expectation over the orders of tied documents).
    Source: seed 004 (Raza & Ding 2020's table: "Cumulative rating"); Jarvelin & Kekalainen, "Cumulated
    gain-based evaluation of IR techniques", ACM TOIS 2002, section 2.1 (CG).
    """
    r = _rank(y_true, y_score, k, ties)
    return r.out(_dcg(r, r.grades, np.ones(r.k)))


def _popular_mask(popular, shape):
    """``popular`` as a boolean (n_queries, n_docs) mask, or None; refuses other shapes and non-boolean values."""
    if popular is None:
        return None
    mask = np.asarray(popular)
    if mask.dtype != bool:
        values = as_floats(popular, "popular", ndim=(1, 2))
        if not np.isin(values, (0.0, 1.0)).all():
            raise MetricInputError("popular", "must be a boolean mask of the documents (True: popular)")
        mask = values.astype(bool)
    if mask.ndim == 1:
        mask = mask[None, :]
    if mask.ndim != 2 or mask.shape[1] != shape[1] or mask.shape[0] not in (1, shape[0]):
        raise MetricInputError(
            "popular", f"has shape {np.shape(popular)}; expected ({shape[1]},) or the shape of y_true {shape}")
    return np.broadcast_to(mask, shape)


def personalized_at_k(y_true, y_score=None, *, popular=None, k=None, ties="average"):
    """Personalized at k of each query: success@k once the popular documents are taken out of the ranking.

    ``Pers@k = [exists i <= k: rel'_i > 0]`` over the ranking with the popular documents removed (the
    others keep their order, and the top k is cut from what remains): a hit counts only when a relevant
    document that is not popular is recommended. ``popular`` is a boolean mask of the documents, one row
    for every query (n_docs,) or one per query (the shape of y_true); None (default) means nothing is
    popular, and then it equals success_at_k. k is clipped to the documents left; a query whose documents
    are all popular scores 0 (nothing left to recommend). Range [0, 1]. Undefined cases: none. Under
    ``ties="average"`` it is the probability of a hit over the orders of tied documents. Source: seed 004
    (Raza & Ding 2020's table: "Personalized @ k ... without popular items", citing Garcin, Dimitrakakis &
    Faltings, "Personalized news recommendation with context trees", RecSys 2013, whose evaluation removes
    the most popular items from the recommendations before scoring success).
    """
    r = _rank(y_true, y_score, k, ties)  # validates y_true, y_score, k and ties
    grades = as_floats(y_true, "y_true", ndim=(1, 2))
    grades = grades[None, :] if grades.ndim == 1 else grades
    mask = _popular_mask(popular, grades.shape)
    if mask is None or not mask.any():
        return r.out(_hits(r))
    scores = None if y_score is None else np.broadcast_to(as_floats(y_score, "y_score", ndim=(1, 2)), grades.shape)
    if (mask == mask[:1]).all():  # one mask for every query: drop its columns at once
        keep = ~mask[0]
        if not keep.any():
            return r.out(np.zeros(grades.shape[0]))
        kept = _rank(grades[:, keep], None if scores is None else scores[:, keep],
                     None if k is None else min(k, int(keep.sum())), ties)
        return r.out(_hits(kept))
    values = np.zeros(grades.shape[0])
    for q in range(grades.shape[0]):
        keep = ~mask[q]
        if keep.any():
            values[q] = _hits(_rank(grades[q:q + 1, keep], None if scores is None else scores[q:q + 1, keep],
                                    None if k is None else min(k, int(keep.sum())), ties))[0]
    return r.out(values)


# ---------------------------------------------------------------- R-precision, fall-out, bpref


def _expected_relevant_before(r: _Ranking):
    """Expected number of relevant documents in the top i, for every i = 1..n (k must be n)."""
    return np.cumsum(r.group_mean(r.relevant()), axis=1)


def r_precision(y_true, y_score=None, *, ties="average", no_relevant="zero"):
    """R-precision: the precision at rank R, R the number of relevant documents of the query.

    ``RPrec = (1/R) sum_{i<=R} [rel_i > 0]``, which is also the recall at R.
    Range [0, 1]. No cutoff: R sets it. Undefined (0/0) for a query without
    relevant documents: ``no_relevant``. Under ``ties="average"`` the count is
    its expectation over the orders of tied documents (P@R averaged as
    precision_at_k averages it). Source: Manning, Raghavan & Schuetze,
    Introduction to IR, section 8.4 ("R-precision"); trec_eval's ``Rprec``.
    """
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    r = _rank(y_true, y_score, None, ties)
    total = r.relevant().sum(axis=1)
    at_r = np.maximum(total.astype(np.int64) - 1, 0)
    found = _expected_relevant_before(r)[np.arange(r.n_queries), at_r]
    return r.out(_undefined(_safe_divide(found, total), total == 0, no_relevant))


def fall_out_at_k(y_true, y_score=None, *, k=None, ties="average", no_nonrelevant="zero"):
    """Fall-out at k: the fraction of all non-relevant documents that are in the top k.

    ``FO@k = sum_{i<=k} [rel_i <= 0] / sum_i [rel_i <= 0]`` (the false positive
    rate of retrieving the top k). Range [0, 1], lower is better. Undefined
    (0/0) for a query whose documents are all relevant: ``no_nonrelevant``
    ("zero" default, "nan", "raise"). Source: Salton & McGill, Introduction to
    Modern Information Retrieval (1983), "fallout"; Introduction to IR,
    section 8.4 (false positive rate); torchmetrics ``retrieval_fall_out``.
    """
    check_choice(no_nonrelevant, "no_nonrelevant", NO_RELEVANT)
    r = _rank(y_true, y_score, k, ties)
    total = r.n_docs - r.relevant().sum(axis=1)
    retrieved = r.k - _relevant_in_top_k(r)
    values = _safe_divide(retrieved, total)
    return r.out(_undefined(values, total == 0, no_nonrelevant, lacking="non-relevant", option="no_nonrelevant"))


BPREF_DENOMINATORS = ("min", "relevant")


def bpref(y_true, y_score=None, *, denominator="min", ties="average", no_relevant="zero"):
    """bpref: how rarely judged non-relevant documents are ranked above the relevant ones.

    ``bpref = (1/R) sum_{r relevant} (1 - min(n_r, R) / D)``, R the relevant
    and N the non-relevant documents of the query, n_r the non-relevant
    documents ranked above r. Every document given is judged (grade > 0
    relevant, else non-relevant) and ranked; there is no cutoff. The
    ``denominator`` D is where the literature disagrees:

    * ``"min"`` (default): D = min(R, N), trec_eval's ``bpref`` (and ranx's),
      which keeps every term in [0, 1] when N < R; a term is 1 when N = 0;
    * ``"relevant"``: D = R, the formula as printed by Buckley & Voorhees
      (SIGIR 2004, section 4: "1 - |n ranked higher than r| / R"), where n
      is among the first R judged non-relevant documents (hence min(n_r, R)).

    Both agree when N >= R. Range [0, 1]. Undefined (0/0) for a query without
    relevant documents: ``no_relevant``. Under ``ties="average"`` each term is
    its expectation over the orders of tied documents: a relevant document
    tied with b non-relevant ones has a uniform number (0..b) of them above
    it. Source: Buckley & Voorhees, "Retrieval evaluation with incomplete
    information", SIGIR 2004; trec_eval ``bpref`` (m_bpref.c).
    """
    check_choice(denominator, "denominator", BPREF_DENOMINATORS)
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    r = _rank(y_true, y_score, None, ties)
    rel = r.relevant()
    nonrel = 1.0 - rel
    total, negatives = rel.sum(axis=1), nonrel.sum(axis=1)
    above = r.before_group(nonrel)  # non-relevant documents in the groups before each position
    tied = r.group_sum(nonrel) if r.tied else np.zeros_like(above)  # non-relevant ones in its own group
    cap = total[:, None]
    # mean over u = 0..tied of min(above + u, R): the first `below` terms are under the cap
    below = np.clip(cap - above, 0, tied + 1)
    capped_sum = below * above + below * (below - 1) / 2 + (tied + 1 - below) * cap
    scale = np.broadcast_to((np.minimum(total, negatives) if denominator == "min" else total)[:, None], above.shape)
    penalty = _safe_divide(capped_sum / (tied + 1), scale)  # N = 0: nothing above, every term is 1
    values = _safe_divide(((1.0 - penalty) * rel).sum(axis=1), total)
    return r.out(_undefined(values, total == 0, no_relevant))


# ---------------------------------------------------------------- expected reciprocal rank

#: tie rules of expected_reciprocal_rank: its average over the orders of tied documents has no closed form
ERR_TIES = ("pessimistic", "optimistic", "first")


def expected_reciprocal_rank(y_true, y_score=None, *, k=None, max_grade=4, ties="pessimistic"):
    """Expected reciprocal rank at k (cascade model, graded relevance).

    ``ERR@k = sum_{r<=k} (1/r) R_r prod_{i<r} (1 - R_i)`` with the stopping
    probability ``R_i = (2^g_i - 1) / 2^max_grade`` of a document of grade
    g_i: a user reads down the list and stops at rank r with probability R_r.
    ``max_grade`` is the top of the grading scale (Chapelle et al. use 4, the
    0..4 scale of their editorial grades; it must be stated, the values depend
    on it); grades must lie in [0, max_grade]. Range [0, 1 - 2^-max_grade];
    0 when nothing in the top k has a grade above 0. Undefined cases: none.
    ``ties``: "pessimistic" (default: tied documents by increasing grade, so a
    tie never helps), "optimistic" or "first"; "average" is refused, as the
    expectation over the orders of tied documents is a sum over every order
    (the product couples the positions). Source: Chapelle, Metzler, Zhang &
    Grinspan, "Expected reciprocal rank for graded relevance", CIKM 2009,
    section 4 (equations 2 and 4).
    """
    check_choice(ties, "ties", ERR_TIES)
    if isinstance(max_grade, bool) or not isinstance(max_grade, (int, float, np.integer, np.floating)):
        raise MetricInputError("max_grade", f"must be a positive number, got {max_grade!r}")
    if not 0 < max_grade <= _MAX_EXPONENTIAL_GRADE:
        raise MetricInputError("max_grade", f"must be in (0, 1023], got {max_grade!r}")
    r = _rank(y_true, y_score, k, ties)
    if (r.grades < 0).any():
        raise MetricInputError("y_true", "negative grades are not allowed (ERR's gain is 2^g - 1)")
    if (r.grades > max_grade).any():
        raise MetricInputError("y_true", f"has grades above max_grade={max_grade}")
    stop = np.exp2(r.grades[:, : r.k] - float(max_grade)) - np.exp2(-float(max_grade))
    reached = np.ones_like(stop)
    np.cumprod(1.0 - stop[:, :-1], axis=1, out=reached[:, 1:])
    return r.out((stop * reached) @ (1.0 / np.arange(1, r.k + 1, dtype=np.float64)))


# ---------------------------------------------------------------- rank-biased precision


def _check_persistence(p) -> float:
    if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, float, np.integer, np.floating)):
        raise MetricInputError("p", f"expected a persistence in [0, 1), got {p!r}")
    p = float(p)
    if not 0.0 <= p < 1.0:  # NaN fails too
        raise MetricInputError("p", f"must lie in [0, 1), got {p!r}")
    return p


def rank_biased_precision(y_true, y_score=None, *, p=0.8, k=None, ties="average", residual=False):
    """Rank-biased precision at depth k: the expected rate of relevant documents seen by a user who reads the
    list down, going on from each document to the next with probability ``p`` (the persistence).

    ``RBP@k = (1 - p) sum_{i<=k} rel_i p^(i-1)`` with ``rel_i`` 1 when the document at rank i is relevant (grade
    > 0), else 0 (Moffat & Zobel's binary relevance); ``k=None`` is the whole list. ``residual=True`` returns the
    residual instead: the most the documents past depth k could add, ``(1 - p) sum_{i>k} p^(i-1) = p^k``
    (every ranked document of the array is judged, so only the unseen tail is uncertain): the RBP of any
    continuation of the ranking lies in ``[RBP@k, RBP@k + p^k]``. ``p=0.8`` is a patient user, 0.5 an impatient
    one, 0.95 a very persistent one (Moffat & Zobel's three); the expected number of documents read is
    ``1 / (1 - p)``. Range [0, 1 - p^k] (every one of the top k relevant); RBP + residual <= 1. Undefined cases:
    none (a query with nothing relevant has RBP 0); ``p`` outside [0, 1) (or NaN) is refused: at p = 1 every
    value is 0. Under ``ties="average"`` each rank holds the share of relevant documents of its tie group (the
    expectation over the orders of tied documents; the weights are linear in the relevance). Source: Moffat &
    Zobel, "Rank-biased precision for measurement of retrieval effectiveness", ACM TOIS 27(1), 2008, section 4
    (equation of RBP and its residual).
    """
    p = _check_persistence(p)
    if not isinstance(residual, (bool, np.bool_)):
        raise MetricInputError("residual", f"expected True or False, got {residual!r}")
    r = _rank(y_true, y_score, k, ties)
    if residual:
        return r.out(np.full(r.n_queries, p ** r.k))
    return r.out(r.group_mean(r.relevant())[:, : r.k] @ _persistence_weights(p, r.k))


def _persistence_weights(p: float, k: int) -> np.ndarray:
    """(1 - p) p^(i-1) for i = 1..k, as exp((i - 1) ln p): a tenth of the time of p ** arange at 1e6 ranks, within
    a few ulps of it (the relative error of (i - 1) ln p, ~1e-11 at rank 1e6)."""
    if p == 0.0:
        weights = np.zeros(k)
        weights[0] = 1.0
        return weights
    return (1.0 - p) * np.exp(np.arange(k, dtype=np.float64) * math.log(p))


# ---------------------------------------------------------------- recommender ranking accuracy


def average_reciprocal_hit_rate(y_true, y_score=None, *, k=None, ties="average", sample_weight=None):
    """Average reciprocal hit rate at k: every hit in the top k weighted by 1 / its rank, summed per query, averaged.

    ``ARHR@k = (1/N) sum_q sum_{i<=k, rel_qi > 0} 1/i``. Range [0, H_k]
    (H_k = 1 + 1/2 + ... + 1/k, every one of the top k a hit); in [0, 1]
    and equal to MRR@k when each query has exactly one relevant document
    (one held-out item per user, the leave-one-out protocol of its source).
    Undefined cases: none. Under ``ties="average"`` each rank's hit is its
    expectation over the orders of tied documents. Source: Deshpande &
    Karypis, "Item-based top-N recommendation algorithms", ACM TOIS 2004,
    section 5.1; seed 004 (Raza & Ding 2020's table: "Average Reciprocal
    Hit-rate").
    """
    r = _rank(y_true, y_score, k, ties)
    hits = r.group_mean(r.relevant())[:, : r.k]
    return _mean_over_queries(hits @ (1.0 / np.arange(1, r.k + 1, dtype=np.float64)), sample_weight)


#: the percentile of rank i among n documents: Hu et al. do not pin the denominator, and both forms are in use
PERCENTILES = ("over_n_minus_1", "over_n")


def expected_percentile_rank(y_true, y_score=None, *, percentile="over_n_minus_1", ties="average",
                             no_relevant="zero"):
    """Expected percentile rank of each query: where its relevant documents sit in the ranking, weighted by grade.

    ``rank = sum_i r_i pct_i / sum_i r_i`` with r_i >= 0 the grade of the
    document at rank i (Hu et al.'s observed preference, e.g. watching time)
    and ``pct_i`` the percentile of rank i among the n documents of the query.
    Hu et al. define it only as 0% at the top and 100% at the bottom of the
    list, and two denominators are in use, named by ``percentile``:

    * ``"over_n_minus_1"`` (default): ``pct_i = (i - 1) / (n - 1)``, which
      runs from 0 at the top to exactly 1 at the bottom, as Hu et al.'s
      "rank_ui = 100%" for the least preferred item (0 when n = 1); a list
      read bottom up scores 1 - rank;
    * ``"over_n"``: ``pct_i = (i - 1) / n``, RecPack's PercentileRanking
      (|I| the items), in [0, (n - 1) / n]; a list read bottom up scores
      (n - 1) / n - rank.

    Range [0, 1], lower is better; a random ranking has expectation 0.5
    (``"over_n_minus_1"``) or (n - 1) / (2n) (``"over_n"``). Undefined (0/0)
    when every grade is 0: ``no_relevant``. Negative grades are refused (the
    weights of a mean). Under ``ties="average"`` a tied document has the mean
    percentile of its tie group. This is the per-query value; Hu et al. pool
    the sums over all users before dividing. Source: Hu, Koren & Volinsky,
    "Collaborative filtering for implicit feedback datasets", ICDM 2008,
    section 6 (equation 7); seed 004 (Raza & Ding 2020's table: "Rank");
    RecPack 0.3.6, ``recpack.metrics.PercentileRanking`` (the ``"over_n"`` form).
    """
    check_choice(percentile, "percentile", PERCENTILES)
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    r = _rank(y_true, y_score, None, ties)
    if (r.grades < 0).any():
        raise MetricInputError("y_true", "negative grades are not allowed (they weight a mean of percentiles)")
    n = r.n_docs
    places = np.arange(n, dtype=np.float64)[None, :] if not r.tied else (r.start + r.end) / 2.0
    span = n if percentile == "over_n" else n - 1
    percentile_of = places / span if span > 0 else np.zeros_like(places)
    total = r.grades.sum(axis=1)
    values = _safe_divide((r.grades * percentile_of).sum(axis=1), total)
    return r.out(_undefined(values, total == 0, no_relevant))


# ---------------------------------------------------------------- the mapping form (qrels and runs)

#: the catalog names that take the mapping form (metrics/_runs.py)
MAPPING_FORM = ("precision_at_k", "recall_at_k", "average_precision_at_k", "mean_average_precision",
                "reciprocal_rank", "mean_reciprocal_rank", "hit_rate_at_k", "success_at_k", "ndcg_at_k",
                "r_precision")


def _no_relevant_value(no_relevant):
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    if no_relevant == "raise":
        raise MetricInputError("y_true", "a query has no relevant document (no_relevant='raise')")
    return 0.0 if no_relevant == "zero" else math.nan


def _at_clipped_k(array_form):
    """One query of the mapping form by ``array_form``: its run, extended below by its judged documents not
    retrieved, at k clipped to the run."""

    def evaluate(grades, scores, missing, k=None, **kw):
        g, s = _runs.extended(grades, scores, missing)
        return array_form(g, s, k=_runs.clipped_k(k, grades.size), **kw)

    return evaluate


def _runs_ndcg(grades, scores, missing, k=None, gain="linear", ties="average", no_relevant="zero"):
    cut = _runs.clipped_k(k, grades.size)
    judged = np.concatenate([grades, missing])
    ideal = dcg_at_k(-np.sort(-judged), None, k=None if k is None else min(k, judged.size), gain=gain)
    if not ideal > 0:
        return _no_relevant_value(no_relevant)
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    return dcg_at_k(grades, scores, k=cut, gain=gain, ties=ties) / ideal


def _runs_r_precision(grades, scores, missing, ties="average", no_relevant="zero"):
    relevant = int((grades > 0).sum() + (missing > 0).sum())
    if relevant == 0:
        return _no_relevant_value(no_relevant)
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    top = min(relevant, grades.size)
    return precision_at_k(grades, scores, k=top, ties=ties) * top / relevant


def _takes_runs(array_form, evaluate, *, mean=False):
    """``array_form``, taking the mapping form too: a per-query metric returns query id -> value, a mean the mean
    of its per-query values over the queries ``judged_not_run`` counts."""

    @functools.wraps(array_form)
    def metric(y_true, y_score=None, **kw):
        if not (_runs.is_mapping_form(y_true) or _runs.is_mapping_form(y_score)):
            return array_form(y_true, y_score, **kw)
        judged_not_run = kw.pop("judged_not_run", "drop") if mean else "drop"
        if kw.pop("sample_weight", None) is not None:
            raise MetricInputError("sample_weight", "not taken in the mapping form (qrels and runs)")
        values = _runs.per_query(functools.partial(evaluate, **kw), y_true, y_score, judged_not_run=judged_not_run)
        return float(np.mean(list(values.values()))) if mean else values

    return metric


precision_at_k = _takes_runs(precision_at_k, _at_clipped_k(precision_at_k))
recall_at_k = _takes_runs(recall_at_k, _at_clipped_k(recall_at_k))
average_precision_at_k = _takes_runs(average_precision_at_k, _at_clipped_k(average_precision_at_k))
mean_average_precision = _takes_runs(mean_average_precision, _at_clipped_k(average_precision_at_k.__wrapped__),
                                     mean=True)
reciprocal_rank = _takes_runs(reciprocal_rank, _at_clipped_k(reciprocal_rank))
mean_reciprocal_rank = _takes_runs(mean_reciprocal_rank, _at_clipped_k(reciprocal_rank.__wrapped__), mean=True)
success_at_k = _takes_runs(success_at_k, _at_clipped_k(success_at_k))
hit_rate_at_k = _takes_runs(hit_rate_at_k, _at_clipped_k(success_at_k.__wrapped__), mean=True)
ndcg_at_k = _takes_runs(ndcg_at_k, _runs_ndcg)
r_precision = _takes_runs(r_precision, _runs_r_precision)
