"""The conformance test: every property of the spec against the selected target.

Collected by pytest in this repository (``tests/test_conformance.py`` imports
it), or directly with ``pytest --pyargs properties.engine.conformance --target NAME``.
"""

from __future__ import annotations

import json
import warnings

import pytest

from properties.engine.verdict.check import check_property
from properties.engine.report.audit_report import format_failure, rounding_only
from properties.engine.cli.pytest_plugin import DeviationFixed, RESULT_KEY, RoundingLevel


class PropertyViolated(AssertionError):
    """A property failed; the message carries the counterexample and the reproduction."""


class TargetBroke(Exception):
    """The target raised, crashed, hung or misbehaved; the message says how, with the worker's traceback."""


def test_conformance(assay_target, assay_property, assay_call_timeout, assay_memory_limit, assay_search,
                     assay_fail_on, record_property):
    # The property runs in a worker process: a target that hangs, exits, crashes or
    # runs out of memory ends this one test with a result, never the pytest session.
    result = check_property(assay_property, assay_target, isolate=True, call_timeout=assay_call_timeout,
                            memory_limit=assay_memory_limit, **assay_search)
    record_property(RESULT_KEY, json.dumps(result.to_dict(), default=repr))
    if result.status == "n/a":
        pytest.skip(f"not applicable: {result.detail}")
    if result.status == "deviation":
        pytest.xfail(result.detail.splitlines()[0])
    if result.status == "fixed":
        warnings.warn(DeviationFixed(f"{assay_property.id}: {result.detail}"))
        return
    if result.status == "fail" and rounding_only(result) and "rounding" not in assay_fail_on:
        warnings.warn(RoundingLevel(f"{assay_property.id}: rounding-level only: {result.detail.splitlines()[0]}"))
        return
    if result.status == "fail":
        raise PropertyViolated(format_failure(result)) from None
    if result.status != "pass":
        message = f"{result.status.upper()} " + format_failure(result)
        if result.traceback:
            message += "\n" + result.traceback
        raise TargetBroke(message)
    assert result.examples >= 1
