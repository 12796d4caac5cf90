"""Ranking metrics: P@k, R@k, AP@k and MAP, RR and MRR, hit rate, DCG and NDCG.

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
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import gammaln

from ._validation import as_floats, check_choice, check_int_at_least, check_sample_weight
from .errors import MetricInputError

__all__ = [
    "precision_at_k",
    "recall_at_k",
    "average_precision_at_k",
    "mean_average_precision",
    "reciprocal_rank",
    "mean_reciprocal_rank",
    "hit_rate_at_k",
    "dcg_at_k",
    "ndcg_at_k",
]

TIES = ("average", "optimistic", "pessimistic", "first")
NO_RELEVANT = ("zero", "nan", "raise")
GAINS = ("linear", "exponential")
AP_DENOMINATORS = ("total", "min", "retrieved")

#: 2**1024 overflows float64
_MAX_EXPONENTIAL_GRADE = 1023.0


class _Ranking:
    """One batch of queries in ranked order, with the tie groups of the top k positions.

    ``grades`` has shape (n_queries, n_docs), in rank order; ``start`` and
    ``end`` have shape (n_queries, k): where the tie group of each of the top k
    positions starts and ends (0-based, inclusive; a group may end beyond k).
    Without ties (ranked lists, or a deterministic tie policy) they are None
    and every group has size 1. Group statistics are returned for the top k
    positions when tied, for every position otherwise: callers slice [:, :k].
    """

    def __init__(self, grades, group_start, group_end, single, k):
        self.grades = grades  # grades in ranked order (within a tie group: any order)
        self.start = group_start  # 0-based position where the group of this position starts
        self.end = group_end  # 0-based position where it ends (inclusive)
        self.single = single  # the input was 1-D
        self.k = k
        self.n_queries, self.n_docs = grades.shape
        self.tied = group_start is not None

    # group sums of a per-position quantity x, broadcast back to positions
    def group_sum(self, x):
        if not self.tied:
            return x
        c = np.zeros((x.shape[0], x.shape[1] + 1))
        np.cumsum(x, axis=1, out=c[:, 1:])
        return np.take_along_axis(c, self.end + 1, axis=1) - np.take_along_axis(c, self.start, axis=1)

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
        return np.take_along_axis(c, self.start, axis=1)

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
        return _Ranking(grades, None, None, single, k)
    scores = as_floats(y_score, "y_score", ndim=(1, 2))
    if single:
        scores = scores[None, :] if scores.ndim == 1 else scores
    if scores.shape != grades.shape:
        raise MetricInputError(
            "y_score", f"has shape {np.shape(y_score)} but y_true has shape {np.shape(y_true)}; they must match"
        )
    if ties == "first":
        order = np.argsort(-scores, axis=1, kind="stable")
    elif ties in ("optimistic", "pessimistic"):
        second = -grades if ties == "optimistic" else grades
        order = np.lexsort((second, -scores), axis=1)
    else:
        # the order inside a tie group does not matter when averaging: no stable sort needed
        order = np.argsort(-scores, axis=1)
    ranked_grades = np.take_along_axis(grades, order, axis=1)
    if ties != "average":
        return _Ranking(ranked_grades, None, None, single, k)
    # Tie groups of the top k positions only: where each starts, and where it
    # ends, the last group possibly beyond k (it ends with the last document
    # scoring as high as the one at rank k).
    top_scores = np.take_along_axis(scores, order[:, :k], axis=1)
    new_group = np.ones_like(top_scores, dtype=bool)
    new_group[:, 1:] = top_scores[:, 1:] != top_scores[:, :-1]
    cut_group_end = (scores >= top_scores[:, -1:]).sum(axis=1) - 1
    if new_group.all() and (cut_group_end == k - 1).all():
        return _Ranking(ranked_grades, None, None, single, k)
    positions = np.broadcast_to(np.arange(k), top_scores.shape)
    start = np.maximum.accumulate(np.where(new_group, positions, 0), axis=1)
    last = np.zeros_like(new_group)
    last[:, :-1] = new_group[:, 1:]
    ends = np.where(last, positions, cut_group_end[:, None])
    end = np.minimum.accumulate(ends[:, ::-1], axis=1)[:, ::-1]
    return _Ranking(ranked_grades, start, np.ascontiguousarray(end), single, k)


def _none_relevant(size, relevant, drawn):
    """P(no relevant document among ``drawn`` taken at random from a tie group).

    Hypergeometric: C(size - relevant, drawn) / C(size, drawn), via log-gamma so
    that large groups neither overflow nor pay scipy.stats' per-call overhead.
    """
    misses = size - relevant
    possible = drawn <= misses
    safe = np.where(possible, misses - drawn, 0)
    log_p = gammaln(misses + 1) - gammaln(safe + 1) - gammaln(size + 1) + gammaln(size - drawn + 1)
    return np.where(possible, np.exp(log_p), 0.0)


def _discounts(n: int) -> np.ndarray:
    return 1.0 / np.log2(np.arange(2, n + 2, dtype=np.float64))


def _undefined(values, undefined_mask, no_relevant):
    """Apply the ``no_relevant`` policy where a query has nothing relevant."""
    if not undefined_mask.any():
        return values
    if no_relevant == "raise":
        first = int(np.flatnonzero(undefined_mask)[0])
        raise MetricInputError("y_true", f"query {first} has no relevant document (no_relevant='raise')")
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


def hit_rate_at_k(y_true, y_score=None, *, k=None, ties="average", sample_weight=None):
    """Hit rate at k: the fraction of queries with at least one relevant document in the top k.

    ``HR@k = (1/N) sum_q [exists i <= k: rel_qi > 0]``. Range [0, 1].
    Undefined cases: none (a query with nothing relevant counts as a miss).
    Under ``ties="average"`` the indicator is the probability of a hit over the
    orders of the tie group cut by rank k (hypergeometric).
    Source: seed 004 ("Binary Hit rate").
    """
    r = _rank(y_true, y_score, k, ties)
    rel = r.relevant()
    if not r.tied:
        hits = (rel[:, : r.k].sum(axis=1) > 0).astype(np.float64)
    else:
        at_k = r.k - 1
        s = r.start[:, at_k]
        g = r.end[:, at_k] - s + 1
        in_group = r.group_sum(rel)[:, at_k]
        before = r.before_group(rel)[:, at_k]
        taken = r.k - s
        miss = _none_relevant(g, in_group, taken)
        hits = np.where(before > 0, 1.0, 1.0 - miss)
    return _mean_over_queries(hits, sample_weight)


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


def mean_reciprocal_rank(y_true, y_score=None, *, k=None, ties="average", sample_weight=None):
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
    ranks = np.arange(1, r.k + 1, dtype=np.float64)
    g = (r.end - r.start + 1).astype(np.float64)
    in_group = r.group_sum(rel)
    before = r.before_group(rel)
    j = np.arange(1, r.k + 1) - r.start
    pair = _safe_divide(in_group * (in_group - 1), g * (g - 1))
    expected = in_group / g * (before + 1) + (j - 1) * pair
    return expected / ranks


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
):
    """Mean average precision: ``MAP@k = (1/N) sum_q AP@k_q`` (see average_precision_at_k).

    Range [0, 1]. Undefined: queries with nothing relevant follow
    ``no_relevant`` (so the mean is NaN under "nan"). Source: seed 001 ("MAP@k").
    """
    check_choice(denominator, "denominator", AP_DENOMINATORS)
    check_choice(no_relevant, "no_relevant", NO_RELEVANT)
    r = _rank(y_true, y_score, k, ties)
    return _mean_over_queries(_average_precision(r, denominator, no_relevant), sample_weight)


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


def _dcg(r: _Ranking, gains):
    return r.group_mean(gains)[:, : r.k] @ _discounts(r.k)


def dcg_at_k(y_true, y_score=None, *, k=None, gain="linear", ties="average"):
    """Discounted cumulative gain at k: ``DCG@k = sum_{i<=k} gain(rel_i) / log2(i + 1)``.

    gain(rel) = rel (``"linear"``, Jarvelin & Kekalainen 2002) or 2^rel - 1
    (``"exponential"``, Burges et al. 2005; grades must be >= 0). Range
    [0, inf) for non-negative grades; linear gain accepts negative grades.
    Undefined cases: none. Source: seed 004 ("Discounted Cumulative Gain"),
    seed 001.
    """
    r = _rank(y_true, y_score, k, ties)
    return r.out(_dcg(r, _gains(r.grades, gain)))


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
    ideal = _top_k_descending(gains, r.k) @ _discounts(r.k)
    values = _safe_divide(_dcg(r, gains), np.where(ideal > 0, ideal, 0.0))
    return r.out(_undefined(values, ~(ideal > 0), no_relevant))
