"""A target call that kills its worker (a signal, an exit, a hang or memory past the limit) is a finding named by
its context (the parts active and the input class, like any other finding), and the property's search goes on
in a fresh worker with that context masked, so a crash on one bad input never hides what the others give."""

import dataclasses
import signal

import pytest

from properties.engine.vocabulary import findings
from properties.engine.target.loading import load_target
from properties.engine.isolation import fork_pool as isolation
from properties.engine.verdict.deviations import apply_deviation
from properties.engine.cli.audit import audit

PROP = "ranking.refuses_bad_input[precision_at_k]"


def _result(module, **options):
    target = load_target(f"tests.hostile.{module}")
    (result,) = audit(target, only=[PROP], jobs=1, **options).results
    return target, result


def _one(result, pattern):
    hits = [f for f in result.findings if findings.matches(pattern, f["finding_class"])]
    assert len(hits) == 1, (pattern, [f["finding_class"] for f in result.findings])
    return hits[0]


@pytest.fixture(scope="module")
def aborts_on_k0():
    return _result("dies_on_k0")


def test_a_crash_on_one_defect_does_not_hide_the_next(aborts_on_k0):
    _, result = aborts_on_k0
    assert result.status == "crash", result.detail
    died = _one(result, "nonpositive:k/crash/died:SIGABRT")
    assert died["how"] == "died" and died["status"] == "crash"
    assert "k=0" in died["reproduction"] and "SIGABRT" in died["detail"]
    nan = _one(result, "nan:y_score/accepted_invalid_input/returns_finite")
    assert nan["how"] == "shrunk" and nan["status"] == "fail"
    # the death's class is the defect's alone: no other defect is in it, and no input class
    assert not any(findings.matches("nonpositive:k", f["finding_class"]) for f in result.findings if f is not died)
    assert "@" not in died["finding_class"]


def _listed(target, *patterns):
    return dataclasses.replace(target, deviations={PROP: "listed"},
                               deviation_scopes={PROP: {p: "listed" for p in patterns}})


def test_a_line_for_the_crash_leaves_the_nan_finding_failing(aborts_on_k0):
    target, result = aborts_on_k0
    judged = apply_deviation(result, _listed(target, "nonpositive:k/crash/died:SIGABRT"))
    assert judged.status == "fail" and findings.matches("nan:y_score", judged.finding_class), judged.detail
    assert [f["known"] for f in judged.findings if f["how"] == "died"] == [True]
    both = apply_deviation(result, _listed(target, "nonpositive:k/crash/died:SIGABRT", "nan:y_score"))
    assert both.status == "deviation", both.detail


def test_an_old_crash_line_still_covers_the_crash_and_only_the_crash(aborts_on_k0):
    target, result = aborts_on_k0
    judged = apply_deviation(result, _listed(target, "crash"))
    assert judged.status == "fail" and findings.matches("nan:y_score", judged.finding_class), judged.detail
    assert [f["known"] for f in judged.findings if f["how"] == "died"] == [True]


@pytest.mark.parametrize(("pattern", "cls", "covered"), [
    ("crash", "nonpositive:k/crash/died:SIGABRT", True),
    ("crash", "crash/died:exit_3@general", True),
    ("crash", "average=macro/crash/died:SIGSEGV@constant", True),
    ("crash", "nonpositive:k/crash/killed:hang", False),
    ("crash", "nonpositive:k/crash/raises:IndexError", False),  # a crash-severity raise was never a lost worker
    ("hang", "average=macro/crash/killed:hang@general", True),
    ("hang", "nonpositive:k/crash/died:SIGABRT", False),
    ("memory", "nan:y_true/crash/killed:memory", True),
    ("memory", "crash/killed:hang@general", False),
    ("nonpositive:k/crash", "nonpositive:k/crash/died:SIGABRT", True),
    ("nonpositive:k/crash/died:SIGSEGV", "nonpositive:k/crash/died:SIGABRT", False),
])
def test_old_status_lines_cover_a_lost_worker_of_their_status_whatever_its_structure(pattern, cls, covered):
    assert findings.matches(pattern, cls) is covered


def test_the_outcome_of_a_lost_worker_names_the_signal_or_the_exit_status():
    assert findings.died_outcome("crash", signal.SIGSEGV) == "died:SIGSEGV"  # a wait status killed by SIGSEGV
    assert findings.died_outcome("crash", 3 << 8) == "died:exit_3"
    assert findings.died_outcome("hang") == "killed:hang" and findings.died_outcome("memory") == "killed:memory"


def test_a_call_in_a_dead_context_is_not_made_and_is_noted_as_seen(monkeypatch):
    monkeypatch.setattr(findings, "DEATH_MASKS", [("nonpositive:k/crash/died:SIGABRT", "died:SIGABRT")])
    findings.start_search([])
    try:
        with findings.part("nan:y_score"):
            findings.refuse_masked_death("target.f(k=1)")  # another context: made
        reached = []
        with findings.part("nonpositive:k"):
            findings.refuse_masked_death("target.f(k=0)")
            reached.append(True)
        assert not reached
        assert list(findings.SEEN) == ["nonpositive:k/crash/died:SIGABRT"]
        assert "target.f(k=0) not called" in findings.SEEN["nonpositive:k/crash/died:SIGABRT"]["detail"]
    finally:
        findings.end_search()
    assert findings.PARTS == []


def test_a_target_that_dies_on_every_call_stops_at_the_bound_and_says_so():
    _, result = _result("dies_always_k")
    assert result.status == "crash"
    died = [f for f in result.findings if f["how"] == "died"]
    assert len(died) == isolation.MAX_DEATHS == len({f["finding_class"] for f in died}), result.findings
    assert f"stopped after {isolation.MAX_DEATHS} lost workers" in result.detail, result.detail


def test_a_hang_is_confirmed_then_masked_and_the_search_goes_on():
    _, result = _result("hangs_on_k0", call_timeout=0.5, warmup_timeout=0.5)
    assert result.status == "hang", result.detail
    hung = _one(result, "nonpositive:k/crash/killed:hang")
    assert hung["how"] == "died" and "twice, in fresh workers" in hung["detail"]
    assert findings.matches("hang", hung["finding_class"])
    _one(result, "nan:y_score/accepted_invalid_input/returns_finite")
