"""The calls of a failing example as plain, bounded data: what a plot of the failure is drawn from.

The text reproduction (``target.f(...) -> value``) is for people; this is for
programs. Each recorded call becomes ``{"receiver", "name", "args", "kwargs",
"value", "outcome"}`` where arrays are nested lists, non-finite floats are the
strings ``"nan"``, ``"inf"`` and ``"-inf"`` (strict JSON has no NaN; NumPy reads
those strings back with ``np.asarray(x, dtype=float)``), and anything too large
or of an unknown type is replaced by a marker dict (``{"omitted": ...}``), so a
report stays small whatever the target returned.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

#: more numbers than this in one argument or value and it is left out of the data
MAX_ITEMS = 2000
#: strings (tokens, labels) longer than this are cut
MAX_TEXT = 200
_MAX_DEPTH = 6


class _TooLarge(Exception):
    pass


def plain(value, *, depth: int = 0, budget: list[int] | None = None):
    """``value`` as JSON-ready data (lists, dicts, numbers, strings, None), or an ``{"omitted": why}`` marker."""
    budget = [MAX_ITEMS] if budget is None else budget
    try:
        return _plain(value, depth, budget)
    except _TooLarge:
        return {"omitted": f"more than {MAX_ITEMS} items"}
    except Exception as exc:  # noqa: BLE001 - a target's number type whose float() raises: the report must survive it
        return {"omitted": f"not convertible ({type(exc).__name__})"}


def _number(x):
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (numbers.Integral, np.integer)):
        return int(x)
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def _spend(budget: list[int], n: int) -> None:
    budget[0] -= n
    if budget[0] < 0:
        raise _TooLarge


def _plain(value, depth: int, budget: list[int]):
    from properties.engine.vocabulary.named import Named  # a large-tier input: shown by the expression that rebuilds it

    if depth > _MAX_DEPTH:
        return {"omitted": "nested too deep"}
    if value is None:
        return None
    if isinstance(value, Named):
        return {"omitted": "large input", "expression": value.expression}
    if isinstance(value, str):
        _spend(budget, 1)
        return value[:MAX_TEXT]
    if isinstance(value, (numbers.Real, np.integer, np.floating, np.bool_)):
        _spend(budget, 1)
        return _number(value)
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "biuf" and value.dtype != object:
            return {"omitted": f"array of dtype {value.dtype}"}
        _spend(budget, value.size)
        if value.dtype == object:
            return [_plain(v, depth + 1, budget) for v in value.tolist()]
        return _nested(value.tolist())
    if isinstance(value, (list, tuple)):
        _spend(budget, 1)
        return [_plain(v, depth + 1, budget) for v in value]
    if isinstance(value, dict):
        _spend(budget, 1)
        return {str(k)[:MAX_TEXT]: _plain(v, depth + 1, budget) for k, v in value.items()}
    # anything else (a target's own object) is not converted: that could run the target's code here
    return {"omitted": f"object of type {type(value).__name__}"}


def _nested(items):
    if isinstance(items, list):
        return [_nested(v) for v in items]
    return _number(items) if isinstance(items, (bool, int, float)) else items


def calls_data(calls) -> list[dict]:
    """The recorded calls (:class:`~properties.engine.target.view.RecordedCall`) as plain data, each bounded."""
    out = []
    for call in calls:
        out.append({
            "receiver": call.receiver,
            "name": call.name,
            "args": [plain(a) for a in call.args],
            "kwargs": {str(k): plain(v) for k, v in call.kwargs.items()},
            "value": None if call.raised else plain(call.value),
            "outcome": call.outcome[:MAX_TEXT],
        })
    return out


def is_complete(data) -> bool:
    """True when nothing in ``data`` was left out (a plot drawn from it shows the whole input)."""
    if isinstance(data, dict):
        return "omitted" not in data and all(is_complete(v) for v in data.values())
    if isinstance(data, list):
        return all(is_complete(v) for v in data)
    return True


def as_floats(data) -> np.ndarray:
    """A numeric argument or value read back as a float array (``"nan"``/``"inf"`` strings included)."""
    return np.asarray(data, dtype=float)
