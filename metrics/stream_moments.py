"""Finite states for the streams of real pairs: co-moments (R², explained variance, Pearson) and kept errors.

* :class:`CoMoments`: count, means and centred co-moments of a few variables,
  each relative to a power of two of its own, merged by Chan et al.'s update;
* :class:`R2Moments`, :class:`ExplainedVarianceMoments`, :class:`AdjustedR2`:
  the co-moments of ``y_true`` and of the residual ``y_true - y_pred``;
* :class:`PearsonMoments`: the co-moments of ``x`` and ``y``;
* :class:`AbsoluteErrors`: every absolute error kept (median absolute error has
  no finite sufficient statistic), 8 bytes a sample;
* :class:`ConcordanceMoments`: the co-moments of ``y_true`` and ``y_pred`` (Lin's
  concordance correlation);
* :class:`LargestAbsoluteError` (max error) and :class:`AbsoluteErrorShare`
  (weighted MAPE: the mean absolute error and the mean magnitude).

The co-moment states are five to seven numbers whatever the stream's length,
so a stream of 1e7 continuous values costs one pass over its batches (the
distinct-samples state, :class:`~metrics.stream_states.CountedSamples`, holds
each distinct value of such a stream once and sorts them again and again).

Scale. The one-shot functions keep values up to 1e±308 finite by scaling by a
power of two (exact) before any sum of squares. Here every variable ``v_i`` is
kept relative to ``2**e_i``, ``e_i`` the exponent (``math.frexp``'s) of the
largest ``|v_i|`` seen so far, so every scaled value lies in (-1, 1):
``mean_i = mean(v_i) / 2**e_i`` and
``C_ij = sum_s (v_is - mean(v_i)) (v_js - mean(v_j)) / 2**(e_i + e_j)``.
When a batch or a merged state brings a larger ``e_i``, the smaller side is
scaled down to it (exact, except for the digits that the one-shot's global
scaling loses as well: values 2**1000 times smaller than the largest). The
scale of each ratio (R², Pearson's r) is applied once at the end, as a power
of two, so nothing overflows where the ratio is finite.
"""

from __future__ import annotations

import math

import numpy as np

from ._validation import as_floats, check_same_length
from .errors import MetricInputError

__all__ = ["CoMoments", "R2Moments", "ExplainedVarianceMoments", "AdjustedR2", "PearsonMoments", "AbsoluteErrors",
           "ConcordanceMoments", "LargestAbsoluteError", "AbsoluteErrorShare"]

#: the exponent of a variable that has been 0 so far: below every float's (frexp gives -1073 for 2**-1074)
ZERO_EXPONENT = -1100


def _exponent(values) -> int:
    """e with max |values| / 2**e in [0.5, 1); :data:`ZERO_EXPONENT` for zeros only."""
    if isinstance(values, np.ndarray) and values.ndim:
        top = max(float(values.max()), -float(values.min()))
    else:
        top = abs(float(values))
    return math.frexp(top)[1] if top else ZERO_EXPONENT


def _times_pow2(values: np.ndarray, e: int) -> np.ndarray:
    """``values * 2**e``, as ``np.ldexp`` rounds it (exactly, but for results in the subnormal range), by one
    multiplication where ``2**e`` is a float: ``np.ldexp`` is about 15x slower than a product."""
    if e == 0:
        return values
    if -1022 <= e <= 1023:
        return values * math.ldexp(1.0, e)
    return np.ldexp(values, e)


def _normalised(scaled: np.ndarray, k: int) -> tuple[np.ndarray, int]:
    """``scaled * 2**k`` as (values with max |values| in [0.5, 1), their exponent); zeros stay as they are."""
    e = _exponent(scaled)
    if e == ZERO_EXPONENT:
        return scaled, ZERO_EXPONENT
    return _times_pow2(scaled, -e), k + e


def scaled_difference(a, b) -> tuple[np.ndarray, int]:
    """``a - b`` as (values, e) with ``a - b = values * 2**e`` and max |values| in [0.5, 1): computed at the
    scale of the larger operand, so it neither overflows (1e308 - -1e308) nor loses tiny operands' digits."""
    k = max(_exponent(a), _exponent(b))
    return _normalised(_times_pow2(a, -k) - _times_pow2(b, -k), k)


def _rescaled(means: np.ndarray, comoments: np.ndarray, exponents: np.ndarray, to: np.ndarray):
    """Means and co-moments relative to ``2**to`` instead of ``2**exponents`` (``to >= exponents``)."""
    shift = exponents - to
    if not shift.any():
        return means, comoments
    return np.ldexp(means, shift), np.ldexp(comoments, shift[:, None] + shift[None, :])


class CoMoments:
    """Count, means and centred co-moments of k variables, each about an origin and relative to a power of two.

    Variable i is kept as ``(v_i - o_i) / 2**e_i``: ``o_i`` its first value
    (so that the means of data far from 0, 1e6 + N(0, 1), keep the digits of
    the spread: Chan's update subtracts means) and ``e_i`` the exponent of the
    largest ``|v_i - o_i|`` seen. ``add(scaled, exponents)`` takes samples as
    k rows with ``v_i = scaled[i] * 2**exponents[i]``; a batch's co-moments are
    computed by the corrected two-pass formula in blocks of :data:`BLOCK`
    samples, and every block and merged state joins by Chan, Golub and
    LeVeque's update ``C = C_a + C_b + d d^T n_a n_b / n``, ``d = m_b - m_a``,
    after both sides are brought to one origin and the larger exponent.
    """

    #: samples per block of a batch (a few k x BLOCK temporaries)
    BLOCK = 1 << 15

    def __init__(self, k: int):
        self.n = 0
        self.origins = np.zeros(k)
        self.exponents = np.full(k, ZERO_EXPONENT, dtype=np.int64)
        self.means = np.zeros(k)
        self.comoments = np.zeros((k, k))

    def add(self, scaled, exponents) -> None:
        if not scaled[0].shape[0]:
            return
        exponents = np.asarray(exponents, dtype=np.int64)
        if not self.n:  # the origins: the first sample, where it is a float (not a difference beyond 1.8e308)
            with np.errstate(over="ignore"):
                first = np.ldexp(np.array([float(row[0]) for row in scaled]), exponents)
            self.origins = np.where(np.isfinite(first), first, 0.0)
        rows, exps = [], np.empty_like(exponents)
        for i, (row, origin) in enumerate(zip(scaled, self.origins)):
            k = max(int(exponents[i]), _exponent(origin))  # a common scale for the row and its origin
            shifted, exps[i] = _normalised(_times_pow2(row, int(exponents[i]) - k) - math.ldexp(origin, -k), k)
            rows.append(shifted)
        block_rows = np.stack(rows)
        for start in range(0, block_rows.shape[1], self.BLOCK):
            block = block_rows[:, start:start + self.BLOCK]
            k = block.shape[1]
            mean = block.sum(axis=1) / k
            centred = block - mean[:, None]
            drift = centred.sum(axis=1)  # the rounding left in the mean
            self._join(k, self.origins, exps, mean + drift / k, centred @ centred.T - np.outer(drift, drift) / k)

    def merge(self, other: "CoMoments") -> None:
        if not other.n:
            return
        if not self.n:
            self.origins = other.origins.copy()
        self._join(other.n, other.origins, other.exponents, other.means, other.comoments)

    def _join(self, n_b: int, origins_b, exponents_b, means_b, comoments_b) -> None:
        """Chan's update with the moments of n_b samples about ``origins_b`` (this state's origins are kept)."""
        to = np.maximum(self.exponents, exponents_b)
        shifts = 0.0
        if origins_b is not self.origins:  # the other state's means, moved to this state's origins
            moved = [scaled_difference(ob, oa) for oa, ob in zip(self.origins, origins_b)]
            to = np.maximum(to, [e for _, e in moved])
            shifts = np.array([math.ldexp(float(d), int(e - t)) for (d, e), t in zip(moved, to)])
        means_b, comoments_b = _rescaled(means_b, comoments_b, exponents_b, to)
        means_b = means_b + shifts
        if not self.n:
            self.n, self.exponents, self.means, self.comoments = n_b, to, means_b, comoments_b
            return
        means_a, comoments_a = _rescaled(self.means, self.comoments, self.exponents, to)
        n = self.n + n_b
        delta = means_b - means_a
        self.means = means_a + delta * (n_b / n)
        self.comoments = comoments_a + comoments_b + self._between(delta, self.n, n_b)
        self.n, self.exponents = n, to

    @staticmethod
    def _between(delta: np.ndarray, n_a: int, n_b: int) -> np.ndarray:
        """The co-moments the two parts add about the joint mean: ``d d^T n_a n_b / (n_a + n_b)``."""
        return np.outer(delta, delta) * (n_a * (n_b / (n_a + n_b)))

    def mean(self, i: int) -> tuple[float, int]:
        """Variable i's mean as (value, e): mean = value * 2**e."""
        e = max(int(self.exponents[i]), _exponent(self.origins[i]))
        return math.ldexp(float(self.means[i]), int(self.exponents[i]) - e) + math.ldexp(float(self.origins[i]), -e), e

    @property
    def state(self) -> dict:
        return {"n": self.n, "origins": self.origins.copy(), "exponents": self.exponents.copy(),
                "means": self.means.copy(), "comoments": self.comoments.copy()}


def _pair(a, b, first: str, second: str):
    """Two 1-D float64 batches of equal length (empty allowed), refused as the one-shot refuses them."""
    a = as_floats(a, first, allow_empty=True)
    b = as_floats(b, second, allow_empty=True)
    check_same_length(first, a, second, b)
    return a, b


def _check_same(stream, other, *fields) -> None:
    if type(other) is not type(stream) or any(getattr(other, f) != getattr(stream, f) for f in fields):
        raise MetricInputError("other", "is not a stream of the same metric with the same options")


class _GoodnessOfFit:
    """The co-moments of ``y_true`` (variable 0) and of the residual ``y_true - y_pred`` (variable 1), and
    the extremes of ``y_true`` and of the residual: the exact tests, as the one-shot makes them, for a
    constant ``y_true`` and, in that case, for exact (R²) or constantly biased (explained variance)
    predictions."""

    def __init__(self, metric, *, force_finite=True):
        if not isinstance(force_finite, (bool, np.bool_)):
            raise MetricInputError("force_finite", f"must be True or False, got {force_finite!r}")
        self.metric, self.force_finite = metric, bool(force_finite)
        self.reset()

    def reset(self) -> None:
        self.moments = CoMoments(2)
        self.true_range = [math.inf, -math.inf]
        self.residual_range = [math.inf, -math.inf]

    def update(self, y_true, y_pred) -> None:
        yt, yp = _pair(y_true, y_pred, "y_true", "y_pred")
        if not yt.shape[0]:
            return
        e_true = _exponent(yt)
        residual, e_residual = scaled_difference(yt, yp)  # no overflow at 1.7e308
        self.moments.add((_times_pow2(yt, -e_true), residual), (e_true, e_residual))
        if max(e_true, _exponent(yp)) < 1023:
            raw = yt - yp  # as the one-shot forms it
        else:
            with np.errstate(over="ignore"):
                raw = yt - yp  # inf where it overflows
        self.true_range = [min(self.true_range[0], float(yt.min())), max(self.true_range[1], float(yt.max()))]
        self.residual_range = [min(self.residual_range[0], float(raw.min())),
                               max(self.residual_range[1], float(raw.max()))]

    def merge(self, other) -> None:
        _check_same(self, other, "metric", "force_finite")
        self.moments.merge(other.moments)
        self.true_range = [min(self.true_range[0], other.true_range[0]), max(self.true_range[1], other.true_range[1])]
        self.residual_range = [min(self.residual_range[0], other.residual_range[0]),
                               max(self.residual_range[1], other.residual_range[1])]

    def compute(self) -> float:
        from .regression import _fraction_unexplained, _times_pow2

        m = self.moments
        if m.n < 2:
            if not m.n:
                raise MetricInputError("y_true", f"is empty: the {self.metric.__name__} stream has seen no sample")
            raise MetricInputError("y_true", f"needs at least 2 samples, got {m.n}")
        constant = self.true_range[0] == self.true_range[1]
        if constant:  # only whether the numerator is 0 matters
            return _fraction_unexplained(self._zero_numerator_test(), 0.0, True, self.force_finite)
        numerator, e_numerator = self._numerator()
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            ratio = _times_pow2(numerator / float(m.comoments[0, 0]), 2 * (e_numerator - int(m.exponents[0])))
        return _fraction_unexplained(ratio, 1.0, False, self.force_finite)

    @property
    def state(self) -> dict:
        return {**self.moments.state, "true_range": tuple(self.true_range), "residual_range": tuple(self.residual_range)}

    def _numerator(self) -> tuple[float, int]:
        """(value, e): the numerator (a sum of squares of the residuals) is value * 2**(2 e); the denominator
        is y_true's centred sum of squares."""
        raise NotImplementedError

    def _zero_numerator_test(self) -> float:
        """A number that is 0 exactly where the one-shot's numerator is, for a constant y_true."""
        raise NotImplementedError


class R2Moments(_GoodnessOfFit):
    """R² of a stream: ``1 - SS_res / SS_tot`` with ``SS_tot`` the centred sum of squares of ``y_true`` and
    ``SS_res = C_res + n mean_res^2`` the residuals' sum of squares, from :class:`CoMoments` (a finite state:
    the count, two means, two exponents, a 2 x 2 co-moment matrix and the extremes of ``y_true`` and of the
    residual). For a constant ``y_true`` the value is 1.0 (or NaN) where every residual is exactly 0."""

    def _numerator(self):
        m = self.moments
        mean, e_mean = m.mean(1)  # SS_res = C_res + n mean_res^2
        e = max(e_mean, int(m.exponents[1]))
        return math.ldexp(float(m.comoments[1, 1]), 2 * (int(m.exponents[1]) - e)) + \
            m.n * math.ldexp(mean, e_mean - e) ** 2, e

    def _zero_numerator_test(self):
        return 0.0 if self.residual_range == [0.0, 0.0] else 1.0


class ExplainedVarianceMoments(_GoodnessOfFit):
    """Explained variance of a stream: ``1 - C_res / C_true``, the centred sums of squares of the residual and
    of ``y_true`` from :class:`CoMoments`. For a constant ``y_true`` the value is 1.0 (or NaN) where the
    residuals are exactly constant (a bias, which the score does not penalise)."""

    def _numerator(self):
        return float(self.moments.comoments[1, 1]), int(self.moments.exponents[1])

    def _zero_numerator_test(self):
        return 0.0 if self.residual_range[0] == self.residual_range[1] else 1.0


class AdjustedR2(R2Moments):
    """Adjusted R² of a stream: :class:`R2Moments` and its sample count ``n``, for the correction
    ``1 - (1 - R²) (n - 1) / (n - n_features - 1)``."""

    def __init__(self, metric, *, n_features, **options):
        from . import regression
        from ._validation import check_int_at_least

        self.n_features = check_int_at_least(n_features, "n_features", 0)
        super().__init__(regression.r2, **options)

    def merge(self, other: "AdjustedR2") -> None:
        _check_same(self, other, "n_features")
        super().merge(other)

    def compute(self):
        from .regression import _adjusted, _check_adjustable

        _check_adjustable(self.moments.n, self.n_features)
        return _adjusted(super().compute(), self.moments.n, self.n_features)


class PearsonMoments:
    """Pearson's r of a stream: ``C_xy / sqrt(C_xx C_yy)`` from :class:`CoMoments` of ``x`` and ``y`` (the
    powers of two cancel), and the extremes of each (the exact test for a constant input, whose r is NaN)."""

    #: the names of the batch's two arguments, in refusals
    ARGUMENTS = ("x", "y")

    def __init__(self, metric):
        self.metric = metric
        self.reset()

    def reset(self) -> None:
        self.moments = CoMoments(2)
        self.ranges = [[math.inf, -math.inf], [math.inf, -math.inf]]

    def update(self, x, y) -> None:
        xa, ya = _pair(x, y, *self.ARGUMENTS)
        if not xa.shape[0]:
            return
        exponents = (_exponent(xa), _exponent(ya))
        self.moments.add((_times_pow2(xa, -exponents[0]), _times_pow2(ya, -exponents[1])), exponents)
        for r, a in zip(self.ranges, (xa, ya)):
            r[0], r[1] = min(r[0], float(a.min())), max(r[1], float(a.max()))

    def merge(self, other: "PearsonMoments") -> None:
        _check_same(self, other, "metric")
        self.moments.merge(other.moments)
        for r, o in zip(self.ranges, other.ranges):
            r[0], r[1] = min(r[0], o[0]), max(r[1], o[1])

    def _two_pairs(self) -> CoMoments:
        """The co-moments, once at least two pairs are in them (else refused, as the one-shot refuses)."""
        m = self.moments
        if m.n < 2:
            if not m.n:
                raise MetricInputError(self.ARGUMENTS[0], f"is empty: the {self.metric.__name__} stream has seen "
                                                          "no pair")
            raise MetricInputError(self.ARGUMENTS[0], f"needs at least 2 pairs, got {m.n}")
        return m

    def compute(self) -> float:
        c = self._two_pairs().comoments
        if any(lo == hi for lo, hi in self.ranges) or c[0, 0] <= 0.0 or c[1, 1] <= 0.0:
            return math.nan
        r = float(c[0, 1]) / math.sqrt(float(c[0, 0])) / math.sqrt(float(c[1, 1]))
        return min(1.0, max(-1.0, r))  # rounding may leave |r| a few ulp above 1

    @property
    def state(self) -> dict:
        return {**self.moments.state, "ranges": [tuple(r) for r in self.ranges]}


class AbsoluteErrors:
    """Median absolute error of a stream: every absolute error ``|y_pred - y_true|`` kept, in a float64 buffer
    that doubles when full (amortised O(1) per sample), and the one-shot's selection (one ``np.partition``) at
    ``compute``. Memory: 8 bytes per sample seen (80 MB for 1e7), plus at most as much again of unused buffer
    after a doubling; a median has no finite sufficient statistic."""

    def __init__(self, metric):
        self.metric = metric
        self.reset()

    def reset(self) -> None:
        self.errors = np.empty(0)
        self.count = 0

    def update(self, y_true, y_pred) -> None:
        yt, yp = _pair(y_true, y_pred, "y_true", "y_pred")
        residual = np.subtract(yp, yt)
        self._append(np.absolute(residual, out=residual))

    def merge(self, other: "AbsoluteErrors") -> None:
        _check_same(self, other, "metric")
        self._append(other.errors[:other.count])

    def compute(self) -> float:
        from .regression import _median_in_place

        if not self.count:
            raise MetricInputError("y_true", "is empty: the median_absolute_error stream has seen no sample")
        return _median_in_place(self.errors[:self.count])  # reorders the kept errors: the same multiset

    @property
    def state(self) -> dict:
        return {"absolute_errors": self.errors[:self.count].copy()}

    def _append(self, values: np.ndarray) -> None:
        need = self.count + values.shape[0]
        if need > self.errors.shape[0]:
            grown = np.empty(max(need, 2 * self.errors.shape[0], 1024))
            grown[:self.count] = self.errors[:self.count]
            self.errors = grown
        self.errors[self.count:need] = values
        self.count = need


class ConcordanceMoments(PearsonMoments):
    """Lin's concordance correlation of a stream: ``2 C_tp / (C_tt + C_pp + n (mean_t - mean_p)^2)`` from
    :class:`CoMoments` of ``y_true`` and ``y_pred`` (the centred sums; the 1/n of the population moments
    cancels), and the extremes of each (the exact test for a constant input, as the one-shot makes it).
    Unlike Pearson's r the ratio is not scale-free per variable, so the co-moments, each relative to its own
    power of two, and the mean difference are brought to the largest of their powers before the ratio: no
    overflow where the one-shot's value is finite, and the value clipped to [-1, 1] as rounding may leave it a
    few ulp outside."""

    ARGUMENTS = ("y_true", "y_pred")

    def compute(self) -> float:
        m = self._two_pairs()
        (t_lo, t_hi), (p_lo, p_hi) = self.ranges
        if t_lo == t_hi and p_lo == p_hi:
            return math.nan if t_lo == p_lo else 0.0
        (mean_t, e_t), (mean_p, e_p) = m.mean(0), m.mean(1)
        bias, e_bias = scaled_difference(math.ldexp(mean_t, e_t), math.ldexp(mean_p, e_p))
        e = int(max(m.exponents[0], m.exponents[1], e_bias))
        c = np.ldexp(m.comoments, m.exponents[:, None] + m.exponents[None, :] - 2 * e)
        if t_lo == t_hi:  # a constant's co-moments are exactly 0 (its values equal its origin): kept explicit
            c[0, :] = c[:, 0] = 0.0
        if p_lo == p_hi:
            c[1, :] = c[:, 1] = 0.0
        spread = float(c[0, 0]) + float(c[1, 1]) + m.n * math.ldexp(float(bias), int(e_bias) - e) ** 2
        return min(1.0, max(-1.0, 2.0 * float(c[0, 1]) / spread))


class LargestAbsoluteError:
    """Max error of a stream: the largest ``|y_true - y_pred|`` seen, one number (a maximum merges exactly)."""

    def __init__(self, metric):
        self.metric = metric
        self.reset()

    def reset(self) -> None:
        self.count, self.largest = 0, 0.0

    def update(self, y_true, y_pred) -> None:
        if not len(y_true) and not len(y_pred):
            return
        value = self.metric(y_true, y_pred)  # validates the batch as the one-shot does
        self.count += len(y_true)
        self.largest = max(self.largest, value)

    def merge(self, other: "LargestAbsoluteError") -> None:
        _check_same(self, other, "metric")
        self.count += other.count
        self.largest = max(self.largest, other.largest)

    def compute(self) -> float:
        if not self.count:
            raise MetricInputError("y_true", "is empty: the max_error stream has seen no sample")
        return self.largest

    @property
    def state(self) -> dict:
        return {"count": self.count, "largest": self.largest}


class AbsoluteErrorShare:
    """Weighted MAPE of a stream: the count, the running mean of ``|y_true - y_pred|`` and of ``|y_true|``,
    merged as weighted means; ``compute`` is their ratio with the one-shot's eps guard on the mean magnitude."""

    def __init__(self, metric):
        self.metric = metric
        self.reset()

    def reset(self) -> None:
        self.count, self.error, self.scale = 0, 0.0, 0.0

    def update(self, y_true, y_pred) -> None:
        from .regression import _checked_later, _finite_or_refused

        if not len(y_true) and not len(y_pred):
            return
        yt, yp, _ = _checked_later(y_true, y_pred)
        with np.errstate(over="ignore", invalid="ignore"):
            error = _finite_or_refused(float(np.add.reduce(np.abs(yp - yt))) / yt.shape[0], yt, yp)
            scale = float(np.add.reduce(np.abs(yt))) / yt.shape[0]
        self._combine(yt.shape[0], error, scale)

    def merge(self, other: "AbsoluteErrorShare") -> None:
        _check_same(self, other, "metric")
        if other.count:
            self._combine(other.count, other.error, other.scale)

    def compute(self) -> float:
        from .regression import _EPS

        if not self.count:
            raise MetricInputError("y_true", "is empty: the weighted_mean_absolute_percentage_error stream has "
                                             "seen no sample")
        return self.error / max(self.scale, _EPS)

    @property
    def state(self) -> dict:
        return {"count": self.count, "mean_absolute_error": self.error, "mean_magnitude": self.scale}

    def _combine(self, count: int, error: float, scale: float) -> None:
        total = self.count + count
        with np.errstate(over="ignore", invalid="ignore"):
            if math.isinf(error) or math.isinf(self.error):
                self.error = self.error + error  # an overflowed mean stays infinite
            else:
                self.error += (count / total) * (error - self.error)
            self.scale += (count / total) * (scale - self.scale)
        self.count = total
