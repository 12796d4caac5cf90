"""Causes are root causes: one decision over many metrics is one cause, two decisions are never one.

Built from hand-made findings (no audit): a refusal message shared by eleven metrics, an averaging rule shared
by eight rates, two outcome kinds or two messages in one property, a relation of fifteen metrics of which one
failed, a convention next to a bug; and ``metric-assay report --issues`` on a small report.

Finding classes are written in both grammars a report may hold: the one before outcomes and input classes
were part of a class (the outcome then read from the detail), and ``<structure>/<severity>/<outcome>@<input>``.
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from properties.engine.vocabulary import findings
from properties.engine.vocabulary.results import Result
from properties.engine.verdict import causes
from properties.engine.report.audit_report import Report, Signature
from properties.engine.report.issues import library_calls
from properties.engine.cli.main import main

RATES = ("precision", "recall", "f1", "fbeta", "jaccard_score", "specificity", "false_positive_rate",
         "false_negative_rate")
ELEVEN = RATES + ("accuracy", "balanced_accuracy", "matthews_corrcoef")
GRAMMARS = ("old", "new")


def member(pid, cls, detail="", *, metrics=None, severity="wrong value", known=False, reproduction="",
           conventions=()):
    metric = pid.partition("[")[2].rstrip("]").split(":")[0]
    extra = {"conventions": tuple(conventions)} if conventions else {}
    return causes.Member(property_id=pid, metrics=tuple(metrics or ((metric,) if metric else ())),
                         finding_class=cls, severity=severity, status="deviation" if known else "fail",
                         known=known, detail=detail, reproduction=reproduction, **extra)


def wrong(structure, outcome, input_class, grammar):
    """A wrong value's class: with its outcome and input class (new), or without them (old)."""
    base = findings.finding_class(structure, "wrong value")
    return base if grammar == "old" else f"{base}/{outcome}@{input_class}"


def raised(structure, name, input_class, grammar):
    base = findings.join(structure, f"raises:{name}")
    return base if grammar == "old" else f"{base}@{input_class}"


def repro(*calls):
    """A reproduction's text from (function, outcome) pairs, as :mod:`properties.engine.vocabulary.pasteable` writes it."""
    lines = ["# Calls to toy (toy) in the failing example:", "import toy as target"]
    for name, outcome in calls:
        lines.append(f"target.{name}([0, 1], [1, 1])  # {outcome}")
    return "\n".join(lines)


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_one_message_over_eleven_metrics_is_one_cause(grammar):
    cls = "bool:y_true/wrong_exception_type" + ("" if grammar == "old" else "/raises:TypeError")
    detail = "expected a refusal naming 'y_true' as one of ValueError, got TypeError: Unsupported dtype bool"
    found = causes.group([member(f"classification.refuses_bad_input[{m}]", cls, detail,
                                 severity="wrong exception type") for m in ELEVEN])
    assert len(found) == 1, [c.title() for c in found]
    assert found[0].failed_metrics == sorted(ELEVEN)
    assert "raises TypeError: Unsupported dtype bool" in found[0].title()


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_one_averaging_rule_over_eight_rates_is_one_cause(grammar):
    cls = wrong("average=macro,zero_division=nan", "returns_nan", "absent_class", grammar)
    found = causes.group([member(f"classification.agrees_with_sklearn[{m}]", cls, f"{m}: nan != 0.0 (rtol=1e-09)")
                          for m in RATES])
    assert len(found) == 1, [c.title() for c in found]
    # the rule links only findings with the same outcome: a finite wrong value under that form is another cause
    other = member("classification.agrees_with_sklearn[accuracy]",
                   wrong("average=macro,zero_division=nan", "finite_wrong", "absent_class", grammar),
                   "accuracy: 0.5 != 0.0 (rtol=1e-09)")
    assert len(causes.group([member(f"classification.agrees_with_sklearn[{m}]", cls, f"{m}: nan != 0.0")
                             for m in RATES] + [other])) == 2


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_two_outcome_kinds_under_one_property_are_two_causes(grammar):
    convention = member("regression.definition[r2]", wrong("", "returns_nan", "constant", grammar),
                        "r2: nan != 1.0 (rtol=1e-09)")
    bug = member("regression.definition[r2]", wrong("", "returns_inf", "offset", grammar),
                 "r2: -inf != 0.99 (rtol=1e-09)")
    found = causes.group([convention, bug])
    assert len(found) == 2, [c.title() for c in found]
    assert {c.representative.outcome_kind for c in found} == {"returns_nan", "returns_inf"}


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_two_messages_are_two_causes_even_through_a_shared_link(grammar):
    library = member("text.definition[bleu]", raised("", "ValueError", "general", grammar),
                     "ValueError: input too short", severity="refuses valid input")
    adapter = member("text.definition[bleu]", raised("", "ValueError", "general", grammar),
                     "ValueError: tokens must be strings", severity="refuses valid input")
    other_type = member("text.definition[bleu]", raised("", "TypeError", "general", grammar),
                        "TypeError: unhashable type: 'list'", severity="refuses valid input")
    # the same message from another metric joins its own message's cause, not the other one
    elsewhere = member("text.definition[chrf]", raised("", "ValueError", "general", grammar),
                       "ValueError: input too short", severity="refuses valid input")
    found = causes.group([library, adapter, other_type, elsewhere])
    assert len(found) == 3, [c.title() for c in found]
    for c in found:
        assert len({m.message for m in c.members}) == 1 and len({m.outcome_kind for m in c.members}) == 1
    (short,) = [c for c in found if "input too short" in c.title()]
    assert short.failed_metrics == ["bleu", "chrf"]


def test_one_rule_for_an_undefined_case_over_many_metrics_is_one_cause():
    # NumPy scalars slipping past ``except ZeroDivisionError``: inf wherever a class is absent, in every rate
    cls = "wrong_value/returns_inf@absent_class"
    found = causes.group([member(f"classification.definition[{m}]", cls, f"{m}: inf != 0.0") for m in RATES])
    assert len(found) == 1, [c.title() for c in found]
    # a finite wrong value on a general input, in two metrics of one check, is not linked by that rule
    apart = causes.group([member(f"classification.definition[{m}]", "wrong_value/finite_wrong@general",
                                 f"{m}: 0.5 != 0.25") for m in RATES[:2]])
    assert len(apart) == 2, [c.title() for c in apart]


def test_a_link_through_a_finding_of_unknown_outcome_never_joins_two_kinds():
    nan = member("regression.bounds[r2]", "wrong_value", "r2: nan != 1.0")
    inf = member("regression.bounds[r2]", "wrong_value", "r2: inf != 1.0")
    unknown = member("regression.bounds[r2]", "wrong_value", "r2 not between the two")
    found = causes.group([unknown, nan, inf])
    assert len(found) == 2 and all(len({m.outcome_kind for m in c.members} - {""}) == 1 for c in found)


NO_NAN = ("confusion_matrix", "precision", "recall", "fbeta", "f1", "accuracy", "balanced_accuracy",
          "jaccard_score", "hamming_loss", "zero_one_loss", "matthews_corrcoef", "cohen_kappa",
          "specificity", "false_positive_rate", "false_negative_rate")


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_a_relation_failing_in_one_metric_is_titled_with_that_metric(grammar):
    calls = [(m, "-> 0.5") for m in NO_NAN]
    calls[6] = ("balanced_accuracy", "-> np.float64(nan)")
    found = causes.group([member("classification.no_nan_outside_undefined_cases",
                                 wrong("", "returns_nan", "general", grammar), "balanced_accuracy is NaN: nan != 0.5",
                                 metrics=NO_NAN, reproduction=repro(*calls))])
    (cause,) = found
    title = cause.title()
    assert title.split(": ", 1)[0] == "balanced_accuracy" and "wrong value" in title, title
    assert cause.to_dict()["failed_metrics"] == ["balanced_accuracy"]


def test_a_relation_that_does_not_say_which_metric_failed_is_named_by_its_size():
    calls = [("accuracy", "-> 0.5"), ("top_k_accuracy", "-> 0.75")]
    (cause,) = causes.group([member("classification.top_k_with_k_1_is_accuracy", "wrong_value",
                                    "top_k_accuracy(k=1) == accuracy: 0.75 != 0.5",
                                    metrics=("accuracy", "top_k_accuracy"), reproduction=repro(*calls))])
    assert cause.title().startswith("wrong value in a relation of 2 metrics"), cause.title()
    # in a cause whose other findings name one of its metrics, such a relation adds nothing to the title
    (joined,) = causes.group([member("classification.top_k_with_k_1_is_accuracy", "raises:ZeroDivisionError",
                                     "ZeroDivisionError: float division by zero", severity="crash",
                                     metrics=("accuracy", "top_k_accuracy")),
                              member("classification.definition[top_k_accuracy]", "raises:ZeroDivisionError",
                                     "ZeroDivisionError: float division by zero", severity="crash")])
    assert joined.title().split(": ", 1)[0] == "top_k_accuracy", joined.title()
    # a call that raised names its metric, whatever the others returned
    (raising,) = causes.group([member("classification.top_k_with_k_1_is_accuracy", "raises:IndexError",
                                      "IndexError: index 2 is out of bounds", severity="crash",
                                      metrics=("accuracy", "top_k_accuracy"),
                                      reproduction=repro(("accuracy", "-> 0.5"),
                                                         ("top_k_accuracy", "raised IndexError: index 2")))])
    assert raising.title().startswith("top_k_accuracy: crashes"), raising.title()


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_the_representative_is_the_finding_least_like_a_convention(grammar):
    # same severity, same outcome, one property: the documented constant-input NaN (the shorter reproduction,
    # which the tie-breaks alone would show) and a NaN on an offset input, a bug
    convention = member("regression.definition[r2]", wrong("", "returns_nan", "constant", grammar),
                        "r2: nan != 1.0", reproduction=repro(("r2", "-> nan")))
    bug = member("regression.definition[r2]", wrong("", "returns_nan", "offset", grammar),
                 "r2: nan != 0.25", reproduction=repro(("r2", "-> nan"), ("r2", "-> nan")))
    if grammar == "old":  # no input class to tell them: the declared convention the first one applied does
        convention = dataclasses.replace(convention, conventions=("convention:undefined=nan",))
    (cause,) = causes.group([convention, bug])
    assert cause.representative is bug
    # the worst severity still comes first, and a finite wrong value before a NaN
    crash = member("regression.definition[r2]", raised("", "ZeroDivisionError", "constant", grammar),
                   "ZeroDivisionError: float division by zero", severity="crash")
    assert causes.Cause([convention, bug, crash]).representative is crash
    finite = member("regression.definition[r2]", wrong("", "finite_wrong", "general", grammar), "r2: 0.5 != 0.25")
    assert causes.Cause([convention, finite]).representative is finite


def test_the_class_grammar_is_read_with_the_old_grammar_as_a_fallback():
    assert causes.input_class_of("average=macro/wrong_value/returns_nan@absent_class") == "absent_class"
    assert causes.input_class_of("average=macro/wrong_value") == ""
    assert causes.class_outcome("average=macro/wrong_value/returns_nan@absent_class") == "returns_nan"
    assert causes.class_outcome("int8:y_true,y_pred:raises:TypeError@general") == "raises:TypeError"
    assert causes.class_outcome("empty:y_true/wrong_exception_type/raises:KeyError") == "raises:KeyError"
    assert causes.class_outcome("nan:y_score/accepted_invalid_input/returns_finite") == "returns_finite"
    assert causes.class_outcome("average=macro/wrong_value") == ""
    assert causes.class_structure("average=macro,zero_division=nan/wrong_value/returns_nan@absent_class") \
        == "average=macro,zero_division=nan"
    assert causes.class_structure("int8:y_true,y_pred:raises:TypeError@general") == "int8:y_true,y_pred"
    assert causes.class_structure("wrong_value/finite_wrong@offset") == causes.class_structure("raises:X") == ""
    # a class without an outcome: the detail says
    assert causes.outcome_kind("wrong_value", "r2: -inf != 0.99 (rtol=1e-09)") == "returns_inf"
    assert causes.outcome_kind("wrong_value", "value = 1.5 is outside [0, 1]") == "out_of_range"
    assert causes.outcome_kind("empty/accepted_invalid_input", "expected a refusal, got a result: 0.0") \
        == "returns_finite"
    assert causes.outcome_kind("wrong_value", "f1 not between precision and recall") == ""
    # the actual value is the one after the last colon: a form's zero_division=nan is not what came back
    assert causes.outcome_kind("average=macro,zero_division=nan/wrong_value",
                               "f1({'average': 'macro', 'zero_division': nan}) vs its counts: 1.0 != nan") \
        == "finite_wrong"


# ------------------------------------------------------------ report --issues

LIBRARY_LINE = "#   library: toylib.scores.f1([1, 1], [0, 1]) -> np.float64(nan)"


def _signature() -> Signature:
    return Signature(target="toylib", target_version="0.3.1", import_path="toylib_adapter",
                     metric_assay_version="9.9.9", profile="ci", seed="0", python="3.12.1", numpy="2.1.0",
                     hypothesis="6.0", platform="Linux-x86_64", conventions={}, deviations_file=None)


def _result(pid, metrics, *, status, cls, severity, detail, reproduction, known=False):
    finding = dict(finding_class=cls, status=status if status != "deviation" else "fail", severity=severity,
                   detail=detail, reproduction=reproduction, counterexample="", known=known)
    return Result(property_id=pid, statement=f"the statement of {pid.split('[')[0]}", kind="invariant",
                  family=pid.split(".")[0], metrics=tuple(metrics), status=status, detail=detail,
                  reproduction=reproduction, severity=severity, finding_class=cls, findings=[finding])


@pytest.fixture
def small_report(tmp_path):
    nan_repro = "\n".join([repro(("f1", "-> np.float64(nan)")), LIBRARY_LINE])
    results = [
        _result("classification.definition[f1]", ["f1"], status="fail",
                cls="average=macro/wrong_value/returns_nan@absent_class", severity="wrong value",
                detail="f1(average='macro'): nan != 0.5 (rtol=1e-09)", reproduction=nan_repro),
        _result("classification.agrees_with_sklearn[f1]", ["f1"], status="fail",
                cls="average=macro/wrong_value/returns_nan@absent_class", severity="wrong value",
                detail="f1 vs sklearn: nan != 0.5", reproduction=nan_repro),
        _result("classification.refuses_bad_input[recall]", ["recall"], status="fail",
                cls="empty:y_true/crash/raises:IndexError", severity="crash",
                detail="expected a clear refusal, but the call crashed with IndexError: index 0 is out of bounds",
                reproduction=repro(("recall", "raised IndexError: index 0 is out of bounds"))),
        _result("classification.refuses_bad_input[accuracy]", ["accuracy"], status="deviation",
                cls="two_dimensional:y_true/accepted_invalid_input/returns_finite", severity="accepted invalid input",
                detail="expected a refusal, got a result: 1.0", reproduction=repro(("accuracy", "-> 1.0")),
                known=True),
    ]
    report = Report(signature=_signature(), results=results)
    path = tmp_path / "r.json"
    path.write_text(report.to_json())
    return path


def test_report_issues_writes_one_upstream_issue_per_new_cause(small_report, tmp_path, capsys):
    out = tmp_path / "issues"
    (out).mkdir()
    (out / "99-stale.md").write_text("<!-- written by metric-assay report --issues -->\nold\n")
    (out / "notes.md").write_text("the user's own file\n")
    assert main(["report", str(small_report), "--issues", str(out)]) == 0
    written = sorted(p.name for p in out.glob("*.md") if p.name != "notes.md")
    assert (out / "notes.md").exists()
    # worst first: the crash, then the wrong value; the listed deviation has no file; the stale export is gone
    assert len(written) == 2 and all(re.fullmatch(r"\d\d-[a-z0-9-]+\.md", n) for n in written), written
    assert written[0].startswith("01-recall-crashes") and written[1].startswith("02-f1-wrong-value"), written
    crash = (out / written[0]).read_text()
    assert crash.splitlines()[1].startswith("# toylib: recall: crashes")
    nan = (out / written[1]).read_text()
    assert "toylib.scores.f1([1, 1], [0, 1])  # -> np.float64(nan)" in nan  # the library's own call
    assert "nan != 0.5" in nan  # what the definition and the references give
    assert "the statement of classification." in nan
    assert "average=macro/wrong_value/returns_nan@absent_class" in nan  # the finding class
    # the other finding of the cause, and the versions
    other = {"classification.definition[f1]", "classification.agrees_with_sklearn[f1]"}
    assert all(pid in nan for pid in other)
    for version in ("toylib 0.3.1", "Python 3.12.1", "NumPy 2.1.0", "metric-assay 9.9.9"):
        assert version in nan, version
    assert "no library call" in crash  # the adapter noted none: its own call is shown
    assert "wrote 2 issue file(s)" in capsys.readouterr().out


def test_report_needs_a_page_or_an_issues_folder(small_report, tmp_path):
    assert main(["report", str(small_report)]) == 2
    (tmp_path / "file").write_text("")
    assert main(["report", str(small_report), "--issues", str(tmp_path / "file")]) == 2


def test_library_calls_are_read_from_the_reproduction():
    text = "\n".join([repro(("f1", "-> 0.5")), LIBRARY_LINE,
                      "#   library: toylib.scores.recall([1], [0]) raised ValueError: too short"])
    assert library_calls(text) == ["toylib.scores.f1([1, 1], [0, 1])  # -> np.float64(nan)",
                                   "toylib.scores.recall([1], [0])  # raised ValueError: too short"]


def test_the_json_report_lists_the_failed_metrics_of_each_cause(small_report):
    data = json.loads(small_report.read_text())
    assert {tuple(c["failed_metrics"]) for c in data["causes"]} == {("f1",), ("recall",), ("accuracy",)}
