"""A precision_at_k that never returns on k=0, and silently accepts NaN scores: a hang must not hide the NaN."""

import time

from tests.hostile.dies_on_k0 import precision_at_k as _accepts_nan


def precision_at_k(y_true, y_score=None, *, k=None):
    if k is not None and k == 0:
        time.sleep(600)
    return _accepts_nan(y_true, y_score, k=k)
