"""The ranking spec: P@k, R@k, AP@k/MAP, RR/MRR, hit rate, DCG/NDCG, R-precision, fall-out, bpref, ERR.

Inputs are batches of queries: ``grades`` (n_queries x n_docs relevance
grades) and, in the score form, ``scores`` of the same shape
(``properties/inputs/ranked_lists.py``). Strategies draw tiny batches that
reach the edges: one document, one query, nothing relevant, everything
relevant, all scores tied, float32 scores.

Bounds, permutation, duplication, weight, perfect-ranking and bad-input
properties are generic (``properties/generic.py``): for the per-query metrics
a sample is a document (permuted with its score), for MAP, MRR and hit rate a
query. What stays here is specific to ranking: the cutoff k, ties, the
no_relevant and gain options, definitions, agreements and claims.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math

import numpy as np
from hypothesis import reject, strategies as st

from .capabilities import COUNT, POSITIVE, Capability, declare_parameters
from .checks import expect, expect_close, expect_in_range, expect_le, expect_printed, expect_refusal
from properties.engine.vocabulary import precision, registry
from .inputs import cycled_edges, edges_of, mapped_edges, one_of_with_edges, options, tuples_with_edges, with_edges
from .inputs.ranked_lists import (DOCUMENTS, LEAVE_ONE_OUT_QUERIES, QUERIES, SPARSE_GRADES, WHOLE_LISTS, batch_edges,
                                  batches, leave_one_out_batches, positional)

#: examples per conformance property: the inputs are tiny (<= 4 queries x 8
#: documents, grades 0..3), so 30 examples cover them well, and the family also
#: runs against ranx, whose every call builds numba-typed Qrels and Run objects
EXAMPLES = 30


registry.family_examples("ranking", EXAMPLES)
register, prop = registry.register, registry.prop


# ------------------------------------------------------------------ the batch edge cases, for each kind of draw


def _one_relevant(ex):
    """The batch with one relevant document per query: its first of highest grade (grade 1 at least), else the
    last document."""
    y, s, k = ex
    out = np.zeros_like(y)
    for q in range(y.shape[0]):
        j = int(np.argmax(y[q])) if y[q].max() > 0 else y.shape[1] - 1
        out[q, j] = max(y[q, j], 1.0)
    return out, s, k


#: batches() (scored, tied): the shape's edge cases as they are
_BATCHES = with_edges(batches(), batch_edges())
#: batches(scored=False): the same grades as ranked lists
_RANKED_LISTS = with_edges(batches(scored=False), mapped_edges(batch_edges(), lambda ex: (ex[0], None, ex[2]),
                                                               "_ranked_list"))
#: batches(grades in {0, 1}): the grades capped at 1
_BINARY_BATCHES = with_edges(batches(grades=st.integers(0, 1)),
                             mapped_edges(batch_edges(), lambda ex: (np.minimum(ex[0], 1.0), ex[1], ex[2]), "_binary"))
#: batches(ties=False): the edge cases without tied scores in any query
_TIE_FREE_SCORED = with_edges(batches(ties=False), tuple(
    (name, ex) for name, ex in batch_edges()
    if all(len(set(row)) == len(row) for row in np.asarray(ex[1]).tolist())))
#: one relevant document per query (leave-one-out): each batch edge case kept to its best document per query
_ONE_RELEVANT_BATCHES = with_edges(leave_one_out_batches(max_queries=3),
                                   mapped_edges(batch_edges(), _one_relevant, "_one_relevant"))


from metrics import ranking as metrics_ranking

from properties.engine.vocabulary import findings
from properties.engine.vocabulary.conventions import CATALOG_TIE_RULE, TIE_RULES
from properties.engine.vocabulary.declared import declared_tie_rule
from properties.engine.target.references import reference

PER_QUERY = ("precision_at_k", "recall_at_k", "average_precision_at_k", "average_recall_at_k", "reciprocal_rank",
             "dcg_at_k", "ndcg_at_k")
MEANS = ("mean_average_precision", "mean_average_recall", "mean_reciprocal_rank", "hit_rate_at_k")
ALL = PER_QUERY + MEANS
#: the retrieval metrics of issue 33: per query; R-precision and bpref have no cutoff (R sets it, or none)
RETRIEVAL = ("r_precision", "fall_out_at_k", "bpref", "expected_reciprocal_rank")
#: the ranking-accuracy metrics of seed 004's recommender table (issue 33)
RECOMMENDER = ("success_at_k", "average_reciprocal_hit_rate", "expected_percentile_rank")
#: the formula metrics of seed 004's table still missing after issue 33's first items: cumulative rating (CG@k)
#: and personalized@k; per query, with a cutoff, averaged over tied documents
SEED004_FORMULAS = ("cumulative_gain_at_k", "personalized_at_k")
WITHOUT_CUTOFF = ("r_precision", "bpref", "expected_percentile_rank")
#: lower is better: the tie policies order them the other way round
LOWER_IS_BETTER = ("fall_out_at_k", "expected_percentile_rank")
#: expected_percentile_rank's named variants (metrics.ranking.PERCENTILES): variant -> its keywords; the default
#: percentile (i - 1) / (n - 1) first, then RecPack's (i - 1) / n
PERCENTILE_VARIANTS = {"over_n_minus_1": {}, "over_n": {"percentile": "over_n"}}
PERCENTILE_FORMS = tuple(PERCENTILE_VARIANTS.values())
#: the metrics that average over the orders of tied documents (ties="average", the default)
TIE_AVERAGED = ALL + ("r_precision", "fall_out_at_k", "bpref") + RECOMMENDER + SEED004_FORMULAS
#: metrics with a 0/0 case for queries without relevant documents
WITH_NO_RELEVANT = ("recall_at_k", "average_precision_at_k", "mean_average_precision", "average_recall_at_k",
                    "mean_average_recall", "ndcg_at_k", "r_precision", "bpref", "expected_percentile_rank")

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
    "average_recall_at_k": Capability((0.0, 1.0), False, "relevance grades (+ scores)", _UNDEFINED_NO_RELEVANT),
    "mean_average_recall": Capability(
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
    "r_precision": Capability((0.0, 1.0), False, "relevance grades (+ scores)", _UNDEFINED_NO_RELEVANT),
    "fall_out_at_k": Capability(
        (0.0, 1.0), False, "relevance grades (+ scores)",
        "query whose documents are all relevant (0/0): no_nonrelevant='zero' (default) -> 0, 'nan' -> NaN, "
        "'raise' -> MetricInputError", higher_is_better=False,
    ),
    "bpref": Capability((0.0, 1.0), False, "relevance grades (+ scores)", _UNDEFINED_NO_RELEVANT),
    "expected_reciprocal_rank": Capability(
        (0.0, 1.0), False, "relevance grades in [0, max_grade] (+ scores)",
        "always defined (0 when nothing in the top k has a grade above 0)",
    ),
    "rank_biased_precision": Capability(
        (0.0, 1.0), False, "relevance grades (+ scores)",
        "always defined (0 when nothing relevant is in the top k); [0, 1 - p^k]; a persistence p outside [0, 1) "
        "is refused",
    ),
    "success_at_k": Capability((0.0, 1.0), False, "relevance grades (+ scores)", _ALWAYS_DEFINED),
    "average_reciprocal_hit_rate": Capability(
        (0.0, None), False, "relevance grades (+ scores)", "always defined (0 when no query has a hit in the top k)",
        sample_weight=True,
    ),
    "expected_percentile_rank": Capability(
        (0.0, 1.0), False, "non-negative relevance grades (+ scores)",
        "every grade 0 (0/0): no_relevant policy; a one-document query has percentile 0", higher_is_better=False,
    ),
    "cumulative_gain_at_k": Capability(
        (None, None), False, "relevance grades (+ scores)",
        "always defined; [0, k * max grade] for non-negative grades, negative grades summed as given",
    ),
    "personalized_at_k": Capability(
        (0.0, 1.0), False, "relevance grades (+ scores) and a boolean mask of the popular documents",
        "always defined (0 when no relevant document outside the popular ones is in the top k, or every document "
        "is popular)",
    ),
}


#: duplicating every document changes which documents fill the top k (P@k with a
#: fixed k, RR, DCG ...): only the mean metrics, whose samples are queries, are duplication-invariant
_PER_DOCUMENT = dict(inputs=DOCUMENTS, not_generic=("duplication_invariance",))

#: how the generic properties evaluate each metric (properties/generic.py)
_GENERIC = {
    **{m: dict(_PER_DOCUMENT, best=1.0) for m in PER_QUERY},
    # unbounded, no best value: DCG's own bounds (0 <= DCG <= ideal DCG) are below
    "dcg_at_k": _PER_DOCUMENT,
    # the declared range (-inf, 1] allows the negative values of negative grades: NDCG's own
    # bounds below check the tighter [0, 1] on the non-negative grades the spec draws
    "ndcg_at_k": dict(_PER_DOCUMENT, best=1.0, not_generic=("duplication_invariance", "bounds")),
    **{m: dict(inputs=QUERIES, best=1.0) for m in MEANS},
    "r_precision": dict(_PER_DOCUMENT, inputs=WHOLE_LISTS, best=1.0),
    "bpref": dict(_PER_DOCUMENT, inputs=WHOLE_LISTS, best=1.0),
    "fall_out_at_k": dict(_PER_DOCUMENT, best=0.0),
    # no best value: even a perfect list stops the user at rank 1 with probability 1 - 2^-max_grade at most
    "expected_reciprocal_rank": _PER_DOCUMENT,
    # no best value: a perfect list of one relevant document scores 1 - p; the three persistences of Moffat & Zobel
    "rank_biased_precision": dict(_PER_DOCUMENT, forms=({}, {"p": 0.5}, {"p": 0.95})),
    "success_at_k": dict(_PER_DOCUMENT, best=1.0),
    # no best value: a perfect list of several relevant documents still places some below the top. Its inputs draw
    # the leave-one-out protocol too: its source's, and the domain of the libraries audited through their RR
    "average_reciprocal_hit_rate": dict(inputs=LEAVE_ONE_OUT_QUERIES),
    # every generic law holds for both percentiles; a library computing only one is refused under it
    "expected_percentile_rank": dict(_PER_DOCUMENT, inputs=WHOLE_LISTS, forms=PERCENTILE_FORMS,
                                     refusal_fallbacks=PERCENTILE_FORMS[1:]),
    # unbounded, no best value, like DCG: its own bounds (0 <= CG <= ideal CG) are below
    "cumulative_gain_at_k": _PER_DOCUMENT,
    "personalized_at_k": dict(_PER_DOCUMENT, best=1.0),
}
CAPABILITIES = {m: dataclasses.replace(cap, **_GENERIC[m]) for m, cap in CAPABILITIES.items()}
declare_parameters(CAPABILITIES, {
    **{m: {"k": COUNT} for m, cap in CAPABILITIES.items() if "k" in cap.inputs.call_keywords},
    "expected_reciprocal_rank": {"k": COUNT, "max_grade": POSITIVE},
})


def _rows(value):
    return np.atleast_1d(np.asarray(value, dtype=float))


def _needs(*metrics, options=("k",)) -> tuple[str, ...]:
    """Each metric, followed by the keyword ``options`` it must accept (no ``k`` for the metrics without one)."""
    return tuple(need for m in metrics for need in (m, *(f"{m}:{option}" for option in options
                                                         if option != "k" or m not in WITHOUT_CUTOFF)))


def _cut(m, k) -> dict:
    """The cutoff keyword of metric m: ``{"k": k}``, or nothing for R-precision and bpref."""
    return {} if m in WITHOUT_CUTOFF else {"k": k}


def _percentile_variants(name, statement, kind, strategy, *, options=(), defines=False, default=True):
    """Decorator: register ``<name>[expected_percentile_rank]`` (unless ``default`` is False: registered with the
    other metrics) and ``<name>[expected_percentile_rank:<variant>]`` for each other named percentile
    (:data:`PERCENTILE_VARIANTS`), checked by ``check(t, ex, m=..., form=the variant's keywords)``. ``statement``
    is a string with ``{m}`` for the metric, or a dict variant -> statement where the law's numbers differ; the
    property needs the variant's keywords and ``options``."""
    m = "expected_percentile_rank"

    def decorate(check):
        for variant, form in PERCENTILE_VARIANTS.items():
            if not form and not default:
                continue
            label = m + (f" ({findings.form_part(form)})" if form else "")
            text = statement[variant] if isinstance(statement, dict) else statement.replace("{m}", label)
            register(f"{name}[{m}{f':{variant}' if form else ''}]", text, kind=kind,
                     needs=(m, *(f"{m}:{key}" for key in (*form, *options))),
                     check=functools.partial(check, m=m, form=form), strategy=strategy, defines=(m,) if defines else ())
        return check

    return decorate


def _each(name, metrics, statement, kind, strategy, *, options=("k",), also=(), **extra):
    """Decorator: register ``<name>[m]`` for every metric m, checked by ``check(t, ex, m=m)``.

    ``{m}`` in ``statement`` stands for the metric; the property needs m (and the
    metrics ``also``) with the keyword ``options``.
    """

    def decorate(check):
        for m in metrics:
            register(f"{name}[{m}]", statement.replace("{m}", m), kind=kind, needs=_needs(m, *also, options=options),
                     check=functools.partial(check, m=m), strategy=strategy, **extra)
        return check

    return decorate


def _gains_agree(t, m, ex, **kw):
    # rel and 2^rel - 1 are the same numbers for rel in {0, 1}: identical algebra
    lin = _rows(getattr(t, m)(*positional(ex), gain="linear", **kw))
    exp = _rows(getattr(t, m)(*positional(ex), gain="exponential", **kw))
    expect_close(lin, exp, rtol=1e-12, what=f"{m}: linear vs exponential gain")


# ------------------------------------------------------------------ bounds and NaN (generic: properties/generic.py)


def _ideal_dcg(t, y, k):
    return _rows(t.dcg_at_k(-np.sort(-y, axis=1), k=k)) * (1 + 1e-12)


#: DCG and NDCG for non-negative grades: (range, its upper end, slack at that end)
_GAIN_BOUNDS = {
    "dcg_at_k": ("[0, IDCG] for non-negative grades: never negative, never above the ideal order's DCG",
                 _ideal_dcg, 1e-9),
    "ndcg_at_k": ("[0, 1] for non-negative grades, with tied scores, under the default policies",
                  lambda t, y, k: 1.0, 1e-12),
}

def _ideal_cg(t, y, k):
    """The sum of the k largest grades of each query, from the grades (not from the target)."""
    return -np.sort(-y, axis=1)[:, : y.shape[1] if k is None else k].sum(axis=1) * (1 + 1e-12)


_GAIN_BOUNDS["cumulative_gain_at_k"] = (
    "[0, ICG] for non-negative grades: never negative, never above the sum of the k largest grades", _ideal_cg, 1e-9)

for _m, (_range, _upper, _slack) in _GAIN_BOUNDS.items():

    @_each("bounds", (_m,), f"{{m}} lies in {_range}", "bound", batches())
    def _bounds(t, ex, m, upper=_upper, slack=_slack):
        y, s, k = ex
        value = _rows(getattr(t, m)(*positional(ex), k=k))
        expect_le(np.zeros_like(value), value, what=f"0 <= {m}")
        expect_le(value, upper(t, y, k), what=f"{m} <= its upper bound", tol=slack)


@_each("no_nan", WITH_NO_RELEVANT,
       "{m} never returns NaN under the default no_relevant policy, even for queries with nothing relevant",
       "undefined", batches(grades=st.sampled_from([0.0, 0.0, 0.0, 1.0, 2.0])))
def _no_nan(t, ex, m, form=None):
    value = _rows(getattr(t, m)(*positional(ex), **_cut(m, ex[2]), **(form or {})))
    expect(not np.isnan(value).any(), f"{m} returned NaN outside its documented undefined cases: {value}")


_percentile_variants("no_nan", "{m} never returns NaN under the default no_relevant policy, even for queries with "
                     "nothing relevant", "undefined", batches(grades=st.sampled_from([0.0, 0.0, 0.0, 1.0, 2.0])),
                     default=False)(_no_nan)


@_each("undefined_no_relevant", WITH_NO_RELEVANT,
       "{m} on queries with nothing relevant follows no_relevant: 'zero' -> 0, 'nan' -> NaN, 'raise' -> error",
       "undefined", batches(), options=("k", "no_relevant"))
@_each("undefined_no_nonrelevant", ("fall_out_at_k",),
       "{m} on queries whose documents are all relevant follows no_nonrelevant: 'zero' -> 0, 'nan' -> NaN, "
       "'raise' -> error", "undefined", batches(), options=("k", "no_nonrelevant"))
def _policy(t, ex, m):
    y, s, k = ex
    option = "no_nonrelevant" if m == "fall_out_at_k" else "no_relevant"
    # nothing relevant; for fall-out, nothing non-relevant
    args = positional((np.ones_like(y) if m == "fall_out_at_k" else np.zeros_like(y), s))
    zero = _rows(getattr(t, m)(*args, **_cut(m, k), **{option: "zero"}))
    expect_close(zero, np.zeros_like(zero), what=f"{option}='zero'")
    nan = _rows(getattr(t, m)(*args, **_cut(m, k), **{option: "nan"}))
    expect(np.isnan(nan).all(), f"{option}='nan' should give NaN, got {nan}")
    expect_refusal(lambda: getattr(t, m)(*args, **_cut(m, k), **{option: "raise"}), "y_true")


def _single_document_expected(m, y):
    """The closed form of each metric on one-document queries (grades >= 0)."""
    hit = (y[:, 0] > 0).astype(float)
    if m in ("dcg_at_k", "cumulative_gain_at_k"):
        return y[:, 0]  # gain(rel) / log2(2), linear gain; CG: the grade itself
    if m == "fall_out_at_k":
        return 1.0 - hit  # the one document is the only non-relevant one, or there is none (0/0 -> 0)
    if m == "expected_reciprocal_rank":
        return (2.0 ** y[:, 0] - 1.0) / 2.0**4  # the stopping probability at rank 1, max_grade=4
    if m == "expected_percentile_rank":
        return np.zeros_like(hit)  # the only document is at percentile 0 (0/0 -> 0 when its grade is 0)
    if m == "average_reciprocal_hit_rate":
        return np.mean(hit)
    if m in MEANS:
        return np.mean(hit)
    return hit  # P@1, R@1, AP@1, RR, NDCG@1 are 1 for a relevant document, else 0


@_each("single_document_query", ALL + RETRIEVAL + RECOMMENDER + SEED004_FORMULAS,
       "{m} on one-document queries: 1 (or the grade, for DCG) if the document is relevant, else 0 (fall-out: "
       "the reverse; ERR: the stopping probability (2^g - 1) / 2^4 of the grade g; percentile rank: 0)",
       "identity", batches(min_docs=1, max_docs=1))
def _single_document(t, ex, m, form=None):
    value = getattr(t, m)(*positional(ex), **_cut(m, ex[2]), **(form or {}))
    mean = m in MEANS or m == "average_reciprocal_hit_rate"
    expect_close(value if mean else _rows(value), _single_document_expected(m, ex[0]), what=m)


_percentile_variants("single_document_query", "{m} on one-document queries: percentile 0, whatever the grade",
                     "identity", batches(min_docs=1, max_docs=1), default=False)(_single_document)


# ------------------------------------------------------------------ NDCG and DCG

GAIN_METRICS = ("dcg_at_k", "ndcg_at_k")


@_each("binary_gains_agree", GAIN_METRICS, "with binary grades, {m} is the same under linear and exponential gain",
       "relation", _BINARY_BATCHES, options=("k", "gain"))
def _binary_gains(t, ex, m):
    _gains_agree(t, m, ex, k=ex[2])


@_each("swap_up_never_lowers", GAIN_METRICS + ("expected_reciprocal_rank", "rank_biased_precision"),
       "swapping a more relevant document above a less relevant one never lowers {m}",
       "direction", batches(scored=False, min_docs=2, grades=st.integers(0, 4)))
def _swap_up(t, ex, m):
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


@_each("linear_gain_scale_invariance", ("ndcg_at_k",),
       "with linear gain, NDCG is unchanged when every grade is multiplied by the same positive constant",
       # integer factors keep the grades integers, which IR libraries such as ranx require
       "invariance", st.tuples(batches(), st.sampled_from([2, 3, 10, 1000])), options=("k", "gain"))
def _scale(t, ex, m):
    (y, s, k), c = ex
    base = _rows(getattr(t, m)(*positional((y, s)), k=k, gain="linear"))
    # grades the target's precision cannot keep apart once scaled: no finding
    precision.require_order_kept(t, y, c * y, f"{m}: grades scaled by {c}")
    expect_close(
        _rows(getattr(t, m)(*positional((c * y, s)), k=k, gain="linear")), base,
        rtol=1e-9,  # scaling changes rounding of the sums only
        what=f"NDCG after scaling grades by {c}",
    )


# ------------------------------------------------------------------ P@k, RR, AP


@_each("times_k_counts_relevant", ("precision_at_k",),
       "P@k * k equals the number of relevant documents in the top k of a ranked list",
       "relation", _RANKED_LISTS, defines=("precision_at_k",))
def _p_times_k(t, ex, m):
    y, _, k = ex
    k = y.shape[1] if k is None else min(k, y.shape[1])
    counted = (y[:, :k] > 0).sum(axis=1)
    expect_close(_rows(getattr(t, m)(y, k=k)) * k, counted, rtol=1e-12, what="P@k * k")


def _one_relevant_per_query(ex):
    """(positional arguments, k) of a batch with one relevant document per query."""
    y, s, k = ex
    return positional((y, s)), k


@_each("equals_ap_with_one_relevant", ("reciprocal_rank",),
       "when exactly one document is relevant, reciprocal rank equals average precision",
       "relation", _ONE_RELEVANT_BATCHES, also=("average_precision_at_k",))
def _rr_is_ap(t, ex, m):
    args, k = _one_relevant_per_query(ex)
    expect_close(_rows(getattr(t, m)(*args, k=k)), _rows(t.average_precision_at_k(*args, k=k)),
                 rtol=1e-12, what="RR vs AP")


_AP_OF = {"average_recall_at_k": "average_precision_at_k", "mean_average_recall": "mean_average_precision"}

for _recall_name, _ap_name in _AP_OF.items():

    def _recall_is_ap(t, ex, m=_recall_name, ap=_ap_name):
        y, s, k = ex
        expect_close(_rows(getattr(t, m)(*positional(ex), k=k)),
                     _rows(getattr(t, ap)(*positional(ex), k=k, denominator="total")),
                     rtol=1e-12, what=f"{m} vs {ap}(denominator='total')")

    register(f"is_average_precision_over_all_relevant[{_recall_name}]",
             f"{_recall_name} equals {_ap_name} with denominator='total' (the terms are precisions; 'recall' names "
             "the denominator, every relevant document), ties included", kind="relation",
             needs=(*_needs(_recall_name), *_needs(_ap_name, options=("k", "denominator"))), check=_recall_is_ap,
             strategy=_BATCHES)


_PER_QUERY_OF = {
    "mean_average_precision": "average_precision_at_k",
    "mean_average_recall": "average_recall_at_k",
    "mean_reciprocal_rank": "reciprocal_rank",
    "hit_rate_at_k": "hit_rate_at_k",
}

for _mean, _single in _PER_QUERY_OF.items():

    @_each("mean_over_queries", (_mean,), f"{{m}} is the arithmetic mean over queries of the per-query {_single}",
           "relation", _BATCHES, also=(_single,))
    def _is_mean(t, ex, m, single=_single):
        y, s, k = ex
        whole = getattr(t, m)(*positional(ex), k=k)
        per_query = [
            getattr(t, single)(*positional((y[q], None if s is None else s[q])), k=k) for q in range(y.shape[0])
        ]
        expect_close(whole, np.mean(per_query), rtol=1e-12, what=f"{m} vs mean of per-query {single}")


# ------------------------------------------------------------------ definitions

#: tie-free rankings (ranked lists, or distinct scores) have one order, which the
#: formulas below read; ties='average' is pinned by the tie properties, and ranx
#: orders tied documents in an unspecified way
def _tie_free_edges(edges) -> tuple:
    """The edge cases of tie-free rankings: each batch edge case as a ranked list (its grades in their
    order), and as it is where no query has tied scores."""
    out = []
    for name, (y, s, k) in edges:
        if s is not None and all(len(set(row)) == len(row) for row in np.asarray(s).tolist()):
            out.append((name, (y, s, k)))
        out.append((f"{name}_ranked_list", (y, None, k)))
    return tuple(out)


_tie_free_batches = with_edges(st.one_of(batches(scored=False), batches(ties=False)), _tie_free_edges(batch_edges()))

#: the gains of DCG and NDCG, each an edge case beside every edge case of the rankings
_GAIN_OPTIONS = options("linear", "exponential", name="gain")


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
    "average_recall_at_k": (
        _average_precision,
        "AR@k = sum over relevant ranks i <= k of P@i, divided by the number of relevant documents (0 if none), "
        "as recommender libraries compute it (recmetrics' _ark)",
    ),
    "mean_average_recall": (
        _average_precision,
        "MAR@k = mean over queries of (sum of P@i over relevant ranks i <= k) / (relevant documents), 0 if none",
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

    @_each("definition", (_m,), f"on tie-free rankings, {_statement}", "relation", _tie_free_batches, defines=(_m,))
    def _binary_definition(t, ex, m, formula=_formula):
        ranked, k = _in_rank_order(ex)
        expected = np.array([formula(row > 0, k) for row in ranked])
        value = getattr(t, m)(*positional(ex), k=ex[2])
        if m in MEANS:
            expect_close(value, expected.mean(), rtol=1e-9, what=m)
        else:
            expect_close(_rows(value), expected, rtol=1e-9, what=m)


def _dcg(grades, k, gain):
    """DCG@k of each row of ``grades`` (in rank order), from the formula."""
    gains = grades if gain == "linear" else 2.0**grades - 1.0
    return np.array([sum(row[i - 1] / math.log2(i + 1) for i in range(1, k + 1)) for row in gains])


def _expected_dcg(batch, gain):
    ranked, k = _in_rank_order(batch)
    return _dcg(ranked, k, gain)


def _expected_ndcg(batch, gain):
    ranked, k = _in_rank_order(batch)
    dcg, ideal = _dcg(ranked, k, gain), _dcg(-np.sort(-batch[0], axis=1), k, gain)
    return np.divide(dcg, ideal, out=np.zeros_like(dcg), where=ideal > 0)  # no_relevant='zero'


_GAIN_DEFINITIONS = {
    "dcg_at_k": (
        _expected_dcg,
        "DCG@k = sum_{i<=k} gain(rel_i) / log2(i + 1), gain rel (linear) or 2^rel - 1 (exponential)",
    ),
    "ndcg_at_k": (
        _expected_ndcg,
        "NDCG@k = DCG@k / DCG@k of the grades sorted descending (0 if that ideal DCG is 0)",
    ),
}

for _m, (_expected, _statement) in _GAIN_DEFINITIONS.items():

    @_each("definition", (_m,), f"on tie-free rankings, {_statement}", "relation",
           tuples_with_edges(_tie_free_batches, _GAIN_OPTIONS), options=("k", "gain"), defines=(_m,))
    def _gain_definition(t, ex, m, expected=_expected):
        batch, gain = ex
        value = _rows(getattr(t, m)(*positional(batch), k=batch[2], gain=gain))
        expect_close(value, expected(batch, gain), rtol=1e-9, what=f"{m}(gain={gain!r})")


# ------------------------------------------------------------------ R-precision, fall-out, bpref, ERR

# ------------------------------------------------------------------ negative grades
# A grade below zero is graded relevance below zero, not bad input (seed 004, NDCG's caveats: "the human rater
# could assign a negative relevance score to that document"): the binary metrics read it as a document that is
# not relevant (relevant means grade > 0), the linear gains sum it as given, NDCG divides by the ideal DCG only
# where that is positive. The metrics whose gain or weight is not defined below zero refuse it instead, each
# under its own property: ERR (refuses_grades_off_scale), the expected percentile rank (refuses_negative_grades)
# and gain='exponential' (refuses_negative_grades_exponential).

#: the metrics that read a negative grade as a document that is not relevant
NEGATIVE_AS_IRRELEVANT = tuple(m for m in ALL + RETRIEVAL + RECOMMENDER + SEED004_FORMULAS
                               if m not in ("dcg_at_k", "ndcg_at_k", "cumulative_gain_at_k",
                                            "expected_reciprocal_rank", "expected_percentile_rank")) + (
    "rank_biased_precision",)  # binary relevance (grade > 0), like the metrics above
#: the metrics that sum a negative grade as a negative gain (linear gain)
NEGATIVE_AS_GAIN = ("dcg_at_k", "cumulative_gain_at_k")
#: the metrics that refuse negative grades, naming y_true (checked by their own refusal properties)
NEGATIVE_REFUSED = ("expected_reciprocal_rank", "expected_percentile_rank")

#: grades with negatives among them, most of them small
_SIGNED_GRADES = st.sampled_from((-2, -1, -1, 0, 0, 1, 3))


def _negative_grade_edges() -> tuple:
    """A query whose only non-zero grade is negative and ranked first (a library that counts any non-zero grade
    relevant gives P@1 = 1; one that divides by a negative ideal DCG, NDCG = 2), as scored documents and as a
    ranked list; a query whose every grade is negative; and a batch with negative and positive grades."""
    return (
        ("only_grade_negative_first", (np.array([[0.0, -1.0, 0.0]]), np.array([[1.0, 3.0, 2.0]]), 1)),
        ("only_grade_negative_ranked_list", (np.array([[-1.0, 0.0, 0.0, 0.0]]), None, None)),
        ("only_negative_grades", (np.array([[-1.0, -2.0, -1.0]]), np.array([[1.0, 3.0, 2.0]]), 2)),
        ("negative_and_positive_grades", (np.array([[2.0, -1.0, 0.0, 1.0], [-2.0, -1.0, 0.0, 0.0]]),
                                          np.array([[0.5, 3.0, 2.0, 1.0], [1.0, 2.0, 3.0, 4.0]]), 2)),
    )


#: tie-free batches (ranked lists, or distinct scores: the ranking never depends on the grades) with negative grades
_NEGATIVE_GRADE_BATCHES = with_edges(st.one_of(batches(scored=False, grades=_SIGNED_GRADES),
                                               batches(ties=False, grades=_SIGNED_GRADES)), _negative_grade_edges())


@_each("negative_grades", NEGATIVE_AS_IRRELEVANT + NEGATIVE_AS_GAIN + ("ndcg_at_k",),
       "{m} scores negative grades as graded relevance below zero: a document that is not relevant to a binary "
       "metric (the value with every negative grade replaced by 0), a negative gain to DCG and CG (the value of "
       "the positive grades minus that of the negative ones), and NDCG = DCG / ideal DCG where the ideal DCG is "
       "positive, the value of a query with nothing relevant where it is not", "relation",
       _NEGATIVE_GRADE_BATCHES, max_examples=10)
def _negative_grades(t, ex, m):
    y, s, k = ex

    def value(grades):
        return _rows(getattr(t, m)(*positional((grades, s, k)), **_cut(m, k)))

    if m in NEGATIVE_AS_IRRELEVANT:
        expect_close(value(y), value(np.maximum(y, 0.0)), rtol=1e-12, atol=1e-12,
                     what=f"{m} with negative grades vs with those grades 0")
    elif m in NEGATIVE_AS_GAIN:
        expect_close(value(y), value(np.maximum(y, 0.0)) - value(np.maximum(-y, 0.0)), rtol=1e-9, atol=1e-12,
                     what=f"{m} with negative grades vs that of the positive grades minus that of the negative ones")
    else:
        ranked, cut = _in_rank_order(ex)
        dcg, ideal = _dcg(ranked, cut, "linear"), _dcg(-np.sort(-y, axis=1), cut, "linear")
        nothing = value(np.zeros_like(y))  # the target's own answer for a query with nothing relevant
        expected = np.where(ideal > 0, dcg / np.where(ideal > 0, ideal, 1.0), nothing)
        expect_close(value(y), expected, rtol=1e-9, atol=1e-12,
                     what=f"{m} with negative grades vs DCG / ideal DCG (a query with nothing relevant where the "
                          "ideal DCG is not positive)")


#: one valid batch that the ranking-specific bad-input properties spoil in one way
#: each (the common bad inputs are generic): the checks are about the refusal, not
#: the values, so they run once on it
VALID_BATCH = (
    np.array([[2.0, 0.0, 1.0], [0.0, 1.0, 0.0]]),
    np.array([[0.5, 0.5, 0.1], [0.3, 0.2, 0.1]]),
    2,
)




def _r_precision(rel, k):
    r = int(rel.sum())
    return rel[:r].sum() / r if r else 0.0  # no_relevant='zero'


def _fall_out(rel, k):
    n = int((~rel).sum())
    return (~rel[:k]).sum() / n if n else 0.0  # no_nonrelevant='zero'


def _bpref(rel, k, denominator="min"):
    """bpref read off the ranked list one document at a time: trec_eval's (``"min"``) or as printed (``"relevant"``)."""
    r, n = int(rel.sum()), int((~rel).sum())
    if not r:
        return 0.0  # no_relevant='zero'
    total, nonrelevant_above = 0.0, 0
    for relevant in rel:
        if not relevant:
            nonrelevant_above += 1
        elif nonrelevant_above == 0:
            total += 1.0
        else:
            total += 1.0 - min(nonrelevant_above, r) / (min(r, n) if denominator == "min" else r)
    return total / r


_RETRIEVAL_DEFINITIONS = {
    "r_precision": (_r_precision, "R-precision = (relevant documents in the top R) / R, R the relevant documents"),
    "fall_out_at_k": (_fall_out, "FO@k = (non-relevant documents in the top k) / (all non-relevant documents)"),
    "bpref": (_bpref, "bpref = (1/R) sum over relevant r of 1 - min(non-relevant above r, R) / D, D = min(R, N) "
                      "(denominator='min') or R ('relevant')"),
}
#: the keyword bundles each definition is checked under
_RETRIEVAL_FORMS = {"bpref": ({}, {"denominator": "relevant"})}

for _m, (_formula, _statement) in _RETRIEVAL_DEFINITIONS.items():

    # mostly non-relevant documents too: bpref's cap (n_r <= R) and fall-out's denominator need N > R
    @_each("definition", (_m,), f"on tie-free rankings, {_statement}", "relation",
           one_of_with_edges(_tie_free_batches, batches(ties=False, grades=SPARSE_GRADES)), defines=(_m,),
           options=("k", *(key for form in _RETRIEVAL_FORMS.get(_m, ()) for key in form)))
    def _retrieval_definition(t, ex, m, formula=_formula):
        ranked, k = _in_rank_order(ex)
        for form in _RETRIEVAL_FORMS.get(m, ({},)):
            expected = np.array([formula(row > 0, k, **form) for row in ranked])
            expect_close(_rows(getattr(t, m)(*positional(ex), **_cut(m, ex[2]), **form)), expected, rtol=1e-9,
                         what=f"{m}({', '.join(f'{key}={v!r}' for key, v in form.items())})")


def _err(grades, k, max_grade):
    """Chapelle et al.'s cascade: P(the user reaches rank r and stops there), over 1/r, summed."""
    value, reach = 0.0, 1.0
    for rank, g in enumerate(grades[:k], start=1):
        stop = (2.0**g - 1.0) / 2.0**max_grade
        value += reach * stop / rank
        reach *= 1.0 - stop
    return value


@_each("definition", ("expected_reciprocal_rank",),
       "on tie-free rankings, ERR@k = sum_{r<=k} (1/r) R_r prod_{i<r} (1 - R_i), R_i = (2^g_i - 1) / 2^max_grade",
       "relation", tuples_with_edges(_tie_free_batches, options(3, 4, 6.5, name="max_grade")),
       options=("k", "max_grade"),
       defines=("expected_reciprocal_rank",))
def _err_definition(t, ex, m):
    batch, max_grade = ex
    ranked, k = _in_rank_order(batch)
    expected = np.array([_err(row, k, max_grade) for row in ranked])
    value = _rows(getattr(t, m)(*positional(batch), k=batch[2], max_grade=max_grade))
    expect_close(value, expected, rtol=1e-9, what=f"{m}(max_grade={max_grade})")


@_each("stop_probability_bounds", ("expected_reciprocal_rank",),
       "ERR@k lies between P(stop in the top k) / k and P(stop in the top k) = 1 - prod_{i<=k} (1 - R_i)",
       "bound", st.tuples(_tie_free_batches, st.sampled_from([3, 5])), options=("k", "max_grade"))
def _err_bounds(t, ex, m):
    batch, max_grade = ex
    ranked, k = _in_rank_order(batch)
    stopped = 1.0 - np.prod(1.0 - (2.0 ** ranked[:, :k] - 1.0) / 2.0**max_grade, axis=1)
    value = _rows(getattr(t, m)(*positional(batch), k=batch[2], max_grade=max_grade))
    expect_le(stopped / k, value, what=f"P(stop in the top {k}) / {k} <= {m}", tol=1e-12)
    expect_le(value, stopped, what=f"{m} <= P(stop in the top {k})", tol=1e-12)


@_each("refuses_grades_off_scale", ("expected_reciprocal_rank",),
       "{m} refuses grades outside [0, max_grade] (naming y_true), a max_grade that is not positive (naming "
       "max_grade) and ties='average' (naming ties)", "refusal", st.just(VALID_BATCH),
       options=("k", "max_grade", "ties"))
def _err_refusals(t, ex, m):
    y, s, k = ex
    low, high = y.copy(), y.copy()
    low[0, 0], high[0, 1] = -1.0, 5.0
    expect_refusal(lambda: getattr(t, m)(low, s, k=k), "y_true")
    expect_refusal(lambda: getattr(t, m)(high, s, k=k, max_grade=4), "y_true")
    for bad in (0, -2):
        expect_refusal(lambda: getattr(t, m)(y, s, k=k, max_grade=bad), "max_grade")
    expect_refusal(lambda: getattr(t, m)(y, s, k=k, ties="average"), "ties")


@_each("is_precision_and_recall_at_r", ("r_precision",),
       "R-precision equals P@R and R@R, R the relevant documents of the query, ties averaged alike",
       "relation", _BATCHES, also=("precision_at_k", "recall_at_k"))
def _r_precision_at_r(t, ex, m):
    y, s, _ = ex
    for q in range(y.shape[0]):
        r = int((y[q] > 0).sum())
        if r == 0:
            continue
        args = positional((y[q], None if s is None else s[q]))
        value = getattr(t, m)(*args)
        expect_close(value, t.precision_at_k(*args, k=r), rtol=1e-12, what=f"R-precision vs P@{r} of query {q}")
        expect_close(value, t.recall_at_k(*args, k=r), rtol=1e-12, what=f"R-precision vs R@{r} of query {q}")


@_each("complements_precision", ("fall_out_at_k",),
       "FO@k * N = k - k * P@k (the top k holds k documents, relevant or not), N the non-relevant documents",
       "relation", _BATCHES, also=("precision_at_k",))
def _fall_out_complement(t, ex, m):
    y, s, k = ex
    cut = y.shape[1] if k is None else min(k, y.shape[1])
    negatives = (y <= 0).sum(axis=1)
    fall_out = _rows(getattr(t, m)(*positional(ex), k=k))
    precision_ = _rows(t.precision_at_k(*positional(ex), k=k))
    has = negatives > 0
    expect_close((fall_out * negatives)[has], (cut - cut * precision_)[has], rtol=1e-9, atol=1e-12,
                 what="FO@k * N vs k - k * P@k")


def _orders(scores: np.ndarray):
    """Every order of the documents of one query that ranks by score, tied documents in every order."""
    levels = sorted(set(scores.tolist()), reverse=True)
    groups = [np.flatnonzero(scores == v) for v in levels]
    for parts in itertools.product(*(itertools.permutations(g.tolist()) for g in groups)):
        yield np.concatenate([np.asarray(p, dtype=int) for p in parts])


_SMALL_TIED = with_edges(st.one_of(batches(max_docs=5, max_queries=2), batches(max_docs=5, max_queries=2, grades=SPARSE_GRADES)),
                         batch_edges())


def _ties_over_orders(t, ex, m, form=None):
    form = form or {}
    y, s, k = ex
    cut = y.shape[1] if k is None else min(k, y.shape[1])
    if m == "expected_percentile_rank":
        expected = np.array([np.mean([_percentile_rank(y[q, order], **form) for order in _orders(s[q])])
                             for q in range(y.shape[0])])
    else:
        formula = _RETRIEVAL_DEFINITIONS[m][0]
        expected = np.array([np.mean([formula(y[q, order] > 0, cut) for order in _orders(s[q])])
                             for q in range(y.shape[0])])
    expect_close(_rows(getattr(t, m)(y, s, **_cut(m, k), ties="average", **form)), expected, rtol=1e-9, atol=1e-12,
                 what=f"{m}(ties='average'{''.join(f', {key}={v!r}' for key, v in form.items())}) vs the mean over "
                 "every order of the tied documents")


_TIES_OVER_ORDERS = "under ties='average', {m} is the mean of its definition over every order of the tied documents"
for _m in ("r_precision", "fall_out_at_k", "bpref"):
    # at most 5 documents: at most 5! = 120 orders to enumerate
    _each("ties_average_over_orders", (_m,), _TIES_OVER_ORDERS, "relation", _SMALL_TIED, options=("k", "ties"),
          defines=(_m,))(_ties_over_orders)


# ------------------------------------------------------------------ rank-biased precision (Moffat & Zobel 2008)

RBP = "rank_biased_precision"
#: Moffat & Zobel's impatient, patient (the default) and persistent users, and the user who reads only the top
_PERSISTENCES = options(0.5, 0.8, 0.95, 0.0, name="p")


def _rbp(relevant, k, p):
    """(1 - p) sum_{i<=k} [rel_i] p^(i-1), term by term."""
    return sum((1.0 - p) * p ** (i - 1) for i in range(1, k + 1) if relevant[i - 1])


@_each("definition", (RBP,),
       "on tie-free rankings, RBP@k = (1 - p) sum_{i<=k} rel_i p^(i-1), rel_i 1 for a document of grade > 0 (binary "
       "relevance), for p in {0.5, 0.8, 0.95, 0}", "relation", tuples_with_edges(_tie_free_batches, _PERSISTENCES),
       options=("k", "p"), defines=(RBP,))
def _rbp_definition(t, ex, m):
    batch, p = ex
    ranked, k = _in_rank_order(batch)
    expected = np.array([_rbp(row > 0, k, p) for row in ranked])
    expect_close(_rows(getattr(t, m)(*positional(batch), k=batch[2], p=p)), expected, rtol=1e-9, atol=1e-15,
                 what=f"{m}(p={p})")


@_each("ties_average_over_orders", (RBP,), _TIES_OVER_ORDERS, "relation", _SMALL_TIED, options=("k", "ties"),
       defines=(RBP,))
def _rbp_ties(t, ex, m):
    y, s, k = ex
    cut = y.shape[1] if k is None else min(k, y.shape[1])
    expected = np.array([np.mean([_rbp(y[q, order] > 0, cut, 0.8) for order in _orders(s[q])])
                         for q in range(y.shape[0])])
    expect_close(_rows(getattr(t, m)(y, s, k=k, ties="average")), expected, rtol=1e-9, atol=1e-12,
                 what=f"{m}(ties='average') vs the mean over every order of the tied documents")


@_each("relation.residual_is_the_unseen_tail", (RBP,),
       "the residual of RBP@k is p^k, the weight of the ranks past k; RBP@k + residual <= 1, with equality when "
       "every one of the top k documents is relevant", "relation", tuples_with_edges(_BATCHES, _PERSISTENCES),
       options=("k", "p", "residual"))
def _rbp_residual(t, ex, m):
    (y, s, k), p = ex
    cut = y.shape[1] if k is None else min(k, y.shape[1])
    base = _rows(getattr(t, m)(*positional((y, s)), k=k, p=p))
    rest = _rows(getattr(t, m)(*positional((y, s)), k=k, p=p, residual=True))
    expect_close(rest, np.full(y.shape[0], p ** cut), rtol=1e-12, atol=0, what=f"{m} residual (k={cut}, p={p})")
    expect_le(base + rest, np.ones(y.shape[0]), what=f"{m} + its residual", tol=1e-12)
    everything = np.ones_like(y)
    expect_close(_rows(getattr(t, m)(*positional((everything, s)), k=k, p=p))
                 + _rows(getattr(t, m)(*positional((everything, s)), k=k, p=p, residual=True)),
                 np.ones(y.shape[0]), rtol=1e-12, what=f"{m} + residual of a list of relevant documents")


@_each("relation.p_zero_is_precision_at_one", (RBP,),
       "with persistence p = 0 the user reads only the top document: RBP equals P@1 (ties averaged alike)",
       "relation", _BATCHES, options=("k", "p"), also=("precision_at_k",))
def _rbp_top_only(t, ex, m):
    y, s, k = ex
    expect_close(_rows(getattr(t, m)(*positional((y, s)), k=k, p=0.0)),
                 _rows(t.precision_at_k(*positional((y, s)), k=1)), rtol=1e-12, atol=1e-15,
                 what=f"{m}(p=0) vs precision_at_k(k=1)")


@_each("refuses_bad_persistence", (RBP,),
       "{m} refuses a persistence p outside [0, 1), NaN, a boolean or a string (naming p) and a residual that is "
       "not a boolean (naming residual)", "refusal", st.just(VALID_BATCH), options=("k", "p", "residual"))
def _rbp_refusals(t, ex, m):
    y, s, k = ex
    for bad in (1.0, 1.5, -0.1, float("nan"), True, "0.8"):
        expect_refusal(lambda: getattr(t, m)(y, s, k=k, p=bad), "p")
    expect_refusal(lambda: getattr(t, m)(y, s, k=k, residual="yes"), "residual")


# ------------------------------------------------------------------ success@k, ARHR, percentile rank (seed 004)


def _reciprocal_hits(rel, k):
    return sum(1.0 / i for i in range(1, k + 1) if rel[i - 1])


def _percentile_rank(grades, percentile="over_n_minus_1"):
    """Hu et al.'s expected percentile rank of one query (grades in rank order), 0 when every grade is 0; the
    percentile of rank i among n is (i - 1) / (n - 1) (0 when n = 1), or (i - 1) / n (``percentile="over_n"``)."""
    n = len(grades)
    span = n if percentile == "over_n" else n - 1
    places = [(i / span if span else 0.0) for i in range(n)]
    total = float(np.sum(grades))
    return sum(g * p for g, p in zip(grades, places)) / total if total else 0.0


@_each("definition", ("success_at_k",), "on tie-free rankings, S@k = 1 if a relevant document is in the top k, "
       "else 0", "relation", _tie_free_batches, defines=("success_at_k",))
@_each("definition", ("average_reciprocal_hit_rate",),
       "on tie-free rankings, ARHR@k = mean over queries of the sum of 1/i over the relevant ranks i <= k",
       "relation", one_of_with_edges(_tie_free_batches, batches(ties=False, grades=SPARSE_GRADES),
                                     leave_one_out_batches(ties=False, max_queries=4)),
       defines=("average_reciprocal_hit_rate",))
def _recommender_definition(t, ex, m):
    ranked, k = _in_rank_order(ex)
    value = getattr(t, m)(*positional(ex), **_cut(m, ex[2]))
    if m == "success_at_k":
        expect_close(_rows(value), [_hit(row > 0, k) for row in ranked], rtol=1e-12, what=m)
    else:
        expect_close(value, np.mean([_reciprocal_hits(row > 0, k) for row in ranked]), rtol=1e-9, what=m)


@_each("mean_is_hit_rate", ("success_at_k",), "hit_rate_at_k is the mean over queries of {m}, ties included",
       "relation", _BATCHES, also=("hit_rate_at_k",))
def _success_mean(t, ex, m):
    y, s, k = ex
    expect_close(np.mean(_rows(getattr(t, m)(*positional(ex), k=k))), t.hit_rate_at_k(*positional(ex), k=k),
                 rtol=1e-12, what="mean of success@k vs hit rate@k")


@_each("equals_mrr_with_one_relevant", ("average_reciprocal_hit_rate",),
       "when each query has exactly one relevant document (leave-one-out), ARHR@k equals MRR@k",
       "relation", _ONE_RELEVANT_BATCHES, also=("mean_reciprocal_rank",))
def _arhr_is_mrr(t, ex, m):
    args, k = _one_relevant_per_query(ex)
    expect_close(getattr(t, m)(*args, k=k), t.mean_reciprocal_rank(*args, k=k), rtol=1e-12, what="ARHR vs MRR")


@_each("bounds_by_harmonic_number", ("average_reciprocal_hit_rate",),
       "0 <= ARHR@k <= H_k = 1 + 1/2 + ... + 1/k, reached when every one of the top k documents is relevant",
       "bound", st.one_of(batches(grades=st.sampled_from([1, 1, 2, 0])), leave_one_out_batches()))
def _arhr_harmonic(t, ex, m):
    y, s, k = ex
    cut = y.shape[1] if k is None else min(k, y.shape[1])
    harmonic = sum(1.0 / i for i in range(1, cut + 1))
    value = getattr(t, m)(*positional(ex), k=k)
    expect_le(value, harmonic, what=f"{m} <= H_{cut}", tol=1e-12)
    full = getattr(t, m)(*positional((np.ones_like(y), s)), k=k)
    expect_close(full, harmonic, rtol=1e-12, what=f"{m} with every document relevant vs H_{cut}")


@_percentile_variants("definition", {
    "over_n_minus_1": "on tie-free rankings, rank = sum_i r_i (i - 1) / (n - 1) / sum_i r_i, grade-weighted, 0 if "
                      "every grade is 0",
    "over_n": "on tie-free rankings, with percentile='over_n' (RecPack's), rank = sum_i r_i (i - 1) / n / sum_i r_i, "
              "grade-weighted, 0 if every grade is 0"}, "relation", _tie_free_batches, defines=True)
def _percentile_definition(t, ex, m, form):
    ranked, _ = _in_rank_order(ex)
    expect_close(_rows(getattr(t, m)(*positional(ex), **form)), [_percentile_rank(row, **form) for row in ranked],
                 rtol=1e-9, atol=1e-12, what=f"{m}({findings.form_part(form)})")


@_percentile_variants("ties_average_over_orders", _TIES_OVER_ORDERS, "relation", _SMALL_TIED, options=("ties",),
                      defines=True)
def _percentile_ties_over_orders(t, ex, m, form):
    _ties_over_orders(t, ex, m, form)


@_percentile_variants("reversal_complements", {
    "over_n_minus_1": "reading a ranked list bottom up turns its percentile rank into 1 - rank (queries with a "
                      "positive grade): (i - 1) / (n - 1) + (n - i) / (n - 1) = 1",
    "over_n": "with percentile='over_n', reading a ranked list of n documents bottom up turns its percentile rank "
              "into (n - 1) / n - rank (queries with a positive grade): (i - 1) / n + (n - i) / n = (n - 1) / n"},
    "identity", batches(scored=False))
def _percentile_reversal(t, ex, m, form):
    y = ex[0][(ex[0] > 0).any(axis=1)]
    if y.shape[0] == 0:
        reject()  # nothing relevant anywhere: no percentile rank to read bottom up (not a pass)
    n = y.shape[1]
    total = (n - 1) / n if form.get("percentile") == "over_n" else 1.0  # (i - 1) / n: the bottom is at (n - 1) / n
    forward, backward = _rows(getattr(t, m)(y, **form)), _rows(getattr(t, m)(y[:, ::-1], **form))
    expect_close(forward + backward, np.full_like(forward, total), rtol=1e-12,
                 what=f"percentile rank + reversed list's ({findings.form_part(form) or 'percentile=over_n_minus_1'})")


@_each("refuses_negative_grades", ("expected_percentile_rank",),
       "{m} refuses negative grades (they weight a mean of percentiles), naming y_true", "refusal",
       st.just(VALID_BATCH), options=())
def _percentile_negative(t, ex, m, form=None):
    y, s, _ = ex
    y = y.copy()
    y[0, 1] = -1.0
    expect_refusal(lambda: getattr(t, m)(y, s, **(form or {})), "y_true")


_percentile_variants("refuses_negative_grades", "{m} refuses negative grades (they weight a mean of percentiles), "
                     "naming y_true", "refusal", st.just(VALID_BATCH), default=False)(_percentile_negative)


# ------------------------------------------------------------------ cumulative rating (CG@k), personalized@k (seed 004)


def _cumulative_gain(grades, k):
    return float(np.sum(grades[:k]))


def _popular_masks(draw_from, n_queries, n_docs):
    """A popular-document mask: one row for every query (n_docs,) or one per query."""
    per_query = draw_from(st.booleans())
    shape = (n_queries, n_docs) if per_query else (n_docs,)
    cells = draw_from(st.lists(st.booleans(), min_size=int(np.prod(shape)), max_size=int(np.prod(shape))))
    return np.array(cells, dtype=bool).reshape(shape)


def _personalized(y, s, popular, k):
    """Pers@k of each query from the definition: the popular documents taken out, the rest in score order, a hit
    in the top k of what remains (k clipped to it)."""
    mask = np.broadcast_to(popular, y.shape)
    out = []
    for q in range(y.shape[0]):
        keep = np.flatnonzero(~mask[q])
        order = keep if s is None else keep[np.argsort(-s[q, keep], kind="stable")]
        cut = len(order) if k is None else min(k, len(order))
        out.append(float((y[q, order[:cut]] > 0).any()))
    return np.array(out)


@_each("definition", ("cumulative_gain_at_k",),
       "on tie-free rankings, CG@k = sum_{i<=k} rel_i, the grades of the top k summed (no discount)",
       "relation", one_of_with_edges(_tie_free_batches, batches(ties=False, grades=st.integers(-2, 5))),
       defines=("cumulative_gain_at_k",))
def _cg_definition(t, ex, m):
    ranked, k = _in_rank_order(ex)
    expected = [_cumulative_gain(row, k) for row in ranked]
    expect_close(_rows(getattr(t, m)(*positional(ex), k=ex[2])), expected, rtol=1e-12, atol=1e-12, what=m)


def _edge_mask(kind: str, n_queries: int, n_docs: int) -> np.ndarray:
    """A deterministic popular mask of an edge case: the first document popular in every query (one row), or
    every other document popular, shifted by one from query to query (one row per query)."""
    if kind == "first_document_popular":
        return np.arange(n_docs) == 0
    return (np.arange(n_docs)[None, :] + np.arange(n_queries)[:, None]) % 2 == 0


_PERSONALIZED_EXAMPLES = with_edges(
    _tie_free_batches.flatmap(lambda ex: st.tuples(
        st.just(ex), st.composite(lambda draw: _popular_masks(draw, *ex[0].shape))())),
    cycled_edges(edges_of(_tie_free_batches), lambda ex, kind: (ex, _edge_mask(kind, *ex[0].shape)),
                 ("first_document_popular", "alternate_documents_popular")))


@_each("definition", ("personalized_at_k",),
       "on tie-free rankings, Pers@k = 1 if a relevant document is in the top k once the popular documents are "
       "taken out of the ranking, else 0", "relation", _PERSONALIZED_EXAMPLES,
       options=("k", "popular"), defines=("personalized_at_k",))
def _personalized_definition(t, ex, m):
    (y, s, k), popular = ex
    value = _rows(getattr(t, m)(*positional((y, s)), popular=popular, k=k))
    expect_close(value, _personalized(y, s, popular, k), rtol=1e-12,
                 what=f"{m}(popular={popular.astype(int).tolist()})")


@_each("is_dcg_without_discount", ("cumulative_gain_at_k",),
       "CG@1 equals DCG@1 (the discount at rank 1 is 1), and CG@k >= DCG@k for non-negative grades, ties included",
       "relation", _BATCHES, also=("dcg_at_k",))
def _cg_vs_dcg(t, ex, m):
    y, s, k = ex
    expect_close(_rows(getattr(t, m)(*positional(ex), k=1)), _rows(t.dcg_at_k(*positional(ex), k=1)),
                 rtol=1e-12, atol=1e-12, what="CG@1 vs DCG@1")
    expect_le(_rows(t.dcg_at_k(*positional(ex), k=k)), _rows(getattr(t, m)(*positional(ex), k=k)),
              what=f"DCG@{k} <= CG@{k}", tol=1e-12)


@_each("counts_relevant_with_binary_grades", ("cumulative_gain_at_k",),
       "with grades in {0, 1}, CG@k is the number of relevant documents in the top k: k * P@k, ties included",
       "relation", _BINARY_BATCHES, also=("precision_at_k",))
def _cg_counts_hits(t, ex, m):
    y, s, k = ex
    cut = y.shape[1] if k is None else min(k, y.shape[1])
    expect_close(_rows(getattr(t, m)(*positional(ex), k=k)), cut * _rows(t.precision_at_k(*positional(ex), k=k)),
                 rtol=1e-9, atol=1e-12, what=f"CG@{cut} vs {cut} * P@{cut}")


@_each("monotone_in_k", SEED004_FORMULAS,
       "{m} never decreases when k grows (non-negative grades), ties included", "direction", batches(min_docs=2))
def _monotone_in_k(t, ex, m):
    y, s, _ = ex
    values = [_rows(getattr(t, m)(*positional(ex), k=k)) for k in range(1, y.shape[1] + 1)]
    for k in range(1, len(values)):
        expect_le(values[k - 1], values[k], what=f"{m} at k={k} <= at k={k + 1}", tol=1e-12)


@_each("equals_success_without_popular", ("personalized_at_k",),
       "with no popular document (popular=None, or a mask of False), personalized@k equals success@k, ties included",
       "relation", _BATCHES, options=("k", "popular"), also=("success_at_k",))
def _personalized_is_success(t, ex, m):
    y, s, k = ex
    success = _rows(t.success_at_k(*positional(ex), k=k))
    expect_close(_rows(getattr(t, m)(*positional(ex), k=k)), success, rtol=1e-12, what=f"{m} vs success_at_k")
    expect_close(_rows(getattr(t, m)(*positional(ex), popular=np.zeros(y.shape[1], dtype=bool), k=k)), success,
                 rtol=1e-12, what=f"{m}(popular: none) vs success_at_k")


@_each("popular_hits_never_count", ("personalized_at_k",),
       "personalized@k is 0 when every relevant document is popular", "identity", batches(), options=("k", "popular"))
def _popular_hits(t, ex, m):
    y, s, k = ex
    value = _rows(getattr(t, m)(*positional(ex), popular=y > 0, k=k))
    expect_close(value, np.zeros_like(value), what=f"{m} with every relevant document popular")


@_each("refuses_bad_popular", ("personalized_at_k",),
       "{m} refuses a popular mask of the wrong length or number of rows, or with values other than True/False "
       "(0.5, NaN), naming popular", "refusal", st.just(VALID_BATCH), options=("k", "popular"))
def _bad_popular(t, ex, m):
    y, s, k = ex
    for bad in (np.zeros(y.shape[1] - 1, dtype=bool), np.zeros((y.shape[0] + 1, y.shape[1]), dtype=bool),
                np.full(y.shape[1], 0.5), np.array([np.nan] + [0.0] * (y.shape[1] - 1))):
        expect_refusal(lambda: getattr(t, m)(y, s, popular=bad, k=k), "popular")


# ------------------------------------------------------------------ score form: documents, ties


def _same_after_reordering(t, m, ex, perm, *, rtol, what, cut=True, **kw):
    """``m`` of the documents reordered by ``perm``, together with their scores, equals ``m`` of the original order
    (``cut=False``: m has no k)."""
    y, s, k = ex
    kw = {**kw, "k": k} if cut else kw
    reordered = _rows(getattr(t, m)(y[:, perm], s[:, perm], **kw))
    expect_close(reordered, _rows(getattr(t, m)(y, s, **kw)), rtol=rtol, what=what)


# a document is a sample of the per-query metrics, whose document permutation is generic; the
# samples of the mean metrics are queries, so their invariance to the order of documents stays here
@_each("document_permutation_invariance", MEANS,
       "{m} in the score form does not change when documents are permuted together with their distinct scores",
       # mostly irrelevant documents, so that where each one lands matters (hit rate included)
       "invariance", batches(ties=False, grades=SPARSE_GRADES))
def _doc_permutation(t, ex, m):
    perm = np.random.default_rng(int(ex[1].sum()) % 1000).permutation(ex[0].shape[1])[::-1]
    _same_after_reordering(t, m, ex, perm, rtol=1e-12, what=f"{m} after permuting documents with their scores")


@_each("renaming_invariance_with_ties", TIE_AVERAGED,
       "under ties='average', {m} does not depend on the names (input order) of tied documents",
       "invariance", batches(), options=("k", "ties"))
def _renaming(t, ex, m):
    _same_after_reordering(
        t, m, ex, np.arange(ex[0].shape[1])[::-1], ties="average", cut=m not in WITHOUT_CUTOFF,
        rtol=1e-9,  # tie groups are summed in a different order
        what=f"{m} after renaming (reordering) documents with tied scores",
    )


@_each("tie_policy_order", ALL + ("r_precision", "bpref", "success_at_k", "average_reciprocal_hit_rate")
       + SEED004_FORMULAS,
       "{m}: ties='pessimistic' <= ties='average' <= ties='optimistic'", "relation", _BATCHES, options=("k", "ties"))
@_each("tie_policy_order", LOWER_IS_BETTER,
       "{m} (lower is better): ties='optimistic' <= ties='average' <= ties='pessimistic'",
       "relation", _BATCHES, options=("k", "ties"))
def _policy_order(t, ex, m):
    y, s, k = ex
    policies = ("optimistic", "average", "pessimistic") if m in LOWER_IS_BETTER else ("pessimistic", "average",
                                                                                       "optimistic")
    low, mid, high = (_rows(getattr(t, m)(y, s, **_cut(m, k), ties=ties)) for ties in policies)
    expect_le(low, mid, what=f"{policies[0]} <= average", tol=1e-9)
    expect_le(mid, high, what=f"average <= {policies[2]}", tol=1e-9)


def _untied(y: np.ndarray, s: np.ndarray, rule: str) -> np.ndarray:
    """Distinct scores ranking the documents of each query as ``rule`` breaks the ties of ``s``: by input order
    (``first``), by decreasing grade then input order (``optimistic``), by increasing grade (``pessimistic``)."""
    out = np.empty(s.shape, dtype=float)
    n = s.shape[1]
    for row in range(s.shape[0]):
        second = {"first": np.zeros(n), "optimistic": -y[row], "pessimistic": y[row]}[rule]
        order = np.lexsort((np.arange(n), second, -s[row].astype(float)))  # last key sorts first
        out[row, order] = np.arange(n, 0, -1, dtype=float)
    return out


#: the tie rules a target's ``ties=`` keyword (or its declared ``TIES`` rule) is checked for, by untying the
#: scores; ``average`` is the catalog's own (agreement and renaming properties above)
_UNTIED_RULES = ("first", "optimistic", "pessimistic")


@_each("tie_rule", ALL + RETRIEVAL + RECOMMENDER + SEED004_FORMULAS,
       "{m} with tied scores equals {m} of the same ranking untied by the tie rule (ties='first': input order; "
       "'optimistic' / 'pessimistic': by grade), or by the rule the target declares in TIES",
       "relation", _BATCHES, options=("k", "ties"))
def _tie_rule(t, ex, m):
    y, s, k = ex
    declared = declared_tie_rule(t, m)
    rules = (CATALOG_TIE_RULE[declared],) if declared is not None else _UNTIED_RULES
    problems: list = []
    for rule in rules:
        with findings.part(f"ties={rule}", problems, view=t):
            got = _rows(getattr(t, m)(y, s, **_cut(m, k), ties=rule))
            if rule == "average":  # the catalog's own average over the tie groups
                expected = _rows(getattr(metrics_ranking, m)(y, s, **_cut(m, k), ties="average"))
                what = f"{m} under the declared tie rule 'average' vs the catalog's ties='average'"
            else:
                expected = _rows(getattr(t, m)(y, _untied(y, s, rule), **_cut(m, k), ties=rule))
                what = f"{m}(ties={rule!r}) vs the scores untied {TIE_RULES[rule]}"
            expect_close(got, expected, rtol=1e-9, what=what)
    findings.raise_worst(problems)


# ------------------------------------------------------------------ bad input (common classes: generic)


@_each("refuses_k_below_one", ALL + ("fall_out_at_k", "expected_reciprocal_rank", "success_at_k",
                                     "average_reciprocal_hit_rate") + SEED004_FORMULAS, "{m} refuses k < 1", "refusal",
       st.just(VALID_BATCH))
def _bad_k(t, ex, m):
    for bad in (0, -1):
        expect_refusal(lambda: getattr(t, m)(*positional(ex), k=bad), "k")


@_each("refuses_negative_grades_exponential", GAIN_METRICS,
       "{m} refuses negative grades with gain='exponential' (2^rel - 1 is not a gain below 0)",
       "refusal", st.just(VALID_BATCH), options=("k", "gain"))
def _negative_exponential(t, ex, m):
    y, s, k = ex
    y = y.copy()
    y[0, 0] = -1.0
    expect_refusal(lambda: getattr(t, m)(*positional((y, s)), k=k, gain="exponential"), "y_true")


# ------------------------------------------------------------------ agreement: scikit-learn


def _sklearn_agrees(t, m, y, s, k, **kw):
    s = y[:, ::-1].copy() if s is None else s
    ours = getattr(t, m)(y, s, k=k, ties="average", **kw)
    theirs = getattr(reference("sklearn"), m)(y, s, k=k, **kw)
    # same algebra (tie-averaged DCG over the same discounts); summation order differs
    expect_close(ours, theirs, rtol=1e-9, atol=1e-12, what=f"{m} vs sklearn")


@_each("agrees_with_sklearn", ("ndcg_at_k",),
       "ndcg_at_k (linear and exponential gain, tied scores averaged) agrees with sklearn.metrics.ndcg_score",
       "agreement", tuples_with_edges((batches(min_docs=2), batch_edges()), _GAIN_OPTIONS),
       options=("k", "gain", "ties"), reference="sklearn")
def _ndcg_sklearn(t, ex, m):
    (y, s, k), gain = ex
    _sklearn_agrees(t, m, y, s, k, gain=gain)


@_each("agrees_with_sklearn", ("dcg_at_k",), "dcg_at_k (tied scores averaged) agrees with sklearn.metrics.dcg_score",
       "agreement", with_edges(batches(min_docs=2, grades=st.integers(-2, 5)), batch_edges()), options=("k", "ties"),
       reference="sklearn")
def _dcg_sklearn(t, ex, m):
    _sklearn_agrees(t, m, *ex)


@_each("agrees_with_sklearn_lrap", ("mean_average_precision",),
       "without ties and with k = all documents, MAP (denominator 'total') equals sklearn's "
       "label_ranking_average_precision_score on queries with at least one relevant document",
       "agreement", with_edges(batches(ties=False, grades=st.integers(0, 2)), mapped_edges(
           _TIE_FREE_SCORED.edges, lambda ex: (np.minimum(ex[0], 2.0), ex[1], ex[2]))),
       options=(), reference="sklearn")
def _map_lrap(t, ex, m):
    y, s, _ = ex
    y = np.hstack([y, np.ones((y.shape[0], 1))])  # every query has a relevant document
    s = np.hstack([s, np.full((s.shape[0], 1), -1.0)])
    ours = getattr(t, m)(y, s)
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
    "r_precision": {},
    "bpref": {},
    "success_at_k": {},
}

#: bpref without the edge case of a query with no relevant document before one with some: ranx's evaluate(Qrels,
#: Run, "bpref", return_mean=False) on grades [[0, 0, 0], [1, 0, 2]] scored [[3, 2, 1], [1, 2, 3]] returns [0, 0],
#: where the second query alone (or the queries swapped) gives its 0.5: a value of another query, not a convention
_RANX_BPREF_EXAMPLES = with_edges(batches(ties=False), tuple(
    (name, ex) for name, ex in _TIE_FREE_SCORED.edges if name != "no_relevant_document"))

for _m, _kw in _RANX.items():

    @_each("agrees_with_ranx", (_m,),
           "{m} agrees with ranx on tie-free rankings (ranx's order of tied documents is unspecified)",
           "agreement", _RANX_BPREF_EXAMPLES if _m == "bpref" else _TIE_FREE_SCORED, options=("k", *_kw),
           reference="ranx",
           max_examples=15)  # every call builds ranx Qrels/Run objects: slow
    def _ranx_agrees(t, ex, m, kw=_kw):
        y, s, k = ex
        if s is None:
            s = np.arange(y.shape[1], 0, -1, dtype=float)[None, :].repeat(y.shape[0], axis=0)
        if m == "bpref":
            # ranx's bpref is NaN (0/0 in min(R, N)) for a query with no non-relevant document, where trec_eval's
            # and the catalog's is 1: compared on the other queries (ranx's deviations file lists the difference)
            judged = (y <= 0).any(axis=1)
            if not judged.any():
                return
            y, s = y[judged], s[judged]
        ours = getattr(t, m)(y, s, **_cut(m, k), **kw)
        theirs = getattr(reference("ranx"), m)(y, s, **_cut(m, k), **kw)
        # same algebra on tie-free rankings; ranx sums in another order
        expect_close(ours, theirs, rtol=1e-9, atol=1e-12, what=f"{m} vs ranx")


_RANX_RBP_EXAMPLES = with_edges(batches(ties=False, grades=st.integers(0, 1)), tuple(
    (name, (np.minimum(y, 1.0), s, k)) for name, (y, s, k) in _TIE_FREE_SCORED.edges))


@_each("agrees_with_ranx", (RBP,),
       "{m} over the whole list agrees with ranx's rbp.<p> on tie-free rankings of 0/1 grades (ranx weighs a "
       "document by its grade: the two differ above grade 1)", "agreement",
       tuples_with_edges(_RANX_RBP_EXAMPLES, options(0.5, 0.8, 0.95, name="p")), options=("p",), reference="ranx",
       max_examples=15)  # every call builds ranx Qrels/Run objects: slow
def _rbp_ranx_agrees(t, ex, m):
    (y, s, _), p = ex
    # same terms, summed in another order
    expect_close(_rows(getattr(t, m)(y, s, p=p)), _rows(reference("ranx").rank_biased_precision(y, s, p=p)),
                 rtol=1e-9, atol=1e-12, what=f"{m}(p={p}) vs ranx")


# ------------------------------------------------------------------ claims: seed 001

SEED_001 = "seed 001, section Ranking"
SEED_004_DCG = "seed 004, section Discounted Cumulative Gain (DCG)"
SEED_004_NDCG = "seed 004, section Normalized Discounted Cumulative Gain (NDCG)"
Q1 = [1, 0, 1, 0, 1]
Q2 = [0, 0, 1, 1, 0]


def _claim(name, statement, source, quote, needs, **options):
    """Decorator: the claim ``claim.<name>``, quoted from ``source``."""
    return prop(f"claim.{name}", statement, kind="claim", source=source, quote=quote, needs=needs, **options)


@_claim("seed001.p_at_5", "the seed's two-query example: mean P@5 over q1 and q2 is 0.5", SEED_001,
        r"P@5: $\frac{1}{2} \times (\frac{3}{5} + \frac{2}{5}) = 0.5$.", _needs("precision_at_k"))
def _seed001_p5(t, ex):
    expect_printed(np.mean(t.precision_at_k([Q1, Q2], k=5)), "0.5", what="mean P@5")


@_claim("seed001.p_at_k_rows",
        "the seed's table of P@1..P@5 for q1 (1, 1/2, 2/3, 1/2, 3/5) and q2 (0, 0, 1/3, 1/2, 2/5)", SEED_001,
        "| P@$k$ for $q_1$ | 1    | 1/2  | 2/3  | 1/2  | 3/5  |", _needs("precision_at_k"))
def _seed001_rows(t, ex):
    printed = {0: [1, 1 / 2, 2 / 3, 1 / 2, 3 / 5], 1: [0, 0, 1 / 3, 1 / 2, 2 / 5]}
    for q, row in printed.items():
        got = [float(t.precision_at_k([Q1, Q2][q], k=k)) for k in range(1, 6)]
        expect_close(got, row, rtol=1e-12, what=f"P@1..5 of q{q + 1}")


for _q, _query, _printed, _quote in (
    (1, Q1, "0.756", r"$\frac{1}{3}\times (1 + \frac{2}{3} + \frac{3}{5}) = 0.756$"),
    (2, Q2, "0.417", r"$\frac{1}{2}\times (\frac{1}{3} + \frac{1}{2})=0.417$"),
):

    @_claim(f"seed001.ap_at_5_q{_q}", f"AP@5 of q{_q} (denominator: relevant items in the top 5) is {_printed}",
            SEED_001, _quote, _needs("average_precision_at_k", options=("k", "denominator")))
    def _seed001_ap(t, ex, query=_query, printed=_printed):
        expect_printed(t.average_precision_at_k(query, k=5, denominator="retrieved"), printed, what="AP@5")


@_claim("seed001.map_at_5", "MAP@5 over q1 and q2 (denominator: relevant items in the top 5) is 0.587", SEED_001,
        r"MAP@5: $\frac{1}{2} \times (0.756 + 0.417)=0.587$",
        _needs("mean_average_precision", options=("k", "denominator")))
def _seed001_map(t, ex):
    expect_printed(t.mean_average_precision([Q1, Q2], k=5, denominator="retrieved"), "0.587", what="MAP@5")


@_claim("seed001.dcg_idcg_at_5",
        "the seed's DCG@5 and IDCG@5 expressions for q1 and q2 are the DCG of the lists and of their ideal orders",
        SEED_001, r"$1 + \frac{1}{\log _ 2 4}+\frac{1}{\log_2 6}$ | $1+\frac{1}{\log _ 2 3}+\frac{1}{\log _ 2 4}$",
        _needs("dcg_at_k"))
def _seed001_dcg(t, ex):
    lg = math.log2
    expect_close(t.dcg_at_k(Q1, k=5), 1 + 1 / lg(4) + 1 / lg(6), what="DCG@5 q1")
    expect_close(t.dcg_at_k(sorted(Q1, reverse=True), k=5), 1 + 1 / lg(3) + 1 / lg(4), what="IDCG@5 q1")
    expect_close(t.dcg_at_k(Q2, k=5), 1 / lg(4) + 1 / lg(5), what="DCG@5 q2")
    expect_close(t.dcg_at_k(sorted(Q2, reverse=True), k=5), 1 + 1 / lg(3), what="IDCG@5 q2")


@_claim("seed001.mrr_definition", "MRR is the mean over queries of 1 / (rank of the first relevant item)", SEED_001,
        r"$\frac{1}{N} \sum _ {i=1}^N \frac{1}{r _ i}$  | $r$ is the first relevant item for each query.",
        ("mean_reciprocal_rank",),
        strategy=batches(scored=False, grades=st.integers(0, 1)).filter(lambda ex: (ex[0] > 0).any(axis=1).all()))
def _seed001_mrr(t, ex):
    y = ex[0]
    first = np.argmax(y > 0, axis=1) + 1
    expect_close(t.mean_reciprocal_rank(y), np.mean(1.0 / first), rtol=1e-12, what="MRR")


# ------------------------------------------------------------------ claims: seed 004

SET_A = [2, 3, 3, 1, 2]
SET_B = [3, 3, 2, 2, 1]


for _name, _list, _printed in (("a", SET_A, "6.64"), ("b", SET_B, "7.14")):

    @_claim(f"seed004.dcg_set_{_name}", f"DCG (linear gain) of set {_name.upper()} = {_list} is about {_printed}",
            SEED_004_DCG, rf"\approx {_printed}", _needs("dcg_at_k", options=("gain",)))
    def _seed004_dcg(t, ex, ranked=_list, printed=_printed):
        expect_printed(t.dcg_at_k(ranked, gain="linear"), printed, what="DCG (first expression)")


@_claim("seed004.dcg_a_below_b", "DCG of set A = [2, 3, 3, 1, 2] is below DCG of set B = [3, 3, 2, 2, 1]",
        SEED_004_DCG, r"DCG_A &< DCG_B", ("dcg_at_k",))
def _seed004_a_below_b(t, ex):
    expect(t.dcg_at_k(SET_A) < t.dcg_at_k(SET_B), "DCG_A is not below DCG_B")


@_claim("seed004.ndcg_example", "NDCG of the order [2, 3, 3, 1, 2] (linear gain) is about 0.93", SEED_004_NDCG,
        r"NDCG = \frac{DCG}{iDCG} = \frac{6.64}{7.14} \approx 0.93", _needs("ndcg_at_k", options=("gain",)))
def _seed004_ndcg(t, ex):
    expect_printed(t.ndcg_at_k(SET_A, gain="linear"), "0.93", what="NDCG")


@_claim("seed004.cumulative_rating",
        "cumulative rating read as the cumulated-gain vector: for every position i <= k, CG@i is the total grade of "
        "the documents at or above rank i",
        "seed 004, section Summary of Recommender Systems' Evaluation Metrics (Raza & Ding 2020's table)",
        "The total relevance of all documents at or above each rank position in the top $\\boldsymbol{k}.$",
        _needs("cumulative_gain_at_k"), strategy=batches(scored=False))
def _seed004_cumulative_rating(t, ex):
    y = ex[0]
    for i in range(1, y.shape[1] + 1):
        expect_close(_rows(t.cumulative_gain_at_k(y, k=i)), y[:, :i].sum(axis=1), rtol=1e-12, atol=1e-12,
                     what=f"CG@{i} vs the grades at or above rank {i}")


@_claim("seed004.binary_gains_agree",
        "with binary grades, DCG and NDCG are the same under the linear and the exponential gain", SEED_004_DCG,
        "If the relevance scores are binary, i.e. either 0 or 1, DCG and NDCG yield the same result.",
        ("dcg_at_k", "ndcg_at_k", "dcg_at_k:gain", "ndcg_at_k:gain"), strategy=batches(grades=st.integers(0, 1)))
def _seed004_binary(t, ex):
    for m in GAIN_METRICS:
        _gains_agree(t, m, ex)


@_claim("seed004.ndcg_in_unit_interval",
        "NDCG lies in [0, 1] for any grades, including the negative grades the seed itself suggests", SEED_004_NDCG,
        "This ratio will always be in the range [0, 1].", ("ndcg_at_k",),
        strategy=batches(scored=False, grades=st.integers(-2, 3)))
def _seed004_unit(t, ex):
    expect_in_range(t.ndcg_at_k(*positional(ex)), 0.0, 1.0, what="NDCG")


@_claim("seed004.irrelevant_not_penalized",
        "appending irrelevant (grade 0) documents at the end of a ranked list does not change its NDCG",
        SEED_004_NDCG, "NDCG does not penalize irrelevant search results.", ("ndcg_at_k",),
        strategy=st.tuples(batches(scored=False), st.integers(1, 4)))
def _seed004_irrelevant(t, ex):
    (y, _, _), extra = ex
    padded = np.hstack([y, np.zeros((y.shape[0], extra))])
    expect_close(_rows(t.ndcg_at_k(padded)), _rows(t.ndcg_at_k(y)), rtol=1e-12, what="NDCG after appending zeros")


# ------------------------------------------------------------------ claims: the libraries (Tamm et al. 2021)
# The definitions each bundled library computes (docs/recommender_agreement.md) and the paper's findings about
# them, judged on the libraries bundled here (properties.engine.report.agreement).

from properties.engine.report.agreement import AgreementDoc, ClaimVerdict, Row, Table, Variant, agreement_table  # noqa: E402
from properties.engine.report.agreement import claim_verdict  # noqa: E402
from properties.engine.report.agreement import difference_calls, difference_lines, groups_text, tiny_rankings  # noqa: E402

def _every_query_relevant(example) -> bool:
    return all(any(query) for query in example.grades)


_BINARY = tiny_rankings((0, 1), max_docs=4, max_queries=2, max_docs_per_batch={2: 2})
_BINARY_RANKINGS = tuple(x for x in _BINARY if _every_query_relevant(x))
#: from 2 documents on: scikit-learn refuses one-document queries whatever their grades, which would hide its 0/0
_NOTHING_RELEVANT = tuple(x for x in _BINARY if not _every_query_relevant(x) and len(x.grades[0]) > 1)
_GRADED_RANKINGS = tuple(x for x in tiny_rankings((0, 1, 2), max_docs=3) if _every_query_relevant(x))
_LISTS = ("1 ranked list of 1 to 4 documents or 2 lists of 1 or 2 documents, k from 1 to the list length (each "
          "list has at least k items, as a top-k recommendation list has), passed as `y_true` with no scores")
_BINARY_DOMAIN = f"every batch of {_LISTS}, binary relevance (grades 0 and 1), every query with a relevant document"
_NOTHING_DOMAIN = (f"every batch of {_LISTS}, binary relevance, some query with no relevant document, 2 documents or "
                   "more (scikit-learn refuses one-document queries, whatever their grades)")
_GRADED_DOMAIN = ("every ranked list of 1 to 3 documents with grades 0, 1 and 2 (graded relevance: ratings), k "
                  "from 1 to the list length, a relevant document in each list")
_EMPTY = (("0 when nothing is relevant", {}), ("NaN when nothing is relevant", {"no_relevant": "nan"}))


def _product(*axes) -> tuple:
    """The catalog variants of every combination of the axes, each a list of (label, options)."""
    return tuple(Variant(", ".join(label for label, _ in combo if label),
                         {key: value for _, options in combo for key, value in options.items()})
                 for combo in itertools.product(*axes))


_CUT = (("", {}), ("no cutoff (k ignored)", {"k": None}))
_AP_DENOMINATORS = (("AP over R (every relevant document)", {"denominator": "total"}),
                    ("AP over min(k, R)", {"denominator": "min"}),
                    ("AP over the relevant documents in the top k", {"denominator": "retrieved"}),
                    ("AP over R with no cutoff (k ignored)", {"k": None}))
_GAINS = (("linear gain", {"gain": "linear"}), ("exponential gain", {"gain": "exponential"}))

_MAIN_ROWS = (
    Row("map", "MAP@k", "mean_average_precision", "mean", _BINARY_RANKINGS, _product(_AP_DENOMINATORS),
        _BINARY_DOMAIN),
    Row("ndcg", "NDCG@k", "ndcg_at_k", "per_query", _BINARY_RANKINGS, _product((("NDCG", {}),), _CUT),
        _BINARY_DOMAIN + " (linear and exponential gain coincide on binary grades)"),
    Row("ndcg_graded", "NDCG@k, graded relevance", "ndcg_at_k", "per_query", _GRADED_RANKINGS,
        _product(_GAINS, _CUT)
        + tuple(dataclasses.replace(v, binary=True) for v in _product((("binary gain (grade > 0 counts 1)", {}),),
                                                                        _CUT)), _GRADED_DOMAIN),
    Row("hit_rate", "hit rate@k", "hit_rate_at_k", "mean", _BINARY_RANKINGS,
        _product((("hit in the top k", {}), ("hit anywhere in the list (k ignored)", {"k": None}))), _BINARY_DOMAIN),
    Row("mrr", "MRR@k", "mean_reciprocal_rank", "mean", _BINARY_RANKINGS,
        _product((("RR cut at k (0 when the first relevant document is below k)", {}),
                  ("RR with no cutoff (k ignored)", {"k": None}))), _BINARY_DOMAIN),
    Row("precision", "precision@k", "precision_at_k", "per_query", _BINARY_RANKINGS,
        _product((("relevant documents in the top k, over k", {}), ("over the whole list (k ignored)", {"k": None}))),
        _BINARY_DOMAIN),
    Row("recall", "recall@k", "recall_at_k", "per_query", _BINARY_RANKINGS,
        _product((("relevant documents in the top k, over R", {}), ("over the whole list (k ignored)", {"k": None}))),
        _BINARY_DOMAIN),
)
#: the same metrics where a query has nothing relevant (0/0 for AP, NDCG and recall): the libraries' conventions
#: there, refusals included, compared on their own (a recommender evaluation usually drops such users)
_NOTHING_RELEVANT_ROWS = tuple(
    dataclasses.replace(row, key=f"{row.key}_nothing_relevant", title=f"{row.title}, a query with nothing relevant",
                        inputs=_NOTHING_RELEVANT, domain=_NOTHING_DOMAIN, refusals_compared=True,
                        variants=tuple(Variant(f"{v.label}, {label}", {**v.options, **options}, v.binary)
                                       for v in row.variants for label, options in _EMPTY)
                        if row.metric in WITH_NO_RELEVANT else row.variants)
    for row in _MAIN_ROWS if row.key != "ndcg_graded")
AGREEMENT_ROWS = _MAIN_ROWS + _NOTHING_RELEVANT_ROWS


@functools.lru_cache(maxsize=1)
@functools.lru_cache(maxsize=1)
def recommender_agreement() -> Table:
    """The cross-library table of :data:`AGREEMENT_ROWS` over the bundled libraries (computed once per process)."""
    return agreement_table(AGREEMENT_ROWS)


AGREEMENT_DOCS = (AgreementDoc(
    "recommender_agreement", "Recommender metrics across libraries: which definition each one computes",
    ("Tamm, Damdinov & Vasilev (\"Quality Metrics in Recommender Systems: Do We Calculate Metrics Consistently?\", "
     "RecSys 2021) computed the same metrics on the same predictions with ten recommender libraries and found that "
     "they disagree. This table is that comparison, computed over the libraries bundled here: every bundled target "
     "whose adapter maps the metric, called through its adapter (in a child process, as the audit calls it), on every "
     "tiny input of the metric's domain. Libraries that give the same value on every input form one definition, "
     "named by the catalog variants (`metrics.ranking`'s options) that give those values too; for each pair of "
     "definitions, the smallest input on which they differ, with each side's call. A library whose function has no "
     "`k` is called without it (marked \"no k\"); per-query metrics (NDCG, precision, recall) are averaged over the "
     "queries of the batch. The paper's findings, judged on these libraries, are claims in `docs/claims.md` "
     "(`ranking.claim.tamm2021.*`).",),
    lambda: recommender_agreement()),)


TAMM_2021 = ("Tamm, Damdinov & Vasilev, \"Quality Metrics in Recommender Systems: Do We Calculate Metrics "
             "Consistently?\", RecSys 2021 (arXiv:2206.12858), abstract and evaluation section")
_TAMM_PRECISION = ("We find that Precision is the only metric universally understood among papers and libraries, "
                   "while other metrics may have different interpretations.")
_TAMM_DIFFERENT = ("Metrics implemented in different libraries sometimes have the same name but measure different "
                   "things, which leads to different results given the same input.")
_TAMM_COUNTS = ("(not the paper's wording: its evaluation section reports that, on the same predictions, MAP took "
                "{count} different values across the libraries it compared)")


def _metrics_of(row_keys):
    return tuple(dict.fromkeys(row.metric for row in AGREEMENT_ROWS if row.key in row_keys))


def only_precision_agrees(table: Table) -> ClaimVerdict:
    """Precision@k is the one metric of the table every library computes the same way."""
    agreeing = [r for r in table.rows if r.row in _MAIN_ROWS and len(r.groups) == 1 and len(r.groups[0].members) > 1]
    precision_row = table.result("precision")
    others = [r for r in agreeing if r.row.key != "precision"]
    holds = len(precision_row.groups) == 1 and not others
    detail = "; ".join(f"{r.row.title}: {len(r.groups)} definition(s)" for r in table.rows if r.row in _MAIN_ROWS)
    counterexample = ""
    if len(precision_row.groups) > 1:
        counterexample = "\n".join(difference_lines(precision_row))
    elif others:
        counterexample = "\n".join(f"{r.row.title} is computed the same way by every library that maps it "
                                   f"({', '.join(r.groups[0].members)}): {r.groups[0].name}" for r in others)
    reproduction = difference_calls(table, precision_row) if len(precision_row.groups) > 1 else ""
    return claim_verdict(table, _metrics_of({row.key for row in _MAIN_ROWS}), holds, detail,
                         counterexample=counterexample, reproduction=reproduction)


def distinct_definitions(key: str, expected: int):
    """The row ``key`` takes exactly ``expected`` values (distinct definitions) across the libraries."""

    def judge(table: Table) -> ClaimVerdict:
        result = table.result(key)
        found = len(result.groups)
        detail = f"{result.row.title}: {found} distinct definition(s) across the bundled libraries: " \
                 f"{groups_text(result)}"
        return claim_verdict(table, _metrics_of({key}), found == expected, detail,
                             counterexample="" if found == expected else "\n".join(difference_lines(result)),
                             reproduction="" if found == expected else difference_calls(table, result))

    judge.__name__ = f"{key}_takes_{expected}_values"
    return judge


def libraries_differ(*keys):
    """Each of the rows ``keys`` takes at least two values across the libraries."""

    def judge(table: Table) -> ClaimVerdict:
        results = [table.result(key) for key in keys]
        agree = [r for r in results if len(r.groups) < 2]
        detail = "; ".join(f"{r.row.title}: {len(r.groups)} definition(s): {groups_text(r)}" for r in results)
        counterexample = "\n".join(f"{r.row.title} is computed the same way by every library that maps it: "
                                   f"{', '.join(r.groups[0].members) if r.groups else 'none'}" for r in agree)
        witnesses = "\n".join(line for r in results for line in difference_lines(r))
        return claim_verdict(table, _metrics_of(set(keys)), not agree, detail,
                             counterexample=counterexample or witnesses,
                             reproduction="\n".join(difference_calls(table, r) for r in results))

    judge.__name__ = f"{'_and_'.join(keys)}_differ"
    return judge


def _library_claim(name, statement, quote, judge):
    def agreement_claim(t, ex):
        verdict = judge(recommender_agreement())
        expect(verdict.verdict == "holds", f"the claim is {verdict.verdict}: {verdict.detail}")

    register(f"claim.tamm2021.{name}", statement, kind="claim", needs=(), check=agreement_claim, source=TAMM_2021,
             quote=quote, verdict=lambda: judge(recommender_agreement()), family="ranking")


_library_claim("only_precision_agrees",
               "of MAP@k, NDCG@k, hit rate@k, MRR@k, precision@k and recall@k, precision@k is the only metric that "
               "every bundled library computes the same way (the same value on every tiny ranked input)",
               _TAMM_PRECISION, only_precision_agrees)
_library_claim("map_takes_five_values",
               "the bundled libraries compute five different definitions of MAP@k (five groups of libraries that "
               "give different values on some tiny ranked input)",
               _TAMM_DIFFERENT + "\n" + _TAMM_COUNTS.format(count="five"), distinct_definitions("map", 5))
_library_claim("ndcg_takes_two_values",
               "the bundled libraries compute two different definitions of NDCG@k on binary relevance (the paper's "
               "setting: ratings thresholded into relevant or not)",
               _TAMM_DIFFERENT + "\n" + _TAMM_COUNTS.replace("MAP", "NDCG").format(count="two"),
               distinct_definitions("ndcg", 2))
_library_claim("hit_rate_and_mrr_differ",
               "hit rate@k and MRR@k each take at least two different values across the bundled libraries",
               _TAMM_DIFFERENT, libraries_differ("hit_rate", "mrr"))


from . import retrieval_mappings  # noqa: E402,F401 - the mapping form's laws (qrels and runs), of this family
