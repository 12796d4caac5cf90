"""Auditing a target: every conformance property, one report."""

from __future__ import annotations

import random
from typing import Callable, Iterable

from hypothesis import settings

from . import profiles, registry
from .report import Report, Signature
from .runner import Result, check_property
from .targets import Target


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


def audit(
    target: Target,
    *,
    profile: str = "ci",
    seed: int | None = None,
    families: Iterable[str] | None = None,
    time_budget: float | None = None,
    progress: Callable[[Result], None] | None = None,
) -> Report:
    """Check every conformance property (optionally only some families) against ``target``."""
    props = registry.conformance_properties()
    every_id = props
    if families:
        wanted = set(families)
        unknown = wanted - set(registry.FAMILY_MODULES)
        if unknown:
            raise ValueError(f"unknown family {sorted(unknown)}; expected some of {registry.FAMILY_MODULES}")
        props = [p for p in props if p.family in wanted]
    base: settings = profiles.profile_settings(profile)
    run_seed, shown_seed = resolve_seed(profile, seed)
    results = []
    for p in props:
        result = check_property(p, target, settings_=base, seed=run_seed, time_budget=time_budget)
        results.append(result)
        if progress is not None:
            progress(result)
    return Report(
        signature=Signature.collect(target, profile=profile, seed=shown_seed),
        results=results,
        unmatched_deviations=unmatched_deviations(target, every_id),
    )
