"""Input checks shared by every metric family.

Each function either returns a clean NumPy array or raises
:class:`~metrics.errors.MetricInputError` naming the argument. The checks are
cheap on small inputs on purpose: the suite calls each metric thousands of
times on Hypothesis-sized data.
"""

from __future__ import annotations

import numbers

import numpy as np

from .errors import MetricInputError

__all__ = [
    "as_labels",
    "as_floats",
    "check_same_length",
    "check_sample_weight",
    "check_choice",
    "check_positive",
    "check_int_at_least",
    "check_rate",
]


def _as_array(values, name: str) -> np.ndarray:
    if values is None:
        raise MetricInputError(name, "got None")
    if isinstance(values, (str, bytes)):
        raise MetricInputError(name, f"expected a sequence, got a single string {values!r}")
    if np.isscalar(values):
        raise MetricInputError(name, f"expected a sequence, got the scalar {values!r}")
    if isinstance(values, np.ma.MaskedArray) and np.ma.is_masked(values):
        # one rule for every family: no metric silently scores (or silently drops) the masked entries
        raise MetricInputError(name, "is a masked array with masked entries; pass the values to score "
                                     "(e.g. values.compressed() for both arguments)")
    try:
        arr = np.asarray(values)
    except (ValueError, TypeError) as exc:  # ragged nested lists
        raise MetricInputError(name, f"cannot be read as an array ({exc})") from None
    return arr


def as_labels(values, name: str, *, allow_empty: bool = False) -> np.ndarray:
    """A 1-D array of class labels (ints, bools or strings; floats only if integral-free of NaN)."""
    arr = _as_array(values, name)
    if arr.ndim != 1:
        raise MetricInputError(name, f"expected 1-D labels, got shape {arr.shape}")
    if arr.size == 0 and not allow_empty:
        raise MetricInputError(name, "is empty")
    kind = arr.dtype.kind
    if kind == "f":
        if not np.all(np.isfinite(arr)):
            raise MetricInputError(name, "contains NaN or infinite labels")
    elif kind == "c":
        raise MetricInputError(name, "complex labels are not supported")
    elif kind == "O":
        for item in arr:
            if item is None or (isinstance(item, float) and not np.isfinite(item)):
                raise MetricInputError(name, f"contains a missing label ({item!r})")
        try:
            arr = np.asarray(arr.tolist())
        except (ValueError, TypeError):
            raise MetricInputError(name, "labels must be all numbers or all strings") from None
        if arr.dtype.kind == "O":
            raise MetricInputError(name, "labels must be all numbers or all strings")
    return arr


def as_floats(
    values,
    name: str,
    *,
    ndim: int | tuple[int, ...] = 1,
    allow_empty: bool = False,
    allow_nan: bool = False,
    allow_inf: bool = False,
) -> np.ndarray:
    """A float64 array of the given dimensionality with finiteness checked."""
    arr = _as_array(values, name)
    if arr.dtype.kind not in "biuf":
        raise MetricInputError(name, f"expected real numbers, got dtype {arr.dtype}")
    dims = (ndim,) if isinstance(ndim, int) else ndim
    if arr.ndim not in dims:
        want = " or ".join(f"{d}-D" for d in dims)
        raise MetricInputError(name, f"expected a {want} array, got shape {arr.shape}")
    if arr.size == 0 and not allow_empty:
        raise MetricInputError(name, "is empty")
    arr = arr.astype(np.float64, copy=False)
    if not (allow_nan and allow_inf):
        finite = np.isfinite(arr)
        if not finite.all():
            bad = arr[~finite]
            if not allow_nan and np.isnan(bad).any():
                raise MetricInputError(name, "contains NaN")
            if not allow_inf and np.isinf(bad).any():
                raise MetricInputError(name, "contains infinite values")
    return arr


def check_same_length(name_a: str, a, name_b: str, b) -> None:
    if len(a) != len(b):
        raise MetricInputError(
            name_b, f"has length {len(b)} but {name_a} has length {len(a)}; they must match"
        )


def check_sample_weight(sample_weight, n: int) -> np.ndarray | None:
    """None, or a 1-D float array of n finite non-negative weights with a positive sum."""
    if sample_weight is None:
        return None
    w = as_floats(sample_weight, "sample_weight")
    if w.shape[0] != n:
        raise MetricInputError(
            "sample_weight", f"has length {w.shape[0]} but there are {n} samples"
        )
    if (w < 0).any():
        raise MetricInputError("sample_weight", "contains negative weights")
    if not w.sum() > 0:
        raise MetricInputError("sample_weight", "weights sum to zero")
    return w


def check_choice(value, name: str, choices) -> None:
    if value not in choices:
        options = ", ".join(repr(c) for c in choices)
        raise MetricInputError(name, f"got {value!r}; expected one of {options}")


def check_positive(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise MetricInputError(name, f"expected a positive number, got {value!r}")
    value = float(value)
    if not np.isfinite(value) or value <= 0:
        raise MetricInputError(name, f"must be a finite number > 0, got {value!r}")
    return value


def check_int_at_least(value, name: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise MetricInputError(name, f"expected an integer >= {minimum}, got {value!r}")
    if value < minimum:
        raise MetricInputError(name, f"must be >= {minimum}, got {value!r}")
    return int(value)


def check_rate(value, name: str) -> float:
    """A rate (a real number in [0, 1], not a boolean) as a float."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise MetricInputError(name, f"expected a number in [0, 1], got {value!r}")
    value = float(value)
    if not 0.0 <= value <= 1.0:  # NaN fails too
        raise MetricInputError(name, f"must lie in [0, 1], got {value!r}")
    return value
