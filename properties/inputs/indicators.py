"""Hypothesis strategies for multilabel inputs: indicator matrices and label scores.

An *indicator pair* is ``(y_true, y_pred)``: two int64 0/1 matrices of one shape
(n_samples x n_labels). A *scored indicator* is ``(y_true, y_score)``: a 0/1
matrix and real scores of the same shape (few distinct values: ties within a
row and within a column are common). The samples are the rows; every strategy
draws rows (the shrinker deletes a sample from both matrices at once), at most
:data:`MAX_SAMPLES` of them, over 1..:data:`MAX_LABELS` labels.

Draws reach rows with no label, rows with every label, columns never true or
never predicted; the named edge cases (:func:`pair_edges`, :func:`scored_edges`)
add an empty row, a label never predicted, every label true, a single sample, a
single label column and tied scores in every profile.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from . import FLOAT16_MAX, ROUNDED, InputShape, Recast, float_recasts, integer_recasts, list_recast, mapped_edges, \
    with_edges

MAX_SAMPLES = 8
MAX_LABELS = 5

#: how often a cell is 1: rows with nothing and rows with everything need the sparse and dense ends
_DENSITIES = {"sparse": [0, 0, 0, 1], "half": [0, 1], "dense": [0, 1, 1, 1]}


def _cells(density: str):
    return st.sampled_from(_DENSITIES[density])


def _matrix(rows, n_labels: int) -> np.ndarray:
    return np.array(rows, dtype=np.int64).reshape(len(rows), n_labels)


@st.composite
def _indicator_pairs(draw, *, min_samples: int = 1, max_samples: int = MAX_SAMPLES, min_labels: int = 1,
                     max_labels: int = MAX_LABELS):
    n_labels = draw(st.integers(min_labels, max_labels))
    cells = _cells(draw(st.sampled_from(sorted(_DENSITIES))))
    row = hnp.arrays(np.int64, n_labels, elements=cells)
    if draw(st.booleans()):  # a prediction independent of the truth
        rows = draw(st.lists(st.tuples(row, row), min_size=min_samples, max_size=max_samples))
    else:  # a noisy copy of the truth: perfect rows and near misses
        flips = hnp.arrays(np.int64, n_labels, elements=st.sampled_from([0, 0, 0, 1]))
        rows = [(t, t ^ f) for t, f in draw(st.lists(st.tuples(row, flips), min_size=min_samples,
                                                     max_size=max_samples))]
    return _matrix([t for t, _ in rows], n_labels), _matrix([p for _, p in rows], n_labels)


def _i(rows) -> np.ndarray:
    return np.array(rows, dtype=np.int64)


def pair_edges() -> tuple:
    """Indicator pairs that break multilabel metrics: an empty row (no true, no predicted label: 0/0 per
    row), a label never predicted and one never true (0/0 per label), every label true, nothing true or
    predicted at all, a single sample, a single label column (which a library may read as binary
    single-label data), and a label neither true nor predicted anywhere (an empty column of both)."""
    return (
        ("empty_row", (_i([[0, 0, 0], [1, 0, 1], [0, 1, 1]]), _i([[0, 0, 0], [1, 1, 0], [0, 1, 1]]))),
        ("label_never_predicted", (_i([[1, 1, 0], [0, 1, 1], [1, 0, 0]]), _i([[1, 0, 0], [0, 0, 1], [1, 0, 1]]))),
        ("label_never_true", (_i([[1, 0, 0], [1, 0, 1], [0, 0, 1]]), _i([[1, 1, 0], [0, 0, 1], [0, 1, 1]]))),
        ("every_label_true", (_i([[1, 1, 1], [1, 1, 1]]), _i([[1, 0, 1], [1, 1, 1]]))),
        ("nothing_true_nothing_predicted", (_i([[0, 0], [0, 0]]), _i([[0, 0], [0, 0]]))),
        ("single_sample", (_i([[1, 0, 1, 0]]), _i([[1, 1, 0, 0]]))),
        ("single_label_column", (_i([[1], [0], [1], [0]]), _i([[1], [1], [0], [0]]))),
        ("empty_column", (_i([[1, 0, 1], [0, 0, 1], [1, 0, 0]]), _i([[1, 0, 0], [0, 0, 1], [1, 0, 1]]))),
    )


def indicator_pairs(*, min_samples: int = 1, max_samples: int = MAX_SAMPLES, min_labels: int = 1,
                    max_labels: int = MAX_LABELS):
    """(y_true, y_pred): two 0/1 int64 matrices of one shape, with the edge cases of :func:`pair_edges` that fit
    the sizes (``min_labels=2`` leaves out a single label column, which a library may read as single-label data)."""
    edges = tuple((n, ex) for n, ex in pair_edges()
                  if min_samples <= len(ex[0]) <= max_samples and min_labels <= ex[0].shape[1] <= max_labels)
    return with_edges(_indicator_pairs(min_samples=min_samples, max_samples=max_samples, min_labels=min_labels,
                                       max_labels=max_labels), edges)


def _score_rows(n_labels: int):
    """One row of scores: a few distinct small integers (ties), or any magnitude, or float32 probabilities."""
    return st.one_of(
        hnp.arrays(np.float64, n_labels, elements=st.integers(0, 3).map(float)),
        hnp.arrays(np.float64, n_labels, elements=st.floats(-1e6, 1e6, allow_nan=False, allow_subnormal=False)),
        hnp.arrays(np.float32, n_labels, elements=st.floats(0, 1, width=32)).map(lambda r: r.astype(np.float64)),
    )


@st.composite
def _scored(draw, *, min_samples: int = 1, max_samples: int = MAX_SAMPLES, min_labels: int = 1,
            max_labels: int = MAX_LABELS):
    n_labels = draw(st.integers(min_labels, max_labels))
    row = hnp.arrays(np.int64, n_labels, elements=_cells(draw(st.sampled_from(sorted(_DENSITIES)))))
    rows = draw(st.lists(st.tuples(row, _score_rows(n_labels)), min_size=min_samples, max_size=max_samples))
    return (_matrix([t for t, _ in rows], n_labels),
            np.array([s for _, s in rows], dtype=np.float64).reshape(len(rows), n_labels))


def _f(rows) -> np.ndarray:
    return np.array(rows, dtype=np.float64)


def scored_edges() -> tuple:
    """Scored indicators that break label-ranking metrics: every score tied, ties between a relevant and an
    irrelevant label, an empty row, a row with every label, a single sample, a single label column, and
    integer scores."""
    return (
        ("all_scores_tied", (_i([[1, 0, 1], [0, 1, 0]]), _f([[0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]))),
        ("relevant_tied_with_irrelevant", (_i([[1, 0, 0, 1], [0, 1, 1, 0]]),
                                           _f([[0.7, 0.7, 0.2, 0.1], [0.3, 0.9, 0.3, 0.9]]))),
        ("empty_row", (_i([[0, 0, 0], [1, 0, 1], [0, 1, 0]]), _f([[0.1, 0.5, 0.9], [0.8, 0.4, 0.2], [0.3, 0.3, 0.6]]))),
        ("every_label_true", (_i([[1, 1, 1], [1, 0, 0]]), _f([[0.2, 0.9, 0.4], [0.3, 0.6, 0.1]]))),
        ("single_sample", (_i([[0, 1, 1, 0]]), _f([[0.4, 0.1, 0.8, 0.4]]))),
        ("single_label_column", (_i([[1], [0], [1]]), _f([[0.3], [0.6], [0.9]]))),
        ("integer_scores", (_i([[1, 0, 1], [0, 0, 1], [1, 1, 0]]), _f([[3, 1, 2], [0, 2, 2], [1, 3, 0]]))),
    )


def scored_indicators(*, min_labels: int = 1):
    """(y_true, y_score): a 0/1 int64 matrix and float64 scores of one shape, with :func:`scored_edges`
    (those with at least ``min_labels`` columns)."""
    return with_edges(_scored(min_labels=min_labels),
                      tuple((n, ex) for n, ex in scored_edges() if ex[0].shape[1] >= min_labels))


def _both_classes_everywhere(ex):
    """The example with two rows appended (alternating 0/1 and its complement), so that every column holds
    both classes, and each constant row of y_true turned non-constant by flipping its first cell."""
    t, s = ex
    n_labels = t.shape[1]
    t = t.copy()
    constant = (t == t[:, :1]).all(axis=1)
    t[constant, 0] = 1 - t[constant, 0]
    checker = np.arange(n_labels) % 2
    extra_t = np.stack([checker, 1 - checker])
    extra_s = np.stack([np.linspace(0.0, 1.0, n_labels), np.linspace(1.0, 0.0, n_labels)])
    return np.vstack([t, extra_t]), np.vstack([s, extra_s])


def both_classes_edges() -> tuple:
    """Scored indicators where every row and every column holds both classes (ROC AUC and AP defined in every
    averaging): every score tied, ties across classes within a column and within a row, integer scores, two
    labels, and the fewest samples (two)."""
    return (
        ("all_scores_tied", (_i([[1, 0, 1], [0, 1, 0]]), _f([[0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]))),
        ("ties_across_classes", (_i([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]]),
                                 _f([[0.7, 0.7, 0.2, 0.1], [0.3, 0.9, 0.2, 0.9], [0.7, 0.3, 0.3, 0.1]]))),
        ("integer_scores", (_i([[1, 0, 1], [0, 1, 0], [1, 1, 0]]), _f([[3, 1, 2], [0, 2, 2], [1, 3, 0]]))),
        ("two_samples_two_labels", (_i([[1, 0], [0, 1]]), _f([[0.2, 0.6], [0.9, 0.1]]))),
    )


def scored_indicators_both_classes():
    """(y_true, y_score) with both classes in every row and every column (at least 2 labels, 2 samples)."""
    return with_edges(_scored(max_samples=MAX_SAMPLES - 2, min_labels=2).map(_both_classes_everywhere),
                      both_classes_edges())


def perfect_scores(ex):
    """Scores that put every relevant label above every irrelevant one, in each row *and* each column:
    ``y_true + u`` with ``u`` in [0, 0.5) keeping the drawn scores' order within the class."""
    t, s = ex
    spread = np.argsort(np.argsort(s, axis=None, kind="stable"), kind="stable").reshape(s.shape)
    return t, t + 0.5 * spread / max(s.size, 1)


# ------------------------------------------------------------------ bad input


@st.composite
def bad_indicator_pairs(draw, *, second: str = "y_pred", scores: bool = False):
    """((y_true, second), argument at fault, defect): a value other than 0/1, 1-D input, ragged rows,
    shapes that differ, an empty matrix, and for scores a NaN or infinite score."""
    if scores:
        t, s = draw(_scored(max_samples=4, max_labels=3))
    else:
        t, s = draw(_indicator_pairs(max_samples=4, max_labels=3))
    defects = ["non_binary", "one_dimensional", "ragged", "shape_mismatch", "empty"]
    defects += ["nan", "inf"] if scores else []
    defect = draw(st.sampled_from(defects))
    i, j = draw(st.integers(0, t.shape[0] - 1)), draw(st.integers(0, t.shape[1] - 1))
    if defect == "non_binary":
        bad = t.copy()
        bad[i, j] = draw(st.sampled_from([2, -1]))
        return (bad, s), "y_true", defect
    if defect == "one_dimensional":
        return (t[:, 0].copy(), s[:, 0].copy()), "y_true", defect
    if defect == "ragged":
        rows = s.tolist() + [s[0].tolist() + [s[0][0]]]
        return (np.vstack([t, t[:1]]), rows), second, defect
    if defect == "shape_mismatch":
        wider = np.hstack([s, s[:, :1]]) if draw(st.booleans()) else np.vstack([s, s[:1]])
        return (t, wider), second, defect
    if defect == "empty":
        return (t[:0], s[:0]), "y_true", defect
    bad = s.astype(np.float64).copy()
    bad[i, j] = np.nan if defect == "nan" else draw(st.sampled_from([np.inf, -np.inf]))
    return (t, bad), second, defect


def bad_indicator_edges(second: str = "y_pred", scores: bool = False) -> tuple:
    """Bad pairs every profile reaches: a NaN in y_true, and ``second`` of one row against four (which NumPy would
    broadcast). Both classes lie in every row and column of y_true before it is spoiled."""
    t = np.array([[0, 1], [1, 0], [0, 1], [1, 0]])
    s = np.array([[0.2, 0.7], [0.9, 0.4], [0.1, 0.3], [0.6, 0.5]]) if scores else np.array([[0, 1], [1, 1], [0, 0],
                                                                                              [1, 0]])
    nan = t.astype(np.float64)
    nan[1, 0] = np.nan
    return (("nan_y_true", ((nan, s), "y_true", "nan")),
            ("broadcast_" + second, ((t, s[:1]), second, "broadcast")))


# ------------------------------------------------------------------ the shapes


def _take(ex, idx: np.ndarray):
    return tuple(a[idx] for a in ex)


def _call(t, name: str, ex, **kw):
    return getattr(t, name)(ex[0], ex[1], **kw)


def _recast_pair(ex) -> list[Recast]:
    """Both matrices in every integer dtype and as bool; both as nested Python lists."""
    return [
        *integer_recasts("y_true, y_pred", list(ex), lambda a, dtype: tuple(a), boolean=True),
        list_recast("y_true, y_pred", list(ex), tuple, versus="int64"),
    ]


def _recast_scored(ex) -> list[Recast]:
    """y_true in every integer dtype and as bool; y_score rounded to float32 and float16 (compared with the
    same rounded values in float64), integer scores as int64; both as nested Python lists."""
    t, s = ex
    return [
        *integer_recasts("y_true", [t], lambda a, dtype: (a[0], s), boolean=True),
        *float_recasts("y_score", [s], lambda a: (t, a[0]), ops=s.size, float16_bound=FLOAT16_MAX),
        *integer_recasts("y_score", [s], lambda a, dtype: (t, a[0]), dtypes=(np.int64,), versus="float64"),
        list_recast("y_true, y_score", [t, s], tuple, versus="int64, float64"),
    ]


def _perfect_pair(ex):
    return ex[0], ex[0].copy()


INDICATOR_PAIRS = InputShape(
    name="indicator matrices (y_true, y_pred)",
    examples=lambda metric: indicator_pairs(),
    size=lambda ex: int(ex[0].shape[0]),
    take=_take,
    call=_call,
    swap=lambda ex: (ex[1], ex[0]),
    perfect=lambda metric: with_edges(_indicator_pairs().map(_perfect_pair), mapped_edges(pair_edges(), _perfect_pair)),
    bad=lambda metric: with_edges(bad_indicator_pairs(), bad_indicator_edges()),
    recast=_recast_pair,
    dtypes="0/1 matrices as int8 to uint64 and bool; nested Python lists",
    # the same counts in another order: only the last ulp of a mean may move
    rtol=1e-12,
    atol=1e-15,
)


def _scored_shape(name: str, examples, edges) -> InputShape:
    return InputShape(
        name=name,
        examples=lambda metric: examples,
        size=lambda ex: int(ex[0].shape[0]),
        take=_take,
        call=_call,
        perfect=lambda metric: with_edges(examples.map(perfect_scores), mapped_edges(edges, perfect_scores)),
        bad=lambda metric: with_edges(bad_indicator_pairs(second="y_score", scores=True),
                                      bad_indicator_edges("y_score", scores=True)),
        recast=_recast_scored,
        dtypes=f"0/1 y_true as int8 to uint64 and bool; scores in float32 and float16, {ROUNDED}; integer scores "
               "as int64; nested Python lists",
        rtol=1e-12,
        atol=1e-15,
        tie_keys=lambda ex: np.asarray(ex[1]).T,  # the samples tie within a label's column of scores
    )


#: a 0/1 truth matrix with scores (label ranking: any rows, empty and full ones included)
SCORED_INDICATORS = _scored_shape("indicator matrix with label scores", scored_indicators(), scored_edges())
#: the same, both classes in every row and every column (per-label ROC AUC and AP defined in every averaging)
SCORED_INDICATORS_BOTH_CLASSES = _scored_shape("indicator matrix with label scores, both classes in every row and "
                                               "column", scored_indicators_both_classes(), both_classes_edges())


def _call_curves(t, name: str, ex, **kw):
    """Per-label curves as one vector: each label's rate arrays (every array of its tuple but the last, the
    thresholds) end to end, label after label (the thresholds left out, as the binary curves' shape leaves them
    out: they are scores, outside the rates' range)."""
    curves = getattr(t, name)(ex[0], ex[1], **kw)
    return np.concatenate([np.asarray(a, dtype=float).ravel() for curve in curves for a in tuple(curve)[:-1]])


#: the same examples for the per-label curves (a list of (x, y, thresholds), one per label), compared as their rates
PER_LABEL_CURVES = dataclasses.replace(SCORED_INDICATORS_BOTH_CLASSES, name="indicator matrix with label scores, "
                                       "both classes in every row and column; per-label curves as their rates",
                                       call=_call_curves)
