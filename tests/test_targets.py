"""Resolving target names, reading deviations files, recording calls."""

import sys
from pathlib import Path

import numpy as np
import pytest

from properties.engine.target.deviation_files import read_deviations
from properties.engine.target.errors import TargetUnavailable
from properties.engine.target.loading import ENV_VAR, load_target
from properties.engine.target.signatures import accepts_keyword
from properties.engine.target.view import RecordingView
from tests.toys import toy_target

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_default_target_is_our_metrics(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)
    target = load_target(None)
    assert target.name == "metrics"
    assert target.provides("accuracy")


def test_environment_variable_selects_the_target(monkeypatch):
    monkeypatch.setenv(ENV_VAR, "sklearn")
    assert load_target(None).name == "sklearn"


def test_bundled_target_reports_the_library_version():
    import sklearn

    target = load_target("sklearn")
    assert target.version == sklearn.__version__
    assert target.conventions, "a bundled adapter declares its conventions"


def test_a_user_module_is_a_target_and_missing_names_are_not_provided(monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLES))
    target = load_target("my_metrics_adapter")
    assert target.provides("accuracy") and target.provides("f1")
    assert not target.provides("matthews_corrcoef")
    assert target.provides("accuracy:sample_weight")
    assert not target.provides("f1:sample_weight")


def test_module_attribute_form(monkeypatch):
    target = load_target("tests.toys:DOUBLES")
    assert target.name == "tests.toys:DOUBLES"
    with pytest.raises(TargetUnavailable, match="no attribute"):
        load_target("tests.toys:nothing_here")


def test_an_unknown_target_is_a_clear_error_not_a_silent_default():
    with pytest.raises(TargetUnavailable, match="cannot import target 'no_such_lib_xyz'"):
        load_target("no_such_lib_xyz")


def test_deviations_file_format(tmp_path):
    path = tmp_path / "lib.txt"
    path.write_text("# header comment\n\nfam.prop[a]  # returns nan on ties\nfam.other\n")
    assert read_deviations(path) == {"fam.prop[a]": "returns nan on ties", "fam.other": "(no reason given)"}


def test_accepts_keyword_reads_signatures():
    def f(a, b, *, sample_weight=None):
        return a

    def g(a, **kwargs):
        return a

    assert accepts_keyword(f, "sample_weight") and not accepts_keyword(f, "labels")
    assert accepts_keyword(g, "anything")


def test_recording_view_renders_copy_pasteable_calls():
    view = RecordingView(toy_target(double=lambda x, scale=1: np.asarray(x) * 2 * scale))
    view.double(np.array([1, 2]), scale=3)
    view.double(np.array([0.5]))
    text = view.reproduction()
    # an array is shown with its dtype, an int64 one too (a list would be another input)
    assert "target.double(np.array([1, 2], dtype=np.int64), scale=3)  # -> np.array([6, 12], dtype=np.int64)" in text
    assert "target.double(np.array([0.5], dtype=np.float64))  # -> np.array([1.0], dtype=np.float64)" in text


def test_recording_view_logs_exceptions_and_reraises():
    def bad(x):
        raise ValueError("x: no")

    view = RecordingView(toy_target(double=bad))
    with pytest.raises(ValueError):
        view.double([1])
    assert "target.double([1])  # raised ValueError: x: no" in view.reproduction()


def test_supports_takes_a_predicate_and_skips_the_calls_it_rejects(monkeypatch):
    import types

    from properties.engine.vocabulary import guards
    from properties.engine.target.declarations import _declarations
    from properties.engine.target.view import RecordingView

    def kid(a, b, *, subset_size=1000):
        return 0.0

    declared = _declarations("toy", types.SimpleNamespace(SUPPORTS={"kid": {"subset_size": lambda s: s is not None}}))
    target = toy_target(kid=kid)
    monkeypatch.setattr(target, "supports", declared["supports"])
    view = RecordingView(target)
    assert view.kid([1.0], [2.0], subset_size=3) == 0.0
    with pytest.raises(guards.Unsupported, match="subset_size=None"):
        view.kid([1.0], [2.0], subset_size=None)


def test_supports_restricts_a_streams_options_under_its_stream_key(monkeypatch):
    import types

    from properties.engine.vocabulary import guards
    from properties.engine.target.declarations import _declarations
    from properties.engine.target.view import RecordingView

    def f1(y_true, y_pred, *, average="binary"):
        return 1.0

    supports = {"f1": {"average": ("binary", "macro")}, "stream:f1": {"average": ("binary",)}}
    target = toy_target(f1=f1)
    monkeypatch.setattr(target, "supports", _declarations("toy", types.SimpleNamespace(SUPPORTS=supports))["supports"])
    monkeypatch.setattr(target.namespace, "STREAMING", {"f1": lambda average="binary": object()}, raising=False)
    view = RecordingView(target)
    assert view.f1([1], [1], average="macro") == 1.0  # the one-shot keeps its own row
    view.stream("f1", average="binary")
    with pytest.raises(guards.Unsupported, match="stream:f1:average='macro'"):
        view.stream("f1", average="macro")


def test_a_stream_call_is_recorded_as_a_copy_pasteable_reproduction():
    from properties.engine.target.loading import load_target
    from properties.engine.target.view import RecordingView

    view = RecordingView(load_target("metrics"))
    s = view.stream("accuracy")
    s.update([1, 0], [1, 1])
    assert s.compute() == 0.5
    lines = view.reproduction().splitlines()[1:]
    assert lines == ["import metrics as target", "s1 = target.STREAMING['accuracy']()",
                     "s1.update([1, 0], [1, 1])  # -> None", "s1.compute()  # -> 0.5"]


def test_supports_checks_the_catalog_default_of_a_keyword_the_call_leaves_out():
    """A target whose SUPPORTS excludes the catalog's default of a keyword is n/a for the calls that omit it:
    they ask for the default, which the target lacks, so its value for them would be a variant's."""
    import types

    import properties  # noqa: F401 - registers the families' properties
    from properties.engine.vocabulary import guards, registry
    from properties.engine.vocabulary.profiles import profile_settings
    from properties.engine.target.declarations import _declarations
    from properties.engine.verdict.check import check_property

    def symmetric_mean_absolute_percentage_error(y_true, y_pred, *, denominator="sum"):
        y, p = np.asarray(y_true, dtype=float), np.asarray(y_pred, dtype=float)
        total = np.abs(y) + np.abs(p)
        return float(np.mean(np.where(total == 0, 0.0, np.abs(y - p) / np.where(total == 0, 1.0, total))))

    target = toy_target(symmetric_mean_absolute_percentage_error=symmetric_mean_absolute_percentage_error)
    supports = {"symmetric_mean_absolute_percentage_error": {"denominator": ("sum",)}}
    target.supports = _declarations("toy", types.SimpleNamespace(SUPPORTS=supports))["supports"]
    view = RecordingView(target)
    assert view.symmetric_mean_absolute_percentage_error([1.0], [3.0], denominator="sum") == 0.5
    with pytest.raises(guards.Unsupported, match=r"denominator='mean' \(the default\)"):
        view.symmetric_mean_absolute_percentage_error([1.0], [3.0])
    result = check_property(registry.get("regression.definition[symmetric_mean_absolute_percentage_error]"), target,
                            settings_=profile_settings("ci"))
    assert result.status == "n/a", result
    assert "symmetric_mean_absolute_percentage_error:denominator='mean' (the default)" in result.detail
    # a default the target supports changes nothing: the call without the keyword runs
    target.supports = _declarations("toy", types.SimpleNamespace(
        SUPPORTS={"symmetric_mean_absolute_percentage_error": {"denominator": ("sum", "mean")}}))["supports"]
    assert RecordingView(target).symmetric_mean_absolute_percentage_error([1.0], [3.0]) == 0.5
