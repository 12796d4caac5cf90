"""statsmodels under the catalog's names: the forecast-error measures of ``statsmodels.tools.eval_measures`` and
Cohen's kappa of ``statsmodels.stats.inter_rater``.

- ``eval_measures``: mean_squared_error (``mse``), root_mean_squared_error (``rmse``), mean_absolute_error
  (``meanabs``), median_absolute_error (``medianabs``) and max_error (``maxabs``). Each takes ``(x1, x2,
  axis=0)`` and returns one value per column of a 2-D input: that is ``multioutput="raw_values"``; the adapter
  averages the columns for ``"uniform_average"``. No sample weights.
- ``inter_rater.cohens_kappa`` takes a square contingency table, not two label vectors: the adapter counts the
  table over the sorted union of the labels of ``y1`` (rows) and ``y2`` (columns) and passes it on. ``weights``
  maps to statsmodels' ``wt`` ("linear", "quadratic"; statsmodels' own names for them are "ca" and "fc"), which
  weights the classes by their position in that order, as the catalog does.
"""

from __future__ import annotations

import math
from importlib.metadata import version as _version

import numpy as np
from statsmodels.stats import inter_rater
from statsmodels.tools import eval_measures

from properties.engine.vocabulary.reproduce import library_call

TARGET_NAME = "statsmodels"
VERSION = _version("statsmodels")
CONVENTIONS = {
    "regression.multioutput": "eval_measures returns one value per column (axis=0): raw_values; the adapter takes "
    "their mean for uniform_average; no output weights, no sample weights",
    "cohen_kappa.table": "the adapter counts the contingency table over the sorted union of both label sets "
    "(np.unique) and hands it to cohens_kappa; the labels' checks (1-D, one length, finite, one kind) are the "
    "adapter's, statsmodels sees only the table; weights='linear'/'quadratic' pass as wt=; no labels=, no "
    "sample_weight, undefined kappa as statsmodels gives it (replace_undefined_by only nan)",
}
_AVERAGES = ("raw_values", "uniform_average")
SUPPORTS = {
    **{name: {"multioutput": lambda value: isinstance(value, str) and value in _AVERAGES}
       for name in ("mean_squared_error", "root_mean_squared_error", "mean_absolute_error",
                    "median_absolute_error")},
    "cohen_kappa": {"replace_undefined_by": lambda value: isinstance(value, float) and math.isnan(value)},
}


def _pair(y_true, y_pred):
    return np.asarray(y_true), np.asarray(y_pred)


def _per_column(measure, y_true, y_pred, multioutput):
    y_true, y_pred = _pair(y_true, y_pred)
    raw = library_call(measure, y_true, y_pred, axis=0)
    if multioutput == "raw_values":
        return np.atleast_1d(raw)
    return float(np.mean(raw)) if np.ndim(raw) else float(raw)


def mean_squared_error(y_true, y_pred, *, multioutput="uniform_average"):
    return _per_column(eval_measures.mse, y_true, y_pred, multioutput)


def root_mean_squared_error(y_true, y_pred, *, multioutput="uniform_average"):
    return _per_column(eval_measures.rmse, y_true, y_pred, multioutput)


def mean_absolute_error(y_true, y_pred, *, multioutput="uniform_average"):
    return _per_column(eval_measures.meanabs, y_true, y_pred, multioutput)


def median_absolute_error(y_true, y_pred, *, multioutput="uniform_average"):
    return _per_column(eval_measures.medianabs, y_true, y_pred, multioutput)


def max_error(y_true, y_pred):
    y_true, y_pred = _pair(y_true, y_pred)
    return float(library_call(eval_measures.maxabs, y_true, y_pred, axis=0))


def _table(y1, y2):
    """The square contingency table of two labelings over the sorted union of their labels.

    statsmodels never sees the labels, only this table: the checks a labeling needs are the adapter's, so that
    a bad labeling is not reported as statsmodels accepting it (a NaN would be a class of its own, and 0 and
    "0" one class once NumPy joins an int and a str array).
    """
    y1, y2 = np.asarray(y1), np.asarray(y2)
    if y1.shape != y2.shape or y1.ndim != 1:
        raise ValueError(f"y1 and y2: two 1-D labelings of one length, got shapes {y1.shape} and {y2.shape}")
    for name, y in (("y1", y1), ("y2", y2)):
        if y.dtype.kind == "f" and not np.isfinite(y).all():
            raise ValueError(f"{name}: labels must be finite (NaN or inf found)")
    if (y1.dtype.kind in "US") != (y2.dtype.kind in "US") and y1.size:
        raise ValueError(f"y1 and y2: labels of different kinds ({y1.dtype} and {y2.dtype})")
    classes, codes = np.unique(np.concatenate([y1, y2]), return_inverse=True)
    k = classes.size
    return np.bincount(codes[: y1.size] * k + codes[y1.size:], minlength=k * k).reshape(k, k)


def cohen_kappa(y1, y2, *, weights=None, replace_undefined_by=math.nan):
    del replace_undefined_by  # nan only (SUPPORTS): what statsmodels gives is what is checked
    table = _table(y1, y2)
    return float(library_call(inter_rater.cohens_kappa, table, wt=weights, return_results=False))
