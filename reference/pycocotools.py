"""pycocotools (COCOeval, ``mask.iou``) under the catalog's detection names.

This module is ``reference.pycocotools``; ``import pycocotools`` below is the
installed library. Every function builds what a COCO user builds from JSON
files, in memory, and runs the library on it:

* ``box_iou``: ``pycocotools.mask.iou(boxes1, boxes2, iscrowd=[0] * m)`` on
  ``xywh`` boxes (``"xyxy"`` rows become ``[x1, y1, x2 - x1, y2 - y1]``, as COCO
  users convert them; an empty sequence is zero boxes); an empty result (the
  library returns ``[]`` when either side has no box) is given back as the
  ``(n, m)`` empty array.
* ``match_detections``: one image, one category; ``COCOeval.evaluate`` with
  ``iouThrs = [iou_threshold]``, ``areaRng = [[0, inf]]``, ``maxDets = [number of
  detections]``, read from ``evalImgs[0]['dtMatches']``; a detection matched to a
  crowd annotation is ``ignored`` (what ``dtIgnore`` says when no area range
  ignores anything).
* ``average_precision_detection``: only ``interpolation="coco101"``. One image,
  one category: each true positive gets a box identical to its own ground
  truth, each false positive a box disjoint from every other box, plus
  ``n_gt - (number of true positives)`` ground truths no detection touches; boxes
  ``5 x 5`` on a row 10 apart. ``COCOeval`` with ``iouThrs = [0.5]``,
  ``areaRng = [[0, 1e10]]``, ``maxDets = [number of detections]``; AP = the mean
  of ``eval['precision']`` over the 101 recall thresholds, -1 when every entry is
  -1 (no ground truth), as ``summarize`` averages (cocoeval.py:452-455). An
  ``n_gt`` below the number of true positives has no such dataset: ValueError.
* ``coco_map``: the plain arrays become a dataset dict and a results list
  (``coco_dicts`` in ``reference/_coco_json.py``): images ``1..N`` in list order, categories ``1..K`` in
  sorted label order, ground-truth annotation ids ``1..G`` (never 0, COCOeval's
  "unmatched"), ``area`` = the given ``areas`` or ``w * h``, ``iscrowd`` as given;
  the results are loaded with ``COCO.loadRes``. A COCO dataset dict
  (``ground_truths``) and results list (``detections``) go to the library as
  they are, deep-copied first (as ``json.load`` gives fresh objects:
  ``loadRes`` writes ``id``/``area``/``iscrowd`` into each result and
  ``COCOeval._prepare`` writes ``ignore`` into each annotation, cocoeval.py:107-109).
  ``evaluate(); accumulate(); summarize()``; ``stats[0..11]`` under the catalog's
  keys.

What COCO's JSON cannot hold is refused by the adapter (ValueError), never
truncated: per-box columns of different lengths, different numbers of
detection and ground-truth images, ``n_gt`` below the true positives. An empty
results list, which ``COCO.loadRes`` cannot read (``anns[0]``, coco.py:330),
becomes a result COCO object without annotations.

``"xyxy"`` boxes converted to ``xywh`` get their far edge back as ``x1 + (x2 -
x1)``, which can differ from ``x2`` by one rounding; integer (or dyadic)
coordinates convert exactly.

The library's conventions (pycocotools 2.0.11: ``cocoeval.py`` as installed,
``common/maskApi.c`` of its sdist):

* IoU (maskApi.c:125-136, ``bbIou``): ``inter / (area_d + area_g - inter)``, a
  pair whose intersection width or height is ``<= 0`` has IoU 0 (so a zero-area
  box has IoU 0 with itself); a crowd ground truth divides by the detection's
  area. Far edges ``x + w``.
* Matching (``evaluateImg``, cocoeval.py:235-313): detections by decreasing
  score, stable (``mergesort``, :259), the top ``maxDets[-1]`` (:260); ground
  truths with crowd/area-ignored ones last, stable (:257); a detection matches
  when ``IoU >= min(t, 1 - 1e-10)`` (:276, :286 ``if iou < thr: continue``), the
  largest IoU winning and, on equal IoU, the ground truth listed later (:289-290);
  a crowd ground truth can absorb any number of detections (:280); once a
  regular ground truth is matched, ignored ones are not tried (:283). A
  detection matched to an ignored ground truth is ignored (:294); an unmatched
  one outside the area range too (:298-299). ``ignore`` = ``iscrowd`` (:109).
* Area ranges are closed, on the annotation's ``area`` field (:251, :298);
  ``all`` is ``[0, 1e10]`` (:509); results get ``area = w * h``, ``iscrowd = 0``,
  ids ``1..D`` from ``loadRes`` (coco.py:342-344).
* Accumulation (:315-420): each image's top ``maxDet`` detections, concatenated
  in image-id order (``imgIds`` sorted, :134) and stable-sorted by score (:362-366):
  equal scores across images rank by image, then by rank within the image.
  Precision ``tp / (tp + fp + np.spacing(1))`` (:385: one ulp below 1 where the
  catalog's ``tp / (tp + fp)`` is exactly 1); envelope from the right (:398-400);
  sampled at ``searchsorted(recall, recThrs, side='left')`` (:402), 0 past the end
  (:403-408); recall 0 without detections (:389-392).
* Undefined: ``precision``/``recall`` start at -1 (:334-335) and a category
  without a regular ground truth keeps it (:372-374); ``summarize`` averages the
  entries ``> -1`` and gives -1 when there is none (:452-455).
* Summary (:458-472): ``stats[0]`` (AP) is read at ``maxDets == 100`` exactly
  (the default of ``_summarize``, :427, :460: -1 when 100 is not among
  ``maxDets``); AP50/AP75/AP by area and AR by area at ``maxDets[2]``; AR1/10/100 at
  ``maxDets[0..2]``; areas looked up by the labels ``small``/``medium``/``large``
  (:435); AP50/AP75 pick ``iouThrs == 0.5 / 0.75`` exactly (:442).
* Default IoU thresholds ``np.linspace(.5, 0.95, 10)`` (:506), whose ninth value
  is 0.8999999999999999; this adapter passes the catalog's thresholds (default
  ``COCO_IOU_THRESHOLDS``, ninth value 0.9) to ``params.iouThrs``.
"""

from __future__ import annotations

import contextlib
import functools
import io
from importlib.metadata import version as _version

from pycocotools import mask as _mask
from pycocotools.coco import COCO
from pycocotools.cocoeval import COCOeval

from metrics.detection import COCO_AREA_RANGES, COCO_IOU_THRESHOLDS, COCO_MAX_DETS
from reference._coco_json import (
    COCO_AREA_LABELS,
    MATCH_LAYOUT,
    area_layout,
    check_undefined,
    coco101_ap,
    coco_input,
    iou_matrix,
    match_from_pairs,
    one_image_dicts,
    run_eval,
    summary,
)

TARGET_NAME = "pycocotools"
VERSION = _version("pycocotools")
CONVENTIONS = {
    "library": "pycocotools COCOeval(iouType='bbox'): evaluate(), accumulate(), summarize() -> stats[0..11]; "
    "box_iou: pycocotools.mask.iou with iscrowd 0",
    "boxes": "'xyxy' -> xywh [x1, y1, x2 - x1, y2 - y1] (far edge x1 + (x2 - x1)); COCO dicts are xywh already",
    "ids": "images 1..N in list order, categories 1..K in sorted label order, annotation and result ids from 1",
    "area": "ground-truth 'area' = the given areas, else w * h; detections: loadRes sets w * h; ranges closed",
    "iou": "IoU >= min(t, 1 - 1e-10) matches (cocoeval.py:276, :286); zero-area boxes IoU 0 (maskApi.c:131-132)",
    "crowd": "iscrowd -> ignore (cocoeval.py:109); crowd IoU = inter / detection area; any number of detections "
    "may match one crowd region, only after no regular ground truth is left (cocoeval.py:280, :283)",
    "ties": "equal scores: stable order within an image, image-id order across images (cocoeval.py:259, :362-366)",
    "precision": "tp / (tp + fp + np.spacing(1)) (cocoeval.py:385): one ulp below 1 where tp + fp == 1",
    "undefined": "-1 for a category or summary number without a regular ground truth (cocoeval.py:334, :452-455); "
    "only undefined='coco'",
    "iou_thresholds": "passed to params.iouThrs as given; the default is the catalog's COCO_IOU_THRESHOLDS (0.9, "
    "not the library's own np.linspace value 0.8999999999999999, cocoeval.py:506)",
    "summary layout": "stats[0] is read at maxDets == 100 exactly (cocoeval.py:427, :460), the other AP and "
    "per-area numbers at maxDets[2], AR<m> at maxDets[0..2]; area labels all/small/medium/large only; AP50/AP75 "
    "left out when 0.5/0.75 are not among iou_thresholds (COCO prints -1 there)",
    "representation": "refused by the adapter (ValueError), as COCO's JSON cannot hold them: per-box columns "
    "of different lengths (boxes, scores, labels, iscrowd, areas), different numbers of detection and "
    "ground-truth images, n_gt below the number of true positives; everything else reaches the library as given",
    "empty results": "an empty results list, which COCO.loadRes cannot read (IndexError at coco.py:330), becomes "
    "a result COCO object without annotations (COCOeval then scores every detection-less category 0)",
    "average_precision_detection": "coco101 only: one image, TPs on boxes identical to their ground truth, FPs "
    "disjoint, n_gt - n_tp unmatched ground truths; mean of eval['precision'] (> -1 entries, else -1)",
}
SUPPORTS = {
    "average_precision_detection": {"interpolation": ("coco101",)},
    # summarize() hard-codes three maxDets and the labels all/small/medium/large (cocoeval.py:458-472)
    "coco_map": {"undefined": ("coco",), "area_ranges": (COCO_AREA_RANGES,),
                 "max_dets": (COCO_MAX_DETS, list(COCO_MAX_DETS))},
}



# ---------------------------------------------------------------- the catalog's functions


def box_iou(boxes1, boxes2, *, box_format="xyxy"):
    return iou_matrix(_mask.iou, boxes1, boxes2, box_format)


_evaluate = functools.partial(run_eval, COCO, lambda gt, dt: COCOeval(gt, dt, iouType="bbox"))


def match_detections(det_boxes, det_scores, gt_boxes, *, iou_threshold, gt_crowd=None, box_format="xyxy"):
    dataset, results = one_image_dicts(det_boxes, det_scores, gt_boxes, gt_crowd, box_format=box_format)
    e = _evaluate(dataset, results, [iou_threshold], MATCH_LAYOUT, [max(len(results), 1)]).evalImgs[0]
    pairs = [] if e is None else [(dt_id, int(gt_id)) for dt_id, gt_id in zip(e["dtIds"], e["dtMatches"][0]) if gt_id]
    return match_from_pairs(pairs, dataset, results)


def average_precision_detection(tp_flags, scores, n_gt, *, interpolation):
    return coco101_ap(_evaluate, "COCOeval", tp_flags, scores, n_gt, interpolation)


def coco_map(detections, ground_truths, *, iou_thresholds=COCO_IOU_THRESHOLDS, area_ranges=COCO_AREA_RANGES,
             max_dets=COCO_MAX_DETS, box_format=None, undefined="coco"):
    check_undefined(undefined, "COCOeval")
    layout = area_layout(area_ranges)
    if sorted(label for label, _, _ in layout) != sorted(COCO_AREA_LABELS):
        raise ValueError(f"area_ranges: COCOeval.summarize reports the labels {COCO_AREA_LABELS} only")
    if len(max_dets) != 3:
        raise ValueError("max_dets: COCOeval.summarize reports three maxDets only")
    dataset, results = coco_input(detections, ground_truths, box_format)
    ev = _evaluate(dataset, results, iou_thresholds, layout, max_dets)
    with contextlib.redirect_stdout(io.StringIO()):
        ev.summarize()
    m = ev.params.maxDets  # sorted by evaluate()
    keys = ("AP", "AP50", "AP75", "AP_small", "AP_medium", "AP_large", f"AR{m[0]}", f"AR{m[1]}", f"AR{m[2]}",
            "AR_small", "AR_medium", "AR_large")
    return summary(keys, ev.stats, iou_thresholds)
