"""The statsmodels adapter: cohens_kappa sees a contingency table, never the labels, so the labels' checks are
the adapter's and a bad labeling is refused there, not reported as statsmodels accepting it."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("statsmodels", reason="statsmodels (the references extra) is not installed")

import metrics  # noqa: E402
from reference import statsmodels as adapter  # noqa: E402


def test_the_table_counts_rows_of_y1_and_columns_of_y2_over_the_sorted_union_of_labels():
    y1, y2 = np.array(["b", "a", "b"]), np.array(["b", "c", "a"])
    # rows a, b, c (y1), columns a, b, c (y2): the catalog's confusion matrix over the union, y1 as the truth
    expected = metrics.confusion_matrix(y1, y2, labels=["a", "b", "c"])
    assert adapter._table(y1, y2).tolist() == np.asarray(expected).tolist()


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_kappa_of_the_counted_table_is_the_catalogs(weights):
    y1, y2 = np.array([0, 1, 1, 2, 2, 0, 3]), np.array([0, 1, 2, 2, 1, 0, 3])
    assert adapter.cohen_kappa(y1, y2, weights=weights) == pytest.approx(metrics.cohen_kappa(y1, y2, weights=weights))


@pytest.mark.parametrize(("y1", "y2", "named"), [
    (np.array([0.0, np.nan]), np.array([0.0, 1.0]), "y1: labels must be finite"),
    (np.array([0.0, 1.0]), np.array([np.inf, 1.0]), "y2: labels must be finite"),
    (np.array([0, 1]), np.array(["0", "1"]), "labels of different kinds"),
    (np.array([0, 1]), np.array([0]), "one length"),
])
def test_a_bad_labeling_is_refused_by_the_adapter_naming_the_argument(y1, y2, named):
    with pytest.raises(ValueError, match=named):
        adapter.cohen_kappa(y1, y2)
