"""The image spec: PSNR, SSIM (mean, map, multi-scale), UIQI, D_lambda, total variation, gradients, and the
spectral metrics ERGAS, SAM, RASE and the sliding-window RMSE.

Inputs are drawn here: grey images of 7..12 x 7..12 pixels and multispectral images of 8..10 x 8..10
pixels with 2..4 bands, every pixel a multiple of 1/8 in [0, 1] (exact in float16 and float32, and so
are their squares and the sums the windows make), the second image a noisy copy of the first or
independent of it. Named edge cases come first: identical images, flat images, a checkerboard against
its inverse (SSIM near -1), the extremes 0 and 1, a non-square image (a swapped height and width shows).

What is pinned: every metric from its definition, computed here window by window on the padded
image (``numpy.pad``: 'symmetric' is scikit-image's border, 'reflect' torchmetrics'), with the
variances centred (not E[x^2] - E[x]^2 as the filters compute them); PSNR's data-range rules and
its relation to the MSE; the bounds and the value of identical images; symmetry where it holds;
invariances (a common shift for PSNR, flips and transposes for SSIM and TV, scale for the relative
errors, per-pixel scale for SAM); the relations between metrics (the SSIM map's mean, one scale of
MS-SSIM, TV and the gradients, the RMSE of a window covering the image); refusals.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .capabilities import Capability
from .checks import expect, expect_close, expect_in_range, expect_refusal
from properties.engine.vocabulary import findings, registry
from .inputs import edges_of, tuples_with_edges, with_edges

EXAMPLES = 25
registry.family_examples("image", EXAMPLES)
register, prop = registry.register, registry.prop

#: window moments from running sums (the filters) against centred sums over each window (the spec)
WINDOW_MOMENTS, WINDOW_MOMENTS_ABS = 1e-9, 1e-10
#: a lower-precision SSIM's conditioning: its moments E[x y] - mu_x mu_y are differences of terms of size R^2, and
#: the contrast term divides them by C2 = (0.03 R)^2, so each rounding of a moment (eps R^2) moves SSIM by
#: 1 / 0.03^2 = 1111 eps; a dozen such roundings are ~1.6e4 eps = 256 units of the precision model (64 eps each)
SSIM_OPS = 256
#: UIQI and D_lambda have no stabilising constant: their rounding is that of the window moments themselves
UIQI_OPS = 32
#: sums of squares in another order
ROUNDING = 1e-10
#: the pixel grid: multiples of 1/STEP in [0, 1]
STEP = 8

CAPABILITIES = {
    "peak_signal_noise_ratio": Capability(
        (None, None), True, "two images of one shape, and a data range",
        "identical images: +inf; a data range of 0 ('data' on a flat image_true) refused"),
    "structural_similarity": Capability(
        (-1.0, 1.0), True, "two images (H, W), or 3-D with channel_axis, and a data range",
        "none (C1, C2 > 0)"),
    "structural_similarity_map": Capability(
        (-1.0, 1.0), True, "two images (H, W), or 3-D with channel_axis, and a data range",
        "none (C1, C2 > 0)", higher_is_better=None),
    "multiscale_structural_similarity": Capability(
        (0.0, 1.0), True, "two images large enough for every scale, and a data range",
        "normalize='none' with a negative term: refused"),
    "universal_image_quality_index": Capability(
        (-1.0, 1.0), True, "two images (H, W), or 3-D with channel_axis",
        "flat windows (0/0): the luminance term, or 1 (Wang's img_qi.m)"),
    "spectral_distortion_index": Capability(
        (0.0, 2.0), True, "a multispectral and a fused image, bands along channel_axis",
        "one band: 0; flat windows as UIQI", higher_is_better=False),
    "total_variation": Capability(
        (0.0, None), False, "one image (H, W), or 3-D with channel_axis", "none", higher_is_better=False),
    "image_gradients": Capability(
        (None, None), False, "one image (H, W), or 3-D with channel_axis", "none", higher_is_better=None),
    "error_relative_global_dimensionless_synthesis": Capability(
        (0.0, None), False, "two multispectral images, bands along channel_axis",
        "a band of image_true with mean 0: refused", higher_is_better=False),
    "spectral_angle_mapper": Capability(
        (0.0, math.pi), True, "two multispectral images, bands along channel_axis",
        "an all-zero spectrum: refused", higher_is_better=False),
    "relative_average_spectral_error": Capability(
        (0.0, None), False, "two multispectral images, bands along channel_axis",
        "a window of image_true with mean <= 0: refused", higher_is_better=False),
    "root_mean_squared_error_using_sliding_window": Capability(
        (0.0, None), True, "two images (H, W), or 3-D with channel_axis", "none", higher_is_better=False),
}


# ------------------------------------------------------------------ inputs


def _pixels(shape, low: int):
    return hnp.arrays(np.int64, shape, elements=st.integers(low, STEP))


@st.composite
def _pairs(draw, *, sides, bands, low, square):
    h = draw(st.integers(*sides))
    w = h if square else draw(st.integers(*sides))
    shape = (h, w) if bands is None else (h, w, draw(st.integers(*bands)))
    true = draw(_pixels(shape, low))
    if draw(st.booleans()):
        noise = draw(hnp.arrays(np.int64, shape, elements=st.integers(-2, 2)))
        test = np.clip(true + noise, low, STEP)
    else:
        test = draw(_pixels(shape, low))
    return true / STEP, test / STEP


def _ramp(h, w):
    return (np.add.outer(np.arange(h), np.arange(w)) % (STEP + 1)) / STEP


def grey_edges(h: int = 8, w: int = 8) -> tuple:
    """Grey image pairs that break image metrics: identical images, a flat reference against a ramp,
    two flat images, a checkerboard against its inverse (every window anticorrelated), the extremes 0
    and 1 only, and a non-square pair ((h + 2) x (w + 1): a swapped height and width shows)."""
    ramp = _ramp(h, w)
    checker = (np.add.outer(np.arange(h), np.arange(w)) % 2).astype(float)
    tall = _ramp(h + 2, w + 1)
    return (
        ("identical_images", (ramp, ramp.copy())),
        ("flat_true_against_a_ramp", (np.full((h, w), 0.5), ramp)),
        ("two_flat_images", (np.full((h, w), 0.25), np.full((h, w), 0.75))),
        ("checkerboard_against_its_inverse", (checker, 1.0 - checker)),
        ("extremes_only", (checker, np.ones((h, w)))),
        ("non_square", (tall, tall[::-1].copy())),
    )


def grey_pairs(*, sides=(7, 12), square=False, min_side=None):
    """Two grey images of one shape (sides in ``sides``), pixels k / 8; with :func:`grey_edges`."""
    side = sides[0] if min_side is None else min_side
    edges = tuple((n, ex) for n, ex in grey_edges(max(side, 8), max(side, 8))
                  if not square or ex[0].shape[0] == ex[0].shape[1])
    edges = tuple((n, ex) for n, ex in edges if min(ex[0].shape) >= sides[0])
    return with_edges(_pairs(sides=sides, bands=None, low=0, square=square), edges)


def _where(strategy, predicate):
    """``strategy`` filtered by ``predicate``, keeping the edge cases that satisfy it."""
    return with_edges(strategy.filter(predicate), tuple((n, ex) for n, ex in edges_of(strategy) if predicate(ex)))


def _differ(ex):
    return bool((ex[0] != ex[1]).any())


def spectral_edges(h: int = 9, w: int = 8, c: int = 3) -> tuple:
    """Multispectral pairs (positive pixels) that break the spectral metrics: identical images, a test
    image twice the reference (parallel spectra: SAM 0), one band off by a factor, flat bands, and two
    bands only."""
    base = 1 + (np.arange(h * w * c).reshape(h, w, c) * 5) % STEP
    true = base / STEP
    scaled = true.copy()
    scaled[:, :, 0] = np.minimum(true[:, :, 0] * 2, 1.0)
    return (
        ("identical_images", (true, true.copy())),
        ("parallel_spectra", (true / 2, true.copy())),
        ("one_band_off", (true, scaled)),
        ("flat_bands", (np.full((h, w, c), 0.5), np.full((h, w, c), 0.75))),
        ("two_bands", (true[:, :, :2].copy(), true[::-1, :, :2].copy())),
    )


def spectral_pairs(*, sides=(8, 10), bands=(2, 4)):
    """Two multispectral images (H, W, C) of positive pixels k / 8 (k >= 1: no zero spectrum, no zero mean);
    with :func:`spectral_edges`."""
    return with_edges(_pairs(sides=sides, bands=bands, low=1, square=False), spectral_edges(sides[0] + 1, sides[0]))


def _channels(ex):
    """A grey pair as two 3-band images: the image, it upside down and its negative as the bands."""
    a, b = ex
    return (np.stack([a, a[::-1], 1.0 - a], axis=-1), np.stack([b, b[::-1], 1.0 - b], axis=-1))


def _refusals(t, cases) -> None:
    """Each bad input refused, each under a finding class of its own (``nan:image_true``): a listed defect never
    hides another; a case asking for an option the target lacks is skipped. ``cases``: (defect, argument, call)."""
    problems: list = []
    for defect, argument, call in cases:
        with findings.form(findings.join(defect, argument), problems, view=t):
            expect_refusal(call, argument)
    findings.raise_worst(problems)


def _with_nan(a, value=np.nan):
    bad = a.copy()
    bad[(0,) * a.ndim] = value
    return bad


# ------------------------------------------------------------------ the spec's windows


def _gauss(size, sigma):
    k = np.arange(size) - (size - 1) / 2
    g = np.exp(-(k * k) / (2.0 * sigma * sigma))
    g2 = np.outer(g, g)
    return g2 / g2.sum()


def _windows(img, size, pad_mode):
    """Every window of ``size`` x ``size`` of ``img`` (2-D): centred on each pixel with the image padded by
    ``pad_mode`` ('symmetric': d c b a | a b c d, 'reflect': d c b | a b c d), or (None) only the windows inside
    the image; an array (positions..., size, size)."""
    if pad_mode is not None:
        before = size // 2
        img = np.pad(img, ((before, size - 1 - before),) * 2, mode=pad_mode)
    return np.lib.stride_tricks.sliding_window_view(img, (size, size))


def _moments(x, y, weights, pad_mode, sample):
    """Weighted window means, centred variances and covariance of two 2-D images."""
    size = weights.shape[0]
    wx, wy = _windows(x, size, pad_mode), _windows(y, size, pad_mode)
    mx, my = np.einsum("ijkl,kl->ij", wx, weights), np.einsum("ijkl,kl->ij", wy, weights)
    dx, dy = wx - mx[..., None, None], wy - my[..., None, None]
    norm = size * size / (size * size - 1.0) if sample else 1.0
    vx = norm * np.einsum("ijkl,kl->ij", dx * dx, weights)
    vy = norm * np.einsum("ijkl,kl->ij", dy * dy, weights)
    vxy = norm * np.einsum("ijkl,kl->ij", dx * dy, weights)
    return mx, my, vx, vy, vxy


#: SSIM's conventions as the spec states them: (keywords, window weights, pad mode of the map, crop, sample covariance)
def _ssim_form(kw):
    torch_like = kw.get("convention") == "torchmetrics"
    gaussian = kw.get("gaussian_weights", torch_like)
    sigma = kw.get("sigma", 1.5)
    size = 2 * int(3.5 * sigma + 0.5) + 1 if gaussian else kw.get("win_size") or (11 if torch_like else 7)
    weights = _gauss(size, sigma) if gaussian else np.full((size, size), 1.0 / (size * size))
    return weights, ("reflect" if torch_like else "symmetric"), not torch_like, kw.get("use_sample_covariance",
                                                                                      not torch_like)


def _ssim_definition(x, y, r, kw, *, full=False):
    """SSIM (and its map) computed window by window (Wang et al. 2004, eq. 13)."""
    weights, pad_mode, crop, sample = _ssim_form(kw)
    c1, c2 = (0.01 * r) ** 2, (0.03 * r) ** 2
    mx, my, vx, vy, vxy = _moments(x, y, weights, pad_mode, sample)
    ssim = (2 * mx * my + c1) * (2 * vxy + c2) / ((mx * mx + my * my + c1) * (vx + vy + c2))
    if full:
        return ssim
    if crop:
        pad = weights.shape[0] // 2
        ssim = ssim[pad:ssim.shape[0] - pad, pad:ssim.shape[1] - pad]
    return float(ssim.mean())


#: the forms of SSIM a definition property evaluates: each convention's default, and its other window
SSIM_FORMS = ({}, {"gaussian_weights": True}, {"win_size": 3}, {"use_sample_covariance": False},
              {"convention": "torchmetrics"}, {"convention": "torchmetrics", "gaussian_weights": False, "win_size": 5})


def _needs(name, forms, *extra):
    return (name, *dict.fromkeys(f"{name}:{k}" for f in forms for k in (*f, *extra)))


# ------------------------------------------------------------------ PSNR

_PSNR = "peak_signal_noise_ratio"


def _psnr_definition(x, y, r, base=10.0):
    mse = sum((float(a) - float(b)) ** 2 for a, b in zip(np.ravel(x), np.ravel(y))) / x.size
    return math.inf if mse == 0 else 10.0 * math.log(r * r / mse) / math.log(base)


@prop(f"definition[{_PSNR}]",
      "PSNR = 10 log_base(R^2 / MSE), MSE the mean squared difference of the pixels, for a given data range R, "
      "base 10 and base 2; +inf for identical images", kind="relation",
      needs=_needs(_PSNR, ({"data_range": 1, "base": 2},)), strategy=grey_pairs(), defines=_PSNR)
def psnr_definition(t, ex):
    a, b = ex
    for form in ({"data_range": 1.0}, {"data_range": 2.0}, {"data_range": 1.0, "base": 2.0}):
        with findings.form(view=t):
            expect_close(t.peak_signal_noise_ratio(a, b, **form), _psnr_definition(a, b, form["data_range"],
                                                                                    form.get("base", 10.0)),
                         rtol=ROUNDING, atol=ROUNDING, what=f"PSNR({form}) vs its definition")


def _uint8(ex):
    """The pair as uint8 images: k / 8 -> 31 k (0..248)."""
    return tuple(np.round(x * STEP * 31).astype(np.uint8) for x in ex)


@prop(f"data_range_rules[{_PSNR}]",
      "data_range='dtype' is scikit-image's rule (255 for uint8 images, 1 for non-negative floats, 2 for floats "
      "with a negative value), 'data' is image_true's max - min, and (low, high) clips both images to [low, high] "
      "with R = high - low", kind="relation", needs=_needs(_PSNR, ({"data_range": 1},)), strategy=grey_pairs())
def psnr_range_rules(t, ex):
    a, b = ex
    u, v = _uint8(ex)
    cases = [("'dtype' on uint8 images", (u, v, "dtype"), _psnr_definition(u, v, 255.0)),
             ("'dtype' on non-negative floats", (a, b, "dtype"), _psnr_definition(a, b, 1.0)),
             ("'dtype' on floats in [-1, 0]", (a - 1.0, b - 1.0, "dtype"),
              _psnr_definition(a, b, 2.0 if a.min() < 1.0 else 1.0)),
             ("(0.25, 0.75)", (a, b, (0.25, 0.75)), _psnr_definition(np.clip(a, 0.25, 0.75), np.clip(b, 0.25, 0.75),
                                                                     0.5))]
    if a.max() > a.min():
        cases.append(("'data'", (a, b, "data"), _psnr_definition(a, b, float(a.max() - a.min()))))
    for what, (x, y, rule), expected in cases:
        with findings.form(view=t):
            expect_close(t.peak_signal_noise_ratio(x, y, data_range=rule), expected, rtol=ROUNDING, atol=ROUNDING,
                         what=f"PSNR with data_range {what}")


@prop(f"dim_and_reduction[{_PSNR}]",
      "with dim, one PSNR per index of the other axes (each the PSNR of that slice), reduced by their mean "
      "(elementwise_mean), their sum, or returned as they are (none)", kind="relation",
      needs=_needs(_PSNR, ({"data_range": 1, "dim": 0, "reduction": "sum"},)),
      strategy=_where(grey_pairs(), lambda ex: bool((ex[0] != ex[1]).any(axis=1).all())))
def psnr_dim(t, ex):
    a, b = ex
    rows = np.array([_psnr_definition(x, y, 1.0) for x, y in zip(a, b)])
    for reduction, expected in (("none", rows), ("sum", rows.sum()), ("elementwise_mean", rows.mean())):
        with findings.form(view=t):
            expect_close(t.peak_signal_noise_ratio(a, b, data_range=1.0, dim=1, reduction=reduction), expected,
                         rtol=ROUNDING, atol=ROUNDING, what=f"PSNR over dim=1 (one per row), reduction={reduction!r}")


@prop(f"mse_relation[{_PSNR}]",
      "PSNR = 10 log10(R^2 / MSE), MSE the mean_squared_error of the flattened images", kind="relation",
      needs=(_PSNR, f"{_PSNR}:data_range", "mean_squared_error"),
      strategy=_where(grey_pairs(), _differ))
def psnr_mse(t, ex):
    a, b = ex
    mse = float(t.mean_squared_error(a.ravel(), b.ravel()))
    expect_close(t.peak_signal_noise_ratio(a, b, data_range=1.0), 10 * math.log10(1.0 / mse), rtol=ROUNDING,
                 atol=ROUNDING, what="PSNR vs 10 log10(1 / MSE)")


@prop(f"identity[{_PSNR}]", "PSNR(x, x) = +inf, the best value, for every data range", kind="identity",
      needs=(_PSNR, f"{_PSNR}:data_range"), strategy=grey_pairs())
def psnr_identity(t, ex):
    a, _ = ex
    for r in (1.0, 255.0):
        with findings.form(view=t):
            expect_close(t.peak_signal_noise_ratio(a, a.copy(), data_range=r), math.inf, rtol=0, atol=0,
                         what=f"PSNR of an image with itself (data_range={r})")


@prop(f"symmetry[{_PSNR}]", "with a given data range, PSNR(x, y) = PSNR(y, x)", kind="symmetry",
      needs=(_PSNR, f"{_PSNR}:data_range"), strategy=grey_pairs())
def psnr_symmetry(t, ex):
    a, b = ex
    expect_close(t.peak_signal_noise_ratio(b, a, data_range=1.0), t.peak_signal_noise_ratio(a, b, data_range=1.0),
                 rtol=ROUNDING, atol=ROUNDING, what="PSNR with the images swapped")


@prop(f"invariances[{_PSNR}]",
      "PSNR does not change when both images are shifted by one constant (a given R), and drops by exactly "
      "20 log10(2) dB when the error is doubled", kind="invariance", needs=(_PSNR, f"{_PSNR}:data_range"),
      strategy=tuples_with_edges(_where(grey_pairs(), _differ), st.integers(-4, 4)))
def psnr_invariances(t, ex):
    (a, b), shift = ex
    base = t.peak_signal_noise_ratio(a, b, data_range=1.0)
    expect_close(t.peak_signal_noise_ratio(a + shift, b + shift, data_range=1.0), base, rtol=ROUNDING, atol=ROUNDING,
                 what=f"PSNR of both images shifted by {shift}")
    expect_close(t.peak_signal_noise_ratio(a, a + 2 * (b - a), data_range=1.0), float(base) - 20 * math.log10(2),
                 rtol=ROUNDING, atol=ROUNDING, what="PSNR with the error doubled")


@prop(f"refuses_bad_input[{_PSNR}]",
      "PSNR refuses images of different shapes, NaN or infinite pixels, empty images, data_range <= 0 or "
      "(low, high) with low >= high, 'dtype' on floats outside [-1, 1], 'data' on a flat image_true and base 1, "
      "naming the argument", kind="refusal", needs=_needs(_PSNR, ({"data_range": 1, "base": 2},)),
      strategy=grey_pairs())
def psnr_refusals(t, ex):
    a, b = ex
    psnr = t.peak_signal_noise_ratio
    _refusals(t, [
        ("shape_mismatch", "image_test", lambda: psnr(a, b[:-1], data_range=1.0)),
        ("nan", "image_true", lambda: psnr(_with_nan(a), b, data_range=1.0)),
        ("inf", "image_test", lambda: psnr(a, _with_nan(b, np.inf), data_range=1.0)),
        ("empty", "image_true", lambda: psnr(a[:0], b[:0], data_range=1.0)),
        ("zero", "data_range", lambda: psnr(a, b, data_range=0.0)),
        ("negative", "data_range", lambda: psnr(a, b, data_range=-1.0)),
        ("non_monotonic", "data_range", lambda: psnr(a, b, data_range=(1.0, 0.0))),
        ("outside_dtype_range", "image_true", lambda: psnr(a + 2.0, b, data_range="dtype")),
        ("zero_data_range", "image_true", lambda: psnr(np.full_like(a, 0.5), b, data_range="data")),
        ("base_one", "base", lambda: psnr(a, b, data_range=1.0, base=1.0)),
    ])


# ------------------------------------------------------------------ SSIM

_SSIM, _MAP, _MS = "structural_similarity", "structural_similarity_map", "multiscale_structural_similarity"


@prop(f"definition[{_SSIM}]",
      "SSIM is the mean over the map of (2 mu_x mu_y + C1)(2 s_xy + C2) / ((mu_x^2 + mu_y^2 + C1)(s_x^2 + s_y^2 + "
      "C2)), C = (K R)^2, computed window by window with centred moments: scikit-image's convention (7x7 uniform "
      "or 11-tap Gaussian window, sample covariance, the windows inside the image) and torchmetrics' (Gaussian or "
      "uniform, population covariance, the image mirrored past its border, every pixel)", kind="relation",
      needs=_needs(_SSIM, SSIM_FORMS, "data_range"), strategy=grey_pairs(sides=(11, 13)), defines=_SSIM)
def ssim_definition(t, ex):
    _ssim_forms_against_definition(t, ex, full=False)


def _ssim_forms_against_definition(t, ex, *, full: bool) -> None:
    """Every SSIM form of the target (the mean, or with ``full`` the map) against the window-by-window definition."""
    a, b = ex
    metric, what = (t.structural_similarity_map, "SSIM map") if full else (t.structural_similarity, "SSIM")
    for kw in SSIM_FORMS:
        with findings.form(view=t):
            expect_close(np.asarray(metric(a, b, data_range=1.0, **kw), dtype=float),
                         _ssim_definition(a, b, 1.0, kw, full=full), rtol=WINDOW_MOMENTS, atol=WINDOW_MOMENTS_ABS,
                         ops=SSIM_OPS, what=f"{what}({kw}) vs its definition")


@prop(f"definition[{_MAP}]",
      "the SSIM map at every pixel, computed window by window; near the border scikit-image reflects the image "
      "(d c b a | a b c d) and torchmetrics mirrors it (d c b | a b c d)", kind="relation",
      needs=_needs(_MAP, SSIM_FORMS, "data_range"), strategy=grey_pairs(sides=(11, 13)), defines=_MAP)
def ssim_map_definition(t, ex):
    _ssim_forms_against_definition(t, ex, full=True)


@prop(f"map_mean[{_MAP}]",
      "structural_similarity is the mean of structural_similarity_map: over the windows inside the image "
      "(scikit-image) or over every pixel (torchmetrics)", kind="relation",
      needs=(*_needs(_MAP, SSIM_FORMS[::4], "data_range"), *_needs(_SSIM, SSIM_FORMS[::4], "data_range")),
      strategy=grey_pairs())
def ssim_map_mean(t, ex):
    a, b = ex
    for kw in SSIM_FORMS[::4]:
        with findings.form(view=t):
            full = np.asarray(t.structural_similarity_map(a, b, data_range=1.0, **kw), dtype=float)
            pad = 3 if not kw else 0
            inside = full[pad:full.shape[0] - pad, pad:full.shape[1] - pad]
            expect_close(t.structural_similarity(a, b, data_range=1.0, **kw), inside.mean(), rtol=ROUNDING,
                         atol=ROUNDING, ops=SSIM_OPS, what=f"SSIM({kw}) vs the mean of its map")


def _flat_ssim(p, q, r=1.0):
    c1 = (0.01 * r) ** 2
    return (2 * p * q + c1) / (p * p + q * q + c1)


@prop(f"bounds_and_identity[{_SSIM}]",
      "SSIM lies in [-1, 1], is 1 for identical images, and for two flat images p, q is the luminance term "
      "(2 p q + C1) / (p^2 + q^2 + C1) (Wang et al. 2004 eq. 6: the contrast and structure terms are C2/C2 = 1), "
      "in both conventions", kind="identity", needs=_needs(_SSIM, SSIM_FORMS[::4], "data_range"),
      strategy=tuples_with_edges(grey_pairs(), st.integers(0, STEP), st.integers(0, STEP)))
def ssim_bounds(t, ex):
    (a, b), p, q = ex
    for kw in SSIM_FORMS[::4]:
        with findings.form(view=t):
            expect_in_range(t.structural_similarity(a, b, data_range=1.0, **kw), -1.0, 1.0, what=f"SSIM({kw})")
            expect_close(t.structural_similarity(a, a.copy(), data_range=1.0, **kw), 1.0, rtol=1e-12, atol=1e-12,
                         what=f"SSIM({kw}) of an image with itself")
            flat = np.full_like(a, p / STEP), np.full_like(a, q / STEP)
            expect_close(t.structural_similarity(*flat, data_range=1.0, **kw), _flat_ssim(p / STEP, q / STEP),
                         rtol=ROUNDING, atol=ROUNDING, ops=SSIM_OPS, what=f"SSIM({kw}) of flat images {p}/8 and {q}/8")


@prop(f"symmetry[{_SSIM}]", "SSIM(x, y) = SSIM(y, x) in both conventions", kind="symmetry",
      needs=_needs(_SSIM, SSIM_FORMS[::4], "data_range"), strategy=grey_pairs())
def ssim_symmetry(t, ex):
    a, b = ex
    for kw in SSIM_FORMS[::4]:
        with findings.form(view=t):
            expect_close(t.structural_similarity(b, a, data_range=1.0, **kw),
                         t.structural_similarity(a, b, data_range=1.0, **kw), rtol=ROUNDING, atol=ROUNDING,
                         ops=SSIM_OPS, what=f"SSIM({kw}) with the images swapped")


@prop(f"invariances[{_SSIM}]",
      "SSIM does not change when both images are transposed or flipped alike, nor when both images and the data "
      "range are multiplied by one power of two", kind="invariance",
      needs=_needs(_SSIM, SSIM_FORMS[::4], "data_range"), strategy=tuples_with_edges(grey_pairs(), st.integers(-3, 3)))
def ssim_invariances(t, ex):
    (a, b), power = ex
    for kw in SSIM_FORMS[::4]:
        with findings.form(view=t):
            base = t.structural_similarity(a, b, data_range=1.0, **kw)
            for what, (x, y) in (("transposed", (a.T, b.T)), ("flipped up-down", (a[::-1], b[::-1])),
                                 ("flipped left-right", (a[:, ::-1], b[:, ::-1]))):
                expect_close(t.structural_similarity(x.copy(), y.copy(), data_range=1.0, **kw), base, rtol=ROUNDING,
                             atol=ROUNDING, ops=SSIM_OPS, what=f"SSIM({kw}) of both images {what}")
            k = 2.0**power
            expect_close(t.structural_similarity(a * k, b * k, data_range=k, **kw), base, rtol=ROUNDING,
                         atol=ROUNDING, ops=SSIM_OPS, what=f"SSIM({kw}) of both images and data_range times {k}")


@prop(f"data_range_rules[{_SSIM}]",
      "data_range='dtype' is the full range of image_true's integer dtype (255 for uint8), 'data' the larger of "
      "the two images' max - min, and (low, high) clips both images with R = high - low", kind="relation",
      needs=_needs(_SSIM, ({"data_range": 1, "convention": "torchmetrics"},)), strategy=grey_pairs())
def ssim_range_rules(t, ex):
    a, b = ex
    u, v = _uint8(ex)
    for kw in ({}, {"convention": "torchmetrics"}):
        cases = [("'dtype' on uint8", (u, v, "dtype"), (u, v, 255.0)),
                 ("(0.25, 0.75)", (a, b, (0.25, 0.75)), (np.clip(a, 0.25, 0.75), np.clip(b, 0.25, 0.75), 0.5))]
        spread = max(np.ptp(a), np.ptp(b))
        if spread > 0:
            cases.append(("'data'", (a, b, "data"), (a, b, float(spread))))
        for what, (x, y, rule), (p, q, r) in cases:
            with findings.form(view=t):
                expect_close(t.structural_similarity(x, y, data_range=rule, **kw),
                             t.structural_similarity(p, q, data_range=r, **kw), rtol=ROUNDING, atol=ROUNDING,
                             ops=SSIM_OPS, what=f"SSIM({kw}) with data_range {what}")


@prop(f"channels[{_SSIM}]",
      "with channel_axis, SSIM is the mean of the channels' SSIMs, wherever the channel axis lies", kind="relation",
      needs=_needs(_SSIM, SSIM_FORMS[::4], "data_range", "channel_axis"), strategy=grey_pairs())
def ssim_channels(t, ex):
    x, y = _channels(ex)
    for kw in SSIM_FORMS[::4]:
        with findings.form(view=t):
            each = [t.structural_similarity(x[:, :, c], y[:, :, c], data_range=1.0, **kw) for c in range(3)]
            for axis in (-1, 0):
                got = t.structural_similarity(np.moveaxis(x, -1, axis).copy(), np.moveaxis(y, -1, axis).copy(),
                                              data_range=1.0, channel_axis=axis, **kw)
                expect_close(got, float(np.mean(each)), rtol=ROUNDING, atol=ROUNDING, ops=SSIM_OPS,
                             what=f"SSIM({kw}, channel_axis={axis}) vs the mean over its 3 channels")


@prop(f"refuses_bad_input[{_SSIM}]",
      "SSIM refuses images of different shapes, NaN pixels, a window larger than the image, an even win_size, "
      "K1 <= 0, data_range <= 0, 'dtype' on a float image, and a 3-D image without channel_axis, naming the "
      "argument, in both conventions", kind="refusal",
      needs=_needs(_SSIM, ({"data_range": 1, "win_size": 3, "K1": 1, "convention": "torchmetrics",
                            "gaussian_weights": False},)), strategy=grey_pairs())
def ssim_refusals(t, ex):
    a, b = ex
    for kw in ({}, {"convention": "torchmetrics"}):
        def ssim(*images, **options):
            return t.structural_similarity(*images, **kw, **options)

        with findings.form(view=t):
            _refusals(t, [
                ("shape_mismatch", "image_test", lambda: ssim(a, b[:-1], data_range=1.0)),
                ("nan", "image_true", lambda: ssim(_with_nan(a), b, data_range=1.0)),
                ("smaller_than_window", "image_true", lambda: ssim(a[:5, :5], b[:5, :5], data_range=1.0)),
                ("even_window", "win_size", lambda: ssim(a, b, data_range=1.0, gaussian_weights=False, win_size=4)),
                ("zero", "K1", lambda: ssim(a, b, data_range=1.0, K1=0.0)),
                ("zero", "data_range", lambda: ssim(a, b, data_range=0.0)),
                ("dtype_of_floats", "data_range", lambda: ssim(a, b, data_range="dtype")),
                ("three_dimensional", "image_true", lambda: ssim(*_channels(ex), data_range=1.0)),
            ])


# ------------------------------------------------------------------ MS-SSIM

#: small scales for the spec: three scales of a 5-tap Gaussian (sigma 0.5) fit a 20-pixel side
MS_FORM = {"betas": (0.2, 0.3, 0.5), "sigma": 0.5}


def _ms_definition(x, y, r, betas, sigma, relu=True):
    """MS-SSIM as torchmetrics states it: contrast-structure means over the windows inside the image at
    every scale but the last, the SSIM mean over every (mirrored) pixel at the last, 2x2 mean pooling."""
    kw = {"convention": "torchmetrics", "sigma": sigma}
    weights, _, _, _ = _ssim_form(kw)
    c1, c2 = (0.01 * r) ** 2, (0.03 * r) ** 2
    pad = weights.shape[0] // 2
    value = 1.0
    for j, beta in enumerate(betas):
        if j == len(betas) - 1:
            term = _ssim_definition(x, y, r, kw)
        else:
            _, _, vx, vy, vxy = _moments(x, y, weights, "reflect", False)
            cs = (2 * vxy + c2) / (vx + vy + c2)
            term = float(cs[pad:cs.shape[0] - pad, pad:cs.shape[1] - pad].mean())
        value *= max(term, 0.0) ** beta if relu else term ** beta
        h, w = x.shape[0] // 2 * 2, x.shape[1] // 2 * 2
        x = (x[:h:2, :w:2] + x[1:h:2, :w:2] + x[:h:2, 1:w:2] + x[1:h:2, 1:w:2]) / 4
        y = (y[:h:2, :w:2] + y[1:h:2, :w:2] + y[:h:2, 1:w:2] + y[1:h:2, 1:w:2]) / 4
    return value


_ms_pairs = grey_pairs(sides=(20, 23))


@prop(f"definition[{_MS}]",
      "MS-SSIM = prod_{j<M} cs_j^beta_j * ssim_M^beta_M, each term clipped at 0 (relu), the images halved by 2x2 "
      "mean pooling between scales, cs_j the contrast-structure mean over the windows inside the image, ssim_M "
      "the mean SSIM over every mirrored pixel (torchmetrics' convention), computed window by window",
      kind="relation", needs=_needs(_MS, (MS_FORM,), "data_range"), strategy=_ms_pairs, defines=_MS)
def ms_ssim_definition(t, ex):
    a, b = ex
    expect_close(t.multiscale_structural_similarity(a, b, data_range=1.0, **MS_FORM),
                 _ms_definition(a, b, 1.0, MS_FORM["betas"], MS_FORM["sigma"]), rtol=WINDOW_MOMENTS,
                 atol=WINDOW_MOMENTS_ABS, ops=SSIM_OPS, what=f"MS-SSIM({MS_FORM}) vs its definition")


@prop(f"one_scale_is_ssim[{_MS}]",
      "with a single scale (betas=(1.0,)), MS-SSIM is max(SSIM, 0) with the torchmetrics convention",
      kind="relation", needs=(*_needs(_MS, (MS_FORM,), "data_range"),
                              *_needs(_SSIM, ({"convention": 1, "sigma": 1, "data_range": 1},))),
      strategy=grey_pairs())
def ms_ssim_one_scale(t, ex):
    a, b = ex
    ssim = t.structural_similarity(a, b, data_range=1.0, convention="torchmetrics", sigma=0.5)
    expect_close(t.multiscale_structural_similarity(a, b, data_range=1.0, betas=(1.0,), sigma=0.5),
                 max(float(ssim), 0.0), rtol=ROUNDING, atol=ROUNDING, ops=SSIM_OPS, what="one-scale MS-SSIM vs SSIM")


@prop(f"bounds_and_identity[{_MS}]", "MS-SSIM lies in [0, 1], is 1 for identical images, and is symmetric",
      kind="identity", needs=_needs(_MS, (MS_FORM,), "data_range"), strategy=_ms_pairs)
def ms_ssim_bounds(t, ex):
    a, b = ex
    value = t.multiscale_structural_similarity(a, b, data_range=1.0, **MS_FORM)
    expect_in_range(value, 0.0, 1.0, what="MS-SSIM")
    expect_close(t.multiscale_structural_similarity(a, a.copy(), data_range=1.0, **MS_FORM), 1.0, rtol=1e-12,
                 atol=1e-12, what="MS-SSIM of an image with itself")
    expect_close(t.multiscale_structural_similarity(b, a, data_range=1.0, **MS_FORM), value, rtol=ROUNDING,
                 atol=ROUNDING, ops=SSIM_OPS, what="MS-SSIM with the images swapped")


@prop(f"refuses_bad_input[{_MS}]",
      "MS-SSIM refuses images too small for its scales, different shapes, NaN pixels and betas that are not "
      "positive, naming the argument", kind="refusal", needs=_needs(_MS, (MS_FORM,), "data_range"),
      strategy=_ms_pairs)
def ms_ssim_refusals(t, ex):
    a, b = ex
    ms = t.multiscale_structural_similarity
    _refusals(t, [
        ("smaller_than_scales", "image_true", lambda: ms(a[:12, :12], b[:12, :12], data_range=1.0, **MS_FORM)),
        ("shape_mismatch", "image_test", lambda: ms(a, b[:-1], data_range=1.0, **MS_FORM)),
        ("nan", "image_true", lambda: ms(_with_nan(a), b, data_range=1.0, **MS_FORM)),
        ("negative", "betas", lambda: ms(a, b, data_range=1.0, betas=(0.5, -0.5), sigma=0.5)),
    ])


# ------------------------------------------------------------------ UIQI and D_lambda

_UIQI, _DL = "universal_image_quality_index", "spectral_distortion_index"
#: UIQI's default window is 8 pixels wide
_uiqi_pairs = grey_pairs(sides=(8, 12))
UIQI_FORMS = ({}, {"kernel_size": 3}, {"kernel_size": 5, "sigma": 1.0}, {"kernel_size": 7, "sigma": 1.5})


def _uiqi_definition(x, y, kernel_size=8, sigma=None):
    """Q of every window inside the image, averaged; flat windows as Wang's img_qi.m."""
    weights = np.full((kernel_size, kernel_size), 1.0 / kernel_size**2) if sigma is None else _gauss(kernel_size,
                                                                                                    sigma)
    wx, wy = _windows(x, kernel_size, None), _windows(y, kernel_size, None)
    mx, my, vx, vy, vxy = _moments(x, y, weights, None, False)
    flat_x = wx.max(axis=(2, 3)) == wx.min(axis=(2, 3))
    flat_y = wy.max(axis=(2, 3)) == wy.min(axis=(2, 3))
    q = np.ones(mx.shape)
    for i in np.ndindex(mx.shape):
        contrast = 0.0 if flat_x[i] and flat_y[i] else vx[i] + vy[i]
        luminance = mx[i] ** 2 + my[i] ** 2
        if contrast > 0 and luminance > 0:
            q[i] = 4 * vxy[i] * mx[i] * my[i] / (contrast * luminance)
        elif luminance > 0:
            q[i] = 2 * mx[i] * my[i] / luminance
    return float(q.mean())


@prop(f"definition[{_UIQI}]",
      "Q = mean over the windows inside the image of 4 s_xy mu_x mu_y / ((s_x^2 + s_y^2)(mu_x^2 + mu_y^2)), a "
      "uniform window (8 by default) or a Gaussian one, flat windows as Wang's img_qi.m (the luminance term; 1 "
      "when both means are 0 too)", kind="relation", needs=_needs(_UIQI, UIQI_FORMS), strategy=_uiqi_pairs,
      defines=_UIQI)
def uiqi_definition(t, ex):
    a, b = ex
    for kw in UIQI_FORMS:
        with findings.form(view=t):
            expect_close(t.universal_image_quality_index(a, b, **kw), _uiqi_definition(a, b, **kw),
                         rtol=WINDOW_MOMENTS, atol=WINDOW_MOMENTS_ABS, ops=UIQI_OPS, what=f"UIQI({kw}) vs its definition")


@prop(f"bounds_and_identity[{_UIQI}]",
      "Q lies in [-1, 1], is symmetric, is 1 for identical images (flat ones included), and for two flat images "
      "p, q is 2 p q / (p^2 + q^2)", kind="identity", needs=_needs(_UIQI, UIQI_FORMS),
      strategy=tuples_with_edges(_uiqi_pairs, st.integers(1, STEP), st.integers(1, STEP)))
def uiqi_bounds(t, ex):
    (a, b), p, q = ex
    for kw in UIQI_FORMS[::2]:
        with findings.form(view=t):
            value = t.universal_image_quality_index(a, b, **kw)
            expect_in_range(value, -1.0, 1.0, what=f"UIQI({kw})")
            expect_close(t.universal_image_quality_index(b, a, **kw), value, rtol=ROUNDING, atol=ROUNDING,
                         ops=UIQI_OPS, what=f"UIQI({kw}) with the images swapped")
            expect_close(t.universal_image_quality_index(a, a.copy(), **kw), 1.0, rtol=1e-12, atol=1e-12,
                         what=f"UIQI({kw}) of an image with itself")
            expect_close(t.universal_image_quality_index(np.full_like(a, p / STEP), np.full_like(a, q / STEP), **kw),
                         2 * p * q / (p * p + q * q), rtol=ROUNDING, atol=ROUNDING, ops=UIQI_OPS,
                         what=f"UIQI({kw}) of flat images {p}/8 and {q}/8")


@prop(f"refuses_bad_input[{_UIQI}]",
      "UIQI refuses images of different shapes, NaN pixels, a window larger than the image, kernel_size < 1 and "
      "an even Gaussian window, naming the argument", kind="refusal", needs=_needs(_UIQI, UIQI_FORMS),
      strategy=_uiqi_pairs)
def uiqi_refusals(t, ex):
    a, b = ex
    q = t.universal_image_quality_index
    _refusals(t, [
        ("shape_mismatch", "image_test", lambda: q(a, b[:-1])),
        ("nan", "image_test", lambda: q(a, _with_nan(b))),
        ("smaller_than_window", "image_true", lambda: q(a[:4, :4], b[:4, :4])),
        ("zero", "kernel_size", lambda: q(a, b, kernel_size=0)),
        ("even_window", "kernel_size", lambda: q(a, b, kernel_size=4, sigma=1.0)),
    ])


#: torchmetrics' D_lambda has no window option: its UQI's 11-tap Gaussian of sigma 1.5 (the catalog's default)
DL_FORM: dict = {}
_dl_pairs = spectral_pairs(sides=(11, 13))


def _dl_definition(m, f, p=1, kernel_size=11, sigma=1.5):
    n = m.shape[2]
    total = 0.0
    for i in range(n):
        for j in range(n):
            if i != j:
                total += abs(_uiqi_definition(f[:, :, i], f[:, :, j], kernel_size, sigma)
                             - _uiqi_definition(m[:, :, i], m[:, :, j], kernel_size, sigma)) ** p
    return (total / (n * (n - 1))) ** (1 / p)


@prop(f"definition[{_DL}]",
      "D_lambda = (1 / (L (L - 1)) sum_{l != r} |Q(F_l, F_r) - Q(M_l, M_r)|^p)^(1/p) with the spec's own Q, for "
      "p = 1 and 2", kind="relation", needs=_needs(_DL, ({**DL_FORM, "p": 2},)), strategy=_dl_pairs,
      defines=_DL)
def dl_definition(t, ex):
    m, f = ex
    for p in (1, 2):
        with findings.form(view=t):
            expect_close(t.spectral_distortion_index(m, f, p=p, **DL_FORM), _dl_definition(m, f, p, **DL_FORM),
                         rtol=WINDOW_MOMENTS, atol=WINDOW_MOMENTS_ABS, ops=UIQI_OPS,
                         what=f"D_lambda(p={p}) vs its definition")


@prop(f"bounds_and_identity[{_DL}]",
      "D_lambda lies in [0, 2], is 0 for identical images and symmetric", kind="identity",
      needs=_needs(_DL, (DL_FORM,)), strategy=_dl_pairs)
def dl_bounds(t, ex):
    m, f = ex
    value = t.spectral_distortion_index(m, f, **DL_FORM)
    expect_in_range(value, 0.0, 2.0, what="D_lambda")
    expect_close(t.spectral_distortion_index(m, m.copy(), **DL_FORM), 0.0, rtol=0, atol=1e-12,
                 what="D_lambda of an image with itself")
    expect_close(t.spectral_distortion_index(f, m, **DL_FORM), value, rtol=ROUNDING, atol=ROUNDING, ops=UIQI_OPS,
                 what="D_lambda with the images swapped")


@prop(f"refuses_bad_input[{_DL}]",
      "D_lambda refuses different band counts, NaN pixels, an image smaller than the window and p < 1, naming "
      "the argument", kind="refusal", needs=_needs(_DL, ({**DL_FORM, "p": 2},)), strategy=_dl_pairs)
def dl_refusals(t, ex):
    m, f = ex
    d = t.spectral_distortion_index
    _refusals(t, [
        ("band_mismatch", "image_fused", lambda: d(m, np.concatenate([f, f[:, :, :1]], axis=2), **DL_FORM)),
        ("nan", "image_ms", lambda: d(_with_nan(m), f, **DL_FORM)),
        ("smaller_than_window", "image_ms", lambda: d(m[:3, :3], f, **DL_FORM)),
        ("zero", "p", lambda: d(m, f, p=0, **DL_FORM)),
    ])


# ------------------------------------------------------------------ total variation and gradients

_TV, _GRAD = "total_variation", "image_gradients"


def _tv_definition(x):
    h, w = x.shape
    return (sum(abs(float(x[i + 1, j]) - float(x[i, j])) for i in range(h - 1) for j in range(w))
            + sum(abs(float(x[i, j + 1]) - float(x[i, j])) for i in range(h) for j in range(w - 1)))


def _one_images(pairs):
    return pairs.map(lambda ex: ex[1])


_images = with_edges(_one_images(grey_pairs(sides=(1, 9))),
                     tuple((n, ex[1]) for n, ex in grey_edges()) + (("one_pixel", np.array([[0.5]])),
                                                                    ("one_row", np.array([[0.0, 1.0, 0.25]]))))


@prop(f"definition[{_TV}]",
      "TV = sum |x[i+1, j] - x[i, j]| + sum |x[i, j+1] - x[i, j]|, summed in the spec, and over the channels with "
      "channel_axis", kind="relation", needs=(_TV, f"{_TV}:channel_axis"), strategy=_images, defines=_TV)
def tv_definition(t, x):
    expect_close(t.total_variation(x), _tv_definition(x), rtol=ROUNDING, atol=ROUNDING, what="TV vs its definition")
    stack = np.stack([x, 1.0 - x], axis=0)
    expect_close(t.total_variation(stack, channel_axis=0), 2 * _tv_definition(x), rtol=ROUNDING, atol=ROUNDING,
                 what="TV of the image and its negative as two channels")


@prop(f"invariances[{_TV}]",
      "TV(a x + b) = |a| TV(x), and TV does not change when the image is transposed, flipped or turned by a "
      "quarter; 0 exactly for a flat image", kind="invariance", needs=(_TV,),
      strategy=tuples_with_edges(_images, st.integers(-3, 3), st.integers(-4, 4)))
def tv_invariances(t, ex):
    x, a, b = ex
    base = float(t.total_variation(x))
    expect_close(t.total_variation(a * x + b), abs(a) * base, rtol=ROUNDING, atol=ROUNDING,
                 what=f"TV({a} x + {b})")
    for what, y in (("transposed", x.T), ("flipped", x[::-1]), ("turned", np.rot90(x))):
        expect_close(t.total_variation(y.copy()), base, rtol=ROUNDING, atol=ROUNDING, what=f"TV of the image {what}")
    expect_close(t.total_variation(np.full_like(x, 0.375)), 0.0, rtol=0, atol=0, what="TV of a flat image")


@prop(f"definition[{_GRAD}]",
      "dy[i, j] = x[i+1, j] - x[i, j] and dx[i, j] = x[i, j+1] - x[i, j], 0 on the last row (dy) and column (dx)",
      kind="relation", needs=(_GRAD,), strategy=_images, defines=_GRAD)
def gradients_definition(t, x):
    dy, dx = (np.asarray(g, dtype=float) for g in t.image_gradients(x))
    h, w = x.shape
    want_dy = [[x[i + 1, j] - x[i, j] if i < h - 1 else 0.0 for j in range(w)] for i in range(h)]
    want_dx = [[x[i, j + 1] - x[i, j] if j < w - 1 else 0.0 for j in range(w)] for i in range(h)]
    expect_close(dy, np.array(want_dy), rtol=0, atol=1e-15, what="dy vs the forward differences down the rows")
    expect_close(dx, np.array(want_dx), rtol=0, atol=1e-15, what="dx vs the forward differences along the rows")


@prop(f"total_variation_relation[{_GRAD}]",
      "sum |dy| + sum |dx| is the total variation, and each column of dy sums to x[H-1, j] - x[0, j] (it "
      "telescopes)", kind="relation", needs=(_GRAD, _TV), strategy=_images)
def gradients_tv(t, x):
    dy, dx = (np.asarray(g, dtype=float) for g in t.image_gradients(x))
    expect_close(np.abs(dy).sum() + np.abs(dx).sum(), t.total_variation(x), rtol=ROUNDING, atol=ROUNDING,
                 what="sum |dy| + sum |dx| vs TV")
    expect_close(dy.sum(axis=0), x[-1] - x[0], rtol=ROUNDING, atol=ROUNDING, what="column sums of dy")


for _name in (_TV, _GRAD):

    def _one_image_refusals(t, x, name=_name):
        metric = getattr(t, name)
        _refusals(t, [
            ("nan", "image", lambda: metric(_with_nan(x))),
            ("empty", "image", lambda: metric(x[:0])),
            ("one_dimensional", "image", lambda: metric(x.ravel())),
            ("three_dimensional", "image", lambda: metric(np.stack([x, x], axis=-1))),
        ])

    register(f"refuses_bad_input[{_name}]", f"{_name} refuses NaN pixels, an empty image, a 1-D array and a 3-D "
             "array without channel_axis, naming the argument", kind="refusal", needs=(_name,),
             check=_one_image_refusals, strategy=_images)


# ------------------------------------------------------------------ the spectral metrics

_ERGAS, _SAM = "error_relative_global_dimensionless_synthesis", "spectral_angle_mapper"
_RASE, _RMSE_SW = "relative_average_spectral_error", "root_mean_squared_error_using_sliding_window"


def _bands(x):
    return [x[:, :, c] for c in range(x.shape[2])]


def _mean(values):
    values = list(values)
    return sum(values) / len(values)


def _ergas_definition(x, y, ratio=4.0):
    terms = []
    for t_band, p_band in zip(_bands(x), _bands(y)):
        rmse = math.sqrt(_mean((float(a) - float(b)) ** 2 for a, b in zip(t_band.ravel(), p_band.ravel())))
        terms.append((rmse / _mean(t_band.ravel())) ** 2)
    return 100 / ratio * math.sqrt(_mean(terms))


@prop(f"definition[{_ERGAS}]",
      "ERGAS = (100 / ratio) sqrt(mean over bands of (RMSE_band / mean of image_true's band)^2), for ratio 4 and 2",
      kind="relation", needs=(_ERGAS, f"{_ERGAS}:ratio"), strategy=spectral_pairs(), defines=_ERGAS)
def ergas_definition(t, ex):
    a, b = ex
    for ratio in (4.0, 2.0):
        with findings.form(view=t):
            expect_close(t.error_relative_global_dimensionless_synthesis(a, b, ratio=ratio),
                         _ergas_definition(a, b, ratio), rtol=ROUNDING, atol=ROUNDING,
                         what=f"ERGAS(ratio={ratio}) vs its definition")


def _sam_definition(x, y):
    angles = []
    for i, j in np.ndindex(x.shape[:2]):
        u, v = x[i, j].tolist(), y[i, j].tolist()
        cos = sum(p * q for p, q in zip(u, v)) / math.sqrt(sum(p * p for p in u) * sum(q * q for q in v))
        angles.append(math.acos(max(-1.0, min(1.0, cos))))
    return _mean(angles)


#: acos near 1 keeps half the digits: float64 angles of parallel spectra come out up to ~1.5e-8 from 0
ACOS_NEAR_ONE = 2e-8


@prop(f"definition[{_SAM}]",
      "SAM = mean over pixels of acos(<t, p> / (|t| |p|)), the angle between the pixel's two spectra",
      kind="relation", needs=(_SAM,), strategy=spectral_pairs(), defines=_SAM)
def sam_definition(t, ex):
    a, b = ex
    expect_close(t.spectral_angle_mapper(a, b), _sam_definition(a, b), rtol=1e-9, atol=ACOS_NEAR_ONE,
                 what="SAM vs its definition")


def _local_windows(x, size):
    return np.lib.stride_tricks.sliding_window_view(x, (size, size), axis=(0, 1))  # (H', W', C, size, size)


def _rmse_sw_definition(x, y, size):
    err = _local_windows((x - y) ** 2, size)
    return float(np.sqrt(err.mean(axis=(-2, -1))).mean())


def _rase_definition(x, y, size):
    local_mean = _local_windows(x, size).mean(axis=(-3, -2, -1))
    err = _local_windows((x - y) ** 2, size).mean(axis=(-3, -2, -1))
    return float((100 / local_mean * np.sqrt(err)).mean())


@prop(f"definition[{_RMSE_SW}]",
      "RMSE_SW = the mean, over every window inside the image and every channel, of the window's RMSE, for "
      "windows of 8 and 3", kind="relation", needs=(_RMSE_SW, f"{_RMSE_SW}:window_size", f"{_RMSE_SW}:channel_axis"),
      strategy=spectral_pairs(), defines=_RMSE_SW)
def rmse_sw_definition(t, ex):
    a, b = ex
    for size in (8, 3):
        with findings.form(view=t):
            expect_close(t.root_mean_squared_error_using_sliding_window(a, b, window_size=size, channel_axis=-1),
                         _rmse_sw_definition(a, b, size), rtol=WINDOW_MOMENTS, atol=WINDOW_MOMENTS_ABS,
                         what=f"RMSE_SW(window_size={size}) vs its definition")


@prop(f"whole_image_window[{_RMSE_SW}]",
      "a window covering a square grey image gives its plain RMSE (root_mean_squared_error of the pixels)",
      kind="relation", needs=(_RMSE_SW, f"{_RMSE_SW}:window_size", "root_mean_squared_error"),
      strategy=grey_pairs(square=True))
def rmse_sw_whole(t, ex):
    a, b = ex
    expect_close(t.root_mean_squared_error_using_sliding_window(a, b, window_size=a.shape[0]),
                 t.root_mean_squared_error(a.ravel(), b.ravel()), rtol=WINDOW_MOMENTS, atol=WINDOW_MOMENTS_ABS,
                 what="RMSE_SW with one window covering the image vs the RMSE")


@prop(f"definition[{_RASE}]",
      "RASE = the mean over the windows inside the image of (100 / M_w) sqrt(mean over bands of RMSE_band,w^2), "
      "M_w image_true's mean over the window and all bands, for windows of 8 and 3", kind="relation",
      needs=(_RASE, f"{_RASE}:window_size"), strategy=spectral_pairs(), defines=_RASE)
def rase_definition(t, ex):
    a, b = ex
    for size in (8, 3):
        with findings.form(view=t):
            expect_close(t.relative_average_spectral_error(a, b, window_size=size), _rase_definition(a, b, size),
                         rtol=WINDOW_MOMENTS, atol=WINDOW_MOMENTS_ABS, what=f"RASE(window_size={size}) vs its definition")


_SPECTRAL = (_ERGAS, _SAM, _RASE, _RMSE_SW)
_SCALE_FREE = (_ERGAS, _RASE)


def _spectral_call(t, name, a, b):
    kw = {"channel_axis": -1} if name == _RMSE_SW else {}
    return getattr(t, name)(a, b, **kw)


for _name in _SPECTRAL:

    def _bounds_identity(t, ex, name=_name):
        a, b = ex
        lo, hi = CAPABILITIES[name].range
        expect_in_range(_spectral_call(t, name, a, b), lo, math.inf if hi is None else hi, what=name)
        expect_close(_spectral_call(t, name, a, a.copy()), 0.0, rtol=0, atol=1e-12,
                     what=f"{name} of an image with itself")
        if CAPABILITIES[name].symmetric:
            expect_close(_spectral_call(t, name, b, a), _spectral_call(t, name, a, b), rtol=ROUNDING, atol=ROUNDING,
                         what=f"{name} with the images swapped")

    register(f"bounds_and_identity[{_name}]",
             f"{_name} lies in its range, is 0 for identical images"
             + (" and is symmetric" if CAPABILITIES[_name].symmetric else ""), kind="identity",
             needs=(_name, *((f"{_name}:channel_axis",) if _name == _RMSE_SW else ())), check=_bounds_identity,
             strategy=spectral_pairs())


for _name in _SCALE_FREE:

    def _scale_free(t, ex, name=_name):
        (a, b), power = ex
        k = 2.0**power
        expect_close(_spectral_call(t, name, a * k, b * k), _spectral_call(t, name, a, b), rtol=ROUNDING,
                     atol=ROUNDING, what=f"{name} of both images times {k}")

    register(f"scale_invariance[{_name}]", f"{_name} does not change when both images are multiplied by one power "
             "of two", kind="invariance", needs=(_name,), check=_scale_free,
             strategy=tuples_with_edges(spectral_pairs(), st.integers(-3, 3)))


@prop(f"ratio_scaling[{_ERGAS}]", "ERGAS(ratio=r) = (4 / r) ERGAS(ratio=4): the ratio only scales", kind="relation",
      needs=(_ERGAS, f"{_ERGAS}:ratio"),
      strategy=tuples_with_edges(spectral_pairs(), st.sampled_from([1.0, 2.0, 0.5, 8.0])))
def ergas_ratio(t, ex):
    (a, b), r = ex
    expect_close(t.error_relative_global_dimensionless_synthesis(a, b, ratio=r),
                 4 / r * float(t.error_relative_global_dimensionless_synthesis(a, b, ratio=4.0)), rtol=ROUNDING,
                 atol=ROUNDING, what=f"ERGAS(ratio={r}) vs 4/{r} ERGAS(ratio=4)")


@prop(f"scale_invariance[{_SAM}]",
      "SAM does not change when any pixel of either image is multiplied by a positive constant, and is 0 for "
      "parallel spectra (an image against twice itself)", kind="invariance", needs=(_SAM,),
      strategy=tuples_with_edges(spectral_pairs(), st.integers(-2, 2)))
def sam_scale(t, ex):
    (a, b), power = ex
    scale = 2.0 ** ((np.arange(a.shape[0] * a.shape[1]).reshape(a.shape[:2]) % 3) + power)[:, :, None]
    expect_close(t.spectral_angle_mapper(a * scale, b), t.spectral_angle_mapper(a, b), rtol=ROUNDING, atol=ROUNDING,
                 what="SAM with image_true's pixels scaled by powers of two")
    expect_close(t.spectral_angle_mapper(a, 2.0 * a), 0.0, rtol=0, atol=1e-12, what="SAM of parallel spectra")


def _zero_spectrum(a):
    z = a.copy()
    z[0, 0, :] = 0.0
    return z


@prop(f"refuses_bad_input[{_ERGAS}]",
      "ERGAS refuses a band of image_true with mean 0, ratio <= 0, different shapes and NaN pixels, naming the "
      "argument", kind="refusal", needs=(_ERGAS, f"{_ERGAS}:ratio"), strategy=spectral_pairs())
def ergas_refusals(t, ex):
    a, b = ex
    e = t.error_relative_global_dimensionless_synthesis
    zero = a.copy()
    zero[:, :, 0] = 0.0
    _refusals(t, [
        ("zero_mean_band", "image_true", lambda: e(zero, b)),
        ("zero", "ratio", lambda: e(a, b, ratio=0.0)),
        ("shape_mismatch", "image_test", lambda: e(a, b[:-1])),
        ("nan", "image_test", lambda: e(a, _with_nan(b))),
    ])


@prop(f"refuses_bad_input[{_SAM}]",
      "SAM refuses an all-zero spectrum (no direction), a single band, different shapes and NaN pixels, naming "
      "the argument", kind="refusal", needs=(_SAM,), strategy=spectral_pairs())
def sam_refusals(t, ex):
    a, b = ex
    sam = t.spectral_angle_mapper
    _refusals(t, [
        ("zero_spectrum", "image_true", lambda: sam(_zero_spectrum(a), b)),
        ("zero_spectrum", "image_test", lambda: sam(a, _zero_spectrum(b))),
        ("one_band", "image_true", lambda: sam(a[:, :, :1], b[:, :, :1])),
        ("shape_mismatch", "image_test", lambda: sam(a, b[:-1])),
        ("nan", "image_true", lambda: sam(_with_nan(a), b)),
    ])


for _name in (_RASE, _RMSE_SW):

    def _window_refusals(t, ex, name=_name):
        a, b = ex
        kw = {"channel_axis": -1} if name == _RMSE_SW else {}
        metric = getattr(t, name)
        cases = [
            ("larger_than_image", "image_true", lambda: metric(a, b, window_size=a.shape[0] + 1, **kw)),
            ("zero", "window_size", lambda: metric(a, b, window_size=0, **kw)),
            ("shape_mismatch", "image_test", lambda: metric(a, b[:-1], **kw)),
            ("nan", "image_test", lambda: metric(a, _with_nan(b), **kw)),
        ]
        if name == _RASE:
            cases.append(("zero_mean", "image_true", lambda: metric(np.zeros_like(a), b, **kw)))
        _refusals(t, cases)

    register(f"refuses_bad_input[{_name}]", f"{_name} refuses a window larger than the image, window_size < 1, "
             "different shapes and NaN pixels" + (", and an image_true of mean 0" if _name == _RASE else "")
             + ", naming the argument", kind="refusal",
             needs=(_name, f"{_name}:window_size", *((f"{_name}:channel_axis",) if _name == _RMSE_SW else ())),
             check=_window_refusals, strategy=spectral_pairs())
