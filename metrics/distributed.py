"""Streaming metrics over Dask collections: a state per partition, reduced in a tree, one ``compute`` at the end.

``evaluate("f1", y_true, y_pred, average="macro")`` takes Dask arrays (1-D,
chunked alike or rechunked to the first one's chunks) or Dask dataframe columns
(Series of one dataframe: the same partitions) and returns what
``metrics.f1(y_true, y_pred, average="macro")`` returns on the whole data,
computed where the data lives: every partition becomes a stream state
(:mod:`metrics.stream_states` and :mod:`metrics.stream_moments`: counts and
sums, co-moments, kept errors, or the distinct samples with their counts),
states are merged ``split_every`` at a time in a tree on the
workers, and only the final state travels to the caller. The metrics of 1-D
columns are offered (the ranking means take 2-D query arrays: not here). It
runs on whatever Dask scheduler is active: the threaded default, or a
``dask.distributed`` client (``LocalCluster`` or a real cluster).

Dask is an optional dependency (``pip install 'metric-assay[dask]'``).
"""

from __future__ import annotations

from .errors import MetricInputError
from .streaming import STREAMING, stream

__all__ = ["evaluate"]


def _partition_state(name: str, options: dict, *parts):
    import numpy as np

    s = stream(name, **options)
    s.update(*(np.asarray(p) for p in parts))
    s.state  # noqa: B018 - folds the partition into its distinct samples before it is sent on
    return s


def _merged(name: str, options: dict, *states):
    s = stream(name, **options)
    for other in states:
        s.merge(other)
    s.state  # noqa: B018
    return s


def _partitions(columns) -> list[list]:
    """The delayed partitions of each column, aligned: one list per partition."""
    import dask.array as da
    import dask.dataframe as dd

    if all(isinstance(c, (dd.Series, dd.DataFrame)) for c in columns):
        if len({c.npartitions for c in columns}) > 1:
            raise MetricInputError("columns", "are Dask dataframe columns with different partitionings")
        return [list(parts) for parts in zip(*(c.to_delayed() for c in columns))]
    if all(isinstance(c, da.Array) for c in columns):
        first = columns[0]
        if any(c.ndim != 1 for c in columns):
            raise MetricInputError("columns", f"expected 1-D Dask arrays, got {[c.ndim for c in columns]} dimensions")
        if any(c.shape[0] != first.shape[0] for c in columns):
            raise MetricInputError("columns", f"have different lengths {[c.shape[0] for c in columns]}")
        aligned = [c if c.chunks == first.chunks else c.rechunk(first.chunks) for c in columns]
        return [list(parts) for parts in zip(*(c.to_delayed().ravel() for c in aligned))]
    raise MetricInputError("columns", "expected Dask arrays or columns of one Dask dataframe, got "
                                      f"{sorted({type(c).__name__ for c in columns})}")


def evaluate(name: str, *columns, split_every: int = 8, **options):
    """Metric ``name`` of Dask ``columns`` (its positional arguments), with its keyword ``options``.

    Equal to the catalog function on the computed columns (exactly: the state
    is a sufficient statistic). ``split_every`` states are merged per task of
    the reduction tree. Bad input is refused as the catalog refuses it, when
    the final state is computed.
    """
    import dask

    if name not in STREAMING:
        raise MetricInputError("name", f"{name!r} has no streaming form; these do: {', '.join(STREAMING)}")
    if not isinstance(split_every, int) or isinstance(split_every, bool) or split_every < 2:
        raise MetricInputError("split_every", f"must be an integer >= 2, got {split_every!r}")
    if not columns:
        raise MetricInputError("columns", "none given")
    states = [dask.delayed(_partition_state)(name, options, *parts) for parts in _partitions(columns)]
    while len(states) > 1:
        states = [dask.delayed(_merged)(name, options, *states[i:i + split_every])
                  for i in range(0, len(states), split_every)]
    final = states[0].compute() if states else stream(name, **options)
    return final.compute()
