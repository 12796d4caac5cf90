"""imbalanced-learn (``imblearn.metrics``) under the catalog's names: its metrics for imbalanced classification.

- ``geometric_mean_score`` is imbalanced-learn's function of the same name, with both of its conventions:
  ``average="multiclass"`` (its default: the geometric mean of the per-class recalls) and the one-vs-rest
  averages ``None``, ``"binary"``, ``"micro"``, ``"macro"``, ``"weighted"`` (``sqrt(sensitivity * specificity)``
  of the averaged rates). ``correction`` keeps its default 0 (a recall of 0 stays 0).
- ``recall`` is ``sensitivity_score`` and ``specificity`` is ``specificity_score`` (both are
  ``sensitivity_specificity_support`` with one of its two arrays kept).
- ``index_balanced_accuracy`` is ``make_index_balanced_accuracy(alpha=, squared=)`` decorating imbalanced-learn's
  ``geometric_mean_score``: ``(1 + alpha (sensitivity - specificity)) * G-mean^2`` (``squared=True``) or
  ``* G-mean`` (``squared=False``), the G-mean the one-vs-rest one of the same ``average``.
- ``macro_averaged_mean_absolute_error`` is the function of the same name.

The undefined rates (0/0) are 0, as scikit-learn's ``_prf_divide`` makes them, with a warning, which the adapter
silences: ``zero_division`` 0.0 only (``SUPPORTS``). Not mapped: ``sensitivity_specificity_support`` (the three
arrays at once: the catalog has recall and specificity, read off it by the two score functions above) and
``classification_report_imbalanced`` (a text or dict report of per-class precision, recall, specificity, F1,
G-mean, IBA and support, each one the functions above or scikit-learn's; no catalog name is a report).
"""

from __future__ import annotations

import warnings
from importlib.metadata import version as _version

import numpy as np
from imblearn import metrics as _im

from properties.engine.vocabulary.reproduce import library_call

TARGET_NAME = "imblearn"
VERSION = _version("imbalanced-learn")
CONVENTIONS = {
    "library": f"imbalanced-learn {VERSION}: imblearn.metrics",
    "zero_division": "an undefined rate (0/0) is 0 (scikit-learn's _prf_divide, its warning silenced); the "
    "catalog's zero_division only as 0.0",
    "geometric_mean_score": "imbalanced-learn's own, average='multiclass' (its default, sp.stats.gmean of the "
    "recalls, correction=0) or one of the one-vs-rest averages (sqrt(sensitivity * specificity) of the rates "
    "that sensitivity_specificity_support averages)",
    "recall / specificity": "sensitivity_score / specificity_score",
    "index_balanced_accuracy": "make_index_balanced_accuracy(alpha=, squared=)(geometric_mean_score) called with "
    "the same average: (1 + alpha (sensitivity - specificity)) times the G-mean (squared or not), the rates "
    "averaged first",
    "macro_averaged_mean_absolute_error": "the function of the same name: the mean of the per-class MAE over the "
    "classes of y_true and y_pred",
}


def integral_labels(args, kwargs) -> bool:
    """A declared domain (``DOMAINS[name] = {"where": integral_labels}``): labels that are classes to scikit-learn's
    ``type_of_target`` (integral numbers), which macro_averaged_mean_absolute_error's ``_check_targets`` requires: it
    refuses non-integral floats as "continuous" targets (``macro_averaged_mean_absolute_error([0, -1.5], [0, 1])``
    raises ValueError), while the catalog's ordinal classes may be any reals. Bad input (NaN, strings, shapes) stays
    inside the domain, where the spec checks that it is refused."""
    for name, value in zip(("y_true", "y_pred"), args):
        try:
            values = np.asarray(kwargs.get(name, value), dtype=float)
        except (TypeError, ValueError):
            return True
        finite = values[np.isfinite(values)]
        if finite.size and not np.array_equal(finite, np.round(finite)):
            return False
    return True


DOMAINS = {"macro_averaged_mean_absolute_error": {"where": integral_labels}}
_ZERO = {"zero_division": lambda value: isinstance(value, float) and value == 0.0}
SUPPORTS = {name: dict(_ZERO) for name in ("recall", "specificity", "geometric_mean_score",
                                           "index_balanced_accuracy")}


def _quiet(call, *args, **kwargs):
    """The library's call with its warnings (an undefined rate set to 0, a class missing) silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return library_call(call, *args, **kwargs)


def _value(value):
    return float(value) if np.ndim(value) == 0 else np.asarray(value, dtype=np.float64)


def _rate(function, y_true, y_pred, labels, pos_label, average, sample_weight, zero_division):
    del zero_division  # 0.0 only (SUPPORTS): imbalanced-learn's 0/0 is 0
    return _value(_quiet(function, y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                         sample_weight=sample_weight))


def recall(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0):
    return _rate(_im.sensitivity_score, y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)


def specificity(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None,
                zero_division=0.0):
    return _rate(_im.specificity_score, y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)


def geometric_mean_score(y_true, y_pred, *, labels=None, pos_label=1, average="multiclass", sample_weight=None,
                         zero_division=0.0):
    return _rate(_im.geometric_mean_score, y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)


def index_balanced_accuracy(y_true, y_pred, *, alpha=0.1, squared=True, labels=None, pos_label=1, average="binary",
                            sample_weight=None, zero_division=0.0):
    del zero_division  # 0.0 only (SUPPORTS)
    # the decorator is built per call: alpha and squared are its arguments, and it checks neither
    scored = _im.make_index_balanced_accuracy(alpha=alpha, squared=squared)(_im.geometric_mean_score)
    return _value(_quiet(scored, y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                         sample_weight=sample_weight))


def macro_averaged_mean_absolute_error(y_true, y_pred, *, sample_weight=None):
    return float(_quiet(_im.macro_averaged_mean_absolute_error, y_true, y_pred, sample_weight=sample_weight))
