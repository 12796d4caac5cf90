"""The bad-input classes of issue 44 each catch the mutant that accepts them, under their own finding class.

``tests/test_mutants.py`` checks that the properties fail on these mutants; here each failure must carry the
class of the bad input (``negative:sample_weight``, ``nonpositive:k``, ``mixed_dtype:y_true,y_pred`` ...), so a
class that stopped being drawn cannot pass unnoticed behind another. The classes are edge cases of their
properties: one run with no draw reaches each. And the catalog's own metrics refuse each class with a
MetricInputError naming the argument, and score int against float labels as the same labels.
"""

import numpy as np
import pytest
from hypothesis import Phase, settings

import metrics
from metrics.errors import MetricInputError
from properties.capabilities import COUNT, NON_NEGATIVE, NON_NEGATIVE_INTEGER, POSITIVE, all_capabilities
from properties.engine.vocabulary import findings, registry
from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.verdict.check import check_property
from properties.generic import BAD_WEIGHTS
from properties.inputs import BAD_INPUT_DEFECTS
from properties.ranking import NEGATIVE_AS_GAIN, NEGATIVE_AS_IRRELEVANT, NEGATIVE_REFUSED
from tests.mutants import mutant_target
from tests.mutants.bad_input import CAUGHT, MUTANTS

#: the edge cases only, and one draw: the classes must not depend on the draws
EDGES_ONLY = settings(profile_settings("ci"), phases=[Phase.explicit, Phase.generate], max_examples=1)
BY_NAME = {m.name: m for m in MUTANTS}


@pytest.mark.parametrize(("mutant", "property_id", "cls"), CAUGHT, ids=[f"{m}->{p}" for m, p, _ in CAUGHT])
def test_each_class_catches_its_mutant(mutant, property_id, cls):
    result = check_property(registry.get(property_id), mutant_target(BY_NAME[mutant]), settings_=EDGES_ONLY,
                            all_findings=True)
    assert result.status == "fail", result.detail
    classes = [f["finding_class"] for f in result.findings] or [result.finding_class]
    assert cls is None or any(findings.matches(cls, c) for c in classes), classes


def test_the_new_defects_are_named():
    for defect in ("all_zero", "broadcast", "mixed_dtype", "nonpositive", "wrong_length", "fractional", "negative"):
        assert defect in BAD_INPUT_DEFECTS
    assert {d for d, _ in BAD_WEIGHTS} <= set(BAD_INPUT_DEFECTS)
    for parameter in (COUNT, NON_NEGATIVE, NON_NEGATIVE_INTEGER, POSITIVE):
        assert {d for d, _ in parameter.bad_values()} <= set(BAD_INPUT_DEFECTS)


def test_every_metric_with_sample_weight_gets_the_bad_weights():
    for name, cap in all_capabilities().items():
        if not (cap.sample_weight and cap.inputs is not None and cap.inputs.bad is not None):
            continue
        prop = registry.get(f"{cap_family(name)}.refuses_bad_input[{name}]")
        assert {n for n, _ in prop.edges} >= {f"{d}_sample_weight" for d, _ in BAD_WEIGHTS}, name


def test_every_declared_parameter_is_sent_out_of_its_domain():
    declared = {name: cap for name, cap in all_capabilities().items() if cap.parameters}
    assert {"top_k_accuracy", "fbeta", "rouge_n", "ndcg_at_k", "novelty_at_k", "expected_calibration_error"} <= \
        set(declared)
    for name, cap in declared.items():
        edges = {n for n, _ in registry.get(f"{cap_family(name)}.refuses_bad_input[{name}]").edges}
        for keyword, parameter in cap.parameters.items():
            assert {f"{d}_{keyword}" for d, _ in parameter.bad_values()} <= edges, (name, keyword)


def test_every_ranking_metric_scores_or_refuses_negative_grades():
    from properties.ranking import CAPABILITIES

    scored = set(NEGATIVE_AS_IRRELEVANT) | set(NEGATIVE_AS_GAIN) | {"ndcg_at_k"}
    assert scored | set(NEGATIVE_REFUSED) == set(CAPABILITIES) and not scored & set(NEGATIVE_REFUSED)
    for name in NEGATIVE_REFUSED:
        with pytest.raises(MetricInputError, match="^y_true:"):
            getattr(metrics, name)([[0.0, -1.0, 1.0]], [[1.0, 3.0, 2.0]])


def test_a_query_whose_only_grade_is_negative_has_nothing_relevant():
    y, s = [0.0, -1.0, 0.0], [1.0, 3.0, 2.0]
    assert metrics.precision_at_k(y, s, k=1) == 0.0
    assert metrics.ndcg_at_k([-1.0, 0.0, 0.0]) == 0.0
    assert metrics.dcg_at_k(y, s, k=1) == -1.0


def cap_family(name):
    return next(f for f in registry.FAMILY_MODULES
                if name in getattr(__import__(f"properties.{f}", fromlist=["CAPABILITIES"]), "CAPABILITIES", {}))


Y, P = np.array([0, 1, 1, 0, 1]), np.array([0, 1, 0, 0, 1])


@pytest.mark.parametrize("name", ["accuracy", "f1", "matthews_corrcoef", "cohen_kappa", "confusion_matrix"])
def test_int_and_float_labels_score_as_the_same_labels(name):
    kw = {"average": "macro"} if name == "f1" else {}
    same = np.asarray(getattr(metrics, name)(Y, P, **kw), dtype=float)
    for y_true, y_pred in ((Y, P.astype(float)), (Y.astype(bool), P), (Y.astype(float), P)):
        np.testing.assert_array_equal(np.asarray(getattr(metrics, name)(y_true, y_pred, **kw), dtype=float), same)


@pytest.mark.parametrize("name", ["accuracy", "f1", "cohen_kappa", "confusion_matrix"])
def test_strings_against_numbers_are_refused(name):
    kw = {"average": "macro"} if name == "f1" else {}
    second = "y2" if name == "cohen_kappa" else "y_pred"
    with pytest.raises(MetricInputError, match=f"^{second}:"):
        getattr(metrics, name)(Y, P.astype(str), **kw)


@pytest.mark.parametrize(("call", "argument"), [
    (lambda: metrics.mean_squared_error([1.0, 2.0, 3.5, 0.5], [2.0]), "y_pred"),
    (lambda: metrics.accuracy(Y, P[:1]), "y_pred"),
    (lambda: metrics.roc_auc(Y, [0.5]), "y_score"),
    (lambda: metrics.accuracy(Y, P, sample_weight=[2.0]), "sample_weight"),
    (lambda: metrics.accuracy(Y, P, sample_weight=[1.0, np.inf, 1.0, 1.0, 1.0]), "sample_weight"),
    (lambda: metrics.rouge_n([["a", "b"]], ["c", "d"], n=0), "n"),
    (lambda: metrics.rouge_n([["a", "b"]], ["c", "d"], n=1.5), "n"),
    (lambda: metrics.precision_at_k([1.0, 0.0], [0.5, 0.2], k=1.5), "k"),
    (lambda: metrics.top_k_accuracy([0, 1], [[0.4, 0.6], [0.3, 0.7]], k=0), "k"),
    (lambda: metrics.v_measure([0, 1], [0, 1], beta=0.0), "beta"),
    (lambda: metrics.sentence_chrf(["a b"], "a b", word_order=-1), "word_order"),
    (lambda: metrics.adjusted_r2([1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 5.0], n_features=0.5), "n_features"),
])
def test_the_catalog_refuses_each_new_class(call, argument):
    with pytest.raises(MetricInputError, match=f"^{argument}:"):
        call()


def _catalog_edges():
    """(property id, metric, capability, edge name, edge) for every edge case of every generic refusal."""
    from properties.generic import GENERIC_IDS

    registry.all_properties()  # registers the generic properties
    caps = all_capabilities()
    out = []
    for pid in sorted(GENERIC_IDS):
        if ".refuses_bad_input[" not in pid:
            continue
        name = pid.split("[", 1)[1].rstrip("]")
        out += [pytest.param(name, caps[name], edge, id=f"{pid}:{edge_name}")
                for edge_name, edge in registry.get(pid).edges if edge[2] != "empty"]
    return out


@pytest.mark.parametrize(("name", "cap", "edge"), _catalog_edges())
def test_the_catalog_refuses_every_bad_input_edge_naming_the_argument(name, cap, edge):
    """Stricter than the property (which takes any declared refusal type): a MetricInputError naming the argument
    at fault (either, for two that disagree)."""
    from properties.generic import _refusal_call

    example, argument, _, *keywords = edge
    names = [(cap.argument_names or {}).get(a, a) for a in (argument or "").split(",") if a]
    with pytest.raises(MetricInputError) as raised:
        _refusal_call(metrics, name, cap, example, keywords[0] if keywords else None)
    assert not names or str(raised.value).split(":", 1)[0] in names, str(raised.value)
