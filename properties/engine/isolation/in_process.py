"""The backend that isolates nothing: every property searched in this process, one after the other.

For debugging a check (a breakpoint in the spec reaches the target's call) and for the tests that need a
verdict fast. A target that hangs, exits or exhausts memory takes the audit with it: audits of targets run
isolated (:mod:`properties.engine.isolation.fork_pool`, :mod:`properties.engine.isolation.cluster`).
"""

from __future__ import annotations

from typing import Callable, Iterator, Sequence

from properties.engine.vocabulary.registry import Property
from properties.engine.vocabulary.results import Result
from properties.engine.target.loading import Target
from properties.engine.search.runner import run_in_process


def iter_in_process(
    props: Sequence[Property],
    target: Target,
    *,
    on_start: Callable[[int, Property], None] | None = None,
    **options,
) -> Iterator[tuple[int, Result]]:
    """:func:`properties.engine.isolation.fork_pool.iter_isolated`'s contract, in this process: yield
    ``(index, raw Result)`` per property, in order. ``options``: :func:`run_in_process`'s (the isolation
    options, time and memory limits, have no effect here)."""
    search_options = {k: options[k] for k in ("settings_", "seed", "time_budget", "edges") if k in options}
    for index, prop in enumerate(props):
        if on_start is not None:
            on_start(index, prop)
        yield index, run_in_process(prop, target, **search_options)
