"""The classification set and ROC AUC on 1e8 samples: Dask partitions on a LocalCluster vs one process.

Run: ``.venv/bin/python -m benchmarks.bench_distributed [--quick] [--workers N]`` (``--quick``: 1e7 samples).

Data: binary labels (int8), predictions agreeing 80% of the time (int8) and
scores on a grid of 1,000 values (float32: per-score counts are a finite
state), generated in partitions of 5e6 samples. The Dask path persists the
partitions on a ``LocalCluster`` of worker processes (one thread each), then
times ``metrics.distributed.evaluate`` per metric: a state per partition, merged
8 at a time on the workers. The one-process path holds the same arrays in
memory and calls the catalog function once. Throughput is samples per second;
``|diff|`` compares the two results (the states are exact, so it is rounding).
On a machine with as many workers as cores the Dask path pays for coding each
partition's samples (a pass the one-shot function does not make) and for
moving states between processes; it wins when the data does not fit one
machine's memory, which this benchmark does not reach.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import metrics
from benchmarks.timing import print_table

METRICS = {
    "accuracy": ("labels", {}), "precision": ("labels", {}), "recall": ("labels", {}), "f1": ("labels", {}),
    "matthews_corrcoef": ("labels", {}), "cohen_kappa": ("labels", {}), "balanced_accuracy": ("labels", {}),
    "roc_auc": ("scores", {}),
}
CHUNK = 5_000_000


def _partition(seed: int, size: int):
    rng = np.random.default_rng(seed)
    y_true = (rng.random(size) < 0.3).astype(np.int8)
    y_pred = np.where(rng.random(size) < 0.8, y_true, 1 - y_true).astype(np.int8)
    scores = (np.round(rng.random(size) * 0.7 + 0.3 * y_true, 3)).astype(np.float32)
    return y_true, y_pred, scores


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1e7 samples")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    import dask
    import dask.array as da
    from distributed import Client, LocalCluster

    from metrics.distributed import evaluate

    n = 10_000_000 if args.quick else 100_000_000
    sizes = [min(CHUNK, n - start) for start in range(0, n, CHUNK)]
    parts = [_partition(seed, size) for seed, size in enumerate(sizes)]
    local = [np.concatenate([p[j] for p in parts]) for j in range(3)]

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        delayed = [dask.delayed(_partition)(seed, size) for seed, size in enumerate(sizes)]
        columns = [da.concatenate([da.from_delayed(d[j], shape=(size,), dtype=dtype)
                                   for d, size in zip(delayed, sizes)])
                   for j, dtype in enumerate((np.int8, np.int8, np.float32))]
        columns = client.persist(columns)
        rows = []
        for name, (kind, options) in METRICS.items():
            args_dask = (columns[0], columns[1]) if kind == "labels" else (columns[0], columns[2])
            args_local = (local[0], local[1]) if kind == "labels" else (local[0], local[2])
            start = time.perf_counter()
            got = evaluate(name, *args_dask, **options)
            t_dask = time.perf_counter() - start
            start = time.perf_counter()
            expected = getattr(metrics, name)(*args_local, **options)
            t_one = time.perf_counter() - start
            rows.append({"metric": name, "dask": f"{t_dask:.2f} s", "one process": f"{t_one:.2f} s",
                         "dask samples/s": f"{n / t_dask:.2e}", "one-process samples/s": f"{n / t_one:.2e}",
                         "dask/one process (time)": f"{t_dask / t_one:.2f}", "|diff|": f"{abs(got - expected):.1e}"})
    print_table(f"{n:.0e} samples in {len(sizes)} partitions, LocalCluster of {args.workers} worker processes",
                rows, ["metric", "dask", "one process", "dask samples/s", "one-process samples/s",
                       "dask/one process (time)", "|diff|"])


if __name__ == "__main__":
    main()
