"""pytest plugin (registered through the ``pytest11`` entry point).

Adds ``--target`` (or ``METRIC_ASSAY_TARGET``), ``--deviations`` and
``--assay-report``; prints the resolved target, its version and the Hypothesis
profile in the header, so a typo cannot silently audit the wrong thing; and
parametrizes any test that asks for the ``assay_property`` fixture with every
conformance property.

Use it from this repository (``pytest --target sklearn``) or on your own
library from anywhere::

    pytest --pyargs properties.conformance --target mypackage.metrics_adapter
"""

from __future__ import annotations

import os
import sys
import warnings

import pytest

from . import profiles  # noqa: F401 - registers the Hypothesis profiles
from . import registry
from .audit import unmatched_deviations
from .report import Report, Signature
from .targets import TargetUnavailable, load_target, resolve_name

PROFILE_ENV = "METRIC_ASSAY_PROFILE"


class DeviationFixed(UserWarning):
    """A property listed as a known deviation of the target passed."""


def pytest_addoption(parser):
    group = parser.getgroup("metric-assay")
    group.addoption(
        "--target",
        default=None,
        help="target to audit: a bundled adapter name or 'package.module[:attribute]' "
        "(default: $METRIC_ASSAY_TARGET or 'metrics')",
    )
    group.addoption("--deviations", default=None, help="known-deviations file for the target")
    group.addoption(
        "--assay-report",
        action="append",
        default=[],
        metavar="PATH",
        help="write the conformance results of this run as a report (.json or .md)",
    )


def pytest_configure(config):
    config.addinivalue_line("markers", "assay: a conformance property run against the selected target")
    # Our profile names work with Hypothesis's own --hypothesis-profile; without it,
    # METRIC_ASSAY_PROFILE (default 'dev') picks one.
    if not config.getoption("hypothesis_profile", default=None):
        from hypothesis import settings

        settings.load_profile(os.environ.get(PROFILE_ENV, "dev"))
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    config._assay_results = []
    try:
        config._assay_target = load_target(
            config.getoption("target"), deviations_file=config.getoption("deviations")
        )
    except TargetUnavailable as exc:
        # A typo must not silently audit something else: stop before collecting.
        raise pytest.UsageError(
            f"metric-assay: target {resolve_name(config.getoption('target'))!r} UNAVAILABLE: {exc}"
        ) from None


def _profile_name() -> str:
    from hypothesis import settings

    return settings.get_current_profile_name()


def pytest_report_header(config):
    target = config._assay_target
    lines = [
        f"metric-assay: target={target.name} version={target.version} ({target.import_path}), "
        f"profile={_profile_name()}",
    ]
    if target.deviations:
        lines.append(f"metric-assay: {len(target.deviations)} known deviation(s) from {target.deviations_file or 'the module'}")
    return lines


@pytest.fixture(scope="session")
def assay_target(request):
    return request.config._assay_target


@pytest.fixture(scope="session")
def assay_results(request):
    return request.config._assay_results


def pytest_generate_tests(metafunc):
    if "assay_property" in metafunc.fixturenames:
        props = registry.conformance_properties()
        metafunc.parametrize("assay_property", props, ids=[p.id for p in props])


def pytest_collection_modifyitems(session, config, items):
    target = config._assay_target
    if target is None or not target.deviations:
        return
    if not any("assay_property" in getattr(item, "fixturenames", ()) for item in items):
        return
    for pid in unmatched_deviations(target, registry.conformance_properties()):
        warnings.warn(f"metric-assay: known deviation {pid!r} of {target.name} matches no property")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    results = config._assay_results
    if not results:
        return
    target = config._assay_target
    from hypothesis import settings

    report = Report(
        signature=Signature.collect(
            target,
            profile=_profile_name(),
            seed="derandomized" if settings().derandomize else "random (see Hypothesis output)",
        ),
        results=list(results),
        unmatched_deviations=unmatched_deviations(target, registry.conformance_properties()),
    )
    tr = terminalreporter
    tr.section(f"metric-assay conformance: {target.name} {target.version}")
    tr.write_line(f"{report.summary_line()}")
    for r in report.by_status("fixed"):
        tr.write_line(f"DEVIATION FIXED {r.property_id}: {r.detail}")
    for pid in report.unmatched_deviations:
        tr.write_line(f"WARNING: deviation {pid!r} matches no property")
    for path in config.getoption("assay_report"):
        tr.write_line(f"wrote {report.write(path)}")
