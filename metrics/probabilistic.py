"""Information-theoretic metrics of probability distributions, and perplexity.

Distributions are 1-D arrays of probabilities in [0, 1] summing to 1 (within
``SUM_TOLERANCE``; they are then renormalised so that the identities between
entropy, cross-entropy and KL hold to rounding). A zero probability where a
log is taken of it gives the documented result ``+inf``, never NaN; terms with
``p_i = 0`` contribute 0 (the limit of ``p log p``).

``base`` is the logarithm base (> 1): ``None`` or ``math.e`` for nats, 2 for bits.

Log-loss and the Brier score over labelled samples live in ``metrics.classification``;
the calibration of predicted class probabilities (expected calibration error, the
reliability curve) lives here.

Calibration bins. ``strategy="uniform"``: ``n_bins`` bins of equal width over [0, 1];
``"quantile"`` (equal mass): edges at the ``np.percentile`` (linear interpolation) of the
confidences at ``linspace(0, 1, n_bins + 1) * 100`` (scikit-learn's expression), so that each bin holds about N / n_bins samples.
Edges belong to the bin *below* them (scikit-learn's ``calibration_curve``): a confidence c is
in bin ``searchsorted(inner_edges, c, side="left")``, bins ``[0, e1], (e1, e2], ..., (e_{n-1}, 1]``.
(torchmetrics' calibration error uses ``[e_i, e_{i+1})``: the two differ only for a confidence
exactly on an inner edge.) Bins with no sample are dropped.
"""

from __future__ import annotations

import math

import numpy as np

from ._validation import as_floats, as_labels, check_choice, check_int_at_least, check_positive, check_same_length
from .classification import _log_loss_codes, _probability_rows, binary_positive
from .errors import MetricInputError

__all__ = ["entropy", "cross_entropy", "kl_divergence", "jensen_shannon_divergence", "perplexity", "corpus_perplexity",
           "expected_calibration_error", "calibration_curve"]

#: how far from 1 the sum of a distribution may be before it is refused
SUM_TOLERANCE = 1e-6


def _log_base(base) -> float:
    """natural log of the base (1.0 for nats)."""
    if base is None:
        return 1.0
    b = check_positive(base, "base")
    if b <= 1.0:  # base 1 is undefined; bases below 1 would make information negative
        raise MetricInputError("base", f"must be > 1, got {b!r}")
    return math.log(b)


def _distribution(values, name: str):
    """(the values as a float64 array, their sum, whether one of them is 0), checked.

    NaN, inf, values outside [0, 1] and a sum off 1 are refused, in that order;
    the first two from the minimum and maximum (NaN propagates into both),
    which saves as_floats' separate isfinite pass. The values are divided by
    their sum where they are used (_sum_p_log), not into a new array here.
    """
    p = as_floats(values, name, allow_nan=True, allow_inf=True)
    lo, hi = p.min(), p.max()
    if np.isnan(lo):
        raise MetricInputError(name, "contains NaN")
    if np.isinf(lo) or np.isinf(hi):
        raise MetricInputError(name, "contains infinite values")
    if lo < 0.0 or hi > 1.0:
        raise MetricInputError(name, "probabilities must lie in [0, 1]")
    total = float(p.sum())
    if abs(total - 1.0) > SUM_TOLERANCE:
        raise MetricInputError(name, f"probabilities must sum to 1, got {total!r}")
    return p, total, bool(lo == 0.0)


def _distributions(p, q):
    pa = _distribution(p, "p")
    qa = _distribution(q, "q")
    check_same_length("p", pa[0], "q", qa[0])
    return pa, qa


# Sums over long distributions run in blocks of _BLOCK values, each normalised,
# logged and summed in small reused buffers that stay in cache: no n-sized
# temporary, one read of each input. Each block's sum is a BLAS ddot below
# OpenBLAS's threading threshold (10000 elements), as in metrics.regression.
_BLOCK = 8192


def _sum_p_log(p, p_total, q=None, q_total=None, *, ratio=False) -> float:
    """``sum_i x_i L_i`` with ``x = p / p_total`` and ``L = log x`` (``q`` None),
    ``L = log(q / q_total)``, or with ``ratio`` ``L = log x - log(q / q_total)``."""
    n = p.shape[0]
    block = min(n, _BLOCK)
    x, lx, lq = np.empty(block), np.empty(block), np.empty(block)
    divide, log = np.divide, np.log
    total = 0.0
    for start in range(0, n, block):
        m = min(block, n - start)
        xb = divide(p[start:start + m], p_total, out=x[:m])
        if q is None:
            terms = log(xb, out=lx[:m])
        else:
            terms = log(divide(q[start:start + m], q_total, out=lq[:m]), out=lq[:m])
            if ratio:
                terms = np.subtract(log(xb, out=lx[:m]), terms, out=lx[:m])
        total += np.dot(xb, terms)
    return float(total)


def entropy(p, *, base=None) -> float:
    """Shannon entropy ``H(p) = -sum_i p_i log p_i`` (terms with ``p_i = 0`` are 0).

    Range [0, log(len(p))]: 0 for a point mass, ``log V`` for the uniform
    distribution over V outcomes. Undefined cases: none on a valid distribution.
    Source: Shannon (1948); scipy.stats.entropy(pk).
    """
    scale = _log_base(base)
    pa, total, has_zero = _distribution(p, "p")
    if has_zero:
        pa = pa[pa > 0]
    return max(0.0, -_sum_p_log(pa, total) / scale)


def _on_support(pa, qa):
    """p and q where p > 0 (the terms with p_i = 0 are 0), or None if q is 0 there somewhere."""
    (p, p_total, p_zero), (q, q_total, q_zero) = pa, qa
    if p_zero:
        support = p > 0
        p, q = p[support], q[support]
        q_zero = bool((q == 0).any())
    if q_zero:  # a zero of q under p's support: every zero of q is, when p has none
        return None
    return p, p_total, q, q_total


def cross_entropy(p, q, *, base=None) -> float:
    """Cross-entropy ``H(p, q) = -sum_i p_i log q_i`` (terms with ``p_i = 0`` are 0).

    Range [H(p), inf]: ``H(p, q) = H(p) + KL(p || q) >= H(p)`` (Gibbs), equal iff
    ``q == p``. Undefined case (log of 0): documented result ``+inf`` when some ``q_i = 0 < p_i``.
    Source: Cover & Thomas, Elements of Information Theory, 2.3; seed 000 ("cross-entropy loss").
    """
    scale = _log_base(base)
    support = _on_support(*_distributions(p, q))
    if support is None:
        return math.inf
    return -_sum_p_log(*support) / scale


def kl_divergence(p, q, *, base=None) -> float:
    """Kullback-Leibler divergence ``KL(p || q) = sum_i p_i log(p_i / q_i)``.

    Range [0, inf], 0 iff ``p == q``. Not symmetric. Undefined case (log of 0), documented result:
    ``+inf`` when some ``q_i = 0 < p_i``; terms with ``p_i = 0`` are 0.
    Source: Kullback & Leibler (1951); seed 000 section "Accuracy" (KL with a one-hot y);
    scipy.stats.entropy(pk, qk).
    """
    scale = _log_base(base)
    support = _on_support(*_distributions(p, q))
    if support is None:
        return math.inf
    # log(p/q) as a difference of logs: p/q can overflow for tiny q
    value = _sum_p_log(*support, ratio=True)
    return max(0.0, value) / scale  # Gibbs: negative values are rounding


def jensen_shannon_divergence(p, q, *, base=None) -> float:
    """Jensen-Shannon divergence ``JS(p, q) = KL(p || m) / 2 + KL(q || m) / 2`` with the mixture ``m = (p + q) / 2``.

    Range [0, log 2] (nats; [0, 1] in base 2): 0 iff ``p == q``, ``log 2`` iff p and q have disjoint
    supports. Symmetric, and finite everywhere (``m > 0`` wherever p or q is). Its square root is a metric
    (Endres & Schindelin 2003): SciPy's ``jensenshannon`` returns that distance, so ``JS = jensenshannon^2``.
    Computed per outcome from ``r_i = (p_i - q_i) / (p_i + q_i)``: ``m_i g(r_i)`` by the series of
    ``g(r) = (1 + r) log1p(r) + (1 - r) log1p(-r)`` where ``|r_i| <= 1/4`` (to full relative precision when p and
    q nearly agree, where the two logs cancel), ``p_i log1p(r_i) + q_i log1p(-r_i)`` up to ``|r_i| = 1/2``,
    ``p_i (log p_i - log m_i) + ...`` beyond (a subnormal value would round r to 1); terms with ``p_i = 0`` or
    ``q_i = 0`` are 0.
    Undefined cases: none on valid distributions. Refusals as :func:`kl_divergence` (NaN/inf, values outside
    [0, 1], sums off 1, mismatched lengths, empty input, a ``base`` <= 1).
    Source: Lin, "Divergence measures based on the Shannon entropy" (IEEE Trans. Inf. Theory, 1991), eq. 4.1
    with equal weights; scipy.spatial.distance.jensenshannon; torchmetrics ``jensen_shannon_divergence``.
    """
    scale = _log_base(base)
    (p, p_total, _), (q, q_total, _) = _distributions(p, q)
    value = _js_sum(p, p_total, q, q_total) / 2.0
    return min(max(0.0, value), _LOG2) / scale  # rounding cannot leave [0, log 2]


#: x log1p(r) + y log1p(-r) = m g(r), m = (x + y) / 2, g(r) = (1 + r) log1p(r) + (1 - r) log1p(-r)
#: = sum_{k >= 1} r^(2k) / (k (2k - 1)): its coefficients, highest first, up to k = 15 (at |r| <= 1/4 the next
#: term is below 2e-21 of the sum). 14 multiply-adds in cache cost less than the two logs they replace.
_JS_SERIES = tuple(1.0 / (k * (2 * k - 1)) for k in range(15, 0, -1))
_JS_SERIES_UP_TO = 0.25


def _js_sum(p, p_total, q, q_total) -> float:
    """``sum_i x_i log(x_i / m_i) + y_i log(y_i / m_i)``, x = p / p_total, y = q / q_total, m = (x + y) / 2, in
    blocks of :data:`_JS_BLOCK` held in cache. With ``r = (x - y) / (x + y)`` a term is ``m g(r)``,
    ``g(r) = (1 + r) log1p(r) + (1 - r) log1p(-r)``: its series where ``|r| <= 1/4`` (two logs that cancel to
    r^2 would lose 2 / |r| of their rounding); gathered, the rest as ``x log1p(r) + y log1p(-r)``, each log1p
    as ``log(u) r / (u - 1)``, ``u = 1 +- r`` (Goldberg's form: NumPy's log is vectorised, its log1p is not);
    and ``x (log x - log m) + y (log y - log m)`` where ``|r| > 1/2`` (a subnormal value would round r to 1),
    a part whose x (y) is 0 contributing 0. No ``where=`` ufunc: a masked divide costs 15 plain ones."""
    n = p.shape[0]
    block = min(n, _JS_BLOCK)
    x, y, t, r, work, sq = (np.empty(block) for _ in range(6))
    total = 0.0
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        for start in range(0, n, block):
            m = min(block, n - start)
            xb = np.divide(p[start:start + m], p_total, out=x[:m])
            yb = np.divide(q[start:start + m], q_total, out=y[:m])
            tb = np.add(xb, yb, out=t[:m])
            rb = np.subtract(xb, yb, out=r[:m])
            # x = y = 0: r = 0 / tiny = 0 (t is at least the smallest subnormal wherever it is not 0)
            rb /= np.maximum(tb, _TINY, out=work[:m])
            r2 = np.multiply(rb, rb, out=sq[:m])
            terms = np.full(m, _JS_SERIES[0])
            for c in _JS_SERIES[1:]:
                terms *= r2
                terms += c
            terms *= r2
            terms *= tb
            terms *= 0.5
            size = np.abs(rb, out=work[:m])
            beyond = np.flatnonzero(size > _JS_SERIES_UP_TO)
            if beyond.size:  # Goldberg's log1p(r) and log1p(-r), on the values the series does not reach
                rf, xf, yf = rb[beyond], xb[beyond], yb[beyond]
                u = rf + 1.0
                plus = np.log(u)
                u -= 1.0
                plus *= rf / u
                plus *= xf
                u = 1.0 - rf
                minus = np.log(u)
                u -= 1.0
                minus *= rf / u
                minus *= yf
                plus -= minus  # log1p(-r) = log(1 - r) * (-r) / ((1 - r) - 1)
                terms[beyond] = plus
            far = size > 0.5
            if far.any():
                xf, yf, log_m = xb[far], yb[far], np.log(tb[far] / 2.0)
                terms[far] = (np.where(xf > 0, xf * (np.log(xf) - log_m), 0.0)
                              + np.where(yf > 0, yf * (np.log(yf) - log_m), 0.0))
            total += float(np.add.reduce(terms))
    return total


_TINY = 5e-324
#: 2^14 values a block: 6 work arrays of 128 KiB stay in cache (8192 was 15% slower at 1e6, 65536 13%)
_JS_BLOCK = 16384
_LOG2 = math.log(2.0)


def _token_nll(values, name: str, *, from_log: bool, log_b: float) -> np.ndarray:
    """Negative log-likelihood of each token in nats."""
    if from_log:
        lp = as_floats(values, name, allow_inf=True)
        if (lp > 0).any():
            raise MetricInputError(name, "log-probabilities must be <= 0 (probability <= 1)")
        if np.isposinf(lp).any():  # pragma: no cover - caught by the check above
            raise MetricInputError(name, "contains +inf")
        return -lp * log_b
    p = as_floats(values, name)
    if p.min() < 0.0 or p.max() > 1.0:
        raise MetricInputError(name, "probabilities must lie in [0, 1]")
    with np.errstate(divide="ignore"):
        return -np.log(p)


def _power(log_b: float, nll_nats: float) -> float:
    """``b ** (nll_nats / ln b)``: the perplexity, computed in base b."""
    with np.errstate(over="ignore"):
        return float(np.power(math.exp(log_b), nll_nats / log_b))


def _sequence_nlls(sequences, *, from_log: bool, log_b: float) -> list[np.ndarray]:
    """The negative log-likelihood of every token of every sequence of a (non-empty) corpus, in nats."""
    if isinstance(sequences, np.ndarray) and sequences.ndim == 2 and sequences.dtype.kind in "biuf":
        sequences = list(sequences)
    if isinstance(sequences, (str, bytes)) or not hasattr(sequences, "__len__"):
        raise MetricInputError("sequences", "expected a list of 1-D arrays of token probabilities")
    if len(sequences) == 0:
        raise MetricInputError("sequences", "is empty")
    return [_token_nll(s, f"sequences[{i}]", from_log=from_log, log_b=log_b) for i, s in enumerate(sequences)]


def perplexity(token_probs, *, base=math.e, from_log=False) -> float:
    """Perplexity of one sequence from the model's probability of each of its tokens.

    ``PP = b ** (-(1/n) sum_i log_b p_i)`` = ``exp(mean NLL in nats)`` =
    ``prod_i p_i ** (-1/n)``, the same for every base ``b`` (used consistently).
    With ``from_log=True`` the input holds log-probabilities in base ``base``
    (e.g. ``log2 p`` with ``base=2``).

    Range [1, inf]: 1 iff every token has probability 1; ``V`` for a uniform
    model over V outcomes. Undefined case (log of 0), documented result: ``+inf`` if some token has
    probability 0 (log-probability ``-inf``). Refused: empty sequence,
    probabilities outside [0, 1] (log-probabilities > 0), NaN, 2-D input,
    ``base`` <= 1.
    Source: seed 000/002 section "Perplexity", seed 003 ("PP"), seed 004 ("Perplexity").
    """
    log_b = _log_base(base)
    nll = _token_nll(token_probs, "token_probs", from_log=from_log, log_b=log_b)
    mean_nll = float(nll.mean())
    return max(1.0, _power(log_b, mean_nll))


def corpus_perplexity(sequences, *, average="tokens", base=math.e, from_log=False) -> float:
    """Perplexity of a corpus of sequences (each a 1-D array of token probabilities).

    Two conventions (both in the literature, both in the seeds):

    ``average="tokens"`` (pooled)
        ``exp(sum over all tokens of NLL / total number of tokens)``: every
        token weighs the same; this is the perplexity of the concatenated corpus.
    ``average="sequences"``
        the geometric mean of the per-sequence perplexities,
        ``exp((1/m) sum_x log PP(x))`` for m sequences (seeds 000/002/003
        "mean-perplexity"); every sequence weighs the same.

    The two agree when all sequences have equal length. Range [1, inf].
    Undefined case (log of 0): ``+inf`` if any token has probability 0. ``base``/``from_log`` as in
    :func:`perplexity`. Refused: no sequences, an empty sequence, bad
    probabilities (MetricInputError naming ``sequences``), unknown ``average``.
    Source: seed 000/002 "mean-perplexity", seed 003 "mean-PP".
    """
    check_choice(average, "average", ("tokens", "sequences"))
    log_b = _log_base(base)
    arrays = _sequence_nlls(sequences, from_log=from_log, log_b=log_b)
    lengths = np.fromiter((a.shape[0] for a in arrays), dtype=np.int64, count=len(arrays))
    nll = np.concatenate(arrays)
    if average == "tokens":
        mean_nll = float(nll.mean())
    else:
        starts = np.concatenate(([0], np.cumsum(lengths[:-1])))
        per_sequence = np.add.reduceat(nll, starts) / lengths
        mean_nll = float(per_sequence.mean())
    return max(1.0, _power(log_b, mean_nll))


# ---------------------------------------------------------------- calibration

BIN_STRATEGIES = ("uniform", "quantile")
CALIBRATION_NORMS = ("l1", "l2", "max")
CALIBRATION_MODES = ("top_label", "classwise")


def _bin_ids(confidence: np.ndarray, n_bins: int, strategy: str) -> np.ndarray:
    """Each confidence's bin, edges belonging to the bin below (see the module doc)."""
    if strategy == "uniform":
        edges = np.linspace(0.0, 1.0, n_bins + 1)
        # the bin by arithmetic, then moved by at most one to where the search below would put it (c * n_bins is
        # within an ulp of the edge index, and each edge within an ulp of i / n_bins): exact, about twice as fast
        ids = np.ceil(confidence * n_bins).astype(np.intp)
        ids -= 1
        np.clip(ids, 0, n_bins - 1, out=ids)
        ids -= (confidence <= edges[ids]) & (ids > 0)
        ids += confidence > edges[ids + 1]
        return ids
    # the percentiles at linspace(0, 1) * 100, scikit-learn's expression to the last bit: a quantile
    # edge often lands on a sample, and which bin that sample joins depends on the edge's rounding
    edges = np.percentile(confidence, np.linspace(0.0, 1.0, n_bins + 1) * 100)
    return np.searchsorted(edges[1:-1], confidence, side="left")


def bin_sums(confidence: np.ndarray, outcome: np.ndarray, n_bins: int, strategy: str):
    """(count, summed outcome, summed confidence) of every bin, in bin order, empty bins included."""
    ids = _bin_ids(confidence, n_bins, strategy)
    return (np.bincount(ids, minlength=n_bins), np.bincount(ids, weights=outcome, minlength=n_bins),
            np.bincount(ids, weights=confidence, minlength=n_bins))


def _binned(confidence: np.ndarray, outcome: np.ndarray, n_bins: int, strategy: str):
    """(count, mean outcome, mean confidence) of every non-empty bin, in bin order."""
    return _bin_means(*bin_sums(confidence, outcome, n_bins, strategy))


def _bin_means(count, hits, conf):
    kept = count > 0
    return count[kept], hits[kept] / count[kept], conf[kept] / count[kept]


def _calibration_error(confidence, outcome, n_bins, strategy, norm) -> float:
    return calibration_error_of_bins(*bin_sums(confidence, outcome, n_bins, strategy), norm)


def calibration_error_of_bins(count, hits, conf, norm) -> float:
    """The calibration error (``norm``) of per-bin counts, summed outcomes and summed confidences."""
    count, accuracy, conf = _bin_means(count, hits, conf)
    gap = np.abs(accuracy - conf)
    if norm == "max":
        return float(gap.max())
    share = count / count.sum()
    if norm == "l1":
        return float(share @ gap)
    return math.sqrt(float(share @ (gap * gap)))


def _calibration_inputs(y_true, y_proba):
    t = as_labels(y_true, "y_true")
    given_dtype = getattr(y_proba, "dtype", None)
    p = as_floats(y_proba, "y_proba", ndim=(1, 2))
    check_same_length("y_true", t, "y_proba", p)
    _probability_rows(p, given_dtype)
    return t, p


def expected_calibration_error(y_true, y_proba, *, n_bins=15, strategy="uniform", norm="l1", mode="top_label",
                               pos_label=None, labels=None):
    """Expected calibration error: the gap between confidence and accuracy, binned by confidence.

    Formula: samples are binned by a confidence c_s (module doc: ``strategy`` "uniform" or "quantile",
    ``n_bins``, edges in the bin below, empty bins dropped); per bin b with n_b samples, ``acc_b`` is
    the mean outcome and ``conf_b`` the mean confidence, ``gap_b = |acc_b - conf_b|``.
    ``norm="l1"`` (the ECE): ``sum_b (n_b / N) gap_b``; ``"l2"`` (RMS calibration error):
    ``sqrt(sum_b (n_b / N) gap_b^2)``; ``"max"`` (MCE): ``max_b gap_b``. So l1 <= l2 <= max.
    What is binned:
    1-D ``y_proba`` (binary): c = the probability of the positive class (``pos_label``, else 1 for
    labels in {0, 1} / {-1, 1}, else the greater of two classes), outcome = [y = positive]
    (the reliability curve's gaps: torchmetrics ``binary_calibration_error``);
    (N, K) ``y_proba``, columns in the sorted order of the classes (``labels``, or y_true's):
    ``mode="top_label"``: c = max_k P[s, k], outcome = [argmax_k P[s, k] = y_s], argmax ties to the
    lowest column (Guo et al. 2017; torchmetrics ``multiclass_calibration_error``);
    ``mode="classwise"``: the mean over the K columns of the 1-D error of (P[:, k], [y = class k])
    (Kull et al. 2019, classwise-ECE).
    Range: [0, 1], 0 best (0 for probabilities equal to the outcome frequency of their bin).
    Undefined cases: none (empty input refused; n_bins an integer >= 1).
    Source: Naeini et al. (2015); Guo et al. (2017); Kull et al. (2019); torchmetrics ``calibration_error``.
    """
    n_bins = check_int_at_least(n_bins, "n_bins", 1)
    check_choice(strategy, "strategy", BIN_STRATEGIES)
    check_choice(norm, "norm", CALIBRATION_NORMS)
    check_choice(mode, "mode", CALIBRATION_MODES)
    errors = [_calibration_error(confidence, outcome, n_bins, strategy, norm)
              for confidence, outcome in calibration_lines(y_true, y_proba, mode, pos_label, labels)]
    return errors[0] if len(errors) == 1 else float(np.mean(errors))


def calibration_lines(y_true, y_proba, mode: str, pos_label, labels) -> list:
    """The (confidence, outcome) arrays the calibration error bins: one for 1-D probabilities and for
    ``mode="top_label"``, one per class (a loop over the K classes, not the samples) for "classwise"."""
    t, p = _calibration_inputs(y_true, y_proba)
    if p.ndim == 1:
        positive = binary_positive(t, pos_label, labels)
        return [(p, (t == positive).astype(np.float64))]
    classes, codes = _log_loss_codes(t, labels)
    k = classes.shape[0]
    if p.shape[1] != k or k < 2:
        raise MetricInputError("y_proba", f"has {p.shape[1]} columns but there are {k} classes "
                                          f"{classes.tolist()!r}; pass labels= (at least two classes)")
    if mode == "top_label":
        top = p.argmax(axis=1)
        confidence = p.reshape(-1).take(np.arange(0, p.size, k) + top)  # a flat take: 3x a fancy index's speed
        return [(confidence, (top == codes).astype(np.float64))]
    return [(p[:, j], (codes == j).astype(np.float64)) for j in range(k)]


def calibration_curve(y_true, y_proba, *, pos_label=None, n_bins=5, strategy="uniform", return_counts=False):
    """Reliability curve of binary probabilities: observed frequency against mean predicted probability.

    Formula: samples are binned by their probability of the positive class (module doc: ``strategy``
    "uniform" or "quantile", ``n_bins``, edges in the bin below); for every non-empty bin b, in
    increasing order, ``prob_true[b]`` = the fraction of positive samples in it and ``prob_pred[b]`` =
    its mean probability; ``return_counts=True`` adds ``counts[b]``, the samples in it (they sum to N).
    Bins with no sample are dropped, so the arrays have at most n_bins entries and ``prob_pred`` is
    strictly increasing. Positive class: ``pos_label``, else 1 for labels in {0, 1} / {-1, 1}, else the
    greater of two classes.
    Range: entries in [0, 1]. Undefined cases: none (empty input refused; n_bins an integer >= 1).
    Returns ``(prob_true, prob_pred)`` or ``(prob_true, prob_pred, counts)``.
    Source: DeGroot & Fienberg (1983); Niculescu-Mizil & Caruana (2005); scikit-learn
    ``sklearn.calibration.calibration_curve``.
    """
    n_bins = check_int_at_least(n_bins, "n_bins", 1)
    check_choice(strategy, "strategy", BIN_STRATEGIES)
    if not isinstance(return_counts, (bool, np.bool_)):
        raise MetricInputError("return_counts", f"expected True or False, got {return_counts!r}")
    t, p = _calibration_inputs(y_true, y_proba)
    if p.ndim != 1:
        raise MetricInputError("y_proba", f"expected the 1-D probabilities of the positive class, got shape {p.shape}")
    positive = binary_positive(t, pos_label)
    count, prob_true, prob_pred = _binned(p, (t == positive).astype(np.float64), n_bins, strategy)
    return (prob_true, prob_pred, count) if return_counts else (prob_true, prob_pred)
