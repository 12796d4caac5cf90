"""The states behind the catalog's streams (the protocol is in :mod:`metrics.streaming`).

Each keeps a sufficient statistic of what it was given and computes the
one-shot value from it:

* :class:`CountedSamples`: the distinct samples with their counts, for any
  metric of 1-D samples that depends only on their multiset (labels, scores,
  cluster ids; exact through ``sample_weight``);
* the co-moments of real pairs (R², adjusted R², explained variance,
  Pearson) and the kept absolute errors (median absolute error) are in
  :mod:`metrics.stream_moments`;
* :class:`SampleMean`: the number of samples and the running mean of a mean
  of per-sample values (losses, per-query ranking values, log loss), or their
  sum; root mean squares merged without overflow;
* :class:`FrameMean`: the same for mel-cepstral distortion over aligned frames;
* :class:`EditCounts`: edits and reference lengths of a corpus (WER, CER);
* :class:`BleuCounts`: clipped n-gram matches, n-gram totals, hypothesis and
  closest reference lengths (corpus BLEU);
* :class:`ChrfCounts`: hypothesis n-grams, reference n-grams and matches per
  character and word order, of each sentence's best reference (corpus chrF, chrF++);
* :class:`TerCounts`: TER edits, and reference lengths per number of references
  (corpus TER);
* :class:`TokenLogLikelihood`: token (or sequence) counts and summed
  negative log-likelihoods (perplexity);
* :class:`BitErrors`: differing bits and bits (bit error rate);
* :class:`RatingMoments`: count, mean and sum of squared deviations of the
  ratings (mean opinion score and its interval), merged as Chan et al. do;
* :class:`ClusterMoments`: per cluster the count, the mean (relative to the
  stream's first point) and the centred sum of squares (Calinski-Harabasz);
* :class:`BinnedRocAuc`: positives and negatives per score bin, the binned
  (approximate) ROC AUC with its error bound, for streams whose distinct
  scores are too many to keep.

Every state but :class:`CountedSamples` is finite: a few numbers whatever the
stream's length. A new state refuses ``compute()`` as its metric refuses empty
input; an empty batch adds nothing.
"""

from __future__ import annotations

import inspect
import math

import numpy as np

from .errors import MetricInputError

__all__ = ["CountedSamples", "SampleMean", "EditCounts", "BleuCounts", "ChrfCounts", "TerCounts",
           "TokenLogLikelihood", "BitErrors", "RatingMoments", "ClusterMoments", "FrameMean", "BinnedRocAuc"]


def _is_empty(batch) -> bool:
    return all(len(b) == 0 for b in batch)


def _is_empty_corpus(batch) -> bool:
    """An empty batch of sentences: every argument a sized non-string of length 0 (anything else goes to the
    one-shot's validation, which refuses it with its own MetricInputError)."""
    return all(hasattr(b, "__len__") and not isinstance(b, (str, bytes)) and len(b) == 0 for b in batch)


def _first_argument(metric) -> str:
    return next(iter(inspect.signature(metric).parameters))


def _refuse_empty(metric):
    raise MetricInputError(_first_argument(metric), f"is empty: the {metric.__name__} stream has seen no sample, "
                                                    f"and {metric.__name__} of no sample is undefined")


def _chan(n_a: int, mean_a, m2_a: float, n_b: int, mean_b, m2_b: float):
    """(count, mean, sum of squared deviations) of two groups together: Chan, Golub and LeVeque's update
    (means scalar or vectors; no sum-of-squares cancellation)."""
    total = n_a + n_b
    delta = mean_b - mean_a
    spread = float(np.dot(delta, delta))
    return total, mean_a + delta * (n_b / total), m2_a + m2_b + spread * n_a * n_b / total


def _equal(a, b) -> bool:
    try:
        return bool(a == b)
    except (TypeError, ValueError):  # options holding arrays
        return repr(a) == repr(b)


def _check_same(stream, other, *fields) -> None:
    if type(other) is not type(stream) or not all(_equal(getattr(other, f), getattr(stream, f)) for f in fields):
        raise MetricInputError("other", "is not a stream of the same metric with the same options")


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
        _check_same(self, other, "metric", "options")
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


class SampleMean:
    """A mean of per-sample values: the number of samples and the running mean, merged as weighted means.

    ``metric`` is the catalog function of one batch (``mean_squared_error``,
    ``log_loss``, ``mean_average_precision`` ...), which validates the batch and
    computes its mean with its own care for extreme magnitudes; the samples
    are the batch's rows (``len`` of its first argument: values, label rows,
    queries). ``root=True`` merges root mean squares, scaled by the larger so
    that values near 1e200 do not overflow; ``normalize=False`` (log loss's
    option) makes the value a sum, and sums are added. Exact up to rounding:
    a merge moves the mean by ``(n_b / n) (m_b - m)``; NaN values (a ranking
    policy's "nan") and infinities propagate as in the one-shot mean.
    """

    def __init__(self, metric, *, root: bool = False, **options):
        self.metric, self.options, self.root = metric, options, root
        self.summed = options.get("normalize", True) is False
        self.reset()

    def reset(self) -> None:
        self.count, self.value = 0, 0.0

    def update(self, *batch) -> None:
        if _is_empty(batch):
            return
        self._combine(len(batch[0]), float(self.metric(*batch, **self.options)))

    def merge(self, other: "SampleMean") -> None:
        _check_same(self, other, "metric", "options", "root")
        if other.count:
            self._combine(other.count, other.value)

    def compute(self) -> float:
        if not self.count:
            _refuse_empty(self.metric)
        return self.value

    @property
    def state(self) -> dict:
        return {"count": self.count, "value": self.value}

    def _combine(self, count: int, value: float) -> None:
        total = self.count + count
        if self.summed:
            value = self.value + value
        elif self.root:
            top = max(self.value, value)
            if top > 0 and math.isfinite(top):
                a, b = self.value / top, value / top
                value = top * math.sqrt((self.count * a * a + count * b * b) / total)
            elif not math.isnan(top):
                value = top  # both 0, or an infinite root mean square
        elif math.isinf(value) or math.isinf(self.value):
            value = value + self.value  # an overflowed (or infinite) mean stays infinite; inf - inf is NaN
        elif self.count:
            value = self.value + (count / total) * (value - self.value)
        self.count, self.value = total, value


class FrameMean(SampleMean):
    """Mel-cepstral distortion of frames aligned one to one: the mean of per-frame distortions, a batch being
    frames of both sequences. DTW aligns whole sequences, so ``alignment="dtw"`` has no stream."""

    def __init__(self, metric, *, alignment: str = "none", **options):
        if alignment != "none":
            raise MetricInputError("alignment", f"is {alignment!r}: DTW aligns whole sequences, so only frames "
                                                "aligned one to one (alignment='none') stream")
        super().__init__(metric, alignment=alignment, **options)


class EditCounts:
    """Word (or character) error rate of a corpus: edits and reference lengths summed, or the running sum
    of sentence rates (``average="mean"``).

    ``characters`` chooses CER over WER; ``average`` as in :func:`metrics.corpus_wer`.
    """

    def __init__(self, metric, *, characters: bool, average: str = "pooled"):
        from ._validation import check_choice
        from .text import WER_AVERAGES

        check_choice(average, "average", WER_AVERAGES)
        self.metric, self.characters, self.average = metric, characters, average
        self.reset()

    def reset(self) -> None:
        self.sentences, self.edits, self.length, self.rates = 0, 0, 0, 0.0

    def update(self, references, hypotheses) -> None:
        from .text import _edit_counts, _sentence_rates

        if _is_empty((references, hypotheses)):
            return
        dists, lengths = _edit_counts(references, hypotheses, characters=self.characters)
        if self.average == "mean":
            self.rates += float(_sentence_rates(dists, lengths).sum())
        self.sentences += len(lengths)
        self.edits += int(dists.sum())
        self.length += int(lengths.sum())

    def merge(self, other: "EditCounts") -> None:
        _check_same(self, other, "metric", "characters", "average")
        self.sentences += other.sentences
        self.edits += other.edits
        self.length += other.length
        self.rates += other.rates

    def compute(self) -> float:
        from .text import _pooled_error_rate

        if not self.sentences:
            raise MetricInputError("references", "is empty: the corpus needs at least one sentence")
        if self.average == "mean":
            return self.rates / self.sentences
        return _pooled_error_rate(float(self.edits), float(self.length))

    @property
    def state(self) -> dict:
        return {"sentences": self.sentences, "edits": self.edits, "length": self.length, "rates": self.rates}


class BleuCounts:
    """Corpus BLEU's pooled statistics: clipped n-gram matches and n-gram totals per order, total hypothesis
    length and total closest reference length (Papineni et al. 2002), all integers: merging is exact."""

    def __init__(self, metric, *, max_n: int = 4, weights=None, smoothing: str = "none", smooth_value=None):
        from .text import _bleu_options

        self.metric = metric
        self.options = {"max_n": max_n, "weights": weights, "smoothing": smoothing, "smooth_value": smooth_value}
        self.max_n, w, self.method, self.value = _bleu_options(max_n, weights, smoothing, smooth_value)
        self.weights = w.tolist()
        self.reset()

    def reset(self) -> None:
        self.sentences, self.hyp_len, self.ref_len = 0, 0, 0
        self.matches, self.totals = [0] * self.max_n, [0] * self.max_n

    def update(self, list_of_references, hypotheses) -> None:
        from .text import _bleu_statistics, _corpus, _same_count

        if _is_empty((list_of_references, hypotheses)):
            return
        refs = _corpus(list_of_references, "list_of_references")
        hyps = _corpus(hypotheses, "hypotheses")
        _same_count("list_of_references", refs, "hypotheses", hyps)
        matches, totals, hyp_len, closest = _bleu_statistics(refs, hyps, self.max_n)
        self._add(len(hyps), matches, totals, hyp_len, closest)

    def merge(self, other: "BleuCounts") -> None:
        _check_same(self, other, "metric", "max_n", "weights", "method", "value")
        self._add(other.sentences, other.matches, other.totals, other.hyp_len, other.ref_len)

    def compute(self) -> float:
        from .text import _bleu_from_counts

        if not self.sentences:
            raise MetricInputError("hypotheses", "is empty: the corpus needs at least one sentence")
        return _bleu_from_counts(self.matches, self.totals, self.hyp_len, self.ref_len, self.weights, self.method,
                                 self.value)

    @property
    def state(self) -> dict:
        return {"sentences": self.sentences, "matches": list(self.matches), "totals": list(self.totals),
                "hyp_len": self.hyp_len, "ref_len": self.ref_len}

    def _add(self, sentences, matches, totals, hyp_len, ref_len) -> None:
        self.sentences += sentences
        self.matches = [a + int(b) for a, b in zip(self.matches, matches)]
        self.totals = [a + int(b) for a, b in zip(self.totals, totals)]
        self.hyp_len += int(hyp_len)
        self.ref_len += int(ref_len)


class ChrfCounts:
    """Corpus chrF/chrF++'s summed statistics (Popović 2015, 2017; sacrebleu's ``corpus_score``): per character
    n-gram order, then per word n-gram order, the hypothesis n-grams, reference n-grams and clipped matches of
    each sentence's best reference, summed over the stream. 3 (char_order + word_order) integers: merging is
    exact, and ``compute`` is the one-shot's F-score of the same sums. Options as in :func:`metrics.corpus_chrf`."""

    def __init__(self, metric, *, char_order: int = 6, word_order: int = 0, beta: float = 2.0,
                 whitespace: bool = False):
        from .text import _chrf_options

        self.metric = metric
        self.char_order, self.word_order, self.beta, self.whitespace = _chrf_options(char_order, word_order, beta,
                                                                                     whitespace)
        self.reset()

    def reset(self) -> None:
        self.sentences = 0
        self.statistics = np.zeros(3 * (self.char_order + self.word_order), dtype=np.int64)

    def update(self, list_of_references, hypotheses) -> None:
        from .text import _chrf_corpus_statistics

        if _is_empty_corpus((list_of_references, hypotheses)):
            return
        options = (self.char_order, self.word_order, self.beta, self.whitespace)
        summed = _chrf_corpus_statistics(list_of_references, hypotheses, options)  # validates the whole batch
        self.sentences += len(hypotheses)
        self.statistics += summed

    def merge(self, other: "ChrfCounts") -> None:
        _check_same(self, other, "metric", "char_order", "word_order", "beta", "whitespace")
        self.sentences += other.sentences
        self.statistics += other.statistics

    def compute(self) -> float:
        from .text import _chrf_from_statistics

        if not self.sentences:
            raise MetricInputError("list_of_references", "is empty: the corpus needs at least one sentence")
        return _chrf_from_statistics(self.statistics.tolist(), self.beta)

    @property
    def state(self) -> dict:
        return {"sentences": self.sentences, "statistics": self.statistics.copy()}


class TerCounts:
    """Corpus TER's summed statistics (Snover et al. 2006; sacrebleu's ``corpus_score``): the TER edits, and per
    number of references k the summed reference lengths of the sentences with k references, all integers (the
    summed mean reference length is ``sum_k lengths[k] / k``, computed exactly as the one-shot does). A few
    integers, one per distinct number of references: merging is exact."""

    def __init__(self, metric):
        self.metric = metric
        self.reset()

    def reset(self) -> None:
        self.sentences, self.edits = 0, 0
        self.lengths: dict[int, int] = {}

    def update(self, list_of_references, hypotheses) -> None:
        from .text import _ter_corpus_statistics

        if _is_empty_corpus((list_of_references, hypotheses)):
            return
        edits, lengths = _ter_corpus_statistics(list_of_references, hypotheses)  # validates the whole batch
        self._add(len(hypotheses), edits, lengths)

    def merge(self, other: "TerCounts") -> None:
        _check_same(self, other, "metric")
        self._add(other.sentences, other.edits, dict(other.lengths))

    def compute(self) -> float:
        from .text import _ter_from_statistics

        if not self.sentences:
            raise MetricInputError("list_of_references", "is empty: the corpus needs at least one sentence")
        return _ter_from_statistics(self.edits, self.lengths)

    @property
    def state(self) -> dict:
        return {"sentences": self.sentences, "edits": self.edits, "lengths": dict(self.lengths)}

    def _add(self, sentences: int, edits: int, lengths: dict[int, int]) -> None:
        self.sentences += sentences
        self.edits += int(edits)
        for k, total in lengths.items():
            self.lengths[k] = self.lengths.get(k, 0) + int(total)


class TokenLogLikelihood:
    """Perplexity from summed negative log-likelihoods (in nats) and their count: tokens for
    :func:`metrics.perplexity` and ``corpus_perplexity(average="tokens")``, sequences (each its mean NLL)
    for ``average="sequences"``."""

    def __init__(self, metric, *, corpus: bool, average: str = "tokens", base=math.e, from_log: bool = False):
        from ._validation import check_choice
        from .probabilistic import _log_base

        check_choice(average, "average", ("tokens", "sequences"))
        self.metric, self.corpus, self.average, self.from_log = metric, corpus, average, from_log
        self.log_b = _log_base(base)
        self.reset()

    def reset(self) -> None:
        self.count, self.nll = 0, 0.0

    def update(self, values) -> None:
        from .probabilistic import _sequence_nlls, _token_nll

        if _is_empty((values,)):
            return
        if not self.corpus:
            nll = _token_nll(values, "token_probs", from_log=self.from_log, log_b=self.log_b)
            self.count, self.nll = self.count + nll.shape[0], self.nll + float(nll.sum())
            return
        per_sequence = _sequence_nlls(values, from_log=self.from_log, log_b=self.log_b)
        if self.average == "tokens":
            self.count += sum(a.shape[0] for a in per_sequence)
            self.nll += float(sum(a.sum() for a in per_sequence))
        else:
            self.count += len(per_sequence)
            self.nll += float(sum(a.mean() for a in per_sequence))

    def merge(self, other: "TokenLogLikelihood") -> None:
        _check_same(self, other, "metric", "corpus", "average", "log_b", "from_log")
        self.count, self.nll = self.count + other.count, self.nll + other.nll

    def compute(self) -> float:
        from .probabilistic import _power

        if not self.count:
            _refuse_empty(self.metric)
        return max(1.0, _power(self.log_b, self.nll / self.count))

    @property
    def state(self) -> dict:
        return {"count": self.count, "nll": self.nll}


class BitErrors:
    """Bit error rate: the numbers of differing bits and of bits, both integers (``packed`` as the one-shot)."""

    def __init__(self, metric, *, packed: bool = False):
        self.metric, self.packed = metric, packed
        self.reset()

    def reset(self) -> None:
        self.errors, self.bits = 0, 0

    def update(self, bits_sent, bits_received) -> None:
        from .signal import _bit_errors

        if _is_empty((bits_sent, bits_received)):
            return
        errors, bits = _bit_errors(bits_sent, bits_received, self.packed)
        self.errors += errors
        self.bits += bits

    def merge(self, other: "BitErrors") -> None:
        _check_same(self, other, "metric", "packed")
        self.errors += other.errors
        self.bits += other.bits

    def compute(self) -> float:
        if not self.bits:
            _refuse_empty(self.metric)
        return self.errors / self.bits

    @property
    def state(self) -> dict:
        return {"errors": self.errors, "bits": self.bits}


class RatingMoments:
    """Mean opinion score: the count, mean and sum of squared deviations of the ratings, each batch's
    computed centred and merged by Chan, Golub and LeVeque's update (no sum-of-squares cancellation)."""

    def __init__(self, metric, *, confidence=0.95, scale=(1, 5)):
        from .signal import _mos_options

        self.metric = metric
        self.confidence, self.scale = _mos_options(confidence, scale)
        self.reset()

    def reset(self) -> None:
        self.count, self.mean, self.m2 = 0, 0.0, 0.0

    def update(self, ratings) -> None:
        from .signal import _ratings

        r = _ratings(ratings, self.scale, allow_empty=True)
        if r.shape[0]:
            mean = float(r.mean())
            self._combine(r.shape[0], mean, float(((r - mean) ** 2).sum()))

    def merge(self, other: "RatingMoments") -> None:
        _check_same(self, other, "metric", "confidence", "scale")
        if other.count:
            self._combine(other.count, other.mean, other.m2)

    def compute(self):
        from .signal import _mos_interval

        if self.count < 2:
            raise MetricInputError("ratings", f"a confidence interval needs at least 2 ratings; the stream has "
                                              f"{self.count}")
        return _mos_interval(self.count, self.mean, math.sqrt(self.m2 / (self.count - 1)), self.confidence)

    @property
    def state(self) -> dict:
        return {"count": self.count, "mean": self.mean, "m2": self.m2}

    def _combine(self, count: int, mean: float, m2: float) -> None:
        self.count, self.mean, self.m2 = _chan(self.count, self.mean, self.m2, count, mean, m2)


class ClusterMoments:
    """Calinski-Harabasz of a stream: per cluster label, the count, the mean and the sum of squared distances
    to it, merged by Chan, Golub and LeVeque's update. Means are kept relative to the stream's first point (as
    the one-shot centres on ``X[0]``), so that data far from 0 keeps its digits; a merged stream's means are
    moved to this stream's origin. The state is k x d numbers for k clusters of d features."""

    def __init__(self, metric):
        self.metric = metric
        self.reset()

    def reset(self) -> None:
        self.origin = None
        self.clusters: dict = {}  # label -> [count, mean (relative to origin), centred sum of squares]

    def update(self, X, labels) -> None:
        from ._cluster_geometry import _labels, _points

        if _is_empty((X, labels)):
            return
        X = _points(X)
        labels = _labels(labels, X.shape[0])
        if self.origin is None:
            self.origin = X[0].copy()
        values, codes = np.unique(labels, return_inverse=True)
        codes = codes.ravel()
        counts = np.bincount(codes, minlength=values.shape[0])
        relative = X - self.origin
        sums = np.stack([np.bincount(codes, weights=relative[:, j], minlength=values.shape[0])
                         for j in range(X.shape[1])], axis=1)
        means = sums / counts[:, None]
        centred = relative - means[codes]
        m2 = np.bincount(codes, weights=np.einsum("ij,ij->i", centred, centred), minlength=values.shape[0])
        for label, count, mean, sq in zip(values.tolist(), counts.tolist(), means, m2.tolist()):
            self._combine(label, count, mean, sq)

    def merge(self, other: "ClusterMoments") -> None:
        _check_same(self, other, "metric")
        if other.origin is None:
            return
        if self.origin is None:
            self.origin = other.origin.copy()
        shift = other.origin - self.origin
        for label, (count, mean, sq) in other.clusters.items():
            self._combine(label, count, mean + shift, sq)

    def compute(self) -> float:
        from ._cluster_geometry import _check_n_labels, _variance_ratio

        if not self.clusters:
            _refuse_empty(self.metric)
        counts = np.array([c[0] for c in self.clusters.values()], dtype=np.float64)
        means = np.stack([c[1] for c in self.clusters.values()])
        n, k = int(counts.sum()), counts.shape[0]
        _check_n_labels(k, n, "Calinski-Harabasz")
        return _variance_ratio(n, k, counts, means, float(sum(c[2] for c in self.clusters.values())))

    @property
    def state(self) -> dict:
        return {"origin": None if self.origin is None else self.origin.copy(),
                "clusters": {label: (c[0], c[1].copy(), c[2]) for label, c in self.clusters.items()}}

    def _combine(self, label, count: int, mean: np.ndarray, sq: float) -> None:
        mine = self.clusters.get(label, (0, np.zeros_like(mean, dtype=np.float64), 0.0))
        self.clusters[label] = list(_chan(*mine, count, mean, sq))


class BinnedRocAuc:
    """Binary ROC AUC of a stream in fixed memory: positives and negatives counted per score bin.

    ``edges`` (k + 1 finite, strictly increasing values) make k bins
    ``[e_0, e_1), [e_1, e_2), ..., [e_{k-1}, e_k]``; scores below ``e_0`` count in
    the first bin, above ``e_k`` in the last. The state is 2k counts whatever the
    stream's length. ``compute()`` is the exact AUC of the binned scores: a
    positive-negative pair in different bins counts 1 or 0, as it does for the
    raw scores (the bins keep the score order), and a pair in one bin counts 1/2
    (a tie). So the error is bounded, and the bound is known from the state:

        |binned AUC - exact AUC| <= error_bound() = (1/2) sum_b pos_b neg_b / (P N)

    (each same-bin pair is off by at most 1/2; 0 when no bin holds both a
    positive and a negative). Positives: ``y_true == pos_label``, or with
    ``pos_label=None`` labels 0/1 (or booleans) and 1 positive.
    Undefined: a stream without positives or without negatives (refused).
    Source: the binned estimator of TensorFlow's ``tf.keras.metrics.AUC``
    (``num_thresholds``) and torchmetrics' ``thresholds=``, with the bound made
    explicit here.
    """

    def __init__(self, edges, *, pos_label=None):
        from ._validation import as_floats

        e = as_floats(edges, "edges")
        if e.shape[0] < 2 or not (np.diff(e) > 0).all():
            raise MetricInputError("edges", f"expected at least 2 strictly increasing values, got {e.tolist()[:8]}")
        self.edges, self.pos_label = e, pos_label
        self.reset()

    def reset(self) -> None:
        self.pos = np.zeros(self.edges.shape[0] - 1, dtype=np.int64)
        self.neg = np.zeros_like(self.pos)

    def update(self, y_true, y_score) -> None:
        from ._validation import as_floats

        t = np.asarray(y_true)
        s = as_floats(y_score, "y_score", allow_empty=True)
        if t.ndim != 1 or t.shape != s.shape:
            raise MetricInputError("y_true", f"expected a 1-D array as long as y_score, got shapes {t.shape}, "
                                             f"{s.shape}")
        if self.pos_label is not None:
            positive = t == self.pos_label
        elif t.dtype == bool or np.isin(t, (0, 1)).all():
            positive = t.astype(bool)
        else:
            raise MetricInputError("y_true", "labels other than 0/1 need pos_label=")
        b = np.clip(np.searchsorted(self.edges, s, side="right") - 1, 0, self.pos.shape[0] - 1)
        self.pos += np.bincount(b[positive], minlength=self.pos.shape[0])
        self.neg += np.bincount(b[~positive], minlength=self.pos.shape[0])

    def merge(self, other: "BinnedRocAuc") -> None:
        if type(other) is not type(self) or not np.array_equal(other.edges, self.edges) \
                or not _equal(other.pos_label, self.pos_label):
            raise MetricInputError("other", "is not a binned ROC AUC stream with the same edges and pos_label")
        self.pos += other.pos
        self.neg += other.neg

    def _pairs(self) -> float:
        p, n = int(self.pos.sum()), int(self.neg.sum())
        if not p or not n:
            raise MetricInputError("y_true", f"the stream has {p} positive and {n} negative samples; ROC AUC needs "
                                             "both")
        return float(p) * float(n)

    def compute(self) -> float:
        pairs = self._pairs()
        below = np.concatenate(([0], np.cumsum(self.neg)[:-1])).astype(np.float64)
        return float((self.pos * below).sum() + 0.5 * (self.pos * self.neg.astype(np.float64)).sum()) / pairs

    def error_bound(self) -> float:
        """The largest possible ``|compute() - exact AUC of the raw scores|``, from the counts."""
        return 0.5 * float((self.pos * self.neg.astype(np.float64)).sum()) / self._pairs()

    @property
    def state(self) -> dict:
        return {"edges": self.edges.copy(), "pos": self.pos.copy(), "neg": self.neg.copy()}
