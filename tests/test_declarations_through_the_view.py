"""A check reaches the target under test through the view it is given, never through module state.

Two toy targets with different declarations (``REFUSAL_ERRORS``, ``CONVENTIONS``) are checked through two views
at once, the calls interleaved: each view's checks get its own target's declarations, and each view's notes
only what its own checks noted. With the target under test in a module global (the last one activated), one of
the two would be judged by the other's declarations.
"""

from __future__ import annotations

import types

import numpy as np
import pytest

import metrics
from properties.checks import Finding, expect_refusal, expect_refusal_or_declared
from properties.engine.target.loading import Target
from properties.engine.target.view import RecordingView
from properties.engine.vocabulary import registry
from properties.engine.vocabulary.declared import declared_convention, refusal_errors
from properties.engine.vocabulary.guards import raised_by_target, refusal_types_of
from properties.engine.vocabulary.severity import of_raise


def _refusing(error: type):
    def f(y_true, y_pred):
        raise error("the input is refused")
    return f


def _target(name: str, declared=None, refusal_errors=(ValueError, TypeError), **functions) -> Target:
    return Target(name=name, namespace=types.SimpleNamespace(**functions), version="0", conventions={},
                  deviations={}, import_path=f"tests.toys:{name}", refusal_errors=refusal_errors,
                  declared=dict(declared or {}))


#: refuses with RuntimeError, and declares it
OWN_ERRORS = _target("own_errors", refusal_errors=(ValueError, RuntimeError), f=_refusing(RuntimeError))
#: refuses with RuntimeError too, but declares the default refusal types
DEFAULT_ERRORS = _target("default_errors", f=_refusing(RuntimeError))


def test_two_views_at_once_judge_each_refusal_by_their_own_targets_refusal_types():
    own, default = RecordingView(OWN_ERRORS), RecordingView(DEFAULT_ERRORS)
    assert refusal_errors(own) == (ValueError, RuntimeError)
    assert refusal_errors(default) == (ValueError, TypeError)
    for _ in range(2):  # interleaved: own, default, own, default
        refused = expect_refusal(lambda: own.f([0], [1]))
        assert isinstance(refused, RuntimeError) and raised_by_target(refused)
        assert refusal_types_of(refused) == (ValueError, RuntimeError)
        assert of_raise(refused) == "refuses valid input"
        with pytest.raises(Finding, match="as one of ValueError, TypeError, got RuntimeError") as wrong:
            expect_refusal(lambda: default.f([0], [1]))
        assert wrong.value.severity == "wrong exception type"
        assert of_raise(wrong.value.__cause__) == "crash"


def test_an_exception_no_target_call_raised_is_judged_by_the_default_refusal_types():
    def spec_code():
        raise RuntimeError("raised by the spec's own code, not by a target")

    with pytest.raises(Finding, match="wrong|RuntimeError"):
        expect_refusal(spec_code)
    assert of_raise(RuntimeError("no target")) == "crash"
    assert of_raise(TypeError("no target")) == "refuses valid input"


#: both return 0.0 on an empty input; only the first declares it (CONVENTIONS["empty"])
DECLARES_EMPTY = _target("declares_empty", declared={"empty": {"f": 0.0}}, f=lambda y_true, y_pred: 0.0)
DECLARES_NOTHING = _target("declares_nothing", f=lambda y_true, y_pred: 0.0)


def test_two_views_at_once_read_each_their_own_targets_conventions_and_keep_their_own_notes():
    declaring, silent = RecordingView(DECLARES_EMPTY), RecordingView(DECLARES_NOTHING)
    for _ in range(2):  # interleaved
        assert declared_convention(declaring, "empty", "f") == 0.0
        assert declared_convention(silent, "empty", "f") is None
        expect_refusal_or_declared(declaring, lambda: declaring.f([], []), "empty", "f")
        with pytest.raises(Finding, match="expected a refusal, got a result") as accepted:
            expect_refusal_or_declared(silent, lambda: silent.f([], []), "empty", "f")
        assert accepted.value.severity == "accepted invalid input"
    assert declaring.notes.conventions_applied == {"convention:empty=0.0"}
    assert silent.notes.conventions_applied == set()
    assert declaring.notes is not silent.notes


def _kappa_zero_when_undefined(y1, y2, weights=None):
    """Cohen's kappa that gives 0.0 (not NaN) where both labelings are one same class."""
    value = metrics.cohen_kappa(y1, y2, weights=weights)
    return 0.0 if np.isnan(value) else value


def test_a_spec_check_through_two_views_at_once_holds_each_target_to_its_own_declaration():
    """The spec's own check of Cohen's kappa's undefined case, run on two targets through two views, the
    examples interleaved: the library declaring 0.0 there (``CONVENTIONS["undefined"]``) is held to 0.0, the
    catalog to NaN; the same 0.0 through a view of a target that does not declare it fails."""
    prop = registry.get("classification.undefined[cohen_kappa]")
    zero = _target("kappa_zero", declared={"undefined": {"cohen_kappa": 0.0}}, cohen_kappa=_kappa_zero_when_undefined)
    nan = _target("kappa_nan", cohen_kappa=metrics.cohen_kappa)
    undeclared = _target("kappa_zero_undeclared", cohen_kappa=_kappa_zero_when_undefined)
    undefined = types.SimpleNamespace(y_true=np.array([1, 1, 1]), y_pred=np.array([1, 1, 1]))
    zero_view, nan_view = RecordingView(zero), RecordingView(nan)
    for _ in range(2):  # interleaved
        prop.check(zero_view, undefined)
        prop.check(nan_view, undefined)
    assert zero_view.notes.conventions_applied == {"convention:undefined=0.0"}
    assert nan_view.notes.conventions_applied == set()
    with pytest.raises(AssertionError, match="cohen_kappa"):
        prop.check(RecordingView(undeclared), undefined)
