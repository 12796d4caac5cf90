"""The audit survives any target: each hostile adapter in tests/hostile/ misbehaves one way.

Every case runs the real console command in a subprocess (as a CI job would)
and asserts the status the report gives, the exit code, and that a valid
report was written.
"""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from properties.engine.vocabulary.guards import _numeric_problem
from properties.engine.vocabulary.pasteable import calls_of

ROOT = Path(__file__).resolve().parent.parent
EXE = str(Path(sys.executable).parent / "metric-assay")

#: properties a plain, correct accuracy passes; enough to see each misbehaviour
ACCURACY = [
    "--only", "classification.bounds[accuracy]",
    "--only", "classification.symmetry[accuracy]",
    "--only", "classification.perfect[accuracy]",
]  # fmt: skip


#: the command line of this checkout's own CLI (the console script runs the checkout it was installed from)
CHECKOUT_CLI = [sys.executable, "-m", "properties.engine.cli.main"]


def audit(*args, cwd=ROOT, env=None, timeout=240, command=None):
    run_env = dict(os.environ, METRIC_ASSAY_CACHE=str(Path(cwd) / ".cache-test"), **(env or {}))
    return subprocess.run(
        [*(command or [EXE]), "audit", *args], cwd=cwd, capture_output=True, text=True, timeout=timeout,
        env=run_env, check=False,
    )


def statuses(report_path: Path) -> dict[str, str]:
    data = json.loads(report_path.read_text())
    return {r["property_id"]: r["status"] for r in data["results"]}


def run_case(tmp_path, module, *extra, command=None):
    out = tmp_path / "audit.json"
    md = tmp_path / "audit.md"
    proc = audit(f"tests.hostile.{module}", *ACCURACY, "--report", str(out), "--report", str(md), *extra,
                 command=command)
    assert out.exists(), proc.stdout + proc.stderr
    data = json.loads(out.read_text())  # valid JSON
    assert not data["incomplete"]
    assert md.read_text().startswith("# Conformance report")
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc, data, statuses(out)


def test_a_metric_that_hangs_is_killed_and_reported_with_its_input(tmp_path):
    started = time.monotonic()
    proc, data, found = run_case(tmp_path, "hang", "--call-timeout", "1")
    assert time.monotonic() - started < 120
    assert "hang" in found.values()
    hung = next(r for r in data["results"] if r["status"] == "hang")
    assert "target.accuracy(" in hung["reproduction"] and "killed after 1s" in hung["detail"]
    assert proc.returncode == 1


@pytest.mark.parametrize(
    ("module", "how"),
    [
        ("os_exit", "exited with status 1"),
        ("abort", "SIGABRT"),
        ("segfault", "SIGSEGV"),
        ("sys_exit", "SystemExit(0)"),
    ],
)
def test_a_metric_that_kills_its_process_is_a_crash(tmp_path, module, how):
    stale = tmp_path / "audit.json"
    stale.write_text('{"stale": true}')
    proc, data, found = run_case(tmp_path, module)
    assert set(found.values()) == {"crash"}, found
    assert all(how in r["detail"] for r in data["results"]), [r["detail"] for r in data["results"]]
    assert proc.returncode == 1
    if module == "os_exit":  # what the target printed is kept, and shown only inside the report
        assert "about to leave" in data["results"][0]["traceback"]
        assert "about to leave" not in proc.stdout.split("== metric-assay conformance")[0]


@pytest.mark.parametrize("module", ["sys_exit_at_import", "os_exit_at_import"])
def test_a_target_that_exits_while_imported_is_a_usage_error(tmp_path, module):
    proc = audit(f"tests.hostile.{module}", "--report", str(tmp_path / "r.json"))
    assert proc.returncode == 2
    assert module in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_numeric_strings_are_not_numbers(tmp_path):
    proc, data, found = run_case(tmp_path, "numeric_strings")
    assert "fail" in found.values()
    assert any("returned str" in r["detail"] for r in data["results"])
    assert proc.returncode == 1


def test_in_place_mutation_is_found_and_the_reproduction_shows_the_input_before_the_call(tmp_path):
    proc, data, found = run_case(tmp_path, "mutating")
    assert "mutation" in found.values()
    mutated = next(r for r in data["results"] if r["status"] == "mutation")
    assert "'y_true'" in mutated["detail"]
    # the reproduction must replay the failure: the arguments as passed, not as sorted by the target
    call = calls_of(mutated["reproduction"])[0]
    assert "target.accuracy(" in call
    assert proc.returncode == 1


def test_a_noisy_target_is_nondeterministic_and_stable_across_derandomized_runs(tmp_path):
    first_dir, second_dir = tmp_path / "1", tmp_path / "2"
    first_dir.mkdir(), second_dir.mkdir()
    proc1, _, first = run_case(first_dir, "noisy")
    proc2, _, second = run_case(second_dir, "noisy")
    assert "nondeterministic" in first.values(), first
    assert first == second
    assert proc1.returncode == proc2.returncode == 1


def test_unserializable_conventions_still_give_a_json_report(tmp_path):
    proc, data, found = run_case(tmp_path, "unserializable_conventions")
    assert set(found.values()) == {"pass"}
    assert "lambda" in data["signature"]["conventions"]["callback"]
    assert proc.returncode == 0


def test_an_error_result_with_a_metric_input_error_is_written_to_json(tmp_path):
    proc, data, found = run_case(tmp_path, "refuses_valid_input")
    assert set(found.values()) == {"error"}
    assert "MetricInputError" in data["results"][0]["detail"]
    assert proc.returncode == 1


def test_a_module_with_no_catalog_names_verified_nothing(tmp_path):
    out = tmp_path / "r.json"
    proc = audit("tests.hostile.no_catalog_names", "--family", "classification", "--report", str(out))
    assert proc.returncode == 3
    assert set(statuses(out).values()) == {"n/a"}
    assert "nothing was verified" in proc.stdout


def test_an_empty_target_name_is_a_usage_error():
    proc = audit("")
    assert proc.returncode == 2
    assert "empty" in proc.stderr and "Traceback" not in proc.stderr


def test_a_zero_time_budget_still_runs_one_example_per_property(tmp_path):
    out = tmp_path / "r.json"
    proc = audit("tests.hostile.numeric_strings", *ACCURACY, "--time-budget", "0", "--report", str(out))
    assert "fail" in statuses(out).values()
    assert proc.returncode == 1


def test_target_text_is_inert_in_markdown(tmp_path):
    md = tmp_path / "r.md"
    proc = audit("tests.hostile.markdown_injection", *ACCURACY, "--report", str(md))
    text = md.read_text()
    assert proc.returncode == 0
    assert "<script>" not in text and "\n# heading" not in text
    assert "| injected | cell |" not in text


def test_two_targets_with_the_same_name_get_separate_reports(tmp_path):
    out = tmp_path / "r.json"
    proc = audit("tests.hostile.same_name_a", "tests.hostile.same_name_b", *ACCURACY, "--report", str(out))
    a = tmp_path / "r.tests.hostile.same_name_a.json"
    b = tmp_path / "r.tests.hostile.same_name_b.json"
    assert set(statuses(a).values()) == {"pass"}
    assert "fail" in statuses(b).values()
    assert proc.returncode == 1


def test_usage_errors_are_caught_before_the_first_property(tmp_path):
    (tmp_path / "broken_adapter.py").write_text("def accuracy(y_true, y_pred)\n    return 1.0\n")
    cases = [
        (["broken_adapter"], "SyntaxError"),
        ([".relative"], "absolute module name"),
        (["tests.hostile.numeric_strings", "--deviations", "missing.txt"], "--deviations"),
        (["tests.hostile.numeric_strings", "--baseline", "missing.json"], "does not exist"),
        (["tests.hostile.numeric_strings", "--report", "r.txt"], "unknown report format"),
        (["tests.hostile.numeric_strings", "--report", "/proc/no/r.json"], "--report"),
    ]
    for args, message in cases:
        started = time.monotonic()
        proc = audit(*args, cwd=tmp_path, env={"PYTHONPATH": str(ROOT)})
        assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
        assert message in proc.stderr and "Traceback" not in proc.stderr, (args, proc.stderr)
        assert "auditing" not in proc.stdout, "refused before any property ran"
        assert time.monotonic() - started < 60


def test_a_baseline_of_another_target_is_refused_unless_asked(tmp_path):
    base = tmp_path / "base.json"
    audit("tests.hostile.unserializable_conventions", *ACCURACY, "--report", str(base))
    refused = audit("tests.hostile.numeric_strings", *ACCURACY, "--baseline", str(base))
    assert refused.returncode == 2 and "not comparable" in refused.stderr
    accepted = audit("tests.hostile.numeric_strings", *ACCURACY, "--baseline", str(base), "--baseline-any")
    assert accepted.returncode == 1  # its failures are all new


def test_diff_exits_1_when_the_second_report_has_new_violations(tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    audit("tests.hostile.same_name_a", *ACCURACY, "--report", str(good))
    audit("tests.hostile.same_name_b", *ACCURACY, "--report", str(bad))
    run = lambda a, b: subprocess.run([EXE, "diff", str(a), str(b)], capture_output=True, text=True, check=False)  # noqa: E731
    assert run(good, bad).returncode == 1
    assert run(bad, good).returncode == 0


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_an_interrupt_writes_a_partial_report_marked_incomplete(tmp_path, signum, code):
    out = tmp_path / "r.json"
    journal = tmp_path / ".r.json.journal.jsonl"
    env = dict(os.environ, METRIC_ASSAY_CACHE=str(tmp_path / "cache"))
    proc = subprocess.Popen(
        [EXE, "audit", "tests.hostile.hang", "--family", "classification", "--call-timeout", "60", "-j", "1",
         "--report", str(out)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    deadline = time.monotonic() + 90
    # the first results (n/a ones) are journaled once the imports are done and workers start
    while not (journal.exists() and journal.read_text()) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1)
    proc.send_signal(signum)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == code, stdout + stderr
    data = json.loads(out.read_text())
    assert data["incomplete"] and data["not_run"]
    assert "Traceback" not in stderr
    assert not list(tmp_path.glob(".r.json*")), "no temporary or journal file left behind"


def test_the_working_directory_cannot_shadow_an_installed_library(tmp_path):
    (tmp_path / "sklearn.py").write_text("raise RuntimeError('the stray sklearn.py was imported')\n")
    proc = audit("sklearn", "--only", "classification.bounds[accuracy]", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not (tmp_path / ".hypothesis").exists()


def test_a_closed_pipe_ends_quietly():
    shell = f"'{EXE}' list | head -n 1; '{EXE}' audit tests.hostile.same_name_a {' '.join(repr(a) for a in ACCURACY)} | head -n 1"
    proc = subprocess.run(["bash", "-o", "pipefail", "-c", shell], cwd=ROOT, capture_output=True, text=True, check=False)
    assert "BrokenPipeError" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


@pytest.mark.parametrize(("value", "problem"), [
    ({"AP": 0.5, "AR100": np.float32(0.25)}, None),  # a summary dict (coco_map)
    ((np.array([True, False]), np.array([0, -1])), None),  # flags inside a tuple of results (match_detections)
    ({"AP": "0.5"}, "a dict whose 'AP' is str"),
    (np.array([True, False]), "an array of dtype bool"),  # a bare flag array is not a metric value
    ({"AP": {"AP": {"AP": {"AP": 0.5}}}}, "dict"),  # nested past any catalog result
])
def test_return_guard_accepts_numbers_in_dicts_and_flags_in_tuples_only(value, problem):
    found = _numeric_problem(value)
    assert (found is None) if problem is None else (problem in found), found


def test_a_metric_over_the_memory_limit_is_reported_with_its_call_and_input_size(tmp_path):
    started = time.monotonic()
    proc, data, found = run_case(tmp_path, "memory_hog", "--memory-limit", "200M", command=CHECKOUT_CLI)
    assert time.monotonic() - started < 120  # the allocation fails at once, it does not swap
    assert "memory limit 200 MiB per call" in proc.stdout.splitlines()[0]
    assert set(found.values()) == {"memory"}, found  # every property reached a verdict: the audit went on
    for r in data["results"]:
        assert "limit of 200 MiB" in r["detail"] and "MemoryError" in r["detail"], r["detail"]
        assert "during target.accuracy(" in r["detail"] and "input size: ndarray 4 int64" in r["detail"]
        assert r["severity"] == "crash" and r["finding_class"] == "memory"
        assert "target.accuracy(" in r["reproduction"]
    assert "MEMORY" in proc.stdout
    assert proc.returncode == 1


def test_memory_the_limit_cannot_see_is_killed_by_the_watchdog(tmp_path):
    # a shared mapping is not counted by RLIMIT_DATA: the parent kills the worker holding it
    started = time.monotonic()
    proc, data, found = run_case(tmp_path, "memory_shared", "--memory-limit", "200M", command=CHECKOUT_CLI)
    assert time.monotonic() - started < 120  # killed long before the target's 20 s sleep per call ends
    assert set(found.values()) == {"memory"}, found
    for r in data["results"]:
        assert "was killed holding" in r["detail"] and "memory limit of 200 MiB" in r["detail"], r["detail"]
        assert "during target.accuracy(" in r["detail"] and "input size: ndarray" in r["detail"]
    assert proc.returncode == 1


def test_a_metric_within_the_memory_limit_is_unaffected(tmp_path):
    # 64 MiB per call and (when installed) torch imported inside a call: its reserved address space and
    # the pages of its libraries are not memory the call holds
    proc, data, found = run_case(tmp_path, "memory_modest", "--memory-limit", "200M", command=CHECKOUT_CLI)
    assert set(found.values()) == {"pass"}, [(r["status"], r["detail"]) for r in data["results"]]
    assert proc.returncode == 0


def test_the_default_memory_limit_is_shown_in_the_header(tmp_path):
    from properties.engine.vocabulary.memory import default_limit, format_size, physical_memory
    from properties.engine.isolation.fork_pool import default_jobs

    limit = default_limit(default_jobs())  # the audit's default --jobs
    assert limit == min(4 << 30, physical_memory() // (2 * default_jobs()))
    proc = audit("tests.hostile.same_name_a", "--only", "classification.bounds[accuracy]", command=CHECKOUT_CLI)
    assert f"memory limit {format_size(limit)} per call" in proc.stdout.splitlines()[0], proc.stdout
    refused = audit("tests.hostile.same_name_a", "--memory-limit", "lots", command=CHECKOUT_CLI)
    assert refused.returncode == 2 and "--memory-limit" in refused.stderr and "Traceback" not in refused.stderr
