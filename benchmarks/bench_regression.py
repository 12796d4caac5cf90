"""Regression metrics against scikit-learn and the memory-bandwidth floor.

Run: ``.venv/bin/python -m benchmarks.bench_regression [--quick] [--breadth-only]``.
Floors: ``dot`` = one ``np.dot(d, d)`` over a precomputed residual ``d`` (the
issue's target: MSE and R2 at 1e7 within 1.5x of it); ``residual+dot`` = the
least any MSE must do from the two inputs (subtract, then dot). The breadth table
(issue 32) times the percentage errors, pinball loss, deviances, D² scores and the
concordance correlation at 1e6 against scikit-learn and torchmetrics (float64 tensors
sharing the NumPy buffers, one thread), where each has the metric.
"""

from __future__ import annotations

import argparse

import numpy as np
from sklearn import metrics as skm

import metrics
from benchmarks.timing import best_time, fmt_seconds, print_table

PAIRS = [
    ("mean_squared_error", skm.mean_squared_error),
    ("mean_absolute_error", skm.mean_absolute_error),
    ("r2", skm.r2_score),
    ("explained_variance", skm.explained_variance_score),
    ("median_absolute_error", skm.median_absolute_error),
]


def _breadth_peers():
    """catalog name -> (keywords, {peer: callable(y_true, y_pred)}) for the issue-32 metrics."""
    try:
        import torch
        from torchmetrics.functional import regression as tm

        torch.set_num_threads(1)
    except ImportError:  # torchmetrics is an optional peer
        tm = None

    def torch_call(fn, **kw):
        return lambda yt, yp: fn(torch.from_numpy(yp), torch.from_numpy(yt), **kw)

    table = {
        "mean_absolute_percentage_error": ({}, skm.mean_absolute_percentage_error, "mean_absolute_percentage_error", {}),
        "weighted_mean_absolute_percentage_error": ({}, None, "weighted_mean_absolute_percentage_error", {}),
        "symmetric_mean_absolute_percentage_error": ({}, None, "symmetric_mean_absolute_percentage_error", {}),
        "max_error": ({}, skm.max_error, None, {}),
        "mean_pinball_loss": ({"alpha": 0.9}, skm.mean_pinball_loss, None, {}),
        "mean_tweedie_deviance": ({"power": 1.5}, skm.mean_tweedie_deviance, "tweedie_deviance_score", {"power": 1.5}),
        "mean_poisson_deviance": ({}, skm.mean_poisson_deviance, "tweedie_deviance_score", {"power": 1.0}),
        "mean_gamma_deviance": ({}, skm.mean_gamma_deviance, "tweedie_deviance_score", {"power": 2.0}),
        "d2_absolute_error": ({}, skm.d2_absolute_error_score, None, {}),
        "d2_pinball": ({"alpha": 0.9}, skm.d2_pinball_score, None, {}),
        "d2_tweedie": ({"power": 1.5}, skm.d2_tweedie_score, None, {}),
        "concordance_corrcoef": ({}, None, "concordance_corrcoef", {}),
    }
    out = {}
    for name, (kw, sk, tm_name, tm_kw) in table.items():
        peers = {}
        if sk is not None:
            peers["sklearn"] = lambda yt, yp, sk=sk, kw=kw: sk(yt, yp, **kw)
        if tm is not None and tm_name is not None:
            peers["torchmetrics"] = torch_call(getattr(tm, tm_name), **tm_kw)
        out[name] = (kw, peers)
    return out


def breadth(n: int = 1_000_000) -> None:
    rng = np.random.default_rng(0)
    y_true = rng.gamma(2.0, size=n) + 0.01  # positive: every deviance's domain
    y_pred = y_true * rng.lognormal(sigma=0.3, size=n)
    rows = []
    for name, (kw, peers) in _breadth_peers().items():
        ours = best_time(lambda: getattr(metrics, name)(y_true, y_pred, **kw), repeat=1)
        row = {"metric": name, "ours": fmt_seconds(ours)}
        times = {}
        for peer, call in peers.items():
            times[peer] = best_time(lambda: call(y_true, y_pred), repeat=1)
            row[peer] = fmt_seconds(times[peer])
            row[f"ours/{peer}"] = f"{ours / times[peer]:.2f}"
        if times:
            row["ours/fastest"] = f"{ours / min(times.values()):.2f}"
        rows.append(row)
    print_table(f"regression breadth at n = {n:.0e}: ours vs the peers that have the metric (one run each)", rows,
                ["metric", "ours", "sklearn", "torchmetrics", "ours/sklearn", "ours/torchmetrics", "ours/fastest"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--breadth-only", action="store_true", help="only the issue-32 metrics at 1e6")
    args = parser.parse_args()
    if args.breadth_only:
        breadth()
        return
    sizes = [10, 1_000] if args.quick else [10, 1_000, 1_000_000, 10_000_000]
    rng = np.random.default_rng(0)
    rows, floors = [], []
    for n in sizes:
        y_true = rng.normal(size=n)
        y_pred = y_true + rng.normal(scale=0.3, size=n)
        residual = y_pred - y_true
        repeat = 5 if n <= 1_000_000 else 3
        dot = best_time(lambda: np.dot(residual, residual), repeat=repeat)
        sub_dot = best_time(lambda: np.dot(d := y_pred - y_true, d), repeat=repeat)
        floors.append({"n": f"{n:.0e}", "dot (residual precomputed)": fmt_seconds(dot),
                       "residual+dot (from the two inputs)": fmt_seconds(sub_dot),
                       "ratio": f"{sub_dot / dot:.2f}"})
        for name, peer in PAIRS:
            ours = best_time(lambda: getattr(metrics, name)(y_true, y_pred), repeat=repeat)
            theirs = best_time(lambda: peer(y_true, y_pred), repeat=repeat)
            rows.append({
                "metric": name, "n": f"{n:.0e}", "ours": fmt_seconds(ours), "sklearn": fmt_seconds(theirs),
                "ours/sklearn": f"{ours / theirs:.2f}", "ours/dot": f"{ours / dot:.2f}",
                "ours/(residual+dot)": f"{ours / sub_dot:.2f}",
            })
    print_table("floors: np.dot(r, r) with r precomputed; r = y_pred - y_true then np.dot(r, r)", floors,
                ["n", "dot (residual precomputed)", "residual+dot (from the two inputs)", "ratio"])
    print_table("regression: ours vs scikit-learn vs floors", rows,
                ["metric", "n", "ours", "sklearn", "ours/sklearn", "ours/dot", "ours/(residual+dot)"])
    if not args.quick:
        breadth()


if __name__ == "__main__":
    main()
