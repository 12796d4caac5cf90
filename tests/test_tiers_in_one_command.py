"""Several tiers in one ``metric-assay audit``: each tier's own report, where ``make audit`` and ``make
audit-large`` put them, one summary row per target and tier, the exit status of them all."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from properties.engine.cli.main import main, report_paths

ROOT = Path(__file__).resolve().parent.parent
#: one property of each tier: the standard one is not in the large tier, nor the large one in the standard
STANDARD_ONE, LARGE_ONE = "classification.bounds[accuracy]", "classification.large_duplication[accuracy]"


def test_each_tier_writes_its_own_report_the_others_in_a_folder_named_after_the_tier(tmp_path, capsys):
    out = tmp_path / "conformance.json"
    code = main(["audit", "metrics", "--only", STANDARD_ONE, "--only", LARGE_ONE, "--tier", "standard",
                 "--tier", "large", "--report", str(out), "--report", str(out.with_suffix(".md")), "-q"])
    printed = capsys.readouterr().out
    assert code == 0, printed
    standard, large = json.loads(out.read_text()), json.loads((tmp_path / "large" / out.name).read_text())
    assert (tmp_path / "large" / "conformance.md").is_file()
    assert standard["signature"]["tier"] == "standard" and large["signature"]["tier"] == "large"
    assert [r["property_id"] for r in standard["results"]] == [STANDARD_ONE]
    assert [r["property_id"] for r in large["results"]] == [LARGE_ONE]
    assert "metrics (standard tier)" in printed and "metrics (large tier)" in printed
    assert "overall: 2 of 2 audits of a target at a tier: 2 ok; exit 0" in printed


def test_a_tier_no_pattern_matches_is_skipped_and_said_and_one_none_matches_is_a_usage_error(tmp_path, capsys):
    code = main(["audit", "metrics", "--only", STANDARD_ONE, "--tier", "standard", "--tier", "large", "-q"])
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "== metrics (large tier): skipped, --only matches no property of the large tier ==" in printed
    assert "1 of 2 audits of a target at a tier (1 skipped)" in printed
    assert main(["audit", "metrics", "--only", "no_such_property", "--tier", "standard", "--tier", "large"]) == 2
    assert "--only: no property id matches 'no_such_property'" in capsys.readouterr().err


def test_a_baseline_is_one_tiers_report(tmp_path, capsys):
    baseline = tmp_path / "old.json"
    assert main(["audit", "metrics", "--only", STANDARD_ONE, "-q", "--report", str(baseline)]) == 0
    capsys.readouterr()
    assert main(["audit", "metrics", "--only", STANDARD_ONE, "--tier", "standard", "--tier", "large",
                 "--baseline", str(baseline)]) == 2
    assert "--baseline is one tier's report: give one --tier with it" in capsys.readouterr().err


def test_report_paths_of_several_tiers_and_targets():
    paths = report_paths(["reports/conformance.md"], ["metrics", "sklearn"], "large")
    assert paths == [[Path("reports/large/conformance.metrics.md")], [Path("reports/large/conformance.sklearn.md")]]
    assert report_paths(["r.json"], ["metrics"], "standard") == [[Path("r.json")]]
    assert report_paths(["r.json"], ["metrics"]) == [[Path("r.json")]]  # one tier: the path as given


def _make_n(*variables: str) -> list[str]:
    # -o: the venv counts as installed, so only the audit's own recipe is printed
    proc = subprocess.run(["make", "-n", "-o", ".venv/.installed", *variables], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    return proc.stdout.split("; ")


@pytest.mark.parametrize(("goal", "tiers", "pages"), [
    (["audit", "TIERS=standard large"], "--tier standard --tier large", ["reports/index.html", "reports/large/index.html"]),
    (["audit"], "--tier standard", ["reports/index.html"]),
    (["audit-large"], "--tier large", ["reports/large/index.html"]),
])
def test_make_audits_the_tiers_in_one_command_and_writes_each_tiers_page(goal, tiers, pages):
    steps = _make_n(*goal, "TARGETS=metrics sklearn")
    audits = [s for s in steps if "metric-assay audit" in s]
    assert len(audits) == 1 and tiers in audits[0], audits
    first = "reports/large/conformance" if tiers == "--tier large" else "reports/conformance"
    assert f"--report {first}.md --report {first}.json" in audits[0]
    assert [s.split("--out ", 1)[1].split()[0] for s in steps if "metric-assay report" in s] == pages


def test_a_family_with_no_property_at_the_tier_is_a_usage_error_that_names_it(capsys):
    # the image family has no large-tier property: the selection is empty, which was a TypeError (raise None)
    assert main(["audit", "metrics", "--family", "image", "--tier", "large", "-q"]) == 2
    assert "--family image: no property of this family at the large tier" in capsys.readouterr().err
