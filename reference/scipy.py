"""scipy.stats under the catalog's names: correlation coefficients, entropy and KL divergence.

Conventions (declared in ``CONVENTIONS``): scipy returns only the statistic
here (p-values dropped); constant input gives nan with a ConstantInputWarning
(silenced, the nan is the convention the catalog documents too); the
distributions handed to ``entropy`` are normalised by scipy itself, which
the catalog also does after checking that they sum to 1.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import scipy
from scipy import stats

TARGET_NAME = "scipy"
VERSION = scipy.__version__
CONVENTIONS: dict[str, str] = {
    "correlation.constant_input": "nan (ConstantInputWarning silenced)",
    "spearman.ties": "average ranks",
    "kendall_tau.variant": "tau-b default, tau-c via variant='c'",
    "entropy.base": "None = nats",
    "nan_policy": "'raise' where scipy offers it (spearmanr, kendalltau, entropy): NaN refused as in the catalog",
    "cross_entropy": "H(p) + KL(p || q) from scipy.stats.entropy (scipy has no direct cross-entropy)",
}


def _quiet(call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            return call()


def pearson(x, y):
    return float(_quiet(lambda: stats.pearsonr(x, y).statistic))


def spearman(x, y):
    return float(_quiet(lambda: stats.spearmanr(x, y, nan_policy="raise").statistic))


def kendall_tau(x, y, *, variant="b"):
    return float(_quiet(lambda: stats.kendalltau(x, y, variant=variant, nan_policy="raise").statistic))


def entropy(p, *, base=None):
    return float(_quiet(lambda: stats.entropy(p, base=base, nan_policy="raise")))


def kl_divergence(p, q, *, base=None):
    return float(_quiet(lambda: stats.entropy(p, q, base=base, nan_policy="raise")))


def cross_entropy(p, q, *, base=None):
    kl = kl_divergence(p, q, base=base)
    return math.inf if math.isinf(kl) else entropy(p, base=base) + kl
