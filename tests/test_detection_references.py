"""The detection reference targets (reference/pycocotools.py, reference/faster_coco_eval.py) agree with the catalog.

Each adapter function against metrics.detection on a few small fixed inputs with
integer coordinates, where every IoU is exact. A target whose library is not
installed is skipped, with the reason. Agreement is exact but for pycocotools'
precision ``tp / (tp + fp + np.spacing(1))`` (one ulp below 1), hence ``TOL``.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from metrics import detection as catalog

TOL = 1e-12
LIBRARIES = {"pycocotools": "pycocotools", "faster_coco_eval": "faster-coco-eval (and pycocotools, whose COCO "
                                                                 "JSON builder it shares)"}


@pytest.fixture(params=sorted(LIBRARIES))
def target(request):
    try:
        return importlib.import_module(f"reference.{request.param}")
    except ImportError as exc:
        pytest.skip(f"reference.{request.param} needs {LIBRARIES[request.param]} installed "
                    f"(pip install 'metric-assay[references]'): {exc}")


BOXES1 = np.array([[0, 0, 10, 10], [5, 5, 15, 15], [0, 0, 0, 7], [2, 2, 4, 4]], dtype=float)
BOXES2 = np.array([[0, 0, 10, 10], [10, 0, 20, 10], [0, 0, 20, 20]], dtype=float)


@pytest.mark.parametrize("boxes1, boxes2", [(BOXES1, BOXES2), (BOXES2, BOXES1[:1]), (np.zeros((0, 4)), BOXES2)],
                         ids=["identical-touching-zero-area-nested", "one-column", "empty"])
def test_box_iou(target, boxes1, boxes2):
    ours = catalog.box_iou(boxes1, boxes2)
    np.testing.assert_array_equal(np.asarray(target.box_iou(boxes1, boxes2)), ours)
    to_xywh = np.concatenate([boxes1[:, :2], boxes1[:, 2:] - boxes1[:, :2]], 1), \
        np.concatenate([boxes2[:, :2], boxes2[:, 2:] - boxes2[:, :2]], 1)
    np.testing.assert_array_equal(np.asarray(target.box_iou(*to_xywh, box_format="xywh")), ours)


MATCHES = {
    # the better IoU wins; the tied second detection takes what is left; a far box is a false positive
    "greedy": ([[0, 0, 10, 10], [1, 0, 11, 10], [50, 50, 60, 60]], [0.9, 0.9, 0.8],
               [[1, 0, 11, 10], [0, 0, 10, 10]], None, 0.5),
    # IoU exactly 0.5 matches (>=); a detection inside a crowd region is ignored, two of them share it
    "crowd-and-exact-threshold": ([[0, 0, 2, 1], [20, 20, 25, 25], [21, 21, 24, 24]], [0.3, 0.7, 0.6],
                                  [[0, 0, 1, 1], [20, 20, 40, 40]], [0, 1], 0.5),
    "no-ground-truth": ([[0, 0, 5, 5]], [0.5], np.zeros((0, 4)), None, 0.5),
}


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_match_detections(target, name):
    det, scores, gt, crowd, threshold = MATCHES[name]
    ours = catalog.match_detections(det, scores, gt, iou_threshold=threshold, gt_crowd=crowd)
    theirs = target.match_detections(det, scores, gt, iou_threshold=threshold, gt_crowd=crowd)
    for field in ("tp", "fp", "ignored", "gt_index"):
        np.testing.assert_array_equal(np.asarray(getattr(theirs, field)), getattr(ours, field), err_msg=field)


AP_CASES = [([1, 0, 1, 1, 0, 0, 1], [9, 8, 7, 6, 5, 4, 3], 6),
            ([0, 1, 1], [0.5, 0.5, 0.2], 3),  # tied scores: input order
            ([0, 0], [0.4, 0.3], 2)]


@pytest.mark.parametrize("case", AP_CASES, ids=["missed-objects", "ties", "no-true-positive"])
def test_average_precision_coco101(target, case):
    flags, scores, n_gt = case
    ours = catalog.average_precision_detection(flags, scores, n_gt, interpolation="coco101")
    assert target.average_precision_detection(flags, scores, n_gt, interpolation="coco101") == \
        pytest.approx(ours, abs=TOL)


def test_average_precision_supports_coco101_only(target):
    assert target.SUPPORTS["average_precision_detection"] == {"interpolation": ("coco101",)}
    with pytest.raises(ValueError, match="interpolation"):
        target.average_precision_detection([1], [0.5], 1, interpolation="voc11")


def test_average_precision_precision_convention(target):
    # one true positive: pycocotools' precision is 1 / (1 + np.spacing(1)); faster-coco-eval's is 1
    ap = target.average_precision_detection([1], [0.5], 1, interpolation="coco101")
    assert ap == (np.nextafter(1.0, 0.0) if target.TARGET_NAME == "pycocotools" else 1.0)


def _image(det_boxes, scores, det_labels, gt_boxes, gt_labels, crowd=None):
    det = {"boxes": np.array(det_boxes, dtype=float).reshape(-1, 4), "scores": np.array(scores, dtype=float),
           "labels": np.array(det_labels, dtype=np.int64)}
    gt = {"boxes": np.array(gt_boxes, dtype=float).reshape(-1, 4), "labels": np.array(gt_labels, dtype=np.int64)}
    if crowd is not None:
        gt["iscrowd"] = np.array(crowd)
    return det, gt


SET = [
    # small and large objects, a wrong label, a crowd region, an equal score across images
    _image([[0, 0, 20, 20], [100, 100, 220, 220], [0, 0, 20, 20], [300, 300, 400, 400]], [0.9, 0.8, 0.5, 0.4],
           [1, 1, 2, 1], [[0, 0, 20, 21], [100, 100, 210, 230], [290, 290, 420, 420]], [1, 1, 1], crowd=[0, 0, 1]),
    _image([[10, 10, 60, 60], [12, 10, 62, 60]], [0.5, 0.3], [2, 2], [[10, 10, 60, 60]], [2]),
    _image([], [], [], [[5, 5, 30, 30]], [1]),
]
DETECTIONS, GROUND_TRUTHS = [d for d, _ in SET], [g for _, g in SET]


def assert_summary(theirs, ours):
    assert set(theirs) == set(ours)
    bad = {k: (theirs[k], ours[k]) for k in ours if not abs(theirs[k] - ours[k]) <= TOL}
    assert not bad, bad


def test_coco_map(target):
    assert_summary(target.coco_map(DETECTIONS, GROUND_TRUTHS), catalog.coco_map(DETECTIONS, GROUND_TRUTHS))


def test_coco_map_on_coco_dicts(target):
    from reference._coco_json import coco_dicts

    dataset, results, _ = coco_dicts(DETECTIONS, GROUND_TRUTHS)
    assert_summary(target.coco_map(results, dataset), catalog.coco_map(results, dataset))


def test_coco_map_thresholds_without_0_5(target):
    # AP50 is left out, as in the catalog (COCO prints -1 for a threshold it did not evaluate)
    kwargs = dict(iou_thresholds=(0.6, 0.75, 0.9))
    assert_summary(target.coco_map(DETECTIONS, GROUND_TRUTHS, **kwargs),
                   catalog.coco_map(DETECTIONS, GROUND_TRUTHS, **kwargs))


def test_coco_map_custom_layout_faster_coco_eval():
    # faster-coco-eval's summary follows any area ranges and max_dets ("all" moved first by the adapter)
    faster = pytest.importorskip("reference.faster_coco_eval", reason="needs faster-coco-eval and pycocotools")
    kwargs = dict(area_ranges=(("tiny", 0, 500.0), ("all", 0, 1e10)), max_dets=(1, 2))
    assert_summary(faster.coco_map(DETECTIONS, GROUND_TRUTHS, **kwargs),
                   catalog.coco_map(DETECTIONS, GROUND_TRUTHS, **kwargs))
