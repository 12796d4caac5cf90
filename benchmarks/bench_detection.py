"""COCO box mAP (the 12-number summary) against pycocotools and faster-coco-eval.

Run: ``.venv/bin/python -m benchmarks.bench_detection [--quick]``.

Input: 5,000 images (``--quick``: 500), 20 detections each over 10 classes,
8 ground-truth boxes per image (2% crowd regions). 70% of the detections are
jittered copies of a ground-truth box (its class 85% of the time), the rest
are anywhere; scores are uniform. COCO's defaults: 10 IoU thresholds, 4 area
ranges, maxDets 1/10/100.

Peers, on the same plain arrays (``reference/pycocotools.py``, ``reference/faster_coco_eval.py``):

* ``end to end``: plain arrays in, 12 numbers out. For the libraries that
  includes building the COCO dataset dict and results list, the ``COCO``
  objects (``createIndex``, ``loadRes``) and ``evaluate/accumulate/summarize``;
* ``eval only``: the libraries' ``COCOeval`` on COCO objects built beforehand
  (their best case: the data already lives in their format);
* ours from COCO dicts: ``coco_map(results, dataset)``, i.e. including the
  conversion of COCO's JSON layout to arrays.

The libraries take seconds per call: each is timed once after a warm-up (the
pycocotools warm-up is skipped at full size: a single call is ~20 s).
The first table checks that every implementation gives the same 12 numbers.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import time

import numpy as np

from benchmarks.timing import best_time, fmt_seconds, print_table
from metrics.detection import COCO_IOU_THRESHOLDS, coco_map

from reference._coco_json import build, coco_dicts

try:
    from reference import pycocotools as ref
except ImportError:  # optional peers: pip install pycocotools faster-coco-eval
    ref = None
try:
    from reference import faster_coco_eval as fce
except ImportError:
    fce = None


def make_inputs(n_images: int, *, n_det: int = 20, n_gt: int = 8, n_classes: int = 10, seed: int = 0):
    rng = np.random.default_rng(seed)
    detections, ground_truths = [], []
    for _ in range(n_images):
        gt = np.concatenate([rng.uniform(0, 600, (n_gt, 2)), rng.uniform(4, 250, (n_gt, 2))], axis=1)
        gt_labels = rng.integers(0, n_classes, n_gt)
        src = rng.integers(0, n_gt, n_det)
        det = gt[src] + rng.normal(0, 0.1, (n_det, 4)) * gt[src][:, [2, 3, 2, 3]]
        det[:, 2:] = np.abs(det[:, 2:])
        anywhere = rng.random(n_det) < 0.3
        det[anywhere, :2] = rng.uniform(0, 600, (int(anywhere.sum()), 2))
        labels = np.where(rng.random(n_det) < 0.85, gt_labels[src], rng.integers(0, n_classes, n_det))
        detections.append({"boxes": det, "scores": rng.random(n_det), "labels": labels})
        ground_truths.append({"boxes": gt, "labels": gt_labels, "iscrowd": rng.random(n_gt) < 0.02})
    return detections, ground_truths


def _once(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _library_eval_only(coco_cls, eval_cls, dataset, results, **eval_kwargs):
    """A callable running COCOeval on COCO objects built once, outside the timing."""
    with contextlib.redirect_stdout(io.StringIO()):
        gt, dt = build(coco_cls, copy.deepcopy(dataset), copy.deepcopy(results))

    def run():
        with contextlib.redirect_stdout(io.StringIO()):
            ev = eval_cls(gt, dt, iouType="bbox", **eval_kwargs)
            ev.params.iouThrs = np.asarray(COCO_IOU_THRESHOLDS)
            ev.evaluate()
            ev.accumulate()
            ev.summarize()
        return ev.stats

    return run


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="500 images instead of 5,000")
    args = parser.parse_args()
    n_images = 500 if args.quick else 5_000
    detections, ground_truths = make_inputs(n_images)
    n_dets = sum(len(d["scores"]) for d in detections)
    title = f"{n_images:,} images x 20 detections x 10 classes ({n_dets:,} detections)"

    ours = coco_map(detections, ground_truths, box_format="xywh")
    t_ours = best_time(lambda: coco_map(detections, ground_truths, box_format="xywh"), repeat=3, min_seconds=0.5)
    rows = [{"implementation": "metric-assay coco_map", "input": "plain arrays", "time": fmt_seconds(t_ours),
             "ours/this": "1.00"}]
    agreement = []
    if ref is None:
        print("pycocotools / faster-coco-eval not installed: timing ours only "
              "(pip install pycocotools faster-coco-eval)")
    else:
        dataset, results, _ = coco_dicts(detections, ground_truths, box_format="xywh")
        t_dicts = best_time(lambda: coco_map(results, dataset), repeat=3, min_seconds=0.5)
        rows.append({"implementation": "metric-assay coco_map", "input": "COCO dicts", "time": fmt_seconds(t_dicts),
                     "ours/this": f"{t_ours / t_dicts:.2f}"})
        peers = [("pycocotools", ref.coco_map, ref.COCO, ref.COCOeval, {})]
        if fce is not None:
            peers.append(("faster-coco-eval", fce.coco_map, fce.COCO, fce.COCOeval_faster,
                          {"print_function": lambda *a, **k: None}))
        for name, full, coco_cls, eval_cls, kwargs in peers:
            slow = name == "pycocotools" and not args.quick
            theirs = full(detections, ground_truths, box_format="xywh", iou_thresholds=COCO_IOU_THRESHOLDS)
            agreement.append({"peer": name, "max |ours - theirs| over the 12 numbers":
                              f"{max(abs(ours[k] - theirs[k]) for k in theirs):.1e}"})
            t_full = (_once if slow else lambda f: best_time(f, repeat=1, min_seconds=0))(
                lambda: full(detections, ground_truths, box_format="xywh", iou_thresholds=COCO_IOU_THRESHOLDS))
            run = _library_eval_only(coco_cls, eval_cls, dataset, results, **kwargs)
            t_eval = (_once if slow else lambda f: best_time(f, repeat=1, min_seconds=0))(run)
            rows.append({"implementation": name, "input": "end to end", "time": fmt_seconds(t_full),
                         "ours/this": f"{t_ours / t_full:.3f}"})
            rows.append({"implementation": name, "input": "eval only (COCO objects prebuilt)",
                         "time": fmt_seconds(t_eval), "ours/this": f"{t_ours / t_eval:.3f}"})
    if agreement:
        print_table(f"detection: agreement, {title}", agreement,
                    ["peer", "max |ours - theirs| over the 12 numbers"])
    print_table(f"detection: COCO mAP, {title}", rows, ["implementation", "input", "time", "ours/this"])
    print("\nours/this = time of coco_map on plain arrays / time of the row; < 1: ours is faster.")


if __name__ == "__main__":
    main()
