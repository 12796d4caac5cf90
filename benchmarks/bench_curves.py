"""Threshold metrics against scikit-learn and the floor of one sort.

Run: ``.venv/bin/python -m benchmarks.bench_curves [--quick] [--torchmetrics-only]``.
Floor: ``argsort`` = one ``np.argsort(y_score)`` (the issue's target: ROC AUC and AP
at 1e7 within 1.2x of it). Inputs: binary labels with prevalence 0.3 and
continuous scores (label + Gaussian noise), so nearly every score is distinct.
At 1e7 each scikit-learn call takes seconds, so it is timed once after a warm-up.

The operating points and log AUC, which scikit-learn lacks, are timed against torchmetrics'
binary_* functions (CPU, one thread as the adapter sets it) up to 1e6, on float32/int64 tensors
built outside the timing (``ours/torchmetrics`` < 1: ours is faster).
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
#: catalog name, keywords, torchmetrics.functional.classification function name
VS_TORCHMETRICS = [
    ("recall_at_fixed_precision", {"min_precision": 0.8}, "binary_recall_at_fixed_precision"),
    ("precision_at_fixed_recall", {"min_recall": 0.8}, "binary_precision_at_fixed_recall"),
    ("sensitivity_at_specificity", {"min_specificity": 0.8}, "binary_sensitivity_at_specificity"),
    ("specificity_at_sensitivity", {"min_sensitivity": 0.8}, "binary_specificity_at_sensitivity"),
    ("log_auc", {}, "binary_logauc"),
]
OURS_ONLY = [
    ("equal_error_rate", {}),
    ("average_precision", {"interpolation": "all_points"}),
    ("average_precision", {"interpolation": "11_points"}),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--torchmetrics-only", action="store_true",
                        help="only the operating points and log AUC against torchmetrics")
    args = parser.parse_args()
    sizes = [10, 10_000] if args.quick else [10, 10_000, 1_000_000, 10_000_000]
    rng = np.random.default_rng(0)
    if args.torchmetrics_only:
        torchmetrics_rows(sizes, rng)
        return
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
    torchmetrics_rows(sizes, rng)


def torchmetrics_rows(sizes, rng) -> None:
    """The metrics scikit-learn lacks, against torchmetrics, up to 1e6 samples."""
    try:
        import torch
        from torchmetrics.functional import classification as tm
    except ImportError:
        print("torchmetrics is not installed: the operating points and log AUC are not compared")
        return
    torch.set_num_threads(1)
    rows = []
    for n in [n for n in sizes if n <= 1_000_000]:
        y_true = (rng.random(n) < 0.3).astype(np.int64)
        y_true[:2] = (0, 1)
        y_score = 1 / (1 + np.exp(-(y_true + rng.normal(size=n))))  # probabilities: no auto-sigmoid in torchmetrics
        preds, target = torch.from_numpy(y_score.astype(np.float32)), torch.from_numpy(y_true)
        repeat = 3 if n >= 1_000_000 else 5
        for name, kwargs, theirs_name in VS_TORCHMETRICS:
            theirs_fn = getattr(tm, theirs_name)
            ours = best_time(lambda: getattr(metrics, name)(y_true, y_score, **kwargs), repeat=repeat, min_seconds=0.2)
            theirs = best_time(lambda: theirs_fn(preds, target, *kwargs.values()), repeat=repeat, min_seconds=0.2)
            rows.append({"metric": name, "n": f"{n:.0e}", "ours": fmt_seconds(ours),
                         "torchmetrics": fmt_seconds(theirs), "ours/torchmetrics": f"{ours / theirs:.2f}"})
    print_table("curves: ours vs torchmetrics (float32 tensors, 1 thread)", rows,
                ["metric", "n", "ours", "torchmetrics", "ours/torchmetrics"])


if __name__ == "__main__":
    main()
