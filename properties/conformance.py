"""The conformance test: every property of the spec against the selected target.

Collected by pytest in this repository (``tests/test_conformance.py`` imports
it), or directly with ``pytest --pyargs properties.conformance --target NAME``.
"""

from __future__ import annotations

import warnings

import pytest

from properties.plugin import DeviationFixed
from properties.report import format_failure
from properties.runner import check_property


class PropertyViolated(AssertionError):
    """A property failed; the message carries the counterexample and the reproduction."""


def test_conformance(assay_target, assay_property, assay_results):
    result = check_property(assay_property, assay_target)
    assay_results.append(result)
    if result.status == "n/a":
        pytest.skip(f"not applicable: {result.detail}")
    if result.status == "deviation":
        pytest.xfail(result.detail.splitlines()[0])
    if result.status == "fixed":
        warnings.warn(DeviationFixed(f"{assay_property.id}: {result.detail}"))
        return
    if result.status == "fail":
        raise PropertyViolated(format_failure(result)) from None
    if result.status == "error":
        raise result.error
    assert result.status == "pass", result
    assert result.examples >= 1
