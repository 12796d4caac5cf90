"""A plain, correct accuracy that the hostile adapters wrap."""

import numpy as np


def accuracy(y_true, y_pred):
    t, p = np.asarray(y_true), np.asarray(y_pred)
    if t.shape != p.shape or t.ndim != 1 or t.size == 0:
        raise ValueError("y_true and y_pred must be 1-D, non-empty and of equal length")
    return float(np.mean(t == p))
