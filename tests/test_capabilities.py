"""Spec as data: every catalog metric is classified, and nothing else is."""

import metrics
from properties.capabilities import Capability, all_capabilities
from properties.engine import registry


def test_no_catalog_metric_is_unclassified():
    missing = sorted(set(metrics.CATALOG) - set(all_capabilities()))
    assert not missing, f"catalog metrics without a Capability entry: {missing}"


def test_no_classification_names_a_metric_outside_the_catalog():
    extra = sorted(set(all_capabilities()) - set(metrics.CATALOG))
    assert not extra, f"Capability entries for names that are not in the catalog: {extra}"


def test_capabilities_are_well_formed():
    for name, cap in all_capabilities().items():
        assert isinstance(cap, Capability), name
        lo, hi = cap.range
        assert lo is None or hi is None or lo <= hi, (name, cap.range)
        assert cap.undefined.strip(), f"{name}: undefined cases must be documented (or say 'none')"


def test_every_catalog_metric_is_touched_by_some_property():
    touched = {m for p in registry.all_properties() for m in p.metrics}
    untouched = sorted(set(metrics.CATALOG) - touched)
    assert not untouched, f"catalog metrics no property checks: {untouched}"


def test_properties_only_need_catalog_names():
    for p in registry.all_properties():
        unknown = [m for m in p.metrics if m not in metrics.CATALOG]
        assert not unknown, f"{p.id} needs names outside the catalog: {unknown}"


def test_every_catalog_metric_documents_formula_range_undefined_and_source():
    for name in metrics.CATALOG:
        doc = (getattr(metrics, name).__doc__ or "").lower()
        assert doc, f"{name} has no docstring"
        for word in ("range", "undefined", "source"):
            assert word in doc, f"{name}'s docstring does not mention its {word}"
