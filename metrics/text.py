"""Text and sequence metrics: edit distance, WER/CER, BLEU, ROUGE-N and ROUGE-L.

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
from collections import Counter
from collections.abc import Sequence
from itertools import chain, count
from typing import NamedTuple

import numpy as np
from rapidfuzz.distance import LCSseq, Levenshtein

from ._validation import check_choice, check_int_at_least, check_positive
from .errors import MetricInputError

__all__ = [
    "edit_distance",
    "wer",
    "corpus_wer",
    "cer",
    "corpus_cer",
    "sentence_bleu",
    "corpus_bleu",
    "rouge_n",
    "rouge_l",
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
