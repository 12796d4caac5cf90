"""The generative spec: Fréchet distance, Inception Score, kernel inception distance and 1-D Wasserstein distances.

Inputs (``properties/inputs/features.py``) are integer features, covariances
``A A^T`` of integer factors (singular ones included), probability rows of
small integer weights, and 1-D integer samples with integer weights.

What is pinned here:

* FID from its definition by an independent route: ``Tr((S1 S2)^(1/2))`` is the
  nuclear norm of ``A1^T A2`` for any factors ``S = A A^T`` (the centred
  features scaled by ``1/sqrt(n - 1)``), computed by an SVD, whose singular
  values carry absolute errors of ``eps * ||A1^T A2||`` only; the closed forms
  in one dimension and for commuting (diagonal) covariances; non-negativity,
  zero for identical statistics, symmetry, invariance to a common translation
  and to orthogonal maps, scaling by c^2; the agreement of the two entry points.
* IS from its definition, in [1, C] with both ends reached, invariant to the
  order of classes and rows, splits as contiguous parts.
* KID (whole sets) from the unbiased MMD^2 definition, symmetric, order-free,
  zero in expectation for two samples of one distribution (a seeded statistical
  check), a subset of every row equal to the whole set, reproducible per seed.
* W_p from the quantile functions, W_1 as the area between the CDFs,
  symmetry, translation and scale equivariance, duplication and integer
  weights, point masses, W_p increasing in p, agreement with SciPy.
* Refusals of bad input, and the seed's claims.
"""

from __future__ import annotations

import math
import zlib
from fractions import Fraction

import numpy as np
from hypothesis import strategies as st

from .capabilities import Capability
from .checks import expect, expect_close, expect_in_range, expect_le, expect_refusal
from properties.engine.vocabulary import findings, registry
from properties.engine.target.references import reference
from .generic import BAD_WEIGHTS
from .inputs import cycled_edges, with_edges
from .inputs.features import feature_pairs, gaussian_pairs, probability_rows, sample_pairs

EXAMPLES = 40
registry.family_examples("generative", EXAMPLES)
register, prop = registry.register, registry.prop

#: the same sums in another order
ROUNDING = 1e-10
EPS = np.finfo(np.float64).eps

CAPABILITIES = {
    "frechet_distance": Capability(
        (0.0, None), True, "two feature matrices (n1 x d, n2 x d), n >= 2",
        "none: every pair of matrices with two rows each and the same d has a value (0 for identical statistics)",
        higher_is_better=False),
    "frechet_distance_from_statistics": Capability(
        (0.0, None), True, "two (mean, covariance) pairs",
        "none for PSD covariances; a non-symmetric or clearly indefinite covariance is refused",
        higher_is_better=False),
    "inception_score": Capability(
        (1.0, None), False, "class probabilities p(y|x), n x C rows summing to 1",
        "none (1 <= IS <= C; splits must lie in 1..n)"),
    "kernel_inception_distance": Capability(
        (None, None), True, "two feature matrices (n1 x d, n2 x d)",
        "none for subsets of >= 2 rows (the unbiased estimate can be negative)", higher_is_better=False),
    "wasserstein_distance": Capability(
        (0.0, None), True, "two 1-D samples with optional weights",
        "none for non-empty samples with a positive total weight", higher_is_better=False),
}


# ------------------------------------------------------------------ the spec's own definitions


def _stats(X):
    X = np.asarray(X, dtype=np.float64)
    return X.mean(axis=0), np.cov(X, rowvar=False, ddof=1).reshape(X.shape[1], X.shape[1])


def _factor(X):
    """A with cov(X) = A A^T: the centred rows, transposed, over sqrt(n - 1)."""
    X = np.asarray(X, dtype=np.float64)
    return (X - X.mean(axis=0)).T / math.sqrt(X.shape[0] - 1)


def _fid_from_factors(mu1, A1, mu2, A2):
    """||mu1 - mu2||^2 + ||A1||_F^2 + ||A2||_F^2 - 2 ||A1^T A2||_* (Tr S = ||A||_F^2, Tr sqrt(S1 S2) = nuclear norm)."""
    nuclear = np.linalg.svd(A1.T @ A2, compute_uv=False).sum()
    return float(np.sum((mu1 - mu2) ** 2) + np.sum(A1 ** 2) + np.sum(A2 ** 2) - 2 * nuclear)


def _fid_atol(S1, S2):
    """What a correct float64 implementation may miss by: the square roots of the rounding errors of the zero
    eigenvalues of a singular S1 S2 (each about eps * ||S1|| ||S2||), d of them, plus the sums' rounding."""
    d = S1.shape[0]
    t1, t2 = float(np.trace(S1)), float(np.trace(S2))
    return 2 * d * math.sqrt(EPS * max(t1, 1e-300) * max(t2, 1e-300)) * 8 + 1e-12 * (1 + t1 + t2)


def _same_fid(actual, expected, S1, S2, what):
    expect_close(actual, expected, rtol=1e-9, atol=_fid_atol(S1, S2), what=what)


def _fid_atol_features(ex):
    return _fid_atol(_stats(ex.X1)[1], _stats(ex.X2)[1])


# ------------------------------------------------------------------ Fréchet distance

_FID = ("frechet_distance",)
_FID_STATS = ("frechet_distance_from_statistics",)


@prop("definition[frechet_distance]",
      "FID = ||mu1 - mu2||^2 + Tr S1 + Tr S2 - 2 Tr((S1 S2)^(1/2)) with ddof = 1 covariances, the trace of the square "
      "root computed as the nuclear norm of A1^T A2 (S = A A^T, A the centred features over sqrt(n - 1))",
      kind="relation", needs=_FID, strategy=feature_pairs(), defines="frechet_distance")
def fid_definition(t, ex):
    m1, m2 = ex.X1.mean(axis=0), ex.X2.mean(axis=0)
    expected = _fid_from_factors(m1, _factor(ex.X1), m2, _factor(ex.X2))
    expect_close(t.frechet_distance(ex.X1, ex.X2), expected, rtol=1e-9, atol=_fid_atol_features(ex),
                 what="FID vs its definition")


@prop("definition[frechet_distance_from_statistics]",
      "FID from statistics = ||mu1 - mu2||^2 + Tr S1 + Tr S2 - 2 ||A1^T A2||_* for S = A A^T, singular "
      "covariances included", kind="relation", needs=_FID_STATS, strategy=gaussian_pairs(),
      defines="frechet_distance_from_statistics")
def fid_stats_definition(t, ex):
    _same_fid(t.frechet_distance_from_statistics(*ex.args), _fid_from_factors(ex.mu1, ex.A1, ex.mu2, ex.A2),
              ex.S1, ex.S2, "FID from statistics vs its definition")


@prop("commuting_closed_form[frechet_distance_from_statistics]",
      "for diagonal (commuting) covariances, FID = ||mu1 - mu2||^2 + sum_i (sqrt(a_i) - sqrt(b_i))^2",
      kind="relation", needs=_FID_STATS, strategy=gaussian_pairs(diagonal=True))
def fid_diagonal(t, ex):
    a, b = np.diag(ex.S1), np.diag(ex.S2)
    expected = float(np.sum((ex.mu1 - ex.mu2) ** 2) + np.sum((np.sqrt(a) - np.sqrt(b)) ** 2))
    _same_fid(t.frechet_distance_from_statistics(*ex.args), expected, ex.S1, ex.S2, "FID of diagonal covariances")


@prop("one_dimensional_closed_form[frechet_distance]",
      "in one dimension FID = (m1 - m2)^2 + (s1 - s2)^2, s the sample standard deviations (ddof = 1)",
      kind="relation", needs=_FID, strategy=feature_pairs(dim=1))
def fid_1d(t, ex):
    x, y = ex.X1[:, 0], ex.X2[:, 0]
    expected = (x.mean() - y.mean()) ** 2 + (x.std(ddof=1) - y.std(ddof=1)) ** 2
    expect_close(t.frechet_distance(ex.X1, ex.X2), expected, rtol=1e-9, atol=_fid_atol_features(ex),
                 what="1-D FID vs (m1 - m2)^2 + (s1 - s2)^2")


@prop("statistics_agree[frechet_distance]",
      "frechet_distance(X1, X2) equals frechet_distance_from_statistics of their means and ddof = 1 covariances",
      kind="relation", needs=_FID + _FID_STATS, strategy=feature_pairs())
def fid_entry_points(t, ex):
    (m1, s1), (m2, s2) = _stats(ex.X1), _stats(ex.X2)
    _same_fid(t.frechet_distance(ex.X1, ex.X2), t.frechet_distance_from_statistics(m1, s1, m2, s2), s1, s2,
              "FID from features vs from their statistics")


def _nonnegative(t, ex, call):
    value = float(call(t, ex))
    expect(value >= 0.0, f"negative FID {value!r}")


for _name, _strategy, _call in (
    ("frechet_distance", feature_pairs(), lambda t, ex: t.frechet_distance(ex.X1, ex.X2)),
    ("frechet_distance_from_statistics", gaussian_pairs(), lambda t, ex: t.frechet_distance_from_statistics(*ex.args)),
):
    register(f"bounds[{_name}]", f"{_name} is never negative, singular covariances included (rounding must not push "
             "it below 0)", kind="bound", needs=(_name,), strategy=_strategy,
             check=lambda t, ex, call=_call: _nonnegative(t, ex, call))


def _zero_and_not_below(value, atol: float, what: str) -> None:
    """FID of identical statistics: 0 up to the square roots of rounding errors, and never below 0 (the catalog
    clips at 0: a distance of identical Gaussians has no negative rounding to keep)."""
    value = float(value)
    expect(value >= 0.0, f"{what} is {value!r}, below 0: FID is never negative, on identical statistics least of all")
    expect_close(value, 0.0, rtol=0, atol=atol, what=what)


#: identical features: as drawn, with fewer rows than features (rank-deficient covariances), scaled by factors that
#: make the covariances inexact (rounding to either side of 0)
_identical_features = st.tuples(st.one_of(feature_pairs(), feature_pairs(max_rows=4, dim=4)),
                                st.sampled_from((1.0, 0.1, 1 / 3, 1e3)))


@prop("identical_statistics[frechet_distance]",
      "the same features on both sides give FID 0 (up to the square roots of rounding errors) and never below 0, "
      "rank-deficient covariances (fewer rows than features) included", kind="identity",
      needs=_FID, strategy=_identical_features)
def fid_identical(t, ex):
    pair, scale = ex
    X = pair.X1 * scale
    _, s1 = _stats(X)
    _zero_and_not_below(t.frechet_distance(X, X.copy()), _fid_atol(s1, s1), what=f"FID(X, X), X of shape {X.shape}")


@prop("identical_statistics[frechet_distance_from_statistics]",
      "identical statistics give FID 0 (up to the square roots of rounding errors) and never below 0, singular "
      "covariances included", kind="identity", needs=_FID_STATS,
      strategy=st.tuples(gaussian_pairs(), st.sampled_from((1.0, 0.1, 1 / 3, 1e3))))
def fid_stats_identical(t, ex):
    pair, scale = ex
    mu, S = pair.mu1 * scale, pair.S1 * scale**2
    _zero_and_not_below(t.frechet_distance_from_statistics(mu, S, mu.copy(), S.copy()), _fid_atol(S, S),
                        what=f"FID(mu, S, mu, S), S of rank {np.linalg.matrix_rank(pair.A1)} in {S.shape[0]} dimensions")


@prop("symmetry[frechet_distance]", "FID(X1, X2) = FID(X2, X1)", kind="symmetry", needs=_FID,
      strategy=feature_pairs())
def fid_symmetry(t, ex):
    expect_close(t.frechet_distance(ex.X2, ex.X1), t.frechet_distance(ex.X1, ex.X2), rtol=1e-9,
                 atol=_fid_atol_features(ex), what="FID with the sets swapped")


@prop("symmetry[frechet_distance_from_statistics]", "FID(mu1, S1, mu2, S2) = FID(mu2, S2, mu1, S1)",
      kind="symmetry", needs=_FID_STATS, strategy=gaussian_pairs())
def fid_stats_symmetry(t, ex):
    _same_fid(t.frechet_distance_from_statistics(ex.mu2, ex.S2, ex.mu1, ex.S1),
              t.frechet_distance_from_statistics(*ex.args), ex.S1, ex.S2, "FID with the Gaussians swapped")


def _signed_permutation(d, draw):
    perm = draw(st.permutations(range(d)))
    signs = draw(st.lists(st.sampled_from([-1.0, 1.0]), min_size=d, max_size=d))
    Q = np.zeros((d, d))
    Q[np.arange(d), perm] = signs
    return Q


@prop("euclidean_invariance[frechet_distance]",
      "FID does not change when both feature sets are translated by the same vector and mapped by the same "
      "orthogonal matrix (a signed permutation: exact, and a rotation)", kind="invariance", needs=_FID,
      strategy=st.tuples(feature_pairs(), st.data()))
def fid_euclidean(t, data_ex):
    ex, data = data_ex
    d = ex.d
    shift = np.array(data.draw(st.lists(st.integers(-50, 50), min_size=d, max_size=d)), dtype=np.float64)
    Q = _signed_permutation(d, data.draw)
    base = t.frechet_distance(ex.X1, ex.X2)
    atol = _fid_atol_features(ex)
    expect_close(t.frechet_distance(ex.X1 @ Q + shift, ex.X2 @ Q + shift), base, rtol=1e-9, atol=atol * 4,
                 what="FID after a common shift and signed permutation of the features")
    if d >= 2:
        angle = data.draw(st.floats(0.1, 3.0))
        R = np.eye(d)
        R[:2, :2] = [[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]]
        expect_close(t.frechet_distance(ex.X1 @ R, ex.X2 @ R), base, rtol=1e-8, atol=atol * 4,
                     what=f"FID after rotating the first two features by {angle:.3f} rad")


@prop("scaling[frechet_distance]", "scaling every feature of both sets by c multiplies FID by c^2 (c a power of two)",
      kind="relation", needs=_FID, strategy=with_edges(st.tuples(feature_pairs(), st.integers(-3, 3)), cycled_edges(
          feature_pairs().edges, lambda ex, j: (ex, j), (-3, 2, 1, -1))))
def fid_scaling(t, ex_j):
    ex, j = ex_j
    c = 2.0 ** j
    expect_close(t.frechet_distance(c * ex.X1, c * ex.X2), c * c * t.frechet_distance(ex.X1, ex.X2), rtol=1e-9,
                 atol=_fid_atol_features(ex) * c * c * 2, what=f"FID after scaling by 2**{j}")


@prop("permutation_invariance[frechet_distance]", "the order of the rows of either feature set does not matter",
      kind="invariance", needs=_FID, strategy=st.tuples(feature_pairs(), st.randoms(use_true_random=False)))
def fid_rows(t, ex_r):
    ex, rnd = ex_r
    p1, p2 = list(range(len(ex.X1))), list(range(len(ex.X2)))
    rnd.shuffle(p1)
    rnd.shuffle(p2)
    expect_close(t.frechet_distance(ex.X1[p1], ex.X2[p2]), t.frechet_distance(ex.X1, ex.X2), rtol=1e-9,
                 atol=_fid_atol_features(ex) * 2, what="FID after reordering the rows")


@prop("refuses_bad_input[frechet_distance]",
      "frechet_distance refuses 1-D features, NaN, infinity, a single row, and different feature counts, naming "
      "the argument", kind="refusal", needs=_FID, strategy=feature_pairs(dim=2))
def fid_refusals(t, ex):
    X1, X2 = ex.X1, ex.X2
    expect_refusal(lambda: t.frechet_distance(X1[:, 0], X2), "features_1")
    bad = X1.copy()
    bad[0, 0] = np.nan
    expect_refusal(lambda: t.frechet_distance(bad, X2), "features_1")
    bad[0, 0] = np.inf
    expect_refusal(lambda: t.frechet_distance(X1, bad), "features_2")
    expect_refusal(lambda: t.frechet_distance(X1[:1], X2), "features_1")
    expect_refusal(lambda: t.frechet_distance(X1, X2[:, :1]), "features_2")


@prop("refuses_bad_input[frechet_distance_from_statistics]",
      "frechet_distance_from_statistics refuses a non-square, non-symmetric or indefinite covariance, NaN, and "
      "dimensions that do not match, naming the argument", kind="refusal", needs=_FID_STATS,
      strategy=gaussian_pairs().filter(lambda ex: ex.S1.shape[0] >= 2))
def fid_stats_refusals(t, ex):
    mu1, S1, mu2, S2 = ex.args
    fid = t.frechet_distance_from_statistics
    expect_refusal(lambda: fid(mu1, S1[:, :-1], mu2, S2), "sigma_1")
    skew = S1.copy()
    skew[0, 1] += 1.0 + abs(skew[0, 1])
    expect_refusal(lambda: fid(mu1, skew, mu2, S2), "sigma_1")
    expect_refusal(lambda: fid(mu1, S1, mu2, S2 - (np.trace(S2) + 1) * np.eye(len(S2))), "sigma_2")
    nan = mu2.copy()
    nan[0] = np.nan
    expect_refusal(lambda: fid(mu1, S1, nan, S2), "mu_2")
    expect_refusal(lambda: fid(mu1[:-1], S1, mu2, S2), "mu_1")


def _well_conditioned(ex):
    """Both covariances comfortably positive definite: where a square root of the product is well determined."""
    return all(np.linalg.eigvalsh(S).min() > 1e-3 * max(1.0, np.trace(S)) for S in (ex.S1, ex.S2))


@prop("agrees_with_scipy[frechet_distance_from_statistics]",
      "on well-conditioned covariances, FID agrees with the textbook route through scipy.linalg.sqrtm of S1 S2",
      kind="agreement", needs=_FID_STATS, reference="scipy", strategy=gaussian_pairs().filter(_well_conditioned),
      edges=tuple((name, ex) for name, ex in gaussian_pairs().edges if _well_conditioned(ex)))
def fid_scipy(t, ex):
    _same_fid(t.frechet_distance_from_statistics(*ex.args),
              reference("scipy").frechet_distance_from_statistics(*ex.args), ex.S1, ex.S2, "FID vs the sqrtm route")


# ------------------------------------------------------------------ Inception Score

_IS = ("inception_score", "inception_score:splits")


def _is_definition(P, splits):
    scores = []
    for part in np.array_split(P, splits):
        marginal = [sum(row[j] for row in part) / len(part) for j in range(part.shape[1])]
        kl = [sum(p * math.log(p / marginal[j]) for j, p in enumerate(row) if p > 0) for row in part]
        scores.append(math.exp(sum(kl) / len(kl)))
    return float(np.mean(scores)), float(np.std(scores))


@prop("definition[inception_score]",
      "IS = exp(mean_x KL(p(y|x) || p(y))) on each of `splits` contiguous parts (np.array_split), p(y) the part's "
      "mean row, 0 log 0 = 0; the result is the mean and the (ddof = 0) standard deviation over the parts",
      kind="relation", needs=_IS, strategy=with_edges(st.tuples(probability_rows(), st.integers(1, 4)), cycled_edges(
          probability_rows().edges, lambda P, splits: (P, min(splits, len(P))), (1, 2, 3))),
      defines="inception_score")
def is_definition(t, ex):
    P, splits = ex
    splits = min(splits, len(P))
    mean, std = t.inception_score(P, splits=splits)
    want_mean, want_std = _is_definition(P, splits)
    expect_close(mean, want_mean, rtol=ROUNDING, atol=ROUNDING, what="IS mean vs its definition")
    expect_close(std, want_std, rtol=1e-9, atol=1e-12, what="IS std vs its definition")


@prop("bounds[inception_score]", "1 <= IS <= C (the number of classes) for one split", kind="bound",
      needs=_IS, strategy=probability_rows())
def is_bounds(t, P):
    expect_in_range(t.inception_score(P, splits=1)[0], 1.0, float(P.shape[1]), what="IS", tol=1e-12)


@prop("extremes[inception_score]",
      "IS reaches both ends: 1 when every row is the same distribution, C when the rows are one-hot and spread "
      "evenly over the C classes", kind="identity", needs=_IS,
      strategy=st.tuples(st.integers(1, 6), st.integers(1, 4), probability_rows(max_rows=1)))
def is_extremes(t, ex):
    c, copies, row = ex
    same = np.repeat(row, copies + 1, axis=0)
    expect_close(t.inception_score(same, splits=1)[0], 1.0, rtol=ROUNDING, atol=ROUNDING, what="IS of equal rows")
    onehot = np.tile(np.eye(c), (copies, 1))
    expect_close(t.inception_score(onehot, splits=1)[0], float(c), rtol=ROUNDING, atol=ROUNDING,
                 what=f"IS of one-hot rows spread over {c} classes")


@prop("class_permutation_invariance[inception_score]",
      "permuting the classes (the columns) changes nothing", kind="invariance", needs=_IS,
      strategy=st.tuples(probability_rows(), st.randoms(use_true_random=False)))
def is_classes(t, ex):
    P, rnd = ex
    cols = list(range(P.shape[1]))
    rnd.shuffle(cols)
    expect_close(t.inception_score(P[:, cols], splits=1)[0], t.inception_score(P, splits=1)[0], rtol=ROUNDING,
                 atol=ROUNDING, what="IS with the classes permuted")


@prop("permutation_invariance[inception_score]",
      "with one split, the order of the rows does not matter, and every row twice gives the same IS",
      kind="invariance", needs=_IS, strategy=st.tuples(probability_rows(), st.randoms(use_true_random=False)))
def is_rows(t, ex):
    P, rnd = ex
    rows = list(range(len(P)))
    rnd.shuffle(rows)
    base = t.inception_score(P, splits=1)[0]
    expect_close(t.inception_score(P[rows], splits=1)[0], base, rtol=ROUNDING, atol=ROUNDING,
                 what="IS with the rows reordered")
    expect_close(t.inception_score(np.vstack([P, P]), splits=1)[0], base, rtol=ROUNDING, atol=ROUNDING,
                 what="IS with every row twice")


@prop("refuses_bad_input[inception_score]",
      "inception_score refuses rows that do not sum to 1, negative or NaN probabilities, 1-D input, and splits "
      "outside 1..n, naming the argument", kind="refusal", needs=_IS,
      strategy=probability_rows().filter(lambda P: P.shape[1] >= 2))
def is_refusals(t, P):
    expect_refusal(lambda: t.inception_score(P * 1.5, splits=1), "probabilities")
    neg = P.copy()
    neg[0] = 0.0
    neg[0, :2] = [1.5, -0.5]  # sums to 1
    expect_refusal(lambda: t.inception_score(neg, splits=1), "probabilities")
    nan = P.copy()
    nan[0, 0] = np.nan
    expect_refusal(lambda: t.inception_score(nan, splits=1), "probabilities")
    expect_refusal(lambda: t.inception_score(P[0], splits=1), "probabilities")
    expect_refusal(lambda: t.inception_score(P, splits=0), "splits")
    expect_refusal(lambda: t.inception_score(P, splits=len(P) + 1), "splits")
    with findings.part("fractional:splits", view=t):
        expect_refusal(lambda: t.inception_score(P, splits=1.5), "splits")


# ------------------------------------------------------------------ kernel inception distance

_KID = ("kernel_inception_distance", "kernel_inception_distance:subsets", "kernel_inception_distance:subset_size")
#: two sets of one size, so that a single subset of every row is the whole-set estimate in any library
_SAME_SIZE = feature_pairs(equal_rows=True)


def _kid_definition(X, Y, degree=3, coef=1.0):
    gamma = 1.0 / X.shape[1]
    k = lambda a, b: (gamma * float(np.dot(a, b)) + coef) ** degree  # noqa: E731
    m, n = len(X), len(Y)
    xx = sum(k(X[i], X[j]) for i in range(m) for j in range(m) if i != j) / (m * (m - 1))
    yy = sum(k(Y[i], Y[j]) for i in range(n) for j in range(n) if i != j) / (n * (n - 1))
    xy = sum(k(x, y) for x in X for y in Y) / (m * n)
    return xx + yy - 2 * xy


def _kid(t, X1, X2):
    """The whole-set estimate, as one subset of every row (torchmetrics has no ``subset_size=None``): the unbiased
    MMD^2 does not depend on the row order, so the draw does not matter."""
    return float(t.kernel_inception_distance(X1, X2, subsets=1, subset_size=len(X1))[0])


def _kid_tol(X1, X2):
    """The kernel sums reach (gamma |x| |y| + 1)^3: the estimate is a difference of such sums."""
    big = max(np.abs(X1).max(), np.abs(X2).max(), 1.0)
    return 1e-12 * (big * big + 1.0) ** 3


@prop("definition[kernel_inception_distance]",
      "on the whole sets (one subset of every row of two equal-sized sets), KID is the unbiased MMD^2 with k(x, y) = (x.y / d + 1)^3: mean k over "
      "distinct pairs within each set, minus twice the mean over cross pairs", kind="relation", needs=_KID,
      strategy=_SAME_SIZE, defines="kernel_inception_distance")
def kid_definition(t, ex):
    expect_close(_kid(t, ex.X1, ex.X2), _kid_definition(ex.X1, ex.X2), rtol=1e-9, atol=_kid_tol(ex.X1, ex.X2),
                 what="KID vs the unbiased MMD^2")


@prop("symmetry[kernel_inception_distance]", "KID on the whole sets is symmetric", kind="symmetry", needs=_KID,
      strategy=_SAME_SIZE)
def kid_symmetry(t, ex):
    expect_close(_kid(t, ex.X2, ex.X1), _kid(t, ex.X1, ex.X2), rtol=1e-9, atol=_kid_tol(ex.X1, ex.X2),
                 what="KID with the sets swapped")


@prop("permutation_invariance[kernel_inception_distance]", "KID on the whole sets does not depend on the row order",
      kind="invariance", needs=_KID, strategy=st.tuples(_SAME_SIZE, st.randoms(use_true_random=False)))
def kid_rows(t, ex_r):
    ex, rnd = ex_r
    p1 = list(range(len(ex.X1)))
    rnd.shuffle(p1)
    expect_close(_kid(t, ex.X1[p1], ex.X2), _kid(t, ex.X1, ex.X2), rtol=1e-9, atol=_kid_tol(ex.X1, ex.X2),
                 what="KID after reordering the rows")


@prop("full_subsets[kernel_inception_distance]",
      "subsets of every row of two equal-sized sets give the whole-set estimate (subset_size=None), std 0, "
      "whatever the seed", kind="relation", needs=(*_KID, "kernel_inception_distance:seed"),
      strategy=with_edges(st.tuples(_SAME_SIZE, st.integers(0, 2**16)),
                          cycled_edges(_SAME_SIZE.edges, lambda ex, seed: (ex, seed), (0, 2**16 - 1))))
def kid_full_subsets(t, ex_s):
    ex, seed = ex_s
    whole = float(t.kernel_inception_distance(ex.X1, ex.X2, subset_size=None)[0])
    mean, std = t.kernel_inception_distance(ex.X1, ex.X2, subsets=3, subset_size=len(ex.X1), seed=seed)
    expect_close(mean, whole, rtol=1e-9, atol=_kid_tol(ex.X1, ex.X2), what="KID of subsets of every row")
    expect_close(std, 0.0, rtol=0, atol=_kid_tol(ex.X1, ex.X2), what="std over identical subsets")


@prop("reproducible[kernel_inception_distance]",
      "the same seed gives the same subsets and the same result, whatever NumPy's global random state",
      kind="identity", needs=(*_KID, "kernel_inception_distance:seed"),
      strategy=st.tuples(feature_pairs(min_rows=4), st.integers(0, 2**16)))
def kid_reproducible(t, ex_s):
    ex, seed = ex_s
    size = min(len(ex.X1), len(ex.X2)) - 1
    first = t.kernel_inception_distance(ex.X1, ex.X2, subsets=5, subset_size=size, seed=seed)
    np.random.seed(seed + 1)
    np.random.random(7)
    second = t.kernel_inception_distance(ex.X1, ex.X2, subsets=5, subset_size=size, seed=seed)
    expect_close(np.asarray(second, dtype=float), np.asarray(first, dtype=float), rtol=0, atol=0,
                 what="KID twice with one seed")


#: the unbiasedness check: ``DRAWS`` pairs of samples of one Gaussian (seeded); the mean KID must lie within ``Z``
#: standard errors of 0. For a mean of 200 near-normal draws, |z| > 4.5 has probability 7e-6 per run
DRAWS, Z = 200, 4.5


@prop("zero_in_expectation[kernel_inception_distance]",
      f"KID is unbiased: over {DRAWS} pairs of samples of one distribution (seeded) its mean is 0 within {Z} "
      "standard errors, individual values falling on both sides of 0", kind="relation", needs=_KID,
      strategy=with_edges(st.tuples(st.integers(5, 12), st.integers(1, 3)), (("fewest_samples_one_feature", (5, 1)),)),
      max_examples=3)
def kid_unbiased(t, ex):
    n, d = ex
    rng = np.random.default_rng(zlib.crc32(f"kid {n} {d}".encode()))
    values = np.array([_kid(t, rng.normal(size=(n, d)), rng.normal(size=(n, d))) for _ in range(DRAWS)])
    se = values.std(ddof=1) / math.sqrt(DRAWS)
    expect(abs(values.mean()) <= Z * se,
           f"mean KID over {DRAWS} same-distribution pairs = {values.mean():.4g}, outside {Z} standard errors "
           f"({Z * se:.3g}) of 0 [seeded; an unbiased estimator fails this with probability < 1e-5]")
    expect(values.min() < 0 < values.max(), f"KID never took both signs: min {values.min():.3g}, "
           f"max {values.max():.3g} (an unbiased estimate of a zero MMD^2 must)")


@prop("refuses_bad_input[kernel_inception_distance]",
      "kernel_inception_distance refuses NaN, 1-D features, different feature counts, a subset larger than a set "
      "or smaller than 2, and subsets, subset_size and degree out of their domain (0, or not an integer), naming "
      "the argument", kind="refusal",
      needs=(*_KID, "kernel_inception_distance:degree"), strategy=feature_pairs(dim=2))
def kid_refusals(t, ex):
    X1, X2 = ex.X1, ex.X2
    nan = X1.copy()
    nan[0, 0] = np.nan
    expect_refusal(lambda: t.kernel_inception_distance(nan, X2, subsets=1, subset_size=2), "features_1")
    expect_refusal(lambda: t.kernel_inception_distance(X1, X2[:, 0], subsets=1, subset_size=2), "features_2")
    expect_refusal(lambda: t.kernel_inception_distance(X1, X2[:, :1], subsets=1, subset_size=2), "features_2")
    expect_refusal(lambda: t.kernel_inception_distance(X1, X2, subsets=1, subset_size=len(X1) + len(X2) + 1),
                   "subset_size")
    expect_refusal(lambda: t.kernel_inception_distance(X1, X2, subsets=1, subset_size=1), "subset_size")
    for keyword, defect, value in (("subsets", "nonpositive", 0), ("subsets", "fractional", 1.5),
                                   ("subset_size", "fractional", 2.5), ("degree", "nonpositive", 0),
                                   ("degree", "fractional", 1.5)):
        with findings.form(f"{defect}:{keyword}", view=t):  # a target without degree= skips those two
            expect_refusal(lambda: t.kernel_inception_distance(X1, X2, **{"subsets": 1, "subset_size": 2,
                                                                          keyword: value}), keyword)


# ------------------------------------------------------------------ Wasserstein distance

_W = ("wasserstein_distance", "wasserstein_distance:p")
_PS = (1, 1.5, 2, 3)


def _quantile_breaks(values, weights):
    order = np.argsort(values, kind="stable")
    w = [Fraction(int(x)) for x in (np.ones(len(values)) if weights is None else weights)[order]]
    total = sum(w)
    cum, acc = [], Fraction(0)
    for x in w:
        acc += x
        cum.append(acc / total)
    return np.asarray(values)[order], cum


def _quantile(sorted_values, cum, t):
    """F^-1(t) = the smallest value whose CDF reaches t, for t in (0, 1)."""
    return next(v for v, c in zip(sorted_values, cum) if c >= t)


def _wasserstein_definition(ex, p):
    """(integral_0^1 |F^-1(t) - G^-1(t)|^p dt)^(1/p), exactly on the merged breakpoints of both CDFs."""
    (su, cu), (sv, cv) = _quantile_breaks(ex.u, ex.u_weights), _quantile_breaks(ex.v, ex.v_weights)
    breaks = sorted({Fraction(0), *cu, *cv})
    total = 0.0
    for a, b in zip(breaks, breaks[1:]):
        mid = (a + b) / 2
        total += float(b - a) * abs(_quantile(su, cu, mid) - _quantile(sv, cv, mid)) ** p
    return total ** (1.0 / p)


def _cdf_area(ex):
    """W_1 as integral |F(x) - G(x)| dx over the merged support."""
    (su, cu), (sv, cv) = _quantile_breaks(ex.u, ex.u_weights), _quantile_breaks(ex.v, ex.v_weights)
    xs = sorted(set(su.tolist()) | set(sv.tolist()))

    def cdf(sorted_values, cum, x):
        below = [c for v, c in zip(sorted_values, cum) if v <= x]
        return below[-1] if below else Fraction(0)

    return float(sum(abs(cdf(su, cu, a) - cdf(sv, cv, a)) * Fraction(b - a) for a, b in zip(xs, xs[1:])))


def _w(t, ex, p=1, **kw):
    return float(t.wasserstein_distance(ex.u, ex.v, ex.u_weights, ex.v_weights, p=p, **kw))


@prop("definition[wasserstein_distance]",
      "W_p = (integral_0^1 |F^-1(t) - G^-1(t)|^p dt)^(1/p), F^-1 the weighted empirical quantile functions "
      "(p in 1, 1.5, 2, 3)", kind="relation", needs=_W, strategy=with_edges(
          st.tuples(sample_pairs(), st.sampled_from(_PS)),
          cycled_edges(sample_pairs().edges, lambda ex, p: (ex, p), _PS)),
      defines="wasserstein_distance")
def w_definition(t, ex_p):
    ex, p = ex_p
    expect_close(_w(t, ex, p), _wasserstein_definition(ex, p), rtol=1e-9, atol=1e-12, what=f"W_{p} vs its definition")


@prop("cdf_area[wasserstein_distance]", "W_1 is the area between the two CDFs, integral |F(x) - G(x)| dx",
      kind="relation", needs=_W, strategy=sample_pairs())
def w_cdf_area(t, ex):
    expect_close(_w(t, ex, 1), _cdf_area(ex), rtol=1e-9, atol=1e-12, what="W_1 vs the area between the CDFs")


@prop("symmetry[wasserstein_distance]", "W_p(u, v) = W_p(v, u)", kind="symmetry", needs=_W,
      strategy=st.tuples(sample_pairs(), st.sampled_from(_PS)))
def w_symmetry(t, ex_p):
    ex, p = ex_p
    swapped = float(t.wasserstein_distance(ex.v, ex.u, ex.v_weights, ex.u_weights, p=p))
    expect_close(swapped, _w(t, ex, p), rtol=1e-12, atol=1e-12, what=f"W_{p} with the samples swapped")


@prop("translation_and_scale[wasserstein_distance]",
      "shifting both samples by c changes nothing, scaling both by s multiplies W_p by |s|, and W_p(u, u + c) = |c|",
      kind="invariance", needs=_W,
      strategy=st.tuples(sample_pairs(), st.sampled_from(_PS), st.integers(-30, 30), st.sampled_from([-4.0, 0.5, 2.0])))
def w_affine(t, ex_args):
    ex, p, c, s = ex_args
    base = _w(t, ex, p)
    shifted = float(t.wasserstein_distance(ex.u + c, ex.v + c, ex.u_weights, ex.v_weights, p=p))
    expect_close(shifted, base, rtol=1e-9, atol=1e-12, what=f"W_{p} after shifting both by {c}")
    scaled = float(t.wasserstein_distance(ex.u * s, ex.v * s, ex.u_weights, ex.v_weights, p=p))
    expect_close(scaled, abs(s) * base, rtol=1e-9, atol=1e-12, what=f"W_{p} after scaling both by {s}")
    moved = float(t.wasserstein_distance(ex.u, ex.u + c, ex.u_weights, ex.u_weights, p=p))
    expect_close(moved, abs(c), rtol=1e-9, atol=1e-12, what=f"W_{p}(u, u + {c})")


@prop("duplication_invariance[wasserstein_distance]",
      "every value twice, or an integer weight w in place of w copies, gives the same distance (and the order of "
      "the values does not matter)", kind="invariance", needs=_W,
      strategy=st.tuples(sample_pairs(weighted=True), st.sampled_from(_PS)))
def w_weights(t, ex_p):
    ex, p = ex_p
    base = _w(t, ex, p)
    u, v = np.repeat(ex.u, ex.u_weights.astype(int)), np.repeat(ex.v, ex.v_weights.astype(int))
    expect_close(float(t.wasserstein_distance(u[::-1], v, p=p)), base, rtol=1e-9, atol=1e-12,
                 what=f"W_{p} with integer weights expanded into repeated values (reversed)")
    expect_close(float(t.wasserstein_distance(np.tile(ex.u, 2), ex.v, np.tile(ex.u_weights, 2), ex.v_weights, p=p)),
                 base, rtol=1e-9, atol=1e-12, what=f"W_{p} with every value of u twice")


@prop("increasing_in_p[wasserstein_distance]", "W_1 <= W_1.5 <= W_2 <= W_3 (Lyapunov's inequality)",
      kind="relation", needs=_W, strategy=sample_pairs())
def w_monotone(t, ex):
    values = [_w(t, ex, p) for p in _PS]
    for (p, a), (q, b) in zip(zip(_PS, values), zip(_PS[1:], values[1:])):
        expect_le(a, b, what=f"W_{p} <= W_{q}", tol=1e-9 * max(1.0, b))


@prop("point_masses[wasserstein_distance]",
      "two point masses a and b are |a - b| apart for every p, and a sample is 0 from itself", kind="identity",
      needs=_W, strategy=st.tuples(sample_pairs(), st.sampled_from(_PS)))
def w_points(t, ex_p):
    ex, p = ex_p
    a, b = ex.u[0], ex.v[0]
    expect_close(float(t.wasserstein_distance([a], [b], p=p)), abs(a - b), rtol=1e-12, atol=1e-12,
                 what=f"W_{p}([{a}], [{b}])")
    expect_close(float(t.wasserstein_distance(ex.u, ex.u[::-1].copy(), p=p)), 0.0, rtol=0, atol=1e-12,
                 what=f"W_{p}(u, u reversed)")


@prop("agrees_with_scipy[wasserstein_distance]",
      "W_1 equals scipy.stats.wasserstein_distance, weighted or not", kind="agreement", needs=_W,
      reference="scipy", strategy=sample_pairs())
def w_scipy(t, ex):
    expect_close(_w(t, ex, 1), reference("scipy").wasserstein_distance(*ex.args), rtol=1e-9, atol=1e-12,
                 what="W_1 vs scipy")


@prop("refuses_bad_input[wasserstein_distance]",
      "wasserstein_distance refuses empty or NaN samples, negative, NaN, infinite or mismatched weights (one "
      "weight for several values too), a zero total weight and p < 1, naming the argument", kind="refusal", needs=_W, strategy=sample_pairs(weighted=True))
def w_refusals(t, ex):
    u, v, uw, vw = ex.args
    w = t.wasserstein_distance
    expect_refusal(lambda: w([], v, p=1), "u_values")
    nan = v.copy()
    nan[0] = np.nan
    expect_refusal(lambda: w(u, nan, p=1), "v_values")
    neg = uw.copy()
    neg[0] = -1.0
    expect_refusal(lambda: w(u, v, neg, vw, p=1), "u_weights")
    expect_refusal(lambda: w(u, v, uw, np.append(vw, 1.0), p=1), "v_weights")
    expect_refusal(lambda: w(u, v, uw, np.zeros_like(vw), p=1), "v_weights")
    expect_refusal(lambda: w(u, v, uw, vw, p=0.5), "p")
    for defect, bad in BAD_WEIGHTS:
        if defect in ("negative", "wrong_length", "all_zero"):
            continue  # above
        spoiled = bad(vw)
        if defect == "broadcast" and len(v) == 1:
            continue  # one weight for one value: valid
        with findings.part(f"{defect}:v_weights", view=t):
            expect_refusal(lambda: w(u, v, uw, spoiled, p=1), "v_weights")


# ------------------------------------------------------------------ the seed's claims

SEED_004 = "seed 004, section Evaluation Metrics for Generative Image Models"


def _claim(name, statement, quote, needs, **options):
    return prop(f"claim.seed004.{name}", statement, kind="claim", source=SEED_004, quote=quote, needs=needs,
                **options)


@_claim("fid_formula",
        "FID(x, g) = ||mu_x - mu_g||^2 + Tr(S_x + S_g - 2 (S_x S_g)^(1/2)) as the seed writes it, with the matrix "
        "square root of the product taken literally (scipy.linalg.sqrtm) on well-conditioned covariances",
        "FID(x,g) = ||\\mu_x - \\mu_g||_2^2 + Tr(\\Sigma_x + \\Sigma_g - 2(\\Sigma_x \\Sigma_g)^{\\frac{1}{2}})",
        _FID_STATS, strategy=gaussian_pairs().filter(_well_conditioned))
def seed_fid_formula(t, ex):
    from scipy.linalg import sqrtm

    root = sqrtm(ex.S1 @ ex.S2)
    literal = float(np.sum((ex.mu1 - ex.mu2) ** 2) + np.trace(ex.S1 + ex.S2 - 2 * np.real(root)))
    _same_fid(t.frechet_distance_from_statistics(*ex.args), literal, ex.S1, ex.S2, "FID vs the seed's formula")


@_claim("lower_fid_more_similar",
        "moving the generated features' mean towards the real ones' lowers FID (lower FID, more similar samples)",
        "Therefore, lower FID corresponds to more similar real and generated samples", _FID,
        strategy=feature_pairs(min_rows=3))
def seed_lower_fid(t, ex):
    shift = np.ones(ex.d) * 20.0
    far, farther = (t.frechet_distance(ex.X1, ex.X2 + c * shift) for c in (1.0, 2.0))
    expect(far < farther, f"FID with the generated mean 20 apart {far:.6g}, 40 apart {farther:.6g}")
