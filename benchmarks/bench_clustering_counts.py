"""Clustering metrics comparing two labelings: ours vs scikit-learn, side by side in one run.

Run: ``.venv/bin/python -m benchmarks.bench_clustering_counts [--quick]`` (``--quick``: n <= 1e4 only).

Inputs: integer labels, ``labels_true`` uniform over k classes (k = 10 and 100),
``labels_pred`` a copy of it with half the samples moved to a uniformly drawn
cluster, the cluster ids renamed by a fixed permutation. Metrics: ARI, AMI
(arithmetic mean), NMI (arithmetic), V-measure (beta = 1), each from the raw
labels (contingency table included). The peer is ``sklearn.metrics`` called
directly (its AMI sums the expected mutual information in a Cython triple loop
over classes x clusters x every possible cell count; ours is vectorised NumPy
over a Bernstein window around each cell's mean, see
``metrics/_cluster_counts._expected_mi``).

A first table shows suite-sized inputs (n = 20, 5 x 5 clusters), where the
per-call overhead is all there is. ``|diff|`` is |ours - sklearn| on the same
input: at large n scikit-learn's expected MI carries relative errors of 1e-11
to 1e-8 (log-gamma differences near log n!), ours ~1e-15, hence AMI differences
well above float64 eps. Target (issue brief): ours/sklearn <= 1 everywhere from
n = 1e3 to 1e6 for ARI and AMI.
"""

from __future__ import annotations

import argparse
import warnings

import numpy as np
from sklearn.metrics import cluster as skc

from benchmarks.timing import best_time, fmt_seconds, print_table
from metrics import _cluster_counts as ours

METRICS = {
    "adjusted_rand_index": skc.adjusted_rand_score,
    "adjusted_mutual_information": skc.adjusted_mutual_info_score,
    "normalized_mutual_information": skc.normalized_mutual_info_score,
    "v_measure": skc.v_measure_score,
}


def make_inputs(n: int, k: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    labels_true = rng.integers(0, k, n)
    moved = rng.random(n) < 0.5
    labels_pred = rng.permutation(k)[np.where(moved, rng.integers(0, k, n), labels_true)]
    return labels_true, labels_pred


def rows_for(n: int, k: int, timing: dict, peer_timing: dict) -> list[dict]:
    labels_true, labels_pred = make_inputs(n, k)
    rows = []
    for name, peer in METRICS.items():
        mine = getattr(ours, name)
        t_ours = best_time(lambda: mine(labels_true, labels_pred), **timing)
        t_sk = best_time(lambda: peer(labels_true, labels_pred), **peer_timing)
        diff = abs(mine(labels_true, labels_pred) - peer(labels_true, labels_pred))
        rows.append({"n": f"{n:.0e}" if n >= 1000 else str(n), "k": k, "metric": name, "ours": fmt_seconds(t_ours),
                     "sklearn": fmt_seconds(t_sk), "ours/sklearn": f"{t_ours / t_sk:.3f}", "|diff|": f"{diff:.1e}"})
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="n = 1e3 and 1e4 only")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    columns = ["n", "k", "metric", "ours", "sklearn", "ours/sklearn", "|diff|"]

    tiny = rows_for(20, 5, dict(repeat=5, min_seconds=0.1), dict(repeat=3, min_seconds=0.1))
    print_table("suite-sized input: n = 20, 5 classes x 5 clusters", tiny, columns)

    sizes = [1_000, 10_000] if args.quick else [1_000, 10_000, 100_000, 1_000_000]
    rows = []
    for n in sizes:
        big = n >= 1_000_000
        timing = dict(repeat=3, min_seconds=0.05) if big else dict(repeat=5, min_seconds=0.1)
        # scikit-learn's AMI takes seconds at n = 1e6, k = 100: one timed call after the warm-up
        peer_timing = dict(repeat=1, min_seconds=0) if big else dict(repeat=3, min_seconds=0.1)
        for k in (10, 100):
            rows.extend(rows_for(n, k, timing, peer_timing))
    print_table("ours vs scikit-learn (time per call, from raw labels)", rows, columns)
    print("\nours/sklearn < 1: ours is faster. |diff| = |ours - sklearn| on the same input.")


if __name__ == "__main__":
    main()
