"""``--baseline``: only what is new, fixed or gone is printed, and a finding the baseline has is labelled so
everywhere (terminal, Markdown, JSON, HTML), never NEW nor NOT LISTED."""

import json
import re
import sys

import numpy as np
import pytest
from hypothesis import strategies as st

from properties.checks import expect_close
from properties.engine.vocabulary import findings
from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.vocabulary.registry import Property
from properties.engine.verdict.check import check_property
from properties.engine.report.audit_report import format_failure, new_violations, Report, Signature
from properties.engine.cli.main import main
from tests.toys import DOUBLES, correct_double, off_by_one_above_50, toy_target

CI = profile_settings("ci")


def _check_two_parts(t, ex):
    x = np.asarray(ex)
    for name, values in (("low", x[x <= 50]), ("high", x[x > 50])):
        if values.size:
            with findings.part(name):
                expect_close(t.double(values), 2 * values, what=f"double of the {name} values")


#: one property, two findings: the values up to 50 and those above
TWO_PARTS = Property(id="toy.two_parts", statement="double(x) == 2 * x, low and high values apart", kind="relation",
                     family="toy", needs=("double",), check=_check_two_parts,
                     strategy=st.lists(st.integers(0, 100), min_size=1, max_size=5))


def _check_negate(t, ex):
    x = np.asarray(ex)
    expect_close(t.negate(x), -x, what="negate(x)")


NEGATES = Property(id="toy.negates", statement="negate(x) == -x", kind="relation", family="toy", needs=("negate",),
                   check=_check_negate, strategy=st.lists(st.integers(0, 100), min_size=1, max_size=5))


def plus_one(x):
    return 2 * np.asarray(x) + 1


def negate(x):
    return -np.asarray(x)


def _report(target, props=(DOUBLES, TWO_PARTS, NEGATES)) -> Report:
    results = [check_property(p, target, settings_=CI) for p in props]
    return Report(Signature.collect(target, profile="ci", seed="derandomized", properties=list(props)), results)


@pytest.fixture(scope="module")
def reports():
    """The baseline: doubles above 50 wrong (toy.doubles listed as a deviation in that run, toy.two_parts failing
    on its high values), negate correct. Now: every double off by one (toy.two_parts also fails on its low values:
    the one new finding), negate gone (n/a), no deviations listed (toy.doubles fails, with the baseline's class)."""
    baseline = _report(toy_target(double=off_by_one_above_50, negate=negate,
                                  deviations={"toy.doubles": "off by one above 50"}))
    now = _report(toy_target(double=plus_one))
    assert [r.status for r in baseline.results] == ["deviation", "fail", "pass"]
    assert [r.status for r in now.results] == ["fail", "fail", "n/a"]
    return baseline, now.against(baseline, "old.json")


def _new_class(report) -> str:
    """The class of the new finding the search shrank (it is also met, as seen, on other kinds of input)."""
    (r,) = [r for r in report.results if r.property_id == "toy.two_parts"]
    (cls,) = [f["finding_class"] for f in r.findings if findings.matches("low", f["finding_class"])
              and f.get("how") == "shrunk"]
    return cls


def test_one_new_finding_is_one_line(reports):
    baseline, now = reports
    lines = now.baseline.lines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("NEW ") and "toy.two_parts{low/wrong_value/finite_wrong@" in lines[0]
    assert [r.property_id for r in new_violations(now, baseline)] == ["toy.two_parts"]
    assert now.exit_code(new_violations(now, baseline)) == 1


def test_findings_in_the_baseline_are_labelled_so_in_the_summary_and_the_causes(reports):
    _, now = reports
    summary = now.summary_line()
    assert "NOT LISTED" not in summary and "in the baseline" in summary
    assert re.search(r"1 cause \([^)]*\) NEW since the baseline", summary), summary
    states = {tuple(c.properties): c.state for c in now.causes()}
    assert states == {("toy.doubles",): "baseline", ("toy.two_parts",): "new"}
    terminal = now.to_terminal(verbose=True, compact=True)
    assert re.findall(r"^\[\d\] .*? \((.*?)\): ", terminal, re.M) == ["NEW", "in baseline"]


def test_the_per_property_detail_labels_the_baseline_finding_and_leads_with_the_new_one(reports):
    _, now = reports
    (r,) = [r for r in now.results if r.property_id == "toy.two_parts"]
    detail = format_failure(r)
    assert detail.splitlines()[1] == f"finding: toy.two_parts{{{_new_class(now)}}} (NEW since the baseline)"
    # the other findings: the baseline's (its high values, met on several kinds of input) and the new one's
    # other input classes
    others = [line for line in detail.splitlines() if line.lstrip().startswith("- {")]
    high = [line for line in others if line.lstrip().startswith("- {high")]
    assert high and all("in baseline" in line and "NEW" not in line for line in high), others
    assert all("NEW" in line for line in others if line not in high), others


def test_markdown_json_and_html_label_the_baseline(reports, tmp_path):
    from properties.engine.report.html import embedded_details, render_page

    _, now = reports
    markdown = now.write(tmp_path / "r.md").read_text()
    assert "NOT LISTED" not in markdown
    assert markdown.count("**NEW**") == 1 and "| in baseline |" in markdown
    assert "in baseline:" in markdown  # the other finding of toy.two_parts, in its counterexample
    data = json.loads(now.write(tmp_path / "r.json").read_text())
    new = data["baseline"]["new"]
    assert {e["property_id"] for e in new} == {"toy.two_parts"} and all(e["finding_class"].startswith("low/") for e in new)
    assert data["baseline"]["fixed"] == [] and data["baseline"]["gone"] == []
    flags = {(r["property_id"], f["finding_class"]): f["in_baseline"] for r in data["results"] for f in r["findings"]}
    assert {cls.split("/")[0]: flag for (pid, cls), flag in flags.items() if pid == "toy.two_parts"} == {
        "low": False, "high": True}
    assert flags[("toy.doubles", "wrong_value/finite_wrong@single_sample")] is True
    assert {c["state"] for c in data["causes"]} == {"new", "baseline"}
    again = Report.load(tmp_path / "r.json")
    assert again.summary_line() == now.summary_line() and again.baseline.lines() == now.baseline.lines()
    page = render_page([again])
    page += "".join(embedded_details(page).values())  # the drill-downs, compressed in the page
    assert "NOT LISTED" not in page and "in baseline" in page


def test_a_finding_no_longer_found_is_fixed_and_one_not_checked_is_gone(reports):
    baseline, _ = reports
    fixed = _report(toy_target(double=correct_double, negate=negate)).against(baseline, "old.json")
    assert [line.split()[0] for line in fixed.baseline.lines()] == ["FIXED", "FIXED"]
    assert "NOT LISTED" not in fixed.summary_line() and not new_violations(fixed, baseline)
    gone = _report(toy_target()).against(baseline, "old.json")
    assert [line.split()[0] for line in gone.baseline.lines()] == ["GONE", "GONE"]
    assert all("n/a" in line for line in gone.baseline.lines())


def test_without_a_baseline_the_labels_are_unchanged():
    report = _report(toy_target(double=off_by_one_above_50), props=(DOUBLES,))
    assert "NOT LISTED" in report.summary_line() and "baseline" not in report.summary_line()
    assert "baseline" not in format_failure(report.results[0])


# ------------------------------------------------------------ end to end, on the command line

ADAPTER = '''import metrics

def accuracy(y_true, y_pred, *, sample_weight=None):
    if len(y_true) == 0:
        return 0.0
    return 1.5 * metrics.accuracy(y_true, y_pred, sample_weight=sample_weight)
'''
#: the adapter, later: it also scores a y_pred longer than y_true (one finding: a shorter one, of length 1, is the
#: broadcast class, still refused)
LATER = ADAPTER.replace("    if len(y_true) == 0:", "    if len(y_true) < len(y_pred):\n        return 0.5\n"
                        "    if len(y_true) == 0:")
ONLY = ["--only", "classification.refuses_bad_input[accuracy]", "--only", "classification.bounds[accuracy]",
        "--jobs", "1"]


def test_audit_against_a_baseline_prints_the_one_new_finding(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    adapter = tmp_path / "covbase_adapter.py"
    adapter.write_text(ADAPTER)
    (tmp_path / "listed.txt").write_text("classification.bounds[accuracy]  # above 1, listed in the baseline's run\n")
    try:
        assert main(["audit", "covbase_adapter", *ONLY, "--deviations", "listed.txt", "--report", "base.json"]) == 1
        sys.modules.pop("covbase_adapter")
        adapter.write_text(LATER)
        capsys.readouterr()
        code = main(["audit", "covbase_adapter", *ONLY, "--baseline", "base.json", "--report", "now.md",
                     "--report", "now.json"])
    finally:
        sys.modules.pop("covbase_adapter", None)
    out = capsys.readouterr().out
    assert code == 1, out
    new = [line for line in out.splitlines() if line.lstrip().startswith("NEW ")]
    assert len(new) == 1 and "length_mismatch" in new[0], out
    assert "NOT LISTED" not in out and "deviation -> fail" not in out and "changed" not in out, out
    assert "in the baseline" in out and "in baseline:" in out  # the summary; the other finding of the property
    markdown = (tmp_path / "now.md").read_text()
    assert "NOT LISTED" not in markdown and markdown.count("**NEW**") == 1
    data = json.loads((tmp_path / "now.json").read_text())
    assert len(data["baseline"]["new"]) == 1


def test_a_finer_class_of_a_baseline_finding_is_neither_new_nor_gone(reports):
    """A baseline written before a class was refined (``high`` then, ``high/wrong_value`` now) still covers it."""
    import copy

    from properties.engine.report.audit_report import diff

    baseline = copy.deepcopy(reports[0])
    now = _report(toy_target(double=off_by_one_above_50, negate=negate,
                             deviations={"toy.doubles": "off by one above 50"}))
    for r in baseline.results:
        for f in r.findings:
            f["finding_class"] = f["finding_class"].split("/")[0]  # the coarser class of an older report
    compared = now.against(baseline, "old.json").baseline
    assert compared.lines() == [] and not new_violations(now, baseline)
    assert [c.text() for c in diff(baseline, now)] == []
