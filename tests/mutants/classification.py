"""Deliberately wrong classification metrics: realistic bugs every property must catch.

Most mutants wrap the real metric and break one thing (an off-by-one, a swapped
argument, a missing guard, a wrong average); rate formulas are bent through the
one-vs-rest engine of ``metrics.classification`` with a wrong (numerator,
denominator) pair.
"""

from __future__ import annotations

import functools
import math

import numpy as np

import metrics as M
from metrics import classification as C

from . import Mutant

RATES = ("precision", "recall", "fbeta", "f1", "specificity", "false_positive_rate", "false_negative_rate",
         "negative_predictive_value", "jaccard_score")
LABEL_METRICS = ("confusion_matrix", *RATES, "accuracy", "balanced_accuracy", "matthews_corrcoef", "cohen_kappa")
#: issue 48's one-vs-rest scores of two rates, averaged as the rates are
OVR_SCORES = ("informedness", "markedness", "geometric_mean_score", "index_balanced_accuracy", "g_measure",
              "diagnostic_odds_ratio", "prevalence_threshold")
ALL = (*LABEL_METRICS, "log_loss")


def ids(*names):
    return tuple(f"classification.{n}" for n in names)


def per_metric(prefix, names):
    return ids(*(f"{prefix}[{m}]" for m in names))


# ------------------------------------------------------------------ building blocks


def rate_with(parts):
    """A rate metric computed by the real engine with a wrong (numerator, denominator)."""

    def metric(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0,
               beta=None):
        p = parts if beta is None else functools.partial(parts, b2=float(beta) ** 2)
        return C._rate(y_true, y_pred, p, labels=labels, pos_label=pos_label, average=average,
                       sample_weight=sample_weight, zero_division=zero_division)

    return metric


def _true_parts(name):
    fb = lambda tp, fp, fn, tn, b2: ((1 + b2) * tp, (1 + b2) * tp + b2 * fn + fp)  # noqa: E731
    return {
        "precision": lambda tp, fp, fn, tn: (tp, tp + fp),
        "recall": lambda tp, fp, fn, tn: (tp, tp + fn),
        "fbeta": fb,
        "f1": lambda tp, fp, fn, tn: (2 * tp, 2 * tp + fp + fn),
        "specificity": lambda tp, fp, fn, tn: (tn, tn + fp),
        "false_positive_rate": lambda tp, fp, fn, tn: (fp, fp + tn),
        "false_negative_rate": lambda tp, fp, fn, tn: (fn, fn + tp),
        "negative_predictive_value": lambda tp, fp, fn, tn: (tn, tn + fn),
        "jaccard_score": lambda tp, fp, fn, tn: (tp, tp + fp + fn),
    }[name]


def laplace(name):
    true = _true_parts(name)

    def parts(tp, fp, fn, tn, **kw):
        num, den = true(tp, fp, fn, tn, **kw)
        return num + 1, den + 2

    return rate_with(parts)


def wrap_samples(fn, transform):
    """fn applied to (y_true, y_pred-or-proba, sample_weight) rewritten by ``transform``."""

    def wrapped(a, b, *args, **kwargs):
        sw = kwargs.get("sample_weight")
        a, b, sw = transform(np.asarray(a), np.asarray(b), None if sw is None else np.asarray(sw))
        if "sample_weight" in kwargs:
            kwargs["sample_weight"] = sw
        return fn(a, b, *args, **kwargs)

    return wrapped


def _drop_last(a, b, w):
    if len(a) > 1:
        return a[:-1], b[:-1], None if w is None else w[:-1]
    return a, b, w


def _ignore_background(a, b, w):
    """Skips the samples of the first (smallest) label, as if it were a padding/background class."""
    keep = a != np.sort(np.concatenate([a, b]))[0]
    if keep.any() and not keep.all():
        return a[keep], b[keep], None if w is None else w[keep]
    return a, b, w


def _without_weights(fn):
    def wrapped(*args, **kwargs):
        kwargs.pop("sample_weight", None)
        return fn(*args, **kwargs)

    return wrapped


def _lenient(fn):
    """Accepts anything: truncates to the shorter input, keeps the first column, drops NaN, 0.0 when empty."""

    def wrapped(a, b, *args, **kwargs):
        a, b = np.asarray(a), np.asarray(b)
        if a.ndim == 2:
            a = a[:, 0]
        if b.ndim == 2 and fn is not M.log_loss:
            b = b[:, 0]
        n = min(len(a), len(b))
        a, b = a[:n], b[:n]
        keep = np.ones(n, dtype=bool)
        for x in (a, b):
            if x.dtype.kind == "f" and x.ndim == 1:
                keep &= ~np.isnan(x)
        a, b = a[keep], b[keep]
        if len(a) == 0:
            return 0.0
        if fn is M.log_loss and "labels" not in kwargs:
            kwargs["labels"] = [0.0, 1.0] if a.dtype.kind == "f" else None
        return fn(a, b, *args, **kwargs)

    return wrapped


def patch_all(names, make):
    return {name: make(getattr(M, name)) for name in names}


# ------------------------------------------------------------------ averaging and label handling bugs


def _weighted_by_predicted(name):
    real = getattr(M, name)

    def metric(y_true, y_pred, *, average="binary", sample_weight=None, labels=None, **kwargs):
        if average != "weighted":
            return real(y_true, y_pred, average=average, sample_weight=sample_weight, labels=labels, **kwargs)
        values = real(y_true, y_pred, average=None, sample_weight=sample_weight, labels=labels, **kwargs)
        classes = np.unique(np.concatenate([np.asarray(y_true), np.asarray(y_pred)])) if labels is None else labels
        w = np.ones(len(y_pred)) if sample_weight is None else np.asarray(sample_weight)
        predicted = np.array([w[np.asarray(y_pred) == c].sum() for c in classes])
        return float(np.dot(values, predicted) / predicted.sum()) if predicted.sum() > 0 else float(np.mean(values))

    return metric


def _average_fallback(fn, rule):
    def metric(y_true, y_pred, *args, average="binary", pos_label=1, **kwargs):
        average, pos_label = rule(np.asarray(y_true), np.asarray(y_pred), average, pos_label)
        return fn(y_true, y_pred, *args, average=average, pos_label=pos_label, **kwargs)

    return metric


def _unknown_to_macro(t, p, average, pos_label):
    return (average if average in C.AVERAGES else "macro"), pos_label


def _binary_multiclass_to_macro(t, p, average, pos_label):
    if average == "binary" and np.unique(np.concatenate([t, p])).size > 2:
        return "macro", pos_label
    return average, pos_label


def _absent_pos_label_to_greater(t, p, average, pos_label):
    present = np.unique(np.concatenate([t, p]))
    if average == "binary" and present.size == 2 and pos_label not in present.tolist():
        return average, present[-1].item()
    return average, pos_label


def _micro_as_macro(name):
    real = getattr(M, name)

    def metric(y_true, y_pred, *, average="binary", **kwargs):
        return real(y_true, y_pred, average="macro" if average == "micro" else average, **kwargs)

    return metric


def _unguarded(name):
    """0/0 left as NaN whatever zero_division says."""
    real = getattr(M, name)

    def metric(*args, zero_division=0.0, **kwargs):
        return real(*args, zero_division=np.nan, **kwargs)

    return metric


def _fbeta_lenient_beta(y_true, y_pred, *, beta, **kwargs):
    beta = float(beta)
    return M.fbeta(y_true, y_pred, beta=beta if beta > 0 else 1.0, **kwargs)


# ------------------------------------------------------------------ scalar metric bugs


def _counts(y_true, y_pred, sample_weight=None):
    return np.asarray(M.confusion_matrix(y_true, y_pred, sample_weight=sample_weight), dtype=float)


def _accuracy_bessel(y_true, y_pred, *, sample_weight=None):
    n = len(y_true)
    acc = M.accuracy(y_true, y_pred, sample_weight=sample_weight)
    return acc * n / (n - 1) if n > 1 else acc


def _balanced_laplace(y_true, y_pred, *, sample_weight=None):
    Cm = _counts(y_true, y_pred, sample_weight)
    support = Cm.sum(axis=1)
    seen = support > 0
    return float(np.mean((np.diagonal(Cm)[seen] + 1) / (support[seen] + 2)))


def _balanced_adjusted(y_true, y_pred, *, sample_weight=None):
    score = M.balanced_accuracy(y_true, y_pred, sample_weight=sample_weight)
    k = np.unique(np.asarray(y_true)).size
    return (score - 1 / k) / (1 - 1 / k) if k > 1 else score


def _balanced_over_all_labels(y_true, y_pred, *, sample_weight=None):
    Cm = _counts(y_true, y_pred, sample_weight)
    support = Cm.sum(axis=1)
    return float(np.mean(np.where(support > 0, np.diagonal(Cm) / np.where(support > 0, support, 1), 0.0)))


def _mcc_from(Cm, variant):
    t, p, s = Cm.sum(axis=1), Cm.sum(axis=0), Cm.sum()
    cov_tp = np.trace(Cm) * s - np.dot(t, p)
    cov_tt, cov_pp = s * s - np.dot(t, t), s * s - np.dot(p, p)
    if variant == "uncentered":
        cov_tp = np.trace(Cm) * s
    if variant == "true_variance_only":
        return float(cov_tp / cov_tt) if cov_tt else 0.0
    if cov_tt * cov_pp == 0:
        return math.nan if variant == "nan_on_constant" else 0.0
    return float(cov_tp / math.sqrt(cov_tt * cov_pp))


def _mcc(variant, pseudo_count=0.0):
    def metric(y_true, y_pred, *, sample_weight=None):
        return _mcc_from(_counts(y_true, y_pred, sample_weight) + pseudo_count, variant)

    return metric


def _mcc_mean_of_one_vs_rest(y_true, y_pred, *, sample_weight=None):
    """Multiclass MCC as the mean of the binary one-vs-rest MCCs instead of Gorodkin's R_K."""
    Cm = _counts(y_true, y_pred, sample_weight)
    if Cm.shape[0] <= 2:
        return _mcc_from(Cm, "exact")
    total = Cm.sum()
    values = []
    for k in range(Cm.shape[0]):
        tp, fn, fp = Cm[k, k], Cm[k].sum() - Cm[k, k], Cm[:, k].sum() - Cm[k, k]
        values.append(_mcc_from(np.array([[total - tp - fn - fp, fp], [fn, tp]]), "exact"))
    return float(np.mean(values))


def _kappa(variant):
    def metric(y1, y2, *, labels=None, weights=None, sample_weight=None, replace_undefined_by=np.nan):
        if variant == "zero_on_undefined":
            v = M.cohen_kappa(y1, y2, labels=labels, weights=weights, sample_weight=sample_weight)
            return 0.0 if math.isnan(v) else v
        Cm = np.asarray(M.confusion_matrix(y1, y2, labels=labels, sample_weight=sample_weight), dtype=float)
        if variant == "pseudo_count":
            Cm = Cm + 1.0
        n, k = Cm.sum(), Cm.shape[0]
        rows, cols = Cm.sum(axis=1), Cm.sum(axis=0)
        expected = np.outer(rows, rows if variant == "expected_from_y1" else cols) / n
        gap = np.abs(np.arange(k)[:, None] - np.arange(k)[None, :]).astype(float)
        w = {None: (gap > 0).astype(float), "linear": gap, "quadratic": gap * gap}[weights]
        observed, chance = float(np.sum(w * Cm)), float(np.sum(w * expected))
        with np.errstate(divide="ignore", invalid="ignore"):
            if variant == "denominator_observed":
                return float(np.float64(chance - observed) / observed)
            return float(1 - np.float64(observed) / chance) if chance else replace_undefined_by

    return metric


def _log_loss(variant):
    def metric(y_true, y_proba, *, normalize=True, sample_weight=None, labels=None):
        kw = dict(sample_weight=sample_weight, labels=labels)
        if variant == "base2":
            return M.log_loss(y_true, y_proba, normalize=normalize, **kw) / math.log(2)
        if variant == "sign":
            return -M.log_loss(y_true, y_proba, normalize=normalize, **kw)
        if variant == "sum":
            return M.log_loss(y_true, y_proba, normalize=False, **kw)
        proba = np.asarray(y_proba, dtype=float)
        if variant == "clipped":
            return M.log_loss(y_true, np.clip(proba, 1e-15, 1 - 1e-15), normalize=normalize, **kw)
        if variant == "renormalized":
            proba = np.clip(proba, 0.0, 1.0)
            if proba.ndim == 2:
                sums = proba.sum(axis=1, keepdims=True)
                proba = np.where(sums > 0, proba / np.where(sums > 0, sums, 1), 1.0 / proba.shape[1])
            return M.log_loss(y_true, proba, normalize=normalize, **kw)
        if variant == "weighted_sum_over_n":
            total = M.log_loss(y_true, y_proba, normalize=False, **kw)
            return total / len(y_true) if normalize else total
        if variant == "label_smoothing":
            classes = np.sort(np.asarray(labels)) if labels is not None else np.unique(y_true)
            onehot = (np.asarray(y_true)[:, None] == classes[None, :]).astype(float)
            target = 0.9 * onehot + 0.1 / len(classes)
            with np.errstate(divide="ignore", invalid="ignore"):
                loss = -(target * np.log(proba)).sum(axis=1)
            return float(np.average(loss, weights=sample_weight) if normalize else loss.sum())
        raise AssertionError(variant)

    return metric


def _cm(variant):
    def metric(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
        kw = dict(labels=labels, sample_weight=sample_weight)
        if variant == "transposed":
            return M.confusion_matrix(y_true, y_pred, normalize=normalize, **kw).T
        if variant == "columns_reversed":
            return M.confusion_matrix(y_true, y_pred, normalize=normalize, **kw)[:, ::-1]
        if variant == "always_normalized":
            return M.confusion_matrix(y_true, y_pred, normalize=normalize or "all", **kw)
        if variant == "nan_on_empty":
            Cm = np.asarray(M.confusion_matrix(y_true, y_pred, **kw), dtype=float)
            with np.errstate(divide="ignore", invalid="ignore"):
                if normalize == "true":
                    return Cm / Cm.sum(axis=1, keepdims=True)
                if normalize == "pred":
                    return Cm / Cm.sum(axis=0, keepdims=True)
            return M.confusion_matrix(y_true, y_pred, normalize=normalize, **kw)
        raise AssertionError(variant)

    return metric


def _swapped(fn):
    def metric(y_true, y_pred, *args, **kwargs):
        return fn(y_pred, y_true, *args, **kwargs)

    return metric


# ------------------------------------------------------------------ the mutants

_F1_MISSING_2 = rate_with(lambda tp, fp, fn, tn: (2 * tp, tp + fp + fn))
_F1_ARITHMETIC = rate_with(lambda tp, fp, fn, tn: (tp * (2 * tp + fp + fn), 2 * (tp + fp) * (tp + fn)))
_FBETA_NO_B2_IN_DEN = rate_with(lambda tp, fp, fn, tn, b2: ((1 + b2) * tp, 2 * tp + fp + fn))


def _f1_complement(*args, **kwargs):
    return 1 - M.f1(*args, **kwargs)


def _f1_calls_f2(y_true, y_pred, **kwargs):
    return M.fbeta(y_true, y_pred, beta=2.0, **kwargs)


def _accuracy_complement(*args, **kwargs):
    return 1 - M.accuracy(*args, **kwargs)


def _accuracy_is_balanced(y_true, y_pred, *, sample_weight=None):
    return M.balanced_accuracy(y_true, y_pred, sample_weight=sample_weight)


def _micro_ignores_labels(fn):
    """average='micro' pooled over every class, whatever labels= lists (the list only honoured per class)."""

    @functools.wraps(fn)
    def metric(y_true, y_pred, **kwargs):
        if kwargs.get("average") == "micro":
            kwargs.pop("labels", None)
        return fn(y_true, y_pred, **kwargs)

    return metric


MUTANTS = [
    Mutant("drops_last_sample", patch_all(ALL, lambda f: wrap_samples(f, _drop_last)),
           per_metric("permutation_invariance", ALL)),
    Mutant("ignores_sample_weight", patch_all(ALL, _without_weights), per_metric("integer_weights", ALL)),
    Mutant("skips_first_label_as_background",
           patch_all((*LABEL_METRICS[1:], *OVR_SCORES), lambda f: wrap_samples(f, _ignore_background)),
           per_metric("label_renaming", (*LABEL_METRICS[1:], *OVR_SCORES))),
    Mutant("laplace_smoothed_rates", {**{m: laplace(m) for m in RATES}, "balanced_accuracy": _balanced_laplace},
           per_metric("duplication_invariance", (*RATES, "balanced_accuracy"))
           + per_metric("perfect", (*RATES, "balanced_accuracy"))
           + per_metric("agrees_with_sklearn", ("balanced_accuracy",)) + per_metric("definition", ("balanced_accuracy",))),
    Mutant("pseudo_count_confusion_matrix", {"matthews_corrcoef": _mcc("exact", 1.0), "cohen_kappa": _kappa("pseudo_count")},
           per_metric("duplication_invariance", ("matthews_corrcoef", "cohen_kappa"))
           + per_metric("perfect", ("matthews_corrcoef", "cohen_kappa"))
           + per_metric("definition", ("matthews_corrcoef", "cohen_kappa"))),
    Mutant("swapped_arguments",
           {m: _swapped(getattr(M, m)) for m in ("precision", "recall", "fbeta", "specificity", "false_positive_rate",
                                                  "false_negative_rate", "negative_predictive_value")},
           per_metric("formula", ("precision", "recall", "fbeta", "specificity", "false_positive_rate",
                                  "false_negative_rate", "negative_predictive_value"))
           + per_metric("agrees_with_sklearn", ("precision", "recall", "fbeta", "specificity", "false_positive_rate",
                                                "false_negative_rate", "negative_predictive_value"))
           + ids("claim.seed001.tpr_formula", "claim.seed000.precision_row_ex1", "claim.seed000.precision_row_ex3",
                 "claim.seed000.recall_column_ex1", "claim.seed000.recall_column_ex3", "claim.seed002.precision_ex1",
                 "claim.seed002.precision_ex2", "claim.seed002.precision_ex3", "claim.seed002.recall_ex1",
                 "claim.seed002.recall_ex3", "claim.seed004.search_engine")),
    Mutant("unguarded_zero_division", {m: _unguarded(m) for m in RATES},
           per_metric("bounds", ("precision", "recall", "specificity", "false_positive_rate",
                                 "negative_predictive_value"))
           + per_metric("zero_division_changes_only_undefined", RATES) + per_metric("undefined", RATES)),
    Mutant("f1_denominator_missing_2tp", {"f1": _F1_MISSING_2}, ids("bounds[f1]")),
    Mutant("f1_is_arithmetic_mean", {"f1": _F1_ARITHMETIC},
           ids("formula[f1]", "agrees_with_sklearn[f1]", "claim.seed000.dice_is_f1", "claim.seed000.f1_column_ex1",
               "claim.seed000.f1_column_ex4", "claim.seed002.f1_ex1", "claim.seed002.f1_ex3",
               "claim.seed002.f1_ex2_neutral", "claim.seed001.f1_count_form", "claim.seed001.mcc_example_1")),
    Mutant("f1_calls_f2", {"f1": _f1_calls_f2}, ids("symmetry[f1]", "f1_is_fbeta_with_beta_1")),
    Mutant("f1_returns_dice_loss", {"f1": _f1_complement},
           ids("fixing_an_error_never_lowers[f1]", "claim.seed000.micro_f_between_micro_precision_and_recall")),
    Mutant("fbeta_without_beta2_in_denominator", {"fbeta": _FBETA_NO_B2_IN_DEN},
           ids("bounds[fbeta]", "fbeta_between_precision_and_recall", "claim.seed000.f_between_precision_and_recall",
               "claim.seed004.fbeta_count_form")),
    Mutant("weighted_average_by_predicted_support", {"recall": _weighted_by_predicted("recall")},
           ids("weighted_recall_equals_accuracy")),
    Mutant("micro_computed_as_macro", {m: _micro_as_macro(m) for m in ("precision", "recall", "f1")},
           ids("micro_equals_accuracy", "claim.seed000.micro_averaging_is_accuracy",
               "claim.seed002.micro_f1_equals_micro_p_and_r")),
    Mutant("specificity_is_npv", {"specificity": M.negative_predictive_value},
           ids("false_positive_rate_is_one_minus_specificity", "specificity_is_recall_of_negative_class",
               "claim.seed001.tnr_formula", "claim.seed004.medical_test", "claim.seed004.complements")),
    Mutant("fnr_over_true_negatives", {"false_negative_rate": rate_with(lambda tp, fp, fn, tn: (fn, tn + fp))},
           ids("false_negative_rate_is_one_minus_recall", "bounds[false_negative_rate]")),
    Mutant("fpr_over_true_positives", {"false_positive_rate": rate_with(lambda tp, fp, fn, tn: (fp, tp + fn))},
           ids("claim.seed000.fpr_is_one_minus_recall_of_other_class", "claim.seed000.roc_table_left",
               "claim.seed000.roc_table_right")),
    Mutant("accuracy_divides_by_n_minus_1", {"accuracy": _accuracy_bessel},
           ids("bounds[accuracy]", "perfect[accuracy]", "formula[accuracy]", "duplication_invariance[accuracy]",
               "agrees_with_sklearn[accuracy]", "claim.seed000.accuracy_bounds")),
    Mutant("accuracy_returns_error_rate", {"accuracy": _accuracy_complement},
           ids("fixing_an_error_never_lowers[accuracy]", "claim.seed000.all_neutral_accuracy_is_higher",
               "claim.seed004.accuracy_formula", "claim.seed004.pneumonia_models")),
    Mutant("accuracy_is_balanced_accuracy", {"accuracy": _accuracy_is_balanced}, ids("symmetry[accuracy]")),
    Mutant("balanced_accuracy_adjusted_for_chance", {"balanced_accuracy": _balanced_adjusted},
           ids("bounds[balanced_accuracy]", "definition[balanced_accuracy]")),
    Mutant("balanced_accuracy_over_predicted_classes_too", {"balanced_accuracy": _balanced_over_all_labels},
           ids("balanced_accuracy_is_macro_recall", "definition[balanced_accuracy]")),
    Mutant("mcc_numerator_not_centered", {"matthews_corrcoef": _mcc("uncentered")},
           ids("bounds[matthews_corrcoef]", "mcc_is_pearson_of_indicators", "agrees_with_sklearn[matthews_corrcoef]",
               "definition[matthews_corrcoef]",
               "claim.seed001.mcc_is_pearson", "claim.seed001.mcc_range", "claim.seed001.mcc_example_2")),
    Mutant("mcc_normalized_by_true_variance", {"matthews_corrcoef": _mcc("true_variance_only")},
           ids("symmetry[matthews_corrcoef]", "definition[matthews_corrcoef]")),
    Mutant("mcc_mean_of_one_vs_rest", {"matthews_corrcoef": _mcc_mean_of_one_vs_rest},
           ids("definition[matthews_corrcoef]")),
    Mutant("mcc_nan_on_constant_input", {"matthews_corrcoef": _mcc("nan_on_constant")},
           ids("undefined[matthews_corrcoef]", "no_nan_outside_undefined_cases")),
    Mutant("kappa_chance_from_first_rater_only", {"cohen_kappa": _kappa("expected_from_y1")},
           ids("symmetry[cohen_kappa]", "agrees_with_sklearn[cohen_kappa]", "definition[cohen_kappa]")),
    Mutant("kappa_divided_by_observed_disagreement", {"cohen_kappa": _kappa("denominator_observed")},
           ids("bounds[cohen_kappa]", "definition[cohen_kappa]")),
    Mutant("kappa_zero_when_undefined", {"cohen_kappa": _kappa("zero_on_undefined")}, ids("undefined[cohen_kappa]", "definition[cohen_kappa]")),
    Mutant("log_loss_in_bits", {"log_loss": _log_loss("base2")},
           ids("agrees_with_sklearn[log_loss]", "definition[log_loss]")),
    Mutant("log_loss_sign_flipped", {"log_loss": _log_loss("sign")}, ids("bounds[log_loss]", "definition[log_loss]")),
    Mutant("log_loss_sums_instead_of_averaging", {"log_loss": _log_loss("sum")},
           ids("duplication_invariance[log_loss]", "definition[log_loss]")),
    Mutant("log_loss_weighted_sum_over_sample_count", {"log_loss": _log_loss("weighted_sum_over_n")},
           ids("definition[log_loss]", "agrees_with_sklearn[log_loss]")),
    Mutant("log_loss_clips_probabilities", {"log_loss": _log_loss("clipped")}, ids("undefined[log_loss]")),
    Mutant("log_loss_with_label_smoothing", {"log_loss": _log_loss("label_smoothing")}, ids("perfect[log_loss]", "definition[log_loss]")),
    Mutant("log_loss_renormalizes_rows", {"log_loss": _log_loss("renormalized")},
           ids("refuses_invalid_probabilities")),
    Mutant("confusion_matrix_transposed", {"confusion_matrix": _cm("transposed")},
           ids("formula[confusion_matrix]", "confusion_matrix_margins", "agrees_with_sklearn[confusion_matrix]",
               "claim.seed002.cat_versus_rest_ex1")),
    Mutant("confusion_matrix_columns_reversed", {"confusion_matrix": _cm("columns_reversed")},
           ids("perfect[confusion_matrix]", "claim.seed001.code_example")),
    Mutant("confusion_matrix_always_normalized", {"confusion_matrix": _cm("always_normalized")},
           ids("duplication_invariance[confusion_matrix]")),
    Mutant("confusion_matrix_nan_for_empty_rows", {"confusion_matrix": _cm("nan_on_empty")},
           ids("undefined[confusion_matrix]")),
    Mutant("lenient_inputs", patch_all(ALL, _lenient), per_metric("refuses_bad_input", ALL)),
    Mutant("unknown_average_falls_back_to_macro",
           {m: _average_fallback(getattr(M, m), _unknown_to_macro) for m in (*RATES, *OVR_SCORES)},
           per_metric("refuses_unknown_average", (*RATES, *OVR_SCORES))),
    Mutant("binary_average_on_multiclass_uses_macro",
           {m: _average_fallback(getattr(M, m), _binary_multiclass_to_macro) for m in (*RATES, *OVR_SCORES)},
           per_metric("refuses_binary_average_on_multiclass", (*RATES, *OVR_SCORES))),
    Mutant("absent_pos_label_uses_greater_label",
           {m: _average_fallback(getattr(M, m), _absent_pos_label_to_greater) for m in (*RATES, *OVR_SCORES)},
           per_metric("refuses_absent_pos_label", (*RATES, *OVR_SCORES))),
    Mutant("fbeta_accepts_nonpositive_beta", {"fbeta": _fbeta_lenient_beta}, ids("refuses_nonpositive_beta")),
    Mutant("micro_average_ignores_labels", {m: _micro_ignores_labels(getattr(M, m)) for m in RATES},
           per_metric("micro_over_labels", RATES) + per_metric("agrees_with_sklearn", RATES)),
]



# ------------------------------------------------------------------ issue 32: error rates, top-k, hinge, likelihood ratios,
# Brier and D^2 scores


def _zero_one_ignores_normalize(y_true, y_pred, *, normalize=True, sample_weight=None):
    return M.zero_one_loss(y_true, y_pred, sample_weight=sample_weight)


def _hamming_over_classes(y_true, y_pred, *, sample_weight=None):
    """Multilabel normalisation applied to single-label data: errors / (N x number of classes)."""
    k = np.unique(np.concatenate([np.asarray(y_true), np.asarray(y_pred)])).size
    return M.hamming_loss(y_true, y_pred, sample_weight=sample_weight) / k


def _jaccard_is_dice(y_true, y_pred, **kwargs):
    return M.f1(y_true, y_pred, **kwargs)


def _top_k(variant):
    def metric(y_true, y_score, *, k=2, normalize=True, sample_weight=None, labels=None):
        s = np.asarray(y_score, dtype=float)
        if variant == "ties_to_lowest":
            return _top_k_reversed(y_true, s, k, normalize, sample_weight, labels)
        if variant == "off_by_one":
            if k <= 1:
                return 0.0
            return M.top_k_accuracy(y_true, s, k=k - 1, normalize=normalize, sample_weight=sample_weight,
                                    labels=labels)
        if variant == "k_reversed":
            kk = max(1, s.shape[1] + 1 - int(k)) if isinstance(k, (int, np.integer)) and k >= 1 else k
            return M.top_k_accuracy(y_true, s, k=kk, normalize=normalize, sample_weight=sample_weight, labels=labels)
        if variant == "lenient_k":
            try:
                kk = max(1, int(float(k)))
            except (TypeError, ValueError):
                kk = 2
            return M.top_k_accuracy(y_true, s, k=kk, normalize=normalize, sample_weight=sample_weight, labels=labels)
        raise AssertionError(variant)

    return metric


def _top_k_reversed(y_true, s, k, normalize, sample_weight, labels):
    """Top-k with ties resolved to the lowest column: the real metric on the mirrored columns and codes."""
    classes = np.sort(np.asarray(labels)) if labels is not None else np.unique(np.asarray(y_true))
    codes = np.searchsorted(classes, np.asarray(y_true))
    mirrored = (classes.size - 1 - codes).astype(np.int64)
    return M.top_k_accuracy(mirrored, s[:, ::-1], k=k, normalize=normalize, sample_weight=sample_weight,
                            labels=list(range(classes.size)))


def _hinge_squared(y_true, pred_decision, *, labels=None, sample_weight=None):
    """The squared hinge: mean of max(0, 1 - margin)^2, from per-sample losses of the real metric."""
    d = np.asarray(pred_decision, dtype=float)
    losses = np.array([M.hinge_loss(np.asarray(y_true)[i:i + 1], d[i:i + 1], labels=labels if labels is not None
                                    else list(np.unique(np.asarray(y_true))))
                       for i in range(len(d))])
    w = np.ones(len(d)) if sample_weight is None else np.asarray(sample_weight, dtype=float)
    return float(np.sum(w * losses ** 2) / w.sum())


def _lr(variant):
    def metric(y_true, y_pred, *, labels=None, sample_weight=None, replace_undefined_by=np.nan):
        if variant == "accepts_multiclass":
            t, p = np.asarray(y_true), np.asarray(y_pred)
            present = np.unique(np.concatenate([t, p]))
            if present.size > 2 and labels is None:
                top = present[-1]
                other = present[0]
                t, p = np.where(t == top, top, other), np.where(p == top, top, other)
            return M.class_likelihood_ratios(t, p, labels=labels, sample_weight=sample_weight,
                                             replace_undefined_by=replace_undefined_by)
        if variant == "zero_when_undefined":
            lr_pos, lr_neg = M.class_likelihood_ratios(y_true, y_pred, labels=labels, sample_weight=sample_weight)
            return (0.0 if math.isnan(lr_pos) else lr_pos), (0.0 if math.isnan(lr_neg) else lr_neg)
        lr_pos, lr_neg = M.class_likelihood_ratios(y_true, y_pred, labels=labels, sample_weight=sample_weight,
                                                   replace_undefined_by=replace_undefined_by)
        if variant == "positive_over_specificity":  # LR+ = TPR / TNR instead of TPR / (1 - TNR)
            if math.isnan(lr_pos) or math.isnan(lr_neg) or lr_neg == 0:
                return lr_pos, lr_neg
            # with a = TPR, b = TNR: LR+ = a / (1 - b), LR- = (1 - a) / b; return a / b
            a = lr_pos * (1 - lr_neg) / (lr_pos - lr_neg) if lr_pos != lr_neg else math.nan
            b = (1 - a) / lr_neg
            return (a / b if b else lr_pos), lr_neg
        raise AssertionError(variant)

    return metric


def _brier(variant):
    def metric(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None, scale_by_half="auto"):
        if variant == "never_halved_on_auto":
            scale_by_half = False if scale_by_half == "auto" else scale_by_half
        if variant == "clips":
            p = np.clip(np.nan_to_num(np.asarray(y_proba, dtype=float), nan=0.5), 0.0, 1.0)
            if p.ndim == 2:
                p = p / np.where(p.sum(axis=1, keepdims=True) > 0, p.sum(axis=1, keepdims=True), 1.0)
            y_proba = p
        return M.brier_score_loss(y_true, y_proba, sample_weight=sample_weight, pos_label=pos_label, labels=labels,
                                  scale_by_half=scale_by_half)

    return metric


def _d2(name, variant):
    real = getattr(M, name)

    def metric(y_true, y_proba, **kwargs):
        if variant == "zero_when_undefined":
            v = real(y_true, y_proba, **kwargs)
            return 0.0 if math.isnan(v) else v
        # the null model predicts 1/K for every class instead of the class frequencies
        p = np.asarray(y_proba, dtype=float)
        k = 2 if p.ndim == 1 else p.shape[1]
        uniform = np.full(p.shape, 0.5) if p.ndim == 1 else np.full(p.shape, 1.0 / k)
        if name == "d2_brier_score":
            loss = M.brier_score_loss(y_true, p, scale_by_half=False, **kwargs)
            null = M.brier_score_loss(y_true, uniform, scale_by_half=False, **kwargs)
        else:
            loss = M.log_loss(y_true, p, **kwargs)
            null = M.log_loss(y_true, uniform, **kwargs)
        return 1.0 - loss / null if null > 0 else math.nan

    return metric


MUTANTS += [
    Mutant("zero_one_loss_ignores_normalize", {"zero_one_loss": _zero_one_ignores_normalize},
           ids("definition[zero_one_loss]", "zero_one_loss_is_one_minus_accuracy", "agrees_with_sklearn[zero_one_loss]")),
    Mutant("hamming_loss_divided_by_classes", {"hamming_loss": _hamming_over_classes},
           ids("definition[hamming_loss]", "hamming_loss_equals_zero_one_loss", "agrees_with_sklearn[hamming_loss]")),
    Mutant("jaccard_is_dice", {"jaccard_score": _jaccard_is_dice},
           ids("formula[jaccard_score]", "jaccard_is_f1_over_two_minus_f1")),
    Mutant("top_k_ties_to_lowest_column", {"top_k_accuracy": _top_k("ties_to_lowest")},
           ids("definition[top_k_accuracy]", "top_k_with_k_1_is_accuracy", "agrees_with_sklearn[top_k_accuracy]")),
    Mutant("top_k_uses_k_minus_1", {"top_k_accuracy": _top_k("off_by_one")},
           ids("top_k_all_classes_is_one", "definition[top_k_accuracy]")),
    Mutant("top_k_counts_k_from_the_bottom", {"top_k_accuracy": _top_k("k_reversed")},
           ids("top_k_monotone_in_k")),
    Mutant("top_k_accepts_any_k", {"top_k_accuracy": _top_k("lenient_k")}, ids("refuses_bad_k[top_k_accuracy]")),
    Mutant("hinge_loss_squared", {"hinge_loss": _hinge_squared},
           ids("definition[hinge_loss]", "agrees_with_sklearn[hinge_loss]")),
    Mutant("likelihood_ratio_over_specificity", {"class_likelihood_ratios": _lr("positive_over_specificity")},
           ids("definition[class_likelihood_ratios]", "likelihood_ratios_from_sensitivity_and_specificity",
               "agrees_with_sklearn[class_likelihood_ratios]")),
    Mutant("likelihood_ratios_zero_when_undefined", {"class_likelihood_ratios": _lr("zero_when_undefined")},
           ids("undefined[class_likelihood_ratios]")),
    Mutant("likelihood_ratios_accept_multiclass", {"class_likelihood_ratios": _lr("accepts_multiclass")},
           ids("refuses_multiclass[class_likelihood_ratios]")),
    Mutant("brier_never_halved_on_auto", {"brier_score_loss": _brier("never_halved_on_auto")},
           ids("definition[brier_score_loss]", "brier_of_one_hot_is_zero_one_loss",
               "agrees_with_sklearn[brier_score_loss]")),
    Mutant("brier_clips_probabilities", {"brier_score_loss": _brier("clips")},
           ids("refuses_invalid_probabilities[brier_score_loss]")),
    Mutant("d2_brier_uniform_null_model", {"d2_brier_score": _d2("d2_brier_score", "uniform_null")},
           ids("definition[d2_brier_score]", "agrees_with_sklearn[d2_brier_score]")),
    Mutant("d2_log_loss_uniform_null_model", {"d2_log_loss_score": _d2("d2_log_loss_score", "uniform_null")},
           ids("definition[d2_log_loss_score]", "agrees_with_sklearn[d2_log_loss_score]")),
    Mutant("d2_zero_when_undefined", {m: _d2(m, "zero_when_undefined") for m in ("d2_brier_score", "d2_log_loss_score")},
           ids("undefined[d2_brier_score]", "undefined[d2_log_loss_score]")),
]


# ------------------------------------------------------------------ issue 48: informedness, markedness, G-mean, IBA


def _ovr(parts):
    """A one-vs-rest score computed by the real engine with wrong per-class parts (tp, fp, fn, tn) -> (values,
    defined)."""

    def metric(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0):
        return C._score(y_true, y_pred, parts, labels=labels, pos_label=pos_label, average=average,
                        sample_weight=sample_weight, zero_division=zero_division)

    return metric


def _informedness_without_minus_one(tp, fp, fn, tn):
    tpr, tnr, defined = C._two_rates(tp, tp + fn, tn, tn + fp)
    return tpr + tnr, defined


def _markedness_from_rates(tp, fp, fn, tn):
    """informedness's rates where the predictive values belong: TPR + TNR - 1"""
    return C._informedness_parts(tp, fp, fn, tn)


def _rates_as_zero_when_undefined(fn):
    """An undefined rate counted as 0 (never zero_division): 0/0 -> 0 inside the score."""

    @functools.wraps(fn)
    def metric(*args, **kwargs):
        kwargs["zero_division"] = 0.0
        return fn(*args, **kwargs)

    return metric


def _gmean(variant):
    def metric(y_true, y_pred, *, labels=None, pos_label=1, average="multiclass", sample_weight=None,
               zero_division=0.0):
        kw = dict(labels=labels, pos_label=pos_label, sample_weight=sample_weight, zero_division=zero_division)
        if variant == "root_of_product_of_means" and average in ("macro", "weighted"):
            # imbalanced-learn's macro (its issue #1096): the G-mean of the averaged TPR and TNR
            tpr = M.recall(y_true, y_pred, average=average, **kw)
            tnr = M.specificity(y_true, y_pred, average=average, **kw)
            return math.sqrt(tpr * tnr)
        if variant in ("predicted_only_classes_count", "zero_recalls_dropped") and average == "multiclass":
            recalls = M.recall(y_true, y_pred, average=None, **{**kw, "zero_division": 0.0})
            if variant == "zero_recalls_dropped":  # a 'correction' that skips the classes never recalled
                recalls = recalls[recalls > 0]
                if recalls.size == 0:
                    return 0.0
            return float(np.prod(recalls) ** (1.0 / recalls.size))
        if variant == "precision_for_specificity" and average != "multiclass":
            # the G-measure sqrt(PPV TPR) under the G-mean's name
            return _ovr(lambda tp, fp, fn, tn: (np.sqrt(C._two_rates(tp, tp + fn, tp, tp + fp)[0]
                                                        * C._two_rates(tp, tp + fn, tp, tp + fp)[1]),
                                                C._two_rates(tp, tp + fn, tn, tn + fp)[2]))(
                y_true, y_pred, average=average, **kw)
        return M.geometric_mean_score(y_true, y_pred, average=average, **kw)

    return metric


def _iba(variant):
    def metric(y_true, y_pred, *, alpha=0.1, squared=True, labels=None, pos_label=1, average="binary",
               sample_weight=None, zero_division=0.0):
        kw = dict(labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight,
                  zero_division=zero_division)
        if variant == "any_alpha":
            if not isinstance(alpha, (int, float)) or isinstance(squared, str):
                alpha, squared = 0.1, True
            alpha = float(alpha) if alpha == alpha else 0.1
            return M.index_balanced_accuracy(y_true, y_pred, alpha=min(max(alpha, 0.0), 1.0), squared=bool(squared),
                                             **kw)
        if variant == "always_squared":
            return M.index_balanced_accuracy(y_true, y_pred, alpha=alpha, squared=True, **kw)
        if variant == "dominance_reversed":
            def parts(tp, fp, fn, tn):
                tpr, tnr, defined = C._two_rates(tp, tp + fn, tn, tn + fp)
                m = tpr * tnr if squared else np.sqrt(tpr * tnr)
                return (1.0 + alpha * (tnr - tpr)) * m, defined

            C._check_alpha(alpha)
            return C._score(y_true, y_pred, parts, **kw)
        raise AssertionError(variant)

    return metric


MUTANTS += [
    Mutant("informedness_without_minus_one", {"informedness": _ovr(_informedness_without_minus_one)},
           ids("definition[informedness]", "golden.pycm_readme[informedness]", "bounds[informedness]",
               "informedness_is_twice_balanced_accuracy_minus_one", "mcc_squared_is_informedness_times_markedness",
               "markedness_is_informedness_with_arguments_swapped")),
    Mutant("markedness_from_the_rates_of_informedness", {"markedness": _ovr(_markedness_from_rates)},
           ids("definition[markedness]", "golden.pycm_readme[markedness]",
               "markedness_is_informedness_with_arguments_swapped", "mcc_squared_is_informedness_times_markedness")),
    Mutant("undefined_rates_scored_as_zero", {m: _rates_as_zero_when_undefined(getattr(M, m)) for m in OVR_SCORES},
           per_metric("undefined", OVR_SCORES) + ids("undefined.multiclass[geometric_mean_score]")),
    Mutant("gmean_macro_as_root_of_product_of_means", {"geometric_mean_score": _gmean("root_of_product_of_means")},
           ids("definition[geometric_mean_score]", "golden.imblearn_issue_1096[geometric_mean_score]")),
    Mutant("gmean_counts_classes_only_predicted", {"geometric_mean_score": _gmean("predicted_only_classes_count")},
           ids("definition.multiclass[geometric_mean_score]")),
    Mutant("gmean_drops_zero_recalls", {"geometric_mean_score": _gmean("zero_recalls_dropped")},
           ids("definition.multiclass[geometric_mean_score]", "geometric_mean_at_most_balanced_accuracy")),
    Mutant("gmean_with_precision_for_specificity", {"geometric_mean_score": _gmean("precision_for_specificity")},
           ids("definition[geometric_mean_score]", "golden.pycm_readme[geometric_mean_score]",
               "binary_geometric_mean_is_multiclass_on_two_classes")),
    Mutant("iba_accepts_any_alpha", {"index_balanced_accuracy": _iba("any_alpha")},
           ids("refuses_bad_options[index_balanced_accuracy]")),
    Mutant("iba_always_squared", {"index_balanced_accuracy": _iba("always_squared")},
           ids("definition[index_balanced_accuracy]", "iba_with_alpha_zero_is_geometric_mean")),
    Mutant("iba_dominance_reversed", {"index_balanced_accuracy": _iba("dominance_reversed")},
           ids("definition[index_balanced_accuracy]", "golden.pycm_readme[index_balanced_accuracy]")),
]


def _g_measure_without_root(tp, fp, fn, tn):
    ppv, tpr, defined = C._two_rates(tp, tp + fp, tp, tp + fn)
    return ppv * tpr, defined


def _odds_ratio_inverted(tp, fp, fn, tn):
    den = tp * tn
    with np.errstate(divide="ignore", invalid="ignore"):
        return (fp * fn) / np.where(den > 0, den, 1.0), (den > 0) & (fp * fn > 0)


def _odds_ratio_haldane(tp, fp, fn, tn):
    """0.5 added to every cell: defined everywhere, and wrong wherever the counts are not all large"""
    return ((tp + 0.5) * (tn + 0.5)) / ((fp + 0.5) * (fn + 0.5)), np.ones(np.shape(tp), dtype=bool)


def _prevalence_threshold_rates_swapped(tp, fp, fn, tn):
    value, defined = C._prevalence_threshold_parts(tp, fp, fn, tn)
    return 1.0 - value, defined


def _prevalence_threshold_half_at_chance(tp, fp, fn, tn):
    """the simplified sqrt(FPR) / (sqrt(TPR) + sqrt(FPR)) kept where Balayla's fraction is 0/0 (TPR = FPR)"""
    tpr, fpr, defined = C._two_rates(tp, tp + fn, fp, fp + tn)
    defined &= (tpr + fpr) > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.sqrt(fpr) / (np.sqrt(tpr) + np.sqrt(fpr)), defined


MUTANTS += [
    Mutant("g_measure_without_the_root", {"g_measure": _ovr(_g_measure_without_root)},
           ids("definition[g_measure]", "golden.pycm_readme[g_measure]",
               "g_measure_between_f1_and_mean_of_precision_and_recall")),
    Mutant("diagnostic_odds_ratio_inverted", {"diagnostic_odds_ratio": _ovr(_odds_ratio_inverted)},
           ids("definition[diagnostic_odds_ratio]", "golden.pycm_readme[diagnostic_odds_ratio]",
               "diagnostic_odds_ratio_is_ratio_of_likelihood_ratios")),
    Mutant("diagnostic_odds_ratio_haldane_corrected", {"diagnostic_odds_ratio": _ovr(_odds_ratio_haldane)},
           ids("definition[diagnostic_odds_ratio]", "undefined[diagnostic_odds_ratio]")),
    Mutant("prevalence_threshold_rates_swapped", {"prevalence_threshold": _ovr(_prevalence_threshold_rates_swapped)},
           ids("definition[prevalence_threshold]", "prevalence_threshold_below_half_iff_informative")),
    Mutant("prevalence_threshold_half_at_chance", {"prevalence_threshold": _ovr(_prevalence_threshold_half_at_chance)},
           ids("definition[prevalence_threshold]", "undefined[prevalence_threshold]")),
]


# ------------------------------------------------------------------ issue 45: one class of two named by labels=


def _brier_binarised_on_present_classes(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None,
                                        scale_by_half="auto"):
    """1-D probabilities scored against y_true binarised on its own classes (labels= ignored): a y_true holding
    only the positive class becomes all negatives (the greater of two present classes is the positive)."""
    value = M.brier_score_loss(y_true, y_proba, sample_weight=sample_weight, pos_label=pos_label, labels=labels,
                               scale_by_half=scale_by_half)  # the real checks
    p = np.asarray(y_proba, dtype=float)
    if p.ndim != 1:
        return value
    t = np.asarray(y_true)
    present = np.unique(t)
    y = (t == present[-1]).astype(np.int64) if present.size == 2 else np.zeros(t.shape[0], dtype=np.int64)
    return M.brier_score_loss(y, p, sample_weight=sample_weight, pos_label=1, labels=[0, 1],
                              scale_by_half=scale_by_half)


def _hinge_encoded_on_present_classes(y_true, pred_decision, *, labels=None, sample_weight=None):
    """1-D decisions against y_true encoded +1/-1 on its own classes (labels= ignored): a one-class y_true is
    encoded -1, the positive class included."""
    value = M.hinge_loss(y_true, pred_decision, labels=labels, sample_weight=sample_weight)  # the real checks
    d = np.asarray(pred_decision, dtype=float)
    if d.ndim != 1:
        return value
    t = np.asarray(y_true)
    present = np.unique(t)
    y = np.where(t == present[-1], 1.0, -1.0) if present.size == 2 else -np.ones(t.shape[0])
    w = np.ones(t.shape[0]) if sample_weight is None else np.asarray(sample_weight, dtype=float)
    return float(np.sum(w * np.maximum(0.0, 1.0 - y * d)) / w.sum())


# ------------------------------------------------------------------ issue 48: macro-averaged MAE of ordinal classes


def _macro_mae(variant):
    def metric(y_true, y_pred, *, sample_weight=None):
        M.macro_averaged_mean_absolute_error(y_true, y_pred, sample_weight=sample_weight)  # the real checks
        t, p = np.asarray(y_true, dtype=float), np.asarray(y_pred, dtype=float)
        w = np.ones(t.shape[0]) if sample_weight is None else np.asarray(sample_weight, dtype=float)
        if variant == "pooled":  # the plain MAE: every sample weighs the same
            return float(np.sum(w * np.abs(t - p)) / w.sum())
        classes = np.union1d(t, p)
        if variant == "raises_on_predicted_only_class" and np.setdiff1d(p, t).size:
            raise ValueError("Found array with 0 sample(s) (imbalanced-learn#1094)")
        if variant == "predicted_only_class_scores_zero":  # the classes of both labelings, an empty one as 0
            per_class = [np.sum((w * np.abs(t - p))[t == c]) / w[t == c].sum() if w[t == c].sum() else 0.0
                         for c in classes]
            return float(np.mean(per_class))
        if variant == "squared":  # macro-averaged MSE under the MAE's name
            return float(np.mean([np.sum((w * (t - p) ** 2)[t == c]) / w[t == c].sum() for c in np.unique(t)
                                  if w[t == c].sum() > 0]))
        raise AssertionError(variant)

    return metric


_MACRO_MAE = "macro_averaged_mean_absolute_error"
MUTANTS += [
    Mutant("macro_mae_pooled", {_MACRO_MAE: _macro_mae("pooled")},
           ids(f"definition[{_MACRO_MAE}]", f"golden.imblearn_docstring[{_MACRO_MAE}]")),
    Mutant("macro_mae_raises_on_predicted_only_class", {_MACRO_MAE: _macro_mae("raises_on_predicted_only_class")},
           ids(f"undefined.predicted_only_class[{_MACRO_MAE}]"), verdict="error"),  # raised on valid input
    Mutant("macro_mae_predicted_only_class_scores_zero", {_MACRO_MAE: _macro_mae("predicted_only_class_scores_zero")},
           ids(f"undefined.predicted_only_class[{_MACRO_MAE}]", f"definition[{_MACRO_MAE}]")),
    Mutant("macro_mae_squared", {_MACRO_MAE: _macro_mae("squared")},
           ids(f"definition[{_MACRO_MAE}]", f"invariance.shift_and_scale[{_MACRO_MAE}]",
               f"relation.equal_supports_is_mean_absolute_error[{_MACRO_MAE}]")),
]


#: the mutants that only an edge case reaches (issue 45): tests/test_edge_mutants.py runs them without any draw
EDGE_MUTANTS = [
    Mutant("brier_binarises_y_true_on_its_own_classes", {"brier_score_loss": _brier_binarised_on_present_classes},
           ids("definition[brier_score_loss]")),
    Mutant("hinge_encodes_a_one_class_y_true_as_negative", {"hinge_loss": _hinge_encoded_on_present_classes},
           ids("definition[hinge_loss]")),
]
MUTANTS += EDGE_MUTANTS
