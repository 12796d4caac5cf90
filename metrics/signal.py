"""Signal metrics: transmitted bits, event timing, speech frames and listener ratings.

The remaining metrics of the source documents (seed 004) that compare or
summarise sequences of signal values rather than labels, scores or text:

* ``bit_error_rate``: bits received against bits sent (compression, channels);
* ``burstiness``: the timing of events (generated text: sentence switch points);
* ``mean_opinion_score``: listener ratings of synthesised speech, with its
  confidence interval;
* ``mel_cepstral_distortion``: synthesised speech against a reference, frame by
  frame on mel cepstra, aligned as given or by dynamic time warping.
"""

from __future__ import annotations

import math
import numbers
from typing import NamedTuple

import numpy as np

from ._validation import _as_array, as_floats, check_choice
from .errors import MetricInputError

__all__ = ["bit_error_rate", "burstiness", "mean_opinion_score", "mel_cepstral_distortion"]

CONVENTIONS = {
    "signal.burstiness": "population standard deviation (ddof = 0), as Goh & Barabási",
    "signal.mos": "Student-t interval, s with ddof = 1; the interval is not clipped to the scale",
    "signal.mcd": "(10 / ln 10) sqrt(2 sum_d (c_d - c'_d)^2) per frame, c0 (energy) left out unless "
                  "include_energy=True, averaged over frames (over the DTW path with alignment='dtw')",
}

ALIGNMENTS = ("none", "dtw")
#: Kubichek's constant: dB per unit of Euclidean mel-cepstral distance
MCD_CONSTANT = 10.0 / math.log(10.0) * math.sqrt(2.0)


class MeanOpinionScore(NamedTuple):
    mean: float
    ci_low: float
    ci_high: float


# ------------------------------------------------------------------ bit error rate


def _bit_array(values, name: str, packed: bool) -> np.ndarray:
    if packed and isinstance(values, (bytes, bytearray, memoryview)):
        arr = np.frombuffer(bytes(values), dtype=np.uint8)
    else:
        arr = _as_array(values, name)
    if arr.ndim != 1:
        raise MetricInputError(name, f"expected a 1-D array, got shape {arr.shape}")
    if arr.size == 0:
        raise MetricInputError(name, "is empty")
    if arr.dtype.kind not in "biuf":
        raise MetricInputError(name, f"expected bits as integers or booleans, got dtype {arr.dtype}")
    if arr.dtype.kind == "f" and not (np.isfinite(arr).all() and (arr == np.round(arr)).all()):
        raise MetricInputError(name, "contains values that are not whole numbers")
    if arr.dtype == np.uint8 if packed else arr.dtype.kind == "b":
        return arr  # nothing to check: every value is a byte (a bit)
    if arr.dtype.kind == "b":
        return arr.astype(np.uint8)
    top = 255 if packed else 1
    low = 0 if arr.dtype.kind == "u" else arr.min()  # unsigned: one pass, not two
    if low < 0 or arr.max() > top:
        what = "bytes in 0..255" if packed else "bits 0 or 1"
        raise MetricInputError(name, f"expected {what}, found {low if low < 0 else arr.max()!r}")
    return arr if arr.dtype == np.uint8 else arr.astype(np.uint8)


def _popcount(x: np.ndarray) -> int:
    if hasattr(np, "bitwise_count"):
        return int(np.bitwise_count(x).sum(dtype=np.int64))
    return int(np.unpackbits(x).sum(dtype=np.int64))


def bit_error_rate(bits_sent, bits_received, *, packed=False) -> float:
    """Bit error rate: the fraction of bits received differently from how they were sent.

    ``BER = (number of differing bits) / (number of bits)``. With
    ``packed=True`` the arguments are bytes (uint8 arrays, ``bytes`` or
    ``bytearray``) holding 8 bits each: the errors are counted with an XOR and
    a population count, over ``8 * len`` bits. Range [0, 1], lower is better;
    ``BER(a, not a) = 1``. Undefined cases: none for non-empty inputs of equal
    length; empty input, different lengths, values other than 0/1 (or
    0..255 packed) and non-1-D input are refused.
    Source: seed 004 ("Evaluation Metrics for Compression Models").
    """
    errors, bits = _bit_errors(bits_sent, bits_received, packed)
    return errors / bits


def _bit_errors(bits_sent, bits_received, packed: bool) -> tuple[int, int]:
    """(differing bits, bits) of two validated bit (or packed byte) arrays."""
    a = _bit_array(bits_sent, "bits_sent", packed)
    b = _bit_array(bits_received, "bits_received", packed)
    if a.shape != b.shape:
        raise MetricInputError("bits_received", f"has length {b.shape[0]} but bits_sent has length {a.shape[0]}; "
                                                "they must match")
    if packed:
        return _popcount(np.bitwise_xor(a, b)), 8 * a.shape[0]
    return int(np.count_nonzero(a != b)), a.shape[0]


# ------------------------------------------------------------------ burstiness


def burstiness(inter_event_times) -> float:
    """Burstiness of a sequence of inter-event times (Goh & Barabási).

    ``b = (sigma/m - 1) / (sigma/m + 1) = (sigma - m) / (sigma + m)``, m the
    mean and sigma the population standard deviation (ddof = 0) of the times.
    Range [-1, 1) for non-negative times: -1 for a periodic sequence (every
    time equal), about 0 for memoryless (exponential) times, towards 1 for
    heavy-tailed, bursty times; 1 itself needs an infinite sigma.
    Undefined cases: all times 0 (m = 0, b = 0/0) is refused, as are
    negative, NaN or infinite times and an empty or non-1-D sequence.
    Source: Goh & Barabási (2008), "Burstiness and memory in complex systems",
    EPL 81:48002; seed 004 ("Burstiness").
    """
    tau = as_floats(inter_event_times, "inter_event_times")
    if (tau < 0).any():
        raise MetricInputError("inter_event_times", "contains negative times")
    m = float(tau.mean())
    if m == 0.0:
        raise MetricInputError("inter_event_times", "are all 0: the mean is 0 and burstiness is 0/0")
    # centred on the mean (no sum-of-squares cancellation) and scaled by it (no overflow of the squares)
    sigma = float(np.sqrt(np.mean(((tau - m) / m) ** 2))) * m
    return (sigma - m) / (sigma + m)


# ------------------------------------------------------------------ mean opinion score


def _probability_in_open_unit(value, name):
    if not isinstance(value, numbers.Real) or isinstance(value, bool) or not 0.0 < float(value) < 1.0:
        raise MetricInputError(name, f"must lie strictly between 0 and 1, got {value!r}")
    return float(value)


def mean_opinion_score(ratings, *, confidence=0.95, scale=(1, 5)) -> MeanOpinionScore:
    """Mean opinion score: the mean rating and its Student-t confidence interval.

    ``MOS = mean(r)``, interval ``MOS -/+ t_{(1+c)/2, n-1} s / sqrt(n)`` with
    s the sample standard deviation (ddof = 1) and c the ``confidence`` (ITU-T
    P.1401's interval for a MOS of n ratings). The interval is not clipped to
    the scale. Range: the mean lies in ``scale`` (inclusive); higher is better.
    Undefined cases: a single rating has no interval (s is 0/0) and is
    refused; ratings outside the scale, NaN, an empty list, a confidence
    outside (0, 1) and a scale whose ends do not increase are refused.
    Source: ITU-T P.800.1 (MOS terminology), P.1401; seed 004 ("Mean Opinion
    Score (MOS)").
    """
    c, lo_hi = _mos_options(confidence, scale)
    r = _ratings(ratings, lo_hi)
    n = r.shape[0]
    if n < 2:
        raise MetricInputError("ratings", "a confidence interval needs at least 2 ratings")
    mean = float(r.mean())
    return _mos_interval(n, mean, float(r.std(ddof=1)), c)


def _mos_options(confidence, scale) -> tuple[float, tuple[float, float]]:
    c = _probability_in_open_unit(confidence, "confidence")
    try:
        lo, hi = (float(x) for x in scale)
    except (TypeError, ValueError):
        raise MetricInputError("scale", f"expected a pair (lowest, highest), got {scale!r}") from None
    if not (math.isfinite(lo) and math.isfinite(hi) and lo < hi):
        raise MetricInputError("scale", f"expected finite ends with lowest < highest, got {scale!r}")
    return c, (lo, hi)


def _ratings(ratings, scale: tuple[float, float], *, allow_empty: bool = False) -> np.ndarray:
    lo, hi = scale
    r = as_floats(ratings, "ratings", allow_empty=allow_empty)
    if ((r < lo) | (r > hi)).any():
        raise MetricInputError("ratings", f"contains ratings outside the scale [{lo:g}, {hi:g}]")
    return r


def _mos_interval(n: int, mean: float, std: float, confidence: float) -> MeanOpinionScore:
    """The MOS of ``n`` ratings with this mean and sample standard deviation, and its Student-t interval."""
    from scipy import stats

    half = float(stats.t.ppf((1 + confidence) / 2, n - 1)) * std / math.sqrt(n)
    return MeanOpinionScore(mean, mean - half, mean + half)


# ------------------------------------------------------------------ mel-cepstral distortion


def _cepstra(values, name: str) -> np.ndarray:
    C = as_floats(values, name, ndim=2)
    if C.shape[0] == 0 or C.shape[1] == 0:
        raise MetricInputError(name, f"is empty (shape {C.shape})")
    return C


def _frame_distances(ref: np.ndarray, syn: np.ndarray, block: int = 64) -> np.ndarray:
    """Euclidean distance of every reference frame to every synthesized frame, from the differences themselves
    (a Gram expansion would not give an exact 0 for equal frames), a block of reference frames at a time."""
    D = np.empty((ref.shape[0], syn.shape[0]))
    for start in range(0, ref.shape[0], block):
        diff = ref[start:start + block, None, :] - syn[None, :, :]
        D[start:start + block] = np.sqrt(np.einsum("ijk,ijk->ij", diff, diff))
    return D


def _dtw_path_distances(D: np.ndarray) -> np.ndarray:
    """The frame distances along the minimum-cost DTW path through the cost matrix D (steps (1,0), (0,1), (1,1)).

    Accumulated costs are filled one anti-diagonal at a time (every cell of an anti-diagonal depends only on the
    two before it). Ties between predecessors prefer the diagonal step, then the step in the reference (i - 1),
    then in the synthesized sequence (j - 1).
    """
    n, m = D.shape
    acc = np.full((n + 1, m + 1), np.inf)
    acc[0, 0] = 0.0
    for s in range(2, n + m + 1):  # s = i + j, 1-based cells
        i = np.arange(max(1, s - m), min(n, s - 1) + 1)
        j = s - i
        best = np.minimum(np.minimum(acc[i - 1, j - 1], acc[i - 1, j]), acc[i, j - 1])
        acc[i, j] = D[i - 1, j - 1] + best
    i, j, path = n, m, []
    while i > 0 and j > 0:
        path.append(D[i - 1, j - 1])
        diag, up, left = acc[i - 1, j - 1], acc[i - 1, j], acc[i, j - 1]
        if diag <= up and diag <= left:
            i, j = i - 1, j - 1
        elif up <= left:
            i -= 1
        else:
            j -= 1
    return np.array(path[::-1])


def mel_cepstral_distortion(reference, synthesized, *, include_energy=False, alignment="none") -> float:
    """Mel-cepstral distortion (dB) between a reference and a synthesized mel-cepstral sequence.

    Per frame, ``(10 / ln 10) * sqrt(2 * sum_d (c_d - c'_d)^2)`` over the
    coefficients d = 1..D-1 (coefficient 0, the energy, left out) or 0..D-1
    with ``include_energy=True``; the MCD is the mean over frames.
    ``alignment="none"``: frame t against frame t (equal frame counts).
    ``alignment="dtw"``: frames matched by dynamic time warping on the
    Euclidean distance of the used coefficients (steps (1,0), (0,1), (1,1),
    minimum total distance; ties prefer the diagonal step), the MCD the mean
    over the pairs on the path (the path length is the denominator).
    Range [0, inf), 0 for identical sequences, lower is better. Undefined
    cases: none for non-empty inputs; different coefficient counts, different
    frame counts without alignment, a single coefficient without the energy,
    NaN and non-2-D input are refused. Memory: ``alignment="dtw"`` holds the n x m frame
    distances and the (n + 1) x (m + 1) accumulated costs in float64, about 16 n m bytes: two
    sequences of 16,000 frames (160 s at a 10 ms hop) need about 4 GB (the default per-call
    ``--memory-limit`` of an audit is at most 4 GiB); ``alignment="none"`` is O(n).
    Source: Kubichek (1993), "Mel-cepstral
    distance measure for objective speech quality assessment", IEEE PACRIM;
    seed 004 ("Mel Cepstral Distortion (MCD)").
    """
    check_choice(alignment, "alignment", ALIGNMENTS)
    ref = _cepstra(reference, "reference")
    syn = _cepstra(synthesized, "synthesized")
    if syn.shape[1] != ref.shape[1]:
        raise MetricInputError("synthesized", f"has {syn.shape[1]} coefficients per frame but reference has "
                                              f"{ref.shape[1]}; they must match")
    start = 0 if include_energy else 1
    if ref.shape[1] <= start:
        raise MetricInputError("reference", "has only the energy coefficient: nothing to compare without it "
                                            "(include_energy=True compares it)")
    ref, syn = ref[:, start:], syn[:, start:]
    if alignment == "none":
        if syn.shape[0] != ref.shape[0]:
            raise MetricInputError("synthesized", f"has {syn.shape[0]} frames but reference has {ref.shape[0]}; "
                                                  "they must match (or use alignment='dtw')")
        distances = np.sqrt(((ref - syn) ** 2).sum(axis=1))
    else:
        distances = _dtw_path_distances(_frame_distances(ref, syn))
    return MCD_CONSTANT * float(distances.mean())
