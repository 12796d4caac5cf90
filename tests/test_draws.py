"""The derandomized examples of a property depend on the property, the profile and the versions of
Hypothesis and NumPy: not on literals elsewhere in the project, nor on which modules are loaded.

Hypothesis mines constants from every local module loaded (:mod:`properties.engine.search.draws`); with
that switched off, a new module full of literals (a family's spec module reworded, a property added)
leaves every other property's examples identical.
"""

import dataclasses
import importlib
import sys

from hypothesis.internal.conjecture import providers

from properties.engine.vocabulary import registry
from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.target.loading import load_target
from properties.engine.search import draws
from properties.engine.search.runner import run_property

PROPERTY = "regression.permutation_invariance[mean_squared_error]"


def _drawn(property_id: str = PROPERTY) -> list[str]:
    seen: list[str] = []
    prop = dataclasses.replace(registry.get(property_id), check=lambda t, ex: seen.append(repr(ex)), max_examples=60)
    run_property(prop, load_target("metrics"), settings_=profile_settings("ci"))
    return seen


def _load_literals(folder, name: str) -> None:
    """A new local module with literals Hypothesis would mine (a family's module with a new statement)."""
    values = ", ".join(f"{1.0 + i / 7:.17g}" for i in range(200))
    integers = ", ".join(str(200 + 23 * i) for i in range(300))  # in the ranges the real strategies draw from
    (folder / f"{name}.py").write_text(f'STATEMENT = "a brand new property statement"\nVALUES = ({values})\n'
                                       f"COUNTS = ({integers})\n")
    sys.path.insert(0, str(folder))
    try:
        importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))


def test_new_literals_in_another_module_leave_the_draws_identical(tmp_path):
    before = _drawn()
    _load_literals(tmp_path, "assay_new_literals_a")
    assert _drawn() == before


def test_without_isolation_the_loaded_modules_literals_move_the_draws(monkeypatch):
    """The test above can fail: with Hypothesis's mining restored, the examples are drawn partly from the
    literals of the modules loaded (the project's own, the new one), so they are not those drawn isolated."""
    draws.isolate()
    isolated = _drawn()
    monkeypatch.setattr(providers, "_get_local_constants", draws.ORIGINAL_LOCAL_CONSTANTS[0])
    providers.CONSTANTS_CACHE.cache.clear()
    try:
        mined = _drawn()
        assert len(providers._get_local_constants()) > 0
    finally:
        providers.CONSTANTS_CACHE.cache.clear()
    assert mined != isolated
