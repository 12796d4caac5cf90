"""Holds 2 GiB in a shared anonymous mapping on inputs of more than three samples: memory that RLIMIT_DATA
does not count, so only the parent's watchdog (resident memory) can stop it."""

import mmap
import time

import numpy as np

from tests.hostile._correct import accuracy as _accuracy


def accuracy(y_true, y_pred):
    if len(y_true) > 3:
        held = mmap.mmap(-1, 2 << 30)  # MAP_SHARED | MAP_ANONYMOUS
        np.frombuffer(held, dtype=np.uint8).fill(1)  # written: resident
        time.sleep(20)  # holds it (the watchdog polls every 50 ms)
        held.close()
    return _accuracy(y_true, y_pred)
