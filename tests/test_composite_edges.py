"""Edge cases of composite strategies (issue 45, item 2).

A strategy that combines parts (an example and an option, weights, a labels= list) carries the cross
product of its parts' edge cases (``properties.inputs.tuples_with_edges`` and friends), bounded by a cap
that keeps every part's edge cases, and counted (``Property.edges_dropped``). A bug reachable only through
a combination of two parts' edge cases is then caught with no random draw.
"""

from __future__ import annotations

import dataclasses
import types

import numpy as np
from hypothesis import Phase, assume, settings
from hypothesis import strategies as st

from properties.checks import expect_close
from properties.engine.vocabulary import registry
from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.target.loading import Target
from properties.engine.search.runner import _SKIPPED
from properties.engine.verdict.check import check_property
from properties.inputs import (EDGE_CAP, edges_product, one_of_with_edges, options, representative,
                               tuples_with_edges, with_edges)
from tests.mutants import mutant_target
from tests.test_edge_cases import run_edge_alone
from tests.mutants.ranking import MUTANTS as RANKING_MUTANTS

NO_DRAWS = settings(profile_settings("ci"), phases=[Phase.explicit])

#: the toy's first part: lists whose edge cases hold the value that breaks it (never drawn: values below 100)
_LISTS = with_edges(st.lists(st.integers(0, 99), min_size=1, max_size=4),
                    [("short", [1]), ("five_equal", [777] * 5), ("pair", [3, 4])])
_SCALES = options(1.0, 2.0, 3.0, name="scale")


def _scaled_mean(x, scale):
    x = np.asarray(x, dtype=float)
    if scale == 3.0 and x.size == 5:  # wrong only for one value of each part: their edge cases combined
        return -1.0
    return float(x.mean() * scale)


def _toy(strategy) -> registry.Property:
    def check(t, ex):
        x, scale = ex
        expect_close(t.scaled_mean(x, scale), np.mean(x) * scale, what="scaled_mean(x, scale)")

    return registry.Property(id="toy.scaled_mean", statement="the mean, scaled", kind="relation", family="toy",
                             needs=("scaled_mean",), check=registry.one_failure_site(check), strategy=strategy,
                             edges=tuple(getattr(strategy, "edges", ())))


def _failing_edges(prop, target) -> list[str]:
    """The edge cases of ``prop`` that ``target`` fails (run one by one, outside any search: no draw)."""
    failing = []
    for name, example in prop.edges:
        outcome = run_edge_alone(prop, target, name, example)
        if outcome is not None and outcome is not _SKIPPED:
            failing.append(name)
    return failing


def _target(fn) -> Target:
    return Target(name="toy", namespace=types.SimpleNamespace(scaled_mean=fn), version="0", conventions={},
                  deviations={}, import_path="tests.test_composite_edges:toy")


def test_a_bug_of_two_parts_edge_cases_combined_is_caught_without_any_draw():
    prop = _toy(tuples_with_edges(_LISTS, _SCALES))
    result = check_property(prop, _target(_scaled_mean), settings_=NO_DRAWS)
    assert result.status == "fail", result.detail
    assert "the edge case 'five_equal+scale=3.0'" in result.counterexample
    # each part's edge cases with the other part's representative only (what one with_edges gives): missed
    for one_sided in (tuples_with_edges(_LISTS, st.sampled_from([1.0, 2.0, 3.0])),
                      tuples_with_edges((_LISTS, [("short", [1])]), _SCALES)):
        assert _toy(one_sided).edges and not _failing_edges(_toy(one_sided), _target(_scaled_mean))
    # and st.tuples, which drops the edges, over a whole ci search
    assert check_property(_toy(st.tuples(_LISTS, _SCALES)), _target(_scaled_mean),
                          settings_=profile_settings("ci")).status == "pass"


def test_the_cap_holds_and_keeps_every_part_edge_case():
    big = with_edges(st.integers(), [(f"a{i}", i) for i in range(9)])
    strategy = tuples_with_edges(big, _SCALES, options("x", "y", "z", "w", name="form"))
    names = [name for name, _ in strategy.edges]
    assert len(names) == EDGE_CAP == len(set(names))
    assert strategy.edges_offered == 9 * 3 * 4 and strategy.edges_dropped == 9 * 3 * 4 - EDGE_CAP
    values = [ex for _, ex in strategy.edges]
    for i, part in enumerate((range(9), (1.0, 2.0, 3.0), "xyzw")):
        assert set(part) <= {v[i] for v in values}, f"part {i} lost an edge case"
    # every pair of the two small parts meets too (a pairwise covering, not the first N of the product)
    assert {(v[1], v[2]) for v in values} == {(s, f) for s in (1.0, 2.0, 3.0) for f in "xyzw"}
    # deterministic: the same selection every time
    assert [n for n, _ in tuples_with_edges(big, _SCALES, options("x", "y", "z", "w", name="form")).edges] == names
    capped = tuples_with_edges(big, _SCALES, cap=9)
    assert len(capped.edges) == 9 and capped.edges_dropped == 18
    assert {v[0] for _, v in capped.edges} == set(range(9)) and {v[1] for _, v in capped.edges} == {1.0, 2.0, 3.0}


def test_the_registry_counts_what_the_cap_dropped():
    prop = registry.get("classification.fbeta_between_precision_and_recall")
    assert prop.edges and prop.edges_dropped > 0
    assert len(prop.edges) + prop.edges_dropped == prop.strategy.edges_offered
    for p in registry.conformance_properties():
        assert len(p.edges) <= max(EDGE_CAP, len(getattr(p.strategy, "edges", ()))), p.id
        assert p.edges_dropped >= 0, p.id


def test_parts_without_edge_cases_give_their_representative():
    assert representative(st.sampled_from(["linear", "exponential"])) == "linear"
    assert representative(st.integers(3, 9)) == 3 and representative(st.integers(-4, 4)) == 0
    assert representative(st.fixed_dictionaries({"a": st.just(2), "b": st.booleans()})) == {"a": 2, "b": False}
    edges = edges_product(_LISTS, st.none(), where=lambda x, _: len(x) > 1)
    assert [name for name, _ in edges] == ["five_equal", "pair"] and edges.offered == 2 and edges.dropped == 0
    union = one_of_with_edges(_LISTS, st.just([5]), with_edges(st.just([6]), [("six", [6]), ("short", [1])]))
    assert [name for name, _ in union.edges] == ["short", "six", "five_equal", "pair"]


def test_a_combination_the_check_turns_down_is_skipped():
    def check(t, ex):
        x, scale = ex
        assume(scale != 3.0)  # the check refuses this option: its combinations are skipped, not failures
        expect_close(t.scaled_mean(x, scale), np.mean(x) * scale, what="scaled_mean")

    prop = dataclasses.replace(_toy(tuples_with_edges(_LISTS, _SCALES)), check=registry.one_failure_site(check))
    outcomes = {}
    for name, ex in prop.edges:
        outcomes[name] = run_edge_alone(prop, _target(_scaled_mean), name, ex)
    assert all(outcomes[n] is _SKIPPED for n in outcomes if n.endswith("scale=3.0"))
    assert all(outcomes[n] is None for n in outcomes if not n.endswith("scale=3.0"))
    assert not _failing_edges(prop, _target(_scaled_mean))


def test_gain_exponential_on_an_all_tied_query_is_caught_without_any_draw():
    """The mutant ranks an all-tied query in input order under gain='exponential' only: the sklearn agreement
    of NDCG reaches it from the product of the batch edge cases and the gains, with no random example."""
    mutant = next(m for m in RANKING_MUTANTS if m.name == "ndcg-exponential-all-tied-in-input-order")
    prop = registry.get("ranking.agrees_with_sklearn[ndcg_at_k]")
    result = check_property(prop, mutant_target(mutant), settings_=NO_DRAWS, all_findings=False)
    assert result.status == "fail", result.detail
    assert "gain='exponential'" in result.counterexample and "tied" in result.counterexample
    linear_only = tuple((n, ex) for n, ex in prop.edges if ex[1] == "linear")
    assert linear_only and not _failing_edges(dataclasses.replace(prop, edges=linear_only), mutant_target(mutant))


def test_value_checking_properties_of_the_composite_families_receive_edge_cases():
    """The definitions, agreements and relations whose strategies were combined here carry edge cases."""
    for pid in ("ranking.definition[ndcg_at_k]", "ranking.definition[dcg_at_k]",
                "ranking.definition[expected_reciprocal_rank]", "ranking.definition[bpref]",
                "ranking.agrees_with_sklearn[ndcg_at_k]", "ranking.ties_average_over_orders[r_precision]",
                "classification.agrees_with_sklearn[f1]", "classification.micro_over_labels[recall]",
                "classification.definition[cohen_kappa]", "classification.fbeta_between_precision_and_recall",
                "classification.definition[class_likelihood_ratios]", "classification.micro_equals_accuracy",
                "regression.definition.sample_weight[mean_pinball_loss]", "regression.definition[max_error]"):
        prop = registry.get(pid)
        assert prop.edges, pid
    # the weighted ones meet every weight edge case, the option ones every option
    names = [n for n, _ in registry.get("classification.definition[cohen_kappa]").edges]
    assert any("zero_weight_first" in n for n in names) and any("fractional_weights" in n for n in names)
    alphas = {ex[3]["alpha"] for _, ex in registry.get("regression.definition[mean_pinball_loss]").edges}
    assert alphas == {0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0}
