"""Shared Hypothesis strategies for label data: label vectors, (y_true, y_pred) pairs,
sample weights, confusion matrices and probability rows.

Sizes stay small (at most :data:`MAX_SIZE` samples, :data:`MAX_CLASSES` classes) so
that thousands of examples run in seconds, but the strategies reach the edges on
purpose: a single sample, one class only, classes absent from ``y_true`` or from
``y_pred``, heavy imbalance, constant predictions, perfect and inverted
predictions, integer and string labels, zero and integer weights, one-hot and
uniform probability rows.

Every pair strategy yields a :class:`LabelPair`, which carries the *alphabet* the
labels were drawn from (a sorted superset of the labels present) and a
``pos_label`` that is one of its values, so binary properties can name the
positive class without looking at the data.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import strategies as st

from . import (ROUNDED, SKIP, InputShape, Recast, dtype_name, float_recasts, integer_recasts, list_recast, mapped_edges,
               with_edges)

MAX_SIZE = 12
MAX_CLASSES = 4

#: label alphabets: integers with gaps (absent classes in between, a negative label),
#: strings (sorted order differs from insertion order)
INT_ALPHABET = (0, 1, 2, 5)
SIGNED_ALPHABET = (-3, 0, 4, 7)
STR_ALPHABET = ("ant", "bee", "cat", "dog")
ALPHABETS = {"int": INT_ALPHABET, "signed": SIGNED_ALPHABET, "str": STR_ALPHABET}

#: how y_pred relates to y_true in a drawn pair
SHAPES = ("independent", "noisy", "perfect", "constant_pred", "one_class_true", "imbalanced", "shifted")


@dataclasses.dataclass(frozen=True)
class LabelPair:
    """One classification example: true and predicted labels (+ optional weights)."""

    y_true: np.ndarray
    y_pred: np.ndarray
    #: sorted values the labels were drawn from (a superset of those present)
    alphabet: tuple
    #: a value of ``alphabet`` to use as the positive class in binary mode
    pos_label: object
    sample_weight: np.ndarray | None = None

    @property
    def n(self) -> int:
        return int(self.y_true.shape[0])

    @property
    def present(self) -> np.ndarray:
        """Sorted labels that occur in y_true or y_pred."""
        return np.unique(np.concatenate([self.y_true, self.y_pred]))

    @property
    def is_binary(self) -> bool:
        return len(self.alphabet) == 2


def _as_label_array(values, alphabet) -> np.ndarray:
    return np.array([alphabet[i] for i in values]) if values else np.array([], dtype=type(alphabet[0]))


def label_vectors(*, min_size: int = 1, max_size: int = MAX_SIZE, n_classes: int | None = None):
    """1-D label arrays: integers (with gaps, negatives) or strings; any class may be absent."""

    @st.composite
    def build(draw):
        alphabet = ALPHABETS[draw(st.sampled_from(sorted(ALPHABETS)))]
        k = n_classes or draw(st.integers(1, MAX_CLASSES))
        codes = draw(st.lists(st.integers(0, k - 1), min_size=min_size, max_size=max_size))
        return _as_label_array(codes, alphabet[:k])

    return build()


@st.composite
def label_pairs(
    draw,
    *,
    min_size: int = 1,
    max_size: int = MAX_SIZE,
    binary: bool = False,
    min_classes: int = 1,
    shapes=SHAPES,
    alphabets=("int", "signed", "str"),
    weights: str | None = None,
):
    """A :class:`LabelPair`.

    ``binary``: draw from a two-value alphabet ({0, 1} or {"neg", "pos"}; pos_label 1 / "pos").
    ``shapes``: which relations between y_true and y_pred to draw from (see :data:`SHAPES`).
    ``weights``: None, "int" (integers >= 1), "int0" (integers >= 0, some zero) or "float"
    (non-negative floats, some zero); the weights always have a positive sum.
    """
    if binary:
        alphabet = draw(st.sampled_from([(0, 1), ("neg", "pos")]))
        pos_label = alphabet[1]
        k = 2
    else:
        alphabet = ALPHABETS[draw(st.sampled_from(alphabets))]
        k = draw(st.integers(max(min_classes, 1), MAX_CLASSES))
        alphabet = alphabet[:k]
        pos_label = alphabet[min(1, k - 1)]
    n = draw(st.integers(min_size, max_size))
    shape = draw(st.sampled_from(shapes))
    code = st.integers(0, k - 1)
    if shape == "one_class_true":
        c = draw(code)
        t = [c] * n
    elif shape == "imbalanced":
        t = [0] * n
        for i in draw(st.lists(st.integers(0, max(n - 1, 0)), max_size=max(1, n // 8))):
            t[i] = draw(code)
    else:
        t = draw(st.lists(code, min_size=n, max_size=n))
    if shape == "perfect":
        p = list(t)
    elif shape == "constant_pred":
        p = [draw(code)] * n
    elif shape == "noisy":
        p = list(t)
        for i in draw(st.lists(st.integers(0, max(n - 1, 0)), max_size=max(1, n // 4))):
            p[i] = draw(code)
    elif shape == "shifted":  # systematic confusion: every class predicted as the next one
        p = [(c + 1) % k for c in t]
    else:
        p = draw(st.lists(code, min_size=n, max_size=n))
    w = None
    if weights is not None:
        w = draw(sample_weights(n, kind=weights))
    return LabelPair(
        y_true=_as_label_array(t, alphabet),
        y_pred=_as_label_array(p, alphabet),
        alphabet=tuple(alphabet),
        pos_label=pos_label,
        sample_weight=w,
    )


def binary_pairs(**options):
    """:func:`label_pairs` over a two-value alphabet (pos_label = the greater value)."""
    return label_pairs(binary=True, **options)


@st.composite
def sample_weights(draw, n: int, *, kind: str = "float"):
    """n non-negative weights with a positive sum.

    ``kind``: "int" (1..4, i.e. repetition counts), "int0" (0..3), "float" (0 or
    [1e-3, 100], so that some weights are exactly zero).
    """
    if kind == "int":
        values = draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))
    elif kind == "int0":
        values = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    elif kind == "float":
        values = draw(
            st.lists(
                st.one_of(st.just(0.0), st.floats(1e-3, 100.0, allow_nan=False, allow_subnormal=False)),
                min_size=n,
                max_size=n,
            )
        )
    else:
        raise ValueError(f"unknown weight kind {kind!r}")
    w = np.array(values, dtype=np.float64)
    if n and not w.sum() > 0:
        w[draw(st.integers(0, n - 1))] = 1.0
    return w


@st.composite
def confusion_matrices(draw, *, min_classes: int = 2, max_classes: int = MAX_CLASSES, max_count: int = 12):
    """k x k matrices of non-negative integer counts with a positive total (rows = true class)."""
    k = draw(st.integers(min_classes, max_classes))
    cells = draw(st.lists(st.integers(0, max_count), min_size=k * k, max_size=k * k))
    C = np.array(cells, dtype=np.int64).reshape(k, k)
    if C.sum() == 0:
        C[draw(st.integers(0, k - 1)), draw(st.integers(0, k - 1))] = 1
    return C


def labels_from_confusion(C, classes=None) -> tuple[np.ndarray, np.ndarray]:
    """(y_true, y_pred) with exactly the counts of confusion matrix ``C`` (rows = true class)."""
    C = np.asarray(C, dtype=np.int64)
    k = C.shape[0]
    classes = np.arange(k) if classes is None else np.asarray(classes)
    rows, cols = np.meshgrid(np.arange(k), np.arange(k), indexing="ij")
    counts = C.ravel()
    return classes[np.repeat(rows.ravel(), counts)], classes[np.repeat(cols.ravel(), counts)]


#: a class of each label kind that no alphabet holds: labels= may name it (a class absent from every example)
OUTSIDE_LABEL = {"int": 99, "str": "zzz"}


@st.composite
def label_subsets(draw, pair: LabelPair) -> list:
    """A ``labels=`` list for ``pair``: a proper subset of the classes present (at least one present class
    left out; none kept when only one is present), with or without classes absent from the data (an
    alphabet value the pair does not hold, or :data:`OUTSIDE_LABEL`), in a drawn order, never empty."""
    present = pair.present.tolist()
    outside = OUTSIDE_LABEL["str" if isinstance(pair.alphabet[0], str) else "int"]
    absent = [c for c in pair.alphabet if c not in present] + [outside]
    kept = draw(st.lists(st.sampled_from(present), unique=True, max_size=len(present) - 1)) if len(present) > 1 else []
    added = draw(st.lists(st.sampled_from(absent), unique=True, min_size=0 if kept else 1, max_size=2))
    return list(draw(st.permutations(kept + added)))


def with_label_subsets(pairs):
    """(pair, labels): a pair from ``pairs`` and a :func:`label_subsets` list for it."""
    return pairs.flatmap(lambda pair: st.tuples(st.just(pair), label_subsets(pair)))


@st.composite
def wide_contingency_pairs(draw, *, clusters=(5, 12), classes=(3, 10), max_count: int = 3):
    """A :class:`LabelPair` (y_true: classes, y_pred: clusters) whose contingency table has ``classes`` rows
    and ``clusters`` columns, every row and column occupied, unbalanced: sparse cells of 0..``max_count``
    samples, one class and one cluster multiplied up to 4 times. Class ids are integers with gaps and
    negatives, or strings. Larger tables than :func:`label_pairs` draws (at most 4 x 4), where the two
    conditional entropies H(C|K) and H(K|C) of the information scores are far apart; still at most a few
    hundred samples."""
    r, c = draw(st.integers(*classes)), draw(st.integers(*clusters))
    cells = draw(st.lists(st.sampled_from((0, 0, 1, 2, max_count)), min_size=r * c, max_size=r * c))
    C = np.array(cells, dtype=np.int64).reshape(r, c)
    i = np.arange(max(r, c))
    C[i % r, i % c] += 1  # every class and every cluster holds a sample
    C[draw(st.integers(0, r - 1))] *= draw(st.integers(1, 4))
    C[:, draw(st.integers(0, c - 1))] *= draw(st.integers(1, 4))
    rows, cols = np.meshgrid(np.arange(r), np.arange(c), indexing="ij")
    t = np.repeat(rows.ravel(), C.ravel())
    p = np.repeat(cols.ravel(), C.ravel())
    if draw(st.booleans()):
        y_true, y_pred = 3 * t - 4, 5 * p - 7
    else:
        y_true, y_pred = np.char.add("k", t.astype(str)), np.char.add("k", p.astype(str))
    order = np.random.default_rng(draw(st.integers(0, 2**16))).permutation(t.shape[0])  # samples interleaved
    y_true, y_pred = y_true[order], y_pred[order]
    alphabet = tuple(sorted(set(y_true.tolist()) | set(y_pred.tolist())))
    return LabelPair(y_true=y_true, y_pred=y_pred, alphabet=alphabet, pos_label=alphabet[0])


@st.composite
def probability_rows(draw, n: int, k: int, *, min_prob: float = 0.0):
    """n rows of k probabilities that sum to 1 (to rounding).

    Rows are one-hot, uniform, or normalized draws; with ``min_prob`` > 0 every
    entry is at least about ``min_prob`` (no exact zeros), e.g. to keep away from
    a library's clipping.
    """
    rows = []
    for _ in range(n):
        kind = draw(st.sampled_from(["random", "random", "one_hot", "uniform"]))
        if kind == "one_hot":
            row = np.zeros(k)
            row[draw(st.integers(0, k - 1))] = 1.0
        elif kind == "uniform":
            row = np.full(k, 1.0 / k)
        else:
            row = np.array(draw(st.lists(st.floats(0.0, 1.0, allow_subnormal=False), min_size=k, max_size=k)))
            if not row.sum() > 0:
                row = np.full(k, 1.0)
            row = row / row.sum()
        if min_prob > 0:
            row = (row + min_prob) / (1.0 + k * min_prob)
        rows.append(row)
    return np.array(rows, dtype=np.float64).reshape(n, k)


@dataclasses.dataclass(frozen=True)
class ProbaExample:
    """True labels, predicted class probabilities (columns in the order of ``labels``)."""

    y_true: np.ndarray
    y_proba: np.ndarray
    labels: tuple
    sample_weight: np.ndarray | None = None


@st.composite
def proba_examples(
    draw, *, min_size: int = 1, max_size: int = MAX_SIZE, min_prob: float = 0.0, weights: str | None = None,
    min_classes: int = 2,
):
    """A :class:`ProbaExample` with 2..4 classes; some classes may be absent from y_true."""
    alphabet = ALPHABETS[draw(st.sampled_from(sorted(ALPHABETS)))]
    k = draw(st.integers(min_classes, MAX_CLASSES))
    labels = tuple(sorted(alphabet[:k]))
    n = draw(st.integers(min_size, max_size))
    codes = draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    y_proba = draw(probability_rows(n, k, min_prob=min_prob))
    w = draw(sample_weights(n, kind=weights)) if weights else None
    return ProbaExample(_as_label_array(codes, labels), y_proba, labels, w)


@st.composite
def permuted(draw, pairs):
    """(pair, permutation): a pair and a permutation of its sample indices."""
    pair = draw(pairs)
    order = draw(st.permutations(range(pair.n)))
    return pair, np.array(order, dtype=np.intp)


# ------------------------------------------------------------------ the shapes, for the generic properties


def _take_pair(ex: LabelPair, idx: np.ndarray) -> LabelPair:
    w = None if ex.sample_weight is None else ex.sample_weight[idx]
    return LabelPair(ex.y_true[idx], ex.y_pred[idx], ex.alphabet, ex.pos_label, w)


def _call_pair(t, name: str, ex: LabelPair, **kw):
    if kw.get("average") == "binary":
        if not ex.is_binary:
            return SKIP  # binary mode is defined on two-label data only
        kw["pos_label"] = ex.pos_label
    return getattr(t, name)(ex.y_true, ex.y_pred, **kw)


def perfect_pair(ex: LabelPair) -> LabelPair:
    return LabelPair(ex.y_true, ex.y_true.copy(), ex.alphabet, ex.pos_label)


def any_label_pairs(**options):
    """Multiclass or binary pairs, integer or string labels."""
    return st.one_of(label_pairs(**options), binary_pairs(**options))


@st.composite
def bad_label_pairs(draw):
    """(pair, argument at fault or None, defect): a length mismatch, empty input, NaN label, or 2-D labels."""
    pair = draw(label_pairs(alphabets=("int",), max_size=8))
    defect = draw(st.sampled_from(["length_mismatch", "empty", "nan", "two_dimensional"]))
    t, p = pair.y_true, pair.y_pred

    def bad(y_true, y_pred, argument):
        return LabelPair(y_true, y_pred, pair.alphabet, pair.pos_label), argument, defect

    if defect == "length_mismatch":
        return bad(t, np.append(p, p[:1]), "y_pred")
    if defect == "empty":
        return bad(t[:0], p[:0], None)
    if defect == "nan":
        nan = t.astype(float)
        nan[draw(st.integers(0, len(nan) - 1))] = np.nan
        return bad(nan, p.astype(float), "y_true") if draw(st.booleans()) else bad(t.astype(float), nan, "y_pred")
    # 0/1 columns: the 2-D input most easily mistaken for something valid (a multilabel indicator matrix)
    return bad(np.column_stack([t != 0, t == 0]).astype(int), np.column_stack([p != 0, p == 0]).astype(int), "y_true")


def _recast_pair(ex: LabelPair) -> list[Recast]:
    """Integer labels in every integer dtype that holds them, bool for the labels {0, 1} of a binary
    pair (the positive class is then True), and any labels as Python lists. And the two arguments in
    different dtypes that hold the same numbers: integer ``y_pred`` as float64 beside int64 ``y_true``
    (``[1, 0]`` against ``[1.0, 0.0]`` are the same labels), and ``y_true`` as bool beside int64 ``y_pred``
    for the labels {0, 1} (True is 1, False is 0, as NumPy and Python compare them): valid input, scored as
    the same labels in one dtype. (Strings against numbers are bad input: :data:`MIXED_DTYPE_EDGES`.)"""

    def build(arrays, dtype):
        if dtype.kind == "b":
            return LabelPair(*arrays, (False, True), True, ex.sample_weight)
        return LabelPair(*arrays, ex.alphabet, ex.pos_label, ex.sample_weight)

    pair = [ex.y_true, ex.y_pred]
    mixed = []
    if ex.y_true.dtype.kind in "iu":
        mixed.append(Recast(f"y_pred as float64 (y_true {dtype_name(ex.y_true)})",
                            LabelPair(ex.y_true, ex.y_pred.astype(np.float64), ex.alphabet, ex.pos_label,
                                      ex.sample_weight), versus=dtype_name(ex.y_true)))
        if ex.alphabet == (0, 1):
            mixed.append(Recast(f"y_true as bool (y_pred {dtype_name(ex.y_pred)})",
                                LabelPair(ex.y_true.astype(bool), ex.y_pred, ex.alphabet, ex.pos_label,
                                          ex.sample_weight), versus=dtype_name(ex.y_true)))
    return [
        *integer_recasts("y_true, y_pred", pair, build, boolean=ex.alphabet == (0, 1)),
        *mixed,
        list_recast("y_true, y_pred", pair, lambda a: LabelPair(*a, ex.alphabet, ex.pos_label, ex.sample_weight),
                    versus=dtype_name(ex.y_true)),
    ]


def _pair(y_true, y_pred, alphabet, weights=None) -> LabelPair:
    """A pair as :func:`label_pairs` draws it: labels of ``alphabet``, pos_label its second value."""
    kind = str if isinstance(alphabet[0], str) else np.int64
    w = None if weights is None else np.array(weights, dtype=np.float64)
    return LabelPair(np.array(y_true, dtype=kind), np.array(y_pred, dtype=kind), tuple(alphabet),
                     alphabet[min(1, len(alphabet) - 1)], w)


#: the label pairs that break classification metrics: one class only, a single sample, a constant
#: prediction, a class of the alphabet absent from both, duplicated samples, signed labels
LABEL_EDGES = (
    ("one_class", _pair([1, 1, 1], [1, 1, 1], (0, 1))),
    ("single_sample", _pair([0], [1], (0, 1))),
    ("constant_pred", _pair([0, 1, 2, 0], [2, 2, 2, 2], (0, 1, 2))),
    ("absent_class", _pair(["ant", "cat", "cat"], ["cat", "ant", "cat"], ("ant", "bee", "cat"))),
    ("duplicates", _pair([1, 1, 0, 0, 1, 1], [1, 1, 0, 1, 1, 1], (0, 1))),
    ("signed_labels", _pair([-3, 7, 0, 4], [7, 7, 0, -3], SIGNED_ALPHABET)),
    # a binary metric's labels= (or pos_label) naming a class y_true lacks: only the positive class, with a wrong
    # prediction of the negative one (a library that binarises y_true on its own classes reads them as negatives),
    # and only the negative class
    ("only_positive_true", _pair([1, 1, 1, 1], [1, 0, 1, 1], (0, 1))),
    ("only_negative_true", _pair([0, 0, 0], [0, 1, 0], (0, 1))),
)


def _weighted_label_edges() -> tuple:
    """(pair with integer weights, weights): a zero weight first, in the middle and last."""
    t, p = [0, 1, 2, 1, 0], [0, 2, 2, 1, 1]
    out = []
    for name, w in (("zero_weight_first", [0, 1, 2, 1, 3]), ("zero_weight_middle", [2, 1, 0, 1, 3]),
                    ("zero_weight_last", [1, 3, 2, 1, 0])):
        pair = _pair(t, p, (0, 1, 2), w)
        out.append((name, (pair, pair.sample_weight)))
    return tuple(out)


#: binary labels for the bad-input edge cases: valid for every label-pair metric before they are spoiled
_BAD_TRUE, _BAD_PRED = np.array([0, 1, 1, 0, 1]), np.array([0, 1, 0, 0, 1])

#: bad label pairs that every profile reaches (``(name, (pair, argument at fault, defect))``): a NaN label, and
#: a y_pred of one label against five samples (which NumPy would broadcast)
BAD_LABEL_EDGES = (
    ("nan_label", (LabelPair(np.array([0.0, 1.0, np.nan, 0.0, 1.0]), _BAD_PRED.astype(float), (0, 1), 1),
                   "y_true", "nan")),
    ("broadcast_y_pred", (LabelPair(_BAD_TRUE, _BAD_PRED[1:2], (0, 1), 1), "y_pred", "broadcast")),
)

#: integer y_true against y_pred holding the same digits as strings: bad input to a classification metric, whose
#: two arguments name the same classes (a library that compares the labels as strings scores it as if both were
#: integers, accuracy 0.8). Not to
#: two partitions (clustering), whose names need not be of one kind: :data:`PARTITIONS`
MIXED_DTYPE_EDGES = (
    ("mixed_dtype_int_str", (LabelPair(_BAD_TRUE, _BAD_PRED.astype(str), (0, 1), 1), "y_true,y_pred",
                             "mixed_dtype")),
)

LABELS = InputShape(
    name="label pairs",
    examples=lambda name: with_edges(any_label_pairs(), LABEL_EDGES),
    size=lambda ex: ex.n,
    take=_take_pair,
    call=_call_pair,
    form_keywords=lambda form: ("pos_label",) if form.get("average") == "binary" else (),
    weighted=lambda name: with_edges(any_label_pairs(weights="int").map(lambda e: (e, e.sample_weight)),
                                     _weighted_label_edges()),
    swap=lambda ex: LabelPair(ex.y_pred, ex.y_true, ex.alphabet, ex.pos_label, ex.sample_weight),
    perfect=lambda name: with_edges(any_label_pairs().map(perfect_pair), mapped_edges(LABEL_EDGES, perfect_pair)),
    bad=lambda name: with_edges(bad_label_pairs(), BAD_LABEL_EDGES + MIXED_DTYPE_EDGES),
    recast=_recast_pair,
    dtypes="integer labels as int8 to uint64 where they fit, bool for the labels {0, 1}, Python lists; "
           "y_pred as float64 beside integer y_true, y_true as bool beside integer y_pred for the labels {0, 1}",
)

#: label pairs as two partitions of the samples (clustering): as :data:`LABELS`, but labels of one kind (strings)
#: against another (integers) are valid input, the names of one labeling meaning nothing to the other; without the
#: edge cases of a positive class named by labels= (one class, relabelled, is one cluster: already an edge case)
_PARTITION_EDGES = tuple((name, pair) for name, pair in LABEL_EDGES if not name.startswith(("only_positive",
                                                                                              "only_negative")))
PARTITIONS = dataclasses.replace(
    LABELS, examples=lambda name: with_edges(any_label_pairs(), _PARTITION_EDGES),
    perfect=lambda name: with_edges(any_label_pairs().map(perfect_pair), mapped_edges(_PARTITION_EDGES, perfect_pair)),
    bad=lambda name: with_edges(bad_label_pairs(), BAD_LABEL_EDGES))


def _take_proba(ex: ProbaExample, idx: np.ndarray) -> ProbaExample:
    w = None if ex.sample_weight is None else ex.sample_weight[idx]
    return ProbaExample(ex.y_true[idx], ex.y_proba[idx], ex.labels, w)


def one_hot(ex: ProbaExample) -> ProbaExample:
    """Probability 1 on every true class."""
    return ProbaExample(ex.y_true, (np.asarray(ex.labels)[None, :] == ex.y_true[:, None]).astype(float), ex.labels)


@st.composite
def bad_probability_examples(draw):
    """(example, argument at fault or None, defect): mismatched lengths, empty input or a NaN label."""
    e = draw(proba_examples(max_size=6))
    defect = draw(st.sampled_from(["length_mismatch", "empty", "nan"]))
    if defect == "length_mismatch":
        return ProbaExample(e.y_true, np.vstack([e.y_proba, e.y_proba[:1]]), e.labels), "y_proba", defect
    if defect == "empty":
        return ProbaExample(e.y_true[:0], e.y_proba[:0], e.labels), None, defect
    y = np.arange(len(e.y_true)) % 2 * 1.0
    y[0] = np.nan
    return ProbaExample(y, np.full((len(y), 2), 0.5), (0.0, 1.0)), "y_true", "nan"


#: bad probability examples every profile reaches: a NaN label, and one probability row against four labels
BAD_PROBABILITY_EDGES = (
    ("nan_label", (ProbaExample(np.array([0.0, np.nan, 1.0]), np.full((3, 2), 0.5), (0.0, 1.0)), "y_true", "nan")),
    ("broadcast_y_proba", (ProbaExample(np.array([0, 1, 1, 0]), np.array([[0.25, 0.75]]), (0, 1)), "y_proba",
                           "broadcast")),
)


def _recast_proba(ex: ProbaExample) -> list[Recast]:
    """y_true as the labels' conversions (labels= stays as drawn), y_proba rounded to float32 and to
    float16 (probabilities: every value in float16's range), both as Python lists."""
    n, k = ex.y_proba.shape
    return [
        *integer_recasts("y_true", [ex.y_true], lambda a, dtype: ProbaExample(a[0], ex.y_proba, ex.labels)),
        *float_recasts("y_proba", [ex.y_proba], lambda a: ProbaExample(ex.y_true, a[0], ex.labels),
                       ops=n * k, float16_bound=1.0),
        list_recast("y_true, y_proba", [ex.y_true, ex.y_proba], lambda a: ProbaExample(*a, ex.labels),
                    versus=f"{dtype_name(ex.y_true)}, float64"),
    ]


def _proba(y_true, rows, labels, weights=None) -> ProbaExample:
    kind = str if isinstance(labels[0], str) else np.int64
    w = None if weights is None else np.array(weights, dtype=np.float64)
    return ProbaExample(np.array(y_true, dtype=kind), np.array(rows, dtype=np.float64), tuple(labels), w)


#: two classes named by labels=, y_true holding one of them: only the positive (the greater label: its 1-D form is a
#: column of P(positive) whose truth is all ones, which a library binarising y_true on its own classes reads as all
#: negatives) and only the negative
ONE_CLASS_PROBABILITY_EDGES = (
    ("only_positive_class", _proba([1, 1, 1], [[0.25, 0.75], [0.5, 0.5], [0.875, 0.125]], (0, 1))),
    ("only_negative_class_strings", _proba(["neg", "neg"], [[0.75, 0.25], [0.375, 0.625]], ("neg", "pos"))),
)

#: labels with probability rows that break probabilistic metrics: certain (one-hot) rows, uniform rows,
#: a single sample, classes absent from y_true, one of two classes only
PROBABILITY_EDGES = (
    ("one_hot_rows", _proba([0, 1, 1], [[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]], (0, 1))),
    ("uniform_rows", _proba([0, 1, 2], [[1 / 3] * 3] * 3, (0, 1, 2))),
    ("single_sample", _proba([1], [[0.25, 0.75]], (0, 1))),
    ("absent_classes", _proba(["ant", "ant"], [[0.5, 0.25, 0.25], [0.75, 0.125, 0.125]], ("ant", "bee", "cat"))),
    *(edge for edge in ONE_CLASS_PROBABILITY_EDGES if edge[0] != "only_negative_class_strings"),
)


def _weighted_probability_edges() -> tuple:
    rows = [[0.25, 0.75], [0.5, 0.5], [0.875, 0.125], [0.375, 0.625]]
    out = []
    for name, w in (("zero_weight_first", [0, 1, 2, 1]), ("zero_weight_middle", [2, 0, 1, 3]),
                    ("zero_weight_last", [1, 3, 2, 0])):
        e = _proba([1, 0, 0, 1], rows, (0, 1), w)
        out.append((name, (e, e.sample_weight)))
    return tuple(out)


PROBABILITIES = InputShape(
    name="labels with class probability rows",
    examples=lambda name: with_edges(proba_examples(), PROBABILITY_EDGES),
    size=lambda ex: int(ex.y_true.shape[0]),
    take=_take_proba,
    call=lambda t, name, ex, **kw: getattr(t, name)(ex.y_true, ex.y_proba, labels=list(ex.labels), **kw),
    call_keywords=("labels",),
    weighted=lambda name: with_edges(proba_examples(weights="int", min_prob=1e-9).map(lambda e: (e, e.sample_weight)),
                                     _weighted_probability_edges()),
    perfect=lambda name: with_edges(proba_examples().map(one_hot), mapped_edges(PROBABILITY_EDGES, one_hot)),
    bad=lambda name: with_edges(bad_probability_examples(), BAD_PROBABILITY_EDGES),
    recast=_recast_proba,
    dtypes=f"integer labels as int8 to uint64 where they fit; probabilities in float32 and float16, {ROUNDED}; "
           "Python lists",
)


# ------------------------------------------------------------------ binary pairs named by their two labels


def _call_binary_pair(t, name: str, ex: LabelPair, **kw):
    """The metric with ``labels=[negative, positive]`` = the pair's alphabet (a binary metric such as the
    likelihood ratios needs both classes named when the data hold one)."""
    return getattr(t, name)(ex.y_true, ex.y_pred, labels=list(ex.alphabet), **kw)


_BINARY_EDGES = tuple((name, pair) for name, pair in LABEL_EDGES if pair.is_binary)


def _weighted_binary_edges() -> tuple:
    """(binary pair with integer weights, weights): a zero weight first, in the middle and last, on data where
    every cell of the 2 x 2 table stays filled (the likelihood ratios are defined with or without it)."""
    t, p = [0, 1, 1, 0, 1, 0, 0], [0, 1, 0, 1, 1, 0, 1]
    return tuple((name, (pair, pair.sample_weight)) for name, pair in (
        (name, _pair(t, p, (0, 1), w)) for name, w in (
            ("zero_weight_first", [0, 1, 2, 1, 3, 1, 2]), ("zero_weight_middle", [2, 1, 3, 0, 1, 1, 2]),
            ("zero_weight_last", [1, 3, 2, 1, 2, 1, 0]))))

BINARY_LABELS = dataclasses.replace(
    LABELS,
    name="binary label pairs",
    examples=lambda name: with_edges(binary_pairs(), _BINARY_EDGES),
    call=_call_binary_pair,
    call_keywords=("labels",),
    form_keywords=None,
    weighted=lambda name: with_edges(binary_pairs(weights="int").map(lambda e: (e, e.sample_weight)),
                                     _weighted_binary_edges()),
    perfect=lambda name: with_edges(binary_pairs().map(perfect_pair), mapped_edges(_BINARY_EDGES, perfect_pair)),
)


# ------------------------------------------------------------------ binary labels with 1-D probabilities


@st.composite
def binary_probability_examples(draw, *, min_size: int = 1, max_size: int = MAX_SIZE):
    """A :class:`ProbaExample` whose ``y_proba`` is 1-D: the probability of ``labels[1]``, the positive
    class. Probabilities are arbitrary floats in [0, 1], round values (0, 0.5, 1, tenths: on bin edges),
    or repeated values; labels are {0, 1} or {"neg", "pos"}; either class may be absent."""
    labels = draw(st.sampled_from([(0, 1), ("neg", "pos")]))
    n = draw(st.integers(min_size, max_size))
    value = st.one_of(st.floats(0.0, 1.0, allow_subnormal=False), st.sampled_from([0.0, 0.1, 0.2, 0.5, 0.7, 1.0]))
    if draw(st.booleans()):
        pool = draw(st.lists(value, min_size=1, max_size=3))
        p = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))
    else:
        p = draw(st.lists(value, min_size=n, max_size=n))
    codes = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    return ProbaExample(_as_label_array(codes, labels), np.array(p, dtype=np.float64), labels)


@st.composite
def bad_binary_probability_examples(draw):
    """(example, argument at fault or None, defect): mismatched lengths, empty input or a NaN probability."""
    e = draw(binary_probability_examples(max_size=6))
    defect = draw(st.sampled_from(["length_mismatch", "empty", "nan"]))
    if defect == "length_mismatch":
        return ProbaExample(e.y_true, np.append(e.y_proba, 0.5), e.labels), "y_proba", defect
    if defect == "empty":
        return ProbaExample(e.y_true[:0], e.y_proba[:0], e.labels), None, defect
    p = e.y_proba.copy()
    p[draw(st.integers(0, len(p) - 1))] = np.nan
    return ProbaExample(e.y_true, p, e.labels), "y_proba", defect


#: bad binary probability examples every profile reaches: a NaN label, and one probability against four labels
BAD_BINARY_PROBABILITY_EDGES = (
    ("nan_label", (ProbaExample(np.array([0.0, np.nan, 1.0, 1.0]), np.array([0.2, 0.4, 0.7, 0.9]), (0, 1)),
                   "y_true", "nan")),
    ("broadcast_y_proba", (ProbaExample(np.array([0, 1, 1, 0]), np.array([0.75]), (0, 1)), "y_proba", "broadcast")),
)


def _recast_binary_proba(ex: ProbaExample) -> list[Recast]:
    return [
        *float_recasts("y_proba", [ex.y_proba], lambda a: ProbaExample(ex.y_true, a[0], ex.labels),
                       ops=len(ex.y_proba), float16_bound=1.0),
        list_recast("y_true, y_proba", [ex.y_true, ex.y_proba], lambda a: ProbaExample(*a, ex.labels),
                    versus=f"{dtype_name(ex.y_true)}, float64"),
    ]


#: calibration inputs (1-D: P(positive)) at the binning's edges, for every bin count the calibration properties
#: use (4, 5, 15 uniform bins; 4 quantile bins): a confidence of exactly 1.0 sharing the last bin with another of the
#: other outcome (a library that gives 1.0 a bin of its own, past the last, scores it apart: 0.26 for 0.24 under 15
#: bins), exactly 0 and 1 with every edge i / n of 4 and of 5 uniform bins, and every confidence inside one bin of 4,
#: 5 and 15
CALIBRATION_EDGES = (
    ("confidence_one_shares_last_bin", _proba([0, 1, 0, 1], [1.0, 0.96, 0.3, 0.6], (0, 1))),
    ("every_bin_edge", _proba([1, 0, 1, 0, 1, 0, 1, 1, 0],
                              sorted({*(i / 4 for i in range(5)), *(i / 5 for i in range(6))}),
                              (0, 1))),
    ("single_bin_populated", _proba([0, 1, 1, 0], [0.55, 0.56, 0.57, 0.58], (0, 1))),
)

#: 2-D calibration inputs: a wrong top-label confidence of exactly 1.0 beside a right one of 0.96 in the last bin,
#: and two at 0.5 (an edge of 4 bins and of the classwise 5-bin columns' 0.25)
CALIBRATION_ROW_EDGES = (
    ("top_confidence_one_shares_last_bin", _proba([0, 0, 1, 2], [[0.0, 1.0, 0.0], [0.96, 0.02, 0.02],
                                                                 [0.25, 0.5, 0.25], [0.5, 0.25, 0.25]], (0, 1, 2))),
)

BINARY_PROBABILITY_EDGES = (
    ("on_bin_edges", _proba([0, 1, 1, 0, 1], [0.0, 0.2, 0.5, 0.8, 1.0], (0, 1))),
    ("one_class", _proba(["pos", "pos"], [0.25, 0.75], ("neg", "pos"))),
    ("single_sample", _proba([1], [0.6], (0, 1))),
    ("all_equal", _proba([0, 1, 0, 1], [0.3, 0.3, 0.3, 0.3], (0, 1))),
    *CALIBRATION_EDGES,
)

BINARY_PROBABILITIES = InputShape(
    name="binary labels with probabilities of the positive class",
    examples=lambda name: with_edges(binary_probability_examples(), BINARY_PROBABILITY_EDGES),
    size=lambda ex: int(ex.y_true.shape[0]),
    take=lambda ex, idx: ProbaExample(ex.y_true[idx], ex.y_proba[idx], ex.labels),
    call=lambda t, name, ex, **kw: getattr(t, name)(ex.y_true, ex.y_proba, pos_label=ex.labels[1], **kw),
    call_keywords=("pos_label",),
    bad=lambda name: with_edges(bad_binary_probability_examples(), BAD_BINARY_PROBABILITY_EDGES),
    recast=_recast_binary_proba,
    dtypes=f"probabilities in float32 and float16, {ROUNDED}; Python lists",
)


# ------------------------------------------------------------------ ordinal labels: numbers on an ordinal scale

#: the numeric label edges (ordinal classes are numbers): a class only predicted, one class, one sample,
#: duplicates, signed labels
_ORDINAL_EDGES = tuple((name, pair) for name, pair in LABEL_EDGES if not isinstance(pair.alphabet[0], str)) + (
    ("class_only_predicted", _pair([0, 0, 2, 2], [0, 1, 2, 5], INT_ALPHABET)),
    ("far_predictions", _pair([0, 0, 0, 5], [5, 5, 0, 0], INT_ALPHABET)),
)


def ordinal_label_pairs(**options):
    """Pairs of integer labels (gaps, negatives, classes absent from one side), as numbers on an ordinal scale."""
    return label_pairs(alphabets=("int", "signed"), **options)


ORDINAL_LABELS = dataclasses.replace(
    LABELS,
    name="ordinal label pairs",
    examples=lambda name: with_edges(ordinal_label_pairs(), _ORDINAL_EDGES),
    weighted=lambda name: with_edges(ordinal_label_pairs(weights="int").map(lambda e: (e, e.sample_weight)),
                                     _weighted_label_edges()),
    perfect=lambda name: with_edges(ordinal_label_pairs().map(perfect_pair), mapped_edges(_ORDINAL_EDGES, perfect_pair)),
)
