"""Our regression metrics refuse bad input with a MetricInputError naming the argument."""

import math

import numpy as np
import pytest

import metrics
from metrics import MetricInputError

REGRESSION = [
    "mean_squared_error",
    "root_mean_squared_error",
    "mean_absolute_error",
    "median_absolute_error",
    "mean_squared_log_error",
    "root_mean_squared_log_error",
    "r2",
    "explained_variance",
    "adjusted_r2",
]

GOOD = [1.0, 2.0, 3.0]

CASES = [
    ("mismatched lengths", GOOD, [1.0, 2.0], {}, "y_pred"),
    ("empty y_true", [], [], {}, "y_true"),
    ("NaN in y_true", [1.0, math.nan, 3.0], GOOD, {}, "y_true"),
    ("NaN in y_pred", GOOD, [1.0, 2.0, math.nan], {}, "y_pred"),
    ("inf in y_true", [math.inf, 2.0, 3.0], GOOD, {}, "y_true"),
    ("-inf in y_pred", GOOD, [1.0, -math.inf, 3.0], {}, "y_pred"),
    ("2-D y_true", [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], GOOD, {}, "y_true"),
    ("2-D y_pred", GOOD, [[1.0], [2.0], [3.0]], {}, "y_pred"),
    ("strings", ["a", "b", "c"], GOOD, {}, "y_true"),
    ("None", None, GOOD, {}, "y_true"),
    ("weights of wrong length", GOOD, GOOD, {"sample_weight": [1.0, 1.0]}, "sample_weight"),
    ("negative weight", GOOD, GOOD, {"sample_weight": [1.0, -1.0, 1.0]}, "sample_weight"),
    ("NaN weight", GOOD, GOOD, {"sample_weight": [1.0, math.nan, 1.0]}, "sample_weight"),
    ("zero weights", GOOD, GOOD, {"sample_weight": [0.0, 0.0, 0.0]}, "sample_weight"),
]


def _call(name, y_true, y_pred, **kw):
    if name == "adjusted_r2":
        kw.setdefault("n_features", 0)
    return getattr(metrics, name)(y_true, y_pred, **kw)


@pytest.mark.parametrize("name", REGRESSION)
@pytest.mark.parametrize("case, y_true, y_pred, kwargs, argument", CASES, ids=[c[0] for c in CASES])
def test_refuses_bad_input(name, case, y_true, y_pred, kwargs, argument):
    with pytest.raises(MetricInputError, match=argument):
        _call(name, y_true, y_pred, **kwargs)


@pytest.mark.parametrize("name", ["mean_squared_log_error", "root_mean_squared_log_error"])
@pytest.mark.parametrize("argument, bad", [("y_true", -1.0), ("y_pred", -1.0), ("y_true", -3.5), ("y_pred", -1e9)])
def test_log_errors_refuse_values_at_or_below_minus_one(name, argument, bad):
    y = {"y_true": [0.0, 1.0, 2.0], "y_pred": [0.0, 1.0, 2.0]}
    y[argument][1] = bad
    with pytest.raises(MetricInputError, match=argument):
        getattr(metrics, name)(y["y_true"], y["y_pred"])


@pytest.mark.parametrize("name", ["r2", "explained_variance", "adjusted_r2"])
def test_goodness_of_fit_refuses_a_single_sample(name):
    with pytest.raises(MetricInputError, match="y_true"):
        _call(name, [1.0], [2.0])


@pytest.mark.parametrize("n_features", [-1, 1.5, True, 2, 5])
def test_adjusted_r2_refuses_bad_n_features(n_features):
    with pytest.raises(MetricInputError, match="n_features"):
        metrics.adjusted_r2([1.0, 2.0, 3.0], [1.0, 2.5, 2.0], n_features=n_features)


def test_huge_finite_input_is_not_mistaken_for_bad_input():
    # overflow inside the sums must not raise nor produce NaN: R2 is scale-free
    assert metrics.r2([1e200, -1e200, 0.0], [1e200, -1e200, 1e199]) == pytest.approx(
        metrics.r2([1.0, -1.0, 0.0], [1.0, -1.0, 0.1]), rel=1e-12
    )
    assert metrics.root_mean_squared_error([1e200], [-1e200]) == pytest.approx(2e200, rel=1e-12)
    assert np.isfinite(metrics.root_mean_squared_error([1e-200], [0.0]))
