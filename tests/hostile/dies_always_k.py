"""A precision_at_k that aborts its process (SIGABRT) on every call: its property stops after the bound on
lost workers."""

import os


def precision_at_k(y_true, y_score=None, *, k=None):
    os.abort()
