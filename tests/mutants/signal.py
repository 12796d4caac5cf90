"""Deliberately wrong signal metrics: each a slip seen in BER, burstiness, MOS and MCD code.

BER over n - 1 bits, the share of ones instead of differences, differing
bytes counted as one error; burstiness with the sample standard deviation, the
coefficient of variation, event times read as gaps; MOS with a normal
quantile or a one-sided interval; MCD without sqrt(2), with c0 always, as the
root of a mean, and DTW replaced by truncation.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from metrics import signal as real
from tests.mutants import Mutant

from .generative import _swallowed


def _ids(law, *metrics):
    return tuple(f"signal.{law}[{m}]" for m in metrics)


# ---------------------------------------------------------------- bit error rate


def _bits(a):
    return np.asarray(a, dtype=np.int64)


def ber_over_n_minus_one(bits_sent, bits_received, *, packed=False):
    n = 8 * len(bits_sent) if packed else len(bits_sent)
    return real.bit_error_rate(bits_sent, bits_received, packed=packed) * n / max(n - 1, 1)


def ber_share_of_ones(bits_sent, bits_received, *, packed=False):
    if packed:
        return real.bit_error_rate(bits_sent, bits_received, packed=True)
    real.bit_error_rate(bits_sent, bits_received)  # the same refusals
    return float(_bits(bits_received).mean())


def ber_counts_bytes(bits_sent, bits_received, *, packed=False):
    if not packed:
        return real.bit_error_rate(bits_sent, bits_received)
    real.bit_error_rate(bits_sent, bits_received, packed=True)
    a, b = (np.frombuffer(x, dtype=np.uint8) if isinstance(x, (bytes, bytearray)) else np.asarray(x)
            for x in (bits_sent, bits_received))
    return float(np.mean(a != b))


def ber_first_half(bits_sent, bits_received, *, packed=False):
    n = len(bits_sent)
    if packed or n < 2:
        return real.bit_error_rate(bits_sent, bits_received, packed=packed)
    return real.bit_error_rate(np.asarray(bits_sent)[: n // 2], np.asarray(bits_received)[: n // 2])


BER_MUTANTS = [
    Mutant("ber_over_n_minus_one", {"bit_error_rate": ber_over_n_minus_one},
           _ids("definition", "bit_error_rate") + _ids("complement", "bit_error_rate")),
    Mutant("ber_share_of_ones", {"bit_error_rate": ber_share_of_ones},
           _ids("definition", "bit_error_rate") + _ids("symmetry", "bit_error_rate")
           + _ids("complement", "bit_error_rate") + _ids("packed_equals_unpacked", "bit_error_rate")),
    Mutant("ber_counts_differing_bytes", {"bit_error_rate": ber_counts_bytes},
           _ids("packed_equals_unpacked", "bit_error_rate")),
    Mutant("ber_first_half", {"bit_error_rate": ber_first_half}, _ids("invariances", "bit_error_rate")),
    Mutant("ber_bad_input_scored_zero", {"bit_error_rate": _swallowed(real.bit_error_rate)},
           _ids("refuses_bad_input", "bit_error_rate")),
]


# ---------------------------------------------------------------- burstiness


def _burstiness(tau, *, ddof=0, gaps=False, form="ratio"):
    tau = np.asarray(tau, dtype=float)
    real.burstiness(tau)  # the same refusals
    if gaps and len(tau) > 1:
        tau = np.abs(np.diff(tau))
    m, sigma = tau.mean(), tau.std(ddof=ddof) if len(tau) > ddof else 0.0
    if form == "cv":
        return float(sigma / m)
    if form == "over_mean":
        return float((sigma - m) / m)
    if m == 0:
        return -1.0
    b = (sigma - m) / (sigma + m)
    return float(-b if form == "negated" else b)


def _burst(**options):
    return lambda inter_event_times: _burstiness(inter_event_times, **options)


BURSTINESS_MUTANTS = [
    Mutant("burstiness_sample_std", {"burstiness": _burst(ddof=1)},
           _ids("definition", "burstiness") + _ids("invariances", "burstiness")),
    Mutant("burstiness_coefficient_of_variation", {"burstiness": _burst(form="cv")},
           _ids("definition", "burstiness") + _ids("bounds", "burstiness")
           + ("signal.claim.seed004.periodic_is_minus_one",)),
    Mutant("burstiness_over_the_mean", {"burstiness": _burst(form="over_mean")},
           _ids("definition", "burstiness") + ("signal.claim.seed004.burstiness_bounded",)),
    Mutant("burstiness_negated", {"burstiness": _burst(form="negated")},
           _ids("bounds", "burstiness") + ("signal.claim.seed004.less_predictable_is_closer_to_one",)),
    Mutant("burstiness_of_event_times", {"burstiness": _burst(gaps=True)},
           _ids("definition", "burstiness") + _ids("invariances", "burstiness")),
    Mutant("burstiness_bad_input_scored", {"burstiness": _swallowed(real.burstiness, -1.0)},
           _ids("refuses_bad_input", "burstiness")),
]


# ---------------------------------------------------------------- MOS


def _mos(ratings, *, confidence=0.95, scale=(1, 5), quantile="t", ddof=1, one_sided=False, drop_first=False):
    result = real.mean_opinion_score(ratings, confidence=confidence, scale=scale)  # the same refusals
    r = np.asarray(ratings, dtype=float)
    if drop_first and len(r) > 2:
        r = r[1:]
    n, mean = len(r), float(r.mean())
    s = float(r.std(ddof=ddof))
    from scipy import stats

    q = stats.t.ppf((1 + confidence) / 2, n - 1) if quantile == "t" else stats.norm.ppf((1 + confidence) / 2)
    half = q * s / math.sqrt(n)
    if one_sided:
        return type(result)(mean, mean, mean + 2 * half)
    return type(result)(mean, mean - half, mean + half)


def _mos_mutant(**options):
    return functools.partial(_mos, **options)


MOS_MUTANTS = [
    Mutant("mos_normal_quantile", {"mean_opinion_score": _mos_mutant(quantile="normal")},
           _ids("definition", "mean_opinion_score")),
    Mutant("mos_population_std", {"mean_opinion_score": _mos_mutant(ddof=0)},
           _ids("definition", "mean_opinion_score")),
    Mutant("mos_one_sided_interval", {"mean_opinion_score": _mos_mutant(one_sided=True)},
           _ids("interval_shape", "mean_opinion_score") + _ids("definition", "mean_opinion_score")),
    Mutant("mos_drops_the_first_rating", {"mean_opinion_score": _mos_mutant(drop_first=True)},
           _ids("permutation_invariance", "mean_opinion_score") + _ids("definition", "mean_opinion_score")),
    Mutant("mos_bad_input_scored", {"mean_opinion_score": _swallowed(real.mean_opinion_score, (3.0, 3.0, 3.0))},
           _ids("refuses_bad_input", "mean_opinion_score")),
]


# ---------------------------------------------------------------- MCD


def _mcd(reference, synthesized, *, include_energy=False, alignment="none", constant=None, start=None,
         root_of_mean=False, first_frame=False, by_reference_norm=False, dtw_truncates=False):
    value = real.mel_cepstral_distortion(reference, synthesized, include_energy=include_energy,
                                         alignment=alignment)  # the same refusals
    ref, syn = np.asarray(reference, float), np.asarray(synthesized, float)
    if alignment == "dtw" and not dtw_truncates:
        return value
    n = min(len(ref), len(syn))
    ref, syn = ref[:n], syn[:n]
    if first_frame:
        ref, syn = ref[:1], syn[:1]
    s = (0 if include_energy else 1) if start is None else start
    sq = ((ref[:, s:] - syn[:, s:]) ** 2).sum(axis=1)
    k = 10 / math.log(10) * math.sqrt(2) if constant is None else constant
    per_frame = k * (np.sqrt(sq.mean()) if root_of_mean else np.sqrt(sq))
    if by_reference_norm:
        per_frame = per_frame / (1.0 + np.abs(ref).sum())
    return float(np.mean(per_frame))


def _mcd_dtw_over_shorter_length(reference, synthesized, *, include_energy=False, alignment="none"):
    """DTW MCD as the path's total distance over the shorter sequence's frame count, not over the path's length:
    exact for every path of total 0 (a sequence against itself or a time-stretched copy)."""
    value = real.mel_cepstral_distortion(reference, synthesized, include_energy=include_energy, alignment=alignment)
    if alignment != "dtw":
        return value
    s = 0 if include_energy else 1
    ref, syn = np.asarray(reference, float)[:, s:], np.asarray(synthesized, float)[:, s:]
    path = real._dtw_path_distances(real._frame_distances(ref, syn))
    return real.MCD_CONSTANT * float(path.sum()) / min(len(ref), len(syn))


def _mcd_mutant(**options):
    return functools.partial(_mcd, **options)


MCD_MUTANTS = [
    Mutant("mcd_without_sqrt_two", {"mel_cepstral_distortion": _mcd_mutant(constant=10 / math.log(10))},
           _ids("definition", "mel_cepstral_distortion")),
    Mutant("mcd_energy_always_included", {"mel_cepstral_distortion": _mcd_mutant(start=0)},
           _ids("definition", "mel_cepstral_distortion")),
    Mutant("mcd_energy_never_included", {"mel_cepstral_distortion": _mcd_mutant(start=1)},
           _ids("definition", "mel_cepstral_distortion")),
    Mutant("mcd_root_of_the_mean", {"mel_cepstral_distortion": _mcd_mutant(root_of_mean=True)},
           _ids("definition", "mel_cepstral_distortion")),
    Mutant("mcd_first_frame_only", {"mel_cepstral_distortion": _mcd_mutant(first_frame=True)},
           _ids("permutation_invariance", "mel_cepstral_distortion") + _ids("definition", "mel_cepstral_distortion")),
    Mutant("mcd_scaled_by_the_reference", {"mel_cepstral_distortion": _mcd_mutant(by_reference_norm=True)},
           _ids("symmetry", "mel_cepstral_distortion") + _ids("definition", "mel_cepstral_distortion")),
    Mutant("mcd_dtw_truncates", {"mel_cepstral_distortion": _mcd_mutant(dtw_truncates=True)},
           _ids("dtw_undoes_time_stretch", "mel_cepstral_distortion")),
    Mutant("mcd_dtw_over_shorter_length", {"mel_cepstral_distortion": _mcd_dtw_over_shorter_length},
           _ids("dtw_definition", "mel_cepstral_distortion")),
    Mutant("mcd_offset",
           {"mel_cepstral_distortion": lambda *a, **kw: real.mel_cepstral_distortion(*a, **kw)
            + (0.0 if kw.get("include_energy") else 0.5)},
           _ids("bounds_and_identity", "mel_cepstral_distortion") + _ids("definition", "mel_cepstral_distortion")),
    Mutant("mcd_bad_input_scored_zero", {"mel_cepstral_distortion": _swallowed(real.mel_cepstral_distortion)},
           _ids("refuses_bad_input", "mel_cepstral_distortion")),
]

MUTANTS = BER_MUTANTS + BURSTINESS_MUTANTS + MOS_MUTANTS + MCD_MUTANTS


# ---------------------------------------------------------------- caught only by edge cases (issue 31)


def mcd_dtw_skipped_for_equal_lengths(reference, synthesized, *, include_energy=False, alignment="none"):
    """alignment='dtw' skipped when the frame counts match ("already aligned"): frame t against frame t.
    The drawn DTW examples always differ in length; the edge case equal_length_shifted (the second sequence
    the first one frame late) has a DTW path far off the diagonal."""
    if alignment == "dtw" and len(reference) == len(synthesized):
        alignment = "none"
    return real.mel_cepstral_distortion(reference, synthesized, include_energy=include_energy, alignment=alignment)


MUTANTS += [
    Mutant("mcd-dtw-skipped-for-equal-lengths", {"mel_cepstral_distortion": mcd_dtw_skipped_for_equal_lengths},
           catches=("signal.dtw_definition[mel_cepstral_distortion]",)),
]
