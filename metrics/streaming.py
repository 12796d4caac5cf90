"""Streaming forms of the catalog's metrics: ``update`` per batch, ``compute``, ``reset``, ``merge``.

The protocol every target may offer (``STREAMING``: catalog name -> factory):
``factory(**options)`` returns an object with

* ``update(*batch)``: add a batch, given as the metric's positional arguments
  (``update(y_true, y_pred)`` for ``f1``); an empty batch adds nothing;
* ``compute()``: the metric of everything added so far, as one call of the
  catalog function on all of it would give, without changing the state;
* ``reset()``: back to the empty state;
* ``merge(other)`` (optional): add the state of ``other`` (a stream of the same
  metric and options, e.g. another process's shard), leaving ``other`` as it was.

The options are the keyword arguments of the one-shot call (``average=``,
``beta=`` ...): fixed when the stream is made, as in torchmetrics' modular
metrics.

The catalog's state is :class:`CountedSamples`: the distinct samples seen, as
columns, with how often each occurred. Every metric here depends only on the
multiset of its samples (the generic ``permutation_invariance`` and
``duplication_invariance`` properties say so), so the counts are a sufficient
statistic and ``compute`` is exact: the catalog function on the distinct
samples weighted by their counts (``sample_weight``, which the
``integer_weights`` property proves equal to repetition), or on the samples
repeated when the metric takes no weights. The state is finite wherever the
sample values are: labels (a k x k table of label pairs), clusterings (the
contingency table), scores on a grid (per-score positive and negative counts);
for continuous reals it holds each distinct value once.
"""

from __future__ import annotations

import inspect
import math

import numpy as np

from .errors import MetricInputError

__all__ = ["CountedSamples", "MeanLoss", "STREAMING", "stream"]


def _column(values, position: int) -> np.ndarray:
    array = np.asarray(values)
    if array.ndim != 1:
        raise MetricInputError(f"batch argument {position + 1}", f"expected a 1-D array, got shape {array.shape}")
    return array


class CountedSamples:
    """The distinct samples of a stream with their counts: a mergeable state for any order-free metric.

    ``metric`` is the catalog function, ``options`` its keyword arguments.
    """

    #: compact the pending batches into distinct samples once they hold this many rows
    COMPACT_EVERY = 1 << 16

    def __init__(self, metric, **options):
        self.metric = metric
        self.options = options
        self._weighted = "sample_weight" in inspect.signature(metric).parameters
        self.reset()

    def reset(self) -> None:
        self._columns: list[np.ndarray] | None = None  # distinct samples, one array per argument
        self._counts = np.zeros(0, dtype=np.int64)
        self._pending: list[tuple[list[np.ndarray], np.ndarray]] = []
        self._pending_rows = 0

    def update(self, *batch) -> None:
        columns = [_column(values, i) for i, values in enumerate(batch)]
        lengths = {len(c) for c in columns}
        if len(lengths) > 1:
            raise MetricInputError("batch", f"its arguments have different lengths {sorted(lengths)}")
        if self._columns is not None and len(columns) != len(self._columns):
            raise MetricInputError("batch", f"has {len(columns)} arguments, earlier batches {len(self._columns)}")
        if not columns or not len(columns[0]):
            return
        self._add(columns, np.ones(len(columns[0]), dtype=np.int64))

    def merge(self, other: "CountedSamples") -> None:
        if not isinstance(other, CountedSamples) or other.metric is not self.metric or other.options != self.options:
            raise MetricInputError("other", "is not a stream of the same metric with the same options")
        columns, counts = other._distinct()
        if columns is not None and len(counts):
            self._add([c.copy() for c in columns], counts.copy())

    def compute(self):
        columns, counts = self._distinct()
        if columns is None or not len(counts):
            return self.metric(*([] for _ in range(self._arity())), **self.options)  # the one-shot's empty case
        if self._weighted:
            return self.metric(*columns, sample_weight=counts, **self.options)
        return self.metric(*(np.repeat(c, counts) for c in columns), **self.options)

    @property
    def state(self) -> dict:
        """The sufficient statistic: the distinct samples (one array per argument) and their counts."""
        columns, counts = self._distinct()
        return {"samples": [] if columns is None else [c.copy() for c in columns], "counts": counts.copy()}

    # ------------------------------------------------------------------

    def _arity(self) -> int:
        positional = [p for p in inspect.signature(self.metric).parameters.values()
                      if p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty]
        return len(positional)

    def _add(self, columns: list[np.ndarray], counts: np.ndarray) -> None:
        if self._columns is None:
            self._columns = [c[:0] for c in columns]
        self._pending.append((columns, counts))
        self._pending_rows += len(counts)
        if self._pending_rows >= self.COMPACT_EVERY:
            self._distinct()

    def _distinct(self):
        """Fold the pending batches into the distinct samples: each column coded to integers, the codes combined
        into one key per sample, and the counts summed per key (a bincount when the keys are few)."""
        if self._pending:
            parts = [(self._columns, self._counts), *self._pending]
            columns = [np.concatenate([p[0][j] for p in parts]) for j in range(len(self._columns))]
            counts = np.concatenate([p[1] for p in parts])
            first, summed = _group(columns, counts)
            self._columns = [c[first] for c in columns]
            self._counts = summed
            self._pending, self._pending_rows = [], 0
        return self._columns, self._counts


def _codes(column: np.ndarray) -> tuple[np.ndarray, int]:
    """(integer code per value, number of codes): a small integer range by its offset (one pass), else np.unique."""
    if column.dtype.kind in "biu" and column.size:
        lo, hi = int(column.min()), int(column.max())
        if hi - lo < 1 << 20:
            return column.astype(np.int64) - lo, hi - lo + 1
    values, inverse = np.unique(column, return_inverse=True)
    return inverse.ravel().astype(np.int64), len(values)


def _group(columns: list[np.ndarray], counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(index of one sample of each distinct sample, summed counts), for samples given as columns."""
    n = len(counts)
    coded = [_codes(c) for c in columns]
    span = 1
    for _, size in coded:
        span *= size
    if span >= 1 << 62:  # too many combinations for one int64 key: rows of codes
        rows = np.stack([codes for codes, _ in coded], axis=1)
        _, first, inverse = np.unique(rows, axis=0, return_index=True, return_inverse=True)
        return first, np.bincount(inverse.ravel(), weights=counts, minlength=len(first)).astype(np.int64)
    key = np.zeros(n, dtype=np.int64)
    for codes, size in coded:
        key = key * size + codes
    if span <= max(4 * n, 1 << 16):  # few possible keys (labels): counting sort
        totals = np.bincount(key, weights=counts, minlength=span)
        some = np.full(span, n, dtype=np.int64)
        some[key] = np.arange(n, dtype=np.int64)  # any sample of each key: they are all the same sample
        present = np.flatnonzero(some < n)
        return some[present], totals[present].astype(np.int64)
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    return first, np.bincount(inverse.ravel(), weights=counts, minlength=len(first)).astype(np.int64)


class MeanLoss:
    """A finite state for a mean of per-sample losses: the number of samples and the running mean (or root mean
    square), merged as weighted means.

    ``metric`` is the catalog function of one batch (``mean_squared_error``,
    ``root_mean_squared_error``, ...), which validates it and computes its value
    with its own care for extreme magnitudes; ``root=True`` merges root mean
    squares (scaled by the larger, so that values near 1e200 do not overflow).
    Exact up to rounding: a merge moves the mean by ``(n_b / n) (m_b - m)``.
    """

    def __init__(self, metric, *, root: bool = False, **options):
        if options:
            raise MetricInputError(next(iter(options)), f"{metric.__name__} streams take no options")
        self.metric, self.options, self.root = metric, {}, root
        self.reset()

    def reset(self) -> None:
        self.count, self.value = 0, 0.0

    def update(self, *batch) -> None:
        lengths = {len(np.asarray(b)) for b in batch}
        if lengths == {0}:
            return
        self._combine(len(np.asarray(batch[0])), float(self.metric(*batch)))

    def merge(self, other: "MeanLoss") -> None:
        if not isinstance(other, MeanLoss) or other.metric is not self.metric:
            raise MetricInputError("other", "is not a stream of the same metric")
        if other.count:
            self._combine(other.count, other.value)

    def compute(self) -> float:
        if not self.count:
            return self.metric([], [])  # the one-shot's refusal of empty input
        return self.value

    @property
    def state(self) -> dict:
        return {"count": self.count, "value": self.value}

    def _combine(self, count: int, value: float) -> None:
        total = self.count + count
        if self.root:
            top = max(self.value, value)
            if top > 0 and math.isfinite(top):
                a, b = self.value / top, value / top
                value = top * math.sqrt((self.count * a * a + count * b * b) / total)
            else:
                value = top  # both 0, or an infinite root mean square
        elif math.isinf(value) or math.isinf(self.value):
            value = math.inf  # losses are >= 0: an overflowed batch mean makes the whole mean overflow
        elif self.count:
            value = self.value + (count / total) * (value - self.value)
        self.count, self.value = total, value


def _mean_loss(name: str, root: bool = False):
    import metrics

    metric = getattr(metrics, name)

    def factory(**options):
        return MeanLoss(metric, root=root, **options)

    factory.__name__ = f"stream_{name}"
    factory.__doc__ = f"A stream of {name}: :class:`MeanLoss` (sample count and running {'RMS' if root else 'mean'})."
    return factory


def _counted(name: str):
    import metrics  # complete: this module is imported at the end of metrics/__init__.py

    metric = getattr(metrics, name)

    def factory(**options):
        return CountedSamples(metric, **options)

    factory.__name__ = f"stream_{name}"
    factory.__doc__ = f"A stream of {name}: :class:`CountedSamples` over its samples."
    return factory


#: catalog metrics of 1-D samples that depend only on their multiset: labels, label pairs, scores, real pairs
_ORDER_FREE_COLUMNS = (
    # classification (a k x k table of label pairs)
    "confusion_matrix", "accuracy", "precision", "recall", "fbeta", "f1", "specificity", "false_positive_rate",
    "false_negative_rate", "negative_predictive_value", "balanced_accuracy", "matthews_corrcoef", "cohen_kappa",
    # curves (per-score positive and negative counts)
    "precision_recall_curve", "average_precision", "roc_curve", "roc_auc", "det_curve", "equal_error_rate",
    # clustering with ground truth (the contingency table)
    "contingency_matrix", "pair_confusion_matrix", "rand_index", "adjusted_rand_index", "mutual_information",
    "normalized_mutual_information", "adjusted_mutual_information", "homogeneity", "completeness", "v_measure",
    "fowlkes_mallows",
    # regression and correlation without a finite sufficient statistic here (each distinct pair once)
    "median_absolute_error", "r2", "explained_variance", "pearson", "spearman", "kendall_tau",
)

#: catalog name -> factory of its stream (the protocol above)
STREAMING = {name: _counted(name) for name in _ORDER_FREE_COLUMNS}
# means of per-sample losses: the sample count and the running mean (root mean square for the RMSEs)
STREAMING.update({
    "mean_squared_error": _mean_loss("mean_squared_error"),
    "mean_absolute_error": _mean_loss("mean_absolute_error"),
    "mean_squared_log_error": _mean_loss("mean_squared_log_error"),
    "root_mean_squared_error": _mean_loss("root_mean_squared_error", root=True),
    "root_mean_squared_log_error": _mean_loss("root_mean_squared_log_error", root=True),
})


def stream(name: str, **options):
    """A new stream of catalog metric ``name`` with the one-shot call's keyword ``options``."""
    try:
        factory = STREAMING[name]
    except KeyError:
        raise MetricInputError("name", f"{name!r} has no streaming form; these do: {', '.join(STREAMING)}") from None
    return factory(**options)
