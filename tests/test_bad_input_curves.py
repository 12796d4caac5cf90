"""Our threshold metrics refuse bad input with a MetricInputError naming the argument."""

import math

import numpy as np
import pytest

import metrics
from metrics import MetricInputError

#: the operating points' constraint, which a call cannot do without
REQUIRED = {"recall_at_fixed_precision": {"min_precision": 0.5}, "precision_at_fixed_recall": {"min_recall": 0.5},
            "sensitivity_at_specificity": {"min_specificity": 0.5},
            "specificity_at_sensitivity": {"min_sensitivity": 0.5}}
BINARY = ["precision_recall_curve", "average_precision", "roc_curve", "roc_auc", "det_curve", "equal_error_rate",
          *REQUIRED, "log_auc"]
#: need a negative sample too (false-positive rate undefined without one)
ROC_FAMILY = ["roc_curve", "roc_auc", "det_curve", "equal_error_rate", "sensitivity_at_specificity",
              "specificity_at_sensitivity", "log_auc"]

Y = [0, 1, 1, 0]
S = [0.1, 0.8, 0.4, 0.3]

CASES = [
    ("mismatched lengths", Y, [0.1, 0.8, 0.4], {}, "y_score"),
    ("empty input", [], [], {}, "y_true"),
    ("NaN score", Y, [0.1, math.nan, 0.4, 0.3], {}, "y_score"),
    ("inf score", Y, [0.1, math.inf, 0.4, 0.3], {}, "y_score"),
    ("-inf score", Y, [-math.inf, 0.8, 0.4, 0.3], {}, "y_score"),
    ("three classes", [0, 1, 2, 0], S, {}, "y_true"),
    ("labels {1, 2} without pos_label", [1, 2, 2, 1], S, {}, "y_true"),
    ("string labels without pos_label", ["a", "b", "b", "a"], S, {}, "y_true"),
    ("three classes with pos_label", ["a", "b", "c", "a"], S, {"pos_label": "b"}, "y_true"),
    ("NaN label", [0.0, 1.0, math.nan, 0.0], S, {}, "y_true"),
    ("no positive sample", [0, 0, 0, 0], S, {}, "y_true"),
    ("2-D y_true", [[0, 1], [1, 0], [1, 1], [0, 0]], S, {}, "y_true"),
    ("string scores", Y, ["a", "b", "c", "d"], {}, "y_score"),
    ("None y_true", None, S, {}, "y_true"),
    ("weights of wrong length", Y, S, {"sample_weight": [1.0, 1.0]}, "sample_weight"),
    ("negative weight", Y, S, {"sample_weight": [1.0, -1.0, 1.0, 1.0]}, "sample_weight"),
    ("NaN weight", Y, S, {"sample_weight": [1.0, math.nan, 1.0, 1.0]}, "sample_weight"),
]

ONE_CLASS_CASES = [
    ("only negatives", [0, 0, 0, 0]),
    ("only positives", [1, 1, 1, 1]),
    ("positives only with weight", None),  # weights zero out the negatives
]


@pytest.mark.parametrize("name", BINARY)
@pytest.mark.parametrize(("case", "y_true", "y_score", "kwargs", "argument"), CASES, ids=[c[0] for c in CASES])
def test_binary_metric_refuses(name, case, y_true, y_score, kwargs, argument):
    with pytest.raises(MetricInputError) as info:
        getattr(metrics, name)(y_true, y_score, **REQUIRED.get(name, {}), **kwargs)
    assert argument in str(info.value), str(info.value)


@pytest.mark.parametrize("name", ROC_FAMILY)
@pytest.mark.parametrize(("case", "y_true"), ONE_CLASS_CASES, ids=[c[0] for c in ONE_CLASS_CASES])
def test_roc_family_refuses_one_class(name, case, y_true):
    kwargs = {}
    if y_true is None:
        y_true, kwargs = Y, {"sample_weight": [0.0, 1.0, 1.0, 0.0]}
    with pytest.raises(MetricInputError, match="y_true"):
        getattr(metrics, name)(y_true, S, **REQUIRED.get(name, {}), **kwargs)


BAD_RATES = [("above one", 1.5), ("below zero", -0.1), ("NaN", math.nan), ("inf", math.inf), ("a string", "0.5"),
             ("a boolean", True), ("None", None), ("a list", [0.5])]


@pytest.mark.parametrize("name", REQUIRED)
@pytest.mark.parametrize(("case", "value"), BAD_RATES, ids=[c[0] for c in BAD_RATES])
def test_operating_point_refuses_a_bad_constraint(name, case, value):
    (keyword,) = REQUIRED[name]
    with pytest.raises(MetricInputError, match=keyword):
        getattr(metrics, name)(Y, S, **{keyword: value})


BAD_FPR_RANGES = [("low 0", (0.0, 0.1)), ("low above high", (0.1, 0.01)), ("equal ends", (0.1, 0.1)),
                  ("high above 1", (0.001, 1.5)), ("negative low", (-0.1, 0.5)), ("NaN", (math.nan, 0.1)),
                  ("one number", 0.1), ("three numbers", (0.001, 0.01, 0.1)), ("strings", ("a", "b")), ("None", None)]


@pytest.mark.parametrize(("case", "fpr_range"), BAD_FPR_RANGES, ids=[c[0] for c in BAD_FPR_RANGES])
def test_log_auc_refuses_a_bad_fpr_range(case, fpr_range):
    with pytest.raises(MetricInputError, match="fpr_range"):
        metrics.log_auc(Y, S, fpr_range=fpr_range)


@pytest.mark.parametrize("name", ["precision_recall_curve", "average_precision", "recall_at_fixed_precision",
                                  "precision_at_fixed_recall"])
def test_pr_family_is_defined_without_negatives(name):
    # documented: precision is 1 everywhere, AP = 1, recall 1 and precision 1 at the lowest score (not an error)
    out = getattr(metrics, name)([1, 1, 1, 1], S, **REQUIRED.get(name, {}))
    if name in REQUIRED:
        assert out == (1.0, min(S))
    else:
        assert out == 1.0 if name == "average_precision" else np.all(out[0] == 1.0)


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [({"interpolation": "101_points"}, "interpolation"), ({"interpolation": "all"}, "interpolation")],
)
def test_average_precision_refuses_unknown_interpolation(kwargs, argument):
    with pytest.raises(MetricInputError, match=argument):
        metrics.average_precision(Y, S, **kwargs)


MULTI_Y = [0, 1, 2, 2, 1, 0]
MULTI_S = np.full((6, 3), 1 / 3)

MULTICLASS_CASES = [
    ("unknown average", MULTI_Y, MULTI_S, {"average": "micro"}, "average"),
    ("columns do not match classes", MULTI_Y, MULTI_S[:, :2], {}, "y_score"),
    ("3-D scores", MULTI_Y, MULTI_S[:, :, None], {}, "y_score"),
    ("label missing from labels", MULTI_Y, MULTI_S, {"labels": [0, 1, 5]}, "y_true"),
    ("duplicate labels", MULTI_Y, MULTI_S, {"labels": [0, 1, 1]}, "labels"),
    ("one class only", [1, 1, 1, 1, 1, 1], MULTI_S[:, :1], {}, "y_true"),
    ("a class without negatives", [0, 0, 0, 0, 0, 0], MULTI_S[:, :1], {"labels": [0]}, "y_true"),
    ("labels with 1-D scores", Y, S, {"labels": [0, 1]}, "labels"),
    ("pos_label with 2-D scores", MULTI_Y, MULTI_S, {"pos_label": 1}, "pos_label"),
]


@pytest.mark.parametrize(("case", "y_true", "y_score", "kwargs", "argument"), MULTICLASS_CASES,
                         ids=[c[0] for c in MULTICLASS_CASES])
def test_multiclass_roc_auc_refuses(case, y_true, y_score, kwargs, argument):
    with pytest.raises(MetricInputError) as info:
        metrics.roc_auc(y_true, y_score, **kwargs)
    assert argument in str(info.value), str(info.value)


AUC_CASES = [
    ("non-monotonic x", [0.0, 1.0, 0.5], [0.0, 1.0, 1.0], "x"),
    ("single point", [0.0], [1.0], "x"),
    ("no point", [], [], "x"),
    ("mismatched lengths", [0.0, 1.0], [0.0, 1.0, 1.0], "y"),
    ("NaN in x", [0.0, math.nan], [0.0, 1.0], "x"),
    ("inf in y", [0.0, 1.0], [0.0, math.inf], "y"),
    ("2-D x", [[0.0, 1.0]], [[0.0, 1.0]], "x"),
]


@pytest.mark.parametrize(("case", "x", "y", "argument"), AUC_CASES, ids=[c[0] for c in AUC_CASES])
def test_auc_refuses(case, x, y, argument):
    with pytest.raises(MetricInputError) as info:
        metrics.auc(x, y)
    assert argument in str(info.value), str(info.value)
