"""Threshold metrics: precision-recall, ROC and DET curves and their summaries.

Every function here scores a binary ranking: ``y_true`` holds two classes (the
positive one picked by ``pos_label``), ``y_score`` any finite real numbers, ties
allowed; a larger score means "more likely positive". A threshold ``t``
predicts positive every sample with ``y_score >= t``; each distinct score is one
threshold (one operating point), so tied samples always move together.

Conventions (scikit-learn's where it has the metric):

* curves are returned in scikit-learn's orders: ``roc_curve`` by decreasing
  threshold starting at ``(fpr, tpr) = (0, 0)`` with threshold ``inf``;
  ``precision_recall_curve`` by increasing threshold, with a final point
  ``(precision, recall) = (1, 0)`` that has no threshold; ``det_curve`` by
  increasing threshold. No operating point is dropped (scikit-learn's
  ``drop_intermediate=False``), and ``det_curve`` is not trimmed to the points
  between "no false positive" and "no false negative" (scikit-learn trims).
* ``y_true`` labels are {0, 1}, {-1, 1} or booleans unless ``pos_label`` names
  the positive class; any other labelling, or more than two classes, is refused.
* undefined inputs raise :class:`~metrics.errors.MetricInputError` naming
  ``y_true``: no positive sample (recall undefined: every metric here), no
  negative sample (false-positive rate undefined: the ROC/DET family). With
  positives but no negatives, the precision-recall family is defined
  (precision 1 everywhere, AP 1).
* the operating-point metrics (``recall_at_fixed_precision`` and the three
  others) return an :class:`OperatingPoint` ``(value, threshold)``: the best
  rate under a constraint on another rate and the threshold that reaches it
  (torchmetrics' layout). The rates compared with the constraint are each one
  division of the counts (``TN / N``, not ``1 - FP / N``), so a rate equal to
  the constraint's value meets it.

Speed: one sort per call. Unweighted inputs are split by class and each half
is sorted with NumPy's (SIMD) ``np.sort``; a stable ``argsort`` of the two
concatenated sorted runs is then a linear merge, which is cheaper than one
``np.argsort`` of the scores. Weighted inputs use one stable ``argsort``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._validation import as_floats, as_labels, check_choice, check_rate, check_same_length, check_sample_weight
from .errors import MetricInputError

__all__ = [
    "precision_recall_curve",
    "average_precision",
    "roc_curve",
    "roc_auc",
    "det_curve",
    "equal_error_rate",
    "recall_at_fixed_precision",
    "precision_at_fixed_recall",
    "sensitivity_at_specificity",
    "specificity_at_sensitivity",
    "log_auc",
    "auc",
]

#: the trapezoidal PR areas, by the point the curve starts from at recall 0: precision 1 (precision_recall_curve's
#: end point, scikit-learn's auc(recall, precision)), the precision of the highest threshold, or precision 0
PR_TRAPEZOIDS = {"trapezoid": "one", "trapezoid_first_precision": "first", "trapezoid_zero_start": "zero"}
AP_INTERPOLATIONS = (None, "all_points", "11_points", *PR_TRAPEZOIDS)
ROC_AUC_AVERAGES = ("macro", "weighted")


# ---------------------------------------------------------------- input handling


def _positive_mask(y_true, pos_label) -> np.ndarray:
    """Boolean mask of the positive samples of a binary ``y_true``."""
    y = as_labels(y_true, "y_true")
    if pos_label is not None:
        is_pos = y == pos_label
        if not isinstance(is_pos, np.ndarray):  # incomparable types: numpy returns a scalar
            raise MetricInputError("pos_label", f"{pos_label!r} cannot be compared with the labels of y_true")
        rest = y[~is_pos]
        if rest.size and (rest != rest[0]).any():
            raise MetricInputError(
                "y_true", f"has more than two classes; a binary metric needs exactly two (pos_label={pos_label!r})"
            )
        return is_pos
    kind = y.dtype.kind
    if kind == "b":
        return y
    if kind in "iuf":
        lo, hi = y.min(), y.max()
        if lo >= 0 and hi <= 1:
            if kind != "f" or ((y == 0) | (y == 1)).all():
                return y == 1
        elif lo == -1 and hi == 1 and not (y == 0).any():
            if kind != "f" or ((y == -1) | (y == 1)).all():
                return y == 1
        classes = np.unique(y)
    else:
        classes = np.unique(y)
    shown = ", ".join(repr(c) for c in classes[:5].tolist()) + (", ..." if classes.size > 5 else "")
    if classes.size > 2:
        raise MetricInputError("y_true", f"has {classes.size} classes ({shown}); a binary metric needs two")
    raise MetricInputError(
        "y_true", f"labels ({shown}) are not {{0, 1}} or {{-1, 1}}; pass pos_label to name the positive class"
    )


def _binary_input(y_true, y_score, pos_label, sample_weight):
    is_pos = _positive_mask(y_true, pos_label)
    score = as_floats(y_score, "y_score")
    check_same_length("y_true", is_pos, "y_score", score)
    weight = check_sample_weight(sample_weight, score.shape[0])
    return is_pos, score, weight


def _require_classes(tps: np.ndarray, fps: np.ndarray, *, negatives: bool) -> None:
    if not tps[-1] > 0:
        raise MetricInputError("y_true", "contains no positive sample (with positive weight); recall is undefined")
    if negatives and not fps[-1] > 0:
        raise MetricInputError(
            "y_true", "contains no negative sample (with positive weight); the false-positive rate is undefined"
        )


# ---------------------------------------------------------------- the one sort


def _ranked(is_pos: np.ndarray, score: np.ndarray, weight: np.ndarray | None):
    """(scores, is-positive, weights) of the samples by decreasing score: the one sort.

    Without weights the classes are sorted apart (SIMD ``np.sort``) and merged: a
    stable ``argsort`` of two concatenated sorted runs is a linear merge.
    """
    if weight is None:
        neg_sorted = np.sort(score[~is_pos])
        pos_sorted = np.sort(score[is_pos])
        merged = np.concatenate((neg_sorted, pos_sorted))
        order = np.argsort(merged, kind="stable")[::-1]
        return merged[order], order >= neg_sorted.shape[0], None
    order = np.argsort(score, kind="stable")[::-1]
    return score[order], is_pos[order], weight[order]


def _counts_at_thresholds(is_pos: np.ndarray, score: np.ndarray, weight: np.ndarray | None):
    """(tps, fps, thresholds): positives / negatives scored ``>= t`` for each distinct score ``t``.

    ``thresholds`` is strictly decreasing. Counts are int64 without weights
    (exact), float64 sums of weights otherwise.
    """
    ranked_score, ranked_pos, ranked_weight = _ranked(is_pos, score, weight)
    # last index of every run of equal scores (in decreasing order)
    ends = np.flatnonzero(ranked_score[1:] != ranked_score[:-1])
    all_distinct = ends.shape[0] == ranked_score.shape[0] - 1
    if ranked_weight is None:
        tps = np.cumsum(ranked_pos, dtype=np.int64)
        if all_distinct:
            return tps, np.arange(1, tps.shape[0] + 1) - tps, ranked_score
        ends = np.append(ends, ranked_score.shape[0] - 1)
        tps = tps[ends]
        fps = ends + 1 - tps
    else:
        ends = np.append(ends, ranked_score.shape[0] - 1)
        tps = np.cumsum(ranked_weight * ranked_pos)[ends]
        fps = np.cumsum(ranked_weight * ~ranked_pos)[ends]
    return tps, fps, ranked_score[ends]


# ---------------------------------------------------------------- precision-recall


def precision_recall_curve(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Precision and recall at every distinct score used as a threshold.

    For a threshold ``t`` (predict positive when ``y_score >= t``)::

        precision(t) = TP(t) / (TP(t) + FP(t)),   recall(t) = TP(t) / P

    Returns ``(precision, recall, thresholds)``: ``thresholds`` are the distinct
    scores in increasing order; ``precision`` and ``recall`` have one more
    element, the point ``(1, 0)`` with no threshold (scikit-learn's layout).
    The first point (lowest threshold) is "everything positive": recall 1,
    precision = prevalence. Range: every value in [0, 1].

    Undefined: no positive sample in ``y_true`` (recall is 0/0) raises
    ``MetricInputError("y_true", ...)``. No negative sample is fine
    (precision 1 everywhere).

    Source: scikit-learn ``precision_recall_curve``; seeds 000/002
    ("each distinct real value ... is a potential threshold").
    """
    is_pos, score, weight = _binary_input(y_true, y_score, pos_label, sample_weight)
    tps, fps, thresholds = _counts_at_thresholds(is_pos, score, weight)
    _require_classes(tps, fps, negatives=False)
    precision = tps / (tps + fps)
    recall = tps / tps[-1]
    return (
        np.append(precision[::-1], 1.0),
        np.append(recall[::-1], 0.0),
        thresholds[::-1].copy(),
    )


def _precision_envelope(precision_desc: np.ndarray) -> np.ndarray:
    """max precision at any recall >= this point's (points ordered by decreasing threshold)."""
    return np.maximum.accumulate(precision_desc[::-1])[::-1]


def average_precision(y_true, y_score, *, interpolation=None, pos_label=None, sample_weight=None):
    """Average precision: a summary of the precision-recall curve, three named variants.

    With operating points ``k`` ordered by decreasing threshold, recall ``R_k``
    (``R_0 = 0``) and precision ``P_k``:

    * ``interpolation=None`` (scikit-learn's ``average_precision_score``, the
      seeds 000/002 definition): the step sum ``sum_k (R_k - R_{k-1}) P_k``
      = the mean, over positive samples, of the precision at their score.
    * ``"all_points"`` (PASCAL VOC 2010+, the seed 004 detection example): the
      same sum over the precision envelope ``max_{j >= k} P_j`` (the area under
      the "smoothed" curve). Never below the step sum.
    * ``"11_points"`` (PASCAL VOC 2007): ``(1/11) sum_{r in {0, 0.1, ..., 1}}
      max {P_k : R_k >= r}``; the recall levels are ``k/10`` computed exactly
      (the VOC devkit's ``np.arange(0, 1.1, 0.1)`` makes 0.30000000000000004,
      which excludes a recall of exactly 0.3).
    * the trapezoidal PR AUC: the trapezoidal rule over the operating points
      joined by straight segments, ``sum_k (R_k - R_{k-1}) (P_k + P_{k-1}) / 2``,
      from a point ``(R_0, P_0) = (0, P_0)`` whose precision (0/0 there: nothing
      predicted) is a convention, one named variant each:
      ``"trapezoid"``: ``P_0 = 1``, precision_recall_curve's end point, so this is
      scikit-learn's ``auc(recall, precision)``; ``"trapezoid_first_precision"``:
      ``P_0 = P_1``, the precision of the highest threshold (the curve starts
      flat); ``"trapezoid_zero_start"``: ``P_0 = 0``, under which a perfect
      ranking of one positive scores 0.5 (``1 - R_1 / 2`` for any perfect ranking,
      ``R_1`` the recall of the highest threshold). The three differ in the first
      trapezoid only: zero start <= first precision <= trapezoid. Straight
      segments in PR space are not reachable operating points (Davis & Goadrich
      2006): the trapezoid overestimates where precision falls between points
      (the seed 002 caveat), and it is not the step sum.

    Range [0, 1]; 1 for a perfect ranking (``"trapezoid_zero_start"``: ``1 - R_1 /
    2``); all scores tied gives the prevalence ``pi = P / n`` for the step and
    interpolated variants, ``(1 + pi) / 2`` for ``"trapezoid"``, ``pi`` for
    ``"trapezoid_first_precision"`` and ``pi / 2`` for ``"trapezoid_zero_start"``.

    Undefined: no positive sample raises ``MetricInputError("y_true", ...)``;
    no negative sample gives 1.

    Source: scikit-learn ``average_precision_score`` (step); Everingham et al., PASCAL
    VOC devkit 2007 (11 points) and 2010+ (all points); seeds 000/002/004;
    scikit-learn ``auc(recall, precision)`` (trapezoid) and scikit-learn#5073 (the
    three starting points); Davis & Goadrich, "The relationship between
    precision-recall and ROC curves", ICML 2006 (why straight PR segments are not
    achievable).
    """
    check_choice(interpolation, "interpolation", AP_INTERPOLATIONS)
    is_pos, score, weight = _binary_input(y_true, y_score, pos_label, sample_weight)
    if interpolation is None and weight is None and is_pos.any():
        ranked_score, ranked_pos, _ = _ranked(is_pos, score, None)
        if not (ranked_score[1:] == ranked_score[:-1]).any():
            # no ties: the j-th positive from the top, at rank k_j, has precision j / k_j
            rank = np.flatnonzero(ranked_pos) + 1.0
            return float(np.mean(np.arange(1, rank.shape[0] + 1) / rank))
    tps, fps, _ = _counts_at_thresholds(is_pos, score, weight)
    _require_classes(tps, fps, negatives=False)
    precision = tps / (tps + fps)
    if interpolation is None:
        gained = np.diff(tps, prepend=0)
        return float(np.dot(gained, precision) / tps[-1])
    if interpolation in PR_TRAPEZOIDS:
        start = {"one": 1.0, "first": precision[0], "zero": 0.0}[PR_TRAPEZOIDS[interpolation]]
        gained = np.diff(tps, prepend=0)
        heights = precision + np.concatenate(([start], precision[:-1]))
        return float(np.dot(gained, heights) / (2 * tps[-1]))
    envelope = _precision_envelope(precision)
    if interpolation == "all_points":
        gained = np.diff(tps, prepend=0)
        return float(np.dot(gained, envelope) / tps[-1])
    recall = tps / tps[-1]  # non-decreasing, ends at 1
    first_reaching = np.searchsorted(recall, np.arange(11) / 10, side="left")
    return float(envelope[first_reaching].sum() / 11)


# ---------------------------------------------------------------- ROC


def roc_curve(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Receiver operating characteristic: (false-positive rate, true-positive rate) per threshold.

    ``fpr(t) = FP(t) / N`` and ``tpr(t) = TP(t) / P`` with ``N``, ``P`` the
    numbers (weights) of negatives and positives. Returns ``(fpr, tpr,
    thresholds)`` by decreasing threshold: first ``(0, 0)`` at threshold
    ``inf``, then one point per distinct score, the last ``(1, 1)``. Both rates
    are non-decreasing. Range: [0, 1].

    Undefined: ``y_true`` without positives or without negatives raises
    ``MetricInputError("y_true", ...)``.

    Source: scikit-learn ``roc_curve`` with ``drop_intermediate=False``.
    """
    is_pos, score, weight = _binary_input(y_true, y_score, pos_label, sample_weight)
    tps, fps, thresholds = _counts_at_thresholds(is_pos, score, weight)
    _require_classes(tps, fps, negatives=True)
    return (
        np.concatenate(([0.0], fps / fps[-1])),
        np.concatenate(([0.0], tps / tps[-1])),
        np.concatenate(([np.inf], thresholds)),
    )


def _binary_roc_auc(is_pos, score, weight) -> float:
    if weight is None:
        n_pos = int(np.count_nonzero(is_pos))
        n_neg = is_pos.shape[0] - n_pos
        if n_pos and n_neg:
            ranked_score, ranked_pos, _ = _ranked(is_pos, score, None)
            if not (ranked_score[1:] == ranked_score[:-1]).any():
                # no ties: the positive j-th from the top, at rank k_j, is above the
                # n_neg - (k_j - j) negatives below it; U is an exact integer
                above = int(np.flatnonzero(ranked_pos).sum()) - n_pos * (n_pos - 1) // 2
                return float((n_pos * n_neg - above) / (n_pos * n_neg))
    tps, fps, _ = _counts_at_thresholds(is_pos, score, weight)
    _require_classes(tps, fps, negatives=True)
    # Mann-Whitney: each positive beats the negatives scored below it and ties
    # with those scored equal (half a win); 2U is an exact integer without weights.
    pos_here = np.diff(tps, prepend=0)
    neg_here = np.diff(fps, prepend=0)
    neg_below = fps[-1] - fps
    twice_u = np.dot(pos_here, 2 * neg_below + neg_here)
    return float(twice_u / (2 * tps[-1] * fps[-1]))


def roc_auc(y_true, y_score, *, average="macro", labels=None, pos_label=None, sample_weight=None):
    """Area under the ROC curve.

    Binary (``y_score`` 1-D): ``AUC = P(s+ > s-) + P(s+ = s-) / 2`` over all
    (positive, negative) pairs, which equals the trapezoidal area under
    :func:`roc_curve` and the Mann-Whitney ``U / (P N)`` with ties counted as
    one half. Range [0, 1]; 1 for a perfect ranking, 0.5 when all scores tie,
    ``roc_auc(y, -s) = 1 - roc_auc(y, s)``.

    Multiclass (``y_score`` of shape (n, k)): one-vs-rest, column ``j`` scoring
    class ``labels[j]`` (default: the sorted classes of ``y_true``, which must
    number ``k``); ``average="macro"`` is the plain mean of the k binary AUCs,
    ``"weighted"`` weights them by class prevalence. Scores need not be
    probabilities (only their order matters). scikit-learn's
    ``roc_auc_score(..., multi_class="ovr")``.

    Undefined: a class without positives or without negatives raises
    ``MetricInputError("y_true", ...)`` (scikit-learn returns NaN with a warning
    in the binary case).

    Source: scikit-learn ``roc_auc_score``; Mann and Whitney (1947); seeds 000/004.
    """
    check_choice(average, "average", ROC_AUC_AVERAGES)
    y = as_labels(y_true, "y_true")
    score = as_floats(y_score, "y_score", ndim=(1, 2))
    check_same_length("y_true", y, "y_score", score)
    if score.ndim == 1:
        if labels is not None:
            raise MetricInputError("labels", "only used with 2-D (multiclass) y_score")
        is_pos = _positive_mask(y, pos_label)
        weight = check_sample_weight(sample_weight, score.shape[0])
        return _binary_roc_auc(is_pos, score, weight)
    if pos_label is not None:
        raise MetricInputError("pos_label", "not used with 2-D (multiclass) y_score")
    weight = check_sample_weight(sample_weight, score.shape[0])
    if labels is None:
        classes = np.unique(y)
    else:
        classes = as_labels(labels, "labels")
        if np.unique(classes).size != classes.size:
            raise MetricInputError("labels", "contains duplicates")
        if not np.isin(y, classes).all():
            raise MetricInputError("y_true", "contains labels that are not in labels")
    if classes.size < 2:
        raise MetricInputError("y_true", "has fewer than two classes; ROC AUC is undefined")
    if score.shape[1] != classes.size:
        raise MetricInputError(
            "y_score", f"has {score.shape[1]} columns but there are {classes.size} classes"
        )
    aucs = np.array([_binary_roc_auc(y == c, score[:, j], weight) for j, c in enumerate(classes)])
    if average == "macro":
        return float(aucs.mean())
    w = np.ones(y.shape[0]) if weight is None else weight
    prevalence = np.array([w[y == c].sum() for c in classes])
    return float(np.dot(aucs, prevalence) / prevalence.sum())


# ---------------------------------------------------------------- DET and EER


def det_curve(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Detection error tradeoff: (false-positive rate, false-negative rate) per threshold.

    ``fpr(t) = FP(t) / N`` (false acceptance), ``fnr(t) = FN(t) / P = 1 - tpr(t)``
    (false rejection). Returns ``(fpr, fnr, thresholds)``: the points of
    :func:`roc_curve` in reverse, i.e. one point per distinct score by increasing
    threshold, then ``(0, 1)`` at threshold ``inf`` (nothing predicted
    positive); fpr is non-increasing, fnr non-decreasing. Range: [0, 1].
    Plotting on normal-deviate axes is left to the caller.

    Undefined: no positive or no negative sample raises
    ``MetricInputError("y_true", ...)``.

    Source: scikit-learn ``det_curve`` (>= 1.7 adds the same ``inf`` point), which
    in addition trims the curve to the points between the last one without false
    negatives and the first one without false positives; here no point is dropped.
    """
    fpr, tpr, thresholds = roc_curve(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    return fpr[::-1].copy(), (1.0 - tpr)[::-1], thresholds[::-1].copy()


def equal_error_rate(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Equal error rate: the error rate where false positives and false negatives balance.

    Estimator: walk the operating points by decreasing threshold, starting at
    ``(fpr, fnr) = (0, 1)`` (threshold ``inf``); ``fnr - fpr`` falls from 1 to
    -1. Take the last point ``i`` with ``fnr > fpr`` and the next point ``j``
    (``fnr <= fpr``), and return where the straight segment between them (the
    operating points reachable by randomising between the two thresholds)
    crosses ``fpr = fnr``. The result lies in ``[fpr_i, fpr_j]`` and in
    ``[fnr_j, fnr_i]``; it equals a point's rates when that point has
    ``fpr = fnr`` exactly.

    Range [0, 1]; 0 for a perfect ranking; 0.5 when all scores tie.

    Undefined: no positive or no negative sample raises
    ``MetricInputError("y_true", ...)``.

    Source: seed 004 ("the intersection of the y = x line with the DET curve").
    """
    is_pos, score, weight = _binary_input(y_true, y_score, pos_label, sample_weight)
    tps, fps, _ = _counts_at_thresholds(is_pos, score, weight)
    _require_classes(tps, fps, negatives=True)
    fpr = np.concatenate(([0.0], fps / fps[-1]))
    fnr = np.concatenate(([1.0], (tps[-1] - tps) / tps[-1]))
    gap = fnr - fpr
    j = int(np.argmax(gap <= 0))  # exists: the last point has gap -1
    i = j - 1
    share = gap[i] / (gap[i] - gap[j])
    return float(fpr[i] + share * (fpr[j] - fpr[i]))


# ---------------------------------------------------------------- operating points under a constraint


class OperatingPoint(NamedTuple):
    """The best rate at a constrained operating point, and the threshold that reaches it.

    ``threshold`` is a score: predict positive when ``y_score >= threshold``;
    ``inf`` is "predict nothing".
    """

    value: float
    threshold: float


def _best_point(value, secondary, feasible, thresholds) -> OperatingPoint:
    """The largest ``value`` among the ``feasible`` points; among points with that value, the one with the
    largest ``secondary`` rate (no point is dominated by the one returned); no feasible point: (0, inf)."""
    if not feasible.any():
        return OperatingPoint(0.0, float("inf"))
    best = value[feasible].max()
    at_best = np.flatnonzero(feasible & (value == best))
    return OperatingPoint(float(best), float(thresholds[at_best[np.argmax(secondary[at_best])]]))


def _roc_points(is_pos, score, weight):
    """(TP, FP, thresholds) of every ROC point by decreasing threshold, from "predict nothing" (threshold
    inf) to "everything positive"; both classes required."""
    tps, fps, thresholds = _counts_at_thresholds(is_pos, score, weight)
    _require_classes(tps, fps, negatives=True)
    zero = np.zeros(1, dtype=tps.dtype)
    return np.concatenate((zero, tps)), np.concatenate((zero, fps)), np.concatenate(([np.inf], thresholds))


def recall_at_fixed_precision(y_true, y_score, *, min_precision, pos_label=None, sample_weight=None):
    """The largest recall of a threshold whose precision is at least ``min_precision``.

    Over the operating points of :func:`precision_recall_curve` (each distinct
    score ``t`` as a threshold, ``y_score >= t`` predicted positive)::

        recall* = max { TP(t) / P : TP(t) / (TP(t) + FP(t)) >= min_precision }

    Returns ``OperatingPoint(recall*, threshold)``. Ties: of the thresholds
    with the largest recall, the one with the highest precision (the highest
    threshold). "Predict nothing" (threshold ``inf``) has no precision (0/0)
    and is not a candidate; when no threshold reaches ``min_precision`` the
    answer is ``(0.0, inf)``: recall 0 by predicting nothing, the end point
    ``(precision 1, recall 0)`` of the precision-recall curve. torchmetrics
    returns the same recall with a NaN threshold there.

    Range: recall in [0, 1]; 1 for a perfect ranking; non-increasing in
    ``min_precision``; ``min_precision`` at or below the prevalence gives 1.
    Integer ``sample_weight`` counts each sample that many times.

    Undefined: no positive sample (recall 0/0) raises
    ``MetricInputError("y_true", ...)``; without negatives every precision is
    1 (recall 1 at the lowest score). ``min_precision`` must lie in [0, 1].

    Source: Eban et al., "Scalable Learning of Non-Decomposable Objectives"
    (AISTATS 2017), recall at a fixed precision; torchmetrics
    ``binary_recall_at_fixed_precision``.
    """
    minimum = check_rate(min_precision, "min_precision")
    is_pos, score, weight = _binary_input(y_true, y_score, pos_label, sample_weight)
    tps, fps, thresholds = _counts_at_thresholds(is_pos, score, weight)
    _require_classes(tps, fps, negatives=False)
    precision = tps / (tps + fps)
    return _best_point(tps / tps[-1], precision, precision >= minimum, thresholds)


def precision_at_fixed_recall(y_true, y_score, *, min_recall, pos_label=None, sample_weight=None):
    """The largest precision of a threshold whose recall is at least ``min_recall``.

    Over the operating points of :func:`precision_recall_curve`::

        precision* = max { TP(t) / (TP(t) + FP(t)) : TP(t) / P >= min_recall }

    Returns ``OperatingPoint(precision*, threshold)``. Ties: of the thresholds
    with the largest precision, the one with the highest recall (the lowest
    threshold). "Predict nothing" is not a candidate (its precision is 0/0), so
    ``min_recall = 0`` gives the largest precision of any threshold. The lowest
    threshold (everything positive, recall 1) always qualifies: the answer is
    at least the prevalence.

    Range: precision in [0, 1]; 1 for a perfect ranking; non-increasing in
    ``min_recall``.

    Undefined: no positive sample raises ``MetricInputError("y_true", ...)``;
    without negatives the answer is 1 at the lowest score. ``min_recall`` must
    lie in [0, 1].

    Source: Eban et al. (AISTATS 2017), precision at a fixed recall;
    torchmetrics ``binary_precision_at_fixed_recall``.
    """
    minimum = check_rate(min_recall, "min_recall")
    is_pos, score, weight = _binary_input(y_true, y_score, pos_label, sample_weight)
    tps, fps, thresholds = _counts_at_thresholds(is_pos, score, weight)
    _require_classes(tps, fps, negatives=False)
    recall = tps / tps[-1]
    return _best_point(tps / (tps + fps), recall, recall >= minimum, thresholds)


def sensitivity_at_specificity(y_true, y_score, *, min_specificity, pos_label=None, sample_weight=None):
    """The largest sensitivity (TPR) of an ROC operating point whose specificity is at least ``min_specificity``.

    Over the points of :func:`roc_curve`, "predict nothing" (threshold ``inf``,
    sensitivity 0, specificity 1) included::

        sensitivity* = max { TP(t) / P : TN(t) / N >= min_specificity }

    with ``TN(t) = N - FP(t)`` (specificity = 1 - FPR, computed as one
    division). Returns ``OperatingPoint(sensitivity*, threshold)``. Ties: of the
    points with the largest sensitivity, the one with the highest specificity
    (the highest threshold). Always defined: "predict nothing" meets every
    constraint, so ``(0.0, inf)`` is the answer when no score does.

    Range: [0, 1]; 1 for a perfect ranking; non-increasing in
    ``min_specificity``; 1 at ``min_specificity = 0``.

    Undefined: no positive or no negative sample raises
    ``MetricInputError("y_true", ...)``. ``min_specificity`` must lie in [0, 1].

    Source: sensitivity at a fixed specificity, the operating point of
    diagnostic-test evaluation (Pepe, "The Statistical Evaluation of Medical
    Tests for Classification and Prediction", 2003, ch. 4); torchmetrics
    ``binary_sensitivity_at_specificity``.
    """
    minimum = check_rate(min_specificity, "min_specificity")
    is_pos, score, weight = _binary_input(y_true, y_score, pos_label, sample_weight)
    tps, fps, thresholds = _roc_points(is_pos, score, weight)
    specificity = (fps[-1] - fps) / fps[-1]
    return _best_point(tps / tps[-1], specificity, specificity >= minimum, thresholds)


def specificity_at_sensitivity(y_true, y_score, *, min_sensitivity, pos_label=None, sample_weight=None):
    """The largest specificity (1 - FPR) of an ROC operating point whose sensitivity is at least ``min_sensitivity``.

    Over the points of :func:`roc_curve`, "predict nothing" (threshold ``inf``)
    included::

        specificity* = max { TN(t) / N : TP(t) / P >= min_sensitivity }

    Returns ``OperatingPoint(specificity*, threshold)``. Ties: of the points
    with the largest specificity, the one with the highest sensitivity (the
    lowest threshold; torchmetrics returns the highest, a point with the same
    specificity and a lower sensitivity). The lowest score (everything
    positive, sensitivity 1) always qualifies.

    Range: [0, 1]; 1 for a perfect ranking; non-increasing in
    ``min_sensitivity``; 1 at ``min_sensitivity = 0``.

    Undefined: no positive or no negative sample raises
    ``MetricInputError("y_true", ...)``. ``min_sensitivity`` must lie in [0, 1].

    Source: specificity at a fixed sensitivity (Pepe 2003, ch. 4); torchmetrics
    ``binary_specificity_at_sensitivity``.
    """
    minimum = check_rate(min_sensitivity, "min_sensitivity")
    is_pos, score, weight = _binary_input(y_true, y_score, pos_label, sample_weight)
    tps, fps, thresholds = _roc_points(is_pos, score, weight)
    sensitivity = tps / tps[-1]
    return _best_point((fps[-1] - fps) / fps[-1], sensitivity, sensitivity >= minimum, thresholds)


# ---------------------------------------------------------------- log-scaled ROC area


def _check_fpr_range(fpr_range) -> tuple[float, float]:
    try:
        low, high = fpr_range
        low, high = check_rate(low, "fpr_range"), check_rate(high, "fpr_range")
    except (TypeError, ValueError) as exc:
        if isinstance(exc, MetricInputError):
            raise
        raise MetricInputError("fpr_range", f"expected two numbers (low, high), got {fpr_range!r}") from None
    if not 0.0 < low < high:
        raise MetricInputError("fpr_range", f"must satisfy 0 < low < high <= 1, got {fpr_range!r}")
    return low, high


def log_auc(y_true, y_score, *, fpr_range=(0.001, 0.1), pos_label=None, sample_weight=None):
    """Area under the ROC curve against log FPR over ``fpr_range = (a, b)``, normalised to [0, 1].

    ``TPR(x)`` is the ROC curve joined point to point (straight segments in
    linear FPR, as :func:`roc_auc` integrates it: the rates reachable by
    randomising between two thresholds), and::

        log_auc = (1 / log10(b / a)) * integral_a^b TPR(x) d(log10 x)
                = (1 / ln(b / a)) * integral_a^b TPR(x) / x dx

    a mean of the TPR over a log-uniform FPR in [a, b]. Each segment is
    integrated exactly (``TPR`` is linear in x on it), the curve cut at ``a``
    and ``b`` by the same straight segments.

    Why exactly: the value then depends only on the ROC curve, not on how many
    operating points lie on it. Mysinger & Shoichet's sum (the trapezoidal
    rule in log10 FPR between the points) and torchmetrics' ``binary_logauc``
    (that sum, the curve linearly interpolated at ``a`` and ``b``) treat TPR
    as linear in log FPR between points, which lies above the straight ROC
    segment: all scores tied give ``0.0505`` there over the default range, and
    ``(b - a) / (ln 10 * log10(b / a)) = 0.0215`` here, the value of a random
    ranking (the diagonal TPR = FPR; 0.145 over [0.001, 1], the
    "random logAUC" of Mysinger & Shoichet).

    Range [0, 1]; 1 for a perfect ranking (TPR 1 at every FPR > 0); 0 when
    every positive scores below every negative (and ``b < 1``); between the
    curve's TPR at ``a`` and at ``b``.

    Undefined: no positive or no negative sample raises
    ``MetricInputError("y_true", ...)``; ``fpr_range`` must be two numbers with
    ``0 < a < b <= 1`` (``a = 0`` would weigh FPR 0 infinitely).

    Source: Mysinger & Shoichet, "Rapid context-dependent ligand desolvation in
    molecular docking", J. Chem. Inf. Model. 50 (2010) (logAUC, lambda = 0.001);
    torchmetrics ``binary_logauc`` (the range (0.001, 0.1)).
    """
    low, high = _check_fpr_range(fpr_range)
    is_pos, score, weight = _binary_input(y_true, y_score, pos_label, sample_weight)
    tps, fps, _ = _counts_at_thresholds(is_pos, score, weight)
    _require_classes(tps, fps, negatives=True)
    # the ROC points from the last at or below `low` to the first at or above `high` (point 0 is the origin,
    # point k > 0 the k-th threshold's); one point more each side guards the rounding of low * N, and any
    # segment outside the range adds nothing (clipped to zero width below)
    negatives, positives = fps[-1], tps[-1]
    first = max(int(np.searchsorted(fps, low * negatives, side="right")) - 1, 0)
    last = min(int(np.searchsorted(fps, high * negatives, side="left")) + 2, fps.shape[0])
    at = np.arange(first, last + 1)
    x = np.where(at > 0, fps[at - 1] / negatives, 0.0)
    y = np.where(at > 0, tps[at - 1] / positives, 0.0)
    x1, x2, y1, y2 = x[:-1], x[1:], y[:-1], y[1:]
    run = x2 > x1  # vertical steps add no area
    x1, x2, y1, y2 = x1[run], x2[run], y1[run], y2[run]
    slope = (y2 - y1) / (x2 - x1)
    u = np.minimum(np.maximum(x1, low), high)
    v = np.maximum(np.minimum(x2, high), u)
    at_u = y1 + slope * (u - x1)
    growth = (v - u) / u
    log_growth = np.log1p(growth)
    # integral_u^v (TPR(u) + slope (x - u)) / x dx, the second term as u (r - ln(1 + r)), r = (v - u) / u
    area = np.dot(at_u, log_growth) + np.dot(slope * u, growth - log_growth)
    return float(area / np.log(high / low))


# ---------------------------------------------------------------- area


# auc runs over long inputs in blocks of _AUC_BLOCK steps, in small reused
# buffers that stay in cache (no n-sized temporary; each block's sum a BLAS
# ddot below OpenBLAS's 10000-element threading threshold).
_AUC_BLOCK = 8192


def _trapezoid_terms(xs: np.ndarray, ys: np.ndarray):
    """(sum of dx_i (y_i + y_{i+1}), some dx < 0, some dx > 0), block by block."""
    steps = xs.shape[0] - 1
    block = min(steps, _AUC_BLOCK)
    dx_buf, sum_buf = np.empty(block), np.empty(block)
    total, falls, rises = 0.0, False, False
    for start in range(0, steps, block):
        m = min(block, steps - start)
        dx = np.subtract(xs[start + 1:start + 1 + m], xs[start:start + m], out=dx_buf[:m])
        # NaN hides from both: such input is refused from the non-finite area anyway
        falls = falls or bool(np.minimum.reduce(dx) < 0)
        rises = rises or bool(np.maximum.reduce(dx) > 0)
        total += np.dot(dx, np.add(ys[start + 1:start + 1 + m], ys[start:start + m], out=sum_buf[:m]))
    return total, falls, rises


def auc(x, y):
    """Area under a curve given by points, by the trapezoidal rule.

    ``sum_i (x_{i+1} - x_i) (y_i + y_{i+1}) / 2``; ``x`` must be monotonic
    (non-decreasing or non-increasing); a decreasing ``x`` gives the same
    (positive) area as the reversed curve. Any real values; range depends on
    the curve (within [0, 1] for ROC and PR curves).

    Undefined (refused with ``MetricInputError`` naming the argument): fewer
    than two points, NaN/inf, different lengths, a non-monotonic ``x``; NaN/inf
    is reported first. Finiteness is checked only on the way to an error or
    when the area is not finite (any NaN/inf input makes it so); finite
    inputs whose area overflows give that inf, as before.

    Source: scikit-learn ``auc``.
    """
    xs = as_floats(x, "x", allow_nan=True, allow_inf=True)
    try:
        ys = as_floats(y, "y", allow_nan=True, allow_inf=True)
    except MetricInputError:
        as_floats(xs, "x")  # NaN/inf in x is reported before a bad y, as when x was checked in full first
        raise

    def refuse_non_finite():
        as_floats(xs, "x")
        as_floats(ys, "y")

    if xs.shape[0] != ys.shape[0]:
        refuse_non_finite()
        check_same_length("x", xs, "y", ys)
    if xs.shape[0] < 2:
        refuse_non_finite()
        raise MetricInputError("x", f"needs at least 2 points to compute an area, got {xs.shape[0]}")
    with np.errstate(over="ignore", invalid="ignore"):
        total, falls, rises = _trapezoid_terms(xs, ys)
    if falls and rises:
        refuse_non_finite()
        raise MetricInputError("x", "is neither non-decreasing nor non-increasing")
    area = -total if falls else total  # a decreasing x: the area of the reversed curve
    if not np.isfinite(area):
        refuse_non_finite()
    return float(area / 2)
