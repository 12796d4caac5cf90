"""Clustered points: a data matrix ``X`` (n samples x d features) and one cluster label per row.

The input of the clustering metrics without ground truth (silhouette,
Calinski-Harabasz, Davies-Bouldin, DBCV). Coordinates are integers on a small
grid, held as float64: translations by integers, rotations by multiples of 90
degrees and scalings by powers of two are then exact, so invariances can be
checked at rounding tolerance. Every example has at least two clusters of at
least two points (so ``2 <= n_labels <= n_samples - 1``, where the silhouette is
defined, and DBCV has two clusters to separate), and no two points coincide
(DBCV's core distances divide by the distance to each neighbour).
"""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import strategies as st

from . import InputShape, integer_recasts, list_recast, literal

MAX_POINTS = 16
MAX_FEATURES = 3
#: coordinates 0..GRID
GRID = 40


@dataclasses.dataclass(frozen=True, repr=False)
class ClusteredPoints:
    X: np.ndarray
    labels: np.ndarray

    def __repr__(self) -> str:
        return f"ClusteredPoints(X={literal(self.X)}, labels={literal(self.labels)})"

    @property
    def n(self) -> int:
        return int(self.X.shape[0])


def _build(rows, d, singletons=True):
    seen, X, labels = set(), [], []
    for coords, label in rows:
        point = tuple(coords[:d])
        if point in seen:
            continue  # distinct points only
        seen.add(point)
        X.append(point)
        labels.append(label)
    labels = np.array(labels, dtype=np.int64)
    # two clusters of two points at least (DBCV needs them; the silhouette then has 2 <= k <= n - 1)
    sizes = np.unique(labels, return_counts=True)[1]
    if np.count_nonzero(sizes >= 2) < 2 and len(labels) >= 4:
        labels[:2] = labels[0]
        labels[2:4] = labels[0] + 1
    if not singletons:
        values, sizes = np.unique(labels, return_counts=True)
        labels[np.isin(labels, values[sizes == 1])] = values[np.argmax(sizes)]
    return ClusteredPoints(np.array(X, dtype=np.float64), labels)


def clustered_points(*, min_points: int = 4, max_points: int = MAX_POINTS, max_clusters: int = 4,
                     singletons: bool = True):
    """:class:`ClusteredPoints` with distinct integer points and two clusters of two points at least;
    ``singletons=False``: no cluster of one point (DBCV counts those as noise: its own property)."""
    point = st.tuples(*[st.integers(0, GRID)] * MAX_FEATURES)
    rows = st.lists(st.tuples(point, st.integers(0, max_clusters - 1)), min_size=min_points, max_size=max_points,
                    unique_by=lambda r: r[0])
    d = st.integers(1, MAX_FEATURES)
    return st.builds(_build, rows, d, st.just(singletons)).filter(lambda ex: ex.n >= min_points)


def _take(ex: ClusteredPoints, idx) -> ClusteredPoints:
    idx = np.asarray(idx, dtype=np.intp)
    return ClusteredPoints(ex.X[idx], ex.labels[idx])


def _bad_points():
    """(points, argument at fault, defect): a NaN or infinite coordinate, a label too many, 1-D X, or NaN
    labels."""

    def spoil(pair):
        ex, defect = pair
        X = ex.X.copy()
        if defect == "nan":
            X[0, 0] = np.nan
            return ClusteredPoints(X, ex.labels), "X", "nan"
        if defect == "inf":
            X[-1, 0] = np.inf
            return ClusteredPoints(X, ex.labels), "X", "inf"
        if defect == "length_mismatch":
            return ClusteredPoints(X, np.append(ex.labels, ex.labels[:1])), "labels", defect
        if defect == "one_dimensional":
            return ClusteredPoints(X[:, 0], ex.labels), "X", defect
        return ClusteredPoints(X, ex.labels.astype(float) * np.nan), "labels", "nan"

    return st.tuples(clustered_points(singletons=False),
                     st.sampled_from(("nan", "inf", "length_mismatch", "one_dimensional", "nan labels"))).map(spoil)


def _recast(ex: ClusteredPoints):
    return [
        *integer_recasts("X", [ex.X], lambda c, d: ClusteredPoints(c[0], ex.labels), dtypes=(np.int16, np.int32,
                                                                                            np.int64),
                         versus="float64"),
        *integer_recasts("labels", [ex.labels], lambda c, d: ClusteredPoints(ex.X, c[0])),
        list_recast("X, labels", [ex.X, ex.labels], lambda a: ClusteredPoints(*a), versus="float64, int64"),
    ]


#: clustered points; the samples are the rows of X with their labels
CLUSTERED_POINTS = InputShape(
    name="clustered points (X, labels)",
    examples=lambda name: clustered_points(singletons=name != "dbcv"),
    size=lambda ex: ex.n,
    take=_take,
    call=lambda t, name, ex, **kw: getattr(t, name)(ex.X, ex.labels, **kw),
    bad=lambda name: _bad_points(),
    recast=_recast,
    dtypes="integer coordinates as int16, int32, int64; labels as int8 to uint64; Python lists",
    # the same distances summed in another order
    rtol=1e-10,
    atol=1e-12,
)
