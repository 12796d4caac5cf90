"""The large-tier fast paths agree with SciPy / scikit-learn on the inputs that stress them.

Kendall's tau (packed-key sorts, the wavelet inversion count, the x-by-y table),
the median absolute error (one np.partition), the (N, K) log loss (one blocked
pass), entropy / cross-entropy / KL and auc (blocked sums) and the one-query
ranking sort: ties, all-equal input, n = 1 and 2, even and odd n, weights, and
n = 1e5, where the blocked and chunked code paths engage. The inversion counter
is also checked exactly against a direct count, with its cache-sized constants
shrunk so that small inputs take every branch.
"""

import math

import numpy as np
import pytest
import scipy.stats
from sklearn import metrics as skm

import metrics as M
from metrics import correlation
from metrics.errors import MetricInputError

RNG = np.random.default_rng(20261201)


def _fenwick_inversions(values):
    """Pairs i < j with values[i] > values[j], by a Fenwick tree over the ranks (the textbook way)."""
    ranks = np.unique(values, return_inverse=True)[1] + 1
    tree = [0] * (int(ranks.max()) + 1)
    count = 0
    for seen, r in enumerate(ranks.tolist()):
        i, not_greater = r, 0
        while i:
            not_greater += tree[i]
            i &= i - 1
        count += seen - not_greater
        i = r
        while i < len(tree):
            tree[i] += 1
            i += i & -i
    return count


# ---------------------------------------------------------------- Kendall's tau


def _kendall_cases():
    n = 2000
    ints = RNG.integers(0, n // 4, size=n).astype(float)
    yield "n=2", [1.0, 2.0], [2.0, 1.0]
    yield "n=2 tied in y", [1.0, 2.0], [3.0, 3.0]
    yield "n=3", [1.0, 2.0, 3.0], [1.0, 3.0, 2.0]
    yield "all x equal", [4.0] * 5, [1.0, 2.0, 3.0, 4.0, 5.0]
    yield "all y equal", [1.0, 2.0, 3.0], [0.0, 0.0, 0.0]
    yield "no ties", RNG.normal(size=n), RNG.normal(size=n)
    yield "ties in x", ints, ints + RNG.normal(size=n)
    yield "ties in y", ints + RNG.normal(size=n), ints
    yield "ties in both, many values", ints, RNG.integers(0, n // 4, size=n).astype(float)
    yield "ties in both, few values (table)", np.round(RNG.normal(size=n), 1), np.round(RNG.normal(size=n), 1)
    yield "binary x", (RNG.random(n) < 0.5).astype(float), RNG.normal(size=n)
    yield "signed zeros tie", np.array([0.0, -0.0, 1.0, -0.0, 0.0, 2.0]), np.array([3.0, 1.0, 2.0, 5.0, 4.0, 0.0])
    # distinct values a few ulps apart: equal truncated sort keys, repaired on the full keys
    close = 1.0 + np.arange(50) * 2.0**-52
    yield "values ulps apart", RNG.permutation(np.concatenate([close, RNG.normal(size=200)])), RNG.normal(size=250)
    yield "all values ulps apart", 1.0 + RNG.permutation(4000) * 2.0**-52, RNG.normal(size=4000)
    yield "reversed", np.arange(1000.0), -np.arange(1000.0)
    big = 100_000
    x = RNG.normal(size=big)
    yield "1e5 no ties", x, x + RNG.normal(size=big)
    xi = RNG.integers(0, big // 4, size=big).astype(float)
    yield "1e5 ties in both", xi, np.round(xi / 7 + RNG.normal(size=big), 1)


@pytest.mark.parametrize("variant", ["b", "c"])
@pytest.mark.parametrize(("x", "y"), [c[1:] for c in _kendall_cases()], ids=[c[0] for c in _kendall_cases()])
def test_kendall_tau_agrees_with_scipy(x, y, variant):
    ours = M.kendall_tau(x, y, variant=variant)
    theirs = scipy.stats.kendalltau(x, y, variant=variant).statistic
    if math.isnan(theirs):
        assert math.isnan(ours)
    else:
        assert ours == pytest.approx(theirs, rel=1e-12, abs=1e-15)
        assert M.kendall_tau(y, x, variant=variant) == pytest.approx(ours, rel=1e-12, abs=1e-15)


def test_kendall_tau_table_and_inversion_paths_agree(monkeypatch):
    x = np.round(RNG.normal(size=5000), 1)
    y = np.round(x + RNG.normal(size=5000), 1)
    by_table = M.kendall_tau(x, y)
    monkeypatch.setattr(correlation, "_TABLE_CELLS", 0)
    assert M.kendall_tau(x, y) == pytest.approx(by_table, rel=1e-13)
    assert by_table == pytest.approx(scipy.stats.kendalltau(x, y).statistic, rel=1e-12)


@pytest.mark.parametrize("n", [1, 2, 3, 31, 32, 33, 1000, 4097, 20011])
def test_inversion_count_is_exact(n, monkeypatch):
    """Every branch: small constants make 1e3-1e4 values take the global, batched and partial-group paths."""
    perm = RNG.permutation(n)
    expected = _fenwick_inversions(perm)
    assert correlation._count_inversions(perm) == expected
    monkeypatch.setattr(correlation, "_LOCAL_BITS", 8)
    monkeypatch.setattr(correlation, "_BATCH", 1 << 9)
    monkeypatch.setattr(correlation, "_CHUNK", 1 << 7)
    assert correlation._count_inversions(perm) == expected
    assert correlation._count_inversions(perm[::-1].copy()) == n * (n - 1) // 2 - expected


@pytest.mark.parametrize("values", [
    np.array([2.0, -0.0, 0.0, -1.0, 0.0, -0.0]),
    np.round(RNG.normal(size=3000), 1),
    1.0 + RNG.integers(0, 40, size=3000) * 2.0**-52,  # collisions of the truncated keys
    1.0 + RNG.random(50_000) * 1e-9,  # so many that the stable np.argsort fallback runs
    RNG.normal(size=3000),
])
def test_packed_sort_is_a_stable_argsort(values):
    order, new_run = correlation._sort_order(correlation._order_keys(values), np.arange(values.shape[0]))
    np.testing.assert_array_equal(order, np.argsort(values, kind="stable"))
    s = np.sort(values)
    expected = s[1:] != s[:-1]
    if new_run is None:
        assert expected.all()
    else:
        np.testing.assert_array_equal(new_run, expected)


# ---------------------------------------------------------------- median absolute error


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 10, 11, 100_000, 100_001])
def test_median_absolute_error_agrees_with_sklearn(n):
    y_true = RNG.normal(size=n)
    y_pred = y_true + RNG.normal(size=n)
    assert M.median_absolute_error(y_true, y_pred) == skm.median_absolute_error(y_true, y_pred)
    assert M.median_absolute_error(y_true, y_pred) == float(np.median(np.abs(y_pred - y_true)))


def test_median_absolute_error_ties_and_weights():
    y_true = np.zeros(12)
    y_pred = np.array([1, 1, 1, 2, 2, 2, 2, 3, 3, 5, 5, 5], dtype=float)[RNG.permutation(12)]
    assert M.median_absolute_error(y_true, y_pred) == skm.median_absolute_error(y_true, y_pred) == 2.0
    assert M.median_absolute_error([1.0, 1.0], [1.0, 1.0]) == 0.0
    assert M.median_absolute_error([0.0, 0.0], [1.0, 4.0]) == 2.5  # even n: the mean of the two middles
    n = 100_000
    y_true, y_pred = RNG.normal(size=n), RNG.normal(size=n)
    unit = np.ones(n)
    assert M.median_absolute_error(y_true, y_pred, sample_weight=unit) == M.median_absolute_error(y_true, y_pred)
    w = RNG.random(n)
    assert M.median_absolute_error(y_true, y_pred, sample_weight=w) == pytest.approx(
        skm.median_absolute_error(y_true, y_pred, sample_weight=w), rel=1e-12)


def test_median_absolute_error_refusals_are_unchanged():
    with pytest.raises(MetricInputError, match="^y_true: contains NaN"):
        M.median_absolute_error([np.nan, 1.0], [1.0])
    with pytest.raises(MetricInputError, match="^y_pred: contains infinite"):
        M.median_absolute_error([1.0, 1.0], [1.0, np.inf])


# ---------------------------------------------------------------- log loss, (N, K) probabilities


def _proba(n, k):
    y = RNG.integers(0, k, size=n)
    y[:k] = np.arange(k)[: min(n, k)]  # every class present when n >= k
    p = RNG.random((n, k)) + 2.0 * (y[:, None] == np.arange(k))
    return y, p / p.sum(axis=1, keepdims=True)


@pytest.mark.parametrize(("n", "k"), [(2, 2), (3, 3), (7, 5), (100_000, 5), (100_003, 10), (30_000, 40)])
@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
@pytest.mark.parametrize("normalize", [True, False])
def test_log_loss_matrix_agrees_with_sklearn(n, k, weighted, normalize):
    y, p = _proba(n, k)
    w = RNG.random(n) if weighted else None
    ours = M.log_loss(y, p, sample_weight=w, normalize=normalize)
    assert ours == pytest.approx(skm.log_loss(y, p, sample_weight=w, normalize=normalize), rel=1e-10)


def test_log_loss_matrix_one_sample_labels_and_layouts():
    assert M.log_loss([1], [[0.25, 0.75]], labels=[0, 1]) == pytest.approx(-math.log(0.75), rel=1e-15)
    y, p = _proba(50_000, 4)
    expected = skm.log_loss(y, p)
    assert M.log_loss(y, np.asfortranarray(p)) == pytest.approx(expected, rel=1e-12)
    assert M.log_loss(y[::-1], p[::-1]) == pytest.approx(expected, rel=1e-12)
    assert M.log_loss(y + 10, p, labels=[10, 11, 12, 13]) == pytest.approx(expected, rel=1e-12)
    p0 = p.copy()
    p0[123] = 0.0
    p0[123, (y[123] + 1) % 4] = 1.0
    assert M.log_loss(y, p0) == math.inf  # probability 0 on a true class, no clipping


@pytest.mark.parametrize(("change", "message"), [
    (lambda p: p.__setitem__((70_000, 1), np.nan), "contains NaN"),
    (lambda p: p.__setitem__((70_000, 1), -0.1), "lie in"),
    (lambda p: p.__setitem__((70_000, 1), np.inf), "lie in"),
    (lambda p: p.__setitem__(70_000, p[70_000] * (1 + 1e-7)), "sum to 1"),
])
def test_log_loss_matrix_refusals_late_in_a_large_input(change, message):
    y, p = _proba(100_000, 3)
    change(p)
    with pytest.raises(MetricInputError, match=f"^y_proba: .*{message}"):
        M.log_loss(y, p)


def test_log_loss_matrix_checks_keep_their_order():
    y, p = _proba(100_000, 3)
    p[10, 0] = -1.0
    p[90_000, 2] = np.nan  # NaN is reported before a negative entry elsewhere
    with pytest.raises(MetricInputError, match="^y_proba: contains NaN"):
        M.log_loss(y, p)
    y, p = _proba(100_000, 3)
    p[5, 1] = 2.0  # a bad probability is reported before labels missing from labels=
    with pytest.raises(MetricInputError, match="^y_proba: probabilities must lie"):
        M.log_loss(y, p, labels=[0, 1])
    with pytest.raises(MetricInputError, match="^y_proba: probabilities must lie"):
        M.log_loss(y, p[:, :2])
    y, p = _proba(100_000, 3)
    p[7] *= 1 + 1e-9  # within the row-sum tolerance
    assert M.log_loss(y, p) == pytest.approx(skm.log_loss(y, p), rel=1e-9)


# ---------------------------------------------------------------- entropy, cross-entropy, KL; auc


@pytest.mark.parametrize("n", [1, 2, 5, 100_000])
@pytest.mark.parametrize("zeros", ["none", "in p", "in q", "in both"])
def test_information_measures_agree_with_scipy(n, zeros):
    p, q = RNG.random(n), RNG.random(n) + 0.01
    if zeros in ("in p", "in both") and n > 1:
        p[RNG.random(n) < 0.3] = 0.0
        p[0] = 0.5
    if zeros in ("in q", "in both") and n > 1:
        q[np.flatnonzero(p == 0)[:3]] = 0.0  # zeros of q only where p is 0 too: finite results
    p, q = p / p.sum(), q / q.sum()
    h, kl = scipy.stats.entropy(p), scipy.stats.entropy(p, q)
    assert M.entropy(p) == pytest.approx(h, rel=1e-12, abs=1e-15)
    assert M.kl_divergence(p, q) == pytest.approx(kl, rel=1e-10, abs=1e-15)
    assert M.cross_entropy(p, q) == pytest.approx(h + kl, rel=1e-12)
    assert M.entropy(p, base=2) == pytest.approx(scipy.stats.entropy(p, base=2), rel=1e-12, abs=1e-15)


def test_information_measures_infinite_and_refused():
    p = np.full(100_000, 1e-5)
    q = p.copy()
    q[99_999], q[0] = 0.0, 2e-5  # q = 0 where p > 0, late in a long input
    assert M.cross_entropy(p, q) == math.inf and M.kl_divergence(p, q) == math.inf
    assert M.kl_divergence(p, p) == 0.0
    for bad, message in ((np.nan, "contains NaN"), (np.inf, "contains infinite"), (-np.inf, "contains infinite"),
                         (-1e-3, "probabilities must lie in")):
        r = p.copy()
        r[50_000] = bad
        with pytest.raises(MetricInputError, match=f"^p: {message}"):
            M.entropy(r)


@pytest.mark.parametrize("n", [2, 3, 100_000])
def test_auc_agrees_with_sklearn(n):
    x, y = np.sort(RNG.random(n)), RNG.random(n)
    assert M.auc(x, y) == pytest.approx(skm.auc(x, y), rel=1e-12)
    assert M.auc(x[::-1], y[::-1]) == pytest.approx(skm.auc(x, y), rel=1e-12)  # decreasing x
    flat = np.zeros(n)
    assert M.auc(flat, y) == 0.0


def test_auc_refusals_keep_their_order():
    x = np.sort(RNG.random(100_000))
    x[60_000] = 2.0  # not monotonic ...
    x[90_000] = np.nan  # ... but NaN is reported first
    with pytest.raises(MetricInputError, match="^x: contains NaN"):
        M.auc(x, np.ones(100_000))
    x[90_000] = 0.5
    with pytest.raises(MetricInputError, match="^x: is neither"):
        M.auc(x, np.ones(100_000))
    with pytest.raises(MetricInputError, match="^y: contains infinite"):
        M.auc(np.arange(5.0), [1.0, 2.0, np.inf, 1.0, 1.0])


# ---------------------------------------------------------------- one long ranking query


@pytest.mark.parametrize("decimals", [1, 3, None], ids=["heavy ties", "ties", "no ties"])
def test_one_long_query_agrees_with_sklearn(decimals):
    n = 100_000
    grades = RNG.integers(0, 4, size=n).astype(float)
    scores = RNG.random(n) if decimals is None else np.round(RNG.random(n), decimals)
    assert M.ndcg_at_k(grades, scores) == pytest.approx(skm.ndcg_score([grades], [scores]), rel=1e-10)
    assert M.dcg_at_k(grades, scores) == pytest.approx(skm.dcg_score([grades], [scores]), rel=1e-10)
    assert M.ndcg_at_k(grades, scores, k=10) == pytest.approx(skm.ndcg_score([grades], [scores], k=10), rel=1e-10)
    # ties="first": documents in the order given; as a stable sort on -score
    first = np.argsort(-scores, kind="stable")
    assert M.dcg_at_k(grades, scores, ties="first") == pytest.approx(M.dcg_at_k(grades[first]), rel=1e-12)
    # the batch path (two queries) gives each query the same value
    both = M.ndcg_at_k(np.stack([grades, grades]), np.stack([scores, scores]))
    assert both[0] == pytest.approx(M.ndcg_at_k(grades, scores), rel=1e-12)


# ---------------------------------------------------------------- multioutput: sums over blocks of rows

def _table(n):
    """Columns: a plain one, one offset by 1e4 with unit spread (cancellation), one constant."""
    y = np.column_stack([RNG.normal(size=n), 1e4 + RNG.normal(size=n), np.full(n, 2.5)])
    return y, y + RNG.normal(scale=0.5, size=(n, 3))


@pytest.mark.parametrize("n", [2, 3, 8193, 20_000])
@pytest.mark.parametrize("name", ["mean_squared_error", "root_mean_squared_error", "mean_absolute_error", "r2",
                                  "explained_variance"])
def test_multioutput_block_sums_equal_the_one_output_metric(name, n):
    """The blocked per-column sums (no transposed copy) give each column's 1-D value, the constant column
    included (it goes through the 1-D metric), and the variance weights leave that column out."""
    y, p = _table(n)
    f = getattr(M, name)
    columns = np.array([f(y[:, j].copy(), p[:, j].copy()) for j in range(3)])
    np.testing.assert_allclose(f(y, p, multioutput="raw_values"), columns, rtol=1e-10, atol=0)
    if name in ("r2", "explained_variance"):
        spreads = ((y - y.mean(axis=0)) ** 2).sum(axis=0)
        spreads[2] = 0.0
        expected = np.dot(spreads[:2], columns[:2]) / spreads[:2].sum()
        assert f(y, p, multioutput="variance_weighted") == pytest.approx(expected, rel=1e-10)


def test_multioutput_block_sums_leave_non_finite_columns_to_the_one_output_metric():
    y, p = _table(20_000)
    p[5, 1] = np.nan
    with pytest.raises(MetricInputError, match="y_pred"):
        M.r2(y, p)
    y[7, 0] = 1e200  # the squares overflow: the 1-D MSE says inf, the 1-D RMSE rescales
    p[5, 1] = 0.0
    assert M.mean_squared_error(y, p, multioutput="raw_values")[0] == math.inf
    assert M.root_mean_squared_error(y, p, multioutput="raw_values")[0] == pytest.approx(
        M.root_mean_squared_error(y[:, 0].copy(), p[:, 0].copy()), rel=1e-12)


@pytest.mark.parametrize("p", [1, 2, 3, 4, 1.0, 3.0, 4.0, 2.5])
@pytest.mark.parametrize("n", [1, 7, 100_000])
def test_minkowski_products_for_integer_p_agree_with_scipy(p, n):
    # p = 1 to 4 sum by products (np.dot), not by a float power: the spec's forms draw p = 1, 2, 3.5 and inf only
    from scipy.spatial.distance import minkowski

    y = RNG.normal(scale=1e3, size=n)
    q = y + RNG.standard_t(3, size=n)  # heavy-tailed residuals: one of them dominates the scaled sum
    assert M.minkowski_distance(y, q, p=p) == pytest.approx(minkowski(y, q, p=p), rel=1e-12)
    assert M.minkowski_distance(y * 1e300, q * 1e300, p=p) == pytest.approx(minkowski(y, q, p=p) * 1e300, rel=1e-12)
    # the one-pass sum is declined below 1e-290 (subnormal powers): the residuals scaled by the largest instead
    assert M.minkowski_distance(y * 1e-300, q * 1e-300, p=p) == pytest.approx(minkowski(y, q, p=p) * 1e-300, rel=1e-12)


def _log_cosh_by_sinh(d):
    """log cosh d = log1p(2 sinh(d/2)^2), with NumPy's own sinh and log1p: an independent form, exact to a few ulps
    wherever sinh(d/2)^2 does not overflow (|d| < 1400)."""
    return np.log1p(2.0 * np.sinh(np.asarray(d) / 2.0) ** 2)


@pytest.mark.parametrize("n", [1, 2, 32767, 32768, 32769, 3 * 32768 + 7])
def test_log_cosh_blocks_and_branches_agree_with_the_sinh_form(n):
    # log-cosh is formed in blocks of 2^15 values, a Taylor series below |d| = 1 and exp and log above it: residuals
    # on both sides of 1 (exactly 1 and the floats beside it too), tiny and large ones, in every block
    from metrics.regression import _LOG_COSH_BLOCK, _log_cosh

    assert _LOG_COSH_BLOCK == 32768  # the sizes above straddle its blocks
    d = RNG.choice([-1.0, 1.0], size=n) * np.concatenate([
        [1.0, np.nextafter(1.0, 0.0), np.nextafter(1.0, 2.0), 1e-150, 1e-8, 0.5, 699.0, 700.5],
        10.0 ** RNG.uniform(-12, 2.5, size=n)])[:n]
    got = _log_cosh(d.copy())
    assert np.allclose(got, _log_cosh_by_sinh(d), rtol=8 * np.finfo(float).eps, atol=0.0)
    # a mean of them is the catalog's value
    assert M.log_cosh_error(np.zeros(n), d) == pytest.approx(float(np.mean(_log_cosh_by_sinh(d))), rel=1e-13)


@pytest.mark.parametrize("n", [1, 511, 512, 513, 32768 + 512 * 3 + 5])
@pytest.mark.parametrize("scale", [1e-9, 0.01, 0.3, 1.0, 30.0, 1e3])
def test_log_cosh_sum_is_the_sum_or_declines(n, scale):
    # the unweighted mean goes through one exp per value and a log per group of 512 factors; where its worst-case
    # bound is not within 1e-12 of the sum it declines (None) and the per-value form is used
    from metrics.regression import _LOG_COSH_FAST_RTOL, _LOG_COSH_GROUP, _log_cosh_sum

    assert _LOG_COSH_GROUP == 512  # the sizes above straddle its groups
    d = RNG.normal(scale=scale, size=n)
    big = np.abs(d) > 1.0  # log cosh d = |d| - log 2 + log1p(exp(-2|d|)) there (the sinh form overflows past 1400)
    exact = math.fsum(np.where(big, np.abs(d) - math.log(2.0) + np.log1p(np.exp(-2.0 * np.abs(d))),
                               _log_cosh_by_sinh(np.where(big, 0.0, d))))
    total = _log_cosh_sum(d.copy())
    if total is not None:
        assert total == pytest.approx(exact, rel=_LOG_COSH_FAST_RTOL, abs=0.0)
    if n >= 512 and scale <= 0.01:  # a^2 / 2 far below the ulps of 1 each value carries: declined
        assert total is None
    if n >= 512 and scale >= 0.3:  # the cases the fast form is for (the breadth benchmark's residuals are ~0.6)
        assert total is not None
    assert M.log_cosh_error(np.zeros(n), d) == pytest.approx(exact / n, rel=1e-13)


def test_log_cosh_sum_declines_exact_predictions():
    from metrics.regression import _log_cosh_sum

    assert _log_cosh_sum(np.zeros(1000)) is None  # 0 is not within any relative bound: the per-value form gives 0.0
    assert M.log_cosh_error(np.ones(1000), np.ones(1000)) == 0.0


def test_log_cosh_beyond_cosh_overflow_is_finite():
    # cosh overflows at |d| = 710.5, log cosh does not: past about 372 exp(-2|d|) underflows, the value is |d| - log 2
    d = np.array([700.0, 710.0, 711.0, 1e10, -1e300])
    assert np.array_equal(M.log_cosh_error(np.zeros(1), d[2:3]), 711.0 - math.log(2.0))
    assert M.log_cosh_error(np.zeros(5), d) == pytest.approx(float(np.mean(np.abs(d) - math.log(2.0))), rel=1e-15)


def _js_by_decimal(p, q):
    """JS(p, q) in nats from the definition, in 60-digit decimal arithmetic (p, q exact binary fractions that
    already sum to 1); an outcome with p_i = q_i adds 0."""
    from decimal import Decimal, localcontext

    with localcontext() as ctx:
        ctx.prec = 60
        total = Decimal(0)
        for a, b in zip(p.tolist(), q.tolist()):
            if a == b:
                continue
            a, b = Decimal(a), Decimal(b)
            m = (a + b) / 2
            total += (a * (a / m).ln() if a else 0) + (b * (b / m).ln() if b else 0)
        return float(total / 2)


def _dyadic_pair(n, moves):
    """p: n exact binary fractions summing to 1; q: p with each (i, j, step) of ``moves`` moving step * 2^-40 of
    mass from outcome j to outcome i (exact, so q sums to 1 too)."""
    p = np.full(n, 2.0 ** -40 * (2 ** 40 // n))
    p[0] += 1.0 - p.sum()
    q = p.copy()
    for i, j, step in moves:
        q[i] += step * 2.0 ** -40
        q[j] -= step * 2.0 ** -40
    assert p.sum() == 1.0 and q.sum() == 1.0 and (q >= 0).all()
    return p, q


@pytest.mark.parametrize("step", [1, 2 ** 10, 2 ** 20, 2 ** 30, 2 ** 35, 2 ** 36, 2 ** 37])
def test_js_of_nearly_equal_distributions_is_exact(step):
    # p_i = 1/5 and q_i = p_i +- step * 2^-40: r from 1e-12 (two logs that cancel to r^2) past 1/4 (the series'
    # edge, then the logs) to 0.45; the former log1p form was 9.5% off at r = 2^-47 (measured against mpmath)
    p, q = _dyadic_pair(5, [(1, 2, step), (3, 4, step // 2 or 1)])
    assert M.jensen_shannon_divergence(p, q) == pytest.approx(_js_by_decimal(p, q), rel=1e-14, abs=0.0)


def test_js_blocks_mix_every_form():
    # 2^14 outcomes a block: moves on both sides of the boundary, r from 1e-9 to 0.5, and disjoint outcomes (q_i = 0)
    n = 16384 + 300
    moves = [(i, i + 1, int(s)) for i, s in zip(range(16000, 16700 - 400, 3), 2.0 ** RNG.uniform(0, 25.9, size=100))]
    p, q = _dyadic_pair(n, moves)
    q[5], q[6] = 0.0, q[6] + q[5]  # one outcome of p has no mass in q, another doubles
    assert M.jensen_shannon_divergence(p, q) == pytest.approx(_js_by_decimal(p, q), rel=1e-13, abs=0.0)


@pytest.mark.parametrize("n", [1, 8191, 8192, 8193, 3 * 8192 + 7])
@pytest.mark.parametrize("alpha", [0.0, 0.1, 0.5, 1.0])
def test_pinball_blocks_agree_with_the_per_sample_form(n, alpha):
    # the unweighted pinball loss sums the over- and under-predictions in blocks of 8192 samples
    from metrics.regression import _CHUNK

    assert _CHUNK == 8192  # the sizes above straddle its blocks
    y = RNG.normal(size=n)
    p = y + RNG.standard_t(2, size=n)
    d = y - p
    per_sample = np.where(d >= 0.0, alpha * d, (alpha - 1.0) * d)
    assert M.mean_pinball_loss(y, p, alpha=alpha) == pytest.approx(math.fsum(per_sample) / n, rel=1e-13, abs=1e-300)


@pytest.mark.parametrize("n", [1, 65535, 65536, 65537, 2 * 65536 + 7])
@pytest.mark.parametrize("power", [-1.0, 0.0, 1.0, 1.5, 2.0, 3.0])
def test_deviances_summed_in_blocks_agree_with_the_whole_array_form(n, power):
    # the unweighted mean deviance (and D²'s two) sums blocks of 65536 unit deviances
    from metrics.regression import _DEVIANCE_BLOCK, _unit_deviance

    assert _DEVIANCE_BLOCK == 65536  # the sizes above straddle its blocks
    y = RNG.gamma(2.0, size=n) + 0.01
    p = y * RNG.lognormal(sigma=0.3, size=n)
    assert M.mean_tweedie_deviance(y, p, power=power) == pytest.approx(
        math.fsum(_unit_deviance(y, p, power)) / n, rel=1e-12)
    if n > 1:
        baseline = math.fsum(_unit_deviance(y, float(np.mean(y)), power))
        assert M.d2_tweedie(y, p, power=power) == pytest.approx(
            1.0 - math.fsum(_unit_deviance(y, p, power)) / baseline, rel=1e-11)


@pytest.mark.parametrize("n_bins", [1, 2, 3, 7, 10, 15, 49, 100, 1000])
def test_uniform_bins_by_arithmetic_are_the_searchsorted_bins(n_bins):
    # the calibration metrics' equal-width bins are found as ceil(c * n_bins) - 1, corrected by one edge
    # comparison each way; the edges and the floats beside them are where the two could part
    from metrics.probabilistic import _bin_ids

    edges = np.linspace(0.0, 1.0, n_bins + 1)
    c = np.concatenate([RNG.random(5000), edges, np.nextafter(edges, 2.0), np.nextafter(edges, -1.0),
                        np.arange(n_bins + 1) / n_bins, 0.1 * np.arange(11)]).clip(0.0, 1.0)
    assert np.array_equal(_bin_ids(c, n_bins, "uniform"), np.searchsorted(edges[1:-1], c, side="left"))
