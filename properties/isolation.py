"""Worker processes: target code never runs in the process that holds the results.

Each property runs in a process forked for it (``fork`` keeps the imported
target, the spec and Hypothesis ready, in about 5 ms). Before every call into
the target the worker writes the call -- metric name and a pickled copy of the
arguments as they were before the call -- into a shared memory slot, and clears
the slot's flag when the call returns. The parent watches the slots:

- a call that has run longer than the per-call timeout is killed with SIGKILL
  and becomes a ``hang`` result naming the input it hung on;
- a worker that dies (``os._exit``, ``abort``, a signal, the OOM killer) becomes
  a ``crash`` result with the exit status or signal, the call in flight and the
  tail of what the worker wrote to its stdout and stderr (captured in a file,
  so the target's prints never reach the terminal or the report).

Results come back pickled through a pipe; they are plain data, never live
exception objects. Every property starts from the same parent state, so the
results do not depend on how many workers run at once (``--jobs``).
"""

from __future__ import annotations

import dataclasses
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

from . import targets
from .registry import Property
from .runner import Result, apply_deviation, run_in_process
from .targets import RecordedCall, Target

#: seconds a single target call may take before it is killed (``--call-timeout``)
DEFAULT_CALL_TIMEOUT = 10.0

_HEADER = struct.Struct("dII")  # call start (monotonic seconds), in-call flag, payload length
_SLOT_SIZE = 1 << 20
_OUTPUT_TAIL = 2000


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class _CallSlot:
    """The worker's side of the shared slot (installed as ``targets.CALL_MONITOR``)."""

    def __init__(self, buffer):
        self.buffer = buffer

    def started(self, name: str, args: tuple, kwargs: dict) -> None:
        try:
            payload = pickle.dumps((name, args, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - the call is still named
            payload = pickle.dumps((name, ("<arguments that cannot be pickled>",), {}))
        if len(payload) > _SLOT_SIZE - _HEADER.size:
            payload = pickle.dumps((name, ("<arguments larger than 1 MB>",), {}))
        self.buffer[_HEADER.size : _HEADER.size + len(payload)] = payload
        _HEADER.pack_into(self.buffer, 0, time.monotonic(), 1, len(payload))

    def ended(self) -> None:
        struct.pack_into("I", self.buffer, 8, 0)


def _call_in_flight(buffer) -> tuple[float, str] | None:
    """(seconds since the call started, the call rendered) if the worker is inside a target call."""
    started, in_call, length = _HEADER.unpack_from(buffer, 0)
    if not in_call:
        return None
    try:
        name, args, kwargs = pickle.loads(bytes(buffer[_HEADER.size : _HEADER.size + length]))
        call = RecordedCall(name, tuple(args), dict(kwargs), "").render().rsplit(" -> ", 1)[0]
    except Exception:  # noqa: BLE001 - a torn slot still says a call was running
        call = "target call (its arguments could not be read back)"
    return time.monotonic() - started, call


@dataclasses.dataclass
class _Worker:
    index: int
    prop: Property
    pid: int
    read_fd: int
    slot: object
    capture: object
    started: float
    data: bytearray = dataclasses.field(default_factory=bytearray)


def _child(prop, target, slot, write_fd, capture_fd, options) -> None:
    """Body of a worker process; never returns."""
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.dup2(capture_fd, 1)
        os.dup2(capture_fd, 2)
        sys.stdout = open(1, "w", buffering=1, closefd=False)
        sys.stderr = open(2, "w", buffering=1, closefd=False)
        targets.CALL_MONITOR = _CallSlot(slot)
        try:
            result = run_in_process(prop, target, **options)
        except BaseException as exc:  # noqa: BLE001 - SystemExit outside a target call, e.g. at exit
            result = Result(
                status="crash",
                detail=f"the worker raised {type(exc).__name__}({', '.join(map(repr, exc.args))}) "
                "outside any target call",
                property_id=prop.id,
                statement=prop.statement,
                kind=prop.kind,
                family=prop.family,
                metrics=prop.metrics,
            )
        payload = pickle.dumps(result.without_error(), protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(payload)
        while view:
            written = os.write(write_fd, view)
            view = view[written:]
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


def _lost_worker(worker: _Worker, target: Target, status: str, how: str, call: str | None) -> Result:
    elapsed = time.monotonic() - worker.started
    where = f"during {call}" if call else "outside any target call"
    detail = f"the worker process {how} {where}"
    repro = ""
    if call:
        repro = f"Calls to {target.name} ({target.import_path}) in the failing example:\n  {call} -> ({how})"
    return Result(
        status=status,
        detail=detail,
        reproduction=repro,
        seconds=elapsed,
        traceback=_output_tail(worker.capture),
        **_base(worker.prop),
    )


def iter_isolated(
    props: Sequence[Property],
    target: Target,
    *,
    settings_: settings | None = None,
    seed: int | None = None,
    time_budget: float | None = None,
    call_timeout: float | None = None,
    jobs: int = 1,
    on_start: Callable[[int, Property], None] | None = None,
    on_tick: Callable[[], None] | None = None,
) -> Iterator[tuple[int, Result]]:
    """Run each property in its own worker, ``jobs`` at a time; yield ``(index, result)`` as they end.

    Closing the generator (an interrupt) kills the workers still running.
    """
    if not hasattr(os, "fork"):
        raise RuntimeError("isolated audits need os.fork (Linux or macOS)")
    call_timeout = DEFAULT_CALL_TIMEOUT if call_timeout is None else call_timeout
    options = dict(settings_=settings_, seed=seed, time_budget=time_budget)
    pending = list(enumerate(props))
    pending.reverse()
    active: dict[int, _Worker] = {}
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        while pending or active:
            while pending and len(active) < max(1, jobs):
                index, prop = pending.pop()
                worker = _spawn(index, prop, target, options)
                active[worker.read_fd] = worker
                if on_start is not None:
                    on_start(index, prop)
            ready, _, _ = select.select(list(active), [], [], 0.05)
            if on_tick is not None:
                on_tick()
            for fd in ready:
                worker = active[fd]
                chunk = os.read(fd, 1 << 16)
                if chunk:
                    worker.data += chunk
                    continue
                del active[fd]
                yield worker.index, _finish(worker, target)
            for fd, worker in list(active.items()):
                flight = _call_in_flight(worker.slot)
                if flight is not None and flight[0] > call_timeout:
                    del active[fd]
                    _kill(worker)
                    result = _lost_worker(
                        worker, target, "hang", f"was killed after {call_timeout:g}s in one call", flight[1]
                    )
                    _close(worker)
                    yield worker.index, apply_deviation(result, target)
    finally:
        for worker in active.values():
            _kill(worker)
            _close(worker)


def _spawn(index: int, prop: Property, target: Target, options: dict) -> _Worker:
    import mmap

    slot = mmap.mmap(-1, _SLOT_SIZE)
    capture = tempfile.TemporaryFile()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        os.close(read_fd)
        _child(prop, target, slot, write_fd, capture.fileno(), options)
    os.close(write_fd)
    return _Worker(index=index, prop=prop, pid=pid, read_fd=read_fd, slot=slot, capture=capture, started=time.monotonic())


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
    for close in (lambda: os.close(worker.read_fd), worker.capture.close, worker.slot.close):
        try:
            close()
        except (OSError, ValueError, BufferError):
            pass


def _finish(worker: _Worker, target: Target) -> Result:
    _, status = os.waitpid(worker.pid, 0)
    try:
        if worker.data and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
            try:
                return apply_deviation(pickle.loads(bytes(worker.data)), target)
            except Exception:  # noqa: BLE001 - a truncated result is a crash below
                pass
        flight = _call_in_flight(worker.slot)
        return apply_deviation(
            _lost_worker(worker, target, "crash", _exit_description(status), flight[1] if flight else None), target
        )
    finally:
        _close(worker)


def run_isolated(props: Sequence[Property], target: Target, **options) -> list[Result]:
    """Every property's result, in the order given."""
    results: list[Result | None] = [None] * len(props)
    for index, result in iter_isolated(props, target, **options):
        results[index] = result
    return results  # type: ignore[return-value]
