"""The ranking spec in the mapping form: qrels and runs as trec_eval, pytrec_eval, ranx and ir-measures take them.

Part of the ranking family (imported by ``properties/ranking.py``). The inputs are :class:`QrelsRun` examples
(``properties/inputs/qrels_runs.py``); a target takes the form only where it declares so
(``INPUT_FORMS = {"qrels_runs": True, "qrels_lines": True}``, ``docs/adapters.md``), else these properties are
n/a. Each law states what a case must give, computed from the catalog's array form on each query (the catalog's
definitions: ``metrics/_runs.py``), following trec_eval 9:

* a query both judged and run is one query of the array form: its run's documents, graded from the qrels
  (unjudged: 0); document ids are strings compared as strings, in each query on its own (``"1"``, ``"1.0"`` and
  ``"01"`` are three documents, ``"d1"`` and ``"D1"`` two, and ``"d1"`` of one query is not ``"d1"`` of another);
* a query run but not judged is dropped; a query judged but not run, or with an empty run, is dropped by default
  and counted as 0 under ``judged_not_run="zero"`` (trec_eval's ``-c``);
* a duplicate line (one query, one document, twice) is bad input: trec_eval refuses it ("duplicate docs").

Tied scores are compared with the catalog's ``ties="average"``, passed only on examples with ties: a target
without a ``ties`` keyword is checked on the tie-free examples.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

import numpy as np

from metrics import ranking as catalog

from .checks import expect, expect_close, expect_refusal
from properties.engine.vocabulary import registry
from .inputs.qrels_runs import DUPLICATES, QRELS_RUNS, evaluated, has_ties, judged, query_arrays

#: per-query metric -> whether it takes a cutoff k
PER_QUERY = {"precision_at_k": True, "recall_at_k": True, "average_precision_at_k": True, "reciprocal_rank": True,
             "success_at_k": True, "ndcg_at_k": True, "r_precision": False}
#: mean -> the per-query metric it averages
MEANS = {"mean_average_precision": "average_precision_at_k", "mean_reciprocal_rank": "reciprocal_rank",
         "hit_rate_at_k": "success_at_k"}
TOLERANCE = 1e-9  # the same sums, in another order


def _keywords(m: str, ex, *, cutoff: bool = True) -> dict:
    kw = {"k": ex.k} if cutoff and ex.k is not None else {}
    return {**kw, "ties": "average"} if has_ties(ex) else kw


def _needs(m: str, *options) -> tuple:
    return (m, *(f"{m}:{o}" for o in options))


def _array_form(m: str, ex, query: str, cutoff: bool) -> float:
    """The catalog's array form of per-query metric ``m`` on one evaluated query."""
    grades, scores = query_arrays(ex, query)
    kw = {"k": ex.k} if cutoff else {}
    return float(np.atleast_1d(getattr(catalog, m)(grades, scores, **kw))[0])


def per_query(t, ex, m):
    cutoff = PER_QUERY[m]
    value = getattr(t, m)(ex.qrels, ex.run, **_keywords(m, ex, cutoff=cutoff))
    expect(isinstance(value, Mapping), f"{m} of qrels and a run = {value!r}, but should be a mapping query id -> "
                                       "value")
    queries = evaluated(ex)
    expect(sorted(value) == sorted(queries), f"{m}'s queries = {sorted(value)}, but should be {sorted(queries)} "
                                             "[the queries both judged and run]")
    for query in queries:
        expect_close(value[query], _array_form(m, ex, query, cutoff), rtol=TOLERANCE,
                     what=f"{m}[{query!r}] (the array form of that query's run, graded from its qrels)")


for _m, _cutoff in PER_QUERY.items():
    registry.register(
        f"relation.mapping_form.per_query[{_m}]",
        f"{_m} of qrels and a run is, for each query both judged and run, {_m} of the array form on that query's "
        "run graded from its qrels (unjudged: 0), ids compared as strings within the query; queries run and not "
        "judged, judged and not run, or with an empty run have no value",
        kind="relation", family="ranking", needs=_needs(_m, *(("k",) if _cutoff else ()), "ties"),
        check=functools.partial(per_query, m=_m), strategy=QRELS_RUNS)


def _mean_of(m: str, ex) -> list[float]:
    return [_array_form(MEANS[m], ex, q, True) for q in evaluated(ex)]


def mean_of_queries(t, ex, m):
    values = _mean_of(m, ex)
    expect_close(getattr(t, m)(ex.qrels, ex.run, **_keywords(m, ex)), float(np.mean(values)), rtol=TOLERANCE,
                 what=f"{m} of qrels and a run (the mean of {MEANS[m]} over the {len(values)} queries both judged "
                      "and run)")


def judged_not_run_zero(t, ex, m):
    values = _mean_of(m, ex)
    n_judged = len(judged(ex))
    expect_close(getattr(t, m)(ex.qrels, ex.run, judged_not_run="zero", **_keywords(m, ex)),
                 float(np.sum(values)) / n_judged, rtol=TOLERANCE,
                 what=f"{m}(judged_not_run='zero') (the {len(values)} queries both judged and run, and "
                      f"{n_judged - len(values)} judged and not run counted 0, over the {n_judged} judged)")


for _m in MEANS:
    registry.register(
        f"relation.mapping_form.mean_of_queries[{_m}]",
        f"{_m} of qrels and a run is the mean of {MEANS[_m]} (array form) over the queries both judged and run: "
        "queries judged and not run, with an empty run, or run and not judged are left out (trec_eval's default)",
        kind="relation", family="ranking", needs=_needs(_m, "k", "ties"),
        check=functools.partial(mean_of_queries, m=_m), strategy=QRELS_RUNS)
    registry.register(
        f"relation.mapping_form.judged_not_run_zero[{_m}]",
        f"under judged_not_run='zero' (trec_eval's -c), {_m} of qrels and a run counts each query judged and not "
        "run (or with an empty run) as 0: the sum over the queries both judged and run over the number judged",
        kind="relation", family="ranking", needs=_needs(_m, "k", "ties", "judged_not_run"),
        check=functools.partial(judged_not_run_zero, m=_m), strategy=QRELS_RUNS)


def duplicate_line(t, ex, m):
    bad, where = ex
    expect_refusal(lambda: getattr(t, m)(bad.qrels, bad.run), argument=where)


for _m in (*PER_QUERY, *MEANS):
    registry.register(
        f"refusal.mapping_form.duplicate_line[{_m}]",
        f"{_m} refuses qrels or a run given as TREC lines with a line repeated (one query, one document, twice): "
        "trec_eval refuses duplicate docs, neither counting them twice nor letting one win",
        kind="refusal", family="ranking", needs=(_m,),
        check=functools.partial(duplicate_line, m=_m), strategy=DUPLICATES)
