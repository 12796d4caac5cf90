"""Unit tests of metrics/signal.py: hand-computed cases and the conventions the docstrings state."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.stats

from metrics import (MetricInputError, bit_error_rate, burstiness, mean_opinion_score, mel_cepstral_distortion)
from metrics.signal import MCD_CONSTANT


def test_bit_error_rate_counts_differing_bits():
    assert bit_error_rate([0, 1, 1, 0], [0, 1, 0, 1]) == 0.5
    assert bit_error_rate(np.array([True, False]), np.array([True, False])) == 0.0


def test_packed_bytes_count_eight_bits_each():
    # 0b11110000 vs 0b11111111: 4 of 8 bits; 0x01 vs 0x00: 1 of 8 -> 5 / 16
    assert bit_error_rate(bytes([0xF0, 0x01]), bytes([0xFF, 0x00]), packed=True) == 5 / 16
    rng = np.random.default_rng(0)
    a, b = rng.integers(0, 2, 8000), rng.integers(0, 2, 8000)
    assert bit_error_rate(np.packbits(a), np.packbits(b), packed=True) == bit_error_rate(a, b)


def test_burstiness_by_hand():
    # [1, 3]: m = 2, sigma (ddof 0) = 1 -> (1 - 2) / (1 + 2)
    assert burstiness([1.0, 3.0]) == pytest.approx(-1 / 3)
    assert burstiness(np.full(7, 4.0)) == -1.0
    # one event after n - 1 zero gaps: sigma / m = sqrt(n - 1)
    n = 10
    cv = math.sqrt(n - 1)
    assert burstiness([0.0] * (n - 1) + [5.0]) == pytest.approx((cv - 1) / (cv + 1))


def test_burstiness_keeps_its_digits_far_from_zero():
    rng = np.random.default_rng(1)
    tau = 1e8 + rng.normal(size=10_000)
    m, sigma = 1e8, np.std(tau - 1e8)
    assert burstiness(tau) == pytest.approx((sigma - m) / (sigma + m), rel=1e-12)


@pytest.mark.parametrize("tau", [[0.0, 0.0], [1.0, -1.0], [1.0, np.nan], []])
def test_burstiness_refusals(tau):
    with pytest.raises(MetricInputError) as info:
        burstiness(tau)
    assert info.value.argument == "inter_event_times"


def test_mos_interval_is_students_t():
    ratings = [4, 5, 3, 4, 4, 2, 5]
    result = mean_opinion_score(ratings, confidence=0.9)
    low, high = scipy.stats.t.interval(0.9, len(ratings) - 1, loc=np.mean(ratings),
                                       scale=scipy.stats.sem(ratings))
    assert result.mean == pytest.approx(np.mean(ratings))
    assert (result.ci_low, result.ci_high) == pytest.approx((low, high), rel=1e-12)


def test_mos_interval_is_not_clipped_to_the_scale():
    result = mean_opinion_score([5, 5, 5, 4])
    assert result.ci_high > 5


@pytest.mark.parametrize(("kwargs", "argument"), [
    ({"ratings": [4]}, "ratings"), ({"ratings": [0, 3]}, "ratings"), ({"ratings": [3, 4], "confidence": 1.0},
                                                                      "confidence"),
    ({"ratings": [3, 4], "scale": (5, 1)}, "scale"),
])
def test_mos_refusals(kwargs, argument):
    with pytest.raises(MetricInputError) as info:
        mean_opinion_score(**kwargs)
    assert info.value.argument == argument


def test_mcd_constant_and_the_energy_coefficient():
    ref, syn = np.array([[3.0, 1.0, 0.0]]), np.array([[0.0, 0.0, 0.0]])
    assert MCD_CONSTANT == pytest.approx(10 / math.log(10) * math.sqrt(2))
    assert mel_cepstral_distortion(ref, syn) == pytest.approx(10 / math.log(10) * math.sqrt(2 * 1.0))
    assert mel_cepstral_distortion(ref, syn, include_energy=True) == pytest.approx(
        10 / math.log(10) * math.sqrt(2 * 10.0))


def test_mcd_dtw_absorbs_a_repeated_frame_and_averages_over_the_path():
    ref = np.array([[0.0, 0.0], [0.0, 1.0], [0.0, 3.0]])
    stretched = ref[[0, 1, 1, 2]]
    assert mel_cepstral_distortion(ref, stretched, alignment="dtw") == 0.0
    with pytest.raises(MetricInputError, match="alignment='dtw'"):
        mel_cepstral_distortion(ref, stretched)
    # one frame off by 2 in c1 on a 3-pair diagonal path: mean distance 2 / 3
    shifted = ref.copy()
    shifted[2, 1] = 5.0
    assert mel_cepstral_distortion(ref, shifted, alignment="dtw") == pytest.approx(MCD_CONSTANT * 2 / 3)


def test_mcd_dtw_is_the_minimum_cost_path():
    rng = np.random.default_rng(2)
    ref, syn = rng.normal(size=(6, 4)), rng.normal(size=(5, 4))
    D = np.sqrt(((ref[:, None, 1:] - syn[None, :, 1:]) ** 2).sum(-1))
    best = {}  # (i, j) -> (cost, steps) of the cheapest path to cell (i, j), by plain recursion

    def walk(i, j):
        if (i, j) not in best:
            if i == 0 and j == 0:
                best[i, j] = (D[0, 0], 1)
            else:
                options = [walk(a, b) for a, b in ((i - 1, j - 1), (i - 1, j), (i, j - 1)) if a >= 0 and b >= 0]
                cost, steps = min(options, key=lambda o: o[0])
                best[i, j] = (cost + D[i, j], steps + 1)
        return best[i, j]

    cost, steps = walk(5, 4)
    assert mel_cepstral_distortion(ref, syn, alignment="dtw") == pytest.approx(MCD_CONSTANT * cost / steps)
