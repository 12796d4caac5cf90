"""The binned ROC AUC stream: its value is within its own error bound of the exact AUC, and the bound is tight
where it should be (0 when no bin holds both classes)."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import metrics
from metrics import MetricInputError
from metrics.streaming import binned_roc_auc


@st.composite
def scored_labels(draw):
    n = draw(st.integers(2, 60))
    y = draw(hnp.arrays(np.int64, n, elements=st.integers(0, 1)))
    y[:2] = (0, 1)  # both classes
    scores = draw(hnp.arrays(np.float64, n, elements=st.integers(-20, 20).map(lambda v: v / 8)))
    k = draw(st.integers(1, 12))
    edges = np.linspace(-2.5, 2.5, k + 1)
    cuts = draw(st.lists(st.integers(0, n), max_size=3))
    return y, scores, edges, sorted(cuts)


@given(scored_labels())
def test_the_binned_auc_is_within_its_error_bound_of_the_exact_auc(case):
    y, scores, edges, cuts = case
    s = binned_roc_auc(edges)
    for part in np.split(np.arange(len(y)), cuts):
        s.update(y[part], scores[part])
    exact = metrics.roc_auc(y, scores)
    assert abs(s.compute() - exact) <= s.error_bound() + 1e-12
    assert 0.0 <= s.error_bound() <= 0.5


@given(scored_labels())
def test_merged_shards_equal_one_stream(case):
    y, scores, edges, cuts = case
    whole = binned_roc_auc(edges)
    whole.update(y, scores)
    merged = binned_roc_auc(edges)
    for part in np.split(np.arange(len(y)), cuts):
        shard = binned_roc_auc(edges)
        shard.update(y[part], scores[part])
        merged.merge(shard)
    assert merged.compute() == whole.compute() and merged.error_bound() == whole.error_bound()


def test_one_bin_per_distinct_score_is_exact_with_bound_zero_where_no_bin_mixes_classes():
    y = np.array([0, 1, 0, 1, 1])
    scores = np.array([0.1, 0.4, 0.35, 0.8, 0.1])
    s = binned_roc_auc([0.0, 0.2, 0.37, 0.5, 1.0])  # bins [0, .2) holds 0.1 twice (one of each class)
    s.update(y, scores)
    assert s.compute() == pytest.approx(metrics.roc_auc(y, scores))  # the tie at 0.1 is a tie for both
    # 3 positives x 2 negatives = 6 pairs, one of them (the two 0.1s) in one bin: half of 1/6
    assert s.error_bound() == pytest.approx(0.5 * 1 / 6)
    fine = binned_roc_auc([0.0, 0.05, 0.2, 0.37, 0.38, 0.5, 1.0])
    fine.update(y[[0, 1, 2, 3]], scores[[0, 1, 2, 3]])
    assert fine.error_bound() == 0.0
    assert fine.compute() == metrics.roc_auc(y[[0, 1, 2, 3]], scores[[0, 1, 2, 3]])


def test_one_bin_for_everything_is_a_coin_with_the_largest_bound():
    s = binned_roc_auc([0.0, 1.0])
    s.update([0, 1, 1], [0.9, 0.2, 0.3])
    assert s.compute() == 0.5 and s.error_bound() == 0.5


@pytest.mark.parametrize(("call", "argument"), [
    (lambda: binned_roc_auc([1.0]), "edges"),
    (lambda: binned_roc_auc([0.0, 0.0, 1.0]), "edges"),
    (lambda: binned_roc_auc([0.0, np.nan]), "edges"),
    (lambda: binned_roc_auc([0.0, 1.0]).update([0, 2], [0.1, 0.2]), "y_true"),
    (lambda: binned_roc_auc([0.0, 1.0]).update([0, 1], [0.1]), "y_true"),
    (lambda: binned_roc_auc([0.0, 1.0]).compute(), "y_true"),
    (lambda: binned_roc_auc([0.0, 1.0]).merge(binned_roc_auc([0.0, 2.0])), "other"),
])
def test_bad_input_is_refused_naming_the_argument(call, argument):
    with pytest.raises(MetricInputError) as info:
        call()
    assert info.value.argument == argument
