"""Clustered points: a data matrix ``X`` (n samples x d features) and one cluster label per row.

The input of the clustering metrics without ground truth (silhouette,
Calinski-Harabasz, Davies-Bouldin, DBCV). Coordinates are integers on a small
grid, held as float64: translations by integers, rotations by multiples of 90
degrees and scalings by powers of two are then exact, so invariances can be
checked at rounding tolerance. Every example has at least two clusters of at
least two points (so ``2 <= n_labels <= n_samples - 1``, where the silhouette is
defined, and DBCV has two clusters to separate). By default no two points
coincide; ``clustered_points(duplicates=True)`` adds repeated points (copies in
their own cluster or in another one) and :func:`coincident_points` clusters whose
points all coincide (a = 0 in the silhouette, zero within-cluster scatter,
DBCV core distances 0), the cases where a distance-based formula meets 0 / 0.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import strategies as st

from . import InputShape, integer_recasts, list_recast, literal, with_edges

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


# ------------------------------------------------------------------ edge cases


def _points(X, labels) -> ClusteredPoints:
    return ClusteredPoints(np.array(X, dtype=np.float64), np.array(labels, dtype=np.int64))


#: a unit-spread layout of two clusters in the plane, on tenths (not binary fractions: sums round)
_TENTHS = [[0.0, 0.0], [0.3, 0.1], [0.1, 0.4], [1.0, 0.9], [0.8, 1.0], [1.0, 0.7]]


def point_edges(*, singletons: bool = True, duplicates: bool = False, max_clusters: int = 4) -> tuple:
    """Clustered points that break the geometric scores: two clusters only, collinear points, an offset
    of 1e6 with unit spread (in integers, and in tenths: |x|^2 ~ 1e12 holds no digit of a squared distance
    ~ 0.1, so the Gram expansion |x|^2 + |y|^2 - 2 x.y of a distance cancels), a cluster of one point, one
    point per cluster except one, a point per cluster but for one pair (n - 1 clusters: the most the
    silhouette allows) and all points in one cluster but an outlier (``singletons``), and duplicate points,
    copies in their own cluster and in another, and a cluster of coincident points beside a spread one (a
    zero within-cluster distance: a = 0, a zero spread s_i) (``duplicates``). One cluster alone, and a
    point per cluster, are outside the domain: refuses_one_cluster and refuses_all_singletons build them
    from every example."""
    two = [[0, 0], [1, 0], [0, 2], [10, 10], [12, 11]]
    edges = [
        ("two_clusters_only", _points(two, [0, 0, 0, 1, 1])),
        ("collinear", _points([[0, 0], [1, 2], [2, 4], [5, 10], [6, 12], [9, 18]], [0, 0, 0, 1, 1, 1])),
        ("offset_1e6_unit_spread", _points(1e6 + np.array(two, dtype=np.float64), [0, 0, 0, 1, 1])),
        ("offset_1e6_tenths", _points(1e6 + np.array(_TENTHS), [0, 0, 0, 1, 1, 1])),
    ]
    if singletons:
        edges += [
            ("singleton_cluster", _points([[0, 0], [1, 1], [5, 5], [6, 5], [20, 20]], [0, 0, 1, 1, 2])),
            ("one_point_per_cluster_except_one", _points([[0], [1], [2], [10], [20], [30]], [0, 0, 0, 1, 2, 3])),
            ("a_point_per_cluster_but_a_pair", _points([[0], [1], [5], [9], [14]], [0, 0, 1, 2, 3])),
            ("one_cluster_and_an_outlier", _points([[0, 0], [1, 0], [0, 1], [1, 2], [2, 1], [9, 9]],
                                                   [0, 0, 0, 0, 0, 1])),
        ]
    if duplicates:
        edges += [("duplicate_points", _points([[0, 0], [0, 0], [3, 1], [7, 7], [8, 7], [3, 1]],
                                               [0, 0, 0, 1, 1, 1])),
                  ("coincident_cluster_beside_a_spread_one", _points([[2, 2], [7, 7], [2, 2], [8, 9], [2, 2], [9, 7]],
                                                                     [0, 1, 0, 1, 0, 1]))]
    return tuple((name, ex) for name, ex in edges if np.unique(ex.labels).size <= max_clusters)


def clustered_points(*, min_points: int = 4, max_points: int = MAX_POINTS, max_clusters: int = 4,
                     singletons: bool = True, duplicates: bool = False):
    """:func:`_clustered_points`, carrying the edge cases of :func:`point_edges` that its arguments allow."""
    edges = point_edges(singletons=singletons, duplicates=duplicates, max_clusters=max_clusters)
    return with_edges(_clustered_points(min_points=min_points, max_points=max_points, max_clusters=max_clusters,
                                        singletons=singletons, duplicates=duplicates),
                      tuple((n, ex) for n, ex in edges if min_points <= ex.n <= max_points))


def _clustered_points(*, min_points: int = 4, max_points: int = MAX_POINTS, max_clusters: int = 4,
                      singletons: bool = True, duplicates: bool = False):
    """:class:`ClusteredPoints` with distinct integer points and two clusters of two points at least;
    ``singletons=False``: no cluster of one point (DBCV counts those as noise: its own property);
    ``duplicates=True``: also such points with some of them repeated (:func:`with_copies`), and clusters of
    coincident points (:func:`coincident_points`)."""
    point = st.tuples(*[st.integers(0, GRID)] * MAX_FEATURES)
    rows = st.lists(st.tuples(point, st.integers(0, max_clusters - 1)), min_size=min_points, max_size=max_points,
                    unique_by=lambda r: r[0])
    d = st.integers(1, MAX_FEATURES)
    distinct = st.builds(_build, rows, d, st.just(singletons)).filter(lambda ex: ex.n >= min_points)
    if not duplicates:
        return distinct
    return st.one_of(distinct, distinct.flatmap(with_copies), coincident_points(max_clusters=max_clusters))


def with_copies(ex: ClusteredPoints):
    """``ex`` with 1..n of its points repeated at the end, each copy in its point's cluster or in another
    (a point shared by two clusters); cluster sizes only grow."""
    ids = np.unique(ex.labels).tolist()
    copy = st.tuples(st.integers(0, ex.n - 1), st.one_of(st.none(), st.sampled_from(ids)))

    def build(copies):
        idx = np.array([i for i, _ in copies], dtype=np.intp)
        labels = np.array([ex.labels[i] if k is None else k for i, k in copies], dtype=ex.labels.dtype)
        return ClusteredPoints(np.vstack([ex.X, ex.X[idx]]), np.concatenate([ex.labels, labels]))

    return st.lists(copy, min_size=1, max_size=ex.n).map(build)


def coincident_point_edges(*, max_clusters: int = 4, max_copies: int = 5) -> tuple:
    """Clusters of coincident points: two pairs on a line, and three clusters of unequal sizes (2, 3, 2)
    interleaved in the input order, in the plane."""
    edges = (
        ("coincident_pairs", _points([[0], [0], [3], [3]], [0, 0, 1, 1])),
        ("coincident_unequal_sizes_interleaved", _points([[1, 1], [4, 0], [1, 1], [4, 0], [4, 0], [9, 9], [9, 9]],
                                                         [0, 1, 0, 1, 1, 2, 2])),
    )
    return tuple((name, ex) for name, ex in edges if np.unique(ex.labels).size <= max_clusters
                 and np.unique(ex.labels, return_counts=True)[1].max() <= max_copies)


def coincident_points(*, max_clusters: int = 4, max_copies: int = 5):
    """:func:`_coincident_points`, carrying the edge cases of :func:`coincident_point_edges` that fit."""
    return with_edges(_coincident_points(max_clusters=max_clusters, max_copies=max_copies),
                      coincident_point_edges(max_clusters=max_clusters, max_copies=max_copies))


@st.composite
def _coincident_points(draw, *, max_clusters: int = 4, max_copies: int = 5):
    """:class:`ClusteredPoints` of 2..``max_clusters`` clusters, each one integer location repeated
    2..``max_copies`` times, the locations distinct, the samples in a drawn order: every within-cluster
    distance is 0 and every between-cluster distance positive."""
    d = draw(st.integers(1, MAX_FEATURES))
    k = draw(st.integers(2, max_clusters))
    point = st.tuples(*[st.integers(0, GRID)] * d)
    where = draw(st.lists(point, min_size=k, max_size=k, unique=True))
    sizes = draw(st.lists(st.integers(2, max_copies), min_size=k, max_size=k))
    labels = np.repeat(np.arange(k, dtype=np.int64), sizes)
    order = np.array(draw(st.permutations(range(labels.shape[0]))), dtype=np.intp)
    return ClusteredPoints(np.array(where, dtype=np.float64)[labels][order], labels[order])


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


#: bad points every profile reaches: NaN labels, and one label against six points (which NumPy would broadcast)
BAD_POINT_EDGES = (
    ("nan_label", (ClusteredPoints(np.array([[0.0, 0.0], [0.0, 1.0], [5.0, 5.0], [5.0, 6.0]]),
                                   np.array([0.0, np.nan, 1.0, 1.0])), "labels", "nan")),
    ("broadcast_labels", (ClusteredPoints(np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [5.0, 5.0], [5.0, 6.0],
                                                    [6.0, 5.0]]), np.array([1])), "labels", "broadcast")),
)


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
    bad=lambda name: with_edges(_bad_points(), BAD_POINT_EDGES),
    recast=_recast,
    dtypes="integer coordinates as int16, int32, int64; labels as int8 to uint64; Python lists",
    # the same distances summed in another order
    rtol=1e-10,
    atol=1e-12,
)
