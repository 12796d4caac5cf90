"""Checking one property against one target, outside or inside pytest.

:func:`check_property` runs a property's Hypothesis search against a target and
classifies the outcome:

``pass``              survived every example
``fail``              an invariant was violated; carries the shrunk counterexample
``error``             the target raised on valid input (counterexample attached)
``crash``             the target killed its worker (exit, abort, signal) or raised SystemExit
``hang``              one call ran past the per-call timeout and was killed
``memory``            one call needed more memory than the per-call limit (``--memory-limit``): it
                      failed to allocate (``MemoryError``) or was killed holding it
``mutation``          the target changed one of its arguments in place
``nondeterministic``  the failing example, run again, gave a different result
``timeout``           the time budget ran out before the examples did (partial run)
``spec-error``        the spec's own code raised: a bug of ours, not of the target
``n/a``               the target does not provide what the property needs
``deviation``         failed, and the target lists the property as a known deviation
``fixed``             passed, although the target lists it as a known deviation

With ``isolate=True`` the property runs in a worker process
(:mod:`properties.engine.isolation.fork_pool`); that is how the audit and the pytest route run
targets. In-process runs are for code the project trusts (its own metrics and
mutants).
"""

from __future__ import annotations


import copy
import dataclasses
import math
import re
import tempfile
import time
import traceback
import warnings

from hypothesis import HealthCheck, given, seed as hypothesis_seed, settings
from hypothesis import strategies as st
from hypothesis.errors import Flaky, Unsatisfiable

from properties.engine.vocabulary import findings, guards, memory, pasteable, precision
from properties.engine.vocabulary.example_data import calls_data
from properties.engine.vocabulary.guards import raised_by_target
from properties.engine.vocabulary.named import unwrap
from properties.engine.vocabulary.notes import Notes
from properties.engine.vocabulary.profiles import PROFILES
from properties.engine.vocabulary.registry import Property, WORST
from properties.engine.vocabulary.results import DEVIABLE, finding_record, Result, result_base
from properties.engine.vocabulary.severity import of_raise
from properties.engine.target.loading import Target
from properties.engine.target.view import RecordingView as _RecordingView
from properties.engine.search import draws


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
        self.warmed = WARMUP_SECONDS[0]

    def spent(self) -> bool:
        self.asked += 1
        if self.search.failed:
            return False
        # the first calls of target functions (a JIT compiling, lazy imports) are not the property's time
        warming = WARMUP_SECONDS[0] - self.warmed
        if self.asked > 1 and self.deadline is not None and time.monotonic() > self.deadline + warming:
            self.exceeded = True
        return self.exceeded


#: seconds spent so far in this process in the first call of each target function (kept by the worker's call
#: monitor, :class:`properties.engine.isolation.fork_pool._CallSlot`): a time budget does not count them
WARMUP_SECONDS = [0.0]
#: a first call at least this long is reported as a warm-up (``Result.warmups``)
WARMUP_NOTED = 1.0


class _WatchedProperty:
    """The property, with failures of its check noted in the search (for the budget)."""

    def __init__(self, prop: Property, search: "_Search"):
        self._prop = prop
        self._search = search

    def check(self, view, ex) -> None:
        findings.CURRENT_EXAMPLE[0] = ex  # a masked failure is classed by its input (set again by a wrapped check)
        try:
            self._prop.check(view, ex)
        except BaseException as exc:
            self._search.failed = True
            exc._assay_example = ex  # pinned as data with the finding (properties.engine.vocabulary.pins)
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
    """What the Hypothesis search saw: examples run, the calls of the last one, and what its examples noted
    (every view of the search writes into the same :class:`Notes`)."""

    examples: int = 0
    timed_out: bool = False
    failed: bool = False
    last_view: _RecordingView | None = None
    notes: Notes = dataclasses.field(default_factory=Notes)


def _start(prop: Property, target: Target) -> _Search:
    """A search of ``prop`` against ``target``: fresh notes, checking the keywords its calls pass against its
    needs, and the target's declared precision."""
    precision.start_property(target.precision)
    return _Search(notes=Notes(needs=tuple(prop.needs)))


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
    search = search if search is not None else _start(prop, target)
    if prop.time_bound is not None:
        time_budget = prop.time_bound if time_budget is None else min(time_budget, prop.time_bound)
    budget = _Budget(time_budget, search)
    counter = {"examples": 0}
    strategy = prop.strategy if prop.strategy is not None else st.none()
    own_max_examples, has_strategy = prop.max_examples, prop.strategy is not None
    prop = _WatchedProperty(prop, search)  # the name one_example uses

    def RecordingView(target):  # noqa: N802 - see the note on one_example
        precision.start_example()
        search.last_view = _RecordingView(target, search.notes)
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
    WORST.clear()
    draws.isolate()
    test = given(strategy)(one_example)
    # examples that need a keyword the target lacks are rejected (partial APIs): not a health problem
    suppressed = [*base.suppress_health_check, HealthCheck.filter_too_much]
    test = settings(base, max_examples=max_examples, suppress_health_check=suppressed)(test)
    if seed is not None and not base.derandomize:
        test = hypothesis_seed(seed)(test)
    elif base.derandomize:
        _use_derandomized_seed(test, one_example)
    try:
        # Warnings a target emits on purpose (sklearn's UndefinedMetricWarning,
        # NumPy's RuntimeWarning on 0/0) are not results: the check judges the
        # returned value. Thousands of them would bury the report.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            test()
    finally:
        search.examples = counter["examples"]
        search.timed_out = budget.exceeded


#: one_example's code object -> Hypothesis' digest of its source (see :func:`_use_derandomized_seed`)
_DIGESTS: dict = {}


def _use_derandomized_seed(test, function) -> None:
    """Give ``test`` the seed and database key a derandomized run derives from ``function``'s source, computed
    once per process.

    Hypothesis hashes the test function's source text (read back from the file and tokenized) for both, on every
    run: 15% of a one-example property's time. Every property's ``one_example`` is a closure of the same code, so
    the digest is the same for all of them, and so are the draws: ``Random(seed)`` is exactly what derandomize
    would have built. The database key is a private attribute of the wrapped test; were it renamed, Hypothesis
    would just compute it again."""
    from hypothesis.internal.compat import int_from_bytes
    from hypothesis.internal.reflection import function_digest

    digest = _DIGESTS.get(function.__code__)
    if digest is None:
        digest = _DIGESTS[function.__code__] = function_digest(function)
    hypothesis_seed(int_from_bytes(digest))(test)
    test._hypothesis_internal_database_key = digest


#: how many times the calls of a failing example are repeated to look for nondeterminism
REPLAYS = 3

#: parts of an outcome that differ between two runs of a deterministic call: object addresses, and files made
#: in the temporary folder (a library that shells out names a fresh temporary file in each error message)
_VOLATILE = re.compile(r"0x[0-9a-fA-F]{6,}|" + re.escape(tempfile.gettempdir().rstrip("/")) + r"/[^\s'\",:;)\]]+")


def same_outcome(a: str, b: str) -> bool:
    """Whether two recorded outcomes of one call are the same, addresses and temporary file names aside."""
    return a == b or _VOLATILE.sub("<volatile>", a) == _VOLATILE.sub("<volatile>", b)


def _replay(target: Target, search: _Search, times: int = REPLAYS) -> str | None:
    """Repeat each target call of the failing example ``times`` times; describe the first that came out
    differently.

    A few repeats, not one: a target that is noisy only some of the time would
    otherwise be reported as ``fail`` in one run and ``nondeterministic`` in the next.
    """
    first = search.last_view
    if first is None:
        return None
    for call in list(first.calls) * times:
        precision.start_example()
        again = _RecordingView(target, search.notes)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                getattr(again, call.name)(
                    *(guards.snapshot(unwrap(a)) for a in call.args),
                    **{k: guards.snapshot(unwrap(v)) for k, v in call.kwargs.items()},
                )
        except (Exception, guards.Unsupported, findings.DeathMasked):  # noqa: BLE001 - recorded and compared below
            pass
        if again.calls and not same_outcome(again.calls[-1].outcome, call.outcome):
            shown = call.expression()
            return f"{shown} gave {call.outcome}, then {again.calls[-1].outcome} on the same input"
    return None


def _find_out_of_memory(exc: BaseException) -> BaseException | None:
    """The first exception the target raised that says an allocation failed, in ``exc`` or its group."""
    if isinstance(exc, BaseExceptionGroup):
        for sub in exc.exceptions:
            found = _find_out_of_memory(sub)
            if found is not None:
                return found
        return None
    if isinstance(exc, Exception) and raised_by_target(exc) and memory.is_out_of_memory(exc):
        return exc
    return None


def classify_exception(exc: BaseException) -> tuple[str, BaseException]:
    """The status an exception out of a property's search stands for, and the exception shown."""
    found = _find(exc, guards.TargetExited)
    if found is not None:
        return "crash", found
    found = _find(exc, guards.MutationViolation)
    if found is not None:
        return "mutation", found
    found = _find_out_of_memory(exc)
    if found is not None:  # the target failed to allocate: over the worker's --memory-limit, or the machine's
        return "memory", found
    found = _find(exc, Flaky)
    if found is not None:  # Hypothesis replayed a failing example and it passed
        return "nondeterministic", found
    found = _find(exc, AssertionError)
    if found is not None:
        return "fail", found
    found = _find(exc, Exception)
    shown = found if found is not None else exc
    return ("error" if raised_by_target(shown) else "spec-error"), shown


#: how many findings one property's search looks for: after each, its class is masked and the search runs again
MAX_FINDINGS = 6


def run_in_process(prop: Property, target: Target, *, all_findings: bool = True, edges: int | None = None,
                   **options) -> Result:
    """Search and classify in this process (applicability already decided); ``options`` are
    :func:`run_property`'s. ``edges``: run only the first that many of the property's edge cases (None: all;
    ``make test`` runs the catalog's conformance with none, as the edge-case meta-test runs each one against the
    catalog in the same suite).

    The search does not stop at the first finding. The classes the target's deviations name are masked
    from the start (a masked failure is noted, and the check goes on); each finding the search shrinks is
    masked in turn and the search runs again, until a search passes, :data:`MAX_FINDINGS` findings are
    in, or the time budget is spent. ``all_findings=False`` stops at the first (the mutant meta-tests
    need a verdict, not every finding).
    """
    known = target.deviation_patterns(prop.id) if hasattr(target, "deviation_patterns") else []
    found: list[Result] = []
    seen: dict[str, dict] = {}
    examples, seconds = 0, 0.0
    applied: set[str] = set()
    skipped = 0
    last: Result | None = None
    budget = options.get("time_budget")
    started = time.monotonic()
    pinned = getattr(target, "pins", {}).get(prop.id, {})
    # a verdict (the mutant meta-tests' deterministic mutants) needs one repeat of the failing calls to tell
    # fail from nondeterministic; an audit repeats them REPLAYS times, so that its status is stable across runs
    times = REPLAYS if all_findings else 1
    replays = [(False, lambda search, cls=cls: _run_pinned(prop, target, cls, pinned[cls], times, search=search))
               for cls in sorted(pinned)]
    # the property's edge cases, before any draw: reached in every profile, whatever the seed
    replays += [(True, lambda search, name=name, example=example: _run_edge(prop, target, name, example, times,
                                                                            search=search))
                for name, example in (prop.edges if edges is None else prop.edges[:edges])]
    noted: set[str] = set()  # what the replays skipped: each replay has notes of its own
    for is_edge, replay in replays:
        findings.start_search([*known, *(findings.mask_key(r.finding_class) for r in found)])
        search = _start(prop, target)
        try:
            replayed = replay(search)
        finally:
            for seen_cls, first in findings.SEEN.items():
                seen.setdefault(seen_cls, first)
            findings.end_search()
            noted.update(search.notes.unsupported)
            applied.update(search.notes.conventions_applied)
        if replayed is _SKIPPED:
            skipped += 1
            continue
        examples += is_edge
        if replayed is not None and not any(r.finding_class == replayed.finding_class for r in found):
            found.append(replayed)
            if not all_findings:
                break  # one verdict is asked for: the first failing replay gives it
    for _ in range(MAX_FINDINGS if all_findings else 1):
        if found and not all_findings:
            break  # one verdict is asked for, and a replayed example already gave it
        findings.start_search([*known, *(findings.mask_key(r.finding_class) for r in found)])
        try:
            last = _search_once(prop, target, replays=times, **options)
        finally:
            for cls, first in findings.SEEN.items():
                seen.setdefault(cls, first)
            findings.end_search()
        examples += last.examples
        seconds += last.seconds
        applied.update(last.conventions)
        skipped += last.skipped_examples
        if last.status not in DEVIABLE or any(r.finding_class == last.finding_class for r in found):
            break
        found.append(last)
        if budget is not None and time.monotonic() - started > budget:
            break
    applied.update(c for r in found for c in r.conventions)
    combined = _combined(found, last, seen, examples, seconds)
    return dataclasses.replace(combined, conventions=tuple(sorted(applied)), skipped_examples=skipped,
                               **_with_skipped(combined, noted))


_SKIPPED_TEXT = "forms and examples needing what the target lacks were skipped: "


def _with_skipped(result: Result, noted: set[str]) -> dict:
    """``skipped`` with the reasons the replayed examples (edge cases, pins) were skipped for, and a passing
    result's detail saying so."""
    if noted <= set(result.skipped):
        return {}
    skipped = tuple(sorted(noted | set(result.skipped)))
    if result.status != "pass":
        return dict(skipped=skipped)
    rest = [line for line in result.detail.splitlines() if line and not line.startswith(_SKIPPED_TEXT)]
    return dict(skipped=skipped, detail="\n".join([_SKIPPED_TEXT + ", ".join(skipped), *rest]))


#: what a replayed example returns when the property's check skipped it (it needs what the target lacks,
#: or the check's ``assume`` turned it down)
_SKIPPED = object()


def _run_pinned(prop: Property, target: Target, cls: str, data, replays: int = REPLAYS, *,
                search: _Search | None = None):
    """Replay the example pinned for ``cls`` (see :func:`_replay_example`)."""
    from properties.engine.vocabulary.pins import decode

    try:
        example = decode(data)
    except (ValueError, TypeError, AttributeError, ImportError) as exc:
        return Result(status="spec-error", detail=f"the pinned example of {cls} cannot be read: {exc}",
                      finding_class="pin", **result_base(prop))
    return _replay_example(prop, target, example, f"the example pinned for {cls}", data, replays, search=search)


def _run_edge(prop: Property, target: Target, name: str, example, replays: int = REPLAYS, *,
              search: _Search | None = None):
    """Run the property's edge case ``name`` (see :func:`_replay_example`); the check gets a copy, so that
    a target that changes its arguments cannot change the edge case for the next property."""
    from properties.engine.vocabulary.pins import pinnable

    # the pinnable form is written only for a failure: most edge cases pass
    return _replay_example(prop, target, copy.deepcopy(example), f"the edge case {name!r}",
                           lambda: pinnable(example), replays, search=search)


def _replay_example(prop: Property, target: Target, example, what: str, data, replays: int = REPLAYS, *,
                    search: _Search | None = None):
    """Run the check on one given example (pinned, or an edge case), outside a Hypothesis search.

    A failure whose class is not masked comes back as a result (not shrunk: such an example is already
    small), its counterexample ``Falsifying example: <what>``; a masked one is noted in ``findings.SEEN``
    and None comes back, as for a pass; :data:`_SKIPPED` when the check skipped the example (it needs
    what the target lacks, or the check's ``assume`` turned it down)."""
    from hypothesis.errors import UnsatisfiedAssumption

    search = search if search is not None else _start(prop, target)
    started = time.perf_counter()
    precision.start_example()
    search.last_view = view = _RecordingView(target, search.notes)
    findings.CURRENT_EXAMPLE[0] = example
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            prop.check(view, example)
    except (UnsatisfiedAssumption, guards.AllUnsupported):
        return _SKIPPED
    except BaseException as exc:  # noqa: BLE001 - classified as a search's failure is
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        repro = view.reproduction()
        if repro:
            exc.add_note(repro)
        exc.add_note(f"Falsifying example: {what}")
        exc._assay_example = example
        result = _failure_result(prop, target, exc, search, time.perf_counter() - started, replays)
        return dataclasses.replace(result, examples=1, example=data() if callable(data) else data)
    return None


def _seen_status(cls: str) -> str:
    """The status a masked finding met on the way stands for, from its class."""
    lost = findings.lost_status(cls)
    if lost is not None:
        return lost
    if cls == "memory" or cls.endswith(":memory"):
        return "memory"
    return "fail" if not cls.startswith(("raises:", "exit")) else "error"


def _combined(found: list[Result], last: Result, seen: dict, examples: int, seconds: float) -> Result:
    """One result for the property: the first finding shown (its status, counterexample, calls), every
    finding listed, the masked ones met on the way included."""
    records = [finding_record(r, "shrunk") for r in found]
    shrunk = {r.finding_class for r in found}
    records += [dict(finding_class=cls, status=_seen_status(cls),
                     severity=first.get("severity", ""), detail=first["detail"], counterexample="",
                     reproduction=first.get("reproduction", ""), known=False, how="seen",
                     example=first.get("example"))
                for cls, first in sorted(seen.items()) if cls not in shrunk]
    if found:
        shown = found[0]
        return dataclasses.replace(shown, examples=examples, seconds=seconds, findings=records)
    if records:  # only masked findings: the property passed every other check
        return dataclasses.replace(last, examples=examples, seconds=seconds, findings=records)
    return dataclasses.replace(last, examples=examples, seconds=seconds)


def _search_once(prop: Property, target: Target, replays: int = REPLAYS, **options) -> Result:
    """One Hypothesis search of ``prop``, classified."""
    base = result_base(prop)
    started = time.perf_counter()
    search = _start(prop, target)
    time_budget = options.get("time_budget")
    if prop.time_bound is not None:
        time_budget = prop.time_bound if time_budget is None else min(time_budget, prop.time_bound)
    try:
        run_property(prop, target, search=search, **options)
    except BaseException as exc:  # noqa: BLE001 - classified below
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        elapsed = time.perf_counter() - started
        if isinstance(exc, (Unsatisfiable, guards.AllUnsupported)) and search.notes.unsupported:
            return Result(status="n/a", detail="every example needs what the target lacks: "
                          + ", ".join(sorted(search.notes.unsupported)), seconds=elapsed,
                          **_run_facts(search.notes), **base)
        return _failure_result(prop, target, exc, search, elapsed, replays)
    elapsed = time.perf_counter() - started
    examples = search.examples
    if search.timed_out:
        return Result(
            status="timeout",
            detail=f"time budget of {time_budget:g}s spent after {examples} examples (all passed)",
            examples=examples,
            seconds=elapsed,
            **_run_facts(search.notes),
            **base,
        )
    facts = _run_facts(search.notes)
    detail = _SKIPPED_TEXT + ", ".join(facts["skipped"]) if facts["skipped"] else ""
    if search.notes.labels_dropped:
        dropped = (f"labels= left out of the calls of {', '.join(sorted(search.notes.labels_dropped))} (the target "
                   "has no labels=; "
                   "only where they were the labels present, in sorted order)")
        detail = f"{detail}\n{dropped}" if detail else dropped
    return Result(status="pass", detail=detail, examples=examples, seconds=elapsed, **facts, **base)


def _failure_result(prop: Property, target: Target, exc: BaseException, search: _Search, elapsed: float,
                    replays: int = REPLAYS) -> Result:
    """The result of a search (or a pinned example) that raised ``exc``."""
    base = result_base(prop)
    status, shown = classify_exception(exc)
    notes = _notes(exc) + [n for n in _notes(shown) if n not in _notes(exc)]
    falsifying = "\n".join(
        n.replace("one_example(", "example(", 1)
        for n in notes
        if n.startswith(("Falsifying", "Failing test case"))
    )
    repro = "\n".join(n for n in notes if pasteable.is_reproduction(n))
    if status in ("fail", "mutation"):
        detail = str(shown).strip() or "assertion failed"
    else:
        detail = f"{type(shown).__name__}: {shown}".strip()
    if status == "spec-error":
        detail = f"the spec's own code raised (a bug in metric-assay, not in the target): {detail}"
    if status == "memory":
        detail = f"{memory.describe_limit()}: {detail}"
        failed = [c for c in search.last_view.calls if c.raised] if search.last_view is not None else []
        if failed:
            detail += f"\nduring {failed[-1].expression()}\ninput size: {memory.input_size(failed[-1].args, failed[-1].kwargs)}"
    if status in ("fail", "error"):
        changed = _replay(target, search, replays)
        if changed:
            status, detail = "nondeterministic", f"{changed}\n(first run: {detail})"
    tb = ""
    if status in ("error", "spec-error", "crash", "memory"):
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
        severity=_severity(status, shown, target),
        worst=_worst_text(shown) if status == "fail" else "",
        calls=calls_data(search.last_view.calls) if search.last_view is not None else [],
        finding_class=findings.class_of(shown) if status != "nondeterministic" else "nondeterministic",
        example=_example_data(exc, shown),
        **_run_facts(search.notes),
        **base,
    )


def _example_data(*raised: BaseException):
    """The drawn example of the failure as data (:func:`properties.engine.vocabulary.pins.pinnable`), or None."""
    from properties.engine.vocabulary.pins import pinnable

    for exc in raised:
        if hasattr(exc, "_assay_example"):
            return pinnable(exc._assay_example)
    return None


def _run_facts(notes: Notes) -> dict:
    return dict(precision=precision.of_property(), skipped=tuple(sorted(notes.unsupported)),
                skipped_examples=notes.skipped, conventions=tuple(sorted(notes.conventions_applied)))


#: severity of the statuses that are not a failed expectation or an exception out of the target
_STATUS_SEVERITY = {"crash": "crash", "hang": "crash", "memory": "crash", "mutation": "wrong value",
                    "nondeterministic": "wrong value", "spec-error": ""}


def _severity(status: str, shown: BaseException, target: Target) -> str:
    if status == "fail":
        return getattr(shown, "severity", "wrong value")
    if status == "error":  # the target raised on an input the catalog scores: a clean refusal, or a crash
        return of_raise(shown, getattr(target, "refusal_errors", (ValueError, TypeError)))
    return _STATUS_SEVERITY.get(status, "")


def _worst_text(shown: BaseException) -> str:
    """The largest violation met, when it is larger than the minimal counterexample's."""
    if WORST.get("size", 0.0) <= getattr(shown, "size", 0.0):
        return ""
    return f"{WORST['detail']}\n{WORST['reproduction']}".strip()
