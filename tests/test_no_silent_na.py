"""No silent n/a: a property is not applicable only when nothing of it can run on the target.

A property that evaluates several forms runs the forms the target has; a keyword that cannot change the
result is left out for a target without it; a stream property is n/a (never an error) for a target with
no stream; an example whose transformed inputs collide at the target's precision is skipped, not failed.
"""

from __future__ import annotations

import pytest
from hypothesis import Phase, settings

import metrics
from properties.engine.vocabulary import registry
from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.target.applicability import not_applicable_reason
from properties.engine.verdict.check import check_property
from tests.toys import toy_target

CI = profile_settings("ci")


@pytest.fixture(autouse=True)
def _float64_between_tests():
    yield
    from properties.engine.vocabulary import precision

    precision.configure()
    precision.start_example()


def _catalog(**patch):
    """Every catalog function of ``metrics`` (no STREAMING), some replaced by ``patch``."""
    functions = {name: getattr(metrics, name) for name in metrics.CATALOG}
    functions.update(patch)
    return toy_target(name="no_streams", **functions)


# ------------------------------------------------------------ streams


def _stream_properties():
    from properties import streaming

    registry.all_properties(tier=None)
    return sorted(streaming.STREAM_IDS)


def test_every_stream_property_is_not_applicable_to_a_target_without_streams():
    target = _catalog()
    ids = _stream_properties()
    assert ids, "no stream property registered"
    for pid in ids:
        prop = registry.get(pid)
        metric = prop.metrics[0]
        assert not_applicable_reason(prop, target) == f"target has no stream (STREAMING) for {metric}", pid


def test_the_stream_reason_is_about_the_stream_not_the_metric():
    # the same properties apply to the catalog itself, which has every stream
    target = toy_target(name="with_streams", STREAMING=metrics.STREAMING,
                        **{name: getattr(metrics, name) for name in metrics.CATALOG})
    for pid in _stream_properties():
        assert not_applicable_reason(registry.get(pid), target) is None, pid


@pytest.mark.parametrize("pid", ["regression.stream_merge[adjusted_r2]", "classification.stream_batches[f1]"])
def test_a_stream_property_on_a_target_without_streams_is_n_a_not_an_error(pid):
    result = check_property(registry.get(pid), _catalog(), settings_=CI)
    assert result.status == "n/a", (result.status, result.detail)
    assert "no stream" in result.detail
    assert result.examples == 0


# ------------------------------------------------------------ forms the target lacks

#: a library whose precision, recall and F1 have no per-class form (average=None), declared through SUPPORTS
_NO_PER_CLASS = {m: {"average": ("binary", "micro", "macro", "weighted")} for m in ("precision", "recall", "f1")}


def _without_per_class(**patch) -> "Target":
    import dataclasses

    return dataclasses.replace(_catalog(**patch), name="no_per_class", supports=_NO_PER_CLASS)


def _precision_of_the_other_class(y_true, y_pred, **kw):
    """Precision with a positive label other than 1 scored for the other class (the bug average=None hid)."""
    import numpy as np

    pos = kw.get("pos_label", 1)
    if kw.get("average", "binary") == "binary" and pos != 1:
        present = sorted(set(np.asarray(y_true).tolist()) | set(np.asarray(y_pred).tolist()))
        others = [v for v in present if v != pos]
        if others:
            kw = {**kw, "pos_label": others[0]}
    return metrics.precision(y_true, y_pred, **kw)


def test_agreement_runs_the_averages_a_target_has_when_it_lacks_average_none():
    result = check_property(registry.get("classification.agrees_with_sklearn[precision]"), _without_per_class(),
                            settings_=CI)
    assert result.status == "pass", (result.status, result.detail)
    assert result.examples > 0
    # the truth about what was not checked: the per-class form, listed although the property passed
    assert "precision:average=None" in result.skipped
    assert "precision:average=None" in result.detail


def test_agreement_without_average_none_still_finds_the_wrong_positive_class():
    result = check_property(registry.get("classification.agrees_with_sklearn[precision]"),
                            _without_per_class(precision=_precision_of_the_other_class), settings_=CI)
    assert result.status == "fail", (result.status, result.detail)
    assert "pos_label" in result.detail
    assert "'pos'" in result.reproduction


def test_a_property_is_n_a_only_when_no_form_runs():
    # every form of formula[precision] is per class or micro: without both, nothing of it can run
    import dataclasses

    target = dataclasses.replace(_catalog(), supports={"precision": {"average": ("binary", "macro")}})
    result = check_property(registry.get("classification.formula[precision]"), target, settings_=CI)
    assert result.status == "n/a", (result.status, result.detail)
    assert "precision:average=None" in result.detail and "precision:average='micro'" in result.detail
    # with only the per-class form missing, the micro form is checked
    result = check_property(registry.get("classification.formula[precision]"), _without_per_class(), settings_=CI)
    assert result.status == "pass", (result.status, result.detail)


# ------------------------------------------------------------ a keyword that cannot change the result


def _log_loss_without_labels(y_true, y_proba, *, normalize=True, sample_weight=None):
    """A log loss with no labels= keyword: the classes are those of y_true (sklearn's rule without labels=)."""
    return metrics.log_loss(y_true, y_proba, normalize=normalize, sample_weight=sample_weight)


def _log_loss_ignoring_weights(y_true, y_proba, *, normalize=True, sample_weight=None):
    return metrics.log_loss(y_true, y_proba, normalize=normalize)


def test_labels_naming_the_labels_present_in_sorted_order_are_left_out_for_a_target_without_them():
    import numpy as np
    from properties.engine.vocabulary import guards, precision
    from properties.engine.target.view import RecordingView

    target = _catalog(log_loss=_log_loss_without_labels)
    precision.start_property(target.precision)
    view = RecordingView(target)
    y_true, proba = np.array([0, 1, 1]), np.array([[0.9, 0.1], [0.2, 0.8], [0.4, 0.6]])
    value = view.log_loss(y_true, proba, labels=[0, 1])
    assert value == metrics.log_loss(y_true, proba, labels=[0, 1])
    assert view.calls[-1].kwargs == {}
    assert "labels=[0, 1] left out" in view.reproduction()
    assert view.notes.labels_dropped == {"log_loss"}
    # a label absent from the data, or the labels in another order, could change the result: not left out
    with pytest.raises(guards.Unsupported, match="log_loss:labels"):
        view.log_loss(np.array([1, 1, 1]), proba, labels=[0, 1])
    with pytest.raises(guards.Unsupported, match="log_loss:labels"):
        view.log_loss(y_true, proba, labels=[1, 0])


def test_log_loss_agreement_runs_for_a_target_without_labels():
    prop = registry.get("classification.agrees_with_sklearn[log_loss]")
    # 15 examples show the agreement runs (the full budget took 3 s more); the wrong one needs no shrinking
    result = check_property(prop, _catalog(log_loss=_log_loss_without_labels), settings_=settings(CI, max_examples=15))
    assert result.status == "pass", (result.status, result.detail)
    assert result.examples > 0
    assert "labels= left out of the calls of log_loss" in result.detail
    wrong = check_property(prop, _catalog(log_loss=_log_loss_ignoring_weights),
                           settings_=settings(CI, phases=[Phase.explicit, Phase.reuse, Phase.generate]))
    assert wrong.status == "fail", (wrong.status, wrong.detail)
    assert "left out" in wrong.reproduction


# ------------------------------------------------------------ distinct values at the target's precision


def _in_float32(fn, *, decimals=None):
    """``fn`` as a float32 library computes it: the scores held in float32 (optionally rounded to ``decimals``,
    a real bug), the result returned as float32."""
    import numpy as np

    def wrapped(y_true, y_score, **kw):
        held = np.asarray(y_score, dtype=np.float32).astype(np.float64)
        if decimals is not None:
            held = np.round(held, decimals)
        value = fn(y_true, held, **kw)
        if isinstance(value, tuple):
            return tuple(np.asarray(v, dtype=np.float32) for v in value)
        return np.float32(value)

    return wrapped


_CURVE_METRICS = ("roc_auc", "roc_curve", "precision_recall_curve", "det_curve", "average_precision",
                  "equal_error_rate")


def _float32_curves(**options):
    return _catalog(**{name: _in_float32(getattr(metrics, name), **options) for name in _CURVE_METRICS})


def test_monotone_invariance_skips_a_sigmoid_that_collides_in_float32():
    import numpy as np

    from properties.engine.vocabulary import precision
    from properties.engine.target.view import RecordingView

    prop = registry.get("curves.monotone_invariance[roc_auc]")
    target = _float32_curves()
    precision.start_property(target.precision)
    # a correct float32 library scores sigmoid(17.5) and sigmoid(17.75) alike (both 1.0): AUC 0.5, not 1.0
    view = RecordingView(target)
    prop.check(view, (np.array([0, 1]), np.array([17.5, 17.75])))
    assert any("sigmoid" in s and "float32" in s for s in view.notes.unsupported), view.notes.unsupported
    # the other transforms of the same example were compared: the scores, then three of the four transforms
    assert len(view.calls) == 4, view.reproduction()


@pytest.mark.parametrize("output", ["roc_auc", "average_precision:step"])
def test_a_correct_float32_library_keeps_monotone_invariance_and_a_wrong_one_fails(output):
    prop = registry.get(f"curves.monotone_invariance[{output}]")
    result = check_property(prop, _float32_curves(), settings_=CI)
    assert result.status == "pass", (result.status, result.detail, result.reproduction)
    assert result.precision == "float32"
    wrong = check_property(prop, _float32_curves(decimals=1), settings_=CI)
    assert wrong.status == "fail", (wrong.status, wrong.detail)


# ------------------------------------------------------------ multioutput


def _one_output_mae(y_true, y_pred):
    """The catalog's MAE without multioutput: like the catalog's metrics without the keyword, it refuses 2-D input."""
    return metrics.mean_absolute_error(y_true, y_pred)


def _single_column_off(y_true, y_pred, *, multioutput="uniform_average"):
    """MAE whose (n, 1) input is scored twice too high; every other form is the catalog's."""
    value = metrics.mean_absolute_error(y_true, y_pred, multioutput=multioutput)
    return 2 * value if getattr(y_true, "ndim", 1) == 2 and y_true.shape[1] == 1 else value


def test_a_target_without_multioutput_is_not_held_to_one_column_of_shape_n_by_1():
    """(n, 1) is a multioutput input: a target that lacks the keyword and refuses 2-D input, as the catalog's metrics
    without it do, leaves relation.multioutput n/a (the form is asked with multioutput=), never a refusal finding."""
    prop = registry.get("regression.relation.multioutput[mean_absolute_error]")
    result = check_property(prop, toy_target(mean_absolute_error=_one_output_mae), settings_=CI)
    assert result.status == "n/a", result
    assert "mean_absolute_error:multioutput" in result.detail
    # a target with the keyword is still held to it
    wrong = check_property(prop, toy_target(mean_absolute_error=_single_column_off), settings_=CI)
    assert wrong.status == "fail", wrong
    assert any(f["finding_class"].startswith("single_column") for f in wrong.findings), wrong.findings
