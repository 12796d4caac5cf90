"""Wrong streaming forms: the state bugs the streaming properties (``properties/streaming.py``) exist for.

Each is the catalog's :class:`~metrics.streaming.CountedSamples` with one thing done
the way a library gets it wrong, made for every metric with a streaming form:

* ``first_batch_twice``: the first batch counts three times (a buffer appended
  on the first update and again on each of the next two);
* ``last_batch_weighted``: the newest non-empty batch counts three times (a
  running estimate that weights recent batches: it depends on their order);
* ``compute_mutates``: ``compute`` adds a sample to the state (a compute that
  writes its running totals back into it);
* ``reset_forgets``: ``reset`` clears nothing;
* ``merge_ignores_other``: ``merge`` keeps its own state only (a merge that
  forgets to sum one of its buffers);
* ``empty_is_zero``: a stream that has seen nothing computes 0.0.
"""

from __future__ import annotations

import numpy as np

import metrics
from metrics.streaming import CountedSamples
from tests.mutants import STREAM_PREFIX, Mutant


class _Wrong(CountedSamples):
    def __init__(self, metric, bug: str, **options):
        self.bug = bug
        super().__init__(metric, **options)

    def update(self, *batch):
        super().update(*batch)
        if self.bug == "first_batch_twice" and len(np.asarray(batch[0])) and not self._batches_seen:
            super().update(*batch)
            super().update(*batch)
        if len(np.asarray(batch[0])):
            self._batches_seen += 1
            self._newest = [np.asarray(b).copy() for b in batch]

    def compute(self):
        columns, counts = self._distinct()
        if self.bug == "empty_is_zero" and (columns is None or not len(counts)):
            return 0.0
        if self.bug == "last_batch_weighted" and self._batches_seen:
            weighted = _Wrong(self.metric, "none", **self.options)
            weighted.merge(self)
            weighted.update(*self._newest)
            weighted.update(*self._newest)
            return weighted.compute()
        value = super().compute()
        if self.bug == "compute_mutates" and columns is not None and len(counts):
            # a sample made of the first distinct sample's first value and the last one's others
            self._add([columns[0][:1].copy(), *(c[-1:].copy() for c in columns[1:])], np.ones(1, dtype=np.int64))
        return value

    def reset(self):
        if self.bug == "reset_forgets" and hasattr(self, "_counts"):
            return
        self._batches_seen, self._newest = 0, None
        super().reset()

    def merge(self, other):
        if isinstance(other, _Wrong) and other.bug == "none" or self.bug == "none":
            return super().merge(other)
        if self.bug == "merge_ignores_other":
            return
        super().merge(other)


def _factory(name: str, bug: str):
    metric = getattr(metrics, name)
    return lambda **options: _Wrong(metric, bug, **options)


#: bug -> the streaming properties it must fail
CATCHES = {
    "first_batch_twice": ("stream_batches",),
    "last_batch_weighted": ("stream_batch_order",),
    "compute_mutates": ("stream_compute_idempotent",),
    "reset_forgets": ("stream_reset",),
    "merge_ignores_other": ("stream_merge",),
    "empty_is_zero": ("stream_undefined",),
}

MUTANTS = [
    Mutant(f"stream_{bug}[{name}]", {f"{STREAM_PREFIX}{name}": _factory(name, bug)},
           tuple(f"{metrics.CATALOG[name]}.{prop}[{name}]" for prop in props))
    for name in metrics.STREAMING
    for bug, props in CATCHES.items()
]
