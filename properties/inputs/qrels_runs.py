"""Qrels and runs: the mapping form of the ranking metrics (trec_eval, pytrec_eval, ranx, ir-measures).

An example is a :class:`QrelsRun`: ``qrels`` (query id -> document id -> integer grade) and ``run`` (query id ->
document id -> score), string ids, or the same as TREC lines (``(query_id, doc_id, value)`` triples), and a cutoff
``k``. The catalog's definitions of this form are in ``metrics/_runs.py``.

The draws make the mapping form's own mechanisms common, not rare: query and document ids come from small pools
in which ids are shared across queries, equal as floats (``"1"``, ``"1.0"``, ``"01"``) or differ only in case
(``"d1"``, ``"D1"``); a query is judged and run, judged only, run only, or judged with an empty run; scores are
small integers, so tied across documents. Within a query that is judged and run, every judged document is in
the run (the run may hold unjudged ones, grade 0), so that each such query is one query of the array form, on
which the properties compute the expected values (``properties/retrieval_mappings.py``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from hypothesis import strategies as st

from . import with_edges

#: query ids: two of them equal as floats
QUERY_IDS = ("q1", "q2", "1", "01")
#: document ids, shared by every query: three equal as floats, two differing only in case
DOC_IDS = ("d1", "D1", "d2", "1", "1.0", "01")
#: what a drawn query is: judged and run (most often), judged only, run only, judged with an empty run
ROLES = ("both", "both", "both", "judged_only", "run_only", "empty_run")


@dataclasses.dataclass(frozen=True)
class QrelsRun:
    """Qrels, a run (mappings or TREC lines) and a cutoff: ``t.m(ex.qrels, ex.run, k=ex.k)``."""

    qrels: Any
    run: Any
    k: int | None = None


def as_mappings(value) -> dict:
    """Qrels or a run as query id -> document id -> value (TREC lines folded; a query with no document dropped).
    The spec's own reading, independent of the catalog's."""
    if isinstance(value, dict):
        return {q: dict(docs) for q, docs in value.items() if docs}
    out: dict = {}
    for query, doc, v in value:
        out.setdefault(query, {})[doc] = v
    return out


def as_lines(mapping: dict) -> list:
    """A mapping as TREC lines, query by query."""
    return [(q, d, v) for q, docs in mapping.items() for d, v in docs.items()]


def evaluated(ex: QrelsRun) -> list[str]:
    """The query ids both judged and run (a non-empty mapping in each), in the qrels' order."""
    qrels, run = as_mappings(ex.qrels), as_mappings(ex.run)
    return [q for q in qrels if q in run]


def judged(ex: QrelsRun) -> list[str]:
    """The query ids judged (a non-empty mapping in the qrels), in order."""
    return list(as_mappings(ex.qrels))


def query_arrays(ex: QrelsRun, query: str):
    """(grades, scores) of one evaluated query as the array form's one query: the run's documents in run order,
    grades from the qrels (0 unjudged)."""
    qrels, run = as_mappings(ex.qrels), as_mappings(ex.run)
    docs = list(run[query])
    grades = np.array([[qrels[query].get(d, 0) for d in docs]], dtype=float)
    scores = np.array([[run[query][d] for d in docs]], dtype=float)
    return grades, scores


def has_ties(ex: QrelsRun) -> bool:
    """Whether some evaluated query has two documents of equal score."""
    run = as_mappings(ex.run)
    return any(len(set(run[q].values())) < len(run[q]) for q in evaluated(ex))


_DOCS = st.lists(st.tuples(st.sampled_from(DOC_IDS), st.none() | st.integers(0, 2), st.integers(0, 3)),
                 min_size=1, max_size=4, unique_by=lambda row: row[0])


@st.composite
def qrels_runs(draw, *, lines=st.booleans()):
    """Qrels and a run of one to three queries; the first query is judged and run with a judged document, so that
    some query is evaluated. Each query's documents are drawn as rows (id, grade or None for unjudged, score);
    ``lines``: a strategy of whether to give the example as TREC lines."""
    queries = draw(st.lists(st.tuples(st.sampled_from(QUERY_IDS), st.sampled_from(ROLES), _DOCS), min_size=1,
                            max_size=3, unique_by=lambda row: row[0]))
    qrels: dict = {}
    run: dict = {}
    for i, (query, role, rows) in enumerate(queries):
        if i == 0:
            role, rows = "both", [(rows[0][0], rows[0][1] or 1, rows[0][2]), *rows[1:]]
        grades = {d: g for d, g, _ in rows if g is not None} or {rows[0][0]: 0}
        if role in ("both", "judged_only", "empty_run"):
            qrels[query] = grades
        if role == "both":
            run[query] = {d: float(s) for d, _, s in rows}
        elif role == "run_only":
            run[query] = {d: float(s) for d, _, s in rows}
        elif role == "empty_run":
            run[query] = {}
    k = draw(st.none() | st.integers(1, 5))
    if draw(lines):
        return QrelsRun(as_lines(qrels), as_lines(run), k)
    return QrelsRun(qrels, run, k)


def qrels_run_edges() -> tuple:
    """Each mechanism of the mapping form once, on the smallest input that shows it: a judged query with an empty
    run, a query judged and not run, one run and not judged, document ids shared across queries (each judged
    relevant in two queries), ids equal as floats in one query ("1", "1.0", "01"), ids differing only in case,
    every score of a query tied, and the same queries as TREC lines."""
    base = ({"q1": {"d1": 0, "d2": 1}}, {"q1": {"d1": 2.0, "d2": 1.0}})
    return (
        ("empty_run", QrelsRun({**base[0], "q2": {"d1": 1}}, {**base[1], "q2": {}})),
        ("judged_not_run", QrelsRun({**base[0], "q2": {"d1": 1}}, base[1])),
        ("run_not_judged", QrelsRun(base[0], {**base[1], "q2": {"d1": 1.0, "d2": 0.0}})),
        ("shared_document_ids", QrelsRun({"q1": {"d1": 1, "d2": 0}, "q2": {"d1": 1, "d3": 0}},
                                         {"q1": {"d1": 2.0, "d2": 1.0}, "q2": {"d3": 2.0, "d1": 1.0}})),
        ("ids_equal_as_floats", QrelsRun({"q1": {"1": 1, "1.0": 0, "01": 0}},
                                         {"q1": {"1.0": 2.0, "01": 1.0, "1": 0.5}})),
        ("ids_differ_in_case", QrelsRun({"q1": {"d1": 1, "D1": 0}}, {"q1": {"D1": 2.0, "d1": 1.0}})),
        ("scores_tied", QrelsRun({"q1": {"d1": 1, "d2": 0, "d3": 2}}, {"q1": {"d1": 1.0, "d2": 1.0, "d3": 1.0}})),
        ("as_lines", QrelsRun([("q1", "d1", 0), ("q1", "d2", 1), ("q2", "d1", 1)],
                              [("q1", "d1", 2.0), ("q1", "d2", 1.0), ("q2", "d2", 3.0), ("q2", "d1", 1.0)], 1)),
    )


#: qrels and runs, in both forms, with the mechanisms above among the edges
QRELS_RUNS = with_edges(qrels_runs(), qrels_run_edges())


@st.composite
def duplicate_judgements(draw):
    """TREC lines of qrels and a run with one line repeated (the same query and document, the same or another
    value), in the qrels or in the run: bad input, as trec_eval refuses it. (example, argument at fault)."""
    ex = draw(qrels_runs(lines=st.just(True)))
    where = draw(st.sampled_from(("y_true", "y_score")))
    lines = list(ex.qrels if where == "y_true" else ex.run)
    query, doc, value = lines[draw(st.integers(0, len(lines) - 1))]
    other = draw(st.sampled_from((value, value + 1)))
    lines.insert(draw(st.integers(0, len(lines))), (query, doc, other))
    bad = QrelsRun(lines, ex.run, ex.k) if where == "y_true" else QrelsRun(ex.qrels, lines, ex.k)
    return bad, where


#: a duplicate judgement that inflates MAP when counted twice (the relevant document at rank 2 of one query)
DUPLICATE_EDGES = (
    ("duplicate_judgement", (QrelsRun([("q1", "d1", 0), ("q1", "d2", 1), ("q1", "d2", 1)],
                                      [("q1", "d1", 2.0), ("q1", "d2", 1.0)]), "y_true")),
    ("duplicate_run_line", (QrelsRun([("q1", "d1", 0), ("q1", "d2", 1)],
                                     [("q1", "d1", 2.0), ("q1", "d2", 1.0), ("q1", "d2", 3.0)]), "y_score")),
)

DUPLICATES = with_edges(duplicate_judgements(), DUPLICATE_EDGES)
