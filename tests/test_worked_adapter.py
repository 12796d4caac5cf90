"""The worked adapter of docs/adapters.md audits as the page says: partial API, float32, findings listed."""

from properties.engine.target.loading import load_target
from properties.engine.cli.audit import audit


def test_the_worked_adapter_audits_clean_with_its_findings_listed():
    report = audit(load_target("examples.adapter.tinymetrics_adapter"), profile="ci", families=["classification"])
    counts = report.counts()
    assert not report.violations(), [r.property_id for r in report.violations()]
    assert counts["deviation"] == 4 and not report.unmatched_deviations
    assert counts["pass"] >= 15  # accuracy, f1 and fbeta run without sample_weight or 'weighted'
    skipped = {s for r in report.results for s in r.skipped}
    assert "accuracy:sample_weight" in skipped and "f1:average='weighted'" in skipped
    assert {r.precision for r in report.results if r.status == "pass"} == {"float32"}


def test_the_worked_adapter_declares_its_fresh_stream_value_once():
    """tinymetrics' AccMeter computes 0.0 before any sample: declared once in CONVENTIONS, the three stream
    properties that reach a fresh stream expect (and check) 0.0; without the declaration they fail."""
    import dataclasses

    from properties.engine.vocabulary import registry
    from properties.engine.verdict.check import check_property

    target = load_target("examples.adapter.tinymetrics_adapter")
    assert target.declared_conventions()[0].startswith("convention:fresh_stream=0.0: ")
    undeclared = dataclasses.replace(target, declared={})
    for name in ("stream_undefined", "stream_reset", "stream_empty_batches"):
        prop = registry.get(f"classification.{name}[accuracy]")
        result = check_property(prop, target)
        assert result.status == "pass" and result.conventions == ("convention:fresh_stream=0.0",), result
        assert check_property(prop, undeclared).status == "fail", name
