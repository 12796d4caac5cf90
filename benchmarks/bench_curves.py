"""Threshold metrics against scikit-learn and the floor of one sort.

Run: ``.venv/bin/python -m benchmarks.bench_curves [--quick]``.
Floor: ``argsort`` = one ``np.argsort(y_score)`` (the issue's target: ROC AUC and AP
at 1e7 within 1.2x of it). Inputs: binary labels with prevalence 0.3 and
continuous scores (label + Gaussian noise), so nearly every score is distinct.
At 1e7 each scikit-learn call takes seconds, so it is timed once after a warm-up.
"""

from __future__ import annotations

import argparse

import numpy as np
from sklearn import metrics as skm

import metrics
from benchmarks.timing import best_time, fmt_seconds, print_table

PAIRS = [
    ("roc_auc", skm.roc_auc_score),
    ("average_precision", skm.average_precision_score),
    ("roc_curve", lambda y, s: skm.roc_curve(y, s, drop_intermediate=False)),
    ("precision_recall_curve", skm.precision_recall_curve),
    ("det_curve", skm.det_curve),
]
OURS_ONLY = [
    ("equal_error_rate", {}),
    ("average_precision", {"interpolation": "all_points"}),
    ("average_precision", {"interpolation": "11_points"}),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    args = parser.parse_args()
    sizes = [10, 10_000] if args.quick else [10, 10_000, 1_000_000, 10_000_000]
    rng = np.random.default_rng(0)
    rows = []
    for n in sizes:
        y_true = (rng.random(n) < 0.3).astype(np.int64)
        y_true[:2] = (0, 1)  # both classes even at n = 10
        y_score = y_true + rng.normal(size=n)
        big = n >= 10_000_000
        repeat = 1 if big else (3 if n >= 1_000_000 else 5)
        floor = best_time(lambda: np.argsort(y_score), repeat=repeat, min_seconds=0 if big else 0.2)
        for name, peer in PAIRS:
            ours = best_time(lambda: getattr(metrics, name)(y_true, y_score), repeat=repeat,
                             min_seconds=0 if big else 0.2)
            theirs = best_time(lambda: peer(y_true, y_score), repeat=repeat, min_seconds=0 if big else 0.2)
            rows.append({
                "metric": name, "n": f"{n:.0e}", "ours": fmt_seconds(ours), "sklearn": fmt_seconds(theirs),
                "argsort": fmt_seconds(floor), "ours/sklearn": f"{ours / theirs:.2f}",
                "ours/argsort": f"{ours / floor:.2f}",
            })
        for name, kwargs in OURS_ONLY:
            ours = best_time(lambda: getattr(metrics, name)(y_true, y_score, **kwargs), repeat=repeat,
                             min_seconds=0 if big else 0.2)
            label = name + (f"[{kwargs['interpolation']}]" if kwargs else "")
            rows.append({"metric": label, "n": f"{n:.0e}", "ours": fmt_seconds(ours),
                         "argsort": fmt_seconds(floor), "ours/argsort": f"{ours / floor:.2f}"})
    print_table("curves: ours vs scikit-learn vs one argsort", rows,
                ["metric", "n", "ours", "sklearn", "argsort", "ours/sklearn", "ours/argsort"])


if __name__ == "__main__":
    main()
