"""Assertion helpers that say what broke, for property checks."""

from __future__ import annotations

import math

import numpy as np

from metrics.errors import MetricInputError

from properties.engine.vocabulary import findings, precision
from properties.engine.vocabulary.declared import declared_convention, note_convention, UndeclaredKeyword
from properties.engine.vocabulary.guards import refusal_types_of, TargetExited, TargetViolation, Unsupported
# SEVERITIES: how bad a finding is, worst first: the report sorts by it
from properties.engine.vocabulary.severity import (CRASH_ERRORS, DEFAULT_REFUSAL_ERRORS, SEVERITIES, is_refusal,
                                                   of_raise)


class Finding(AssertionError):
    """A violated expectation, with what the report needs to rank it.

    ``severity`` is one of :data:`SEVERITIES` (worst first); ``size`` the relative discrepancy
    of a wrong value (0 where it does not apply); ``structure`` the parts of the check it broke
    (:mod:`properties.engine.vocabulary.findings`), usually added by :func:`~properties.engine.vocabulary.findings.part`.
    """

    def __init__(self, message: str, *, severity: str = "wrong value", size: float = 0.0, structure: str = "",
                 outcome: str = "", bad_input: bool = False):
        super().__init__(message)
        #: a refusal check's finding: the bad input names where it lies, so the class has no input class
        self.bad_input = bad_input
        self.severity = severity
        self.size = size
        self.structure = structure
        #: what came back (:data:`properties.engine.vocabulary.findings.OUTCOMES`, or ``raises:<Type>``); '' when unknown
        self.outcome = outcome


def _value_finding(message: str, size: float, ops: int = 1, outcome: str = "finite_wrong") -> Finding:
    severity = "rounding-level" if precision.is_rounding_level(size, ops) else "wrong value"
    return Finding(f"{message} [{severity}, relative discrepancy {size:.3g}]", severity=severity, size=size,
                   outcome=outcome)


def _fmt(value) -> str:
    if isinstance(value, np.ndarray):
        return np.array2string(value, precision=17, separator=", ")
    return repr(value)


def expect(condition, message: str) -> None:
    """``assert condition, message`` that survives ``python -O``."""
    if not condition:
        raise AssertionError(message)


def expect_close(actual, expected, *, rtol: float = 1e-9, atol: float = 1e-12, what: str = "value",
                 ops: int = 1, scale: float = 1.0, relative: bool = False) -> None:
    """Assert two numbers or arrays agree; NaN equals NaN, infinities must match exactly.

    ``rtol``/``atol`` are the float64 tolerances; the precision model
    (:mod:`properties.engine.vocabulary.precision`) widens them for a lower-precision target,
    by ``ops`` rounded operations between the two values at magnitude ``scale``.
    ``relative=True`` judges relative to the expected values' own magnitude (no absolute
    floor of one unit), for values computed from terms of their own size (an MSE of 0.01).
    """
    a = np.asarray(actual, dtype=float)
    e = np.asarray(expected, dtype=float)
    if a.shape != e.shape:
        raise Finding(f"{what}: shape {a.shape} != expected shape {e.shape} ({_fmt(actual)} vs {_fmt(expected)})",
                      outcome="wrong_shape")
    size = precision.relative_discrepancy(a, e, scale)
    precision.record(size)
    rtol, atol = precision.tolerances(rtol, atol, ops=ops, scale=scale)
    if relative:
        finite = np.abs(e[np.isfinite(e)])
        atol = min(atol, rtol * float(finite.max(initial=0.0)) + 1e-300)
    if not np.allclose(a, e, rtol=rtol, atol=atol, equal_nan=True):
        raise _value_finding(f"{what}: {_fmt(actual)} != {_fmt(expected)} (rtol={rtol:.3g}, atol={atol:.3g})", size, ops,
                             findings.value_outcome(a, e))


def _excess(v: np.ndarray, lo: float, hi: float) -> float:
    """How far the furthest entry lies outside [lo, hi], relative to the bound's magnitude."""
    below = (lo - v) / max(1.0, abs(lo)) if np.isfinite(lo) else np.zeros_like(v)
    above = (v - hi) / max(1.0, abs(hi)) if np.isfinite(hi) else np.zeros_like(v)
    return float(np.max(np.maximum(np.maximum(below, above), 0.0), initial=0.0))


def expect_in_range(value, lo: float, hi: float, *, what: str = "value", tol: float = 1e-12) -> None:
    v = np.asarray(value, dtype=float)
    if np.isnan(v).any():
        raise Finding(f"{what} is NaN, expected within [{lo}, {hi}]: {_fmt(value)}", outcome="returns_nan")
    excess = _excess(v, lo, hi)
    precision.record(excess)
    if (v < lo - precision.bound_slack(lo, tol)).any() or (v > hi + precision.bound_slack(hi, tol)).any():
        raise _value_finding(f"{what} = {_fmt(value)} is outside [{lo}, {hi}]", excess,
                             outcome="returns_inf" if np.isinf(v).any() else "out_of_range")


def expect_le(a, b, *, what: str, tol: float = 1e-12) -> None:
    """Assert a <= b (elementwise), with an absolute slack for rounding."""
    av = np.asarray(a, dtype=float)
    bv = np.asarray(b, dtype=float)
    if np.isnan(av).any() or np.isnan(bv).any():
        raise Finding(f"{what}: {_fmt(a)} > {_fmt(b)} (NaN)", outcome="returns_nan")
    with np.errstate(invalid="ignore"):
        excess = float(np.max((av - bv) / np.maximum(1.0, np.abs(bv)), initial=0.0))
    precision.record(max(excess, 0.0))
    if (av > bv + precision.bound_slack(float(np.max(np.abs(bv), initial=1.0)), tol)).any():
        raise _value_finding(f"{what}: {_fmt(a)} > {_fmt(b)}", excess,
                             outcome="returns_inf" if np.isinf(av).any() or np.isinf(bv).any() else "finite_wrong")



def expect_refusal(call, argument: str | tuple[str, ...] | None = None) -> Exception:
    """Assert that ``call()`` refuses its input instead of returning a number.

    A refusal is an exception of the target's declared refusal types
    (``REFUSAL_ERRORS`` in its adapter; ``ValueError`` and ``TypeError`` by
    default), so third-party targets with their own exception types can conform
    (the view the call went through marks the exceptions the target raised with
    those types; an exception no target call raised is judged by the defaults);
    a :class:`MetricInputError` must also name ``argument`` (one of them, for a
    tuple of arguments that disagree with each other). Anything else fails,
    ranked by what happened: a result is *accepted invalid input*; an
    ``IndexError``, ``ZeroDivisionError`` ... deep inside the implementation is a
    *crash*; any other exception type is a refusal of the *wrong exception type*.
    (Our own metrics are held to the stricter rule, MetricInputError only, by
    ``tests/test_bad_input*``.)
    """
    names = () if argument is None else (argument,) if isinstance(argument, str) else tuple(argument)
    shown = " or ".join(repr(a) for a in names)
    naming = f" naming {shown}" if names else ""
    try:
        with findings.bad_input():  # a call that kills its worker here is named by the defect alone
            result = call()
    except (TargetViolation, TargetExited, Unsupported, UndeclaredKeyword):
        raise  # a rule of its own broken (mutation, return type, exit), or an option the target lacks
    except MetricInputError as exc:
        if names and not any(a in str(exc) for a in names):
            raise Finding(f"MetricInputError raised but its message does not name {shown}: {exc}",
                          severity="wrong exception type", outcome="unnamed_argument", bad_input=True) from None
        return exc
    except Exception as exc:  # noqa: BLE001 - sorted below: a refusal, a crash, or the wrong type of refusal
        refusal_errors = refusal_types_of(exc) or DEFAULT_REFUSAL_ERRORS
        if is_refusal(exc, refusal_errors):
            return exc
        if isinstance(exc, CRASH_ERRORS):
            raise Finding(f"expected a clear refusal{naming}, but the call crashed with "
                          f"{type(exc).__name__}: {exc}", severity="crash", outcome=f"raises:{type(exc).__name__}",
                          bad_input=True) from exc
        raise Finding(f"expected a refusal{naming} as one of "
                      f"{', '.join(e.__name__ for e in refusal_errors)}, got {type(exc).__name__}: {exc}",
                      severity="wrong exception type", outcome=f"raises:{type(exc).__name__}",
                      bad_input=True) from exc
    about = f"an error about {shown}" if names else "a refusal"
    raise Finding(f"expected {about}, got a result: {_fmt(result)}", severity="accepted invalid input",
                  outcome=findings.result_outcome(result), bad_input=True)


def expect_refusal_or_declared(t, call, kind: str, metric: str, argument: str | None = None, *,
                               what: str = "") -> None:
    """:func:`expect_refusal`, unless the target behind the view ``t`` declares what ``kind`` of input gives for
    ``metric`` (``CONVENTIONS[kind]``: ``empty``, ``undefined``, ``fresh_stream``): then the call must return that value
    (every entry of it; NaN matches NaN), and a refusal is a finding too. The declaration applied is noted for
    the result (:attr:`properties.engine.vocabulary.results.Result.conventions`)."""
    declared = declared_convention(t, kind, metric)
    if declared is None:
        expect_refusal(call, argument)
        return
    note_convention(t, kind, declared)
    about = f"{what or metric}: the target declares CONVENTIONS[{kind!r}] = {declared!r} for {metric}"
    try:
        result = call()
    except (TargetViolation, TargetExited, Unsupported, UndeclaredKeyword):
        raise
    except Exception as exc:  # noqa: BLE001 - judged: the declared value was expected
        raise Finding(f"{about}, but the call raised {type(exc).__name__}: {exc}",
                      severity=of_raise(exc), outcome=f"raises:{type(exc).__name__}") from exc
    try:
        values = np.asarray(result, dtype=float)
    except (TypeError, ValueError):
        raise Finding(f"{about}, but the call returned {result!r}", outcome="wrong_type") from None
    expect_close(values, np.full(values.shape, declared), rtol=0.0, atol=1e-12, what=f"{about}; got")


def is_nan(value) -> bool:
    try:
        return math.isnan(float(value))
    except (TypeError, ValueError):
        return False


def expect_printed(value, printed: str, *, what: str = "value") -> None:
    """Assert ``value`` rounds to the number a document printed (e.g. ``"0.583"``).

    The tolerance is half a unit of the last printed digit, so "0.58" accepts
    [0.575, 0.585]. Use it for worked examples quoted from a source.
    """
    text = printed.strip()
    decimals = len(text.split(".", 1)[1]) if "." in text else 0
    half_unit = 0.5 * 10.0 ** (-decimals)
    v = float(value)
    if not abs(v - float(text)) <= half_unit + 1e-12:
        raise AssertionError(f"{what}: computed {v!r}, but the source prints {text}")
