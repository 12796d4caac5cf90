"""Wrong streaming forms: the state bugs the streaming properties (``properties/streaming.py``) exist for.

Each wraps the catalog's own stream of the metric (whatever its state) and does one thing
the way a library gets it wrong, made for every metric with a streaming form:

* ``first_batch_twice``: the first batch counts three times (a buffer appended
  on the first update and again on each of the next two);
* ``last_batch_weighted``: the newest non-empty batch counts three times (a
  running estimate that weights recent batches: it depends on their order);
* ``compute_mutates``: ``compute`` adds a sample to the state (a compute that
  writes its running totals back into it);
* ``reset_forgets``: ``reset`` clears nothing;
* ``reset_keeps_seen``: ``reset`` keeps the samples seen before it as a set (what
  a kept max, vocabulary or set of classes amounts to): once other samples
  arrive, the old ones they do not repeat count again. Fed the same samples
  again, nothing shows;
* ``merge_ignores_other``: ``merge`` keeps its own state only (a merge that
  forgets to sum one of its buffers);
* ``empty_is_zero``: a stream that has seen nothing computes 0.0;
* ``empty_batch_resets``: an empty batch clears the state (a buffer replaced by
  the batch instead of extended with it);
* ``batch_values_averaged``: ``compute`` is the plain mean of the batches' own
  values (a corpus BLEU that averages sentence scores, a mean of batch means),
  made for the metrics with a scalar value;
* ``newest_batch_wins``, ``compute_clears`` (max error, where a sample counted
  twice changes nothing): the running maximum replaced by each batch's, and a
  ``compute`` that clears the state it reads;
* ``chan_without_mean_difference``: the co-moment streams (R², explained
  variance, Pearson, concordance) join batches and merged shards by Chan's update without its
  ``d d^T n_a n_b / n`` term;
* ``options_dropped``: a corpus chrF stream that passes ``word_order`` on and drops
  ``char_order``, ``beta`` and ``whitespace`` (a stream class whose constructor knows
  fewer options than the one-shot function); operating-point streams whose constraint
  is fixed at 0.5 and a log-AUC stream that keeps the default ``fpr_range``;
* ``threshold_in_codes``: an operating-point stream that computes on the codes of the
  distinct scores it keeps (their ranks) instead of the scores: the same value, since
  the operating points depend only on the scores' order, and a threshold that is a rank.
"""

from __future__ import annotations

import numpy as np

import metrics
from metrics import stream_moments
from properties.curves import OPERATING_POINTS
from tests.mutants import STREAM_PREFIX, Mutant


def _head(batch) -> tuple:
    """The batch's first sample (row, query, sentence) as a batch of one."""
    return tuple(b[:1] for b in batch)


def _key(value):
    """A hashable image of a sample (arrays by their bytes)."""
    import numpy as np

    if isinstance(value, np.ndarray):
        return value.dtype.str, value.shape, value.tobytes()
    if isinstance(value, (list, tuple)):
        return tuple(_key(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _key(v)) for k, v in value.items()))
    return repr(value)


def _samples(batch) -> list[tuple]:
    """The batch's samples, each as a batch of one."""
    return [tuple(b[i:i + 1] for b in batch) for i in range(len(batch[0]))]


class _Wrong:
    """The catalog's stream with one bug, used only through the streaming protocol."""

    def __init__(self, name: str, bug: str, **options):
        self.name, self.bug, self.options = name, bug, options
        self.inner = metrics.stream(name, **options)
        self._seen, self._newest = 0, None
        self._values = []
        self._before, self._kept, self._after = [], [], set()

    def update(self, *batch):
        if self.bug == "reset_keeps_seen" and len(batch[0]):
            self._before += _samples(batch)
            self._after |= {_key(one) for one in _samples(batch)}
        if not len(batch[0]):
            if self.bug == "empty_batch_resets":
                self.reset()
            return self.inner.update(*batch)
        for _ in range(3 if self.bug == "first_batch_twice" and not self._seen else 1):
            self.inner.update(*batch)
        self._seen += 1
        self._newest = batch
        if self.bug == "batch_values_averaged":
            one = metrics.stream(self.name, **self.options)
            one.update(*batch)
            self._values.append(one.compute())

    def compute(self):
        if self.bug == "empty_is_zero" and not self._seen:
            return 0.0
        if self.bug == "last_batch_weighted" and self._newest is not None:
            weighted = metrics.stream(self.name, **self.options)
            weighted.merge(self.inner)
            weighted.update(*self._newest)
            weighted.update(*self._newest)
            return weighted.compute()
        if self.bug == "batch_values_averaged" and self._values:
            return sum(self._values) / len(self._values)
        if self.bug == "reset_keeps_seen" and self._seen and self._kept:
            kept = metrics.stream(self.name, **self.options)
            kept.merge(self.inner)
            for one in {_key(one): one for one in self._kept if _key(one) not in self._after}.values():
                kept.update(*one)
            return kept.compute()
        value = self.inner.compute()
        if self.bug == "compute_mutates" and self._newest is not None:
            self.inner.update(*_head(self._newest))  # a compute that writes a running total back into the state
        return value

    def reset(self):
        if self.bug == "reset_forgets":
            return
        self.inner.reset()
        self._seen, self._newest, self._values = 0, None, []
        self._kept, self._before, self._after = self._kept + self._before, [], set()

    def merge(self, other):
        if self.bug == "merge_ignores_other":
            return
        self.inner.merge(other.inner)
        self._seen += other._seen
        self._newest = self._newest if other._newest is None else other._newest
        self._values += other._values


def _factory(name: str, bug: str):
    return lambda **options: _Wrong(name, bug, **options)


#: bug -> the streaming properties it must fail
CATCHES = {
    "first_batch_twice": ("stream_batches",),
    "last_batch_weighted": ("stream_batch_order",),
    "compute_mutates": ("stream_compute_idempotent",),
    "reset_forgets": ("stream_reset",),
    "reset_keeps_seen": ("stream_reset",),
    "merge_ignores_other": ("stream_merge",),
    "empty_is_zero": ("stream_undefined",),
    "empty_batch_resets": ("stream_empty_batches",),
}

#: metrics that a sample seen twice does not change (a maximum): counting a batch again is no bug there, so the
#: bugs that repeat samples are replaced by :data:`OVERWRITTEN`'s
IDEMPOTENT = ("max_error",)
REPEATS = ("first_batch_twice", "last_batch_weighted", "compute_mutates")

MUTANTS = [
    Mutant(f"stream_{bug}[{name}]", {f"{STREAM_PREFIX}{name}": _factory(name, bug)},
           tuple(f"{metrics.CATALOG[name]}.{prop}[{name}]" for prop in props))
    for name in metrics.STREAMING
    for bug, props in CATCHES.items()
    if not (name in IDEMPOTENT and bug in REPEATS)
]


class _Overwritten:
    """A running extremum that is replaced instead of combined: ``update`` keeps the newest batch's value
    (``largest = value``, not ``max(largest, value)``), and ``compute`` hands the state over and clears it
    (a value read once)."""

    def __init__(self, name: str, bug: str, **options):
        self.name, self.bug, self.options = name, bug, options
        self.inner = metrics.stream(name, **options)

    def update(self, *batch):
        if self.bug == "newest_batch_wins" and len(batch[0]):
            self.inner.reset()
        self.inner.update(*batch)

    def compute(self):
        value = self.inner.compute()
        if self.bug == "compute_clears":
            self.inner.reset()
        return value

    def reset(self):
        self.inner.reset()

    def merge(self, other):
        self.inner.merge(other.inner)


#: bug of an idempotent metric's stream -> the streaming properties it must fail
OVERWRITTEN = {
    "newest_batch_wins": ("stream_batches", "stream_batch_order"),
    "compute_clears": ("stream_compute_idempotent",),
}

MUTANTS += [
    Mutant(f"stream_{bug}[{name}]", {f"{STREAM_PREFIX}{name}": lambda name=name, bug=bug, **o: _Overwritten(name, bug, **o)},
           tuple(f"{metrics.CATALOG[name]}.{prop}[{name}]" for prop in props))
    for name in IDEMPOTENT
    for bug, props in OVERWRITTEN.items()
]

#: metrics whose batch values the ``batch_values_averaged`` bug averages: one per kind of state
AVERAGED = ("accuracy", "f1", "mean_squared_error", "root_mean_squared_error", "log_loss",
            "mean_average_precision", "hit_rate_at_k", "corpus_cer", "corpus_bleu", "corpus_chrf", "corpus_ter",
            "perplexity",
            "corpus_perplexity", "weighted_mean_absolute_percentage_error", "multilabel_f1", "top_k_accuracy",
            "expected_calibration_error")

MUTANTS += [
    Mutant(f"stream_batch_values_averaged[{name}]", {f"{STREAM_PREFIX}{name}": _factory(name, "batch_values_averaged")},
           (f"{metrics.CATALOG[name]}.stream_batches[{name}]",))
    for name in AVERAGED
]


class _WithoutMeanDifference(stream_moments.CoMoments):
    """Chan's update that forgets the term of the parts' mean difference: the co-moments of the batches
    (and of merged shards) each about its own mean, summed, as if every part had the same mean."""

    @staticmethod
    def _between(delta, n_a, n_b):
        return 0.0 * np.outer(delta, delta)


def _chan_without_mean_difference(name: str):
    state = type(metrics.stream(name, **({"n_features": 0} if name == "adjusted_r2" else {})))

    class Forgetful(state):
        def reset(self):
            super().reset()
            self.moments = _WithoutMeanDifference(2)

    return lambda **options: Forgetful(getattr(metrics, name), **options)


#: the streams of co-moments (metrics/stream_moments.py), and the properties a merge without the mean-difference
#: term fails: batches join by the same update as merged shards
CO_MOMENTS = ("r2", "adjusted_r2", "explained_variance", "pearson", "concordance_corrcoef")

MUTANTS += [
    Mutant(f"stream_chan_without_mean_difference[{name}]",
           {f"{STREAM_PREFIX}{name}": _chan_without_mean_difference(name)},
           tuple(f"{metrics.CATALOG[name]}.{prop}[{name}]" for prop in ("stream_batches", "stream_merge")))
    for name in CO_MOMENTS
]


def _options_dropped(name: str, kept=(), **fixed):
    """A stream of ``name`` that passes on only the options ``kept`` and builds the rest from ``fixed`` or the
    defaults: a stream class whose constructor knows fewer options than the one-shot function."""
    def factory(**options):
        return metrics.stream(name, **fixed, **{k: v for k, v in options.items() if k in kept})

    return factory


#: stream -> its factory that drops options: chrF++'s word order kept (char_order, beta, whitespace dropped), the
#: operating points' constraint fixed at 0.5 (their forms ask for 0.5 and 0.8), log-AUC's default fpr_range
OPTIONS_DROPPED = {
    "corpus_chrf": _options_dropped("corpus_chrf", kept=("word_order",)),
    **{name: _options_dropped(name, **{keyword: 0.5}) for name, keyword in OPERATING_POINTS.items()},
    "log_auc": _options_dropped("log_auc"),
}

MUTANTS += [
    Mutant(f"stream_options_dropped[{name}]", {f"{STREAM_PREFIX}{name}": factory},
           (f"{metrics.CATALOG[name]}.stream_batches[{name}]",))
    for name, factory in OPTIONS_DROPPED.items()
]


class _ThresholdInCodes(_Wrong):
    """An operating-point stream that scores the codes of its distinct scores (0, 1, ... in increasing order)."""

    def compute(self):
        state = self.inner.state
        if not len(state["counts"]):
            return self.inner.compute()
        y_true, y_score = state["samples"]
        codes = np.unique(y_score, return_inverse=True)[1].ravel()
        return getattr(metrics, self.name)(y_true, codes, sample_weight=state["counts"], **self.options)


MUTANTS += [
    Mutant(f"stream_threshold_in_codes[{name}]",
           {f"{STREAM_PREFIX}{name}": lambda name=name, **o: _ThresholdInCodes(name, "threshold_in_codes", **o)},
           (f"curves.stream_batches[{name}]",))
    for name in OPERATING_POINTS
]
