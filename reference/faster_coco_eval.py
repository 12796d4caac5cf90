"""faster-coco-eval (``COCOeval_faster``, its ``mask.iou``) under the catalog's detection names.

The COCO JSON is built exactly as for pycocotools, by the shared helpers of
``reference/_coco_json.py`` (which import no COCO library); every computation
runs in faster-coco-eval:
its own ``COCO``, ``COCO.loadRes`` (which takes an empty results list),
``COCOeval_faster`` and ``faster_coco_eval.core.mask.iou``.

* ``box_iou``: ``mask.iou(boxes1, boxes2, iscrowd=[0] * m)`` on ``xywh`` boxes
  (``"xyxy"`` rows become ``[x1, y1, x2 - x1, y2 - y1]``; an empty sequence is
  ``(0, 4)``, the shape the library's array path takes); the library's ``[]`` for
  no pair is given back as the ``(n, m)`` empty array.
* ``match_detections``: one image, one category, ``iouThrs = [iou_threshold]``,
  ``areaRng = [[0, inf]]``, ``maxDets = [number of detections]``. The library
  keeps no per-image record readable from Python (``evalImgs`` is not filled,
  faster_eval_api.py:56-58); the matches are read from ``eval['matched']``
  (``"<result id>_<annotation id>" -> IoU``, cocoeval.cpp:179-186, 860-876, 893); a
  detection matched to a crowd annotation is ``ignored``.
* ``average_precision_detection`` (``"coco101"`` only) and ``coco_map``: as in
  ``reference/pycocotools.py`` (same datasets, same parameters), with
  ``evaluate(); accumulate(); summarize()``.

``coco_map`` takes any area ranges with an ``"all"`` range and any ``max_dets``:
the library's summary adapts its layout (cocoeval.py:489-533): ``AP`` and every
per-area number at ``maxDets[-1]`` (the largest; ``maxDets`` is sorted,
faster_eval_api.py:69), one ``AR<m>`` per ``maxDets``, ``AP_<label>`` /
``AR_<label>`` for every range after the first, which must be ``"all"``
(cocoeval.py:509, 525): the adapter moves ``"all"`` first. ``stats`` is then
``AP, AP50, AP75, AP_<label>..., AR<m>..., AR_<label>...`` (cocoeval.py:600-608),
read under the catalog's keys.

Conventions (faster-coco-eval 1.8.0: the installed Python, and ``csrc/`` of
its sdist, whose Python files are identical to the installed ones):

* IoU (csrc/mask_api/src/mask.cpp:504-550, ``bbIou``): pycocotools' formula;
  width or height ``<= 0`` gives 0; crowd: ``inter / area_det``.
* Matching (csrc/faster_eval_api/coco_eval/cocoeval.cpp:93-208): detections
  stable-sorted by decreasing score (:45-60), NaN scores refused with
  ``ValueError`` (:34-38, ``std::invalid_argument``); ground truths partitioned
  regular-first, stable (:62-90); ``IoU >= min(t, 1 - 1e-10)`` matches
  (:130-131, :157-158), the later ground truth on equal IoU; crowd annotations
  re-matchable (:135-143); ignored ones not tried after a regular match
  (:147-153); unmatched detections outside the area range ignored (:189-197).
  ``ignore`` = ``iscrowd`` (cocoeval.py:143-145).
* Accumulation: detections of all images, image-id order, stable-sorted by
  score (cocoeval.cpp:472-486): ties rank by image, then by rank in the image;
  precision ``tp / (tp + fp)`` exactly, no ``np.spacing(1)`` (cocoeval.cpp:588-593,
  unlike pycocotools); envelope from the right (:601-607), sampled at
  ``lower_bound`` (= ``searchsorted(side='left')``, :609-631), 0 past the end;
  recall 0 without detections (:598-599).
* Undefined: ``precision``/``recall`` start at -1 and a category without a
  regular ground truth is skipped (:656-663, :713-715); ``_summarize`` averages
  the entries ``> -1``, -1 when there is none (cocoeval.py:461-464).
* Default IoU thresholds ``np.linspace(0.5, 0.95, 10)`` (cocoeval.py:761, ninth
  value 0.8999999999999999); this adapter passes the catalog's thresholds
  (default ``COCO_IOU_THRESHOLDS``). ``all`` = ``[0, 1e10]`` (cocoeval.py:686).
  ``loadRes`` sets ``area = w * h``, ``iscrowd = 0``, ids ``1..D``
  (coco.py:424-426).
"""

from __future__ import annotations

import functools
from importlib.metadata import version as _version

from faster_coco_eval import COCO, COCOeval_faster
from faster_coco_eval.core import mask as _mask

from metrics.detection import COCO_AREA_RANGES, COCO_IOU_THRESHOLDS, COCO_MAX_DETS
from reference._coco_json import (
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

TARGET_NAME = "faster_coco_eval"
VERSION = _version("faster-coco-eval")
CONVENTIONS = {
    "library": "faster_coco_eval COCOeval_faster(iouType='bbox'): evaluate(), accumulate(), summarize() -> stats; "
    "box_iou: faster_coco_eval.core.mask.iou with iscrowd 0",
    "input": "the COCO JSON of reference/_coco_json.py, as for pycocotools (images 1..N in list order, "
    "categories 1..K in sorted label order, ids from 1, xyxy -> xywh); COCO dicts deep-copied and passed as they are",
    "representation": "refused by the adapter (ValueError) as COCO's JSON cannot hold them: per-box columns of "
    "different lengths, different image counts, n_gt below the true positives",
    "iou": "IoU >= min(t, 1 - 1e-10) matches (cocoeval.cpp:130-131, :157); zero-area boxes IoU 0 (mask.cpp:540-543)",
    "crowd": "iscrowd -> ignore (cocoeval.py:145); crowd IoU = inter / detection area; crowd regions re-matchable "
    "(cocoeval.cpp:135-143), tried only when no regular ground truth matches (:147-153)",
    "ties": "equal scores: stable order within an image, image-id order across images (cocoeval.cpp:54, :480)",
    "precision": "tp / (tp + fp) exactly (cocoeval.cpp:588-593; pycocotools adds np.spacing(1))",
    "undefined": "-1 for a category or summary number without a regular ground truth (cocoeval.py:461-464); "
    "only undefined='coco'",
    "iou_thresholds": "passed to params.iouThrs as given; default the catalog's COCO_IOU_THRESHOLDS (0.9, not "
    "the library's np.linspace value 0.8999999999999999, cocoeval.py:761)",
    "summary layout": "AP and per-area numbers at the largest maxDets, AR<m> per maxDets, per-area keys for every "
    "range after 'all' (moved first by the adapter); AP50/AP75 left out when 0.5/0.75 are not evaluated",
    "match_detections": "read from eval['matched'] ('<dt id>_<gt id>'); matched to a crowd annotation = ignored",
    "average_precision_detection": "coco101 only: one image, TPs on boxes identical to their ground truth, FPs "
    "disjoint, n_gt - n_tp unmatched ground truths; mean of eval['precision'] (> -1 entries, else -1)",
}
SUPPORTS = {
    "average_precision_detection": {"interpolation": ("coco101",)},
    "coco_map": {"undefined": ("coco",)},
}


def box_iou(boxes1, boxes2, *, box_format="xyxy"):
    return iou_matrix(_mask.iou, boxes1, boxes2, box_format)


_run = functools.partial(
    run_eval, COCO, lambda gt, dt: COCOeval_faster(gt, dt, iouType="bbox", print_function=lambda *a, **k: None),
    load_empty=True)


def match_detections(det_boxes, det_scores, gt_boxes, *, iou_threshold, gt_crowd=None, box_format="xyxy"):
    dataset, results = one_image_dicts(det_boxes, det_scores, gt_boxes, gt_crowd, box_format=box_format)
    matched = _run(dataset, results, [iou_threshold], MATCH_LAYOUT, [max(len(results), 1)]).eval["matched"]
    return match_from_pairs([tuple(int(i) for i in key.split("_", 1)) for key in matched], dataset, results)


def average_precision_detection(tp_flags, scores, n_gt, *, interpolation):
    return coco101_ap(_run, "COCOeval_faster", tp_flags, scores, n_gt, interpolation)


def coco_map(detections, ground_truths, *, iou_thresholds=COCO_IOU_THRESHOLDS, area_ranges=COCO_AREA_RANGES,
             max_dets=COCO_MAX_DETS, box_format=None, undefined="coco"):
    check_undefined(undefined, "COCOeval_faster")
    layout = area_layout(area_ranges)
    layout.sort(key=lambda item: item[0] != "all")  # the library's summary takes the first range as "all"
    if not layout or layout[0][0] != "all":
        raise ValueError("area_ranges: COCOeval_faster's summary needs an 'all' range")
    dataset, results = coco_input(detections, ground_truths, box_format)
    ev = _run(dataset, results, iou_thresholds, layout, max_dets)
    ev.summarize()
    labels = [label for label, _, _ in layout[1:]]
    keys = ["AP", "AP50", "AP75", *(f"AP_{x}" for x in labels), *(f"AR{m}" for m in ev.params.maxDets),
            *(f"AR_{x}" for x in labels)]
    return summary(keys, ev.stats, iou_thresholds)
