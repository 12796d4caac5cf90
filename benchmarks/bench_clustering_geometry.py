"""Silhouette, Calinski-Harabasz, Davies-Bouldin and DBCV against scikit-learn and hdbscan.

Run: ``.venv/bin/python -m benchmarks.bench_clustering_geometry [--quick]``.

Input: Gaussian blobs, d = 10 features, 10 clusters (centres N(0, 4^2), unit spread), labels uniform.

* silhouette (Euclidean) at 1e3, 1e4, 3e4 samples (``--quick``: 1e3, 1e4) against
  ``sklearn.metrics.silhouette_score`` and against one pass of the same distances: ``cdist`` over the
  same row blocks with nothing done with the result (the floor for any exact silhouette: it needs every
  pairwise distance once). The target is ours / pass <= 1.5;
* Calinski-Harabasz and Davies-Bouldin at 1e5, 3e5, 1e6 samples (``--quick``: 1e5) against scikit-learn;
* DBCV at 1e3, 2e3, 5e3 samples (``--quick``: 1e3) in d = 2, centres N(0, 12^2) (its density
  estimate is meant for low d)
  against ``hdbscan.validity.validity_index`` when hdbscan is installed (optional: pip install hdbscan).
  The two values differ: hdbscan's MST breaks mutual reachability ties by the input order, ours by
  density (see the dbcv docstring), so the table shows both values, not an error.

Slow calls (over ~2 s) are timed once after no warm-up; the rest best-of-3 after a warm-up.
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np
from scipy.spatial.distance import cdist
from sklearn import metrics as skm

from benchmarks.timing import best_time, fmt_seconds, print_table
from metrics import _cluster_geometry as cg

try:
    from hdbscan.validity import validity_index
except ImportError:  # optional peer
    validity_index = None


def blobs(n: int, d: int = 10, k: int = 10, seed: int = 0, scale: float = 4.0):
    rng = np.random.default_rng(seed)
    centers = rng.normal(0, scale, (k, d))
    labels = rng.integers(0, k, n)
    return centers[labels] + rng.normal(size=(n, d)), labels


def timed(fn, *, slow: bool) -> tuple[float, object]:
    """(seconds, result): one call if slow, else best of 3 short rounds."""
    if slow:
        start = time.perf_counter()
        out = fn()
        return time.perf_counter() - start, out
    out = fn()
    return best_time(fn, repeat=3, min_seconds=0.2), out


def distance_pass(X: np.ndarray) -> None:
    """One cdist pass over X x X in the silhouette's row blocks, results dropped."""
    n = X.shape[0]
    step = cg._block_rows(n)
    for start in range(0, n, step):
        cdist(X[start:start + step], X)


def bench_silhouette(sizes) -> None:
    rows = []
    for n in sizes:
        X, labels = blobs(n)
        slow = n >= 10_000
        t_pass, _ = timed(lambda: distance_pass(X), slow=slow)
        t_ours, ours = timed(lambda: cg.silhouette_score(X, labels), slow=slow)
        t_sk, theirs = timed(lambda: skm.silhouette_score(X, labels), slow=slow)
        rows.append({"n": f"{n:,}", "ours": fmt_seconds(t_ours), "distance pass": fmt_seconds(t_pass),
                     "ours/pass": f"{t_ours / t_pass:.2f}", "scikit-learn": fmt_seconds(t_sk),
                     "ours/sklearn": f"{t_ours / t_sk:.2f}", "|ours - sklearn|": f"{abs(ours - theirs):.1e}"})
    print_table("silhouette_score, Euclidean, d = 10, 10 clusters", rows,
                ["n", "ours", "distance pass", "ours/pass", "scikit-learn", "ours/sklearn", "|ours - sklearn|"])


def bench_ch_db(sizes) -> None:
    rows = []
    for n in sizes:
        X, labels = blobs(n)
        slow = n >= 1_000_000
        for name, ours_fn, sk_fn in [("calinski_harabasz", cg.calinski_harabasz, skm.calinski_harabasz_score),
                                     ("davies_bouldin", cg.davies_bouldin, skm.davies_bouldin_score)]:
            t_ours, ours = timed(lambda: ours_fn(X, labels), slow=slow)
            t_sk, theirs = timed(lambda: sk_fn(X, labels), slow=slow)
            rows.append({"metric": name, "n": f"{n:,}", "ours": fmt_seconds(t_ours),
                         "scikit-learn": fmt_seconds(t_sk), "ours/sklearn": f"{t_ours / t_sk:.2f}",
                         "rel. diff": f"{abs(ours - theirs) / abs(theirs):.1e}"})
    print_table("Calinski-Harabasz and Davies-Bouldin, d = 10, 10 clusters", rows,
                ["metric", "n", "ours", "scikit-learn", "ours/sklearn", "rel. diff"])


def bench_dbcv(sizes) -> None:
    rows = []
    for n in sizes:
        X, labels = blobs(n, d=2, k=10, seed=1, scale=12.0)
        slow = n >= 2_000
        t_ours, ours = timed(lambda: cg.dbcv(X, labels), slow=slow)
        row = {"n": f"{n:,}", "ours": fmt_seconds(t_ours), "DBCV ours": f"{ours:.4f}"}
        if validity_index is not None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                t_h, theirs = timed(lambda: validity_index(X, labels), slow=True)
            row.update({"hdbscan": fmt_seconds(t_h), "ours/hdbscan": f"{t_ours / t_h:.3f}",
                        "DBCV hdbscan": f"{theirs:.4f}"})
        rows.append(row)
    if validity_index is None:
        print("\nhdbscan not installed: timing DBCV alone (pip install hdbscan)")
    print_table("DBCV, Euclidean, d = 2, 10 clusters", rows,
                ["n", "ours", "hdbscan", "ours/hdbscan", "DBCV ours", "DBCV hdbscan"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="the smaller sizes only")
    args = parser.parse_args()
    bench_silhouette([1_000, 10_000] if args.quick else [1_000, 10_000, 30_000])
    bench_ch_db([100_000] if args.quick else [100_000, 300_000, 1_000_000])
    bench_dbcv([1_000] if args.quick else [1_000, 2_000, 5_000])
    print("\nours/x = time of ours / time of x; < 1: ours is faster. distance pass = cdist over the same row "
          "blocks, results dropped.")


if __name__ == "__main__":
    main()
