"""Regression metrics: errors between real-valued targets and predictions.

All metrics take 1-D ``y_true`` and ``y_pred`` of equal, non-zero length and an
optional ``sample_weight`` (non-negative, positive sum), following
scikit-learn's names and argument order.

Multioutput (the metrics scikit-learn gives ``multioutput=``): ``y_true`` and ``y_pred`` may both
be 2-D of the same shape (n_samples, n_outputs); output j is scored as the 1-D metric of column j
(``sample_weight`` weighs the rows of every column), giving ``v_j``, and ``multioutput`` combines them:
``'raw_values'``: the array ``(v_1, ..., v_m)``; ``'uniform_average'`` (default): ``mean_j v_j``;
weights ``a`` (m non-negative finite numbers, positive sum): ``sum_j a_j v_j / sum_j a_j`` over the
outputs of positive weight (a zero weight leaves the output out, whatever its value);
``'variance_weighted'`` (R² and explained variance only): weights ``a_j = sum_i w_i (y_ij - mean_w y_j)^2``,
0 for a constant column. Undefined case of ``'variance_weighted'``: every column of ``y_true`` constant
(all weights 0): the uniform average of the ``v_j`` (scikit-learn's fallback). A 1-D input is one output:
``'raw_values'`` gives an array of length 1, every average gives ``v_1``. Refused, naming the argument:
a 2-D array paired with a 1-D one (the 2-D one is named), different numbers of rows or columns (``y_pred``),
no columns, more than 2 dimensions; an unknown ``multioutput``, ``'variance_weighted'`` where undefined,
weights of the wrong length, negative, non-finite or of zero sum (``multioutput``). Metrics without
``multioutput`` refuse 2-D input.

Speed: the unweighted mean-type metrics (MSE, MAE, R2, explained variance)
stream over the inputs in chunks that stay in cache (one read of each array,
no full-size temporary, BLAS ``dot`` for every sum), and NaN/inf
are detected from the non-finite result instead of a separate pass; only then
are the inputs inspected to name the offending argument.
"""

from __future__ import annotations

import math

import numpy as np

from ._validation import as_floats, check_int_at_least, check_rate, check_sample_weight, check_same_length
from .errors import MetricInputError

__all__ = [
    "mean_squared_error",
    "root_mean_squared_error",
    "mean_absolute_error",
    "median_absolute_error",
    "mean_squared_log_error",
    "root_mean_squared_log_error",
    "r2",
    "adjusted_r2",
    "explained_variance",
]

_EPS = np.finfo(np.float64).eps
_TINY = np.finfo(np.float64).tiny


# ---------------------------------------------------------------- input handling


def _as_1d(values, name: str) -> np.ndarray:
    """A 1-D float64 view of the input; finiteness is checked lazily (see module doc)."""
    if type(values) is np.ndarray and values.dtype == np.float64 and values.ndim == 1 and values.size:
        return values
    return as_floats(values, name, allow_nan=True, allow_inf=True)


def _pair(y_true, y_pred, *, min_samples: int = 1):
    yt = _as_1d(y_true, "y_true")
    yp = _as_1d(y_pred, "y_pred")
    check_same_length("y_true", yt, "y_pred", yp)
    if yt.shape[0] < min_samples:
        raise MetricInputError("y_true", f"needs at least {min_samples} samples, got {yt.shape[0]}")
    return yt, yp


def _refuse_non_finite(yt: np.ndarray, yp: np.ndarray) -> None:
    """Raise naming the argument that holds NaN/inf (called when a result is not finite)."""
    as_floats(yt, "y_true")
    as_floats(yp, "y_pred")


def _pow2_exponent(*arrays: np.ndarray) -> int:
    """e with the largest magnitude / 2**e in [0.5, 1): scaling by 2**-e (``np.ldexp``) is exact, and
    neither overflows near 1.7e308 nor underflows near 1e-310 (2**e itself need not be representable)."""
    top = max(float(np.max(np.abs(a))) for a in arrays)
    return 0 if top == 0.0 else math.frexp(top)[1]


def _scaled(e: int, *arrays: np.ndarray) -> list[np.ndarray]:
    return [np.ldexp(a, -e) for a in arrays]


def _times_pow2(value: float, e: int) -> float:
    """value * 2**e, ``inf`` where the true result is beyond the float range."""
    with np.errstate(over="ignore"):
        return float(np.ldexp(value, e))


# ---------------------------------------------------------------- multioutput

_AVERAGES = ("raw_values", "uniform_average")
_VARIANCE_WEIGHTED = "variance_weighted"


def _ndim(values) -> int:
    if type(values) is np.ndarray:
        return values.ndim
    try:
        return np.ndim(values)
    except (ValueError, TypeError):  # ragged nested lists: the 1-D checks refuse them, naming the argument
        return 1


def _many_outputs(y_true, y_pred, multioutput) -> bool:
    """Whether a call needs :func:`_per_output`: a 2-D input, or an aggregation other than the default."""
    if not (type(multioutput) is str and multioutput == "uniform_average"):
        return True
    return _ndim(y_true) >= 2 or _ndim(y_pred) >= 2


def _as_columns(values, name: str) -> np.ndarray:
    """A 1-D or 2-D float64 array (NaN/inf left to the per-output metric, which names the argument)."""
    return as_floats(values, name, ndim=(1, 2), allow_empty=True, allow_nan=True, allow_inf=True)


def _output_pair(y_true, y_pred):
    """(y_true, y_pred) as arrays of shape (n_samples, n_outputs); a 1-D pair is one output."""
    yt, yp = _as_columns(y_true, "y_true"), _as_columns(y_pred, "y_pred")
    if yt.ndim != yp.ndim:
        name, arr, other = ("y_true", yt, "y_pred") if yt.ndim == 2 else ("y_pred", yp, "y_true")
        raise MetricInputError(name, f"is 2-D with shape {arr.shape} but {other} is 1-D; multioutput scoring "
                                     "needs both of shape (n_samples, n_outputs)")
    if yt.ndim == 1:
        return yt[:, None], yp[:, None]
    if yt.shape[1] == 0:
        raise MetricInputError("y_true", f"has no outputs (shape {yt.shape})")
    check_same_length("y_true", yt, "y_pred", yp)
    if yp.shape[1] != yt.shape[1]:
        raise MetricInputError("y_pred", f"has {yp.shape[1]} outputs (columns) but y_true has {yt.shape[1]}; "
                                         "they must match")
    return yt, yp


def _output_weights(multioutput, n_outputs: int, variance_weighted: bool):
    """The validated ``multioutput``: one of the option strings, or an array of n_outputs weights."""
    if isinstance(multioutput, str):
        allowed = _AVERAGES + ((_VARIANCE_WEIGHTED,) if variance_weighted else ())
        if multioutput not in allowed:
            raise MetricInputError("multioutput", f"must be one of {', '.join(map(repr, allowed))} or an array of "
                                                  f"{n_outputs} weights, got {multioutput!r}")
        return multioutput
    weights = as_floats(multioutput, "multioutput")
    if weights.shape[0] != n_outputs:
        raise MetricInputError("multioutput", f"has {weights.shape[0]} weights but there are {n_outputs} outputs")
    if (weights < 0).any() or not weights.sum() > 0:
        raise MetricInputError("multioutput", f"weights must be >= 0 with a positive sum, got {weights.tolist()}")
    return weights


def _variance_weights(yt: np.ndarray, sample_weight, spreads) -> np.ndarray:
    """Per output, sum_i w_i (y_ij - mean_w y_j)^2, exactly 0 for a constant column (tested as r2 does: only
    where the sum is within rounding of 0). ``spreads``: the sums a fast path has found (NaN where it has
    not), else one streamed pass per column (:func:`_centred_ss`); where the squares overflow, every column is
    scaled by one power of two, so the weights keep their ratios."""
    weights = np.full(yt.shape[1], np.nan) if spreads is None else np.array(spreads, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        for j in np.flatnonzero(np.isnan(weights)):
            column = np.ascontiguousarray(yt[:, j])
            weights[j], mean = _centred_ss(column, sample_weight)
            if _is_constant(column, weights[j], mean):
                weights[j] = 0.0
        if not np.isfinite(weights).all():
            e = _pow2_exponent(yt)
            weights = np.array([0.0 if w == 0.0 else _centred_ss(np.ldexp(yt[:, j], -e), sample_weight)[0]
                                for j, w in enumerate(weights)])
    return weights


def _centred_ss(y: np.ndarray, sample_weight):
    """(sum_i w_i (y_i - mean_w y)^2, mean_w y); unweighted in cache-sized blocks merged by Chan et al.'s update."""
    if sample_weight is not None:
        w = np.asarray(sample_weight, dtype=np.float64)
        mean = _weighted_mean(y, w)
        c = y - mean
        return float(np.dot(w, c * c)), mean
    n = y.shape[0]
    if n <= _CHUNK:
        mean = float(np.add.reduce(y)) / n
        c = y - mean
        return float(np.dot(c, c)), mean
    buf = np.empty(_CHUNK)
    count, mean, m2 = 0, 0.0, 0.0
    for start in range(0, n, _CHUNK):
        block = y[start:start + _CHUNK]
        k = block.shape[0]
        block_mean, block_m2 = _block_moments(block, buf[:k], _ONES[:k])
        count, mean, m2 = _merge_moments(count, mean, m2, k, block_mean, block_m2)
    return float(m2), float(mean)


def _combine(values: np.ndarray, weights) -> float:
    """sum_j a_j v_j / sum_j a_j over the outputs of positive weight (a zero weight leaves v_j out)."""
    keep = weights > 0
    return float(np.dot(weights[keep], values[keep]) / weights[keep].sum())


def _per_output(metric, y_true, y_pred, multioutput, *, variance_weighted: bool = False, fast=None, **options):
    """``metric`` (the 1-D form) of every output, combined as ``multioutput`` says (module docstring).

    ``fast(yt, yp, **options)`` -> (values, spreads or None): every column's value at once from sums streamed
    over blocks of rows (no transposed copy), NaN where a column needs the 1-D metric's care (NaN/inf, overflow,
    a spread within rounding of 0): those columns, and every column without ``fast``, go through ``metric``.
    """
    yt, yp = _output_pair(y_true, y_pred)
    how = _output_weights(multioutput, yt.shape[1], variance_weighted)
    values, spreads = np.full(yt.shape[1], np.nan), None
    if fast is not None and yt.shape[0] >= 2:
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            values, spreads = fast(yt, yp, **options)
    for j in np.flatnonzero(np.isnan(values)):
        values[j] = metric(np.ascontiguousarray(yt[:, j]), np.ascontiguousarray(yp[:, j]), **options)
    if isinstance(how, str) and how == "raw_values":
        return values
    if isinstance(how, str) and how == "uniform_average":
        return float(np.mean(values))
    if isinstance(how, str):  # variance_weighted; the 1-D calls above have checked the weights
        how = _variance_weights(yt, options.get("sample_weight"), spreads)
        if not how.any():
            return float(np.mean(values))  # every column constant: the uniform average
    return _combine(values, how)


def _row_blocks(n: int, m: int):
    """(start, stop) of blocks of rows of about _CHUNK values: each block of an (n, m) array stays in cache."""
    rows = max(1, _CHUNK // m)
    return ((start, min(start + rows, n)) for start in range(0, n, rows))


def _error_sums(yt: np.ndarray, yp: np.ndarray, w, *, absolute: bool) -> np.ndarray:
    """Per column, sum_i w_i |y_pred_ij - y_true_ij| (``absolute``) or sum_i w_i (y_pred_ij - y_true_ij)^2."""
    n, m = yt.shape
    buf = np.empty((min(n, max(1, _CHUNK // m)), m))
    total = np.zeros(m)
    for start, stop in _row_blocks(n, m):
        k = stop - start
        d = np.subtract(yp[start:stop], yt[start:stop], out=buf[:k])
        if absolute:
            np.absolute(d, out=d)
        else:
            np.multiply(d, d, out=d)
        total += (_ONES[:k] if w is None else w[start:stop]) @ d
    return total


def _mean_errors(yt, yp, sample_weight, *, absolute: bool):
    w = check_sample_weight(sample_weight, yt.shape[0])
    means = _error_sums(yt, yp, w, absolute=absolute) / (yt.shape[0] if w is None else w.sum())
    means[~np.isfinite(means)] = np.nan  # NaN/inf input or an overflowing sum: the 1-D metric's care
    return means, None


def _fast_mse(yt, yp, *, sample_weight=None):
    return _mean_errors(yt, yp, sample_weight, absolute=False)


def _fast_mae(yt, yp, *, sample_weight=None):
    return _mean_errors(yt, yp, sample_weight, absolute=True)


def _fast_rmse(yt, yp, *, sample_weight=None):
    mse, _ = _mean_errors(yt, yp, sample_weight, absolute=False)
    mse[~(mse >= _TINY)] = np.nan  # 0 (exact, or residuals whose squares underflow) and subnormal: rescaled in 1-D
    return np.sqrt(mse), None


def _block_moments_2d(block: np.ndarray, buf: np.ndarray, ones: np.ndarray):
    """Per column of a cached block of rows: (mean, centred sum of squares), as :func:`_block_moments`."""
    k = block.shape[0]
    mean = ones @ block / k
    c = np.subtract(block, mean, out=buf)
    drift = ones @ c
    np.multiply(c, c, out=c)
    return mean, ones @ c - drift * drift / k


def _goodness_sums(yt: np.ndarray, yp: np.ndarray, *, centred_residuals: bool):
    """Per column: (sum of squared residuals y_true - y_pred, centred about their mean if
    ``centred_residuals``; centred sum of squares of y_true; mean of y_true), one pass over blocks of rows
    merged by Chan et al.'s update (:func:`_merge_moments` works on arrays)."""
    n, m = yt.shape
    rows = min(n, max(1, _CHUNK // m))
    residual, centred = np.empty((rows, m)), np.empty((rows, m))
    count, mean, m2 = 0, np.zeros(m), np.zeros(m)
    res_mean, res = np.zeros(m), np.zeros(m)
    for start, stop in _row_blocks(n, m):
        k, ones = stop - start, _ONES[:stop - start]
        block = yt[start:stop]
        d = np.subtract(block, yp[start:stop], out=residual[:k])
        if centred_residuals:
            d_mean, d_m2 = _block_moments_2d(d, centred[:k], ones)
            _, res_mean, res = _merge_moments(count, res_mean, res, k, d_mean, d_m2)
        else:
            res += ones @ np.multiply(d, d, out=d)
        block_mean, block_m2 = _block_moments_2d(block, centred[:k], ones)
        count, mean, m2 = _merge_moments(count, mean, m2, k, block_mean, block_m2)
    return res, m2, mean


def _fast_goodness(yt, yp, *, sample_weight=None, force_finite=True, centred_residuals):
    """R² or explained variance of every column whose spread is clearly not 0 (finite, normal, beyond rounding
    of its mean: :func:`_is_constant`'s test), NaN for the others; unweighted only (weighted: the 1-D metric)."""
    if sample_weight is not None:
        return np.full(yt.shape[1], np.nan), None
    _fraction_unexplained(0.0, 1.0, False, force_finite)  # refuses a force_finite that is not a bool
    numerator, spread, mean = _goodness_sums(yt, yp, centred_residuals=centred_residuals)
    n = yt.shape[0]
    clear = (np.isfinite(numerator) & np.isfinite(spread) & (spread >= _TINY)
             & (spread > n * (8.0 * _EPS * np.abs(mean)) ** 2))
    values = np.where(clear, 1.0 - numerator / np.where(clear, spread, 1.0), np.nan)
    return values, np.where(clear, spread, np.nan)


def _fast_r2(yt, yp, **options):
    return _fast_goodness(yt, yp, centred_residuals=False, **options)


def _fast_explained_variance(yt, yp, **options):
    return _fast_goodness(yt, yp, centred_residuals=True, **options)


# ---------------------------------------------------------------- streamed sums

# Large inputs are processed in blocks of _CHUNK elements: each block's residual
# is written into one small reused buffer that stays in L1/L2 cache, so each
# input is read from memory once and no n-sized temporary is allocated (an
# 80 MB temporary at n = 1e7 costs more in page faults than the arithmetic).
# Sums of squares and plain sums use BLAS ``np.dot`` (against a vector of ones
# for a sum): on a cached block it is ~2x faster than ``(d * d).sum()``'s
# pairwise ufunc reduction. _CHUNK is below OpenBLAS's 10000-element threshold
# for threading ``ddot``, so no per-block thread start-up is paid.
_CHUNK = 8192
_ONES = np.ones(_CHUNK)


def _sum_sq_diff(yt: np.ndarray, yp: np.ndarray) -> float:
    """sum((yp - yt)**2) in cache-sized blocks."""
    n = yt.shape[0]
    if n <= _CHUNK:
        d = yp - yt
        return float(np.dot(d, d))
    buf = np.empty(_CHUNK)
    subtract, dot = np.subtract, np.dot
    total = 0.0
    for start in range(0, n, _CHUNK):
        stop = start + _CHUNK
        d = subtract(yp[start:stop], yt[start:stop], out=buf[: min(stop, n) - start])
        total += dot(d, d)
    return float(total)


def _sum_abs_diff(yt: np.ndarray, yp: np.ndarray) -> float:
    n = yt.shape[0]
    if n <= _CHUNK:
        return float(np.abs(yp - yt).sum())
    buf = np.empty(_CHUNK)
    subtract, absolute, dot = np.subtract, np.absolute, np.dot
    total = 0.0
    for start in range(0, n, _CHUNK):
        stop = start + _CHUNK
        k = min(stop, n) - start
        d = subtract(yp[start:stop], yt[start:stop], out=buf[:k])
        total += dot(absolute(d, out=d), _ONES[:k])
    return float(total)


def _block_moments(block: np.ndarray, buf: np.ndarray, ones: np.ndarray):
    """(mean, centred sum of squares) of one cached block, by the corrected two-pass formula."""
    k = block.shape[0]
    mean = np.dot(block, ones) / k
    c = np.subtract(block, mean, out=buf)
    drift = np.dot(c, ones)  # rounding left in the mean; removing drift**2 / k corrects for it
    return mean, np.dot(c, c) - drift * drift / k


def _merge_moments(count, mean, m2, k, block_mean, block_m2):
    """Chan et al.'s pairwise update of (count, mean, centred sum of squares)."""
    delta = block_mean - mean
    total = count + k
    return total, mean + delta * k / total, m2 + block_m2 + delta * delta * count * k / total


def _residual_and_total_ss(yt: np.ndarray, yp: np.ndarray):
    """(sum of squared residuals, total sum of squares of y_true about its mean, mean).

    One streamed pass: each block's own mean and centred sum of squares are merged
    with Chan et al.'s pairwise update, which keeps the centred sum accurate
    without a second pass over ``y_true``.
    """
    n = yt.shape[0]
    if n <= _CHUNK:
        d = yp - yt
        mean = float(np.add.reduce(yt)) / n
        c = yt - mean
        return float(np.dot(d, d)), float(np.dot(c, c)), mean
    buf = np.empty(_CHUNK)
    subtract, dot = np.subtract, np.dot
    ss_res = 0.0
    count, mean, m2 = 0, 0.0, 0.0
    for start in range(0, n, _CHUNK):
        stop = start + _CHUNK
        k = min(stop, n) - start
        block = yt[start:stop]
        d = subtract(yp[start:stop], block, out=buf[:k])
        ss_res += dot(d, d)
        block_mean, block_m2 = _block_moments(block, buf[:k], _ONES[:k])
        count, mean, m2 = _merge_moments(count, mean, m2, k, block_mean, block_m2)
    return float(ss_res), float(m2), float(mean)


def _residual_and_true_variances(yt: np.ndarray, yp: np.ndarray):
    """(centred sum of squares of the residual yt - yp, of y_true, mean of y_true), streamed as above."""
    n = yt.shape[0]
    if n <= _CHUNK:
        d = yt - yp
        dc = d - float(np.add.reduce(d)) / n
        mean = float(np.add.reduce(yt)) / n
        c = yt - mean
        return float(np.dot(dc, dc)), float(np.dot(c, c)), mean
    buf = np.empty(_CHUNK)
    res_buf = np.empty(_CHUNK)
    count, res_mean, res_m2, mean, m2 = 0, 0.0, 0.0, 0.0, 0.0
    for start in range(0, n, _CHUNK):
        stop = start + _CHUNK
        k = min(stop, n) - start
        block = yt[start:stop]
        ones = _ONES[:k]
        d = np.subtract(block, yp[start:stop], out=res_buf[:k])
        d_mean, d_m2 = _block_moments(d, buf[:k], ones)
        block_mean, block_m2 = _block_moments(block, buf[:k], ones)
        _, res_mean, res_m2 = _merge_moments(count, res_mean, res_m2, k, d_mean, d_m2)
        count, mean, m2 = _merge_moments(count, mean, m2, k, block_mean, block_m2)
    return float(res_m2), float(m2), float(mean)


def _weighted_mean(values: np.ndarray, w: np.ndarray) -> float:
    return float(np.dot(w, values) / w.sum())


def _is_constant(y: np.ndarray, ss_tot: float, mean: float) -> bool:
    """Exact constancy test, run only when the centred sum is within rounding of zero."""
    n = y.shape[0]
    if ss_tot > n * (8.0 * _EPS * abs(mean)) ** 2:
        return False
    return bool((y == y[0]).all())


# ---------------------------------------------------------------- error metrics


def mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """Mean squared error.

    ``MSE = sum_i w_i (y_true_i - y_pred_i)^2 / sum_i w_i`` (``w_i = 1`` without weights).

    Range [0, inf), 0 iff every prediction is exact (up to underflow of tiny
    residuals); a true value beyond the float range returns ``inf``.
    Undefined cases: none on valid input. Refuses empty input, NaN/inf,
    a 2-D array paired with a 1-D one, mismatched lengths.
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average' or weights per output).
    Source: scikit-learn ``mean_squared_error``; seed 000 section "Mean squared error".
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(mean_squared_error, y_true, y_pred, multioutput,
                           fast=_fast_mse, sample_weight=sample_weight)
    yt, yp = _pair(y_true, y_pred)
    w = check_sample_weight(sample_weight, yt.shape[0])
    with np.errstate(over="ignore", invalid="ignore"):
        if w is None:
            value = _sum_sq_diff(yt, yp) / yt.shape[0]
        else:
            d = yp - yt
            value = float(np.dot(w, d * d) / w.sum())
    if not math.isfinite(value):
        _refuse_non_finite(yt, yp)
    return value


def root_mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """Root mean squared error, ``RMSE = sqrt(MSE)``.

    Range [0, inf), 0 iff every prediction is exact. Computed on rescaled
    residuals when ``MSE`` itself would overflow or underflow, so RMSE stays
    finite and non-zero whenever its true value is.
    Undefined cases and refusals: as :func:`mean_squared_error`.
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average' or weights per output).
    Source: scikit-learn ``root_mean_squared_error``; seed 004 section "Root Mean Squared Error".
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(root_mean_squared_error, y_true, y_pred, multioutput,
                           fast=_fast_rmse, sample_weight=sample_weight)
    mse = mean_squared_error(y_true, y_pred, sample_weight=sample_weight)
    if _TINY <= mse < math.inf or mse == 0.0 and _all_equal(y_true, y_pred):
        return math.sqrt(mse)
    yt, yp = _pair(y_true, y_pred)
    e = _pow2_exponent(yt, yp)
    return _times_pow2(math.sqrt(mean_squared_error(*_scaled(e, yt, yp), sample_weight=sample_weight)), e)


def _all_equal(y_true, y_pred) -> bool:
    return bool(np.array_equal(np.asarray(y_true, dtype=float), np.asarray(y_pred, dtype=float)))


def mean_absolute_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """Mean absolute error, ``MAE = sum_i w_i |y_true_i - y_pred_i| / sum_i w_i``.

    Range [0, inf), 0 iff every prediction is exact. Undefined cases: none.
    Refusals as :func:`mean_squared_error`.
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average' or weights per output).
    Source: scikit-learn ``mean_absolute_error``; seed 004 section "Mean Absolute Error (MAE)".
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(mean_absolute_error, y_true, y_pred, multioutput,
                           fast=_fast_mae, sample_weight=sample_weight)
    yt, yp = _pair(y_true, y_pred)
    w = check_sample_weight(sample_weight, yt.shape[0])
    with np.errstate(over="ignore", invalid="ignore"):
        value = _mean_abs_diff(yt, yp, w)
    if not math.isfinite(value):
        _refuse_non_finite(yt, yp)
        # finite input whose residual sum overflowed (values near 1e308): average the scaled residuals
        e = _pow2_exponent(yt, yp)
        value = _times_pow2(_mean_abs_diff(*_scaled(e, yt, yp), w), e)
    return value


def _mean_abs_diff(yt: np.ndarray, yp: np.ndarray, w) -> float:
    if w is None:
        return _sum_abs_diff(yt, yp) / yt.shape[0]
    return float(np.dot(w, np.abs(yp - yt)) / w.sum())


def _weighted_median(values: np.ndarray, w: np.ndarray) -> float:
    """Median of the sample in which value i is repeated w_i times (fractional w allowed).

    The mean of the lower and the upper weighted median, so that unit weights
    give ``np.median`` exactly (the midpoint for an even count).
    """
    order = np.argsort(values, kind="stable")
    v = values[order]
    cw = np.cumsum(w[order])
    half = 0.5 * cw[-1]
    lower = v[min(np.searchsorted(cw, half, side="left"), v.size - 1)]
    upper = v[min(np.searchsorted(cw, half, side="right"), v.size - 1)]
    return 0.5 * (float(lower) + float(upper))


def median_absolute_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """Median absolute error, ``median_i |y_true_i - y_pred_i|``.

    With weights, the weighted median: the median of the sample where residual
    i is repeated ``w_i`` times (average of the lower and upper weighted
    medians, as ``np.median`` does for an even count).
    Range [0, inf); 0 when at least half of the (weighted) predictions are exact.
    Undefined cases: none. Refusals as :func:`mean_squared_error`.
    Unweighted, the value is ``np.median``'s, found with one in-place
    ``np.partition`` at the upper middle (a selection, not a sort) and, for an
    even count, the largest value below it.
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average' or weights per output).
    Source: scikit-learn ``median_absolute_error``.
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(median_absolute_error, y_true, y_pred, multioutput, sample_weight=sample_weight)
    yt = as_floats(y_true, "y_true")
    yp = as_floats(y_pred, "y_pred")
    check_same_length("y_true", yt, "y_pred", yp)
    w = check_sample_weight(sample_weight, yt.shape[0])
    residual = np.subtract(yp, yt)
    np.absolute(residual, out=residual)
    if w is not None:
        return _weighted_median(residual, w)
    return _median_in_place(residual)


def _median_in_place(values: np.ndarray) -> float:
    """``np.median`` of finite, non-empty ``values``, reordering them in place.

    np.median partitions at several positions at once (both middles and the
    last, for its NaN check), which NumPy does not vectorise: about 10x
    slower than one np.partition. The values are finite, so no NaN check.
    """
    middle = values.shape[0] // 2
    values.partition(middle)
    upper = values[middle]
    if values.shape[0] % 2:
        return float(upper)
    lower = values[:middle].max()  # the partition left every smaller value before the middle
    return float((lower + upper) / 2)  # np.median's mean of the two middles, rounding included


def _log1p_pair(y_true, y_pred):
    yt, yp = _pair(y_true, y_pred)
    for name, y in (("y_true", yt), ("y_pred", yp)):
        low = np.min(y)
        if low <= -1.0:
            raise MetricInputError(
                name, f"contains {float(low)!r}; a logarithmic error needs every value > -1 (log1p)"
            )
    return np.log1p(yt), np.log1p(yp), yt, yp


def mean_squared_log_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """Mean squared logarithmic error.

    ``MSLE = sum_i w_i (log(1 + y_true_i) - log(1 + y_pred_i))^2 / sum_i w_i``.

    Range [0, inf), 0 iff every prediction is exact. Undefined case: a value
    <= -1 (log1p undefined); such values are refused (MetricInputError naming the argument),
    never turned into NaN/inf.
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average' or weights per output).
    Source: scikit-learn ``mean_squared_log_error``.
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(mean_squared_log_error, y_true, y_pred, multioutput, sample_weight=sample_weight)
    lt, lp, yt, yp = _log1p_pair(y_true, y_pred)
    value = mean_squared_error(lt, lp, sample_weight=sample_weight)
    return value


def root_mean_squared_log_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """Root mean squared logarithmic error, ``RMSLE = sqrt(MSLE)``.

    Note: it is *not* ``log(RMSE)`` (seed 004 says so; the suite refutes it).
    Range, undefined case (values <= -1, refused) and refusals as :func:`mean_squared_log_error`.
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average' or weights per output).
    Source: scikit-learn ``root_mean_squared_log_error``.
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(root_mean_squared_log_error, y_true, y_pred, multioutput,
                           sample_weight=sample_weight)
    lt, lp, _, _ = _log1p_pair(y_true, y_pred)
    return root_mean_squared_error(lt, lp, sample_weight=sample_weight)


# ---------------------------------------------------------------- goodness of fit


def _fraction_unexplained(numerator: float, denominator: float, constant: bool, force_finite: bool) -> float:
    """``1 - numerator / denominator`` with scikit-learn's convention for a constant y_true."""
    if not isinstance(force_finite, (bool, np.bool_)):
        raise MetricInputError("force_finite", f"must be True or False, got {force_finite!r}")
    if not constant:
        return 1.0 - numerator / denominator
    if force_finite:
        return 1.0 if numerator == 0.0 else 0.0
    return math.nan if numerator == 0.0 else -math.inf


def _two_samples(y_true, y_pred, sample_weight):
    """The pair and weights of a variance-based score: at least 2 samples, a sample of weight w counting w times
    (so that integer weights equal repetition: one sample of weight 2 is two equal samples)."""
    yt, yp = _pair(y_true, y_pred)
    w = check_sample_weight(sample_weight, yt.shape[0])
    if yt.shape[0] < 2 and (w is None or float(w.sum()) < 2):
        weight = "" if w is None else f" of total weight {float(w.sum())!r}"
        raise MetricInputError("y_true", f"needs at least 2 samples, got {yt.shape[0]}{weight}")
    return yt, yp, w


def _r2_sums(yt: np.ndarray, yp: np.ndarray, w):
    if w is None:
        return _residual_and_total_ss(yt, yp)
    mean = _weighted_mean(yt, w)
    d = yp - yt
    c = yt - mean
    return float(np.dot(w, d * d)), float(np.dot(w, c * c)), mean


def r2(y_true, y_pred, *, sample_weight=None, force_finite=True, multioutput="uniform_average"):
    """Coefficient of determination.

    ``R2 = 1 - SS_res / SS_tot`` with ``SS_res = sum_i w_i (y_true_i - y_pred_i)^2`` and
    ``SS_tot = sum_i w_i (y_true_i - mean_w(y_true))^2``.

    Range (-inf, 1]; 1 iff every prediction is exact; 0 for predicting the
    (weighted) mean; negative for predictions worse than the mean (so *not*
    [0, 1] as seeds 000/002 claim).
    Undefined case: constant ``y_true`` (``SS_tot = 0``). With
    ``force_finite=True`` (scikit-learn's default) it returns 1.0 if the
    predictions are exact and 0.0 otherwise; with ``force_finite=False`` it
    returns the mathematical value: NaN (0/0) if exact, ``-inf`` otherwise.
    Fewer than 2 samples are refused (MetricInputError naming ``y_true``); a
    sample of weight w counts w times, so one sample of weight 2 is scored.
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average', 'variance_weighted' or weights per output).
    Source: scikit-learn ``r2_score``; seed 000 section "R2 scores".
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(r2, y_true, y_pred, multioutput,
                           fast=_fast_r2, variance_weighted=True, sample_weight=sample_weight,
                           force_finite=force_finite)
    ss_res, ss_tot = _squared_error_ratio_terms(y_true, y_pred, sample_weight)
    if ss_tot is None:  # constant y_true; ss_res is then 0.0 (exact predictions) or 1.0
        return _fraction_unexplained(ss_res, 0.0, True, force_finite)
    return _fraction_unexplained(ss_res, ss_tot, False, force_finite)


def _squared_error_ratio_terms(y_true, y_pred, sample_weight):
    """(SS_res, SS_tot) of :func:`r2` and :func:`relative_squared_error`, both rescaled by one power of two
    where they over- or underflow (the ratio is scale-free); for a constant y_true (SS_tot = 0) instead
    (0.0 if the predictions of positive weight are exact else 1.0, None)."""
    yt, yp, w = _two_samples(y_true, y_pred, sample_weight)
    with np.errstate(over="ignore", invalid="ignore"):
        ss_res, ss_tot, mean = _r2_sums(yt, yp, w)
    if not (math.isfinite(ss_res) and math.isfinite(ss_tot)):
        _refuse_non_finite(yt, yp)
        # finite input whose sums overflowed: the ratio is scale-free
        ss_res, ss_tot, mean = _r2_sums(*_scaled(_pow2_exponent(yt, yp), yt, yp), w)
    if _is_constant(yt, ss_tot, mean):
        return _residuals_vanish(yt, yp, w, up_to_a_constant=False), None
    if ss_tot < _TINY:
        # a spread so small its squares underflow (1e-200): rescale to the spread, where SS_res may overflow
        with np.errstate(over="ignore", invalid="ignore"):
            ss_res, ss_tot, _ = _r2_sums(*_scaled(_pow2_exponent(yt - mean), yt, yp), w)
    return ss_res, ss_tot


def _residuals_vanish(yt: np.ndarray, yp: np.ndarray, w, *, up_to_a_constant: bool) -> float:
    """0.0 if the residuals ``y_true - y_pred`` of the samples that weigh are all 0 (R²) or all equal
    (explained variance, ``up_to_a_constant``), else 1.0: the numerator's zero test for a constant y_true,
    made on the residuals themselves because the sums cannot tell (squares of residuals below 1.5e-162
    underflow to 0; the float mean of n equal residuals need not equal them, leaving a variance of rounding)."""
    with np.errstate(over="ignore"):
        d = yt - yp
    if w is not None:
        d = d[w > 0]
    vanish = bool((d == d[0]).all()) if up_to_a_constant else not d.any()
    return 0.0 if vanish else 1.0


def adjusted_r2(y_true, y_pred, *, n_features, sample_weight=None, force_finite=True) -> float:
    """Adjusted coefficient of determination for a model with ``n_features`` predictors.

    ``adjusted_R2 = 1 - (1 - R2) (n - 1) / (n - n_features - 1)`` with ``n`` the
    number of samples and R2 as :func:`r2` (same ``sample_weight`` and
    ``force_finite`` convention for a constant ``y_true``).
    Range (-inf, 1]; equals R2 for ``n_features = 0`` and is <= R2 otherwise.
    Refusals: ``n_features`` not an integer >= 0 (MetricInputError naming
    ``n_features``); ``n <= n_features + 1`` (the correction is undefined),
    refused naming ``n_features``; plus those of :func:`r2`.
    Source: seed 004 section "Adjusted R-Squared" (no scikit-learn counterpart).
    """
    k = check_int_at_least(n_features, "n_features", 0)
    yt, yp = _pair(y_true, y_pred)
    n = yt.shape[0]
    _check_adjustable(n, k)
    return _adjusted(r2(yt, yp, sample_weight=sample_weight, force_finite=force_finite), n, k)


def _check_adjustable(n: int, k: int) -> None:
    """Refuse what adjusted R² is undefined for: fewer than 2 samples, ``n <= n_features + 1``."""
    if n < 2:
        raise MetricInputError("y_true", f"needs at least 2 samples, got {n}")
    if n - k - 1 <= 0:
        raise MetricInputError(
            "n_features", f"is {k} but there are only {n} samples; need n > n_features + 1"
        )


def _adjusted(base: float, n: int, k: int) -> float:
    """R² ``base`` of ``n`` samples corrected for ``k`` predictors."""
    if k == 0:
        return base
    return 1.0 - (1.0 - base) * (n - 1) / (n - k - 1)


def explained_variance(y_true, y_pred, *, sample_weight=None, force_finite=True, multioutput="uniform_average"):
    """Explained variance score.

    ``EV = 1 - Var_w(y_true - y_pred) / Var_w(y_true)`` with weighted
    population variances. Equals R2 when the residuals have (weighted) mean
    zero, and is >= R2 always (a constant bias is not penalised).
    Range (-inf, 1]. Undefined case: constant ``y_true`` (zero variance),
    handled by ``force_finite`` as in :func:`r2`: 1.0 / 0.0 (finite) or
    NaN / ``-inf`` (mathematical), 1.0 / NaN when the residuals are exactly
    constant (a bias, not only exact predictions). Fewer than 2 samples are refused (a
    sample of weight w counts w times, as in :func:`r2`).
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average', 'variance_weighted' or weights per output).
    Source: scikit-learn ``explained_variance_score``; seed 000 section "R2 scores".
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(explained_variance, y_true, y_pred, multioutput,
                           fast=_fast_explained_variance, variance_weighted=True, sample_weight=sample_weight,
                           force_finite=force_finite)
    yt, yp, w = _two_samples(y_true, y_pred, sample_weight)

    def sums(a, b):
        if w is None:
            return _residual_and_true_variances(a, b)
        d = a - b
        dc = d - _weighted_mean(d, w)
        mean = _weighted_mean(a, w)
        c = a - mean
        return float(np.dot(w, dc * dc)), float(np.dot(w, c * c)), mean

    with np.errstate(over="ignore", invalid="ignore"):
        var_res, var_true, mean = sums(yt, yp)
    if not (math.isfinite(var_res) and math.isfinite(var_true)):
        _refuse_non_finite(yt, yp)
        var_res, var_true, mean = sums(*_scaled(_pow2_exponent(yt, yp), yt, yp))
    constant = _is_constant(yt, var_true, mean)
    if constant:
        return _fraction_unexplained(_residuals_vanish(yt, yp, w, up_to_a_constant=True), 0.0, True, force_finite)
    if var_true < _TINY:
        # the spread's squares underflow: rescale to the spread (the residual variance may overflow)
        with np.errstate(over="ignore", invalid="ignore"):
            var_res, var_true, _ = sums(*_scaled(_pow2_exponent(yt - mean), yt, yp))
    return _fraction_unexplained(var_res, var_true, constant, force_finite)


# ---------------------------------------------------------------- percentage errors, quantile and deviance losses
# (issue 32): sklearn's MAPE, max error, pinball loss, Tweedie deviances and D² scores; torchmetrics'
# WMAPE, SMAPE and concordance correlation. Inputs are checked for NaN/inf before any arithmetic
# (the domain checks of the deviances compare values), and every formula is one vectorised pass.

__all__ += [
    "mean_absolute_percentage_error",
    "weighted_mean_absolute_percentage_error",
    "symmetric_mean_absolute_percentage_error",
    "max_error",
    "mean_pinball_loss",
    "mean_tweedie_deviance",
    "mean_poisson_deviance",
    "mean_gamma_deviance",
    "d2_absolute_error",
    "d2_pinball",
    "d2_tweedie",
    "concordance_corrcoef",
    "mean_absolute_scaled_error",
]


def _finite_pair(y_true, y_pred, sample_weight=None):
    """Finite 1-D float64 arrays of equal, non-zero length and the checked weights (None without)."""
    yt = as_floats(y_true, "y_true")
    yp = as_floats(y_pred, "y_pred")
    check_same_length("y_true", yt, "y_pred", yp)
    return yt, yp, check_sample_weight(sample_weight, yt.shape[0])


def _checked_later(y_true, y_pred, sample_weight=None):
    """The pair and weights, NaN/inf left for :func:`_finite_or_refused` to find in the result (one pass
    less per input): every formula that uses it turns a non-finite input into a non-finite value."""
    yt, yp = _pair(y_true, y_pred)
    return yt, yp, check_sample_weight(sample_weight, yt.shape[0])


def _finite_or_refused(value: float, yt: np.ndarray, yp: np.ndarray) -> float:
    """``value``, once a non-finite one has been traced to the argument holding NaN/inf (refused); a finite
    input whose value overflowed keeps ``inf``."""
    if not math.isfinite(value):
        _refuse_non_finite(yt, yp)
    return value


def _average(values: np.ndarray, w) -> float:
    return float(np.add.reduce(values) / values.shape[0]) if w is None else _weighted_mean(values, w)


def mean_absolute_percentage_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """Mean absolute percentage error, as a fraction (not times 100).

    ``MAPE = sum_i w_i |y_true_i - y_pred_i| / max(|y_true_i|, eps) / sum_i w_i`` with
    ``eps = np.finfo(np.float64).eps`` (2.22e-16), scikit-learn's guard against a zero true value.
    Range [0, inf); 0 iff every prediction is exact. Undefined case: ``y_true_i = 0`` (division by
    zero); the denominator is then ``eps``, so a wrong prediction of a zero true value gives a huge,
    finite error (``|y_pred_i| / 2.2e-16``), never ``inf`` or NaN. Scale-free: multiplying both
    arrays by ``c != 0`` changes nothing where every ``|c y_true_i| >= eps``.
    Refuses empty input, NaN/inf, a 2-D array paired with a 1-D one, mismatched lengths.
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average' or weights per output).
    Source: scikit-learn ``mean_absolute_percentage_error`` (its eps convention); Hyndman & Koehler,
    "Another look at measures of forecast accuracy" (2006), section 3.2.
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(mean_absolute_percentage_error, y_true, y_pred, multioutput,
                           sample_weight=sample_weight)
    yt, yp, w = _checked_later(y_true, y_pred, sample_weight)
    with np.errstate(over="ignore", invalid="ignore"):
        if w is None:
            return _finite_or_refused(_sum_abs_percentage(yt, yp) / yt.shape[0], yt, yp)
        return _finite_or_refused(_weighted_mean(_abs_percentage(yt, yp, np.empty_like(yt)), w), yt, yp)


def _abs_percentage(yt: np.ndarray, yp: np.ndarray, out: np.ndarray) -> np.ndarray:
    """``|yp - yt| / max(|yt|, eps)`` written into ``out`` (the length of yt), with one temporary of that length."""
    ratio = np.subtract(yp, yt, out=out)
    np.absolute(ratio, out=ratio)
    scale = np.absolute(yt)
    ratio /= np.maximum(scale, _EPS, out=scale)
    return ratio


def _sum_abs(x: np.ndarray) -> float:
    """``sum |x_i|`` in cache-sized blocks (no array of magnitudes in memory)."""
    n = x.shape[0]
    buf = np.empty(min(n, _CHUNK))
    total = 0.0
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        total += np.add.reduce(np.absolute(x[start:stop], out=buf[: stop - start]))
    return float(total)


def _sum_abs_percentage(yt: np.ndarray, yp: np.ndarray) -> float:
    """sum of ``|yp - yt| / max(|yt|, eps)`` in cache-sized blocks (each input read from memory once)."""
    n = yt.shape[0]
    if n <= _CHUNK:
        return float(np.add.reduce(_abs_percentage(yt, yp, np.empty_like(yt))))
    buf = np.empty(_CHUNK)
    total = 0.0
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        total += np.dot(_abs_percentage(yt[start:stop], yp[start:stop], buf[: stop - start]), _ONES[: stop - start])
    return float(total)


def weighted_mean_absolute_percentage_error(y_true, y_pred, *, sample_weight=None) -> float:
    """Weighted mean absolute percentage error: the absolute errors relative to the total magnitude.

    ``WMAPE = sum_i w_i |y_true_i - y_pred_i| / sum_i w_i |y_true_i|``, computed as the ratio of the
    weighted means ``mean_w |y_true - y_pred| / max(mean_w |y_true|, eps)`` with
    ``eps = np.finfo(np.float64).eps`` (the guard :func:`mean_absolute_percentage_error` uses per sample).
    Range [0, inf); 0 iff every prediction (of positive weight) is exact. Undefined case: every
    ``y_true_i = 0`` (0 in the denominator); the mean magnitude is then taken as ``eps``: 0 for exact
    predictions, ``mean |y_pred| / eps`` otherwise, never ``inf`` or NaN. Guarding the mean rather than
    the sum keeps the value unchanged when every sample is repeated (torchmetrics guards the sum).
    Refuses empty input, NaN/inf, 2-D arrays, mismatched lengths.
    Source: torchmetrics ``weighted_mean_absolute_percentage_error`` (which guards with its float32
    eps, 1.17e-6); Kolassa & Schütz, "Advantages of the MAD/MEAN ratio over the MAPE" (Foresight, 2007).
    """
    yt, yp, w = _checked_later(y_true, y_pred, sample_weight)
    with np.errstate(over="ignore", invalid="ignore"):
        error = np.abs(yp - yt)
        scale = np.abs(yt)
        return _finite_or_refused(_average(error, w) / max(_average(scale, w), _EPS), yt, yp)


def symmetric_mean_absolute_percentage_error(y_true, y_pred, *, sample_weight=None, denominator="mean") -> float:
    """Symmetric mean absolute percentage error (the "adjusted MAPE" of Makridakis, 1993), as a fraction.

    ``denominator="mean"`` (default): ``SMAPE = sum_i w_i |y_true_i - y_pred_i| / ((|y_true_i| + |y_pred_i|) / 2)
    / sum_i w_i``, range [0, 2]. ``denominator="sum"``: ``sum_i w_i |y_true_i - y_pred_i| / (|y_true_i| +
    |y_pred_i|) / sum_i w_i``, range [0, 1], exactly half the default (the same terms without the /2).
    0 iff every prediction is exact; the top of the range when every prediction has the wrong sign or is 0
    for a non-zero truth. Undefined case: ``y_true_i = y_pred_i = 0`` (0/0); that term is 0 (an exact
    prediction). Symmetric in its arguments, and scale-free: multiplying both arrays by ``c != 0``
    changes nothing. Refuses empty input, NaN/inf, 2-D arrays, mismatched lengths, and a ``denominator``
    other than "mean" or "sum" (naming ``denominator``).
    Source: "mean": torchmetrics ``symmetric_mean_absolute_percentage_error`` (``2 |y - p| / max(|y| + |p|,
    1.17e-6)``: the same value wherever ``|y| + |p| >= 1.17e-6``, 0 where both are 0); Makridakis,
    "Accuracy measures: theoretical and practical concerns" (IJF, 1993). "sum": Nixtla utilsforecast
    ``losses.smape`` (``|y - p| / (|y| + |p|)``, 0 where both are 0, "bounds between 0% and 100%").
    """
    if not isinstance(denominator, str) or denominator not in ("mean", "sum"):
        raise MetricInputError("denominator", f"must be 'mean' ((|y| + |p|) / 2) or 'sum' (|y| + |p|), "
                                              f"got {denominator!r}")
    yt, yp, w = _checked_later(y_true, y_pred, sample_weight)
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.abs(yt) + np.abs(yp)
        ratio = np.abs(yp - yt)
        total[total == 0.0] = 1.0  # total 0: both 0, and the error is 0 too
        ratio /= total
        return _finite_or_refused((2.0 if denominator == "mean" else 1.0) * _average(ratio, w), yt, yp)


def _abs_residual_blocks(yt: np.ndarray, yp: np.ndarray):
    """``|yp - yt|`` in cache-sized blocks, in one buffer (a block is valid until the next one is taken)."""
    n = yt.shape[0]
    buf = np.empty(min(n, _CHUNK))
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        d = np.subtract(yp[start:stop], yt[start:stop], out=buf[: stop - start])
        yield np.absolute(d, out=d)


def _max_abs_residual(yt: np.ndarray, yp: np.ndarray) -> float:
    """``max |yp - yt|`` (NaN if any residual is NaN), the inputs read once and no array of residuals."""
    return float(np.max([np.max(d) for d in _abs_residual_blocks(yt, yp)]))


def max_error(y_true, y_pred) -> float:
    """Maximum residual error, ``max_i |y_true_i - y_pred_i|``.

    Range [0, inf); 0 iff every prediction is exact; >= the mean absolute error. Undefined cases:
    none. Refuses empty input, NaN/inf, 2-D arrays, mismatched lengths. No sample weights (a weight
    cannot change a maximum), as in scikit-learn.
    Source: scikit-learn ``max_error``.
    """
    yt, yp, _ = _checked_later(y_true, y_pred)
    with np.errstate(over="ignore", invalid="ignore"):
        return _finite_or_refused(_max_abs_residual(yt, yp), yt, yp)


def _pinball(yt: np.ndarray, yp: np.ndarray, alpha: float) -> np.ndarray:
    """alpha (y - p) where y >= p, (1 - alpha) (p - y) where y < p: one value per sample."""
    diff = yt - yp
    return np.where(diff >= 0.0, alpha * diff, (alpha - 1.0) * diff)


def _sum_pinball(yt: np.ndarray, yp: np.ndarray, alpha: float) -> float:
    """``alpha sum (y - p)^+ + (1 - alpha) sum (p - y)^+`` in cache-sized blocks: two sums of one sign each (no
    cancellation between them), each input read from memory once."""
    n = yt.shape[0]
    buf, part = np.empty(min(n, _CHUNK)), np.empty(min(n, _CHUNK))
    over = under = 0.0
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        d, k = buf[: stop - start], part[: stop - start]
        np.subtract(yt[start:stop], yp[start:stop], out=d)
        over += np.add.reduce(np.maximum(d, 0.0, out=k))
        under -= np.add.reduce(np.minimum(d, 0.0, out=k))
    return alpha * float(over) + (1.0 - alpha) * float(under)


def mean_pinball_loss(y_true, y_pred, *, alpha=0.5, sample_weight=None, multioutput="uniform_average"):
    """Mean pinball (quantile) loss of the ``alpha``-quantile prediction ``y_pred``.

    ``L_alpha = sum_i w_i [alpha max(y_true_i - y_pred_i, 0) + (1 - alpha) max(y_pred_i - y_true_i, 0)]
    / sum_i w_i``. At ``alpha = 0.5`` it is half the mean absolute error.
    Range [0, inf); 0 iff every prediction (of positive weight) is exact, for ``0 < alpha < 1``.
    Undefined cases: none. Refuses ``alpha`` outside [0, 1] (naming ``alpha``), empty input,
    NaN/inf, a 2-D array paired with a 1-D one, mismatched lengths.
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average' or weights per output).
    Source: scikit-learn ``mean_pinball_loss``; Koenker & Bassett, "Regression quantiles" (1978).
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(mean_pinball_loss, y_true, y_pred, multioutput,
                           alpha=alpha, sample_weight=sample_weight)
    a = check_rate(alpha, "alpha")
    yt, yp, w = _checked_later(y_true, y_pred, sample_weight)
    with np.errstate(over="ignore", invalid="ignore"):
        if w is None:
            return _finite_or_refused(_sum_pinball(yt, yp, a) / yt.shape[0], yt, yp)
        return _finite_or_refused(_average(_pinball(yt, yp, a), w), yt, yp)


def _check_power(power) -> float:
    if isinstance(power, (bool, np.bool_)) or not isinstance(power, (int, float, np.integer, np.floating)):
        raise MetricInputError("power", f"must be a real number, got {power!r}")
    p = float(power)
    if not math.isfinite(p):
        raise MetricInputError("power", f"must be finite, got {power!r}")
    if 0.0 < p < 1.0:
        raise MetricInputError("power", f"is {power!r}; no Tweedie distribution has a power in (0, 1)")
    return p


def _refuse_outside(name: str, values: np.ndarray, bad: np.ndarray, need: str, power: float) -> None:
    if bad.any():
        raise MetricInputError(name, f"contains {float(values[bad][0])!r}; the Tweedie deviance with "
                                     f"power={power:g} needs {need} values")


def _check_tweedie_domain(yt: np.ndarray, yp: np.ndarray, power: float) -> None:
    """power < 0: y_pred > 0; 0: any; [1, 2): y_true >= 0, y_pred > 0; >= 2: both > 0 (scikit-learn's rules)."""
    if power == 0.0:
        return
    if power >= 1.0:
        _refuse_outside("y_true", yt, yt < 0 if power < 2.0 else yt <= 0,
                        "non-negative" if power < 2.0 else "strictly positive", power)
    _refuse_outside("y_pred", yp, yp <= 0, "strictly positive", power)


def _unit_deviance(yt: np.ndarray, yp, power: float) -> np.ndarray:
    """The Tweedie unit deviance d(y, mu) per sample, 0 where the prediction is exact, never negative."""
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        if power == 0.0:
            dev = np.subtract(yt, yp)
            return np.square(dev, out=dev)  # exactly 0 where y = mu, never negative
        if power == 1.0:
            from scipy.special import xlogy

            dev = xlogy(yt, yt / yp)
            dev -= yt
            dev += yp
            dev *= 2.0
        elif power == 2.0:
            dev = np.divide(yt, yp)
            logs = np.log(dev)
            dev -= logs
            dev -= 1.0
            dev *= 2.0
        else:
            # mu^(2-p) g(y / mu): the same closed form, factored so that no intermediate power overflows
            # where the deviance itself does not (y = 1e-300, mu = 2e-300 at p = 3)
            one, two = 1.0 - power, 2.0 - power
            ratio = yt / yp
            dev = 2.0 * yp ** two * (np.maximum(ratio, 0.0) ** two / (one * two) - ratio / one + 1.0 / two)
            # the terms cancel where y = mu: rounding there is not a deviance (at power 1 and 2 it is exactly 0)
            dev[yt == yp] = 0.0
        # rounding just beside y = mu can leave a tiny negative value; a NaN (from a NaN input) stays NaN
        return np.maximum(dev, 0.0, out=dev)
#: the unweighted mean deviance is summed over blocks of this many samples: the five to eight ufunc passes of
#: a unit deviance then run on arrays held in the CPU's cache (measured 25 to 60% faster at 1e6 than whole arrays)
_DEVIANCE_BLOCK = 1 << 16


def _mean_deviance(yt: np.ndarray, yp, power: float, w) -> float:
    """The (weighted) mean unit deviance; ``yp`` an array or one number (D²'s baseline)."""
    if w is not None:
        return _average(_unit_deviance(yt, yp, power), w)
    n = yt.shape[0]
    total = 0.0
    for start in range(0, n, _DEVIANCE_BLOCK):
        stop = start + _DEVIANCE_BLOCK
        total += np.add.reduce(_unit_deviance(yt[start:stop], yp if np.ndim(yp) == 0 else yp[start:stop], power))
    return float(total) / n


def mean_tweedie_deviance(y_true, y_pred, *, power=0.0, sample_weight=None) -> float:
    """Mean Tweedie deviance of the mean prediction ``y_pred`` for the Tweedie ``power``.

    ``D = sum_i w_i d_p(y_true_i, y_pred_i) / sum_i w_i`` with the unit deviance
    ``d_p(y, mu) = 2 (max(y, 0)^(2-p) / ((1-p)(2-p)) - y mu^(1-p) / (1-p) + mu^(2-p) / (2-p))``
    and its limits: ``(y - mu)^2`` at ``p = 0`` (normal: the MSE), ``2 (y log(y/mu) - y + mu)`` at
    ``p = 1`` (Poisson, ``0 log 0 = 0``), ``2 (log(mu/y) + y/mu - 1)`` at ``p = 2`` (gamma).
    Domain (scikit-learn's rules): ``p < 0``: ``y_pred > 0``; ``p = 0``: any reals; ``1 <= p < 2``:
    ``y_true >= 0`` and ``y_pred > 0``; ``p >= 2``: both ``> 0``. Values outside are refused naming
    the argument; ``0 < p < 1`` (no Tweedie distribution) is refused naming ``power``.
    Range [0, inf); 0 iff every prediction is exact (rounding that would make a term negative is
    clipped to 0). Undefined cases: only the domain above.
    Homogeneous: ``d_p(c y, c mu) = c^(2-p) d_p(y, mu)`` for ``c > 0``.
    Source: scikit-learn ``mean_tweedie_deviance``; Jørgensen, "The theory of dispersion models" (1997).
    """
    p = _check_power(power)
    yt, yp, w = _checked_later(y_true, y_pred, sample_weight)
    _check_tweedie_domain(yt, yp, p)  # NaN passes it (comparisons are False) and makes the value NaN
    return _finite_or_refused(_mean_deviance(yt, yp, p, w), yt, yp)


def mean_poisson_deviance(y_true, y_pred, *, sample_weight=None) -> float:
    """Mean Poisson deviance, :func:`mean_tweedie_deviance` with ``power=1``.

    ``D = sum_i w_i 2 (y_true_i log(y_true_i / y_pred_i) - y_true_i + y_pred_i) / sum_i w_i``
    (``0 log 0 = 0``). Range [0, inf); 0 iff every prediction is exact. Undefined cases: negative
    ``y_true`` or non-positive ``y_pred``, refused naming the argument.
    Source: scikit-learn ``mean_poisson_deviance``.
    """
    return mean_tweedie_deviance(y_true, y_pred, power=1.0, sample_weight=sample_weight)


def mean_gamma_deviance(y_true, y_pred, *, sample_weight=None) -> float:
    """Mean gamma deviance, :func:`mean_tweedie_deviance` with ``power=2``.

    ``D = sum_i w_i 2 (log(y_pred_i / y_true_i) + y_true_i / y_pred_i - 1) / sum_i w_i``.
    Range [0, inf); 0 iff every prediction is exact; scale-free (``c y`` and ``c p`` give the same value).
    Undefined cases: non-positive ``y_true`` or ``y_pred``, refused naming the argument.
    Source: scikit-learn ``mean_gamma_deviance``.
    """
    return mean_tweedie_deviance(y_true, y_pred, power=2.0, sample_weight=sample_weight)


def _d2_inputs(y_true, y_pred, sample_weight):
    """Finite pair and weights of a D² score: at least 2 samples (a sample of weight w counts w times)."""
    yt, yp, w = _finite_pair(y_true, y_pred, sample_weight)
    if yt.shape[0] < 2 and (w is None or float(w.sum()) < 2):
        weight = "" if w is None else f" of total weight {float(w.sum())!r}"
        raise MetricInputError("y_true", f"needs at least 2 samples, got {yt.shape[0]}{weight}")
    return yt, yp, w


def _explained_deviance(numerator: float, denominator: float) -> float:
    """``1 - numerator / denominator``; a zero denominator gives 1.0 (exact) or 0.0, as r2's force_finite."""
    if denominator == 0.0:
        return 1.0 if numerator == 0.0 else 0.0
    return 1.0 - numerator / denominator


def _lower_quantile(y: np.ndarray, w, alpha: float) -> float:
    """The smallest sample value q with (weighted) share of values <= q at least alpha. Any alpha-quantile
    minimises the mean pinball loss, so the D² baseline loss does not depend on which one is taken."""
    n = y.shape[0]
    if w is None:
        k = min(max(math.ceil(alpha * n) - 1, 0), n - 1)
        return float(np.partition(y, k)[k])
    order = np.argsort(y, kind="stable")
    cumulative = np.cumsum(w[order])
    k = min(int(np.searchsorted(cumulative, alpha * cumulative[-1], side="left")), n - 1)
    return float(y[order[k]])


def d2_pinball(y_true, y_pred, *, alpha=0.5, sample_weight=None, multioutput="uniform_average"):
    """D² pinball score: the fraction of the pinball loss explained, against the best constant prediction.

    ``D2 = 1 - L_alpha(y_true, y_pred) / L_alpha(y_true, q_alpha)`` with :func:`mean_pinball_loss`
    ``L_alpha`` and ``q_alpha`` the (weighted) ``alpha``-quantile of ``y_true``, the constant that
    minimises ``L_alpha`` (every alpha-quantile gives the same minimum, so the quantile convention does
    not matter). Range (-inf, 1]; 1 iff every prediction is exact; 0 for predicting ``q_alpha``.
    Undefined case: a zero denominator (constant ``y_true``; any ``y_true`` at ``alpha`` 0 or 1): 1.0 if
    the predictions are exact, 0.0 otherwise (scikit-learn's force_finite convention). Fewer than 2
    samples are refused (a sample of weight w counts w times), as are ``alpha`` outside [0, 1],
    empty input, NaN/inf, a 2-D array paired with a 1-D one and mismatched lengths.
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average' or weights per output).
    Source: scikit-learn ``d2_pinball_score``; Koenker & Machado, "Goodness of fit and related
    inference processes for quantile regression" (JASA, 1999).
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(d2_pinball, y_true, y_pred, multioutput, alpha=alpha, sample_weight=sample_weight)
    a = check_rate(alpha, "alpha")
    yt, yp, w = _d2_inputs(y_true, y_pred, sample_weight)
    with np.errstate(over="ignore"):
        numerator = _average(_pinball(yt, yp, a), w)
        denominator = _average(_pinball(yt, _lower_quantile(yt, w, a), a), w)
    return _explained_deviance(numerator, denominator)


def d2_absolute_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """D² absolute error score, :func:`d2_pinball` at ``alpha = 0.5``.

    ``D2 = 1 - MAE(y_true, y_pred) / MAE(y_true, median(y_true))`` (weighted median with weights).
    Range (-inf, 1]; 1 iff every prediction is exact. Undefined case: constant ``y_true``: 1.0 if
    exact, 0.0 otherwise. Refusals as :func:`d2_pinball`.
    Multioutput: 2-D ``y_true``/``y_pred`` of shape (n_samples, n_outputs) are scored column by column, see
    the module docstring (``multioutput`` 'raw_values', 'uniform_average' or weights per output).
    Source: scikit-learn ``d2_absolute_error_score``.
    """
    if _many_outputs(y_true, y_pred, multioutput):
        return _per_output(d2_absolute_error, y_true, y_pred, multioutput, sample_weight=sample_weight)
    return d2_pinball(y_true, y_pred, alpha=0.5, sample_weight=sample_weight)


def d2_tweedie(y_true, y_pred, *, power=0.0, sample_weight=None) -> float:
    """D² Tweedie score: the fraction of the Tweedie deviance explained, against the mean prediction.

    ``D2 = 1 - D_p(y_true, y_pred) / D_p(y_true, mean_w(y_true))`` with :func:`mean_tweedie_deviance`
    ``D_p`` (the weighted mean of ``y_true`` minimises it). At ``power = 0`` it is :func:`r2`.
    Range (-inf, 1]; 1 iff every prediction is exact. Undefined cases: constant ``y_true`` (zero
    denominator): 1.0 if exact, 0.0 otherwise (as :func:`r2`'s default force_finite; scikit-learn 1.9's
    ``d2_tweedie_score`` raises ZeroDivisionError there); ``power < 0`` with a mean of ``y_true`` <= 0 (the
    baseline is outside the domain): refused naming ``y_true``. Refusals as
    :func:`mean_tweedie_deviance`, plus fewer than 2 samples (a sample of weight w counts w times).
    Source: scikit-learn ``d2_tweedie_score``; Hastie, Tibshirani & Wainwright, "Statistical learning
    with sparsity" (2015), section 3.2 (fraction of deviance explained).
    """
    p = _check_power(power)
    yt, yp, w = _d2_inputs(y_true, y_pred, sample_weight)
    _check_tweedie_domain(yt, yp, p)
    numerator = _mean_deviance(yt, yp, p, w)
    if bool((yt == yt[0]).all()):
        return _explained_deviance(numerator, 0.0)
    mean = _average(yt, w)
    if p < 0.0 and mean <= 0.0:
        raise MetricInputError("y_true", f"has mean {mean!r}; the D² baseline with power={p:g} needs a "
                                         "strictly positive mean")
    return _explained_deviance(numerator, _mean_deviance(yt, mean, p, w))


def concordance_corrcoef(y_true, y_pred) -> float:
    """Lin's concordance correlation coefficient: agreement of y_pred with y_true on the identity line.

    ``CCC = 2 s_tp / (s_t^2 + s_p^2 + (mean_t - mean_p)^2)`` with population (1/n) variances
    ``s_t^2``, ``s_p^2`` and covariance ``s_tp``; equivalently ``1 - mean((t - p)^2) /
    (s_t^2 + s_p^2 + (mean_t - mean_p)^2)``. It is Pearson's r times a bias correction in (0, 1].
    Range [-1, 1]; 1 iff ``y_pred = y_true`` (non-constant); symmetric; unchanged when both arrays
    are shifted by the same constant or scaled by the same ``c > 0``.
    Undefined case: ``y_true`` and ``y_pred`` constant and equal (0/0): nan. One constant argument
    otherwise gives 0. Fewer than 2 samples are refused (MetricInputError naming ``y_true``), as are
    empty input, NaN/inf, 2-D arrays and mismatched lengths.
    Source: Lin, "A concordance correlation coefficient to evaluate reproducibility" (Biometrics,
    1989), eq. 2 (moments with divisor n); torchmetrics ``concordance_corrcoef`` (which divides by n - 1).
    """
    yt, yp, _ = _checked_later(y_true, y_pred)
    n = yt.shape[0]
    if n < 2:
        raise MetricInputError("y_true", f"needs at least 2 samples, got {n}")
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        mean_t, mean_p = float(np.add.reduce(yt)) / n, float(np.add.reduce(yp)) / n
        ct, cp = yt - mean_t, yp - mean_p
        # exact constancy, tested only where the spread is within rounding of 0 (a constant's float mean
        # may differ from it by rounding: its residue is not a spread)
        ss_t, ss_p = float(np.dot(ct, ct)), float(np.dot(cp, cp))
        t_constant, p_constant = _is_constant(yt, ss_t, mean_t), _is_constant(yp, ss_p, mean_p)
        if (t_constant and not math.isfinite(yt[0])) or (p_constant and not math.isfinite(yp[0])):
            _refuse_non_finite(yt, yp)
        if t_constant and p_constant:
            return math.nan if yt[0] == yp[0] else 0.0
        if t_constant:
            ct[:], ss_t = 0.0, 0.0
        if p_constant:
            cp[:], ss_p = 0.0, 0.0
        bias = mean_t - mean_p
        covariance, spread = float(np.dot(ct, cp)) / n, ss_t / n + ss_p / n + bias * bias
        if math.isfinite(spread) and not _TINY <= spread:
            # squares that underflow (spread 1e-300): CCC is scale-free, so rescale the centred values and
            # the bias by a power of two (exact) to unit magnitude
            e = _pow2_exponent(ct, cp, np.array([bias]))
            covariance, spread = _concordance_moments(*_scaled(e, ct, cp), math.ldexp(bias, -e))
        elif not math.isfinite(spread):
            _refuse_non_finite(yt, yp)  # NaN/inf input, else squares beyond the float range: rescale
            e = _pow2_exponent(ct, cp, np.array([bias]))
            covariance, spread = _concordance_moments(*_scaled(e, ct, cp), math.ldexp(bias, -e))
        return _finite_or_refused(2.0 * covariance / spread, yt, yp)


def _concordance_moments(ct: np.ndarray, cp: np.ndarray, bias: float):
    """(covariance, s_t^2 + s_p^2 + bias^2), population moments of centred values."""
    n = ct.shape[0]
    return (float(np.dot(ct, cp)) / n,
            float(np.dot(ct, ct)) / n + float(np.dot(cp, cp)) / n + bias * bias)


def mean_absolute_scaled_error(y_true, y_pred, *, y_train, seasonality=1) -> float:
    """Mean absolute scaled error: the forecast's MAE over the in-sample MAE of the seasonal naive forecast.

    ``MASE = mean_i |y_true_i - y_pred_i| / q`` with the scale
    ``q = 1/(T - m) sum_{t=m+1..T} |y_train_t - y_train_{t-m}|`` (``T`` values of the training series
    ``y_train``, seasonality ``m`` >= 1; ``m = 1`` is the naive random-walk forecast).
    Range [0, inf); 0 iff every prediction is exact; below 1 when the forecast beats the in-sample
    seasonal naive forecast on average. Scale-free: ``c y_true``, ``c y_pred``, ``c y_train`` (``c != 0``)
    give the same value; so is a common shift of all three.
    Undefined case: ``q = 0`` (``y_train`` repeats with period ``m``, e.g. a constant series): refused
    with a MetricInputError naming ``y_train``, never ``inf`` or NaN. Also refused: ``seasonality`` not an
    integer >= 1 (naming ``seasonality``), ``y_train`` of at most ``m`` values or with NaN/inf (naming
    ``y_train``), and the refusals of :func:`mean_absolute_error` for ``y_true``/``y_pred``.
    Source: Hyndman & Koehler, "Another look at measures of forecast accuracy" (IJF, 2006), the scaled error
    ``q_t`` and ``MASE = mean |q_t|`` (their scale is the one-step naive forecast, ``m = 1``); the seasonal naive
    scale for ``m > 1``: Hyndman & Athanasopoulos, "Forecasting: principles and practice" (3rd ed.), section
    5.8; Nixtla utilsforecast ``losses.mase`` (the same scale, checked on three series: equal to 1e-15).
    """
    m = check_int_at_least(seasonality, "seasonality", 1)
    train = as_floats(y_train, "y_train")
    if train.shape[0] <= m:
        raise MetricInputError("y_train", f"has {train.shape[0]} values; the seasonal naive scale with "
                                          f"seasonality={m} needs more than {m}")
    error = mean_absolute_error(y_true, y_pred)
    scale = mean_absolute_error(train[m:], train[:-m])
    if scale == 0.0:
        raise MetricInputError("y_train", f"repeats with period seasonality={m}: its seasonal naive forecast is "
                                          "exact in-sample (scale 0), so MASE is undefined")
    with np.errstate(over="ignore"):
        return error / scale


# ---------------------------------------------------------------- torchmetrics' regression functions (issue 32):
# NRMSE, relative squared error, log-cosh error, CRPS of an ensemble, Minkowski distance, critical success index.

__all__ += [
    "normalized_root_mean_squared_error",
    "relative_squared_error",
    "log_cosh_error",
    "continuous_ranked_probability_score",
    "minkowski_distance",
    "cosine_similarity",
    "critical_success_index",
]

_NORMALIZATIONS = ("mean", "range", "std", "l2")


def _check_flag(value, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise MetricInputError(name, f"must be True or False, got {value!r}")
    return bool(value)


def _check_option(value, name: str, options: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in options:
        raise MetricInputError(name, f"must be one of {', '.join(map(repr, options))}, got {value!r}")
    return value


def normalized_root_mean_squared_error(y_true, y_pred, *, normalization="mean") -> float:
    """Normalized root mean squared error: the RMSE divided by a scale of ``y_true``.

    ``NRMSE = RMSE(y_true, y_pred) / s(y_true)`` with the scale ``s`` named by ``normalization``
    (torchmetrics' names): ``"mean"``: the mean magnitude ``mean_i |y_true_i|``; ``"range"``:
    ``max(y_true) - min(y_true)``; ``"std"``: the population standard deviation (divisor n);
    ``"l2"``: the root mean square ``sqrt(mean_i y_true_i^2)``, so that NRMSE(l2) is the relative L2
    error ``||y_true - y_pred||_2 / ||y_true||_2``.
    Range [0, inf); 0 iff every prediction is exact. Scale-free: ``c y_true``, ``c y_pred`` (``c != 0``)
    give the same value; "range" and "std" are also unchanged by a common shift.
    Undefined case: a zero scale (every ``y_true`` 0 for "mean" and "l2"; a constant ``y_true`` for
    "range" and "std"): refused with a MetricInputError naming ``y_true``, never inf or NaN. Also refused:
    an unknown ``normalization`` (naming it), empty input, NaN/inf, 2-D arrays, mismatched lengths.
    Source: torchmetrics ``normalized_root_mean_squared_error`` (which divides by the signed mean
    ``mean(y_true)`` for "mean" and by ``||y_true||_2``, not the root mean square, for "l2"); Hyndman &
    Koehler (2006) section 3.1 (scale-dependent errors); the coefficient of variation of the RMSD.
    """
    how = _check_option(normalization, "normalization", _NORMALIZATIONS)
    yt, yp = _pair(y_true, y_pred)
    rmse = m2 = None
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        if how == "std":  # the residuals and y_true's centred sum of squares in one streamed pass
            ss_res, m2, _ = _residual_and_total_ss(yt, yp)
            if _TINY <= ss_res / yt.shape[0] < math.inf:
                rmse = math.sqrt(ss_res / yt.shape[0])
        if rmse is None:  # it refuses NaN/inf naming the argument (so yt is finite below), rescales an overflow
            rmse = root_mean_squared_error(yt, yp)
    with np.errstate(over="ignore", invalid="ignore"):
        if how == "mean":
            scale = _sum_abs(yt) / yt.shape[0]  # 0 only if every value is 0 (a sum of magnitudes cannot underflow)
            constant = scale == 0.0
        elif how == "l2":
            square = float(np.dot(yt, yt)) / yt.shape[0]
            scale = math.sqrt(square) if square >= _TINY else 0.0
            constant = square == 0.0 and not yt.any()
        else:
            constant = bool((yt == yt[0]).all())
            if how == "range":
                scale = float(np.max(yt)) - float(np.min(yt))
            else:
                variance = m2 / yt.shape[0]  # a subnormal mean square loses digits: rescaled below
                scale = math.sqrt(variance) if variance >= _TINY else 0.0
    if constant:
        raise MetricInputError("y_true", f"is {'all zeros' if how in ('mean', 'l2') else 'constant'}: the '{how}' "
                                         "scale is 0, so NRMSE is undefined")
    with np.errstate(over="ignore", divide="ignore"):
        if math.isfinite(scale) and scale >= _TINY:
            return rmse / scale
        # a scale beyond the float range or subnormal: the ratio of the rescaled values (NRMSE is scale-free)
        return normalized_root_mean_squared_error(*_scaled(_pow2_exponent(yt, yp), yt, yp), normalization=how)


def relative_squared_error(y_true, y_pred, *, squared=True, sample_weight=None, force_finite=True) -> float:
    """Relative squared error: the squared error relative to that of predicting the mean, ``1 - R²``.

    ``RSE = SS_res / SS_tot`` with ``SS_res = sum_i w_i (y_true_i - y_pred_i)^2`` and
    ``SS_tot = sum_i w_i (y_true_i - mean_w(y_true))^2``; ``squared=False`` gives the root relative
    squared error ``sqrt(SS_res / SS_tot)``.
    Range [0, inf); 0 iff every prediction is exact; 1 for predicting the (weighted) mean. Equals
    ``1 - r2`` (same weights and force_finite). Unchanged by a common shift or scaling of both arrays.
    Undefined case: constant ``y_true`` (``SS_tot = 0``): with ``force_finite=True`` 0.0 if the predictions
    are exact and 1.0 otherwise (``1 -`` :func:`r2`'s convention), with ``force_finite=False`` NaN (0/0) or
    ``inf``. Fewer than 2 samples are refused (a sample of weight w counts w times), as are ``squared`` or
    ``force_finite`` other than True/False (naming them), empty input, NaN/inf, 2-D arrays, mismatched lengths.
    Source: torchmetrics ``relative_squared_error`` (which clamps SS_tot at its float eps, so a constant
    y_true gives SS_res / 1.19e-7); Witten, Frank & Hall, "Data Mining" (3rd ed.), section 5.8.
    """
    root = not _check_flag(squared, "squared")
    ss_res, ss_tot = _squared_error_ratio_terms(y_true, y_pred, sample_weight)
    if ss_tot is None:  # constant y_true: 1 - r2's convention
        value = 1.0 - _fraction_unexplained(ss_res, 0.0, True, force_finite)
    else:
        _fraction_unexplained(0.0, 1.0, False, force_finite)  # refuses a force_finite that is not a bool
        with np.errstate(over="ignore"):
            value = ss_res / ss_tot
    return math.sqrt(value) if root else value


_LOG2 = math.log(2.0)


#: Taylor coefficients of sinh(x) / x in x^2, highest first: 1/15!, 1/13!, ..., 1/3!, 1 (for x <= 1/2 the next
#: term, x^16 / 17!, is below 4e-20 of the sum)
_SINH_SERIES = tuple(1.0 / math.factorial(2 * n + 1) for n in range(7, -1, -1))
#: log cosh is formed in blocks of this many values: the arithmetic between NumPy's vectorised exp and log then
#: runs on arrays held in the CPU's cache (over whole 1e6 arrays it cost as much as both transcendental calls)
_LOG_COSH_BLOCK = 1 << 15


def _log_cosh(d: np.ndarray) -> np.ndarray:
    """log(cosh(d)) per value (``d`` is overwritten), without overflow and to a few ulps of relative precision,
    with ``a = |d|``. For ``a >= 1``: ``a + log((1 + exp(-2a)) / 2)`` (no cancellation there: the value is at
    least 0.43, and exp(-2a) underflows to 0 where the value is ``a - log 2``). For ``a < 1``: ``log1p(t)`` with
    ``t = cosh(a) - 1 = 2 sinh(a/2)^2`` from the Taylor series of sinh (cosh(a) - 1 would cancel), and
    ``log1p(t) = log(u) - ((u - 1) - t) / u`` with ``u = 1 + t`` rounded (the correction restores what the
    rounding of u lost; u = 1 gives t). Only exp and log per value: NumPy vectorises both, not cosh or log1p."""
    a_all = np.absolute(d, out=d)
    out = np.empty_like(a_all)
    with np.errstate(over="ignore", under="ignore"):
        for start in range(0, a_all.shape[0], _LOG_COSH_BLOCK):
            a = a_all[start:start + _LOG_COSH_BLOCK]
            r = out[start:start + _LOG_COSH_BLOCK]
            small = a < 1.0
            big = a[~small]
            e = np.multiply(big, -2.0)
            np.exp(e, out=e)
            e *= 0.5
            e += 0.5
            np.log(e, out=e)
            e += big
            r[~small] = e
            x = a[small]
            x *= 0.5
            x2 = x * x
            t = _SINH_SERIES[0] * x2
            for c in _SINH_SERIES[1:-1]:
                t += c
                t *= x2
            t += 1.0
            t *= x  # sinh(a / 2)
            t *= t
            t *= 2.0
            u = t + 1.0
            log_u = np.log(u)
            u -= 1.0
            u -= t
            u /= t + 1.0
            log_u -= u
            r[small] = log_u
    return out


#: the fast sum's groups: a product of this many factors in [1, 2] cannot overflow (2^512 < 1.8e308)
_LOG_COSH_GROUP = 512
#: the fast sum is kept when its worst-case error bound is within this fraction of its value
_LOG_COSH_FAST_RTOL = 1e-12


def _log_cosh_sum(d: np.ndarray) -> float | None:
    """``sum_i log cosh(d_i)`` with one exp per value and no log per value, or None where that sum cannot be
    trusted to ``_LOG_COSH_FAST_RTOL`` (``d`` is overwritten).

    ``log cosh a = a - log 2 + log(1 + exp(-2a))`` for ``a = |d| >= 0``, so the sum is
    ``sum a - n log 2 + sum_groups log(prod (1 + exp(-2a)))``: the factors lie in (1, 2], so a product of 512 of
    them neither overflows nor underflows, and one log per group replaces one per value (NumPy's float64 log is
    not SIMD-vectorised on AVX2; its exp is). Each value carries an absolute error of a few ulps of 1 (the
    rounding of ``1 + exp(-2a)`` and of the product), which is no relative precision for a residual far below 1
    (the value there is about ``a^2 / 2``): the bound ``B`` below sums the worst case of every rounding (exp and
    log within 1 ulp, NumPy's pairwise sums within ``(log2 n + 16)`` roundings of the sum of magnitudes), and the
    caller falls back to the per-value form when ``B`` exceeds ``_LOG_COSH_FAST_RTOL`` of the sum (on N(0, 1)
    residuals ``B`` is 1e-14 of it; the fallback is taken for residuals mostly below about 0.05)."""
    a = np.absolute(d, out=d)
    n = a.shape[0]
    s_a = float(np.add.reduce(a))
    if not math.isfinite(s_a):
        return None
    with np.errstate(under="ignore"):
        for start in range(0, n, _LOG_COSH_BLOCK):
            e = a[start:start + _LOG_COSH_BLOCK]
            e *= -2.0
            np.exp(e, out=e)
            e += 1.0
    m = n - n % _LOG_COSH_GROUP
    s_log = float(np.log(np.multiply.reduce(a[m:])))
    if m:  # the groups are the columns: a reduction down axis 0 is a run of whole-row multiplies
        s_log += float(np.add.reduce(np.log(np.multiply.reduce(a[:m].reshape(_LOG_COSH_GROUP, -1), axis=0))))
    total = s_a - n * _LOG2 + s_log
    bound = 0.5 * np.finfo(float).eps * (6.0 * n + (math.log2(n) + 20.0) * (s_a + s_log))
    return total if bound <= _LOG_COSH_FAST_RTOL * total else None


def log_cosh_error(y_true, y_pred, *, sample_weight=None) -> float:
    """Mean log-cosh error, ``LCE = sum_i w_i log(cosh(y_pred_i - y_true_i)) / sum_i w_i``.

    About ``d^2 / 2`` for small residuals ``d`` and ``|d| - log 2`` for large ones:
    ``max(0, MAE - log 2) <= LCE <= MSE / 2`` (per sample ``|d| - log 2 <= log cosh d <= d^2 / 2``).
    Range [0, inf); 0 iff every prediction is exact (up to underflow of residuals below 1e-154); finite for
    every finite input (computed without forming ``exp(|d|)``). Unweighted, the sum is formed with one log per
    512 values where its worst-case rounding bound is within 1e-12 of it, else value by value (a few ulps each). Symmetric; unchanged by a common shift;
    not scale-free. Undefined cases: none. Refuses empty input, NaN/inf, 2-D arrays, mismatched lengths.
    Source: torchmetrics ``log_cosh_error`` (``log((exp(d) + exp(-d)) / 2)``, which overflows to inf in float32
    for ``|d| > 89``); Chen et al., "Log hyperbolic cosine loss improves variational auto-encoder" (2019).
    """
    yt, yp, w = _checked_later(y_true, y_pred, sample_weight)
    with np.errstate(over="ignore", invalid="ignore"):
        if w is None:
            total = _log_cosh_sum(np.subtract(yp, yt))
            if total is not None:
                return total / yt.shape[0]
        return _finite_or_refused(_average(_log_cosh(np.subtract(yp, yt)), w), yt, yp)


_ESTIMATORS = ("plain", "fair")


def _ensemble_pair(y_true, y_ensemble):
    """A finite 1-D y_true of n values and a finite (n, m) ensemble, m >= 1."""
    yt = as_floats(y_true, "y_true")
    ens = as_floats(y_ensemble, "y_ensemble", ndim=2)
    if ens.shape[0] != yt.shape[0]:
        raise MetricInputError("y_ensemble", f"has {ens.shape[0]} rows but y_true has {yt.shape[0]} values; "
                                             "they must match")
    if ens.shape[1] == 0:
        raise MetricInputError("y_ensemble", f"has no members (shape {ens.shape})")
    return yt, ens


def continuous_ranked_probability_score(y_true, y_ensemble, *, estimator="plain", sample_weight=None) -> float:
    """Continuous ranked probability score of an ensemble forecast, averaged over the samples.

    Row i of ``y_ensemble`` (shape (n, m)) holds the m members ``x_i1 .. x_im`` forecasting ``y_true_i``.
    Energy form: ``CRPS_i = 1/m sum_j |x_ij - y_true_i| - c sum_{j,k} |x_ij - x_ik|`` with
    ``estimator="plain"`` (default): ``c = 1 / (2 m^2)``, the CRPS of the ensemble's empirical distribution
    ``F_m``, equal to ``integral (F_m(x) - 1{x >= y})^2 dx`` (torchmetrics' estimator); ``estimator="fair"``:
    ``c = 1 / (2 m (m - 1))``, the unbiased estimate of the CRPS of the distribution the members are drawn
    from (Ferro 2014). ``CRPS = sum_i w_i CRPS_i / sum_i w_i``. Computed on sorted members:
    ``sum_{j,k} |x_j - x_k| = 2 sum_j (2j - m - 1) x_(j)``, O(n m log m).
    Range [0, inf) for both (the fair spread term never exceeds the first, by the triangle inequality); the
    plain CRPS is 0 iff every member equals its y_true, and with one member it is the mean absolute error.
    Unchanged by a common shift of y_true and the ensemble, and by reordering the members of a row; scaling
    both by c scales it by |c|. Undefined case: ``estimator="fair"`` with one member (m - 1 = 0): refused,
    naming ``y_ensemble``. Also refused: an unknown ``estimator``, an ensemble that is not 2-D, has no members
    or a row count other than len(y_true) (naming ``y_ensemble``), empty input, NaN/inf, bad weights.
    Source: Gneiting & Raftery, "Strictly proper scoring rules, prediction, and estimation" (JASA 2007),
    eq. 21 (the energy form); Ferro, "Fair scores for ensemble forecasts" (QJRMS 2014), eq. 8 (fair);
    torchmetrics ``continuous_ranked_probability_score`` (plain; it refuses m < 2).
    """
    how = _check_option(estimator, "estimator", _ESTIMATORS)
    yt, ens = _ensemble_pair(y_true, y_ensemble)
    n, m = ens.shape
    if how == "fair" and m < 2:
        raise MetricInputError("y_ensemble", "has 1 member; the fair CRPS divides by m - 1 and needs at least 2")
    w = check_sample_weight(sample_weight, n)
    with np.errstate(over="ignore", invalid="ignore"):
        members = np.sort(ens, axis=1)
        skill = np.abs(members - yt[:, None]).sum(axis=1) / m
        if m == 1:
            scores = skill
        else:
            ranks = 2.0 * np.arange(1, m + 1) - m - 1.0  # sum_{j,k}|x_j - x_k| / 2 = ranks . sorted members
            spread = members @ ranks / (m * m if how == "plain" else m * (m - 1))
            scores = np.maximum(skill - spread, 0.0)  # >= 0 exactly; rounding can leave -1e-17
        value = _average(scores, w)
    if not math.isfinite(value):
        with np.errstate(over="ignore", invalid="ignore"):
            # finite input whose sums overflowed: the score is homogeneous of degree 1
            e = _pow2_exponent(yt, ens)
            value = _times_pow2(continuous_ranked_probability_score(*_scaled(e, yt, ens), estimator=how,
                                                                    sample_weight=w), e)
    return value


def minkowski_distance(y_true, y_pred, *, p=2.0) -> float:
    """Minkowski distance between the two arrays as vectors, ``(sum_i |y_true_i - y_pred_i|^p)^(1/p)``.

    ``p = 1``: the sum of absolute errors (n MAE); ``p = 2``: the Euclidean distance, ``sqrt(n MSE)``;
    ``p = inf``: the largest absolute error (Chebyshev, :func:`max_error`). Non-increasing in p.
    Computed on the residuals divided by the largest one, so that no power over- or underflows where the
    distance itself does not. Range [0, inf); 0 iff every prediction is exact. Symmetric; unchanged by a
    common shift; scaling both by c scales it by |c|; a sum, not a mean: every sample twice multiplies it
    by ``2^(1/p)``. Undefined cases: none. Refuses ``p`` that is not a real number >= 1 (naming ``p``;
    below 1 it is no metric), empty input, NaN/inf, 2-D arrays, mismatched lengths.
    Source: torchmetrics ``minkowski_distance``; SciPy ``scipy.spatial.distance.minkowski`` (default p = 2).
    """
    if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, float, np.integer, np.floating)) \
            or math.isnan(p) or p < 1:
        raise MetricInputError("p", f"must be a real number >= 1 (or inf), got {p!r}")
    yt, yp, _ = _checked_later(y_true, y_pred)
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        if not math.isinf(p):
            # one pass; kept unless a power overflowed or the sum is so small that subnormal terms may matter
            # (then every term < 1e-290 lost at most 5e-324, which is no relative precision of such a sum)
            total = _sum_abs_residual_powers(yt, yp, p)
            if _TINY_SQUARES <= total < math.inf:
                return total ** (1.0 / p)
        top = _max_abs_residual(yt, yp)
        if not math.isfinite(top):
            _refuse_non_finite(yt, yp)
            e = _pow2_exponent(yt, yp)  # residuals beyond the float range: the distance is homogeneous
            return _times_pow2(minkowski_distance(*_scaled(e, yt, yp), p=p), e)
        if top == 0.0 or math.isinf(p):
            return top
        total = sum(float(_power_sum(np.divide(d, top, out=d), p)) for d in _abs_residual_blocks(yt, yp))
        return top * total ** (1.0 / p)


#: below this a sum of squares may hold subnormal terms that matter: the vectors are rescaled first
_TINY_SQUARES = 1e-290


def cosine_similarity(y_true, y_pred) -> float:
    """Cosine similarity of the two arrays as vectors, ``<y_true, y_pred> / (||y_true|| ||y_pred||)``.

    The cosine of the angle between them: 1 for vectors pointing the same way, -1 for opposite ones, 0 for
    orthogonal ones. Range [-1, 1]. Symmetric; unchanged by a positive scaling of either argument, its sign
    flipped by a negative one; unchanged when the samples (coordinates) are permuted together or each is
    repeated (so it is not a sum over samples). Not invariant to a shift (Pearson's r is the cosine of the
    centred arrays). Computed from the three dot products; where a sum of squares overflows or is so small
    that its terms may be subnormal, on the arrays scaled by powers of two to a largest magnitude in
    [0.5, 1) (the value is homogeneous of degree 0). Undefined case: an all-zero array (no direction) -> NaN.
    Refuses empty input, NaN/inf, 2-D arrays, mismatched lengths.
    Source: Salton & McGill (1983); torchmetrics ``cosine_similarity`` (of each row, here one vector pair);
    SciPy ``1 - scipy.spatial.distance.cosine``.
    """
    yt, yp, _ = _checked_later(y_true, y_pred)
    with np.errstate(over="ignore", invalid="ignore"):
        uu, vv, uv = _three_dots(yt, yp)
    if not (_TINY_SQUARES < uu < math.inf and _TINY_SQUARES < vv < math.inf and math.isfinite(uv)):
        _refuse_non_finite(yt, yp)
        if not (yt.any() and yp.any()):
            return math.nan
        # scaled by powers of two (exact): the largest magnitude of each in [0.5, 1)
        uu, vv, uv = _three_dots(np.ldexp(yt, -_pow2_exponent(yt)), np.ldexp(yp, -_pow2_exponent(yp)))
    return min(1.0, max(-1.0, uv / (math.sqrt(uu) * math.sqrt(vv))))


def _three_dots(a: np.ndarray, b: np.ndarray) -> tuple[float, float, float]:
    """(<a, a>, <b, b>, <a, b>), three BLAS dots over the whole arrays: above its threshold OpenBLAS spreads each
    over the cores, which beat one pass of cache-sized blocks on one core (1.24 vs 1.90 ms at 1e6, one run)."""
    return float(np.dot(a, a)), float(np.dot(b, b)), float(np.dot(a, b))


def _sum_abs_residual_powers(yt: np.ndarray, yp: np.ndarray, p) -> float:
    """``sum |yp - yt|^p`` in one blocked pass over the inputs."""
    if p == 1:
        return _sum_abs_diff(yt, yp)
    if p == 2:
        return _sum_sq_diff(yt, yp)
    return sum(float(_power_sum(d, p)) for d in _abs_residual_blocks(yt, yp))


def _power_sum(d: np.ndarray, p) -> float:
    """``sum(d ** p)`` for ``d >= 0``, by products where ``p`` is 1 to 4: a float power per element was four
    times slower than torchmetrics at p = 3 (benchmarks/bench_regression.py, breadth table)."""
    if p == 1:
        return np.add.reduce(d)
    if p == 2:
        return np.dot(d, d)
    if p == 3:
        return np.dot(d * d, d)
    if p == 4:
        square = d * d
        return np.dot(square, square)
    return np.add.reduce(d**p)


def critical_success_index(y_true, y_pred, *, threshold, zero_division=0.0) -> float:
    """Critical success index (threat score) of the events ``value >= threshold``.

    With the events ``T_i = y_true_i >= threshold`` and ``P_i = y_pred_i >= threshold``:
    ``CSI = hits / (hits + misses + false alarms)``, hits ``= #(T and P)``, misses ``= #(T and not P)``,
    false alarms ``= #(P and not T)``: the Jaccard index of the two event sets (correct negatives do not
    count). Range [0, 1]; 1 iff the events agree and occur somewhere. Symmetric.
    Undefined case: no event in either array (0/0): ``zero_division`` (0.0, the default, 1.0 or NaN).
    Refuses ``threshold`` that is not a finite real number (naming it), a ``zero_division`` other than
    0.0, 1.0 or NaN, empty input, NaN/inf, 2-D arrays, mismatched lengths.
    Source: Schaefer, "The critical success index as an indicator of warning skill" (Weather and
    Forecasting, 1990); Donaldson, Dyer & Kraus (1975); torchmetrics ``critical_success_index`` (0/0 := 0).
    """
    if isinstance(threshold, (bool, np.bool_)) or not isinstance(threshold, (int, float, np.integer, np.floating)) \
            or not math.isfinite(threshold):
        raise MetricInputError("threshold", f"must be a finite real number, got {threshold!r}")
    if not (zero_division in (0.0, 1.0) or (isinstance(zero_division, float) and math.isnan(zero_division))) \
            or isinstance(zero_division, (bool, np.bool_)):
        raise MetricInputError("zero_division", f"got {zero_division!r}; expected 0.0, 1.0 or nan")
    yt, yp, _ = _finite_pair(y_true, y_pred)
    observed, forecast = yt >= threshold, yp >= threshold
    hits = int(np.count_nonzero(observed & forecast))
    either = int(np.count_nonzero(observed | forecast))
    return float(zero_division) if either == 0 else hits / either
