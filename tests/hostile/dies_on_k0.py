"""A precision_at_k that aborts its process (SIGABRT) on k=0, and silently accepts NaN scores: a crash that used
to hide every later finding of its property (pytrec_eval's P_0 does the first)."""

import os

import numpy as np

import metrics


def precision_at_k(y_true, y_score=None, *, k=None):
    if k is not None and k == 0:
        os.abort()
    if y_score is not None:
        score = np.asarray(y_score, dtype=float)
        if np.isnan(score).any():
            y_score = np.nan_to_num(score, nan=0.0)
    return metrics.precision_at_k(y_true, y_score, k=k)
