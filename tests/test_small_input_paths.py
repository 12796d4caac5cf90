"""The two code paths of the classification metrics give bit-identical results.

Inputs of at most ``_SMALL_N`` samples with fewer than ``_SMALL_K`` classes take
Python paths (a NumPy call costs about a microsecond whatever its size, and the
suite calls every metric thousands of times on tiny inputs). The Hypothesis
strategies draw at most 50 samples, so the conformance tests mostly see the
Python paths; this module runs the same inputs through both paths, forcing the
NumPy one by lowering the thresholds, and requires exact equality: below 8
terms NumPy sums left to right like Python's ``sum``, so there is no rounding
difference to tolerate.
"""

import math

import numpy as np
import pytest

import metrics
from metrics import classification

RATES = ("precision", "recall", "f1", "specificity", "false_positive_rate", "false_negative_rate",
         "negative_predictive_value")
AVERAGES = ("micro", "macro", "weighted", None)


def _cases(count=300, seed=20261123):
    rng = np.random.default_rng(seed)
    for i in range(count):
        n = int(rng.integers(1, classification._SMALL_N + 1))
        k = int(rng.integers(1, classification._SMALL_K))
        y_true, y_pred = rng.integers(0, k, n), rng.integers(0, k, n)
        kind = i % 5
        if kind == 4:  # 1-based labels: the direct bincount path must drop the empty class 0
            y_true, y_pred = y_true + 1, y_pred + 1
        elif kind == 1:  # negative labels: the Python path must hand them to the general path
            y_true, y_pred = y_true - 1, y_pred - 1
        elif kind == 2:
            y_true, y_pred = y_true % 2 == 1, y_pred % 2 == 1
        elif kind == 3:
            y_true, y_pred = y_true.astype(np.uint8), y_pred.astype(np.int16)
        weights = rng.random(n) * 3 if i % 3 == 0 else None
        yield y_true, y_pred, weights, (0.0, 1.0, math.nan)[i % 3]


def _all_results(y_true, y_pred, weights, zero_division):
    out = {"confusion_matrix": metrics.confusion_matrix(y_true, y_pred, sample_weight=weights)}
    for name in RATES:
        for average in AVERAGES:
            out[name, average] = getattr(metrics, name)(
                y_true, y_pred, average=average, sample_weight=weights, zero_division=zero_division)
    for average in AVERAGES:
        out["fbeta", average] = metrics.fbeta(y_true, y_pred, beta=0.5, average=average,
                                              sample_weight=weights, zero_division=zero_division)
    for name in ("accuracy", "balanced_accuracy", "matthews_corrcoef"):
        out[name] = getattr(metrics, name)(y_true, y_pred, sample_weight=weights)
    for kappa_weights in (None, "linear", "quadratic"):
        out["cohen_kappa", kappa_weights] = metrics.cohen_kappa(y_true, y_pred, weights=kappa_weights,
                                                                sample_weight=weights)
    return out


@pytest.mark.filterwarnings("ignore")
def test_python_and_numpy_paths_agree_exactly(monkeypatch):
    cases = list(_cases())
    small = [_all_results(*case) for case in cases]
    monkeypatch.setattr(classification, "_SMALL_N", 0)
    monkeypatch.setattr(classification, "_SMALL_K", 0)
    for case, expected in zip(cases, small):
        for key, value in _all_results(*case).items():
            got, want = np.asarray(value), np.asarray(expected[key])
            assert got.dtype == want.dtype and np.array_equal(got, want, equal_nan=True), (
                f"{key} differs between the paths on y_true={case[0].tolist()!r}, "
                f"y_pred={case[1].tolist()!r}, sample_weight={case[2]!r}: {want!r} (Python) vs {got!r} (NumPy)")
