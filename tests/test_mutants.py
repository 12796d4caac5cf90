"""Meta-tests: a property that cannot fail is a defect.

Every property of the spec must be caught -- report ``fail`` -- by at least
one deliberately wrong implementation from ``tests/mutants/``. Claims that the
suite refutes are exempt: their failing verdict already shows they can fail.
Mutants always run under the derandomized ``ci`` profile so the meta-test is
deterministic whatever profile the rest of the run uses, without the shrink
phase: the meta-test needs the verdict, not the minimal counterexample.
"""

from __future__ import annotations

import importlib

import pytest
from hypothesis import Phase, settings

from properties.engine.vocabulary import registry
from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.verdict.check import check_property
from properties.engine.verdict.claims import judge, recorded_verdicts
from properties.generic import GENERIC_IDS
from tests.mutants import Mutant, mutant_target
from tests.mutants.generic import generic_mutants


def _all_mutants() -> list[Mutant]:
    found = []
    for family in registry.FAMILY_MODULES:
        try:
            module = importlib.import_module(f"tests.mutants.{family}")
        except ModuleNotFoundError as exc:
            if exc.name != f"tests.mutants.{family}":
                raise
            continue
        found.extend(module.MUTANTS)
    found.extend(importlib.import_module("tests.mutants.streaming").MUTANTS)  # not a family: every family's streams
    found.extend(importlib.import_module("tests.mutants.bad_input").MUTANTS)  # issue 44's bad-input classes
    # generic properties no family mutant catches get the generic mutant of their kind
    caught = {pid for m in found for pid in m.catches}
    registry.all_properties()
    found.extend(generic_mutants(GENERIC_IDS - caught))
    return found


MUTANTS = _all_mutants()
PAIRS = [(m, pid) for m in MUTANTS for pid in m.catches]
MUTANT_SETTINGS = settings(profile_settings("ci"), phases=[Phase.explicit, Phase.reuse, Phase.generate])


def test_mutant_names_are_unique():
    names = [m.name for m in MUTANTS]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


def test_every_mutant_names_existing_properties():
    known = {p.id for p in registry.all_properties()}
    unknown = sorted({pid for _, pid in PAIRS if pid not in known})
    assert not unknown, f"mutants claim to be caught by properties that do not exist: {unknown}"


def test_every_property_has_a_mutant():
    caught = {pid for _, pid in PAIRS}
    uncovered = [p for p in registry.all_properties() if p.id not in caught]
    # A refuted claim needs no mutant: the suite has already seen it fail. Every claim is taken at its ledger
    # verdict, which test_claims checks against the computed one for each claim (judging them here again cost
    # 8 s, and for the claims judged on the bundled libraries the agreement table a second time, in another worker)
    recorded = recorded_verdicts()
    uncovered = [p for p in uncovered if not (p.is_claim and (
        recorded[p.id] if p.id in recorded else judge(p).verdict) == "refuted")]
    assert not uncovered, "properties no mutant shows can fail:\n" + "\n".join(p.id for p in uncovered)


@pytest.mark.parametrize(("mutant", "property_id"), PAIRS, ids=[f"{m.name}->{pid}" for m, pid in PAIRS])
def test_property_catches_mutant(mutant: Mutant, property_id: str):
    prop = registry.get(property_id)
    result = check_property(prop, mutant_target(mutant), settings_=MUTANT_SETTINGS, all_findings=False)
    assert result.status == mutant.verdict, (
        f"{property_id} did not catch mutant {mutant.name!r}: status {result.status} "
        f"after {result.examples} examples. {result.detail}"
    )
