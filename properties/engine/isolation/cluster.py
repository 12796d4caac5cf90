"""The Dask backend of isolation: an audit's properties as batches of tasks on a ``dask.distributed`` cluster.

Each task runs on a Dask worker and hands its batch to the same isolation as a local audit
(:func:`properties.engine.isolation.fork_pool.iter_isolated`): the target runs in child processes of the Dask worker,
under the same call timeouts and memory limits, so a target that hangs, exits, aborts or hogs memory costs a
child process, never the Dask worker. Results come back as from the local backend: ``(index, Result)``
pairs, raw (the caller applies the target's deviations).

A task carries plain data only: the target's loadable name and the text of its deviations and pins files,
the property ids, the Hypothesis profile's name and the options. A Dask worker process loads the spec and the
target once and keeps them, and keeps each thread's idle child process for the thread's next batch of the
same target and options, as the local pool keeps its workers between properties. Under a derandomized
profile a property draws the same examples in any process, so the report is the local one.

Before anything is submitted every worker's environment (the target's version, metric-assay's, the spec's
property ids, Python, NumPy, Hypothesis) is compared with this process's; each task compares again, for
workers that joined later. A lost Dask worker: the scheduler runs its batches again elsewhere. Each task
logs its start as a Dask event, and a batch started more than once ran again after the worker that had it
was lost: :attr:`ClusterRun.ran_on` (the report's ``ran_on``) names the batch, the worker and the properties.
"""

from __future__ import annotations

import asyncio
import collections
import ctypes
import dataclasses
import hashlib
import logging
import os
import platform
import re
import signal
import socket
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Callable, Iterator, Sequence

import numpy as np

from properties.engine.vocabulary import memory, precision, profiles, registry
from properties.engine.vocabulary.registry import Property
from properties.engine.vocabulary.results import Result
from properties.engine.target.deviation_files import pins_path
from properties.engine.target.loading import BUNDLED, DEFAULT_TARGET, Target, load_target
from properties.engine.target.references import reference_available
from properties.engine.isolation.fork_pool import _close, _kill, iter_isolated

#: batches per worker thread: enough that a slow batch does not leave the other threads idle at the end,
#: few enough that each batch's warm-up (the library's first calls in a fresh child) stays small
BATCHES_PER_THREAD = 3
#: seconds to wait for a scheduler to answer, and for a first worker to join it
CONNECT_TIMEOUT = 10.0
WORKERS_TIMEOUT = 60.0
#: seconds between looks at finished batches (and ``on_tick`` calls), and at the batches' start events
TICK = 0.05
EVENTS_POLL = 0.5
#: seconds between a running batch's looks at whether its audit was interrupted
STOP_POLL = 1.0

_SCHEDULER = re.compile(r"(tcp|tls|ws|wss|ucx)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(:\d{1,5})?")
_LOCAL = re.compile(r"local:(\d+)")


class ClusterError(Exception):
    """``--cluster`` cannot be used as given (malformed, unreachable, workers that differ): a one-line message."""


class EnvironmentMismatch(Exception):
    """Raised by a task on a worker whose environment differs from the client's."""


class _Stopped(Exception):
    """A batch's audit was interrupted: the task ends, its child processes killed."""


def parse_address(text: str) -> tuple[str, str | int]:
    """``("local", N)`` for ``local:N``, ``("scheduler", address)`` for a scheduler's address."""
    local = _LOCAL.fullmatch(text)
    if local:
        if int(local[1]) < 1:
            raise ClusterError(f"--cluster {text}: a local cluster needs at least 1 worker (local:N, N >= 1)")
        return "local", int(local[1])
    if _SCHEDULER.fullmatch(text):
        return "scheduler", text
    raise ClusterError(
        f"--cluster: {text!r} is neither a Dask scheduler's address (tcp://HOST:8786) nor local:N (a cluster "
        "of N worker processes on this machine)"
    )


def _distributed():
    try:
        import distributed
    except ImportError:
        raise ClusterError("--cluster needs dask.distributed: pip install 'metric-assay[dask]'") from None
    return distributed


# ------------------------------------------------------------------ what a task carries


@dataclasses.dataclass(frozen=True)
class _TargetSpec:
    """A target as plain data: the name to load it by, the name it shows, and its deviations and pins files."""

    load: str
    shown: str
    deviations_name: str | None = None
    deviations: str | None = None
    pins: str | None = None

    @classmethod
    def of(cls, target: Target) -> "_TargetSpec":
        # a bundled name loads under that name; anything else under its import path (the same TARGET_NAME)
        load = target.name if BUNDLED.get(target.name) == target.import_path else target.import_path
        if not target.deviations_file:
            return cls(load, target.name)
        path = Path(target.deviations_file)
        pins = pins_path(path)
        return cls(load, target.name, path.name, path.read_text(encoding="utf-8"),
                   pins.read_text(encoding="utf-8") if pins.is_file() else None)


@dataclasses.dataclass(frozen=True)
class _Options:
    profile: str | None
    seed: int | None
    time_budget: float | None
    edges: int | None
    call_timeout: float | None
    warmup_timeout: float | None
    memory_limit: int | None | str
    #: ``precision.CLI`` (--precision, --rtol, --atol), which a local audit's workers inherit by fork
    precision: tuple


def _profile_name(settings_) -> str | None:
    if settings_ is None:
        return None
    for name in profiles.PROFILES:
        if profiles.profile_settings(name) is settings_:
            return name
    raise ValueError("the Dask backend sends a Hypothesis profile by name: settings_ must be one of "
                     f"{', '.join(profiles.PROFILES)} (profiles.profile_settings)")


def _options(*, settings_=None, seed=None, time_budget=None, edges=None, call_timeout=None, warmup_timeout=None,
             memory_limit="default") -> _Options:
    return _Options(_profile_name(settings_), seed, time_budget, edges, call_timeout, warmup_timeout, memory_limit,
                    tuple(sorted(precision.CLI.items())))


# ------------------------------------------------------------------ environments


def _spec_fingerprint() -> str:
    ids = "\n".join(p.id for p in registry.all_properties(tier=None))
    return hashlib.sha256(ids.encode()).hexdigest()[:12]


def _environment(target_versions: dict[str, str]) -> dict:
    """What must be equal on every worker: metric-assay and the spec, Python, NumPy, Hypothesis, the targets."""
    import hypothesis

    import metrics

    return {
        "metric-assay": metrics.__version__,
        "the spec (property ids)": _spec_fingerprint(),
        "Python": platform.python_version(),
        "NumPy": np.__version__,
        "Hypothesis": hypothesis.__version__,
        "targets": target_versions,
    }


def _differences(here: dict, there: dict) -> list[str]:
    """What ``there`` (a worker) has that differs from ``here``, readably."""
    found = [f"{name} {there.get(name)} (here {value})" for name, value in here.items()
             if name != "targets" and there.get(name) != value]
    for name, version in here["targets"].items():
        theirs = there["targets"].get(name)
        if isinstance(theirs, dict):
            found.append(f"cannot load target {name!r}: {theirs['error']}")
        elif theirs != version:
            found.append(f"target {name} {theirs} (here {version})")
    return found


def _worker_versions(specs: Sequence[_TargetSpec]) -> dict:
    versions: dict = {}
    for spec in specs:
        try:
            target = _load_target(spec)
        except Exception as exc:  # noqa: BLE001 - TargetUnavailable, DeviationsFileError, a bad adapter
            versions[spec.shown] = {"error": str(exc) or type(exc).__name__}
            continue
        versions[spec.shown] = (target.version if target.name == spec.shown else
                                {"error": f"{spec.load!r} loads as {target.name!r} there"})
    return versions


async def _worker_environment(specs: Sequence[_TargetSpec]) -> dict:
    """(On a worker, through ``Client.run``.) Its environment; off the event loop, which imports would block."""
    _prepare_process()
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, lambda: _environment(_worker_versions(specs)))


# ------------------------------------------------------------------ the worker's side

_TARGETS: dict[_TargetSpec, Target] = {}
_FILES: list[tempfile.TemporaryDirectory] = []
_LOCK = threading.Lock()
#: a thread's kept child processes: thread -> (what they were forked for, the isolation's ``keep`` list)
_POOLS: dict[threading.Thread, tuple[tuple, list]] = {}
#: the threads running a batch: their pools are in use even while all of the children are idle
_BUSY: set[threading.Thread] = set()
_PREPARED: list[bool] = []


def _die_with_parent() -> None:
    # a child of a Dask worker that is lost mid-call (a hang has no end of its own) must not outlive it
    try:
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _prepare_process() -> None:
    with _LOCK:
        if _PREPARED:
            return
        profiles.use_cache_dir()
        if sys.platform.startswith("linux"):
            os.register_at_fork(after_in_child=_die_with_parent)
        _PREPARED.append(True)


def _load_target(spec: _TargetSpec) -> Target:
    """The target, loaded once per worker process, with the client's deviations and pins (a file there may not
    exist here): the pinned examples are replayed first, so they are part of the raw results."""
    with _LOCK:
        if spec in _TARGETS:
            return _TARGETS[spec]
        deviations = None
        if spec.deviations is not None:
            if not _FILES:
                _FILES.append(tempfile.TemporaryDirectory(prefix="metric-assay-deviations-"))
            digest = hashlib.sha256(f"{spec.deviations}\0{spec.pins}".encode()).hexdigest()[:12]
            folder = Path(_FILES[0].name) / digest
            folder.mkdir(exist_ok=True)
            deviations = folder / spec.deviations_name
            deviations.write_text(spec.deviations, encoding="utf-8")
            if spec.pins is not None:
                pins_path(deviations).write_text(spec.pins, encoding="utf-8")
        # no probe import in a child first: this process's client imported the target (probed) before
        # submitting it, and an import there that raises (SystemExit too) is a TargetUnavailable here
        _TARGETS[spec] = load_target(spec.load, deviations_file=str(deviations) if deviations else None)
        return _TARGETS[spec]


def _end(workers: list) -> None:
    for worker in workers:
        _kill(worker)
        _close(worker)
    workers.clear()


def _kept_workers(key: tuple) -> list:
    """The current thread's kept child processes for ``key``; those it kept for anything else are ended."""
    thread = threading.current_thread()
    with _LOCK:
        _BUSY.add(thread)
        for gone in [t for t in _POOLS if not t.is_alive()]:
            _end(_POOLS.pop(gone)[1])
        held = _POOLS.get(thread)
        if held is not None and held[0] == key:
            return held[1]
        if held is not None:
            _end(held[1])
        _POOLS[thread] = (key, [])
        return _POOLS[thread][1]


def _release(token: str) -> int:
    """(On a worker, through ``Client.run``, when an audit ends.) End the idle child processes it kept."""
    with _LOCK:
        ended = 0
        for thread, (key, workers) in list(_POOLS.items()):
            if key[0] == token and thread not in _BUSY:
                ended += len(workers)
                _end(workers)
                del _POOLS[thread]
        return ended


class _StopWatch:
    """``on_tick`` of a batch's isolation: ends the batch once its audit's stop event is set."""

    def __init__(self, name: str):
        self.event = _distributed().Event(name)
        self.next = 0.0

    def __call__(self) -> None:
        now = time.monotonic()
        if now >= self.next:
            self.next = now + STOP_POLL
            if self.event.is_set():
                raise _Stopped


def _run_batch(batch: tuple[str, list[str]], *, token: str, target: _TargetSpec, options: _Options, topic: str,
               stop: str, expected: dict) -> list[tuple[str, Result]]:
    """(A task, on a worker.) The raw results of the batch's properties, by property id."""
    distributed = _distributed()
    name, ids = batch
    worker = distributed.get_worker()
    worker.log_event(topic, {"batch": name, "worker": worker.address, "host": socket.gethostname()})
    _prepare_process()
    here = _environment(_worker_versions([target]))
    problems = _differences(expected, here)
    if problems:
        raise EnvironmentMismatch(f"worker {worker.address} ({socket.gethostname()}): " + ", ".join(problems))
    loaded = _load_target(target)
    every = registry.all_properties(tier=None)
    position = {p.id: i for i, p in enumerate(every)}
    indices = [position[pid] for pid in ids]
    for reference in sorted({every[i].reference for i in indices if every[i].reference} - {DEFAULT_TARGET}):
        reference_available(reference)  # imported before the children fork, as the local audit does
    memory_limit = options.memory_limit
    if memory_limit == "default":
        memory_limit = memory.default_limit(worker.state.nthreads)
    precision.CLI.clear()
    precision.CLI.update(options.precision)
    kept = _kept_workers((token, target, options))
    runs = iter_isolated(every, loaded, settings_=profiles.profile_settings(options.profile) if options.profile
                         else None, seed=options.seed, time_budget=options.time_budget, edges=options.edges,
                         call_timeout=options.call_timeout, warmup_timeout=options.warmup_timeout,
                         memory_limit=memory_limit, jobs=1, indices=indices, keep=kept, on_tick=_StopWatch(stop))
    try:
        return [(every[index].id, result) for index, result in runs]
    except _Stopped:
        _end(kept)
        raise
    finally:
        runs.close()
        with _LOCK:
            _BUSY.discard(threading.current_thread())


# ------------------------------------------------------------------ the client's side


@dataclasses.dataclass
class _Batch:
    name: str
    positions: list[int]


class ClusterRun:
    """One job's batches, submitted: :meth:`results` yields ``(index, raw Result)`` as batches end."""

    def __init__(self, cluster: "Cluster", target: Target, props: Sequence[Property], batches: list[_Batch],
                 futures: list, topic: str, stop: str):
        self.cluster, self.target, self.props = cluster, target, list(props)
        self.batches, self.futures, self.topic, self.stop = batches, futures, topic, stop
        #: where it ran: backend, cluster, workers, hosts, batches, and the batches that ran again
        self.ran_on: dict = {"backend": "dask", "cluster": cluster.address, "batches": len(batches),
                             "workers": [], "hosts": [], "reruns": []}

    def results(self, on_start: Callable[[int, Property], None] | None = None,
                on_tick: Callable[[], None] | None = None) -> Iterator[tuple[int, Result]]:
        distributed = _distributed()
        pending = dict(zip(self.futures, self.batches))
        position = {p.id: i for i, p in enumerate(self.props)}
        started: set[str] = set()
        finished = distributed.as_completed(list(pending), loop=self.cluster.client.loop)
        look = 0.0
        try:
            while pending:
                done = finished.next_batch(block=False)
                if not done:
                    time.sleep(TICK)
                if on_tick is not None:
                    on_tick()
                if time.monotonic() >= look:
                    look = time.monotonic() + EVENTS_POLL
                    self._read_events(on_start, started)
                for future in done:
                    batch = pending.pop(future)
                    for pid, result in self._collect(future, batch):
                        yield position[pid], result
        finally:
            if pending:  # interrupted, or a batch failed: the others are not waited for
                self.cancel(list(pending))
            self._read_events(None, started)

    def cancel(self, futures: list | None = None) -> None:
        distributed = _distributed()
        try:
            distributed.Event(self.stop, client=self.cluster.client).set()
            self.cluster.client.cancel(self.futures if futures is None else futures)
        except Exception:  # noqa: BLE001 - a scheduler already gone has nothing left to cancel
            pass

    def _collect(self, future, batch: _Batch) -> list[tuple[str, Result]]:
        distributed = _distributed()
        if future.status == "finished":
            results = future.result()
            future.release()  # a worker lost later: nothing to compute again for a result already here
            return results
        if future.status == "cancelled":
            raise ClusterError(f"--cluster {self.cluster.address}: {batch.name} was cancelled on the cluster, not by "
                               "this audit")
        exc = future.exception()
        if isinstance(exc, EnvironmentMismatch):
            raise ClusterError(f"--cluster {self.cluster.address}: the workers' environment differs from this "
                               f"one's: {exc}") from None
        if isinstance(exc, distributed.KilledWorker):
            # the scheduler's allowed-failures: each Dask worker that ran it was lost (the target killing its
            # parent process, or the machine's memory) while the child processes should have taken the blow
            return [(self.props[i].id, Result(
                status="crash", severity="crash", property_id=self.props[i].id, statement=self.props[i].statement,
                kind=self.props[i].kind, family=self.props[i].family, metrics=self.props[i].metrics,
                detail=f"every Dask worker that ran {batch.name} was lost ({exc}): the property reached no verdict",
            )) for i in batch.positions]
        raise ClusterError(f"--cluster {self.cluster.address}: {batch.name} failed on a Dask worker: "
                           f"{type(exc).__name__}: {exc}")

    def _read_events(self, on_start, started: set[str]) -> None:
        try:
            events = [message for _, message in self.cluster.client.get_events(self.topic)]
        except Exception:  # noqa: BLE001 - the scheduler gone: what is known stays
            return
        by_batch = collections.defaultdict(list)
        for event in events:
            by_batch[event["batch"]].append(event)
        if on_start is not None:
            for batch in self.batches:
                if batch.name in by_batch and batch.name not in started:
                    started.add(batch.name)
                    for i in batch.positions:
                        on_start(i, self.props[i])
        names = {b.name: b for b in self.batches}
        self.ran_on.update(
            workers=sorted({e["worker"] for e in events}),
            hosts=sorted({e["host"] for e in events}),
            reruns=[{"batch": name, "lost_workers": [s["worker"] for s in starts[:-1]],
                     "ran_again_on": starts[-1]["worker"],
                     "properties": [self.props[i].id for i in names[name].positions]}
                    for name, starts in by_batch.items() if len(starts) > 1],
        )


class Cluster:
    """A Dask cluster to audit on: a scheduler's address (``tcp://HOST:8786``), ``local:N`` (a ``LocalCluster``
    of N worker processes, started here and closed with this object) or a ``distributed.Client``.

    :meth:`submit` sends several targets' batches at once, one task graph; :func:`iter_on_cluster` then takes
    each target's results (or submits the job then, if it was not).
    """

    def __init__(self, address, *, connect_timeout: float = CONNECT_TIMEOUT,
                 workers_timeout: float = WORKERS_TIMEOUT):
        distributed = _distributed()
        self.token = uuid.uuid4().hex[:12]
        self._submitted = 0
        self._waiting: dict[tuple, list[ClusterRun]] = collections.defaultdict(list)
        self._checked: set[_TargetSpec] = set()
        self._local = None
        self._own_client = not isinstance(address, distributed.Client)
        if not self._own_client:
            self.client, self.address = address, address.scheduler.address
        else:
            kind, where = parse_address(address)
            self.address = address
            if kind == "local":
                self._local = _local_cluster(distributed, where)
                self.client = distributed.Client(self._local, set_as_default=False)
            else:
                try:
                    self.client = distributed.Client(where, timeout=connect_timeout, set_as_default=False)
                except (OSError, TimeoutError) as exc:
                    raise ClusterError(f"--cluster {address}: cannot reach the scheduler within "
                                       f"{connect_timeout:g}s ({exc})") from None
        try:
            self.client.wait_for_workers(1, timeout=workers_timeout)
        except TimeoutError:
            self.close()
            raise ClusterError(f"--cluster {self.address}: the scheduler has no worker (waited "
                               f"{workers_timeout:g}s)") from None

    def __enter__(self) -> "Cluster":
        return self

    def __exit__(self, *exc) -> bool:
        self.close()
        return False

    def threads(self) -> dict[str, int]:
        return self.client.nthreads()

    def describe(self) -> str:
        threads = self.threads()
        return f"Dask cluster {self.address} ({len(threads)} worker(s), {sum(threads.values())} thread(s))"

    def check(self, targets: Sequence[Target]) -> None:
        """Every worker has this process's environment and loads the targets: else a :class:`ClusterError`."""
        unchecked = {spec: t for t in targets if (spec := _TargetSpec.of(t)) not in self._checked}
        if not unchecked:
            return
        here = _environment({t.name: t.version for t in unchecked.values()})
        try:
            there = self.client.run(_worker_environment, list(unchecked))
        except Exception as exc:  # noqa: BLE001 - a worker that cannot even run the check
            raise ClusterError(f"--cluster {self.address}: cannot check the workers' environment: "
                               f"{type(exc).__name__}: {exc}") from None
        problems = [f"worker {address}: " + ", ".join(found) for address, env in sorted(there.items())
                    if (found := _differences(here, env))]
        if problems:
            raise ClusterError(f"--cluster {self.address}: the workers' environment differs from this one's "
                               "(install the same versions on every worker): " + "; ".join(problems))
        self._checked.update(unchecked)

    def submit(self, jobs: Sequence[tuple[Target, Sequence[Property]]], **options) -> list[ClusterRun]:
        """Submit each ``(target, properties)`` job's batches (``options``: those of :func:`iter_on_cluster`),
        all at once, the earlier jobs first; :func:`iter_on_cluster` takes them up by target and properties."""
        chosen = _options(**options)
        self.check([target for target, _ in jobs])
        threads = sum(self.threads().values())
        runs = []
        for target, props in jobs:
            runs.append(self._submit(target, list(props), chosen, threads))
            self._waiting[_job_key(target, props, chosen)].append(runs[-1])
        return runs

    def _submit(self, target: Target, props: list[Property], options: _Options, threads: int) -> ClusterRun:
        self._submitted += 1
        job = f"metric-assay-{self.token}-{self._submitted}"
        spec = _TargetSpec.of(target)
        count = min(len(props), BATCHES_PER_THREAD * max(1, threads))
        parts = [part.tolist() for part in np.array_split(np.arange(len(props)), count)] if props else []
        batches = [_Batch(f"{target.name} batch {k + 1}/{count}", part) for k, part in enumerate(parts)]
        futures = self.client.map(
            _run_batch, [(b.name, [props[i].id for i in b.positions]) for b in batches],
            key=[f"{job}-batch-{k}" for k in range(len(batches))], priority=-self._submitted,
            token=self.token, target=spec, options=options, topic=job, stop=f"{job}-stop",
            expected=_environment({target.name: target.version}),
        ) if batches else []
        return ClusterRun(self, target, props, batches, futures, topic=job, stop=f"{job}-stop")

    def run_for(self, target: Target, props: Sequence[Property], options: _Options) -> ClusterRun:
        """The submitted job of ``target`` and ``props`` with these options, else one submitted now."""
        waiting = self._waiting.get(_job_key(target, props, options))
        if waiting:
            return waiting.pop(0)
        self.check([target])
        return self._submit(target, list(props), options, sum(self.threads().values()))

    def close(self) -> None:
        for runs in self._waiting.values():  # submitted and never taken up (an interrupt)
            for run in runs:
                run.cancel()
        self._waiting.clear()
        try:
            self.client.run(_release, self.token)
        except Exception:  # noqa: BLE001 - workers gone or going: their children go with them
            pass
        if self._own_client:
            self.client.close()
        if self._local is not None:
            self._local.close()


def _local_cluster(distributed, workers: int):
    """``local:N``. A target's message that prints a set (scikit-learn's parameter checks do) follows the str
    hash seed, which Dask's nanny sets to its own (6640) for every worker: a seed given to this command is
    passed on, so that such reports equal the local ones."""
    import dask

    seed = os.environ.get("PYTHONHASHSEED")
    # dashboard_address ":0": the scheduler's HTTP server on a free port, not a warning when 8787 is taken
    with dask.config.set({"distributed.nanny.pre-spawn-environ.PYTHONHASHSEED": seed} if seed else {}):
        return distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                        dashboard_address=":0", silence_logs=logging.ERROR)


def _job_key(target: Target, props: Sequence[Property], options: _Options) -> tuple:
    return (target.name, target.import_path, target.deviations_file, tuple(p.id for p in props), options)


def iter_on_cluster(
    props: Sequence[Property],
    target: Target,
    *,
    cluster: "Cluster | str",
    settings_=None,
    seed: int | None = None,
    time_budget: float | None = None,
    edges: int | None = None,
    call_timeout: float | None = None,
    warmup_timeout: float | None = None,
    memory_limit: int | None | str = "default",
    jobs: int | None = None,
    on_start: Callable[[int, Property], None] | None = None,
    on_tick: Callable[[], None] | None = None,
    ran_on: dict | None = None,
) -> Iterator[tuple[int, Result]]:
    """:func:`properties.engine.isolation.fork_pool.iter_isolated` on a Dask cluster: yield ``(index, raw Result)`` as
    each batch ends. ``cluster``: a :class:`Cluster` (kept open), or an address it opens and closes.

    ``settings_`` is one of the registered profiles (it travels by name); ``jobs`` is unused (the cluster's
    worker threads are the parallelism); ``memory_limit="default"`` is each worker's own default for its
    threads. ``ran_on`` is filled with where the batches ran (:attr:`ClusterRun.ran_on`). ``on_start`` is
    called for a batch's properties once the batch has started. Closing the generator (an interrupt) cancels
    the job's batches, and the running ones stop within a second or so, their child processes killed.
    """
    del jobs
    chosen = _options(settings_=settings_, seed=seed, time_budget=time_budget, edges=edges,
                      call_timeout=call_timeout, warmup_timeout=warmup_timeout, memory_limit=memory_limit)
    owned = not isinstance(cluster, Cluster)
    session = Cluster(cluster) if owned else cluster
    try:
        run = session.run_for(target, props, chosen)
        if ran_on is not None:  # filled in place as the batches run: an interrupted audit's report has it too
            ran_on.update(run.ran_on)
            run.ran_on = ran_on
        yield from run.results(on_start, on_tick)
    finally:
        if owned:
            session.close()
