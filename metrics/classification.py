"""Classification metrics: the confusion matrix and everything computed from it.

Every label metric here reduces the data to one confusion matrix ``C`` (rows =
true class, columns = predicted class, over the sorted union of the labels that
occur in ``y_true`` and ``y_pred``), built with a single ``np.bincount``. For
class ``c`` in one-vs-rest form::

    TP = C[c, c]    FN = row sum - TP    FP = column sum - TP    TN = N - TP - FN - FP

Averaging (``average=``) follows scikit-learn:

``None``        one value per class, in label order (sorted, or the order of ``labels``)
``"binary"``    the value for ``pos_label``; at most two distinct labels allowed
``"micro"``     pool TP, FP, FN, TN over the classes, then take the one ratio
``"macro"``     unweighted mean of the per-class values
``"weighted"``  mean weighted by each class's true count (support); if every selected
                class has zero support the unweighted mean is taken (scikit-learn's rule)

A ratio whose denominator is 0 is *undefined*; it takes the value
``zero_division`` (0.0, 1.0 or nan). With nan, the averages skip undefined
classes (nan only if all are undefined), again as scikit-learn does.

Labels may be integers, booleans, integral floats or strings (not a mix of
strings and numbers). Samples whose labels are not in ``labels`` still count as
false positives / false negatives of the selected classes (scikit-learn's rule).

The two label arguments may differ in dtype when they hold numbers: labels are
compared by value, so ``[1, 0]`` against ``[1.0, 0.0]`` (int against float) and
``[True, False]`` against ``[1, 0]`` (bool against int: True is 1) are the same
labels and score as they do in one dtype. Strings against numbers (``[0, 1]``
against ``["0", "1"]``) are refused, naming the second argument: a class named
``"1"`` is not the class ``1``. NaN and infinite labels are refused.
"""

from __future__ import annotations

import functools
import math
import numbers

import numpy as np

from ._validation import as_floats, as_labels, check_int_at_least, check_same_length, check_sample_weight
from .errors import MetricInputError

__all__ = [
    "confusion_matrix",
    "accuracy",
    "precision",
    "recall",
    "fbeta",
    "f1",
    "specificity",
    "false_positive_rate",
    "false_negative_rate",
    "negative_predictive_value",
    "balanced_accuracy",
    "matthews_corrcoef",
    "cohen_kappa",
    "log_loss",
    "zero_one_loss",
    "hamming_loss",
    "jaccard_score",
    "informedness",
    "markedness",
    "geometric_mean_score",
    "index_balanced_accuracy",
    "g_measure",
    "diagnostic_odds_ratio",
    "prevalence_threshold",
    "macro_averaged_mean_absolute_error",
    "top_k_accuracy",
    "hinge_loss",
    "class_likelihood_ratios",
    "brier_score_loss",
    "d2_brier_score",
    "d2_log_loss_score",
]

AVERAGES = (None, "binary", "micro", "macro", "weighted")
KAPPA_WEIGHTS = (None, "linear", "quadratic")
NORMALIZE = (None, "true", "pred", "all")

#: integer labels below this bound are counted directly by value (no sort)
_DIRECT_LABEL_LIMIT = 1 << 12
# Tiny inputs (the suite calls every metric thousands of times on them) take Python paths:
# a NumPy call costs about a microsecond whatever its size. Below 8 terms NumPy's sums run
# left to right like Python's ``sum``, so the two paths give bit-identical results.
_SMALL_N = 64
_SMALL_K = 8
_NUMERIC_KINDS = "biuf"
_UNSIGNED = {np.dtype(f"{kind}{size}"): np.dtype(f"u{size}") for kind in "iu" for size in (1, 2, 4, 8)}
_UNSIGNED[np.dtype(bool)] = np.dtype(np.uint8)
_TEXT_KINDS = "US"


# --------------------------------------------------------------------------
# input checks (cheap on purpose: the suite calls these thousands of times)


def _kind_family(arr: np.ndarray) -> str:
    return "text" if arr.dtype.kind in _TEXT_KINDS else "number"


def _label_pair(y_true, y_pred, names=("y_true", "y_pred")):
    t = as_labels(y_true, names[0])
    p = as_labels(y_pred, names[1])
    check_same_length(names[0], t, names[1], p)
    if _kind_family(t) != _kind_family(p):
        raise MetricInputError(
            names[1], f"holds {_kind_family(p)}s but {names[0]} holds {_kind_family(t)}s; labels must be of one kind"
        )
    return t, p


def _check_choice(value, name: str, choices) -> None:
    # ``value in choices`` would compare arrays elementwise; only hashable scalars qualify
    if not isinstance(value, (str, type(None))) or value not in choices:
        options = ", ".join(repr(c) for c in choices)
        raise MetricInputError(name, f"got {value!r}; expected one of {options}")


def _check_zero_division(value) -> float:
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        v = float(value)
        if v == 0.0 or v == 1.0 or math.isnan(v):
            return v
    raise MetricInputError("zero_division", f"got {value!r}; expected 0.0, 1.0 or nan")


def _check_labels(labels, data: np.ndarray) -> np.ndarray:
    lab = as_labels(labels, "labels")
    if _kind_family(lab) != _kind_family(data):
        raise MetricInputError("labels", f"holds {_kind_family(lab)}s but the data holds {_kind_family(data)}s")
    if np.unique(lab).size != lab.size:
        raise MetricInputError("labels", f"contains duplicates: {lab.tolist()!r}")
    return lab


def _scalar_kind_matches(value, data: np.ndarray) -> bool:
    if _kind_family(data) == "text":
        return isinstance(value, (str, np.str_))
    return isinstance(value, (numbers.Number, np.bool_)) and not isinstance(value, str)


# --------------------------------------------------------------------------
# the one confusion matrix everything is computed from


def _direct_max(a: np.ndarray) -> int | None:
    """Largest label of an integer array, or None if it has negative or huge labels.

    Reading signed integers as unsigned turns a negative label into a huge one,
    so one ``max`` checks both ends of the range.
    """
    unsigned = _UNSIGNED.get(a.dtype)
    if unsigned is None:
        return None
    hi = int(np.maximum.reduce(a.view(unsigned)))
    return hi if hi < _DIRECT_LABEL_LIMIT else None


def _counts(t: np.ndarray, p: np.ndarray, weights: np.ndarray | None):
    """(classes, C): sorted union of the labels present, and the k x k confusion matrix.

    C is int64 counts without weights, float64 sums of weights with them. A label
    counts as present if it occurs in the data, whatever its weight.
    """
    present = None  # the labels that occur, as a set, on the tiny-input path
    if t.shape[0] <= _SMALL_N and t.dtype in _UNSIGNED and p.dtype in _UNSIGNED:
        present = set(t.tolist())
        present.update(p.tolist())
        lo, hi = min(present), max(present)  # input checks have refused empty arrays
        r = hi + 1 if lo >= 0 and hi < _DIRECT_LABEL_LIMIT else None
    else:
        hi_t = _direct_max(t)
        hi_p = _direct_max(p) if hi_t is not None else None
        r = max(hi_t, hi_p) + 1 if hi_p is not None else None
    if r is not None:
        ti = t.astype(np.intp, copy=False)
        pi = p.astype(np.intp, copy=False)
        C = np.bincount(ti * r + pi, weights=weights, minlength=r * r).reshape(r, r)
        if present is not None:
            classes = np.arange(r) if len(present) == r else np.array(sorted(present), dtype=np.intp)
        else:
            # np.add.reduce, not ndarray.sum: the method's Python wrapper costs more than
            # the work on a 5 x 5 matrix, and these run thousands of times per audit.
            if weights is None:
                occurrences = np.add.reduce(C, axis=0) + np.add.reduce(C, axis=1)
            else:
                occurrences = np.bincount(ti, minlength=r) + np.bincount(pi, minlength=r)
            classes = np.arange(r) if occurrences.all() else np.flatnonzero(occurrences)
        if classes.shape[0] != r:
            C = C[np.ix_(classes, classes)]
        dtype = np.result_type(t.dtype, p.dtype)
        return classes.astype(dtype, copy=False), C
    n = t.shape[0]
    classes, inverse = np.unique(np.concatenate([t, p]), return_inverse=True)
    k = classes.shape[0]
    C = np.bincount(inverse[:n] * k + inverse[n:], weights=weights, minlength=k * k).reshape(k, k)
    return classes, C


def _classes_and_codes(t: np.ndarray):
    """Sorted distinct labels of t and each sample's position among them (no sort for small ints)."""
    hi = _direct_max(t)
    if hi is None:
        return np.unique(t, return_inverse=True)
    if hi == 1 and t.min() == 0:  # both binary classes present: two reductions, no bincount
        return np.arange(2).astype(t.dtype), t
    present = np.bincount(t.astype(np.intp, copy=False), minlength=hi + 1) > 0
    if present.all():
        return np.arange(hi + 1).astype(t.dtype), t
    position = np.cumsum(present) - 1
    return np.flatnonzero(present).astype(t.dtype), position[t.astype(np.intp, copy=False)]


def _with_labels(classes: np.ndarray, C: np.ndarray, labels: np.ndarray):
    """Extend (classes, C) by labels absent from the data; return also the labels' positions."""
    missing = np.setdiff1d(labels, classes)
    if missing.size:
        merged = np.union1d(classes, missing)
        where = np.searchsorted(merged, classes)
        bigger = np.zeros((merged.size, merged.size), dtype=C.dtype)
        bigger[np.ix_(where, where)] = C
        classes, C = merged, bigger
    return classes, C, np.searchsorted(classes, labels)


def _prepare(y_true, y_pred, sample_weight, names=("y_true", "y_pred")):
    t, p = _label_pair(y_true, y_pred, names)
    w = check_sample_weight(sample_weight, t.shape[0])
    classes, C = _counts(t, p, w)
    return t, classes, C


# --------------------------------------------------------------------------
# one-vs-rest rates and their averages


def _one_vs_rest(C: np.ndarray, idx) -> tuple[np.ndarray, ...]:
    weighted = C.dtype.kind == "f"
    C = C.astype(np.float64, copy=False)
    tp = C.diagonal()
    if C.shape[0] < _SMALL_K:
        rows = C.tolist()
        row_sums = [sum(row) for row in rows]
        total = sum(row_sums)
        true_sum = np.array(row_sums)
        pred_sum = np.array([sum(column) for column in zip(*rows)])
    else:
        true_sum = np.add.reduce(C, axis=1)
        pred_sum = np.add.reduce(C, axis=0)
        total = np.add.reduce(true_sum)
    if idx is not None:
        tp, true_sum, pred_sum = tp[idx], true_sum[idx], pred_sum[idx]
    fn = true_sum - tp
    fp = pred_sum - tp
    tn = total - true_sum - pred_sum + tp
    if weighted:
        # with float weights this difference of sums leaves rounding residue where TN is really 0;
        # snap it, or 0/0 cases would turn into "defined" ratios like 1e-16 / 1e-16 = 1.0
        tn = np.where(tn <= 1e-12 * total, 0.0, tn)
    return tp, fp, fn, tn


def _divide(num, den, zero_division: float):
    num = np.asarray(num, dtype=np.float64)
    den = np.asarray(den, dtype=np.float64)
    if num.ndim == 1 and num.shape[0] < _SMALL_K and den.shape == num.shape:
        return np.array([a / b if b else zero_division for a, b in zip(num.tolist(), den.tolist())])
    if den.all():
        return num / den
    undefined = den == 0
    return np.where(undefined, zero_division, num / np.where(undefined, 1.0, den))


def _average(values: np.ndarray, support: np.ndarray, average, zero_division: float):
    if zero_division == zero_division:  # no nan among the per-class values
        if values.shape[0] < _SMALL_K:
            per_class, weights = values.tolist(), support.tolist()
            if average == "macro" or not any(weights):
                return sum(per_class) / len(per_class)
            return sum([v * w for v, w in zip(per_class, weights)]) / sum(weights)
        if average == "macro" or not support.any():
            return float(np.add.reduce(values) / values.shape[0])
        # not np.dot: BLAS kernels accumulate in CPU-dependent order, and below _SMALL_K terms
        # add.reduce sums left to right exactly like the Python path above
        return float(np.add.reduce(values * support) / np.add.reduce(support))
    defined = ~np.isnan(values)
    if not defined.any():
        return math.nan
    values = values[defined]
    if average == "weighted":
        weights = support[defined]
        if weights.sum() > 0:
            return float(np.dot(values, weights) / weights.sum())
    return float(values.mean())


def _selected_counts(y_true, y_pred, *, labels, pos_label, average, sample_weight):
    """(tp, fp, fn, tn) per selected class: ``pos_label`` alone for "binary", ``labels`` if given, else every
    class present; ``average`` must be one of :data:`AVERAGES` (checked by the caller)."""
    t, classes, C = _prepare(y_true, y_pred, sample_weight)
    if average == "binary":
        if classes.shape[0] > 2:
            raise MetricInputError(
                "average",
                f"'binary' needs at most two distinct labels, got {classes.shape[0]}: "
                f"{classes.tolist()!r}; use 'micro', 'macro', 'weighted' or None",
            )
        if not _scalar_kind_matches(pos_label, classes) or (
            classes.shape[0] == 2 and pos_label not in classes.tolist()
        ):
            raise MetricInputError("pos_label", f"{pos_label!r} is not one of the labels {classes.tolist()!r}")
        selected = np.asarray([pos_label])
        classes, C, idx = _with_labels(classes, C, selected)
    elif labels is not None:
        classes, C, idx = _with_labels(classes, C, _check_labels(labels, t))
    else:
        idx = None
    return _one_vs_rest(C, idx)


def _rate(y_true, y_pred, parts, *, labels, pos_label, average, sample_weight, zero_division):
    """A one-vs-rest ratio ``num / den`` where ``parts(tp, fp, fn, tn) -> (num, den)``."""
    _check_choice(average, "average", AVERAGES)
    zero_division = _check_zero_division(zero_division)
    tp, fp, fn, tn = _selected_counts(y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                                      sample_weight=sample_weight)
    num, den = parts(tp, fp, fn, tn)
    if average == "micro":
        return float(_divide(num.sum(), den.sum(), zero_division))
    per_class = _divide(num, den, zero_division)
    if average is None:
        return per_class
    if average == "binary":
        return float(per_class[0])
    return _average(per_class, tp + fn, average, zero_division)


def _two_rates(num_a, den_a, num_b, den_b):
    """(a, b, defined): the ratios num_a / den_a and num_b / den_b per class (1.0 where undefined, a
    placeholder) and the mask of the classes where both denominators are positive."""
    defined = (den_a > 0) & (den_b > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        a = np.where(den_a > 0, num_a / np.where(den_a > 0, den_a, 1.0), 1.0)
        b = np.where(den_b > 0, num_b / np.where(den_b > 0, den_b, 1.0), 1.0)
    return a, b, defined


def _score(y_true, y_pred, score, *, labels, pos_label, average, sample_weight, zero_division):
    """A one-vs-rest score ``score(tp, fp, fn, tn) -> (values, defined)`` of the counts per class, averaged
    as :func:`_rate` averages a ratio; undefined entries take ``zero_division``. ``average="micro"``
    scores the pooled counts."""
    _check_choice(average, "average", AVERAGES)
    zero_division = _check_zero_division(zero_division)
    tp, fp, fn, tn = _selected_counts(y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                                      sample_weight=sample_weight)
    if average == "micro":
        tp, fp, fn, tn = (np.add.reduce(x, keepdims=True) for x in (tp, fp, fn, tn))
    values, defined = score(tp, fp, fn, tn)
    per_class = np.where(defined, values, zero_division)
    if average is None:
        return per_class
    if average in ("binary", "micro"):
        return float(per_class[0])
    return _average(per_class, tp + fn, average, zero_division)


def _geometric_mean_parts(tp, fp, fn, tn):
    tpr, tnr, defined = _two_rates(tp, tp + fn, tn, tn + fp)
    return np.sqrt(tpr * tnr), defined


def _g_measure_parts(tp, fp, fn, tn):
    ppv, tpr, defined = _two_rates(tp, tp + fp, tp, tp + fn)
    return np.sqrt(ppv * tpr), defined


def _odds_ratio_parts(tp, fp, fn, tn):
    den = fp * fn
    defined = den > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        return (tp * tn) / np.where(defined, den, 1.0), defined


def _prevalence_threshold_parts(tp, fp, fn, tn):
    tpr, fpr, defined = _two_rates(tp, tp + fn, fp, fp + tn)
    defined &= tpr != fpr  # Balayla's (sqrt(TPR FPR) - FPR) / (TPR - FPR) is 0/0 at J = 0
    # the same value without the cancellation: sqrt(FPR) (sqrt(TPR) - sqrt(FPR)) / (TPR - FPR)
    root_tpr, root_fpr = np.sqrt(tpr), np.sqrt(fpr)
    with np.errstate(divide="ignore", invalid="ignore"):
        return root_fpr / (root_tpr + root_fpr), defined


def _check_alpha(alpha) -> float:
    if isinstance(alpha, (bool, np.bool_)) or not isinstance(alpha, numbers.Real):
        raise MetricInputError("alpha", f"expected a number in [0, 1], got {alpha!r}")
    alpha = float(alpha)
    if not 0.0 <= alpha <= 1.0:
        raise MetricInputError("alpha", f"must lie in [0, 1], got {alpha!r}")
    return alpha


def _informedness_parts(tp, fp, fn, tn):
    tpr, tnr, defined = _two_rates(tp, tp + fn, tn, tn + fp)
    return tpr + tnr - 1.0, defined


def _markedness_parts(tp, fp, fn, tn):
    ppv, npv, defined = _two_rates(tp, tp + fp, tn, tn + fn)
    return ppv + npv - 1.0, defined


# --------------------------------------------------------------------------
# the catalog


def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    """Confusion matrix ``C[i, j]`` = number (or total weight) of samples of true class i predicted as j.

    Formula: ``C[i, j] = sum_s w_s [y_true_s = l_i][y_pred_s = l_j]`` over the labels ``l``:
    the sorted union of the labels in ``y_true`` and ``y_pred``, or ``labels`` in the
    given order (samples with a label outside ``labels`` are left out).
    ``normalize``: None (counts), "true" (rows sum to 1), "pred" (columns sum to 1),
    "all" (the matrix sums to 1).

    Range: entries in [0, N] (counts) or [0, 1] (normalized); integer dtype for
    unweighted counts, float otherwise. Row sums are the true class counts.

    Undefined cases: a normalized row/column with no samples is all 0.0
    (scikit-learn's convention). ``labels`` none of which occurs in ``y_true`` is refused.

    Source: Stehman (1997); scikit-learn ``confusion_matrix``; seeds 000, 001, 002.
    """
    _check_choice(normalize, "normalize", NORMALIZE)
    t, classes, C = _prepare(y_true, y_pred, sample_weight)
    if labels is not None:
        lab = _check_labels(labels, t)
        if np.intersect1d(lab, t).size == 0:
            raise MetricInputError("labels", "none of the labels occurs in y_true")
        classes, C, idx = _with_labels(classes, C, lab)
        C = C[np.ix_(idx, idx)]
    if normalize is None:
        return C
    C = C.astype(np.float64)
    if normalize == "true":
        den = C.sum(axis=1, keepdims=True)
    elif normalize == "pred":
        den = C.sum(axis=0, keepdims=True)
    else:
        den = C.sum()
    with np.errstate(divide="ignore", invalid="ignore"):
        out = C / den
    return np.nan_to_num(out, nan=0.0)


def accuracy(y_true, y_pred, *, sample_weight=None):
    """Fraction of samples whose predicted label equals the true label.

    Formula: ``sum_s w_s [y_true_s = y_pred_s] / sum_s w_s`` (w = 1 without weights);
    for two classes (TP + TN) / (TP + TN + FP + FN).
    Range: [0, 1], 1 best. Undefined cases: none (empty input and all-zero weights are refused).
    Source: seed 000 ("accuracy"), seed 004; scikit-learn ``accuracy_score``.
    """
    t, p = _label_pair(y_true, y_pred)
    w = check_sample_weight(sample_weight, t.shape[0])
    hits = t == p
    if w is None:
        return np.count_nonzero(hits) / hits.shape[0]
    return float(np.dot(hits, w) / w.sum())


_RATE_ARGS = """
    Arguments: ``labels`` (classes to report/average, default the sorted union of
    the labels present), ``pos_label`` (the positive class for ``average="binary"``),
    ``average`` (None, "binary", "micro", "macro", "weighted"; see the module doc),
    ``sample_weight``, ``zero_division`` (value of an undefined ratio: 0.0, 1.0 or nan).
    Returns a float, or an array per class for ``average=None``.
    ``average="binary"`` refuses more than two distinct labels, and a ``pos_label``
    that is not one of two present labels (with one present label, ``pos_label``
    may be the absent class: its counts are all zero).
"""


def precision(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0
):
    """Precision (positive predictive value): of the samples predicted as class c, the fraction truly c.

    Formula: ``TP / (TP + FP)`` per class. Range: [0, 1], 1 best.
    Undefined cases: no sample predicted as c (TP + FP = 0) -> ``zero_division``.
    Source: Kent et al. (1955); seed 000/002 (``precision``), seed 004; scikit-learn ``precision_score``.
    """
    return _rate(y_true, y_pred, lambda tp, fp, fn, tn: (tp, tp + fp), labels=labels, pos_label=pos_label,
                 average=average, sample_weight=sample_weight, zero_division=zero_division)


def recall(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0
):
    """Recall (sensitivity, true positive rate): of the samples truly class c, the fraction predicted c.

    Formula: ``TP / (TP + FN)`` per class. Range: [0, 1], 1 best.
    Undefined cases: class c absent from y_true (TP + FN = 0) -> ``zero_division``.
    Source: seed 000/002 (``recall``), seed 004 ("Sensitivity = Recall"); scikit-learn ``recall_score``.
    """
    return _rate(y_true, y_pred, lambda tp, fp, fn, tn: (tp, tp + fn), labels=labels, pos_label=pos_label,
                 average=average, sample_weight=sample_weight, zero_division=zero_division)


def fbeta(
    y_true,
    y_pred,
    *,
    beta,
    labels=None,
    pos_label=1,
    average="binary",
    sample_weight=None,
    zero_division=0.0,
):
    """F-beta score: weighted harmonic mean of precision and recall (recall beta times as important).

    Formula: ``(1 + b^2) P R / (b^2 P + R) = (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP)``
    per class (the count form, which stays defined when only P or only R is 0/0).
    ``beta`` must be a finite number > 0. Range: [0, 1], 1 best; between P and R per class.
    Undefined cases: class c neither true nor predicted anywhere (TP + FN + FP = 0) -> ``zero_division``.
    Source: van Rijsbergen (1979); seed 000/002 (``f_score``), seed 004; scikit-learn ``fbeta_score``.
    """
    beta = _check_beta(beta)
    b2 = beta * beta
    return _rate(y_true, y_pred, lambda tp, fp, fn, tn: ((1 + b2) * tp, (1 + b2) * tp + b2 * fn + fp),
                 labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight,
                 zero_division=zero_division)


def _check_beta(beta) -> float:
    if isinstance(beta, bool) or not isinstance(beta, numbers.Real):
        raise MetricInputError("beta", f"expected a positive number, got {beta!r}")
    beta = float(beta)
    if not (0 < beta < math.inf):
        raise MetricInputError("beta", f"must be a finite number > 0, got {beta!r}")
    return beta


def f1(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0):
    """F1 score: the harmonic mean of precision and recall (F-beta with beta = 1), the Dice coefficient.

    Formula: ``2 P R / (P + R) = 2 TP / (2 TP + FP + FN)`` per class. Range: [0, 1], 1 best.
    Undefined cases: TP + FP + FN = 0 for the class -> ``zero_division``.
    Source: seed 000/002 (``f1_score``), seed 001, seed 004; scikit-learn ``f1_score``.
    """
    return _rate(y_true, y_pred, lambda tp, fp, fn, tn: (2 * tp, 2 * tp + fp + fn), labels=labels,
                 pos_label=pos_label, average=average, sample_weight=sample_weight, zero_division=zero_division)


def specificity(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0
):
    """Specificity (true negative rate, selectivity): of the samples not of class c, the fraction not predicted c.

    Formula: ``TN / (TN + FP)`` per class. Range: [0, 1], 1 best.
    Undefined cases: every sample is of class c (TN + FP = 0) -> ``zero_division``.
    Source: Yerushalmy (1947); seed 004 ("Specificity = TN / (TN + FP)"), seed 001 (TNR);
    scikit-learn has no function: ``recall_score`` with ``pos_label`` the negative class (binary).
    """
    return _rate(y_true, y_pred, lambda tp, fp, fn, tn: (tn, tn + fp), labels=labels, pos_label=pos_label,
                 average=average, sample_weight=sample_weight, zero_division=zero_division)


def false_positive_rate(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0
):
    """False positive rate (fall-out): of the samples not of class c, the fraction predicted c.

    Formula: ``FP / (FP + TN)`` per class (= 1 - specificity where defined). Range: [0, 1], 0 best.
    Undefined cases: every sample is of class c (FP + TN = 0) -> ``zero_division``.
    Source: seed 004 ("False Positive Rate = FP / (FP + TN)"), seed 000 (``fpr``), seed 001 (FPR).
    """
    return _rate(y_true, y_pred, lambda tp, fp, fn, tn: (fp, fp + tn), labels=labels, pos_label=pos_label,
                 average=average, sample_weight=sample_weight, zero_division=zero_division)


def false_negative_rate(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0
):
    """False negative rate (miss rate): of the samples of class c, the fraction not predicted c.

    Formula: ``FN / (FN + TP)`` per class (= 1 - recall where defined). Range: [0, 1], 0 best.
    Undefined cases: class c absent from y_true (FN + TP = 0) -> ``zero_division``.
    Source: seed 001 (FNR), seed 004 ("TPR = 1 - FNR").
    """
    return _rate(y_true, y_pred, lambda tp, fp, fn, tn: (fn, fn + tp), labels=labels, pos_label=pos_label,
                 average=average, sample_weight=sample_weight, zero_division=zero_division)


def negative_predictive_value(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0
):
    """Negative predictive value: of the samples not predicted as class c, the fraction truly not c.

    Formula: ``TN / (TN + FN)`` per class. Range: [0, 1], 1 best.
    Undefined cases: every sample is predicted as c (TN + FN = 0) -> ``zero_division``.
    Source: Altman & Bland (1994); seed 004 ("Precision, Recall/Sensitivity, Specificity, and NPV").
    """
    return _rate(y_true, y_pred, lambda tp, fp, fn, tn: (tn, tn + fn), labels=labels, pos_label=pos_label,
                 average=average, sample_weight=sample_weight, zero_division=zero_division)


def jaccard_score(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0
):
    """Jaccard index (intersection over union) of the sets of samples truly and predicted class c.

    Formula: ``TP / (TP + FP + FN)`` per class; ``J = F1 / (2 - F1)`` per class (and F1 = 2J / (1 + J)).
    ``average="micro"`` pools the counts: sum TP / sum (TP + FP + FN). Single-label (binary or multiclass)
    data only; multilabel indicator matrices are refused (1-D labels).
    Range: [0, 1], 1 best. Undefined cases: class c neither true nor predicted (TP + FP + FN = 0) ->
    ``zero_division``.
    Source: Jaccard (1912); scikit-learn ``jaccard_score``; torchmetrics ``jaccard_index``.
    """
    return _rate(y_true, y_pred, lambda tp, fp, fn, tn: (tp, tp + fp + fn), labels=labels, pos_label=pos_label,
                 average=average, sample_weight=sample_weight, zero_division=zero_division)


def informedness(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0
):
    """Informedness (Youden's J statistic, bookmaker informedness): sensitivity + specificity - 1 per class.

    Formula: ``J = TPR + TNR - 1 = TP / (TP + FN) + TN / (TN + FP) - 1`` per class (one vs rest);
    equivalently ``TPR - FPR``. ``average="micro"`` scores the pooled one-vs-rest counts
    (sum TP, sum FP, sum FN, sum TN). For two classes with both in y_true,
    ``J = 2 * balanced_accuracy - 1``, and ``J * markedness = MCC^2`` (MCC has the sign of J).
    Range: [-1, 1]; 1 perfect, 0 chance (the same prediction rate in both classes), -1 inverted.
    Undefined cases: class c absent from y_true (TP + FN = 0) or every sample of class c
    (TN + FP = 0): one of the two rates is 0/0 -> ``zero_division``.
    Source: Youden (1950), "Index for rating diagnostic tests", Cancer 3(1):32-35; Powers (2011),
    "Evaluation: from precision, recall and F-measure to ROC, informedness, markedness and correlation",
    J. Mach. Learn. Technol. 2(1):37-63 (bookmaker informedness).
    """
    return _score(y_true, y_pred, _informedness_parts, labels=labels, pos_label=pos_label, average=average,
                  sample_weight=sample_weight, zero_division=zero_division)


def markedness(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0
):
    """Markedness (Powers' deltaP): precision + negative predictive value - 1 per class.

    Formula: ``MK = PPV + NPV - 1 = TP / (TP + FP) + TN / (TN + FN) - 1`` per class (one vs rest): the
    informedness of y_true as a prediction of y_pred (swapping the arguments swaps the two).
    ``average="micro"`` scores the pooled one-vs-rest counts. Binary: ``informedness * MK = MCC^2``.
    Range: [-1, 1]; 1 perfect, 0 chance, -1 inverted.
    Undefined cases: no sample predicted as c (TP + FP = 0) or every sample predicted as c
    (TN + FN = 0): one of the two predictive values is 0/0 -> ``zero_division``.
    Source: Powers (2011), "Evaluation: from precision, recall and F-measure to ROC, informedness,
    markedness and correlation", J. Mach. Learn. Technol. 2(1):37-63.
    """
    return _score(y_true, y_pred, _markedness_parts, labels=labels, pos_label=pos_label, average=average,
                  sample_weight=sample_weight, zero_division=zero_division)


def g_measure(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0):
    """G-measure: the geometric mean of precision and recall per class (the Fowlkes-Mallows index of P and R).

    Formula: ``G = sqrt(PPV * TPR) = TP / sqrt((TP + FP) (TP + FN))`` per class (one vs rest);
    ``average="micro"`` scores the pooled counts. Between F1 (the harmonic mean of P and R) and the
    arithmetic mean (P + R) / 2.
    Range: [0, 1], 1 best. Undefined cases: no sample predicted as c (TP + FP = 0) or none truly c
    (TP + FN = 0) -> ``zero_division``.
    Source: Fowlkes & Mallows (1983), J. Am. Stat. Assoc. 78(383):553-569; PyCM's class statistic G.
    """
    return _score(y_true, y_pred, _g_measure_parts, labels=labels, pos_label=pos_label, average=average,
                  sample_weight=sample_weight, zero_division=zero_division)


def diagnostic_odds_ratio(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0
):
    """Diagnostic odds ratio: the odds of a positive prediction for the class over those for the rest.

    Formula: ``DOR = (TP * TN) / (FP * FN) = LR+ / LR- = (TPR / FPR) / (FNR / TNR)`` per class (one vs rest);
    ``average="micro"`` scores the pooled counts, "macro" / "weighted" average the per-class ratios.
    Range: [0, inf); 1 at chance, above 1 better than chance. Undefined cases: a zero cell off the diagonal
    (FP = 0 or FN = 0: the denominator FP * FN is 0, whatever TP * TN) -> ``zero_division``. (The Haldane
    correction, 0.5 added to every cell, is not applied.)
    Source: Glas, Lijmer, Prins, Bonsel & Bossuyt (2003), "The diagnostic odds ratio: a single indicator of
    test performance", J. Clin. Epidemiol. 56(11):1129-1135.
    """
    return _score(y_true, y_pred, _odds_ratio_parts, labels=labels, pos_label=pos_label, average=average,
                  sample_weight=sample_weight, zero_division=zero_division)


def prevalence_threshold(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0
):
    """Prevalence threshold: the prevalence below which the positive predictive value drops fastest (Balayla).

    Formula: ``PT = (sqrt(TPR * FPR) - FPR) / (TPR - FPR)`` per class (one vs rest), computed as the equal
    ``sqrt(FPR) / (sqrt(TPR) + sqrt(FPR))`` (no cancellation); ``average="micro"`` scores the pooled counts.
    Range: [0, 1], lower better (0 for FPR = 0 < TPR). Undefined cases: a rate 0/0 (TP + FN = 0 or
    FP + TN = 0), or TPR = FPR (informedness 0: Balayla's fraction is 0/0) -> ``zero_division``.
    Source: Balayla (2020), "Prevalence threshold (phi_e) and the geometry of screening curves", PLoS ONE
    15(10):e0240215.
    """
    return _score(y_true, y_pred, _prevalence_threshold_parts, labels=labels, pos_label=pos_label, average=average,
                  sample_weight=sample_weight, zero_division=zero_division)


GMEAN_AVERAGES = ("multiclass", *AVERAGES)


def geometric_mean_score(
    y_true, y_pred, *, labels=None, pos_label=1, average="multiclass", sample_weight=None, zero_division=0.0
):
    """G-mean, in its two definitions in use, chosen by ``average``.

    Formula: ``average="multiclass"`` (the default, imbalanced-learn's): the geometric mean of the recalls of
    the classes with positive (weighted) support in y_true (of ``labels`` if given),
    ``(prod_c TP_c / (TP_c + FN_c))^(1/K)``; for two classes ``sqrt(TPR * TNR)``. Every other ``average``
    scores each class one vs rest by ``sqrt(TPR_c * TNR_c)`` (Kubat & Matwin's binary G-mean): None per class,
    "binary" the class ``pos_label``, "macro" the mean of the per-class G-means, "weighted" their mean weighted
    by support, "micro" the G-mean of the pooled one-vs-rest counts.
    Range: [0, 1], 1 best; 0 as soon as one recall (or one rate) is 0. The multiclass G-mean is at most the
    balanced accuracy (the geometric mean of the recalls never exceeds their arithmetic mean).
    Undefined cases: "multiclass": none of the selected classes occurs in y_true -> ``zero_division``;
    one vs rest: class c absent from y_true (TP + FN = 0) or every sample of class c (TN + FP = 0) ->
    ``zero_division``. A class that occurs only in y_pred is left out of the multiclass product
    (imbalanced-learn counts its 0/0 recall as 0, which makes the G-mean 0).
    imbalanced-learn's ``average="macro"`` (and "weighted") is ``sqrt(mean TPR * mean TNR)``, the root of
    the product of the averaged rates (its open bug, scikit-learn-contrib/imbalanced-learn#1096), not the mean
    of the per-class G-means computed here.
    Source: Kubat & Matwin (1997), "Addressing the curse of imbalanced training sets: one-sided selection",
    ICML; Barandela, Sanchez, Garcia & Rangel (2003), Pattern Recognition 36(3):849-851 (the multiclass form);
    imbalanced-learn ``geometric_mean_score``.
    """
    if isinstance(average, str) and average == "multiclass":
        zero_division = _check_zero_division(zero_division)
        tp, fp, fn, tn = _selected_counts(y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                                          sample_weight=sample_weight)
        support = tp + fn
        seen = support > 0
        if not seen.any():
            return zero_division
        recalls = tp[seen] / support[seen]
        if recalls.shape[0] == 1:
            return float(recalls[0])
        with np.errstate(divide="ignore"):
            return float(np.exp(np.mean(np.log(recalls))))
    _check_choice(average, "average", GMEAN_AVERAGES)
    return _score(y_true, y_pred, _geometric_mean_parts, labels=labels, pos_label=pos_label, average=average,
                  sample_weight=sample_weight, zero_division=zero_division)


def index_balanced_accuracy(
    y_true, y_pred, *, alpha=0.1, squared=True, labels=None, pos_label=1, average="binary", sample_weight=None,
    zero_division=0.0,
):
    """Index of balanced accuracy IBA_alpha(G-mean) per class: the G-mean weighted by the dominance of the recall.

    Formula: ``IBA = (1 + alpha * Dom) * M`` with ``Dom = TPR - TNR`` and ``M = G-mean^2 = TPR * TNR``
    (``squared=True``, the form Garcia et al. evaluate) or ``M = sqrt(TPR * TNR)`` (``squared=False``), per
    class one vs rest; ``alpha`` in [0, 1] (imbalanced-learn's default 0.1; PyCM's IBA is alpha = 1).
    ``average`` as for :func:`precision`: "macro" is the mean of the per-class indices, "micro" the index of the
    pooled counts. (imbalanced-learn's ``make_index_balanced_accuracy`` averages first:
    ``(1 + alpha (mean TPR - mean TNR)) * M(averaged)``.)
    Range: [0, 1] with ``squared=True`` (1 only for TPR = TNR = 1); [0, 1 + alpha] unsquared.
    Undefined cases: class c absent from y_true (TP + FN = 0) or every sample of class c (TN + FP = 0) ->
    ``zero_division``.
    Source: Garcia, Mollineda & Sanchez (2009), "Index of balanced accuracy: a performance measure for skewed
    class distributions", IbPRIA, LNCS 5524:441-448; imbalanced-learn ``make_index_balanced_accuracy``.
    """
    alpha = _check_alpha(alpha)
    if not isinstance(squared, (bool, np.bool_)):
        raise MetricInputError("squared", f"expected True or False, got {squared!r}")

    def parts(tp, fp, fn, tn):
        tpr, tnr, defined = _two_rates(tp, tp + fn, tn, tn + fp)
        m = tpr * tnr if squared else np.sqrt(tpr * tnr)
        return (1.0 + alpha * (tpr - tnr)) * m, defined

    return _score(y_true, y_pred, parts, labels=labels, pos_label=pos_label, average=average,
                  sample_weight=sample_weight, zero_division=zero_division)


def macro_averaged_mean_absolute_error(y_true, y_pred, *, sample_weight=None):
    """Macro-averaged mean absolute error of ordinal classes: the MAE of each true class, averaged over the classes.

    Formula: with the classes ``c`` the distinct values of ``y_true`` of positive (weighted) support,
    ``MAE^M = (1 / K) sum_c [sum_{i: y_i = c} w_i |y_i - yhat_i| / sum_{i: y_i = c} w_i]``: every class weighs
    the same, whatever its size (the plain MAE weighs each sample the same, so the majority class dominates).
    Labels are numbers on the ordinal scale (integers, bools or any finite reals; each distinct value of
    ``y_true`` is a class); a prediction is scored by its distance to the true class.
    Range: [0, inf), 0 best (every prediction on its true class); at most max |y_true - y_pred|; equal to the
    plain MAE when every class of y_true has the same (weighted) support. Shifting both labelings by one constant
    leaves it unchanged; scaling them by s scales it by |s|.
    Undefined cases: a class that occurs only in ``y_pred`` (or only with zero weight in ``y_true``) has no
    sample to average over (0/0): it is left out of the mean, the classes are those of y_true.
    imbalanced-learn's ``macro_averaged_mean_absolute_error`` iterates over the classes of y_true *and* y_pred
    and raises ValueError on such a class (its open issue scikit-learn-contrib/imbalanced-learn#1094). Empty
    input, NaN/inf or string labels, or mismatched lengths are refused.
    Source: Baccianella, Esuli & Sebastiani (2009), "Evaluation measures for ordinal regression", ISDA 2009
    (MAE^M); imbalanced-learn ``macro_averaged_mean_absolute_error`` (scikit-learn-contrib/imbalanced-learn#780).
    """
    t = as_floats(y_true, "y_true")
    p = as_floats(y_pred, "y_pred")
    check_same_length("y_true", t, "y_pred", p)
    w = check_sample_weight(sample_weight, t.shape[0])
    codes, n_classes = _ordinal_codes(t)
    errors = np.abs(t - p)
    if w is not None:
        errors *= w
    summed = np.bincount(codes, weights=errors, minlength=n_classes)
    support = np.bincount(codes, weights=w, minlength=n_classes)
    seen = support > 0
    return float(np.mean(summed[seen] / support[seen]))


#: the widest span of integer labels coded by offset (a bincount of that many bins) rather than by a sort
_DIRECT_SPAN = 1 << 20


def _ordinal_codes(t: np.ndarray) -> tuple[np.ndarray, int]:
    """(a class index per sample, the number of indices): integer labels within a span of 2^20 as their offset
    from the smallest (exact: the labels are integers; empty classes in between have no support), any others by
    np.unique's sort (a float offset of non-integers could round two labels together)."""
    low, high = t.min(), t.max()
    if high - low < _DIRECT_SPAN and np.array_equal(np.trunc(t), t):
        return (t - low).astype(np.int64), int(high - low) + 1
    classes, codes = np.unique(t, return_inverse=True)
    return codes, classes.shape[0]


for _fn in (precision, recall, fbeta, f1, specificity, false_positive_rate, false_negative_rate,
            negative_predictive_value, jaccard_score, informedness, markedness, index_balanced_accuracy, g_measure,
            diagnostic_odds_ratio, prevalence_threshold):
    _fn.__doc__ += _RATE_ARGS


def balanced_accuracy(y_true, y_pred, *, sample_weight=None):
    """Balanced accuracy: the mean recall over the classes that occur in y_true.

    Formula: ``(1/K) sum_c TP_c / (TP_c + FN_c)`` over the K classes with nonzero
    (weighted) support in y_true; for two classes (sensitivity + specificity) / 2.
    Range: [0, 1], 1 best. Undefined cases: none (classes only predicted are skipped,
    as in scikit-learn; empty input is refused).
    Source: Brodersen et al. (2010); scikit-learn ``balanced_accuracy_score`` (adjusted=False).
    """
    _, _, C = _prepare(y_true, y_pred, sample_weight)
    C = C.astype(np.float64, copy=False)
    support = C.sum(axis=1)
    seen = support > 0
    return float(np.mean(np.diagonal(C)[seen] / support[seen]))


def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    """Matthews correlation coefficient (phi coefficient; Gorodkin's R_K for K classes).

    Formula: with t_k, p_k the true/predicted counts of class k, c = trace(C), s = N:
    ``(c s - sum_k t_k p_k) / sqrt((s^2 - sum_k p_k^2) (s^2 - sum_k t_k^2))``;
    for two classes ``(TP TN - FP FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN))``, the
    Pearson correlation of the 0/1 indicator vectors.
    Range: [-1, 1], 1 perfect, 0 no better than chance.
    Undefined cases: y_true or y_pred constant (a zero factor under the root) -> 0.0,
    the convention of scikit-learn and of Chicco & Jurman (2020) (so a perfect prediction
    of a one-class sample scores 0.0, not 1.0).
    Source: Matthews (1975); Gorodkin (2004); seed 001; scikit-learn ``matthews_corrcoef``.
    """
    _, _, C = _prepare(y_true, y_pred, sample_weight)
    C = C.astype(np.float64, copy=False)
    t_sum = C.sum(axis=1)
    p_sum = C.sum(axis=0)
    s = t_sum.sum()
    cov_tp = np.trace(C) * s - np.dot(t_sum, p_sum)
    cov_pp = s * s - np.dot(p_sum, p_sum)
    cov_tt = s * s - np.dot(t_sum, t_sum)
    if cov_pp * cov_tt == 0:
        return 0.0
    return float(cov_tp / math.sqrt(cov_tt * cov_pp))


def cohen_kappa(y1, y2, *, labels=None, weights=None, sample_weight=None, replace_undefined_by=np.nan):
    """Cohen's kappa: agreement between two labelings, corrected for chance agreement.

    Formula: with O = C / N the observed and E = outer(row sums, column sums) / N^2 the
    chance agreement, and disagreement weights w_ij (1 - [i = j] for ``weights=None``,
    |i - j| for "linear", (i - j)^2 for "quadratic", i, j = positions in the label order):
    ``kappa = 1 - sum(w O) / sum(w E)`` (unweighted: (p_o - p_e) / (1 - p_e)).
    ``labels`` restricts and orders the classes (samples outside are left out).
    Range: [-1, 1], 1 perfect agreement, 0 chance level. Symmetric in (y1, y2).
    Undefined cases: sum(w E) = 0, i.e. both labelings put every sample in one same
    class (or no sample is left) -> ``replace_undefined_by`` (default nan, as scikit-learn).
    Source: Cohen (1960, 1968); scikit-learn ``cohen_kappa_score``.
    """
    _check_choice(weights, "weights", KAPPA_WEIGHTS)
    if isinstance(replace_undefined_by, (bool, np.bool_)) or not isinstance(replace_undefined_by, (int, float, np.number)):
        raise MetricInputError("replace_undefined_by", f"must be a number (nan included), got {replace_undefined_by!r}")
    t, classes, C = _prepare(y1, y2, sample_weight, names=("y1", "y2"))
    if labels is not None:
        lab = _check_labels(labels, t)
        if np.intersect1d(lab, t).size == 0:
            raise MetricInputError("labels", "none of the labels occurs in y1")
        classes, C, idx = _with_labels(classes, C, lab)
        C = C[np.ix_(idx, idx)]
    C = C.astype(np.float64, copy=False)
    # np.add.reduce is what np.sum calls, without the wrapper's cost on these tiny matrices
    n = np.add.reduce(C, axis=None)
    if n == 0:
        return replace_undefined_by
    expected = np.outer(np.add.reduce(C, axis=1), np.add.reduce(C, axis=0)) / n
    w = _kappa_weights(C.shape[0], weights)
    chance = float(np.add.reduce(w * expected, axis=None))
    if chance == 0:
        return replace_undefined_by
    return float(1.0 - np.add.reduce(w * C, axis=None) / chance)


@functools.lru_cache(maxsize=64)
def _kappa_weights(k: int, weights) -> np.ndarray:
    """Disagreement weights w[i, j] for k ordered classes: 1 off the diagonal, |i - j| or (i - j)^2."""
    if weights is None:
        w = 1.0 - np.eye(k)
    else:
        pos = np.arange(k, dtype=np.float64)
        gap = np.abs(pos[:, None] - pos[None, :])
        w = gap if weights == "linear" else gap * gap
    w.flags.writeable = False  # shared between calls
    return w


# Blocks small enough to stay in cache: the binary log loss is computed block by
# block in one reused buffer instead of through n-sized temporaries (at n = 1e7
# each 80 MB temporary costs more in page faults than the arithmetic).
_LOG_LOSS_BLOCK = 8192


def _binary_p_true(p: np.ndarray, codes: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Probability of the true class from P(class 1) and 0/1 codes, exactly.

    ``(codes - 1) + p`` is ``p`` for code 1 and ``p - 1`` for code 0, so its absolute
    value is ``p`` or ``1 - p`` with the same rounding as computing them directly.
    """
    x = np.subtract(codes, 1, out=out, dtype=np.float64)
    np.add(x, p, out=x)
    return np.absolute(x, out=x)


def _binary_log_likelihood(p: np.ndarray, codes: np.ndarray) -> float:
    """sum(log p_true) for 1-D P(class 1) and 0/1 codes, in cache-sized blocks."""
    n = p.shape[0]
    block = min(n, _LOG_LOSS_BLOCK)
    buf, ones = np.empty(block), np.ones(block)
    total = 0.0
    with np.errstate(divide="ignore"):
        for start in range(0, n, block):
            stop = min(start + block, n)
            x = _binary_p_true(p[start:stop], codes[start:stop], out=buf[: stop - start])
            total += np.dot(np.log(x, out=x), ones[: stop - start])
    return total


# The (N, K) log loss reads its probabilities once, in blocks of at most
# _LOG_LOSS_BLOCK rows and about 64K entries (512 KB): each block's range, row
# sums, true-class probabilities and logs are all taken while it is in cache.
# Every BLAS call stays below OpenBLAS's threading thresholds (ddot: 10000
# elements): waking a thread per block costs milliseconds on a busy machine.
# Row sums use np.einsum (no BLAS, no threads), each row summed on its own,
# so they do not depend on how the rows are blocked.
_LOG_LOSS_ROW_ENTRIES = 65536
_LOG_LOSS_SMALL = 4096


def _log_loss_rows(proba: np.ndarray, codes: np.ndarray, keep: bool):
    """One pass over C-contiguous (N, K) probabilities: (smallest entry, largest entry,
    largest |row sum - 1|, sum of log p[s, codes[s]]) -- or the p[s, codes[s]] themselves
    if ``keep``. A NaN anywhere makes the first three NaN."""
    n, k = proba.shape
    if n * k <= _LOG_LOSS_SMALL:  # one small block: whole-array calls, no buffers to set up
        with np.errstate(divide="ignore", invalid="ignore"):
            sums = proba @ np.ones(k)  # below BLAS's threading thresholds at this size
            p = proba.reshape(-1).take(np.arange(0, n * k, k) + codes)
            result = p if keep else float(np.log(p).sum())
        return proba.min(), proba.max(), max(sums.max() - 1.0, 1.0 - sums.min()), result
    rows = min(n, _LOG_LOSS_BLOCK, max(1, _LOG_LOSS_ROW_ENTRIES // k))
    flat = proba.reshape(-1)
    ones_rows = np.ones(rows)
    starts = np.arange(0, rows * k, k)  # each row's first entry within a block
    index, row_sums, chosen = np.empty(rows, dtype=np.intp), np.empty(rows), np.empty(rows)
    kept = np.empty(n) if keep else None
    lows, highs, deviations = [], [], []
    total = 0.0
    minimum, maximum = np.minimum.reduce, np.maximum.reduce
    # the checks are decided after the pass: logs of invalid entries are discarded unseen
    with np.errstate(divide="ignore", invalid="ignore"):
        for s in range(0, n, rows):
            m = min(rows, n - s)
            block = proba[s:s + m]
            lows.append(minimum(block, axis=None))
            highs.append(maximum(block, axis=None))
            sums = np.einsum("ij->i", block, out=row_sums[:m])
            # |sum - 1| <= tol for every row iff it holds for the largest and the smallest sum
            deviations.append(max(maximum(sums) - 1.0, 1.0 - minimum(sums)))
            p = flat[s * k:(s + m) * k].take(np.add(starts[:m], codes[s:s + m], out=index[:m]), out=chosen[:m])
            if keep:
                kept[s:s + m] = p
            else:
                total += np.dot(np.log(p, out=p), ones_rows[:m])
    result = kept if keep else float(total)
    return np.min(lows), np.max(highs), np.max(deviations), result


def _check_probability_range(lo, hi) -> None:
    if np.isnan(lo):
        raise MetricInputError("y_proba", "contains NaN")
    if not (lo >= 0 and hi <= 1):
        raise MetricInputError("y_proba", "probabilities must lie in [0, 1]")


def _log_loss_codes(t: np.ndarray, labels):
    """(sorted classes, each sample's position among them as intp) for log_loss."""
    if labels is not None:
        classes = np.sort(_check_labels(labels, t))
        codes = np.searchsorted(classes, t)
        found = codes < classes.shape[0]
        if not (found.all() and (classes[np.minimum(codes, classes.shape[0] - 1)] == t).all()):
            raise MetricInputError("y_true", f"contains labels not in labels={classes.tolist()!r}")
    else:
        classes, codes = _classes_and_codes(t)
    return classes, codes.astype(np.intp, copy=False)  # bool labels give bool codes: an index, not a mask


def log_loss(y_true, y_proba, *, normalize=True, sample_weight=None, labels=None):
    """Log loss (cross-entropy of the true labels under the predicted distribution), in nats.

    Formula: ``-(1/W) sum_s w_s log p_s[y_true_s]`` (``normalize=False``: the weighted sum).
    ``y_proba`` is (N, K) with columns in the sorted order of the classes (``labels``, or
    the distinct labels of y_true), each row summing to 1 (relative tolerance 1.5e-8,
    as scikit-learn; for float32 or float16 probabilities 4 K units of their own precision,
    so that a float32 softmax output is accepted); or 1-D: the probability of the greater
    of two classes.
    Range: [0, inf], 0 best (perfect confidence in the truth).
    Undefined cases: none; probability 0 on a true class gives inf (no clipping; scikit-learn
    clips to [eps, 1 - eps] instead and returns about 36.04).
    Checks, in this order: NaN, then entries outside [0, 1], then the labels and the
    number of columns, then the row sums. An (N, K) matrix is read once, in cache-sized
    blocks of rows (_log_loss_rows); its checks are decided after that pass, in the
    same order.
    Source: Good (1952); seed 000 ("negative log (logistic, cross-entropy) loss"); scikit-learn ``log_loss``.
    """
    t = as_labels(y_true, "y_true")
    given_dtype = getattr(y_proba, "dtype", None)
    # NaN and inf are caught by the range check (min propagates NaN), which
    # saves a separate isfinite pass over the probabilities.
    proba = as_floats(y_proba, "y_proba", ndim=(1, 2), allow_nan=True, allow_inf=True)
    check_same_length("y_true", t, "y_proba", proba)
    w = check_sample_weight(sample_weight, t.shape[0])
    if proba.ndim == 1:
        _check_probability_range(proba.min(), proba.max())
        classes, codes = _log_loss_codes(t, labels)
        k = classes.shape[0]
        if k != 2:
            raise MetricInputError(
                "labels" if k < 2 else "y_proba",
                f"1-D y_proba needs exactly two classes, got {k}: {classes.tolist()!r}"
                + ("; pass labels= to name both" if k < 2 else ""),
            )
        if w is None:
            total = _binary_log_likelihood(proba, codes)
            return float(-total / proba.shape[0] if normalize else -total) + 0.0  # + 0.0: no -0.0
        p_true = _binary_p_true(proba, codes)
    else:
        try:
            classes, codes = _log_loss_codes(t, labels)
            k = classes.shape[0]
            if proba.shape[1] != k:
                raise MetricInputError(
                    "y_proba",
                    f"has {proba.shape[1]} columns but there are {k} classes {classes.tolist()!r}; pass labels=",
                )
        except MetricInputError:
            _check_probability_range(proba.min(), proba.max())  # bad probabilities are reported first
            raise
        lo, hi, deviation, result = _log_loss_rows(np.ascontiguousarray(proba), codes, keep=w is not None)
        _check_probability_range(lo, hi)
        tolerance = 1.5e-8
        if given_dtype is not None and given_dtype.kind == "f" and given_dtype.itemsize < 8:
            tolerance = max(tolerance, 4 * k * float(np.finfo(given_dtype).eps))
        if not deviation <= tolerance:
            raise MetricInputError("y_proba", "each row must sum to 1")
        if w is None:
            return float(-result / t.shape[0] if normalize else -result)
        p_true = result
    with np.errstate(divide="ignore"):
        log_p = np.log(p_true)
    if w is None:
        return float(-log_p.mean() if normalize else -log_p.sum())
    with np.errstate(invalid="ignore"):
        weighted = np.where(w > 0, -w * log_p, 0.0)  # a zero weight on an inf loss counts 0, not nan
    total = weighted.sum()
    return float(total / w.sum() if normalize else total)


# --------------------------------------------------------------------------
# error rates of labels


def zero_one_loss(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Zero-one loss: the (weighted) fraction, or with ``normalize=False`` the (weighted) number, of errors.

    Formula: ``sum_s w_s [y_true_s != y_pred_s] / sum_s w_s`` (= 1 - accuracy); ``normalize=False``:
    ``sum_s w_s [y_true_s != y_pred_s]`` (= N - the number of correct predictions without weights).
    Range: [0, 1] (normalized) or [0, sum w], 0 best. Symmetric in (y_true, y_pred).
    Undefined cases: none (empty input and all-zero weights are refused).
    Source: scikit-learn ``zero_one_loss``; Hastie et al., The Elements of Statistical Learning, 2.4.
    """
    if not isinstance(normalize, (bool, np.bool_)):
        raise MetricInputError("normalize", f"expected True or False, got {normalize!r}")
    t, p = _label_pair(y_true, y_pred)
    w = check_sample_weight(sample_weight, t.shape[0])
    misses = t != p
    if w is None:
        wrong = np.count_nonzero(misses)
        return wrong / misses.shape[0] if normalize else float(wrong)
    wrong = float(np.dot(misses, w))
    return wrong / float(w.sum()) if normalize else wrong


def hamming_loss(y_true, y_pred, *, sample_weight=None):
    """Hamming loss of single-label data: the (weighted) fraction of wrongly predicted labels.

    Formula: ``sum_s w_s [y_true_s != y_pred_s] / sum_s w_s``; for single-label (binary or
    multiclass) data this is the zero-one loss (multilabel indicator matrices, where the two differ,
    are refused: 1-D labels only).
    Range: [0, 1], 0 best. Symmetric. Undefined cases: none (empty input is refused).
    Source: Schapire & Singer (2000); scikit-learn ``hamming_loss``; torchmetrics ``hamming_distance``.
    """
    return zero_one_loss(y_true, y_pred, sample_weight=sample_weight)


# --------------------------------------------------------------------------
# class score / probability matrices


def _score_matrix(y_true, y_score, name: str, labels, *, ndim=(2,)):
    """(t, scores as float64, sorted classes, codes of t) for an (N, K) score matrix with K >= 2
    columns in the sorted order of the classes (``labels``, or the distinct labels of y_true)."""
    t = as_labels(y_true, "y_true")
    s = as_floats(y_score, name, ndim=ndim)
    check_same_length("y_true", t, name, s)
    classes, codes = _log_loss_codes(t, labels)
    if s.ndim == 2:
        k = classes.shape[0]
        if s.shape[1] != k:
            raise MetricInputError(name, f"has {s.shape[1]} columns but there are {k} classes "
                                         f"{classes.tolist()!r}; pass labels=")
        if k < 2:
            raise MetricInputError("labels", f"needs at least two classes, got {classes.tolist()!r}; pass labels=")
    return t, s, classes, codes


def _weighted_mean(values: np.ndarray, w: np.ndarray | None, normalize: bool = True) -> float:
    if w is None:
        total = float(np.add.reduce(values))
        return total / values.shape[0] if normalize else total
    with np.errstate(invalid="ignore"):
        terms = np.where(w > 0, w * values, 0.0)  # a zero weight on an inf term counts 0, not nan
    total = float(np.add.reduce(terms))
    return total / float(w.sum()) if normalize else total


def top_k_accuracy(y_true, y_score, *, k=2, normalize=True, sample_weight=None, labels=None):
    """Top-k accuracy: the (weighted) fraction of samples whose true class is among the k best-scored.

    Formula: with ``r_s = #{j : S[s, j] > S[s, y_s]} + #{j > y_s : S[s, j] = S[s, y_s]}`` the rank of
    the true class's column ``y_s`` (0 = best), ``sum_s w_s [r_s < k] / sum_s w_s``
    (``normalize=False``: the weighted number of hits). ``y_score`` is (N, K), K >= 2, any real scores,
    columns in the sorted order of the classes (``labels``, or the distinct labels of y_true).
    Ties: among equal scores the class of the higher column ranks first, scikit-learn's multiclass rule
    (a stable descending sort): a tie at the k-th place counts as a hit only for the higher column.
    So ``k = 1`` is the accuracy of ``argmax`` with ties resolved to the highest column, and any
    ``k >= K`` gives 1.0.
    Range: [0, 1] (normalized), 1 best; nondecreasing in k.
    Undefined cases: none (empty input refused; ``k`` must be an integer >= 1).
    Source: scikit-learn ``top_k_accuracy_score`` (its multiclass branch); torchmetrics
    ``multiclass_accuracy(top_k=k)``; Russakovsky et al. (2015), ImageNet top-5 error.
    """
    k = check_int_at_least(k, "k", 1)
    if not isinstance(normalize, (bool, np.bool_)):
        raise MetricInputError("normalize", f"expected True or False, got {normalize!r}")
    t, s, classes, codes = _score_matrix(y_true, y_score, "y_score", labels)
    w = check_sample_weight(sample_weight, t.shape[0])
    n, m = s.shape
    if k >= m:
        hits = np.ones(n, dtype=bool)
    else:
        true_score = s[np.arange(n), codes][:, None]
        ahead = np.count_nonzero(s > true_score, axis=1)
        after = np.arange(m)[None, :] > codes[:, None]
        ahead += np.count_nonzero((s == true_score) & after, axis=1)
        hits = ahead < k
    return _weighted_mean(hits.astype(np.float64), w, normalize)


def hinge_loss(y_true, pred_decision, *, labels=None, sample_weight=None):
    """Hinge loss: the mean of ``max(0, 1 - margin)`` over the samples.

    Formula: binary (1-D ``pred_decision``, the decision value of the greater of two classes):
    ``margin_s = y_s d_s`` with ``y_s = +1`` for the greater class and ``-1`` for the other;
    multiclass (an (N, K) matrix, columns in the sorted order of the classes), Crammer & Singer:
    ``margin_s = d[s, y_s] - max_{j != y_s} d[s, j]``. Loss ``sum_s w_s max(0, 1 - margin_s) / sum_s w_s``.
    With two columns the multiclass form equals the binary one on ``d[:, 1] - d[:, 0]``.
    Range: [0, inf), 0 best (every margin >= 1).
    Undefined cases: none; 1-D decisions need exactly two classes (y_true's, or ``labels``).
    Source: Crammer & Singer (2001); scikit-learn ``hinge_loss``; torchmetrics ``hinge_loss``
    (its crammer-singer mode, applied to decision values without its sigmoid/softmax).
    """
    t, d, classes, codes = _score_matrix(y_true, pred_decision, "pred_decision", labels, ndim=(1, 2))
    w = check_sample_weight(sample_weight, t.shape[0])
    if d.ndim == 1:
        if classes.shape[0] != 2:
            raise MetricInputError("labels" if classes.shape[0] < 2 else "pred_decision",
                                   f"1-D pred_decision needs exactly two classes, got {classes.tolist()!r}"
                                   + ("; pass labels= to name both" if classes.shape[0] < 2 else ""))
        margin = np.where(codes == 1, d, -d)
    else:
        n = d.shape[0]
        rows = np.arange(n)
        own = d[rows, codes]
        others = d.copy()
        others[rows, codes] = -np.inf
        margin = own - others.max(axis=1)
    return _weighted_mean(np.maximum(1.0 - margin, 0.0), w)


def _check_replacement(replace_undefined_by) -> tuple[float, float]:
    """(value of an undefined LR+, value of an undefined LR-)."""
    def number(v, name):
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real):
            raise MetricInputError("replace_undefined_by", f"{name}: expected a number (nan included), got {v!r}")
        return float(v)

    if isinstance(replace_undefined_by, dict):
        if set(replace_undefined_by) != {"LR+", "LR-"}:
            raise MetricInputError("replace_undefined_by", f"a dict needs exactly the keys 'LR+' and 'LR-', "
                                                           f"got {sorted(replace_undefined_by)!r}")
        return number(replace_undefined_by["LR+"], "LR+"), number(replace_undefined_by["LR-"], "LR-")
    v = number(replace_undefined_by, "value")
    return v, v


def class_likelihood_ratios(y_true, y_pred, *, labels=None, sample_weight=None, replace_undefined_by=np.nan):
    """Positive and negative likelihood ratios (LR+, LR-) of a binary classification.

    Formula: with sensitivity ``TPR = TP / (TP + FN)`` and specificity ``TNR = TN / (TN + FP)``,
    ``LR+ = TPR / (1 - TNR) = (TP / (TP + FN)) / (FP / (FP + TN))`` and
    ``LR- = (1 - TPR) / TNR = (FN / (TP + FN)) / (TN / (TN + FP))``. The positive class is
    ``labels[1]`` when ``labels = [negative, positive]`` is given, else the greater of the two labels
    present. Returns the tuple ``(LR+, LR-)``.
    Range: [0, inf] each; LR+ > 1 and LR- < 1 for a better-than-chance classifier, both 1 at chance.
    Undefined cases: no positive sample in y_true (TP + FN = 0): both; FP = 0 (no false positive,
    including no negative sample): LR+; TN = 0: LR-. An undefined ratio takes
    ``replace_undefined_by`` (nan by default; a number for both, or a dict {"LR+": a, "LR-": b}).
    More than two labels, or one label without ``labels=``, is refused.
    Source: Brenner & Gefeller (1997); scikit-learn ``class_likelihood_ratios``.
    """
    lr_pos_undefined, lr_neg_undefined = _check_replacement(replace_undefined_by)
    t, p = _label_pair(y_true, y_pred)
    w = check_sample_weight(sample_weight, t.shape[0])
    if labels is not None:
        lab = _check_labels(labels, t)
        if lab.shape[0] != 2:
            raise MetricInputError("labels", f"needs exactly two labels [negative, positive], got {lab.tolist()!r}")
        outside = np.setdiff1d(np.union1d(t, p), lab)
        if outside.size:
            raise MetricInputError("y_true", f"holds labels not in labels={lab.tolist()!r}: {outside.tolist()!r}")
        positive = lab[1]
    else:
        present = np.union1d(t, p)
        if present.shape[0] != 2:
            raise MetricInputError("y_true" if present.shape[0] > 2 else "labels",
                                   f"needs exactly two classes, got {present.tolist()!r}"
                                   + ("; pass labels=[negative, positive]" if present.shape[0] < 2 else ""))
        positive = present[1]
    is_t, is_p = t == positive, p == positive
    ones = np.ones(t.shape[0]) if w is None else w
    tp = float(np.dot(is_t & is_p, ones))
    fn = float(np.dot(is_t & ~is_p, ones))
    fp = float(np.dot(~is_t & is_p, ones))
    tn = float(np.dot(~is_t & ~is_p, ones))
    pos, neg = tp + fn, tn + fp
    lr_pos = lr_pos_undefined if pos == 0 or fp == 0 else (tp * neg) / (fp * pos)
    lr_neg = lr_neg_undefined if pos == 0 or tn == 0 else (fn * neg) / (tn * pos)
    return float(lr_pos), float(lr_neg)


# --------------------------------------------------------------------------
# proper scoring rules of class probabilities


SCALE_BY_HALF = ("auto", True, False)


def _probability_rows(y_proba: np.ndarray, given_dtype) -> None:
    """Refuse entries outside [0, 1] and rows that do not sum to 1 (log_loss's tolerance)."""
    _check_probability_range(y_proba.min(), y_proba.max())
    if y_proba.ndim == 2:
        k = y_proba.shape[1]
        tolerance = 1.5e-8
        if given_dtype is not None and given_dtype.kind == "f" and given_dtype.itemsize < 8:
            tolerance = max(tolerance, 4 * k * float(np.finfo(given_dtype).eps))
        sums = y_proba @ np.ones(k)  # one BLAS pass (a reduction along rows of a few entries is 3x slower)
        if not max(sums.max() - 1.0, 1.0 - sums.min()) <= tolerance:
            raise MetricInputError("y_proba", "each row must sum to 1")


def binary_positive(t: np.ndarray, pos_label, labels=None):
    """The positive class of a binary problem with 1-D probabilities (shared with the calibration metrics).

    ``pos_label`` given: it is the positive class (y_true may hold it and at most one other label).
    Otherwise the classes are ``labels`` or the distinct labels of y_true: 1 if they are numbers within
    {0, 1} or {-1, 1} (scikit-learn's rule), else the greater of exactly two classes.
    """
    present = np.unique(t) if labels is None else np.unique(_check_labels(labels, t))
    if labels is not None and np.setdiff1d(t, present).size:
        raise MetricInputError("y_true", f"contains labels not in labels={present.tolist()!r}")
    if present.shape[0] > 2:
        raise MetricInputError("y_true", f"1-D probabilities need a binary problem, got the classes "
                                         f"{present.tolist()!r}")
    if pos_label is not None:
        if not _scalar_kind_matches(pos_label, t) or (present.shape[0] == 2 and pos_label not in present.tolist()):
            raise MetricInputError("pos_label", f"{pos_label!r} is not one of the labels {present.tolist()!r}")
        return pos_label
    values = set(present.tolist())
    if _kind_family(t) == "number" and (values <= {0, 1} or values <= {-1, 1}):
        return 1
    if present.shape[0] != 2:
        raise MetricInputError("pos_label", f"one class {present.tolist()!r} in y_true: pass pos_label= "
                                            "(or labels= naming both classes)")
    return present[1].item()


def _one_hot_and_proba(y_true, y_proba, pos_label, labels):
    """(Y, P, K) with Y the (N, K) one-hot truth and P the (N, K) probabilities (1-D: [1 - p, p])."""
    t = as_labels(y_true, "y_true")
    given_dtype = getattr(y_proba, "dtype", None)
    proba = as_floats(y_proba, "y_proba", ndim=(1, 2))
    check_same_length("y_true", t, "y_proba", proba)
    _probability_rows(proba, given_dtype)
    if proba.ndim == 1:
        positive = binary_positive(t, pos_label, labels)
        y = (t == positive).astype(np.float64)
        return np.column_stack([1.0 - y, y]), np.column_stack([1.0 - proba, proba]), 2
    classes, codes = _log_loss_codes(t, labels)
    k = classes.shape[0]
    if proba.shape[1] != k:
        raise MetricInputError("y_proba", f"has {proba.shape[1]} columns but there are {k} classes "
                                          f"{classes.tolist()!r}; pass labels=")
    if k < 2:
        raise MetricInputError("labels", f"needs at least two classes, got {classes.tolist()!r}; pass labels=")
    Y = np.zeros_like(proba)
    Y[np.arange(t.shape[0]), codes] = 1.0
    return Y, proba, k


def _squared_errors(Y: np.ndarray, P: np.ndarray) -> np.ndarray:
    diff = Y - P
    return np.einsum("ij,ij->i", diff, diff)


def brier_score_loss(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None, scale_by_half="auto"):
    """Brier score: the mean squared distance between the one-hot truth and the predicted probabilities.

    Formula: ``B = (1/W) sum_s w_s sum_k (Y[s, k] - P[s, k])^2`` over the K classes, times 1/2 when
    ``scale_by_half`` is True; "auto" (scikit-learn >= 1.7) halves it for two classes only, so binary
    values are the classical ``mean (y - p)^2`` in [0, 1] and K >= 3 classes keep Brier's original
    [0, 2]. ``y_proba`` is 1-D (the probability of the positive class: ``pos_label``, else 1 for labels in
    {0, 1} or {-1, 1}, else the greater of two classes) or (N, K), columns in the sorted order of the
    classes (``labels``, or the distinct labels of y_true), rows summing to 1 (log_loss's tolerance).
    One-hot probabilities of a predicted label give ``2 x`` the zero-one loss unscaled, so exactly the
    zero-one loss for binary data under "auto" and twice it for K >= 3.
    Range: [0, 1] scaled by half, [0, 2] unscaled; 0 best. Undefined cases: none.
    Source: Brier (1950); scikit-learn ``brier_score_loss`` (>= 1.7: scale_by_half, labels).
    """
    if isinstance(scale_by_half, np.bool_):
        scale_by_half = bool(scale_by_half)
    if not (scale_by_half == "auto" if isinstance(scale_by_half, str) else isinstance(scale_by_half, bool)):
        raise MetricInputError("scale_by_half", f"got {scale_by_half!r}; expected 'auto', True or False")
    Y, P, k = _one_hot_and_proba(y_true, y_proba, pos_label, labels)
    w = check_sample_weight(sample_weight, Y.shape[0])
    score = _weighted_mean(_squared_errors(Y, P), w)
    half = k < 3 if scale_by_half == "auto" else scale_by_half
    return 0.5 * score if half else score


def _null_model(Y: np.ndarray, w: np.ndarray | None) -> np.ndarray:
    """The (weighted) class frequencies of y_true, the prediction of the intercept-only model."""
    return Y.mean(axis=0) if w is None else (w @ Y) / w.sum()


def d2_brier_score(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None):
    """D^2 Brier score (Brier skill score): the fraction of the null model's Brier score explained.

    Formula: ``1 - B(P) / B(P0)``, B the (unscaled) Brier score and ``P0`` the null model predicting
    every sample the (weighted) class frequencies of y_true over the columns. Inputs as
    :func:`brier_score_loss`.
    Range: (-inf, 1], 1 best (perfect probabilities), 0 for the null model itself.
    Undefined cases: all the weight of y_true in one class (B(P0) = 0, a single sample included)
    -> nan (scikit-learn: nan below two samples, 1 - B / 0 otherwise).
    Source: Brier (1950); Murphy (1973); scikit-learn ``d2_brier_score``.
    """
    Y, P, _ = _one_hot_and_proba(y_true, y_proba, pos_label, labels)
    w = check_sample_weight(sample_weight, Y.shape[0])
    null = _weighted_mean(_squared_errors(Y, _null_model(Y, w)[None, :]), w)
    if not null > 0:
        return math.nan
    return 1.0 - _weighted_mean(_squared_errors(Y, P), w) / null


def d2_log_loss_score(y_true, y_proba, *, sample_weight=None, labels=None):
    """D^2 log-loss score: the fraction of the null model's log loss explained (McFadden's pseudo-R^2).

    Formula: ``1 - LL(P) / LL(P0)`` with LL the (weighted) log loss of :func:`log_loss` (no clipping) and
    ``P0`` the null model predicting the (weighted) class frequencies of y_true over the columns;
    ``LL(P0) = W H(frequencies)``. Inputs as :func:`log_loss` (1-D: the probability of the greater of
    two classes).
    Range: [-inf, 1], 1 best, 0 for the null model; -inf when a true class has probability 0.
    Undefined cases: all the weight of y_true in one class (LL(P0) = 0, a single sample included) -> nan.
    Source: McFadden (1974); scikit-learn ``d2_log_loss_score``.
    """
    loss = log_loss(y_true, y_proba, normalize=False, sample_weight=sample_weight, labels=labels)
    t = as_labels(y_true, "y_true")
    _, codes = _log_loss_codes(t, labels)
    w = check_sample_weight(sample_weight, t.shape[0])
    mass = np.bincount(codes, weights=w).astype(np.float64)
    freq = mass[mass > 0] / mass.sum()
    null = -float(mass[mass > 0] @ np.log(freq))
    if not null > 0:
        return math.nan
    return 1.0 - loss / null
