"""Correlation coefficients against scipy.stats, and Kendall's tau scaling.

Run: ``.venv/bin/python -m benchmarks.bench_correlation [--quick]``.
Targets (issue 3): Spearman at 1e6 >= 3x faster than ``scipy.stats.spearmanr``;
Kendall tau-b O(n log n): the time per n log2 n stays flat as n grows 100x.
"""

from __future__ import annotations

import argparse
import math
import warnings

import numpy as np
from scipy import stats

import metrics
from benchmarks.timing import best_time, fmt_seconds, print_table

PEERS = {
    "pearson": lambda x, y: stats.pearsonr(x, y).statistic,
    "spearman": lambda x, y: stats.spearmanr(x, y).statistic,
    "kendall_tau": lambda x, y: stats.kendalltau(x, y).statistic,
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    sizes = [10, 1_000] if args.quick else [10, 1_000, 1_000_000, 10_000_000]
    rng = np.random.default_rng(0)
    rows = []
    for n in sizes:
        x = rng.normal(size=n)
        y = x + rng.normal(size=n)
        big = n >= 10_000_000
        for name, peer in PEERS.items():
            kw = dict(repeat=1, min_seconds=0.0) if big else dict(repeat=3 if n >= 1_000_000 else 5)
            ours = best_time(lambda: getattr(metrics, name)(x, y), **kw)
            theirs = best_time(lambda: peer(x, y), **kw)
            rows.append({"metric": name, "n": f"{n:.0e}", "ours": fmt_seconds(ours), "scipy": fmt_seconds(theirs),
                         "scipy/ours (speed-up)": f"{theirs / ours:.2f}"})
    print_table("correlation: ours vs scipy.stats", rows, ["metric", "n", "ours", "scipy", "scipy/ours (speed-up)"])

    scaling = []
    kendall_sizes = [1_000, 10_000, 100_000] if args.quick else [10_000, 100_000, 1_000_000, 4_000_000]
    for n in kendall_sizes:
        x = rng.integers(0, n // 4 + 1, size=n).astype(float)  # with ties
        y = x + rng.normal(size=n)
        kw = dict(repeat=1 if n >= 1_000_000 else 3, min_seconds=0.0)
        t = best_time(lambda: metrics.kendall_tau(x, y), **kw)
        peer = best_time(lambda: PEERS["kendall_tau"](x, y), **kw)
        scaling.append({"n": f"{n:.0e}", "kendall_tau": fmt_seconds(t), "scipy": fmt_seconds(peer),
                        "ours/scipy": f"{t / peer:.2f}",
                        "ns per n log2 n": f"{t / (n * math.log2(n)) * 1e9:.2f}",
                        "ns per n^2": f"{t / n ** 2 * 1e9:.5f}"})
    print_table("kendall_tau scaling on tied data (flat 'per n log2 n' = O(n log n))", scaling,
                ["n", "kendall_tau", "scipy", "ours/scipy", "ns per n log2 n", "ns per n^2"])


if __name__ == "__main__":
    main()
