"""Our image metrics, and the clustering distances added with them, refuse bad input with a MetricInputError
that names the argument."""

import numpy as np
import pytest

import metrics
from metrics import MetricInputError

A = (np.add.outer(np.arange(12), np.arange(12)) % 9) / 8.0
B = A[::-1].copy()
NAN = A.copy()
NAN[3, 3] = np.nan
INF = B.copy()
INF[0, 0] = np.inf
S = np.stack([A + 0.125, B + 0.125, A * 0 + 0.5], axis=-1)
ZERO_PIXEL = S.copy()
ZERO_PIXEL[2, 5, :] = 0.0

CASES = [
    # (case, call, argument the message must name)
    ("psnr: different shapes", lambda: metrics.peak_signal_noise_ratio(A, B[:-1], data_range=1.0), "image_test"),
    ("psnr: NaN", lambda: metrics.peak_signal_noise_ratio(NAN, B, data_range=1.0), "image_true"),
    ("psnr: infinite", lambda: metrics.peak_signal_noise_ratio(A, INF, data_range=1.0), "image_test"),
    ("psnr: empty", lambda: metrics.peak_signal_noise_ratio(A[:0], B[:0], data_range=1.0), "image_true"),
    ("psnr: data_range 0", lambda: metrics.peak_signal_noise_ratio(A, B, data_range=0), "data_range"),
    ("psnr: data_range a bool", lambda: metrics.peak_signal_noise_ratio(A, B, data_range=True), "data_range"),
    ("psnr: (low, high) reversed", lambda: metrics.peak_signal_noise_ratio(A, B, data_range=(1, 0)), "data_range"),
    ("psnr: unknown rule", lambda: metrics.peak_signal_noise_ratio(A, B, data_range="max"), "data_range"),
    ("psnr: 'dtype' on floats beyond [-1, 1]",
     lambda: metrics.peak_signal_noise_ratio(A * 3, B, data_range="dtype"), "image_true"),
    ("psnr: 'data' on a flat reference",
     lambda: metrics.peak_signal_noise_ratio(np.ones((4, 4)), B[:4, :4], data_range="data"), "image_true"),
    ("psnr: base 1", lambda: metrics.peak_signal_noise_ratio(A, B, data_range=1.0, base=1), "base"),
    ("psnr: dim outside the image", lambda: metrics.peak_signal_noise_ratio(A, B, data_range=1.0, dim=2), "dim"),
    ("psnr: dim twice", lambda: metrics.peak_signal_noise_ratio(A, B, data_range=1.0, dim=(0, -2)), "dim"),
    ("psnr: unknown reduction",
     lambda: metrics.peak_signal_noise_ratio(A, B, data_range=1.0, dim=0, reduction="max"), "reduction"),
    ("ssim: window larger than the image",
     lambda: metrics.structural_similarity(A[:6, :6], B[:6, :6], data_range=1.0), "image_true"),
    ("ssim: even win_size", lambda: metrics.structural_similarity(A, B, data_range=1.0, win_size=4), "win_size"),
    ("ssim: win_size with the Gaussian window",
     lambda: metrics.structural_similarity(A, B, data_range=1.0, gaussian_weights=True, win_size=7), "win_size"),
    ("ssim: K2 = 0", lambda: metrics.structural_similarity(A, B, data_range=1.0, K2=0), "K2"),
    ("ssim: sigma < 0",
     lambda: metrics.structural_similarity(A, B, data_range=1.0, gaussian_weights=True, sigma=-1), "sigma"),
    ("ssim: 'dtype' on floats", lambda: metrics.structural_similarity(A, B, data_range="dtype"), "data_range"),
    ("ssim: unknown convention",
     lambda: metrics.structural_similarity(A, B, data_range=1.0, convention="matlab"), "convention"),
    ("ssim: 3-D without channel_axis", lambda: metrics.structural_similarity(S, S, data_range=1.0), "image_true"),
    ("ssim: channel_axis outside the image",
     lambda: metrics.structural_similarity(S, S, data_range=1.0, channel_axis=3), "channel_axis"),
    ("ssim map: NaN", lambda: metrics.structural_similarity_map(NAN, B, data_range=1.0), "image_true"),
    ("ms-ssim: image too small for five scales",
     lambda: metrics.multiscale_structural_similarity(A, B, data_range=1.0), "image_true"),
    ("ms-ssim: negative beta",
     lambda: metrics.multiscale_structural_similarity(A, B, data_range=1.0, betas=(1.0, -1.0), sigma=0.5), "betas"),
    ("ms-ssim: unknown normalize",
     lambda: metrics.multiscale_structural_similarity(A, B, data_range=1.0, betas=(1.0,), normalize="simple"),
     "normalize"),
    ("uiqi: window larger than the image",
     lambda: metrics.universal_image_quality_index(A[:5, :5], B[:5, :5]), "image_true"),
    ("uiqi: even Gaussian window",
     lambda: metrics.universal_image_quality_index(A, B, kernel_size=4, sigma=1.0), "kernel_size"),
    ("d_lambda: band counts differ",
     lambda: metrics.spectral_distortion_index(S, S[:, :, :2], kernel_size=5, sigma=1.0), "image_fused"),
    ("d_lambda: p = 0", lambda: metrics.spectral_distortion_index(S, S, p=0), "p"),
    ("tv: 1-D", lambda: metrics.total_variation(A.ravel()), "image"),
    ("tv: NaN", lambda: metrics.total_variation(NAN), "image"),
    ("gradients: 3-D without channel_axis", lambda: metrics.image_gradients(S), "image"),
    ("gradients: strings", lambda: metrics.image_gradients([["a", "b"]]), "image"),
    ("ergas: a band of mean 0",
     lambda: metrics.error_relative_global_dimensionless_synthesis(S * [1, 1, 0], S), "image_true"),
    ("ergas: ratio 0", lambda: metrics.error_relative_global_dimensionless_synthesis(S, S, ratio=0), "ratio"),
    ("sam: an all-zero spectrum", lambda: metrics.spectral_angle_mapper(S, ZERO_PIXEL), "image_test"),
    ("sam: one band", lambda: metrics.spectral_angle_mapper(S[:, :, :1], S[:, :, :1]), "image_true"),
    ("rase: a reference of mean 0", lambda: metrics.relative_average_spectral_error(S * 0, S), "image_true"),
    ("rase: window larger than the image",
     lambda: metrics.relative_average_spectral_error(S, S, window_size=13), "image_true"),
    ("rmse_sw: window_size 0",
     lambda: metrics.root_mean_squared_error_using_sliding_window(A, B, window_size=0), "window_size"),
    ("vi: every sample ignored",
     lambda: metrics.variation_of_information([0, 0], [1, 2], ignore_labels=[0]), "labels_true"),
    ("vi: base 1", lambda: metrics.variation_of_information([0, 1], [1, 2], base=1), "base"),
    ("vi: ignore_labels a bare label", lambda: metrics.variation_of_information([0, 1], [1, 2], ignore_labels=0),
     "ignore_labels"),
    ("conditional_entropies: lengths differ", lambda: metrics.conditional_entropies([0, 1], [1]), "labels_pred"),
    ("adapted_rand_error: alpha > 1", lambda: metrics.adapted_rand_error([0, 1], [1, 2], alpha=1.5), "alpha"),
]


@pytest.mark.parametrize(("case", "call", "argument"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_raises_metric_input_error_naming_the_argument(case, call, argument):
    with pytest.raises(MetricInputError) as info:
        call()
    assert info.value.argument == argument, f"{case}: names {info.value.argument!r}, expected {argument!r}"
    assert str(info.value).startswith(f"{argument}: ")


def test_psnr_of_identical_images_is_infinite_and_of_huge_values_finite():
    assert metrics.peak_signal_noise_ratio(A, A, data_range=1.0) == np.inf
    # (1e200)^2 overflows a naive mean of squares; the scaled one keeps PSNR = 10 log10(1 / 1e400) = -4000
    big = metrics.peak_signal_noise_ratio(np.zeros((2, 2)), np.full((2, 2), 1e200), data_range=1.0)
    assert big == pytest.approx(-4000.0, rel=1e-12)
