"""Toy targets for four false alarms of issue 44 (item 4, mechanisms 3 to 6), one namespace each.

Each is the catalog's own function with one decision of a real library changed: a library that takes only
string tokens, one that takes only probability rows, an adapter that returns a dict inside a tuple, a library
that computes the right quantity with a tiny rounding, one that reports no threshold for an operating point.
Audited as ``tests.targets.false_alarms:<NAME>``; ``tests/test_false_alarms_forms.py`` holds them to the
report the audit must give.
"""

from __future__ import annotations

import types

import numpy as np

import metrics


def _string_tokens_only(fn):
    def checked(reference, hypothesis):
        for tokens in (reference, hypothesis):
            if not all(isinstance(token, str) for token in tokens):
                raise TypeError("tokens must be strings")
        return fn(reference, hypothesis)

    return checked


def _string_tokens(declared: bool):
    return types.SimpleNamespace(TARGET_NAME="string_tokens", VERSION="test",
                                 wer=_string_tokens_only(metrics.wer),
                                 **({"INPUT_FORMS": {"token_ids": False}} if declared else {}))


#: WER of string tokens only (integer ids are refused with TypeError), declared / not declared
STRING_TOKENS = _string_tokens(True)
STRING_TOKENS_UNDECLARED = _string_tokens(False)


def _rows_only(y_true, y_proba, *, normalize=True, sample_weight=None, labels=None):
    if np.ndim(y_proba) != 2:
        raise ValueError("y_proba must be 2-D: one probability row per sample")
    return metrics.log_loss(y_true, y_proba, normalize=normalize, sample_weight=sample_weight, labels=labels)


def _proba_rows(declared: bool):
    return types.SimpleNamespace(TARGET_NAME="proba_rows", VERSION="test", log_loss=_rows_only,
                                 **({"INPUT_FORMS": {"binary_proba_1d": False}} if declared else {}))


#: log loss of (n, k) probability rows only (1-D probabilities refused with ValueError)
PROBA_ROWS = _proba_rows(True)
PROBA_ROWS_UNDECLARED = _proba_rows(False)


def _roc_curve_with_a_dict(y_true, y_score):
    fpr, tpr, thresholds = metrics.roc_curve(y_true, y_score)
    return {"fpr": fpr}, tpr, thresholds


def _accuracy_as_a_dict(y_true, y_pred):
    return {"accuracy": metrics.accuracy(y_true, y_pred)}


#: an adapter that returns a dict where the catalog returns an array (inside the curve's tuple) or a number
WRONG_RETURN_TYPE = types.SimpleNamespace(TARGET_NAME="wrong_return_type", VERSION="test",
                                          roc_curve=_roc_curve_with_a_dict, accuracy=_accuracy_as_a_dict)


def _mse_rounded(y_true, y_pred, *, sample_weight=None):
    return metrics.mean_squared_error(y_true, y_pred, sample_weight=sample_weight) * (1 + 1e-8)


def _mse_off(y_true, y_pred, *, sample_weight=None):
    return metrics.mean_squared_error(y_true, y_pred, sample_weight=sample_weight) * 1.01 + 1e-3


#: mean squared error off by 1e-8 relative: a rounding-level discrepancy (the definition's rtol is 1e-9)
ROUNDING = types.SimpleNamespace(TARGET_NAME="rounding", VERSION="test", mean_squared_error=_mse_rounded)
#: the same with a real error (1 % and 1e-3): a wrong value
MSE_OFF = types.SimpleNamespace(TARGET_NAME="mse_off", VERSION="test", mean_squared_error=_mse_off)


def _recall_without_threshold(shift: float):
    def recall_at_fixed_precision(y_true, y_score, *, min_precision):
        value, _ = metrics.recall_at_fixed_precision(y_true, y_score, min_precision=min_precision)
        return min(1.0, value + shift), float("nan")  # the library reports the value only

    return recall_at_fixed_precision


def _no_threshold(shift: float, declared: bool = True):
    return types.SimpleNamespace(TARGET_NAME="no_threshold", VERSION="test",
                                 recall_at_fixed_precision=_recall_without_threshold(shift),
                                 precision_recall_curve=metrics.precision_recall_curve,
                                 **({"NO_THRESHOLD": ("recall_at_fixed_precision",)} if declared else {}))


#: recall at fixed precision, right, with a NaN threshold: declared, and not declared
NO_THRESHOLD = _no_threshold(0.0)
NO_THRESHOLD_UNDECLARED = _no_threshold(0.0, declared=False)
#: the same declaration, with a value 0.25 too high
NO_THRESHOLD_WRONG_VALUE = _no_threshold(0.25)


def _per_label_without_threshold(shift: float):
    def multilabel_recall_at_fixed_precision(y_true, y_score, *, min_precision):
        points = metrics.multilabel_recall_at_fixed_precision(y_true, y_score, min_precision=min_precision)
        return [(min(1.0, value + shift), float("nan")) for value, _ in points]

    return multilabel_recall_at_fixed_precision


def _multilabel_no_threshold(shift: float, declared: bool = True):
    return types.SimpleNamespace(
        TARGET_NAME="multilabel_no_threshold", VERSION="test",
        multilabel_recall_at_fixed_precision=_per_label_without_threshold(shift),
        **({"NO_THRESHOLD": ("multilabel_recall_at_fixed_precision",)} if declared else {}))


#: the per-label form: right values with NaN thresholds (declared, not declared), and values 0.25 too high
MULTILABEL_NO_THRESHOLD = _multilabel_no_threshold(0.0)
MULTILABEL_NO_THRESHOLD_UNDECLARED = _multilabel_no_threshold(0.0, declared=False)
MULTILABEL_NO_THRESHOLD_WRONG_VALUE = _multilabel_no_threshold(0.25)


def _accuracy_of_flattened(y_true, y_pred):
    return metrics.accuracy(np.ravel(y_true), np.ravel(y_pred))


def _label_images(declared: bool):
    return types.SimpleNamespace(TARGET_NAME="label_images", VERSION="test", accuracy=_accuracy_of_flattened,
                                 **({"INPUT_FORMS": {"label_images": True}} if declared else {}))


#: accuracy of label images: 2-D labels are scored as their flattened labels, by design (declared, not declared)
LABEL_IMAGES = _label_images(True)
LABEL_IMAGES_UNDECLARED = _label_images(False)


def _integer_labels_only(y_true, y_pred, *, sample_weight=None):
    if np.asarray(y_true).dtype.kind not in "biu" or np.asarray(y_pred).dtype.kind not in "biu":
        raise TypeError("labels must be integers")
    return metrics.accuracy(y_true, y_pred, sample_weight=sample_weight)


def _one_dimensional_only(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None, scale_by_half="auto"):
    if np.ndim(y_proba) != 1:
        raise ValueError("y_proba must be 1-D: the probability of the positive class")
    return metrics.brier_score_loss(y_true, y_proba, sample_weight=sample_weight, pos_label=pos_label, labels=labels,
                                    scale_by_half=scale_by_half)


def _wer_of_strings_too(reference, hypothesis):
    return metrics.wer(*(text.split() if isinstance(text, str) else text for text in (reference, hypothesis)))


def _declaring(name: str, declaration: dict | None, **functions):
    return types.SimpleNamespace(TARGET_NAME=name, VERSION="test", **functions,
                                 **({"INPUT_FORMS": declaration} if declaration else {}))


#: form -> (the library declaring it, the same library not declaring it): accuracy of integer labels only,
#: a Brier score of 1-D probabilities only, a WER that splits a string given for a token sequence
FORM_TOYS = {
    "string_labels": tuple(_declaring("integer_labels", d, accuracy=_integer_labels_only)
                           for d in ({"string_labels": False}, None)),
    "proba_rows": tuple(_declaring("one_dimensional_brier", d, brier_score_loss=_one_dimensional_only)
                        for d in ({"proba_rows": False}, None)),
    "text_strings": tuple(_declaring("wer_of_strings", d, wer=_wer_of_strings_too)
                          for d in ({"text_strings": True}, None)),
}
