"""The console command, end to end on a user's adapter module."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from properties.engine.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
#: two checks of every classification metric: accuracy and F1 (the module's two metrics) pass, the others are n/a
FEW = ["--only", "classification.bounds", "--only", "classification.perfect"]


@pytest.fixture
def in_examples(monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.syspath_prepend(str(EXAMPLES))


def test_audit_of_a_module_exposing_a_few_names(in_examples, tmp_path, capsys):
    out_json, out_md = tmp_path / "r.json", tmp_path / "r.md"
    code = main(
        ["audit", "my_metrics_adapter", "--family", "classification", *FEW, "--report", str(out_json),
         "--report", str(out_md)]
    )
    printed = capsys.readouterr().out
    report = json.loads(out_json.read_text())
    summary = report["summary"]
    assert summary["n/a"] > 0, "metrics the module does not expose are not applicable"
    assert summary["pass"] > 0
    assert report["signature"]["target"] == "my_metrics_adapter"
    assert "my_metrics_adapter" in printed and "n/a" in printed
    assert out_md.read_text().startswith("# Conformance report")
    assert code == (1 if summary["fail"] + summary["error"] else 0)


def test_unknown_target_exits_2_with_a_message(capsys):
    assert main(["audit", "no_such_module_xyz"]) == 2
    assert "cannot import target" in capsys.readouterr().err


def test_baseline_mode_fails_only_on_new_violations(in_examples, tmp_path, capsys):
    base = tmp_path / "base.json"
    main(["audit", "my_metrics_adapter", "--family", "classification", *FEW, "--report", str(base)])
    capsys.readouterr()
    assert main(["audit", "my_metrics_adapter", "--family", "classification", *FEW, "--baseline", str(base)]) == 0
    assert "0 violation(s) not in the baseline" in capsys.readouterr().out


def test_console_script_is_installed():
    exe = Path(sys.executable).parent / "metric-assay"
    result = subprocess.run([str(exe), "--help"], capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert "audit" in result.stdout


def test_only_reads_brackets_as_part_of_a_property_id_not_as_a_glob_class():
    from properties.engine.cli.audit import select_properties

    chosen = {p.id for p in select_properties(only=["*[confusion_matrix]*"])}
    assert chosen and all("[confusion_matrix]" in pid for pid in chosen), sorted(chosen)[:5]
    assert {p.id for p in select_properties(only=["classification.bounds[f1]"])} == {"classification.bounds[f1]"}
    assert {p.id for p in select_properties(only=["classification.b*[f1]"])} == {"classification.bounds[f1]"}


@pytest.fixture
def slow_import(tmp_path, monkeypatch):
    """A target module in the current folder whose import sleeps for :data:`SLOW_IMPORT` seconds, then provides
    the catalog's accuracy."""
    (tmp_path / "slow_import_adapter.py").write_text(
        f"import time\ntime.sleep({SLOW_IMPORT})\nfrom metrics import accuracy  # noqa: F401\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "slow_import_adapter"
    sys.modules.pop("slow_import_adapter", None)


#: seconds the slow target's import takes
SLOW_IMPORT = 1.5


def test_an_import_slower_than_import_timeout_is_a_usage_error_that_names_the_option(slow_import, capsys):
    assert main(["audit", slow_import, "--import-timeout", "0.3", "--only", "classification.bounds[accuracy]"]) == 2
    err = capsys.readouterr().err
    assert f"importing {slow_import!r} did not finish within 0.3s; --import-timeout raises the limit" in err
    assert slow_import not in sys.modules, "the import was stopped in the probe, never run in this process"
    assert main(["list", "--target", slow_import, "--import-timeout", "0.3"]) == 2
    assert "--import-timeout raises the limit" in capsys.readouterr().err


def test_a_larger_import_timeout_lets_a_slow_import_be_audited(slow_import, tmp_path, capsys):
    report = tmp_path / "r.json"
    code = main(["audit", slow_import, "--import-timeout", "30", "--only", "classification.bounds[accuracy]",
                 "--report", str(report)])
    assert code == 0, capsys.readouterr()
    assert [r["status"] for r in json.loads(report.read_text())["results"]] == ["pass"]


@pytest.mark.parametrize("command", [["audit", "metrics"], ["list", "--target", "metrics"]])
def test_a_non_positive_import_timeout_is_a_usage_error(command, capsys):
    assert main([*command, "--import-timeout", "0"]) == 2
    assert capsys.readouterr().err.strip() == "metric-assay: --import-timeout must be positive (got 0)"


def test_list_family_lists_only_that_familys_catalog_names_and_properties(capsys):
    import metrics
    from properties.engine.vocabulary import registry

    assert main(["list", "--family", "correlation", "--family", "signal"]) == 0
    catalog, _, properties = capsys.readouterr().out.partition("\nproperties:\n")
    listed = {line.split()[1] for line in catalog.splitlines()[1:] if line.strip()}
    assert listed == {n for n, f in metrics.CATALOG.items() if f in ("correlation", "signal")}
    shown = {line.split()[0] for line in properties.splitlines() if line.strip()}
    assert shown == {p.id for p in registry.all_properties() if p.family in ("correlation", "signal")}


def test_list_of_an_unknown_family_is_a_one_line_usage_error_naming_the_families(capsys):
    import metrics

    assert main(["list", "--family", "classificaton"]) == 2
    out, err = capsys.readouterr()
    assert not out and len(err.strip().splitlines()) == 1
    assert "unknown family 'classificaton'" in err and ", ".join(metrics.FAMILIES) in err
