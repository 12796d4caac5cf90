"""Image metrics on 1e6 pixels: ours vs scikit-image and torchmetrics, side by side in one run.

Run: ``.venv/bin/python -m benchmarks.bench_image [--quick]`` (``--quick``: 256 x 256 instead of 1000 x 1000).

The inputs: a smooth 1000 x 1000 grey image in [0, 1] and a noisy copy (and, for the spectral metrics, the same
with 4 bands, 500 x 500 x 4 = 1e6 values). Each metric is timed as each library computes it under matched
conventions (SSIM: scikit-image's 7x7 uniform window for ours vs skimage, the 11-tap Gaussian with mirrored
borders for ours vs torchmetrics). torchmetrics runs on CPU in float32 with one thread (the audit's setting);
ours and scikit-image in float64. One run, best of 3; ``ours/peer`` below 1 means ours is faster.
"""

from __future__ import annotations

import argparse
import warnings

import numpy as np

from benchmarks.timing import best_time, fmt_seconds, print_table
import metrics as M


def images(side: int, bands: int | None = None, seed: int = 0):
    rng = np.random.default_rng(seed)
    shape = (side, side) if bands is None else (side, side, bands)
    y, x = np.mgrid[0:side, 0:side] / side
    base = 0.5 + 0.3 * np.sin(6 * x) * np.cos(4 * y)
    true = base if bands is None else base[:, :, None] * (1 + 0.1 * np.arange(bands))
    true = np.clip(true + 0.05 * rng.standard_normal(shape), 0.01, 1.0)
    test = np.clip(true + 0.05 * rng.standard_normal(shape), 0.01, 1.0)
    return true, test


def _peers():
    try:
        from skimage import metrics as sk
    except ImportError:
        sk = None
        print("scikit-image not installed: its columns are skipped")
    try:
        import torch
        from torchmetrics.functional import image as tm

        torch.set_num_threads(1)
    except ImportError:
        torch = tm = None
        print("torchmetrics not installed: its columns are skipped")
    return sk, torch, tm


def rows(side: int):
    sk, torch, tm = _peers()
    a, b = images(side)
    sa, sb = images(side // 2, bands=4)
    batch = (lambda z: torch.from_numpy(np.ascontiguousarray(z, dtype=np.float32))[None, None]) if torch else None
    bands = (lambda z: torch.from_numpy(np.ascontiguousarray(np.moveaxis(z, -1, 0), dtype=np.float32))[None]) \
        if torch else None
    cases = [
        ("PSNR", lambda: M.peak_signal_noise_ratio(a, b, data_range=1.0),
         sk and (lambda: sk.peak_signal_noise_ratio(a, b, data_range=1.0)),
         tm and (lambda: tm.peak_signal_noise_ratio(batch(b), batch(a), data_range=1.0))),
        ("SSIM skimage convention", lambda: M.structural_similarity(a, b, data_range=1.0),
         sk and (lambda: sk.structural_similarity(a, b, data_range=1.0)), None),
        ("SSIM torchmetrics convention", lambda: M.structural_similarity(a, b, data_range=1.0, convention="torchmetrics"),
         None, tm and (lambda: tm.structural_similarity_index_measure(batch(b), batch(a), data_range=1.0))),
        ("UIQI (11-tap Gaussian)", lambda: M.universal_image_quality_index(a, b, kernel_size=11, sigma=1.5), None,
         tm and (lambda: tm.universal_image_quality_index(batch(b), batch(a)))),
        ("total variation", lambda: M.total_variation(a), None, tm and (lambda: tm.total_variation(batch(a)))),
        ("image gradients", lambda: M.image_gradients(a), None, tm and (lambda: tm.image_gradients(batch(a)))),
        ("ERGAS (4 bands)", lambda: M.error_relative_global_dimensionless_synthesis(sa, sb), None,
         tm and (lambda: tm.error_relative_global_dimensionless_synthesis(bands(sb), bands(sa)))),
        ("SAM (4 bands)", lambda: M.spectral_angle_mapper(sa, sb), None,
         tm and (lambda: tm.spectral_angle_mapper(bands(sb), bands(sa)))),
        ("RASE (4 bands)", lambda: M.relative_average_spectral_error(sa, sb), None,
         tm and (lambda: tm.relative_average_spectral_error(bands(sb), bands(sa)))),
        ("RMSE-SW", lambda: M.root_mean_squared_error_using_sliding_window(a, b), None,
         tm and (lambda: tm.root_mean_squared_error_using_sliding_window(batch(b), batch(a)))),
        ("MS-SSIM (5 scales)", lambda: M.multiscale_structural_similarity(a, b, data_range=1.0), None,
         tm and (lambda: tm.multiscale_structural_similarity_index_measure(batch(b), batch(a), data_range=1.0))),
    ]
    out = []
    for label, ours, skimage_call, tm_call in cases:
        t_ours = best_time(ours, repeat=3, min_seconds=0)
        row = {"metric": label, "ours": fmt_seconds(t_ours)}
        for name, call in (("skimage", skimage_call), ("torchmetrics", tm_call)):
            if call:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    t_peer = best_time(call, repeat=3, min_seconds=0)
                row[name] = fmt_seconds(t_peer)
                row[f"ours/{name}"] = f"{t_ours / t_peer:.2f}"
        out.append(row)
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="256 x 256 pixels instead of 1000 x 1000")
    args = parser.parse_args(argv)
    side = 256 if args.quick else 1000
    print_table(f"image metrics, {side} x {side} pixels (spectral: {side // 2} x {side // 2} x 4)", rows(side),
                ["metric", "ours", "skimage", "ours/skimage", "torchmetrics", "ours/torchmetrics"])


if __name__ == "__main__":
    main()
