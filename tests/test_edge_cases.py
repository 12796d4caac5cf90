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
from properties.engine.vocabulary import findings, registry
from properties.engine.vocabulary.profiles import profile_settings, PROFILES
from properties.engine.target.loading import load_target, Target
from properties.engine.search.runner import _run_edge, _SKIPPED
from properties.engine.verdict.check import check_property
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


def run_edge_alone(prop, target, name, example):
    """One edge case of ``prop`` against ``target``, outside any search (no draw): None if it passes, ``_SKIPPED``,
    or the failing result."""
    findings.start_search([])
    try:
        return _run_edge(prop, target, name, example)
    finally:
        findings.end_search()


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
            outcome = run_edge_alone(prop, target, name, example)
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


# ------------------------------------------------------------------ issue 45: every shape, every value property

#: modules of properties/inputs/ that are not input shapes: the large tier draws among a fixed list of named,
#: deterministic cases (properties/inputs/large.py), each of them an input at scale, not a strategy with edges
NOT_SHAPES = {"large": "the large tier's named cases (Case objects), not a strategy of the standard tier"}

#: the shape module of the metrics whose capability has no input shape (their family draws its own inputs)
FAMILY_SHAPES = {"generative": "features", "detection": "detections", "signal": "signal", "regression": "real_pairs"}

def shape_modules() -> dict:
    """Every input shape module of properties/inputs/, by name."""
    import importlib
    import pkgutil

    import properties.inputs

    return {m.name: importlib.import_module(f"properties.inputs.{m.name}")
            for m in pkgutil.iter_modules(properties.inputs.__path__) if m.name not in NOT_SHAPES}


def declared_edges(module) -> tuple:
    """The edge cases ``module`` declares: those its module-level strategies carry, the tuples it binds to a
    name ending in ``EDGES``, and what its functions named ``*_edges`` return when called without arguments."""
    from properties.inputs import edges_of

    found = []
    for name, value in vars(module).items():
        if getattr(value, "__module__", module.__name__) != module.__name__ and callable(value):
            continue  # imported from elsewhere
        if name.endswith("EDGES") and isinstance(value, tuple):
            found.extend(value)
        elif name.endswith("_edges") and callable(value):
            try:
                found.extend(value())
            except TypeError:
                continue  # needs arguments: its edges reach the strategies that call it
        elif not callable(value) or hasattr(value, "edges"):
            found.extend(edges_of(value))
    return tuple(found)


def shapes_without_edges(modules: dict) -> list[str]:
    return sorted(name for name, module in modules.items() if not declared_edges(module))


def compares_with_an_independent_value(prop) -> bool:
    """A definition, relation or agreement: what ``registry.Property`` records as ``kind`` "relation" or
    "agreement", or a metric pinned from its definition (``defines``) or compared with a reference library
    (``reference``). A bound, an invariance, a symmetry or an identity compares the metric with itself or a
    constant: a wrong value that keeps them is caught only by a value check."""
    return prop.kind in ("relation", "agreement") or bool(prop.defines) or prop.reference is not None


def shape_module_of(prop, capabilities) -> str | None:
    """The module that defines the input shape of ``prop``'s first metric that has one (its capability's inputs,
    or its stream inputs), else its family's (:data:`FAMILY_SHAPES`)."""
    for metric in prop.metrics:
        cap = capabilities.get(metric)
        shape = cap and (cap.inputs or cap.stream_inputs)
        if shape is not None:
            return shape.examples.__module__.rsplit(".", 1)[-1]
    return FAMILY_SHAPES.get(prop.family)


def unreached_value_properties(props, capabilities) -> dict:
    """shape module -> ids of the properties that compare with an independent value, draw examples, and run
    none of the edge cases (of a shape that has them)."""
    out: dict = {}
    for prop in props:
        if prop.strategy is None or prop.edges or not compares_with_an_independent_value(prop):
            continue
        out.setdefault(shape_module_of(prop, capabilities) or f"family {prop.family}", []).append(prop.id)
    return out


def test_every_input_shape_module_declares_edge_cases():
    modules = shape_modules()
    assert {"token_sequences", "distributions", "points", "features", "detections"} <= set(modules)
    assert not shapes_without_edges(modules), shapes_without_edges(modules)


def test_a_shape_module_without_edge_cases_fails_the_meta_test():
    toy = types.ModuleType("properties.inputs.toy_shape")
    toy.toy_lists = st.lists(st.integers(0, 3), min_size=1)
    toy.TOY_SIZES = (1, 2)
    assert shapes_without_edges({"toy_shape": toy}) == ["toy_shape"]
    toy.toy_lists = with_edges(st.lists(st.integers(0, 3), min_size=1), [("one_zero", [0])])
    assert shapes_without_edges({"toy_shape": toy}) == []


def test_every_value_property_runs_its_shapes_edge_cases():
    """A property that compares a metric with a value computed apart from it (a definition, a relation, an
    agreement) runs the edge cases: a bug only an edge input shows is then caught by a value, in every
    profile, with no draw."""
    from properties.capabilities import all_capabilities

    unreached = unreached_value_properties(registry.conformance_properties(), all_capabilities())
    assert not unreached, "value properties that run no edge case:\n" + "\n".join(
        f"{shape} ({len(ids)}): {', '.join(ids)}" for shape, ids in unreached.items())


def test_a_value_property_without_edge_cases_fails_the_meta_test():
    from properties.capabilities import all_capabilities
    from properties.inputs.token_sequences import token_pair_edges, tokens

    caps = all_capabilities()

    def toy(kind, **fields):
        return registry.Property(id="text.toy[wer]", statement="toy", kind=kind, family="text", needs=("wer",),
                                 check=lambda t, ex: None, strategy=st.tuples(tokens, tokens), **fields)

    assert unreached_value_properties([toy("relation")], caps) == {"token_sequences": ["text.toy[wer]"]}
    assert unreached_value_properties([toy("agreement", reference="jiwer")], caps) == {
        "token_sequences": ["text.toy[wer]"]}
    assert unreached_value_properties([toy("identity", defines=("wer",))], caps) == {
        "token_sequences": ["text.toy[wer]"]}
    # a bound or an invariance is no value check; a value property with the edges passes
    assert unreached_value_properties([toy("bound"), toy("invariance")], caps) == {}
    assert unreached_value_properties([toy("relation", edges=token_pair_edges())], caps) == {}


# ------------------------------------------------------------------ issue 45: multi-reference order

#: (mutant, property, the edge case that shows it): ROUGE keeping the reference of best recall, the first of
#: equal recalls (1.0 or 0.67 by the order of [["a"], ["a", "b"]] for the hypothesis ["a", "b"]), and BLEU's
#: closest-length tie broken by the order of the references
ORDER_MUTANTS = (
    ("rouge_best_reference_by_recall", "text.invariance[rouge:reference_order]", "references_of_equal_recall"),
    ("rouge_best_reference_by_recall", "text.agreement[rouge:rouge_score]", "references_of_equal_recall"),
    ("bleu_closest_tie_by_reference_order", "text.invariance[sentence_bleu:references]",
     "between_references_of_different_lengths"),
)


def _order_mutant(name):
    from tests.mutants import mutant_target
    from tests.mutants.text import MUTANTS

    return mutant_target(next(m for m in MUTANTS if m.name == name))


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize(("mutant", "pid", "edge"), ORDER_MUTANTS)
def test_a_reference_order_mutant_is_caught_by_its_edge_case_alone(mutant, pid, edge, profile):
    prop = registry.get(pid)
    alone = dataclasses.replace(prop, edges=tuple(e for e in prop.edges if e[0] == edge))
    assert len(alone.edges) == 1, [n for n, _ in prop.edges]
    result = check_property(alone, _order_mutant(mutant), all_findings=False,
                            settings_=settings(profile_settings(profile), phases=[Phase.explicit]))
    assert result.status == "fail", result.detail
    assert f"the edge case '{edge}'" in result.counterexample


@pytest.mark.parametrize(("mutant", "pid"), sorted({(m, p) for m, p, _ in ORDER_MUTANTS if "invariance" in p}))
def test_the_balanced_references_reach_a_reference_order_mutant_without_edge_cases(mutant, pid):
    """Item 4: the order invariances draw references of equal recall and of equally distant lengths half the
    time (token_sequences.balanced_references), so that the search alone finds the mutants under ci."""
    prop = dataclasses.replace(registry.get(pid), edges=())
    no_shrink = settings(profile_settings("ci"), phases=[Phase.explicit, Phase.reuse, Phase.generate])
    result = check_property(prop, _order_mutant(mutant), settings_=no_shrink, all_findings=False)
    assert result.status == "fail", result.detail


def test_building_the_registry_imports_no_heavy_library():
    """Every CLI start and every pytest worker builds the registry: an edge list whose construction imports
    NLTK (the METEOR edges filtered by its stemmer) cost 2 s of each; such lists are LazyEdges, built when
    their property first runs them."""
    import subprocess
    import sys

    code = ("import sys; from properties.engine.vocabulary import registry; registry.conformance_properties('standard'); "
            "print(sorted(m for m in ('nltk', 'scipy', 'sklearn', 'torch', 'pandas', 'dask') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", f"building the registry imported {out.strip()}"


def test_lazy_edges_are_built_once_on_first_use():
    built = []
    edges = registry.LazyEdges(lambda: built.append(1) or [("one", 1), ("two", 2)])
    strategy = with_edges(st.integers(), edges)
    assert not built, "with_edges must not build a lazy list"
    prop = registry.register("lazy_edges_probe[x]", "probe", kind="invariance", family="regression", needs=(),
                             check=lambda t, ex: None, strategy=strategy)
    try:
        assert not built, "registering must not build a lazy list"
        assert list(prop.edges) == [("one", 1), ("two", 2)] and len(prop.edges) == 2 and prop.edges[1] == ("two", 2)
        assert built == [1]
    finally:
        registry._REGISTRY.pop(prop.id)
        registry._BY_ID.clear()


def test_assay_edges_runs_only_the_first_edge_cases_and_none_at_zero():
    """``--assay-edges N`` (make test's catalog conformance runs with 0): the edge the toy breaks on is the
    second, so 2 edges or all of them find it, 1 or 0 do not."""
    prop = _toy_property(_strategy())
    few = settings(profile_settings("ci"), max_examples=5)
    statuses = {n: check_property(prop, _toy_target(), settings_=few, edges=n).status for n in (None, 2, 1, 0)}
    assert statuses == {None: "fail", 2: "fail", 1: "pass", 0: "pass"}
