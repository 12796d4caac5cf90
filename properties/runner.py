"""Checking one property against one target, outside or inside pytest.

:func:`check_property` runs a property's Hypothesis search against a target and
classifies the outcome:

``pass``        survived every example
``fail``        an invariant was violated; carries the shrunk counterexample
``error``       the target crashed on valid input (counterexample attached)
``n/a``         the target does not provide what the property needs
``deviation``   failed, and the target lists the property as a known deviation
``fixed``       passed, although the target lists it as a known deviation
``timeout``     the time budget ran out before the examples did (partial run)
"""

from __future__ import annotations

import dataclasses
import math
import time
import traceback
import warnings

from hypothesis import given, seed as hypothesis_seed, settings
from hypothesis import strategies as st

from .profiles import PROFILES
from .registry import Property
from .targets import RecordingView, Target, reference_available

STATUSES = ("pass", "fail", "error", "n/a", "deviation", "fixed", "timeout")


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
    error: BaseException | None = dataclasses.field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        d = dataclasses.asdict(self)
        d.pop("error")
        d["metrics"] = list(self.metrics)
        return d


def not_applicable_reason(prop: Property, target: Target) -> str | None:
    missing = target.missing(prop.needs)
    if missing:
        return "target does not provide " + ", ".join(missing)
    if prop.reference is not None:
        if target.name == prop.reference:
            return f"the target is the reference ({prop.reference}) itself"
        if not reference_available(prop.reference):
            return f"reference library for {prop.reference!r} is not installed"
    return None


class _Budget:
    def __init__(self, seconds: float | None):
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.exceeded = False

    def spent(self) -> bool:
        if self.deadline is not None and time.monotonic() > self.deadline:
            self.exceeded = True
        return self.exceeded


def _notes(exc: BaseException) -> list[str]:
    return list(getattr(exc, "__notes__", []) or [])


def _first_assertion(exc: BaseException) -> BaseException | None:
    if isinstance(exc, AssertionError):
        return exc
    if isinstance(exc, BaseExceptionGroup):
        for sub in exc.exceptions:
            found = _first_assertion(sub)
            if found is not None:
                return found
    return None


def run_property(
    prop: Property,
    target: Target,
    *,
    settings_: settings | None = None,
    seed: int | None = None,
    time_budget: float | None = None,
) -> None:
    """Run the Hypothesis search; raise what the failing (shrunk) example raised.

    The exception carries notes: Hypothesis's falsifying example and the
    recorded target calls of that example.
    """
    budget = _Budget(time_budget)
    counter = {"examples": 0}
    strategy = prop.strategy if prop.strategy is not None else st.none()

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
    if prop.strategy is None:
        max_examples = 1
    elif prop.max_examples is not None:
        # A property's own max_examples is its budget under the ci profile; other
        # profiles scale it by the same factor as their own budget.
        ci_budget = PROFILES["ci"]["max_examples"]
        max_examples = max(1, math.ceil(prop.max_examples * base.max_examples / ci_budget))
    test = given(strategy)(one_example)
    test = settings(base, max_examples=max_examples)(test)
    if seed is not None and not base.derandomize:
        test = hypothesis_seed(seed)(test)
    test._assay_counter = counter  # type: ignore[attr-defined]
    test._assay_budget = budget  # type: ignore[attr-defined]
    try:
        # Warnings a target emits on purpose (sklearn's UndefinedMetricWarning,
        # NumPy's RuntimeWarning on 0/0) are not results: the check judges the
        # returned value. Thousands of them would bury the report.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            test()
    finally:
        run_property.last_examples = counter["examples"]  # type: ignore[attr-defined]
        run_property.last_timed_out = budget.exceeded  # type: ignore[attr-defined]


def check_property(
    prop: Property,
    target: Target,
    *,
    settings_: settings | None = None,
    seed: int | None = None,
    time_budget: float | None = None,
) -> Result:
    """Run one property against one target and classify the outcome."""
    base = dict(
        property_id=prop.id,
        statement=prop.statement,
        kind=prop.kind,
        family=prop.family,
        metrics=prop.metrics,
    )
    reason = not_applicable_reason(prop, target)
    if reason is not None:
        return Result(status="n/a", detail=reason, **base)
    started = time.perf_counter()
    deviation = target.deviations.get(prop.id)
    try:
        run_property(prop, target, settings_=settings_, seed=seed, time_budget=time_budget)
    except BaseException as exc:  # noqa: BLE001 - classified below
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        elapsed = time.perf_counter() - started
        assertion = _first_assertion(exc)
        status = "fail" if assertion is not None else "error"
        shown = assertion if assertion is not None else exc
        notes = _notes(exc) + [n for n in _notes(shown) if n not in _notes(exc)]
        falsifying = "\n".join(
            n.replace("one_example(", "example(", 1)
            for n in notes
            if n.startswith(("Falsifying", "Failing test case"))
        )
        repro = "\n".join(n for n in notes if n.startswith("Calls to"))
        if status == "error":
            detail = "".join(traceback.format_exception_only(type(shown), shown)).strip()
        else:
            detail = str(shown).strip() or "assertion failed"
        if deviation is not None:
            detail = f"known deviation: {deviation}\n{detail}"
            status = "deviation"
        return Result(
            status=status,
            detail=detail,
            reproduction=repro,
            counterexample=falsifying,
            examples=run_property.last_examples,  # type: ignore[attr-defined]
            seconds=elapsed,
            error=exc,
            **base,
        )
    elapsed = time.perf_counter() - started
    examples = run_property.last_examples  # type: ignore[attr-defined]
    if run_property.last_timed_out:  # type: ignore[attr-defined]
        return Result(
            status="timeout",
            detail=f"time budget of {time_budget:g}s spent after {examples} examples (all passed)",
            examples=examples,
            seconds=elapsed,
            **base,
        )
    if deviation is not None:
        return Result(
            status="fixed",
            detail=f"listed as a known deviation ({deviation}) but passed {examples} examples",
            examples=examples,
            seconds=elapsed,
            **base,
        )
    return Result(status="pass", examples=examples, seconds=elapsed, **base)
