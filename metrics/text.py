"""Text and sequence metrics: edit distance, WER/CER, BLEU, ROUGE-N and ROUGE-L.

Inputs are token sequences chosen by the caller (lists or tuples of hashables);
tokenization is never done for you, except by the documented helper
:func:`whitespace_tokenize`. Argument order follows NLTK and sacrebleu:
references before hypotheses.

Tokens are compared exactly as a Python ``Counter`` compares them (hash and
equality). Edit distance and LCS map tokens to integer ids and run on
rapidfuzz's exact bit-parallel engines (never quadratic Python loops); corpus
BLEU counts the clipped n-gram statistics of the whole corpus at once with
NumPy sorts; sentence BLEU uses ``Counter`` (cheapest on one short sentence),
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
    if average == "pooled":
        total = lengths.sum()
        if total == 0:
            raise MetricInputError("references", "are all empty: the pooled error rate divides by their total length")
        return float(dists.sum() / total)
    if (lengths == 0).any():
        i = int(np.flatnonzero(lengths == 0)[0])
        raise MetricInputError("references", f"entry {i} is empty: average='mean' divides by each reference length")
    return float(np.mean(dists / lengths))


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


def _bleu_options(max_n, weights, smoothing, smooth_value):
    max_n = check_int_at_least(max_n, "max_n", 1)
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
    """The tokens of ``segments`` as dense int64 ids, each segment followed by its end marker
    (one for hypotheses, another for references), the number of distinct ids, and the
    positions ``0 .. n_tokens - 1``.

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
    positions = np.arange(n_tokens, dtype=np.int64)
    dense = np.cumsum(ids == positions) - 1
    return dense[ids], int(dense[-1]) + 1, positions


def _corpus_segments(list_of_references, hypotheses):
    """Validated segments laid out sentence-major (hypothesis s, then its references), and per
    sentence the number of references."""
    segments: list = []
    hyp_segments: list = []
    n_refs: list[int] = []
    append, extend = segments.append, segments.extend
    for refs, hyp in zip(list_of_references, hypotheses):
        # the common shape (a list of token lists and a token list) skips the checkers' calls
        if type(hyp) is not list:
            hyp = _tokens(hyp, "hypotheses")
        if type(refs) is not list or not refs or any(type(r) is not list for r in refs):
            refs = _reference_list(refs, "list_of_references")
        hyp_segments.append(hyp)
        append(hyp)
        extend(refs)
        n_refs.append(len(refs))
    return segments, hyp_segments, n_refs


def _bleu_statistics(list_of_references, hypotheses, max_n: int):
    """Corpus-pooled BLEU statistics: clipped n-gram matches and n-gram totals per order
    (lists of ``max_n`` ints), total hypothesis length and total closest reference length.

    The closest reference length of a sentence is the one nearest its hypothesis
    length, the shorter one on ties (Papineni et al. 2002; NLTK's and sacrebleu's rule).

    The whole corpus is counted at once, one sort per n-gram order. Segments are
    laid out sentence-major (hypothesis s, then the references of s), and every
    n-gram occurrence gets the key ``(n-gram, segment)`` (segment in the low
    bits); after sorting, equal keys are the occurrences of one n-gram in one
    segment, and the segments of one sentence are adjacent within an n-gram, so
    clipping is a max-reduction over each (n-gram, sentence) run. N-gram ids are
    exact dense ranks of (prefix id, last token): no hashing, no collisions.
    """
    segments, hyp_segments, n_refs = _corpus_segments(list_of_references, hypotheses)
    n_sent = len(hyp_segments)
    n_seg = len(segments)
    seg_len = np.fromiter(map(len, segments), dtype=np.int64, count=n_seg)
    per_sentence = np.asarray(n_refs, dtype=np.int64) + 1
    seg_sent_arr = np.repeat(np.arange(n_sent, dtype=np.int64), per_sentence)
    first_seg = np.cumsum(per_sentence) - per_sentence
    seg_is_hyp = np.zeros(n_seg, dtype=bool)
    seg_is_hyp[first_seg] = True
    hyp_len = seg_len[first_seg]

    # closest reference length, shorter on ties: minimise (|r - c|, r) per sentence
    ref_len = seg_len[~seg_is_hyp]
    owner = seg_sent_arr[~seg_is_hyp]
    width = int(ref_len.max(initial=0)) + 1
    key = np.abs(ref_len - hyp_len[owner]) * width + ref_len
    closest = np.minimum.reduceat(key, first_seg - np.arange(n_sent)) % width

    totals = np.maximum(hyp_len[:, None] - np.arange(max_n)[None, :], 0)
    pooled = (totals.sum(axis=0).tolist(), int(hyp_len.sum()), int(closest.sum()))
    matches = [0] * max_n
    # An n-gram that runs past the end of its segment contains the segment's end marker at the
    # crossing, so a hypothesis one never equals a reference one and never matches.
    n_tokens = int(seg_len.sum()) + n_seg
    tokens, base, positions = _token_ids_with_ends(segments, seg_is_hyp, hyp_segments, n_tokens)
    if not pooled[1]:
        return (matches, *pooled)
    seg_of_token = np.repeat(np.arange(n_seg, dtype=np.int64), seg_len + 1)
    seg_bits = n_seg.bit_length()
    seg_mask = (1 << seg_bits) - 1
    # candidates: positions whose n-gram can still match; an (n+1)-gram can only match in a
    # sentence where both its n-gram prefix and its n-gram suffix matched, so each order
    # prunes the next one
    cand = positions
    cand_key = tokens
    n_keys = base
    for n in range(1, max_n + 1):
        if cand.size == 0:
            break
        seg_at = seg_of_token if n == 1 else seg_of_token[cand]  # at n = 1 every position is a candidate
        if n_keys.bit_length() + seg_bits >= 62:  # keep (n-gram, segment) keys inside int64
            cand_key = np.unique(cand_key, return_inverse=True)[1].reshape(-1)
            n_keys = int(cand_key.max()) + 1
        keys = (cand_key << seg_bits) | seg_at
        position_bits = int(keys.size).bit_length()
        if n_keys.bit_length() + seg_bits + position_bits < 62:
            # sort (key, position) packed in one int64: a plain sort is several times faster than argsort
            packed = np.sort((keys << position_bits) | positions[: keys.size])
            order = packed & ((1 << position_bits) - 1)
            keys = packed >> position_bits
        else:
            order = np.argsort(keys)
            keys = keys[order]
        new_run = np.empty(keys.size, dtype=bool)
        new_run[0] = True
        np.not_equal(keys[1:], keys[:-1], out=new_run[1:])
        run = np.flatnonzero(new_run)  # one (n-gram, segment) each
        counts = np.diff(run, append=keys.size)
        run_key = keys[run]
        run_gram = run_key >> seg_bits
        run_seg = run_key & seg_mask
        run_sent = seg_sent_arr[run_seg]
        run_hyp = seg_is_hyp[run_seg]
        new_gram = np.empty(run.size, dtype=bool)
        new_gram[0] = True
        np.not_equal(run_gram[1:], run_gram[:-1], out=new_gram[1:])
        # a new (n-gram, sentence) group starts where the n-gram or the sentence changes
        new_group = new_gram.copy()
        new_group[1:] |= run_sent[1:] != run_sent[:-1]
        group = np.flatnonzero(new_group)  # first run of each (n-gram, sentence)
        group_of_run = np.cumsum(new_group) - 1
        # a sentence's hypothesis is its first segment, so a hypothesis run comes first in its group
        in_hyp = np.where(run_hyp[group], counts[group], 0)
        # the largest reference count of each group, as a running maximum of (group, count) read
        # at the group's last run (many tiny reduceat segments cost more); group ids and counts are
        # below the token count, so both halves fit when the corpus has fewer than 2**31 tokens
        running = np.maximum.accumulate((group_of_run << 32) | np.where(run_hyp, 0, counts))
        in_ref = running[np.append(group[1:], run.size) - 1] & 0xFFFFFFFF
        matches[n - 1] = int(np.minimum(in_hyp, in_ref).sum())
        if n == max_n:
            break
        keep_run = ((in_hyp > 0) & (in_ref > 0))[group_of_run]
        run_of_item = np.cumsum(new_run) - 1
        kept_item = keep_run[run_of_item]
        kept = order[kept_item]
        if n > 1:
            kept = cand[kept]
        rank = np.cumsum(new_gram) - 1  # dense rank of each run's n-gram
        prefix = rank[run_of_item[kept_item]]
        matched_at = np.zeros(n_tokens + 1, dtype=bool)
        matched_at[kept] = True
        suffix_ok = matched_at[kept + 1]
        cand, prefix = kept[suffix_ok], prefix[suffix_ok]
        n_keys = (int(rank[-1]) + 1) * base
        cand_key = prefix * base + tokens[cand + n]
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
    ``corpus_bleu([references], [hypothesis])``.
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
