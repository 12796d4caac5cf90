"""tinymetrics: a toy metric library, standing in for one whose names and conventions differ from the catalog.

Predictions come first, accuracy is a percentage, results are float32, shape
errors are RuntimeErrors, and F-scores have no binary mode and no weights. Its
streaming accuracy (``AccMeter``) computes 0.0 before it has seen a sample.
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


class AccMeter:
    """Streaming accuracy in percent: ``update(preds, target)`` per batch, ``compute()``, ``reset()``,
    ``merge(other)``. A meter that has seen nothing computes 0.0."""

    def __init__(self):
        self.correct, self.total = 0, 0

    def update(self, preds, target) -> None:
        preds, target = np.asarray(preds), np.asarray(target)
        if preds.size == 0 and target.size == 0:
            return
        preds, target = _check(preds, target)
        self.correct += int(np.sum(preds == target))
        self.total += preds.size

    def compute(self) -> np.float32:
        if self.total == 0:
            return np.float32(0.0)
        return np.float32(100.0 * (self.correct / self.total))

    def reset(self) -> None:
        self.correct, self.total = 0, 0

    def merge(self, other: "AccMeter") -> None:
        self.correct += other.correct
        self.total += other.total
