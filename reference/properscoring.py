"""properscoring under the catalog's name for the CRPS of an ensemble forecast: ``properscoring.crps_ensemble(
observations, forecasts)``, one score per observation (the members on the last axis), of the ensemble's
empirical distribution (the catalog's ``estimator="plain"``; properscoring has no fair estimator). The adapter
takes their mean.
"""

from __future__ import annotations

from importlib.metadata import version as _version

import numpy as np
import properscoring

from properties.engine.vocabulary.reproduce import library_call

TARGET_NAME = "properscoring"
VERSION = _version("properscoring")
CONVENTIONS = {
    "crps.estimator": "the empirical distribution's CRPS only (plain); no fair estimator",
    "crps.mean": "crps_ensemble scores each observation; the adapter's mean over them is the catalog's value; no "
    "sample weights (properscoring's weights= weight members, not samples)",
}
SUPPORTS = {"continuous_ranked_probability_score": {"estimator": ("plain",)}}


def continuous_ranked_probability_score(y_true, y_ensemble, *, estimator="plain"):
    del estimator  # "plain" only (SUPPORTS)
    scores = library_call(properscoring.crps_ensemble, np.asarray(y_true), np.asarray(y_ensemble))
    return float(np.mean(scores))
