"""Structured inputs of 1e5 to 1e7 samples for the large tier.

Hypothesis draws inputs of a few dozen samples; the bugs of real libraries at
scale (a rank sum in 32 bits, ``n_pos * n_neg`` in 32 bits, a product of four
counts in int64, a one-pass variance in float32) need inputs large enough to
cross those thresholds, and a shape that makes them bite: heavy ties, extreme
class imbalance, millions of identical labels, large offsets, many queries,
long documents. Random data of that size is not minimal, so the tier does not
shrink arrays; it draws among a short, ordered list of :class:`Case` objects
(smallest first), and a failing property shrinks to the smallest case that
fails.

A case is deterministic (its generator, size and options seed the RNG) and
rebuilds with one call, which is what a reproduction prints::

    >>> from properties.inputs import large
    >>> data = large.tied_reals(n=100_000, levels=10)
    >>> data.x.shape
    (100000,)

Every array a case hands to a target is *named* (:func:`name_of`), so a
reproduction shows ``large.tied_reals(n=100_000, levels=10).x`` instead of a
hundred thousand numbers.
"""

from __future__ import annotations

import dataclasses
import functools
import zlib
from types import SimpleNamespace

import numpy as np

#: id(object) -> (object, the expression that rebuilds it); the object is kept alive so ids stay unique
_NAMES: dict[int, tuple[object, str]] = {}

#: the tier runs every case of a property unless the reduced tier (``make test``) caps the size
REDUCED_MAX_SAMPLES = 100_000
_SETTINGS = {"max_samples": None}


def reduce(max_samples: int | None = REDUCED_MAX_SAMPLES) -> None:
    """Run only the cases of at most ``max_samples`` samples (None: every case)."""
    _SETTINGS["max_samples"] = max_samples


def named(value, expression: str):
    """Register ``value`` as rebuilt by ``expression`` (for reproductions); return it."""
    _NAMES[id(value)] = (value, expression)
    return value


def name_of(value) -> str | None:
    """The expression that rebuilds ``value``, if it came from a large case."""
    entry = _NAMES.get(id(value))
    return entry[1] if entry is not None and entry[0] is value else None


def forget() -> None:
    """Drop every registered name (and the arrays they keep alive)."""
    _NAMES.clear()


def derive(value, source, suffix: str):
    """``value``, named as ``source``'s expression followed by ``suffix`` (e.g. ``[::-1]``)."""
    base = name_of(source)
    return named(value, f"({base}){suffix}") if base is not None else value


@dataclasses.dataclass(frozen=True)
class Case:
    """One structured input: ``large.<generator>(n=..., **options)``."""

    generator: str
    n: int
    options: tuple = ()

    def __repr__(self) -> str:
        parts = [f"n={self.n:_}"] + [f"{k}={v!r}" for k, v in self.options]
        return f"large.{self.generator}({', '.join(parts)})"

    def _repr_pretty_(self, printer, cycle) -> None:  # Hypothesis' "Failing test case" line
        printer.text(repr(self))

    def build(self) -> SimpleNamespace:
        return _build(self)


def case(generator: str, n: int, **options) -> Case:
    if generator not in GENERATORS:
        raise ValueError(f"unknown large-input generator {generator!r}")
    return Case(generator, int(n), tuple(sorted(options.items())))


def active(cases) -> list[Case]:
    """The cases the current run uses (all, or those within the reduced tier's size)."""
    limit = _SETTINGS["max_samples"]
    chosen = [c for c in cases if limit is None or c.n <= limit]
    return chosen or [min(cases, key=lambda c: c.n)]


@functools.lru_cache(maxsize=1)
def _build(c: Case) -> SimpleNamespace:
    # one case in memory at a time: at 1e7 samples a case is hundreds of megabytes
    forget()
    fields = GENERATORS[c.generator](c.n, **dict(c.options))
    for key, value in fields.items():
        named(value, f"{c!r}.{key}")
    return SimpleNamespace(case=c, n=c.n, **fields)


def _rng(name: str, n: int, **options) -> np.random.Generator:
    key = repr((name, n, sorted(options.items()))).encode()
    return np.random.default_rng(zlib.crc32(key))


def permutation(n: int, seed: int = 0) -> np.ndarray:
    """A fixed permutation of ``range(n)``, named ``large.permutation(n=..., seed=...)``."""
    order = np.random.default_rng(seed).permutation(n)
    return named(order, f"large.permutation(n={n:_}, seed={seed})")


def permutation_keeping_ties(n: int, keys, seed: int = 0) -> np.ndarray:
    """:func:`permutation` with the samples that tie in ``keys`` (equal scores) kept in their input order
    (:func:`properties.inputs.tie_stable`), named ``large.permutation_keeping_ties(n=..., keys=..., seed=...)``."""
    from . import tie_stable

    order = tie_stable(np.random.default_rng(seed).permutation(n), keys)
    return named(order, f"large.permutation_keeping_ties(n={n:_}, keys={name_of(keys) or 'keys'}, seed={seed})")


# --------------------------------------------------------------------------
# Generators: n (and options) -> dict of named fields


def binary_labels(n: int, *, positives: int, flip: float = 0.1) -> dict:
    """Binary labels with exactly ``positives`` ones; predictions flip a fraction ``flip`` of them."""
    rng = _rng("binary_labels", n, positives=positives, flip=flip)
    y_true = np.zeros(n, dtype=np.int64)
    y_true[rng.choice(n, size=positives, replace=False)] = 1
    flips = rng.random(n) < flip
    return {"y_true": y_true, "y_pred": np.where(flips, 1 - y_true, y_true)}


def constant_labels(n: int, *, errors: int) -> dict:
    """Millions of identical labels (all 1), predicted right except ``errors`` zeros."""
    y_pred = np.ones(n, dtype=np.int64)
    y_pred[np.linspace(0, n - 1, errors).astype(np.int64)] = 0
    return {"y_true": np.ones(n, dtype=np.int64), "y_pred": y_pred}


def multiclass_labels(n: int, *, classes: int, agreement: float = 0.6) -> dict:
    """Uniform labels over ``classes``; a prediction is right with probability about ``agreement``."""
    rng = _rng("multiclass_labels", n, classes=classes, agreement=agreement)
    y_true = rng.integers(0, classes, size=n)
    y_pred = np.where(rng.random(n) < agreement, y_true, rng.integers(0, classes, size=n))
    return {"y_true": y_true, "y_pred": y_pred}


def tied_scores(n: int, *, positives: int, levels: int, magnitude: float = 1.0) -> dict:
    """Binary labels and scores on ``levels`` distinct values (times ``magnitude``), positives scoring
    higher on average."""
    rng = _rng("tied_scores", n, positives=positives, levels=levels)
    y_true = np.zeros(n, dtype=np.int64)
    y_true[rng.choice(n, size=positives, replace=False)] = 1
    raw = rng.normal(size=n) + 0.8 * y_true
    edges = np.quantile(raw, np.linspace(0, 1, levels + 1)[1:-1])
    return {"y_true": y_true, "y_score": np.searchsorted(edges, raw).astype(float) / levels * magnitude}


def tied_reals(n: int, *, levels: int) -> dict:
    """Two correlated samples on ``levels`` integer values each: every value tied n/levels times."""
    rng = _rng("tied_reals", n, levels=levels)
    x = rng.integers(0, levels, size=n)
    y = np.clip(x + rng.integers(-2, 3, size=n), 0, levels - 1)
    return {"x": x.astype(float), "y": y.astype(float)}


def offset_reals(n: int, *, offset: float, dtype: str = "float64", noise: float = 0.1,
                 magnitude: float = 1.0) -> dict:
    """y_true = magnitude * (offset + N(0, 1)), y_pred = y_true + magnitude * N(0, noise), as ``dtype``.

    With offset 1e4 in float32 the spread is a few units in the last place of
    the mean's magnitude squared: a one-pass variance (sum of squares minus
    square of sum) loses every digit. With ``magnitude`` 1e-300 the squares
    underflow, with 1e300 they overflow, and 1e-310 makes every value subnormal.
    """
    rng = _rng("offset_reals", n, offset=offset, dtype=dtype, noise=noise)
    base = rng.normal(size=n)
    y_true = (magnitude * (offset + base)).astype(dtype)
    y_pred = (magnitude * (offset + base + rng.normal(scale=noise, size=n))).astype(dtype)
    return {"y_true": y_true, "y_pred": y_pred}


def inter_event_times(n: int, *, bursts: int) -> dict:
    """Gaps between events in ``bursts`` regimes whose mean gap grows tenfold from the first to the last.

    Not stationary on purpose: a metric that only reads the first samples, or
    a prefix of the input duplicated, sees other regimes than the whole.
    """
    rng = _rng("inter_event_times", n, bursts=bursts)
    scale = np.repeat(np.logspace(0, 1, bursts), -(-n // bursts))[:n]
    return {"y_true": rng.exponential(scale) ** 2}


def indicator_pairs(n: int, *, labels: int, density: float = 0.2, flip: float = 0.1) -> dict:
    """Multilabel indicator matrices (bool, ``n`` rows of ``labels`` columns): each label present with a
    probability that falls from ``2 density`` to 0 across the labels (common labels and rare ones), the
    prediction flipping a fraction ``flip`` of the cells. Drawn in blocks of rows, so that the temporaries stay
    small next to the matrices (1e6 x 100: 100 MB per matrix)."""
    rng = _rng("indicator_pairs", n, labels=labels, density=density, flip=flip)
    rate = np.linspace(2 * density, 0.0, labels, endpoint=False).astype(np.float32)
    y_true = np.empty((n, labels), dtype=bool)
    y_pred = np.empty((n, labels), dtype=bool)
    for lo in range(0, n, 1 << 16):
        rows = min(n, lo + (1 << 16)) - lo
        t = rng.random((rows, labels), dtype=np.float32) < rate
        y_true[lo:lo + rows] = t
        y_pred[lo:lo + rows] = t ^ (rng.random((rows, labels), dtype=np.float32) < flip)
    return {"y_true": y_true, "y_pred": y_pred}


def class_probabilities(n: int, *, classes: int) -> dict:
    """Labels 0..classes-1 and a row-stochastic matrix leaning towards the true class."""
    rng = _rng("class_probabilities", n, classes=classes)
    y_true = rng.integers(0, classes, size=n)
    logits = rng.normal(size=(n, classes))
    logits[np.arange(n), y_true] += 1.0
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return {"y_true": y_true, "y_proba": p, "p_positive": p[:, 1] / (p[:, 0] + p[:, 1]),
            "y_binary": (y_true % 2).astype(np.int64)}


def token_probabilities(n: int) -> dict:
    """``n`` token probabilities in (0, 1], most near 1e-3 (a long text's perplexity near 1000)."""
    rng = _rng("token_probabilities", n)
    return {"p": np.exp(rng.normal(loc=-7.0, scale=1.5, size=n)).clip(max=1.0)}


def distribution(n: int) -> dict:
    """Two distributions over ``n`` outcomes (no zeros), for entropies and divergences."""
    rng = _rng("distribution", n)
    p, q = rng.random(n) + 1e-3, rng.random(n) + 1e-3
    return {"p": p / p.sum(), "q": q / q.sum()}


def query_batch(n: int, *, documents: int, grades: int = 4) -> dict:
    """``n // documents`` queries of ``documents`` graded documents, scored without ties.

    Untied and positive on purpose: libraries break ties among equal scores by different
    documented rules, and some drop documents scored <= 0 (the standard tier's properties
    see both); this tier is about scale."""
    queries = n // documents
    rng = _rng("query_batch", n, documents=documents, grades=grades)
    y_true = rng.integers(0, grades, size=(queries, documents))
    y_true[:, 0] = np.maximum(y_true[:, 0], 1)  # every query has a relevant document
    y_score = 10.0 + y_true + rng.normal(scale=1.5, size=(queries, documents))
    return {"y_true": y_true, "y_score": y_score, "relevant": (y_true > 0).astype(np.int64)}


def detection_dataset(n: int, *, images: int, classes: int = 10, objects: int = 10) -> dict:
    """``images`` images of ``n // images`` detections and ``objects`` ground truths each, ``classes`` labels.

    Integer corners (exact IoUs); sides from 4 to 200 pixels, so every COCO area range has objects. Half
    the detections are jittered copies of an object of their image (same label 90% of the time), half
    random boxes; scores are distinct over the set (COCO breaks ties by image order, and the tier's
    permutation and duplication are about scale). More than 100 detections per image exercise COCO's
    ``maxDets`` truncation."""
    per_image = n // images
    rng = _rng("detection_dataset", n, images=images, classes=classes, objects=objects)

    def random_boxes(count):
        corner = rng.integers(0, 400, size=(count, 2))
        return np.hstack([corner, corner + rng.integers(4, 201, size=(count, 2))]).astype(np.float64)

    gt_boxes = random_boxes(images * objects).reshape(images, objects, 4)
    gt_labels = rng.integers(0, classes, size=(images, objects))
    source = rng.integers(0, objects, size=(images, per_image))
    copied = np.take_along_axis(gt_boxes, source[..., None], axis=1) + rng.integers(-6, 7, size=(images, per_image, 4))
    copied[..., 2:] = np.maximum(copied[..., 2:], copied[..., :2] + 1)
    is_copy = rng.random((images, per_image)) < 0.5
    det_boxes = np.where(is_copy[..., None], copied, random_boxes(images * per_image).reshape(images, per_image, 4))
    keep_label = is_copy & (rng.random((images, per_image)) < 0.9)
    det_labels = np.where(keep_label, np.take_along_axis(gt_labels, source, axis=1),
                          rng.integers(0, classes, size=(images, per_image)))
    scores = (rng.permutation(images * per_image) + 1.0).reshape(images, per_image) / (images * per_image)
    return {"detections": [{"boxes": det_boxes[i], "scores": scores[i], "labels": det_labels[i]}
                           for i in range(images)],
            "ground_truths": [{"boxes": gt_boxes[i], "labels": gt_labels[i]} for i in range(images)]}


@functools.lru_cache(maxsize=4)
def _words(vocabulary: int) -> np.ndarray:
    return np.array([f"w{i}" for i in range(vocabulary)])


def _tokens(rng, size: int, vocabulary: int) -> list[str]:
    words = _words(vocabulary)
    # Zipf-like: a few words very frequent, so n-gram counts exceed 2**16 in a long corpus
    ranks = np.minimum(rng.zipf(1.3, size=size), vocabulary) - 1
    return words[ranks].tolist()


def _edit(rng, tokens: list[str], rate: float) -> list[str]:
    return np.where(rng.random(len(tokens)) < rate, "zz", np.array(tokens)).tolist()


def corpus(n: int, *, length: int = 20, vocabulary: int = 2000, uniform: float = 0.0) -> dict:
    """``n // length`` sentences of ``length`` tokens; hypotheses replace 20% of the tokens. ``uniform``: that share
    of the tokens drawn uniformly from the vocabulary instead (a vocabulary of 1e6 at 0.8 puts about 77,000
    distinct tokens in 1e5: beyond 2**16, where n-gram keys kept in a small table collide)."""
    options = {"uniform": uniform} if uniform else {}
    rng = _rng("corpus", n, length=length, vocabulary=vocabulary, **options)
    sentences = n // length
    flat = np.array(_tokens(rng, sentences * length, vocabulary), dtype=_words(vocabulary).dtype)
    if uniform:
        spread = rng.random(flat.size) < uniform
        flat[spread] = _words(vocabulary)[rng.integers(0, vocabulary, size=int(spread.sum()))]
    flat = flat.reshape(sentences, length)
    replaced = np.where(rng.random(flat.shape) < 0.2, "zz", flat)
    refs, hyps = flat.tolist(), replaced.tolist()
    texts = [" ".join(r) for r in refs]
    return {"references": refs, "hypotheses": hyps, "list_of_references": [[r] for r in refs],
            "reference_texts": texts, "hypothesis_texts": [" ".join(h) for h in hyps],
            "list_of_reference_texts": [[t] for t in texts]}


def document(n: int, *, vocabulary: int = 5000) -> dict:
    """One document of ``n`` tokens and a hypothesis replacing 20% of them."""
    rng = _rng("document", n, vocabulary=vocabulary)
    ref = _tokens(rng, n, vocabulary)
    hyp = _edit(rng, ref, 0.2)
    return {"reference": ref, "hypothesis": hyp, "references": [ref],
            "reference_text": " ".join(ref), "hypothesis_text": " ".join(hyp)}


GENERATORS = {
    f.__name__: f
    for f in (binary_labels, constant_labels, multiclass_labels, tied_scores, tied_reals, offset_reals,
              inter_event_times, indicator_pairs, class_probabilities, token_probabilities, distribution, query_batch,
              corpus, document,
              detection_dataset)
}


def _keyword_form(generator):
    @functools.wraps(generator)
    def rebuild(n: int, **options) -> SimpleNamespace:
        return case(generator.__name__, n, **options).build()

    return rebuild


# ``large.tied_reals(n=100_000, levels=10)`` in a reproduction rebuilds the case and its named fields
for _name, _generator in list(GENERATORS.items()):
    globals()[_name] = _keyword_form(_generator)
