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
