"""An adapter for auditing your own library: expose its functions under catalog names.

    metric-assay audit my_metrics_adapter        (run from this folder)

Names you leave out are reported as "not applicable", never as passed.
"""
from sklearn.metrics import accuracy_score, f1_score  # stand-ins for "your" library

def accuracy(y_true, y_pred, *, sample_weight=None):
    return accuracy_score(y_true, y_pred, sample_weight=sample_weight)

def f1(y_true, y_pred, *, average="binary", pos_label=1, zero_division=0.0):
    return f1_score(y_true, y_pred, average=average, pos_label=pos_label, zero_division=zero_division)
