"""Multilabel classification metrics: indicator matrices, label rankings, per-label curves.

Inputs are *indicator matrices*: ``y_true[i, j] = 1`` when sample ``i`` carries
label ``j`` (n_samples x n_labels, 0/1 as bool, integers, integral floats, or
nested lists). Ranking metrics take ``y_score`` of the same shape (real
numbers, larger = more confident). Every metric refuses 1-D input (single-label
data: use the classification metrics), ragged rows, values other than 0 and 1,
shapes that differ, empty matrices, and NaN or infinite scores, with a
:class:`~metrics.errors.MetricInputError` naming the argument.

The label-set rates (precision, recall, F-beta, F1, Jaccard) count per label
``j`` (a column)::

    TP_j = #{i: y_true[i, j] = y_pred[i, j] = 1}   FP_j = #{i: y_true = 0, y_pred = 1}   FN_j = ...

and average them as scikit-learn does (``average=``):

``None``        one value per label (column order)
``"micro"``     TP, FP, FN pooled over every cell, then one ratio (= the binary metric on the raveled arrays)
``"macro"``     unweighted mean of the per-label values
``"weighted"``  mean weighted by each label's support ``TP_j + FN_j``; every support 0 -> the unweighted mean
``"samples"``   the ratio per row (sample), from the row's own counts, then the mean over rows

A ratio whose denominator is 0 takes ``zero_division`` (0.0, 1.0 or nan) exactly as the
catalog's single-label ``precision``/``recall`` do (with nan the averages skip undefined
values, and are nan only if every value is). The row convention of ``"samples"``: a row
with no true and no predicted label is 0/0 for every rate and scores ``zero_division``
(scikit-learn's rule); a row with true labels and no prediction has precision
``zero_division`` and recall 0.

Ties among scores (the ranking metrics) are counted pessimistically, as scikit-learn
does: a label's rank is the number of labels scored at least as high (``rankdata(...,
"max")``), so a tied irrelevant label counts as ranked ahead of a relevant one.

The per-label threshold metrics are the catalog's binary metric (``metrics.curves``) of each
label column: ROC AUC and average precision (vectorised over the columns), the equal error
rate (a number per label, averaged as above but without "samples") and the ROC and
precision-recall curves (a list with one ``(x, y, thresholds)`` per label, the binary curve's
tuple). :func:`per_label` and :func:`per_label_curves` make any binary threshold metric a
per-label one; a label column the binary metric refuses (one class) is refused naming
``y_true`` and the column.
"""

from __future__ import annotations

import math

import numpy as np

from ._validation import _as_array, as_floats
from .classification import _average, _check_beta, _check_choice, _check_zero_division, _divide
from .curves import (equal_error_rate, log_auc, precision_at_fixed_recall, precision_recall_curve,
                     recall_at_fixed_precision, roc_curve, sensitivity_at_specificity, specificity_at_sensitivity)
from .errors import MetricInputError

__all__ = [
    "multilabel_precision",
    "multilabel_recall",
    "multilabel_fbeta",
    "multilabel_f1",
    "multilabel_jaccard",
    "multilabel_accuracy",
    "multilabel_specificity",
    "multilabel_negative_predictive_value",
    "multilabel_matthews_corrcoef",
    "subset_accuracy",
    "multilabel_hamming_loss",
    "multilabel_confusion_matrix",
    "multilabel_stat_scores",
    "label_ranking_average_precision",
    "coverage_error",
    "label_ranking_loss",
    "multilabel_roc_auc",
    "multilabel_average_precision",
    "multilabel_equal_error_rate",
    "multilabel_roc_curve",
    "multilabel_precision_recall_curve",
    "multilabel_log_auc",
    "multilabel_recall_at_fixed_precision",
    "multilabel_precision_at_fixed_recall",
    "multilabel_sensitivity_at_specificity",
    "multilabel_specificity_at_sensitivity",
]

AVERAGES = (None, "micro", "macro", "weighted", "samples")
#: label-wise accuracy: the mean over rows of a row's accuracy is the pooled one ("micro"), so no "samples"
ACCURACY_AVERAGES = (None, "micro", "macro", "weighted")
#: the per-label binary threshold metrics (EER, ...) work one binary problem at a time, a label (or the raveled
#: matrix) each: "samples" (one problem per row) would be a loop over the samples, so they have no "samples"
PER_LABEL_AVERAGES = (None, "micro", "macro", "weighted")
#: the stacked counts of multilabel_stat_scores: per label (None) or summed over the labels ("micro")
STAT_SCORES_AVERAGES = (None, "micro")

CONVENTIONS = {
    "multilabel.zero_division": "0/0 per label (or per row with average='samples') -> zero_division, "
                                "as the single-label rates",
    "multilabel.samples.empty_row": "a row with no true and no predicted label scores zero_division",
    "multilabel.accuracy": "label-wise: (TP + TN) / n per label; 'micro' over every cell (= 1 - Hamming loss)",
    "multilabel.matthews_corrcoef": "MCC of the 2 x 2 table summed over every label (the raveled cells); a zero "
                                    "margin -> 0.0, as the single-label matthews_corrcoef",
    "multilabel.ranking.ties": "pessimistic: rank = number of labels scored at least as high (sklearn)",
    "multilabel.ranking.degenerate_rows": "LRAP 1, ranking loss 0 for rows with no or every label relevant; "
                                          "coverage 0 for rows with no relevant label",
    "multilabel.curves.undefined": "ROC AUC of a column (row, for 'samples') with one class, AP of one without "
                                   "positives: refused",
    "multilabel.per_label_curves": "the ROC and precision-recall curves of each label: a list with one "
                                   "(x, y, thresholds) tuple per label column, each the binary curve of the column",
    "multilabel.stat_scores": "[TP, FP, TN, FN, support] per label, or summed over the labels ('micro')",
}


# --------------------------------------------------------------------------
# input checks


def _indicator(values, name: str) -> np.ndarray:
    """A 2-D bool indicator matrix, non-empty, of 0/1 values."""
    arr = _as_array(values, name)
    if arr.dtype.kind == "O":
        raise MetricInputError(name, "cannot be read as a matrix of 0/1 (ragged rows or mixed types)")
    if arr.ndim != 2:
        raise MetricInputError(name, f"expected a 2-D indicator matrix (n_samples x n_labels), got shape {arr.shape}"
                                     + ("; for single-label data use the classification metrics"
                                        if arr.ndim == 1 else ""))
    if arr.size == 0:
        raise MetricInputError(name, f"is empty (shape {arr.shape})")
    if arr.dtype.kind == "b":
        return arr
    if arr.dtype.kind not in "iuf":
        raise MetricInputError(name, f"expected 0/1 indicators, got dtype {arr.dtype}")
    binary = (arr == 0) | (arr == 1)
    if not binary.all():
        raise MetricInputError(name, f"holds values other than 0 and 1 (e.g. {arr[~binary][0]!r}); "
                                     "expected a 0/1 indicator matrix")
    return arr == 1


def _check_shape(name: str, arr: np.ndarray, first: str, reference: np.ndarray) -> None:
    if arr.shape != reference.shape:
        raise MetricInputError(name, f"has shape {arr.shape} but {first} has shape {reference.shape}; they must match")


def _indicator_pair(y_true, y_pred):
    t = _indicator(y_true, "y_true")
    p = _indicator(y_pred, "y_pred")
    _check_shape("y_pred", p, "y_true", t)
    return t, p


def _truth_and_scores(y_true, y_score):
    t = _indicator(y_true, "y_true")
    s = as_floats(y_score, "y_score", ndim=2)
    _check_shape("y_score", s, "y_true", t)
    return t, s


# --------------------------------------------------------------------------
# label-set rates


def _counts(t: np.ndarray, p: np.ndarray, axis: int):
    """(TP, FP, FN) along ``axis`` (0: per label, 1: per row), as float64."""
    tp = np.count_nonzero(t & p, axis=axis).astype(np.float64)
    fp = np.count_nonzero(p, axis=axis) - tp
    fn = np.count_nonzero(t, axis=axis) - tp
    return tp, fp, fn


def fbeta_parts(beta):
    """(numerator, denominator) of F-beta from (TP, FP, FN)."""
    b2 = _check_beta(beta) ** 2
    return lambda tp, fp, fn: ((1 + b2) * tp, (1 + b2) * tp + b2 * fn + fp)


#: the label-set rates as (TP, FP, FN) -> (numerator, denominator); F-beta's is ``fbeta_parts(beta)``
RATE_PARTS = {
    "multilabel_precision": lambda tp, fp, fn: (tp, tp + fp),
    "multilabel_recall": lambda tp, fp, fn: (tp, tp + fn),
    "multilabel_f1": lambda tp, fp, fn: (2 * tp, 2 * tp + fp + fn),
    "multilabel_jaccard": lambda tp, fp, fn: (tp, tp + fp + fn),
}


def _rate(y_true, y_pred, parts, average, zero_division):
    """A ratio ``num / den`` with ``parts(tp, fp, fn) -> (num, den)``, averaged by ``average``."""
    _check_choice(average, "average", AVERAGES)
    zero_division = _check_zero_division(zero_division)
    t, p = _indicator_pair(y_true, y_pred)
    if average == "samples":
        num, den = parts(*_counts(t, p, axis=1))
        per_row = _divide(num, den, zero_division)
        return _average(per_row, np.ones_like(per_row), "macro", zero_division)
    return _label_average(*_counts(t, p, axis=0), parts, average, zero_division)


def _label_average(tp, fp, fn, parts, average, zero_division):
    """The per-label ratios ``parts(tp, fp, fn)`` averaged by ``average`` (not "samples"): the label counts are
    all the micro, macro, weighted and per-label rates need (the multilabel streams keep only them)."""
    num, den = parts(tp, fp, fn)
    if average == "micro":
        return float(_divide(num.sum(), den.sum(), zero_division))
    per_label = _divide(num, den, zero_division)
    if average is None:
        return per_label
    return _average(per_label, tp + fn, average, zero_division)


_RATE_ARGS = """
    Arguments: ``average`` (None, "micro", "macro", "weighted", "samples"; see the module doc),
    ``zero_division`` (value of an undefined ratio: 0.0, 1.0 or nan). Returns a float, or an
    array with one value per label for ``average=None``.
"""


def multilabel_precision(y_true, y_pred, *, average="macro", zero_division=0.0):
    """Precision of multilabel predictions: of the labels predicted, the fraction truly present.

    Formula: ``TP / (TP + FP)`` per label (``|T_i & P_i| / |P_i|`` per row for "samples").
    Range: [0, 1], 1 best. Undefined cases: a label (row) never predicted -> ``zero_division``.
    Source: Godbole & Sarawagi (2004); Tsoumakas et al. (2010); scikit-learn ``precision_score``
    on multilabel-indicator input.
    """
    return _rate(y_true, y_pred, RATE_PARTS["multilabel_precision"], average, zero_division)


def multilabel_recall(y_true, y_pred, *, average="macro", zero_division=0.0):
    """Recall of multilabel predictions: of the true labels, the fraction predicted.

    Formula: ``TP / (TP + FN)`` per label (``|T_i & P_i| / |T_i|`` per row for "samples").
    Range: [0, 1], 1 best. Undefined cases: a label (row) never true -> ``zero_division``.
    Source: Godbole & Sarawagi (2004); Tsoumakas et al. (2010); scikit-learn ``recall_score``.
    """
    return _rate(y_true, y_pred, RATE_PARTS["multilabel_recall"], average, zero_division)


def multilabel_fbeta(y_true, y_pred, *, beta, average="macro", zero_division=0.0):
    """F-beta score of multilabel predictions (recall beta times as important as precision).

    Formula: ``(1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP)`` per label (per row for
    "samples"); ``beta`` a finite number > 0. Range: [0, 1], 1 best.
    Undefined cases: a label (row) neither true nor predicted (TP + FP + FN = 0) -> ``zero_division``.
    Source: van Rijsbergen (1979); Godbole & Sarawagi (2004); scikit-learn ``fbeta_score``.
    """
    return _rate(y_true, y_pred, fbeta_parts(beta), average, zero_division)


def multilabel_f1(y_true, y_pred, *, average="macro", zero_division=0.0):
    """F1 score of multilabel predictions (F-beta with beta = 1, the Dice coefficient of label sets).

    Formula: ``2 TP / (2 TP + FP + FN)`` per label; ``2 |T_i & P_i| / (|T_i| + |P_i|)`` per row for
    "samples". Range: [0, 1], 1 best.
    Undefined cases: a label (row) neither true nor predicted -> ``zero_division``.
    Source: Godbole & Sarawagi (2004); scikit-learn ``f1_score`` on multilabel-indicator input.
    """
    return _rate(y_true, y_pred, RATE_PARTS["multilabel_f1"], average, zero_division)


def multilabel_jaccard(y_true, y_pred, *, average="macro", zero_division=0.0):
    """Jaccard index (intersection over union) of multilabel predictions.

    Formula: ``TP / (TP + FP + FN)`` per label; ``|T_i & P_i| / |T_i | P_i|`` per row for "samples".
    Range: [0, 1], 1 best. Undefined cases: a label (row) neither true nor predicted (empty
    union) -> ``zero_division``.
    Source: Jaccard (1912); Godbole & Sarawagi (2004) ("accuracy" of a sample); scikit-learn ``jaccard_score``.
    """
    return _rate(y_true, y_pred, RATE_PARTS["multilabel_jaccard"], average, zero_division)


for _fn in (multilabel_precision, multilabel_recall, multilabel_fbeta, multilabel_f1, multilabel_jaccard):
    _fn.__doc__ += _RATE_ARGS


def _negative_rate(y_true, y_pred, parts, averages, average, zero_division):
    """A ratio of the counts with true negatives, ``parts(tp, fp, fn, tn) -> (num, den)``, averaged by
    ``average`` as :func:`_rate` does; TN per line (label, or row for "samples") = its cells - TP - FP - FN."""
    _check_choice(average, "average", averages)
    zero_division = _check_zero_division(zero_division)
    t, p = _indicator_pair(y_true, y_pred)
    axis = 1 if average == "samples" else 0
    tp, fp, fn = _counts(t, p, axis)
    tn = t.shape[axis] - tp - fp - fn
    with_tn = lambda tp, fp, fn: parts(tp, fp, fn, tn)  # noqa: E731 - the TN of these very lines
    if average == "samples":
        per_row = _divide(*with_tn(tp, fp, fn), zero_division)
        return _average(per_row, np.ones_like(per_row), "macro", zero_division)
    return _label_average(tp, fp, fn, with_tn, average, zero_division)


#: the rates with true negatives as (TP, FP, FN, TN) -> (numerator, denominator)
NEGATIVE_RATE_PARTS = {
    "multilabel_accuracy": lambda tp, fp, fn, tn: (tp + tn, tp + fp + fn + tn),
    "multilabel_specificity": lambda tp, fp, fn, tn: (tn, tn + fp),
    "multilabel_negative_predictive_value": lambda tp, fp, fn, tn: (tn, tn + fn),
}


def multilabel_accuracy(y_true, y_pred, *, average="macro"):
    """Label-wise accuracy of multilabel predictions: per label, the fraction of samples where it is right.

    Formula: ``(TP_j + TN_j) / n`` per label ``j``, ``n`` the number of rows. ``average``: None (one
    value per label), "micro" (the cells pooled: ``sum_j (TP_j + TN_j) / (n L)``, which is 1 - Hamming
    loss), "macro" (mean over labels), "weighted" (mean weighted by the support ``TP_j + FN_j``; every
    support 0 -> the unweighted mean, scikit-learn's rule for the other rates). No "samples": the mean
    over rows of a row's accuracy is the "micro" value. Not the subset accuracy (:func:`subset_accuracy`).
    Range: [0, 1], 1 best. Undefined cases: none (empty input is refused).
    Source: Tsoumakas et al. (2010) (Hamming loss, its complement); torchmetrics ``multilabel_accuracy``
    (the same averages).
    """
    return _negative_rate(y_true, y_pred, NEGATIVE_RATE_PARTS["multilabel_accuracy"], ACCURACY_AVERAGES, average,
                          0.0)


def multilabel_specificity(y_true, y_pred, *, average="macro", zero_division=0.0):
    """Specificity (true negative rate) of multilabel predictions: of the absent labels, the fraction not predicted.

    Formula: ``TN / (TN + FP)`` per label (per row for "samples": ``|not T_i & not P_i| / |not T_i|``
    over the row's labels). Range: [0, 1], 1 best. Undefined cases: a label (row) true in every cell
    (TN + FP = 0) -> ``zero_division``; the averages as :func:`multilabel_precision` ("weighted" by the
    support ``TP + FN``).
    Source: Yerushalmy (1947); Altman & Bland (1994); the catalog's ``specificity`` per label;
    torchmetrics ``multilabel_specificity``.
    """
    return _negative_rate(y_true, y_pred, NEGATIVE_RATE_PARTS["multilabel_specificity"], AVERAGES, average,
                          zero_division)


def multilabel_negative_predictive_value(y_true, y_pred, *, average="macro", zero_division=0.0):
    """Negative predictive value of multilabel predictions: of the labels predicted absent, the fraction truly absent.

    Formula: ``TN / (TN + FN)`` per label (per row for "samples"). Range: [0, 1], 1 best.
    Undefined cases: a label (row) predicted in every cell (TN + FN = 0) -> ``zero_division``; the
    averages as :func:`multilabel_precision` ("weighted" by the support ``TP + FN``).
    Source: Altman & Bland (1994); the catalog's ``negative_predictive_value`` per label;
    torchmetrics ``multilabel_negative_predictive_value``.
    """
    return _negative_rate(y_true, y_pred, NEGATIVE_RATE_PARTS["multilabel_negative_predictive_value"], AVERAGES,
                          average, zero_division)


for _fn in (multilabel_specificity, multilabel_negative_predictive_value):
    _fn.__doc__ += _RATE_ARGS


def multilabel_matthews_corrcoef(y_true, y_pred):
    """Matthews correlation coefficient of every (sample, label) cell: the MCC of the 2 x 2 table summed
    over the labels (the binary MCC of the raveled matrices).

    Formula: with TP, FP, FN, TN pooled over every cell,
    ``(TP TN - FP FN) / sqrt((TP + FP) (TP + FN) (TN + FP) (TN + FN))``, the Pearson correlation of
    the raveled 0/1 matrices. Range: [-1, 1], 1 perfect, 0 no better than chance.
    Undefined cases: a zero margin (every cell true, or none; every cell predicted, or none: a constant
    raveled matrix) -> 0.0, the catalog's single-label ``matthews_corrcoef`` convention (scikit-learn's,
    Chicco & Jurman 2020), so a perfect prediction of a constant matrix scores 0.0.
    Source: Matthews (1975); torchmetrics ``multilabel_matthews_corrcoef`` (the summed confusion matrix).
    """
    t, p = _indicator_pair(y_true, y_pred)
    tp, fp, fn = (float(c.sum()) for c in _counts(t, p, axis=0))
    tn = t.size - tp - fp - fn
    # the margins as two products of two (no product of four): finite in float64 for any matrix that fits in memory
    predicted, actual = (tp + fp) * (tn + fn), (tp + fn) * (tn + fp)
    if predicted == 0 or actual == 0:
        return 0.0
    return float((tp * tn - fp * fn) / (math.sqrt(predicted) * math.sqrt(actual)))


def subset_accuracy(y_true, y_pred):
    """Subset accuracy (exact match ratio): the fraction of rows whose predicted label set is exactly the true one.

    Formula: ``(1/n) sum_i [y_true[i, :] = y_pred[i, :]]``. Range: [0, 1], 1 best.
    Undefined cases: none (empty input is refused).
    Source: Ghamrawi & McCallum (2005); Tsoumakas et al. (2010); scikit-learn ``accuracy_score`` on
    multilabel-indicator input; torchmetrics ``multilabel_exact_match``.
    """
    t, p = _indicator_pair(y_true, y_pred)
    return np.count_nonzero((t == p).all(axis=1)) / t.shape[0]


def multilabel_hamming_loss(y_true, y_pred):
    """Hamming loss: the fraction of (sample, label) cells predicted wrongly.

    Formula: ``(1 / (n L)) sum_{i, j} [y_true[i, j] != y_pred[i, j]]``. Range: [0, 1], 0 best.
    Undefined cases: none (empty input is refused).
    Source: Schapire & Singer (2000); Tsoumakas et al. (2010); scikit-learn ``hamming_loss``.
    """
    t, p = _indicator_pair(y_true, y_pred)
    return np.count_nonzero(t != p) / t.size


def multilabel_confusion_matrix(y_true, y_pred):
    """One 2 x 2 confusion matrix per label, stacked: shape (n_labels, 2, 2).

    Formula: ``M[j] = [[TN_j, FP_j], [FN_j, TP_j]]`` (rows = true 0/1, columns = predicted 0/1),
    as scikit-learn's ``multilabel_confusion_matrix``. Range: integer counts in [0, n]; each
    ``M[j]`` sums to n. Undefined cases: none (empty input is refused).
    Source: scikit-learn ``multilabel_confusion_matrix``; torchmetrics ``multilabel_confusion_matrix``.
    """
    t, p = _indicator_pair(y_true, y_pred)
    tp = np.count_nonzero(t & p, axis=0)
    fp = np.count_nonzero(p, axis=0) - tp
    fn = np.count_nonzero(t, axis=0) - tp
    tn = t.shape[0] - tp - fp - fn
    return np.stack([tn, fp, fn, tp], axis=1).reshape(-1, 2, 2).astype(np.int64)


def multilabel_stat_scores(y_true, y_pred, *, average=None):
    """The counts of each label: ``[TP, FP, TN, FN, support]`` per label column, or summed over the labels.

    Formula: for label ``j``, ``TP_j = #{i: y_true[i, j] = y_pred[i, j] = 1}``, ``FP_j`` (predicted, not
    true), ``TN_j`` (neither), ``FN_j`` (true, not predicted) and ``support_j = TP_j + FN_j``: the cells of
    :func:`multilabel_confusion_matrix` in another layout (``[M[j, 1, 1], M[j, 0, 1], M[j, 0, 0],
    M[j, 1, 0], M[j, 1, :].sum()]``). ``average``: None (shape (n_labels, 5)) or "micro" (the columns
    summed over the labels, shape (5,): the counts of the raveled matrices). Range: integer counts in
    [0, n] per label (in [0, n L] for "micro"); TP + FP + TN + FN = n per label.
    Undefined cases: none (empty input is refused).
    Source: torchmetrics ``multilabel_stat_scores`` (the same column order; its 'macro' and 'weighted'
    means of counts are not offered); scikit-learn ``multilabel_confusion_matrix``.
    """
    _check_choice(average, "average", STAT_SCORES_AVERAGES)
    t, p = _indicator_pair(y_true, y_pred)
    tp = np.count_nonzero(t & p, axis=0)
    fp = np.count_nonzero(p, axis=0) - tp
    fn = np.count_nonzero(t, axis=0) - tp
    counts = np.stack([tp, fp, t.shape[0] - tp - fp - fn, fn, tp + fn], axis=1).astype(np.int64)
    return counts.sum(axis=0) if average == "micro" else counts


# --------------------------------------------------------------------------
# label ranking


def _ranked(t: np.ndarray, s: np.ndarray):
    """For every cell of each row: (rank, relevant_at_or_above, irrelevant_at_or_above), where
    ``rank`` counts the labels of the row scored at least as high as the cell (ties: the largest
    rank), and the other two count the relevant and irrelevant ones among them."""
    n, L = s.shape
    order = np.argsort(-s, axis=1, kind="stable")
    ranked_s = np.take_along_axis(s, order, axis=1)
    ranked_t = np.take_along_axis(t, order, axis=1)
    # the last position of each run of equal scores: a tie group ends where the next score differs
    ends = np.ones((n, L), dtype=bool)
    ends[:, :-1] = ranked_s[:, 1:] != ranked_s[:, :-1]
    last = np.where(ends, np.arange(L), L)
    last = np.minimum.accumulate(last[:, ::-1], axis=1)[:, ::-1]
    relevant_above = np.take_along_axis(np.cumsum(ranked_t, axis=1), last, axis=1)
    rank = last + 1
    back = np.empty_like(order)
    np.put_along_axis(back, order, np.arange(L)[None, :].repeat(n, axis=0), axis=1)
    rank = np.take_along_axis(rank, back, axis=1)
    relevant_above = np.take_along_axis(relevant_above, back, axis=1)
    return rank, relevant_above, rank - relevant_above


def _precision_at_positives(t: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Per row: the mean over its relevant labels of (relevant at or above) / (rank); NaN for a
    row without relevant labels. Ties pessimistic (see :func:`_ranked`)."""
    rank, relevant_above, _ = _ranked(t, s)
    ratio = np.where(t, relevant_above / rank, 0.0)
    n_relevant = np.count_nonzero(t, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return ratio.sum(axis=1) / n_relevant


def label_ranking_average_precision(y_true, y_score):
    """Label ranking average precision (LRAP): per row, for each relevant label, the share of
    relevant labels among the labels scored at least as high, averaged; then the mean over rows.

    Formula: ``(1/n) sum_i (1/|Y_i|) sum_{j in Y_i} |{k in Y_i: s_ik >= s_ij}| / |{k: s_ik >= s_ij}|``.
    Ties: pessimistic (a tied label counts as ranked ahead), scikit-learn's ``rankdata(.., "max")``.
    Per row this is the (non-interpolated) average precision of the row's labels.
    Range: [0, 1], 1 best (every relevant label above every irrelevant one).
    Undefined cases: a row with no relevant label (0/0) scores 1, and so does a row where every label
    is relevant (the ranking has no meaning there), scikit-learn's convention.
    Source: Schapire & Singer (2000) ("average precision"); Tsoumakas et al. (2010);
    scikit-learn ``label_ranking_average_precision_score``.
    """
    t, s = _truth_and_scores(y_true, y_score)
    per_row = _precision_at_positives(t, s)
    n_relevant = np.count_nonzero(t, axis=1)
    per_row[(n_relevant == 0) | (n_relevant == t.shape[1])] = 1.0
    return float(per_row.mean())


def coverage_error(y_true, y_score):
    """Coverage error: how far down each row's ranking one must go to cover every relevant label.

    Formula: ``(1/n) sum_i |{k: s_ik >= min_{j in Y_i} s_ij}|`` (ties: every label tied with the
    lowest relevant one counts). Range: [mean |Y_i|, n_labels]; the lower end for a perfect ranking,
    lower is better. Undefined cases: a row with no relevant label covers 0 labels (scikit-learn's
    extension; Tsoumakas et al.'s value is this minus 1).
    Source: Schapire & Singer (2000) ("coverage"); Tsoumakas et al. (2010); scikit-learn ``coverage_error``.
    """
    t, s = _truth_and_scores(y_true, y_score)
    lowest_relevant = np.where(t, s, np.inf).min(axis=1)
    covered = np.count_nonzero(s >= lowest_relevant[:, None], axis=1)
    return float(np.where(t.any(axis=1), covered, 0).mean())


def label_ranking_loss(y_true, y_score):
    """Label ranking loss: per row, the fraction of (relevant, irrelevant) label pairs ordered wrongly.

    Formula: ``(1/n) sum_i |{(j, k): j in Y_i, k not in Y_i, s_ik >= s_ij}| / (|Y_i| (L - |Y_i|))``.
    Ties: a tied pair counts as wrongly ordered (a whole error, not one half). Range: [0, 1], 0 best.
    Undefined cases: a row with no relevant or no irrelevant label (no pair) scores 0.
    Source: Schapire & Singer (2000) ("ranking loss"); Tsoumakas et al. (2010);
    scikit-learn ``label_ranking_loss``.
    """
    t, s = _truth_and_scores(y_true, y_score)
    _, _, irrelevant_above = _ranked(t, s)
    wrong = np.where(t, irrelevant_above, 0).sum(axis=1)
    n_relevant = np.count_nonzero(t, axis=1)
    pairs = n_relevant * (t.shape[1] - n_relevant)
    return float(np.divide(wrong, pairs, out=np.zeros(t.shape[0]), where=pairs > 0).mean())


# --------------------------------------------------------------------------
# per-label ROC AUC and average precision


def _auc_per_column(t: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Mann-Whitney AUC of each column (ties count one half), by one rank of each column."""
    from scipy.stats import rankdata

    ranks = rankdata(s, method="average", axis=0)
    pos = np.count_nonzero(t, axis=0)
    neg = t.shape[0] - pos
    u = np.where(t, ranks, 0.0).sum(axis=0) - pos * (pos + 1) / 2.0
    return u / (pos * neg)


def _lines(t, s, average):
    """The binary problems ``average`` scores, as columns: labels, rows (samples) or one raveled column."""
    if average == "samples":
        return t.T, s.T, "row"
    if average == "micro":
        return t.reshape(-1, 1), s.reshape(-1, 1), "the raveled matrix"
    return t, s, "label column"


def _per_label_curve(y_true, y_score, average, metric: str):
    _check_choice(average, "average", AVERAGES)
    t, s = _truth_and_scores(y_true, y_score)
    tt, ss, what = _lines(t, s, average)
    pos = np.count_nonzero(tt, axis=0)
    missing_negative = metric == "roc_auc" and (pos == tt.shape[0]).any()
    if (pos == 0).any() or missing_negative:
        j = int(np.flatnonzero((pos == 0) | ((pos == tt.shape[0]) if metric == "roc_auc" else False))[0])
        lacks = "no positive" if pos[j] == 0 else "no negative"
        where = what if what == "the raveled matrix" else f"{what} {j}"
        name = "ROC AUC" if metric == "roc_auc" else "average precision"
        raise MetricInputError("y_true", f"{where} has {lacks} sample: its {name} is undefined")
    if metric == "roc_auc":
        values = _auc_per_column(tt, ss)
    else:
        values = _precision_at_positives(tt.T, ss.T)
    return _averaged(values, pos, average)


def _averaged(values: np.ndarray, positives: np.ndarray, average):
    """One value per binary problem (label, row or the raveled matrix) reduced as ``average`` says: the values
    (None), the one value ("micro"), their mean ("macro", "samples"), or their mean weighted by positives."""
    if average is None:
        return values
    if average == "micro":
        return float(values[0])
    if average == "weighted":
        return float(np.sum(values * positives) / np.sum(positives))
    return float(values.mean())


_CURVE_ARGS = """
    ``average``: None (one value per label), "micro" (the binary metric of the raveled
    matrices), "macro" (mean over labels), "weighted" (weighted by each label's number of
    positives), "samples" (the binary metric of each row, then the mean over rows),
    scikit-learn's averaging for multilabel-indicator input. Returns a float, or an
    array per label for ``average=None``.
"""


def multilabel_roc_auc(y_true, y_score, *, average="macro"):
    """Area under the ROC curve of each label (column), averaged as ``average`` says.

    Formula: per binary problem ``AUC = P(s+ > s-) + P(s+ = s-) / 2`` over (positive, negative)
    pairs: the Mann-Whitney ``U / (P N)``, ties counted one half; equal to the catalog's binary
    ``roc_auc`` of the column. Range: [0, 1], 1 best, 0.5 for tied scores.
    Undefined cases: a problem averaged over (a column; a row for "samples"; the whole matrix for
    "micro") with only one class raises ``MetricInputError("y_true", ...)`` as the binary
    ``roc_auc`` does (scikit-learn gives NaN with a warning there).
    Source: Hanley & McNeil (1982); scikit-learn ``roc_auc_score`` on multilabel-indicator input.
    """
    return _per_label_curve(y_true, y_score, average, "roc_auc")


def multilabel_average_precision(y_true, y_score, *, average="macro"):
    """Average precision (the step sum, no interpolation) of each label, averaged as ``average`` says.

    Formula: per binary problem ``sum_k (R_k - R_{k-1}) P_k`` over the distinct thresholds = the
    mean, over its positives, of the precision at their score (ties: every sample tied with it
    counts); equal to the catalog's binary ``average_precision``. Range: [0, 1], 1 best.
    Undefined cases: a problem without positive samples raises ``MetricInputError("y_true", ...)``
    as the binary ``average_precision`` does (scikit-learn gives 0 there); a problem without
    negatives gives 1.
    Source: scikit-learn ``average_precision_score`` on multilabel-indicator input; seeds 000/002
    (average precision, binary).
    """
    return _per_label_curve(y_true, y_score, average, "average_precision")


for _fn in (multilabel_roc_auc, multilabel_average_precision):
    _fn.__doc__ += _CURVE_ARGS


# --------------------------------------------------------------------------
# any binary threshold metric, label by label


def _each_line(binary, tt: np.ndarray, ss: np.ndarray, what: str, options: dict) -> list:
    """``binary(y_true, y_score, **options)`` of each column of ``tt`` / ``ss`` (label columns, or the raveled matrix
    as one column): one binary problem per label, each one sort. A problem the binary metric refuses (one class) is
    refused naming y_true and the line."""
    out = []
    tt, ss = np.ascontiguousarray(tt.T), np.ascontiguousarray(ss.T)  # each problem contiguous
    for j in range(tt.shape[0]):  # a loop over the labels, never over the samples
        try:
            out.append(binary(tt[j], ss[j], **options))
        except MetricInputError as exc:
            if exc.argument != "y_true":
                raise  # an option (a constraint, a range) refused: the same for every label
            where = what if what == "the raveled matrix" else f"{what} {j}"
            raise MetricInputError(exc.argument, f"{where}: {exc.problem}") from None
    return out


def per_label(binary, y_true, y_score, average, **options):
    """The catalog's binary threshold metric ``binary`` (a number per binary problem; ``options`` its keywords) of
    each label column, reduced by ``average`` (:data:`PER_LABEL_AVERAGES`): None per label, "micro" of the raveled
    matrices, "macro" the mean over labels, "weighted" by each label's number of positives."""
    _check_choice(average, "average", PER_LABEL_AVERAGES)
    t, s = _truth_and_scores(y_true, y_score)
    tt, ss, what = _lines(t, s, average)
    values = np.array(_each_line(binary, tt, ss, what, options), dtype=np.float64)
    return _averaged(values, np.count_nonzero(tt, axis=0), average)


def per_label_curves(binary, y_true, y_score, **options) -> list:
    """The catalog's binary curve (or operating point) ``binary`` of each label column, ``options`` its keywords: a
    list with one tuple (the binary result) per label."""
    t, s = _truth_and_scores(y_true, y_score)
    return _each_line(binary, t, s, "label column", options)


def multilabel_equal_error_rate(y_true, y_score, *, average="macro"):
    """Equal error rate of each label (column), averaged as ``average`` says.

    Formula: per binary problem, the catalog's ``equal_error_rate``: where the segment between the
    last operating point with ``fnr > fpr`` and the next one (points by decreasing threshold, from
    ``(fpr, fnr) = (0, 1)``) crosses ``fpr = fnr``. ``average``: None (one value per label), "micro"
    (the EER of the raveled matrices: every (sample, label) cell one trial), "macro" (mean over labels),
    "weighted" (weighted by each label's number of positives). No "samples" (see
    :data:`PER_LABEL_AVERAGES`). Range: [0, 1], 0 best (0 for labels ranked perfectly, 0.5 for tied scores).
    Undefined cases: a label column (the whole matrix for "micro") with only one class raises
    ``MetricInputError("y_true", ...)`` naming it, as the binary ``equal_error_rate`` does.
    Source: seed 004 (EER, binary); torchmetrics ``multilabel_eer`` (one EER per label).
    """
    return per_label(equal_error_rate, y_true, y_score, average)


def multilabel_roc_curve(y_true, y_score):
    """The ROC curve of each label (column): a list with one ``(fpr, tpr, thresholds)`` per label.

    Formula: element ``j`` is the catalog's binary ``roc_curve(y_true[:, j], y_score[:, j])``: by
    decreasing threshold, ``(0, 0)`` at ``inf``, then ``fpr = FP / N``, ``tpr = TP / P`` at each
    distinct score of the column. The labels' curves differ in length. Range: rates in [0, 1].
    Undefined cases: a label column with only one class raises ``MetricInputError("y_true", ...)``
    naming the column.
    Source: scikit-learn ``roc_curve`` per column (its multilabel ROC example); torchmetrics
    ``multilabel_roc`` with ``thresholds=None`` (its three lists, zipped by label).
    """
    return per_label_curves(roc_curve, y_true, y_score)


def multilabel_precision_recall_curve(y_true, y_score):
    """The precision-recall curve of each label (column): a list with one ``(precision, recall, thresholds)``
    per label.

    Formula: element ``j`` is the catalog's binary ``precision_recall_curve(y_true[:, j], y_score[:, j])``:
    by increasing threshold, ``precision = TP / (TP + FP)`` and ``recall = TP / P`` at each distinct score
    of the column, then the point ``(1, 0)`` without threshold. The labels' curves differ in length.
    Range: values in [0, 1].
    Undefined cases: a label column without positives raises ``MetricInputError("y_true", ...)`` naming
    the column (one without negatives is fine: precision 1).
    Source: scikit-learn ``precision_recall_curve`` per column; torchmetrics
    ``multilabel_precision_recall_curve`` with ``thresholds=None`` (its three lists, zipped by label).
    """
    return per_label_curves(precision_recall_curve, y_true, y_score)


def multilabel_log_auc(y_true, y_score, *, fpr_range=(0.001, 0.1), average="macro"):
    """Log-scaled area under the ROC curve of each label (column) over ``fpr_range``, averaged as ``average`` says.

    Formula: per binary problem, the catalog's ``log_auc``: ``(1 / ln(b / a)) integral_a^b TPR(x) / x dx``
    over ``fpr_range = (a, b)``, the ROC curve joined point to point (the mean TPR over a log-uniform FPR
    in [a, b]). ``average``: None (one value per label), "micro" (of the raveled matrices), "macro" (mean
    over labels), "weighted" (by each label's number of positives); no "samples". Range: [0, 1], 1 best.
    Undefined cases: a label column (the matrix for "micro") with only one class raises
    ``MetricInputError("y_true", ...)`` naming it; ``fpr_range`` must satisfy ``0 < a < b <= 1``.
    Source: Mysinger & Shoichet, J. Chem. Inf. Model. 50 (2010) (logAUC, binary); torchmetrics
    ``multilabel_logauc`` (one value per label, or their mean).
    """
    return per_label(log_auc, y_true, y_score, average, fpr_range=fpr_range)


def multilabel_recall_at_fixed_precision(y_true, y_score, *, min_precision):
    """The largest recall reaching ``min_precision``, for each label (column): a list with one
    ``OperatingPoint(recall, threshold)`` per label.

    Formula: element ``j`` is the catalog's binary ``recall_at_fixed_precision(y_true[:, j], y_score[:, j],
    min_precision=...)``: ``max {TP / P : TP / (TP + FP) >= min_precision}`` over the column's thresholds
    (ties to the highest precision; ``(0.0, inf)`` when no threshold qualifies). Range: recall in [0, 1].
    Undefined cases: a label column without positives raises ``MetricInputError("y_true", ...)`` naming
    it; ``min_precision`` must lie in [0, 1].
    Source: Eban et al. (AISTATS 2017); torchmetrics ``multilabel_recall_at_fixed_precision`` (its two
    per-label tensors, zipped by label).
    """
    return per_label_curves(recall_at_fixed_precision, y_true, y_score, min_precision=min_precision)


def multilabel_precision_at_fixed_recall(y_true, y_score, *, min_recall):
    """The largest precision reaching ``min_recall``, for each label (column): a list with one
    ``OperatingPoint(precision, threshold)`` per label.

    Formula: element ``j`` is the catalog's binary ``precision_at_fixed_recall`` of column ``j``:
    ``max {TP / (TP + FP) : TP / P >= min_recall}`` over the column's thresholds (ties to the highest
    recall). Range: precision in [0, 1].
    Undefined cases: a label column without positives raises ``MetricInputError("y_true", ...)`` naming
    it; ``min_recall`` must lie in [0, 1].
    Source: Eban et al. (AISTATS 2017); torchmetrics ``multilabel_precision_at_fixed_recall``.
    """
    return per_label_curves(precision_at_fixed_recall, y_true, y_score, min_recall=min_recall)


def multilabel_sensitivity_at_specificity(y_true, y_score, *, min_specificity):
    """The largest sensitivity (TPR) reaching ``min_specificity``, for each label (column): a list with one
    ``OperatingPoint(sensitivity, threshold)`` per label.

    Formula: element ``j`` is the catalog's binary ``sensitivity_at_specificity`` of column ``j``:
    ``max {TP / P : TN / N >= min_specificity}`` over the column's ROC points, "predict nothing"
    (threshold inf) included (ties to the highest specificity). Range: [0, 1].
    Undefined cases: a label column with only one class raises ``MetricInputError("y_true", ...)``
    naming it; ``min_specificity`` must lie in [0, 1].
    Source: Pepe (2003), ch. 4; torchmetrics ``multilabel_sensitivity_at_specificity``.
    """
    return per_label_curves(sensitivity_at_specificity, y_true, y_score, min_specificity=min_specificity)


def multilabel_specificity_at_sensitivity(y_true, y_score, *, min_sensitivity):
    """The largest specificity reaching ``min_sensitivity``, for each label (column): a list with one
    ``OperatingPoint(specificity, threshold)`` per label.

    Formula: element ``j`` is the catalog's binary ``specificity_at_sensitivity`` of column ``j``:
    ``max {TN / N : TP / P >= min_sensitivity}`` over the column's ROC points (ties to the highest
    sensitivity). Range: [0, 1].
    Undefined cases: a label column with only one class raises ``MetricInputError("y_true", ...)``
    naming it; ``min_sensitivity`` must lie in [0, 1].
    Source: Pepe (2003), ch. 4; torchmetrics ``multilabel_specificity_at_sensitivity``.
    """
    return per_label_curves(specificity_at_sensitivity, y_true, y_score, min_sensitivity=min_sensitivity)
