"""The multilabel spec: label-set rates, exact match, Hamming loss, label ranking, per-label curves.

Capability table first (the generic properties: bounds, symmetry, sample permutation and
duplication, dtypes, perfect input, bad input), then the family's own laws, after
scikit-learn's ``test_common.py`` for multilabel metrics:

- every metric pinned by its definition, computed here with plain loops over labels, rows
  and label pairs (Python sets for the per-row rates), never by another function of the target;
- ``average=None`` is the catalog's binary metric of each column, ``"micro"`` the binary metric
  of the raveled matrices, ``"samples"`` the mean over rows of the binary metric of each row
  (an empty row scores ``zero_division``), all through the target's own binary functions;
- permuting the label columns permutes ``average=None`` (and the per-label confusion
  matrices) and leaves every other value unchanged;
- the per-label threshold metrics (ROC AUC, AP, EER, the ROC and precision-recall curves) are the
  target's binary metric of each column (a curve: the binary curve's tuple, array by array);
- relations: the stat scores are the cells of the multilabel confusion matrices;
  Hamming loss between (1 - subset accuracy) / L and 1 - subset accuracy; Jaccard =
  F1 / (2 - F1) per label and per row; LRAP = samples-averaged AP where every row has a positive;
  coverage error between the mean number of true labels and L, its lower end for a perfect ranking;
- undefined cases on purpose: ROC AUC, EER and the ROC curve of a column (row) with one class, AP and the
  precision-recall curve of one without positives are refused, naming y_true; unknown options refused;
- agreement with scikit-learn and torchmetrics (where they have the option).

No source document (``shared/seeds``) speaks of multilabel metrics: this family has no claims.
"""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np
from hypothesis import strategies as st

from .capabilities import POSITIVE, Capability, declare_parameters
from .checks import expect, expect_close, expect_le, expect_refusal
from .curves import _log_area_by_quadrature  # the spec's own log-AUC arithmetic, shared
from properties.engine.vocabulary import findings
from properties.engine.vocabulary.registry import family_examples, register
from properties.engine.vocabulary.declared import reports_no_threshold
from properties.engine.target.references import reference
from .inputs import edges_of, with_edges
from .inputs.indicators import (INDICATOR_PAIRS, PER_LABEL_CURVES, SCORED_INDICATORS, SCORED_INDICATORS_BOTH_CLASSES,
                                indicator_pairs, perfect_scores, scored_indicators,
                                scored_indicators_both_classes)

EXAMPLES = 30
family_examples("multilabel", EXAMPLES)
GENERIC_EXAMPLES = EXAMPLES

#: the same counts summed in another order
ROUNDING = 1e-12

BETA = 2.0  # != 1 so that beta and beta^2 differ
AVERAGES = (None, "micro", "macro", "weighted", "samples")
ZERO_DIVISIONS = (0.0, 1.0, np.nan)

#: label-set rates: name -> (num, den) from per-label or per-row (tp, fp, fn, tn); the catalog's binary metric
RATES = {
    "multilabel_precision": (lambda tp, fp, fn, tn: (tp, tp + fp), "precision"),
    "multilabel_recall": (lambda tp, fp, fn, tn: (tp, tp + fn), "recall"),
    "multilabel_fbeta": (lambda tp, fp, fn, tn: ((1 + BETA**2) * tp, (1 + BETA**2) * tp + BETA**2 * fn + fp),
                         "fbeta"),
    "multilabel_f1": (lambda tp, fp, fn, tn: (2 * tp, 2 * tp + fp + fn), "f1"),
    "multilabel_jaccard": (lambda tp, fp, fn, tn: (tp, tp + fp + fn), None),
    "multilabel_accuracy": (lambda tp, fp, fn, tn: (tp + tn, tp + fp + fn + tn), "accuracy"),
    "multilabel_specificity": (lambda tp, fp, fn, tn: (tn, tn + fp), "specificity"),
    "multilabel_negative_predictive_value": (lambda tp, fp, fn, tn: (tn, tn + fn), "negative_predictive_value"),
}
#: the rates of the negatives and the row that makes them 0/0
NEGATIVE_RATES = {"multilabel_specificity": "TN + FP", "multilabel_negative_predictive_value": "TN + FN"}
#: label-wise accuracy is never 0/0 (no zero_division), and has no "samples" (its row mean is "micro")
NO_ZERO_DIVISION = ("multilabel_accuracy",)
LABELWISE_AVERAGES = (None, "micro", "macro", "weighted")
#: the averages of each metric that has not all of AVERAGES: the per-label binary threshold metrics score one binary
#: problem per label (no "samples"), the stacked counts are per label or summed, a per-label curve has none
_AVERAGES_OF = {"multilabel_accuracy": LABELWISE_AVERAGES, "multilabel_equal_error_rate": LABELWISE_AVERAGES,
                "multilabel_log_auc": LABELWISE_AVERAGES, "multilabel_stat_scores": (None, "micro"),
                "multilabel_roc_curve": (), "multilabel_precision_recall_curve": (),
                "multilabel_recall_at_fixed_precision": (), "multilabel_precision_at_fixed_recall": (),
                "multilabel_sensitivity_at_specificity": (), "multilabel_specificity_at_sensitivity": ()}
#: the operating points' constraint keyword, each evaluated at CONSTRAINT_VALUES
CONSTRAINTS = {"multilabel_recall_at_fixed_precision": "min_precision", "multilabel_precision_at_fixed_recall":
               "min_recall", "multilabel_sensitivity_at_specificity": "min_specificity",
               "multilabel_specificity_at_sensitivity": "min_sensitivity"}
CONSTRAINT_VALUES = (0.5, 0.8)


def _averages(m):
    return _AVERAGES_OF.get(m, AVERAGES)


def _zero_divisions(m, values=ZERO_DIVISIONS):
    """The zero_division keywords to try with ``m``: ``[{}]`` for a metric without the keyword."""
    return [{}] if m in NO_ZERO_DIVISION else [{"zero_division": z} for z in values]
#: per-label summaries of a binary ranking: name -> the catalog's binary metric (one number per label, averaged);
#: a new one is an entry here and its formula in _CURVE_FORMULAS (its binary definition in BINARY_DEFINITIONS)
CURVES = {"multilabel_roc_auc": "roc_auc", "multilabel_average_precision": "average_precision",
          "multilabel_equal_error_rate": "equal_error_rate", "multilabel_log_auc": "log_auc"}
#: per-label curves and operating points: name -> the catalog's binary metric (a list with one tuple per label, the
#: binary result; no average)
CURVE_LISTS = {"multilabel_roc_curve": "roc_curve", "multilabel_precision_recall_curve": "precision_recall_curve",
               "multilabel_recall_at_fixed_precision": "recall_at_fixed_precision",
               "multilabel_precision_at_fixed_recall": "precision_at_fixed_recall",
               "multilabel_sensitivity_at_specificity": "sensitivity_at_specificity",
               "multilabel_specificity_at_sensitivity": "specificity_at_sensitivity"}
#: the binary metrics undefined without negatives too (the others only without positives)
NEEDS_NEGATIVES = ("roc_auc", "equal_error_rate", "roc_curve", "log_auc", "sensitivity_at_specificity",
                   "specificity_at_sensitivity")
RANKING = ("label_ranking_average_precision", "coverage_error", "label_ranking_loss")


def _forms(m, averages=None, **kw):
    beta = {"beta": BETA} if m == "multilabel_fbeta" else {}
    chosen = _averages(m) if averages is None else averages
    constraints = [{CONSTRAINTS[m]: v} for v in CONSTRAINT_VALUES] if m in CONSTRAINTS else [{}]
    return tuple({**a, **c, **beta, **kw} for a in ([{"average": a} for a in chosen] if chosen else [{}])
                 for c in constraints)


def _rate_capability(m, symmetric):
    return Capability(
        (0.0, 1.0), symmetric, "0/1 indicator matrices (n_samples x n_labels)",
        "never (empty input refused)" if m in NO_ZERO_DIVISION else
        "0/0 for a label (a row with 'samples') -> zero_division",
        averaging=(*(a for a in _averages(m) if a is not None), "none"),
        inputs=INDICATOR_PAIRS, best=1.0, forms=_forms(m),
        bound_forms=tuple(f for z in _zero_divisions(m, (0.0, 1.0)) for f in _forms(m, **z)),
        perfect_forms=tuple(f for z in _zero_divisions(m, (np.nan,)) for f in _forms(m, **z)),
        # 'weighted' weighs by the support in y_true: not symmetric
        symmetry_forms=_forms(m, tuple(a for a in _averages(m) if a != "weighted")),
        refusal_form=_forms(m, ("macro",))[0])


CAPABILITIES = {
    "multilabel_precision": _rate_capability("multilabel_precision", False),
    "multilabel_recall": _rate_capability("multilabel_recall", False),
    "multilabel_fbeta": _rate_capability("multilabel_fbeta", False),
    "multilabel_f1": _rate_capability("multilabel_f1", True),
    "multilabel_jaccard": _rate_capability("multilabel_jaccard", True),
    "multilabel_accuracy": _rate_capability("multilabel_accuracy", True),
    # swapping the arguments turns specificity into the negative predictive value
    "multilabel_specificity": _rate_capability("multilabel_specificity", False),
    "multilabel_negative_predictive_value": _rate_capability("multilabel_negative_predictive_value", False),
    "multilabel_matthews_corrcoef": Capability(
        (-1.0, 1.0), True, "0/1 indicator matrices", "a constant raveled y_true or y_pred (a zero margin) -> 0.0",
        inputs=INDICATOR_PAIRS, best=1.0, defined=lambda ex: _varies(ex[0]) and _varies(ex[1])),
    "subset_accuracy": Capability((0.0, 1.0), True, "0/1 indicator matrices", "never (empty input refused)",
                                  inputs=INDICATOR_PAIRS, best=1.0),
    "multilabel_hamming_loss": Capability((0.0, 1.0), True, "0/1 indicator matrices", "never (empty input refused)",
                                          inputs=INDICATOR_PAIRS, best=0.0, higher_is_better=False),
    "multilabel_confusion_matrix": Capability((0.0, None), False, "0/1 indicator matrices",
                                              "never (empty input refused)", inputs=INDICATOR_PAIRS,
                                              higher_is_better=None, additive=True),
    # swapping the arguments swaps FP and FN
    "multilabel_stat_scores": Capability((0.0, None), False, "0/1 indicator matrices", "never (empty input refused)",
                                         averaging=("micro", "none"), inputs=INDICATOR_PAIRS, higher_is_better=None,
                                         additive=True, forms=_forms("multilabel_stat_scores")),
    "label_ranking_average_precision": Capability(
        (0.0, 1.0), False, "0/1 indicator matrix + label scores",
        "a row with no relevant label (0/0) or every label relevant scores 1", inputs=SCORED_INDICATORS, best=1.0),
    "coverage_error": Capability(
        (0.0, None), False, "0/1 indicator matrix + label scores",
        "a row with no relevant label covers 0 labels", inputs=SCORED_INDICATORS, higher_is_better=False),
    "label_ranking_loss": Capability(
        (0.0, 1.0), False, "0/1 indicator matrix + label scores",
        "a row with no relevant or no irrelevant label (no pair) scores 0", inputs=SCORED_INDICATORS, best=0.0,
        higher_is_better=False),
    "multilabel_roc_auc": Capability(
        (0.0, 1.0), False, "0/1 indicator matrix + label scores",
        "a column (row for 'samples', matrix for 'micro') with one class is refused",
        averaging=("micro", "macro", "weighted", "samples", "none"), inputs=SCORED_INDICATORS_BOTH_CLASSES,
        best=1.0, forms=_forms("multilabel_roc_auc")),
    "multilabel_average_precision": Capability(
        (0.0, 1.0), False, "0/1 indicator matrix + label scores",
        "a column (row for 'samples', matrix for 'micro') without positives is refused",
        averaging=("micro", "macro", "weighted", "samples", "none"), inputs=SCORED_INDICATORS_BOTH_CLASSES,
        best=1.0, forms=_forms("multilabel_average_precision")),
    "multilabel_equal_error_rate": Capability(
        (0.0, 1.0), False, "0/1 indicator matrix + label scores",
        "a column (the matrix for 'micro') with one class is refused",
        averaging=("micro", "macro", "weighted", "none"), inputs=SCORED_INDICATORS_BOTH_CLASSES,
        best=0.0, higher_is_better=False, forms=_forms("multilabel_equal_error_rate"),
        # the per-label values: every library with the metric has them (torchmetrics' multilabel_eer has no average)
        refusal_form={"average": None}),
    "multilabel_roc_curve": Capability(
        (0.0, 1.0), False, "0/1 indicator matrix + label scores", "a label column with one class is refused",
        inputs=PER_LABEL_CURVES, higher_is_better=None),
    "multilabel_precision_recall_curve": Capability(
        (0.0, 1.0), False, "0/1 indicator matrix + label scores", "a label column without positives is refused",
        inputs=PER_LABEL_CURVES, higher_is_better=None),
    "multilabel_log_auc": Capability(
        (0.0, 1.0), False, "0/1 indicator matrix + label scores",
        "a column (the matrix for 'micro') with one class is refused",
        averaging=("micro", "macro", "weighted", "none"), inputs=SCORED_INDICATORS_BOTH_CLASSES,
        best=1.0, forms=_forms("multilabel_log_auc"), refusal_form={"average": None}),
    # the operating points: compared as their values (the shape leaves the thresholds out)
    **{m: Capability((0.0, 1.0), False, "0/1 indicator matrix + label scores",
                     "a label column " + ("with only one class" if m in ("multilabel_sensitivity_at_specificity",
                                                                           "multilabel_specificity_at_sensitivity")
                                          else "without positives") + " is refused",
                     inputs=PER_LABEL_CURVES, best=1.0, forms=_forms(m), refusal_form=_forms(m)[0])
       for m in CONSTRAINTS},
}
declare_parameters(CAPABILITIES, {"multilabel_fbeta": {"beta": POSITIVE}})


# ------------------------------------------------------------------ the spec's own arithmetic


def _varies(matrix) -> bool:
    """Whether a 0/1 matrix holds both values."""
    return 0 < int(np.count_nonzero(matrix)) < np.asarray(matrix).size


def _cell(matrix, i, j) -> int:
    return int(matrix[i][j])


def counts_per_label(t, p) -> list[tuple[int, int, int]]:
    """(TP, FP, FN) of each column, by a plain loop."""
    n, L = len(t), len(t[0])
    out = []
    for j in range(L):
        pairs = [(_cell(t, i, j), _cell(p, i, j)) for i in range(n)]
        out.append((sum(a and b for a, b in pairs), sum((not a) and b for a, b in pairs),
                    sum(a and not b for a, b in pairs)))
    return out


def counts_per_row(t, p) -> list[tuple[int, int, int]]:
    """(|T & P|, |P - T|, |T - P|) of each row, from the rows' label sets."""
    out = []
    for row_t, row_p in zip(t, p):
        true = {j for j, v in enumerate(row_t) if v}
        pred = {j for j, v in enumerate(row_p) if v}
        out.append((len(true & pred), len(pred - true), len(true - pred)))
    return out


def _ratio(num, den, zd):
    return num / den if den else zd


def _mean_skipping_nan(values, weights=None):
    kept = [(v, 1.0 if weights is None else w) for v, w in zip(values, weights or [None] * len(values))
            if not math.isnan(v)]
    if not kept:
        return math.nan
    total = sum(w for _, w in kept)
    if total == 0:  # every weight 0: the unweighted mean (scikit-learn's rule)
        return sum(v for v, _ in kept) / len(kept)
    return sum(v * w for v, w in kept) / total


def expected_rate(name, t, p, average, zd):
    """The rate ``name`` under ``average`` and ``zero_division`` from counts made here."""
    parts = RATES[name][0]
    if average == "samples":
        return _mean_skipping_nan([_ratio(*parts(tp, fp, fn, len(t[0]) - tp - fp - fn), zd)
                                   for tp, fp, fn in counts_per_row(t, p)])
    per_label = counts_per_label(t, p)
    if average == "micro":
        tp, fp, fn = (sum(c[k] for c in per_label) for k in range(3))
        return _ratio(*parts(tp, fp, fn, len(t) * len(t[0]) - tp - fp - fn), zd)
    values = [_ratio(*parts(tp, fp, fn, len(t) - tp - fp - fn), zd) for tp, fp, fn in per_label]
    if average is None:
        return np.array(values, dtype=float)
    return _mean_skipping_nan(values, [tp + fn for tp, _, fn in per_label] if average == "weighted" else None)


def call_rate(t, name, y_true, y_pred, **kw):
    if name == "multilabel_fbeta":
        kw.setdefault("beta", BETA)
    return getattr(t, name)(y_true, y_pred, **kw)


def call_binary(t, name, y_true, y_pred, **kw):
    if name == "accuracy":  # no average, pos_label nor zero_division: the fraction of equal cells
        return t.accuracy(y_true, y_pred, **kw)
    if name == "fbeta":
        kw["beta"] = BETA
    return getattr(t, name)(y_true, y_pred, average="binary", pos_label=1, **kw)


def _needs(name, *keywords):
    extra = ("beta",) if name in ("multilabel_fbeta", "fbeta") else ()
    return (name, *(f"{name}:{k}" for k in (*extra, *keywords)))


def _each(t, cases, check) -> None:
    """``check(case)`` for every case (a dict of keywords), each judged on its own: a form the target lacks
    is skipped, the worst failure raised once every form ran."""
    problems: list = []
    for case in cases:
        with findings.form(findings.form_part(case), problems, view=t):
            check(case)
    findings.raise_worst(problems)


def _every_average_and_zero_division(name):
    return [{"average": a, **z} for a in _averages(name) for z in _zero_divisions(name)]


# ------------------------------------------------------------------ label-set rates


def _rate_definition(t, ex, *, m):
    y_true, y_pred = ex
    T, P = y_true.tolist(), y_pred.tolist()

    def check(case):
        expect_close(call_rate(t, m, y_true, y_pred, **case), expected_rate(m, T, P, case["average"],
                                                                             case.get("zero_division", 0.0)),
                     rtol=ROUNDING, atol=ROUNDING, what=f"{m}({case}) vs its counts")

    _each(t, _every_average_and_zero_division(m), check)


_RATE_FORMULAS = {
    "multilabel_precision": "TP / (TP + FP)",
    "multilabel_recall": "TP / (TP + FN)",
    "multilabel_fbeta": "(1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP)",
    "multilabel_f1": "2 TP / (2 TP + FP + FN)",
    "multilabel_jaccard": "TP / (TP + FP + FN) (per row: |T & P| / |T | P|)",
    "multilabel_accuracy": "(TP + TN) / n",
    "multilabel_specificity": "TN / (TN + FP)",
    "multilabel_negative_predictive_value": "TN / (TN + FN)",
}


def _rate_keywords(m):
    return ("average",) if m in NO_ZERO_DIVISION else ("average", "zero_division")


for _m in RATES:
    register(f"definition[{_m}]",
             f"{_m} = {_RATE_FORMULAS[_m]} per label (None), pooled (micro), averaged plainly (macro), by support "
             + ("(weighted); never 0/0" if _m in NO_ZERO_DIVISION else
                "(weighted), or per row from the label sets then averaged (samples); 0/0 -> zero_division, nan "
                "skipped by the averages"), kind="relation", needs=_needs(_m, *_rate_keywords(_m)),
             check=functools.partial(_rate_definition, m=_m), strategy=indicator_pairs(), defines=_m)


def _per_label_is_binary(t, ex, *, m):
    y_true, y_pred = ex
    binary = RATES[m][1]

    def check(case):
        per_label = [call_binary(t, binary, y_true[:, j], y_pred[:, j], **case) for j in range(y_true.shape[1])]
        expect_close(np.asarray(call_rate(t, m, y_true, y_pred, average=None, **case), dtype=float),
                     np.asarray(per_label, dtype=float), rtol=ROUNDING, atol=ROUNDING,
                     what=f"{m}(average=None, {case}) vs {binary} of each column")

    _each(t, _zero_divisions(m), check)


def _micro_is_raveled(t, ex, *, m):
    y_true, y_pred = ex
    binary = RATES[m][1]

    def check(case):
        expect_close(call_rate(t, m, y_true, y_pred, average="micro", **case),
                     call_binary(t, binary, y_true.ravel(), y_pred.ravel(), **case), rtol=ROUNDING, atol=ROUNDING,
                     what=f"{m}(average='micro', {case}) vs {binary} of the raveled matrices")

    _each(t, _zero_divisions(m), check)


def _samples_is_row_mean(t, ex, *, m):
    y_true, y_pred = ex
    binary = RATES[m][1]

    def check(case):
        rows = [float(call_binary(t, binary, y_true[i], y_pred[i], **case)) for i in range(y_true.shape[0])]
        expect_close(call_rate(t, m, y_true, y_pred, average="samples", **case), _mean_skipping_nan(rows),
                     rtol=ROUNDING, atol=ROUNDING,
                     what=f"{m}(average='samples', {case}) vs the mean over rows of {binary} of each row "
                          f"(rows: {rows})")

    _each(t, [{"zero_division": z} for z in ZERO_DIVISIONS], check)


for _m, (_, _binary) in RATES.items():
    if _binary is None:
        continue
    _row_needs = (*_needs(_m, *_rate_keywords(_m)),
                  *(_needs(_binary) if _m in NO_ZERO_DIVISION else
                    _needs(_binary, "average", "pos_label", "zero_division")))
    _binary_call = _binary if _m in NO_ZERO_DIVISION else f"{_binary}(average='binary')"
    register(f"per_label_is_binary[{_m}]",
             f"{_m}(average=None) is {_binary_call} of each label column"
             + ("" if _m in NO_ZERO_DIVISION else ", for every zero_division"),
             kind="relation", needs=_row_needs, check=functools.partial(_per_label_is_binary, m=_m),
             strategy=indicator_pairs())
    register(f"micro_is_raveled[{_m}]",
             f"{_m}(average='micro') is {_binary_call} of the raveled matrices",
             kind="relation", needs=_row_needs, check=functools.partial(_micro_is_raveled, m=_m),
             strategy=indicator_pairs())
    if "samples" not in _averages(_m):
        continue
    register(f"samples_is_row_mean[{_m}]",
             f"{_m}(average='samples') is the mean over rows of {_binary}(average='binary') of each row (an "
             + ("empty row scores zero_division" if _m not in NEGATIVE_RATES else
                f"row with {NEGATIVE_RATES[_m]} = 0 scores zero_division") + "; with nan such rows are skipped)",
             kind="relation", needs=_row_needs, check=functools.partial(_samples_is_row_mean, m=_m),
             strategy=indicator_pairs())


def _jaccard_from_f1(t, ex):
    y_true, y_pred = ex

    def check(case):
        f1 = np.asarray(t.multilabel_f1(y_true, y_pred, **case), dtype=float)
        expect_close(np.asarray(t.multilabel_jaccard(y_true, y_pred, **case), dtype=float), f1 / (2.0 - f1),
                     rtol=1e-12, atol=1e-12, what=f"multilabel_jaccard({case}) vs F1 / (2 - F1)")

    _each(t, [{"average": a, "zero_division": z} for a in (None, "micro") for z in (0.0, 1.0)], check)


register("jaccard_is_f1_over_two_minus_f1[multilabel_jaccard]",
         "per label (None) and pooled (micro), J = F1 / (2 - F1) (both are 0/0 exactly together); not for the "
         "averages of per-label or per-row values, which mean the two differently",
         kind="relation", needs=(*_needs("multilabel_jaccard", "average", "zero_division"),
                                 *_needs("multilabel_f1", "average", "zero_division")),
         check=_jaccard_from_f1, strategy=indicator_pairs())


# ------------------------------------------------------------------ label permutation


def _with_column_order(strategy):
    """(example, a permutation of its label columns); edge cases with their columns reversed."""
    drawn = strategy.flatmap(lambda ex: st.tuples(st.just(ex), st.permutations(range(ex[0].shape[1])).map(
        lambda order: np.array(order, dtype=np.intp))))
    return with_edges(drawn, tuple((n, (ex, np.arange(ex[0].shape[1], dtype=np.intp)[::-1].copy()))
                                   for n, ex in edges_of(strategy)))


def _label_permutation(t, ex, *, m, forms):
    (a, b), order = ex

    def check(case):
        what = f"{m}({case}) with the label columns permuted by {order.tolist()}"
        if m in CURVE_LISTS:  # a list of per-label curves: permuted alike
            before = list(getattr(t, m)(a, b, **case))
            expect_same_curves(t, m, getattr(t, m)(a[:, order], b[:, order], **case), [before[k] for k in order],
                               what + " (the per-label curves permuted alike)")
            return
        before = np.asarray(getattr(t, m)(a, b, **case), dtype=float)
        after = np.asarray(getattr(t, m)(a[:, order], b[:, order], **case), dtype=float)
        per_label = case.get("average", "none") is None or m == "multilabel_confusion_matrix"
        expect_close(after, before[order] if per_label else before, rtol=ROUNDING, atol=ROUNDING,
                     what=what + (" (the per-label values permuted alike)" if per_label else ""))

    _each(t, forms, check)


_PERMUTATION_FORMS = {
    **{m: [{**f, **z} for f in _forms(m) for z in _zero_divisions(m, (0.0, np.nan))] for m in RATES},
    **{m: list(_forms(m)) for m in (*CURVES, *CURVE_LISTS, "multilabel_stat_scores")},
    **{m: [{}] for m in ("subset_accuracy", "multilabel_hamming_loss", "multilabel_confusion_matrix",
                         "multilabel_matthews_corrcoef", *RANKING)},
}

for _m, _forms_of_m in _PERMUTATION_FORMS.items():
    _keys = sorted({k for f in _forms_of_m for k in f})
    _strategy = (scored_indicators_both_classes() if _m in CURVES or _m in CURVE_LISTS else
                 scored_indicators() if _m in RANKING else indicator_pairs())
    register(f"label_permutation[{_m}]",
             f"permuting the label columns of both arguments alike "
             + ("permutes the per-label matrices" if _m == "multilabel_confusion_matrix" else
                "permutes the per-label curves" if _m in CURVE_LISTS else
                "permutes average=None and leaves every other average unchanged"
                if _m in RATES or _m in CURVES or _m == "multilabel_stat_scores" else "leaves the value unchanged"),
             kind="invariance", needs=(_m, *(f"{_m}:{k}" for k in _keys)),
             check=functools.partial(_label_permutation, m=_m, forms=_forms_of_m),
             strategy=_with_column_order(_strategy))


# ------------------------------------------------------------------ exact match, Hamming loss, confusion matrices


def _subset_accuracy_definition(t, ex):
    a, b = ex
    rows = [ra == rb for ra, rb in zip(a.tolist(), b.tolist())]
    expect_close(t.subset_accuracy(a, b), sum(rows) / len(rows), rtol=ROUNDING, atol=0,
                 what=f"subset_accuracy vs the fraction of identical rows {rows}")


register("definition[subset_accuracy]", "subset accuracy = the fraction of rows predicted exactly (every label)",
         kind="relation", needs=("subset_accuracy",), check=_subset_accuracy_definition, strategy=indicator_pairs(),
         defines="subset_accuracy")


def _hamming_definition(t, ex):
    a, b = ex
    cells = [x != y for ra, rb in zip(a.tolist(), b.tolist()) for x, y in zip(ra, rb)]
    expect_close(t.multilabel_hamming_loss(a, b), sum(cells) / len(cells), rtol=ROUNDING, atol=0,
                 what="multilabel_hamming_loss vs the fraction of mismatched cells")


register("definition[multilabel_hamming_loss]", "Hamming loss = the mean over every (sample, label) cell of "
         "[y_true != y_pred]", kind="relation", needs=("multilabel_hamming_loss",), check=_hamming_definition,
         strategy=indicator_pairs(), defines="multilabel_hamming_loss")


def _hamming_within_subset_error(t, ex):
    a, b = ex
    loss = float(t.multilabel_hamming_loss(a, b))
    missed = 1.0 - float(t.subset_accuracy(a, b))
    expect_le(missed / a.shape[1], loss, what="(1 - subset accuracy) / n_labels <= Hamming loss", tol=1e-12)
    expect_le(loss, missed, what="Hamming loss <= 1 - subset accuracy", tol=1e-12)


register("hamming_within_subset_error[multilabel_hamming_loss]",
         "(1 - subset accuracy) / n_labels <= Hamming loss <= 1 - subset accuracy: a row not matched exactly has "
         "between 1 and n_labels wrong cells", kind="relation",
         needs=("multilabel_hamming_loss", "subset_accuracy"), check=_hamming_within_subset_error,
         strategy=indicator_pairs())


def _mcm_definition(t, ex):
    a, b = ex
    n = a.shape[0]
    expected = [[[n - tp - fp - fn, fp], [fn, tp]] for tp, fp, fn in counts_per_label(a.tolist(), b.tolist())]
    got = np.asarray(t.multilabel_confusion_matrix(a, b))
    expect_close(got, np.array(expected, dtype=float), rtol=0, atol=0,
                 what="multilabel_confusion_matrix vs [[TN, FP], [FN, TP]] counted per label")


register("definition[multilabel_confusion_matrix]",
         "multilabel_confusion_matrix[j] = [[TN_j, FP_j], [FN_j, TP_j]] for each label column j (n_labels x 2 x 2)",
         kind="relation", needs=("multilabel_confusion_matrix",), check=_mcm_definition, strategy=indicator_pairs(),
         defines="multilabel_confusion_matrix")


def _stat_scores_definition(t, ex):
    a, b = ex
    n = a.shape[0]
    per_label = [[tp, fp, n - tp - fp - fn, fn, tp + fn] for tp, fp, fn in counts_per_label(a.tolist(), b.tolist())]
    problems: list = []
    for case, expected in (({"average": None}, per_label), ({"average": "micro"}, [sum(c) for c in zip(*per_label)])):
        with findings.form(findings.form_part(case), problems, view=t):
            expect_close(np.asarray(t.multilabel_stat_scores(a, b, **case)), np.array(expected, dtype=float), rtol=0,
                         atol=0, what=f"multilabel_stat_scores({case}) vs [TP, FP, TN, FN, TP + FN] counted per label")
    findings.raise_worst(problems)


register("definition[multilabel_stat_scores]",
         "multilabel_stat_scores = [TP_j, FP_j, TN_j, FN_j, TP_j + FN_j] for each label column j (average=None, "
         "n_labels x 5), summed over the labels (micro)", kind="relation",
         needs=("multilabel_stat_scores", "multilabel_stat_scores:average"), check=_stat_scores_definition,
         strategy=indicator_pairs(), defines="multilabel_stat_scores")


def _stat_scores_are_mcm(t, ex):
    a, b = ex
    m = np.asarray(t.multilabel_confusion_matrix(a, b), dtype=float)
    cells = np.stack([m[:, 1, 1], m[:, 0, 1], m[:, 0, 0], m[:, 1, 0], m[:, 1, :].sum(axis=1)], axis=1)
    expect_close(np.asarray(t.multilabel_stat_scores(a, b, average=None), dtype=float), cells, rtol=0, atol=0,
                 what="multilabel_stat_scores(average=None) vs the cells of multilabel_confusion_matrix "
                      "[M11, M01, M00, M10, M10 + M11]")


register("confusion_matrix_cells[multilabel_stat_scores]",
         "multilabel_stat_scores(average=None)[j] is [M[j,1,1], M[j,0,1], M[j,0,0], M[j,1,0], M[j,1,0] + M[j,1,1]] "
         "of M = multilabel_confusion_matrix (the same counts in another layout)", kind="relation",
         needs=("multilabel_stat_scores", "multilabel_stat_scores:average", "multilabel_confusion_matrix"),
         check=_stat_scores_are_mcm, strategy=indicator_pairs())


def expected_pooled_mcc(t, p) -> float:
    """MCC of the 2 x 2 table of every cell, counted here; a zero margin -> 0.0."""
    tp, fp, fn = (sum(c[k] for c in counts_per_label(t, p)) for k in range(3))
    tn = len(t) * len(t[0]) - tp - fp - fn
    margins = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)  # exact: Python integers
    return (tp * tn - fp * fn) / math.sqrt(margins) if margins else 0.0


def _mcc_definition(t, ex):
    a, b = ex
    expect_close(t.multilabel_matthews_corrcoef(a, b), expected_pooled_mcc(a.tolist(), b.tolist()), rtol=ROUNDING,
                 atol=ROUNDING, what="multilabel_matthews_corrcoef vs the MCC of the 2 x 2 table of every cell")


register("definition[multilabel_matthews_corrcoef]",
         "multilabel_matthews_corrcoef = (TP TN - FP FN) / sqrt((TP + FP)(TP + FN)(TN + FP)(TN + FN)) with the "
         "counts pooled over every (sample, label) cell; a zero margin (a constant matrix) -> 0.0",
         kind="relation", needs=("multilabel_matthews_corrcoef",), check=_mcc_definition, strategy=indicator_pairs(),
         defines="multilabel_matthews_corrcoef")


def _mcc_is_raveled(t, ex):
    a, b = ex
    expect_close(t.multilabel_matthews_corrcoef(a, b), t.matthews_corrcoef(a.ravel(), b.ravel()), rtol=ROUNDING,
                 atol=ROUNDING, what="multilabel_matthews_corrcoef vs matthews_corrcoef of the raveled matrices")


register("micro_is_raveled[multilabel_matthews_corrcoef]",
         "multilabel_matthews_corrcoef is matthews_corrcoef of the raveled matrices (its undefined case too: 0.0)",
         kind="relation", needs=("multilabel_matthews_corrcoef", "matthews_corrcoef"), check=_mcc_is_raveled,
         strategy=indicator_pairs())


# ------------------------------------------------------------------ label ranking


def _at_least_as_high(row_s, j):
    return [k for k, v in enumerate(row_s) if v >= row_s[j]]


def expected_lrap(t, s) -> float:
    total = 0.0
    for row_t, row_s in zip(t, s):
        relevant = {j for j, v in enumerate(row_t) if v}
        if not relevant or len(relevant) == len(row_t):
            total += 1.0
            continue
        total += sum(len(relevant.intersection(_at_least_as_high(row_s, j))) / len(_at_least_as_high(row_s, j))
                     for j in relevant) / len(relevant)
    return total / len(t)


def expected_coverage(t, s) -> float:
    total = 0
    for row_t, row_s in zip(t, s):
        relevant = [row_s[j] for j, v in enumerate(row_t) if v]
        total += sum(v >= min(relevant) for v in row_s) if relevant else 0
    return total / len(t)


def expected_ranking_loss(t, s) -> float:
    total = 0.0
    for row_t, row_s in zip(t, s):
        relevant = [j for j, v in enumerate(row_t) if v]
        irrelevant = [j for j, v in enumerate(row_t) if not v]
        if relevant and irrelevant:
            wrong = sum(row_s[k] >= row_s[j] for j in relevant for k in irrelevant)
            total += wrong / (len(relevant) * len(irrelevant))
    return total / len(t)


_RANKING_DEFINITIONS = {
    "label_ranking_average_precision": (
        expected_lrap, "LRAP = mean over rows of the mean over relevant labels j of |{relevant k: s_k >= s_j}| / "
                       "|{k: s_k >= s_j}| (ties pessimistic); 1 for a row with no or every label relevant"),
    "coverage_error": (
        expected_coverage, "coverage error = mean over rows of |{k: s_k >= the lowest relevant score}| (ties "
                           "counted); 0 for a row with no relevant label"),
    "label_ranking_loss": (
        expected_ranking_loss, "ranking loss = mean over rows of the share of (relevant, irrelevant) pairs with "
                               "s_irrelevant >= s_relevant (a tie is an error); 0 for a row without such pairs"),
}


def _ranking_definition(t, ex, *, m):
    y_true, y_score = ex
    expect_close(getattr(t, m)(y_true, y_score), _RANKING_DEFINITIONS[m][0](y_true.tolist(), y_score.tolist()),
                 rtol=1e-12, atol=1e-12, what=f"{m} vs its definition")


for _m, (_, _statement) in _RANKING_DEFINITIONS.items():
    register(f"definition[{_m}]", _statement, kind="relation", needs=(_m,),
             check=functools.partial(_ranking_definition, m=_m), strategy=scored_indicators(), defines=_m)


def _coverage_bounds(t, ex):
    y_true, y_score = ex
    mean_true = float(np.count_nonzero(y_true, axis=1).mean())
    value = float(t.coverage_error(y_true, y_score))
    expect_le(mean_true, value, what="mean number of true labels per row <= coverage error", tol=1e-12)
    expect_le(value, float(y_true.shape[1]), what="coverage error <= n_labels", tol=1e-12)
    _, perfect = perfect_scores(ex)
    expect_close(t.coverage_error(y_true, perfect), mean_true, rtol=1e-12, atol=1e-12,
                 what="coverage error of a perfect ranking vs the mean number of true labels per row")


register("coverage_bounds[coverage_error]",
         "mean number of true labels per row <= coverage error <= n_labels, the lower end for a perfect ranking",
         kind="bound", needs=("coverage_error",), check=_coverage_bounds, strategy=scored_indicators())


def _lrap_is_samples_ap(t, ex):
    y_true, y_score = ex
    expect_close(t.label_ranking_average_precision(y_true, y_score),
                 t.multilabel_average_precision(y_true, y_score, average="samples"), rtol=1e-12, atol=1e-12,
                 what="LRAP vs multilabel_average_precision(average='samples')")


register("lrap_is_samples_average_precision[label_ranking_average_precision]",
         "where every row has a relevant and an irrelevant label, LRAP is the samples-averaged average precision "
         "(per row: the mean precision at the relevant labels, ties pessimistic in both)", kind="relation",
         needs=("label_ranking_average_precision", "multilabel_average_precision",
                "multilabel_average_precision:average"),
         check=_lrap_is_samples_ap, strategy=scored_indicators_both_classes())


# ------------------------------------------------------------------ per-label ROC AUC and average precision


def _binary_auc(labels, scores) -> float:
    pos = [s for y, s in zip(labels, scores) if y]
    neg = [s for y, s in zip(labels, scores) if not y]
    return sum(1.0 if p > q else 0.5 if p == q else 0.0 for p in pos for q in neg) / (len(pos) * len(neg))


def _binary_ap(labels, scores) -> float:
    """The mean over positives of the precision at their score (every sample scored at least as high counts)."""
    pos = [s for y, s in zip(labels, scores) if y]
    return sum(sum(1 for y, v in zip(labels, scores) if y and v >= p) / sum(1 for v in scores if v >= p)
               for p in pos) / len(pos)


def _operating_points(labels, scores):
    """(thresholds, TP, FP) at each distinct score by decreasing threshold, counted sample by sample."""
    thresholds = sorted(set(scores), reverse=True)
    tp = [sum(1 for y, v in zip(labels, scores) if y and v >= th) for th in thresholds]
    fp = [sum(1 for y, v in zip(labels, scores) if not y and v >= th) for th in thresholds]
    return thresholds, tp, fp


def _binary_roc_curve(labels, scores):
    """(fpr, tpr, thresholds): (0, 0) at inf, then FP / N and TP / P at each distinct score, decreasing."""
    thresholds, tp, fp = _operating_points(labels, scores)
    pos = sum(1 for y in labels if y)
    neg = len(labels) - pos
    return [0.0] + [f / neg for f in fp], [0.0] + [c / pos for c in tp], [math.inf] + thresholds


def _binary_pr_curve(labels, scores):
    """(precision, recall, thresholds) by increasing threshold, then the point (1, 0) without threshold."""
    thresholds, tp, fp = _operating_points(labels, scores)
    pos = sum(1 for y in labels if y)
    return ([c / (c + f) for c, f in zip(tp, fp)][::-1] + [1.0], [c / pos for c in tp][::-1] + [0.0],
            thresholds[::-1])


def _binary_eer(labels, scores) -> float:
    """Where the segment between the last operating point with fnr > fpr and the next one (from (0, 1), by
    decreasing threshold) crosses fpr = fnr."""
    thresholds, tp, fp = _operating_points(labels, scores)
    pos = sum(1 for y in labels if y)
    neg = len(labels) - pos
    fpr = [0.0] + [f / neg for f in fp]
    fnr = [1.0] + [(pos - c) / pos for c in tp]
    j = next(k for k in range(len(fpr)) if fnr[k] <= fpr[k])
    before, after = fnr[j - 1] - fpr[j - 1], fnr[j] - fpr[j]
    return fpr[j - 1] + before / (before - after) * (fpr[j] - fpr[j - 1])


def _binary_log_auc(labels, scores, fpr_range=(0.001, 0.1)) -> float:
    """The mean of the ROC polyline's TPR over a log-uniform FPR in ``fpr_range``, by the curves spec's quadrature
    (Gauss-Legendre in ln FPR on each straight piece) of the ROC points counted here."""
    fpr, tpr, _ = _binary_roc_curve(labels, scores)
    return _log_area_by_quadrature(fpr, tpr, *fpr_range)


def _best_point(candidates, minimum):
    """``(value, threshold)`` of the best feasible candidate ``(value, secondary, constrained rate, threshold)``:
    the largest value, then the largest secondary rate; none feasible: (0, inf)."""
    feasible = [c for c in candidates if c[2] >= minimum]
    if not feasible:
        return 0.0, math.inf
    best = max(feasible, key=lambda c: (c[0], c[1]))
    return best[0], best[3]


def _pr_candidates(labels, scores):
    """(precision, recall, threshold) of each distinct score ("predict nothing" has no precision)."""
    thresholds, tp, fp = _operating_points(labels, scores)
    pos = sum(1 for y in labels if y)
    return [(c / (c + f), c / pos, th) for c, f, th in zip(tp, fp, thresholds)]


def _roc_candidates(labels, scores):
    """(sensitivity, specificity, threshold) of each ROC point, "predict nothing" (inf) included."""
    thresholds, tp, fp = _operating_points(labels, scores)
    pos = sum(1 for y in labels if y)
    neg = len(labels) - pos
    return [(c / pos, (neg - f) / neg, th) for c, f, th in zip([0, *tp], [0, *fp], [math.inf, *thresholds])]


def _binary_recall_at_precision(labels, scores, min_precision):
    return _best_point([(r, p, p, th) for p, r, th in _pr_candidates(labels, scores)], min_precision)


def _binary_precision_at_recall(labels, scores, min_recall):
    return _best_point([(p, r, r, th) for p, r, th in _pr_candidates(labels, scores)], min_recall)


def _binary_sensitivity_at_specificity(labels, scores, min_specificity):
    return _best_point([(se, sp, sp, th) for se, sp, th in _roc_candidates(labels, scores)], min_specificity)


def _binary_specificity_at_sensitivity(labels, scores, min_sensitivity):
    return _best_point([(sp, se, se, th) for se, sp, th in _roc_candidates(labels, scores)], min_sensitivity)


#: each binary metric a per-label one is made of, computed here from its definition (keywords: the metric's)
BINARY_DEFINITIONS = {"roc_auc": _binary_auc, "average_precision": _binary_ap, "equal_error_rate": _binary_eer,
                      "log_auc": _binary_log_auc, "roc_curve": _binary_roc_curve,
                      "precision_recall_curve": _binary_pr_curve, "recall_at_fixed_precision": _binary_recall_at_precision,
                      "precision_at_fixed_recall": _binary_precision_at_recall,
                      "sensitivity_at_specificity": _binary_sensitivity_at_specificity,
                      "specificity_at_sensitivity": _binary_specificity_at_sensitivity}


def expected_curve(m, t, s, average):
    binary = BINARY_DEFINITIONS[CURVES[m]]
    columns_t, columns_s = list(zip(*t)), list(zip(*s))
    if average == "micro":
        return binary([v for row in t for v in row], [v for row in s for v in row])
    if average == "samples":
        return sum(binary(rt, rs) for rt, rs in zip(t, s)) / len(t)
    values = [binary(ct, cs) for ct, cs in zip(columns_t, columns_s)]
    if average is None:
        return np.array(values)
    if average == "weighted":
        support = [sum(ct) for ct in columns_t]
        return sum(v * w for v, w in zip(values, support)) / sum(support)
    return sum(values) / len(values)


_CURVE_FORMULAS = {
    "multilabel_roc_auc": "AUC = share of (positive, negative) pairs ordered right, ties one half",
    "multilabel_average_precision": "AP = mean over positives of the precision at their score (ties: every sample "
                                    "scored at least as high counts)",
    "multilabel_equal_error_rate": "EER = where the segment between the last operating point with fnr > fpr and the "
                                   "next one crosses fpr = fnr (points counted from the data)",
    "multilabel_log_auc": "logAUC = the mean TPR of the ROC polyline over a log-uniform FPR in (0.001, 0.1) "
                          "(Gauss-Legendre in ln FPR on each straight piece)",
}


def _curve_definition(t, ex, *, m):
    y_true, y_score = ex
    T, S = y_true.tolist(), y_score.tolist()

    def check(case):
        expect_close(np.asarray(getattr(t, m)(y_true, y_score, **case), dtype=float),
                     expected_curve(m, T, S, case["average"]), rtol=1e-12, atol=1e-12,
                     what=f"{m}({case}) vs its definition")

    _each(t, _forms(m), check)


def _curve_relations(t, ex, *, m):
    y_true, y_score = ex
    binary = getattr(t, CURVES[m])
    columns = [float(binary(y_true[:, j], y_score[:, j])) for j in range(y_true.shape[1])]
    checks = [
        ({"average": None}, np.array(columns), f"{CURVES[m]} of each label column"),
        ({"average": "micro"}, float(binary(y_true.ravel(), y_score.ravel())), "of the raveled matrices"),
    ]
    if "samples" in _averages(m):
        rows = [float(binary(y_true[i], y_score[i])) for i in range(y_true.shape[0])]
        checks.append(({"average": "samples"}, sum(rows) / len(rows), f"the mean over rows of {CURVES[m]} of each row"))
    problems: list = []
    for case, expected, what in checks:
        with findings.form(findings.form_part(case), problems, view=t):
            expect_close(np.asarray(getattr(t, m)(y_true, y_score, **case), dtype=float), expected, rtol=1e-12,
                         atol=1e-12, what=f"{m}({case}) vs {what}")
    findings.raise_worst(problems)


for _m, _binary in CURVES.items():
    _rows = "samples" in _averages(_m)
    register(f"definition[{_m}]",
             f"{_CURVE_FORMULAS[_m]}; per label (None), of the raveled matrices (micro), mean over labels (macro), "
             "weighted by positives (weighted)" + (", mean over rows (samples)" if _rows else ""), kind="relation",
             needs=(_m, f"{_m}:average"), check=functools.partial(_curve_definition, m=_m),
             strategy=scored_indicators_both_classes(), defines=_m)
    register(f"binary_per_column_raveled{'_and_row' if _rows else ''}[{_m}]",
             f"{_m}: average=None is {_binary} of each column, 'micro' {_binary} of the raveled matrices"
             + (f", 'samples' the mean over rows of {_binary} of each row" if _rows else ""), kind="relation",
             needs=(_m, f"{_m}:average", _binary), check=functools.partial(_curve_relations, m=_m),
             strategy=scored_indicators_both_classes())


def _binary_of(m):
    return CURVES.get(m) or CURVE_LISTS[m]


def _spoiled(ex_and_choice, m):
    """A one-class column (or row, or matrix), the forms that need it defined, and the call. A metric without
    'samples' gets a column where a row was drawn."""
    (y_true, y_score), where, value = ex_and_choice
    t = y_true.copy()
    if _binary_of(m) not in NEEDS_NEGATIVES:
        value = 0  # AP and the PR curve are undefined without positives only (no negatives gives precision 1)
    averages = _averages(m)
    if where == "row" and "samples" in averages:
        t[0, :] = value
        return t, y_score, [{"average": "samples"}]
    if where == "matrix":
        return np.full_like(t, value), y_score, list(_forms(m, [a for a in ("micro", "macro", "samples")
                                                                 if a in averages]))
    t[:, 0] = value
    return t, y_score, list(_forms(m, [a for a in ("macro", None, "weighted") if a in averages]))


def _undefined_refused(t, ex, *, m):
    y_true, y_score, forms = _spoiled(ex, m)

    def check(case):
        expect_refusal(lambda: getattr(t, m)(y_true, y_score, **case), "y_true")

    _each(t, forms, check)


def _undefined_statement(m):
    lacking = "with only one class" if _binary_of(m) in NEEDS_NEGATIVES else "without positives"
    averages = _averages(m)
    if not averages:
        return f"{m} refuses, naming y_true, a label column {lacking} and a matrix of one class"
    return (f"{m} refuses, naming y_true, a label column {lacking} (None, macro, weighted)"
            + (f", a row {lacking} (samples)" if "samples" in averages else "")
            + " and a matrix of one class (every average)")


for _m in (*CURVES, *CURVE_LISTS):
    register(f"undefined.one_class[{_m}]", _undefined_statement(_m), kind="refusal",
             needs=(_m, *(f"{_m}:{k}" for k in sorted({k for f in _forms(_m) for k in f}))),
             check=functools.partial(_undefined_refused, m=_m),
             strategy=st.tuples(scored_indicators_both_classes(), st.sampled_from(["column", "row", "matrix"]),
                                st.integers(0, 1)))


# ------------------------------------------------------------------ per-label curves

#: what each array of a per-label curve is
CURVE_ARRAYS = {"roc_curve": ("fpr", "tpr", "thresholds"),
                "precision_recall_curve": ("precision", "recall", "thresholds"),
                **{b: ("value", "threshold") for b in ("recall_at_fixed_precision", "precision_at_fixed_recall",
                                                        "sensitivity_at_specificity", "specificity_at_sensitivity")}}


def expect_same_curves(t, m, got, expected, what, *, rtol=ROUNDING):
    """``got``, a per-label curve result (a list of tuples of arrays), equals ``expected`` label by label (the
    threshold unchecked where the target behind the view ``t`` reports none)."""
    got = [tuple(curve) for curve in got]
    expect(len(got) == len(expected), f"{what}: {len(got)} curves for {len(expected)} label columns")
    names = CURVE_ARRAYS[CURVE_LISTS[m]]
    # a library that reports no threshold for an operating point (NO_THRESHOLD): its value alone is compared
    unchecked = ("threshold",) if names[-1] == "threshold" and reports_no_threshold(t, m) else ()
    for j, (curve, wanted) in enumerate(zip(got, expected)):
        expect(len(curve) == len(names), f"{what}: label {j}'s curve has {len(curve)} arrays, not {len(names)}")
        for name, a, b in zip(names, curve, wanted):
            if name in unchecked:
                continue
            expect_close(np.asarray(a, dtype=float), np.asarray(b, dtype=float), rtol=rtol, atol=rtol,
                         what=f"{what}: label {j}'s {name}")


def _curve_list_definition(t, ex, *, m):
    y_true, y_score = ex
    binary = BINARY_DEFINITIONS[CURVE_LISTS[m]]

    def check(case):
        expected = [binary(ct, cs, **case) for ct, cs in zip(y_true.T.tolist(), y_score.T.tolist())]
        expect_same_curves(t, m, getattr(t, m)(y_true, y_score, **case), expected, f"{m}({case}) vs its definition")

    _each(t, list(_forms(m)), check)


def _curve_list_is_binary(t, ex, *, m):
    y_true, y_score = ex
    binary = getattr(t, CURVE_LISTS[m])

    def check(case):
        expected = [binary(y_true[:, j], y_score[:, j], **case) for j in range(y_true.shape[1])]
        expect_same_curves(t, m, getattr(t, m)(y_true, y_score, **case), expected,
                           f"{m}({case}) vs {CURVE_LISTS[m]} of each label column")

    _each(t, list(_forms(m)), check)


_CURVE_LIST_FORMULAS = {
    "multilabel_roc_curve": "(0, 0) at threshold inf, then fpr = FP / N and tpr = TP / P at each distinct score of "
                            "the column, decreasing",
    "multilabel_precision_recall_curve": "precision = TP / (TP + FP) and recall = TP / P at each distinct score of "
                                         "the column, increasing, then the point (1, 0) without threshold",
    "multilabel_recall_at_fixed_precision": "(the largest recall of a threshold with precision >= min_precision, "
                                            "its threshold; ties to the highest precision; none: (0, inf))",
    "multilabel_precision_at_fixed_recall": "(the largest precision of a threshold with recall >= min_recall, its "
                                            "threshold; ties to the highest recall; none: (0, inf))",
    "multilabel_sensitivity_at_specificity": "(the largest TPR of an ROC point, 'predict nothing' included, with "
                                             "specificity >= min_specificity; ties to the highest specificity)",
    "multilabel_specificity_at_sensitivity": "(the largest specificity of an ROC point with TPR >= min_sensitivity; "
                                             "ties to the highest TPR)",
}

for _m, _binary in CURVE_LISTS.items():
    _keys = (CONSTRAINTS[_m],) if _m in CONSTRAINTS else ()
    register(f"definition[{_m}]", f"{_m} is a list with one tuple per label column: "
             f"{_CURVE_LIST_FORMULAS[_m]} (counted sample by sample)"
             + (f", at {_keys[0]} in {CONSTRAINT_VALUES}" if _keys else ""), kind="relation",
             needs=(_m, *(f"{_m}:{k}" for k in _keys)), check=functools.partial(_curve_list_definition, m=_m),
             strategy=scored_indicators_both_classes(), defines=_m)
    register(f"per_label_is_binary[{_m}]", f"{_m}'s tuple of label j is {_binary} of column j (array by array)",
             kind="relation", needs=(_m, *(f"{_m}:{k}" for k in _keys), _binary, *(f"{_binary}:{k}" for k in _keys)),
             check=functools.partial(_curve_list_is_binary, m=_m), strategy=scored_indicators_both_classes())


# ------------------------------------------------------------------ refusal of bad options


#: bad values of the options other than average: keyword -> the values refused
BAD_OPTION_VALUES = {**{k: (1.5, -0.1) for k in CONSTRAINTS.values()},
                     "fpr_range": ((0.0, 0.1), (0.1, 0.01), (0.001, 1.5))}


def _bad_options(t, ex, *, m):
    a, b = ex
    call = (lambda **kw: call_rate(t, m, a, b, **kw)) if m in RATES else (lambda **kw: getattr(t, m)(a, b, **kw))
    base = _forms(m)[0]
    for unknown in _unknown_averages(m) if _averages(m) else ():
        expect_refusal(lambda: call(**{**base, "average": unknown}), "average")
    for keyword in _option_keywords(m):
        for bad in BAD_OPTION_VALUES[keyword]:
            expect_refusal(lambda: call(**{**base, keyword: bad}), keyword)
    if m in RATES and m not in NO_ZERO_DIVISION:
        expect_refusal(lambda: call(zero_division=0.5), "zero_division")
    if m == "multilabel_fbeta":
        expect_refusal(lambda: call(beta=0.0), "beta")
        expect_refusal(lambda: call(beta=-1.0), "beta")


def _option_keywords(m):
    return (CONSTRAINTS[m],) if m in CONSTRAINTS else ("fpr_range",) if m == "multilabel_log_auc" else ()


def _unknown_averages(m):
    """'binary', a name no library uses, and the multilabel averages ``m`` does not offer."""
    return ("binary", "mean", *(a for a in AVERAGES if a is not None and a not in _averages(m)))


for _m in (*RATES, *CURVES, "multilabel_stat_scores", *CONSTRAINTS):
    _keywords = (_rate_keywords(_m) if _m in RATES else ("average",) if _averages(_m) else ()) + _option_keywords(_m)
    _also = [repr(a) for a in _unknown_averages(_m)[2:]]
    _others = [f"{k} in {list(BAD_OPTION_VALUES[k])}" for k in _option_keywords(_m)]
    register(f"refuses_bad_options[{_m}]",
             f"{_m} refuses " + ("an unknown average (including 'binary'" + (f" and {', '.join(_also)}" if _also else "")
                                 + ")" if _averages(_m) else "")
             + (", a zero_division other than 0, 1 or nan" if "zero_division" in _keywords else "")
             + (", and beta <= 0" if _m == "multilabel_fbeta" else "")
             + ((", " if _averages(_m) else "") + ", ".join(_others) if _others else "") + ", naming the argument",
             kind="refusal", needs=_needs(_m, *_keywords), check=functools.partial(_bad_options, m=_m),
             strategy=(scored_indicators_both_classes() if _m in CURVES or _m in CONSTRAINTS
                       else indicator_pairs(max_samples=4)))


# ------------------------------------------------------------------ agreement with scikit-learn and torchmetrics

#: at least two label columns: scikit-learn reads a single column as binary single-label data (a convention
#: the definition properties judge when sklearn is the target), so the agreement compares indicator matrices only
_pairs = functools.partial(indicator_pairs, min_labels=2)
_scored = functools.partial(scored_indicators, min_labels=2)
_scored_both = scored_indicators_both_classes

#: a float32 reference (torchmetrics): its values carry float32 rounding, a few units of 2**-24 per operation
FLOAT32_REFERENCE = 1e-6


def distinct_scores(ex):
    """The example with its scores replaced by their ranks in the whole matrix (ties broken by position), scaled
    into (0, 1): the same order, no tie, and values that stay distinct in float32 and need no sigmoid."""
    t, s = ex
    ranks = np.argsort(np.argsort(s, axis=None, kind="stable"), kind="stable").reshape(s.shape)
    return t, (ranks + 1.0) / (s.size + 1.0)


def _untied(strategy):
    def build(**kw):
        drawn = strategy(**kw)
        return with_edges(drawn.map(distinct_scores), tuple((n, distinct_scores(ex)) for n, ex in edges_of(drawn)))
    return build


#: where the catalog's conventions and torchmetrics' meet (its own conventions are judged when it is the
#: target): scores without ties, in (0, 1) (torchmetrics breaks ranking ties by sort position and squashes
#: scores outside [0, 1]), no 'weighted' average when no label is ever true (0/0 weights), and no MCC of a
#: constant matrix (a zero margin: torchmetrics gives 1, -1 or an eps-regularised value there)
def _matched(library, m, case, ex) -> bool:
    if library != "torchmetrics":
        return True
    if m == "multilabel_matthews_corrcoef" and not (_varies(ex[0]) and _varies(ex[1])):
        return False
    return not (case.get("average") == "weighted" and not np.asarray(ex[0]).any())


#: estimators of another definition in every library that has them, so no matched convention to compare under:
#: torchmetrics' (and the speaker-verification toolkits') EER is (FAR + FRR) / 2 at the threshold minimising
#: |FAR - FRR|, not the catalog's crossing of fpr = fnr (definition[multilabel_equal_error_rate] judges it);
#: torchmetrics' logAUC is the trapezoidal rule in log FPR (TPR linear in log FPR), not the ROC polyline's mean
NO_MATCHED_REFERENCE = ("multilabel_equal_error_rate", "multilabel_log_auc")

#: how each metric is compared: the keyword sets, and the strategy per library
_AGREEMENT_CASES = {
    **{m: (_every_average_and_zero_division(m), _pairs, _pairs) for m in RATES},
    **{m: ([{}], _pairs, _pairs) for m in ("subset_accuracy", "multilabel_hamming_loss", "multilabel_confusion_matrix",
                                            "multilabel_matthews_corrcoef")},
    **{m: ([{}], _scored, _untied(_scored)) for m in RANKING},
    **{m: ([{"average": a} for a in _averages(m)], _scored_both, _untied(_scored_both)) for m in CURVES
       if m not in NO_MATCHED_REFERENCE},
    **{m: (list(_forms(m)), _scored_both, _untied(_scored_both)) for m in CURVE_LISTS},
    "multilabel_stat_scores": ([{"average": a} for a in _averages("multilabel_stat_scores")], _pairs, _pairs),
}


def _compared(t, m, a, b, case):
    """The value compared with a reference: a rate's call with its keywords, per-label curves as their rates."""
    if m in RATES:
        return call_rate(t, m, a, b, **case)
    if m in CURVE_LISTS:
        return PER_LABEL_CURVES.call(t, m, (a, b), **case)
    return getattr(t, m)(a, b, **case)


def _same_option(a, b) -> bool:
    return a == b or (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b))


def _reference_has(ref, m, case) -> bool:
    """Whether the reference offers every option value of ``case`` (its adapter's ``SUPPORTS``)."""
    supported = getattr(ref, "SUPPORTS", {}).get(m, {})
    return all(k not in supported or any(_same_option(v, s) for s in supported[k]) for k, v in case.items())


def _agree(t, ex, *, m, library):
    a, b = ex
    ref = reference(library)
    cases = [c for c in _AGREEMENT_CASES[m][0] if _reference_has(ref, m, c) and _matched(library, m, c, ex)]
    # identical algebra on the same counts; a float32 reference rounds each value
    rtol = FLOAT32_REFERENCE if library == "torchmetrics" else 1e-9

    def check(case):
        expect_close(np.asarray(_compared(t, m, a, b, case), dtype=float),
                     np.asarray(_compared(ref, m, a, b, case), dtype=float),
                     rtol=rtol, atol=1e-12 if library == "sklearn" else FLOAT32_REFERENCE,
                     what=f"{m}({case}) vs {library}")

    _each(t, cases, check)


#: the catalog names scikit-learn has no function for (its matthews_corrcoef refuses indicator matrices)
NOT_IN_SKLEARN = ("multilabel_accuracy", "multilabel_specificity", "multilabel_negative_predictive_value",
                  "multilabel_matthews_corrcoef", "multilabel_stat_scores",
                  *CURVE_LISTS)  # scikit-learn's roc_curve and precision_recall_curve refuse indicator matrices

for _library, _which in (("sklearn", 1), ("torchmetrics", 2)):
    for _m, _row in _AGREEMENT_CASES.items():
        if _library == "sklearn" and _m in NOT_IN_SKLEARN:
            continue
        _cases, _strategy = _row[0], _row[_which]
        _keys = sorted({k for c in _cases for k in c})
        _where = (" (scores without ties, in (0, 1))" if _which == 2 and _m in (*RANKING, *CURVES, *CURVE_LISTS) else
                  " (matrices that are not constant)" if _which == 2 and _m == "multilabel_matthews_corrcoef" else "")
        register(f"agrees_with_{_library}[{_m}]", f"{_m} agrees with {_library}" + (
                 " in every label's rates or values (its thresholds left out)" if _m in CURVE_LISTS else
                 " in every averaging mode and zero_division it has") + _where, kind="agreement", reference=_library,
                 needs=_needs(_m, *_keys) if _m in RATES else (_m, *(f"{_m}:{k}" for k in _keys)),
                 check=functools.partial(_agree, m=_m, library=_library), strategy=_strategy())
