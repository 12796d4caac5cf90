"""The signal spec: bit error rate, burstiness, mean opinion score and mel-cepstral distortion.

Inputs are drawn here: bit arrays (lengths in bytes, so that the packed form
holds the same bits), inter-event times of small integers, integer ratings on
a 1..5 scale, and mel-cepstral sequences of small integers (frames x
coefficients), so that sums of squares are exact.

What is pinned: each metric from its definition (Kubichek's constant
10 / ln 10 * sqrt(2 * sum) for MCD, Goh & Barabási's (sigma - m) / (sigma + m)
for burstiness, the Student-t interval for MOS, differing bits over all bits
for BER); bounds and the ends of the ranges; symmetry where it holds (BER,
aligned MCD); invariance to order, duplication and scale where it holds;
packed bytes against bits; DTW alignment undoing a time stretch; refusals; and
the seed's claims about burstiness.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from .capabilities import Capability
from .checks import expect, expect_close, expect_in_range, expect_le, expect_refusal
from properties.engine.vocabulary import findings, registry
from .inputs import InputShape, cycled_edges, with_edges

EXAMPLES = 40
registry.family_examples("signal", EXAMPLES)
register, prop = registry.register, registry.prop

#: the same sums in another order
ROUNDING = 1e-10
#: Kubichek's constant: dB per unit of Euclidean cepstral distance
MCD_CONSTANT = 10.0 / math.log(10.0) * math.sqrt(2.0)

def _take_pair(ex, idx):
    return ex[0][idx], ex[1][idx]


#: the inputs of the streaming properties (``properties/streaming.py``): samples are bits and ratings
BIT_PAIRS = InputShape(name="two bit arrays", examples=lambda name: bit_pairs(), size=lambda ex: len(ex[0]),
                       take=_take_pair, call=lambda t, name, ex, **kw: getattr(t, name)(ex[0], ex[1], **kw))
CEPSTRA = InputShape(name="two mel-cepstral sequences, frames aligned", examples=lambda name: cepstrum_pairs(),
                     size=lambda ex: len(ex[0]), take=_take_pair,
                     call=lambda t, name, ex, **kw: getattr(t, name)(ex[0], ex[1], **kw))
RATINGS = InputShape(name="ratings on 1..5",
                     examples=lambda name: with_edges(ratings.map(lambda r: (r,)),
                                                      tuple((n, (r.copy(),)) for n, r in RATING_EDGES)),
                     size=lambda ex: len(ex[0]), take=lambda ex, idx: (ex[0][idx],),
                     call=lambda t, name, ex, **kw: getattr(t, name)(ex[0], **kw))

CAPABILITIES = {
    "bit_error_rate": Capability(
        (0.0, 1.0), True, "two bit arrays (0/1), or packed bytes with packed=True",
        "none for non-empty arrays of equal length", higher_is_better=False, stream_inputs=BIT_PAIRS),
    "burstiness": Capability(
        (-1.0, 1.0), False, "inter-event times (non-negative)",
        "all times 0 (mean 0: 0/0) is refused", higher_is_better=None),
    "mean_opinion_score": Capability(
        (None, None), False, "ratings on a bounded scale",
        "a single rating has no confidence interval and is refused", stream_inputs=RATINGS),
    "mel_cepstral_distortion": Capability(
        (0.0, None), True, "two mel-cepstral sequences (frames x coefficients)",
        "none for non-empty sequences with the same number of coefficients (and frames, unaligned)",
        higher_is_better=False, stream_inputs=CEPSTRA),
}


# ------------------------------------------------------------------ bit error rate

_BER = ("bit_error_rate",)
_BER_PACKED = ("bit_error_rate", "bit_error_rate:packed")


def bit_pairs(max_bytes: int = 6):
    """Two bit arrays of 8 * n bits (n = 1..max_bytes), the second a noisy copy of the first."""
    def build(bits_and_flips):
        bits, flips = bits_and_flips
        a = np.array(bits, dtype=np.int64)
        return a, a ^ np.array(flips[: len(bits)], dtype=np.int64)

    return with_edges(st.integers(1, max_bytes).flatmap(lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=8 * n, max_size=8 * n),
        st.lists(st.sampled_from([0, 0, 0, 1]), min_size=8 * n, max_size=8 * n))).map(build),
        tuple((name, ex) for name, ex in bit_pair_edges() if len(ex[0]) <= 8 * max_bytes))


def _bits(values) -> np.ndarray:
    return np.array(values, dtype=np.int64)


def bit_pair_edges() -> tuple:
    """Bit pairs that break BER: no bit differs, every bit differs, all zeros sent and one bit flipped at each
    end (the first and last bit of a byte: the packed bit order), and six bytes of alternating bits."""
    one = _bits([0] * 8)
    return (
        ("no_bit_differs", (_bits([1, 0, 1, 1, 0, 0, 1, 0]), _bits([1, 0, 1, 1, 0, 0, 1, 0]))),
        ("every_bit_differs", (_bits([1, 0, 1, 1, 0, 0, 1, 0]), _bits([0, 1, 0, 0, 1, 1, 0, 1]))),
        ("flips_at_both_ends_of_a_byte", (np.tile(one, 2), _bits([1] + [0] * 14 + [1]))),
        ("six_bytes_alternating", (np.tile(_bits([0, 1]), 24), np.tile(_bits([0, 1, 1, 1]), 12))),
    )


@prop("definition[bit_error_rate]", "BER = (number of positions where the bits differ) / (number of bits)",
      kind="relation", needs=_BER, strategy=bit_pairs(), defines="bit_error_rate")
def ber_definition(t, ex):
    a, b = ex
    expect_close(t.bit_error_rate(a, b), sum(int(x != y) for x, y in zip(a, b)) / len(a), rtol=ROUNDING,
                 atol=0, what="BER vs its definition")


@prop("complement[bit_error_rate]",
      "BER(a, b) + BER(a, not b) = 1, and BER(a, not a) = 1, BER(a, a) = 0 (both ends of [0, 1])", kind="relation",
      needs=_BER, strategy=bit_pairs())
def ber_complement(t, ex):
    a, b = ex
    expect_close(t.bit_error_rate(a, b) + t.bit_error_rate(a, 1 - b), 1.0, rtol=ROUNDING, atol=ROUNDING,
                 what="BER(a, b) + BER(a, not b)")
    expect_close(t.bit_error_rate(a, 1 - a), 1.0, rtol=0, atol=0, what="BER(a, not a)")
    expect_close(t.bit_error_rate(a, a.copy()), 0.0, rtol=0, atol=0, what="BER(a, a)")


@prop("symmetry[bit_error_rate]", "BER(a, b) = BER(b, a)", kind="symmetry", needs=_BER, strategy=bit_pairs())
def ber_symmetry(t, ex):
    a, b = ex
    expect_close(t.bit_error_rate(b, a), t.bit_error_rate(a, b), rtol=0, atol=0, what="BER with the arrays swapped")


@prop("invariances[bit_error_rate]",
      "BER does not change when both arrays are permuted alike, repeated, or given as bool, uint8 or Python lists",
      kind="invariance", needs=_BER, strategy=st.tuples(bit_pairs(), st.randoms(use_true_random=False)))
def ber_invariances(t, ex_r):
    (a, b), rnd = ex_r
    base = t.bit_error_rate(a, b)
    order = list(range(len(a)))
    rnd.shuffle(order)
    expect_close(t.bit_error_rate(a[order], b[order]), base, rtol=ROUNDING, atol=0, what="BER after a permutation")
    expect_close(t.bit_error_rate(np.tile(a, 3), np.tile(b, 3)), base, rtol=ROUNDING, atol=0,
                 what="BER of the arrays three times")
    for dtype in (bool, np.uint8):
        expect_close(t.bit_error_rate(a.astype(dtype), b.astype(dtype)), base, rtol=0, atol=0,
                     what=f"BER of {np.dtype(dtype).name} arrays")
    expect_close(t.bit_error_rate(a.tolist(), b.tolist()), base, rtol=0, atol=0, what="BER of Python lists")


@prop("packed_equals_unpacked[bit_error_rate]",
      "the bits packed into bytes (np.packbits) give the same BER with packed=True, as uint8 arrays or bytes",
      kind="relation", needs=_BER_PACKED, strategy=bit_pairs())
def ber_packed(t, ex):
    a, b = ex
    pa, pb = np.packbits(a.astype(np.uint8)), np.packbits(b.astype(np.uint8))
    base = t.bit_error_rate(a, b)
    expect_close(t.bit_error_rate(pa, pb, packed=True), base, rtol=ROUNDING, atol=0, what="BER of packed uint8")
    expect_close(t.bit_error_rate(pa.tobytes(), pb.tobytes(), packed=True), base, rtol=ROUNDING, atol=0,
                 what="BER of packed bytes")


@prop("refuses_bad_input[bit_error_rate]",
      "bit_error_rate refuses values other than 0 and 1 (bytes above 255 when packed), different lengths, empty "
      "and 2-D arrays, naming the argument", kind="refusal", needs=_BER_PACKED, strategy=bit_pairs())
def ber_refusals(t, ex):
    a, b = ex
    two = b.copy()
    two[0] = 2
    expect_refusal(lambda: t.bit_error_rate(a, two), "bits_received")
    expect_refusal(lambda: t.bit_error_rate(a, b[:-1]), "bits_received")
    expect_refusal(lambda: t.bit_error_rate([], []), "bits_sent")
    expect_refusal(lambda: t.bit_error_rate(a.reshape(-1, 8), b.reshape(-1, 8)), "bits_sent")
    expect_refusal(lambda: t.bit_error_rate(np.full(2, 256), np.zeros(2, dtype=np.int64), packed=True), "bits_sent")
    half = a.astype(float)
    half[0] = 0.5
    expect_refusal(lambda: t.bit_error_rate(half, b), "bits_sent")


# ------------------------------------------------------------------ burstiness

_B = ("burstiness",)

#: inter-event times: small non-negative integers, not all zero
#: inter-event times that break burstiness: one time (sigma 0: B = -1), every time equal (periodic: B = -1), one
#: event after zeros (the most bursty 20 times allow), and times of very different sizes
TIME_EDGES = tuple((name, np.array(v, dtype=np.float64)) for name, v in (
    ("one_time", [5]), ("every_time_equal", [3, 3, 3]), ("one_event_after_zeros", [0] * 19 + [30]),
    ("very_different_times", [1, 30, 1, 30, 2])))
times = with_edges(st.lists(st.just(0) | st.integers(0, 30), min_size=1, max_size=20).filter(any).map(
    lambda v: np.array(v, dtype=np.float64)), TIME_EDGES)


def _burstiness_definition(tau):
    m = sum(tau) / len(tau)
    sigma = math.sqrt(sum((x - m) ** 2 for x in tau) / len(tau))
    return (sigma / m - 1) / (sigma / m + 1)


@prop("definition[burstiness]",
      "b = (sigma/m - 1) / (sigma/m + 1), m the mean and sigma the population (ddof = 0) standard deviation of the "
      "inter-event times (Goh & Barabási 2008)", kind="relation", needs=_B, strategy=times, defines="burstiness")
def burstiness_definition(t, tau):
    expect_close(t.burstiness(tau), _burstiness_definition(tau.tolist()), rtol=1e-9, atol=1e-12,
                 what="burstiness vs its definition")


@prop("bounds[burstiness]", "-1 <= b < 1 for non-negative inter-event times, -1 exactly when they are all equal",
      kind="bound", needs=_B, strategy=times)
def burstiness_bounds(t, tau):
    b = float(t.burstiness(tau))
    expect_in_range(b, -1.0, 1.0, what="burstiness", tol=1e-12)
    expect(b < 1.0, f"burstiness reached 1 ({b!r}), which needs an infinite standard deviation")
    expect_close(t.burstiness(np.full(len(tau), tau.max())), -1.0, rtol=0, atol=1e-12,
                 what="burstiness of a periodic sequence")


@prop("invariances[burstiness]",
      "b does not change when the times are reordered, repeated, or multiplied by a positive constant (a power of "
      "two: exact)", kind="invariance", needs=_B,
      strategy=st.tuples(times, st.integers(-4, 4), st.randoms(use_true_random=False)))
def burstiness_invariances(t, ex):
    tau, j, rnd = ex
    base = t.burstiness(tau)
    order = list(range(len(tau)))
    rnd.shuffle(order)
    expect_close(t.burstiness(tau[order]), base, rtol=ROUNDING, atol=1e-12, what="burstiness after reordering")
    expect_close(t.burstiness(np.tile(tau, 2)), base, rtol=ROUNDING, atol=1e-12, what="burstiness of the times twice")
    expect_close(t.burstiness(tau * 2.0**j), base, rtol=ROUNDING, atol=1e-12, what=f"burstiness of the times * 2**{j}")


@prop("refuses_bad_input[burstiness]",
      "burstiness refuses negative, NaN or infinite times, an empty sequence, 2-D input, and all-zero times (0/0), "
      "naming the argument", kind="refusal", needs=_B, strategy=times)
def burstiness_refusals(t, tau):
    neg = tau.copy()
    neg[0] = -1.0
    for bad in (neg, np.append(tau, np.nan), np.append(tau, np.inf), np.zeros(0), np.zeros(len(tau)),
                tau.reshape(1, -1)):
        expect_refusal(lambda bad=bad: t.burstiness(bad), "inter_event_times")


# ------------------------------------------------------------------ mean opinion score

_MOS = ("mean_opinion_score", "mean_opinion_score:confidence")

#: ratings that break MOS: two ratings (one degree of freedom), every rating equal (s = 0: an interval of width 0),
#: both ends of the scale only, and 25 ratings (the most drawn) all but one the same
RATING_EDGES = tuple((name, np.array(v, dtype=np.float64)) for name, v in (
    ("two_ratings", [1, 5]), ("every_rating_equal", [3, 3, 3, 3]), ("both_ends_only", [1, 5, 5, 1, 1]),
    ("one_different_among_many", [4] * 24 + [1])))
ratings = with_edges(st.lists(st.integers(1, 5), min_size=2, max_size=25).map(lambda v: np.array(v, dtype=np.float64)),
                     RATING_EDGES)


@prop("definition[mean_opinion_score]",
      "MOS is the mean rating, its interval mean -/+ t_{(1+c)/2, n-1} s / sqrt(n) (Student t, s with ddof = 1)",
      kind="relation", needs=_MOS, strategy=with_edges(st.tuples(ratings, st.sampled_from([0.8, 0.9, 0.95, 0.99])),
                                                       cycled_edges(RATING_EDGES, lambda r, c: (r, c), (0.95, 0.8, 0.99, 0.9))),
      defines="mean_opinion_score")
def mos_definition(t, ex):
    r, c = ex
    n = len(r)
    mean = sum(r) / n
    s = math.sqrt(sum((x - mean) ** 2 for x in r) / (n - 1))
    from scipy import stats  # scipy.stats is imported where used: importing it costs ~0.7 s at every start of the CLI

    half = stats.t.ppf((1 + c) / 2, n - 1) * s / math.sqrt(n)
    got = t.mean_opinion_score(r, confidence=c)
    expect_close(np.asarray(got, dtype=float), [mean, mean - half, mean + half], rtol=1e-9, atol=1e-12,
                 what=f"(MOS, low, high) at confidence {c}")


@prop("interval_shape[mean_opinion_score]",
      "the interval is centred on the mean, within the scale for the mean, nested as the confidence grows, and "
      "narrower when every rating is repeated (more listeners, the same spread)", kind="relation", needs=_MOS,
      strategy=ratings)
def mos_interval(t, r):
    mean, low, high = (float(v) for v in t.mean_opinion_score(r, confidence=0.9))
    expect_in_range(mean, 1.0, 5.0, what="MOS", tol=1e-12)
    expect_close(mean - low, high - mean, rtol=1e-9, atol=1e-12, what="the interval's two halves")
    _, low99, high99 = (float(v) for v in t.mean_opinion_score(r, confidence=0.99))
    expect_le(low99, low, what="low end at 99% <= at 90%", tol=1e-12)
    expect_le(high, high99, what="high end at 90% <= at 99%", tol=1e-12)
    _, low2, high2 = (float(v) for v in t.mean_opinion_score(np.tile(r, 2), confidence=0.9))
    expect_le(high2 - low2, high - low, what="the width with every rating twice <= the width", tol=1e-12)


@prop("permutation_invariance[mean_opinion_score]", "the order of the ratings does not matter", kind="invariance",
      needs=_MOS, strategy=st.tuples(ratings, st.randoms(use_true_random=False)))
def mos_order(t, ex):
    r, rnd = ex
    order = list(range(len(r)))
    rnd.shuffle(order)
    expect_close(np.asarray(t.mean_opinion_score(r[order]), dtype=float),
                 np.asarray(t.mean_opinion_score(r), dtype=float), rtol=ROUNDING, atol=1e-12,
                 what="MOS after reordering the ratings")


@prop("refuses_bad_input[mean_opinion_score]",
      "mean_opinion_score refuses ratings outside the scale, NaN, a single rating (no interval), empty input, a "
      "confidence outside (0, 1) and a scale whose ends are not increasing, naming the argument", kind="refusal",
      needs=(*_MOS, "mean_opinion_score:scale"), strategy=ratings)
def mos_refusals(t, r):
    mos = t.mean_opinion_score
    expect_refusal(lambda: mos(np.append(r, 6.0)), "ratings")
    expect_refusal(lambda: mos(np.append(r, np.nan)), "ratings")
    expect_refusal(lambda: mos(r[:1]), "ratings")
    expect_refusal(lambda: mos(np.zeros(0)), "ratings")
    expect_refusal(lambda: mos(r, confidence=1.0), "confidence")
    expect_refusal(lambda: mos(r, confidence=0.0), "confidence")
    expect_refusal(lambda: mos(r, scale=(5, 1)), "scale")


# ------------------------------------------------------------------ mel-cepstral distortion

_MCD = ("mel_cepstral_distortion", "mel_cepstral_distortion:include_energy")
_MCD_DTW = ("mel_cepstral_distortion", "mel_cepstral_distortion:alignment")


def _cepstra(frames, coefficients):
    return st.lists(st.lists(st.integers(-6, 6), min_size=coefficients, max_size=coefficients), min_size=frames,
                    max_size=frames).map(lambda m: np.array(m, dtype=np.float64))


@st.composite
def _cepstrum_pairs(draw, *, same_length=True, max_frames=8):
    d = draw(st.integers(2, 5))
    t1 = draw(st.integers(1, max_frames))
    t2 = t1 if same_length else draw(st.integers(1, max_frames))
    return draw(_cepstra(t1, d)), draw(_cepstra(t2, d))


def _c(rows) -> np.ndarray:
    return np.array(rows, dtype=np.float64)


def cepstrum_edges(*, same_length: bool = True) -> tuple:
    """Mel-cepstral pairs that break MCD: a single frame, identical sequences, a constant frame (every
    coefficient equal, against a zero frame), equal-length sequences whose best DTW path leaves the diagonal
    (the second is the first shifted by one frame), and, where lengths may differ, one frame against three and
    against eight (very unequal lengths: every frame of the longer one aligned to the single frame)."""
    edges = [
        ("single_frame", (_c([[1, 2, -3]]), _c([[0, -1, 2]]))),
        ("identical_sequences", (_c([[1, 2, 3], [0, -1, 4]]), _c([[1, 2, 3], [0, -1, 4]]))),
        ("constant_frame", (_c([[2, 2, 2, 2], [2, 2, 2, 2]]), _c([[0, 0, 0, 0], [2, 2, 2, 2]]))),
        ("equal_length_shifted", (_c([[0, 0, 0], [0, 6, 6], [0, -6, 6], [0, 0, 0]]),
                                  _c([[0, 0, 0], [0, 0, 0], [0, 6, 6], [0, -6, 6]]))),
        ("one_frame_against_three", (_c([[1, 2, 3]]), _c([[1, 2, 3], [0, 2, 3], [1, -2, 3]]))),
        ("one_frame_against_eight", (_c([[0, 1]]), _c([[0, 1], [1, 1], [2, 1], [3, 1], [2, 0], [1, 0], [0, 0],
                                                        [0, 1]]))),
    ]
    return tuple((n, ex) for n, ex in edges if len(ex[0]) == len(ex[1]) or not same_length)


def cepstrum_pairs(*, same_length=True, max_frames=8):
    """Two mel-cepstral sequences of 1..max_frames frames of 2..5 coefficients (small integers), of the same
    length unless ``same_length`` is false; with the edge cases of :func:`cepstrum_edges`."""
    return with_edges(_cepstrum_pairs(same_length=same_length, max_frames=max_frames),
                      tuple((n, ex) for n, ex in cepstrum_edges(same_length=same_length)
                            if max(len(ex[0]), len(ex[1])) <= max_frames))


def _with_energy(pairs):
    """(cepstrum pair, include_energy); the edge cases of ``pairs`` without and with the energy."""
    return with_edges(st.tuples(pairs, st.booleans()), [(f"{n}{suffix}", (ex, energy)) for n, ex in pairs.edges
                                                        for suffix, energy in (("", False), ("_with_energy", True))])


def _mcd_definition(ref, syn, include_energy):
    start = 0 if include_energy else 1
    per_frame = [MCD_CONSTANT * math.sqrt(sum((a - b) ** 2 for a, b in zip(x[start:], y[start:])))
                 for x, y in zip(ref, syn)]
    return sum(per_frame) / len(per_frame)


@prop("definition[mel_cepstral_distortion]",
      "aligned frames: MCD = mean over frames of (10 / ln 10) sqrt(2 sum_d (c_d - c'_d)^2), d from 1 (coefficient 0, "
      "the energy, left out) or from 0 with include_energy=True (Kubichek 1993)", kind="relation", needs=_MCD,
      strategy=_with_energy(cepstrum_pairs()), defines="mel_cepstral_distortion")
def mcd_definition(t, ex):
    (ref, syn), energy = ex
    expect_close(t.mel_cepstral_distortion(ref, syn, include_energy=energy), _mcd_definition(ref, syn, energy),
                 rtol=1e-9, atol=1e-12, what=f"MCD(include_energy={energy}) vs its definition")


@prop("bounds_and_identity[mel_cepstral_distortion]",
      "MCD >= 0, 0 for identical sequences (aligned or DTW), and including the energy coefficient never lowers it",
      kind="bound", needs=(*_MCD, "mel_cepstral_distortion:alignment"), strategy=cepstrum_pairs())
def mcd_bounds(t, ex):
    ref, syn = ex
    without, with_energy = (float(t.mel_cepstral_distortion(ref, syn, include_energy=e)) for e in (False, True))
    expect(without >= 0.0, f"negative MCD {without!r}")
    expect_le(without, with_energy, what="MCD without <= with the energy coefficient", tol=1e-12)
    for alignment in ("none", "dtw"):
        with findings.form(view=t):
            expect_close(t.mel_cepstral_distortion(ref, ref.copy(), alignment=alignment), 0.0, rtol=0, atol=0,
                         what=f"MCD of a sequence with itself (alignment={alignment!r})")


@prop("symmetry[mel_cepstral_distortion]", "aligned MCD is symmetric", kind="symmetry", needs=_MCD,
      strategy=cepstrum_pairs())
def mcd_symmetry(t, ex):
    ref, syn = ex
    expect_close(t.mel_cepstral_distortion(syn, ref), t.mel_cepstral_distortion(ref, syn), rtol=ROUNDING,
                 atol=1e-12, what="MCD with the sequences swapped")


@prop("permutation_invariance[mel_cepstral_distortion]",
      "aligned MCD does not change when the frame pairs are reordered or repeated", kind="invariance", needs=_MCD,
      strategy=st.tuples(cepstrum_pairs(), st.randoms(use_true_random=False)))
def mcd_order(t, ex_r):
    (ref, syn), rnd = ex_r
    order = list(range(len(ref)))
    rnd.shuffle(order)
    base = t.mel_cepstral_distortion(ref, syn)
    expect_close(t.mel_cepstral_distortion(ref[order], syn[order]), base, rtol=ROUNDING, atol=1e-12,
                 what="MCD after reordering the frame pairs")
    expect_close(t.mel_cepstral_distortion(np.tile(ref, (2, 1)), np.tile(syn, (2, 1))), base, rtol=ROUNDING,
                 atol=1e-12, what="MCD of every frame pair twice")


@prop("dtw_undoes_time_stretch[mel_cepstral_distortion]",
      "with alignment='dtw', a sequence against a copy with frames repeated (a slower rendition) scores 0, in "
      "either order",
      kind="relation", needs=_MCD_DTW,
      strategy=with_edges(st.tuples(cepstrum_pairs(), st.lists(st.integers(1, 3), min_size=8, max_size=8)),
                          cycled_edges(cepstrum_pairs().edges, lambda ex, repeats: (ex, list(repeats)),
                                       ([3] * 8, [1, 3, 1, 2, 1, 3, 2, 1], [1] * 8))))
def mcd_dtw_stretch(t, ex):
    (ref, _), repeats = ex
    slow = np.repeat(ref, repeats[: len(ref)], axis=0)
    expect_close(t.mel_cepstral_distortion(ref, slow, alignment="dtw"), 0.0, rtol=0, atol=1e-12,
                 what="DTW MCD of a sequence and its time-stretched copy")
    expect_close(t.mel_cepstral_distortion(slow, ref, alignment="dtw"), 0.0, rtol=0, atol=1e-12,
                 what="DTW MCD of a time-stretched copy and the sequence")


#: two accumulated DTW costs closer than this (relative) are a tie: sums of the same square roots in another order
DTW_TIE = 1e-9


def _dtw_optimal_paths(ref, syn, include_energy):
    """(minimum total frame distance C, the lengths of the paths that reach it) by the textbook DTW dynamic
    programme, steps (1, 0), (0, 1), (1, 1) from frame pair (0, 0) to (n - 1, m - 1). Paths within DTW_TIE of the
    minimum all count: the definition leaves the choice among equally short paths open, and so does the check."""
    start = 0 if include_energy else 1
    n, m = len(ref), len(syn)
    dist = [[math.sqrt(sum((a - b) ** 2 for a, b in zip(x[start:], y[start:]))) for y in syn] for x in ref]
    best = [[None] * m for _ in range(n)]  # (cost, {path lengths})
    for i in range(n):
        for j in range(m):
            if i == j == 0:
                best[i][j] = (dist[0][0], {1})
                continue
            before = [best[a][b] for a, b in ((i - 1, j - 1), (i - 1, j), (i, j - 1)) if a >= 0 and b >= 0]
            low = min(c for c, _ in before)
            lengths = {k + 1 for c, ks in before if c <= low + DTW_TIE * max(low, 1.0) for k in ks}
            best[i][j] = (dist[i][j] + low, lengths)
    return best[n - 1][m - 1]


@st.composite
def _unequal_lengths(draw):
    d = draw(st.integers(2, 5))
    t1 = draw(st.integers(1, 8))
    t2 = draw(st.integers(1, 8).filter(lambda t: t != t1))
    return draw(_cepstra(t1, d)), draw(_cepstra(t2, d))


def _dtw_cepstra():
    """Two mel-cepstral sequences of 1..8 frames, of different lengths; the edge cases add equal lengths
    where the optimal path leaves the diagonal (a DTW skipped for equal lengths is wrong there)."""
    return with_edges(_unequal_lengths(), tuple((n, ex) for n, ex in cepstrum_edges(same_length=False)
                                                if n in ("equal_length_shifted", "one_frame_against_three",
                                                         "one_frame_against_eight", "single_frame")))


@prop("dtw_definition[mel_cepstral_distortion]",
      "alignment='dtw' (sequences of unequal length, and of equal length off the diagonal): MCD = (10 / ln 10) sqrt(2) C / L, C the minimum total "
      "Euclidean frame distance over DTW paths (steps (1,0), (0,1), (1,1)) and L the length of such a path "
      "(the mean over the pairs on the optimal path), the DP computed in the spec", kind="relation",
      needs=(*_MCD_DTW, "mel_cepstral_distortion:include_energy"),
      strategy=_with_energy(_dtw_cepstra()))
def mcd_dtw_definition(t, ex):
    (ref, syn), energy = ex
    total, lengths = _dtw_optimal_paths(ref.tolist(), syn.tolist(), energy)
    got = float(t.mel_cepstral_distortion(ref, syn, include_energy=energy, alignment="dtw"))
    candidates = sorted(MCD_CONSTANT * total / k for k in lengths)
    closest = min(candidates, key=lambda v: abs(v - got))
    expect_close(got, closest, rtol=1e-9, atol=1e-12,
                 what=f"DTW MCD of {len(ref)} vs {len(syn)} frames (include_energy={energy}) vs the mean over an "
                      f"optimal path: total {total!r} over one of the path lengths {sorted(lengths)}")


@prop("refuses_bad_input[mel_cepstral_distortion]",
      "mel_cepstral_distortion refuses different coefficient counts, different frame counts without alignment, "
      "NaN, 1-D or empty input, and an unknown alignment, naming the argument", kind="refusal", needs=_MCD_DTW,
      strategy=cepstrum_pairs())
def mcd_refusals(t, ex):
    ref, syn = ex
    mcd = t.mel_cepstral_distortion
    expect_refusal(lambda: mcd(ref, syn[:, :-1]), "synthesized")
    expect_refusal(lambda: mcd(ref, np.vstack([syn, syn[:1]])), "synthesized")
    nan = ref.copy()
    nan[0, 0] = np.nan
    expect_refusal(lambda: mcd(nan, syn), "reference")
    expect_refusal(lambda: mcd(ref[0], syn), "reference")
    expect_refusal(lambda: mcd(ref[:0], syn[:0]), "reference")
    expect_refusal(lambda: mcd(ref, syn, alignment="linear"), "alignment")


# ------------------------------------------------------------------ the seed's claims

SEED_004 = "seed 004, section Burstiness"


def _claim(name, statement, quote, needs, **options):
    return prop(f"claim.seed004.{name}", statement, kind="claim", source=SEED_004, quote=quote, needs=needs,
                **options)


@_claim("burstiness_bounded",
        "burstiness lies within [-1, 1] for every sequence of non-negative inter-event times",
        "Burstiness b is mathematically calculated as: b = (\\sigma_\\tau/m_\\tau-1)/(\\sigma_\\tau/m_\\tau+1) and is "
        "bounded within the interval [-1,1].", _B, strategy=times)
def seed_burstiness_bounded(t, tau):
    expect_in_range(t.burstiness(tau), -1.0, 1.0, what="burstiness", tol=0.0)


@_claim("periodic_is_minus_one",
        "a periodic sequence (every inter-event time equal) has burstiness -1",
        "Corpora with anti-bursty, periodic dispersions of switch points take on burstiness values closer to -1",
        _B, strategy=st.tuples(st.integers(1, 50), st.integers(1, 30)))
def seed_periodic(t, ex):
    n, gap = ex
    expect_close(t.burstiness(np.full(n, float(gap))), -1.0, rtol=0, atol=1e-12, what="burstiness of a period")


@_claim("less_predictable_is_closer_to_one",
        "less predictable timing scores closer to 1: periodic < memoryless (exponential times, b near 0) < bursty "
        "(heavy-tailed Pareto times), on 2000 seeded draws each",
        "In contrast, corpora with less predictable patterns of switching take on values closer to 1", _B)
def seed_unpredictable(t, ex):
    rng = np.random.default_rng(2008)
    periodic = t.burstiness(np.full(2000, 3.0))
    memoryless = t.burstiness(rng.exponential(3.0, 2000))
    bursty = t.burstiness(rng.pareto(1.2, 2000))
    expect(periodic < memoryless < bursty, f"periodic {periodic:.3f}, memoryless {memoryless:.3f}, "
           f"bursty {bursty:.3f}")
