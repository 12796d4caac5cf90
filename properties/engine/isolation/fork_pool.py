"""Worker processes: target code never runs in the process that holds the results.

Workers are forked from the process that holds the results (``fork`` keeps the
imported target, the spec and Hypothesis ready, in about 5 ms) and run one
property after another, so the lazy imports and JIT caches of a library are
paid once per worker, not once per property; a worker that dies or hangs is
replaced by a fresh fork. Before every call into
the target the worker writes the call -- metric name and a pickled copy of the
arguments as they were before the call -- into a shared memory slot, and clears
the slot's flag when the call returns. The parent watches the slots:

- a call that has run longer than the per-call timeout is killed with SIGKILL
  and becomes a ``hang`` result naming the input it hung on;
- a call that allocates more than the per-call memory limit (``--memory-limit``) fails with a
  ``MemoryError`` inside the worker, or, if it holds the memory some other way, is killed by the
  parent's watchdog: either way a ``memory`` result naming the call and the sizes of its arguments
  (:mod:`properties.engine.vocabulary.memory`);
- a worker that dies (``os._exit``, ``abort``, a signal, the OOM killer) becomes
  a ``crash`` result with the exit status or signal, the call in flight and the
  tail of what the worker wrote to its stdout and stderr (captured in a file,
  so the target's prints never reach the terminal or the report).

Before every call the worker also writes where the call is made (the parts of the
check active and the input class, :func:`properties.engine.vocabulary.findings.call_context`), so a
lost worker is a finding named like any other (``nonpositive:k/crash/died:SIGABRT``).
The property then runs again in a fresh worker with that context masked (a call there is
not made), so the search goes on to its other parts and examples; after
:data:`MAX_DEATHS` lost workers it stops and says so. The result shows the first death
and lists every death (``how``: "died") with the findings of the last run.

Callers that run one property at a time (the pytest route, one test per
property) keep their workers between calls (:func:`run_pooled`).

Results come back pickled through a pipe; they are plain data, never live
exception objects. Under a derandomized profile each property draws the same
examples whichever worker runs it, so the results do not depend on ``--jobs``
(for a target that keeps no state between calls).
"""

from __future__ import annotations

import dataclasses
import faulthandler
import os
import pickle
import select
import signal
import struct
import sys
import tempfile
import time
from typing import Callable, Iterator, Sequence

from hypothesis import settings

from properties.engine.vocabulary import findings, memory, pasteable
from properties.engine.vocabulary.registry import Property
from properties.engine.vocabulary.results import Result
from properties.engine.target import view as target_view
from properties.engine.target.loading import Target
from properties.engine.target.view import RecordedCall
from properties.engine.search import runner
from properties.engine.search.runner import run_in_process

#: seconds a single target call may take before it is killed (``--call-timeout``). Not
#: 10: ranx's first call in a fresh worker compiles with numba (about 5 s on an idle
#: 2-core VM, past 10 s at a load average of 10), and a JIT is not a hang.
DEFAULT_CALL_TIMEOUT = 30.0
#: the large tier's calls take 1e7 samples: a correct library needs a few seconds, a quadratic one forever
LARGE_CALL_TIMEOUT = 60.0
#: the input a call timeout is for: a call given more array elements than this is allowed proportionally
#: longer (``call_timeout * elements / TIMEOUT_ELEMENTS``). Two columns of 1e7, the large tier's pairs: a
#: 1e6 x 100 multilabel pair (2e8 elements) gets 10 call timeouts, which a correct library that is merely slow
#: needs (scikit-learn's samples-averaged F1 took 30 s there under load), and a hang is a hang at any size.
TIMEOUT_ELEMENTS = 20_000_000

#: a target function's first call in a worker (JIT compilation, lazy imports: numba-compiled libraries take
#: minutes on a loaded machine) may run this many call timeouts before it is a hang (``--warmup-timeout``)
WARMUP_CALL_TIMEOUTS = 10

# call start (monotonic seconds), in-call flag, payload length, memory held at the call's start (0: no limit),
# array elements in the call's arguments, first-call flag (the function's first call in this worker)
_HEADER = struct.Struct("dIIQQI")
_SLOT_SIZE = 1 << 20
_OUTPUT_TAIL = 2000


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class _CallSlot:
    """The worker's side of the shared slot (installed as :data:`properties.engine.target.view.CALL_MONITOR`)."""

    def __init__(self, buffer):
        self.buffer = buffer
        self.called: set[str] = set()
        self.first: tuple[str, float] | None = None  # the first call in flight: its name and start
        self.warmups: list[list] = []

    def take_warmups(self) -> list[list]:
        """The warm-ups since the last call, as ``[name, seconds]``."""
        taken, self.warmups = self.warmups, []
        return taken

    def started(self, name: str, args: tuple, kwargs: dict) -> None:
        findings.refuse_masked_death(f"target.{name}")  # where a worker died before, the call is not made
        context = findings.call_context()
        try:
            sizes = memory.input_size(args, kwargs)
        except Exception:  # noqa: BLE001 - an argument whose shape cannot be read
            sizes = ""
        try:
            elements = memory.input_elements(args, kwargs)
        except Exception:  # noqa: BLE001 - as above: the plain call timeout then
            elements = 0
        try:
            payload = pickle.dumps((name, args, kwargs, sizes, context), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - the call is still named
            payload = pickle.dumps((name, ("<arguments that cannot be pickled>",), {}, sizes, context))
        if len(payload) > _SLOT_SIZE - _HEADER.size:
            payload = pickle.dumps((name, ("<arguments larger than 1 MB>",), {}, sizes[:10_000], context))
        self.buffer[_HEADER.size : _HEADER.size + len(payload)] = payload
        function = name.partition("(")[0]
        first = function not in self.called
        self.called.add(function)
        baseline = memory.limit_call()  # last: the limit is the call's, not the slot's
        now = time.monotonic()
        self.first = (function, now) if first else None
        _HEADER.pack_into(self.buffer, 0, now, 1, len(payload), baseline, elements, int(first))

    def ended(self) -> None:
        memory.unlimit_call()
        struct.pack_into("I", self.buffer, 8, 0)
        if self.first is not None:
            function, started = self.first
            self.first = None
            seconds = time.monotonic() - started
            runner.WARMUP_SECONDS[0] += seconds
            if seconds >= runner.WARMUP_NOTED:
                self.warmups.append([function, seconds])


@dataclasses.dataclass
class _Flight:
    """The target call a worker is in: for how long, the call rendered, its arguments' sizes, the
    worker's resident memory when it started (0: no memory limit) and its arguments' array elements."""

    seconds: float
    call: str
    sizes: str
    baseline: int
    elements: int = 0
    #: the function's first call in the worker (the warm-up allowance applies)
    first: bool = False
    #: where the call was made (:func:`properties.engine.vocabulary.findings.call_context`): the active parts' names and
    #: the input class; None when the slot could not be read back
    context: tuple[str, str] | None = None

    def allowed(self, call_timeout: float, warmup_timeout: float | None = None) -> float:
        """Seconds this call may take: the call timeout, longer in proportion for an input over TIMEOUT_ELEMENTS;
        at least ``warmup_timeout`` for the function's first call in the worker."""
        allowed = call_timeout * max(1.0, self.elements / TIMEOUT_ELEMENTS)
        return max(allowed, warmup_timeout) if self.first and warmup_timeout is not None else allowed


def _call_in_flight(buffer) -> _Flight | None:
    """The call the worker is in, if it is inside a target call."""
    started, in_call, length, baseline, elements, first = _HEADER.unpack_from(buffer, 0)
    if not in_call:
        return None
    sizes, context = "", None
    try:
        name, args, kwargs, sizes, context = pickle.loads(bytes(buffer[_HEADER.size : _HEADER.size + length]))
        call = RecordedCall(name, tuple(args), dict(kwargs), "").expression()
    except Exception:  # noqa: BLE001 - a torn slot still says a call was running
        call = "target call (its arguments could not be read back)"
    return _Flight(time.monotonic() - started, call, sizes, baseline, elements, bool(first), context)


_LENGTH = struct.Struct("I")
#: a task for a worker: the property's index, and the length of the pickled deaths to mask that follow
_TASK = struct.Struct("II")


@dataclasses.dataclass
class _Worker:
    pid: int
    task_fd: int
    result_fd: int
    slot: object
    capture: object
    index: int | None = None  # the property running now
    prop: Property | None = None
    started: float = 0.0
    data: bytearray = dataclasses.field(default_factory=bytearray)


def _write_all(fd: int, payload: bytes) -> None:
    view = memoryview(payload)
    while view:
        view = view[os.write(fd, view) :]


def _read_exactly(fd: int, n: int) -> bytes:
    chunks = b""
    while len(chunks) < n:
        chunk = os.read(fd, n - len(chunks))
        if not chunk:
            return b""
        chunks += chunk
    return chunks


def _child(props, target, slot, task_fd, result_fd, capture_fd, options, memory_limit) -> None:
    """Body of a worker process: run the properties it is sent, until told to stop; never returns."""
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.dup2(capture_fd, 1)
        os.dup2(capture_fd, 2)
        sys.stdout = open(1, "w", buffering=1, closefd=False)
        sys.stderr = open(2, "w", buffering=1, closefd=False)
        if faulthandler.is_enabled():  # pytest's: its dump of a fatal signal goes with the rest of the output
            faulthandler.enable(file=sys.stderr)
        memory.activate(memory_limit)
        target_view.CALL_MONITOR = _CallSlot(slot)
        while True:
            header = _read_exactly(task_fd, _TASK.size)
            if not header:
                break
            index, size = _TASK.unpack(header)
            findings.DEATH_MASKS[:] = pickle.loads(_read_exactly(task_fd, size)) if size else []
            prop = props[index]
            os.ftruncate(capture_fd, 0)  # the output kept for a crash is this property's own
            os.lseek(capture_fd, 0, os.SEEK_SET)
            try:
                result = run_in_process(prop, target, **options)
                result.warmups = target_view.CALL_MONITOR.take_warmups()
            except BaseException as exc:  # noqa: BLE001 - SystemExit outside a target call
                result = Result(
                    status="crash",
                    detail=f"the worker raised {type(exc).__name__}({', '.join(map(repr, exc.args))}) "
                    "outside any target call",
                    **_base(prop),
                )
            sys.stdout.flush()
            sys.stderr.flush()
            payload = pickle.dumps(result.without_error(), protocol=pickle.HIGHEST_PROTOCOL)
            _write_all(result_fd, _LENGTH.pack(len(payload)) + payload)
    except BaseException:  # noqa: BLE001 - nothing may escape a forked child
        code = 70
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001
            pass
        os._exit(code)


def _exit_description(status: int) -> str:
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        return f"was killed by signal {number} ({name})"
    if os.WIFEXITED(status):
        return f"exited with status {os.WEXITSTATUS(status)}"
    return f"ended with wait status {status}"


def _output_tail(capture) -> str:
    try:
        capture.flush()
        size = os.fstat(capture.fileno()).st_size
        capture.seek(max(0, size - _OUTPUT_TAIL))
        return capture.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _base(prop: Property) -> dict:
    return dict(property_id=prop.id, statement=prop.statement, kind=prop.kind, family=prop.family, metrics=prop.metrics)


def _lost_worker(worker: _Worker, target: Target, status: str, how: str, flight: _Flight | None,
                 outcome: str) -> Result:
    """The finding of a worker lost in (or outside) a target call: its class from the call's context
    (:func:`properties.engine.vocabulary.findings.lost_class`), its reproduction the call in flight."""
    elapsed = time.monotonic() - worker.started
    call = flight.call if flight else None
    where = f"during {call}" if call else "outside any target call"
    detail = f"the worker process {how} {where}"
    if flight and flight.sizes:
        detail += f"\ninput size: {flight.sizes}"
    repro = ""
    if call:
        repro = pasteable.assemble(target, [f"{call}  # the worker process {how}"])
    structure, input_cls = flight.context if flight and flight.context else ("", "")
    return Result(
        status=status,
        detail=detail,
        reproduction=repro,
        seconds=elapsed,
        traceback=_output_tail(worker.capture),
        severity="crash",
        # what the search had found before is lost with the worker: the property is run again without it
        finding_class=findings.lost_class(outcome, structure, input_cls),
        **_base(worker.prop),
    )


#: how many times one property's workers may die (or be killed) before its search stops: after each death
#: the property is run again with the death's context masked
MAX_DEATHS = 4


def _with_deaths(deaths: list[Result], rerun: Result | None, bound: bool = False) -> Result:
    """One result for a property whose workers died: the first death shown, every death a finding (``how``:
    "died"), and the findings of the run that ended (``rerun``, run with those deaths masked) after them.
    ``bound``: the search stopped at :data:`MAX_DEATHS`."""
    from properties.engine.vocabulary.results import DEVIABLE, finding_record

    records = [finding_record(d, "died") for d in deaths]
    classes = {d.finding_class for d in deaths}
    shown = deaths[0]
    extra: dict = {}
    if rerun is not None:
        later = rerun.findings or ([finding_record(rerun, "shrunk")] if rerun.status in DEVIABLE else [])
        records += [f for f in later if f["finding_class"] not in classes]
        extra = dict(examples=rerun.examples, skipped=rerun.skipped, skipped_examples=rerun.skipped_examples,
                     conventions=rerun.conventions, precision=rerun.precision, warmups=rerun.warmups)
    detail = shown.detail
    if len(deaths) > 1:
        detail += f"\n(the worker was lost {len(deaths)} times in this property: " + \
            ", ".join(d.finding_class for d in deaths) + ")"
    if bound:
        detail += (f"\nthe search stopped after {len(deaths)} lost workers (the bound, MAX_DEATHS): the rest of "
                   "the property was not searched")
    elif rerun is None:
        detail += "\nthe rest of the property was not searched (the same death again, or one outside any target call)"
    return dataclasses.replace(shown, detail=detail, findings=records,
                               seconds=sum(d.seconds for d in deaths) + (rerun.seconds if rerun else 0.0), **extra)


def iter_isolated(
    props: Sequence[Property],
    target: Target,
    *,
    settings_: settings | None = None,
    seed: int | None = None,
    time_budget: float | None = None,
    edges: int | None = None,
    call_timeout: float | None = None,
    warmup_timeout: float | None = None,
    memory_limit: int | None | str = "default",
    jobs: int = 1,
    on_start: Callable[[int, Property], None] | None = None,
    on_tick: Callable[[], None] | None = None,
    indices: Sequence[int] | None = None,
    keep: list | None = None,
) -> Iterator[tuple[int, Result]]:
    """Run the properties (those at ``indices``, default all) in ``jobs`` workers; yield ``(index, result)`` as
    each one ends. The results are raw: the target's deviations are applied by the caller, once, after a
    result comes back (:func:`properties.engine.verdict.deviations.apply_deviation`), never inside the worker plumbing.

    Closing the generator (an interrupt) kills the workers still running. ``keep``: a list of workers
    (forked with these ``props`` and options) to take idle workers from and leave them in afterwards.
    ``memory_limit``: bytes one target call may allocate (None: no limit; "default":
    :func:`properties.engine.vocabulary.memory.default_limit` for ``jobs`` workers).
    """
    if not hasattr(os, "fork"):
        raise RuntimeError("isolated audits need os.fork (Linux or macOS)")
    call_timeout = DEFAULT_CALL_TIMEOUT if call_timeout is None else call_timeout
    warmup_timeout = WARMUP_CALL_TIMEOUTS * call_timeout if warmup_timeout is None else warmup_timeout
    if memory_limit == "default":
        memory_limit = memory.default_limit(jobs)
    options = dict(settings_=settings_, seed=seed, time_budget=time_budget, edges=edges)
    pending = list(range(len(props)) if indices is None else indices)
    pending.reverse()
    workers: list[_Worker] = keep if keep is not None else []
    retried: set[tuple[int, int]] = set()
    #: the property's lost workers so far (:func:`_with_deaths`), and their (class, outcome) to mask in its re-run
    deaths: dict[int, list[Result]] = {}
    masks: dict[int, list[tuple[str, str]]] = {}

    def lost(index: int, death: Result, flight: _Flight | None, outcome: str) -> Result | None:
        """A worker lost in property ``index``: None when the property is to run again with the death masked,
        else its final result."""
        so_far = deaths.setdefault(index, [])
        again = any(d.finding_class == death.finding_class for d in so_far)
        if not again:
            so_far.append(death)
            masks.setdefault(index, []).append((death.finding_class, outcome))
        if not again and flight is not None and flight.context is not None and len(so_far) < MAX_DEATHS:
            pending.append(index)
            return None
        del deaths[index]
        masks.pop(index, None)
        return _with_deaths(so_far, None, bound=len(so_far) >= MAX_DEATHS)

    sys.stdout.flush()
    sys.stderr.flush()
    try:
        while pending or any(w.index is not None for w in workers):
            idle = [w for w in workers if w.index is None]
            while pending and (idle or len(workers) < max(1, jobs)):
                worker = idle.pop() if idle else _spawn(props, target, options, workers, memory_limit)
                index = pending.pop()
                worker.index, worker.prop, worker.started = index, props[index], time.monotonic()
                worker.data = bytearray()
                blob = pickle.dumps(masks[index]) if masks.get(index) else b""
                try:
                    _write_all(worker.task_fd, _TASK.pack(index, len(blob)) + blob)
                except OSError:
                    pass  # the worker has died: its result pipe ends, and that is reported below
                if on_start is not None:
                    on_start(index, props[index])
            busy = {w.result_fd: w for w in workers if w.index is not None}
            ready, _, _ = select.select(list(busy), [], [], 0.05)
            if on_tick is not None:
                on_tick()
            for fd in ready:
                worker = busy[fd]
                chunk = os.read(fd, 1 << 16)
                if not chunk:  # the worker died
                    index = worker.index
                    workers.remove(worker)
                    result = lost(index, *_crashed(worker, target))
                    if result is not None:
                        yield index, result
                    continue
                worker.data += chunk
                finished = _take_result(worker)
                if finished is not None:
                    index, result = finished
                    if index in deaths:
                        result = _with_deaths(deaths.pop(index), result)
                        masks.pop(index, None)
                    yield index, result
            for worker in [w for w in workers if w.index is not None]:
                flight = _call_in_flight(worker.slot)
                if flight is not None and memory_limit is not None and flight.baseline:
                    rss = memory.held(worker.pid)
                    if rss is not None and rss - flight.baseline > memory_limit:
                        # memory RLIMIT_DATA does not count (shared mappings): killed, not retried (it is no lock)
                        index = worker.index
                        workers.remove(worker)
                        _kill(worker)
                        outcome = findings.died_outcome("memory")
                        result = _lost_worker(
                            worker, target, "memory",
                            f"was killed holding {memory.format_size(rss - flight.baseline)} more than when the "
                            f"call started, over the memory limit of {memory.format_size(memory_limit)}",
                            flight, outcome,
                        )
                        _close(worker)
                        result = lost(index, result, flight, outcome)
                        if result is not None:
                            yield index, result
                        continue
                if flight is not None and flight.seconds > flight.allowed(call_timeout, warmup_timeout):
                    index = worker.index
                    workers.remove(worker)
                    _kill(worker)
                    if (index, len(deaths.get(index, ()))) not in retried:
                        # A hang is confirmed by a second run in a fresh worker: a worker forked
                        # from a process with threads (a pytest-xdist worker) can inherit a lock
                        # held at fork time and block on it, which is not the target's doing.
                        retried.add((index, len(deaths.get(index, ()))))
                        pending.append(index)
                        _close(worker)
                        continue
                    allowed = flight.allowed(call_timeout, warmup_timeout)
                    scaled = (f" (the call timeout of {call_timeout:g}s per {TIMEOUT_ELEMENTS:.0e} input elements; "
                              f"this call had {flight.elements:.2e})" if allowed > call_timeout else "")
                    if flight.first and allowed == warmup_timeout:
                        scaled = (" (the function's first call in the worker, allowed the warm-up time of a JIT or "
                                  "lazy imports: --warmup-timeout)")
                    outcome = findings.died_outcome("hang")
                    result = _lost_worker(
                        worker, target, "hang",
                        f"was killed after {allowed:g}s in one call (twice, in fresh workers){scaled}", flight,
                        outcome,
                    )
                    _close(worker)
                    result = lost(index, result, flight, outcome)
                    if result is not None:
                        yield index, result
    finally:
        for worker in [w for w in workers if keep is None or w.index is not None]:
            workers.remove(worker)
            _kill(worker)
            _close(worker)


def _spawn(props, target: Target, options: dict, workers: list, memory_limit: int | None = None) -> _Worker:
    import mmap

    slot = mmap.mmap(-1, _SLOT_SIZE)
    capture = tempfile.TemporaryFile()
    task_read, task_write = os.pipe()
    result_read, result_write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        os.close(task_write)
        os.close(result_read)
        for other in workers:  # a worker must not hold its siblings' pipes open
            for fd in (other.task_fd, other.result_fd):
                try:
                    os.close(fd)
                except OSError:
                    pass
        _child(props, target, slot, task_read, result_write, capture.fileno(), options, memory_limit)
    os.close(task_read)
    os.close(result_write)
    worker = _Worker(pid=pid, task_fd=task_write, result_fd=result_read, slot=slot, capture=capture)
    workers.append(worker)
    return worker


def _take_result(worker: _Worker) -> tuple[int, Result] | None:
    """The worker's result (deviations not yet applied), once all its bytes have arrived; the worker is then
    idle again."""
    if len(worker.data) < _LENGTH.size:
        return None
    (length,) = _LENGTH.unpack_from(worker.data)
    if len(worker.data) < _LENGTH.size + length:
        return None
    result = pickle.loads(bytes(worker.data[_LENGTH.size : _LENGTH.size + length]))
    index = worker.index
    worker.index, worker.prop, worker.data = None, None, bytearray()
    return index, result


def _kill(worker: _Worker) -> None:
    try:
        os.kill(worker.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(worker.pid, 0)
    except ChildProcessError:
        pass


def _close(worker: _Worker) -> None:
    for close in (
        lambda: os.close(worker.task_fd),
        lambda: os.close(worker.result_fd),
        worker.capture.close,
        worker.slot.close,
    ):
        try:
            close()
        except (OSError, ValueError, BufferError):
            pass


def _crashed(worker: _Worker, target: Target) -> tuple[Result, _Flight | None, str]:
    """A dead worker's finding (deviations not yet applied), the call it died in and the outcome."""
    _, status = os.waitpid(worker.pid, 0)
    try:
        flight = _call_in_flight(worker.slot)
        outcome = findings.died_outcome("crash", status)
        return _lost_worker(worker, target, "crash", _exit_description(status), flight, outcome), flight, outcome
    finally:
        _close(worker)


def run_isolated(props: Sequence[Property], target: Target, **options) -> list[Result]:
    """Every property's raw result (deviations not applied), in the order given."""
    results: list[Result | None] = [None] * len(props)
    for index, result in iter_isolated(props, target, **options):
        results[index] = result
    return results  # type: ignore[return-value]


@dataclasses.dataclass
class _Pool:
    key: tuple
    target: Target
    props: list
    position: dict
    workers: list = dataclasses.field(default_factory=list)


_POOL: list[_Pool] = []


def run_pooled(prop: Property, target: Target, **options) -> Result:
    """One property's result from a worker kept for the next call with the same target and options.

    For callers that run one property at a time (the pytest route: one test per
    property): a worker runs property after property, as in an audit, instead of
    a fresh fork paying the library's lazy imports and caches for each. A worker
    that crashes or hangs is replaced, as in :func:`iter_isolated`.
    """
    from properties.engine.vocabulary.registry import all_properties

    # the pool keeps the target (and so its id) alive; options by value where they are plain values
    key = (id(target), *sorted((k, v if isinstance(v, (int, float, str, type(None))) else id(v))
                               for k, v in options.items()))
    if not _POOL or _POOL[0].key != key:
        close_pool()
        props = all_properties(tier=None)
        _POOL.append(_Pool(key, target, props, {p.id: i for i, p in enumerate(props)}))
    pool = _POOL[0]
    position = pool.position.get(prop.id)
    if position is None or pool.props[position] is not prop:  # not a registered property: a worker of its own
        return run_isolated([prop], target, **options)[0]
    runs = iter_isolated(pool.props, target, indices=[position], keep=pool.workers, **options)
    try:
        return next(runs)[1]
    finally:
        runs.close()


def close_pool() -> None:
    """End the kept workers."""
    while _POOL:
        for worker in _POOL.pop().workers:
            _kill(worker)
            _close(worker)
