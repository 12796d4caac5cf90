"""Edge values the small Hypothesis inputs do not reach: a value where one is defined, a clear error where none is.

Each expected value is the mathematical one, stated next to it (issue 15's list of crashes).
"""

import math

import numpy as np
import pytest

import metrics as M
from metrics.errors import MetricInputError


def test_r2_and_explained_variance_of_a_spread_whose_squares_underflow():
    y = [1e-200, 0.0, 2e-200, 3e-200]
    # SS_tot = 5e-400 underflows; rescaled, R2 = 1 - 0.01 / 5 exactly as at unit scale
    assert M.r2(y, [1.1e-200, 0.0, 2e-200, 3e-200]) == pytest.approx(0.998, rel=1e-12)
    # predictions 1e200 times the spread: R2 = 1 - 30e400 / 5e-400, below the float range
    assert M.r2(y, [1.0, 2.0, 3.0, 4.0]) == -math.inf
    assert M.explained_variance(y, [1.0, 2.0, 3.0, 4.0]) == -math.inf


def test_sums_near_the_float_maximum_do_not_overflow():
    # y_true = (a, -a, 0) with predictions ~0: SS_res ~ SS_tot, R2 ~ 0
    assert M.r2([1.7e308, -1.7e308, 0.0], [0.0, 1.0, 2.0]) == pytest.approx(0.0, abs=1e-12)
    assert M.adjusted_r2([1.7e308, -1.7e308, 0.0, 1.0], [0.0, 1.0, 2.0, 3.0], n_features=1) == pytest.approx(
        1 - (1 - M.r2([1.7e308, -1.7e308, 0.0, 1.0], [0.0, 1.0, 2.0, 3.0])) * 3 / 2)
    assert M.root_mean_squared_error([1.7e308, -1.7e308], [0.0, 0.0]) == pytest.approx(1.7e308, rel=1e-15)
    assert M.mean_absolute_error([1e308, 1e308], [0.0, 0.0]) == pytest.approx(1e308, rel=1e-15)


def test_pearson_of_subnormal_values_is_that_of_the_scaled_values():
    # (1e-310, 0, 2e-310) is (1, 0, 2) x 1e-310 up to subnormal rounding; pearson((1, 0, 2), (1, 2, 3)) = 0.5
    assert M.pearson([1e-310, 0.0, 2e-310], [1.0, 2.0, 3.0]) == pytest.approx(0.5, rel=1e-3)


@pytest.mark.parametrize("metric", [M.r2, M.explained_variance])
def test_force_finite_must_be_a_boolean(metric):
    with pytest.raises(MetricInputError, match="force_finite"):
        metric([1.0, 1.0], [1.0, 2.0], force_finite="no")


def test_cohen_kappa_replace_undefined_by_must_be_a_number():
    with pytest.raises(MetricInputError, match="replace_undefined_by"):
        M.cohen_kappa([0, 0], [0, 0], replace_undefined_by="bogus")
    assert M.cohen_kappa([0, 0], [0, 0], replace_undefined_by=0.0) == 0.0
    assert np.isnan(M.cohen_kappa([0, 0], [0, 0]))


def test_log_loss_with_boolean_labels_and_a_probability_matrix():
    y = np.array([True, False, True])
    proba = np.array([[0.3, 0.7], [0.6, 0.4], [0.5, 0.5]])  # columns: False, True
    assert M.log_loss(y, proba) == pytest.approx(-(np.log(0.7) + np.log(0.6) + np.log(0.5)) / 3, rel=1e-12)


def test_bleu_refuses_an_order_beyond_its_documented_bound():
    with pytest.raises(MetricInputError, match="max_n"):
        M.sentence_bleu([["a"] * 5], ["a"] * 5, max_n=10**4)
    assert M.sentence_bleu([["a"] * 5], ["a"] * 5, max_n=5) == 1.0


@pytest.mark.parametrize("metric", [M.accuracy, M.mean_squared_error, M.pearson])
def test_masked_arrays_with_masked_entries_are_refused_in_every_family(metric):
    masked = np.ma.masked_array([1.0, 0.0, 1.0], mask=[False, True, False])
    with pytest.raises(MetricInputError, match="masked"):
        metric(masked, np.array([1.0, 1.0, 2.0]))


def test_log_loss_accepts_float32_rows_that_sum_to_one_in_float32():
    """A float32 softmax row sums to 1 only within float32's rounding (found by dtype_invariance's author)."""
    p32 = np.full((3, 3), 1 / 3, dtype=np.float32)
    assert M.log_loss([0, 1, 2], p32, labels=[0, 1, 2]) == pytest.approx(np.log(3), rel=1e-6)
    with pytest.raises(MetricInputError, match="y_proba"):
        M.log_loss([0, 1, 2], np.full((3, 3), 0.34, dtype=np.float32), labels=[0, 1, 2])
    with pytest.raises(MetricInputError, match="y_proba"):  # float64 keeps the strict tolerance
        M.log_loss([0, 1, 2], p32.astype(np.float64) * (1 + 1e-7), labels=[0, 1, 2])
