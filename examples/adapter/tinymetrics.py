"""tinymetrics: a toy metric library, standing in for one whose names and conventions differ from the catalog.

Predictions come first, accuracy is a percentage, results are float32, shape
errors are RuntimeErrors, and F-scores have no binary mode and no weights.
(It is not part of metric-assay: ``docs/adapters.md`` writes an adapter for it.)
"""

from __future__ import annotations

import numpy as np


def _check(preds, target):
    preds, target = np.asarray(preds), np.asarray(target)
    if preds.shape != target.shape or preds.ndim != 1 or preds.size == 0:
        raise RuntimeError(f"preds and target must be non-empty 1-D arrays of one shape, got {preds.shape}, {target.shape}")
    return preds, target


def acc(preds, target) -> np.float32:
    """Accuracy in percent."""
    preds, target = _check(preds, target)
    return np.float32(100.0 * np.mean(preds == target))


def f_score(preds, target, beta: float = 1.0, average: str = "macro"):
    """F-beta over the sorted classes present; average 'micro', 'macro' or 'none' (per class)."""
    preds, target = _check(preds, target)
    classes = np.unique(np.concatenate([preds, target]))
    tp = np.array([np.sum((preds == c) & (target == c)) for c in classes], dtype=float)
    fp = np.array([np.sum((preds == c) & (target != c)) for c in classes], dtype=float)
    fn = np.array([np.sum((preds != c) & (target == c)) for c in classes], dtype=float)
    b2 = beta * beta
    if average == "micro":
        tp, fp, fn = tp.sum(), fp.sum(), fn.sum()
    denominator = (1 + b2) * tp + b2 * fn + fp
    scores = np.divide((1 + b2) * tp, denominator, out=np.zeros_like(denominator * 1.0), where=denominator > 0)
    if average in ("micro", "none"):
        return np.asarray(scores, dtype=np.float32), classes
    if average == "macro":
        return np.float32(scores.mean())
    raise ValueError(f"average must be 'micro', 'macro' or 'none', got {average!r}")


def mse(preds, target) -> np.float32:
    preds, target = _check(np.asarray(preds, float), np.asarray(target, float))
    if not np.isfinite(preds).all() or not np.isfinite(target).all():
        raise ValueError("inputs must be finite")
    return np.float32(np.mean((preds - target) ** 2))
