"""Deliberately wrong image metrics: each a slip seen in image-quality code.

PSNR in nats, with R unsquared, the dtype rule always the full range, the (low, high) range without the
clip, a reduction ignored, a finite value for identical images; SSIM with the wrong covariance, without
the crop, with C1 unsquared, the wrong border for its map, one channel only; MS-SSIM with the wrong
last term; UIQI scoring flat windows 0 (torchmetrics' eps); TV squared or one-directional; gradients
placed backwards; ERGAS with the ratio multiplied; SAM in degrees or in float32 arccos; RASE and the
sliding-window RMSE with torchmetrics' crop and its window_size^2.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from metrics import image as real
from tests.mutants import Mutant

from .generative import _swallowed


def _ids(law, *metrics):
    return tuple(f"image.{law}[{m}]" for m in metrics)


def _wrap(fn, spoil):
    @functools.wraps(fn)
    def mutant(*args, **kwargs):
        return spoil(*args, **kwargs)

    return mutant


# ---------------------------------------------------------------- PSNR

_PSNR = "peak_signal_noise_ratio"


def _psnr(image_true, image_test, *, data_range, base=10.0, dim=None, reduction="elementwise_mean", slip=""):
    value = real.peak_signal_noise_ratio(image_true, image_test, data_range=data_range, base=base, dim=dim,
                                         reduction=reduction)  # the refusals
    t, p = np.asarray(image_true, dtype=float), np.asarray(image_test, dtype=float)
    if slip == "natural_log":
        return np.asarray(value) * math.log(base)
    if slip == "range_unsquared":
        r = _range(image_true, data_range)
        return np.asarray(value) - 10.0 * math.log(r) / math.log(base)
    if slip == "dtype_full_range" and data_range == "dtype" and np.asarray(image_true).dtype.kind == "f":
        return np.asarray(value) + 20.0 * math.log10(2.0) * (t.min() >= 0)
    if slip == "unclipped" and isinstance(data_range, tuple):
        mse = np.mean((t - p) ** 2)
        r = data_range[1] - data_range[0]
        return math.inf if mse == 0 else 10 * math.log10(r * r / mse)
    if slip == "sum_as_mean" and reduction == "sum":
        return real.peak_signal_noise_ratio(image_true, image_test, data_range=data_range, base=base, dim=dim)
    if slip == "finite_at_identity":
        mse = np.mean((t - p) ** 2) + 1e-10
        return 10 * math.log(_range(image_true, data_range) ** 2 / mse) / math.log(base)
    if slip == "peak_of_the_data":
        mse = np.mean((t - p) ** 2)
        return math.inf if mse == 0 else 10 * math.log(float(np.abs(t).max()) ** 2 / mse) / math.log(base)
    if slip == "relative_to_true":
        return np.asarray(value) + 10 * math.log10(1.0 + float(np.mean(t * t)))
    return value


def _range(image_true, data_range):
    if isinstance(data_range, tuple):
        return data_range[1] - data_range[0]
    if data_range == "data":
        return float(np.ptp(image_true))
    if data_range == "dtype":
        a = np.asarray(image_true)
        if a.dtype.kind == "u":
            return float(np.iinfo(a.dtype).max)
        return 1.0 if a.min() >= 0 else 2.0
    return float(data_range)


def _psnr_mutant(slip):
    return functools.partial(_psnr, slip=slip)


PSNR_MUTANTS = [
    Mutant("psnr_natural_log", {_PSNR: _psnr_mutant("natural_log")},
           _ids("definition", _PSNR) + _ids("mse_relation", _PSNR) + _ids("invariances", _PSNR)
           + _ids("data_range_rules", _PSNR) + _ids("dim_and_reduction", _PSNR)),
    Mutant("psnr_range_unsquared", {_PSNR: _psnr_mutant("range_unsquared")}, _ids("definition", _PSNR)),
    Mutant("psnr_dtype_full_range_for_floats", {_PSNR: _psnr_mutant("dtype_full_range")},
           _ids("data_range_rules", _PSNR)),
    Mutant("psnr_range_pair_not_clipped", {_PSNR: _psnr_mutant("unclipped")}, _ids("data_range_rules", _PSNR)),
    Mutant("psnr_sum_reduction_ignored", {_PSNR: _psnr_mutant("sum_as_mean")}, _ids("dim_and_reduction", _PSNR)),
    Mutant("psnr_finite_for_identical_images", {_PSNR: _psnr_mutant("finite_at_identity")},
           _ids("identity", _PSNR)),
    Mutant("psnr_peak_of_the_data", {_PSNR: _psnr_mutant("peak_of_the_data")}, _ids("invariances", _PSNR)),
    Mutant("psnr_relative_to_the_reference", {_PSNR: _psnr_mutant("relative_to_true")}, _ids("symmetry", _PSNR)),
    Mutant("psnr_bad_input_scored", {_PSNR: _swallowed(real.peak_signal_noise_ratio, 30.0)},
           _ids("refuses_bad_input", _PSNR)),
]


# ---------------------------------------------------------------- SSIM

_SSIM, _MAP, _MS = "structural_similarity", "structural_similarity_map", "multiscale_structural_similarity"


def _ssim(image_true, image_test, *, slip="", full=False, **kw):
    fn = real.structural_similarity_map if full else real.structural_similarity
    value = fn(image_true, image_test, **kw)  # the refusals
    skimage = kw.get("convention", "skimage") == "skimage"
    if slip == "population_covariance" and skimage and kw.get("use_sample_covariance") is None:
        return fn(image_true, image_test, **{**kw, "use_sample_covariance": False})
    if slip == "no_crop" and skimage and not full:
        return float(np.mean(real.structural_similarity_map(image_true, image_test, **kw)))
    if slip == "c1_unsquared":
        # C1 = K1 R: the same map with K1 = sqrt(K1 / R)
        r = 1.0 if not isinstance(kw.get("data_range"), (int, float)) else float(kw["data_range"])
        return fn(image_true, image_test, **{**kw, "K1": math.sqrt(kw.get("K1", 0.01) / r)})
    if slip == "first_row_copied" and np.ndim(image_true) == 2:
        t, p = np.array(image_true, dtype=float), np.array(image_test, dtype=float)
        t[0], p[0] = t[1], p[1]
        return fn(t, p, **kw)
    if slip == "asymmetric" and not full:
        return float(value) * (1.0 + 0.1 * float(np.mean(np.asarray(image_true, dtype=float) ** 2)))
    if slip == "dtype_range_one" and kw.get("data_range") == "dtype":
        return fn(image_true, image_test, **{**kw, "data_range": 1.0})
    if slip == "first_channel_only" and kw.get("channel_axis") is not None:
        axis = kw["channel_axis"]
        first = (np.take(image_true, 0, axis=axis), np.take(image_test, 0, axis=axis))
        return fn(*first, **{k: v for k, v in kw.items() if k != "channel_axis"})
    if slip == "map_mirrored" and full and skimage:
        return real.structural_similarity_map(image_true, image_test,
                                              **{**kw, "convention": "torchmetrics",
                                                 "gaussian_weights": bool(kw.get("gaussian_weights")),
                                                 "win_size": None if kw.get("gaussian_weights") else
                                                 kw.get("win_size") or 7,
                                                 "use_sample_covariance": kw.get("use_sample_covariance") is not False})
    return value


def _ssim_mutant(slip, full=False):
    return functools.partial(_ssim, slip=slip, full=full)


SSIM_MUTANTS = [
    Mutant("ssim_population_covariance_in_skimage", {_SSIM: _ssim_mutant("population_covariance"),
                                                     _MAP: _ssim_mutant("population_covariance", True)},
           _ids("definition", _SSIM) + _ids("definition", _MAP)),
    Mutant("ssim_mean_over_the_whole_map", {_SSIM: _ssim_mutant("no_crop")},
           _ids("definition", _SSIM) + _ids("map_mean", _MAP)),
    Mutant("ssim_c1_unsquared", {_SSIM: _ssim_mutant("c1_unsquared")},
           _ids("definition", _SSIM) + _ids("bounds_and_identity", _SSIM) + _ids("invariances", _SSIM)),
    Mutant("ssim_first_row_copied", {_SSIM: _ssim_mutant("first_row_copied")},
           _ids("definition", _SSIM) + _ids("invariances", _SSIM)),
    Mutant("ssim_weighted_by_the_reference", {_SSIM: _ssim_mutant("asymmetric")}, _ids("symmetry", _SSIM)),
    Mutant("ssim_dtype_range_one", {_SSIM: _ssim_mutant("dtype_range_one")}, _ids("data_range_rules", _SSIM)),
    Mutant("ssim_first_channel_only", {_SSIM: _ssim_mutant("first_channel_only")}, _ids("channels", _SSIM)),
    Mutant("ssim_map_mirrored_in_skimage", {_MAP: _ssim_mutant("map_mirrored", True)}, _ids("definition", _MAP)),
    Mutant("ssim_bad_input_scored", {_SSIM: _swallowed(real.structural_similarity, 0.5)},
           _ids("refuses_bad_input", _SSIM)),
]


def _ms(image_true, image_test, *, slip="", **kw):
    value = real.multiscale_structural_similarity(image_true, image_test, **kw)
    betas = tuple(kw.get("betas", real.MS_SSIM_BETAS))
    if slip == "betas_reversed" and len(betas) > 1:
        return real.multiscale_structural_similarity(image_true, image_test, **{**kw, "betas": betas[::-1]})
    if slip == "below_one":
        return value * 0.99
    return value


def ms_ssim_last_scale_cropped(image_true, image_test, *, data_range, betas=real.MS_SSIM_BETAS,
                               gaussian_weights=True, win_size=None, sigma=1.5, K1=0.01, K2=0.03, normalize="relu",
                               channel_axis=None):
    """MS-SSIM whose last-scale SSIM is the mean over the windows inside the image (scikit-image's mean),
    not over every mirrored pixel."""
    real.multiscale_structural_similarity(image_true, image_test, data_range=data_range, betas=betas,
                                          gaussian_weights=gaussian_weights, win_size=win_size, sigma=sigma, K1=K1,
                                          K2=K2, normalize=normalize, channel_axis=channel_axis)  # the refusals
    x, y, _ = real._images(image_true, image_test, channel_axis)
    setting = real._ssim_setting("torchmetrics", win_size, gaussian_weights, sigma, False)
    c1, c2 = (K1 * data_range) ** 2, (K2 * data_range) ** 2
    pad = setting.size // 2
    value = 1.0
    for j, beta in enumerate(betas):
        ssim, cs = real._ssim_terms(x, y, setting, c1, c2)
        term = (ssim if j == len(betas) - 1 else cs)[pad:ssim.shape[0] - pad, pad:ssim.shape[1] - pad]
        value *= max(float(np.mean(term)), 0.0) ** beta
        x, y = real._pooled(x), real._pooled(y)
    return value


MS_MUTANTS = [
    Mutant("ms_ssim_betas_reversed", {_MS: functools.partial(_ms, slip="betas_reversed")}, _ids("definition", _MS)),
    Mutant("ms_ssim_last_scale_cropped", {_MS: ms_ssim_last_scale_cropped},
           _ids("one_scale_is_ssim", _MS) + _ids("definition", _MS)),
    Mutant("ms_ssim_below_one", {_MS: functools.partial(_ms, slip="below_one")},
           _ids("bounds_and_identity", _MS) + _ids("definition", _MS)),
    Mutant("ms_ssim_bad_input_scored", {_MS: _swallowed(real.multiscale_structural_similarity, 0.5)},
           _ids("refuses_bad_input", _MS)),
]


# ---------------------------------------------------------------- UIQI and D_lambda

_UIQI, _DL = "universal_image_quality_index", "spectral_distortion_index"


def uiqi_flat_windows_zero(image_true, image_test, *, kernel_size=8, sigma=None, channel_axis=None):
    """torchmetrics' UQI: 4 s_xy mu_x mu_y / (denominator + eps), so a flat window scores 0."""
    real.universal_image_quality_index(image_true, image_test, kernel_size=kernel_size, sigma=sigma,
                                       channel_axis=channel_axis)
    x, y, _ = real._images(image_true, image_test, channel_axis)
    weights = None if sigma is None else real.gaussian_window(kernel_size, sigma)
    f = lambda a: real._inside(real._window_filter(a, weights, kernel_size, "reflect"), kernel_size)  # noqa: E731
    ux, uy = f(x), f(y)
    vx, vy, vxy = f(x * x) - ux * ux, f(y * y) - uy * uy, f(x * y) - ux * uy
    q = 4 * vxy * ux * uy / ((vx + vy) * (ux * ux + uy * uy) + np.finfo(np.float32).eps)
    return float(q.mean())


def _uiqi(image_true, image_test, *, slip="", **kw):
    value = real.universal_image_quality_index(image_true, image_test, **kw)
    if slip == "sigma_ignored" and kw.get("sigma") is not None:
        return real.universal_image_quality_index(image_true, image_test, kernel_size=kw["kernel_size"])
    if slip == "asymmetric":
        return value - 0.05 * float(np.mean(np.asarray(image_true, dtype=float)))
    return value


def _dl(image_ms, image_fused, *, slip="", p=1, **kw):
    value = real.spectral_distortion_index(image_ms, image_fused, p=p, **kw)
    if slip == "p_ignored":
        return real.spectral_distortion_index(image_ms, image_fused, **kw)
    if slip == "offset":
        return value + 0.01
    return value


UIQI_MUTANTS = [
    Mutant("uiqi_flat_windows_score_zero", {_UIQI: uiqi_flat_windows_zero},
           _ids("bounds_and_identity", _UIQI) + _ids("definition", _UIQI)),
    Mutant("uiqi_gaussian_window_ignored", {_UIQI: functools.partial(_uiqi, slip="sigma_ignored")},
           _ids("definition", _UIQI)),
    Mutant("uiqi_weighted_by_the_reference", {_UIQI: functools.partial(_uiqi, slip="asymmetric")},
           _ids("bounds_and_identity", _UIQI)),
    Mutant("uiqi_bad_input_scored", {_UIQI: _swallowed(real.universal_image_quality_index, 0.5)},
           _ids("refuses_bad_input", _UIQI)),
    Mutant("d_lambda_p_ignored", {_DL: functools.partial(_dl, slip="p_ignored")}, _ids("definition", _DL)),
    Mutant("d_lambda_offset", {_DL: functools.partial(_dl, slip="offset")},
           _ids("bounds_and_identity", _DL) + _ids("definition", _DL)),
    Mutant("d_lambda_bad_input_scored", {_DL: _swallowed(real.spectral_distortion_index, 0.1)},
           _ids("refuses_bad_input", _DL)),
]


# ---------------------------------------------------------------- total variation and gradients

_TV, _GRAD = "total_variation", "image_gradients"


def _tv(image, *, channel_axis=None, slip=""):
    value = real.total_variation(image, channel_axis=channel_axis)
    x = np.asarray(image, dtype=float)
    if slip == "squared":
        dy, dx = real.image_gradients(image, channel_axis=channel_axis)
        return float((dy ** 2).sum() + (dx ** 2).sum())
    if slip == "vertical_only":
        return float(np.abs(np.diff(x, axis=0)).sum()) if channel_axis is None else value
    if slip == "wraps_around":
        return value + float(np.abs(x[0] - x[-1]).sum()) if channel_axis is None else value
    return value


def _grad(image, *, channel_axis=None, slip=""):
    dy, dx = real.image_gradients(image, channel_axis=channel_axis)
    if slip == "swapped":
        return real.ImageGradients(dx, dy)
    if slip == "halved":
        return real.ImageGradients(dy / 2, dx / 2)
    return real.ImageGradients(dy, dx)


def gradients_backward(image, *, channel_axis=None):
    """The differences stored at the pixel they end on: 0 on the first row and column."""
    dy, dx = real.image_gradients(image, channel_axis=channel_axis)
    return real.ImageGradients(np.roll(dy, 1, axis=0), np.roll(dx, 1, axis=1))


TV_MUTANTS = [
    Mutant("tv_squared_differences", {_TV: functools.partial(_tv, slip="squared")},
           _ids("definition", _TV) + _ids("invariances", _TV)),
    Mutant("tv_vertical_only", {_TV: functools.partial(_tv, slip="vertical_only")},
           _ids("invariances", _TV) + _ids("definition", _TV)),
    Mutant("tv_wraps_around", {_TV: functools.partial(_tv, slip="wraps_around")}, _ids("definition", _TV)),
    Mutant("tv_bad_input_scored", {_TV: _swallowed(real.total_variation)}, _ids("refuses_bad_input", _TV)),
    Mutant("gradients_stored_backwards", {_GRAD: gradients_backward}, _ids("definition", _GRAD)),
    Mutant("gradients_swapped", {_GRAD: functools.partial(_grad, slip="swapped")},
           _ids("total_variation_relation", _GRAD) + _ids("definition", _GRAD)),
    Mutant("gradients_halved", {_GRAD: functools.partial(_grad, slip="halved")},
           _ids("total_variation_relation", _GRAD) + _ids("definition", _GRAD)),
    Mutant("gradients_bad_input_scored", {_GRAD: _swallowed(real.image_gradients, (np.zeros((1, 1)),) * 2)},
           _ids("refuses_bad_input", _GRAD)),
]


# ---------------------------------------------------------------- spectral metrics

_ERGAS, _SAM = "error_relative_global_dimensionless_synthesis", "spectral_angle_mapper"
_RASE, _RMSE_SW = "relative_average_spectral_error", "root_mean_squared_error_using_sliding_window"


def _ergas(image_true, image_test, *, ratio=4.0, channel_axis=-1, slip=""):
    value = real.error_relative_global_dimensionless_synthesis(image_true, image_test, ratio=ratio,
                                                               channel_axis=channel_axis)
    if slip == "ratio_multiplied":
        return value * ratio * ratio / 16.0 if ratio != 4.0 else value * 1.5
    if slip == "offset_mean":
        x, y = np.asarray(image_true, float), np.asarray(image_test, float)
        rmse = np.sqrt(np.mean((x - y) ** 2, axis=(0, 1)))
        return float(100 / ratio * np.sqrt(np.mean((rmse / (x.mean(axis=(0, 1)) + 1.0)) ** 2)))
    if slip == "offset":
        return value + 0.5
    return value


def _sam(image_true, image_test, *, channel_axis=-1, slip=""):
    value = real.spectral_angle_mapper(image_true, image_test, channel_axis=channel_axis)
    x, y = np.asarray(image_true, float), np.asarray(image_test, float)
    if slip == "degrees":
        return math.degrees(value)
    if slip == "unnormalised":
        return float(np.mean(np.arccos(np.clip((x * y).sum(axis=2) / (y * y).sum(axis=2), -1, 1))))
    if slip == "float32_arccos":
        x32, y32 = x.astype(np.float32), y.astype(np.float32)
        cos = (x32 * y32).sum(axis=2) / (np.linalg.norm(x32, axis=2) * np.linalg.norm(y32, axis=2))
        return float(np.mean(np.arccos(np.clip(cos, -1, 1))))
    if slip == "weighted_by_the_reference":
        return value * (1.0 + 0.1 * float(x.mean()))
    return value


def _windowed(name, image_true, image_test, *, window_size=8, channel_axis=None, slip=""):
    fn = getattr(real, name)
    value = fn(image_true, image_test, window_size=window_size, channel_axis=channel_axis)
    x, y = np.asarray(image_true, float), np.asarray(image_test, float)
    if x.ndim == 2:
        x, y = x[:, :, None], y[:, :, None]
    err = real._window_filter((x - y) ** 2, None, window_size, "reflect")
    crop = round(window_size / 2)
    if slip == "torchmetrics_crop":
        inner = lambda a: a[crop:a.shape[0] - crop, crop:a.shape[1] - crop]  # noqa: E731
        if name == _RMSE_SW:
            return float(np.mean(np.sqrt(inner(err))))
        mean = real._window_filter(x, None, window_size, "reflect").mean(axis=2)
        return float(np.mean(inner(100 / mean * np.sqrt(err.mean(axis=2)))))
    if slip == "window_size_squared" and name == _RASE:
        return value * window_size * window_size
    if slip == "no_sqrt" and name == _RMSE_SW:
        return float(np.mean(real._inside(err, window_size)))
    if slip == "offset":
        return value + 0.5
    if slip == "mean_plus_one" and name == _RASE:
        mean = real._inside(real._window_filter(x, None, window_size, "reflect"), window_size).mean(axis=2) + 1
        return float(np.mean(100 / mean * np.sqrt(real._inside(err, window_size).mean(axis=2))))
    if slip == "weighted_by_the_reference" and name == _RMSE_SW:
        return value * (1.0 + 0.1 * float(x.mean()))
    return value


def _rase(image_true, image_test, *, window_size=8, channel_axis=-1, slip=""):
    return _windowed(_RASE, image_true, image_test, window_size=window_size, channel_axis=channel_axis, slip=slip)


def _rmse_sw(image_true, image_test, *, window_size=8, channel_axis=None, slip=""):
    return _windowed(_RMSE_SW, image_true, image_test, window_size=window_size, channel_axis=channel_axis, slip=slip)


SPECTRAL_MUTANTS = [
    Mutant("ergas_ratio_multiplied", {_ERGAS: functools.partial(_ergas, slip="ratio_multiplied")},
           _ids("ratio_scaling", _ERGAS) + _ids("definition", _ERGAS)),
    Mutant("ergas_means_plus_one", {_ERGAS: functools.partial(_ergas, slip="offset_mean")},
           _ids("scale_invariance", _ERGAS) + _ids("definition", _ERGAS)),
    Mutant("ergas_offset", {_ERGAS: functools.partial(_ergas, slip="offset")},
           _ids("bounds_and_identity", _ERGAS) + _ids("definition", _ERGAS)),
    Mutant("ergas_bad_input_scored", {_ERGAS: _swallowed(real.error_relative_global_dimensionless_synthesis)},
           _ids("refuses_bad_input", _ERGAS)),
    Mutant("sam_in_degrees", {_SAM: functools.partial(_sam, slip="degrees")},
           _ids("definition", _SAM) + _ids("bounds_and_identity", _SAM)),
    Mutant("sam_unnormalised", {_SAM: functools.partial(_sam, slip="unnormalised")},
           _ids("scale_invariance", _SAM) + _ids("definition", _SAM)),
    Mutant("sam_float32_arccos", {_SAM: functools.partial(_sam, slip="float32_arccos")},
           _ids("bounds_and_identity", _SAM) + _ids("scale_invariance", _SAM)),
    Mutant("sam_weighted_by_the_reference", {_SAM: functools.partial(_sam, slip="weighted_by_the_reference")},
           _ids("bounds_and_identity", _SAM)),
    Mutant("sam_bad_input_scored", {_SAM: _swallowed(real.spectral_angle_mapper)}, _ids("refuses_bad_input", _SAM)),
    Mutant("rase_torchmetrics_crop", {_RASE: functools.partial(_rase, slip="torchmetrics_crop")},
           _ids("definition", _RASE)),
    Mutant("rase_window_size_squared", {_RASE: functools.partial(_rase, slip="window_size_squared")},
           _ids("definition", _RASE)),
    Mutant("rase_offset", {_RASE: functools.partial(_rase, slip="offset")}, _ids("bounds_and_identity", _RASE)),
    Mutant("rase_means_plus_one", {_RASE: functools.partial(_rase, slip="mean_plus_one")},
           _ids("scale_invariance", _RASE) + _ids("definition", _RASE)),
    Mutant("rase_bad_input_scored", {_RASE: _swallowed(real.relative_average_spectral_error)},
           _ids("refuses_bad_input", _RASE)),
    Mutant("rmse_sw_torchmetrics_crop", {_RMSE_SW: functools.partial(_rmse_sw, slip="torchmetrics_crop")},
           _ids("definition", _RMSE_SW)),
    Mutant("rmse_sw_without_the_root", {_RMSE_SW: functools.partial(_rmse_sw, slip="no_sqrt")},
           _ids("definition", _RMSE_SW) + _ids("whole_image_window", _RMSE_SW)),
    Mutant("rmse_sw_offset", {_RMSE_SW: functools.partial(_rmse_sw, slip="offset")},
           _ids("bounds_and_identity", _RMSE_SW)),
    Mutant("rmse_sw_weighted_by_the_reference",
           {_RMSE_SW: functools.partial(_rmse_sw, slip="weighted_by_the_reference")},
           _ids("bounds_and_identity", _RMSE_SW)),
    Mutant("rmse_sw_bad_input_scored", {_RMSE_SW: _swallowed(real.root_mean_squared_error_using_sliding_window)},
           _ids("refuses_bad_input", _RMSE_SW)),
]

MUTANTS = PSNR_MUTANTS + SSIM_MUTANTS + MS_MUTANTS + UIQI_MUTANTS + TV_MUTANTS + SPECTRAL_MUTANTS
