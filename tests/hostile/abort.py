"""Aborts the process (SIGABRT) from inside the metric."""

import os


def accuracy(y_true, y_pred):
    os.abort()
