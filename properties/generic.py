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
``dtype_invariance``
    the same example with its main arrays in other dtypes gives the same value as in
    its canonical dtypes (int64 labels, float64 reals): labels as narrower, unsigned
    or boolean integers and as Python lists, exactly; reals rounded to float32 (or
    float16 where the values allow it) first, then compared with the same rounded
    values in float64 at the tolerance of the lower precision; token sequences as
    tuples. The input shape's ``recast`` says which conversions make sense; a shape
    that offers none (strings) has no such property
``integer_weights``
    an integer ``sample_weight`` w equals each sample repeated w times
``perfect``
    a perfect input gives the declared best value, wherever the metric is defined
``refuses_bad_input``
    the common bad-input classes of the input shape (empty, length mismatch,
    NaN, infinity, wrong dimension, a length-1 argument against n samples ...)
    are refused, naming the argument; and, as edge cases, a ``sample_weight``
    that is NaN, infinite, negative, of the wrong length, of length 1 or all
    zero (metrics with sample weights), and each numeric parameter just outside
    its domain (``Capability.parameters``: k = 0, k = 1.5, beta = 0 ...). Empty
    input gives the declared value instead where the target declares
    ``CONVENTIONS["empty"]``

The input shapes (``properties/inputs/``) say how to draw valid and bad inputs
and how to reorder, repeat or swap the samples of an example; family modules
keep only what is specific to their family.
"""

from __future__ import annotations

import functools
from importlib import import_module

import numpy as np
from hypothesis import strategies as st

import metrics

from .capabilities import Capability
from .checks import (SEVERITIES, Finding, expect, expect_close, expect_in_range, expect_refusal,
                     expect_refusal_or_declared, is_nan)
from properties.engine.vocabulary import findings, precision
from properties.engine.vocabulary.guards import raised_by_target, TargetExited, TargetViolation, Unsupported
from properties.engine.vocabulary.declared import (
    input_order_tie_rule, lacking, note_tie_rule, refusal_errors, skip_taken_form, UndeclaredKeyword)
from properties.engine.vocabulary.registry import register
from .inputs import SKIP, InputShape, Recast, edges_of, mapped_edges, tie_stable, with_edges


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


def _same(left, right, what: str, shape: InputShape, factor: float = 1.0, *, t=None, part: str = "") -> None:
    """Each form's value on the left equals its value on the right; each form judged on its own (its
    finding class names it), the worst unmasked mismatch raised."""
    problems: list = []
    for (form, a), (_, b) in zip(left, right):
        with findings.part(findings.join(part, findings.form_part(form)), problems, view=t):
            expect_close(a, factor * b, rtol=shape.rtol, atol=shape.atol, what=f"{what} {form or ''}".rstrip())
    findings.raise_worst(problems)


def _defined(cap: Capability, ex) -> bool:
    return cap.defined is None or bool(cap.defined(ex))


def _bounds(t, ex, name, cap):
    lo, hi = cap.range
    defined = _defined(cap, ex)
    problems: list = []
    for form, value in _values(t, name, cap, ex, cap.bound_forms or cap.forms):
        if not defined and np.isnan(value).any():
            continue  # a declared undefined case: NaN is the documented answer there
        with findings.part(findings.form_part(form), problems, view=t):
            expect_in_range(value, -np.inf if lo is None else lo, np.inf if hi is None else hi,
                            what=f"{name}({form or ''})")
    findings.raise_worst(problems)


def _symmetry(t, ex, name, cap):
    forms = cap.symmetry_forms or cap.forms
    _same(_values(t, name, cap, ex, forms), _values(t, name, cap, cap.inputs.swap(ex), forms),
          f"{name} with its two arguments swapped", cap.inputs, t=t)


def _tie_keys(t, name: str, cap: Capability, example):
    """(rule, keys): the tie rule the target behind ``t`` declares for ``name`` where tied samples rank in input
    order, and the example's scores that tie its samples, as the target holds them; (None, None) where order is
    free."""
    rule = input_order_tie_rule(t, name)
    keys = None if rule is None or cap.inputs.tie_keys is None else cap.inputs.tie_keys(example)
    return (rule, precision.as_target(keys)) if keys is not None else (None, None)


def _tie_kept(t, name: str, cap: Capability, example, order: np.ndarray) -> tuple[np.ndarray, str]:
    """``order``, or under a declared tie rule of input order the same permutation with tied samples kept in input
    order (:func:`~properties.inputs.tie_stable`), and the words that say so; the rule is noted where applied."""
    rule, keys = _tie_keys(t, name, cap, example)
    if rule is None:
        return order, ""
    kept = tie_stable(order, keys)
    if np.array_equal(kept, order):
        return order, ""
    note_tie_rule(t, name, rule)
    return kept, f" (tied samples kept in input order: declared tie rule {rule})"


def _permutation(t, ex, name, cap):
    example, order = ex
    order, kept = _tie_kept(t, name, cap, example, order)
    _same(_values(t, name, cap, example, cap.forms), _values(t, name, cap, cap.inputs.take(example, order), cap.forms),
          f"{name} after permuting the samples by {order.tolist()}{kept}", cap.inputs, t=t)


def _copies_tie(t, name: str, rule: str) -> str:
    """Note that a declared tie rule of input order leaves the value of repeated samples open (each copy ties its
    sample, and under input order ranks as another item: a precision at each copy), and say so."""
    note_tie_rule(t, name, rule)
    return lacking(t, f"{name}: repeated samples tie their copies, ranked by the declared tie rule {rule}")


def _duplication(t, ex, name, cap):
    rule, _ = _tie_keys(t, name, cap, ex)
    if rule is not None:
        raise Unsupported(_copies_tie(t, name, rule))
    n = cap.inputs.size(ex)
    twice = cap.inputs.take(ex, np.concatenate([np.arange(n), np.arange(n)]))
    _same(_values(t, name, cap, twice, cap.forms), _values(t, name, cap, ex, cap.forms),
          f"{name} after duplicating every sample", cap.inputs, factor=2.0 if cap.additive else 1.0, t=t)


def _form_text(form: dict) -> str:
    return "(" + ", ".join(f"{k}={v!r}" for k, v in form.items()) + ")" if form else ""


def _renamed(label: str, cap: Capability) -> str:
    """A conversion's label with the shape's argument names replaced by the metric's own (y_true -> y1)."""
    for shape_name, own in (cap.argument_names or {}).items():
        label = label.replace(shape_name, own)
    return label


def _dtype_tolerances(cap: Capability, r: Recast) -> tuple[float, float]:
    """The shape's tolerances, widened as precision.tolerances widens them for a target computing at the
    conversion's precision: ROUNDING_UNITS units of it per rounded operation (absolute: at the value's scale)."""
    rtol, atol = cap.inputs.rtol, cap.inputs.atol
    if r.precision == "float64":
        return rtol, atol
    slack = precision.ROUNDING_UNITS * max(1, r.ops) * precision.EPS[r.precision]
    return max(rtol, slack), max(atol, slack * max(r.scale, 1.0))


def _dtype(t, ex, name, cap):
    """Every conversion the shape offers, against the example as drawn (or the same rounded values in
    float64); each mismatch names its conversion, a raise on a converted input is a mismatch too."""
    canonical = _values(t, name, cap, ex, cap.forms)
    problems: list[tuple[Finding, Recast]] = []
    for r in cap.inputs.recast(ex):
        if r.baseline is None:
            expected = canonical
        else:
            try:
                expected = _values(t, name, cap, r.baseline, cap.forms)
            except refusal_errors(t) as exc:
                if not raised_by_target(exc):
                    raise
                continue  # the rounded values are outside the metric's domain (a sum no longer 1): no example
        beyond = _value_beyond_range(name, cap, r, ex, expected)
        if beyond is not None:
            lacking(t, beyond)
            continue
        problems += [(finding, r) for finding in _dtype_mismatches(t, name, cap, r, expected)
                     if not findings.masked(finding, t)]
    if problems:
        worst, first = min(problems, key=lambda p: (SEVERITIES.index(p[0].severity), -p[0].size))[0], problems[0][1]
        shown = {r.label for _, r in problems[:3]}
        others = sorted({_renamed(r.label, cap) for _, r in problems[3:] if r.label not in shown})
        more = f"; and {len(problems) - 3} more" + (f", also with {'; '.join(others)}" if others else "")
        try:  # the first failing conversion's calls last, so that the reproduction shows them
            _values(t, name, cap, first.example, cap.forms)
        except Exception:  # noqa: BLE001 - it raised the first time too: the raise is in the message
            pass
        # one raise site: Hypothesis sees one failure to shrink, not one per conversion
        raise Finding("; ".join(str(f) for f, _ in problems[:3]) + (more if len(problems) > 3 else ""),
                      severity=worst.severity, size=worst.size, structure=worst.structure)


def _value_beyond_range(name: str, cap: Capability, r: Recast, ex, expected) -> str | None:
    """Why the conversion ``r`` is no example (None: it is one): the value the metric must return (the catalog's
    on the same values in float64, else the target's) is beyond the largest finite number of ``r``'s precision.
    Inputs that fit float16 can still give a value that does not (a MAPE of 1e7): a library computing in the
    input's dtype returns inf there, as float16 must."""
    if r.precision == "float64":
        return None
    try:
        want = _values(metrics, name, cap, ex if r.baseline is None else r.baseline, cap.forms)
    except Exception:  # noqa: BLE001 - the catalog refuses the form or the input: judge by the target's value
        want = expected
    values = np.concatenate([np.ravel(v) for _, v in want]) if want else np.zeros(0)
    values = np.abs(values[np.isfinite(values)])
    limit = float(np.finfo(r.precision).max)
    if not values.size or values.max() <= limit:
        return None
    return f"{name}: {_renamed(r.label, cap)}: a value beyond {r.precision} range"


def _dtype_mismatches(t, name, cap, r: Recast, expected) -> list[Finding]:
    """What the converted example gives that ``expected`` (the values it is compared with) does not."""
    label = _renamed(r.label, cap)
    try:
        converted = _values(t, name, cap, r.example, cap.forms)
    except (TargetViolation, TargetExited, UndeclaredKeyword):
        raise
    except Exception as exc:  # noqa: BLE001 - the target refused or crashed on a dtype: a mismatch
        if not raised_by_target(exc):
            raise
        shown = ", ".join(f"{_form_text(f) or name}: {v.tolist()!r}" for f, v in expected)
        return [Finding(f"{name} with {label} raised {type(exc).__name__}: {str(exc)[:300]}; "
                        f"for {r.versus} it gave {shown}",
                        severity=findings.severity_of(exc), size=float("inf"),
                        structure=findings.recast_part(label))]
    rtol, atol = _dtype_tolerances(cap, r)
    out = []
    for (form, got), (_, want) in zip(converted, expected):
        try:
            expect_close(got, want, rtol=rtol, atol=atol, ops=r.ops, scale=r.scale, what=name)
        except AssertionError as exc:
            # a Finding carries its size; anything else (another shape) is a wrong value of any size
            size = exc.size if isinstance(exc, Finding) else float("inf")
            eps = max(precision.EPS[r.precision], precision.EPS[precision.effective()])
            level = max(precision.ROUNDING_LEVEL_UNITS * max(1, r.ops) * eps, precision.FLOAT64_ROUNDING_LEVEL)
            severity = "rounding-level" if size <= level else "wrong value"
            out.append(Finding(f"{name}{_form_text(form)} with {label} gave {_fmt(got)} vs {_fmt(want)} for "
                               f"{r.versus} (rtol={rtol:.3g}, atol={atol:.3g}) [{severity}, relative discrepancy "
                               f"{size:.3g}]", severity=severity, size=size,
                               structure=findings.join(findings.recast_part(label), findings.form_part(form))))
    return out


def _fmt(value: np.ndarray) -> str:
    return repr(value.item()) if value.ndim == 0 else np.array2string(value, precision=17, separator=", ")


def _integer_weights(t, ex, name, cap):
    (example, w), order = ex
    repeated = cap.inputs.take(example, np.repeat(np.arange(cap.inputs.size(example)), w.astype(int)))
    weighted = _values(t, name, cap, example, cap.forms, sample_weight=w)
    problems: list = []
    rule, _ = _tie_keys(t, name, cap, example)
    if rule is not None and (w > 1).any():
        _copies_tie(t, name, rule)  # the weights are still checked against the permutation below
    else:
        with findings.part("", problems, view=t):
            _same(weighted, _values(t, name, cap, repeated, cap.forms),
                  f"{name} with integer weights {w.astype(int).tolist()} vs the samples repeated", cap.inputs, t=t,
                  part="repeated")
    order, kept = _tie_kept(t, name, cap, example, order)
    with findings.part("", problems, view=t):
        _same(weighted, _values(t, name, cap, cap.inputs.take(example, order), cap.forms, sample_weight=w[order]),
              f"{name} with the samples and their weights permuted by {order.tolist()}{kept}", cap.inputs, t=t,
              part="permuted")
    findings.raise_worst(problems)


def _perfect(t, ex, name, cap):
    if not _defined(cap, ex):
        return  # undefined even when perfect (e.g. MCC of one class): see the family's undefined properties
    problems: list = []
    for form, value in _values(t, name, cap, ex, cap.perfect_forms or cap.forms):
        # zero_division=nan asks for NaN where a per-class value is 0/0: the form's own answer
        allowed_nan = is_nan(form.get("zero_division", 0.0))
        kept = value[~np.isnan(value)] if allowed_nan else value
        with findings.part(findings.form_part(form), problems, view=t):
            expect_close(kept, np.full(kept.shape, cap.best), rtol=1e-12, atol=1e-12,
                         what=f"{name}({form or ''}) on a perfect input")
    findings.raise_worst(problems)


def _refusal_call(t, name, cap, example, keywords=None):
    """The metric on a bad input under ``refusal_form``, or under the first of ``refusal_fallbacks`` the target
    has (Unsupported from the last one: the example is skipped); ``keywords`` (a bad sample_weight or
    parameter) are added to the form, or replace its own."""
    *first, last = (cap.refusal_form, *cap.refusal_fallbacks)
    keywords = keywords or {}
    for form in first:
        try:
            return cap.inputs.call(t, name, example, **{**form, **keywords})
        except Unsupported:
            continue
    return cap.inputs.call(t, name, example, **{**last, **keywords})


def _refusal(t, ex, name, cap):
    """One bad input refused; its finding class is the defect and the argument at fault
    (``nan:y_score``), so that a listed defect never hides another. ``ex`` is ``(example, argument, defect)``,
    or with a fourth item, the keywords the call adds (a bad ``sample_weight``, a parameter out of its
    domain); an argument ``a,b`` (two arguments that disagree, as ``mixed_dtype:y_true,y_pred``) is refused
    when either is named."""
    example, argument, defect, *keywords = ex
    keywords = keywords[0] if keywords else None
    if cap.argument_names and argument is not None:
        argument = ",".join(cap.argument_names.get(a, a) for a in argument.split(","))
    named = argument if argument is None or "," not in argument else tuple(argument.split(","))
    skip_taken_form(t, name, defect)  # a form the library takes as valid by design (INPUT_FORMS) is not bad input
    with findings.part(findings.join(defect, argument or ""), view=t):
        if defect == "empty":  # a library may declare what empty input gives (CONVENTIONS["empty"])
            expect_refusal_or_declared(t, lambda: _refusal_call(t, name, cap, example, keywords), "empty", name,
                                       argument, what=f"{name} on empty input")
        else:
            expect_refusal(lambda: _refusal_call(t, name, cap, example, keywords), named)


#: sample weights that are bad input to every metric that takes them: (defect, n weights -> the bad weights)
BAD_WEIGHTS = (
    ("nan", lambda w: _one_weight(w, np.nan)),
    ("inf", lambda w: _one_weight(w, np.inf)),
    ("negative", lambda w: _one_weight(w, -1.0)),
    ("wrong_length", lambda w: np.append(w, 1.0)),
    # one weight for every sample: NumPy broadcasts it, a weighted mean then is the unweighted one
    ("broadcast", lambda w: np.full(1, 2.0)),
    ("all_zero", lambda w: np.zeros_like(w)),
)


def _one_weight(w: np.ndarray, value: float) -> np.ndarray:
    out = np.array(w, dtype=np.float64)
    out[min(1, out.size - 1)] = value
    return out


def _weight_edges(name: str, cap: Capability) -> tuple:
    """The refusal edge cases of a metric with ``sample_weight``: the first weighted edge case of its shape
    with the weights of each of :data:`BAD_WEIGHTS` (``negative:sample_weight``, ...)."""
    shape = cap.inputs
    if not cap.sample_weight or shape.weighted is None:
        return ()
    weighted = edges_of(shape.weighted(name))
    if not weighted:
        return ()
    _, (example, w) = weighted[0]
    return tuple((f"{defect}_sample_weight", (example, "sample_weight", defect, {"sample_weight": bad(w)}))
                 for defect, bad in BAD_WEIGHTS)


def _parameter_edges(name: str, cap: Capability) -> tuple:
    """The refusal edge cases of a metric's numeric parameters (``cap.parameters``): the first edge case of its
    shape with each parameter at each of its bad values (``nonpositive:k``, ``fractional:k``); a keyword the
    shape's call takes from the example is set there (``set_keyword``)."""
    shape = cap.inputs
    valid = edges_of(shape.examples(name))
    if not cap.parameters or not valid:
        return ()
    _, example = valid[0]
    out = []
    for keyword, parameter in cap.parameters.items():
        for defect, value in parameter.bad_values():
            if keyword in shape.call_keywords:
                edge = (shape.set_keyword(example, keyword, value), keyword, defect)
            else:
                edge = (example, keyword, defect, {keyword: value})
            out.append((f"{defect}_{keyword}", edge))
    return tuple(out)


def _needs(name: str, cap: Capability, forms, *extra: str) -> tuple[str, ...]:
    added = cap.inputs.form_keywords or (lambda form: ())
    keys = dict.fromkeys([*cap.inputs.call_keywords, *(k for form in forms for k in (*form, *added(form)))])
    return (name, *(f"{name}:{k}" for k in dict.fromkeys((*keys, *extra))))


def _permuted(examples, size):
    """(example, permutation of its sample indices); its edge cases are those of ``examples``, each with
    its samples reversed."""
    permuted = examples.flatmap(lambda e: st.tuples(st.just(e), st.permutations(range(size(e))).map(
        lambda order: np.array(order, dtype=np.intp))))
    return with_edges(permuted, mapped_edges(edges_of(examples),
                                             lambda e: (e, np.arange(size(e), dtype=np.intp)[::-1].copy())))


GENERIC_PROPERTIES = ("bounds", "symmetry", "permutation_invariance", "duplication_invariance", "dtype_invariance",
                      "integer_weights", "perfect", "refuses_bad_input")

#: examples of each dtype_invariance property under the ci profile: every example makes a call per
#: conversion and form (up to a dozen), and a dtype mistake shows on almost any input
DTYPE_EXAMPLES = 12

def register_all() -> None:
    """Register the generic properties of every catalog metric (once; idempotent)."""
    if _registered:
        return
    _registered.append(True)
    from properties.engine.vocabulary.registry import FAMILY_MODULES

    for family in FAMILY_MODULES:
        module = import_module(f"properties.{family}")
        # a family may run fewer examples for its per-metric properties (dozens of them), for all its
        # metrics (a number) or for some (metric -> number)
        examples = getattr(module, "GENERIC_EXAMPLES", None)
        for name, cap in getattr(module, "CAPABILITIES", {}).items():
            count = examples.get(name) if isinstance(examples, dict) else examples
            register_generic(family, name, cap, max_examples=count)


_registered: list[bool] = []

#: the id of every generic property registered
GENERIC_IDS: set[str] = set()


def register_generic(family: str, name: str, cap: Capability, *, max_examples: int | None = None) -> list[str]:
    """Register every generic property that ``cap`` supports for metric ``name``; return their ids."""
    shape = cap.inputs
    if shape is None:
        return []
    made = []

    def add(prop_name, statement, kind, check, strategy, needs, examples=max_examples, edges=None):
        if prop_name in cap.not_generic:
            return
        made.append(register(f"{prop_name}[{name}]", statement, kind=kind, family=family, needs=needs,
                             check=functools.partial(check, name=name, cap=cap), strategy=strategy,
                             max_examples=examples, edges=edges).id)
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
    if shape.recast is not None:
        add("dtype_invariance", f"{name} is unchanged when its main arguments come in other dtypes: {shape.dtypes}",
            "invariance", _dtype, shape.examples(name), _needs(name, cap, cap.forms),
            examples=min(DTYPE_EXAMPLES, max_examples or DTYPE_EXAMPLES))
    if cap.sample_weight and shape.weighted is not None:
        add("integer_weights", f"an integer sample_weight w gives the {name} of each sample repeated w times, "
            "and weights travel with their samples when the samples are permuted",
            "invariance", _integer_weights, _permuted(shape.weighted(name), lambda e: shape.size(e[0])), _needs(name, cap, cap.forms, "sample_weight"))
    if cap.best is not None and shape.perfect is not None:
        add("perfect", f"a perfect input gives {name} = {cap.best} wherever it is defined", "identity", _perfect,
            shape.perfect(name), _needs(name, cap, cap.perfect_forms or cap.forms))
    if shape.bad is not None:
        bad = shape.bad(name)
        weights, parameters = _weight_edges(name, cap), _parameter_edges(name, cap)
        extra = ("sample_weight",) * bool(weights) + tuple(k for k in cap.parameters if k not in shape.call_keywords)
        add("refuses_bad_input", f"{name} refuses the common bad inputs of {shape.name}, naming the argument",
            "refusal", _refusal, bad, _needs(name, cap, [cap.refusal_form], *extra),
            edges=(*edges_of(bad), *weights, *parameters))
    return made
