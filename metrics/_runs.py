"""The mapping form of the ranking metrics: qrels and runs, as trec_eval, pytrec_eval, ranx and ir-measures take them.

Form. ``y_true`` is the *qrels* and ``y_score`` the *run*, each either

* a mapping query id -> (document id -> value): ``{"q1": {"d1": 2, "d2": 0}}`` (pytrec_eval's and ranx's dicts), or
* TREC lines: a sequence of ``(query_id, document_id, value)`` triples (a qrels or run file, ir-measures'
  ``Qrel`` / ``ScoredDoc`` tuples).

Ids are strings, compared as strings (trec_eval's ``strcmp``): ``"1"``, ``"1.0"`` and ``"01"`` are three documents,
``"D1"`` and ``"d1"`` two. A qrels value is a grade, an integer >= 0 (trec_eval's qrels hold integers; negative
values, its "unjudged in the pool" marks, are refused here); a run value is a finite real score.

Definitions (trec_eval 9's, ``trec_eval.c`` and ``form_res_rels.c``):

* the ranked list of a query is its run, by descending score; tied documents follow the catalog's ``ties`` rule
  (``ties="first"``: the run's order). A document of the run without a judgement has grade 0 (not relevant; trec_eval's
  "not in the pool");
* a judged document not in the run is relevant but not retrieved: it counts among the query's relevant documents R
  (recall's and AP's denominator, R-precision's R, NDCG's ideal list), and never among the top k;
* the cutoff k of a query is clipped to the length of its run (the catalog's convention for k beyond the list), so
  P@k of a run of n < k documents is hits / n;
* metric m of a query is the array form's m on its ranked list, extended below every retrieved document by its
  relevant documents not retrieved, at the clipped cutoff (P@k, R@k, AP@k, RR@k, S@k); NDCG@k = DCG@k of the run /
  ideal DCG@k of every judgement; R-precision = (relevant documents in the first R of the run) / R;
* a query is *evaluated* when it is both judged and run. A query run but not judged is dropped (trec_eval skips it
  always); a query judged but not run is dropped by default (``judged_not_run="drop"``, trec_eval's default) or
  counted as 0 in the means (``judged_not_run="zero"``, trec_eval's ``-c``: "Missing queries will contribute a value
  of 0 to all evaluation measures"). A query whose mapping is empty (``{"q1": {}}``) is absent: a qrels or run file
  cannot name a query without a line;
* a duplicate judgement (two lines of one query for one document, in the qrels or in the run) is bad input
  (trec_eval: "duplicate docs", the evaluation fails); a mapping cannot hold one.

Returns: a per-query metric returns a dict query id -> value over the evaluated queries (and, under
``judged_not_run="zero"``, 0.0 for the others), in the qrels' order; a mean returns the arithmetic mean of those
values (``sample_weight`` is refused in this form). Range: the array form's. Undefined: no query evaluated (and
none judged under "zero") raises MetricInputError naming ``y_score`` (trec_eval: "No queries with both results and
relevance info"); a query without a relevant document follows ``no_relevant`` as in the array form.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping

import numpy as np

from .errors import MetricInputError

JUDGED_NOT_RUN = ("drop", "zero")


def is_mapping_form(value) -> bool:
    """Whether ``value`` (a y_true or y_score) is in the mapping form: a mapping, or a non-empty sequence of
    triples whose first two items are strings. The array form's grades are numbers, never strings."""
    if isinstance(value, Mapping):
        return True
    if isinstance(value, (list, tuple)) and value:
        first = value[0]
        return isinstance(first, (tuple, list)) and len(first) == 3 and isinstance(first[0], str) and \
            isinstance(first[1], str)
    return False


def _value(v, name, where, grade: bool):
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real):
        raise MetricInputError(name, f"{where}: expected a number, got {v!r}")
    v = float(v)
    if not math.isfinite(v):
        raise MetricInputError(name, f"{where}: expected a finite number, got {v!r}")
    if grade and (v != round(v) or v < 0):
        raise MetricInputError(name, f"{where}: expected an integer grade >= 0, got {v!r}")
    return v


def read(value, name: str, *, grade: bool) -> dict[str, dict[str, float]]:
    """The qrels (``grade=True``) or run as query id -> (document id -> value), queries with no document left out;
    MetricInputError naming ``name`` for a value that is not the mapping form, an id that is not a string, a bad
    value or a duplicate line."""
    what = "qrels" if grade else "run"
    out: dict[str, dict[str, float]] = {}
    if isinstance(value, Mapping):
        for query, docs in value.items():
            if not isinstance(query, str):
                raise MetricInputError(name, f"{what} query ids must be strings, got {query!r}")
            if not isinstance(docs, Mapping):
                raise MetricInputError(name, f"{what}[{query!r}] must map document ids to values, got {docs!r}")
            for doc, v in docs.items():
                if not isinstance(doc, str):
                    raise MetricInputError(name, f"{what}[{query!r}] document ids must be strings, got {doc!r}")
                out.setdefault(query, {})[doc] = _value(v, name, f"{what}[{query!r}][{doc!r}]", grade)
        return out
    if not isinstance(value, (list, tuple)) or not value:
        raise MetricInputError(name, f"expected the {what} as a mapping or a non-empty sequence of "
                               f"(query_id, doc_id, value) lines, got {value!r}")
    for line in value:
        if not isinstance(line, (tuple, list)) or len(line) != 3 or not all(isinstance(i, str) for i in line[:2]):
            raise MetricInputError(name, f"each {what} line must be (query_id, doc_id, value) with string ids, "
                                   f"got {line!r}")
        query, doc, v = line
        docs = out.setdefault(query, {})
        if doc in docs:
            raise MetricInputError(name, f"duplicate {what} line for document {doc!r} of query {query!r} "
                                   "(trec_eval refuses duplicate docs)")
        docs[doc] = _value(v, name, f"{what} line {tuple(line)!r}", grade)
    return out


def query_arrays(judged: dict, ranked: dict):
    """(grades, scores, missing) of one query: the run's documents with their grades (0 unjudged) and scores
    mapped to their dense ranks (ties and order kept, every score >= 1), and the grades of the judged documents
    the run lacks."""
    docs = list(ranked)
    raw = np.array([ranked[d] for d in docs], dtype=float)
    _, dense = np.unique(raw, return_inverse=True)
    grades = np.array([judged.get(d, 0.0) for d in docs], dtype=float)
    missing = np.array([g for d, g in judged.items() if d not in ranked], dtype=float)
    return grades, dense.astype(float) + 1.0, missing


def evaluated_queries(qrels: dict, run: dict, judged_not_run: str) -> list[tuple[str, bool]]:
    """(query id, whether run) of every query the mean counts, in the qrels' order; MetricInputError naming
    y_score when there is none."""
    if not qrels:
        raise MetricInputError("y_true", "the qrels judge no document")
    queries = [(q, q in run) for q in qrels if q in run or judged_not_run == "zero"]
    if not queries:
        raise MetricInputError("y_score", "no query is both judged (y_true) and run (y_score)")
    return queries


def per_query(evaluate, y_true, y_score, *, judged_not_run: str = "drop"):
    """query id -> ``evaluate(grades, scores, missing)`` for every counted query (0.0 for a judged query not run
    under ``judged_not_run="zero"``)."""
    if judged_not_run not in JUDGED_NOT_RUN:
        raise MetricInputError("judged_not_run", f"expected one of {JUDGED_NOT_RUN}, got {judged_not_run!r}")
    qrels = read(y_true, "y_true", grade=True)
    run = read(y_score, "y_score", grade=False)
    out = {}
    for query, was_run in evaluated_queries(qrels, run, judged_not_run):
        out[query] = float(evaluate(*query_arrays(qrels[query], run[query]))) if was_run else 0.0
    return out


def clipped_k(k, n_ret: int):
    """The cutoff of a query whose run has ``n_ret`` documents: k clipped to it (None: every retrieved one)."""
    if k is None:
        return n_ret
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, numbers.Integral) or k < 1:
        raise MetricInputError("k", f"expected an integer >= 1 or None, got {k!r}")
    return min(int(k), n_ret)


def extended(grades, scores, missing):
    """The ranked list with the relevant documents not retrieved below every retrieved one (score 0)."""
    return np.concatenate([grades, missing]), np.concatenate([scores, np.zeros(missing.size)])
