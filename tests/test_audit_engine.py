"""The audit engine: journal, partial reports on interrupt, exit codes, progress."""

import io
import json

from properties.engine.vocabulary.results import Result
from properties.engine.target.loading import load_target
from properties.engine.report.audit_report import EXIT_CLEAN, EXIT_NOTHING_VERIFIED, EXIT_VIOLATIONS, Report, Signature
from properties.engine.report.progress import Progress
from properties.engine.cli.audit import audit, Journal
from tests.toys import toy_target

ONLY = ["classification.bounds[accuracy]", "classification.symmetry[accuracy]"]


def _result(status, pid="toy.x", family="toy"):
    return Result(property_id=pid, statement="s", kind="bound", family=family, metrics=("m",), status=status)


def test_each_result_is_journaled_as_it_completes_and_the_journal_goes_when_closed(tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal(path)
    report = audit(load_target("metrics"), only=ONLY, journal=journal, jobs=1)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["property_id"] for r in lines] == [r.property_id for r in report.results]
    journal.close()
    assert not path.exists()


def test_an_interrupt_returns_the_results_so_far_marked_incomplete(monkeypatch):
    seen = []

    def interrupt_after_first(result):
        seen.append(result)
        raise KeyboardInterrupt

    report = audit(load_target("metrics"), only=ONLY, progress=interrupt_after_first, jobs=1)
    assert report.incomplete
    assert len(report.results) == 1 and report.not_run == [ONLY[1]]
    assert report.exit_code() == 130
    assert "INCOMPLETE" in report.to_markdown() and "INCOMPLETE" in report.summary_line()


def test_exit_codes_follow_the_table():
    sig = Signature.collect(toy_target(), profile="ci", seed="derandomized", properties=[])
    report = lambda *statuses: Report(sig, [_result(s) for s in statuses])  # noqa: E731
    assert report("pass", "n/a").exit_code() == EXIT_CLEAN
    assert report("pass", "fail").exit_code() == EXIT_VIOLATIONS
    for bad in ("error", "crash", "hang", "memory", "mutation", "nondeterministic", "timeout", "spec-error"):
        assert report("pass", bad).exit_code() == EXIT_VIOLATIONS, bad
    assert report("n/a", "n/a").exit_code() == EXIT_NOTHING_VERIFIED
    assert report("timeout", "timeout").exit_code() == EXIT_NOTHING_VERIFIED
    assert report().exit_code() == EXIT_NOTHING_VERIFIED
    assert report("deviation").exit_code() == EXIT_CLEAN


def test_progress_in_a_log_is_one_line_per_family_and_live_shows_what_runs():
    props = [type("P", (), {"id": f"{f}.p{i}", "family": f})() for f in ("a", "b") for i in range(2)]
    out = io.StringIO()
    progress = Progress(out, props, mode="lines")
    for p, status in zip(props, ["pass", "fail", "pass", "n/a"]):
        progress.started_property(p)
        progress.finished(_result(status, p.id, p.family))
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and lines[0].startswith("  a: 2 properties (1 pass, 1 FAIL)")
    live = Progress(io.StringIO(), props, mode="live")
    live.started_property(props[0])
    live.finished(_result("fail", props[1].id, "a"))
    line = live.status_line()
    assert "[1/4] 1 violation(s)" in line and props[0].id in line and "ETA" in line


def test_a_log_gets_a_status_line_whenever_nothing_was_written_for_30_seconds():
    """A property that runs for minutes (a library's first call compiling) must not look like a hung job."""
    from properties.engine.report.progress import HEARTBEAT

    now = [0.0]
    props = [type("P", (), {"id": f"a.p{i}", "family": "a"})() for i in range(2)]
    out = io.StringIO()
    progress = Progress(out, props, mode="lines", clock=lambda: now[0])
    progress.started_property(props[0])
    for t in range(0, 100):  # the audit's wait loop ticks every 50 ms; here once a second for 100 s
        now[0] = float(t)
        progress.tick()
    lines = out.getvalue().splitlines()
    assert len(lines) == int(99 // HEARTBEAT), lines
    assert all(line.startswith("  ... [0/2]") and "a.p0 (" in line for line in lines), lines
    for p in props:  # the family's last property writes its line: the heartbeat counts from the last line
        progress.finished(_result("pass", p.id, "a"))
    now[0] += HEARTBEAT - 1
    progress.tick()
    assert len(out.getvalue().splitlines()) == len(lines) + 1
    now[0] += 1
    progress.tick()
    assert len(out.getvalue().splitlines()) == len(lines) + 2


def test_quiet_progress_writes_nothing():
    out = io.StringIO()
    progress = Progress(out, [], mode="quiet")
    progress.close()
    assert out.getvalue() == ""


def test_the_report_does_not_depend_on_the_number_of_workers():
    from tests.mutants import mutant_target
    from tests.mutants.classification import MUTANTS

    target = mutant_target(next(m for m in MUTANTS if m.name == "drops_last_sample"))
    outcome = lambda report: [  # noqa: E731
        (r.property_id, r.status, r.counterexample, r.reproduction, r.examples) for r in report.results
    ]
    # eight of accuracy's properties, five of which fail (and shrink): the costly ones (sklearn's agreement, the
    # formula, compute twice) add seconds and no case
    only = ["invariance[accuracy]", "integer_weights[accuracy]", "stream_merge[accuracy]", "stream_reset[accuracy]",
            "bounds[accuracy]", "symmetry[accuracy]"]
    one = audit(target, families=["classification"], only=only, jobs=1)
    two = audit(target, families=["classification"], only=only, jobs=2)
    assert len(one.results) == 8 and one.counts()["fail"] == 5
    assert outcome(one) == outcome(two)


def test_a_failed_write_leaves_the_previous_report_whole(tmp_path, monkeypatch):
    import os

    sig = Signature.collect(toy_target(), profile="ci", seed="derandomized", properties=[])
    path = tmp_path / "audit.json"
    Report(sig, [_result("pass")]).write(path)
    before = path.read_text()

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    try:
        Report(sig, [_result("fail")]).write(path)
    except OSError:
        pass
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["audit.json"], "no temporary file left behind"


def test_a_family_line_gives_that_familys_own_time_and_labels_the_audits_elapsed_time_apart():
    """The n/a results of every family arrive first, at the audit's start: a family's time must still be its own
    properties' time, not the time since the audit began."""
    now = [0.0]
    props = [type("P", (), {"id": f"{f}.p{i}", "family": f})() for f in ("a", "b") for i in range(3)]
    out = io.StringIO()
    progress = Progress(out, props, mode="lines", clock=lambda: now[0])
    for p in (props[2], props[5]):  # one n/a per family, at once
        progress.finished(_result("n/a", p.id, p.family))
    for p, seconds in zip((props[0], props[1], props[3], props[4]), (2.0, 3.0, 10.0, 1.5)):
        progress.started_property(p)
        now[0] += seconds
        progress.finished(_result("pass", p.id, p.family))
    lines = out.getvalue().splitlines()
    assert lines == ["  a: 3 properties (2 pass, 1 n/a), its properties ran 5.0 s; 5.0 s into the audit [4/6]",
                     "  b: 3 properties (2 pass, 1 n/a), its properties ran 11.5 s; 16.5 s into the audit [6/6]"]


def test_a_family_time_sums_what_its_properties_ran_when_they_run_side_by_side():
    now = [0.0]
    props = [type("P", (), {"id": f"a.p{i}", "family": "a"})() for i in range(2)]
    out = io.StringIO()
    progress = Progress(out, props, mode="lines", clock=lambda: now[0])
    for p in props:  # two workers
        progress.started_property(p)
    now[0] = 4.0
    for p in props:
        progress.finished(_result("pass", p.id, "a"))
    assert "its properties ran 8.0 s; 4.0 s into the audit" in out.getvalue()
