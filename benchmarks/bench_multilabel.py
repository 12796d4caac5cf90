"""Multilabel metrics: ours vs scikit-learn vs torchmetrics (CPU, float32) on one indicator problem.

Run: ``.venv/bin/python -m benchmarks.bench_multilabel [--quick]`` (``--quick``: 1e3 x 100 only; otherwise
1e3, 1e4 and 1e5 rows: 1e5, 1e6 and 1e7 cells).

Inputs: n samples x 100 labels, each label true with probability 0.1; y_pred flips 10% of
the cells; scores are y_true + 0.8 * uniform noise (ties rare). Each library gets the same
arrays through its adapter in ``reference/`` (torchmetrics: float32 tensors, threshold 0.5),
so the conversion each adapter does is part of its time. One best-of-3 run per cell. A library without
a metric (scikit-learn has no label-wise accuracy, specificity, NPV, multilabel MCC, stat scores, EER, per-label
curves, log-AUC nor operating points) shows "-". The per-label EER, curves and operating points are torchmetrics'
thresholds=None forms (every distinct score).
"""

from __future__ import annotations

import argparse
import warnings

import numpy as np

import metrics as ours
from benchmarks.timing import best_time, fmt_seconds, print_table

L = 100


def make_inputs(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    y_true = (rng.random((n, L)) < 0.1).astype(np.int64)
    y_pred = y_true ^ (rng.random((n, L)) < 0.1)
    y_score = y_true + 0.8 * rng.random((n, L))
    return y_true, y_pred.astype(np.int64), y_score


def calls(lib, y_true, y_pred, y_score):
    return {
        "multilabel_f1 micro": lambda: lib.multilabel_f1(y_true, y_pred, average="micro"),
        "multilabel_f1 macro": lambda: lib.multilabel_f1(y_true, y_pred, average="macro"),
        "label_ranking_average_precision": lambda: lib.label_ranking_average_precision(y_true, y_score),
        "multilabel_accuracy macro": lambda: lib.multilabel_accuracy(y_true, y_pred, average="macro"),
        "multilabel_specificity macro": lambda: lib.multilabel_specificity(y_true, y_pred, average="macro"),
        "multilabel_negative_predictive_value macro":
            lambda: lib.multilabel_negative_predictive_value(y_true, y_pred, average="macro"),
        "multilabel_matthews_corrcoef": lambda: lib.multilabel_matthews_corrcoef(y_true, y_pred),
        "multilabel_stat_scores none": lambda: lib.multilabel_stat_scores(y_true, y_pred, average=None),
        "multilabel_equal_error_rate none": lambda: lib.multilabel_equal_error_rate(y_true, y_score, average=None),
        "multilabel_roc_curve": lambda: lib.multilabel_roc_curve(y_true, y_score),
        "multilabel_precision_recall_curve": lambda: lib.multilabel_precision_recall_curve(y_true, y_score),
        "multilabel_log_auc none": lambda: lib.multilabel_log_auc(y_true, y_score, average=None),
        "multilabel_recall_at_fixed_precision 0.8":
            lambda: lib.multilabel_recall_at_fixed_precision(y_true, y_score, min_precision=0.8),
        "multilabel_sensitivity_at_specificity 0.8":
            lambda: lib.multilabel_sensitivity_at_specificity(y_true, y_score, min_specificity=0.8),
    }


def _provides(lib, label: str) -> bool:
    return hasattr(lib, label.split()[0])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    libraries = {"ours": ours}
    for name in ("sklearn", "torchmetrics"):
        try:
            libraries[name] = __import__(f"reference.{name}", fromlist=["_"])
        except ImportError:
            pass
    rows = []
    for n in ((1_000,) if args.quick else (1_000, 10_000, 100_000)):
        inputs = make_inputs(n)
        timed = {lib: {m: best_time(fn, repeat=3, min_seconds=0.05) for m, fn in calls(mod, *inputs).items()
                       if _provides(mod, m)}
                 for lib, mod in libraries.items()}
        for metric in timed["ours"]:
            row = {"metric": metric, "n x labels": f"{n:.0e} x {L}", "ours": fmt_seconds(timed["ours"][metric])}
            for lib in libraries:
                if lib != "ours":
                    has = metric in timed[lib]
                    row[lib] = fmt_seconds(timed[lib][metric]) if has else "-"
                    row[f"{lib} / ours"] = f"{timed[lib][metric] / timed['ours'][metric]:.2f}" if has else "-"
            rows.append(row)
    columns = ["metric", "n x labels", "ours", *(c for lib in libraries if lib != "ours" for c in (lib, f"{lib} / ours"))]
    print_table("multilabel metrics: best per-call time, and each peer's time over ours", rows, columns)


if __name__ == "__main__":
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        main()
