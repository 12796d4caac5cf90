"""Ends the process from inside the metric."""

import os


def accuracy(y_true, y_pred):
    print("about to leave", flush=True)
    os._exit(1)
