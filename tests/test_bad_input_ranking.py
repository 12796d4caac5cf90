"""Our ranking metrics refuse bad input with a MetricInputError naming the argument."""

import numpy as np
import pytest

import metrics
from metrics import MetricInputError

GRADES = [[2, 0, 1], [0, 1, 0]]
SCORES = [[0.5, 0.5, 0.1], [0.3, 0.2, 0.1]]

ALL = (
    "precision_at_k",
    "recall_at_k",
    "average_precision_at_k",
    "mean_average_precision",
    "reciprocal_rank",
    "mean_reciprocal_rank",
    "hit_rate_at_k",
    "dcg_at_k",
    "ndcg_at_k",
    "cumulative_gain_at_k",
    "personalized_at_k",
    "rank_biased_precision",
)
WITH_NO_RELEVANT = ("recall_at_k", "average_precision_at_k", "mean_average_precision", "ndcg_at_k")
WITH_GAIN = ("dcg_at_k", "ndcg_at_k")
MEANS = ("mean_average_precision", "mean_reciprocal_rank", "hit_rate_at_k")

CASES = [
    # (case id, metrics, args, kwargs, argument named in the message)
    ("k=0", ALL, (GRADES, SCORES), {"k": 0}, "k"),
    ("k=-3", ALL, (GRADES,), {"k": -3}, "k"),
    ("k=2.5", ALL, (GRADES,), {"k": 2.5}, "k"),
    ("k=True", ALL, (GRADES,), {"k": True}, "k"),
    ("NaN score", ALL, (GRADES, [[np.nan, 0.5, 0.1], [0.3, 0.2, 0.1]]), {}, "y_score"),
    ("infinite score", ALL, (GRADES, [[np.inf, 0.5, 0.1], [0.3, 0.2, 0.1]]), {}, "y_score"),
    ("NaN grade", ALL, ([[np.nan, 0, 1], [0, 1, 0]], SCORES), {}, "y_true"),
    ("scores shorter than grades", ALL, (GRADES, [[0.5, 0.5], [0.3, 0.2]]), {}, "y_score"),
    ("fewer score rows than queries", ALL, (GRADES, [[0.5, 0.5, 0.1]]), {}, "y_score"),
    ("ragged queries", ALL, ([[1, 0, 1], [0, 1]],), {}, "y_true"),
    ("ragged scores", ALL, (GRADES, [[0.5, 0.5, 0.1], [0.3, 0.2]]), {}, "y_score"),
    ("empty query", ALL, ([[], []],), {}, "y_true"),
    ("no queries", ALL, ([],), {}, "y_true"),
    ("3-D grades", ALL, ([[[1, 0]]],), {}, "y_true"),
    ("string grades", ALL, (["a", "b"],), {}, "y_true"),
    ("grades None", ALL, (None,), {}, "y_true"),
    ("unknown ties policy", ALL, (GRADES, SCORES), {"ties": "random"}, "ties"),
    ("negative grade, exponential gain", WITH_GAIN, ([[-1, 0, 1]],), {"gain": "exponential"}, "y_true"),
    ("grade overflowing exponential gain", WITH_GAIN, ([[2000, 0, 1]],), {"gain": "exponential"}, "y_true"),
    ("unknown gain", WITH_GAIN, (GRADES,), {"gain": "cubic"}, "gain"),
    ("unknown no_relevant policy", WITH_NO_RELEVANT, (GRADES,), {"no_relevant": "skip"}, "no_relevant"),
    ("no relevant document, no_relevant='raise'", WITH_NO_RELEVANT, ([[0, 0, 0]],), {"no_relevant": "raise"}, "y_true"),
    ("unknown AP denominator", ("average_precision_at_k", "mean_average_precision"), (GRADES,), {"denominator": "k"}, "denominator"),
    ("popular of wrong length", ("personalized_at_k",), (GRADES,), {"popular": [True, False]}, "popular"),
    ("popular with a row per query too many", ("personalized_at_k",), (GRADES,), {"popular": [[True, False, False]] * 3},
     "popular"),
    ("popular not boolean", ("personalized_at_k",), (GRADES,), {"popular": [0.5, 0.0, 0.0]}, "popular"),
    ("NaN in popular", ("personalized_at_k",), (GRADES,), {"popular": [np.nan, 0.0, 0.0]}, "popular"),
    ("sample_weight of wrong length", MEANS, (GRADES,), {"sample_weight": [1.0]}, "sample_weight"),
    ("negative sample_weight", MEANS, (GRADES,), {"sample_weight": [1.0, -1.0]}, "sample_weight"),
]

PARAMS = [
    pytest.param(name, args, kwargs, argument, id=f"{name}-{case}")
    for case, names, args, kwargs, argument in CASES
    for name in names
]


@pytest.mark.parametrize(("name", "args", "kwargs", "argument"), PARAMS)
def test_bad_input_raises_metric_input_error_naming_the_argument(name, args, kwargs, argument):
    with pytest.raises(MetricInputError) as info:
        getattr(metrics, name)(*args, **kwargs)
    assert info.value.argument == argument, str(info.value)
    assert str(info.value).startswith(f"{argument}:")
