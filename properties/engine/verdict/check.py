"""Checking one property against a target: its search (isolated or in process), then the target's deviations.
"""

from __future__ import annotations




from properties.engine.vocabulary.registry import Property
from properties.engine.vocabulary.results import Result, result_base
from properties.engine.target.loading import Target
from properties.engine.target.applicability import not_applicable_reason
from properties.engine.search.runner import run_in_process
from properties.engine.verdict.deviations import apply_deviation

def check_property(prop: Property, target: Target, *, isolate: bool = False, call_timeout: float | None = None,
                   memory_limit: int | None | str = "default", **search) -> Result:
    """Run one property against one target and classify the outcome.

    ``search`` takes :func:`run_property`'s options (``settings_``, ``seed``,
    ``time_budget``). With ``isolate=True`` the search runs in a worker process,
    and a call that runs longer than ``call_timeout`` seconds is killed (status
    ``hang``); one that allocates more than ``memory_limit`` bytes is status ``memory``
    (None: no limit; "default": :func:`properties.engine.vocabulary.memory.default_limit`).
    """
    reason = not_applicable_reason(prop, target)
    if reason is not None:
        return Result(status="n/a", detail=reason, **result_base(prop))
    if isolate:
        from properties.engine.isolation.fork_pool import run_pooled

        raw = run_pooled(prop, target, call_timeout=call_timeout, memory_limit=memory_limit, **search)
    else:
        raw = run_in_process(prop, target, **search)
    return apply_deviation(raw, target)
