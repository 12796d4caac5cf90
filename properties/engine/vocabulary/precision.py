"""The precision model: how far a target's numbers may be from the spec's and still be right.

The spec's tolerances (1e-9 .. 1e-12) are written for float64 arithmetic. A
library that computes in float32 rounds every input and every partial sum to
about 6e-8, so a comparison with it must allow for that, and only that:

- the target's precision is *declared* (``PRECISION = "float32"`` in the
  adapter, or ``--precision`` on the command line) or *detected* from what its
  calls return in the current example (a float32/float16 NumPy or tensor value);
  the lower of the two wins;
- a comparison's relative and absolute tolerances are raised to
  ``ROUNDING_UNITS * ops * eps`` of that precision, where ``ops`` is the number
  of rounded operations the check says separate the two values (a sum of n
  terms: n), and the absolute one is scaled by the check's natural magnitude;
- ``--rtol`` / ``--atol`` raise every tolerance to at least the given values.

Every discrepancy a check measures is also recorded: its relative size drives
Hypothesis' targeted search towards the largest violation, the largest failing
one is reported next to the minimal counterexample, and a failure within
``ROUNDING_LEVEL_UNITS`` units of the precision is classified as rounding-level.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

#: machine epsilon of each precision a target may compute in
EPS = {
    "float64": float(np.finfo(np.float64).eps),
    "float32": float(np.finfo(np.float32).eps),
    "float16": float(np.finfo(np.float16).eps),
    "bfloat16": 2.0**-7,
}
PRECISIONS = tuple(EPS)

#: rounding allowed per operation: a float32 value of a sum of k terms is within about k eps of the exact
#: sum; 64 units leave room for the conversions in and out (float64 -> float32 -> float64) and for
#: algebraically different but equivalent formulas, and still catch an error of 1e-3 relative in float32
ROUNDING_UNITS = 64

#: a failing comparison within this many units (per operation) of the target's precision is rounding-level:
#: the library computes the right quantity at a lower precision than the spec assumes
ROUNDING_LEVEL_UNITS = 1024

#: below this relative size a float64 discrepancy is rounding-level too (cancellation in equivalent formulas)
FLOAT64_ROUNDING_LEVEL = 1e-7


@dataclasses.dataclass
class _State:
    declared: str | None = None
    observed: str | None = None
    #: the lowest precision any call of the current property returned
    seen: str | None = None
    rtol: float = 0.0
    atol: float = 0.0
    #: the largest relative discrepancy measured in the current example
    example_discrepancy: float = 0.0
    #: how many comparisons the current example has made
    example_comparisons: int = 0


_STATE = _State()

#: what the command line asked for (``--precision``, ``--rtol``, ``--atol``); it overrides the adapter
CLI: dict = {}


def _lower(a: str | None, b: str | None) -> str | None:
    if a is None or b is None:
        return a or b
    return a if EPS[a] >= EPS[b] else b


def configure(*, declared: str | None = None, rtol: float | None = None, atol: float | None = None) -> None:
    """Set the precision declared for the target under test and the command line's minimum tolerances."""
    if declared is not None and declared not in EPS:
        raise ValueError(f"unknown precision {declared!r}; expected one of {', '.join(PRECISIONS)}")
    _STATE.declared = declared
    _STATE.seen = None
    _STATE.rtol = float(rtol or 0.0)
    _STATE.atol = float(atol or 0.0)


def start_property(declared: str | None) -> None:
    """A property's search starts against a target declaring the precision ``declared`` (``PRECISION``; None:
    float64 unless its calls return less); the command line's ``--precision`` wins over it."""
    configure(declared=CLI.get("precision") or declared, rtol=CLI.get("rtol"), atol=CLI.get("atol"))


def start_example() -> None:
    _STATE.observed = None
    _STATE.example_discrepancy = 0.0
    _STATE.example_comparisons = 0


def dtype_precision(value, depth: int = 0) -> str | None:
    """The lowest floating precision among a returned value's dtypes (None: float64 or not a float)."""
    dtype = getattr(value, "dtype", None)
    if dtype is not None:
        name = str(dtype).rsplit(".", 1)[-1]  # numpy 'float32', torch 'torch.float32'
        return name if name in EPS and name != "float64" else None
    if isinstance(value, (list, tuple)) and depth < 3:
        found = None
        for item in value:
            found = _lower(found, dtype_precision(item, depth + 1))
        return found
    return None


def observe(value) -> None:
    """Note the precision of a value a target call returned."""
    found = dtype_precision(value)
    _STATE.observed = _lower(_STATE.observed, found)
    _STATE.seen = _lower(_STATE.seen, found)


def effective() -> str:
    """The precision comparisons assume now: the lower of the declared and the observed one."""
    return _lower(_STATE.declared, _STATE.observed) or "float64"


def of_property() -> str:
    """The precision the current property's comparisons assumed: declared, or the lowest returned."""
    return _lower(_STATE.declared, _STATE.seen) or "float64"


def describe() -> str:
    """One line for a report header."""
    parts = [f"declared {_STATE.declared}" if _STATE.declared else "float64 unless a call returns less"]
    if _STATE.rtol or _STATE.atol:
        parts.append(f"at least rtol={_STATE.rtol:g}, atol={_STATE.atol:g}")
    return "; ".join(parts)


def representable(*values) -> bool:
    """Whether every nonzero finite value is a normal number of the current precision (no overflow,
    no underflow): outside that range a lower-precision library cannot even hold the input."""
    name = effective()
    if name == "float64":
        return True
    info = np.finfo(np.float16 if name == "float16" else np.float32)
    limit = 3.39e38 if name == "bfloat16" else float(info.max)
    for value in values:
        v = np.abs(np.asarray(value, dtype=float))
        v = v[np.isfinite(v) & (v > 0)]
        if v.size and (v.max() > limit or v.min() < float(info.tiny)):
            return False
    return True


def as_target(values, *, held_dtype: bool = False) -> np.ndarray:
    """``values`` rounded to the target's precision (and back to float64, unless ``held_dtype``: then in that
    precision's dtype): the numbers a lower-precision library actually holds, e.g. for thresholds that must be
    among its scores."""
    name = effective()
    v = np.asarray(values, dtype=float)
    if name == "float64":
        return v
    dtype = np.float16 if name == "float16" else np.float32
    with np.errstate(over="ignore"):
        held = v.astype(dtype)
    return held if held_dtype else held.astype(float)


def tolerances(rtol: float, atol: float, *, ops: int = 1, scale: float = 1.0) -> tuple[float, float]:
    """The (rtol, atol) a comparison uses under the precision model (see the module docstring)."""
    name = effective()
    if name != "float64":
        slack = ROUNDING_UNITS * max(1, ops) * EPS[name]
        rtol, atol = max(rtol, slack), max(atol, slack * max(scale, 1.0))
    return max(rtol, _STATE.rtol), max(atol, _STATE.atol)


def bound_slack(bound: float, tol: float) -> float:
    """How far past a bound a value may lie: ``tol``, or a few units of the target's precision at the bound."""
    name = effective()
    if name == "float64":
        return max(tol, _STATE.atol)
    return max(tol, _STATE.atol, 4 * EPS[name] * max(1.0, abs(bound)))


def relative_discrepancy(actual, expected, scale: float = 1.0) -> float:
    """max |a - e| / max(|e|, scale) over finite entries; inf where one side is non-finite and the other not."""
    try:
        a = np.asarray(actual, dtype=float).reshape(-1)
        e = np.asarray(expected, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        return math.inf
    if a.shape != e.shape:
        return math.inf
    both_nan = np.isnan(a) & np.isnan(e)
    same_inf = np.isinf(a) & np.isinf(e) & (np.sign(a) == np.sign(e))
    finite = np.isfinite(a) & np.isfinite(e)
    if not (both_nan | same_inf | finite).all():
        return math.inf
    if not finite.any():
        return 0.0
    size = np.abs(a[finite] - e[finite]) / np.maximum(np.abs(e[finite]), max(scale, 1e-300))
    return float(size.max())


def record(discrepancy: float) -> None:
    """Remember the largest discrepancy of the current example (the targeted search maximises it)."""
    _STATE.example_comparisons += 1
    if discrepancy > _STATE.example_discrepancy:
        _STATE.example_discrepancy = discrepancy


def example_discrepancy() -> float:
    return _STATE.example_discrepancy


def example_comparisons() -> int:
    """Comparisons made so far in the current example (a check that stops early verified these)."""
    return _STATE.example_comparisons


def is_rounding_level(discrepancy: float, ops: int = 1) -> bool:
    """Whether a failing discrepancy is of the size rounding at the target's precision produces."""
    name = effective()
    level = ROUNDING_LEVEL_UNITS * max(1, ops) * EPS[name]
    return discrepancy <= max(level, FLOAT64_ROUNDING_LEVEL)


def _dense_ranks(values: np.ndarray) -> np.ndarray:
    return np.unique(values, return_inverse=True)[1].reshape(-1)


def order_kept(original, transformed, *, decreasing: bool = False) -> bool:
    """Whether the target, holding both at its precision (:func:`as_target`), sees ``transformed`` ordered as
    ``original`` (reversed with ``decreasing``): equal entries equal, distinct ones distinct and in the same order.

    An invariance under a monotone map, a rescaling or an offset is one of exact arithmetic; where the map makes
    distinct values equal at the target's precision (sigmoid(17.5) and sigmoid(17.75) are both 1.0 in float32)
    the target is given other data, and a changed result is no finding.
    """
    a = as_target(original).reshape(-1)
    b = as_target(transformed).reshape(-1)
    if a.shape != b.shape:
        return False
    return bool(np.array_equal(_dense_ranks(a), _dense_ranks(-b if decreasing else b)))


def distinct_kept(values) -> bool:
    """Whether the target, holding ``values`` at its precision (:func:`as_target`), keeps its distinct finite
    values apart: along the whole of a 1-D array, and along every row and every column of a 2-D one (the
    documents of a query, the classes of a sample or the samples of a class). Raw inputs, not a transform of
    them: the scores 1e8 + k (k = 0..5) are distinct in float64 and one or two values in float32, so a float32
    library is given ties where the spec drew none."""
    if effective() == "float64":
        return True
    try:
        held = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        return True  # not reals (tokens, ragged lists): nothing to round
    if held.ndim == 0 or held.size < 2:
        return True
    held = held.reshape(1, -1) if held.ndim != 2 else held
    for lines in (held, held.T) if held.shape[0] > 1 else (held,):
        # rounding is monotone: it can only merge neighbours, so equal counts of distinct values mean none merged
        if (_distinct_per_line(lines) != _distinct_per_line(as_target(lines))).any():
            return False
    return True


def _distinct_per_line(lines: np.ndarray) -> np.ndarray:
    """How many times each row changes value once sorted (NaNs last, each counted apart, alike in both copies)."""
    return (np.diff(np.sort(lines, axis=-1), axis=-1) != 0).sum(axis=-1)


def require_order_kept(t, original, transformed, what: str, *, decreasing: bool = False) -> None:
    """Skip what follows when :func:`order_kept` is False: raise ``guards.Unsupported`` (inside
    ``findings.form`` that form is skipped, elsewhere the example), noting ``what`` in the result's ``skipped``
    (the notes of the view ``t``)."""
    if order_kept(original, transformed, decreasing=decreasing):
        return
    from properties.engine.vocabulary.guards import Unsupported
    from properties.engine.vocabulary.notes import of as notes_of

    raise Unsupported(notes_of(t).lacking(f"{what}: distinct values not kept apart in {effective()}"))
