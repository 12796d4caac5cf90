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
from properties.engine.vocabulary.registry import FAMILY_MODULES

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
        try:
            return fn(*_samples(args, lambda n: slice(0, max(2, math.ceil(n / 2)))), **kwargs)
        except M.MetricInputError:
            # the half is no valid input (no positive left in it: an edge case with one positive last):
            # the whole, so that the mutant is wrong by its value, not by refusing valid input
            return fn(*args, **kwargs)

    return wrapped


#: the dtypes the catalog's strategies draw: anything else reached the mutant through a conversion
_CANONICAL = {np.dtype(np.float64), np.dtype(np.int64)}


def _converted(value, depth: int = 0) -> bool:
    """Whether ``value`` is (or holds) what only a conversion passes: an array of narrower, unsigned or
    boolean integers or of float32/float16 values, a Python list of numbers, a tuple of tokens."""
    if isinstance(value, np.ndarray):
        return value.dtype.kind not in "USO" and value.dtype not in _CANONICAL
    if isinstance(value, tuple):
        return True
    if isinstance(value, list) and value and depth < 3:
        if all(isinstance(v, (int, float, np.number)) and not isinstance(v, bool) for v in value):
            return True  # a numeric array as a Python list (token lists hold strings)
        return any(_converted(v, depth + 1) for v in value)
    return False


def _read_off_by_one(value, step: int):
    """``value`` read from index i - 1 (``step`` -1) or i + 1 (``step`` 1), clamped at the ends: one item
    (sample, token, reference, query; a document for 2-D grades and scores) twice, one lost, the shape
    kept, so that the input stays valid and the property sees a wrong value rather than a refusal."""
    if isinstance(value, str) or not hasattr(value, "__len__") or len(value) < 2:
        return value
    if isinstance(value, np.ndarray):
        axis = value.ndim - 1 if value.ndim == 2 and value.shape[-1] > 1 else 0
        n = value.shape[axis]
        return value.take(np.clip(np.arange(n) + step, 0, n - 1), axis=axis)
    items = list(value)
    shifted = [items[min(max(i + step, 0), len(items) - 1)] for i in range(len(items))]
    return type(value)(shifted)


def _off_by_one_on_conversion(fn, cap):
    """When any main argument comes in a dtype it had to convert, reads the first main argument one item
    behind and the last one item ahead (:func:`_read_off_by_one`): an off-by-one in the conversion path,
    which pairs each sample with a neighbour's. (Examples drawn with float32 scores go through it too;
    their float32 conversion is compared with float64 values, which do not.)"""

    @functools.wraps(fn)
    def wrapped(*args, **kwargs):
        if args and any(_converted(a) for a in args):
            args = (_read_off_by_one(args[0], -1), *args[1:])
            if len(args) > 1:
                args = (*args[:-1], _read_off_by_one(args[-1], 1))
        return fn(*args, **kwargs)

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
    "dtype_invariance": _off_by_one_on_conversion,
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
