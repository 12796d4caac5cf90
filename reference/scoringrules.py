"""scoringrules under the catalog's name for the CRPS of an ensemble forecast: ``scoringrules.crps_ensemble(obs,
fct)``, which gives one score per observation (the members on the last axis); the adapter takes their mean.

``estimator="plain"`` (the catalog's default, the CRPS of the ensemble's empirical distribution) is scoringrules'
default estimator, ``"qd"`` (the quantile decomposition, equal to the energy form ``"nrg"``); ``"fair"`` is its
``"fair"``. The NumPy backend (``backend="numpy"``), so that numba's absence or presence changes nothing.
"""

from __future__ import annotations

from importlib.metadata import version as _version

import numpy as np
import scoringrules

from properties.engine.vocabulary.reproduce import library_call

TARGET_NAME = "scoringrules"
VERSION = _version("scoringrules")
CONVENTIONS = {
    "crps.estimator": "plain -> scoringrules' default estimator 'qd' (the empirical distribution's CRPS), fair -> "
    "'fair'; backend='numpy'",
    "crps.mean": "crps_ensemble scores each observation; the adapter's mean over them is the catalog's value; no "
    "sample weights (scoringrules' ens_w weights members, not samples)",
}
_ESTIMATORS = {"plain": "qd", "fair": "fair"}
SUPPORTS = {"continuous_ranked_probability_score": {"estimator": tuple(_ESTIMATORS)}}


def continuous_ranked_probability_score(y_true, y_ensemble, *, estimator="plain"):
    scores = library_call(scoringrules.crps_ensemble, np.asarray(y_true), np.asarray(y_ensemble),
                          estimator=_ESTIMATORS[estimator], backend="numpy")
    return float(np.mean(scores))
