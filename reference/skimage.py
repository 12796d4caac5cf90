"""scikit-image (``skimage.metrics``) under the catalog's names.

- ``mean_squared_error`` and ``normalized_root_mse`` (regression family): skimage takes arrays of any shape and
  averages over every element, which for a 2-D input is the catalog's ``multioutput="uniform_average"`` (the mean
  of equal-length columns); no sample weights, no raw values. ``normalized_root_mse``'s normalizations map to the
  catalog's: 'euclidean' = "l2" (the root mean square of image_true), 'min-max' = "range", 'mean' = "mean"
  (skimage divides by the signed mean).
- ``peak_signal_noise_ratio``: the catalog's ``data_range`` number passes through, ``"dtype"`` is skimage's
  default (``data_range=None``: inferred from image_true's dtype); no (low, high) pair, no "data", base 10 only,
  no dim or reduction.
- ``structural_similarity`` and its map (``full=True``): the catalog's ``convention="skimage"`` is skimage's own;
  ``gaussian_weights``, ``win_size``, ``sigma``, ``use_sample_covariance``, ``K1``, ``K2`` and ``channel_axis``
  pass through (skimage's defaults where the catalog leaves them None); ``data_range="dtype"`` is skimage's
  ``None``.
- ``variation_of_information``: skimage returns the two conditional entropies, in bits, as
  [H(image1 | image0), H(image0 | image1)]: the adapter sums them (the catalog's VI with ``base=2``) and, for
  ``conditional_entropies``, returns them in the catalog's order (H(true | pred), H(pred | true)).
  ``ignore_labels`` passes through (skimage's default () is the catalog's).
- ``adapted_rand_error``: (error, precision, recall) as skimage returns them; the catalog's ``ignore_labels=()``
  is passed explicitly (skimage's own default ignores label 0).
- Left out: ``normalized_mutual_information`` is Studholme's image NMI, (H(A) + H(B)) / H(A, B) over a 100-bin
  joint histogram of the pixel values, in [1, 2]: not the catalog's clustering NMI (MI over a mean of the
  entropies, in [0, 1]). ``hausdorff_distance`` and ``hausdorff_pair``: the catalog has no Hausdorff distance.
  The label metrics take label images of non-negative integers (they index a sparse matrix with them): other
  labelings lie outside skimage's domain (``DOMAINS``).
"""

from __future__ import annotations

import numbers
import warnings
from importlib.metadata import version as _version

import numpy as np
from skimage import metrics as _sk

from properties.engine.vocabulary.reproduce import library_call

TARGET_NAME = "skimage"
VERSION = _version("scikit-image")
CONVENTIONS = {
    "image.psnr": "peak_signal_noise_ratio(image_true, image_test, data_range=...): data_range 'dtype' -> None "
                  "(skimage's inference from image_true's dtype); base 10, no dim or reduction",
    "image.ssim": "structural_similarity(im1=image_true, im2=image_test, ...): convention 'skimage' only; "
                  "data_range 'dtype' -> None",
    "regression.mean_squared_error": "mean over every element: multioutput='uniform_average' only, no weights",
    "regression.normalized_root_mean_squared_error": "normalized_root_mse: 'l2' -> 'euclidean', 'range' -> "
                                                     "'min-max', 'mean' -> 'mean' (the signed mean)",
    "clustering.variation_of_information": "variation_of_information returns [H(test|true), H(true|test)] in "
                                           "bits: summed for VI (base=2 only), reordered for conditional_entropies",
    "clustering.labels": "label images of non-negative integers (DOMAINS)",
}

_NUMBER_OR_DTYPE = (lambda value: value == "dtype" if isinstance(value, str)
                    else isinstance(value, numbers.Real) and not isinstance(value, bool))
_LABEL_METRICS = ("variation_of_information", "conditional_entropies", "adapted_rand_error")
SUPPORTS = {
    "mean_squared_error": {"multioutput": ("uniform_average",)},
    "normalized_root_mean_squared_error": {"normalization": ("l2", "range", "mean")},
    "peak_signal_noise_ratio": {"data_range": _NUMBER_OR_DTYPE},
    "structural_similarity": {"convention": ("skimage",), "data_range": _NUMBER_OR_DTYPE},
    "structural_similarity_map": {"convention": ("skimage",), "data_range": _NUMBER_OR_DTYPE},
    "variation_of_information": {"base": (2.0,)},
    "conditional_entropies": {"base": (2.0,)},
}

# skimage warns when the two images' dtypes differ and on every non-uint8 integer image; the values are audited
warnings.filterwarnings("ignore", module=r"skimage\..*")


def _non_negative_integer_labels(args, kwargs) -> bool:
    """skimage's label metrics index a sparse contingency table with the labels: they take label images of
    non-negative integers ("ndarray of int"), not strings, booleans, floats or negative ids. Bad input stays
    inside the domain, where the spec checks that it is refused: NaN or infinite labels, labelings that are not
    arrays."""
    for labels in args[:2]:
        try:
            a = np.asarray(labels)
        except (TypeError, ValueError):
            return True
        if a.dtype.kind in "USb":
            return False
        if a.dtype.kind == "f" and np.isfinite(a).all():
            return False
        if a.dtype.kind in "iu" and a.size and a.min() < 0:
            return False
    return True


DOMAINS = {name: {"where": _non_negative_integer_labels} for name in _LABEL_METRICS}


def _array(values):
    return np.asarray(values)


def mean_squared_error(y_true, y_pred, *, multioutput="uniform_average"):
    del multioutput  # uniform_average only (SUPPORTS)
    return float(library_call(_sk.mean_squared_error, _array(y_true), _array(y_pred)))


_NORMALIZATIONS = {"l2": "euclidean", "range": "min-max", "mean": "mean"}


def normalized_root_mean_squared_error(y_true, y_pred, *, normalization="mean"):
    return float(library_call(_sk.normalized_root_mse, _array(y_true), _array(y_pred),
                              normalization=_NORMALIZATIONS.get(normalization, normalization)))


def _range(data_range):
    return None if isinstance(data_range, str) and data_range == "dtype" else data_range


def peak_signal_noise_ratio(image_true, image_test, *, data_range):
    return float(library_call(_sk.peak_signal_noise_ratio, _array(image_true), _array(image_test),
                              data_range=_range(data_range)))


def _ssim(image_true, image_test, data_range, win_size, gaussian_weights, sigma, use_sample_covariance, K1, K2,
          channel_axis, full):
    options = {"sigma": sigma, "K1": K1, "K2": K2}
    if use_sample_covariance is not None:
        options["use_sample_covariance"] = use_sample_covariance
    return library_call(_sk.structural_similarity, _array(image_true), _array(image_test), win_size=win_size,
                        data_range=_range(data_range), channel_axis=channel_axis,
                        gaussian_weights=bool(gaussian_weights), full=full, **options)


def structural_similarity(image_true, image_test, *, data_range, convention="skimage", win_size=None,
                          gaussian_weights=None, sigma=1.5, use_sample_covariance=None, K1=0.01, K2=0.03,
                          channel_axis=None):
    del convention  # 'skimage' only (SUPPORTS)
    return float(_ssim(image_true, image_test, data_range, win_size, gaussian_weights, sigma, use_sample_covariance,
                       K1, K2, channel_axis, False))


def structural_similarity_map(image_true, image_test, *, data_range, convention="skimage", win_size=None,
                              gaussian_weights=None, sigma=1.5, use_sample_covariance=None, K1=0.01, K2=0.03,
                              channel_axis=None):
    del convention
    return _ssim(image_true, image_test, data_range, win_size, gaussian_weights, sigma, use_sample_covariance, K1,
                 K2, channel_axis, True)[1]


def _vi(labels_true, labels_pred, ignore_labels):
    return library_call(_sk.variation_of_information, _array(labels_true), _array(labels_pred),
                        ignore_labels=ignore_labels)


def variation_of_information(labels_true, labels_pred, *, base=None, ignore_labels=()):
    del base  # bits only (SUPPORTS: base=2)
    return float(np.sum(_vi(labels_true, labels_pred, ignore_labels)))


def conditional_entropies(labels_true, labels_pred, *, base=None, ignore_labels=()):
    del base
    test_given_true, true_given_test = (float(v) for v in _vi(labels_true, labels_pred, ignore_labels))
    return true_given_test, test_given_true


def adapted_rand_error(labels_true, labels_pred, *, alpha=0.5, ignore_labels=()):
    error, precision, recall = library_call(_sk.adapted_rand_error, _array(labels_true), _array(labels_pred),
                                            ignore_labels=ignore_labels, alpha=alpha)
    return float(error), float(precision), float(recall)
