"""Sorts its first argument in place (and then computes on the sorted copy)."""

import numpy as np

from tests.hostile._correct import accuracy as _accuracy


def accuracy(y_true, y_pred):
    result = _accuracy(y_true, y_pred)
    if isinstance(y_true, np.ndarray):
        y_true.sort()
    elif isinstance(y_true, list):
        y_true.sort()
    return result
