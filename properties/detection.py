"""The detection spec: box IoU, COCO's greedy matching, detection AP and the COCO summary.

Inputs are integer-coordinate boxes (``properties/inputs/detections.py``), so
every IoU is exact and a threshold decision never depends on rounding.

Bounds, permutation (of images, and of detections for AP), duplication of
images, dtype, perfect-input and bad-input properties of ``coco_map`` and
``average_precision_detection`` are generic (``properties/generic.py``). What
stays here: IoU's geometry, the matching rule checked against a loop written
from COCOeval's description, the AP interpolations from their definitions,
what a low-scored extra detection, a duplicate or a wrong label may change, the
per-class mean, the undefined cases (COCO's -1 vs left out), the agreement with
pycocotools, and the seed's claims.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
from hypothesis import strategies as st

from .capabilities import Capability
from .checks import expect, expect_close, expect_in_range, expect_le, expect_printed, expect_refusal
from properties.engine.vocabulary import findings, precision, registry
from properties.engine.target.references import reference
from .inputs import cycled_edges, with_edges
from .inputs.detections import (ALWAYS_DEFINED, DETECTION_SETS, LABELS, MATCHED_DETECTIONS, MATCHED_EDGES, DetectionSet,
                                MatchedDetections, box_rows, boxes, boxes_array, detection_sets, matched_detections,
                                summary_values, take_images)

#: examples per property: the inputs are tiny, but pycocotools builds its index objects on every call
EXAMPLES = 40

registry.family_examples("detection", EXAMPLES)
register, prop = registry.register, registry.prop

INTERPOLATIONS = ("voc11", "all_points", "coco101")
SUMMARY_KEYS = ("AP", "AP50", "AP75", "AP_small", "AP_medium", "AP_large",
                "AR1", "AR10", "AR100", "AR_small", "AR_medium", "AR_large")
#: COCOeval's recall thresholds, its own values (ten lie one ulp above k/100)
COCO_RECALLS = np.linspace(0.0, 1.0, 101)
#: the same numbers summed in the same order: only a reordered mean may move the last ulp
ROUNDING = 1e-12

CAPABILITIES = {
    "box_iou": Capability(
        (0.0, 1.0), True, "two sets of boxes (n, 4), xyxy or xywh",
        "boxes of zero width or height have IoU 0 with every box, themselves included (pycocotools' rule)",
        higher_is_better=None,
    ),
    "match_detections": Capability(
        (None, None), False, "one image's detections (boxes, scores) and ground truths (boxes, crowd flags)",
        "none: no detection or no ground truth gives all false positives or nothing",
        higher_is_better=None,
    ),
    "average_precision_detection": Capability(
        (0.0, 1.0), False, "true-positive flags, scores and the number of objects of one class",
        "n_gt = 0 (recall 0/0) raises MetricInputError naming n_gt; no true positive gives 0",
        inputs=MATCHED_DETECTIONS, forms=tuple({"interpolation": i} for i in INTERPOLATIONS), best=1.0,
        refusal_form={"interpolation": "all_points"},
        # n_gt is the number of objects, not a sum over detections: duplicating every detection
        # doubles the true positives, not the objects
        not_generic=("duplication_invariance",),
    ),
    "coco_map": Capability(
        (0.0, 1.0), False, "per-image detections (boxes, scores, labels) and ground truths",
        "a class without regular ground truth is left out of every mean; a summary number with no class "
        "left: -1 (undefined='coco', COCOeval) or omitted (undefined='exclude')",
        inputs=DETECTION_SETS, best=1.0,
    ),
}

_SET_NEEDS = ("coco_map",)


# ------------------------------------------------------------------ the spec's own definitions (tiny inputs)


def _iou(a, b, crowd: bool = False) -> float:
    """IoU of two xyxy boxes; 0 without a positive-area intersection; a crowd region divides by |a|."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    area_a = (a[2] - a[0]) * (a[3] - a[1])
    return inter / (area_a if crowd else area_a + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def _greedy(det, scores, gt, crowd, threshold):
    """COCOeval.evaluateImg, one visit per detection: (tp, fp, ignored, gt_index) lists in input order."""
    t = min(threshold, 1 - 1e-10)
    n_det, n_gt = len(scores), len(gt)
    taken = [False] * n_gt
    out = [(False, True, False, -1)] * n_det
    for i in sorted(range(n_det), key=lambda i: -scores[i]):  # sorted() is stable: ties in input order
        best, best_iou = -1, t
        for regular in (True, False):
            for j in range(n_gt):
                if bool(crowd[j]) == regular or (taken[j] and not crowd[j]):
                    continue
                iou = _iou(det[i], gt[j], bool(crowd[j]))
                if iou >= best_iou:
                    best, best_iou = j, iou
            if best >= 0:
                break
        if best >= 0:
            taken[best] = True
            out[i] = (not crowd[best], False, bool(crowd[best]), best)
    return out


def _ranked_curve(tp, scores, n_gt):
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    hits = [bool(tp[i]) for i in order]
    cum = np.cumsum(hits)
    precision = cum / np.arange(1, len(hits) + 1)
    envelope = np.maximum.accumulate(precision[::-1])[::-1] if len(hits) else precision
    return np.array(hits, dtype=bool), cum / n_gt, envelope


def _sampled(recall, envelope, levels):
    return np.array([envelope[np.argmax(recall >= r)] if (recall >= r).any() else 0.0 for r in levels])


def _ap_definition(tp, scores, n_gt, interpolation) -> float:
    hits, recall, envelope = _ranked_curve(tp, scores, n_gt)
    if not hits.any():
        return 0.0
    if interpolation == "all_points":
        return float(envelope[hits].sum() / n_gt)
    levels = np.arange(11) / 10 if interpolation == "voc11" else COCO_RECALLS
    return float(_sampled(recall, envelope, levels).mean())


def _summary(t, ex: DetectionSet, keys=SUMMARY_KEYS, **kw) -> dict:
    return dict(zip(keys, summary_values(t.coco_map(list(ex.detections), list(ex.ground_truths), **kw), keys)))


# ------------------------------------------------------------------ IoU

#: box pairs that break IoU: identical boxes, boxes touching along an edge and at a corner (intersection of
#: zero area: IoU 0), one inside the other, an overlap of one pixel, and boxes of side 1 beside large ones
BOX_PAIR_EDGES = (
    ("identical_boxes", (boxes_array([(3, 4, 10, 20)]), boxes_array([(3, 4, 10, 20)]))),
    ("touching_boxes", (boxes_array([(0, 0, 16, 16), (0, 0, 16, 16)]), boxes_array([(16, 0, 16, 16), (16, 16, 4, 4)]))),
    ("nested_boxes", (boxes_array([(0, 0, 64, 64)]), boxes_array([(8, 8, 16, 16), (0, 0, 64, 64)]))),
    ("one_pixel_overlap", (boxes_array([(0, 0, 10, 10)]), boxes_array([(9, 9, 10, 10)]))),
    ("unit_and_large_boxes", (boxes_array([(0, 0, 1, 1), (64, 64, 128, 128)]), boxes_array([(0, 0, 128, 128)]))),
)
_box_pairs = with_edges(st.tuples(boxes(min_size=1, max_size=4), boxes(min_size=1, max_size=4)), BOX_PAIR_EDGES)


def _matrix(value, shape, what) -> np.ndarray:
    arr = np.asarray(value, dtype=float)
    expect(arr.shape == shape, f"{what} has shape {arr.shape}, but should be {shape}")
    return arr


@prop("iou_definition[box_iou]", "box_iou(a, b)[i, j] = |a_i ∩ b_j| / (|a_i| + |b_j| - |a_i ∩ b_j|), exactly, "
      "for integer corners", kind="relation", needs=("box_iou",), strategy=_box_pairs, defines="box_iou")
def iou_definition(t, ex):
    a, b = ex
    got = _matrix(t.box_iou(a, b), (len(a), len(b)), "box_iou(a, b)")
    expected = np.array([[_iou(x, y) for y in b] for x in a])
    expect_close(got, expected, rtol=ROUNDING, atol=0.0, what="box_iou(a, b)")


@prop("iou_bounds[box_iou]", "every IoU lies in [0, 1]", kind="bound", needs=("box_iou",), strategy=_box_pairs)
def iou_bounds(t, ex):
    expect_in_range(t.box_iou(*ex), 0.0, 1.0, what="box_iou(a, b)")


@prop("iou_symmetry[box_iou]", "box_iou(b, a) is the transpose of box_iou(a, b)", kind="symmetry",
      needs=("box_iou",), strategy=_box_pairs)
def iou_symmetry(t, ex):
    a, b = ex
    forward = _matrix(t.box_iou(a, b), (len(a), len(b)), "box_iou(a, b)")
    expect_close(_matrix(t.box_iou(b, a), (len(b), len(a)), "box_iou(b, a)"), forward.T, rtol=ROUNDING, atol=0.0,
                 what="box_iou(b, a) vs box_iou(a, b).T")


@prop("iou_one_only_for_identical_boxes[box_iou]",
      "box_iou(a, a) has 1 on its diagonal, and an IoU of 1 only where the two boxes are identical",
      kind="identity", needs=("box_iou",), strategy=boxes(min_size=1, max_size=5))
def iou_one_only_for_identical(t, a):
    m = _matrix(t.box_iou(a, a), (len(a), len(a)), "box_iou(a, a)")
    identical = (a[:, None, :] == a[None, :, :]).all(axis=2)
    expect_close(np.diag(m), np.ones(len(a)), rtol=ROUNDING, atol=0.0, what="diagonal of box_iou(a, a)")
    ones = np.isclose(m, 1.0, rtol=0.0, atol=ROUNDING)
    expect((ones == identical).all(), f"box_iou(a, a) = {m.tolist()}, but should be 1 exactly where boxes are "
                                      f"identical ({identical.tolist()})")


_transforms = st.tuples(st.integers(-1000, 1000), st.integers(-1000, 1000), st.integers(-6, 6))


@prop("iou_translation_scale_invariance[box_iou]",
      "translating both sets of boxes by the same vector and scaling them by the same factor leaves every IoU "
      "unchanged (integer shifts, power-of-two factors: exact)",
      kind="invariance", needs=("box_iou",), strategy=st.tuples(_box_pairs, _transforms))
def iou_translation_scale(t, ex):
    (a, b), (dx, dy, e) = ex
    move = lambda boxes_: (boxes_ + [dx, dy, dx, dy]) * 2.0**e  # noqa: E731
    expect_close(t.box_iou(move(a), move(b)), t.box_iou(a, b), rtol=ROUNDING, atol=0.0,
                 what=f"box_iou after shifting by ({dx}, {dy}) and scaling by 2**{e}")


@st.composite
def _nested(draw):
    x, y, w, h = draw(box_rows)
    ix, iy = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
    iw, ih = draw(st.integers(1, w - ix)), draw(st.integers(1, h - iy))
    return boxes_array([(x, y, w, h)]), boxes_array([(x + ix, y + iy, iw, ih)])


@prop("iou_nested_is_area_ratio[box_iou]", "the IoU of a box inside another is the ratio of their areas",
      kind="relation", needs=("box_iou",), strategy=with_edges(_nested(), (
          ("the_same_box", (boxes_array([(5, 5, 20, 10)]), boxes_array([(5, 5, 20, 10)]))),
          ("one_pixel_inside", (boxes_array([(0, 0, 128, 128)]), boxes_array([(127, 127, 1, 1)]))),
          ("sharing_an_edge", (boxes_array([(0, 0, 32, 32)]), boxes_array([(0, 0, 32, 8)]))))))
def iou_nested(t, ex):
    outer, inner = ex
    area = lambda b: float((b[0, 2] - b[0, 0]) * (b[0, 3] - b[0, 1]))  # noqa: E731
    expect_close(np.ravel(t.box_iou(outer, inner)), [area(inner) / area(outer)], rtol=ROUNDING, atol=0.0,
                 what="IoU of nested boxes")


@prop("iou_disjoint_is_zero[box_iou]",
      "boxes that do not overlap, or only touch along an edge, have IoU 0", kind="identity", needs=("box_iou",),
      strategy=st.tuples(box_rows, box_rows, st.integers(0, 5), st.booleans()))
def iou_disjoint(t, ex):
    (x, y, w, h), (_, y2, w2, h2), gap, vertical = ex
    a = boxes_array([(x, y, w, h)])
    b = boxes_array([(x, y + h + gap, w2, h2)] if vertical else [(x + w + gap, y2, w2, h2)])
    expect_close(np.ravel(t.box_iou(a, b)), [0.0], rtol=0.0, atol=0.0, what=f"IoU of {a[0]} and {b[0]}")


@prop("iou_formats_agree[box_iou]", "the same boxes given as xywh have the same IoUs as given as xyxy",
      kind="relation", needs=("box_iou", "box_iou:box_format"), strategy=_box_pairs)
def iou_formats(t, ex):
    a, b = ex
    xywh = lambda boxes_: np.hstack([boxes_[:, :2], boxes_[:, 2:] - boxes_[:, :2]])  # noqa: E731
    expect_close(t.box_iou(xywh(a), xywh(b), box_format="xywh"), t.box_iou(a, b, box_format="xyxy"),
                 rtol=ROUNDING, atol=0.0, what="box_iou xywh vs xyxy")


_BAD_BOXES = {
    "nan_coordinates": lambda b: np.where(np.arange(4) == 1, np.nan, b),
    "infinite_coordinates": lambda b: np.where(np.arange(4) == 2, np.inf, b),
    "negative_size": lambda b: b[:, [2, 1, 0, 3]] - [0, 0, 1, 0],
    "not_four_columns": lambda b: b[:, :3],
}

for _defect, _spoil in _BAD_BOXES.items():

    def _refuses_bad_boxes(t, ex, spoil=_spoil):
        (a, b), first = ex
        args = (spoil(a), b) if first else (a, spoil(b))
        expect_refusal(lambda: t.box_iou(*args), "boxes1" if first else "boxes2")

    register(f"refuses_{_defect}[box_iou]", f"box_iou refuses boxes with {_defect.replace('_', ' ')}, naming the "
             "argument", kind="refusal", needs=("box_iou",), check=_refuses_bad_boxes,
             strategy=st.tuples(_box_pairs, st.booleans()))


@prop("refuses_unknown_box_format[box_iou]", "box_iou refuses a box_format other than xyxy and xywh",
      kind="refusal", needs=("box_iou", "box_iou:box_format"), strategy=_box_pairs)
def iou_unknown_format(t, ex):
    expect_refusal(lambda: t.box_iou(*ex, box_format="cxcywh"), "box_format")


# ------------------------------------------------------------------ matching (one image, one class)


@dataclasses.dataclass(frozen=True)
class ImageClass:
    """One image and one class: detections with distinct scores, ground truths, crowd flags, a threshold."""

    det_boxes: np.ndarray
    det_scores: np.ndarray
    gt_boxes: np.ndarray
    gt_crowd: np.ndarray
    iou_threshold: float


def _image_class(dets, gts, crowd, threshold) -> ImageClass:
    """From detection rows ``(x, y, w, h, score)`` and ground-truth rows ``(x, y, w, h)``."""
    return ImageClass(boxes_array([r[:4] for r in dets]), np.array([r[4] for r in dets], dtype=np.float64),
                      boxes_array([r for r in gts]), np.array(crowd, dtype=np.int64), threshold)


#: one image and class that break matching: only crowd regions (every detection inside one is ignored), no
#: ground truth (every detection a false positive), an IoU exactly at the threshold (0.5, matched: >=), a
#: crowd region and a regular object under one detection (the regular one first), and IoU 1 at threshold 1
IMAGE_CLASS_EDGES = (
    ("crowd_only", _image_class([(2, 2, 8, 8, 3.0), (60, 60, 8, 8, 2.0), (4, 4, 10, 10, 1.0)],
                                [(0, 0, 20, 20)], [1], 0.5)),
    ("no_ground_truth", _image_class([(0, 0, 10, 10, 2.0), (5, 5, 10, 10, 1.0)], [], [], 0.5)),
    ("iou_exactly_at_the_threshold", _image_class([(0, 0, 10, 20, 1.0)], [(0, 0, 10, 10)], [0], 0.5)),
    ("crowd_and_regular_under_one_detection", _image_class([(0, 0, 10, 10, 2.0), (1, 1, 10, 10, 1.0)],
                                                           [(0, 0, 30, 30), (0, 0, 10, 10)], [1, 0], 0.5)),
    ("exact_match_at_threshold_one", _image_class([(3, 3, 7, 9, 1.0)], [(3, 3, 7, 9)], [0], 1.0)),
)


def _image_classes(*, crowd: bool = True):
    def build(ex, flags, threshold):
        d, g = ex.detections[0], ex.ground_truths[0]
        flags = np.array((flags + [0] * len(g["labels"]))[:len(g["labels"])], dtype=np.int64)
        return ImageClass(d["boxes"], d["scores"], g["boxes"], flags if crowd else flags * 0, threshold)

    return with_edges(st.builds(build, detection_sets(max_images=1), st.lists(st.integers(0, 1), max_size=3),
                                st.sampled_from((0.5, 0.75, 0.1, 1.0))),
                      tuple((name, ex) for name, ex in IMAGE_CLASS_EDGES if crowd or not ex.gt_crowd.any()))


def _match(t, ex: ImageClass, **kw):
    value = t.match_detections(ex.det_boxes, ex.det_scores, ex.gt_boxes, iou_threshold=ex.iou_threshold,
                               gt_crowd=ex.gt_crowd, **kw)
    n = len(ex.det_scores)
    expect(len(value) == 4, f"match_detections returned {value!r}, but should be (tp, fp, ignored, gt_index)")
    tp, fp, ignored, gt_index = (np.asarray(v).reshape(-1) for v in value)
    expect(all(len(v) == n for v in (tp, fp, ignored, gt_index)),
           f"match_detections returned arrays of lengths {[len(v) for v in (tp, fp, ignored, gt_index)]}, "
           f"but should be {n} (one entry per detection)")
    return tp.astype(bool), fp.astype(bool), ignored.astype(bool), gt_index.astype(np.int64)


_MATCH_NEEDS = ("match_detections", "match_detections:iou_threshold", "match_detections:gt_crowd")


@prop("matching_definition[match_detections]",
      "match_detections is COCOeval.evaluateImg's greedy rule: by decreasing score, each detection takes the "
      "unmatched regular ground truth of largest IoU >= the threshold (the last listed on equal IoU), else a crowd "
      "region (ignored); everything else is a false positive",
      kind="relation", needs=_MATCH_NEEDS, strategy=_image_classes(), defines="match_detections")
def matching_definition(t, ex):
    tp, fp, ignored, gt_index = _match(t, ex)
    expected = _greedy(ex.det_boxes, ex.det_scores, ex.gt_boxes, ex.gt_crowd, ex.iou_threshold)
    for name, got, col in (("tp", tp, 0), ("fp", fp, 1), ("ignored", ignored, 2), ("gt_index", gt_index, 3)):
        want = [row[col] for row in expected]
        expect(list(np.asarray(got).tolist()) == [int(w) if name == "gt_index" else bool(w) for w in want],
               f"{name} = {np.asarray(got).tolist()}, but should be {want} [COCO's greedy matching]")


@prop("matching_partition[match_detections]",
      "every detection is exactly one of true positive, false positive, ignored; no regular ground truth is "
      "matched twice; a true positive's IoU with its ground truth is at least the threshold",
      kind="relation", needs=_MATCH_NEEDS, strategy=_image_classes())
def matching_partition(t, ex):
    tp, fp, ignored, gt_index = _match(t, ex)
    counts = tp.astype(int) + fp + ignored
    expect((counts == 1).all(), f"tp + fp + ignored = {counts.tolist()}, but should be 1 for every detection")
    regular = gt_index[tp]
    expect(len(set(regular.tolist())) == len(regular), f"ground truths {regular.tolist()} matched more than once")
    for i in np.flatnonzero(tp):
        j = gt_index[i]
        expect(0 <= j < len(ex.gt_boxes) and not ex.gt_crowd[j],
               f"detection {i} is a true positive of ground truth {j}, which is not a regular ground truth")
        iou = _iou(ex.det_boxes[i], ex.gt_boxes[j])
        expect(iou >= min(ex.iou_threshold, 1 - 1e-10),
               f"detection {i} matched ground truth {j} at IoU {iou}, below the threshold {ex.iou_threshold}")


@prop("duplicate_is_false_positive[match_detections]",
      "a copy of a detection (a matched one where there is one), scored below all others, is a false positive "
      "unless a still unmatched ground truth overlaps it at the threshold; the other detections keep their outcome",
      kind="relation", needs=_MATCH_NEEDS, strategy=with_edges(
          _image_classes(crowd=False).filter(lambda e: len(e.det_scores)),
          tuple((n, ex) for n, ex in _image_classes(crowd=False).edges if len(ex.det_scores))))
def duplicate_is_false_positive(t, ex):
    tp, fp, ignored, gt_index = _match(t, ex)
    source = int(np.flatnonzero(tp)[0]) if tp.any() else 0
    dup = ImageClass(np.vstack([ex.det_boxes, ex.det_boxes[source]]), np.append(ex.det_scores, 0.0), ex.gt_boxes,
                     ex.gt_crowd, ex.iou_threshold)
    tp2, fp2, _, gt2 = _match(t, dup)
    expect((tp2[:-1] == tp).all() and (gt2[:-1] == gt_index).all(),
           f"adding a low-scored copy of detection {source} changed the other outcomes: tp {tp.tolist()} -> "
           f"{tp2[:-1].tolist()}")
    free = [j for j in range(len(ex.gt_boxes)) if j not in set(gt_index[tp].tolist())]
    can_match = any(_iou(ex.det_boxes[source], ex.gt_boxes[j]) >= min(ex.iou_threshold, 1 - 1e-10) for j in free)
    if not can_match:
        expect(fp2[-1] and not tp2[-1], f"the copy of detection {source} is tp={tp2[-1]}, fp={fp2[-1]}, but should "
                                        "be a false positive: its ground truth is taken and no other overlaps it")


@prop("crowd_absorbs_detections[match_detections]",
      "detections inside a crowd region are ignored, never false positives, however many there are",
      kind="relation", needs=_MATCH_NEEDS,
      strategy=with_edges(st.tuples(box_rows, st.integers(1, 4)), (
          ("unit_box_one_detection", ((0, 0, 1, 1), 1)), ("boundary_box_four_detections", ((10, 20, 32, 32), 4)))))
def crowd_absorbs(t, ex):
    (x, y, w, h), k = ex
    region = boxes_array([(x, y, w + 10, h + 10)])
    inside = boxes_array([(x + 1 + i % 3, y + 1, max(1, w // 2), max(1, h // 2)) for i in range(k)])
    case = ImageClass(inside, np.arange(k, 0, -1, dtype=float), region, np.array([1]), 0.5)
    tp, fp, ignored, _ = _match(t, case)
    expect(ignored.all() and not fp.any() and not tp.any(),
           f"detections inside a crowd region: tp {tp.tolist()}, fp {fp.tolist()}, ignored {ignored.tolist()}, but "
           "every one should be ignored")


# ------------------------------------------------------------------ AP of one class


_AP_NEEDS = ("average_precision_detection", "average_precision_detection:interpolation")


def _ap(t, ex: MatchedDetections, interpolation, **overrides) -> float:
    fields = {"tp_flags": ex.tp_flags, "scores": ex.scores, "n_gt": ex.n_gt, **overrides}
    return float(t.average_precision_detection(fields["tp_flags"], fields["scores"], fields["n_gt"],
                                               interpolation=interpolation))


for _interp in INTERPOLATIONS:

    def _ap_definition_check(t, ex, interpolation=_interp):
        expect_close(_ap(t, ex, interpolation), _ap_definition(ex.tp_flags, ex.scores, ex.n_gt, interpolation),
                     rtol=ROUNDING, atol=ROUNDING, what=f"average_precision_detection(interpolation={interpolation!r})")

    _defs = {
        "voc11": "the mean over recall levels 0, 0.1, ..., 1 of the highest precision at a recall >= the level "
                 "(0 if none)",
        "all_points": "the area under the precision envelope: sum over true positives of the highest precision at "
                      "or after them, over n_gt",
        "coco101": "the mean over COCO's 101 recall thresholds of the envelope at the first point reaching them",
    }
    register(f"ap_definition[average_precision_detection:{_interp}]",
             f"interpolation={_interp!r}: AP is {_defs[_interp]}", kind="relation", needs=_AP_NEEDS,
             check=_ap_definition_check, strategy=matched_detections(), defines="average_precision_detection")


@prop("interpolations_ordered[average_precision_detection]",
      "with I the all-points AP and p(r) the envelope at recall r, voc11 lies in [(10 I + p(1)) / 11, (10 I + "
      "p(0)) / 11] and coco101 is at most (100 I + p(0)) / 101",
      kind="relation", needs=_AP_NEEDS, strategy=matched_detections())
def interpolations_ordered(t, ex):
    exact = _ap(t, ex, "all_points")
    _, recall, envelope = _ranked_curve(ex.tp_flags, ex.scores, ex.n_gt)
    p0, p1 = _sampled(recall, envelope, [0.0, 1.0]) if len(recall) else (0.0, 0.0)
    voc = _ap(t, ex, "voc11")
    expect_le((10 * exact + p1) / 11, voc, what="voc11 AP vs its lower bound from all_points", tol=ROUNDING)
    expect_le(voc, (10 * exact + p0) / 11, what="voc11 AP vs its upper bound from all_points", tol=ROUNDING)
    expect_le(_ap(t, ex, "coco101"), (100 * exact + p0) / 101, what="coco101 AP vs its upper bound", tol=ROUNDING)


@prop("low_scored_detection_keeps_reached_precision[average_precision_detection]",
      "a detection scored below all others never changes the precision at recall levels already reached: a false "
      "positive leaves AP unchanged, a true positive never lowers it",
      kind="relation", needs=_AP_NEEDS, strategy=with_edges(st.tuples(matched_detections(), st.booleans()), (
          *((f"{n}_then_a_miss", (ex, False)) for n, ex in MATCHED_EDGES),
          *((f"{n}_then_a_hit", (ex, True)) for n, ex in MATCHED_EDGES))))
def low_scored_detection(t, ex):
    base, hit = ex
    hit = hit and int(base.tp_flags.sum()) < base.n_gt
    lowest = float(base.scores.min(initial=1.0)) - 1.0
    extended = MatchedDetections(np.append(base.tp_flags, int(hit)), np.append(base.scores, lowest), base.n_gt)
    for interpolation in INTERPOLATIONS:
        with findings.form(view=t):
            before, after = _ap(t, base, interpolation), _ap(t, extended, interpolation)
            what = f"AP({interpolation}) after a low-scored {'true' if hit else 'false'} positive"
            if hit:
                expect_le(before, after, what=what, tol=ROUNDING)
            else:
                expect_close(after, before, rtol=ROUNDING, atol=ROUNDING, what=what)


@prop("score_transform_invariance[average_precision_detection]",
      "AP depends on the scores only through their order: a strictly increasing transform leaves it unchanged",
      kind="invariance", needs=_AP_NEEDS, strategy=matched_detections())
def ap_score_transform(t, ex):
    # scores 1..n become -1 .. log(n) - 1: some below 0, some in (0, 1), some above 1
    moved = MatchedDetections(ex.tp_flags, np.log(ex.scores) - 1.0, ex.n_gt)
    for interpolation in INTERPOLATIONS:
        with findings.form(view=t):
            base = _ap(t, ex, interpolation)
            # scores the target's precision cannot keep apart after log(s) - 1: no finding
            precision.require_order_kept(t, ex.scores, moved.scores, "average_precision_detection: scores log(s) - 1")
            expect_close(_ap(t, moved, interpolation), base, rtol=ROUNDING, atol=ROUNDING,
                         what=f"AP({interpolation}) after log(s) - 1")


@prop("no_true_positive_is_zero[average_precision_detection]",
      "without a true positive (false positives only, or no detection) AP is 0 for every interpolation",
      kind="identity", needs=_AP_NEEDS, strategy=st.tuples(st.integers(0, 6), st.integers(1, 4)))
def no_true_positive(t, ex):
    n, n_gt = ex
    case = MatchedDetections(np.zeros(n, dtype=np.int64), np.arange(n, 0, -1, dtype=float), n_gt)
    for interpolation in INTERPOLATIONS:
        with findings.form(view=t):
            expect_close(_ap(t, case, interpolation), 0.0, rtol=0.0, atol=0.0, what=f"AP({interpolation})")


@prop("refuses_more_true_positives_than_objects[average_precision_detection]",
      "more true positives than ground-truth objects is refused, naming n_gt (each true positive matches a "
      "distinct object)", kind="refusal", needs=_AP_NEEDS, strategy=st.integers(2, 6))
def too_many_true_positives(t, n):
    expect_refusal(lambda: t.average_precision_detection(np.ones(n, dtype=np.int64), np.arange(n, dtype=float),
                                                         n - 1, interpolation="all_points"), "n_gt")


@prop("refuses_unknown_interpolation[average_precision_detection]",
      "an interpolation other than voc11, all_points, coco101 is refused", kind="refusal", needs=_AP_NEEDS,
      strategy=matched_detections())
def unknown_interpolation(t, ex):
    expect_refusal(lambda: t.average_precision_detection(ex.tp_flags, ex.scores, ex.n_gt, interpolation="voc12"),
                   "interpolation")


# ------------------------------------------------------------------ the COCO summary


def _restrict(ex: DetectionSet, keep) -> DetectionSet:
    """The set with only the detections and ground truths whose label passes ``keep``."""
    dets = tuple({k: v[keep(d["labels"])] for k, v in d.items()} for d in ex.detections)
    gts = tuple({k: v[keep(g["labels"])] for k, v in g.items()} for g in ex.ground_truths)
    return DetectionSet(dets, gts)


#: COCO's IoU thresholds 0.50:0.05:0.95, correctly rounded
COCO_THRESHOLDS = tuple((50 + 5 * k) / 100 for k in range(10))


def _summary_definition(ex: DetectionSet) -> dict:
    """AP, AP50, AP75, AR100 from the spec's own matching and coco101 AP: per class, matches of every image
    pooled and ranked by score; the mean over thresholds and over the classes that have objects."""
    classes = sorted({int(v) for g in ex.ground_truths for v in g["labels"]})
    ap = np.zeros((len(COCO_THRESHOLDS), len(classes)))
    recall = np.zeros_like(ap)
    for c_at, c in enumerate(classes):
        for t_at, threshold in enumerate(COCO_THRESHOLDS):
            flags, scores, n_gt = [], [], 0
            for d, g in zip(ex.detections, ex.ground_truths):
                mine, theirs = d["labels"] == c, g["labels"] == c
                n_gt += int(theirs.sum())
                matched = _greedy(d["boxes"][mine], d["scores"][mine], g["boxes"][theirs],
                                  np.zeros(int(theirs.sum()), dtype=bool), threshold)
                flags += [row[0] for row in matched]
                scores += d["scores"][mine].tolist()
            ap[t_at, c_at] = _ap_definition(flags, scores, n_gt, "coco101")
            recall[t_at, c_at] = sum(flags) / n_gt
    return {"AP": ap.mean(), "AP50": ap[0].mean(), "AP75": ap[5].mean(), "AR100": recall.mean()}


@prop("summary_definition[coco_map]",
      "AP, AP50, AP75 and AR100 are the means over IoU thresholds and classes of the coco101 AP and the final "
      "recall of each class's detections, matched per image by COCO's greedy rule and pooled over images",
      kind="relation", needs=_SET_NEEDS, strategy=detection_sets(), defines="coco_map")
def summary_definition(t, ex):
    expected = _summary_definition(ex)
    expect_close(list(_summary(t, ex, ALWAYS_DEFINED).values()), [expected[k] for k in ALWAYS_DEFINED],
                 rtol=ROUNDING, atol=ROUNDING, what=f"{ALWAYS_DEFINED} vs their definition")


@prop("per_class_mean[coco_map]",
      "AP, AP50, AP75 and AR100 are the means, over the classes with ground truth, of the same numbers computed "
      "on each class alone", kind="relation", needs=_SET_NEEDS, strategy=detection_sets())
def per_class_mean(t, ex):
    overall = _summary(t, ex, ALWAYS_DEFINED)
    classes = sorted({int(v) for g in ex.ground_truths for v in g["labels"]})
    alone = np.array([list(_summary(t, _restrict(ex, lambda lab, c=c: lab == c), ALWAYS_DEFINED).values())
                      for c in classes])
    expect_close(list(overall.values()), alone.mean(axis=0), rtol=ROUNDING, atol=ROUNDING,
                 what=f"{ALWAYS_DEFINED} vs the mean over classes {classes} of each class alone")


@prop("detection_order_invariance[coco_map]",
      "with distinct scores, reversing the detections inside every image changes no summary number",
      kind="invariance", needs=_SET_NEEDS, strategy=detection_sets())
def detection_order(t, ex):
    flipped = DetectionSet(tuple({k: v[::-1] for k, v in d.items()} for d in ex.detections), ex.ground_truths)
    expect_close(list(_summary(t, flipped).values()), list(_summary(t, ex).values()), rtol=ROUNDING, atol=ROUNDING,
                 what="the 12 summary numbers after reversing each image's detections")


@prop("score_transform_invariance[coco_map]",
      "every summary number depends on the scores only through their order", kind="invariance", needs=_SET_NEEDS,
      strategy=detection_sets())
def map_score_transform(t, ex):
    moved = DetectionSet(tuple({**d, "scores": np.exp(d["scores"] / 50.0) - 0.5} for d in ex.detections),
                         ex.ground_truths)
    expect_close(list(_summary(t, moved).values()), list(_summary(t, ex).values()), rtol=ROUNDING, atol=ROUNDING,
                 what="the 12 summary numbers after exp(s / 50) - 0.5")


@prop("low_scored_false_positive_changes_nothing[coco_map]",
      "a detection far from every object, scored below all others, changes no summary number", kind="relation",
      needs=_SET_NEEDS, strategy=with_edges(st.tuples(detection_sets(), st.sampled_from(LABELS), st.integers(0, 3)),
                                            cycled_edges(detection_sets().edges, lambda ex, label, at: (ex, label, at),
                                                         LABELS, (0, 1))))
def low_scored_false_positive(t, ex):
    base, label, at = ex
    at %= len(base.detections)
    d = base.detections[at]
    lowest = min([float(x["scores"].min(initial=1.0)) for x in base.detections]) - 1.0
    extra = {"boxes": np.vstack([d["boxes"], [[1000.0, 1000.0, 1010.0, 1010.0]]]),
             "scores": np.append(d["scores"], lowest), "labels": np.append(d["labels"], label)}
    changed = DetectionSet(base.detections[:at] + (extra,) + base.detections[at + 1:], base.ground_truths)
    expect_close(list(_summary(t, changed).values()), list(_summary(t, base).values()), rtol=ROUNDING, atol=ROUNDING,
                 what=f"the 12 summary numbers after a far, low-scored detection in image {at}")


@prop("low_scored_detection_never_lowers[coco_map]",
      "a detection scored below all others (anywhere, any label) never lowers AP, AP50, AP75 or AR100: precision "
      "at recall levels already reached cannot change", kind="relation", needs=_SET_NEEDS,
      strategy=with_edges(st.tuples(detection_sets(), st.sampled_from(LABELS), st.integers(0, 3), box_rows),
                          cycled_edges(detection_sets().edges, lambda ex, label, at, box: (ex, label, at, box),
                                       LABELS, (0, 1), ((0, 0, 32, 32), (4, 4, 30, 30), (1, 1, 1, 1)))))
def low_scored_detection_never_lowers(t, ex):
    base, label, at, box = ex
    at %= len(base.detections)
    d = base.detections[at]
    lowest = min([float(x["scores"].min(initial=1.0)) for x in base.detections]) - 1.0
    extra = {"boxes": np.vstack([d["boxes"], boxes_array([box])]), "scores": np.append(d["scores"], lowest),
             "labels": np.append(d["labels"], label)}
    changed = DetectionSet(base.detections[:at] + (extra,) + base.detections[at + 1:], base.ground_truths)
    before, after = summary_values(_summary(t, base, ALWAYS_DEFINED)), summary_values(_summary(t, changed,
                                                                                               ALWAYS_DEFINED))
    expect_le(before, after, what=f"{ALWAYS_DEFINED} before vs after a low-scored detection", tol=ROUNDING)


@prop("wrong_label_is_false_positive[coco_map]",
      "detections whose label no ground truth has match nothing: every summary number of the 'all' area is 0",
      kind="identity", needs=_SET_NEEDS, strategy=detection_sets())
def wrong_label(t, ex):
    relabelled = DetectionSet(tuple({**d, "labels": np.full(len(d["labels"]), 99)} for d in ex.detections),
                              ex.ground_truths)
    keys = ("AP", "AP50", "AP75", "AR1", "AR10", "AR100")
    expect_close(list(_summary(t, relabelled, keys).values()), np.zeros(len(keys)), rtol=0.0, atol=0.0,
                 what=f"{keys} when every detection has a label no object has")


#: COCOeval's area ranges, closed on both ends (an object of area exactly 32**2 is small and medium)
COCO_AREAS = {"small": (0.0, 32.0**2), "medium": (32.0**2, 96.0**2), "large": (96.0**2, 1e10)}
#: box sizes (w, h) on and next to the area boundaries: 32**2 and 96**2 in three shapes each, one pixel below
#: and above, and one well inside each range
BOUNDARY_SIZES = ((32, 32), (16, 64), (64, 16), (31, 33), (33, 33), (96, 96), (48, 192), (192, 48), (95, 97),
                  (97, 97), (8, 8), (128, 128))
#: every object or far detection in a cell of its own: no two boxes overlap
_CELL = 300


@st.composite
def _boundary_sets(draw):
    """1..3 images of 1..5 objects (labels 0, 1) with sizes from BOUNDARY_SIZES, each in its own cell; each object
    detected exactly (IoU 1) or missed, plus 0..2 detections far from every object; distinct scores."""
    images = [(draw(st.lists(st.tuples(st.sampled_from(BOUNDARY_SIZES), st.sampled_from((0, 1)), st.booleans()),
                             min_size=1, max_size=5)),
               draw(st.lists(st.tuples(st.sampled_from(BOUNDARY_SIZES), st.sampled_from((0, 1))), max_size=2)))
              for _ in range(draw(st.integers(1, 3)))]
    found = sum(sum(f for _, _, f in objects) + len(extra) for objects, extra in images)
    return _boundary_set(images, scores=[float(s) for s in draw(st.permutations(range(1, 50)))[:found]])


def _boundary_set(images, scores=None) -> DetectionSet:
    """Images of ``(objects [((w, h), label, found)], far detections [((w, h), label)])``, each box in a cell of
    its own; the detections scored ``scores`` in order (default: descending in input order)."""
    dets, gts = [], []
    scores = iter(scores if scores is not None else 100.0 - np.arange(10_000, dtype=np.float64))
    for objects, extra in images:
        g_rows = [(_CELL * k, 0, w, h) for k, ((w, h), _, _) in enumerate(objects)]
        d_rows = [row for row, (_, _, found) in zip(g_rows, objects) if found]
        d_labels = [lab for _, lab, found in objects if found]
        d_rows += [(_CELL * (len(objects) + k), 0, w, h) for k, ((w, h), _) in enumerate(extra)]
        d_labels += [lab for _, lab in extra]
        gts.append({"boxes": boxes_array(g_rows), "labels": np.array([lab for _, lab, _ in objects], dtype=np.int64)})
        dets.append({"boxes": boxes_array(d_rows) if d_rows else np.zeros((0, 4)),
                     "scores": np.array([float(next(scores)) for _ in d_rows], dtype=np.float64),
                     "labels": np.array(d_labels, dtype=np.int64)})
    return DetectionSet(tuple(dets), tuple(gts))


#: objects exactly at 32**2 and 96**2 (square and oblong) found and missed, one pixel on either side, and far
#: detections of boundary sizes (unmatched: counted in the ranges their own area falls in)
BOUNDARY_SET_EDGES = (
    ("exact_boundaries_found", _boundary_set([([((32, 32), 0, True), ((96, 96), 1, True), ((16, 64), 0, True)], [])])),
    ("exact_boundaries_missed", _boundary_set([([((32, 32), 0, False), ((48, 192), 0, True), ((96, 96), 0, False)],
                                                [((64, 16), 0)])])),
    ("one_pixel_either_side", _boundary_set([([((31, 33), 0, True), ((33, 33), 0, False)], [((95, 97), 1)]),
                                             ([((97, 97), 1, True), ((8, 8), 1, False)], [((32, 32), 0)])])),
)


def _area(boxes) -> np.ndarray:
    return (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])


def _in_area_range(ex: DetectionSet, lo: float, hi: float) -> DetectionSet:
    """What COCOeval scores in the area range [lo, hi] when every detection is an exact copy of an object or far
    from all: the objects inside; the copies of those objects (a copy of an object outside is ignored) and the far
    detections inside (an unmatched detection outside is ignored)."""
    dets, gts = [], []
    for d, g in zip(ex.detections, ex.ground_truths):
        inside = (_area(g["boxes"]) >= lo) & (_area(g["boxes"]) <= hi)
        copies = (d["boxes"][:, None, :] == g["boxes"][None, :, :]).all(axis=2)
        keep = np.where(copies.any(axis=1), (copies & inside[None, :]).any(axis=1),
                        (_area(d["boxes"]) >= lo) & (_area(d["boxes"]) <= hi))
        gts.append({k: v[inside] for k, v in g.items()})
        dets.append({k: v[keep] for k, v in d.items()})
    return DetectionSet(tuple(dets), tuple(gts))


@prop("area_range_boundaries[coco_map]",
      "AP_small/medium/large and AR_small/medium/large judge objects of area exactly 32**2 and 96**2 by COCO's closed "
      "ranges [0, 32**2], [32**2, 96**2], [96**2, 1e10] (such an object is in both ranges that meet there): each "
      "equals AP or AR100 of what the range keeps, computed in the spec, -1 where it keeps no object",
      kind="relation", needs=_SET_NEEDS, strategy=with_edges(_boundary_sets(), BOUNDARY_SET_EDGES))
def area_range_boundaries(t, ex):
    got = _summary(t, ex)
    for size, (lo, hi) in COCO_AREAS.items():
        kept = _in_area_range(ex, lo, hi)
        areas = sorted({float(a) for g in ex.ground_truths for a in _area(g["boxes"])})
        if not any(len(g["labels"]) for g in kept.ground_truths):
            want = [-1.0, -1.0]
        else:
            definition = _summary_definition(kept)
            want = [definition["AP"], definition["AR100"]]
        expect_close([got[f"AP_{size}"], got[f"AR_{size}"]], want, rtol=ROUNDING, atol=ROUNDING,
                     what=f"(AP_{size}, AR_{size}) with object areas {areas} vs the closed range [{lo:g}, {hi:g}]")


_UNDEFINED_NEEDS = ("coco_map", "coco_map:undefined")


@prop("undefined_minus_one_or_left_out[coco_map]",
      "a summary number with no class to average (no object of that size) is -1 with undefined='coco' and absent "
      "with undefined='exclude'; every defined number is the same under both", kind="undefined",
      needs=_UNDEFINED_NEEDS, strategy=detection_sets())
def undefined_conventions(t, ex):
    coco = t.coco_map(list(ex.detections), list(ex.ground_truths), undefined="coco")
    kept = t.coco_map(list(ex.detections), list(ex.ground_truths), undefined="exclude")
    coco_values = dict(zip(SUMMARY_KEYS, summary_values(coco, SUMMARY_KEYS)))
    areas = {"small": (0, 32**2), "medium": (32**2, 96**2), "large": (96**2, 1e10)}
    g_areas = [float(a) for g in ex.ground_truths for a in (g["boxes"][:, 2] - g["boxes"][:, 0])
               * (g["boxes"][:, 3] - g["boxes"][:, 1])]
    for key, value in coco_values.items():
        size = key.split("_")[1] if "_" in key else None
        defined = size is None or any(areas[size][0] <= a <= areas[size][1] for a in g_areas)
        if defined:
            expect(key in kept and math.isclose(float(kept[key]), value, rel_tol=ROUNDING, abs_tol=ROUNDING),
                   f"{key} = {kept.get(key)!r} with undefined='exclude', but should be {value} as with 'coco'")
            expect(value >= 0, f"{key} = {value}, but should be defined: an object of that size exists")
        else:
            expect(value == -1.0, f"{key} = {value} with undefined='coco', but should be -1: no object of that size")
            expect(key not in kept, f"{key} = {kept.get(key)!r} with undefined='exclude', but should be left out")


@prop("crowd_only_is_undefined[coco_map]",
      "when every object is a crowd region, no class has a regular ground truth: every summary number is -1",
      kind="undefined", needs=("coco_map",), strategy=detection_sets())
def crowd_only(t, ex):
    crowd = tuple({**g, "iscrowd": np.ones(len(g["labels"]), dtype=np.int64)} for g in ex.ground_truths)
    values = summary_values(t.coco_map(list(ex.detections), list(crowd)), SUMMARY_KEYS)
    expect((values == -1.0).all(), f"summary = {values.tolist()}, but should be -1 everywhere: only crowd regions")


@prop("refuses_mismatched_image_counts[coco_map]",
      "detections and ground truths for different numbers of images are refused", kind="refusal",
      needs=_SET_NEEDS, strategy=detection_sets())
def mismatched_images(t, ex):
    expect_refusal(lambda: t.coco_map(list(ex.detections), list(ex.ground_truths) * 2), "detections")


@prop("agrees_with_pycocotools[coco_map]",
      "the 12 summary numbers equal pycocotools' COCOeval stats on the same images", kind="agreement",
      needs=_SET_NEEDS, strategy=detection_sets(), reference="pycocotools")
def agrees_with_pycocotools(t, ex):
    theirs = reference("pycocotools").coco_map(list(ex.detections), list(ex.ground_truths))
    expect_close(list(_summary(t, ex).values()), summary_values(theirs, SUMMARY_KEYS), rtol=ROUNDING, atol=ROUNDING,
                 what="the 12 summary numbers vs pycocotools")


@prop("agrees_with_pycocotools[match_detections]",
      "the matching equals COCOeval.evaluateImg's dtMatches and dtIgnore", kind="agreement", needs=_MATCH_NEEDS,
      strategy=_image_classes(), reference="pycocotools")
def matching_agrees_with_pycocotools(t, ex):
    theirs = reference("pycocotools").match_detections(ex.det_boxes, ex.det_scores, ex.gt_boxes,
                                                       iou_threshold=ex.iou_threshold, gt_crowd=ex.gt_crowd)
    for name, ours, other in zip(("tp", "fp", "ignored", "gt_index"), _match(t, ex), theirs):
        expect(np.array_equal(ours, np.asarray(other)), f"{name} = {ours.tolist()}, but pycocotools gives "
                                                        f"{np.asarray(other).tolist()}")


# ------------------------------------------------------------------ the seed's claims

SEED_004 = "seed 004, section Object Detection: IoU, AP, and MAP"
#: the seed's table: rank, correct?, cumulative precision and recall as printed (its rows are claims of the
#: curves family, ``curves.claim.seed004.detection_table.rank_<k>``)
SEED_TABLE = (
    (1, True, "1.0", "0.2"), (2, True, "1.0", "0.4"), (3, False, "0.67", "0.4"), (4, False, "0.5", "0.4"),
    (5, False, "0.4", "0.4"), (6, True, "0.5", "0.6"), (7, True, "0.57", "0.8"), (8, False, "0.5", "0.8"),
    (9, False, "0.44", "0.8"), (10, True, "0.5", "1.0"),
)
SEED_CORRECT = np.array([int(row[1]) for row in SEED_TABLE])


def _claim(name, statement, quote, needs, **options):
    return prop(f"claim.seed004.{name}", statement, kind="claim", source=SEED_004, quote=quote, needs=needs,
                **options)


@_claim("ap_is_area_under_smoothed_curve",
        "the table's AP, the area under its smoothed (envelope) precision-recall curve, computed from the printed "
        "columns, is the all-points AP of its 'correct?' column, to the printed 2 decimals",
        "The average precision (AP) for this image and class is the area under this smoothed curve.",
        _AP_NEEDS)
def seed_area(t, ex):
    precision = np.array([float(row[2]) for row in SEED_TABLE])
    recall = np.array([float(row[3]) for row in SEED_TABLE])
    envelope = np.maximum.accumulate(precision[::-1])[::-1]
    area = float(np.sum(np.diff(np.concatenate([[0.0], recall])) * envelope))
    ap = t.average_precision_detection(SEED_CORRECT, np.arange(10, 0, -1, dtype=float), 5, interpolation="all_points")
    expect_printed(ap, f"{area:.2f}", what="all-points AP of the seed's table")


@_claim("ap_in_unit_interval", "AP lies in [0, 1] for every interpolation",
        "This gives us a number between 0 and 1, where higher is better.", _AP_NEEDS,
        strategy=matched_detections())
def seed_unit(t, ex):
    for interpolation in INTERPOLATIONS:
        with findings.form(view=t):
            expect_in_range(_ap(t, ex, interpolation), 0.0, 1.0, what=f"AP({interpolation})")


@_claim("correct_iff_iou_greater_than_threshold",
        "a prediction is correct only if its IoU is greater than the threshold: at IoU exactly 0.5 it is a false "
        "positive (VOC's devkit uses >, COCOeval >=)", "2. the IoU is greater than a threshold,",
        ("match_detections", "match_detections:iou_threshold"))
def seed_strict(t, ex):
    # inter 1, union 2: IoU exactly 0.5
    tp, fp, _, _ = (np.asarray(v).reshape(-1) for v in t.match_detections(
        np.array([[0.0, 0.0, 1.0, 1.0]]), np.array([0.9]), np.array([[0.0, 0.0, 2.0, 1.0]]), iou_threshold=0.5))
    expect(bool(fp[0]) and not bool(tp[0]), f"the detection at IoU 0.5 is tp={bool(tp[0])}, fp={bool(fp[0])}")


@_claim("wrong_class_is_false_positive",
        "a prediction whose class differs from the object's is a false positive",
        "1. the predicted class matches the actual class, and", ("coco_map",), strategy=detection_sets())
def seed_wrong_class(t, ex):
    wrong_label(t, ex)


@_claim("map_averages_images_and_classes",
        "the dataset's mAP is the mean of the AP of each (image, class) pair with objects",
        "To compute the mean average precision over the whole dataset, we average the AP for each image and class",
        ("coco_map",), strategy=detection_sets())
def seed_map_per_image(t, ex):
    overall = _summary(t, ex, ("AP",))["AP"]
    per_pair = []
    for i in range(len(ex.detections)):
        image = take_images(ex, [i])
        for c in sorted({int(v) for v in image.ground_truths[0]["labels"]}):
            per_pair.append(_summary(t, _restrict(image, lambda lab, c=c: lab == c), ("AP",))["AP"])
    expect_close(overall, float(np.mean(per_pair)), rtol=ROUNDING, atol=ROUNDING,
                 what=f"AP of the dataset vs the mean of {len(per_pair)} per-(image, class) APs")
