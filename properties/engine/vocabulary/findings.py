"""Findings: one way a target breaks a property, named so that deviations and baselines can cover it exactly.

A property's check may fail in several distinct ways. Each failure carries a *finding class*, a short
name taken from the structure of the property, never from the numbers of the example:

- the parts of the check that failed, outermost first, joined by ``:``: the bad-input defect and the
  argument (``empty``, ``nan:y_score``, ``two_dimensional:y_true``), the form evaluated
  (``average=macro``), the sub-check (``int8:y_true,y_pred`` for a dtype conversion, ``merge_right``
  for a stream operation);
- then ``/`` and the severity (``wrong_value``, ``crash``, ``accepted_invalid_input`` ...);
- then ``/`` and the *outcome*, what came back (:data:`OUTCOMES`: ``returns_nan``, ``returns_inf``,
  ``finite_wrong``, ``out_of_range``; ``returns_finite`` for a result where a refusal was expected); a raise
  is its own outcome, ``raises:<Type>``;
- then, for a failure on valid input, ``@`` and the *input class*: where the counterexample lies, computed
  from the example by :func:`input_class` (``empty``, ``nonfinite``, ``single_sample``, ``constant``,
  ``extreme``, ``offset``, ``absent_class``, ``general``). A bad input names its own class (the
  defect), so its findings have none.

``classification.refuses_bad_input[accuracy]`` failing on 2-D labels it accepted is the finding
``classification.refuses_bad_input[accuracy]{two_dimensional:y_true/accepted_invalid_input/returns_finite}``:
the property id plus the class is its *fingerprint*. A check without parts has a class that starts with
the severity (``wrong_value/returns_nan@constant``); a target raising on valid input is
``raises:IndexError@general``. Two mechanisms in one property (a documented NaN on constant input, and a
-inf from cancellation at an offset) are two findings, so a deviation accepting the first never hides the
second. A form evaluated inside :func:`form` without a name is named from the keywords of the target call
it made (``average=macro,zero_division=0.0``).

A deviation (or a baseline) names classes by *pattern*: a class matches a pattern equal to it or to
one of its leading parts, up to a ``:``, ``/``, ``,`` or ``@`` (``two_dimensional`` covers
``two_dimensional:y_true/accepted_invalid_input`` and ``two_dimensional:y_pred/crash``; ``nan:y_score``
covers every severity of that defect; ``average=macro`` covers ``average=macro,zero_division=1.0``;
``wrong_value/returns_nan`` covers that outcome on every input class). ``*`` covers the whole property, the
form of the deviations files written before findings had classes. A pattern that starts with a severity
(``wrong_value``, written before classes named the form of a nameless :func:`form`) is also matched against
the class with its leading form parts left out, so those lines keep covering what they covered.

While a property is searched, the classes already known (listed, or found earlier in the same search)
are *masked*: a sub-check that fails with a masked class is noted and the check goes on, so that a
known finding never hides an unknown one (see :func:`part` and :func:`masked`).

A target call that never comes back (the worker process died in it, or was killed: a hang past the call
timeout, memory past the limit) is a finding too. Its class is built from the context the call was made in,
written by the worker before each call (:func:`call_context`): the names of the parts active then
(:data:`PARTS`, outermost first), the severity ``crash``, the outcome :func:`died_outcome` (``died:SIGSEGV``,
``died:SIGABRT``, ``died:exit_1``: the worker ended; ``killed:hang``, ``killed:memory``: the parent killed it)
and, outside a refusal check, the input class of the example being run:
``nonpositive:k/crash/died:SIGABRT``, ``crash/killed:hang@general``. The lines written before these classes
(``{crash}``, ``{hang}``, ``{memory}``: the bare status) still cover them: ``crash`` every ``died:``,
``hang`` every ``killed:hang``, ``memory`` every ``killed:memory``, whatever the structure. After a death the
property is run again in a fresh worker with the death's context masked (:data:`DEATH_MASKS`): a call made
in a context whose :func:`mask_key` is the death's is not made, it raises :class:`DeathMasked`, which
:func:`part` notes as seen, so the search goes on to the property's other parts and examples.

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


def finding_class(structure: str, severity: str, outcome: str = "", input_cls: str = "") -> str:
    """The class of a finding from its parts, its severity, what came back and where its input lies."""
    sev = slug(severity) if severity else ""
    if not structure:
        cls = sev or "failure"
    else:
        cls = f"{structure}/{sev}" if sev else structure
    if outcome:
        cls = f"{cls}/{outcome}"
    return f"{cls}@{input_cls}" if input_cls else cls


#: what came back, for a failed expectation on a value
OUTCOMES = ("returns_nan", "returns_inf", "finite_wrong", "out_of_range", "returns_finite")


def value_outcome(actual, expected=None) -> str:
    """The outcome kind of a value a check rejected: NaN or inf where the expectation has a finite number (or,
    without an expectation, anywhere), else a finite wrong value. '' when the value is not numeric."""
    import numpy as np

    try:
        a = np.asarray(actual, dtype=float)
        e = None if expected is None else np.broadcast_to(np.asarray(expected, dtype=float), a.shape)
    except (TypeError, ValueError):
        return ""
    where = np.ones(a.shape, dtype=bool) if e is None else ~np.isnan(e)
    if np.isnan(a[where]).any():
        return "returns_nan"
    finite = where if e is None else where & np.isfinite(e)
    if np.isinf(a[finite]).any():
        return "returns_inf"
    return "finite_wrong"


def result_outcome(result) -> str:
    """The outcome kind of a result returned where a refusal was expected."""
    kind = value_outcome(result)
    return "returns_finite" if kind in ("finite_wrong", "") else kind


#: the input classes :func:`input_class` names, in the order they are tried
INPUT_CLASSES = ("empty", "nonfinite", "single_sample", "constant", "extreme", "offset", "absent_class", "general")

#: magnitudes beyond which (or, for nonzero values, below which) an input is ``extreme``
_EXTREME_HIGH, _EXTREME_LOW = 1e100, 1e-100
#: an array whose spread is below this share of its magnitude is ``offset`` (cancellation territory)
_OFFSET_SPREAD = 1e-3
_MAX_LEAVES = 64


def _leaves(example, out: list, depth: int = 0) -> None:
    """The arrays of ``example`` (numeric arrays, and token sequences as object arrays), depth first."""
    import dataclasses as dc

    import numpy as np

    if len(out) >= _MAX_LEAVES or depth > 6 or example is None or isinstance(example, (str, bytes)):
        return
    if isinstance(example, np.ndarray):
        out.append(example)
        return
    if dc.is_dataclass(example) and not isinstance(example, type):
        for f in dc.fields(example):
            _leaves(getattr(example, f.name), out, depth + 1)
        return
    if isinstance(example, dict):
        for v in example.values():
            _leaves(v, out, depth + 1)
        return
    if isinstance(example, (list, tuple)):
        if not example:
            out.append(np.empty(0))
            return
        if all(isinstance(x, (int, float, bool, np.number)) for x in example):
            out.append(np.asarray(example))
            return
        if all(isinstance(x, (str, bytes)) for x in example):
            out.append(np.asarray(example, dtype=object))
            return
        for x in example:
            _leaves(x, out, depth + 1)


def input_class(example) -> str:
    """Where a counterexample lies, from its arrays alone (:data:`INPUT_CLASSES`, the first that applies):
    an empty array or sequence; NaN or inf; one sample; a main array (one as long as the first: y_true, y_pred,
    not a label alphabet) of two or more equal values (constant, all tied, one class); a magnitude beyond 1e100
    or a nonzero one below 1e-100; values far from zero that differ in their fourth digit or later
    (``offset``); two integer label arrays holding different classes (``absent_class``); else ``general``. The same function names edge cases and draws, so a listed
    class covers the same inputs whichever way they were reached."""
    import numpy as np

    leaves: list = []
    _leaves(example, leaves)
    if not leaves:
        return "general"
    if any(leaf.size == 0 for leaf in leaves):
        return "empty"
    numeric = []
    for leaf in leaves:
        if leaf.dtype.kind in "biuf":
            numeric.append(leaf)
        elif leaf.dtype == object:
            try:
                numeric.append(leaf.astype(float))
            except (TypeError, ValueError):
                pass
    reals = [v for v in numeric if v.dtype.kind == "f"]
    if any(not np.isfinite(v).all() for v in reals):
        return "nonfinite"
    # the main arrays: those as long as the first (y_true and y_pred; not a label alphabet, not a parameter)
    length = leaves[0].shape[0] if leaves[0].ndim else 1
    main = [v for v in numeric if (v.shape[0] if v.ndim else 1) == length]
    if length == 1:
        return "single_sample"
    if any(v.size >= 2 and (v == v.flat[0]).all() for v in main):
        return "constant"
    for v in reals:
        mag = np.abs(v)
        nonzero = mag[mag > 0]
        if mag.max(initial=0.0) > _EXTREME_HIGH or (nonzero.size and nonzero.min() < _EXTREME_LOW):
            return "extreme"
    for v in reals:
        if v.size >= 2:
            spread = float(np.ptp(v))
            if 0.0 < spread < _OFFSET_SPREAD * float(np.abs(v).max()):
                return "offset"
    labels = [v for v in main if v.ndim == 1 and v.dtype.kind in "biu"]
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            if not np.array_equal(np.unique(a), np.unique(b)):
                return "absent_class"
    return "general"


def _on_bad_input(exc: BaseException, severity: str) -> bool:
    """Whether a failure is about bad input (its class names the defect, so no input class is added): a
    refusal check's finding (marked ``bad_input`` by :func:`properties.checks.expect_refusal`)."""
    return bool(getattr(exc, "bad_input", False)) or slug(severity) in ("accepted_invalid_input",
                                                                         "wrong_exception_type")


def input_class_of_failure(exc: BaseException) -> str:
    """The input class of the failure ``exc`` ('' outside a check); see :func:`input_class`."""
    return _input_class_of(exc)


def _input_class_of(exc: BaseException) -> str:
    """The input class of a failure: computed once, from its example (pinned with it, or the one being run)."""
    cached = getattr(exc, "input_class", None)
    if cached is not None:
        return cached
    example = getattr(exc, "_assay_example", None)
    if example is None:
        example = CURRENT_EXAMPLE[0]
    if example is None:
        return ""
    try:
        cls = input_class(example)
    except Exception:  # noqa: BLE001 - an example of a shape no rule knows: unnamed, never a spec error
        cls = "general"
    try:
        exc.input_class = cls
    except (AttributeError, TypeError):
        pass
    return cls


_SEPARATORS = ":/,@"

#: the first part of a class that names a severity (the slugs of severity.SEVERITIES)
_SEVERITY_SLUGS = ("crash", "wrong_value", "accepted_invalid_input", "refuses_valid_input", "wrong_exception_type",
                   "rounding-level")


def _prefix_matches(pattern: str, cls: str) -> bool:
    return pattern == cls or (cls.startswith(pattern) and cls[len(pattern)] in _SEPARATORS)


def _form_only(structure: str) -> bool:
    """Whether a class's structure names forms only (``average=macro,labels``), no defect or conversion."""
    return bool(structure) and all("=" in p or p in _FORM_FLAGS for p in structure.split(","))


def split_class(cls: str) -> tuple[str, str]:
    """A class as (structure, rest): the parts before its severity or raise, and the rest (the severity, outcome
    and input class): ``average=macro/wrong_value/finite_wrong@general`` -> (``average=macro``,
    ``wrong_value/finite_wrong@general``); ``zero_division=0.0:raises:ValueError@constant`` ->
    (``zero_division=0.0``, ``raises:ValueError@constant``)."""
    head = cls.split("@", 1)[0]
    slash = head.find("/")
    raised = head.find("raises:")
    if raised >= 0 and (slash < 0 or raised < slash) and (raised == 0 or head[raised - 1] == ":"):
        return cls[:max(raised - 1, 0)], cls[raised:]
    if slash >= 0:
        return cls[:slash], cls[slash + 1:]
    return "", cls


def _starts_with_outcome(pattern: str) -> bool:
    first = re.split(r"[:/,@]", pattern, maxsplit=1)[0]
    return first in _SEVERITY_SLUGS or first == "raises"


def matches(pattern: str, cls: str) -> bool:
    """Whether a deviation's ``pattern`` covers the finding class ``cls`` (see the module docstring)."""
    if pattern == WHOLE_PROPERTY or _prefix_matches(pattern, cls):
        return True
    if pattern in _LOST_STATUSES:
        # a line written when a lost worker's class was its bare status: it covers that status on any structure
        return lost_status(cls) == pattern
    if _starts_with_outcome(pattern):
        # a line written when the class began with its severity (or its raise): the forms before it are left out
        structure, rest = split_class(cls)
        if _form_only(structure):
            return _prefix_matches(pattern, rest)
    return False


def mask_key(cls: str) -> str:
    """The pattern that masks ``cls`` for the rest of a search once it is found: the class without its forms
    and its input class, so that one outcome found is not searched for again under every form and on every
    kind of input. Met there while masked, each is still noted with its own class (as *seen*)."""
    structure, rest = split_class(cls.split("@", 1)[0])
    return rest if _form_only(structure) else cls.split("@", 1)[0]


# ------------------------------------------------------------ a target call that never came back

#: the statuses of a worker lost in a target call, and the outcome each gives its class
_LOST_STATUSES = {"crash": "died", "hang": "killed:hang", "memory": "killed:memory"}
_LOST = re.compile(r"(?:^|/)crash/(died:[^/@]+|killed:hang|killed:memory)$")


def died_outcome(status: str, wait_status: int | None = None) -> str:
    """The outcome of a call whose worker was lost: ``died:<SIGNAL>`` or ``died:exit_<N>`` (the worker ended;
    ``wait_status`` as from ``os.waitpid``), ``killed:hang`` or ``killed:memory`` (the parent killed it)."""
    import os
    import signal as signals

    if status != "crash":
        return _LOST_STATUSES[status]
    if wait_status is not None and os.WIFSIGNALED(wait_status):
        number = os.WTERMSIG(wait_status)
        try:
            return f"died:{signals.Signals(number).name}"
        except ValueError:
            return f"died:signal_{number}"
    if wait_status is not None and os.WIFEXITED(wait_status):
        return f"died:exit_{os.WEXITSTATUS(wait_status)}"
    return "died:unknown"


def lost_class(outcome: str, structure: str = "", input_cls: str = "") -> str:
    """The class of a lost worker's finding: ``<structure>/crash/<outcome>@<input class>``."""
    return finding_class(structure, "crash", outcome, input_cls)


def lost_status(cls: str) -> str | None:
    """The status a lost worker's class stands for (``crash``, ``hang``, ``memory``); None for other classes."""
    m = _LOST.search(cls.split("@", 1)[0])
    if m is None:
        return None
    return "crash" if m.group(1).startswith("died:") else m.group(1).partition(":")[2]


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


#: the names of the parts being run, outermost first (:func:`part` pushes a named part, a nameless one nothing):
#: the structure of a call that never comes back
PARTS: list[str] = []
#: how many refusal checks (:func:`properties.checks.expect_refusal`) are running: their calls get bad input,
#: so the class of a death in one names no input class (the defect is its class)
_BAD_INPUT = [0]
#: the example whose input class was computed last, and that class (a worker computes it once per example)
_INPUT_CLASS_OF: list = [None, ""]


@contextlib.contextmanager
def bad_input():
    """The target calls made inside are given bad input (a refusal check's)."""
    _BAD_INPUT[0] += 1
    try:
        yield
    finally:
        _BAD_INPUT[0] -= 1


def call_context() -> tuple[str, str]:
    """The context a target call is made in, as (structure, input class): the active parts' names joined, and
    the input class of the example being run ('' inside a refusal check, or outside any example)."""
    structure = join(*PARTS)
    example = CURRENT_EXAMPLE[0]
    if _BAD_INPUT[0] or example is None:
        return structure, ""
    if _INPUT_CLASS_OF[0] is not example:
        try:
            cls = input_class(example)
        except Exception:  # noqa: BLE001 - as in _input_class_of
            cls = "general"
        _INPUT_CLASS_OF[:] = [example, cls]
    return structure, _INPUT_CLASS_OF[1]


#: in a worker re-running a property after a worker died in it: the deaths, as (class, outcome); a target call
#: in a context whose mask key is a death's is not made (:func:`refuse_masked_death`)
DEATH_MASKS: list[tuple[str, str]] = []


class DeathMasked(BaseException):
    """A target call not made: a worker died in a call made in the same context (same mask key) before.

    A BaseException, so that a check's own ``except Exception`` cannot take it for what the target raised;
    :func:`part` and the registry's wrapper note it as a masked finding of ``finding_class`` (the death's) and
    go on."""

    def __init__(self, finding_class: str, call: str):
        self.finding_class = finding_class
        super().__init__(f"{call} not called: a worker died in a call made in this context before "
                         f"({finding_class})")


def refuse_masked_death(call: str) -> None:
    """Raise :class:`DeathMasked` if a target call ``call`` made now would be made where a worker died before."""
    if not DEATH_MASKS:
        return
    structure, _ = call_context()
    for cls, outcome in DEATH_MASKS:
        if mask_key(lost_class(outcome, structure)) == mask_key(cls):
            # noted under the death's own class: whether this call would die too (under another form, on
            # another input class) is not known, and no class may claim it did
            raise DeathMasked(cls, call)


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
    from properties.engine.vocabulary.guards import MutationViolation, ReturnTypeViolation, TargetExited

    if isinstance(exc, DeathMasked):
        return exc.finding_class
    if isinstance(exc, MutationViolation):
        return finding_class(structure_of(exc), "mutation")
    if isinstance(exc, ReturnTypeViolation):
        return finding_class(structure_of(exc), "return_type")
    if isinstance(exc, TargetExited):
        return finding_class(structure_of(exc), "exit")
    structure = structure_of(exc)
    if isinstance(exc, AssertionError):
        severity = getattr(exc, "severity", "wrong value")
        where = "" if _on_bad_input(exc, severity) else _input_class_of(exc)
        return finding_class(structure, severity, getattr(exc, "outcome", "") or "", where)
    if _out_of_memory(exc):
        return join(structure, "memory")
    cls = join(structure, f"raises:{type(exc).__name__}")
    where = "" if _on_bad_input(exc, "") else _input_class_of(exc)
    return f"{cls}@{where}" if where else cls


def _out_of_memory(exc: BaseException) -> bool:
    """Whether the target raised ``exc`` because an allocation failed (status ``memory``)."""
    from properties.engine.vocabulary.memory import is_out_of_memory

    return target_raised(exc) and is_out_of_memory(exc)


def masked(exc: BaseException, view=None) -> bool:
    """Whether ``exc``'s class is masked in the current search; a masked one is noted in :data:`SEEN`
    (with the calls of ``view``, when given) the first time, and the caller carries on as if it passed."""
    patterns = _MASK[0]
    if isinstance(exc, DeathMasked):
        patterns = [exc.finding_class]  # masked where it was raised
    if not patterns:
        return False
    cls = class_of(exc)
    if not covered(patterns, cls):
        return False
    if cls not in SEEN:
        repro = view.reproduction() if view is not None and hasattr(view, "reproduction") else ""
        from properties.engine.vocabulary.pins import pinnable

        # what the target raised reads as a shrunk finding's does (``Type: message``), so causes compare messages
        detail = (str(exc).strip() if isinstance(exc, (AssertionError, DeathMasked))
                  else f"{type(exc).__name__}: {exc}".strip())
        SEEN[cls] = {"detail": detail or type(exc).__name__, "reproduction": repro,
                     "severity": severity_of(exc), "example": pinnable(CURRENT_EXAMPLE[0])}
    return True


@contextlib.contextmanager
def part(name: str, found: list | None = None, view=None, name_from=None):
    """One sub-check of a property, named ``name`` (a form, a conversion, a stream operation).

    A failure leaving it gets ``name`` prefixed to its class; if that class is masked the failure is
    noted and swallowed, so the check goes on to its other parts. With ``found`` (a list) an unmasked
    failure is collected there instead of raised: :func:`raise_worst` raises the worst of them once
    every part has run. Failed expectations and what the target raised are parts' business; the spec's
    own errors and the runner's signals propagate unchanged. ``name_from`` (a view and its call count on
    entry) names a nameless part from the target call it made (:func:`called_form`). A call not made where a
    worker died before (:class:`DeathMasked`) is noted as seen, and the check goes on.
    """
    pushed = bool(name)
    if pushed:
        PARTS.append(name)
    try:
        yield
    except DeathMasked as exc:
        masked(exc, view)
        return
    except Exception as exc:
        if not isinstance(exc, AssertionError) and not target_raised(exc):
            raise  # the spec's own code broke, or a signal for the runner (an option the target lacks)
        if not name and name_from is not None and not structure_of(exc) and isinstance(exc, AssertionError):
            # a value judged under the form; a raise is named by its type, its input class and (in causes) its
            # message, not by each form that met it
            name = called_form(*name_from)
        tag(exc, name)
        if masked(exc, view):
            return
        if found is None:
            raise
        found.append(exc)
    finally:
        if pushed:
            PARTS.pop()


def severity_of(exc: BaseException) -> str:
    """How bad the failure ``exc`` is (:data:`~properties.engine.vocabulary.severity.SEVERITIES`): a failed
    expectation carries its own; what the target raised is a crash or a refusal of valid input."""
    from properties.engine.vocabulary.guards import MutationViolation, ReturnTypeViolation, TargetExited
    from properties.engine.vocabulary.severity import of_raise

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
    option value the target does not have (``guards.Unsupported``, already noted in the view's ``notes``) is
    skipped, and the check goes on to its other forms; the example is skipped only if none of its forms
    ran (:func:`lacking_every_form`). ``name`` ('' leaves the finding class as it is), ``found`` and
    ``view`` are :func:`part`'s.

    Usage: ``for kw in forms: with findings.form(view=t): expect_close(t.f1(y, p, **kw), ...)``.
    """
    from properties.engine.vocabulary.guards import Unsupported

    watched = view if not name else None
    made = getattr(watched, "made", None)
    try:
        with part(name, found, view, name_from=(watched, made) if made is not None else None):
            yield
    except Unsupported as exc:
        _FORMS["skipped"] += 1
        _FORMS["lacking"] = exc
        return
    _FORMS["ran"] += 1


#: keywords a derived form names by their presence alone (their values are data: weights, label lists)
_FORM_FLAGS = ("labels", "sample_weight", "weights", "multioutput")
#: keyword values a derived form names as they are
_FORM_SCALARS = (str, bool, int, float, type(None))


def called_form(view, made_before: int) -> str:
    """The form a nameless :func:`form` evaluated, from the first target call it made: its option keywords
    with their values (``average`` first, the others sorted), the keywords holding data by name alone. ''
    when it made no call of the target itself, or one without keywords."""
    calls = list(getattr(view, "calls", ()) or ())
    made = getattr(view, "made", 0) - made_before
    if made <= 0 or not calls:
        return ""
    first = calls[-min(made, len(calls))]
    if getattr(first, "receiver", "target.") != "target.":
        return ""
    kwargs = first.kwargs or {}
    keys = sorted(kwargs, key=lambda k: (k != "average", k))
    parts = []
    for k in keys:
        v = kwargs[k]
        if isinstance(v, _FORM_SCALARS) and not (isinstance(v, str) and len(v) > 40):
            parts.append(f"{k}={v if isinstance(v, str) else repr(v)}".replace(" ", ""))
        else:
            parts.append(k)
    return ",".join(parts)


def lacking_every_form():
    """The ``Unsupported`` of the current example if it skipped forms and ran none (None otherwise)."""
    if _FORMS["skipped"] and not _FORMS["ran"]:
        return _FORMS["lacking"]
    return None


def target_raised(exc: BaseException) -> bool:
    """Whether the target raised ``exc`` (not the spec, not the runner's own signals)."""
    from properties.engine.vocabulary.guards import raised_by_target, TargetExited
    from properties.engine.vocabulary.declared import UndeclaredKeyword

    if isinstance(exc, UndeclaredKeyword):
        return False
    return isinstance(exc, TargetExited) or raised_by_target(exc)


def raise_worst(found: list) -> None:
    """Raise the worst of the failures collected by :func:`part` (none: return), naming the others."""
    if not found:
        return
    from properties.engine.vocabulary.severity import rank

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
