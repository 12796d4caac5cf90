"""Allocates 2 GiB on inputs of more than three samples: far beyond a small --memory-limit."""

import numpy as np

from tests.hostile._correct import accuracy as _accuracy


def accuracy(y_true, y_pred):
    if len(y_true) > 3:
        np.ones(1 << 28)  # 2 GiB of float64, written (not only reserved)
    return _accuracy(y_true, y_pred)
