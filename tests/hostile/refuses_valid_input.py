"""Raises MetricInputError on valid input (ERROR results whose exception needs arguments to copy)."""

from metrics.errors import MetricInputError


def accuracy(y_true, y_pred):
    raise MetricInputError("y_true", "is not to this adapter's taste")
