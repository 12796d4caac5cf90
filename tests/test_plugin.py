"""The pytest plugin: --target selection, header, not-applicable as skipped."""

import json
from pathlib import Path

pytest_plugins = ["pytester"]

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

CONFORMANCE_ONLY = "from properties.conformance import test_conformance\n"


def test_header_names_the_resolved_target_version_and_profile(pytester):
    pytester.makepyfile(test_x=CONFORMANCE_ONLY)
    result = pytester.runpytest_subprocess("--target", "sklearn", "--hypothesis-profile=ci", "--collect-only")
    result.stdout.fnmatch_lines(["*metric-assay: target=sklearn version=*profile=ci*"])


def test_a_misspelt_target_is_an_error_not_a_silent_default(pytester):
    pytester.makepyfile(test_x=CONFORMANCE_ONLY)
    result = pytester.runpytest_subprocess("--target", "skleran", "-q", "-k", "accuracy")
    result.stderr.fnmatch_lines(["*target 'skleran' UNAVAILABLE*"])
    assert result.ret != 0


def test_a_target_import_slower_than_import_timeout_stops_the_run_naming_the_option(pytester):
    pytester.makepyfile(test_x=CONFORMANCE_ONLY, slow_adapter="import time\ntime.sleep(2)\n")
    result = pytester.runpytest_subprocess("--target", "slow_adapter", "--import-timeout", "0.3", "-q",
                                           "--collect-only")
    result.stderr.fnmatch_lines(["*importing 'slow_adapter' did not finish within 0.3s; --import-timeout raises "
                                 "the limit*"])
    assert result.ret != 0


def test_user_module_audit_skips_what_it_does_not_provide(pytester):
    # the user's adapter sits in the directory pytest is run from
    pytester.makepyfile(
        test_x=CONFORMANCE_ONLY, my_metrics_adapter=(EXAMPLES / "my_metrics_adapter.py").read_text()
    )
    result = pytester.runpytest_subprocess(
        "--target", "my_metrics_adapter", "--hypothesis-profile=ci", "-q", "-k", "bounds and (matthews or accuracy)",
        "-rs",
    )
    outcomes = result.parseoutcomes()
    assert outcomes.get("skipped", 0) > 0  # matthews_corrcoef is not provided: not applicable
    assert outcomes.get("passed", 0) > 0  # accuracy properties ran
    result.stdout.fnmatch_lines(["*not applicable: target does not provide matthews_corrcoef*"])


def test_under_xdist_a_target_that_exits_is_reported_not_lost(pytester, monkeypatch):
    # sys.exit(0) inside the metric used to end the session quietly, and those
    # properties vanished from --assay-report; each is now a crash, merged from both workers
    monkeypatch.setenv("PYTHONPATH", str(EXAMPLES.parent))
    pytester.makepyfile(test_x=CONFORMANCE_ONLY)
    report = pytester.path / "r.json"
    result = pytester.runpytest_subprocess(
        "-n", "2", "--target", "tests.hostile.sys_exit", "--hypothesis-profile=ci", "-q",
        "-k", "accuracy and (bounds or symmetry or perfect)", "--assay-report", str(report),
    )  # fmt: skip
    assert result.ret == 1
    data = json.loads(report.read_text())
    statuses = {r["property_id"]: r["status"] for r in data["results"] if r["property_id"].endswith("[accuracy]")}
    assert set(statuses) == {f"classification.{p}[accuracy]" for p in ("bounds", "symmetry", "perfect")}
    assert set(statuses.values()) == {"crash"}
    result.stdout.fnmatch_lines(["*CRASH classification.*accuracy*", "*target.accuracy raised SystemExit(0)*"])


def test_assay_examples_runs_fewer_draws_and_says_so(pytester):
    from properties.engine.vocabulary import registry

    pytester.makepyfile(test_x=CONFORMANCE_ONLY)
    pid = "classification.bounds[accuracy]"
    result = pytester.runpytest_subprocess(f"test_x.py::test_conformance[{pid}]", "--assay-examples", "3",
                                           "--hypothesis-profile=ci", "--assay-report", "r.json")
    result.stdout.fnmatch_lines(["*profile=ci (3 examples per property)*"])
    report = json.loads((pytester.path / "r.json").read_text())
    assert "3 examples per property" in report["signature"]["profile"]
    ran = {r["property_id"]: r for r in report["results"]}[pid]
    assert ran["status"] == "pass"
    # every edge case, then at most 3 draws (a draw the target skips is not counted)
    assert len(registry.get(pid).edges) < ran["examples"] <= len(registry.get(pid).edges) + 3
