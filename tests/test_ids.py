"""Property ids follow one grammar, and the ids of earlier releases still work."""

import json

import pytest

from properties.engine.vocabulary import ids, registry
from properties.engine.vocabulary.results import Result
from properties.engine.target.deviation_files import read_deviations
from properties.engine.report.audit_report import Report, Signature
from properties.engine.cli.main import main
from tests.toys import toy_target


def test_every_id_follows_the_grammar():
    bad = [p.id for p in registry.all_properties() if not ids.is_valid(p.id, claim=p.is_claim)]
    assert not bad, f"{len(bad)} ids break the grammar, e.g. {bad[:5]}"


@pytest.mark.parametrize(
    ("property_id", "claim", "valid"),
    [
        ("text.undefined[wer:empty_reference]", False, True),
        ("curves.monotone_invariance[average_precision:11_points]", False, True),
        ("classification.claim.seed000.dice_is_f1", True, True),
        ("curves.claim.seed004.detection_table.rank_10", True, True),
        ("text.undefined[wer:empty reference]", False, False),
        ("correlation.affine-invariance[pearson]", False, False),
        ("ranking.seed001_map_at_5", True, False),
        ("regression.claim.seed004.r2_formula", False, False),
        ("Regression.r2", False, False),
    ],
)
def test_the_grammar(property_id, claim, valid):
    assert ids.is_valid(property_id, claim=claim) is valid


def test_every_alias_names_an_existing_property():
    current = {p.id for p in registry.all_properties()}
    assert ids.aliases(), "the alias table is empty"
    assert set(ids.aliases().values()) <= current
    assert not set(ids.aliases()) & current, "an alias shadows a current id"


def test_an_old_id_in_a_deviations_file_resolves_with_a_warning(tmp_path, capsys):
    path = tmp_path / "dev.txt"
    path.write_text("regression.mae-le-rmse  # kept from an older release\n")
    assert read_deviations(path) == {"regression.mae_le_rmse": "kept from an older release"}
    err = capsys.readouterr().err
    assert "'regression.mae-le-rmse'" in err and "renamed to 'regression.mae_le_rmse'" in err


def test_a_baseline_with_old_ids_is_read_under_the_new_ones(tmp_path, capsys):
    sig = Signature.collect(toy_target(), profile="ci", seed="derandomized", properties=[])
    old = Result(property_id="correlation.affine-invariance[pearson]", statement="s", kind="invariance",
                 family="correlation", metrics=("pearson",), status="fail")  # fmt: skip
    path = tmp_path / "old.json"
    path.write_text(json.dumps(Report(sig, [old]).to_dict()))
    loaded = Report.load(path)
    assert loaded.results[0].property_id == "correlation.affine_invariance[pearson]"
    assert "renamed" in capsys.readouterr().err


def test_diff_between_an_old_and_a_new_report_matches_renamed_ids(tmp_path, capsys):
    sig = Signature.collect(toy_target(), profile="ci", seed="derandomized", properties=[])
    result = lambda pid: Result(property_id=pid, statement="s", kind="invariance", family="correlation",  # noqa: E731
                                metrics=("pearson",), status="pass")  # fmt: skip
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    before.write_text(json.dumps(Report(sig, [result("correlation.affine-invariance[pearson]")]).to_dict()))
    after.write_text(json.dumps(Report(sig, [result("correlation.affine_invariance[pearson]")]).to_dict()))
    assert main(["diff", str(before), str(after)]) == 0
    assert "0 properties changed" in capsys.readouterr().out


def test_the_catalog_and_the_audit_summary_give_the_same_counts():
    from pathlib import Path

    from properties.engine.report.catalog_doc import spec_counts_line

    line = spec_counts_line()
    committed = (Path(__file__).resolve().parent.parent / "docs" / "catalog.md").read_text()
    assert line in committed, "docs/catalog.md is stale: run `make docs`"
    sig = Signature.collect(toy_target(), profile="ci", seed="derandomized", properties=[])
    report = Report(sig, [])
    assert line in report.to_terminal() and line in report.to_markdown()
    claims = sum(p.is_claim for p in registry.all_properties())
    assert f"{len(registry.all_properties()) - claims} conformance properties" in line
