"""COCO's JSON layout from the catalog's detection arrays, and the COCOeval plumbing both COCO targets share.

Not a target: ``reference/pycocotools.py`` and ``reference/faster_coco_eval.py``
each pass their own library's classes and functions (``COCO``, a COCOeval
factory, ``mask.iou``) into these helpers, so each target's numbers come from its
library alone, and neither needs the other installed.
"""

from __future__ import annotations

import contextlib
import copy
import io
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

COCO_AREA_LABELS = ("all", "small", "medium", "large")


def to_xywh(boxes, box_format: str) -> np.ndarray:
    """Boxes as a float64 ``xywh`` array (a copy); an empty sequence is ``(0, 4)``."""
    if box_format not in ("xyxy", "xywh"):
        raise ValueError(f"box_format: unknown {box_format!r} (expected 'xyxy' or 'xywh')")
    arr = np.array(boxes, dtype=np.float64)
    if arr.ndim == 1 and arr.size == 0:
        arr = arr.reshape(0, 4)
    if box_format == "xyxy":
        arr[..., 2:] -= arr[..., :2]
    return arr


def _one_per_box(where: str, **columns) -> None:
    """Columns of different lengths have no COCO JSON form (one dict per box): refused, not truncated."""
    lengths = {name: len(values) for name, values in columns.items() if values is not None}
    if len(set(lengths.values())) > 1:
        raise ValueError(f"{where}: lengths {lengths} differ; COCO's JSON holds one dict per box")


def coco_dicts(detections, ground_truths, *, box_format="xyxy"):
    """(dataset dict, results list, sorted labels): the per-image arrays in COCO's JSON layout."""
    _one_per_box("detections", detections=detections, ground_truths=ground_truths)
    labels = [np.asarray(g["labels"]).reshape(-1) for g in ground_truths]
    labels += [np.asarray(d["labels"]).reshape(-1) for d in detections]
    classes = np.unique(np.concatenate([lab for lab in labels if lab.size] or [np.zeros(0)]))
    cat_id = {label: k + 1 for k, label in enumerate(classes.tolist())}
    images, annotations, results = [], [], []
    for i, (det, gt) in enumerate(zip(detections, ground_truths)):
        image_id = i + 1
        images.append({"id": image_id, "width": 0, "height": 0})
        boxes = to_xywh(gt["boxes"], box_format)
        gt_labels = np.asarray(gt["labels"]).reshape(-1)
        crowd, areas = gt.get("iscrowd"), gt.get("areas")
        crowd = np.zeros(len(boxes), dtype=np.int64) if crowd is None else np.asarray(crowd).reshape(-1)
        areas = boxes[:, 2] * boxes[:, 3] if areas is None else np.asarray(areas, dtype=np.float64).reshape(-1)
        _one_per_box(f"ground_truths[{i}]", boxes=boxes, labels=gt_labels, iscrowd=crowd, areas=areas)
        for j, box in enumerate(boxes):
            annotations.append({"id": len(annotations) + 1, "image_id": image_id,
                                "category_id": cat_id[gt_labels[j].item()], "bbox": box.tolist(),
                                "area": areas[j].item(), "iscrowd": crowd[j].item()})
        boxes = to_xywh(det["boxes"], box_format)
        scores = np.asarray(det["scores"]).reshape(-1)
        det_labels = np.asarray(det["labels"]).reshape(-1)
        _one_per_box(f"detections[{i}]", boxes=boxes, scores=scores, labels=det_labels)
        for j, box in enumerate(boxes):
            results.append({"image_id": image_id, "category_id": cat_id[det_labels[j].item()],
                            "bbox": box.tolist(), "score": float(scores[j])})
    dataset = {"images": images, "annotations": annotations,
               "categories": [{"id": k, "name": str(label)} for label, k in cat_id.items()]}
    return dataset, results, classes


def one_image_dicts(det_boxes, det_scores, gt_boxes, gt_crowd=None, *, box_format="xyxy"):
    """(dataset, results) of one image and one category (ids 1): the input of ``match_detections``."""
    scores = np.asarray(det_scores).reshape(-1)
    n_gt = len(to_xywh(gt_boxes, box_format))
    _one_per_box("det_scores", det_boxes=to_xywh(det_boxes, box_format), det_scores=scores)
    _one_per_box("gt_crowd", gt_boxes=range(n_gt), gt_crowd=None if gt_crowd is None else np.reshape(gt_crowd, -1))
    gt = {"boxes": gt_boxes, "labels": np.ones(n_gt, dtype=np.int64)}
    if gt_crowd is not None:
        gt["iscrowd"] = gt_crowd
    det = {"boxes": det_boxes, "scores": scores, "labels": np.ones(len(scores), dtype=np.int64)}
    dataset, results, _ = coco_dicts([det], [gt], box_format=box_format)
    dataset["categories"] = [{"id": 1, "name": "1"}]
    return dataset, results


def ranked_dicts(tp_flags, scores, n_gt):
    """(dataset, results) of one image and category whose matching gives back ``tp_flags``.

    True positive ``i`` sits on a box identical to its own ground truth, false
    positive ``i`` on a box no other box touches; ``n_gt - n_tp`` more ground truths
    stay unmatched. Boxes are 5 x 5, 10 apart on one row: every IoU is 1 or 0.
    """
    flags = [bool(f) for f in np.asarray(tp_flags).reshape(-1)]
    _one_per_box("scores", tp_flags=flags, scores=np.reshape(scores, -1))
    n_extra = n_gt - sum(flags)
    if n_extra < 0:
        raise ValueError(f"n_gt: {n_gt} is below the {sum(flags)} true positives; no COCO dataset has fewer "
                         "ground truths than matched detections")
    det = np.array([[10.0 * i, 0.0, 5.0, 5.0] for i in range(len(flags))]).reshape(-1, 4)
    extra = np.array([[10.0 * (len(flags) + j), 0.0, 5.0, 5.0] for j in range(n_extra)]).reshape(-1, 4)
    gt = np.concatenate([det[np.array(flags, dtype=bool)], extra])
    return one_image_dicts(det, scores, gt, box_format="xywh")


def area_layout(area_ranges) -> list[tuple[str, float, float]]:
    """``{label: (lo, hi)}`` or ``(label, lo, hi)`` triples as a list of triples, in the given order."""
    if isinstance(area_ranges, Mapping):
        return [(label, lo, hi) for label, (lo, hi) in area_ranges.items()]
    return [tuple(item) for item in area_ranges]


def summary(keys, stats, iou_thresholds) -> dict[str, float]:
    """The summary numbers under ``keys``; AP50/AP75 left out when their threshold is not evaluated."""
    out = {k: float(v) for k, v in zip(keys, np.asarray(stats).tolist())}
    thresholds = np.asarray(iou_thresholds, dtype=np.float64)
    for key, t in (("AP50", 0.5), ("AP75", 0.75)):
        if not (thresholds == t).any():
            out.pop(key, None)
    return out


def coco_input(detections, ground_truths, box_format):
    """(dataset, results): COCO dict input deep-copied as is, plain arrays converted."""
    if isinstance(ground_truths, Mapping):
        if box_format not in (None, "xywh"):
            raise ValueError("box_format: COCO dicts hold 'xywh' boxes; leave box_format at None")
        return copy.deepcopy(ground_truths), copy.deepcopy(detections)
    dataset, results, _ = coco_dicts(detections, ground_truths, box_format=box_format or "xyxy")
    return dataset, results


def build(coco_cls, dataset, results, *, load_empty=False):
    """Ground-truth and result COCO objects. An empty results list, which pycocotools' ``loadRes`` cannot read
    (``anns[0]``: IndexError, coco.py:330), becomes a result COCO object without annotations, unless
    ``load_empty`` (a library whose ``loadRes`` takes ``[]``)."""
    gt = coco_cls()
    gt.dataset = dataset
    gt.createIndex()
    if results or load_empty:
        dt = gt.loadRes(results)
    else:
        dt = coco_cls()
        dt.dataset = {"images": list(dataset["images"]), "categories": list(dataset["categories"]),
                      "annotations": []}
        dt.createIndex()
    return gt, dt


def mean_defined(values) -> float:
    """COCO's mean of the entries > -1, or -1 when there is none (``summarize``)."""
    values = np.asarray(values)
    values = values[values > -1]
    return float(np.mean(values)) if values.size else -1.0


class Match(NamedTuple):
    """Per-detection outcome in input order (the fields of the catalog's DetectionMatch)."""

    tp: np.ndarray
    fp: np.ndarray
    ignored: np.ndarray
    gt_index: np.ndarray


def match_from_pairs(pairs, dataset, results) -> Match:
    """The Match of :func:`one_image_dicts`' image from (result id, annotation id) pairs (ids from 1, input
    order); a detection matched to a crowd annotation is ignored."""
    crowd = {a["id"] for a in dataset["annotations"] if a["iscrowd"]}
    n_det = len(results)
    tp = np.zeros(n_det, dtype=bool)
    ignored = np.zeros(n_det, dtype=bool)
    gt_index = np.full(n_det, -1, dtype=np.int64)
    for dt_id, gt_id in pairs:
        gt_index[dt_id - 1] = gt_id - 1
        ignored[dt_id - 1] = gt_id in crowd
        tp[dt_id - 1] = gt_id not in crowd
    return Match(tp=tp, fp=~tp & ~ignored, ignored=ignored, gt_index=gt_index)


def iou_matrix(iou, boxes1, boxes2, box_format):
    """A COCO mask API's ``iou(dt, gt, iscrowd)`` of two box sets, iscrowd all 0; its ``[]`` (no pair) as the
    ``(n, m)`` empty array."""
    d = to_xywh(boxes1, box_format)
    g = to_xywh(boxes2, box_format)
    out = iou(d, g, [0] * len(g))
    return np.zeros((len(d), len(g))) if isinstance(out, list) and not out else out


#: the parameters of match_detections (no area ignoring) and of average_precision_detection
MATCH_LAYOUT = [("all", 0.0, float("inf"))]
AP_LAYOUT = [("all", 0.0, 1e10)]


def coco101_ap(run, library: str, tp_flags, scores, n_gt, interpolation) -> float:
    """AP of :func:`ranked_dicts`' dataset: ``run(dataset, results, iou_thresholds, layout, max_dets)`` is a
    library's evaluated and accumulated COCOeval; the mean of its ``eval['precision']`` as ``summarize`` takes it."""
    if interpolation != "coco101":
        raise ValueError(f"interpolation: {library} has only COCO's 101-point interpolation, not {interpolation!r}")
    dataset, results = ranked_dicts(tp_flags, scores, n_gt)
    return mean_defined(run(dataset, results, [0.5], AP_LAYOUT, [max(len(results), 1)]).eval["precision"])


def check_undefined(undefined, library: str) -> None:
    if undefined != "coco":
        raise ValueError(f"undefined: {library} reports undefined numbers as -1 ('coco'), not {undefined!r}")


def run_eval(coco_cls, make_eval, dataset, results, iou_thresholds, layout, max_dets, *, load_empty=False):
    """A library's COCOeval (``make_eval(gt, dt)``) on the dicts, evaluated and accumulated, stdout silenced."""
    with contextlib.redirect_stdout(io.StringIO()):
        gt, dt = build(coco_cls, dataset, results, load_empty=load_empty)
        ev = make_eval(gt, dt)
        set_params(ev.params, iou_thresholds, layout, max_dets)
        ev.evaluate()
        ev.accumulate()
    return ev


def set_params(params, iou_thresholds, layout, max_dets) -> None:
    """COCOeval parameters: IoU thresholds as given, area ranges ``(label, lo, hi)`` in order, maxDets."""
    params.iouThrs = np.asarray(iou_thresholds, dtype=np.float64)
    params.areaRng = [[float(lo), float(hi)] for _, lo, hi in layout]
    params.areaRngLbl = [label for label, _, _ in layout]
    params.maxDets = [int(m) for m in max_dets]
