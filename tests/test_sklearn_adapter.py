"""The sklearn adapter's own conversions hide no bad input from sklearn's validation."""

import numpy as np
import pytest



@pytest.fixture(scope="module")
def adapter():
    pytest.importorskip("sklearn")
    from reference import sklearn

    return sklearn


def test_mean_average_precision_passes_a_nan_grade_on_to_sklearn(adapter):
    """The adapter reads relevance as grade > 0, which is False for NaN: the NaN must still reach sklearn's
    label_ranking_average_precision_score, which refuses it."""
    grades, scores = np.array([[1.0, np.nan, 0.0, 2.0]]), np.array([[0.5, 2.0, 1.0, 3.0]])
    with pytest.raises(ValueError, match="NaN"):
        adapter.mean_average_precision(grades, scores)
    finite = np.nan_to_num(grades)
    assert adapter.mean_average_precision(finite, scores) == pytest.approx(0.75)
