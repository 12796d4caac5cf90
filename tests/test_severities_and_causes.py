"""Reports an author acts on: severities that mean what they say, and findings grouped by cause.

One toy library with four decisions, each audited through the command line as a user would:

- ``accuracy`` refuses more than two classes with a clean ``ValueError``: *refuses valid input*, not a crash;
- ``recall`` looks up where each true class is predicted: for a class never predicted an ``IndexError``,
  a *crash*;
- ``precision`` returns one minus the right value: a *wrong value*;
- every stream computes 0.0 before it has seen a sample: one convention, three streaming properties, one cause.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from properties.engine.vocabulary import severity
from properties.engine.verdict import causes
from properties.engine.report.audit_report import Report
from properties.engine.cli.main import main

TOY = '''
import numpy as np
import metrics

TARGET_NAME = "toy_severities"


def accuracy(y_true, y_pred, **kw):
    if len(set(np.asarray(y_true).tolist()) | set(np.asarray(y_pred).tolist())) > 2:
        raise ValueError("toy accuracy supports binary labels only")
    return metrics.accuracy(y_true, y_pred, **kw)


def recall(y_true, y_pred, **kw):
    for label in np.asarray(y_true).tolist():
        np.flatnonzero(np.asarray(y_pred) == label)[0]  # a class never predicted: IndexError
    return metrics.recall(y_true, y_pred, **kw)


def precision(y_true, y_pred, **kw):
    return 1.0 - np.asarray(metrics.precision(y_true, y_pred, **kw))


class _Fresh0:
    def __init__(self, name, **options):
        self.inner = metrics.stream(name, **options)
        self.seen = False

    def update(self, *batch):
        self.seen = self.seen or len(batch[0]) > 0
        self.inner.update(*batch)

    def compute(self):
        return self.inner.compute() if self.seen else 0.0

    def reset(self):
        self.inner.reset()
        self.seen = False

    def merge(self, other):
        self.inner.merge(other.inner)
        self.seen = self.seen or other.seen


def _stream(name):
    return lambda **options: _Fresh0(name, **options)


STREAMING = {"mean_absolute_error": _stream("mean_absolute_error")}


def mean_absolute_error(y_true, y_pred, **kw):
    return metrics.mean_absolute_error(y_true, y_pred, **kw)
'''

ONLY = ("classification.formula[accuracy]", "classification.formula[recall]", "classification.formula[precision]",
        "regression.stream_undefined[mean_absolute_error]", "regression.stream_reset[mean_absolute_error]",
        "regression.stream_empty_batches[mean_absolute_error]")


@pytest.fixture(scope="module")
def toy_report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("toy")
    (folder / "toy_severities.py").write_text(textwrap.dedent(TOY))
    (folder / "none.txt").write_text("")
    mp = pytest.MonkeyPatch()
    mp.syspath_prepend(str(folder))
    mp.chdir(folder)
    try:
        args = ["audit", "toy_severities", "--jobs", "1", "-q", "--deviations", "none.txt",
                "--report", "r.json", "--report", "r.md"]
        for pid in ONLY:
            args += ["--only", pid]
        code = main(args)
    finally:
        mp.undo()
    return code, Report.load(folder / "r.json"), json.loads((folder / "r.json").read_text()), folder


def _result(report, pid):
    return next(r for r in report.results if r.property_id == pid)


def test_a_clean_refusal_of_valid_input_is_not_a_crash(toy_report):
    _, report, _, _ = toy_report
    refused = _result(report, "classification.formula[accuracy]")
    assert (refused.status, refused.severity) == ("error", "refuses valid input"), refused
    crashed = _result(report, "classification.formula[recall]")
    assert (crashed.status, crashed.severity) == ("error", "crash"), crashed
    wrong = _result(report, "classification.formula[precision]")
    assert (wrong.status, wrong.severity) == ("fail", "wrong value"), wrong


def test_violations_and_causes_are_listed_worst_first(toy_report):
    code, report, data, folder = toy_report
    assert code == 1
    order = [r.severity for r in report.violations()]
    assert order == sorted(order, key=severity.rank), order
    assert order.index("wrong value") < order.index("refuses valid input")
    cause_order = [c["severity"] for c in data["causes"]]
    assert cause_order == sorted(cause_order, key=severity.rank), cause_order
    assert cause_order.index("wrong value") < cause_order.index("refuses valid input")
    text = report.to_terminal()
    assert text.index("[wrong value]") < text.index("[refuses valid input]")
    summary = report.summary_line()
    assert summary.index("wrong value") < summary.index("refuses valid input"), summary
    assert summary.startswith("4 causes"), summary
    assert "## Causes, worst first" in (folder / "r.md").read_text()


def test_one_convention_is_one_cause_with_its_properties(toy_report):
    _, report, data, _ = toy_report
    streams = [c for c in data["causes"] if "mean_absolute_error" in c["metrics"]]
    assert len(streams) == 1, streams
    (cause,) = streams
    assert {p["property_id"] for p in cause["properties"]} == set(ONLY[3:]), cause
    assert "returns 0" in cause["title"], cause["title"]
    assert cause["representative"]["reproduction"].startswith("# Calls to toy_severities")


def test_severity_of_what_a_target_raises():
    assert severity.of_raise(ValueError("no"), (ValueError, TypeError)) == "refuses valid input"
    assert severity.of_raise(IndexError("no"), (ValueError, TypeError)) == "crash"
    assert severity.of_raise(RuntimeError("no"), (ValueError, TypeError)) == "crash"
    assert severity.of_raise(RuntimeError("no"), (ValueError, RuntimeError)) == "refuses valid input"
    # a declared catch-all never hides an IndexError; an adapter that names AssertionError refuses with it
    assert severity.of_raise(IndexError("no"), (Exception,)) == "crash"
    assert severity.of_raise(AssertionError("no"), (ValueError, AssertionError)) == "refuses valid input"


def test_outcomes_are_normalised_so_that_one_behaviour_is_one_key():
    assert causes.outcome_of("empty/accepted_invalid_input", "expected a refusal, got a result: np.float32(0.0)") \
        == causes.outcome_of("only_empty/accepted_invalid_input", "expected a refusal, got a result: 0.0") == "returns 0"
    assert causes.outcome_of("raises:ValueError", "ValueError: need 4 tokens, got 2") \
        == causes.outcome_of("raises:ValueError", "ValueError: need 4 tokens, got 3")
    assert causes.outcome_of("raises:ValueError", "ValueError: need 4 tokens") \
        != causes.outcome_of("raises:ValueError", "ValueError: labels must be binary")


def test_the_convention_declared_once_passes_its_properties_and_is_listed_once(tmp_path, monkeypatch, capsys):
    (tmp_path / "toy_declared.py").write_text(textwrap.dedent(TOY) + '\nCONVENTIONS = {"fresh_stream": 0.0}\n')
    (tmp_path / "none.txt").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    args = ["audit", "toy_declared", "--jobs", "1", "--deviations", "none.txt", "--report", "d.json",
            "--report", "d.md"]
    for pid in ONLY[3:]:
        args += ["--only", pid]
    assert main(args) == 0
    out = capsys.readouterr().out
    data = json.loads((tmp_path / "d.json").read_text())
    assert {r["status"] for r in data["results"]} == {"pass"}
    assert data["causes"] == []
    (declared,) = data["declarations"]
    assert declared["name"] == "convention:fresh_stream=0.0"
    assert sorted(declared["properties"]) == sorted(ONLY[3:])
    assert out.count("declared convention:fresh_stream=0.0") == 1 and "applied in 3 properties" in out, out
    assert (tmp_path / "d.md").read_text().count("`convention:fresh_stream=0.0`") == 1
