"""The catalog with every result rounded to float32: a correct library that computes at lower precision.

Every float a metric returns comes back as ``numpy.float32`` (arrays as float32
arrays), as from a library that keeps its state in float32. The precision model
must let it audit clean (``tests/test_precision.py``) while a real error of the
same library still fails.
"""

from __future__ import annotations

import functools

import numpy as np

import metrics

TARGET_NAME = "float32_metrics"
VERSION = "test"


def _to_float32(value):
    if isinstance(value, tuple):
        items = [_to_float32(v) for v in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    if isinstance(value, np.ndarray) and value.dtype.kind == "f":
        return value.astype(np.float32)
    if isinstance(value, (float, np.floating)):
        return np.float32(value)
    return value


def _in_float32(fn):
    @functools.wraps(fn)
    def wrapped(*args, **kwargs):
        return _to_float32(fn(*args, **kwargs))

    return wrapped


for _name in metrics.CATALOG:
    globals()[_name] = _in_float32(getattr(metrics, _name))
