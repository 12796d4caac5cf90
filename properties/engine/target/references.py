"""The bundled reference targets, for the properties that compare with a library.
"""

from __future__ import annotations




from properties.engine.target.errors import TargetUnavailable
from properties.engine.target.loading import load_target, Target

_REFERENCE_CACHE: dict[str, Target] = {}

#: set by the meta-tests that show a property works with no reference library at all
REFERENCES_BLOCKED = False


def reference(name: str):
    """The namespace of a bundled reference target, for agreement checks.

    Raises :class:`TargetUnavailable` when its library is not installed; the
    runner checks availability first and reports the property as not applicable.
    """
    if REFERENCES_BLOCKED:
        raise TargetUnavailable(f"reference libraries are blocked (asked for {name!r})")
    if name not in _REFERENCE_CACHE:
        _REFERENCE_CACHE[name] = load_target(name)
    return _REFERENCE_CACHE[name].namespace


def reference_available(name: str) -> bool:
    try:
        reference(name)
    except TargetUnavailable:
        return False
    return True
