"""Input shapes: one strategy module per kind of metric input, shared by every family.

``labels`` (label pairs, class probability rows), ``real_pairs`` (paired real
arrays), ``scores`` (binary labels with scores), ``ranked_lists`` (queries of
scored, graded documents), ``token_sequences`` (hypotheses and references),
``recommendation_lists`` (users' top-k item ids, with interactions and item similarities).
Each module draws valid and bad inputs and describes itself as an
:class:`InputShape`, which is all :mod:`properties.generic` needs to know.

The dtype axis: a shape's ``recast`` gives an example's main arrays in other
dtypes (:class:`Recast`), from the helpers below. The canonical dtypes are
int64 labels and float64 reals; integer conversions are exact, so are Python
lists and tuples; a float conversion rounds the example first, so that the
value it gives is compared with the value of the same rounded numbers held in
float64, at the tolerance of the lower precision.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

import numpy as np

#: a call the input shape skips for this example (e.g. average='binary' on multiclass data)
SKIP = object()

#: every defect name a shape's ``bad`` strategy draws (the finding class of refuses_bad_input: defect:argument)
BAD_INPUT_DEFECTS: tuple[str, ...] = (
    "above_one", "all_zero", "broadcast", "empty", "fractional", "inf", "length_mismatch", "mixed_dtype", "nan",
    "nan_coordinate", "nan_score", "negative", "negative_width", "non_binary", "non_monotonic", "none",
    "nonpositive", "not_normalised", "number", "number_after_tokens", "one_dimensional", "out_of_catalog", "ragged",
    "repeated_item", "shape_mismatch", "single_point", "string", "three_coordinates", "tokens", "two_dimensional",
    "unnested", "wrong_length", "zero",
)


# ------------------------------------------------------------------ edge cases


def with_edges(strategy, edges):
    """``strategy``, carrying its named edge cases: ``(name, example)`` pairs, each a valid example of
    the strategy (the same type and structure as what it draws). A property registered with the
    strategy runs them before any draw, in every profile (``Property.edges``). Returns ``strategy``."""
    strategy.edges = tuple(edges)
    return strategy


def edges_of(strategy) -> tuple:
    """The edge cases ``strategy`` carries (none: ``()``)."""
    return tuple(getattr(strategy, "edges", ()) or ())


def mapped_edges(edges, transform, suffix: str = "") -> tuple:
    """``edges`` with ``transform`` applied to each example (a strategy's ``.map``), names kept."""
    return tuple((name + suffix, transform(example)) for name, example in edges)


def cycled_edges(edges, build, *choices) -> tuple:
    """``edges`` of one part of a composite example, each completed by ``build(example, *values)`` with one
    value of each other part: the i-th edge takes the i-th value of each of ``choices`` (cycling), so that
    every edge case of the part is reached once and every choice is tried, without a cross product."""
    return tuple((name, build(example, *(c[i % len(c)] for c in choices)))
                 for i, (name, example) in enumerate(edges))


@dataclasses.dataclass(frozen=True)
class InputShape:
    """How the generic properties draw, call and transform one kind of metric input."""

    name: str
    #: metric -> strategy of valid examples
    examples: Callable[[str], Any]
    #: number of samples of an example
    size: Callable[[Any], int]
    #: the example with its samples taken at an integer index array (reordered, repeated)
    take: Callable[[Any, np.ndarray], Any]
    #: ``t.<metric>(*args, **kw)`` for an example (may return :data:`SKIP`)
    call: Callable[..., Any]
    #: keywords ``call`` always passes (they are needs of every generic property)
    call_keywords: tuple[str, ...] = ()
    #: form -> the keywords ``call`` adds for that form (e.g. pos_label in binary mode)
    form_keywords: Callable[[dict], tuple[str, ...]] | None = None
    #: metric -> strategy of (example, integer weights >= 1)
    weighted: Callable[[str], Any] | None = None
    #: the example with its two main arguments swapped
    swap: Callable[[Any], Any] | None = None
    #: metric -> strategy of perfect examples (the metric's best case)
    perfect: Callable[[str], Any] | None = None
    #: metric -> strategy of (example, argument at fault or None, defect): one bad input; ``defect`` is
    #: the kind of defect drawn, one of :data:`BAD_INPUT_DEFECTS`
    bad: Callable[[str], Any] | None = None
    #: ``(example, keyword, value)`` -> the example with a keyword that ``call`` takes from the example itself
    #: (one of ``call_keywords``, e.g. the cutoff ``k`` of a ranked list) set to ``value``
    set_keyword: Callable[[Any, str, Any], Any] | None = None
    #: the example's main arrays in other dtypes (the dtype axis); None: no conversion makes sense
    recast: Callable[[Any], list[Recast]] | None = None
    #: what ``recast`` offers, in a few words (the statement of the dtype_invariance properties)
    dtypes: str = ""
    #: relative tolerance of the invariances: the same numbers summed in another order
    rtol: float = 1e-12
    atol: float = 1e-12
    #: the scores that tie the samples of an example, one row per ranking (a query, a label), a column per sample
    #: (None: the example has no scores): where a target declares a tie rule that ranks tied samples in input
    #: order (``TIES``), the properties that reorder or repeat samples keep tied ones in that order
    tie_keys: Callable[[Any], np.ndarray | None] | None = None


def tie_stable(order, keys) -> np.ndarray:
    """The permutation ``order`` (sample indices) with every two samples tied in a row of ``keys`` (rows x
    samples: equal values) kept in their input order, the others where ``order`` puts them: under a tie rule of
    input order the permuted example ranks as the original. With one row each tie group takes the places
    ``order`` gives it, in input order; with several (queries sharing a permutation of their documents), the
    samples are placed in ``order``'s order, each after every sample it is tied to and follows."""
    order = np.asarray(order, dtype=np.intp)
    keys = np.asarray(keys)
    keys = keys.reshape(1, -1) if keys.ndim < 2 else keys.reshape(keys.shape[0], -1)
    n = order.size
    if keys.shape[0] == 1:
        key = keys[0]
        places = np.lexsort((np.arange(n), key[order]))  # the places, grouped by the key of the sample put there
        members = np.lexsort((np.arange(n), key))  # the samples, grouped by key, in input order
        out = np.empty(n, dtype=np.intp)
        out[places] = members
        return out
    tied = np.zeros((n, n), dtype=bool)
    for row in keys:
        tied |= row[:, None] == row[None, :]
    follows = np.triu(tied, 1)  # follows[i, j]: j is tied to the earlier i, so i must come first
    drawn = np.empty(n, dtype=np.intp)
    drawn[order] = np.arange(n)
    left, out = list(range(n)), []
    while left:
        ready = [j for j in left if not any(follows[i, j] for i in left if i != j)]
        out.append(min(ready, key=lambda j: drawn[j]))
        left.remove(out[-1])
    return np.array(out, dtype=np.intp)


# ------------------------------------------------------------------ the dtype axis


@dataclasses.dataclass(frozen=True)
class Recast:
    """One dtype conversion of an example: the converted example and what it is compared with."""

    #: what was converted, for the failure message: "y_true, y_pred as uint8"
    label: str
    #: the example with those arguments converted
    example: Any
    #: the precision the conversion holds its numbers in: "float64" for the exact ones (integer widths,
    #: bool, Python lists), else the float dtype the values were rounded to
    precision: str = "float64"
    #: the example compared with; None: the example as drawn (canonical dtypes)
    baseline: Any = None
    #: the baseline's dtype, for the failure message: "int64", "float64 (the same float32 values)"
    versus: str = "float64"
    #: rounded operations between the two values at the lower precision (a sum of n terms: n)
    ops: int = 1
    #: the natural magnitude of the value (scales the absolute tolerance)
    scale: float = 1.0


#: how the float conversions are compared (for the shapes' ``dtypes``)
ROUNDED = "compared with the same rounded values in float64 at their precision"

#: integer dtypes a label array is offered in (the unsigned ones only for non-negative labels)
INTEGER_DTYPES = (np.int8, np.int16, np.int32, np.uint8, np.uint16, np.uint64)

#: the largest magnitude of general real values offered in float16: every difference, square, product,
#: and sum of up to 30 of them stays inside float16's finite range (65504), so a library that computes in
#: the input's dtype holds every intermediate value too
FLOAT16_REALS = 16.0

FLOAT16_MAX = float(np.finfo(np.float16).max)


def literal(value) -> str:
    """``value`` as the Python expression the reproduction snippets print."""
    from ..engine.targets import _literal  # the engine imports the input shapes: resolved at call time

    return _literal(value)


def dtype_name(array) -> str:
    """The name of an array's dtype for a message: "int64", "float64", "str"."""
    kind = np.asarray(array).dtype.kind
    return "str" if kind in "US" else str(np.asarray(array).dtype)


def _integral(arrays) -> np.ndarray | None:
    """Every value of ``arrays`` as one int64 vector, or None if some value is not an integer."""
    parts = [np.ravel(np.asarray(a)) for a in arrays]
    if any(p.dtype.kind not in "biuf" for p in parts):
        return None
    values = np.concatenate(parts) if parts else np.zeros(0)
    if values.dtype.kind == "f":
        exact = np.isfinite(values).all() and (values == np.round(values)).all()
        if not (exact and np.abs(values).max(initial=0) < 2**53):
            return None
    return values.astype(np.int64)


def integer_recasts(names: str, arrays, build, *, dtypes=INTEGER_DTYPES, boolean: bool = False,
                    versus: str | None = None) -> list[Recast]:
    """``arrays`` (integer values) in every dtype of ``dtypes`` that holds them all, and as bool when
    ``boolean`` and every value is 0 or 1; ``build(converted arrays, dtype)`` makes the example."""
    values = _integral(arrays)
    if values is None:
        return []
    versus = versus or dtype_name(arrays[0])
    out = []
    for dtype in dtypes:
        info = np.iinfo(dtype)
        if values.size and (values.min() < info.min or values.max() > info.max):
            continue
        out.append(Recast(f"{names} as {np.dtype(dtype).name}",
                          build([np.asarray(a).astype(dtype) for a in arrays], np.dtype(dtype)), versus=versus))
    if boolean and values.size and np.isin(values, (0, 1)).all():
        out.append(Recast(f"{names} as bool", build([np.asarray(a).astype(bool) for a in arrays], np.dtype(bool)),
                          versus=versus))
    return out


def _normal_within(arrays, bound: float, dtype) -> bool:
    """Every value finite, within ``bound``, and zero or at least ``dtype``'s smallest normal number."""
    tiny = float(np.finfo(dtype).tiny)
    for a in arrays:
        v = np.abs(np.asarray(a, dtype=np.float64))
        if not np.isfinite(v).all() or v.max(initial=0.0) > bound or ((v > 0) & (v < tiny)).any():
            return False
    return True


def float_recasts(names: str, arrays, build, *, ops: int, float16_bound: float | None = None,
                  scale: float = 1.0) -> list[Recast]:
    """``arrays`` (reals) rounded to float32, and to float16 where ``float16_bound`` is given and every
    value is a normal float16 within it; ``build(arrays)`` makes the example. Each is compared with the
    same rounded values held in float64: only the arithmetic differs, never the numbers."""
    out = []
    for dtype, bound in ((np.float32, None), (np.float16, float16_bound)):
        if dtype is np.float16 and (bound is None or not _normal_within(arrays, min(bound, FLOAT16_MAX), dtype)):
            continue
        with np.errstate(over="ignore", under="ignore"):
            low = [np.asarray(a).astype(dtype) for a in arrays]
        if not all(np.isfinite(a).all() for a in low):
            continue  # beyond the dtype's range: not the same example
        name = np.dtype(dtype).name
        out.append(Recast(f"{names} as {name}", build(low), precision=name,
                          baseline=build([a.astype(np.float64) for a in low]),
                          versus=f"float64 (the same {name} values)", ops=ops, scale=scale))
    return out


def upcast(array):
    """A float array narrower than float64 as float64 (anything else as it is)."""
    a = np.asarray(array) if array is not None else None
    return a.astype(np.float64) if a is not None and a.dtype.kind == "f" and a.dtype != np.float64 else array


def list_recast(names: str, arrays, build, *, versus: str, baseline=None) -> Recast:
    """``arrays`` as (nested) Python lists; compared with ``baseline`` (None: the example as drawn)."""
    return Recast(f"{names} as Python lists", build([np.asarray(a).tolist() for a in arrays]),
                  baseline=baseline, versus=versus)
