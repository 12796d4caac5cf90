"""Deliberately wrong multilabel metrics: each a slip seen in multilabel code.

Averages mixed up (macro returned for micro, weighted for macro), per-label values in
the wrong order, the empty-row convention dropped, a label weighted twice, unknown
options read as the default; subset accuracy as label-wise accuracy, Hamming loss
divided by the samples only, FP and FN swapped in the confusion matrices; ranking ties
counted optimistically or by column order, empty rows scored 0, coverage off by one;
AUC and AP that score an undefined column instead of refusing it.
"""

from __future__ import annotations

import functools

import numpy as np

from metrics import multilabel as real
from metrics.classification import matthews_corrcoef
from tests.mutants import Mutant

#: the rates scikit-learn has too, then those only torchmetrics has (they have no sklearn agreement)
RATES = ("multilabel_precision", "multilabel_recall", "multilabel_fbeta", "multilabel_f1", "multilabel_jaccard")
TN_RATES = ("multilabel_accuracy", "multilabel_specificity", "multilabel_negative_predictive_value")
WITH_BINARY = (*RATES[:4], *TN_RATES)
AGREES = ("agrees_with_sklearn", "agrees_with_torchmetrics")


def _ids(law, *metrics):
    return tuple(f"multilabel.{law}[{m}]" for m in metrics)


def _agrees(m):
    return tuple(f"multilabel.{law}[{m}]" for law in AGREES if m not in TN_RATES or law != "agrees_with_sklearn")


# ---------------------------------------------------------------- label-set rates


def _average_swapped(m, when, instead):
    fn = getattr(real, m)

    @functools.wraps(fn)
    def wrong(y_true, y_pred, *, average="macro", **kw):
        return fn(y_true, y_pred, average=instead if average == when else average, **kw)

    return wrong


def _per_label_reversed(m):
    fn = getattr(real, m)

    @functools.wraps(fn)
    def wrong(y_true, y_pred, *, average="macro", **kw):
        value = fn(y_true, y_pred, average=average, **kw)
        return value[::-1].copy() if average is None else value

    return wrong


def _empty_rows_skipped(m):
    """average='samples' over the rows with a true or predicted label only (the empty-row convention dropped)."""
    fn = getattr(real, m)

    @functools.wraps(fn)
    def wrong(y_true, y_pred, *, average="macro", **kw):
        if average != "samples":
            return fn(y_true, y_pred, average=average, **kw)
        t, p = np.asarray(y_true), np.asarray(y_pred)
        keep = (t.astype(bool) | p.astype(bool)).any(axis=1)
        return fn(t[keep], p[keep], average=average, **kw) if keep.any() else fn(t, p, average=average, **kw)

    return wrong


def _first_label_twice(m):
    """Macro (and every other average) computed with the first label column duplicated."""
    fn = getattr(real, m)

    @functools.wraps(fn)
    def wrong(y_true, y_pred, *, average="macro", **kw):
        if average is None:
            return fn(y_true, y_pred, average=average, **kw)
        t, p = np.asarray(y_true), np.asarray(y_pred)
        if t.ndim != 2 or p.shape != t.shape:
            return fn(y_true, y_pred, average=average, **kw)
        return fn(np.hstack([t[:, :1], t]), np.hstack([p[:, :1], p]), average=average, **kw)

    return wrong


def _unknown_options_as_default(m):
    fn = getattr(real, m)

    @functools.wraps(fn)
    def wrong(y_true, y_pred, *, average="macro", **kw):
        if average not in real.AVERAGES:
            average = "macro"
        if "zero_division" in kw and kw["zero_division"] == 0.5:
            kw["zero_division"] = 0.0
        if "beta" in kw and not kw["beta"] > 0:
            kw["beta"] = 1.0
        return fn(y_true, y_pred, average=average, **kw)

    return wrong


def _rate_mutants(m):
    binary = m in WITH_BINARY
    relation = lambda law: _ids(law, m) if binary else ()  # noqa: E731
    samples = m != "multilabel_accuracy"  # label-wise accuracy has no 'samples' (and its macro is its micro)
    return [
        Mutant(f"{m}_macro_is_micro", {m: _average_swapped(m, "macro", "micro")},
               _ids("definition", m) + _agrees(m)) if samples else
        Mutant(f"{m}_weighted_is_macro", {m: _average_swapped(m, "weighted", "macro")},
               _ids("definition", m) + _agrees(m)),
        Mutant(f"{m}_micro_is_{'macro' if samples else 'weighted'}",
               {m: _average_swapped(m, "micro", "macro" if samples else "weighted")},
               _ids("definition", m) + relation("micro_is_raveled") + _agrees(m)),
        *([Mutant(f"{m}_samples_is_macro", {m: _average_swapped(m, "samples", "macro")},
                  _ids("definition", m) + relation("samples_is_row_mean")
                  + (() if m in TN_RATES else _ids("agrees_with_sklearn", m))),
           Mutant(f"{m}_empty_rows_skipped", {m: _empty_rows_skipped(m)},
                  _ids("definition", m) + relation("samples_is_row_mean"))] if samples else []),
        Mutant(f"{m}_per_label_reversed", {m: _per_label_reversed(m)},
               _ids("definition", m) + relation("per_label_is_binary") + _ids("label_permutation", m) + _agrees(m)),
        Mutant(f"{m}_first_label_twice", {m: _first_label_twice(m)}, _ids("label_permutation", m)),
        Mutant(f"{m}_unknown_options_as_default", {m: _unknown_options_as_default(m)},
               _ids("refuses_bad_options", m)),
    ]


def jaccard_is_dice(y_true, y_pred, *, average="macro", zero_division=0.0):
    return real.multilabel_f1(y_true, y_pred, average=average, zero_division=zero_division)


def specificity_is_recall(y_true, y_pred, *, average="macro", zero_division=0.0):
    """The positive class read as the negative one: TP / (TP + FN) instead of TN / (TN + FP)."""
    return real.multilabel_recall(y_true, y_pred, average=average, zero_division=zero_division)


def npv_is_precision(y_true, y_pred, *, average="macro", zero_division=0.0):
    return real.multilabel_precision(y_true, y_pred, average=average, zero_division=zero_division)


def accuracy_is_subset_accuracy(y_true, y_pred, *, average="macro"):
    value = real.multilabel_accuracy(y_true, y_pred, average=average)
    exact = real.subset_accuracy(y_true, y_pred)
    return np.full(np.shape(value), exact) if average is None else exact


RATE_MUTANTS = [mutant for m in (*RATES, *TN_RATES) for mutant in _rate_mutants(m)] + [
    Mutant("multilabel_specificity_is_recall", {"multilabel_specificity": specificity_is_recall},
           _ids("definition", "multilabel_specificity") + _ids("per_label_is_binary", "multilabel_specificity")
           + _ids("micro_is_raveled", "multilabel_specificity")
           + _ids("samples_is_row_mean", "multilabel_specificity") + _agrees("multilabel_specificity")),
    Mutant("multilabel_npv_is_precision", {"multilabel_negative_predictive_value": npv_is_precision},
           _ids("definition", "multilabel_negative_predictive_value")
           + _ids("per_label_is_binary", "multilabel_negative_predictive_value")
           + _ids("micro_is_raveled", "multilabel_negative_predictive_value")
           + _agrees("multilabel_negative_predictive_value")),
    Mutant("multilabel_accuracy_is_subset_accuracy", {"multilabel_accuracy": accuracy_is_subset_accuracy},
           _ids("definition", "multilabel_accuracy") + _ids("per_label_is_binary", "multilabel_accuracy")
           + _ids("micro_is_raveled", "multilabel_accuracy") + _agrees("multilabel_accuracy")),
    Mutant("multilabel_jaccard_is_dice", {"multilabel_jaccard": jaccard_is_dice},
           _ids("jaccard_is_f1_over_two_minus_f1", "multilabel_jaccard") + _ids("definition", "multilabel_jaccard")),
]


# ---------------------------------------------------------------- exact match, Hamming loss, confusion matrices


def subset_accuracy_labelwise(y_true, y_pred):
    return 1.0 - real.multilabel_hamming_loss(y_true, y_pred)


def subset_accuracy_first_label(y_true, y_pred):
    real.subset_accuracy(y_true, y_pred)  # the same refusals
    t, p = np.asarray(y_true), np.asarray(y_pred)
    return float(np.mean(t[:, 0] == p[:, 0])) if t.shape[1] > 1 else real.subset_accuracy(t, p)


def hamming_over_samples(y_true, y_pred):
    real.multilabel_hamming_loss(y_true, y_pred)
    t, p = np.asarray(y_true), np.asarray(y_pred)
    return min(1.0, float(np.count_nonzero(t != p)) / t.shape[0])


def hamming_first_label_twice(y_true, y_pred):
    t, p = np.asarray(y_true), np.asarray(y_pred)
    real.multilabel_hamming_loss(t, p)
    return real.multilabel_hamming_loss(np.hstack([t[:, :1], t]), np.hstack([p[:, :1], p]))


def mcc_macro_over_labels(y_true, y_pred):
    """The mean of each label's binary MCC instead of the MCC of the pooled table."""
    real.multilabel_matthews_corrcoef(y_true, y_pred)
    t, p = np.asarray(y_true), np.asarray(y_pred)
    return float(np.mean([matthews_corrcoef(t[:, j], p[:, j]) for j in range(t.shape[1])]))


def mcc_first_label_twice(y_true, y_pred):
    t, p = np.asarray(y_true), np.asarray(y_pred)
    real.multilabel_matthews_corrcoef(t, p)
    return real.multilabel_matthews_corrcoef(np.hstack([t[:, :1], t]), np.hstack([p[:, :1], p]))


def mcc_perfect_constant_is_one(y_true, y_pred):
    """A constant matrix predicted exactly scores 1 (torchmetrics' rule), not the zero-margin 0."""
    value = real.multilabel_matthews_corrcoef(y_true, y_pred)
    return 1.0 if np.array_equal(np.asarray(y_true), np.asarray(y_pred)) else value


def mcm_fp_fn_swapped(y_true, y_pred):
    return real.multilabel_confusion_matrix(y_true, y_pred).transpose(0, 2, 1).copy()  # [[TN, FN], [FP, TP]]


def mcm_labels_reversed(y_true, y_pred):
    return real.multilabel_confusion_matrix(y_true, y_pred)[::-1].copy()


SCALAR_MUTANTS = [
    Mutant("mcc_macro_over_labels", {"multilabel_matthews_corrcoef": mcc_macro_over_labels},
           _ids("definition", "multilabel_matthews_corrcoef") + _ids("micro_is_raveled", "multilabel_matthews_corrcoef")
           + _ids("agrees_with_torchmetrics", "multilabel_matthews_corrcoef")),
    Mutant("mcc_first_label_twice", {"multilabel_matthews_corrcoef": mcc_first_label_twice},
           _ids("label_permutation", "multilabel_matthews_corrcoef")),
    Mutant("mcc_perfect_constant_is_one", {"multilabel_matthews_corrcoef": mcc_perfect_constant_is_one},
           _ids("definition", "multilabel_matthews_corrcoef") + _ids("micro_is_raveled", "multilabel_matthews_corrcoef")),
    Mutant("subset_accuracy_labelwise", {"subset_accuracy": subset_accuracy_labelwise},
           _ids("definition", "subset_accuracy") + _agrees("subset_accuracy")),
    Mutant("subset_accuracy_first_label", {"subset_accuracy": subset_accuracy_first_label},
           _ids("label_permutation", "subset_accuracy") + _ids("hamming_within_subset_error",
                                                                "multilabel_hamming_loss")),
    Mutant("hamming_over_samples", {"multilabel_hamming_loss": hamming_over_samples},
           _ids("definition", "multilabel_hamming_loss") + _agrees("multilabel_hamming_loss")
           + _ids("hamming_within_subset_error", "multilabel_hamming_loss")),
    Mutant("hamming_first_label_twice", {"multilabel_hamming_loss": hamming_first_label_twice},
           _ids("label_permutation", "multilabel_hamming_loss")),
    Mutant("mcm_fp_fn_swapped", {"multilabel_confusion_matrix": mcm_fp_fn_swapped},
           _ids("definition", "multilabel_confusion_matrix") + _agrees("multilabel_confusion_matrix")),
    Mutant("mcm_labels_reversed", {"multilabel_confusion_matrix": mcm_labels_reversed},
           _ids("label_permutation", "multilabel_confusion_matrix")
           + _ids("definition", "multilabel_confusion_matrix")),
]


# ---------------------------------------------------------------- label ranking


def _arrays(y_true, y_score):
    return np.asarray(y_true).astype(bool), np.asarray(y_score, dtype=float)


def lrap_optimistic_ties(y_true, y_score):
    """Ties counted in the label's favour: rank = 1 + the labels scored strictly higher."""
    real.label_ranking_average_precision(y_true, y_score)
    t, s = _arrays(y_true, y_score)
    total = 0.0
    for row_t, row_s in zip(t, s):  # a loop: a mutant need not be fast
        rel = np.flatnonzero(row_t)
        if rel.size in (0, row_t.size):
            total += 1.0
            continue
        total += np.mean([(1 + np.sum(row_s[rel] > row_s[j])) / (1 + np.sum(row_s > row_s[j])) for j in rel])
    return total / len(t)


def lrap_empty_rows_zero(y_true, y_score):
    t, _ = _arrays(y_true, y_score)
    value = real.label_ranking_average_precision(y_true, y_score)
    return value - float(np.mean(~t.any(axis=1)))


def _by_position(s):
    """Scores made distinct by column position (a tie goes to the label further left)."""
    return s - np.arange(s.shape[1]) * 1e-9 * (1 + np.abs(s).max())


def lrap_ties_by_position(y_true, y_score):
    t, s = _arrays(y_true, y_score)
    return real.label_ranking_average_precision(y_true, _by_position(s)) if s.ndim == 2 else \
        real.label_ranking_average_precision(y_true, y_score)


def coverage_strictly_above(y_true, y_score):
    real.coverage_error(y_true, y_score)
    t, s = _arrays(y_true, y_score)
    low = np.where(t, s, np.inf).min(axis=1)
    return float(np.where(t.any(axis=1), (s > low[:, None]).sum(axis=1) + 1, 0).mean())


def coverage_of_all_labels(y_true, y_score):
    t, _ = _arrays(y_true, y_score)
    real.coverage_error(y_true, y_score)
    return float(t.shape[1])


def coverage_ties_by_position(y_true, y_score):
    t, s = _arrays(y_true, y_score)
    return real.coverage_error(y_true, _by_position(s)) if s.ndim == 2 else real.coverage_error(y_true, y_score)


def ranking_loss_ties_half(y_true, y_score):
    real.label_ranking_loss(y_true, y_score)
    t, s = _arrays(y_true, y_score)
    total = 0.0
    for row_t, row_s in zip(t, s):
        rel, irr = row_s[row_t], row_s[~row_t]
        if rel.size and irr.size:
            total += (np.sum(irr[None, :] > rel[:, None]) + 0.5 * np.sum(irr[None, :] == rel[:, None])) / (
                rel.size * irr.size)
    return total / len(t)


def ranking_loss_ties_by_position(y_true, y_score):
    t, s = _arrays(y_true, y_score)
    return real.label_ranking_loss(y_true, _by_position(s)) if s.ndim == 2 else real.label_ranking_loss(y_true, y_score)


def ranking_loss_per_relevant(y_true, y_score):
    """Wrong pairs over the relevant labels only (not over the pairs)."""
    t, _ = _arrays(y_true, y_score)
    n_irrelevant = np.maximum(t.shape[1] - t.sum(axis=1), 1)
    value = real.label_ranking_loss(y_true, y_score)
    return value * float(np.mean(n_irrelevant)) if value else value


RANKING_MUTANTS = [
    Mutant("lrap_optimistic_ties", {"label_ranking_average_precision": lrap_optimistic_ties},
           _ids("definition", "label_ranking_average_precision")
           + _ids("agrees_with_sklearn", "label_ranking_average_precision")
           + _ids("lrap_is_samples_average_precision", "label_ranking_average_precision")),
    Mutant("lrap_empty_rows_zero", {"label_ranking_average_precision": lrap_empty_rows_zero},
           _ids("definition", "label_ranking_average_precision") + _agrees("label_ranking_average_precision")),
    Mutant("lrap_ties_by_position", {"label_ranking_average_precision": lrap_ties_by_position},
           _ids("label_permutation", "label_ranking_average_precision")),
    Mutant("coverage_strictly_above", {"coverage_error": coverage_strictly_above},
           _ids("definition", "coverage_error") + _ids("agrees_with_sklearn", "coverage_error")),
    Mutant("coverage_of_all_labels", {"coverage_error": coverage_of_all_labels},
           _ids("coverage_bounds", "coverage_error") + _agrees("coverage_error")),
    Mutant("coverage_ties_by_position", {"coverage_error": coverage_ties_by_position},
           _ids("label_permutation", "coverage_error")),
    Mutant("ranking_loss_ties_half", {"label_ranking_loss": ranking_loss_ties_half},
           _ids("definition", "label_ranking_loss") + _ids("agrees_with_sklearn", "label_ranking_loss")),
    Mutant("ranking_loss_ties_by_position", {"label_ranking_loss": ranking_loss_ties_by_position},
           _ids("label_permutation", "label_ranking_loss")),
    Mutant("ranking_loss_per_relevant", {"label_ranking_loss": ranking_loss_per_relevant},
           _ids("definition", "label_ranking_loss") + _agrees("label_ranking_loss")),
]


# ---------------------------------------------------------------- per-label ROC AUC and AP

CURVES = ("multilabel_roc_auc", "multilabel_average_precision", "multilabel_equal_error_rate", "multilabel_log_auc")
#: one binary problem per label: no 'samples' (and no reference with a matched convention)
PER_LABEL_ONLY = ("multilabel_equal_error_rate", "multilabel_log_auc")


def _scores_undefined(m, fill):
    """Undefined columns (rows) scored ``fill`` instead of refused (scikit-learn's answers: NaN, 0)."""
    fn = getattr(real, m)

    @functools.wraps(fn)
    def wrong(y_true, y_score, *, average="macro", **kw):
        try:
            return fn(y_true, y_score, average=average, **kw)
        except real.MetricInputError as exc:
            if "undefined" not in str(exc):
                raise
            return np.full(np.asarray(y_true).shape[1], fill) if average is None else fill

    return wrong


def _first_row_twice(m):
    """The first sample counted twice: order-dependent, and still defined wherever the metric is (a sample
    dropped could leave a column with one class)."""
    fn = getattr(real, m)

    @functools.wraps(fn)
    def wrong(y_true, y_score, **kw):
        t, s = np.asarray(y_true), np.asarray(y_score)
        if t.ndim != 2 or s.shape != t.shape or not t.size:
            return fn(y_true, y_score, **kw)
        return fn(np.vstack([t[:1], t]), np.vstack([s[:1], s]), **kw)

    return wrong


def _curve_mutants(m):
    per_label_only = m in PER_LABEL_ONLY
    relations = "binary_per_column_raveled" + ("" if per_label_only else "_and_row")
    agrees = () if per_label_only else _agrees(m)
    return [
        Mutant(f"{m}_first_row_twice", {m: _first_row_twice(m)}, _ids("permutation_invariance", m)),
        Mutant(f"{m}_weighted_is_macro", {m: _average_swapped(m, "weighted", "macro")},
               _ids("definition", m) + agrees),
        Mutant(f"{m}_micro_is_macro", {m: _average_swapped(m, "micro", "macro")},
               _ids("definition", m) + _ids(relations, m) + agrees),
        *([] if per_label_only else [
            Mutant(f"{m}_samples_is_macro", {m: _average_swapped(m, "samples", "macro")},
                   _ids("definition", m) + _ids(relations, m) + _ids("agrees_with_sklearn", m))]),
        Mutant(f"{m}_per_label_reversed", {m: _per_label_reversed(m)},
               _ids("label_permutation", m) + _ids(relations, m)),
        Mutant(f"{m}_scores_undefined", {m: _scores_undefined(m, 0.0)}, _ids("undefined.one_class", m)),
        Mutant(f"{m}_unknown_average_as_macro", {m: _unknown_options_as_default(m)},
               _ids("refuses_bad_options", m)),
    ]


def ap_samples_optimistic(y_true, y_score, *, average="macro"):
    if average != "samples":
        return real.multilabel_average_precision(y_true, y_score, average=average)
    real.multilabel_average_precision(y_true, y_score, average=average)
    return lrap_optimistic_ties(y_true, y_score)


CURVE_MUTANTS = [mutant for m in CURVES for mutant in _curve_mutants(m)] + [
    Mutant("ap_samples_optimistic_ties", {"multilabel_average_precision": ap_samples_optimistic},
           _ids("lrap_is_samples_average_precision", "label_ranking_average_precision")
           + _ids("definition", "multilabel_average_precision")),
]



def eer_min_gap_mean(y_true, y_score, *, average="macro"):
    """Each label's EER as (fpr + fnr) / 2 at the operating point with the smallest |fpr - fnr| (torchmetrics'
    estimator), not the crossing of the segment between the points around it."""
    def at_min_gap(y, s):
        fpr, tpr, _ = real.roc_curve(y, s)
        k = int(np.argmin(np.abs(fpr - (1.0 - tpr))))
        return (fpr[k] + 1.0 - tpr[k]) / 2.0

    real.multilabel_equal_error_rate(y_true, y_score, average=average)  # the same refusals
    t, s = np.asarray(y_true), np.asarray(y_score, dtype=float)
    values = np.array([at_min_gap(t[:, j], s[:, j]) for j in range(t.shape[1])])
    if average == "micro":
        return at_min_gap(t.ravel(), s.ravel())
    if average == "weighted":
        return float(np.average(values, weights=t.sum(axis=0)))
    return values if average is None else float(values.mean())


CURVE_MUTANTS.append(Mutant("eer_min_gap_mean", {"multilabel_equal_error_rate": eer_min_gap_mean},
                            _ids("definition", "multilabel_equal_error_rate")))


# ---------------------------------------------------------------- per-label ROC and precision-recall curves

CURVE_LISTS = ("multilabel_roc_curve", "multilabel_precision_recall_curve", "multilabel_recall_at_fixed_precision",
               "multilabel_precision_at_fixed_recall", "multilabel_sensitivity_at_specificity",
               "multilabel_specificity_at_sensitivity")
CONSTRAINTS = {"multilabel_recall_at_fixed_precision": "min_precision", "multilabel_precision_at_fixed_recall":
               "min_recall", "multilabel_sensitivity_at_specificity": "min_specificity",
               "multilabel_specificity_at_sensitivity": "min_sensitivity"}


def _each_curve(m, change):
    """Every label's curve through ``change(label, (x, y, thresholds))``; the list itself through ``change(None,
    curves)`` first."""
    fn = getattr(real, m)

    @functools.wraps(fn)
    def wrong(y_true, y_score, **kw):
        curves = change(None, list(fn(y_true, y_score, **kw)))
        return [change(j, curve) for j, curve in enumerate(curves)]

    return wrong


def _rates_swapped(j, curve):
    """A curve's x and y swapped; an operating point's value and threshold swapped."""
    return curve if j is None else (curve[1], curve[0], *curve[2:])


def _labels_reversed(j, curves):
    return curves[::-1] if j is None else curves


def _x_doubled(j, curve):
    return curve if j is None else (2.0 * np.asarray(curve[0]), *curve[1:])


def _curves_of_anything(m):
    """Bad input and undefined labels answered with a flat curve per label instead of a refusal."""
    fn = getattr(real, m)

    @functools.wraps(fn)
    def wrong(y_true, y_score, **kw):
        try:
            return fn(y_true, y_score, **kw)
        except Exception:  # noqa: BLE001 - the mutation: every refusal becomes a curve
            shape = np.shape(np.asarray(y_true, dtype=object))
            flat = (np.zeros(2), np.zeros(2), np.zeros(1))
            return [flat] * (shape[1] if len(shape) == 2 else 1)

    return wrong


def _curve_list_mutants(m):
    tm = _ids("agrees_with_torchmetrics", m)
    return [
        Mutant(f"{m}_rates_swapped", {m: _each_curve(m, _rates_swapped)},
               _ids("definition", m) + _ids("per_label_is_binary", m) + tm),
        Mutant(f"{m}_labels_reversed", {m: _each_curve(m, _labels_reversed)},
               _ids("label_permutation", m) + _ids("definition", m) + _ids("per_label_is_binary", m) + tm),
        Mutant(f"{m}_x_doubled", {m: _each_curve(m, _x_doubled)}, _ids("bounds", m) + _ids("definition", m)),
        Mutant(f"{m}_first_row_twice", {m: _first_row_twice(m)},
               _ids("permutation_invariance", m) + _ids("duplication_invariance", m)),
        Mutant(f"{m}_curves_of_anything", {m: _curves_of_anything(m)},
               _ids("refuses_bad_input", m) + _ids("undefined.one_class", m)),
    ]


def _constraint_clipped(m):
    """A constraint outside [0, 1] clipped into it instead of refused."""
    fn, keyword = getattr(real, m), CONSTRAINTS[m]

    @functools.wraps(fn)
    def wrong(y_true, y_score, **kw):
        kw[keyword] = min(max(kw[keyword], 0.0), 1.0)
        return fn(y_true, y_score, **kw)

    return wrong


def log_auc_range_clipped(y_true, y_score, *, fpr_range=(0.001, 0.1), average="macro"):
    low, high = fpr_range
    low, high = max(low, 1e-3), min(max(high, 2e-3), 1.0)
    return real.multilabel_log_auc(y_true, y_score, fpr_range=(low, high), average=average)


CURVE_LIST_MUTANTS = [mutant for m in CURVE_LISTS for mutant in _curve_list_mutants(m)] + [
    Mutant(f"{m}_constraint_clipped", {m: _constraint_clipped(m)}, _ids("refuses_bad_options", m))
    for m in CONSTRAINTS] + [
    Mutant("log_auc_range_clipped", {"multilabel_log_auc": log_auc_range_clipped},
           _ids("refuses_bad_options", "multilabel_log_auc"))]


# ---------------------------------------------------------------- stat scores


def _stat_scores_changed(change):
    @functools.wraps(real.multilabel_stat_scores)
    def wrong(y_true, y_pred, *, average=None):
        counts = change(real.multilabel_stat_scores(y_true, y_pred, average=None))
        if average not in real.STAT_SCORES_AVERAGES:
            real.multilabel_stat_scores(y_true, y_pred, average=average)  # the same refusals
        return counts.sum(axis=0) if average == "micro" else counts

    return wrong


def stat_scores_unknown_as_per_label(y_true, y_pred, *, average=None):
    return real.multilabel_stat_scores(y_true, y_pred, average="micro" if average == "micro" else None)


def stat_scores_micro_is_mean(y_true, y_pred, *, average=None):
    counts = real.multilabel_stat_scores(y_true, y_pred, average=None)
    return counts.mean(axis=0) if average == "micro" else counts


STAT = "multilabel_stat_scores"
STAT_SCORES_MUTANTS = [
    Mutant("stat_scores_tn_fn_swapped", {STAT: _stat_scores_changed(lambda c: c[:, [0, 1, 3, 2, 4]])},
           _ids("definition", STAT) + _ids("confusion_matrix_cells", STAT) + _ids("agrees_with_torchmetrics", STAT)),
    Mutant("stat_scores_labels_reversed", {STAT: _stat_scores_changed(lambda c: c[::-1].copy())},
           _ids("label_permutation", STAT) + _ids("definition", STAT) + _ids("confusion_matrix_cells", STAT)
           + _ids("agrees_with_torchmetrics", STAT)),
    Mutant("stat_scores_micro_is_mean", {STAT: stat_scores_micro_is_mean},
           _ids("definition", STAT) + _ids("agrees_with_torchmetrics", STAT)),
    Mutant("stat_scores_unknown_average_as_none", {STAT: stat_scores_unknown_as_per_label},
           _ids("refuses_bad_options", STAT)),
]

MUTANTS = RATE_MUTANTS + SCALAR_MUTANTS + RANKING_MUTANTS + CURVE_MUTANTS + CURVE_LIST_MUTANTS + STAT_SCORES_MUTANTS
