"""Raises SystemExit(0) from inside the metric."""

import sys


def accuracy(y_true, y_pred):
    sys.exit(0)
