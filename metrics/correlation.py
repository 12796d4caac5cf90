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


def _unit_centred(a: np.ndarray):
    """``a`` centred and scaled to unit Euclidean norm, or None if ``a`` is constant.

    Scaling by a power of two first (exact) keeps the sums of squares away
    from overflow for values near 1e308 and from underflow near 1e-308.
    """
    top = float(np.max(np.abs(a)))
    if top == 0.0 or (a == a[0]).all():
        return None
    a = a * math.ldexp(1.0, -math.frexp(top)[1])
    c = a - a.mean()
    norm = math.sqrt(float(np.dot(c, c)))
    if norm == 0.0:  # distinct values whose differences are below rounding
        return None
    return c / norm


def _pearson_unchecked(x: np.ndarray, y: np.ndarray) -> float:
    ux = _unit_centred(x)
    uy = _unit_centred(y)
    if ux is None or uy is None:
        return math.nan
    r = float(np.dot(ux, uy))
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


def average_ranks(a: np.ndarray) -> np.ndarray:
    """Ranks 1..n of ``a``, tied values sharing the mean of the ranks they span.

    One sort, then each value's rank is the midpoint of its run of equal
    values in sorted order. The sort need not be stable (tied values get the
    same rank whatever their order), so NumPy's fastest (SIMD) argsort is used.
    """
    n = a.shape[0]
    order = np.argsort(a)
    s = a[order]
    new_run = np.empty(n, dtype=bool)
    new_run[0] = True
    np.not_equal(s[1:], s[:-1], out=new_run[1:])
    starts = np.flatnonzero(new_run)
    if starts.shape[0] == n:  # no ties: ranks are the inverse permutation
        ranks = np.empty(n, dtype=np.float64)
        ranks[order] = np.arange(1, n + 1, dtype=np.float64)
        return ranks
    ends = np.empty_like(starts)
    ends[:-1] = starts[1:]
    ends[-1] = n
    run_rank = 0.5 * (starts + ends + 1)  # mean of ranks starts+1 .. ends
    run_of_sorted = np.cumsum(new_run) - 1
    ranks = np.empty(n, dtype=np.float64)
    ranks[order] = run_rank[run_of_sorted]
    return ranks


def spearman(x, y) -> float:
    """Spearman rank correlation: Pearson's r of the average ranks (ties share their mean rank).

    Range [-1, 1]. Invariant to strictly increasing transforms of either
    argument. Undefined case: ``x`` or ``y`` constant (all ranks tied) -> NaN.
    Source: Spearman (1904); seed 000 section "Spearman correlation"; scipy.stats.spearmanr.
    """
    xa, ya = _pair(x, y)
    return _pearson_unchecked(average_ranks(xa), average_ranks(ya))


def _tie_pairs(sorted_values: np.ndarray) -> int:
    """Number of tied pairs, sum t(t-1)/2 over runs of equal values of a sorted array."""
    n = sorted_values.shape[0]
    boundaries = np.flatnonzero(sorted_values[1:] != sorted_values[:-1]) + 1
    runs = np.diff(np.concatenate(([0], boundaries, [n]))).astype(np.int64)
    return int((runs * (runs - 1) // 2).sum())


def _count_inversions(r: np.ndarray) -> int:
    """Pairs i < j with r[i] > r[j], for dense integer ranks r, in O(n log n).

    Radix-style: at bit b (most significant first) elements are grouped by
    their rank bits above b, each group kept in the original order. Within a
    group, an element with bit b = 0 is smaller than every element with bit 1,
    so it forms an inversion with each earlier group member whose bit is 1.
    The groups are then split by bit b with a stable counting step (O(n)).
    """
    n = r.shape[0]
    top = int(r.max()) if n else 0
    if top == 0:
        return 0
    positions = np.arange(n)
    order = positions.copy()  # current arrangement of the elements (indices into r)
    total = 0
    for b in range(top.bit_length() - 1, -1, -1):
        ro = r[order]
        group = ro >> (b + 1)
        bit = (ro >> b) & 1
        new_group = np.empty(n, dtype=bool)
        new_group[0] = True
        np.not_equal(group[1:], group[:-1], out=new_group[1:])
        starts = np.flatnonzero(new_group)
        gid = np.cumsum(new_group) - 1
        ones_through = np.cumsum(bit)  # inclusive prefix count of 1-bits
        ones_before_group = (ones_through - bit)[starts][gid]
        ones_before = ones_through - bit - ones_before_group  # 1-bits earlier in my group
        is_zero = bit == 0
        total += int(ones_before[is_zero].sum())
        # stable split of every group: its 0-bits first, then its 1-bits
        group_start = starts[gid]
        group_ones = np.add.reduceat(bit, starts)
        group_size = np.diff(np.append(starts, n))
        zeros_in_group = (group_size - group_ones)[gid]
        rank_in_group = positions - group_start
        dest = np.where(
            is_zero,
            group_start + rank_in_group - ones_before,
            group_start + zeros_in_group + ones_before,
        )
        new_order = np.empty_like(order)
        new_order[dest] = order
        order = new_order
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
    O(n log n): one lexicographic sort, then the discordant pairs are the
    inversions of ``y``'s ranks in that order (Knight 1966), counted bitwise.
    Source: Kendall (1945) for tau-b, Stuart (1953) for tau-c; scipy.stats.kendalltau.
    """
    check_choice(variant, "variant", ("b", "c"))
    xa, ya = _pair(x, y)
    n = xa.shape[0]
    order = np.lexsort((ya, xa))  # by x, then y: pairs tied in x are never inversions
    xs = xa[order]
    ys_sorted = np.sort(ya)
    _, y_rank = np.unique(ya[order], return_inverse=True)
    discordant = _count_inversions(y_rank.astype(np.int64))
    n0 = n * (n - 1) // 2
    x_ties = _tie_pairs(xs)
    y_ties = _tie_pairs(ys_sorted)
    new_pair = np.empty(n, dtype=bool)
    new_pair[0] = True
    new_pair[1:] = (xs[1:] != xs[:-1]) | (ya[order][1:] != ya[order][:-1])
    runs = np.diff(np.append(np.flatnonzero(new_pair), n)).astype(np.int64)
    joint_ties = int((runs * (runs - 1) // 2).sum())
    concordant = n0 - x_ties - y_ties + joint_ties - discordant
    if x_ties == n0 or y_ties == n0:
        return math.nan
    if variant == "b":
        value = (concordant - discordant) / math.sqrt(float(n0 - x_ties) * float(n0 - y_ties))
    else:
        m = min(n - _distinct_fewer(xs), n - _distinct_fewer(ys_sorted))
        value = 2.0 * (concordant - discordant) / (float(n) ** 2 * (m - 1) / m)
    return min(1.0, max(-1.0, value))


def _distinct_fewer(sorted_values: np.ndarray) -> int:
    """How many entries of a sorted array repeat the previous one (n - number of distinct)."""
    return int(np.count_nonzero(sorted_values[1:] == sorted_values[:-1]))
