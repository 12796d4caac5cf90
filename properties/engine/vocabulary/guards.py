"""What the spec checks around every call into a target, whatever the property.

A target is code nobody here wrote. Each call a property makes through
:class:`~properties.engine.target.view.RecordingView` is guarded:

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


# ------------------------------------------------------------ a result of the wrong form, met by the spec


def _kind(value) -> str:
    """What ``value`` is, in a few words (``a dict``, ``a tuple of 3 items``, ``a 2-D array``, ``a number``)."""
    if isinstance(value, dict):
        return "a dict"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "None"
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "biuf":
            return f"an array of dtype {value.dtype}"
        return "a number" if value.ndim == 0 else f"a {value.ndim}-D array"
    if isinstance(value, (numbers.Number, np.generic)):
        return "a number"
    if isinstance(value, (list, tuple)):
        return f"a {type(value).__name__} of {len(value)} item{'s' if len(value) != 1 else ''}"
    return f"a {type(value).__name__}"


def _numeric_array(value) -> np.ndarray | None:
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):
        return None
    return array if array.dtype.kind in "biuf" else None


def form_mismatch(got, expected, depth: int = 0) -> str | None:
    """How ``got`` differs in form from ``expected`` (the catalog's result of the same call), or None when
    it has the same form: a number where a number is, an array of the same dimension where an array is, a
    sequence of as many items of the same forms where a tuple is, a dict with its keys where a dict is, the
    fields of a named tuple. The values themselves are not compared."""
    if depth > 3:
        return None
    if isinstance(expected, dict):
        if not isinstance(got, dict):
            return f"{_kind(got)} where a dict is expected"
        missing = [k for k in expected if k not in got]
        return f"a dict without the key {missing[0]!r}" if missing else None
    fields = getattr(expected, "_fields", None)
    if fields is not None:
        lacking = [f for f in fields if not hasattr(got, f)]
        if lacking:
            return f"{_kind(got)} where a {type(expected).__name__} ({', '.join(fields)}) is expected"
        for f in fields:
            inner = form_mismatch(getattr(got, f), getattr(expected, f), depth + 1)
            if inner:
                return f"a {type(got).__name__} whose {f} is {inner}"
        return None
    if isinstance(expected, (list, tuple)):
        if not isinstance(got, (list, tuple)):
            return f"{_kind(got)} where a {type(expected).__name__} of {len(expected)} items is expected"
        if len(got) != len(expected):
            return f"{_kind(got)} where {len(expected)} are expected"
        for i, (g, e) in enumerate(zip(got, expected)):
            inner = form_mismatch(g, e, depth + 1)
            if inner:
                return f"a {type(got).__name__} whose item {i} is {inner}"
        return None
    wanted = _numeric_array(expected)
    if wanted is None:
        return None  # not a numeric result: nothing to say about its form
    if isinstance(got, (dict, str)) or got is None:
        return f"{_kind(got)} where {'a number' if wanted.ndim == 0 else 'an array'} is expected"
    array = _numeric_array(got)
    if array is None:
        return f"{_kind(got)} where {'a number' if wanted.ndim == 0 else 'an array'} is expected"
    if array.ndim != wanted.ndim:
        return f"{_kind(array)} where {'a number' if wanted.ndim == 0 else f'a {wanted.ndim}-D array'} is expected"
    return None


def wrong_return(calls) -> ReturnTypeViolation | None:
    """When the spec's own code failed on an example: the result of one of its target calls (newest first)
    whose form is not the catalog's result's for the same arguments, as the target's finding; None if every
    result has the catalog's form (the failure is the spec's) or none can be compared."""
    import warnings

    import metrics

    from properties.engine.vocabulary.named import unwrap

    for call in reversed(list(calls)):
        if call.raised or call.value is None or call.receiver != "target." or call.name not in metrics.CATALOG:
            continue
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                expected = getattr(metrics, call.name)(*(unwrap(a) for a in call.args),
                                                       **{k: unwrap(v) for k, v in call.kwargs.items()})
        except Exception:  # noqa: BLE001 - the catalog refuses these arguments: no form to compare with
            continue
        mismatch = form_mismatch(call.value, expected)
        if mismatch:
            return ReturnTypeViolation(f"target.{call.name} returns {mismatch}: {_brief(call.value, 160)}; the "
                                       f"catalog's {call.name} returns {_kind(expected)} here")
    return None


#: set on an exception raised inside a target call, to tell it from one raised by the spec
TARGET_RAISED = "_assay_raised_by_target"


#: set with it: the refusal types (``REFUSAL_ERRORS``) the target that raised it declares, so that whoever judges
#: the exception (a refusal, or a crash) reads the raising target's declaration from the exception itself
REFUSAL_TYPES = "_assay_refusal_types"


def mark_raised_by_target(exc: BaseException, refusal_errors: tuple) -> None:
    """Mark ``exc``, raised inside a call of a target declaring ``refusal_errors``, as the target's."""
    try:
        setattr(exc, TARGET_RAISED, True)
        setattr(exc, REFUSAL_TYPES, tuple(refusal_errors))
    except (AttributeError, TypeError):
        pass


def raised_by_target(exc: BaseException) -> bool:
    while exc is not None:
        if getattr(exc, TARGET_RAISED, False):
            return True
        exc = exc.__cause__
    return False


def refusal_types_of(exc: BaseException) -> tuple | None:
    """The refusal types declared by the target that raised ``exc`` (or the exception it was raised from);
    None when no target call raised it."""
    while exc is not None:
        types = getattr(exc, REFUSAL_TYPES, None)
        if types is not None:
            return types
        exc = exc.__cause__
    return None
