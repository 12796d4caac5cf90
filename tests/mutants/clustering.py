"""Deliberately wrong clustering metrics: each a slip seen in clustering code.

Most wrap the real metric and spoil one step (no chance adjustment, bits
instead of nats, the wrong mean, a swapped pair of scores, a silhouette that
counts the point itself); the ids-as-numbers mutant reads cluster ids as
numbers modulo 3, so renaming the clusters changes the value.
"""

from __future__ import annotations

import functools
import math

import numpy as np
from scipy.spatial.distance import cdist

from metrics import clustering as real
from tests.mutants import Mutant

LABEL_METRICS = ("rand_index", "adjusted_rand_index", "mutual_information", "normalized_mutual_information",
                 "adjusted_mutual_information", "homogeneity", "completeness", "v_measure", "fowlkes_mallows")
POINT_METRICS = ("silhouette_score", "silhouette_samples", "calinski_harabasz", "davies_bouldin", "dbcv")


def _ids(law, *metrics):
    return tuple(f"clustering.{law}[{m}]" for m in metrics)


def _wrap(name, spoil):
    fn = getattr(real, name)

    @functools.wraps(fn)
    def mutant(*args, **kwargs):
        return spoil(fn, *args, **kwargs)

    return mutant


# ---------------------------------------------------------------- two labelings


def _ids_mod_3(fn, a, b, **kw):
    def squash(x):
        x = np.asarray(x)
        return x if x.dtype.kind in "US" else x.astype(np.int64) % 3

    return fn(squash(a), squash(b), **kw)


def _ordered_pairs_with_self(fn, a, b):
    a, b = np.asarray(a), np.asarray(b)
    same = (a[:, None] == a[None, :]) == (b[:, None] == b[None, :])
    return float(same.mean())  # n**2 pairs, the n self-pairs included


def _unordered_pairs(fn, a, b):
    return np.asarray(fn(a, b)) // 2


def _transposed(fn, a, b):
    return np.asarray(fn(a, b)).T


def _bits(fn, a, b):
    return fn(a, b) / math.log(2)


def _ignores_average(fn, a, b, *, average_method="arithmetic"):
    return fn(a, b)


def _min_max_swapped(fn, a, b, *, average_method="arithmetic"):
    return fn(a, b, average_method={"min": "max", "max": "min"}.get(average_method, average_method))


def _ami_is_nmi(fn, a, b, *, average_method="arithmetic"):
    return real.normalized_mutual_information(a, b, average_method=average_method)


def _ari_is_ri(fn, a, b):
    return real.rand_index(a, b)


def _swapped(other):
    return lambda fn, a, b: getattr(real, other)(a, b)


def _beta_inverted(fn, a, b, *, beta=1.0):
    return fn(a, b, beta=1.0 / beta)


def _arithmetic_v(fn, a, b, *, beta=1.0):
    return (real.homogeneity(a, b) + real.completeness(a, b)) / 2


def _fmi_without_sqrt(fn, a, b):
    pairs = np.asarray(real.pair_confusion_matrix(a, b)) // 2
    (_, fp), (fn_, tp) = pairs.tolist()
    return 0.0 if tp == 0 else tp / ((tp + fp) * (tp + fn_))


def _joint_entropy(fn, a, b):
    c = np.asarray(real.contingency_matrix(a, b), dtype=float).ravel()
    p = c[c > 0] / c.sum()
    return float(-(p * np.log(p)).sum())


#: the cluster count above which :func:`_wide_table_conditional_entropy_slip` takes its (wrong) vectorised path
_WIDE_TABLE = 4


def _wide_table_conditional_entropy_slip(side):
    """Homogeneity (completeness) whose path for tables of more than ``_WIDE_TABLE`` clusters computes the
    conditional entropy over the wrong variable: 1 - H(K|C) / H(C) instead of 1 - H(C|K) / H(C) (completeness:
    1 - H(C|K) / H(K)). Narrower tables take the real metric. The slip everywhere is caught at once on small
    tables; here it hides in the path only wider contingency tables reach, as a sparse or vectorised path does."""
    right = getattr(real, side)

    def score(labels_true, labels_pred):
        c = np.asarray(real.contingency_matrix(labels_true, labels_pred), dtype=float)
        if c.shape[1] <= _WIDE_TABLE:
            return right(labels_true, labels_pred)
        if side == "completeness":
            c = c.T  # completeness(a, b) = homogeneity(b, a)
        n = c.sum()
        rows, cols = c.sum(axis=1), c.sum(axis=0)
        h_rows = float(-(rows / n * np.log(rows / n)).sum())
        if h_rows == 0:
            return 1.0
        nz = c > 0
        # H(rows | cols) divides each cell by its column total; the slip divides by its row total: H(cols | rows)
        h_wrong = float(-(c[nz] / n * np.log(c[nz] / np.broadcast_to(rows[:, None], c.shape)[nz])).sum())
        return 1.0 - h_wrong / h_rows

    return score


LABEL_MUTANTS = [
    Mutant("cluster-ids-read-as-numbers-mod-3", {m: _wrap(m, _ids_mod_3) for m in LABEL_METRICS},
           _ids("renaming_invariance", *LABEL_METRICS)),
    Mutant("rand-index-with-self-pairs", {"rand_index": _wrap("rand_index", _ordered_pairs_with_self)},
           _ids("definition", "rand_index") + _ids("pair_counts_identities", "rand_index")),
    Mutant("pair-confusion-unordered-pairs", {"pair_confusion_matrix": _wrap("pair_confusion_matrix",
                                                                             _unordered_pairs)},
           _ids("definition", "pair_confusion_matrix")),
    Mutant("contingency-transposed", {"contingency_matrix": _wrap("contingency_matrix", _transposed)},
           _ids("definition", "contingency_matrix")),
    Mutant("mutual-information-in-bits", {"mutual_information": _wrap("mutual_information", _bits)},
           _ids("definition", "mutual_information")),
    Mutant("mutual-information-is-joint-entropy", {"mutual_information": _wrap("mutual_information",
                                                                               _joint_entropy)},
           _ids("mi_at_most_entropy", "mutual_information")),
    Mutant("nmi-average-method-ignored", {"normalized_mutual_information": _wrap("normalized_mutual_information",
                                                                                 _ignores_average)},
           _ids("definition", "normalized_mutual_information")),
    Mutant("nmi-min-and-max-swapped", {"normalized_mutual_information": _wrap("normalized_mutual_information",
                                                                              _min_max_swapped)},
           _ids("nmi_normalisations_ordered", "normalized_mutual_information")),
    Mutant("ami-without-chance-adjustment", {"adjusted_mutual_information": _wrap("adjusted_mutual_information",
                                                                                  _ami_is_nmi)},
           _ids("definition", "adjusted_mutual_information") + _ids("zero_in_expectation",
                                                                    "adjusted_mutual_information")
           + _ids("agrees_with_sklearn", "adjusted_mutual_information")
           + _ids("ami_can_be_negative", "adjusted_mutual_information")),
    Mutant("ari-without-chance-adjustment", {"adjusted_rand_index": _wrap("adjusted_rand_index", _ari_is_ri)},
           _ids("definition", "adjusted_rand_index") + _ids("zero_in_expectation", "adjusted_rand_index")
           + _ids("ari_can_be_negative", "adjusted_rand_index")),
    Mutant("homogeneity-is-completeness", {"homogeneity": _wrap("homogeneity", _swapped("completeness"))},
           _ids("definition", "homogeneity") + _ids("homogeneity_completeness_swap", "homogeneity")),
    Mutant("completeness-is-homogeneity", {"completeness": _wrap("completeness", _swapped("homogeneity"))},
           _ids("definition", "completeness")),
    Mutant("v-measure-beta-inverted", {"v_measure": _wrap("v_measure", _beta_inverted)},
           _ids("definition", "v_measure")),
    Mutant("v-measure-arithmetic-mean", {"v_measure": _wrap("v_measure", _arithmetic_v)},
           _ids("v_measure_is_nmi_arithmetic", "v_measure")),
    Mutant("homogeneity-completeness-conditional-entropy-over-wrong-variable-on-wide-tables",
           {"homogeneity": _wide_table_conditional_entropy_slip("homogeneity"),
            "completeness": _wide_table_conditional_entropy_slip("completeness")},
           _ids("definition", "homogeneity", "completeness")),
    Mutant("fowlkes-mallows-without-sqrt", {"fowlkes_mallows": _wrap("fowlkes_mallows", _fmi_without_sqrt)},
           _ids("definition", "fowlkes_mallows")),
]


# ---------------------------------------------------------------- clustered points


def _silhouette_parts(X, labels, *, count_self=False):
    """(a, b, singleton) per sample, by the textbook loop."""
    X, labels = np.asarray(X, dtype=float), np.asarray(labels)
    D = cdist(X, X)
    a, b, alone = np.zeros(len(labels)), np.zeros(len(labels)), np.zeros(len(labels), dtype=bool)
    for i, own in enumerate(labels):
        same = labels == own
        alone[i] = same.sum() == 1
        a[i] = D[i, same].mean() if count_self else D[i, same].sum() / max(same.sum() - 1, 1)
        b[i] = min(D[i, labels == k].mean() for k in set(labels.tolist()) if k != own)
    return a, b, alone


def _silhouette_counting_self(X, labels):
    a, b, _ = _silhouette_parts(X, labels, count_self=True)  # the point itself (distance 0) in its own mean
    return (b - a) / np.maximum(a, b)


def _silhouette_unnormalised_samples(X, labels, *, metric="euclidean"):
    a, b, alone = _silhouette_parts(X, labels)
    return np.where(alone, 0.0, b - a)  # the division by max(a, b) forgotten


def _samples_sorted_by_label(fn, X, labels, **kw):
    return np.asarray(fn(X, labels, **kw))[np.argsort(np.asarray(labels), kind="stable")]


def _precomputed_read_as_points(fn, X, labels, *, metric="euclidean"):
    return fn(X, labels)


def _negated(fn, X, labels, **kw):
    return -np.asarray(fn(X, labels, **kw), dtype=float)


def _single_cluster_zero(fn, X, labels, **kw):
    return 0.0 if len(set(np.asarray(labels).tolist())) in (1, len(labels)) else fn(X, labels, **kw)


def _ch_without_degrees_of_freedom(fn, X, labels):
    n, k = len(labels), len(set(np.asarray(labels).tolist()))
    return fn(X, labels) * (k - 1) / (n - k)


def _ch_centred_at_origin(X, labels):
    """Between-cluster dispersion around the origin instead of the overall mean."""
    X, labels = np.asarray(X, dtype=float), np.asarray(labels)
    ks = sorted(set(labels.tolist()))
    between = sum((labels == k).sum() * np.sum(X[labels == k].mean(axis=0) ** 2) for k in ks)
    within = sum(np.sum((X[labels == k] - X[labels == k].mean(axis=0)) ** 2) for k in ks)
    n, k = len(labels), len(ks)
    return 1.0 if within == 0 else between * (n - k) / (within * (k - 1))


def _db_squared_spread(X, labels):
    """Davies-Bouldin with each cluster's spread as its mean squared distance to the centroid."""
    X, labels = np.asarray(X, dtype=float), np.asarray(labels)
    ks = sorted(set(labels.tolist()))
    centers = np.array([X[labels == k].mean(axis=0) for k in ks])
    spread = np.array([np.sum((X[labels == k] - c) ** 2, axis=1).mean() for k, c in zip(ks, centers)])
    sep = cdist(centers, centers)
    np.fill_diagonal(sep, np.inf)
    return float(np.mean(np.max((spread[:, None] + spread[None, :]) / sep, axis=1)))


def _db_summed_spread(X, labels):
    """Davies-Bouldin with each cluster's spread as the sum, not the mean, of its distances to the centroid."""
    X, labels = np.asarray(X, dtype=float), np.asarray(labels)
    ks = sorted(set(labels.tolist()))
    centers = np.array([X[labels == k].mean(axis=0) for k in ks])
    spread = np.array([np.linalg.norm(X[labels == k] - c, axis=1).sum() for k, c in zip(ks, centers)])
    sep = cdist(centers, centers)
    np.fill_diagonal(sep, np.inf)
    return float(np.mean(np.max((spread[:, None] + spread[None, :]) / sep, axis=1)))


def _dbcv_slipped(X, labels, *, input_order_ties=False, no_root=False, singleton_clusters=False,
                  flat_cluster_zero=False):
    """DBCV by the textbook loop with one slip: MST ties in input order (scipy's, hdbscan's), the core
    distance without its -1/d root (then it scales with the data to the power -d), a lone point scored
    as a cluster (validity 1) instead of noise, or a cluster of sparseness 0 (its points coincide) scored 0
    as if undefined, instead of (separation - 0) / separation = 1."""
    X, labels = np.asarray(X, dtype=float), np.asarray(labels)
    d, D = X.shape[1], cdist(X, X)
    clusters = [k for k in sorted(set(labels.tolist())) if k != -1 and (labels == k).sum() >= 2]
    core = np.zeros(len(labels))
    for k in clusters:
        m = np.flatnonzero(labels == k)
        for i in m:
            inv = [(1.0 / D[i, j]) ** d for j in m if j != i and D[i, j] > 0]
            mean = sum(inv) / (len(m) - 1)
            core[i] = (mean if no_root else mean ** (-1.0 / d)) if inv else 0.0
    reach = np.maximum(D, np.maximum(core[:, None], core[None, :]))
    internal, sparse = {}, {}
    for k in clusters:
        m = np.flatnonzero(labels == k).tolist()
        key = (lambda e: (e[0], e[3], e[4])) if input_order_ties else (lambda e: e)
        edges = sorted(((reach[i, j], min(core[i], core[j]), D[i, j], a, b) for a, i in enumerate(m)
                        for b, j in enumerate(m) if a < b), key=key)
        root = list(range(len(m)))

        def find(a):
            while root[a] != a:
                a = root[a]
            return a

        tree = []
        for w, _, _, a, b in edges:
            if find(a) != find(b):
                root[find(a)] = find(b)
                tree.append((a, b, w))
        degree = np.bincount([v for a, b, _ in tree for v in (a, b)], minlength=len(m))
        inside = degree > 1 if (degree > 1).any() else np.ones(len(m), dtype=bool)
        kept = [w for a, b, w in tree if inside[a] and inside[b]]
        internal[k], sparse[k] = np.array(m)[inside], max(kept) if kept else max(w for _, _, w in tree)
    total = 0.0
    if singleton_clusters:
        total += sum(1.0 / len(labels) for k in set(labels.tolist()) if k != -1 and (labels == k).sum() == 1)
    for k in clusters:
        sep = min(reach[np.ix_(internal[k], internal[j])].min() for j in clusters if j != k)
        top = max(sep, sparse[k])
        flat = flat_cluster_zero and sparse[k] == 0
        total += (labels == k).sum() / len(labels) * ((sep - sparse[k]) / top if top > 0 and not flat else 0.0)
    return float(total)


def _silhouette_zero_for_duplicates(X, labels, *, metric="euclidean"):
    """Silhouettes with a = 0 (the point's cluster all at its location) scored 0 as if 0 / 0, instead of 1."""
    s = np.asarray(real.silhouette_samples(X, labels, metric=metric), dtype=float)
    X, labels = np.asarray(X, dtype=float), np.asarray(labels)
    D = X if metric == "precomputed" else cdist(X, X)
    for i, own in enumerate(labels):
        same = labels == own
        if same.sum() > 1 and D[i, same].sum() == 0:
            s[i] = 0.0
    return s


def _no_scatter(X, labels) -> bool:
    """Every cluster's points coincide: zero within-cluster dispersion."""
    X, labels = np.asarray(X, dtype=float), np.asarray(labels)
    return all(np.sum((X[labels == k] - X[labels == k].mean(axis=0)) ** 2) == 0 for k in set(labels.tolist()))


def _ch_unguarded(fn, X, labels):
    """Calinski-Harabasz without the catalog's W = 0 convention (1.0): the raw ratio, +inf for clusters of
    coincident points apart."""
    value = fn(X, labels)  # the real validation first
    return math.inf if _no_scatter(X, labels) else value


def _db_no_scatter_undefined(fn, X, labels):
    """Davies-Bouldin that calls zero within-cluster scatter undefined (NaN) instead of scoring 0."""
    value = fn(X, labels)
    return math.nan if _no_scatter(X, labels) else value


def _dbcv_flat_cluster_zero(fn, X, labels, **kw):
    fn(X, labels, **kw)  # the real validation first
    return _dbcv_slipped(X, labels, flat_cluster_zero=True)


POINT_MUTANTS = [
    Mutant("silhouette-counts-the-point-itself",
           {"silhouette_samples": lambda X, labels, *, metric="euclidean": _silhouette_counting_self(X, labels),
            "silhouette_score": lambda X, labels, *, metric="euclidean": float(np.mean(
                _silhouette_counting_self(X, labels)))},
           _ids("definition", "silhouette_samples", "silhouette_score")
           + ("clustering.claim.seed004.silhouette_sample_formula",)),
    Mutant("silhouette-unnormalised",
           {"silhouette_samples": _silhouette_unnormalised_samples,
            "silhouette_score": lambda X, labels, *, metric="euclidean": float(np.mean(
                _silhouette_unnormalised_samples(X, labels)))},
           _ids("rigid_motion_and_scale_invariance", "silhouette_score", "silhouette_samples")
           + _ids("agrees_with_sklearn", "silhouette_score")),
    Mutant("silhouette-zero-for-a-cluster-of-duplicate-points",
           {"silhouette_samples": _silhouette_zero_for_duplicates,
            "silhouette_score": lambda X, labels, *, metric="euclidean": float(np.mean(
                _silhouette_zero_for_duplicates(X, labels, metric=metric)))},
           _ids("coincident_clusters", "silhouette_samples", "silhouette_score")
           + _ids("definition", "silhouette_samples", "silhouette_score")
           + _ids("agrees_with_sklearn", "silhouette_score")),
    Mutant("silhouette-samples-sorted-by-label", {"silhouette_samples": _wrap("silhouette_samples",
                                                                              _samples_sorted_by_label)},
           _ids("samples_follow_their_points", "silhouette_samples")),
    Mutant("silhouette-precomputed-read-as-points", {"silhouette_score": _wrap("silhouette_score",
                                                                               _precomputed_read_as_points)},
           _ids("precomputed_agrees", "silhouette_score")),
    Mutant("silhouette-sign-flipped", {"silhouette_score": _wrap("silhouette_score", _negated)},
           ("clustering.claim.seed004.silhouette_prefers_convex_split",)),
    Mutant("dbcv-sign-flipped", {"dbcv": _wrap("dbcv", _negated)}, ("clustering.claim.seed004.dbcv_prefers_moons",)),
    Mutant("point-metrics-score-one-cluster-zero",
           {m: _wrap(m, _single_cluster_zero) for m in ("silhouette_score", "calinski_harabasz", "davies_bouldin")},
           _ids("refuses_one_cluster", "silhouette_score", "calinski_harabasz", "davies_bouldin")
           + _ids("refuses_all_singletons", "silhouette_score")
           + ("clustering.claim.seed004.silhouette_defined_range",)),
    Mutant("calinski-harabasz-without-degrees-of-freedom",
           {"calinski_harabasz": _wrap("calinski_harabasz", _ch_without_degrees_of_freedom)},
           _ids("definition", "calinski_harabasz") + _ids("agrees_with_sklearn", "calinski_harabasz")),
    Mutant("calinski-harabasz-centred-at-origin", {"calinski_harabasz": _ch_centred_at_origin},
           _ids("rigid_motion_and_scale_invariance", "calinski_harabasz")),
    Mutant("davies-bouldin-squared-spread", {"davies_bouldin": _db_squared_spread},
           _ids("definition", "davies_bouldin") + _ids("rigid_motion_and_scale_invariance", "davies_bouldin")
           + _ids("agrees_with_sklearn", "davies_bouldin")),
    Mutant("davies-bouldin-summed-spread", {"davies_bouldin": _db_summed_spread},
           _ids("duplication_invariance", "davies_bouldin")),
    Mutant("dbcv-mst-ties-in-input-order", {"dbcv": functools.partial(_dbcv_slipped, input_order_ties=True)},
           _ids("definition", "dbcv") + _ids("permutation_invariance", "dbcv")),
    Mutant("dbcv-lone-point-scored-as-a-cluster", {"dbcv": functools.partial(_dbcv_slipped,
                                                                             singleton_clusters=True)},
           _ids("singleton_cluster_is_noise", "dbcv")),
    Mutant("calinski-harabasz-infinite-without-within-dispersion", {"calinski_harabasz": _wrap("calinski_harabasz", _ch_unguarded)},
           _ids("coincident_clusters", "calinski_harabasz") + _ids("definition", "calinski_harabasz")),
    Mutant("davies-bouldin-nan-without-scatter", {"davies_bouldin": _wrap("davies_bouldin",
                                                                                 _db_no_scatter_undefined)},
           _ids("coincident_clusters", "davies_bouldin") + _ids("definition", "davies_bouldin")),
    Mutant("dbcv-cluster-of-coincident-points-scored-zero", {"dbcv": _wrap("dbcv", _dbcv_flat_cluster_zero)},
           _ids("coincident_clusters", "dbcv") + _ids("definition", "dbcv")),
    Mutant("dbcv-core-distance-without-root", {"dbcv": functools.partial(_dbcv_slipped, no_root=True)},
           _ids("rigid_motion_and_scale_invariance", "dbcv")),
]

MUTANTS = LABEL_MUTANTS + POINT_MUTANTS


# ---------------------------------------------------------------- caught only by edge cases (issue 31)


def silhouette_gram_distances(X, labels, **kw):
    """The silhouette from distances by the Gram expansion sqrt(max(0, |x|^2 + |y|^2 - 2 x.y)) (as
    scikit-learn's euclidean_distances computes them): exact on the drawn integer points (every term an
    integer below 2**53), wrong at an offset of 1e6 with spread in tenths (the edge case offset_1e6_tenths),
    where |x|^2 ~ 2e12 leaves no digit of a squared distance ~ 0.1."""
    value = real.silhouette_score(X, labels, **kw)  # the refusals and the undefined cases
    Xa, lab = np.asarray(X, dtype=float), np.asarray(labels)
    if Xa.ndim != 2 or not math.isfinite(value):
        return value
    sq = (Xa * Xa).sum(axis=1)
    D = np.sqrt(np.maximum(sq[:, None] + sq[None, :] - 2.0 * Xa @ Xa.T, 0.0))
    np.fill_diagonal(D, 0.0)
    s = []
    for i in range(len(lab)):
        own = lab == lab[i]
        if own.sum() == 1:
            s.append(0.0)
            continue
        a = D[i, own].sum() / (own.sum() - 1)
        b = min(D[i, lab == c].mean() for c in np.unique(lab) if c != lab[i])
        s.append(0.0 if max(a, b) == 0 else (b - a) / max(a, b))
    return float(np.mean(s))


MUTANTS += [
    Mutant("silhouette-gram-distances", {"silhouette_score": silhouette_gram_distances},
           catches=("clustering.definition[silhouette_score]",)),
]


# ---------------------------------------------------------------- variation of information, adapted Rand error

_VI, _CE, _ARE = "variation_of_information", "conditional_entropies", "adapted_rand_error"


def _vi(labels_true, labels_pred, *, base=None, ignore_labels=(), slip=""):
    h_true, h_pred = real.conditional_entropies(labels_true, labels_pred, base=base, ignore_labels=ignore_labels)
    if slip == "bits_by_default" and base is None:
        return (h_true + h_pred) / math.log(2)
    if slip == "joint_entropy":
        return h_true + h_pred + real.mutual_information(labels_true, labels_pred) / (
            1.0 if base is None else math.log(base))
    if slip == "one_term":
        return h_true
    if slip == "ignore_labels_ignored":
        return real.variation_of_information(labels_true, labels_pred, base=base)
    return h_true + h_pred


def _ce(labels_true, labels_pred, *, base=None, ignore_labels=(), slip=""):
    pair = real.conditional_entropies(labels_true, labels_pred, base=base, ignore_labels=ignore_labels)
    if slip == "scikit_image_order":
        return type(pair)(pair.pred_given_true, pair.true_given_pred)
    if slip == "first_twice":
        return type(pair)(pair.true_given_pred, pair.true_given_pred)
    if slip == "ignore_pred_labels":
        t, p = np.asarray(labels_true), np.asarray(labels_pred)
        keep = ~np.isin(p, np.asarray(list(ignore_labels))) if len(ignore_labels) and t.dtype.kind == p.dtype.kind \
            else np.ones(len(t), dtype=bool)
        return real.conditional_entropies(t[keep], p[keep], base=base) if keep.any() else pair
    return pair


def _are(labels_true, labels_pred, *, alpha=0.5, ignore_labels=(), slip=""):
    error, precision, recall = real.adapted_rand_error(labels_true, labels_pred, alpha=alpha,
                                                       ignore_labels=ignore_labels)
    result = type(real.adapted_rand_error([0], [0]))
    if slip == "scikit_image_names":
        return result(error, recall, precision)
    if slip == "precision_twice":
        return result(error, precision, precision)
    if slip == "nan_when_undefined":
        t, p = np.asarray(labels_true), np.asarray(labels_pred)
        if len(set(p.tolist())) == len(p) or len(set(t.tolist())) == len(t):
            return result(math.nan, math.nan, math.nan)
    if slip == "offset":
        return result(min(error + 0.01, 1.0), precision, recall)
    if slip == "ignore_labels_ignored":
        return real.adapted_rand_error(labels_true, labels_pred, alpha=alpha)
    return result(error, precision, recall)


MUTANTS += [
    Mutant("vi_in_bits_by_default", {_VI: functools.partial(_vi, slip="bits_by_default")},
           _ids("definition", _VI) + _ids("entropy_identities", _VI)),
    Mutant("vi_plus_the_mutual_information", {_VI: functools.partial(_vi, slip="joint_entropy")},
           _ids("definition", _VI) + _ids("metric_axioms", _VI) + _ids("entropy_identities", _VI)),
    Mutant("vi_one_conditional_entropy", {_VI: functools.partial(_vi, slip="one_term")},
           _ids("definition", _VI) + _ids("entropy_identities", _VI)),
    Mutant("vi_ignore_labels_ignored", {_VI: functools.partial(_vi, slip="ignore_labels_ignored")},
           _ids("ignore_labels_removes_samples", _VI)),
    Mutant("conditional_entropies_in_scikit_image_order", {_CE: functools.partial(_ce, slip="scikit_image_order")},
           _ids("definition", _CE) + _ids("entropy_identities", _VI)),
    Mutant("conditional_entropies_first_twice", {_CE: functools.partial(_ce, slip="first_twice")},
           _ids("swap", _CE) + _ids("definition", _CE)),
    Mutant("conditional_entropies_ignore_predicted_labels", {_CE: functools.partial(_ce, slip="ignore_pred_labels")},
           _ids("ignore_labels_removes_samples", _CE)),
    Mutant("adapted_rand_scikit_image_names", {_ARE: functools.partial(_are, slip="scikit_image_names")},
           _ids("definition", _ARE) + _ids("pair_counts", _ARE)),
    Mutant("adapted_rand_precision_twice", {_ARE: functools.partial(_are, slip="precision_twice")},
           _ids("swap", _ARE) + _ids("pair_counts", _ARE)),
    Mutant("adapted_rand_nan_when_undefined", {_ARE: functools.partial(_are, slip="nan_when_undefined")},
           _ids("all_singletons", _ARE) + _ids("definition", _ARE)),
    Mutant("adapted_rand_error_offset", {_ARE: functools.partial(_are, slip="offset")},
           _ids("identity", _ARE) + _ids("definition", _ARE)),
    Mutant("adapted_rand_ignore_labels_ignored", {_ARE: functools.partial(_are, slip="ignore_labels_ignored")},
           _ids("ignore_labels_removes_samples", _ARE)),
]
MUTANTS += [
    Mutant("cluster-ids-read-as-numbers-mod-3-information-distances",
           {m: _wrap(m, _ids_mod_3) for m in (_VI, _CE, _ARE)}, _ids("renaming_invariance", _VI, _CE, _ARE)),
]
