"""No false alarm from a declared tie rule, from raw inputs a float32 library cannot tell apart, or from a
float16 value beyond float16's range (issue 44, item 4, mechanisms 1, 2 and 7).

Each toy target is a small module written to a temporary folder and loaded as a user's adapter would be
(``load_target``). Every behaviour is shown both ways: the toy is right under its declaration or precision and
audits clean, with what was skipped or applied noted in the result; the same toy without the declaration, or a
toy that is really wrong, still fails.
"""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

from properties.engine.vocabulary import precision, registry
from properties.engine.target.loading import load_target
from properties.engine.verdict.check import check_property
from properties.inputs import large


@pytest.fixture(autouse=True)
def _float64_between_tests():
    yield
    precision.configure()
    precision.start_example()


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """``toy(name, body, **constants)``: the module ``name`` written with ``body`` and the constants, loaded."""
    monkeypatch.syspath_prepend(str(tmp_path))
    made = []

    def make(name: str, body: str, **constants):
        made.append(name)
        name = f"{name}_{len(made)}_{tmp_path.name}"  # a module name of its own: imported modules are cached
        header = "import numpy as np\nimport metrics\n" + "".join(f"{k} = {v!r}\n" for k, v in constants.items())
        (tmp_path / f"{name}.py").write_text(header + textwrap.dedent(body))
        return load_target(name)

    return make


def _run(pid: str, target, **options):
    return check_property(registry.get(pid), target, **options)


def _fails(pid: str, target, severity: str = "wrong value") -> bool:
    """Whether ``pid`` fails on ``target`` with a finding of ``severity`` (the first finding: a verdict is enough)."""
    result = _run(pid, target, all_findings=False)
    return result.status == "fail" and result.severity == severity


# ------------------------------------------------------------------ 1. a declared tie rule of input order

#: ndcg_at_k without a ties keyword, breaking ties by input order (the catalog's ties="first")
NDCG_INPUT_ORDER = """
    def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear", no_relevant="zero"):
        return metrics.ndcg_at_k(y_true, y_score, k=k, gain=gain, no_relevant=no_relevant, ties="first")
"""

#: ROC AUC of a library that sorts the scores stably and makes every sample a step of the curve: tied samples
#: count in input order (an earlier positive ranks above a tied negative); a stream keeps its samples in order
ROC_AUC_INPUT_ORDER = """
    def roc_auc(y_true, y_score, *, sample_weight=None):
        y, s = np.asarray(y_true, dtype=float), np.asarray(y_score, dtype=float)
        if y.ndim != 1 or s.shape != y.shape or not y.size or not np.isfinite(s).all() or not np.isin(y, (0, 1)).all():
            raise ValueError("y_true, y_score: 1-D arrays of 0/1 labels and finite scores, of one length")
        w = np.ones_like(y) if sample_weight is None else np.asarray(sample_weight, dtype=float)
        order = np.argsort(-s, kind="stable")
        tp, fp = np.cumsum((w * y)[order]), np.cumsum((w * (1 - y))[order])
        if tp[-1] == 0 or fp[-1] == 0:
            raise ValueError("y_true: both classes are needed")
        value = np.trapezoid(np.r_[0, tp / tp[-1]], np.r_[0, fp / fp[-1]])
        return float(value + SHIFT * y[0])

    class _RocAuc:
        def __init__(self):
            self.reset()
        def update(self, y_true, y_score):
            self.y += list(y_true)
            self.s += list(y_score)
        def compute(self):
            return roc_auc(self.y, self.s)
        def reset(self):
            self.y, self.s = [], []
        def merge(self, other):
            self.y += other.y
            self.s += other.s

    STREAMING = {"roc_auc": _RocAuc}
"""

PERMUTING = ("permutation_invariance", "integer_weights", "stream_batch_order", "stream_merge")


def test_a_ranking_library_breaking_ties_by_input_order_passes_the_permutation_once_declared(toy):
    pid = "ranking.permutation_invariance[ndcg_at_k]"
    assert _fails(pid, toy("ndcg_first", NDCG_INPUT_ORDER))  # the all-tied edge case reversed: another ranking
    declared = _run(pid, toy("ndcg_first_declared", NDCG_INPUT_ORDER, TIES={"ndcg_at_k": "input_order"}))
    assert declared.status == "pass", declared.detail
    assert declared.conventions == ("ties:ndcg_at_k=input_order",)


def test_a_curve_library_breaking_ties_by_input_order_passes_every_permutation_once_declared(toy):
    undeclared = toy("roc_first", ROC_AUC_INPUT_ORDER, SHIFT=0.0)
    declared = toy("roc_first_declared", ROC_AUC_INPUT_ORDER, SHIFT=0.0, TIES={"roc_auc": "input_order"})
    for name in PERMUTING:
        pid = f"curves.{name}[roc_auc]"
        assert _fails(pid, undeclared), pid
        result = _run(pid, declared)
        assert result.status == "pass", (pid, result.detail)
        assert "ties:roc_auc=input_order" in result.conventions, pid
    # every copy of a duplicated sample ties it: under input order the value of the copies is another ranking's
    assert _fails("curves.duplication_invariance[roc_auc]", undeclared)
    duplicated = _run("curves.duplication_invariance[roc_auc]", declared)
    assert duplicated.status == "n/a" and "repeated samples tie their copies" in duplicated.detail, duplicated


def test_the_large_tier_keeps_tied_samples_in_input_order_under_a_declared_rule(toy):
    large.reduce()
    try:
        undeclared = toy("roc_first_large", ROC_AUC_INPUT_ORDER, SHIFT=0.0)
        declared = toy("roc_first_large_declared", ROC_AUC_INPUT_ORDER, SHIFT=0.0, TIES={"roc_auc": "input_order"})
        for pid in ("curves.large_permutation[roc_auc]", "curves.large_duplication[roc_auc]"):
            assert _fails(pid, undeclared), pid  # 20 score levels over 10,000 samples
        permuted = _run("curves.large_permutation[roc_auc]", declared)
        assert permuted.status == "pass" and permuted.conventions == ("ties:roc_auc=input_order",), permuted.detail
        assert _run("curves.large_duplication[roc_auc]", declared).status == "n/a"
    finally:
        large.reduce(None)


def test_a_declared_tie_rule_does_not_hide_a_dependence_on_the_order_of_untied_samples(toy):
    # under its declared rule, the toy also moves with its first sample: the permutation still sees it
    wrong = toy("roc_first_wrong", ROC_AUC_INPUT_ORDER, SHIFT=0.01, TIES={"roc_auc": "input_order"})
    assert _fails("curves.permutation_invariance[roc_auc]", wrong)


def test_tied_samples_keep_their_input_order_under_a_permutation():
    from properties.inputs import tie_stable

    rng = np.random.default_rng(0)
    for _ in range(300):
        n, rows = int(rng.integers(1, 8)), int(rng.integers(1, 4))
        keys = rng.integers(0, 3, (rows, n)).astype(float)
        drawn = rng.permutation(n)
        kept = tie_stable(drawn, keys)
        assert sorted(kept.tolist()) == list(range(n))
        place = np.argsort(kept)
        for row in keys:
            for i in range(n):
                for j in range(i + 1, n):
                    assert row[i] != row[j] or place[i] < place[j]
        if not (keys[:, :, None] == keys[:, None, :]).any(axis=0)[~np.eye(n, dtype=bool)].any():
            assert np.array_equal(kept, drawn)  # nothing tied: the permutation as drawn
    scores = np.array([0.5, 0.2, 0.5, 0.2, 0.9])
    order = large.permutation_keeping_ties(5, scores, seed=1)
    assert np.array_equal(order, tie_stable(np.random.default_rng(1).permutation(5), scores))
    assert large.name_of(order).startswith("large.permutation_keeping_ties(n=5")


# ------------------------------------------------------------------ 2. raw inputs that collide in float32

#: the catalog's curves on scores rounded to float32 (those of the dtype kinds KINDS: integer scores too, or
#: float ones only), results in float32: a correct float32 library
FLOAT32_CURVES = """
    def _f32(a):
        a = np.asarray(a)
        return a.astype(np.float32) if a.dtype.kind in KINDS else a

    def roc_auc(y_true, y_score, *, sample_weight=None, average="macro"):
        value = metrics.roc_auc(y_true, _f32(y_score), sample_weight=sample_weight, average=average)
        return np.float32(value + OFF)

    def roc_curve(y_true, y_score, *, sample_weight=None):
        return tuple(a.astype(np.float32) for a in metrics.roc_curve(y_true, _f32(y_score), sample_weight=sample_weight))
"""

COLLIDED = "roc_auc: y_score values distinct in float64 collide in float32"


@pytest.mark.parametrize("pid, kinds", [("curves.definition[roc_auc]", "fiu"),
                                        # int64 scores kept: 1e8 + k apart, where the float64 ones are not
                                        ("curves.dtype_invariance[roc_auc]", "f")])
def test_scores_that_collide_in_float32_are_skipped_for_a_float32_library(toy, pid, kinds):
    declared = _run(pid, toy("f32_curves", FLOAT32_CURVES, OFF=0.0, KINDS=kinds, PRECISION="float32"))
    assert declared.status == "pass", declared.detail
    assert COLLIDED in declared.skipped, declared.skipped  # the offset 1e8 edge case: 1e8 + k, one float32 value


def test_collisions_are_skipped_where_the_float32_precision_is_detected_not_declared(toy):
    detected = _run("curves.definition[roc_curve]", toy("f32_detected", FLOAT32_CURVES, OFF=0.0, KINDS="fiu"))
    assert detected.status == "pass" and detected.precision == "float32", detected.detail
    assert "roc_curve: y_score values distinct in float64 collide in float32" in detected.skipped


def test_a_wrong_float32_library_still_fails_and_a_float64_one_is_not_skipped(toy):
    assert _fails("curves.definition[roc_auc]", toy("f32_wrong", FLOAT32_CURVES, OFF=1e-3, KINDS="fiu",
                                                             PRECISION="float32"))
    assert not any("collide" in reason for reason in _run("curves.definition[roc_auc]", load_target("metrics")).skipped)


#: a float32 library that maps every score through a sigmoid first (torchmetrics' auto-sigmoid): scores beyond
#: about 17 all become 1.0, a tie the library made, not the precision
SATURATING_ROC_AUC = """
    def roc_auc(y_true, y_score, *, sample_weight=None, average="macro"):
        with np.errstate(over="ignore"):
            squashed = (1 / (1 + np.exp(-np.asarray(y_score, dtype=np.float32)))).astype(np.float32)
        return np.float32(metrics.roc_auc(y_true, squashed, sample_weight=sample_weight, average=average))
"""


def test_a_float32_library_that_ties_scores_itself_still_fails_on_scores_float32_holds_apart(toy):
    # the edge case 1e3 + k: distinct in float32, where 1e8 + k (skipped) is not
    result = _run("curves.definition[roc_auc]", toy("f32_sigmoid", SATURATING_ROC_AUC, PRECISION="float32"),
                  all_findings=False)
    assert result.status == "fail" and "offset_1e3_unit_spread" in result.counterexample, result.counterexample


def test_distinct_values_are_kept_apart_in_float64_and_merged_in_float32():
    offset = 1e8 + np.arange(6.0)
    assert precision.distinct_kept(offset)
    precision.configure(declared="float32")
    assert not precision.distinct_kept(offset)
    assert precision.distinct_kept(np.arange(6.0) / 4)
    assert precision.distinct_kept(np.array([1e8, 1e8, 2.0]))  # tied in float64 already: the same input
    assert not precision.distinct_kept(np.array([[1e8, 0.0], [1e8 + 1, 1.0]]))  # one column merges
    assert precision.distinct_kept(np.array([[1e8, 1.0], [2.0, 1e8 + 8]]))


# ------------------------------------------------------------------ 7. a float16 value beyond float16's range

#: MAPE of a library that computes in the input's dtype: on float16 input the ratios are float16; ERROR scales
#: every float16 result (a wrong conversion)
FLOAT16_MAPE = """
    def mean_absolute_percentage_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
        y, p = np.asarray(y_true), np.asarray(y_pred)
        if y.dtype != np.float16 or sample_weight is not None or multioutput != "uniform_average" or y.ndim != 1:
            return metrics.mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight,
                                                          multioutput=multioutput)
        y64, p64 = y.astype(float), p.astype(float)
        with np.errstate(over="ignore"):
            ratios = (np.abs(y64 - p64) / np.maximum(np.abs(y64), np.finfo(float).eps)).astype(np.float16)
        return np.mean(ratios, dtype=np.float16) * np.float16(1 + ERROR)
"""


def test_a_float16_value_beyond_float16_range_is_skipped_on_the_dtype_axis(toy):
    pid = "regression.dtype_invariance[mean_absolute_percentage_error]"
    result = _run(pid, toy("f16_mape", FLOAT16_MAPE, ERROR=0.0))
    assert result.status == "pass", result.detail  # y_true 0 and y_pred 1: a MAPE of 4.5e15, inf in float16
    assert ("mean_absolute_percentage_error: y_true, y_pred as float16: a value beyond float16 range"
            in result.skipped), result.skipped
    # x 1001: a relative error within about n units of float16 (n samples) would be rounding-level
    wrong = _run(pid, toy("f16_mape_wrong", FLOAT16_MAPE, ERROR=1e3), all_findings=False)
    assert wrong.status == "fail" and wrong.severity == "wrong value" and "float16" in wrong.finding_class, wrong


#: the catalog's divergences computed on distributions rounded to float32, results in float32: a correct float32
#: library (OFF: an error added to every value)
FLOAT32_DIVERGENCES = """
    def kl_divergence(p, q, *, base=None):
        return np.float32(metrics.kl_divergence(np.float32(p), np.float32(q), base=base)) + np.float32(OFF)

    def jensen_shannon_divergence(p, q, *, base=None):
        return np.float32(metrics.jensen_shannon_divergence(np.float32(p), np.float32(q), base=base)) + np.float32(OFF)
"""


@pytest.mark.parametrize("pid", ["probabilistic.kl_nonnegative_zero_iff_equal",
                                 "probabilistic.bound.zero_iff_equal_log2_iff_disjoint[jensen_shannon_divergence]"])
def test_distributions_one_in_float32_may_have_divergence_zero_in_a_float32_library(toy, pid):
    # the near-uniform edge case: 0.25 +- 1e-9 is 0.25 in float32, so a divergence of 0 there is right
    assert _run(pid, toy("f32_divergences", FLOAT32_DIVERGENCES, OFF=0.0)).status == "pass"
    assert _fails(pid, toy("f32_divergences_wrong", FLOAT32_DIVERGENCES, OFF=-0.5))
