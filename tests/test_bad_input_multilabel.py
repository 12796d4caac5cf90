"""Our multilabel metrics refuse bad input with a MetricInputError that names the argument."""

import numpy as np
import pytest

import metrics
from metrics.errors import MetricInputError

MULTILABEL = [name for name, family in metrics.CATALOG.items() if family == "multilabel"]
SCORED = ["label_ranking_average_precision", "coverage_error", "label_ranking_loss", "multilabel_roc_auc",
          "multilabel_average_precision", "multilabel_equal_error_rate", "multilabel_roc_curve",
          "multilabel_precision_recall_curve", "multilabel_log_auc", "multilabel_recall_at_fixed_precision",
          "multilabel_precision_at_fixed_recall", "multilabel_sensitivity_at_specificity",
          "multilabel_specificity_at_sensitivity"]
#: the keywords a call needs
KEYWORDS = {"multilabel_fbeta": {"beta": 2.0}, "multilabel_recall_at_fixed_precision": {"min_precision": 0.5},
            "multilabel_precision_at_fixed_recall": {"min_recall": 0.5},
            "multilabel_sensitivity_at_specificity": {"min_specificity": 0.5},
            "multilabel_specificity_at_sensitivity": {"min_sensitivity": 0.5}}
#: the per-label threshold metrics: a label column the binary metric cannot score is refused, naming the column
PER_LABEL = {"multilabel_roc_auc": "no negative", "multilabel_average_precision": "no positive",
             "multilabel_equal_error_rate": "no negative", "multilabel_roc_curve": "no negative",
             "multilabel_precision_recall_curve": "no positive", "multilabel_log_auc": "no negative",
             "multilabel_recall_at_fixed_precision": "no positive", "multilabel_precision_at_fixed_recall": "no positive",
             "multilabel_sensitivity_at_specificity": "no negative",
             "multilabel_specificity_at_sensitivity": "no negative"}

TRUTH = [[1, 0, 1], [0, 1, 0], [1, 1, 0]]
PRED = [[1, 0, 0], [0, 1, 1], [1, 0, 0]]
SCORES = [[0.9, 0.2, 0.4], [0.1, 0.8, 0.3], [0.6, 0.4, 0.5]]


def call(name, first, second):
    return getattr(metrics, name)(first, second, **KEYWORDS.get(name, {}))


def second_of(name):
    return ("y_score", SCORES) if name in SCORED else ("y_pred", PRED)


CASES = [
    # (case, y_true, second argument (None: the valid one), which argument is at fault)
    ("1-D y_true", [1, 0, 1], "1-D", "y_true"),
    ("values other than 0/1 in y_true", [[1, 0, 2], [0, 1, 0], [1, 1, 0]], None, "y_true"),
    ("shapes differ", TRUTH, "one row more", "second"),
    ("empty matrices", np.zeros((0, 3)), "empty", "y_true"),
    ("NaN in the second argument", TRUTH, "nan", "second"),
]


def _second(name, how):
    arg, valid = second_of(name)
    values = np.array(valid, dtype=float)
    if how is None:
        return arg, values
    if how == "1-D":
        return arg, values[:, 0]
    if how == "one row more":
        return arg, np.vstack([values, values[:1]])
    if how == "empty":
        return arg, values[:0]
    values[0, 0] = np.nan
    return arg, values


@pytest.mark.parametrize("name", MULTILABEL)
@pytest.mark.parametrize(("case", "y_true", "how", "fault"), CASES, ids=[c[0] for c in CASES])
def test_bad_matrices(name, case, y_true, how, fault):
    arg, second = _second(name, how)
    argument = arg if fault == "second" else fault
    with pytest.raises(MetricInputError, match=f"^{argument}:"):
        call(name, y_true, second)


@pytest.mark.parametrize("name", sorted(PER_LABEL))
def test_a_label_column_the_binary_metric_cannot_score(name):
    y_true = np.array(TRUTH)
    y_true[:, 1] = 0 if PER_LABEL[name] == "no positive" else 1
    with pytest.raises(MetricInputError, match="^y_true: label column 1"):
        getattr(metrics, name)(y_true, SCORES, **KEYWORDS.get(name, {} if name.endswith("_curve") else
                                                              {"average": None}))


@pytest.mark.parametrize(("name", "average"), [("multilabel_equal_error_rate", "samples"),
                                               ("multilabel_stat_scores", "macro"),
                                               ("multilabel_stat_scores", "binary")])
def test_averages_a_metric_does_not_offer(name, average):
    second = SCORES if name in SCORED else PRED
    with pytest.raises(MetricInputError, match="^average:"):
        getattr(metrics, name)(TRUTH, second, average=average)
