"""Hypothesis profiles: ``ci`` (derandomized, the default under ``make test``), ``dev``, ``thorough``."""

from __future__ import annotations

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
