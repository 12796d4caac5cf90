"""Deliberately wrong correlation coefficients (see tests/mutants/__init__.py)."""

from __future__ import annotations

import math

import numpy as np
from scipy import stats

from metrics import correlation as ok
from tests.mutants import Mutant


def _a(v):
    return np.asarray(v, dtype=float)


def pearson_naive(x, y):
    """Textbook formula without validation, constant check or rescaling."""
    x, y = _a(x), _a(y)
    with np.errstate(all="ignore"):
        xc, yc = x - x.mean(), y - y.mean()
        return float(np.sum(xc * yc) / np.sqrt(np.sum(xc ** 2) * np.sum(yc ** 2)))


def pearson_missing_sqrt(x, y):
    """The seed's printed formula: no square root, squares multiplied inside one sum."""
    x, y = _a(x), _a(y)
    if (x == x[0]).all() or (y == y[0]).all():
        return math.nan
    xc, yc = x - x.mean(), y - y.mean()
    return float(np.sum(xc * yc) / np.sum(xc ** 2 * yc ** 2))


def pearson_ddof_mismatch(x, y):
    """Sample covariance (ddof=1) over population standard deviations (ddof=0)."""
    x, y = _a(x), _a(y)
    if (x == x[0]).all() or (y == y[0]).all():
        return math.nan
    return float(np.cov(x, y, ddof=1)[0, 1] / (np.std(x) * np.std(y)))


def pearson_absolute(x, y):
    return abs(ok.pearson(x, y))


def pearson_constant_is_zero(x, y):
    r = ok.pearson(x, y)
    return 0.0 if math.isnan(r) else r


def spearman_ordinal_ranks(x, y):
    """Ties broken by position instead of averaged."""
    x, y = _a(x), _a(y)
    return ok.pearson(stats.rankdata(x, method="ordinal"), stats.rankdata(y, method="ordinal"))


def spearman_without_ranks(x, y):
    return ok.pearson(x, y)


def spearman_no_checks(x, y):
    with np.errstate(all="ignore"):
        return pearson_naive(stats.rankdata(_a(x)), stats.rankdata(_a(y)))


def spearman_constant_is_zero(x, y):
    r = ok.spearman(x, y)
    return 0.0 if math.isnan(r) else r


def _pair_signs(x, y):
    x, y = _a(x), _a(y)
    i, j = np.triu_indices(len(x), k=1)
    return np.sign(x[i] - x[j]), np.sign(y[i] - y[j]), len(x)


def kendall_tau_a(x, y, *, variant="b"):
    """No tie correction: (C - D) / (n (n - 1) / 2)."""
    sx, sy, n = _pair_signs(x, y)
    if (sx == 0).all() or (sy == 0).all():
        return math.nan
    return float(np.sum(sx * sy) / (n * (n - 1) / 2))


def kendall_x_ties_twice(x, y, *, variant="b"):
    """Normalises by the x-untied pairs twice: asymmetric."""
    sx, sy, n = _pair_signs(x, y)
    if (sx == 0).all() or (sy == 0).all():
        return math.nan
    return float(np.sum(sx * sy) / np.count_nonzero(sx))


def kendall_magnitudes(x, y, *, variant="b"):
    """Products of differences instead of their signs."""
    x, y = _a(x), _a(y)
    i, j = np.triu_indices(len(x), k=1)
    dx, dy = x[i] - x[j], y[i] - y[j]
    if (dx == 0).all() or (dy == 0).all():
        return math.nan
    return float(np.sum(dx * dy) / np.sqrt(np.sum(dx ** 2) * np.sum(dy ** 2)))


def kendall_c_uses_max(x, y, *, variant="b"):
    if variant == "b":
        return ok.kendall_tau(x, y)
    sx, sy, n = _pair_signs(x, y)
    if (sx == 0).all() or (sy == 0).all():
        return math.nan
    m = max(len(np.unique(x)), len(np.unique(y)))
    return float(2 * np.sum(sx * sy) / (n ** 2 * (m - 1) / m))


def kendall_tie_pairs_not_halved(x, y, *, variant="b"):
    """Counts tied pairs as t (t - 1) instead of t (t - 1) / 2: sqrt of a negative -> nan."""
    sx, sy, n = _pair_signs(x, y)
    n0 = n * (n - 1) / 2
    n1, n2 = 2 * np.count_nonzero(sx == 0), 2 * np.count_nonzero(sy == 0)
    with np.errstate(all="ignore"):
        return float(np.sum(sx * sy) / np.sqrt((n0 - n1) * (n0 - n2)))


def kendall_no_checks(x, y, *, variant="b"):
    with np.errstate(all="ignore"):
        sx, sy, n = _pair_signs(x, y)
        return float(np.sum(sx * sy) / np.sqrt(np.count_nonzero(sx) * np.count_nonzero(sy)))


def kendall_constant_is_zero(x, y, *, variant="b"):
    r = ok.kendall_tau(x, y, variant=variant)
    return 0.0 if math.isnan(r) else r


def kendall_float32(x, y, *, variant="b"):
    return ok.kendall_tau(_a(x).astype(np.float32), _a(y).astype(np.float32), variant=variant)


def spearman_float32(x, y):
    return ok.spearman(_a(x).astype(np.float32), _a(y).astype(np.float32))


def pearson_df_correction(x, y):
    """Sample covariance (ddof=1) over population standard deviations (ddof=0): r * n / (n - 1)."""
    n = len(x)
    return float(ok.pearson(x, y)) * n / (n - 1)


def pearson_regression_slope(x, y):
    """cov(x, y) / var(x): the least-squares slope, not the correlation."""
    x, y = _a(x), _a(y)
    if (x == x[0]).all() or (y == y[0]).all():
        return math.nan
    xc, yc = x - x.mean(), y - y.mean()
    return float(np.dot(xc, yc) / np.dot(xc, xc))


def spearman_rank_difference_formula(x, y):
    """1 - 6 sum d^2 / (n (n^2 - 1)): exact only without ties."""
    x, y = _a(x), _a(y)
    if (x == x[0]).all() or (y == y[0]).all():
        return math.nan
    d = stats.rankdata(x) - stats.rankdata(y)
    n = len(x)
    return float(1 - 6 * np.sum(d ** 2) / (n * (n ** 2 - 1)))


def spearman_mixed_ranks(x, y):
    """Ordinal ranks for x, average ranks for y."""
    return ok.pearson(stats.rankdata(_a(x), method="ordinal"), stats.rankdata(_a(y)))


def kendall_x_ties_concordant(x, y, *, variant="b"):
    """Pairs tied only in x counted as concordant."""
    sx, sy, n = _pair_signs(x, y)
    if (sx == 0).all() or (sy == 0).all():
        return math.nan
    s = np.where((sx == 0) & (sy != 0), 1.0, sx * sy)
    return float(np.sum(s) / np.sqrt(np.count_nonzero(sx) * np.count_nonzero(sy)))


def spearman_ddof_mismatch(x, y):
    """Sample covariance of the ranks over their population standard deviations."""
    return pearson_ddof_mismatch(stats.rankdata(_a(x)), stats.rankdata(_a(y)))


def _tie_term(v) -> float:
    _, counts = np.unique(v, return_counts=True)
    return float(np.sum(counts**3 - counts))


def spearman_tie_term_unscaled(x, y):
    """Textbook tie-corrected Spearman that forgets to divide the tie term by 12.

    S_x = (n^3 - n)/12 - sum(t^3 - t) goes negative with enough ties, and the
    square root of a negative product is NaN on perfectly valid input.
    """
    x, y = _a(x), _a(y)
    n = len(x)
    d2 = float(np.sum((stats.rankdata(x) - stats.rankdata(y)) ** 2))
    sx = (n**3 - n) / 12 - _tie_term(x)
    sy = (n**3 - n) / 12 - _tie_term(y)
    if sx * sy < 0:
        return math.nan
    with np.errstate(all="ignore"):
        return float((sx + sy - d2) / (2 * np.sqrt(np.float64(sx * sy))))


def pearson_uncentred(x, y):
    """sum x y / sqrt(sum x^2 sum y^2): the cosine of the raw vectors, means never subtracted."""
    x, y = _a(x), _a(y)
    if (x == x[0]).all() or (y == y[0]).all():
        return math.nan
    return float(np.dot(x, y) / (np.linalg.norm(x) * np.linalg.norm(y)))


def pearson_nan_on_repeated_values(x, y):
    """Gives up (NaN) whenever x repeats a value: an 'undefined' case that is not one."""
    x, y = _a(x), _a(y)
    if np.unique(x).size < x.size:
        return math.nan
    return ok.pearson(x, y)


MUTANTS = [
    Mutant("pearson-nan-on-repeated-values", {"pearson": pearson_nan_on_repeated_values},
           catches=("correlation.no_nan_when_defined",)),
    Mutant(
        "spearman-tie-term-unscaled",
        {"spearman": spearman_tie_term_unscaled},
        # it breaks bounds and no-NaN only on inputs with heavy ties in one argument: the value properties
        # catch it on every seed, the bounds only on some (the generic bounds mutant covers bounds[spearman])
        catches=(
            "correlation.spearman_is_pearson_of_average_ranks",
            "correlation.agreement[spearman]",
        ),
    ),
    Mutant(
        "pearson-naive-formula",
        {"pearson": pearson_naive},
        catches=(
            "correlation.extreme_magnitudes[pearson]",
            "correlation.refuses_bad_input[pearson]",
            "correlation.refuses_single_pair[pearson]",
        ),
    ),
    Mutant(
        "pearson-missing-sqrt",
        {"pearson": pearson_missing_sqrt},
        catches=(
            "correlation.affine_invariance[pearson]",
            "correlation.agreement[pearson]",
            "correlation.claim.seed000.pearson_is_regression_with_bias",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.definition[pearson]",
            "correlation.extreme_magnitudes[pearson]",
            "correlation.refuses_bad_input[pearson]",
            "correlation.refuses_single_pair[pearson]",
            "correlation.perfect[pearson]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
    Mutant(
        "pearson-ddof-mismatch",
        {"pearson": pearson_ddof_mismatch},
        catches=(
            "correlation.agreement[pearson]",
            "correlation.bounds[pearson]",
            "correlation.claim.seed000.pearson_bounds",
            "correlation.claim.seed000.pearson_is_regression_with_bias",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.definition[pearson]",
            "correlation.extreme_magnitudes[pearson]",
            "correlation.refuses_bad_input[pearson]",
            "correlation.refuses_single_pair[pearson]",
            "correlation.perfect[pearson]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
    Mutant(
        "pearson-absolute-value",
        {"pearson": pearson_absolute},
        catches=(
            "correlation.affine_invariance[pearson]",
            "correlation.agreement[pearson]",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.definition[pearson]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
    Mutant(
        "pearson-constant-is-zero",
        {"pearson": pearson_constant_is_zero},
        catches=(
            "correlation.agreement[pearson]",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.constant_input[pearson]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
    Mutant(
        "spearman-ordinal-ranks",
        {"spearman": spearman_ordinal_ranks},
        catches=(
            "correlation.agreement[spearman]",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.constant_input[spearman]",
            "correlation.refuses_bad_input[spearman]",
            "correlation.reversal_flips_sign[spearman]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
    Mutant(
        "spearman-without-ranks",
        {"spearman": spearman_without_ranks},
        catches=(
            "correlation.agreement[spearman]",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.monotone_invariance[spearman]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
    Mutant(
        "spearman-no-checks",
        {"spearman": spearman_no_checks},
        catches=(
            "correlation.refuses_bad_input[spearman]",
            "correlation.refuses_single_pair[spearman]",
        ),
    ),
    Mutant(
        "spearman-constant-is-zero",
        {"spearman": spearman_constant_is_zero},
        catches=(
            "correlation.agreement[spearman]",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.constant_input[spearman]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
    Mutant(
        "spearman-float32",
        {"spearman": spearman_float32},
        catches=(
            "correlation.agreement[spearman]",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.extreme_magnitudes[spearman]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
    Mutant(
        "kendall-tau-a",
        {"kendall_tau": kendall_tau_a},
        catches=(
            "correlation.agreement[kendall_tau:c]",
            "correlation.agreement[kendall_tau]",
            "correlation.kendall_tau_b_from_pair_counts",
            "correlation.kendall_tau_c_from_pair_counts",
            "correlation.refuses_bad_input[kendall_tau]",
            "correlation.refuses_single_pair[kendall_tau]",
            "correlation.perfect[kendall_tau]",
        ),
    ),
    Mutant(
        "kendall-x-ties-twice",
        {"kendall_tau": kendall_x_ties_twice},
        catches=(
            "correlation.agreement[kendall_tau:c]",
            "correlation.agreement[kendall_tau]",
            "correlation.kendall_tau_b_from_pair_counts",
            "correlation.kendall_tau_c_from_pair_counts",
            "correlation.refuses_bad_input[kendall_tau]",
            "correlation.refuses_single_pair[kendall_tau]",
            "correlation.symmetry[kendall_tau]",
        ),
    ),
    Mutant(
        "kendall-magnitudes",
        {"kendall_tau": kendall_magnitudes},
        catches=(
            "correlation.agreement[kendall_tau:c]",
            "correlation.agreement[kendall_tau]",
            "correlation.extreme_magnitudes[kendall_tau]",
            "correlation.kendall_tau_b_from_pair_counts",
            "correlation.kendall_tau_c_from_pair_counts",
            "correlation.monotone_invariance[kendall_tau]",
            "correlation.refuses_bad_input[kendall_tau]",
            "correlation.refuses_single_pair[kendall_tau]",
        ),
    ),
    Mutant(
        "kendall-c-uses-max",
        {"kendall_tau": kendall_c_uses_max},
        catches=(
            "correlation.agreement[kendall_tau:c]",
            "correlation.kendall_tau_c_from_pair_counts",
        ),
    ),
    Mutant(
        "kendall-tie-pairs-not-halved",
        {"kendall_tau": kendall_tie_pairs_not_halved},
        catches=(
            "correlation.agreement[kendall_tau:c]",
            "correlation.agreement[kendall_tau]",
            "correlation.bounds[kendall_tau]",
            "correlation.constant_input[kendall_tau]",
            "correlation.kendall_tau_b_from_pair_counts",
            "correlation.kendall_tau_c_from_pair_counts",
            "correlation.refuses_bad_input[kendall_tau]",
            "correlation.refuses_single_pair[kendall_tau]",
            "correlation.perfect[kendall_tau]",
        ),
    ),
    Mutant(
        "kendall-no-checks",
        {"kendall_tau": kendall_no_checks},
        catches=(
            "correlation.agreement[kendall_tau:c]",
            "correlation.kendall_tau_c_from_pair_counts",
            "correlation.refuses_bad_input[kendall_tau]",
            "correlation.refuses_single_pair[kendall_tau]",
        ),
    ),
    Mutant(
        "kendall-constant-is-zero",
        {"kendall_tau": kendall_constant_is_zero},
        catches=(
            "correlation.agreement[kendall_tau:c]",
            "correlation.agreement[kendall_tau]",
            "correlation.constant_input[kendall_tau]",
        ),
    ),
    Mutant(
        "kendall-float32",
        {"kendall_tau": kendall_float32},
        catches=(
            "correlation.agreement[kendall_tau:c]",
            "correlation.agreement[kendall_tau]",
            "correlation.extreme_magnitudes[kendall_tau]",
        ),
    ),
    Mutant(
        "pearson-df-correction",
        {"pearson": pearson_df_correction},
        catches=(
            "correlation.agreement[pearson]",
            "correlation.bounds[pearson]",
            "correlation.claim.seed000.pearson_bounds",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.definition[pearson]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
    Mutant(
        "pearson-is-regression-slope",
        {"pearson": pearson_regression_slope},
        catches=(
            "correlation.affine_invariance[pearson]",
            "correlation.agreement[pearson]",
            "correlation.bounds[pearson]",
            "correlation.claim.seed000.pearson_bounds",
            "correlation.claim.seed000.pearson_is_regression_with_bias",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.definition[pearson]",
            "correlation.extreme_magnitudes[pearson]",
            "correlation.refuses_bad_input[pearson]",
            "correlation.refuses_single_pair[pearson]",
            "correlation.spearman_is_pearson_of_average_ranks",
            "correlation.symmetry[pearson]",
        ),
    ),
    Mutant(
        "spearman-rank-difference-formula",
        {"spearman": spearman_rank_difference_formula},
        catches=(
            "correlation.agreement[spearman]",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.refuses_bad_input[spearman]",
            "correlation.refuses_single_pair[spearman]",
            "correlation.reversal_flips_sign[spearman]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
    Mutant(
        "spearman-mixed-ranks",
        {"spearman": spearman_mixed_ranks},
        catches=(
            "correlation.agreement[spearman]",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.constant_input[spearman]",
            "correlation.refuses_bad_input[spearman]",
            "correlation.reversal_flips_sign[spearman]",
            "correlation.perfect[spearman]",
            "correlation.spearman_is_pearson_of_average_ranks",
            "correlation.symmetry[spearman]",
        ),
    ),
    Mutant(
        "kendall-x-ties-concordant",
        {"kendall_tau": kendall_x_ties_concordant},
        catches=(
            "correlation.agreement[kendall_tau:c]",
            "correlation.agreement[kendall_tau]",
            "correlation.kendall_tau_b_from_pair_counts",
            "correlation.kendall_tau_c_from_pair_counts",
            "correlation.refuses_bad_input[kendall_tau]",
            "correlation.refuses_single_pair[kendall_tau]",
            "correlation.reversal_flips_sign[kendall_tau]",
            "correlation.symmetry[kendall_tau]",
        ),
    ),

    Mutant(
        "spearman-ddof-mismatch",
        {"spearman": spearman_ddof_mismatch},
        catches=(
            "correlation.agreement[spearman]",
            "correlation.bounds[spearman]",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.refuses_bad_input[spearman]",
            "correlation.refuses_single_pair[spearman]",
            "correlation.perfect[spearman]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
    Mutant(
        "pearson-uncentred",
        {"pearson": pearson_uncentred},
        catches=(
            "correlation.affine_invariance[pearson]",
            "correlation.agreement[pearson]",
            "correlation.claim.seed000.pearson_is_regression_with_bias",
            "correlation.claim.seed000.spearman_is_pearson_of_ranks",
            "correlation.definition[pearson]",
            "correlation.extreme_magnitudes[pearson]",
            "correlation.spearman_is_pearson_of_average_ranks",
        ),
    ),
]
