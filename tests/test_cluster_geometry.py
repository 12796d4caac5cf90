"""Clustering metrics without ground truth (metrics/_cluster_geometry.py): silhouette, CH, DB, DBCV.

Agreement with scikit-learn on random data, fixed geometric invariances, DBCV on hand-computed cases and
on the authors' published outputs, the documented differences from scikit-learn and hdbscan, and every
refusal. The hdbscan comparisons skip without it (pip install hdbscan).
"""

from __future__ import annotations

import importlib.util
import math
import warnings

import numpy as np
import pytest
from scipy.sparse.csgraph import minimum_spanning_tree
from scipy.spatial.distance import cdist
from sklearn import metrics as skm

from metrics import MetricInputError
from metrics import _cluster_geometry as cg
from metrics._cluster_geometry import (
    calinski_harabasz,
    davies_bouldin,
    dbcv,
    silhouette_samples,
    silhouette_score,
)

HAVE_HDBSCAN = importlib.util.find_spec("hdbscan") is not None
needs_hdbscan = pytest.mark.skipif(
    not HAVE_HDBSCAN, reason="hdbscan is not installed (pip install hdbscan): the validity_index comparisons need it")
RTOL, ATOL = 1e-9, 1e-12
CASES = [(0, 12, 2, 3), (1, 40, 3, 4), (2, 90, 5, 2), (3, 300, 4, 7), (4, 700, 10, 10)]  # seed, n, d, k


def data(seed, n, d, k):
    rng = np.random.default_rng(seed)
    centers = rng.normal(0, 4, (k, d))
    labels = rng.integers(0, k, n)
    labels[:k] = np.arange(k)  # every cluster present
    return centers[labels] + rng.normal(size=(n, d)), labels


def close(a, b):
    np.testing.assert_allclose(a, b, rtol=RTOL, atol=ATOL)


def test_public_names():
    assert sorted(cg.__all__) == sorted(
        ["silhouette_score", "silhouette_samples", "calinski_harabasz", "davies_bouldin", "dbcv"])
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in cg.CONVENTIONS.items())


# ------------------------------------------------------------------ agreement with scikit-learn


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("metric", cg.METRICS)
def test_silhouette_agrees_with_sklearn(case, metric):
    X, labels = data(*case)
    close(silhouette_samples(X, labels, metric=metric), skm.silhouette_samples(X, labels, metric=metric))
    close(silhouette_score(X, labels, metric=metric), skm.silhouette_score(X, labels, metric=metric))


@pytest.mark.parametrize("case", CASES)
def test_silhouette_precomputed_agrees_with_sklearn_and_points(case):
    X, labels = data(*case)
    D = cdist(X, X)
    close(silhouette_samples(D, labels, metric="precomputed"),
          skm.silhouette_samples(D, labels, metric="precomputed"))
    close(silhouette_score(D, labels, metric="precomputed"), silhouette_score(X, labels))


def test_silhouette_blocks_and_label_forms():
    """Several row blocks (n > 2**16 / n), unsorted / sparse / negative / string labels, lists."""
    X, labels = data(5, 900, 3, 6)
    assert cg._block_rows(900) < 900
    want = skm.silhouette_samples(X, labels)
    close(silhouette_samples(X, labels), want)
    close(silhouette_samples(X, labels * 1000 - 7), want)  # not 0..k-1, -7 a label like any other
    close(silhouette_samples(X, np.array(list("abcdef"))[labels]), want)
    close(silhouette_samples(X.tolist(), labels.tolist()), want)
    order = np.argsort(labels, kind="stable")
    close(silhouette_samples(X[order], labels[order]), want[order])  # already sorted: no permutation path


def test_silhouette_singleton_and_coincident_points():
    X = np.array([[0.0, 0], [0, 1], [5, 5], [9, 9]])
    labels = [0, 0, 1, 2]
    s = silhouette_samples(X, labels)
    assert s[2] == 0.0 and s[3] == 0.0  # alone in their clusters (Rousseeuw; scikit-learn)
    close(s, skm.silhouette_samples(X, labels))
    Z = np.zeros((4, 2))  # a = b = 0 everywhere: 0, as scikit-learn
    assert silhouette_samples(Z, [0, 0, 1, 1]).tolist() == [0.0] * 4
    assert skm.silhouette_samples(Z, [0, 0, 1, 1]).tolist() == [0.0] * 4


@pytest.mark.parametrize("case", CASES)
def test_ch_and_db_agree_with_sklearn(case):
    X, labels = data(*case)
    close(calinski_harabasz(X, labels), skm.calinski_harabasz_score(X, labels))
    close(davies_bouldin(X, labels), skm.davies_bouldin_score(X, labels))


def test_ch_db_large_integer_labels_path():
    X, labels = data(6, 500, 3, 5)
    assert labels.dtype.kind == "i" and labels.shape[0] > 64  # bincount encoding
    for shifted in (labels + 10**6, labels * 3, -labels):
        close(calinski_harabasz(X, shifted), skm.calinski_harabasz_score(X, labels))
        close(davies_bouldin(X, shifted), skm.davies_bouldin_score(X, labels))


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint32, np.uint64, bool])
def test_integer_label_dtypes_at_their_extremes(dtype):
    X, labels = data(9, 200, 3, 4)
    if dtype is bool:
        labels = labels % 2
    want = skm.calinski_harabasz_score(X, labels)
    offsets = [0] if dtype is bool else [0, int(np.iinfo(dtype).min), int(np.iinfo(dtype).max) - 3]
    for offset in offsets:
        cast = np.array([int(v) + offset for v in labels], dtype=dtype)
        close(calinski_harabasz(X, cast), want)
        close(silhouette_samples(X, cast), skm.silhouette_samples(X, labels))


def test_ch_db_degenerate_cases_match_sklearn():
    Z = np.zeros((4, 2))
    assert calinski_harabasz(Z, [0, 0, 1, 1]) == skm.calinski_harabasz_score(Z, [0, 0, 1, 1]) == 1.0
    assert davies_bouldin(Z, [0, 0, 1, 1]) == skm.davies_bouldin_score(Z, [0, 0, 1, 1]) == 0.0
    # within-cluster dispersion 0, clusters apart: the ratio is +inf, scikit-learn's convention is 1.0
    points = np.array([[0.0], [0], [1], [1]])
    assert calinski_harabasz(points, [0, 0, 1, 1]) == skm.calinski_harabasz_score(points, [0, 0, 1, 1]) == 1.0
    assert davies_bouldin(points, [0, 0, 1, 1]) == 0.0
    # coincident centroids: the pair is left out of the max (scikit-learn)
    square = np.array([[0.0, 0], [2, 2], [0, 2], [2, 0]])
    assert davies_bouldin(square, [0, 0, 1, 1]) == skm.davies_bouldin_score(square, [0, 0, 1, 1]) == 0.0
    X = np.vstack([square, [[9, 9], [9, 10]]])
    close(davies_bouldin(X, [0, 0, 1, 1, 2, 2]), skm.davies_bouldin_score(X, [0, 0, 1, 1, 2, 2]))


def test_documented_differences_from_sklearn():
    """Where scikit-learn loses the answer: its |x|^2 - 2x.y + |y|^2 distances far from the origin, and
    its np.isclose(., 0) shortcut in Davies-Bouldin for data at scale 1e-9."""
    X = np.array([[0.0, 0], [0, 1], [5, 5], [5, 6]])
    labels = [0, 0, 1, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert skm.silhouette_score(X + 1e8, labels) == 1.0  # the true value is 0.8586
        assert skm.davies_bouldin_score(X * 1e-9, labels) == 0.0  # the true value is 0.1414
    close(silhouette_score(X + 1e8, labels), silhouette_score(X, labels))
    close(silhouette_score(X, labels), skm.silhouette_score(X, labels))
    close(davies_bouldin(X * 1e-9, labels), davies_bouldin(X, labels))
    close(davies_bouldin(X, labels), 0.1 * math.sqrt(2))


# ------------------------------------------------------------------ geometric invariances (fixed checks)


def _rotation(theta):
    R = np.eye(3)
    R[:2, :2] = [[math.cos(theta), -math.sin(theta)], [math.sin(theta), math.cos(theta)]]
    return R


@pytest.mark.parametrize("name", ["silhouette_score", "calinski_harabasz", "davies_bouldin", "dbcv"])
def test_rigid_motion_and_scale(name):
    X, labels = data(7, 60, 3, 3)
    f = getattr(cg, name)
    base = f(X, labels)
    for moved in (X + [1e3, -2e5, 7.5], X @ _rotation(0.7).T, X * 1e-6, X * 3e5, (X @ _rotation(2.0).T - 40) * 0.25):
        np.testing.assert_allclose(f(moved, labels), base, rtol=1e-7)


def test_silhouette_samples_permute_with_points():
    X, labels = data(8, 50, 2, 4)
    order = np.random.default_rng(0).permutation(50)
    close(silhouette_samples(X[order], labels[order]), silhouette_samples(X, labels)[order])


# ------------------------------------------------------------------ DBCV


def line(*coords):
    return np.array(coords, dtype=float)[:, None]


@pytest.mark.parametrize("X, labels, want", [
    # 2-point clusters: cores 1 and 2, both points internal, DSC = the edge, DSPC = 9: (2*8/9 + 2*7/9) / 4
    (line(0, 1, 10, 12), [0, 0, 1, 1], 5 / 6),
    # a noise point counts in |O| only
    (line(0, 1, 10, 12, 50), [0, 0, 1, 1, -1], 2 / 3),
    # 3-chains: cores 4/3, 1, 4/3; MST = both 4/3 edges, only the middle node internal, no internal edge:
    # DSC = 4/3 (largest edge), DSPC = mr(1, 11) = 10: V = (10 - 4/3) / 10
    (line(0, 1, 2, 10, 11, 12), [0] * 3 + [1] * 3, 13 / 15),
    # 4-chains: cores 18/11, 6/5, 6/5, 18/11; internal nodes 1, 2, internal edge 6/5; DSPC = 19
    (line(0, 1, 2, 3, 20, 21, 22, 23), [0] * 4 + [1] * 4, (19 - 6 / 5) / 19),
    # a duplicate is left out of the core sum (still / (n_i - 1)): cores 2, 2, 1; DSC 2, DSPC 10
    (line(0, 0, 1, 10, 10, 11), [0] * 3 + [1] * 3, 0.8),
    # a cluster of identical points: cores 0, DSC 0, V = 1; the other V = (6 - 4/3) / 6
    (line(0, 0, 0, 5, 6, 7), [0] * 3 + [1] * 3, (3 + 3 * 7 / 9) / 6),
    # two clusters of identical points at the same place: separation = sparseness = 0, V = 0
    (line(0, 0, 0, 0, 0, 0), [0] * 3 + [1] * 3, 0.0),
    # a singleton cluster is noise (authors' code): the 3-chains with one extra point of its own
    (line(0, 1, 2, 10, 11, 12, 100), [0] * 3 + [1] * 3 + [2], 6 * (13 / 15) / 7),
])
def test_dbcv_hand_computed(X, labels, want):
    assert dbcv(X, labels) == pytest.approx(want, rel=1e-12, abs=1e-15)


def test_dbcv_authors_published_outputs():
    """The two small data sets of FelSiq/DBCV's MATLAB comparison (tests/test_matlab_tests.py): the authors'
    dbcv.m uses squared Euclidean distances and label 0 for noise; 2-point clusters have both points internal."""
    X = np.array([[1.0, 1], [2, 2], [4, 4], [5, 5]])
    assert dbcv(X, [1, 1, 2, 2], metric="sqeuclidean") == pytest.approx(0.75, rel=1e-12)
    X = np.array([[1.0, 2], [3, 4], [5, 6], [7, 8], [9, 10]])
    assert dbcv(X, [1, 1, 2, 2, 2], metric="sqeuclidean") == pytest.approx(0.694201697828989, rel=1e-12)


def test_dbcv_moons_above_straight_split():
    angle = np.linspace(0, math.pi, 60)
    X = np.vstack([np.column_stack([np.cos(angle), np.sin(angle)]),
                   np.column_stack([1 - np.cos(angle), 0.5 - np.sin(angle)])])
    moons = np.repeat([0, 1], 60)
    split = (X[:, 0] > 0.5).astype(int)
    assert dbcv(X, moons) > dbcv(X, split)
    assert silhouette_score(X, split) > silhouette_score(X, moons)


def _tie_heavy(seed, n=14):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 6, (n, 2)).astype(float), rng.integers(0, 3, n)


def test_dbcv_independent_of_point_order_despite_ties():
    """Mutual reachability ties are everywhere on grid points; with scipy's plain MST (input-order ties)
    DBCV moves when the points are permuted, with the documented order it does not."""
    moved_plain = 0
    for seed in range(40):
        X, labels = _tie_heavy(seed)
        base = dbcv(X, labels)
        for k in range(3):
            order = np.random.default_rng(100 * seed + k).permutation(len(labels))
            assert dbcv(X[order], labels[order]) == pytest.approx(base, rel=1e-12, abs=1e-14)
            moved_plain += _plain_scipy_dbcv(X[order], labels[order]) != pytest.approx(
                _plain_scipy_dbcv(X, labels), rel=1e-9, abs=1e-12)
    assert moved_plain > 0


def test_dbcv_exact_symmetric_ties_follow_input_order():
    """The documented limit: the four sides of a square tie in every key, and which three form the MST
    decides which corners are internal, so the input order of the square's points matters."""
    import itertools

    square, line3 = np.array([[0.0, 0], [1, 0], [1, 1], [0, 1]]), np.array([[5.0, 0], [6, 0], [7, 0]])
    values = {round(dbcv(np.vstack([square[list(p)], line3]), [0] * 4 + [1] * 3), 12)
              for p in itertools.permutations(range(4))}
    assert len(values) > 1


def _plain_scipy_dbcv(X, labels):
    """DBCV with scipy's minimum_spanning_tree on the mutual reachability matrix (ties in input order)."""
    saved = cg._cluster_tree

    def plain(Dc, core):
        reach = np.maximum(Dc, np.maximum(core[:, None], core[None, :]))
        np.fill_diagonal(reach, 0.0)
        if not reach.any():
            return np.ones(len(core), dtype=bool), 0.0
        t = minimum_spanning_tree(reach).tocoo()
        deg = np.bincount(t.row, minlength=len(core)) + np.bincount(t.col, minlength=len(core))
        inner = deg > 1
        inner = inner if inner.any() else np.ones(len(core), dtype=bool)
        e = inner[t.row] & inner[t.col]
        return inner, float(t.data[e].max() if e.any() else t.data.max())

    cg._cluster_tree = plain
    try:
        return cg.dbcv(X, labels)
    except MetricInputError:
        return math.nan
    finally:
        cg._cluster_tree = saved


def test_dbcv_mst_is_the_unique_one_under_the_documented_order():
    """Both Prim implementations (pure Python for small clusters, NumPy for large) give scipy's Kruskal tree
    on dense ranks of (mr, denser end's core distance, dist, lower end, upper end)."""
    rng = np.random.default_rng(3)
    for trial in range(30):
        n, d = int(rng.integers(2, 70)), int(rng.integers(1, 4))
        X = rng.integers(0, 5, (n, d)).astype(float) if trial % 2 else rng.normal(size=(n, d))
        D = cdist(X, X)
        core = cg._core_distances(D, d)
        R = np.maximum(D, np.maximum(core[:, None], core[None, :]))
        np.fill_diagonal(R, 0.0)
        if not R.any():
            continue
        i, j = np.triu_indices(n, 1)
        order = np.lexsort((j, i, D[i, j], np.minimum(core[i], core[j]), R[i, j]))
        W = np.zeros((n, n))
        W[i[order], j[order]] = np.arange(1, order.shape[0] + 1)
        t = minimum_spanning_tree(W).tocoo()
        want = sorted(zip(np.minimum(t.row, t.col).tolist(), np.maximum(t.row, t.col).tolist()))
        for mst in (cg._mst_small, cg._mst_large):
            rows, cols = mst(R, core, D)
            assert sorted(zip(np.minimum(rows, cols).tolist(), np.maximum(rows, cols).tolist())) == want


def test_dbcv_core_distance_is_robust_in_high_dimension():
    """(1/dist)^d underflows for d in the hundreds; the core distance is evaluated relative to the nearest
    neighbour, so it stays the paper's value (a power mean of the distances, between min and max)."""
    rng = np.random.default_rng(4)
    X = rng.normal(size=(8, 400)) * 30
    D = cdist(X, X)
    core = cg._core_distances(D, 400)
    off = D[~np.eye(8, dtype=bool)].reshape(8, 7)
    assert np.all(core >= off.min(axis=1)) and np.all(core <= off.max(axis=1))
    small = cg._core_distances(D[:3, :3] / 30, 2)  # the direct formula where it does not underflow
    direct = [(np.sum((1 / np.delete(row, i)) ** 2) / 2) ** -0.5 for i, row in enumerate(D[:3, :3] / 30)]
    close(small, direct)


def test_dbcv_string_labels_have_no_noise():
    X = line(0, 1, 2, 10, 11, 12)
    assert dbcv(X, list("aaabbb")) == pytest.approx(13 / 15, rel=1e-12)
    assert dbcv(X, [0.0] * 3 + [1.0] * 3) == pytest.approx(13 / 15, rel=1e-12)


@needs_hdbscan
def test_dbcv_agrees_with_hdbscan_where_the_mst_is_unique():
    from hdbscan.validity import validity_index

    for X, labels in [(line(0, 1, 2, 10, 11, 12), [0] * 3 + [1] * 3),
                      (line(0, 1, 2, 3, 20, 21, 22, 23, 60, 61.5, 62, 64), [0] * 4 + [1] * 4 + [2] * 4),
                      (line(0, 0, 1, 10, 10, 11), [0] * 3 + [1] * 3),
                      (line(0, 1, 2, 3, 20, 21, 22, 23, 7), [0] * 4 + [1] * 4 + [-1])]:
        labels = np.array(labels)
        assert dbcv(X, labels) == pytest.approx(validity_index(X, labels), rel=1e-9)


@needs_hdbscan
def test_dbcv_core_distances_agree_with_hdbscan():
    from hdbscan.validity import all_points_core_distance

    rng = np.random.default_rng(5)
    for d in (1, 2, 5):
        X = rng.normal(size=(30, d))
        X[3] = X[7]  # a duplicate: zero distances left out of the sum by both
        D = cdist(X, X)
        close(cg._core_distances(D, d), all_points_core_distance(D.copy(), d=d))


@needs_hdbscan
def test_dbcv_documented_differences_from_hdbscan():
    from hdbscan.validity import validity_index

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # 2-point clusters: hdbscan takes only the first point as internal (ours: both, authors' code)
        X, labels = np.array([[1.0, 1], [2, 2], [4, 4], [5, 5]]), np.array([1, 1, 2, 2])
        assert validity_index(X, labels, metric="sqeuclidean") == pytest.approx(8 / 9)
        assert dbcv(X, labels, metric="sqeuclidean") == pytest.approx(0.75)
        # one cluster (plus noise): hdbscan returns NaN, ours refuses
        X = line(0, 1, 2, 10, 11, 12)
        assert math.isnan(validity_index(X, np.array([0, 0, 0, -1, -1, -1])))
        with pytest.raises(MetricInputError, match="labels"):
            dbcv(X, [0, 0, 0, -1, -1, -1])
        # a singleton cluster: hdbscan fails, ours counts it as noise
        with pytest.raises(ValueError):
            validity_index(X, np.array([0, 0, 0, 1, 1, 2]))
        # data at scale 1e-9: hdbscan's np.isclose edge recovery moves its value, ours is scale-free
        rng = np.random.default_rng(0)
        A = np.vstack([rng.normal(0, 1, (8, 2)), rng.normal(8, 1, (8, 2))])
        labels = np.repeat([0, 1], 8)
        assert validity_index(A * 1e-9, labels) != pytest.approx(validity_index(A, labels), rel=1e-3)
        assert dbcv(A * 1e-9, labels) == pytest.approx(dbcv(A, labels), rel=1e-12)


# ------------------------------------------------------------------ refusals

X4 = np.array([[0.0, 0], [0, 1], [5, 5], [5, 6]])
L4 = [0, 0, 1, 1]
ALL = ["silhouette_score", "silhouette_samples", "calinski_harabasz", "davies_bouldin", "dbcv"]


def refused(argument, fn, *args, **kwargs):
    with pytest.raises(MetricInputError) as info:
        fn(*args, **kwargs)
    assert info.value.argument == argument, info.value
    return str(info.value)


@pytest.mark.parametrize("name", ALL)
def test_bad_input_refused(name):
    f = getattr(cg, name)
    X6, L6 = line(0, 1, 2, 10, 11, 12), [0, 0, 0, 1, 1, 1]
    refused("X", f, X6[:, 0], L6)  # 1-D
    refused("X", f, X6[None], L6)  # 3-D
    refused("X", f, np.where(np.arange(6)[:, None] == 2, np.nan, X6), L6)
    refused("X", f, np.where(np.arange(6)[:, None] == 2, np.inf, X6), L6)
    refused("X", f, np.zeros((6, 0)), L6)
    refused("X", f, [["a"]] * 6, L6)
    refused("labels", f, X6, L6[:-1])
    refused("labels", f, X6, np.array(L6)[:, None])  # 2-D labels
    refused("labels", f, X6, [0, 0, 0, 1, 1, np.nan])
    refused("labels", f, X6, [0] * 6)  # one cluster
    refused("X", f, None, L6)
    refused("labels", f, X6, None)


@pytest.mark.parametrize("name", ["silhouette_score", "silhouette_samples", "calinski_harabasz", "davies_bouldin"])
def test_n_labels_outside_2_to_n_minus_1_refused(name):
    f = getattr(cg, name)
    msg = refused("labels", f, X4, [0, 1, 2, 3])
    assert "2 <= n_labels <= n_samples - 1" in msg
    refused("labels", f, X4, [7, 7, 7, 7])
    for sk in (skm.silhouette_score, skm.calinski_harabasz_score, skm.davies_bouldin_score):
        with pytest.raises(ValueError, match="Number of labels is 4"):
            sk(X4, [0, 1, 2, 3])


@pytest.mark.parametrize("name", ["silhouette_score", "silhouette_samples", "dbcv"])
def test_unknown_metric_refused(name):
    f = getattr(cg, name)
    X6, L6 = line(0, 1, 2, 10, 11, 12), [0, 0, 0, 1, 1, 1]
    for metric in ("minkowski", "mahalanobis", "Euclidean", None, 2, len):
        refused("metric", f, X6, L6, metric=metric)


def test_dbcv_refusals():
    X = line(0, 1, 2, 10, 11, 12)
    assert "precomputed" in refused("metric", dbcv, cdist(X, X), [0, 0, 0, 1, 1, 1], metric="precomputed")
    refused("labels", dbcv, X, [-1] * 6)
    refused("labels", dbcv, X, [0, 0, 0, 0, 0, -1])
    assert "single-point" in refused("labels", dbcv, X, [0, 0, 0, 0, 0, 1])  # a singleton is noise
    refused("labels", dbcv, X, [0, 1, 2, 3, 4, 5])


def test_cosine_and_correlation_refuse_undefined_rows():
    X = np.array([[0.0, 0], [1, 2], [2, 1], [3, 4]])
    for f in (silhouette_samples, dbcv):
        assert "all zeros" in refused("X", f, X, [0, 0, 1, 1], metric="cosine")
        assert "constant" in refused("X", f, X + [[0, 0], [0, 0], [0, 0], [1, 0]], [0, 0, 1, 1],
                                     metric="correlation")
    # scikit-learn: the zero row is at cosine distance 1 from everything; a constant row's NaN correlation
    # distances turn every silhouette into 0, silently
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        Y = np.array([[1.0, 1], [1, 2], [2, 2], [3, 1]])
        assert skm.silhouette_samples(Y, [0, 0, 1, 1], metric="correlation").tolist() == [0.0] * 4


@pytest.mark.parametrize("D, problem", [
    (np.ones((4, 3)), "square"),
    (-cdist(X4, X4), "negative"),
    (cdist(X4, X4) + np.eye(4) * 1e-3, "diagonal"),
    (cdist(X4, X4) * [[1], [1], [1], [1.5]], "symmetric"),
    (np.where(np.eye(4, k=1) > 0, np.nan, cdist(X4, X4)), "NaN"),
])
def test_precomputed_refusals(D, problem):
    assert problem in refused("X", silhouette_samples, D, L4, metric="precomputed")


def test_precomputed_tolerances():
    D = cdist(X4, X4)
    tiny = D.max() * cg.PRECOMPUTED_RTOL / 2
    close(silhouette_samples(D + np.eye(4) * tiny, L4, metric="precomputed"),
          silhouette_samples(D, L4, metric="precomputed"))
    asym = D.copy()
    asym[0, 1] += tiny
    silhouette_samples(asym, L4, metric="precomputed")
    # scikit-learn checks neither symmetry (this matrix is accepted) nor scales its diagonal tolerance
    skm.silhouette_samples(D * [[1], [1], [1], [1.5]], L4, metric="precomputed")
