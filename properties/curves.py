"""The curves spec: precision-recall, ROC and DET curves, average precision, ROC AUC, EER, auc.

Inputs are binary rankings: ``y_true`` in {0, 1} and real scores with ties
(strategies in :mod:`properties.inputs.scores`). The bounds, perfect-ranking,
sample-order, duplication, integer-weight and bad-input properties are the
generic ones (:mod:`properties.generic`), driven by ``CAPABILITIES``.

Claims quote seeds 000, 002 and 004; the seed 004 ranked detection table and
the seed 000 ROC-ratio table are reproduced as worked-example claims.
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .capabilities import Capability
from .checks import expect, expect_close, expect_in_range, expect_le, expect_printed, expect_refusal, is_nan
from properties.engine.vocabulary import findings, precision
from properties.engine.vocabulary.registry import prop, register
from properties.engine.vocabulary.declared import reports_no_threshold
from properties.engine.target.references import reference
from .inputs import cycled_edges, edges_of, with_edges
from .inputs.scores import (
    CURVE_POINTS,
    curve_edges,
    OPERATING_POINT_SCORES,
    OPERATING_POINT_SCORES_NEGATIVES_OPTIONAL,
    OPERATING_POINT_STREAM_SCORES,
    OPERATING_POINT_STREAM_SCORES_NEGATIVES_OPTIONAL,
    SCORES,
    SCORES_NEGATIVES_OPTIONAL,
    grid_scores,
    monotone_curves,
    operating_point,
    perfect_ranking,
    pr_rankings,
    rankings,
    rankings_for,
    tiny_rankings,
)

CURVES = ("precision_recall_curve", "roc_curve", "det_curve")
#: the ROC family needs both classes; the precision-recall family only positives
ROC_FAMILY = ("roc_curve", "roc_auc", "det_curve", "equal_error_rate")
PR_FAMILY = ("precision_recall_curve", "average_precision")
BINARY_METRICS = PR_FAMILY + ROC_FAMILY
INTERPOLATIONS = (None, "all_points", "11_points")
#: the trapezoidal PR areas (metrics.curves.PR_TRAPEZOIDS), by the precision the curve starts from at recall 0
TRAPEZOIDS = ("trapezoid", "trapezoid_first_precision", "trapezoid_zero_start")
#: the best rate under a constraint on another: metric -> the constraint's keyword (each returns (value, threshold))
OPERATING_POINTS = {
    "recall_at_fixed_precision": "min_precision",
    "precision_at_fixed_recall": "min_recall",
    "sensitivity_at_specificity": "min_specificity",
    "specificity_at_sensitivity": "min_sensitivity",
}
#: operating points of the precision-recall curve (a positive needed) and of the ROC curve (both classes)
PR_OPERATING = ("recall_at_fixed_precision", "precision_at_fixed_recall")
ROC_OPERATING = ("sensitivity_at_specificity", "specificity_at_sensitivity")
#: the metrics that need a negative sample too
NEEDS_NEGATIVES = (*ROC_FAMILY, *ROC_OPERATING, "log_auc")
#: examples of the operating points' and log_auc's properties other than their definitions (about 70 properties:
#: the test suite's time)
_FEWER = 20
#: examples of their definitions (and of the direction of the constraint)
_DEFINITION_EXAMPLES = 40

# ---------------------------------------------------------------- strategies (shared: properties/inputs/scores.py)


def _rankings_for(name: str, **options):
    return rankings_for(name in NEEDS_NEGATIVES, **options)


def ranking_prop(id: str, statement: str, *, curve: str | None = None, **options):
    """:func:`prop` for a check of one ranking: the check takes ``(t, y_true, y_score)``, or with
    ``curve``, ``(y_true, y_score, *arrays)``, the arrays of the target's ``curve`` as floats."""

    def decorate(check):
        if curve is None:
            checked = lambda t, ex: check(t, *ex)  # noqa: E731
        else:
            checked = lambda t, ex: check(*ex, *_floats(getattr(t, curve)(*ex)))  # noqa: E731
        register(id, statement, check=functools.wraps(check)(checked), **options)
        return check

    return decorate


@st.composite
def multiclass_scores(draw):
    """(y_true in 0..k-1 with every class present, probability rows of shape (n, k)); see :func:`multiclass_edges`."""
    k = draw(st.integers(3, 4))
    n = draw(st.integers(k, 30))
    y = draw(hnp.arrays(np.int64, n, elements=st.integers(0, k - 1)))
    y[:k] = np.arange(k)
    y = y[np.array(draw(st.permutations(range(n))), dtype=np.intp)]
    raw = draw(hnp.arrays(np.float64, (n, k), elements=st.integers(1, 4).map(float)))
    return y, raw / raw.sum(axis=1, keepdims=True)


def _rows(raw) -> np.ndarray:
    raw = np.array(raw, dtype=np.float64)
    return raw / raw.sum(axis=1, keepdims=True)


def multiclass_edges() -> tuple:
    """Multiclass scores at the edges :func:`multiclass_scores` reaches: each of three classes once with every row
    uniform (every one-vs-rest AUC 0.5), rows tied across classes, four classes with each true class scored lowest
    (every AUC 0), and one class holding most samples."""
    return (
        ("each_class_once_uniform", (np.arange(3), _rows([[1, 1, 1]] * 3))),
        ("tied_rows", (np.array([0, 1, 2, 0, 1, 2]), _rows([[1, 1, 2], [2, 2, 1], [1, 1, 1], [4, 1, 1], [1, 4, 4],
                                                             [1, 1, 4]]))),
        ("true_class_scored_lowest", (np.array([0, 1, 2, 3]), _rows([[1, 2, 3, 4], [4, 1, 2, 3], [3, 4, 1, 2],
                                                                       [2, 3, 4, 1]]))),
        ("one_class_holds_most", (np.array([0, 0, 0, 0, 1, 2, 0]), _rows([[4, 1, 1], [2, 1, 3], [1, 1, 1], [3, 2, 1],
                                                                          [1, 4, 2], [1, 2, 4], [1, 3, 1]]))),
    )


# ---------------------------------------------------------------- helpers


def _required(name: str) -> tuple[dict, tuple[str, ...]]:
    """The keywords a call of ``name`` cannot do without (an operating point's constraint), and their needs."""
    if name not in OPERATING_POINTS:
        return {}, (name,)
    return {OPERATING_POINTS[name]: 0.5}, (name, f"{name}:{OPERATING_POINTS[name]}")


def _kwargs(interpolation):
    return {} if interpolation is None else {"interpolation": interpolation}


def _ap_needs(interpolation):
    return ("average_precision",) if interpolation is None else ("average_precision", "average_precision:interpolation")


def _ap_label(interpolation):
    return f"average_precision:{interpolation or 'step'}"


def _distinct(scores) -> np.ndarray:
    return np.unique(np.asarray(scores, dtype=np.float64))


def _floats(arrays) -> tuple[np.ndarray, ...]:
    """A curve's arrays, as float arrays."""
    return tuple(np.asarray(a, dtype=float) for a in arrays)


def _summary(t, name, y, s, **kw):
    """Call a metric; curves are returned as their rate arrays."""
    result = getattr(t, name)(y, s, **kw)
    # thresholds left out: transforms change them
    if name in OPERATING_POINTS:
        return operating_point(result)[0]
    return _floats(result[:2]) if name in CURVES else result


def _pr_points(t, y, s) -> tuple[np.ndarray, np.ndarray]:
    """Precision and recall of precision_recall_curve without the (1, 0) end point, which carries no recall."""
    p, r, _ = _floats(t.precision_recall_curve(y, s))
    return p[:-1], r[:-1]


def _expect_same(a, b, what):
    if isinstance(a, tuple):
        for i, (u, v) in enumerate(zip(a, b)):
            expect_close(u, v, rtol=1e-12, atol=1e-15, what=f"{what} (array {i})")
    else:
        expect_close(a, b, rtol=1e-12, atol=1e-15, what=what)


def _operating_points(y, s):
    """(fpr, fnr) by decreasing threshold from (0, 1), counted directly from the data."""
    y = np.asarray(y) == 1
    s = np.asarray(s, dtype=np.float64)
    ts = np.unique(s)[::-1]
    tp = np.array([(y & (s >= t)).sum() for t in ts])
    fp = np.array([(~y & (s >= t)).sum() for t in ts])
    fpr = np.concatenate(([0.0], fp / (~y).sum()))
    fnr = np.concatenate(([1.0], 1 - tp / y.sum()))
    return fpr, fnr


def _counts(y, s):
    """(thresholds, TP, FP) for every distinct score by decreasing threshold, counted sample by sample."""
    pos = np.asarray(y) == 1
    s64 = np.asarray(s, dtype=np.float64)
    ts = np.unique(s64)[::-1]
    tp = np.array([np.count_nonzero(pos & (s64 >= t)) for t in ts])
    fp = np.array([np.count_nonzero(~pos & (s64 >= t)) for t in ts])
    return ts, tp, fp


def _diagonal_crossing(fpr_points, fnr_points):
    """Where the polyline through (fpr, fnr) points meets fpr = fnr, found by bisection.

    Independent of the metric's closed form: the points are walked in the order
    given (fnr - fpr non-increasing), and the crossing is located numerically.
    """
    gap = np.asarray(fnr_points) - np.asarray(fpr_points)
    j = int(np.nonzero(gap <= 0)[0][0])
    if gap[j] == 0:
        return float(fpr_points[j])
    i = j - 1
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if gap[i] + mid * (gap[j] - gap[i]) > 0:
            lo = mid
        else:
            hi = mid
    return float(fpr_points[i] + lo * (fpr_points[j] - fpr_points[i]))


# ---------------------------------------------------------------- curve shape


@ranking_prop("roc_curve_shape",
      "roc_curve starts at (0, 0) with threshold inf, ends at (1, 1), fpr and tpr are "
      "non-decreasing within [0, 1], and there is one point per distinct score",
      kind="bound", curve="roc_curve", needs=("roc_curve",), strategy=rankings)
def _roc_shape(y, s, fpr, tpr, thr):
    expect(fpr[0] == 0 and tpr[0] == 0, f"first point is ({fpr[0]}, {tpr[0]}), not (0, 0)")
    expect(thr[0] == np.inf, f"first threshold is {thr[0]}, not inf")
    expect(fpr[-1] == 1 and tpr[-1] == 1, f"last point is ({fpr[-1]}, {tpr[-1]}), not (1, 1)")
    expect((np.diff(fpr) >= 0).all() and (np.diff(tpr) >= 0).all(), f"rates decrease: fpr={fpr}, tpr={tpr}")
    expect_in_range(fpr, 0, 1, what="fpr")
    expect_in_range(tpr, 0, 1, what="tpr")
    expect_close(thr[1:], _distinct(s)[::-1], rtol=0, atol=0, what="thresholds vs distinct scores (decreasing)")


@ranking_prop("pr_curve_shape",
      "precision_recall_curve has one threshold per distinct score (increasing); its first point is "
      "'everything positive' (recall 1, precision = prevalence), its last (precision 1, recall 0); "
      "recall is non-increasing; all values within [0, 1]",
      kind="bound", curve="precision_recall_curve", needs=("precision_recall_curve",), strategy=pr_rankings)
def _pr_shape(y, s, p, r, thr):
    expect_close(thr, _distinct(s), rtol=0, atol=0, what="thresholds vs distinct scores (increasing)")
    expect(p.shape == r.shape == (thr.shape[0] + 1,), f"shapes p {p.shape}, r {r.shape}, thresholds {thr.shape}")
    expect(p[-1] == 1 and r[-1] == 0, f"last point is (p={p[-1]}, r={r[-1]}), not (1, 0)")
    expect_close(r[0], 1.0, what="recall when everything is predicted positive")
    expect_close(p[0], np.mean(y), what="precision when everything is predicted positive (prevalence)")
    expect((np.diff(r) <= 0).all(), f"recall increases with the threshold: {r}")
    expect_in_range(p, 0, 1, what="precision")
    expect_in_range(r, 0, 1, what="recall")


@ranking_prop("det_curve_shape",
      "det_curve's thresholds are distinct scores (or inf) in increasing order, fpr is non-increasing, "
      "fnr non-decreasing, both within [0, 1]",
      kind="bound", curve="det_curve", needs=("det_curve",), strategy=rankings)
def _det_shape(y, s, fpr, fnr, thr):
    expect(fpr.shape == fnr.shape == thr.shape and fpr.size >= 1, f"shapes {fpr.shape}, {fnr.shape}, {thr.shape}")
    expect((np.diff(thr) > 0).all(), f"thresholds not strictly increasing: {thr}")
    # a float32 library holds its scores in float32: its thresholds are those
    expect(np.isin(thr, np.append(_distinct(precision.as_target(s)), np.inf)).all(),
           f"thresholds {thr} are not scores of {s}")
    expect((np.diff(fpr) <= 0).all(), f"fpr increases with the threshold: {fpr}")
    expect((np.diff(fnr) >= 0).all(), f"fnr decreases with the threshold: {fnr}")
    expect_in_range(fpr, 0, 1, what="fpr")
    expect_in_range(fnr, 0, 1, what="fnr")


# ---------------------------------------------------------------- identities (bounds, perfect ranking: generic)


def _every_output():
    """(label, catalog name, keyword arguments, needs) of every binary metric output."""
    out = [(n, n, {}, (n,)) for n in ("precision_recall_curve", "roc_curve", "det_curve", "roc_auc", "equal_error_rate")]
    out += [(_ap_label(i), "average_precision", _kwargs(i), _ap_needs(i)) for i in (*INTERPOLATIONS, *TRAPEZOIDS)]
    out += [(n, n, {kw: 0.5}, (n, f"{n}:{kw}")) for n, kw in OPERATING_POINTS.items()]
    out += [("log_auc", "log_auc", {}, ("log_auc",))]
    return out


def _register_all_tied():
    for label, name, kw, needs in _every_output():
        if name in CURVES or name in OPERATING_POINTS or name == "log_auc":  # log_auc: all_tied[log_auc] below
            continue
        if kw.get("interpolation") in TRAPEZOIDS:  # each start has its own tied value: all_tied below
            continue
        tied_value = {"roc_auc": "0.5", "equal_error_rate": "0.5", "average_precision": "the prevalence"}[name]

        def all_tied(t, ex, name=name, kw=kw):
            y, s = ex
            expected = float(np.mean(y)) if name == "average_precision" else 0.5
            expect_close(getattr(t, name)(y, np.full(y.shape[0], s[0]), **kw), expected,
                         what=f"{name} when all scores tie")

        register(f"all_tied[{label}]", f"{label} is {tied_value} when all scores are equal", kind="identity",
                 needs=needs, check=all_tied, strategy=_rankings_for(name))


_register_all_tied()


# ---------------------------------------------------------------- invariances (order, duplication, weights: generic)


def _expit(s):
    import scipy.special  # here, not at import: a quarter second of every process that loads the spec

    return scipy.special.expit(s)


_TRANSFORMS = (
    ("scaled by 1e-7", lambda s: s * 1e-7),
    ("scaled by 1e7", lambda s: s * 1e7),
    ("sigmoid", _expit),
    ("cubed and shifted", lambda s: s**3 + 5.0),
)


def _register_monotone_invariance():
    for label, name, kw, needs in _every_output():

        def monotone(t, ex, name=name, kw=kw):
            y, s = ex
            base = _summary(t, name, y, s, **kw)
            for what, transform in _TRANSFORMS:
                moved = transform(s)
                with findings.form(view=t):
                    # scores the target's precision cannot keep apart after the transform: no finding
                    precision.require_order_kept(t, s, moved, f"{name}: scores {what}")
                    _expect_same(_summary(t, name, y, moved, **kw), base, f"{name} after scores {what}")

        register(f"monotone_invariance[{label}]",
                 f"{label} is unchanged by strictly increasing transforms of the scores (scaling by 1e-7 and "
                 "1e7, sigmoid of logits up to 30, cube plus shift)",
                 kind="invariance", needs=needs, check=monotone, strategy=_rankings_for(name, scores=grid_scores),
                 max_examples=_FEWER if name in (*OPERATING_POINTS, "log_auc") else None)


_register_monotone_invariance()


# ---------------------------------------------------------------- definitions, counted sample by sample


@ranking_prop("definition[precision_recall_curve]",
      "precision_recall_curve is, for every distinct score t in increasing order, precision TP(t) / (TP(t) + FP(t)) "
      "and recall TP(t) / P with TP, FP counted over the samples scored >= t, then the end point (1, 0)",
      kind="relation", needs=("precision_recall_curve",), strategy=pr_rankings, defines=("precision_recall_curve",))
def _pr_definition(t, y, s):
    p, r, thr = _floats(t.precision_recall_curve(y, s))
    ts, tp, fp = _counts(y, s)
    expect_close(thr, ts[::-1], rtol=0, atol=0, what="thresholds vs distinct scores (increasing)")
    # the same integer counts, one division each
    expect_close(p, np.append((tp / (tp + fp))[::-1], 1.0), rtol=1e-12, what="precision vs TP / (TP + FP)")
    expect_close(r, np.append((tp / np.sum(y == 1))[::-1], 0.0), rtol=1e-12, what="recall vs TP / P")


@ranking_prop("definition[roc_curve]",
      "roc_curve is (0, 0) at threshold inf, then for every distinct score t in decreasing order "
      "fpr = FP(t) / N and tpr = TP(t) / P with FP, TP counted over the samples scored >= t",
      kind="relation", needs=("roc_curve",), strategy=rankings, defines=("roc_curve",))
def _roc_definition(t, y, s):
    ts, tp, fp = _counts(y, s)
    fpr, tpr, thr = _floats(t.roc_curve(y, s))
    expect_close(thr, np.append(np.inf, ts), rtol=0, atol=0, what="thresholds vs inf, then distinct scores")
    expect_close(fpr, np.append(0.0, fp / np.sum(y == 0)), rtol=1e-12, what="fpr vs FP / N")
    expect_close(tpr, np.append(0.0, tp / np.sum(y == 1)), rtol=1e-12, what="tpr vs TP / P")


@ranking_prop("definition[roc_auc]",
      "roc_auc is the share of (positive, negative) pairs where the positive scores higher, "
      "tied pairs counting 1/2, counted pair by pair",
      kind="relation", needs=("roc_auc",), strategy=rankings, defines=("roc_auc",))
def _roc_auc_definition(t, y, s):
    s64 = np.asarray(s, dtype=np.float64)
    pos, neg = s64[y == 1], s64[y == 0]
    wins = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a in pos for b in neg)
    # an exact half-integer count, one division apart
    expect_close(t.roc_auc(y, s), wins / (pos.size * neg.size), rtol=1e-12, what="roc_auc vs pairwise wins / (P N)")


@ranking_prop("definition[equal_error_rate]",
      "equal_error_rate is where the segment between the last operating point with fnr > fpr and the next one "
      "(points counted from the data, from (0, 1) by decreasing threshold) meets fpr = fnr, located by bisection",
      kind="relation", needs=("equal_error_rate",), strategy=rankings, defines=("equal_error_rate",))
def _eer_definition(t, y, s):
    expect_close(t.equal_error_rate(y, s), _diagonal_crossing(*_operating_points(y, s)), rtol=1e-9, atol=1e-12,
                 what="EER vs the crossing of fpr = fnr")


# ---------------------------------------------------------------- complements and relations


@ranking_prop("complement_scores[roc_auc]", "roc_auc(y, -s) = 1 - roc_auc(y, s)", kind="symmetry",
      needs=("roc_auc",), strategy=rankings)
def _complement_scores(t, y, s):
    expect_close(t.roc_auc(y, -s), 1 - t.roc_auc(y, s), what="roc_auc of negated scores")


@ranking_prop("complement_labels[roc_auc]", "roc_auc(1 - y, s) = 1 - roc_auc(y, s)", kind="symmetry",
      needs=("roc_auc",), strategy=rankings)
def _complement_labels(t, y, s):
    expect_close(t.roc_auc(1 - y, s), 1 - t.roc_auc(y, s), what="roc_auc with the classes swapped")


@ranking_prop("mann_whitney[roc_auc]",
      "roc_auc equals the Mann-Whitney U of positives vs negatives over P*N, ties counted as 1/2 "
      "(scipy.stats.mannwhitneyu)",
      kind="relation", needs=("roc_auc",), strategy=rankings)
def _mann_whitney(t, y, s):
    import scipy.stats  # scipy.stats is imported where used: importing it costs ~0.7 s at every start of the CLI

    s64 = np.asarray(s, dtype=np.float64)
    pos, neg = s64[y == 1], s64[y == 0]
    u = scipy.stats.mannwhitneyu(pos, neg, method="asymptotic").statistic
    # U is an exact half-integer count; one division apart
    expect_close(t.roc_auc(y, s), u / (pos.size * neg.size), rtol=1e-12, what="roc_auc vs U / (P N)")


@ranking_prop("trapezoid[roc_auc]", "roc_auc equals auc(fpr, tpr) of roc_curve (trapezoidal area)",
      kind="relation", needs=("roc_auc", "roc_curve", "auc"), strategy=rankings, defines=("roc_auc",))
def _trapezoid(t, y, s):
    fpr, tpr, _ = t.roc_curve(y, s)
    # exact rational count vs a float trapezoid sum: rounding only
    expect_close(t.roc_auc(y, s), t.auc(fpr, tpr), rtol=1e-10, what="roc_auc vs area under roc_curve")


@ranking_prop("step_sum[average_precision]",
      "average_precision (no interpolation) equals sum_k (R_k - R_{k+1}) P_k over precision_recall_curve",
      kind="relation", needs=("average_precision", "precision_recall_curve"), strategy=pr_rankings,
      defines=("average_precision",))
def _step_sum(t, y, s):
    p, r, _ = _floats(t.precision_recall_curve(y, s))
    expect_close(t.average_precision(y, s), -np.sum(np.diff(r) * p[:-1]), rtol=1e-10,
                 what="average_precision vs the step sum over the PR curve")


@ranking_prop("envelope[average_precision:all_points]",
      "all-points AP equals the step sum over the precision envelope max_{recall' >= recall} precision "
      "of precision_recall_curve",
      kind="relation", needs=("average_precision:interpolation", "precision_recall_curve"), strategy=pr_rankings,
      defines=("average_precision",))
def _envelope(t, y, s):
    p, r = _pr_points(t, y, s)
    envelope = np.array([p[r >= level].max() for level in r])
    gains = r - np.append(r[1:], 0.0)
    expect_close(t.average_precision(y, s, interpolation="all_points"), float(np.sum(gains * envelope)),
                 rtol=1e-10, what="all-points AP vs the envelope sum")


@ranking_prop("eleven_points[average_precision:11_points]",
      "11-point AP equals the mean over r in {0, 0.1, ..., 1} of the highest precision at recall >= r",
      kind="relation", needs=("average_precision:interpolation", "precision_recall_curve"), strategy=pr_rankings,
      defines=("average_precision",))
def _eleven_points(t, y, s):
    p, r = _pr_points(t, y, s)
    levels = [k / 10 for k in range(11)]
    expected = sum(p[r >= level].max(initial=0.0) for level in levels) / 11  # 0 where recall never reaches r
    expect_close(t.average_precision(y, s, interpolation="11_points"), expected, rtol=1e-10,
                 what="11-point AP vs the mean of 11 interpolated precisions")


@ranking_prop("interpolation_order[average_precision]",
      "all-points interpolated AP is never below the step (uninterpolated) AP",
      kind="relation", needs=("average_precision:interpolation",), strategy=pr_rankings)
def _interpolation_order(t, y, s):
    expect_le(t.average_precision(y, s), t.average_precision(y, s, interpolation="all_points"),
              what="step AP > all-points AP", tol=1e-12)


# ---------------------------------------------------------------- the trapezoidal PR areas

#: the precision each trapezoid starts from at recall 0, from the counted operating points' precisions
_TRAPEZOID_START = {"trapezoid": lambda p: 1.0, "trapezoid_first_precision": lambda p: p[0],
                    "trapezoid_zero_start": lambda p: 0.0}


def _trapezoid_expected(y, s, variant):
    """sum over the operating points by decreasing threshold of (R_k - R_{k-1}) (P_k + P_{k-1}) / 2, from
    (R_0, P_0) = (0, the variant's start), the points counted sample by sample."""
    _, tp, fp = _counts(y, s)
    recall = np.concatenate(([0.0], tp / tp[-1]))
    prec = tp / (tp + fp)
    prec = np.concatenate(([_TRAPEZOID_START[variant](prec)], prec))
    return float(sum((recall[k] - recall[k - 1]) * (prec[k] + prec[k - 1]) / 2 for k in range(1, recall.size)))


def _register_trapezoids():
    starts = {"trapezoid": "precision 1 (precision_recall_curve's end point)",
              "trapezoid_first_precision": "the precision of the highest threshold",
              "trapezoid_zero_start": "precision 0"}
    for variant, start in starts.items():

        def definition(t, ex, variant=variant):
            y, s = ex
            expect_close(t.average_precision(y, s, interpolation=variant), _trapezoid_expected(y, s, variant),
                         rtol=1e-10, atol=1e-15, what=f"average_precision(interpolation={variant!r}) vs the trapezoids")

        register(f"definition.trapezoid[average_precision:{variant}]",
                 f"the {variant} PR area is the trapezoidal rule over the operating points counted sample by sample "
                 f"(by decreasing threshold), from the point (recall 0, {start})", kind="relation",
                 needs=_ap_needs(variant), check=definition, strategy=pr_rankings, defines=("average_precision",))

        def tied(t, ex, variant=variant):
            y, s = ex
            prevalence = float(np.mean(y))
            expected = {"trapezoid": (1 + prevalence) / 2, "trapezoid_first_precision": prevalence,
                        "trapezoid_zero_start": prevalence / 2}[variant]
            expect_close(t.average_precision(y, np.full(y.shape[0], s[0]), interpolation=variant), expected,
                         rtol=1e-12, what=f"average_precision(interpolation={variant!r}) when all scores tie")

        tied_value = {"trapezoid": "(1 + prevalence) / 2", "trapezoid_first_precision": "the prevalence",
                      "trapezoid_zero_start": "half the prevalence"}[variant]
        register(f"all_tied[average_precision:{variant}]",
                 f"the {variant} PR area is {tied_value} when all scores are equal (one operating point, (1, "
                 "prevalence), joined to the start)", kind="identity", needs=_ap_needs(variant), check=tied,
                 strategy=pr_rankings)


_register_trapezoids()


@ranking_prop("relation.trapezoid_is_auc_of_pr_curve[average_precision:trapezoid]",
      "the trapezoid PR area equals auc(recall, precision) of precision_recall_curve (scikit-learn's PR AUC: the "
      "curve's end point (recall 0, precision 1) is its start)", kind="relation",
      needs=("average_precision:interpolation", "precision_recall_curve", "auc"), strategy=pr_rankings)
def _trapezoid_is_auc(t, y, s):
    p, r, _ = _floats(t.precision_recall_curve(y, s))
    # the same trapezoids summed in another order
    expect_close(t.average_precision(y, s, interpolation="trapezoid"), t.auc(r, p), rtol=1e-10, atol=1e-15,
                 what="trapezoid PR area vs auc(recall, precision)")


@ranking_prop("relation.trapezoid_starts[average_precision]",
      "the three trapezoidal PR areas differ in their first trapezoid only: zero start <= first precision <= "
      "trapezoid, the gaps R_1 P_1 / 2 and R_1 (1 - P_1) / 2 (R_1, P_1 the highest threshold's recall and "
      "precision, read off precision_recall_curve)", kind="relation",
      needs=("average_precision:interpolation", "precision_recall_curve"), strategy=pr_rankings)
def _trapezoid_starts(t, y, s):
    p, r = _pr_points(t, y, s)
    r1, p1 = r[-1], p[-1]  # the highest threshold's point: last before the end point
    zero, first, one = (t.average_precision(y, s, interpolation=v) for v in TRAPEZOIDS[::-1])
    expect_close(first - zero, r1 * p1 / 2, rtol=1e-9, atol=1e-12, what="first-precision minus zero-start area")
    expect_close(one - first, r1 * (1 - p1) / 2, rtol=1e-9, atol=1e-12, what="trapezoid minus first-precision area")


@ranking_prop("identity.perfect_zero_start[average_precision:trapezoid_zero_start]",
      "on a perfect ranking (every positive above every negative) the zero-start PR area is 1 - R_1 / 2, R_1 the "
      "share of positives at the top score (0.5 for one positive ranked first)", kind="identity",
      needs=_ap_needs("trapezoid_zero_start"), strategy=pr_rankings)
def _perfect_zero_start(t, y, s):
    perfect = y + 0.5 * _expit(np.asarray(s, dtype=np.float64))
    top = perfect == perfect.max()
    expect_close(t.average_precision(y, perfect, interpolation="trapezoid_zero_start"),
                 1 - np.sum(top & (y == 1)) / np.sum(y == 1) / 2, rtol=1e-12,
                 what="zero-start PR area of a perfect ranking")


@ranking_prop("sklearn[average_precision:trapezoid]",
      "the trapezoid PR area agrees with scikit-learn's auc(recall, precision) over its precision_recall_curve",
      kind="agreement", needs=("average_precision:interpolation",), strategy=pr_rankings, reference="sklearn")
def _trapezoid_sklearn(t, y, s):
    p, r, _ = _sklearn().precision_recall_curve(y, s)
    expect_close(t.average_precision(y, s, interpolation="trapezoid"), _sklearn().auc(r, p), rtol=1e-10, atol=1e-15,
                 what="trapezoid PR area vs scikit-learn auc(recall, precision)")


@ranking_prop("det_is_roc[det_curve]",
      "every det_curve point is the roc_curve point at the same threshold, with fnr = 1 - tpr",
      kind="relation", needs=("det_curve", "roc_curve"), strategy=rankings, defines=("det_curve",))
def _det_is_roc(t, y, s):
    fpr_d, fnr_d, thr_d = _floats(t.det_curve(y, s))
    fpr_r, tpr_r, thr_r = _floats(t.roc_curve(y, s))
    at = {th: i for i, th in enumerate(thr_r)}
    expect(all(th in at for th in thr_d), f"det thresholds {thr_d} are not roc thresholds {thr_r}")
    idx = np.array([at[th] for th in thr_d], dtype=np.intp)
    expect_close(fpr_d, fpr_r[idx], what="det fpr vs roc fpr at the same thresholds")
    expect_close(fnr_d, 1 - tpr_r[idx], what="det fnr vs 1 - roc tpr at the same thresholds")


@ranking_prop("eer_crossing[equal_error_rate]",
      "the EER lies where fpr and fnr cross: between the rates of the two nearest operating points "
      "(the last with fnr > fpr and the next)",
      kind="relation", needs=("equal_error_rate",), strategy=rankings)
def _eer_crossing(t, y, s):
    fpr, fnr = _operating_points(y, s)
    j = int(np.nonzero(fnr - fpr <= 0)[0][0])
    eer = t.equal_error_rate(y, s)
    expect_in_range(eer, fpr[j - 1], fpr[j], what=f"EER vs fpr of the bracketing points {j - 1}, {j}")
    expect_in_range(eer, fnr[j], fnr[j - 1], what=f"EER vs fnr of the bracketing points {j - 1}, {j}")


@prop("raise_positive[roc_auc]",
      "moving one positive's score above one negative's never lowers roc_auc",
      kind="direction", needs=("roc_auc",), strategy=st.tuples(rankings, st.integers(0, 10**6), st.integers(0, 10**6)))
def _raise_positive(t, ex):
    (y, s), a, b = ex
    s = np.asarray(s, dtype=np.float64)
    positives, negatives = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    i, j = positives[a % positives.size], negatives[b % negatives.size]
    moved = s.copy()
    moved[i] = max(s[i], s[j] + 1.0 + abs(s[j]))
    expect_le(t.roc_auc(y, s), t.roc_auc(y, moved), what=f"roc_auc drops when positive {i} moves above negative {j}")


@prop("multiclass_ovr[roc_auc]",
      "multiclass roc_auc is the plain (macro) or prevalence-weighted mean of the one-vs-rest binary AUCs",
      kind="relation", needs=("roc_auc", "roc_auc:average"),
      strategy=with_edges(multiclass_scores(), multiclass_edges()), defines=("roc_auc",))
def _multiclass(t, ex):
    y, proba = ex
    classes = np.unique(y)
    per_class = np.array([t.roc_auc((y == c).astype(int), proba[:, j]) for j, c in enumerate(classes)])
    prevalence = np.array([(y == c).mean() for c in classes])
    expect_close(t.roc_auc(y, proba, average="macro"), per_class.mean(), rtol=1e-12, what="macro OvR AUC")
    expect_close(t.roc_auc(y, proba, average="weighted"), np.dot(per_class, prevalence), rtol=1e-12,
                 what="weighted OvR AUC")


# ---------------------------------------------------------------- operating points under a constraint


def _candidates(name: str, y, s):
    """(value, constraint rate, thresholds) of every operating point ``name`` chooses from, counted sample by
    sample by decreasing threshold: the distinct scores, and for the ROC metrics "predict nothing" (inf) first.
    Each rate is one division of the counts."""
    ts, tp, fp = _counts(y, s)
    if name in ROC_OPERATING:
        ts, tp, fp = np.append(np.inf, ts), np.append(0, tp), np.append(0, fp)
    positives, negatives = tp[-1], fp[-1]
    recall = tp / positives
    if name == "recall_at_fixed_precision":
        return recall, tp / (tp + fp), ts
    if name == "precision_at_fixed_recall":
        return tp / (tp + fp), recall, ts
    specificity = (negatives - fp) / negatives
    if name == "sensitivity_at_specificity":
        return recall, specificity, ts
    return specificity, recall, ts


def _best_by_search(name: str, y, s, minimum: float) -> tuple[float, float]:
    """(value, threshold): the point with the largest (value, constraint rate) pair among those meeting the
    constraint, found by walking every candidate; (0, inf) when none does."""
    best = None
    for value, rate, threshold in zip(*_candidates(name, y, s)):
        if rate >= minimum and (best is None or (value, rate) > best[:2]):
            best = (value, rate, threshold)
    return (0.0, np.inf) if best is None else (float(best[0]), float(best[2]))


_ROUND_CONSTRAINTS = (0.0, 0.25, 0.5, 0.6, 0.75, 0.9, 1.0)


@st.composite
def _constrained_rankings(draw, name: str):
    """(y_true, y_score, minimum): a ranking for ``name`` and a constraint value: a rate one of its operating
    points reaches exactly (the boundary), a round value, or any number in [0, 1]."""
    y, s = draw(_rankings_for(name))
    how = draw(st.sampled_from(("reached", "round", "any")))
    if how == "reached":
        rates = _candidates(name, y, s)[1]
        minimum = float(rates[draw(st.integers(0, rates.shape[0] - 1))])
    elif how == "round":
        minimum = draw(st.sampled_from(_ROUND_CONSTRAINTS))
    else:
        minimum = draw(st.floats(0, 1))
    return y, s, minimum


def constrained_rankings(name: str):
    """(y_true, y_score, minimum): a ranking for ``name`` and a constraint value (see :func:`_constrained_rankings`),
    carrying the rankings' edge cases, each with a round constraint value in turn."""
    return with_edges(_constrained_rankings(name), cycled_edges(
        edges_of(_rankings_for(name)), lambda ex, minimum: (*ex, minimum), _ROUND_CONSTRAINTS))


def _rate_slack() -> float:
    """How far a target's rate may sit from the exact one: 0 in float64 (each rate one division of the counts;
    the boundary is exact), else rounding units of the target's precision (a float32 ``1 - FP / N``)."""
    effective = precision.effective()
    return 0.0 if effective == "float64" else precision.ROUNDING_UNITS * precision.EPS[effective]


def _same_value(got: float, expected: float) -> bool:
    return bool(np.isclose(got, expected, rtol=_rate_slack(), atol=_rate_slack()))


def _same_threshold(got: float, expected: float) -> bool:
    """Whether ``got`` is the threshold ``expected`` (a score, or inf) as the target holds it."""
    if np.isinf(expected):
        return got == expected
    return got == float(precision.as_target(np.array([expected]))[0])


def _expect_threshold(got: float, expected: float, what: str) -> None:
    if np.isinf(expected):
        expect(got == expected, f"{what}: threshold = {got}, but should be {expected}")
    else:  # a score: a float32 target holds it in float32
        expect_close(got, float(precision.as_target(np.array([expected]))[0]), rtol=0, atol=0, what=f"{what} threshold")


def _register_operating_points():
    for name, keyword in OPERATING_POINTS.items():
        needs = (name, f"{name}:{keyword}")
        value_name, rate_name = {
            "recall_at_fixed_precision": ("recall", "precision"), "precision_at_fixed_recall": ("precision", "recall"),
            "sensitivity_at_specificity": ("sensitivity", "specificity"),
            "specificity_at_sensitivity": ("specificity", "sensitivity")}[name]
        nothing = ("; predicting nothing (threshold inf) is a candidate" if name in ROC_OPERATING else
                   "; (0, inf) when no threshold meets it")

        def definition(t, ex, name=name, keyword=keyword):
            y, s, minimum = ex
            got = operating_point(getattr(t, name)(y, s, **{keyword: minimum}))
            exact = _best_by_search(name, y, s, minimum)
            # a rate within rounding of the constraint may fall on either side of it at a lower precision
            accepted = [exact, *(_best_by_search(name, y, s, minimum + side * _rate_slack()) for side in (-1, 1))]
            same_value = [point for point in accepted if _same_value(got[0], point[0])] or [exact]
            problems: list = []
            with findings.part("value", problems, view=t):
                expect_close(got[0], same_value[0][0], rtol=1e-12, what=f"{name}({keyword}={minimum}) value")
            if not reports_no_threshold(t, name):  # a library without thresholds (NO_THRESHOLD): the value alone
                with findings.part("threshold", problems, view=t):
                    if not any(_same_threshold(got[1], point[1]) for point in same_value):
                        _expect_threshold(got[1], same_value[0][1], f"{name}({keyword}={minimum})")
            findings.raise_worst(problems)

        register(f"definition[{name}]",
                 f"{name} is the largest {value_name} over the thresholds (each distinct score, counted sample by "
                 f"sample) whose {rate_name} is at least {keyword}, with the threshold of the point that also has "
                 f"the largest {rate_name}{nothing}",
                 kind="relation", needs=needs, check=definition, strategy=constrained_rankings(name),
                 defines=(name,), max_examples=_DEFINITION_EXAMPLES)

        def on_the_curve(t, ex, name=name, keyword=keyword, value_name=value_name, rate_name=rate_name):
            y, s, minimum = ex
            value, threshold = operating_point(getattr(t, name)(y, s, **{keyword: minimum}))
            no_threshold = reports_no_threshold(t, name)
            if name in PR_OPERATING:
                p, r, thr = _floats(t.precision_recall_curve(y, s))
                if np.isinf(threshold) or (no_threshold and name == "recall_at_fixed_precision" and value == 0):
                    # predicting nothing: the end point (1, 0), only as the fallback
                    expect(name == "recall_at_fixed_precision" and value == 0,
                           f"{name} chose threshold inf with value {value}")
                    return
                rates = {"recall_at_fixed_precision": (r, p), "precision_at_fixed_recall": (p, r)}[name]
            else:
                fpr, tpr, thr = _floats(t.roc_curve(y, s))
                rates = {"sensitivity_at_specificity": (tpr, 1 - fpr), "specificity_at_sensitivity": (1 - fpr, tpr)}[name]
            if no_threshold:  # no threshold to find the point by (NO_THRESHOLD): any point meeting the constraint
                at = np.flatnonzero(rates[1][:thr.shape[0]] >= minimum - 1e-12)
                expect(at.size > 0, f"{name} = {value}: no point of the curve has a {rate_name} of at least "
                                    f"{keyword}={minimum}")
                k = at[np.argmin(np.abs(rates[0][at] - value))]
                expect_close(value, rates[0][k], what=f"{name} vs the curve's {value_name} at the nearest point "
                                                      f"with {rate_name} >= {keyword}")
                return
            at = np.flatnonzero(thr == threshold)
            expect(at.size > 0, f"{name}: threshold {threshold} is not one of the curve's thresholds {thr}")
            # a curve may repeat a threshold (a sentinel equal to a score): any point at it will do
            k = at[np.argmin(np.abs(rates[0][at] - value))]
            expect_close(value, rates[0][k], what=f"{name} vs the curve's {value_name} at threshold {threshold}")
            expect_le(minimum, rates[1][k], what=f"{name}: the curve's {rate_name} at threshold {threshold} "
                                                f"is below {keyword}={minimum}", tol=1e-12)

        curve = "precision_recall_curve" if name in PR_OPERATING else "roc_curve"
        register(f"on_the_curve[{name}]",
                 f"{name}'s (value, threshold) is a point of {curve}: at that threshold the curve has that "
                 f"{value_name} and a {rate_name} of at least {keyword}",
                 kind="relation", needs=(*needs, curve), check=on_the_curve, strategy=constrained_rankings(name),
                 max_examples=_FEWER)

        def monotone_constraint(t, ex, name=name, keyword=keyword):
            (y, s, first), second = ex
            low, high = sorted((first, second))
            expect_le(operating_point(getattr(t, name)(y, s, **{keyword: high}))[0],
                      operating_point(getattr(t, name)(y, s, **{keyword: low}))[0],
                      what=f"{name} rises when {keyword} rises from {low} to {high}")

        register(f"monotone_constraint[{name}]",
                 f"{name} never rises when {keyword} rises (a stricter constraint leaves fewer thresholds)",
                 kind="direction", needs=needs, check=monotone_constraint,
                 strategy=st.tuples(constrained_rankings(name), st.sampled_from(_ROUND_CONSTRAINTS)),
                 max_examples=_DEFINITION_EXAMPLES)  # a constraint read backwards needs two telling values

        def refuse_constraint(t, ex, name=name, keyword=keyword):
            y, s = ex
            for case, bad in (("above_one", 1.5), ("below_zero", -0.25), ("nan", float("nan"))):
                with findings.part(case, view=t):
                    expect_refusal(lambda: getattr(t, name)(y, s, **{keyword: bad}), keyword)

        register(f"refuse_constraint[{name}]", f"{name} refuses a {keyword} above 1, below 0 or NaN, naming it",
                 kind="refusal", needs=needs, check=refuse_constraint, strategy=tiny_rankings, max_examples=3)


_register_operating_points()


def _register_raise_positive():
    for name in (*OPERATING_POINTS, "log_auc"):
        kw, needs = _required(name)

        def raise_positive(t, ex, name=name, kw=kw):
            (y, s), a, b = ex
            s = np.asarray(s, dtype=np.float64)
            positives, negatives = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
            if not negatives.size:
                return
            i, j = positives[a % positives.size], negatives[b % negatives.size]
            moved = s.copy()
            moved[i] = max(s[i], s[j] + 1.0 + abs(s[j]))
            before, after = (_summary(t, name, y, v, **kw) for v in (s, moved))
            expect_le(before, after, what=f"{name} drops when positive {i} moves above negative {j}", tol=1e-12)

        register(f"raise_positive[{name}]", f"moving one positive's score above one negative's never lowers {name}",
                 kind="direction", needs=needs, check=raise_positive,
                 strategy=st.tuples(_rankings_for(name), st.integers(0, 10**6), st.integers(0, 10**6)),
                 max_examples=_FEWER)


_register_raise_positive()


# ---------------------------------------------------------------- log-scaled ROC area

_FPR_RANGES = ((0.001, 0.1), (0.01, 1.0), (0.05, 0.5), (0.2, 0.3), (1e-6, 1.0))

#: Gauss-Legendre nodes and weights on [-1, 1]: exact to rounding for the smooth integrand of each segment
_GAUSS = np.polynomial.legendre.leggauss(24)


def _log_area_by_quadrature(fpr, tpr, low: float, high: float) -> float:
    """(1 / ln(high / low)) integral of the ROC polyline over ln(fpr) in [low, high], segment by segment with
    Gauss-Legendre in s = ln x (the integrand TPR(e^s) is smooth on each segment)."""
    nodes, weights = _GAUSS
    total = 0.0
    for k in range(len(fpr) - 1):
        x1, x2, y1, y2 = fpr[k], fpr[k + 1], tpr[k], tpr[k + 1]
        lo, hi = max(x1, low), min(x2, high)
        if not x2 > x1 or not lo < hi:
            continue
        a, b = np.log(lo), np.log(hi)
        x = np.exp((b - a) / 2 * nodes + (a + b) / 2)
        total += (b - a) / 2 * float(np.dot(weights, y1 + (y2 - y1) * (x - x1) / (x2 - x1)))
    return total / np.log(high / low)


def _counted_roc(y, s):
    """(fpr, tpr) of the ROC curve from (0, 0), counted sample by sample."""
    ts, tp, fp = _counts(y, s)
    return np.append(0.0, fp / fp[-1]), np.append(0.0, tp / tp[-1])


@st.composite
def _ranged_rankings(draw):
    """(y_true, y_score, fpr_range): a ranking with both classes and a range of false-positive rates."""
    y, s = draw(rankings)
    if draw(st.booleans()):
        return y, s, draw(st.sampled_from(_FPR_RANGES))
    low, high = sorted(draw(st.lists(st.floats(1e-4, 1), min_size=2, max_size=2, unique=True)))
    return y, s, (low, high)


def ranged_rankings():
    """(y_true, y_score, fpr_range) (see :func:`_ranged_rankings`), carrying the rankings' edge cases, each with one
    of the named ranges in turn."""
    return with_edges(_ranged_rankings(), cycled_edges(edges_of(rankings), lambda ex, r: (*ex, r), _FPR_RANGES))


@prop("definition[log_auc]",
      "log_auc is the integral of the ROC polyline (points counted sample by sample, straight segments in linear "
      "FPR) over log FPR in fpr_range, divided by the range's log width (Gauss-Legendre in log FPR per segment)",
      kind="relation", needs=("log_auc", "log_auc:fpr_range"), strategy=ranged_rankings(), defines=("log_auc",),
      max_examples=_DEFINITION_EXAMPLES)
def _log_auc_definition(t, ex):
    y, s, (low, high) = ex
    # a closed form per segment vs quadrature: rounding only
    expect_close(t.log_auc(y, s, fpr_range=(low, high)), _log_area_by_quadrature(*_counted_roc(y, s), low, high),
                 rtol=1e-10, atol=1e-12, what=f"log_auc(fpr_range=({low}, {high})) vs quadrature")


@prop("all_tied[log_auc]",
      "log_auc is (b - a) / ln(b / a) when all scores tie (the diagonal TPR = FPR: a random ranking), "
      "whatever the prevalence",
      kind="identity", needs=("log_auc", "log_auc:fpr_range"), strategy=ranged_rankings(), max_examples=_FEWER)
def _log_auc_all_tied(t, ex):
    y, s, (low, high) = ex
    expect_close(t.log_auc(y, np.full(y.shape[0], s[0]), fpr_range=(low, high)), (high - low) / np.log(high / low),
                 rtol=1e-12, what=f"log_auc(fpr_range=({low}, {high})) when all scores tie")


@prop("worst[log_auc]",
      "log_auc is 0 when every positive scores below every negative (TPR 0 at every FPR < 1)",
      kind="identity", needs=("log_auc",), strategy=rankings, max_examples=_FEWER)
def _log_auc_worst(t, ex):
    y, s = perfect_ranking(ex)
    expect_close(t.log_auc(y, -s), 0.0, atol=1e-12, what="log_auc of a reversed perfect ranking")


@prop("range_additivity[log_auc]",
      "log_auc over (a, c) is the log-width-weighted mean of log_auc over (a, b) and over (b, c)",
      kind="relation", needs=("log_auc", "log_auc:fpr_range"), strategy=with_edges(st.tuples(
          rankings, st.lists(st.floats(1e-4, 1), min_size=3, max_size=3, unique=True)), cycled_edges(
          edges_of(rankings), lambda ex, cuts: (ex, list(cuts)), ((1e-4, 0.01, 1.0), (0.5, 0.001, 0.2)))),
      max_examples=_FEWER)
def _log_auc_additivity(t, ex):
    (y, s), cuts = ex
    a, b, c = sorted(cuts)
    left, right = np.log(b / a), np.log(c / b)
    parts = (left * t.log_auc(y, s, fpr_range=(a, b)) + right * t.log_auc(y, s, fpr_range=(b, c))) / (left + right)
    expect_close(t.log_auc(y, s, fpr_range=(a, c)), parts, rtol=1e-9, atol=1e-12,
                 what=f"log_auc over ({a}, {c}) vs its parts split at {b}")


@prop("roc_auc_bound[log_auc]",
      "roc_auc >= (1 - a) log_auc(fpr_range=(a, 1)): TPR is non-decreasing, so its mean over a log-uniform FPR in "
      "[a, 1] is at most its mean over a uniform one, which is at most roc_auc / (1 - a)",
      kind="relation", needs=("log_auc", "log_auc:fpr_range", "roc_auc"),
      strategy=with_edges(st.tuples(rankings, st.sampled_from((1e-6, 0.001, 0.1, 0.5))), cycled_edges(
          edges_of(rankings), lambda ex, low: (ex, low), (1e-6, 0.001, 0.1, 0.5))), max_examples=_FEWER)
def _log_auc_below_roc_auc(t, ex):
    (y, s), low = ex
    expect_le((1 - low) * t.log_auc(y, s, fpr_range=(low, 1.0)), t.roc_auc(y, s), tol=1e-12,
              what=f"(1 - {low}) log_auc(fpr_range=({low}, 1)) > roc_auc")


@prop("refuse_fpr_range[log_auc]",
      "log_auc refuses an fpr_range that is not 0 < a < b <= 1 (a = 0, a >= b, b > 1, NaN), naming fpr_range",
      kind="refusal", needs=("log_auc", "log_auc:fpr_range"), strategy=tiny_rankings, max_examples=3)
def _log_auc_refuse_range(t, ex):
    y, s = ex
    for case, bad in (("zero_low", (0.0, 0.1)), ("reversed", (0.1, 0.01)), ("above_one", (0.001, 1.5)),
                      ("nan", (float("nan"), 0.1))):
        with findings.part(case, view=t):
            expect_refusal(lambda: t.log_auc(y, s, fpr_range=bad), "fpr_range")


# ---------------------------------------------------------------- auc


@st.composite
def _linear_pieces(draw):
    n = draw(st.integers(2, 20))
    x = np.sort(draw(hnp.arrays(np.float64, n, elements=st.integers(-50, 50).map(float))))
    slope, intercept = draw(st.integers(-5, 5)), draw(st.integers(-5, 5))
    return x, slope, intercept


def linear_pieces():
    """(sorted x of integers in [-50, 50], slope, intercept), carrying edge cases: two points at the ends, a
    repeated x, a horizontal line."""
    return with_edges(_linear_pieces(), (
        ("two_points_at_the_ends", (np.array([-50.0, 50.0]), 5, -5)),
        ("repeated_x", (np.array([-3.0, 0.0, 0.0, 7.0]), -2, 4)),
        ("horizontal_line", (np.array([1.0, 2.0, 4.0]), 0, 3)),
    ))


@prop("linear_exact[auc]", "auc is exact for a straight line: the integral of a x + b over [x_0, x_n]",
      kind="identity", needs=("auc",), strategy=linear_pieces(), defines=("auc",))
def _auc_linear(t, ex):
    x, a, b = ex
    exact = a * (x[-1] ** 2 - x[0] ** 2) / 2 + b * (x[-1] - x[0])
    expect_close(t.auc(x, a * x + b), exact, rtol=1e-12, atol=1e-9, what="trapezoidal area of a line")


@prop("orientation[auc]", "auc of the points in reverse order (x non-increasing) equals auc in increasing order",
      kind="symmetry", needs=("auc",),
      strategy=st.tuples(linear_pieces(), hnp.arrays(np.float64, 20, elements=st.floats(-100, 100))))
def _auc_orientation(t, ex):
    (x, _, _), ys = ex
    y = ys[: x.shape[0]]
    expect_close(t.auc(x[::-1], y[::-1]), t.auc(x, y), rtol=1e-12, atol=1e-9, what="auc of the reversed curve")


@prop("definition[auc]", "auc is the trapezoidal sum sum_i |x_{i+1} - x_i| (y_i + y_{i+1}) / 2",
      kind="relation", needs=("auc",), strategy=with_edges(monotone_curves(), curve_edges()), defines=("auc",))
def _auc_definition(t, ex):
    x, y = ex
    area = 0.0
    for i in range(x.shape[0] - 1):
        area += abs(x[i + 1] - x[i]) * (y[i] + y[i + 1]) / 2
    expect_close(t.auc(x, y), area, rtol=1e-12, what="auc vs the trapezoidal sum")


# ---------------------------------------------------------------- undefined cases and NaN


@ranking_prop("no_nan", "no metric of the family returns NaN on inputs with both classes and finite scores",
      kind="undefined", needs=(*BINARY_METRICS, "auc"), strategy=rankings)
def _no_nan(t, y, s):
    for name in BINARY_METRICS:
        out = getattr(t, name)(y, s)
        arrays = out if isinstance(out, tuple) else (out,)
        for a in arrays:
            expect(not np.isnan(np.asarray(a, dtype=float)).any(), f"{name} returned NaN: {out}")
    fpr, tpr, _ = t.roc_curve(y, s)
    expect(not is_nan(t.auc(fpr, tpr)), "auc of the ROC curve is NaN")


def _register_undefined():
    for name in (*ROC_FAMILY, *ROC_OPERATING, "log_auc"):
        kw, needs = _required(name)

        def one_class(t, ex, name=name, kw=kw):
            y, s, cls = ex
            expect_refusal(lambda: getattr(t, name)(np.full(y.shape[0], cls), s, **kw), "y_true")

        register(f"one_class[{name}]",
                 f"{name} is undefined when y_true holds one class only (no positive or no negative): it raises, "
                 "naming y_true",
                 kind="undefined", needs=needs, check=one_class,
                 strategy=st.tuples(tiny_rankings, st.integers(0, 1)).map(lambda e: (*e[0], e[1])), max_examples=10)
    for name in (*PR_FAMILY, *PR_OPERATING):
        kw, needs = _required(name)

        def no_positive(t, ex, name=name, kw=kw):
            y, s = ex
            expect_refusal(lambda: getattr(t, name)(np.zeros_like(y), s, **kw), "y_true")

        register(f"no_positive[{name}]",
                 f"{name} is undefined without a positive sample (recall 0/0): it raises, naming y_true",
                 kind="undefined", needs=needs, check=no_positive, strategy=tiny_rankings, max_examples=10)


_register_undefined()


@ranking_prop("no_negative[precision_recall_curve]",
      "without negative samples precision is 1 at every threshold (defined, not refused)",
      kind="undefined", needs=("precision_recall_curve",), strategy=rankings, max_examples=20)
def _pr_no_negative(t, y, s):
    p, r, _ = t.precision_recall_curve(np.ones_like(y), s)
    expect_close(p, np.ones(len(p)), what="precision without negatives")


@ranking_prop("no_negative[average_precision]",
      "without negative samples average precision is 1",
      kind="undefined", needs=("average_precision",), strategy=rankings, max_examples=20)
def _ap_no_negative(t, y, s):
    expect_close(t.average_precision(np.ones_like(y), s), 1.0, what="AP without negatives")


# ---------------------------------------------------------------- refusals (the common bad inputs: generic)


@ranking_prop("refuse_interpolation[average_precision]", "average_precision refuses an unknown interpolation name",
      kind="refusal", needs=("average_precision:interpolation",), strategy=tiny_rankings, max_examples=3)
def _refuse_interpolation(t, y, s):
    expect_refusal(lambda: t.average_precision(y, s, interpolation="101_points"), "interpolation")


@prop("refuse_average[roc_auc]", "roc_auc refuses an unknown average mode",
      kind="refusal", needs=("roc_auc:average",), strategy=multiclass_scores(), max_examples=3)
def _refuse_average(t, ex):
    y, proba = ex
    expect_refusal(lambda: t.roc_auc(y, proba, average="harmonic"), "average")


# ---------------------------------------------------------------- agreement with scikit-learn


def _sklearn():
    return reference("sklearn")


def _register_agreement():
    for name in ("precision_recall_curve", "roc_curve", "average_precision", "roc_auc"):

        def agree(t, ex, name=name):
            y, s = ex
            ours, theirs = getattr(t, name)(y, s), getattr(_sklearn(), name)(y, s)
            if isinstance(ours, tuple):
                for i, (a, b) in enumerate(zip(ours, theirs)):
                    # same counts, same divisions: only summation order differs
                    expect_close(a, b, rtol=1e-12, what=f"{name} output {i} vs scikit-learn")
            else:
                # exact U / (P N) vs a trapezoid / step sum in floats: rounding only
                expect_close(ours, theirs, rtol=1e-9, what=f"{name} vs scikit-learn")

        register(f"sklearn[{name}]", f"{name} agrees with scikit-learn (matched conventions: no dropped points)",
                 kind="agreement", needs=(name,), check=agree, strategy=_rankings_for(name), reference="sklearn")


_register_agreement()


@ranking_prop("sklearn[det_curve]",
      "det_curve agrees with scikit-learn at every threshold scikit-learn reports (it trims the ends)",
      kind="agreement", needs=("det_curve",), strategy=rankings, reference="sklearn")
def _agree_det(t, y, s):
    fpr, fnr, thr = _floats(t.det_curve(y, s))
    fpr_s, fnr_s, thr_s = _floats(_sklearn().det_curve(y, s))
    at = {th: i for i, th in enumerate(thr)}
    thr_s = precision.as_target(thr_s)  # scikit-learn's float64 thresholds as a lower-precision target holds them
    expect(all(th in at for th in thr_s), f"scikit-learn thresholds {thr_s} missing from ours {thr}")
    idx = np.array([at[th] for th in thr_s], dtype=np.intp)
    expect_close(fpr[idx], fpr_s, rtol=1e-12, what="det fpr vs scikit-learn")
    expect_close(fnr[idx], fnr_s, rtol=1e-12, what="det fnr vs scikit-learn")


@prop("sklearn[roc_auc:multiclass]",
      "multiclass roc_auc agrees with scikit-learn's one-vs-rest roc_auc_score, macro and weighted",
      kind="agreement", needs=("roc_auc", "roc_auc:average"),
      strategy=with_edges(multiclass_scores(), multiclass_edges()), reference="sklearn")
def _agree_multiclass(t, ex):
    y, proba = ex
    for average in ("macro", "weighted"):
        with findings.form(view=t):
            expect_close(t.roc_auc(y, proba, average=average), _sklearn().roc_auc(y, proba, average=average),
                         rtol=1e-9, what=f"{average} OvR AUC vs scikit-learn")


# ---------------------------------------------------------------- claims from the seeds

SEED000 = "seed 000 (NLP course notebook, 2020)"
SEED002 = "seed 002 (NLP course notebook, 2018)"
SEED004 = "seed 004 (metrics primer)"


def _inflation_claim(interpolation):
    def check(t, ex):
        y, s = ex
        expect_le(t.average_precision(y, s), t.average_precision(y, s, interpolation=interpolation),
                  what=f"step AP > {interpolation} AP: the interpolation deflated the score")

    return check


@st.composite
def ranked_hits(draw):
    """Hits and misses in rank order (distinct scores, most confident first), every pattern
    of length 3..12 equally likely: the interpolation claims are about the order of hits."""
    n = draw(st.integers(3, 12))
    bits = draw(st.integers(1, 2**n - 1))
    return np.array([(bits >> k) & 1 for k in range(n)]), np.arange(n, 0, -1, dtype=np.float64)


for _interp in ("all_points", "11_points"):
    register(f"claim.seed000.interpolation_inflates.{_interp}",
             f"{_interp} interpolated AP is never below the uninterpolated (step) AP (formalised as 'always')",
             kind="claim", needs=("average_precision:interpolation",), check=_inflation_claim(_interp),
             strategy=st.one_of(ranked_hits(), pr_rankings), family="curves", source=f"{SEED000}, average precision weaknesses",
             quote="The interpolated versions are meaningfully different and will tend to inflate scores.")


@ranking_prop("claim.seed000.pr_final_point", "the PR curve ends with the point precision 1, recall 0 (no threshold)",
      kind="claim", needs=("precision_recall_curve",), strategy=pr_rankings,
      source=f"{SEED000}, average precision",
      quote="We insert a final pair of values $p=1$ and $r=0$ in the precision–recall curve calculation, "
            "with no threshold for that point.")
def _c_final_point(t, y, s):
    p, r, thr = t.precision_recall_curve(y, s)
    expect(p[-1] == 1 and r[-1] == 0 and len(p) == len(thr) + 1, f"PR curve ends at ({p[-1]}, {r[-1]})")


@ranking_prop("claim.seed000.distinct_thresholds", "the PR curve has exactly one threshold per distinct score",
      kind="claim", needs=("precision_recall_curve",), strategy=pr_rankings,
      source=f"{SEED000}, precision-recall curves",
      quote="each distinct real value in the set of predictions is a potential threshold")
def _c_distinct(t, y, s):
    expect_close(np.sort(np.asarray(t.precision_recall_curve(y, s)[2], dtype=float)), _distinct(s), rtol=0,
                 atol=0, what="thresholds vs distinct scores")


#: seed 000's "individual ROC calculations of recall divided fpr", per table cell:
#: (quote, confusion matrix rows [[TP_A, FN_A], [FP_A, TN_A]] as printed, class scored, printed value)
_ROC_RATIO_TABLE = (
    ("A & 15 & 10 & 0.21 & 0.90", ((15, 10), (100, 50)), "A", "0.90"),
    ("B & 100 & {\\color{blue}{50}} & 0.48 & 0.83", ((15, 10), (100, 50)), "B", "0.83"),
    ("A & 15 & 10 & 0.21 & 3.6", ((15, 10), (100, 500)), "A", "3.6"),
    ("B & 100 & {\\color{blue}{500}} & 0.90 & 2.08", ((15, 10), (100, 500)), "B", "2.08"),
)


def _roc_ratio_claim(matrix, cls, printed):
    def check(t, ex):
        (aa, ab), (ba, bb) = matrix  # rows: true A, true B; columns: predicted A, predicted B
        true_a = np.repeat([1, 1, 0, 0], [aa, ab, ba, bb])
        pred_a = np.repeat([1.0, 0.0, 1.0, 0.0], [aa, ab, ba, bb])
        y, s = (true_a, pred_a) if cls == "A" else (1 - true_a, 1 - pred_a)
        fpr, tpr, thr = _floats(t.roc_curve(y, s))
        at_one = int(np.flatnonzero(thr == 1.0)[0])  # the operating point "predict the class"
        expect_printed(tpr[at_one] / fpr[at_one], printed, what=f"recall / fpr of class {cls}")

    return check


for _k, (_quote, _matrix, _cls, _printed) in enumerate(_ROC_RATIO_TABLE):
    register(f"claim.seed000.roc_ratio_table.{'left' if _k < 2 else 'right'}_{_cls.lower()}",
             f"seed 000 table: recall / fpr of class {_cls} for {_matrix} is {_printed}",
             kind="claim", needs=("roc_curve",), check=_roc_ratio_claim(_matrix, _cls, _printed),
             family="curves", source=f"{SEED000}, ROC (worked example)", quote=_quote)


@ranking_prop("claim.seed002.ap_formula",
      "the seed's loop sum_i (r[i] - r[i+1]) p[i] over precision_recall_curve equals average_precision",
      kind="claim", needs=("average_precision", "precision_recall_curve"), strategy=pr_rankings,
      source=f"{SEED002}, average precision", quote="total += (r[i] - r[i+1]) * p[i]")
def _c_ap_formula(t, y, s):
    p, r, _ = t.precision_recall_curve(y, s)
    total = 0.0
    for i in range(len(p) - 1):
        total += (r[i] - r[i + 1]) * p[i]
    expect_close(t.average_precision(y, s), total, rtol=1e-10, what="average_precision vs the seed's loop")


@ranking_prop("claim.seed002.pr_auc_exaggerates",
      "the trapezoidal area under the PR curve (auc(recall, precision)) is never below average precision "
      "(formalised as 'always')",
      kind="claim", needs=("average_precision", "precision_recall_curve", "auc"), strategy=pr_rankings,
      source=f"{SEED002}, average precision weaknesses",
      quote="In calculating AUC for a precision–recall curve, some kind of interpolation will be done, and this "
            "will generally produce exaggerated scores")
def _c_pr_auc(t, y, s):
    p, r, _ = t.precision_recall_curve(y, s)
    expect_le(t.average_precision(y, s), t.auc(r, p), what="AP > trapezoidal PR AUC")


@prop("claim.seed004.random_classifier_half",
      "a classifier with zero predictive power (one constant score) has ROC AUC 0.5",
      kind="claim", needs=("roc_auc",), strategy=rankings, source=f"{SEED004}, ROC curve",
      quote="the dotted blue line is the baseline of a random classifier with zero predictive power, "
            "achieving AUC = 0.5")
def _c_random_half(t, ex):
    y, _ = ex
    expect_close(t.roc_auc(y, np.full(y.shape[0], 0.3)), 0.5, what="roc_auc of a constant score")


@ranking_prop("claim.seed004.perfect_classifier_one",
      "a perfect classifier (every positive scored above every negative) has ROC AUC 1",
      kind="claim", needs=("roc_auc",), strategy=rankings, source=f"{SEED004}, ROC curve",
      quote="would nudge towards the top-left (since higher TPR and lower FPR is desirable) to yield AUC ≈ 1")
def _c_perfect_one(t, y, s):
    expect_close(t.roc_auc(y, y + 0.5 * _expit(s)), 1.0, what="roc_auc of a perfect ranking")


@ranking_prop("claim.seed004.eer_on_anti_diagonal",
      "the EER operating point lies on the line fpr + fnr = 1 of the DET plane, i.e. EER = 1/2 "
      "(the sentence formalised as written)",
      kind="claim", needs=("equal_error_rate",), strategy=rankings, source=f"{SEED004}, Equal Error Rate (ROC)",
      quote="The equal error rate (EER) in ROC curves is the intersection of the y+x=1 line with the DET curve")
def _c_eer_anti(t, y, s):
    eer = t.equal_error_rate(y, s)
    expect_close(eer + eer, 1.0, what="fpr + fnr at the EER point")


@ranking_prop("claim.seed004.eer_on_diagonal",
      "the EER is where the DET curve (fpr, fnr), joined point to point, meets the line fpr = fnr",
      kind="claim", needs=("equal_error_rate", "det_curve"), strategy=rankings,
      source=f"{SEED004}, Equal Error Rate (DET)",
      quote="The equal error rate (EER) in DET curves is the intersection of the y = x line with the DET curve")
def _c_eer_diag(t, y, s):
    fpr, fnr, _ = (a[::-1] for a in _floats(t.det_curve(y, s)))
    expect_close(t.equal_error_rate(y, s), _diagonal_crossing(fpr, fnr), rtol=1e-9, atol=1e-12,
                 what="EER vs the DET curve's crossing of fpr = fnr")


#: claims that a metric lies in a range: (id, statement, metric, keywords, lowest, strategy, source, quote)
_RANGE_CLAIMS = (
    ("seed000.roc_auc_range", "ROC AUC lies within [0, 1]", "roc_auc", {}, 0, rankings,
     f"{SEED000}, ROC bounds", "For ROC AUC: [0, 1], with 1 the best."),
    ("seed002.ap_range", "average precision lies within [0, 1]", "average_precision", {}, 0, pr_rankings,
     f"{SEED002}, average precision bounds", "[0, 1], with 0 the worst and 1 the best."),
    ("seed004.auroc_at_least_half", "ROC AUC lies within [0.5, 1] (formalised as 'always')", "roc_auc", {}, 0.5,
     rankings, f"{SEED004}, AUROC",
     "This value is normally between 0.5 (for a bad classifier) and 1.0 (a perfect classifier)."),
    ("seed004.ap_range", "all-points (smoothed-curve) average precision lies within [0, 1]", "average_precision",
     {"interpolation": "all_points"}, 0, pr_rankings, f"{SEED004}, Average Precision (AP)",
     "This gives us a number between 0 and 1, where higher is better."),
)


def _range_claim(name, kw, lo):
    def check(t, ex):
        y, s = ex
        expect_in_range(getattr(t, name)(y, s, **kw), lo, 1, what=f"{name}({kw or ''})")

    return check


for _id, _statement, _name, _kw, _lo, _strategy, _source, _quote in _RANGE_CLAIMS:
    register(f"claim.{_id}", _statement, kind="claim", needs=tuple(f"{_name}:{k}" for k in _kw) or (_name,),
             check=_range_claim(_name, _kw, _lo), strategy=_strategy, family="curves", source=_source, quote=_quote)


def _fp_over_p(y, s64, th):
    return np.sum((y == 0) & (s64 >= th)) / np.sum(y == 1)


#: claims about a rate of a curve at every threshold, counted here from the samples:
#: (id, statement, curve, index of the rate in its output, value at threshold th of (y, float64 scores, th),
#: what the rate is compared with, source, quote)
_THRESHOLD_CLAIMS = (
    ("seed000.fpr_is_negative_miss_rate",
     "at every threshold, fpr = 1 - recall of the negative class (negatives scored below the threshold)",
     "roc_curve", 0, lambda y, s64, th: 1 - np.mean(s64[y == 0] < th), "1 - recall(negative class)",
     f"{SEED000}, ROC", "which is equivalent to 1 minus the recall for $B$ class."),
    ("seed004.tpr_formula", "tpr = FP / number of positives at every threshold (the printed formula)",
     "roc_curve", 1, _fp_over_p, "FP / P", f"{SEED004}, ROC curve",
     "$$\\frac{FP}{\\text{number of positives}} = \\frac{TP}{TP + FN}$$"),
    ("seed004.frr_formula", "fnr (FRR) = FP / number of positives at every threshold (the printed formula)",
     "det_curve", 1, _fp_over_p, "FP / P", f"{SEED004}, DET curve",
     "$$FRR = FNR = \\frac{FP}{\\text{number of positives}} = \\frac{FN}{FN + TP}$$"),
    ("seed004.frr_is_one_minus_tpr", "the DET curve's fnr is 1 - tpr of the ROC curve at every threshold",
     "det_curve", 1, lambda y, s64, th: 1 - np.mean(s64[y == 1] >= th), "1 - tpr", f"{SEED004}, DET curve",
     "$FRR = 1 - TPR$"),
)


def _threshold_claim(curve, index, value_at, compared_with):
    def check(t, ex):
        y, s = ex
        arrays = getattr(t, curve)(y, s)
        s64 = np.asarray(s, dtype=np.float64)
        expected = np.array([value_at(y, s64, th) for th in arrays[2]], dtype=float)
        expect_close(arrays[index], expected, what=f"{curve} output {index} vs {compared_with}")

    return check


for _id, _statement, _curve, _index, _value_at, _compared_with, _source, _quote in _THRESHOLD_CLAIMS:
    register(f"claim.{_id}", _statement, kind="claim", needs=(_curve,),
             check=_threshold_claim(_curve, _index, _value_at, _compared_with), strategy=rankings, family="curves",
             source=_source, quote=_quote)


#: seed 004's ranked detection table: rank, correct?, printed precision, printed recall
_DETECTION_TABLE = (
    (1, True, "1.0", "0.2"),
    (2, True, "1.0", "0.4"),
    (3, False, "0.67", "0.4"),
    (4, False, "0.5", "0.4"),
    (5, False, "0.4", "0.4"),
    (6, True, "0.5", "0.6"),
    (7, True, "0.57", "0.8"),
    (8, False, "0.5", "0.8"),
    (9, False, "0.44", "0.8"),
    (10, True, "0.5", "1.0"),
)
_DETECTION_CORRECT = np.array([int(row[1]) for row in _DETECTION_TABLE])
_DETECTION_CONFIDENCE = np.linspace(0.95, 0.05, len(_DETECTION_TABLE))  # most confident first


def _detection_row_claim(rank, printed_precision, printed_recall):
    def check(t, ex):
        p, r, thr = _floats(t.precision_recall_curve(_DETECTION_CORRECT, _DETECTION_CONFIDENCE))
        at = int(np.flatnonzero(thr == _DETECTION_CONFIDENCE[rank - 1])[0])  # predictions ranked 1..rank accepted
        expect_printed(p[at], printed_precision, what=f"cumulative precision at rank {rank}")
        expect_printed(r[at], printed_recall, what=f"cumulative recall at rank {rank}")

    return check


for _rank, _correct, _p, _r in _DETECTION_TABLE:
    register(f"claim.seed004.detection_table.rank_{_rank}",
             f"seed 004 ranked detection table, rank {_rank}: cumulative precision {_p}, recall {_r}",
             kind="claim", needs=("precision_recall_curve",), check=_detection_row_claim(_rank, _p, _r),
             family="curves", source=f"{SEED004}, Mean Average Precision (ranked detection table)",
             quote=f"{_rank}\t{_correct}\t{_p}\t{_r}")


# ---------------------------------------------------------------- capabilities

_SCORES = "binary labels and real-valued scores (ties allowed)"
_ONE_CLASS = "y_true with no positive or no negative sample: raises MetricInputError naming y_true"
_NO_POSITIVE = ("y_true with no positive sample: raises MetricInputError naming y_true; "
                "no negative sample is defined (precision 1)")

CAPABILITIES = {
    "precision_recall_curve": Capability(range=(0.0, 1.0), symmetric=False, input_domain=_SCORES,
                                         undefined=_NO_POSITIVE, sample_weight=True, higher_is_better=None),
    "average_precision": Capability(range=(0.0, 1.0), symmetric=False, input_domain=_SCORES,
                                    undefined=_NO_POSITIVE + " (AP = 1)", sample_weight=True),
    "roc_curve": Capability(range=(0.0, 1.0), symmetric=False, input_domain=_SCORES, undefined=_ONE_CLASS,
                            sample_weight=True, higher_is_better=None),
    "roc_auc": Capability(range=(0.0, 1.0), symmetric=False,
                          input_domain=_SCORES + "; or multiclass labels with (n, k) scores (one-vs-rest)",
                          undefined=_ONE_CLASS + " (for every one-vs-rest class)",
                          averaging=("macro", "weighted"), sample_weight=True),
    "det_curve": Capability(range=(0.0, 1.0), symmetric=False, input_domain=_SCORES, undefined=_ONE_CLASS,
                            sample_weight=True, higher_is_better=None),
    "equal_error_rate": Capability(range=(0.0, 1.0), symmetric=False, input_domain=_SCORES,
                                   undefined=_ONE_CLASS, sample_weight=True, higher_is_better=False),
    **{name: Capability(range=(0.0, 1.0), symmetric=False,
                        input_domain=_SCORES + f"; {keyword} in [0, 1]; returns (value, threshold)",
                        undefined=(_NO_POSITIVE if name in PR_OPERATING else _ONE_CLASS)
                        + f"; {keyword} outside [0, 1] raises naming it"
                        + ("; no threshold meeting it gives (0, inf)" if name == "recall_at_fixed_precision" else ""),
                        sample_weight=True)
       for name, keyword in OPERATING_POINTS.items()},
    "log_auc": Capability(range=(0.0, 1.0), symmetric=False, input_domain=_SCORES + "; fpr_range 0 < a < b <= 1",
                          undefined=_ONE_CLASS + "; a bad fpr_range raises naming it", sample_weight=True),
    "auc": Capability(range=(None, None), symmetric=False, input_domain="curve points: monotonic x, real y",
                      undefined="fewer than 2 points or non-monotonic x: raises MetricInputError naming x",
                      higher_is_better=None),
}

#: every interpolation of average precision, each a form the generic properties evaluate
AP_FORMS = tuple({} if i is None else {"interpolation": i} for i in (*INTERPOLATIONS, *TRAPEZOIDS))
#: the forms whose value on a perfect ranking is 1 (the zero start scores 1 - R_1 / 2 there)
AP_PERFECT_FORMS = tuple(f for f in AP_FORMS if f.get("interpolation") != "trapezoid_zero_start")

#: how the generic properties evaluate each metric (properties/generic.py)
_GENERIC = {
    "precision_recall_curve": dict(inputs=SCORES_NEGATIVES_OPTIONAL),
    "average_precision": dict(inputs=SCORES_NEGATIVES_OPTIONAL, best=1.0, forms=AP_FORMS, perfect_forms=AP_PERFECT_FORMS),
    "roc_curve": dict(inputs=SCORES),
    "roc_auc": dict(inputs=SCORES, best=1.0),
    "det_curve": dict(inputs=SCORES),
    "equal_error_rate": dict(inputs=SCORES, best=0.0),
    # the value of the operating point (its threshold: definition and on_the_curve), under two constraints; a
    # stream's whole point, value and threshold, against the one call's
    **{name: dict(inputs=OPERATING_POINT_SCORES_NEGATIVES_OPTIONAL if name in PR_OPERATING else OPERATING_POINT_SCORES,
                  stream_inputs=(OPERATING_POINT_STREAM_SCORES_NEGATIVES_OPTIONAL if name in PR_OPERATING
                                 else OPERATING_POINT_STREAM_SCORES),
                  best=1.0, forms=tuple({keyword: m} for m in (0.5, 0.8)), refusal_form={keyword: 0.5})
       for name, keyword in OPERATING_POINTS.items()},
    "log_auc": dict(inputs=SCORES, best=1.0, forms=({}, {"fpr_range": (0.01, 1.0)})),
    # the points of a curve are ordered along x, which must be monotonic: a permutation or two copies
    # end to end make x go back and forth, an input auc refuses (reversal: orientation[auc])
    "auc": dict(inputs=CURVE_POINTS, not_generic=("permutation_invariance", "duplication_invariance")),
}
CAPABILITIES = {m: dataclasses.replace(cap, **_GENERIC[m]) for m, cap in CAPABILITIES.items()}

#: the generic properties of the operating points and log_auc run fewer examples (35 properties: the test
#: suite's time)
GENERIC_EXAMPLES = {name: _FEWER for name in (*OPERATING_POINTS, "log_auc")}
#: their streaming properties run two forms each (two constraints, two fpr_ranges): half the draws per form
#: (every edge case still runs) keeps a metric's 7 stream properties near roc_auc's one form of 20 draws
STREAM_EXAMPLES = {name: _FEWER // 2 for name in (*OPERATING_POINTS, "log_auc")}


# ------------------------------------------------------------------ claims from the source documents


@prop("claim.seed004.precision_recall_tradeoff",
      "along the precision-recall curve, a threshold that raises recall never raises precision",
      kind="claim", source="seed 004, section Precision/Recall Tradeoff",
      quote="As we increase the recall rate by adjusting the classification threshold of a model, the precision "
            "rate is decreased and vice versa.",
      needs=("precision_recall_curve",), strategy=rankings)
def _claim_precision_recall_tradeoff(t, ex):
    precision, recall, _ = (np.asarray(v, dtype=np.float64) for v in t.precision_recall_curve(*ex))
    # every pair of curve points: the one of higher recall must not have the higher precision
    higher_recall = recall[:, None] > recall[None, :]
    rises = higher_recall & (precision[:, None] > precision[None, :])
    if rises.any():
        i, j = (int(k[0]) for k in np.nonzero(rises))
        expect(False, f"recall {recall[j]:.6g} -> {recall[i]:.6g} raises precision {precision[j]:.6g} -> "
                      f"{precision[i]:.6g}")
