"""Reports: stamped, rendered to JSON and Markdown, read back, compared."""

import json

import pytest

from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.verdict.check import check_property
from properties.engine.report.audit_report import diff, new_violations, Report, Signature
from tests.toys import DOUBLES, correct_double, off_by_one_above_50, toy_target

CI = profile_settings("ci")


def _report(double) -> Report:
    target = toy_target(double=double) if double else toy_target()
    result = check_property(DOUBLES, target, settings_=CI)
    return Report(Signature.collect(target, profile="ci", seed="derandomized"), [result])


def test_signature_stamps_versions_profile_and_seed():
    sig = _report(correct_double).signature
    assert sig.target == "toy" and sig.target_version == "0"
    assert sig.profile == "ci" and sig.seed == "derandomized"
    assert sig.python and sig.numpy and sig.hypothesis and sig.metric_assay_version


def test_json_round_trip(tmp_path):
    report = _report(off_by_one_above_50)
    path = report.write(tmp_path / "r.json")
    data = json.loads(path.read_text())
    assert data["summary"]["fail"] == 1
    again = Report.load(path)
    assert again.results[0].status == "fail"
    assert again.results[0].reproduction == report.results[0].reproduction
    assert again.signature == report.signature


def test_markdown_shows_the_matrix_and_the_counterexample(tmp_path):
    text = _report(off_by_one_above_50).write(tmp_path / "r.md").read_text()
    assert "# Conformance report: toy 0" in text
    assert "| `toy.doubles` | relation | double | FAIL |" in text
    assert "target.double(np.array([51], dtype=np.int64))  # -> np.array([103], dtype=np.int64)" in text


def test_terminal_summary_distinguishes_not_applicable_from_passed():
    assert "1 n/a" in _report(None).to_terminal()
    assert "1 pass" in _report(correct_double).to_terminal()


def test_unknown_report_format_is_refused(tmp_path):
    with pytest.raises(ValueError, match="unknown report format"):
        _report(correct_double).write(tmp_path / "r.txt")


def test_diff_lists_changed_statuses():
    changes = diff(_report(correct_double), _report(off_by_one_above_50))
    assert [(c.property_id, c.before, c.after) for c in changes] == [("toy.doubles", "pass", "fail")]


def test_baseline_counts_only_new_violations():
    failing = _report(off_by_one_above_50)
    assert new_violations(failing, baseline=failing) == []
    assert [r.property_id for r in new_violations(failing, baseline=_report(correct_double))] == ["toy.doubles"]
