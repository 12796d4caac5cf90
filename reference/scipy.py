"""scipy under the catalog's names: correlation coefficients, entropy and KL divergence, W_1 and the sqrtm FID.

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
    "wasserstein_distance": "scipy.stats.wasserstein_distance: W_1 only (p=1)",
    "frechet_distance": ("the textbook route that pytorch-fid, clean-fid and torch-fidelity take: np.cov (ddof=1) and "
                         "the real part of scipy.linalg.sqrtm(S1 @ S2), no offset added"),
}
SUPPORTS: dict[str, dict[str, tuple]] = {"wasserstein_distance": {"p": (1, 1.0)}}


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


def wasserstein_distance(u_values, v_values, u_weights=None, v_weights=None, *, p=1):
    if p != 1:
        raise ValueError(f"p: scipy.stats.wasserstein_distance is W_1 only, got p={p!r}")
    return float(stats.wasserstein_distance(u_values, v_values, u_weights, v_weights))


def frechet_distance_from_statistics(mu_1, sigma_1, mu_2, sigma_2):
    from scipy import linalg

    mu_1, mu_2 = np.atleast_1d(mu_1), np.atleast_1d(mu_2)
    sigma_1, sigma_2 = np.atleast_2d(sigma_1), np.atleast_2d(sigma_2)
    root = _quiet(lambda: linalg.sqrtm(sigma_1 @ sigma_2))
    diff = mu_1 - mu_2
    return float(diff @ diff + np.trace(sigma_1) + np.trace(sigma_2) - 2 * np.trace(np.real(root)))


def frechet_distance(features_1, features_2):
    f1, f2 = np.asarray(features_1, dtype=np.float64), np.asarray(features_2, dtype=np.float64)
    return frechet_distance_from_statistics(f1.mean(axis=0), np.cov(f1, rowvar=False), f2.mean(axis=0),
                                            np.cov(f2, rowvar=False))


CONVENTIONS["jensen_shannon_divergence"] = ("scipy.spatial.distance.jensenshannon(p, q, base) squared (SciPy returns the "
                                            "distance, the square root of the divergence)")


def jensen_shannon_divergence(p, q, *, base=None):
    from scipy.spatial import distance

    return _quiet(lambda: float(distance.jensenshannon(np.asarray(p, dtype=float), np.asarray(q, dtype=float),
                                                       base=base)) ** 2)


CONVENTIONS["cosine_similarity"] = "1 - scipy.spatial.distance.cosine(u, v) (no rescaling: the squares may over- or underflow)"


def cosine_similarity(y_true, y_pred):
    from scipy.spatial import distance

    return 1.0 - float(_quiet(lambda: distance.cosine(np.asarray(y_true, dtype=float), np.asarray(y_pred, dtype=float))))


CONVENTIONS["minkowski_distance"] = "scipy.spatial.distance.minkowski(u, v, p) (p = inf: the largest difference)"


def minkowski_distance(y_true, y_pred, *, p=2.0):
    from scipy.spatial import distance

    u, v = np.asarray(y_true, dtype=float), np.asarray(y_pred, dtype=float)
    if math.isinf(p):  # scipy's minkowski refuses p = inf; its chebyshev is the same limit
        return float(distance.chebyshev(u, v))
    return float(distance.minkowski(u, v, p))
