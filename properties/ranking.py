"""The ranking spec: P@k, R@k, AP@k/MAP, RR/MRR, hit rate, DCG/NDCG.

Inputs are batches of queries: ``grades`` (n_queries x n_docs relevance
grades) and, in the score form, ``scores`` of the same shape. Strategies draw
tiny batches that reach the edges: one document, one query, nothing relevant,
everything relevant, all scores tied, float32 scores.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from .capabilities import Capability
from .checks import expect, expect_close, expect_in_range, expect_le, expect_printed, expect_refusal
from .engine import registry

#: examples per conformance property: the inputs are tiny (<= 4 queries x 8
#: documents, grades 0..3), so 30 examples cover them well, and the family also
#: runs against ranx, whose every call builds numba-typed Qrels and Run objects
EXAMPLES = 30


registry.family_examples("ranking", EXAMPLES)
register, prop = registry.register, registry.prop


from .engine.targets import reference

PER_QUERY = (
    "precision_at_k",
    "recall_at_k",
    "average_precision_at_k",
    "reciprocal_rank",
    "dcg_at_k",
    "ndcg_at_k",
)
MEANS = ("mean_average_precision", "mean_reciprocal_rank", "hit_rate_at_k")
ALL = PER_QUERY + MEANS
#: metrics whose value lies in [0, 1] (everything but DCG)
UNIT_RANGE = tuple(m for m in ALL if m != "dcg_at_k")
#: metrics with a 0/0 case for queries without relevant documents
WITH_NO_RELEVANT = ("recall_at_k", "average_precision_at_k", "mean_average_precision", "ndcg_at_k")

_UNDEFINED_NO_RELEVANT = (
    "query with no relevant document (0/0): no_relevant='zero' (default) -> 0, 'nan' -> NaN, "
    "'raise' -> MetricInputError"
)
_ALWAYS_DEFINED = "always defined (0 when nothing relevant is in the top k)"

CAPABILITIES = {
    "precision_at_k": Capability((0.0, 1.0), False, "relevance grades (+ scores)", _ALWAYS_DEFINED),
    "recall_at_k": Capability((0.0, 1.0), False, "relevance grades (+ scores)", _UNDEFINED_NO_RELEVANT),
    "average_precision_at_k": Capability(
        (0.0, 1.0), False, "relevance grades (+ scores)", _UNDEFINED_NO_RELEVANT
    ),
    "mean_average_precision": Capability(
        (0.0, 1.0), False, "relevance grades (+ scores)", _UNDEFINED_NO_RELEVANT, sample_weight=True
    ),
    "reciprocal_rank": Capability((0.0, 1.0), False, "relevance grades (+ scores)", _ALWAYS_DEFINED),
    "mean_reciprocal_rank": Capability(
        (0.0, 1.0), False, "relevance grades (+ scores)", _ALWAYS_DEFINED, sample_weight=True
    ),
    "hit_rate_at_k": Capability(
        (0.0, 1.0), False, "relevance grades (+ scores)", _ALWAYS_DEFINED, sample_weight=True
    ),
    "dcg_at_k": Capability(
        (None, None),
        False,
        "relevance grades (+ scores)",
        "always defined; [0, inf) for non-negative grades, negative grades allowed with linear gain",
    ),
    "ndcg_at_k": Capability(
        (None, 1.0),
        False,
        "relevance grades (+ scores)",
        "ideal DCG <= 0 (nothing relevant, or only negative grades): no_relevant policy; "
        "in [0, 1] for non-negative grades, can be negative with negative grades",
    ),
}

# ------------------------------------------------------------------ strategies


@st.composite
def batches(
    draw,
    *,
    min_docs=2,
    max_docs=6,
    max_queries=3,
    min_queries=1,
    grades=st.integers(0, 3),
    scored=True,
    ties=True,
):
    """(grades, scores or None, k): a batch of queries with the same number of documents.

    At least two documents by default: one-document queries have their own
    properties (``single_document_query[...]``), as scikit-learn refuses them.
    Scores are small integers (so ties are frequent) mapped through one drawn
    positive scale (tiny to huge magnitudes) and optionally cast to float32:
    few draws per example keeps shrinking fast.
    """
    n_queries = draw(st.integers(min_queries, max_queries))
    n_docs = draw(st.integers(min_docs, max_docs))
    shape = (n_queries, n_docs)
    size = n_queries * n_docs
    y = np.array(draw(st.lists(grades, min_size=size, max_size=size)), dtype=float).reshape(shape)
    scores = None
    if scored:
        if ties:
            levels = draw(st.lists(st.integers(0, 4), min_size=size, max_size=size))
        else:
            levels = draw(st.permutations(range(size)))
        scale = draw(st.sampled_from([1.0, 0.25, 1e-30, 1e30]))
        scores = (np.array(levels, dtype=float) * scale).reshape(shape)
        if draw(st.booleans()):
            scores = scores.astype(np.float32)
    k = draw(st.none() | st.integers(1, n_docs + 1))
    return y, scores, k


def _args(ex):
    y, s, k = ex
    return (y, s) if s is not None else (y,)


def _rows(value):
    return np.atleast_1d(np.asarray(value, dtype=float))


# ------------------------------------------------------------------ bounds and NaN


for _m in UNIT_RANGE:

    def _bounds(t, ex, m=_m):
        y, s, k = ex
        expect_in_range(getattr(t, m)(*_args(ex), k=k), 0.0, 1.0, what=m)

    register(
        f"bounds[{_m}]",
        f"{_m} lies in [0, 1] for non-negative grades, with tied scores, under the default policies",
        kind="bound",
        needs=(_m, f"{_m}:k"),
        check=_bounds,
        strategy=batches(),
    )


@prop(
    "bounds[dcg_at_k]",
    "dcg_at_k lies in [0, IDCG] for non-negative grades: never negative, never above the ideal order's DCG",
    kind="bound",
    needs=("dcg_at_k", "dcg_at_k:k"),
    strategy=batches(),
)
def _dcg_bounds(t, ex):
    y, s, k = ex
    dcg = _rows(t.dcg_at_k(*_args(ex), k=k))
    ideal = _rows(t.dcg_at_k(-np.sort(-y, axis=1), k=k))
    expect_le(np.zeros_like(dcg), dcg, what="0 <= DCG")
    expect_le(dcg, ideal * (1 + 1e-12), what="DCG <= IDCG", tol=1e-9)


for _m in WITH_NO_RELEVANT:

    def _no_nan(t, ex, m=_m):
        value = _rows(getattr(t, m)(*_args(ex), k=ex[2]))
        expect(not np.isnan(value).any(), f"{m} returned NaN outside its documented undefined cases: {value}")

    register(
        f"no_nan[{_m}]",
        f"{_m} never returns NaN under the default no_relevant policy, even for queries with nothing relevant",
        kind="undefined",
        needs=(_m, f"{_m}:k"),
        check=_no_nan,
        strategy=batches(grades=st.sampled_from([0.0, 0.0, 0.0, 1.0, 2.0])),
    )

    def _policy(t, ex, m=_m):
        y, s, k = ex
        y = np.zeros_like(y)
        args = (y, s) if s is not None else (y,)
        zero = _rows(getattr(t, m)(*args, k=k, no_relevant="zero"))
        expect_close(zero, np.zeros_like(zero), what="no_relevant='zero'")
        nan = _rows(getattr(t, m)(*args, k=k, no_relevant="nan"))
        expect(np.isnan(nan).all(), f"no_relevant='nan' should give NaN, got {nan}")
        expect_refusal(lambda: getattr(t, m)(*args, k=k, no_relevant="raise"), "y_true")

    register(
        f"undefined_no_relevant[{_m}]",
        f"{_m} on queries with nothing relevant follows no_relevant: 'zero' -> 0, 'nan' -> NaN, 'raise' -> error",
        kind="undefined",
        needs=(_m, f"{_m}:k", f"{_m}:no_relevant"),
        check=_policy,
        strategy=batches(),
    )


def _single_document_expected(m, y):
    """The closed form of each metric on one-document queries (grades >= 0)."""
    hit = (y[:, 0] > 0).astype(float)
    if m == "dcg_at_k":
        return y[:, 0]  # gain(rel) / log2(2), linear gain
    if m in MEANS:
        return np.mean(hit)
    return hit  # P@1, R@1, AP@1, RR, NDCG@1 are 1 for a relevant document, else 0


for _m in ALL:

    def _single_document(t, ex, m=_m):
        y, s, k = ex
        value = getattr(t, m)(*_args(ex), k=k)
        expect_close(value if m in MEANS else _rows(value), _single_document_expected(m, y), what=m)

    register(
        f"single_document_query[{_m}]",
        f"{_m} on one-document queries: 1 (or the grade, for DCG) if the document is relevant, else 0",
        kind="identity",
        needs=(_m, f"{_m}:k"),
        check=_single_document,
        strategy=batches(min_docs=1, max_docs=1),
    )


# ------------------------------------------------------------------ NDCG and DCG


@prop(
    "ideal_order_is_one[ndcg_at_k]",
    "NDCG of the ideal ordering (grades sorted descending, or scores equal to the grades) is 1",
    kind="identity",
    needs=("ndcg_at_k", "ndcg_at_k:k"),
    strategy=batches(scored=False, grades=st.integers(0, 4)),
)
def _ideal_is_one(t, ex):
    y, _, k = ex
    y = np.hstack([y, np.ones((y.shape[0], 1))])  # at least one relevant document per query
    ideal = -np.sort(-y, axis=1)
    one = np.ones(y.shape[0])
    expect_close(_rows(t.ndcg_at_k(ideal, k=k)), one, rtol=1e-12, what="NDCG of the ideal ranked list")
    expect_close(_rows(t.ndcg_at_k(y, y, k=k)), one, rtol=1e-12, what="NDCG with scores = grades")


for _m in ("dcg_at_k", "ndcg_at_k"):

    def _binary_gains(t, ex, m=_m):
        lin = _rows(getattr(t, m)(*_args(ex), k=ex[2], gain="linear"))
        exp = _rows(getattr(t, m)(*_args(ex), k=ex[2], gain="exponential"))
        # rel and 2^rel - 1 are the same numbers for rel in {0, 1}: identical algebra
        expect_close(lin, exp, rtol=1e-12, what="linear vs exponential gain")

    register(
        f"binary_gains_agree[{_m}]",
        f"with binary grades, {_m} is the same under linear and exponential gain",
        kind="relation",
        needs=(_m, f"{_m}:k", f"{_m}:gain"),
        check=_binary_gains,
        strategy=batches(grades=st.integers(0, 1)),
    )

    def _swap_up(t, ex, m=_m):
        y, _, k = ex
        y = y[:1]
        n = y.shape[1]
        # the first pair (i < j) where the later document is more relevant
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n) if y[0, j] > y[0, i]]
        if not pairs:
            return
        i, j = pairs[len(pairs) // 2]
        swapped = y.copy()
        swapped[0, [i, j]] = swapped[0, [j, i]]
        before = _rows(getattr(t, m)(y, k=k))
        after = _rows(getattr(t, m)(swapped, k=k))
        expect_le(before, after, what=f"{m} before vs after moving the more relevant document up", tol=1e-12)

    register(
        f"swap_up_never_lowers[{_m}]",
        f"swapping a more relevant document above a less relevant one never lowers {_m}",
        kind="direction",
        needs=(_m, f"{_m}:k"),
        check=_swap_up,
        strategy=batches(scored=False, min_docs=2, grades=st.integers(0, 4)),
    )


@prop(
    "linear_gain_scale_invariance[ndcg_at_k]",
    "with linear gain, NDCG is unchanged when every grade is multiplied by the same positive constant",
    kind="invariance",
    needs=("ndcg_at_k", "ndcg_at_k:k", "ndcg_at_k:gain"),
    # integer factors keep the grades integers, which IR libraries such as ranx require
    strategy=st.tuples(batches(), st.sampled_from([2, 3, 10, 1000])),
)
def _scale(t, ex):
    (y, s, k), c = ex
    args = (y, s) if s is not None else (y,)
    scaled = (c * y, s) if s is not None else (c * y,)
    expect_close(
        _rows(t.ndcg_at_k(*scaled, k=k, gain="linear")),
        _rows(t.ndcg_at_k(*args, k=k, gain="linear")),
        rtol=1e-9,  # scaling changes rounding of the sums only
        what=f"NDCG after scaling grades by {c}",
    )


# ------------------------------------------------------------------ P@k, RR, AP


@prop(
    "times_k_counts_relevant[precision_at_k]",
    "P@k * k equals the number of relevant documents in the top k of a ranked list",
    kind="relation",
    needs=("precision_at_k", "precision_at_k:k"),
    strategy=batches(scored=False),
    defines=("precision_at_k",),
)
def _p_times_k(t, ex):
    y, _, k = ex
    k = y.shape[1] if k is None else min(k, y.shape[1])
    counted = (y[:, :k] > 0).sum(axis=1)
    expect_close(_rows(t.precision_at_k(y, k=k)) * k, counted, rtol=1e-12, what="P@k * k")


@prop(
    "equals_ap_with_one_relevant[reciprocal_rank]",
    "when exactly one document is relevant, reciprocal rank equals average precision",
    kind="relation",
    needs=("reciprocal_rank", "reciprocal_rank:k", "average_precision_at_k", "average_precision_at_k:k"),
    strategy=st.tuples(batches(grades=st.just(0)), st.data()),
)
def _rr_is_ap(t, ex):
    (y, s, k), data = ex
    y = y.copy()
    for q in range(y.shape[0]):
        y[q, data.draw(st.integers(0, y.shape[1] - 1))] = data.draw(st.sampled_from([1.0, 2.0]))
    args = (y, s) if s is not None else (y,)
    expect_close(
        _rows(t.reciprocal_rank(*args, k=k)),
        _rows(t.average_precision_at_k(*args, k=k)),
        rtol=1e-12,
        what="RR vs AP",
    )


_PER_QUERY_OF = {
    "mean_average_precision": "average_precision_at_k",
    "mean_reciprocal_rank": "reciprocal_rank",
    "hit_rate_at_k": "hit_rate_at_k",
}

for _mean, _single in _PER_QUERY_OF.items():

    def _is_mean(t, ex, mean=_mean, single=_single):
        y, s, k = ex
        whole = getattr(t, mean)(*_args(ex), k=k)
        per_query = [
            getattr(t, single)(*((y[q], s[q]) if s is not None else (y[q],)), k=k) for q in range(y.shape[0])
        ]
        expect_close(whole, np.mean(per_query), rtol=1e-12, what=f"{mean} vs mean of per-query {single}")

    register(
        f"mean_over_queries[{_mean}]",
        f"{_mean} is the arithmetic mean over queries of the per-query {_single}",
        kind="relation",
        needs=(_mean, f"{_mean}:k", _single, f"{_single}:k"),
        check=_is_mean,
        strategy=batches(),
    )

    def _query_order(t, ex, mean=_mean):
        y, s, k = ex
        rotation = np.roll(np.arange(y.shape[0]), -1)  # the first query moves to the end
        py, ps = y[rotation], (s[rotation] if s is not None else None)
        original = getattr(t, mean)(*_args(ex), k=k)
        permuted = getattr(t, mean)(*((py, ps) if ps is not None else (py,)), k=k)
        expect_close(permuted, original, rtol=1e-12, what=f"{mean} after reordering the queries")

    register(
        f"query_order_invariance[{_mean}]",
        f"{_mean} does not depend on the order of the queries",
        kind="invariance",
        needs=(_mean, f"{_mean}:k"),
        check=_query_order,
        # three or more queries, often without a hit: reordering them must matter to a wrong mean
        strategy=batches(min_queries=3, max_queries=4, grades=st.sampled_from([0, 0, 0, 1, 2])),
    )


# ------------------------------------------------------------------ definitions

#: tie-free rankings (ranked lists, or distinct scores) have one order, which the
#: formulas below read; ties='average' is pinned by the tie properties, and ranx
#: orders tied documents in an unspecified way
_tie_free_batches = st.one_of(batches(scored=False), batches(ties=False))


def _in_rank_order(ex):
    """Each query's grades in rank order, and k as the catalog reads it (None -> all, clipped to the list)."""
    y, s, k = ex
    ranked = y if s is None else np.take_along_axis(y, np.argsort(-s, axis=1), axis=1)
    return ranked, y.shape[1] if k is None else min(k, y.shape[1])


def _recall(rel, k):
    return rel[:k].sum() / rel.sum() if rel.any() else 0.0  # no_relevant='zero'


def _average_precision(rel, k):
    # denominator='total': every relevant document, retrieved or not
    precisions = [rel[:i].sum() / i for i in range(1, k + 1) if rel[i - 1]]
    return sum(precisions) / rel.sum() if rel.any() else 0.0


def _reciprocal_rank(rel, k):
    found = np.flatnonzero(rel[:k])
    return 1.0 / (found[0] + 1) if found.size else 0.0


def _hit(rel, k):
    return float(rel[:k].any())


_BINARY_DEFINITIONS = {
    "recall_at_k": (_recall, "R@k = (relevant documents in the top k) / (all relevant documents), 0 if none"),
    "average_precision_at_k": (
        _average_precision,
        "AP@k = sum over relevant ranks i <= k of P@i, divided by the number of relevant documents (0 if none)",
    ),
    "mean_average_precision": (
        _average_precision,
        "MAP@k = mean over queries of (sum of P@i over relevant ranks i <= k) / (relevant documents), 0 if none",
    ),
    "reciprocal_rank": (
        _reciprocal_rank,
        "RR@k = 1 / (rank of the first relevant document), 0 if none is in the top k",
    ),
    "mean_reciprocal_rank": (
        _reciprocal_rank,
        "MRR@k = mean over queries of 1 / (rank of the first relevant document in the top k), 0 for a miss",
    ),
    "hit_rate_at_k": (_hit, "HR@k = the fraction of queries with a relevant document in the top k"),
}

for _m, (_formula, _statement) in _BINARY_DEFINITIONS.items():

    def _binary_definition(t, ex, m=_m, formula=_formula):
        ranked, k = _in_rank_order(ex)
        expected = np.array([formula(row > 0, k) for row in ranked])
        value = getattr(t, m)(*_args(ex), k=ex[2])
        if m in MEANS:
            expect_close(value, expected.mean(), rtol=1e-9, what=m)
        else:
            expect_close(_rows(value), expected, rtol=1e-9, what=m)

    register(
        f"definition[{_m}]",
        f"on tie-free rankings, {_statement}",
        kind="relation",
        needs=(_m, f"{_m}:k"),
        check=_binary_definition,
        strategy=_tie_free_batches,
        defines=(_m,),
    )


def _dcg(grades, k, gain):
    gains = grades if gain == "linear" else 2.0**grades - 1.0
    return sum(gains[i - 1] / math.log2(i + 1) for i in range(1, k + 1))


@prop(
    "definition[dcg_at_k]",
    "on tie-free rankings, DCG@k = sum_{i<=k} gain(rel_i) / log2(i + 1), gain rel (linear) or 2^rel - 1 (exponential)",
    kind="relation",
    needs=("dcg_at_k", "dcg_at_k:k", "dcg_at_k:gain"),
    strategy=st.tuples(_tie_free_batches, st.sampled_from(["linear", "exponential"])),
    defines=("dcg_at_k",),
)
def _dcg_definition(t, ex):
    batch, gain = ex
    ranked, k = _in_rank_order(batch)
    expected = np.array([_dcg(row, k, gain) for row in ranked])
    expect_close(_rows(t.dcg_at_k(*_args(batch), k=batch[2], gain=gain)), expected, rtol=1e-9, what="DCG")


@prop(
    "definition[ndcg_at_k]",
    "on tie-free rankings, NDCG@k = DCG@k / DCG@k of the grades sorted descending (0 if that ideal DCG is 0)",
    kind="relation",
    needs=("ndcg_at_k", "ndcg_at_k:k", "ndcg_at_k:gain"),
    strategy=st.tuples(_tie_free_batches, st.sampled_from(["linear", "exponential"])),
    defines=("ndcg_at_k",),
)
def _ndcg_definition(t, ex):
    batch, gain = ex
    ranked, k = _in_rank_order(batch)
    dcg = np.array([_dcg(row, k, gain) for row in ranked])
    ideal = np.array([_dcg(row, k, gain) for row in -np.sort(-batch[0], axis=1)])
    expected = np.divide(dcg, ideal, out=np.zeros_like(dcg), where=ideal > 0)  # no_relevant='zero'
    expect_close(_rows(t.ndcg_at_k(*_args(batch), k=batch[2], gain=gain)), expected, rtol=1e-9, what="NDCG")


# ------------------------------------------------------------------ score form: documents, ties


for _m in ALL:

    def _doc_permutation(t, ex, m=_m):
        y, s, k = ex
        perm = np.random.default_rng(int(s.sum()) % 1000).permutation(y.shape[1])[::-1]
        expect_close(
            _rows(getattr(t, m)(y[:, perm], s[:, perm], k=k)),
            _rows(getattr(t, m)(y, s, k=k)),
            rtol=1e-12,
            what=f"{m} after permuting documents with their scores",
        )

    register(
        f"document_permutation_invariance[{_m}]",
        f"{_m} in the score form does not change when documents are permuted together with their distinct scores",
        kind="invariance",
        needs=(_m, f"{_m}:k"),
        check=_doc_permutation,
        # mostly irrelevant documents, so that where each one lands matters (hit rate included)
        strategy=batches(ties=False, grades=st.sampled_from([0, 0, 0, 1, 2])),
    )

    def _renaming(t, ex, m=_m):
        y, s, k = ex
        perm = np.arange(y.shape[1])[::-1]
        expect_close(
            _rows(getattr(t, m)(y[:, perm], s[:, perm], k=k, ties="average")),
            _rows(getattr(t, m)(y, s, k=k, ties="average")),
            rtol=1e-9,  # tie groups are summed in a different order
            what=f"{m} after renaming (reordering) documents with tied scores",
        )

    register(
        f"renaming_invariance_with_ties[{_m}]",
        f"under ties='average', {_m} does not depend on the names (input order) of tied documents",
        kind="invariance",
        needs=(_m, f"{_m}:k", f"{_m}:ties"),
        check=_renaming,
        strategy=batches(),
    )

    def _policy_order(t, ex, m=_m):
        y, s, k = ex
        low = _rows(getattr(t, m)(y, s, k=k, ties="pessimistic"))
        mid = _rows(getattr(t, m)(y, s, k=k, ties="average"))
        high = _rows(getattr(t, m)(y, s, k=k, ties="optimistic"))
        expect_le(low, mid, what="pessimistic <= average", tol=1e-9)
        expect_le(mid, high, what="average <= optimistic", tol=1e-9)

    register(
        f"tie_policy_order[{_m}]",
        f"{_m}: ties='pessimistic' <= ties='average' <= ties='optimistic'",
        kind="relation",
        needs=(_m, f"{_m}:k", f"{_m}:ties"),
        check=_policy_order,
        strategy=batches(),
    )


# ------------------------------------------------------------------ bad input


#: one valid batch that bad-input properties spoil in one way each: the checks
#: are about the refusal, not the values, so they run once on it
VALID_BATCH = (
    np.array([[2.0, 0.0, 1.0], [0.0, 1.0, 0.0]]),
    np.array([[0.5, 0.5, 0.1], [0.3, 0.2, 0.1]]),
    2,
)


def _once():
    return st.just(VALID_BATCH)


for _m in ALL:

    def _bad_k(t, ex, m=_m):
        y, s, _ = ex
        for bad in (0, -1):
            expect_refusal(lambda: getattr(t, m)(*_args(ex), k=bad), "k")

    register(
        f"refuses_k_below_one[{_m}]",
        f"{_m} refuses k < 1",
        kind="refusal",
        needs=(_m, f"{_m}:k"),
        check=_bad_k,
        strategy=_once(),
    )

    def _bad_scores(t, ex, m=_m):
        y, s, k = ex
        with_nan = s.astype(float)
        with_nan[0, 0] = np.nan
        expect_refusal(lambda: getattr(t, m)(y, with_nan, k=k), "y_score")
        expect_refusal(lambda: getattr(t, m)(y, s[:, :-1] if s.shape[1] > 1 else s[:, :0], k=k), "y_score")

    register(
        f"refuses_nan_or_mismatched_scores[{_m}]",
        f"{_m} refuses NaN scores and scores whose shape does not match the grades",
        kind="refusal",
        needs=(_m, f"{_m}:k"),
        check=_bad_scores,
        strategy=_once(),
    )

    def _bad_grades(t, ex, m=_m):
        y, s, k = ex
        expect_refusal(lambda: getattr(t, m)(y[:, :0]), "y_true")
        ragged = [list(y[0]) + [1.0], list(y[0])]
        expect_refusal(lambda: getattr(t, m)(ragged, k=k), "y_true")

    register(
        f"refuses_empty_or_ragged_queries[{_m}]",
        f"{_m} refuses queries with no documents and ragged batches (queries of different lengths)",
        kind="refusal",
        needs=(_m, f"{_m}:k"),
        check=_bad_grades,
        strategy=_once(),
    )

for _m in ("dcg_at_k", "ndcg_at_k"):

    def _negative_exponential(t, ex, m=_m):
        y, s, k = ex
        y = y.copy()
        y[0, 0] = -1.0
        expect_refusal(lambda: getattr(t, m)(*((y, s) if s is not None else (y,)), k=k, gain="exponential"), "y_true")

    register(
        f"refuses_negative_grades_exponential[{_m}]",
        f"{_m} refuses negative grades with gain='exponential' (2^rel - 1 is not a gain below 0)",
        kind="refusal",
        needs=(_m, f"{_m}:k", f"{_m}:gain"),
        check=_negative_exponential,
        strategy=_once(),
    )


# ------------------------------------------------------------------ agreement: scikit-learn


@prop(
    "agrees_with_sklearn[ndcg_at_k]",
    "ndcg_at_k (linear and exponential gain, tied scores averaged) agrees with sklearn.metrics.ndcg_score",
    kind="agreement",
    reference="sklearn",
    needs=("ndcg_at_k", "ndcg_at_k:k", "ndcg_at_k:gain", "ndcg_at_k:ties"),
    strategy=st.tuples(batches(min_docs=2), st.sampled_from(["linear", "exponential"])),
)
def _ndcg_sklearn(t, ex):
    (y, s, k), gain = ex
    s = y[:, ::-1].copy() if s is None else s
    ours = t.ndcg_at_k(y, s, k=k, gain=gain, ties="average")
    theirs = reference("sklearn").ndcg_at_k(y, s, k=k, gain=gain)
    # same algebra (tie-averaged DCG over the same discounts); summation order differs
    expect_close(ours, theirs, rtol=1e-9, atol=1e-12, what="NDCG vs sklearn")


@prop(
    "agrees_with_sklearn[dcg_at_k]",
    "dcg_at_k (tied scores averaged) agrees with sklearn.metrics.dcg_score",
    kind="agreement",
    reference="sklearn",
    needs=("dcg_at_k", "dcg_at_k:k", "dcg_at_k:ties"),
    strategy=batches(min_docs=2, grades=st.integers(-2, 5)),
)
def _dcg_sklearn(t, ex):
    y, s, k = ex
    s = y[:, ::-1].copy() if s is None else s
    ours = t.dcg_at_k(y, s, k=k, ties="average")
    theirs = reference("sklearn").dcg_at_k(y, s, k=k)
    expect_close(ours, theirs, rtol=1e-9, atol=1e-12, what="DCG vs sklearn")


@prop(
    "agrees_with_sklearn_lrap[mean_average_precision]",
    "without ties and with k = all documents, MAP (denominator 'total') equals sklearn's "
    "label_ranking_average_precision_score on queries with at least one relevant document",
    kind="agreement",
    reference="sklearn",
    needs=("mean_average_precision",),
    strategy=batches(ties=False, grades=st.integers(0, 2)),
)
def _map_lrap(t, ex):
    y, s, _ = ex
    y = np.hstack([y, np.ones((y.shape[0], 1))])  # every query has a relevant document
    s = np.hstack([s, np.full((s.shape[0], 1), -1.0)])
    ours = t.mean_average_precision(y, s)
    theirs = reference("sklearn").mean_average_precision(y, s)
    expect_close(ours, theirs, rtol=1e-9, what="MAP vs sklearn LRAP")


# ------------------------------------------------------------------ agreement: ranx

_RANX = {
    "precision_at_k": {},
    "recall_at_k": {},
    "mean_average_precision": {},
    "mean_reciprocal_rank": {},
    "hit_rate_at_k": {},
    "ndcg_at_k": {"gain": "linear"},
}

for _m, _kw in _RANX.items():

    def _ranx_agrees(t, ex, m=_m, kw=_kw):
        y, s, k = ex
        if s is None:
            s = np.arange(y.shape[1], 0, -1, dtype=float)[None, :].repeat(y.shape[0], axis=0)
        ours = getattr(t, m)(y, s, k=k, **kw)
        theirs = getattr(reference("ranx"), m)(y, s, k=k, **kw)
        # same algebra on tie-free rankings; ranx sums in another order
        expect_close(ours, theirs, rtol=1e-9, atol=1e-12, what=f"{m} vs ranx")

    register(
        f"agrees_with_ranx[{_m}]",
        f"{_m} agrees with ranx on tie-free rankings (ranx's order of tied documents is unspecified)",
        kind="agreement",
        reference="ranx",
        needs=(_m, f"{_m}:k", *(f"{_m}:{kw}" for kw in _kw)),
        check=_ranx_agrees,
        strategy=batches(ties=False),
        max_examples=15,  # every call builds ranx Qrels/Run objects: slow
    )


# ------------------------------------------------------------------ claims: seed 001

SEED_001 = "seed 001, section Ranking"
Q1 = [1, 0, 1, 0, 1]
Q2 = [0, 0, 1, 1, 0]


@prop(
    "claim.seed001.p_at_5",
    "the seed's two-query example: mean P@5 over q1 and q2 is 0.5",
    kind="claim",
    source=SEED_001,
    quote=r"P@5: $\frac{1}{2} \times (\frac{3}{5} + \frac{2}{5}) = 0.5$.",
    needs=("precision_at_k", "precision_at_k:k"),
)
def _seed001_p5(t, ex):
    expect_printed(np.mean(t.precision_at_k([Q1, Q2], k=5)), "0.5", what="mean P@5")


@prop(
    "claim.seed001.p_at_k_rows",
    "the seed's table of P@1..P@5 for q1 (1, 1/2, 2/3, 1/2, 3/5) and q2 (0, 0, 1/3, 1/2, 2/5)",
    kind="claim",
    source=SEED_001,
    quote="| P@$k$ for $q_1$ | 1    | 1/2  | 2/3  | 1/2  | 3/5  |",
    needs=("precision_at_k", "precision_at_k:k"),
)
def _seed001_rows(t, ex):
    printed = {0: [1, 1 / 2, 2 / 3, 1 / 2, 3 / 5], 1: [0, 0, 1 / 3, 1 / 2, 2 / 5]}
    for q, row in printed.items():
        got = [float(t.precision_at_k([Q1, Q2][q], k=k)) for k in range(1, 6)]
        expect_close(got, row, rtol=1e-12, what=f"P@1..5 of q{q + 1}")


for _q, _query, _printed, _quote in (
    (1, Q1, "0.756", r"$\frac{1}{3}\times (1 + \frac{2}{3} + \frac{3}{5}) = 0.756$"),
    (2, Q2, "0.417", r"$\frac{1}{2}\times (\frac{1}{3} + \frac{1}{2})=0.417$"),
):

    def _seed001_ap(t, ex, query=_query, printed=_printed):
        expect_printed(t.average_precision_at_k(query, k=5, denominator="retrieved"), printed, what="AP@5")

    register(
        f"claim.seed001.ap_at_5_q{_q}",
        f"AP@5 of q{_q} (denominator: relevant items in the top 5) is {_printed}",
        kind="claim",
        source=SEED_001,
        quote=_quote,
        needs=("average_precision_at_k", "average_precision_at_k:k", "average_precision_at_k:denominator"),
        check=_seed001_ap,
    )


@prop(
    "claim.seed001.map_at_5",
    "MAP@5 over q1 and q2 (denominator: relevant items in the top 5) is 0.587",
    kind="claim",
    source=SEED_001,
    quote=r"MAP@5: $\frac{1}{2} \times (0.756 + 0.417)=0.587$",
    needs=("mean_average_precision", "mean_average_precision:k", "mean_average_precision:denominator"),
)
def _seed001_map(t, ex):
    expect_printed(t.mean_average_precision([Q1, Q2], k=5, denominator="retrieved"), "0.587", what="MAP@5")


@prop(
    "claim.seed001.dcg_idcg_at_5",
    "the seed's DCG@5 and IDCG@5 expressions for q1 and q2 are the DCG of the lists and of their ideal orders",
    kind="claim",
    source=SEED_001,
    quote=r"$1 + \frac{1}{\log _ 2 4}+\frac{1}{\log_2 6}$ | $1+\frac{1}{\log _ 2 3}+\frac{1}{\log _ 2 4}$",
    needs=("dcg_at_k", "dcg_at_k:k"),
)
def _seed001_dcg(t, ex):
    lg = math.log2
    expect_close(t.dcg_at_k(Q1, k=5), 1 + 1 / lg(4) + 1 / lg(6), what="DCG@5 q1")
    expect_close(t.dcg_at_k(sorted(Q1, reverse=True), k=5), 1 + 1 / lg(3) + 1 / lg(4), what="IDCG@5 q1")
    expect_close(t.dcg_at_k(Q2, k=5), 1 / lg(4) + 1 / lg(5), what="DCG@5 q2")
    expect_close(t.dcg_at_k(sorted(Q2, reverse=True), k=5), 1 + 1 / lg(3), what="IDCG@5 q2")


@prop(
    "claim.seed001.mrr_definition",
    "MRR is the mean over queries of 1 / (rank of the first relevant item)",
    kind="claim",
    source=SEED_001,
    quote=r"$\frac{1}{N} \sum _ {i=1}^N \frac{1}{r _ i}$  | $r$ is the first relevant item for each query.",
    needs=("mean_reciprocal_rank",),
    strategy=batches(scored=False, grades=st.integers(0, 1)).filter(lambda ex: (ex[0] > 0).any(axis=1).all()),
)
def _seed001_mrr(t, ex):
    y = ex[0]
    first = np.argmax(y > 0, axis=1) + 1
    expect_close(t.mean_reciprocal_rank(y), np.mean(1.0 / first), rtol=1e-12, what="MRR")


# ------------------------------------------------------------------ claims: seed 004

SEED_004_DCG = "seed 004, section Discounted Cumulative Gain (DCG)"
SEED_004_NDCG = "seed 004, section Normalized Discounted Cumulative Gain (NDCG)"
SET_A = [2, 3, 3, 1, 2]
SET_B = [3, 3, 2, 2, 1]


for _name, _list, _printed in (("a", SET_A, "6.64"), ("b", SET_B, "7.14")):

    def _seed004_dcg(t, ex, ranked=_list, printed=_printed):
        expect_printed(t.dcg_at_k(ranked, gain="linear"), printed, what="DCG (first expression)")

    register(
        f"claim.seed004.dcg_set_{_name.lower()}",
        f"DCG (linear gain) of set {_name.upper()} = {_list} is about {_printed}",
        kind="claim",
        source=SEED_004_DCG,
        quote=r"\approx 6.64" if _name == "a" else r"\approx 7.14",
        needs=("dcg_at_k", "dcg_at_k:gain"),
        check=_seed004_dcg,
    )


@prop(
    "claim.seed004.dcg_a_below_b",
    "DCG of set A = [2, 3, 3, 1, 2] is below DCG of set B = [3, 3, 2, 2, 1]",
    kind="claim",
    source=SEED_004_DCG,
    quote=r"DCG_A &< DCG_B",
    needs=("dcg_at_k",),
)
def _seed004_a_below_b(t, ex):
    expect(t.dcg_at_k(SET_A) < t.dcg_at_k(SET_B), "DCG_A is not below DCG_B")


@prop(
    "claim.seed004.ndcg_example",
    "NDCG of the order [2, 3, 3, 1, 2] (linear gain) is about 0.93",
    kind="claim",
    source=SEED_004_NDCG,
    quote=r"NDCG = \frac{DCG}{iDCG} = \frac{6.64}{7.14} \approx 0.93",
    needs=("ndcg_at_k", "ndcg_at_k:gain"),
)
def _seed004_ndcg(t, ex):
    expect_printed(t.ndcg_at_k(SET_A, gain="linear"), "0.93", what="NDCG")


@prop(
    "claim.seed004.binary_gains_agree",
    "with binary grades, DCG and NDCG are the same under the linear and the exponential gain",
    kind="claim",
    source=SEED_004_DCG,
    quote="If the relevance scores are binary, i.e. either 0 or 1, DCG and NDCG yield the same result.",
    needs=("dcg_at_k", "ndcg_at_k", "dcg_at_k:gain", "ndcg_at_k:gain"),
    strategy=batches(grades=st.integers(0, 1)),
)
def _seed004_binary(t, ex):
    for m in ("dcg_at_k", "ndcg_at_k"):
        lin = _rows(getattr(t, m)(*_args(ex), gain="linear"))
        exp = _rows(getattr(t, m)(*_args(ex), gain="exponential"))
        expect_close(lin, exp, rtol=1e-12, what=f"{m}: linear vs exponential gain")


@prop(
    "claim.seed004.ndcg_in_unit_interval",
    "NDCG lies in [0, 1] for any grades, including the negative grades the seed itself suggests",
    kind="claim",
    source=SEED_004_NDCG,
    quote="This ratio will always be in the range [0, 1].",
    needs=("ndcg_at_k",),
    strategy=batches(scored=False, grades=st.integers(-2, 3)),
)
def _seed004_unit(t, ex):
    expect_in_range(t.ndcg_at_k(*_args(ex)), 0.0, 1.0, what="NDCG")


@prop(
    "claim.seed004.irrelevant_not_penalized",
    "appending irrelevant (grade 0) documents at the end of a ranked list does not change its NDCG",
    kind="claim",
    source=SEED_004_NDCG,
    quote="NDCG does not penalize irrelevant search results.",
    needs=("ndcg_at_k",),
    strategy=st.tuples(batches(scored=False), st.integers(1, 4)),
)
def _seed004_irrelevant(t, ex):
    (y, _, _), extra = ex
    padded = np.hstack([y, np.zeros((y.shape[0], extra))])
    expect_close(_rows(t.ndcg_at_k(padded)), _rows(t.ndcg_at_k(y)), rtol=1e-12, what="NDCG after appending zeros")
