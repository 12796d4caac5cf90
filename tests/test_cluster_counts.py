"""Clustering metrics comparing two labelings (metrics/_cluster_counts.py).

Agreement with scikit-learn on random labelings, exact pair counts beyond 32-bit
range, every undefined case, every refusal, and the internal paths (Python
small-input path, NumPy path, sparse cells, AMI's windows and batches) against
each other and against brute force.
"""

from __future__ import annotations

import math
import warnings
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from scipy.stats import entropy, hypergeom
from sklearn.metrics import cluster as skc

from metrics import _cluster_counts as cc
from metrics.errors import MetricInputError

AVERAGES = ("min", "geometric", "arithmetic", "max")
SCORES = ("rand_index", "adjusted_rand_index", "mutual_information", "normalized_mutual_information",
          "adjusted_mutual_information", "homogeneity", "completeness", "v_measure", "fowlkes_mallows")
ALL = ("contingency_matrix", "pair_confusion_matrix", *SCORES)

SKLEARN = {
    "contingency_matrix": lambda a, b: skc.contingency_matrix(a, b),
    "pair_confusion_matrix": skc.pair_confusion_matrix,
    "rand_index": skc.rand_score,
    "adjusted_rand_index": skc.adjusted_rand_score,
    "mutual_information": skc.mutual_info_score,
    "normalized_mutual_information": skc.normalized_mutual_info_score,
    "adjusted_mutual_information": skc.adjusted_mutual_info_score,
    "homogeneity": skc.homogeneity_score,
    "completeness": skc.completeness_score,
    "v_measure": skc.v_measure_score,
    "fowlkes_mallows": skc.fowlkes_mallows_score,
}
#: absolute tolerance against scikit-learn. Pair counts are exact on both sides; ARI and RI are
#: both one correctly rounded division of the same integers; scikit-learn's expected MI carries
#: ~1e-13 relative error at these sizes (log-gamma differences), ours ~1e-16
TOLERANCE = {"contingency_matrix": 0, "pair_confusion_matrix": 0, "rand_index": 0, "adjusted_rand_index": 0,
             "fowlkes_mallows": 4e-16, "adjusted_mutual_information": 1e-11}


def sk(name, a, b, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # float labels: sklearn's "continuous values" warning
        return SKLEARN[name](a, b, **kw)


def forms(name):
    if name in ("normalized_mutual_information", "adjusted_mutual_information"):
        return [{"average_method": m} for m in AVERAGES]
    if name == "v_measure":
        return [{}, {"beta": 0.5}, {"beta": 1.0}, {"beta": 3.0}]
    return [{}]


def random_pair(seed):
    """A labeling pair of 1..200 samples; a third of them strings, some degenerate on purpose."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 201))
    shape = seed % 6
    k1 = int(rng.integers(1, min(n, 12) + 1))
    a = rng.integers(0, k1, n)
    if shape == 0:    # a noisy copy of a, renamed
        b = np.where(rng.random(n) < 0.7, 5 - a, rng.integers(0, k1 + 2, n))
    elif shape == 1:  # many small clusters
        b = rng.integers(0, max(1, n // 2), n)
    elif shape == 2:  # one cluster on one side
        b = np.zeros(n, dtype=np.int64)
    else:
        b = rng.integers(0, int(rng.integers(1, 30)), n)
    if seed % 3 == 0:
        a = np.char.add("c", a.astype(str))
    if seed % 4 == 1:
        b = b.astype(np.float64) - 2.5
    return a, b


def singletons_one_side(a, b):
    """Every sample its own cluster in exactly one of the two labelings."""
    return (len(set(a.tolist())) == len(a)) != (len(set(b.tolist())) == len(b))


@pytest.mark.parametrize("seed", range(40))
def test_agrees_with_sklearn(seed):
    a, b = random_pair(seed)
    for name in ALL:
        for kw in forms(name):
            ours = np.asarray(getattr(cc, name)(a, b, **kw))
            theirs = np.asarray(sk(name, a, b, **kw))
            if name in ("contingency_matrix", "pair_confusion_matrix"):
                assert ours.dtype == np.int64 and np.array_equal(ours, theirs), name
                continue
            assert math.isfinite(float(ours)), (name, kw)
            if name == "adjusted_mutual_information" and kw["average_method"] == "min" and singletons_one_side(a, b):
                continue  # scikit-learn's 0/0 case, tested in test_ami_singletons_one_side
            assert abs(float(ours) - float(theirs)) <= TOLERANCE.get(name, 1e-14), (name, kw, float(ours),
                                                                                    float(theirs))


@pytest.mark.parametrize("seed", range(12))
def test_numpy_path_equals_small_path(seed, monkeypatch):
    """The Counter path (small inputs) and the NumPy path give the same values on the same input."""
    a, b = random_pair(seed + 100)
    small = {(name, i): getattr(cc, name)(a, b, **kw) for name in ALL for i, kw in enumerate(forms(name))}
    monkeypatch.setattr(cc, "_SMALL_N", 0)
    monkeypatch.setattr(cc, "_SMALL_N_TEXT", 0)
    for name in ALL:
        for i, kw in enumerate(forms(name)):
            np.testing.assert_allclose(getattr(cc, name)(a, b, **kw), small[name, i], rtol=1e-13, atol=1e-15,
                                       err_msg=f"{name} {kw}")


def test_sparse_cells_path_and_label_kinds():
    """Dense tables too large for np.bincount go through np.unique of the cell keys; every label kind codes right."""
    rng = np.random.default_rng(7)
    n = 3000
    a = rng.integers(0, 100, n)
    b = np.arange(n)[rng.permutation(n)]  # every sample its own cluster: 100 x 3000 cells > 2 n + 65536
    b[:10] = b[10]                        # ... but one cluster of 11
    assert 100 * (n - 10) > 2 * n + cc._DENSE_EXTRA
    for name in ALL:
        for kw in forms(name):
            ours = getattr(cc, name)(a, b, **kw)
            if name == "adjusted_mutual_information":
                # MI and E[MI] (~4.58) nearly cancel (AMI ~ -1.5e-4 for "arithmetic"): scikit-learn's E[MI],
                # 6e-12 off in relative terms, moves its AMI by ~1e-7 relative; ours is 1e-16 off
                assert ours == pytest.approx(reference_ami(a, b, **kw), rel=1e-10, abs=1e-13), kw
                assert ours == pytest.approx(sk(name, a, b, **kw), rel=1e-6), kw
                continue
            np.testing.assert_allclose(ours, sk(name, a, b, **kw), rtol=0, atol=1e-14, err_msg=name)
    base = rng.integers(0, 5, 500)
    kinds = {
        "int8 extremes": np.array([-128, 127, 0, 5, -1], dtype=np.int8)[base],
        "uint64 huge": (np.uint64(2**64 - 10) + base.astype(np.uint64)),
        "int64 far apart": np.array([-(2**62), 2**62, 0, 1, -1], dtype=np.int64)[base],
        "bool": base > 2,
        "float": base * 0.25 - 0.5,
        "strings": np.array(["x", "y", "zz", "", "é"])[base],
    }
    other = rng.integers(0, 4, 500)
    for kind, labels in kinds.items():
        np.testing.assert_array_equal(cc.contingency_matrix(labels, other), sk("contingency_matrix", labels, other),
                                      err_msg=kind)
        assert cc.adjusted_mutual_information(other, labels) == pytest.approx(
            sk("adjusted_mutual_information", other, labels), abs=1e-12), kind


def test_contingency_matrix_sorted_rows_and_columns():
    C = cc.contingency_matrix(["b", "a", "b", "c"], [10, 2, 2, 10])
    assert C.dtype == np.int64
    np.testing.assert_array_equal(C, [[1, 0], [1, 1], [0, 1]])  # rows a, b, c; columns 2, 10


# ------------------------------------------------------------------ exact pair counts past 32 bits


def comb2(m):
    return m * (m - 1) // 2


@pytest.mark.parametrize("dtype", [np.int32, np.int64, str])
def test_exact_pair_counts_at_100k(dtype):
    """n = 100,000: n^2 = 1e10 > 2^32. Classes 60,000 + 40,000; clusters 30,000 + 70,000 (nested)."""
    n = 100_000
    a = np.repeat([0, 1], [60_000, 40_000]).astype(dtype)
    b = np.repeat([0, 1], [30_000, 70_000]).astype(dtype)
    # table [[30000, 30000], [0, 40000]]; unordered pairs together in both / in a / in b:
    both = comb2(30_000) + comb2(30_000) + comb2(40_000)
    in_a = comb2(60_000) + comb2(40_000)
    in_b = comb2(30_000) + comb2(70_000)
    total = comb2(n)
    tp, fn, fp = both, in_a - both, in_b - both
    tn = total - tp - fn - fp
    pairs = cc.pair_confusion_matrix(a, b)
    assert pairs.dtype == np.int64
    assert pairs.tolist() == [[2 * tn, 2 * fp], [2 * fn, 2 * tp]]
    assert pairs.tolist() == [[2_400_000_000, 2_400_000_000], [1_800_000_000, 3_399_900_000]]
    assert pairs.sum() == n * (n - 1)
    assert cc.rand_index(a, b) == float(Fraction(tp + tn, total))
    expected = Fraction(in_a * in_b, total)
    ari = Fraction(both - expected) / (Fraction(in_a + in_b, 2) - expected)  # Hubert & Arabie, exact
    assert cc.adjusted_rand_index(a, b) == float(ari)  # correctly rounded: one division of exact integers
    fmi = tp / math.sqrt(in_a * in_b)
    assert cc.fowlkes_mallows(a, b) == pytest.approx(fmi, rel=2e-16)
    assert cc.adjusted_rand_index(a, b) == skc.adjusted_rand_score(a, b)


# ------------------------------------------------------------------ undefined cases (scikit-learn 1.9.1's values)

ONE = [7]
ONE_CLUSTER = [3] * 6
SINGLETONS = list(range(6))
TWO = [0, 0, 0, 1, 1, 1]

UNDEFINED = {
    # case: (labels_true, labels_pred, {metric: value}); all equal to scikit-learn's except where noted
    "single sample": (ONE, ["x"], dict(
        pair_confusion_matrix=[[0, 0], [0, 0]], rand_index=1.0, adjusted_rand_index=1.0, mutual_information=0.0,
        normalized_mutual_information=1.0, adjusted_mutual_information=1.0, homogeneity=1.0, completeness=1.0,
        v_measure=1.0, fowlkes_mallows=0.0)),
    "one cluster on both sides": (ONE_CLUSTER, ["a"] * 6, dict(
        pair_confusion_matrix=[[0, 0], [0, 30]], rand_index=1.0, adjusted_rand_index=1.0, mutual_information=0.0,
        normalized_mutual_information=1.0, adjusted_mutual_information=1.0, homogeneity=1.0, completeness=1.0,
        v_measure=1.0, fowlkes_mallows=1.0)),
    "all singletons on both sides": (SINGLETONS, [5, 3, 1, 0, 2, 4], dict(
        pair_confusion_matrix=[[30, 0], [0, 0]], rand_index=1.0, adjusted_rand_index=1.0,
        mutual_information=math.log(6), normalized_mutual_information=1.0, adjusted_mutual_information=1.0,
        homogeneity=1.0, completeness=1.0, v_measure=1.0, fowlkes_mallows=0.0)),
    "one class, all singletons": (ONE_CLUSTER, SINGLETONS, dict(
        pair_confusion_matrix=[[0, 0], [30, 0]], rand_index=0.0, adjusted_rand_index=0.0, mutual_information=0.0,
        normalized_mutual_information=0.0, adjusted_mutual_information=0.0, homogeneity=1.0, completeness=0.0,
        v_measure=0.0, fowlkes_mallows=0.0)),
    "all singletons, one cluster": (SINGLETONS, ONE_CLUSTER, dict(
        pair_confusion_matrix=[[0, 30], [0, 0]], rand_index=0.0, adjusted_rand_index=0.0, mutual_information=0.0,
        normalized_mutual_information=0.0, adjusted_mutual_information=0.0, homogeneity=0.0, completeness=1.0,
        v_measure=0.0, fowlkes_mallows=0.0)),
    "one class, two clusters": (ONE_CLUSTER, TWO, dict(
        pair_confusion_matrix=[[0, 0], [18, 12]], rand_index=0.4, adjusted_rand_index=0.0, mutual_information=0.0,
        normalized_mutual_information=0.0, adjusted_mutual_information=0.0, homogeneity=1.0, completeness=0.0,
        v_measure=0.0, fowlkes_mallows=math.sqrt(0.4))),
    "two samples split vs together": ([0, 1], [4, 4], dict(
        pair_confusion_matrix=[[0, 2], [0, 0]], rand_index=0.0, adjusted_rand_index=0.0, mutual_information=0.0,
        normalized_mutual_information=0.0, adjusted_mutual_information=0.0, homogeneity=0.0, completeness=1.0,
        v_measure=0.0, fowlkes_mallows=0.0)),
    # MI = E[MI] = H(TWO): AMI is exactly 0 (scikit-learn: +-1e-16 noise, or for "min" 0/0 noise)
    "all singletons vs two clusters": (SINGLETONS, TWO, dict(
        pair_confusion_matrix=[[18, 12], [0, 0]], rand_index=0.6, adjusted_rand_index=0.0,
        mutual_information=math.log(2), normalized_mutual_information=2 * math.log(2) / (math.log(6) + math.log(2)),
        adjusted_mutual_information=0.0, homogeneity=math.log(2) / math.log(6), completeness=1.0,
        fowlkes_mallows=0.0)),
}


@pytest.mark.parametrize("case", UNDEFINED)
def test_undefined_cases(case):
    a, b, expected = UNDEFINED[case]
    for name, value in expected.items():
        for kw in forms(name):
            ours = getattr(cc, name)(a, b, **kw)
            if name == "normalized_mutual_information" and case == "all singletons vs two clusters":
                h1, h2 = math.log(6), math.log(2)
                value = math.log(2) / cc._generalized_mean(h1, h2, kw["average_method"])
            if name == "pair_confusion_matrix":
                assert ours.tolist() == value
            else:
                assert ours == pytest.approx(value, abs=1e-15), (case, name, kw, ours)
            if name == "adjusted_mutual_information" and case == "all singletons vs two clusters":
                assert ours == 0.0  # exactly
                continue
            theirs = sk(name, a, b, **kw)
            np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-15, err_msg=f"{case} {name} {kw}")


def test_ami_singletons_one_side():
    """MI = E[MI] when one side is all singletons: AMI = 0 for every mean ("min": 0/0, 0.0 by convention).

    scikit-learn returns the ratio of two clamped rounding errors for "min".
    """
    for n in (4, 6, 8, 50):
        a, b = list(range(n)), [i % 3 for i in range(n)]
        for m in AVERAGES:
            assert cc.adjusted_mutual_information(a, b, average_method=m) == 0.0
            assert cc.adjusted_mutual_information(b, a, average_method=m) == 0.0
            if m != "min":
                assert abs(skc.adjusted_mutual_info_score(a, b, average_method=m)) < 1e-13
    # the scikit-learn 1.9.1 values this module does not follow
    assert skc.adjusted_mutual_info_score(list(range(6)), [i % 3 for i in range(6)], average_method="min") == -1.0
    assert skc.adjusted_mutual_info_score(list(range(8)), [i % 3 for i in range(8)], average_method="min") == 0.8


def test_identical_partitions_score_exactly_one():
    rng = np.random.default_rng(3)
    for n in (5, 40, 300, 5000):
        a = rng.integers(0, 7, n)
        b = np.char.add("k", (6 - a).astype(str))  # the same partition, renamed
        for name in ("rand_index", "adjusted_rand_index", "homogeneity", "completeness", "fowlkes_mallows"):
            assert getattr(cc, name)(a, b) == 1.0, (name, n)
        for m in AVERAGES:
            assert cc.normalized_mutual_information(a, b, average_method=m) == 1.0
            assert cc.adjusted_mutual_information(a, b, average_method=m) == 1.0
        for beta in (0.5, 1.0, 2.0):
            assert cc.v_measure(a, b, beta=beta) == 1.0


def test_ari_negative_and_v_measure_relation():
    assert cc.adjusted_rand_index([0, 0, 1, 1], [0, 1, 0, 1]) == -0.5
    rng = np.random.default_rng(11)
    for _ in range(10):
        a, b = rng.integers(0, 4, 60), rng.integers(0, 5, 60)
        assert cc.v_measure(a, b) == pytest.approx(cc.normalized_mutual_information(a, b), abs=1e-15)
        assert cc.homogeneity(a, b) == pytest.approx(cc.completeness(b, a), abs=1e-15)


# ------------------------------------------------------------------ the expected mutual information


def brute_force_emi(a, b, n):
    """Vinh et al. eq. 24a over the whole support with scipy's hypergeometric pmf (pairs of equal sizes once)."""
    total = 0.0
    for ai, wa in Counter(list(a)).items():
        for bj, wb in Counter(list(b)).items():
            k = np.arange(max(1, ai + bj - n), min(ai, bj) + 1)
            total += wa * wb * float(np.sum(k / n * np.log(n * k / (ai * bj)) * hypergeom.pmf(k, n, ai, bj)))
    return total


def reference_ami(a, b, average_method):
    """AMI from scikit-learn's MI, scipy's entropies and the brute-force E[MI] (each ~1e-15 relative)."""
    n = len(a)
    sizes_a, sizes_b = np.unique(a, return_counts=True)[1], np.unique(b, return_counts=True)[1]
    emi = brute_force_emi(sizes_a.tolist(), sizes_b.tolist(), n)
    mean = cc._generalized_mean(entropy(sizes_a), entropy(sizes_b), average_method)
    return (skc.mutual_info_score(a, b) - emi) / (mean - emi)


@pytest.mark.parametrize("sizes", [([3, 2], [1, 1, 3]), ([5, 5, 2, 1], [4, 4, 4, 1]), ([10, 20, 30], [25, 35]),
                                   ([1] * 7 + [13], [2] * 10)])
def test_expected_mi_brute_force(sizes):
    a, b = sizes
    n = sum(a)
    assert sum(b) == n
    assert cc._expected_mi(a, b, n) == pytest.approx(brute_force_emi(a, b, n), rel=1e-12)
    assert cc._expected_mi(np.array(a), np.array(b), n) == pytest.approx(brute_force_emi(a, b, n), rel=1e-12)


def test_expected_mi_windows_and_batches(monkeypatch):
    """Bernstein windows lose nothing measurable; splitting the terms into batches changes nothing."""
    rng = np.random.default_rng(5)
    a = np.bincount(rng.integers(0, 6, 20_000))
    b = np.bincount(rng.integers(0, 9, 20_000))
    windowed = cc._expected_mi(a, b, 20_000)
    monkeypatch.setattr(cc, "_EMI_BATCH", 97)
    assert cc._expected_mi(a, b, 20_000) == pytest.approx(windowed, rel=1e-14)
    monkeypatch.setattr(cc, "_TAIL_LOG", 1e12)  # every window the whole support
    assert cc._expected_mi(a, b, 20_000) == pytest.approx(windowed, rel=1e-10)


def test_ami_is_zero_in_expectation():
    rng = np.random.default_rng(0)
    a = np.arange(300) % 4
    values = [cc.adjusted_mutual_information(a, rng.permutation(np.arange(300) % 5)) for _ in range(200)]
    assert abs(np.mean(values)) < 4.5 * np.std(values) / math.sqrt(len(values))


# ------------------------------------------------------------------ refusals


def refuses(call, argument):
    with pytest.raises(MetricInputError) as info:
        call()
    assert info.value.argument == argument, str(info.value)
    assert str(info.value).startswith(f"{argument}: ")


BAD_PAIRS = [
    # (case, labels_true, labels_pred, the argument named)
    ("mismatched lengths", [0, 1, 1], [0, 1], "labels_pred"),
    ("empty input", [], [], "labels_true"),
    ("empty labels_pred", [0], [], "labels_pred"),
    ("2-D labels_true", [[0, 1], [1, 0]], [0, 1], "labels_true"),
    ("2-D labels_pred", [0, 1], [[0, 1], [1, 0]], "labels_pred"),
    ("NaN in labels_true", [0.0, np.nan, 1.0], [0, 1, 1], "labels_true"),
    ("NaN in labels_pred", [0, 1, 1], [0.0, 1.0, np.nan], "labels_pred"),
    ("inf in labels_pred", [0, 1, 1], [0.0, 1.0, np.inf], "labels_pred"),
    ("None labels_true", None, [0, 1], "labels_true"),
    ("None labels_pred", [0, 1], None, "labels_pred"),
    ("None among labels", [0, None, 1], [0, 1, 1], "labels_true"),
    ("a scalar", 3, [0], "labels_true"),
    ("a single string", [0, 1], "ab", "labels_pred"),
    ("complex labels", [1j, 2j], [0, 1], "labels_true"),
]


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("case", BAD_PAIRS, ids=[c[0] for c in BAD_PAIRS])
def test_bad_labels_refused(name, case):
    _, a, b, argument = case
    refuses(lambda: getattr(cc, name)(a, b), argument)


@pytest.mark.parametrize("name", ["normalized_mutual_information", "adjusted_mutual_information"])
@pytest.mark.parametrize("method", ["mean", "Arithmetic", "", None, 1, ("min",), np.array(["min"])])
def test_bad_average_method_refused(name, method):
    refuses(lambda: getattr(cc, name)([0, 1, 1], [0, 0, 1], average_method=method), "average_method")


@pytest.mark.parametrize("beta", [0, 0.0, -1.0, float("nan"), float("inf"), True, "1", None])
def test_bad_beta_refused(beta):
    refuses(lambda: cc.v_measure([0, 1, 1], [0, 0, 1], beta=beta), "beta")


def test_module_surface():
    # the scores scikit-learn has, then the distances it has not (scikit-image's, checked in the image family's spec)
    assert cc.__all__ == [*ALL, "variation_of_information", "conditional_entropies", "adapted_rand_error"]
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in cc.CONVENTIONS.items())
    for name in cc.__all__:
        doc = getattr(cc, name).__doc__
        for section in ("Formula", "Range", "Undefined", "Source"):
            assert section in doc, (name, section)
