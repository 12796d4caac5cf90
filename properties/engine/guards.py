"""What the spec checks around every call into a target, whatever the property.

A target is code nobody here wrote. Each call a property makes through
:class:`~properties.engine.targets.RecordingView` is guarded:

- the arguments are copied before the call (:func:`snapshot`), so the
  reproduction shows them as they were passed, and compared after it
  (:func:`first_difference`): a target that changes its input in place gets a
  ``mutation`` finding naming the argument;
- the return value must be numeric (:func:`check_return`): every catalog
  metric returns a number, an array of numbers or a tuple of them, so a
  numeric *string* is a violation, never a pass by coincidence of ``float()``;
- ``SystemExit`` and other non-``Exception`` exits raised inside the call become
  :class:`TargetExited`, a crash, never a clean exit of the audit.
"""

from __future__ import annotations

import copy
import numbers

import numpy as np


class TargetViolation(AssertionError):
    """A rule every target call must keep, broken (checked by the view, not by a property)."""


class MutationViolation(TargetViolation):
    """The target changed one of its arguments in place."""

    def __init__(self, metric: str, argument: str, difference: str):
        self.metric = metric
        self.argument = argument
        super().__init__(f"target.{metric} modified its argument {argument!r} in place ({difference})")


class ReturnTypeViolation(TargetViolation):
    """The target returned something that is not a number (or numbers)."""


class Unsupported(BaseException):
    """The example asks for a keyword, or an option value, the target does not have: skip the example.

    A BaseException, so that a check's own broad ``except Exception`` cannot mistake it for a target error.
    """


class AllUnsupported(BaseException):
    """Every example so far asked for something the target lacks: the property is n/a, stop drawing."""


class TargetExited(Exception):
    """The target raised ``SystemExit`` (or another non-``Exception``) during a call."""

    def __init__(self, metric: str, exc: BaseException):
        self.metric = metric
        super().__init__(f"target.{metric} raised {type(exc).__name__}({_arg_text(exc)}) during the call")


def _arg_text(exc: BaseException) -> str:
    return ", ".join(repr(a) for a in exc.args)


_IMMUTABLE = (str, bytes, int, float, complex, bool, type(None), np.generic, frozenset, range)


def snapshot(value):
    """A copy of ``value`` deep enough to detect any in-place change made to it."""
    if isinstance(value, _IMMUTABLE):
        return value
    if isinstance(value, np.ndarray):
        return value.copy()
    if isinstance(value, list):
        return [snapshot(v) for v in value]
    if isinstance(value, tuple) and type(value) is tuple:
        return tuple(snapshot(v) for v in value)
    if isinstance(value, dict) and type(value) is dict:
        return {k: snapshot(v) for k, v in value.items()}
    try:
        return copy.deepcopy(value)
    except Exception:  # noqa: BLE001 - an uncopyable object cannot be checked, only shown
        return value


def first_difference(before, after, path: str = "") -> str | None:
    """Where ``after`` differs from ``before`` (a description), or None if they are equal."""
    if isinstance(before, np.ndarray) or isinstance(after, np.ndarray):
        if not (isinstance(before, np.ndarray) and isinstance(after, np.ndarray)):
            return f"{path or 'value'} changed type"
        if before.shape != after.shape or before.dtype != after.dtype:
            return f"{path or 'array'} changed from shape {before.shape} {before.dtype} to {after.shape} {after.dtype}"
        try:
            equal = np.array_equal(before, after, equal_nan=before.dtype.kind in "fc")
        except (TypeError, ValueError):
            equal = np.array_equal(before, after)
        if not equal:
            changed = np.flatnonzero(~_elementwise_equal(before, after))
            at = int(changed[0]) if changed.size else 0
            return f"{path or 'array'} element {at} changed from {before.flat[at]!r} to {after.flat[at]!r}"
        return None
    if type(before) is not type(after):
        return f"{path or 'value'} changed type from {type(before).__name__} to {type(after).__name__}"
    if isinstance(before, (list, tuple)):
        if len(before) != len(after):
            return f"{path or 'sequence'} changed length from {len(before)} to {len(after)}"
        for i, (b, a) in enumerate(zip(before, after)):
            found = first_difference(b, a, f"{path}[{i}]")
            if found:
                return found
        return None
    if isinstance(before, dict):
        if before.keys() != after.keys():
            return f"{path or 'dict'} changed its keys"
        for k in before:
            found = first_difference(before[k], after[k], f"{path}[{k!r}]")
            if found:
                return found
        return None
    if isinstance(before, float) and before != before and after != after:
        return None  # NaN stays NaN
    try:
        equal = bool(before == after)
    except Exception:  # noqa: BLE001 - objects that cannot be compared are not judged
        return None
    return None if equal else f"{path or 'value'} changed from {before!r} to {after!r}"


def _elementwise_equal(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    eq = np.asarray(a == b).reshape(-1)
    if a.dtype.kind in "fc":
        eq |= (np.isnan(a) & np.isnan(b)).reshape(-1)
    return eq


def _numeric_problem(value, depth: int = 0) -> str | None:
    if isinstance(value, (bool, np.bool_)):
        return f"a boolean ({value!r})"
    if isinstance(value, (numbers.Real, np.integer, np.floating)):
        return None
    if isinstance(value, np.ndarray):
        # flags (a detection's true/false positive) are numbers inside a tuple of results
        if value.dtype.kind in "iuf" or (value.dtype.kind == "b" and depth > 0):
            return None
        return f"an array of dtype {value.dtype} ({_brief(value)})"
    if isinstance(value, dict) and depth < 3:
        for key, item in value.items():
            problem = _numeric_problem(item, depth + 1)
            if problem:
                return f"a dict whose {key!r} is {problem}"
        return None
    if isinstance(value, (list, tuple)) and depth < 3:
        for item in value:
            problem = _numeric_problem(item, depth + 1)
            if problem:
                return f"a {type(value).__name__} holding {problem}"
        return None
    return f"{type(value).__name__} {_brief(value)}"


def _brief(value, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_return(metric: str, value) -> None:
    """Refuse a return value that is not numeric (every catalog metric returns numbers)."""
    problem = _numeric_problem(value)
    if problem:
        raise ReturnTypeViolation(
            f"target.{metric} returned {problem}; a catalog metric returns a number, "
            "an array of numbers, or a tuple or dict of them"
        )
