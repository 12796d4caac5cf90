"""The runner classifies outcomes and shows a reproducible counterexample."""

import dataclasses
import json

from metrics.errors import MetricInputError

from properties.engine.vocabulary import registry
from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.verdict.check import check_property
from tests.toys import DOUBLES, correct_double, crashing_double, off_by_one_above_50, toy_target

CI = profile_settings("ci")


def test_a_correct_target_passes_every_example():
    result = check_property(DOUBLES, toy_target(double=correct_double), settings_=CI)
    assert result.status == "pass"
    assert result.examples == CI.max_examples


def test_a_wrong_target_fails_with_the_shrunk_counterexample_and_a_copy_pasteable_call():
    result = check_property(DOUBLES, toy_target(double=off_by_one_above_50), settings_=CI)
    assert result.status == "fail"
    assert "ex=[51]" in result.counterexample  # shrunk to the smallest failing input
    assert "target.double(np.array([51], dtype=np.int64))  # -> np.array([103], dtype=np.int64)" in result.reproduction
    assert "double(x)" in result.detail


def test_a_target_without_the_metric_is_not_applicable_not_passed():
    result = check_property(DOUBLES, toy_target(), settings_=CI)
    assert result.status == "n/a"
    assert "does not provide double" in result.detail
    assert result.examples == 0


def test_a_crash_on_valid_input_is_an_error_not_a_failure():
    result = check_property(DOUBLES, toy_target(double=crashing_double), settings_=CI)
    assert result.status == "error"
    assert "ZeroDivisionError" in result.detail


def test_a_listed_deviation_that_fails_is_a_known_deviation():
    target = toy_target(double=off_by_one_above_50, deviations={"toy.doubles": "adds one above 50"})
    result = check_property(DOUBLES, target, settings_=CI)
    assert result.status == "deviation"
    assert "adds one above 50" in result.detail


def test_a_listed_deviation_that_passes_is_reported_fixed():
    target = toy_target(double=correct_double, deviations={"toy.doubles": "used to add one"})
    result = check_property(DOUBLES, target, settings_=CI)
    assert result.status == "fixed"


def test_a_spent_time_budget_is_a_timeout_not_a_pass():
    result = check_property(DOUBLES, toy_target(double=correct_double), settings_=CI, time_budget=0.0)
    assert result.status == "timeout"
    assert result.examples == 1  # the first example always runs


def test_a_spent_time_budget_does_not_hide_a_failure_of_the_first_example():
    result = check_property(DOUBLES, toy_target(double=lambda x: 2 * x + 1), settings_=CI, time_budget=0.0)
    assert result.status == "fail"


def test_the_ci_profile_is_deterministic():
    target = toy_target(double=off_by_one_above_50)
    first = check_property(DOUBLES, target, settings_=CI)
    second = check_property(DOUBLES, target, settings_=CI)
    assert (first.status, first.counterexample, first.examples) == (
        second.status,
        second.counterexample,
        second.examples,
    )


def _buggy_spec(t, ex):
    t.double(ex)
    {}["the spec's own bug"]  # raised outside any target call


BUGGY_SPEC = dataclasses.replace(DOUBLES, id="toy.buggy_spec", check=_buggy_spec)


def test_an_exception_in_the_spec_is_a_spec_error_not_the_targets():
    result = check_property(BUGGY_SPEC, toy_target(double=correct_double), settings_=CI)
    assert result.status == "spec-error"
    assert "KeyError" in result.detail and "not in the target" in result.detail


def test_an_exception_in_the_target_is_an_error_even_when_isolated():
    result = check_property(DOUBLES, toy_target(double=crashing_double), settings_=CI, isolate=True)
    assert result.status == "error"
    assert "ZeroDivisionError" in result.detail and "crashing_double" in result.traceback


def test_isolated_and_in_process_runs_give_the_same_verdict_and_counterexample():
    target = toy_target(double=off_by_one_above_50)
    here = check_property(DOUBLES, target, settings_=CI)
    there = check_property(DOUBLES, target, settings_=CI, isolate=True)
    assert (here.status, here.counterexample, here.reproduction, here.examples) == (
        there.status,
        there.counterexample,
        there.reproduction,
        there.examples,
    )


def test_an_error_result_serializes_without_copying_its_exception():
    def refuses(x):
        raise MetricInputError("x", "refused on purpose")

    result = check_property(DOUBLES, toy_target(double=refuses), settings_=CI)
    assert result.status == "error" and isinstance(result.error, MetricInputError)
    data = json.loads(json.dumps(result.to_dict()))
    assert "refused on purpose" in data["detail"] and "error" not in data


def test_the_json_keeps_the_first_10_kb_of_a_message():
    def chatty(x):
        raise ValueError("x" * 50_000)

    result = check_property(DOUBLES, toy_target(double=chatty), settings_=CI)
    assert len(result.detail) > 50_000
    assert 10_000 <= len(result.to_dict()["detail"]) < 10_100


def test_one_property_at_a_time_reuses_a_kept_worker_and_replaces_one_that_died():
    import os

    from properties.engine.vocabulary import registry
    from properties.engine.target.loading import load_target
    from properties.engine.isolation import fork_pool as isolation

    prop = registry.get("classification.bounds[accuracy]")
    catalog = load_target("metrics")
    isolation.close_pool()
    try:
        assert check_property(prop, catalog, isolate=True).status == "pass"
        (worker,) = isolation._POOL[0].workers
        assert check_property(registry.get("classification.bounds[f1]"), catalog, isolate=True).status == "pass"
        assert [w.pid for w in isolation._POOL[0].workers] == [worker.pid]  # the same process ran both

        def exits(y_true, y_pred):
            os._exit(3)

        dying = toy_target("dying", accuracy=exits)
        assert check_property(prop, dying, isolate=True).status == "crash"
        # the dead worker is gone; the one that ran the property again with the death masked is kept, idle
        assert [w.index for w in isolation._POOL[0].workers] == [None]
        assert check_property(prop, dying, isolate=True).status == "crash"  # a fresh one, which dies too
        assert check_property(prop, catalog, isolate=True).status == "pass"  # another target: another worker
        assert [w.pid for w in isolation._POOL[0].workers] != [worker.pid]
    finally:
        isolation.close_pool()


def test_an_error_naming_a_fresh_temporary_file_each_time_is_not_nondeterminism(tmp_path):
    """A library that shells out (ir_measures' gdeval provider runs a Perl script) names new temporary files in
    each error message: the refusal is the same on every call, and is classed by what it is."""
    import tempfile

    def refuses(y_true, y_pred):
        with tempfile.NamedTemporaryFile(prefix="run-") as handle:
            raise ZeroDivisionError(f"Command '['perl', 'gdeval.pl', '{handle.name}']' died at {id(handle):#x}")

    result = check_property(registry.get("classification.bounds[accuracy]"), toy_target(accuracy=refuses))
    assert result.status != "nondeterministic", result.detail
    assert "raises:ZeroDivisionError" in result.finding_class, result.finding_class


def test_a_verdict_check_repeats_the_failing_calls_once_and_still_tells_a_noisy_target():
    # all_findings=False (the mutant meta-tests) repeats a failing example's calls once, not REPLAYS times: a
    # target noisy on every call is still nondeterministic, and a deterministic wrong one still fails
    from tests.hostile import noisy

    prop = registry.get("classification.bounds[accuracy]")
    repeats = []

    def wrong(y_true, y_pred):
        repeats.append(1)
        return 1.5

    noisy_result = check_property(registry.get("classification.permutation_invariance[accuracy]"),
                                  toy_target(accuracy=noisy.accuracy), all_findings=False)
    assert noisy_result.status == "nondeterministic", noisy_result.detail
    wrong_result = check_property(prop, toy_target(accuracy=wrong), all_findings=False)
    assert wrong_result.status == "fail"
    assert len(repeats) == 2  # the first edge case's one call, repeated once
    repeats.clear()
    check_property(prop, toy_target(accuracy=wrong))
    assert len(repeats) > 4  # an audit repeats it three times (4 calls), then searches on


def test_the_seed_computed_once_draws_exactly_what_derandomize_draws(monkeypatch):
    """The runner hashes one_example's source once per process (Hypothesis would on every property): the ci
    draws must be the ones Hypothesis' own derandomized seed gives, example for example."""
    from properties.engine.search import runner

    def drawn():
        seen = []
        prop = registry.Property(id="toy.draws[x]", statement="", kind="invariance", family="toy", needs=(),
                                 check=lambda t, ex: seen.append(ex), strategy=DOUBLES.strategy)
        runner.run_property(prop, toy_target(double=correct_double), settings_=CI)
        return seen

    cached = drawn()
    assert runner._DIGESTS, "the digest was not cached"
    monkeypatch.setattr(runner, "_use_derandomized_seed", lambda test, function: None)
    assert cached == drawn() and len(cached) == CI.max_examples


def test_the_isolation_layer_returns_raw_results_and_the_deviation_is_applied_once_above_it():
    """Deviations are the verdict step's: the worker plumbing hands back what the search found, and
    check_property (like the audit) applies the target's deviations once, after the result came back."""
    from properties.engine.isolation.fork_pool import run_isolated

    target = toy_target(double=off_by_one_above_50, deviations={"toy.doubles": "adds one above 50"})
    (raw,) = run_isolated([DOUBLES], target, settings_=CI)
    assert raw.status == "fail" and "known deviation" not in raw.detail
    isolated = check_property(DOUBLES, target, settings_=CI, isolate=True)
    assert isolated.status == "deviation" and "adds one above 50" in isolated.detail
    assert isolated.detail.count("known deviation") <= 1
