"""Deliberately wrong implementations, to prove every property can fail.

Each ``tests/mutants/<family>.py`` defines ``MUTANTS``, a list of
:class:`Mutant`. A mutant replaces some catalog functions of the ``metrics``
target and names the property ids it must be caught by (and, for a mutant that
reads hidden state, the ``nondeterministic`` verdict they must give instead of ``fail``).
``tests/test_mutants.py`` checks that every registered property is named by at
least one mutant, and that each named property reports ``fail`` against it.
"""

from __future__ import annotations

import dataclasses
import types
from typing import Callable

import metrics
from properties.engine.target.loading import Target


@dataclasses.dataclass(frozen=True)
class Mutant:
    name: str
    #: catalog name -> wrong implementation
    patch: dict[str, Callable]
    #: property ids (full, e.g. "classification.bounds[accuracy]") that must catch it
    catches: tuple[str, ...]
    #: the verdict those properties must give: ``fail``, or ``nondeterministic`` for a
    #: mutant whose wrongness is that it reads hidden state (a global random generator)
    verdict: str = "fail"


#: a patch key naming a streaming form instead of a catalog function
STREAM_PREFIX = "STREAMING:"


def mutant_target(mutant: Mutant) -> Target:
    namespace = types.SimpleNamespace(**{name: getattr(metrics, name) for name in metrics.CATALOG},
                                      STREAMING=dict(metrics.STREAMING))
    for name, fn in mutant.patch.items():
        if name.startswith(STREAM_PREFIX):  # a wrong streaming form: "STREAMING:f1" -> factory
            if name[len(STREAM_PREFIX):] not in metrics.STREAMING:
                raise KeyError(f"mutant {mutant.name!r} patches unknown streaming form {name!r}")
            namespace.STREAMING[name[len(STREAM_PREFIX):]] = fn
            continue
        if name not in metrics.CATALOG:
            raise KeyError(f"mutant {mutant.name!r} patches unknown catalog name {name!r}")
        setattr(namespace, name, fn)
    return Target(
        name=f"mutant:{mutant.name}",
        namespace=namespace,
        version="mutant",
        conventions={},
        deviations={},
        import_path=f"tests.mutants:{mutant.name}",
        input_forms=dict(metrics.INPUT_FORMS),
    )
