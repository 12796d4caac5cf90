"""The regression spec: error metrics, R2 family, their relations, refusals and seed claims."""

from __future__ import annotations

import contextlib

import dataclasses
import functools
import math

import numpy as np
from hypothesis import strategies as st

from properties.capabilities import NON_NEGATIVE_INTEGER, Capability, declare_parameters
from properties.checks import (
    expect,
    expect_close,
    expect_le,
    expect_refusal,
    is_nan,
)
from properties.engine.vocabulary import findings, precision
from properties.engine.vocabulary.registry import prop, register
from properties.engine.target.references import reference

from .inputs import cycled_edges, edges_of, edges_product, map_with_edges, options, tuples_with_edges, with_edges
from .inputs.real_pairs import (edged_pairs, grid, non_constant, on_grid, pairs, real_pairs_shape, reals, small_ints,
                                log_pair_edges, pair_edges, weighted_triple_edges, within_reals)


def _pair_edges_within(domain, min_size: int = 1) -> tuple:
    """The real pairs' edge cases of at least ``min_size`` samples with every value in ``domain``."""
    return tuple((name, ex) for name, ex in pair_edges(min_size) if all(domain(a) for a in ex))


def _small_ints_only(values) -> bool:
    """Whether every value could be drawn by :data:`small_ints` (integers from -4 to 4)."""
    v = np.asarray(values, dtype=np.float64)
    return bool((np.abs(v) <= 4).all() and (v == np.round(v)).all())


ERRORS = ("mean_squared_error", "root_mean_squared_error", "mean_absolute_error", "median_absolute_error",
          "mean_squared_log_error", "root_mean_squared_log_error")
GOODNESS = ("r2", "explained_variance")
ALL = ERRORS + GOODNESS + ("adjusted_r2",)
LOG_ERRORS = ("mean_squared_log_error", "root_mean_squared_log_error")
#: metrics whose value is exactly 0 only for exact predictions
MEAN_ERRORS = tuple(m for m in ERRORS if m != "median_absolute_error")

# values > -1, for the logarithmic errors
non_negative_grid = st.integers(0, 8000).map(lambda k: k / 8.0)

_error_cap = dict(symmetric=True, sample_weight=True, higher_is_better=False)
CAPABILITIES = {
    "mean_squared_error": Capability((0.0, None), input_domain="real values", undefined="none", **_error_cap),
    "root_mean_squared_error": Capability((0.0, None), input_domain="real values", undefined="none", **_error_cap),
    "mean_absolute_error": Capability((0.0, None), input_domain="real values", undefined="none", **_error_cap),
    "median_absolute_error": Capability((0.0, None), input_domain="real values", undefined="none", **_error_cap),
    "mean_squared_log_error": Capability(
        (0.0, None), input_domain="real values > -1", undefined="values <= -1 are refused", **_error_cap
    ),
    "root_mean_squared_log_error": Capability(
        (0.0, None), input_domain="real values > -1", undefined="values <= -1 are refused", **_error_cap
    ),
    "r2": Capability(
        (None, 1.0), symmetric=False, input_domain="real values, n >= 2", sample_weight=True,
        undefined="constant y_true: 1.0/0.0 (force_finite=True) or nan/-inf (force_finite=False); n < 2 refused; "
                  "multioutput='variance_weighted' with every y_true column constant: the uniform average",
    ),
    "explained_variance": Capability(
        (None, 1.0), symmetric=False, input_domain="real values, n >= 2", sample_weight=True,
        undefined="constant y_true: 1.0/0.0 (force_finite=True) or nan/-inf (force_finite=False); n < 2 refused; "
                  "multioutput='variance_weighted' with every y_true column constant: the uniform average",
    ),
    "adjusted_r2": Capability(
        (None, 1.0), symmetric=False, input_domain="real values, n > n_features + 1", sample_weight=True,
        undefined="as r2; n <= n_features + 1 refused",
    ),
}

def _non_negative_grid(values) -> bool:
    """Whether every value could be drawn by :data:`non_negative_grid`."""
    return on_grid(values) and bool((np.asarray(values) >= 0).all())


def _shape(name):
    log = name in LOG_ERRORS
    return real_pairs_shape(elements=non_negative_grid if log else reals,
                            weighted_elements=non_negative_grid if log else grid,
                            domain=_non_negative_grid if log else within_reals,
                            weighted_domain=_non_negative_grid if log else on_grid,
                            extra_edges=log_pair_edges() if log else (),
                            min_size=2 if name in GOODNESS + ("adjusted_r2",) else 1)


def _generic(name):
    """What the generic properties (properties/generic.py) need to check ``name``."""
    if name in ERRORS:
        return dict(inputs=_shape(name), best=0.0)
    form = {"n_features": 0} if name == "adjusted_r2" else {}
    # force_finite (the default) makes a perfect prediction of a constant y_true 1.0 too: defined everywhere
    return dict(inputs=_shape(name), best=1.0, forms=(form,), refusal_form=form)


CAPABILITIES = {name: dataclasses.replace(cap, **_generic(name)) for name, cap in CAPABILITIES.items()}


def _needs(*needs: str) -> tuple[str, ...]:
    """``needs``, plus adjusted_r2's n_features wherever adjusted_r2 is called (``_call`` always passes it)."""
    extra = ("adjusted_r2:n_features",) if any(n.split(":")[0] == "adjusted_r2" for n in needs) else ()
    return (*needs, *(e for e in extra if e not in needs))


#: a target's value of ``name`` at (y_true, y_pred); adjusted_r2 needs n_features
def _call(t, name, y_true, y_pred, **kw):
    if name == "adjusted_r2":
        kw.setdefault("n_features", 0)
    return getattr(t, name)(y_true, y_pred, **kw)




def _domain(name):
    return non_negative_grid if name in LOG_ERRORS else reals


# ---------------------------------------------------------------- bounds and identity

for _m in MEAN_ERRORS:

    def _zero_iff_exact(t, ex, m=_m):
        y_true, y_pred = ex
        expect(_call(t, m, y_true, y_true) == 0.0, f"{m}(y, y) must be 0")
        value = _call(t, m, y_true, y_pred)
        if np.array_equal(y_true, y_pred):
            expect(value == 0.0, f"{m} must be 0 for exact predictions, got {value!r}")
        else:
            expect(value > 0.0, f"{m} must be > 0 when some prediction is wrong, got {value!r}")

    register(
        f"zero_iff_exact[{_m}]",
        f"{_m} is 0 if and only if every prediction is exact",
        kind="identity",
        needs=_needs(_m,),
        strategy=pairs(non_negative_grid if _m in LOG_ERRORS else grid),
        check=_zero_iff_exact,
        family="regression",
    )

# ---------------------------------------------------------------- relations


def _sqrt_or_nan(value) -> float:
    """sqrt that turns a (wrong) negative MSE into a failed comparison instead of a crash."""
    value = float(value)
    return math.sqrt(value) if value >= 0 else math.nan


@prop("rmse_is_sqrt_mse", "root_mean_squared_error = sqrt(mean_squared_error), with and without weights",
      kind="relation", needs=_needs("root_mean_squared_error:sample_weight", "mean_squared_error:sample_weight"),
      strategy=with_edges(pairs(reals, with_weights=True), weighted_triple_edges()), defines=("root_mean_squared_error",))
def _rmse_sqrt(t, ex):
    y_true, y_pred, w = ex
    for sw in (None, w):
        with findings.form(view=t):
            expect_close(t.root_mean_squared_error(y_true, y_pred, sample_weight=sw),
                         _sqrt_or_nan(t.mean_squared_error(y_true, y_pred, sample_weight=sw)), rtol=1e-12,
                         what="rmse vs sqrt(mse)")


def _inside_log_domain_at_target_precision(*arrays) -> bool:
    """Whether every value stays > -1 rounded to the target's precision (-1 + 2^-53 is -1 in float32)."""
    return not any((precision.as_target(a) <= -1.0).any() for a in arrays)


@prop("rmsle_is_sqrt_msle", "root_mean_squared_log_error = sqrt(mean_squared_log_error)",
      kind="relation", needs=_needs("root_mean_squared_log_error", "mean_squared_log_error"),
      strategy=with_edges(pairs(non_negative_grid), log_pair_edges(machine_epsilon=True)),
      defines=("root_mean_squared_log_error",))
def _rmsle_sqrt(t, ex):
    if not _inside_log_domain_at_target_precision(*ex):
        return  # an input the target's precision cannot hold inside the domain
    expect_close(t.root_mean_squared_log_error(*ex), _sqrt_or_nan(t.mean_squared_log_error(*ex)),
                 rtol=1e-12, what="rmsle vs sqrt(msle)")


@prop("msle_is_mse_of_log1p", "mean_squared_log_error(y, p) = mean_squared_error(log1p(y), log1p(p))",
      kind="relation", needs=_needs("mean_squared_log_error", "mean_squared_error"),
      strategy=with_edges(pairs(non_negative_grid), log_pair_edges(machine_epsilon=True)),
      defines=("mean_squared_log_error",))
def _msle_log1p(t, ex):
    y_true, y_pred = ex
    if not _inside_log_domain_at_target_precision(y_true, y_pred):
        return  # an input the target's precision cannot hold inside the domain
    expect_close(t.mean_squared_log_error(y_true, y_pred),
                 t.mean_squared_error(np.log1p(y_true), np.log1p(y_pred)), rtol=1e-12, what="msle")


@prop("mae_le_rmse", "mean_absolute_error <= root_mean_squared_error (power-mean inequality)",
      kind="relation", needs=_needs("mean_absolute_error", "root_mean_squared_error"), strategy=edged_pairs(reals))
def _mae_le_rmse(t, ex):
    mae = t.mean_absolute_error(*ex)
    rmse = t.root_mean_squared_error(*ex)
    # rounding slack: both are ~1e-16 relative accurate
    expect_le(mae, rmse, what="mae <= rmse", tol=1e-12 * max(1.0, rmse))


def _shifted(t, ex, m):
    (y, p), c = ex
    base = _call(t, m, y, p)
    # values the target's precision cannot keep apart after the shift (1e-3 + 1000 in float32): no finding
    precision.require_order_kept(t, np.concatenate([y, p]), np.concatenate([y + c, p + c]), f"{m}: shift by {c:g}")
    expect_close(_call(t, m, y + c, p + c), base, rtol=1e-9, atol=1e-9, what=f"{m} after shifting by {c}")


for _m in (m for m in ALL if m not in LOG_ERRORS):
    register(
        f"translation_invariance[{_m}]",
        f"{_m}(y + c, p + c) = {_m}(y, p): shifting both arrays by a constant changes nothing",
        kind="invariance",
        needs=_needs(_m,),
        strategy=st.tuples(pairs(grid, min_size=3), st.integers(-1000, 1000).map(float)),
        # grid values shifted by integers stay exact, so only summation order differs
        check=functools.partial(_shifted, m=_m),
        family="regression",
    )

def _scaled(t, ex, m, power):
    (y, p), c = ex
    unscaled = _call(t, m, y, p)
    if not precision.representable(c * y, c * p, abs(c) ** power * unscaled):
        return  # beyond the range of the target's precision (1e150 in float32): not an input it can hold
    precision.require_order_kept(t, np.concatenate([y, p]), np.concatenate([c * y, c * p]), f"{m}: scaling by {c:g}",
                                 decreasing=c < 0)
    expect_close(_call(t, m, c * y, c * p), abs(c) ** power * unscaled, rtol=1e-9, atol=1e-12,
                 what=f"{m} after scaling by {c}")


_SCALE_POWER = {
    "mean_squared_error": 2,
    "root_mean_squared_error": 1,
    "mean_absolute_error": 1,
    "median_absolute_error": 1,
    "r2": 0,
    "explained_variance": 0,
    "adjusted_r2": 0,
}
for _m, _power in _SCALE_POWER.items():
    register(
        f"scaling[{_m}]",
        f"{_m}(c y, c p) = |c|^{_power} {_m}(y, p)",
        kind="invariance",
        needs=_needs(_m,),
        strategy=st.tuples(pairs(grid, min_size=3), st.sampled_from([-8.0, -0.5, 0.25, 3.0, 1e-150, 1e150])),
        check=functools.partial(_scaled, m=_m, power=_power),
        family="regression",
    )


def _pearson_sq(y, p):
    yc, pc = y - y.mean(), p - p.mean()
    return float(np.dot(yc, pc) ** 2 / (np.dot(yc, yc) * np.dot(pc, pc)))


@prop("r2_le_squared_pearson", "r2(y, p) <= pearson(y, p)^2 for non-constant y and p",
      kind="relation", needs=_needs("r2", "pearson"), strategy=edged_pairs(grid, min_size=3))
def _r2_le_r_squared(t, ex):
    y, p = ex
    if not (non_constant(y) and non_constant(p)):
        return
    expect_le(t.r2(y, p), t.pearson(y, p) ** 2, what="r2 <= pearson^2", tol=1e-9)


def _least_squares_line(y, p):
    design = np.column_stack([np.ones_like(p), p])
    coef, *_ = np.linalg.lstsq(design, y, rcond=None)
    return design @ coef


@prop("r2_of_fitted_line_is_squared_pearson",
      "r2 of the least-squares line a + b p fitted to y equals pearson(y, p)^2",
      kind="relation", needs=_needs("r2", "pearson"), strategy=edged_pairs(grid, min_size=3))
def _r2_fitted_line(t, ex):
    y, p = ex
    if not (non_constant(y) and non_constant(p)):
        return
    # lstsq conditioning on grid data: agreement to ~1e-10 absolute is what it delivers
    expect_close(t.r2(y, _least_squares_line(y, p)), t.pearson(y, p) ** 2, rtol=1e-7, atol=1e-8,
                 what="r2 of the fitted line vs pearson^2")


@prop("explained_variance_ge_r2",
      "explained_variance >= r2, with equality when the residuals have mean zero",
      kind="relation", needs=_needs("explained_variance", "r2"), strategy=edged_pairs(grid, min_size=3))
def _ev_ge_r2(t, ex):
    y, p = ex
    expect_le(t.r2(y, p), t.explained_variance(y, p), what="r2 <= explained_variance", tol=1e-9)
    centred = p + (y - p).mean()  # removes the bias: residual mean 0
    expect_close(t.explained_variance(y, centred), t.r2(y, centred), rtol=1e-7, atol=1e-9,
                 what="explained_variance vs r2 with unbiased residuals")


@prop("adjusted_r2_le_r2", "adjusted_r2 <= r2 for n_features >= 1 (and = r2 for n_features = 0)",
      kind="relation", needs=_needs("adjusted_r2", "r2"),
      strategy=tuples_with_edges((pairs(grid, min_size=4), _pair_edges_within(on_grid, 4)),
                                 options(0, 1, 2, name="n_features")))
def _adjusted_le_r2(t, ex):
    (y, p), k = ex
    r2_value = t.r2(y, p)
    adjusted = t.adjusted_r2(y, p, n_features=k)
    if k == 0:
        expect_close(adjusted, r2_value, what="adjusted_r2 with no features")
    else:
        expect_le(adjusted, r2_value, what=f"adjusted_r2(n_features={k}) <= r2", tol=1e-12)


# ---------------------------------------------------------------- definitions
# Each value computed from its textbook formula right here, in plain NumPy: no
# reference library, so a bug the catalog shares with scikit-learn still shows.


def _weights_or_ones(sw, n):
    return np.ones(n) if sw is None else sw


def _weighted_average(values, w):
    return np.sum(w * values) / np.sum(w)


def _mean_error_definition(t, ex, name, residual):
    y, p, w = ex
    for sw in (None, w):
        with findings.form(view=t):
            # atol only for subnormal residuals (differences of values near 1e-308, squares near 1e-160),
            # where rounding is absolute
            expect_close(getattr(t, name)(y, p, sample_weight=sw),
                         _weighted_average(residual(y - p), _weights_or_ones(sw, len(y))), rtol=1e-9, atol=1e-300,
                         what=f"{name} (sample_weight={'w' if sw is not None else None}) vs its definition")


for _m, _formula, _residual in (("mean_squared_error", "(y - p)^2", np.square),
                                ("mean_absolute_error", "|y - p|", np.abs)):
    register(f"definition[{_m}]", f"{_m} = sum w {_formula} / sum w, with and without weights", kind="relation",
             needs=_needs(f"{_m}:sample_weight",), defines=(_m,),
             strategy=with_edges(pairs(reals, with_weights=True), weighted_triple_edges()),
             check=functools.partial(_mean_error_definition, name=_m, residual=_residual))


@prop("definition[median_absolute_error]",
      "median_absolute_error = median |y - p|; with integer weights, the median of the residuals with "
      "residual i repeated w_i times (np.median: midpoint of the two middle values for an even count)",
      kind="relation", needs=_needs("median_absolute_error:sample_weight",),
      strategy=with_edges(pairs(reals, with_weights=True), weighted_triple_edges(fractional=False)),
      defines=("median_absolute_error",))
def _medae_definition(t, ex):
    y, p, w = ex
    residual = np.abs(y - p)
    for sw, sample in ((None, residual), (w, np.repeat(residual, w.astype(int)))):
        with findings.form(view=t):
            # a median picks (or averages two) residuals: only the midpoint's rounding differs
            expect_close(t.median_absolute_error(y, p, sample_weight=sw), np.median(sample), rtol=1e-12, atol=0.0,
                         what=f"median ae (sample_weight={'w' if sw is not None else None}) vs its definition")


def _r2_by_definition(y, p, w):
    """1 - SS_res / SS_tot, both weighted, SS_tot about the weighted mean of y."""
    return 1.0 - np.sum(w * (y - p) ** 2) / np.sum(w * (y - _weighted_average(y, w)) ** 2)


def _variance(values, w):
    return _weighted_average((values - _weighted_average(values, w)) ** 2, w)


# Grid values (multiples of 1/8 up to 1000): a non-constant y_true then has a total
# variance far from both underflow (values near 1e-300 square to 0) and cancellation
# (near-equal values whose spread is below the rounding of their mean). Extreme
# magnitudes are covered by scaling[...]; constant y_true by constant_truth[...].
_fits = with_edges(pairs(grid, min_size=2, with_weights=True), weighted_triple_edges(min_size=2))


@prop("definition[r2]", "r2 = 1 - SS_res / SS_tot (weighted, SS_tot about the weighted mean) for non-constant y_true",
      kind="relation", needs=_needs("r2:sample_weight",), strategy=_fits, defines=("r2",))
def _r2_definition(t, ex):
    y, p, w = ex
    if not non_constant(y):
        return
    for sw in (None, w):
        with findings.form(view=t):
            expect_close(t.r2(y, p, sample_weight=sw), _r2_by_definition(y, p, _weights_or_ones(sw, len(y))),
                         rtol=1e-9, atol=1e-12,
                         what=f"r2 (sample_weight={'w' if sw is not None else None}) vs its definition")


@st.composite
def _fits_with_features(draw):
    y, p, w = draw(_fits)
    return y, p, w, draw(st.integers(0, min(3, len(y) - 2)))  # n > n_features + 1


#: the weighted fits' edge cases, each with a number of features from 0 to 3 (cycled, at most n - 2)
_FITS_WITH_FEATURES = with_edges(_fits_with_features(), cycled_edges(
    edges_of(_fits), lambda ex, k: (*ex, min(k, len(ex[0]) - 2)), (0, 1, 2, 3)))


@prop("definition[adjusted_r2]",
      "adjusted_r2 = 1 - (1 - R2)(n - 1)/(n - n_features - 1), R2 = 1 - SS_res/SS_tot computed here, "
      "n the number of samples (weighted or not), for non-constant y_true",
      kind="relation", needs=_needs("adjusted_r2:sample_weight",), strategy=_FITS_WITH_FEATURES,
      defines=("adjusted_r2",))
def _adjusted_definition(t, ex):
    y, p, w, k = ex
    if not non_constant(y):
        return
    n = len(y)
    for sw in (None, w):
        with findings.form(view=t):
            r2_value = _r2_by_definition(y, p, _weights_or_ones(sw, n))
            expect_close(t.adjusted_r2(y, p, n_features=k, sample_weight=sw),
                         1.0 - (1.0 - r2_value) * (n - 1) / (n - k - 1), rtol=1e-9, atol=1e-12,
                         what=f"adjusted_r2(n_features={k}, sample_weight={'w' if sw is not None else None}) "
                              "vs its definition")


@prop("definition[explained_variance]",
      "explained_variance = 1 - Var_w(y - p) / Var_w(y) with weighted population variances, for non-constant y_true",
      kind="relation", needs=_needs("explained_variance:sample_weight",), strategy=_fits,
      defines=("explained_variance",))
def _ev_definition(t, ex):
    y, p, w = ex
    if not non_constant(y):
        return
    for sw in (None, w):
        with findings.form(view=t):
            weights = _weights_or_ones(sw, len(y))
            expect_close(t.explained_variance(y, p, sample_weight=sw),
                         1.0 - _variance(y - p, weights) / _variance(y, weights), rtol=1e-9, atol=1e-12,
                         what=f"explained_variance (sample_weight={'w' if sw is not None else None}) vs its definition")


# ---------------------------------------------------------------- undefined cases


@st.composite
def _constant_truth(draw):
    n = draw(st.integers(2, 10))
    value = draw(reals)
    y_true = np.full(n, value)
    y_pred = y_true.copy() if draw(st.booleans()) else np.array(draw(st.lists(reals, min_size=n, max_size=n)))
    return y_true, y_pred


for _m in GOODNESS + ("adjusted_r2",):

    def _constant(t, ex, m=_m):
        y_true, y_pred = ex
        # r2 needs exact predictions; explained variance only a constant residual
        exact = bool(np.ptp(y_true - y_pred) == 0) if m == "explained_variance" else bool(np.array_equal(y_true, y_pred))
        finite = _call(t, m, y_true, y_pred, force_finite=True)
        raw = _call(t, m, y_true, y_pred, force_finite=False)
        expect(finite == (1.0 if exact else 0.0), f"{m} with force_finite=True on constant y_true: {finite!r}")
        if exact:
            expect(is_nan(raw), f"{m} with force_finite=False, exact constant: expected nan (0/0), got {raw!r}")
        else:
            expect(raw == -math.inf, f"{m} with force_finite=False on constant y_true: expected -inf, got {raw!r}")

    register(
        f"constant_truth[{_m}]",
        f"{_m} on constant y_true: 1.0/0.0 with force_finite=True, nan/-inf with force_finite=False "
        "(1.0/nan when the residuals are constant for explained_variance, exact for the R2s)",
        kind="undefined",
        needs=_needs(f"{_m}:force_finite",),
        strategy=_constant_truth(),
        check=_constant,
        family="regression",
    )

    register(
        f"refuses_single_sample[{_m}]",
        f"{_m} refuses a single sample (the total variance is undefined)",
        kind="refusal",
        needs=_needs(_m,),
        strategy=reals,
        check=lambda t, ex, m=_m: expect_refusal(lambda: _call(t, m, np.array([ex]), np.array([ex + 1.0])), "y_true"),
        family="regression",
    )


@prop("no_nan_on_valid_input",
      "no regression metric returns NaN on valid input with default arguments (constant y_true included)",
      kind="undefined", needs=ERRORS + GOODNESS, strategy=pairs(st.one_of(non_negative_grid, small_ints), min_size=2))
def _no_nan(t, ex):
    y, p = ex
    y, p = np.abs(y), np.abs(p)
    # adjusted_r2 is an affine function of r2: bounds[adjusted_r2] holds it to "never NaN where defined"
    for name in ERRORS + GOODNESS:
        value = _call(t, name, y, p)
        expect(not is_nan(value), f"{name} returned NaN on valid input")


# ---------------------------------------------------------------- refusals

for _m in LOG_ERRORS:

    @st.composite
    def _below_log_domain(draw):
        y_true, y_pred = draw(pairs(non_negative_grid))
        at_fault = draw(st.sampled_from(["y_true", "y_pred"]))
        victim = y_true if at_fault == "y_true" else y_pred
        victim[draw(st.integers(0, len(victim) - 1))] = draw(st.sampled_from([-1.0, -1.5, -1e6]))
        return y_true, y_pred, at_fault

    register(
        f"refuses_values_le_minus_one[{_m}]",
        f"{_m} refuses values <= -1 (log1p undefined) with an error naming the argument",
        kind="refusal",
        needs=_needs(_m,),
        strategy=_below_log_domain(),
        check=lambda t, ex, m=_m: expect_refusal(lambda: _call(t, m, ex[0], ex[1]), ex[2]),
        family="regression",
    )


@prop("adjusted_r2_refuses_too_many_features",
      "adjusted_r2 refuses n_features < 0, non-integers, and n <= n_features + 1",
      kind="refusal", needs=_needs("adjusted_r2",),
      strategy=st.tuples(pairs(grid, min_size=2, max_size=6), st.sampled_from(["too-many", "negative", "float"])))
def _adjusted_refusal(t, ex):
    (y, p), case = ex
    k = {"too-many": len(y) - 1, "negative": -1, "float": 1.5}[case]
    expect_refusal(lambda: t.adjusted_r2(y, p, n_features=k), "n_features")


# ---------------------------------------------------------------- agreement with scikit-learn

_SK_TOL = dict(rtol=1e-9, atol=1e-12)  # same algebra, only summation order differs

for _m in ERRORS + GOODNESS:

    def _agree(t, ex, m=_m):
        y, p, w = ex
        if m in LOG_ERRORS:
            y, p = np.abs(y), np.abs(p)
        sk = getattr(reference("sklearn"), m)
        for sw in (None, w):
            with findings.form(view=t):
                expect_close(getattr(t, m)(y, p, sample_weight=sw), sk(y, p, sample_weight=sw),
                             what=f"{m} (sample_weight={'w' if sw is not None else None}) vs sklearn", **_SK_TOL)

    register(
        f"agreement[{_m}]",
        f"{_m} agrees with scikit-learn, with and without sample_weight",
        kind="agreement",
        needs=_needs(f"{_m}:sample_weight",),
        reference="sklearn",
        strategy=with_edges(pairs(reals, min_size=2, with_weights=True), weighted_triple_edges(min_size=2)),
        check=_agree,
        family="regression",
    )


# ---------------------------------------------------------------- claims from the seeds

_S000 = "seed 000, section \"R2 scores\""


@prop("claim.seed000.r2_bounds", "R2 lies in [0, 1] (seed 000)", kind="claim", needs=_needs("r2",),
      source=_S000, quote="[0, 1], with 0 the worst and 1 the best.", strategy=pairs(grid, min_size=2))
def _claim_r2_bounds(t, ex):
    value = t.r2(*ex)
    expect(0.0 <= value <= 1.0, f"r2 = {value!r} is outside [0, 1]")


@prop("claim.seed000.mse_bounds", "MSE lies in [0, inf) (seed 000)", kind="claim", needs=_needs("mean_squared_error",),
      source="seed 000, section \"Mean squared error\"", quote="[0, $\\infty$), with 0 the best.",
      strategy=pairs(reals))
def _claim_mse_bounds(t, ex):
    value = t.mean_squared_error(*ex)
    expect(0.0 <= value < math.inf, f"mse = {value!r} is outside [0, inf)")


@prop("claim.seed000.explained_variance_ratio",
      "explained variance = 1 - Var(residuals) / Var(y_true) (seed 000)", kind="claim",
      needs=_needs("explained_variance",), source=_S000,
      quote="For explained variance, the numerator is the variance of the residuals and the denominator is the variance of the gold values.",
      strategy=pairs(grid, min_size=2))
def _claim_ev(t, ex):
    y, p = ex
    if not non_constant(y):
        return
    expect_close(t.explained_variance(y, p), 1.0 - np.var(y - p) / np.var(y), rtol=1e-9, atol=1e-12,
                 what="explained_variance vs 1 - var(res)/var(y)")


_S004 = "seed 004, section \"Evaluation Metrics for the Regression Problem\""


@prop("claim.seed004.mse_formula", "MSE = (1/n) sum (y - y_hat)^2 (seed 004)", kind="claim",
      needs=_needs("mean_squared_error",), source=_S004, quote="$$MSE = \\frac{1}{n} \\sum (y - \\hat{y})^2$$",
      strategy=pairs(reals))
def _claim_mse_formula(t, ex):
    y, p = ex
    expect_close(t.mean_squared_error(y, p), np.mean((y - p) ** 2), rtol=1e-9, what="mse vs seed formula")


@prop("claim.seed004.mae_formula", "MAE = (1/N) sum |y - y| as printed (seed 004)", kind="claim",
      needs=_needs("mean_absolute_error",), source=_S004, quote="$$MAE = \\frac{1}{N} \\sum |y - y|$$",
      strategy=pairs(grid))
def _claim_mae_formula(t, ex):
    y, p = ex
    printed = np.mean(np.abs(y - y))  # the formula as printed: y - y, not y - y_hat
    expect_close(t.mean_absolute_error(y, p), printed, what="mae vs the printed formula")


@prop("claim.seed004.rmse_is_root_of_mse", "RMSE is the square root of MSE (seed 004)", kind="claim",
      needs=_needs("root_mean_squared_error", "mean_squared_error"), source=_S004,
      quote="As the name suggests, RMSE is the square root of MSE.", strategy=pairs(reals))
def _claim_rmse_text(t, ex):
    expect_close(t.root_mean_squared_error(*ex), _sqrt_or_nan(t.mean_squared_error(*ex)), rtol=1e-12,
                 what="rmse vs sqrt(mse)")


@prop("claim.seed004.rmse_formula", "RMSE = 1 / sqrt((1/n) sum (y_j - y_hat_j)^2) as printed (seed 004)",
      kind="claim", needs=_needs("root_mean_squared_error",), source=_S004,
      quote="$$RMSE = \\frac{1}{\\sqrt{\\frac{1}{n} \\sum_{j=1}^{n} \\left(y_{j} - \\hat{y_{j}}\\right)^{2}}}$$",
      strategy=pairs(grid))
def _claim_rmse_formula(t, ex):
    y, p = ex
    with np.errstate(divide="ignore"):
        printed = 1.0 / np.sqrt(np.mean((y - p) ** 2))
    expect_close(t.root_mean_squared_error(y, p), printed, rtol=1e-9, what="rmse vs the printed formula")


@prop("claim.seed004.rmsle_is_log_of_rmse", "RMSLE = log(RMSE) (seed 004)", kind="claim",
      needs=_needs("root_mean_squared_log_error",), source="seed 004, section \"Root Mean Squared Log Error (RMSLE)\"",
      quote="To obtain RMSLE, we can use the NumPy log function over RMSE",
      strategy=pairs(non_negative_grid))
def _claim_rmsle(t, ex):
    y, p = ex
    with np.errstate(divide="ignore"):
        printed = np.log(np.sqrt(np.mean((y - p) ** 2)))
    expect_close(t.root_mean_squared_log_error(y, p), printed, rtol=1e-9, what="rmsle vs log(rmse)")


@prop("claim.seed004.r2_formula", "R2 = 1 - SS_r / SS_m (seed 004)", kind="claim", needs=_needs("r2",),
      source="seed 004, section \"R-Squared\"", quote="$$R^2 = 1 - \\frac{SS_r}{SS_m}$$",
      strategy=pairs(grid, min_size=2))
def _claim_r2_formula(t, ex):
    y, p = ex
    if not non_constant(y):
        return
    expected = 1.0 - np.sum((y - p) ** 2) / np.sum((y - y.mean()) ** 2)
    expect_close(t.r2(y, p), expected, rtol=1e-9, atol=1e-9, what="r2 vs 1 - SS_r/SS_m")


@prop("claim.seed004.adjusted_r2_formula", "adjusted R2 = 1 - (n-1)/(n-k-1) (1 - R2) (seed 004)", kind="claim",
      needs=_needs("adjusted_r2", "r2"), source="seed 004, section \"Adjusted R-Squared\"",
      quote="$$R_a^2 = 1 - \\left[\\left(\\frac{n-1}{n-k-1} \\right) \\times \\left(1 - R^2 \\right) \\right]$$",
      strategy=st.tuples(pairs(grid, min_size=5), st.integers(0, 3)))
def _claim_adjusted(t, ex):
    (y, p), k = ex
    n = len(y)
    expected = 1.0 - (n - 1) / (n - k - 1) * (1.0 - t.r2(y, p))
    expect_close(t.adjusted_r2(y, p, n_features=k), expected, rtol=1e-9, atol=1e-12, what="adjusted r2")


@st.composite
def _nested_designs(draw):
    n = draw(st.integers(5, 15))
    k = draw(st.integers(1, 2))
    cols = [np.array(draw(st.lists(grid, min_size=n, max_size=n))) for _ in range(k + 1)]
    y = np.array(draw(st.lists(grid, min_size=n, max_size=n)))
    return y, np.column_stack([np.ones(n)] + cols)


@prop("claim.seed004.r2_never_decreases_with_features",
      "adding a feature to a least-squares fit never lowers its in-sample R2 (seed 004)", kind="claim",
      needs=_needs("r2",), source="seed 004, section \"Adjusted R-Squared\"",
      quote="when adding new features to the data, the R^2 score either increases or remains constant, but it never decreases",
      strategy=_nested_designs())
def _claim_r2_features(t, ex):
    y, design = ex
    if not non_constant(y):
        return
    fits = []
    for cols in (design.shape[1] - 1, design.shape[1]):
        coef, *_ = np.linalg.lstsq(design[:, :cols], y, rcond=None)
        fits.append(t.r2(y, design[:, :cols] @ coef))
    # lstsq solutions are accurate to ~1e-9 relative on this data
    expect_le(fits[0], fits[1], what="r2 with fewer features <= r2 with one more", tol=1e-7)


# ================================================================ issue 32: percentage errors, pinball loss,
# Tweedie deviances, D² scores, concordance correlation. Capabilities first, then the laws, then agreement.

#: strictly positive values (the domain of the Tweedie deviances with power >= 1, and of their y_pred)
positive_grid = st.integers(1, 8000).map(lambda k: k / 8.0)
positive_reals = st.one_of(st.integers(1, 4).map(float), positive_grid,
                           st.floats(1e-3, 1e6, allow_nan=False, allow_subnormal=False))


def _pairs_without(strategy, *names):
    """``strategy`` with its edge cases other than ``names``."""
    return with_edges(strategy, tuple((n, ex) for n, ex in edges_of(strategy) if n not in names))


def _within_positive_reals(values) -> bool:
    """Whether every value could be drawn by :data:`positive_reals` (from 1e-3 to 1e6)."""
    v = np.asarray(values, dtype=np.float64)
    return bool(np.isfinite(v).all() and (v >= 1e-3).all() and (v <= 1e6).all())
#: grid values other than 0 (a percentage error of a zero truth is the eps convention, not scale-free)
non_zero_grid = st.integers(1, 8000).map(lambda k: k / 8.0).flatmap(lambda v: st.sampled_from([v, -v]))


def _positive(values) -> bool:
    return within_reals(values) and bool((np.asarray(values) > 0).all())


def _positive_on_grid(values) -> bool:
    return on_grid(values) and bool((np.asarray(values) > 0).all())


_POSITIVE_PAIRS = dict(elements=positive_reals, weighted_elements=positive_grid, domain=_positive,
                       weighted_domain=_positive_on_grid)
PINBALL_FORMS = ({}, {"alpha": 0.1}, {"alpha": 0.9})
TWEEDIE_FORMS = ({}, {"power": -0.5}, {"power": 1.5}, {"power": 3.0})
D2 = ("d2_absolute_error", "d2_pinball", "d2_tweedie")


def _concordance_defined(ex) -> bool:
    y, p = ex
    return non_constant(y) or non_constant(p) or y[0] != p[0]


_d2_undefined = "zero denominator (constant y_true): 1.0 if exact, else 0.0; fewer than 2 samples refused"
NEW_CAPABILITIES = {
    "mean_absolute_percentage_error": Capability(
        (0.0, None), symmetric=False, input_domain="real values", sample_weight=True, higher_is_better=False,
        undefined="y_true = 0: denominator max(|y_true|, eps), eps = float64 machine epsilon",
        inputs=real_pairs_shape(), best=0.0),
    "weighted_mean_absolute_percentage_error": Capability(
        (0.0, None), symmetric=False, input_domain="real values", sample_weight=True, higher_is_better=False,
        undefined="every y_true = 0: mean |y_true| taken as eps (float64 machine epsilon)", inputs=real_pairs_shape(), best=0.0),
    "symmetric_mean_absolute_percentage_error": Capability(
        (0.0, 2.0), symmetric=True, input_domain="real values", sample_weight=True, higher_is_better=False,
        undefined="y_true = y_pred = 0: that term is 0", inputs=real_pairs_shape(), best=0.0,
        stream_forms=({}, {"denominator": "sum"})),
    "max_error": Capability(
        (0.0, None), symmetric=True, input_domain="real values", sample_weight=False, higher_is_better=False,
        undefined="none", inputs=real_pairs_shape(), best=0.0),
    "mean_pinball_loss": Capability(
        (0.0, None), symmetric=False, input_domain="real values, alpha in [0, 1]", sample_weight=True,
        higher_is_better=False, undefined="none; alpha outside [0, 1] refused", inputs=real_pairs_shape(),
        forms=PINBALL_FORMS, best=0.0),
    "mean_tweedie_deviance": Capability(
        (0.0, None), symmetric=False, input_domain="power < 0: y_pred > 0; 0: reals; [1, 2): y_true >= 0, "
        "y_pred > 0; >= 2: both > 0", sample_weight=True, higher_is_better=False,
        undefined="values outside the power's domain refused; power in (0, 1) refused",
        inputs=real_pairs_shape(**_POSITIVE_PAIRS), forms=TWEEDIE_FORMS, best=0.0),
    "mean_poisson_deviance": Capability(
        (0.0, None), symmetric=False, input_domain="y_true >= 0, y_pred > 0", sample_weight=True,
        higher_is_better=False, undefined="y_true < 0 or y_pred <= 0 refused",
        inputs=real_pairs_shape(**_POSITIVE_PAIRS), best=0.0),
    "mean_gamma_deviance": Capability(
        (0.0, None), symmetric=False, input_domain="y_true > 0, y_pred > 0", sample_weight=True,
        higher_is_better=False, undefined="y_true <= 0 or y_pred <= 0 refused",
        inputs=real_pairs_shape(**_POSITIVE_PAIRS), best=0.0),
    "d2_absolute_error": Capability(
        (None, 1.0), symmetric=False, input_domain="real values, n >= 2", sample_weight=True,
        undefined=_d2_undefined, inputs=real_pairs_shape(min_size=2), best=1.0),
    "d2_pinball": Capability(
        (None, 1.0), symmetric=False, input_domain="real values, n >= 2, alpha in [0, 1]", sample_weight=True,
        undefined=_d2_undefined + "; alpha outside [0, 1] refused", inputs=real_pairs_shape(min_size=2),
        forms=PINBALL_FORMS, best=1.0),
    "d2_tweedie": Capability(
        (None, 1.0), symmetric=False, input_domain="n >= 2, the domain of mean_tweedie_deviance", sample_weight=True,
        undefined=_d2_undefined + "; power < 0 with mean(y_true) <= 0 refused",
        inputs=real_pairs_shape(min_size=2, **_POSITIVE_PAIRS), forms=({}, {"power": 1.5}), best=1.0),
    "concordance_corrcoef": Capability(
        (-1.0, 1.0), symmetric=True, input_domain="paired real values, n >= 2", sample_weight=False,
        undefined="y_true and y_pred constant and equal: nan; fewer than 2 samples refused",
        inputs=real_pairs_shape(min_size=2), best=1.0, defined=_concordance_defined),
}
CAPABILITIES.update(NEW_CAPABILITIES)


# ---------------------------------------------------------------- definitions, computed here in plain NumPy

_PINBALL_ALPHAS = options(0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0, name="alpha")
_TWEEDIE_POWERS = st.sampled_from([-1.5, -0.5, 0.0, 1.0, 1.2, 1.5, 2.0, 2.5, 3.0])


def _definition_weights(name: str, weighted: bool):
    """The sample_weight loop of a definition: unweighted (every target), or with the drawn weights."""
    return (lambda w: (w,)) if weighted else (lambda w: (None,))


def _register_definition(name: str, statement: str, value, strategy, keywords=()):
    """``definition[name]`` (no weights: every target that has the metric) and, where the metric takes
    weights, ``definition.sample_weight[name]``; ``value(ex, w)`` is the metric computed here, the example
    ``ex = (y, p, w, options)`` with the keyword options of the call."""
    weighted_too = NEW_CAPABILITIES[name].sample_weight
    for weighted in (False, True) if weighted_too else (False,):
        def check(t, ex, weighted=weighted):
            y, p, w, options = ex
            sw = w if weighted else None
            expected, atol = value(y, p, _weights_or_ones(sw, len(y)), **options)
            kw = dict(options, **({"sample_weight": sw} if weighted else {}))
            expect_close(getattr(t, name)(y, p, **kw), expected, rtol=1e-9, atol=atol,
                         what=f"{name}({', '.join(f'{k}={v!r}' for k, v in options.items())}"
                              f"{', sample_weight=w' if weighted else ''}) vs its definition")

        register(f"definition{'.sample_weight' if weighted else ''}[{name}]",
                 f"{statement}{', with integer weights' if weighted else ', unweighted'}", kind="relation",
                 needs=(name, *(f"{name}:{k}" for k in keywords), *((f"{name}:sample_weight",) if weighted else ())),
                 strategy=strategy, defines=(name,), check=check, family="regression")


def _with_options(pairs_strategy, *, min_size: int = 1, domain=within_reals, **keywords):
    """(y, p, w, {keyword: drawn value}) from weighted pairs and one strategy per keyword; its edge cases are
    the product of the weighted pairs' edge cases (of at least ``min_size`` samples, every value in
    ``domain``) and each keyword's (its edge cases, else its representative value)."""
    triples = tuple((name, ex) for name, ex in weighted_triple_edges(min_size)
                    if all(domain(a) for a in ex[:2]) and (ex[2] > 0).sum() >= min_size)
    names = sorted(keywords)
    edges = edges_product(triples, *(keywords[key] for key in names))
    strategy = st.tuples(pairs_strategy, st.fixed_dictionaries(keywords)).map(lambda e: (*e[0], e[1]))
    return with_edges(strategy, [(name, (*ex[0], dict(zip(names, ex[1:])))) for name, ex in edges])


_EPS64 = float(np.finfo(np.float64).eps)


def _mape_by_definition(y, p, w):
    return _weighted_average(np.abs(y - p) / np.maximum(np.abs(y), _EPS64), w), 1e-300


def _wmape_by_definition(y, p, w):
    if np.sum(w * np.abs(y)) == 0:  # the undefined case: the mean magnitude taken as eps
        return _weighted_average(np.abs(p), w) / _EPS64, 1e-300
    return np.sum(w * np.abs(y - p)) / np.sum(w * np.abs(y)), 1e-300


def _smape_by_definition(y, p, w):
    half_total = (np.abs(y) + np.abs(p)) / 2
    terms = np.divide(np.abs(y - p), half_total, out=np.zeros_like(y), where=half_total > 0)  # 0/0 := 0
    return _weighted_average(terms, w), 1e-300


def _pinball_by_definition(y, p, w, alpha=0.5):
    return _weighted_average(alpha * np.maximum(y - p, 0) + (1 - alpha) * np.maximum(p - y, 0), w)


def _tweedie_terms(y, mu, power):
    """The unit deviance's textbook closed form per sample, and the magnitude its terms cancel from."""
    if power == 0:
        d = (y - mu) ** 2
        return d, d
    if power == 1:
        log_term = np.where(y > 0, y * np.log(np.where(y > 0, y, 1.0) / mu), 0.0)  # 0 log 0 = 0
        return 2 * (log_term - y + mu), 2 * (np.abs(log_term) + y + mu)
    if power == 2:
        return 2 * (np.log(mu / y) + y / mu - 1), 2 * (np.abs(np.log(mu / y)) + y / mu + 1)
    terms = (np.maximum(y, 0) ** (2 - power) / ((1 - power) * (2 - power)), -y * mu ** (1 - power) / (1 - power),
             mu ** (2 - power) / (2 - power))
    return 2 * sum(terms), 2 * sum(np.abs(t) for t in terms)


def _tweedie_by_definition(y, p, w, power=0.0):
    d, magnitude = _tweedie_terms(y, p, power)
    # the closed form cancels its terms where y ~ mu: its own rounding is relative to the terms
    return _weighted_average(d, w), 1e-12 * _weighted_average(magnitude, w) + 1e-300


@st.composite
def _tweedie_pairs(draw, power=None, min_size=1):
    """(y, p, w, {"power": power}) within the power's domain: grid values moved into it."""
    y, p, w = draw(pairs(grid, min_size=min_size, with_weights=True))
    power = draw(_TWEEDIE_POWERS) if power is None else power
    p = np.abs(p) + 0.125
    if 1 <= power < 2:
        y = np.abs(y)  # zeros kept: 0 log 0 = 0 at power 1
    elif power >= 2:
        y = np.abs(y) + 0.125
    return y, p, w, {"power": power}


def _edged_tweedie(power=None, min_size=1, where=None, plain: bool = False):
    """:func:`_tweedie_pairs`, carrying the weighted pairs' edge cases on the grid (and the pairs' with weights 1, 2, 3
    cycled) moved into the power's domain as
    the strategy moves its draws (the powers of :data:`_TWEEDIE_POWERS` cycled when ``power`` is None), those
    ``where`` takes; ``plain``: as (y, p, w, {}), the form of the deviances without a power keyword."""
    powers = _TWEEDIE_POWERS.elements if power is None else (power,)

    def moved(ex, pw):
        y, p, w = ex
        p = np.abs(p) + 0.125
        if 1 <= pw < 2:
            y = np.abs(y)
        elif pw >= 2:
            y = np.abs(y) + 0.125
        return y, p, w, {"power": pw}

    triples = tuple((n, ex) for n, ex in weighted_triple_edges(min_size) if on_grid(ex[0]) and on_grid(ex[1]))
    triples += tuple((n, (a, b, np.resize(np.array([1.0, 2.0, 3.0]), len(a)))) for n, (a, b) in pair_edges(min_size)
                     if on_grid(a) and on_grid(b))
    edges = tuple((n if power is not None else f"{n}+power={ex[3]['power']}", ex)
                  for n, ex in cycled_edges(triples, moved, powers) if where is None or where(ex))
    strategy = _tweedie_pairs(power, min_size) if where is None else _tweedie_pairs(power, min_size).filter(where)
    strategy = with_edges(strategy, edges)
    return map_with_edges(strategy, lambda e: (*e[:3], {})) if plain else strategy


_weighted_reals = pairs(reals, with_weights=True)
_register_definition("mean_absolute_percentage_error",
                     "mean_absolute_percentage_error = sum w |y - p| / max(|y|, eps) / sum w, eps = 2.2e-16",
                     _mape_by_definition, _with_options(_weighted_reals))
_register_definition("weighted_mean_absolute_percentage_error",
                     "weighted_mean_absolute_percentage_error = sum w |y - p| / sum w |y|; mean w |p| / eps "
                     "when every y is 0",
                     _wmape_by_definition, _with_options(_weighted_reals))
_register_definition("symmetric_mean_absolute_percentage_error",
                     "symmetric_mean_absolute_percentage_error = mean of |y - p| / ((|y| + |p|) / 2), 0/0 := 0",
                     _smape_by_definition, _with_options(_weighted_reals))
_register_definition("max_error", "max_error = max |y - p|",
                     lambda y, p, w: (np.max(np.abs(y - p)), 0.0), _with_options(_weighted_reals))
_register_definition("mean_pinball_loss",
                     "mean_pinball_loss = mean of alpha max(y - p, 0) + (1 - alpha) max(p - y, 0)",
                     lambda y, p, w, alpha: (_pinball_by_definition(y, p, w, alpha), 1e-300),
                     _with_options(_weighted_reals, alpha=_PINBALL_ALPHAS), keywords=("alpha",))
_register_definition("mean_tweedie_deviance",
                     "mean_tweedie_deviance = mean of the closed-form unit deviance (its limits at power 0, 1, 2), "
                     "every power class within its domain", _tweedie_by_definition, _edged_tweedie(),
                     keywords=("power",))
_register_definition("mean_poisson_deviance", "mean_poisson_deviance = mean of 2 (y log(y/p) - y + p), 0 log 0 = 0",
                     lambda y, p, w: _tweedie_by_definition(y, p, w, 1.0),
                     _edged_tweedie(1.0, plain=True))
_register_definition("mean_gamma_deviance", "mean_gamma_deviance = mean of 2 (log(p/y) + y/p - 1)",
                     lambda y, p, w: _tweedie_by_definition(y, p, w, 2.0),
                     _edged_tweedie(2.0, plain=True))


def _d2_pinball_by_definition(y, p, w, alpha=0.5):
    """1 - L(y, p) / min over constants c of L(y, c); the minimum of a piecewise-linear convex loss is at a
    sample value, so the constants tried are the values of y (no quantile convention involved)."""
    numerator = _pinball_by_definition(y, p, w, alpha)
    denominator = min(_pinball_by_definition(y, np.full_like(y, c), w, alpha) for c in y)
    if denominator == 0:
        return (1.0 if numerator == 0 else 0.0), 0.0
    # the minimum over sample values is exact up to rounding of the sums: 1e-9 of the ratio
    return 1.0 - numerator / denominator, 1e-9 * max(1.0, numerator / denominator)


def _d2_tweedie_by_definition(y, p, w, power=0.0):
    numerator = _tweedie_by_definition(y, p, w, power)[0]
    if (y == y[0]).all():
        return (1.0 if np.array_equal(y, p) else 0.0), 0.0
    denominator, slack = _tweedie_by_definition(y, np.full_like(y, _weighted_average(y, w)), w, power)
    return 1.0 - numerator / denominator, 1e-9 * max(1.0, numerator / denominator) + slack / denominator


_register_definition("d2_pinball",
                     "d2_pinball = 1 - L_alpha(y, p) / min_c L_alpha(y, c) (the best constant), 1.0/0.0 when "
                     "that minimum is 0", _d2_pinball_by_definition,
                     _with_options(pairs(reals, min_size=2, with_weights=True), min_size=2, alpha=_PINBALL_ALPHAS),
                     keywords=("alpha",))
_register_definition("d2_absolute_error",
                     "d2_absolute_error = 1 - MAE(y, p) / min_c MAE(y, c) (c a median), 1.0/0.0 for constant y",
                     lambda y, p, w: _d2_pinball_by_definition(y, p, w, 0.5),
                     _with_options(pairs(reals, min_size=2, with_weights=True), min_size=2))
_register_definition("d2_tweedie",
                     "d2_tweedie = 1 - D_power(y, p) / D_power(y, weighted mean of y), 1.0/0.0 for constant y",
                     _d2_tweedie_by_definition, _edged_tweedie(min_size=2, where=
                         lambda e: not (e[3]["power"] < 0 and _weighted_average(e[0], e[2]) <= 0)),
                     keywords=("power",))


def _concordance_by_definition(y, p, w):
    """1 - mean((y - p)^2) / (var(y) + var(p) + (mean y - mean p)^2): Lin's eq. 2 rewritten (population moments)."""
    spread = np.var(y) + np.var(p) + (y.mean() - p.mean()) ** 2
    if spread == 0:
        return math.nan, 0.0
    return 1.0 - np.mean((y - p) ** 2) / spread, 1e-12


_register_definition("concordance_corrcoef",
                     "concordance_corrcoef = 1 - mean((y - p)^2) / (var y + var p + (mean y - mean p)^2), "
                     "population variances (Lin 1989, eq. 2); nan when both are the same constant",
                     _concordance_by_definition, _with_options(pairs(grid, min_size=2, with_weights=True), min_size=2, domain=on_grid))


# ---------------------------------------------------------------- relations between the metrics


def _tweedie_is(t, ex, power, other):
    y, p, w = ex
    for sw in (None, w):
        with findings.form(view=t):
            expect_close(t.mean_tweedie_deviance(y, p, power=power, sample_weight=sw),
                         _call(t, other, y, p, sample_weight=sw), rtol=1e-12, atol=1e-300,
                         what=f"mean_tweedie_deviance(power={power}) vs {other}")


for _power, _other, _elements in ((0.0, "mean_squared_error", reals), (1.0, "mean_poisson_deviance", positive_reals),
                                  (2.0, "mean_gamma_deviance", positive_reals)):
    register(f"tweedie_power_{int(_power)}_is[{_other}]",
             f"mean_tweedie_deviance(power={int(_power)}) = {_other}, with and without weights", kind="relation",
             needs=("mean_tweedie_deviance:power", "mean_tweedie_deviance:sample_weight", _other,
                    f"{_other}:sample_weight"),
             strategy=edged_pairs(_elements, with_weights=True,
                                  domain=within_reals if _elements is reals else _within_positive_reals),
             check=functools.partial(_tweedie_is, power=_power, other=_other), family="regression")


@prop("pinball_at_half_is_half_mae", "mean_pinball_loss(alpha=0.5) = mean_absolute_error / 2, with and without weights",
      kind="relation", needs=("mean_pinball_loss:alpha", "mean_pinball_loss:sample_weight", "mean_absolute_error",
                              "mean_absolute_error:sample_weight"),
      strategy=edged_pairs(reals, with_weights=True))
def _pinball_half(t, ex):
    y, p, w = ex
    for sw in (None, w):
        with findings.form(view=t):
            expect_close(t.mean_pinball_loss(y, p, alpha=0.5, sample_weight=sw),
                         t.mean_absolute_error(y, p, sample_weight=sw) / 2, rtol=1e-12, atol=1e-300,
                         what="pinball(alpha=0.5) vs mae / 2")


@prop("max_error_ge_mae", "max_error >= mean_absolute_error (a mean never exceeds the maximum)",
      kind="relation", needs=("max_error", "mean_absolute_error"), strategy=edged_pairs(reals))
def _max_error_ge_mae(t, ex):
    mae = t.mean_absolute_error(*ex)
    expect_le(mae, t.max_error(*ex), what="mae <= max_error", tol=1e-12 * max(1.0, abs(mae)))


@prop("d2_tweedie_at_power_0_is_r2", "d2_tweedie(power=0) = r2 (the normal deviance is the squared error)",
      kind="relation", needs=("d2_tweedie:power", "d2_tweedie:sample_weight", "r2", "r2:sample_weight"),
      strategy=edged_pairs(grid, min_size=2, with_weights=True))
def _d2_tweedie_r2(t, ex):
    y, p, w = ex
    for sw in (None, w):
        with findings.form(view=t):
            expect_close(t.d2_tweedie(y, p, power=0.0, sample_weight=sw), t.r2(y, p, sample_weight=sw),
                         rtol=1e-9, atol=1e-12, what="d2_tweedie(power=0) vs r2")


@prop("d2_absolute_error_is_d2_pinball_at_half", "d2_absolute_error = d2_pinball(alpha=0.5), with and without weights",
      kind="relation", needs=("d2_absolute_error", "d2_absolute_error:sample_weight", "d2_pinball:alpha",
                              "d2_pinball:sample_weight"), strategy=edged_pairs(reals, min_size=2, with_weights=True))
def _d2_abs_pinball(t, ex):
    y, p, w = ex
    for sw in (None, w):
        with findings.form(view=t):
            expect_close(t.d2_absolute_error(y, p, sample_weight=sw), t.d2_pinball(y, p, alpha=0.5, sample_weight=sw),
                         rtol=1e-12, atol=1e-12, what="d2_absolute_error vs d2_pinball(alpha=0.5)")


@prop("concordance_le_abs_pearson", "|concordance_corrcoef| <= |pearson| (Lin's bias correction is in (0, 1])",
      kind="relation", needs=("concordance_corrcoef", "pearson"), strategy=edged_pairs(grid, min_size=3))
def _ccc_le_pearson(t, ex):
    y, p = ex
    if not (non_constant(y) and non_constant(p)):
        return
    expect_le(abs(t.concordance_corrcoef(y, p)), abs(t.pearson(y, p)), what="|ccc| <= |pearson|", tol=1e-12)


# scaling: the percentage errors and CCC are scale-free (|c y| kept above eps), the deviances homogeneous
_scale_free_pairs = st.tuples(pairs(non_zero_grid, min_size=3), st.sampled_from([-8.0, -0.5, 0.25, 3.0, 1e150]))
_positive_scalings = st.tuples(pairs(positive_grid, min_size=3), st.sampled_from([0.25, 3.0, 1e-100, 1e100]))
for _m, _power, _strategy in (("mean_absolute_percentage_error", 0, _scale_free_pairs),
                              ("weighted_mean_absolute_percentage_error", 0, _scale_free_pairs),
                              ("symmetric_mean_absolute_percentage_error", 0, _scale_free_pairs),
                              ("concordance_corrcoef", 0, st.tuples(pairs(grid, min_size=3),
                                                                    st.sampled_from([-8.0, 0.25, 3.0, 1e150]))),
                              ("max_error", 1, st.tuples(pairs(grid, min_size=3), st.sampled_from([-8.0, 0.25, 1e150]))),
                              ("mean_poisson_deviance", 1, _positive_scalings),
                              ("mean_gamma_deviance", 0, _positive_scalings)):
    register(f"scaling[{_m}]", f"{_m}(c y, c p) = |c|^{_power} {_m}(y, p)", kind="invariance", needs=(_m,),
             strategy=_strategy, check=functools.partial(_scaled, m=_m, power=_power), family="regression")

for _m in ("max_error", "mean_pinball_loss", "concordance_corrcoef", "d2_pinball"):
    register(f"translation_invariance[{_m}]",
             f"{_m}(y + c, p + c) = {_m}(y, p): shifting both arrays by a constant changes nothing",
             kind="invariance", needs=(_m,), strategy=st.tuples(pairs(grid, min_size=3), st.integers(-1000, 1000).map(float)),
             check=functools.partial(_shifted, m=_m), family="regression")


# ---------------------------------------------------------------- undefined cases and refusals


@prop("undefined.zero_truth[mean_absolute_percentage_error]",
      "a zero y_true divides by eps = 2.2e-16, never by 0: |p| / eps for that sample, finite, no NaN",
      kind="undefined", needs=("mean_absolute_percentage_error",), strategy=pairs(small_ints, max_size=6))
def _mape_zero_truth(t, ex):
    y, p = ex
    y = y.copy()
    y[0] = 0.0
    expected = np.mean(np.abs(y - p) / np.maximum(np.abs(y), _EPS64))
    expect_close(t.mean_absolute_percentage_error(y, p), expected, rtol=1e-12, what="mape with a zero y_true")


@prop("undefined.zero_truth[weighted_mean_absolute_percentage_error]",
      "every y_true 0: the mean magnitude is taken as eps = 2.2e-16, so 0 for exact predictions and "
      "mean |p| / eps otherwise",
      kind="undefined", needs=("weighted_mean_absolute_percentage_error",), strategy=pairs(small_ints, max_size=6))
def _wmape_zero_truth(t, ex):
    _, p = ex
    y = np.zeros_like(p)
    expect_close(t.weighted_mean_absolute_percentage_error(y, p), np.mean(np.abs(p)) / _EPS64, rtol=1e-12,
                 what="wmape with every y_true 0")


@prop("undefined.both_zero[symmetric_mean_absolute_percentage_error]",
      "a sample with y_true = y_pred = 0 counts 0 (an exact prediction), never NaN",
      kind="undefined", needs=("symmetric_mean_absolute_percentage_error",), strategy=pairs(small_ints, max_size=6))
def _smape_both_zero(t, ex):
    y, p = ex
    y, p = np.append(y, 0.0), np.append(p, 0.0)
    expect_close(t.symmetric_mean_absolute_percentage_error(y, p), _smape_by_definition(y, p, np.ones(len(y)))[0],
                 rtol=1e-12, what="smape with a 0/0 sample")


for _m in D2:

    def _d2_constant(t, ex, m=_m):
        y, p = ex
        value = _call(t, m, y, p)
        expected = 1.0 if np.array_equal(y, p) else 0.0
        expect(value == expected, f"{m} on constant y_true = {value!r}, but should be {expected} "
                                  "(zero denominator: 1.0 if exact, 0.0 otherwise)")

    register(f"constant_truth[{_m}]", f"{_m} on constant y_true (zero denominator): 1.0 if exact, 0.0 otherwise",
             kind="undefined", needs=(_m,),
             strategy=_constant_truth().map(lambda e: (np.abs(e[0]) + 1, np.abs(e[1]) + 1)), check=_d2_constant,
             family="regression")

for _m in (*D2, "concordance_corrcoef"):
    register(f"refuses_single_sample[{_m}]", f"{_m} refuses a single sample", kind="refusal", needs=(_m,),
             strategy=positive_reals,
             check=lambda t, ex, m=_m: expect_refusal(lambda: _call(t, m, np.array([ex]), np.array([ex + 1.0])),
                                                      "y_true"),
             family="regression")


@prop("undefined.constant_input[concordance_corrcoef]",
      "concordance_corrcoef is nan when y_true and y_pred are the same constant, 0 when only one is constant",
      kind="undefined", needs=("concordance_corrcoef",), strategy=st.tuples(pairs(grid, min_size=2), st.booleans()))
def _ccc_constant(t, ex):
    (y, p), same = ex
    constant = np.full_like(y, y[0])
    if same:
        value = t.concordance_corrcoef(constant, constant.copy())
        expect(is_nan(value), f"concordance_corrcoef of one constant twice = {value!r}, but should be nan (0/0)")
    elif non_constant(p):
        value = t.concordance_corrcoef(constant, p)
        expect(value == 0.0, f"concordance_corrcoef with constant y_true = {value!r}, but should be 0 (no covariance)")


@st.composite
def _outside_tweedie_domain(draw, power=None):
    """(y, p, power, argument at fault): one value outside the power's domain."""
    y, p, _, options = draw(_tweedie_pairs(power))
    power = options["power"]
    while power == 0.0:  # every real is in the normal deviance's domain
        power = draw(_TWEEDIE_POWERS)
    at_fault = "y_pred" if power < 0 else draw(st.sampled_from(["y_true", "y_pred"]))
    y, p = (np.abs(y) + 0.125), p.copy()
    victim = p if at_fault == "y_pred" else y
    bad = draw(st.sampled_from([0.0, -0.5, -1e6])) if at_fault == "y_pred" or power >= 2 else \
        draw(st.sampled_from([-0.125, -1e6]))
    victim[draw(st.integers(0, len(victim) - 1))] = bad
    return y, p, power, at_fault


for _m, _power in (("mean_tweedie_deviance", None), ("mean_poisson_deviance", 1.0), ("mean_gamma_deviance", 2.0),
                   ("d2_tweedie", None)):
    _keyword = _power is None

    def _outside(t, ex, m=_m, keyword=_keyword):
        y, p, power, at_fault = ex
        if m == "d2_tweedie" and len(y) < 2:
            y, p = np.append(y, 1.0), np.append(p, 1.0)
        expect_refusal(lambda: _call(t, m, y, p, **({"power": power} if keyword else {})), at_fault)

    register(f"refusal.outside_domain[{_m}]",
             f"{_m} refuses a value outside its domain ({NEW_CAPABILITIES[_m].input_domain}), naming the argument",
             kind="refusal", needs=(_m, *((f"{_m}:power",) if _keyword else ())),
             strategy=_outside_tweedie_domain(_power), check=_outside, family="regression")

for _m in ("mean_tweedie_deviance", "d2_tweedie"):
    register(f"refusal.power_gap[{_m}]", f"{_m} refuses a power in (0, 1), where no Tweedie distribution exists",
             kind="refusal", needs=(_m, f"{_m}:power"),
             strategy=st.tuples(pairs(positive_grid, min_size=2), st.sampled_from([0.25, 0.5, 0.999, 1e-9])),
             check=lambda t, ex, m=_m: expect_refusal(lambda: _call(t, m, *ex[0], power=ex[1]), "power"),
             family="regression")

for _m in ("mean_pinball_loss", "d2_pinball"):
    register(f"refusal.alpha[{_m}]", f"{_m} refuses alpha outside [0, 1], naming alpha", kind="refusal",
             needs=(_m, f"{_m}:alpha"),
             strategy=st.tuples(pairs(grid, min_size=2), st.sampled_from([-0.1, 1.5, 2.0, -1e-9])),
             check=lambda t, ex, m=_m: expect_refusal(lambda: _call(t, m, *ex[0], alpha=ex[1]), "alpha"),
             family="regression")


# ---------------------------------------------------------------- agreement with scikit-learn

_SK_NEW = {
    # name: (strategy of (y, p, w, options), the keywords the options hold)
    "mean_absolute_percentage_error": (_with_options(_weighted_reals), ()),
    "max_error": (_with_options(_weighted_reals), ()),
    "mean_pinball_loss": (_with_options(_weighted_reals, alpha=_PINBALL_ALPHAS), ("alpha",)),
    "mean_tweedie_deviance": (_edged_tweedie(), ("power",)),
    "mean_poisson_deviance": (_edged_tweedie(1.0, plain=True), ()),
    "mean_gamma_deviance": (_edged_tweedie(2.0, plain=True), ()),
    "d2_absolute_error": (_with_options(pairs(reals, min_size=2, with_weights=True), min_size=2), ()),
    "d2_pinball": (_with_options(pairs(reals, min_size=2, with_weights=True), min_size=2, alpha=_PINBALL_ALPHAS), ("alpha",)),
    # constant y_true left out: scikit-learn's d2_tweedie_score raises ZeroDivisionError there (constant_truth[d2_tweedie])
    "d2_tweedie": (_edged_tweedie(min_size=2, where=
        lambda e: non_constant(e[0]) and not (e[3]["power"] < 0 and _weighted_average(e[0], e[2]) <= 0)), ("power",)),
}

for _m, (_strategy, _keywords) in _SK_NEW.items():
    _weighted = NEW_CAPABILITIES[_m].sample_weight

    def _agree_new(t, ex, m=_m, weighted=_weighted):
        y, p, w, options = ex
        sk = getattr(reference("sklearn"), m)
        for sw in (None, w) if weighted else (None,):
            kw = dict(options, **({"sample_weight": sw} if weighted else {}))
            with findings.form(view=t):
                expected = sk(y, p, **kw)
                # a D² divides by the baseline's loss: its rounding is relative to the ratio, not to 1 - ratio
                atol = _SK_TOL["atol"] * (1.0 + abs(1.0 - expected) if m in D2 else 1.0)
                expect_close(getattr(t, m)(y, p, **kw), expected, rtol=_SK_TOL["rtol"], atol=atol,
                             what=f"{m}({', '.join(f'{k}={v!r}' for k, v in kw.items() if v is not None)}) vs sklearn")

    register(f"agreement[{_m}]", f"{_m} agrees with scikit-learn{', with and without sample_weight' if _weighted else ''}",
             kind="agreement", reference="sklearn",
             needs=(_m, *(f"{_m}:{k}" for k in _keywords), *((f"{_m}:sample_weight",) if _weighted else ())),
             strategy=_strategy, check=_agree_new, family="regression")


# ================================================================ issue 32, continued: multioutput (2-D y_true/y_pred
# scored per column), the mean absolute scaled error, the SMAPE without the /2. Laws are unweighted unless their
# id says sample_weight; the inputs are small (at most 6 rows, 3 columns) so each example costs a few calls.

#: the metrics with scikit-learn's multioutput=; R² and explained variance also take 'variance_weighted'
MULTIOUTPUT = ("mean_squared_error", "root_mean_squared_error", "mean_absolute_error", "median_absolute_error",
               "mean_squared_log_error", "root_mean_squared_log_error", "r2", "explained_variance",
               "mean_absolute_percentage_error", "mean_pinball_loss", "d2_absolute_error", "d2_pinball")
VARIANCE_WEIGHTED = ("r2", "explained_variance")


@dataclasses.dataclass(frozen=True)
class Outputs:
    """A multioutput example: y_true, y_pred of shape (n, m), weights per output, a column order, sample weights."""
    y_true: np.ndarray
    y_pred: np.ndarray
    output_weights: np.ndarray
    order: np.ndarray
    sample_weight: np.ndarray


@st.composite
def outputs(draw, elements=grid, *, min_size: int = 1):
    """:class:`Outputs` of 1 to 3 columns, ``min_size`` to 6 rows drawn as rows (the shrinker removes one row
    from both arrays at once); output weights in 0..3 with a positive sum; every column constant behind a branch."""
    m = draw(st.integers(1, 3))
    rows = draw(st.lists(st.tuples(st.lists(elements, min_size=2 * m, max_size=2 * m), st.integers(1, 3)),
                         min_size=min_size, max_size=6))
    values = np.array([r[0] for r in rows], dtype=np.float64).reshape(len(rows), 2 * m)
    y_true, y_pred = values[:, :m].copy(), values[:, m:].copy()
    if draw(st.booleans()) and draw(st.booleans()):
        y_true[:] = y_true[0]  # every output constant: variance_weighted's undefined case
    weights = np.array(draw(st.lists(st.integers(0, 3), min_size=m, max_size=m).filter(any)), dtype=np.float64)
    order = np.array(draw(st.permutations(range(m))), dtype=np.int64)
    return Outputs(y_true, y_pred, weights, order, np.array([r[1] for r in rows], dtype=np.float64))


def _output_edges(domain, min_size: int = 1) -> tuple:
    """The real pairs' edge cases of at most 6 rows with every value in ``domain``, as :class:`Outputs`: two columns
    (the pair, and the pair with its rows reversed: a constant y_true stays constant in both), output weights
    (1, 3) or (0, 2) in turn, the columns swapped, sample weights 1, 2, 3 cycled; every other one as one column."""
    out = []
    for i, (name, (a, b)) in enumerate(e for e in pair_edges(min_size)
                                       if len(e[1][0]) <= 6 and domain(e[1][0]) and domain(e[1][1])):
        w = np.resize(np.array([1.0, 2.0, 3.0]), len(a))
        if i % 2:
            out.append((f"{name}_one_column", Outputs(a[:, None].copy(), b[:, None].copy(), np.array([2.0]),
                                                      np.array([0]), w)))
        else:
            out.append((f"{name}_two_columns", Outputs(np.column_stack([a, a[::-1]]), np.column_stack([b, b[::-1]]),
                                                       np.array([1.0, 3.0] if i % 4 == 0 else [0.0, 2.0]),
                                                       np.array([1, 0]), w)))
    return tuple(out)


def edged_outputs(elements=grid, *, min_size: int = 1):
    """:func:`outputs` carrying :func:`_output_edges` (``elements``: :data:`grid` or :data:`non_negative_grid`)."""
    domain = on_grid if elements is grid else (lambda v: on_grid(v) and bool((np.asarray(v) >= 0).all()))
    return with_edges(outputs(elements, min_size=min_size), _output_edges(domain, min_size))


def _multioutput_elements(name):
    return non_negative_grid if name in LOG_ERRORS else grid


def _multioutput_min_size(name):
    return 2 if name in GOODNESS + ("d2_absolute_error", "d2_pinball") else 1


def _spec_variance_weights(y, w):
    """sum_i w_i (y_ij - mean_w y_j)^2 per column, computed here (exact on grid values but for summation order)."""
    mean = (w @ y) / w.sum()
    return w @ (y - mean) ** 2


def _combined_by_spec(values, weights):
    keep = weights > 0
    return np.sum(weights[keep] * values[keep]) / np.sum(weights[keep])


_MO_TOL = dict(rtol=1e-9, atol=1e-12)  # the same per-column values, combined in another order
#: 36 laws (12 metrics x 3) of up to 8 calls per example: fewer examples than the family default keep them cheap
_MO_EXAMPLES = 30


def _per_column(t, name, y, p, **kw):
    return np.array([float(_call(t, name, y[:, j], p[:, j], **kw)) for j in range(y.shape[1])])


def _multioutput_relation(t, ex, name):
    y, p = ex.y_true, ex.y_pred
    columns = _per_column(t, name, y, p)
    problems: list = []
    with findings.form("raw_values", problems, view=t):
        raw = np.asarray(_call(t, name, y, p, multioutput="raw_values"), dtype=float)
        expect(raw.shape == columns.shape, f"{name}(multioutput='raw_values') has shape {raw.shape}, but should be "
                                           f"{columns.shape} (one value per output)")
        expect_close(raw, columns, **_MO_TOL, what=f"{name}(multioutput='raw_values') vs the 1-D {name} of each column")
    with findings.form("uniform_average", problems, view=t):
        expect_close(_call(t, name, y, p, multioutput="uniform_average"), np.mean(columns), **_MO_TOL,
                     what=f"{name}(multioutput='uniform_average') vs the mean of the per-column values")
    with findings.form("weights", problems, view=t):
        expect_close(_call(t, name, y, p, multioutput=ex.output_weights),
                     _combined_by_spec(columns, ex.output_weights), **_MO_TOL,
                     what=f"{name}(multioutput={ex.output_weights.tolist()}) vs the weighted mean of the per-column values")
    a = _spec_variance_weights(y, np.ones(len(y)))
    if name in VARIANCE_WEIGHTED and a.any():  # every column constant: undefined.multioutput.all_constant's case
        with findings.form("variance_weighted", problems, view=t):
            expected = _combined_by_spec(columns, a)
            expect_close(_call(t, name, y, p, multioutput="variance_weighted"), expected, **_MO_TOL,
                         what=f"{name}(multioutput='variance_weighted') vs the mean of the per-column values weighted "
                              f"by the variances of y_true {a.tolist()}")
    with findings.form("single_column", problems, view=t):
        # (n, 1) is a multioutput input: asked with the keyword (at its default), so a target without multioutput,
        # which may refuse 2-D input as the catalog's metrics without the keyword do, lacks this form (n/a)
        expect_close(_call(t, name, y[:, :1], p[:, :1], multioutput="uniform_average"), columns[0], **_MO_TOL,
                     what=f"{name}(multioutput='uniform_average') of one column of shape (n, 1) vs the 1-D {name} "
                          "of it")
    findings.raise_worst(problems)


def _column_permutation(t, ex, name):
    y, p, order, a = ex.y_true, ex.y_pred, ex.order, ex.output_weights
    problems: list = []
    for option in ("raw_values", "uniform_average", "weights") + (("variance_weighted",) if name in VARIANCE_WEIGHTED else ()):
        before_option, after_option = (a, a[order]) if option == "weights" else (option, option)
        with findings.form(option, problems, view=t):
            before = np.asarray(_call(t, name, y, p, multioutput=before_option), dtype=float)
            after = np.asarray(_call(t, name, y[:, order], p[:, order], multioutput=after_option), dtype=float)
            expect_close(after, before[order] if option == "raw_values" else before, **_MO_TOL,
                         what=f"{name}(multioutput={option!r}) after reordering the outputs by {order.tolist()}")
    findings.raise_worst(problems)


@st.composite
def _bad_multioutput(draw, name):
    """(example, case): one multioutput defect; the case names the argument a refusal must name."""
    ex = draw(outputs(_multioutput_elements(name), min_size=max(2, _multioutput_min_size(name))))
    cases = ["columns", "weights_length", "negative_weight", "unknown"] + \
        ([] if name in VARIANCE_WEIGHTED else ["variance_weighted"])
    return ex, draw(st.sampled_from(cases))


def _multioutput_refusal(t, ex, name):
    example, case = ex
    y, p, a = example.y_true, example.y_pred, example.output_weights
    with findings.part(case):  # the case names the finding class: a deviation covers one kind of bad input
        if case == "columns":
            wider = np.column_stack([p, p[:, :1]])
            expect_refusal(lambda: _call(t, name, y, wider), "y_pred")
        elif case == "weights_length":
            expect_refusal(lambda: _call(t, name, y, p, multioutput=np.append(a, 1.0)), "multioutput")
        elif case == "negative_weight":
            expect_refusal(lambda: _call(t, name, y, p, multioutput=np.append(a[:-1], -1.0)), "multioutput")
        else:
            option = "variance_weighted" if case == "variance_weighted" else "macro"
            expect_refusal(lambda: _call(t, name, y, p, multioutput=option), "multioutput")


for _m in MULTIOUTPUT:
    _inputs = outputs(_multioutput_elements(_m), min_size=_multioutput_min_size(_m))
    register(f"relation.multioutput[{_m}]",
             f"{_m} on (n, m) arrays: raw_values = the 1-D {_m} of each column, uniform_average = their mean, "
             "weights = their weighted mean" + (", variance_weighted = their mean weighted by the variances of the "
                                               "y_true columns (some not constant)" if _m in VARIANCE_WEIGHTED else "")
             + "; one column of shape (n, 1) = the 1-D value (a target without multioutput is not asked)",
             kind="relation", needs=(_m, f"{_m}:multioutput"),
             strategy=edged_outputs(_multioutput_elements(_m), min_size=_multioutput_min_size(_m)),
             max_examples=_MO_EXAMPLES, check=functools.partial(_multioutput_relation, name=_m), family="regression")
    register(f"invariance.column_permutation[{_m}]",
             f"{_m}: reordering the outputs (columns) reorders raw_values the same way and leaves every average "
             "unchanged (output weights reordered with them)",
             kind="invariance", needs=(_m, f"{_m}:multioutput"), strategy=_inputs, max_examples=_MO_EXAMPLES,
             check=functools.partial(_column_permutation, name=_m), family="regression")
    register(f"refusal.multioutput[{_m}]",
             f"{_m} refuses y_pred with other columns than y_true (naming y_pred), and output weights of the wrong "
             "length, a negative weight or an unknown multioutput (naming multioutput)"
             + ("" if _m in VARIANCE_WEIGHTED else ", variance_weighted included (defined for R² and explained "
                                                   "variance only)"),
             kind="refusal", needs=(_m, f"{_m}:multioutput"), strategy=_bad_multioutput(_m), max_examples=_MO_EXAMPLES,
             check=functools.partial(_multioutput_refusal, name=_m), family="regression")


@st.composite
def _with_constant_column(draw):
    """Outputs of 2 or 3 columns, 2 to 6 rows: the first column of y_true constant, the last not."""
    ex = draw(outputs(min_size=2))
    y, p = ex.y_true, ex.y_pred
    if y.shape[1] == 1:
        y, p = np.column_stack([y, y]), np.column_stack([p, p])
    y = y.copy()
    y[:, 0] = y[0, 0]
    if not non_constant(y[:, -1]):
        y[-1, -1] += 1.0
    return y, p


def _constant_column_left_out(t, ex, name):
    y, p = ex
    columns = _per_column(t, name, y, p, force_finite=False)
    a = _spec_variance_weights(y, np.ones(len(y)))
    expect_close(_call(t, name, y, p, multioutput="variance_weighted", force_finite=False),
                 _combined_by_spec(columns, a), **_MO_TOL,
                 what=f"{name}(multioutput='variance_weighted', force_finite=False) vs the non-constant columns' values "
                      f"{columns[a > 0].tolist()} weighted by their variances (the constant column's "
                      f"{columns[0]!r} has weight 0)")


def _variance_weighted_with_weights(t, ex, name):
    y, p, w = ex.y_true, ex.y_pred, ex.sample_weight
    columns = _per_column(t, name, y, p, sample_weight=w)
    a = _spec_variance_weights(y, w)
    if not a.any():
        return  # every column constant: undefined.multioutput.all_constant's case
    expect_close(_call(t, name, y, p, multioutput="variance_weighted", sample_weight=w), _combined_by_spec(columns, a), **_MO_TOL,
                 what=f"{name}(multioutput='variance_weighted', sample_weight={w.tolist()}) vs the per-column values "
                      f"weighted by the weighted variances of y_true {a.tolist()}")


def _all_constant(t, ex, name):
    y, p = ex.y_true, ex.y_pred
    y = np.broadcast_to(y[:1], y.shape).copy()
    columns = _per_column(t, name, y, p)
    expect_close(_call(t, name, y, p, multioutput="variance_weighted"), np.mean(columns), rtol=1e-12, atol=0.0,
                 what=f"{name}(multioutput='variance_weighted') with every y_true column constant (all weights 0) "
                      f"vs the uniform average of the per-column values {columns.tolist()}")


for _m in VARIANCE_WEIGHTED:
    register(f"undefined.multioutput.constant_column[{_m}]",
             f"{_m}(multioutput='variance_weighted', force_finite=False) leaves a constant y_true column out (its "
             "weight is 0, so its nan or -inf counts for nothing): the variance-weighted mean of the other columns",
             kind="undefined", needs=(_m, f"{_m}:multioutput", f"{_m}:force_finite"),
             strategy=_with_constant_column(), max_examples=_MO_EXAMPLES,
             check=functools.partial(_constant_column_left_out, name=_m), family="regression")
    register(f"relation.multioutput.sample_weight[{_m}]",
             f"{_m}(multioutput='variance_weighted', sample_weight=w) = the weighted per-column values, weighted by "
             "sum_i w_i (y_ij - mean_w y_j)^2 (some column not constant)",
             kind="relation", needs=(_m, f"{_m}:multioutput", f"{_m}:sample_weight"), strategy=edged_outputs(min_size=2),
             check=functools.partial(_variance_weighted_with_weights, name=_m), family="regression")
    register(f"undefined.multioutput.all_constant[{_m}]",
             f"{_m}(multioutput='variance_weighted') with every column of y_true constant (no variance to weigh "
             "by): the uniform average of the per-column values",
             kind="undefined", needs=(_m, f"{_m}:multioutput"), strategy=outputs(min_size=2),
             check=functools.partial(_all_constant, name=_m), family="regression")



def _multioutput_agreement(t, ex, name):
    """Every multioutput option, with and without sample weights, against scikit-learn's own call."""
    y, p = ex.y_true, ex.y_pred
    sk = getattr(reference("sklearn"), name)
    # output weights on one column: scikit-learn refuses them ("useful only in multi-output cases"), a finding of
    # the relation property, not a second one here
    options = ["raw_values", "uniform_average"] + ([ex.output_weights] if y.shape[1] > 1 else [])
    if name in VARIANCE_WEIGHTED and _spec_variance_weights(y, np.ones(len(y))).any():
        options.append("variance_weighted")  # every column constant: undefined.multioutput.all_constant's case
    problems: list = []
    for option in options:
        label = "weights" if isinstance(option, np.ndarray) else option
        for sw in (None, ex.sample_weight):
            kw = {"multioutput": option, **({"sample_weight": sw} if sw is not None else {})}
            with findings.form(label, problems, view=t):
                expect_close(np.asarray(_call(t, name, y, p, **kw), dtype=float), np.asarray(sk(y, p, **kw), dtype=float),
                             **_MO_TOL, what=f"{name}(multioutput={label!r}, sample_weight="
                                             f"{'w' if sw is not None else None}) vs sklearn")
    findings.raise_worst(problems)


for _m in MULTIOUTPUT:
    register(f"agreement.multioutput[{_m}]",
             f"{_m} on (n, m) arrays agrees with scikit-learn for raw_values, uniform_average, output weights"
             + (" and variance_weighted" if _m in VARIANCE_WEIGHTED else "") + ", with and without sample_weight",
             kind="agreement", reference="sklearn", needs=(_m, f"{_m}:multioutput", f"{_m}:sample_weight"),
             strategy=edged_outputs(_multioutput_elements(_m), min_size=_multioutput_min_size(_m)),
             max_examples=_MO_EXAMPLES, check=functools.partial(_multioutput_agreement, name=_m), family="regression")


# ---------------------------------------------------------------- mean absolute scaled error


@dataclasses.dataclass(frozen=True)
class Forecast:
    """A forecast example: the test pair, the training series and its seasonality."""
    y_true: np.ndarray
    y_pred: np.ndarray
    y_train: np.ndarray
    seasonality: int


@st.composite
def forecasts(draw):
    """:class:`Forecast` on the grid; the training series is not periodic with the seasonality (a defined scale)."""
    y, p = draw(pairs(grid, max_size=6))
    m = draw(st.integers(1, 3))
    train = np.array(draw(st.lists(grid, min_size=m + 1, max_size=m + 6)), dtype=np.float64)
    if not (train[m:] != train[:-m]).any():
        train[-1] += 1.0  # break the period: the scale is then > 0
    return Forecast(y, p, train, m)


#: training series of the forecast edge cases, with their seasonality (none periodic with it)
_EDGE_TRAINS = ((np.array([0.0, 1.0, 3.0, 2.0, 5.0]), 1), (np.array([1.5, -2.0, 4.0, 4.0, 0.5, 7.0]), 2),
                (np.array([2.0, 2.0, 2.0, 5.0]), 3))
#: the real pairs' edge cases on the grid of at most 6 samples, each with a training series in turn
_FORECASTS = with_edges(forecasts(), cycled_edges(
    tuple(e for e in pair_edges() if len(e[1][0]) <= 6 and on_grid(e[1][0]) and on_grid(e[1][1])),
    lambda ex, train: Forecast(ex[0], ex[1], train[0].copy(), train[1]), _EDGE_TRAINS))


def _mase_call(t, ex, y=None, p=None, train=None, **kw):
    return t.mean_absolute_scaled_error(ex.y_true if y is None else y, ex.y_pred if p is None else p,
                                        y_train=ex.y_train if train is None else train,
                                        seasonality=kw.pop("seasonality", ex.seasonality), **kw)


_MASE_NEEDS = ("mean_absolute_scaled_error", "mean_absolute_scaled_error:y_train",
               "mean_absolute_scaled_error:seasonality")


@prop("definition[mean_absolute_scaled_error]",
      "mean_absolute_scaled_error = mean |y - p| / q, q = 1/(T - m) sum_{t > m} |y_train_t - y_train_{t-m}| "
      "(Hyndman & Koehler 2006, the in-sample seasonal naive MAE)",
      kind="relation", needs=_MASE_NEEDS, strategy=_FORECASTS, defines=("mean_absolute_scaled_error",))
def _mase_definition(t, ex):
    m, train = ex.seasonality, ex.y_train
    scale = np.mean(np.abs(train[m:] - train[:-m]))
    expect_close(_mase_call(t, ex), np.mean(np.abs(ex.y_true - ex.y_pred)) / scale, rtol=1e-12, atol=0.0,
                 what=f"mean_absolute_scaled_error(seasonality={m}) vs mean |y - p| / {scale!r}")


@prop("relation.mase_is_mae_ratio",
      "mean_absolute_scaled_error = mean_absolute_error(y, p) / mean_absolute_error(y_train[m:], y_train[:-m])",
      kind="relation", needs=(*_MASE_NEEDS, "mean_absolute_error"), strategy=_FORECASTS)
def _mase_ratio(t, ex):
    m, train = ex.seasonality, ex.y_train
    expect_close(_mase_call(t, ex), t.mean_absolute_error(ex.y_true, ex.y_pred)
                 / t.mean_absolute_error(train[m:], train[:-m]), rtol=1e-12, atol=0.0,
                 what="mase vs the MAE of the forecast over the MAE of the seasonal naive forecast in-sample")


@prop("invariance.scaling[mean_absolute_scaled_error]",
      "mean_absolute_scaled_error(c y, c p, y_train=c y_train) = mean_absolute_scaled_error(y, p, y_train) for c != 0",
      kind="invariance", needs=_MASE_NEEDS,
      strategy=st.tuples(forecasts(), st.sampled_from([-8.0, -0.5, 0.25, 3.0, 1e-150, 1e150])))
def _mase_scaling(t, ex):
    f, c = ex
    if not precision.representable(c * f.y_true, c * f.y_pred, c * f.y_train):
        return  # beyond the range of the target's precision (1e150 in float32)
    expect_close(_mase_call(t, f, c * f.y_true, c * f.y_pred, c * f.y_train), _mase_call(t, f), rtol=1e-9, atol=0.0, what=f"mase after scaling all three series by {c}")


@prop("undefined.periodic_train[mean_absolute_scaled_error]",
      "mean_absolute_scaled_error refuses a y_train that repeats with period seasonality (the naive scale is 0), "
      "naming y_train, instead of returning inf or NaN",
      kind="undefined", needs=_MASE_NEEDS,
      strategy=st.tuples(forecasts(), st.lists(grid, min_size=1, max_size=3), st.integers(2, 4)))
def _mase_periodic(t, ex):
    f, pattern, repeats = ex
    m = len(pattern)
    train = np.tile(np.array(pattern), repeats)
    expect_refusal(lambda: _mase_call(t, f, train=train, seasonality=m), "y_train")


@prop("refusal.seasonality[mean_absolute_scaled_error]",
      "mean_absolute_scaled_error refuses a seasonality that is not an integer >= 1 (naming seasonality) and a "
      "y_train of at most seasonality values (naming y_train)",
      kind="refusal", needs=_MASE_NEEDS,
      strategy=st.tuples(forecasts(), st.sampled_from(["zero", "negative", "float", "bool", "too_long"])))
def _mase_seasonality(t, ex):
    f, case = ex
    if case == "too_long":
        expect_refusal(lambda: _mase_call(t, f, seasonality=len(f.y_train)), "y_train")
        return
    bad = {"zero": 0, "negative": -1, "float": 1.5, "bool": True}[case]
    expect_refusal(lambda: _mase_call(t, f, seasonality=bad), "seasonality")


CAPABILITIES["mean_absolute_scaled_error"] = Capability(
    (0.0, None), symmetric=False, sample_weight=False, higher_is_better=False,
    input_domain="y_true, y_pred paired reals; y_train a training series of more than seasonality values",
    undefined="y_train periodic with period seasonality (naive in-sample MAE 0): refused naming y_train")


# ---------------------------------------------------------------- SMAPE without the /2 (denominator="sum")


def _smape_sum_by_definition(y, p):
    total = np.abs(y) + np.abs(p)
    return np.mean(np.divide(np.abs(y - p), total, out=np.zeros_like(y), where=total > 0))  # 0/0 := 0


_SMAPE = "symmetric_mean_absolute_percentage_error"


@prop(f"definition[{_SMAPE}:sum]",
      f"{_SMAPE}(denominator='sum') = mean of |y - p| / (|y| + |p|), 0/0 := 0, within [0, 1] (utilsforecast's smape)",
      kind="relation", needs=(_SMAPE, f"{_SMAPE}:denominator"), strategy=edged_pairs(reals), defines=(_SMAPE,))
def _smape_sum_definition(t, ex):
    y, p = ex
    value = t.symmetric_mean_absolute_percentage_error(y, p, denominator="sum")
    expect_close(value, _smape_sum_by_definition(y, p), rtol=1e-12, atol=1e-300,
                 what="smape(denominator='sum') vs mean |y - p| / (|y| + |p|)")
    expect(0.0 <= value <= 1.0, f"smape(denominator='sum') = {value!r}, but should be within [0, 1]")


@prop("relation.smape_mean_is_twice_sum",
      f"{_SMAPE}(denominator='mean') = 2 {_SMAPE}(denominator='sum'), with and without weights",
      kind="relation", needs=(_SMAPE, f"{_SMAPE}:denominator", f"{_SMAPE}:sample_weight"),
      strategy=with_edges(pairs(reals, with_weights=True), weighted_triple_edges()))
def _smape_twice(t, ex):
    y, p, w = ex
    for sw in (None, w):
        with findings.form(view=t):
            expect_close(t.symmetric_mean_absolute_percentage_error(y, p, sample_weight=sw, denominator="mean"),
                         2 * t.symmetric_mean_absolute_percentage_error(y, p, sample_weight=sw, denominator="sum"),
                         rtol=1e-12, atol=0.0, what="smape (mean) vs 2 smape (sum)")


@prop(f"refusal.denominator[{_SMAPE}]", f"{_SMAPE} refuses a denominator other than 'mean' or 'sum', naming it",
      kind="refusal", needs=(_SMAPE, f"{_SMAPE}:denominator"),
      strategy=st.tuples(pairs(grid), st.sampled_from(["half", "Mean", "signed", "", 2])))
def _smape_denominator(t, ex):
    (y, p), bad = ex
    expect_refusal(lambda: t.symmetric_mean_absolute_percentage_error(y, p, denominator=bad), "denominator")


# ================================================================ issue 32, torchmetrics' regression functions: NRMSE
# (normalizations mean, range, std, l2), relative squared error, log-cosh error, CRPS of an ensemble (plain and fair
# estimators), Minkowski distance, critical success index. Capabilities first, then the laws of each metric.

NRMSE = "normalized_root_mean_squared_error"
RSE = "relative_squared_error"
LCE = "log_cosh_error"
CRPS = "continuous_ranked_probability_score"
MINKOWSKI = "minkowski_distance"
COSINE = "cosine_similarity"
CSI = "critical_success_index"
NORMALIZATIONS = ("mean", "range", "std", "l2")
MINKOWSKI_FORMS = ({}, {"p": 1}, {"p": 3.5}, {"p": math.inf})
CSI_FORMS = ({"threshold": 0.0}, {"threshold": 2.5})


def _varying_truth(shape):
    """``shape`` with every valid example's y_true non-constant (NRMSE's scale is 0 on a constant y_true: refused,
    see undefined.zero_scale); bad inputs unchanged."""
    keep = lambda e: non_constant(e[0])  # noqa: E731

    def kept(strategy):  # the edge cases with a varying y_true go along
        return with_edges(strategy.filter(keep), [(n, e) for n, e in edges_of(strategy) if keep(e)])

    return dataclasses.replace(
        shape, examples=lambda name: kept(shape.examples(name)), perfect=lambda name: kept(shape.perfect(name)),
        weighted=None)


TM_CAPABILITIES = {
    NRMSE: Capability(
        (0.0, None), symmetric=False, input_domain="real values, y_true not constant", sample_weight=False,
        higher_is_better=False, undefined="zero scale (y_true all 0: mean, l2; constant: range, std): refused "
                                          "naming y_true",
        inputs=_varying_truth(real_pairs_shape(min_size=2)), forms=tuple({"normalization": n} for n in NORMALIZATIONS),
        refusal_form={}, best=0.0),
    RSE: Capability(
        (0.0, None), symmetric=False, input_domain="real values, n >= 2", sample_weight=True, higher_is_better=False,
        undefined="constant y_true: 0.0/1.0 (force_finite=True) or nan/inf (force_finite=False); n < 2 refused",
        inputs=real_pairs_shape(min_size=2), forms=({}, {"squared": False}), best=0.0),
    LCE: Capability(
        (0.0, None), symmetric=True, input_domain="real values", sample_weight=True, higher_is_better=False,
        undefined="none", inputs=real_pairs_shape(), best=0.0),
    MINKOWSKI: Capability(
        (0.0, None), symmetric=True, input_domain="real values, p >= 1", sample_weight=False, higher_is_better=False,
        undefined="none; p < 1 refused", inputs=real_pairs_shape(), forms=MINKOWSKI_FORMS, best=0.0,
        # a sum, not a mean: every sample twice multiplies it by 2^(1/p) (invariance.duplication_scales)
        not_generic=("duplication_invariance",)),
    COSINE: Capability(
        (-1.0, 1.0), symmetric=True, input_domain="real values (one vector each)", sample_weight=False,
        undefined="an all-zero array (no direction) -> NaN", inputs=real_pairs_shape(), best=1.0,
        defined=lambda ex: bool(np.any(ex[0]) and np.any(ex[1]))),
    CSI: Capability(
        (0.0, 1.0), symmetric=True, input_domain="real values, a threshold", sample_weight=False,
        undefined="no event (value >= threshold) in either array: zero_division (0.0 default, 1.0 or nan)",
        inputs=real_pairs_shape(), forms=CSI_FORMS, refusal_form={"threshold": 0.0}),
    CRPS: Capability(
        (0.0, None), symmetric=False, sample_weight=True, higher_is_better=False,
        input_domain="y_true (n,) reals; y_ensemble (n, m) ensemble members, m >= 1 (m >= 2 for estimator='fair')",
        undefined="estimator='fair' with one member: refused naming y_ensemble"),
}
NEW_CAPABILITIES.update(TM_CAPABILITIES)
CAPABILITIES.update(TM_CAPABILITIES)
declare_parameters(CAPABILITIES, {"adjusted_r2": {"n_features": NON_NEGATIVE_INTEGER}})


# ---------------------------------------------------------------- NRMSE


def _nrmse_by_definition(y, p, normalization):
    """RMSE / scale in plain NumPy: mean |y|, max - min, population std, root mean square."""
    rmse = np.sqrt(np.mean((y - p) ** 2))
    scale = {"mean": np.mean(np.abs(y)), "range": np.max(y) - np.min(y), "std": np.std(y),
             "l2": np.sqrt(np.mean(y ** 2))}[normalization]
    return rmse / scale


for _n in NORMALIZATIONS:

    def _nrmse_definition(t, ex, normalization=_n):
        y, p = ex
        if not non_constant(y):
            return  # a zero scale: undefined.zero_scale
        expect_close(t.normalized_root_mean_squared_error(y, p, normalization=normalization),
                     _nrmse_by_definition(y, p, normalization), rtol=1e-9, atol=0.0,
                     what=f"{NRMSE}(normalization={normalization!r}) vs its definition")

    register(f"definition[{NRMSE}{'' if _n == 'mean' else ':' + _n}]",
             f"{NRMSE}(normalization={_n!r}) = RMSE / "
             + {"mean": "mean |y_true|", "range": "(max - min) of y_true", "std": "population std of y_true",
                "l2": "sqrt(mean y_true^2) (= ||y - p|| / ||y||)"}[_n],
             kind="relation", needs=(NRMSE, f"{NRMSE}:normalization"), strategy=edged_pairs(grid, min_size=2),
             defines=(NRMSE,), check=_nrmse_definition, family="regression")


@prop(f"relation.nrmse_mean_is_rmse_over_mean_magnitude",
      f"{NRMSE}(normalization='mean') = root_mean_squared_error / mean |y_true|",
      kind="relation", needs=(NRMSE, f"{NRMSE}:normalization", "root_mean_squared_error"),
      strategy=edged_pairs(reals, min_size=2))
def _nrmse_mean_relation(t, ex):
    y, p = ex
    if not y.any():
        return
    expect_close(t.normalized_root_mean_squared_error(y, p, normalization="mean"),
                 t.root_mean_squared_error(y, p) / np.mean(np.abs(y)), rtol=1e-9, atol=0.0,
                 what="nrmse(mean) vs rmse / mean|y|")


@prop("relation.nrmse_std_squared_is_rse",
      f"{NRMSE}(normalization='std')^2 = {RSE} (RMSE^2 / var(y) = SS_res / SS_tot)",
      kind="relation", needs=(NRMSE, f"{NRMSE}:normalization", RSE), strategy=edged_pairs(grid, min_size=2))
def _nrmse_std_rse(t, ex):
    y, p = ex
    if not non_constant(y):
        return
    expect_close(float(t.normalized_root_mean_squared_error(y, p, normalization="std")) ** 2,
                 t.relative_squared_error(y, p), rtol=1e-9, atol=0.0, what="nrmse(std)^2 vs rse")


def _nrmse_scaled(t, ex, normalization):
    (y, p), c = ex
    if not non_constant(y):
        return
    precision.require_order_kept(t, np.concatenate([y, p]), np.concatenate([c * y, c * p]),
                                 f"{NRMSE}: scaling by {c:g}", decreasing=c < 0)
    expect_close(t.normalized_root_mean_squared_error(c * y, c * p, normalization=normalization),
                 t.normalized_root_mean_squared_error(y, p, normalization=normalization), rtol=1e-9, atol=0.0,
                 what=f"{NRMSE}(normalization={normalization!r}) after scaling by {c}")


for _n in NORMALIZATIONS:
    register(f"invariance.scaling[{NRMSE}{'' if _n == 'mean' else ':' + _n}]",
             f"{NRMSE}(c y, c p, normalization={_n!r}) = {NRMSE}(y, p) for c != 0 (scale-free)", kind="invariance",
             needs=(NRMSE, f"{NRMSE}:normalization"),
             strategy=st.tuples(pairs(grid, min_size=3), st.sampled_from([-8.0, -0.5, 0.25, 3.0, 1e-150, 1e150])),
             check=functools.partial(_nrmse_scaled, normalization=_n), family="regression")


@prop(f"undefined.zero_scale[{NRMSE}]",
      f"{NRMSE} refuses a y_true whose scale is 0 (all zeros: every normalization; constant: range, std), "
      "naming y_true, instead of returning inf or NaN",
      kind="undefined", needs=(NRMSE, f"{NRMSE}:normalization"),
      strategy=st.tuples(pairs(grid, min_size=1, max_size=6), st.sampled_from(NORMALIZATIONS), st.booleans()))
def _nrmse_zero_scale(t, ex):
    (y, p), normalization, zeros = ex
    constant = np.zeros_like(y) if zeros or normalization in ("mean", "l2") else np.full_like(y, y[0])
    expect_refusal(lambda: t.normalized_root_mean_squared_error(constant, p, normalization=normalization), "y_true")


@prop(f"refusal.normalization[{NRMSE}]", f"{NRMSE} refuses a normalization other than mean, range, std, l2, naming it",
      kind="refusal", needs=(NRMSE, f"{NRMSE}:normalization"),
      strategy=st.tuples(pairs(non_zero_grid, min_size=2), st.sampled_from(["Mean", "max", "rms", "", None, 2])))
def _nrmse_bad_normalization(t, ex):
    (y, p), bad = ex
    y = np.append(y, y[0] + 1.0)
    expect_refusal(lambda: t.normalized_root_mean_squared_error(y, np.append(p, 0.0), normalization=bad),
                   "normalization")


# ---------------------------------------------------------------- relative squared error


def _rse_by_definition(y, p, w, squared=True):
    if (y == y[0]).all():
        value = 0.0 if np.array_equal(y[w > 0], p[w > 0]) else 1.0
    else:
        mean = np.sum(w * y) / np.sum(w)
        value = np.sum(w * (y - p) ** 2) / np.sum(w * (y - mean) ** 2)
    return (value if squared else math.sqrt(value)), 1e-300


_register_definition(RSE, f"{RSE} = SS_res / SS_tot (squared=False: its root); 0.0/1.0 for a constant y_true",
                     _rse_by_definition,
                     _with_options(pairs(grid, min_size=2, with_weights=True), min_size=2, domain=on_grid,
                                   squared=options(False, True, name="squared")),
                     keywords=("squared",))


@prop("relation.rse_is_one_minus_r2", f"{RSE} = 1 - r2, with and without weights, for both force_finite",
      kind="relation", needs=(RSE, f"{RSE}:sample_weight", f"{RSE}:force_finite", "r2", "r2:sample_weight",
                              "r2:force_finite"),
      strategy=with_edges(pairs(grid, min_size=2, with_weights=True), weighted_triple_edges(min_size=2)))
def _rse_r2(t, ex):
    y, p, w = ex
    for sw in (None, w):
        for force_finite in (True, False):
            with findings.form(view=t):
                expect_close(t.relative_squared_error(y, p, sample_weight=sw, force_finite=force_finite),
                             1.0 - t.r2(y, p, sample_weight=sw, force_finite=force_finite), rtol=1e-9, atol=1e-12,
                             what=f"rse vs 1 - r2 (force_finite={force_finite}, "
                                  f"sample_weight={'w' if sw is not None else None})")


@prop("relation.rse_root_is_sqrt", f"{RSE}(squared=False) = sqrt({RSE}) (the root relative squared error)",
      kind="relation", needs=(RSE, f"{RSE}:squared"), strategy=edged_pairs(reals, min_size=2))
def _rse_root(t, ex):
    expect_close(t.relative_squared_error(*ex, squared=False), _sqrt_or_nan(t.relative_squared_error(*ex)),
                 rtol=1e-12, atol=0.0, what="rse(squared=False) vs sqrt(rse)")


@prop(f"undefined.constant_truth[{RSE}]",
      f"{RSE} on a constant y_true: 0.0 if exact, 1.0 otherwise (force_finite=True); nan / inf (force_finite=False)",
      kind="undefined", needs=(RSE, f"{RSE}:force_finite"), strategy=_constant_truth())
def _rse_constant(t, ex):
    y, p = ex
    exact = np.array_equal(y, p)
    value = t.relative_squared_error(y, p)
    expect(value == (0.0 if exact else 1.0), f"{RSE} on constant y_true = {value!r}, but should be "
                                             f"{0.0 if exact else 1.0} (1 - r2's force_finite convention)")
    raw = t.relative_squared_error(y, p, force_finite=False)
    expect(is_nan(raw) if exact else raw == math.inf, f"{RSE}(force_finite=False) on constant y_true = {raw!r}, "
                                                      f"but should be {'nan (0/0)' if exact else 'inf'}")


@prop(f"refusal.flags[{RSE}]", f"{RSE} refuses squared or force_finite other than True/False, naming the argument",
      kind="refusal", needs=(RSE, f"{RSE}:squared", f"{RSE}:force_finite"),
      strategy=st.tuples(pairs(grid, min_size=2), st.sampled_from(["squared", "force_finite"]),
                         st.sampled_from(["yes", None, 2, "False"])))
def _rse_flags(t, ex):
    (y, p), name, bad = ex
    expect_refusal(lambda: t.relative_squared_error(y, p, **{name: bad}), name)


# ---------------------------------------------------------------- log-cosh error


def _lce_by_definition(y, p, w):
    d = p - y
    return _weighted_average(np.logaddexp(d, -d) - math.log(2.0), w), 1e-300


_register_definition(LCE, f"{LCE} = mean of log(cosh(p - y)) = log((e^d + e^-d) / 2), finite for every finite d",
                     _lce_by_definition, _with_options(pairs(reals, with_weights=True)))


@prop("relation.log_cosh_between_mae_and_mse", f"mean_absolute_error - log 2 <= {LCE} <= mean_squared_error / 2",
      kind="relation", needs=(LCE, "mean_absolute_error", "mean_squared_error"), strategy=edged_pairs(reals))
def _lce_sandwich(t, ex):
    value = t.log_cosh_error(*ex)
    mse, mae = t.mean_squared_error(*ex), t.mean_absolute_error(*ex)
    expect_le(value, mse / 2, what=f"{LCE} <= mse / 2", tol=1e-12 * max(1.0, mse))
    expect_le(mae - math.log(2.0), value, what=f"mae - log 2 <= {LCE}", tol=1e-12 * max(1.0, mae))


# ---------------------------------------------------------------- Minkowski distance


for _form in MINKOWSKI_FORMS:
    _p = _form.get("p", 2.0)

    def _minkowski_definition(t, ex, p=_p):
        y, q = ex
        d = np.abs(y - q)
        expected = np.max(d) if math.isinf(p) else np.sum(d ** p) ** (1.0 / p)
        expect_close(t.minkowski_distance(y, q, p=p), expected, rtol=1e-9, atol=0.0,
                     what=f"{MINKOWSKI}(p={p}) vs (sum |y - p|^p)^(1/p)")

    register(f"definition[{MINKOWSKI}{'' if not _form else ':p_' + str(_p).replace('.', '_')}]",
             f"{MINKOWSKI}(p={_p}) = (sum_i |y_i - p_i|^p)^(1/p)" + (" (max |y - p| at p = inf)" if math.isinf(_p) else ""),
             kind="relation", needs=(MINKOWSKI, f"{MINKOWSKI}:p"), strategy=edged_pairs(grid), defines=(MINKOWSKI,),
             check=_minkowski_definition, family="regression")


@prop("relation.minkowski_is_n_mean_error",
      f"{MINKOWSKI}(p=2) = sqrt(n mean_squared_error), {MINKOWSKI}(p=1) = n mean_absolute_error, "
      f"{MINKOWSKI}(p=inf) = max_error",
      kind="relation", needs=(MINKOWSKI, f"{MINKOWSKI}:p", "mean_squared_error", "mean_absolute_error", "max_error"),
      # not at magnitude 1e-300: the mean of the squared differences (1e-600) is below the smallest subnormal, so
      # sqrt(n mean_squared_error) is 0 in float64 whatever the metric does (the distance is 3e-300)
      strategy=_pairs_without(edged_pairs(reals), "magnitude_1e-300"))
def _minkowski_relations(t, ex):
    n = len(ex[0])
    with findings.form(view=t):
        expect_close(t.minkowski_distance(*ex, p=2), math.sqrt(n * t.mean_squared_error(*ex)), rtol=1e-9,
                     atol=0.0, what="minkowski(p=2) vs sqrt(n mse)")
    with findings.form(view=t):
        expect_close(t.minkowski_distance(*ex, p=1), n * t.mean_absolute_error(*ex), rtol=1e-9, atol=0.0,
                     what="minkowski(p=1) vs n mae")
    with findings.form(view=t):
        expect_close(t.minkowski_distance(*ex, p=math.inf), t.max_error(*ex), rtol=1e-12, atol=0.0,
                     what="minkowski(p=inf) vs max_error")


@prop(f"invariance.duplication_scales[{MINKOWSKI}]",
      f"every sample twice multiplies {MINKOWSKI}(p) by 2^(1/p) (a sum, not a mean)",
      kind="invariance", needs=(MINKOWSKI, f"{MINKOWSKI}:p"),
      strategy=st.tuples(pairs(grid), st.sampled_from([1, 2, 3.5, math.inf])))
def _minkowski_duplication(t, ex):
    (y, q), p = ex
    factor = 1.0 if math.isinf(p) else 2.0 ** (1.0 / p)
    expect_close(t.minkowski_distance(np.tile(y, 2), np.tile(q, 2), p=p), factor * t.minkowski_distance(y, q, p=p),
                 rtol=1e-9, atol=0.0, what=f"{MINKOWSKI}(p={p}) of every sample twice vs {factor:.6g} x once")


@prop(f"relation.minkowski_non_increasing_in_p", f"{MINKOWSKI} does not increase with p (1 <= p < q: d_q <= d_p)",
      kind="relation", needs=(MINKOWSKI, f"{MINKOWSKI}:p"), strategy=edged_pairs(reals))
def _minkowski_monotone(t, ex):
    values = [float(t.minkowski_distance(*ex, p=p)) for p in (1, 1.5, 2, 3.5, 8, math.inf)]
    for a, b in zip(values, values[1:]):
        expect_le(b, a, what=f"{MINKOWSKI} at a larger p <= at a smaller p ({values})", tol=1e-12 * max(1.0, a))


@prop(f"refusal.p[{MINKOWSKI}]", f"{MINKOWSKI} refuses p below 1, NaN or not a number, naming p", kind="refusal",
      needs=(MINKOWSKI, f"{MINKOWSKI}:p"),
      strategy=st.tuples(pairs(grid), st.sampled_from([0.5, 0, -1, 0.999, math.nan, "2", None, True])))
def _minkowski_bad_p(t, ex):
    (y, q), bad = ex
    expect_refusal(lambda: t.minkowski_distance(y, q, p=bad), "p")


# ---------------------------------------------------------------- cosine similarity


def expected_cosine(y, q) -> float:
    """<y, q> / (||y|| ||q||) from exactly rounded sums (math.fsum); NaN for an all-zero array."""
    yy, qq = math.fsum(a * a for a in y), math.fsum(b * b for b in q)
    return math.fsum(a * b for a, b in zip(y, q)) / math.sqrt(yy * qq) if yy and qq else math.nan


@prop(f"definition[{COSINE}]", f"{COSINE} = sum_i y_i p_i / sqrt(sum_i y_i^2 sum_i p_i^2) (NaN for an all-zero "
      "array)", kind="relation", needs=(COSINE,), strategy=edged_pairs(grid), defines=(COSINE,))
def _cosine_definition(t, ex):
    y, q = ex
    expected = expected_cosine(y.tolist(), q.tolist())
    if math.isnan(expected):
        return  # see undefined.zero_vector
    # grid values: the three sums are exact in float64, only the last division and roots round
    expect_close(t.cosine_similarity(y, q), expected, rtol=1e-12, atol=1e-15,
                 what=f"{COSINE} vs <y, p> / (||y|| ||p||)")


@prop(f"undefined.zero_vector[{COSINE}]", f"{COSINE} of an all-zero array (either argument) is NaN: it has no "
      "direction", kind="undefined", needs=(COSINE,), strategy=st.tuples(pairs(grid), st.booleans()))
def _cosine_zero_vector(t, ex):
    (y, q), first = ex
    args = (np.zeros_like(y), q) if first else (y, np.zeros_like(q))
    value = float(t.cosine_similarity(*args))
    expect(math.isnan(value), f"{COSINE} with y_{'true' if first else 'pred'} all zero = {value!r}, but should be "
                              "nan (no direction)")


@prop(f"invariance.scaling_each[{COSINE}]",
      f"{COSINE}(a y, b p) = sign(a b) {COSINE}(y, p): each argument's length does not matter, a negative factor "
      "flips the direction", kind="invariance", needs=(COSINE,),
      strategy=st.tuples(pairs(grid), *[st.sampled_from([-8.0, -0.5, 0.25, 3.0, 1e-150, 1e150, 1e-300])] * 2))
def _cosine_scaling(t, ex):
    (y, q), a, b = ex
    if not (np.any(y) and np.any(q)) or not precision.representable(a * y, b * q):
        return  # undefined (zero vector), or values the target's precision cannot hold
    expect_close(t.cosine_similarity(a * y, b * q), math.copysign(1.0, a * b) * t.cosine_similarity(y, q),
                 rtol=1e-12, atol=1e-15, what=f"{COSINE} of ({a:g} y_true, {b:g} y_pred) vs sign({a * b:g}) x "
                                             f"{COSINE}(y_true, y_pred)")


@prop(f"relation.centred_is_pearson[{COSINE}]", f"{COSINE} of the centred arrays is Pearson's r (non-constant "
      "arrays)", kind="relation", needs=(COSINE, "pearson"), strategy=edged_pairs(grid, min_size=2))
def _cosine_centred(t, ex):
    y, q = ex
    if not (non_constant(y) and non_constant(q)):
        return  # Pearson undefined
    expect_close(t.cosine_similarity(y - y.mean(), q - q.mean()), t.pearson(y, q), rtol=1e-9, atol=1e-12,
                 what=f"{COSINE} of the centred arrays vs pearson")


# ---------------------------------------------------------------- critical success index


for _form in CSI_FORMS:

    def _csi_definition(t, ex, threshold=_form["threshold"]):
        y, p = ex
        observed, forecast = y >= threshold, p >= threshold
        hits = np.sum(observed & forecast)
        misses, false_alarms = np.sum(observed & ~forecast), np.sum(forecast & ~observed)
        total = hits + misses + false_alarms
        expected = hits / total if total else 0.0
        expect_close(t.critical_success_index(y, p, threshold=threshold), expected, rtol=1e-12, atol=0.0,
                     what=f"{CSI}(threshold={threshold}) vs hits / (hits + misses + false alarms)")

    register(f"definition[{CSI}{'' if _form['threshold'] == 0.0 else ':threshold_2_5'}]",
             f"{CSI}(threshold={_form['threshold']}) = hits / (hits + misses + false alarms) of the events "
             "value >= threshold; 0 when no event", kind="relation", needs=(CSI, f"{CSI}:threshold"),
             strategy=edged_pairs(small_ints), defines=(CSI,), check=_csi_definition, family="regression")


@prop("relation.csi_is_jaccard_of_events",
      f"{CSI}(y, p, threshold) = jaccard_score(y >= threshold, p >= threshold) (binary, the same zero_division)",
      kind="relation", needs=(CSI, f"{CSI}:threshold", f"{CSI}:zero_division", "jaccard_score",
                              "jaccard_score:zero_division"),
      strategy=tuples_with_edges((pairs(small_ints), _pair_edges_within(_small_ints_only)),
                                 options(-1.0, 0.0, 0.5, 2.0, name="threshold"), options(0.0, 1.0, name="zero_division")))
def _csi_jaccard(t, ex):
    (y, p), threshold, zero_division = ex
    expect_close(t.critical_success_index(y, p, threshold=threshold, zero_division=zero_division),
                 t.jaccard_score((y >= threshold).astype(np.int64), (p >= threshold).astype(np.int64),
                                 zero_division=zero_division),
                 rtol=1e-12, atol=0.0, what=f"csi(threshold={threshold}) vs jaccard of the events")


@prop(f"undefined.no_events[{CSI}]", f"{CSI} with no value >= threshold in either array returns zero_division",
      kind="undefined", needs=(CSI, f"{CSI}:threshold", f"{CSI}:zero_division"),
      strategy=st.tuples(pairs(small_ints), st.sampled_from([0.0, 1.0, math.nan])))
def _csi_no_events(t, ex):
    (y, p), zero_division = ex
    threshold = float(max(y.max(), p.max())) + 1.0
    value = t.critical_success_index(y, p, threshold=threshold, zero_division=zero_division)
    expect(is_nan(value) if is_nan(zero_division) else value == zero_division,
           f"{CSI} with no event = {value!r}, but should be zero_division = {zero_division!r}")


@prop(f"refusal.threshold[{CSI}]", f"{CSI} refuses a threshold that is not a finite real number (naming threshold) "
      "and a zero_division other than 0.0, 1.0, nan (naming zero_division)", kind="refusal",
      needs=(CSI, f"{CSI}:threshold", f"{CSI}:zero_division"),
      strategy=st.tuples(pairs(small_ints), st.sampled_from([("threshold", math.nan), ("threshold", math.inf),
                                                             ("threshold", "1"), ("threshold", None),
                                                             ("zero_division", 0.5), ("zero_division", "warn")])))
def _csi_bad_threshold(t, ex):
    (y, p), (name, bad) = ex
    kw = {"threshold": 0.0, name: bad}
    expect_refusal(lambda: t.critical_success_index(y, p, **kw), name)


# translation and scaling laws of the new metrics (the helpers above: _shifted, _scaled with the default keywords)
for _m in (RSE, LCE, MINKOWSKI):
    register(f"translation_invariance[{_m}]",
             f"{_m}(y + c, p + c) = {_m}(y, p): shifting both arrays by a constant changes nothing",
             kind="invariance", needs=(_m,), strategy=st.tuples(pairs(grid, min_size=3), st.integers(-1000, 1000).map(float)),
             check=functools.partial(_shifted, m=_m), family="regression")
for _m, _power in ((RSE, 0), (MINKOWSKI, 1)):
    register(f"scaling[{_m}]", f"{_m}(c y, c p) = |c|^{_power} {_m}(y, p)", kind="invariance", needs=(_m,),
             strategy=st.tuples(pairs(grid, min_size=3), st.sampled_from([-8.0, -0.5, 0.25, 3.0, 1e-150, 1e150])),
             check=functools.partial(_scaled, m=_m, power=_power), family="regression")
register(f"refuses_single_sample[{RSE}]", f"{RSE} refuses a single sample", kind="refusal", needs=(RSE,),
         strategy=positive_reals,
         check=lambda t, ex: expect_refusal(lambda: t.relative_squared_error(np.array([ex]), np.array([ex + 1.0])),
                                            "y_true"),
         family="regression")


# ---------------------------------------------------------------- CRPS of an ensemble forecast


@dataclasses.dataclass(frozen=True)
class EnsembleForecast:
    """y_true (n,), the ensemble (n, m) and integer sample weights (n,)."""
    y_true: np.ndarray
    y_ensemble: np.ndarray
    sample_weight: np.ndarray


@st.composite
def ensemble_forecasts(draw, min_members: int = 1):
    """:class:`EnsembleForecast` on the grid: 1 to 6 samples, ``min_members`` to 5 members."""
    n = draw(st.integers(1, 6))
    m = draw(st.integers(min_members, 5))
    y = np.array(draw(st.lists(grid, min_size=n, max_size=n)))
    members = np.array(draw(st.lists(st.lists(grid, min_size=m, max_size=m), min_size=n, max_size=n)))
    w = np.array(draw(st.lists(st.integers(1, 4), min_size=n, max_size=n)), dtype=np.float64)
    return EnsembleForecast(y, members.reshape(n, m), w)


def edged_ensembles(min_members: int = 1):
    """:func:`ensemble_forecasts` carrying the real pairs' edge cases on the grid of at most 6 samples: y_true the
    pair's first array, three members (the second array, it reversed, and y_true itself: members tied with the
    truth), sample weights 1 to 4 cycled; with ``min_members`` 1, every other one with the second array alone."""
    out = []
    for i, (name, (a, b)) in enumerate(e for e in pair_edges()
                                       if len(e[1][0]) <= 6 and on_grid(e[1][0]) and on_grid(e[1][1])):
        w = np.resize(np.array([1.0, 2.0, 3.0, 4.0]), len(a))
        if min_members == 1 and i % 2:
            out.append((f"{name}_one_member", EnsembleForecast(a, b[:, None].copy(), w)))
        else:
            out.append((f"{name}_three_members", EnsembleForecast(a, np.column_stack([b, b[::-1], a]), w)))
    return with_edges(ensemble_forecasts(min_members=min_members), out)


def _crps_by_integral(y, members):
    """integral (F_m(x) - 1{x >= y})^2 dx of the empirical CDF F_m, exactly, piece by piece between the points."""
    points = np.sort(np.append(members, y))
    left, right = points[:-1], points[1:]
    cdf = np.searchsorted(np.sort(members), left, side="right") / len(members)  # F_m on [left, right)
    step = (left >= y).astype(float)
    return float(np.sum((cdf - step) ** 2 * (right - left)))


def _crps_fair_by_pairs(y, members):
    m = len(members)
    return float(np.mean(np.abs(members - y)) - np.sum(np.abs(members[:, None] - members[None, :])) / (2 * m * (m - 1)))


_CRPS_NEEDS = (CRPS, f"{CRPS}:estimator")


@prop(f"definition[{CRPS}]",
      f"{CRPS} = mean over samples of integral (F_m(x) - 1{{x >= y}})^2 dx, F_m the ensemble's empirical CDF",
      kind="relation", needs=(CRPS,), strategy=edged_ensembles(), defines=(CRPS,))
def _crps_definition(t, ex):
    expected = np.mean([_crps_by_integral(y, x) for y, x in zip(ex.y_true, ex.y_ensemble)])
    expect_close(t.continuous_ranked_probability_score(ex.y_true, ex.y_ensemble), expected, rtol=1e-9, atol=1e-12,
                 what=f"{CRPS} vs the integral of the squared CDF difference")


@prop(f"definition[{CRPS}:fair]",
      f"{CRPS}(estimator='fair') = mean of E|X - y| - sum_(j,k) |x_j - x_k| / (2 m (m - 1)) (Ferro 2014)",
      kind="relation", needs=_CRPS_NEEDS, strategy=edged_ensembles(min_members=2), defines=(CRPS,))
def _crps_fair_definition(t, ex):
    expected = np.mean([_crps_fair_by_pairs(y, x) for y, x in zip(ex.y_true, ex.y_ensemble)])
    expect_close(t.continuous_ranked_probability_score(ex.y_true, ex.y_ensemble, estimator="fair"), expected,
                 rtol=1e-9, atol=1e-12, what=f"{CRPS}(estimator='fair') vs the energy form with m (m - 1)")


@prop(f"definition.sample_weight[{CRPS}]",
      f"{CRPS} with integer weights w = the weighted mean of the per-sample scores (each sample repeated w times)",
      kind="relation", needs=(CRPS, f"{CRPS}:sample_weight"), strategy=edged_ensembles(), defines=(CRPS,))
def _crps_weights(t, ex):
    repeat = ex.sample_weight.astype(int)
    expect_close(t.continuous_ranked_probability_score(ex.y_true, ex.y_ensemble, sample_weight=ex.sample_weight),
                 t.continuous_ranked_probability_score(np.repeat(ex.y_true, repeat),
                                                       np.repeat(ex.y_ensemble, repeat, axis=0)),
                 rtol=1e-9, atol=1e-12, what=f"{CRPS}(sample_weight=w) vs every sample repeated w times")


@prop("relation.crps_one_member_is_mae", f"{CRPS} of a one-member ensemble = mean_absolute_error",
      kind="relation", needs=(CRPS, "mean_absolute_error"), strategy=edged_pairs(reals))
def _crps_one_member(t, ex):
    y, p = ex
    expect_close(t.continuous_ranked_probability_score(y, p[:, None]), t.mean_absolute_error(y, p), rtol=1e-12,
                 atol=0.0, what=f"{CRPS} of one member vs mae")


@prop("relation.crps_fair_le_plain",
      f"0 <= {CRPS}(estimator='fair') <= {CRPS}(estimator='plain'), and plain - fair = spread / (m - 1)",
      kind="relation", needs=_CRPS_NEEDS, strategy=edged_ensembles(min_members=2))
def _crps_fair_le_plain(t, ex):
    plain = float(t.continuous_ranked_probability_score(ex.y_true, ex.y_ensemble))
    fair = float(t.continuous_ranked_probability_score(ex.y_true, ex.y_ensemble, estimator="fair"))
    expect_le(0.0, fair, what="0 <= fair crps", tol=1e-12)
    expect_le(fair, plain, what="fair crps <= plain crps", tol=1e-12 * max(1.0, plain))
    x, m = ex.y_ensemble, ex.y_ensemble.shape[1]
    spread = np.mean(np.sum(np.abs(x[:, :, None] - x[:, None, :]), axis=(1, 2)) / (2 * m * m))
    expect_close(plain - fair, spread / (m - 1), rtol=1e-9, atol=1e-9, what="plain - fair vs spread / (m - 1)")


@prop(f"identity.zero_iff_exact[{CRPS}]", f"{CRPS} is 0 if every member equals its y_true, and > 0 otherwise",
      kind="identity", needs=(CRPS,), strategy=ensemble_forecasts())
def _crps_zero(t, ex):
    exact = np.repeat(ex.y_true[:, None], ex.y_ensemble.shape[1], axis=1)
    value = t.continuous_ranked_probability_score(ex.y_true, exact)
    expect(value == 0.0, f"{CRPS} with every member exact = {value!r}, but should be 0")
    value = t.continuous_ranked_probability_score(ex.y_true, ex.y_ensemble)
    if not (ex.y_ensemble == ex.y_true[:, None]).all():
        expect(value > 0.0, f"{CRPS} with some member wrong = {value!r}, but should be > 0")


@prop(f"invariance.member_order[{CRPS}]",
      f"{CRPS} does not depend on the order of the members of a row, nor of the samples",
      kind="invariance", needs=_CRPS_NEEDS,
      strategy=st.tuples(ensemble_forecasts(min_members=2), st.randoms(use_true_random=False)))
def _crps_order(t, ex):
    f, rng = ex
    members = np.array([rng.sample(list(row), len(row)) for row in f.y_ensemble])
    rows = np.array(rng.sample(range(len(f.y_true)), len(f.y_true)))
    for estimator in ("plain", "fair"):
        base = t.continuous_ranked_probability_score(f.y_true, f.y_ensemble, estimator=estimator)
        with findings.form(view=t):
            expect_close(t.continuous_ranked_probability_score(f.y_true, members, estimator=estimator), base,
                         rtol=1e-9, atol=1e-12, what=f"{CRPS}({estimator}) with its members reordered")
        with findings.form(view=t):
            expect_close(t.continuous_ranked_probability_score(f.y_true[rows], f.y_ensemble[rows], estimator=estimator),
                         base, rtol=1e-9, atol=1e-12, what=f"{CRPS}({estimator}) with its samples reordered")


@prop(f"invariance.shift_and_scale[{CRPS}]",
      f"{CRPS}(c y + s, c X + s) = |c| {CRPS}(y, X): unchanged by a common shift, homogeneous in scale",
      kind="invariance", needs=(CRPS,),
      strategy=st.tuples(ensemble_forecasts(), st.sampled_from([-8.0, -0.5, 1.0, 3.0, 1e-150, 1e150]),
                         st.integers(-1000, 1000).map(float)))
def _crps_affine(t, ex):
    f, c, s = ex
    base = float(t.continuous_ranked_probability_score(f.y_true, f.y_ensemble))
    if not precision.representable(c * f.y_true, c * f.y_ensemble, abs(c) * base):
        return
    with findings.form(view=t):
        expect_close(t.continuous_ranked_probability_score(f.y_true + s, f.y_ensemble + s), base, rtol=1e-9,
                     atol=1e-9, what=f"{CRPS} after shifting by {s}")
    with findings.form(view=t):
        expect_close(t.continuous_ranked_probability_score(c * f.y_true, c * f.y_ensemble), abs(c) * base,
                     rtol=1e-9, atol=1e-300, what=f"{CRPS} after scaling by {c}")


@prop(f"undefined.fair_one_member[{CRPS}]",
      f"{CRPS}(estimator='fair') refuses a one-member ensemble (it divides by m - 1), naming y_ensemble",
      kind="undefined", needs=_CRPS_NEEDS, strategy=pairs(grid))
def _crps_fair_one(t, ex):
    y, p = ex
    expect_refusal(lambda: t.continuous_ranked_probability_score(y, p[:, None], estimator="fair"), "y_ensemble")


@st.composite
def _bad_ensembles(draw):
    """(y, ensemble, keywords, argument at fault)."""
    f = draw(ensemble_forecasts(min_members=2))
    y, x = f.y_true.copy(), f.y_ensemble.copy()
    case = draw(st.sampled_from(["rows", "one_dimensional", "no_members", "nan_members", "inf_truth", "empty",
                                 "estimator", "weights_length"]))
    if case == "rows":
        return y, np.vstack([x, x[:1]]), {}, "y_ensemble"
    if case == "one_dimensional":
        return y, x[:, 0], {}, "y_ensemble"
    if case == "no_members":
        return y, x[:, :0], {}, "y_ensemble"
    if case == "nan_members":
        x[0, -1] = np.nan
        return y, x, {}, "y_ensemble"
    if case == "inf_truth":
        y[-1] = draw(st.sampled_from([np.inf, -np.inf]))
        return y, x, {}, "y_true"
    if case == "empty":
        return y[:0], x[:0], {}, "y_true"
    if case == "estimator":
        return y, x, {"estimator": draw(st.sampled_from(["unbiased", "Fair", "", None]))}, "estimator"
    return y, x, {"sample_weight": np.ones(len(y) + 1)}, "sample_weight"


def _bad_ensemble_weights() -> tuple:
    """(y, ensemble, keywords, argument at fault, defect): one forecast with each of the generic bad weights (NaN,
    inf, negative, the wrong length, one weight, all zero), the edge cases of the refusal below."""
    from properties.generic import BAD_WEIGHTS

    y, x = np.array([0.0, 1.0, 2.5]), np.array([[0.0, 1.0], [1.5, 2.0], [2.0, 3.0]])
    return tuple((f"{defect}_sample_weight", (y, x, {"sample_weight": bad(np.ones(3))}, "sample_weight", defect))
                 for defect, bad in BAD_WEIGHTS)


@prop(f"refusal.bad_input[{CRPS}]",
      f"{CRPS} refuses a y_ensemble that is not 2-D, has no members or another row count, NaN/inf, empty input, "
      "an unknown estimator and weights of the wrong length (and, as edge cases, NaN, infinite, negative, a single "
      "or all-zero weights), naming the argument",
      kind="refusal", needs=(*_CRPS_NEEDS, f"{CRPS}:sample_weight"),
      strategy=with_edges(_bad_ensembles(), _bad_ensemble_weights()))
def _crps_refusal(t, ex):
    y, x, kw, at_fault, *defect = ex
    with findings.part(findings.join(*defect, at_fault), view=t) if defect else contextlib.nullcontext():
        expect_refusal(lambda: t.continuous_ranked_probability_score(y, x, **kw), at_fault)


def _cosine_vs_scipy(t, ex):
    y, q = ex
    if not (np.any(y) and np.any(q)):
        return  # NaN in both: undefined.zero_vector
    expect_close(t.cosine_similarity(y, q), reference("scipy").cosine_similarity(y, q), rtol=1e-9, atol=1e-12,
                 what=f"{COSINE} vs 1 - scipy.spatial.distance.cosine")


# small integers and the binary grid: SciPy does not rescale, and no square of these overflows or underflows
register(f"agreement.scipy[{COSINE}]", f"{COSINE} agrees with 1 - scipy.spatial.distance.cosine", kind="agreement",
         reference="scipy", needs=(COSINE,), strategy=edged_pairs(st.one_of(small_ints, grid), domain=on_grid), check=_cosine_vs_scipy,
         family="regression")

for _form in MINKOWSKI_FORMS:
    _p = _form.get("p", 2.0)
    register(f"agreement.scipy[{MINKOWSKI}{'' if not _form else ':p_' + str(_p).replace('.', '_')}]",
             f"{MINKOWSKI}(p={_p}) agrees with scipy.spatial.distance."
             + ("chebyshev" if math.isinf(_p) else "minkowski"), kind="agreement", reference="scipy",
             needs=(MINKOWSKI, f"{MINKOWSKI}:p"), strategy=edged_pairs(reals) if _p in (1, 2, math.inf) else
             # SciPy does not rescale: scipy.spatial.distance.minkowski(u, v, p=3.5) on the magnitude_1e-300
             # pair sums powers below the smallest subnormal and returns 0.0 (the distance is 2.47e-300)
             _pairs_without(edged_pairs(reals), "magnitude_1e-300"),
             # the same sum of powers; SciPy does not rescale, so values stay within 1e6 (reals)
             check=lambda t, ex, p=_p: expect_close(t.minkowski_distance(*ex, p=p),
                                                    reference("scipy").minkowski_distance(*ex, p=p), rtol=1e-9,
                                                    atol=0.0, what=f"{MINKOWSKI}(p={p}) vs scipy"),
             family="regression")
