"""Hypothesis profiles: ``ci`` (derandomized, the default under ``make test``), ``dev``, ``thorough``."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, Phase, settings

_QUIET_HEALTH_CHECKS = [
    HealthCheck.too_slow,
    HealthCheck.data_too_large,
    HealthCheck.filter_too_much,
    HealthCheck.large_base_example,
    HealthCheck.differing_executors,
]

PROFILES = {
    # Same command, same versions -> same report: no randomness, no example database.
    "ci": dict(max_examples=60, derandomize=True, database=None),
    "dev": dict(max_examples=100),
    "thorough": dict(max_examples=1000),
}

# No explain phase: it re-runs a failing example many times to annotate source
# lines, which a conformance report does not show (about 4/5 of the time of a
# failing property). One bug per property: the report shows one counterexample.
_PHASES = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink]

for _name, _options in PROFILES.items():
    settings.register_profile(
        _name,
        deadline=None,
        phases=_PHASES,
        report_multiple_bugs=False,
        print_blob=False,
        suppress_health_check=_QUIET_HEALTH_CHECKS,
        **_options,
    )


def profile_settings(name: str) -> settings:
    if name not in PROFILES:
        raise ValueError(f"unknown profile {name!r}; expected one of {', '.join(PROFILES)}")
    return settings.get_profile(name)


def cache_dir() -> Path:
    """Where metric-assay keeps its caches: ``$METRIC_ASSAY_CACHE``, else the user's cache folder."""
    explicit = os.environ.get("METRIC_ASSAY_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "metric-assay"


def use_cache_dir() -> None:
    """Send Hypothesis's example database and caches to :func:`cache_dir`, not the working directory."""
    from hypothesis.configuration import set_hypothesis_home_dir

    set_hypothesis_home_dir(str(cache_dir() / "hypothesis"))
