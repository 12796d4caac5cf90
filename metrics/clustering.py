"""Clustering metrics: agreement between two labelings, and the quality of one labeling of points.

Two groups, each in a module of its own, gathered here as one catalog family:

* ``metrics/_cluster_counts.py``, comparing a labeling with the ground truth
  (or two labelings): contingency table, pair confusion matrix, Rand index and
  adjusted Rand index (pair counting, exact integers), mutual information,
  NMI under each mean of the entropies, adjusted MI (Vinh et al. 2010),
  homogeneity, completeness, V-measure, Fowlkes-Mallows;
* ``metrics/_cluster_geometry.py``, scoring a labeling of points without
  ground truth: silhouette (per sample and mean; any distance, or precomputed
  distances), Calinski-Harabasz, Davies-Bouldin, and DBCV (Moulavi et al. 2014).
"""

from __future__ import annotations

from . import _cluster_counts, _cluster_geometry
from ._cluster_counts import *  # noqa: F401,F403 - the catalog names, listed in __all__
from ._cluster_geometry import *  # noqa: F401,F403

__all__ = [*_cluster_counts.__all__, *_cluster_geometry.__all__]

CONVENTIONS = {**getattr(_cluster_counts, "CONVENTIONS", {}), **getattr(_cluster_geometry, "CONVENTIONS", {})}
