"""Detection inputs: boxes, matched detections of one class, and whole detection datasets.

Boxes have integer coordinates (``xyxy``, held as float64): areas, intersections
and unions are then exact, so every implementation computes the same IoU to
the last bit and a threshold decision (``IoU >= 0.5``) cannot depend on
rounding. Sizes reach COCO's three area ranges (small <= 32², medium, large
>= 96²).

A *detection set* is the input of ``coco_map``: one ``{"boxes", "scores",
"labels"}`` dict per image and one ``{"boxes", "labels"}`` dict of ground
truths per image; a sample is an image. Detections are drawn either at random
or as a jittered copy of a ground truth of their image (with its label or
another), so matches, near misses, duplicates and wrong labels all occur.
Scores are distinct over the whole set (the integers 1..n in a drawn order):
with ties, the order of images and of detections decides COCO's ranking, and
the order invariances would not hold.

*Matched detections* are the input of ``average_precision_detection``:
``tp_flags``, distinct ``scores`` and ``n_gt``; a sample is a detection.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import strategies as st

from . import InputShape, Recast, integer_recasts, list_recast, literal, mapped_edges, with_edges

#: the largest corner coordinate and box side drawn: sides up to 128 give areas above 96² (COCO's "large")
MAX_CORNER = 64
MAX_SIDE = 128
#: category labels drawn (COCO category ids)
LABELS = (1, 2, 3)
#: at most this many images, ground truths and detections per image
MAX_IMAGES = 4
MAX_GT = 3
MAX_DETECTIONS = 4
#: the summary numbers that are defined whenever some image holds a regular ground truth: the generic
#: properties read these (the per-size numbers are -1 when no object has that size, see properties/detection.py)
ALWAYS_DEFINED = ("AP", "AP50", "AP75", "AR100")


def boxes_array(rows) -> np.ndarray:
    """``(x1, y1, w, h)`` integer rows as an ``(n, 4)`` float64 ``xyxy`` array."""
    arr = np.array(rows, dtype=np.float64).reshape(-1, 4)
    arr[:, 2:] += arr[:, :2]
    return arr


#: one box as integers (x1, y1, width, height), width and height >= 1
box_rows = st.tuples(st.integers(0, MAX_CORNER), st.integers(0, MAX_CORNER),
                     st.integers(1, MAX_SIDE), st.integers(1, MAX_SIDE))


def boxes(*, min_size: int = 0, max_size: int = 5):
    """``(n, 4)`` float64 ``xyxy`` boxes with integer corners and positive area."""
    return st.lists(box_rows, min_size=min_size, max_size=max_size).map(boxes_array)


@dataclasses.dataclass(frozen=True, repr=False)
class DetectionSet:
    """The input of ``coco_map``: per-image detections and ground truths, in the same image order."""

    detections: tuple
    ground_truths: tuple

    def __repr__(self) -> str:
        return f"DetectionSet(detections={literal(list(self.detections))}, " \
               f"ground_truths={literal(list(self.ground_truths))})"

    @property
    def n_detections(self) -> int:
        return sum(len(d["scores"]) for d in self.detections)


def detection_set(images) -> DetectionSet:
    """Build a set from per-image ``(gt rows, detection rows)``; scores become distinct integers."""
    detections, ground_truths = [], []
    from scipy.stats import rankdata  # scipy.stats is imported where used: importing it costs ~0.7 s at every start of the CLI

    raw = [row[-1] for _, dets in images for row in dets]
    scores = rankdata(raw, method="ordinal").astype(np.float64) if raw else np.zeros(0)
    used = 0
    for gts, dets in images:
        ground_truths.append({"boxes": boxes_array([b for _, b in gts]),
                              "labels": np.array([lab for lab, _ in gts], dtype=np.int64)})
        det_boxes, det_labels = [], []
        for source, label, box, (dx, dy, dw, dh), keep_label, _ in dets:
            if source < len(gts):
                gt_label, (x, y, w, h) = gts[source]
                box = (x + dx, y + dy, max(1, w + dw), max(1, h + dh))
                label = gt_label if keep_label else label
            det_boxes.append(box)
            det_labels.append(label)
        detections.append({"boxes": boxes_array(det_boxes), "scores": scores[used:used + len(dets)],
                           "labels": np.array(det_labels, dtype=np.int64)})
        used += len(dets)
    return DetectionSet(tuple(detections), tuple(ground_truths))


_jitter = st.tuples(*[st.integers(-8, 8)] * 4)
#: (ground truth to copy, or none if out of range; label; random box; jitter; keep the copied label; raw score)
_detection_rows = st.tuples(st.integers(0, MAX_GT), st.sampled_from(LABELS), box_rows, _jitter, st.booleans(),
                            st.integers(0, 1000))
_gt_rows = st.tuples(st.sampled_from(LABELS), box_rows)
_images = st.tuples(st.lists(_gt_rows, max_size=MAX_GT), st.lists(_detection_rows, max_size=MAX_DETECTIONS))


def _with_an_object(images):
    """Every set holds a ground truth: without one, every summary number is undefined."""
    if not any(gts for gts, _ in images):
        images = [([(LABELS[0], (0, 0, 16, 16))], images[0][1]), *images[1:]]
    return images


def _edge_set(images) -> DetectionSet:
    """A set from per-image ``(ground truths [(label, (x, y, w, h))], detections [(label, (x, y, w, h), score)])``."""
    detections, ground_truths = [], []
    for gts, dets in images:
        ground_truths.append({"boxes": boxes_array([b for _, b in gts]),
                              "labels": np.array([lab for lab, _ in gts], dtype=np.int64)})
        detections.append({"boxes": boxes_array([b for _, b, _ in dets]),
                           "scores": np.array([sc for _, _, sc in dets], dtype=np.float64),
                           "labels": np.array([lab for lab, _, _ in dets], dtype=np.int64)})
    return DetectionSet(tuple(detections), tuple(ground_truths))


def detection_set_edges() -> tuple:
    """Detection sets that break COCO evaluation (scores distinct, as drawn): objects of area exactly 32**2
    and 96**2 (COCO's area-range boundaries, closed at both ends) found exactly, a detection touching its
    object along an edge (IoU 0: no match), two identical detections of one object (one match, and a false
    positive ranked above another object's match), an image without ground truth whose detection is a false positive,
    and a category that only detections have (no ground truth of it anywhere: left out of the mean, not an AP of 0)."""
    return (
        ("area_range_boundaries", _edge_set([
            ([(1, (0, 0, 32, 32)), (2, (10, 10, 96, 96))], [(1, (0, 0, 32, 32), 2.0), (2, (10, 10, 96, 96), 1.0)]),
        ])),
        ("touching_boxes", _edge_set([
            ([(1, (0, 0, 16, 16)), (1, (40, 40, 20, 20))], [(1, (16, 0, 16, 16), 2.0), (1, (40, 40, 20, 20), 1.0)]),
        ])),
        ("identical_boxes", _edge_set([
            ([(1, (4, 4, 30, 30)), (1, (50, 50, 10, 10))],
             [(1, (4, 4, 30, 30), 3.0), (1, (4, 4, 30, 30), 2.0), (1, (50, 50, 10, 10), 1.5)]),
            ([(2, (0, 0, 8, 8))], [(2, (0, 0, 8, 8), 1.0)]),
        ])),
        ("image_without_ground_truth", _edge_set([
            ([(1, (0, 0, 20, 20))], [(1, (0, 0, 20, 20), 1.0)]),
            ([], [(1, (5, 5, 20, 20), 2.0)]),
        ])),
        ("category_without_ground_truth", _edge_set([
            ([(1, (0, 0, 20, 20))], [(1, (0, 0, 20, 20), 1.0), (3, (40, 40, 10, 10), 2.0)]),
        ])),
    )


def detection_sets(*, max_images: int = MAX_IMAGES):
    """:class:`DetectionSet` examples: 1..max_images images, some ground truth somewhere, distinct scores;
    with the edge cases of :func:`detection_set_edges` of at most ``max_images`` images."""
    return with_edges(st.lists(_images, min_size=1, max_size=max_images).map(_with_an_object).map(detection_set),
                      tuple((n, ex) for n, ex in detection_set_edges() if len(ex.detections) <= max_images))


def take_images(ex: DetectionSet, idx) -> DetectionSet:
    return DetectionSet(tuple(ex.detections[i] for i in idx), tuple(ex.ground_truths[i] for i in idx))


def perfect_set(ex: DetectionSet) -> DetectionSet:
    """Every ground truth detected exactly, nothing else."""
    n = sum(len(g["labels"]) for g in ex.ground_truths)
    scores = np.arange(n, 0, -1, dtype=np.float64)
    detections, used = [], 0
    for g in ex.ground_truths:
        k = len(g["labels"])
        detections.append({"boxes": g["boxes"].copy(), "scores": scores[used:used + k], "labels": g["labels"].copy()})
        used += k
    return DetectionSet(tuple(detections), ex.ground_truths)


def summary_values(value, keys=ALWAYS_DEFINED) -> np.ndarray:
    """The summary numbers ``keys`` of a ``coco_map`` result, as an array (a missing key fails)."""
    from ..checks import expect

    expect(hasattr(value, "keys") and all(k in value for k in keys),
           f"coco_map returned {value!r}, but should be a dict holding {list(keys)}")
    return np.array([float(value[k]) for k in keys])


def _call_coco_map(t, name, ex, **kw):
    return summary_values(getattr(t, name)(list(ex.detections), list(ex.ground_truths), **kw))


def _bad_sets():
    """(set, argument at fault, defect): one defect in one image."""
    defects = {
        "nan coordinate": lambda d: {**d, "boxes": np.where(np.arange(4) == 2, np.nan, d["boxes"])},
        "negative width": lambda d: {**d, "boxes": d["boxes"][:, [2, 1, 0, 3]] - [0, 0, 1, 0]},
        "scores longer than boxes": lambda d: {**d, "scores": np.append(d["scores"], 0.5)},
        "nan score": lambda d: {**d, "scores": np.full(len(d["scores"]), np.nan)},
        "boxes of 3 numbers": lambda d: {**d, "boxes": d["boxes"][:, :3]},
    }
    #: the defect's name in a finding class (the keys above stay: their sorted order is what is drawn)
    names = {
        "nan coordinate": "nan_coordinate",
        "negative width": "negative_width",
        "scores longer than boxes": "length_mismatch",
        "nan score": "nan_score",
        "boxes of 3 numbers": "three_coordinates",
    }

    def spoil(ex_defect):
        ex, defect = ex_defect
        at = next(i for i, d in enumerate(ex.detections) if len(d["scores"]))
        detections = list(ex.detections)
        detections[at] = defects[defect](detections[at])
        return DetectionSet(tuple(detections), ex.ground_truths), "detections", names[defect]

    with_detection = detection_sets().filter(lambda ex: ex.n_detections > 0)
    return st.tuples(with_detection, st.sampled_from(sorted(defects))).map(spoil)


def _recast_set(ex: DetectionSet):
    arrays = [a for d in ex.detections for a in (d["boxes"], d["scores"], d["labels"])]
    arrays += [a for g in ex.ground_truths for a in (g["boxes"], g["labels"])]

    def build(converted, dtype=None):
        it = iter(converted)
        dets = tuple({"boxes": next(it), "scores": next(it), "labels": next(it)} for _ in ex.detections)
        gts = tuple({"boxes": next(it), "labels": next(it)} for _ in ex.ground_truths)
        return DetectionSet(dets, gts)

    return [*integer_recasts("boxes, scores and labels", arrays, build, dtypes=(np.int16, np.int32, np.int64,
                                                                                np.uint16), versus="float64"),
            list_recast("boxes, scores and labels", arrays, build, versus="float64")]


#: a detection dataset (``coco_map``); the samples are the images
DETECTION_SETS = InputShape(
    name="a detection dataset (per-image boxes, scores, labels)",
    examples=lambda name: detection_sets(),
    size=lambda ex: len(ex.detections),
    take=take_images,
    call=_call_coco_map,
    perfect=lambda name: with_edges(detection_sets().map(perfect_set), mapped_edges(detection_set_edges(), perfect_set,
                                                                                    "_perfect")),
    bad=lambda name: _bad_sets(),
    recast=_recast_set,
    dtypes="integer boxes, scores and labels as int16, int32, int64 and uint16; Python lists",
    # the same numbers in the same order: only a reordered sum may move the last ulp
    rtol=1e-12,
    atol=1e-15,
)


@dataclasses.dataclass(frozen=True)
class MatchedDetections:
    """The input of ``average_precision_detection``: one class's matched detections and its object count."""

    tp_flags: np.ndarray
    scores: np.ndarray
    n_gt: int

    def __repr__(self) -> str:
        return f"MatchedDetections(tp_flags={literal(self.tp_flags)}, scores={literal(self.scores)}, " \
               f"n_gt={self.n_gt})"


def _matched(rows, missed) -> MatchedDetections:
    tp = np.array([hit for hit, _ in rows], dtype=np.int64)
    from scipy.stats import rankdata

    raw = [s for _, s in rows]
    scores = rankdata(raw, method="ordinal").astype(np.float64) if rows else np.zeros(0)
    return MatchedDetections(tp, scores, max(1, int(tp.sum()) + missed))


def matched_detections(*, max_size: int = 12):
    """tp_flags (0/1), distinct integer scores, n_gt >= max(1, number of true positives); with the edge cases
    of :data:`MATCHED_EDGES` of at most ``max_size`` detections."""
    rows = st.lists(st.tuples(st.booleans(), st.integers(0, 1000)), max_size=max_size)
    return with_edges(st.builds(_matched, rows, st.integers(0, 3)),
                      tuple((name, ex) for name, ex in MATCHED_EDGES if len(ex.scores) <= max_size))


def _take_matched(ex: MatchedDetections, idx) -> MatchedDetections:
    idx = np.asarray(idx, dtype=np.intp)
    return MatchedDetections(ex.tp_flags[idx], ex.scores[idx], ex.n_gt)


def _bad_matched():
    """(example, argument at fault, defect): a NaN score, no objects (n_gt 0), or a tp flag of 2."""
    defects = {
        "scores": lambda ex: MatchedDetections(ex.tp_flags, np.append(ex.scores, np.nan), ex.n_gt + 1),
        "n_gt": lambda ex: MatchedDetections(ex.tp_flags, ex.scores, 0),
        "tp_flags": lambda ex: MatchedDetections(np.append(ex.tp_flags, 2), np.append(ex.scores, 0.5), ex.n_gt + 1),
    }
    names = {"scores": "nan", "n_gt": "zero", "tp_flags": "non_binary"}
    return st.tuples(matched_detections(), st.sampled_from(sorted(defects))).map(
        lambda e: (defects[e[1]](e[0]), e[1], names[e[1]]))


def _recast_matched(ex: MatchedDetections):
    def build(converted, dtype=None):
        return MatchedDetections(converted[0], converted[1], ex.n_gt)

    return [*integer_recasts("tp_flags", [ex.tp_flags], lambda c, d: build([c[0], ex.scores]), boolean=True),
            *integer_recasts("scores", [ex.scores], lambda c, d: build([ex.tp_flags, c[0]]),
                             dtypes=(np.int16, np.int32, np.int64), versus="float64"),
            list_recast("tp_flags, scores", [ex.tp_flags, ex.scores], build, versus="int64, float64"),
            Recast("n_gt as int64", MatchedDetections(ex.tp_flags, ex.scores, np.int64(ex.n_gt)), versus="int")]


def _md(tp, scores, n_gt) -> MatchedDetections:
    return MatchedDetections(np.array(tp, dtype=np.int64), np.array(scores, dtype=np.float64).reshape(-1), n_gt)


#: matched detections that break AP: no detection at all, every detection a hit, one detection, every
#: detection a miss with objects left unfound, and the only hit ranked below every miss
MATCHED_EDGES = (
    ("no_detections", _md([], [], 2)),
    ("all_hits", _md([1, 1, 1], [3, 2, 1], 3)),
    ("single_detection", _md([1], [1], 1)),
    ("all_misses", _md([0, 0], [2, 1], 1)),
    ("hit_below_every_miss", _md([0, 0, 0, 1], [4, 3, 2, 1], 2)),
)

#: the refusal of n_gt = 0 given as a NumPy scalar: a guard written as ``except ZeroDivisionError`` never
#: sees it (NumPy divides by zero without raising)
MATCHED_BAD_EDGES = (
    ("n_gt_numpy_zero", (MatchedDetections(np.array([1, 0, 1], dtype=np.int64), np.array([3.0, 2.0, 1.0]),
                                           np.int64(0)), "n_gt", "zero")),
    # a count of objects that is not a whole number, and one score for three detections (NumPy would broadcast it)
    ("n_gt_fractional", (MatchedDetections(np.array([1, 0, 1], dtype=np.int64), np.array([3.0, 2.0, 1.0]), 2.5),
                         "n_gt", "fractional")),
    ("broadcast_scores", (MatchedDetections(np.array([1, 0, 1], dtype=np.int64), np.array([3.0]), 2), "scores",
                          "broadcast")),
)


#: one class's detections already matched to ground truth; the samples are the detections
MATCHED_DETECTIONS = InputShape(
    name="matched detections of one class (tp_flags, scores, n_gt)",
    examples=lambda name: with_edges(matched_detections(), MATCHED_EDGES),
    size=lambda ex: len(ex.scores),
    take=_take_matched,
    call=lambda t, name, ex, **kw: getattr(t, name)(ex.tp_flags, ex.scores, ex.n_gt, **kw),
    perfect=lambda name: with_edges(st.integers(1, 12).map(
        lambda n: MatchedDetections(np.ones(n, dtype=np.int64), np.arange(n, 0, -1, dtype=np.float64), n)),
        (("single_hit", _md([1], [1], 1)), ("twelve_hits", _md([1] * 12, range(12, 0, -1), 12)))),
    bad=lambda name: with_edges(_bad_matched(), MATCHED_BAD_EDGES),
    recast=_recast_matched,
    dtypes="tp_flags as int8 to uint64 and bool; integer scores as int16, int32, int64; n_gt as a NumPy int64 "
           "scalar; Python lists",
    # the same numbers in the same order: only a reordered sum may move the last ulp
    rtol=1e-12,
    atol=1e-15,
)
