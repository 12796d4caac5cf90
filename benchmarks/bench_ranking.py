"""Ranking metrics against scikit-learn, ranx, cornac and implicit: NDCG@10 and MAP on 10,000 queries x 100 documents.

Run: ``.venv/bin/python -m benchmarks.bench_ranking [--quick]``.

Grades are integers 0..3 and scores are rounded to one decimal, so every query
has many tied scores: the tie handling is exercised, not bypassed.

Peers, on the same arrays:

* scikit-learn ``ndcg_score`` (default ``ignore_ties=False``: tie-averaged, the
  same convention as our default) and ``ignore_ties=True`` (no tie handling);
  ``label_ranking_average_precision_score`` for MAP (no cutoff, binary relevance);
* ranx ``evaluate`` with ``ndcg@10`` / ``map@10`` (ranx breaks ties arbitrarily);
  its time includes building ``Qrels``/``Run`` from the arrays, reported apart;
* cornac ``NDCG(k=10)`` (binary gain) and ``MAP()`` (no cutoff, rankdata 'max' ties), one ``compute`` per
  user as cornac's evaluation calls them; NDCG's time includes each user's argsort;
* implicit ``ranking_metrics_at_k(model, train, test, K=10)``, which computes precision, MAP (denominator
  min(K, relevant)), NDCG (binary gain) and AUC in one pass over the users, its model being the adapter's
  stand-in (``reference.implicit.RankedScores``: a stable argsort of each batch of users' scores, as
  implicit's own models rank item factors); the time includes the stand-in's ranking and the sparse test matrix;
* our cumulative_gain_at_k and personalized_at_k (popular: the 10 documents with the most relevant grades),
  which no peer computes: rows against the floor only;
* the floor: one ``np.argsort`` of the scores, which any ranking metric needs.
"""

from __future__ import annotations

import argparse

import numpy as np
from sklearn import metrics as skm

from benchmarks.timing import best_time, fmt_seconds, print_table
from metrics import cumulative_gain_at_k, mean_average_precision, ndcg_at_k, personalized_at_k

try:
    from ranx import Qrels, Run, evaluate
except ImportError:  # optional peer
    Qrels = None

try:
    from cornac import metrics as cornac_metrics
except ImportError:  # optional peer
    cornac_metrics = None

try:
    from implicit.evaluation import ranking_metrics_at_k
    from scipy.sparse import csr_matrix

    from reference.implicit import RankedScores
except ImportError:  # optional peer
    ranking_metrics_at_k = None


def make_inputs(n_queries: int, n_docs: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    grades = rng.integers(0, 4, size=(n_queries, n_docs)).astype(float)
    scores = np.round(rng.random((n_queries, n_docs)), 1)  # about 11 distinct values: many ties
    return grades, scores


def ranx_objects(grades, scores):
    qids = [f"q{q}" for q in range(grades.shape[0])]
    dids = [f"d{d}" for d in range(grades.shape[1])]
    qrels = Qrels({q: {d: int(g) for d, g in zip(dids, row) if g > 0} or {dids[0]: 0} for q, row in zip(qids, grades)})
    run = Run({q: dict(zip(dids, map(float, row))) for q, row in zip(qids, scores)})
    return qrels, run


def sized_inputs(argv, description: str):
    """(args, n_queries, n_docs, grades, scores) from the command line: ``--quick`` for 500 queries, else 10,000."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    args = parser.parse_args(argv)
    n_queries, n_docs = (500, 100) if args.quick else (10_000, 100)
    return (args, n_queries, n_docs, *make_inputs(n_queries, n_docs))


def main(argv=None) -> None:
    args, n_queries, n_docs, grades, scores = sized_inputs(argv, __doc__.splitlines()[0])
    binary = grades > 0
    repeat = 3 if args.quick else 3
    t = {}
    t["floor: np.argsort"] = best_time(lambda: np.argsort(-scores, axis=1), repeat=repeat)
    t["ours ndcg_at_k k=10 (ties averaged)"] = best_time(lambda: ndcg_at_k(grades, scores, k=10), repeat=repeat)
    t["ours ndcg_at_k k=10 ties='first'"] = best_time(
        lambda: ndcg_at_k(grades, scores, k=10, ties="first"), repeat=repeat
    )
    t["sklearn ndcg_score k=10 (ties averaged)"] = best_time(
        lambda: skm.ndcg_score(grades, scores, k=10), repeat=1, min_seconds=0.0
    )
    t["sklearn ndcg_score k=10 ignore_ties"] = best_time(
        lambda: skm.ndcg_score(grades, scores, k=10, ignore_ties=True), repeat=repeat
    )
    t["ours mean_average_precision k=10"] = best_time(
        lambda: mean_average_precision(grades, scores, k=10), repeat=repeat
    )
    t["ours mean_average_precision (all docs)"] = best_time(
        lambda: mean_average_precision(grades, scores), repeat=repeat
    )
    t["ours cumulative_gain_at_k k=10 (ties averaged)"] = best_time(
        lambda: cumulative_gain_at_k(grades, scores, k=10), repeat=repeat)
    popular = np.zeros(n_docs, dtype=bool)
    popular[np.argsort(-binary.sum(axis=0), kind="stable")[:10]] = True
    t["ours personalized_at_k k=10, 10 popular (ties averaged)"] = best_time(
        lambda: personalized_at_k(grades, scores, popular=popular, k=10), repeat=repeat)
    t["sklearn LRAP (all docs, ties pessimistic)"] = best_time(
        lambda: skm.label_ranking_average_precision_score(binary, scores), repeat=1, min_seconds=0.0
    )
    if Qrels is not None:
        qrels, run = ranx_objects(grades, scores)
        evaluate(qrels, run, ["ndcg@10", "map@10"])  # numba JIT warm-up, not timed
        t["ranx: build Qrels + Run"] = best_time(lambda: ranx_objects(grades, scores), repeat=1, min_seconds=0.0)
        t["ranx evaluate ndcg@10 (objects built)"] = best_time(lambda: evaluate(qrels, run, "ndcg@10"), repeat=repeat)
        t["ranx evaluate map@10 (objects built)"] = best_time(lambda: evaluate(qrels, run, "map@10"), repeat=repeat)
    if cornac_metrics is not None:
        items = np.arange(n_docs)
        positives = [np.flatnonzero(row) for row in binary]
        ndcg, ap = cornac_metrics.NDCG(k=10), cornac_metrics.MAP()
        t["cornac NDCG(k=10) per user (binary gain)"] = best_time(
            lambda: [ndcg.compute(gt_pos=g, pd_rank=np.argsort(-s, kind="stable")) for g, s in zip(positives, scores)],
            repeat=1, min_seconds=0.0)
        t["cornac MAP per user (all docs, ties 'max')"] = best_time(
            lambda: [ap.compute(item_indices=items, pd_scores=s, gt_pos=g) for g, s in zip(positives, scores)],
            repeat=1, min_seconds=0.0)

    if ranking_metrics_at_k is not None:
        train = csr_matrix(grades.shape, dtype=np.float64)
        t["implicit ranking_metrics_at_k K=10: P, MAP, NDCG, AUC (stand-in model)"] = best_time(
            lambda: ranking_metrics_at_k(RankedScores(scores), train, csr_matrix(binary.astype(np.float64)), K=10,
                                         show_progress=False), repeat=1, min_seconds=0.0)

    ours_ndcg = t["ours ndcg_at_k k=10 (ties averaged)"]
    ours_map = t["ours mean_average_precision k=10"]
    floor = t["floor: np.argsort"]
    rows = []
    for name, seconds in t.items():
        is_map = "map" in name.lower() or "MAP" in name or "average_precision" in name or "LRAP" in name
        ours = ours_map if is_map else ours_ndcg
        rows.append(
            {
                "what": name,
                "time": fmt_seconds(seconds),
                "ours / this": f"{ours / seconds:.3f}",
                "this / floor": f"{seconds / floor:.1f}",
            }
        )
    print_table(
        f"NDCG@10 and MAP, {n_queries:,} queries x {n_docs} documents (grades 0..3, tied scores)",
        rows,
        ["what", "time", "ours / this", "this / floor"],
    )
    speedup = t["sklearn ndcg_score k=10 (ties averaged)"] / ours_ndcg
    print(f"\nours vs sklearn's default ndcg_score (both tie-averaged): {speedup:.1f}x faster (target >= 10x)")
    # the same numbers, so the comparison is fair
    ours = float(np.mean(ndcg_at_k(grades, scores, k=10)))
    theirs = skm.ndcg_score(grades, scores, k=10)
    print(f"mean NDCG@10: ours {ours:.12f}, sklearn {theirs:.12f}")


if __name__ == "__main__":
    main()
