"""What the derandomized examples depend on: the property, the profile, and the versions of Hypothesis
and NumPy, nothing else.

Hypothesis (6.131 on) draws about one value in twenty from the constants it mines out of the *local*
modules loaded at the time: every literal of this project's own source. The examples of one
property then moved whenever a literal changed anywhere in the project (a statement reworded in
another family, a property added elsewhere) or whenever a different set of modules happened to be
loaded (a reference adapter imported by an earlier property): findings came and went for no reason
of the target's. :func:`isolate` switches that mining off. What it found is drawn on purpose
instead: Hypothesis's own global constants (0, ±1, ±inf, NaN, the float limits, ...) still apply,
and the input shapes draw their edge values explicitly (``properties/inputs/``).

:func:`seed_for` ties a property's derandomized draws to its id, so that two properties with the
same strategy do not share their examples and one property's draws cannot depend on another's.
"""

from __future__ import annotations

_ISOLATED: list[bool] = []


def isolate() -> None:
    """Switch off Hypothesis's mining of constants from the project's modules (idempotent)."""
    if _ISOLATED:
        return
    try:
        from hypothesis.internal.conjecture import providers
    except ImportError:  # pragma: no cover - a Hypothesis without the providers module mines nothing
        _ISOLATED.append(True)
        return
    if hasattr(providers, "_get_local_constants") and hasattr(providers, "Constants"):
        empty = providers.Constants()
        providers._get_local_constants = lambda: empty
        cache = getattr(providers, "CONSTANTS_CACHE", None)
        if cache is not None and hasattr(cache, "cache"):
            cache.cache.clear()  # anything mined before this call
    _ISOLATED.append(True)


def seed_for(test, property_id: str) -> None:
    """Make ``test``'s derandomized seed depend on ``property_id`` (Hypothesis adds this to its digest)."""
    test._hypothesis_internal_add_digest = property_id.encode("utf-8")
