"""mel-cepstral-distance (PyPI ``mel-cepstral-distance``) under the catalog's name: MCD between cepstra.

``mel_cepstral_distortion(reference, synthesized, include_energy=..., alignment=...)`` is
``mel_cepstral_distance.compare_mfccs(reference.T, synthesized.T, s=s, D=M, aligning=..., dtw_radius=None)``
(the library takes coefficients x frames): ``s = 0`` with the energy coefficient, 1 without; ``D`` all
``M`` coefficients; ``alignment="none"`` is ``aligning="pad"`` on equal frame counts (unequal counts are
refused here, as the catalog refuses them; the library would zero-pad), ``alignment="dtw"`` is
``aligning="dtw"`` with ``dtw_radius=None``, which the library turns into a FastDTW radius of the longer
sequence's length: the exact DTW. The library returns the mean Euclidean norm of the cepstral differences,
without Kubichek's dB factor ``10 / ln 10 * sqrt(2)``; the adapter multiplies by it, the one conversion it
makes (declared in ``CONVENTIONS``). The alignment penalty the library also returns is dropped.
"""

from __future__ import annotations

import math
import warnings as _warnings
from importlib.metadata import version as _version

import numpy as np
from mel_cepstral_distance import compare_mfccs as _compare_mfccs

TARGET_NAME = "mel_cepstral_distance"
VERSION = _version("mel-cepstral-distance")
_DB = 10.0 / math.log(10.0) * math.sqrt(2.0)
CONVENTIONS = {
    "mel_cepstral_distortion": "compare_mfccs(reference.T, synthesized.T, s=0|1, D=M, aligning='pad'|'dtw', "
                               "dtw_radius=None)[0] * 10 / ln 10 * sqrt(2): the library returns the plain "
                               "Euclidean distance, without the dB factor",
}
REFUSAL_ERRORS = (ValueError, AssertionError)


def mel_cepstral_distortion(reference, synthesized, *, include_energy=False, alignment="none"):
    a, b = np.asarray(reference, dtype=np.float64), np.asarray(synthesized, dtype=np.float64)
    if alignment not in ("none", "dtw"):
        raise ValueError(f"alignment: expected 'none' or 'dtw', got {alignment!r}")
    if alignment == "none" and a.ndim == b.ndim == 2 and a.shape[0] != b.shape[0]:
        raise ValueError("synthesized: a different frame count than reference without alignment")
    with _warnings.catch_warnings():
        _warnings.simplefilter("ignore")
        mcd, _penalty = _compare_mfccs(a.T, b.T, s=0 if include_energy else 1, D=a.shape[1] if a.ndim == 2 else 1,
                                       aligning="pad" if alignment == "none" else "dtw", dtw_radius=None)
    return float(mcd) * _DB
