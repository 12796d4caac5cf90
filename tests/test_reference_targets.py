"""Every bundled reference target's deviations file is well formed; its behaviour is ``make audit``'s.

Running the whole spec against each of the 16 reference libraries is the bundled audit (``make audit``,
which runs with ``--strict``: no unexpected finding, no listed deviation that now passes, none that matches
no property, every line scoped to its finding classes). What is checked here
needs no library call, so ``make test`` keeps it: each adapter loads, each deviations line names a property
of the spec and at least one finding class. A library that is not installed is reported as skipped, never
as passed.
"""

from pathlib import Path

import pytest

import metrics

from properties.engine.vocabulary import registry
from properties.engine.target.deviation_files import read_deviation_scopes
from properties.engine.target.errors import TargetUnavailable
from properties.engine.target.loading import BUNDLED, load_target
from properties.engine.cli.audit import unmatched_deviations

DEVIATIONS = Path(__file__).resolve().parents[1] / "reference" / "deviations"

REFERENCE_TARGETS = [name for name in BUNDLED if name != "metrics"]


@pytest.mark.parametrize("name", REFERENCE_TARGETS)
def test_every_deviation_line_names_a_property_and_its_finding_classes(name):
    try:
        target = load_target(name)
    except TargetUnavailable as exc:
        pytest.skip(f"{name} not installed: {exc}")
    assert not unmatched_deviations(target, registry.conformance_properties(tier=None)), \
        f"{name}: deviations that match no property"
    assert not target.unscoped_deviations(), f"{name}: deviation lines that name no finding class"
    assert [m for m in metrics.CATALOG if not target.missing((m,))], f"{name}: provides no catalog metric"


@pytest.mark.parametrize("path", sorted(DEVIATIONS.glob("*.txt")), ids=lambda p: p.stem)
def test_every_bundled_deviation_line_has_a_reason_that_is_not_a_todo(path):
    """Read from the file itself, so that a library not installed here is checked too: a TODO reason is a line
    nobody checked against the library (``--strict`` rejects it in ``make audit``)."""
    lines = read_deviation_scopes(path)
    todo = [f"{pid} {{{pattern}}}" for pid, scopes in lines.items() for pattern, reason in scopes.items()
            if not reason.strip() or reason.lstrip().upper().startswith("TODO")]
    assert lines, f"{path.name}: no deviation line"
    assert not todo, f"{path.name}: {len(todo)} line(s) with no reason or a TODO: {todo[:5]}"


def test_ci_runs_the_tests_then_the_catalog_at_the_full_budget():
    """make test runs the catalog's conformance at a reduced number of examples; CI makes up the rest."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    commands = [line.strip() for line in (root / ".ci" / "run").read_text().splitlines()
                if line.strip().startswith("make ")]
    assert commands == ["make test", "make audit TARGETS=metrics", "make audit-large TARGETS=metrics"]
    makefile = (root / "Makefile").read_text()
    assert "--assay-examples=$(TEST_EXAMPLES)" in makefile and "--profile $(PROFILE)" in makefile
    # the edge cases make test leaves out of the catalog's conformance run in tests/test_edge_cases.py
    assert "--assay-edges=$(TEST_EDGES)" in makefile
    # what make test leaves out is exactly the catalog's reduced large tier, which the full tier covers
    assert "TEST_MARKERS ?= not catalog_large_tier" in makefile and '-m "$(TEST_MARKERS)"' in makefile
    # the large tier is a goal of its own (tests/test_tiers_in_one_command.py reads the recipes)
    assert "audit-large: $(STAMP)\n\t$(call audit_with_page,large)" in makefile


def test_make_audit_is_strict():
    """The bundled targets' behaviour is checked by ``make audit``, strict about their deviations files."""
    from pathlib import Path

    makefile = (Path(__file__).resolve().parent.parent / "Makefile").read_text()
    assert "--strict" in makefile.split("define audit_with_page", 1)[1].split("endef", 1)[0]


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_an_adapter_binds_each_declaration_table_once(name):
    """A second ``SUPPORTS = {...}`` further down an adapter silently drops the first table's entries (sklearn's
    jaccard_score was audited with zero_division=nan that way): later sections add keys instead."""
    import ast
    import importlib.util

    spec = importlib.util.find_spec(BUNDLED[name] if isinstance(BUNDLED[name], str) else f"reference.{name}")
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        pytest.skip(f"{name}: no adapter source")
    tree = ast.parse(open(spec.origin).read())
    bound: dict[str, int] = {}
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) \
            else []
        for target in targets:
            if isinstance(target, ast.Name) and target.id.isupper():
                bound[target.id] = bound.get(target.id, 0) + 1
    assert not [table for table, times in bound.items() if times > 1 and table in DECLARATION_TABLES]


DECLARATION_TABLES = {"SUPPORTS", "CONVENTIONS", "DOMAINS", "PRECISION", "TARGET_NAME", "VERSION", "TOLERANCES"}


def test_arhr_domain_is_one_relevant_document_per_query_and_keeps_bad_input_inside():
    """ARHR is audited through a library's reciprocal rank on one relevant document per query only; a bad input
    stays inside that domain, where the spec checks that it is refused."""
    import numpy as np

    from reference._ranked_queries import one_relevant_per_query

    assert one_relevant_per_query((np.array([[0.0, 2.0, 0.0], [1.0, 0.0, 0.0]]),), {"k": 2})
    assert not one_relevant_per_query((np.array([[0.0, 1.0, 1.0]]),), {})  # two relevant: ARHR is not RR there
    assert not one_relevant_per_query(([0.0, 0.0],), {})  # nothing relevant
    assert one_relevant_per_query((np.array([[1.0, 1.0]]), np.array([[np.nan, 1.0]])), {})  # NaN score
    assert one_relevant_per_query((np.array([[1.0, 1.0]]),), {"k": 0})  # k below 1
    assert one_relevant_per_query((np.zeros((2, 0)),), {})  # empty queries
    assert one_relevant_per_query(([[1.0, 0.0], [1.0]],), {})  # ragged


def test_torchmetrics_binary_relevance_keeps_a_nan_grade_for_the_library_to_see():
    """``grade > 0`` would turn a NaN grade into "not relevant" before torchmetrics sees it, and the audit would
    blame the library for accepting it: a query with a NaN grade reaches the library as a float target with the
    NaN kept, and a query without one as the boolean target it always was."""
    import numpy as np

    pytest.importorskip("torchmetrics")
    import torch
    from torchmetrics.functional import retrieval

    from reference import torchmetrics as adapter

    grades, scores = np.array([[1.0, np.nan, 0.0, 2.0]]), np.array([[0.5, 2.0, 1.0, 3.0]])
    own = retrieval.retrieval_precision(torch.tensor(scores[0], dtype=torch.float32),
                                        torch.tensor([1.0, np.nan, 0.0, 1.0], dtype=torch.float32))
    assert np.isnan(own)  # what the library itself makes of the NaN
    np.testing.assert_array_equal(adapter.precision_at_k(grades, scores), [own.item()])
    clean = np.nan_to_num(grades, nan=0.0)
    assert adapter.precision_at_k(clean, scores)[0] == retrieval.retrieval_precision(
        torch.tensor(scores[0], dtype=torch.float32), torch.tensor(clean[0] > 0)).item()
