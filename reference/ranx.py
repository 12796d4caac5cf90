"""ranx (numba-compiled IR metrics) under the catalog's ranking names.

Each call turns the catalog's arrays into ranx ``Qrels`` (query -> document
-> grade, every document listed, grade 0 included) and ``Run`` (query ->
document -> score) and calls :func:`ranx.evaluate` with ``return_mean=False``
for per-query values. Queries are named ``q0000...`` and documents ``d0000...``
so ranx's sorting of ids keeps the input order of queries.

average_reciprocal_hit_rate is ranx's ``mrr`` (mean reciprocal rank at k) on ARHR's own domain only: queries with
exactly one relevant document each, the leave-one-out protocol ARHR was defined on, where the two are equal
(DOMAINS; ranx has no metric summing 1/rank over every hit).
"""

from __future__ import annotations

import numpy as np
import ranx
from ranx import Qrels, Run, evaluate

from properties.engine.vocabulary.reproduce import library_call  # the library's own call, under the adapter's, in reproductions

from ._ranked_queries import binary_grades, grades_and_scores, one_relevant_per_query

TARGET_NAME = "ranx"
VERSION = getattr(ranx, "__version__", None) or "0.3.21"
CONVENTIONS = {
    "relevance": "a document is relevant when its grade >= 1 (rel_lvl=1): the catalog's grade > 0 for integer grades",
    "grades": "qrels take integer grades; the adapter refuses non-integer grades instead of letting them be cast",
    "ties": "documents with tied scores are ordered by numba's np.argsort (unstable quicksort): unspecified; "
    "unlike trec_eval, not by document id. The adapter exposes no ties option",
    "k": "k=None -> no cutoff; a k above the number of documents is clipped by the adapter to match the "
    "catalog (ranx's precision@k divides by k, as trec_eval does, when fewer documents are ranked)",
    "ndcg gain": "'ndcg'/'dcg' (Jarvelin, linear) for gain='linear', 'ndcg_burges'/'dcg_burges' for 'exponential'",
    "average precision": "map@k divides by all relevant documents (denominator='total')",
    "no relevant document": "recall, AP and NDCG are 0 (the catalog's no_relevant='zero')",
    "ranked lists": "y_score=None is passed as strictly decreasing scores (the list order)",
    "r-precision, bpref": "'r-precision' and 'bpref' without a cutoff; every document of the array is judged "
    "(grade 0 = judged non-relevant) and retrieved",
    "cumulative gain": "cumulative_gain_at_k is 'hits' (the relevant documents in the top k), which is CG@k on "
    "0/1 grades only (ranx counts a document, it does not sum grades): examples with another grade are skipped",
    "mapping form": "qrels and runs given as dicts (INPUT_FORMS qrels_runs) are passed to Qrels and Run as they "
    "are; per-query metrics return run.scores[metric] (query -> value), the means ranx.evaluate's mean. "
    "judged_not_run='drop' is evaluate's default make_comparable=False (which asserts that the qrels and the run "
    "name the same queries), 'zero' is make_comparable=True (empty results added for the queries missing from the "
    "run, queries not in the qrels removed). k=None: no cutoff",
    "rank-biased precision": "rank_biased_precision is 'rbp.<digits of p>' (p = 0.8 -> 'rbp.8'), over the whole "
    "run: ranx has no cutoff for it (SUPPORTS: k None only) and no residual; since 0.3.15 (its issue #45) each "
    "relevant document (grade >= 1) adds its grade, not 1, so a grade above 1 weighs more than Moffat & Zobel's "
    "binary relevance",
    "average reciprocal hit rate": "average_reciprocal_hit_rate is 'mrr' (mean over queries): ARHR@k = MRR@k where "
    "each query has exactly one relevant document, the leave-one-out protocol ARHR was defined on (Deshpande & "
    "Karypis 2004); other examples are skipped (DOMAINS). No sample_weight",
}


#: rbp has no cutoff and no residual in ranx
SUPPORTS = {"rank_biased_precision": {"k": lambda value: value is None,
                                      "residual": lambda value: value is False}}

#: Qrels and Run take dicts natively; TREC lines would go through pandas (Qrels.from_df), not taken here
INPUT_FORMS = {"qrels_runs": True, "qrels_lines": False}

#: hits is CG@k where a relevant document's gain is 1; mrr is ARHR where one document per query is relevant
DOMAINS = {"cumulative_gain_at_k": {"where": binary_grades},
           "average_reciprocal_hit_rate": {"where": one_relevant_per_query}}


def _queries(y_true, y_score):
    grades, scores, single = grades_and_scores(y_true, y_score)
    if not np.all(grades == np.round(grades)):
        raise ValueError("y_true: ranx qrels take integer grades")
    return grades.astype(np.int64), scores, single


def _evaluate(metric, y_true, y_score, k):
    grades, scores, single = _queries(y_true, y_score)
    n_queries, n_docs = grades.shape
    qids = [f"q{q:06d}" for q in range(n_queries)]
    dids = [f"d{d:06d}" for d in range(n_docs)]
    qrels = Qrels({qid: {dids[d]: int(grades[q, d]) for d in range(n_docs)} for q, qid in enumerate(qids)})
    run = Run({qid: {dids[d]: float(scores[q, d]) for d in range(n_docs)} for q, qid in enumerate(qids)})
    name = metric if k is None else f"{metric}@{min(k, n_docs) if k >= 1 else k}"
    values = np.asarray(library_call(evaluate, qrels, run, name, return_mean=False, threads=1), dtype=float)
    return values, single


def _mapping(metric, qrels, run, k, judged_not_run="drop", *, mean=False):
    """ranx on qrels and a run given as dicts: query -> value, or the mean."""
    if judged_not_run not in ("drop", "zero"):
        raise ValueError(f"judged_not_run: expected 'drop' or 'zero', got {judged_not_run!r}")
    name = metric if k is None else f"{metric}@{k}"
    ranx_run = Run(run)
    value = library_call(evaluate, Qrels(qrels), ranx_run, name, return_mean=mean, threads=1,
                         make_comparable=judged_not_run == "zero")
    if mean:
        return float(value)
    return {q: float(v) for q, v in ranx_run.scores[name].items()}


def _per_query(metric, y_true, y_score, k):
    if isinstance(y_true, dict):
        return _mapping(metric, y_true, y_score, k)
    values, single = _evaluate(metric, y_true, y_score, k)
    return float(values[0]) if single else values


def _mean(metric, y_true, y_score, k, judged_not_run="drop"):
    if isinstance(y_true, dict):
        return _mapping(metric, y_true, y_score, k, judged_not_run, mean=True)
    values, _ = _evaluate(metric, y_true, y_score, k)
    return float(values.mean())


def _gain_metric(base, gain):
    if gain == "linear":
        return base
    if gain == "exponential":
        return f"{base}_burges"
    raise ValueError(f"gain: unknown gain {gain!r}")


def precision_at_k(y_true, y_score=None, *, k=None):
    return _per_query("precision", y_true, y_score, k)


def recall_at_k(y_true, y_score=None, *, k=None):
    return _per_query("recall", y_true, y_score, k)


def average_precision_at_k(y_true, y_score=None, *, k=None):
    return _per_query("map", y_true, y_score, k)


def mean_average_precision(y_true, y_score=None, *, k=None, judged_not_run="drop"):
    return _mean("map", y_true, y_score, k, judged_not_run)


def reciprocal_rank(y_true, y_score=None, *, k=None):
    return _per_query("mrr", y_true, y_score, k)


def mean_reciprocal_rank(y_true, y_score=None, *, k=None, judged_not_run="drop"):
    return _mean("mrr", y_true, y_score, k, judged_not_run)


def hit_rate_at_k(y_true, y_score=None, *, k=None, judged_not_run="drop"):
    return _mean("hit_rate", y_true, y_score, k, judged_not_run)


def average_reciprocal_hit_rate(y_true, y_score=None, *, k=None):
    return _mean("mrr", y_true, y_score, k)


def dcg_at_k(y_true, y_score=None, *, k=None, gain="linear"):
    return _per_query(_gain_metric("dcg", gain), y_true, y_score, k)


def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear"):
    return _per_query(_gain_metric("ndcg", gain), y_true, y_score, k)


def r_precision(y_true, y_score=None):
    return _per_query("r-precision", y_true, y_score, None)


def bpref(y_true, y_score=None):
    return _per_query("bpref", y_true, y_score, None)


def success_at_k(y_true, y_score=None, *, k=None):
    return _per_query("hit_rate", y_true, y_score, k)


def cumulative_gain_at_k(y_true, y_score=None, *, k=None):
    return _per_query("hits", y_true, y_score, k)


def rank_biased_precision(y_true, y_score=None, *, p=0.8, k=None, residual=False):
    del k, residual  # None and False only (SUPPORTS)
    digits = repr(float(p)) if isinstance(p, (int, float)) and not isinstance(p, bool) else ""
    if not digits.startswith("0."):
        raise ValueError(f"p: ranx names the persistence by its decimal digits (rbp.8 for 0.8), got {p!r}")
    return _per_query(f"rbp.{digits[2:]}", y_true, y_score, None)
