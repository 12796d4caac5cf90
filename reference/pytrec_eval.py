"""pytrec_eval (Python bindings of NIST's trec_eval) under the catalog's ranking names.

Each call turns the catalog's arrays into the dicts trec_eval users build:
qrels ``{query: {document: grade}}`` with every document judged (grade 0
included, integer grades) and a run ``{query: {document: score}}``; one
:class:`pytrec_eval.RelevanceEvaluator` per (qrels, measure) evaluates every
query of the batch in one ``evaluate`` call. Cutoffs are passed per call as
measure strings (``"P.3"``, ``"ndcg_cut.3"``, ...), so any k is evaluated, not
only trec_eval's default cutoff list. Evaluators are cached (the qrels are
parsed once per batch and measure) and reused across calls.

Names provided: precision_at_k (P.k), recall_at_k (recall.k),
average_precision_at_k / mean_average_precision (map_cut.k, or map without a
cutoff), reciprocal_rank / mean_reciprocal_rank (recip_rank, with success.k
for a cutoff, see CONVENTIONS), average_reciprocal_hit_rate (the same mean of
recip_rank, on queries with exactly one relevant document only: see CONVENTIONS),
success_at_k and hit_rate_at_k (success.k), ndcg_at_k
(ndcg_cut.k, or ndcg without a cutoff; linear gain only), r_precision (Rprec)
and bpref (bpref). fall_out_at_k is not provided: trec_eval 9 has no fall-out
measure (its list: pytrec_eval.supported_measures). dcg_at_k is not
provided: trec_eval has no DCG measure (only nDCG, and G / binG, undiscounted
normalised gains), and DCG = nDCG x ideal DCG would need the adapter to compute
the ideal DCG itself.
"""

from __future__ import annotations

import functools
from importlib.metadata import version as _version

import numpy as np
import pytrec_eval

from properties.engine.vocabulary.reproduce import library_call  # the library's own call, under the adapter's, in reproductions

from ._ranked_queries import one_relevant_per_query

TARGET_NAME = "pytrec_eval"
VERSION = getattr(pytrec_eval, "__version__", None) or _version("pytrec-eval-terrier")
CONVENTIONS = {
    "library": "pytrec-eval-terrier (pytrec_eval with the trec_eval 9.x C code), RelevanceEvaluator.evaluate",
    "relevance": "relevance_level=1: a document is relevant when its grade >= 1, the catalog's grade > 0 for "
    "integer grades; qrels take integers only, so the adapter refuses non-integer grades (pytrec_eval itself "
    "raises TypeError 'Expected relevance to be integer.' on a float)",
    "ties": "trec_eval ranks by score descending, then by document id descending (strcmp). Document i (0-based "
    "input index) of a query of n is named 'd' + zero-padded (n - 1 - i), so tied documents are ranked in input "
    "order: the catalog's ties='first'. The catalog's ties='average' (the default) is not available: the "
    "adapter exposes no ties keyword",
    "k": "per-call measure strings: P.k, recall.k, map_cut.k, ndcg_cut.k, success.k, passed as given (not "
    "clipped to the number of documents). k=None -> no cutoff: map and ndcg without cutoff, P/recall/success "
    "at k = the number of documents",
    "precision@k": "trec_eval's P.k divides by k even when fewer than k documents are ranked (the catalog "
    "clips k to the list length and has no option for trec_eval's rule): not bridged, see the deviations",
    "reciprocal rank cutoff": "trec_eval's recip_rank has no cutoff (this build has no recip_rank_cut); RR@k "
    "is recip_rank x success.k, both from the same evaluate call: success.k is 1 exactly when the first "
    "relevant document is within the top k",
    "average reciprocal hit rate": "average_reciprocal_hit_rate is mean_reciprocal_rank's call (recip_rank, x "
    "success.k at a cutoff): ARHR@k = MRR@k where each query has exactly one relevant document, the leave-one-out "
    "protocol ARHR was defined on (Deshpande & Karypis 2004); other examples are skipped (DOMAINS). trec_eval "
    "has no measure summing 1/rank over every hit",
    "ndcg gain": "trec_eval's ndcg/ndcg_cut take the qrels grade as the gain (linear, Jarvelin & Kekalainen) "
    "with discount 1/log2(rank + 1), and count only grades > 0 (a negative grade has gain 0). gain='linear' "
    "only: exponential gain would need trec_eval's ndcg_p-style gain parameters, which pytrec_eval's measure "
    "parser does not accept",
    "average precision": "map / map_cut.k divide by every relevant document of the query (denominator='total')",
    "no relevant document": "recall, AP and nDCG are 0 (the catalog's no_relevant='zero'); no keyword exposed",
    "means": "mean_average_precision, mean_reciprocal_rank and hit_rate_at_k are "
    "pytrec_eval.compute_aggregated_measure (arithmetic mean) of the per-query values; no sample_weight",
    "ranked lists": "y_score=None is passed as strictly decreasing scores (the list order)",
    "mapping form": "qrels and runs given as dicts (INPUT_FORMS qrels_runs) are passed to RelevanceEvaluator as "
    "they are, one evaluator per call: per-query metrics return evaluate()'s query -> value, the means "
    "compute_aggregated_measure over every query evaluate() returns. k=None for P, recall and success: the longest "
    "run's length. pytrec_eval has no -c: judged_not_run is not provided",
    "shapes": "the dict input has no shape: the adapter refuses what it cannot convert (queries with no "
    "documents, ragged batches, scores whose shape differs from the grades), naming the argument; NaN and "
    "infinite scores are passed to trec_eval as they are",
}

SUPPORTS = {"ndcg_at_k": {"gain": ("linear",)}}

#: RelevanceEvaluator takes qrels and runs as dicts natively (not as TREC lines: no file reader in the bindings)
INPUT_FORMS = {"qrels_runs": True, "qrels_lines": False}

#: recip_rank is ARHR where one document per query is relevant
DOMAINS = {"average_reciprocal_hit_rate": {"where": one_relevant_per_query}}


def _queries(y_true, y_score):
    try:
        grades = np.asarray(y_true, dtype=float)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"y_true: expected a 1-D or rectangular 2-D array of grades ({exc})") from None
    single = grades.ndim == 1
    grades = np.atleast_2d(grades)
    if grades.ndim != 2 or grades.shape[1] == 0:
        raise ValueError(f"y_true: expected non-empty queries, got shape {np.shape(y_true)}")
    if y_score is None:
        scores = np.broadcast_to(np.arange(grades.shape[1], 0, -1, dtype=float), grades.shape)
    else:
        try:
            scores = np.asarray(y_score, dtype=float)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"y_score: expected an array of scores ({exc})") from None
        scores = scores[None, :] if single and scores.ndim == 1 else scores
        if scores.shape != grades.shape:
            raise ValueError(f"y_score: shape {scores.shape} does not match y_true's {grades.shape}")
    if not np.all(np.isfinite(grades)) or not np.all(grades == np.round(grades)):
        raise ValueError("y_true: trec_eval qrels take integer grades")
    return grades.astype(np.int64), scores, single


def _names(n_queries, n_docs):
    width = max(6, len(str(n_docs)))
    qids = [f"q{q:06d}" for q in range(n_queries)]
    # descending ids: trec_eval's tie-break (document id descending) keeps the input order
    dids = [f"d{n_docs - 1 - d:0{width}d}" for d in range(n_docs)]
    return qids, dids


@functools.lru_cache(maxsize=256)
def _evaluator(grades_bytes, shape, measures):
    grades = np.frombuffer(grades_bytes, dtype=np.int64).reshape(shape)
    qids, dids = _names(*shape)
    qrels = {qid: {dids[d]: int(grades[q, d]) for d in range(shape[1])} for q, qid in enumerate(qids)}
    return pytrec_eval.RelevanceEvaluator(qrels, set(measures))


def _evaluate(y_true, y_score, measures_for):
    """Per-query values of trec_eval measures: ``measures_for(n_docs)`` gives the measure strings."""
    grades, scores, single = _queries(y_true, y_score)
    n_queries, n_docs = grades.shape
    measures = measures_for(n_docs)
    qids, dids = _names(n_queries, n_docs)
    run = {qid: {dids[d]: float(scores[q, d]) for d in range(n_docs)} for q, qid in enumerate(qids)}
    evaluator = _evaluator(grades.tobytes(), grades.shape, tuple(sorted(measures)))
    results = library_call(evaluator.evaluate, run)
    missing = [qid for qid in qids if qid not in results]
    if missing:
        raise ValueError(f"y_true: pytrec_eval returned no result for queries {missing}")
    # pytrec_eval reports "P.3" as P_3
    values = [np.array([results[qid][m.replace(".", "_")] for qid in qids], dtype=float) for m in measures]
    return values, measures, single


def _is_mapping(y_true) -> bool:
    return isinstance(y_true, dict)


def _mapping(y_true, y_score, k, measure, uncut=None):
    """query -> value of one trec_eval measure on qrels and a run given as dicts, and the measure's name."""
    if k is None:
        name = uncut or f"{measure}.{max([len(docs) for docs in y_score.values()] or [1]) or 1}"
    else:
        name = f"{measure}.{k}"
    evaluator = library_call(pytrec_eval.RelevanceEvaluator, y_true, {name})
    results = library_call(evaluator.evaluate, y_score)
    key = name.replace(".", "_")
    return {q: float(values[key]) for q, values in results.items()}, name


def _mapping_mean(values, name):
    return _mean(name, list(values.values()))


def _values(y_true, y_score, k, measure, uncut=None):
    """Per-query values of one trec_eval measure at cutoff k (``uncut``: its name without a cutoff)."""

    def measures_for(n_docs):
        if k is None:
            return [uncut or f"{measure}.{n_docs}"]
        return [f"{measure}.{k}"]

    (values,), (name,), single = _evaluate(y_true, y_score, measures_for)
    return values, single, name


def _per_query(values, single):
    return float(values[0]) if single else values


def _mean(measure, values):
    return pytrec_eval.compute_aggregated_measure(measure, [float(v) for v in values])


def precision_at_k(y_true, y_score=None, *, k=None):
    if _is_mapping(y_true):
        return _mapping(y_true, y_score, k, "P")[0]
    values, single, _ = _values(y_true, y_score, k, "P")
    return _per_query(values, single)


def recall_at_k(y_true, y_score=None, *, k=None):
    if _is_mapping(y_true):
        return _mapping(y_true, y_score, k, "recall")[0]
    values, single, _ = _values(y_true, y_score, k, "recall")
    return _per_query(values, single)


def average_precision_at_k(y_true, y_score=None, *, k=None):
    if _is_mapping(y_true):
        return _mapping(y_true, y_score, k, "map_cut", uncut="map")[0]
    values, single, _ = _values(y_true, y_score, k, "map_cut", uncut="map")
    return _per_query(values, single)


def mean_average_precision(y_true, y_score=None, *, k=None):
    if _is_mapping(y_true):
        return _mapping_mean(*_mapping(y_true, y_score, k, "map_cut", uncut="map"))
    values, _, measure = _values(y_true, y_score, k, "map_cut", uncut="map")
    return _mean(measure, values)


def _reciprocal_rank(y_true, y_score, k):
    if _is_mapping(y_true):
        rr, _ = _mapping(y_true, y_score, None, "recip_rank", uncut="recip_rank")
        if k is not None:
            success, _ = _mapping(y_true, y_score, k, "success")
            rr = {q: v * success[q] for q, v in rr.items()}
        return rr, None
    if k is None:
        (rr,), _, single = _evaluate(y_true, y_score, lambda n_docs: ["recip_rank"])
        return rr, single
    (rr, success), _, single = _evaluate(y_true, y_score, lambda n_docs: ["recip_rank", f"success.{k}"])
    return rr * success, single


def reciprocal_rank(y_true, y_score=None, *, k=None):
    if _is_mapping(y_true):
        return _reciprocal_rank(y_true, y_score, k)[0]
    return _per_query(*_reciprocal_rank(y_true, y_score, k))


def mean_reciprocal_rank(y_true, y_score=None, *, k=None):
    if _is_mapping(y_true):
        return _mapping_mean(_reciprocal_rank(y_true, y_score, k)[0], "recip_rank")
    values, _ = _reciprocal_rank(y_true, y_score, k)
    return _mean("recip_rank", values)


def average_reciprocal_hit_rate(y_true, y_score=None, *, k=None):
    return mean_reciprocal_rank(y_true, y_score, k=k)


def hit_rate_at_k(y_true, y_score=None, *, k=None):
    if _is_mapping(y_true):
        return _mapping_mean(*_mapping(y_true, y_score, k, "success"))
    values, _, measure = _values(y_true, y_score, k, "success")
    return _mean(measure, values)


def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear"):
    if gain != "linear":
        raise ValueError(f"gain: trec_eval's ndcg has linear gain only, got {gain!r}")
    if _is_mapping(y_true):
        return _mapping(y_true, y_score, k, "ndcg_cut", uncut="ndcg")[0]
    values, single, _ = _values(y_true, y_score, k, "ndcg_cut", uncut="ndcg")
    return _per_query(values, single)


def r_precision(y_true, y_score=None):
    if _is_mapping(y_true):
        return _mapping(y_true, y_score, None, "Rprec", uncut="Rprec")[0]
    (values,), _, single = _evaluate(y_true, y_score, lambda n_docs: ["Rprec"])
    return _per_query(values, single)


def bpref(y_true, y_score=None):
    (values,), _, single = _evaluate(y_true, y_score, lambda n_docs: ["bpref"])
    return _per_query(values, single)


def success_at_k(y_true, y_score=None, *, k=None):
    if _is_mapping(y_true):
        return _mapping(y_true, y_score, k, "success")[0]
    values, single, _ = _values(y_true, y_score, k, "success")
    return _per_query(values, single)
