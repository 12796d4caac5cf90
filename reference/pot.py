"""POT (Python Optimal Transport) under the catalog's name: the 1-D Wasserstein-p distance.

``wasserstein_distance(u, v, u_weights, v_weights, p=p)`` is
``ot.wasserstein_1d(u, v, u_weights, v_weights, p=p) ** (1 / p)``: POT returns
the optimal transport cost, integral |F^-1 - G^-1|^p, which is W_p to the power p
(its documentation says so); the catalog returns W_p. POT reads the weights as
probability masses: it does not normalise them, and weights of different totals
give a transport cost of mismatched masses (u_weights [1], v_weights [1, 1] turns
W_1 = 0.5 into 1.0). The adapter takes the p-th root and divides each weight
vector by its sum, the two conversions it makes, declared in ``CONVENTIONS``;
``None`` means uniform (POT's 1/n).
"""

from __future__ import annotations

import warnings as _warnings

import numpy as np
import ot

TARGET_NAME = "pot"
VERSION = ot.__version__
CONVENTIONS = {
    "wasserstein_distance": "ot.wasserstein_1d(u, v, u_weights / sum, v_weights / sum, p=p) ** (1 / p): POT returns "
                            "W_p^p and takes the weights as probability masses (no normalisation)",
}


def _masses(weights):
    if weights is None:
        return None
    w = np.asarray(weights, dtype=np.float64)
    total = w.sum()
    return w / total if total > 0 else w  # a zero total is passed on: how POT handles it is the audit's question


def wasserstein_distance(u_values, v_values, u_weights=None, v_weights=None, *, p=1):
    with _warnings.catch_warnings():
        _warnings.simplefilter("ignore")
        cost = ot.wasserstein_1d(np.asarray(u_values, dtype=np.float64), np.asarray(v_values, dtype=np.float64),
                                 _masses(u_weights), _masses(v_weights), p=p)
    return float(cost) ** (1.0 / p)
