"""Checking one property against one target, outside or inside pytest.

:func:`check_property` runs a property's Hypothesis search against a target and
classifies the outcome:

``pass``              survived every example
``fail``              an invariant was violated; carries the shrunk counterexample
``error``             the target raised on valid input (counterexample attached)
``crash``             the target killed its worker (exit, abort, signal) or raised SystemExit
``hang``              one call ran past the per-call timeout and was killed
``mutation``          the target changed one of its arguments in place
``nondeterministic``  the failing example, run again, gave a different result
``timeout``           the time budget ran out before the examples did (partial run)
``spec-error``        the spec's own code raised: a bug of ours, not of the target
``n/a``               the target does not provide what the property needs
``deviation``         failed, and the target lists the property as a known deviation
``fixed``             passed, although the target lists it as a known deviation

With ``isolate=True`` the property runs in a worker process
(:mod:`properties.engine.isolation`); that is how the audit and the pytest route run
targets. In-process runs are for code the project trusts (its own metrics and
mutants).
"""

from __future__ import annotations

import dataclasses
import math
import time
import traceback
import warnings

from hypothesis import HealthCheck, given, seed as hypothesis_seed, settings
from hypothesis import strategies as st
from hypothesis.errors import Flaky, Unsatisfiable

from . import guards, precision
from .example_data import calls_data
from .registry import WORST
from .profiles import PROFILES
from .registry import Property
from .targets import RecordingView as _RecordingView
from .targets import UNSUPPORTED_SEEN, Target, activate, declare_needs, raised_by_target, reference_available, unwrap

STATUSES = (
    "pass",
    "fail",
    "error",
    "crash",
    "hang",
    "mutation",
    "nondeterministic",
    "timeout",
    "spec-error",
    "n/a",
    "deviation",
    "fixed",
)

#: statuses that mean the target broke the spec (or could not be checked to the end)
VIOLATIONS = ("fail", "error", "crash", "hang", "mutation", "nondeterministic", "timeout", "spec-error")

#: statuses a known deviation may stand for
_DEVIABLE = ("fail", "error", "crash", "hang", "mutation", "nondeterministic")

#: the JSON report keeps this much of each text field
JSON_TEXT_LIMIT = 10_000


def truncate(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n... [{len(text) - limit} more characters cut]"


@dataclasses.dataclass
class Result:
    property_id: str
    statement: str
    kind: str
    family: str
    metrics: tuple[str, ...]
    status: str
    detail: str = ""
    reproduction: str = ""
    counterexample: str = ""
    examples: int = 0
    seconds: float = 0.0
    traceback: str = ""
    #: how bad a violation is (``properties.checks.SEVERITIES``), "" for other statuses
    severity: str = ""
    #: the largest violation the search met (a failing example other than the minimal one), if any
    worst: str = ""
    #: the precision the comparisons assumed (``properties.engine.precision``)
    precision: str = "float64"
    #: options of the target the examples asked for and it lacks (those examples were skipped)
    skipped: tuple[str, ...] = ()
    #: the target calls of the minimal counterexample as bounded plain data
    #: (:mod:`properties.engine.example_data`): what the plots of a failure are drawn from
    calls: list = dataclasses.field(default_factory=list)
    error: BaseException | None = dataclasses.field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        # Built by hand: dataclasses.asdict deep-copies every field, and an
        # exception object (MetricInputError needs its arguments) cannot be copied.
        d = {}
        for f in dataclasses.fields(self):
            if f.name == "error":
                continue
            value = getattr(self, f.name)
            if isinstance(value, str):
                value = truncate(value, JSON_TEXT_LIMIT)
            d[f.name] = list(value) if f.name in ("metrics", "skipped", "calls") else value
        return d

    @classmethod
    def from_dict(cls, data: dict) -> "Result":
        known = {f.name for f in dataclasses.fields(cls)} - {"error"}
        fields = {k: v for k, v in data.items() if k in known}
        fields["metrics"] = tuple(fields.get("metrics", ()))
        fields["skipped"] = tuple(fields.get("skipped", ()))
        fields["calls"] = list(fields.get("calls") or [])
        return cls(**fields)

    def without_error(self) -> "Result":
        """The result as it can cross a process boundary (no live exception object)."""
        return dataclasses.replace(self, error=None)


def not_applicable_reason(prop: Property, target: Target) -> str | None:
    # a missing metric makes the property n/a; a missing keyword only skips the examples that use it
    missing = target.missing(prop.metrics)
    if missing:
        return "target does not provide " + ", ".join(missing)
    if prop.reference is not None:
        if target.name == prop.reference:
            return f"the target is the reference ({prop.reference}) itself"
        if not reference_available(prop.reference):
            return f"reference library for {prop.reference!r} is not installed"
    return None


class _Budget:
    """The per-property time budget, checked between examples.

    The first example always runs, and once an example has failed the budget
    no longer skips any: the shrinker must be able to replay the failure (a
    skipped replay would look like a flaky target).
    """

    def __init__(self, seconds: float | None, search: "_Search"):
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.search = search
        self.exceeded = False
        self.asked = 0

    def spent(self) -> bool:
        self.asked += 1
        if self.search.failed:
            return False
        if self.asked > 1 and self.deadline is not None and time.monotonic() > self.deadline:
            self.exceeded = True
        return self.exceeded


class _WatchedProperty:
    """The property, with failures of its check noted in the search (for the budget)."""

    def __init__(self, prop: Property, search: "_Search"):
        self._prop = prop
        self._search = search

    def check(self, view, ex) -> None:
        try:
            self._prop.check(view, ex)
        except BaseException:
            self._search.failed = True
            raise


def _notes(exc: BaseException) -> list[str]:
    return list(getattr(exc, "__notes__", []) or [])


def _find(exc: BaseException, types) -> BaseException | None:
    """The first exception of ``types`` in ``exc`` or, for a group, among its members."""
    if isinstance(exc, types):
        return exc
    if isinstance(exc, BaseExceptionGroup):
        for sub in exc.exceptions:
            found = _find(sub, types)
            if found is not None:
                return found
    return None


@dataclasses.dataclass
class _Search:
    """What the Hypothesis search saw: examples run, and the calls of the last one."""

    examples: int = 0
    timed_out: bool = False
    failed: bool = False
    last_view: _RecordingView | None = None


def run_property(
    prop: Property,
    target: Target,
    *,
    settings_: settings | None = None,
    seed: int | None = None,
    time_budget: float | None = None,
    search: _Search | None = None,
) -> None:
    """Run the Hypothesis search; raise what the failing (shrunk) example raised.

    The exception carries notes: Hypothesis's falsifying example and the
    recorded target calls of that example. The time budget is checked between
    examples, after the first: a property always runs at least one example.
    """
    search = search if search is not None else _Search()
    if prop.time_bound is not None:
        time_budget = prop.time_bound if time_budget is None else min(time_budget, prop.time_bound)
    budget = _Budget(time_budget, search)
    counter = {"examples": 0}
    strategy = prop.strategy if prop.strategy is not None else st.none()
    own_max_examples, has_strategy = prop.max_examples, prop.strategy is not None
    needs = prop.needs
    prop = _WatchedProperty(prop, search)  # the name one_example uses

    def RecordingView(target):  # noqa: N802 - see the note on one_example
        precision.start_example()
        search.last_view = _RecordingView(target)
        return search.last_view

    # Under a derandomized profile Hypothesis seeds its search from the source
    # text of this function: keep it unchanged, so that the ci profile draws the
    # same examples from one release to the next.
    def one_example(ex):
        if budget.spent():
            return
        counter["examples"] += 1
        view = RecordingView(target)
        try:
            prop.check(view, ex)
        except BaseException as exc:
            repro = view.reproduction()
            if repro:
                exc.add_note(repro)
            raise

    base = settings_ if settings_ is not None else settings()
    max_examples = base.max_examples
    if not has_strategy:
        max_examples = 1
    elif own_max_examples is not None:
        # A property's own max_examples is its budget under the ci profile; other
        # profiles scale it by the same factor as their own budget.
        ci_budget = PROFILES["ci"]["max_examples"]
        max_examples = max(1, math.ceil(own_max_examples * base.max_examples / ci_budget))
    activate(target)
    declare_needs(needs)
    WORST.clear()
    test = given(strategy)(one_example)
    # examples that need a keyword the target lacks are rejected (partial APIs): not a health problem
    suppressed = [*base.suppress_health_check, HealthCheck.filter_too_much]
    test = settings(base, max_examples=max_examples, suppress_health_check=suppressed)(test)
    if seed is not None and not base.derandomize:
        test = hypothesis_seed(seed)(test)
    try:
        # Warnings a target emits on purpose (sklearn's UndefinedMetricWarning,
        # NumPy's RuntimeWarning on 0/0) are not results: the check judges the
        # returned value. Thousands of them would bury the report.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            test()
    finally:
        declare_needs(None)
        search.examples = counter["examples"]
        search.timed_out = budget.exceeded


#: how many times the calls of a failing example are repeated to look for nondeterminism
REPLAYS = 3


def _replay(target: Target, search: _Search) -> str | None:
    """Repeat each target call of the failing example; describe the first that came out differently.

    A few repeats, not one: a target that is noisy only some of the time would
    otherwise be reported as ``fail`` in one run and ``nondeterministic`` in the next.
    """
    first = search.last_view
    if first is None:
        return None
    for call in list(first.calls) * REPLAYS:
        precision.start_example()
        again = _RecordingView(target)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                getattr(again, call.name)(
                    *(guards.snapshot(unwrap(a)) for a in call.args),
                    **{k: guards.snapshot(unwrap(v)) for k, v in call.kwargs.items()},
                )
        except (Exception, guards.Unsupported):  # noqa: BLE001 - the outcome is recorded and compared below
            pass
        if again.calls and again.calls[-1].outcome != call.outcome:
            shown = call.render().rsplit(" -> ", 1)[0]
            return f"{shown} gave {call.outcome}, then {again.calls[-1].outcome} on the same input"
    return None


def _result_base(prop: Property) -> dict:
    return dict(
        property_id=prop.id,
        statement=prop.statement,
        kind=prop.kind,
        family=prop.family,
        metrics=prop.metrics,
    )


def classify_exception(exc: BaseException) -> tuple[str, BaseException]:
    """The status an exception out of a property's search stands for, and the exception shown."""
    found = _find(exc, guards.TargetExited)
    if found is not None:
        return "crash", found
    found = _find(exc, guards.MutationViolation)
    if found is not None:
        return "mutation", found
    found = _find(exc, Flaky)
    if found is not None:  # Hypothesis replayed a failing example and it passed
        return "nondeterministic", found
    found = _find(exc, AssertionError)
    if found is not None:
        return "fail", found
    found = _find(exc, Exception)
    shown = found if found is not None else exc
    return ("error" if raised_by_target(shown) else "spec-error"), shown


def check_property(prop: Property, target: Target, *, isolate: bool = False, call_timeout: float | None = None,
                   **search) -> Result:
    """Run one property against one target and classify the outcome.

    ``search`` takes :func:`run_property`'s options (``settings_``, ``seed``,
    ``time_budget``). With ``isolate=True`` the search runs in a worker process,
    and a call that runs longer than ``call_timeout`` seconds is killed (status
    ``hang``).
    """
    reason = not_applicable_reason(prop, target)
    if reason is not None:
        return Result(status="n/a", detail=reason, **_result_base(prop))
    if isolate:
        from .isolation import run_pooled

        return run_pooled(prop, target, call_timeout=call_timeout, **search)
    return apply_deviation(run_in_process(prop, target, **search), target)


def run_in_process(prop: Property, target: Target, **options) -> Result:
    """Search and classify in this process (applicability already decided); ``options`` are
    :func:`run_property`'s."""
    base = _result_base(prop)
    started = time.perf_counter()
    search = _Search()
    time_budget = options.get("time_budget")
    if prop.time_bound is not None:
        time_budget = prop.time_bound if time_budget is None else min(time_budget, prop.time_bound)
    try:
        run_property(prop, target, search=search, **options)
    except BaseException as exc:  # noqa: BLE001 - classified below
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        elapsed = time.perf_counter() - started
        if isinstance(exc, (Unsatisfiable, guards.AllUnsupported)) and UNSUPPORTED_SEEN:
            return Result(status="n/a", detail="every example needs what the target lacks: "
                          + ", ".join(sorted(UNSUPPORTED_SEEN)), seconds=elapsed, **base)
        status, shown = classify_exception(exc)
        notes = _notes(exc) + [n for n in _notes(shown) if n not in _notes(exc)]
        falsifying = "\n".join(
            n.replace("one_example(", "example(", 1)
            for n in notes
            if n.startswith(("Falsifying", "Failing test case"))
        )
        repro = "\n".join(n for n in notes if n.startswith("Calls to"))
        if status in ("fail", "mutation"):
            detail = str(shown).strip() or "assertion failed"
        else:
            detail = f"{type(shown).__name__}: {shown}".strip()
        if status == "spec-error":
            detail = f"the spec's own code raised (a bug in metric-assay, not in the target): {detail}"
        if status in ("fail", "error"):
            changed = _replay(target, search)
            if changed:
                status, detail = "nondeterministic", f"{changed}\n(first run: {detail})"
        tb = ""
        if status in ("error", "spec-error", "crash"):
            tb = "".join(traceback.format_exception(type(shown), shown, shown.__traceback__))
        return Result(
            status=status,
            detail=detail,
            reproduction=repro,
            counterexample=falsifying,
            examples=search.examples,
            seconds=elapsed,
            traceback=tb,
            error=exc,
            severity=_severity(status, shown),
            worst=_worst_text(shown) if status == "fail" else "",
            calls=calls_data(search.last_view.calls) if search.last_view is not None else [],
            **_run_facts(),
            **base,
        )
    elapsed = time.perf_counter() - started
    examples = search.examples
    if search.timed_out:
        return Result(
            status="timeout",
            detail=f"time budget of {time_budget:g}s spent after {examples} examples (all passed)",
            examples=examples,
            seconds=elapsed,
            **_run_facts(),
            **base,
        )
    facts = _run_facts()
    detail = ("examples needing what the target lacks were skipped: " + ", ".join(facts["skipped"])
              if facts["skipped"] else "")
    return Result(status="pass", detail=detail, examples=examples, seconds=elapsed, **facts, **base)


def _run_facts() -> dict:
    return dict(precision=precision.of_property(), skipped=tuple(sorted(UNSUPPORTED_SEEN)))


#: severity of the statuses that are not a failed expectation
_STATUS_SEVERITY = {"error": "crash", "crash": "crash", "hang": "crash", "mutation": "wrong value",
                    "nondeterministic": "wrong value", "spec-error": ""}


def _severity(status: str, shown: BaseException) -> str:
    if status == "fail":
        return getattr(shown, "severity", "wrong value")
    return _STATUS_SEVERITY.get(status, "")


def _worst_text(shown: BaseException) -> str:
    """The largest violation met, when it is larger than the minimal counterexample's."""
    if WORST.get("size", 0.0) <= getattr(shown, "size", 0.0):
        return ""
    return f"{WORST['detail']}\n{WORST['reproduction']}".strip()


def apply_deviation(result: Result, target: Target) -> Result:
    """Turn a violation the target lists as a known deviation into ``deviation``, a pass into ``fixed``."""
    reason = target.deviations.get(result.property_id)
    if reason is None:
        return result
    if result.status in _DEVIABLE:
        detail = f"known deviation: {reason}\n{result.status}: {result.detail}"
        return dataclasses.replace(result, status="deviation", detail=detail)
    if result.status == "pass":
        detail = f"listed as a known deviation ({reason}) but passed {result.examples} examples"
        return dataclasses.replace(result, status="fixed", detail=detail)
    return result
