"""The catalog's ranking arguments as one batch of queries, for adapters of libraries that take other forms."""

from __future__ import annotations

import numpy as np


def grades_and_scores(y_true, y_score):
    """(grades, scores, single): 2-D float grades and scores of the same shape, and whether the input was 1-D.

    A ranked list (``y_score=None``) gets the strictly decreasing scores n, n-1, ..., 1 (the list order). Raises
    ValueError naming the argument for an empty query or scores whose shape differs from the grades'.
    """
    grades = np.asarray(y_true, dtype=float)
    single = grades.ndim == 1
    grades = np.atleast_2d(grades)
    if grades.ndim != 2 or grades.shape[1] == 0:
        raise ValueError(f"y_true: expected non-empty queries, got shape {np.shape(y_true)}")
    if y_score is None:
        return grades, np.broadcast_to(np.arange(grades.shape[1], 0, -1, dtype=float), grades.shape), single
    scores = np.asarray(y_score, dtype=float)
    scores = scores[None, :] if single and scores.ndim == 1 else scores
    if scores.shape != grades.shape:
        raise ValueError(f"y_score: shape {scores.shape} does not match y_true's {grades.shape}")
    return grades, scores, single


def binary_grades(args, kwargs) -> bool:
    """A declared domain (``DOMAINS[name] = {"where": binary_grades}``) for libraries that count relevant documents
    instead of summing grades: False when every grade is finite and some grade is not 0 or 1 (bad input stays
    inside the domain, where the spec checks that it is refused)."""
    y_true = args[0] if args else kwargs.get("y_true")
    try:
        grades = np.asarray(y_true, dtype=float)
    except (TypeError, ValueError):
        return True
    return not np.isfinite(grades).all() or bool(np.isin(grades, (0.0, 1.0)).all())


def one_relevant_per_query(args, kwargs) -> bool:
    """A declared domain (``DOMAINS[name] = {"where": one_relevant_per_query}``) for average_reciprocal_hit_rate
    mapped onto a library's reciprocal rank: True when every query has exactly one relevant document (grade > 0).
    That is the leave-one-out protocol ARHR was defined on (Deshpande & Karypis 2004: one held-out item per user),
    where the sum of 1/rank over the hits in the top k is the reciprocal rank of the one hit, so ARHR@k = MRR@k.
    Bad input stays inside the domain, where the spec checks that it is refused (a refusal does not depend on the
    grades): grades that are not a finite non-empty rectangular array, scores of another shape or not finite, a
    cutoff k below 1."""
    y_true = args[0] if args else kwargs.get("y_true")
    y_score = args[1] if len(args) > 1 else kwargs.get("y_score")
    k = kwargs.get("k")
    try:
        grades = np.asarray(y_true, dtype=float)
        scores = None if y_score is None else np.asarray(y_score, dtype=float)
    except (TypeError, ValueError):
        return True
    if grades.ndim not in (1, 2) or grades.size == 0 or not np.isfinite(grades).all():
        return True
    if scores is not None and (scores.shape != grades.shape or not np.isfinite(scores).all()):
        return True
    if k is not None and not (isinstance(k, (int, np.integer)) and k >= 1):
        return True
    return bool(((np.atleast_2d(grades) > 0).sum(axis=1) == 1).all())
