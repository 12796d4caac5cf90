"""The correlation spec: bounds, symmetry, invariances, rank relations, extremes, SciPy agreement, seed claims."""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np
from hypothesis import strategies as st

from properties.capabilities import Capability
from properties.checks import expect, expect_close, expect_in_range, expect_refusal, is_nan
from properties.engine.vocabulary import precision
from properties.engine.vocabulary.registry import prop, register
from properties.engine.target.references import reference

from .inputs.real_pairs import edged_pairs, grid, non_constant, pairs, real_pairs_shape, reals, small_ints

COEFFICIENTS = ("pearson", "spearman", "kendall_tau")
RANK_BASED = ("spearman", "kendall_tau")

_undefined = "constant x or y -> nan; fewer than 2 pairs refused"
CAPABILITIES = {
    "pearson": Capability((-1.0, 1.0), symmetric=True, input_domain="paired real values", undefined=_undefined),
    "spearman": Capability((-1.0, 1.0), symmetric=True, input_domain="paired real values (ranks, ties averaged)",
                           undefined=_undefined),
    "kendall_tau": Capability((-1.0, 1.0), symmetric=True, input_domain="paired real values (tau-b, tau-c)",
                              undefined=_undefined),
}

#: paired samples with at least 2 pairs; ties are frequent (small integers)
paired = pairs(reals, min_size=2)
#: the same, carrying the real pairs' edge cases (for the properties that compare with a value)
edged_paired = edged_pairs(reals, min_size=2)


def _defined(x, y) -> bool:
    return non_constant(x) and non_constant(y)


def _where_defined(check):
    """``check`` on examples where both inputs are non-constant; the rest are the undefined case."""

    @functools.wraps(check)
    def checked(t, ex):
        if _defined(*ex):
            check(t, ex)

    return checked


# the same numbers in another order: rounding of order 1e-16 relative, so 1e-12 is tight and safe
_PAIRS = real_pairs_shape(min_size=2, first="x", second="y", rtol=1e-12, atol=1e-15)
CAPABILITIES = {
    name: dataclasses.replace(cap, inputs=_PAIRS, best=1.0, defined=lambda ex: _defined(*ex))
    for name, cap in CAPABILITIES.items()
}


for _m in COEFFICIENTS:
    register(
        f"constant_input[{_m}]",
        f"{_m} returns nan (documented convention) when x or y is constant",
        kind="undefined", needs=(_m,), family="correlation",
        strategy=st.tuples(paired, reals, st.booleans()),
        check=lambda t, ex, m=_m: expect(
            is_nan(getattr(t, m)(*((np.full_like(ex[0][0], ex[1]), ex[0][1]) if ex[2]
                                   else (ex[0][0], np.full_like(ex[0][1], ex[1]))))),
            f"{m} on a constant input must be nan"),
    )
    register(
        f"refuses_single_pair[{_m}]",
        f"{_m} refuses fewer than 2 pairs",
        kind="refusal", needs=(_m,), family="correlation", strategy=st.tuples(reals, reals),
        check=lambda t, ex, m=_m: expect_refusal(lambda: getattr(t, m)(np.array([ex[0]]), np.array([ex[1]]))),
    )
    register(
        f"extreme_magnitudes[{_m}]",
        f"{_m} is unchanged when the data are scaled by 1e-150 or 1e150 (no underflow/overflow artefacts)",
        kind="invariance", needs=(_m,), family="correlation",
        strategy=st.tuples(pairs(grid, min_size=2), st.sampled_from([1e-150, 1e150, 1e-300, 1e300])),
        # the scaled values are rounded once each: agreement to 1e-9 is far above that noise
        check=lambda t, ex, m=_m: expect_close(getattr(t, m)(ex[0][0] * ex[1], ex[0][1] * ex[1]),
                                                getattr(t, m)(*ex[0]), rtol=1e-9, atol=1e-12,
                                                what=f"{m} after scaling both by {ex[1]}"),
    )


@st.composite
def _affine(draw):
    x, y = draw(pairs(grid, min_size=2))
    a = draw(st.sampled_from([-3.0, -0.5, 0.25, 2.0, 1000.0]))
    b = draw(st.integers(-100, 100).map(float))
    return x, y, a, b, draw(st.booleans())


@prop("affine_invariance[pearson]",
      "pearson(a x + b, y) = sign(a) pearson(x, y) for a != 0 (either argument)",
      kind="invariance", needs=("pearson",), strategy=_affine())
def _pearson_affine(t, ex):
    x, y, a, b, first = ex
    moved = (a * x + b, y) if first else (x, a * y + b)
    base = t.pearson(x, y)
    side = 0 if first else 1
    precision.require_order_kept(t, (x, y)[side], moved[side], f"pearson: {a} x + {b}", decreasing=a < 0)
    expect_close(t.pearson(*moved), math.copysign(1.0, a) * base, rtol=1e-9, atol=1e-12,
                 what=f"pearson after x -> {a} x + {b}")


def _monotone(t, ex, m):
    (x, y), name, first = ex
    side = 0 if first else 1
    moved = [x, y]
    moved[side] = _STRICTLY_INCREASING[name]((x, y)[side])
    base = getattr(t, m)(x, y)
    # values the target's precision cannot keep apart after the transform: no finding
    precision.require_order_kept(t, (x, y)[side], moved[side], f"{m}: {name}")
    expect_close(getattr(t, m)(*moved), base, rtol=1e-9, atol=1e-12, what=f"{m} after {name}")


_STRICTLY_INCREASING = {
    "cube": lambda v: v ** 3,
    "exp-scaled": lambda v: np.exp(v / 1000.0),
    "arctan": np.arctan,
    "shift": lambda v: v + 7.0,
}

for _m in RANK_BASED:
    register(
        f"monotone_invariance[{_m}]",
        f"{_m} is unchanged by a strictly increasing transform of either argument",
        kind="invariance", needs=(_m,), family="correlation",
        strategy=st.tuples(pairs(st.one_of(small_ints, st.integers(-50, 50).map(float)), min_size=2),
                           st.sampled_from(sorted(_STRICTLY_INCREASING)), st.booleans()),
        check=functools.partial(_monotone, m=_m),
    )
    register(
        f"reversal_flips_sign[{_m}]",
        f"{_m}(-x, y) = -{_m}(x, y)",
        kind="invariance", needs=(_m,), family="correlation", strategy=paired,
        check=lambda t, ex, m=_m: expect_close(getattr(t, m)(-ex[0], ex[1]), -getattr(t, m)(*ex), rtol=1e-9,
                                                atol=1e-12, what=f"{m} with x negated"),
    )


def _unit_scaled(a: np.ndarray) -> np.ndarray:
    """``a`` divided by a power of two near its largest magnitude: exact, and pearson is scale-free."""
    return a / 2.0 ** math.frexp(float(np.max(np.abs(a))))[1]


@prop("definition[pearson]",
      "pearson = sum (x - mean x)(y - mean y) / sqrt(sum (x - mean x)^2 sum (y - mean y)^2) for non-constant x, y",
      kind="relation", needs=("pearson",), strategy=edged_paired, defines=("pearson",))
def _pearson_definition(t, ex):
    x, y = ex
    if not _defined(x, y):
        return
    # rescaled first so that the squares of values near 1e-300 do not underflow to 0
    xs, ys = _unit_scaled(x), _unit_scaled(y)
    xc, yc = xs - xs.mean(), ys - ys.mean()
    expected = np.sum(xc * yc) / math.sqrt(np.sum(xc ** 2) * np.sum(yc ** 2))
    # the same algebra up to summation order (and the catalog's clipping to [-1, 1])
    expect_close(t.pearson(x, y), expected, rtol=1e-9, atol=1e-12, what="pearson vs the covariance formula")


def _average_ranks(a: np.ndarray) -> np.ndarray:
    """Ranks 1..n, tied values sharing the mean of the ranks they span: #smaller + (#equal + 1) / 2."""
    smaller = np.sum(a[None, :] < a[:, None], axis=1)
    equal = np.sum(a[None, :] == a[:, None], axis=1)
    return smaller + (equal + 1) / 2.0


@prop("spearman_is_pearson_of_average_ranks",
      "spearman(x, y) = pearson(rank(x), rank(y)) with tied values given their average rank",
      kind="relation", needs=("spearman", "pearson"), strategy=edged_paired, defines=("spearman",))
def _spearman_ranks(t, ex):
    x, y = ex
    # ranks counted here, not by scipy: the property must hold with no reference library
    expect_close(t.spearman(x, y), t.pearson(_average_ranks(x), _average_ranks(y)), rtol=1e-9, atol=1e-12,
                 what="spearman vs pearson of average ranks")


def _pair_signs(x, y):
    """sign(x_i - x_j), sign(y_i - y_j) over all pairs i < j."""
    i, j = np.triu_indices(len(x), k=1)
    return np.sign(x[i] - x[j]), np.sign(y[i] - y[j])


def _tau_b(x, y):
    sx, sy = _pair_signs(x, y)
    return float(np.sum(sx * sy)) / math.sqrt(float(np.count_nonzero(sx)) * float(np.count_nonzero(sy)))


def _tau_c(x, y):
    sx, sy = _pair_signs(x, y)
    m = min(len(np.unique(x)), len(np.unique(y)))
    return 2 * float(np.sum(sx * sy)) / (len(x) ** 2 * (m - 1) / m)


def _kendall_from_pairs(t, ex, kw, formula):
    x, y = ex
    if not _defined(x, y):
        return
    expect_close(t.kendall_tau(x, y, **kw), formula(x, y), rtol=1e-12, atol=1e-15,
                 what=f"kendall_tau({kw or ''}) vs brute-force pair count")


for _name, _statement, _kw, _formula in (
    ("kendall_tau_b_from_pair_counts", "kendall_tau (tau-b) = (C - D) / sqrt((n0 - n1)(n0 - n2)) counted over all pairs",
     {}, _tau_b),
    ("kendall_tau_c_from_pair_counts",
     "kendall_tau(variant='c') = 2 (C - D) / (n^2 (m - 1) / m), m = fewer distinct values of x, y", {"variant": "c"},
     _tau_c),
):
    register(_name, _statement, kind="relation", family="correlation", defines=("kendall_tau",),
             needs=("kendall_tau", *(f"kendall_tau:{k}" for k in _kw)),
             strategy=edged_pairs(small_ints, min_size=2, max_size=12),
             check=functools.partial(_kendall_from_pairs, kw=_kw, formula=_formula))


@prop("no_nan_when_defined", "no coefficient returns NaN when both inputs are non-constant",
      kind="undefined", needs=COEFFICIENTS, strategy=paired)
def _no_nan(t, ex):
    if not _defined(*ex):
        return
    for m in COEFFICIENTS:
        expect(not is_nan(getattr(t, m)(*ex)), f"{m} returned NaN on non-constant input")


# ---------------------------------------------------------------- agreement with SciPy

for _m, _variant_kw in (("pearson", {}), ("spearman", {}), ("kendall_tau", {}), ("kendall_tau", {"variant": "c"})):
    _suffix = _m if not _variant_kw else f"{_m}:c"
    register(
        f"agreement[{_suffix}]",
        f"{_m}{' (tau-c)' if _variant_kw else ''} agrees with scipy.stats (nan on constant input on both sides)",
        kind="agreement", reference="scipy", family="correlation",
        needs=(_m,) + tuple(f"{_m}:{k}" for k in _variant_kw),
        strategy=edged_paired,
        # same algebra; scipy centres without rescaling, so allow rounding of order 1e-12
        check=lambda t, ex, m=_m, kw=_variant_kw: expect_close(
            getattr(t, m)(*ex, **kw), getattr(reference("scipy"), m)(*ex, **kw), rtol=1e-9, atol=1e-12,
            what=f"{m}{kw or ''} vs scipy"),
    )


# ---------------------------------------------------------------- claims from the seeds

_S000 = "seed 000, section \"Pearson correlation\""


@prop("claim.seed000.pearson_formula",
      "pearson = sum (y - mu_y)(y_hat - mu_yhat) / sum (y - mu_y)^2 (y_hat - mu_yhat)^2 as printed (seed 000)",
      kind="claim", needs=("pearson",), source=_S000,
      quote="\\frac{ \\sum_{i}^{N} (y_{i} - \\mu_{y}) \\cdot (\\widehat{y}_{i} - \\mu_{\\widehat{y}}) }{ \\sum_{i}^{N} (y_{i} - \\mu_{y})^{2} \\cdot (\\widehat{y}_{i} - \\mu_{\\widehat{y}})^{2} }",
      strategy=pairs(grid, min_size=2))
@_where_defined
def _claim_pearson_formula(t, ex):
    y, p = ex
    yc, pc = y - y.mean(), p - p.mean()
    with np.errstate(divide="ignore", invalid="ignore"):
        printed = np.sum(yc * pc) / np.sum(yc ** 2 * pc ** 2)
    expect_close(t.pearson(y, p), printed, rtol=1e-9, what="pearson vs the printed formula")


@prop("claim.seed000.pearson_bounds", "pearson lies in [-1, 1] (seed 000)", kind="claim", needs=("pearson",),
      source=_S000, quote="$[-1, 1]$, where $-1$ is a complete negative linear correlation", strategy=paired)
def _claim_pearson_bounds(t, ex):
    if _defined(*ex):
        expect_in_range(t.pearson(*ex), -1.0, 1.0, what="pearson")


@prop("claim.seed000.spearman_is_pearson_of_ranks",
      "spearman is pearson with the data mapped to their ranks (seed 000)", kind="claim",
      needs=("spearman", "pearson"), source="seed 000, section \"Spearman correlation\"",
      quote="is the Pearson coefficient with all of the data mapped to their ranks", strategy=paired)
def _claim_spearman(t, ex):
    from scipy import stats  # scipy.stats is imported where used: importing it costs ~0.7 s at every start of the CLI

    x, y = ex
    expect_close(t.spearman(x, y), t.pearson(stats.rankdata(x), stats.rankdata(y)), rtol=1e-9, atol=1e-12,
                 what="spearman vs pearson of ranks")


_MONOTONE = {
    "cube (increasing)": lambda v: v ** 3,
    "floor (non-decreasing)": lambda v: np.floor(v / 4.0),
    "negation (decreasing)": lambda v: -v,
}


@prop("claim.seed000.spearman_invariant_to_all_monotonic_rescaling",
      "spearman is invariant under every monotonic transform of an argument (seed 000)", kind="claim",
      needs=("spearman",), source="seed 000, section \"Spearman correlation\"",
      quote="it's invariant under all monotonic rescaling",
      strategy=st.tuples(pairs(st.integers(-20, 20).map(float), min_size=2), st.sampled_from(sorted(_MONOTONE))))
def _claim_monotone(t, ex):
    (x, y), name = ex
    fx = _MONOTONE[name](x)
    if not (_defined(x, y) and _defined(fx, y)):
        return
    expect_close(t.spearman(fx, y), t.spearman(x, y), rtol=1e-9, atol=1e-12, what=f"spearman after {name}")


@prop("claim.seed000.pearson_is_regression_with_bias",
      "pearson^2 = r2 of the least-squares fit of y on y_hat with a bias term (seed 000)", kind="claim",
      needs=("pearson", "r2"), source=_S000,
      quote="Pearson correlation is equivalent to a linear regression using $\\widehat{y}$ and a bias term to predict $y$.",
      strategy=pairs(grid, min_size=3))
@_where_defined
def _claim_regression(t, ex):
    y, p = ex
    design = np.column_stack([np.ones_like(p), p])
    coef, *_ = np.linalg.lstsq(design, y, rcond=None)
    # lstsq on grid data is accurate to ~1e-10
    expect_close(t.pearson(y, p) ** 2, t.r2(y, design @ coef), rtol=1e-7, atol=1e-8, what="pearson^2 vs r2 of fit")
