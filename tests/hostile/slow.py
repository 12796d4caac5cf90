"""Correct, and slow: takes half a second per call on inputs of more than three samples."""

import time

from tests.hostile._correct import accuracy as _accuracy


def accuracy(y_true, y_pred):
    if len(y_true) > 3:
        time.sleep(0.5)
    return _accuracy(y_true, y_pred)
