"""Every catalog metric is pinned by a property that computes it from its definition.

A metric checked only through a reference library gets no signal when the
reference is not installed, or shares the bug. So each catalog metric has at
least one conformance property marked ``defines=(metric,)``: a closed form on a
structured input, the formula computed in the spec, or an exact relation to
another metric. Each such property catches a wrong-formula mutant with every
reference library blocked.
"""

import pytest

import metrics
from properties.engine.vocabulary import registry
from properties.engine.target import references
from properties.engine.verdict.check import check_property
from tests.mutants import mutant_target
from tests.test_mutants import MUTANT_SETTINGS, MUTANTS

DEFINING = [p for p in registry.conformance_properties() if p.defines]
DEFINING_IDS = {p.id for p in DEFINING}
PAIRS = [(m, pid) for m in MUTANTS for pid in m.catches if pid in DEFINING_IDS]


def test_every_catalog_metric_is_pinned_from_its_definition():
    pinned = {m for p in DEFINING for m in p.defines}
    missing = sorted(set(metrics.CATALOG) - pinned)
    assert not missing, f"no property pins these metrics from their definition: {missing}"


def test_a_defining_property_calls_the_metrics_it_pins():
    for p in DEFINING:
        assert set(p.defines) <= set(metrics.CATALOG), p.id
        assert set(p.defines) <= set(p.metrics), f"{p.id} pins {p.defines} but calls {p.metrics}"


def test_every_defining_property_is_shown_to_catch_a_mutant():
    caught = {pid for _, pid in PAIRS}
    assert not DEFINING_IDS - caught, sorted(DEFINING_IDS - caught)


@pytest.mark.parametrize(("mutant", "property_id"), PAIRS, ids=[f"{m.name}->{pid}" for m, pid in PAIRS])
def test_a_defining_property_catches_its_mutant_with_every_reference_blocked(mutant, property_id, monkeypatch):
    monkeypatch.setattr(references, "REFERENCES_BLOCKED", True)
    monkeypatch.setattr(references, "_REFERENCE_CACHE", {})
    result = check_property(registry.get(property_id), mutant_target(mutant), settings_=MUTANT_SETTINGS, all_findings=False)
    assert result.status == "fail", f"{property_id} vs {mutant.name}: {result.status}. {result.detail}"
