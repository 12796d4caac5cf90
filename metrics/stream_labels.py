"""Finite states for the streams of labelled scores and of multilabel indicator matrices.

* :class:`LabelledSampleMean`: a mean of per-sample values whose value depends
  on the class set (top-k accuracy, hinge loss, Brier score): the stream needs
  ``labels=``, as a batch's classes are not the stream's;
* :class:`LabelCounts`: per label TP, FP and FN (integers), for the multilabel
  rates averaged "micro", "macro", "weighted" or per label, and the multilabel
  confusion matrix; with ``average="samples"`` the sum and the number of the
  defined per-row rates instead;
* :class:`CalibrationBins`: per equal-width bin the count, summed outcome and
  summed confidence (one set per class for ``mode="classwise"``): the expected
  calibration error with ``strategy="uniform"``. Equal-mass bins
  (``strategy="quantile"``) move their edges with every sample: no finite
  state, so that strategy has no stream.

Each is a few numbers per label or bin, whatever the stream's length.
"""

from __future__ import annotations

import math

import numpy as np

from .errors import MetricInputError
from .stream_states import SampleMean, _check_same, _is_empty, _refuse_empty

__all__ = ["LabelledSampleMean", "LabelCounts", "CalibrationBins"]


class LabelledSampleMean(SampleMean):
    """:class:`~metrics.stream_states.SampleMean` of a metric whose columns (or class set) come from the labels
    present: a batch holds some of the classes only, so the stream is made with ``labels=`` (the one-shot's
    keyword) and every batch is scored against all of them."""

    def __init__(self, metric, **options):
        if options.get("labels") is None:
            raise MetricInputError("labels", f"is required by a {metric.__name__} stream: the classes of one batch "
                                             "are not the stream's, and they name the score columns")
        super().__init__(metric, **options)


class LabelCounts:
    """The label counts of a multilabel stream: TP, FP and FN per label (the confusion matrix adds the rows).

    The rate is ``metrics.multilabel.RATE_PARTS``' (TP, FP, FN) -> (numerator, denominator) of the metric
    (``fbeta_parts(beta)`` for F-beta); the confusion matrix has none. ``average="samples"`` keeps the sum and
    the number of the defined per-row rates and the rows instead (a row's rate needs only its own cells).
    """

    def __init__(self, metric, *, average="macro", zero_division=0.0, **options):
        from .classification import _check_choice, _check_zero_division
        from .multilabel import AVERAGES, RATE_PARTS, fbeta_parts

        self.metric, self.average = metric, average
        self.key = repr((average, zero_division, options.get("beta")))  # nan == nan for merge's check
        parts = None
        if metric.__name__ != "multilabel_confusion_matrix":
            parts = fbeta_parts(options.pop("beta")) if "beta" in options else RATE_PARTS[metric.__name__]
        if options:
            raise MetricInputError(next(iter(options)), f"is not an option of a {metric.__name__} stream")
        self.parts = parts
        if parts is not None:
            _check_choice(average, "average", AVERAGES)
            self.zero_division = _check_zero_division(zero_division)
        self.reset()

    def reset(self) -> None:
        self.labels = None  # the number of labels, fixed by the first batch
        self.rows = 0
        self.tp = self.fp = self.fn = None
        self.row_sum, self.rows_defined = 0.0, 0

    def update(self, y_true, y_pred) -> None:
        from .classification import _divide
        from .multilabel import _counts, _indicator_pair

        if _is_empty((y_true, y_pred)):
            return
        t, p = _indicator_pair(y_true, y_pred)
        if self.labels is None:
            self.labels = t.shape[1]
            self.tp, self.fp, self.fn = (np.zeros(self.labels, dtype=np.int64) for _ in range(3))
        elif t.shape[1] != self.labels:
            raise MetricInputError("y_true", f"has {t.shape[1]} labels, earlier batches {self.labels}")
        self.rows += t.shape[0]
        if self.average == "samples" and self.parts is not None:
            per_row = _divide(*self.parts(*_counts(t, p, axis=1)), self.zero_division)
            defined = per_row[~np.isnan(per_row)]
            self.row_sum += float(np.add.reduce(defined))
            self.rows_defined += defined.shape[0]
            return
        for total, part in zip((self.tp, self.fp, self.fn), _counts(t, p, axis=0)):
            total += part.astype(np.int64)

    def merge(self, other: "LabelCounts") -> None:
        _check_same(self, other, "metric", "key")
        if other.labels is None:
            return
        if self.labels is None:
            self.labels = other.labels
            self.tp, self.fp, self.fn = (np.zeros(self.labels, dtype=np.int64) for _ in range(3))
        elif other.labels != self.labels:
            raise MetricInputError("other", f"counts {other.labels} labels, this stream {self.labels}")
        self.rows += other.rows
        self.row_sum += other.row_sum
        self.rows_defined += other.rows_defined
        for total, part in zip((self.tp, self.fp, self.fn), (other.tp, other.fp, other.fn)):
            total += part

    def compute(self):
        from .multilabel import _label_average

        if not self.rows:
            _refuse_empty(self.metric)
        if self.parts is None:
            tn = self.rows - self.tp - self.fp - self.fn
            return np.stack([tn, self.fp, self.fn, self.tp], axis=1).reshape(-1, 2, 2).astype(np.int64)
        if self.average == "samples":
            return self.row_sum / self.rows_defined if self.rows_defined else math.nan
        return _label_average(*(c.astype(np.float64) for c in (self.tp, self.fp, self.fn)), self.parts,
                              self.average, self.zero_division)

    @property
    def state(self) -> dict:
        return {"rows": self.rows, "tp": None if self.tp is None else self.tp.copy(),
                "fp": None if self.fp is None else self.fp.copy(), "fn": None if self.fn is None else self.fn.copy(),
                "row_sum": self.row_sum, "rows_defined": self.rows_defined}


class CalibrationBins:
    """Expected calibration error over fixed equal-width bins: per bin (and per class for ``mode="classwise"``)
    the count, the summed outcome and the summed confidence, all exact but for the float sums.
    ``strategy="quantile"`` (equal-mass bins) is refused: its edges are quantiles of every confidence seen."""

    def __init__(self, metric, *, n_bins=15, strategy="uniform", norm="l1", mode="top_label", pos_label=None,
                 labels=None):
        from ._validation import check_choice, check_int_at_least
        from .probabilistic import BIN_STRATEGIES, CALIBRATION_MODES, CALIBRATION_NORMS

        self.metric = metric
        self.n_bins = check_int_at_least(n_bins, "n_bins", 1)
        check_choice(strategy, "strategy", BIN_STRATEGIES)
        if strategy != "uniform":
            raise MetricInputError("strategy", "is 'quantile': equal-mass bins have edges at quantiles of every "
                                               "confidence seen, which no finite state holds; stream 'uniform' bins")
        check_choice(norm, "norm", CALIBRATION_NORMS)
        check_choice(mode, "mode", CALIBRATION_MODES)
        if labels is None and pos_label is None:
            raise MetricInputError("labels", f"(or pos_label=) is required by a {metric.__name__} stream: the "
                                             "classes of one batch are not the stream's")
        self.norm, self.mode, self.pos_label, self.labels = norm, mode, pos_label, labels
        self.reset()

    def reset(self) -> None:
        self.sums = None  # lines x 3 x n_bins: count, summed outcome, summed confidence

    def update(self, y_true, y_proba) -> None:
        from .probabilistic import bin_sums, calibration_lines

        if _is_empty((y_true, y_proba)):
            return
        lines = calibration_lines(y_true, y_proba, self.mode, self.pos_label, self.labels)
        sums = np.array([bin_sums(c, o, self.n_bins, "uniform") for c, o in lines], dtype=np.float64)
        self._add(sums)

    def merge(self, other: "CalibrationBins") -> None:
        _check_same(self, other, "metric", "n_bins", "norm", "mode", "pos_label", "labels")
        if other.sums is not None:
            self._add(other.sums)

    def compute(self) -> float:
        from .probabilistic import calibration_error_of_bins

        if self.sums is None:
            _refuse_empty(self.metric)
        errors = [calibration_error_of_bins(count.astype(np.int64), hits, conf, self.norm)
                  for count, hits, conf in self.sums]
        return errors[0] if len(errors) == 1 else float(np.mean(errors))

    @property
    def state(self) -> dict:
        return {"sums": None if self.sums is None else self.sums.copy()}

    def _add(self, sums: np.ndarray) -> None:
        if self.sums is None:
            self.sums = sums.copy()
        elif sums.shape != self.sums.shape:
            raise MetricInputError("y_proba", f"gives {sums.shape[0]} binned lines, earlier batches "
                                              f"{self.sums.shape[0]} (the number of classes changed)")
        else:
            self.sums += sums
