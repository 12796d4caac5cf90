"""R-precision, bpref, fall-out@10, ERR@10, success@10, ARHR@10 and percentile rank against their fastest peers.

Run: ``.venv/bin/python -m benchmarks.bench_retrieval [--quick]``.

The inputs of ``bench_ranking`` (grades 0..3, scores rounded to one decimal: many ties). Peers, on the same arrays:

* ranx ``evaluate`` with ``r-precision`` and ``bpref`` (objects built beforehand, numba warmed up; ranx breaks
  ties arbitrarily, ours averages over them);
* pytrec_eval ``RelevanceEvaluator`` with ``Rprec`` and ``bpref`` (evaluator built beforehand; the run dict is
  built per call, as a user would);
* torchmetrics ``RetrievalFallOut(top_k=10)`` on flat tensors with query indexes (one call for every query);
* ranx ``hit_rate@10`` (per query: success@10);
* ERR@10 (max grade 4, gdeval's fixed $MAX_JUDGMENT; ours with ties='first', the order gdeval gets here):
  ir-measures' gdeval provider, ``ir_measures.gdeval.calc_aggregate([ERR@10], qrels, run)`` on the dicts built
  beforehand, which writes them to files and runs ``gdeval.pl`` with perl (where perl is missing, no row);
* ARHR@10 on its defining domain, the leave-one-out protocol: the same scores with exactly one relevant
  document per query (the first of the highest grade), where ARHR@10 = MRR@10 (each peer's reciprocal rank cut at
  10: ranx ``mrr@10``, objects built; pytrec_eval ``recip_rank`` x ``success.10``, evaluator built, run dict per
  call; ir-measures' msmarco provider ``RR@10`` on the dicts; torchmetrics ``RetrievalMRR(top_k=10)``, one call);
* the expected percentile rank with ``percentile='over_n'`` on binary grades (grade > 0): RecPack
  ``PercentileRanking().calculate(csr_matrix(y_true), csr_matrix(y_score))``, matrices built beforehand (it pools
  the users; ours gives one value per query, the work is the same ranking);
* the floor: one ``np.argsort`` of the scores.
"""

from __future__ import annotations

import numpy as np

from benchmarks.bench_ranking import ranx_objects, sized_inputs
from benchmarks.timing import best_time, fmt_seconds, print_table
from metrics import (
    average_reciprocal_hit_rate,
    bpref,
    expected_percentile_rank,
    expected_reciprocal_rank,
    fall_out_at_k,
    r_precision,
    success_at_k,
)

try:
    from ranx import evaluate
except ImportError:  # optional peer
    evaluate = None
try:
    import pytrec_eval
except ImportError:  # optional peer
    pytrec_eval = None
try:
    import torch
    from torchmetrics.retrieval import RetrievalFallOut, RetrievalMRR
except ImportError:  # optional peer
    torch = None
try:
    import shutil

    import ir_measures
    from ir_measures import ERR, RR

    has_perl = shutil.which("perl") is not None  # gdeval.pl runs under perl
except ImportError:  # optional peer
    ir_measures = None
try:
    from recpack.metrics import PercentileRanking
    from scipy.sparse import csr_matrix
except ImportError:  # optional peer (installed by make with --no-deps)
    PercentileRanking = None


def one_relevant_per_query(grades: np.ndarray) -> np.ndarray:
    """The leave-one-out form of ``grades``: one relevant document per query (grade 1), the first of its highest
    grade; the other documents 0."""
    held_out = np.zeros_like(grades)
    held_out[np.arange(grades.shape[0]), np.argmax(grades, axis=1)] = 1.0
    return held_out


def _dicts(grades, scores, *, relevant_only=False):
    """trec-style qrels and run dicts of the arrays (query 0.., numeric as gdeval.pl reads them; document d0..)."""
    qids, dids = [str(q) for q in range(grades.shape[0])], [f"d{d}" for d in range(grades.shape[1])]
    qrels = {q: {d: int(g) for d, g in zip(dids, row) if g > 0 or not relevant_only} for q, row in zip(qids, grades)}
    return qids, dids, qrels, {q: dict(zip(dids, map(float, row))) for q, row in zip(qids, scores)}


def main(argv=None) -> None:
    _, n_queries, n_docs, grades, scores = sized_inputs(argv, __doc__.splitlines()[0])
    repeat = 3
    held_out = one_relevant_per_query(grades)
    binary = (grades > 0).astype(float)
    t = {"floor: np.argsort": best_time(lambda: np.argsort(-scores, axis=1), repeat=repeat)}
    #: label -> (seconds, the catalog metric it measures (the key of `ours` its ratio is taken against))
    ours = {
        "r_precision": best_time(lambda: r_precision(grades, scores), repeat=repeat),
        "bpref": best_time(lambda: bpref(grades, scores), repeat=repeat),
        "fall_out_at_k": best_time(lambda: fall_out_at_k(grades, scores, k=10), repeat=repeat),
        "expected_reciprocal_rank": best_time(lambda: expected_reciprocal_rank(grades, scores, k=10, max_grade=3),
                                              repeat=repeat),
        "success_at_k": best_time(lambda: success_at_k(grades, scores, k=10), repeat=repeat),
        "average_reciprocal_hit_rate": best_time(lambda: average_reciprocal_hit_rate(grades, scores, k=10),
                                                 repeat=repeat),
        "expected_percentile_rank": best_time(lambda: expected_percentile_rank(grades, scores), repeat=repeat),
    }
    labels = {name: f"ours {name} (ties {'pessimistic' if name == 'expected_reciprocal_rank' else 'averaged'})"
              for name in ours}
    # the configurations the peers compute: ERR with gdeval's max grade 4, ARHR on one relevant document per
    # query, the percentile over n on binary grades
    ours["err_max_grade_4"] = best_time(
        lambda: expected_reciprocal_rank(grades, scores, k=10, max_grade=4, ties="first"), repeat=repeat)
    labels["err_max_grade_4"] = "ours expected_reciprocal_rank k=10, max_grade=4, ties='first'"
    ours["arhr_one_relevant"] = best_time(lambda: average_reciprocal_hit_rate(held_out, scores, k=10), repeat=repeat)
    labels["arhr_one_relevant"] = "ours average_reciprocal_hit_rate k=10, one relevant per query (ties averaged)"
    ours["percentile_over_n"] = best_time(lambda: expected_percentile_rank(binary, scores, percentile="over_n"),
                                          repeat=repeat)
    labels["percentile_over_n"] = "ours expected_percentile_rank percentile='over_n', binary grades (ties averaged)"
    t.update({labels[name]: seconds for name, seconds in ours.items()})
    peer_of = {}

    def peer(label, seconds, name):
        t[label] = seconds
        peer_of[label] = name

    if evaluate is not None:
        qrels, run = ranx_objects(grades, scores)
        evaluate(qrels, run, ["r-precision", "bpref", "hit_rate@10"])  # numba JIT warm-up, not timed
        for metric, name in (("r-precision", "r_precision"), ("bpref", "bpref"), ("hit_rate@10", "success_at_k")):
            peer(f"ranx evaluate {metric} (objects built)",
                 best_time(lambda metric=metric: evaluate(qrels, run, metric), repeat=repeat), name)
        loo_qrels, loo_run = ranx_objects(held_out, scores)
        evaluate(loo_qrels, loo_run, "mrr@10")  # warm-up
        peer("ranx evaluate mrr@10, one relevant per query (objects built)",
             best_time(lambda: evaluate(loo_qrels, loo_run, "mrr@10"), repeat=repeat), "arhr_one_relevant")
    if pytrec_eval is not None:
        qids, dids, qrels_dict, _ = _dicts(grades, scores)
        for measures, name, what in (({"Rprec"}, "r_precision", "Rprec"), ({"bpref"}, "bpref", "bpref"),
                                     ({"recip_rank", "success.10"}, "arhr_one_relevant",
                                      "recip_rank x success.10, one relevant per query")):
            evaluator = pytrec_eval.RelevanceEvaluator(
                _dicts(held_out, scores)[2] if name == "arhr_one_relevant" else qrels_dict, measures)
            peer(f"pytrec_eval {what} (evaluator built, run dict per call)",
                 best_time(lambda ev=evaluator: ev.evaluate(
                     {q: dict(zip(dids, map(float, row))) for q, row in zip(qids, scores)}), repeat=1,
                     min_seconds=0.0), name)
    if ir_measures is not None:
        _, _, loo_qrels_dict, run_dict = _dicts(held_out, scores)
        peer("ir-measures msmarco RR@10, one relevant per query (dicts built)",
             best_time(lambda: ir_measures.msmarco.calc_aggregate([RR @ 10], loo_qrels_dict, run_dict), repeat=1,
                       min_seconds=0.0), "arhr_one_relevant")
        if has_perl:
            _, _, qrels_dict, run_dict = _dicts(grades, scores)
            peer("ir-measures gdeval ERR@10 (perl gdeval.pl, dicts built)",
                 best_time(lambda: ir_measures.gdeval.calc_aggregate([ERR @ 10], qrels_dict, run_dict), repeat=1,
                           min_seconds=0.0), "err_max_grade_4")
    if torch is not None:
        preds = torch.from_numpy(scores.astype(np.float32).reshape(-1))
        target = torch.from_numpy(grades.reshape(-1) > 0)
        indexes = torch.arange(n_queries).repeat_interleave(n_docs)
        peer("torchmetrics RetrievalFallOut(top_k=10), one call",
             best_time(lambda: RetrievalFallOut(top_k=10)(preds, target, indexes=indexes), repeat=1, min_seconds=0.0),
             "fall_out_at_k")
        held_out_target = torch.from_numpy(held_out.reshape(-1) > 0)
        peer("torchmetrics RetrievalMRR(top_k=10), one relevant per query, one call",
             best_time(lambda: RetrievalMRR(top_k=10)(preds, held_out_target, indexes=indexes), repeat=1,
                       min_seconds=0.0), "arhr_one_relevant")
    if PercentileRanking is not None:
        y_true, y_pred = csr_matrix(binary), csr_matrix(scores)

        def recpack_percentile():
            metric = PercentileRanking()
            metric.calculate(y_true, y_pred)
            return metric.value

        peer("RecPack PercentileRanking (csr matrices built)", best_time(recpack_percentile, repeat=repeat),
             "percentile_over_n")
    floor = t["floor: np.argsort"]
    rows = []
    for label, seconds in t.items():
        name = peer_of.get(label) or next((n for n, own in labels.items() if own == label), None)
        rows.append({"what": label, "time": fmt_seconds(seconds),
                     "ours / this": "" if name is None else f"{ours[name] / seconds:.3f}",
                     "this / floor": f"{seconds / floor:.1f}"})
    print_table(f"R-precision, bpref, fall-out@10, ERR@10, success@10, ARHR@10, percentile rank: {n_queries:,} queries "
                f"x {n_docs} documents (grades 0..3, tied scores)", rows, ["what", "time", "ours / this", "this / floor"])


if __name__ == "__main__":
    main()
