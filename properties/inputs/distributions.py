"""Probability distributions and token probabilities (the probabilistic family's inputs).

Distributions are drawn as normalised integer counts, so that sums are exact
and zeros are frequent; token probabilities mix wide floats with exact powers
of two and a few tiny values.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from . import ROUNDED, InputShape, Recast, float_recasts, list_recast, mapped_edges, with_edges


@st.composite
def _distributions(draw, n=None, *, zeros=True):
    n = n if n is not None else draw(st.integers(1, 12))
    low = 0 if zeros else 1
    weights = np.array(draw(st.lists(st.integers(low, 20), min_size=n, max_size=n)), dtype=float)
    if weights.sum() == 0:
        weights[draw(st.integers(0, n - 1))] = 1.0
    return weights / weights.sum()


@st.composite
def _distribution_pairs(draw, *, q_zeros=False):
    n = draw(st.integers(1, 12))
    return draw(_distributions(n)), draw(_distributions(n, zeros=q_zeros))


# ------------------------------------------------------------------ edge cases


def _f64(values) -> np.ndarray:
    return np.array(values, dtype=np.float64)


#: the smallest positive (subnormal) float64
TINIEST = 5e-324
#: uniform over 1024 categories: 1/1024 is exact, so is the sum
_UNIFORM_1024 = np.full(1024, 1 / 1024)
#: 1024 categories alternately 1/2048 and 3/2048 (exact, summing to 1)
_ALTERNATING_1024 = np.tile(_f64([1 / 2048, 3 / 2048]), 512)


#: four categories a hair from uniform (1/4 -/+ 2**-30, exact): the entropy a hair below log 4
_NEAR_UNIFORM = _f64([0.25 + 2.0**-30, 0.25 - 2.0**-30, 0.25, 0.25])


def distribution_edges(*, zeros: bool = True) -> tuple:
    """Single distributions that break entropy-like metrics: a point mass (alone and among zeros), two
    categories, the uniform distribution over 1024 categories (log V large, every term equal), a
    distribution a hair from uniform, and a subnormal probability beside 1 (p log p of the smallest
    float64). ``zeros=False``: those without a zero."""
    edges = [
        ("point_mass", _f64([1.0])),
        ("point_mass_among_zeros", _f64([0.0, 1.0, 0.0])),
        ("two_categories", _f64([0.25, 0.75])),
        ("uniform_1024_categories", _UNIFORM_1024.copy()),
        ("near_uniform", _NEAR_UNIFORM.copy()),
        ("subnormal_probability", _f64([TINIEST, 1.0])),
    ]
    return tuple((name, p) for name, p in edges if zeros or (p > 0).all())


def distribution_pair_edges(*, q_zeros: bool = False) -> tuple:
    """(p, q) that break divergences: p and q identical, a point mass p against a spread q, zeros in p
    where q > 0, a subnormal q_i under p_i = 1/2 (p/q overflows: the log ratio must be a difference of
    logs), two categories, 1024 categories (uniform p against an alternating q); with ``q_zeros``, also a
    zero in q where p > 0 (the divergence is +inf) and zeros in both at the same place; and a distribution a
    hair from uniform against the uniform one (a divergence of 2**-60: a difference of cross entropy and
    entropy, each ~1.39, keeps no digit of it)."""
    edges = [
        ("identical", (_f64([0.25, 0.5, 0.25]), _f64([0.25, 0.5, 0.25]))),
        ("near_uniform_against_uniform", (_NEAR_UNIFORM.copy(), np.full(4, 0.25))),
        ("point_mass_p", (_f64([0.0, 1.0, 0.0]), _f64([0.25, 0.5, 0.25]))),
        ("zeros_in_p_where_q_positive", (_f64([0.5, 0.0, 0.5, 0.0]), _f64([0.125, 0.375, 0.25, 0.25]))),
        ("subnormal_q", (_f64([0.5, 0.5]), _f64([TINIEST, 1.0]))),
        ("two_categories", (_f64([0.25, 0.75]), _f64([0.75, 0.25]))),
        ("1024_categories", (_UNIFORM_1024.copy(), _ALTERNATING_1024.copy())),
        ("zero_in_q_where_p_positive", (_f64([0.5, 0.5, 0.0]), _f64([0.0, 0.5, 0.5]))),
        ("zeros_in_both", (_f64([0.5, 0.0, 0.5]), _f64([0.75, 0.0, 0.25]))),
    ]
    return tuple((name, (p, q)) for name, (p, q) in edges if q_zeros or (q > 0).all())


def token_probability_edges() -> tuple:
    """Token probabilities that break perplexity: every token certain (perplexity 1), one token, twenty
    tokens of probability 1e-20 (their product, 1e-400, underflows: the mean must be taken over logs), a
    subnormal probability, and one zero (perplexity +inf)."""
    return (
        ("all_certain", _f64([1.0, 1.0, 1.0])),
        ("single_token", _f64([0.5])),
        ("product_underflows", np.full(20, 1e-20)),
        ("subnormal_probability", _f64([TINIEST, 0.5, 1.0])),
        ("a_zero_probability", _f64([0.5, 0.0, 0.25])),
    )


def equal_length_corpus_edges() -> tuple:
    """Corpora of token probability sequences of one length: certain tokens, probabilities whose product
    underflows (1e-20 each), one sequence of one token, and sequences of one length with very different
    probabilities (their perplexities 1 and 1e6)."""
    return (
        ("all_certain_equal_lengths", [_f64([1.0, 1.0]), _f64([1.0, 1.0])]),
        ("products_underflow", [np.full(20, 1e-20), np.full(20, 1e-20)]),
        ("one_token", [_f64([0.5])]),
        ("certain_beside_improbable", [_f64([1.0, 1.0, 1.0]), _f64([1e-6, 1e-6, 1e-6])]),
    )


def distributions(n=None, *, zeros=True):
    """Distributions over ``n`` categories (1..12 drawn), normalised integer counts (some zero unless
    ``zeros`` is false); with the edge cases of :func:`distribution_edges` (where ``n`` is not fixed)."""
    return with_edges(_distributions(n, zeros=zeros), distribution_edges(zeros=zeros) if n is None else ())


def distribution_pairs(*, q_zeros=False):
    """(p, q) over the same 1..12 categories, q without zeros unless ``q_zeros``; with the edge cases of
    :func:`distribution_pair_edges`."""
    return with_edges(_distribution_pairs(q_zeros=q_zeros), distribution_pair_edges(q_zeros=q_zeros))


token_probs = with_edges(st.lists(
    st.one_of(st.floats(1e-6, 1.0), st.sampled_from([1.0, 0.5, 0.25, 1e-12])), min_size=1, max_size=20
).map(lambda v: np.array(v, dtype=float)), token_probability_edges())
corpora = with_edges(st.lists(token_probs, min_size=1, max_size=5), (
    *mapped_edges(token_probability_edges(), lambda p: [p]),
    ("sequences_of_different_lengths", [_f64([0.5]), _f64([0.25, 1.0, 0.5, 0.125]), _f64([1.0, 1.0])]),
    ("every_edge_one_corpus", [p for _, p in token_probability_edges()]),
))


_DIST_DEFECTS = ("negative", "above_one", "not_normalised", "nan", "empty", "two_dimensional", "length_mismatch")


@st.composite
def bad_distribution_pairs(draw):
    """(p, q, argument at fault or None, defect): one defect among the kinds every distribution metric
    refuses; ``defect`` is one of :data:`_DIST_DEFECTS`."""
    p, q = draw(distribution_pairs())
    defect = draw(st.sampled_from(_DIST_DEFECTS))
    at_fault = draw(st.sampled_from(["p", "q"]))
    v = (p if at_fault == "p" else q).copy()
    if defect == "negative":
        v = np.append(v, -0.25)
    elif defect == "above_one":
        v = np.append(v * 0.0, 1.5)
    elif defect == "not_normalised":
        v = v * 0.5
    elif defect == "nan":
        v[0] = np.nan
    elif defect == "empty":
        return p[:0], q[:0], None, defect
    elif defect == "two_dimensional":
        v = np.stack([v, v])
    else:
        return p, np.append(q * 0.5, 0.5), "q", defect
    return (v, q, "p", defect) if at_fault == "p" else (p, v, "q", defect)


# ------------------------------------------------------------------ the shapes, for the generic properties


def _take(ex, idx):
    return tuple(a[idx] for a in ex)


def _recaster(names: str):
    def recast(ex) -> list[Recast]:
        """The probabilities rounded to float32 and to float16 (all within [0, 1]), and as Python lists.
        Rounded values that no longer sum to 1 closely enough for the metric are outside its domain:
        the property skips a conversion whose float64 baseline the metric refuses."""
        size = sum(len(a) for a in ex)
        return [*float_recasts(names, list(ex), tuple, ops=size, float16_bound=1.0),
                list_recast(names, list(ex), tuple, versus="float64")]

    return recast


_DTYPES = f"float32, and float16 where every value is a normal float16, {ROUNDED}; Python lists"

#: one distribution p; the samples are its categories (permuting them permutes p)
DISTRIBUTION = InputShape(
    name="a probability distribution",
    examples=lambda name: with_edges(distributions().map(lambda p: (p,)), mapped_edges(distribution_edges(),
                                                                                         lambda p: (p,))),
    size=lambda ex: len(ex[0]),
    take=_take,
    call=lambda t, name, ex, **kw: getattr(t, name)(ex[0], **kw),
    bad=lambda name: bad_distribution_pairs().filter(
        lambda e: e[2] == "p" and len(e[0]) == len(e[1]) or e[2] is None).map(lambda e: ((e[0],), e[2], e[3])),
    recast=_recaster("p"),
    dtypes=_DTYPES,
)

#: two distributions (p, q) over the same categories, permuted together
DISTRIBUTION_PAIRS = InputShape(
    name="two probability distributions",
    examples=lambda name: distribution_pairs(),
    size=lambda ex: len(ex[0]),
    take=_take,
    call=lambda t, name, ex, **kw: getattr(t, name)(ex[0], ex[1], **kw),
    perfect=lambda name: with_edges(distributions().map(lambda p: (p, p.copy())),
                                    mapped_edges(distribution_edges(), lambda p: (p, p.copy()))),
    bad=lambda name: bad_distribution_pairs().map(lambda e: (e[:2], e[2], e[3])),
    recast=_recaster("p, q"),
    dtypes=_DTYPES,
)

#: the probabilities a model gave to each token of one sequence; the samples are the tokens
TOKEN_PROBABILITIES = InputShape(
    name="token probabilities",
    examples=lambda name: with_edges(token_probs.map(lambda p: (p,)),
                                     mapped_edges(token_probability_edges(), lambda p: (p,))),
    size=lambda ex: len(ex[0]),
    take=_take,
    call=lambda t, name, ex, **kw: getattr(t, name)(ex[0], **kw),
    perfect=lambda name: with_edges(token_probs.map(lambda p: (np.ones_like(p),)),
                                    mapped_edges(token_probability_edges(), lambda p: (np.ones_like(p),))),
    recast=_recaster("token_probs"),
    dtypes=_DTYPES,
)

#: a corpus: sequences of token probabilities; the samples are the sequences
CORPORA = InputShape(
    name="a corpus of token probability sequences",
    examples=lambda name: corpora,
    size=len,
    take=lambda ex, idx: [ex[i] for i in idx],
    call=lambda t, name, ex, **kw: getattr(t, name)(list(ex), **kw),
    perfect=lambda name: with_edges(corpora.map(lambda c: [np.ones_like(p) for p in c]),
                                    mapped_edges(corpora.edges, lambda c: [np.ones_like(p) for p in c])),
    recast=lambda ex: [*float_recasts("every sequence", list(ex), list, ops=sum(map(len, ex)), float16_bound=1.0),
                       list_recast("every sequence", list(ex), list, versus="float64")],
    dtypes=_DTYPES,
)
