"""Unit tests of metrics/generative.py: the cases the properties draw too rarely to rely on.

Golden values are either computed by hand in the test or quoted from a cited
source (SciPy's documentation of ``scipy.stats.wasserstein_distance``).
"""

from __future__ import annotations

import numpy as np
import pytest
import scipy.linalg
import scipy.stats

from metrics import (MetricInputError, frechet_distance, frechet_distance_from_statistics, inception_score,
                     kernel_inception_distance, wasserstein_distance)


def _textbook_fid(X1, X2):
    mu1, mu2 = X1.mean(0), X2.mean(0)
    S1, S2 = np.cov(X1, rowvar=False), np.cov(X2, rowvar=False)
    root = scipy.linalg.sqrtm(S1 @ S2).real
    return float(np.sum((mu1 - mu2) ** 2) + np.trace(S1 + S2 - 2 * root))


def test_fid_agrees_with_the_textbook_square_root_on_well_conditioned_features():
    rng = np.random.default_rng(0)
    X1 = rng.normal(size=(400, 16))
    X2 = rng.normal(loc=0.3, scale=1.5, size=(300, 16)) @ rng.normal(size=(16, 16))
    assert frechet_distance(X1, X2) == pytest.approx(_textbook_fid(X1, X2), rel=1e-9)


def test_fid_of_one_dimension_is_the_closed_form():
    # 1-D: (mu1 - mu2)^2 + (s1 - s2)^2, with the unbiased (n - 1) variances of [0, 2] and [1, 5]
    assert frechet_distance([[0.0], [2.0]], [[1.0], [5.0]]) == pytest.approx((1 - 3) ** 2 + (2**0.5 - 8**0.5) ** 2)


def test_fid_is_real_and_not_negative_when_the_covariances_are_rank_deficient():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(20, 256))  # 20 samples in 256 dimensions: rank 19
    same = frechet_distance(X, X.copy())
    assert isinstance(same, float) and 0.0 <= same <= 1e-9 * np.trace(np.cov(X, rowvar=False))
    Y = rng.normal(size=(30, 256))
    assert frechet_distance(X, Y) > 0


def test_fid_from_statistics_matches_fid_from_features():
    rng = np.random.default_rng(2)
    X1, X2 = rng.normal(size=(50, 5)), rng.normal(size=(60, 5)) + 1
    stats = [(X.mean(0), np.cov(X, rowvar=False)) for X in (X1, X2)]
    assert frechet_distance_from_statistics(*stats[0], *stats[1]) == pytest.approx(frechet_distance(X1, X2),
                                                                                   rel=1e-12)


@pytest.mark.parametrize(("sigma", "problem"), [
    ([[1.0, 0.5], [0.0, 1.0]], "symmetric"),
    ([[1.0, 2.0], [2.0, 1.0]], "positive semi-definite"),
    ([[1.0, 0.0, 0.0]] * 3, "2 x 2"),
])
def test_fid_from_statistics_refuses_a_matrix_that_is_no_covariance(sigma, problem):
    with pytest.raises(MetricInputError, match=problem) as info:
        frechet_distance_from_statistics([0.0, 0.0], np.eye(2), [0.0, 0.0], sigma)
    assert info.value.argument == "sigma_2"


def test_inception_score_reaches_both_ends():
    assert inception_score(np.full((6, 3), 1 / 3), splits=1).mean == pytest.approx(1.0)
    assert inception_score(np.eye(3)[[0, 1, 2, 0, 1, 2]], splits=1).mean == pytest.approx(3.0)


def test_inception_score_splits_and_their_population_std():
    rows = np.array([[0.9, 0.1], [0.2, 0.8], [0.5, 0.5], [0.7, 0.3], [0.1, 0.9]])

    def score(p):
        marginal = p.mean(0)
        return np.exp(np.mean(np.sum(p * np.log(p / marginal), axis=1)))

    parts = [score(rows[:3]), score(rows[3:])]  # np.array_split: 3 + 2 rows
    result = inception_score(rows, splits=2)
    assert result.mean == pytest.approx(np.mean(parts)) and result.std == pytest.approx(np.std(parts))


def _mmd2_by_loops(X, Y, degree=3, coef=1.0):
    gamma = 1.0 / X.shape[1]
    k = lambda a, b: (gamma * float(a @ b) + coef) ** degree  # noqa: E731
    m, n = len(X), len(Y)
    xx = sum(k(X[i], X[j]) for i in range(m) for j in range(m) if i != j) / (m * (m - 1))
    yy = sum(k(Y[i], Y[j]) for i in range(n) for j in range(n) if i != j) / (n * (n - 1))
    xy = sum(k(X[i], Y[j]) for i in range(m) for j in range(n)) / (m * n)
    return xx + yy - 2 * xy


def test_kid_on_whole_sets_is_the_unbiased_mmd2_of_the_cubic_kernel():
    rng = np.random.default_rng(3)
    X, Y = rng.normal(size=(7, 3)), rng.normal(size=(7, 3)) + 0.5
    result = kernel_inception_distance(X, Y, subsets=4, subset_size=None)
    assert result.mean == pytest.approx(_mmd2_by_loops(X, Y), rel=1e-12) and result.std == 0.0


def test_kid_refuses_subsets_larger_than_a_set():
    X = np.zeros((5, 2))
    with pytest.raises(MetricInputError) as info:
        kernel_inception_distance(X, X + 1, subset_size=6)
    assert info.value.argument == "subset_size"


# The three examples of SciPy's documentation of scipy.stats.wasserstein_distance (1.11-1.16):
# https://docs.scipy.org/doc/scipy/reference/generated/scipy.stats.wasserstein_distance.html
SCIPY_EXAMPLES = [
    (([0, 1, 3], [5, 6, 8]), 5.0),
    (([0, 1], [0, 1], [3, 1], [2, 2]), 0.25),
    (([3.4, 3.9, 7.5, 7.8], [4.5, 1.4], [1.4, 0.9, 3.1, 7.2], [3.2, 3.5]), 4.0781331438047861),
]


@pytest.mark.parametrize(("args", "expected"), SCIPY_EXAMPLES)
def test_wasserstein_reproduces_scipy_documented_examples(args, expected):
    assert wasserstein_distance(*args) == pytest.approx(expected, rel=1e-15)


def test_wasserstein_p_of_point_masses_and_of_scipy_random_draws():
    assert wasserstein_distance([0.0], [3.0], p=2) == pytest.approx(3.0)
    # W_2 between {0, 1} and {0}: sqrt(mean of 0^2 and 1^2)
    assert wasserstein_distance([0.0, 1.0], [0.0], p=2) == pytest.approx(0.5**0.5)
    rng = np.random.default_rng(4)
    u, v, uw, vw = rng.normal(size=300), rng.normal(size=200), rng.random(300), rng.random(200)
    assert wasserstein_distance(u, v, uw, vw) == pytest.approx(scipy.stats.wasserstein_distance(u, v, uw, vw),
                                                               rel=1e-12)


def test_wasserstein_p_agrees_with_pot():
    ot = pytest.importorskip("ot", reason="POT (the references extra) is not installed")
    rng = np.random.default_rng(5)
    u, v, uw, vw = rng.normal(size=50), rng.normal(size=80), rng.random(50), rng.random(80)
    for p in (1, 2, 3.5):
        # POT returns W_p^p
        expected = float(ot.wasserstein_1d(u, v, uw / uw.sum(), vw / vw.sum(), p=p)) ** (1 / p)
        assert wasserstein_distance(u, v, uw, vw, p=p) == pytest.approx(expected, rel=1e-10)


@pytest.mark.parametrize(("call", "argument"), [
    (lambda: wasserstein_distance([1.0], [2.0], [-1.0]), "u_weights"),
    (lambda: wasserstein_distance([1.0, 2.0], [2.0], [0.0, 0.0]), "u_weights"),
    (lambda: wasserstein_distance([1.0], [2.0], None, [1.0, 1.0]), "v_weights"),
    (lambda: wasserstein_distance([1.0], [2.0], p=0.5), "p"),
    (lambda: wasserstein_distance([], [2.0]), "u_values"),
])
def test_wasserstein_refusals_name_the_argument(call, argument):
    with pytest.raises(MetricInputError) as info:
        call()
    assert info.value.argument == argument
