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

from properties.engine import findings
from properties.engine.audit import audit
from properties.engine.cli import main
from properties.engine.runner import VIOLATIONS
from properties.engine.targets import TargetUnavailable, load_target

TOYS = "tests.targets.false_alarms"


def _audit(toy: str, *only: str):
    return audit(load_target(f"{TOYS}:{toy}"), only=list(only), isolate=False)


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
    bounds = next(r for r in report.results if r.property_id == "text.bounds[wer]")
    assert any("token_ids" in s for s in bounds.skipped), bounds.skipped  # the edge case of integer ids skipped
    assert "form:token_ids=False" in bounds.conventions
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
    from properties.engine.runner import check_property
    from properties.engine import registry
    from properties.engine.targets import Target

    target = Target(name="rows_wrong", namespace=wrong, version="0", conventions={}, deviations={},
                    import_path="rows_wrong", input_forms={"binary_proba_1d": False})
    result = check_property(registry.get("classification.definition[log_loss]"), target)
    assert result.status == "fail" and result.severity == "wrong value"


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
    assert main([*common, "--strict"]) == 0  # --strict is about deviations, as before


# ------------------------------------------------------------------ operating points without a threshold

NO_THRESHOLD_PROPERTIES = ("curves.definition[recall_at_fixed_precision]",
                           "curves.on_the_curve[recall_at_fixed_precision]")


def test_a_nan_threshold_without_a_declaration_fails():
    report = _audit("NO_THRESHOLD_UNDECLARED", *NO_THRESHOLD_PROPERTIES)
    assert set(_statuses(report).values()) == {"fail"}, _statuses(report)


def test_a_declared_missing_threshold_is_not_checked():
    report = _audit("NO_THRESHOLD", *NO_THRESHOLD_PROPERTIES)
    assert set(_statuses(report).values()) == {"pass"}, [(r.property_id, r.detail) for r in report.results]
    assert all("no_threshold:recall_at_fixed_precision" in r.conventions for r in report.results)


def test_a_declared_missing_threshold_still_checks_the_value():
    report = _audit("NO_THRESHOLD_WRONG_VALUE", *NO_THRESHOLD_PROPERTIES)
    statuses = _statuses(report)
    assert set(statuses.values()) <= set(VIOLATIONS) and "fail" in statuses.values(), statuses
    assert all(r.severity == "wrong value" for r in report.results)
