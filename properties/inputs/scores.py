"""Shared Hypothesis strategies for binary labels with real scores, and for curve points.

A *ranking* is ``(y_true, y_score)``: ``y_true`` in {0, 1} (int64) and real
scores with ties. Strategies stay small (at most :data:`MAX_SIZE` samples) and
reach the edges on purpose: two samples (one for metrics defined without
negatives), a single positive or negative, all scores tied, few distinct scores
(heavy ties), magnitudes from tiny to 1e9, float32 scores.

*Curve points* are ``(x, y)`` with x monotonic (non-decreasing or
non-increasing), the input of an area under a curve.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from . import (FLOAT16_MAX, FLOAT16_REALS, ROUNDED, InputShape, Recast, float_recasts, integer_recasts, list_recast,
               dtype_name, mapped_edges, upcast, with_edges)

MAX_SIZE = 20


def score_arrays(n: int):
    """n scores: few distinct values (heavy ties), any magnitude, or float32 probabilities."""
    return st.one_of(
        # few distinct values: heavy ties, all-tied included
        hnp.arrays(np.float64, n, elements=st.integers(-2, 2).map(float)),
        # any magnitude, tiny to huge, both signs
        hnp.arrays(np.float64, n, elements=st.floats(-1e9, 1e9, allow_nan=False, allow_infinity=False)),
        # probabilities in float32
        hnp.arrays(np.float32, n, elements=st.floats(0, 1, width=32)),
    )


def grid_scores(n: int):
    """n scores on a grid of quarter-units in [-30, 30]: scaling by 1e-7 or 1e7 and the sigmoid
    keep them strictly ordered in float64, so those transforms are strictly increasing."""
    return hnp.arrays(np.float64, n, elements=st.integers(-120, 120).map(lambda k: k / 4))


def small_scores(n: int):
    """n scores in {0, 1, 2}: enough for a valid input, cheap to shrink."""
    return hnp.arrays(np.float64, n, elements=st.integers(0, 2).map(float))


@st.composite
def binary_rankings(draw, *, need_negative=True, scores=score_arrays, min_size=2, max_size=MAX_SIZE):
    """(y_true in {0, 1}, y_score): at least one positive, and one negative if asked."""
    n = draw(st.integers(min_size, max_size))
    y = draw(hnp.arrays(np.int64, n, elements=st.integers(0, 1)))
    if not y.any():
        y[draw(st.integers(0, n - 1))] = 1
    if need_negative and y.all():
        y[draw(st.integers(0, n - 1))] = 0
        if not y.any():
            y[0] = 1  # n >= 2: the flipped sample was the only one
    return y, draw(scores(n))


def _y(values) -> np.ndarray:
    return np.array(values, dtype=np.int64)


def _s(values, dtype=np.float64) -> np.ndarray:
    return np.array(values, dtype=dtype)


def ranking_edges(need_negative: bool = True) -> tuple:
    """The rankings that break score metrics: every score tied, integer-valued scores (the dtype axis
    then offers them as int64), one positive among negatives, the fewest samples, scores offset by 1e8
    (one float32 value) and by 1e3 (distinct in float32) with unit spread, subnormal scores, float32 scores
    tied after rounding, the one positive ranked last; without ``need_negative`` also positives only, and a
    single sample."""
    edges = [
        ("all_tied", (_y([0, 1, 0, 1]), _s([0.5, 0.5, 0.5, 0.5]))),
        ("integer_scores", (_y([0, 0, 1, 1]), _s([1, 2, 3, 4]))),
        ("one_positive", (_y([0, 0, 0, 1, 0]), _s([0.1, 0.4, 0.35, 0.8, 0.4]))),
        ("two_samples", (_y([1, 0]), _s([0.2, 0.7]))),
        ("offset_1e8_unit_spread", (_y([0, 1, 1, 0, 1, 0]), 1e8 + _s([0, 1, 2, 3, 4, 5]))),
        # distinct in float32 too (1e8 + k is not, and is skipped for a float32 target): far beyond [0, 1], where
        # a sigmoid applied to the scores ties them all at 1.0
        ("offset_1e3_unit_spread", (_y([0, 1, 1, 0, 1, 0]), 1e3 + _s([0, 1, 2, 3, 4, 5]))),
        ("subnormal_scores", (_y([0, 1, 0, 1]), _s([5e-324, 1e-320, 0.0, 2e-310]))),
        ("float32_ties", (_y([0, 1, 1, 0]), _s([0.1, 0.9, 0.9, 0.3], np.float32))),
        ("one_positive_ranked_last", (_y([0, 0, 0, 1]), _s([0.9, 0.5, 0.7, 0.1]))),
    ]
    if not need_negative:
        edges += [("positives_only", (_y([1, 1, 1]), _s([0.2, 0.5, 0.5]))),
                  ("single_sample", (_y([1]), _s([0.5])))]
    return tuple(edges)


def weighted_ranking_edges() -> tuple:
    """(ranking, integer weights): a zero weight first, in the middle and last (that sample left out).
    The sample weighted 0 shares its score with another sample: a score of its own would add a
    threshold to a curve that the samples repeated do not have."""
    ranking = (_y([0, 1, 0, 1, 1, 0]), _s([0.5, 0.8, 0.8, 0.1, 0.5, 0.1]))
    return tuple((name, (ranking, _s(w))) for name, w in (
        ("zero_weight_first", [0, 1, 2, 1, 3, 1]), ("zero_weight_middle", [2, 1, 0, 1, 3, 1]),
        ("zero_weight_last", [1, 3, 2, 1, 2, 0])))


def rankings_for(need_negative: bool, **options):
    """Both classes (at least 2 samples), or at least one positive (at least 1 sample)."""
    strategy = binary_rankings(need_negative=need_negative, min_size=2 if need_negative else 1, **options)
    return strategy if options else with_edges(strategy, ranking_edges(need_negative))


#: both classes present
rankings = rankings_for(True)
#: at least one positive; no negative allowed (precision is defined there)
pr_rankings = rankings_for(False)
#: for refusals and undefined cases: the input only has to be valid before it is spoiled,
#: and tiny examples keep the search for a minimal counterexample cheap
tiny_rankings = binary_rankings(max_size=4, scores=small_scores)


def perfect_ranking(ex):
    """The ranking with every positive scored above every negative (the scores' order kept within a class)."""
    y, s = ex
    return y, np.where(y == 1, 1.0 + np.abs(s), -np.abs(s))


def _one_non_finite(s, index, value):
    out = np.asarray(s, dtype=np.float64).copy()
    out[index] = value
    return out


def _three_classes(y, s):
    """Append one sample of each class 0, 1 and 2: y_true is then certainly not binary."""
    return np.concatenate((y, [0, 1, 2])), np.concatenate((np.asarray(s, dtype=np.float64), [0.1, 0.2, 0.3]))


@st.composite
def bad_rankings(draw):
    """((y_true, y_score), argument at fault, defect): a NaN or infinite score, y_score one longer than
    y_true, a third class in y_true, or empty input (blamed on y_true)."""
    y, s = draw(tiny_rankings)
    defect = draw(st.sampled_from(["nan", "inf", "length_mismatch", "non_binary", "empty"]))
    at = draw(st.integers(0, y.size - 1))
    if defect == "nan":
        return (y, _one_non_finite(s, at, np.nan)), "y_score", defect
    if defect == "inf":
        return (y, _one_non_finite(s, at, draw(st.sampled_from([np.inf, -np.inf])))), "y_score", defect
    if defect == "length_mismatch":
        return (y, np.append(s, 0.5)), "y_score", defect
    if defect == "non_binary":
        return _three_classes(y, s), "y_true", defect
    return (y[:0], s[:0]), "y_true", defect


#: bad rankings every profile reaches: a NaN label, and one score against four labels (which NumPy would broadcast)
BAD_RANKING_EDGES = (
    ("nan_label", ((np.array([0.0, np.nan, 1.0, 1.0]), np.array([0.1, 0.4, 0.35, 0.8])), "y_true", "nan")),
    ("broadcast_y_score", ((np.array([0, 1, 1, 0]), np.array([0.5])), "y_score", "broadcast")),
)


def _take(ex, idx: np.ndarray):
    return tuple(a[idx] for a in ex)


def _call_scores(t, name: str, ex, **kw):
    """The metric's value; a curve as its two rate arrays end to end (thresholds left out: they are
    scores, outside the rates' range)."""
    result = getattr(t, name)(*ex, **kw)
    if isinstance(result, tuple):
        return np.concatenate([np.asarray(a, dtype=float).ravel() for a in result[:2]])
    return result


@st.composite
def _with_weights(draw, examples):
    """(ranking, integer weights 1..3 as floats)."""
    y, s = draw(examples)
    return (y, s), draw(hnp.arrays(np.int64, y.shape[0], elements=st.integers(1, 3))).astype(np.float64)


def _recast_ranking(ex) -> list[Recast]:
    """y_true (0/1) in every integer dtype and as bool; y_score rounded to float32, and to float16 where
    every score is a normal float16 (scores are only ranked: any magnitude float16 holds will do), and
    integer-valued scores as int64, and as bool where every score is 0 or 1; both as Python lists. An example drawn with float32 scores is compared with its float64 upcast."""
    y, s = ex
    canonical = (y, upcast(s))
    return [
        *integer_recasts("y_true", [y], lambda a, dtype: (a[0], s), boolean=True),
        *float_recasts("y_score", [s], lambda a: (y, a[0]), ops=len(s), float16_bound=FLOAT16_MAX),
        # integer scores (counts, votes, ranks): exact, compared with the same values in float64; scores that
        # are all 0 or 1 (hard predictions) also as bool
        *integer_recasts("y_score", [s], lambda a, dtype: (y, a[0]), dtypes=(np.int64,), boolean=True,
                         versus=dtype_name(upcast(s))),
        list_recast("y_true, y_score", [y, s], tuple, versus="int64, float64",
                    baseline=canonical if canonical[1] is not s else None),
    ]


def _scores_shape(need_negative: bool, name: str) -> InputShape:
    examples = rankings_for(need_negative)
    return InputShape(
        name=name,
        examples=lambda metric: examples,
        size=lambda ex: int(ex[0].shape[0]),
        take=_take,
        call=_call_scores,
        weighted=lambda metric: with_edges(_with_weights(examples), weighted_ranking_edges()),
        perfect=lambda metric: with_edges(examples.map(perfect_ranking),
                                          mapped_edges(ranking_edges(need_negative), perfect_ranking)),
        bad=lambda metric: with_edges(bad_rankings(), BAD_RANKING_EDGES),
        recast=_recast_ranking,
        dtypes=f"0/1 labels as int8 to uint64 and bool; scores in float32 and float16, {ROUNDED}; integer scores "
               "as int64, 0/1 scores as bool; Python lists",
        # same samples in another order or repeated: identical counts, so only the last ulp may move
        rtol=1e-12,
        atol=1e-15,
        tie_keys=lambda ex: ex[1],
    )


#: binary labels with scores, both classes present (ROC, DET, EER)
SCORES = _scores_shape(True, "binary labels with scores")
#: binary labels with scores, at least one positive, negatives optional (precision-recall)
SCORES_NEGATIVES_OPTIONAL = _scores_shape(False, "binary labels (a positive at least) with scores")


def operating_point(result) -> tuple[float, float]:
    """``(value, threshold)`` of an operating-point metric's result (``OperatingPoint`` or any pair), as floats."""
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        raise AssertionError(f"expected (value, threshold), got {result!r}")
    value, threshold = (float(np.asarray(r, dtype=float)) for r in result)
    return value, threshold


def _call_operating_value(t, name: str, ex, **kw):
    """The value of an operating-point metric (its threshold is a score: the family checks it)."""
    return operating_point(getattr(t, name)(*ex, **kw))[0]


def _call_operating_point(t, name: str, ex, **kw):
    """The whole operating point, ``[value, threshold]``: a stream must reach the one call's threshold too."""
    return np.array(operating_point(getattr(t, name)(*ex, **kw)))


#: SCORES for metrics returning (value, threshold) at a constrained operating point: the value alone
OPERATING_POINT_SCORES = dataclasses.replace(SCORES, call=_call_operating_value)
#: the same with negatives optional (the precision-recall operating points)
OPERATING_POINT_SCORES_NEGATIVES_OPTIONAL = dataclasses.replace(SCORES_NEGATIVES_OPTIONAL,
                                                                call=_call_operating_value)
#: the operating points' streams, compared with the one call as ``[value, threshold]``
OPERATING_POINT_STREAM_SCORES = dataclasses.replace(SCORES, call=_call_operating_point)
OPERATING_POINT_STREAM_SCORES_NEGATIVES_OPTIONAL = dataclasses.replace(SCORES_NEGATIVES_OPTIONAL,
                                                                       call=_call_operating_point)


# ------------------------------------------------------------------ curve points


@st.composite
def monotone_curves(draw):
    """Points with x non-decreasing or non-increasing (repeats allowed), on a grid of quarter-units:
    every trapezoid is then exact in float64, and so is their sum."""
    n = draw(st.integers(2, 20))
    grid = st.integers(-400, 400).map(lambda k: k / 4)
    x = np.sort(draw(hnp.arrays(np.float64, n, elements=grid)))
    y = draw(hnp.arrays(np.float64, n, elements=grid))
    return (x[::-1].copy(), y) if draw(st.booleans()) else (x, y)


@st.composite
def curve_points(draw):
    """3..10 points in the unit square, x increasing."""
    n = draw(st.integers(3, 10))
    x = np.sort(draw(hnp.arrays(np.float64, n, elements=st.floats(0, 1))))
    return x, draw(hnp.arrays(np.float64, n, elements=st.floats(0, 1)))


@st.composite
def bad_curve_points(draw):
    """((x, y), argument at fault, defect): x going up and down, NaN in y, y one longer than x, one point."""
    x, y = draw(curve_points())
    defect = draw(st.sampled_from(["non_monotonic", "nan", "length_mismatch", "single_point"]))
    if defect == "non_monotonic":
        return (np.array([0.0, 1.0, 0.5]), y[:3]), "x", defect
    if defect == "nan":
        return (x, _one_non_finite(y, draw(st.integers(0, y.size - 1)), np.nan)), "y", defect
    if defect == "length_mismatch":
        return (x, np.append(y, 1.0)), "y", defect
    return (x[:1], y[:1]), "x", defect


def _f64(values) -> np.ndarray:
    return np.array(values, dtype=np.float64)


def curve_edges() -> tuple:
    """Curves that break the trapezoidal rule: two points, a repeated x (a vertical step), x decreasing (a
    negative area), a constant y, and integer points."""
    return (
        ("two_points", (_f64([0.0, 1.0]), _f64([0.0, 1.0]))),
        ("repeated_x", (_f64([0.0, 0.5, 0.5, 1.0]), _f64([0.0, 0.25, 0.75, 1.0]))),
        ("x_decreasing", (_f64([3.0, 2.0, 0.5, 0.0]), _f64([1.0, 2.0, -1.0, 0.5]))),
        ("constant_y", (_f64([-2.0, 0.0, 1.5, 4.0]), _f64([3.0, 3.0, 3.0, 3.0]))),
        ("integer_points", (_f64([0, 1, 2, 5, 9]), _f64([4, -2, 0, 7, 1]))),
    )


CURVE_POINTS = InputShape(
    name="curve points (monotonic x, real y)",
    examples=lambda metric: with_edges(monotone_curves(), curve_edges()),
    size=lambda ex: int(ex[0].shape[0]),
    take=_take,
    call=lambda t, name, ex, **kw: getattr(t, name)(*ex, **kw),
    bad=lambda metric: with_edges(bad_curve_points(), (
        ("broadcast_y", ((_f64([0.0, 0.5, 1.0]), _f64([1.0])), "y", "broadcast")),)),
    # quarter-units: float32 holds them exactly, float16 within FLOAT16_REALS; the trapezoids sum n terms
    dtypes=f"float32, and float16 for values within 16, {ROUNDED}; int64 for integer values; Python lists",
    recast=lambda ex: [
        *float_recasts("x, y", list(ex), tuple, ops=len(ex[0]), float16_bound=FLOAT16_REALS),
        *integer_recasts("x, y", list(ex), lambda a, dtype: tuple(a), dtypes=(np.int64,), versus="float64"),
        list_recast("x, y", list(ex), tuple, versus="float64"),
    ],
)
