"""The Dask backend (``--cluster``): the same report as the local pool, hostile targets handled the same way, a
lost Dask worker costing no result, workers of another version refused, an interrupt giving a partial report.

One LocalCluster of two worker processes serves the whole module (its start and the workers' first imports of
the spec and the targets are most of this file's time).
"""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="dask.distributed (the dask extra) is not installed")

from properties.engine.cli.audit import audit, select_properties  # noqa: E402
from properties.engine.cli.main import main  # noqa: E402
from properties.engine.isolation import cluster as cluster_mod  # noqa: E402
from properties.engine.isolation.cluster import Cluster, ClusterError  # noqa: E402
from properties.engine.target.applicability import not_applicable_reason  # noqa: E402
from properties.engine.target.loading import load_target  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: 17 properties of the catalog, 9 of scikit-learn's (one a known deviation with a pinned example)
FAMILY, ONLY = ["classification"], ["[balanced_accuracy]"]
SELECTION = ["--family", *FAMILY, *[a for pattern in ONLY for a in ("--only", pattern)]]
#: each hostile adapter once, on a property a correct accuracy passes
HOSTILE = {"hang": "hang", "os_exit": "crash", "abort": "crash", "sys_exit": "crash", "mutating": "mutation",
           "memory_hog": "memory"}
HOSTILE_OPTIONS = dict(only=["classification.bounds[accuracy]"], call_timeout=1, memory_limit=200 << 20)


@pytest.fixture(scope="module")
def dask_client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                       silence_logs=logging.ERROR)
    client = distributed.Client(cluster, set_as_default=False)
    yield client
    client.close()
    cluster.close()


@pytest.fixture(scope="module")
def session(dask_client):
    with Cluster(dask_client) as cluster:
        yield cluster


@pytest.fixture(scope="module")
def local_reports(tmp_path_factory):
    """The local pool's JSON reports of the selection, per target."""
    for name in ("metrics", "sklearn"):
        load_target(name)  # imported here: the command's probe does not import scikit-learn again in a child
    out = tmp_path_factory.mktemp("local") / "r.json"
    assert main(["audit", "metrics", "sklearn", *SELECTION, "--profile", "ci", "-q", "--report", str(out)]) == 0
    return {name: json.loads(out.with_name(f"r.{name}.json").read_text()) for name in ("metrics", "sklearn")}


def comparable(report: dict) -> dict:
    """A JSON report without what depends on where and when it ran: timings, warm-ups, hosts."""
    report = dict(report, signature=dict(report["signature"]),
                  results=[{k: v for k, v in r.items() if k not in ("seconds", "warmups")} for r in report["results"]])
    report.pop("ran_on", None)
    report["signature"].pop("created")
    return report


def test_the_json_report_on_a_cluster_is_the_local_one(dask_client, local_reports, tmp_path, capsys):
    out = tmp_path / "r.json"
    code = main(["audit", "metrics", "sklearn", *SELECTION, "--profile", "ci", "--report", str(out),
                 "--cluster", dask_client.scheduler.address])
    printed = capsys.readouterr().out
    assert code == 0, printed
    workers = set(dask_client.nthreads())
    for name, local in local_reports.items():
        on_cluster = json.loads(out.with_name(f"r.{name}.json").read_text())
        assert comparable(on_cluster) == comparable(local), name
        assert "ran_on" not in local
        ran_on = on_cluster["ran_on"]
        assert ran_on["backend"] == "dask" and ran_on["reruns"] == [] and ran_on["hosts"]
        assert set(ran_on["workers"]) <= workers and ran_on["batches"] == 6  # three per worker thread
    assert len(local_reports["sklearn"]["results"]) == 17 and local_reports["sklearn"]["summary"]["deviation"] == 1
    assert printed.count("ran on dask") == 2 and "2 worker(s), 2 thread(s)" in printed


def test_several_targets_and_tiers_are_one_graph_submitted_before_any_result_is_read(
        dask_client, tmp_path, monkeypatch, capsys):
    events = []
    for name in ("submit", "run_for"):
        original = getattr(Cluster, name)
        monkeypatch.setattr(Cluster, name,
                            lambda self, *a, _f=original, _n=name, **k: (events.append(_n), _f(self, *a, **k))[1])
    out = tmp_path / "r.json"
    code = main(["audit", "metrics", "sklearn", "--only", "classification.bounds[accuracy]", "--only",
                 "classification.large_duplication[accuracy]", "--tier", "standard", "--tier", "large", "-q",
                 "--report", str(out), "--cluster", dask_client.scheduler.address])
    assert code == 0, capsys.readouterr().out
    assert events == ["submit", "submit"] + ["run_for"] * 4, "one submission per tier, all before the first audit"
    for folder, tier in ((tmp_path, "standard"), (tmp_path / "large", "large")):
        for name in ("metrics", "sklearn"):
            report = json.loads((folder / f"r.{name}.json").read_text())
            assert report["signature"]["tier"] == tier and report["ran_on"]["backend"] == "dask"
            assert [r["status"] for r in report["results"]] == ["pass"], (name, tier)


def test_hostile_targets_end_on_a_cluster_as_they_do_locally_and_no_dask_worker_is_lost(session):
    workers = set(session.client.nthreads())
    targets = [load_target(f"tests.hostile.{name}", probe=True) for name in HOSTILE]
    props = select_properties(only=HOSTILE_OPTIONS["only"])
    # all six targets in one graph, then each report built from its own batches
    runs = session.submit([(t, [p for p in props if not_applicable_reason(p, t) is None]) for t in targets],
                          settings_=cluster_mod.profiles.profile_settings("ci"), call_timeout=1,
                          memory_limit=200 << 20)
    on_cluster = [audit(t, cluster=session, **HOSTILE_OPTIONS) for t in targets]
    local = [audit(t, jobs=2, **HOSTILE_OPTIONS) for t in targets]
    def outcome(report):
        return [(r.property_id, r.status, r.finding_class, r.severity) for r in report.results]

    assert [outcome(r) for r in on_cluster] == [outcome(r) for r in local]
    assert [r.results[0].status for r in on_cluster] == list(HOSTILE.values())
    assert all(report.ran_on is run.ran_on for report, run in zip(on_cluster, runs)), "the submitted graph was used"
    assert set(session.client.nthreads()) == workers, "a Dask worker was lost to a hostile target"


def test_an_interrupt_gives_a_partial_report_and_stops_the_running_batches(session):
    def interrupt(*_):
        raise KeyboardInterrupt

    report = audit(load_target("metrics"), families=FAMILY, only=ONLY, cluster=session, progress=interrupt)
    assert report.incomplete and len(report.results) == 1 and len(report.not_run) == 16
    assert report.ran_on["backend"] == "dask"

    # interrupted once its batches run, each in a call that would hang for 30 s: they are stopped, not waited for
    started = time.monotonic()
    report = audit(load_target("tests.hostile.hang", probe=True), only=HOSTILE_OPTIONS["only"], call_timeout=30,
                   cluster=session, on_start=interrupt)
    assert report.incomplete and report.not_run == HOSTILE_OPTIONS["only"]
    executing = lambda: session.client.run(lambda dask_worker: dask_worker.state.executing_count)  # noqa: E731
    while any(executing().values()) and time.monotonic() - started < 20:
        time.sleep(0.1)
    assert not any(executing().values()), "a batch of the interrupted audit still runs"
    assert time.monotonic() - started < 2 * cluster_mod.STOP_POLL + 5


def test_a_worker_of_another_version_or_without_the_target_stops_the_audit_with_a_clear_error(
        dask_client, tmp_path, monkeypatch, capsys):
    import metrics

    address = dask_client.scheduler.address
    worker = sorted(dask_client.nthreads())[0]
    here = metrics.__version__
    dask_client.run(lambda: setattr(sys.modules["metrics"], "__version__", "9.9.9"), workers=[worker])
    try:
        code = main(["audit", "metrics", "--only", "bounds[accuracy]", "--cluster", address])
    finally:
        dask_client.run(lambda: setattr(sys.modules["metrics"], "__version__", here), workers=[worker])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert f"worker {worker}: metric-assay 9.9.9 (here {here})" in err
    other = next(w for w in dask_client.nthreads() if w != worker)
    assert f"worker {other}" not in err

    (tmp_path / "only_here_adapter.py").write_text("from metrics import accuracy\n")
    monkeypatch.syspath_prepend(str(tmp_path))  # here, not on the workers
    assert main(["audit", "only_here_adapter", "--only", "bounds[accuracy]", "--cluster", address]) == 2
    err = capsys.readouterr().err
    assert "cannot load target 'only_here_adapter'" in err and "No module named 'only_here_adapter'" in err, err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("bad", ["local:0", "local:two", "8786", "http://host:8786", "tcp://"])
def test_a_malformed_cluster_is_a_one_line_usage_error(bad, capsys):
    assert main(["audit", "metrics", "--cluster", bad]) == 2
    err = capsys.readouterr().err
    assert err.startswith("metric-assay: --cluster") and len(err.strip().splitlines()) == 1, err


def test_an_unreachable_scheduler_one_without_workers_and_jobs_with_a_cluster_are_refused(capsys):
    with pytest.raises(ClusterError, match=r"^--cluster tcp://127.0.0.1:9: cannot reach the scheduler within 1s"):
        Cluster("tcp://127.0.0.1:9", connect_timeout=1)
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=":0") as empty:
        with pytest.raises(ClusterError, match=r"the scheduler has no worker \(waited 0.5s\)"):
            Cluster(empty.scheduler_address, workers_timeout=0.5)
    assert main(["audit", "metrics", "--cluster", "local:2", "--jobs", "2"]) == 2
    assert "--jobs and --cluster" in capsys.readouterr().err


@pytest.mark.parametrize(("variable", "expected"), [("CLUSTER=local:2", "--cluster local:2"), ("CLUSTER=", None)])
def test_make_passes_the_cluster_to_both_audits(variable, expected):
    for goal in ("audit", "audit-large"):
        # -o: the venv counts as installed, so only the audit's own recipe is printed
        proc = subprocess.run(["make", "-n", "-o", ".venv/.installed", goal, variable],
                              cwd=ROOT, capture_output=True, text=True, check=True)
        audit_line = next(line for line in proc.stdout.splitlines() if "metric-assay audit" in line)
        assert (expected in audit_line) if expected else ("--cluster" not in audit_line), audit_line


# last: the nanny's new worker has to import everything again
def test_a_worker_lost_mid_audit_loses_no_result_and_the_report_names_the_batch_that_ran_again(
        session, local_reports, monkeypatch):
    # two long batches, seen to start within 0.1 s: the batch killed is still running
    monkeypatch.setattr(cluster_mod, "BATCHES_PER_THREAD", 1)
    monkeypatch.setattr(cluster_mod, "EVENTS_POLL", 0.1)
    client = session.client
    pids = client.run(os.getpid)
    killed: list[str] = []

    def kill_a_busy_worker(prop):
        busy = [worker for worker, keys in client.processing().items() if keys]
        if not killed and busy:
            killed.append(busy[0])
            os.kill(pids[busy[0]], signal.SIGKILL)

    report = audit(load_target("metrics"), families=FAMILY, only=ONLY, cluster=session, on_start=kill_a_busy_worker)
    assert killed
    assert comparable(report.to_dict()) == comparable(local_reports["metrics"])
    reruns = report.ran_on["reruns"]
    assert reruns and all(r["lost_workers"] == killed for r in reruns), reruns
    assert all(r["ran_again_on"] != killed[0] and r["properties"] for r in reruns)
    rerun = reruns[0]
    assert f"RE-RAN {rerun['batch']} after the loss of the Dask worker(s) {killed[0]}" in report.to_terminal()
    assert f"RE-RAN {rerun['batch']} after the loss" in report.to_markdown()
