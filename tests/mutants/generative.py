"""Deliberately wrong generative metrics: each a slip seen in FID, IS, KID and Wasserstein code.

FID: population covariances, the square root taken per matrix or per diagonal,
uncentred second moments, the means' L1 distance, a distance instead of its
square, eps added; IS: log base 2, no exponential, one marginal for every
split, the remainder rows dropped; KID: the biased (V-statistic) estimate, the
global NumPy generator; Wasserstein: W_p^p (POT's cost), weights ignored,
values paired in input order.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from metrics import generative as real
from tests.mutants import Mutant


def _ids(law, *metrics):
    return tuple(f"generative.{law}[{m}]" for m in metrics)


def _eig_sqrt(S):
    w, V = np.linalg.eigh((S + S.T) / 2)
    return (V * np.sqrt(np.clip(w, 0, None))) @ V.T


def _trace_root(S1, S2):
    """The correct Tr((S1 S2)^(1/2))."""
    A = _eig_sqrt(S1)
    return float(np.sqrt(np.clip(np.linalg.eigvalsh(A @ S2 @ A), 0, None)).sum())


def _fid(mu1, S1, mu2, S2, *, root=_trace_root, mean_term=lambda d: float(d @ d)):
    mu1, mu2 = np.atleast_1d(np.asarray(mu1, float)), np.atleast_1d(np.asarray(mu2, float))
    S1, S2 = np.atleast_2d(np.asarray(S1, float)), np.atleast_2d(np.asarray(S2, float))
    return max(0.0, mean_term(mu1 - mu2) + float(np.trace(S1) + np.trace(S2)) - 2 * root(S1, S2))


def _moments(X, ddof=1, centred=True):
    X = np.asarray(X, dtype=float)
    mu = X.mean(axis=0)
    Z = X - mu if centred else X
    return mu, Z.T @ Z / (len(X) - ddof)


def _fid_features(moments, **fid_options):
    def frechet_distance(features_1, features_2):
        m1, s1 = moments(features_1)
        m2, s2 = moments(features_2)
        return _fid(m1, s1, m2, s2, **fid_options)

    return frechet_distance


def _fid_stats(**fid_options):
    def frechet_distance_from_statistics(mu_1, sigma_1, mu_2, sigma_2):
        return _fid(mu_1, sigma_1, mu_2, sigma_2, **fid_options)

    return frechet_distance_from_statistics


def _root_per_matrix(S1, S2):
    return float(np.trace(_eig_sqrt(S1) @ _eig_sqrt(S2)))


def _root_of_diagonals(S1, S2):
    return float(np.sqrt(np.clip(np.diag(S1) * np.diag(S2), 0, None)).sum())


def _swallowed(fn, fallback=0.0):
    """``fn`` answering ``fallback`` where it would refuse: bad input scored instead of refused."""

    @functools.wraps(fn)
    def mutant(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ValueError:
            return fallback

    return mutant


def _fid_rounding_below_zero(mu_1, sigma_1, mu_2, sigma_2):
    """FID less a rounding-sized term and never clipped: 2 d sqrt(eps Tr S1 Tr S2), what an unregularised trace
    root can over-count by. Inside every tolerance of the definition, and negative (about -1e-7 for traces near
    100) on identical statistics."""
    value = real.frechet_distance_from_statistics(mu_1, sigma_1, mu_2, sigma_2)
    S1, S2 = np.asarray(sigma_1, dtype=float), np.asarray(sigma_2, dtype=float)
    return value - 2 * S1.shape[0] * math.sqrt(np.finfo(float).eps * float(np.trace(S1)) * float(np.trace(S2)))


def _fid_features_rounding_below_zero(features_1, features_2):
    real.frechet_distance(features_1, features_2)  # the same refusals
    (m1, s1), (m2, s2) = (_moments(np.asarray(X, dtype=float)) for X in (features_1, features_2))
    return _fid_rounding_below_zero(m1, s1, m2, s2)


FID_MUTANTS = [
    Mutant("fid_population_covariance", {"frechet_distance": _fid_features(lambda X: _moments(X, ddof=0))},
           _ids("definition", "frechet_distance") + _ids("one_dimensional_closed_form", "frechet_distance")
           + _ids("statistics_agree", "frechet_distance")),
    Mutant("fid_uncentred_second_moments",
           {"frechet_distance": _fid_features(lambda X: _moments(X, centred=False))},
           _ids("definition", "frechet_distance") + _ids("euclidean_invariance", "frechet_distance")),
    Mutant("fid_root_per_matrix",
           {"frechet_distance_from_statistics": _fid_stats(root=_root_per_matrix)},
           _ids("definition", "frechet_distance_from_statistics")
           + _ids("agrees_with_scipy", "frechet_distance_from_statistics") + ("generative.claim.seed004.fid_formula",)),
    Mutant("fid_root_of_diagonals",
           {"frechet_distance": _fid_features(_moments, root=_root_of_diagonals)},
           _ids("definition", "frechet_distance") + _ids("euclidean_invariance", "frechet_distance")),
    Mutant("fid_l1_mean_distance",
           {"frechet_distance": _fid_features(_moments, mean_term=lambda d: float(np.abs(d).sum())),
            "frechet_distance_from_statistics": _fid_stats(mean_term=lambda d: float(np.abs(d).sum()))},
           _ids("definition", "frechet_distance", "frechet_distance_from_statistics")
           + _ids("commuting_closed_form", "frechet_distance_from_statistics")
           + _ids("one_dimensional_closed_form", "frechet_distance") + _ids("scaling", "frechet_distance")),
    Mutant("fid_distance_not_squared",
           {"frechet_distance": lambda a, b: math.sqrt(real.frechet_distance(a, b))},
           _ids("scaling", "frechet_distance") + _ids("one_dimensional_closed_form", "frechet_distance")),
    Mutant("fid_eps_subtracted",
           {"frechet_distance": lambda a, b: real.frechet_distance(a, b) - 1e-6,
            "frechet_distance_from_statistics": lambda *a: real.frechet_distance_from_statistics(*a) - 1e-6},
           _ids("bounds", "frechet_distance", "frechet_distance_from_statistics")
           + _ids("identical_statistics", "frechet_distance", "frechet_distance_from_statistics")),
    Mutant("fid_rounding_below_zero[features]", {"frechet_distance": _fid_features_rounding_below_zero},
           _ids("identical_statistics", "frechet_distance")),
    Mutant("fid_rounding_below_zero[statistics]", {"frechet_distance_from_statistics": _fid_rounding_below_zero},
           _ids("identical_statistics", "frechet_distance_from_statistics")
           + _ids("bounds", "frechet_distance_from_statistics")),
    Mutant("fid_first_trace_twice",
           {"frechet_distance": _fid_features(_moments, root=lambda S1, S2: _trace_root(S1, S2)
                                              + (np.trace(S2) - np.trace(S1)) / 2),
            "frechet_distance_from_statistics": _fid_stats(root=lambda S1, S2: _trace_root(S1, S2)
                                                           + (np.trace(S2) - np.trace(S1)) / 2)},
           _ids("symmetry", "frechet_distance", "frechet_distance_from_statistics")),
    Mutant("fid_drops_the_last_row",
           {"frechet_distance": lambda a, b: real.frechet_distance(a, np.asarray(b)[:-1] if len(b) > 2 else b)},
           _ids("permutation_invariance", "frechet_distance") + _ids("definition", "frechet_distance")),
    Mutant("fid_means_ignored",
           {"frechet_distance": _fid_features(_moments, mean_term=lambda d: 0.0)},
           ("generative.claim.seed004.lower_fid_more_similar",) + _ids("definition", "frechet_distance")),
    Mutant("fid_bad_input_scored_zero",
           {"frechet_distance": _swallowed(real.frechet_distance),
            "frechet_distance_from_statistics": _swallowed(real.frechet_distance_from_statistics)},
           _ids("refuses_bad_input", "frechet_distance", "frechet_distance_from_statistics")),
]


# ---------------------------------------------------------------- Inception Score


def _is(P, splits, *, log=np.log, exp=np.exp, parts=np.array_split, marginal=None, ddof=0):
    P = np.asarray(P, dtype=float)
    scores = []
    for part in parts(P, splits):
        m = part.mean(axis=0) if marginal is None else marginal(P)
        with np.errstate(divide="ignore", invalid="ignore"):
            kl = np.where(part > 0, part * (log(part) - log(m)), 0.0).sum(axis=1)
        scores.append(exp(kl.mean()))
    scores = np.array(scores)
    return real.InceptionScore(float(scores.mean()), float(scores.std(ddof=ddof)) if len(scores) > ddof else 0.0)


def _is_mutant(**options):
    def inception_score(probabilities, *, splits=10):
        return _is(probabilities, splits, **options)

    return inception_score


def _is_class_biased(probabilities, *, splits=10):
    base = _is(probabilities, splits)
    return real.InceptionScore(base.mean + 1e-3 * float(np.argmax(np.asarray(probabilities, float).sum(axis=0))),
                               base.std)


def _drop_remainder(P, splits):
    size = len(P) // splits
    return [P[i * size:(i + 1) * size] for i in range(splits)]


IS_MUTANTS = [
    Mutant("is_log_base_two", {"inception_score": _is_mutant(log=np.log2)},
           _ids("definition", "inception_score") + _ids("extremes", "inception_score")),
    Mutant("is_without_exponential", {"inception_score": _is_mutant(exp=lambda x: x)},
           _ids("definition", "inception_score") + _ids("bounds", "inception_score")
           + _ids("extremes", "inception_score")),
    Mutant("is_one_marginal_for_all_splits", {"inception_score": _is_mutant(marginal=lambda P: P.mean(axis=0))},
           _ids("definition", "inception_score")),
    Mutant("is_std_ddof_one", {"inception_score": _is_mutant(ddof=1)}, _ids("definition", "inception_score")),
    Mutant("is_drops_the_remainder", {"inception_score": _is_mutant(parts=_drop_remainder)},
           _ids("definition", "inception_score")),
    Mutant("is_weights_classes_by_index", {"inception_score": _is_class_biased},
           _ids("class_permutation_invariance", "inception_score")),
    Mutant("is_marginal_of_the_first_half",
           {"inception_score": _is_mutant(parts=lambda P, s: [P], marginal=lambda P: P[: max(1, len(P) // 2)].mean(
               axis=0))},
           _ids("permutation_invariance", "inception_score")),
    Mutant("is_bad_input_scored_one", {"inception_score": _swallowed(real.inception_score, (1.0, 0.0))},
           _ids("refuses_bad_input", "inception_score")),
]


# ---------------------------------------------------------------- KID


def _kid_whole(X, Y, *, gamma_one=False, biased=False, second_keeps_diagonal=False, drops_last_row=False):
    X, Y = np.asarray(X, float), np.asarray(Y, float)
    if drops_last_row and len(X) > 2:
        X = X[:-1]
    gamma = 1.0 if gamma_one else 1.0 / X.shape[1]
    k = lambda A, B: (gamma * A @ B.T + 1.0) ** 3  # noqa: E731
    m, n = len(X), len(Y)
    if biased:
        return float(k(X, X).mean() + k(Y, Y).mean() - 2 * k(X, Y).mean())
    kxx, kyy = k(X, X), k(Y, Y)
    yy = kyy.mean() if second_keeps_diagonal else (kyy.sum() - np.trace(kyy)) / (n * (n - 1))
    return float((kxx.sum() - np.trace(kxx)) / (m * (m - 1)) + yy - 2 * k(X, Y).mean())


def _kid_mutant(**options):
    """The wrong estimator on the whole sets and on every subset (subsets drawn as the catalog draws them)."""

    def kernel_inception_distance(features_1, features_2, *, subsets=100, subset_size=1000, degree=3, gamma=None,
                                  coef=1.0, seed=0):
        real.kernel_inception_distance(features_1, features_2, subsets=subsets, subset_size=subset_size,
                                       degree=degree, gamma=gamma, coef=coef, seed=seed)  # the same refusals
        X, Y = np.asarray(features_1, float), np.asarray(features_2, float)
        if subset_size is None:
            return real.KernelInceptionDistance(_kid_whole(X, Y, **options), 0.0)
        rng = np.random.default_rng(seed)
        values = [_kid_whole(X[rng.choice(len(X), subset_size, replace=False)],
                             Y[rng.choice(len(Y), subset_size, replace=False)], **options) for _ in range(subsets)]
        return real.KernelInceptionDistance(float(np.mean(values)), float(np.std(values)))

    return kernel_inception_distance


def _kid_global_rng(features_1, features_2, *, subsets=100, subset_size=1000, degree=3, gamma=None, coef=1.0, seed=0):
    return real.kernel_inception_distance(features_1, features_2, subsets=subsets, subset_size=subset_size,
                                          degree=degree, gamma=gamma, coef=coef, seed=int(np.random.randint(2**31)))


def _kid_subset_one_short(features_1, features_2, *, subsets=100, subset_size=1000, seed=0, **kw):
    if subset_size is not None and subset_size > 2:
        subset_size -= 1
    return real.kernel_inception_distance(features_1, features_2, subsets=subsets, subset_size=subset_size,
                                          seed=seed, **kw)


KID_MUTANTS = [
    Mutant("kid_biased_estimate", {"kernel_inception_distance": _kid_mutant(biased=True)},
           _ids("definition", "kernel_inception_distance") + _ids("zero_in_expectation", "kernel_inception_distance")),
    Mutant("kid_gamma_one", {"kernel_inception_distance": _kid_mutant(gamma_one=True)},
           _ids("definition", "kernel_inception_distance")),
    Mutant("kid_second_set_keeps_its_diagonal",
           {"kernel_inception_distance": _kid_mutant(second_keeps_diagonal=True)},
           _ids("symmetry", "kernel_inception_distance") + _ids("definition", "kernel_inception_distance")),
    Mutant("kid_global_generator", {"kernel_inception_distance": _kid_global_rng},
           _ids("reproducible", "kernel_inception_distance"), verdict="nondeterministic"),
    Mutant("kid_subsets_one_row_short", {"kernel_inception_distance": _kid_subset_one_short},
           _ids("full_subsets", "kernel_inception_distance")),
    Mutant("kid_drops_the_last_row", {"kernel_inception_distance": _kid_mutant(drops_last_row=True)},
           _ids("permutation_invariance", "kernel_inception_distance")),
    Mutant("kid_bad_input_scored_zero", {"kernel_inception_distance": _swallowed(real.kernel_inception_distance,
                                                                                 (0.0, 0.0))},
           _ids("refuses_bad_input", "kernel_inception_distance")),
]


# ---------------------------------------------------------------- Wasserstein


def _w_mutant(transform):
    def wasserstein_distance(u_values, v_values, u_weights=None, v_weights=None, *, p=1):
        return transform(real.wasserstein_distance(u_values, v_values, u_weights, v_weights, p=p), p)

    return wasserstein_distance


def _w_weights_ignored(u_values, v_values, u_weights=None, v_weights=None, *, p=1):
    return real.wasserstein_distance(u_values, v_values, p=p)


def _w_paired_in_input_order(u_values, v_values, u_weights=None, v_weights=None, *, p=1):
    u, v = np.asarray(u_values, float), np.asarray(v_values, float)
    if len(u) != len(v) or u_weights is not None or v_weights is not None:
        return real.wasserstein_distance(u_values, v_values, u_weights, v_weights, p=p)
    return float(np.mean(np.abs(u - v) ** p) ** (1 / p))


def _w_first_sample_length(u_values, v_values, u_weights=None, v_weights=None, *, p=1):
    value = real.wasserstein_distance(u_values, v_values, u_weights, v_weights, p=p)
    return value * len(u_values) / len(v_values) if len(u_values) != len(v_values) else value


W_MUTANTS = [
    Mutant("wasserstein_returns_the_pth_power", {"wasserstein_distance": _w_mutant(lambda w, p: w ** p)},
           _ids("definition", "wasserstein_distance") + _ids("translation_and_scale", "wasserstein_distance")),
    Mutant("wasserstein_divided_by_p", {"wasserstein_distance": _w_mutant(lambda w, p: w / p)},
           _ids("increasing_in_p", "wasserstein_distance") + _ids("point_masses", "wasserstein_distance")),
    Mutant("wasserstein_weights_ignored", {"wasserstein_distance": _w_weights_ignored},
           _ids("duplication_invariance", "wasserstein_distance") + _ids("definition", "wasserstein_distance")
           + _ids("cdf_area", "wasserstein_distance") + _ids("agrees_with_scipy", "wasserstein_distance")),
    Mutant("wasserstein_paired_in_input_order", {"wasserstein_distance": _w_paired_in_input_order},
           _ids("point_masses", "wasserstein_distance") + _ids("definition", "wasserstein_distance")),
    Mutant("wasserstein_scaled_by_the_sizes", {"wasserstein_distance": _w_first_sample_length},
           _ids("symmetry", "wasserstein_distance") + _ids("cdf_area", "wasserstein_distance")),
    Mutant("wasserstein_bad_input_scored_zero", {"wasserstein_distance": _swallowed(real.wasserstein_distance)},
           _ids("refuses_bad_input", "wasserstein_distance")),
]

MUTANTS = FID_MUTANTS + IS_MUTANTS + KID_MUTANTS + W_MUTANTS


# ---------------------------------------------------------------- caught only by edge cases (issue 31)


def fid_one_pass_covariance(features_1, features_2):
    """FID with one-pass covariances (sum x x^T - n mu mu^T) / (n - 1): exact enough on the drawn features
    (integers within 8), wrong at an offset of 1e6 with unit spread (the edge case offset_1e6_unit_spread),
    where n mu mu^T ~ 3e12 carries no digit of a covariance ~ 1."""
    value = real.frechet_distance(features_1, features_2)  # the refusals
    stats = []
    for X in (np.asarray(features_1, dtype=float), np.asarray(features_2, dtype=float)):
        n, mu = X.shape[0], X.mean(axis=0)
        stats += [mu, (X.T @ X - n * np.outer(mu, mu)) / (n - 1)]
    return value if not math.isfinite(value) else real.frechet_distance_from_statistics(*stats)


MUTANTS += [
    Mutant("fid-one-pass-covariance", {"frechet_distance": fid_one_pass_covariance},
           catches=("generative.definition[frechet_distance]",)),
]
