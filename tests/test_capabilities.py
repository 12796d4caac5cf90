"""Spec as data: every catalog metric is classified, and nothing else is."""

import dataclasses

import numpy as np
from hypothesis import given, settings

import metrics
from properties.capabilities import Capability, all_capabilities
from properties.engine.vocabulary import registry
from properties.engine.vocabulary.profiles import profile_settings


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


def _plain(value):
    """An example as nested Python values: arrays as lists, tuples as lists, dataclasses as their fields."""
    if dataclasses.is_dataclass(value):
        return [_plain(getattr(value, f.name)) for f in dataclasses.fields(value)]
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value.item() if hasattr(value, "item") else value


def _arrays(value):
    """The NumPy arrays inside an example."""
    if dataclasses.is_dataclass(value):
        value = [getattr(value, f.name) for f in dataclasses.fields(value)]
    if isinstance(value, np.ndarray):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return [a for v in value for a in _arrays(v)]
    return []


def test_dtype_conversions_keep_the_values():
    """Every conversion a shape offers (the dtype_invariance property) holds the same values as what it is
    compared with: exactly the example's (labels, lists, tuples), or the same rounded floats in float64."""
    shapes = {}
    for name, cap in all_capabilities().items():
        if cap.inputs is not None and cap.inputs.recast is not None:
            shapes.setdefault(cap.inputs.name, (name, cap.inputs))
    assert len(shapes) >= 10, sorted(shapes)
    for metric, shape in shapes.values():
        offered = set()

        @settings(profile_settings("ci"), max_examples=25)
        @given(shape.examples(metric))
        def check(ex):
            recasts = shape.recast(ex)
            assert len({r.label for r in recasts}) == len(recasts), [r.label for r in recasts]
            for r in recasts:
                offered.add(r.label.rsplit(" as ", 1)[1])
                compared = ex if r.baseline is None else r.baseline
                assert _plain(r.example) == _plain(compared), (shape.name, r.label)
                if r.precision != "float64":  # the rounded values, held in float64
                    kinds = {a.dtype for a in _arrays(r.baseline) if a.dtype.kind == "f"}
                    assert kinds == {np.dtype(np.float64)}, (r.label, kinds)
                    assert np.dtype(r.precision) in {a.dtype for a in _arrays(r.example)}, r.label

        check()
        assert offered, f"{shape.name}: no conversion offered on 25 examples"
