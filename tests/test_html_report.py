"""`metric-assay report`: the HTML page of JSON reports (structure, escaping, diff, errors) and `make audit`'s page.

The page in a real browser is ``tests/test_html_browser.py``.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from html import escape
from pathlib import Path

import pytest

from properties.engine.report.audit_report import Report, SHOWN_TEXT_LIMIT
from properties.engine.vocabulary.results import truncate
from properties.engine.report.html import change_kind, embedded_details, render_page
from properties.engine.cli.main import DEFAULT_AUDIT_SET, main
from tests.toys import PICTURED, picture_reports

REPO = Path(__file__).resolve().parents[1]

#: real JSON reports, gzipped: ``metric-assay audit pot`` (one metric), ``audit jiwer`` (the word and character
#: error rates) and ``audit sklearn --family classification`` (245 pass, 41 known deviations), profile ci
AUDITS = Path(__file__).resolve().parent / "audits"


def audited(name: str) -> Report:
    path = AUDITS / f"{name}.json.gz"
    return Report.from_dict(json.loads(gzip.decompress(path.read_bytes())), source=str(path))


@pytest.fixture(scope="module")
def report_files(tmp_path_factory):
    return picture_reports(tmp_path_factory.mktemp("reports"))


@pytest.fixture(scope="module")
def page(report_files, tmp_path_factory):
    out = tmp_path_factory.mktemp("page") / "index.html"
    wrong, right = map(str, report_files)
    assert main(["report", wrong, right, "--diff", right, wrong, "--out", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def _panel(page: str, panel_id: str) -> str:
    """A drill-down: a placeholder in the page, its content in the target's compressed data block."""
    row = int(panel_id[1:].split("-")[0])
    assert f'<section class="panel" id="{panel_id}" data-target="{row}" hidden></section>' in page
    match = re.search(rf'<section class="panel" id="{panel_id}" hidden>(.*?)</section>',
                      embedded_details(page).get(row, ""), re.S)
    assert match, f"no drill-down {panel_id} in the page"
    return match.group(1)


def test_matrix_has_one_row_per_report_and_one_column_per_metric(page):
    rows = re.findall(r'<tr class="target-row">(.*?)</tr>', page, re.S)
    assert [re.search(r'<a href="#t\d">([^<]*)</a>', r).group(1) for r in rows] == ["wrong_pictures test",
                                                                                  "metrics 0.1.0"]
    assert all(r.count('<td class="cell') == len(PICTURED) for r in rows)


def test_failing_cell_opens_a_drill_down_with_counterexample_reproduction_and_picture(page):
    cells = re.findall(r'<td class="cell st-fail" data-status="fail" data-panel="(p0-\d+)"[^>]*title="([^"]*)"',
                       page)
    assert len(cells) == len(PICTURED)
    assert all("1 FAIL" in title for _, title in cells)
    for panel_id, _ in cells:
        panel = _panel(page, panel_id)
        assert "minimal counterexample" in panel
        assert '<pre class="reproduction"># Calls to wrong_pictures' in panel
        assert "<svg" in panel


def test_target_sections_show_conventions_and_deviations_escaped(page):
    assert "&lt;script&gt;window.assayInjected = true&lt;/script&gt; the origin is left out" in page
    assert "&lt;img src=x onerror=&quot;window.assayInjected = true&quot;&gt; known" in page
    assert "<script>window.assayInjected" not in page and "<img" not in page


def test_text_from_a_report_is_escaped_everywhere(report_files):
    report = Report.load(report_files[0])
    hostile = "</pre></section><script>alert(1)</script>"
    report.signature.target = hostile
    report.results = [dataclasses.replace(r, detail=hostile, reproduction=hostile, counterexample=hostile,
                                          statement=hostile, property_id=r.property_id + hostile)
                      for r in report.results]
    html = render_page([report], diff_pair=(report, report))
    assert html.count("<script>") == 1  # the page's own; the drill-downs are data blocks of base64
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    details = embedded_details(html)[0]
    assert "<script" not in details and "&lt;script&gt;alert(1)&lt;/script&gt;" in details


def test_page_needs_no_network(page):
    external = re.findall(r'(?:src|href)\s*=\s*"(?!#)[^"]*"|url\(|@import', page)
    assert external == []
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_diff_view_lists_new_fixed_and_changed(page):
    assert "5 new, 0 fixed, 0 changed" in page
    assert len(re.findall(r'<tr class="diff-row new">', page)) == len(PICTURED)
    assert change_kind("pass", "fail") == "new"
    assert change_kind("fail", "pass") == "fixed" and change_kind("deviation", "fixed") == "fixed"
    assert change_kind("fail", "error") == "changed" and change_kind("n/a", "pass") == "changed"


@pytest.mark.parametrize(
    ("make_args", "message"),
    [
        (lambda tmp: [str(tmp / "missing.json")], "does not exist"),
        (lambda tmp: [str(tmp / "corrupt.json")], "is not a metric-assay JSON report"),
        (lambda tmp: [], "give at least one REPORT.json"),
    ],
    ids=["missing", "corrupt", "none"],
)
def test_report_command_refuses_bad_input_with_exit_2(tmp_path, capsys, make_args, message):
    (tmp_path / "corrupt.json").write_text("{not json")
    assert main(["report", *make_args(tmp_path), "--out", str(tmp_path / "page.html")]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "page.html").exists()


def test_report_command_refuses_an_output_that_is_not_html(report_files, tmp_path, capsys):
    assert main(["report", str(report_files[0]), "--out", str(tmp_path / "page.md")]) == 2
    assert "is not an .html path" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
@pytest.mark.parametrize("audit_status", [0, 1])
def test_make_audit_writes_the_page_and_keeps_the_audit_status(report_files, tmp_path, audit_status):
    """The audit is a stand-in that writes one JSON report and exits with ``audit_status``."""
    fake = tmp_path / "bin" / "metric-assay"
    fake.parent.mkdir()
    fake.write_text(
        "#!/bin/sh\n"
        f'if [ "$1" = audit ]; then mkdir -p reports; cp {report_files[0]} reports/conformance.metrics.json; '
        f"exit {audit_status}; fi\n"
        f'exec {sys.executable} -m properties.engine.cli.main "$@"\n'
    )
    fake.chmod(0o755)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    run = subprocess.run(["make", "-s", "-f", str(REPO / "Makefile"), "audit", f"BIN={fake.parent}", "STAMP=",
                          "TARGETS=metrics sklearn"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=60)
    assert (tmp_path / "reports" / "index.html").is_file(), run.stdout + run.stderr
    assert (run.returncode == 0) == (audit_status == 0), run.stdout + run.stderr
    if audit_status:
        assert f"Error {audit_status}" in run.stderr  # make reports the recipe's status: the audit's
    assert "wrote reports/index.html (1 report(s))" in run.stdout


def test_two_reports_of_one_target_are_told_apart(report_files):
    from properties.engine.report.html import target_labels

    wrong = Report.load(report_files[0])
    twice = [wrong, Report.load(report_files[0])]
    labels = target_labels(twice)
    assert len(set(labels)) == 2 and all(label.startswith(labels[0].split(" · ")[0]) for label in labels), labels
    large = dataclasses.replace(wrong, signature=dataclasses.replace(wrong.signature, tier="large"))
    assert target_labels([wrong, large]) == [target_labels([wrong])[0], target_labels([large])[0]]
    assert "large tier" in target_labels([wrong, large])[1]
    thorough = dataclasses.replace(wrong, signature=dataclasses.replace(wrong.signature, profile="thorough"))
    assert [label.rsplit(" · ", 1)[-1] for label in target_labels([wrong, thorough])] == ["profile ci",
                                                                                          "profile thorough"]


def test_the_precision_line_says_what_was_declared_and_what_was_returned(report_files):
    report = Report.load(report_files[0])
    declared = dataclasses.replace(report, signature=dataclasses.replace(report.signature,
                                                                          precision="declared float32 (adapter)"),
                                   results=[dataclasses.replace(r, precision="float32") for r in report.results])
    assert "compared at float32, as declared" in declared.precision_line()
    returned = dataclasses.replace(declared, signature=report.signature)
    assert "results returned in float32" in returned.precision_line()


def test_the_page_of_as_many_real_audits_as_there_are_bundled_targets_is_under_3_mb():
    """One row per bundled target, each a real audit under a name of its own; the drill-downs of the metrics a
    target provides are all in the page, those it does not provide are counted."""
    audits = [audited(name) for name in ("pot", "jiwer", "sklearn_classification")]
    reports = [dataclasses.replace(a, signature=dataclasses.replace(a.signature, target=f"{a.signature.target}_{i}"))
               for i, a in zip(range(len(DEFAULT_AUDIT_SET)), audits * len(DEFAULT_AUDIT_SET))]
    page = render_page(reports, title="as many targets as are bundled")
    assert len(page.encode()) < 3_000_000, f"{len(page.encode()):,} bytes for {len(reports)} targets"
    details = embedded_details(page)
    for row, report in enumerate(reports):
        for r in report.violations() + report.by_status("deviation"):
            assert f"<code>{escape(r.property_id)}</code>" in details[row]
            assert escape(truncate(r.reproduction, SHOWN_TEXT_LIMIT)) in details[row]
        skipped = {id(r) for r in report.not_provided()}
        shown = [r for r in report.results if id(r) not in skipped]
        assert all(f"<code>{escape(r.property_id)}</code>" in details[row] for r in shown)
        assert escape(report.not_provided_line()) in page
    pot = re.search(r'<tr class="target-row">(.*?)</tr>', page, re.S).group(1)
    assert pot.count('data-panel="') == 1, "pot provides one metric: one cell opens"
