"""Mutants for the generic properties (``properties/generic.py``), built from the capability table.

One wrong implementation per generic property kind, applied to one metric:
a value outside the declared range, an argument ignored (asymmetry), a
sample dropped (order dependence), half the samples used (duplication), the
weights ignored, the best value never reached, bad input accepted.
``tests/test_mutants.py`` uses them for the generic properties no family
mutant already catches.
"""

from __future__ import annotations

import functools
import math
from importlib import import_module

import numpy as np

import metrics as M
from properties.capabilities import all_capabilities
from properties.engine.registry import FAMILY_MODULES

from . import Mutant


def _family_of(name: str) -> str:
    return next(f for f in FAMILY_MODULES if name in import_module(f"properties.{f}").CAPABILITIES)


def _samples(args, keep):
    """``args`` with every array-like of the first argument's length cut by ``keep(n)`` (a slice)."""
    n = len(args[0])
    return [a[keep(n)] if hasattr(a, "__len__") and not isinstance(a, str) and len(a) == n else a for a in args]


def _outside_range(fn, cap):
    lo, hi = cap.range
    bad = hi + 1.0 if hi is not None and math.isfinite(hi) else lo - 1.0

    @functools.wraps(fn)
    def wrapped(*args, **kwargs):
        value = fn(*args, **kwargs)
        return np.full(np.shape(value), bad) if np.ndim(value) else bad

    return wrapped


def _order_of_arguments_matters(fn, cap):
    """Blends in f(a, a) when a sorts after b: asymmetric, for any metric whose f(a, a) differs from f(a, b)."""

    @functools.wraps(fn)
    def wrapped(a, b, *args, **kwargs):
        value = fn(a, b, *args, **kwargs)
        if repr(np.asarray(a).tolist()) <= repr(np.asarray(b).tolist()):
            return value
        return 0.9 * np.asarray(value, dtype=float) + 0.1 * np.asarray(fn(a, a, *args, **kwargs), dtype=float)

    return wrapped


def _position_dependent(fn, cap):
    """Adds a term that depends on where the largest first-argument value sits (numeric inputs),
    or drops the first sample (any other input)."""

    @functools.wraps(fn)
    def wrapped(*args, **kwargs):
        if len(args[0]) < 3:
            return fn(*args, **kwargs)
        try:
            first = np.asarray(args[0], dtype=float)
        except (TypeError, ValueError):
            first = None
        if first is not None and first.ndim == 1:
            return np.asarray(fn(*args, **kwargs), dtype=float) + 1e-3 * float(np.argmax(first))
        w = kwargs.get("sample_weight")
        if w is not None:
            kwargs["sample_weight"] = np.asarray(w)[1:]
        return fn(*_samples(args, lambda n: slice(1, None)), **kwargs)

    return wrapped


def _first_half(fn, cap):
    @functools.wraps(fn)
    def wrapped(*args, **kwargs):
        if len(args[0]) < 3:
            return fn(*args, **kwargs)
        # at least two samples: some metrics refuse one
        return fn(*_samples(args, lambda n: slice(0, max(2, math.ceil(n / 2)))), **kwargs)

    return wrapped


def _ignores_weights(fn, cap):
    @functools.wraps(fn)
    def wrapped(*args, sample_weight=None, **kwargs):
        return fn(*args, **kwargs)

    return wrapped


def _never_perfect(fn, cap):
    lo, hi = cap.range
    step = -0.25 if cap.best == hi else 0.25

    @functools.wraps(fn)
    def wrapped(*args, **kwargs):
        value = np.asarray(fn(*args, **kwargs), dtype=float)
        moved = np.where(np.isclose(value, cap.best), value + step, value)
        return moved if moved.ndim else float(moved)

    return wrapped


def _accepts_anything(fn, cap):
    @functools.wraps(fn)
    def wrapped(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception:  # noqa: BLE001 - the mutation: every refusal becomes a number
            return 0.0

    return wrapped


#: generic property name -> the mutant that breaks it
BREAKS = {
    "bounds": _outside_range,
    "symmetry": _order_of_arguments_matters,
    "permutation_invariance": _position_dependent,
    "duplication_invariance": _first_half,
    "integer_weights": _ignores_weights,
    "perfect": _never_perfect,
    "refuses_bad_input": _accepts_anything,
}


def generic_mutants(property_ids) -> list[Mutant]:
    """One mutant for each generic property id in ``property_ids``."""
    caps = all_capabilities()
    out = []
    for pid in sorted(property_ids):
        family, rest = pid.split(".", 1)
        kind, metric = rest[:-1].split("[", 1)
        if kind not in BREAKS or metric not in caps or _family_of(metric) != family:
            continue
        make = BREAKS[kind]
        out.append(Mutant(f"generic_{kind}_{metric}", {metric: make(getattr(M, metric), caps[metric])}, (pid,)))
    return out
