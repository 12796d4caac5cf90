"""The cross-library table (properties.engine.report.agreement) and the claims judged on it, on fake libraries whose
definitions are known: the groups, their names, the minimal input between them, and what a library that is
missing, crashes or hangs becomes."""

import dataclasses
import json

import metrics
import numpy as np
import pytest

from properties import ranking
from properties.engine.vocabulary import registry
from properties.engine.verdict.claims import judge
from properties.engine.report import agreement
from properties.engine.report.agreement import agreement_table, AgreementDoc, Row, tiny_rankings, Variant
from properties.engine.cli.main import main

FAKES = "tests.targets.ranking_definitions"
NOT_INSTALLED = "tests.targets.ranking_not_installed"
MAP_INPUTS = tiny_rankings((0, 1), max_docs=3)
MAP_ROW = Row("map", "MAP@k", "mean_average_precision", "mean", MAP_INPUTS,
              (Variant("over R", {"denominator": "total"}), Variant("over min(k, R)", {"denominator": "min"})))


def fake(*names):
    return [(f"{FAKES}:{name}", f"{FAKES}:{name}") for name in names]


def map_table(*names, extra=(), timeout=60.0):
    return agreement_table([MAP_ROW], candidates=fake(*names) + list(extra), timeout=timeout)


def test_tiny_rankings_are_every_input_in_size_order():
    inputs = tiny_rankings((0, 1), max_docs=2, max_queries=2, max_docs_per_batch={2: 1})
    # 1 query: 2 lists of 1 (k=1) + 4 lists of 2 (k=1, 2); 2 queries of 1 document: 4 batches
    assert len(inputs) == 2 + 8 + 4 and len(set(inputs)) == len(inputs)
    sizes = [(len(x.grades), len(x.grades[0]), sum(map(sum, x.grades)), x.k) for x in inputs]
    assert sizes == sorted(sizes)
    assert all(1 <= x.k <= len(x.grades[0]) for x in inputs)


def test_libraries_with_different_definitions_form_two_named_groups():
    table = map_table("over_r", "over_min", "also_over_r")
    result = table.result("map")
    assert [g.members for g in result.groups] == [("also_over_r", "over_r"), ("over_min",)]
    assert [g.variants for g in result.groups] == [("over R",), ("over min(k, R)",)]


def test_the_minimal_input_is_found_and_nothing_smaller_separates_the_definitions():
    result = map_table("over_r", "over_min").result("map")
    assert [g.members for g in result.groups] == [("over_min",), ("over_r",)]  # by name
    (difference,) = result.differences
    assert difference.input.grades == ((1, 1),) and difference.input.k == 1
    assert difference.values == ("1", "0.5")

    def value(example, denominator):
        return metrics.mean_average_precision(example.array(), k=example.k, denominator=denominator)

    position = MAP_INPUTS.index(difference.input)
    assert value(difference.input, "total") != value(difference.input, "min")
    assert all(value(x, "total") == value(x, "min") for x in MAP_INPUTS[:position])
    # each side's call, as the reproduction shows it
    assert "target.mean_average_precision(np.array([[1, 1]], dtype=np.int64), k=1)  # -> 0.5" in difference.calls[1]


def test_libraries_that_agree_form_one_group_with_no_difference():
    result = map_table("over_r", "also_over_r").result("map")
    assert len(result.groups) == 1 and result.differences == []


def test_a_library_without_k_is_called_without_it():
    result = map_table("over_r", "no_k").result("map")
    assert result.takes_k == {"over_r": True, "no_k": False}
    (difference,) = result.differences  # groups by name: no_k's first
    assert difference.input.grades == ((0, 1),) and difference.input.k == 1  # the whole list's AP is 0.5, not 0
    assert "k=" not in difference.calls[0] and "k=1" in difference.calls[1]


def test_a_library_that_is_not_installed_is_listed_as_skipped_with_what_it_maps():
    table = map_table("over_r", extra=[(NOT_INSTALLED, NOT_INSTALLED)])
    (skipped,) = table.missing()
    assert skipped.status == "skipped" and "a_library_that_is_not_installed" in skipped.detail
    assert skipped.maps == ("mean_average_precision",)
    text = agreement.table_markdown(table, title="t")
    assert f"**{NOT_INSTALLED}: skipped** (its adapter maps mean_average_precision)" in text


def test_a_library_that_exits_or_hangs_is_contained():
    table = map_table("over_r", "exits", "hangs", timeout=4.0)  # over_r answers in milliseconds: 4 s to see the hang
    status = {m.name: m.status for m in table.measured}
    assert status == {"over_r": "ok", f"{FAKES}:exits": "crash", f"{FAKES}:hangs": "hang"}
    assert [g.members for g in table.result("map").groups] == [("over_r",)]


def test_an_input_a_library_refuses_is_set_aside_and_listed():
    def refuses_one_document(y_true, y_score=None, *, k=None):
        if np.shape(y_true)[1] < 2:
            raise ValueError("one document")
        return metrics.mean_average_precision(y_true, k=k)

    measured = agreement.measure_in_process(f"{FAKES}:over_r", [MAP_ROW])
    other = agreement.measure_in_process(f"{FAKES}:over_r", [MAP_ROW])
    other.name = "refuses"
    other.outcomes["map"] = [agreement.Outcome(None, "ValueError: one document") if len(x.grades[0]) < 2
                             else o for x, o in zip(MAP_INPUTS, other.outcomes["map"])]
    result = agreement.group_row(MAP_ROW, [measured, other], metrics.mean_average_precision)
    assert len(result.groups) == 1
    assert result.refused["refuses"][0] == 2 and result.compared == len(MAP_INPUTS) - 2
    compared = agreement.group_row(Row(**{**MAP_ROW.__dict__, "refusals_compared": True}), [measured, other],
                                   metrics.mean_average_precision)
    assert len(compared.groups) == 2 and compared.differences[0].input.grades == ((0,),)


@pytest.fixture(scope="module")
def paper_table():
    """The paper's rows over two fakes that differ in MAP's denominator only, and a library not installed."""
    return agreement_table(ranking.AGREEMENT_ROWS, candidates=fake("over_r", "over_min"), timeout=120.0)


def test_a_claim_the_fakes_refute_is_refuted_with_the_minimal_input(paper_table):
    verdict = ranking.distinct_definitions("map", 5)(paper_table)
    assert verdict.verdict == "refuted"
    assert "2 distinct definition(s)" in verdict.detail
    assert "over_min vs over_r on y_true=[[1, 1]], k=1: 1 vs 0.5" in verdict.counterexample
    assert ranking.distinct_definitions("map", 2)(paper_table).verdict == "holds"
    assert ranking.distinct_definitions("ndcg", 2)(paper_table).verdict == "refuted"


def test_only_precision_agreeing_is_refuted_by_the_other_metrics_that_agree(paper_table):
    verdict = ranking.only_precision_agrees(paper_table)
    assert verdict.verdict == "refuted"
    assert "recall@k is computed the same way by every library" in verdict.counterexample
    assert ranking.libraries_differ("hit_rate", "mrr")(paper_table).verdict == "refuted"
    assert ranking.libraries_differ("map")(paper_table).verdict == "holds"


def test_a_claim_whose_library_is_missing_is_incomplete_not_holding():
    table = agreement_table(ranking.AGREEMENT_ROWS[:1], candidates=fake("over_r", "over_min")
                            + [(NOT_INSTALLED, NOT_INSTALLED)], timeout=120.0)
    verdict = ranking.distinct_definitions("map", 2)(table)
    assert verdict.verdict == "incomplete" and NOT_INSTALLED in verdict.detail


def test_the_paper_claims_are_in_the_ledger_with_their_source():
    claims = [c for c in registry.claims() if ".claim.tamm2021." in c.id]
    assert len(claims) == 4
    assert all("Tamm, Damdinov & Vasilev" in c.source and c.verdict is not None for c in claims)


def test_judge_takes_a_library_claims_own_verdict(monkeypatch, paper_table):
    monkeypatch.setattr(ranking, "recommender_agreement", lambda: paper_table)
    verdict = judge(registry.get("ranking.claim.tamm2021.map_takes_five_values"))
    assert verdict.verdict == "refuted" and "[[1, 1]]" in verdict.counterexample


def test_the_docs_command_writes_the_table(monkeypatch, tmp_path, capsys):
    from properties.engine.verdict import claims
    from properties.engine.cli import main as cli

    doc = AgreementDoc("recommender_agreement", "T", ("intro",),
                       lambda: agreement_table([MAP_ROW], candidates=fake("over_r", "over_min")))
    monkeypatch.setattr(registry, "_SPEC", [dataclasses.replace(registry.spec(), agreement_docs=lambda: (doc,))])
    monkeypatch.setattr(cli, "DEFAULT_AUDIT_SET", ())
    monkeypatch.setattr(claims, "judge_all", lambda profile="ci": [])
    (tmp_path / "conformance").mkdir()  # where the (here empty) conformance page goes
    assert main(["docs", "--out", str(tmp_path)]) == 0
    text = (tmp_path / "recommender_agreement.md").read_text()
    assert "| MAP@k | 2 | 1. over min(k, R) | over_min |\n|  |  | 2. over R | over_r |" in text
    data = json.loads((tmp_path / "recommender_agreement.json").read_text())
    assert data["rows"][0]["differences"][0]["input"] == {"y_true": [[1, 1]], "k": 1}
    assert "wrote" in capsys.readouterr().out


def test_the_committed_table_is_the_one_the_rows_describe():
    """docs/recommender_agreement.json names the catalog metrics of the rows (regenerate: metric-assay agreement)."""
    from pathlib import Path

    data = json.loads((Path(__file__).resolve().parent.parent / "docs" / "recommender_agreement.json").read_text())
    assert [r["title"] for r in data["rows"]] == [row.title for row in ranking.AGREEMENT_ROWS]
