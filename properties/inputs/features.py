"""Feature matrices, Gaussian statistics, class-probability rows and 1-D samples: the generative family's inputs.

Every number is an integer held as float64 (or a ratio of small integers for
probabilities), so that translations by integers, signed permutations of the
features and scalings by powers of two change no rounding, and the spec's own
definitions can be computed exactly or by a route with no square root of a
rounding error (the nuclear norm, below).

Covariances are built as ``S = A A^T`` from an integer factor ``A`` (d x r),
so they are exactly symmetric positive semi-definite, singular whenever
``r < d``; the factors ride along, since ``Tr((S1 S2)^(1/2))`` is the nuclear
norm (sum of singular values) of ``A1^T A2``.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import strategies as st

from . import literal, with_edges

MAX_ROWS = 10
MAX_DIM = 4
#: feature values -VALUE..VALUE
VALUE = 8


@dataclasses.dataclass(frozen=True, repr=False)
class FeaturePair:
    X1: np.ndarray
    X2: np.ndarray

    def __repr__(self) -> str:
        return f"FeaturePair(X1={literal(self.X1)}, X2={literal(self.X2)})"

    @property
    def d(self) -> int:
        return int(self.X1.shape[1])


def _matrix(rows, d):
    return st.lists(st.lists(st.integers(-VALUE, VALUE), min_size=d, max_size=d), min_size=rows, max_size=rows).map(
        lambda m: np.array(m, dtype=np.float64))


@st.composite
def _feature_pairs(draw, *, min_rows: int = 2, max_rows: int = MAX_ROWS, max_dim: int = MAX_DIM, dim=None,
                   equal_rows: bool = False):
    d = dim if dim is not None else draw(st.integers(1, max_dim))
    n1 = draw(st.integers(min_rows, max_rows))
    n2 = n1 if equal_rows else draw(st.integers(min_rows, max_rows))
    return FeaturePair(draw(_matrix(n1, d)), draw(_matrix(n2, d)))


def _pair(X1, X2) -> FeaturePair:
    return FeaturePair(np.array(X1, dtype=np.float64), np.array(X2, dtype=np.float64))


#: three samples of two features, and four others
_A = [[1, 2], [3, -1], [0, 0]]
_B = [[2, 2], [-1, 4], [5, 1], [0, -3]]


def feature_pair_edges() -> tuple:
    """Feature sets that break the Fréchet distance: identical sets (FID 0: a negative or NaN one from the
    matrix square root of a singular product), fewer samples than dimensions (rank-deficient covariances),
    a constant feature column (a zero variance), an offset of 1e6 with unit spread (one-pass covariances
    E[x x^T] - mu mu^T lose every digit; the values stay integers, exact in float64), one feature, and
    collinear features with more samples than dimensions (a singular covariance that no sample count
    explains)."""
    return (
        ("identical_feature_sets", _pair(_A, _A)),
        ("fewer_samples_than_dimensions", _pair([[1, 0, 2, -1], [0, 3, 1, 1]], [[2, 1, 0, 0], [1, 1, 1, -2],
                                                                                  [0, 2, 3, 1]])),
        ("constant_feature_column", _pair([[1, 5], [2, 5], [4, 5]], [[0, 5], [3, 5], [-2, 5], [1, 5]])),
        ("offset_1e6_unit_spread", _pair(1e6 + np.array(_A, dtype=np.float64), 1e6 + np.array(_B, dtype=np.float64))),
        ("one_feature", _pair([[1], [-2], [4]], [[0], [3], [3], [-1]])),
        ("collinear_features", _pair([[1, 2], [2, 4], [-1, -2], [3, 6]], _B)),
    )


def feature_pairs(*, min_rows: int = 2, max_rows: int = MAX_ROWS, max_dim: int = MAX_DIM, dim=None,
                  equal_rows: bool = False):
    """Two feature matrices with the same number of columns (rows >= 2: a covariance needs two), and the same
    number of rows with ``equal_rows``; with the edge cases of :func:`feature_pair_edges` that fit."""

    def fits(ex: FeaturePair) -> bool:
        rows = (ex.X1.shape[0], ex.X2.shape[0])
        return (all(min_rows <= r <= max_rows for r in rows) and (ex.d == dim if dim is not None else ex.d <= max_dim)
                and (rows[0] == rows[1] or not equal_rows))

    return with_edges(_feature_pairs(min_rows=min_rows, max_rows=max_rows, max_dim=max_dim, dim=dim,
                                     equal_rows=equal_rows),
                      tuple((name, ex) for name, ex in feature_pair_edges() if fits(ex)))


@dataclasses.dataclass(frozen=True, repr=False)
class GaussianPair:
    """Two (mean, covariance) pairs; ``A1``, ``A2`` are factors with ``S = A A^T`` (not passed to a target)."""

    mu1: np.ndarray
    S1: np.ndarray
    mu2: np.ndarray
    S2: np.ndarray
    A1: np.ndarray
    A2: np.ndarray

    def __repr__(self) -> str:
        return (f"GaussianPair(mu1={literal(self.mu1)}, S1={literal(self.S1)}, mu2={literal(self.mu2)}, "
                f"S2={literal(self.S2)})")

    @property
    def args(self):
        return self.mu1, self.S1, self.mu2, self.S2


def _gaussians(mu1, a1, mu2, a2) -> GaussianPair:
    a1, a2 = np.array(a1, dtype=np.float64), np.array(a2, dtype=np.float64)
    return GaussianPair(np.array(mu1, dtype=np.float64), a1 @ a1.T, np.array(mu2, dtype=np.float64), a2 @ a2.T, a1, a2)


def gaussian_edges() -> tuple:
    """Gaussian statistics that break the Fréchet distance: identical ones (0), rank-deficient covariances
    (rank 1 and 2 in three dimensions: the square root of a singular product), zero covariances (the
    distance of the means alone), one dimension, and diagonal covariances with a zero variance."""
    return (
        ("identical_statistics", _gaussians([1, 2], [[1, 0], [2, 1]], [1, 2], [[1, 0], [2, 1]])),
        ("rank_deficient_covariances", _gaussians([0, 1, -1], [[1], [2], [0]], [2, 0, 0], [[0, 1], [1, 0], [1, 1]])),
        ("zero_covariances", _gaussians([3, -1], [[0], [0]], [0, 3], [[0], [0]])),
        ("one_dimension", _gaussians([1], [[2]], [-2], [[3]])),
        ("diagonal_with_a_zero_variance", _gaussians([0, 0], [[2, 0], [0, 0]], [1, 1], [[1, 0], [0, 3]])),
    )


def _diagonal(ex: GaussianPair) -> bool:
    return all(np.array_equal(S, np.diag(np.diag(S))) and np.array_equal(A, np.diag(np.diag(A)))
               for S, A in ((ex.S1, ex.A1), (ex.S2, ex.A2)))


def gaussian_pairs(*, max_dim: int = MAX_DIM, diagonal: bool = False):
    """:func:`_gaussian_pairs`, with the edge cases of :func:`gaussian_edges` that fit (``diagonal``: the
    diagonal ones)."""
    return with_edges(_gaussian_pairs(max_dim=max_dim, diagonal=diagonal),
                      tuple((name, ex) for name, ex in gaussian_edges()
                            if len(ex.mu1) <= max_dim and (_diagonal(ex) or not diagonal)))


@st.composite
def _gaussian_pairs(draw, *, max_dim: int = MAX_DIM, diagonal: bool = False):
    """Two Gaussians' statistics; covariances A A^T of integer factors of rank 1..d+1 (singular ones included),
    or ``diagonal``: diagonal covariances with integer variances 0..VALUE^2 (the commuting case)."""
    d = draw(st.integers(1, max_dim))
    mu = st.lists(st.integers(-VALUE, VALUE), min_size=d, max_size=d).map(lambda v: np.array(v, dtype=np.float64))
    mu1, mu2 = draw(mu), draw(mu)
    if diagonal:
        var = st.lists(st.integers(0, VALUE * VALUE), min_size=d, max_size=d)
        a1, a2 = (np.diag(np.sqrt(np.array(draw(var), dtype=np.float64))) for _ in range(2))
    else:
        a1, a2 = (draw(_matrix(d, draw(st.integers(1, d + 1)))) for _ in range(2))
    return GaussianPair(mu1, a1 @ a1.T, mu2, a2 @ a2.T, a1, a2)


def probability_row_edges() -> tuple:
    """Class-probability rows that break the inception score: one sample, certain rows of distinct classes
    (the score is the number of classes), identical rows (the score is 1), one class, and a row with a zero
    beside spread rows (0 log 0)."""
    def rows(m):
        w = np.array(m, dtype=np.float64)
        return w / w.sum(axis=1, keepdims=True)
    return (
        ("one_sample", rows([[1, 3]])),
        ("certain_rows_of_distinct_classes", rows([[1, 0, 0], [0, 1, 0], [0, 0, 1]])),
        ("identical_rows", rows([[1, 1], [1, 1], [1, 1]])),
        ("one_class", rows([[1], [1]])),
        ("a_zero_beside_spread_rows", rows([[0, 2, 1], [1, 1, 1], [3, 1, 2]])),
    )


def probability_rows(*, max_rows: int = MAX_ROWS, max_classes: int = 5):
    """:func:`_probability_rows`, with the edge cases of :func:`probability_row_edges` that fit."""
    return with_edges(_probability_rows(max_rows=max_rows, max_classes=max_classes),
                      tuple((name, P) for name, P in probability_row_edges()
                            if P.shape[0] <= max_rows and P.shape[1] <= max_classes))


@st.composite
def _probability_rows(draw, *, max_rows: int = MAX_ROWS, max_classes: int = 5):
    """An n x C matrix of class probabilities: integer weights 0..6 per row (not all 0), divided by their sum."""
    c = draw(st.integers(1, max_classes))
    n = draw(st.integers(1, max_rows))
    weights = draw(st.lists(st.lists(st.integers(0, 6), min_size=c, max_size=c).filter(any), min_size=n,
                            max_size=n))
    w = np.array(weights, dtype=np.float64)
    return w / w.sum(axis=1, keepdims=True)


@dataclasses.dataclass(frozen=True, repr=False)
class SamplePair:
    """Two 1-D samples with optional integer weights (None: every value weighs 1)."""

    u: np.ndarray
    v: np.ndarray
    u_weights: np.ndarray | None = None
    v_weights: np.ndarray | None = None

    def __repr__(self) -> str:
        return (f"SamplePair(u={literal(self.u)}, v={literal(self.v)}, u_weights={literal(self.u_weights)}, "
                f"v_weights={literal(self.v_weights)})")

    @property
    def args(self):
        return self.u, self.v, self.u_weights, self.v_weights


def sample_pair_edges() -> tuple:
    """1-D sample pairs that break the Wasserstein distance: one value each, identical samples (0), every
    value equal on both sides, and samples far apart with repeats; each unweighted and weighted."""
    f = lambda v: np.array(v, dtype=np.float64)  # noqa: E731
    plain = (
        ("one_value_each", SamplePair(f([3]), f([-2]))),
        ("identical_samples", SamplePair(f([1, 2, 2, 5]), f([1, 2, 2, 5]))),
        ("all_values_equal", SamplePair(f([4, 4, 4]), f([4]))),
        ("far_apart_with_repeats", SamplePair(f([-20, -20, -19]), f([20, 20, 20, 18]))),
    )
    weighted = tuple((f"{name}_weighted", SamplePair(ex.u, ex.v, f(np.arange(len(ex.u)) % 4 + 1),
                                                      f(np.arange(len(ex.v))[::-1] % 4 + 1))) for name, ex in plain)
    return plain + weighted


def sample_pairs(*, weighted=None, max_size: int = MAX_ROWS):
    """:func:`_sample_pairs`, with the edge cases of :func:`sample_pair_edges` that fit (``weighted``: only
    the weighted ones, ``weighted=False`` only the unweighted ones)."""
    return with_edges(_sample_pairs(weighted=weighted, max_size=max_size),
                      tuple((name, ex) for name, ex in sample_pair_edges()
                            if max(len(ex.u), len(ex.v)) <= max_size
                            and (weighted is None or (ex.u_weights is not None) == weighted)))


@st.composite
def _sample_pairs(draw, *, weighted=None, max_size: int = MAX_ROWS):
    """Two 1-D samples of integers -20..20 (repeats likely), sizes 1..max_size, weighted or not."""
    values = st.lists(st.integers(-20, 20), min_size=1, max_size=max_size).map(
        lambda v: np.array(v, dtype=np.float64))
    u, v = draw(values), draw(values)
    weighted = draw(st.booleans()) if weighted is None else weighted
    if not weighted:
        return SamplePair(u, v)
    w = lambda n: st.lists(st.integers(1, 4), min_size=n, max_size=n).map(  # noqa: E731
        lambda x: np.array(x, dtype=np.float64))
    return SamplePair(u, v, draw(w(len(u))), draw(w(len(v))))
