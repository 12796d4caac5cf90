"""Our classification metrics refuse bad input with a MetricInputError that names the argument."""

import numpy as np
import pytest

import metrics
from metrics.errors import MetricInputError

RATES = ["precision", "recall", "f1", "specificity", "false_positive_rate", "false_negative_rate",
         "negative_predictive_value"]
LABEL_METRICS = ["confusion_matrix", "accuracy", *RATES, "fbeta", "balanced_accuracy", "matthews_corrcoef", "informedness", "g_measure",
                 "diagnostic_odds_ratio", "prevalence_threshold",
                 "markedness", "geometric_mean_score", "index_balanced_accuracy",
                 "cohen_kappa", "macro_averaged_mean_absolute_error"]


def call(name, y_true, y_pred, **kwargs):
    if name == "fbeta":
        kwargs.setdefault("beta", 2.0)
    return getattr(metrics, name)(y_true, y_pred, **kwargs)


def second(name):
    return "y2" if name == "cohen_kappa" else "y_pred"


def first(name):
    return "y1" if name == "cohen_kappa" else "y_true"


LABEL_CASES = [
    # (case, y_true, y_pred, which argument is at fault: 0 = first, 1 = second)
    ("mismatched lengths", [0, 1, 1], [0, 1], 1),
    ("empty input", [], [], 0),
    ("NaN label in y_true", [0.0, np.nan, 1.0], [0.0, 1.0, 1.0], 0),
    ("NaN label in y_pred", [0.0, 1.0, 1.0], [0.0, 1.0, np.nan], 1),
    ("None label", [0, None, 1], [0, 1, 1], 0),
    ("2-D y_true", [[0, 1], [1, 0]], [0, 1], 0),
    ("2-D y_pred", [0, 1], [[0, 1], [1, 0]], 1),
    ("strings mixed with numbers", [0, 1], ["a", "b"], 1),
    ("a single string", "ab", ["a", "b"], 0),
]


@pytest.mark.parametrize("name", LABEL_METRICS)
@pytest.mark.parametrize(("case", "y_true", "y_pred", "fault"), LABEL_CASES, ids=[c[0] for c in LABEL_CASES])
def test_bad_labels(name, case, y_true, y_pred, fault):
    argument = (first(name), second(name))[fault]
    kwargs = {"average": "macro"} if name in RATES or name == "fbeta" else {}
    with pytest.raises(MetricInputError, match=f"^{argument}:"):
        call(name, y_true, y_pred, **kwargs)


@pytest.mark.parametrize(("y_true", "y_pred", "argument"), [
    (["a", "b"], ["a", "b"], "y_true"),  # ordinal classes are numbers: their distance is the error
    ([0, 1], [0, np.inf], "y_pred"),
])
def test_macro_mae_refuses_labels_without_a_distance(y_true, y_pred, argument):
    with pytest.raises(MetricInputError, match=f"^{argument}:"):
        metrics.macro_averaged_mean_absolute_error(y_true, y_pred)


@pytest.mark.parametrize("name", [*RATES, "fbeta"])
@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        ({"average": "samples"}, "average"),
        ({"average": "Macro"}, "average"),
        ({"average": ["macro"]}, "average"),
        ({"zero_division": "warn"}, "zero_division"),
        ({"zero_division": 0.5}, "zero_division"),
        ({"average": "macro", "labels": [0, 0]}, "labels"),
        ({"average": "macro", "labels": ["a"]}, "labels"),
        ({"average": "macro", "labels": []}, "labels"),
    ],
)
def test_bad_rate_options(name, kwargs, argument):
    with pytest.raises(MetricInputError, match=f"^{argument}:"):
        call(name, [0, 1, 1], [0, 1, 0], **kwargs)


@pytest.mark.parametrize("name", [*RATES, "fbeta"])
@pytest.mark.parametrize(
    ("y_true", "y_pred", "kwargs", "argument"),
    [
        ([0, 1, 2], [0, 1, 1], {}, "average"),  # binary mode on three labels
        ([0, 1], [1, 0], {"pos_label": 2}, "pos_label"),  # absent pos_label, two labels present
        (["a", "b"], ["a", "a"], {}, "pos_label"),  # default pos_label 1 with string labels
        (["a", "a"], ["a", "a"], {"pos_label": 1}, "pos_label"),  # a number for string labels
    ],
)
def test_binary_mode_refusals(name, y_true, y_pred, kwargs, argument):
    with pytest.raises(MetricInputError, match=f"^{argument}:"):
        call(name, y_true, y_pred, **kwargs)


@pytest.mark.parametrize("beta", [0, 0.0, -1.0, float("nan"), float("inf"), "2", None, True])
def test_fbeta_refuses_bad_beta(beta):
    with pytest.raises(MetricInputError, match="^beta:"):
        metrics.fbeta([0, 1], [0, 1], beta=beta)


@pytest.mark.parametrize("name", LABEL_METRICS)
@pytest.mark.parametrize(
    ("sample_weight", "problem"),
    [([1.0, 1.0], "length"), ([1.0, -1.0, 1.0], "negative"), ([0.0, 0.0, 0.0], "zero"), ([1.0, np.nan, 1.0], "NaN")],
)
def test_bad_sample_weight(name, sample_weight, problem):
    kwargs = {"average": "macro"} if name in RATES or name == "fbeta" else {}
    with pytest.raises(MetricInputError, match="^sample_weight:"):
        call(name, [0, 1, 1], [0, 1, 0], sample_weight=sample_weight, **kwargs)


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [({"normalize": "rows"}, "normalize"), ({"labels": [7, 8]}, "labels")],
)
def test_confusion_matrix_options(kwargs, argument):
    with pytest.raises(MetricInputError, match=f"^{argument}:"):
        metrics.confusion_matrix([0, 1], [0, 1], **kwargs)


@pytest.mark.parametrize(("kwargs", "argument"), [({"weights": "cubic"}, "weights"), ({"labels": [7]}, "labels")])
def test_cohen_kappa_options(kwargs, argument):
    with pytest.raises(MetricInputError, match=f"^{argument}:"):
        metrics.cohen_kappa([0, 1], [0, 1], **kwargs)


LOG_LOSS_CASES = [
    ("probability above 1", [0, 1], [[1.5, -0.5], [0.2, 0.8]], {}, "y_proba"),
    ("negative probability", [0, 1], [[-0.1, 1.1], [0.2, 0.8]], {}, "y_proba"),
    ("row not summing to 1", [0, 1], [[0.5, 0.4], [0.2, 0.8]], {}, "y_proba"),
    ("NaN probability", [0, 1], [[np.nan, 0.5], [0.2, 0.8]], {}, "y_proba"),
    ("wrong number of columns", [0, 1], [[0.2, 0.3, 0.5], [0.2, 0.3, 0.5]], {}, "y_proba"),
    ("mismatched lengths", [0, 1, 1], [[0.5, 0.5], [0.2, 0.8]], {}, "y_proba"),
    ("empty input", [], [], {}, "y_true"),
    ("NaN label", [0.0, np.nan], [[0.5, 0.5], [0.2, 0.8]], {}, "y_true"),
    ("2-D labels", [[0, 1], [1, 0]], [[0.5, 0.5], [0.2, 0.8]], {}, "y_true"),
    ("3-D probabilities", [0, 1], [[[0.5, 0.5]], [[0.2, 0.8]]], {}, "y_proba"),
    ("1-D probabilities, one class", [1, 1], [0.2, 0.8], {}, "labels"),
    ("1-D probabilities, three classes", [0, 1, 2], [0.2, 0.8, 0.5], {}, "y_proba"),
    ("label outside labels", [0, 5], [[0.5, 0.5], [0.2, 0.8]], {"labels": [0, 1]}, "y_true"),
    ("bad sample_weight", [0, 1], [[0.5, 0.5], [0.2, 0.8]], {"sample_weight": [1.0, -1.0]}, "sample_weight"),
]


@pytest.mark.parametrize(("case", "y_true", "y_proba", "kwargs", "argument"), LOG_LOSS_CASES,
                         ids=[c[0] for c in LOG_LOSS_CASES])
def test_log_loss_bad_input(case, y_true, y_proba, kwargs, argument):
    with pytest.raises(MetricInputError, match=f"^{argument}:"):
        metrics.log_loss(y_true, y_proba, **kwargs)
