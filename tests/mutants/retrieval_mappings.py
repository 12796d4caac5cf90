"""Mutants of the ranking metrics' mapping form (qrels and runs): each spoils one mechanism the issue names, and
each is caught by an edge case of ``properties/inputs/qrels_runs.py`` (no draw needed)."""

from __future__ import annotations

import functools

import numpy as np

from metrics import _runs
from metrics import ranking as real
from properties.inputs.qrels_runs import as_lines, as_mappings
from properties.retrieval_mappings import MEANS, PER_QUERY

from . import Mutant

ALL = (*PER_QUERY, *MEANS)


def _wrap(make, names=ALL) -> dict:
    return {m: make(getattr(real, m)) for m in names}


def _ids(law: str, names) -> tuple:
    return tuple(f"ranking.{law}[{m}]" for m in names)


def _duplicates_joined(fn):
    """A duplicate qrels line kept as a second judged copy of the document, which the run retrieves twice (a
    join of the run with the qrels lines): on duplicate_judgement, MAP 0.58 instead of a refusal (0.5 deduplicated)."""

    @functools.wraps(fn)
    def mutant(y_true, y_score=None, **kw):
        if not (isinstance(y_true, list) and _runs.is_mapping_form(y_true)):
            return fn(y_true, y_score, **kw)
        run = as_mappings(y_score)  # a repeated run line: the later one wins
        qrels, seen = [], set()
        for q, d, g in y_true:
            if (q, d) in seen:
                qrels.append((q, f"{d}#copy", g))
                if d in run.get(q, {}):
                    run[q][f"{d}#copy"] = run[q][d]
            else:
                seen.add((q, d))
                qrels.append((q, d, g))
        return fn(qrels, run, **kw)

    return mutant


def _empty_run_crashes(fn):
    """A query whose run is empty indexes its first document: IndexError on empty_run."""

    @functools.wraps(fn)
    def mutant(y_true, y_score=None, **kw):
        if isinstance(y_score, dict) and any(not docs for docs in y_score.values()):
            return [][0]
        return fn(y_true, y_score, **kw)

    return mutant


def _judged_not_run_ignored(fn):
    """judged_not_run='zero' ignored: a query judged and not run is always dropped from the mean."""

    @functools.wraps(fn)
    def mutant(y_true, y_score=None, *, judged_not_run="drop", **kw):
        return fn(y_true, y_score, **kw)

    return mutant


def _judged_not_run_always_zero(fn):
    """judged_not_run='drop' ignored: a query judged and not run always counts 0 (trec_eval's -c, unasked)."""

    @functools.wraps(fn)
    def mutant(y_true, y_score=None, *, judged_not_run="drop", **kw):
        if not _runs.is_mapping_form(y_true):
            return fn(y_true, y_score, **kw)
        return fn(y_true, y_score, judged_not_run="zero", **kw)

    return mutant


def _ids_through(key):
    """Document ids normalised by ``key`` before scoring (the later of two colliding ids wins)."""

    def wrap(fn):
        @functools.wraps(fn)
        def mutant(y_true, y_score=None, **kw):
            if not _runs.is_mapping_form(y_true):
                return fn(y_true, y_score, **kw)
            qrels = {q: {key(d): g for d, g in docs.items()} for q, docs in as_mappings(y_true).items()}
            run = {q: {key(d): s for d, s in docs.items()} for q, docs in as_mappings(y_score).items()}
            return fn(qrels, run, **kw)

        return mutant

    return wrap


def _as_float64(doc: str) -> str:
    """An id read as float64 where it parses as one ("1", "1.0", "01" -> "1.0")."""
    try:
        return repr(float(doc))
    except ValueError:
        return doc


def _joined_across_queries(kind):
    """The run joined with the qrels on the document id alone (not on the query and the document): a retrieved
    document carries the judgements of every query judging it. R-precision counts the relevant judgements in the
    top R documents (2.0 on shared_document_ids); MAP counts each joined row as a ranked hit (1.58 for 0.75)."""

    def mutant(y_true, y_score=None, **kw):
        if not _runs.is_mapping_form(y_true):
            return getattr(real, kind)(y_true, y_score, **kw)
        qrels, run = as_mappings(y_true), as_mappings(y_score)
        values = {}
        for q in qrels:
            if q not in run:
                continue
            docs = sorted(run[q], key=lambda d: -run[q][d])
            joined = [[g for q2 in qrels for d2, g in qrels[q2].items() if d2 == d] or [0] for d in docs]
            relevant = sum(g > 0 for g in qrels[q].values())
            if kind == "r_precision":
                values[q] = sum(g > 0 for row in joined[:relevant] for g in row) / relevant if relevant else 0.0
            else:
                rows = [g for row in joined for g in row]
                hits = np.cumsum([g > 0 for g in rows])
                values[q] = sum(hits[i] / (i + 1) for i, g in enumerate(rows) if g > 0) / relevant if relevant else 0.0
        return values if kind == "r_precision" else float(np.mean(list(values.values())))

    return mutant


MUTANTS = [
    Mutant("mapping_duplicate_judgements_joined", _wrap(_duplicates_joined),
           _ids("refusal.mapping_form.duplicate_line", ALL)),
    Mutant("mapping_empty_run_crashes", _wrap(_empty_run_crashes),
           _ids("relation.mapping_form.per_query", PER_QUERY) + _ids("relation.mapping_form.mean_of_queries", MEANS),
           verdict="error"),  # the target raised on valid input
    Mutant("mapping_judged_not_run_dropped_under_zero", _wrap(_judged_not_run_ignored, MEANS),
           _ids("relation.mapping_form.judged_not_run_zero", MEANS)),
    Mutant("mapping_judged_not_run_zero_by_default", _wrap(_judged_not_run_always_zero, MEANS),
           _ids("relation.mapping_form.mean_of_queries", ("mean_reciprocal_rank",))),
    Mutant("mapping_ids_hashed_to_float64", _wrap(_ids_through(_as_float64)),
           _ids("relation.mapping_form.per_query", ("ndcg_at_k",))
           + _ids("relation.mapping_form.mean_of_queries", ("mean_average_precision",))),
    Mutant("mapping_ids_case_folded", _wrap(_ids_through(str.lower)),
           _ids("relation.mapping_form.per_query", ("precision_at_k",))),
    Mutant("mapping_merged_across_queries",
           {"r_precision": _joined_across_queries("r_precision"),
            "mean_average_precision": _joined_across_queries("mean_average_precision")},
           _ids("relation.mapping_form.per_query", ("r_precision",))
           + _ids("relation.mapping_form.mean_of_queries", ("mean_average_precision",))),
]
