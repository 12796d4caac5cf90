"""What the spec passes a catalog metric, and what comes back: recorded by running its properties on the catalog.

``init-adapter --family/--metrics`` states, in each stub, every argument form the properties pass to the
metric. Written by hand, such a list drifts from the spec (an argument given as a dict, a keyword value only
one property passes); here it is *recorded*: the conformance properties of the selected metrics run in this
process against the catalog (``metrics``) behind a namespace that notes each call's arguments (by the
catalog's parameter names) and its outcome, with a few examples per property and every edge case.

In: catalog names. Out: :class:`ArgumentForms` per name: per argument the forms seen in the calls the catalog
answered (``1-D arrays of int64, str``, ``'macro'``, ``nan``, ``a dict with keys 'LR+', 'LR-'``), the return
forms (per value of the keyword that changes them), and how many calls passed input the catalog refused.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import math
import types
from typing import Callable, Iterable

import numpy as np

#: random examples per property while recording (its edge cases run besides, every one)
RECORDED_EXAMPLES = 3

#: at most this many distinct values of a keyword are listed; beyond, the kinds of value
MAX_VALUES = 8


@dataclasses.dataclass
class ArgumentForms:
    """The calls the properties made to one metric, summarised."""

    name: str
    #: properties of the metric that ran (the others need metrics outside the selection, or a stream)
    properties: int = 0
    #: calls the catalog answered / refused
    calls: int = 0
    refused: int = 0
    #: argument name -> the forms seen in answered calls, in first-seen order
    arguments: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    #: (keyword, its value's form) or None -> the return forms seen with it (None: every answered call)
    returns: dict = dataclasses.field(default_factory=dict)

    def note(self, bound: dict, outcome: str | None) -> None:
        if outcome is None:
            self.refused += 1
            return
        self.calls += 1
        for argument, value in bound.items():
            seen = self.arguments.setdefault(argument, [])
            form = value_form(value)
            if form not in seen:
                seen.append(form)
        self.returns.setdefault(None, set()).add(outcome)
        for argument, value in bound.items():
            if _is_option(value):
                self.returns.setdefault((argument, value_form(value)), set()).add(outcome)

    def return_lines(self) -> list[str]:
        """``a float``, or ``a float; with average=None: 1-D arrays of float64`` where one keyword's value
        decides the return form."""
        every = self.returns.get(None, set())
        if len(every) <= 1 or len(merged_forms(sorted(every))) == 1:
            return merged_forms(sorted(every))
        for argument in self.arguments:
            by_value = {form: kinds for (name, form), kinds in
                        ((k, v) for k, v in self.returns.items() if k is not None) if name == argument}
            if len(by_value) > 1 and all(len(kinds) == 1 for kinds in by_value.values()) and \
                    len(set().union(*by_value.values())) > 1:
                kinds = [next(iter(k)) for k in by_value.values()]
                usual = max(set(kinds), key=kinds.count)
                special = [f"with {argument}={form}: {next(iter(k))}" for form, k in by_value.items()
                           if next(iter(k)) != usual]
                return [usual, *special]
        return merged_forms(sorted(every))


def _is_option(value) -> bool:
    return value is None or isinstance(value, (str, bool, int, float)) and not isinstance(value, np.ndarray)


def _element_kind(value) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "bool"
    if isinstance(value, (int, np.integer)):
        return "int"
    if isinstance(value, (float, np.floating)):
        return "float"
    if isinstance(value, str):
        return "str"
    return value_form(value)


def _dtype_name(dtype: np.dtype) -> str:
    return "str" if dtype.kind in "US" else str(dtype)


def value_form(value) -> str:
    """The form of one argument or result, without its numbers: ``1-D array of int64``, ``list of str``,
    ``'macro'``, ``nan``, ``a float``, ``a dict with keys 'LR+', 'LR-'``."""
    if value is None or isinstance(value, (str, bool)):
        return repr(value)
    if isinstance(value, (float, np.floating)) and not math.isfinite(value):
        return repr(float(value)) if math.isinf(value) else "nan"
    if isinstance(value, np.ndarray):
        return f"{value.ndim}-D array of {_dtype_name(value.dtype)}"
    if isinstance(value, np.generic):
        return f"a NumPy {value.dtype} scalar"
    if isinstance(value, dict):
        keys = list(value)[:MAX_VALUES]
        return f"a dict with keys {', '.join(map(repr, keys))}" if all(isinstance(k, str) for k in keys) else "a dict"
    fields = getattr(type(value), "_fields", None)
    if fields:
        return f"a {type(value).__name__} ({', '.join(fields)})"
    if isinstance(value, (list, tuple)):
        kinds = sorted({_element_kind(item) for item in value})
        return f"{'an empty ' if not value else 'a '}{type(value).__name__}" + (f" of {', '.join(kinds)}" if kinds else "")
    if isinstance(value, (int, float)):
        return repr(value)
    return f"a {type(value).__name__}"


def outcome_form(value) -> str:
    """The form of a result: numbers become their kind (``a float``), the rest :func:`value_form`."""
    if isinstance(value, (float, np.floating)) and not isinstance(value, bool):
        return "a float"
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return "an integer"
    if isinstance(value, tuple) and not getattr(type(value), "_fields", None):
        return f"a tuple ({', '.join(outcome_form(item) for item in value)})"
    return value_form(value)


def merged_forms(forms: list[str]) -> list[str]:
    """``1-D array of int64``, ``1-D array of bool`` ... as ``1-D arrays of int64, bool``; other forms as seen
    (at most :data:`MAX_VALUES` distinct keyword values, then their count)."""
    arrays: dict[str, list[str]] = {}
    sequences: dict[str, list[str]] = {}
    dicts: list[str] = []
    rest: list[str] = []
    for form in forms:
        if form[:1].isdigit() and "-D array of " in form:
            shape, _, dtype = form.partition(" array of ")
            arrays.setdefault(shape, []).append(dtype)
        elif form.startswith(("a list of", "a tuple of", "an empty list", "an empty tuple")):
            kind = "tuple" if "tuple" in form.split(" of ")[0] else "list"
            element = form.partition(" of ")[2] or "nothing (empty)"
            sequences.setdefault(kind, [])
            if element not in sequences[kind]:
                sequences[kind].append(element)
        elif form.startswith("a dict"):
            dicts.append(form)
        else:
            rest.append(form)
    # a dict's keys are shown where every call passed the same ones (replace_undefined_by's 'LR+', 'LR-'), not
    # where they are data (query ids)
    rest += dicts if len(dicts) == 1 else ["a dict"] if dicts else []
    out = [f"{shape} arrays of {', '.join(dtypes)}" for shape, dtypes in sorted(arrays.items())]
    out += [f"{kind}s of {'; of '.join(elements)}" for kind, elements in sequences.items()]
    if len(rest) > MAX_VALUES:
        out.append(f"{len(rest)} distinct values, e.g. {', '.join(rest[:MAX_VALUES])}")
    else:
        out += rest
    return out


def _recording(name: str, fn: Callable, forms: ArgumentForms) -> Callable:
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    def recorded(*args, **kwargs):
        try:
            bound = dict(signature.bind(*args, **kwargs).arguments)
        except TypeError:
            bound = {f"argument {i}": a for i, a in enumerate(args)} | kwargs
        try:
            result = fn(*args, **kwargs)
        except Exception:
            forms.note(bound, None)
            raise
        forms.note(bound, outcome_form(result))
        return result

    return recorded


def record(names: Iterable[str], *, examples: int = RECORDED_EXAMPLES,
           on_property: Callable[[int, int], None] | None = None) -> dict[str, ArgumentForms]:
    """Run the conformance properties of ``names`` (catalog names) on the catalog and summarise every call they
    make to each: :class:`ArgumentForms` per name. A property that needs another metric or a stream is not run
    (it is n/a for an adapter of these names too). ``on_property(done, total)`` is called after each."""
    import metrics
    from hypothesis import settings

    from properties.engine.search.runner import run_in_process
    from properties.engine.target.applicability import not_applicable_reason
    from properties.engine.target.loading import load_target
    from properties.engine.vocabulary import profiles, registry

    names = list(names)
    summaries = {name: ArgumentForms(name) for name in names}
    target = load_target("metrics")
    target.namespace = types.SimpleNamespace(
        **{name: _recording(name, getattr(metrics, name), summaries[name]) for name in names})
    target.deviations, target.deviation_scopes, target.pins = {}, {}, {}
    wanted = set(names)
    candidates = [p for p in registry.conformance_properties("standard") if wanted.intersection(p.metrics)]
    quick = settings(profiles.profile_settings("ci"), max_examples=examples)
    with _catalog_as_every_reference({p.reference for p in candidates if p.reference}):
        chosen = [p for p in candidates if not_applicable_reason(p, target) is None]
        for done, prop in enumerate(chosen, 1):
            for name in wanted.intersection(prop.metrics):
                summaries[name].properties += 1
            run_in_process(prop, target, settings_=quick, seed=None, time_budget=None, all_findings=False)
            if on_property is not None:
                on_property(done, len(chosen))
    return summaries


class _catalog_as_every_reference:
    """Within the block, the agreement properties compare with the catalog instead of their reference library.

    They pass the target forms no other property passes (``replace_undefined_by`` as a dict), so they are
    recorded too; what they compare with does not change what they pass, and the libraries (torch, ranx's
    numba compilation) would take minutes to import."""

    def __init__(self, names: set[str]):
        self.names = names

    def __enter__(self):
        from properties.engine.target import references
        from properties.engine.target.loading import load_target

        self.cache = references._REFERENCE_CACHE
        self.saved = dict(self.cache)
        catalog = load_target("metrics")
        self.cache.update({name: catalog for name in self.names})

    def __exit__(self, *exc):
        self.cache.clear()
        self.cache.update(self.saved)
        return False
