"""pytest plugin (registered through the ``pytest11`` entry point).

Adds ``--target`` (or ``METRIC_ASSAY_TARGET``), ``--deviations``, ``--assay-report``,
``--call-timeout``, ``--import-timeout``, ``--memory-limit``, ``--assay-examples`` and ``--assay-fail-on``; prints the resolved target, its version and the Hypothesis
profile in the header, so a typo cannot silently audit the wrong thing; and
parametrizes any test that asks for the ``assay_property`` fixture with every
conformance property.

Use it from this repository (``pytest --target sklearn``) or on your own
library from anywhere::

    pytest --pyargs properties.engine.conformance --target mypackage.metrics_adapter
"""

from __future__ import annotations

import json
import os
import warnings

import pytest

from properties.engine.vocabulary import memory
from properties.engine.vocabulary import profiles  # noqa: F401 - registers the Hypothesis profiles
from properties.engine.vocabulary import registry
from properties.engine.vocabulary.results import Result
from properties.engine.target.errors import TargetUnavailable
from properties.engine.target.loading import DEFAULT_IMPORT_TIMEOUT, load_target, resolve_name
from properties.engine.isolation.fork_pool import DEFAULT_CALL_TIMEOUT, LARGE_CALL_TIMEOUT, TIMEOUT_ELEMENTS
from properties.engine.report.audit_report import (
    check_report_path, FAIL_ON, Report, Signature, unscoped_warning, untriaged_warning)
from properties.engine.cli.audit import unmatched_deviations

PROFILE_ENV = "METRIC_ASSAY_PROFILE"

#: the test report's user property that carries a conformance result (it crosses
#: from pytest-xdist workers to the controller, which writes --assay-report)
RESULT_KEY = "metric_assay_result"

#: the session's config, for the hooks that are not given it
_CONFIG: dict = {}


class DeviationFixed(UserWarning):
    """A property listed as a known deviation of the target passed."""


class RoundingLevel(UserWarning):
    """A property failed by a rounding-level discrepancy only (it fails the test with --assay-fail-on rounding)."""


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
    group.addoption(
        "--call-timeout",
        type=float,
        default=None,
        help=f"seconds one target call may run before it is killed (default {DEFAULT_CALL_TIMEOUT:g}, "
             f"{LARGE_CALL_TIMEOUT:g} with --assay-tier large; proportionally longer for a call given more than "
             f"{TIMEOUT_ELEMENTS:.0e} array elements)",
    )
    group.addoption(
        "--import-timeout",
        type=float,
        default=DEFAULT_IMPORT_TIMEOUT,
        metavar="SECONDS",
        help=f"how long importing the target may take (default {DEFAULT_IMPORT_TIMEOUT:g})",
    )
    group.addoption(
        "--memory-limit",
        default=None,
        metavar="SIZE",
        help="memory one target call may allocate: 4G, 512M, ... or none (default: the smaller of 4 GiB and "
             "half this machine's memory); a call over it is reported as memory",
    )
    group.addoption(
        "--assay-examples",
        type=int,
        default=None,
        metavar="N",
        help="random examples per conformance property in place of the profile's (a property with a budget of "
             "its own scales with it); edge cases and pinned examples always run. A quick check: the verdict "
             "of record is the profile's full budget (metric-assay audit)",
    )
    group.addoption(
        "--assay-edges",
        type=int,
        default=None,
        metavar="N",
        help="run only the first N edge cases of each conformance property (default: all). For a suite that "
             "runs the edge cases another way (this repository's make test: its edge-case meta-test runs each "
             "one against the catalog); an audit of record runs them all",
    )
    group.addoption(
        "--assay-fail-on",
        action="append",
        default=[],
        choices=FAIL_ON,
        metavar="SEVERITY",
        help="also fail on these findings: rounding (a property whose only findings are rounding-level passes "
             "with a RoundingLevel warning by default, as metric-assay audit exits 0 on them without --fail-on)",
    )
    group.addoption(
        "--assay-tier",
        default="standard",
        choices=registry.TIERS,
        help="standard: Hypothesis-sized inputs; large: structured inputs of 1e5 to 1e7 samples",
    )


def _tier(config) -> str:
    return config.getoption("assay_tier", default="standard")


def pytest_configure(config):
    config.addinivalue_line("markers", "assay: a conformance property run against the selected target")
    # Our profile names work with Hypothesis's own --hypothesis-profile; without it,
    # METRIC_ASSAY_PROFILE picks one, by default 'ci': the same verdicts as `metric-assay audit`.
    if not config.getoption("hypothesis_profile", default=None):
        from hypothesis import settings

        settings.load_profile(os.environ.get(PROFILE_ENV, "ci"))
    from properties.engine.vocabulary.profiles import use_cache_dir
    from properties.engine.cli.main import put_cwd_last

    put_cwd_last()
    use_cache_dir()
    config._assay_results = []
    _CONFIG["config"] = config
    for path in config.getoption("assay_report"):
        try:
            check_report_path(path)
        except ValueError as exc:
            raise pytest.UsageError(f"metric-assay: {exc}") from None
    examples = config.getoption("assay_examples", default=None)
    if examples is not None and examples < 1:
        raise pytest.UsageError(f"metric-assay: --assay-examples must be at least 1, got {examples}")
    edges = config.getoption("assay_edges", default=None)
    if edges is not None and edges < 0:
        raise pytest.UsageError(f"metric-assay: --assay-edges must be at least 0, got {edges}")
    try:
        chosen = config.getoption("memory_limit", default=None)
        config._assay_memory_limit = memory.parse_size(chosen) if chosen else memory.default_limit()
    except ValueError as exc:
        raise pytest.UsageError(f"metric-assay: {exc}") from None
    import_timeout = config.getoption("import_timeout", default=DEFAULT_IMPORT_TIMEOUT)
    if import_timeout <= 0:
        raise pytest.UsageError(f"metric-assay: --import-timeout must be positive, got {import_timeout:g}")
    try:
        config._assay_target = load_target(
            config.getoption("target"), deviations_file=config.getoption("deviations"), probe=True,
            import_timeout=import_timeout,
        )
    except TargetUnavailable as exc:
        # A typo must not silently audit something else: stop before collecting.
        raise pytest.UsageError(
            f"metric-assay: target {resolve_name(config.getoption('target'))!r} UNAVAILABLE: {exc}"
        ) from None


def _profile_name() -> str:
    from hypothesis import settings

    name = settings.get_current_profile_name()
    config = _CONFIG.get("config")
    examples = config.getoption("assay_examples", default=None) if config is not None else None
    edges = config.getoption("assay_edges", default=None) if config is not None else None
    limits = ([f"{examples} examples per property"] if examples is not None else []) + (
        [f"the first {edges} edge cases" if edges else "no edge cases"] if edges is not None else [])
    return f"{name} ({', '.join(limits)})" if limits else name


def pytest_report_header(config):
    target = config._assay_target
    lines = [
        f"metric-assay: target={target.name} version={target.version} ({target.import_path}), "
        f"profile={_profile_name()}, memory limit {memory.format_size(config._assay_memory_limit)} per call",
    ]
    if target.deviations:
        lines.append(f"metric-assay: {len(target.deviations)} known deviation(s) from {target.deviations_file or 'the module'}")
        unscoped = target.unscoped_deviations()
        if unscoped:
            lines.append(f"metric-assay: {unscoped_warning(unscoped)}")
        untriaged = target.untriaged_deviations()
        if untriaged:
            lines.append(f"metric-assay: {untriaged_warning(untriaged)}")
    return lines


@pytest.fixture(scope="session")
def assay_target(request):
    return request.config._assay_target


@pytest.fixture(scope="session")
def assay_results(request):
    return request.config._assay_results


@pytest.fixture(scope="session")
def assay_call_timeout(request):
    chosen = request.config.getoption("call_timeout")
    if chosen is not None:
        return chosen
    return LARGE_CALL_TIMEOUT if _tier(request.config) == "large" else DEFAULT_CALL_TIMEOUT


@pytest.fixture(scope="session")
def assay_search(request) -> dict:
    """The search options of every conformance property: the profile's, or ``--assay-examples`` examples, and
    the first ``--assay-edges`` edge cases.

    One settings object for the session: the pool of kept workers is keyed by it."""
    examples = request.config.getoption("assay_examples")
    edges = request.config.getoption("assay_edges", default=None)
    search = {} if edges is None else {"edges": edges}
    if examples is None:
        return search
    from hypothesis import settings

    return {**search, "settings_": settings(settings.default, max_examples=examples)}


@pytest.fixture(scope="session")
def assay_fail_on(request) -> tuple:
    """What fails a test beyond the violations of other severities (``--assay-fail-on``)."""
    return tuple(request.config.getoption("assay_fail_on", default=[]) or ())


@pytest.fixture(scope="session")
def assay_memory_limit(request):
    """Bytes one target call may allocate (None: no limit)."""
    return request.config._assay_memory_limit


def pytest_runtest_logreport(report):
    """Collect conformance results from test reports: in this process, or from xdist workers."""
    if report.when != "call":
        return
    for key, value in getattr(report, "user_properties", ()):
        if key == RESULT_KEY:
            _CONFIG["config"]._assay_results.append(Result.from_dict(json.loads(value)))



def pytest_generate_tests(metafunc):
    if "assay_property" in metafunc.fixturenames:
        props = registry.conformance_properties(_tier(metafunc.config))
        metafunc.parametrize("assay_property", props, ids=[p.id for p in props])


def pytest_collection_modifyitems(session, config, items):
    target = config._assay_target
    if target is None or not target.deviations:
        return
    if not any("assay_property" in getattr(item, "fixturenames", ()) for item in items):
        return
    for pid in unmatched_deviations(target, registry.conformance_properties(tier=None)):
        warnings.warn(f"metric-assay: known deviation {pid!r} of {target.name} matches no property")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    results = config._assay_results
    if not results or hasattr(config, "workerinput"):  # an xdist worker: the controller writes
        return
    target = config._assay_target
    from hypothesis import settings

    report = Report(
        signature=Signature.collect(
            target,
            profile=_profile_name(),
            seed="derandomized" if settings().derandomize else "random (see Hypothesis output)",
            properties=registry.conformance_properties(_tier(config)),
        ),
        results=list(results),
        unmatched_deviations=unmatched_deviations(target, registry.conformance_properties(tier=None)),
        unscoped_deviations=target.unscoped_deviations(),
        untriaged_deviations=target.untriaged_deviations(),
        fail_on=tuple(config.getoption("assay_fail_on", default=[]) or ()),
    )
    tr = terminalreporter
    tr.section(f"metric-assay conformance: {target.name} {target.version}")
    tr.write_line(f"{report.summary_line()}")
    for r in report.by_status("fixed"):
        tr.write_line(f"DEVIATION FIXED {r.property_id}: {r.detail}")
    if "rounding" not in report.fail_on:
        for r in report.rounding_level():
            tr.write_line(f"ROUNDING-LEVEL {r.property_id}: {r.detail.splitlines()[0]} (--assay-fail-on rounding "
                          "fails it)")
    for pid in report.unmatched_deviations:
        tr.write_line(f"WARNING: deviation {pid!r} matches no property")
    order = {p.id: i for i, p in enumerate(registry.conformance_properties(_tier(config)))}
    report.results.sort(key=lambda r: order.get(r.property_id, len(order)))
    for path in config.getoption("assay_report"):
        tr.write_line(f"wrote {report.write(path)}")
