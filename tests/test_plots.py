"""Pictures of failures: drawn from the counterexample stored in a JSON report, one kind per family."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from properties.engine.vocabulary.example_data import calls_data, MAX_ITEMS, plain
from properties.engine.target.view import RecordedCall
from properties.engine.report.audit_report import Report
from properties.engine.report.plots import plot_failure
from tests.toys import PICTURED, picture_reports

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    """The wrong target's and the catalog's reports, read back from their JSON files."""
    return [Report.load(p) for p in picture_reports(tmp_path_factory.mktemp("reports"))]


def _result(report: Report, property_id: str):
    return next(r for r in report.results if r.property_id == property_id)


def _svg(report: Report, family: str) -> ET.Element:
    result = _result(report, PICTURED[family])
    assert result.status == "fail", f"{result.property_id} should fail against wrong_pictures: {result.detail}"
    svg = plot_failure(result)
    assert svg is not None, f"no picture for the {family} failure {result.property_id}; calls: {result.calls}"
    return ET.fromstring(svg)  # well-formed XML, or this raises


def _elements(svg: ET.Element, tag: str, css: str | None = None) -> list[ET.Element]:
    found = svg.iter(SVG + tag)
    return [e for e in found if css is None or css in e.get("class", "").split()]


def _first_call_args(report: Report, family: str) -> list:
    return _result(report, PICTURED[family]).calls[0]["args"]


def test_curves_picture_has_the_target_curve_and_the_catalog_curve(reports):
    svg = _svg(reports[0], "curves")
    assert len(_elements(svg, "polyline")) == 2
    assert len(_elements(svg, "polyline", "target")) == 1 and len(_elements(svg, "polyline", "catalog")) == 1


def test_ranking_picture_draws_each_ranked_document(reports):
    svg = _svg(reports[0], "ranking")
    grades = np.asarray(_first_call_args(reports[0], "ranking")[0])
    assert len(_elements(svg, "rect", "doc")) == grades.size


def test_detection_picture_draws_both_sets_of_boxes(reports):
    svg = _svg(reports[0], "detection")
    boxes1, boxes2 = _first_call_args(reports[0], "detection")[:2]
    assert len(_elements(svg, "rect", "boxes1")) == len(boxes1)
    assert len(_elements(svg, "rect", "boxes2")) == len(boxes2)


@pytest.mark.parametrize(("family", "identity_lines"), [("regression", 1), ("correlation", 0)])
def test_regression_and_correlation_pictures_scatter_the_counterexample(reports, family, identity_lines):
    svg = _svg(reports[0], family)
    x = _first_call_args(reports[0], family)[0]
    assert len(_elements(svg, "circle", "point")) == len(x)
    assert len(_elements(svg, "line", "identity")) == identity_lines  # y = x only where y_pred estimates y_true


def test_passing_and_refusal_properties_have_no_picture(reports):
    assert all(plot_failure(r) is None for r in reports[1].results)
    assert {r.status for r in reports[1].results} == {"pass"}
    failing = _result(reports[0], PICTURED["regression"])
    assert plot_failure(failing) is not None
    assert plot_failure(dataclasses.replace(failing, kind="refusal")) is None


def test_markdown_report_links_one_svg_file_per_picture(reports, tmp_path):
    stale = tmp_path / "audit_plots" / "an.old.failure.svg"
    stale.parent.mkdir()
    stale.write_text("<svg/>")
    reports[0].write(tmp_path / "audit.md")
    written = sorted(p.name for p in (tmp_path / "audit_plots").iterdir())
    assert written == sorted(f"{pid.replace('[', '-').replace(']', '')}.svg" for pid in PICTURED.values())
    markdown = (tmp_path / "audit.md").read_text()
    for name in written:
        assert f"](audit_plots/{name})" in markdown
    for name in written:
        ET.fromstring((tmp_path / "audit_plots" / name).read_text())


def test_picture_text_from_the_target_is_escaped(reports):
    result = _result(reports[0], PICTURED["regression"])
    hostile = [dict(call, outcome="</text><script>alert(1)</script>") for call in result.calls]
    svg = plot_failure(dataclasses.replace(result, calls=hostile))
    assert "<script" not in svg
    assert "&lt;script&gt;" in svg
    ET.fromstring(svg)


def test_stored_arrays_are_bounded_and_a_cut_input_is_not_drawn(reports):
    assert plain(np.zeros(MAX_ITEMS + 1)) == {"omitted": f"more than {MAX_ITEMS} items"}
    assert plain(np.array([np.nan, np.inf, -np.inf, 1.5])) == ["nan", "inf", "-inf", 1.5]
    big = calls_data([RecordedCall("mean_squared_error", (np.zeros(MAX_ITEMS + 1), np.ones(MAX_ITEMS + 1)), {},
                                   "1.0", value=1.0)])
    result = _result(reports[0], PICTURED["regression"])
    assert plot_failure(dataclasses.replace(result, calls=big)) is None
