"""The per-call memory limit's pieces: sizes, the default, what counts as running out of memory, input sizes."""

import numpy as np
import pytest

from properties.engine.vocabulary import findings, memory
from properties.engine.vocabulary.guards import TARGET_RAISED
from properties.engine.vocabulary.named import Named
from properties.engine.vocabulary.results import STATUS_LABEL, STATUSES, VIOLATIONS
from properties.engine.search.runner import classify_exception
from properties.engine.report.audit_report import VERDICTS


@pytest.mark.parametrize(("text", "size"), [
    ("4G", 4 << 30), ("512M", 512 << 20), ("200MB", 200 << 20), ("300MiB", 300 << 20), ("1.5g", 3 << 29),
    ("1073741824", 1 << 30), ("none", None), ("None", None),
])
def test_sizes_read_with_binary_units(text, size):
    assert memory.parse_size(text) == size


@pytest.mark.parametrize("text", ["lots", "4X", "-1G", "", "1K"])  # 1K: below any worker's own needs
def test_a_size_that_is_not_one_is_refused(text):
    with pytest.raises(ValueError, match="--memory-limit"):
        memory.parse_size(text)


def test_sizes_are_shown_in_the_unit_they_fill():
    assert memory.format_size(4 << 30) == "4 GiB"
    assert memory.format_size(200 << 20) == "200 MiB"
    assert memory.format_size(3 << 29) == "1.5 GiB"
    assert memory.format_size(None) == "none"


def test_the_default_is_the_smaller_of_4_gib_and_half_the_machine_among_the_workers(monkeypatch):
    monkeypatch.setattr(memory, "physical_memory", lambda: 6 << 30)
    assert memory.default_limit() == 3 << 30
    assert memory.default_limit(2) == 3 << 29  # two workers at their limit at once leave half the machine
    monkeypatch.setattr(memory, "physical_memory", lambda: 64 << 30)
    assert memory.default_limit() == 4 << 30
    assert memory.default_limit(8) == 4 << 30
    assert memory.default_limit(16) == 2 << 30
    monkeypatch.setattr(memory, "physical_memory", lambda: 1 << 30)
    assert memory.default_limit(1000) == memory.MINIMUM


def _raised(exc):
    setattr(exc, TARGET_RAISED, True)
    return exc


@pytest.mark.parametrize("exc", [
    MemoryError("Unable to allocate 2.00 GiB for an array"),
    RuntimeError("[enforce fail at alloc_cpu.cpp:117] DefaultCPUAllocator: can't allocate memory: you tried to "
                 "allocate 2147483648 bytes. Error code 12 (Cannot allocate memory)"),
    RuntimeError("std::bad_alloc"),
])
def test_an_allocation_failure_raised_by_the_target_is_status_memory(exc):
    status, shown = classify_exception(_raised(exc))
    assert status == "memory" and shown is exc
    assert findings.class_of(exc) == "memory" and findings.severity_of(exc) == "crash"


def test_other_exceptions_and_the_spec_s_own_memory_error_are_not_memory():
    assert classify_exception(_raised(ValueError("y_true is empty")))[0] == "error"
    # raised by the spec's code, not the target's: a bug of ours
    assert classify_exception(MemoryError("spec"))[0] == "spec-error"


def test_the_status_is_a_violation_with_a_label():
    assert "memory" in STATUSES and "memory" in VIOLATIONS and "memory" in VERDICTS
    assert STATUS_LABEL["memory"] == "MEMORY"


def test_input_size_gives_shapes_not_values():
    text = memory.input_size((np.zeros((100_000, 2)), [1, 2, 3], [[0.5] * 4] * 2, "abc"), {"k": 10})
    assert text == ("ndarray 100000x2 float64 (1.53 MiB), list of 3, list of 2 (list of 4 first), "
                    "str of 3 characters")
    assert memory.input_size((Named("large.tied_reals(n=100_000, levels=10).x"),), {}) == \
        "large.tied_reals(n=100_000, levels=10).x"
