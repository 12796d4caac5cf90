"""Edge cases first, in every profile (issue 31).

Each input shape carries named edge cases (``properties.inputs.with_edges``); a property runs them
before any draw. Reaching the inputs that break metrics then depends neither on the profile nor on the
seed: a target wrong only on an edge input is caught in ci, dev and thorough, even with no random
example at all, and a deviation listed for such a finding is reached whatever the draws.
"""

from __future__ import annotations

import dataclasses
import types

import numpy as np
import pytest
from hypothesis import Phase, settings
from hypothesis import strategies as st

from properties.checks import expect_close
from properties.engine import findings, registry
from properties.engine.profiles import PROFILES, profile_settings
from properties.engine.runner import _SKIPPED, _run_edge, check_property
from properties.engine.targets import Target, load_target
from properties.inputs import with_edges

#: the input that breaks the toy target: never drawn by the strategy below in a few hundred examples
#: (lists of five equal values of 0..10**6)
EDGE = [777_777] * 5


def _mean(t, ex):
    x = np.asarray(ex, dtype=float)
    expect_close(t.mean(x), x.mean(), what="mean(x)")


def _toy_property(strategy) -> registry.Property:
    return registry.Property(id="toy.mean", statement="mean(x) is the mean", kind="relation", family="toy",
                             needs=("mean",), check=registry.one_failure_site(_mean), strategy=strategy,
                             edges=tuple(getattr(strategy, "edges", ())))


def _broken_mean(x):
    x = np.asarray(x, dtype=float)
    return -1.0 if x.size == 5 and (x == EDGE[0]).all() else float(x.mean())


def _toy_target(**deviations) -> Target:
    scopes = {pid: {pattern: "known" for pattern in patterns} for pid, patterns in deviations.items()}
    return Target(name="toy", namespace=types.SimpleNamespace(mean=_broken_mean), version="0", conventions={},
                  deviations={pid: "known" for pid in deviations}, deviation_scopes=scopes,
                  import_path="tests.test_edge_cases:toy")


def _strategy():
    return with_edges(st.lists(st.integers(0, 10**6), min_size=1, max_size=8),
                      [("short", [1]), ("five_equal", list(EDGE))])


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_an_edge_case_is_caught_in_every_profile_without_any_draw(profile):
    prop = _toy_property(_strategy())
    no_draws = settings(profile_settings(profile), phases=[Phase.explicit])
    result = check_property(prop, _toy_target(), settings_=no_draws)
    assert result.status == "fail", result.detail
    assert "the edge case 'five_equal'" in result.counterexample
    assert result.findings[0]["how"] == "edge case"
    # the same property without its edge cases, and the whole search of the profile: never reached
    searched = check_property(dataclasses.replace(prop, edges=()), _toy_target(), settings_=profile_settings(profile)
                              if profile != "thorough" else settings(profile_settings(profile), max_examples=200))
    assert searched.status == "pass", searched.detail


def test_edge_cases_run_before_the_search_and_the_search_still_runs():
    prop = _toy_property(_strategy())
    result = check_property(prop, _toy_target(), settings_=profile_settings("ci"))
    assert result.status == "fail" and "the edge case 'five_equal'" in result.counterexample
    # the edge finding is masked, and the search goes on: its examples are counted with the edge cases
    assert result.examples > len(prop.edges)


@pytest.mark.parametrize("seed", [0, 1, 2, 31])
def test_a_deviation_only_an_edge_case_reaches_is_reached_under_any_seed(seed):
    prop = _toy_property(_strategy())
    target = _toy_target(**{"toy.mean": ["wrong_value"]})
    result = check_property(prop, target, settings_=profile_settings("dev"), seed=seed)
    assert result.status == "deviation", result.detail
    assert "not reached" not in result.detail


def test_a_mutating_target_cannot_change_an_edge_case():
    strategy = _strategy()
    prop = _toy_property(strategy)

    def mean_and_clear(x):
        value = float(np.mean(x))
        x[:] = 0
        return value

    target = Target(name="toy", namespace=types.SimpleNamespace(mean=mean_and_clear), version="0", conventions={},
                    deviations={}, import_path="tests.test_edge_cases:toy")
    check_property(prop, target, settings_=settings(profile_settings("ci"), phases=[Phase.explicit]))
    assert strategy.edges[1][1] == EDGE


def _families():
    return sorted({p.family for p in registry.conformance_properties() if p.edges})


@pytest.mark.parametrize("family", _families())
def test_every_edge_case_is_a_valid_example(family):
    """The catalog passes every property on each of its edge cases; the ones a check skips (an assume,
    a keyword the catalog lacks) are counted, and must stay few."""
    target = load_target("metrics")
    broken, skipped, ran = [], [], 0
    for prop in registry.conformance_properties():
        if prop.family != family:
            continue
        for name, example in prop.edges:
            findings.start_search([])
            try:
                outcome = _run_edge(prop, target, name, example)
            finally:
                findings.end_search()
            ran += 1
            if outcome is _SKIPPED:
                skipped.append(f"{prop.id}: {name}")
            elif outcome is not None:
                broken.append(f"{prop.id}: {name}: {outcome.status}: {outcome.detail[:300]}")
    assert ran > 0
    assert not broken, "edge cases the catalog fails (not valid examples?):\n" + "\n".join(broken)
    assert len(skipped) <= ran // 10, "edge cases skipped:\n" + "\n".join(skipped)


def test_every_generic_property_of_a_shape_with_edge_cases_runs_them():
    """Where a metric's input shape carries edge cases, each of its generic properties runs them (those
    whose strategy is derived from the shape's: permuted, weighted, perfect), refusals aside."""
    from properties.capabilities import all_capabilities
    from properties.generic import GENERIC_IDS
    from properties.inputs import edges_of

    props = {p.id: p for p in registry.conformance_properties()}
    missing, covered = [], 0
    for name, cap in all_capabilities().items():
        if cap.inputs is None or not edges_of(cap.inputs.examples(name)):
            continue
        for pid in sorted(pid for pid in GENERIC_IDS & set(props) if pid.endswith(f"[{name}]")):
            if ".refuses_bad_input[" in pid:
                continue
            covered += 1
            if not props[pid].edges:
                missing.append(pid)
    assert covered > 100
    assert not missing, missing
    # the shapes of the findings carry edge cases into the properties that catch them
    for pid in ("regression.integer_weights[mean_absolute_error]", "regression.dtype_invariance[r2]",
                "curves.dtype_invariance[roc_auc]", "classification.bounds[accuracy]",
                "detection.refuses_bad_input[average_precision_detection]"):
        assert props[pid].edges, pid


#: a property of each shape that got edge cases in the second round (token sequences, distributions, ranked
#: lists, clustered points, features, detection sets, mel-cepstral sequences): generic and family properties
SECOND_ROUND = (
    "text.bounds[wer]", "text.perfect[sentence_bleu]", "text.permutation_invariance[corpus_bleu]",
    "text.dtype_invariance[edit_distance]", "text.duplication_invariance[corpus_cer]", "text.definition[wer]",
    "text.relation[cer:spaces_count]", "text.definition[edit_distance]",
    "probabilistic.bounds[entropy]", "probabilistic.perfect[kl_divergence]", "probabilistic.bounds[perplexity]",
    "probabilistic.permutation_invariance[corpus_perplexity]", "probabilistic.cross_entropy_is_entropy_plus_kl",
    "probabilistic.perplexity_is_exp_mean_nll", "probabilistic.definition[kl_divergence]",
    "ranking.permutation_invariance[ndcg_at_k]", "ranking.perfect[ndcg_at_k]", "ranking.integer_weights[mean_average_precision]",
    "clustering.permutation_invariance[silhouette_score]", "clustering.definition[silhouette_score]",
    "clustering.dtype_invariance[dbcv]",
    "generative.definition[frechet_distance]",
    "detection.permutation_invariance[coco_map]", "detection.perfect[coco_map]",
    "detection.summary_definition[coco_map]",
    "signal.definition[mel_cepstral_distortion]", "signal.dtw_definition[mel_cepstral_distortion]",
)


def test_every_input_shape_carries_edge_cases():
    """Each metric's input shape has edge cases, for its examples and (where it has them) its perfect ones."""
    from properties.capabilities import all_capabilities
    from properties.inputs import edges_of

    missing = []
    for name, cap in all_capabilities().items():
        if cap.inputs is None:
            continue
        if not edges_of(cap.inputs.examples(name)):
            missing.append(f"{name}: examples of {cap.inputs.name}")
        if cap.inputs.perfect is not None and not edges_of(cap.inputs.perfect(name)):
            missing.append(f"{name}: perfect examples of {cap.inputs.name}")
    assert not missing, missing


@pytest.mark.parametrize("pid", SECOND_ROUND)
def test_the_second_round_shapes_carry_edge_cases_into_their_properties(pid):
    prop = registry.get(pid)
    assert prop.edges, pid
