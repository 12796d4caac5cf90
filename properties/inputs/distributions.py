"""Probability distributions and token probabilities (the probabilistic family's inputs).

Distributions are drawn as normalised integer counts, so that sums are exact
and zeros are frequent; token probabilities mix wide floats with exact powers
of two and a few tiny values.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from . import ROUNDED, InputShape, Recast, float_recasts, list_recast


@st.composite
def distributions(draw, n=None, *, zeros=True):
    n = n if n is not None else draw(st.integers(1, 12))
    low = 0 if zeros else 1
    weights = np.array(draw(st.lists(st.integers(low, 20), min_size=n, max_size=n)), dtype=float)
    if weights.sum() == 0:
        weights[draw(st.integers(0, n - 1))] = 1.0
    return weights / weights.sum()


@st.composite
def distribution_pairs(draw, *, q_zeros=False):
    n = draw(st.integers(1, 12))
    return draw(distributions(n)), draw(distributions(n, zeros=q_zeros))


token_probs = st.lists(
    st.one_of(st.floats(1e-6, 1.0), st.sampled_from([1.0, 0.5, 0.25, 1e-12])), min_size=1, max_size=20
).map(lambda v: np.array(v, dtype=float))
corpora = st.lists(token_probs, min_size=1, max_size=5)


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
    examples=lambda name: distributions().map(lambda p: (p,)),
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
    perfect=lambda name: distributions().map(lambda p: (p, p.copy())),
    bad=lambda name: bad_distribution_pairs().map(lambda e: (e[:2], e[2], e[3])),
    recast=_recaster("p, q"),
    dtypes=_DTYPES,
)

#: the probabilities a model gave to each token of one sequence; the samples are the tokens
TOKEN_PROBABILITIES = InputShape(
    name="token probabilities",
    examples=lambda name: token_probs.map(lambda p: (p,)),
    size=lambda ex: len(ex[0]),
    take=_take,
    call=lambda t, name, ex, **kw: getattr(t, name)(ex[0], **kw),
    perfect=lambda name: token_probs.map(lambda p: (np.ones_like(p),)),
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
    perfect=lambda name: corpora.map(lambda c: [np.ones_like(p) for p in c]),
    recast=lambda ex: [*float_recasts("every sequence", list(ex), list, ops=sum(map(len, ex)), float16_bound=1.0),
                       list_recast("every sequence", list(ex), list, versus="float64")],
    dtypes=_DTYPES,
)
