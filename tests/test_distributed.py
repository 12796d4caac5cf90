"""The Dask path (``metrics.distributed.evaluate``) on a ``dask.distributed`` LocalCluster of worker processes:
per-partition states reduced in a tree equal one call of the catalog function on all the data."""

from __future__ import annotations

import numpy as np
import pytest

import metrics
from metrics import MetricInputError

distributed = pytest.importorskip("distributed", reason="dask.distributed (the dask extra) is not installed")
da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
pd = pytest.importorskip("pandas")

from metrics.distributed import evaluate  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def _data(n=60_000, seed=0):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 6, n)
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, 6, n))
    scores = np.round(rng.random(n) * 0.5 + 0.3 * (y_true % 2), 3)  # a grid of 1,000 scores: finite per-score counts
    reals = rng.normal(size=n)
    return y_true, y_pred, scores, reals, reals + rng.normal(scale=0.3, size=n)


CASES = [
    ("accuracy", lambda d: (d[0], d[1]), {}),
    ("f1", lambda d: (d[0], d[1]), {"average": "macro"}),
    ("matthews_corrcoef", lambda d: (d[0], d[1]), {}),
    ("cohen_kappa", lambda d: (d[0], d[1]), {"weights": "quadratic"}),
    ("roc_auc", lambda d: (d[0] % 2, d[2]), {}),
    ("average_precision", lambda d: (d[0] % 2, d[2]), {}),
    ("adjusted_mutual_information", lambda d: (d[0], d[1]), {}),
    ("mean_squared_error", lambda d: (d[3], d[4]), {}),
    ("pearson", lambda d: (d[3], d[4]), {}),
]


@pytest.mark.parametrize(("name", "columns", "options"), CASES, ids=[c[0] for c in CASES])
def test_partitioned_arrays_on_a_local_cluster_equal_one_call(client, name, columns, options):
    data = columns(_data())
    # uneven, differently chunked partitions: the second column is rechunked to the first's
    dask_columns = [da.from_array(data[0], chunks=7_001), da.from_array(data[1], chunks=9_000)]
    got = evaluate(name, *dask_columns, split_every=3, **options)
    expected = getattr(metrics, name)(*data, **options)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-15)


def test_dataframe_columns_equal_one_call(client):
    y_true, _, scores, _, _ = _data()
    frame = dd.from_pandas(pd.DataFrame({"label": y_true % 2, "score": scores}), npartitions=11)
    assert evaluate("roc_auc", frame["label"], frame["score"]) == pytest.approx(metrics.roc_auc(y_true % 2, scores),
                                                                                 rel=1e-12)


def test_states_and_the_merge_tree_run_on_the_worker_processes(client):
    y_true, y_pred, *_ = _data()
    with distributed.get_task_stream(client) as stream:
        evaluate("accuracy", da.from_array(y_true, chunks=5_000), da.from_array(y_pred, chunks=5_000), split_every=4)
    tasks = [t["key"] if isinstance(t["key"], str) else t["key"][0] for t in stream.data]
    states = [k for k in tasks if k.startswith("_partition_state")]
    merges = [k for k in tasks if k.startswith("_merged")]
    assert len(states) == 12 and len(merges) == 4  # 12 partitions: 3 merges of 4, then 1 of 3
    workers = {t["worker"] for t in stream.data}
    assert workers <= set(client.scheduler_info()["workers"]) and len(workers) == 2


@pytest.mark.parametrize(("call", "argument"), [
    (lambda: evaluate("accuracy", da.zeros(10, chunks=5), da.zeros(11, chunks=5)), "columns"),
    (lambda: evaluate("accuracy", np.zeros(10), np.zeros(10)), "columns"),
    (lambda: evaluate("silhouette_score", da.zeros(10, chunks=5), da.zeros(10, chunks=5)), "name"),
    (lambda: evaluate("accuracy", da.zeros(10, chunks=5), da.zeros(10, chunks=5), split_every=1), "split_every"),
    (lambda: evaluate("accuracy", da.zeros(0, chunks=5), da.zeros(0, chunks=5)), "y_true"),
])
def test_bad_input_is_refused_naming_the_argument(call, argument):
    with pytest.raises(MetricInputError) as info:
        call()
    assert info.value.argument == argument
