"""Image metrics: full-reference quality of one image against another, and statistics of one image.

An image is a 2-D array ``(H, W)``, or with ``channel_axis`` a 3-D array with its channels (colours,
spectral bands) along that axis; the spectral metrics (ERGAS, SAM, RASE, D_lambda) take channels
last by default (``channel_axis=-1``, scikit-image's layout). Every window statistic is computed on
the two spatial axes only, one channel at a time. Integer, boolean and float images are read as
float64; NaN and infinite values are refused.

Two libraries define the conventions in use, and both are offered by name where they differ:

* PSNR's ``data_range`` (the peak-to-peak range of the signal) is a number, a ``(low, high)`` pair
  that also clips both images to it (torchmetrics), ``"dtype"`` (scikit-image: inferred from the
  reference image's dtype) or ``"data"`` (the reference image's own max - min: torchmetrics' default
  before 1.8, which made data_range required);
* SSIM: ``convention="skimage"`` (a 7x7 uniform window, the sample covariance, the mean over the
  windows that fit inside the image) or ``"torchmetrics"`` (an 11-tap Gaussian window of sigma 1.5,
  the population covariance, every pixel's window with the image mirrored past its border).

Window filters are separable correlations along the two spatial axes (``scipy.ndimage``), so every
metric here is a handful of vectorised passes over the image.
"""

from __future__ import annotations

import math
import numbers
from typing import NamedTuple

import numpy as np

from ._validation import _as_array, check_choice, check_int_at_least, check_positive
from .errors import MetricInputError

__all__ = [
    "peak_signal_noise_ratio",
    "structural_similarity",
    "structural_similarity_map",
    "multiscale_structural_similarity",
    "universal_image_quality_index",
    "total_variation",
    "image_gradients",
    "error_relative_global_dimensionless_synthesis",
    "spectral_angle_mapper",
    "relative_average_spectral_error",
    "root_mean_squared_error_using_sliding_window",
    "spectral_distortion_index",
]

SSIM_CONVENTIONS = ("skimage", "torchmetrics")
PSNR_REDUCTIONS = ("elementwise_mean", "sum", "none")
MS_SSIM_NORMALIZE = ("relu", "none")
#: Wang, Simoncelli & Bovik (2003), Table 1: the exponents of the five scales
MS_SSIM_BETAS = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333)
#: the Gaussian window's radius is int(GAUSSIAN_TRUNCATE * sigma + 0.5): 11 taps for sigma 1.5 (Wang et al.)
GAUSSIAN_TRUNCATE = 3.5

CONVENTIONS = {
    "image.layout": "an image is (H, W), or 3-D with channel_axis naming its channel axis; the spectral metrics "
                    "take channels last by default; window statistics on the two spatial axes only",
    "image.data_range": "a number; (low, high): both images clipped to it, range high - low (torchmetrics); "
                        "'dtype': scikit-image's inference from image_true's dtype; 'data': from the data "
                        "(PSNR: image_true's max - min; SSIM: the larger range of the two images)",
    "image.psnr": "10 log_base(R^2 / MSE); identical images -> +inf",
    "image.ssim": "convention='skimage': 7x7 uniform window, sample covariance, mean over the windows inside the "
                  "image; convention='torchmetrics': 11-tap Gaussian (sigma 1.5), population covariance, variances "
                  "clipped at 0, every pixel with the image mirrored past its border; K1 = 0.01, K2 = 0.03",
    "image.uiqi": "the windows inside the image; a window with zero contrast term uses the luminance term alone, "
                  "and with zero luminance term too, 1 (Wang's img_qi.m)",
    "image.sliding_windows": "RMSE-SW and RASE average over the windows that lie inside the image",
}


# ------------------------------------------------------------------ input checks


def _image(values, name: str) -> np.ndarray:
    """A non-empty real array of finite values, in its own dtype."""
    arr = _as_array(values, name)
    if arr.dtype.kind not in "biuf":
        raise MetricInputError(name, f"expected real pixel values, got dtype {arr.dtype}")
    if arr.size == 0:
        raise MetricInputError(name, f"is empty (shape {arr.shape})")
    if arr.dtype.kind == "f" and not np.isfinite(arr).all():
        bad = arr[~np.isfinite(arr)]
        raise MetricInputError(name, "contains NaN" if np.isnan(bad).any() else "contains infinite values")
    return arr


def _same_shape(a: np.ndarray, b: np.ndarray, name_b: str = "image_test", name_a: str = "image_true") -> None:
    if a.shape != b.shape:
        raise MetricInputError(name_b, f"has shape {b.shape} but {name_a} has shape {a.shape}; they must match")


def _pair(image_true, image_test, names=("image_true", "image_test")) -> tuple[np.ndarray, np.ndarray]:
    a, b = _image(image_true, names[0]), _image(image_test, names[1])
    _same_shape(a, b, names[1], names[0])
    return a, b


def _channel_axis(channel_axis, ndim: int, name: str) -> int | None:
    """The channel axis normalised to 0..ndim-1 (None: a single-channel 2-D image)."""
    if channel_axis is None:
        if ndim != 2:
            raise MetricInputError(name, f"expected a 2-D image (H, W), got {ndim} dimensions; give channel_axis "
                                         "for a multichannel image")
        return None
    if isinstance(channel_axis, bool) or not isinstance(channel_axis, numbers.Integral):
        raise MetricInputError("channel_axis", f"expected an integer axis or None, got {channel_axis!r}")
    if ndim != 3:
        raise MetricInputError(name, f"expected a 3-D image (two spatial axes and channel_axis), got {ndim} "
                                     "dimensions")
    if not -3 <= channel_axis <= 2:
        raise MetricInputError("channel_axis", f"must be an axis of a 3-D image (-3..2), got {channel_axis}")
    return int(channel_axis) % 3


def _channels_last(arr: np.ndarray, axis: int | None) -> np.ndarray:
    """The image as float64 (H, W, C): a 2-D image gets one channel."""
    arr = arr.astype(np.float64, copy=False)
    return arr[:, :, None] if axis is None else np.moveaxis(arr, axis, -1)


def _from_channels_last(arr: np.ndarray, axis: int | None) -> np.ndarray:
    return arr[:, :, 0] if axis is None else np.moveaxis(arr, -1, axis)


def _images(image_true, image_test, channel_axis, *, min_channels: int = 1, names=("image_true", "image_test")):
    """(x, y, axis): the two images validated and as float64 (H, W, C)."""
    a, b = _pair(image_true, image_test, names)
    axis = _channel_axis(channel_axis, a.ndim, names[0])
    x, y = _channels_last(a, axis), _channels_last(b, axis)
    if x.shape[2] < min_channels:
        raise MetricInputError(names[0], f"has {x.shape[2]} channel(s) along channel_axis; this metric compares "
                                         f"spectra of at least {min_channels} bands")
    return x, y, axis


def _odd_size(value, name: str) -> int:
    size = check_int_at_least(value, name, 1)
    if size % 2 == 0:
        raise MetricInputError(name, f"must be odd (a window centred on its pixel), got {size}")
    return size


def _check_spatial(x: np.ndarray, size: int, name: str, what: str) -> None:
    h, w = x.shape[:2]
    if h < size or w < size:
        raise MetricInputError(name, f"is {h} x {w}, smaller than the {size} x {size} {what}")


# ------------------------------------------------------------------ the data range


_INTEGER_KINDS = "biu"


def _dtype_limits(dtype: np.dtype) -> tuple[float, float]:
    """scikit-image's ``dtype_range``: a bool image spans [0, 1], an integer image its type's range, a float
    image [-1, 1]."""
    if dtype.kind == "b":
        return 0.0, 1.0
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return float(info.min), float(info.max)
    return -1.0, 1.0


def _range_value(data_range, what: str):
    """data_range checked: a positive number, a (low, high) pair, or one of the named rules."""
    if isinstance(data_range, str):
        check_choice(data_range, "data_range", ("dtype", "data"))
        return data_range
    if isinstance(data_range, (tuple, list)):
        if len(data_range) != 2:
            raise MetricInputError("data_range", f"a (low, high) pair has two values, got {data_range!r}")
        lo, hi = data_range
        for v in (lo, hi):
            if isinstance(v, bool) or not isinstance(v, numbers.Real) or not math.isfinite(v):
                raise MetricInputError("data_range", f"expected finite numbers (low, high), got {data_range!r}")
        if not lo < hi:
            raise MetricInputError("data_range", f"(low, high) needs low < high, got {data_range!r}")
        return float(lo), float(hi)
    if isinstance(data_range, bool) or not isinstance(data_range, numbers.Real):
        raise MetricInputError("data_range", f"expected a positive number, a (low, high) pair, 'dtype' or 'data' "
                                             f"({what}), got {data_range!r}")
    return check_positive(data_range, "data_range")


def _clipped(a: np.ndarray, rule) -> np.ndarray:
    a = a.astype(np.float64, copy=False)
    return np.clip(a, rule[0], rule[1]) if isinstance(rule, tuple) else a


def _positive_range(value: float, what: str) -> float:
    if not value > 0:
        raise MetricInputError("image_true", f"{what} is 0 (a constant image): the data range must be > 0")
    return value


# ------------------------------------------------------------------ PSNR


def _log_mse(diff: np.ndarray, axes) -> np.ndarray:
    """ln(mean(diff^2)) over ``axes``, without overflow: the differences scaled by their largest magnitude first
    (-inf where every difference is 0). Over every element, one dot product first, kept where it neither
    overflows nor underflows."""
    if len(axes) == diff.ndim:
        flat = diff.ravel()
        with np.errstate(over="ignore"):
            total = float(np.einsum("i,i->", flat, flat))
        if 0.0 < total < math.inf:
            return np.float64(math.log(total / flat.size))
        if total == 0.0 and not flat.any():
            return np.float64(-math.inf)
    scale = np.max(np.abs(diff), axis=axes, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        unit = np.where(scale > 0, diff / np.where(scale > 0, scale, 1.0), 0.0)
        mean_sq = np.mean(unit * unit, axis=axes)
        return np.log(mean_sq) + 2.0 * np.log(np.squeeze(scale, axis=axes))


def _axes(dim, ndim: int):
    if dim is None:
        return tuple(range(ndim))
    dims = (dim,) if isinstance(dim, numbers.Integral) and not isinstance(dim, bool) else dim
    try:
        dims = tuple(dims)
    except TypeError:
        raise MetricInputError("dim", f"expected an axis or a tuple of axes, got {dim!r}") from None
    if not dims or any(isinstance(d, bool) or not isinstance(d, numbers.Integral) for d in dims):
        raise MetricInputError("dim", f"expected an axis or a non-empty tuple of axes, got {dim!r}")
    if any(not -ndim <= d < ndim for d in dims):
        raise MetricInputError("dim", f"names an axis outside an image of {ndim} dimensions: {dim!r}")
    normal = tuple(sorted({int(d) % ndim for d in dims}))
    if len(normal) != len(dims):
        raise MetricInputError("dim", f"names an axis twice: {dim!r}")
    return normal


def _log_base(base) -> float:
    b = check_positive(base, "base")
    if b == 1.0:
        raise MetricInputError("base", "must not be 1 (log base 1 is undefined)")
    return math.log(b)


def peak_signal_noise_ratio(image_true, image_test, *, data_range, base=10.0, dim=None,
                            reduction="elementwise_mean"):
    """Peak signal-to-noise ratio, in decibels: the data range squared over the mean squared error.

    ``PSNR = 10 log_base(R^2 / MSE)``, ``MSE = mean((image_true - image_test)^2)`` over every element
    (``dim=None``) or over the axes ``dim`` (an axis or a tuple of axes), giving one PSNR per index of
    the other axes, then reduced by ``reduction``: ``"elementwise_mean"`` (their mean), ``"sum"`` or
    ``"none"`` (the array). ``base`` is the logarithm's base (10: decibels).
    ``data_range`` (R, required):

    * a number > 0;
    * ``(low, high)``: both images clipped to [low, high] first, R = high - low (torchmetrics);
    * ``"dtype"``: scikit-image's rule, from image_true's dtype: [dmin, dmax] is [0, 1] for bool, the
      integer type's range for integers and [-1, 1] for floats; R = dmax if image_true has no negative
      value, else dmax - dmin (so 255 for uint8, 1 for non-negative floats, 2 for floats with a negative
      value); image_true outside [dmin, dmax] is refused;
    * ``"data"``: image_true's max - min (torchmetrics' default until 1.7).

    Range (-inf, +inf]: +inf for identical images (MSE = 0), higher is better. Invariant under a shift of
    both images by one constant (an explicit R); symmetric in the two images (without clipping or a
    rule that reads image_true). Undefined cases: MSE = 0 gives +inf (the limit; scikit-image and
    torchmetrics return inf too); a data range of 0 ('data' on a constant image) is refused.
    Also refused: images of different shapes, NaN or infinite values, empty images, data_range <= 0,
    low >= high, base <= 0 or 1, an unknown reduction, axes outside the image.
    Source: the PSNR of Wang et al. (2004) sec. I and every image-coding text; scikit-image 0.26
    ``peak_signal_noise_ratio`` ('dtype'); torchmetrics 1.9 ``peak_signal_noise_ratio`` (base, dim,
    reduction, the (low, high) pair).
    """
    a, b = _pair(image_true, image_test)
    rule = _range_value(data_range, "the peak-to-peak range of the signal")
    ln_base = _log_base(base)
    check_choice(reduction, "reduction", PSNR_REDUCTIONS)
    axes = _axes(dim, a.ndim)
    if rule == "dtype":
        dmin, dmax = _dtype_limits(a.dtype)
        lo, hi = float(a.min()), float(a.max())
        if lo < dmin or hi > dmax:
            raise MetricInputError("image_true", f"has values outside [{dmin:g}, {dmax:g}], the range of its dtype "
                                                 f"{a.dtype}: give data_range explicitly")
        r = dmax if lo >= 0 else dmax - dmin
    elif rule == "data":
        r = _positive_range(float(a.max()) - float(a.min()), "image_true's max - min")
    elif isinstance(rule, tuple):
        r = rule[1] - rule[0]
    else:
        r = rule
    x, y = _clipped(a, rule), _clipped(b, rule)
    with np.errstate(divide="ignore"):
        psnr = 10.0 * (2.0 * math.log(r) - _log_mse(x - y, axes)) / ln_base
    if reduction == "none" and dim is not None:
        return psnr
    if np.ndim(psnr) == 0:
        return float(psnr)
    return float(np.sum(psnr)) if reduction == "sum" else float(np.mean(psnr))


# ------------------------------------------------------------------ windows


def gaussian_window(size: int, sigma: float) -> np.ndarray:
    """The normalised 1-D Gaussian of ``size`` taps centred on the middle one."""
    k = np.arange(size, dtype=np.float64) - (size - 1) / 2.0
    w = np.exp(-0.5 * (k / sigma) ** 2)
    return w / w.sum()


def _window_filter(a: np.ndarray, weights: np.ndarray | None, size: int, mode: str) -> np.ndarray:
    """The weighted window mean at every pixel of a (H, W, C) array: separable along the two spatial axes
    (``weights`` None: the uniform window of ``size``)."""
    from scipy import ndimage

    if weights is None:
        out = ndimage.uniform_filter1d(a, size, axis=0, mode=mode)
        return ndimage.uniform_filter1d(out, size, axis=1, mode=mode)
    out = ndimage.correlate1d(a, weights, axis=0, mode=mode)
    return ndimage.correlate1d(out, weights, axis=1, mode=mode)


def _inside(a: np.ndarray, size: int) -> np.ndarray:
    """The positions whose window of ``size`` (centred as ``scipy.ndimage`` centres it: ``size // 2`` before)
    lies inside the image."""
    h, w = a.shape[:2]
    start = size // 2
    return a[start:h - (size - 1 - start), start:w - (size - 1 - start)]


def _constant_windows(a: np.ndarray, size: int) -> np.ndarray:
    """Whether each window position (inside the image) holds one value only: its variance is exactly 0."""
    from scipy import ndimage

    spread = (ndimage.maximum_filter(a, size=(size, size, 1), mode="nearest")
              - ndimage.minimum_filter(a, size=(size, size, 1), mode="nearest"))
    return _inside(spread, size) == 0


# ------------------------------------------------------------------ SSIM


class _SsimSetting(NamedTuple):
    weights: np.ndarray | None
    size: int
    sample_covariance: bool
    mode: str
    crop: bool
    clip_variances: bool


def _ssim_setting(convention, win_size, gaussian_weights, sigma, use_sample_covariance) -> _SsimSetting:
    check_choice(convention, "convention", SSIM_CONVENTIONS)
    skimage = convention == "skimage"
    gaussian = (not skimage) if gaussian_weights is None else gaussian_weights
    if not isinstance(gaussian, (bool, np.bool_)):
        raise MetricInputError("gaussian_weights", f"expected True, False or None, got {gaussian_weights!r}")
    sample = skimage if use_sample_covariance is None else use_sample_covariance
    if not isinstance(sample, (bool, np.bool_)):
        raise MetricInputError("use_sample_covariance", f"expected True, False or None, got {use_sample_covariance!r}")
    s = check_positive(sigma, "sigma")
    if gaussian:
        if win_size is not None:
            raise MetricInputError("win_size", "the Gaussian window's size follows from sigma (2 int(3.5 sigma + 0.5) "
                                               "+ 1 taps); leave win_size None or set gaussian_weights=False")
        size = 2 * int(GAUSSIAN_TRUNCATE * s + 0.5) + 1
        weights = gaussian_window(size, s)
    else:
        size = _odd_size(7 if win_size is None and skimage else 11 if win_size is None else win_size, "win_size")
        weights = None
    if sample and size == 1:
        raise MetricInputError("win_size", "a 1-pixel window has no sample covariance (N - 1 = 0)")
    return _SsimSetting(weights, size, bool(sample), "reflect" if skimage else "mirror", skimage, not skimage)


def _ssim_range(rule, a: np.ndarray, b: np.ndarray) -> float:
    if rule == "dtype":
        if a.dtype.kind not in _INTEGER_KINDS:
            raise MetricInputError("data_range", f"'dtype' infers the range of an integer image only; image_true is "
                                                 f"{a.dtype}: give data_range explicitly")
        dmin, dmax = _dtype_limits(a.dtype)
        return dmax - dmin
    if rule == "data":
        return _positive_range(max(float(a.max()) - float(a.min()), float(b.max()) - float(b.min())),
                               "the larger of the two images' max - min")
    if isinstance(rule, tuple):
        return rule[1] - rule[0]
    return rule


def _ssim_terms(x, y, setting: _SsimSetting, c1: float, c2: float):
    """(SSIM map, contrast-structure map) at every pixel of two (H, W, C) images."""
    f = lambda a: _window_filter(a, setting.weights, setting.size, setting.mode)  # noqa: E731
    ux, uy = f(x), f(y)
    uxx, uyy, uxy = f(x * x), f(y * y), f(x * y)
    n = setting.size * setting.size
    norm = n / (n - 1.0) if setting.sample_covariance else 1.0
    vx, vy, vxy = norm * (uxx - ux * ux), norm * (uyy - uy * uy), norm * (uxy - ux * uy)
    if setting.clip_variances:
        vx, vy = np.maximum(vx, 0.0), np.maximum(vy, 0.0)
    a1, a2 = 2.0 * ux * uy + c1, 2.0 * vxy + c2
    b1, b2 = ux * ux + uy * uy + c1, vx + vy + c2
    return (a1 * a2) / (b1 * b2), a2 / b2


def _ssim_inputs(image_true, image_test, data_range, convention, win_size, gaussian_weights, sigma,
                 use_sample_covariance, K1, K2, channel_axis):
    a, b = _pair(image_true, image_test)
    axis = _channel_axis(channel_axis, a.ndim, "image_true")
    rule = _range_value(data_range, "the dynamic range of the pixel values")
    setting = _ssim_setting(convention, win_size, gaussian_weights, sigma, use_sample_covariance)
    k1, k2 = check_positive(K1, "K1"), check_positive(K2, "K2")
    r = _ssim_range(rule, a, b)
    x, y = _channels_last(_clipped(a, rule), axis), _channels_last(_clipped(b, rule), axis)
    if setting.crop:
        _check_spatial(x, setting.size, "image_true", "window (scikit-image's SSIM averages the windows inside "
                                                      "the image)")
    else:
        _check_spatial(x, setting.size // 2 + 1, "image_true", "image a mirrored window needs (its radius + 1)")
    return x, y, axis, setting, (k1 * r) ** 2, (k2 * r) ** 2


def structural_similarity(image_true, image_test, *, data_range, convention="skimage", win_size=None,
                          gaussian_weights=None, sigma=1.5, use_sample_covariance=None, K1=0.01, K2=0.03,
                          channel_axis=None):
    """Mean structural similarity (SSIM) of two images (Wang, Bovik, Sheikh & Simoncelli 2004).

    At each window, with its weighted means mu, variances s^2 and covariance s_xy,
    ``SSIM = (2 mu_x mu_y + C1)(2 s_xy + C2) / ((mu_x^2 + mu_y^2 + C1)(s_x^2 + s_y^2 + C2))``,
    ``C1 = (K1 R)^2``, ``C2 = (K2 R)^2`` with R the data range; the score is the mean of the map (per
    channel with ``channel_axis``, then the mean over the channels). ``convention`` names the two in use:

    * ``"skimage"`` (scikit-image 0.26): a uniform ``win_size`` x ``win_size`` window (7) or, with
      ``gaussian_weights=True``, a Gaussian of ``sigma`` (1.5, 2 int(3.5 sigma + 0.5) + 1 = 11 taps);
      the sample covariance (moments times N / (N - 1), N the window's pixel count, also for the
      Gaussian window); the mean over the windows that lie inside the image (the border of half a window
      left out), so each side must be at least the window;
    * ``"torchmetrics"`` (torchmetrics 1.9): the Gaussian window of ``sigma`` by default (or a uniform
      ``win_size`` window, 11, with ``gaussian_weights=False``); the population covariance, variances
      clipped at 0; the image mirrored past its border (d c b | a b c d | c b a) and the mean over
      every pixel; each side must exceed the window's radius.

    ``gaussian_weights`` and ``use_sample_covariance`` (None: the convention's) override those choices.
    ``data_range``: a number, ``(low, high)`` (both images clipped, R = high - low), ``"dtype"``
    (scikit-image: the full range dmax - dmin of image_true's integer dtype; floats refused) or
    ``"data"`` (torchmetrics: the larger of the two images' max - min).
    Range [-1, 1], 1 for identical images, higher is better; symmetric; invariant under rotating,
    transposing or flipping both images alike (the uniform and Gaussian windows are symmetric).
    Undefined cases: none (C1, C2 > 0: K1 and K2 must be > 0). Refused: different shapes, NaN,
    infinite values, a window larger than the image, an even or non-positive win_size, a win_size
    with the Gaussian window, sigma <= 0, K1 or K2 <= 0, data_range <= 0, an unknown convention.
    Source: Wang et al. (2004), IEEE TIP 13(4):600-612, eq. (13) and sec. III-C; scikit-image 0.26
    ``structural_similarity``; torchmetrics 1.9 ``structural_similarity_index_measure``.
    """
    x, y, _, setting, c1, c2 = _ssim_inputs(image_true, image_test, data_range, convention, win_size,
                                            gaussian_weights, sigma, use_sample_covariance, K1, K2, channel_axis)
    ssim, _ = _ssim_terms(x, y, setting, c1, c2)
    if setting.crop:
        pad = (setting.size - 1) // 2
        h, w = ssim.shape[:2]
        ssim = ssim[pad:h - pad, pad:w - pad]
    return float(np.mean(ssim, dtype=np.float64))


def structural_similarity_map(image_true, image_test, *, data_range, convention="skimage", win_size=None,
                              gaussian_weights=None, sigma=1.5, use_sample_covariance=None, K1=0.01, K2=0.03,
                              channel_axis=None):
    """The SSIM at every pixel: the map whose mean (over the windows inside the image for
    ``convention="skimage"``, over every pixel for ``"torchmetrics"``) is :func:`structural_similarity`.

    The same formula, windows and options as :func:`structural_similarity`; an array of the images'
    shape. Near the border a window reaches past the image: scikit-image reflects the image there
    (d c b a | a b c d | d c b a, ``scipy.ndimage`` mode 'reflect'), torchmetrics mirrors it
    (d c b | a b c d | c b a). Range [-1, 1] at every pixel, 1 everywhere for identical images.
    Undefined cases: none (C1, C2 > 0). Refusals as :func:`structural_similarity`.
    Source: Wang et al. (2004) eq. (13) (the SSIM index map); scikit-image 0.26
    ``structural_similarity(full=True)``; torchmetrics 1.9 ``return_full_image=True``.
    """
    x, y, axis, setting, c1, c2 = _ssim_inputs(image_true, image_test, data_range, convention, win_size,
                                               gaussian_weights, sigma, use_sample_covariance, K1, K2, channel_axis)
    return _from_channels_last(_ssim_terms(x, y, setting, c1, c2)[0], axis)


def _pooled(a: np.ndarray) -> np.ndarray:
    """2 x 2 average pooling of a (H, W, C) array (an odd last row or column dropped)."""
    h, w = (a.shape[0] // 2) * 2, (a.shape[1] // 2) * 2
    a = a[:h, :w]
    return 0.25 * (a[0::2, 0::2] + a[1::2, 0::2] + a[0::2, 1::2] + a[1::2, 1::2])


def multiscale_structural_similarity(image_true, image_test, *, data_range, betas=MS_SSIM_BETAS,
                                     gaussian_weights=True, win_size=None, sigma=1.5, K1=0.01, K2=0.03,
                                     normalize="relu", channel_axis=None):
    """Multi-scale SSIM (Wang, Simoncelli & Bovik 2003), as torchmetrics computes it.

    With M = len(betas) scales, the images halved by 2 x 2 average pooling between scales (an odd
    last row or column dropped): ``MS-SSIM = prod_{j < M} cs_j^beta_j * ssim_M^beta_M``, cs_j the mean
    contrast-structure term ``(2 s_xy + C2) / (s_x^2 + s_y^2 + C2)`` over the windows inside the image
    at scale j, ssim_M the mean SSIM over every pixel at the last scale, both with the torchmetrics
    convention of :func:`structural_similarity` (population covariance, variances clipped at 0, the
    image mirrored past its border; a Gaussian window of sigma 1.5 or, with gaussian_weights=False, a
    uniform ``win_size`` window). ``normalize="relu"`` clips each mean at 0 before the powers (so that
    a negative term cannot meet a fractional power), ``"none"`` does not. C1, C2 from ``data_range``
    (a number, ``(low, high)`` with both images clipped, or ``"data"``: the larger range of the two
    full-resolution images), the same at every scale.
    Range [0, 1] with normalize="relu", 1 for identical images, higher is better; symmetric.
    Undefined cases: with normalize="none", a negative term to a fractional power is NaN: refused.
    Refused also: a smallest scale smaller than the window (each side at least
    2^(M-1) * window), betas that are not positive numbers, the refusals of SSIM.
    Source: Wang, Simoncelli & Bovik (2003), "Multiscale structural similarity for image quality
    assessment", Asilomar, eq. (7) and Table 1 (the betas); torchmetrics 1.9
    ``multiscale_structural_similarity_index_measure`` (the pooling, the relu normalisation).
    """
    a, b = _pair(image_true, image_test)
    axis = _channel_axis(channel_axis, a.ndim, "image_true")
    rule = _range_value(data_range, "the dynamic range of the pixel values")
    if rule == "dtype":
        raise MetricInputError("data_range", "multiscale SSIM takes a number, a (low, high) pair or 'data'")
    try:
        weights = tuple(betas)
    except TypeError:
        raise MetricInputError("betas", f"expected a sequence of positive numbers, got {betas!r}") from None
    if not weights or any(isinstance(v, bool) or not isinstance(v, numbers.Real) or not v > 0
                          or not math.isfinite(v) for v in weights):
        raise MetricInputError("betas", f"expected a non-empty sequence of positive numbers, got {betas!r}")
    check_choice(normalize, "normalize", MS_SSIM_NORMALIZE)
    setting = _ssim_setting("torchmetrics", win_size, gaussian_weights, sigma, False)
    k1, k2 = check_positive(K1, "K1"), check_positive(K2, "K2")
    r = _ssim_range(rule, a, b)
    c1, c2 = (k1 * r) ** 2, (k2 * r) ** 2
    x, y = _channels_last(_clipped(a, rule), axis), _channels_last(_clipped(b, rule), axis)
    smallest = setting.size * 2 ** (len(weights) - 1)
    _check_spatial(x, smallest, "image_true", f"image {len(weights)} scales of a {setting.size}-pixel window need")
    pad = (setting.size - 1) // 2
    value = 1.0
    for j, beta in enumerate(weights):
        ssim, cs = _ssim_terms(x, y, setting, c1, c2)
        h, w = cs.shape[:2]
        term = np.mean(ssim) if j == len(weights) - 1 else np.mean(cs[pad:h - pad, pad:w - pad])
        if normalize == "relu":
            term = max(float(term), 0.0)
        elif term < 0:
            raise MetricInputError("image_test", f"the mean {'SSIM' if j == len(weights) - 1 else 'contrast-structure'}"
                                                 f" term at scale {j + 1} is negative ({float(term):.3g}): its power "
                                                 f"{beta} is undefined with normalize='none'")
        value *= float(term) ** beta
        x, y = _pooled(x), _pooled(y)
    return value


# ------------------------------------------------------------------ UIQI and D_lambda


def _uiqi_maps(x, y, kernel_size: int, sigma) -> np.ndarray:
    """The quality index of every window inside the image, (H - k + 1, W - k + 1, C)."""
    weights = None if sigma is None else gaussian_window(kernel_size, sigma)
    f = lambda a: _inside(_window_filter(a, weights, kernel_size, "reflect"), kernel_size)  # noqa: E731
    ux, uy = f(x), f(y)
    still_x, still_y = _constant_windows(x, kernel_size), _constant_windows(y, kernel_size)
    vx = np.where(still_x, 0.0, np.maximum(f(x * x) - ux * ux, 0.0))
    vy = np.where(still_y, 0.0, np.maximum(f(y * y) - uy * uy, 0.0))
    vxy = np.where(still_x | still_y, 0.0, f(x * y) - ux * uy)
    contrast = vx + vy
    luminance = ux * ux + uy * uy
    with np.errstate(divide="ignore", invalid="ignore"):
        q = np.where((contrast > 0) & (luminance > 0), 4.0 * vxy * ux * uy / (contrast * luminance), 1.0)
        lum_only = (contrast == 0) & (luminance > 0)
        q = np.where(lum_only, 2.0 * ux * uy / np.where(lum_only, luminance, 1.0), q)
    return q


def _uiqi_window(kernel_size, sigma) -> tuple[int, float | None]:
    size = check_int_at_least(kernel_size, "kernel_size", 1)
    if sigma is None:
        return size, None
    return _odd_size(size, "kernel_size"), check_positive(sigma, "sigma")


def universal_image_quality_index(image_true, image_test, *, kernel_size=8, sigma=None, channel_axis=None):
    """Universal image quality index Q (Wang & Bovik 2002): SSIM without its stabilising constants.

    At each window, ``Q = 4 s_xy mu_x mu_y / ((s_x^2 + s_y^2)(mu_x^2 + mu_y^2))`` (population
    moments), the product of correlation, luminance and contrast terms; the index is the mean over
    the windows that lie inside the image (and over channels). The window is uniform,
    ``kernel_size`` x ``kernel_size`` (Wang & Bovik's B = 8), or with ``sigma`` a Gaussian of
    ``kernel_size`` taps (odd; torchmetrics uses 11 taps of sigma 1.5).
    Range [-1, 1], 1 for identical images, higher is better; symmetric.
    Undefined cases: Q is 0/0 on windows where the contrast term s_x^2 + s_y^2 or the luminance term
    mu_x^2 + mu_y^2 is 0; there Wang's own code (img_qi.m) gives the luminance term 2 mu_x mu_y /
    (mu_x^2 + mu_y^2) when only the contrast term is 0 (both windows flat), and 1 when the luminance
    term is 0 too, as here; so two equal images score 1. A window is flat when its pixels are equal,
    found exactly (min = max), not by a rounded variance.
    Refused: different shapes, NaN or infinite values, a window larger than the image, kernel_size < 1,
    an even kernel_size with sigma, sigma <= 0.
    Source: Wang & Bovik (2002), "A universal image quality index", IEEE SPL 9(3):81-84, eq. (1)-(3);
    Wang's img_qi.m (LIVE, 2001) for the flat windows; torchmetrics 1.9
    ``universal_image_quality_index`` (the Gaussian window).
    """
    size, s = _uiqi_window(kernel_size, sigma)
    x, y, _ = _images(image_true, image_test, channel_axis)
    _check_spatial(x, size, "image_true", "window")
    return float(np.mean(_uiqi_maps(x, y, size, s)))


def _band_qualities(z: np.ndarray, size: int, sigma) -> np.ndarray:
    """Q between every pair of bands of one (H, W, L) image: an L x L matrix (diagonal 1)."""
    n = z.shape[2]
    first, second = np.triu_indices(n, k=1)
    q = np.ones((n, n))
    if first.size:
        maps = _uiqi_maps(z[:, :, first], z[:, :, second], size, sigma)
        q[first, second] = q[second, first] = maps.reshape(-1, first.size).mean(axis=0)
    return q


def spectral_distortion_index(image_ms, image_fused, *, p=1, kernel_size=11, sigma=1.5, channel_axis=-1):
    """Spectral distortion index D_lambda (Alparone et al. 2008): how the fused image changes the
    relations between bands.

    ``D_lambda = (1 / (L (L - 1)) sum_{l != r} |Q(F_l, F_r) - Q(M_l, M_r)|^p)^(1/p)``, Q the
    :func:`universal_image_quality_index` of two bands (here with a Gaussian window of ``kernel_size``
    taps and ``sigma``, torchmetrics' default; ``sigma=None``: uniform), F the fused and M the
    multispectral image, L bands along ``channel_axis``. The two images may differ in height and width
    (the fused image is the high-resolution one), not in bands.
    Range [0, 2] (each |Q - Q'| <= 2), 0 when the inter-band qualities match (identical images),
    lower is better; symmetric in the two images. One band: no pair, 0.
    Undefined cases: those of Q (flat windows), handled as there.
    Refused: different band counts, an image smaller than the window, p not an integer >= 1, the
    refusals of Q.
    Source: Alparone, Aiazzi, Baronti, Garzelli, Nencini & Selva (2008), "Multispectral and
    panchromatic data fusion assessment without reference", PE&RS 74(2):193-200, eq. (4);
    torchmetrics 1.9 ``spectral_distortion_index`` (argument order: the multispectral image first).
    """
    power = check_int_at_least(p, "p", 1)
    size, s = _uiqi_window(kernel_size, sigma)
    m, f = _image(image_ms, "image_ms"), _image(image_fused, "image_fused")
    axis_m = _channel_axis(channel_axis, m.ndim, "image_ms")
    axis_f = _channel_axis(channel_axis, f.ndim, "image_fused")
    zm, zf = _channels_last(m, axis_m), _channels_last(f, axis_f)
    if zm.shape[2] != zf.shape[2]:
        raise MetricInputError("image_fused", f"has {zf.shape[2]} bands but image_ms has {zm.shape[2]}; they must "
                                              "match")
    _check_spatial(zm, size, "image_ms", "window")
    _check_spatial(zf, size, "image_fused", "window")
    n = zm.shape[2]
    if n == 1:
        return 0.0
    diff = np.abs(_band_qualities(zf, size, s) - _band_qualities(zm, size, s)) ** power
    return float((diff.sum() / (n * (n - 1))) ** (1.0 / power))


# ------------------------------------------------------------------ total variation and gradients


class ImageGradients(NamedTuple):
    dy: np.ndarray
    dx: np.ndarray


def _one_image(image, channel_axis) -> tuple[np.ndarray, int | None]:
    a = _image(image, "image")
    axis = _channel_axis(channel_axis, a.ndim, "image")
    return _channels_last(a, axis), axis


def total_variation(image, *, channel_axis=None):
    """Anisotropic total variation: the sum of the absolute differences of vertically and horizontally
    adjacent pixels.

    ``TV = sum_{i,j} |x[i+1, j] - x[i, j]| + sum_{i,j} |x[i, j+1] - x[i, j]|``, summed over the
    channels with ``channel_axis``.
    Range [0, inf), 0 exactly for a constant image; lower is smoother. TV(a x + b) = |a| TV(x);
    unchanged by flipping, transposing or rotating the image by quarter turns.
    Undefined cases: none (a 1 x 1 image has no neighbours: 0).
    Refused: NaN or infinite values, an empty image, an image that is not 2-D (3-D with channel_axis).
    Source: Rudin, Osher & Fatemi (1992) (the total variation, here in its anisotropic l1 form);
    torchmetrics 1.9 ``total_variation`` (one image: its per-image score).
    """
    x, _ = _one_image(image, channel_axis)
    return float(np.abs(np.diff(x, axis=0)).sum() + np.abs(np.diff(x, axis=1)).sum())


def image_gradients(image, *, channel_axis=None) -> ImageGradients:
    """Forward-difference image gradients ``(dy, dx)``, each the image's shape.

    ``dy[i, j] = x[i+1, j] - x[i, j]`` for i < H - 1 and 0 on the last row; ``dx[i, j] = x[i, j+1] -
    x[i, j]`` for j < W - 1 and 0 in the last column (TensorFlow's and torchmetrics' layout: the
    difference at the pixel it starts from). Per channel with ``channel_axis``.
    Range: each entry in [-(max - min), max - min] of the image; both are 0 for a constant image.
    Column sums of dy telescope: sum_i dy[i, j] = x[H-1, j] - x[0, j]; and sum |dy| + sum |dx| is
    :func:`total_variation`.
    Undefined cases: none.
    Refused: NaN or infinite values, an empty image, an image that is not 2-D (3-D with channel_axis).
    Source: the one-step finite differences of ``tf.image.image_gradients``; torchmetrics 1.9
    ``image_gradients``.
    """
    x, axis = _one_image(image, channel_axis)
    dy, dx = np.zeros_like(x), np.zeros_like(x)
    dy[:-1] = x[1:] - x[:-1]
    dx[:, :-1] = x[:, 1:] - x[:, :-1]
    return ImageGradients(_from_channels_last(dy, axis), _from_channels_last(dx, axis))


# ------------------------------------------------------------------ spectral metrics


def error_relative_global_dimensionless_synthesis(image_true, image_test, *, ratio=4.0, channel_axis=-1):
    """ERGAS, the relative dimensionless global error in synthesis (Wald 2002).

    ``ERGAS = (100 / ratio) sqrt((1 / C) sum_c (RMSE_c / mu_c)^2)``, RMSE_c the root mean squared
    error of band c and mu_c the mean of image_true's band c; ``ratio`` is the ratio of the low to the
    high resolution pixel size (4 for a multispectral band at four times the panchromatic pixel).
    Channels along ``channel_axis`` (last by default; ``None``: one band, a 2-D image).
    Range [0, inf), 0 for identical images, lower is better; not symmetric (the means are
    image_true's); unchanged when both images are multiplied by one nonzero constant.
    Undefined cases: a band of image_true with mean 0 (0/0 or x/0): refused, naming image_true.
    Refused also: different shapes, NaN or infinite values, ratio <= 0.
    Source: Wald (2002), "Data fusion. Definitions and architectures", Presses de l'Ecole des Mines,
    p. 81 (and Ranchin & Wald 2000); torchmetrics 1.9 ``error_relative_global_dimensionless_synthesis``.
    """
    r = check_positive(ratio, "ratio")
    x, y, _ = _images(image_true, image_test, channel_axis)
    pixels, d = x.reshape(-1, x.shape[2]), (x - y).reshape(-1, x.shape[2])
    mean = pixels.mean(axis=0)
    if (mean == 0).any():
        raise MetricInputError("image_true", f"band {int(np.flatnonzero(mean == 0)[0])} has mean 0: ERGAS divides "
                                             "each band's RMSE by its mean")
    rmse = np.sqrt(np.einsum("ij,ij->j", d, d) / d.shape[0])
    return float(100.0 / r * np.sqrt(np.mean((rmse / mean) ** 2)))


def _unit_spectra(z: np.ndarray, name: str) -> np.ndarray:
    norms = np.sqrt(np.einsum("ijc,ijc->ij", z, z))
    if (norms == 0).any():
        i, j = (int(v) for v in np.argwhere(norms == 0)[0])
        raise MetricInputError(name, f"has an all-zero spectrum at pixel ({i}, {j}): no direction to compare")
    return z / norms[:, :, None]


def spectral_angle_mapper(image_true, image_test, *, channel_axis=-1):
    """Spectral angle mapper: the mean angle, in radians, between the two images' spectra at each pixel.

    ``SAM = mean_pixels arccos(<t, p> / (|t| |p|))``, t and p the vectors of a pixel's bands (along
    ``channel_axis``, last by default). The angle is computed as ``2 atan2(|u - v|, |u + v|)`` with u, v
    the unit spectra (Kahan's form: exact 0 for parallel spectra, no loss near 0 or pi, where arccos
    loses half the digits).
    Range [0, pi], 0 when every pixel's spectra are parallel (identical images), lower is better;
    symmetric; unchanged when either image is multiplied by positive constants, per pixel.
    Undefined cases: a pixel whose spectrum is all zero has no direction: refused, naming the image.
    Refused also: different shapes, NaN or infinite values, fewer than 2 bands.
    Source: Yuhas, Goetz & Boardman (1992), "Discrimination among semi-arid landscape endmembers using
    the spectral angle mapper (SAM) algorithm", JPL Airborne Geoscience Workshop; Kahan (2006), "How
    futile are mindless assessments of roundoff", sec. 12 (the angle); torchmetrics 1.9
    ``spectral_angle_mapper``.
    """
    x, y, _ = _images(image_true, image_test, channel_axis, min_channels=2)
    u, v = _unit_spectra(x, "image_true"), _unit_spectra(y, "image_test")
    apart, together = np.linalg.norm(u - v, axis=2), np.linalg.norm(u + v, axis=2)
    return float(np.mean(2.0 * np.arctan2(apart, together)))


def _window_size(window_size) -> int:
    return check_int_at_least(window_size, "window_size", 1)


def _local_mse(x, y, size: int) -> np.ndarray:
    """The mean squared error of every window inside the image, per channel."""
    return np.maximum(_inside(_window_filter((x - y) ** 2, None, size, "reflect"), size), 0.0)


def root_mean_squared_error_using_sliding_window(image_true, image_test, *, window_size=8, channel_axis=None):
    """RMSE in a sliding window: the mean, over every ``window_size`` x ``window_size`` window inside the
    image (and every channel), of the window's root mean squared error.

    ``RMSE_SW = mean_w sqrt(mean_{pixels of w} (t - p)^2)``, per channel then averaged.
    Range [0, inf), 0 for identical images, lower is better; symmetric; RMSE_SW <= RMSE of the whole
    image up to the border pixels the windows weigh less (Jensen, for windows tiling the image).
    Undefined cases: none.
    Refused: different shapes, NaN or infinite values, window_size < 1 or larger than the image.
    Source: Khalel's sewar (``rmse_sw``, 2018), the sliding-window RMSE that torchmetrics 1.9
    ``root_mean_squared_error_using_sliding_window`` and RASE build on; the windows inside the image
    as in Wang & Bovik's sliding-window quality maps.
    """
    size = _window_size(window_size)
    x, y, _ = _images(image_true, image_test, channel_axis)
    _check_spatial(x, size, "image_true", "window")
    return float(np.mean(np.sqrt(_local_mse(x, y, size))))


def relative_average_spectral_error(image_true, image_test, *, window_size=8, channel_axis=-1):
    """Relative average spectral error (Ranchin & Wald 2000), in percent, in a sliding window.

    In each ``window_size`` x ``window_size`` window inside the image,
    ``RASE_w = (100 / M_w) sqrt((1 / C) sum_c RMSE_{c,w}^2)``, M_w the mean of image_true over the
    window and all C bands and RMSE_{c,w} band c's RMSE over the window; RASE is the mean of RASE_w
    over the windows. A window covering the image is Ranchin & Wald's global RASE.
    Range [0, inf), 0 for identical images, lower is better; not symmetric (M is image_true's);
    unchanged when both images are multiplied by one positive constant.
    Undefined cases: a window where image_true's mean is 0 or negative (RASE is defined for radiances):
    refused, naming image_true.
    Refused also: different shapes, NaN or infinite values, window_size < 1 or larger than the image.
    Source: Ranchin & Wald (2000), "Fusion of high spatial and spectral resolution images: the ARSIS
    concept and its implementation", PE&RS 66(1):49-61, eq. (7); torchmetrics 1.9
    ``relative_average_spectral_error`` (the sliding window, window_size 8).
    """
    size = _window_size(window_size)
    x, y, _ = _images(image_true, image_test, channel_axis)
    _check_spatial(x, size, "image_true", "window")
    local_mean = _inside(_window_filter(x, None, size, "reflect"), size).mean(axis=2)
    if not (local_mean > 0).all():
        raise MetricInputError("image_true", f"has a {size} x {size} window of mean {float(local_mean.min()):g} "
                                             "over its bands: RASE divides by a positive mean radiance")
    rase = 100.0 / local_mean * np.sqrt(_local_mse(x, y, size).mean(axis=2))
    return float(np.mean(rase))
