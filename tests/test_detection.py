"""The detection core (metrics/detection.py): COCO mAP against pycocotools, IoU and AP properties, refusals.

The agreement tests need pycocotools (and, for the second implementation,
faster-coco-eval) and skip without them; everything else runs on NumPy alone.
Exact agreement means every one of the 12 summary numbers within 1e-12.
"""

from __future__ import annotations

import importlib.util
import math

import numpy as np
import pytest

from metrics import MetricInputError
from metrics.detection import (
    COCO_IOU_THRESHOLDS,
    average_precision_detection,
    box_iou,
    coco_map,
    from_coco,
    match_detections,
)

HAVE_PYCOCOTOOLS = importlib.util.find_spec("pycocotools") is not None
HAVE_FASTER = importlib.util.find_spec("faster_coco_eval") is not None
needs_pycocotools = pytest.mark.skipif(
    not HAVE_PYCOCOTOOLS,
    reason="pycocotools is not installed (pip install pycocotools): the COCOeval agreement tests need it",
)
needs_faster = pytest.mark.skipif(
    not (HAVE_PYCOCOTOOLS and HAVE_FASTER),
    reason="needs both faster-coco-eval and pycocotools, one is not installed (pip install pycocotools "
    "faster-coco-eval)",
)
TOL = 1e-12
KEYS = ("AP", "AP50", "AP75", "AP_small", "AP_medium", "AP_large",
        "AR1", "AR10", "AR100", "AR_small", "AR_medium", "AR_large")


@pytest.fixture(scope="module")
def ref():
    from reference import pycocotools

    return pycocotools


def image(det_boxes=(), scores=(), det_labels=(), gt_boxes=(), gt_labels=(), crowd=None, areas=None):
    det = {"boxes": np.asarray(det_boxes, dtype=float).reshape(-1, 4), "scores": np.asarray(scores, dtype=float),
           "labels": np.asarray(det_labels, dtype=np.int64)}
    gt = {"boxes": np.asarray(gt_boxes, dtype=float).reshape(-1, 4), "labels": np.asarray(gt_labels, dtype=np.int64)}
    if crowd is not None:
        gt["iscrowd"] = np.asarray(crowd)
    if areas is not None:
        gt["areas"] = np.asarray(areas, dtype=float)
    return det, gt


def split(images):
    return [d for d, _ in images], [g for _, g in images]


def random_set(seed, *, n_images=25, n_classes=3, max_gt=6, max_det=14, crowd_rate=0.1, tie_rate=0.0,
               dyadic=False, area_field=False):
    """Detections scattered around ground truths ('xywh' floats, or a 1/4 grid when ``dyadic``)."""
    rng = np.random.default_rng(seed)
    images = []
    for _ in range(n_images):
        n_gt = int(rng.integers(0, max_gt + 1))
        gt = np.concatenate([rng.uniform(0, 300, (n_gt, 2)), rng.uniform(0.5, 160, (n_gt, 2))], axis=1)
        gt_labels = rng.integers(0, n_classes, n_gt)
        n_det = int(rng.integers(0, max_det + 1))
        det = np.concatenate([rng.uniform(0, 300, (n_det, 2)), rng.uniform(0.5, 160, (n_det, 2))], axis=1)
        labels = rng.integers(0, n_classes, n_det)
        if n_gt:
            src = rng.integers(0, n_gt, n_det)
            near = rng.random(n_det) < 0.75
            det[near] = gt[src[near]] + rng.normal(0, 0.08, (int(near.sum()), 4)) * gt[src[near]][:, [2, 3, 2, 3]]
            det[:, 2:] = np.abs(det[:, 2:])
            labels = np.where(near & (rng.random(n_det) < 0.85), gt_labels[src], labels)
        if dyadic:
            gt = np.round(gt * 4) / 4
            det = np.round(det * 4) / 4
        scores = rng.random(n_det)
        if tie_rate:
            scores = np.where(rng.random(n_det) < tie_rate, np.round(scores, 1), scores)
        crowd = rng.random(n_gt) < crowd_rate
        areas = gt[:, 2] * gt[:, 3] * rng.uniform(0.4, 1.0, n_gt) if area_field else None
        images.append(image(det, scores, labels, gt, gt_labels, crowd, areas))
    return split(images)


def assert_agree(ours, theirs, tol=TOL):
    assert set(theirs) <= set(ours), (sorted(ours), sorted(theirs))
    bad = {k: (ours[k], theirs[k]) for k in theirs if not abs(ours[k] - theirs[k]) <= tol}
    assert not bad, bad


# ---------------------------------------------------------------- hand-built sets

def crowd_set():
    # a crowd region covering two people: detections inside it are ignored (IoU = |d ∩ crowd| / |d| = 1),
    # a detection overlapping a regular person goes to the person first
    return split([
        image([[0, 0, 10, 10], [100, 100, 20, 20], [130, 130, 10, 10], [0, 0, 9, 10], [300, 300, 5, 5]],
              [0.9, 0.8, 0.7, 0.6, 0.5], [1, 1, 1, 1, 1],
              [[0, 0, 10, 10], [90, 90, 100, 100]], [1, 1], crowd=[0, 1]),
        image([[5, 5, 40, 40], [6, 6, 40, 40]], [0.4, 0.95], [1, 1],
              [[5, 5, 40, 40], [0, 0, 200, 200]], [1, 1], crowd=[0, 1]),
        # a crowd region only: nothing to find, detections inside are ignored, outside are false positives
        image([[10, 10, 5, 5], [400, 400, 5, 5]], [0.99, 0.98], [1, 1], [[0, 0, 50, 50]], [1], crowd=[1]),
    ])


def empty_images_set():
    # images without ground truth (their detections are false positives) and without detections
    return split([
        image([[0, 0, 10, 10]], [0.9], [1], [[0, 0, 10, 10]], [1]),
        image([[0, 0, 10, 10], [20, 20, 30, 30]], [0.95, 0.5], [1, 1]),
        image(gt_boxes=[[5, 5, 50, 50]], gt_labels=[1]),
        image(),
    ])


def class_without_gt_set():
    # class 7 has detections but no ground truth (-1, left out); class 3 has ground truth but no detection (0)
    return split([
        image([[0, 0, 40, 40], [0, 0, 40, 40], [50, 50, 10, 10]], [0.9, 0.8, 0.99], [1, 7, 7],
              [[0, 0, 40, 40], [60, 60, 20, 20]], [1, 3]),
        image([[0, 0, 100, 100]], [0.3], [1], [[0, 0, 100, 100]], [1]),
    ])


def ties_set():
    # equal scores within an image and across images: ranked by image, then input order
    return split([
        image([[0, 0, 10, 10], [50, 50, 10, 10], [0, 0, 10, 10]], [0.5, 0.5, 0.5], [1, 1, 1],
              [[0, 0, 10, 10], [100, 100, 10, 10]], [1, 1]),
        image([[0, 0, 10, 10], [30, 30, 10, 10]], [0.5, 0.5], [1, 1], [[30, 30, 10, 10]], [1]),
        image([[7, 7, 10, 10], [0, 0, 10, 10]], [0.5, 0.5], [1, 1], [[0, 0, 10, 10]], [1]),
    ])


def many_detections_set():
    # 150 detections in one image: only the top 100 by score count; true positives sit at ranks 0, 50, 120
    rng = np.random.default_rng(7)
    det = np.concatenate([rng.uniform(500, 900, (150, 2)), rng.uniform(5, 20, (150, 2))], axis=1)
    scores = np.linspace(1.0, 0.01, 150)
    gt = np.array([[0, 0, 30, 30], [100, 100, 30, 30], [200, 200, 30, 30]], dtype=float)
    det[[0, 50, 120]] = gt
    det2 = np.array([[0, 0, 30, 30]] * 12, dtype=float)  # 12 copies of one box: one TP, 11 FPs
    return split([
        image(det, scores, np.ones(150), gt, [1, 1, 1]),
        image(det2, np.full(12, 0.5), np.ones(12), [[0, 0, 30, 30]], [1]),
    ])


def area_edges_set():
    # ground-truth areas exactly on the range edges (32² and 96²: in both ranges), a degenerate box,
    # an 'areas' field that differs from the box area, detections of area exactly 32²
    return split([
        image([[0, 0, 32, 32], [100, 100, 96, 96], [300, 300, 32, 32], [400, 400, 31, 33]],
              [0.9, 0.8, 0.7, 0.6], [1, 1, 1, 1],
              [[0, 0, 32, 32], [100, 100, 96, 96], [500, 500, 10, 10], [600, 600, 0, 10]], [1, 1, 1, 1]),
        image([[0, 0, 40, 40], [0, 0, 10, 10], [50, 50, 100, 100]], [0.5, 0.6, 0.7], [2, 2, 2],
              [[0, 0, 40, 40], [50, 50, 100, 100]], [2, 2], areas=[1024.0, 9216.0]),
        image([[0, 0, 200, 200], [0, 0, 2.0**-10, 2.0**-10]], [0.5, 0.5], [2, 2],
              [[0, 0, 200, 200], [0, 0, 2.0**-10, 2.0**-10]], [2, 2], areas=[1e10 + 1, 0.0]),
    ])


def iou_ties_set():
    # two ground truths at equal IoU (the last listed wins) and an IoU of exactly 0.5 and 0.75 (dyadic)
    return split([
        image([[0, 0, 4, 4], [0, 0, 4, 4]], [0.9, 0.8], [1, 1], [[0, 0, 4, 4], [0, 0, 4, 4]], [1, 1],
              areas=[2000.0, 16.0]),
        image([[0, 0, 4, 2], [0, 0, 4, 3]], [0.9, 0.8], [1, 1], [[0, 0, 4, 4], [10, 10, 4, 4]], [1, 1]),
        image([[0, 0, 8, 8]], [0.7], [1], [[0, 0, 8, 8], [0, 0, 8, 8]], [1, 1], crowd=[1, 0]),
        # the 0.9 detection has IoU 0.6 with both boxes (exactly equal) and takes the one listed last,
        # leaving the first to the 0.8 detection, which overlaps only it: two true positives up to IoU 0.6
        image([[1, 0, 4, 4], [-1, 0, 4, 4]], [0.9, 0.8], [3, 3], [[0, 0, 4, 4], [2, 0, 4, 4]], [3, 3]),
    ])


HAND_BUILT = {
    "crowd": crowd_set,
    "images_without_gt": empty_images_set,
    "class_without_gt": class_without_gt_set,
    "score_ties": ties_set,
    "more_than_100_detections": many_detections_set,
    "area_range_edges": area_edges_set,
    "iou_ties_and_exact_thresholds": iou_ties_set,
}


@needs_pycocotools
@pytest.mark.parametrize("name", sorted(HAND_BUILT))
def test_hand_built_sets_agree_with_pycocotools(ref, name):
    detections, ground_truths = HAND_BUILT[name]()
    ours = coco_map(detections, ground_truths, box_format="xywh")
    theirs = ref.coco_map(detections, ground_truths, box_format="xywh", iou_thresholds=COCO_IOU_THRESHOLDS)
    assert_agree(ours, theirs)
    assert set(ours) == set(KEYS)


RANDOM = [
    dict(seed=0),
    dict(seed=1, tie_rate=0.6),
    dict(seed=2, crowd_rate=0.4, area_field=True),
    dict(seed=3, n_classes=6, max_det=40, tie_rate=0.3),
    dict(seed=4, dyadic=True, tie_rate=0.5),
    dict(seed=5, n_images=40, max_gt=2, max_det=3, crowd_rate=0.2),
]


@needs_pycocotools
@pytest.mark.parametrize("params", RANDOM, ids=[f"seed{p['seed']}" for p in RANDOM])
def test_random_sets_agree_with_pycocotools(ref, params):
    detections, ground_truths = random_set(**params)
    ours = coco_map(detections, ground_truths, box_format="xywh")
    theirs = ref.coco_map(detections, ground_truths, box_format="xywh", iou_thresholds=COCO_IOU_THRESHOLDS)
    assert_agree(ours, theirs)


@needs_pycocotools
def test_xyxy_input_agrees_on_a_dyadic_grid(ref):
    # x2 - x1 and x1 + (x2 - x1) are exact on a 1/4 grid, so pycocotools sees the same boxes
    detections, ground_truths = random_set(11, dyadic=True, crowd_rate=0.2, tie_rate=0.4)
    for entry in detections + ground_truths:
        entry["boxes"] = np.concatenate([entry["boxes"][:, :2], entry["boxes"][:, :2] + entry["boxes"][:, 2:]], 1)
    assert_agree(coco_map(detections, ground_truths),
                 ref.coco_map(detections, ground_truths, iou_thresholds=COCO_IOU_THRESHOLDS))


@needs_pycocotools
def test_custom_parameters_agree(ref):
    # maxDets truncation per image and class at 2 and 5; thresholds including 1.0 (used as 1 - 1e-10);
    # area ranges moved; pycocotools' stats[0] is read at maxDets == 100, so 100 stays the largest
    detections, ground_truths = random_set(21, max_det=30, tie_rate=0.3, dyadic=True)
    thresholds = [0.3, 0.5, 0.75, 1.0]
    areas = {"all": (0.0, 1e10), "small": (0.0, 400.0), "medium": (400.0, 2500.0), "large": (2500.0, 1e10)}
    ours = coco_map(detections, ground_truths, box_format="xywh", iou_thresholds=thresholds, area_ranges=areas,
                    max_dets=(2, 5, 100))
    theirs = ref.coco_map(detections, ground_truths, box_format="xywh", iou_thresholds=thresholds,
                          area_ranges=areas, max_dets=(2, 5, 100))
    assert_agree(ours, theirs)
    assert {"AR2", "AR5", "AR100"} <= set(ours)


@needs_pycocotools
def test_threshold_one_is_applied_as_one_minus_1e_10(ref):
    # IoU 1 - 1e-11 (a box one part in 1e11 short) matches at threshold 1, as in COCOeval; 1 - 1e-9 does not
    detections, ground_truths = split([
        image([[0, 0, 100, 100 - 1e-9]], [0.9], [1], [[0, 0, 100, 100]], [1]),
        image([[0, 0, 100, 100 - 1e-7]], [0.9], [1], [[0, 0, 100, 100]], [1]),
    ])
    kwargs = dict(box_format="xywh", iou_thresholds=[0.5, 0.75, 1.0])
    ours = coco_map(detections, ground_truths, **kwargs)
    assert_agree(ours, ref.coco_map(detections, ground_truths, **kwargs))
    assert ours["AR100"] == pytest.approx((1 + 1 + 0.5) / 3)
    near = match_detections([[0, 0, 100, 100 - 1e-9]], [0.5], [[0, 0, 100, 100]], iou_threshold=1.0,
                            box_format="xywh")
    assert near.tp.tolist() == [True]


@needs_pycocotools
def test_library_default_thresholds_agree_without_an_iou_of_0_9(ref):
    # pycocotools' own thresholds (Params.iouThrs) differ from ours only at 0.8999999999999999 vs 0.9
    from pycocotools.cocoeval import Params

    detections, ground_truths = random_set(31)
    assert_agree(coco_map(detections, ground_truths, box_format="xywh"),
                 ref.coco_map(detections, ground_truths, box_format="xywh",
                              iou_thresholds=Params(iouType="bbox").iouThrs))


@needs_pycocotools
def test_no_detections_and_no_ground_truth(ref):
    detections, ground_truths = split([image(gt_boxes=[[0, 0, 10, 10]], gt_labels=[1]), image()])
    ours = coco_map(detections, ground_truths, box_format="xywh")
    assert_agree(ours, ref.coco_map(detections, ground_truths, box_format="xywh",
                                    iou_thresholds=COCO_IOU_THRESHOLDS))
    assert ours["AP"] == 0.0 and ours["AP_medium"] == -1.0
    # no ground truth anywhere: every number is undefined
    detections, ground_truths = split([image([[0, 0, 10, 10]], [0.5], [1])])
    ours = coco_map(detections, ground_truths, box_format="xywh")
    assert ours == {k: -1.0 for k in KEYS}
    assert_agree(ours, ref.coco_map(detections, ground_truths, box_format="xywh",
                                    iou_thresholds=COCO_IOU_THRESHOLDS))
    assert coco_map(detections, ground_truths, box_format="xywh", undefined="exclude") == {}


@needs_faster
@pytest.mark.parametrize("name", sorted(HAND_BUILT) + ["random"])
def test_faster_coco_eval_agrees(name):
    from reference import faster_coco_eval

    if name == "random":
        detections, ground_truths = random_set(3, n_classes=6, max_det=40, tie_rate=0.3, crowd_rate=0.3)
    else:
        detections, ground_truths = HAND_BUILT[name]()
    ours = coco_map(detections, ground_truths, box_format="xywh")
    assert_agree(ours, faster_coco_eval.coco_map(detections, ground_truths, box_format="xywh",
                                                 iou_thresholds=COCO_IOU_THRESHOLDS))


@needs_pycocotools
@pytest.mark.parametrize("seed", range(4))
def test_match_detections_agrees_with_evaluate_img(ref, seed):
    rng = np.random.default_rng(100 + seed)
    n_gt, n_det = int(rng.integers(0, 6)), int(rng.integers(0, 12))
    gt = np.round(np.concatenate([rng.uniform(0, 50, (n_gt, 2)), rng.uniform(1, 40, (n_gt, 2))], 1) * 4) / 4
    src = rng.integers(0, max(n_gt, 1), n_det)
    det = gt[src] + np.round(rng.normal(0, 2, (n_det, 4)) * 4) / 4 if n_gt else rng.uniform(1, 40, (n_det, 4))
    det[:, 2:] = np.abs(det[:, 2:])
    scores = np.round(rng.random(n_det), 1)
    crowd = rng.random(n_gt) < 0.3
    for threshold in (0.3, 0.5, 0.8):
        ours = match_detections(det, scores, gt, iou_threshold=threshold, gt_crowd=crowd, box_format="xywh")
        theirs = ref.match_detections(det, scores, gt, iou_threshold=threshold, gt_crowd=crowd, box_format="xywh")
        for field in ("tp", "fp", "ignored", "gt_index"):
            np.testing.assert_array_equal(getattr(ours, field), getattr(theirs, field), err_msg=field)


@needs_pycocotools
def test_coco_format_input_matches_pycocotools_on_the_dict(ref):
    from pycocotools.cocoeval import COCOeval

    rng = np.random.default_rng(5)
    images = [{"id": i} for i in (42, 7, 1000, 3)]  # ids out of order: COCOeval sorts them
    categories = [{"id": 2}, {"id": 9}]
    annotations, results = [], []
    for img in images:
        for _ in range(4):
            box = [float(v) for v in np.round(rng.uniform(1, 80, 4), 2)]
            cat = int(rng.choice([2, 9, 5]))  # 5 is not a listed category: dropped by COCOeval
            annotations.append({"id": len(annotations) + 1, "image_id": img["id"], "category_id": cat,
                                "bbox": box, "area": box[2] * box[3] * 0.7, "iscrowd": int(rng.random() < 0.2)})
            for _ in range(3):
                jitter = [float(v) for v in np.round(np.asarray(box) + rng.normal(0, 3, 4), 2)]
                jitter[2], jitter[3] = abs(jitter[2]), abs(jitter[3])
                results.append({"image_id": img["id"], "category_id": int(rng.choice([cat, 2])),
                                "bbox": jitter, "score": float(np.round(rng.random(), 1))})
    dataset = {"images": images, "annotations": annotations, "categories": categories}
    import contextlib
    import copy
    import io

    from reference._coco_json import build

    with contextlib.redirect_stdout(io.StringIO()):
        gt, dt = build(ref.COCO, copy.deepcopy(dataset), copy.deepcopy(results))
        ev = COCOeval(gt, dt, iouType="bbox")
        ev.params.iouThrs = np.asarray(COCO_IOU_THRESHOLDS)
        ev.evaluate()
        ev.accumulate()
        ev.summarize()
    theirs = dict(zip(KEYS, ev.stats.tolist()))
    assert_agree(coco_map(results, dataset), theirs)
    detections, ground_truths = from_coco(dataset, results)
    assert len(detections) == 4 and detections[0]["boxes"].shape[1] == 4
    assert_agree(coco_map(detections, ground_truths, box_format="xywh"), theirs)


# ---------------------------------------------------------------- summary conventions (no library needed)

def test_undefined_convention():
    detections, ground_truths = split([image([[0, 0, 10, 10]], [0.9], [1], [[0, 0, 10, 10]], [1])])
    coco = coco_map(detections, ground_truths, box_format="xywh")
    assert coco["AP"] == 1.0 and coco["AP_small"] == 1.0
    assert coco["AP_medium"] == -1.0 and coco["AR_large"] == -1.0
    excluded = coco_map(detections, ground_truths, box_format="xywh", undefined="exclude")
    assert set(excluded) == set(KEYS) - {"AP_medium", "AP_large", "AR_medium", "AR_large"}
    assert all(excluded[k] == coco[k] for k in excluded)


def test_string_labels_and_list_input():
    detections = [{"boxes": [[0, 0, 10, 10]], "scores": [0.9], "labels": ["cat"]}]
    ground_truths = [{"boxes": [[0, 0, 10, 10], [20, 20, 30, 30]], "labels": ["cat", "dog"]}]
    out = coco_map(detections, ground_truths)
    assert out["AP"] == 0.5 and out["AR100"] == 0.5


def test_average_precision_matches_the_coco_pipeline():
    # AP of one class at one threshold: match per image, pool, 101-point AP = coco_map's AP
    detections, ground_truths = random_set(9, n_classes=1, crowd_rate=0.2, tie_rate=0.4)
    flags, scores, n_gt = [], [], 0
    for det, gt in zip(detections, ground_truths):
        m = match_detections(det["boxes"], det["scores"], gt["boxes"], iou_threshold=0.5,
                             gt_crowd=gt["iscrowd"], box_format="xywh")
        flags.append(m.tp[~m.ignored])
        scores.append(det["scores"][~m.ignored])
        n_gt += int((~gt["iscrowd"]).sum())
    ap = average_precision_detection(np.concatenate(flags), np.concatenate(scores), n_gt, interpolation="coco101")
    summary = coco_map(detections, ground_truths, box_format="xywh", iou_thresholds=[0.5],
                       area_ranges={"all": (0.0, math.inf)}, max_dets=(10_000,))
    assert abs(summary["AP"] - ap) <= 1e-15


# ---------------------------------------------------------------- AP interpolations

def test_interpolations_on_a_worked_example():
    # ranks: TP FP TP TP FP, 4 objects: precision 1, 1/2, 2/3, 3/4, 3/5; recall .25 .25 .5 .75 .75
    flags, scores = [1, 0, 1, 1, 0], [0.9, 0.8, 0.7, 0.6, 0.5]
    ap = {i: average_precision_detection(flags, scores, 4, interpolation=i)
          for i in ("voc11", "all_points", "coco101")}
    assert ap["all_points"] == pytest.approx((1 + 0.75 + 0.75) / 4, abs=1e-15)
    assert ap["voc11"] == pytest.approx((3 * 1 + 5 * 0.75) / 11, abs=1e-15)  # r = 0..0.2 -> 1, 0.3..0.7 -> 0.75
    assert ap["coco101"] == pytest.approx((26 * 1 + 50 * 0.75) / 101, abs=1e-15)
    step = (1 + 2 / 3 + 3 / 4) / 4  # precision at each TP, no envelope
    assert step < ap["all_points"]


@pytest.mark.parametrize("seed", range(20))
def test_interpolations_are_ordered(seed):
    # all_points (I) is the area under the envelope p(r); a sampled variant with N + 1 levels lies in
    # [(N I + p(1)) / (N + 1), (N I + p(0)) / (N + 1)]; the step sum without envelope is <= I
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 40))
    n_gt = int(rng.choice([7, 13, 29, 31]))  # prime: no recall c/n_gt equals a level k/100 (0 < k < 100)
    flags = rng.random(n) < 0.5
    flags[np.flatnonzero(flags)[n_gt:]] = False
    scores = rng.random(n)
    ap = {i: average_precision_detection(flags, scores, n_gt, interpolation=i)
          for i in ("voc11", "all_points", "coco101")}
    ranked = flags[np.argsort(-scores, kind="stable")]
    precision = np.cumsum(ranked) / np.arange(1, n + 1)
    envelope = np.maximum.accumulate(precision[::-1])[::-1]
    p0 = envelope[0] if ranked.any() else 0.0
    p1 = envelope[np.flatnonzero(ranked)[-1]] if ranked.sum() == n_gt else 0.0
    area = ap["all_points"]
    for name, levels in (("voc11", 10), ("coco101", 100)):
        assert (levels * area + p1) / (levels + 1) - 1e-12 <= ap[name] <= (levels * area + p0) / (levels + 1) + 1e-12
    assert precision[ranked].sum() / n_gt <= area + 1e-15
    assert all(0.0 <= v <= 1.0 for v in ap.values())


@pytest.mark.parametrize("interpolation", ["voc11", "all_points", "coco101"])
def test_ap_extremes(interpolation):
    assert average_precision_detection([1, 1, 0], [0.9, 0.8, 0.1], 2, interpolation=interpolation) == 1.0
    assert average_precision_detection([0, 0], [0.9, 0.8], 3, interpolation=interpolation) == 0.0
    assert average_precision_detection([], [], 3, interpolation=interpolation) == 0.0
    # tied scores are ranked in input order, as COCOeval's and VOC's stable sorts do
    first = average_precision_detection([1, 0], [0.5, 0.5], 1, interpolation=interpolation)
    second = average_precision_detection([0, 1], [0.5, 0.5], 1, interpolation=interpolation)
    assert first == 1.0 and second < 1.0


# ---------------------------------------------------------------- IoU properties

def random_boxes(rng, n, *, grid=True):
    xy = rng.integers(-50, 50, (n, 2)).astype(float)
    wh = rng.integers(1, 40, (n, 2)).astype(float)
    if not grid:
        xy += rng.random((n, 2))
        wh += rng.random((n, 2))
    return np.concatenate([xy, xy + wh], axis=1)


@pytest.mark.parametrize("seed", range(5))
def test_iou_symmetric_and_bounded(seed):
    rng = np.random.default_rng(seed)
    a, b = random_boxes(rng, 30, grid=False), random_boxes(rng, 20, grid=False)
    iou = box_iou(a, b)
    assert iou.shape == (30, 20)
    np.testing.assert_array_equal(iou, box_iou(b, a).T)
    assert ((iou >= 0) & (iou <= 1)).all()
    np.testing.assert_array_equal(np.diag(box_iou(a, a)), 1.0)


@pytest.mark.parametrize("seed", range(5))
def test_iou_translation_and_scale_invariant(seed):
    rng = np.random.default_rng(seed)
    a, b = random_boxes(rng, 15), random_boxes(rng, 15)
    iou = box_iou(a, b)
    shift = np.tile(rng.integers(-1000, 1000, 2).astype(float), 2)
    np.testing.assert_array_equal(box_iou(a + shift, b + shift), iou)  # integers: exact
    for scale in (0.25, 8.0, 2.0**-20):
        np.testing.assert_array_equal(box_iou(a * scale, b * scale), iou)  # powers of two: exact
    np.testing.assert_allclose(box_iou(a * 3.7 + 0.3, b * 3.7 + 0.3), iou, rtol=1e-12, atol=1e-15)


def test_iou_special_configurations():
    assert box_iou([[0, 0, 10, 10]], [[20, 20, 30, 30]])[0, 0] == 0.0  # disjoint
    assert box_iou([[0, 0, 10, 10]], [[10, 0, 20, 10]])[0, 0] == 0.0  # touching along an edge
    assert box_iou([[0, 0, 10, 10]], [[2, 3, 6, 8]])[0, 0] == 20 / 100  # nested: area ratio
    assert box_iou([[0, 0, 4, 4]], [[0, 0, 4, 2]])[0, 0] == 0.5
    # zero-area boxes: IoU 0 with everything, themselves included (pycocotools' convention)
    degenerate = [[1, 1, 1, 5], [2, 2, 2, 2]]
    np.testing.assert_array_equal(box_iou(degenerate, degenerate), 0.0)
    assert box_iou([[1, 1, 1, 5]], [[0, 0, 10, 10]])[0, 0] == 0.0
    # formats agree; an empty set gives an empty matrix
    assert box_iou([[1, 2, 3, 4]], [[2, 2, 3, 4]], box_format="xywh")[0, 0] == box_iou(
        [[1, 2, 4, 6]], [[2, 2, 5, 6]])[0, 0]
    assert box_iou([], [[0, 0, 1, 1]]).shape == (0, 1)


@needs_pycocotools
@pytest.mark.parametrize("seed", range(3))
def test_iou_is_bit_identical_to_pycocotools(seed):
    from pycocotools import mask

    rng = np.random.default_rng(seed)
    d = np.concatenate([rng.uniform(0, 30, (25, 2)), rng.uniform(0, 20, (25, 2))], axis=1)
    g = np.concatenate([rng.uniform(0, 30, (15, 2)), rng.uniform(0, 20, (15, 2))], axis=1)
    d[:3, 2] = 0.0  # degenerate boxes
    g[:2] = d[:2]
    theirs = np.asarray(mask.iou(d.tolist(), g.tolist(), [0] * 15))
    np.testing.assert_array_equal(box_iou(d, g, box_format="xywh"), np.minimum(theirs, 1.0))
    # crowd IoU (|d ∩ g| / |d|) through the matcher: a detection inside a crowd region is ignored
    m = match_detections([[2, 2, 3, 3]], [0.5], [[0, 0, 100, 100]], iou_threshold=0.9, gt_crowd=[True],
                         box_format="xywh")
    assert m.ignored.tolist() == [True] and m.gt_index.tolist() == [0]


# ---------------------------------------------------------------- matching (no library needed)

def test_match_detections_worked_example():
    m = match_detections(
        [[0, 0, 10, 10], [0, 0, 10, 10], [50, 50, 60, 60], [100, 100, 110, 110]], [0.8, 0.9, 0.7, 0.6],
        [[0, 0, 10, 10], [40, 40, 80, 80]], iou_threshold=0.5, gt_crowd=[False, True],
    )
    # the 0.9 detection is visited first and takes the box; the 0.8 duplicate is a false positive
    assert m.tp.tolist() == [False, True, False, False]
    assert m.fp.tolist() == [True, False, False, True]
    assert m.ignored.tolist() == [False, False, True, False]
    assert m.gt_index.tolist() == [-1, 0, 1, -1]
    empty = match_detections([], [], [[0, 0, 1, 1]], iou_threshold=0.5)
    assert empty.tp.shape == (0,)
    none = match_detections([[0, 0, 1, 1]], [0.3], [], iou_threshold=0.5)
    assert none.fp.tolist() == [True]


def test_regular_ground_truth_preferred_over_crowd():
    # IoU 1 with the crowd region, 0.6 with a regular box: the regular box wins
    m = match_detections([[0, 0, 10, 10]], [0.5], [[0, 0, 100, 100], [0, 0, 10, 6]], iou_threshold=0.5,
                         gt_crowd=[True, False])
    assert m.tp.tolist() == [True] and m.gt_index.tolist() == [1]


# ---------------------------------------------------------------- refusals

BOX = [[0, 0, 10, 10]]


@pytest.mark.parametrize(("case", "call", "argument"), [
    ("boxes1 not (n, 4)", lambda: box_iou([[0, 0, 1]], BOX), "boxes1"),
    ("boxes2 1-D", lambda: box_iou(BOX, [0, 0, 1, 1]), "boxes2"),
    ("NaN coordinate", lambda: box_iou([[0, math.nan, 1, 1]], BOX), "boxes1"),
    ("inf coordinate", lambda: box_iou(BOX, [[0, 0, math.inf, 1]]), "boxes2"),
    ("x2 < x1", lambda: box_iou([[5, 0, 1, 1]], BOX), "boxes1"),
    ("negative width xywh", lambda: box_iou(BOX, [[0, 0, -1, 1]], box_format="xywh"), "boxes2"),
    ("unknown format", lambda: box_iou(BOX, BOX, box_format="cxcywh"), "box_format"),
    ("string boxes", lambda: box_iou([["a", "b", "c", "d"]], BOX), "boxes1"),
    ("scores length", lambda: match_detections(BOX, [0.1, 0.2], BOX, iou_threshold=0.5), "det_scores"),
    ("NaN score", lambda: match_detections(BOX, [math.nan], BOX, iou_threshold=0.5), "det_scores"),
    ("threshold > 1", lambda: match_detections(BOX, [0.1], BOX, iou_threshold=1.5), "iou_threshold"),
    ("threshold missing value", lambda: match_detections(BOX, [0.1], BOX, iou_threshold=None), "iou_threshold"),
    ("crowd length", lambda: match_detections(BOX, [0.1], BOX, iou_threshold=0.5, gt_crowd=[0, 1]), "gt_crowd"),
    ("crowd values", lambda: match_detections(BOX, [0.1], BOX, iou_threshold=0.5, gt_crowd=[2]), "gt_crowd"),
    ("gt boxes negative", lambda: match_detections(BOX, [0.1], [[0, 0, -1, 2]], iou_threshold=0.5,
                                                   box_format="xywh"), "gt_boxes"),
    ("n_gt zero", lambda: average_precision_detection([1], [0.5], 0, interpolation="voc11"), "n_gt"),
    ("n_gt below TPs", lambda: average_precision_detection([1, 1], [0.5, 0.4], 1, interpolation="voc11"), "n_gt"),
    ("n_gt float", lambda: average_precision_detection([1], [0.5], 1.5, interpolation="voc11"), "n_gt"),
    ("interpolation", lambda: average_precision_detection([1], [0.5], 1, interpolation="11_points"),
     "interpolation"),
    ("flags not binary", lambda: average_precision_detection([2], [0.5], 1, interpolation="voc11"), "tp_flags"),
    ("flags length", lambda: average_precision_detection([1, 0], [0.5], 1, interpolation="voc11"), "scores"),
    ("inf score", lambda: average_precision_detection([1], [math.inf], 1, interpolation="voc11"), "scores"),
])
def test_refusals(case, call, argument):
    with pytest.raises(MetricInputError) as info:
        call()
    assert info.value.argument == argument, str(info.value)


def _good():
    return split([image([[0, 0, 5, 5]], [0.5], [1], [[0, 0, 5, 5]], [1]) for _ in range(4)])


def _with(which, index, key, value):
    detections, ground_truths = _good()
    target = detections if which == "d" else ground_truths
    if value is KeyError:
        del target[index][key]
    else:
        target[index][key] = value
    return detections, ground_truths


@pytest.mark.parametrize(("case", "inputs", "kwargs", "argument"), [
    ("image counts differ", lambda: (_good()[0][:3], _good()[1]), {}, "detections"),
    ("no image", lambda: ([], []), {}, "ground_truths"),
    ("not a list", lambda: ({"boxes": BOX}, _good()[1]), {}, "detections"),
    ("entry not a dict", lambda: (_good()[0][:3] + [[1, 2]], _good()[1]), {}, "detections[3]"),
    ("missing scores", lambda: _with("d", 2, "scores", KeyError), {}, "detections[2]"),
    ("boxes shape", lambda: _with("g", 3, "boxes", [[0, 0, 1]]), {}, "ground_truths[3]['boxes']"),
    ("NaN score", lambda: _with("d", 3, "scores", [math.nan]), {}, "detections[3]['scores']"),
    ("negative width", lambda: _with("g", 1, "boxes", [[5, 0, 1, 1]]), {}, "ground_truths[1]['boxes']"),
    ("labels length", lambda: _with("d", 0, "labels", [1, 2]), {}, "detections[0]['labels']"),
    ("iscrowd value", lambda: _with("g", 2, "iscrowd", [3]), {}, "ground_truths[2]['iscrowd']"),
    ("negative area", lambda: _with("g", 2, "areas", [-1.0]), {}, "ground_truths[2]['areas']"),
    ("mixed label types", lambda: _with("g", 1, "labels", ["a"]), {}, "labels"),
    ("max_dets zero", _good, {"max_dets": (0, 10)}, "max_dets"),
    ("max_dets duplicate", _good, {"max_dets": (10, 10)}, "max_dets"),
    ("threshold above 1", _good, {"iou_thresholds": [0.5, 1.2]}, "iou_thresholds"),
    ("thresholds empty", _good, {"iou_thresholds": []}, "iou_thresholds"),
    ("no 'all' range", _good, {"area_ranges": {"small": (0, 1024)}}, "area_ranges"),
    ("range lo > hi", _good, {"area_ranges": {"all": (5, 1)}}, "area_ranges"),
    ("undefined option", _good, {"undefined": "nan"}, "undefined"),
    ("box format", _good, {"box_format": "yxyx"}, "box_format"),
])
def test_coco_map_refusals(case, inputs, kwargs, argument):
    with pytest.raises(MetricInputError) as info:
        coco_map(*inputs(), **kwargs)
    assert info.value.argument == argument, str(info.value)


def test_coco_format_refusals():
    dataset = {"images": [{"id": 1}], "annotations": [], "categories": [{"id": 1}]}
    with pytest.raises(MetricInputError, match="image_id 2"):
        coco_map([{"image_id": 2, "category_id": 1, "bbox": [0, 0, 1, 1], "score": 0.5}], dataset)
    with pytest.raises(MetricInputError) as info:
        coco_map([], dataset, box_format="xyxy")
    assert info.value.argument == "box_format"
    with pytest.raises(MetricInputError) as info:
        coco_map([], {"images": []})
    assert info.value.argument == "ground_truths"
    with pytest.raises(MetricInputError) as info:
        coco_map([{"image_id": 1, "category_id": 1, "bbox": [0, 0, 1], "score": 0.5}], dataset)
    assert "bbox" in info.value.argument
    good = {"image_id": 1, "category_id": 1, "bbox": [0, 0, 1, 1], "score": 0.5}
    with pytest.raises(MetricInputError, match="has no 'score'") as info:
        coco_map([good, {"image_id": 1, "category_id": 1, "bbox": [0, 0, 1, 1]}], dataset)
    assert info.value.argument == "detections[1]"
    with pytest.raises(MetricInputError) as info:
        coco_map([good, {**good, "category_id": [1]}], dataset)
    assert info.value.argument == "detections[1]"
    with pytest.raises(MetricInputError) as info:
        coco_map([good, {**good, "bbox": [0, 0, -1, 1]}], dataset)
    assert info.value.argument == "detections[1]['bbox']"
    with pytest.raises(MetricInputError) as info:
        coco_map([good, {**good, "score": math.nan}], dataset)
    assert info.value.argument == "detections[1]['score']"
    bad_area = {**dataset, "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [0, 0, 1, 1],
                                            "area": -2.0, "iscrowd": 0}]}
    with pytest.raises(MetricInputError) as info:
        coco_map([good], bad_area)
    assert info.value.argument == "ground_truths['annotations'][0]['area']"
