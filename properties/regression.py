"""The regression spec: error metrics, R2 family, their relations, refusals and seed claims."""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np
from hypothesis import strategies as st

from properties.capabilities import Capability
from properties.checks import (
    expect,
    expect_close,
    expect_le,
    expect_refusal,
    is_nan,
)
from properties.engine import findings, precision
from properties.engine.registry import prop, register
from properties.engine.targets import reference

from .inputs import with_edges
from .inputs.real_pairs import (grid, non_constant, on_grid, pairs, real_pairs_shape, reals, small_ints,
                                weighted_triple_edges, within_reals)

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
        undefined="constant y_true: 1.0/0.0 (force_finite=True) or nan/-inf (force_finite=False); n < 2 refused",
    ),
    "explained_variance": Capability(
        (None, 1.0), symmetric=False, input_domain="real values, n >= 2", sample_weight=True,
        undefined="constant y_true: 1.0/0.0 (force_finite=True) or nan/-inf (force_finite=False); n < 2 refused",
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
        with findings.form():
            expect_close(t.root_mean_squared_error(y_true, y_pred, sample_weight=sw),
                         _sqrt_or_nan(t.mean_squared_error(y_true, y_pred, sample_weight=sw)), rtol=1e-12,
                         what="rmse vs sqrt(mse)")


@prop("rmsle_is_sqrt_msle", "root_mean_squared_log_error = sqrt(mean_squared_log_error)",
      kind="relation", needs=_needs("root_mean_squared_log_error", "mean_squared_log_error"),
      strategy=pairs(non_negative_grid), defines=("root_mean_squared_log_error",))
def _rmsle_sqrt(t, ex):
    expect_close(t.root_mean_squared_log_error(*ex), math.sqrt(t.mean_squared_log_error(*ex)),
                 rtol=1e-12, what="rmsle vs sqrt(msle)")


@prop("msle_is_mse_of_log1p", "mean_squared_log_error(y, p) = mean_squared_error(log1p(y), log1p(p))",
      kind="relation", needs=_needs("mean_squared_log_error", "mean_squared_error"), strategy=pairs(non_negative_grid),
      defines=("mean_squared_log_error",))
def _msle_log1p(t, ex):
    y_true, y_pred = ex
    expect_close(t.mean_squared_log_error(y_true, y_pred),
                 t.mean_squared_error(np.log1p(y_true), np.log1p(y_pred)), rtol=1e-12, what="msle")


@prop("mae_le_rmse", "mean_absolute_error <= root_mean_squared_error (power-mean inequality)",
      kind="relation", needs=_needs("mean_absolute_error", "root_mean_squared_error"), strategy=pairs(reals))
def _mae_le_rmse(t, ex):
    mae = t.mean_absolute_error(*ex)
    rmse = t.root_mean_squared_error(*ex)
    # rounding slack: both are ~1e-16 relative accurate
    expect_le(mae, rmse, what="mae <= rmse", tol=1e-12 * max(1.0, rmse))


def _shifted(t, ex, m):
    (y, p), c = ex
    base = _call(t, m, y, p)
    # values the target's precision cannot keep apart after the shift (1e-3 + 1000 in float32): no finding
    precision.require_order_kept(np.concatenate([y, p]), np.concatenate([y + c, p + c]), f"{m}: shift by {c:g}")
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
    precision.require_order_kept(np.concatenate([y, p]), np.concatenate([c * y, c * p]), f"{m}: scaling by {c:g}",
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
      kind="relation", needs=_needs("r2", "pearson"), strategy=pairs(grid, min_size=3))
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
      kind="relation", needs=_needs("r2", "pearson"), strategy=pairs(grid, min_size=3))
def _r2_fitted_line(t, ex):
    y, p = ex
    if not (non_constant(y) and non_constant(p)):
        return
    # lstsq conditioning on grid data: agreement to ~1e-10 absolute is what it delivers
    expect_close(t.r2(y, _least_squares_line(y, p)), t.pearson(y, p) ** 2, rtol=1e-7, atol=1e-8,
                 what="r2 of the fitted line vs pearson^2")


@prop("explained_variance_ge_r2",
      "explained_variance >= r2, with equality when the residuals have mean zero",
      kind="relation", needs=_needs("explained_variance", "r2"), strategy=pairs(grid, min_size=3))
def _ev_ge_r2(t, ex):
    y, p = ex
    expect_le(t.r2(y, p), t.explained_variance(y, p), what="r2 <= explained_variance", tol=1e-9)
    centred = p + (y - p).mean()  # removes the bias: residual mean 0
    expect_close(t.explained_variance(y, centred), t.r2(y, centred), rtol=1e-7, atol=1e-9,
                 what="explained_variance vs r2 with unbiased residuals")


@prop("adjusted_r2_le_r2", "adjusted_r2 <= r2 for n_features >= 1 (and = r2 for n_features = 0)",
      kind="relation", needs=_needs("adjusted_r2", "r2"),
      strategy=st.tuples(pairs(grid, min_size=4), st.integers(0, 2)))
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
        with findings.form():
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
        with findings.form():
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
        with findings.form():
            expect_close(t.r2(y, p, sample_weight=sw), _r2_by_definition(y, p, _weights_or_ones(sw, len(y))),
                         rtol=1e-9, atol=1e-12,
                         what=f"r2 (sample_weight={'w' if sw is not None else None}) vs its definition")


@st.composite
def _fits_with_features(draw):
    y, p, w = draw(_fits)
    return y, p, w, draw(st.integers(0, min(3, len(y) - 2)))  # n > n_features + 1


@prop("definition[adjusted_r2]",
      "adjusted_r2 = 1 - (1 - R2)(n - 1)/(n - n_features - 1), R2 = 1 - SS_res/SS_tot computed here, "
      "n the number of samples (weighted or not), for non-constant y_true",
      kind="relation", needs=_needs("adjusted_r2:sample_weight",), strategy=_fits_with_features(),
      defines=("adjusted_r2",))
def _adjusted_definition(t, ex):
    y, p, w, k = ex
    if not non_constant(y):
        return
    n = len(y)
    for sw in (None, w):
        with findings.form():
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
        with findings.form():
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
            with findings.form():
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
