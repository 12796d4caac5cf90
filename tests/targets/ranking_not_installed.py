"""A fake adapter whose library is not installed: the table lists it as skipped, with what it maps."""

import a_library_that_is_not_installed  # noqa: F401


def mean_average_precision(y_true, y_score=None, *, k=None):
    raise AssertionError("never called: the import fails")


def precision_at_k(y_true, y_score=None, *, k=None):
    raise AssertionError("never called: the import fails")
