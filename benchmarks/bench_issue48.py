"""The metrics of issue 48 (points 1 and 2) against their peers at 1e6 samples, one run each, as ratios.

Run: ``.venv/bin/python -m benchmarks.bench_issue48``.

- macro-averaged MAE of 1e6 ordinal labels (5 classes, 70% exact): against the catalog's plain MAE (the floor of
  one pass) and imbalanced-learn's ``macro_averaged_mean_absolute_error`` (a scikit-learn MAE per class);
- rank-biased precision of one query of 1e6 scored documents: against the catalog's NDCG (one sort of the same
  query) and ranx's ``rbp.8`` (its Qrels and Run built from dicts: included, as its adapter pays it);
- the trapezoid PR area of 1e6 scores: against the catalog's step AP (the same sort and counts) and
  scikit-learn's ``auc(recall, precision)`` over its ``precision_recall_curve``;
- ROUGE-W, ROUGE-S (any distance and max_skip = 4) and ROUGE-SU of 1e6 tokens (25,000 pairs of 20-token
  sentences): against the catalog's ROUGE-L and rouge-score's rougeL on the same pairs.
"""

from __future__ import annotations

import time
import warnings

import numpy as np

import metrics as ours
from benchmarks.timing import fmt_seconds, print_table

N = 1_000_000


def once(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def row(name, t_ours, peers: dict) -> dict:
    out = {"metric": name, "ours": fmt_seconds(t_ours)}
    for peer, t in peers.items():
        out[peer] = fmt_seconds(t)
        out[f"ours/{peer}"] = f"{t_ours / t:.2f}"
    return out


def classification_rows(rng) -> list[dict]:
    y_true = rng.integers(0, 5, N)
    y_pred = np.where(rng.random(N) < 0.7, y_true, rng.integers(0, 5, N))
    from imblearn.metrics import macro_averaged_mean_absolute_error as imblearn_mae

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t_imblearn = once(lambda: imblearn_mae(y_true, y_pred))
    return [row("macro_averaged_mean_absolute_error",
                once(lambda: ours.macro_averaged_mean_absolute_error(y_true, y_pred)),
                {"mean_absolute_error": once(lambda: ours.mean_absolute_error(y_true, y_pred)),
                 "imblearn": t_imblearn})]


def ranking_rows(rng) -> list[dict]:
    grades = (rng.random(N) < 0.01).astype(np.int64)
    scores = rng.random(N)
    from ranx import Qrels, Run, evaluate

    def ranx_rbp():
        ids = [f"d{i}" for i in range(N)]
        qrels = Qrels({"q": {d: int(g) for d, g in zip(ids, grades) if g}})
        run = Run({"q": dict(zip(ids, scores.tolist()))})
        return evaluate(qrels, run, "rbp.8", threads=1)

    return [row("rank_biased_precision", once(lambda: ours.rank_biased_precision(grades, scores)),
                {"ndcg_at_k": once(lambda: ours.ndcg_at_k(grades, scores)), "ranx": once(ranx_rbp)})]


def curve_rows(rng) -> list[dict]:
    y = (rng.random(N) < 0.1).astype(np.int64)
    s = rng.random(N) + 0.3 * y
    from sklearn import metrics as skm

    def sklearn_auc():
        p, r, _ = skm.precision_recall_curve(y, s)
        return skm.auc(r, p)

    return [row(f"average_precision:{variant}", once(lambda: ours.average_precision(y, s, interpolation=variant)),
                {"step AP": once(lambda: ours.average_precision(y, s)), "sklearn auc": once(sklearn_auc)})
            for variant in ("trapezoid", "trapezoid_zero_start")]


def text_rows(rng) -> list[dict]:
    vocab = [f"w{i}" for i in range(500)]
    pairs = [([vocab[i] for i in rng.integers(0, 500, 20)], [vocab[i] for i in rng.integers(0, 500, 20)])
             for _ in range(N // 40)]
    from rouge_score import rouge_scorer

    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)
    texts = [(" ".join(r), " ".join(h)) for r, h in pairs]
    peers = {"rouge_l": once(lambda: [ours.rouge_l([r], h) for r, h in pairs]),
             "rouge_score rougeL": once(lambda: [scorer.score(r, h) for r, h in texts])}
    calls = {"rouge_w": lambda r, h: ours.rouge_w([r], h), "rouge_s": lambda r, h: ours.rouge_s([r], h),
             "rouge_s (max_skip=4)": lambda r, h: ours.rouge_s([r], h, max_skip=4),
             "rouge_su": lambda r, h: ours.rouge_su([r], h)}
    return [row(name, once(lambda call=call: [call(r, h) for r, h in pairs]), peers) for name, call in calls.items()]


def main() -> None:
    rng = np.random.default_rng(0)
    for title, rows in (("classification, 1e6 labels", classification_rows(rng)),
                        ("ranking, one query of 1e6 documents", ranking_rows(rng)),
                        ("curves, 1e6 scores", curve_rows(rng)),
                        ("text, 1e6 tokens (25,000 pairs of 20-token sentences)", text_rows(rng))):
        print_table(title, rows, list(rows[0]))


if __name__ == "__main__":
    main()
