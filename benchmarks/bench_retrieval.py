"""R-precision, bpref, fall-out@10, ERR@10, success@10, ARHR@10 and percentile rank against their fastest peers.

Run: ``.venv/bin/python -m benchmarks.bench_retrieval [--quick]``.

The inputs of ``bench_ranking`` (grades 0..3, scores rounded to one decimal: many ties). Peers, on the same arrays:

* ranx ``evaluate`` with ``r-precision`` and ``bpref`` (objects built beforehand, numba warmed up; ranx breaks
  ties arbitrarily, ours averages over them);
* pytrec_eval ``RelevanceEvaluator`` with ``Rprec`` and ``bpref`` (evaluator built beforehand; the run dict is
  built per call, as a user would);
* torchmetrics ``RetrievalFallOut(top_k=10)`` on flat tensors with query indexes (one call for every query);
* ranx ``hit_rate@10`` (per query: success@10);
* ERR, ARHR and the expected percentile rank have no peer here (none of the bundled libraries computes them):
  only the floor, one ``np.argsort``.
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
    from torchmetrics.retrieval import RetrievalFallOut
except ImportError:  # optional peer
    torch = None


def main(argv=None) -> None:
    _, n_queries, n_docs, grades, scores = sized_inputs(argv, __doc__.splitlines()[0])
    repeat = 3
    t = {"floor: np.argsort": best_time(lambda: np.argsort(-scores, axis=1), repeat=repeat)}
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
    t.update({f"ours {name} (ties {'pessimistic' if name == 'expected_reciprocal_rank' else 'averaged'})": s
              for name, s in ours.items()})
    peer_of = {}
    if evaluate is not None:
        qrels, run = ranx_objects(grades, scores)
        evaluate(qrels, run, ["r-precision", "bpref", "hit_rate@10"])  # numba JIT warm-up, not timed
        for metric, name in (("r-precision", "r_precision"), ("bpref", "bpref"), ("hit_rate@10", "success_at_k")):
            label = f"ranx evaluate {metric} (objects built)"
            t[label] = best_time(lambda metric=metric: evaluate(qrels, run, metric), repeat=repeat)
            peer_of[label] = name
    if pytrec_eval is not None:
        qids, dids = [f"q{q}" for q in range(n_queries)], [f"d{d}" for d in range(n_docs)]
        qrels_dict = {q: {d: int(g) for d, g in zip(dids, row)} for q, row in zip(qids, grades)}
        for measure, name in (("Rprec", "r_precision"), ("bpref", "bpref")):
            evaluator = pytrec_eval.RelevanceEvaluator(qrels_dict, {measure})
            label = f"pytrec_eval {measure} (evaluator built, run dict per call)"
            t[label] = best_time(lambda ev=evaluator: ev.evaluate(
                {q: dict(zip(dids, map(float, row))) for q, row in zip(qids, scores)}), repeat=1, min_seconds=0.0)
            peer_of[label] = name
    if torch is not None:
        preds = torch.from_numpy(scores.astype(np.float32).reshape(-1))
        target = torch.from_numpy(grades.reshape(-1) > 0)
        indexes = torch.arange(n_queries).repeat_interleave(n_docs)
        label = "torchmetrics RetrievalFallOut(top_k=10), one call"
        t[label] = best_time(lambda: RetrievalFallOut(top_k=10)(preds, target, indexes=indexes), repeat=1,
                             min_seconds=0.0)
        peer_of[label] = "fall_out_at_k"
    floor = t["floor: np.argsort"]
    rows = []
    for name, seconds in t.items():
        mine = next((ours[m] for m in ours if name.startswith(f"ours {m} ")), None)
        if name in peer_of:
            mine = ours[peer_of[name]]
        rows.append({"what": name, "time": fmt_seconds(seconds),
                     "ours / this": "" if mine is None else f"{mine / seconds:.3f}",
                     "this / floor": f"{seconds / floor:.1f}"})
    print_table(f"R-precision, bpref, fall-out@10, ERR@10, success@10, ARHR@10, percentile rank: {n_queries:,} queries x {n_docs} documents "
                "(grades 0..3, tied scores)", rows, ["what", "time", "ours / this", "this / floor"])


if __name__ == "__main__":
    main()
