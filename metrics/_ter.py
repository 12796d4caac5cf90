"""The TER edit count: Tercom's greedy shift search over a beam-limited edit distance.

Snover et al. (2006) define TER as the fewest edits (insertions, deletions,
substitutions and *shifts* of a contiguous block of words, each costing 1) that
turn the hypothesis into the reference. The exact minimum is NP-hard, so every
implementation follows Tercom's greedy search, as sacrebleu's ``lib_ter`` does:

1. align hypothesis and reference by edit distance (rows: hypothesis words,
   columns: reference words; only a beam of 25 columns around the length-ratio
   diagonal is filled; ties prefer a match or substitution, then skipping a
   hypothesis word, then skipping a reference word; the alignment is read back
   from the last cell);
2. candidate shifts: a hypothesis block of 1..10 words equal to a reference
   block starting at most 50 positions away, that is misaligned on both sides
   and not already aligned to that reference position; each is tried at every
   position just after the alignment partner of the reference words around the
   block;
3. keep the candidate that lowers the edit distance most (then the longest, the
   earliest in the hypothesis, the earliest target); apply it if it lowers the
   distance, and repeat. After 1000 evaluated candidates the search stops
   (and the shift under evaluation then is not applied).

The edits are the applied shifts plus the final edit distance. Edit distances
of all the candidates of one step are computed at once: one NumPy row update
for the whole batch per hypothesis word, or, for a reference shorter than the
beam (where the beam distance is the exact one), rapidfuzz's Levenshtein
distance per candidate.
"""

from __future__ import annotations

import math

import numpy as np
from rapidfuzz.distance import Levenshtein

MAX_SHIFT_SIZE = 10
MAX_SHIFT_DISTANCE = 50
BEAM_WIDTH = 25
MAX_SHIFT_CANDIDATES = 1000

_INF = np.int64(10**15)
# operations in the alignment table (hypothesis rows, reference columns)
_DIAGONAL, _SKIP_HYP, _SKIP_REF, _UNDEFINED = 0, 1, 2, 3


def _beam(i: int, n_hyp: int, n_ref: int) -> tuple[int, int]:
    """The columns [lo, hi) of row i that the beam fills."""
    ratio = n_ref / n_hyp if n_hyp else 1
    width = math.ceil(ratio / 2 + BEAM_WIDTH) if BEAM_WIDTH < ratio / 2 else BEAM_WIDTH
    diagonal = math.floor(i * ratio)
    lo, hi = max(0, diagonal - width), min(n_ref + 1, diagonal + width)
    return lo, (n_ref + 1 if i == n_hyp else hi)


def _distances(hyps: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """Beam edit distance of each row of ``hyps`` (int ids, shape (c, n)) to ``ref``: one NumPy row update for
    the whole batch per hypothesis word. The recurrence of :func:`_alignment`, without the operations."""
    c, n_hyp = hyps.shape
    n_ref = ref.size
    cols = np.arange(n_ref + 1, dtype=np.int64)
    row = np.broadcast_to(cols, (c, n_ref + 1)).copy()
    for i in range(1, n_hyp + 1):
        lo, hi = _beam(i, n_hyp, n_ref)
        diagonal = np.full((c, hi - lo), _INF)
        j0 = max(lo, 1)
        if j0 < hi:
            mismatch = hyps[:, i - 1, None] != ref[None, j0 - 1:hi - 1]
            diagonal[:, j0 - lo:] = row[:, j0 - 1:hi - 1] + mismatch
        base = np.minimum(diagonal, row[:, lo:hi] + 1)
        # the cell to the left: a running minimum of base[k] + (j - k)
        shift = cols[lo:hi]
        new = np.minimum(np.minimum.accumulate(base - shift, axis=1) + shift, _INF)
        row = np.full((c, n_ref + 1), _INF)
        row[:, lo:hi] = new
    return row[:, n_ref]


def _alignment(hyp: list, ref: list):
    """(distance, align, hyp_err, ref_err) of one hypothesis: ``align[r]`` is the hypothesis position aligned
    to reference position ``r`` (-1 before the first), the error flags as read from the backtrace.

    The beam table row by row in plain Python (one short sequence: cheaper than NumPy calls); a cell takes
    the first strictly cheapest of (diagonal, up, left), as Tercom and sacrebleu do, and stays undefined
    (infinite) when none is finite."""
    n_h, n_r = len(hyp), len(ref)
    inf = int(_INF)
    row = list(range(n_r + 1))
    ops = [[_SKIP_REF] * (n_r + 1)]
    for i in range(1, n_h + 1):
        lo, hi = _beam(i, n_h, n_r)
        new, op_row = [inf] * (n_r + 1), [_UNDEFINED] * (n_r + 1)
        word = hyp[i - 1]
        for j in range(lo, hi):
            if j == 0:
                new[0], op_row[0] = row[0] + 1, _SKIP_HYP
                continue
            best, op = inf, _UNDEFINED
            cost = row[j - 1] + (word != ref[j - 1])
            if cost < best:
                best, op = cost, _DIAGONAL
            cost = row[j] + 1
            if cost < best:
                best, op = cost, _SKIP_HYP
            cost = new[j - 1] + 1
            if cost < best:
                best, op = cost, _SKIP_REF
            new[j], op_row[j] = best, op
        row = new
        ops.append(op_row)
    i, j = n_h, n_r
    trace = []
    while i > 0 or j > 0:
        op = ops[i][j]
        trace.append(op)
        if op == _DIAGONAL:
            i, j = i - 1, j - 1
        elif op == _SKIP_HYP:
            i -= 1
        elif op == _SKIP_REF:
            j -= 1
        else:  # pragma: no cover - the last row always spans every column
            raise RuntimeError("TER alignment left the beam")
    align: dict[int, int] = {}
    hyp_err: list[int] = []
    ref_err: list[int] = []
    pos_h = pos_r = -1
    for op in reversed(trace):
        if op == _DIAGONAL:
            pos_h += 1
            pos_r += 1
            align[pos_r] = pos_h
            wrong = int(hyp[pos_h] != ref[pos_r])
            hyp_err.append(wrong)
            ref_err.append(wrong)
        elif op == _SKIP_HYP:
            pos_h += 1
            hyp_err.append(1)
        else:
            pos_r += 1
            align[pos_r] = pos_h
            ref_err.append(1)
    return row[n_r], align, hyp_err, ref_err


def _shifted(words: list, start: int, length: int, target: int) -> list:
    block = words[start:start + length]
    if target < start:
        return words[:target] + block + words[target:start] + words[start + length:]
    if target > start + length:
        return words[:start] + words[start + length:target] + block + words[target:]
    return words[:start] + words[start + length:length + target] + block + words[length + target:]


def _matching_blocks(hyp: list, ref: list):
    """(hypothesis start, reference start, length): every block of 1..10 equal words, in Tercom's order
    (hypothesis start, then reference start, then length); only reference positions holding the block's first
    word can start one."""
    n_h, n_r = len(hyp), len(ref)
    positions: dict = {}
    for sr, word in enumerate(ref):
        positions.setdefault(word, []).append(sr)
    for sh in range(n_h):
        for sr in positions.get(hyp[sh], ()):
            if abs(sr - sh) > MAX_SHIFT_DISTANCE:
                continue
            length = 0
            while hyp[sh + length] == ref[sr + length] and length < MAX_SHIFT_SIZE:
                length += 1
                yield sh, sr, length
                if sh + length == n_h or sr + length == n_r:
                    break


def _best_shift(hyp: list, ref: list, ref_ids: np.ndarray, checked: int):
    """(gain, shifted hypothesis or None, candidates checked so far): the step's best shift."""
    distance, align, hyp_err, ref_err = _alignment(hyp, ref)
    keys, shifted = [], []
    for sh, sr, length in _matching_blocks(hyp, ref):
        if not any(hyp_err[sh:sh + length]) or not any(ref_err[sr:sr + length]):
            continue
        if sh <= align[sr] < sh + length:
            continue
        previous = -1
        for offset in range(-1, length):
            if sr + offset == -1:
                target = 0
            elif sr + offset in align:
                target = align[sr + offset] + 1
            else:
                break
            if target == previous:
                continue
            previous = target
            keys.append((length, -sh, -target))
            shifted.append(_shifted(hyp, sh, length, target))
            checked += 1
        if checked >= MAX_SHIFT_CANDIDATES:
            break
    if not shifted:
        return 0, None, checked
    gains = distance - _candidate_distances(shifted, ref, ref_ids)
    best = max(range(len(shifted)), key=lambda k: (int(gains[k]), *keys[k]))
    return int(gains[best]), shifted[best], checked


def _beam_is_full(n_hyp: int, n_ref: int) -> bool:
    """Whether the beam spans every column of every row: the first row reaches the last column and the
    second-last row starts at column 0 (the last row always spans them all; beams only move right)."""
    if n_hyp <= 1:
        return True
    return _beam(1, n_hyp, n_ref)[1] == n_ref + 1 and _beam(n_hyp - 1, n_hyp, n_ref)[0] == 0


def _candidate_distances(hyps: list[list[int]], ref: list[int], ref_ids: np.ndarray) -> np.ndarray:
    """The beam edit distance of each hypothesis (all of one length) to ``ref``. Where the beam holds every
    column of every row (short sentences) it is the exact Levenshtein distance: rapidfuzz's, one C call per
    hypothesis; otherwise one batched NumPy row update per hypothesis word."""
    if _beam_is_full(len(hyps[0]), len(ref)):
        distance = Levenshtein.distance
        return np.fromiter((distance(h, ref) for h in hyps), dtype=np.int64, count=len(hyps))
    return _distances(np.asarray(hyps, dtype=np.int64).reshape(len(hyps), -1), ref_ids)


def ter_edits(hyp: list[int], ref: list[int]) -> int:
    """The number of TER edits (shifts + final edit distance) of hypothesis ``hyp`` against ``ref`` (int ids)."""
    if not ref:
        return len(hyp)
    ref_ids = np.asarray(ref, dtype=np.int64)
    shifts, checked = 0, 0
    while True:
        gain, shifted, checked = _best_shift(hyp, ref, ref_ids, checked)
        if checked >= MAX_SHIFT_CANDIDATES or gain <= 0:
            break
        shifts += 1
        hyp = shifted
    return shifts + int(_candidate_distances([hyp], ref, ref_ids)[0])
