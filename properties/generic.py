"""Generic properties: the invariances every metric shares, declared once.

Each catalog metric's :class:`~properties.capabilities.Capability` says what the
metric is (range, symmetry, sample_weight, value on a perfect input, input
shape, the keyword forms to evaluate). This module turns that table into
properties, with the family's own id prefix, for every metric of every family:

``bounds``
    every form lies in the declared range, and is never NaN where the metric is
    defined (the capability's ``defined`` predicate)
``symmetry``
    swapping the two main arguments changes nothing (symmetric metrics)
``permutation_invariance``
    the order of the samples does not matter
``duplication_invariance``
    every sample twice gives the same value (twice the value for count metrics)
``integer_weights``
    an integer ``sample_weight`` w equals each sample repeated w times
``perfect``
    a perfect input gives the declared best value, wherever the metric is defined
``refuses_bad_input``
    the common bad-input classes of the input shape (empty, length mismatch,
    NaN, infinity, wrong dimension ...) are refused, naming the argument

The input shapes (``properties/inputs/``) say how to draw valid and bad inputs
and how to reorder, repeat or swap the samples of an example; family modules
keep only what is specific to their family.
"""

from __future__ import annotations

import functools
from importlib import import_module

import numpy as np
from hypothesis import strategies as st

from .capabilities import Capability
from .checks import expect, expect_close, expect_in_range, expect_refusal, is_nan
from .engine.guards import Unsupported
from .engine.registry import register
from .inputs import SKIP, InputShape


def _values(t, name: str, cap: Capability, ex, forms, **extra) -> list[tuple[dict, np.ndarray]]:
    """The metric under every form; a form the target lacks (a keyword, an option value) is left out,
    and only an example none of whose forms the target has is skipped."""
    out, lacking = [], None
    for form in forms:
        try:
            value = cap.inputs.call(t, name, ex, **form, **extra)
        except Unsupported as exc:
            lacking = exc
            continue
        if value is not SKIP:
            out.append((form, np.asarray(value, dtype=float)))
    if not out and lacking is not None:
        raise lacking
    return out


def _same(left, right, what: str, shape: InputShape, factor: float = 1.0) -> None:
    problems = []
    for (form, a), (_, b) in zip(left, right):
        try:
            expect_close(a, factor * b, rtol=shape.rtol, atol=shape.atol, what=f"{what} {form or ''}".rstrip())
        except AssertionError as exc:
            problems.append(str(exc))
    # one raise site: Hypothesis sees one failure to shrink, not one per form
    expect(not problems, "; ".join(problems[:2]))


def _defined(cap: Capability, ex) -> bool:
    return cap.defined is None or bool(cap.defined(ex))


def _bounds(t, ex, name, cap):
    lo, hi = cap.range
    defined = _defined(cap, ex)
    for form, value in _values(t, name, cap, ex, cap.bound_forms or cap.forms):
        if not defined and np.isnan(value).any():
            continue  # a declared undefined case: NaN is the documented answer there
        expect_in_range(value, -np.inf if lo is None else lo, np.inf if hi is None else hi,
                        what=f"{name}({form or ''})")


def _symmetry(t, ex, name, cap):
    forms = cap.symmetry_forms or cap.forms
    _same(_values(t, name, cap, ex, forms), _values(t, name, cap, cap.inputs.swap(ex), forms),
          f"{name} with its two arguments swapped", cap.inputs)


def _permutation(t, ex, name, cap):
    example, order = ex
    _same(_values(t, name, cap, example, cap.forms), _values(t, name, cap, cap.inputs.take(example, order), cap.forms),
          f"{name} after permuting the samples by {order.tolist()}", cap.inputs)


def _duplication(t, ex, name, cap):
    n = cap.inputs.size(ex)
    twice = cap.inputs.take(ex, np.concatenate([np.arange(n), np.arange(n)]))
    _same(_values(t, name, cap, twice, cap.forms), _values(t, name, cap, ex, cap.forms),
          f"{name} after duplicating every sample", cap.inputs, factor=2.0 if cap.additive else 1.0)


def _integer_weights(t, ex, name, cap):
    (example, w), order = ex
    repeated = cap.inputs.take(example, np.repeat(np.arange(cap.inputs.size(example)), w.astype(int)))
    weighted = _values(t, name, cap, example, cap.forms, sample_weight=w)
    _same(weighted, _values(t, name, cap, repeated, cap.forms),
          f"{name} with integer weights {w.astype(int).tolist()} vs the samples repeated", cap.inputs)
    _same(weighted, _values(t, name, cap, cap.inputs.take(example, order), cap.forms, sample_weight=w[order]),
          f"{name} with the samples and their weights permuted by {order.tolist()}", cap.inputs)


def _perfect(t, ex, name, cap):
    if not _defined(cap, ex):
        return  # undefined even when perfect (e.g. MCC of one class): see the family's undefined properties
    for form, value in _values(t, name, cap, ex, cap.perfect_forms or cap.forms):
        # zero_division=nan asks for NaN where a per-class value is 0/0: the form's own answer
        allowed_nan = is_nan(form.get("zero_division", 0.0))
        kept = value[~np.isnan(value)] if allowed_nan else value
        expect_close(kept, np.full(kept.shape, cap.best), rtol=1e-12, atol=1e-12,
                     what=f"{name}({form or ''}) on a perfect input")


def _refusal(t, ex, name, cap):
    example, argument = ex
    if cap.argument_names and argument is not None:
        argument = cap.argument_names.get(argument, argument)
    expect_refusal(lambda: cap.inputs.call(t, name, example, **cap.refusal_form), argument)


def _needs(name: str, cap: Capability, forms, *extra: str) -> tuple[str, ...]:
    added = cap.inputs.form_keywords or (lambda form: ())
    keys = dict.fromkeys([*cap.inputs.call_keywords, *(k for form in forms for k in (*form, *added(form)))])
    return (name, *(f"{name}:{k}" for k in (*keys, *extra)))


def _permuted(examples, size):
    """(example, permutation of its sample indices)."""
    return examples.flatmap(lambda e: st.tuples(st.just(e), st.permutations(range(size(e))).map(
        lambda order: np.array(order, dtype=np.intp))))


GENERIC_PROPERTIES = ("bounds", "symmetry", "permutation_invariance", "duplication_invariance", "integer_weights",
                      "perfect", "refuses_bad_input")

def register_all() -> None:
    """Register the generic properties of every catalog metric (once; idempotent)."""
    if _registered:
        return
    _registered.append(True)
    from .engine.registry import FAMILY_MODULES

    for family in FAMILY_MODULES:
        module = import_module(f"properties.{family}")
        # a family may run fewer examples for its per-metric properties (dozens of them)
        examples = getattr(module, "GENERIC_EXAMPLES", None)
        for name, cap in getattr(module, "CAPABILITIES", {}).items():
            register_generic(family, name, cap, max_examples=examples)


_registered: list[bool] = []

#: the id of every generic property registered
GENERIC_IDS: set[str] = set()


def register_generic(family: str, name: str, cap: Capability, *, max_examples: int | None = None) -> list[str]:
    """Register every generic property that ``cap`` supports for metric ``name``; return their ids."""
    shape = cap.inputs
    if shape is None:
        return []
    made = []

    def add(prop_name, statement, kind, check, strategy, needs, examples=max_examples):
        if prop_name in cap.not_generic:
            return
        made.append(register(f"{prop_name}[{name}]", statement, kind=kind, family=family, needs=needs,
                             check=functools.partial(check, name=name, cap=cap), strategy=strategy,
                             max_examples=examples).id)
        GENERIC_IDS.add(made[-1])

    unknown = set(cap.not_generic) - set(GENERIC_PROPERTIES)
    if unknown:
        raise ValueError(f"{name}: not_generic names unknown generic properties {sorted(unknown)}")

    lo, hi = cap.range
    if lo is not None or hi is not None:
        span = f"[{'-inf' if lo is None else lo}, {'inf' if hi is None else hi}]"
        add("bounds", f"{name} lies in {span} and is never NaN where it is defined", "bound", _bounds,
            shape.examples(name), _needs(name, cap, cap.bound_forms or cap.forms))
    if cap.symmetric and shape.swap is not None:
        add("symmetry", f"{name} is unchanged when its two main arguments swap", "symmetry", _symmetry,
            shape.examples(name), _needs(name, cap, cap.symmetry_forms or cap.forms))
    add("permutation_invariance", f"{name} does not depend on the order of the samples", "invariance",
        _permutation, _permuted(shape.examples(name), shape.size), _needs(name, cap, cap.forms))
    add("duplication_invariance",
        f"duplicating every sample {'doubles' if cap.additive else 'leaves unchanged'} {name}", "invariance",
        _duplication, shape.examples(name), _needs(name, cap, cap.forms))
    if cap.sample_weight and shape.weighted is not None:
        add("integer_weights", f"an integer sample_weight w gives the {name} of each sample repeated w times, "
            "and weights travel with their samples when the samples are permuted",
            "invariance", _integer_weights, _permuted(shape.weighted(name), lambda e: shape.size(e[0])), _needs(name, cap, cap.forms, "sample_weight"))
    if cap.best is not None and shape.perfect is not None:
        add("perfect", f"a perfect input gives {name} = {cap.best} wherever it is defined", "identity", _perfect,
            shape.perfect(name), _needs(name, cap, cap.perfect_forms or cap.forms))
    if shape.bad is not None:
        add("refuses_bad_input", f"{name} refuses the common bad inputs of {shape.name}, naming the argument",
            "refusal", _refusal, shape.bad(name), _needs(name, cap, [cap.refusal_form]))
    return made
