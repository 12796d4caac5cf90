"""Reproductions an author can paste: the text of a failure runs as Python and calls the target again."""

import re
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from properties.engine.vocabulary import pasteable, reproduce
from properties.engine.vocabulary.profiles import PROFILES
from properties.engine.target.loading import load_target
from properties.engine.target.view import RecordingView
from properties.engine.verdict.check import check_property
from tests.toys import DOUBLES

CI = settings(**PROFILES["ci"])

#: a target module written for the tests below: double() is wrong above 50 and calls its "library"
#: through library_call; every call is counted, so a pasted reproduction can be seen to call it
TOY_SOURCE = textwrap.dedent('''
    import numpy as np
    from properties.engine.vocabulary.reproduce import library_call

    CALLS = []


    def _times(x, factor):
        return np.asarray(x, dtype=np.float32) * np.float32(factor)


    def double(x):
        CALLS.append(x)
        x = np.asarray(x)
        return 2 * x + (x > 50)


    def scaled(x, *, factor=2.0):
        CALLS.append(x)
        return library_call(_times, np.asarray(x, dtype=np.float32), factor)


    def broken(x):
        CALLS.append(x)
        raise ZeroDivisionError("boom: " + str(len(x)))
''')


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy target, importable from ``tmp_path`` only while it is loaded: the reproduction must say where it is."""
    name = "repro_toy_target"
    (tmp_path / f"{name}.py").write_text(TOY_SOURCE)
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    monkeypatch.delitem(sys.modules, name, raising=False)
    target = load_target(name)
    sys.path.remove(str(tmp_path))  # a fresh interpreter would not find it either
    yield target
    sys.modules.pop(name, None)


def run_pasted(text: str) -> dict:
    """Run a reproduction as a user who pasted it would: in a fresh namespace, with a fresh import of the target."""
    for name in [n for n in sys.modules if n.startswith("repro_toy_target")]:
        del sys.modules[name]
    namespace: dict = {}
    exec(compile(text, "<pasted reproduction>", "exec"), namespace)
    return namespace


def outcomes(text: str) -> list[tuple[str, str]]:
    """(call, outcome comment) of each call line of a reproduction."""
    return [tuple(line.split("  # ", 1)) for line in pasteable.calls_of(text)]


def test_the_reproduction_of_a_failing_property_runs_and_recomputes_each_outcome(toy):
    result = check_property(DOUBLES, toy, settings_=CI)
    assert result.status == "fail"
    text = result.reproduction
    lines = text.splitlines()
    assert lines[0] == f"# Calls to {toy.name} ({toy.import_path}) in the failing example:"
    assert "import repro_toy_target as target" in lines
    assert "import numpy as np" in lines

    namespace = run_pasted(text)
    calls = list(namespace["target"].CALLS)
    assert calls and len(calls) == len(outcomes(text)), "the pasted text called the target, once per line"
    for call, comment in outcomes(text):
        assert comment.startswith("-> "), comment
        again, shown = eval(call, namespace), eval(comment[3:], namespace)
        assert np.asarray(again).dtype == np.asarray(shown).dtype and np.array_equal(again, shown), call
    # the argument passed again is the failure's, with its dtype
    assert isinstance(calls[-1], np.ndarray) and calls[-1].dtype == np.int64 and (calls[-1] > 50).any()


def test_a_call_that_raised_raises_again_when_pasted(toy):
    view = RecordingView(toy)
    with pytest.raises(ZeroDivisionError):
        view.broken([1.5, 2.5])
    text = view.reproduction()
    assert "target.broken([1.5, 2.5])  # raised ZeroDivisionError: boom: 2" in text
    with pytest.raises(ZeroDivisionError, match="boom: 2"):
        run_pasted(text)


def test_float32_arrays_show_their_dtype_and_values_that_give_back_the_same_floats(toy):
    x = np.array([0.1, 1 / 3, -0.0, 1e38, 1e-45, np.nan, -np.inf], dtype=np.float32)
    view = RecordingView(toy)
    view.double(x)
    text = view.reproduction()
    shown = re.search(r"target\.double\((np\.array\(.*?dtype=np\.float32\))\)", text)
    assert shown, text
    assert "0.1, " in shown.group(1), "the shortest text at float32, not float64's 0.10000000149011612"
    rebuilt = eval(shown.group(1), {"np": np})
    assert rebuilt.dtype == np.float32 and rebuilt.tobytes() == x.tobytes()


@settings(max_examples=200, deadline=None)
@given(hnp.arrays(st.sampled_from([np.float16, np.float32, np.float64, np.int8, np.int64, np.uint32, np.bool_]),
                  hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)))
def test_every_array_literal_rebuilds_the_array_bit_for_bit(a):
    text = pasteable.literal(a)
    rebuilt = eval(text, {"np": np})
    assert (rebuilt.dtype, rebuilt.shape) == (a.dtype, a.shape), text
    if a.dtype.kind == "f":  # every value bit for bit (-0.0 too); a NaN is a NaN (its sign and payload are not kept)
        nan = np.isnan(a)
        assert np.array_equal(np.isnan(rebuilt), nan), text
        a, rebuilt = a[~nan], rebuilt[~nan]
    assert rebuilt.tobytes() == a.tobytes(), text


def test_a_long_array_is_cut_and_says_so():
    a = np.arange(pasteable.MAX_VALUES + 7, dtype=np.float32)
    text = pasteable.literal(a)
    assert "<7 more values not shown>" in text and "dtype=np.float32" in text
    with pytest.raises(SyntaxError):  # a cut argument must not run as a different, shorter input
        compile(text, "<cut>", "eval")


def test_the_library_call_an_adapter_makes_is_shown_under_its_call(toy):
    view = RecordingView(toy)
    value = view.scaled([0.1, 0.2], factor=3.0)
    text = view.reproduction()
    lines = text.splitlines()
    at = lines.index("target.scaled([0.1, 0.2], factor=3.0)  # -> np.array([0.3, 0.6], dtype=np.float32)")
    library = lines[at + 1]
    assert library.startswith("#   library: repro_toy_target._times(np.array([0.1, 0.2], dtype=np.float32), 3.0) -> ")
    assert library.endswith(pasteable.literal(value))
    namespace = run_pasted(text)  # the library line is a comment: the block still runs
    assert len(namespace["target"].CALLS) == 1


def test_library_call_outside_a_recorded_call_only_calls(toy):
    assert reproduce._NOTES is None
    out = toy.namespace.scaled([1.0])
    assert out.tolist() == [2.0] and reproduce._NOTES is None


def test_a_library_call_that_raises_is_shown_and_reraised():
    def lib(x):
        raise RuntimeError("shape mismatch")

    reproduce.begin()
    with pytest.raises(RuntimeError, match="shape mismatch"):
        reproduce.library_call(lib, [1, 2])
    notes = reproduce.end()
    assert len(notes) == 1 and notes[0].endswith("lib([1, 2]) raised RuntimeError: shape mismatch")
    assert reproduce._NOTES is None


def test_recording_a_hostile_library_call_is_bounded_and_never_breaks_it():
    class Unprintable:
        def __repr__(self):
            raise RuntimeError("no repr")

    def lib(*args, **kwargs):
        return 7

    huge = np.zeros(1_000_000)
    reproduce.begin()
    for _ in range(reproduce.MAX_NOTES + 3):
        assert reproduce.library_call(lib, huge, Unprintable(), "x" * 100_000, items=list(range(100_000))) == 7
    reproduce.note_library_call("mylib.Metric.update", huge)
    notes = reproduce.end()
    assert len(notes) == reproduce.MAX_NOTES + 1 and notes[-1] == "... and 4 more library calls"
    first = notes[0]
    assert len(first) <= reproduce.MAX_LINE + 60
    assert "<Unprintable object: repr raised RuntimeError>" in first
    assert f"<{1_000_000 - reproduce.MAX_VALUES:,} more values not shown>" in first


def test_a_large_tier_reproduction_imports_the_generators_and_rebuilds_the_case(toy):
    from properties.inputs import large

    data = large.tied_reals(n=60, levels=3)
    view = RecordingView(toy)
    view.double(data.x)
    text = view.reproduction()
    assert pasteable.LARGE_IMPORT in text.splitlines()
    call, comment = outcomes(text)[0]
    assert call == "target.double(large.tied_reals(n=60, levels=3).x)"
    namespace = run_pasted(text)
    assert np.array_equal(namespace["target"].CALLS[0], data.x)


def test_a_stream_reproduction_runs_with_its_stream_as_a_variable():
    view = RecordingView(load_target("metrics"))
    s = view.stream("accuracy")
    s.update(np.array([1, 0, 1]), np.array([1, 1, 1]))
    value = s.compute()
    text = view.reproduction()
    assert "s1 = target.STREAMING['accuracy']()" in text.splitlines()
    namespace = run_pasted(text)
    assert namespace["s1"].compute() == value


def test_the_call_lines_of_a_reproduction_are_read_in_the_new_and_the_old_form():
    new = "# Calls to x (m) in the failing example:\nimport m as target\nimport numpy as np\ntarget.f([1])  # -> 1.0\n" \
          "#   library: lib.f([1]) -> 1.0"
    old = "Calls to x (m) in the failing example:\n  target.f([1]) -> 1.0"
    assert pasteable.calls_of(new) == ["target.f([1])  # -> 1.0"]
    assert pasteable.calls_of(old) == ["target.f([1]) -> 1.0"]


def test_the_reproduction_shown_in_docs_adapters_is_what_the_worked_adapter_gives():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "adapters.md").read_text(encoding="utf-8")
    section = page[page.index("## Reproductions"):]
    shown = section[section.index("```python\n") + 10:section.index("```\n", section.index("```python\n"))]
    view = RecordingView(load_target("examples.adapter.tinymetrics_adapter"))
    view.f1(np.array([0, 1, 1]), [1, 1, 0], average="binary")
    with pytest.raises(RuntimeError):
        view.accuracy([0.5], [0, 1])
    assert shown.strip() == view.reproduction()


def _long_reproduction(calls: int) -> str:
    lines = ["# Calls to toy (tests.toys) in the failing example:", "import tests.toys as target", "import numpy as np",
             "s1 = target.STREAMING['accuracy']()"]
    lines += [f"s1.update(np.array([{', '.join(['1'] * 40)}], dtype=np.int64), [0, 1])  # -> None"
              for _ in range(calls)]
    lines += ["s1.compute()  # -> 1.5", "#   library: toylib.Accuracy.compute() -> 1.5"]
    return "\n".join(lines)


def test_a_cut_reproduction_keeps_its_header_and_the_failing_call_and_cuts_the_middle():
    from properties.engine.vocabulary.results import truncate_reproduction

    text = _long_reproduction(60)
    cut = truncate_reproduction(text, 1500)
    lines = cut.splitlines()
    assert len(cut) <= 1500 + 200 and len(cut) < len(text)
    assert lines[:4] == text.splitlines()[:4], "the header and the first call are kept"
    assert lines[-2:] == ["s1.compute()  # -> 1.5", "#   library: toylib.Accuracy.compute() -> 1.5"]
    marker = next(line for line in lines if "cut here" in line)
    assert marker.startswith("# ... ") and "the last call below is the failing one" in marker
    kept = sum(1 for line in lines if line.startswith("s1.update("))
    assert f"{60 - kept} call(s) among them" in marker
    assert truncate_reproduction(_long_reproduction(2), 1500) == _long_reproduction(2), "short ones are whole"


def test_the_terminal_shows_a_long_reproduction_with_its_failing_call():
    from properties.engine.verdict import causes
    from properties.engine.vocabulary.results import Result

    text = _long_reproduction(60)
    result = Result(property_id="classification.stream_merge[accuracy]", statement="s", kind="invariance",
                    family="classification", metrics=("accuracy",), status="fail", detail="1.5 != 1.0",
                    reproduction=text, finding_class="wrong_value", severity="wrong value")
    shown = "\n".join("\n".join(causes.cause_lines(c, i + 1)) for i, c in enumerate(causes.causes([result])))
    assert "s1.compute()  # -> 1.5" in shown and "cut here" in shown
