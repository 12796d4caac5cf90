"""The declarations a target may make (conventions, domains, tie rules), and how each is named.
"""

from __future__ import annotations





#: the CONVENTIONS keys that are declarations, and what each covers. A number (or NaN) there, or a dict
#: ``{metric: number, "*": default}``, replaces the catalog's refusal or NaN; a string stays a description.
CONVENTION_KINDS = {
    "empty": "a one-shot call on empty input",
    "undefined": "an undefined case of the catalog (0/0, a constant input)",
    "fresh_stream": "compute() on a stream that has seen no sample",
}

#: the rules a DOMAINS entry may use: rule -> what its parameters are
DOMAIN_RULES = {
    "min_tokens": "(argument, n): every token sequence in the argument has at least n tokens",
    "binary": "True (the first two arguments) or a tuple of argument names: at most 2 distinct labels among them",
    "range": "(argument, low, high): every finite value of the argument lies in [low, high]",
    "where": "a callable (args, kwargs) -> bool: True where the call is inside the domain",
}

#: the tie rules a TIES entry may name; ``input_order`` is the catalog's ``first``
TIE_RULES = {
    "input_order": "input order (the earlier document ranks first)",
    "first": "input order (the earlier document ranks first)",
    "average": "averaging over the tie group (the catalog's ties='average')",
    "optimistic": "ranking tied documents by decreasing grade",
    "pessimistic": "ranking tied documents by increasing grade",
}

#: the catalog's ``ties=`` value each tie rule is
CATALOG_TIE_RULE = {"input_order": "first", "first": "first", "average": "average", "optimistic": "optimistic",
                    "pessimistic": "pessimistic"}


def convention_key(kind: str, value: float) -> str:
    """The name a result lists a convention under: ``convention:fresh_stream=0.0``."""
    return f"convention:{kind}={value!r}"


def describe_domain(rule: str, spec) -> str:
    if rule == "min_tokens":
        return f"{spec[0]} with at least {spec[1]} tokens in every sequence"
    if rule == "binary":
        return f"at most 2 distinct labels in {', '.join(spec) if spec is not True else 'its first two arguments'}"
    if rule == "range":
        return f"values of {spec[0]} within [{spec[1]}, {spec[2]}]"
    return f"inputs where {getattr(spec, '__name__', 'the declared predicate')} holds"


def domain_text(rule: str, spec) -> str:
    """A rule and its parameters as the reason of a skipped example shows them: ``min_tokens(hypotheses, 4)``."""
    if rule == "binary":
        return "binary" if spec is True else f"binary({', '.join(spec)})"
    if rule == "where":
        return f"where({getattr(spec, '__name__', 'predicate')})"
    return f"{rule}({', '.join(str(p) for p in spec)})"
