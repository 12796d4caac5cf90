"""Auditing a target: every conformance property, one report.

One property's way through :func:`audit` meets each layer once, in order: the target layer decides whether it
applies (:mod:`properties.engine.target.applicability`, signature introspection only); an isolation backend
runs its search somewhere safe and hands back a raw result (:mod:`properties.engine.isolation.fork_pool`, worker
processes here; :mod:`properties.engine.isolation.cluster`, a Dask cluster;
:mod:`properties.engine.isolation.in_process`, none); the verdict step applies the target's deviations to it,
once (:func:`properties.engine.verdict.deviations.apply_deviation`); the report layer holds them all. Results
are appended to a journal as they arrive, and an interrupt (SIGINT, SIGTERM) ends the audit with a partial
report marked incomplete instead of losing it.
"""

from __future__ import annotations

import fnmatch
import json
import random
import time
from pathlib import Path
from typing import Callable, Iterable

from hypothesis import settings

from properties.engine.vocabulary import ids, profiles, registry
from properties.engine.vocabulary.results import Result
from properties.engine.target.loading import DEFAULT_TARGET, Target
from properties.engine.target.references import reference_available
from properties.engine.target.applicability import not_applicable_reason
from properties.engine.isolation.fork_pool import default_jobs, iter_isolated
from properties.engine.isolation.in_process import iter_in_process
from properties.engine.verdict.deviations import apply_deviation
from properties.engine.report.audit_report import Report, Signature


def resolve_seed(profile: str, seed: int | None) -> tuple[int | None, str]:
    """The seed to run with, and how the report should show it."""
    if profiles.profile_settings(profile).derandomize:
        return None, "derandomized"
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return seed, str(seed)


def unmatched_deviations(target: Target, properties: Iterable[registry.Property]) -> list[str]:
    ids = {p.id for p in properties}
    return sorted(pid for pid in target.deviations if pid not in ids)


def select_properties(
    families: Iterable[str] | None = None, only: Iterable[str] | None = None, tier: str = "standard"
) -> list[registry.Property]:
    """The conformance properties of ``tier`` and ``families`` whose ids match one of the ``only`` patterns."""
    props = registry.conformance_properties(tier)
    if families:
        wanted = set(families)
        unknown = wanted - set(registry.FAMILY_MODULES)
        if unknown:
            raise ValueError(
                f"--family: unknown family {', '.join(sorted(unknown))}; expected some of "
                f"{', '.join(registry.FAMILY_MODULES)}"
            )
        props = [p for p in props if p.family in wanted]
    if only:
        patterns = [ids.resolve(pattern, where="--only") for pattern in only]
        # brackets are part of property ids (``bounds[f1]``), never a glob character class: '*[confusion_matrix]*'
        # read as a class would select nearly every property
        globs = ["".join({"[": "[[]", "]": "[]]"}.get(c, c) for c in pat) for pat in patterns]
        props = [p for p in props
                 if any(fnmatch.fnmatchcase(p.id, glob) or pat in p.id for pat, glob in zip(patterns, globs))]
        if not props:
            raise ValueError(f"--only: no property id matches {', '.join(map(repr, patterns))}")
    return props


class Journal:
    """Results appended one JSON line each as they complete (fsync'd): what survives a kill."""

    def __init__(self, path: Path | None):
        self.path = path
        self._handle = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._handle = open(path, "w", encoding="utf-8")

    def append(self, result: Result) -> None:
        if self._handle is not None:
            self._handle.write(json.dumps(result.to_dict(), default=repr) + "\n")
            self._handle.flush()

    def close(self, *, keep: bool = False) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None
            if not keep and self.path is not None:
                self.path.unlink(missing_ok=True)


def audit(
    target: Target,
    *,
    profile: str = "ci",
    seed: int | None = None,
    families: Iterable[str] | None = None,
    only: Iterable[str] | None = None,
    time_budget: float | None = None,
    call_timeout: float | None = None,
    warmup_timeout: float | None = None,
    memory_limit: int | None | str = "default",
    jobs: int | None = None,
    isolate: bool = True,
    progress: Callable[[Result], None] | None = None,
    on_start: Callable[[registry.Property], None] | None = None,
    on_tick: Callable[[], None] | None = None,
    journal: Journal | None = None,
    tier: str = "standard",
    cluster=None,
) -> Report:
    """Check every selected conformance property against ``target``.

    Never raises on an interrupt: a ``KeyboardInterrupt`` (the CLI turns SIGTERM
    into one too) stops the workers and returns the report so far, marked
    incomplete, with the ids that did not run.

    ``cluster``: run the properties on a Dask cluster (:mod:`properties.engine.isolation.cluster`: an address such as
    ``tcp://HOST:8786`` or ``local:N``, or a ``Cluster`` whose jobs were submitted together) instead of the
    local pool; the report's ``ran_on`` says where.
    """
    if cluster is not None and not isolate:
        raise ValueError("a cluster runs the properties isolated: cluster= needs isolate=True")
    props = select_properties(families, only, tier)
    every_id = registry.conformance_properties(tier=None)  # a deviations file may list ids of either tier
    base: settings = profiles.profile_settings(profile)
    run_seed, shown_seed = resolve_seed(profile, seed)
    results: list[Result | None] = [None] * len(props)
    ran_on: dict = {}

    def record(index: int, result: Result) -> None:
        results[index] = result
        if journal is not None:
            journal.append(result)
        if progress is not None:
            progress(result)

    interrupted = False
    try:
        _warm_references(props)
        applicable = []
        for index, p in enumerate(props):
            reason = not_applicable_reason(p, target)
            if reason is None:
                applicable.append((index, p))
            else:
                record(index, Result(status="n/a", detail=reason, property_id=p.id, statement=p.statement,
                                     kind=p.kind, family=p.family, metrics=p.metrics))
        options = dict(settings_=base, seed=run_seed, time_budget=time_budget, call_timeout=call_timeout,
                       warmup_timeout=warmup_timeout, memory_limit=memory_limit, jobs=jobs or default_jobs(),
                       on_start=(lambda i, p: on_start(p)) if on_start else None, on_tick=on_tick)
        # the isolation backend runs the search and returns raw results; the verdict is applied here, once each
        if not isolate:
            runs = iter_in_process([p for _, p in applicable], target, **options)
        elif cluster is None:
            runs = iter_isolated([p for _, p in applicable], target, **options)
        else:
            runs = _on_cluster(cluster, ran_on)([p for _, p in applicable], target, **options)
        try:
            for position, result in runs:
                record(applicable[position][0], apply_deviation(result, target))
        finally:
            runs.close()
    except KeyboardInterrupt:
        interrupted = True
    done = [r for r in results if r is not None]
    # the report layer last: a reader following one property from here meets each layer once, in order
    return Report(
        signature=Signature.collect(target, profile=profile, seed=shown_seed, properties=props),
        results=done,
        unmatched_deviations=unmatched_deviations(target, every_id),
        unscoped_deviations=[pid for pid in target.unscoped_deviations() if pid in {p.id for p in props}],
        untriaged_deviations=[line for line in target.untriaged_deviations()
                              if line.split(" ", 1)[0] in {p.id for p in props}],
        incomplete=interrupted,
        not_run=[p.id for p, r in zip(props, results) if r is None],
        ran_on=ran_on,
    )


def _on_cluster(cluster, ran_on: dict):
    """:func:`properties.engine.isolation.cluster.iter_on_cluster` on ``cluster``, filling ``ran_on`` (dask imported only
    for an audit on a cluster)."""
    from functools import partial

    from properties.engine.isolation.cluster import iter_on_cluster

    return partial(iter_on_cluster, cluster=cluster, ran_on=ran_on)


def _warm_references(props) -> None:
    """Import the reference adapters the selected properties compare with, in the parent, before any worker is
    forked.

    Workers do not each pay for the imports. Only the selected properties' references: all of them
    (torch among them) take 6 s to import, which an audit of a few properties should not pay. (The
    examples no longer depend on which modules are loaded: :mod:`properties.engine.search.draws`.)
    """
    for name in sorted({p.reference for p in props if p.reference} - {DEFAULT_TARGET}):
        reference_available(name)


def journal_path_for(report_paths: list[Path], cache_dir: Path, target_name: str) -> Path:
    if report_paths:
        first = report_paths[0]
        return first.with_name(f".{first.name}.journal.jsonl")
    return cache_dir / "journal" / f"{target_name}-{int(time.time())}.jsonl"
