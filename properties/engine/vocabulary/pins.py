"""Pinned counterexamples: a listed finding's example, kept as data and replayed first on every run.

Which examples a search draws depends on the profile and on the versions of Hypothesis and NumPy; a
listed deviation whose counterexample is pinned is reached whatever the draws do. The pins of a
deviations file ``NAME.txt`` live next to it in ``NAME.pins.json``::

    {"format": "metric-assay pins 1",
     "pins": {"<property id>": {"<finding class>": <the example as data>}}}

An example is the value the property's strategy drew, written as JSON with a few tagged forms:
``{"ndarray": [...], "dtype": "int64", "shape": [3]}`` for a NumPy array, ``{"tuple": [...]}``,
``{"float": "nan"}`` (also ``"inf"``, ``"-inf"``), ``{"dict": [[key, value], ...]}`` and
``{"dataclass": "properties.inputs.labels:LabelPair", "fields": {...}}`` for the spec's own input
records. Dataclasses are only rebuilt from the spec's modules (``properties.*``, ``metrics.*``): a pins
file is data, never code. An example holding anything else (a random generator drawn for a shuffle) is
not pinnable; the report and ``metric-assay deviations`` say so.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import math
from pathlib import Path

import numpy as np

FORMAT = "metric-assay pins 1"

#: modules whose dataclasses a pins file may rebuild
_TRUSTED = ("properties.", "metrics.")


class NotPinnable(ValueError):
    """The example holds a value that has no data form here."""


def encode(value):
    """``value`` as JSON-ready data (raises :class:`NotPinnable`)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, np.integer)) and not isinstance(value, np.bool_):
        return int(value) if isinstance(value, int) else {"scalar": int(value), "dtype": str(value.dtype)}
    if isinstance(value, (float, np.floating)):
        plain = _float(float(value))
        return plain if isinstance(value, float) else {"scalar": plain, "dtype": str(value.dtype)}
    if isinstance(value, np.bool_):
        return {"scalar": bool(value), "dtype": "bool"}
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "biufUS?" and value.dtype != object:
            raise NotPinnable(f"an array of dtype {value.dtype}")
        return {"ndarray": [encode(v) for v in value.ravel().tolist()] if value.dtype == object
                else _floats(value.ravel().tolist()), "dtype": str(value.dtype), "shape": list(value.shape)}
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return {"tuple": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        if not cls.__module__.startswith(_TRUSTED):
            raise NotPinnable(f"a {cls.__qualname__} from {cls.__module__}")
        return {"dataclass": f"{cls.__module__}:{cls.__qualname__}",
                "fields": {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}}
    raise NotPinnable(f"a value of type {type(value).__name__}")


def _float(x: float):
    return x if math.isfinite(x) else {"float": repr(x)}


def _floats(items: list) -> list:
    return [_float(v) if isinstance(v, float) else v for v in items]


def decode(data):
    """The example :func:`encode` wrote."""
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    if "float" in data:
        return float(data["float"])
    if "scalar" in data:
        return np.dtype(data["dtype"]).type(decode(data["scalar"]))
    if "ndarray" in data:
        items = [decode(v) for v in data["ndarray"]]
        dtype = np.dtype(data["dtype"])
        if dtype == object:
            out = np.empty(len(items), dtype=object)
            out[:] = items
        else:
            out = np.array(items, dtype=dtype)
        return out.reshape(data["shape"])
    if "tuple" in data:
        return tuple(decode(v) for v in data["tuple"])
    if "dict" in data:
        return {decode(k): decode(v) for k, v in data["dict"]}
    if "dataclass" in data:
        module, _, name = data["dataclass"].partition(":")
        if not module.startswith(_TRUSTED):
            raise ValueError(f"a pinned example names {module!r}: only the spec's own records are rebuilt")
        cls = importlib.import_module(module)
        for part in name.split("."):
            cls = getattr(cls, part)
        return cls(**{k: decode(v) for k, v in data["fields"].items()})
    raise ValueError(f"unknown form in a pinned example: {sorted(data)}")


#: the largest example pinned (characters of JSON): the large tier's are rebuilt from a call, not stored
PIN_LIMIT = 50_000


def pinnable(value):
    """``encode(value)``, or None when it has no data form or a very large one."""
    try:
        data = encode(value)
    except (NotPinnable, RecursionError):
        return None
    return data if len(json.dumps(data)) <= PIN_LIMIT else None


def read_pins(path: Path | str) -> dict:
    """property id -> finding class -> example data (not yet decoded: a bad pin fails only its property)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read the pinned examples {str(path)!r}: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{str(path)!r} is not a metric-assay pins file (format {FORMAT!r})")
    from properties.engine.vocabulary import ids

    return {ids.resolve(pid, where=str(path)): dict(own) for pid, own in data.get("pins", {}).items()}


def pins_text(pins: dict) -> str:
    """The pins file: one line per pinned example, so that a diff of the file shows which pins changed."""
    lines = [f'{{"format": {json.dumps(FORMAT)}, "pins": {{']
    pids = sorted(pins)
    for i, pid in enumerate(pids):
        lines.append(f" {json.dumps(pid)}: {{")
        classes = sorted(pins[pid])
        for j, cls in enumerate(classes):
            comma = "," if j < len(classes) - 1 else ""
            lines.append(f"  {json.dumps(cls)}: {json.dumps(pins[pid][cls], separators=(',', ':'))}{comma}")
        lines.append(" }" + ("," if i < len(pids) - 1 else ""))
    lines.append("}}")
    return "\n".join(lines) + "\n"
