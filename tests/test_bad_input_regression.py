"""Our regression metrics refuse bad input with a MetricInputError naming the argument."""

import inspect
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


# ---------------------------------------------------------------- multioutput, MASE, SMAPE denominator (issue 32)

MULTIOUTPUT = sorted(n for n, family in metrics.CATALOG.items()
                     if family == "regression" and "multioutput" in inspect.signature(getattr(metrics, n)).parameters)
TABLE = [[1.0, 2.0], [2.0, 1.0], [3.0, 5.0]]

MULTIOUTPUT_CASES = [
    ("2-D y_true, 1-D y_pred", TABLE, GOOD, {}, "y_true"),
    ("1-D y_true, 2-D y_pred", GOOD, TABLE, {}, "y_pred"),
    ("more columns in y_pred", TABLE, [r + [1.0] for r in TABLE], {}, "y_pred"),
    ("fewer rows in y_pred", TABLE, TABLE[:2], {}, "y_pred"),
    ("no columns", [[], [], []], [[], [], []], {}, "y_true"),
    ("3-D y_true", [TABLE], [TABLE], {}, "y_true"),
    ("NaN in a column of y_pred", TABLE, [[1.0, 2.0], [2.0, math.nan], [3.0, 5.0]], {}, "y_pred"),
    ("unknown multioutput", TABLE, TABLE, {"multioutput": "macro"}, "multioutput"),
    ("multioutput=None", TABLE, TABLE, {"multioutput": None}, "multioutput"),
    ("weights of wrong length", TABLE, TABLE, {"multioutput": [1.0, 1.0, 1.0]}, "multioutput"),
    ("negative output weight", TABLE, TABLE, {"multioutput": [1.0, -1.0]}, "multioutput"),
    ("output weights of zero sum", TABLE, TABLE, {"multioutput": [0.0, 0.0]}, "multioutput"),
    ("NaN output weight", TABLE, TABLE, {"multioutput": [1.0, math.nan]}, "multioutput"),
]


@pytest.mark.parametrize("name", MULTIOUTPUT)
@pytest.mark.parametrize("case, y_true, y_pred, kwargs, argument", MULTIOUTPUT_CASES,
                         ids=[c[0] for c in MULTIOUTPUT_CASES])
def test_multioutput_refuses_bad_input(name, case, y_true, y_pred, kwargs, argument):
    with pytest.raises(MetricInputError, match=argument):
        getattr(metrics, name)(y_true, y_pred, **kwargs)


@pytest.mark.parametrize("name", [n for n in MULTIOUTPUT if n not in ("r2", "explained_variance")])
def test_variance_weighted_is_refused_where_undefined(name):
    with pytest.raises(MetricInputError, match="multioutput"):
        getattr(metrics, name)(TABLE, TABLE, multioutput="variance_weighted")


def test_the_spec_checks_every_metric_with_multioutput():
    from properties.regression import MULTIOUTPUT as SPEC

    assert MULTIOUTPUT == sorted(SPEC)


TRAIN = [1.0, 3.0, 2.0, 5.0]
MASE_CASES = [
    ("seasonality 0", {"seasonality": 0}, "seasonality"),
    ("seasonality 1.5", {"seasonality": 1.5}, "seasonality"),
    ("seasonality True", {"seasonality": True}, "seasonality"),
    ("y_train as long as the season", {"seasonality": 4}, "y_train"),
    ("constant y_train", {"y_train": [2.0, 2.0, 2.0]}, "y_train"),
    ("y_train of period 2", {"y_train": [1.0, 4.0, 1.0, 4.0, 1.0], "seasonality": 2}, "y_train"),
    ("NaN in y_train", {"y_train": [1.0, math.nan, 2.0]}, "y_train"),
    ("2-D y_train", {"y_train": [TRAIN, TRAIN]}, "y_train"),
    ("y_train None", {"y_train": None}, "y_train"),
    ("NaN in y_pred", {"y_pred": [1.0, math.nan, 3.0]}, "y_pred"),
    ("mismatched lengths", {"y_pred": [1.0, 2.0]}, "y_pred"),
]


@pytest.mark.parametrize("case, change, argument", MASE_CASES, ids=[c[0] for c in MASE_CASES])
def test_mase_refuses_bad_input(case, change, argument):
    call = dict(y_true=GOOD, y_pred=[1.0, 2.5, 2.0], y_train=TRAIN, seasonality=1)
    call.update(change)
    with pytest.raises(MetricInputError, match=argument):
        metrics.mean_absolute_scaled_error(call.pop("y_true"), call.pop("y_pred"), **call)


@pytest.mark.parametrize("denominator", ["half", "", None, 2, ["sum"]])
def test_smape_refuses_an_unknown_denominator(denominator):
    with pytest.raises(MetricInputError, match="denominator"):
        metrics.symmetric_mean_absolute_percentage_error(GOOD, GOOD, denominator=denominator)
