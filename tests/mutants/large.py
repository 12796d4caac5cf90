"""Wrong implementations that are exact on small inputs and wrong at scale: the large tier's mutants.

``looks_at_first_samples`` stands for every bug of a counter or an index kept
in 16 bits: the metric only sees the first 2**16 samples (or, on inputs of a
few thousand queries, sentences or tokens, the first half). The others are the
bug classes the large tier was built for, each written the way a library gets
it wrong: the tie-free Spearman formula with ``n * (n**2 - 1)`` in 32 bits, a
float32 one-pass variance, Matthews' denominator as an int64 product of four
counts, and ROC AUC normalised by ``n_pos * n_neg`` in 32 bits. For the
streams, ``keeps_last_batches``: a stream that holds its batches in a ring
buffer of 1,024 (a ``deque(maxlen=...)``), exact until the 1,025th batch. Issue 32's: Lin's concordance
from float32 one-pass sums, and per-label multilabel counts in int16.

Mutants here are never caught by the standard tier's inputs (a few dozen
samples), which is the point of the tier.
"""

from __future__ import annotations

import numpy as np

import metrics
from properties import large_tier
from tests.mutants import STREAM_PREFIX, Mutant

_DOCUMENT_METRICS = ("sentence_bleu", "wer", "rouge_n", "rouge_l")
_DISTRIBUTION_METRICS = ("entropy", "cross_entropy", "kl_divergence")


def _keep(n: int) -> int:
    return 2**16 if n > 2**16 else (n // 2 if n >= 1000 else n)


#: where the "counter overflows" mutants start to be wrong: above the reduced tier's inputs (1e5 samples,
#: 2,000 queries, 5,000 sentences or images) and below the same inputs duplicated, which only duplication can see
_OVERFLOWS_ABOVE = {"ranking": 3_000, "text": 7_500, "detection": 7_500}


def _keep_below_overflow(name: str):
    limit = _OVERFLOWS_ABOVE.get(metrics.CATALOG[name], 131_072)
    return lambda n: min(n, limit)


def _first(value, keep: int):
    return value[:keep] if isinstance(value, (np.ndarray, list)) and len(value) else value


def _looks_at_first_samples(name: str, keep=_keep):
    fn = getattr(metrics, name)

    def wrapped(*args, **kwargs):
        if name in _DOCUMENT_METRICS:  # one long document: the first tokens of it
            refs, hyp = args
            cut = keep(len(hyp))
            refs = [r[:cut] for r in refs] if name != "wer" else refs[:cut]
            return fn(refs, hyp[:cut], **kwargs)
        cut = keep(len(args[0]))
        first = [_first(a, cut) for a in args]
        if name in _DISTRIBUTION_METRICS:
            first = [c / c.sum() for c in first]  # still a distribution
        return fn(*first, **kwargs)

    return wrapped


def _spearman_tie_free_formula_in_int32(x, y):
    import scipy.stats

    rx, ry = scipy.stats.rankdata(x), scipy.stats.rankdata(y)
    n = np.int32(len(x))
    with np.errstate(over="ignore"):
        denominator = n * (n * n - np.int32(1))  # wraps above n = 1290
    return float(1 - 6 * np.sum((rx - ry) ** 2) / float(denominator))


def _r2_float32_one_pass(y_true, y_pred, **kwargs):
    t = np.asarray(y_true, dtype=np.float32)
    p = np.asarray(y_pred, dtype=np.float32)
    n = np.float32(t.size)
    ss_res = np.sum((t - p) ** 2, dtype=np.float32)
    ss_tot = np.sum(t * t, dtype=np.float32) - np.sum(t, dtype=np.float32) ** 2 / n
    return float(1 - ss_res / ss_tot)


def _mcc_denominator_as_int64_product(y_true, y_pred, **kwargs):
    cm = metrics.confusion_matrix(y_true, y_pred).astype(np.int64)
    if cm.shape != (2, 2):
        return metrics.matthews_corrcoef(y_true, y_pred, **kwargs)
    tn, fp, fn, tp = cm.ravel()
    with np.errstate(over="ignore"):
        product = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)  # int64: wraps past 9.2e18
    return float((tp * tn - fp * fn) / np.sqrt(np.abs(float(product)) or 1.0))


def _roc_auc_normalised_in_int32(y_true, y_score, **kwargs):
    y = np.asarray(y_true)
    pairs = int((y == 1).sum()) * int((y != 1).sum())
    wrapped_pairs = float(np.array(pairs, dtype=np.int64).astype(np.int32))  # the count of pairs in 32 bits
    return metrics.roc_auc(y_true, y_score, **kwargs) * pairs / (wrapped_pairs or 1.0)


def _ari_pair_counts_in_int32(labels_true, labels_pred):
    c = np.asarray(metrics.contingency_matrix(labels_true, labels_pred)).astype(np.int32)
    n = np.int32(c.sum())
    with np.errstate(over="ignore"):
        pairs = lambda x: (x * (x - 1) // 2).astype(np.int32)  # noqa: E731 - int32 products wrap past 46,341
        index = float(pairs(c).sum(dtype=np.int32))
        rows, cols = float(pairs(c.sum(axis=1)).sum(dtype=np.int32)), float(pairs(c.sum(axis=0)).sum(dtype=np.int32))
        total = float(pairs(np.array([n]))[0])
    expected = rows * cols / total if total else 0.0
    denominator = (rows + cols) / 2 - expected
    return 1.0 if denominator == 0 else (index - expected) / denominator


def _bleu_keys_in_small_table(list_of_references, hypotheses, **kwargs):
    """Corpus BLEU whose tokens get ids in order of first appearance, kept mod 2**14 (a table sized for a
    vocabulary of ~10**4): exact until more than 16,384 distinct tokens, then n-gram keys collide and
    count as matches."""
    ids: dict = {}

    def key(tok):
        return f"t{ids.setdefault(tok, len(ids)) % 2**14}"

    hyps = [[key(t) for t in h] for h in hypotheses]
    refs = [[[key(t) for t in r] for r in refs] for refs in list_of_references]
    return metrics.corpus_bleu(refs, hyps, **kwargs)


class _KeepsLastBatches:
    """The catalog's stream of the batches in a ring buffer of :data:`RING` batches."""

    RING = 1_024

    def __init__(self, name: str, **options):
        import collections

        self.name, self.options = name, options
        self.batches = collections.deque(maxlen=self.RING)

    def update(self, *batch):
        self.batches.append(batch)

    def merge(self, other):
        self.batches.extend(other.batches)

    def reset(self):
        self.batches.clear()

    def compute(self):
        s = metrics.stream(self.name, **self.options)
        for batch in self.batches:
            s.update(*batch)
        return s.compute()


def _keeps_last_batches(name: str):
    return lambda **options: _KeepsLastBatches(name, **options)


# Memory: exact at every size, but holding all pairs of samples (the large_memory properties' mutants,
# caught as status memory by a worker under the default --memory-limit: 8 n**2 bytes is 7.2 GB there)


def _silhouette_from_the_full_distance_matrix(X, labels, *, metric="euclidean"):
    from scipy.spatial.distance import cdist

    X = np.asarray(X, dtype=float)
    return metrics.silhouette_score(cdist(X, X, metric), labels, metric="precomputed")


def _dbcv_from_the_full_distance_matrix(X, labels, *, metric="euclidean"):
    from scipy.spatial.distance import cdist

    X = np.asarray(X, dtype=float)
    every_pair = cdist(X, X, metric)  # as an implementation that hands one matrix to its MST and separations
    assert every_pair.shape == (len(X), len(X))
    return metrics.dbcv(X, labels, metric=metric)


def _rouge_l_from_the_full_lcs_table(references, hypothesis, *, beta=1.0, multi_reference="max"):
    from metrics.text import RougeScore

    scores = []
    for ref in references:
        table = np.zeros((len(ref) + 1, len(hypothesis) + 1), dtype=np.int64)
        for i, r in enumerate(ref, 1):
            for j, h in enumerate(hypothesis, 1):
                table[i, j] = table[i - 1, j - 1] + 1 if r == h else max(table[i - 1, j], table[i, j - 1])
        lcs = int(table[-1, -1])
        p = lcs / len(hypothesis) if len(hypothesis) else 0.0
        r = lcs / len(ref) if len(ref) else 0.0
        f = (1 + beta**2) * p * r / (r + beta**2 * p) if p + r else 0.0
        scores.append(RougeScore(p, r, f))
    return max(scores, key=lambda s: s.fmeasure) if multi_reference == "max" else scores[0]


def _kid_on_the_full_sets(features_1, features_2, *, subsets=100, subset_size=1000, degree=3, gamma=None, coef=1.0,
                          seed=0):
    # the whole sets' kernels, whatever subset_size says (the unbiased MMD^2 of all rows)
    return metrics.kernel_inception_distance(features_1, features_2, subset_size=None, degree=degree, gamma=gamma,
                                             coef=coef)


def _ids(metric: str, kinds=("agreement", "permutation", "duplication")) -> tuple[str, ...]:
    family, _, _, _, declared = large_tier.SPEC[metric]
    return tuple(f"{family}.large_{k}[{metric}]" for k in kinds if k in declared)


MUTANTS = [
    Mutant(f"large:{metric}_looks_at_first_samples", {metric: _looks_at_first_samples(metric)},
           _ids(metric, ("agreement", "permutation")))
    for metric in large_tier.SPEC if _ids(metric, ("agreement", "permutation"))  # not the stream-only metrics
] + [
    Mutant(f"large:{metric}_counter_overflows_at_2n", {metric: _looks_at_first_samples(
        metric, _keep_below_overflow(metric))}, _ids(metric, ("duplication",)))
    for metric in large_tier.SPEC if "duplication" in large_tier.SPEC[metric][4]
] + [
    Mutant(f"large:{metric}_stream_keeps_last_batches", {f"{STREAM_PREFIX}{metric}": _keeps_last_batches(metric)},
           (f"{large_tier.SPEC[metric][0]}.large_stream[{metric}]",))
    for metric in large_tier.SPEC if metric in metrics.STREAMING
] + [
    Mutant("large:corpus_bleu_keys_in_small_table", {"corpus_bleu": _bleu_keys_in_small_table},
           ("text.large_agreement[corpus_bleu]",)),
    Mutant("large:spearman_tie_free_formula_in_int32", {"spearman": _spearman_tie_free_formula_in_int32},
           ("correlation.large_agreement[spearman]",)),
    Mutant("large:r2_float32_one_pass", {"r2": _r2_float32_one_pass}, ("regression.large_agreement[r2]",)),
    Mutant("large:roc_auc_normalised_in_int32", {"roc_auc": _roc_auc_normalised_in_int32},
           ("curves.large_complement[roc_auc]", "curves.large_agreement[roc_auc]")),
    Mutant("large:ari_pair_counts_in_int32", {"adjusted_rand_index": _ari_pair_counts_in_int32},
           ("clustering.large_agreement[adjusted_rand_index]",)),
    Mutant("large:mcc_denominator_as_int64_product", {"matthews_corrcoef": _mcc_denominator_as_int64_product},
           ("classification.large_agreement[matthews_corrcoef]",)),
    Mutant("large:silhouette_from_the_full_distance_matrix",
           {"silhouette_score": _silhouette_from_the_full_distance_matrix},
           ("clustering.large_memory[silhouette_score]",), verdict="memory"),
    Mutant("large:dbcv_from_the_full_distance_matrix", {"dbcv": _dbcv_from_the_full_distance_matrix},
           ("clustering.large_memory[dbcv]",), verdict="memory"),
    Mutant("large:rouge_l_from_the_full_lcs_table", {"rouge_l": _rouge_l_from_the_full_lcs_table},
           ("text.large_memory[rouge_l]",), verdict="memory"),
    Mutant("large:kid_on_the_full_sets", {"kernel_inception_distance": _kid_on_the_full_sets},
           ("generative.large_memory[kernel_inception_distance]",), verdict="memory"),
]

#: mutants whose bug needs a case above the reduced tier's 1e5 samples, and the size that shows it
NEEDS_SAMPLES = {
    "large:roc_auc_normalised_in_int32": 200_000,  # n_pos * n_neg = 1e10 > 2**31 at tied_scores(n=200_000)
    "large:mcc_denominator_as_int64_product": 2_000_000,  # (n/2)**4 > 2**63 at binary_labels(n=2_000_000)
}


def _concordance_float32_one_pass(y_true, y_pred):
    """Lin's concordance from float32 sums of squares and products (a one-pass form): exact enough near 0,
    every digit of the spread lost near 1e4 once the sums reach 1e13."""
    t = np.asarray(y_true, dtype=np.float32)
    p = np.asarray(y_pred, dtype=np.float32)
    n = np.float32(t.size)
    mt, mp = np.sum(t, dtype=np.float32) / n, np.sum(p, dtype=np.float32) / n
    var_t = np.sum(t * t, dtype=np.float32) / n - mt * mt
    var_p = np.sum(p * p, dtype=np.float32) / n - mp * mp
    cov = np.sum(t * p, dtype=np.float32) / n - mt * mp
    return float(2 * cov / (var_t + var_p + (mt - mp) ** 2))


def _multilabel_confusion_matrix_in_int16(y_true, y_pred):
    """Per-label counts kept in int16: exact up to 32,767 samples a cell, wrapped beyond."""
    return metrics.multilabel_confusion_matrix(y_true, y_pred).astype(np.int16).astype(np.int64)


MUTANTS += [
    Mutant("large:concordance_float32_one_pass", {"concordance_corrcoef": _concordance_float32_one_pass},
           ("regression.large_agreement[concordance_corrcoef]",)),
    Mutant("large:multilabel_confusion_matrix_in_int16",
           {"multilabel_confusion_matrix": _multilabel_confusion_matrix_in_int16},
           ("multilabel.large_agreement[multilabel_confusion_matrix]",
            "multilabel.large_duplication[multilabel_confusion_matrix]")),
]
