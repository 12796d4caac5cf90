"""Deliberately wrong detection metrics: each is a bug or a convention slip seen in detection code.

IoU mutants compute on plain xyxy rows (VOC's +1 pixel, intersection over the
smaller box, an unclipped overlap, no validation). Matching mutants run a small
loop matcher of their own with one rule changed. AP and summary mutants wrap
the real functions and spoil one step (no envelope, wrong recall levels,
ascending scores, per-image truncation in input order, undefined as 0).
"""

from __future__ import annotations

import functools

import numpy as np

from metrics import detection as real
from metrics.detection import DetectionMatch
from tests.mutants import Mutant


def _ids(*pairs):
    return tuple(f"detection.{law}[{metric}]" for law, metric in pairs)


# ---------------------------------------------------------------- IoU


def _xyxy(boxes, box_format="xyxy"):
    arr = np.asarray(boxes, dtype=float).reshape(-1, 4)
    if box_format == "xywh":
        arr = np.hstack([arr[:, :2], arr[:, :2] + arr[:, 2:]])
    return arr


def _iou_matrix(boxes1, boxes2, box_format="xyxy", *, plus_one=0.0, union="union", clip=True):
    a, b = _xyxy(boxes1, box_format)[:, None, :], _xyxy(boxes2, box_format)[None, :, :]
    w = np.minimum(a[..., 2], b[..., 2]) - np.maximum(a[..., 0], b[..., 0]) + plus_one
    h = np.minimum(a[..., 3], b[..., 3]) - np.maximum(a[..., 1], b[..., 1]) + plus_one
    inter = np.clip(w, 0, None) * np.clip(h, 0, None) if clip else w * h
    area_a = (a[..., 2] - a[..., 0] + plus_one) * (a[..., 3] - a[..., 1] + plus_one)
    area_b = (b[..., 2] - b[..., 0] + plus_one) * (b[..., 3] - b[..., 1] + plus_one)
    denominator = {"union": area_a + area_b - inter, "min": np.minimum(area_a, area_b),
                   "first": 2 * area_a - inter}[union]
    return inter / denominator


def _iou_mutant(**options):
    def box_iou(boxes1, boxes2, *, box_format="xyxy"):
        return _iou_matrix(boxes1, boxes2, box_format, **options)

    return box_iou


def _iou_ignores_format(boxes1, boxes2, *, box_format="xyxy"):
    return _iou_matrix(boxes1, boxes2, "xyxy")  # every box read as xyxy


def _iou_unknown_format_is_xyxy(boxes1, boxes2, *, box_format="xyxy"):
    return real.box_iou(boxes1, boxes2, box_format="xywh" if box_format == "xywh" else "xyxy")


IOU_MUTANTS = [
    Mutant("iou-voc-plus-one-pixel", {"box_iou": _iou_mutant(plus_one=1.0)},
           _ids(("iou_definition", "box_iou"), ("iou_translation_scale_invariance", "box_iou"),
                ("iou_nested_is_area_ratio", "box_iou"))),
    Mutant("iou-over-smaller-box", {"box_iou": _iou_mutant(union="min")},
           _ids(("iou_one_only_for_identical_boxes", "box_iou"))),
    Mutant("iou-union-from-first-box", {"box_iou": _iou_mutant(union="first")},
           _ids(("iou_symmetry", "box_iou"))),
    Mutant("iou-overlap-not-clipped", {"box_iou": _iou_mutant(clip=False)},
           _ids(("iou_disjoint_is_zero", "box_iou"), ("iou_bounds", "box_iou"))),
    Mutant("iou-no-validation", {"box_iou": _iou_mutant()},
           _ids(("refuses_nan_coordinates", "box_iou"), ("refuses_infinite_coordinates", "box_iou"),
                ("refuses_negative_size", "box_iou"), ("refuses_not_four_columns", "box_iou"),
                ("refuses_unknown_box_format", "box_iou"))),
    Mutant("iou-box-format-ignored", {"box_iou": _iou_ignores_format}, _ids(("iou_formats_agree", "box_iou"))),
    Mutant("iou-unknown-format-read-as-xyxy", {"box_iou": _iou_unknown_format_is_xyxy},
           _ids(("refuses_unknown_box_format", "box_iou"))),
]


# ---------------------------------------------------------------- matching


def _loop_match(det_boxes, det_scores, gt_boxes, *, iou_threshold, gt_crowd=None, box_format="xyxy",
                by_score=True, best=True, reuse=False, crowd_regular=False, any_overlap=False):
    det, gt = _xyxy(det_boxes, box_format), _xyxy(gt_boxes, box_format)
    scores = np.asarray(det_scores, dtype=float).reshape(-1)
    crowd = np.zeros(len(gt), bool) if gt_crowd is None else np.asarray(gt_crowd).astype(bool)
    if crowd_regular:
        crowd = np.zeros(len(gt), bool)
    iou = _iou_matrix(det, gt) if len(det) and len(gt) else np.zeros((len(det), len(gt)))
    for j in np.flatnonzero(crowd):
        inter = iou[:, j] * 0
        for i in range(len(det)):
            w = min(det[i, 2], gt[j, 2]) - max(det[i, 0], gt[j, 0])
            h = min(det[i, 3], gt[j, 3]) - max(det[i, 1], gt[j, 1])
            inter[i] = max(w, 0) * max(h, 0) / ((det[i, 2] - det[i, 0]) * (det[i, 3] - det[i, 1]))
        iou[:, j] = inter
    threshold = 1e-12 if any_overlap else min(iou_threshold, 1 - 1e-10)
    taken = np.zeros(len(gt), bool)
    gt_index = np.full(len(det), -1)
    order = np.argsort(-scores, kind="stable") if by_score else np.arange(len(det))
    for i in order:
        for regular in (True, False):
            candidates = [j for j in range(len(gt)) if crowd[j] != regular and (reuse or crowd[j] or not taken[j])
                          and iou[i, j] >= threshold]
            if candidates:
                j = max(candidates, key=lambda j: (iou[i, j], j)) if best else candidates[0]
                gt_index[i], taken[j] = j, True
                break
    hit = gt_index >= 0
    ignored = hit & crowd[np.maximum(gt_index, 0)] if len(gt) else np.zeros(len(det), bool)
    return DetectionMatch(tp=hit & ~ignored, fp=~hit, ignored=ignored, gt_index=gt_index)


def _matcher(**options):
    return functools.partial(_loop_match, **options)


_MATCH_AGREEMENT = _ids(("agrees_with_pycocotools", "match_detections"))

MATCH_MUTANTS = [
    Mutant("matching-first-candidate-not-best-iou", {"match_detections": _matcher(best=False)},
           _ids(("matching_definition", "match_detections")) + _MATCH_AGREEMENT),
    Mutant("matching-in-input-order", {"match_detections": _matcher(by_score=False)},
           _ids(("matching_definition", "match_detections")) + _MATCH_AGREEMENT),
    Mutant("matching-ground-truth-reused", {"match_detections": _matcher(reuse=True)},
           _ids(("matching_partition", "match_detections"), ("duplicate_is_false_positive", "match_detections"))),
    Mutant("matching-crowd-as-regular", {"match_detections": _matcher(crowd_regular=True)},
           _ids(("crowd_absorbs_detections", "match_detections"))),
    Mutant("matching-any-overlap", {"match_detections": _matcher(any_overlap=True)},
           _ids(("matching_partition", "match_detections"))),
]


# ---------------------------------------------------------------- AP of one class


def _ap_mutant(spoil):
    @functools.wraps(real.average_precision_detection)
    def average_precision_detection(tp_flags, scores, n_gt, *, interpolation):
        return spoil(tp_flags, scores, n_gt, interpolation)

    return average_precision_detection


def _curve(tp_flags, scores, n_gt, descending=True):
    tp = np.asarray(tp_flags, dtype=float)
    s = np.asarray(scores, dtype=float)
    order = np.argsort(-s if descending else np.arange(len(s)), kind="stable")
    hits = tp[order]
    cum = np.cumsum(hits)
    return hits, cum / max(n_gt, 1), cum / np.arange(1, len(hits) + 1)


def _no_envelope(tp_flags, scores, n_gt, interpolation):
    hits, recall, precision = _curve(tp_flags, scores, n_gt)
    if interpolation == "all_points":
        return float(precision[hits > 0].sum() / n_gt)
    levels = np.arange(11) / 10 if interpolation == "voc11" else np.linspace(0, 1, 101)
    return float(np.mean([precision[np.argmax(recall >= r)] if (recall >= r).any() else 0 for r in levels]))


def _voc11_without_zero(tp_flags, scores, n_gt, interpolation):
    if interpolation != "voc11":
        return real.average_precision_detection(tp_flags, scores, n_gt, interpolation=interpolation)
    hits, recall, precision = _curve(tp_flags, scores, n_gt)
    env = np.maximum.accumulate(precision[::-1])[::-1] if len(hits) else precision
    return float(np.mean([env[np.argmax(recall >= r)] if (recall >= r).any() else 0 for r in np.arange(1, 11) / 10]))


def _mean_precision_over_detections(tp_flags, scores, n_gt, interpolation):
    hits, _, precision = _curve(tp_flags, scores, n_gt)
    return float(precision.mean()) if len(hits) and hits.any() else 0.0


def _input_order(tp_flags, scores, n_gt, interpolation):
    n = len(np.asarray(scores))
    return real.average_precision_detection(tp_flags, np.arange(n, 0, -1, dtype=float), n_gt,
                                            interpolation=interpolation)


def _scores_clipped(tp_flags, scores, n_gt, interpolation):
    return real.average_precision_detection(tp_flags, np.clip(np.asarray(scores, dtype=float), 0.0, 1.0), n_gt,
                                            interpolation=interpolation)


def _nan_without_tp(tp_flags, scores, n_gt, interpolation):
    if not np.asarray(tp_flags, dtype=float).any():
        return float("nan")
    return real.average_precision_detection(tp_flags, scores, n_gt, interpolation=interpolation)


def _ap_unvalidated(tp_flags, scores, n_gt, interpolation):
    if interpolation not in ("voc11", "coco101"):
        interpolation = "all_points"
    n_gt = max(int(n_gt), int(np.sum(np.asarray(tp_flags) > 0)), 1)
    flags = np.asarray(tp_flags) > 0
    scores = np.nan_to_num(np.asarray(scores, dtype=float)[:len(flags)])
    return real.average_precision_detection(flags[:len(scores)], scores, n_gt, interpolation=interpolation)


def _ids_all(law):
    return tuple(f"detection.{law}[average_precision_detection:{i}]" for i in ("voc11", "all_points", "coco101"))


_AP = "average_precision_detection"

AP_MUTANTS = [
    Mutant("ap-raw-precision-no-envelope", {_AP: _ap_mutant(_no_envelope)}, _ids_all("ap_definition") + ("detection.claim.seed004.ap_is_area_under_smoothed_curve",)),
    Mutant("ap-voc11-skips-recall-zero", {_AP: _ap_mutant(_voc11_without_zero)},
           _ids(("interpolations_ordered", _AP))),
    Mutant("ap-mean-precision-over-detections", {_AP: _ap_mutant(_mean_precision_over_detections)},
           _ids(("low_scored_detection_keeps_reached_precision", _AP))),
    Mutant("ap-ranked-in-input-order", {_AP: _ap_mutant(_input_order)},
           _ids(("permutation_invariance", _AP))),
    Mutant("ap-scores-clipped-to-unit", {_AP: _ap_mutant(_scores_clipped)},
           _ids(("score_transform_invariance", _AP))),
    Mutant("ap-nan-without-true-positive", {_AP: _ap_mutant(_nan_without_tp)},
           _ids(("no_true_positive_is_zero", _AP), ("bounds", _AP)) + ("detection.claim.seed004.ap_in_unit_interval",)),
    Mutant("ap-no-validation", {_AP: _ap_mutant(_ap_unvalidated)},
           _ids(("refuses_more_true_positives_than_objects", _AP), ("refuses_unknown_interpolation", _AP),
                ("refuses_bad_input", _AP))),
]


# ---------------------------------------------------------------- the COCO summary


def _summary_mutant(transform_input=None, transform_output=None):
    @functools.wraps(real.coco_map)
    def coco_map(detections, ground_truths, **kwargs):
        if transform_input is not None:
            detections, ground_truths = transform_input(list(detections), list(ground_truths))
        value = real.coco_map(detections, ground_truths, **kwargs)
        return value if transform_output is None else transform_output(value, detections, ground_truths, kwargs)

    return coco_map


def _class_agnostic(dets, gts):
    return ([{**d, "labels": np.zeros(len(d["labels"]), dtype=np.int64)} for d in dets],
            [{**g, "labels": np.zeros(len(g["labels"]), dtype=np.int64)} for g in gts])


def _ascending_scores(dets, gts):
    return [{**d, "scores": -np.asarray(d["scores"], dtype=float)} for d in dets], gts


def _input_order_in_image(dets, gts):
    # truncation and ranking by position in the image's list, not by score
    return [{**d, "scores": np.arange(len(d["scores"]), 0, -1, dtype=float) + 1000.0 * (len(dets) - i)}
            for i, d in enumerate(dets)], gts


def _scores_clipped_to_unit(dets, gts):
    return [{**d, "scores": np.clip(np.asarray(d["scores"], dtype=float), 0.0, 1.0)} for d in dets], gts


def _integer_scores_as_ranks(dets, gts):
    # integer "scores" read as rank positions (1 = best), as some detection exporters write them
    return [{**d, "scores": -np.asarray(d["scores"]) if np.asarray(d["scores"]).dtype.kind in "iu"
             else d["scores"]} for d in dets], gts


def _ground_truth_one_based(dets, gts):
    # VOC's 1-based pixel coordinates converted on the ground truths only
    return dets, [{**g, "boxes": np.asarray(g["boxes"], dtype=float) - 1.0} for g in gts]


def _last_image_dropped(dets, gts):
    return (dets[:-1], gts[:-1]) if len(dets) > 1 else (dets, gts)


def _undefined_as_zero(value, dets, gts, kwargs):
    if kwargs.get("undefined") == "exclude":
        full = real.coco_map(dets, gts)
        return {k: (0.0 if v == -1.0 else v) for k, v in full.items()}
    return {k: (0.0 if v == -1.0 else v) for k, v in value.items()}


def _undefined_classes_as_zero(value, dets, gts, kwargs):
    detected = {int(x) for d in dets for x in np.asarray(d["labels"]).reshape(-1)}
    with_objects = {int(x) for g in gts for x in np.asarray(g["labels"]).reshape(-1)}
    missing = len(detected - with_objects)
    if not missing:
        return value
    n = len(with_objects)
    return {k: (v * n / (n + missing) if v >= 0 else v) for k, v in value.items()}


def _unvalidated(dets, gts):
    n = min(len(dets), len(gts))
    clean = []
    for d in dets[:n]:
        boxes = np.nan_to_num(np.asarray(d["boxes"], dtype=float), posinf=0.0).reshape(len(d["boxes"]), -1)
        boxes = np.hstack([boxes, np.zeros((len(boxes), 4))])[:, :4]
        lo, hi = np.minimum(boxes[:, :2], boxes[:, 2:]), np.maximum(boxes[:, :2], boxes[:, 2:])
        scores = np.nan_to_num(np.asarray(d["scores"], dtype=float))[:len(boxes)]
        clean.append({"boxes": np.hstack([lo, hi])[:len(scores)], "scores": scores,
                      "labels": np.asarray(d["labels"])[:len(scores)]})
    return clean, gts[:n]


def _coco_map_half_open_ranges(detections, ground_truths, **kwargs):
    """COCO's area ranges read as half-open (lo, hi]: ``lo < area <= hi`` where COCOeval has ``lo <= area <= hi``,
    so an object of area exactly 32**2 is small but not medium, 96**2 medium but not large."""
    if "area_ranges" not in kwargs:
        kwargs["area_ranges"] = tuple((label, float(np.nextafter(lo, np.inf)) if lo > 0 else lo, hi)
                                      for label, lo, hi in real.COCO_AREA_RANGES)
    return real.coco_map(detections, ground_truths, **kwargs)


_MAP_AGREEMENT = _ids(("agrees_with_pycocotools", "coco_map"))

MAP_MUTANTS = [
    Mutant("coco-map-class-agnostic", {"coco_map": _summary_mutant(_class_agnostic)},
           _ids(("wrong_label_is_false_positive", "coco_map"), ("summary_definition", "coco_map")) + _MAP_AGREEMENT
           + ("detection.claim.seed004.wrong_class_is_false_positive",)),
    Mutant("coco-map-ascending-scores", {"coco_map": _summary_mutant(_ascending_scores)},
           _ids(("low_scored_false_positive_changes_nothing", "coco_map"),
                ("low_scored_detection_never_lowers", "coco_map"))),
    Mutant("coco-map-truncates-in-input-order", {"coco_map": _summary_mutant(_input_order_in_image)},
           _ids(("detection_order_invariance", "coco_map"), ("permutation_invariance", "coco_map"))),
    Mutant("coco-map-scores-clipped-to-unit", {"coco_map": _summary_mutant(_scores_clipped_to_unit)},
           _ids(("score_transform_invariance", "coco_map"))),
    Mutant("coco-map-integer-scores-as-ranks", {"coco_map": _summary_mutant(_integer_scores_as_ranks)},
           _ids(("dtype_invariance", "coco_map"))),
    Mutant("coco-map-ground-truth-shifted-one-pixel", {"coco_map": _summary_mutant(_ground_truth_one_based)},
           _ids(("perfect", "coco_map"))),
    Mutant("coco-map-last-image-dropped", {"coco_map": _summary_mutant(_last_image_dropped)},
           _ids(("duplication_invariance", "coco_map"))),
    Mutant("coco-map-undefined-as-zero", {"coco_map": _summary_mutant(transform_output=_undefined_as_zero)},
           _ids(("undefined_minus_one_or_left_out", "coco_map"), ("crowd_only_is_undefined", "coco_map"))),
    Mutant("coco-map-undetected-classes-count-as-zero",
           {"coco_map": _summary_mutant(transform_output=_undefined_classes_as_zero)},
           _ids(("per_class_mean", "coco_map"))),
    Mutant("coco-map-half-open-area-ranges", {"coco_map": _coco_map_half_open_ranges},
           _ids(("area_range_boundaries", "coco_map"))),
    Mutant("coco-map-no-validation", {"coco_map": _summary_mutant(_unvalidated)},
           _ids(("refuses_bad_input", "coco_map"), ("refuses_mismatched_image_counts", "coco_map"))),
]

MUTANTS = IOU_MUTANTS + MATCH_MUTANTS + AP_MUTANTS + MAP_MUTANTS


def ap_zero_division_guard(tp_flags, scores, n_gt, *, interpolation):
    """n_gt = 0 guarded by ``except ZeroDivisionError`` only: a Python 0 is refused, a NumPy scalar 0
    divides to inf without raising, and the recall 0/0 comes back as NaN. Drawn n_gt are Python ints;
    the edge case n_gt_numpy_zero of refuses_bad_input is np.int64(0)."""
    try:
        inverse = 1.0 / n_gt
    except ZeroDivisionError:
        raise real.MetricInputError("n_gt", "no ground-truth objects: recall is 0/0") from None
    if not np.isfinite(inverse):
        return float("nan")
    return real.average_precision_detection(tp_flags, scores, n_gt, interpolation=interpolation)


MUTANTS += [
    Mutant("ap-zero-division-guard", {"average_precision_detection": ap_zero_division_guard},
           catches=("detection.refuses_bad_input[average_precision_detection]",)),
]


def coco_map_drops_duplicate_boxes(detections, ground_truths, **kwargs):
    """Exact duplicate detections (the same box and label in one image) merged before evaluation, keeping
    the higher score: COCO counts the second as a false positive. Drawn detections are random or jittered
    copies, never exact duplicates; the edge case identical_boxes has two."""
    merged = []
    for d in detections:
        boxes, scores, labels = (np.asarray(d[k]) for k in ("boxes", "scores", "labels"))
        keep, seen = [], set()
        for i in np.argsort(-scores, kind="stable") if len(scores) else []:
            key = (tuple(np.asarray(boxes[i]).tolist()), int(labels[i]))
            if key not in seen:
                seen.add(key)
                keep.append(i)
        keep = np.array(sorted(keep), dtype=np.intp)
        merged.append({**d, "boxes": boxes.reshape(-1, 4)[keep], "scores": scores[keep], "labels": labels[keep]})
    return real.coco_map(merged, ground_truths, **kwargs)


MUTANTS += [
    Mutant("coco-map-drops-duplicate-boxes", {"coco_map": coco_map_drops_duplicate_boxes},
           catches=("detection.summary_definition[coco_map]",)),
]
