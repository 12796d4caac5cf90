"""Clustering metrics that compare two labelings of the same samples.

Every metric here reduces the two labelings to one contingency table ``n_ij``
(the number of samples in class i of ``labels_true`` and cluster j of
``labels_pred``), with row sums ``a_i`` (class sizes), column sums ``b_j``
(cluster sizes) and ``n`` samples. Labels are identifiers only: ints, bools,
floats or strings, and the two labelings need not share a kind or any value.

Two groups:

* pair counting (``pair_confusion_matrix``, ``rand_index``,
  ``adjusted_rand_index``, ``fowlkes_mallows``): everything follows from three
  exact integers, ``S = sum n_ij^2``, ``A = sum a_i^2``, ``B = sum b_j^2``,
  summed in int64 (each is at most n^2: 1e14 for n = 1e7, far below
  2^63 = 9.2e18; exact up to n = 3e9) and combined in Python integers (ARI's
  products reach n^4). Each score is then one correctly rounded division of
  two exact integers (FMI: one division and one square root);
* information theory (``mutual_information``, NMI, AMI, homogeneity,
  completeness, V-measure): natural logarithms, so in nats. The expected
  mutual information of AMI (Vinh et al. 2010) is summed in vectorised NumPy
  over the hypergeometric distribution of every cell (see ``_expected_mi``).

The contingency table is counted without Python loops over the samples: each
labeling becomes integer codes (a direct ``np.bincount`` for small
non-negative integer ranges, ``np.unique(return_inverse=True)`` otherwise), and
one ``np.bincount`` of ``code_true * k_pred + code_pred`` counts the cells
(``np.unique`` of those keys when the dense table would be much larger than
``n``, e.g. every sample its own cluster). Inputs of at most ``_SMALL_N``
samples are counted with ``collections.Counter`` instead: the suite scores
thousands of 5-30 sample labelings, where a NumPy call costs more than the work.

Degenerate labelings follow scikit-learn 1.9.1 wherever its value is sensible
(each docstring lists the cases, and where this module differs, why). Empty
input is refused (scikit-learn returns 1.0 for most of these scores on empty
input, 0.0 for FMI, and a bare ``math domain error`` for MI).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import NamedTuple

import numpy as np

from ._validation import as_labels, check_positive, check_rate, check_same_length
from .errors import MetricInputError

__all__ = [
    "contingency_matrix",
    "pair_confusion_matrix",
    "rand_index",
    "adjusted_rand_index",
    "mutual_information",
    "normalized_mutual_information",
    "adjusted_mutual_information",
    "homogeneity",
    "completeness",
    "v_measure",
    "fowlkes_mallows",
    "variation_of_information",
    "conditional_entropies",
    "adapted_rand_error",
]

AVERAGE_METHODS = ("min", "geometric", "arithmetic", "max")

CONVENTIONS = {
    "clustering.pair_confusion_matrix": "ordered pairs i != j, scikit-learn's layout: [[apart in both, together in "
    "labels_pred only], [together in labels_true only, together in both]]; sums to n (n - 1)",
    "clustering.pair_counts": "exact integers (int64 sums, Python-int products); ARI, RI, FMI divided once",
    "clustering.logarithm": "natural log: MI and entropies in nats",
    "clustering.one_cluster_both": "one cluster on both sides (or one sample): RI, ARI, NMI, AMI, homogeneity, "
    "completeness, V = 1.0 (scikit-learn); FMI = 1.0 if n >= 2, 0.0 for one sample (no pair)",
    "clustering.one_cluster_one_side": "NMI = AMI = 0.0 (scikit-learn)",
    "clustering.all_singletons": "every sample its own cluster on one side only: AMI = 0.0 exactly (MI equals its "
    "expectation); scikit-learn returns rounding noise, and for average_method='min' an arbitrary value (0/0)",
    "clustering.fowlkes_mallows.undefined": "no pair together on either side -> 0.0 (scikit-learn)",
    "clustering.empty_labelings": "empty labelings refused (MetricInputError naming labels_true)",
    "clustering.v_measure.beta": "beta must be > 0 (scikit-learn also accepts 0)",
    "clustering.variation_of_information": "H(true|pred) + H(pred|true), natural log unless base= (scikit-image: "
    "base 2); conditional_entropies returns (H(true|pred), H(pred|true))",
    "clustering.ignore_labels": "VI, conditional entropies, adapted Rand error: ignore_labels=() by default; a "
    "listed label removes the samples with that label in labels_true (scikit-image's rule; its "
    "adapted_rand_error ignores label 0 by default)",
    "clustering.adapted_rand_error": "SNEMI3D: precision = pairs together in both / pairs together in labels_pred, "
    "recall = ... / pairs together in labels_true, F_alpha = 1 / (alpha / P + (1 - alpha) / R), error = 1 - F; "
    "no pair together on a side: that side's score 1.0",
}

#: inputs of at most this many samples are counted in Python (Counter), larger ones in NumPy; strings
#: (whose np.unique sorts strings) stay in Python longer (measured crossovers: ~60 and ~150 samples)
_SMALL_N = 48
_SMALL_N_TEXT = 128
#: integer labels spanning a range up to max(this, n) are coded by a direct np.bincount (no sort)
_DIRECT_RANGE = 1 << 16
#: the dense k_true x k_pred table is counted by np.bincount while it has at most 2 n + this many cells
_DENSE_EXTRA = 1 << 16
#: AMI: the hypergeometric tails left out weigh at most e^-_TAIL_LOG per cell (see _expected_mi)
_TAIL_LOG = 80.0
#: AMI: hypergeometric terms evaluated per NumPy batch (a dozen float64 temporaries: ~25 MB)
_EMI_BATCH = 1 << 18
_EPS = float(np.finfo(np.float64).eps)


# --------------------------------------------------------------------------
# input checks and the contingency table


def _check_pair(labels_true, labels_pred):
    t = as_labels(labels_true, "labels_true")
    p = as_labels(labels_pred, "labels_pred")
    check_same_length("labels_true", t, "labels_pred", p)
    return t, p


def _check_average(average_method) -> None:
    # ``in`` on a tuple would compare an array elementwise: only strings qualify
    if not isinstance(average_method, str) or average_method not in AVERAGE_METHODS:
        options = ", ".join(repr(m) for m in AVERAGE_METHODS)
        raise MetricInputError("average_method", f"got {average_method!r}; expected one of {options}")


class _Table:
    """The contingency table of two labelings, as the metrics need it.

    ``nij``: the non-zero cell counts; ``ai``, ``bj``: the class and cluster size
    of each of those cells; ``a``, ``b``: all class and cluster sizes; ``n``: the
    sample count (a Python int). Python lists of ints for small inputs, int64
    arrays otherwise (``small`` says which).
    """

    __slots__ = ("n", "nij", "ai", "bj", "a", "b", "small")

    @property
    def k_true(self) -> int:
        return len(self.a)

    @property
    def k_pred(self) -> int:
        return len(self.b)

    def pair_sums(self) -> tuple[int, int, int]:
        """(sum n_ij^2, sum a_i^2, sum b_j^2) as exact Python ints.

        int64 cannot overflow: each sum is at most n^2 (sum x_i^2 <= (sum x_i)^2 = n^2),
        1e14 for n = 1e7 against 2^63 = 9.2e18.
        """
        if self.small:
            return (sum(v * v for v in self.nij), sum(v * v for v in self.a), sum(v * v for v in self.b))
        return int(np.dot(self.nij, self.nij)), int(np.dot(self.a, self.a)), int(np.dot(self.b, self.b))


def _codes(x: np.ndarray):
    """(k, codes, sizes): x's distinct values as codes 0..k-1 in sorted order, and each value's count."""
    n = x.shape[0]
    if x.dtype.kind in "biu":
        if x.dtype.kind == "b":
            x = x.view(np.uint8)
        lo, hi = x.min(), x.max()
        span = int(hi) - int(lo) + 1  # Python ints: no wrap-around for extreme int64 / uint64 labels
        if span <= max(_DIRECT_RANGE, n):
            # x - lo lies in [0, span): unsigned values subtract in their own dtype (x >= lo), signed
            # ones in intp (int8 - (-128) would wrap in int8); neither can overflow
            if not lo:
                shifted = x.astype(np.intp, copy=False)
            elif x.dtype.kind == "i":
                shifted = x.astype(np.intp) - int(lo)
            else:
                shifted = (x - lo).astype(np.intp, copy=False)
            sizes = np.bincount(shifted, minlength=span)
            present = sizes > 0
            if present.all():
                return span, shifted, sizes
            position = np.cumsum(present) - 1
            return int(position[-1]) + 1, position[shifted], sizes[present]
    _, codes, sizes = np.unique(x, return_inverse=True, return_counts=True)
    return sizes.shape[0], codes.reshape(-1), sizes


def _table(t: np.ndarray, p: np.ndarray) -> _Table:
    tab = _Table()
    n = t.shape[0]
    tab.n = n
    if n <= _SMALL_N or (n <= _SMALL_N_TEXT and t.dtype.kind not in "biu" and p.dtype.kind not in "biu"):
        cells = Counter(zip(t.tolist(), p.tolist()))
        rows: dict = {}
        cols: dict = {}
        row_get, col_get = rows.get, cols.get
        for (r, c), v in cells.items():
            rows[r] = row_get(r, 0) + v
            cols[c] = col_get(c, 0) + v
        tab.nij = list(cells.values())
        tab.ai = [rows[r] for r, _ in cells]
        tab.bj = [cols[c] for _, c in cells]
        tab.a, tab.b = list(rows.values()), list(cols.values())
        tab.small = True
        return tab
    k1, ti, a = _codes(t)
    k2, pi, b = _codes(p)
    keys = ti * k2 + pi  # < k1 k2 <= n^2: fits in intp
    if k1 * k2 <= 2 * n + _DENSE_EXTRA:
        C = np.bincount(keys, minlength=k1 * k2)
        cells = np.flatnonzero(C)
        nij = C[cells]
    else:
        cells, nij = np.unique(keys, return_counts=True)
    rows, cols = np.divmod(cells, k2)
    tab.nij = nij.astype(np.int64, copy=False)
    tab.a, tab.b = a.astype(np.int64, copy=False), b.astype(np.int64, copy=False)
    tab.ai, tab.bj = tab.a[rows], tab.b[cols]
    tab.small = False
    return tab


def _counts(labels_true, labels_pred) -> _Table:
    return _table(*_check_pair(labels_true, labels_pred))


# --------------------------------------------------------------------------
# entropies and mutual information
#
# The terms are written so that a cell of a table whose class equals its cluster
# (n_ij = a_i = b_j) gives bit for bit the term of that class in the entropy:
# (n n_ij) / (a_i b_j) and n / a_i are the same rational number, and both quotients
# are correctly rounded from exact integers (below 2^53). So MI(a, a) equals H(a)
# up to the order of the sums (exactly, on the small path, whose sums are math.fsum).


def _entropy(sizes, n: int, small: bool) -> float:
    """-sum p log p over the given cluster sizes (nats); 0.0 for one cluster."""
    if len(sizes) == 1:
        return 0.0
    if small:
        return math.fsum([x * math.log(n / x) for x in sizes]) / n
    return float(np.dot(sizes, np.log(n / sizes))) / n


def _mutual_info(tab: _Table) -> float:
    """sum_ij (n_ij / n) log(n n_ij / (a_i b_j)), clipped at 0 (it is >= 0; rounding can dip below)."""
    n = tab.n
    if tab.k_true == 1 or tab.k_pred == 1:
        return 0.0  # every log is log 1
    if tab.small:
        mi = math.fsum([v * math.log((n * v) / (x * y)) for v, x, y in zip(tab.nij, tab.ai, tab.bj)]) / n
    else:
        # n n_ij <= n^2 and a_i b_j <= n^2: exact in int64, each rounded once to float64 by the division
        mi = float(np.dot(tab.nij, np.log((n * tab.nij) / (tab.ai * tab.bj)))) / n
    return max(mi, 0.0)


def _generalized_mean(h1: float, h2: float, method: str) -> float:
    if method == "min":
        return min(h1, h2)
    if method == "geometric":
        return math.sqrt(h1 * h2)
    if method == "arithmetic":
        return (h1 + h2) / 2.0
    return max(h1, h2)


def _clip01(x: float) -> float:
    return min(max(x, 0.0), 1.0)


def _expected_mi(a, b, n: int) -> float:
    """E[MI] of two random labelings with class sizes a and cluster sizes b (Vinh et al. 2010, eq. 24a).

    Under the permutation model a cell count X = n_ij is hypergeometric (population n,
    a_i successes, b_j draws), so::

        EMI = sum_ij sum_k P(X = k) (k / n) log(n k / (a_i b_j))
            = (1 / n) sum_ij sum_k P(X = k) [k log(k / mu) - k + mu],   mu = a_i b_j / n

    (the added ``mu - k`` has expectation 0; it makes every summand >= 0, so nothing
    cancels). The summand depends on (a_i, b_j) only, so each distinct pair of sizes is
    computed once and weighted by its multiplicity.

    log P(k) comes from the ratio of consecutive probabilities,
    ``P(k) / P(k-1) = (a - k + 1)(b - k + 1) / (k (n - a - b + k))``, summed along k with a
    segmented ``np.cumsum``, and each cell's probabilities are normalised by their sum.
    That avoids the cancellation of the direct formula (a difference of log-gamma values
    near log n! ~ 1.3e7 for n = 1e6, which loses ~8 digits of each probability, as
    scikit-learn's Cython loop does).

    Only the k within ``t`` of the mean are summed, where by Bernstein's inequality
    (valid for the hypergeometric: its moment generating function is dominated by the
    binomial's, Hoeffding 1963) ``P(|X - mu| >= t) <= 2 exp(-t^2 / (2 (s^2 + t / 3)))``,
    s^2 = mu (1 - max(a_i, b_j) / n) the smaller binomial variance. With
    ``t = L/3 + sqrt(L^2/9 + 2 L s^2)``, L = 80, the mass left out is below 2 e^-80 = 4e-35
    per cell and its summands below n log n: far under float64 resolution. A cell of
    sizes ~1e4 in n = 1e6 sums ~310 terms instead of 1e4.
    """
    ua, ca = _distinct_sizes(a)
    ub, cb = _distinct_sizes(b)
    u = np.repeat(ua, ub.shape[0])
    v = np.broadcast_to(ub, (ua.shape[0], ub.shape[0])).reshape(-1)
    weight = np.multiply.outer(ca, cb).reshape(-1)
    k_lo = np.maximum(u + v - n, 0.0)
    k_hi = np.minimum(u, v)
    if n > _TAIL_LOG:  # else the support, at most n / 2 wide around mu, lies within t >= 2 L / 3 of mu
        mu = u * v / n
        s2 = mu * (1.0 - np.maximum(u, v) / n)
        t = _TAIL_LOG / 3.0 + np.sqrt(_TAIL_LOG**2 / 9.0 + 2.0 * _TAIL_LOG * s2)
        k_lo = np.maximum(k_lo, np.floor(mu - t))
        k_hi = np.minimum(k_hi, np.ceil(mu + t))
    lengths = (k_hi - k_lo).astype(np.int64) + 1
    ends = np.cumsum(lengths)
    if ends[-1] <= _EMI_BATCH:
        return float(np.dot(weight, _cell_terms(u, v, k_lo, lengths, n))) / n
    # batches of whole cells of at most _EMI_BATCH terms (one cell has at most ~13 sqrt(n) terms)
    cuts = [0]
    while cuts[-1] < lengths.shape[0]:
        done = ends[cuts[-1] - 1] if cuts[-1] else 0
        cuts.append(max(int(np.searchsorted(ends, done + _EMI_BATCH, side="right")), cuts[-1] + 1))
    total = 0.0
    for lo, hi in zip(cuts, cuts[1:]):
        sl = slice(lo, hi)
        total += float(np.dot(weight[sl], _cell_terms(u[sl], v[sl], k_lo[sl], lengths[sl], n)))
    return total / n


def _distinct_sizes(sizes):
    """(distinct sizes, how many clusters have each) as float64 arrays (exact: sizes < 2^53)."""
    if isinstance(sizes, list):
        counts = Counter(sizes)
        return np.array(list(counts), dtype=np.float64), np.array(list(counts.values()), dtype=np.float64)
    values, counts = np.unique(sizes, return_counts=True)
    return values.astype(np.float64), counts.astype(np.float64)


def _cell_terms(u, v, k_lo, lengths, n: int) -> np.ndarray:
    """sum_k P(X = k) [k log(k / mu) - k + mu] for each cell, over k = k_lo .. k_lo + length - 1."""
    size = int(lengths.sum())
    starts = np.zeros(lengths.shape[0], dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    k = np.repeat(k_lo - starts, lengths) + np.arange(size, dtype=np.float64)
    U = np.repeat(u, lengths)
    V = np.repeat(v, lengths)
    # log P(k) - log P(k - 1); every factor is >= 1 above a cell's first k (k_lo >= max(0, a + b - n))
    num = (U - k + 1.0) * (V - k + 1.0)
    den = k * (n - U - V + k)
    num[starts] = 1.0
    den[starts] = 1.0
    step = np.log(num / den)
    # segmented cumsum: each cell's first step cancels the previous cell's total, so the running
    # sum restarts near 0 and never grows large (no drift across thousands of cells) ...
    cell_total = np.add.reduceat(step, starts)
    step[starts[1:]] = -cell_total[:-1]
    log_p = np.cumsum(step)
    # ... and the residue of the restart is removed exactly
    log_p -= np.repeat(log_p[starts], lengths)
    log_p -= np.repeat(np.maximum.reduceat(log_p, starts), lengths)
    p = np.exp(log_p)
    mus = U * V / n
    # k log(k / mu) - (k - mu) as k log1p(d / mu) - d, d = k - mu: log(k / mu) would carry an absolute
    # error of eps (k / mu is rounded near 1), times k ~ mu; log1p's is eps d / mu, so the result
    # (~ d^2 / 2 mu) keeps ~eps sqrt(mu) instead of ~eps mu. k = 0 gives mu (0 log 0 = 0: the
    # argument is raised to the finite log1p((0.5 - mu) / mu), then multiplied by k = 0).
    d = k - mus
    f = k * np.log1p(np.maximum(d, 0.5 - mus) / mus) - d
    return np.add.reduceat(p * f, starts) / np.add.reduceat(p, starts)


# --------------------------------------------------------------------------
# the metrics


def contingency_matrix(labels_true, labels_pred):
    """Contingency table: ``C[i, j]`` = number of samples in class i of labels_true and cluster j of labels_pred.

    Formula: ``C[i, j] = #{s : labels_true[s] = u_i and labels_pred[s] = v_j}``, u and v the
    sorted distinct values of ``labels_true`` and ``labels_pred`` (only values that occur).
    int64, shape (n_classes, n_clusters).
    Range: non-negative integers summing to n; row sums are the class sizes, column
    sums the cluster sizes.
    Undefined cases: none (empty input refused, naming labels_true).
    Source: scikit-learn ``contingency_matrix(sparse=False)`` (which returns int64 too).
    """
    t, p = _check_pair(labels_true, labels_pred)
    n = t.shape[0]
    if n <= _SMALL_N or (n <= _SMALL_N_TEXT and t.dtype.kind not in "biu" and p.dtype.kind not in "biu"):
        tl, pl = t.tolist(), p.tolist()
        cells = Counter(zip(tl, pl))
        row_of = {c: i for i, c in enumerate(sorted(set(tl)))}
        col_of = {c: j for j, c in enumerate(sorted(set(pl)))}
        C = np.zeros((len(row_of), len(col_of)), dtype=np.int64)
        C[[row_of[r] for r, _ in cells], [col_of[c] for _, c in cells]] = list(cells.values())
        return C
    k1, ti, _ = _codes(t)
    k2, pi, _ = _codes(p)
    keys = ti * k2 + pi
    if k1 * k2 <= 2 * n + _DENSE_EXTRA:
        return np.bincount(keys, minlength=k1 * k2).astype(np.int64, copy=False).reshape(k1, k2)
    cells, counts = np.unique(keys, return_counts=True)
    C = np.zeros(k1 * k2, dtype=np.int64)
    C[cells] = counts
    return C.reshape(k1, k2)


def _pair_counts(tab: _Table) -> tuple[int, int, int, int]:
    """(C00, C01, C10, C11) over ordered pairs i != j, as exact Python ints."""
    s, sa, sb = tab.pair_sums()
    n = tab.n
    c11 = s - n            # together in both
    c01 = sb - s           # together in labels_pred only
    c10 = sa - s           # together in labels_true only
    c00 = n * n - sa - sb + s  # apart in both
    return c00, c01, c10, c11


def pair_confusion_matrix(labels_true, labels_pred):
    """Pair confusion matrix: the 2 x 2 table of sample pairs by "together in labels_true" x "together in labels_pred".

    Layout (scikit-learn's), over **ordered** pairs (i, j), i != j, so every count is
    twice the number of unordered pairs and the matrix sums to n (n - 1)::

        [[C00 apart in both,              C01 together in labels_pred only],
         [C10 together in labels_true only, C11 together in both]]

    Taking "together" as positive: C00 = TN, C01 = FP, C10 = FN, C11 = TP.
    Formula: with S = sum n_ij^2, A = sum a_i^2, B = sum b_j^2 (exact integers):
    C11 = S - n, C01 = B - S, C10 = A - S, C00 = n^2 - A - B + S. int64.
    Range: non-negative integers summing to n (n - 1).
    Undefined cases: none; one sample gives [[0, 0], [0, 0]] (empty input refused).
    Source: Hubert & Arabie (1985); scikit-learn ``pair_confusion_matrix``.
    """
    c00, c01, c10, c11 = _pair_counts(_counts(labels_true, labels_pred))
    return np.array([[c00, c01], [c10, c11]], dtype=np.int64)


def rand_index(labels_true, labels_pred):
    """Rand index: the fraction of sample pairs on which the two labelings agree (together in both, or apart in both).

    Formula: ``(C00 + C11) / (n (n - 1))`` from the pair confusion matrix (exact
    integers, one correctly rounded division).
    Range: [0, 1], 1 for identical partitions.
    Undefined cases: a single sample (no pair) -> 1.0, scikit-learn's value.
    Source: Rand (1971); scikit-learn ``rand_score``.
    """
    tab = _counts(labels_true, labels_pred)
    n = tab.n
    if n < 2:
        return 1.0
    c00, _, _, c11 = _pair_counts(tab)
    return (c00 + c11) / (n * (n - 1))


def adjusted_rand_index(labels_true, labels_pred):
    """Adjusted Rand index (Hubert & Arabie): the Rand index corrected for chance agreement.

    Formula: with the pair counts TN, FP, FN, TP of ``pair_confusion_matrix``:
    ``2 (TP TN - FN FP) / ((TP + FN)(FN + TN) + (TP + FP)(FP + TN))``, equal to
    ``(sum C(n_ij, 2) - E) / (mean(sum C(a_i, 2), sum C(b_j, 2)) - E)`` with
    ``E = sum C(a_i, 2) sum C(b_j, 2) / C(n, 2)``. Numerator and denominator are exact
    Python integers (the products reach n^4), divided once.
    Range: [-0.5, 1]; 1 for identical partitions, 0 in expectation for random labelings.
    Undefined cases: FN = FP = 0, i.e. identical partitions (up to renaming), which covers
    one cluster on both sides, every sample its own cluster on both sides and a single
    sample: the formula is 0/0 only in the last three; -> 1.0 (scikit-learn). The
    denominator is 0 in no other case. One side a single cluster and the other all
    singletons gives 0.0 (the formula), as scikit-learn.
    Source: Hubert & Arabie (1985); scikit-learn ``adjusted_rand_score``.
    """
    c00, c01, c10, c11 = _pair_counts(_counts(labels_true, labels_pred))
    tn, fp, fn, tp = c00, c01, c10, c11
    if fn == 0 and fp == 0:
        return 1.0
    return 2 * (tp * tn - fn * fp) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn))


def fowlkes_mallows(labels_true, labels_pred):
    """Fowlkes-Mallows index: the geometric mean of pair precision and pair recall.

    Formula: ``TP / sqrt((TP + FP)(TP + FN))`` over the pair counts (ordered or unordered
    pairs give the same value); in table terms ``(S - n) / sqrt((A - n)(B - n))``, computed as
    ``sqrt(TP^2 / ((TP + FP)(TP + FN)))``: one correctly rounded division of exact integers
    and one square root.
    Range: [0, 1], 1 for identical partitions with at least one pair together.
    Undefined cases: TP = 0 (no pair together in both labelings) -> 0.0, scikit-learn's
    value. That includes the 0/0 cases: a single sample (0.0, where the Rand indices say
    1.0) and every sample its own cluster on both sides (0.0 although the partitions are
    identical). One cluster on both sides (n >= 2) gives 1.0.
    Source: Fowlkes & Mallows (1983); scikit-learn ``fowlkes_mallows_score``.
    """
    _, c01, c10, c11 = _pair_counts(_counts(labels_true, labels_pred))
    if c11 == 0:
        return 0.0
    return math.sqrt((c11 * c11) / ((c11 + c01) * (c11 + c10)))


def mutual_information(labels_true, labels_pred):
    """Mutual information between two labelings, in nats.

    Formula: ``sum_ij (n_ij / n) log(n n_ij / (a_i b_j))`` over the non-zero cells.
    Range: [0, min(H(labels_true), H(labels_pred))]; symmetric. Rounding below 0 is
    clipped to 0 (scikit-learn clips too).
    Undefined cases: none. One cluster on either side -> 0.0 exactly (every log is log 1).
    Source: Cover & Thomas; scikit-learn ``mutual_info_score``.
    """
    return _mutual_info(_counts(labels_true, labels_pred))


def normalized_mutual_information(labels_true, labels_pred, *, average_method="arithmetic"):
    """Normalised mutual information: MI divided by a mean of the two entropies.

    Formula: ``MI / mean(H(labels_true), H(labels_pred))``, the mean chosen by
    ``average_method``: "min", "geometric" (sqrt(H1 H2)), "arithmetic" ((H1 + H2) / 2,
    the default; equal to V-measure with beta = 1) or "max".
    Range: [0, 1]; NMI(min) >= NMI(geometric) >= NMI(arithmetic) >= NMI(max).
    Undefined cases (scikit-learn's values):
    both entropies 0 (one cluster on both sides, or a single sample): 0/0 -> 1.0;
    one cluster on one side only: MI = 0 -> 0.0 for every mean (0/0 for "min" and
    "geometric"). Identical partitions give exactly 1.0; the value is clipped to [0, 1]
    (rounding otherwise leaves 1 +- 1 ulp).
    Source: Strehl & Ghosh (2002); Vinh et al. (2010); scikit-learn ``normalized_mutual_info_score``.
    """
    _check_average(average_method)
    tab = _counts(labels_true, labels_pred)
    k1, k2 = tab.k_true, tab.k_pred
    if k1 == 1 and k2 == 1:
        return 1.0
    if k1 == 1 or k2 == 1:
        return 0.0
    if len(tab.nij) == k1 == k2:
        return 1.0  # identical partitions: MI = H1 = H2
    mi = _mutual_info(tab)
    if mi == 0.0:
        return 0.0
    h1, h2 = _entropy(tab.a, tab.n, tab.small), _entropy(tab.b, tab.n, tab.small)
    return _clip01(mi / _generalized_mean(h1, h2, average_method))


def adjusted_mutual_information(labels_true, labels_pred, *, average_method="arithmetic"):
    """Adjusted mutual information: MI corrected for chance (Vinh, Epps & Bailey 2010).

    Formula: ``(MI - E[MI]) / (mean(H1, H2) - E[MI])``, the mean chosen by
    ``average_method`` as in ``normalized_mutual_information``; E[MI] is the expected MI
    of two random labelings with the same cluster sizes (hypergeometric model,
    Vinh et al. eq. 24a; computed in vectorised NumPy, see ``_expected_mi``).
    Range: (-inf, 1] in principle (small negative values for worse-than-chance
    labelings); 1 for identical partitions, 0 in expectation for random labelings.
    Undefined cases:
    both entropies 0 (one cluster on both sides, or one sample) -> 1.0 (scikit-learn);
    one cluster on one side only -> 0.0 (scikit-learn);
    every sample its own cluster on both sides (n >= 2; identical partitions, MI = E[MI]
    = H1 = H2, so 0/0) -> 1.0 (scikit-learn's value);
    every sample its own cluster on one side only: MI = E[MI] exactly (every relabeling
    has the same MI), so the score is 0 / (mean - E[MI]) = 0.0 for "geometric",
    "arithmetic" and "max", and 0/0 for "min" (min(H1, H2) = E[MI]) -> 0.0 here, the
    chance-level value, as for one cluster on one side. scikit-learn returns rounding
    noise for the first three (e.g. -2.05e-15 for ``range(50)`` vs ``i % 3``) and, for
    "min", the ratio of two clamped rounding errors: -1.0, 0.8 or 1.333 depending on n.
    Identical partitions give exactly 1.0; the value is clipped at 1. Elsewhere the
    denominator is > 0; should rounding bring it (or the numerator) within float64 eps
    of 0, it is clamped to +-eps with its sign, as scikit-learn does, so no NaN escapes.
    Source: Vinh, Epps & Bailey (2010), JMLR 11; scikit-learn ``adjusted_mutual_info_score``.
    """
    _check_average(average_method)
    tab = _counts(labels_true, labels_pred)
    n, k1, k2 = tab.n, tab.k_true, tab.k_pred
    if k1 == 1 and k2 == 1:
        return 1.0
    if k1 == 1 or k2 == 1:
        return 0.0
    if len(tab.nij) == k1 == k2:
        return 1.0  # identical partitions (every sample a singleton on both sides included)
    if k1 == n or k2 == n:
        return 0.0  # MI = E[MI]: every relabeling of the singletons gives the same table up to order
    mi = _mutual_info(tab)
    emi = _expected_mi(tab.a, tab.b, n)
    h1, h2 = _entropy(tab.a, n, tab.small), _entropy(tab.b, n, tab.small)
    denominator = _generalized_mean(h1, h2, average_method) - emi
    numerator = mi - emi
    denominator = min(denominator, -_EPS) if denominator < 0 else max(denominator, _EPS)
    numerator = min(numerator, -_EPS) if numerator < 0 else max(numerator, _EPS)
    return min(numerator / denominator, 1.0)


def _homogeneity_completeness(tab: _Table) -> tuple[float, float]:
    k1, k2 = tab.k_true, tab.k_pred
    cells = len(tab.nij)
    # homogeneity = 1 - H(C|K)/H(C) is exactly 1 when every cluster holds one class (one cell per
    # column), 1.0 by convention when H(C) = 0; completeness the same with the roles swapped
    hom = 1.0 if (k1 == 1 or cells == k2) else None
    com = 1.0 if (k2 == 1 or cells == k1) else None
    if hom is None or com is None:
        mi = _mutual_info(tab)
        if hom is None:
            hom = _clip01(mi / _entropy(tab.a, tab.n, tab.small))
        if com is None:
            com = _clip01(mi / _entropy(tab.b, tab.n, tab.small))
    return hom, com


def homogeneity(labels_true, labels_pred):
    """Homogeneity: each cluster contains only members of a single class.

    Formula: ``1 - H(C|K) / H(C) = MI / H(labels_true)``.
    Range: [0, 1]; 1 when every cluster holds one class. Not symmetric:
    homogeneity(a, b) = completeness(b, a).
    Undefined cases: H(labels_true) = 0 (one class, or one sample): 0/0 -> 1.0
    (scikit-learn). Exactly 1.0 whenever each cluster lies in one class (scikit-learn's
    rounding can give 0.9999999999999999 there).
    Source: Rosenberg & Hirschberg (2007); scikit-learn ``homogeneity_score``.
    """
    return _homogeneity_completeness(_counts(labels_true, labels_pred))[0]


def completeness(labels_true, labels_pred):
    """Completeness: all members of a given class are assigned to the same cluster.

    Formula: ``1 - H(K|C) / H(K) = MI / H(labels_pred)``.
    Range: [0, 1]; 1 when every class lies in one cluster. completeness(a, b) =
    homogeneity(b, a).
    Undefined cases: H(labels_pred) = 0 (one cluster, or one sample): 0/0 -> 1.0
    (scikit-learn). Exactly 1.0 whenever each class lies in one cluster.
    Source: Rosenberg & Hirschberg (2007); scikit-learn ``completeness_score``.
    """
    return _homogeneity_completeness(_counts(labels_true, labels_pred))[1]


def v_measure(labels_true, labels_pred, *, beta=1.0):
    """V-measure: the weighted harmonic mean of homogeneity h and completeness c.

    Formula: ``(1 + beta) h c / (beta h + c)``; beta > 1 weighs completeness more, beta < 1
    homogeneity. With beta = 1 it equals NMI with the arithmetic mean.
    Range: [0, 1].
    Undefined cases: h + c = 0 -> 0.0 (scikit-learn). For beta > 0 the denominator is
    0 only then. One class and several clusters (h = 1, c = 0) gives 0.0; one cluster on
    both sides, or one sample, 1.0 (h = c = 1 by their conventions), as scikit-learn.
    beta must be a finite number > 0: scikit-learn also accepts beta = 0 (V = h), but
    then raises ``ZeroDivisionError`` when c = 0 and h > 0, e.g.
    ``v_measure_score([0, 0, 0, 0], [0, 0, 1, 1], beta=0)``.
    Source: Rosenberg & Hirschberg (2007); scikit-learn ``v_measure_score``.
    """
    beta = check_positive(beta, "beta")
    hom, com = _homogeneity_completeness(_counts(labels_true, labels_pred))
    if hom + com == 0.0:
        return 0.0
    return _clip01((1.0 + beta) * hom * com / (beta * hom + com))


# --------------------------------------------------------------------------
# information distance and the SNEMI3D pair scores, with samples of ignored true labels removed


class ConditionalEntropies(NamedTuple):
    #: H(labels_true | labels_pred): 0 when every predicted cluster lies in one class (an over-segmentation)
    true_given_pred: float
    #: H(labels_pred | labels_true): 0 when every class lies in one cluster (an under-segmentation)
    pred_given_true: float


class AdaptedRandError(NamedTuple):
    error: float
    precision: float
    recall: float


def _kept(labels_true, labels_pred, ignore_labels) -> _Table:
    """The contingency table of the samples whose true label is not in ``ignore_labels``."""
    t, p = _check_pair(labels_true, labels_pred)
    if isinstance(ignore_labels, (str, bytes)) or np.isscalar(ignore_labels) or ignore_labels is None:
        raise MetricInputError("ignore_labels", f"expected a sequence of labels, got {ignore_labels!r}")
    ignored = as_labels(ignore_labels, "ignore_labels", allow_empty=True)
    if ignored.size and (ignored.dtype.kind in "US") == (t.dtype.kind in "US"):
        keep = ~np.isin(t, ignored)
        if not keep.any():
            raise MetricInputError("labels_true", "every sample has a label in ignore_labels: nothing left to score")
        t, p = t[keep], p[keep]
    return _table(t, p)


def _conditional_entropy(nij, sizes, n: int, small: bool) -> float:
    """sum over cells of (n_ij / n) log(size / n_ij), ``sizes`` each cell's cluster (or class) size: H(. | that
    side), in nats. Every term is >= 0, and 0 exactly where a cell fills its cluster."""
    if small:
        return math.fsum([v * math.log(s / v) for v, s in zip(nij, sizes) if v != s]) / n
    return float(np.dot(nij, np.log(sizes / nij))) / n


def _entropies(labels_true, labels_pred, ignore_labels, base) -> tuple[float, float]:
    scale = 1.0 if base is None else math.log(check_positive(base, "base"))
    if scale == 0.0:
        raise MetricInputError("base", "must not be 1 (log base 1 is undefined)")
    tab = _kept(labels_true, labels_pred, ignore_labels)
    h_true = _conditional_entropy(tab.nij, tab.bj, tab.n, tab.small) / scale
    h_pred = _conditional_entropy(tab.nij, tab.ai, tab.n, tab.small) / scale
    return h_true, h_pred


def conditional_entropies(labels_true, labels_pred, *, base=None, ignore_labels=()) -> ConditionalEntropies:
    """The two conditional entropies whose sum is the variation of information: (H(true|pred), H(pred|true)).

    Formula: ``H(true|pred) = sum_ij (n_ij / n) log(b_j / n_ij)`` and ``H(pred|true) = sum_ij (n_ij / n)
    log(a_i / n_ij)`` (natural log; ``base=2`` for bits). H(true|pred) is 0 when every predicted cluster
    lies within one class (an over-segmentation loses nothing of the truth), H(pred|true) when every
    class lies within one cluster (an under-segmentation). ``ignore_labels``: samples whose label in
    labels_true is listed are removed first.
    Range: each in [0, log n]; swapping the labelings swaps the two.
    Undefined cases: none (both 0 for identical partitions and for one sample); every sample ignored
    is refused.
    Source: Meila (2007), "Comparing clusterings - an information based distance", J. Multivariate
    Analysis 98(5), eq. (19); scikit-image 0.26 ``variation_of_information``, which returns the same two
    numbers in the other order, (H(pred|true), H(true|pred)), in bits.
    """
    return ConditionalEntropies(*_entropies(labels_true, labels_pred, ignore_labels, base))


def variation_of_information(labels_true, labels_pred, *, base=None, ignore_labels=()) -> float:
    """Variation of information (Meila 2007): the information lost and gained between two partitions.

    Formula: ``VI = H(true|pred) + H(pred|true) = H(true) + H(pred) - 2 MI(true, pred)``, natural log
    (nats) unless ``base`` is given (``base=2``: bits, scikit-image's unit). ``ignore_labels`` removes
    the samples whose true label is listed (scikit-image's rule).
    Range: [0, log n]; 0 exactly when the two partitions are the same up to renaming. A metric on
    partitions: symmetric, and VI(a, c) <= VI(a, b) + VI(b, c).
    Undefined cases: none; every sample ignored is refused.
    Source: Meila (2007), J. Multivariate Analysis 98(5):873-895, eq. (15)-(19); scikit-image 0.26
    ``variation_of_information`` (its two terms, in bits).
    """
    h_true, h_pred = _entropies(labels_true, labels_pred, ignore_labels, base)
    return h_true + h_pred


def adapted_rand_error(labels_true, labels_pred, *, alpha=0.5, ignore_labels=()) -> AdaptedRandError:
    """The adapted Rand error of the SNEMI3D challenge, with its pair precision and recall.

    Formula, over pairs of distinct samples (S = sum n_ij^2, A = sum a_i^2 over the true classes, B = sum b_j^2
    over the predicted clusters, n samples; each of S - n, A - n, B - n is twice a pair count):
    ``precision = (S - n) / (B - n)`` (of the pairs together in labels_pred, the share together in
    labels_true: 1 - the merge errors), ``recall = (S - n) / (A - n)`` (of the pairs together in
    labels_true, the share kept together: 1 - the split errors),
    ``F_alpha = (S - n) / (alpha (B - n) + (1 - alpha)(A - n)) = 1 / (alpha / precision + (1 - alpha) /
    recall)``, ``error = 1 - F_alpha``; alpha = 1 scores precision alone, 0 recall alone, 0.5 (the
    challenge's) their harmonic mean. ``ignore_labels`` removes the samples whose true label is listed
    (the challenge ignores the boundary label 0: pass ``ignore_labels=(0,)``, scikit-image's default).
    Range: each of error, precision, recall in [0, 1]; (0, 1, 1) for the same partition up to renaming.
    Swapping the labelings swaps precision and recall (and alpha with 1 - alpha).
    Undefined cases: no pair together in labels_pred (all singletons, or one sample): precision 0/0 ->
    1.0 (no merge to be wrong about); none together in labels_true: recall -> 1.0; F's denominator 0
    (both weighted pair counts 0) -> F = 1.0, error 0.0. scikit-image returns NaN there. Every sample
    ignored, and alpha outside [0, 1], are refused.
    Source: Arganda-Carreras, Turaga, Berger et al. (2015), "Crowdsourcing the creation of image
    segmentation algorithms for connectomics", Front. Neuroanat. 9:142, sec. 2.3.1 (the Rand F-score
    V^Rand_alpha); scikit-image 0.26 ``adapted_rand_error``, which returns the same error at alpha =
    0.5 but names precision what is recall here, and the reverse (scikit-image issue #6485).
    """
    a = check_rate(alpha, "alpha")
    tab = _kept(labels_true, labels_pred, ignore_labels)
    s, sa, sb = tab.pair_sums()
    n = tab.n
    together, in_true, in_pred = s - n, sa - n, sb - n
    precision = together / in_pred if in_pred else 1.0
    recall = together / in_true if in_true else 1.0
    denominator = a * in_pred + (1.0 - a) * in_true
    # 1 - F from the non-negative excesses B - S and A - S: exactly 0 for identical partitions
    error = (a * (sb - s) + (1.0 - a) * (sa - s)) / denominator if denominator else 0.0
    return AdaptedRandError(min(max(error, 0.0), 1.0), precision, recall)
