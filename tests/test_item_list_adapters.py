"""The adapters of libraries that take each user's relevant items as a list or a binary matrix, not grades
(rs_metrics, cornac, implicit, recmetrics): the adapter is what turns grades into relevant items, so it is the
adapter that must refuse a NaN grade, naming y_true. Passing it on as "not relevant" would report the library as
accepting a NaN it never saw."""

import importlib
import importlib.util

import numpy as np
import pytest

#: adapter -> (the library it needs, its ranking functions)
ADAPTERS = {
    "rs_metrics": ("rs_metrics", ("precision_at_k", "recall_at_k", "average_precision_at_k", "reciprocal_rank",
                                  "mean_average_precision", "mean_reciprocal_rank", "hit_rate_at_k", "ndcg_at_k")),
    "cornac": ("cornac", ("precision_at_k", "recall_at_k", "success_at_k", "hit_rate_at_k", "ndcg_at_k",
                          "reciprocal_rank", "mean_reciprocal_rank", "average_precision_at_k",
                          "mean_average_precision")),
    "implicit": ("implicit", ("precision_at_k", "average_precision_at_k", "ndcg_at_k", "mean_average_precision")),
    "recmetrics": ("recmetrics", ("precision_at_k", "recall_at_k", "average_recall_at_k", "mean_average_recall")),
}

NAN_GRADE = np.array([[1.0, np.nan, 0.0, 2.0]])
SCORES = np.array([[0.5, 2.0, 1.0, 3.0]])


def _adapter(name):
    if importlib.util.find_spec(ADAPTERS[name][0]) is None:  # recmetrics' __init__ needs plotly: not imported
        pytest.skip(f"{ADAPTERS[name][0]} is not installed")
    return importlib.import_module(f"reference.{name}")


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_a_nan_grade_is_refused_by_the_adapter_naming_y_true(name):
    adapter = _adapter(name)
    for metric in ADAPTERS[name][1]:
        with pytest.raises(ValueError, match="y_true"):
            getattr(adapter, metric)(NAN_GRADE, SCORES)
        with pytest.raises(ValueError, match="y_true"):
            getattr(adapter, metric)(NAN_GRADE[0])  # a ranked list


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_the_same_query_without_the_nan_is_scored(name):
    adapter = _adapter(name)
    for metric in ADAPTERS[name][1]:
        value = np.asarray(getattr(adapter, metric)(np.nan_to_num(NAN_GRADE), SCORES), dtype=float)
        assert np.isfinite(value).all(), metric
