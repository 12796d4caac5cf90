"""The classification spec: bounds, identities, relations, invariances, refusals,
undefined cases, agreement with scikit-learn, and the seeds' claims.

Per-class values are compared with counts computed here independently
(:func:`counts`, a plain NumPy loop over classes), never with another function
of the target, unless the property *is* a relation between two metrics.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from pathlib import Path

import numpy as np
from hypothesis import strategies as st

from .capabilities import COUNT, NON_NEGATIVE, POSITIVE, Capability, declare_parameters
from .checks import expect, expect_close, expect_in_range, expect_le, expect_printed, expect_refusal, is_nan
from properties.engine.vocabulary import findings
from properties.engine.vocabulary.registry import prop, register
from .inputs.labels import (
    ALPHABETS,
    BINARY_LABELS,
    LABELS,
    ORDINAL_LABELS,
    PROBABILITIES,
    any_label_pairs,
    perfect_pair,
    LabelPair,
    binary_pairs,
    confusion_matrices,
    label_pairs,
    labels_from_confusion,
    ordinal_label_pairs,
    permuted,
    proba_examples,
    sample_weights,
    with_label_subsets,
)
from .inputs import (WEIGHT_KINDS, cycled_edges, derived, edge_weights, edges_of, edges_product, one_of_with_edges,
                     options, tuples_with_edges, weighted_edges, with_edges)
from .inputs.labels import MAX_SIZE, OUTSIDE_LABEL
from .inputs.labels import ProbaExample
from properties.engine.vocabulary.declared import declared_convention, note_convention
from properties.engine.target.references import reference



#: examples for the properties repeated once per metric (dozens of them): enough to reach every
#: strategy shape, while a whole-family run against a slow reference stays short
PER_METRIC_EXAMPLES = 30

#: one-vs-rest rate metrics: name -> (numerator, denominator) from (tp, fp, fn, tn), best value
RATES = {
    "precision": (lambda tp, fp, fn, tn: (tp, tp + fp), 1.0),
    "recall": (lambda tp, fp, fn, tn: (tp, tp + fn), 1.0),
    "fbeta": (None, 1.0),  # depends on beta: see rate_parts
    "f1": (lambda tp, fp, fn, tn: (2 * tp, 2 * tp + fp + fn), 1.0),
    "specificity": (lambda tp, fp, fn, tn: (tn, tn + fp), 1.0),
    "false_positive_rate": (lambda tp, fp, fn, tn: (fp, fp + tn), 0.0),
    "false_negative_rate": (lambda tp, fp, fn, tn: (fn, fn + tp), 0.0),
    "negative_predictive_value": (lambda tp, fp, fn, tn: (tn, tn + fn), 1.0),
    "jaccard_score": (lambda tp, fp, fn, tn: (tp, tp + fp + fn), 1.0),
}
BETA = 2.0  # beta used where a property is not about beta: != 1 so that beta and beta^2 differ
AVERAGED = (None, "micro", "macro", "weighted")
ZERO_DIVISIONS = (0.0, 1.0, np.nan)
SCALARS = ("accuracy", "balanced_accuracy", "matthews_corrcoef", "cohen_kappa")
LABEL_METRICS = ("confusion_matrix", *RATES, *SCALARS)
CATALOG = (*LABEL_METRICS, "log_loss")
#: the metrics of issue 32 (single-label breadth, proper scores): their laws follow the seeds' section
ERROR_RATES = ("zero_one_loss", "hamming_loss")
SCORE_METRICS = ("top_k_accuracy", "hinge_loss", "brier_score_loss", "d2_brier_score", "d2_log_loss_score")
#: the confusion-matrix statistics of issue 48 that are not one ratio, scored one vs rest and averaged as the rates
OVR_SCORES = ("informedness", "markedness", "geometric_mean_score", "index_balanced_accuracy", "g_measure",
              "diagnostic_odds_ratio", "prevalence_threshold")

ONE_VS_REST = "one-vs-rest label rate"

CAPABILITIES = {
    "confusion_matrix": Capability(
        (0.0, None), False, "labels (ints or strings)",
        "never undefined; normalize= with an empty row/column gives 0.0 there; labels= none of which "
        "occurs in y_true is refused", sample_weight=True, higher_is_better=None,
    ),
    "accuracy": Capability((0.0, 1.0), True, "labels (ints or strings)", "never (empty input refused)",
                           sample_weight=True),
    "precision": Capability((0.0, 1.0), False, "labels (ints or strings)", "TP + FP = 0 -> zero_division",
                            averaging=("binary", "micro", "macro", "weighted", "none"), sample_weight=True),
    "recall": Capability((0.0, 1.0), False, "labels (ints or strings)", "TP + FN = 0 -> zero_division",
                         averaging=("binary", "micro", "macro", "weighted", "none"), sample_weight=True),
    "fbeta": Capability((0.0, 1.0), False, "labels (ints or strings)", "TP + FP + FN = 0 -> zero_division",
                        averaging=("binary", "micro", "macro", "weighted", "none"), sample_weight=True),
    "f1": Capability((0.0, 1.0), True, "labels (ints or strings)",
                     "TP + FP + FN = 0 -> zero_division (symmetric per class and in binary mode)",
                     averaging=("binary", "micro", "macro", "weighted", "none"), sample_weight=True),
    "specificity": Capability((0.0, 1.0), False, "labels (ints or strings)", "TN + FP = 0 -> zero_division",
                              averaging=("binary", "micro", "macro", "weighted", "none"), sample_weight=True),
    "false_positive_rate": Capability((0.0, 1.0), False, "labels (ints or strings)",
                                      "FP + TN = 0 -> zero_division",
                                      averaging=("binary", "micro", "macro", "weighted", "none"),
                                      sample_weight=True, higher_is_better=False),
    "false_negative_rate": Capability((0.0, 1.0), False, "labels (ints or strings)",
                                      "FN + TP = 0 -> zero_division",
                                      averaging=("binary", "micro", "macro", "weighted", "none"),
                                      sample_weight=True, higher_is_better=False),
    "negative_predictive_value": Capability((0.0, 1.0), False, "labels (ints or strings)",
                                            "TN + FN = 0 -> zero_division",
                                            averaging=("binary", "micro", "macro", "weighted", "none"),
                                            sample_weight=True),
    "balanced_accuracy": Capability((0.0, 1.0), False, "labels (ints or strings)",
                                    "never (classes absent from y_true are skipped)", sample_weight=True),
    "matthews_corrcoef": Capability((-1.0, 1.0), True, "labels (ints or strings)",
                                    "y_true or y_pred constant -> 0.0", sample_weight=True),
    "cohen_kappa": Capability((-1.0, 1.0), True, "labels (ints or strings)",
                              "both labelings in one same class -> replace_undefined_by (nan)",
                              sample_weight=True),
    "informedness": Capability((-1.0, 1.0), False, "labels (ints or strings)",
                               "TP + FN = 0 or TN + FP = 0 (a rate is 0/0) -> zero_division",
                               averaging=("binary", "micro", "macro", "weighted", "none"), sample_weight=True),
    "markedness": Capability((-1.0, 1.0), False, "labels (ints or strings)",
                             "TP + FP = 0 or TN + FN = 0 (a predictive value is 0/0) -> zero_division",
                             averaging=("binary", "micro", "macro", "weighted", "none"), sample_weight=True),
    "geometric_mean_score": Capability((0.0, 1.0), False, "labels (ints or strings)",
                                       "multiclass: no selected class in y_true -> zero_division; one vs rest: "
                                       "TP + FN = 0 or TN + FP = 0 -> zero_division",
                                       averaging=("multiclass", "binary", "micro", "macro", "weighted", "none"),
                                       sample_weight=True),
    "index_balanced_accuracy": Capability((0.0, 1.0), False, "labels (ints or strings)",
                                          "TP + FN = 0 or TN + FP = 0 -> zero_division; [0, 1] for squared=True, "
                                          "[0, 1 + alpha] unsquared",
                                          averaging=("binary", "micro", "macro", "weighted", "none"),
                                          sample_weight=True),
    "g_measure": Capability((0.0, 1.0), False, "labels (ints or strings)",
                            "TP + FP = 0 or TP + FN = 0 -> zero_division",
                            averaging=("binary", "micro", "macro", "weighted", "none"), sample_weight=True),
    "diagnostic_odds_ratio": Capability((0.0, None), False, "labels (ints or strings)",
                                        "FP = 0 or FN = 0 (FP FN = 0) -> zero_division; no Haldane correction",
                                        averaging=("binary", "micro", "macro", "weighted", "none"),
                                        sample_weight=True),
    "prevalence_threshold": Capability((0.0, 1.0), False, "labels (ints or strings)",
                                       "TP + FN = 0, FP + TN = 0 or TPR = FPR -> zero_division",
                                       averaging=("binary", "micro", "macro", "weighted", "none"),
                                       sample_weight=True, higher_is_better=False),
    "macro_averaged_mean_absolute_error": Capability(
        (0.0, None), False, "ordinal labels (numbers: each distinct value of y_true a class)",
        "a class only in y_pred (no sample of it in y_true) is left out of the mean; never undefined otherwise",
        sample_weight=True, higher_is_better=False),
    "log_loss": Capability((0.0, None), False, "labels + class probability rows",
                           "never; probability 0 on a true class -> inf", sample_weight=True,
                           higher_is_better=False),
    "jaccard_score": Capability((0.0, 1.0), True, "labels (ints or strings)", "TP + FP + FN = 0 -> zero_division",
                                averaging=("binary", "micro", "macro", "weighted", "none"), sample_weight=True),
    "zero_one_loss": Capability((0.0, 1.0), True, "labels (ints or strings)",
                                "never (empty input refused); normalize=False counts in [0, sum of weights]",
                                sample_weight=True, higher_is_better=False),
    "hamming_loss": Capability((0.0, 1.0), True, "single-label labels (ints or strings)",
                               "never (empty input refused)", sample_weight=True, higher_is_better=False),
    "top_k_accuracy": Capability((0.0, 1.0), False, "labels + (N, K) class score rows",
                                 "never; k >= K gives 1.0; ties: the higher column ranks first", sample_weight=True),
    "hinge_loss": Capability((0.0, None), False, "labels + decision values (1-D binary or (N, K))",
                             "never", sample_weight=True, higher_is_better=False),
    "class_likelihood_ratios": Capability((0.0, None), False, "binary labels",
                                          "TP + FN = 0 -> both; FP = 0 -> LR+; TN = 0 -> LR-: "
                                          "replace_undefined_by (nan)", sample_weight=True, higher_is_better=None),
    "brier_score_loss": Capability((0.0, 2.0), False, "labels + class probability rows (or 1-D binary)",
                                   "never; [0, 1] scaled by half ('auto': two classes), [0, 2] unscaled",
                                   sample_weight=True, higher_is_better=False),
    "d2_brier_score": Capability((None, 1.0), False, "labels + class probability rows (or 1-D binary)",
                                 "all the weight of y_true in one class -> nan", sample_weight=True),
    "d2_log_loss_score": Capability((None, 1.0), False, "labels + class probability rows (or 1-D binary)",
                                    "all the weight of y_true in one class -> nan; probability 0 on a true "
                                    "class -> -inf", sample_weight=True),
}



def _rate_forms(m, averages, **kw):
    beta = {"beta": BETA} if m == "fbeta" else {}
    return tuple({"average": a, **beta, **kw} for a in averages)


def _two_classes(ex) -> bool:
    return np.unique(ex.y_true).size > 1 and np.unique(ex.y_pred).size > 1


KAPPA_WEIGHTS = tuple({"weights": w} for w in (None, "linear", "quadratic"))

#: how the generic properties evaluate each metric (properties/generic.py)
_GENERIC = {
    **{m: dict(inputs=LABELS, best=best, forms=_rate_forms(m, AVERAGED),
               bound_forms=tuple(f for z in (0.0, 1.0) for f in _rate_forms(m, (*AVERAGED, "binary"), zero_division=z)),
               perfect_forms=_rate_forms(m, AVERAGED, zero_division=np.nan),
               # 'weighted' weighs by the support in y_true: not symmetric
               symmetry_forms=_rate_forms(m, (None, "micro", "macro", "binary")),
               stream_forms=_rate_forms(m, (*AVERAGED, "binary")),
               refusal_form=_rate_forms(m, ("macro",))[0])
       for m, (_, best) in RATES.items()},
    **{m: dict(inputs=LABELS, best={"diagnostic_odds_ratio": None, "prevalence_threshold": 0.0}.get(m, 1.0),
               forms=_rate_forms(m, AVERAGED) + extra,
               bound_forms=tuple(f for z in (0.0, 1.0) for f in _rate_forms(m, (*AVERAGED, "binary"), zero_division=z))
               + bounded_extra,
               perfect_forms=_rate_forms(m, AVERAGED, zero_division=np.nan)
               + tuple({**f, "zero_division": np.nan} for f in extra),
               refusal_form=_rate_forms(m, ("macro",))[0])
       for m, extra, bounded_extra in (
           ("informedness", (), ()), ("markedness", (), ()), ("g_measure", (), ()), ("diagnostic_odds_ratio", (), ()),
           ("prevalence_threshold", (), ()),
           ("geometric_mean_score", ({"average": "multiclass"},),
            tuple({"average": "multiclass", "zero_division": z} for z in (0.0, 1.0))),
           ("index_balanced_accuracy", ({"average": "macro", "alpha": 1.0}, {"average": "macro", "squared": False}),
            ({"average": "macro", "alpha": 1.0},)))},
    "accuracy": dict(inputs=LABELS, best=1.0),
    "macro_averaged_mean_absolute_error": dict(inputs=ORDINAL_LABELS, best=0.0),
    "balanced_accuracy": dict(inputs=LABELS, best=1.0),
    # a constant labeling is MCC's undefined case (0.0 by convention): no perfect value there
    "matthews_corrcoef": dict(inputs=LABELS, best=1.0, defined=_two_classes),
    "cohen_kappa": dict(inputs=LABELS, best=1.0, forms=KAPPA_WEIGHTS,
                        defined=lambda ex: not kappa_undefined(ex.y_true, ex.y_pred),
                        argument_names={"y_true": "y1", "y_pred": "y2"}),
    "confusion_matrix": dict(inputs=LABELS, additive=True),
    "log_loss": dict(inputs=PROBABILITIES, best=0.0),
    "zero_one_loss": dict(inputs=LABELS, best=0.0),
    "hamming_loss": dict(inputs=LABELS, best=0.0),
    "top_k_accuracy": dict(inputs=PROBABILITIES, best=1.0, forms=({"k": 1}, {"k": 2}),
                           argument_names={"y_proba": "y_score"}),
    "hinge_loss": dict(inputs=PROBABILITIES, best=0.0, argument_names={"y_proba": "pred_decision"}),
    "class_likelihood_ratios": dict(inputs=BINARY_LABELS, defined=lambda ex: not likelihood_ratio_undefined(ex)),
    "brier_score_loss": dict(inputs=PROBABILITIES, best=0.0,
                             forms=({}, {"scale_by_half": True}, {"scale_by_half": False})),
    "d2_brier_score": dict(inputs=PROBABILITIES, best=1.0, defined=lambda ex: np.unique(ex.y_true).size > 1),
    "d2_log_loss_score": dict(inputs=PROBABILITIES, best=1.0, defined=lambda ex: np.unique(ex.y_true).size > 1),
}
CAPABILITIES = {m: dataclasses.replace(cap, **_GENERIC[m]) for m, cap in CAPABILITIES.items()}
declare_parameters(CAPABILITIES, {"fbeta": {"beta": POSITIVE}, "top_k_accuracy": {"k": COUNT},
                                  "index_balanced_accuracy": {"alpha": NON_NEGATIVE}})
GENERIC_EXAMPLES = PER_METRIC_EXAMPLES


# ------------------------------------------------------------------ the spec's own arithmetic


def counts(y_true, y_pred, classes, sample_weight=None):
    """(tp, fp, fn, tn) per class of ``classes``, counted independently of any target."""
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    w = np.ones(y_true.shape[0]) if sample_weight is None else np.asarray(sample_weight, dtype=float)
    out = np.zeros((4, len(classes)))
    for j, c in enumerate(classes):
        is_t, is_p = y_true == c, y_pred == c
        out[:, j] = (w[is_t & is_p].sum(), w[~is_t & is_p].sum(), w[is_t & ~is_p].sum(), w[~is_t & ~is_p].sum())
    return out


def rate_parts(name: str, beta: float = BETA):
    if name == "fbeta":
        b2 = beta * beta
        return lambda tp, fp, fn, tn: ((1 + b2) * tp, (1 + b2) * tp + b2 * fn + fp)
    return RATES[name][0]


def call_rate(t, name, y_true, y_pred, *, beta=BETA, **kwargs):
    if name == "fbeta":
        kwargs["beta"] = beta
    return getattr(t, name)(y_true, y_pred, **kwargs)


def rate_needs(name, *kwargs):
    extra = ("beta",) if name == "fbeta" else ()
    return (name, *(f"{name}:{k}" for k in (*extra, *kwargs)))


def weight_kw(ex: LabelPair) -> dict:
    return {} if ex.sample_weight is None else {"sample_weight": ex.sample_weight}


def per_class(value) -> np.ndarray:
    return np.atleast_1d(np.asarray(value, dtype=float))


def likelihood_ratio_undefined(ex) -> bool:
    """Some likelihood ratio of a binary pair is 0/0 or x/0: no positive sample, FP = 0 or TN = 0."""
    positive = ex.alphabet[1]
    is_t, is_p = ex.y_true == positive, ex.y_pred == positive
    return bool(not is_t.any() or not (~is_t & is_p).any() or not (~is_t & ~is_p).any())


def kappa_undefined(y1, y2) -> bool:
    """Both labelings put every sample in one same class: chance agreement is 1."""
    return bool((y1 == y1[0]).all() and (y2 == y1[0]).all())


#: the label pairs' edge cases (the shapes' own), for the composite strategies below
_PAIR_EDGES = edges_of(LABELS.examples("classification"))
_BINARY_PAIR_EDGES = edges_of(BINARY_LABELS.examples("classification"))


def _weighted_pairs(strategy, edges):
    """``strategy`` (weighted pairs) carrying ``edges`` with the weight edge cases: each pair once, every weight
    edge case among them (a covering of the product, capped at the number of pairs: the sklearn agreements
    run every averaging mode on each, and make test has no time for the whole product)."""
    return with_edges(strategy, weighted_edges(edges, lambda p: p.n, lambda p, w: dataclasses.replace(p, sample_weight=w),
                                               cap=len(edges)))


def _binary_pairs(**options):
    """:func:`binary_pairs` carrying the binary label pairs' edge cases (weighted ones with ``weights=``)."""
    if options.get("weights"):
        return _weighted_pairs(binary_pairs(**options), _BINARY_PAIR_EDGES)
    return with_edges(binary_pairs(**options), _BINARY_PAIR_EDGES)


def _subset_edge(pair: LabelPair) -> list:
    """The ``labels=`` list of a pair's edge case (one :func:`label_subsets` could draw): the classes present
    but the first, and a class absent from the data (of the alphabet, else :data:`OUTSIDE_LABEL`)."""
    present = pair.present.tolist()
    outside = OUTSIDE_LABEL["str" if isinstance(pair.alphabet[0], str) else "int"]
    return present[1:] + [([c for c in pair.alphabet if c not in present] + [outside])[0]]


def _with_subsets(pairs):
    """:func:`with_label_subsets` of ``pairs``, carrying each of their edge cases with its :func:`_subset_edge`."""
    return with_edges(with_label_subsets(pairs), edges_product(pairs, derived(_subset_edge)))


any_pairs = with_edges(any_label_pairs(), _PAIR_EDGES)

#: the probability rows' edge cases (the shape's own)
_PROBA_EDGES = edges_of(PROBABILITIES.examples("classification"))


def _probabilities_or_weighted(min_prob: float = 0.0):
    """Probability examples, unweighted or with float weights, carrying the probability rows' edge cases (those
    with every probability at least ``min_prob``), alone and with each weight edge case."""
    edges = tuple((name, ex) for name, ex in _PROBA_EDGES if np.min(ex.y_proba) >= min_prob)
    weighted = weighted_edges(edges, lambda ex: len(ex.y_true), lambda ex, w: dataclasses.replace(ex, sample_weight=w),
                              cap=len(edges))
    return one_of_with_edges(with_edges(proba_examples(min_prob=min_prob), edges),
                             with_edges(proba_examples(min_prob=min_prob, weights="float"), weighted))


# ------------------------------------------------------------------ perfect prediction (generic: properties/generic.py)


@prop("perfect[confusion_matrix]", "y_pred == y_true gives a diagonal confusion matrix",
                   kind="identity", needs=("confusion_matrix",), strategy=any_pairs.map(perfect_pair))
def _cm_perfect(t, ex):
    C = np.asarray(t.confusion_matrix(ex.y_true, ex.y_true.copy()))
    expect(C.shape[0] == C.shape[1] and np.count_nonzero(C - np.diag(np.diagonal(C))) == 0,
           f"off-diagonal entries in {C!r}")


# ------------------------------------------------------------------ definitions (count formulas)


for _m in RATES:

    def _formula(t, ex, m=_m):
        classes = ex.present
        tp, fp, fn, tn = counts(ex.y_true, ex.y_pred, classes)
        num, den = rate_parts(m)(tp, fp, fn, tn)
        with np.errstate(invalid="ignore", divide="ignore"):
            expected = np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)
        with findings.form(view=t):
            got = per_class(call_rate(t, m, ex.y_true, ex.y_pred, average=None, zero_division=np.nan))
            expect_close(got, expected, rtol=1e-12, what=f"{m} per class (classes {classes.tolist()})")
        mnum, mden = num.sum(), den.sum()
        with findings.form(view=t):
            micro = call_rate(t, m, ex.y_true, ex.y_pred, average="micro", zero_division=np.nan)
            expect_close(micro, mnum / mden if mden > 0 else np.nan, rtol=1e-12, what=f"{m}(average='micro')")

    _num_text = {"precision": "TP / (TP + FP)", "recall": "TP / (TP + FN) (sensitivity)",
                 "fbeta": "(1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP)", "f1": "2 TP / (2 TP + FP + FN) (Dice)",
                 "specificity": "TN / (TN + FP)", "false_positive_rate": "FP / (FP + TN)",
                 "false_negative_rate": "FN / (FN + TP)", "negative_predictive_value": "TN / (TN + FN)",
                 "jaccard_score": "TP / (TP + FP + FN) (intersection over union)"}[_m]
    register(f"formula[{_m}]", f"{_m} per class is {_num_text} from the counted TP, FP, FN, TN; micro pools the counts",
             kind="relation", needs=rate_needs(_m, "average", "zero_division"), check=_formula,
             strategy=any_pairs, max_examples=PER_METRIC_EXAMPLES, defines=(_m,))


def _micro_over_labels(t, ex, m):
    pair, labels = ex
    tp, fp, fn, tn = counts(pair.y_true, pair.y_pred, labels)
    num, den = rate_parts(m)(tp, fp, fn, tn)
    expected = num.sum() / den.sum() if den.sum() > 0 else np.nan
    expect_close(call_rate(t, m, pair.y_true, pair.y_pred, average="micro", labels=labels, zero_division=np.nan),
                 expected, rtol=1e-12, what=f"{m}(average='micro', labels={labels}) vs the pooled counts of "
                                            f"{labels} only")


for _m in RATES:
    register(f"micro_over_labels[{_m}]",
             f"{_m}(average='micro', labels=L) pools TP, FP, FN, TN over the classes of L only: L a proper subset "
             "of the classes present, with or without classes absent from the data (0 / 0 -> zero_division)",
             kind="relation", needs=rate_needs(_m, "average", "zero_division", "labels"),
             check=functools.partial(_micro_over_labels, m=_m), strategy=_with_subsets(any_pairs),
             max_examples=PER_METRIC_EXAMPLES)


def _with_edge_weights(pair, kind):
    return dataclasses.replace(pair, sample_weight=edge_weights(pair.n, kind))


@prop("formula[accuracy]", "accuracy is the (weighted) fraction of exact matches",
                   kind="relation", needs=("accuracy", "accuracy:sample_weight"),
                   strategy=with_edges(label_pairs(weights="float"), cycled_edges(
                       edges_of(LABELS.examples("accuracy")), _with_edge_weights, WEIGHT_KINDS)),
                   defines=("accuracy",))
def _accuracy_formula(t, ex):
    w = ex.sample_weight
    expect_close(t.accuracy(ex.y_true, ex.y_pred, sample_weight=w),
                 np.sum(w * (ex.y_true == ex.y_pred)) / w.sum(), rtol=1e-12, what="accuracy")


@prop("formula[confusion_matrix]",
                   "C[i, j] counts the samples of true class i predicted as j, classes in sorted order",
                   kind="relation", needs=("confusion_matrix",), strategy=any_pairs, defines=("confusion_matrix",))
def _cm_formula(t, ex):
    classes = ex.present
    expected = np.array([[np.sum((ex.y_true == a) & (ex.y_pred == b)) for b in classes] for a in classes])
    expect_close(np.asarray(t.confusion_matrix(ex.y_true, ex.y_pred)), expected, what="confusion matrix")


def weights_of(ex) -> np.ndarray:
    return np.ones(ex.n) if ex.sample_weight is None else np.asarray(ex.sample_weight, dtype=float)


def agreement_table(ex) -> np.ndarray:
    """Weighted fraction of samples per (true, predicted) class, over the sorted classes present."""
    w = weights_of(ex)
    return np.array([[w[(ex.y_true == a) & (ex.y_pred == b)].sum() for b in ex.present]
                     for a in ex.present]) / w.sum()


weighted_pairs = one_of_with_edges(any_pairs, _weighted_pairs(label_pairs(weights="float"), _PAIR_EDGES),
                                   binary_pairs(weights="int0"))


def weighted_definition(metric, statement, *keywords):
    """Declare ``definition[metric]``: the metric computed here from its definition, with float and zero weights."""
    return prop(f"definition[{metric}]", statement, kind="relation", strategy=weighted_pairs, defines=(metric,),
                needs=(metric, *(f"{metric}:{k}" for k in (*keywords, "sample_weight"))))


@weighted_definition("balanced_accuracy", "balanced accuracy is the mean over the classes with positive (weighted) "
                     "support in y_true of TP / (TP + FN), counted here")
def _balanced_definition(t, ex):
    tp, fp, fn, tn = counts(ex.y_true, ex.y_pred, ex.present, ex.sample_weight)
    seen = tp + fn > 0
    expect_close(t.balanced_accuracy(ex.y_true, ex.y_pred, **weight_kw(ex)), np.mean(tp[seen] / (tp + fn)[seen]),
                 rtol=1e-12, what="balanced_accuracy")


@weighted_definition("matthews_corrcoef",
                     "the MCC is Gorodkin's R_K: the (weighted) covariance of the one-hot class indicators of y_true "
                     "and y_pred over the square root of their variances, 0.0 where either labeling has one class of "
                     "positive weight")
def _mcc_definition(t, ex):
    w = weights_of(ex)
    x = (ex.y_true[:, None] == ex.present[None, :]).astype(float)
    y = (ex.y_pred[:, None] == ex.present[None, :]).astype(float)

    def cov(a, b):
        return np.sum(w[:, None] * (a - w @ a / w.sum()) * (b - w @ b / w.sum()))

    constant = min(np.count_nonzero(w @ x), np.count_nonzero(w @ y)) < 2
    expected = 0.0 if constant else cov(x, y) / np.sqrt(cov(x, x) * cov(y, y))
    # another algebra than the count form: rounding only
    expect_close(t.matthews_corrcoef(ex.y_true, ex.y_pred, **weight_kw(ex)), expected, rtol=1e-9, atol=1e-12,
                 what="MCC vs covariance of the indicators")


@weighted_definition("cohen_kappa",
                     "Cohen's kappa is (p_o - p_e) / (1 - p_e) from the counted (weighted) agreement table O and "
                     "chance table E = outer(row sums, column sums), and with weights='linear' / 'quadratic' "
                     "1 - sum(d O) / sum(d E), d = |i - j| or (i - j)^2 over the sorted classes; NaN where both "
                     "labelings put all the weight in one same class", "weights")
def _kappa_definition(t, ex):
    O = agreement_table(ex)
    E = np.outer(O.sum(axis=1), O.sum(axis=0))  # chance: the two raters' marginals, independent
    undefined = np.count_nonzero(O.sum(axis=1)) == 1 and np.array_equal(O.sum(axis=1) > 0, O.sum(axis=0) > 0)
    # (p_o - p_e) / (1 - p_e) with 1 - p = q, the mass off the diagonal: with nearly all the weight in one
    # class, 1 - p_e taken from p_e ~ 1 would cancel to a few digits
    off = 1.0 - np.eye(len(O))
    q_o, q_e = np.sum(off * O), np.sum(off * E)
    gap = np.abs(np.subtract.outer(np.arange(len(O)), np.arange(len(O)))).astype(float)
    for weights, expected in ((None, lambda: (q_e - q_o) / q_e),
                              ("linear", lambda: 1 - np.sum(gap * O) / np.sum(gap * E)),
                              ("quadratic", lambda: 1 - np.sum(gap ** 2 * O) / np.sum(gap ** 2 * E))):
        with findings.form(view=t):
            expect_close(t.cohen_kappa(ex.y_true, ex.y_pred, weights=weights, **weight_kw(ex)),
                         np.nan if undefined else expected(), rtol=1e-9, atol=1e-12,
                         what=f"cohen_kappa(weights={weights!r})")  # p_o - p_e vs the target's algebra: rounding


@prop("definition[log_loss]",
      "log loss is -(1/W) sum_s w_s ln p_s[y_true_s] in nats with no clipping (normalize=False: the weighted sum); "
      "1-D y_proba is P(greater class), 1 - it for the other",
      kind="relation", needs=("log_loss", "log_loss:labels", "log_loss:sample_weight", "log_loss:normalize"),
      strategy=_probabilities_or_weighted(min_prob=1e-6),
      defines=("log_loss",))
def _log_loss_definition(t, ex):
    # min_prob keeps every probability where a reference's clipping to [eps, 1 - eps] moves the loss by ~eps only
    w = np.ones(len(ex.y_true)) if ex.sample_weight is None else ex.sample_weight
    kw = {} if ex.sample_weight is None else {"sample_weight": ex.sample_weight}
    code = np.array([list(ex.labels).index(v) for v in ex.y_true.tolist()])
    forms = [(ex.y_proba, ex.y_proba[np.arange(len(code)), code])]
    if len(ex.labels) == 2:
        p1 = ex.y_proba[:, 1]
        forms.append((p1, np.where(code == 1, p1, 1 - p1)))
    for proba, p_true in forms:
        total = -np.sum(w * np.log(p_true))
        for normalize, expected in ((True, total / w.sum()), (False, total)):
            with findings.form(view=t):
                expect_close(t.log_loss(ex.y_true, proba, labels=list(ex.labels), normalize=normalize, **kw),
                             expected, rtol=1e-9, atol=1e-12, what=f"log_loss({proba.ndim}-D, normalize={normalize})")


# ------------------------------------------------------------------ relations


@prop("fbeta_between_precision_and_recall",
                   "per class, F-beta lies between precision and recall wherever both are defined",
                   kind="relation", needs=(*rate_needs("fbeta", "average", "zero_division"),
                                           "precision:average", "precision:zero_division",
                                           "recall:average", "recall:zero_division"),
                   strategy=tuples_with_edges(any_pairs, options(0.25, 0.5, 1.0, 2.0, 3.0, name="beta")))
def _f_between(t, ex):
    pair, beta = ex
    kw = dict(average=None, zero_division=np.nan)
    p = per_class(t.precision(pair.y_true, pair.y_pred, **kw))
    r = per_class(t.recall(pair.y_true, pair.y_pred, **kw))
    f = per_class(t.fbeta(pair.y_true, pair.y_pred, beta=beta, **kw))
    both = ~np.isnan(p) & ~np.isnan(r)
    expect_le(np.minimum(p, r)[both], f[both], what=f"min(P, R) <= F(beta={beta})", tol=1e-12)
    expect_le(f[both], np.maximum(p, r)[both], what=f"F(beta={beta}) <= max(P, R)", tol=1e-12)


@prop("f1_is_fbeta_with_beta_1", "f1 equals fbeta with beta = 1 in every averaging mode",
                   kind="relation", needs=("f1", "f1:average", *rate_needs("fbeta", "average")),
                   strategy=any_pairs)
def _f1_is_fbeta(t, ex):
    for avg in AVERAGED:
        with findings.form(view=t):
            expect_close(t.f1(ex.y_true, ex.y_pred, average=avg),
                         t.fbeta(ex.y_true, ex.y_pred, beta=1.0, average=avg),
                         rtol=1e-12, what=f"f1 vs fbeta(beta=1), average={avg!r}")


@prop("micro_equals_accuracy",
                   "single-label data: micro precision = micro recall = micro F1 = accuracy (weighted too)",
                   kind="relation",
                   needs=("accuracy", "accuracy:sample_weight", *[f"{m}:{k}" for m in ("precision", "recall", "f1")
                                                                  for k in ("average", "sample_weight")]),
                   strategy=one_of_with_edges(with_edges(label_pairs(), _PAIR_EDGES),
                                                _weighted_pairs(label_pairs(weights="float"), _PAIR_EDGES)))
def _micro_is_accuracy(t, ex):
    kw = weight_kw(ex)
    acc = t.accuracy(ex.y_true, ex.y_pred, **kw)
    for m in ("precision", "recall", "f1"):
        # the same ratio summed in a different order: rounding only
        with findings.form(view=t):
            expect_close(getattr(t, m)(ex.y_true, ex.y_pred, average="micro", **kw), acc, rtol=1e-9,
                         what=f"{m}(average='micro') vs accuracy")


@prop("weighted_recall_equals_accuracy",
                   "recall averaged with support weights equals accuracy (weighted samples too)",
                   kind="relation", needs=("accuracy", "accuracy:sample_weight", "recall:average",
                                           "recall:sample_weight"),
                   strategy=one_of_with_edges(with_edges(label_pairs(), _PAIR_EDGES),
                                                _weighted_pairs(label_pairs(weights="float"), _PAIR_EDGES)))
def _weighted_recall(t, ex):
    kw = weight_kw(ex)
    expect_close(t.recall(ex.y_true, ex.y_pred, average="weighted", **kw), t.accuracy(ex.y_true, ex.y_pred, **kw),
                 rtol=1e-9, what="recall(average='weighted') vs accuracy")  # rounding of float weights only


@prop("balanced_accuracy_is_macro_recall",
                   "balanced accuracy equals macro recall over the classes present in y_true",
                   kind="relation", needs=("balanced_accuracy", "recall:average", "recall:labels"),
                   strategy=any_pairs)
def _balanced_is_macro_recall(t, ex):
    expect_close(t.balanced_accuracy(ex.y_true, ex.y_pred),
                 t.recall(ex.y_true, ex.y_pred, average="macro", labels=np.unique(ex.y_true)),
                 rtol=1e-12, what="balanced_accuracy vs macro recall over labels of y_true")


def _complement(t, ex, m, of):
    kw = dict(zero_division=np.nan)
    for avg in (None, "macro", "weighted", "micro"):
        with findings.form(view=t):
            a = per_class(getattr(t, m)(ex.y_true, ex.y_pred, average=avg, **kw))
            b = per_class(getattr(t, of)(ex.y_true, ex.y_pred, average=avg, **kw))
            expect_close(a, 1.0 - b, rtol=1e-12, atol=1e-12, what=f"{m} vs 1 - {of} (average={avg!r})")


for _m, _of in (("false_positive_rate", "specificity"), ("false_negative_rate", "recall")):
    register(f"{_m}_is_one_minus_{_of}", f"{_m} = 1 - {_of} per class and averaged (undefined cases coincide)",
             kind="relation", needs=(_m, _of, f"{_m}:average", f"{_m}:zero_division", f"{_of}:average",
                                     f"{_of}:zero_division"),
             check=functools.partial(_complement, m=_m, of=_of), strategy=any_pairs)


@prop("specificity_is_recall_of_negative_class",
                   "binary: specificity of the positive class = recall (sensitivity) of the negative class",
                   kind="relation", needs=(*rate_needs("specificity", "pos_label", "zero_division"), "recall:pos_label", "recall:zero_division"),
                   strategy=_binary_pairs())
def _spec_is_negative_recall(t, ex):
    negative = ex.alphabet[0]
    for zd in (0.0, 1.0):
        with findings.form(view=t):
            expect_close(t.specificity(ex.y_true, ex.y_pred, pos_label=ex.pos_label, zero_division=zd),
                         t.recall(ex.y_true, ex.y_pred, pos_label=negative, zero_division=zd),
                         what=f"specificity(pos_label={ex.pos_label!r}) vs recall(pos_label={negative!r})")


@prop("mcc_is_pearson_of_indicators",
                   "binary: the MCC equals the Pearson correlation of the 0/1 indicator vectors where both vary",
                   kind="relation", needs=("matthews_corrcoef",), strategy=with_edges(binary_pairs(min_size=2), tuple(
                       (n, ex) for n, ex in edges_of(BINARY_LABELS.examples("matthews_corrcoef")) if ex.n >= 2)),
                   defines=("matthews_corrcoef",))
def _mcc_pearson(t, ex):
    a = (ex.y_true == ex.pos_label).astype(float)
    b = (ex.y_pred == ex.pos_label).astype(float)
    if a.std() == 0 or b.std() == 0:
        return  # Pearson undefined; see undefined[matthews_corrcoef]
    expect_close(t.matthews_corrcoef(ex.y_true, ex.y_pred), np.corrcoef(a, b)[0, 1], rtol=1e-9, atol=1e-12,
                 what="MCC vs Pearson r")  # different algebra, same quantity: rounding only


# ------------------------------------------------------------------ invariances (the generic ones: properties/generic.py)


def _eval_needs(m, *kwargs):
    if m in RATES or m in OVR_SCORES:
        return rate_needs(m, "average", *kwargs)
    if m == "cohen_kappa":
        return ("cohen_kappa", "cohen_kappa:weights", *(f"cohen_kappa:{k}" for k in kwargs))
    return (m, *(f"{m}:{k}" for k in kwargs))


def _renamed(t, ex, m):
    pair, new_names = ex
    mapping = dict(zip(pair.alphabet, new_names))
    rt = np.array([mapping[v] for v in pair.y_true.tolist()])
    rp = np.array([mapping[v] for v in pair.y_pred.tolist()])
    if m in RATES or m in OVR_SCORES:
        forms = [dict(average=a) for a in ("micro", "macro", "weighted")]
    elif m == "cohen_kappa":
        forms = [dict(weights=None)]
    else:
        forms = [{}]
    for kw in forms:
        with findings.form(view=t):
            expect_close(call_rate(t, m, pair.y_true, pair.y_pred, **kw) if m in RATES
                         else getattr(t, m)(pair.y_true, pair.y_pred, **kw),
                         call_rate(t, m, rt, rp, **kw) if m in RATES else getattr(t, m)(rt, rp, **kw),
                         rtol=1e-12, what=f"{m}({kw}) after renaming labels {mapping}")


@st.composite
def _renamings(draw):
    pair = draw(label_pairs())
    pool = draw(st.sampled_from([("x", "y", "z", "w"), (9, 3, -1, 6), ("0", "10", "2", "1")]))
    names = draw(st.permutations(pool))[: len(pair.alphabet)]
    return pair, tuple(names)


for _m in (*LABEL_METRICS, *OVR_SCORES):
    if _m != "confusion_matrix":
        register(f"label_renaming[{_m}]",
                 f"{_m} (micro/macro/weighted, unweighted kappa) is unchanged by a one-to-one renaming of the labels",
                 kind="invariance", needs=_eval_needs(_m), check=functools.partial(_renamed, m=_m),
                 strategy=_renamings(), max_examples=PER_METRIC_EXAMPLES)


# ------------------------------------------------------------------ direction


@st.composite
def _with_one_error(draw):
    pair = draw(label_pairs(shapes=("independent", "noisy", "constant_pred", "imbalanced", "shifted")))
    wrong = np.flatnonzero(pair.y_true != pair.y_pred)
    i = int(wrong[draw(st.integers(0, len(wrong) - 1))]) if len(wrong) else None
    return pair, i


def _fix_one(t, ex, m, kw):
    pair, i = ex
    if i is None:
        return  # nothing to fix
    fixed = pair.y_pred.copy()
    fixed[i] = pair.y_true[i]
    before = getattr(t, m)(pair.y_true, pair.y_pred, **kw)
    after = getattr(t, m)(pair.y_true, fixed, **kw)
    expect_le(before, after, what=f"{m}({kw}) before vs after fixing the prediction of sample {i}")


for _m, _kw in (("accuracy", {}), ("f1", {"average": "micro"})):
    register(f"fixing_an_error_never_lowers[{_m}]", f"fixing one wrong prediction never lowers {_m} {_kw or ''}".strip(),
             kind="direction", needs=(_m, *(f"{_m}:{k}" for k in _kw)),
             check=functools.partial(_fix_one, m=_m, kw=_kw), strategy=_with_one_error())


# ------------------------------------------------------------------ confusion matrix


@prop("confusion_matrix_margins",
                   "confusion-matrix row sums are the true class counts, column sums the predicted ones "
                   "(weighted: sums of weights), for labels= too",
                   kind="relation", needs=("confusion_matrix", "confusion_matrix:sample_weight",
                                           "confusion_matrix:labels"),
                   strategy=one_of_with_edges(with_edges(label_pairs(), _PAIR_EDGES),
                                                _weighted_pairs(label_pairs(weights="float"), _PAIR_EDGES)))
def _cm_margins(t, ex):
    w = np.ones(ex.n) if ex.sample_weight is None else ex.sample_weight
    for labels in (None, list(ex.alphabet)):
        classes = ex.present if labels is None else np.asarray(labels)
        with findings.form(view=t):
            C = np.asarray(t.confusion_matrix(ex.y_true, ex.y_pred, labels=labels, **weight_kw(ex)), dtype=float)
            expect_close(C.sum(axis=1), [w[ex.y_true == c].sum() for c in classes], rtol=1e-9,
                         what=f"row sums (labels={labels})")  # float weights summed in another order
            expect_close(C.sum(axis=0), [w[ex.y_pred == c].sum() for c in classes], rtol=1e-9,
                         what=f"column sums (labels={labels})")


# ------------------------------------------------------------------ undefined cases and zero_division


def _zero_division_only_undefined(t, ex, m):
    results = {zd: per_class(call_rate(t, m, ex.y_true, ex.y_pred, average=None, zero_division=zd,
                                       labels=list(ex.alphabet)))
               for zd in ZERO_DIVISIONS}
    undefined = np.isnan(results[np.nan])
    for zd in (0.0, 1.0):
        expect_close(results[zd][~undefined], results[np.nan][~undefined], rtol=0, atol=0,
                     what=f"{m} defined entries with zero_division={zd} vs nan")
        expect_close(results[zd][undefined], np.full(undefined.sum(), zd), rtol=0, atol=0,
                     what=f"{m} undefined entries with zero_division={zd}")


def _undefined_rate(t, ex, m):
    # the alphabet may hold classes absent from the data, which makes 0/0 cases on purpose
    classes = list(ex.alphabet)
    tp, fp, fn, tn = counts(ex.y_true, ex.y_pred, classes)
    _, den = rate_parts(m)(tp, fp, fn, tn)
    undefined = den == 0
    declared = declared_convention(t, "undefined", m)
    if declared is not None and not t.provides(f"{m}:zero_division"):
        # no zero_division keyword: the library's one value there is the declared one (CONVENTIONS["undefined"])
        got = per_class(call_rate(t, m, ex.y_true, ex.y_pred, average=None, labels=classes))
        if undefined.any():
            note_convention(t, "undefined", declared)
        expect_close(got[undefined], np.full(undefined.sum(), declared), rtol=0, atol=0,
                     what=f"{m} where its denominator is 0 (classes {np.asarray(classes)[undefined].tolist()}), "
                          f"declared CONVENTIONS['undefined'] = {declared!r}")
        expect(not np.isnan(got[~undefined]).any(), f"{m} is NaN where its denominator is positive: {got}")
        return
    for zd in ZERO_DIVISIONS:
        with findings.form(view=t):
            got = per_class(call_rate(t, m, ex.y_true, ex.y_pred, average=None, zero_division=zd, labels=classes))
            expect_close(got[undefined], np.full(undefined.sum(), zd), rtol=0, atol=0,
                         what=f"{m} where its denominator is 0 (classes {np.asarray(classes)[undefined].tolist()}), "
                              f"zero_division={zd}")
            expect(not np.isnan(got[~undefined]).any(), f"{m} is NaN where its denominator is positive: {got}")


undefined_pairs = label_pairs(shapes=("one_class_true", "constant_pred", "imbalanced", "perfect", "independent"))

for _m in RATES:
    register(f"zero_division_changes_only_undefined[{_m}]",
             f"zero_division changes only the undefined entries of {_m}, and sets them to its value",
             kind="undefined", needs=rate_needs(_m, "average", "zero_division", "labels"),
             check=functools.partial(_zero_division_only_undefined, m=_m), strategy=undefined_pairs, max_examples=PER_METRIC_EXAMPLES)
    register(f"undefined[{_m}]",
             f"{_m} is undefined exactly where its denominator is 0, and returns zero_division (0, 1 or nan) there",
             kind="undefined", needs=rate_needs(_m, "average", "zero_division", "labels"),
             check=functools.partial(_undefined_rate, m=_m), strategy=undefined_pairs, max_examples=PER_METRIC_EXAMPLES)


@prop("undefined[matthews_corrcoef]",
                   "the MCC of a constant y_true or y_pred (zero variance) is 0.0 by convention",
                   kind="undefined", needs=("matthews_corrcoef",),
                   strategy=label_pairs(shapes=("one_class_true", "constant_pred")))
def _mcc_undefined(t, ex):
    if np.unique(ex.y_true).size > 1 and np.unique(ex.y_pred).size > 1:
        return
    v = t.matthews_corrcoef(ex.y_true, ex.y_pred)
    expect(v == 0.0, f"matthews_corrcoef = {v!r} with a constant input, expected 0.0")


@prop("undefined[cohen_kappa]",
                   "Cohen's kappa is NaN (replace_undefined_by) iff both labelings put every sample in one same class",
                   kind="undefined", needs=("cohen_kappa", "cohen_kappa:weights"),
                   strategy=label_pairs(shapes=("one_class_true", "perfect", "constant_pred")))
def _kappa_undefined(t, ex):
    declared = declared_convention(t, "undefined", "cohen_kappa")
    for weights in (None, "linear", "quadratic"):
        with findings.form(view=t):
            v = t.cohen_kappa(ex.y_true, ex.y_pred, weights=weights)
            if declared is not None and kappa_undefined(ex.y_true, ex.y_pred):
                note_convention(t, "undefined", declared)  # the library's value there (CONVENTIONS["undefined"])
                expect_close(v, declared, rtol=0, atol=0, what=f"cohen_kappa(weights={weights!r}) in its undefined "
                                                               f"case, declared CONVENTIONS['undefined'] = {declared!r}")
                continue
            expect(is_nan(v) == kappa_undefined(ex.y_true, ex.y_pred),
                   f"cohen_kappa(weights={weights!r}) = {v!r}; undefined case: {kappa_undefined(ex.y_true, ex.y_pred)}")


@prop("undefined[log_loss]",
                   "probability 0 on a true class gives log loss inf (no silent clipping, no NaN)",
                   kind="undefined", needs=("log_loss", "log_loss:labels"), strategy=proba_examples())
def _log_loss_inf(t, ex):
    proba = ex.y_proba.copy()
    code = list(ex.labels).index(ex.y_true[0])
    proba[0] = 1.0 / (len(ex.labels) - 1)
    proba[0, code] = 0.0
    v = t.log_loss(ex.y_true, proba, labels=list(ex.labels))
    expect(v == np.inf, f"log_loss = {v!r} with probability 0 on the true class of sample 0, expected inf")


@prop("undefined[confusion_matrix]",
                   "normalize='true' / 'pred' gives 0.0 for a class with no true / predicted samples, never NaN",
                   kind="undefined", needs=("confusion_matrix", "confusion_matrix:normalize", "confusion_matrix:labels"),
                   strategy=label_pairs(shapes=("one_class_true", "constant_pred", "independent")))
def _cm_normalize_empty(t, ex):
    labels = list(ex.alphabet) + [("zzz" if isinstance(ex.alphabet[0], str) else 99)]  # one class with no samples
    for normalize, axis in (("true", 1), ("pred", 0)):
        with findings.form(view=t):
            C = np.asarray(t.confusion_matrix(ex.y_true, ex.y_pred, labels=labels, normalize=normalize))
            expect(not np.isnan(C).any(), f"NaN in confusion_matrix(normalize={normalize!r}): {C}")
            sums = C.sum(axis=axis)
            expect(np.all(np.isclose(sums, 1.0) | (sums == 0)), f"normalize={normalize!r} sums {sums}")
            expect(sums[-1] == 0, f"the class with no samples has sum {sums[-1]} under normalize={normalize!r}")


@prop("no_nan_outside_undefined_cases",
                   "no classification metric returns NaN on valid input outside its documented undefined cases "
                   "(defaults: zero_division=0, MCC 0.0; kappa only when both labelings are one same class)",
                   kind="undefined", needs=(*CATALOG, *(n for m in RATES for n in rate_needs(m, "average", "pos_label")),
                                            "cohen_kappa:weights", "log_loss:labels"),
                   strategy=st.tuples(any_pairs, proba_examples()))
def _no_nan(t, ex):
    pair, probas = ex
    for m in LABEL_METRICS:
        if m in RATES:
            calls = [lambda m=m, a=a: call_rate(t, m, pair.y_true, pair.y_pred, average=a) for a in AVERAGED]
            if pair.is_binary:
                calls.append(lambda m=m: call_rate(t, m, pair.y_true, pair.y_pred, pos_label=pair.pos_label))
        elif m == "cohen_kappa":
            if kappa_undefined(pair.y_true, pair.y_pred):
                continue
            calls = [lambda w=w: t.cohen_kappa(pair.y_true, pair.y_pred, weights=w) for w in (None, "linear", "quadratic")]
        else:
            calls = [lambda m=m: getattr(t, m)(pair.y_true, pair.y_pred)]
        for call in calls:
            with findings.form(view=t):
                v = call()
                expect(not np.isnan(np.asarray(v, dtype=float)).any(), f"{m} returned NaN: {v!r}")
    with findings.form(view=t):
        v = t.log_loss(probas.y_true, probas.y_proba, labels=list(probas.labels))
        expect(not is_nan(v), f"log_loss returned NaN: {v!r}")


# ------------------------------------------------------------------ agreement with scikit-learn


def _agree_rate(t, ex, m):
    ex, subset = ex
    ref = reference("sklearn")
    kw = weight_kw(ex)
    calls = [dict(average=a) for a in AVERAGED] + [dict(average="macro", labels=list(ex.alphabet)),
                                                   dict(average=None, labels=list(ex.alphabet)[::-1]),
                                                   dict(average="micro", labels=subset)]
    if ex.is_binary:
        calls.append(dict(average="binary", pos_label=ex.pos_label))
    # each call with one zero_division, cycling, so that every example stays cheap against a slow reference
    # scikit-learn's jaccard_score refuses zero_division=nan (its parameter validation; the adapter declares
    # it in SUPPORTS): that metric is compared with 0.0 and 1.0, its nan convention pinned by formula/undefined
    zero_divisions = (0.0, 1.0) if m == "jaccard_score" else ZERO_DIVISIONS
    for i, c in enumerate(calls):
        zd = zero_divisions[(i + ex.n) % len(zero_divisions)]
        # a form the target lacks (average=None, labels=) is skipped; the others are still compared
        with findings.form(view=t):
            # identical algebra on the same counts: agreement to rounding
            expect_close(call_rate(t, m, ex.y_true, ex.y_pred, zero_division=zd, **c, **kw),
                         call_rate(ref, m, ex.y_true, ex.y_pred, zero_division=zd, **c, **kw),
                         rtol=1e-9, atol=1e-12, what=f"{m}({c}, zero_division={zd}) vs sklearn")


def _agree_scalar(t, ex, m, variants):
    ref = reference("sklearn")
    for c in variants(ex):
        c = {**c, **weight_kw(ex)}
        with findings.form(view=t):
            expect_close(getattr(t, m)(ex.y_true, ex.y_pred, **c), getattr(ref, m)(ex.y_true, ex.y_pred, **c),
                         rtol=1e-9, atol=1e-12, what=f"{m}({c}) vs sklearn")


weighted_or_not = one_of_with_edges(with_edges(label_pairs(), _PAIR_EDGES), binary_pairs(),
                                    _weighted_pairs(label_pairs(weights="float"), _PAIR_EDGES),
                                    binary_pairs(weights="int0"))

for _m in RATES:
    register(f"agrees_with_sklearn[{_m}]",
             f"{_m} agrees with scikit-learn in every averaging mode, zero_division, labels= (micro over a subset of "
             "the classes too) and sample_weight",
             kind="agreement", reference="sklearn",
             needs=rate_needs(_m, "average", "zero_division", "labels", "pos_label", "sample_weight"),
             check=functools.partial(_agree_rate, m=_m), strategy=_with_subsets(weighted_or_not),
             max_examples=PER_METRIC_EXAMPLES)

_SCALAR_VARIANTS = {
    "accuracy": (lambda ex: [{}], ()),
    "balanced_accuracy": (lambda ex: [{}], ()),
    "matthews_corrcoef": (lambda ex: [{}], ()),
    "cohen_kappa": (lambda ex: [dict(weights=w) for w in (None, "linear", "quadratic")]
                    + [dict(labels=list(ex.alphabet)[::-1])], ("weights", "labels")),
    "confusion_matrix": (lambda ex: [{}, dict(labels=list(ex.alphabet)[::-1])]
                         + [dict(normalize=n) for n in ("true", "pred", "all")], ("labels", "normalize")),
}
for _m, (_variants, _kws) in _SCALAR_VARIANTS.items():
    register(f"agrees_with_sklearn[{_m}]", f"{_m} agrees with scikit-learn (sample_weight too)", kind="agreement",
             reference="sklearn", needs=(_m, f"{_m}:sample_weight", *(f"{_m}:{k}" for k in _kws)),
             check=functools.partial(_agree_scalar, m=_m, variants=_variants), strategy=weighted_or_not, max_examples=PER_METRIC_EXAMPLES)


@prop("agrees_with_sklearn[log_loss]",
                   "log loss agrees with scikit-learn where its clipping to [eps, 1 - eps] has no effect",
                   kind="agreement", reference="sklearn",
                   needs=("log_loss", "log_loss:labels", "log_loss:sample_weight", "log_loss:normalize"),
                   strategy=_probabilities_or_weighted(min_prob=1e-6))
def _agree_log_loss(t, ex):
    ref = reference("sklearn")
    kw = {} if ex.sample_weight is None else {"sample_weight": ex.sample_weight}
    for normalize in (True, False):
        args = dict(labels=list(ex.labels), normalize=normalize, **kw)
        # the clipping moves -log(1 - eps) by ~2e-16 per sample: absolute slack of that order
        with findings.form(view=t):
            expect_close(t.log_loss(ex.y_true, ex.y_proba, **args), ref.log_loss(ex.y_true, ex.y_proba, **args),
                         rtol=1e-9, atol=1e-12, what=f"log_loss(normalize={normalize}) vs sklearn")


# ------------------------------------------------------------------ refusal of bad input


for _m in (*RATES, *OVR_SCORES):

    def _unknown_average(t, ex, m=_m):
        pair, average = ex
        expect_refusal(lambda: call_rate(t, m, pair.y_true, pair.y_pred, average=average), "average")

    register(f"refuses_unknown_average[{_m}]", f"{_m} refuses an unknown average= value, naming 'average'",
             kind="refusal", needs=rate_needs(_m, "average"), check=_unknown_average,
             strategy=st.tuples(label_pairs(max_size=6), st.sampled_from(["samples", "mean", "Macro", "", "binary "])),
             max_examples=15)

    def _multiclass_binary(t, ex, m=_m):
        expect_refusal(lambda: call_rate(t, m, ex.y_true, ex.y_pred, average="binary"), "average")

    register(f"refuses_binary_average_on_multiclass[{_m}]",
             f"{_m} with average='binary' refuses data with more than two distinct labels, naming 'average'",
             kind="refusal", needs=rate_needs(_m, "average"), check=_multiclass_binary,
             strategy=label_pairs(min_classes=3, min_size=3, max_size=10, shapes=("independent",)).filter(
                 lambda e: e.present.size > 2), max_examples=15)

    def _absent_pos_label(t, ex, m=_m):
        present = ex.present
        if present.size != 2:
            return
        absent = "nope" if isinstance(ex.alphabet[0], str) else 17
        expect_refusal(lambda: call_rate(t, m, ex.y_true, ex.y_pred, average="binary", pos_label=absent), "pos_label")

    register(f"refuses_absent_pos_label[{_m}]",
             f"{_m} in binary mode refuses a pos_label that is not one of the two labels present, naming 'pos_label'",
             kind="refusal", needs=rate_needs(_m, "average", "pos_label"), check=_absent_pos_label,
             strategy=binary_pairs(min_size=2, shapes=("independent", "noisy")), max_examples=15)


@prop("refuses_nonpositive_beta", "fbeta refuses beta <= 0 (and NaN), naming 'beta'",
                   kind="refusal", needs=rate_needs("fbeta", "average"),
                   strategy=st.tuples(label_pairs(max_size=6), st.sampled_from([0.0, -1.0, -0.5, float("nan")])),
                   max_examples=15)
def _bad_beta(t, ex):
    pair, beta = ex
    expect_refusal(lambda: t.fbeta(pair.y_true, pair.y_pred, beta=beta, average="macro"), "beta")


@st.composite
def _bad_probabilities(draw):
    ex = draw(proba_examples(max_size=8))
    proba = ex.y_proba.copy()
    defect = draw(st.sampled_from(["above_one", "negative", "row_sum"]))
    i = draw(st.integers(0, proba.shape[0] - 1))
    if defect == "above_one":
        proba[i, 0] = draw(st.floats(1.0, 10.0, exclude_min=True))
    elif defect == "negative":
        proba[i, 0] = draw(st.floats(-10.0, 0.0, exclude_max=True))
    else:
        proba[i] = proba[i] * draw(st.sampled_from([0.5, 0.9, 1.001, 2.0]))
    return ex, proba


@prop("refuses_invalid_probabilities",
                   "log_loss refuses probabilities outside [0, 1] or rows not summing to 1, naming 'y_proba'",
                   kind="refusal", needs=("log_loss", "log_loss:labels"), strategy=_bad_probabilities(),
                   max_examples=20)
def _bad_proba(t, ex, m="log_loss"):
    e, proba = ex
    expect_refusal(lambda: getattr(t, m)(e.y_true, proba, labels=list(e.labels)), "y_proba")


# ------------------------------------------------------------------ issue 32: error rates, top-k, hinge, likelihood
# ratios, Brier and the D^2 scores (single-label data; multilabel indicator matrices are separate work)


@weighted_definition("zero_one_loss", "the zero-one loss is the (weighted) fraction of mismatches, counted here; "
                     "normalize=False: their (weighted) number", "normalize")
def _zero_one_definition(t, ex):
    w = weights_of(ex)
    wrong = float(np.sum(w[ex.y_true != ex.y_pred]))
    for normalize, expected in ((True, wrong / w.sum()), (False, wrong)):
        with findings.form(view=t):
            expect_close(t.zero_one_loss(ex.y_true, ex.y_pred, normalize=normalize, **weight_kw(ex)), expected,
                         rtol=1e-12, atol=1e-12, what=f"zero_one_loss(normalize={normalize})")


@weighted_definition("hamming_loss", "the single-label Hamming loss is the (weighted) fraction of wrong labels, "
                     "counted here")
def _hamming_definition(t, ex):
    w = weights_of(ex)
    expect_close(t.hamming_loss(ex.y_true, ex.y_pred, **weight_kw(ex)), w[ex.y_true != ex.y_pred].sum() / w.sum(),
                 rtol=1e-12, atol=1e-12, what="hamming_loss")


@prop("zero_one_loss_is_one_minus_accuracy",
      "zero_one_loss = 1 - accuracy (normalize=True) and = N - the number of correct predictions "
      "(normalize=False; with weights: total weight - weighted hits), weighted or not",
      kind="relation", needs=("zero_one_loss", "zero_one_loss:normalize", "zero_one_loss:sample_weight",
                              "accuracy", "accuracy:sample_weight"), strategy=weighted_pairs)
def _zero_one_vs_accuracy(t, ex):
    acc = t.accuracy(ex.y_true, ex.y_pred, **weight_kw(ex))
    total = weights_of(ex).sum()
    with findings.form(view=t):
        expect_close(t.zero_one_loss(ex.y_true, ex.y_pred, **weight_kw(ex)), 1.0 - acc, rtol=1e-9, atol=1e-12,
                     what="zero_one_loss vs 1 - accuracy")
    with findings.form(view=t):
        expect_close(t.zero_one_loss(ex.y_true, ex.y_pred, normalize=False, **weight_kw(ex)), total * (1.0 - acc),
                     rtol=1e-9, atol=1e-9, what=f"zero_one_loss(normalize=False) vs {total:g} x (1 - accuracy)")


@prop("hamming_loss_equals_zero_one_loss", "on single-label data the Hamming loss equals the (normalized) "
      "zero-one loss, weighted or not", kind="relation",
      needs=("hamming_loss", "hamming_loss:sample_weight", "zero_one_loss", "zero_one_loss:sample_weight"),
      strategy=weighted_pairs)
def _hamming_is_zero_one(t, ex):
    expect_close(t.hamming_loss(ex.y_true, ex.y_pred, **weight_kw(ex)),
                 t.zero_one_loss(ex.y_true, ex.y_pred, **weight_kw(ex)), rtol=1e-12, atol=1e-12,
                 what="hamming_loss vs zero_one_loss")


@prop("jaccard_is_f1_over_two_minus_f1", "per class, the Jaccard index J and F1 satisfy J = F1 / (2 - F1) "
      "(undefined in the same cases: 0 there on both sides with zero_division=0)", kind="relation",
      needs=(*rate_needs("jaccard_score", "average", "zero_division"), *rate_needs("f1", "average", "zero_division")),
      strategy=any_pairs)
def _jaccard_from_f1(t, ex):
    kw = dict(average=None, zero_division=0.0)
    j = per_class(t.jaccard_score(ex.y_true, ex.y_pred, **kw))
    f = per_class(t.f1(ex.y_true, ex.y_pred, **kw))
    expect_close(j, f / (2.0 - f), rtol=1e-12, atol=1e-12, what="jaccard per class vs F1 / (2 - F1)")


# ---- top-k accuracy


@st.composite
def score_examples(draw, *, max_size: int = MAX_SIZE):
    """A :class:`ProbaExample` whose rows are class scores: probability rows, small integers (many ties,
    ties at the k-th place) or reals of any sign."""
    kind = draw(st.sampled_from(["probabilities", "tied", "real"]))
    if kind == "probabilities":
        return draw(proba_examples(max_size=max_size))
    base = draw(proba_examples(max_size=max_size))
    n, k = base.y_proba.shape
    values = st.integers(0, 2).map(float) if kind == "tied" else st.floats(-5.0, 5.0, allow_subnormal=False)
    scores = np.array(draw(st.lists(values, min_size=n * k, max_size=n * k)), dtype=np.float64).reshape(n, k)
    return dataclasses.replace(base, y_proba=scores)


#: class scores that are no probabilities, as score_examples draws them: small integers tied at the k-th place, and
#: reals of both signs
SCORE_EDGES = (
    ("tied_integer_scores", ProbaExample(np.array([0, 1, 2, 1]), np.array([[1.0, 1.0, 0.0], [0.0, 2.0, 2.0],
                                                                           [1.0, 1.0, 1.0], [2.0, 0.0, 2.0]]),
                                         (0, 1, 2))),
    ("signed_real_scores", ProbaExample(np.array(["bee", "ant"]), np.array([[-1.5, 2.0], [0.5, -0.25]]),
                                        ("ant", "bee"))),
)
#: score_examples carrying the probability rows' edge cases and :data:`SCORE_EDGES`
SCORE_EXAMPLES = with_edges(score_examples(), (*edges_of(PROBABILITIES.examples("top_k_accuracy")), *SCORE_EDGES))


def _codes(ex) -> np.ndarray:
    return np.array([list(ex.labels).index(v) for v in ex.y_true.tolist()])


def top_k_hits(scores: np.ndarray, codes: np.ndarray, k: int) -> np.ndarray:
    """Per sample, whether its true column is among the k first when the columns are ordered by
    decreasing score, equal scores by decreasing column (written out one sample at a time)."""
    out = []
    for row, c in zip(scores.tolist(), codes.tolist()):
        order = sorted(range(len(row)), key=lambda j: (-row[j], -j))
        out.append(c in order[:k])
    return np.array(out, dtype=bool)


@prop("definition[top_k_accuracy]",
      "top-k accuracy is the (weighted) fraction (normalize=False: weight) of samples whose true class is among "
      "the k first columns by decreasing score, equal scores ranked by decreasing column (scikit-learn's rule), "
      "for k = 1 .. K + 1", kind="relation",
      needs=("top_k_accuracy", "top_k_accuracy:k", "top_k_accuracy:labels", "top_k_accuracy:normalize",
             "top_k_accuracy:sample_weight"),
      strategy=with_edges(st.tuples(score_examples(), st.one_of(st.none(), st.just("float"))).flatmap(
          lambda e: st.tuples(st.just(e[0]), st.none() if e[1] is None else sample_weights(len(e[0].y_true)))),
          cycled_edges(SCORE_EXAMPLES.edges, lambda e, kind: (e, None if kind is None else edge_weights(len(e.y_true), kind)),
                       (None, *WEIGHT_KINDS))),
      defines=("top_k_accuracy",))
def _top_k_definition(t, ex):
    e, w = ex
    kw = {} if w is None else {"sample_weight": w}
    weights = np.ones(len(e.y_true)) if w is None else w
    codes = _codes(e)
    for k in range(1, e.y_proba.shape[1] + 2):
        hits = top_k_hits(e.y_proba, codes, k)
        for normalize in (True, False):
            expected = weights[hits].sum() / (weights.sum() if normalize else 1.0)
            with findings.form(view=t):
                expect_close(t.top_k_accuracy(e.y_true, e.y_proba, k=k, labels=list(e.labels), normalize=normalize,
                                              **kw), expected, rtol=1e-12, atol=1e-12,
                             what=f"top_k_accuracy(k={k}, normalize={normalize})")


@prop("top_k_with_k_1_is_accuracy",
      "top_k_accuracy(k=1) is the accuracy of the top-scored class, ties resolved to the highest column",
      kind="relation", needs=("top_k_accuracy", "top_k_accuracy:k", "top_k_accuracy:labels", "accuracy"),
      strategy=SCORE_EXAMPLES)
def _top_1_is_accuracy(t, ex):
    s = ex.y_proba
    top = s.shape[1] - 1 - np.argmax(s[:, ::-1], axis=1)  # the last column among the maxima
    y_pred = np.asarray(ex.labels)[top]
    expect_close(t.top_k_accuracy(ex.y_true, s, k=1, labels=list(ex.labels)), t.accuracy(ex.y_true, y_pred),
                 rtol=1e-12, atol=1e-12, what="top_k_accuracy(k=1) vs accuracy of the top column")


@prop("top_k_all_classes_is_one", "top_k_accuracy with k = K (the number of columns) or more is 1.0",
      kind="identity", needs=("top_k_accuracy", "top_k_accuracy:k", "top_k_accuracy:labels"),
      strategy=score_examples())
def _top_k_all(t, ex):
    k = ex.y_proba.shape[1]
    for kk in (k, k + 1):
        with findings.form(view=t):
            v = t.top_k_accuracy(ex.y_true, ex.y_proba, k=kk, labels=list(ex.labels))
            expect_close(v, 1.0, rtol=0, atol=1e-12, what=f"top_k_accuracy(k={kk}) with {k} classes")


@prop("top_k_monotone_in_k", "top_k_accuracy never decreases as k grows from 1 to K", kind="direction",
      needs=("top_k_accuracy", "top_k_accuracy:k", "top_k_accuracy:labels"), strategy=score_examples())
def _top_k_monotone(t, ex):
    values = [t.top_k_accuracy(ex.y_true, ex.y_proba, k=k, labels=list(ex.labels))
              for k in range(1, ex.y_proba.shape[1] + 1)]
    for k in range(1, len(values)):
        expect_le(values[k - 1], values[k], what=f"top_k_accuracy(k={k}) <= top_k_accuracy(k={k + 1}) {values}")


@prop("refuses_bad_k[top_k_accuracy]", "top_k_accuracy refuses k < 1 and a k that is not an integer, naming 'k'",
      kind="refusal", needs=("top_k_accuracy", "top_k_accuracy:k", "top_k_accuracy:labels"),
      strategy=st.tuples(proba_examples(max_size=6), st.sampled_from([0, -1, 1.5, "2", None])), max_examples=15)
def _top_k_bad_k(t, ex):
    e, k = ex
    expect_refusal(lambda: t.top_k_accuracy(e.y_true, e.y_proba, k=k, labels=list(e.labels)), "k")


# ---- hinge loss


@st.composite
def decision_examples(draw, *, weights: str | None = None):
    """(ProbaExample of decision values, weights or None): 1-D decisions over a two-label alphabet, or an
    (N, K) matrix; values of any sign, with ties and margins of exactly 1."""
    base = draw(proba_examples(weights=weights))
    n, k = base.y_proba.shape
    value = st.one_of(st.floats(-4.0, 4.0, allow_subnormal=False), st.sampled_from([-1.0, 0.0, 1.0, 2.0]))
    if k == 2 and draw(st.booleans()):
        d = np.array(draw(st.lists(value, min_size=n, max_size=n)), dtype=np.float64)
    else:
        d = np.array(draw(st.lists(value, min_size=n * k, max_size=n * k)), dtype=np.float64).reshape(n, k)
    return dataclasses.replace(base, y_proba=d)


def _decisions(y_true, d, labels) -> ProbaExample:
    kind = str if isinstance(labels[0], str) else np.int64
    return ProbaExample(np.array(y_true, dtype=kind), np.array(d, dtype=np.float64), tuple(labels))


#: decision values with labels= naming both classes where y_true holds one: only the positive (the greater label,
#: y = +1: a library that encodes y_true on its own classes makes the one class -1: hinge 1.5625 for 0.5625 here), only
#: the negative, and an (N, K) matrix with a class absent from y_true; margins of exactly 1 and 0 among them
DECISION_EDGES = (
    ("one_class_positive_1d", _decisions([1, 1, 1, 1], [1.5, -0.5, 0.25, 1.0], (0, 1))),
    ("one_class_negative_1d", _decisions(["neg", "neg", "neg"], [-2.0, 0.5, -1.0], ("neg", "pos"))),
    ("absent_class_2d", _decisions([0, 2, 2], [[1.0, 0.0, -1.0], [0.5, 0.5, 0.5], [-1.0, 0.0, 2.0]], (0, 1, 2))),
)


def hinge_margins(d: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """Per sample: y d (1-D, y = +1 for the second label) or d[true] - max of the other columns."""
    if d.ndim == 1:
        return np.where(codes == 1, d, -d)
    return np.array([row[c] - max(v for j, v in enumerate(row) if j != c) for row, c in zip(d.tolist(), codes)])


@prop("definition[hinge_loss]",
      "the hinge loss is the (weighted) mean of max(0, 1 - margin): margin y d with y = +1 for the greater of two "
      "labels (1-D decisions), d[true] - max over the other columns (Crammer-Singer, (N, K) decisions)",
      kind="relation", needs=("hinge_loss", "hinge_loss:labels", "hinge_loss:sample_weight"),
      strategy=with_edges(st.one_of(decision_examples(), decision_examples(weights="float")), DECISION_EDGES),
      defines=("hinge_loss",))
def _hinge_definition(t, ex):
    w = np.ones(len(ex.y_true)) if ex.sample_weight is None else ex.sample_weight
    kw = {} if ex.sample_weight is None else {"sample_weight": ex.sample_weight}
    losses = np.maximum(0.0, 1.0 - hinge_margins(ex.y_proba, _codes(ex)))
    expect_close(t.hinge_loss(ex.y_true, ex.y_proba, labels=list(ex.labels), **kw), np.sum(w * losses) / w.sum(),
                 rtol=1e-9, atol=1e-12, what=f"hinge_loss ({ex.y_proba.ndim}-D decisions)")


# ---- likelihood ratios


@prop("definition[class_likelihood_ratios]",
      "LR+ = (TP / (TP + FN)) / (FP / (FP + TN)) and LR- = (FN / (TP + FN)) / (TN / (TN + FP)) from the counted "
      "(weighted) TP, FP, FN, TN of labels[1]; NaN where the ratio is undefined (TP + FN = 0, FP = 0 or TN = 0)",
      kind="relation", needs=("class_likelihood_ratios", "class_likelihood_ratios:labels",
                              "class_likelihood_ratios:sample_weight"),
      strategy=one_of_with_edges(_binary_pairs(), _binary_pairs(weights="float")), defines=("class_likelihood_ratios",))
def _lr_definition(t, ex):
    tp, fp, fn, tn = counts(ex.y_true, ex.y_pred, [ex.alphabet[1]], ex.sample_weight)[:, 0]
    sens = tp / (tp + fn) if tp + fn > 0 else np.nan
    lr_pos = sens / (fp / (fp + tn)) if fp > 0 and tp + fn > 0 else np.nan
    lr_neg = (1 - sens) / (tn / (tn + fp)) if tn > 0 and tp + fn > 0 else np.nan
    got = np.asarray(t.class_likelihood_ratios(ex.y_true, ex.y_pred, labels=list(ex.alphabet), **weight_kw(ex)),
                     dtype=float)
    expect_close(got, [lr_pos, lr_neg], rtol=1e-9, atol=1e-12,
                 what=f"(LR+, LR-) with TP={tp:g}, FP={fp:g}, FN={fn:g}, TN={tn:g}")


@prop("likelihood_ratios_from_sensitivity_and_specificity",
      "LR+ = sensitivity / (1 - specificity) and LR- = (1 - sensitivity) / specificity, with the catalog's recall "
      "and specificity of the positive class, where both are defined", kind="relation",
      needs=("class_likelihood_ratios", "class_likelihood_ratios:labels", "recall:pos_label", "specificity:pos_label"),
      strategy=_binary_pairs())
def _lr_from_rates(t, ex):
    if likelihood_ratio_undefined(ex):
        return  # see undefined[class_likelihood_ratios]
    sens = t.recall(ex.y_true, ex.y_pred, pos_label=ex.alphabet[1])
    spec = t.specificity(ex.y_true, ex.y_pred, pos_label=ex.alphabet[1])
    lr_pos, lr_neg = t.class_likelihood_ratios(ex.y_true, ex.y_pred, labels=list(ex.alphabet))
    expect_close(lr_pos, sens / (1 - spec), rtol=1e-9, what=f"LR+ vs TPR / (1 - TNR) = {sens} / (1 - {spec})")
    expect_close(lr_neg, (1 - sens) / spec, rtol=1e-9, atol=1e-12,
                 what=f"LR- vs (1 - TPR) / TNR = (1 - {sens}) / {spec}")


@prop("undefined[class_likelihood_ratios]",
      "LR+ takes replace_undefined_by (nan, a number, or {'LR+': a, 'LR-': b}) exactly when TP + FN = 0 or FP = 0, "
      "LR- exactly when TP + FN = 0 or TN = 0; both are finite elsewhere", kind="undefined",
      needs=("class_likelihood_ratios", "class_likelihood_ratios:labels",
             "class_likelihood_ratios:replace_undefined_by"),
      strategy=st.tuples(binary_pairs(shapes=("one_class_true", "perfect", "constant_pred", "noisy", "independent")),
                         st.sampled_from([np.nan, 1.0, {"LR+": 7.0, "LR-": 0.25}])))
def _lr_undefined(t, ex):
    pair, replace = ex
    tp, fp, fn, tn = counts(pair.y_true, pair.y_pred, [pair.alphabet[1]])[:, 0]
    want_pos, want_neg = (replace["LR+"], replace["LR-"]) if isinstance(replace, dict) else (replace, replace)
    lr_pos, lr_neg = t.class_likelihood_ratios(pair.y_true, pair.y_pred, labels=list(pair.alphabet),
                                               replace_undefined_by=replace)
    for name, value, undefined, want in (("LR+", lr_pos, tp + fn == 0 or fp == 0, want_pos),
                                         ("LR-", lr_neg, tp + fn == 0 or tn == 0, want_neg)):
        with findings.form(view=t):
            if undefined:
                expect(value == want or (is_nan(value) and is_nan(want)),
                       f"{name} = {value!r} where it is undefined (TP={tp:g}, FP={fp:g}, FN={fn:g}, TN={tn:g}), "
                       f"but should be replace_undefined_by's {want!r}")
            else:
                expect(np.isfinite(value), f"{name} = {value!r} where it is defined "
                                           f"(TP={tp:g}, FP={fp:g}, FN={fn:g}, TN={tn:g})")


@prop("refuses_multiclass[class_likelihood_ratios]",
      "class_likelihood_ratios refuses data with more than two labels, naming 'y_true'", kind="refusal",
      needs=("class_likelihood_ratios",),
      strategy=label_pairs(min_classes=3, min_size=3, max_size=10, shapes=("independent",)).filter(
          lambda e: np.unique(e.y_true).size > 2), max_examples=15)
def _lr_multiclass(t, ex):
    expect_refusal(lambda: t.class_likelihood_ratios(ex.y_true, ex.y_pred), "y_true")


# ---- Brier score and the D^2 scores


def one_hot_truth(ex) -> np.ndarray:
    return (ex.y_true[:, None] == np.asarray(ex.labels)[None, :]).astype(float)


def _with_binary_form(ex):
    """The example's (N, K) form, and for two classes its 1-D form: the probability of the greater label."""
    forms = [(ex.y_proba, one_hot_truth(ex), ex.y_proba)]
    if len(ex.labels) == 2:
        forms.append((ex.y_proba[:, 1], one_hot_truth(ex), ex.y_proba))
    return forms


@prop("definition[brier_score_loss]",
      "the Brier score is the (weighted) mean over samples of sum_k (onehot - p)^2, halved for scale_by_half=True "
      "and, under 'auto', for two classes only (2-D rows, or 1-D P(greater label) read as [1 - p, p])",
      kind="relation", needs=("brier_score_loss", "brier_score_loss:labels", "brier_score_loss:sample_weight",
                              "brier_score_loss:scale_by_half"),
      strategy=_probabilities_or_weighted(), defines=("brier_score_loss",))
def _brier_definition(t, ex):
    w = np.ones(len(ex.y_true)) if ex.sample_weight is None else ex.sample_weight
    kw = {} if ex.sample_weight is None else {"sample_weight": ex.sample_weight}
    for proba, Y, rows in _with_binary_form(ex):
        full = np.sum(w * np.sum((Y - rows) ** 2, axis=1)) / w.sum()
        for scale, expected in (("auto", full / 2 if len(ex.labels) == 2 else full), (True, full / 2), (False, full)):
            with findings.form(view=t):
                expect_close(t.brier_score_loss(ex.y_true, proba, labels=list(ex.labels), scale_by_half=scale, **kw),
                             expected, rtol=1e-9, atol=1e-12,
                             what=f"brier_score_loss({proba.ndim}-D, scale_by_half={scale!r})")


@prop("brier_of_one_hot_is_zero_one_loss",
      "one-hot probabilities of a predicted label give Brier = 2 x zero-one loss unscaled, = the zero-one loss "
      "scaled by half: under 'auto' the zero-one loss itself for two classes, twice it for three or more",
      kind="relation", needs=("brier_score_loss", "brier_score_loss:labels", "brier_score_loss:scale_by_half",
                              "zero_one_loss"),
      strategy=with_edges(st.tuples(proba_examples(), st.randoms(use_true_random=False)), tuple(
          (name, (ex, random.Random(i))) for i, (name, ex) in enumerate(edges_of(PROBABILITIES.examples("brier_score_loss"))))))
def _brier_one_hot(t, ex):
    e, rnd = ex
    labels = np.asarray(e.labels)
    y_pred = labels[[rnd.randrange(len(labels)) for _ in range(len(e.y_true))]]
    onehot = (y_pred[:, None] == labels[None, :]).astype(float)
    loss = t.zero_one_loss(e.y_true, y_pred)
    for scale, factor in (("auto", 1.0 if len(labels) == 2 else 2.0), (True, 1.0), (False, 2.0)):
        with findings.form(view=t):
            expect_close(t.brier_score_loss(e.y_true, onehot, labels=list(e.labels), scale_by_half=scale),
                         factor * loss, rtol=1e-12, atol=1e-12,
                         what=f"brier_score_loss(one-hot, scale_by_half={scale!r}) vs {factor:g} x zero_one_loss")


def _null_rows(Y, w):
    return np.tile(w @ Y / w.sum(), (len(Y), 1))


@prop("definition[d2_brier_score]",
      "D^2 Brier = 1 - B(p) / B(p0), p0 the (weighted) class frequencies of y_true on every row, B the unscaled "
      "Brier sum; NaN where y_true has one class (B(p0) = 0)", kind="relation",
      needs=("d2_brier_score", "d2_brier_score:labels", "d2_brier_score:sample_weight"),
      strategy=_probabilities_or_weighted(), defines=("d2_brier_score",))
def _d2_brier_definition(t, ex):
    w = np.ones(len(ex.y_true)) if ex.sample_weight is None else ex.sample_weight
    kw = {} if ex.sample_weight is None else {"sample_weight": ex.sample_weight}
    for proba, Y, rows in _with_binary_form(ex):
        null = np.sum(w * np.sum((Y - _null_rows(Y, w)) ** 2, axis=1))
        model = np.sum(w * np.sum((Y - rows) ** 2, axis=1))
        # 1e-12 of the total: the frequencies of a one-class y_true under float weights round to exactly 1
        expected = 1 - model / null if null > 1e-12 * w.sum() else np.nan
        with findings.form(view=t):
            expect_close(t.d2_brier_score(ex.y_true, proba, labels=list(ex.labels), **kw), expected, rtol=1e-9,
                         atol=1e-12, what=f"d2_brier_score({proba.ndim}-D)")


@prop("definition[d2_log_loss_score]",
      "D^2 log loss = 1 - LL(p) / LL(p0), LL the (weighted) summed log loss and p0 the (weighted) class frequencies "
      "of y_true; NaN where y_true has one class (LL(p0) = 0)", kind="relation",
      needs=("d2_log_loss_score", "d2_log_loss_score:labels", "d2_log_loss_score:sample_weight"),
      strategy=_probabilities_or_weighted(min_prob=1e-6),
      defines=("d2_log_loss_score",))
def _d2_log_loss_definition(t, ex):
    w = np.ones(len(ex.y_true)) if ex.sample_weight is None else ex.sample_weight
    kw = {} if ex.sample_weight is None else {"sample_weight": ex.sample_weight}
    for proba, Y, rows in _with_binary_form(ex):
        freq = w @ Y / w.sum()
        # a sample of weight 0 adds nothing, even where its class has frequency 0 (0 * log 0)
        kept = w > 0
        null = -np.sum(w[kept] * np.log(np.sum(Y[kept] * freq[None, :], axis=1)))
        model = -np.sum(w[kept] * np.log(np.sum(Y[kept] * rows[kept], axis=1)))
        expected = 1 - model / null if np.count_nonzero(w @ Y) > 1 else np.nan
        with findings.form(view=t):
            expect_close(t.d2_log_loss_score(ex.y_true, proba, labels=list(ex.labels), **kw), expected, rtol=1e-9,
                         atol=1e-12, what=f"d2_log_loss_score({proba.ndim}-D)")


def _d2_undefined(t, ex, m):
    e = ex
    v = getattr(t, m)(e.y_true, e.y_proba, labels=list(e.labels))
    expect(is_nan(v), f"{m} = {v!r} with every sample of y_true in one class (the null model is perfect), but should "
                      "be nan")


for _m in ("d2_brier_score", "d2_log_loss_score"):
    register(f"undefined[{_m}]", f"{_m} is nan when every sample of y_true is of one class (a single sample "
             "included): the null model's loss is 0", kind="undefined", needs=(_m, f"{_m}:labels"),
             check=functools.partial(_d2_undefined, m=_m),
             strategy=proba_examples(min_prob=1e-6).map(lambda e: dataclasses.replace(
                 e, y_true=np.full(len(e.y_true), e.y_true[0]))), max_examples=PER_METRIC_EXAMPLES)


@st.composite
def _bad_brier_inputs(draw):
    e, proba = draw(_bad_probabilities())
    if draw(st.booleans()) and len(e.labels) == 2:
        one_d = proba[:, 1].copy()
        one_d[0] = draw(st.sampled_from([-0.25, 1.5, np.nan]))
        return e, one_d
    return e, proba


register("refuses_invalid_probabilities[brier_score_loss]",
         "brier_score_loss refuses probabilities outside [0, 1] or NaN, and rows not summing to 1, naming 'y_proba'",
         kind="refusal", needs=("brier_score_loss", "brier_score_loss:labels"), strategy=_bad_brier_inputs(),
         check=functools.partial(_bad_proba, m="brier_score_loss"), max_examples=20)


# ---- agreement with scikit-learn


def _agree(t, m, args, kw, what, rtol=1e-9, atol=1e-12):
    ref = reference("sklearn")
    with findings.form(view=t):
        expect_close(np.asarray(getattr(t, m)(*args, **kw), dtype=float),
                     np.asarray(getattr(ref, m)(*args, **kw), dtype=float), rtol=rtol, atol=atol,
                     what=f"{m}({what}) vs sklearn")


def _agree_error_rate(t, ex, m):
    for kw in ([{}, {"normalize": False}] if m == "zero_one_loss" else [{}]):
        _agree(t, m, (ex.y_true, ex.y_pred), {**kw, **weight_kw(ex)}, kw)


for _m in ERROR_RATES:
    register(f"agrees_with_sklearn[{_m}]", f"{_m} agrees with scikit-learn (sample_weight too)", kind="agreement",
             reference="sklearn", needs=(_m, f"{_m}:sample_weight") + (("zero_one_loss:normalize",)
                                                                      if _m == "zero_one_loss" else ()),
             check=functools.partial(_agree_error_rate, m=_m), strategy=weighted_or_not,
             max_examples=PER_METRIC_EXAMPLES)


def _sklearn_binary_tie(ex, k) -> bool:
    """Two columns, k = 1 and a tie: scikit-learn's binary branch predicts by score > 0.5 (see its deviations)."""
    s = ex.y_proba
    return s.shape[1] == 2 and k == 1 and bool(np.any(s[:, 0] == s[:, 1]) or np.any(s[:, 1] == 0.5))


@prop("agrees_with_sklearn[top_k_accuracy]",
      "top-k accuracy agrees with scikit-learn for k = 1 .. K on probability rows (two columns with k = 1: rows "
      "without a tie, where scikit-learn's binary threshold and the ranking agree)", kind="agreement",
      reference="sklearn", needs=("top_k_accuracy", "top_k_accuracy:k", "top_k_accuracy:labels",
                                  "top_k_accuracy:normalize", "top_k_accuracy:sample_weight"),
      strategy=_probabilities_or_weighted(), max_examples=PER_METRIC_EXAMPLES)
def _agree_top_k(t, ex):
    kw = {} if ex.sample_weight is None else {"sample_weight": ex.sample_weight}
    for k in range(1, ex.y_proba.shape[1] + 1):
        if _sklearn_binary_tie(ex, k):
            continue
        for normalize in (True, False):
            _agree(t, "top_k_accuracy", (ex.y_true, ex.y_proba), dict(k=k, labels=list(ex.labels),
                                                                       normalize=normalize, **kw),
                   f"k={k}, normalize={normalize}")


@prop("agrees_with_sklearn[hinge_loss]",
      "the hinge loss agrees with scikit-learn on 1-D decisions (both labels in y_true: scikit-learn encodes y_true "
      "alone there) and (N, K) Crammer-Singer decisions", kind="agreement", reference="sklearn",
      needs=("hinge_loss", "hinge_loss:labels", "hinge_loss:sample_weight"),
      strategy=with_edges(st.one_of(decision_examples(), decision_examples(weights="float")), DECISION_EDGES),
      max_examples=PER_METRIC_EXAMPLES)
def _agree_hinge(t, ex):
    if ex.y_proba.ndim == 1 and np.unique(ex.y_true).size < 2:
        return
    kw = {} if ex.sample_weight is None else {"sample_weight": ex.sample_weight}
    _agree(t, "hinge_loss", (ex.y_true, ex.y_proba), dict(labels=list(ex.labels), **kw), f"{ex.y_proba.ndim}-D")


@prop("agrees_with_sklearn[class_likelihood_ratios]",
      "(LR+, LR-) agree with scikit-learn, undefined ratios included (nan, or replace_undefined_by where y_true "
      "has a positive sample: without one, scikit-learn leaves LR- nan whatever it is asked; see its deviations)",
      kind="agreement", reference="sklearn",
      needs=("class_likelihood_ratios", "class_likelihood_ratios:labels", "class_likelihood_ratios:sample_weight",
             "class_likelihood_ratios:replace_undefined_by"),
      strategy=one_of_with_edges(_binary_pairs(), _binary_pairs(weights="float")), max_examples=PER_METRIC_EXAMPLES)
def _agree_lr(t, ex):
    positives = bool((ex.y_true == ex.alphabet[1]).any())
    for replace in (np.nan, {"LR+": 5.0, "LR-": 0.5}) if positives else (np.nan,):
        _agree(t, "class_likelihood_ratios", (ex.y_true, ex.y_pred),
               dict(labels=list(ex.alphabet), replace_undefined_by=replace, **weight_kw(ex)), f"replace={replace}")


def _agree_probabilistic(t, ex, m, scales):
    kw = {} if ex.sample_weight is None else {"sample_weight": ex.sample_weight}
    w = np.ones(len(ex.y_true)) if ex.sample_weight is None else ex.sample_weight
    if m.startswith("d2") and np.count_nonzero(w @ one_hot_truth(ex)) < 2:
        return  # undefined (all the weight in one class): see undefined[...]
    for proba, _, _ in _with_binary_form(ex):
        extra = {"pos_label": ex.labels[1]} if proba.ndim == 1 and m != "d2_log_loss_score" else {}
        for scale in scales:
            _agree(t, m, (ex.y_true, proba), dict(labels=list(ex.labels), **scale, **extra, **kw),
                   f"{proba.ndim}-D, {scale}")


for _m, _scales in (("brier_score_loss", ({}, {"scale_by_half": True}, {"scale_by_half": False})),
                    ("d2_brier_score", ({},)), ("d2_log_loss_score", ({},))):
    register(f"agrees_with_sklearn[{_m}]",
             f"{_m} agrees with scikit-learn on (N, K) rows and 1-D binary probabilities, weighted or not (probabilities"
             " >= 1e-6, where scikit-learn's log-loss clipping has no effect)", kind="agreement", reference="sklearn",
             needs=(_m, f"{_m}:labels", f"{_m}:sample_weight", *(f"{_m}:{k}" for s in _scales for k in s),
                    *((f"{_m}:pos_label",) if _m != "d2_log_loss_score" else ())),
             check=functools.partial(_agree_probabilistic, m=_m, scales=_scales),
             strategy=_probabilities_or_weighted(min_prob=1e-6),
             max_examples=PER_METRIC_EXAMPLES)



# ------------------------------------------------------------------ confusion-matrix statistics of two rates (issue 48)


def _ratio(num, den):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1.0), np.nan)


def ovr_expected(m: str, tp, fp, fn, tn, *, alpha: float = 0.1, squared: bool = True) -> np.ndarray:
    """The one-vs-rest value of ``m`` from counted (tp, fp, fn, tn), NaN where one of its two rates is 0/0."""
    tp, fp, fn, tn = (np.asarray(x, dtype=float) for x in (tp, fp, fn, tn))
    if m == "markedness":
        return _ratio(tp, tp + fp) + _ratio(tn, tn + fn) - 1.0
    if m == "g_measure":
        return np.sqrt(_ratio(tp, tp + fp) * _ratio(tp, tp + fn))
    if m == "diagnostic_odds_ratio":
        return _ratio(tp * tn, fp * fn)
    if m == "prevalence_threshold":  # Balayla's own form, 0/0 where TPR = FPR
        tpr, fpr = _ratio(tp, tp + fn), _ratio(fp, fp + tn)
        gap = tpr - fpr  # negative where informedness is: a ratio with a signed denominator
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(gap != 0, (np.sqrt(tpr * fpr) - fpr) / np.where(gap != 0, gap, 1.0), np.nan)
    tpr, tnr = _ratio(tp, tp + fn), _ratio(tn, tn + fp)
    if m == "informedness":
        return tpr + tnr - 1.0
    if m == "geometric_mean_score":
        return np.sqrt(tpr * tnr)
    return (1.0 + alpha * (tpr - tnr)) * (tpr * tnr if squared else np.sqrt(tpr * tnr))


def _averaged(per_class: np.ndarray, support: np.ndarray, average: str) -> float:
    """macro / weighted mean of the defined per-class values (scikit-learn's rule with zero_division=nan)."""
    defined = ~np.isnan(per_class)
    if not defined.any():
        return np.nan
    if average == "weighted" and support[defined].sum() > 0:
        return float(np.sum(per_class[defined] * support[defined]) / support[defined].sum())
    return float(np.mean(per_class[defined]))


def _ovr_options(m: str) -> tuple[dict, ...]:
    if m == "index_balanced_accuracy":
        return ({}, {"alpha": 1.0}, {"alpha": 0.0, "squared": False})
    return ({},)


def _ovr_definition(t, ex, m):
    kw = weight_kw(ex)
    tp, fp, fn, tn = counts(ex.y_true, ex.y_pred, ex.present, ex.sample_weight)
    for options in _ovr_options(m):
        expected = ovr_expected(m, tp, fp, fn, tn, **options)
        call = functools.partial(getattr(t, m), ex.y_true, ex.y_pred, zero_division=np.nan, **options, **kw)
        what = f"{m}({', '.join(f'{k}={v!r}' for k, v in options.items())}"
        # counts summed here in another order than the target's (float weights): rounding only
        with findings.form(view=t):
            expect_close(per_class(call(average=None)), expected, rtol=1e-9, atol=1e-12,
                         what=f"{what} average=None) per class {ex.present.tolist()}")
        with findings.form(view=t):
            expect_close(call(average="micro"), ovr_expected(m, tp.sum(), fp.sum(), fn.sum(), tn.sum(), **options),
                         rtol=1e-9, atol=1e-12, what=f"{what} average='micro') from the pooled counts")
        for average in ("macro", "weighted"):
            with findings.form(view=t):
                expect_close(call(average=average), _averaged(expected, tp + fn, average), rtol=1e-9, atol=1e-12,
                             what=f"{what} average={average!r}) of the per-class values")
        if ex.is_binary:
            pos = counts(ex.y_true, ex.y_pred, [ex.pos_label], ex.sample_weight)
            with findings.form(view=t):
                expect_close(call(average="binary", pos_label=ex.pos_label), ovr_expected(m, *pos, **options)[0],
                             rtol=1e-9, atol=1e-12, what=f"{what} average='binary', pos_label={ex.pos_label!r})")


_OVR_STATEMENTS = {
    "informedness": "informedness (Youden's J) per class is TP / (TP + FN) + TN / (TN + FP) - 1",
    "markedness": "markedness per class is TP / (TP + FP) + TN / (TN + FN) - 1",
    "geometric_mean_score": "the one-vs-rest G-mean per class is sqrt(TP / (TP + FN) * TN / (TN + FP))",
    "index_balanced_accuracy": "IBA per class is (1 + alpha (TPR - TNR)) TPR TNR (squared=False: times "
                               "sqrt(TPR TNR)), alpha = 0.1, 1 and 0",
    "g_measure": "the G-measure per class is sqrt(TP / (TP + FP) * TP / (TP + FN))",
    "diagnostic_odds_ratio": "the diagnostic odds ratio per class is (TP TN) / (FP FN)",
    "prevalence_threshold": "the prevalence threshold per class is (sqrt(TPR FPR) - FPR) / (TPR - FPR), undefined "
                            "where TPR = FPR",
}
for _m in OVR_SCORES:
    register(f"definition[{_m}]",
             f"{_OVR_STATEMENTS[_m]} from the counted (weighted) TP, FP, FN, TN, NaN where a rate is 0/0; micro scores "
             "the pooled counts, macro / weighted average the defined classes, binary scores pos_label",
             kind="relation", needs=rate_needs(_m, "average", "zero_division", "pos_label", "sample_weight",
                                               *(("alpha", "squared") if _m == "index_balanced_accuracy" else ())),
             check=functools.partial(_ovr_definition, m=_m), strategy=weighted_pairs, defines=(_m,),
             max_examples=PER_METRIC_EXAMPLES)


def _recalls_of_present(ex) -> np.ndarray:
    w = weights_of(ex)
    tp, fp, fn, tn = counts(ex.y_true, ex.y_pred, ex.present, ex.sample_weight)
    seen = tp + fn > 0
    return tp[seen] / (tp + fn)[seen]


@prop("definition.multiclass[geometric_mean_score]",
      "geometric_mean_score(average='multiclass') is the geometric mean of the recalls of the classes with positive "
      "(weighted) support in y_true, counted here; a class only predicted is left out",
      kind="relation", needs=("geometric_mean_score", "geometric_mean_score:average",
                              "geometric_mean_score:sample_weight"),
      strategy=weighted_pairs, defines=("geometric_mean_score",))
def _gmean_multiclass_definition(t, ex):
    recalls = _recalls_of_present(ex)
    expected = 0.0 if (recalls == 0).any() else float(np.prod(recalls) ** (1.0 / recalls.size))
    expect_close(t.geometric_mean_score(ex.y_true, ex.y_pred, average="multiclass", **weight_kw(ex)), expected,
                 rtol=1e-9, atol=1e-12, what="geometric_mean_score(average='multiclass')")


def _ovr_undefined(t, ex, m):
    classes = list(ex.alphabet)  # classes absent from the data make 0/0 rates on purpose
    tp, fp, fn, tn = counts(ex.y_true, ex.y_pred, classes)
    undefined = np.isnan(ovr_expected(m, tp, fp, fn, tn))
    results = {}
    for zd in ZERO_DIVISIONS:
        with findings.form(view=t):
            got = per_class(getattr(t, m)(ex.y_true, ex.y_pred, average=None, labels=classes, zero_division=zd))
            results[zd] = got
            expect_close(got[undefined], np.full(undefined.sum(), zd), rtol=0, atol=0,
                         what=f"{m} where a rate is 0/0 (classes {np.asarray(classes)[undefined].tolist()}), "
                              f"zero_division={zd}")
            expect(not np.isnan(got[~undefined]).any(), f"{m} = {got.tolist()} is NaN where both rates are defined")
    if np.nan not in results:
        return  # a target without zero_division=nan (SUPPORTS: the form is skipped): nothing to compare with
    for zd in (0.0, 1.0):
        if zd in results:
            expect_close(results[zd][~undefined], results[np.nan][~undefined], rtol=0, atol=0,
                         what=f"{m} defined entries with zero_division={zd} vs nan")


for _m in OVR_SCORES:
    register(f"undefined[{_m}]",
             f"{_m} is undefined exactly where one of its two rates is 0/0 (classes absent from y_true or y_pred, or "
             "holding every sample), returns zero_division (0, 1 or nan) there and is unchanged elsewhere",
             kind="undefined", needs=rate_needs(_m, "average", "zero_division", "labels"),
             check=functools.partial(_ovr_undefined, m=_m), strategy=undefined_pairs, max_examples=PER_METRIC_EXAMPLES)


@prop("undefined.multiclass[geometric_mean_score]",
      "geometric_mean_score(average='multiclass', labels=L) with no class of L in y_true returns zero_division "
      "(0, 1 or nan)", kind="undefined",
      needs=("geometric_mean_score", "geometric_mean_score:average", "geometric_mean_score:labels",
             "geometric_mean_score:zero_division"), strategy=any_pairs)
def _gmean_multiclass_undefined(t, ex):
    absent = [c for c in ex.alphabet if c not in set(ex.y_true.tolist())] or [
        OUTSIDE_LABEL["str" if isinstance(ex.alphabet[0], str) else "int"]]
    for zd in ZERO_DIVISIONS:
        with findings.form(view=t):
            v = t.geometric_mean_score(ex.y_true, ex.y_pred, average="multiclass", labels=absent, zero_division=zd)
            expect_close(v, zd, rtol=0, atol=0, what=f"geometric_mean_score(labels={absent}) with none of them in "
                                                     f"y_true, zero_division={zd}")


_binary_weighted = one_of_with_edges(_binary_pairs(), _binary_pairs(weights="float"))


def _supports(ex) -> np.ndarray:
    w = weights_of(ex)
    return np.array([w[ex.y_true == c].sum() for c in ex.alphabet])


@prop("informedness_is_twice_balanced_accuracy_minus_one",
      "binary, both classes with positive (weighted) support in y_true: informedness = 2 balanced_accuracy - 1",
      kind="relation", needs=(*rate_needs("informedness", "average", "pos_label", "sample_weight"),
                              "balanced_accuracy", "balanced_accuracy:sample_weight"),
      strategy=_binary_weighted)
def _informedness_vs_balanced(t, ex):
    if not (_supports(ex) > 0).all():
        return  # one class only: balanced accuracy is its recall, informedness undefined
    kw = weight_kw(ex)
    expect_close(t.informedness(ex.y_true, ex.y_pred, average="binary", pos_label=ex.pos_label, **kw),
                 2.0 * t.balanced_accuracy(ex.y_true, ex.y_pred, **kw) - 1.0, rtol=1e-9, atol=1e-12,
                 what="informedness vs 2 balanced_accuracy - 1")  # (a + b) - 1 vs 2 ((a + b) / 2) - 1: rounding


@prop("mcc_squared_is_informedness_times_markedness",
      "binary, informedness and markedness defined: MCC^2 = informedness x markedness, and the three share one sign",
      kind="relation", needs=(*rate_needs("informedness", "average", "pos_label", "zero_division", "sample_weight"),
                              *rate_needs("markedness", "average", "pos_label", "zero_division", "sample_weight"),
                              "matthews_corrcoef", "matthews_corrcoef:sample_weight"),
      strategy=_binary_weighted)
def _mcc_from_informedness_and_markedness(t, ex):
    kw = dict(average="binary", pos_label=ex.pos_label, zero_division=np.nan, **weight_kw(ex))
    j = t.informedness(ex.y_true, ex.y_pred, **kw)
    mk = t.markedness(ex.y_true, ex.y_pred, **kw)
    if is_nan(j) or is_nan(mk):
        return  # a class missing from y_true or y_pred: see undefined[informedness], undefined[markedness]
    mcc = t.matthews_corrcoef(ex.y_true, ex.y_pred, **weight_kw(ex))
    expect_close(mcc * mcc, j * mk, rtol=1e-9, atol=1e-12, what=f"MCC^2 (MCC = {mcc!r}) vs informedness {j!r} x "
                                                                f"markedness {mk!r}")
    expect(mcc * j >= -1e-12 and mcc * mk >= -1e-12,
           f"MCC = {mcc!r}, informedness = {j!r} and markedness = {mk!r} differ in sign (all have the sign of "
           "TP TN - FP FN)")


@prop("markedness_is_informedness_with_arguments_swapped",
      "per class, micro- and macro-averaged over the same labels: markedness(y_true, y_pred) = informedness(y_pred, "
      "y_true) (weighted too; undefined cases coincide)",
      kind="relation", needs=(*rate_needs("informedness", "average", "labels", "zero_division", "sample_weight"),
                              *rate_needs("markedness", "average", "labels", "zero_division", "sample_weight")),
      strategy=weighted_pairs)
def _markedness_swapped(t, ex):
    labels = list(ex.alphabet)
    for average in (None, "micro", "macro"):
        kw = dict(average=average, labels=labels, zero_division=np.nan, **weight_kw(ex))
        with findings.form(view=t):
            expect_close(per_class(t.markedness(ex.y_true, ex.y_pred, **kw)),
                         per_class(t.informedness(ex.y_pred, ex.y_true, **kw)), rtol=1e-12, atol=1e-12,
                         what=f"markedness(y_true, y_pred) vs informedness(y_pred, y_true), average={average!r}")


@prop("geometric_mean_at_most_balanced_accuracy",
      "the multiclass G-mean (geometric mean of the recalls) never exceeds balanced accuracy (their arithmetic "
      "mean), weighted too", kind="relation",
      needs=("geometric_mean_score", "geometric_mean_score:average", "geometric_mean_score:sample_weight",
             "balanced_accuracy", "balanced_accuracy:sample_weight"), strategy=weighted_pairs)
def _gmean_below_balanced(t, ex):
    kw = weight_kw(ex)
    expect_le(t.geometric_mean_score(ex.y_true, ex.y_pred, average="multiclass", **kw),
              t.balanced_accuracy(ex.y_true, ex.y_pred, **kw), tol=1e-12,
              what="geometric_mean_score(average='multiclass') <= balanced_accuracy")


@prop("binary_geometric_mean_is_multiclass_on_two_classes",
      "binary, both classes in y_true: sqrt(TPR TNR) (average='binary') equals the multiclass G-mean of the two "
      "recalls, for either pos_label", kind="relation",
      needs=rate_needs("geometric_mean_score", "average", "pos_label", "sample_weight"), strategy=_binary_weighted)
def _binary_gmean_is_multiclass(t, ex):
    if not (_supports(ex) > 0).all():
        return
    kw = weight_kw(ex)
    multiclass = t.geometric_mean_score(ex.y_true, ex.y_pred, average="multiclass", **kw)
    for pos_label in ex.alphabet:
        with findings.form(view=t):
            expect_close(t.geometric_mean_score(ex.y_true, ex.y_pred, average="binary", pos_label=pos_label, **kw),
                         multiclass, rtol=1e-9, atol=1e-12,
                         what=f"geometric_mean_score(average='binary', pos_label={pos_label!r}) vs 'multiclass'")


@prop("iba_with_alpha_zero_is_geometric_mean",
      "index_balanced_accuracy with alpha = 0 is the squared one-vs-rest G-mean (squared=True) or the G-mean itself "
      "(squared=False), per class", kind="relation",
      needs=(*rate_needs("index_balanced_accuracy", "average", "alpha", "squared", "zero_division"),
             *rate_needs("geometric_mean_score", "average", "zero_division")), strategy=any_pairs)
def _iba_alpha_zero(t, ex):
    g = per_class(t.geometric_mean_score(ex.y_true, ex.y_pred, average=None, zero_division=np.nan))
    for squared, expected in ((True, g * g), (False, g)):
        with findings.form(view=t):
            expect_close(per_class(t.index_balanced_accuracy(ex.y_true, ex.y_pred, alpha=0.0, squared=squared,
                                                             average=None, zero_division=np.nan)),
                         expected, rtol=1e-12, atol=1e-12,
                         what=f"index_balanced_accuracy(alpha=0, squared={squared}) vs the G-mean"
                              f"{'^2' if squared else ''}")


@prop("refuses_bad_options[index_balanced_accuracy]",
      "index_balanced_accuracy refuses alpha outside [0, 1] (or not a number) naming 'alpha', and squared that is "
      "not a bool naming 'squared'", kind="refusal",
      needs=rate_needs("index_balanced_accuracy", "average", "alpha", "squared"),
      strategy=st.tuples(label_pairs(max_size=6), st.sampled_from([("alpha", 1.5), ("alpha", -0.5),
                                                                    ("alpha", float("nan")), ("alpha", "0.1"),
                                                                    ("squared", "yes"), ("squared", 2)])),
      max_examples=15)
def _iba_bad_options(t, ex):
    pair, (keyword, value) = ex
    expect_refusal(lambda: t.index_balanced_accuracy(pair.y_true, pair.y_pred, average="macro", **{keyword: value}),
                   keyword)


@prop("g_measure_between_f1_and_mean_of_precision_and_recall",
      "per class, where precision and recall are defined: F1 <= G-measure <= (P + R) / 2 (harmonic <= geometric <= "
      "arithmetic mean)", kind="relation",
      needs=(*rate_needs("g_measure", "average", "zero_division"), "precision:average", "precision:zero_division",
             "recall:average", "recall:zero_division", "f1:average", "f1:zero_division"), strategy=any_pairs)
def _g_between(t, ex):
    kw = dict(average=None, zero_division=np.nan)
    p, r = per_class(t.precision(ex.y_true, ex.y_pred, **kw)), per_class(t.recall(ex.y_true, ex.y_pred, **kw))
    f, g = per_class(t.f1(ex.y_true, ex.y_pred, **kw)), per_class(t.g_measure(ex.y_true, ex.y_pred, **kw))
    both = ~np.isnan(p) & ~np.isnan(r)
    expect_le(f[both], g[both], what="F1 <= G-measure", tol=1e-12)
    expect_le(g[both], ((p + r) / 2)[both], what="G-measure <= (P + R) / 2", tol=1e-12)


#: a binary pair with every cell of the 2 x 2 table filled (TP 2, FN 1, FP 2, TN 2): every ratio defined
_ALL_FOUR_CELLS = LabelPair(np.array([0, 1, 1, 0, 1, 0, 0]), np.array([0, 1, 0, 1, 1, 0, 1]), (0, 1), 1)


@prop("diagnostic_odds_ratio_is_ratio_of_likelihood_ratios",
      "binary, every ratio defined and LR- > 0: DOR = LR+ / LR- of class_likelihood_ratios (weighted too)",
      kind="relation", needs=(*rate_needs("diagnostic_odds_ratio", "average", "pos_label", "zero_division",
                                          "sample_weight"),
                              "class_likelihood_ratios", "class_likelihood_ratios:labels",
                              "class_likelihood_ratios:sample_weight"),
      strategy=with_edges(one_of_with_edges(_binary_pairs(), _binary_pairs(weights="float")),
                          (*edges_of(_binary_weighted), ("all_four_cells", _ALL_FOUR_CELLS))))
def _dor_from_likelihood_ratios(t, ex):
    kw = weight_kw(ex)
    dor = t.diagnostic_odds_ratio(ex.y_true, ex.y_pred, average="binary", pos_label=ex.alphabet[1],
                                  zero_division=np.nan, **kw)
    lr_pos, lr_neg = t.class_likelihood_ratios(ex.y_true, ex.y_pred, labels=list(ex.alphabet), **kw)
    if is_nan(dor) or is_nan(lr_pos) or is_nan(lr_neg) or not lr_neg > 0:
        return  # a zero cell: see undefined[diagnostic_odds_ratio], undefined[class_likelihood_ratios]
    expect_close(dor, lr_pos / lr_neg, rtol=1e-9, what=f"DOR vs LR+ / LR- = {lr_pos!r} / {lr_neg!r}")


@prop("prevalence_threshold_below_half_iff_informative",
      "per class, where both are defined: the prevalence threshold is below 1/2 exactly when informedness is "
      "positive (TPR > FPR) and above 1/2 when it is negative", kind="relation",
      needs=(*rate_needs("prevalence_threshold", "average", "zero_division"),
             *rate_needs("informedness", "average", "zero_division")), strategy=any_pairs)
def _pt_vs_informedness(t, ex):
    kw = dict(average=None, zero_division=np.nan)
    pt = per_class(t.prevalence_threshold(ex.y_true, ex.y_pred, **kw))
    j = per_class(t.informedness(ex.y_true, ex.y_pred, **kw))
    both = ~np.isnan(pt) & ~np.isnan(j) & (j != 0)
    expect(np.array_equal(pt[both] < 0.5, j[both] > 0),
           f"prevalence_threshold = {pt.tolist()}, informedness = {j.tolist()}: PT < 1/2 must hold exactly where J > 0")


#: PyCM's README example ("From vector", printed to 5 decimals): class statistics of three classes. PyCM's IBA
#: is alpha = 1 (its IBA = (1 + TPR - TNR) TPR TNR)
PYCM_README = "PyCM README, usage 'From vector' (Haghighi et al. 2018, JOSS 3(25):729), class statistics"
_PYCM_TRUE = [2, 0, 2, 2, 0, 1, 1, 2, 2, 0, 1, 2]
_PYCM_PRED = [0, 0, 2, 1, 0, 2, 1, 0, 2, 0, 2, 2]
_PYCM_ROWS = {
    "informedness": ({}, ("0.77778", "0.22222", "0.16667"), "BM(Informedness or bookmaker informedness)"),
    "markedness": ({}, ("0.6", "0.3", "0.17143"), "MK(Markedness)"),
    "geometric_mean_score": ({}, ("0.88192", "0.54433", "0.57735"),
                             "GM(G-mean geometric mean of specificity and sensitivity)"),
    "index_balanced_accuracy": ({"alpha": 1.0}, ("0.95062", "0.13169", "0.27778"), "IBA(Index of balanced accuracy)"),
    "g_measure": ({}, ("0.7746", "0.40825", "0.54772"), "G(G-measure geometric mean of precision and sensitivity)"),
    "diagnostic_odds_ratio": ({"zero_division": np.nan}, ("None", "4.0", "2.0"), "DOR(Diagnostic odds ratio)"),
}


def _pycm_row(t, ex, m):
    options, printed, _ = _PYCM_ROWS[m]
    got = per_class(getattr(t, m)(np.array(_PYCM_TRUE), np.array(_PYCM_PRED), average=None, **options))
    expect(got.shape == (3,), f"{m}(average=None) gave {got.tolist()}, expected one value per class 0, 1, 2")
    for c, (value, text) in enumerate(zip(got, printed)):
        if text == "None":  # PyCM's undefined value: NaN asked for by zero_division=nan
            expect(is_nan(value), f"{m} of class {c} = {value!r}, but should be undefined (PyCM prints None)")
        else:
            expect_printed(value, text, what=f"{m} of class {c} in {PYCM_README}")


for _m, (_options, _printed, _row) in _PYCM_ROWS.items():
    register(f"golden.pycm_readme[{_m}]",
             f"{_m} per class of PyCM's README example (y_true {_PYCM_TRUE}, y_pred {_PYCM_PRED}) is "
             f"{', '.join(_printed)} as printed in its row {_row}" + (" (alpha = 1)" if "alpha" in _options else ""),
             kind="golden", needs=rate_needs(_m, "average", *_options), check=functools.partial(_pycm_row, m=_m),
             source=PYCM_README, defines=(_m,))


@prop("golden.imblearn_issue_1096[geometric_mean_score]",
      "y_true = [0, 1, 2, 0, 1, 2], y_pred = [0, 2, 1, 0, 1, 2]: per-class G-means [1, 0.61237, 0.61237] and macro "
      "G-mean their mean 0.74158, as imbalanced-learn issue #1096 prints them (imbalanced-learn's own macro, "
      "sqrt(mean TPR mean TNR), prints 0.74536)",
      kind="golden", needs=rate_needs("geometric_mean_score", "average"),
      source="scikit-learn-contrib/imbalanced-learn#1096", defines=("geometric_mean_score",))
def _gmean_issue_1096(t, ex):
    y_true, y_pred = np.array([0, 1, 2, 0, 1, 2]), np.array([0, 2, 1, 0, 1, 2])
    for value, text in zip(per_class(t.geometric_mean_score(y_true, y_pred, average=None)), ("1.00000", "0.61237",
                                                                                                     "0.61237")):
        expect_printed(value, text, what="per-class G-mean of imbalanced-learn#1096")
    # to the 5 decimals of the statement: a float32 library is right to 7 digits, not to 16
    expect_printed(t.geometric_mean_score(y_true, y_pred, average="macro"), "0.74158",
                   what="macro G-mean (the mean of the per-class G-means) of imbalanced-learn#1096")


# ------------------------------------------------------------------ macro-averaged MAE of ordinal classes (issue 48)

MACRO_MAE = "macro_averaged_mean_absolute_error"


def macro_mae_expected(y_true, y_pred, sample_weight=None) -> float:
    """The mean over the classes of y_true with positive weight of each class's weighted mean |y_true - y_pred|,
    class by class in plain Python (a class only in y_pred has no sample: left out)."""
    y_true, y_pred = np.asarray(y_true, dtype=float), np.asarray(y_pred, dtype=float)
    w = np.ones(y_true.shape[0]) if sample_weight is None else np.asarray(sample_weight, dtype=float)
    per_class = []
    for c in sorted(set(y_true.tolist())):
        members = [i for i in range(y_true.shape[0]) if y_true[i] == c and w[i] > 0]
        if members:
            per_class.append(sum(w[i] * abs(y_true[i] - y_pred[i]) for i in members) / sum(w[i] for i in members))
    return sum(per_class) / len(per_class)


_ORDINAL_PAIR_EDGES = edges_of(ORDINAL_LABELS.examples(MACRO_MAE))
_ordinal_weighted_pairs = one_of_with_edges(
    with_edges(ordinal_label_pairs(), _ORDINAL_PAIR_EDGES),
    _weighted_pairs(ordinal_label_pairs(weights="float"), _ORDINAL_PAIR_EDGES),
    ordinal_label_pairs(weights="int0"))


@prop(f"definition[{MACRO_MAE}]",
      "macro-averaged MAE is the mean, over the classes of y_true with positive (weighted) support, of each class's "
      "weighted mean absolute error |y_true - y_pred|, counted here class by class; a class only in y_pred is left "
      "out", kind="relation", strategy=_ordinal_weighted_pairs, needs=(MACRO_MAE, f"{MACRO_MAE}:sample_weight"),
      defines=(MACRO_MAE,))
def _macro_mae_definition(t, ex):
    expect_close(t.macro_averaged_mean_absolute_error(ex.y_true, ex.y_pred, **weight_kw(ex)),
                 macro_mae_expected(ex.y_true, ex.y_pred, ex.sample_weight), rtol=1e-12, atol=1e-15,
                 what="macro-averaged MAE vs the per-class means")


@st.composite
def _with_predicted_only_class(draw):
    """An ordinal pair whose y_pred names a class y_true lacks: some predictions moved to a label above y_true's."""
    pair = draw(ordinal_label_pairs(min_size=2))
    outside = int(max(pair.y_true.max(), pair.y_pred.max())) + draw(st.integers(1, 3))
    moved = draw(st.lists(st.integers(0, pair.n - 1), min_size=1, max_size=pair.n, unique=True))
    y_pred = pair.y_pred.copy()
    y_pred[moved] = outside
    return dataclasses.replace(pair, y_pred=y_pred)


def _ordinal_pair(y_true, y_pred) -> LabelPair:
    alphabet = tuple(sorted(set(y_true) | set(y_pred)))
    return LabelPair(np.array(y_true, dtype=np.int64), np.array(y_pred, dtype=np.int64), alphabet,
                     alphabet[min(1, len(alphabet) - 1)])


_PREDICTED_ONLY_EDGES = (
    ("one_class_true_one_extra_predicted", _ordinal_pair([0, 0], [0, 1])),
    ("two_extra_predicted_classes", _ordinal_pair([1, 1, 4, 4], [0, 1, 4, 6])),
)


@prop(f"undefined.predicted_only_class[{MACRO_MAE}]",
      "a class that occurs only in y_pred has no sample to average over (0/0): macro-averaged MAE is defined, the "
      "mean over the classes of y_true only (y_true = [0, 0], y_pred = [0, 1] gives 0.5)", kind="undefined",
      strategy=with_edges(_with_predicted_only_class(), _PREDICTED_ONLY_EDGES), needs=(MACRO_MAE,))
def _macro_mae_predicted_only(t, ex):
    expect_close(t.macro_averaged_mean_absolute_error(ex.y_true, ex.y_pred), macro_mae_expected(ex.y_true, ex.y_pred),
                 rtol=1e-12, atol=1e-15, what="macro-averaged MAE with a class only in y_pred (over y_true's classes)")


@st.composite
def _equal_supports(draw):
    """(y_true with every class the same number of times, y_pred of any ordinal labels)."""
    classes = draw(st.lists(st.sampled_from((-3, 0, 1, 2, 5, 7)), min_size=1, max_size=4, unique=True))
    copies = draw(st.integers(1, 3))
    y_true = np.repeat(np.array(classes, dtype=np.int64), copies)
    y_true = y_true[np.array(draw(st.permutations(range(y_true.shape[0]))), dtype=np.intp)]
    y_pred = np.array(draw(st.lists(st.sampled_from((-3, 0, 1, 2, 5, 7)), min_size=y_true.shape[0],
                                    max_size=y_true.shape[0])), dtype=np.int64)
    return y_true, y_pred


@prop(f"relation.equal_supports_is_mean_absolute_error[{MACRO_MAE}]",
      "when every class of y_true occurs equally often, macro-averaged MAE equals the plain mean absolute error",
      kind="relation", strategy=with_edges(_equal_supports(), (
          ("one_sample", (np.array([2]), np.array([5]))),
          ("two_classes_swapped", (np.array([0, 5, 0, 5]), np.array([5, 0, 0, 5]))))),
      needs=(MACRO_MAE, "mean_absolute_error"))
def _macro_mae_balanced(t, ex):
    y_true, y_pred = ex
    expect_close(t.macro_averaged_mean_absolute_error(y_true, y_pred), t.mean_absolute_error(y_true, y_pred),
                 rtol=1e-12, atol=1e-15, what="macro-averaged MAE on equal class supports vs the plain MAE")


_SHIFTS_AND_SCALES = ((1000, 1.0), (-7, 1.0), (0, 4.0), (0, -0.5), (3, -2.0))


@prop(f"invariance.shift_and_scale[{MACRO_MAE}]",
      "adding one constant c to both labelings leaves macro-averaged MAE unchanged, scaling both by s multiplies it "
      "by |s| (c in {1000, -7, 3}, s in {4, -0.5, -2}: exact in floats)", kind="invariance",
      strategy=with_edges(ordinal_label_pairs(), _ORDINAL_PAIR_EDGES), needs=(MACRO_MAE,))
def _macro_mae_affine(t, ex):
    base = t.macro_averaged_mean_absolute_error(ex.y_true, ex.y_pred)
    for shift, scale in _SHIFTS_AND_SCALES:
        moved = t.macro_averaged_mean_absolute_error(scale * ex.y_true + shift, scale * ex.y_pred + shift)
        expect_close(moved, abs(scale) * base, rtol=1e-12, atol=1e-12,
                     what=f"macro-averaged MAE of {scale} * labels + {shift}")


@prop(f"golden.imblearn_docstring[{MACRO_MAE}]",
      "y_pred = [1, 2, 1, 2] against y_true = [1, 1, 2, 2] gives 0.5 and against y_true = [1, 2, 2, 2] gives 1/6, as "
      "imbalanced-learn's docstring example prints them (0.5 and 0.16666666666666666 in its pull request #780: "
      "compared to 5 decimals)", kind="golden", needs=(MACRO_MAE,),
      source="imbalanced-learn macro_averaged_mean_absolute_error docstring, scikit-learn-contrib/imbalanced-learn#780",
      defines=(MACRO_MAE,))
def _macro_mae_docstring(t, ex):
    y_pred = np.array([1, 2, 1, 2])
    expect_printed(t.macro_averaged_mean_absolute_error(np.array([1, 1, 2, 2]), y_pred), "0.5",
                   what="macro-averaged MAE of the balanced example")
    expect_printed(t.macro_averaged_mean_absolute_error(np.array([1, 2, 2, 2]), y_pred), "0.16667",
                   what="macro-averaged MAE of the imbalanced example")


# ------------------------------------------------------------------ claims from the seeds


def claim(id, statement, *, source, quote, needs, strategy=None):
    return prop(f"claim.{id}", statement, kind="claim", source=source, quote=quote, needs=needs, strategy=strategy)


CLASSES = ["pos", "neg", "neutral"]
EX1 = [[15, 10, 100], [10, 15, 10], [10, 100, 1000]]
EX2 = [[0, 0, 125], [0, 0, 35], [0, 0, 1110]]
EX3 = [[1, 0, 124], [0, 1, 24], [0, 0, 1110]]
EX4 = [[15, 10, 100], [10, 15, 10], [10, 100, 100000]]


def seed_vectors(matrix):
    """y_true, y_pred realizing a seed's confusion matrix (rows gold, columns predicted)."""
    return labels_from_confusion(matrix, CLASSES)


def expect_printed_row(values, printed, what):
    values = per_class(values)
    expect(len(values) == len(printed), f"{what}: {len(values)} values for {len(printed)} printed")
    for v, text in zip(values, printed):
        if text == "NaN":
            expect(is_nan(v), f"{what}: computed {v!r}, but the source prints NaN")
        else:
            expect_printed(v, text, what=what)


_PER_CLASS = dict(average=None, labels=CLASSES, zero_division=np.nan)
_PRF_NEEDS = tuple(f"{m}:{k}" for m in ("precision", "recall", "f1") for k in ("average", "labels", "zero_division"))

#: the per-class values the seeds print, one claim per row (data: properties/classification_printed.json)
_PRINTED = json.loads(Path(__file__).with_name("classification_printed.json").read_text(encoding="utf-8"))["rows"]
_MATRICES = {"ex1": EX1, "ex2": EX2, "ex3": EX3, "ex4": EX4}


def _printed_row(t, ex, metric, name, printed):
    y_true, y_pred = seed_vectors(_MATRICES[name])
    expect_printed_row(getattr(t, metric)(y_true, y_pred, **_PER_CLASS), printed, f"{metric}({name})")


_PRINTED_IN = {
    "002": ("seed 002 prints {metric} of {ex} per class (pos, neg, neutral) as {printed}",
            "seed 002, In [10]-[22] (printed outputs)"),
    "000": ("seed 000's table prints {metric} of {ex} (pos, neg, neutral) as {printed}",
            "seed 000, tables of the precision / recall / F scores sections"),
}
for _row in _PRINTED:
    _metric = _row["metric"]
    register(f"claim.seed{_row['seed']}.{_row['id']}",
             _PRINTED_IN[_row["seed"]][0].format(metric=_metric, ex=_row["matrix"], printed=_row["printed"]),
             kind="claim", source=_PRINTED_IN[_row["seed"]][1], quote=_row["quote"],
             needs=(_metric, f"{_metric}:average", f"{_metric}:labels", f"{_metric}:zero_division"),
             check=functools.partial(_printed_row, metric=_metric, name=_row["matrix"], printed=_row["printed"]))


@claim("seed002.f1_ex2_neutral", "seed 002 prints the F1 of neutral in ex2 (the all-neutral classifier) as 0.932773",
       source="seed 002, In [21] (printed output)", quote="neutral    0.932773", needs=("f1", *_PRF_NEEDS[6:]))
def _f1_ex2(t, ex):
    # pos/neg print NaN there because the notebook forms F from P = 0/0; the count form 2TP/(2TP+FP+FN) = 0/125
    # is defined, so only the defined entry is a claim about F1.
    y_true, y_pred = seed_vectors(EX2)
    expect_printed(per_class(t.f1(y_true, y_pred, **_PER_CLASS))[2], "0.932773", what="F1(ex2, neutral)")


_CVR_002 = [("pos", (15, 20, 110, 1125)), ("neg", (15, 110, 20, 1125)), ("neutral", (1000, 110, 110, 50))]


@claim("seed002.cat_versus_rest_ex1",
       "seed 002's one-vs-rest 2x2 matrices of ex1 (yes = TP, yes/no = FP, no/yes = FN, no = TN) are "
       "pos (15, 20, 110, 1125), neg (15, 110, 20, 1125), neutral (1000, 110, 110, 50)",
       source="seed 002, In [31]-[33] (printed outputs)",
       quote="cat_versus_rest(ex1, 'pos')\nyes no\nyes 15 20\nno 110 1125", needs=("confusion_matrix",
                                                                                   "confusion_matrix:labels"))
def _cvr(t, ex):
    y_true, y_pred = seed_vectors(EX1)
    C = np.asarray(t.confusion_matrix(y_true, y_pred, labels=CLASSES), dtype=float)
    for j, (name, printed) in enumerate(_CVR_002):
        tp = C[j, j]
        fp, fn = C[:, j].sum() - tp, C[j, :].sum() - tp
        got = (tp, fp, fn, C.sum() - tp - fp - fn)
        expect(got == printed, f"one-vs-rest counts of {name}: computed {got}, printed {printed}")




@claim("seed000.all_neutral_accuracy_is_higher", "accuracy of ex2 (always predicts neutral) is higher than of ex1",
       source="seed 000, accuracy: weaknesses", needs=("accuracy",),
       quote="it always predicts **neutral**. However, its accuracy is higher!")
def _ex2_higher(t, ex):
    a1, a2 = t.accuracy(*seed_vectors(EX1)), t.accuracy(*seed_vectors(EX2))
    expect(a2 > a1, f"accuracy(ex2) = {a2} is not higher than accuracy(ex1) = {a1}")


_BOUNDS_QUOTE = "[0, 1], with 0 the worst and 1 the best, and guaranteed to be between precision and recall."


@claim("seed000.f_between_precision_and_recall",
       "per class, F-beta lies between precision and recall (where both are defined)",
       source="seed 000/002, F scores: bounds", quote=_BOUNDS_QUOTE,
       needs=(*rate_needs("fbeta", "average", "zero_division"), "precision:average", "precision:zero_division",
              "recall:average", "recall:zero_division"),
       strategy=st.tuples(confusion_matrices(), st.sampled_from([0.5, 1.0, 2.0])))
def _claim_f_between(t, ex):
    C, beta = ex
    y_true, y_pred = labels_from_confusion(C)
    kw = dict(average=None, zero_division=np.nan)
    p, r = per_class(t.precision(y_true, y_pred, **kw)), per_class(t.recall(y_true, y_pred, **kw))
    f = per_class(t.fbeta(y_true, y_pred, beta=beta, **kw))
    ok = ~np.isnan(p) & ~np.isnan(r)
    expect_le(np.minimum(p, r)[ok], f[ok], what="min(P, R) <= F")
    expect_le(f[ok], np.maximum(p, r)[ok], what="F <= max(P, R)")


def _macro_between(t, ex, average):
    C = ex
    y_true, y_pred = labels_from_confusion(C)
    kw = dict(average=average)
    p, r, f = t.precision(y_true, y_pred, **kw), t.recall(y_true, y_pred, **kw), t.f1(y_true, y_pred, **kw)
    expect_le(min(p, r), f, what=f"{average} P = {p}, R = {r}: min(P, R) <= {average} F1 = {f}")
    expect_le(f, max(p, r), what=f"{average} P = {p}, R = {r}: {average} F1 = {f} <= max(P, R)")


register("claim.seed000.macro_f_between_macro_precision_and_recall",
         "macro-averaged F1 lies between macro-averaged precision and macro-averaged recall",
         kind="claim", source="seed 000/002, Macro-averaged F scores: bounds", quote=_BOUNDS_QUOTE,
         needs=tuple(f"{m}:average" for m in ("precision", "recall", "f1")),
         check=functools.partial(_macro_between, average="macro"), strategy=confusion_matrices())
register("claim.seed000.micro_f_between_micro_precision_and_recall",
         "micro-averaged F1 lies between micro-averaged precision and micro-averaged recall",
         kind="claim", source="seed 000/002, Micro-averaged F scores: bounds", quote=_BOUNDS_QUOTE,
         needs=tuple(f"{m}:average" for m in ("precision", "recall", "f1")),
         check=functools.partial(_macro_between, average="micro"), strategy=confusion_matrices())


@claim("seed000.micro_averaging_is_accuracy", "micro-averaged F1 equals accuracy (single-label data)",
       source="seed 000, Micro-averaged F scores", quote="Micro-averaging is equivalent to accuracy.",
       needs=("accuracy", "f1:average"), strategy=confusion_matrices())
def _claim_micro_acc(t, ex):
    y_true, y_pred = labels_from_confusion(ex)
    expect_close(t.f1(y_true, y_pred, average="micro"), t.accuracy(y_true, y_pred), rtol=1e-12,
                 what="micro F1 vs accuracy")


@claim("seed002.micro_f1_equals_micro_p_and_r", "on the summed one-vs-rest 2x2 matrix, F1 = precision = recall",
       source="seed 002, Micro-averaged F scores",
       quote="For F1, this value is identical to both precision and recall on that 2 $\\times$ 2 matrix.",
       needs=tuple(f"{m}:average" for m in ("precision", "recall", "f1")), strategy=confusion_matrices())
def _claim_micro_prf(t, ex):
    y_true, y_pred = labels_from_confusion(ex)
    f = t.f1(y_true, y_pred, average="micro")
    expect_close(t.precision(y_true, y_pred, average="micro"), f, rtol=1e-12, what="micro P vs micro F1")
    expect_close(t.recall(y_true, y_pred, average="micro"), f, rtol=1e-12, what="micro R vs micro F1")


@claim("seed000.dice_is_f1", "binary F1 equals the Dice similarity 2|A & B| / (|A| + |B|) of the indicator vectors",
       source="seed 000, F scores: related",
       quote="Dice similarity for binary vectors is sometimes used to assess how well a model has learned to "
             "identify a set of items. In this setting, it is equivalent to the per-token F1 score.",
       needs=("f1", "f1:pos_label"), strategy=_binary_pairs())
def _claim_dice(t, ex):
    a, b = ex.y_true == ex.pos_label, ex.y_pred == ex.pos_label
    if not (a.any() or b.any()):
        return  # Dice is 0/0
    expect_close(t.f1(ex.y_true, ex.y_pred, pos_label=ex.pos_label), 2 * np.sum(a & b) / (a.sum() + b.sum()),
                 rtol=1e-12, what="F1 vs Dice")


@claim("seed000.fpr_is_one_minus_recall_of_other_class",
       "binary: FPR of class A = 1 - recall of class B",
       source="seed 000, Receiver Operating Characteristic",
       quote="which is equivalent to 1 minus the recall for $B$ class.",
       needs=("false_positive_rate:pos_label", "recall:pos_label"), strategy=_binary_pairs())
def _claim_fpr_other(t, ex):
    other = ex.alphabet[0]
    if not (ex.y_true == other).any():
        return  # both undefined
    expect_close(t.false_positive_rate(ex.y_true, ex.y_pred, pos_label=ex.pos_label),
                 1 - t.recall(ex.y_true, ex.y_pred, pos_label=other), rtol=1e-12, atol=1e-12,
                 what="FPR(A) vs 1 - recall(B)")


_ROC_TABLES = [
    # rows gold A, B; columns predicted A, B; printed F1 and "ROC" = recall / fpr per class
    ("left", [[15, 10], [100, 50]], ["0.21", "0.48"], ["0.90", "0.83"]),
    ("right", [[15, 10], [100, 500]], ["0.21", "0.90"], ["3.6", "2.08"]),
]
for _name, _matrix, _f1s, _rocs in _ROC_TABLES:

    def _roc_table(t, ex, matrix=_matrix, f1s=_f1s, rocs=_rocs):
        y_true, y_pred = labels_from_confusion(matrix, ["A", "B"])
        for cls, f1_text, roc_text in zip(["A", "B"], f1s, rocs):
            expect_printed(t.f1(y_true, y_pred, pos_label=cls), f1_text, what=f"F1({cls})")
            ratio = t.recall(y_true, y_pred, pos_label=cls) / t.false_positive_rate(y_true, y_pred, pos_label=cls)
            expect_printed(ratio, roc_text, what=f"recall / fpr ({cls})")

    register(f"claim.seed000.roc_table_{_name}",
             f"seed 000's {_name} ROC table: F1 (A, B) = {_f1s}, recall / FPR (A, B) = {_rocs}",
             kind="claim", source="seed 000, Receiver Operating Characteristic (individual ROC calculations)",
             quote="& A & B & \\textbf{F1} & \\textbf{ROC}", needs=("f1:pos_label", "recall:pos_label",
                                                                 "false_positive_rate:pos_label"),
             check=_roc_table)


# seed 001: the rate table, with P = TP + FN (true positives) and N = TN + FP (true negatives), as its text says:
# "the normalized version of the confusion matrix on the true number of samples in each class".
_RATE_TABLE_001 = [
    ("tnr", "specificity", "TN / N", lambda tp, fp, fn, tn: tn / (tn + fp), "$\\mathrm{TNR}$ | $\\frac{\\mathrm{TN}}{\\mathrm{N}}$"),
    ("fnr", "false_negative_rate", "FN / N", lambda tp, fp, fn, tn: fn / (tn + fp), "$\\mathrm{FNR}$ | $\\frac{\\mathrm{FN}}{\\mathrm{N}}$"),
    ("fpr", "false_positive_rate", "FP / P", lambda tp, fp, fn, tn: fp / (tp + fn), "$\\mathrm{FPR}$ | $\\frac{\\mathrm{FP}}{\\mathrm{P}}$"),
    ("tpr", "recall", "TP / P", lambda tp, fp, fn, tn: tp / (tp + fn), "$\\mathrm{TPR}$ | $\\frac{\\mathrm{TP}}{\\mathrm{P}}$"),
]
for _id, _metric, _text, _formula, _quote in _RATE_TABLE_001:

    def _rate_table(t, ex, metric=_metric, formula=_formula):
        tp, fp, fn, tn = counts(ex.y_true, ex.y_pred, [ex.pos_label])[:, 0]
        if tp + fn == 0 or tn + fp == 0:
            return  # P or N is 0: the table's ratios are 0/0
        expect_close(getattr(t, metric)(ex.y_true, ex.y_pred, pos_label=ex.pos_label), formula(tp, fp, fn, tn),
                     rtol=1e-12, what=f"{metric} (TP={tp:g}, FP={fp:g}, FN={fn:g}, TN={tn:g})")

    register(f"claim.seed001.{_id}_formula",
             f"{_id.upper()} = {_text}, with P = TP + FN and N = TN + FP the true class sizes ({_metric})",
             kind="claim", source="seed 001, Confusion Matrix (table)", quote=_quote,
             needs=(f"{_metric}:pos_label",), check=_rate_table, strategy=_binary_pairs())


@claim("seed001.code_example", "seed 001's code example: tn, fp, fn, tp = 1, 1, 1, 2 and normalized by the true "
       "class 0.5 0.5 0.3333333333333333 0.6666666666666666",
       source="seed 001, Confusion Matrix (code)",
       quote='# actual output: array([1, 1, 1, 2])\n\n# tnr, fpr, fnr, tpr\ntnr, fpr, fnr, tpr = confusion_matrix(\n    y_true=y_true,\n    y_pred=y_pred,\n    normalize="true",\n).ravel()\n\nprint(tnr, fpr, fnr, tpr)\n# expected output: (1/2, 1/2, 1/3, 2/3)\n# actual output: 0.5 0.5 0.3333333333333333 0.6666666666666666',
       needs=("confusion_matrix", "confusion_matrix:normalize"))
def _claim_001_code(t, ex):
    y_true, y_pred = [1, 0, 1, 0, 1], [1, 0, 1, 1, 0]
    expect(np.asarray(t.confusion_matrix(y_true, y_pred)).ravel().tolist() == [1, 1, 1, 2], "raw counts")
    rates = np.asarray(t.confusion_matrix(y_true, y_pred, normalize="true")).ravel()
    for v, text in zip(rates, ["0.5", "0.5", "0.3333333333333333", "0.6666666666666666"]):
        expect_printed(v, text, what="tnr, fpr, fnr, tpr")


@claim("seed001.mcc_example_1", "y = (1 x 9, 0), y_hat = (1 x 10): F1 = 0.9474 and MCC = 0",
       source="seed 001, Matthews Correlation Coefficient, Example 1",
       quote="Consider a dataset with 10 samples and $y =(1, 1, \\cdots, 1, 0)$ and $\\hat{y} = (1, 1, \\cdots , 1, 1)$, "
             "then the $F1=0.9474, MCC=0$.", needs=("f1", "matthews_corrcoef"))
def _claim_mcc1(t, ex):
    y, y_hat = [1] * 9 + [0], [1] * 10
    expect_printed(t.f1(y, y_hat), "0.9474", what="F1")
    mcc = t.matthews_corrcoef(y, y_hat)  # printed as the integer 0: 0/0 by the formula, 0 by convention
    expect(mcc == 0, f"MCC = {mcc!r}, printed 0")


@claim("seed001.mcc_example_2", "TP = 90, TN = 0, FP = 9, FN = 1: F1 = 0.95 and MCC = -0.03",
       source="seed 001, Matthews Correlation Coefficient, Example 2",
       quote="(i.e. $TP=90, TN=0, FP=9, FN=1$), then $F1=0.95$ while $MCC=-0.03$.", needs=("f1", "matthews_corrcoef"))
def _claim_mcc2(t, ex):
    y_true, y_pred = labels_from_confusion([[0, 9], [1, 90]])  # rows: true 0, 1
    expect_printed(t.f1(y_true, y_pred), "0.95", what="F1")
    expect_printed(t.matthews_corrcoef(y_true, y_pred), "-0.03", what="MCC")


@claim("seed001.mcc_range", "the MCC lies in [-1, 1]; 1 for perfect and -1 for inverse binary predictions",
       source="seed 001, Matthews Correlation Coefficient",
       quote="The range of MCC is $[-1, 1]$, where 1 - perfect predictions, 0 - random prediction, and -1 - inverse "
             "prediction.", needs=("matthews_corrcoef",), strategy=_binary_pairs())
def _claim_mcc_range(t, ex):
    expect_in_range(t.matthews_corrcoef(ex.y_true, ex.y_pred), -1.0, 1.0, what="MCC")
    if np.unique(ex.y_true).size == 2:
        flipped = np.where(ex.y_true == ex.pos_label, ex.alphabet[0], ex.pos_label)
        expect_close(t.matthews_corrcoef(ex.y_true, ex.y_true.copy()), 1.0, what="MCC(y, y)")
        expect_close(t.matthews_corrcoef(ex.y_true, flipped), -1.0, what="MCC(y, inverse of y)")


@claim("seed001.mcc_is_pearson", "the MCC is Pearson's correlation of the two boolean vectors (where defined)",
       source="seed 001, Matthews Correlation Coefficient",
       quote="is a special case of Pearson's correlation for two boolean distributions",
       needs=("matthews_corrcoef",), strategy=binary_pairs(min_size=2))
def _claim_mcc_pearson(t, ex):
    _mcc_pearson(t, ex)


@claim("seed001.f1_count_form", "F1 = 2PR / (P + R) = 2TP / (2TP + FP + FN) (binary, where P and R are defined)",
       source="seed 001, Matthews Correlation Coefficient",
       quote="$F1=\\frac{2PR}{P+R}=\\frac{2TP}{2TP+FP+FN}$",
       needs=("f1:pos_label", "precision:pos_label", "recall:pos_label"),
       strategy=_binary_pairs())
def _claim_f1_forms(t, ex):
    tp, fp, fn, tn = counts(ex.y_true, ex.y_pred, [ex.pos_label])[:, 0]
    if tp + fp == 0 or tp + fn == 0 or tp == 0:
        return
    f = t.f1(ex.y_true, ex.y_pred, pos_label=ex.pos_label)
    p, r = t.precision(ex.y_true, ex.y_pred, pos_label=ex.pos_label), t.recall(ex.y_true, ex.y_pred, pos_label=ex.pos_label)
    expect_close(f, 2 * p * r / (p + r), rtol=1e-12, what="F1 vs 2PR/(P+R)")
    expect_close(f, 2 * tp / (2 * tp + fp + fn), rtol=1e-12, what="F1 vs 2TP/(2TP+FP+FN)")


# seed 004
def _binary_from_counts(tp, fp, fn, tn):
    return labels_from_confusion([[tn, fp], [fn, tp]])  # rows: true 0, 1


@claim("seed004.medical_test", "TP = 5, FP = 3, FN = 4, TN = 8: precision 0.625, recall 0.56, sensitivity 0.56, "
       "specificity 0.73", source="seed 004, Calculating Precision, Sensitivity and Specificity",
       quote="We test 20 patients and the test identifies 8 of them as having the disease.",
       needs=("precision", "recall", "specificity"))
def _claim_medical(t, ex):
    y_true, y_pred = _binary_from_counts(5, 3, 4, 8)
    expect(len(y_true) == 20, "the matrix holds 20 patients")
    expect_printed(t.precision(y_true, y_pred), "0.625", what="precision")
    expect_printed(t.recall(y_true, y_pred), "0.56", what="recall / sensitivity")
    expect_printed(t.specificity(y_true, y_pred), "0.73", what="specificity")


@claim("seed004.search_engine", "TP = 3, FP = 1, FN = 4: precision 0.75, recall 0.43, F1 0.55 (between them)",
       source="seed 004, Search Engine / Calculating F1 Score",
       quote="In this case we have three true positives, so TP=3. There is one false positive, FP=1. And there are "
             "four false negatives, so FN=4.", needs=("precision", "recall", "f1"))
def _claim_search(t, ex):
    y_true, y_pred = _binary_from_counts(3, 1, 4, 0)
    p, r, f = t.precision(y_true, y_pred), t.recall(y_true, y_pred), t.f1(y_true, y_pred)
    expect_printed(p, "0.75", what="precision")
    expect_printed(r, "0.43", what="recall")
    expect_printed(f, "0.55", what="F1")
    expect(min(p, r) <= f <= max(p, r), "F1 between precision and recall")


# pneumonia models: 10 patients, 1 sick; the printed precision and recall fix TP and FP of each model
_PNEUMONIA = [("M1", 0, 0, "9/10", 0.0, "0/0"), ("M2", 1, 2, "8/10", 1 / 2, "1/3"), ("M3", 1, 5, "5/10", 2 / 7, "1/6")]


@claim("seed004.pneumonia_models",
       "with 9 healthy and 1 sick patient, the models with recall 0/1, 1/1, 1/1 and precision 0/0, 1/3, 1/6 have "
       "accuracy 9/10, 8/10, 5/10 and F1 0, 1/2, 2/7",
       source="seed 004, Accuracy / Disease Diagnosis / Calculating F1 Score",
       quote="Accuracy(M₂) = $\\frac{8}{10}$ Accuracy(M₃) = $\\frac{5}{10}$",
       needs=("accuracy", "precision", "recall", "f1", "precision:zero_division"))
def _claim_pneumonia(t, ex):
    for name, tp, fp, acc, f1_value, prec in _PNEUMONIA:
        y_true, y_pred = _binary_from_counts(tp, fp, 1 - tp, 9 - fp)
        num, den = (int(x) for x in acc.split("/"))
        expect_close(t.accuracy(y_true, y_pred), num / den, what=f"accuracy({name})")
        expect_close(t.f1(y_true, y_pred), f1_value, what=f"F1({name})")
        expect_close(t.recall(y_true, y_pred), tp, what=f"recall({name})")
        p = t.precision(y_true, y_pred, zero_division=np.nan)
        pn, pd = (int(x) for x in prec.split("/"))
        expect(is_nan(p) if pd == 0 else np.isclose(p, pn / pd), f"precision({name}) = {p}, printed {prec}")


@claim("seed004.fbeta_count_form", "F-beta = (1 + b^2) PR / (b^2 P + R) = (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP)",
       source="seed 004, F1 Score",
       quote="&= \\frac{\\left(1 + \\beta^{2}\\right) TP}{\\left(1 + \\beta^{2}\\right) TP + \\beta^{2}FN + FP}",
       needs=("fbeta:beta", "fbeta:pos_label", "precision:pos_label", "recall:pos_label"),
       strategy=tuples_with_edges(_binary_pairs(), options(0.5, 2.0, 3.0, name="beta")))
def _claim_fbeta(t, ex):
    pair, beta = ex
    tp, fp, fn, tn = counts(pair.y_true, pair.y_pred, [pair.pos_label])[:, 0]
    if tp == 0:
        return  # the P-R form is 0/0
    b2 = beta * beta
    f = t.fbeta(pair.y_true, pair.y_pred, beta=beta, pos_label=pair.pos_label)
    p = t.precision(pair.y_true, pair.y_pred, pos_label=pair.pos_label)
    r = t.recall(pair.y_true, pair.y_pred, pos_label=pair.pos_label)
    expect_close(f, (1 + b2) * p * r / (b2 * p + r), rtol=1e-12, what="F-beta vs the P-R form")
    expect_close(f, (1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp), rtol=1e-12, what="F-beta vs the count form")


def _binary_counts(ex):
    """(tp, fp, fn, tn) of the positive class of a binary example."""
    return counts(ex.y_true, ex.y_pred, [ex.pos_label])[:, 0]


_ROC_004 = "seed 004, Receiver Operating Characteristic (ROC) Curve"


@claim("seed004.tpr_formula", "True Positive Rate = FP / (number of positives) = TP / (TP + FN)", source=_ROC_004,
       quote="True Positive Rate =\n$$\\frac{FP}{\\text{number of positives}} = \\frac{TP}{TP + FN}$$",
       needs=("recall:pos_label",), strategy=_binary_pairs())
def _claim_tpr(t, ex):
    tp, fp, fn, tn = _binary_counts(ex)
    if tp + fn == 0:
        return
    r = t.recall(ex.y_true, ex.y_pred, pos_label=ex.pos_label)
    expect_close(r, tp / (tp + fn), rtol=1e-12, what="TPR vs TP / (TP + FN)")
    expect_close(r, fp / (tp + fn), rtol=1e-12, what="TPR vs FP / (number of positives)")


@claim("seed004.complements", "FPR = 1 - TNR and TPR = 1 - FNR (binary, where defined)", source=_ROC_004,
       quote="$$FPR = 1 - TNR$$\n\n $TPR = 1 - FNR$", strategy=_binary_pairs(),
       needs=tuple(f"{m}:{k}" for m in ("false_positive_rate", "specificity", "recall", "false_negative_rate")
                   for k in ("pos_label", "zero_division")))
def _claim_complements(t, ex):
    kw = dict(pos_label=ex.pos_label, zero_division=np.nan)
    expect_close(t.false_positive_rate(ex.y_true, ex.y_pred, **kw), 1 - t.specificity(ex.y_true, ex.y_pred, **kw),
                 rtol=1e-12, atol=1e-12, what="FPR vs 1 - TNR")
    expect_close(t.recall(ex.y_true, ex.y_pred, **kw), 1 - t.false_negative_rate(ex.y_true, ex.y_pred, **kw),
                 rtol=1e-12, atol=1e-12, what="TPR vs 1 - FNR")


@claim("seed004.accuracy_formula", "binary accuracy = (TP + TN) / (TP + TN + FP + FN)",
       source="seed 004, Accuracy",
       quote="\\frac{\\text{TP} + \\text{TN}}{\\text{TP} + \\text{TN} + \\text{FP} + \\text{FN}}",
       needs=("accuracy",), strategy=_binary_pairs())
def _claim_accuracy(t, ex):
    tp, fp, fn, tn = _binary_counts(ex)
    expect_close(t.accuracy(ex.y_true, ex.y_pred), (tp + tn) / (tp + tn + fp + fn), rtol=1e-12, what="accuracy")


@claim("seed000.accuracy_bounds", "accuracy lies in [0, 1]", source="seed 000, accuracy: bounds",
       quote="[0, 1], with 0 the worst and 1 the best.", needs=("accuracy",), strategy=label_pairs())
def _claim_acc_bounds(t, ex):
    expect_in_range(t.accuracy(ex.y_true, ex.y_pred), 0.0, 1.0, what="accuracy")
