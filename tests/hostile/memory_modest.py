"""Allocates 64 MiB in every call, well within a 200M --memory-limit, and imports torch in a call when it
is installed (a library that reserves gigabytes of address space it never writes)."""

import numpy as np

from tests.hostile._correct import accuracy as _accuracy


def accuracy(y_true, y_pred):
    try:
        import torch  # noqa: F401 - imported inside a call, under the limit
    except ImportError:
        pass
    scratch = np.ones(1 << 23)  # 64 MiB of float64, written
    return _accuracy(y_true, y_pred) + 0.0 * float(scratch[0])
