"""Adds noise to the accuracy half of the time."""

import random

from tests.hostile._correct import accuracy as _accuracy


def accuracy(y_true, y_pred):
    noise = random.choice([0.0, 0.25])
    return min(1.0, _accuracy(y_true, y_pred) + noise)
