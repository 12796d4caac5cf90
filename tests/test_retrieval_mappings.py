"""The ranking metrics' mapping form (qrels and runs, issue 45 item 3): its mutants are caught by the edge cases
alone in every profile, a target takes the form only where it declares it, and the catalog reads it as trec_eval."""

from __future__ import annotations

import types

import numpy as np
import pytest
from hypothesis import Phase, settings

import metrics
from metrics.errors import MetricInputError
from properties.engine.vocabulary import registry
from properties.engine.vocabulary.profiles import profile_settings, PROFILES
from properties.engine.target.loading import Target
from properties.engine.verdict.check import check_property
from tests.mutants import mutant_target
from tests.mutants.retrieval_mappings import MUTANTS

#: every (mutant, property) pair under ci; the first pair of each mutant under the other profiles too
CASES = [(m, pid, "ci") for m in MUTANTS for pid in m.catches] + [
    (m, m.catches[0], profile) for m in MUTANTS for profile in sorted(PROFILES) if profile != "ci"]


@pytest.mark.parametrize(("mutant", "property_id", "profile"), CASES,
                         ids=[f"{m.name}->{pid}-{profile}" for m, pid, profile in CASES])
def test_each_mapping_form_mutant_is_caught_by_an_edge_case_alone(mutant, property_id, profile):
    result = check_property(registry.get(property_id), mutant_target(mutant),
                            settings_=settings(profile_settings(profile), phases=[Phase.explicit]))
    assert result.status == mutant.verdict, f"{property_id} vs {mutant.name}: {result.status} {result.detail}"


def _arrays_only_target(**input_forms) -> Target:
    names = ("mean_average_precision", "precision_at_k")
    return Target(name="arrays_only", namespace=types.SimpleNamespace(**{n: getattr(metrics, n) for n in names}),
                  version="0", conventions={}, deviations={}, import_path="tests.test_retrieval_mappings:arrays",
                  input_forms=input_forms)


@pytest.mark.parametrize("property_id", ["ranking.relation.mapping_form.mean_of_queries[mean_average_precision]",
                                         "ranking.relation.mapping_form.per_query[precision_at_k]"])
def test_the_mapping_form_is_opt_in(property_id):
    """Undeclared, the mapping form's examples are skipped (n/a); declared, the same target is checked."""
    fast = settings(profile_settings("ci"), phases=[Phase.explicit, Phase.generate], max_examples=10)
    undeclared = check_property(registry.get(property_id), _arrays_only_target(), settings_=fast)
    assert undeclared.status == "n/a", undeclared.detail
    assert "qrels_runs not taken" in undeclared.detail
    declared = check_property(registry.get(property_id),
                              _arrays_only_target(qrels_runs=True, qrels_lines=True), settings_=fast)
    assert declared.status == "pass", declared.detail


def test_a_judged_document_not_retrieved_counts_among_the_relevant():
    """trec_eval's reading: d2 is relevant and not in the run, so recall and AP divide by 2, and R-precision
    looks at the first 2 of a run of 1; each equals the array form on the run extended by d2 below the cutoff."""
    qrels, run = {"q1": {"d1": 1, "d2": 1}}, {"q1": {"d1": 1.0}}
    grades, scores = np.array([1.0, 1.0]), np.array([1.0, 0.0])
    assert metrics.recall_at_k(qrels, run) == {"q1": metrics.recall_at_k(grades, scores, k=1)}
    assert metrics.average_precision_at_k(qrels, run) == {"q1": metrics.average_precision_at_k(grades, scores, k=1)}
    assert metrics.r_precision(qrels, run) == {"q1": metrics.recall_at_k(grades, scores, k=1)}


@pytest.mark.parametrize(("qrels", "run", "argument"), [
    ([("q1", "d1", 1), ("q1", "d1", 0)], {"q1": {"d1": 1.0}}, "y_true"),
    ({"q1": {"d1": 1}}, [("q1", "d1", 1.0), ("q1", "d1", 2.0)], "y_score"),
    ({"q1": {"d1": 1.5}}, {"q1": {"d1": 1.0}}, "y_true"),
    ({"q1": {"d1": -1}}, {"q1": {"d1": 1.0}}, "y_true"),
    ({"q1": {"d1": 1}}, {"q1": {"d1": float("nan")}}, "y_score"),
    ({"q1": {1: 1}}, {"q1": {"d1": 1.0}}, "y_true"),
    ({"q1": {"d1": 1}}, {"q2": {"d1": 1.0}}, "y_score"),
])
def test_the_catalog_refuses_bad_qrels_and_runs_naming_the_argument(qrels, run, argument):
    with pytest.raises(MetricInputError, match=f"^{argument}:"):
        metrics.mean_average_precision(qrels, run)
