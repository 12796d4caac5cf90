"""hdbscan's ``validity_index`` (DBCV) under the catalog's name.

``dbcv(X, labels, metric=...)`` is ``hdbscan.validity.validity_index(X,
labels, metric=metric)`` with ``d`` left at its default (hdbscan reads ``d``
only for precomputed distances and otherwise uses the number of features, as
the paper does). Labels are passed as integers as given; -1 is noise.

The library's conventions (hdbscan 0.8.44, ``hdbscan/validity.py``):

* all-points core distance within each cluster, mutual reachability, one
  minimum spanning tree per cluster, internal nodes = nodes of degree > 1;
  sparseness = the largest internal edge, separation = the smallest mutual
  reachability between internal nodes of two clusters, as Moulavi et al.;
* ties among equal-weight MST edges follow the input order of the points
  (the catalog breaks them towards the denser point, so that the value does
  not depend on the order of the points);
* a 2-point cluster has one internal node (the catalog, as the authors' code:
  both);
* one cluster, or a cluster of one point, is not refused: NaN with a
  RuntimeWarning, or a ValueError from inside.
"""

from __future__ import annotations

import warnings as _warnings
from importlib.metadata import version as _version

import numpy as np
from hdbscan.validity import validity_index as _validity_index

TARGET_NAME = "hdbscan"
VERSION = _version("hdbscan")
CONVENTIONS = {
    "dbcv": "hdbscan.validity.validity_index(X, labels, metric=metric); d = number of features",
    "mst ties": "equal mutual-reachability edges taken in the input order of the points",
    "two-point clusters": "one internal node (the authors' code and the catalog: both)",
}


def dbcv(X, labels, *, metric="euclidean"):
    with _warnings.catch_warnings():
        _warnings.simplefilter("ignore", RuntimeWarning)
        return float(_validity_index(np.asarray(X, dtype=np.float64), np.asarray(labels), metric=metric))
