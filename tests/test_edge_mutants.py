"""The bugs only an edge input reaches are caught by their edge cases alone, in every profile (issue 45).

Each mutant below is the twin of a documented bug whose input the search never drew: a Brier score whose
``y_true`` holds only the positive class binarised to all negatives, a binary hinge loss encoding a one-class
``y_true`` as -1, an ECE giving a confidence of exactly 1.0 a bin of its own, MSLE clipping values in (-1, 0) to
an epsilon, and a query whose only non-zero grade is negative (P@1 = 1, NDCG = 2). Each is caught by a property
that checks a value against an independent computation, under ``ci``, ``dev`` and ``thorough``, with no random
example at all (the explicit phase only: the edge cases), and the edge case that catches it is named.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import Phase, settings

from properties.engine.vocabulary import registry
from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.verdict.check import check_property
from tests.mutants import mutant_target
from tests.mutants import bad_input, classification, probabilistic, regression

_BY_NAME = {m.name: m for m in (*classification.EDGE_MUTANTS, *probabilistic.EDGE_MUTANTS,
                                *regression.EDGE_MUTANTS, *bad_input.MUTANTS)}

#: (mutant, property that catches it, the edge case that must)
CASES = (
    ("brier_binarises_y_true_on_its_own_classes", "classification.definition[brier_score_loss]",
     "only_positive_class"),
    ("hinge_encodes_a_one_class_y_true_as_negative", "classification.definition[hinge_loss]",
     "one_class_positive_1d"),
    ("ece_confidence_one_in_a_bin_of_its_own", "probabilistic.definition[expected_calibration_error]",
     "confidence_one_shares_last_bin"),
    ("ece_confidence_one_in_a_bin_of_its_own", "probabilistic.ece_is_weighted_gap_of_reliability_curve",
     "confidence_one_shares_last_bin+n_bins=5+strategy='uniform'"),
    ("msle_clips_values_below_zero_to_epsilon", "regression.msle_is_mse_of_log1p", "log_domain_negative"),
    ("ranking_grades_by_magnitude", "ranking.negative_grades[precision_at_k]", "only_grade_negative_first"),
    ("ndcg_divides_by_a_negative_ideal", "ranking.negative_grades[ndcg_at_k]", "only_grade_negative_ranked_list"),
)


@pytest.mark.parametrize("profile", ("ci", "dev", "thorough"))
@pytest.mark.parametrize(("mutant", "property_id", "edge"), CASES, ids=[f"{m}->{p}" for m, p, _ in CASES])
def test_an_edge_case_alone_catches_the_mutant(mutant, property_id, edge, profile):
    prop = registry.get(property_id)
    assert prop.kind == "relation", "a value check, not a bound"
    assert edge in {name for name, _ in prop.edges}
    no_draws = settings(profile_settings(profile), phases=[Phase.explicit])
    target = mutant_target(_BY_NAME[mutant])
    result = check_property(prop, target, settings_=no_draws, all_findings=False)
    assert result.status == "fail", result.detail
    assert result.findings[0]["how"] == "edge case"
    # the named edge case catches it by itself
    alone = dataclasses.replace(prop, edges=tuple((n, ex) for n, ex in prop.edges if n == edge))
    result = check_property(alone, target, settings_=no_draws, all_findings=False)
    assert result.status == "fail", result.detail
    assert f"the edge case {edge!r}" in result.counterexample, result.counterexample


def test_the_edge_mutants_are_caught_by_the_mutant_meta_test_too():
    """Each edge mutant is declared among its family's MUTANTS, naming the property of its case."""
    declared = {(m.name, pid) for family in (classification, probabilistic, regression, bad_input)
                for m in family.MUTANTS for pid in m.catches}
    assert {(m, p) for m, p, _ in CASES} <= declared
