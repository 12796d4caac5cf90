"""The call timeout scales with the input: a call given more than ``TIMEOUT_ELEMENTS`` array elements may run
proportionally longer before it is killed as a hang (a library that is merely slow on a 1e6 x 100 matrix is not
hung), and a call that never returns is still killed, at any size."""

import re

import numpy as np
import pytest

from properties.engine.vocabulary import memory
from properties.engine.vocabulary.named import Named
from properties.engine.target.loading import load_target
from properties.engine.isolation import fork_pool as isolation
from properties.engine.isolation.fork_pool import _Flight, TIMEOUT_ELEMENTS
from properties.engine.cli.audit import audit

ONLY = ["classification.bounds[accuracy]"]


def test_input_elements_counts_every_array_and_list_length():
    args = (np.zeros((10, 3)), [1, 2, 3, 4], "text", 5)
    assert memory.input_elements(args, {"sample_weight": np.ones(7), "average": "macro"}) == 30 + 4 + 7
    assert memory.input_elements((Named("large.case(n=3)", np.zeros(3)),), {}) == 3


@pytest.mark.parametrize(("elements", "allowed"), [
    (0, 60.0), (TIMEOUT_ELEMENTS, 60.0), (2 * TIMEOUT_ELEMENTS, 120.0), (10 * TIMEOUT_ELEMENTS, 600.0),
])
def test_a_call_may_run_one_call_timeout_per_timeout_elements(elements, allowed):
    assert _Flight(0.0, "target.f()", "", 0, elements).allowed(60.0) == allowed


def _audit(module, call_timeout, **options):
    return audit(load_target(f"tests.hostile.{module}"), only=ONLY, call_timeout=call_timeout, jobs=1, **options)


def test_a_slow_call_on_a_large_input_is_not_a_hang(monkeypatch):
    # with 4 elements per call timeout, a call given two columns of 4 or more samples (8 or more elements) may run
    # at least 2 call timeouts: the slow target's 0.5 s per call fits, and its values are checked
    monkeypatch.setattr(isolation, "TIMEOUT_ELEMENTS", 4)
    report = _audit("slow", 0.3, time_budget=1.0)
    (result,) = report.results
    assert result.status in ("pass", "timeout"), result.detail
    assert result.examples > 0


def test_the_same_slow_call_without_the_scaling_is_a_hang():
    (result,) = _audit("slow", 0.3).results
    assert result.status == "hang"
    assert "killed after 0.3s" in result.detail and "per 2e+07 input elements" not in result.detail


def test_a_hang_on_a_large_input_is_killed_after_its_scaled_time_and_says_so(monkeypatch):
    monkeypatch.setattr(isolation, "TIMEOUT_ELEMENTS", 4)
    (result,) = _audit("hang", 0.3).results
    assert result.status == "hang"
    assert "the call timeout of 0.3s per 4e+00 input elements" in result.detail, result.detail


def test_a_first_call_that_compiles_is_a_warm_up_not_a_hang_nor_the_propertys_time():
    # the jit target's first call takes 1.5 s: past the 0.5 s call timeout, within the warm-up allowance
    # (10 call timeouts), and longer than the whole time budget of the property
    (result,) = _audit("jit", 0.5, time_budget=1.0).results
    assert result.status == "pass", result.detail
    ((name, seconds),) = result.warmups
    assert name == "accuracy" and 1.5 <= seconds < 5, result.warmups
    assert result.examples >= 20, result.examples


def test_a_time_budget_does_not_count_first_calls(monkeypatch):
    import time

    from properties.engine.search import runner

    monkeypatch.setattr(runner, "WARMUP_SECONDS", [0.0])
    budget = runner._Budget(0.2, type("Search", (), {"failed": False})())
    time.sleep(0.3)
    runner.WARMUP_SECONDS[0] += 0.25  # a first call took 0.25 s of the 0.3 s
    assert not budget.spent() and not budget.spent()
    time.sleep(0.2)
    assert budget.spent()


def test_a_first_call_past_the_warm_up_allowance_is_a_hang_that_says_so():
    (result,) = _audit("jit", 0.1, warmup_timeout=0.5).results
    assert result.status == "hang"
    assert "first call in the worker" in result.detail and "--warmup-timeout" in result.detail, result.detail


def test_the_audit_log_has_a_line_for_the_warm_up(capsys):
    from properties.engine.cli.main import main

    main(["audit", "tests.hostile.jit", "--only", ONLY[0], "--call-timeout", "0.5", "-j", "1"])
    out = capsys.readouterr().out
    assert re.search(r"^  warming up: 1\.\d s in the first call of accuracy in a worker \(during "
                     + re.escape(ONLY[0]), out, re.M), out
