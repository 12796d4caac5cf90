"""Object detection: box IoU, COCO's greedy matching, detection AP and the COCO summary.

The detection family. Boxes are axis-aligned
rectangles, one per row of an ``(n, 4)`` array, in one of two formats:

* ``"xyxy"``: ``(x1, y1, x2, y2)``, corners, ``x2 >= x1`` and ``y2 >= y1``; the
  corners are used as given (converted to COCO's ``xywh``, ``x1 + (x2 - x1)``
  may differ from ``x2`` by a rounding);
* ``"xywh"``: ``(x, y, w, h)``, COCO's ``bbox``, ``w >= 0`` and ``h >= 0``; the far
  edges are computed as ``x + w`` and ``y + h`` (the arithmetic of pycocotools'
  ``bbIou``, so IoUs of ``xywh`` input are bit-identical to COCOeval's).

The definition of every convention is pycocotools' ``COCOeval`` (2.0.x,
``cocoeval.py``, and ``bbIou`` in ``common/maskApi.c``), for ``iouType="bbox"``:

* **IoU.** ``inter / (area1 + area2 - inter)`` with ``area = w * h``; two boxes
  overlap only if the intersection has positive width *and* height, so a box of
  zero area has IoU 0 with every box, itself included (``bbIou``: ``if (w <= 0)
  continue``). A *crowd* ground truth (``iscrowd=1``) uses the detection's area as
  the denominator: ``inter / area_det`` (``bbIou``: ``u = crowd ? da : ...``).
  Rounding of ``x + w`` can push the IoU of identical ``xywh`` boxes one ulp
  above 1: :func:`box_iou` clips it to 1, the matching compares the raw value
  (as COCOeval does).
* **Matching** (``COCOeval.evaluateImg``), per image and class, for each IoU
  threshold ``t``: detections are visited by decreasing score, ties in input
  order (a stable sort, as its ``np.argsort(..., kind='mergesort')``), only the
  top ``max(max_dets)`` of them. Ground truths are split into *regular* ones and
  *ignored* ones (crowd, or area outside the area range). A detection takes,
  among the still unmatched regular ground truths with ``IoU >= t``, the one with
  the largest IoU, on equal IoU the one listed *last*; if there is none, the same
  among the ignored ground truths (a crowd region may absorb any number of
  detections; an ignored non-crowd box only one). The threshold used is
  ``min(t, 1 - 1e-10)``. A detection matched to an ignored ground truth is
  ignored (neither TP nor FP); an unmatched detection whose area lies outside the
  area range is ignored too; every other unmatched detection is a false positive.
* **Area ranges** compare the ground truth's ``area`` field (in COCO, the area of
  the segmentation mask, usually smaller than the box), ``areas`` here, which
  defaults to the box area ``w * h``; detections use their box area (pycocotools'
  ``loadRes`` sets ``area = w * h``). A range ``(lo, hi)`` is closed: an object of
  area exactly ``32**2`` is both small and medium. COCO's ranges are ``all =
  [0, 1e10]``, ``small = [0, 32**2]``, ``medium = [32**2, 96**2]``, ``large =
  [96**2, 1e10]``: a ground truth above ``1e10`` is ignored even in "all".
* **Accumulation** (``COCOeval.accumulate``), per class, area range, threshold and
  ``maxDets = m``: the top ``m`` detections of every image (by score, ties in
  input order) are pooled over images and sorted by decreasing score, ties by
  image order and then input order (its stable sort of the per-image lists
  concatenated in image order). Ignored detections are dropped. Precision at the
  k-th kept detection is ``TP_k / k``, recall ``TP_k / n_gt`` with ``n_gt`` the
  number of regular (non-ignored) ground truths; the precision envelope is the
  running maximum from the right; AP is the mean over COCO's 101 recall
  thresholds ``np.linspace(0, 1, 101)`` of the envelope at the first point whose
  recall is ``>=`` the threshold (``searchsorted(..., side='left')``; 0 past the
  last point). These are COCO's own threshold values: ten of them lie one ulp
  above ``k/100`` (0.35000000000000003, ...), so a recall of exactly 0.35 does
  not reach the 0.35 threshold, as in COCOeval. AR is the final recall.
* **Undefined**: a class without regular ground truth (in an area range) has no
  AP or AR there (COCO stores -1) and is left out of every mean; a summary number
  without any defined class is -1 (COCO) or left out (``undefined="exclude"``).
  Its detections are not penalised anywhere.

Deviation from pycocotools, by design: COCOeval computes precision as
``tp / (tp + fp + np.spacing(1))``, which differs from ``tp / (tp + fp)`` by at
most one ulp (only when ``tp + fp == 1``); this module uses the exact ratio. Its
default IoU thresholds come from ``np.linspace(.5, .95, 10)``, whose ninth value
is 0.8999999999999999; the default here is the correctly rounded 0.9 (and the
other nine are equal).

Speed: one vectorised pass. Detections of all images and classes are flattened,
sorted once by (image, class, score), the candidate (detection, ground truth)
pairs of every (image, class) group are enumerated at once, and the greedy
matching runs for all groups, IoU thresholds and area ranges together, one step
per detection rank (at most ``max(max_dets)`` steps). Accumulation evaluates the
101-point interpolation for all classes, thresholds and ``maxDets`` with one
``reduceat`` per area range.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from typing import NamedTuple

import numpy as np

from ._validation import as_floats, check_choice, check_int_at_least, check_rate, check_same_length
from .errors import MetricInputError

__all__ = [
    "box_iou",
    "match_detections",
    "average_precision_detection",
    "coco_map",
]

BOX_FORMATS = ("xyxy", "xywh")
DETECTION_AP_INTERPOLATIONS = ("voc11", "all_points", "coco101")
UNDEFINED_CHOICES = ("coco", "exclude")

#: 0.50, 0.55, ..., 0.95 as correctly rounded decimals (not an accumulated arange)
COCO_IOU_THRESHOLDS: tuple[float, ...] = tuple(((50 + 5 * np.arange(10)) / 100).tolist())
#: COCOeval's recall thresholds, its own values (np.linspace(0, 1, 101))
COCO_RECALL_THRESHOLDS = np.linspace(0.0, 1.0, 101)
COCO_RECALL_THRESHOLDS.setflags(write=False)
#: COCOeval's area ranges (label, lo, hi), closed intervals on the ground truth's area
COCO_AREA_RANGES: tuple[tuple[str, float, float], ...] = (
    ("all", 0.0, 1e10),
    ("small", 0.0, 32.0**2),
    ("medium", 32.0**2, 96.0**2),
    ("large", 96.0**2, 1e10),
)
COCO_MAX_DETS = (1, 10, 100)
#: COCOeval never uses a threshold above this (``min([t, 1 - 1e-10])``)
_MAX_EFFECTIVE_THRESHOLD = 1 - 1e-10

CONVENTIONS = {
    "detection.iou": "inter / (area1 + area2 - inter); zero-area boxes have IoU 0 with every box, themselves "
    "included (pycocotools bbIou); crowd ground truth: inter / detection area",
    "detection.matching": "COCOeval.evaluateImg: detections by decreasing score (stable), each takes the unmatched "
    "regular ground truth of largest IoU >= min(t, 1 - 1e-10), last listed on equal IoU, else an ignored one",
    "detection.area": "area ranges are closed and compare the ground truth's 'area' field (default w * h) and the "
    "detection's box area",
    "detection.ties": "equal scores ranked by image order, then input order (COCOeval's mergesort)",
    "detection.coco_ap": "101 recall thresholds np.linspace(0, 1, 101), envelope at searchsorted(side='left')",
    "detection.undefined": "no ground truth: -1 (COCO) or left out; such classes never enter a mean",
}


class DetectionMatch(NamedTuple):
    """Per-detection outcome of :func:`match_detections`, in the input order of the detections.

    Exactly one of ``tp``, ``fp``, ``ignored`` is true for every detection.
    ``gt_index`` is the index of the matched ground truth (input order), or -1.
    """

    tp: np.ndarray
    fp: np.ndarray
    ignored: np.ndarray
    gt_index: np.ndarray


# ---------------------------------------------------------------- boxes


def _refuse_masked(values, name: str) -> None:
    if isinstance(values, np.ma.MaskedArray) and np.ma.is_masked(values):
        raise MetricInputError(name, "is a masked array with masked entries; pass the values to score")


def _box_edges(arr: np.ndarray, name: str, box_format: str, locate=None) -> np.ndarray:
    """(5, n) float64 rows x1, y1, x2, y2, area of an (n, 4) finite float array, widths checked.

    ``locate(i) -> (name, j)`` names row ``i`` of concatenated input (image field, row in the image).
    """
    def where(i):
        return (name, i) if locate is None else locate(i)

    if box_format == "xyxy":
        x1, y1, x2, y2 = arr.T
        w = x2 - x1
        h = y2 - y1
        problem = "has x2 < x1 or y2 < y1 (negative width or height); boxes in 'xyxy' format are (x1, y1, x2, y2)"
    else:
        x1, y1, w, h = arr.T
        problem = "has a negative width or height; boxes in 'xywh' format are (x, y, width, height)"
    bad = np.flatnonzero((w < 0) | (h < 0))
    if bad.size:
        i = int(bad[0])
        field, j = where(i)
        raise MetricInputError(field, f"box {j} {arr[i].tolist()} {problem}")
    if box_format != "xyxy":
        with np.errstate(over="ignore"):
            x2 = x1 + w
            y2 = y1 + h
    with np.errstate(over="ignore"):
        area = w * h
    edges = np.stack((x1, y1, x2, y2, area))
    if not np.isfinite(edges).all():
        i = int(np.flatnonzero(~np.isfinite(edges).all(axis=0))[0])
        field, j = where(i)
        raise MetricInputError(field, f"box {j} {arr[i].tolist()} overflows float64 (edge or area is infinite)")
    return edges


def _as_boxes(values, name: str, box_format: str) -> np.ndarray:
    """Validated (5, n) edges of an (n, 4) box array; an empty sequence is zero boxes."""
    _refuse_masked(values, name)
    arr = as_floats(values, name, ndim=(1, 2), allow_empty=True)
    if arr.ndim == 1:
        if arr.size:
            raise MetricInputError(name, f"expected an (n, 4) array of boxes, got shape {arr.shape}")
        arr = arr.reshape(0, 4)
    if arr.shape[1] != 4:
        raise MetricInputError(name, f"expected an (n, 4) array of boxes, got shape {arr.shape}")
    return _box_edges(arr, name, box_format)


def _pair_iou(d: np.ndarray, g: np.ndarray, crowd, *, clip: bool = False) -> np.ndarray:
    """IoU of detection edges ``d`` and ground-truth edges ``g`` (broadcast), pycocotools' arithmetic.

    ``crowd`` (bool, broadcast with the result, or None) switches the denominator
    to the detection's area. Unclipped, the value can exceed 1 by an ulp (``x + w``
    rounding); the matching uses it so, as COCOeval does; ``clip`` caps it at 1.
    """
    iw = np.minimum(d[2], g[2]) - np.maximum(d[0], g[0])
    ih = np.minimum(d[3], g[3]) - np.maximum(d[1], g[1])
    inter = iw * ih
    overlap = (iw > 0) & (ih > 0) & (inter > 0)
    union = d[4] + g[4] - inter
    if crowd is not None:
        union = np.where(crowd, d[4] + 0 * g[4], union)
    iou = np.divide(inter, union, out=np.zeros(np.shape(inter)), where=overlap)
    return np.minimum(iou, 1.0, out=iou) if clip else iou


def box_iou(boxes1, boxes2, *, box_format="xyxy"):
    """Pairwise intersection over union of two sets of axis-aligned boxes.

    ``IoU(a, b) = |a ∩ b| / (|a| + |b| - |a ∩ b|)`` for every box ``a`` of
    ``boxes1`` (rows) and ``b`` of ``boxes2`` (columns): an ``(n, m)`` float64
    array. Boxes are ``(n, 4)`` arrays in ``box_format`` ``"xyxy"`` (corners
    ``x1, y1, x2, y2``) or ``"xywh"`` (COCO's ``x, y, width, height``, far edges
    computed as ``x + w``); an empty sequence is zero boxes.

    Range [0, 1]; symmetric; 1 for identical boxes of positive area; 0 for boxes
    whose intersection has zero area (disjoint or touching); ``|inner| / |outer|``
    for nested boxes; invariant under translating or scaling both boxes.

    Undefined case, degenerate boxes: a box of zero width or height has IoU 0
    with every box, *itself included* (0/0 is defined as 0, not 1). This is pycocotools' rule
    (``bbIou`` skips every pair whose intersection width or height is ``<= 0``),
    so a degenerate box can never be matched.

    Bad input: boxes not of shape ``(n, 4)``, NaN or infinite coordinates,
    negative widths or heights (``x2 < x1`` in ``"xyxy"``), an unknown
    ``box_format`` raise ``MetricInputError`` naming the argument.

    Source: Everingham et al., PASCAL VOC (2010), eq. 4; pycocotools
    ``maskApi.c`` ``bbIou`` (zero-area convention, ``xywh`` arithmetic).
    """
    check_choice(box_format, "box_format", BOX_FORMATS)
    a = _as_boxes(boxes1, "boxes1", box_format)
    b = _as_boxes(boxes2, "boxes2", box_format)
    return _pair_iou(a[:, :, None], b[:, None, :], None, clip=True)


# ---------------------------------------------------------------- greedy matching (all groups at once)


def _greedy_match(det_rank, pair_det, pair_gt, pair_iou, gt_crowd, gt_ignore, thresholds, n_det):
    """COCO's greedy matching of every (image, class) group, IoU threshold and area range at once.

    ``det_rank``: each detection's rank by score within its group (0 = best); the
    ranks are the steps of the greedy loop, run together for all groups (a ground
    truth belongs to one group, so groups never interact). ``pair_*``: the
    candidate (detection, ground truth, IoU) triples; pairs not listed never
    match. ``gt_ignore``: (A, n_gt) ignored ground truths per area range.
    ``thresholds``: (T,) effective IoU thresholds. Returns the matched ground
    truth of every detection, (A, T, n_det) int64, -1 for none.

    COCO's scan (regular ground truths first, in listed order, then the ignored
    ones; keep the best IoU, a later one on equal IoU) picks, among the valid
    pairs of a detection, the maximum of (regular, IoU, ground-truth position).
    With the pairs sorted by (step, detection, IoU, position) that is the last
    valid pair, regular ones lifted above ignored ones: one ``reduceat`` per step.
    """
    n_area = gt_ignore.shape[0]
    n_thr = thresholds.shape[0]
    det_gt = np.full((n_area, n_thr, n_det), -1, dtype=np.int64)
    if pair_det.size == 0:
        return det_gt
    step = det_rank[pair_det]
    order = np.lexsort((pair_gt, pair_iou, pair_det, step))
    gt_sorted = pair_gt[order]
    iou_sorted = pair_iou[order]
    det_sorted = pair_det[order]
    n_pairs = det_sorted.shape[0]
    seg_start = np.flatnonzero(np.concatenate(([True], det_sorted[1:] != det_sorted[:-1])))
    seg_det = det_sorted[seg_start]
    seg_step = det_rank[seg_det]
    steps = np.unique(seg_step)
    step_first = np.searchsorted(seg_step, steps, side="left").tolist()
    step_last = np.searchsorted(seg_step, steps, side="right").tolist()
    seg_bounds = np.append(seg_start, n_pairs).tolist()
    regular = ~gt_ignore[:, gt_sorted]  # (A, P)
    any_ignored = not regular.all()
    crowd_sorted = gt_crowd[gt_sorted]
    matched = np.zeros((n_area, n_thr, gt_crowd.shape[0]), dtype=bool)
    a_ix = np.arange(n_area)[:, None, None]
    t_ix = np.arange(n_thr)[None, :, None]
    for first, last in zip(step_first, step_last):
        p0, p1 = seg_bounds[first], seg_bounds[last]
        width = p1 - p0
        g = gt_sorted[p0:p1]
        valid = iou_sorted[None, None, p0:p1] >= thresholds[None, :, None]  # (1, T, p)
        if first:  # nothing is matched before the first step
            taken = matched[a_ix, t_ix, g[None, None, :]]
            taken &= ~crowd_sorted[None, None, p0:p1]
            valid = valid & ~taken
        position = np.arange(width)
        if any_ignored:
            key = np.where(valid, position + width * regular[:, None, p0:p1], -1)
        else:
            key = np.where(valid, position, -1)
        key = np.broadcast_to(key, (n_area, n_thr, width))
        best = np.maximum.reduceat(key, seg_start[first:last] - p0, axis=2)
        a_w, t_w, s_w = np.nonzero(best >= 0)
        code = best[a_w, t_w, s_w]
        g_w = g[np.where(code >= width, code - width, code)]
        matched[a_w, t_w, g_w] = True
        det_gt[a_w, t_w, seg_det[first + s_w]] = g_w
    return det_gt


def _effective_thresholds(thresholds: np.ndarray) -> np.ndarray:
    return np.minimum(thresholds, _MAX_EFFECTIVE_THRESHOLD)


def _candidate_pairs(det_group, det_edges, gt_group, gt_edges, gt_crowd, min_threshold):
    """All (detection, ground truth) pairs of the same group with IoU >= ``min_threshold``.

    ``gt_group`` must be sorted (``det_group`` need not be). Returns (pair_det, pair_gt, pair_iou).
    """
    lo = np.searchsorted(gt_group, det_group, side="left")
    hi = np.searchsorted(gt_group, det_group, side="right")
    counts = hi - lo
    total = int(counts.sum())
    pair_det = np.repeat(np.arange(det_group.shape[0]), counts)
    first = np.cumsum(counts) - counts
    pair_gt = np.arange(total) + np.repeat(lo - first, counts)
    iou = _pair_iou(det_edges[:, pair_det], gt_edges[:, pair_gt], gt_crowd[pair_gt])
    keep = iou >= min_threshold
    if not keep.all():
        return pair_det[keep], pair_gt[keep], iou[keep]
    return pair_det, pair_gt, iou


def _as_flags(values, name: str, n: int | None = None, *, allow_none=False) -> np.ndarray:
    """1-D boolean flags from bools or 0/1 numbers."""
    if values is None and allow_none:
        return np.zeros(n, dtype=bool)
    _refuse_masked(values, name)
    arr = as_floats(values, name, allow_empty=True) if not (
        isinstance(values, np.ndarray) and values.dtype == bool) else values
    if arr.ndim != 1:
        raise MetricInputError(name, f"expected 1-D flags, got shape {arr.shape}")
    if arr.dtype != bool:
        if not ((arr == 0) | (arr == 1)).all():
            raise MetricInputError(name, "flags must be booleans or 0/1")
        arr = arr == 1
    if n is not None and arr.shape[0] != n:
        raise MetricInputError(name, f"has length {arr.shape[0]} but there are {n} boxes")
    return arr


def match_detections(det_boxes, det_scores, gt_boxes, *, iou_threshold, gt_crowd=None, box_format="xyxy"):
    """COCO's greedy matching of the detections of one image and one class.

    Detections are visited by decreasing ``det_scores`` (ties in input order).
    Each takes, among the ground truths it may still take with ``IoU >=
    iou_threshold``, the one of largest IoU (on equal IoU the one listed last):
    first among the unmatched regular ground truths; only if there is none,
    among the crowd regions (``gt_crowd``), which any number of detections may
    share. The threshold is applied as ``min(iou_threshold, 1 - 1e-10)``, so
    a threshold of 1 accepts boxes equal up to rounding.

    The IoU with a crowd region is ``|det ∩ crowd| / |det|`` (COCO's
    ``iscrowd`` rule: a detection inside the region has IoU 1).

    Returns a :class:`DetectionMatch` ``(tp, fp, ignored, gt_index)`` of
    per-detection arrays in input order: ``tp`` matched a regular ground truth,
    ``ignored`` matched a crowd region (neither TP nor FP), ``fp`` matched
    nothing; ``gt_index`` is the matched ground truth's index or -1. No
    ``maxDets`` truncation and no area range apply here (see :func:`coco_map`).
    Range: flags in {0, 1}, ``gt_index`` in ``[-1, n_gt)``. Undefined cases:
    none; empty detections or ground truths are allowed (no ground truth: every
    detection is a false positive).

    Bad input: malformed boxes (see :func:`box_iou`), NaN or infinite scores,
    mismatched lengths, a threshold outside [0, 1] raise ``MetricInputError``
    naming the argument.

    Source: pycocotools ``COCOeval.evaluateImg`` (one IoU threshold, area range
    ``[0, inf]``) and ``maskApi.c`` ``bbIou`` (crowd IoU); Lin et al., Microsoft
    COCO (2014).
    """
    check_choice(box_format, "box_format", BOX_FORMATS)
    thr = check_rate(iou_threshold, "iou_threshold")
    det = _as_boxes(det_boxes, "det_boxes", box_format)
    _refuse_masked(det_scores, "det_scores")
    scores = as_floats(det_scores, "det_scores", allow_empty=True)
    check_same_length("det_boxes", det[0], "det_scores", scores)
    gt = _as_boxes(gt_boxes, "gt_boxes", box_format)
    n_gt = gt.shape[1]
    crowd = _as_flags(gt_crowd, "gt_crowd", n_gt, allow_none=True)
    n_det = scores.shape[0]
    order = np.argsort(-scores, kind="stable")
    rank = np.empty(n_det, dtype=np.int64)
    rank[order] = np.arange(n_det)
    thresholds = _effective_thresholds(np.array([thr]))
    pair_det, pair_gt, pair_iou = _candidate_pairs(
        np.zeros(n_det, dtype=np.int64), det, np.zeros(n_gt, dtype=np.int64), gt, crowd, thresholds[0]
    )
    det_gt = _greedy_match(rank, pair_det, pair_gt, pair_iou, crowd, crowd[None, :], thresholds, n_det)[0, 0]
    hit = det_gt >= 0
    ignored = hit & crowd[np.maximum(det_gt, 0)] if n_gt else np.zeros(n_det, dtype=bool)
    return DetectionMatch(tp=hit & ~ignored, fp=~hit, ignored=ignored, gt_index=det_gt)


# ---------------------------------------------------------------- average precision of one class


def _envelope(precision: np.ndarray) -> np.ndarray:
    return np.maximum.accumulate(precision[::-1])[::-1]


def _sampled_envelope(envelope: np.ndarray, recall: np.ndarray, levels: np.ndarray) -> np.ndarray:
    """Envelope at the first point whose recall is >= each level; 0 past the last point."""
    first = np.searchsorted(recall, levels, side="left")
    out = np.zeros(levels.shape[0])
    inside = first < recall.shape[0]
    out[inside] = envelope[first[inside]]
    return out


def average_precision_detection(tp_flags, scores, n_gt, *, interpolation):
    """Average precision of one class from scored detections already matched to ground truth.

    ``tp_flags[i]`` says whether detection ``i`` is a true positive (1/True) or a
    false positive; ignored detections (e.g. matched to a crowd region) must be
    left out. ``n_gt`` is the number of (regular) ground-truth objects, which the
    detections may not all reach: missed objects cap the recall below 1.

    Detections are ranked by decreasing score, equal scores in input order (as
    COCOeval's and the VOC devkit's stable sorts; so AP depends on the order of
    tied detections, unlike :func:`metrics.curves.average_precision`, which
    moves ties together). At rank ``k``: ``P_k = TP_k / k``, ``R_k = TP_k /
    n_gt``; the envelope is ``P~_k = max_{j >= k} P_j``. Then, by
    ``interpolation``:

    * ``"voc11"`` (PASCAL VOC 2007): ``(1/11) sum_{r in {0, 0.1, ..., 1}} max
      {P_k : R_k >= r}`` (0 when no point reaches ``r``); the levels are
      ``k/10`` computed exactly (the VOC code's ``0:0.1:1`` / ``np.arange(0,
      1.1, 0.1)`` gives 0.30000000000000004, which excludes a recall of exactly
      0.3), as in :func:`metrics.curves.average_precision`.
    * ``"all_points"`` (PASCAL VOC 2010+): the area under the envelope,
      ``(1/n_gt) sum_{k : TP} P~_k``, i.e. the devkit's ``sum (mrec_i -
      mrec_{i-1}) mpre_i`` over the recall steps.
    * ``"coco101"`` (COCOeval.accumulate): the mean over COCO's 101 recall
      thresholds ``np.linspace(0, 1, 101)`` of the envelope at
      ``searchsorted(R, r, side='left')``, 0 past the last point. COCO's own
      threshold values are used (ten are one ulp above ``k/100``).

    Range [0, 1]; 1 when every object is found before any false positive; 0
    without true positives; no detection gives 0. With ``I`` = all_points and
    ``p(r)`` the envelope at the first point of recall ``>= r`` (0 if none), a
    variant sampling ``p`` at ``k/N``, ``k = 0..N``, satisfies ``(N I + p(1)) /
    (N + 1) <= AP_N <= (N I + p(0)) / (N + 1)`` (``p`` does not increase): voc11
    with ``N = 10``; coco101 with ``N = 100`` for the upper bound, and for the
    lower one too unless a recall equals one of the ten levels COCO puts an ulp
    above ``k/100``.

    Undefined: ``n_gt = 0`` (recall 0/0) raises ``MetricInputError("n_gt",
    ...)``, as does ``n_gt`` smaller than the number of true positives.

    Source: Everingham et al., The PASCAL VOC Challenge (IJCV 2010) and the VOC
    devkits 2007/2012; pycocotools ``COCOeval.accumulate``.
    """
    check_choice(interpolation, "interpolation", DETECTION_AP_INTERPOLATIONS)
    hit = _as_flags(tp_flags, "tp_flags")
    _refuse_masked(scores, "scores")
    score = as_floats(scores, "scores", allow_empty=True)
    check_same_length("tp_flags", hit, "scores", score)
    n_gt = check_int_at_least(n_gt, "n_gt", 1)
    n_tp = int(np.count_nonzero(hit))
    if n_tp > n_gt:
        raise MetricInputError("n_gt", f"is {n_gt} but tp_flags holds {n_tp} true positives; each true positive "
                                       "matches a distinct ground truth")
    if n_tp == 0:
        return 0.0
    ranked = hit[np.argsort(-score, kind="stable")]
    tp_cum = np.cumsum(ranked)
    precision = tp_cum / np.arange(1, ranked.shape[0] + 1)
    envelope = _envelope(precision)
    if interpolation == "all_points":
        return float(envelope[ranked].sum() / n_gt)
    recall = tp_cum / n_gt
    levels = np.arange(11) / 10 if interpolation == "voc11" else COCO_RECALL_THRESHOLDS
    return float(_sampled_envelope(envelope, recall, levels).mean())


# ---------------------------------------------------------------- input: plain arrays and COCO dicts


class _Flat(NamedTuple):
    n_images: int
    classes: np.ndarray  # sorted distinct labels
    det_img: np.ndarray
    det_cls: np.ndarray
    det_score: np.ndarray
    det_edges: np.ndarray  # (5, n)
    gt_img: np.ndarray
    gt_cls: np.ndarray
    gt_edges: np.ndarray
    gt_crowd: np.ndarray
    gt_area: np.ndarray


def _entry(images, i: int, what: str):
    entry = images[i]
    if type(entry) is not dict and not isinstance(entry, Mapping):
        raise MetricInputError(f"{what}[{i}]", f"expected a dict of arrays, got {type(entry).__name__}")
    return entry


def _field(entry, i: int, what: str, key: str, ndim: int, n: int | None, *, required=True):
    """``entry[key]`` as an array of ``ndim`` dimensions (and length ``n``); fast for ndarrays."""
    value = entry.get(key)
    if value is None:
        if required:
            raise MetricInputError(f"{what}[{i}]", f"has no {key!r} array")
        return None
    if type(value) is not np.ndarray:
        name = f"{what}[{i}][{key!r}]"
        _refuse_masked(value, name)
        try:
            value = np.asarray(value)
        except (ValueError, TypeError) as exc:
            raise MetricInputError(name, f"cannot be read as an array ({exc})") from None
    shape = value.shape
    if len(shape) != ndim or (ndim == 2 and shape[1] != 4):
        if value.size == 0 and not n:
            return value.reshape((0, 4) if ndim == 2 else 0)
        want = "an (n, 4) array of boxes" if ndim == 2 else "a 1-D array"
        raise MetricInputError(f"{what}[{i}][{key!r}]", f"expected {want}, got shape {shape}")
    if n is not None and shape[0] != n:
        raise MetricInputError(f"{what}[{i}][{key!r}]", f"has length {shape[0]} but there are {n} boxes")
    return value


def _locator(offsets: np.ndarray, what: str, key: str):
    """Map a row of concatenated per-image arrays to (field name, row within the image)."""
    def locate(flat_index):
        i = int(np.searchsorted(offsets, flat_index, side="right") - 1)
        return f"{what}[{i}][{key!r}]", int(flat_index - offsets[i])
    return locate


def _concat_numbers(parts, offsets, what, key) -> np.ndarray:
    """Concatenate per-image numeric arrays and check them once; errors name the first bad image."""
    for i, part in enumerate(parts):
        if part.size and part.dtype.kind not in "biuf":
            raise MetricInputError(f"{what}[{i}][{key!r}]", f"expected real numbers, got dtype {part.dtype}")
    arr = np.concatenate(parts).astype(np.float64, copy=False)
    finite = np.isfinite(arr)
    if not finite.all():
        row = int(np.flatnonzero(~finite.reshape(finite.shape[0], -1).all(axis=1))[0])
        field, j = _locator(offsets, what, key)(row)
        problem = "contains NaN" if np.isnan(arr[row]).any() else "contains infinite values"
        raise MetricInputError(field, f"{problem} (row {j})")
    return arr


def _concat_labels(d_labels, g_labels) -> tuple[np.ndarray, np.ndarray]:
    """(classes, codes) of all detection labels then all ground-truth labels."""
    kinds = set()
    for what, parts in (("detections", d_labels), ("ground_truths", g_labels)):
        for i, part in enumerate(parts):
            if not part.size:
                continue
            kind = part.dtype.kind
            if kind not in "biufUS":
                raise MetricInputError(f"{what}[{i}]['labels']", "labels must be numbers or strings, got dtype "
                                                                 f"{part.dtype}")
            if kind == "f" and not np.isfinite(part).all():
                raise MetricInputError(f"{what}[{i}]['labels']", "contains NaN or infinite labels")
            kinds.add("str" if kind in "US" else "num")
    if len(kinds) > 1:
        raise MetricInputError("labels", "labels must be all numbers or all strings, across detections and "
                                         "ground_truths")
    parts = [p for p in d_labels + g_labels if p.size]
    if not parts:
        return np.zeros(0), np.zeros(0, dtype=np.int64)
    labels = np.concatenate(parts)
    classes, codes = np.unique(labels, return_inverse=True)
    return classes, codes.astype(np.int64, copy=False)


def _flatten(detections, ground_truths, box_format: str) -> _Flat:
    for what, images in (("detections", detections), ("ground_truths", ground_truths)):
        if isinstance(images, (Mapping, str, bytes)) or not isinstance(images, Sequence):
            raise MetricInputError(what, f"expected a list of per-image dicts, got {type(images).__name__}")
    n_images = len(ground_truths)
    if n_images == 0:
        raise MetricInputError("ground_truths", "is empty: no image to evaluate")
    if len(detections) != n_images:
        raise MetricInputError(
            "detections", f"has {len(detections)} images but ground_truths has {n_images}; they must match"
        )
    d_boxes, d_scores, d_labels, g_boxes, g_labels, g_crowd, g_area = [], [], [], [], [], [], []
    for i in range(n_images):
        d = _entry(detections, i, "detections")
        boxes = _field(d, i, "detections", "boxes", 2, None)
        n = boxes.shape[0]
        d_boxes.append(boxes)
        d_scores.append(_field(d, i, "detections", "scores", 1, n))
        d_labels.append(_field(d, i, "detections", "labels", 1, n))
        g = _entry(ground_truths, i, "ground_truths")
        boxes = _field(g, i, "ground_truths", "boxes", 2, None)
        n = boxes.shape[0]
        g_boxes.append(boxes)
        g_labels.append(_field(g, i, "ground_truths", "labels", 1, n))
        g_crowd.append(_field(g, i, "ground_truths", "iscrowd", 1, n, required=False))
        g_area.append(_field(g, i, "ground_truths", "areas", 1, n, required=False))
    d_counts = np.array([b.shape[0] for b in d_boxes], dtype=np.int64)
    g_counts = np.array([b.shape[0] for b in g_boxes], dtype=np.int64)
    d_off = np.concatenate(([0], np.cumsum(d_counts)))
    g_off = np.concatenate(([0], np.cumsum(g_counts)))

    det_box = _concat_numbers(d_boxes, d_off, "detections", "boxes").reshape(-1, 4)
    det_edges = _box_edges(det_box, "", box_format, _locator(d_off, "detections", "boxes"))
    det_score = _concat_numbers(d_scores, d_off, "detections", "scores")
    gt_box = _concat_numbers(g_boxes, g_off, "ground_truths", "boxes").reshape(-1, 4)
    gt_edges = _box_edges(gt_box, "", box_format, _locator(g_off, "ground_truths", "boxes"))

    gt_crowd = np.zeros(gt_box.shape[0], dtype=bool)
    if any(c is not None for c in g_crowd):
        given = [np.zeros(n, dtype=bool) if c is None else c for n, c in zip(g_counts, g_crowd)]
        crowd = _concat_numbers(given, g_off, "ground_truths", "iscrowd")
        bad = np.flatnonzero((crowd != 0) & (crowd != 1))
        if bad.size:
            field, j = _locator(g_off, "ground_truths", "iscrowd")(bad[0])
            raise MetricInputError(field, f"flags must be booleans or 0/1 (row {j} is {crowd[bad[0]]!r})")
        gt_crowd = crowd == 1
    gt_area = gt_edges[4]
    if any(a is not None for a in g_area):
        given = [gt_edges[4][g_off[i]:g_off[i + 1]] if a is None else a for i, a in enumerate(g_area)]
        gt_area = _concat_numbers(given, g_off, "ground_truths", "areas")
        bad = np.flatnonzero(gt_area < 0)
        if bad.size:
            field, j = _locator(g_off, "ground_truths", "areas")(bad[0])
            raise MetricInputError(field, f"contains a negative area (row {j})")

    classes, codes = _concat_labels(d_labels, g_labels)
    n_det = int(d_off[-1])
    return _Flat(
        n_images=n_images,
        classes=classes,
        det_img=np.repeat(np.arange(n_images), d_counts),
        det_cls=codes[:n_det],
        det_score=det_score,
        det_edges=det_edges,
        gt_img=np.repeat(np.arange(n_images), g_counts),
        gt_cls=codes[n_det:],
        gt_edges=gt_edges,
        gt_crowd=gt_crowd,
        gt_area=gt_area,
    )


def _coco_columns(items, what: str, fields: dict, position: dict, category_ids: set) -> dict:
    """Column lists of COCO annotation / result dicts whose category is listed (COCOeval drops the others).

    ``fields`` maps a key to its default (``_REQUIRED`` for none); ``image`` holds the image positions.
    Well-formed input takes one list comprehension per column; anything else goes through
    :func:`_coco_columns_checked`, which names the first bad item.
    """
    try:
        columns = {
            "index": list(range(len(items))),
            "image": [position[item["image_id"]] for item in items],
            "category": [item["category_id"] for item in items],
        }
        for key, default in fields.items():
            if default is _REQUIRED:
                columns[key] = [item[key] for item in items]
            else:
                columns[key] = [item.get(key, default) for item in items]
        boxes = np.asarray(columns["bbox"], dtype=np.float64)
        listed = [c in category_ids for c in columns["category"]]
    except (KeyError, TypeError, ValueError, AttributeError):
        return _coco_columns_checked(items, what, fields, position, category_ids)
    if boxes.shape != (len(items), 4):
        return _coco_columns_checked(items, what, fields, position, category_ids)
    if not all(listed):
        columns = {key: [v for v, keep in zip(values, listed) if keep] for key, values in columns.items()}
        boxes = boxes[np.asarray(listed, dtype=bool)]
    columns["bbox"] = boxes
    return columns


def _coco_columns_checked(items, what: str, fields: dict, position: dict, category_ids: set) -> dict:
    """:func:`_coco_columns` item by item, refusing the first malformed item by name."""
    columns = {key: [] for key in ("index", "image", "category", *fields)}
    for j, item in enumerate(items):
        name = f"{what}[{j}]"
        if not isinstance(item, Mapping):
            raise MetricInputError(name, f"expected a dict, got {type(item).__name__}")
        for key in ("image_id", "category_id"):
            if key not in item:
                raise MetricInputError(name, f"has no {key!r}")
        try:
            image = position.get(item["image_id"])
        except TypeError:
            image = None
        if image is None:
            raise MetricInputError(name, f"image_id {item['image_id']!r} is not in ground_truths['images']")
        try:
            listed = item["category_id"] in category_ids
        except TypeError:
            raise MetricInputError(name, f"category_id {item['category_id']!r} is not hashable") from None
        if not listed:
            continue
        values = []
        for key, default in fields.items():
            value = item.get(key, default)
            if value is _REQUIRED:
                raise MetricInputError(name, f"has no {key!r}")
            values.append(value)
        if np.ndim(values[0]) != 1 or len(values[0]) != 4:
            raise MetricInputError(f"{name}['bbox']", f"expected [x, y, w, h], got {values[0]!r}")
        columns["index"].append(j)
        columns["image"].append(image)
        columns["category"].append(item["category_id"])
        for key, value in zip(fields, values):
            columns[key].append(value)
    return columns


def _column_array(values, name: str, dtype=None) -> np.ndarray:
    try:
        return np.asarray(values, dtype=dtype)
    except (TypeError, ValueError) as exc:
        raise MetricInputError(name, f"values must be numbers ({exc})") from None


_REQUIRED = object()


def _check_coco_values(values: np.ndarray, index: list, name: str) -> None:
    """Refuse the first item with a non-finite value or a negative width/height/area (last columns)."""
    bad = ~np.isfinite(values).all(axis=1)
    if values.shape[1] == 4:
        bad |= (values[:, 2] < 0) | (values[:, 3] < 0)
        problem = "must be [x, y, w, h], finite, with w >= 0 and h >= 0"
    else:
        bad |= values[:, 0] < 0
        problem = "must be finite and >= 0"
    if bad.any():
        k = int(np.flatnonzero(bad)[0])
        raise MetricInputError(name.format(index[k]), f"{problem}, got {values[k].tolist()}")


def from_coco(coco_gt, results):
    """COCO-format input as the per-image plain arrays :func:`coco_map` takes.

    ``coco_gt`` is a COCO dataset dict (``images``, ``annotations``,
    ``categories``; annotations with ``image_id``, ``category_id``, ``bbox``
    ``[x, y, w, h]``, optional ``iscrowd`` (default 0) and ``area`` (default
    ``w * h``)); ``results`` is COCO's results list (dicts with ``image_id``,
    ``category_id``, ``bbox``, ``score``). Returns ``(detections,
    ground_truths)``: one dict per image, images by increasing id (COCOeval's
    order), boxes in ``"xywh"``, annotations and results in their listed order,
    labels = category ids. As COCOeval does, annotations and results of a
    category not listed in ``categories`` are dropped, and an annotation's
    ``ignore`` key has no effect (COCOeval overwrites it with ``iscrowd``).
    An annotation or result on an image not in ``images`` raises
    ``MetricInputError``.
    """
    if not isinstance(coco_gt, Mapping):
        raise MetricInputError("ground_truths", f"expected a COCO dataset dict, got {type(coco_gt).__name__}")
    for key in ("images", "annotations", "categories"):
        if key not in coco_gt:
            raise MetricInputError("ground_truths", f"COCO dataset dict has no {key!r} list")
    if isinstance(results, (Mapping, str, bytes)) or not isinstance(results, Sequence):
        raise MetricInputError("detections", f"expected a COCO results list, got {type(results).__name__}")
    try:
        image_ids = [img["id"] for img in coco_gt["images"]]
        category_ids = {cat["id"] for cat in coco_gt["categories"]}
    except (KeyError, TypeError) as exc:
        raise MetricInputError("ground_truths", f"images and categories need an 'id' ({exc!r})") from None
    if len(set(image_ids)) != len(image_ids):
        raise MetricInputError("ground_truths", "'images' lists an image id twice")
    try:
        image_ids = sorted(image_ids)
    except TypeError:
        raise MetricInputError("ground_truths", "image ids must be mutually comparable") from None
    position = {img_id: i for i, img_id in enumerate(image_ids)}
    gts = _coco_columns(coco_gt["annotations"], "ground_truths['annotations']",
                        {"bbox": _REQUIRED, "iscrowd": 0, "area": None}, position, category_ids)
    dts = _coco_columns(results, "detections", {"bbox": _REQUIRED, "score": _REQUIRED}, position, category_ids)

    g_box = _column_array(gts["bbox"], "ground_truths['annotations']", np.float64).reshape(-1, 4)
    missing = [a is None for a in gts["area"]]
    if any(missing):
        g_area = _column_array([0.0 if m else a for m, a in zip(missing, gts["area"])],
                               "ground_truths['annotations'] area", np.float64)
        missing = np.asarray(missing, dtype=bool)
        g_area[missing] = g_box[missing, 2] * g_box[missing, 3]
    else:
        g_area = _column_array(gts["area"], "ground_truths['annotations'] area", np.float64)
    g_crowd = _column_array(gts["iscrowd"], "ground_truths['annotations'] iscrowd")
    g_cat = np.asarray(gts["category"])
    d_box = _column_array(dts["bbox"], "detections", np.float64).reshape(-1, 4)
    d_score = _column_array(dts["score"], "detections score")
    _check_coco_values(g_box, gts["index"], "ground_truths['annotations'][{}]['bbox']")
    _check_coco_values(g_area[:, None], gts["index"], "ground_truths['annotations'][{}]['area']")
    _check_coco_values(d_box, dts["index"], "detections[{}]['bbox']")
    if d_score.size and d_score.dtype.kind not in "biuf":
        raise MetricInputError("detections", f"scores must be numbers, got dtype {d_score.dtype}")
    _check_coco_values(np.abs(d_score.astype(np.float64))[:, None], dts["index"], "detections[{}]['score']")
    d_cat = np.asarray(dts["category"])

    def split(image, build):
        image = np.asarray(image, dtype=np.int64)
        order = np.argsort(image, kind="stable")
        bounds = np.searchsorted(image[order], np.arange(len(image_ids) + 1))
        return [build(order[bounds[i]:bounds[i + 1]]) for i in range(len(image_ids))]

    ground_truths = split(gts["image"], lambda ix: {"boxes": g_box[ix], "labels": g_cat[ix], "iscrowd": g_crowd[ix],
                                                    "areas": g_area[ix]})
    detections = split(dts["image"], lambda ix: {"boxes": d_box[ix], "scores": d_score[ix], "labels": d_cat[ix]})
    return detections, ground_truths



# ---------------------------------------------------------------- COCO evaluation


def _check_iou_thresholds(values) -> np.ndarray:
    _refuse_masked(values, "iou_thresholds")
    thr = as_floats(values, "iou_thresholds")
    if ((thr < 0) | (thr > 1)).any():
        raise MetricInputError("iou_thresholds", f"values must lie in [0, 1], got {thr.tolist()}")
    return thr


def _check_max_dets(values) -> np.ndarray:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) and not isinstance(values, np.ndarray):
        raise MetricInputError("max_dets", f"expected a sequence of positive integers, got {values!r}")
    if len(values) == 0:
        raise MetricInputError("max_dets", "is empty")
    out = [check_int_at_least(v if not isinstance(v, np.integer) else int(v), "max_dets", 1) for v in values]
    if len(set(out)) != len(out):
        raise MetricInputError("max_dets", f"contains duplicates: {list(values)!r}")
    return np.array(sorted(out), dtype=np.int64)


def _check_area_ranges(values) -> tuple[list[str], np.ndarray]:
    if isinstance(values, Mapping):
        items = [(label, *bounds) if isinstance(bounds, (tuple, list)) and len(bounds) == 2 else (label, bounds)
                 for label, bounds in values.items()]
    elif isinstance(values, Sequence) and not isinstance(values, (str, bytes)):
        items = [tuple(v) if isinstance(v, (tuple, list)) else (v,) for v in values]
    else:
        raise MetricInputError("area_ranges", f"expected {{label: (lo, hi)}} or (label, lo, hi) triples, got "
                                              f"{values!r}")
    labels, bounds = [], []
    for item in items:
        if len(item) != 3 or not isinstance(item[0], str):
            raise MetricInputError("area_ranges", f"expected (label, lo, hi) with a string label, got {item!r}")
        label, lo, hi = item
        for v in (lo, hi):
            if isinstance(v, bool) or not isinstance(v, numbers.Real) or np.isnan(v):
                raise MetricInputError("area_ranges", f"bounds of {label!r} must be numbers, got {(lo, hi)!r}")
        if lo > hi:
            raise MetricInputError("area_ranges", f"range {label!r} has lo > hi: {(lo, hi)!r}")
        labels.append(label)
        bounds.append((float(lo), float(hi)))
    if len(set(labels)) != len(labels):
        raise MetricInputError("area_ranges", f"labels must be distinct, got {labels!r}")
    if "all" not in labels:
        raise MetricInputError("area_ranges", "needs an 'all' range (AP, AP50, AP75 and AR use it)")
    return labels, np.array(bounds, dtype=np.float64).reshape(-1, 2)


def _coco_recall_counts(n_gt: np.ndarray) -> np.ndarray:
    """(K, 101): the least TP count c with fl(c / n_gt) >= each COCO recall threshold (n_gt >= 1)."""
    n = np.maximum(n_gt, 1)[:, None].astype(np.int64)
    thr = COCO_RECALL_THRESHOLDS[None, :]
    c = np.maximum(np.floor(thr * n).astype(np.int64) - 1, 0)
    while True:
        short = (c / n) < thr
        if not short.any():
            return c
        c += short


def _coco_evaluate(flat: _Flat, iou_thresholds, area_bounds, max_dets):
    """(ap, recall), each (A, M, T, K) float64, NaN where a class has no regular ground truth."""
    n_cls = flat.classes.shape[0]
    n_area, n_max, n_thr = area_bounds.shape[0], max_dets.shape[0], iou_thresholds.shape[0]
    ap = np.full((n_area, n_max, n_thr, n_cls), np.nan)
    rec = np.full((n_area, n_max, n_thr, n_cls), np.nan)
    lo_a, hi_a = area_bounds[:, :1], area_bounds[:, 1:]
    # ground truths by (image, class), listed order kept within a group
    gt_group = flat.gt_img * n_cls + flat.gt_cls
    g_order = np.argsort(gt_group, kind="stable")
    gt_group = gt_group[g_order]
    gt_edges = flat.gt_edges[:, g_order]
    gt_crowd = flat.gt_crowd[g_order]
    gt_cls = flat.gt_cls[g_order]
    gt_area = flat.gt_area[g_order]
    gt_ignore = gt_crowd[None, :] | (gt_area[None, :] < lo_a) | (gt_area[None, :] > hi_a)  # (A, n_gt)
    n_regular = np.stack([np.bincount(gt_cls[~ig], minlength=n_cls) for ig in gt_ignore])  # (A, K)
    if n_cls == 0 or not n_regular.any():
        return ap, rec

    # rank of each detection within its (image, class) by score, ties in flat (image, input) order;
    # only the top max(max_dets) take part
    det_group = flat.det_img * n_cls + flat.det_cls
    order = np.lexsort((-flat.det_score, det_group))
    grp = det_group[order]
    starts = np.flatnonzero(np.concatenate(([True], grp[1:] != grp[:-1]))) if grp.size else np.zeros(0, np.int64)
    rank = np.empty(grp.shape[0], dtype=np.int64)
    rank[order] = np.arange(grp.shape[0]) - np.repeat(starts, np.diff(np.append(starts, grp.shape[0])))
    kept = np.flatnonzero(rank < max_dets[-1])
    # from here on detections are in the pooled order of the accumulation: by class, then score
    # (desc), ties by image and input order (= flat index); the matching only needs the ranks
    kept = kept[np.lexsort((kept, -flat.det_score[kept], flat.det_cls[kept]))]
    rank = rank[kept]
    d_cls = flat.det_cls[kept]
    d_edges = flat.det_edges[:, kept]
    n_det = kept.shape[0]

    thresholds = _effective_thresholds(iou_thresholds)
    pair_det, pair_gt, pair_iou = _candidate_pairs(
        det_group[kept], d_edges, gt_group, gt_edges, gt_crowd, thresholds.min()
    )
    det_gt = _greedy_match(rank, pair_det, pair_gt, pair_iou, gt_crowd, gt_ignore, thresholds, n_det)

    matched = det_gt >= 0  # (A, T, D)
    hit_ignored = np.zeros_like(matched)
    if gt_ignore.shape[1]:
        hit_ignored = matched & gt_ignore[np.arange(n_area)[:, None, None], np.maximum(det_gt, 0)]
    out_of_range = (d_edges[4][None, :] < lo_a) | (d_edges[4][None, :] > hi_a)  # (A, D)
    is_tp = matched & ~hit_ignored
    counted = ~(hit_ignored | (~matched & out_of_range[:, None, :]))

    cls_start = np.searchsorted(d_cls, np.arange(n_cls + 1))
    within = rank[None, :] < max_dets[:, None]  # (M, D)
    n_rows = n_max * n_thr
    n_seg = n_rows * n_cls
    for a in range(n_area):
        defined = n_regular[a] > 0
        if not defined.any():
            continue
        tp = (is_tp[a][None, :, :] & within[:, None, :]).reshape(n_rows, n_det)
        inc = (counted[a][None, :, :] & within[:, None, :]).reshape(n_rows, n_det)
        # included detections ranked so far, per row, with a leading 0 column
        inc_cum = np.zeros((n_rows, n_det + 1), dtype=np.int32 if n_det < 2**31 - 1 else np.int64)
        np.cumsum(inc, axis=1, out=inc_cum[:, 1:])
        flat_tp = np.flatnonzero(tp)
        rows, cols = np.divmod(flat_tp, n_det)
        tp_cls = d_cls[cols]
        seg = rows * n_cls + tp_cls  # (row, class) segments, in order
        n_tp = np.bincount(seg, minlength=n_seg)
        tp_end = np.cumsum(n_tp)
        tp_start = tp_end - n_tp
        kth = np.arange(1, seg.shape[0] + 1) - tp_start[seg]  # TP count at each true positive
        inc_flat = inc_cum.reshape(-1)
        row_base = rows * (n_det + 1)
        ranked = inc_flat[row_base + cols + 1] - inc_flat[row_base + cls_start[tp_cls]]
        precision = np.append(kth / ranked, 0.0)  # sentinel: reduceat indices may point one past the end
        # envelope at the first TP whose count reaches each recall threshold, all segments at once:
        # block maxima between consecutive needed positions, then a suffix max over the blocks
        need = np.maximum(_coco_recall_counts(n_regular[a]), 1)  # (K, R)
        need = np.tile(need, (n_rows, 1))  # (S, R), segment s = row * K + class
        valid = need <= n_tp[:, None]
        pos = np.where(valid, tp_start[:, None] + need - 1, tp_end[:, None])
        bounds = np.concatenate((pos, tp_end[:, None]), axis=1).ravel()
        block = np.maximum.reduceat(precision, bounds).reshape(n_seg, -1)[:, :-1]
        block[~valid] = 0.0
        sampled = np.maximum.accumulate(block[:, ::-1], axis=1)[:, ::-1]
        ap_a = sampled.mean(axis=1).reshape(n_max, n_thr, n_cls)
        rec_a = n_tp.reshape(n_max, n_thr, n_cls) / np.maximum(n_regular[a], 1)
        ap[a] = np.where(defined, ap_a, np.nan)
        rec[a] = np.where(defined, rec_a, np.nan)
    return ap, rec


def coco_map(detections, ground_truths, *, iou_thresholds=COCO_IOU_THRESHOLDS, area_ranges=COCO_AREA_RANGES,
             max_dets=COCO_MAX_DETS, box_format=None, undefined="coco"):
    """The COCO detection summary: AP, AP50, AP75, AP/AR by object size, AR at 1/10/100 detections.

    Input, one entry per image, in the same order in both lists:

    * ``detections[i]``: ``{"boxes": (n, 4), "scores": (n,), "labels": (n,)}``;
    * ``ground_truths[i]``: ``{"boxes": (m, 4), "labels": (m,)}`` and optionally
      ``"iscrowd"`` (m,) 0/1 (default 0) and ``"areas"`` (m,) (the area compared
      with the area ranges; default the box area ``w * h``; COCO's annotations
      carry the mask area here).

    Labels are numbers or strings; boxes are in ``box_format`` (default
    ``"xyxy"``). Alternatively ``ground_truths`` is a COCO dataset dict
    (``images``, ``annotations``, ``categories``) and ``detections`` a COCO
    results list; boxes are then COCO's ``"xywh"`` (see :func:`from_coco`).

    Per class ``k``, area range ``a``, IoU threshold ``t`` and ``maxDets = m``,
    the detections are matched per image as in :func:`match_detections` (with
    ground truths outside the area range treated like crowd regions, but
    matchable once, and unmatched detections outside it ignored), the top ``m``
    per image pooled over images and ranked by score (ties: image order, then
    input order), and ``AP[t, k, a, m]`` is the 101-point COCO interpolation of
    :func:`average_precision_detection` (``"coco101"``), ``AR[t, k, a, m]`` the
    final recall. The summary averages over IoU thresholds and classes:

    ==========  ================================  ========  ==============
    key         quantity                          area      maxDets
    ==========  ================================  ========  ==============
    AP          AP over all ``iou_thresholds``    all       max(max_dets)
    AP50, AP75  AP at IoU 0.5 / 0.75              all       max(max_dets)
    AP_<label>  AP (e.g. AP_small)                <label>   max(max_dets)
    AR<m>       AR (AR1, AR10, AR100)             all       m
    AR_<label>  AR (e.g. AR_small)                <label>   max(max_dets)
    ==========  ================================  ========  ==============

    AP50/AP75 are present only when 0.5/0.75 are among ``iou_thresholds``.
    Defaults are COCO's: thresholds 0.50:0.05:0.95 (10 correctly rounded
    values), area ranges all ``[0, 1e10]``, small ``[0, 32²]``, medium ``[32²,
    96²]``, large ``[96², 1e10]`` (closed; on the ground truth's ``areas`` and
    the detection's box area), ``max_dets=(1, 10, 100)``; ``area_ranges`` may be
    ``{label: (lo, hi)}`` or ``(label, lo, hi)`` triples and must contain
    ``"all"``.

    Range: each number in [0, 1]. Undefined: a class without regular
    (non-crowd, in-range) ground truth has no AP/AR for that area range (COCO
    stores -1) and is left out of the averages, its detections unpenalised; a
    summary number with no class left is ``-1.0`` (``undefined="coco"``,
    COCOeval's convention) or omitted from the dict (``undefined="exclude"``).

    Ties, truncation and every other convention are COCOeval's (module
    docstring). Bad input raises ``MetricInputError`` naming the image and
    field, e.g. ``detections[3]['scores']``.

    Source: pycocotools ``COCOeval`` (evaluate, evaluateImg, accumulate,
    summarize) for ``iouType="bbox"``; Lin et al., Microsoft COCO (2014).
    """
    check_choice(undefined, "undefined", UNDEFINED_CHOICES)
    if box_format is not None:
        check_choice(box_format, "box_format", BOX_FORMATS)
    thresholds = _check_iou_thresholds(iou_thresholds)
    labels, bounds = _check_area_ranges(area_ranges)
    maxes = _check_max_dets(max_dets)
    if isinstance(ground_truths, Mapping):
        if box_format not in (None, "xywh"):
            raise MetricInputError("box_format", "COCO dicts hold 'xywh' boxes; leave box_format at None")
        detections, ground_truths = from_coco(ground_truths, detections)
        box_format = "xywh"
    flat = _flatten(detections, ground_truths, box_format or "xyxy")
    ap, rec = _coco_evaluate(flat, thresholds, bounds, maxes)

    def mean(values):
        values = values[~np.isnan(values)]
        return float(values.mean()) if values.size else None

    a_all = labels.index("all")
    summary: dict[str, float | None] = {"AP": mean(ap[a_all, -1])}
    for name, t in (("AP50", 0.5), ("AP75", 0.75)):
        hit = np.flatnonzero(thresholds == t)
        if hit.size:
            summary[name] = mean(ap[a_all, -1, hit])
    for a, label in enumerate(labels):
        if label != "all":
            summary[f"AP_{label}"] = mean(ap[a, -1])
    for m, max_det in enumerate(maxes.tolist()):
        summary[f"AR{max_det}"] = mean(rec[a_all, m])
    for a, label in enumerate(labels):
        if label != "all":
            summary[f"AR_{label}"] = mean(rec[a, -1])
    if undefined == "coco":
        return {k: -1.0 if v is None else v for k, v in summary.items()}
    return {k: v for k, v in summary.items() if v is not None}
