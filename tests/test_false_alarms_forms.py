"""No false alarm from four mechanisms of issue 44 (item 4: 3 to 6), each on a toy target of
``tests/targets/false_alarms.py``:

- an input form the adapter declares it does not take (``INPUT_FORMS``) is skipped as n/a, with the reason;
- a return value of the wrong type is the target's finding, never a SPEC ERROR;
- a rounding-level finding is reported but fails the run only with ``--fail-on rounding``;
- an operating point of a library that reports no threshold (``NO_THRESHOLD``) has its value checked, not its
  threshold.
"""

from __future__ import annotations

import json

import pytest

from hypothesis import settings

from properties.engine.vocabulary import findings, profiles, registry
from properties.engine.target.errors import TargetUnavailable
from properties.engine.target.loading import load_target
from properties.engine.verdict.check import check_property
from properties.engine.report.audit_report import Report, Signature
from properties.engine.cli.main import main

TOYS = "tests.targets.false_alarms"


#: a sixth of the ci profile's draws (edge cases always run): these toys fail, or not, on almost any input
FEW = settings(profiles.profile_settings("ci"), max_examples=10)


def _audit(toy: str, *only: str) -> Report:
    """The report of ``toy`` on the properties ``only``, searched in this process with :data:`FEW` draws."""
    target = load_target(f"{TOYS}:{toy}")
    results = [check_property(registry.get(pid), target, settings_=FEW) for pid in only]
    return Report(Signature.collect(target, profile="ci", seed="", properties=[registry.get(p) for p in only]),
                  results)


def _statuses(report) -> dict:
    return {r.property_id: r.status for r in report.results}


# ------------------------------------------------------------------ input forms (INPUT_FORMS)

TOKEN_ID_PROPERTIES = ("text.integer_token_ids[wer]", "text.bounds[wer]")


def test_integer_token_ids_refused_without_a_declaration_are_refusals_of_valid_input():
    report = _audit("STRING_TOKENS_UNDECLARED", *TOKEN_ID_PROPERTIES)
    assert set(_statuses(report).values()) == {"error"}, _statuses(report)
    assert all(r.severity == "refuses valid input" for r in report.results)


def test_integer_token_ids_refused_by_a_declaration_are_not_applicable_with_the_reason():
    report = _audit("STRING_TOKENS", *TOKEN_ID_PROPERTIES)
    statuses = _statuses(report)
    assert statuses == {"text.integer_token_ids[wer]": "n/a", "text.bounds[wer]": "pass"}, statuses
    ids = report.results[[r.property_id for r in report.results].index("text.integer_token_ids[wer]")]
    assert "token_ids" in ids.detail and "INPUT_FORMS" in ids.detail
    assert "form:token_ids=False" in ids.conventions
    assert any(name == "form:token_ids=False" and touched for name, _, touched in report.declarations_applied())
    assert report.exit_code() == 0


def test_one_dimensional_probabilities_refused_by_a_declaration_leave_the_rows_checked():
    before = _audit("PROBA_ROWS_UNDECLARED", "classification.definition[log_loss]").results[0]
    assert before.status == "error" and before.severity == "refuses valid input"
    after = _audit("PROBA_ROWS", "classification.definition[log_loss]").results[0]
    assert after.status == "pass", after.detail
    assert any("binary_proba_1d" in s for s in after.skipped), after.skipped
    assert after.examples > 0


def test_a_declared_form_is_still_checked_where_it_is_taken():
    """A declaration skips only its form: a log loss that is wrong on probability rows still fails."""
    import types

    from tests.targets import false_alarms

    wrong = types.SimpleNamespace(TARGET_NAME="rows_wrong", INPUT_FORMS={"binary_proba_1d": False},
                                  log_loss=lambda *a, **k: false_alarms._rows_only(*a, **k) + 0.01)
    from properties.engine.target.loading import Target

    target = Target(name="rows_wrong", namespace=wrong, version="0", conventions={}, deviations={},
                    import_path="rows_wrong", input_forms={"binary_proba_1d": False})
    result = check_property(registry.get("classification.definition[log_loss]"), target, settings_=FEW)
    assert result.status == "fail" and result.severity == "wrong value"


def test_label_images_declared_taken_are_not_bad_input_and_the_other_defects_still_are():
    before = _audit("LABEL_IMAGES_UNDECLARED", "classification.refuses_bad_input[accuracy]").results[0]
    assert before.status == "fail" and findings.matches("two_dimensional", before.finding_class), before.finding_class
    after = _audit("LABEL_IMAGES", "classification.refuses_bad_input[accuracy]").results[0]
    assert after.status == "pass", after.detail
    assert "form:label_images=True" in after.conventions


#: form -> the property that passes it, and the status it has without the declaration
OTHER_FORMS = {
    "string_labels": ("classification.bounds[accuracy]", "error"),
    "proba_rows": ("classification.definition[brier_score_loss]", "error"),
    "text_strings": ("text.refuses_bad_input[wer]", "fail"),
}


@pytest.mark.parametrize("form", OTHER_FORMS)
def test_each_declarable_form_turns_its_false_alarm_into_a_skip(form, monkeypatch):
    from tests.targets import false_alarms

    property_id, undeclared_status = OTHER_FORMS[form]
    declared, undeclared = false_alarms.FORM_TOYS[form]
    monkeypatch.setattr(false_alarms, "DECLARED", declared, raising=False)
    monkeypatch.setattr(false_alarms, "UNDECLARED", undeclared, raising=False)
    before = _audit("UNDECLARED", property_id).results[0]
    assert before.status == undeclared_status, (before.status, before.detail)
    after = _audit("DECLARED", property_id).results[0]
    assert after.status == "pass", (after.status, after.detail)
    assert any(c.startswith(f"form:{form}=") for c in after.conventions), after.conventions


@pytest.mark.parametrize("declaration, message", [
    ({"token_idz": False}, "unknown input form 'token_idz'"),
    ({"token_ids": "no"}, "must be True or False"),
    (["token_ids"], "must map"),
])
def test_a_declaration_that_cannot_be_read_is_a_usage_error(declaration, message, monkeypatch):
    from tests.targets import false_alarms

    monkeypatch.setattr(false_alarms.STRING_TOKENS, "INPUT_FORMS", declaration)
    with pytest.raises(TargetUnavailable, match=message):
        load_target(f"{TOYS}:STRING_TOKENS")


# ------------------------------------------------------------------ a return value of the wrong type


@pytest.mark.parametrize("property_id, wording", [
    ("curves.definition[roc_curve]", "returns a tuple whose item 0 is a dict where an array is expected"),
    ("classification.bounds[accuracy]", "returns a dict where a number is expected"),
])
def test_a_dict_where_numbers_are_expected_is_a_finding_of_the_target(property_id, wording):
    result = _audit("WRONG_RETURN_TYPE", property_id).results[0]
    assert result.status == "fail", (result.status, result.detail)
    assert wording in result.detail
    assert "metric-assay" not in result.detail  # never "a bug in metric-assay"
    assert findings.matches("return_type", result.finding_class), result.finding_class


def test_a_bug_of_the_spec_on_results_of_the_catalogs_form_stays_a_spec_error():
    from hypothesis import strategies as st

    from properties.engine.vocabulary.registry import one_failure_site, Property

    def buggy(t, ex):
        t.accuracy([0, 1], [0, 1])
        {}["the spec's own bug"]  # noqa: B018 - raised outside any target call, after a result of the right form

    prop = Property(id="toy.buggy_spec", statement="a bug of the spec", kind="relation", family="toy",
                    needs=("accuracy",), check=one_failure_site(buggy), strategy=st.just(0))
    result = check_property(prop, load_target("metrics"), settings_=FEW)
    assert result.status == "spec-error" and "KeyError" in result.detail


# ------------------------------------------------------------------ rounding-level findings and the exit code

ROUNDING_PROPERTY = "regression.definition[mean_squared_error]"


def test_a_rounding_level_finding_is_reported_and_does_not_fail_the_run():
    report = _audit("ROUNDING", ROUNDING_PROPERTY)
    result = report.results[0]
    assert result.status == "fail" and result.severity == "rounding-level", (result.status, result.severity)
    assert report.violations() == [result]  # listed, as a finding
    assert report.exit_code() == 0
    assert report.exit_code(fail_on=("rounding",)) == 1
    assert "rounding-level" in report.summary_line()
    assert "--fail-on rounding" in report.to_terminal()
    assert "rounding-level" in report.to_markdown()


def test_a_wrong_value_still_fails_the_run():
    report = _audit("MSE_OFF", ROUNDING_PROPERTY)
    assert report.results[0].severity == "wrong value"
    assert report.exit_code() == 1


def test_the_command_line_exits_0_on_rounding_only_and_1_with_fail_on_rounding(tmp_path, capsys):
    common = ["audit", f"{TOYS}:ROUNDING", "--only", ROUNDING_PROPERTY, "--jobs", "1", "-q"]
    assert main([*common, "--report", str(tmp_path / "r.json")]) == 0
    printed = capsys.readouterr().out
    assert "rounding-level" in printed
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["results"][0]["severity"] == "rounding-level"
    assert main([*common, "--fail-on", "rounding"]) == 1


def test_the_pytest_route_warns_on_rounding_only_and_fails_with_assay_fail_on_rounding():
    from properties.conformance import PropertyViolated, test_conformance as conformance
    from properties.engine.isolation.fork_pool import close_pool
    from properties.engine.cli.pytest_plugin import RoundingLevel

    fixtures = dict(assay_target=load_target(f"{TOYS}:ROUNDING"), assay_property=registry.get(ROUNDING_PROPERTY),
                    assay_call_timeout=30.0, assay_memory_limit=None, assay_search={"settings_": FEW},
                    record_property=lambda key, value: None)
    try:
        with pytest.warns(RoundingLevel, match="rounding-level only"):
            conformance(**fixtures, assay_fail_on=())
        with pytest.raises(PropertyViolated):
            conformance(**fixtures, assay_fail_on=("rounding",))
    finally:
        close_pool()  # the kept worker of the pytest route


# ------------------------------------------------------------------ operating points without a threshold

#: toy prefix -> the properties that read an operating point's threshold
NO_THRESHOLD_PROPERTIES = {
    "NO_THRESHOLD": ("curves.definition[recall_at_fixed_precision]", "curves.on_the_curve[recall_at_fixed_precision]"),
    "MULTILABEL_NO_THRESHOLD": ("multilabel.definition[multilabel_recall_at_fixed_precision]",),
}


@pytest.mark.parametrize("toy", NO_THRESHOLD_PROPERTIES)
def test_a_nan_threshold_without_a_declaration_fails(toy):
    report = _audit(f"{toy}_UNDECLARED", *NO_THRESHOLD_PROPERTIES[toy])
    assert set(_statuses(report).values()) == {"fail"}, _statuses(report)


@pytest.mark.parametrize("toy", NO_THRESHOLD_PROPERTIES)
def test_a_declared_missing_threshold_is_not_checked(toy):
    report = _audit(toy, *NO_THRESHOLD_PROPERTIES[toy])
    assert set(_statuses(report).values()) == {"pass"}, [(r.property_id, r.detail) for r in report.results]
    assert all(any(c.startswith("no_threshold:") for c in r.conventions) for r in report.results)


@pytest.mark.parametrize("toy", NO_THRESHOLD_PROPERTIES)
def test_a_declared_missing_threshold_still_checks_the_value(toy):
    result = _audit(f"{toy}_WRONG_VALUE", NO_THRESHOLD_PROPERTIES[toy][0]).results[0]  # the definition
    assert result.status == "fail" and result.severity == "wrong value", (result.status, result.detail)
    assert "value" in result.detail and "threshold" not in result.detail.split("[")[0]
