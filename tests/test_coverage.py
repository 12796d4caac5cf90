"""Coverage counts only what the target could reach: a fully checked metric never reads LOW COVERAGE."""

import json
import types

import numpy as np
from hypothesis import strategies as st

import metrics
from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.vocabulary.registry import Property
from properties.engine.vocabulary.results import Result
from properties.engine.target.loading import Target
from properties.engine.target import applicability
from properties.engine.target.applicability import not_applicable_reason
from properties.engine.verdict.check import check_property
from properties.engine.verdict.coverage import Coverage
from properties.engine.report.audit_report import Report, Signature
from properties.engine.cli.audit import audit
from tests.toys import DOUBLES, correct_double, toy_target

#: two one-shot properties of accuracy, and every stream property of the family (those of the metrics the
#: toy target lacks are "not provided"; accuracy's seven are n/a for want of a stream)
ONE_SHOT = ["classification.bounds[accuracy]", "classification.perfect[accuracy]"]
STREAMS = ["classification.stream_"]


def _accuracy_only(name="accuracy_only") -> Target:
    """A target with the catalog's accuracy and nothing else: no STREAMING, so no stream of it."""
    return Target(name=name, namespace=types.SimpleNamespace(accuracy=metrics.accuracy), version="0",
                  conventions={}, deviations={}, import_path=f"tests.test_coverage:{name}")


def test_a_target_without_streams_whose_one_shot_properties_pass_is_not_low_coverage(tmp_path):
    report = audit(_accuracy_only(), only=ONE_SHOT + STREAMS, isolate=False)
    mine = [r for r in report.results if r.metrics == ("accuracy",)]
    assert [r.status for r in mine if r.property_id in ONE_SHOT] == ["pass", "pass"]
    streamless = [r for r in mine if r.property_id not in ONE_SHOT]
    assert len(streamless) == 7 and {r.status for r in streamless} == {"n/a"}

    row = report.coverage().metrics["accuracy"]
    assert (row.verdicts, row.applicable) == (2, 2)
    assert not report.coverage().low()
    assert "LOW COVERAGE" not in report.to_terminal(compact=True) and "under half checked" not in report.summary_line()
    markdown = report.write(tmp_path / "r.md").read_text()
    assert "**LOW**" not in markdown
    # what could not be reached is still shown, with why, never silently dropped
    assert "target has no stream (STREAMING) for accuracy" in markdown
    data = json.loads(report.write(tmp_path / "r.json").read_text())["coverage"]["accuracy"]
    assert data["applicable"] == 2 and sum(data["unreachable"].values()) == 7


def _toy_property(pid, needs=("double",), reference=None) -> Property:
    return Property(id=pid, statement="toy", kind="relation", family="toy", needs=needs,
                    check=lambda t, ex: None, strategy=st.just(0), reference=reference)


def _na(prop, target) -> Result:
    reason = not_applicable_reason(prop, target)
    assert reason is not None, prop.id
    return Result(property_id=prop.id, statement=prop.statement, kind=prop.kind, family=prop.family,
                  metrics=prop.metrics, status="n/a", detail=reason)


def test_every_reason_a_property_does_not_apply_is_counted_as_what_it_is(monkeypatch):
    """The applicability check's n/a reasons, as it words them: by design (not counted), skipped (shown apart), gaps."""
    target = toy_target(name="sklearn", double=correct_double)
    monkeypatch.setattr(applicability, "reference_available", lambda name: name != "ranx")
    results = [
        check_property(DOUBLES, target, settings_=profile_settings("ci")),                                  # a verdict
        _na(_toy_property("toy.missing", needs=("double", "triple")), target),            # not provided
        _na(_toy_property("toy.stream", needs=("double", "stream:double")), target),     # no stream
        _na(_toy_property("toy.self", reference="sklearn"), target),                       # the target is the reference
        _na(_toy_property("toy.ranx", reference="ranx"), target),                          # reference not installed
        Result(property_id="toy.lacks", statement="", kind="relation", family="toy", metrics=("double",),
               status="n/a", detail="every example needs what the target lacks: double:sample_weight"),
        Result(property_id="toy.slow", statement="", kind="relation", family="toy", metrics=("double",),
               status="timeout", detail="time budget of 1s spent after 3 examples (all passed)"),
        # the double the target has is not the catalog's default form: the spec barely reaches it
        Result(property_id="toy.default", statement="", kind="relation", family="toy", metrics=("double",),
               status="n/a", detail="every example needs what the target lacks: double:base=2 (the default)"),
    ]
    assert results[0].status == "pass"
    row = Coverage.of(results).metrics["double"]
    assert (row.verdicts, row.applicable) == (1, 3), "only the pass, the timeout and the default form count"
    assert sum(row.unreachable.values()) == 3
    assert list(row.skipped) == ["reference library for 'ranx' is not installed"]
    assert "triple" not in str(row.unreachable) + str(row.skipped), "a metric not provided is not counted at all"


def _report(results, target) -> Report:
    return Report(Signature.collect(target, profile="ci", seed="0", properties=[]), results)


def _result(pid, status, metric="double", detail="") -> Result:
    return Result(property_id=pid, statement="", kind="relation", family="toy", metrics=(metric,), status=status,
                  detail=detail)


def test_a_metric_barely_checked_still_reads_low_coverage():
    target = toy_target(double=correct_double)
    slow = [_result(f"toy.slow{i}", "timeout", detail="time budget of 1s spent after 3 examples (all passed)")
            for i in range(3)]
    report = _report([_result("toy.ok", "pass"), *slow], target)
    assert [row.metric for row in report.coverage().low()] == ["double"]
    assert "LOW COVERAGE: 1 provided metric" in report.to_terminal(compact=True)


def test_a_metric_whose_every_property_was_skipped_is_low_and_the_skip_is_shown(tmp_path):
    target = toy_target(double=correct_double)
    skipped = "reference library for 'ranx' is not installed"
    report = _report([_result("toy.ranx", "n/a", detail=skipped), _result("toy.ok", "pass", metric="other"),
                      _result("toy.stream", "n/a", metric="other",
                              detail="target has no stream (STREAMING) for other")], target)
    assert [row.metric for row in report.coverage().low()] == ["double"], "provided, and not one verdict"
    terminal = report.to_terminal(compact=True)
    assert "LOW COVERAGE: 1 provided metric" in terminal and "double (0 of 0" in terminal
    assert f"skipped: 1 property, {skipped}" in terminal
    assert skipped in report.write(tmp_path / "r.md").read_text()
    from properties.engine.report.html import render_page

    assert f"skipped: 1 property, {skipped}" in render_page([report]).replace("&#x27;", "'")


def test_coverage_is_read_back_from_json(tmp_path):
    target = toy_target(double=correct_double)
    report = _report([_result("toy.ok", "pass"), _result("toy.stream", "n/a",
                                                         detail="target has no stream (STREAMING) for double")],
                     target)
    again = Report.load(report.write(tmp_path / "r.json"))
    assert again.coverage().to_dict() == report.coverage().to_dict()
    assert np.isclose(again.coverage().metrics["double"].share, 1.0)
