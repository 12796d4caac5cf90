"""pycocotools' COCOeval (and faster-coco-eval's COCOeval_faster) on the detection core's plain arrays.

This module is ``reference.pycocotools``; ``import pycocotools`` below is the
installed library. It takes the input of :func:`metrics.detection.coco_map`
(one dict per image: ``boxes``/``scores``/``labels`` detections, ``boxes``/
``labels``/``iscrowd``/``areas`` ground truths) and builds the COCO objects in
memory, as a user of the library would from JSON files:

* images get ids ``1..N`` in list order (COCOeval evaluates images by increasing
  id, so the order, which breaks score ties across images, is the list order);
* categories get ids ``1..K`` in the sorted order of the labels;
* ground truths become annotations with ids ``1..G`` (never 0: COCOeval marks
  "unmatched" with id 0), ``bbox = [x, y, w, h]``, ``area`` = the given ``areas``
  or ``w * h``, ``iscrowd``;
* detections become one results list (image order, then input order), loaded
  with ``COCO.loadRes``, which sets ``area = w * h``, ``iscrowd = 0``, ids
  ``1..D``. An empty results list (which ``loadRes`` cannot read) becomes a
  results COCO object without annotations.

``"xyxy"`` boxes are converted to ``[x1, y1, x2 - x1, y2 - y1]``; COCOeval then
computes the far edge as ``x1 + (x2 - x1)``, which can differ from ``x2`` by one
rounding: exact comparisons with ``"xyxy"`` input need coordinates for which that
subtraction is exact (e.g. multiples of a power of two), or ``"xywh"`` input.

The library's prints are silenced. The result is the 12-number summary under the
detection core's keys (``stats[0..11]``); only COCO's layout is supported
(3 ``max_dets``, area labels all/small/medium/large), since ``summarize`` hard
codes it: ``stats[0]`` (AP) is read at ``maxDets == 100`` exactly (-1 if 100 is
not among ``max_dets``; faster-coco-eval reads it at ``maxDets[-1]``), the other
AP and area numbers at ``maxDets[2]``. ``iou_thresholds=None`` keeps the
library's own thresholds (``np.linspace(.5, .95, 10)``, whose ninth value is
0.8999999999999999).
"""

from __future__ import annotations

import contextlib
import io
from importlib.metadata import version as _version
from typing import NamedTuple

import numpy as np
from pycocotools.coco import COCO
from pycocotools.cocoeval import COCOeval

TARGET_NAME = "pycocotools"
VERSION = _version("pycocotools")
CONVENTIONS = {
    "library": "pycocotools COCOeval(iouType='bbox'): evaluate(), accumulate(), summarize() -> stats[0..11]",
    "ids": "images 1..N in list order, categories 1..K in sorted label order, annotation ids from 1",
    "area": "ground-truth 'area' = the given areas, else w * h; detections: loadRes sets w * h",
}

SUMMARY_KEYS = ("AP", "AP50", "AP75", "AP_small", "AP_medium", "AP_large",
                "AR1", "AR10", "AR100", "AR_small", "AR_medium", "AR_large")
COCO_AREA_LABELS = ("all", "small", "medium", "large")

try:  # optional second implementation
    from faster_coco_eval import COCO as _FasterCOCO
    from faster_coco_eval import COCOeval_faster as _COCOevalFaster

    FASTER_VERSION = _version("faster-coco-eval")
except ImportError:  # pragma: no cover - depends on the environment
    _FasterCOCO = _COCOevalFaster = None
    FASTER_VERSION = None


def _xywh(boxes, box_format: str) -> np.ndarray:
    arr = np.asarray(boxes, dtype=np.float64).reshape(-1, 4)
    if box_format == "xyxy":
        arr = np.concatenate((arr[:, :2], arr[:, 2:] - arr[:, :2]), axis=1)
    return arr


def coco_dicts(detections, ground_truths, *, box_format="xyxy"):
    """(dataset dict, results list, sorted labels): the plain-array input in COCO's JSON layout."""
    labels = [np.asarray(g["labels"]).reshape(-1) for g in ground_truths]
    labels += [np.asarray(d["labels"]).reshape(-1) for d in detections]
    classes = np.unique(np.concatenate([lab for lab in labels if lab.size] or [np.zeros(0)]))
    cat_id = {label: k + 1 for k, label in enumerate(classes.tolist())}
    images, annotations, results = [], [], []
    for i, (det, gt) in enumerate(zip(detections, ground_truths)):
        image_id = i + 1
        images.append({"id": image_id, "width": 0, "height": 0})
        boxes = _xywh(gt["boxes"], box_format)
        n = boxes.shape[0]
        crowd = np.asarray(gt.get("iscrowd", np.zeros(n))).reshape(-1)
        areas = gt.get("areas")
        areas = boxes[:, 2] * boxes[:, 3] if areas is None else np.asarray(areas, dtype=np.float64).reshape(-1)
        for j in range(n):
            annotations.append({
                "id": len(annotations) + 1,
                "image_id": image_id,
                "category_id": cat_id[np.asarray(gt["labels"]).reshape(-1)[j].item()],
                "bbox": boxes[j].tolist(),
                "area": float(areas[j]),
                "iscrowd": int(crowd[j]),
            })
        boxes = _xywh(det["boxes"], box_format)
        scores = np.asarray(det["scores"], dtype=np.float64).reshape(-1)
        det_labels = np.asarray(det["labels"]).reshape(-1)
        for j in range(boxes.shape[0]):
            results.append({
                "image_id": image_id,
                "category_id": cat_id[det_labels[j].item()],
                "bbox": boxes[j].tolist(),
                "score": float(scores[j]),
            })
    dataset = {"images": images, "annotations": annotations,
               "categories": [{"id": k, "name": str(label)} for label, k in cat_id.items()]}
    return dataset, results, classes


def _build(coco_cls, dataset, results):
    gt = coco_cls()
    gt.dataset = dataset
    gt.createIndex()
    if results:
        dt = gt.loadRes(results)
    else:
        dt = coco_cls()
        dt.dataset = {"images": list(dataset["images"]), "categories": list(dataset["categories"]),
                      "annotations": []}
        dt.createIndex()
    return gt, dt


def _configure(params, iou_thresholds, area_ranges, max_dets):
    if iou_thresholds is not None:
        params.iouThrs = np.asarray(iou_thresholds, dtype=np.float64)
    if area_ranges is not None:
        items = list(area_ranges.items()) if isinstance(area_ranges, dict) else [
            (label, (lo, hi)) for label, lo, hi in area_ranges]
        if tuple(label for label, _ in items) != COCO_AREA_LABELS:
            raise ValueError(f"the reference supports COCO's area labels {COCO_AREA_LABELS} only")
        params.areaRng = [[float(lo), float(hi)] for _, (lo, hi) in items]
        params.areaRngLbl = list(COCO_AREA_LABELS)
    if len(max_dets) != 3:
        raise ValueError("the reference supports three max_dets only (COCOeval.summarize's layout)")
    params.maxDets = sorted(int(m) for m in max_dets)


def _summary(stats, max_dets) -> dict[str, float]:
    keys = list(SUMMARY_KEYS)
    keys[6:9] = [f"AR{m}" for m in sorted(max_dets)]
    return {k: float(v) for k, v in zip(keys, np.asarray(stats)[:12])}


def coco_map(detections, ground_truths, *, iou_thresholds=None, area_ranges=None, max_dets=(1, 10, 100),
             box_format="xyxy"):
    """pycocotools' 12-number bbox summary of the plain-array input (see the module docstring)."""
    dataset, results, _ = coco_dicts(detections, ground_truths, box_format=box_format)
    with contextlib.redirect_stdout(io.StringIO()):
        gt, dt = _build(COCO, dataset, results)
        ev = COCOeval(gt, dt, iouType="bbox")
        _configure(ev.params, iou_thresholds, area_ranges, max_dets)
        ev.evaluate()
        ev.accumulate()
        ev.summarize()
    return _summary(ev.stats, max_dets)


def coco_map_faster(detections, ground_truths, *, iou_thresholds=None, area_ranges=None, max_dets=(1, 10, 100),
                    box_format="xyxy"):
    """faster-coco-eval's COCOeval_faster on the same input; same keys as :func:`coco_map`."""
    if _COCOevalFaster is None:
        raise ImportError("faster-coco-eval is not installed")
    dataset, results, _ = coco_dicts(detections, ground_truths, box_format=box_format)
    with contextlib.redirect_stdout(io.StringIO()):
        gt, dt = _build(_FasterCOCO, dataset, results)
        ev = _COCOevalFaster(gt, dt, iouType="bbox", print_function=lambda *args, **kwargs: None)
        _configure(ev.params, iou_thresholds, area_ranges, max_dets)
        ev.evaluate()
        ev.accumulate()
        ev.summarize()
    return _summary(ev.stats, max_dets)


class Match(NamedTuple):
    """COCOeval's per-detection outcome, in the input order (same fields as the core's DetectionMatch)."""

    tp: np.ndarray
    fp: np.ndarray
    ignored: np.ndarray
    gt_index: np.ndarray


def match_detections(det_boxes, det_scores, gt_boxes, *, iou_threshold, gt_crowd=None, box_format="xyxy"):
    """COCOeval.evaluateImg's matching of one image and one class at one IoU threshold.

    Area range ``[0, inf]`` (no area ignoring), ``maxDets`` = the number of
    detections; read from ``evalImgs[...]['dtMatches']`` and ``['dtIgnore']``.
    """
    n_det = len(np.asarray(det_scores).reshape(-1))
    n_gt = np.asarray(gt_boxes, dtype=np.float64).reshape(-1, 4).shape[0]
    gt = {"boxes": gt_boxes, "labels": np.ones(n_gt, dtype=np.int64),
          "iscrowd": np.zeros(n_gt) if gt_crowd is None else gt_crowd}
    det = {"boxes": det_boxes, "scores": det_scores, "labels": np.ones(n_det, dtype=np.int64)}
    dataset, results, _ = coco_dicts([det], [gt], box_format=box_format)
    dataset["categories"] = [{"id": 1, "name": "1"}]
    with contextlib.redirect_stdout(io.StringIO()):
        cgt, cdt = _build(COCO, dataset, results)
        ev = COCOeval(cgt, cdt, iouType="bbox")
        ev.params.iouThrs = np.array([float(iou_threshold)])
        ev.params.areaRng = [[0.0, float("inf")]]
        ev.params.areaRngLbl = ["all"]
        ev.params.maxDets = [max(n_det, 1)]
        ev.evaluate()
    tp = np.zeros(n_det, dtype=bool)
    ignored = np.zeros(n_det, dtype=bool)
    gt_index = np.full(n_det, -1, dtype=np.int64)
    e = ev.evalImgs[0]
    if e is not None:
        for k, dt_id in enumerate(e["dtIds"]):
            i = dt_id - 1  # loadRes numbers results 1..D in input order
            gt_id = int(e["dtMatches"][0, k])
            ignored[i] = bool(e["dtIgnore"][0, k])
            if gt_id:
                gt_index[i] = gt_id - 1
                tp[i] = not ignored[i]
    return Match(tp=tp, fp=~tp & ~ignored, ignored=ignored, gt_index=gt_index)
