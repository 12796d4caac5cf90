"""Hypothesis strategies for paired real-valued arrays (regression, correlation, probabilistic).

Shared by those families. Sizes stay small (<= 30) for speed; values
come from a mix that reaches the edges: integers (ties, exact arithmetic),
a binary grid (exact translation/scaling), and wide-range floats.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from . import (FLOAT16_REALS, ROUNDED, InputShape, Recast, float_recasts, integer_recasts, list_recast, mapped_edges,
               with_edges)

MAX_SIZE = 30

#: multiples of 1/8 in [-1000, 1000]: sums, shifts by integers and scalings by
#: powers of two are exact, so invariances can be checked tightly
grid = st.integers(-8000, 8000).map(lambda k: k / 8.0)
small_ints = st.integers(-4, 4).map(float)
wide = st.floats(-1e6, 1e6, allow_nan=False, allow_subnormal=False)
reals = st.one_of(small_ints, grid, wide)


def vectors(elements=reals, *, min_size: int = 1, max_size: int = MAX_SIZE):
    return st.lists(elements, min_size=min_size, max_size=max_size).map(
        lambda xs: np.array(xs, dtype=np.float64)
    )


@st.composite
def pairs(draw, elements=reals, *, min_size: int = 1, max_size: int = MAX_SIZE, with_weights: bool = False):
    """(a, b) or (a, b, w): two equal-length float arrays, optionally positive weights."""
    n = draw(st.integers(min_size, max_size))
    a = np.array(draw(st.lists(elements, min_size=n, max_size=n)), dtype=np.float64)
    b = np.array(draw(st.lists(elements, min_size=n, max_size=n)), dtype=np.float64)
    if not with_weights:
        return a, b
    w = np.array(draw(st.lists(st.integers(1, 5), min_size=n, max_size=n)), dtype=np.float64)
    return a, b, w


def non_constant(a: np.ndarray) -> bool:
    return a.size >= 2 and bool((a != a[0]).any())


@st.composite
def bad_vector_pair(draw, *, first: str, second: str, min_size: int = 1, domain=grid):
    """(a, b, argument_at_fault, defect): one input defect among the kinds every metric refuses.

    ``argument_at_fault`` is None when either argument may be named (both empty). ``defect`` names the
    kind: ``empty``, ``length_mismatch``, ``nan``, ``inf`` or ``two_dimensional``.
    A length mismatch is blamed on ``second`` (checked after ``first``).
    """
    n = draw(st.integers(max(min_size, 1), 8))
    a = np.array(draw(st.lists(domain, min_size=n, max_size=n)), dtype=np.float64)
    b = np.array(draw(st.lists(domain, min_size=n, max_size=n)), dtype=np.float64)
    defect = draw(st.sampled_from(["length_mismatch", "empty", "nan", "inf", "two_dimensional"]))
    if defect == "empty":
        return a[:0], b[:0], None, defect
    if defect == "length_mismatch":
        if draw(st.booleans()):
            return a, np.append(b, b[:1] + 1.0), second, defect
        return np.append(a, a[:1] + 1.0), b, second, defect
    at_fault = draw(st.sampled_from([first, second]))
    victim = (a if at_fault == first else b).copy()
    if defect == "two_dimensional":
        victim = np.stack([victim, victim], axis=1)
    else:
        bad = np.nan if defect == "nan" else draw(st.sampled_from([np.inf, -np.inf]))
        victim[draw(st.integers(0, n - 1))] = bad
    return (victim, b, at_fault, defect) if at_fault == first else (a, victim, at_fault, defect)


# ------------------------------------------------------------------ edge cases


def _f64(values) -> np.ndarray:
    return np.array(values, dtype=np.float64)


#: unit spread around 0 at n = 10, on the binary grid (float32 holds 1e4 + these exactly)
_UNIT_SPREAD = _f64([-1.5, -1.0, -0.5, 0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5])


def pair_edges(min_size: int = 1) -> tuple:
    """The pairs that break real-valued metrics: a constant y_true, every value tied, duplicated samples,
    a single sample, an offset much larger than the spread at small n (1e4 with unit spread: float32 holds
    the values, a one-pass variance in float32 does not; and 1e4 + tenths, which float32 rounds), the
    largest magnitude of :data:`wide` (1e6) and a tiny normal one (1e-300). Every value is one of
    :data:`reals` (the checks of the shapes with another domain filter them, see :func:`real_pairs_shape`)."""
    offset = 1e4 + _UNIT_SPREAD
    edges = [
        ("constant_first", (_f64([3.0, 3.0, 3.0, 3.0]), _f64([1.0, 2.0, 3.0, 4.5]))),
        ("all_tied", (_f64([2.0, 2.0, 2.0]), _f64([2.0, 2.0, 2.0]))),
        ("duplicates", (_f64([1.0, 1.0, 4.0, 4.0, 1.0]), _f64([0.5, 0.5, 3.0, 3.0, 0.5]))),
        ("offset_1e4_unit_spread_float32_exact", (offset, offset + _UNIT_SPREAD[::-1] / 4)),
        ("offset_1e4_unit_spread_float64", (1e4 + np.arange(10) / 10, 1e4 + np.arange(10)[::-1] / 10)),
        ("magnitude_1e6", (_f64([1e6, -1e6, 5e5, 0.0]), _f64([-1e6, 1e6, 0.0, 2.5e5]))),
        ("magnitude_1e-300", (_f64([1e-300, 3e-300, 2e-300]), _f64([2e-300, 1e-300, 4e-300]))),
        ("single_sample", (_f64([1.5]), _f64([-0.5]))),
    ]
    return tuple((name, ex) for name, ex in edges if len(ex[0]) >= min_size)


def log_pair_edges(machine_epsilon: bool = False) -> tuple:
    """Pairs inside a logarithmic error's domain (every value > -1) that non-negative draws never reach: values in
    (-1, 0) (y_true = -0.5 against 0 is (log 0.5)^2 = 0.48, which a library clipping to an epsilon scores 0), and
    -1 + 2^-10 (exact in float16 and float32, so the dtype axis keeps it inside the domain); with
    ``machine_epsilon`` also -1 + 2^-53 (the float64 value next to -1, whose log1p is -36.7: float32 rounds it to
    -1, so only properties without the dtype axis take it)."""
    edges = [
        ("log_domain_negative", (_f64([-0.5, 0.0, 2.0]), _f64([0.0, -0.25, 1.0]))),
        ("log_domain_near_minus_one", (_f64([-1 + 2**-10, 0.5]), _f64([0.0, -1 + 2**-10]))),
    ]
    if machine_epsilon:
        edges.append(("log_domain_minus_one_plus_epsilon", (_f64([np.nextafter(-1.0, 0.0), 1.0]), _f64([0.0, 1.0]))))
    return tuple(edges)


def weighted_pair_edges(min_size: int = 1) -> tuple:
    """((a, b), integer weights): a zero weight first, in the middle and last (an integer weight of 0 is
    the sample left out), and weights on a pair offset by 990 with unit spread (the largest offset of the
    binary grid the weighted examples are drawn from)."""
    a, b = _f64([1.0, 2.0, 3.5, 0.5, 2.0]), _f64([0.5, 1.0, 2.0, 2.5, 2.0])  # on the non-negative grid too
    edges = [
        ("zero_weight_first", ((a, b), _f64([0, 1, 2, 1, 3]))),
        ("zero_weight_middle", ((a, b), _f64([2, 1, 0, 1, 3]))),
        ("zero_weight_last", ((a, b), _f64([1, 3, 2, 1, 0]))),
        ("weights_offset_990", ((990 + _UNIT_SPREAD, 990 + _UNIT_SPREAD[::-1]), _f64([1, 2, 3, 4, 5] * 2))),
    ]
    return tuple((n, ex) for n, ex in edges if len(ex[0][0]) - int((ex[1] == 0).sum()) >= max(min_size, 1))


def weighted_triple_edges(min_size: int = 1, fractional: bool = True) -> tuple:
    """(a, b, w) for the strategies that draw ``pairs(..., with_weights=True)``: the integer-weight edges of
    :func:`weighted_pair_edges`, and with ``fractional`` weights that are not integers: a zero weight first
    among fractions (a weighted mean that divides by the first weight, or rounds weights to integers), and
    every weight near 1e-6 (a library that adds an epsilon to the weight sum, or compares weights with 1)."""
    edges = [(name, (a, b, w)) for name, ((a, b), w) in weighted_pair_edges(min_size)]
    if fractional:
        a, b = _f64([1.0, 2.0, 3.5, 0.5, 2.0]), _f64([0.5, 1.0, 2.0, 2.5, 2.0])
        edges += [("fractional_weights_zero_first", (a, b, _f64([0.0, 0.25, 1.5, 0.125, 3.75]))),
                  ("weights_near_1e-6", (a, b, _f64([1e-6, 3e-6, 2.5e-6, 1e-6, 4e-6])))]
    return tuple(edges)


def within_reals(values) -> bool:
    """Whether every value could be drawn by :data:`reals`: finite, within 1e6, zero or normal."""
    v = np.abs(np.asarray(values, dtype=np.float64))
    return bool(np.isfinite(v).all() and v.max(initial=0) <= 1e6 and not ((v > 0) & (v < 2.2250738585072014e-308)).any())


def _edges_within(edges, domain, arrays=lambda ex: ex) -> tuple:
    return tuple((name, ex) for name, ex in edges if all(domain(a) for a in arrays(ex)))


# ------------------------------------------------------------------ the shape, for the generic properties


def bad_pair_edges(second: str) -> tuple:
    """Bad pairs every profile reaches (``(name, ((a, b), argument at fault, defect))``): ``second`` of one value
    against four samples, which NumPy would broadcast (positive values: inside every shape's domain)."""
    return (("broadcast_" + second, ((_f64([1.0, 2.0, 3.5, 0.5]), _f64([2.0])), second, "broadcast")),)


def _take(ex, idx):
    return tuple(a[idx] for a in ex)


def _recaster(first: str, second: str):
    names = f"{first}, {second}"

    def recast(ex) -> list[Recast]:
        """Both arrays rounded to float32, and to float16 where every value is within
        :data:`~properties.inputs.FLOAT16_REALS`; integer values as int64; both as Python lists."""
        return [
            *float_recasts(names, list(ex), tuple, ops=len(ex[0]), float16_bound=FLOAT16_REALS),
            *integer_recasts(names, list(ex), lambda a, dtype: tuple(a), dtypes=(np.int64,), versus="float64"),
            list_recast(names, list(ex), tuple, versus="float64"),
        ]

    return recast


def on_grid(values) -> bool:
    v = np.asarray(values, dtype=np.float64)
    return bool(np.isfinite(v).all() and (np.abs(v) <= 1000).all() and (v * 8 == np.round(v * 8)).all())


def real_pairs_shape(*, elements=reals, weighted_elements=grid, min_size: int = 1, first: str = "y_true",
                     second: str = "y_pred", rtol: float = 1e-9, atol: float = 1e-12,
                     domain=within_reals, weighted_domain=on_grid, extra_edges=()) -> InputShape:
    """Paired real arrays (a, b): the samples are the pairs (a_i, b_i).

    ``weighted_elements`` draw the examples with integer weights: the binary grid keeps the weighted
    and the repeated sums exact but for their order. ``domain`` and ``weighted_domain`` (array -> bool)
    say which values ``elements`` and ``weighted_elements`` can draw: the edge cases
    (:func:`pair_edges`) outside them are left out; ``extra_edges`` are added (edge cases of the metric's own
    domain, such as :func:`log_pair_edges`).
    """
    edges = _edges_within(pair_edges(min_size), domain) + tuple(extra_edges)
    weighted_edges = _edges_within(weighted_pair_edges(min_size), weighted_domain, lambda ex: ex[0])
    return InputShape(
        name="paired real arrays",
        examples=lambda name: with_edges(pairs(elements, min_size=min_size), edges),
        size=lambda ex: len(ex[0]),
        take=_take,
        call=lambda t, name, ex, **kw: getattr(t, name)(ex[0], ex[1], **kw),
        weighted=lambda name: with_edges(pairs(weighted_elements, min_size=min_size, with_weights=True).map(
            lambda e: (e[:2], e[2])), weighted_edges),
        swap=lambda ex: (ex[1], ex[0]),
        perfect=lambda name: with_edges(pairs(elements, min_size=min_size).map(lambda e: (e[0], e[0].copy())),
                                        mapped_edges(edges, lambda e: (e[0], e[0].copy()))),
        bad=lambda name: with_edges(bad_vector_pair(first=first, second=second, min_size=max(min_size, 3),
                                                    domain=weighted_elements).map(lambda e: (e[:2], e[2], e[3])),
                                    bad_pair_edges(second)),
        recast=_recaster(first, second),
        dtypes=f"float32, and float16 for values within 16, {ROUNDED}; int64 for integer values; Python lists",
        rtol=rtol,
        atol=atol,
    )


def small_ints_only(values) -> bool:
    """Whether every value could be drawn by :data:`small_ints` (integers from -4 to 4)."""
    v = np.asarray(values, dtype=np.float64)
    return bool((np.abs(v) <= 4).all() and (v == np.round(v)).all())


def edged_pairs(elements=reals, *, domain=None, min_size: int = 1, max_size: int = MAX_SIZE,
                with_weights: bool = False):
    """:func:`pairs`, carrying the real pairs' edge cases (:func:`pair_edges`; with ``with_weights``, the
    weighted triples of :func:`weighted_triple_edges`) of at least ``min_size`` and at most ``max_size`` samples
    whose every value is in ``domain``: what ``elements`` can draw (default: :func:`within_reals` for
    :data:`reals`, :func:`on_grid` for :data:`grid`, :func:`small_ints_only` for :data:`small_ints`)."""
    if domain is None:
        domain = {id(reals): within_reals, id(grid): on_grid, id(small_ints): small_ints_only}[id(elements)]
    edges = weighted_triple_edges(min_size) if with_weights else pair_edges(min_size)
    kept = tuple((name, ex) for name, ex in edges
                 if len(ex[0]) <= max_size and domain(ex[0]) and domain(ex[1]))
    return with_edges(pairs(elements, min_size=min_size, max_size=max_size, with_weights=with_weights), kept)
