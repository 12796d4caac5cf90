"""Deliberately wrong regression metrics (see tests/mutants/__init__.py)."""

from __future__ import annotations

import numpy as np

from metrics import regression as ok
from tests.mutants import Mutant


def _w(sample_weight, n):
    return np.ones(n) if sample_weight is None else np.asarray(sample_weight, dtype=float)


def _naive(fn):
    """The formula with no input checks: NaN, empty, 2-D and length-1 broadcasting slip through."""

    def call(y_true, y_pred, *, sample_weight=None, force_finite=True, n_features=0):
        yt, yp = np.asarray(y_true, dtype=float), np.asarray(y_pred, dtype=float)
        with np.errstate(all="ignore"):
            return fn(yt, yp)

    return call


def _naive_r2(yt, yp):
    return float(1 - np.sum((yt - yp) ** 2) / np.sum((yt - yt.mean()) ** 2))


NAIVE = {
    "mean_squared_error": lambda yt, yp: float(np.mean((yt - yp) ** 2)),
    "root_mean_squared_error": lambda yt, yp: float(np.sqrt(np.mean((yt - yp) ** 2))),
    "mean_absolute_error": lambda yt, yp: float(np.mean(np.abs(yt - yp))),
    "median_absolute_error": lambda yt, yp: float(np.median(np.abs(yt - yp))),
    "mean_squared_log_error": lambda yt, yp: float(np.mean((np.log1p(yt) - np.log1p(yp)) ** 2)),
    "root_mean_squared_log_error": lambda yt, yp: float(np.sqrt(np.mean((np.log1p(yt) - np.log1p(yp)) ** 2))),
    "r2": _naive_r2,
    "explained_variance": lambda yt, yp: float(1 - np.var(yt - yp) / np.var(yt)),
    "adjusted_r2": _naive_r2,
}


def mse_sample_denominator(y_true, y_pred, *, sample_weight=None):
    d = np.asarray(y_pred, float) - np.asarray(y_true, float)
    return float(np.sum(_w(sample_weight, len(d)) * d * d) / (len(d) - 1 if len(d) > 1 else 1))


def rmse_missing_sqrt(y_true, y_pred, *, sample_weight=None):
    return ok.mean_squared_error(y_true, y_pred, sample_weight=sample_weight)


def mae_is_max_error(y_true, y_pred, *, sample_weight=None):
    """The largest absolute error instead of the mean: >= RMSE, equal only when every error is equal."""
    return float(np.max(np.abs(np.asarray(y_pred, float) - np.asarray(y_true, float))))


def mae_without_abs(y_true, y_pred, *, sample_weight=None):
    d = np.asarray(y_pred, float) - np.asarray(y_true, float)
    w = _w(sample_weight, len(d))
    return float(np.dot(w, d) / w.sum())


def medae_lower_median(y_true, y_pred, *, sample_weight=None):
    d = np.sort(np.abs(np.asarray(y_pred, float) - np.asarray(y_true, float)))
    return float(d[(len(d) - 1) // 2])


def medae_unsorted_weighted_median(y_true, y_pred, *, sample_weight=None):
    d = np.abs(np.asarray(y_pred, float) - np.asarray(y_true, float))
    cw = np.cumsum(_w(sample_weight, len(d)))  # forgot to sort the residuals first
    return float(d[np.searchsorted(cw, 0.5 * cw[-1])])


def msle_log_not_log1p(y_true, y_pred, *, sample_weight=None):
    with np.errstate(divide="ignore", invalid="ignore"):
        return ok.mean_squared_error(np.log(np.abs(y_true) + 1e-300), np.log(np.abs(y_pred) + 1e-300),
                                     sample_weight=sample_weight)


def rmsle_is_log_rmse(y_true, y_pred, *, sample_weight=None):
    with np.errstate(divide="ignore"):
        return float(np.log(ok.root_mean_squared_error(y_true, y_pred, sample_weight=sample_weight)))


def rmsle_missing_sqrt(y_true, y_pred, *, sample_weight=None):
    return ok.mean_squared_log_error(y_true, y_pred, sample_weight=sample_weight)


def _r2_like(numerator, denominator):
    def r2(y_true, y_pred, *, sample_weight=None, force_finite=True):
        yt, yp = np.asarray(y_true, float), np.asarray(y_pred, float)
        w = _w(sample_weight, len(yt))
        with np.errstate(all="ignore"):
            return float(1.0 - numerator(yt, yp, w) / denominator(yt, yp, w))

    return r2


_ss_res = lambda yt, yp, w: np.dot(w, (yt - yp) ** 2)  # noqa: E731
_ss_tot = lambda yt, yp, w: np.dot(w, (yt - np.average(yt, weights=w)) ** 2)  # noqa: E731

r2_ignores_force_finite = _r2_like(_ss_res, _ss_tot)
r2_uncentred_total = _r2_like(_ss_res, lambda yt, yp, w: np.dot(w, yt ** 2))
r2_unweighted_mean = _r2_like(_ss_res, lambda yt, yp, w: np.dot(w, (yt - yt.mean()) ** 2))
r2_absolute_residuals = _r2_like(lambda yt, yp, w: np.dot(w, np.abs(yt - yp)), _ss_tot)
r2_arguments_swapped = _r2_like(_ss_res, lambda yt, yp, w: np.dot(w, (yp - np.average(yp, weights=w)) ** 2))


def r2_single_sample_nan(y_true, y_pred, *, sample_weight=None, force_finite=True):
    if len(y_true) < 2:
        return float("nan")
    return ok.r2(y_true, y_pred, sample_weight=sample_weight, force_finite=force_finite)


def ev_forgets_bias(y_true, y_pred, *, sample_weight=None, force_finite=True):
    return ok.r2(y_true, y_pred, sample_weight=sample_weight, force_finite=force_finite)


def ev_ignores_force_finite(y_true, y_pred, *, sample_weight=None, force_finite=True):
    yt, yp = np.asarray(y_true, float), np.asarray(y_pred, float)
    with np.errstate(all="ignore"):
        return float(1 - np.var(yt - yp) / np.var(yt))


def ev_single_sample(y_true, y_pred, *, sample_weight=None, force_finite=True):
    if len(y_true) < 2:
        return 1.0
    return ok.explained_variance(y_true, y_pred, sample_weight=sample_weight, force_finite=force_finite)


def adjusted_inverted_ratio(y_true, y_pred, *, n_features, sample_weight=None, force_finite=True):
    n = len(y_true)
    base = ok.r2(y_true, y_pred, sample_weight=sample_weight, force_finite=force_finite)
    return 1.0 - (1.0 - base) * (n - n_features - 1) / (n - 1)


def adjusted_no_feature_check(y_true, y_pred, *, n_features, sample_weight=None, force_finite=True):
    n = len(y_true)
    base = ok.r2(y_true, y_pred, sample_weight=sample_weight, force_finite=force_finite)
    with np.errstate(all="ignore"):
        return float(1.0 - (1.0 - base) * (n - 1) / np.float64(n - n_features - 1))


def adjusted_ignores_force_finite(y_true, y_pred, *, n_features, sample_weight=None, force_finite=True):
    n = len(y_true)
    base = r2_ignores_force_finite(y_true, y_pred, sample_weight=sample_weight)
    return 1.0 - (1.0 - base) * (n - 1) / (n - n_features - 1)


def adjusted_single_sample(y_true, y_pred, *, n_features, sample_weight=None, force_finite=True):
    if len(y_true) < 2:
        return float("nan")
    return ok.adjusted_r2(y_true, y_pred, n_features=n_features, sample_weight=sample_weight, force_finite=force_finite)


def _rolled_weights(fn):
    """Off-by-one alignment of sample_weight with the samples."""

    def call(y_true, y_pred, *, sample_weight=None, **kw):
        w = None if sample_weight is None else np.roll(np.asarray(sample_weight, float), 1)
        return fn(y_true, y_pred, sample_weight=w, **kw)

    return call


def mae_relative(y_true, y_pred, *, sample_weight=None):
    """Mean absolute *relative* error by mistake: scale- and shift-dependent."""
    yt, yp = np.asarray(y_true, float), np.asarray(y_pred, float)
    return ok.mean_absolute_error(yt, yp, sample_weight=sample_weight) / (1.0 + float(np.mean(np.abs(yt))))


def medae_of_magnitudes(y_true, y_pred, *, sample_weight=None):
    """|y_pred| - |y_true| instead of |y_pred - y_true|."""
    yt, yp = np.asarray(y_true, float), np.asarray(y_pred, float)
    return ok.median_absolute_error(np.abs(yt), np.abs(yp), sample_weight=sample_weight)


def mse_float32(y_true, y_pred, *, sample_weight=None):
    """Accumulates in float32: wrong at large and tiny magnitudes."""
    yt, yp = np.asarray(y_true, np.float32), np.asarray(y_pred, np.float32)
    d = yp - yt
    w = _w(sample_weight, len(d)).astype(np.float32)
    return float(np.dot(w, d * d) / w.sum())


def mse_difference_of_mean_squares(y_true, y_pred, *, sample_weight=None):
    """mean(y_pred^2) - mean(y_true^2): the square expanded with the cross term lost."""
    yt, yp = np.asarray(y_true, float), np.asarray(y_pred, float)
    w = _w(sample_weight, len(yt))
    return float((np.dot(w, yp * yp) - np.dot(w, yt * yt)) / w.sum())


def rmse_of_mean_square_difference(y_true, y_pred, *, sample_weight=None):
    return float(np.sqrt(abs(mse_difference_of_mean_squares(y_true, y_pred, sample_weight=sample_weight))))


def rmse_signed(y_true, y_pred, *, sample_weight=None):
    """RMSE carrying the sign of the mean residual (a 'bias-aware' RMSE)."""
    d = np.asarray(y_pred, float) - np.asarray(y_true, float)
    return float(np.sign(d.mean()) * ok.root_mean_squared_error(y_true, y_pred, sample_weight=sample_weight))


def msle_difference_of_mean_squares(y_true, y_pred, *, sample_weight=None):
    return mse_difference_of_mean_squares(np.log1p(np.asarray(y_true, float)), np.log1p(np.asarray(y_pred, float)),
                                          sample_weight=sample_weight)


def medae_without_abs(y_true, y_pred, *, sample_weight=None):
    return float(np.median(np.asarray(y_pred, float) - np.asarray(y_true, float)))


def medae_squared(y_true, y_pred, *, sample_weight=None):
    """Median *squared* error under the median-absolute-error name."""
    d = np.asarray(y_pred, float) - np.asarray(y_true, float)
    return float(np.median(d * d))


def ev_uncentred_with_epsilon(y_true, y_pred, *, sample_weight=None, force_finite=True):
    """Var(y_true) taken as mean(y_true^2), plus a 1e-10 'safety' epsilon in the denominator."""
    yt, yp = np.asarray(y_true, float), np.asarray(y_pred, float)
    return float(1.0 - np.var(yt - yp) / (np.mean(yt * yt) + 1e-10))


def adjusted_uncentred_with_epsilon(y_true, y_pred, *, n_features, sample_weight=None, force_finite=True):
    yt, yp = np.asarray(y_true, float), np.asarray(y_pred, float)
    n = len(yt)
    base = 1.0 - np.sum((yt - yp) ** 2) / (np.sum(yt * yt) + 1e-10)
    return float(1.0 - (1.0 - base) * (n - 1) / (n - n_features - 1))


def medae_is_mean(y_true, y_pred, *, sample_weight=None):
    """The (weighted) mean of the absolute residuals under the median's name."""
    return ok.mean_absolute_error(y_true, y_pred, sample_weight=sample_weight)


def adjusted_n_minus_p(y_true, y_pred, *, n_features, sample_weight=None, force_finite=True):
    """(n - 1) / (n - p) instead of (n - 1) / (n - p - 1): the intercept's degree of freedom forgotten."""
    ok.adjusted_r2(y_true, y_pred, n_features=n_features)  # the catalog's refusals
    n = len(y_true)
    base = ok.r2(y_true, y_pred, sample_weight=sample_weight, force_finite=force_finite)
    return 1.0 - (1.0 - base) * (n - 1) / (n - n_features)


#: every metric's integer-weights property: the weight mutants break all of them
INTEGER_WEIGHTS = tuple(
    f"regression.integer_weights[{m}]"
    for m in ("adjusted_r2", "explained_variance", "mean_absolute_error", "mean_squared_error",
              "mean_squared_log_error", "median_absolute_error", "r2", "root_mean_squared_error",
              "root_mean_squared_log_error")
)

MUTANTS = [
    # rmse-missing-sqrt breaks mae <= rmse only when the errors are below 1, which 60 derandomized
    # draws may miss; the max error breaks it on any example whose errors differ
    Mutant("mae-is-max-error", {"mean_absolute_error": mae_is_max_error}, catches=("regression.mae_le_rmse",)),
    Mutant(
        "naive-formulas-without-checks",
        {name: _naive(formula) for name, formula in NAIVE.items()},
        catches=(
            "regression.adjusted_r2_refuses_too_many_features",
            "regression.agreement[explained_variance]",
            "regression.agreement[mean_absolute_error]",
            "regression.agreement[mean_squared_error]",
            "regression.agreement[mean_squared_log_error]",
            "regression.agreement[median_absolute_error]",
            "regression.agreement[r2]",
            "regression.agreement[root_mean_squared_error]",
            "regression.agreement[root_mean_squared_log_error]",
            "regression.bounds[adjusted_r2]",
            "regression.bounds[explained_variance]",
            "regression.bounds[r2]",
            "regression.claim.seed004.adjusted_r2_formula",
            "regression.constant_truth[adjusted_r2]",
            "regression.constant_truth[explained_variance]",
            "regression.constant_truth[r2]",
            "regression.explained_variance_ge_r2",
            "regression.no_nan_on_valid_input",
            "regression.refuses_bad_input[adjusted_r2]",
            "regression.refuses_bad_input[explained_variance]",
            "regression.refuses_bad_input[mean_absolute_error]",
            "regression.refuses_bad_input[mean_squared_error]",
            "regression.refuses_bad_input[mean_squared_log_error]",
            "regression.refuses_bad_input[median_absolute_error]",
            "regression.refuses_bad_input[r2]",
            "regression.refuses_bad_input[root_mean_squared_error]",
            "regression.refuses_bad_input[root_mean_squared_log_error]",
            "regression.refuses_single_sample[adjusted_r2]",
            "regression.refuses_single_sample[explained_variance]",
            "regression.refuses_single_sample[r2]",
            "regression.refuses_values_le_minus_one[mean_squared_log_error]",
            "regression.refuses_values_le_minus_one[root_mean_squared_log_error]",
            *INTEGER_WEIGHTS,
        ),
    ),
    Mutant(
        "mse-sample-denominator",
        {"mean_squared_error": mse_sample_denominator},
        catches=(
            "regression.agreement[mean_squared_error]",
            "regression.claim.seed004.mse_formula",
            "regression.claim.seed004.rmse_is_root_of_mse",
            "regression.definition[mean_squared_error]",
            "regression.msle_is_mse_of_log1p",
            "regression.refuses_bad_input[mean_squared_error]",
            "regression.rmse_is_sqrt_mse",
            "regression.integer_weights[mean_squared_error]",
        ),
    ),
    Mutant(
        "mse-float32-accumulation",
        {"mean_squared_error": mse_float32},
        catches=(
            "regression.agreement[mean_squared_error]",
            "regression.claim.seed004.mse_formula",
            "regression.claim.seed004.rmse_is_root_of_mse",
            "regression.definition[mean_squared_error]",
            "regression.msle_is_mse_of_log1p",
            "regression.refuses_bad_input[mean_squared_error]",
            "regression.rmse_is_sqrt_mse",
            "regression.scaling[mean_squared_error]",
            "regression.integer_weights[mean_squared_error]",
        ),
    ),
    Mutant(
        "rmse-missing-sqrt",
        {"root_mean_squared_error": rmse_missing_sqrt},
        catches=(
            "regression.agreement[root_mean_squared_error]",
            "regression.claim.seed004.rmse_is_root_of_mse",
            "regression.rmse_is_sqrt_mse",
            "regression.scaling[root_mean_squared_error]",
        ),
    ),
    Mutant(
        "mae-without-abs",
        {"mean_absolute_error": mae_without_abs},
        catches=(
            "regression.agreement[mean_absolute_error]",
            "regression.bounds[mean_absolute_error]",
            "regression.definition[mean_absolute_error]",
            "regression.refuses_bad_input[mean_absolute_error]",
            "regression.scaling[mean_absolute_error]",
            "regression.zero_iff_exact[mean_absolute_error]",
        ),
    ),
    Mutant(
        "mae-relative",
        {"mean_absolute_error": mae_relative},
        catches=(
            "regression.agreement[mean_absolute_error]",
            "regression.definition[mean_absolute_error]",
            "regression.scaling[mean_absolute_error]",
            "regression.translation_invariance[mean_absolute_error]",
            "regression.integer_weights[mean_absolute_error]",
        ),
    ),
    Mutant(
        "medae-lower-median",
        {"median_absolute_error": medae_lower_median},
        catches=(
            "regression.agreement[median_absolute_error]",
            "regression.definition[median_absolute_error]",
            "regression.integer_weights[median_absolute_error]",
        ),
    ),
    Mutant(
        "medae-unsorted-weighted-median",
        {"median_absolute_error": medae_unsorted_weighted_median},
        catches=(
            "regression.agreement[median_absolute_error]",
            "regression.definition[median_absolute_error]",
            "regression.permutation_invariance[median_absolute_error]",
        ),
    ),
    Mutant(
        "medae-of-magnitudes",
        {"median_absolute_error": medae_of_magnitudes},
        catches=(
            "regression.agreement[median_absolute_error]",
            "regression.definition[median_absolute_error]",
            "regression.translation_invariance[median_absolute_error]",
        ),
    ),
    Mutant(
        "msle-log-not-log1p",
        {"mean_squared_log_error": msle_log_not_log1p},
        catches=(
            "regression.agreement[mean_squared_log_error]",
            "regression.msle_is_mse_of_log1p",
            "regression.refuses_values_le_minus_one[mean_squared_log_error]",
            "regression.rmsle_is_sqrt_msle",
        ),
    ),
    Mutant(
        "rmsle-is-log-of-rmse",
        {"root_mean_squared_log_error": rmsle_is_log_rmse},
        catches=(
            "regression.agreement[root_mean_squared_log_error]",
            "regression.bounds[root_mean_squared_log_error]",
            "regression.refuses_values_le_minus_one[root_mean_squared_log_error]",
            "regression.rmsle_is_sqrt_msle",
            "regression.zero_iff_exact[root_mean_squared_log_error]",
        ),
    ),
    Mutant(
        "rmsle-missing-sqrt",
        {"root_mean_squared_log_error": rmsle_missing_sqrt},
        catches=(
            "regression.agreement[root_mean_squared_log_error]",
            "regression.rmsle_is_sqrt_msle",
        ),
    ),
    Mutant(
        "r2-ignores-force-finite",
        {"r2": r2_ignores_force_finite},
        catches=(
            "regression.adjusted_r2_le_r2",
            "regression.agreement[r2]",
            "regression.bounds[r2]",
            "regression.claim.seed004.adjusted_r2_formula",
            "regression.constant_truth[r2]",
            "regression.explained_variance_ge_r2",
            "regression.no_nan_on_valid_input",
            "regression.refuses_single_sample[r2]",
        ),
    ),
    Mutant(
        "r2-uncentred-total",
        {"r2": r2_uncentred_total},
        catches=(
            "regression.adjusted_r2_le_r2",
            "regression.agreement[r2]",
            "regression.bounds[r2]",
            "regression.claim.seed004.adjusted_r2_formula",
            "regression.claim.seed004.r2_formula",
            "regression.constant_truth[r2]",
            "regression.definition[r2]",
            "regression.explained_variance_ge_r2",
            "regression.no_nan_on_valid_input",
            "regression.r2_le_squared_pearson",
            "regression.r2_of_fitted_line_is_squared_pearson",
            "regression.refuses_bad_input[r2]",
            "regression.refuses_single_sample[r2]",
            "regression.translation_invariance[r2]",
        ),
    ),
    Mutant(
        "r2-unweighted-mean",
        {"r2": r2_unweighted_mean},
        catches=(
            "regression.adjusted_r2_le_r2",
            "regression.agreement[r2]",
            "regression.bounds[r2]",
            "regression.claim.seed004.adjusted_r2_formula",
            "regression.constant_truth[r2]",
            "regression.definition[r2]",
            "regression.explained_variance_ge_r2",
            "regression.no_nan_on_valid_input",
            "regression.refuses_bad_input[r2]",
            "regression.refuses_single_sample[r2]",
            "regression.integer_weights[r2]",
        ),
    ),
    Mutant(
        "r2-absolute-residuals",
        {"r2": r2_absolute_residuals},
        catches=(
            "regression.adjusted_r2_le_r2",
            "regression.agreement[r2]",
            "regression.bounds[r2]",
            "regression.claim.seed004.adjusted_r2_formula",
            "regression.claim.seed004.r2_formula",
            "regression.claim.seed004.r2_never_decreases_with_features",
            "regression.constant_truth[r2]",
            "regression.definition[r2]",
            "regression.explained_variance_ge_r2",
            "regression.no_nan_on_valid_input",
            "regression.r2_le_squared_pearson",
            "regression.r2_of_fitted_line_is_squared_pearson",
            "regression.refuses_single_sample[r2]",
            "regression.scaling[r2]",
        ),
    ),
    Mutant(
        "r2-arguments-swapped",
        {"r2": r2_arguments_swapped},
        catches=(
            "regression.adjusted_r2_le_r2",
            "regression.agreement[r2]",
            "regression.bounds[r2]",
            "regression.claim.seed004.adjusted_r2_formula",
            "regression.claim.seed004.r2_formula",
            "regression.constant_truth[r2]",
            "regression.definition[r2]",
            "regression.explained_variance_ge_r2",
            "regression.no_nan_on_valid_input",
            "regression.r2_of_fitted_line_is_squared_pearson",
            "regression.refuses_single_sample[r2]",
        ),
    ),
    Mutant(
        "r2-single-sample-nan",
        {"r2": r2_single_sample_nan},
        catches=(
            "regression.refuses_bad_input[r2]",
            "regression.refuses_single_sample[r2]",
        ),
    ),
    Mutant(
        "explained-variance-forgets-bias",
        {"explained_variance": ev_forgets_bias},
        catches=(
            "regression.agreement[explained_variance]",
            "regression.claim.seed000.explained_variance_ratio",
            "regression.constant_truth[explained_variance]",
            "regression.definition[explained_variance]",
        ),
    ),
    Mutant(
        "explained-variance-ignores-force-finite",
        {"explained_variance": ev_ignores_force_finite},
        catches=(
            "regression.agreement[explained_variance]",
            "regression.bounds[explained_variance]",
            "regression.constant_truth[explained_variance]",
            "regression.definition[explained_variance]",
            "regression.explained_variance_ge_r2",
            "regression.no_nan_on_valid_input",
            "regression.refuses_bad_input[explained_variance]",
            "regression.refuses_single_sample[explained_variance]",
            "regression.integer_weights[explained_variance]",
        ),
    ),
    Mutant(
        "explained-variance-single-sample",
        {"explained_variance": ev_single_sample},
        catches=(
            "regression.refuses_bad_input[explained_variance]",
            "regression.refuses_single_sample[explained_variance]",
        ),
    ),
    Mutant(
        "adjusted-r2-inverted-ratio",
        {"adjusted_r2": adjusted_inverted_ratio},
        catches=(
            "regression.adjusted_r2_le_r2",
            "regression.adjusted_r2_refuses_too_many_features",
            "regression.claim.seed004.adjusted_r2_formula",
            "regression.definition[adjusted_r2]",
        ),
    ),
    Mutant(
        "adjusted-r2-no-feature-check",
        {"adjusted_r2": adjusted_no_feature_check},
        catches=(
            "regression.adjusted_r2_refuses_too_many_features",
        ),
    ),
    Mutant(
        "adjusted-r2-ignores-force-finite",
        {"adjusted_r2": adjusted_ignores_force_finite},
        catches=(
            "regression.adjusted_r2_le_r2",
            "regression.adjusted_r2_refuses_too_many_features",
            "regression.bounds[adjusted_r2]",
            "regression.claim.seed004.adjusted_r2_formula",
            "regression.constant_truth[adjusted_r2]",
        ),
    ),
    Mutant(
        "adjusted-r2-single-sample",
        {"adjusted_r2": adjusted_single_sample},
        catches=(
            "regression.refuses_bad_input[adjusted_r2]",
            "regression.refuses_single_sample[adjusted_r2]",
        ),
    ),
    Mutant(
        "weights-off-by-one",
        {name: _rolled_weights(getattr(ok, name)) for name in NAIVE},
        catches=(
            "regression.agreement[explained_variance]",
            "regression.agreement[mean_absolute_error]",
            "regression.agreement[mean_squared_error]",
            "regression.agreement[mean_squared_log_error]",
            "regression.agreement[median_absolute_error]",
            "regression.agreement[r2]",
            "regression.agreement[root_mean_squared_error]",
            "regression.agreement[root_mean_squared_log_error]",
            *INTEGER_WEIGHTS,
        ),
    ),

    Mutant(
        "mse-difference-of-mean-squares",
        {"mean_squared_error": mse_difference_of_mean_squares},
        catches=(
            "regression.agreement[mean_squared_error]",
            "regression.bounds[mean_squared_error]",
            "regression.claim.seed000.mse_bounds",
            "regression.claim.seed004.mse_formula",
            "regression.claim.seed004.rmse_is_root_of_mse",
            "regression.definition[mean_squared_error]",
            "regression.msle_is_mse_of_log1p",
            "regression.refuses_bad_input[mean_squared_error]",
            "regression.rmse_is_sqrt_mse",
            "regression.translation_invariance[mean_squared_error]",
            "regression.zero_iff_exact[mean_squared_error]",
        ),
    ),
    Mutant(
        "rmse-of-mean-square-difference",
        {"root_mean_squared_error": rmse_of_mean_square_difference},
        catches=(
            "regression.agreement[root_mean_squared_error]",
            "regression.claim.seed004.rmse_is_root_of_mse",
            "regression.mae_le_rmse",
            "regression.refuses_bad_input[root_mean_squared_error]",
            "regression.rmse_is_sqrt_mse",
            "regression.translation_invariance[root_mean_squared_error]",
        ),
    ),
    Mutant(
        "rmse-signed",
        {"root_mean_squared_error": rmse_signed},
        catches=(
            "regression.agreement[root_mean_squared_error]",
            "regression.bounds[root_mean_squared_error]",
            "regression.claim.seed004.rmse_is_root_of_mse",
            "regression.rmse_is_sqrt_mse",
            "regression.scaling[root_mean_squared_error]",
            "regression.integer_weights[root_mean_squared_error]",
            "regression.zero_iff_exact[root_mean_squared_error]",
        ),
    ),
    Mutant(
        "msle-difference-of-mean-squares",
        {"mean_squared_log_error": msle_difference_of_mean_squares},
        catches=(
            "regression.agreement[mean_squared_log_error]",
            "regression.bounds[mean_squared_log_error]",
            "regression.msle_is_mse_of_log1p",
            "regression.refuses_bad_input[mean_squared_log_error]",
            "regression.refuses_values_le_minus_one[mean_squared_log_error]",
            "regression.rmsle_is_sqrt_msle",
            "regression.zero_iff_exact[mean_squared_log_error]",
        ),
    ),
    Mutant(
        "medae-without-abs",
        {"median_absolute_error": medae_without_abs},
        catches=(
            "regression.agreement[median_absolute_error]",
            "regression.bounds[median_absolute_error]",
            "regression.definition[median_absolute_error]",
            "regression.refuses_bad_input[median_absolute_error]",
            "regression.scaling[median_absolute_error]",
            "regression.integer_weights[median_absolute_error]",
        ),
    ),
    Mutant(
        "medae-squared",
        {"median_absolute_error": medae_squared},
        catches=(
            "regression.agreement[median_absolute_error]",
            "regression.definition[median_absolute_error]",
            "regression.refuses_bad_input[median_absolute_error]",
            "regression.scaling[median_absolute_error]",
            "regression.integer_weights[median_absolute_error]",
        ),
    ),
    Mutant(
        "explained-variance-uncentred-with-epsilon",
        {"explained_variance": ev_uncentred_with_epsilon},
        catches=(
            "regression.agreement[explained_variance]",
            "regression.claim.seed000.explained_variance_ratio",
            "regression.constant_truth[explained_variance]",
            "regression.definition[explained_variance]",
            "regression.explained_variance_ge_r2",
            "regression.refuses_bad_input[explained_variance]",
            "regression.refuses_single_sample[explained_variance]",
            "regression.scaling[explained_variance]",
            "regression.translation_invariance[explained_variance]",
            "regression.integer_weights[explained_variance]",
        ),
    ),
    Mutant(
        "adjusted-r2-uncentred-with-epsilon",
        {"adjusted_r2": adjusted_uncentred_with_epsilon},
        catches=(
            "regression.adjusted_r2_le_r2",
            "regression.adjusted_r2_refuses_too_many_features",
            "regression.claim.seed004.adjusted_r2_formula",
            "regression.constant_truth[adjusted_r2]",
            "regression.definition[adjusted_r2]",
            "regression.refuses_bad_input[adjusted_r2]",
            "regression.refuses_single_sample[adjusted_r2]",
            "regression.scaling[adjusted_r2]",
            "regression.translation_invariance[adjusted_r2]",
            "regression.integer_weights[adjusted_r2]",
        ),
    ),
    Mutant(
        "medae-is-mean",
        {"median_absolute_error": medae_is_mean},
        catches=(
            "regression.agreement[median_absolute_error]",
            "regression.definition[median_absolute_error]",
        ),
    ),
    Mutant(
        "adjusted-r2-n-minus-p",
        {"adjusted_r2": adjusted_n_minus_p},
        catches=(
            "regression.adjusted_r2_le_r2",
            "regression.claim.seed004.adjusted_r2_formula",
            "regression.definition[adjusted_r2]",
        ),
    ),
]


# ---------------------------------------------------------------- caught only by edge cases (issue 31)


def mae_weights_relative_to_first(y_true, y_pred, *, sample_weight=None):
    """Weights normalised by the first one before averaging: a first weight of 0 gives 0/0 and x/0, so NaN.
    Drawn integer weights are never 0; the edge case zero_weight_first is."""
    value = ok.mean_absolute_error(y_true, y_pred, sample_weight=sample_weight)  # the refusals
    if sample_weight is None:
        return value
    yt, yp, w = (np.asarray(a, dtype=float) for a in (y_true, y_pred, sample_weight))
    with np.errstate(all="ignore"):
        relative = w / w[0]
        return float(np.sum(relative * np.abs(yt - yp)) / np.sum(relative))


def r2_float32_one_pass(y_true, y_pred, *, sample_weight=None, force_finite=True):
    """float32 input computed in float32 with a one-pass variance, SS_tot = sum(y^2) - (sum y)^2 / n:
    exact enough at the drawn magnitudes, garbage at n = 10 around 1e4 with unit spread (the edge case
    offset_1e4_unit_spread_float32_exact), where sum(y^2) ~ 1e9 carries no digit of SS_tot ~ 10."""
    value = ok.r2(y_true, y_pred, sample_weight=sample_weight, force_finite=force_finite)  # refusals, undefined
    yt = np.asarray(y_true)
    if yt.dtype != np.float32 or sample_weight is not None or not np.isfinite(value) or (yt == yt.flat[0]).all():
        return value  # the undefined case (constant y_true) as the catalog has it
    yp = np.asarray(y_pred, dtype=np.float32)
    n = np.float32(yt.size)
    with np.errstate(all="ignore"):
        ss_res = np.sum((yt - yp) ** 2, dtype=np.float32)
        ss_tot = np.sum(yt * yt, dtype=np.float32) - np.sum(yt, dtype=np.float32) ** 2 / n
        return float(np.float32(1) - ss_res / ss_tot)


MUTANTS += [
    Mutant("mae-weights-relative-to-first", {"mean_absolute_error": mae_weights_relative_to_first},
           catches=("regression.integer_weights[mean_absolute_error]",)),
    Mutant("r2-float32-one-pass-variance", {"r2": r2_float32_one_pass},
           catches=("regression.dtype_invariance[r2]",)),
]


def mse_integer_weights(y_true, y_pred, *, sample_weight=None):
    """Weights truncated to integers (a weighted mean over samples repeated w times): exact on every
    drawn weight (integers 1..5), wrong on fractional ones (the edge fractional_weights_zero_first)."""
    w = None if sample_weight is None else np.asarray(sample_weight, dtype=float).astype(int).astype(float)
    if w is not None and not w.sum():
        w = None
    return ok.mean_squared_error(y_true, y_pred, sample_weight=w)


MUTANTS += [
    Mutant("mse-integer-weights", {"mean_squared_error": mse_integer_weights},
           catches=("regression.definition[mean_squared_error]", "regression.agreement[mean_squared_error]")),
]

# ---------------------------------------------------------------- issue 32: percentage errors, pinball,
# Tweedie deviances, D² scores, concordance correlation


def _arrays(y_true, y_pred):
    return np.asarray(y_true, dtype=float), np.asarray(y_pred, dtype=float)


def mape_relative_to_prediction(y_true, y_pred, *, sample_weight=None):
    """|y - p| / |p|: the prediction as the base (undefined where p = 0; eps guard kept)."""
    ok.mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight)  # the refusals
    yt, yp = _arrays(y_true, y_pred)
    return float(np.average(np.abs(yt - yp) / np.maximum(np.abs(yp), 2.2e-16), weights=_w(sample_weight, len(yt))))


def mape_zero_is_nan(y_true, y_pred, *, sample_weight=None):
    """No eps guard: a zero truth gives inf (or NaN for 0/0)."""
    ok.mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight)
    yt, yp = _arrays(y_true, y_pred)
    with np.errstate(all="ignore"):
        return float(np.average(np.abs(yt - yp) / np.abs(yt), weights=_w(sample_weight, len(yt))))


def mape_ignores_weights(y_true, y_pred, *, sample_weight=None):
    return ok.mean_absolute_percentage_error(y_true, y_pred)


def wmape_is_mape(y_true, y_pred, *, sample_weight=None):
    """The mean of the ratios instead of the ratio of the sums."""
    return ok.mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight)


def wmape_unweighted_denominator(y_true, y_pred, *, sample_weight=None):
    """Weighted errors over the unweighted total magnitude."""
    ok.weighted_mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight)
    yt, yp = _arrays(y_true, y_pred)
    w = _w(sample_weight, len(yt))
    return float(np.dot(w, np.abs(yt - yp)) / max(np.abs(yt).sum() * w.mean(), 2.2e-16))


def wmape_clamped_sum(y_true, y_pred, *, sample_weight=None):
    """torchmetrics' guard: the sum (not the mean) of |y| clamped at eps."""
    ok.weighted_mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight)
    yt, yp = _arrays(y_true, y_pred)
    w = _w(sample_weight, len(yt))
    return float(np.dot(w, np.abs(yt - yp)) / max(float(np.dot(w, np.abs(yt))), 2.2e-16))


def mape_guard_one(y_true, y_pred, *, sample_weight=None):
    """|y - p| / max(|y|, 1): a guard of 1 instead of eps, wrong for every |y| < 1 (not scale-free)."""
    ok.mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight)
    yt, yp = _arrays(y_true, y_pred)
    return float(np.average(np.abs(yt - yp) / np.maximum(np.abs(yt), 1.0), weights=_w(sample_weight, len(yt))))


def wmape_guard_one(y_true, y_pred, *, sample_weight=None):
    """mean |y - p| / (mean |y| + 1): additive smoothing instead of the eps guard (not scale-free)."""
    ok.weighted_mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight)
    yt, yp = _arrays(y_true, y_pred)
    w = _w(sample_weight, len(yt))
    return float(np.average(np.abs(yt - yp), weights=w) / (np.average(np.abs(yt), weights=w) + 1.0))


def smape_without_factor_two(y_true, y_pred, *, sample_weight=None):
    """|y - p| / (|y| + |p|): range [0, 1], the other SMAPE convention under this name."""
    return ok.symmetric_mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight) / 2


def smape_signed_denominator(y_true, y_pred, *, sample_weight=None):
    """|y - p| / ((y + p) / 2): the absolute values forgotten in the denominator."""
    ok.symmetric_mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight)
    yt, yp = _arrays(y_true, y_pred)
    with np.errstate(all="ignore"):
        terms = np.abs(yt - yp) / ((yt + yp) / 2)
    return float(np.average(np.where(np.isfinite(terms), terms, 0.0), weights=_w(sample_weight, len(yt))))


def smape_zero_zero_nan(y_true, y_pred, *, sample_weight=None):
    ok.symmetric_mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight)
    yt, yp = _arrays(y_true, y_pred)
    with np.errstate(all="ignore"):
        return float(np.average(2 * np.abs(yt - yp) / (np.abs(yt) + np.abs(yp)), weights=_w(sample_weight, len(yt))))


def max_error_is_mean(y_true, y_pred):
    return ok.mean_absolute_error(y_true, y_pred)


def max_error_signed(y_true, y_pred):
    """max(y_pred - y_true): the largest over-prediction only."""
    ok.max_error(y_true, y_pred)
    yt, yp = _arrays(y_true, y_pred)
    return float(np.max(yp - yt))


def pinball_alpha_swapped(y_true, y_pred, *, alpha=0.5, sample_weight=None):
    """alpha weighting over-predictions instead of under-predictions."""
    return ok.mean_pinball_loss(y_true, y_pred, alpha=1.0 - alpha, sample_weight=sample_weight)


def pinball_is_mae(y_true, y_pred, *, alpha=0.5, sample_weight=None):
    """The absolute error, not halved: alpha and 1 - alpha both taken as 1."""
    ok.mean_pinball_loss(y_true, y_pred, alpha=alpha, sample_weight=sample_weight)
    return ok.mean_absolute_error(y_true, y_pred, sample_weight=sample_weight)


def pinball_unchecked_alpha(y_true, y_pred, *, alpha=0.5, sample_weight=None):
    yt, yp = _arrays(y_true, y_pred)
    d = yt - yp
    return float(np.average(np.maximum(alpha * d, (alpha - 1) * d), weights=_w(sample_weight, len(yt))))


def _tweedie_mutant(fn):
    """A wrong unit deviance behind the catalog's checks (refusals, domain)."""

    def call(y_true, y_pred, *, power=0.0, sample_weight=None):
        ok.mean_tweedie_deviance(y_true, y_pred, power=power, sample_weight=sample_weight)
        yt, yp = _arrays(y_true, y_pred)
        with np.errstate(all="ignore"):
            return float(np.average(fn(yt, yp, float(power)), weights=_w(sample_weight, len(yt))))

    return call


def _textbook(yt, mu, p):
    if p == 0:
        return (yt - mu) ** 2
    if p == 1:
        return 2 * (np.where(yt > 0, yt * np.log(np.where(yt > 0, yt, 1) / mu), 0) - yt + mu)
    if p == 2:
        return 2 * (np.log(mu / yt) + yt / mu - 1)
    return 2 * (np.maximum(yt, 0) ** (2 - p) / ((1 - p) * (2 - p)) - yt * mu ** (1 - p) / (1 - p) + mu ** (2 - p) / (2 - p))


tweedie_halved = _tweedie_mutant(lambda yt, mu, p: _textbook(yt, mu, p) / 2)
#: the general formula used at power 1 and 2 as well (its limits there are 0/0): nan, not the Poisson/gamma limit
tweedie_no_limits = _tweedie_mutant(
    lambda yt, mu, p: _textbook(yt, mu, p) if p not in (1.0, 2.0) else _textbook(yt, mu, p + 1e-3))
tweedie_gamma_swapped = _tweedie_mutant(lambda yt, mu, p: _textbook(mu, yt, p) if p == 2 else _textbook(yt, mu, p))


def tweedie_accepts_power_gap(y_true, y_pred, *, power=0.0, sample_weight=None):
    """0 < power < 1 computed with the general formula instead of refused."""
    if 0 < power < 1:
        yt, yp = _arrays(y_true, y_pred)
        return float(np.average(_textbook(yt, yp, power), weights=_w(sample_weight, len(yt))))
    return ok.mean_tweedie_deviance(y_true, y_pred, power=power, sample_weight=sample_weight)


def _no_domain_check(formula_power):
    def call(y_true, y_pred, *, power=None, sample_weight=None):
        p = formula_power if power is None else float(power)
        if 0 < p < 1:
            raise ok.MetricInputError("power", "gap")
        yt, yp = _arrays(y_true, y_pred)
        ok.mean_absolute_error(yt, yp, sample_weight=sample_weight)  # bad-input refusals only
        with np.errstate(all="ignore"):
            return float(np.average(np.nan_to_num(_textbook(yt, yp, p)), weights=_w(sample_weight, len(yt))))

    return call


def poisson_log_not_xlogy(y_true, y_pred, *, sample_weight=None):
    """2 (y log(y / p) - y + p) with 0 log 0 left as NaN (log of 0), then dropped: zeros of y_true ignored."""
    ok.mean_poisson_deviance(y_true, y_pred, sample_weight=sample_weight)
    yt, yp = _arrays(y_true, y_pred)
    with np.errstate(all="ignore"):
        d = 2 * (yt * np.log(yt / yp) - yt + yp)
    keep = np.isfinite(d)
    return float(np.average(d[keep], weights=_w(sample_weight, len(yt))[keep])) if keep.any() else 0.0


def gamma_is_poisson(y_true, y_pred, *, sample_weight=None):
    ok.mean_gamma_deviance(y_true, y_pred, sample_weight=sample_weight)
    return ok.mean_poisson_deviance(y_true, y_pred, sample_weight=sample_weight)


def _d2_pinball_with_baseline(baseline):
    def d2(y_true, y_pred, *, alpha=0.5, sample_weight=None):
        ok.d2_pinball(y_true, y_pred, alpha=alpha, sample_weight=sample_weight)  # refusals
        yt, yp = _arrays(y_true, y_pred)
        w = _w(sample_weight, len(yt))
        num = ok.mean_pinball_loss(yt, yp, alpha=alpha, sample_weight=w)
        den = ok.mean_pinball_loss(yt, np.full_like(yt, baseline(yt, w, alpha)), alpha=alpha, sample_weight=w)
        if den == 0:
            return 1.0 if num == 0 else 0.0
        return 1.0 - num / den

    return d2


d2_pinball_mean_baseline = _d2_pinball_with_baseline(lambda yt, w, a: np.average(yt, weights=w))
d2_pinball_median_baseline = _d2_pinball_with_baseline(lambda yt, w, a: float(np.median(yt)))


def d2_absolute_mean_baseline(y_true, y_pred, *, sample_weight=None):
    return d2_pinball_mean_baseline(y_true, y_pred, alpha=0.5, sample_weight=sample_weight)


def d2_constant_nan(y_true, y_pred, *, sample_weight=None, **kw):
    """1 - num / den computed plainly: nan (0/0) or -inf on a constant y_true."""
    yt = np.asarray(y_true, dtype=float)
    if yt.ndim == 1 and yt.size >= 2 and (yt == yt[0]).all():
        return float("nan")
    return None


def _d2_plain(fn):
    def call(y_true, y_pred, **kw):
        special = d2_constant_nan(y_true, y_pred)
        return special if special is not None else fn(y_true, y_pred, **kw)

    return call


def d2_single_sample_nan(fn):
    def call(y_true, y_pred, **kw):
        if np.ndim(y_true) == 1 and len(y_true) == 1:
            return float("nan")
        return fn(y_true, y_pred, **kw)

    return call


def d2_pinball_unchecked_alpha(y_true, y_pred, *, alpha=0.5, sample_weight=None):
    yt, yp = _arrays(y_true, y_pred)
    w = _w(sample_weight, len(yt))
    d = lambda q: np.average(np.maximum(alpha * (yt - q), (alpha - 1) * (yt - q)), weights=w)  # noqa: E731
    den = min(d(c) for c in yt)
    return 1.0 if den == 0 else float(1 - d(yp) / den)


def d2_tweedie_median_baseline(y_true, y_pred, *, power=0.0, sample_weight=None):
    """The median of y_true as the baseline instead of the (deviance-minimising) mean."""
    value = ok.d2_tweedie(y_true, y_pred, power=power, sample_weight=sample_weight)
    yt = np.asarray(y_true, dtype=float)
    if (yt == yt[0]).all():
        return value
    num = ok.mean_tweedie_deviance(y_true, y_pred, power=power, sample_weight=sample_weight)
    den = ok.mean_tweedie_deviance(yt, np.full_like(yt, np.median(yt)), power=power, sample_weight=sample_weight)
    return 1.0 - num / den


def d2_tweedie_unchecked(y_true, y_pred, *, power=0.0, sample_weight=None):
    """No domain, power or sample-count checks: the formula on whatever comes."""
    yt, yp = _arrays(y_true, y_pred)
    w = _w(sample_weight, len(yt))
    with np.errstate(all="ignore"):
        num = np.average(_textbook(yt, yp, power), weights=w)
        den = np.average(_textbook(yt, np.full_like(yt, np.average(yt, weights=w)), power), weights=w)
        return float(1.0 - num / den) if den != 0 else (1.0 if num == 0 else 0.0)


def ccc_sample_variances(y_true, y_pred):
    """torchmetrics' divisors: covariance and variances over n - 1, the squared bias over n."""
    ok.concordance_corrcoef(y_true, y_pred)
    yt, yp = _arrays(y_true, y_pred)
    n = len(yt)
    with np.errstate(all="ignore"):
        cov = np.sum((yt - yt.mean()) * (yp - yp.mean())) / (n - 1)
        return float(2 * cov / (np.var(yt, ddof=1) + np.var(yp, ddof=1) + (yt.mean() - yp.mean()) ** 2))


def ccc_is_pearson(y_true, y_pred):
    """Pearson's r: the bias correction forgotten (0/0 -> nan on a constant input)."""
    ok.concordance_corrcoef(y_true, y_pred)
    yt, yp = _arrays(y_true, y_pred)
    with np.errstate(all="ignore"):
        return float(np.corrcoef(yt, yp)[0, 1])


def ccc_constant_is_one(y_true, y_pred):
    yt, yp = _arrays(y_true, y_pred)
    if yt.ndim == 1 and yt.size >= 2 and (yt == yt[0]).all() and np.array_equal(yt, yp):
        return 1.0
    return ok.concordance_corrcoef(y_true, y_pred)


def ccc_single_sample(y_true, y_pred):
    if np.ndim(y_true) == 1 and len(y_true) == 1:
        return 1.0
    return ok.concordance_corrcoef(y_true, y_pred)


def ccc_bias_not_squared(y_true, y_pred):
    """|mean_t - mean_p| in the denominator instead of its square: not scale-free."""
    ok.concordance_corrcoef(y_true, y_pred)
    yt, yp = _arrays(y_true, y_pred)
    with np.errstate(all="ignore"):
        cov = np.mean((yt - yt.mean()) * (yp - yp.mean()))
        return float(2 * cov / (np.var(yt) + np.var(yp) + abs(yt.mean() - yp.mean())))


def ccc_uncentred(y_true, y_pred):
    """Raw second moments instead of central ones: shift-dependent."""
    ok.concordance_corrcoef(y_true, y_pred)
    yt, yp = _arrays(y_true, y_pred)
    with np.errstate(all="ignore"):
        return float(2 * np.mean(yt * yp) / (np.mean(yt * yt) + np.mean(yp * yp)))


MUTANTS += [
    Mutant("mape-relative-to-prediction", {"mean_absolute_percentage_error": mape_relative_to_prediction},
           catches=("regression.definition[mean_absolute_percentage_error]",
                    "regression.definition.sample_weight[mean_absolute_percentage_error]",
                    "regression.agreement[mean_absolute_percentage_error]",
                    "regression.undefined.zero_truth[mean_absolute_percentage_error]")),
    Mutant("mape-zero-truth-unguarded", {"mean_absolute_percentage_error": mape_zero_is_nan},
           catches=("regression.undefined.zero_truth[mean_absolute_percentage_error]",)),
    Mutant("mape-ignores-weights", {"mean_absolute_percentage_error": mape_ignores_weights},
           catches=("regression.definition.sample_weight[mean_absolute_percentage_error]",)),
    Mutant("wmape-is-mape", {"weighted_mean_absolute_percentage_error": wmape_is_mape},
           catches=("regression.definition[weighted_mean_absolute_percentage_error]",
                    "regression.definition.sample_weight[weighted_mean_absolute_percentage_error]")),
    Mutant("wmape-unweighted-denominator", {"weighted_mean_absolute_percentage_error": wmape_unweighted_denominator},
           catches=("regression.definition.sample_weight[weighted_mean_absolute_percentage_error]",)),
    Mutant("wmape-clamped-sum", {"weighted_mean_absolute_percentage_error": wmape_clamped_sum},
           catches=("regression.undefined.zero_truth[weighted_mean_absolute_percentage_error]",)),
    Mutant("smape-without-factor-two", {"symmetric_mean_absolute_percentage_error": smape_without_factor_two},
           catches=("regression.definition[symmetric_mean_absolute_percentage_error]",
                    "regression.definition.sample_weight[symmetric_mean_absolute_percentage_error]",
                    "regression.undefined.both_zero[symmetric_mean_absolute_percentage_error]")),
    Mutant("smape-signed-denominator", {"symmetric_mean_absolute_percentage_error": smape_signed_denominator},
           catches=("regression.scaling[symmetric_mean_absolute_percentage_error]",)),
    Mutant("smape-zero-zero-nan", {"symmetric_mean_absolute_percentage_error": smape_zero_zero_nan},
           catches=("regression.undefined.both_zero[symmetric_mean_absolute_percentage_error]",)),
    Mutant("percentage-errors-guard-one",
           {"mean_absolute_percentage_error": mape_guard_one,
            "weighted_mean_absolute_percentage_error": wmape_guard_one},
           catches=("regression.scaling[mean_absolute_percentage_error]",
                    "regression.scaling[weighted_mean_absolute_percentage_error]",
                    "regression.definition[mean_absolute_percentage_error]")),
    Mutant("max-error-is-mean", {"max_error": max_error_is_mean},
           catches=("regression.definition[max_error]", "regression.agreement[max_error]")),
    Mutant("max-error-signed", {"max_error": max_error_signed},
           catches=("regression.definition[max_error]", "regression.max_error_ge_mae",
                    "regression.scaling[max_error]")),
    Mutant("max-error-relative", {"max_error": lambda y_true, y_pred: ok.max_error(y_true, y_pred)
                                  / (1.0 + float(np.mean(np.abs(np.asarray(y_true, float)))))},
           catches=("regression.translation_invariance[max_error]",)),
    Mutant("pinball-alpha-swapped", {"mean_pinball_loss": pinball_alpha_swapped},
           catches=("regression.definition[mean_pinball_loss]",
                    "regression.definition.sample_weight[mean_pinball_loss]",
                    "regression.agreement[mean_pinball_loss]")),
    Mutant("pinball-is-mae", {"mean_pinball_loss": pinball_is_mae},
           catches=("regression.pinball_at_half_is_half_mae", "regression.definition[mean_pinball_loss]")),
    Mutant("pinball-unchecked-alpha", {"mean_pinball_loss": pinball_unchecked_alpha},
           catches=("regression.refusal.alpha[mean_pinball_loss]",)),
    Mutant("pinball-relative", {"mean_pinball_loss": lambda y_true, y_pred, *, alpha=0.5, sample_weight=None:
                                ok.mean_pinball_loss(y_true, y_pred, alpha=alpha, sample_weight=sample_weight)
                                / (1.0 + float(np.mean(np.abs(np.asarray(y_true, float)))))},
           catches=("regression.translation_invariance[mean_pinball_loss]",)),
    Mutant("tweedie-halved", {"mean_tweedie_deviance": tweedie_halved},
           catches=("regression.definition[mean_tweedie_deviance]",
                    "regression.definition.sample_weight[mean_tweedie_deviance]",
                    "regression.agreement[mean_tweedie_deviance]",
                    "regression.tweedie_power_0_is[mean_squared_error]",
                    "regression.tweedie_power_1_is[mean_poisson_deviance]",
                    "regression.tweedie_power_2_is[mean_gamma_deviance]")),
    Mutant("tweedie-no-limits", {"mean_tweedie_deviance": tweedie_no_limits},
           catches=("regression.tweedie_power_1_is[mean_poisson_deviance]",
                    "regression.tweedie_power_2_is[mean_gamma_deviance]")),
    Mutant("tweedie-gamma-swapped", {"mean_tweedie_deviance": tweedie_gamma_swapped},
           catches=("regression.tweedie_power_2_is[mean_gamma_deviance]",)),
    Mutant("tweedie-accepts-power-gap", {"mean_tweedie_deviance": tweedie_accepts_power_gap},
           catches=("regression.refusal.power_gap[mean_tweedie_deviance]",)),
    Mutant("deviances-without-domain-checks",
           {"mean_tweedie_deviance": _no_domain_check(0.0), "mean_poisson_deviance": _no_domain_check(1.0),
            "mean_gamma_deviance": _no_domain_check(2.0)},
           catches=("regression.refusal.outside_domain[mean_tweedie_deviance]",
                    "regression.refusal.outside_domain[mean_poisson_deviance]",
                    "regression.refusal.outside_domain[mean_gamma_deviance]")),
    Mutant("poisson-zero-truth-dropped", {"mean_poisson_deviance": poisson_log_not_xlogy},
           catches=("regression.definition[mean_poisson_deviance]",
                    "regression.definition.sample_weight[mean_poisson_deviance]",
                    "regression.agreement[mean_poisson_deviance]")),
    Mutant("gamma-is-poisson", {"mean_gamma_deviance": gamma_is_poisson},
           catches=("regression.definition[mean_gamma_deviance]",
                    "regression.definition.sample_weight[mean_gamma_deviance]",
                    "regression.agreement[mean_gamma_deviance]", "regression.scaling[mean_gamma_deviance]",
                    "regression.tweedie_power_2_is[mean_gamma_deviance]")),
    Mutant("poisson-is-gamma", {"mean_poisson_deviance": lambda y_true, y_pred, *, sample_weight=None:
                                ok.mean_gamma_deviance(np.asarray(y_true, float) + 1.0, y_pred,
                                                       sample_weight=sample_weight)},
           catches=("regression.scaling[mean_poisson_deviance]",
                    "regression.tweedie_power_1_is[mean_poisson_deviance]")),
    Mutant("d2-pinball-mean-baseline", {"d2_pinball": d2_pinball_mean_baseline},
           catches=("regression.definition[d2_pinball]", "regression.definition.sample_weight[d2_pinball]",
                    "regression.agreement[d2_pinball]", "regression.d2_absolute_error_is_d2_pinball_at_half")),
    Mutant("d2-pinball-median-for-every-alpha", {"d2_pinball": d2_pinball_median_baseline},
           catches=("regression.definition[d2_pinball]",)),
    Mutant("d2-absolute-mean-baseline", {"d2_absolute_error": d2_absolute_mean_baseline},
           catches=("regression.definition[d2_absolute_error]",
                    "regression.definition.sample_weight[d2_absolute_error]",
                    "regression.agreement[d2_absolute_error]")),
    Mutant("d2-constant-truth-nan",
           {name: _d2_plain(getattr(ok, name)) for name in ("d2_absolute_error", "d2_pinball", "d2_tweedie")},
           catches=("regression.constant_truth[d2_absolute_error]", "regression.constant_truth[d2_pinball]",
                    "regression.constant_truth[d2_tweedie]")),
    Mutant("d2-single-sample-nan",
           {name: d2_single_sample_nan(getattr(ok, name)) for name in ("d2_absolute_error", "d2_pinball", "d2_tweedie")},
           catches=("regression.refuses_single_sample[d2_absolute_error]",
                    "regression.refuses_single_sample[d2_pinball]",
                    "regression.refuses_single_sample[d2_tweedie]")),
    Mutant("d2-pinball-unchecked-alpha", {"d2_pinball": d2_pinball_unchecked_alpha},
           catches=("regression.refusal.alpha[d2_pinball]",)),
    Mutant("d2-pinball-relative", {"d2_pinball": lambda y_true, y_pred, *, alpha=0.5, sample_weight=None:
                                   ok.d2_pinball(y_true, y_pred, alpha=alpha, sample_weight=sample_weight)
                                   / (1.0 + float(np.mean(np.abs(np.asarray(y_true, float)))))},
           catches=("regression.translation_invariance[d2_pinball]",)),
    Mutant("d2-tweedie-median-baseline", {"d2_tweedie": d2_tweedie_median_baseline},
           catches=("regression.definition[d2_tweedie]", "regression.definition.sample_weight[d2_tweedie]",
                    "regression.agreement[d2_tweedie]", "regression.d2_tweedie_at_power_0_is_r2")),
    Mutant("d2-tweedie-unchecked", {"d2_tweedie": d2_tweedie_unchecked},
           catches=("regression.refusal.outside_domain[d2_tweedie]", "regression.refusal.power_gap[d2_tweedie]")),
    Mutant("ccc-sample-variances", {"concordance_corrcoef": ccc_sample_variances},
           catches=("regression.definition[concordance_corrcoef]",)),
    Mutant("ccc-is-pearson", {"concordance_corrcoef": ccc_is_pearson},
           catches=("regression.definition[concordance_corrcoef]",
                    "regression.undefined.constant_input[concordance_corrcoef]")),
    Mutant("ccc-constant-is-one", {"concordance_corrcoef": ccc_constant_is_one},
           catches=("regression.undefined.constant_input[concordance_corrcoef]",)),
    Mutant("ccc-single-sample", {"concordance_corrcoef": ccc_single_sample},
           catches=("regression.refuses_single_sample[concordance_corrcoef]",)),
    Mutant("ccc-uncentred", {"concordance_corrcoef": ccc_uncentred},
           catches=("regression.translation_invariance[concordance_corrcoef]",
                    "regression.concordance_le_abs_pearson")),
    Mutant("ccc-bias-not-squared", {"concordance_corrcoef": ccc_bias_not_squared},
           catches=("regression.scaling[concordance_corrcoef]", "regression.definition[concordance_corrcoef]")),
]


# ---------------------------------------------------------------- multioutput, MASE, SMAPE 'sum' (issue 32)

_MULTIOUTPUT = ("mean_squared_error", "root_mean_squared_error", "mean_absolute_error", "median_absolute_error",
                "mean_squared_log_error", "root_mean_squared_log_error", "r2", "explained_variance",
                "mean_absolute_percentage_error", "mean_pinball_loss", "d2_absolute_error", "d2_pinball")


def _wrong_outputs(name, combine):
    """``name`` whose 2-D calls go through ``combine(one, yt, yp, multioutput, options)`` (one: the 1-D metric)."""
    metric = getattr(ok, name)

    def call(y_true, y_pred, *, multioutput="uniform_average", **options):
        if np.ndim(y_true) < 2 and np.ndim(y_pred) < 2:
            return metric(y_true, y_pred, multioutput=multioutput, **options)
        return combine(lambda t, p: metric(t, p, **options), *_arrays(y_true, y_pred), multioutput, options)

    return call


def _flattened(one, yt, yp, multioutput, options):
    """Every output pooled into one 1-D sample (the 2-D array raveled): one number, whatever multioutput asks."""
    return one(yt.ravel(), yp.ravel())


def _by_position(one, yt, yp, multioutput, options):
    """Outputs combined with weights 1, 2, ..., m by position instead of the asked ones (raw values kept)."""
    values = np.array([one(yt[:, j], yp[:, j]) for j in range(yt.shape[1])])
    if isinstance(multioutput, str) and multioutput == "raw_values":
        return values
    return float(np.average(values, weights=np.arange(1, len(values) + 1)))


def _unchecked(one, yt, yp, multioutput, options):
    """No validation: the common columns only, unknown options as the uniform average, weights cut or padded."""
    m = min(yt.shape[1], yp.shape[1])
    values = np.array([one(yt[:, j], yp[:, j]) for j in range(m)])
    if isinstance(multioutput, str):
        return values if multioutput == "raw_values" else float(np.mean(values))
    return float(np.average(values, weights=np.abs(np.resize(np.asarray(multioutput, float), m)) + 1e-9))


def _variance_weighted(wrong):
    """r2 / explained_variance whose variance_weighted option is ``wrong(metric, y_true, y_pred, options)``."""
    def patch(name):
        metric = getattr(ok, name)

        def call(y_true, y_pred, *, multioutput="uniform_average", **options):
            if isinstance(multioutput, str) and multioutput == "variance_weighted" and np.ndim(y_true) == 2:
                return wrong(metric, *_arrays(y_true, y_pred), options)
            return metric(y_true, y_pred, multioutput=multioutput, **options)

        return call

    return {name: patch(name) for name in ("r2", "explained_variance")}


def _uniform(metric, yt, yp, options):
    return metric(yt, yp, multioutput="uniform_average", **options)


def _unweighted_variances(metric, yt, yp, options):
    """The variances of y_true without the sample weights (the per-column values keep them)."""
    values = metric(yt, yp, multioutput="raw_values", **options)
    a = np.var(yt, axis=0)
    return float(np.mean(values)) if not a.any() else float(np.dot(a, values) / a.sum())


def _all_constant_nan(metric, yt, yp, options):
    if (yt == yt[0]).all():
        return float("nan")
    return metric(yt, yp, multioutput="variance_weighted", **options)


def _zero_weight_counted(metric, yt, yp, options):
    """np.average over every column: a constant column's weight 0 times its nan/-inf poisons the mean."""
    values = metric(yt, yp, multioutput="raw_values", **options)
    a = np.var(yt, axis=0)
    with np.errstate(all="ignore"):
        return float(np.mean(values)) if not a.any() else float(np.sum(a * values) / a.sum())


def mase_scale_about_mean(y_true, y_pred, *, y_train, seasonality=1):
    """Scaled by the mean absolute deviation of y_train about its mean instead of the seasonal naive MAE."""
    value = ok.mean_absolute_scaled_error(y_true, y_pred, y_train=y_train, seasonality=seasonality)
    train = np.asarray(y_train, dtype=float)
    naive = np.mean(np.abs(train[seasonality:] - train[:-seasonality]))
    return value * naive / np.mean(np.abs(train - train.mean()))


def mase_lag_one(y_true, y_pred, *, y_train, seasonality=1):
    """The non-seasonal naive forecast (lag 1) whatever the seasonality."""
    train = np.asarray(y_train, dtype=float)
    ok.mean_absolute_scaled_error(y_true, y_pred, y_train=y_train, seasonality=seasonality)
    return ok.mean_absolute_error(y_true, y_pred) / np.mean(np.abs(np.diff(train)))


def mase_scale_plus_one(y_true, y_pred, *, y_train, seasonality=1):
    """1 added to the scale (a guard against 0): no longer scale-free."""
    train = np.asarray(y_train, dtype=float)
    ok.mean_absolute_scaled_error(y_true, y_pred, y_train=y_train, seasonality=seasonality)
    return ok.mean_absolute_error(y_true, y_pred) / (1.0 + np.mean(np.abs(train[seasonality:] - train[:-seasonality])))


def mase_eps_guard(y_true, y_pred, *, y_train, seasonality=1):
    """The scale clamped at float eps (a huge finite value instead of a refusal for a periodic y_train)."""
    train = np.asarray(y_train, dtype=float)
    m = int(seasonality)
    scale = max(float(np.mean(np.abs(train[m:] - train[:-m]))), np.finfo(float).eps)
    return ok.mean_absolute_error(y_true, y_pred) / scale


def mase_unchecked_seasonality(y_true, y_pred, *, y_train, seasonality=1):
    """Any seasonality taken as int(|s|) or 1, and a too short y_train scaled by whatever is left."""
    m = max(int(abs(seasonality)), 1)
    train = np.asarray(y_train, dtype=float)
    with np.errstate(all="ignore"):
        diffs = np.abs(train[m:] - train[:-m]) if m < len(train) else np.abs(np.diff(train))
        return ok.mean_absolute_error(y_true, y_pred) / (float(np.mean(diffs)) if diffs.size else 1.0)


def smape_sum_keeps_factor_two(y_true, y_pred, *, sample_weight=None, denominator="mean"):
    """denominator='sum' answered with the default (|y| + |p|) / 2: twice the asked value."""
    ok.symmetric_mean_absolute_percentage_error(y_true, y_pred, denominator=denominator)
    return ok.symmetric_mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight)


def smape_unchecked_denominator(y_true, y_pred, *, sample_weight=None, denominator="mean"):
    return ok.symmetric_mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight,
                                                       denominator="sum" if denominator == "sum" else "mean")


MUTANTS += [
    Mutant("multioutput-flattened", {n: _wrong_outputs(n, _flattened) for n in _MULTIOUTPUT},
           catches=tuple(f"regression.relation.multioutput[{n}]" for n in _MULTIOUTPUT)
           + tuple(f"regression.agreement.multioutput[{n}]" for n in _MULTIOUTPUT)),
    Mutant("multioutput-weights-by-position", {n: _wrong_outputs(n, _by_position) for n in _MULTIOUTPUT},
           catches=tuple(f"regression.invariance.column_permutation[{n}]" for n in _MULTIOUTPUT)
           + tuple(f"regression.relation.multioutput[{n}]" for n in _MULTIOUTPUT)),
    Mutant("multioutput-unchecked", {n: _wrong_outputs(n, _unchecked) for n in _MULTIOUTPUT},
           catches=tuple(f"regression.refusal.multioutput[{n}]" for n in _MULTIOUTPUT)),
    Mutant("variance-weighted-is-uniform", _variance_weighted(_uniform),
           catches=("regression.relation.multioutput[r2]", "regression.relation.multioutput[explained_variance]",
                    "regression.relation.multioutput.sample_weight[r2]",
                    "regression.relation.multioutput.sample_weight[explained_variance]")),
    Mutant("variance-weighted-ignores-sample-weight", _variance_weighted(_unweighted_variances),
           catches=("regression.relation.multioutput.sample_weight[r2]",
                    "regression.relation.multioutput.sample_weight[explained_variance]")),
    Mutant("variance-weighted-all-constant-nan", _variance_weighted(_all_constant_nan),
           catches=("regression.undefined.multioutput.all_constant[r2]",
                    "regression.undefined.multioutput.all_constant[explained_variance]")),
    Mutant("variance-weighted-zero-weight-counted", _variance_weighted(_zero_weight_counted),
           catches=("regression.undefined.multioutput.constant_column[r2]",
                    "regression.undefined.multioutput.constant_column[explained_variance]")),
    Mutant("mase-scale-about-mean", {"mean_absolute_scaled_error": mase_scale_about_mean},
           catches=("regression.definition[mean_absolute_scaled_error]", "regression.relation.mase_is_mae_ratio")),
    Mutant("mase-lag-one", {"mean_absolute_scaled_error": mase_lag_one},
           catches=("regression.definition[mean_absolute_scaled_error]", "regression.relation.mase_is_mae_ratio")),
    Mutant("mase-scale-plus-one", {"mean_absolute_scaled_error": mase_scale_plus_one},
           catches=("regression.invariance.scaling[mean_absolute_scaled_error]",
                    "regression.definition[mean_absolute_scaled_error]")),
    Mutant("mase-eps-guard", {"mean_absolute_scaled_error": mase_eps_guard},
           catches=("regression.undefined.periodic_train[mean_absolute_scaled_error]",)),
    Mutant("mase-unchecked-seasonality", {"mean_absolute_scaled_error": mase_unchecked_seasonality},
           catches=("regression.refusal.seasonality[mean_absolute_scaled_error]",)),
    Mutant("smape-sum-keeps-factor-two", {"symmetric_mean_absolute_percentage_error": smape_sum_keeps_factor_two},
           catches=("regression.definition[symmetric_mean_absolute_percentage_error:sum]",
                    "regression.relation.smape_mean_is_twice_sum")),
    Mutant("smape-unchecked-denominator",
           {"symmetric_mean_absolute_percentage_error": smape_unchecked_denominator},
           catches=("regression.refusal.denominator[symmetric_mean_absolute_percentage_error]",)),
]


# ---------------------------------------------------------------- torchmetrics' regression functions (issue 32)

_NRMSE, _RSE, _LCE = "normalized_root_mean_squared_error", "relative_squared_error", "log_cosh_error"
_CRPS, _MINK, _CSI = "continuous_ranked_probability_score", "minkowski_distance", "critical_success_index"
_COS = "cosine_similarity"


def _f(values):
    return np.asarray(values, dtype=float)


def nrmse_signed_mean(y_true, y_pred, *, normalization="mean"):
    """'mean' divides by the signed mean of y_true (torchmetrics' choice): negative for a negative mean."""
    value = ok.normalized_root_mean_squared_error(y_true, y_pred, normalization=normalization)
    if normalization != "mean":
        return value
    yt = _f(y_true)
    return value * np.mean(np.abs(yt)) / np.mean(yt) if np.mean(yt) != 0 else value


def nrmse_l2_norm(y_true, y_pred, *, normalization="mean"):
    """'l2' divides by ||y_true||_2 instead of its root mean square (torchmetrics' choice): value / sqrt(n)."""
    value = ok.normalized_root_mean_squared_error(y_true, y_pred, normalization=normalization)
    return value / np.sqrt(len(_f(y_true))) if normalization == "l2" else value


def nrmse_sample_std(y_true, y_pred, *, normalization="mean"):
    value = ok.normalized_root_mean_squared_error(y_true, y_pred, normalization=normalization)
    n = len(_f(y_true))
    return value * np.sqrt((n - 1) / n) if normalization == "std" else value


def nrmse_range_plus_mean(y_true, y_pred, *, normalization="mean"):
    """'range' is max - min + 1: not scale-free."""
    value = ok.normalized_root_mean_squared_error(y_true, y_pred, normalization=normalization)
    if normalization != "range":
        return value
    yt = _f(y_true)
    return value * np.ptp(yt) / (np.ptp(yt) + 1.0)


def nrmse_zero_scale_inf(y_true, y_pred, *, normalization="mean"):
    try:
        return ok.normalized_root_mean_squared_error(y_true, y_pred, normalization=normalization)
    except ok.MetricInputError as exc:
        if "scale is 0" in str(exc):
            return np.inf
        raise


def nrmse_any_normalization(y_true, y_pred, *, normalization="mean"):
    known = normalization if normalization in ("mean", "range", "std", "l2") else "mean"
    return ok.normalized_root_mean_squared_error(y_true, y_pred, normalization=known)


def rse_eps_clamped(y_true, y_pred, *, squared=True, sample_weight=None, force_finite=True):
    """SS_tot clamped at float32 eps, as torchmetrics: a constant y_true gives SS_res / 1.19e-7."""
    yt, yp = _f(y_true), _f(y_pred)
    ok.relative_squared_error(y_true, y_pred, squared=squared, sample_weight=sample_weight, force_finite=force_finite)
    w = _w(sample_weight, len(yt))
    mean = np.dot(w, yt) / w.sum()
    value = np.dot(w, (yt - yp) ** 2) / max(np.dot(w, (yt - mean) ** 2), np.finfo(np.float32).eps)
    return float(value if squared else np.sqrt(value))


def rse_unweighted_mean(y_true, y_pred, *, squared=True, sample_weight=None, force_finite=True):
    """SS_tot about the unweighted mean whatever the weights."""
    yt, yp = _f(y_true), _f(y_pred)
    value = ok.relative_squared_error(y_true, y_pred, squared=True, sample_weight=sample_weight,
                                      force_finite=force_finite)
    if sample_weight is not None and (yt != yt[0]).any():
        w = _w(sample_weight, len(yt))
        value = float(np.dot(w, (yt - yp) ** 2) / np.dot(w, (yt - yt.mean()) ** 2))
    return value if squared else float(np.sqrt(value))


def rse_root_ignored(y_true, y_pred, *, squared=True, sample_weight=None, force_finite=True):
    return ok.relative_squared_error(y_true, y_pred, sample_weight=sample_weight, force_finite=force_finite)


def rse_unchecked_flags(y_true, y_pred, *, squared=True, sample_weight=None, force_finite=True):
    return ok.relative_squared_error(y_true, y_pred, squared=bool(squared), sample_weight=sample_weight,
                                     force_finite=bool(force_finite))


def rse_single_sample(y_true, y_pred, *, squared=True, sample_weight=None, force_finite=True):
    if len(_f(y_true)) < 2:
        return 1.0
    return ok.relative_squared_error(y_true, y_pred, squared=squared, sample_weight=sample_weight,
                                     force_finite=force_finite)


def rse_relative_to_mean(y_true, y_pred, *, squared=True, sample_weight=None, force_finite=True):
    """Divided by 1 + mean |y_true|: neither shift- nor scale-free."""
    return ok.relative_squared_error(y_true, y_pred, squared=squared, sample_weight=sample_weight,
                                     force_finite=force_finite) / (1.0 + float(np.mean(np.abs(_f(y_true)))))


def lce_overflowing(y_true, y_pred, *, sample_weight=None):
    """log((exp(d) + exp(-d)) / 2) in float32, as torchmetrics: inf for |d| > 89."""
    d = (_f(y_pred) - _f(y_true)).astype(np.float32)
    ok.log_cosh_error(y_true, y_pred, sample_weight=sample_weight)
    with np.errstate(all="ignore"):
        terms = np.log((np.exp(d) + np.exp(-d)) / 2).astype(float)
    w = _w(sample_weight, len(d))
    return float(np.dot(w, terms) / w.sum())


def lce_is_half_mse(y_true, y_pred, *, sample_weight=None):
    return ok.mean_squared_error(y_true, y_pred, sample_weight=sample_weight) / 2


def lce_of_mean_residual(y_true, y_pred, *, sample_weight=None):
    """log cosh of the mean residual: opposite errors cancel (below MAE - log 2)."""
    d = float(np.mean(_f(y_pred) - _f(y_true)))
    return ok.log_cosh_error([0.0], [d])


def lce_relative(y_true, y_pred, *, sample_weight=None):
    return ok.log_cosh_error(y_true, y_pred, sample_weight=sample_weight) / (1.0 + float(np.mean(np.abs(_f(y_true)))))


def minkowski_sum_without_root(y_true, y_pred, *, p=2.0):
    value = ok.minkowski_distance(y_true, y_pred, p=p)
    return value if np.isinf(p) else value ** p


def minkowski_mean(y_true, y_pred, *, p=2.0):
    """(mean |d|^p)^(1/p): a power mean, duplication-invariant, not the distance."""
    return ok.minkowski_distance(y_true, y_pred, p=p) / (1.0 if np.isinf(p) else len(_f(y_true)) ** (1.0 / p))


def minkowski_p_clamped(y_true, y_pred, *, p=2.0):
    """Any p taken as max(p, 1) (NaN and strings as 2)."""
    try:
        q = max(float(p), 1.0)
    except (TypeError, ValueError):
        q = 2.0
    return ok.minkowski_distance(y_true, y_pred, p=2.0 if np.isnan(q) else q)


def minkowski_inf_is_sum(y_true, y_pred, *, p=2.0):
    return ok.minkowski_distance(y_true, y_pred, p=1 if np.isinf(p) else p)


def minkowski_relative(y_true, y_pred, *, p=2.0):
    return ok.minkowski_distance(y_true, y_pred, p=p) / (1.0 + float(np.mean(np.abs(_f(y_true)))))


def cosine_centred(y_true, y_pred):
    """Pearson's r: the arrays centred first (shift-invariant, which the cosine is not)."""
    y, p = _f(y_true), _f(y_pred)
    return ok.cosine_similarity(y - y.mean(), p - p.mean()) if len(y) == len(p) else ok.cosine_similarity(y, p)


def cosine_zero_vector_is_zero(y_true, y_pred):
    value = ok.cosine_similarity(y_true, y_pred)
    return 0.0 if np.isnan(value) else value


def cosine_over_truth_norm_squared(y_true, y_pred):
    """<y, p> / ||y||^2: the projection coefficient of p on y, not the cosine."""
    ok.cosine_similarity(y_true, y_pred)  # the same refusals
    y, p = _f(y_true), _f(y_pred)
    return float(np.dot(y, p) / np.dot(y, y)) if np.any(y) and np.any(p) else np.nan


def cosine_unscaled(y_true, y_pred):
    """The three dot products as they come: squares overflow near 1e154 and underflow near 1e-162."""
    ok.cosine_similarity(y_true, y_pred)
    y, p = _f(y_true), _f(y_pred)
    with np.errstate(all="ignore"):
        return float(np.dot(y, p) / np.sqrt(np.dot(y, y) * np.dot(p, p)))


def csi_strict_threshold(y_true, y_pred, *, threshold, zero_division=0.0):
    """Events value > threshold instead of >= threshold."""
    return ok.critical_success_index(y_true, y_pred, threshold=np.nextafter(threshold, np.inf),
                                     zero_division=zero_division)


def csi_counts_negatives(y_true, y_pred, *, threshold, zero_division=0.0):
    """(hits + correct negatives) / n: accuracy of the events, not the threat score."""
    ok.critical_success_index(y_true, y_pred, threshold=threshold, zero_division=zero_division)
    return float(np.mean((_f(y_true) >= threshold) == (_f(y_pred) >= threshold)))


def csi_no_events_nan(y_true, y_pred, *, threshold, zero_division=0.0):
    value = ok.critical_success_index(y_true, y_pred, threshold=threshold, zero_division=np.nan)
    return 0.0 if np.isnan(value) and zero_division == 1.0 else value


def csi_unchecked(y_true, y_pred, *, threshold, zero_division=0.0):
    try:
        t = float(threshold)
    except (TypeError, ValueError):
        t = 0.0
    yt, yp = _f(y_true) >= t, _f(y_pred) >= t
    either = np.count_nonzero(yt | yp)
    return float(np.count_nonzero(yt & yp) / either) if either else (zero_division if zero_division == 1.0 else 0.0)


def _crps_pairs(yt, x, fair):
    m = x.shape[1]
    spread = np.abs(x[:, :, None] - x[:, None, :]).sum(axis=(1, 2))
    return np.abs(x - yt[:, None]).mean(axis=1) - spread / (2 * m * (m - 1 if fair else m))


def crps_fair_for_both(y_true, y_ensemble, *, estimator="plain", sample_weight=None):
    """The fair estimator whatever is asked (and the plain one for a single member, where fair is undefined)."""
    ok.continuous_ranked_probability_score(y_true, y_ensemble, estimator=estimator, sample_weight=sample_weight)
    x = _f(y_ensemble)
    return ok.continuous_ranked_probability_score(y_true, y_ensemble, estimator="fair" if x.shape[1] > 1 else "plain",
                                                  sample_weight=sample_weight)


def crps_plain_for_both(y_true, y_ensemble, *, estimator="plain", sample_weight=None):
    ok.continuous_ranked_probability_score(y_true, y_ensemble, estimator=estimator, sample_weight=sample_weight)
    return ok.continuous_ranked_probability_score(y_true, y_ensemble, sample_weight=sample_weight)


def crps_first_member_only(y_true, y_ensemble, *, estimator="plain", sample_weight=None):
    """The MAE of the first member: order-dependent, and blind to the spread."""
    ok.continuous_ranked_probability_score(y_true, y_ensemble, estimator=estimator, sample_weight=sample_weight)
    return ok.mean_absolute_error(y_true, _f(y_ensemble)[:, 0], sample_weight=sample_weight)


def crps_weights_ignored(y_true, y_ensemble, *, estimator="plain", sample_weight=None):
    return ok.continuous_ranked_probability_score(y_true, y_ensemble, estimator=estimator)


def crps_squared_skill(y_true, y_ensemble, *, estimator="plain", sample_weight=None):
    """E (X - y)^2 in place of E |X - y|: not homogeneous of degree 1."""
    ok.continuous_ranked_probability_score(y_true, y_ensemble, estimator=estimator, sample_weight=sample_weight)
    yt, x = _f(y_true), _f(y_ensemble)
    m = x.shape[1]
    c = 2 * m * (m - 1 if estimator == "fair" else m)
    scores = ((x - yt[:, None]) ** 2).mean(axis=1) - np.abs(x[:, :, None] - x[:, None, :]).sum(axis=(1, 2)) / c
    return float(np.dot(_w(sample_weight, len(yt)), np.maximum(scores, 0)) / _w(sample_weight, len(yt)).sum())


def crps_unchecked(y_true, y_ensemble, *, estimator="plain", sample_weight=None):
    """No input checks: 1-D ensembles broadcast, NaN propagates, a lone member divides by 0 for 'fair'."""
    yt, x = _f(y_true), _f(y_ensemble)
    x = x.reshape(len(x), -1) if x.ndim == 1 else x
    with np.errstate(all="ignore"):
        if x.size == 0 or len(x) != len(yt):
            return 0.0
        return float(np.mean(_crps_pairs(yt, x, estimator == "fair")))


def crps_clipped_shift(y_true, y_ensemble, *, estimator="plain", sample_weight=None):
    """Values clipped at 0 (a non-negative domain assumed): not shift-invariant."""
    return ok.continuous_ranked_probability_score(np.maximum(_f(y_true), 0), np.maximum(_f(y_ensemble), 0),
                                                  estimator=estimator, sample_weight=sample_weight)


MUTANTS += [
    Mutant("nrmse-signed-mean", {_NRMSE: nrmse_signed_mean},
           catches=(f"regression.definition[{_NRMSE}]", "regression.relation.nrmse_mean_is_rmse_over_mean_magnitude")),
    Mutant("nrmse-l2-norm", {_NRMSE: nrmse_l2_norm},
           catches=(f"regression.definition[{_NRMSE}:l2]", f"regression.duplication_invariance[{_NRMSE}]")),
    Mutant("nrmse-sample-std", {_NRMSE: nrmse_sample_std},
           catches=(f"regression.definition[{_NRMSE}:std]", "regression.relation.nrmse_std_squared_is_rse")),
    Mutant("nrmse-range-plus-one", {_NRMSE: nrmse_range_plus_mean},
           catches=(f"regression.definition[{_NRMSE}:range]", f"regression.invariance.scaling[{_NRMSE}:range]")),
    Mutant("nrmse-scales-by-mean-of-range", {_NRMSE: lambda y_true, y_pred, *, normalization="mean":
                                             ok.normalized_root_mean_squared_error(y_true, y_pred,
                                                                                   normalization=normalization)
                                             * (1.0 + 1e-3 * float(np.max(np.abs(_f(y_true)))))},
           catches=tuple(f"regression.invariance.scaling[{_NRMSE}{v}]" for v in ("", ":l2", ":std"))),
    Mutant("nrmse-zero-scale-inf", {_NRMSE: nrmse_zero_scale_inf},
           catches=(f"regression.undefined.zero_scale[{_NRMSE}]",)),
    Mutant("nrmse-any-normalization", {_NRMSE: nrmse_any_normalization},
           catches=(f"regression.refusal.normalization[{_NRMSE}]",)),
    Mutant("rse-eps-clamped", {_RSE: rse_eps_clamped},
           catches=(f"regression.undefined.constant_truth[{_RSE}]", "regression.relation.rse_is_one_minus_r2")),
    Mutant("rse-unweighted-mean", {_RSE: rse_unweighted_mean},
           catches=(f"regression.definition.sample_weight[{_RSE}]",)),
    Mutant("rse-root-ignored", {_RSE: rse_root_ignored},
           catches=(f"regression.definition[{_RSE}]", "regression.relation.rse_root_is_sqrt")),
    Mutant("rse-unchecked-flags", {_RSE: rse_unchecked_flags}, catches=(f"regression.refusal.flags[{_RSE}]",)),
    Mutant("rse-single-sample", {_RSE: rse_single_sample}, catches=(f"regression.refuses_single_sample[{_RSE}]",)),
    Mutant("rse-relative-to-mean", {_RSE: rse_relative_to_mean},
           catches=(f"regression.translation_invariance[{_RSE}]", f"regression.scaling[{_RSE}]")),
    Mutant("log-cosh-overflowing", {_LCE: lce_overflowing},
           catches=(f"regression.definition[{_LCE}]", f"regression.definition.sample_weight[{_LCE}]")),
    Mutant("log-cosh-is-half-mse", {_LCE: lce_is_half_mse}, catches=(f"regression.definition[{_LCE}]",)),
    Mutant("log-cosh-of-mean-residual", {_LCE: lce_of_mean_residual},
           catches=("regression.relation.log_cosh_between_mae_and_mse",)),
    Mutant("log-cosh-relative", {_LCE: lce_relative}, catches=(f"regression.translation_invariance[{_LCE}]",)),
    Mutant("minkowski-without-root", {_MINK: minkowski_sum_without_root},
           catches=(f"regression.definition[{_MINK}]", f"regression.definition[{_MINK}:p_3_5]",
                    f"regression.agreement.scipy[{_MINK}]", f"regression.agreement.scipy[{_MINK}:p_3_5]",
                    "regression.relation.minkowski_is_n_mean_error", f"regression.scaling[{_MINK}]")),
    Mutant("minkowski-power-mean", {_MINK: minkowski_mean},
           catches=(f"regression.invariance.duplication_scales[{_MINK}]", f"regression.definition[{_MINK}:p_1]",
                    f"regression.agreement.scipy[{_MINK}:p_1]")),
    Mutant("minkowski-p-clamped", {_MINK: minkowski_p_clamped}, catches=(f"regression.refusal.p[{_MINK}]",)),
    Mutant("minkowski-inf-is-sum", {_MINK: minkowski_inf_is_sum},
           catches=(f"regression.definition[{_MINK}:p_inf]", f"regression.agreement.scipy[{_MINK}:p_inf]",
                    "regression.relation.minkowski_non_increasing_in_p")),
    Mutant("minkowski-relative", {_MINK: minkowski_relative}, catches=(f"regression.translation_invariance[{_MINK}]",)),
    Mutant("cosine-centred", {_COS: cosine_centred},
           catches=(f"regression.definition[{_COS}]", f"regression.agreement.scipy[{_COS}]")),
    Mutant("cosine-zero-vector-is-zero", {_COS: cosine_zero_vector_is_zero},
           catches=(f"regression.undefined.zero_vector[{_COS}]",)),
    Mutant("cosine-over-truth-norm-squared", {_COS: cosine_over_truth_norm_squared},
           catches=(f"regression.definition[{_COS}]", f"regression.invariance.scaling_each[{_COS}]",
                    f"regression.relation.centred_is_pearson[{_COS}]", f"regression.agreement.scipy[{_COS}]")),
    Mutant("cosine-unscaled", {_COS: cosine_unscaled}, catches=(f"regression.invariance.scaling_each[{_COS}]",)),
    Mutant("csi-strict-threshold", {_CSI: csi_strict_threshold},
           catches=(f"regression.definition[{_CSI}]", "regression.relation.csi_is_jaccard_of_events")),
    Mutant("csi-counts-negatives", {_CSI: csi_counts_negatives},
           catches=(f"regression.definition[{_CSI}:threshold_2_5]", f"regression.undefined.no_events[{_CSI}]")),
    Mutant("csi-no-events-nan", {_CSI: csi_no_events_nan}, catches=(f"regression.undefined.no_events[{_CSI}]",)),
    Mutant("csi-unchecked", {_CSI: csi_unchecked}, catches=(f"regression.refusal.threshold[{_CSI}]",)),
    Mutant("crps-fair-for-both", {_CRPS: crps_fair_for_both},
           catches=(f"regression.definition[{_CRPS}]", "regression.relation.crps_fair_le_plain")),
    Mutant("crps-plain-for-both", {_CRPS: crps_plain_for_both},
           catches=(f"regression.definition[{_CRPS}:fair]", "regression.relation.crps_fair_le_plain")),
    Mutant("crps-fair-one-member-plain", {_CRPS: lambda y_true, y_ensemble, *, estimator="plain", sample_weight=None:
                                          ok.continuous_ranked_probability_score(
                                              y_true, y_ensemble, sample_weight=sample_weight,
                                              estimator="plain" if _f(y_ensemble).shape[-1] == 1 else estimator)},
           catches=(f"regression.undefined.fair_one_member[{_CRPS}]",)),
    Mutant("crps-first-member-only", {_CRPS: crps_first_member_only},
           catches=(f"regression.invariance.member_order[{_CRPS}]", f"regression.identity.zero_iff_exact[{_CRPS}]")),
    Mutant("crps-weights-ignored", {_CRPS: crps_weights_ignored},
           catches=(f"regression.definition.sample_weight[{_CRPS}]",)),
    Mutant("crps-squared-skill", {_CRPS: crps_squared_skill},
           catches=(f"regression.invariance.shift_and_scale[{_CRPS}]", "regression.relation.crps_one_member_is_mae")),
    Mutant("crps-clipped", {_CRPS: crps_clipped_shift}, catches=(f"regression.invariance.shift_and_scale[{_CRPS}]",)),
    Mutant("crps-unchecked", {_CRPS: crps_unchecked}, catches=(f"regression.refusal.bad_input[{_CRPS}]",)),
]


# ---------------------------------------------------------------- issue 45: values in (-1, 0)


def msle_clips_to_epsilon(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """Every value below machine epsilon clipped to it before log1p (a library reading the domain as y >= 0):
    y_true = -0.5 against 0 scores 0.0 for (log 0.5)^2 = 0.48."""
    ok.mean_squared_log_error(y_true, y_pred, sample_weight=sample_weight, multioutput=multioutput)  # the checks
    eps = np.finfo(np.float64).eps
    return ok.mean_squared_log_error(np.maximum(np.asarray(y_true, dtype=float), eps),
                                     np.maximum(np.asarray(y_pred, dtype=float), eps),
                                     sample_weight=sample_weight, multioutput=multioutput)


#: the mutants that only an edge case reaches (issue 45): tests/test_edge_mutants.py runs them without any draw
EDGE_MUTANTS = [
    Mutant("msle_clips_values_below_zero_to_epsilon", {"mean_squared_log_error": msle_clips_to_epsilon},
           catches=("regression.msle_is_mse_of_log1p", "regression.rmsle_is_sqrt_msle")),
]
MUTANTS += EDGE_MUTANTS
