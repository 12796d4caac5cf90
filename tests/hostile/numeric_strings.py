"""Returns the right accuracy as a string."""

from tests.hostile._correct import accuracy as _accuracy


def accuracy(y_true, y_pred):
    return str(_accuracy(y_true, y_pred))
