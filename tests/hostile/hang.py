"""Loops forever on inputs of more than three samples."""

from tests.hostile._correct import accuracy as _accuracy


def accuracy(y_true, y_pred):
    if len(y_true) > 3:
        while True:
            pass
    return _accuracy(y_true, y_pred)
