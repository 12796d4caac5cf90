"""Assertion helpers that say what broke, for property checks."""

from __future__ import annotations

import math

import numpy as np

from metrics.errors import MetricInputError

from .engine.guards import TargetExited, TargetViolation


def _fmt(value) -> str:
    if isinstance(value, np.ndarray):
        return np.array2string(value, precision=17, separator=", ")
    return repr(value)


def expect(condition, message: str) -> None:
    """``assert condition, message`` that survives ``python -O``."""
    if not condition:
        raise AssertionError(message)


def expect_close(actual, expected, *, rtol: float = 1e-9, atol: float = 1e-12, what: str = "value") -> None:
    """Assert two numbers or arrays agree; NaN equals NaN, infinities must match exactly."""
    a = np.asarray(actual, dtype=float)
    e = np.asarray(expected, dtype=float)
    if a.shape != e.shape:
        raise AssertionError(f"{what}: shape {a.shape} != expected shape {e.shape} ({_fmt(actual)} vs {_fmt(expected)})")
    if not np.allclose(a, e, rtol=rtol, atol=atol, equal_nan=True):
        raise AssertionError(
            f"{what}: {_fmt(actual)} != {_fmt(expected)} (rtol={rtol}, atol={atol})"
        )


def expect_in_range(value, lo: float, hi: float, *, what: str = "value", tol: float = 1e-12) -> None:
    v = np.asarray(value, dtype=float)
    if np.isnan(v).any():
        raise AssertionError(f"{what} is NaN, expected within [{lo}, {hi}]: {_fmt(value)}")
    if (v < lo - tol).any() or (v > hi + tol).any():
        raise AssertionError(f"{what} = {_fmt(value)} is outside [{lo}, {hi}]")


def expect_le(a, b, *, what: str, tol: float = 1e-12) -> None:
    """Assert a <= b (elementwise), with an absolute slack for rounding."""
    av = np.asarray(a, dtype=float)
    bv = np.asarray(b, dtype=float)
    if np.isnan(av).any() or np.isnan(bv).any() or (av > bv + tol).any():
        raise AssertionError(f"{what}: {_fmt(a)} > {_fmt(b)}")


def expect_refusal(call, argument: str | None = None) -> Exception:
    """Assert that ``call()`` refuses its input instead of returning a number.

    Any ``ValueError`` or ``TypeError`` counts as a refusal, so third-party
    targets with their own exception types can conform; a
    :class:`MetricInputError` must also name ``argument``. Any other exception
    (an ``IndexError`` deep inside the implementation) is a crash, not a clear
    refusal, and fails the property. (Our own metrics are
    held to the stricter rule, MetricInputError only, by ``tests/test_bad_input*``.)
    """
    try:
        result = call()
    except (TargetViolation, TargetExited):
        raise  # the call broke a rule of its own (mutation, return type, exit): not a refusal
    except MetricInputError as exc:
        if argument is not None and argument not in str(exc):
            raise AssertionError(
                f"MetricInputError raised but its message does not name {argument!r}: {exc}"
            ) from None
        return exc
    except (ValueError, TypeError) as exc:
        return exc
    except Exception as exc:  # noqa: BLE001 - a crash is not a refusal
        raise AssertionError(
            f"expected a clear refusal naming {argument!r}, but the call crashed with "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    raise AssertionError(f"expected an error about {argument!r}, got a result: {_fmt(result)}")


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
