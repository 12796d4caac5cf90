"""Hypothesis profiles: ``ci`` (derandomized, the default under ``make test``), ``dev``, ``thorough``."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

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

for _name, _options in PROFILES.items():
    settings.register_profile(
        _name,
        deadline=None,
        print_blob=False,
        suppress_health_check=_QUIET_HEALTH_CHECKS,
        **_options,
    )


def profile_settings(name: str) -> settings:
    if name not in PROFILES:
        raise ValueError(f"unknown profile {name!r}; expected one of {', '.join(PROFILES)}")
    return settings.get_profile(name)
