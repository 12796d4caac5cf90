"""Adds a little noise, from the operating system's randomness, to every result."""

import random

from tests.hostile._correct import accuracy as _accuracy

_NOISE = random.SystemRandom()


def accuracy(y_true, y_pred):
    return min(1.0, _accuracy(y_true, y_pred) + 0.1 * _NOISE.random())
