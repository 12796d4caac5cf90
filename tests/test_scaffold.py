"""``metric-assay init-adapter``: a skeleton that lists the whole catalog, audits as all n/a, and fills in."""

import inspect
import json
import math
import re
import types

import pytest

import metrics
from properties.engine.cli.main import main
from properties.engine.cli.scaffold import adapter_source

ACCURACY_AND_F1 = ["--only", "classification.bounds[accuracy]", "--only", "classification.symmetry[accuracy]",
                   "--only", "classification.bounds[f1]"]  # fmt: skip


def uncomment(source: str, *names: str) -> str:
    """The skeleton with the functions ``names`` (every one if none is given) uncommented."""
    lines, out, inside = source.splitlines(), [], False
    for line in lines:
        opened = re.match(r"# def (\w+)\(", line)
        if opened:
            inside = not names or opened.group(1) in names
        elif not (line.startswith("#    ") or line == "# ):"):  # a def's continuation, body or closing
            inside = False
        out.append(line[2:] if inside else line)
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def skeleton() -> str:
    return adapter_source("skeleton_adapter")


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))  # restores sys.path, which the audit reorders, afterwards
    return tmp_path


def test_skeleton_lists_every_catalog_name_by_family_with_inputs_and_return(skeleton):
    headings = re.findall(r"^# -+ (\w+) \(\d+ metrics?\)", skeleton, re.M)
    assert headings == list(metrics.FAMILIES)
    for name in metrics.CATALOG:
        block = re.search(rf"^# {name}: .*?^# def {name}\(", skeleton, re.M | re.S)
        assert block, f"{name} has no commented-out def after its description"
        assert "#   inputs:  " in block.group(0) and "#   returns: " in block.group(0), block.group(0)
    assert "#   returns: a float, or an array per class for ``average=None``; range [0, 1]" in skeleton
    assert "RougeScore, an object with the numeric fields precision, recall, fmeasure" in skeleton


def test_skeleton_defines_no_catalog_name_until_filled_in(skeleton):
    module = types.ModuleType("skeleton_adapter")
    exec(compile(skeleton, "skeleton_adapter.py", "exec"), module.__dict__)
    assert not [n for n in metrics.CATALOG if hasattr(module, n)]


def test_every_uncommented_function_has_the_catalog_signature(skeleton):
    module = types.ModuleType("filled")
    exec(compile(uncomment(skeleton), "filled.py", "exec"), module.__dict__)
    for name in metrics.CATALOG:
        ours, catalog = inspect.signature(getattr(module, name)), inspect.signature(getattr(metrics, name))
        assert [(p.name, p.kind) for p in ours.parameters.values()] == [
            (p.name, p.kind) for p in catalog.parameters.values()], name
        for p in catalog.parameters.values():
            mine = ours.parameters[p.name].default
            assert mine == p.default or (isinstance(mine, float) and math.isnan(mine) and math.isnan(p.default)), (
                f"{name}({p.name}=...): {mine!r}, but the catalog has {p.default!r}")


def test_init_adapter_writes_two_files_and_overwrites_only_with_force(tmp_path, capsys):
    out = tmp_path / "adapters"
    assert main(["init-adapter", "scaffold_written", "--out", str(out)]) == 0
    adapter, deviations = out / "scaffold_written.py", out / "scaffold_written_deviations.txt"
    assert "# def accuracy(" in adapter.read_text()
    assert "--deviations scaffold_written_deviations.txt" in capsys.readouterr().out
    adapter.write_text("# my work\n")
    assert main(["init-adapter", "scaffold_written", "--out", str(out)]) == 2
    assert "already exist" in capsys.readouterr().err and adapter.read_text() == "# my work\n"
    assert main(["init-adapter", "scaffold_written", "--out", str(out), "--force"]) == 0
    assert "# def accuracy(" in adapter.read_text() and deviations.read_text().startswith("# Known deviations")


@pytest.mark.parametrize("name, message", [
    ("my-lib", "not a Python module name"),
    ("class", "not a Python module name"),
    ("sklearn", "bundled target"),
    ("numpy", "already importable"),
])  # fmt: skip
def test_init_adapter_refuses_a_name_the_audit_could_not_import(name, message, tmp_path, capsys):
    assert main(["init-adapter", name, "--out", str(tmp_path)]) == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.iterdir()), "nothing written"


def test_unfilled_skeleton_audits_as_all_not_applicable_and_exits_3(in_tmp, capsys):
    assert main(["init-adapter", "unfilled_adapter"]) == 0
    report = in_tmp / "r.json"
    code = main(["audit", "unfilled_adapter", "--deviations", "unfilled_adapter_deviations.txt",
                 "--family", "classification", "--report", str(report)])
    out = capsys.readouterr().out
    assert code == 3, "nothing verified is never a success"
    statuses = {r["status"] for r in json.loads(report.read_text())["results"]}
    assert statuses == {"n/a"}
    assert "nothing was verified against unfilled_adapter (exit 3): every selected property is not applicable" in out


def test_filled_in_function_is_audited_and_passes(in_tmp, capsys):
    assert main(["init-adapter", "filled_adapter"]) == 0
    adapter = in_tmp / "filled_adapter.py"
    text = uncomment(adapter.read_text(), "accuracy").replace("# import your_library", "import metrics as your_library")
    adapter.write_text(text)
    report = in_tmp / "r.json"
    code = main(["audit", "filled_adapter", "--deviations", "filled_adapter_deviations.txt", *ACCURACY_AND_F1,
                 "--report", str(report)])
    assert code == 0, capsys.readouterr().out
    found = {r["property_id"]: r["status"] for r in json.loads(report.read_text())["results"]}
    assert found == {"classification.bounds[accuracy]": "pass", "classification.symmetry[accuracy]": "pass",
                     "classification.bounds[f1]": "n/a"}


def test_skeleton_shows_the_declarations_and_their_examples_are_accepted(skeleton):
    """CONVENTIONS' declarations, DOMAINS, TIES and a STREAMING factory are shown commented; uncommented,
    the examples are declarations the target loader accepts."""
    from properties.engine.target.declarations import _declarations

    def block(opening: str) -> str:
        start = skeleton.index(opening)
        end = skeleton.index("\n# }", start) if opening.startswith("# ") else skeleton.index("\n}", start)
        lines = skeleton[start:end + 4].splitlines()
        return "\n".join(line.replace("# ", "", 1) if line.lstrip().startswith("#") else line for line in lines)

    for text in ('"fresh_stream": 0.0', "# DOMAINS = {", "# TIES = {", "#     def update(self", "#     def merge("):
        assert text in skeleton, text
    declared: dict = {}
    exec(block("CONVENTIONS: dict = {") + "\n" + block("# DOMAINS = {") + "\n" +
         skeleton[skeleton.index("# TIES = "):].splitlines()[0][2:], {}, declared)
    assert set(declared["CONVENTIONS"]) == {"empty", "undefined", "fresh_stream"}

    def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear", no_relevant="zero"):
        return metrics.ndcg_at_k(y_true, y_score, k=k, gain=gain, no_relevant=no_relevant, ties="first")

    namespace = types.SimpleNamespace(**{n: getattr(metrics, n) for n in metrics.CATALOG}, **declared)
    namespace.ndcg_at_k = ndcg_at_k
    read = _declarations("skeleton", namespace)
    assert read["declared"] == {"empty": {"*": 0.0}, "undefined": {"*": 0.0}, "fresh_stream": {"*": 0.0}}
    assert set(read["domains"]) == {"corpus_bleu", "matthews_corrcoef", "roc_auc", "log_loss"}
    assert read["ties"] == {"ndcg_at_k": "input_order"}


def test_a_filled_in_function_shows_the_library_call_in_its_reproduction(in_tmp, capsys):
    assert "from properties.engine.vocabulary.reproduce import library_call" in adapter_source("shown_adapter")
    assert main(["init-adapter", "shown_adapter"]) == 0
    (in_tmp / "shown_lib.py").write_text("def accuracy(y_true, y_pred, sample_weight=None):\n    return 1.5\n")
    adapter = in_tmp / "shown_adapter.py"
    adapter.write_text(uncomment(adapter.read_text(), "accuracy").replace("# import your_library",
                                                                           "import shown_lib as your_library"))
    report = in_tmp / "r.json"
    code = main(["audit", "shown_adapter", "--deviations", "shown_adapter_deviations.txt",
                 "--only", "classification.bounds[accuracy]", "--report", str(report)])
    assert code == 1, capsys.readouterr().out
    (result,) = json.loads(report.read_text())["results"]
    lines = result["reproduction"].splitlines()
    call = next(i for i, line in enumerate(lines) if line.startswith("target.accuracy("))
    assert lines[call].endswith("# -> 1.5")
    assert lines[call + 1].startswith("#   library: shown_lib.accuracy(") and lines[call + 1].endswith(" -> 1.5")


#: a three-function classification library
THREE = "accuracy,f1,class_likelihood_ratios"


@pytest.fixture(scope="module")
def recorded_three():
    from properties.engine.cli.argument_forms import record

    return record(THREE.split(","))


def test_newcomer_path_three_metrics_give_a_skeleton_under_200_lines_that_audits_clean_when_filled_in(in_tmp, capsys):
    assert main(["init-adapter", "three_adapter", "--metrics", THREE]) == 0
    adapter = in_tmp / "three_adapter.py"
    text = adapter.read_text()
    assert len(text.splitlines()) < 200, len(text.splitlines())
    assert re.findall(r"^# def (\w+)\(", text, re.M) == THREE.split(",")
    # the library: the catalog itself, behind the stubs as written
    adapter.write_text(uncomment(text).replace("# import your_library", "import metrics as your_library"))
    report = in_tmp / "r.json"
    only = [arg for m in THREE.split(",") for arg in ("--only", f"classification.bounds[{m}]")]
    code = main(["audit", "three_adapter", "--deviations", "three_adapter_deviations.txt", *only,
                 "--only", "classification.agrees_with_sklearn[f1]", "--report", str(report)])
    assert code == 0, capsys.readouterr().out
    statuses = {r["property_id"]: r["status"] for r in json.loads(report.read_text())["results"]}
    assert set(statuses.values()) == {"pass"}, statuses
    assert len(statuses) == 4


def test_each_stub_states_the_argument_forms_the_properties_pass_and_the_keyword_rules(recorded_three):
    text = adapter_source("three_adapter", names=THREE.split(","), forms=recorded_three)
    f1 = text[text.index("# f1: "):text.index("# def f1(")]
    assert "#     zero_division: 0.0, 1.0, nan" in f1
    assert "#     average: " in f1 and all(f"'{a}'" in f1 for a in ("binary", "micro", "macro", "weighted"))
    assert "returned by the catalog: a float; with average=None: 1-D array of float64" in f1
    ratios = text[text.index("# class_likelihood_ratios: "):text.index("# def class_likelihood_ratios(")]
    assert "replace_undefined_by: nan, 1.0, a dict with keys 'LR+', 'LR-'" in ratios
    assert "returned by the catalog: a tuple (a float, a float)" in ratios
    # the catalog module's rule for zero_division=nan in the averages, once, in the family's header
    assert text.count("With nan, the averages skip undefined") == 1


def test_the_recorded_forms_name_every_keyword_the_metrics_properties_declare_they_pass(recorded_three):
    """The stubs are recorded, not written: every keyword a property of the metric needs (and so passes) shows."""
    from properties.engine.vocabulary import registry

    for name, forms in recorded_three.items():
        assert forms.properties and forms.calls and forms.refused, name
        declared = {need.partition(":")[2] for p in registry.conformance_properties("standard")
                    if set(p.metrics) == {name} for need in p.needs if need.partition(":")[0] == name}
        assert declared - {""} <= set(forms.arguments), (name, declared - set(forms.arguments))


@pytest.mark.parametrize("args, message", [
    (["--metrics", "accurac"], "--metrics: 'accurac' is not a catalog name (did you mean 'accuracy'"),
    (["--family", "classificaton"], "--family: unknown family 'classificaton'; the families are classification,"),
    (["--metrics", ","], "--metrics: give catalog names separated by commas"),
])  # fmt: skip
def test_init_adapter_refuses_an_unknown_family_or_metric_in_one_line_writing_nothing(args, message, tmp_path, capsys):
    assert main(["init-adapter", "chosen_adapter", "--out", str(tmp_path), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err
    assert not list(tmp_path.iterdir()), "nothing written"


def test_family_selection_writes_only_that_familys_names():
    from properties.engine.cli.scaffold import selected_names

    assert selected_names(["correlation"], None) == [n for n, f in metrics.CATALOG.items() if f == "correlation"]
    assert selected_names(["signal"], ["f1"]) == ["f1", *[n for n, f in metrics.CATALOG.items() if f == "signal"]]
    assert selected_names(None, None) is None
