"""Reading a target's declarations (``CONVENTIONS``, ``DOMAINS``, ``TIES``, ``NO_THRESHOLD``, ...) into checked data.
"""

from __future__ import annotations


import inspect

import numpy as np

from properties.engine.vocabulary import input_forms, precision
from properties.engine.vocabulary.conventions import CONVENTION_KINDS, DOMAIN_RULES, TIE_RULES
from properties.engine.target.errors import TargetUnavailable
from properties.engine.target.signatures import accepts_keyword, signature

def _is_number(value) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))


def _provided(namespace, metric: str) -> bool:
    streaming = getattr(namespace, "STREAMING", None)
    return callable(getattr(namespace, metric, None)) or (isinstance(streaming, dict) and metric in streaming)


def _read_conventions(name: str, namespace) -> dict:
    raw = getattr(namespace, "CONVENTIONS", None)
    if not isinstance(raw, dict):
        return {}
    out: dict = {}
    for kind in CONVENTION_KINDS:
        value = raw.get(kind)
        if value is None or isinstance(value, str):
            continue  # a description, as every other key's
        where = f"target {name!r}: CONVENTIONS[{kind!r}]"
        if _is_number(value):
            out[kind] = {"*": float(value)}
            continue
        if not isinstance(value, dict) or not value:
            raise TargetUnavailable(f"{where} = {value!r} must be a number or {{metric: number, '*': default}}")
        own = {}
        for metric, v in value.items():
            if not _is_number(v):
                raise TargetUnavailable(f"{where}[{metric!r}] = {v!r} is not a number")
            if metric != "*" and not _provided(namespace, metric):
                raise TargetUnavailable(f"{where} names {metric!r}, which the target does not provide")
            own[str(metric)] = float(v)
        out[kind] = own
    return out


def _parameters(fn) -> list[str] | None:
    """The argument names ``fn`` can be called with (None: it takes any, or cannot be inspected)."""
    try:
        params = signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD) for p in params):
        return None
    return [p.name for p in params]


def _read_domains(name: str, namespace) -> dict:
    raw = getattr(namespace, "DOMAINS", None)
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not all(isinstance(v, dict) and v for v in raw.values()):
        raise TargetUnavailable(f"target {name!r}: DOMAINS must map metric -> {{rule: parameters}}, got {raw!r}")
    out: dict = {}
    for metric, rules in raw.items():
        where = f"target {name!r}: DOMAINS[{metric!r}]"
        fn = getattr(namespace, metric, None)
        if not callable(fn):
            raise TargetUnavailable(f"{where}: the target does not provide {metric!r}")
        names = _parameters(fn)
        own = {}
        for rule, spec in rules.items():
            if rule not in DOMAIN_RULES:
                raise TargetUnavailable(f"{where}: unknown rule {rule!r}; the rules are {', '.join(DOMAIN_RULES)}")
            shape_ok = {
                "min_tokens": lambda s: isinstance(s, tuple) and len(s) == 2 and isinstance(s[0], str)
                and isinstance(s[1], int) and not isinstance(s[1], bool) and s[1] >= 1,
                "binary": lambda s: s is True or (isinstance(s, tuple) and s and all(isinstance(a, str) for a in s)),
                "range": lambda s: isinstance(s, tuple) and len(s) == 3 and isinstance(s[0], str)
                and _is_number(s[1]) and _is_number(s[2]) and s[1] <= s[2],
                "where": callable,
            }[rule]
            if not shape_ok(spec):
                raise TargetUnavailable(f"{where}[{rule!r}] = {spec!r}: expected {DOMAIN_RULES[rule]}")
            arguments = ((spec[0],) if rule in ("min_tokens", "range") else spec if rule == "binary" and
                         spec is not True else ())
            for argument in arguments:
                if names is not None and argument not in names:
                    raise TargetUnavailable(f"{where}[{rule!r}] names the argument {argument!r}, which "
                                            f"{metric}({', '.join(names)}) does not take")
            own[rule] = spec
        out[str(metric)] = own
    return out


def _read_ties(name: str, namespace) -> dict:
    raw = getattr(namespace, "TIES", None)
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise TargetUnavailable(f"target {name!r}: TIES must map metric -> tie rule, got {raw!r}")
    for metric, rule in raw.items():
        if not callable(getattr(namespace, metric, None)):
            raise TargetUnavailable(f"target {name!r}: TIES names {metric!r}, which the target does not provide")
        if rule not in TIE_RULES:
            raise TargetUnavailable(f"target {name!r}: TIES[{metric!r}] = {rule!r} is not one of "
                                    f"{', '.join(TIE_RULES)}")
        if accepts_keyword(getattr(namespace, metric), "ties") and _parameters(getattr(namespace, metric)):
            raise TargetUnavailable(f"target {name!r}: TIES[{metric!r}]: {metric} takes ties=, which the properties "
                                    "pass; TIES is for a metric without the keyword")
    return {str(m): r for m, r in raw.items()}


def _read_no_threshold(name: str, namespace) -> frozenset:
    raw = getattr(namespace, "NO_THRESHOLD", None)
    if raw is None:
        return frozenset()
    if isinstance(raw, str) or not isinstance(raw, (tuple, list, set, frozenset)):
        raise TargetUnavailable(f"target {name!r}: NO_THRESHOLD must be a tuple of metric names, got {raw!r}")
    for metric in raw:
        if not _provided(namespace, str(metric)):
            raise TargetUnavailable(f"target {name!r}: NO_THRESHOLD names {metric!r}, which the target does not "
                                    "provide")
    return frozenset(str(m) for m in raw)


def _declarations(name: str, namespace) -> dict:
    """The adapter's PRECISION, REFUSAL_ERRORS, SUPPORTS, convention declarations, DOMAINS, TIES, INPUT_FORMS and
    NO_THRESHOLD, checked (a wrong one is a clear error)."""
    try:
        forms = input_forms.read(name, getattr(namespace, "INPUT_FORMS", None))
    except ValueError as exc:
        raise TargetUnavailable(str(exc)) from None
    out: dict = dict(declared=_read_conventions(name, namespace), domains=_read_domains(name, namespace),
                     ties=_read_ties(name, namespace), input_forms=forms,
                     no_threshold=_read_no_threshold(name, namespace))
    declared = getattr(namespace, "PRECISION", None)
    if declared is not None:
        if declared not in precision.EPS:
            raise TargetUnavailable(f"target {name!r}: PRECISION = {declared!r} is not one of "
                                    f"{', '.join(precision.PRECISIONS)}")
        out["precision"] = declared
    errors = getattr(namespace, "REFUSAL_ERRORS", None)
    if errors is not None:
        errors = tuple(errors) if isinstance(errors, (tuple, list)) else (errors,)
        if not errors or not all(isinstance(e, type) and issubclass(e, Exception) for e in errors):
            raise TargetUnavailable(f"target {name!r}: REFUSAL_ERRORS must be exception classes, got {errors!r}")
        out["refusal_errors"] = errors
    supports = getattr(namespace, "SUPPORTS", None)
    if supports is not None:
        if not isinstance(supports, dict) or not all(isinstance(v, dict) for v in supports.values()):
            raise TargetUnavailable(f"target {name!r}: SUPPORTS must map metric -> keyword -> supported values")
        out["supports"] = {m: {k: v if callable(v) else tuple(v) for k, v in kw.items()}
                           for m, kw in supports.items()}
    return out
