"""Findings: one way a target breaks a property, named so that deviations and baselines can cover it exactly.

A property's check may fail in several distinct ways. Each failure carries a *finding class*, a short
name taken from the structure of the property, never from the numbers of the example:

- the parts of the check that failed, outermost first, joined by ``:``: the bad-input defect and the
  argument (``empty``, ``nan:y_score``, ``two_dimensional:y_true``), the form evaluated
  (``average=macro``), the sub-check (``int8:y_true,y_pred`` for a dtype conversion, ``merge_right``
  for a stream operation);
- then ``/`` and the severity (``wrong_value``, ``crash``, ``accepted_invalid_input`` ...).

``classification.refuses_bad_input[accuracy]`` failing on 2-D labels it accepted is the finding
``classification.refuses_bad_input[accuracy]{two_dimensional:y_true/accepted_invalid_input}``: the
property id plus the class is its *fingerprint*. A check without parts has a class that is the
severity alone (``wrong_value``); a target raising on valid input is ``raises:IndexError``.

A deviation (or a baseline) names classes by *pattern*: a class matches a pattern equal to it or to
one of its leading parts, up to a ``:``, ``/`` or ``,`` (``two_dimensional`` covers
``two_dimensional:y_true/accepted_invalid_input`` and ``two_dimensional:y_pred/crash``; ``nan:y_score``
covers every severity of that defect; ``average=macro`` covers ``average=macro,zero_division=1.0``). ``*``
covers the whole property, the form of the deviations files written before findings had classes.

While a property is searched, the classes already known (listed, or found earlier in the same search)
are *masked*: a sub-check that fails with a masked class is noted and the check goes on, so that a
known finding never hides an unknown one (see :func:`part` and :func:`masked`).

A property that evaluates several forms evaluates each inside :func:`form`: a form asking for what the
target lacks is skipped (listed in the result's ``skipped``), the others still run, and the example is
skipped only when none of its forms ran, so that one missing option never makes the whole property n/a.
"""

from __future__ import annotations

import contextlib
import re

#: the pattern of a deviation that covers every finding of its property (a line without ``{...}``)
WHOLE_PROPERTY = "*"

_SLUG_DROP = re.compile(r"\s+")


def slug(text: str) -> str:
    """A severity or a part as it appears in a class: lower case, no spaces (``wrong value`` -> ``wrong_value``)."""
    return _SLUG_DROP.sub("_", str(text).strip())


def form_part(form: dict) -> str:
    """The part naming a form: ``average=macro,zero_division=1.0`` ('' for the default form)."""
    return ",".join(f"{k}={v if isinstance(v, str) else repr(v)}".replace(" ", "") for k, v in form.items())


def recast_part(label: str) -> str:
    """The part naming a dtype conversion from its label: ``y_true, y_pred as uint8`` -> ``uint8:y_true,y_pred``."""
    names, sep, what = label.partition(" as ")
    if not sep:
        return slug(label)
    words = what.split()
    kind = "list" if words[:2] == ["Python", "lists"] else (words[0] if words else "other")
    return f"{kind}:{names.replace(' ', '')}"


def join(*parts: str) -> str:
    return ":".join(p for p in parts if p)


def finding_class(structure: str, severity: str) -> str:
    """The class of a finding from its parts and its severity."""
    sev = slug(severity) if severity else ""
    if not structure:
        return sev or "failure"
    return f"{structure}/{sev}" if sev else structure


def matches(pattern: str, cls: str) -> bool:
    """Whether a deviation's ``pattern`` covers the finding class ``cls`` (see the module docstring)."""
    if pattern == WHOLE_PROPERTY or pattern == cls:
        return True
    return cls.startswith(pattern) and cls[len(pattern)] in ":/,"


def covered(patterns, cls: str) -> bool:
    return any(matches(p, cls) for p in patterns)


def structure_of(exc: BaseException) -> str:
    return getattr(exc, "structure", "") or ""


def tag(exc: BaseException, part_name: str) -> None:
    """Prefix ``part_name`` to the structure of a failure leaving a part of the check."""
    if part_name:
        exc.structure = join(part_name, structure_of(exc))


# ------------------------------------------------------------ masking during one property's search

#: the patterns masked in the current search; None: nothing masked (a direct call outside the runner)
_MASK: list[list[str] | None] = [None]
#: class -> the first masked failure of that class met in the current search (its message, calls, example)
SEEN: dict[str, dict] = {}
#: the example the check being run was given (set by the registry's wrapper), pinned with a masked failure
CURRENT_EXAMPLE: list = [None]


def start_search(patterns) -> None:
    """Mask ``patterns`` for the search about to run (the known classes and those already found)."""
    _MASK[0] = list(patterns)
    SEEN.clear()


def end_search() -> None:
    _MASK[0] = None


def mask_patterns() -> list[str]:
    return list(_MASK[0] or [])


def class_of(exc: BaseException) -> str:
    """The class of a failure (an AssertionError from a check, or what a target raised)."""
    from .guards import MutationViolation, ReturnTypeViolation, TargetExited

    if isinstance(exc, MutationViolation):
        return finding_class(structure_of(exc), "mutation")
    if isinstance(exc, ReturnTypeViolation):
        return finding_class(structure_of(exc), "return_type")
    if isinstance(exc, TargetExited):
        return finding_class(structure_of(exc), "exit")
    if isinstance(exc, AssertionError):
        return finding_class(structure_of(exc), getattr(exc, "severity", "wrong value"))
    if _out_of_memory(exc):
        return join(structure_of(exc), "memory")
    return join(structure_of(exc), f"raises:{type(exc).__name__}")


def _out_of_memory(exc: BaseException) -> bool:
    """Whether the target raised ``exc`` because an allocation failed (status ``memory``)."""
    from .memory import is_out_of_memory

    return target_raised(exc) and is_out_of_memory(exc)


def masked(exc: BaseException, view=None) -> bool:
    """Whether ``exc``'s class is masked in the current search; a masked one is noted in :data:`SEEN`
    (with the calls of ``view``, when given) the first time, and the caller carries on as if it passed."""
    patterns = _MASK[0]
    if not patterns:
        return False
    cls = class_of(exc)
    if not covered(patterns, cls):
        return False
    if cls not in SEEN:
        repro = view.reproduction() if view is not None and hasattr(view, "reproduction") else ""
        from .pins import pinnable

        SEEN[cls] = {"detail": str(exc).strip() or type(exc).__name__, "reproduction": repro,
                     "severity": severity_of(exc), "example": pinnable(CURRENT_EXAMPLE[0])}
    return True


@contextlib.contextmanager
def part(name: str, found: list | None = None, view=None):
    """One sub-check of a property, named ``name`` (a form, a conversion, a stream operation).

    A failure leaving it gets ``name`` prefixed to its class; if that class is masked the failure is
    noted and swallowed, so the check goes on to its other parts. With ``found`` (a list) an unmasked
    failure is collected there instead of raised: :func:`raise_worst` raises the worst of them once
    every part has run. Failed expectations and what the target raised are parts' business; the spec's
    own errors and the runner's signals propagate unchanged.
    """
    try:
        yield
    except Exception as exc:
        if not isinstance(exc, AssertionError) and not target_raised(exc):
            raise  # the spec's own code broke, or a signal for the runner (an option the target lacks)
        tag(exc, name)
        if masked(exc, view):
            return
        if found is None:
            raise
        found.append(exc)


def severity_of(exc: BaseException) -> str:
    """How bad the failure ``exc`` is (:data:`~properties.engine.severity.SEVERITIES`): a failed
    expectation carries its own; what the target raised is a crash or a refusal of valid input."""
    from .guards import MutationViolation, ReturnTypeViolation, TargetExited
    from .severity import of_raise

    if isinstance(exc, TargetExited) or (not isinstance(exc, AssertionError) and _out_of_memory(exc)):
        return "crash"
    if isinstance(exc, (MutationViolation, ReturnTypeViolation)):
        return "wrong value"
    if isinstance(exc, AssertionError):
        return getattr(exc, "severity", "wrong value")
    return of_raise(exc)


# ------------------------------------------------------------ forms the target may lack

#: the forms of the current example (:func:`form`): how many ran, how many were skipped, the last skip
_FORMS: dict = {"ran": 0, "skipped": 0, "lacking": None}


def start_example() -> None:
    """A new example: no form has run or been skipped yet (called by the registry's wrapper)."""
    _FORMS.update(ran=0, skipped=0, lacking=None)


@contextlib.contextmanager
def form(name: str = "", found: list | None = None, view=None):
    """One form of a property that evaluates several (an average, a zero_division, a labels= order, a
    weighting ...): a :func:`part` that the target may lack. A form whose call asks for a keyword or an
    option value the target does not have (``guards.Unsupported``, already noted in ``UNSUPPORTED_SEEN``) is
    skipped, and the check goes on to its other forms; the example is skipped only if none of its forms
    ran (:func:`lacking_every_form`). ``name`` ('' leaves the finding class as it is), ``found`` and
    ``view`` are :func:`part`'s.

    Usage: ``for kw in forms: with findings.form(): expect_close(t.f1(y, p, **kw), ...)``.
    """
    from .guards import Unsupported

    try:
        with part(name, found, view):
            yield
    except Unsupported as exc:
        _FORMS["skipped"] += 1
        _FORMS["lacking"] = exc
        return
    _FORMS["ran"] += 1


def lacking_every_form():
    """The ``Unsupported`` of the current example if it skipped forms and ran none (None otherwise)."""
    if _FORMS["skipped"] and not _FORMS["ran"]:
        return _FORMS["lacking"]
    return None


def target_raised(exc: BaseException) -> bool:
    """Whether the target raised ``exc`` (not the spec, not the runner's own signals)."""
    from .guards import TargetExited
    from .targets import UndeclaredKeyword, raised_by_target

    if isinstance(exc, UndeclaredKeyword):
        return False
    return isinstance(exc, TargetExited) or raised_by_target(exc)


def raise_worst(found: list) -> None:
    """Raise the worst of the failures collected by :func:`part` (none: return), naming the others."""
    if not found:
        return
    from .severity import rank

    worst = min(found, key=lambda e: (rank(severity_of(e)), -getattr(e, "size", 0.0)))
    others = [e for e in found if e is not worst]
    if others:
        shown = "; ".join(f"[{class_of(e)}] {str(e).splitlines()[0][:200]}" for e in others[:2])
        more = f" (and {len(others) - 2} more)" if len(others) > 2 else ""
        worst.add_note(f"the same example also failed: {shown}{more}")
    raise worst


# ------------------------------------------------------------ deviation lines

_LINE = re.compile(r"^(?P<id>[^\s{#]+)\s*(?P<classes>(\{[^}]*\}\s*)*)$")


def parse_scoped(text: str) -> tuple[str, list[str]] | None:
    """``property.id {class, class} {class}`` -> (id, patterns); no braces: (id, [``*``]); None: not a line of that form."""
    m = _LINE.match(text.strip())
    if m is None:
        return None
    patterns = [p.rstrip(",") for group in re.findall(r"\{([^}]*)\}", m.group("classes")) for p in group.split()]
    patterns = [p for p in patterns if p]
    return m.group("id"), patterns or [WHOLE_PROPERTY]


def scoped_text(property_id: str, patterns) -> str:
    patterns = [p for p in patterns if p != WHOLE_PROPERTY]
    return property_id + (" {" + ", ".join(patterns) + "}" if patterns else "")
