"""Classification metrics: ours vs scikit-learn vs the floor of one np.bincount confusion matrix.

Run: ``.venv/bin/python -m benchmarks.bench_classification [--quick]`` (``--quick``: n = 10 and 1e3 only).

Inputs: integer labels in 5 classes, y_pred agreeing with y_true 70% of the time;
log_loss gets binary labels and 1-D positive-class probabilities, and log_loss (2-D)
the 5-class labels with an (n, 5) probability matrix whose rows sum to 1 (their ratios
to the bincount floor are shown for scale only). The floor is
``np.bincount(y_true * k + y_pred, minlength=k * k)``, the least work any of these
metrics can do. scikit-learn's specificity / FPR / NPV are the adapter's
(``reference.sklearn``: multilabel_confusion_matrix + sklearn's averaging).
Targets (issue 2): under 50 us per call at n = 10; within 1.5x the floor at n = 1e7.

A second table times ``log_loss`` on (n, k) probability matrices, k = 5 and 10,
against its own floor: each row's probability of its true class by integer
indexing (one flat ``take``), the row-sum check (``p @ ones``, |sum - 1| <=
1.5e-8) and a sum of logs (target, issue 4: within 1.5x at n = 1e6..1e7).

A third table (``--new`` runs it alone) times the metrics of issue 32 at n = 1e6, one run each,
against scikit-learn and torchmetrics where they have them (same inputs; torchmetrics through its
adapter: float32 tensors, the conversion included).
"""

from __future__ import annotations

import argparse
import warnings

import numpy as np

import metrics as ours
from benchmarks.timing import best_time, fmt_seconds, print_table

K = 5


def make_inputs(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, K, n)
    y_pred = np.where(rng.random(n) < 0.7, y_true, rng.integers(0, K, n))
    binary = (y_true > 1).astype(np.int64)
    proba = np.clip(0.5 + 0.4 * (2 * binary - 1) * rng.random(n), 0.01, 0.99)
    proba_2d = rng.random((n, K)) + 2.0 * (y_true[:, None] == np.arange(K))
    proba_2d /= proba_2d.sum(axis=1, keepdims=True)
    return y_true, y_pred, binary, proba, proba_2d


def calls(lib, y_true, y_pred, binary, proba, proba_2d):
    """name -> zero-argument call of that library's catalog function."""
    out = {"confusion_matrix": lambda: lib.confusion_matrix(y_true, y_pred), "accuracy": lambda: lib.accuracy(y_true, y_pred)}
    for name in ("precision", "recall", "f1", "specificity", "false_positive_rate", "false_negative_rate",
                 "negative_predictive_value"):
        out[name] = (lambda f: lambda: f(y_true, y_pred, average="macro"))(getattr(lib, name))
    out["fbeta"] = lambda: lib.fbeta(y_true, y_pred, beta=2.0, average="weighted")
    out["balanced_accuracy"] = lambda: lib.balanced_accuracy(y_true, y_pred)
    out["matthews_corrcoef"] = lambda: lib.matthews_corrcoef(y_true, y_pred)
    out["cohen_kappa"] = lambda: lib.cohen_kappa(y_true, y_pred, weights="quadratic")
    out["log_loss"] = lambda: lib.log_loss(binary, proba)
    out["log_loss (2-D)"] = lambda: lib.log_loss(y_true, proba_2d)
    return out


def log_loss_rows(n: int, k: int, timing: dict) -> dict:
    """One row of the (n, k) log-loss table: ours against the gather + check + log-sum floor."""
    rng = np.random.default_rng(k)
    y_true = rng.integers(0, k, n)
    y_true[:k] = np.arange(k)  # every class present (n >= 10 >= k here)
    proba = rng.random((n, k)) + 2.0 * (y_true[:, None] == np.arange(k))
    proba /= proba.sum(axis=1, keepdims=True)

    def floor():
        p_true = proba.reshape(-1).take(np.arange(0, n * k, k) + y_true)
        if not np.abs(proba @ np.ones(k) - 1.0).max() <= 1.5e-8:
            raise ValueError("rows do not sum to 1")
        return -np.log(p_true).sum() / n

    t_floor = best_time(floor, **timing)
    t_ours = best_time(lambda: ours.log_loss(y_true, proba), **timing)
    return {"n": f"{n:.0e}", "k": k, "ours": fmt_seconds(t_ours), "floor": fmt_seconds(t_floor),
            "ours/floor": f"{t_ours / t_floor:.2f}"}


def new_metric_calls(lib, y_true, y_pred, binary, proba, proba_2d) -> dict:
    """The issue-32 metrics (those ``lib`` provides): labels, 5-class probability rows, binary probabilities."""
    out = {
        "zero_one_loss": lambda: lib.zero_one_loss(y_true, y_pred),
        "hamming_loss": lambda: lib.hamming_loss(y_true, y_pred),
        "jaccard_score (macro)": lambda: lib.jaccard_score(y_true, y_pred, average="macro"),
        "top_k_accuracy (k=2)": lambda: lib.top_k_accuracy(y_true, proba_2d, k=2),
        "hinge_loss (2-D)": lambda: lib.hinge_loss(y_true, proba_2d),
        "class_likelihood_ratios": lambda: lib.class_likelihood_ratios(binary, (y_pred > 1).astype(np.int64)),
        "brier_score_loss (2-D)": lambda: lib.brier_score_loss(y_true, proba_2d),
        "d2_brier_score (2-D)": lambda: lib.d2_brier_score(y_true, proba_2d),
        "d2_log_loss_score (2-D)": lambda: lib.d2_log_loss_score(y_true, proba_2d),
        "expected_calibration_error (2-D)": lambda: lib.expected_calibration_error(y_true, proba_2d),
        "calibration_curve": lambda: lib.calibration_curve(binary, proba, n_bins=10),
    }
    return {name: call for name, call in out.items() if hasattr(lib, name.split(" ")[0])}


def new_metrics_table(n: int = 1_000_000) -> None:
    """One run of the issue-32 metrics at n against scikit-learn and torchmetrics (where each has them)."""
    import reference.sklearn as sk

    try:
        import reference.torchmetrics as tm
    except ImportError:  # torchmetrics is optional
        tm = None
    inputs = make_inputs(n)
    timing = dict(repeat=1, min_seconds=0.0)
    refs = {"sklearn": new_metric_calls(sk, *inputs), "torchmetrics": new_metric_calls(tm, *inputs) if tm else {}}
    rows = []
    for name, call in new_metric_calls(ours, *inputs).items():
        t_ours = best_time(call, **timing)
        row = {"metric": name, "ours": fmt_seconds(t_ours)}
        for lib, calls_ in refs.items():
            t = best_time(calls_[name], **timing) if name in calls_ else None
            row[lib] = fmt_seconds(t) if t else "-"
            row[f"ours/{lib}"] = f"{t_ours / t:.3f}" if t else "-"
        rows.append(row)
    print_table(f"issue 32 metrics at n = {n:,} (one run each; torchmetrics on float32 tensors, conversion included)",
                rows, ["metric", "ours", "sklearn", "ours/sklearn", "torchmetrics", "ours/torchmetrics"])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="n = 10 and 1e3 only")
    parser.add_argument("--new", action="store_true", help="only the issue-32 metrics at n = 1e6")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    if args.new:
        new_metrics_table()
        return
    import reference.sklearn as sk

    sizes = [10, 1_000] if args.quick else [10, 1_000, 1_000_000, 10_000_000]
    for n in sizes:
        inputs = make_inputs(n)
        y_true, y_pred = inputs[:2]
        big = n >= 1_000_000
        timing = dict(repeat=3, min_seconds=0.05) if big else dict(repeat=5, min_seconds=0.1)
        floor = best_time(lambda: np.bincount(y_true * K + y_pred, minlength=K * K), **timing)
        mine = calls(ours, *inputs)
        theirs = calls(sk, *inputs)
        rows = []
        total_ours = total_sk = 0.0
        for name, call in mine.items():
            t_ours = best_time(call, **timing)
            t_sk = best_time(theirs[name], repeat=1 if big else timing["repeat"], min_seconds=timing["min_seconds"])
            total_ours += t_ours
            total_sk += t_sk
            rows.append({"metric": name, "ours": fmt_seconds(t_ours), "sklearn": fmt_seconds(t_sk),
                         "ours/sklearn": f"{t_ours / t_sk:.3f}", "ours/floor": f"{t_ours / floor:.2f}"})
        rows.append({"metric": "(all)", "ours": fmt_seconds(total_ours), "sklearn": fmt_seconds(total_sk),
                     "ours/sklearn": f"{total_ours / total_sk:.3f}", "ours/floor": "-"})
        print_table(f"n = {n:,} (floor: one np.bincount confusion matrix = {fmt_seconds(floor).strip()})", rows,
                    ["metric", "ours", "sklearn", "ours/sklearn", "ours/floor"])
    rows = [log_loss_rows(n, k, dict(repeat=3, min_seconds=0.05) if n >= 1_000_000 else dict(repeat=5, min_seconds=0.1))
            for n in sizes[-2:] for k in (5, 10)]
    print_table("log_loss on (n, k) probabilities vs its floor (true-class gather + row-sum check + sum of logs)",
                rows, ["n", "k", "ours", "floor", "ours/floor"])
    if not args.quick:
        new_metrics_table()


if __name__ == "__main__":
    main()
