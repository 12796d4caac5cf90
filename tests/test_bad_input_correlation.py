"""Our correlation coefficients refuse bad input with a MetricInputError naming the argument."""

import math

import pytest

import metrics
from metrics import MetricInputError

COEFFICIENTS = ["pearson", "spearman", "kendall_tau"]
GOOD = [1.0, 2.0, 4.0]

CASES = [
    ("mismatched lengths", GOOD, [1.0, 2.0], "y"),
    ("empty", [], [], "x"),
    ("single pair", [1.0], [2.0], "x"),
    ("NaN in x", [1.0, math.nan, 3.0], GOOD, "x"),
    ("NaN in y", GOOD, [1.0, math.nan, 3.0], "y"),
    ("inf in x", [math.inf, 2.0, 3.0], GOOD, "x"),
    ("-inf in y", GOOD, [1.0, -math.inf, 3.0], "y"),
    ("2-D x", [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], GOOD, "x"),
    ("2-D y", GOOD, [[1.0], [2.0], [3.0]], "y"),
    ("strings", ["a", "b", "c"], GOOD, "x"),
    ("None", GOOD, None, "y"),
]


@pytest.mark.parametrize("name", COEFFICIENTS)
@pytest.mark.parametrize("case, x, y, argument", CASES, ids=[c[0] for c in CASES])
def test_refuses_bad_input(name, case, x, y, argument):
    with pytest.raises(MetricInputError, match=argument):
        getattr(metrics, name)(x, y)


def test_kendall_refuses_unknown_variant():
    with pytest.raises(MetricInputError, match="variant"):
        metrics.kendall_tau(GOOD, GOOD, variant="a")


@pytest.mark.parametrize("name", COEFFICIENTS)
def test_constant_input_is_the_documented_nan(name):
    assert math.isnan(getattr(metrics, name)([2.0, 2.0, 2.0], GOOD))
    assert math.isnan(getattr(metrics, name)(GOOD, [0.1, 0.1, 0.1]))
