"""metric-assay adapter for tinymetrics (the worked example of docs/adapters.md).

Audit it with ``metric-assay audit examples.adapter.tinymetrics_adapter``.
"""

from __future__ import annotations

import numpy as np

from examples.adapter import tinymetrics
from properties.engine.vocabulary.reproduce import library_call  # shows tinymetrics' own call in a failure's reproduction

TARGET_NAME = "tinymetrics"
VERSION = "0.1"
CONVENTIONS = {
    "argument order": "tinymetrics takes (preds, target); the adapter swaps to the catalog's (y_true, y_pred)",
    "accuracy": "tinymetrics returns a percentage; the adapter divides by 100",
    "averaging": "binary F is the positive class's per-class F; no 'weighted' average and no sample weights: "
    "those examples are skipped (SUPPORTS, signatures)",
    # a declaration (a number, not a description): tinymetrics' AccMeter computes 0.0 before any sample, where
    # the catalog refuses; the stream properties expect 0.0 there (and check it) instead of a refusal
    "fresh_stream": {"accuracy": 0.0},
}
#: tinymetrics returns float32 scalars: comparisons allow float32 rounding (detected anyway)
PRECISION = "float32"
#: tinymetrics refuses bad shapes with RuntimeError
REFUSAL_ERRORS = (ValueError, TypeError, RuntimeError)
#: what the audit found, verified with tinymetrics' own calls: listed, the audit passes and reports them
DEVIATIONS = {
    "classification.refuses_bad_input[accuracy]": "bug: NaN labels accepted: tinymetrics.acc([nan], [0.0]) -> 0.0",
    "classification.refuses_bad_input[f1]": "bug: NaN labels accepted: tinymetrics.f_score([nan], [0.0]) -> 0.0",
    "classification.refuses_bad_input[fbeta]": "bug: NaN labels accepted, as for f1",
    "classification.refuses_nonpositive_beta": "bug: beta is not checked: tinymetrics.f_score([0], [0], beta=0.0) -> 1.0",
}
#: catalog option values tinymetrics has (others are skipped, and reported as such)
SUPPORTS = {"f1": {"average": ("binary", "micro", "macro", None)},
            "fbeta": {"average": ("binary", "micro", "macro", None)}}


def accuracy(y_true, y_pred):
    return library_call(tinymetrics.acc, y_pred, y_true) / np.float32(100)


def fbeta(y_true, y_pred, *, beta, average="binary", pos_label=1):
    if average == "binary":
        # the catalog's binary mode is tinymetrics' per-class score of the positive class
        present = np.unique(np.concatenate([np.asarray(y_true), np.asarray(y_pred)]))
        if present.size > 2 or pos_label not in present.tolist() and present.size == 2:
            raise ValueError(f"average: binary mode needs two labels including pos_label={pos_label!r}")
        scores, classes = library_call(tinymetrics.f_score, y_pred, y_true, beta=beta, average="none")
        where = np.flatnonzero(classes == pos_label)
        return np.float32(scores[where[0]]) if where.size else np.float32(0.0)
    if average is None:
        return library_call(tinymetrics.f_score, y_pred, y_true, beta=beta, average="none")[0]
    value = library_call(tinymetrics.f_score, y_pred, y_true, beta=beta, average=average)
    return np.float32(value[0]) if average == "micro" else value


def f1(y_true, y_pred, *, average="binary", pos_label=1):
    return fbeta(y_true, y_pred, beta=1.0, average=average, pos_label=pos_label)


def mean_squared_error(y_true, y_pred):
    return library_call(tinymetrics.mse, y_pred, y_true)


class _Accuracy:
    """tinymetrics' AccMeter under the streaming protocol: batches in the catalog's (y_true, y_pred) order."""

    def __init__(self):
        self.meter = tinymetrics.AccMeter()

    def update(self, y_true, y_pred):
        self.meter.update(y_pred, y_true)

    def compute(self):
        return self.meter.compute() / np.float32(100)

    def reset(self):
        self.meter.reset()

    def merge(self, other):
        self.meter.merge(other.meter)


STREAMING = {"accuracy": _Accuracy}
