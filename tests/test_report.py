"""Reports: stamped, rendered to JSON and Markdown, read back, compared."""

import json
import re

import pytest

from properties.engine.target.applicability import not_applicable_reason
from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.vocabulary.registry import conformance_properties
from properties.engine.vocabulary.results import fingerprint, Result, result_base
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


def _one_metric_report() -> Report:
    """Every conformance property against a target that provides one catalog metric, ``mean_squared_error``:
    of its properties every third fails with two findings, every third is a known deviation, the rest pass;
    every other property is n/a, as the runner words it."""
    target = toy_target(name="one_metric", mean_squared_error=lambda y_true, y_pred: 0.0)
    results = []
    for prop in conformance_properties():
        reason = not_applicable_reason(prop, target)
        if reason is not None:
            results.append(Result(status="n/a", detail=reason, **result_base(prop)))
            continue
        verdict = ("fail", "deviation", "pass")[len(results) % 3]
        if verdict == "pass":
            results.append(Result(status="pass", examples=40, **result_base(prop)))
            continue
        call = f"target.mean_squared_error([0.0], [{len(results)}.0])  # -> 0.0"
        found = [{"finding_class": f"{where}/wrong_value/finite_wrong@general", "status": verdict,
                  "severity": "wrong value", "detail": f"{prop.id}: 0.0 != {len(results)}.0", "counterexample": "",
                  "reproduction": f"import reference.one_metric as target\n{call}", "known": verdict == "deviation",
                  "how": "shrunk"} for where in ("sample_weight", "plain")]
        results.append(Result(status=verdict, severity="wrong value", detail=found[0]["detail"],
                              reproduction=found[0]["reproduction"], finding_class=found[0]["finding_class"],
                              findings=found, **result_base(prop)))
    return Report(Signature.collect(target, profile="ci", seed="derandomized"), results)


def test_a_one_metric_target_gets_a_small_markdown_that_names_every_finding():
    report = _one_metric_report()
    not_provided = report.not_provided()
    assert len(not_provided) > 2000, "the spec has thousands of properties the target cannot run"
    counted = {id(r) for r in not_provided}
    text = report.to_markdown()
    assert len(text.encode()) < 40_000, f"{len(text.encode())} bytes for one metric"
    for r in report.results:
        if id(r) in counted:
            assert f"`{r.property_id}`" not in text  # counted, not listed
        else:
            assert f"| `{r.property_id}` |" in text
        for f in r.findings:
            assert "{" + f["finding_class"] + "}" in text, fingerprint(r.property_id, f["finding_class"])
            assert f["reproduction"].splitlines()[-1] in text
    table = dict(re.findall(r"^\| ([a-z_]+) \| (\d+) \| `", text, re.M))
    by_family = {}
    for r in not_provided:
        by_family[r.family] = by_family.get(r.family, 0) + 1
    assert {family: int(n) for family, n in table.items()} == by_family
    missing = {m for r in not_provided for m in r.metrics} - {"mean_squared_error"}
    assert all(f"`{m}`" in text for m in missing)
    assert f"{len(not_provided)} properties n/a: the target does not provide {len(missing)} metrics" in text


def test_the_markdown_of_a_real_one_metric_audit_is_small_and_names_its_finding():
    """``metric-assay audit pot`` (``tests/audits/``): one metric, 2,819 properties n/a; 398,003 bytes of
    Markdown before the n/a for want of a metric were counted instead of listed."""
    from tests.test_html_report import audited

    report = audited("pot")
    text = report.to_markdown()
    assert len(text.encode()) < 20_000
    found = [(r, f) for r in report.results for f in r.findings]
    assert found
    for r, f in found:
        assert f"### `{r.property_id}`" in text and "{" + f["finding_class"] + "}" in text
    assert "| generative | 30 |" in text and f"{len(report.not_provided())} properties n/a" in text
