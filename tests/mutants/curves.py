"""Wrong implementations of the curves family, each a bug seen in the wild.

Most mutants corrupt one step of the computation (the counting of true and
false positives per threshold, a normalisation, an end point) and reuse the
rest of :mod:`metrics.curves`, so each names exactly the properties that must
notice that one step going wrong.
"""

from __future__ import annotations

import functools

import numpy as np

import metrics
from metrics import curves
from tests.mutants import Mutant

BINARY = ("precision_recall_curve", "average_precision", "roc_curve", "roc_auc", "det_curve", "equal_error_rate")
CURVES = ("precision_recall_curve", "roc_curve", "det_curve")
AP_LABELS = ("step", "all_points", "11_points", "trapezoid", "trapezoid_first_precision", "trapezoid_zero_start")


def _ids(*ids: str) -> tuple[str, ...]:
    return tuple(f"curves.{i}" for i in ids)


def _each(template: str, names) -> tuple[str, ...]:
    return _ids(*(template.format(n) for n in names))


ALL_OUTPUTS = (
    "precision_recall_curve", "roc_curve", "det_curve", "roc_auc", "equal_error_rate",
    *(f"average_precision:{a}" for a in AP_LABELS),
)


# ---------------------------------------------------------------- a wrong counting step


def _with_counts(counts, name):
    """metrics.curves.<name>, computed with ``counts`` in place of the per-threshold counting."""
    original = getattr(curves, name)

    @functools.wraps(original)
    def mutant(*args, **kwargs):
        saved = curves._counts_at_thresholds
        curves._counts_at_thresholds = counts
        try:
            return original(*args, **kwargs)
        finally:
            curves._counts_at_thresholds = saved

    return mutant


def _counts_per_sample(is_pos, score, weight):
    """Every sample its own threshold: tied samples are split in input order."""
    order = np.argsort(-score, kind="stable")
    w = np.ones(score.shape[0]) if weight is None else weight[order]
    return np.cumsum(w * is_pos[order]), np.cumsum(w * ~is_pos[order]), score[order]


def _counts_ignoring_weights(is_pos, score, weight):
    return _ORIGINAL_COUNTS(is_pos, score, None)


def _counts_of_rounded_scores(is_pos, score, weight):
    """Scores rounded to 6 decimals first (a 'binning for speed' shortcut)."""
    return _ORIGINAL_COUNTS(is_pos, np.round(score, 6), weight)


_ORIGINAL_COUNTS = curves._counts_at_thresholds


def _all_binary(counts):
    return {name: _with_counts(counts, name) for name in BINARY}


# ---------------------------------------------------------------- input handling


def _permissive(name, *, truncate=False, drop_non_finite=False, binarize=False, nan_when_undefined=False):
    """A metric that cleans its input instead of refusing it."""
    original = getattr(metrics, name)

    def mutant(y_true, y_score, **kwargs):
        y, s = np.asarray(y_true), np.asarray(y_score, dtype=float)
        if truncate:
            n = min(len(y), len(s))
            y, s = y[:n], s[:n]
        if drop_non_finite:
            keep = np.isfinite(s)
            y, s = y[keep], s[keep]
        if binarize:
            y = (y == 1).astype(int)
        if nan_when_undefined:
            needs_negative = name not in ("precision_recall_curve", "average_precision")
            if y.size == 0 or not (y == 1).any() or (needs_negative and (y == 1).all()):
                return float("nan")
        return original(y, s, **kwargs)

    return mutant


def _permissive_auc(x, y):
    """np.trapz-style: sorts x, keeps NaN, zips to the shorter length, 0 for one point."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    n = min(len(x), len(y))
    x, y = x[:n], y[:n]
    if n < 2:
        return 0.0
    order = np.argsort(x, kind="stable")
    x, y = x[order], y[order]
    return float(np.sum(np.diff(x) * (y[1:] + y[:-1]) / 2))


# ---------------------------------------------------------------- curves


def _roc_without_origin(y_true, y_score, **kw):
    fpr, tpr, thr = curves.roc_curve(y_true, y_score, **kw)
    return fpr[1:], tpr[1:], thr[1:]


def _roc_fpr_over_all_samples(y_true, y_score, **kw):
    fpr, tpr, thr = curves.roc_curve(y_true, y_score, **kw)
    is_pos = curves._positive_mask(y_true, kw.get("pos_label"))
    n_neg = (~is_pos).sum()
    return fpr * n_neg / is_pos.size, tpr, thr


def _pr_without_end_point(y_true, y_score, **kw):
    p, r, thr = curves.precision_recall_curve(y_true, y_score, **kw)
    return p[:-1], r[:-1], thr


def _pr_recall_over_all_samples(y_true, y_score, **kw):
    p, r, thr = curves.precision_recall_curve(y_true, y_score, **kw)
    is_pos = curves._positive_mask(y_true, kw.get("pos_label"))
    return p, r * is_pos.sum() / is_pos.size, thr


def _pr_with_empty_top_threshold(y_true, y_score, **kw):
    """Adds a threshold above every score: nothing predicted, precision 0/0 = NaN."""
    p, r, thr = curves.precision_recall_curve(y_true, y_score, **kw)
    with np.errstate(invalid="ignore"):
        empty = np.float64(0.0) / np.float64(0.0)
    return np.concatenate((p[:-1], [empty, 1.0])), np.concatenate((r[:-1], [0.0, 0.0])), np.append(thr, np.inf)


def _nan_without_negatives(name):
    original = getattr(curves, name)

    def mutant(y_true, y_score, **kw):
        out = original(y_true, y_score, **kw)
        if curves._positive_mask(y_true, kw.get("pos_label")).all():  # N = 0 used as a divisor
            return (np.full_like(out[0], np.nan), *out[1:]) if isinstance(out, tuple) else float("nan")
        return out

    return mutant


def _rates_in_percent(name):
    """The rates of a curve in percent, as plots label their axes (thresholds untouched)."""
    original = getattr(curves, name)

    def mutant(y_true, y_score, **kw):
        first, second, thresholds = original(y_true, y_score, **kw)
        return 100.0 * first, 100.0 * second, thresholds

    return mutant


def _det_with_tpr(y_true, y_score, **kw):
    fpr, fnr, thr = curves.det_curve(y_true, y_score, **kw)
    return fpr, 1.0 - fnr, thr


# ---------------------------------------------------------------- average precision


def _ap_variant(*, step=None, envelope=None, eleven=None):
    """average_precision with one interpolation computed another way."""

    def mutant(y_true, y_score, *, interpolation=None, pos_label=None, sample_weight=None):
        chosen = {None: step, "all_points": envelope, "11_points": eleven}.get(interpolation, None)
        if chosen is None:
            return curves.average_precision(y_true, y_score, interpolation=interpolation, pos_label=pos_label,
                                            sample_weight=sample_weight)
        is_pos, score, weight = curves._binary_input(y_true, y_score, pos_label, sample_weight)
        tps, fps, _ = curves._counts_at_thresholds(is_pos, score, weight)
        curves._require_classes(tps, fps, negatives=False)
        return float(chosen(tps, fps))

    return mutant


def _step_not_normalised(tps, fps):
    return np.dot(np.diff(tps, prepend=0), tps / (tps + fps))


def _step_as_trapezoid(tps, fps):
    precision = np.append((tps / (tps + fps))[::-1], 1.0)
    recall = np.append((tps / tps[-1])[::-1], 0.0)
    return curves.auc(recall, precision)


def _envelope_running_min(tps, fps):
    low = np.minimum.accumulate((tps / (tps + fps))[::-1])[::-1]
    return np.dot(np.diff(tps, prepend=0), low) / tps[-1]


def _envelope_not_normalised(tps, fps):
    return np.dot(np.diff(tps, prepend=0), curves._precision_envelope(tps / (tps + fps)))


def _eleven_over_ten(tps, fps):
    envelope = curves._precision_envelope(tps / (tps + fps))
    return envelope[np.searchsorted(tps / tps[-1], np.arange(11) / 10)].sum() / 10


def _unknown_interpolation_is_step(y_true, y_score, *, interpolation=None, **kw):
    if interpolation not in curves.AP_INTERPOLATIONS:
        interpolation = None
    return curves.average_precision(y_true, y_score, interpolation=interpolation, **kw)


# ---------------------------------------------------------------- ROC AUC


def _auc_ties_count_zero(y_true, y_score, **kw):
    y, s = np.asarray(y_true), np.asarray(y_score, dtype=float)
    if s.ndim == 2:
        return curves.roc_auc(y_true, y_score, **kw)
    pos, neg = s[y == 1], s[y != 1]
    return float((pos[:, None] > neg[None, :]).mean())


def _auc_lower_is_positive(y_true, y_score, **kw):
    return 1.0 - curves.roc_auc(y_true, y_score, **kw)


def _gini_for_auc(y_true, y_score, **kw):
    return 2.0 * curves.roc_auc(y_true, y_score, **kw) - 1.0


def _weighted_is_macro(y_true, y_score, *, average="macro", **kw):
    return curves.roc_auc(y_true, y_score, average="macro", **kw)


def _unknown_average_is_macro(y_true, y_score, *, average="macro", **kw):
    return curves.roc_auc(y_true, y_score, average=average if average in ("macro", "weighted") else "macro", **kw)


# ---------------------------------------------------------------- EER and auc


def _eer_operating_points(y_true, y_score, **kw):
    fpr, tpr, _ = curves.roc_curve(y_true, y_score, **kw)
    return fpr, 1.0 - tpr


def _eer_first_crossing_fpr(y_true, y_score, **kw):
    """Threshold sweep without interpolation: the fpr where it first reaches the fnr."""
    fpr, fnr = _eer_operating_points(y_true, y_score, **kw)
    return float(fpr[np.argmax(fnr - fpr <= 0)])


def _eer_nearest_point_mean(y_true, y_score, **kw):
    fpr, fnr = _eer_operating_points(y_true, y_score, **kw)
    k = int(np.argmin(np.abs(fnr - fpr)))
    return float((fpr[k] + fnr[k]) / 2)


def _eer_complement(y_true, y_score, **kw):
    return 1.0 - curves.equal_error_rate(y_true, y_score, **kw)


def _eer_percent(y_true, y_score, **kw):
    return 100.0 * curves.equal_error_rate(y_true, y_score, **kw)


def _auc_left_riemann(x, y):
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    return float(abs(np.sum(np.diff(x) * y[:-1])))


# ---------------------------------------------------------------- the mutants

MUTANTS = [
    Mutant("curves-no-tie-grouping", _all_binary(_counts_per_sample),
           catches=_each("permutation_invariance[{}]", BINARY) + _ids("claim.seed000.distinct_thresholds")),
    Mutant("curves-weights-ignored", _all_binary(_counts_ignoring_weights),
           catches=_each("integer_weights[{}]", BINARY)),
    Mutant("curves-scores-rounded", _all_binary(_counts_of_rounded_scores),
           catches=_each("monotone_invariance[{}]", ALL_OUTPUTS)),
    Mutant("curves-truncate-to-shorter", {n: _permissive(n, truncate=True) for n in BINARY},
           catches=_each("refuses_bad_input[{}]", BINARY)),
    Mutant("curves-drop-non-finite", {n: _permissive(n, drop_non_finite=True) for n in BINARY},
           catches=_each("refuses_bad_input[{}]", BINARY)),
    Mutant("curves-label-one-vs-anything", {n: _permissive(n, binarize=True) for n in BINARY},
           catches=_each("refuses_bad_input[{}]", BINARY)),
    Mutant("curves-nan-when-undefined", {n: _permissive(n, nan_when_undefined=True) for n in BINARY},
           catches=_each("refuses_bad_input[{}]", BINARY)
           + _each("one_class[{}]", ("roc_curve", "roc_auc", "det_curve", "equal_error_rate"))
           + _each("no_positive[{}]", ("precision_recall_curve", "average_precision"))),
    Mutant("auc-trapz-permissive", {"auc": _permissive_auc},
           catches=_ids("refuses_bad_input[auc]")),
    Mutant("auc-left-riemann", {"auc": _auc_left_riemann},
           catches=_ids("linear_exact[auc]", "orientation[auc]", "trapezoid[roc_auc]", "definition[auc]")),
    Mutant("roc-curve-without-origin", {"roc_curve": _roc_without_origin},
           catches=_ids("roc_curve_shape", "sklearn[roc_curve]", "det_is_roc[det_curve]", "definition[roc_curve]")),
    Mutant("roc-fpr-over-all-samples", {"roc_curve": _roc_fpr_over_all_samples},
           catches=_ids("definition[roc_curve]", "claim.seed000.fpr_is_negative_miss_rate",
                        "claim.seed000.roc_ratio_table.left_a", "claim.seed000.roc_ratio_table.left_b",
                        "claim.seed000.roc_ratio_table.right_a", "claim.seed000.roc_ratio_table.right_b")),
    Mutant("pr-curve-without-end-point", {"precision_recall_curve": _pr_without_end_point},
           catches=_ids("claim.seed000.pr_final_point", "claim.seed002.ap_formula",
                        "definition[precision_recall_curve]")),
    Mutant("pr-recall-over-all-samples", {"precision_recall_curve": _pr_recall_over_all_samples},
           catches=_ids("pr_curve_shape", "sklearn[precision_recall_curve]", "definition[precision_recall_curve]",
                        "step_sum[average_precision]", "envelope[average_precision:all_points]",
                        "eleven_points[average_precision:11_points]",
                        *(f"claim.seed004.detection_table.rank_{k}" for k in range(1, 11)))),
    Mutant("pr-empty-top-threshold", {"precision_recall_curve": _pr_with_empty_top_threshold},
           catches=_ids("no_nan")),
    Mutant("nan-without-negatives", {n: _nan_without_negatives(n) for n in ("precision_recall_curve", "average_precision")},
           catches=_ids("no_negative[precision_recall_curve]", "no_negative[average_precision]")),
    Mutant("curves-rates-in-percent", {n: _rates_in_percent(n) for n in CURVES},
           catches=_each("bounds[{}]", CURVES) + _ids("roc_curve_shape", "pr_curve_shape", "det_curve_shape")),
    Mutant("det-curve-returns-tpr", {"det_curve": _det_with_tpr},
           catches=_ids("det_curve_shape", "det_is_roc[det_curve]", "sklearn[det_curve]",
                        "claim.seed004.frr_is_one_minus_tpr")),
    Mutant("ap-step-not-normalised", {"average_precision": _ap_variant(step=_step_not_normalised)},
           catches=_ids("bounds[average_precision]", "perfect[average_precision]",
                        "claim.seed002.ap_range")),
    Mutant("ap-step-as-trapezoid", {"average_precision": _ap_variant(step=_step_as_trapezoid)},
           catches=_ids("step_sum[average_precision]", "sklearn[average_precision]",
                        "all_tied[average_precision:step]", "claim.seed002.ap_formula")),
    Mutant("ap-envelope-running-min", {"average_precision": _ap_variant(envelope=_envelope_running_min)},
           catches=_ids("envelope[average_precision:all_points]", "interpolation_order[average_precision]",
                        "claim.seed000.interpolation_inflates.all_points")),
    Mutant("ap-envelope-not-normalised", {"average_precision": _ap_variant(envelope=_envelope_not_normalised)},
           catches=_ids("bounds[average_precision]", "perfect[average_precision]",
                        "all_tied[average_precision:all_points]", "claim.seed004.ap_range")),
    Mutant("ap-eleven-points-over-ten", {"average_precision": _ap_variant(eleven=_eleven_over_ten)},
           catches=_ids("bounds[average_precision]", "perfect[average_precision]",
                        "all_tied[average_precision:11_points]", "eleven_points[average_precision:11_points]")),
    Mutant("ap-unknown-interpolation-is-step", {"average_precision": _unknown_interpolation_is_step},
           catches=_ids("refuse_interpolation[average_precision]")),
    Mutant("roc-auc-ties-count-zero", {"roc_auc": _auc_ties_count_zero},
           catches=_ids("complement_scores[roc_auc]", "complement_labels[roc_auc]", "mann_whitney[roc_auc]",
                        "definition[roc_auc]", "trapezoid[roc_auc]", "all_tied[roc_auc]", "sklearn[roc_auc]",
                        "claim.seed004.random_classifier_half")),
    Mutant("roc-auc-lower-score-is-positive", {"roc_auc": _auc_lower_is_positive},
           catches=_ids("perfect[roc_auc]", "raise_positive[roc_auc]", "definition[roc_auc]",
                        "claim.seed004.perfect_classifier_one")),
    Mutant("roc-auc-gini", {"roc_auc": _gini_for_auc},
           catches=_ids("bounds[roc_auc]", "definition[roc_auc]", "claim.seed000.roc_auc_range")),
    Mutant("roc-auc-weighted-is-macro", {"roc_auc": _weighted_is_macro},
           catches=_ids("multiclass_ovr[roc_auc]", "sklearn[roc_auc:multiclass]")),
    Mutant("roc-auc-unknown-average-is-macro", {"roc_auc": _unknown_average_is_macro},
           catches=_ids("refuse_average[roc_auc]")),
    Mutant("eer-first-crossing-fpr", {"equal_error_rate": _eer_first_crossing_fpr},
           catches=_ids("all_tied[equal_error_rate]", "eer_crossing[equal_error_rate]",
                        "definition[equal_error_rate]")),
    Mutant("eer-nearest-point-mean", {"equal_error_rate": _eer_nearest_point_mean},
           catches=_ids("claim.seed004.eer_on_diagonal", "definition[equal_error_rate]")),
    Mutant("eer-complement", {"equal_error_rate": _eer_complement},
           catches=_ids("perfect[equal_error_rate]", "definition[equal_error_rate]")),
    Mutant("eer-percent", {"equal_error_rate": _eer_percent},
           catches=_ids("bounds[equal_error_rate]", "definition[equal_error_rate]")),
]


# ---------------------------------------------------------------- operating points and log AUC

#: operating-point metric -> its constraint keyword
OPERATING = {"recall_at_fixed_precision": "min_precision", "precision_at_fixed_recall": "min_recall",
             "sensitivity_at_specificity": "min_specificity", "specificity_at_sensitivity": "min_sensitivity"}
ROC_OPERATING = ("sensitivity_at_specificity", "specificity_at_sensitivity")


def _op_rates(name, y_true, y_score, pos_label=None, sample_weight=None):
    """(value, constraint rate, thresholds) of the candidate points of ``name``, by decreasing threshold."""
    is_pos, score, weight = curves._binary_input(y_true, y_score, pos_label, sample_weight)
    if name in ROC_OPERATING:
        tps, fps, thr = curves._roc_points(is_pos, score, weight)
    else:
        tps, fps, thr = curves._counts_at_thresholds(is_pos, score, weight)
        curves._require_classes(tps, fps, negatives=False)
    recall, negatives = tps / tps[-1], fps[-1]
    rates = {"recall_at_fixed_precision": lambda: (recall, tps / (tps + fps)),
             "precision_at_fixed_recall": lambda: (tps / (tps + fps), recall),
             "sensitivity_at_specificity": lambda: (recall, (negatives - fps) / negatives),
             "specificity_at_sensitivity": lambda: ((negatives - fps) / negatives, recall)}[name]()
    return (*rates, thr)


def _op_mutant(name, *, meets=lambda rate, m: rate >= m, tie=np.argmax, threshold_step=0, minimum=lambda m: m):
    """``name`` with one step done another way: which points meet the constraint, the tie rule among the
    best ones, the threshold reported (``threshold_step`` points lower), or the constraint as read."""
    keyword = OPERATING[name]

    def mutant(y_true, y_score, **kw):
        m = minimum(kw.pop(keyword))
        value, rate, thr = _op_rates(name, y_true, y_score, **kw)
        feasible = meets(rate, m)
        if not feasible.any():
            return curves.OperatingPoint(0.0, float("inf"))
        best = value[feasible].max()
        at_best = np.flatnonzero(feasible & (value == best))
        i = min(at_best[tie(rate[at_best])] + threshold_step, thr.shape[0] - 1)
        return curves.OperatingPoint(float(best), float(thr[i]))

    return mutant


def _op_scores_negated(name):
    original = getattr(curves, name)
    return lambda y_true, y_score, **kw: original(y_true, -np.asarray(y_score, dtype=float), **kw)


def _op_constraint_clipped(name):
    keyword, original = OPERATING[name], getattr(curves, name)

    def mutant(y_true, y_score, **kw):
        m = kw.pop(keyword)
        return original(y_true, y_score, **kw, **{keyword: 0.0 if m != m else min(max(m, 0.0), 1.0)})

    return mutant


def _op_nan_when_undefined(name):
    keyword, original = OPERATING.get(name), getattr(curves, name)

    def mutant(y_true, y_score, **kw):
        y = np.asarray(y_true)
        if not (y == 1).any() or (name in (*ROC_OPERATING, "log_auc") and (y == 1).all()):
            return curves.OperatingPoint(float("nan"), float("nan")) if keyword else float("nan")
        return original(y_true, y_score, **kw)

    return mutant


def _log_auc_variant(area_of):
    """log_auc with the area over the ROC points (fpr, tpr) in the range computed by ``area_of(fpr, tpr, a, b)``."""

    def mutant(y_true, y_score, *, fpr_range=(0.001, 0.1), pos_label=None, sample_weight=None):
        low, high = curves._check_fpr_range(fpr_range)
        is_pos, score, weight = curves._binary_input(y_true, y_score, pos_label, sample_weight)
        tps, fps, _ = curves._roc_points(is_pos, score, weight)
        return float(area_of(fps / fps[-1], tps / tps[-1], low, high))

    return mutant


def _log_trapezoid(fpr, tpr, low, high):
    """Mysinger and Shoichet's sum as torchmetrics computes it: the curve cut at the range's ends by linear
    interpolation, then the trapezoidal rule in log10 FPR between the points."""
    inside = (fpr > low) & (fpr < high)
    x = np.concatenate(([low], fpr[inside], [high]))
    y = np.concatenate(([np.interp(low, fpr, tpr)], tpr[inside], [np.interp(high, fpr, tpr)]))
    return np.sum(np.diff(np.log10(x)) * (y[1:] + y[:-1]) / 2) / np.log10(high / low)


def _tpr_at_right_end(fpr, tpr, low, high):
    """Each segment counted at the TPR of its right end (an upper Riemann sum in log FPR)."""
    x = np.clip(fpr, low, high)
    return np.sum(np.diff(np.log(x)) * tpr[1:]) / np.log(high / low)


def _log_auc_over_linear_width(y_true, y_score, *, fpr_range=(0.001, 0.1), **kw):
    low, high = curves._check_fpr_range(fpr_range)
    return curves.log_auc(y_true, y_score, fpr_range=fpr_range, **kw) * np.log(high / low) / (high - low)


def _log_auc_range_clamped(y_true, y_score, *, fpr_range=(0.001, 0.1), **kw):
    """Any fpr_range accepted: sorted, clamped into [1e-12, 1] (NaN taken as the default's low end)."""
    low, high = sorted(0.001 if v != v else min(max(float(v), 1e-12), 1.0) for v in fpr_range)
    return curves.log_auc(y_true, y_score, fpr_range=(low, high if high > low else 1.0), **kw)


MUTANTS += [
    Mutant("operating-point-strict-constraint",
           {n: _op_mutant(n, meets=lambda rate, m: rate > m) for n in OPERATING},
           catches=_each("definition[{}]", OPERATING)),
    Mutant("operating-point-dominated-tie", {n: _op_mutant(n, tie=np.argmin) for n in OPERATING},
           catches=_each("definition[{}]", OPERATING)),
    Mutant("operating-point-next-threshold", {n: _op_mutant(n, threshold_step=1) for n in OPERATING},
           catches=_each("on_the_curve[{}]", OPERATING)),
    Mutant("operating-point-constraint-complemented", {n: _op_mutant(n, minimum=lambda m: 1.0 - m) for n in OPERATING},
           catches=_each("monotone_constraint[{}]", OPERATING) + _each("definition[{}]", OPERATING)),
    Mutant("operating-point-lower-score-is-positive", {n: _op_scores_negated(n) for n in (*OPERATING, "log_auc")},
           catches=_each("raise_positive[{}]", (*OPERATING, "log_auc")) + _ids("worst[log_auc]")),
    Mutant("operating-point-constraint-clipped", {n: _op_constraint_clipped(n) for n in OPERATING},
           catches=_each("refuse_constraint[{}]", OPERATING)),
    Mutant("operating-point-nan-when-undefined", {n: _op_nan_when_undefined(n) for n in (*OPERATING, "log_auc")},
           catches=_each("one_class[{}]", (*ROC_OPERATING, "log_auc"))
           + _each("no_positive[{}]", ("recall_at_fixed_precision", "precision_at_fixed_recall"))),
    Mutant("operating-point-scores-rounded", {n: _with_counts(_counts_of_rounded_scores, n)
                                              for n in (*OPERATING, "log_auc")},
           catches=_each("monotone_invariance[{}]", (*OPERATING, "log_auc"))),
    Mutant("log-auc-log-trapezoid", {"log_auc": _log_auc_variant(_log_trapezoid)},
           catches=_ids("definition[log_auc]", "all_tied[log_auc]")),
    Mutant("log-auc-over-linear-width", {"log_auc": _log_auc_over_linear_width},
           catches=_ids("definition[log_auc]", "range_additivity[log_auc]", "all_tied[log_auc]")),
    Mutant("log-auc-tpr-at-right-end", {"log_auc": _log_auc_variant(_tpr_at_right_end)},
           catches=_ids("definition[log_auc]", "roc_auc_bound[log_auc]")),
    Mutant("log-auc-range-clamped", {"log_auc": _log_auc_range_clamped},
           catches=_ids("refuse_fpr_range[log_auc]")),
]


def roc_auc_label_encoded_scores(y_true, y_score, **kw):
    """A library that label-encodes its inputs, scores included: integer scores look like class labels
    and are refused ("multiclass"). Drawn scores are always floats; the dtype axis offers integer-valued
    scores as int64 (the edge case integer_scores, int64 [1, 2, 3, 4])."""
    if np.asarray(y_score).dtype.kind in "iub":
        raise ValueError("y_score: unknown label type 'multiclass' (integer scores taken as class labels)")
    return curves.roc_auc(y_true, y_score, **kw)


MUTANTS += [
    Mutant("roc-auc-label-encodes-scores", {"roc_auc": roc_auc_label_encoded_scores},
           catches=("curves.dtype_invariance[roc_auc]",)),
]


# ------------------------------------------------------------------ issue 48: the trapezoidal PR areas


def _trapezoid_variant(variant, start):
    """average_precision with the trapezoidal area ``variant`` started from another precision at recall 0:
    ``start(precision by decreasing threshold)``, or the step sum (start None)."""

    def mutant(y_true, y_score, *, interpolation=None, pos_label=None, sample_weight=None):
        real = curves.average_precision(y_true, y_score, interpolation=interpolation, pos_label=pos_label,
                                        sample_weight=sample_weight)  # the real checks
        if interpolation != variant:
            return real
        is_pos, score, weight = curves._binary_input(y_true, y_score, pos_label, sample_weight)
        tps, fps, _ = curves._counts_at_thresholds(is_pos, score, weight)
        precision = tps / (tps + fps)
        gained = np.diff(tps, prepend=0)
        if start is None:
            return float(np.dot(gained, precision) / tps[-1])
        heights = precision + np.concatenate(([start(precision)], precision[:-1]))
        return float(np.dot(gained, heights) / (2 * tps[-1]))

    return mutant


MUTANTS += [
    Mutant("pr_trapezoid_started_at_zero", {"average_precision": _trapezoid_variant("trapezoid", lambda p: 0.0)},
           _ids("definition.trapezoid[average_precision:trapezoid]", "all_tied[average_precision:trapezoid]",
                "relation.trapezoid_is_auc_of_pr_curve[average_precision:trapezoid]",
                "relation.trapezoid_starts[average_precision]", "sklearn[average_precision:trapezoid]")),
    Mutant("pr_trapezoid_first_precision_of_the_lowest_threshold",
           {"average_precision": _trapezoid_variant("trapezoid_first_precision", lambda p: p[-1])},
           _ids("definition.trapezoid[average_precision:trapezoid_first_precision]",
                "relation.trapezoid_starts[average_precision]")),
    Mutant("pr_trapezoid_first_precision_started_at_one",
           {"average_precision": _trapezoid_variant("trapezoid_first_precision", lambda p: 1.0)},
           _ids("all_tied[average_precision:trapezoid_first_precision]")),
    Mutant("pr_trapezoid_zero_start_as_step_sum", {"average_precision": _trapezoid_variant("trapezoid_zero_start", None)},
           _ids("definition.trapezoid[average_precision:trapezoid_zero_start]",
                "all_tied[average_precision:trapezoid_zero_start]",
                "identity.perfect_zero_start[average_precision:trapezoid_zero_start]")),
]
