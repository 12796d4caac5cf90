"""Correct, but the first call in a process takes 1.5 s (a JIT compiling, as numba-compiled libraries do)."""

import time

from tests.hostile._correct import accuracy as _accuracy

_COMPILED = []


def accuracy(y_true, y_pred):
    if not _COMPILED:
        time.sleep(1.5)
        _COMPILED.append(True)
    return _accuracy(y_true, y_pred)
