"""PyTorch-Ignite's GAN metrics under the catalog's names: FID from statistics and the Inception Score.

* ``frechet_distance_from_statistics`` is ``ignite.metrics.gan.fid.fid_score(mu1, mu2, sigma1, sigma2)``
  (its argument order; float64 CPU tensors): the real part of ``scipy.linalg.sqrtm(sigma1 @ sigma2)``,
  an imaginary part above 1e-3 on the diagonal raised as ValueError, a non-finite square root replaced by
  ``sum(sqrt(diag(sigma1) * diag(sigma2)))``.
* ``inception_score`` is ``ignite.metrics.gan.InceptionScore`` with an identity feature extractor and
  ``num_features = C``, fed the probability rows (float64) in one ``update``: ignite computes one split
  (``SUPPORTS``: splits=1), with ``log(p + 1e-16)``; the standard deviation over one split is 0.
* ignite's ``FID`` metric class takes equal numbers of real and generated rows only, so
  ``frechet_distance`` (two feature sets of any sizes) is not exposed.
"""

from __future__ import annotations

import warnings as _warnings
from typing import NamedTuple

import ignite
import numpy as np
import torch
from ignite.metrics.gan import InceptionScore as _InceptionScore
from ignite.metrics.gan.fid import fid_score as _fid_score

TARGET_NAME = "ignite"
VERSION = ignite.__version__
CONVENTIONS = {
    "runtime": f"pytorch-ignite {ignite.__version__}, torch {torch.__version__} (CPU), float64 tensors",
    "frechet_distance_from_statistics": "ignite.metrics.gan.fid.fid_score(mu1, mu2, sigma1, sigma2), eps=1e-6",
    "inception_score": "InceptionScore(num_features=C, feature_extractor=Identity()): one split, log(p + 1e-16)",
}
SUPPORTS: dict[str, dict[str, tuple]] = {"inception_score": {"splits": (1,)}}
REFUSAL_ERRORS = (ValueError, TypeError, RuntimeError)

torch.set_num_threads(1)


class InceptionScore(NamedTuple):
    mean: float
    std: float


def _double(values) -> torch.Tensor:
    return torch.from_numpy(np.array(values, dtype=np.float64))


def frechet_distance_from_statistics(mu_1, sigma_1, mu_2, sigma_2):
    with _warnings.catch_warnings():
        _warnings.simplefilter("ignore")
        return float(_fid_score(_double(mu_1), _double(mu_2), _double(sigma_1), _double(sigma_2)))


def inception_score(probabilities, *, splits=1):
    if splits != 1:
        raise ValueError(f"splits: ignite's InceptionScore computes one split, got splits={splits!r}")
    rows = _double(probabilities)
    metric = _InceptionScore(num_features=rows.shape[-1] if rows.ndim == 2 else None,
                             feature_extractor=torch.nn.Identity())
    metric.update(rows)
    return InceptionScore(float(metric.compute()), 0.0)
