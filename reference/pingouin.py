"""pingouin under the catalog's correlation names: ``pingouin.corr(x, y, method=...)`` for pearson, spearman and
kendall_tau (tau-b: pingouin calls ``scipy.stats.kendalltau``'s default), the coefficient read from the ``r``
column of the one-row frame it returns. The frame's other columns (n, CI95, p-value, Bayes factor, power) are
not checked; the warnings their computation gives for small samples are silenced.
"""

from __future__ import annotations

import warnings
from importlib.metadata import version as _version

import numpy as np
import pingouin

from properties.engine.vocabulary.reproduce import library_call

TARGET_NAME = "pingouin"
VERSION = _version("pingouin")
CONVENTIONS = {
    "correlation.result": "the r column of pingouin.corr's one-row DataFrame; the warnings pingouin gives while "
    "computing the CI, p-value and power of a small sample are silenced",
    "kendall_tau.variant": "tau-b only (pingouin passes no variant to scipy.stats.kendalltau)",
}
SUPPORTS = {"kendall_tau": {"variant": ("b",)}}


def _r(x, y, method):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        frame = library_call(pingouin.corr, np.asarray(x), np.asarray(y), method=method)
    return float(frame["r"].iloc[0])


def pearson(x, y):
    return _r(x, y, "pearson")


def spearman(x, y):
    return _r(x, y, "spearman")


def kendall_tau(x, y, *, variant="b"):
    del variant  # "b" only (SUPPORTS)
    return _r(x, y, "kendall")
