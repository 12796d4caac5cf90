"""netcal (the calibration framework of e:fs TechHub and Ruhr West University) under the catalog's calibration name.

``netcal.metrics.ECE(bins, equal_intervals).measure(X, y)`` and ``MCE`` (the same binning, the largest gap) take
the confidences ``X`` (1-D: the probability of class 1; (N, K): class probability rows, scored on the top label)
and the labels ``y`` (0/1, or the column index of the true class). The adapter maps the catalog's arguments onto
that: 1-D y_true becomes [y = positive class] (the catalog's pos_label rule), (N, K) y_true the column of each
label among the sorted classes (``labels=``, else y_true's own). Name provided: expected_calibration_error,
norm 'l1' (``ECE``) and 'max' (``MCE``), strategy 'uniform' (``equal_intervals=True``) and 'quantile'
(``equal_intervals=False``), top label only. netcal has no RMS calibration error (norm 'l2'), no classwise mode,
no Brier score, and its reliability diagram is a figure, not the catalog's calibration_curve arrays.
"""

from __future__ import annotations

from importlib.metadata import version as _version

import numpy as np
from netcal.metrics import ECE, MCE

from metrics.classification import binary_positive

TARGET_NAME = "netcal"
VERSION = _version("netcal")
CONVENTIONS = {
    "probabilistic.expected_calibration_error": "ECE (norm 'l1') / MCE (norm 'max') with bins=n_bins, "
    "equal_intervals=(strategy == 'uniform'); 1-D probabilities scored against [y = positive class], (N, K) rows "
    "on the top label; sample_threshold=1 (empty bins left out)",
}
SUPPORTS = {"expected_calibration_error": {"norm": ("l1", "max"), "mode": ("top_label",)}}
REFUSAL_ERRORS = (ValueError, TypeError, AssertionError)  # netcal checks its input with `assert`

_MEASURES = {"l1": ECE, "max": MCE}
_EQUAL_INTERVALS = {"uniform": True, "quantile": False}


def _outcomes(y_true, proba, pos_label, labels):
    """y_true as netcal reads it: 0/1 for 1-D probabilities, else each label's column among the sorted classes."""
    y = np.asarray(y_true)
    if proba.ndim == 1:
        return (y == binary_positive(y, pos_label, labels)).astype(np.int64)
    classes = np.unique(y) if labels is None else np.unique(np.asarray(labels))
    codes = np.searchsorted(classes, y)
    if y.ndim != 1 or not np.array_equal(classes[np.minimum(codes, classes.size - 1)], y):
        raise ValueError("y_true: a 1-D array of labels among labels= is needed")
    return codes.astype(np.int64)


def expected_calibration_error(y_true, y_proba, *, n_bins=15, strategy="uniform", norm="l1", mode="top_label",
                               pos_label=None, labels=None):
    if norm not in _MEASURES or mode != "top_label":  # SUPPORTS keeps the audit from asking; a direct call is told
        raise ValueError(f"norm/mode: netcal has ECE (norm 'l1') and MCE ('max') on the top label, got {norm!r}, "
                         f"{mode!r}")
    if strategy not in _EQUAL_INTERVALS:
        raise ValueError(f"strategy: 'uniform' or 'quantile' (netcal's equal_intervals), got {strategy!r}")
    proba = np.asarray(y_proba, dtype=np.float64)
    measure = _MEASURES[norm](bins=n_bins, equal_intervals=_EQUAL_INTERVALS[strategy])
    return float(measure.measure(proba, _outcomes(y_true, proba, pos_label, labels)))
