"""Findings with an identity: a listed deviation covers the finding classes it names and nothing else.

Each toy target below comes in two versions: v1 has one by-design deviation in a property, v2 has the
same and a second, different bug in the *same* property. The user's CI flow must see the second bug
whichever way they guard: a deviations file written by ``metric-assay deviations`` from v1's report,
``--baseline`` v1's report, or ``metric-assay diff``. One toy per kind of property: a refusal, a value
judged under several forms, a dtype conversion, a stream operation.
"""

from __future__ import annotations

import dataclasses
import json
import re
import textwrap

import numpy as np
import pytest

from properties.engine.vocabulary import findings
from properties.engine.cli.main import main

TOYS = {
    # 2-D labels flattened (by design); v2 also scores empty input as 1.0
    "refusal": ("classification.refuses_bad_input[accuracy]", """
        def accuracy(y_true, y_pred, **kw):
            t, p = np.asarray(y_true), np.asarray(y_pred)
            if t.ndim == 2:
                t, p = t.ravel(), p.ravel()
            if BUG2 and t.size == 0:
                return 1.0
            return metrics.accuracy(t, p, **kw)
    """, "two_dimensional:y_true", "empty"),
    # macro F1 reported on a 0-100 scale (by design); v2 also weighted F1 below zero
    "forms": ("classification.bounds[f1]", """
        def f1(y_true, y_pred, **kw):
            value = metrics.f1(y_true, y_pred, **kw)
            if kw.get("average") == "macro":
                return 100 * value + 1
            if BUG2 and kw.get("average") == "weighted":
                return value - 2
            return value
    """, "average=macro", "average=weighted"),
    # int8 labels refused (by design); v2 also miscounts Python lists
    "dtype": ("classification.dtype_invariance[accuracy]", """
        def accuracy(y_true, y_pred, **kw):
            if np.asarray(y_true).dtype == np.int8:
                raise TypeError("int8 labels are not supported")
            if BUG2 and isinstance(y_true, list):
                return 0.25
            return metrics.accuracy(y_true, y_pred, **kw)
    """, "int8:y_true,y_pred", "list:y_true,y_pred"),
    # a stream that has seen nothing computes 0.0 (by design); v2 also drops the first batch after reset()
    "stream": ("classification.stream_reset[accuracy]", """
        def accuracy(y_true, y_pred, **kw):
            return metrics.accuracy(y_true, y_pred, **kw)

        class _Accuracy:
            def __init__(self, **options):
                self.inner, self.drop_next = metrics.stream("accuracy", **options), False
            def update(self, *batch):
                if self.drop_next:
                    self.drop_next = False
                    return
                self.inner.update(*batch)
            def compute(self):
                try:
                    return self.inner.compute()
                except ValueError:
                    return 0.0
            def reset(self):
                self.inner.reset()
                self.drop_next = BUG2
            def merge(self, other):
                self.inner.merge(other.inner)

        STREAMING = {"accuracy": _Accuracy}
    """, "empty_after_reset", "refilled_after_reset"),
    # macro F1 over the classes of y_true only (a convention), judged under forms the property leaves unnamed;
    # v2 also adds 1e-3 to every macro F1: the same form, the same severity, another input class
    "unnamed_form": ("classification.agrees_with_sklearn[f1]", """
        def f1(y_true, y_pred, **kw):
            if kw.get("average") == "macro" and kw.get("labels") is None:
                present = np.unique(np.asarray(y_true))
                value = float(np.mean(metrics.f1(y_true, y_pred, **{**kw, "average": None, "labels": present})))
            else:
                value = metrics.f1(y_true, y_pred, **kw)
            return value + 1e-3 if BUG2 and kw.get("average") == "macro" else value
    """, "average=macro", r"average=macro[^}]*/wrong_value/finite_wrong@"),
    # NaN for a constant y_true (a convention); v2 also returns 2.0 from four samples on: two outcomes
    "two_outcomes": ("regression.bounds[r2]", """
        def r2(y_true, y_pred, **kw):
            t = np.asarray(y_true, dtype=float)
            if t.size and np.all(t == t.flat[0]):
                return float("nan")
            if BUG2 and t.size >= 4:
                return 2.0
            return metrics.r2(y_true, y_pred, **kw)
    """, "wrong_value/returns_nan@constant", "wrong_value/out_of_range@"),
    # a refusal of valid input (fewer than two classes: a documented restriction); v2 also rounds a normalised
    # matrix to 5 decimals, on inputs the refusal does not touch
    "refusal_then_value": ("classification.agrees_with_sklearn[confusion_matrix]", """
        def confusion_matrix(y_true, y_pred, **kw):
            if np.union1d(np.asarray(y_true), np.asarray(y_pred)).size < 2:
                raise ValueError("at least 2 classes are needed")
            m = metrics.confusion_matrix(y_true, y_pred, **kw)
            return np.round(m, 5) if BUG2 and kw.get("normalize") else m
    """, "raises:ValueError", r"normalize=[^}]*/wrong_value/finite_wrong@"),
}


def _write_toy(folder, kind: str, version: int) -> str:
    name = f"toy_{kind}_v{version}"
    body = textwrap.dedent(TOYS[kind][1])
    (folder / f"{name}.py").write_text(
        f"import numpy as np\nimport metrics\nTARGET_NAME = 'toy_{kind}'\nBUG2 = {version == 2}\n{body}")
    return name


def _audit(name, pid, *options, quiet=True) -> int:
    return main(["audit", name, "--only", pid, "--jobs", "1", *(["-q"] if quiet else []), *options])


@pytest.mark.parametrize("kind", sorted(TOYS))
def test_a_second_bug_in_a_listed_property_fails_every_guard(kind, tmp_path, monkeypatch, capsys):
    pid, _, by_design, second = TOYS[kind]
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    v1, v2 = _write_toy(tmp_path, kind, 1), _write_toy(tmp_path, kind, 2)
    (tmp_path / "none.txt").write_text("")

    # v1 fails on its by-design finding alone; its report becomes the deviations file and the baseline
    assert _audit(v1, pid, "--deviations", "none.txt", "--report", "v1.json") == 1
    v1_result = json.loads((tmp_path / "v1.json").read_text())["results"][0]
    assert [f["finding_class"] for f in v1_result["findings"]], v1_result
    assert all(findings.matches(by_design, f["finding_class"]) for f in v1_result["findings"]), v1_result
    assert main(["deviations", "v1.json", "--out", "listed.txt"]) == 0
    listed = (tmp_path / "listed.txt").read_text()
    assert f"{pid} {{{by_design}" in listed
    assert json.loads((tmp_path / "listed.pins.json").read_text())["pins"][pid], "the finding's example is pinned"
    # the reasons are TODOs until someone checks them against the library: --strict refuses that
    assert "# TODO: why" in listed
    assert _audit(v1, pid, "--deviations", "listed.txt", "--strict") == 1
    assert "have a TODO for a reason" in capsys.readouterr().out
    (tmp_path / "listed.txt").write_text(re.sub(r"# TODO: why.*", "# by design: the toy's convention", listed))
    assert _audit(v1, pid, "--deviations", "listed.txt", "--strict") == 0
    capsys.readouterr()

    # v2: the listed finding and a second one in the same property
    assert _audit(v2, pid, "--deviations", "listed.txt", "--report", "v2.json", quiet=False) == 1
    out = capsys.readouterr().out
    assert re.search("{" + second, out) and "not covered by the listed deviation" in out, out
    assert _audit(v2, pid, "--deviations", "none.txt", "--baseline", "v1.json") == 1
    out = capsys.readouterr().out
    assert re.search(r"^\s*NEW [A-Z]+ " + re.escape(pid) + "{" + second, out, re.M), out
    assert main(["diff", "v1.json", "v2.json"]) == 1
    out = capsys.readouterr().out
    assert "new finding" in out and re.search("{" + second, out), out


def test_an_unscoped_line_still_covers_its_property_but_warns_and_fails_strict(tmp_path, monkeypatch, capsys):
    pid = TOYS["refusal"][0]
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    v2 = _write_toy(tmp_path, "refusal", 2)
    (tmp_path / "old.txt").write_text(f"{pid}  # by design: 2-D labels are flattened\n")
    assert _audit(v2, pid, "--deviations", "old.txt") == 0
    assert "name no finding class" in capsys.readouterr().out
    assert _audit(v2, pid, "--deviations", "old.txt", "--strict") == 1


def test_a_pinned_example_is_replayed_whatever_the_draws(tmp_path, monkeypatch):
    """The pinned example alone reaches the listed finding, here with a search that can draw no example."""
    from properties.engine.vocabulary import registry
    from properties.engine.target.loading import load_target
    from properties.engine.search import runner
    from properties.engine.verdict import deviations as verdict_deviations

    pid, _, by_design, _ = TOYS["refusal"]
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    v1 = _write_toy(tmp_path, "refusal", 1)
    (tmp_path / "none.txt").write_text("")
    assert _audit(v1, pid, "--deviations", "none.txt", "--report", "v1.json") == 1
    assert main(["deviations", "v1.json", "--out", "listed.txt"]) == 0
    target = load_target(v1, deviations_file="listed.txt")
    assert target.pins[pid], "the finding's example was pinned"

    prop = registry.get(pid)
    # a search that never draws the listed defect: only the pinned example can reach it
    blind = dataclasses.replace(prop, strategy=prop.strategy.filter(lambda ex: ex[2] != "two_dimensional"))
    result = verdict_deviations.apply_deviation(runner.run_in_process(blind, target), target)
    assert result.status == "deviation", result
    assert [f["finding_class"].split("/")[0] for f in result.findings] == [by_design], result.findings


@pytest.mark.parametrize(("pattern", "cls", "covered"), [
    ("two_dimensional:y_true", "two_dimensional:y_true/accepted_invalid_input", True),
    ("two_dimensional", "two_dimensional:y_pred/crash", True),
    ("two_dimensional:y_true", "two_dimensional:y_pred/crash", False),
    ("nan", "nan_score:detections/accepted_invalid_input", False),
    ("average=macro", "average=macro,zero_division=1.0/wrong_value", True),
    ("average=macro", "average=micro/wrong_value", False),
    ("*", "anything/crash", True),
    ("wrong_value", "wrong_value", True),
    ("wrong_value", "rounding-level", False),
    # the outcome and the input class: a convention line covers its own, nothing else
    ("wrong_value/returns_nan@constant", "wrong_value/returns_nan@constant", True),
    ("wrong_value/returns_nan@constant", "wrong_value/returns_nan@extreme", False),
    ("wrong_value/returns_nan@constant", "wrong_value/returns_inf@constant", False),
    ("wrong_value/returns_nan", "wrong_value/returns_nan@extreme", True),
    ("raises:ValueError", "raises:ValueError@single_sample", True),
    ("average=macro,zero_division=0.0/wrong_value/finite_wrong@absent_class",
     "average=macro,zero_division=0.0/wrong_value/finite_wrong@general", False),
    # a line written when classes began with the severity keeps covering that severity under every form ...
    ("wrong_value", "average=macro,labels,zero_division=1.0/wrong_value/finite_wrong@general", True),
    ("raises:ValueError", "zero_division=0.0:raises:ValueError@constant", True),
    # ... but not under a defect or a conversion, which classes always named
    ("wrong_value", "int8:y_true,y_pred/wrong_value/finite_wrong@general", False),
    ("accepted_invalid_input", "nan:y_true/accepted_invalid_input/returns_finite", False),
])
def test_a_pattern_covers_a_class_or_its_leading_parts(pattern, cls, covered):
    assert findings.matches(pattern, cls) is covered


def test_a_found_class_is_masked_by_its_outcome_under_every_form_and_input():
    assert findings.mask_key("average=macro,zero_division=0.0/wrong_value/finite_wrong@general") == \
        "wrong_value/finite_wrong"
    assert findings.mask_key("zero_division=nan:raises:ValueError@constant") == "raises:ValueError"
    assert findings.mask_key("int8:y_true,y_pred/wrong_value/finite_wrong@offset") == \
        "int8:y_true,y_pred/wrong_value/finite_wrong"
    for cls in ("average=macro/wrong_value/finite_wrong@general", "zero_division=nan:raises:ValueError@constant",
                "int8:y/wrong_value/finite_wrong@offset"):
        assert findings.matches(findings.mask_key(cls), cls)


@pytest.mark.parametrize(("example", "expected"), [
    ((np.array([]), np.array([])), "empty"),
    ((np.array([0.5, np.nan]), np.array([1.0, 2.0])), "nonfinite"),
    (([3], [4]), "single_sample"),
    ((np.array([2.0, 2.0, 2.0]), np.array([1.0, 2.0, 3.0])), "constant"),
    ((np.array([1e200, 1.0]), np.array([1.0, 2.0])), "extreme"),
    ((np.array([1e-300, 1.0]), np.array([1.0, 2.0])), "extreme"),
    ((np.array([1e8 + 1, 1e8 + 2]), np.array([1.0, 2.0])), "offset"),
    ((np.array([0, 1, 1]), np.array([0, 1, 2])), "absent_class"),
    ({"y_true": np.array([0, 1, 2]), "y_pred": np.array([2, 1, 0]), "alphabet": [0, 1, 2, 3]}, "general"),
    # a label alphabet longer than the labels is not a main array: one class in y_true is still constant
    ({"y_true": np.array([1, 1]), "y_pred": np.array([1, 0]), "alphabet": [0, 1, 2]}, "constant"),
    ((["a", "b"], [["a", "b"], []]), "empty"),
])
def test_the_input_class_is_computed_from_the_example(example, expected):
    assert findings.input_class(example) == expected


@pytest.mark.parametrize(("actual", "expected", "outcome"), [
    (np.nan, 0.5, "returns_nan"),
    (np.inf, 0.5, "returns_inf"),
    (0.4, 0.5, "finite_wrong"),
    ([0.5, np.nan], [0.5, np.nan], "finite_wrong"),  # NaN where NaN is expected is not the outcome
    (-np.inf, -np.inf, "finite_wrong"),
])
def test_the_outcome_names_what_came_back(actual, expected, outcome):
    assert findings.value_outcome(actual, expected) == outcome


def test_deviation_lines_parse_with_and_without_classes():
    assert findings.parse_scoped("a.b[c] {x:y, z}") == ("a.b[c]", ["x:y", "z"])
    assert findings.parse_scoped("a.b[c] {x} {average=macro,zero_division=1.0}") == (
        "a.b[c]", ["x", "average=macro,zero_division=1.0"])
    assert findings.parse_scoped("a.b[c]") == ("a.b[c]", ["*"])


def test_parts_name_the_form_and_the_conversion():
    assert findings.form_part({"average": "macro", "zero_division": 1.0}) == "average=macro,zero_division=1.0"
    assert findings.recast_part("y_true, y_pred as uint8") == "uint8:y_true,y_pred"
    assert findings.recast_part("y_true, y_pred as Python lists") == "list:y_true,y_pred"


def test_a_whole_property_reason_carried_to_several_classes_is_marked_for_review():
    from properties.engine.vocabulary.results import Result
    from properties.engine.report.audit_report import Report, Signature
    from properties.engine.cli.adopt import CARRIED, scoped_deviations

    found = [dict(finding_class=c, detail="d", severity="wrong value", example=[1]) for c in ("empty/crash", "nan:y/x")]
    result = Result(property_id="a.b[c]", statement="", kind="refusal", family="a", metrics=("c",), status="fail",
                    findings=found)
    signature = Signature(**{f: "" for f in ("target", "target_version", "import_path", "metric_assay_version",
                                             "profile", "seed", "python", "numpy", "hypothesis", "platform")},
                          conventions={}, deviations_file=None)
    lines, pins, _ = scoped_deviations(Report(signature, [result]), {"a.b[c]": {"*": "empty input scores 0"}})
    # one reason over both classes: one line, each class still covering only itself
    assert lines == [f"a.b[c] {{empty/crash, nan:y/x}}  # {CARRIED}empty input scores 0"]
    assert pins == {"a.b[c]": {"empty/crash": [1], "nan:y/x": [1]}}
