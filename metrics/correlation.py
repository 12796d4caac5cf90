"""Correlation coefficients between two paired samples.

All take 1-D ``x`` and ``y`` of equal length >= 2 (NaN/inf, 2-D input,
mismatched lengths and fewer than 2 pairs are refused with
MetricInputError). A constant input makes every coefficient 0/0: by
documented convention the result is NaN, as in ``scipy.stats``.
"""

from __future__ import annotations

import math

import numpy as np

from ._validation import as_floats, check_choice, check_same_length
from .errors import MetricInputError

__all__ = ["pearson", "spearman", "kendall_tau"]


def _pair(x, y):
    xa = as_floats(x, "x")
    ya = as_floats(y, "y")
    check_same_length("x", xa, "y", ya)
    if xa.shape[0] < 2:
        raise MetricInputError("x", f"needs at least 2 pairs, got {xa.shape[0]}")
    return xa, ya


def _centred(a: np.ndarray):
    """``(a - mean a, its Euclidean norm)``, or None if ``a`` is constant.

    Values outside [2**-200, 2**200] in magnitude are first scaled by a power of
    two (exact), which keeps the sums of squares away from overflow near 1e308
    and from underflow near 1e-308; in between no scaling is needed, which
    saves a pass and a temporary.
    """
    lo, hi = float(a.min()), float(a.max())
    if lo == hi:
        return None
    top = max(hi, -lo)
    if not 2.0**-200 <= top <= 2.0**200:
        a = np.ldexp(a, -math.frexp(top)[1])  # exact; 2**1028 itself (for 1e-310) is not a float
    c = a - a.mean()
    norm = math.sqrt(float(np.dot(c, c)))
    if norm == 0.0:  # distinct values whose differences are below rounding
        return None
    return c, norm


def _pearson_unchecked(x: np.ndarray, y: np.ndarray) -> float:
    cx = _centred(x)
    cy = _centred(y)
    if cx is None or cy is None:
        return math.nan
    r = float(np.dot(cx[0], cy[0])) / cx[1] / cy[1]
    return min(1.0, max(-1.0, r))  # rounding may leave |r| a few ulp above 1


def pearson(x, y) -> float:
    """Pearson product-moment correlation coefficient.

    ``r = sum (x_i - mean x)(y_i - mean y) / sqrt(sum (x_i - mean x)^2 * sum (y_i - mean y)^2)``.

    Range [-1, 1]; +1/-1 for an exact increasing/decreasing linear relation.
    Undefined case: ``x`` or ``y`` constant -> NaN (documented convention).
    Robust to extreme magnitudes: inputs are rescaled by a power of two before
    any sum of squares, so values near 1e-300 or 1e300 give the coefficient of
    the rescaled data, not an underflow/overflow artefact.
    Source: Pearson (1895); seed 000 section "Pearson correlation"; scipy.stats.pearsonr.
    """
    xa, ya = _pair(x, y)
    return _pearson_unchecked(xa, ya)


def _centred_average_ranks(a: np.ndarray):
    """(average ranks of ``a`` minus their mean (n + 1) / 2, True if ``a`` has ties).

    Ranks 1..n, tied values sharing the mean of the ranks they span. One
    unstable argsort (NumPy's fastest; tied values get the same rank whatever
    their order), then each value's rank is the midpoint of its run of equal
    values in sorted order. The centred ranks are multiples of 1/2, so they
    are exact in float64 and their products and sums of squares are exact
    integers (halves) up to 2**53.
    """
    n = a.shape[0]
    order = np.argsort(a)
    s = a[order]
    new_run = np.empty(n, dtype=bool)
    new_run[0] = True
    np.not_equal(s[1:], s[:-1], out=new_run[1:])
    centred = np.empty(n, dtype=np.float64)
    offset = 0.5 * (n - 1)  # rank k + 1 minus the mean rank (n + 1) / 2 is k - offset
    if np.count_nonzero(new_run) == n:  # no ties: ranks are the inverse permutation
        centred[order] = np.arange(-offset, n - offset, dtype=np.float64)
        return centred, False
    starts = np.flatnonzero(new_run)
    ends = np.empty_like(starts)
    ends[:-1] = starts[1:]
    ends[-1] = n
    run_rank = 0.5 * (starts + ends - 1) - offset  # mean of ranks starts+1 .. ends, centred
    centred[order] = run_rank[np.cumsum(new_run) - 1]
    return centred, True


def average_ranks(a: np.ndarray) -> np.ndarray:
    """Ranks 1..n of ``a``, tied values sharing the mean of the ranks they span."""
    centred, _ = _centred_average_ranks(a)
    return centred + 0.5 * (a.shape[0] + 1)


def spearman(x, y) -> float:
    """Spearman rank correlation: Pearson's r of the average ranks (ties share their mean rank).

    Range [-1, 1]. Invariant to strictly increasing transforms of either
    argument. Undefined case: ``x`` or ``y`` constant (all ranks tied) -> NaN.
    The ranks' mean is known, (n + 1) / 2, so Pearson's r of the ranks is three
    dot products of the centred ranks; without ties a rank vector's sum of
    squares is known too, ``n (n^2 - 1) / 12``, and its dot product is skipped.
    Source: Spearman (1904); seed 000 section "Spearman correlation"; scipy.stats.spearmanr.
    """
    xa, ya = _pair(x, y)
    n = xa.shape[0]
    cx, x_ties = _centred_average_ranks(xa)
    cy, y_ties = _centred_average_ranks(ya)
    no_tie_ss = n * (n * n - 1) / 12.0  # sum of (k - (n + 1) / 2)^2 over k = 1..n
    ss_x = float(np.dot(cx, cx)) if x_ties else no_tie_ss
    ss_y = float(np.dot(cy, cy)) if y_ties else no_tie_ss
    if ss_x == 0.0 or ss_y == 0.0:  # a constant input: every rank tied
        return math.nan
    r = float(np.dot(cx, cy)) / math.sqrt(ss_x * ss_y)
    return min(1.0, max(-1.0, r))  # rounding may leave |r| a few ulp above 1


def _tie_pairs(sorted_values: np.ndarray) -> int:
    """Number of tied pairs, sum t(t-1)/2 over runs of equal values of a sorted array."""
    n = sorted_values.shape[0]
    boundaries = np.flatnonzero(sorted_values[1:] != sorted_values[:-1]) + 1
    runs = np.diff(np.concatenate(([0], boundaries, [n]))).astype(np.int64)
    return int((runs * (runs - 1) // 2).sum())


def _count_inversions(r: np.ndarray) -> int:
    """Pairs i < j with r[i] > r[j], for dense int64 ranks r, in O(n log n).

    Radix-style: at bit b (most significant first) the values are arranged by
    their rank bits above b ("groups"), each group kept in the original order.
    Within a group, a value with bit b = 0 is smaller than every value with
    bit 1, so it forms an inversion with each earlier group member whose bit
    is 1. The groups are then split by bit b with a stable counting step
    (O(n)). Where a group starts needs no bookkeeping: it is the number of
    values below the group's smallest possible rank, read from a cumulative
    histogram of r made once.
    """
    n = r.shape[0]
    top = int(r.max()) if n else 0
    if top == 0:
        return 0
    below = np.zeros(top + 2, dtype=np.int64)  # below[v] = how many ranks are < v
    np.cumsum(np.bincount(r, minlength=top + 1), out=below[1:])
    positions = np.arange(n, dtype=np.int64)
    ones = np.zeros(n + 1, dtype=np.int64)  # ones[i] = 1-bits among the first i values
    v = r  # current arrangement of the ranks
    total = 0
    for b in range(top.bit_length() - 1, -1, -1):
        bit = (v >> b) & 1
        np.cumsum(bit, out=ones[1:])
        group_low = v >> (b + 1) << (b + 1)  # smallest rank of my group
        ones_before = ones[:-1] - ones[below[group_low]]  # 1-bits earlier in my group
        total += int(ones_before.sum()) - int(ones_before @ bit)  # summed over the 0-bits only
        ones_low = np.minimum(group_low + (1 << b), top + 1, out=group_low)
        # stable split of every group: its 0-bits first, then its 1-bits
        dest = np.where(bit, below[ones_low] + ones_before, positions - ones_before)
        arranged = np.empty_like(v)
        arranged[dest] = v
        v = arranged
    return total


def kendall_tau(x, y, *, variant="b") -> float:
    """Kendall rank correlation, tau-b (default) or tau-c.

    With ``C``/``D`` the concordant/discordant pairs, ``n0 = n(n-1)/2``,
    ``n1``/``n2`` the pairs tied in ``x``/``y``, and ``m`` the smaller number
    of distinct values of ``x`` and ``y``:
    ``tau_b = (C - D) / sqrt((n0 - n1)(n0 - n2))`` and
    ``tau_c = 2 (C - D) / (n^2 (m - 1) / m)``.

    Range [-1, 1]. Invariant to strictly increasing transforms of either
    argument. Undefined case: ``x`` or ``y`` constant -> NaN (both variants).
    O(n log n): dense ranks of ``x`` and ``y`` (one argsort each), one sort of
    the integer key ``(x rank, y rank)``, then the discordant pairs are the
    inversions of ``y``'s ranks in that order (Knight 1966), counted bitwise.
    Source: Kendall (1945) for tau-b, Stuart (1953) for tau-c; scipy.stats.kendalltau.
    """
    check_choice(variant, "variant", ("b", "c"))
    xa, ya = _pair(x, y)
    n = xa.shape[0]
    x_rank, xs = _dense_ranks(xa)
    y_rank, ys_sorted = _dense_ranks(ya)
    y_distinct = int(ys_sorted.shape[0] - _distinct_fewer(ys_sorted))
    # One integer key orders the pairs by x, then y (pairs tied in x are never
    # inversions); an unstable sort suffices since equal keys are equal pairs.
    key = x_rank * y_distinct + y_rank
    key.sort()
    discordant = _count_inversions(key % y_distinct)
    n0 = n * (n - 1) // 2
    x_ties = _tie_pairs(xs)
    y_ties = _tie_pairs(ys_sorted)
    joint_ties = _tie_pairs(key)
    concordant = n0 - x_ties - y_ties + joint_ties - discordant
    if x_ties == n0 or y_ties == n0:
        return math.nan
    if variant == "b":
        value = (concordant - discordant) / math.sqrt(float(n0 - x_ties) * float(n0 - y_ties))
    else:
        m = min(n - _distinct_fewer(xs), n - _distinct_fewer(ys_sorted))
        value = 2.0 * (concordant - discordant) / (float(n) ** 2 * (m - 1) / m)
    return min(1.0, max(-1.0, value))


def _dense_ranks(a: np.ndarray):
    """(dense ranks 0..m-1 of ``a`` as int64, ``a`` sorted), from one unstable argsort."""
    order = np.argsort(a)
    s = a[order]
    step = np.empty(s.shape[0], dtype=np.int64)
    step[0] = 0
    np.not_equal(s[1:], s[:-1], out=step[1:])
    ranks = np.empty_like(step)
    ranks[order] = np.cumsum(step, out=step)
    return ranks, s


def _distinct_fewer(sorted_values: np.ndarray) -> int:
    """How many entries of a sorted array repeat the previous one (n - number of distinct)."""
    return int(np.count_nonzero(sorted_values[1:] == sorted_values[:-1]))
