"""How bad a finding is: the severities, worst first, and what an exception out of the target stands for.

The order is the order a library author should read a report in:

- *crash*: the worker died, or the target raised an exception that is not a refusal (``IndexError``,
  ``ZeroDivisionError``, ``KeyError``, ``AttributeError``, ``RecursionError``, ...): the implementation broke;
- *wrong value*: a number that the property shows to be wrong;
- *accepted invalid input*: a number where the input has no meaning;
- *refuses valid input*: a clean refusal (one of the target's ``REFUSAL_ERRORS``) of an input the catalog
  scores: often a documented restriction of the library, to declare as a domain or list as a deviation;
- *wrong exception type*: invalid input refused, but not with a declared refusal type;
- *rounding-level*: a discrepancy of the order of the target's floating-point rounding.
"""

from __future__ import annotations

SEVERITIES = ("crash", "wrong value", "accepted invalid input", "refuses valid input", "wrong exception type",
              "rounding-level")

#: the refusal types of a target that declares none (``REFUSAL_ERRORS``)
DEFAULT_REFUSAL_ERRORS = (ValueError, TypeError)

#: exceptions that mean the implementation itself broke, not that it refused the input
CRASH_ERRORS = (LookupError, ArithmeticError, AttributeError, AssertionError, RecursionError, MemoryError)


def rank(severity: str) -> int:
    """Position of ``severity`` in :data:`SEVERITIES` (unknown ones last)."""
    try:
        return SEVERITIES.index(severity)
    except ValueError:
        return len(SEVERITIES)


def is_refusal(exc: BaseException, refusal_errors: tuple) -> bool:
    """Whether ``exc`` is a clean refusal of the target's. A type of :data:`CRASH_ERRORS` counts as a refusal
    only when the adapter names it (or a subclass of it) among its refusal types: a library that refuses
    with ``AssertionError`` says so, and an ``IndexError`` never hides behind a declared ``Exception``."""
    if isinstance(exc, CRASH_ERRORS):
        return any(issubclass(r, CRASH_ERRORS) and isinstance(exc, r) for r in refusal_errors)
    return isinstance(exc, refusal_errors)


def of_raise(exc: BaseException, refusal_errors: tuple | None = None) -> str:
    """The severity of ``exc`` raised by the target on an input the catalog scores: *refuses valid input*
    for a clean refusal, *crash* for anything else. ``refusal_errors`` defaults to those of the target that
    raised it, as its view marked them on the exception (:func:`~properties.engine.vocabulary.guards.refusal_types_of`;
    :data:`DEFAULT_REFUSAL_ERRORS` for an exception no target call raised)."""
    if refusal_errors is None:
        from properties.engine.vocabulary.guards import refusal_types_of

        refusal_errors = refusal_types_of(exc) or DEFAULT_REFUSAL_ERRORS
    return "refuses valid input" if is_refusal(exc, tuple(refusal_errors)) else "crash"
