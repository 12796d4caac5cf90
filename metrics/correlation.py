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


def _tie_pairs(new_run: np.ndarray) -> int:
    """Tied pairs, sum t(t-1)/2 over runs of equal values of a sorted array of length n.

    ``new_run[k]`` says whether sorted element k + 1 differs from element k
    (length n - 1); without a False there are no ties and no run to measure.
    """
    n = new_run.shape[0] + 1
    if np.count_nonzero(new_run) == n - 1:
        return 0
    starts = np.flatnonzero(new_run)
    starts += 1
    runs = np.diff(np.concatenate(([0], starts, [n]))).astype(np.int64)
    return int((runs * (runs - 1) // 2).sum())


_MAGNITUDE = np.int64(0x7FFF_FFFF_FFFF_FFFF)


def _order_keys(a: np.ndarray) -> np.ndarray:
    """int64 keys ordered as the (finite) float64 values ``a`` are, equal exactly when they are.

    A float's bits read as a signed integer order the non-negative floats
    correctly and the negative ones backwards; flipping a negative float's
    magnitude bits reverses them, and adding 1 to every negative key maps
    -0.0 (bits 0x8000...) onto +0.0's key 0.
    """
    bits = a.view(np.int64)
    sign = bits >> 63  # -1 for a negative float (or -0.0), 0 otherwise
    key = sign & _MAGNITUDE
    key ^= bits
    key -= sign
    return key


def _sort_order(full: np.ndarray, index: np.ndarray):
    """(a stable argsort of the int64 keys ``full``, where sorted keys change or None if never).

    ``np.argsort`` of 1e7 values costs several times ``np.sort`` of 1e7 int64
    (the sort is vectorised, the argsort moves an index array along). So each
    key keeps its top ``64 - b`` bits and carries its index in the low ``b``
    bits (``2**b >= n``); one sort of these is an argsort by (truncated key,
    index), stable: kendall_tau relies on equal values staying in index
    order. Neighbours with equal truncated keys are the only candidates for
    ties, and for being out of order (distinct values within a relative
    2**-(52 - b) or so of each other): their full keys are compared, and runs
    holding a misordered pair are re-sorted on their full keys, stably (or
    everything, by a stable ``np.argsort``, if such runs are more than an
    eighth of the input). Without candidates (continuous data) no full key
    is read back at all. ``index`` is ``np.arange(n)``.
    """
    n = full.shape[0]
    b = max((n - 1).bit_length(), 1)
    low = np.int64((1 << b) - 1)
    key = full & ~low
    key |= index
    key.sort()
    order = key & low
    # equal truncated keys: the xor of two keys is below 2**b (as unsigned)
    same = np.bitwise_xor(key[1:], key[:-1]).view(np.uint64) <= np.uint64(low)
    count = int(np.count_nonzero(same))
    if count == 0:
        return order, None
    dense = count > n // 4  # then one gather of every key beats two sparse ones
    if dense:
        sorted_full = full[order]
        before, after = sorted_full[:-1], sorted_full[1:]
        bad = np.flatnonzero(after < before)
    else:
        candidates = np.flatnonzero(same)
        before, after = full[order[candidates]], full[order[candidates + 1]]
        bad = candidates[after < before]
    if bad.shape[0]:
        # a misordered pair lies inside one run of equal truncated keys; the
        # runs are contiguous in the sorted keys, so two binary searches find each
        run_keys = np.unique(key[bad] & ~low)
        lo = np.searchsorted(key, run_keys, side="left")
        lengths = np.searchsorted(key, run_keys | low, side="right") - lo
        if int(lengths.sum()) > n // 8:
            order = np.argsort(full, kind="stable")
        else:
            positions = np.repeat(lo - np.cumsum(lengths) + lengths, lengths) + np.arange(int(lengths.sum()))
            members = order[positions]
            order[positions] = members[np.argsort(full[members], kind="stable")]
        if dense:
            sorted_full = full[order]
            before, after = sorted_full[:-1], sorted_full[1:]
        else:
            before, after = full[order[candidates]], full[order[candidates + 1]]
    if dense:
        return order, after != before
    new_run = np.ones(n - 1, dtype=bool)
    new_run[candidates[after == before]] = False
    return order, new_run


# _count_inversions: the last 5 value bits are counted pairwise in groups of 32
# values; groups of 2**16 values are finished in cache-sized batches of 2**17
# elements as uint16; the levels above split the whole array in 2**16-element
# chunks (np.compress builds an int64 index array per call: kept in cache).
_BRUTE_BITS = 5
_LOCAL_BITS = 16
_BATCH = 1 << 17
_CHUNK = 1 << 16


def _wavelet_levels(cur: np.ndarray, r: int, k: int, b_hi: int, b_lo: int):
    """(inversions decided at value bits b_hi-1 .. b_lo, ``cur`` split by those bits).

    ``cur`` holds k consecutive blocks, each a permutation of 0..r-1 (pairs in
    different blocks are not counted). Before bit b is processed the values
    are arranged by their bits above b ("groups"), each group contiguous and
    in the original order: pairs of a group that differ first at bit b are
    inversions exactly when the 1 comes first. For the 0-bits q of a group
    starting at position g, the 1-bits before q number (q - g) minus the
    0-bits before q, so the level's inversions are
        sum of the positions of the 0-bits - sum over groups (g Z + Z (Z - 1) / 2),
    with Z a group's 0-bits. A group's size and Z follow from its value range
    (the blocks are permutations), and its start from the sizes of the groups
    before it: a stable split (0-bits first) keeps the next groups contiguous,
    in the order of their reversed bit prefixes, block by block (``prefixes``).
    """
    length = cur.shape[0]
    kind = cur.dtype.type
    bit = np.empty_like(cur)
    mask = np.empty(length, dtype=bool)
    prefixes = np.zeros(1, dtype=np.int64)  # bits above b of each group, in arrangement order
    all_positions = length * (length - 1) // 2
    total = 0
    for b in range(b_hi - 1, b_lo - 1, -1):
        np.bitwise_and(cur, kind(1 << b), out=bit)
        np.not_equal(bit, 0, out=mask)
        size = np.clip(r - (prefixes << (b + 1)), 0, 1 << (b + 1))
        zeros = np.minimum(size, 1 << b)
        if k > 1:
            size = np.repeat(size, k)
            zeros = np.repeat(zeros, k)
        start = np.cumsum(size) - size
        total -= int(np.dot(start, zeros)) + int((zeros * (zeros - 1) // 2).sum())
        if length <= _BATCH:
            ones_at = np.flatnonzero(mask)
            total += all_positions - int(ones_at.sum())
            ones = cur.take(ones_at)
            np.logical_not(mask, out=mask)
            cur = np.concatenate((np.compress(mask, cur), ones))
        else:
            # the same split, chunk by chunk, each writing at its running offsets
            ones_total = int(np.count_nonzero(mask))
            split = np.empty_like(cur)
            zero_at, one_at = 0, length - ones_total
            ones_sum = 0
            for s in range(0, length, _CHUNK):
                part = cur[s:s + _CHUNK]
                ones_at = np.flatnonzero(mask[s:s + _CHUNK])
                ones_sum += int(ones_at.sum()) + s * ones_at.shape[0]
                split[one_at:one_at + ones_at.shape[0]] = part.take(ones_at)
                one_at += ones_at.shape[0]
                chunk_zeros = np.compress(np.logical_not(mask[s:s + _CHUNK]), part)
                split[zero_at:zero_at + chunk_zeros.shape[0]] = chunk_zeros
                zero_at += chunk_zeros.shape[0]
            total += all_positions - ones_sum
            cur = split
        prefixes = np.concatenate((2 * prefixes, 2 * prefixes + 1))
    return total, cur


def _count_inversions(perm: np.ndarray) -> int:
    """Pairs i < j with perm[i] > perm[j], for a permutation of 0..n-1, in O(n log n).

    A wavelet matrix over the value bits, most significant first
    (_wavelet_levels). The input is padded with the values n..N-1 (N a
    multiple of 32) at the end: larger than every value before them and
    increasing, they add no inversion. The bits above bit 16 split the whole
    array; each resulting group of 2**16 values is then finished on its own,
    in cache (a batch of such groups at a time, as uint16). Once groups hold
    32 values (all bits above bit 5 equal) their pairs are compared directly,
    (32 - 1) / 2 int8 comparisons per value, instead of five more splits.
    """
    n = perm.shape[0]
    bottom = min(_BRUTE_BITS, max((n - 1).bit_length(), 1))
    size = 1 << bottom
    total_n = -(-n // size) * size
    top = max((total_n - 1).bit_length(), 1)
    dtype = np.int32 if total_n <= 2**31 else np.int64
    cur = np.empty(total_n, dtype=dtype)
    cur[:n] = perm
    cur[n:] = np.arange(n, total_n, dtype=dtype)
    low = np.empty(total_n, dtype=np.int8)  # low `bottom` bits, in the final arrangement
    local_dtype = np.uint16 if _LOCAL_BITS <= 16 else dtype
    if top <= _LOCAL_BITS:
        total, cur = _wavelet_levels(cur.astype(local_dtype), total_n, 1, top, bottom)
        np.bitwise_and(cur, size - 1, out=low, casting="unsafe")
    else:
        total, cur = _wavelet_levels(cur, total_n, 1, top, _LOCAL_BITS)
        group = 1 << _LOCAL_BITS
        prefixes = np.zeros(1, dtype=np.int64)
        for _ in range(top - _LOCAL_BITS):
            prefixes = np.concatenate((2 * prefixes, 2 * prefixes + 1))
        sizes = np.clip(total_n - (prefixes << _LOCAL_BITS), 0, group)
        nonempty = sizes > 0
        prefixes, sizes = prefixes[nonempty], sizes[nonempty]
        starts = (np.cumsum(sizes) - sizes).tolist()
        sizes = sizes.tolist()
        prefixes = prefixes.tolist()
        per_batch = max(_BATCH // group, 1)
        i = 0
        while i < len(sizes):
            s = starts[i]
            if sizes[i] < group:  # the one partial group: values p * 2**16 + (0 .. r-1)
                r = sizes[i]
                local = (cur[s:s + r] - prefixes[i] * group).astype(local_dtype)
                hi = max((r - 1).bit_length(), bottom)
                count, local = _wavelet_levels(local, r, 1, hi, bottom)
                j = i + 1
            else:  # consecutive full groups, a batch at a time
                j = i + 1
                while j < len(sizes) and j - i < per_batch and sizes[j] == group:
                    j += 1
                local = (cur[s:s + (j - i) * group] & dtype(group - 1)).astype(local_dtype)
                count, local = _wavelet_levels(local, group, j - i, _LOCAL_BITS, bottom)
            total += count
            np.bitwise_and(local, size - 1, out=low[s:s + local.shape[0]], casting="unsafe")
            i = j
    # groups of `size` consecutive values, each contiguous and in original order
    low = np.ascontiguousarray(low.reshape(-1, size).T)
    for p in range(size - 1):
        total += int(np.count_nonzero(low[p] > low[p + 1:]))
    return total


_TABLE_CELLS = 1 << 22  # largest x-by-y table kendall_tau counts in (32 MB of int64)


def _table_counts(table: np.ndarray):
    """(pairs tied in x, in y, in both, discordant pairs) from a table of counts.

    ``table[i, j]`` counts the samples with the i-th smallest x and j-th
    smallest y. A sample in cell (i, j) is discordant with every sample in
    the cells below and to the left of it, (i' > i, j' < j); summing over the
    rows below, then along the row, gives those counts for every cell at once.
    """
    below = np.cumsum(table[::-1], axis=0)[::-1]  # rows i..end
    below = below[1:]  # rows i+1..end, for rows 0..kx-2
    left = np.cumsum(below, axis=1)
    left[:, 1:] = left[:, :-1].copy()
    left[:, 0] = 0  # columns < j
    discordant = int(np.sum(table[:-1] * left))
    rows = table.sum(axis=1)
    cols = table.sum(axis=0)
    pairs = lambda c: int((c * (c - 1) // 2).sum())  # noqa: E731
    return pairs(rows), pairs(cols), pairs(table), discordant


_SAMPLE_FROM = 1 << 14
_SAMPLE_SIZE = 2048


def _sample_ties(a: np.ndarray) -> int:
    """Repeated values among about 2048 spread-out entries of ``a`` (a cheap hint of ties).

    The positions are a multiplicative hash of 0..2047 (deterministic; the
    few collisions are dropped), so sorted and shuffled inputs alike are
    sampled across their length.
    """
    n = a.shape[0]
    positions = np.unique((np.arange(_SAMPLE_SIZE, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)) % np.uint64(n))
    sample = np.sort(a[positions.astype(np.int64)])
    return int(np.count_nonzero(sample[1:] == sample[:-1]))


def kendall_tau(x, y, *, variant="b") -> float:
    """Kendall rank correlation, tau-b (default) or tau-c.

    With ``C``/``D`` the concordant/discordant pairs, ``n0 = n(n-1)/2``,
    ``n1``/``n2`` the pairs tied in ``x``/``y``, and ``m`` the smaller number
    of distinct values of ``x`` and ``y``:
    ``tau_b = (C - D) / sqrt((n0 - n1)(n0 - n2))`` and
    ``tau_c = 2 (C - D) / (n^2 (m - 1) / m)``.

    Range [-1, 1]. Invariant to strictly increasing transforms of either
    argument. Undefined case: ``x`` or ``y`` constant -> NaN (both variants).
    O(n log n), exact integer counts. One argument, call it y, is sorted;
    then x listed in y's order is sorted with the y-position breaking ties:
    the pairs come out ordered by x, ties in x by y, so pairs tied in x are
    never inversions of y's ranks in this order, and the discordant pairs
    are exactly those inversions (Knight 1966). If y has ties, its ranks are
    first turned into a permutation with the same inversions (tied ranks
    ordered by position), which costs one more sort: so from 16384 samples
    on, y is the argument with fewer repeats among 2048 sampled values (both
    coefficients are symmetric in x and y). The inversions are counted one
    value bit at a time (_count_inversions); each sort is one ``np.sort`` of
    packed int64 keys (_sort_order). With few distinct (x, y) value pairs (at
    most 2n and 2**22) the counts come from an x-by-y table instead
    (_table_counts).
    Source: Kendall (1945) for tau-b, Stuart (1953) for tau-c; scipy.stats.kendalltau.
    """
    check_choice(variant, "variant", ("b", "c"))
    xa, ya = _pair(x, y)
    n = xa.shape[0]
    if n >= _SAMPLE_FROM and _sample_ties(ya) > _sample_ties(xa):
        xa, ya = ya, xa  # sort first the argument that looks less tied (see above)
    index = np.arange(n, dtype=np.int64)
    y_order, y_new = _sort_order(_order_keys(np.ascontiguousarray(ya)), index)
    # x in y order, sorted with the y-position breaking ties: (x, y) order
    xy_order, x_new = _sort_order(_order_keys(xa[y_order]), index)
    y_distinct = n if y_new is None else int(np.count_nonzero(y_new)) + 1
    x_distinct = n if x_new is None else int(np.count_nonzero(x_new)) + 1
    if x_distinct == 1 or y_distinct == 1:
        return math.nan
    n0 = n * (n - 1) // 2
    if y_distinct < n:
        y_rank = np.empty(n, dtype=np.int64)  # dense ranks, in y order
        y_rank[0] = 0
        np.cumsum(y_new, out=y_rank[1:])
        seq = y_rank[xy_order]  # y's dense ranks in (x, y) order
    else:
        seq = xy_order  # distinct y: the y-positions are y's ranks
    if x_distinct * y_distinct <= min(2 * n, _TABLE_CELLS):
        # few distinct pairs: count them in an x-by-y table instead
        x_rank = np.empty(n, dtype=np.int64)  # dense ranks, in (x, y) order
        x_rank[0] = 0
        if x_new is None:
            x_rank[1:] = index[1:]
        else:
            np.cumsum(x_new, out=x_rank[1:])
        x_rank *= y_distinct
        x_rank += seq
        table = np.bincount(x_rank, minlength=x_distinct * y_distinct).reshape(x_distinct, y_distinct)
        x_ties, y_ties, joint_ties, discordant = _table_counts(table)
    else:
        x_ties = 0 if x_new is None else _tie_pairs(x_new)
        y_ties = 0 if y_new is None else _tie_pairs(y_new)
        rank_dtype = np.int32 if n <= 2**31 else np.int64
        if y_distinct == n:  # a permutation already
            seq = seq.astype(rank_dtype)
            joint_ties = 0
        else:
            if x_new is None:  # distinct x: no pair tied in both
                joint_ties = 0
            else:
                joint_new = seq[1:] != seq[:-1]
                joint_new |= x_new
                joint_ties = _tie_pairs(joint_new)
            # the same inversions as a permutation: positions listed in (rank,
            # position) order; tied ranks appear in increasing position
            index_bits = max((n - 1).bit_length(), 1)
            seq <<= index_bits
            seq |= index
            seq.sort()
            seq = (seq & np.int64((1 << index_bits) - 1)).astype(rank_dtype)
        discordant = _count_inversions(seq)
    concordant = n0 - x_ties - y_ties + joint_ties - discordant
    if variant == "b":
        value = (concordant - discordant) / math.sqrt(float(n0 - x_ties) * float(n0 - y_ties))
    else:
        m = min(x_distinct, y_distinct)
        value = 2.0 * (concordant - discordant) / (float(n) ** 2 * (m - 1) / m)
    return min(1.0, max(-1.0, value))
