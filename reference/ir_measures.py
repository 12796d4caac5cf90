"""ir-measures (one measure syntax over several IR evaluation tools) under the catalog's ranking names.

ir-measures parses a measure (``P@3``, ``nDCG(dcg='exp-log2')@5``, ``ERR@10``) and hands it to a *provider*,
a wrapper of one evaluation tool; ``ir_measures.calc`` tries them in the order of ``DefaultPipeline``. The
adapter names the provider of each measure (``ir_measures.<provider>.calc(measures, qrels, run)``: the
per-query values; ``.calc_aggregate`` for the means), so the audit sees one tool per catalog name, and where
the measure has a provider other than pytrec_eval (already a bundled target) that one is used:

* msmarco (ir-measures' own Python, from the MS MARCO evaluation script): reciprocal_rank and
  mean_reciprocal_rank (``RR``, ``RR@k``), and average_reciprocal_hit_rate as the same mean of ``RR@k`` on
  queries with exactly one relevant document only (the leave-one-out protocol ARHR was defined on, where ARHR@k
  = MRR@k; DOMAINS);
* gdeval (the TREC 2010 Web track's ``gdeval.pl``, shipped in ir-measures and run with ``perl``):
  expected_reciprocal_rank (``ERR@k``) and ndcg_at_k with gain='exponential' (``nDCG(dcg='exp-log2')@k``,
  the provider ``DefaultPipeline`` picks for it);
* pytrec_eval (trec_eval's C code): precision_at_k (``P@k``), recall_at_k (``R@k``),
  average_precision_at_k / mean_average_precision (``AP``, ``AP@k``), hit_rate_at_k / success_at_k
  (``Success@k``), ndcg_at_k with gain='linear' (``nDCG``, ``nDCG@k``), r_precision (``Rprec``) and bpref
  (``Bpref``). ir-measures' ranx provider also declares P, R, AP, nDCG, Rprec and Success, but it cannot
  run here (see CONVENTIONS "providers"), and cwl_eval and trectools, which declare P, AP, RR, Rprec, nDCG
  and Bpref too, are not installed.

Each call turns the catalog's arrays into the dicts ir-measures takes: qrels ``{query: {document: grade}}``
with every document judged (grade 0 included) and a run ``{query: {document: score}}``. Not provided:
dcg_at_k and cumulative_gain_at_k (ir-measures has no unnormalised DCG; alpha_DCG is pyndeval's diversity
measure), fall_out_at_k, average_recall_at_k / mean_average_recall, expected_percentile_rank and
personalized_at_k (no such measure).
"""

from __future__ import annotations

from importlib.metadata import version as _version

import ir_measures
import numpy as np
from ir_measures import AP, ERR, RR, Bpref, P, R, Rprec, Success, nDCG

from properties.engine.vocabulary.reproduce import library_call  # the library's own call, under the adapter's, in reproductions

from ._ranked_queries import grades_and_scores, one_relevant_per_query

TARGET_NAME = "ir_measures"
VERSION = getattr(ir_measures, "__version__", None) or _version("ir-measures")
CONVENTIONS = {
    "library": "ir-measures: each measure computed by one named provider, ir_measures.<provider>.calc "
    "(per-query values) or .calc_aggregate (means)",
    "providers": "msmarco: RR, RR@k. gdeval (perl + ir_measures/bin/gdeval.pl): ERR@k, nDCG(dcg='exp-log2')@k. "
    "pytrec_eval: P@k, R@k, AP, AP@k, Success@k, nDCG, nDCG@k (dcg='log2', linear gain), Rprec, Bpref. Not used: "
    "ranx (declares P, R, AP, nDCG, Rprec, Success, but with ranx 0.3.21 and pandas 3 every call fails: "
    "ir_measures.ranx.calc([P@2], qrels, run) -> AssertionError 'DataFrame Query IDs column dtype must be "
    "`object` (string)' in ranx.Qrels.from_df, the query ids being pandas' str dtype), cwl_eval (needs the "
    "cwl-eval package), trectools (needs the trectools package; left out of DefaultPipeline as 'buggy'), "
    "pyndeval (needs the pyndeval package; diversity measures only)",
    "default pipeline": "ir_measures.calc (DefaultPipeline) would pick the same providers except for RR without a "
    "cutoff, which it gives to pytrec_eval (recip_rank); RR@k goes to msmarco, nDCG(dcg='exp-log2')@k and ERR@k "
    "to gdeval",
    "relevance": "rel=1 (the measures' default): a document is relevant when its grade >= 1, the catalog's grade "
    "> 0 for integer grades; qrels take integer grades, so the adapter refuses non-integer grades",
    "ties": "each provider orders tied scores by document id: pytrec_eval and gdeval descending, msmarco "
    "ascending (sorted by (-score, doc_id)). Documents are named so that each provider's tie order is the "
    "input order: the catalog's ties='first' (ERR's default ties='pessimistic' and the others' 'average' are "
    "not available: the adapter exposes no ties keyword)",
    "k": "the cutoff is the measure's (P@k, RR@k, ...), passed as given; k=None -> no cutoff where the measure "
    "has a cutoff-free form (AP, RR, nDCG), else k = the number of documents (P, R, Success, and gdeval's "
    "ERR and nDCG, which require a cutoff)",
    "precision@k": "P@k (trec_eval) divides by k even when fewer than k documents are ranked",
    "ndcg gain": "gain='linear': nDCG (dcg='log2', the grade as the gain, pytrec_eval); gain='exponential': "
    "nDCG(dcg='exp-log2') (gain 2^grade - 1, gdeval, which takes grades up to 4 only)",
    "err": "ERR@k by gdeval: stopping probability (2^grade - 1) / 2^4, the catalog's max_grade=4 (gdeval's "
    "$MAX_JUDGMENT, fixed): the only max_grade supported",
    "average precision": "AP / AP@k divide by every relevant document of the query (denominator='total')",
    "means": "mean_average_precision, mean_reciprocal_rank and hit_rate_at_k are the measure's calc_aggregate "
    "(arithmetic mean over the queries of the qrels); no sample_weight",
    "average reciprocal hit rate": "average_reciprocal_hit_rate is mean_reciprocal_rank's call (msmarco RR@k, "
    "calc_aggregate): ARHR@k = MRR@k where each query has exactly one relevant document, the leave-one-out "
    "protocol ARHR was defined on (Deshpande & Karypis 2004); other examples are skipped (DOMAINS). No provider "
    "sums 1/rank over every hit",
    "ranked lists": "y_score=None is passed as strictly decreasing scores (the list order)",
    "mapping form": "qrels and runs given as dicts (INPUT_FORMS qrels_runs) are passed to the provider as they are; "
    "TREC lines (qrels_lines) as ir_measures.Qrel(query_id, doc_id, relevance) and ScoredDoc(query_id, doc_id, "
    "score) tuples. Per-query metrics return calc's per_query as query -> value, the means calc_aggregate. k=None "
    "for P, R and Success: the longest run's length. No provider option for trec_eval's -c: judged_not_run is not "
    "provided",
    "shapes": "the dict input has no shape: the adapter refuses what it cannot convert (queries with no "
    "documents, ragged batches, scores whose shape differs from the grades), naming the argument; NaN and "
    "infinite scores are passed on as they are",
}

SUPPORTS = {"expected_reciprocal_rank": {"max_grade": (4,)}}

#: ir-measures takes qrels and runs as dicts and as iterables of Qrel / ScoredDoc tuples natively
INPUT_FORMS = {"qrels_runs": True, "qrels_lines": True}

#: RR@k averaged is ARHR@k where one document per query is relevant
DOMAINS = {"average_reciprocal_hit_rate": {"where": one_relevant_per_query}}

#: the provider of each measure, and whether it breaks ties by document id descending
_PYTREC_EVAL = (ir_measures.pytrec_eval, True)
_MSMARCO = (ir_measures.msmarco, False)
_GDEVAL = (ir_measures.gdeval, True)


def _queries(y_true, y_score):
    arrays = {}
    for name, value in (("y_true", y_true), ("y_score", y_score)):
        try:
            arrays[name] = None if value is None else np.asarray(value, dtype=float)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{name}: expected a 1-D or rectangular 2-D array ({exc})") from None
    grades, scores, single = grades_and_scores(arrays["y_true"], arrays["y_score"])
    if not np.all(np.isfinite(grades)) or not np.all(grades == np.round(grades)):
        raise ValueError("y_true: ir-measures' qrels take integer grades")
    return grades.astype(np.int64), scores, single


def _qrels_and_run(grades, scores, descending):
    n_queries, n_docs = grades.shape
    width = max(6, len(str(max(n_queries, n_docs))))
    # gdeval reads numeric query ids only; document names put each provider's tie-break in input order
    qids = [f"{q:0{width}d}" for q in range(n_queries)]
    dids = [f"d{(n_docs - 1 - d) if descending else d:0{width}d}" for d in range(n_docs)]
    qrels = {qid: {dids[d]: int(grades[q, d]) for d in range(n_docs)} for q, qid in enumerate(qids)}
    run = {qid: {dids[d]: float(scores[q, d]) for d in range(n_docs)} for q, qid in enumerate(qids)}
    return qids, qrels, run


def _is_mapping_form(y_true) -> bool:
    return isinstance(y_true, dict) or (isinstance(y_true, list) and bool(y_true) and isinstance(y_true[0], tuple)
                                        and len(y_true[0]) == 3 and isinstance(y_true[0][0], str))


def _native(qrels, run):
    """Qrels and a run in the forms ir-measures takes: dicts as they are, TREC lines as Qrel / ScoredDoc tuples."""
    if isinstance(qrels, list):
        qrels = [ir_measures.Qrel(q, d, g) for q, d, g in qrels]
    if isinstance(run, list):
        run = [ir_measures.ScoredDoc(q, d, s) for q, d, s in run]
    return qrels, run


def _longest_run(run) -> int:
    if isinstance(run, dict):
        return max([len(docs) for docs in run.values()] or [1]) or 1
    counts: dict = {}
    for q, _, _ in run:
        counts[q] = counts.get(q, 0) + 1
    return max(counts.values(), default=1)


def _mapping(provider, measure_for, y_true, y_score, *, mean=False):
    tool, _ = provider
    measure = measure_for(_longest_run(y_score))
    qrels, run = _native(y_true, y_score)
    if mean:
        return float(library_call(tool.calc_aggregate, [measure], qrels, run)[measure])
    return {m.query_id: float(m.value) for m in library_call(tool.calc, [measure], qrels, run).per_query}


def _per_query(provider, measure_for, y_true, y_score):
    """Per-query values of the measure ``measure_for(n_docs)``, as a float (1-D input) or an array."""
    if _is_mapping_form(y_true):
        return _mapping(provider, measure_for, y_true, y_score)
    grades, scores, single = _queries(y_true, y_score)
    tool, descending = provider
    measure = measure_for(grades.shape[1])
    qids, qrels, run = _qrels_and_run(grades, scores, descending)
    by_query = {m.query_id: m.value for m in library_call(tool.calc, [measure], qrels, run).per_query}
    missing = [qid for qid in qids if qid not in by_query]
    if missing:
        raise ValueError(f"y_true: ir-measures returned no value of {measure} for queries {missing}")
    values = np.array([by_query[qid] for qid in qids], dtype=float)
    return float(values[0]) if single else values


def _mean(provider, measure_for, y_true, y_score):
    if _is_mapping_form(y_true):
        return _mapping(provider, measure_for, y_true, y_score, mean=True)
    grades, scores, _ = _queries(y_true, y_score)
    tool, descending = provider
    measure = measure_for(grades.shape[1])
    _, qrels, run = _qrels_and_run(grades, scores, descending)
    return float(library_call(tool.calc_aggregate, [measure], qrels, run)[measure])


def _cut(measure, k, *, uncut=False):
    """``measure@k``; k=None: the measure itself (``uncut``) or measure@(number of documents)."""
    if k is None:
        return (lambda n_docs: measure) if uncut else (lambda n_docs: measure @ n_docs)
    return lambda n_docs: measure @ k


def precision_at_k(y_true, y_score=None, *, k=None):
    return _per_query(_PYTREC_EVAL, _cut(P, k), y_true, y_score)


def recall_at_k(y_true, y_score=None, *, k=None):
    return _per_query(_PYTREC_EVAL, _cut(R, k), y_true, y_score)


def average_precision_at_k(y_true, y_score=None, *, k=None):
    return _per_query(_PYTREC_EVAL, _cut(AP, k, uncut=True), y_true, y_score)


def mean_average_precision(y_true, y_score=None, *, k=None):
    return _mean(_PYTREC_EVAL, _cut(AP, k, uncut=True), y_true, y_score)


def reciprocal_rank(y_true, y_score=None, *, k=None):
    return _per_query(_MSMARCO, _cut(RR, k, uncut=True), y_true, y_score)


def mean_reciprocal_rank(y_true, y_score=None, *, k=None):
    return _mean(_MSMARCO, _cut(RR, k, uncut=True), y_true, y_score)


def average_reciprocal_hit_rate(y_true, y_score=None, *, k=None):
    return mean_reciprocal_rank(y_true, y_score, k=k)


def success_at_k(y_true, y_score=None, *, k=None):
    return _per_query(_PYTREC_EVAL, _cut(Success, k), y_true, y_score)


def hit_rate_at_k(y_true, y_score=None, *, k=None):
    return _mean(_PYTREC_EVAL, _cut(Success, k), y_true, y_score)


def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear"):
    if gain == "linear":
        return _per_query(_PYTREC_EVAL, _cut(nDCG, k, uncut=True), y_true, y_score)
    if gain == "exponential":
        return _per_query(_GDEVAL, _cut(nDCG(dcg="exp-log2"), k), y_true, y_score)
    raise ValueError(f"gain: unknown gain {gain!r}")


def r_precision(y_true, y_score=None):
    return _per_query(_PYTREC_EVAL, lambda n_docs: Rprec, y_true, y_score)


def bpref(y_true, y_score=None):
    return _per_query(_PYTREC_EVAL, lambda n_docs: Bpref, y_true, y_score)


def expected_reciprocal_rank(y_true, y_score=None, *, k=None, max_grade=4):
    if max_grade != 4:
        raise ValueError(f"max_grade: gdeval's ERR has a maximum grade of 4 ($MAX_JUDGMENT), got {max_grade!r}")
    return _per_query(_GDEVAL, _cut(ERR, k), y_true, y_score)
