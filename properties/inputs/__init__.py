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
import itertools
from typing import Any, Callable

import numpy as np
from hypothesis import strategies as st

from properties.engine.vocabulary.registry import LazyEdges

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
    strategy runs them before any draw, in every profile (``Property.edges``). Returns ``strategy``.

    ``edges`` may be a :class:`LazyEdges`: kept as it is, built when the property first runs them."""
    if isinstance(edges, LazyEdges):
        strategy.edges, strategy.edges_offered, strategy.edges_dropped = edges, None, 0
        return strategy
    edges_offered = getattr(edges, "offered", None)
    strategy.edges = tuple(edges)
    # a selection from a larger product (:func:`edges_product`) says how many it offered and dropped
    strategy.edges_offered = len(strategy.edges) if edges_offered is None else edges_offered
    strategy.edges_dropped = strategy.edges_offered - len(strategy.edges)
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
    from properties.engine.target.view import _literal  # the engine imports the input shapes: resolved at call time

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


# ------------------------------------------------------------------ edge cases of composite strategies
# A strategy that combines shapes (an example and an option, weights, several inputs) loses its parts' edge
# cases: st.tuples, st.one_of and .map make new strategy objects. The combinators below make the composite
# strategy and give it the cross product of its parts' edge cases, bounded by a cap and counted.

#: the most edge cases a composite strategy carries by default (each runs in every profile, before any draw)
EDGE_CAP = 24


class EdgeSelection(tuple):
    """Edge cases (``(name, example)`` pairs) chosen from a larger set: ``offered`` is how many the parts'
    product had (after the combinations the property turns down), ``dropped`` how many the cap left out."""

    offered: int = 0
    dropped: int = 0


def _selection(edges, offered: int) -> EdgeSelection:
    out = EdgeSelection(edges)
    out.offered, out.dropped = offered, offered - len(out)
    return out


@dataclasses.dataclass(frozen=True)
class Derived:
    """A part of a product computed from the parts before it (``fn(*earlier values)``): weights of the
    example's length, the label subset of a label pair. It adds no combination of its own."""

    fn: Callable[..., Any]


def derived(fn: Callable[..., Any]) -> Derived:
    """A product part whose value is ``fn`` of the values of the parts before it (see :class:`Derived`)."""
    return Derived(fn)


def options(*values, name: str = "option"):
    """``st.sampled_from(values)`` with every value an edge case (named ``<name>=<value>``): the options of a
    composite strategy (a gain, a beta, an average) each meet every edge case of the other parts."""
    return with_edges(st.sampled_from(values),
                      [(f"{name}={value!r}", value) for value in values])


def representative(strategy):
    """The fixed value a part without edge cases contributes to a product: the first element of
    ``st.sampled_from``, the value of ``st.just``, None, False, the integer nearest 0 in the range, a fixed
    dictionary of its entries' representatives, the first branch of ``st.one_of``. Any other strategy raises
    TypeError: give the part edge cases (:func:`with_edges`) or a default (a one-pair edge list)."""
    from hypothesis.strategies._internal import core, misc, numbers, strategies as internal

    s = getattr(strategy, "wrapped_strategy", strategy)
    if isinstance(s, internal.SampledFromStrategy) and not s._transformations:
        return s.elements[0]
    if isinstance(s, misc.JustStrategy) and not s._transformations:
        return s.value
    if isinstance(s, misc.BooleansStrategy):
        return False
    if isinstance(s, numbers.IntegersStrategy):
        low, high = s.start, s.end
        return 0 if (low is None or low <= 0) and (high is None or high >= 0) else (low if low is not None and low > 0 else high)
    if isinstance(s, core.FixedDictStrategy) and not s.optional:
        return {key: representative(value) for key, value in s.mapping.items()}
    if isinstance(s, internal.OneOfStrategy):
        first = s.original_strategies[0]
        return edges_of(first)[0][1] if edges_of(first) else representative(first)
    raise TypeError(f"no representative value for {strategy!r}: give the part edge cases or a default")


def _part_edges(part) -> tuple:
    """A product part's edge cases: its own, else its representative (one unnamed case)."""
    if isinstance(part, (tuple, list)) and not hasattr(part, "wrapped_strategy"):
        return tuple(part)  # an explicit edge list: (name, value) pairs
    return edges_of(part) or (("", representative(part)),)


def _covering(candidates: list[tuple[int, ...]], cap: int, limit: int = 512) -> list[tuple[int, ...]]:
    """At most ``cap`` of ``candidates`` (index combinations, one option index per part, in product order):
    all of them when they are that few; else first the combinations that show every option of every part
    at least once (greedily: the one adding the most options not yet shown), then, up to ``cap``, those adding
    the most pairs of options not yet seen together (among up to ``limit`` candidates; past that, the rest in
    product order). Ties go to the first in product order: the selection is deterministic. Raises
    ValueError when showing every option needs more than ``cap``."""
    if len(candidates) <= cap:
        return list(candidates)

    def singles(combo):
        return {(i, v) for i, v in enumerate(combo)}

    def pairs(combo):
        return {(a, combo[a], b, combo[b]) for a in range(len(combo)) for b in range(a + 1, len(combo))}

    left, chosen = list(candidates), []
    for cover in (singles, pairs):
        if cover is pairs and len(left) > limit:
            break
        covers = {c: frozenset(cover(c)) for c in left}
        seen = set().union(*(cover(c) for c in chosen)) if chosen else set()
        wanted = set().union(*covers.values()) - seen
        while wanted and len(chosen) < cap:
            best = max(range(len(left)), key=lambda i: (len(covers[left[i]] & wanted), -i))
            wanted -= covers[left[best]]
            chosen.append(left.pop(best))
        if cover is singles and wanted:
            raise ValueError(f"showing every edge case of every part needs more than the cap {cap}: raise it")
    chosen += left[:cap - len(chosen)]
    return chosen


def edges_product(*parts, cap: int = EDGE_CAP, where: Callable[..., bool] | None = None) -> EdgeSelection:
    """The edge cases of a tuple of ``parts``: the cross product of the parts' edge cases, each part a
    strategy (its edge cases, else its :func:`representative`), an explicit ``(name, value)`` list, or a
    :func:`derived` value. ``where(*values)`` turns down the combinations the property cannot take (they are
    not offered); at most ``cap`` are kept, a covering selection (:func:`_covering`). Each case is named by
    its parts' names joined with ``+`` (a representative adds no name); the result counts what it offered
    and dropped (:class:`EdgeSelection`)."""
    lists = [None if isinstance(p, Derived) else _part_edges(p) for p in parts]

    def build(combo):
        values, names, j = [], [], 0
        for p, edges in zip(parts, lists):
            if edges is None:
                values.append(p.fn(*values))
                continue
            name, value = edges[combo[j]]
            values.append(value)
            if name:
                names.append(name)
            j += 1
        return "+".join(names) or "representative", tuple(values)

    built = {}
    for combo in itertools.product(*(range(len(e)) for e in lists if e is not None)):
        case = build(combo)
        if where is None or where(*case[1]):
            built[combo] = case
    # what a part's own selection dropped is dropped from every combination with it
    sizes = [len(e) for e in lists if e is not None]
    inner = sum(_dropped_of(p) * int(np.prod(sizes[:i] + sizes[i + 1:], dtype=np.int64))
                for i, p in enumerate(q for q in parts if not isinstance(q, Derived)))
    return _selection([built[c] for c in _covering(list(built), cap)], len(built) + inner)


def _dropped_of(part) -> int:
    """How many edge cases a product part's own selection dropped (a strategy's, or an :class:`EdgeSelection`)."""
    return int(getattr(part, "dropped", 0) or 0) if isinstance(part, EdgeSelection) else edges_dropped(part)


def tuples_with_edges(*parts, cap: int = EDGE_CAP, where: Callable[..., bool] | None = None):
    """``st.tuples`` of the parts' strategies, carrying :func:`edges_product` of the parts. A part may be
    ``(strategy, edges)`` to give a strategy's edge cases where it carries none (a declared default: a
    one-pair list). A :func:`derived` part has no strategy of its own, so it cannot be a part here: use
    :func:`edges_product` with the strategy's own ``flatmap``."""
    strategies, edge_parts = [], []
    for p in parts:
        if isinstance(p, tuple) and len(p) == 2 and not hasattr(p, "wrapped_strategy") and isinstance(p[1], (tuple, list)):
            strategies.append(p[0])
            edge_parts.append(tuple(p[1]))
        else:
            strategies.append(p)
            edge_parts.append(p)
    return with_edges(st.tuples(*strategies), edges_product(*edge_parts, cap=cap, where=where))


def one_of_with_edges(*strategies, cap: int = EDGE_CAP):
    """``st.one_of`` of ``strategies``, carrying the union of their edge cases (each name once): at most
    ``cap``, taken in turn from each strategy so that every one is represented; the count of what was dropped
    includes what the strategies' own selections dropped."""
    lists = [list(edges_of(s)) for s in strategies]
    union, names = [], set()
    for i in range(max(map(len, lists), default=0)):
        for edges in lists:
            if i < len(edges) and edges[i][0] not in names:
                names.add(edges[i][0])
                union.append(edges[i])
    # what the parts' own caps left out counts as dropped here too
    return with_edges(st.one_of(*strategies), _selection(union[:cap], len(union) + sum(map(edges_dropped, strategies))))


def map_with_edges(strategy, transform):
    """``strategy.map(transform)``, carrying ``strategy``'s edge cases transformed (counts kept)."""
    edges = edges_of(strategy)
    mapped = _selection(mapped_edges(edges, transform), getattr(strategy, "edges_offered", None) or len(edges))
    return with_edges(strategy.map(transform), mapped)


def edges_dropped(strategy) -> int:
    """How many edge cases the cap left out of ``strategy``'s (0 for a strategy with its own list)."""
    return int(getattr(strategy, "edges_dropped", 0) or 0)


def edge_weights(n: int, kind: str) -> np.ndarray:
    """Deterministic sample weights of ``n`` samples for the weighted edge cases (:data:`WEIGHT_KINDS`):
    ``zero_weight_first`` (0 first, then 1.5, 0.25, 3, 1 cycled; one sample: 2.5, a sum of 0 being no
    valid weights: :func:`weighted_edges` does not offer it) or ``fractional_weights``
    (0.5, 2, 0.125, 1 cycled). The sum is always positive."""
    if kind == "zero_weight_first":
        return np.array([2.5]) if n == 1 else np.concatenate([[0.0], np.resize([1.5, 0.25, 3.0, 1.0], n - 1)])
    if kind == "fractional_weights":
        return np.resize(np.array([0.5, 2.0, 0.125, 1.0]), n).astype(np.float64)
    raise ValueError(f"unknown weight kind {kind!r}")


#: the weight edge cases every example edge case is combined with (:func:`weighted_edges`)
WEIGHT_KINDS = ("zero_weight_first", "fractional_weights")


def weighted_edges(edges, size: Callable[[Any], int], attach: Callable[[Any, np.ndarray], Any], *,
                   cap: int = EDGE_CAP) -> EdgeSelection:
    """``edges`` (examples) each with each weight edge case (:data:`WEIGHT_KINDS`): the product of an example
    part and a weights part, ``attach(example, weights)`` making the weighted example (``size`` its samples;
    a single sample gets no zero weight)."""
    product = edges_product(tuple(edges), [(kind, kind) for kind in WEIGHT_KINDS], cap=cap,
                            where=lambda ex, kind: size(ex) > 1 or kind != "zero_weight_first")
    out = _selection([(name, attach(ex, edge_weights(size(ex), kind))) for name, (ex, kind) in product],
                     product.offered)
    return out
