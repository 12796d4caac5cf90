"""Text and sequence metrics: edit distance, WER/CER, MER/WIL/WIP, BLEU, chrF/chrF++, TER,
ROUGE-N, ROUGE-L, ROUGE-W, ROUGE-S and ROUGE-SU, SQuAD's exact match and token F1, METEOR, and CIDEr/CIDEr-D.

Inputs are token sequences chosen by the caller (lists or tuples of hashables);
tokenization is never done for you, except by the documented helper
:func:`whitespace_tokenize`. Argument order follows NLTK and sacrebleu:
references before hypotheses.

Tokens are compared exactly as a Python ``Counter`` compares them (hash and
equality). Edit distance and LCS map tokens to integer ids and run on
rapidfuzz's exact bit-parallel engines (never quadratic Python loops); corpus
BLEU counts the clipped n-gram statistics of the whole corpus at once (one
radix sort of token ids, then pairs of equal tokens extended order by order);
sentence BLEU uses ``Counter`` (cheapest on one short sentence),
and the spec checks that both paths agree.
"""

from __future__ import annotations

import math
import re
import string
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import chain, count
from typing import NamedTuple

import numpy as np
from rapidfuzz.distance import LCSseq, Levenshtein

from ._cider import cider_scores
from ._meteor import align as _meteor_align
from ._meteor import meteor_from_counts as _meteor_from_counts
from ._ter import ter_edits
from ._validation import check_choice, check_int_at_least, check_positive
from .errors import MetricInputError

__all__ = [
    "edit_distance",
    "wer",
    "corpus_wer",
    "cer",
    "corpus_cer",
    "mer",
    "corpus_mer",
    "wil",
    "corpus_wil",
    "wip",
    "corpus_wip",
    "sentence_bleu",
    "corpus_bleu",
    "sentence_chrf",
    "corpus_chrf",
    "sentence_ter",
    "corpus_ter",
    "exact_match",
    "squad_f1",
    "rouge_n",
    "rouge_l",
    "rouge_w",
    "rouge_s",
    "rouge_su",
    "meteor",
    "cider",
    "cider_d",
]

#: smoothing name -> canonical name. NLTK numbers Chen & Cherry's methods
#: (``method1`` = floor, ``method2`` = add-k with k=1, ``method3`` = exp);
#: sacrebleu names them ``floor``, ``add-k`` and ``exp``.
SMOOTHING_METHODS = {
    "none": "none",
    "method0": "none",
    "floor": "floor",
    "method1": "floor",
    "add-k": "add-k",
    "method2": "add-k",
    "exp": "exp",
    "method3": "exp",
}
#: default ``smooth_value`` per method: floor's epsilon (Chen & Cherry use 0.1), add-k's k
SMOOTH_DEFAULTS = {"none": None, "floor": 0.1, "add-k": 1.0, "exp": None}

MULTI_REFERENCE_POLICIES = ("max", "mean")
WER_AVERAGES = ("pooled", "mean")


class CiderScore(NamedTuple):
    """A corpus CIDEr score and the score of each segment (pycocoevalcap's ``(score, scores)``)."""

    score: float
    scores: np.ndarray


class RougeScore(NamedTuple):
    """Precision, recall and F-measure of one ROUGE comparison (all in [0, 1])."""

    precision: float
    recall: float
    fmeasure: float


def whitespace_tokenize(text: str, *, lowercase: bool = False) -> list[str]:
    """Split raw text on whitespace (optionally lowercased) -- the helper for raw strings.

    ``whitespace_tokenize("The cat  sat")`` -> ``["The", "cat", "sat"]``. It is
    the same as sacrebleu's ``tokenize='none'``; punctuation stays attached to
    words. Metrics never call it: pass its output to them explicitly.
    """
    if not isinstance(text, str):
        raise MetricInputError("text", f"expected a string, got {type(text).__name__}")
    return (text.lower() if lowercase else text).split()


# --------------------------------------------------------------------------
# input checks


def _tokens(value, name: str) -> Sequence:
    """A token sequence (list, tuple, range or 1-D array); never a bare string."""
    if isinstance(value, (list, tuple)):
        return value
    if isinstance(value, (str, bytes)):
        raise MetricInputError(
            name,
            f"expected a sequence of tokens, got the string {value!r}; "
            "split it first (e.g. whitespace_tokenize(text))",
        )
    if isinstance(value, np.ndarray):
        if value.ndim != 1:
            raise MetricInputError(name, f"expected a 1-D sequence of tokens, got shape {value.shape}")
        return value.tolist()
    if isinstance(value, Sequence):
        return value
    raise MetricInputError(name, f"expected a sequence of tokens, got {type(value).__name__}")


def _reference_list(value, name: str) -> Sequence:
    """A non-empty list of token sequences (the references of one hypothesis)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray)):
        raise MetricInputError(
            name, f"expected a list of reference token lists, got {type(value).__name__}"
        )
    if len(value) == 0:
        raise MetricInputError(name, "has no reference: give at least one reference token list")
    for ref in value:
        if not isinstance(ref, (list, tuple, np.ndarray)):
            raise MetricInputError(
                name,
                f"expected a list of reference token lists, but it holds the token {ref!r}; "
                "a single reference must be wrapped: [reference]",
            )
    return [_tokens(ref, name) for ref in value]


def _corpus(value, name: str) -> Sequence:
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray)):
        raise MetricInputError(name, f"expected a list with one entry per sentence, got {type(value).__name__}")
    if len(value) == 0:
        raise MetricInputError(name, "is empty: the corpus needs at least one sentence")
    return value


def _same_count(name_a: str, a, name_b: str, b) -> None:
    if len(a) != len(b):
        raise MetricInputError(
            name_b, f"has {len(b)} sentences but {name_a} has {len(a)}; they must pair up one to one"
        )


def _encoder():
    """A function mapping a token sequence to a list of int ids shared across calls."""
    vocab: dict = {}
    setdefault = vocab.setdefault

    def encode(tokens, name: str) -> list[int]:
        try:
            return [setdefault(t, len(vocab)) for t in tokens]
        except TypeError:
            raise MetricInputError(name, "tokens must be hashable (str, int, tuple, ...)") from None

    return encode


# --------------------------------------------------------------------------
# edit distance and error rates


def edit_distance(reference, hypothesis) -> int:
    """Levenshtein distance: the fewest insertions, deletions and substitutions (unit costs).

    ``d(a, b) = min #edits turning a into b``; works on any two sequences of
    hashable tokens (lists, tuples) or two strings (sequences of characters).

    Range: ``max(0, |len(a) - len(b)|) <= d <= max(len(a), len(b))``; 0 iff a == b;
    symmetric; satisfies the triangle inequality. Undefined cases: none, it is
    defined for empty inputs (``d([], b) = len(b)``). Source: Levenshtein (1966); NLTK's
    ``nltk.edit_distance`` with its defaults (no transpositions). Computed by
    rapidfuzz's exact bit-parallel algorithm on integer token ids.
    """
    if isinstance(reference, str) and isinstance(hypothesis, str):
        return int(Levenshtein.distance(reference, hypothesis))
    ref = _tokens(reference, "reference")
    hyp = _tokens(hypothesis, "hypothesis")
    encode = _encoder()
    return int(Levenshtein.distance(encode(ref, "reference"), encode(hyp, "hypothesis")))


def wer(reference, hypothesis) -> float:
    """Word error rate of one sentence: ``edit_distance(reference, hypothesis) / len(reference)``.

    Range ``[0, inf)``: 0 iff the hypothesis equals the reference; above 1 when
    the hypothesis inserts more words than the reference has. Source: seeds
    000/002/003 ("a word-level, length-normalized measure of Levenshtein
    string-edit distance").

    Undefined case: an empty reference (division by zero) raises
    :class:`MetricInputError` naming ``reference``; pool sentences with
    :func:`corpus_wer` instead.
    """
    ref = _tokens(reference, "reference")
    hyp = _tokens(hypothesis, "hypothesis")
    if len(ref) == 0:
        raise MetricInputError("reference", "is empty: WER divides by the reference length")
    encode = _encoder()
    return Levenshtein.distance(encode(ref, "reference"), encode(hyp, "hypothesis")) / len(ref)


def _corpus_error_rate(references, hypotheses, average: str, *, characters: bool) -> float:
    check_choice(average, "average", WER_AVERAGES)
    dists, lengths = _edit_counts(references, hypotheses, characters=characters)
    if average == "pooled":
        return _pooled_error_rate(float(dists.sum()), float(lengths.sum()))
    return float(np.mean(_sentence_rates(dists, lengths)))


def _sentence_rates(dists: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Each sentence's error rate (average='mean'): every reference must be non-empty."""
    if (lengths == 0).any():
        i = int(np.flatnonzero(lengths == 0)[0])
        raise MetricInputError("references", f"entry {i} is empty: average='mean' divides by each reference length")
    return dists / lengths


def _pooled_error_rate(edits: float, length: float) -> float:
    if length == 0:
        raise MetricInputError("references", "are all empty: the pooled error rate divides by their total length")
    return edits / length


def _edit_counts(references, hypotheses, *, characters: bool) -> tuple[np.ndarray, np.ndarray]:
    """(edit distance, reference length) of each sentence of a corpus, validated, as float64 arrays."""
    refs = _corpus(references, "references")
    hyps = _corpus(hypotheses, "hypotheses")
    _same_count("references", refs, "hypotheses", hyps)
    if characters:
        for i, (r, h) in enumerate(zip(refs, hyps)):
            if not isinstance(r, str):
                raise MetricInputError("references", f"entry {i} is not a string: {type(r).__name__}")
            if not isinstance(h, str):
                raise MetricInputError("hypotheses", f"entry {i} is not a string: {type(h).__name__}")
        pairs = zip(refs, hyps)
    else:
        encode = _encoder()
        pairs = [
            (encode(_tokens(r, "references"), "references"), encode(_tokens(h, "hypotheses"), "hypotheses"))
            for r, h in zip(refs, hyps)
        ]
    distance = Levenshtein.distance
    dists = np.fromiter((distance(r, h) for r, h in pairs), dtype=np.float64, count=len(refs))
    lengths = np.fromiter((len(r) for r in refs), dtype=np.float64, count=len(refs))
    return dists, lengths


def corpus_wer(references, hypotheses, *, average: str = "pooled") -> float:
    """Word error rate of a corpus of (reference, hypothesis) token-list pairs.

    ``average="pooled"`` (default, the seeds' definition): total edits / total
    reference length, ``sum_i d_i / sum_i len(ref_i)`` -- the reference-length
    weighted mean of sentence WERs; empty references are allowed as long as
    not all are empty. ``average="mean"``: the unweighted mean of sentence WERs
    (every reference must be non-empty).

    Range ``[0, inf)``. Undefined: all references empty (pooled) or any empty
    (mean) raise :class:`MetricInputError` naming ``references``. Source: seed
    003's ``corpus_wer``; jiwer's ``wer`` on lists pools the same way.
    """
    return _corpus_error_rate(references, hypotheses, average, characters=False)


def cer(reference: str, hypothesis: str) -> float:
    """Character error rate: WER computed over the characters of two strings.

    ``cer(r, h) = edit_distance(r, h) / len(r)``; every character counts,
    spaces included (no stripping or normalisation). Range ``[0, inf)``.
    Undefined: an empty reference raises :class:`MetricInputError` naming
    ``reference``. Source: seed 004 (WER/CER).
    """
    if not isinstance(reference, str):
        raise MetricInputError("reference", f"expected a string, got {type(reference).__name__}")
    if not isinstance(hypothesis, str):
        raise MetricInputError("hypothesis", f"expected a string, got {type(hypothesis).__name__}")
    if not reference:
        raise MetricInputError("reference", "is empty: CER divides by the reference length")
    return Levenshtein.distance(reference, hypothesis) / len(reference)


def corpus_cer(references, hypotheses, *, average: str = "pooled") -> float:
    """Character error rate of a corpus of (reference, hypothesis) string pairs.

    Pooled (default): total character edits / total reference characters;
    ``average="mean"``: mean of sentence CERs. Range ``[0, inf)``; undefined
    cases as in :func:`corpus_wer`. Source: seed 004 (CER), pooled as seed 003
    pools WER; jiwer's ``cer`` on lists.
    """
    return _corpus_error_rate(references, hypotheses, average, characters=True)


# --------------------------------------------------------------------------
# MER, WIL, WIP (Morris et al. 2004)


def _hit_counts(references, hypotheses, ref_name: str, hyp_name: str) -> tuple[int, int, int, int]:
    """Pooled (hits H, edits S + D + I, reference words N, hypothesis words M) of validated sentence pairs.

    H is the number of hits of a minimum-edit alignment, the one with the most hits where several
    alignments share the minimum (the same edit count can pair a deletion and an insertion around a hit,
    or substitute both words): rapidfuzz's exact weighted Levenshtein with insertions costing B and
    deletions and substitutions B + 1, where B exceeds every possible hit count, minimises
    ``B * edits + S + D = B * edits + N - H``.
    """
    encode = _encoder()
    hits = edits = n_ref = n_hyp = 0
    distance = Levenshtein.distance
    for r, h in zip(references, hypotheses):
        ref = encode(_tokens(r, ref_name), ref_name)
        hyp = encode(_tokens(h, hyp_name), hyp_name)
        big = len(ref) + len(hyp) + 1
        total = distance(ref, hyp, weights=(big, big + 1, big + 1))
        d, misses = divmod(total, big)
        hits += len(ref) - misses
        edits += d
        n_ref += len(ref)
        n_hyp += len(hyp)
    return hits, edits, n_ref, n_hyp


def _information_counts(references, hypotheses, *, corpus_level: bool):
    if corpus_level:
        names = ("references", "hypotheses")
        refs = _corpus(references, "references")
        hyps = _corpus(hypotheses, "hypotheses")
        _same_count("references", refs, "hypotheses", hyps)
    else:
        names = ("reference", "hypothesis")
        refs, hyps = [references], [hypotheses]
    counts = _hit_counts(refs, hyps, *names)
    if counts[2] == 0 and counts[3] == 0:
        raise MetricInputError("references" if corpus_level else "reference",
                               "and the hypotheses are all empty: MER, WIL and WIP are 0/0 there")
    return counts


def _mer_from(counts) -> float:
    hits, edits, _, _ = counts
    return edits / (hits + edits)


def _wip_from(counts) -> float:
    hits, _, n_ref, n_hyp = counts
    return 0.0 if hits == 0 else (hits / n_ref) * (hits / n_hyp)


def mer(reference, hypothesis) -> float:
    """Match error rate of one sentence: ``MER = (S + D + I) / (H + S + D + I)``.

    H, S, D and I are the hits, substitutions, deletions and insertions of a
    minimum-edit alignment of the token lists (``S + D + I`` is the edit
    distance); where several minimum-edit alignments exist, the one with the most
    hits is taken (the hit count is otherwise a matter of backtrace order).
    The probability that a given input/output match is an error. Source: Morris,
    Maier & Green (2004), "From WER and RIL to MER and WIL"; jiwer's ``mer``.
    Range ``[0, 1]``; ``WER / (1 + WER) <= MER <= WER``.

    Undefined: both sequences empty (0/0) raises :class:`MetricInputError`
    naming ``reference``; one side empty gives 1.
    """
    return _mer_from(_information_counts(reference, hypothesis, corpus_level=False))


def corpus_mer(references, hypotheses) -> float:
    """Match error rate of a corpus: the counts H, S, D, I of :func:`mer` pooled over sentences.

    ``sum(S + D + I) / sum(H + S + D + I)`` (jiwer's ``mer`` on lists pools the same way).
    Range ``[0, 1]``. Undefined: an empty corpus, or every sentence pair empty, raises
    :class:`MetricInputError` naming the argument. Source: Morris et al. (2004).
    """
    return _mer_from(_information_counts(references, hypotheses, corpus_level=True))


def wip(reference, hypothesis) -> float:
    """Word information preserved of one sentence: ``WIP = (H / N) * (H / M)``.

    N and M are the reference and hypothesis lengths, H the hits of the alignment
    of :func:`mer` (the most hits among minimum-edit alignments). Range ``[0, 1]``,
    1 iff the sentences are equal. Undefined: both empty raises
    :class:`MetricInputError` naming ``reference``; one side empty gives 0 (H = 0:
    nothing preserved). Source: Morris et al. (2004), the approximation of relative
    information preserved they call WIP; jiwer's ``wip``.
    """
    return _wip_from(_information_counts(reference, hypothesis, corpus_level=False))


def corpus_wip(references, hypotheses) -> float:
    """Word information preserved of a corpus: ``(sum H / sum N) * (sum H / sum M)`` (jiwer's pooling).

    Range ``[0, 1]``; undefined cases as in :func:`corpus_mer`. Source: Morris et al. (2004).
    """
    return _wip_from(_information_counts(references, hypotheses, corpus_level=True))


def wil(reference, hypothesis) -> float:
    """Word information lost of one sentence: ``WIL = 1 - WIP = 1 - H^2 / (N M)``.

    Range ``[0, 1]``, 0 iff the sentences are equal. Undefined: both empty raises
    :class:`MetricInputError` naming ``reference``; one side empty gives 1.
    Source: Morris et al. (2004); jiwer's ``wil``.
    """
    return 1.0 - wip(reference, hypothesis)


def corpus_wil(references, hypotheses) -> float:
    """Word information lost of a corpus: ``1 - corpus_wip`` (pooled counts).

    Range ``[0, 1]``; undefined cases as in :func:`corpus_mer`. Source: Morris et al. (2004).
    """
    return 1.0 - corpus_wip(references, hypotheses)


# --------------------------------------------------------------------------
# BLEU


#: the largest n-gram order BLEU accepts: the work grows as max_n x length, and orders beyond a few
#: dozen only multiply the score by the brevity of every hypothesis (max_n = 10**4 took 31 s)
MAX_BLEU_ORDER = 100


def _bleu_options(max_n, weights, smoothing, smooth_value):
    max_n = check_int_at_least(max_n, "max_n", 1)
    if max_n > MAX_BLEU_ORDER:
        raise MetricInputError("max_n", f"must be <= {MAX_BLEU_ORDER}, got {max_n}")
    if weights is None:
        w = np.full(max_n, 1.0 / max_n)
    else:
        if isinstance(weights, (str, bytes)) or not isinstance(weights, (Sequence, np.ndarray)):
            raise MetricInputError("weights", f"expected a sequence of {max_n} numbers, got {weights!r}")
        try:
            w = np.asarray(weights, dtype=np.float64)
        except (TypeError, ValueError):
            raise MetricInputError("weights", f"expected numbers, got {weights!r}") from None
        if w.ndim != 1 or w.shape[0] != max_n:
            raise MetricInputError("weights", f"has {w.size} entries but max_n is {max_n}; give one weight per n-gram order")
        if not np.all(np.isfinite(w)):
            raise MetricInputError("weights", "contains NaN or infinite values")
        if (w < 0).any():
            raise MetricInputError("weights", f"contains negative weights: {w.tolist()}")
        if not (w > 0).any():
            raise MetricInputError("weights", "are all zero")
    check_choice(smoothing, "smoothing", tuple(SMOOTHING_METHODS))
    method = SMOOTHING_METHODS[smoothing]
    if smooth_value is None:
        value = SMOOTH_DEFAULTS[method]
    else:
        value = check_positive(smooth_value, "smooth_value")
    return max_n, w, method, value


# End markers: objects equal only to themselves, so no token of the caller can equal one.
_HYP_END = (object(),)
_REF_END = (object(),)
_ENDS = np.empty(2, dtype=object)  # indexed by "is a hypothesis"
_ENDS[0], _ENDS[1] = _REF_END, _HYP_END


def _token_ids_with_ends(segments, seg_is_hyp: np.ndarray, hyp_segments, n_tokens: int):
    """The tokens of ``segments`` as dense int32 ids, each segment followed by its end marker
    (one for hypotheses, another for references), and the number of distinct ids.

    Ids come from a dict, so tokens compare exactly as in a ``Counter``. One pass:
    ``setdefault`` gives a token the running position of its first occurrence, which
    the first-occurrence ranks then make dense.
    """
    pieces = [None] * (2 * len(segments))
    pieces[::2] = segments
    pieces[1::2] = _ENDS[seg_is_hyp.view(np.int8)].tolist()
    first_seen: dict = {}
    try:
        ids = np.fromiter(map(first_seen.setdefault, chain.from_iterable(pieces), count()),
                          dtype=np.int64, count=n_tokens)
    except TypeError:
        try:
            dict.fromkeys(chain.from_iterable(hyp_segments))
        except TypeError:
            raise MetricInputError("hypotheses", "tokens must be hashable (str, int, tuple, ...)") from None
        raise MetricInputError("list_of_references", "tokens must be hashable (str, int, tuple, ...)") from None
    # int32 on purpose: a bool -> int64 cumsum is an order of magnitude slower in NumPy 2.x
    dense = np.cumsum(ids == np.arange(n_tokens), dtype=np.int32)
    return dense[ids] - 1, int(dense[-1])


def _corpus_segments(list_of_references, hypotheses):
    """Validated segments laid out sentence-major (hypothesis s, then its references), the
    hypotheses, and per sentence the number of references."""
    # the common shape (lists of token lists, one reference each) is recognised with C-level passes
    if (type(list_of_references) is list and set(map(type, list_of_references)) == {list}
            and set(map(type, hypotheses)) == {list}):
        flat_refs = list(chain.from_iterable(list_of_references))
        if len(flat_refs) == len(hypotheses) and set(map(type, flat_refs)) == {list} \
                and min(map(len, list_of_references)) == 1:
            segments = [None] * (2 * len(hypotheses))
            segments[::2] = hypotheses
            segments[1::2] = flat_refs
            return segments, hypotheses, [1] * len(hypotheses)
    segments: list = []
    hyp_segments: list = []
    n_refs = []
    append, extend = segments.append, segments.extend
    for refs, hyp in zip(list_of_references, hypotheses):
        if type(hyp) is not list:
            hyp = _tokens(hyp, "hypotheses")
        if type(refs) is not list or not refs or any(type(r) is not list for r in refs):
            refs = _reference_list(refs, "list_of_references")
        hyp_segments.append(hyp)
        append(hyp)
        extend(refs)
        n_refs.append(len(refs))
    return segments, hyp_segments, n_refs


def _stable_token_order(tokens: np.ndarray, n_ids: int) -> np.ndarray:
    """``np.argsort(tokens, kind="stable")``, as LSD radix passes over 16-bit digits.

    NumPy radix-sorts 16-bit keys (several times faster than its stable sort of
    wider ones); dense ids below 2**16 need one pass, below 2**32 two.
    """
    low = np.argsort(tokens.astype(np.uint16), kind="stable")  # astype keeps the low 16 bits
    if n_ids <= 1 << 16:
        return low
    high = np.argsort((tokens[low] >> 16).astype(np.uint16), kind="stable")
    return low[high]


def _offsets(lengths: np.ndarray) -> np.ndarray:
    """``0 .. L - 1`` for each ``L`` in ``lengths``, concatenated."""
    return np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)


#: pair work (hypothesis-reference and hypothesis-hypothesis pairs of equal tokens) allowed per
#: token before sentences with long runs of one repeated token are counted with ``Counter``
_PAIR_BUDGET = 4


def _clipped_matches(tokens, n_ids, segments, seg_len, seg_sent, seg_is_hyp, first_seg, n_refs, max_n):
    """Clipped n-gram matches of the whole corpus, per order (a list of ``max_n`` ints).

    ``tokens`` is the corpus laid out sentence-major with end markers (see
    :func:`_bleu_statistics`). Algorithm, exact, one sort for all orders:

    1. A stable sort by token id groups the occurrences of each token in each
       sentence; positions stay ascending within a group, so its hypothesis
       occurrences come first.
    2. Within each group, every (hypothesis occurrence, reference occurrence)
       pair and every (earlier, later) pair of hypothesis occurrences is an
       equal unigram. A pair starting at ``(i, j)`` is an equal n-gram iff it was
       an equal (n-1)-gram and ``tokens[i+n-1] == tokens[j+n-1]``, so each order
       filters the pairs of the previous one (end markers stop n-grams at segment
       ends: a hypothesis marker never equals a reference one).
    3. For a hypothesis occurrence ``i``: ``c(i)`` = largest number of equal
       n-grams in any one reference, ``r(i)`` = equal n-grams earlier in the
       hypothesis. An n-gram seen ``k`` times in the hypothesis has ranks
       ``0 .. k-1``, so ``#{i : r(i) < c(i)}`` is its clipped count ``min(k, c)``.
    Groups of one hypothesis and one reference occurrence (most of them) stay
    one-to-one at every order: there a surviving pair is one match. Pairs grow
    with the square of a group; sentences over the budget go to ``Counter``.
    Ids and prefix counts are int32, so the corpus must hold fewer than 2**31
    tokens (far beyond what the dict pass over the tokens fits in memory).
    """
    n_tokens = tokens.size
    matches = [0] * max_n
    order = _stable_token_order(tokens, n_ids)
    s_sent = np.repeat(seg_sent.astype(np.int32), seg_len + 1)[order]
    s_tok = tokens[order]
    boundary = np.empty(n_tokens + 1, dtype=bool)  # sorted index where a group starts, plus the end
    boundary[0] = boundary[-1] = True
    np.not_equal(s_tok[1:], s_tok[:-1], out=boundary[1:-1])
    boundary[1:-1] |= s_sent[1:] != s_sent[:-1]
    bounds = np.flatnonzero(boundary)
    hyp_before = np.zeros(n_tokens + 1, dtype=np.int32)
    np.cumsum(np.repeat(seg_is_hyp, seg_len + 1)[order], out=hyp_before[1:])
    start = bounds[:-1]
    n_hyp = np.diff(hyp_before[bounds])
    n_ref = np.diff(bounds) - n_hyp
    one_one = (n_hyp == 1) & (n_ref == 1)
    general = (n_hyp >= 1) & (n_ref >= 1) & ~one_one
    n_hr = n_hyp * n_ref
    n_hh = n_hyp * (n_hyp - 1) // 2
    if int(n_hr[general].sum()) + int(n_hh[general].sum()) > _PAIR_BUDGET * n_tokens + 4096:
        group_sent = s_sent[start]
        work = np.bincount(group_sent, weights=np.where(general, n_hr + n_hh, 0), minlength=len(n_refs))
        heavy = work > _PAIR_BUDGET * np.bincount(seg_sent, weights=seg_len + 1, minlength=len(n_refs)) + 64
        for s in np.flatnonzero(heavy).tolist():
            f = int(first_seg[s])
            found = _sentence_statistics(segments[f + 1:f + 1 + n_refs[s]], segments[f], max_n)[0]
            matches = [m + x for m, x in zip(matches, found)]
        light = ~heavy[group_sent]
        one_one &= light
        general &= light
    # one-to-one groups
    first = start[one_one]
    p_hyp, p_ref = order[first], order[first + 1]
    # the other groups, hypothesis occurrences numbered 0 .. n_hyp_ids - 1 for the counts
    g = np.flatnonzero(general)
    g_start, g_hyp, g_ref = start[g], n_hyp[g], n_ref[g]
    g_id0 = np.cumsum(g_hyp) - g_hyp
    n_hyp_ids = int(g_hyp.sum())
    # (hypothesis u, reference w) pairs, u-major: the pairs of one occurrence stay contiguous
    pair_group = np.repeat(np.arange(g.size), n_hr[g])
    pair_offset = _offsets(n_hr[g])
    width = g_ref[pair_group]
    u = pair_offset // width
    hr_hyp = order[g_start[pair_group] + u]
    hr_ref = order[g_start[pair_group] + g_hyp[pair_group] + (pair_offset - u * width)]
    hr_id = g_id0[pair_group] + u
    # (earlier u, later v) hypothesis pairs
    later_group = np.repeat(np.arange(g.size), g_hyp - 1)
    later = _offsets(g_hyp - 1) + 1
    hh_group = np.repeat(later_group, later)
    hh_later = np.repeat(later, later)
    hh_u = order[g_start[hh_group] + _offsets(later)]
    hh_v = order[g_start[hh_group] + hh_later]
    hh_id = g_id0[hh_group] + hh_later
    multi = max(n_refs) > 1
    if multi:
        seg_of_token = np.repeat(np.arange(seg_len.size, dtype=np.int32), seg_len + 1)
    for n in range(1, max_n + 1):
        if n > 1:
            keep = tokens[p_hyp + (n - 1)] == tokens[p_ref + (n - 1)]
            p_hyp, p_ref = p_hyp[keep], p_ref[keep]
            keep = tokens[hr_hyp + (n - 1)] == tokens[hr_ref + (n - 1)]
            hr_hyp, hr_ref, hr_id = hr_hyp[keep], hr_ref[keep], hr_id[keep]
            keep = tokens[hh_u + (n - 1)] == tokens[hh_v + (n - 1)]
            hh_u, hh_v, hh_id = hh_u[keep], hh_v[keep], hh_id[keep]
        found = p_hyp.size
        if hr_id.size:
            if multi:  # largest count over references: runs of (occurrence, reference segment)
                ref_seg = seg_of_token[hr_ref]
                run = np.empty(hr_id.size, dtype=bool)
                run[0] = True
                run[1:] = (hr_id[1:] != hr_id[:-1]) | (ref_seg[1:] != ref_seg[:-1])
                run_start = np.flatnonzero(run)
                in_ref = np.zeros(n_hyp_ids, dtype=np.int64)
                np.maximum.at(in_ref, hr_id[run_start], np.diff(run_start, append=hr_id.size))
            else:
                in_ref = np.bincount(hr_id, minlength=n_hyp_ids)
            found += int(np.count_nonzero(in_ref > np.bincount(hh_id, minlength=n_hyp_ids)))
        if not found:
            break  # no n-gram matched, so no longer one can
        matches[n - 1] += found
    return matches


def _bleu_statistics(list_of_references, hypotheses, max_n: int):
    """Corpus-pooled BLEU statistics: clipped n-gram matches and n-gram totals per order
    (lists of ``max_n`` ints), total hypothesis length and total closest reference length.

    The closest reference length of a sentence is the one nearest its hypothesis
    length, the shorter one on ties (Papineni et al. 2002; NLTK's and sacrebleu's rule).
    Segments are laid out sentence-major (hypothesis s, then the references of s),
    each followed by an end marker, and counted at once by :func:`_clipped_matches`.
    """
    segments, hyp_segments, n_refs = _corpus_segments(list_of_references, hypotheses)
    n_sent = len(hyp_segments)
    n_seg = len(segments)
    seg_len = np.fromiter(map(len, segments), dtype=np.int64, count=n_seg)
    per_sentence = np.asarray(n_refs, dtype=np.int64) + 1
    seg_sent = np.repeat(np.arange(n_sent, dtype=np.int64), per_sentence)
    first_seg = np.cumsum(per_sentence) - per_sentence
    seg_is_hyp = np.zeros(n_seg, dtype=bool)
    seg_is_hyp[first_seg] = True
    hyp_len = seg_len[first_seg]

    # closest reference length, shorter on ties: minimise (|r - c|, r) per sentence
    ref_len = seg_len[~seg_is_hyp]
    owner = seg_sent[~seg_is_hyp]
    width = int(ref_len.max(initial=0)) + 1
    key = np.abs(ref_len - hyp_len[owner]) * width + ref_len
    closest = np.minimum.reduceat(key, first_seg - np.arange(n_sent)) % width

    totals = np.maximum(hyp_len[:, None] - np.arange(max_n)[None, :], 0)
    pooled = (totals.sum(axis=0).tolist(), int(hyp_len.sum()), int(closest.sum()))
    n_tokens = int(seg_len.sum()) + n_seg
    tokens, n_ids = _token_ids_with_ends(segments, seg_is_hyp, hyp_segments, n_tokens)
    if not pooled[1]:
        return ([0] * max_n, *pooled)
    matches = _clipped_matches(tokens, n_ids, segments, seg_len, seg_sent, seg_is_hyp, first_seg, n_refs, max_n)
    return (matches, *pooled)


def _sentence_statistics(refs, hyp, max_n: int):
    """The statistics of :func:`_bleu_statistics` for one sentence, with ``Counter``.

    Cheaper than the NumPy path on one short sentence (the per-call overhead the
    suite pays thousands of times); ``relation[sentence_bleu=corpus_bleu of one
    sentence]`` checks that the two paths agree.
    """
    matches, totals = [], []
    for n in range(1, max_n + 1):
        try:
            hyp_counts = Counter(zip(*[hyp[i:] for i in range(n)]))  # the n-grams of hyp
        except TypeError:
            raise MetricInputError("hypothesis", "tokens must be hashable (str, int, tuple, ...)") from None
        try:
            ref_counts = [Counter(zip(*[ref[i:] for i in range(n)])) for ref in refs]
        except TypeError:
            raise MetricInputError("references", "tokens must be hashable (str, int, tuple, ...)") from None
        best = ref_counts[0]
        for counts in ref_counts[1:]:
            best = best | counts  # the largest count in any one reference
        get = best.get
        matches.append(sum(min(count, get(gram, 0)) for gram, count in hyp_counts.items()))
        totals.append(max(len(hyp) - n + 1, 0))
    c = len(hyp)
    closest = min((len(ref) for ref in refs), key=lambda r: (abs(r - c), r))
    return matches, totals, c, closest


def _bleu_from_counts(matches, totals, hyp_len: int, ref_len: int, weights, method: str, value) -> float:
    """BLEU from (pooled) statistics: ``BP * exp(sum_n w_n log p_n)``."""
    if matches[0] == 0:  # no unigram matches (includes an empty hypothesis): no evidence
        return 0.0
    log_mean = 0.0
    zeros_seen = 0
    for n, (m, t, w) in enumerate(zip(matches, totals, weights)):
        den = float(max(t, 1))  # NLTK's max(1, .) for an order with no hypothesis n-grams
        num = float(m)
        if method == "add-k" and n > 0:
            num += value
            den += value
        if num == 0:
            zeros_seen += 1  # the k-th order without a match (exp smoothing counts them)
            if method == "floor":
                num = value
            elif method == "exp":
                num = 1.0 / 2.0**zeros_seen
        if w == 0:
            continue
        if num == 0:
            return 0.0
        log_mean += w * math.log(num / den)
    brevity = 1.0 if hyp_len > ref_len else math.exp(1.0 - ref_len / hyp_len)
    return brevity * math.exp(log_mean)


def sentence_bleu(
    references,
    hypothesis,
    *,
    max_n: int = 4,
    weights=None,
    smoothing: str = "none",
    smooth_value: float | None = None,
) -> float:
    """BLEU of one hypothesis against its references (token lists).

    ``BLEU = BP * exp(sum_{n=1}^{N} w_n log p_n)`` with ``N = max_n`` and
    ``w_n = 1/N`` unless ``weights`` are given (one non-negative weight per
    order; orders with weight 0 are ignored). ``p_n`` is the modified (clipped)
    precision: each hypothesis n-gram counts at most as often as it occurs in
    any single reference, over the number of hypothesis n-grams.
    ``BP = 1 if c > r else exp(1 - r / c)`` where ``c`` is the hypothesis length
    and ``r`` the length of the reference closest to it (shorter wins ties).
    Source: Papineni et al. (2002); seeds 000, 002 and 004.

    Smoothing (Chen & Cherry 2014), named as sacrebleu and numbered as NLTK:
    ``"none"``/``"method0"``; ``"floor"``/``"method1"`` (zero counts become
    ``smooth_value``, default 0.1); ``"add-k"``/``"method2"`` (add
    ``smooth_value``, default 1, to numerator and denominator of orders >= 2);
    ``"exp"``/``"method3"`` (the k-th zero order gets ``1 / 2^k``, NIST).

    Range ``[0, 1]``. Undefined cases, by convention (no NaN, ever): no
    unigram match (including an empty hypothesis) -> 0.0 whatever the
    smoothing; unsmoothed with any zero precision -> 0.0 (exactly); an order
    with no hypothesis n-grams (``c < n``) has precision 0 over a denominator of
    1 before smoothing (NLTK's convention). Equal to
    ``corpus_bleu([references], [hypothesis])``. ``max_n`` above
    :data:`MAX_BLEU_ORDER` (100) is refused: the cost grows with it and no
    text has a use for such orders.
    """
    refs = _reference_list(references, "references")
    hyp = _tokens(hypothesis, "hypothesis")
    max_n, w, method, value = _bleu_options(max_n, weights, smoothing, smooth_value)
    w = w.tolist()
    matches, totals, hyp_len, closest = _sentence_statistics(refs, hyp, max_n)
    return _bleu_from_counts(matches, totals, hyp_len, closest, w, method, value)


def corpus_bleu(
    list_of_references,
    hypotheses,
    *,
    max_n: int = 4,
    weights=None,
    smoothing: str = "none",
    smooth_value: float | None = None,
) -> float:
    """Corpus BLEU: micro-averaged n-gram statistics, never the mean of sentence scores.

    ``p_n = sum_s clipped_matches_n(s) / sum_s ngrams_n(s)``; the brevity penalty
    uses ``c = sum_s len(hyp_s)`` and ``r = sum_s closest_ref_len(s)`` (Papineni
    et al. 2002, section 2.2.1; seed 003 defines the corpus-level form). Orders
    where no hypothesis of the corpus has an n-gram count as 0 / 1 (NLTK's
    convention); a short sentence adds nothing to the pooled denominators.
    ``list_of_references[s]`` is the list of reference token lists of
    ``hypotheses[s]``. Options, range and degenerate cases as in
    :func:`sentence_bleu`. Undefined: an empty corpus or a sentence without
    references raise :class:`MetricInputError`. Source: Papineni et al. (2002);
    seed 003; NLTK's ``corpus_bleu`` and sacrebleu's ``corpus_score``.
    """
    refs = _corpus(list_of_references, "list_of_references")
    hyps = _corpus(hypotheses, "hypotheses")
    _same_count("list_of_references", refs, "hypotheses", hyps)
    max_n, w, method, value = _bleu_options(max_n, weights, smoothing, smooth_value)
    matches, totals, hyp_len, closest = _bleu_statistics(refs, hyps, max_n)
    return _bleu_from_counts(matches, totals, hyp_len, closest, w.tolist(), method, value)


# --------------------------------------------------------------------------
# chrF, chrF++ and TER

#: punctuation that chrF++ splits off the start or end of a word (Popović's chrF++.py, sacrebleu)
CHRF_PUNCTUATION = frozenset(string.punctuation)


def _chrf_options(char_order, word_order, beta, whitespace):
    char_order = check_int_at_least(char_order, "char_order", 1)
    word_order = check_int_at_least(word_order, "word_order", 0)
    beta = check_positive(beta, "beta")
    if not isinstance(whitespace, (bool, np.bool_)):
        raise MetricInputError("whitespace", f"expected True or False, got {whitespace!r}")
    return char_order, word_order, beta, bool(whitespace)


def _chrf_words(text: str) -> list[str]:
    """Whitespace-split words, one punctuation character split off the end (else the start) of each longer word."""
    words = []
    for w in text.split():
        if len(w) > 1 and w[-1] in CHRF_PUNCTUATION:
            words += (w[:-1], w[-1])
        elif len(w) > 1 and w[0] in CHRF_PUNCTUATION:
            words += (w[0], w[1:])
        else:
            words.append(w)
    return words


def _chrf_ngrams(text: str, char_order: int, word_order: int, whitespace: bool) -> list[Counter]:
    """The character n-gram counts of orders 1..char_order, then the word n-gram counts of orders 1..word_order."""
    chars = text if whitespace else "".join(text.split())
    grams = [Counter([chars[i:i + n] for i in range(len(chars) - n + 1)]) for n in range(1, char_order + 1)]
    if word_order:
        words = _chrf_words(text)
        grams += [Counter([tuple(words[i:i + n]) for i in range(len(words) - n + 1)])
                  for n in range(1, word_order + 1)]
    return grams


def _chrf_statistics(hyp_grams, ref_grams) -> list[int]:
    """[hypothesis n-grams, reference n-grams, matches] per order, flattened; an order the reference has no
    n-gram of counts no hypothesis n-grams either (sacrebleu's convention)."""
    stats = []
    for h, r in zip(hyp_grams, ref_grams):
        get = r.get
        matches = sum(min(c, get(g, 0)) for g, c in h.items())
        n_ref = sum(r.values())
        stats += (sum(h.values()) if n_ref else 0, n_ref, matches)
    return stats


def _chrf_from_statistics(stats, beta: float) -> float:
    """F_beta of the mean character/word n-gram precision and recall over the orders where both sides
    have n-grams (the effective orders); 0 when no order is effective or nothing matches."""
    precision = recall = 0.0
    effective = 0
    for k in range(0, len(stats), 3):
        n_hyp, n_ref, matches = stats[k:k + 3]
        if n_hyp > 0 and n_ref > 0:
            precision += matches / n_hyp
            recall += matches / n_ref
            effective += 1
    if not effective or precision + recall == 0:
        return 0.0
    precision /= effective
    recall /= effective
    b2 = beta * beta
    return (1 + b2) * precision * recall / (b2 * precision + recall)


def _text_of(value, name: str) -> str:
    if not isinstance(value, str):
        raise MetricInputError(name, f"expected a string, got {type(value).__name__}")
    return value


def _reference_texts(value, name: str) -> list[str]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray)):
        raise MetricInputError(name, f"expected a list of reference strings, got {type(value).__name__}")
    if len(value) == 0:
        raise MetricInputError(name, "has no reference: give at least one reference string")
    return [_text_of(r, name) for r in value]


def _chrf_sentence_statistics(refs: list[str], hyp: str, options) -> list[int]:
    """The statistics against the reference of the highest sentence chrF (the first on ties)."""
    char_order, word_order, beta, whitespace = options
    hyp_grams = _chrf_ngrams(hyp, char_order, word_order, whitespace)
    best, best_score = None, -1.0
    for ref in refs:
        stats = _chrf_statistics(hyp_grams, _chrf_ngrams(ref, char_order, word_order, whitespace))
        score = _chrf_from_statistics(stats, beta)
        if score > best_score:
            best, best_score = stats, score
    return best


def sentence_chrf(references, hypothesis, *, char_order: int = 6, word_order: int = 0, beta: float = 2.0,
                  whitespace: bool = False) -> float:
    """chrF (``word_order=0``) or chrF++ (``word_order=2``) of one hypothesis string against its references.

    For each order n (character n-grams 1..char_order, then word n-grams 1..word_order):
    ``P_n = matches_n / hypothesis n-grams``, ``R_n = matches_n / reference n-grams``, with
    matches clipped (``sum_g min(count_hyp(g), count_ref(g))``). Then
    ``chrF = (1 + beta^2) P R / (beta^2 P + R)`` with ``P``, ``R`` the means of ``P_n``, ``R_n``
    over the *effective* orders, those where both hypothesis and reference have n-grams
    (sacrebleu >= 2.0's default, ``eps_smoothing=False``). Source: Popović (2015) "chrF:
    character n-gram F-score for automatic MT evaluation"; chrF++: Popović (2017), "chrF++:
    words helping character n-grams"; sacrebleu's ``CHRF``.

    Conventions (sacrebleu's ``CHRF`` defaults; signature
    ``chrF2[++]|nc:6|nw:0[2]|s:no|e:yes|c:mixed``): whitespace is removed before character
    n-grams are counted (``whitespace=True`` keeps it), so they run across word boundaries;
    words are split on whitespace with one punctuation character of
    :data:`CHRF_PUNCTUATION` split off the end, else the start, of each word longer than one
    character; case-sensitive (lowercase both sides beforehand for sacrebleu's
    ``lowercase=True``); ``beta=2`` weighs recall twice as much as precision. With several
    references, the statistics of the reference with the highest chrF count (the first on
    ties). Scale: ``[0, 1]`` (sacrebleu prints 100 times this).

    Range ``[0, 1]``; 1 when the hypothesis equals a reference that has a non-whitespace
    character. Undefined cases, by convention (never NaN): no effective order (an empty
    hypothesis or reference, after whitespace removal) or no match gives 0. A list
    without references raises :class:`MetricInputError` naming ``references``.
    """
    options = _chrf_options(char_order, word_order, beta, whitespace)
    refs = _reference_texts(references, "references")
    hyp = _text_of(hypothesis, "hypothesis")
    return _chrf_from_statistics(_chrf_sentence_statistics(refs, hyp, options), options[2])


def corpus_chrf(list_of_references, hypotheses, *, char_order: int = 6, word_order: int = 0, beta: float = 2.0,
                whitespace: bool = False) -> float:
    """Corpus chrF/chrF++: the n-gram statistics of every sentence summed, then one F-score.

    Each sentence contributes the statistics of its best reference (as in
    :func:`sentence_chrf`); the hypothesis, reference and match counts of each order are
    summed over the corpus, and the effective-order mean precision and recall of the sums
    give ``F_beta`` (sacrebleu's ``corpus_score``; never the mean of sentence scores).
    ``list_of_references[s]`` is the list of reference strings of ``hypotheses[s]``.
    Options, conventions and range as in :func:`sentence_chrf`. Undefined: an empty
    corpus, a sentence without references or counts that do not pair up raise
    :class:`MetricInputError`. Source: Popović (2015, 2017); sacrebleu.
    """
    options = _chrf_options(char_order, word_order, beta, whitespace)
    return _chrf_from_statistics(_chrf_corpus_statistics(list_of_references, hypotheses, options).tolist(), options[2])


def _chrf_corpus_statistics(list_of_references, hypotheses, options) -> np.ndarray:
    """The chrF statistics of a corpus (or a stream's batch) summed over its sentences: int64
    ``[hypothesis n-grams, reference n-grams, matches]`` per order, flattened (each sentence's best reference)."""
    refs = _corpus(list_of_references, "list_of_references")
    hyps = _corpus(hypotheses, "hypotheses")
    _same_count("list_of_references", refs, "hypotheses", hyps)
    per_sentence = np.array([_chrf_sentence_statistics(_reference_texts(r, "list_of_references"),
                                                       _text_of(h, "hypotheses"), options)
                             for r, h in zip(refs, hyps)], dtype=np.int64)
    return per_sentence.sum(axis=0)


def _ter_statistics(references, hypothesis, ref_name: str, hyp_name: str, encode) -> tuple[int, int, int]:
    """(fewest TER edits over the references, summed reference length, number of references) of one sentence:
    its mean reference length is the last two's ratio."""
    refs = _reference_list(references, ref_name)
    hyp = encode(_tokens(hypothesis, hyp_name), hyp_name)
    edits = min(ter_edits(hyp, encode(ref, ref_name)) for ref in refs)
    return edits, sum(map(len, refs)), len(refs)


def _ter_rate(edits: float, length: float, name: str) -> float:
    if length == 0:
        raise MetricInputError(name, "are all empty: TER divides by the (mean) reference length")
    return edits / length


def _ter_corpus_statistics(list_of_references, hypotheses) -> tuple[int, dict[int, int]]:
    """The TER statistics of a corpus (or a stream's batch): the summed edits, and per number of references k
    the summed reference lengths of the sentences with k references (integers: the summed mean reference
    length is ``sum_k lengths[k] / k``, exact in any order of the sentences)."""
    refs = _corpus(list_of_references, "list_of_references")
    hyps = _corpus(hypotheses, "hypotheses")
    _same_count("list_of_references", refs, "hypotheses", hyps)
    encode = _encoder()
    stats = np.array([_ter_statistics(r, h, "list_of_references", "hypotheses", encode) for r, h in zip(refs, hyps)],
                     dtype=np.int64).reshape(-1, 3)
    counts, at = np.unique(stats[:, 2], return_inverse=True)
    lengths = np.zeros(counts.shape[0], dtype=np.int64)
    np.add.at(lengths, at.ravel(), stats[:, 1])
    return int(stats[:, 0].sum()), dict(zip(counts.tolist(), lengths.tolist()))


def _ter_from_statistics(edits: int, lengths: dict[int, int]) -> float:
    """Corpus TER from :func:`_ter_corpus_statistics`: ``edits / sum_k lengths[k] / k``, the ratio of the exact
    rational sums rounded once."""
    length = sum((Fraction(total, k) for k, total in lengths.items()), Fraction(0))
    return float(_ter_rate(Fraction(edits), length, "list_of_references"))


def sentence_ter(references, hypothesis) -> float:
    """Translation edit rate of one hypothesis: ``TER = edits / mean reference length``.

    ``edits`` is the fewest insertions, deletions, substitutions and shifts (a block of
    contiguous words moved anywhere, cost 1 whatever its length) that turn the hypothesis
    into the closest reference, found by Tercom's greedy shift search (blocks of at most 10
    words moved at most 50 positions, a 25-word edit-distance beam, at most 1000 candidate
    shifts; ``metrics/_ter.py`` describes it), as sacrebleu does; the denominator is the
    mean length of *all* the references. Source: Snover et al. (2006), "A Study of
    Translation Edit Rate with Targeted Human Annotation"; sacrebleu's ``TER``. Tokens are compared exactly: no normalisation,
    punctuation handling or lowercasing (sacrebleu's ``normalized=False, no_punct=False``
    with ``case_sensitive=True``; its default lowercases). Scale: a fraction (sacrebleu
    prints 100 times this).

    Range ``[0, inf)``: above 1 when the hypothesis is much longer; never above the edit
    distance to the closest reference over the mean reference length (a shift is taken only
    when it saves more than it costs). 0 when the hypothesis equals a reference. Undefined:
    every reference empty (mean length 0) raises :class:`MetricInputError` naming
    ``references`` (sacrebleu scores it 1, or 0 for an empty hypothesis).
    """
    edits, total, n_refs = _ter_statistics(references, hypothesis, "references", "hypothesis", _encoder())
    return _ter_rate(edits, total / n_refs, "references")


def corpus_ter(list_of_references, hypotheses) -> float:
    """Corpus TER: summed edits over summed mean reference lengths (sacrebleu's ``corpus_score``).

    ``sum_s edits_s / sum_s mean_ref_len_s`` with each sentence's edits as in
    :func:`sentence_ter`; never the mean of sentence rates. The mean reference lengths are
    summed exactly (as rationals) and the ratio rounded once, so the value does not depend
    on the order of the sentences (sacrebleu sums them in floating point: within a few ulps
    of this). Range ``[0, inf)``. Undefined:
    an empty corpus, counts that do not pair up, a sentence without references, or every
    reference empty raise :class:`MetricInputError`. Source: Snover et al. (2006); sacrebleu.
    """
    return _ter_from_statistics(*_ter_corpus_statistics(list_of_references, hypotheses))


# --------------------------------------------------------------------------
# ROUGE


def _f_beta(precision: float, recall: float, beta: float) -> float:
    if precision == 0.0 and recall == 0.0:
        return 0.0
    b2 = beta * beta
    return (1.0 + b2) * precision * recall / (recall + b2 * precision)


def _combine(scores: list[RougeScore], policy: str) -> RougeScore:
    if len(scores) == 1:
        return scores[0]
    if policy == "max":  # the reference with the best F (first on ties), as rouge-score's score_multi
        return max(scores, key=lambda s: s.fmeasure)
    return RougeScore(*(float(np.mean(column)) for column in zip(*scores)))


def _ngram_counts(ids: list[int], n: int) -> dict:
    counts: dict = {}
    for i in range(len(ids) - n + 1):
        gram = tuple(ids[i : i + n])
        counts[gram] = counts.get(gram, 0) + 1
    return counts


def rouge_n(references, hypothesis, *, n: int = 1, multi_reference: str = "max") -> RougeScore:
    """ROUGE-N: clipped n-gram overlap of hypothesis and reference (token lists).

    ``overlap = sum_g min(count_hyp(g), count_ref(g))``; recall = overlap /
    #reference n-grams (Lin 2004; seed 004's ROUGE-N), precision = overlap /
    #hypothesis n-grams, F = harmonic mean. ``references`` is a list of
    reference token lists; ``multi_reference="max"`` keeps the reference with
    the highest F (rouge-score's ``score_multi``), ``"mean"`` averages P, R and F.

    Range: each of P, R, F in ``[0, 1]``. Convention for the undefined 0/0: a
    side with no n-grams (shorter than n) has precision (or recall) 0, and F = 0
    when P = R = 0 -- rouge-score's convention; never NaN. Source: Lin (2004),
    "ROUGE: A Package for Automatic Evaluation of Summaries"; seed 004.
    """
    refs = _reference_list(references, "references")
    hyp = _tokens(hypothesis, "hypothesis")
    n = check_int_at_least(n, "n", 1)
    check_choice(multi_reference, "multi_reference", MULTI_REFERENCE_POLICIES)
    encode = _encoder()
    hyp_counts = _ngram_counts(encode(hyp, "hypothesis"), n)
    hyp_total = max(len(hyp) - n + 1, 0)
    scores = []
    for ref in refs:
        ref_counts = _ngram_counts(encode(ref, "references"), n)
        ref_total = max(len(ref) - n + 1, 0)
        overlap = sum(min(c, ref_counts.get(g, 0)) for g, c in hyp_counts.items())
        p = overlap / hyp_total if hyp_total else 0.0
        r = overlap / ref_total if ref_total else 0.0
        scores.append(RougeScore(p, r, _f_beta(p, r, 1.0)))
    return _combine(scores, multi_reference)


def rouge_l(references, hypothesis, *, beta: float = 1.0, multi_reference: str = "max") -> RougeScore:
    """ROUGE-L: longest-common-subsequence precision, recall and F-beta.

    ``R = LCS / len(ref)``, ``P = LCS / len(hyp)``,
    ``F = (1 + beta^2) R P / (R + beta^2 P)`` (Lin 2004; seed 004). ``beta > 1``
    weighs recall more. ``references``: a list of reference token lists, combined
    by ``multi_reference`` as in :func:`rouge_n`. LCS by rapidfuzz's exact
    bit-parallel algorithm.

    Range ``[0, 1]``. Undefined 0/0: an empty side gives P (or R) = 0, and F = 0
    when both are 0 (never NaN). Source: Lin (2004), section 3; seed 004.
    """
    refs = _reference_list(references, "references")
    hyp = _tokens(hypothesis, "hypothesis")
    beta = check_positive(beta, "beta")
    check_choice(multi_reference, "multi_reference", MULTI_REFERENCE_POLICIES)
    encode = _encoder()
    hyp_ids = encode(hyp, "hypothesis")
    scores = []
    for ref in refs:
        lcs = LCSseq.similarity(encode(ref, "references"), hyp_ids)
        p = lcs / len(hyp_ids) if hyp_ids else 0.0
        r = lcs / len(ref) if len(ref) else 0.0
        scores.append(RougeScore(p, r, _f_beta(p, r, beta)))
    return _combine(scores, multi_reference)


def _rouge_inputs(references, hypothesis, beta, multi_reference):
    """(the reference token lists, the hypothesis as token ids, beta, the encoder of the references' tokens): the
    checks every ROUGE variant makes, in its order (references, hypothesis, beta, multi_reference)."""
    refs = _reference_list(references, "references")
    hyp = _tokens(hypothesis, "hypothesis")
    beta = check_positive(beta, "beta")
    check_choice(multi_reference, "multi_reference", MULTI_REFERENCE_POLICIES)
    encode = _encoder()
    return refs, encode(hyp, "hypothesis"), beta, encode


def _check_weight(weight) -> float:
    if isinstance(weight, (bool, np.bool_)) or not isinstance(weight, (int, float, np.integer, np.floating)):
        raise MetricInputError("weight", f"expected a number >= 1, got {weight!r}")
    weight = float(weight)
    if not 1.0 <= weight < math.inf:  # NaN fails too
        raise MetricInputError("weight", f"must be a finite number >= 1 (f(k) = k^weight is then superadditive), "
                                         f"got {weight!r}")
    return weight


def _wlcs(x: list[int], y: list[int], weight: float) -> float:
    """Lin's weighted LCS: the dynamic programme of Lin (2004), figure 1, row by row over x.

    ``c(i, j) = c(i-1, j-1) + f(k + 1) - f(k)`` where x_i = y_j (k = w(i-1, j-1) the length of the run of
    consecutive matches ending there, w(i, j) = k + 1), else ``c(i, j) = max(c(i-1, j), c(i, j-1))`` (w = 0).
    A row is one NumPy pass: the cells between two matches take the running maximum of the row above,
    started from the match's value (the maximum restarts at every match, which takes no maximum).
    """
    if not x or not y:
        return 0.0
    ys = np.asarray(y, dtype=np.int64)
    n = ys.shape[0]
    c_prev = np.zeros(n + 1)
    run_prev = np.zeros(n + 1, dtype=np.int64)
    for token in x:
        match = ys == token
        row = c_prev[1:].copy()
        run = np.zeros(n + 1, dtype=np.int64)
        at = np.flatnonzero(match)
        if at.shape[0]:
            k = run_prev[at]
            row[at] = c_prev[at] + (k + 1.0) ** weight - k.astype(np.float64) ** weight
            run[at + 1] = k + 1
            bounds = np.append(at, n)
            np.maximum.accumulate(row[: bounds[0]], out=row[: bounds[0]])
            for start, stop in zip(bounds[:-1], bounds[1:]):
                np.maximum.accumulate(row[start:stop], out=row[start:stop])
        else:
            np.maximum.accumulate(row, out=row)
        c_prev = np.concatenate(([0.0], row))
        run_prev = run
    return float(c_prev[-1])


def rouge_w(references, hypothesis, *, weight: float = 1.2, beta: float = 1.0,
            multi_reference: str = "max") -> RougeScore:
    """ROUGE-W: weighted longest common subsequence, which prefers consecutive matches.

    ``WLCS`` is Lin's dynamic programme with the weighting function ``f(k) = k^weight`` (a run of k consecutive
    matches scores f(k), more than k separate ones for weight > 1); ``R = f^-1(WLCS / f(len(ref)))``,
    ``P = f^-1(WLCS / f(len(hyp)))`` with ``f^-1(v) = v^(1 / weight)``, ``F = (1 + beta^2) R P / (R + beta^2 P)``.
    ``weight=1.2`` is ROUGE-1.5.5's default (its -w option); ``weight=1`` is ROUGE-L. Tokens and references as in
    :func:`rouge_n` (``multi_reference``).
    Range: each of P, R, F in [0, 1] (``WLCS <= f(LCS) <= f(min(len))`` for weight >= 1), each at most ROUGE-L's
    P, R. Undefined 0/0: an empty side gives P (or R) 0, and F = 0 when P = R = 0 (never NaN); ``weight`` below 1
    (f subadditive: R could exceed 1), infinite or NaN is refused.
    Source: Lin (2004), "ROUGE: A Package for Automatic Evaluation of Summaries", section 4 (ROUGE-W, the WLCS
    algorithm and f(k) = k^alpha); ROUGE-1.5.5 (-w 1.2).
    """
    weight = _check_weight(weight)
    refs, hyp_ids, beta, encode = _rouge_inputs(references, hypothesis, beta, multi_reference)
    scores = []
    for ref in refs:
        ref_ids = encode(ref, "references")
        score = _wlcs(ref_ids, hyp_ids, weight)
        p = (score / len(hyp_ids) ** weight) ** (1.0 / weight) if hyp_ids else 0.0
        r = (score / len(ref_ids) ** weight) ** (1.0 / weight) if ref_ids else 0.0
        scores.append(RougeScore(p, r, _f_beta(p, r, beta)))
    return _combine(scores, multi_reference)


def _check_max_skip(max_skip):
    if max_skip is None:
        return None
    return check_int_at_least(max_skip, "max_skip", 0)


def _skip_grams(ids: list[int], max_skip, unigrams: bool) -> np.ndarray:
    """The skip-bigrams of ``ids`` (in-order pairs at most ``max_skip`` tokens apart, any distance for None) as
    int64 codes ``2^32 (first + 1) + second`` (ids < 2^31), and with ``unigrams`` the tokens themselves
    (codes ``token``, below 2^31)."""
    a = np.asarray(ids, dtype=np.int64)
    n = a.shape[0]
    widest = n - 1 if max_skip is None else min(max_skip + 1, n - 1)
    parts = [((a[:-gap] + 1) << 32) + a[gap:] for gap in range(1, widest + 1)]
    if unigrams:
        parts.append(a)
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)


def _clipped_overlap(a: np.ndarray, b: np.ndarray) -> int:
    """sum over codes of min(count in a, count in b)."""
    ua, ca = np.unique(a, return_counts=True)
    ub, cb = np.unique(b, return_counts=True)
    _, ia, ib = np.intersect1d(ua, ub, assume_unique=True, return_indices=True)
    return int(np.minimum(ca[ia], cb[ib]).sum())


def _rouge_skip(references, hypothesis, max_skip, beta, multi_reference, unigrams) -> RougeScore:
    max_skip = _check_max_skip(max_skip)
    refs, hyp_ids, beta, encode = _rouge_inputs(references, hypothesis, beta, multi_reference)
    hyp_grams = _skip_grams(hyp_ids, max_skip, unigrams)
    scores = []
    for ref in refs:
        ref_grams = _skip_grams(encode(ref, "references"), max_skip, unigrams)
        overlap = _clipped_overlap(hyp_grams, ref_grams) if hyp_grams.shape[0] and ref_grams.shape[0] else 0
        p = overlap / hyp_grams.shape[0] if hyp_grams.shape[0] else 0.0
        r = overlap / ref_grams.shape[0] if ref_grams.shape[0] else 0.0
        scores.append(RougeScore(p, r, _f_beta(p, r, beta)))
    return _combine(scores, multi_reference)


def rouge_s(references, hypothesis, *, max_skip=None, beta: float = 1.0, multi_reference: str = "max") -> RougeScore:
    """ROUGE-S: skip-bigram co-occurrence, every in-order pair of tokens with any gap (or at most ``max_skip``).

    A skip-bigram is a pair ``(x_i, x_j)``, ``i < j``, with at most ``max_skip`` tokens between them
    (``j - i <= max_skip + 1``; None: any distance, Lin's ROUGE-S, C(m, 2) pairs; 4 is ROUGE-S4, ROUGE-1.5.5's
    -2 4). ``SKIP2 = sum_g min(count_hyp(g), count_ref(g))`` (clipped, as ROUGE-N), ``R = SKIP2 / #ref pairs``,
    ``P = SKIP2 / #hyp pairs``, ``F = (1 + beta^2) R P / (R + beta^2 P)``. ``max_skip=0`` is ROUGE-2.
    Tokens and references as in :func:`rouge_n`.
    Range: each of P, R, F in [0, 1]. Undefined 0/0: a side with fewer than two tokens has no pair, its P (or R)
    is 0, and F = 0 when P = R = 0 (never NaN); ``max_skip`` must be None or an integer >= 0.
    Source: Lin (2004), "ROUGE: A Package for Automatic Evaluation of Summaries", section 5 (ROUGE-S; its
    example scores 0.5, 0.167 and 0.333 with beta = 1); ROUGE-1.5.5 (-2 skip distance).
    """
    return _rouge_skip(references, hypothesis, max_skip, beta, multi_reference, unigrams=False)


def rouge_su(references, hypothesis, *, max_skip=None, beta: float = 1.0, multi_reference: str = "max") -> RougeScore:
    """ROUGE-SU: ROUGE-S with the unigrams as counting units too.

    The skip-bigrams of :func:`rouge_s` (within ``max_skip``) and the tokens are pooled: ``SU = SKIP2 + overlap_1``
    over ``#pairs + #tokens`` on each side (``R`` over the reference's, ``P`` over the hypothesis's), so a
    hypothesis with matching words in another order is not scored 0 (Lin's S5, "gunman the killed police").
    Lin describes it as ROUGE-S with a begin-of-sentence marker, whose pairs with the marker are the unigrams;
    every token counts here (ROUGE-1.5.5's -U loop leaves out the last token's unigram, as the Python port
    rouge-metric reproduces with ``sent[:-1]``: a difference of implementations, not of the definition).
    Range: each of P, R, F in [0, 1]. Undefined 0/0: an empty side has P (or R) 0, F = 0 when P = R = 0 (never
    NaN); ``max_skip`` as for ROUGE-S. Source: Lin (2004), section 5.1 (ROUGE-SU).
    """
    return _rouge_skip(references, hypothesis, max_skip, beta, multi_reference, unigrams=True)


# --------------------------------------------------------------------------
# SQuAD exact match and token F1

_SQUAD_PUNCTUATION = frozenset(string.punctuation)
_SQUAD_ARTICLES = re.compile(r"\b(a|an|the)\b")


def squad_normalize(text: str) -> str:
    """SQuAD v1.1's answer normalisation: lowercase, drop ASCII punctuation (``string.punctuation``),
    replace the articles a/an/the (as whole words) by spaces, collapse whitespace to single spaces."""
    text = "".join(ch for ch in text.lower() if ch not in _SQUAD_PUNCTUATION)
    return " ".join(_SQUAD_ARTICLES.sub(" ", text).split())


def _squad_answers(references, hypothesis) -> tuple[list[str], str]:
    return ([squad_normalize(r) for r in _reference_texts(references, "references")],
            squad_normalize(_text_of(hypothesis, "hypothesis")))


def _token_f1(gold: str, prediction: str) -> float:
    gold_tokens, predicted = gold.split(), prediction.split()
    common = sum((Counter(gold_tokens) & Counter(predicted)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(predicted), common / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


def exact_match(references, hypothesis) -> float:
    """SQuAD exact match: 1.0 if the normalised hypothesis equals some normalised reference, else 0.0.

    ``EM = max_g [normalize(hypothesis) == normalize(g)]`` over the gold answers ``g`` in
    ``references`` (a list of strings), with :func:`squad_normalize` (SQuAD v1.1's official
    script: lowercase, strip punctuation, remove a/an/the, collapse whitespace). A dataset's
    EM is the mean over its questions (times 100 in the SQuAD script). Source: Rajpurkar et
    al. (2016), "SQuAD: 100,000+ Questions for Machine Comprehension of Text".

    Range ``{0, 1}``. Two answers that normalise to the empty string (e.g. ``"the"`` and
    ``"."``) match. Undefined: an empty list of references raises :class:`MetricInputError`
    naming ``references``.
    """
    golds, prediction = _squad_answers(references, hypothesis)
    return float(any(prediction == g for g in golds))


def squad_f1(references, hypothesis) -> float:
    """SQuAD token F1: the best F1 of the hypothesis's tokens against any gold answer's tokens.

    Tokens are the whitespace-split words of the normalised answers (:func:`squad_normalize`);
    against one gold answer ``common = sum_t min(count_hyp(t), count_gold(t))``,
    ``P = common / #hyp tokens``, ``R = common / #gold tokens``, ``F1 = 2PR / (P + R)``; the
    score is the maximum over the gold answers. Source: Rajpurkar et al. (2016); SQuAD v1.1's
    official evaluation script.

    Range ``[0, 1]``; ``squad_f1 >= exact_match`` except where the matching answers both
    normalise to nothing. Convention for the undefined 0/0 (v1.1's): F1 = 0 whenever nothing
    is in common, including when the hypothesis or the gold answer normalises to no token
    at all, even both (where ``exact_match`` is 1; SQuAD v2.0's script scores that 1
    instead). An empty list of references raises :class:`MetricInputError`.
    """
    golds, prediction = _squad_answers(references, hypothesis)
    return max(_token_f1(g, prediction) for g in golds)


# --------------------------------------------------------------------------
# METEOR (Banerjee & Lavie 2005; Lavie & Agarwal 2007)


def _non_negative(value, name: str, *, at_most: float = math.inf) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise MetricInputError(name, f"expected a number, got {value!r}")
    value = float(value)
    if not 0.0 <= value <= at_most or math.isnan(value) or math.isinf(value):
        raise MetricInputError(name, f"must lie in [0, {at_most}], got {value!r}")
    return value


def meteor(references, hypothesis, *, alpha: float = 0.9, beta: float = 3.0, gamma: float = 0.5,
           synonyms=None) -> float:
    """METEOR of one hypothesis against its references (token lists): the best score over the references.

    Against one reference: the hypothesis and reference unigrams are aligned in stages, each
    matching as many of the words the earlier stages left unmatched as it can (a maximum
    matching): (1) equal tokens, (2) string tokens with equal Porter stems (NLTK's
    ``PorterStemmer``, NLTK_EXTENSIONS mode, case kept), (3) synonyms, when ``synonyms`` is
    given: a callable ``synonyms(hypothesis_word)`` returning the words that count as its
    synonyms (WordNet's synsets in the original; ``None``, the default, skips the stage: no
    WordNet data is bundled). Among those alignments (with a synonym stage, among them the ones
    with the most matches) the one with the fewest *chunks* is scored, a chunk being a maximal
    run of matches adjacent in both sentences; it is found exactly (``metrics/_meteor.py``) unless
    many repeated words make the search exceed 50,000 states, where a beam search (as Meteor 1.5's)
    takes over and the chunks may exceed the fewest.
    The score depends only on the number of matches ``m`` and chunks ``ch``, so which of several
    alignments with the fewest chunks is taken does not matter. Then ``P = m / len(hypothesis)``,
    ``R = m / len(reference)``, ``Fmean = P R / (alpha P + (1 - alpha) R)``,
    ``penalty = gamma (ch / m)^beta`` and ``METEOR = Fmean (1 - penalty)``; with several
    references, the largest. Defaults ``alpha = 0.9, beta = 3, gamma = 0.5``: Banerjee & Lavie
    (2005)'s ``Fmean = 10 P R / (R + 9 P)`` and ``0.5 (ch / m)^3``, the parametrised form of
    Lavie & Agarwal (2007), and NLTK's defaults.

    Conventions: tokens are compared exactly (case-sensitive; lowercase beforehand for the
    original's ``-lower``); non-string tokens (integer ids) have no stem and match only
    exactly. Differences from NLTK's ``meteor_score`` / ``single_meteor_score`` (3.9, 3.10),
    each a convention of its own: NLTK aligns greedily (each stage takes hypothesis words from
    the last and gives each the last unmatched reference position of an equal word), which can
    leave more chunks than the fewest, hence a lower score (``["a", "b", "a"]`` against
    ``["a", "b"]``: NLTK 2 chunks, here 1); NLTK lowercases every token (``preprocess=str.lower``,
    so integer tokens raise there) and its stemmer lowercases too; its third stage is WordNet
    (``wordnet=``, data that must be downloaded; a stub without synsets makes it match nothing),
    looked up on the *stems* the stem stage leaves. Same matches, P, R, Fmean and penalty formula
    otherwise.

    Range ``[0, 1]``; a sentence against itself scores ``1 - gamma / len^beta`` (one chunk),
    never 1. Undefined cases, by convention (never NaN): an empty hypothesis or reference, or
    no match, scores 0 against that reference. Refused (:class:`MetricInputError` naming the
    argument): no reference, a string where a token list belongs, ``alpha`` or ``gamma``
    outside [0, 1], a negative ``beta``, a ``synonyms`` that is not callable. Source: Banerjee &
    Lavie (2005), "METEOR: An Automatic Metric for MT Evaluation with Improved Correlation with
    Human Judgments"; Lavie & Agarwal (2007); NLTK's ``nltk.translate.meteor_score``.
    """
    refs = _reference_list(references, "references")
    hyp = list(_tokens(hypothesis, "hypothesis"))
    alpha = _non_negative(alpha, "alpha", at_most=1.0)
    beta = _non_negative(beta, "beta")
    gamma = _non_negative(gamma, "gamma", at_most=1.0)
    if synonyms is not None and not callable(synonyms):
        raise MetricInputError("synonyms", f"expected a callable or None, got {type(synonyms).__name__}")
    encode = _encoder()
    encode(hyp, "hypothesis")  # hashable tokens, or a refusal naming the argument
    best = 0.0
    for ref in refs:
        ref = list(ref)
        encode(ref, "references")
        matches, chunks = _meteor_align(hyp, ref, synonyms)
        best = max(best, _meteor_from_counts(matches, chunks, len(hyp), len(ref), alpha, beta, gamma))
    return best


# --------------------------------------------------------------------------
# CIDEr and CIDEr-D (Vedantam et al. 2015)


def _cider(list_of_references, hypotheses, max_n, sigma) -> CiderScore:
    refs = _corpus(list_of_references, "list_of_references")
    hyps = _corpus(hypotheses, "hypotheses")
    _same_count("list_of_references", refs, "hypotheses", hyps)
    max_n = check_int_at_least(max_n, "max_n", 1)
    if max_n > MAX_BLEU_ORDER:
        raise MetricInputError("max_n", f"must be <= {MAX_BLEU_ORDER}, got {max_n}")
    encode = _encoder()
    token_ids, n_refs = [], []
    for r, h in zip(refs, hyps):
        token_ids.append(encode(_tokens(h, "hypotheses"), "hypotheses"))
        segment = _reference_list(r, "list_of_references")
        token_ids.extend(encode(ref, "list_of_references") for ref in segment)
        n_refs.append(len(segment))
    scores = cider_scores(token_ids, n_refs, max_n, sigma=sigma)
    return CiderScore(float(scores.mean()), scores)


def cider(list_of_references, hypotheses, *, max_n: int = 4) -> CiderScore:
    """CIDEr of a corpus (Vedantam et al. 2015, eq. 3-4): TF-IDF cosine of each hypothesis with its references.

    For each order ``n = 1..max_n``, a sentence's vector ``g^n`` holds, for each of its n-grams
    ``w``, ``tf(w) * idf(w)`` with ``idf(w) = log(N) - log(max(1, df(w)))``: ``N`` the number of
    segments (one document per segment: the set of its references) and ``df(w)`` the number of
    documents whose references contain ``w`` (hypotheses never count; an n-gram no reference
    has gets ``df = 1`` by the ``max``, pycocoevalcap's convention, where the paper's formula
    divides by 0). ``CIDEr_n(c, S) = (1/m) sum_j cos(g^n(c), g^n(s_j))`` over the ``m``
    references, a cosine with a zero vector being 0; the segment's score is the mean of
    ``CIDEr_n`` over the orders (uniform weights ``1/max_n``), the corpus score the mean over
    segments. No x10 scaling, clipping or length penalty: those are :func:`cider_d`'s.

    Returns ``CiderScore(score, scores)``: the corpus mean and the per-segment scores
    (``list_of_references[s]`` is the list of reference token lists of ``hypotheses[s]``). The
    document frequencies depend on the whole corpus: a segment's score changes with the other
    segments. Range ``[0, 1]`` (the idf is never negative). Degenerate cases, by convention: a
    corpus of one segment scores 0 (every idf is ``log 1 - log 1 = 0``), so does an n-gram
    present in the references of every segment, an empty hypothesis, or a segment whose
    references are all empty. Undefined: an empty corpus, counts that do not pair up, a segment
    without references, ``max_n < 1`` raise :class:`MetricInputError`. Source: Vedantam, Zitnick &
    Parikh (2015), "CIDEr: Consensus-based Image Description Evaluation".
    """
    return _cider(list_of_references, hypotheses, max_n, None)


def cider_d(list_of_references, hypotheses, *, max_n: int = 4, sigma: float = 6.0) -> CiderScore:
    """CIDEr-D of a corpus (Vedantam et al. 2015, eq. 5), as pycocoevalcap's ``Cider`` computes it.

    With the TF-IDF vectors of :func:`cider`, per order ``n``::

        CIDEr-D_n(c, S) = (10 / m) sum_j exp(-(l(c) - l(s_j))^2 / (2 sigma^2))
                          * (min(g^n(c), g^n(s_j)) . g^n(s_j)) / (|g^n(c)| |g^n(s_j)|)

    (the candidate's tf-idf values clipped by the reference's, the norms those of the unclipped
    vectors, ``l`` the length in tokens, ``sigma = 6``), and the segment's score is the mean of
    ``CIDEr-D_n`` over ``n = 1..max_n``; the corpus score is the mean over segments. Returns
    ``CiderScore(score, scores)`` like :func:`cider`.

    pycocoevalcap 1.2's ``Cider`` (named CIDEr, computing CIDEr-D) follows the same conventions:
    ``idf = log(N) - log(max(1, df))`` over the segments' reference sets, penalty and clipping
    per reference, the mean over references, x10. Its "length" is a sentence's number of
    bigrams, ``max(len - 1, 0)``: the same difference as the token lengths wherever both
    sentences have a token, and where one is empty its vector is zero and the term 0 anyway,
    so the value never differs. It splits strings on whitespace (tokens here are any hashables).

    Range ``[0, 10]`` per segment and for the corpus; ``10 k / max_n`` for a hypothesis equal to
    its only reference, ``k`` the number of orders where it has an n-gram missing from the
    references of some other segment (else that order's vector is zero). Degenerate (undefined)
    cases and refusals as in :func:`cider` (one segment: 0), plus ``sigma <= 0`` refused. Source: Vedantam
    et al. (2015), section 5 (CIDEr-D); pycocoevalcap 1.2, ``pycocoevalcap/cider``.
    """
    sigma = check_positive(sigma, "sigma")
    return _cider(list_of_references, hypotheses, max_n, sigma)
