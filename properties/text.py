"""The text spec: edit distance, WER/CER, MER/WIL/WIP, BLEU, chrF, TER, ROUGE and SQuAD EM/F1 (METEOR and
CIDEr in :mod:`properties.text_caption`, imported here).

The inputs (token sequences, strings, references, corpora) and their shapes for
the generic properties come from :mod:`properties.inputs.token_sequences`;
bounds, perfect inputs, symmetry, sentence order, duplication and the common
bad inputs are generic (``properties/generic.py``, driven by ``CAPABILITIES``
below). A few spec-side helpers (``_clipped``, ``_closest``)
recompute BLEU's statistics with ``collections.Counter``: an independent
oracle for the definitions the seeds and Papineni et al. (2002) give; ``_levenshtein``
and ``_lcs_length`` are the textbook dynamic programmes the catalog's rapidfuzz engines
must reproduce.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections import Counter

from hypothesis import strategies as st

from .capabilities import (COUNT, NON_NEGATIVE, NON_NEGATIVE_INTEGER, POSITIVE, Capability, Parameter,
                           declare_parameters)
from .checks import (expect, expect_close, expect_in_range, expect_le, expect_printed, expect_refusal,
                     expect_refusal_or_declared)
from properties.engine.vocabulary.registry import prop
from properties.engine.target.references import reference
from .inputs import cycled_edges, edges_of, map_with_edges, options, tuples_with_edges, with_edges
from .text_caption import CAPABILITIES as _CAPTION_CAPABILITIES
from .inputs.token_sequences import (
    CHARACTER_CORPORA,
    CHARACTER_PAIRS,
    REFERENCED_CORPORA,
    REFERENCED_SENTENCES,
    SEQUENCE_PAIRS,
    WORD_CORPORA,
    WORD_PAIRS,
    WORDS,
    as_words,
    columns,
    corpus,
    id_sequence_pair,
    REFERENCED_CORPORA_WITH_WORDS,
    REFERENCED_SENTENCES_WITH_WORDS,
    REFERENCED_TEXT_CORPORA,
    REFERENCED_TEXTS,
    SWAPPABLE_WORD_PAIRS,
    long_enough,
    nonempty_texts,
    nonempty_tokens,
    nonempty_words_texts,
    phrase_corpus,
    pair_corpus_edges,
    phrase_sentence,
    references,
    reordered_references,
    sentence,
    text_pair_edges,
    text_pairs,
    texts,
    token_pair_edges,
    token_pairs,
    tokens,
    wer_pairs,
    word_pairs,
    words_texts,
)

SMOOTHINGS = ("none", "floor", "add-k", "exp")
MAX_NS = (1, 2, 3, 4)
ROUGE_NS = (1, 2, 3)

max_ns = st.integers(MAX_NS[0], MAX_NS[-1])
smoothings = st.sampled_from(SMOOTHINGS)

#: BLEU's options in the composite strategies' edge cases: the orders 1, 2 and 4 (an edge case's single token
#: is shorter than every order above 1), and every smoothing
_MAX_N_EDGES = (max_ns, [(f"max_n={n}", n) for n in (1, 2, 4)])
_SMOOTHING_OPTIONS = options(*SMOOTHINGS, name="smoothing")

SEED_REF = "the way to make people trustworthy is to trust them".split()
SEED_HYP = "to make people trustworthy you need to trust them".split()


# ---------------------------------------------------------------- edge cases of the composite strategies
# (issue 45) every property that compares a metric with a value computed apart from it runs its shape's edge
# cases: each edge completed with one value of the strategy's other parts (cycled_edges, not a cross product)

#: (references, hypothesis) and corpora of them: the edges of the shape's sentence and corpus strategies
SENTENCE_EDGES = edges_of(sentence)
CORPUS_EDGES = edges_of(corpus)
#: (reference, hypothesis) token pairs
PAIR_EDGES = token_pair_edges()
def _plain(value) -> bool:
    """Every token (string) of ``value`` ASCII, none an integer id: what every library's tokenizer keeps intact."""
    if isinstance(value, str):
        return value.isascii()
    if isinstance(value, (list, tuple)):
        return all(map(_plain, value))
    return isinstance(value, (float, dict)) or value is None


def _ascii(edges) -> tuple:
    """The edges a library that tokenizes (or keeps only ASCII) is compared on: ASCII tokens, no integer ids."""
    return tuple((name, ex) for name, ex in edges if _plain(ex))


def _rouge_edges(edges) -> tuple:
    """(reference, hypothesis, n) with n cycling over 1, 2, 3."""
    return cycled_edges(edges, lambda pair, n: (*pair, n), (1, 2, 3))


def _long_enough_edges(edges, n) -> tuple:
    """Corpus edges whose every hypothesis has at least ``n`` tokens."""
    return tuple((name, pairs) for name, pairs in edges if all(len(h) >= n for _, h in pairs))


#: whitespace-free (reference, hypothesis) strings, the reference non-empty: a character repeated, a
#: hypothesis longer than the reference, an empty hypothesis, unicode characters
WORD_TEXT_EDGES = (
    ("single_character", ("a", "b")),
    ("repeated_character", ("aaa", "aa")),
    ("hypothesis_longer_text", ("a", "abcab")),
    ("empty_hypothesis_text", ("abc", "")),
    ("unicode_text", ("café猫", "cafe🙂")),
)


# ---------------------------------------------------------------- spec-side oracle


def _ngrams(seq, n):
    return Counter(tuple(seq[i : i + n]) for i in range(len(seq) - n + 1))


def _clipped(refs, hyp, n):
    """(clipped matches, hypothesis n-grams) of order n (Papineni et al. 2002, eq. 1)."""
    h = _ngrams(hyp, n)
    best: Counter = Counter()
    for ref in refs:
        best |= _ngrams(ref, n)  # | keeps the max count over references
    return sum(min(c, best[g]) for g, c in h.items()), max(len(hyp) - n + 1, 0)


def _closest(refs, c):
    return min((len(r) for r in refs), key=lambda r: (abs(r - c), r))


def _bleu_oracle(pairs, max_n, smoothing="none", weights=None):
    """Corpus BLEU from pooled statistics, uniform weights unless ``weights`` are given, the catalog's
    smoothing at its default smooth_value (floor 0.1, add-k 1; Chen & Cherry 2014). An order of weight 0
    contributes ``0 x log p = 0`` even where ``p = 0`` (the catalog's convention: such orders are ignored);
    exp smoothing still counts it among the zero orders."""
    num = [0] * max_n
    den = [0] * max_n
    c = r = 0
    for refs, hyp in pairs:
        for n in range(1, max_n + 1):
            m, t = _clipped(refs, hyp, n)
            num[n - 1] += m
            den[n - 1] += t
        c += len(hyp)
        r += _closest(refs, len(hyp))
    if num[0] == 0:
        return 0.0  # no unigram match: 0 whatever the smoothing
    log_p = []
    zeros = 0
    for n, (m, t) in enumerate(zip(num, den)):
        t = max(t, 1)  # an order with no hypothesis n-gram is 0 / 1 (NLTK's convention)
        if smoothing == "add-k" and n > 0:
            m, t = m + 1, t + 1
        w = None if weights is None else weights[n]
        if m == 0:
            if smoothing == "none":
                if w == 0:
                    continue  # 0 x log 0 = 0
                return 0.0
            zeros += 1
            m = 0.1 if smoothing == "floor" else 0.5**zeros
        if w is None:
            log_p.append(math.log(m / t))
        elif w:
            log_p.append(w * math.log(m / t))
    bp = 1.0 if c > r else math.exp(1 - r / c)
    return bp * math.exp(sum(log_p) / max_n if weights is None else math.fsum(log_p))


def _levenshtein(a, b):
    """Unit-cost edit distance by the textbook dynamic programme, one row at a time."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        diagonal, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            diagonal, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, diagonal + (x != y))
    return row[-1]


def _lcs_length(a, b):
    """Longest common subsequence length by the textbook dynamic programme."""
    row = [0] * (len(b) + 1)
    for x in a:
        diagonal = 0
        for j, y in enumerate(b, 1):
            diagonal, row[j] = row[j], (diagonal + 1 if x == y else max(row[j], row[j - 1]))
    return row[-1]


def _f1(p, r):
    return 0.0 if p == r == 0 else 2 * p * r / (p + r)


def _one_hot(n, max_n):
    return tuple(1.0 if i == n - 1 else 0.0 for i in range(max_n))


# ================================================================ edit distance


@prop("identity[edit_distance]", "edit_distance(a, b) is 0 exactly when a == b", kind="identity",
      needs=("edit_distance",), strategy=token_pairs)
def _(t, ex):
    a, b = ex
    expect(t.edit_distance(a, a) == 0, "d(a, a) != 0")
    expect((t.edit_distance(a, b) == 0) == (a == b), "d(a, b) == 0 must hold iff a == b")


@prop("triangle[edit_distance]", "d(a, c) <= d(a, b) + d(b, c)", kind="relation",
      needs=("edit_distance",), strategy=with_edges(st.tuples(tokens, tokens, tokens), cycled_edges(
          PAIR_EDGES, lambda pair, c: (*pair, c), ([], ["the", "cat", "the"], ["a"]))))
def _(t, ex):
    a, b, c = ex
    expect_le(t.edit_distance(a, c), t.edit_distance(a, b) + t.edit_distance(b, c), what="d(a,c) vs d(a,b)+d(b,c)")


# tighter than the generic bounds (hence not_generic there), and never NaN: empty sequences included
@prop("bounds[edit_distance]", "|len(a) - len(b)| <= edit_distance(a, b) <= max(len(a), len(b)), never NaN",
      kind="bound", needs=("edit_distance",), strategy=token_pairs)
def _(t, ex):
    a, b = ex
    d = t.edit_distance(a, b)
    expect_in_range(d, abs(len(a) - len(b)), max(len(a), len(b)), what="edit distance")


@prop("definition[edit_distance]",
      "edit_distance equals the unit-cost Levenshtein dynamic programme, on token lists and on strings",
      kind="relation", needs=("edit_distance",), defines=("edit_distance",),
      strategy=with_edges(st.one_of(st.tuples(tokens, tokens), st.tuples(texts, texts)),
                                   token_pair_edges() + text_pair_edges()))
def _(t, ex):
    a, b = ex
    d = t.edit_distance(a, b)
    expect(d == _levenshtein(a, b), f"edit distance {d!r}, the dynamic programme gives {_levenshtein(a, b)}")


@prop("agreement[edit_distance:nltk]", "edit_distance agrees with nltk.edit_distance (unit costs, no transpositions)",
      kind="agreement", needs=("edit_distance",), reference="nltk", strategy=token_pairs)
def _(t, ex):
    a, b = ex
    # integers on both sides: exact equality
    expect(t.edit_distance(a, b) == reference("nltk").edit_distance(a, b), "differs from NLTK")


# ================================================================ WER / CER


@prop("definition[wer]", "wer(r, h) == edit_distance(r, h) / len(r), hence >= 0", kind="relation",
      needs=("wer", "edit_distance"), defines=("wer",), strategy=word_pairs)
def _(t, ex):
    r, h = ex
    w = t.wer(r, h)
    # same integer over the same length: only the division rounds
    expect_close(w, t.edit_distance(r, h) / len(r), what="wer")
    expect(w >= 0, f"wer is negative: {w}")


@prop("undefined[wer:empty_reference]", "wer with an empty reference is refused (WER divides by the reference length)",
      kind="undefined", needs=("wer",), strategy=tokens)
def _(t, h):
    expect_refusal_or_declared(t, lambda: t.wer([], h), "undefined", "wer", "reference",
                               what="wer with an empty reference")


@prop("relation[corpus_wer:pooled]", "pooled corpus WER is the reference-length weighted mean of sentence WERs",
      kind="relation", needs=("corpus_wer", "wer"), defines=("corpus_wer",), strategy=wer_pairs)
def _(t, pairs):
    refs, hyps = columns(pairs)
    weighted = sum(len(r) * t.wer(r, h) for r, h in pairs) / sum(len(r) for r in refs)
    expect_close(t.corpus_wer(refs, hyps), weighted, rtol=1e-12, what="corpus_wer")


@prop("relation[corpus_wer:mean]", "corpus_wer(average='mean') is the plain mean of sentence WERs",
      kind="relation", needs=("corpus_wer:average", "wer"), defines=("corpus_wer",), strategy=wer_pairs)
def _(t, pairs):
    refs, hyps = columns(pairs)
    mean = sum(t.wer(r, h) for r, h in pairs) / len(pairs)
    expect_close(t.corpus_wer(refs, hyps, average="mean"), mean, rtol=1e-12, what="mean corpus_wer")


@prop("relation[cer:wer_over_characters]", "cer(r, h) == wer(list(r), list(h)) (whitespace-free text: every target splits it alike)",
      kind="relation", needs=("cer", "wer"), defines=("cer",),
      strategy=with_edges(st.tuples(nonempty_words_texts, words_texts), WORD_TEXT_EDGES))
def _(t, ex):
    r, h = ex
    expect_close(t.cer(r, h), t.wer(list(r), list(h)), what="cer")


@prop("relation[cer:spaces_count]", "cer(r, h) == edit_distance(r, h) / len(r) with spaces counted as characters",
      kind="relation", needs=("cer", "edit_distance"), defines=("cer",),
      strategy=text_pairs)
def _(t, ex):
    r, h = ex
    expect_close(t.cer(r, h), t.edit_distance(r, h) / len(r), what="cer")


@prop("relation[corpus_cer:corpus_wer_over_characters]", "corpus_cer pools character edits as corpus_wer pools word edits",
      kind="relation", needs=("corpus_cer", "corpus_wer"), defines=("corpus_cer",),
      strategy=with_edges(st.lists(st.tuples(nonempty_words_texts, words_texts), min_size=1, max_size=4),
                          pair_corpus_edges(WORD_TEXT_EDGES)))
def _(t, pairs):
    refs, hyps = columns(pairs)
    expect_close(t.corpus_cer(refs, hyps), t.corpus_wer([list(r) for r in refs], [list(h) for h in hyps]),
                 what="corpus_cer")


@prop("undefined[cer:empty_reference]", "cer with an empty reference is refused", kind="undefined",
      needs=("cer",), strategy=texts)
def _(t, h):
    expect_refusal_or_declared(t, lambda: t.cer("", h), "undefined", "cer", "reference",
                               what="cer with an empty reference")


@prop("agreement[wer:jiwer]", "wer and corpus_wer agree with jiwer on whitespace-free tokens", kind="agreement",
      needs=("wer", "corpus_wer"), reference="jiwer", strategy=wer_pairs, edges=_ascii(edges_of(wer_pairs)))
def _(t, pairs):
    ref = reference("jiwer")
    refs, hyps = columns(pairs)
    r0, h0 = pairs[0]
    # integer edit counts divided once: only rounding differs
    expect_close(t.wer(r0, h0), ref.wer(r0, h0), what="wer")
    expect_close(t.corpus_wer(refs, hyps), ref.corpus_wer(refs, hyps), what="corpus_wer")


@prop("agreement[cer:jiwer]", "cer and corpus_cer agree with jiwer, no whitespace stripping", kind="agreement",
      needs=("cer", "corpus_cer"), reference="jiwer",
      strategy=with_edges(st.lists(st.tuples(nonempty_texts, texts), min_size=1, max_size=4),
                          pair_corpus_edges(text_pair_edges(nonempty_reference=True))))
def _(t, pairs):
    ref = reference("jiwer")
    refs, hyps = columns(pairs)
    expect_close(t.cer(*pairs[0]), ref.cer(*pairs[0]), what="cer")
    expect_close(t.corpus_cer(refs, hyps), ref.corpus_cer(refs, hyps), what="corpus_cer")


# ================================================================ BLEU

_bleu_case = map_with_edges(tuples_with_edges(sentence, _MAX_N_EDGES, _SMOOTHING_OPTIONS),
                            lambda x: (*x[0], x[1], x[2]))


@prop("invariance[sentence_bleu:references]", "BLEU ignores the order of references and duplicated references",
      kind="invariance", needs=("sentence_bleu", "sentence_bleu:smoothing"),
      strategy=reordered_references)
def _(t, ex):
    (refs, hyp), shuffled = ex
    base = t.sentence_bleu(refs, hyp, smoothing="floor") if t.provides("sentence_bleu:smoothing") else t.sentence_bleu(refs, hyp)
    kwargs = {"smoothing": "floor"} if t.provides("sentence_bleu:smoothing") else {}
    expect_close(t.sentence_bleu(list(shuffled), hyp, **kwargs), base, what="BLEU with references reordered")
    expect_close(t.sentence_bleu(refs + [refs[0]], hyp, **kwargs), base, what="BLEU with a reference duplicated")


@prop("undefined[sentence_bleu:zero_precision]", "unsmoothed BLEU is exactly 0 when any n-gram precision is 0",
      kind="undefined", needs=("sentence_bleu:max_n",), strategy=st.tuples(references, tokens, max_ns))
def _(t, ex):
    refs, hyp, n = ex
    value = t.sentence_bleu(refs, hyp, max_n=n)
    if any(_clipped(refs, hyp, k)[0] == 0 for k in range(1, n + 1)):
        expect(value == 0.0, f"unsmoothed BLEU is {value!r}, not 0, although some n-gram precision is 0")
    else:
        expect(value > 0.0, f"BLEU is {value!r} although every n-gram precision is positive")


@prop("direction[sentence_bleu:more_references]",
      "each clipped n-gram precision never falls when a reference is added", kind="direction",
      needs=("sentence_bleu:max_n", "sentence_bleu:weights"),
      strategy=st.tuples(references, nonempty_tokens, tokens, max_ns))
def _(t, ex):
    refs, hyp, extra, n = ex
    # references no longer than the hypothesis keep BP = 1, so a one-hot weight isolates p_k
    refs = [r[: len(hyp)] for r in refs]
    extra = extra[: len(hyp)]
    for k in range(1, n + 1):
        w = _one_hot(k, n)
        before = t.sentence_bleu(refs, hyp, max_n=n, weights=w)
        after = t.sentence_bleu(refs + [extra], hyp, max_n=n, weights=w)
        expect_le(before, after, what=f"p_{k} before vs after adding a reference")


@prop("relation[sentence_bleu:brevity_penalty]",
      "BP = 1 when the hypothesis is longer than the closest reference, exp(1 - r/c) otherwise (unsmoothed)",
      kind="relation", needs=("sentence_bleu:max_n",), defines=("sentence_bleu",),
      strategy=with_edges(st.tuples(references, tokens, max_ns),
                          cycled_edges(SENTENCE_EDGES, lambda pair, n: (*pair, n), MAX_NS)))
def _(t, ex):
    refs, hyp, n = ex
    expect_close(t.sentence_bleu(refs, hyp, max_n=n), _bleu_oracle([(refs, hyp)], n), rtol=1e-9, atol=1e-12,
                 what="BLEU vs the clipped-precision and closest-length definition")


@prop("relation[sentence_bleu:closest_reference_tie]",
      "of two references equally far from the hypothesis length the shorter sets r (BLEU = 1 here)",
      kind="relation", needs=("sentence_bleu",), strategy=with_edges(
          st.tuples(long_enough(5), st.sampled_from(WORDS)),
          (("five_distinct", (["a", "b", "c", "d", "the"], "cat")), ("all_one_token", (["the"] * 5, "the")),
           ("repeated_bigrams", (["a", "b", "a", "b", "a", "b"], "a")))))
def _(t, ex):
    h, x = ex
    # references h[:-1] and h + [x]: both one token away; with the shorter, c > r and BP = 1
    expect_close(t.sentence_bleu([h[:-1], h + [x]], h), 1.0, what="BLEU with a closest-length tie")


@prop("relation[sentence_bleu:corpus_bleu_of_one_sentence]",
      "sentence_bleu(refs, h) == corpus_bleu([refs], [h]) with the same options", kind="relation",
      needs=("sentence_bleu:smoothing", "corpus_bleu:smoothing", "sentence_bleu:max_n", "corpus_bleu:max_n"),
      defines=("sentence_bleu",), strategy=_bleu_case)
def _(t, ex):
    refs, hyp, n, sm = ex
    expect_close(t.sentence_bleu(refs, hyp, max_n=n, smoothing=sm), t.corpus_bleu([refs], [hyp], max_n=n, smoothing=sm),
                 what="sentence vs one-sentence corpus BLEU")


@prop("relation[corpus_bleu:pooled_statistics]",
      "corpus BLEU pools clipped matches, n-gram counts and lengths over sentences (unsmoothed)", kind="relation",
      needs=("corpus_bleu:max_n",), defines=("corpus_bleu",), strategy=tuples_with_edges(corpus, _MAX_N_EDGES))
def _(t, ex):
    pairs, n = ex
    value = t.corpus_bleu(*columns(pairs), max_n=n)
    expect_close(value, _bleu_oracle(pairs, n), rtol=1e-9, atol=1e-12, what="corpus BLEU vs pooled definition")


@prop("definition[sentence_bleu]",
      "sentence_bleu == BP * exp(mean log p_n), clipped precisions and the catalog's smoothing computed in the spec",
      kind="relation", needs=("sentence_bleu:max_n", "sentence_bleu:smoothing"), defines=("sentence_bleu",),
      strategy=_bleu_case)
def _(t, ex):
    refs, hyp, n, sm = ex
    expect_close(t.sentence_bleu(refs, hyp, max_n=n, smoothing=sm), _bleu_oracle([(refs, hyp)], n, sm),
                 rtol=1e-9, atol=1e-12, what=f"BLEU ({sm} smoothing) vs its definition")


@prop("definition[corpus_bleu]",
      "corpus_bleu == BP * exp(mean log p_n) of pooled statistics, the catalog's smoothing computed in the spec",
      kind="relation", needs=("corpus_bleu:max_n", "corpus_bleu:smoothing"), defines=("corpus_bleu",),
      strategy=tuples_with_edges(corpus, _MAX_N_EDGES, _SMOOTHING_OPTIONS))
def _(t, ex):
    pairs, n, sm = ex
    value = t.corpus_bleu(*columns(pairs), max_n=n, smoothing=sm)
    expect_close(value, _bleu_oracle(pairs, n, sm), rtol=1e-9, atol=1e-12,
                 what=f"corpus BLEU ({sm} smoothing) vs its definition")


@st.composite
def _zero_weight_case(draw, pairs):
    """(pairs, max_n, weights, smoothing): weight 0 on every order without a clipped match (when some order
    has one: otherwise BLEU is 0 by the no-unigram-match rule), on other orders now and then too; the
    remaining weights positive, summing to 1."""
    pairs = draw(pairs)
    n = draw(st.integers(2, MAX_NS[-1]))
    matched = [sum(_clipped(refs, hyp, k)[0] for refs, hyp in pairs) > 0 for k in range(1, n + 1)]
    raw = draw(st.lists(st.integers(1, 3), min_size=n, max_size=n))
    dropped = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if any(matched):
        raw = [0 if not ok or (drop and k) else w for k, (w, ok, drop) in enumerate(zip(raw, matched, dropped))]
        if not any(raw):
            raw[matched.index(True)] = 1
    weights = tuple(w / sum(raw) for w in raw)
    return pairs, n, weights, draw(st.sampled_from(("none", "none", *SMOOTHINGS[1:])))


def _zero_weight_edges(edges) -> tuple:
    """The corpus ``edges`` as :func:`_zero_weight_case` makes them: weight 0 on every order without a clipped
    match (every order weighted 1 where none has one), max_n and the smoothing cycled."""
    def build(pairs, n, sm):
        matched = [sum(_clipped(refs, hyp, k)[0] for refs, hyp in pairs) > 0 for k in range(1, n + 1)]
        raw = [int(ok) for ok in matched] if any(matched) else [1] * n
        return pairs, n, tuple(w / sum(raw) for w in raw), sm
    return cycled_edges(edges, build, (2, 3, 4), ("none", "floor", "none", "add-k", "exp"))


def _zero_weights(t, ex, name: str):
    pairs, n, weights, sm = ex
    if name == "sentence_bleu":
        value = t.sentence_bleu(*pairs[0], max_n=n, weights=weights, smoothing=sm)
        pairs = pairs[:1]
    else:
        value = t.corpus_bleu(*columns(pairs), max_n=n, weights=weights, smoothing=sm)
    expect(math.isfinite(float(value)),
           f"{name}(max_n={n}, weights={weights}, smoothing={sm!r}) is {value!r}: an order of weight 0 adds "
           f"0 x log p_n = 0, even where p_n = 0")
    expect_close(value, _bleu_oracle(pairs, n, sm, weights), rtol=1e-9, atol=1e-12,
                 what=f"{name} with weights {weights} ({sm} smoothing) vs its definition")


# corpus hypotheses of >= 4 tokens: a short hypothesis's empty orders are definition[corpus_bleu]'s business (NLTK
# adds max(1, 0) to the pooled denominator there), not this property's
for _name, _pairs in (("sentence_bleu", st.lists(sentence, min_size=1, max_size=1)),
                      ("corpus_bleu", st.lists(st.tuples(references, long_enough(MAX_NS[-1])), min_size=1, max_size=4))):
    prop(f"zero_weights[{_name}]",
         f"{_name} with weight 0 on the n-gram orders that have no match is finite: each order of weight 0 adds "
         "0 x log p_n = 0 (the catalog ignores it), the rest is the weighted definition computed in the spec",
         kind="undefined", needs=tuple(f"{_name}:{k}" for k in ("max_n", "weights", "smoothing")),
         defines=(_name,), strategy=with_edges(_zero_weight_case(_pairs), _zero_weight_edges(
             CORPUS_EDGES[:-1] if _name == "sentence_bleu" else _long_enough_edges(CORPUS_EDGES, MAX_NS[-1]))))(
        functools.partial(_zero_weights, name=_name))


def _bleu_corpus_for_agreement(max_n_strategy):
    """(corpus, max_n, smoothing), every hypothesis of at least max_n tokens; the corpus edges whose tokens the
    libraries keep, each at the largest order its hypotheses allow (up to 4), the smoothing cycled."""
    edges = []
    for i, (name, pairs) in enumerate(_ascii(CORPUS_EDGES)):
        n = min(MAX_NS[-1], *(len(h) for _, h in pairs))
        if n >= 1:
            edges.append((name, (pairs, n, SMOOTHINGS[i % len(SMOOTHINGS)])))
    return with_edges(max_n_strategy.flatmap(
        lambda n: st.tuples(
            st.lists(st.tuples(references, long_enough(n)), min_size=1, max_size=4), st.just(n), smoothings
        )
    ), edges)


def _agree_bleu(t, ex, library: str, weighted: bool):
    """Sentence BLEU of the first sentence and corpus BLEU of all agree with ``library``."""
    pairs, n, sm = ex
    lib = reference(library)
    options = dict(max_n=n, smoothing=sm, **({"weights": (1.0 / n,) * n} if weighted else {}))
    refs, hyps = columns(pairs)
    expect_close(t.sentence_bleu(refs[0], hyps[0], **options), lib.sentence_bleu(refs[0], hyps[0], **options),
                 rtol=1e-9, what="sentence BLEU")
    expect_close(t.corpus_bleu(refs, hyps, **options), lib.corpus_bleu(refs, hyps, **options), rtol=1e-9,
                 what="corpus BLEU")


for _library, _with, _weighted in (
    # NLTK works in Fractions then floats; the algebra is the same. atol: NLTK's unsmoothed
    # zero is exp(w log(float_min)) ~ 1e-77, not 0 (a declared deviation elsewhere).
    ("nltk", "NLTK (smoothing matched by name)", True),
    # sacrebleu computes in percent and divides by 100: a few ulps apart
    ("sacrebleu", "sacrebleu (tokenize='none', uniform weights)", False),
):
    prop(f"agreement[bleu:{_library}]",
         f"sentence and corpus BLEU agree with {_with} on hypotheses of >= max_n tokens", kind="agreement",
         needs=tuple(f"{m}:{k}" for m in ("sentence_bleu", "corpus_bleu")
                     for k in ("max_n", "smoothing", *(("weights",) if _weighted else ()))), reference=_library,
         strategy=_bleu_corpus_for_agreement(max_ns))(functools.partial(_agree_bleu, library=_library,
                                                                       weighted=_weighted))


# ---------------------------------------------------------------- bad input


@prop("refusal[sentence_bleu:options]",
      "max_n < 1, weights of the wrong length and negative weights are refused", kind="refusal",
      needs=("sentence_bleu:max_n", "sentence_bleu:weights"), strategy=st.tuples(references, tokens, max_ns))
def _(t, ex):
    refs, hyp, n = ex
    expect_refusal(lambda: t.sentence_bleu(refs, hyp, max_n=0), "max_n")
    expect_refusal(lambda: t.sentence_bleu(refs, hyp, max_n=n, weights=(1.0 / (n + 1),) * (n + 1)), "weights")
    negative = (-0.5,) + (1.5 / max(n - 1, 1),) * (n - 1) if n > 1 else (-1.0,)
    expect_refusal(lambda: t.sentence_bleu(refs, hyp, max_n=n, weights=negative), "weights")


# ================================================================ ROUGE

_rouge_case = st.tuples(references, tokens, st.integers(1, 3))


@prop("relation[rouge_n:recall]", "ROUGE-N recall = clipped matched reference n-grams / reference n-grams",
      kind="relation", needs=("rouge_n:n",), defines=("rouge_n",),
      strategy=with_edges(st.tuples(tokens, tokens, st.integers(1, 3)), _rouge_edges(PAIR_EDGES)))
def _(t, ex):
    ref, hyp, n = ex
    matched, _ = _clipped([ref], hyp, n)
    total = max(len(ref) - n + 1, 0)
    s = t.rouge_n([ref], hyp, n=n)
    expect_close(s.recall, matched / total if total else 0.0, what="ROUGE-N recall")
    expect_close(s.precision, matched / (len(hyp) - n + 1) if len(hyp) >= n else 0.0, what="ROUGE-N precision")


@prop("definition[rouge_n]",
      "ROUGE-N (P, R, F1) from the clipped n-gram overlap over hypothesis and reference n-gram counts",
      kind="relation", needs=("rouge_n:n",), defines=("rouge_n",),
      strategy=with_edges(st.tuples(tokens, tokens, st.integers(1, 3)), _rouge_edges(PAIR_EDGES)))
def _(t, ex):
    ref, hyp, n = ex
    overlap = sum((_ngrams(ref, n) & _ngrams(hyp, n)).values())
    p = overlap / (len(hyp) - n + 1) if len(hyp) >= n else 0.0
    r = overlap / (len(ref) - n + 1) if len(ref) >= n else 0.0
    expect_close(list(t.rouge_n([ref], hyp, n=n)), [p, r, _f1(p, r)], what=f"ROUGE-{n} (P, R, F)")


@prop("definition[rouge_l]", "ROUGE-L (P, R, F1) from an LCS computed by dynamic programming in the spec",
      kind="relation", needs=("rouge_l",), defines=("rouge_l",), strategy=st.tuples(tokens, tokens))
def _(t, ex):
    ref, hyp = ex
    lcs = _lcs_length(ref, hyp)
    p = lcs / len(hyp) if hyp else 0.0
    r = lcs / len(ref) if ref else 0.0
    expect_close(list(t.rouge_l([ref], hyp)), [p, r, _f1(p, r)], what="ROUGE-L (P, R, F)")


@prop("symmetry[rouge:swap]", "swapping hypothesis and reference swaps precision and recall (ROUGE-N and ROUGE-L)",
      kind="symmetry", needs=("rouge_n:n", "rouge_l"), strategy=st.tuples(tokens, tokens, st.integers(1, 3)))
def _(t, ex):
    a, b, n = ex
    ab, ba = t.rouge_l([a], b), t.rouge_l([b], a)
    expect_close((ab.precision, ab.recall, ab.fmeasure), (ba.recall, ba.precision, ba.fmeasure), what="ROUGE-L swapped")
    ab, ba = t.rouge_n([a], b, n=n), t.rouge_n([b], a, n=n)
    expect_close((ab.precision, ab.recall, ab.fmeasure), (ba.recall, ba.precision, ba.fmeasure), what="ROUGE-N swapped")


@prop("bounds[rouge_l:lcs]", "LCS = P * len(h) = R * len(r) is an integer <= min(len(h), len(r))", kind="bound",
      needs=("rouge_l",), strategy=st.tuples(nonempty_tokens, nonempty_tokens))
def _(t, ex):
    r, h = ex
    s = t.rouge_l([r], h)
    lcs_p, lcs_r = s.precision * len(h), s.recall * len(r)
    expect_close(lcs_p, lcs_r, what="LCS from precision vs from recall")
    expect_close(lcs_p, round(lcs_p), what="LCS length is an integer")
    expect_le(round(lcs_p), min(len(r), len(h)), what="LCS vs min length")


@prop("relation[rouge_l:beta]", "ROUGE-L F = (1 + b^2) P R / (R + b^2 P), between min(P, R) and max(P, R)",
      kind="relation", needs=("rouge_l:beta",),
      strategy=with_edges(st.tuples(references, tokens, st.sampled_from((0.25, 0.5, 1.0, 2.0, 3.0))), cycled_edges(
          SENTENCE_EDGES, lambda pair, beta: (*pair, beta), (0.25, 1.0, 3.0, 0.5, 2.0))))
def _(t, ex):
    refs, hyp, beta = ex
    s = t.rouge_l(refs[:1], hyp, beta=beta)
    p, r = s.precision, s.recall
    expected = 0.0 if p == r == 0 else (1 + beta**2) * p * r / (r + beta**2 * p)
    expect_close(s.fmeasure, expected, what=f"F_beta (beta={beta})")
    expect_le(min(p, r), s.fmeasure, what="min(P, R) vs F")
    expect_le(s.fmeasure, max(p, r), what="F vs max(P, R)")


@prop("invariance[rouge:reference_order]", "with the 'max' policy the F-measure ignores the order of references",
      kind="invariance", needs=("rouge_n", "rouge_l"),
      strategy=reordered_references)
def _(t, ex):
    (refs, hyp), shuffled = ex
    expect_close(t.rouge_l(list(shuffled), hyp).fmeasure, t.rouge_l(refs, hyp).fmeasure, what="ROUGE-L F reordered")
    expect_close(t.rouge_n(list(shuffled), hyp).fmeasure, t.rouge_n(refs, hyp).fmeasure, what="ROUGE-N F reordered")


@prop("relation[rouge:mean_policy]", "multi_reference='mean' averages the per-reference scores", kind="relation",
      needs=("rouge_l:multi_reference", "rouge_n:multi_reference"), strategy=sentence)
def _(t, ex):
    refs, hyp = ex
    for fn in (t.rouge_l, t.rouge_n):
        singles = [fn([r], hyp) for r in refs]
        mean = [sum(s[i] for s in singles) / len(singles) for i in range(3)]
        expect_close(list(fn(refs, hyp, multi_reference="mean")), mean, what="mean over references")


@prop("agreement[rouge:rouge_score]",
      "ROUGE-1/2 and ROUGE-L agree with rouge-score (multi-reference 'max') on tokens its tokenizer keeps intact",
      kind="agreement", needs=("rouge_n:n", "rouge_l"), reference="rouge_score",
      strategy=with_edges(st.tuples(references, tokens, st.integers(1, 2)), cycled_edges(
          _ascii(SENTENCE_EDGES), lambda pair, n: (*pair, n), (1, 2))))
def _(t, ex):
    refs, hyp, n = ex
    rs = reference("rouge_score")
    # same counts, same divisions: only rounding differs
    expect_close(list(t.rouge_n(refs, hyp, n=n)), list(rs.rouge_n(refs, hyp, n=n)), what=f"ROUGE-{n}")
    expect_close(list(t.rouge_l(refs, hyp)), list(rs.rouge_l(refs, hyp)), what="ROUGE-L")


# ================================================================ ROUGE-W, ROUGE-S, ROUGE-SU (Lin 2004, sections 4 and 5)

LIN_2004 = "Lin (2004), ROUGE: A Package for Automatic Evaluation of Summaries"
#: the skip distances the definitions run: Lin's any distance, ROUGE-2 (0), one word between, ROUGE-S4
_MAX_SKIPS = (None, 0, 1, 4)
_WEIGHTS = (1.2, 1.0, 2.0, 1.5)


def _wlcs_oracle(x, y, weight):
    """Lin's WLCS, figure 1 of the paper, cell by cell: c and w tables, f(k) = k^weight."""
    c = [[0.0] * (len(y) + 1) for _ in range(len(x) + 1)]
    w = [[0] * (len(y) + 1) for _ in range(len(x) + 1)]
    for i in range(1, len(x) + 1):
        for j in range(1, len(y) + 1):
            if x[i - 1] == y[j - 1]:
                k = w[i - 1][j - 1]
                c[i][j] = c[i - 1][j - 1] + (k + 1) ** weight - k ** weight
                w[i][j] = k + 1
            else:
                c[i][j] = max(c[i - 1][j], c[i][j - 1])
    return c[-1][-1]


def _f_beta_oracle(p, r, beta=1.0):
    return 0.0 if p == r == 0 else (1 + beta**2) * p * r / (r + beta**2 * p)


def _skip_bigrams(seq, max_skip):
    return Counter((seq[i], seq[j]) for i in range(len(seq)) for j in range(i + 1, len(seq))
                   if max_skip is None or j - i <= max_skip + 1)


def _skip_oracle(ref, hyp, max_skip, unigrams):
    """(P, R, F1) of ROUGE-S (or SU with ``unigrams``) from Counters of the skip-bigrams (and tokens)."""
    r_grams, h_grams = _skip_bigrams(ref, max_skip), _skip_bigrams(hyp, max_skip)
    if unigrams:
        r_grams, h_grams = r_grams + Counter((t,) for t in ref), h_grams + Counter((t,) for t in hyp)
    overlap = sum((r_grams & h_grams).values())
    p = overlap / sum(h_grams.values()) if h_grams else 0.0
    r = overlap / sum(r_grams.values()) if r_grams else 0.0
    return [p, r, _f1(p, r)]


_rouge_pairs = with_edges(st.tuples(tokens, tokens), PAIR_EDGES)


@prop("definition[rouge_w]",
      "ROUGE-W (P, R, F1) from Lin's weighted-LCS dynamic programme computed cell by cell in the spec, f(k) = "
      "k^weight, R = (WLCS / f(len(ref)))^(1/weight), P = (WLCS / f(len(hyp)))^(1/weight), weight in {1.2, 1, 2, "
      "1.5}", kind="relation", needs=("rouge_w", "rouge_w:weight"), defines=("rouge_w",),
      strategy=with_edges(st.tuples(tokens, tokens, st.sampled_from(_WEIGHTS)),
                          cycled_edges(PAIR_EDGES, lambda pair, w: (*pair, w), _WEIGHTS)))
def rouge_w_definition(t, ex):
    ref, hyp, weight = ex
    score = _wlcs_oracle(ref, hyp, weight)
    p = (score / len(hyp) ** weight) ** (1 / weight) if hyp else 0.0
    r = (score / len(ref) ** weight) ** (1 / weight) if ref else 0.0
    expect_close(list(t.rouge_w([ref], hyp, weight=weight)), [p, r, _f1(p, r)], rtol=1e-12, atol=1e-15,
                 what=f"ROUGE-W (P, R, F) with weight {weight}")


@prop("relation.weight_one_is_rouge_l[rouge_w]", "ROUGE-W with weight 1 (f(k) = k) is ROUGE-L", kind="relation",
      needs=("rouge_w:weight", "rouge_l"), strategy=sentence)
def rouge_w_weight_one(t, ex):
    refs, hyp = ex
    expect_close(list(t.rouge_w(refs, hyp, weight=1.0)), list(t.rouge_l(refs, hyp)), rtol=1e-12, atol=1e-15,
                 what="ROUGE-W(weight=1) vs ROUGE-L")


@prop("relation.at_most_rouge_l[rouge_w]",
      "ROUGE-W's precision and recall never exceed ROUGE-L's (WLCS <= f(LCS) for a superadditive f(k) = k^weight, "
      "weight >= 1)", kind="relation", needs=("rouge_w:weight", "rouge_l"),
      strategy=with_edges(st.tuples(tokens, tokens, st.sampled_from(_WEIGHTS)),
                          cycled_edges(PAIR_EDGES, lambda pair, w: (*pair, w), _WEIGHTS)))
def rouge_w_at_most_l(t, ex):
    ref, hyp, weight = ex
    w, l = t.rouge_w([ref], hyp, weight=weight), t.rouge_l([ref], hyp)
    expect_le(w.precision, l.precision, what=f"ROUGE-W precision (weight {weight}) vs ROUGE-L's", tol=1e-12)
    expect_le(w.recall, l.recall, what=f"ROUGE-W recall (weight {weight}) vs ROUGE-L's", tol=1e-12)


_LIN_X, _LIN_Y1, _LIN_Y2 = list("ABCDEFG"), list("ABCDHIK"), list("AHBKCID")


@prop("relation.lin2004_consecutive_matches[rouge_w]",
      "on Lin (2004)'s ROUGE-W example, X = [A B C D E F G] against Y1 = [A B C D H I K] (four consecutive matches) "
      "and Y2 = [A H B K C I D] (four apart), which the paper says ROUGE-L cannot tell apart (both 4/7) while Y1 "
      "should score higher: with f(k) = k^2, WLCS(Y1) = 16 and WLCS(Y2) = 4, so ROUGE-W recall is sqrt(16 / 49) = "
      "4/7 and sqrt(4 / 49) = 2/7 (computed from the definition; the paper prints no score)", kind="relation",
      needs=("rouge_w:weight", "rouge_l"), source=f"{LIN_2004}, section 4 (ROUGE-W example)", defines=("rouge_w",))
def rouge_w_lin_example(t, ex):
    for y in (_LIN_Y1, _LIN_Y2):
        expect_close(t.rouge_l([_LIN_X], y).recall, 4 / 7, rtol=1e-12, what=f"ROUGE-L recall of {''.join(y)}")
    expect_close(t.rouge_w([_LIN_X], _LIN_Y1, weight=2.0).recall, 4 / 7, rtol=1e-12,
                 what="ROUGE-W recall of Y1 (sqrt(16 / 49))")
    expect_close(t.rouge_w([_LIN_X], _LIN_Y2, weight=2.0).recall, 2 / 7, rtol=1e-12,
                 what="ROUGE-W recall of Y2 (sqrt(4 / 49))")


for _name, _unigrams in (("rouge_s", False), ("rouge_su", True)):

    def _skip_definition(t, ex, name=_name, unigrams=_unigrams):
        ref, hyp, max_skip = ex
        expect_close(list(getattr(t, name)([ref], hyp, max_skip=max_skip)), _skip_oracle(ref, hyp, max_skip, unigrams),
                     rtol=1e-12, atol=1e-15, what=f"{name} (P, R, F) with max_skip={max_skip}")

    prop(f"definition[{_name}]",
         f"{_name} (P, R, F1) from Counters of the in-order token pairs at most max_skip tokens apart (any distance "
         "for None)" + (" and of the tokens" if _unigrams else "") + ", clipped overlap over each side's count, "
         "max_skip in {None, 0, 1, 4}", kind="relation", needs=(_name, f"{_name}:max_skip"), defines=(_name,),
         strategy=with_edges(st.tuples(tokens, tokens, st.sampled_from(_MAX_SKIPS)),
                             cycled_edges(PAIR_EDGES, lambda pair, d: (*pair, d), _MAX_SKIPS)))(_skip_definition)

    def _skip_swap(t, ex, name=_name):
        a, b = ex
        ab, ba = getattr(t, name)([a], b), getattr(t, name)([b], a)
        expect_close((ab.precision, ab.recall, ab.fmeasure), (ba.recall, ba.precision, ba.fmeasure), rtol=1e-12,
                     what=f"{name} with hypothesis and reference swapped")

    prop(f"symmetry.swap[{_name}]", f"swapping hypothesis and reference swaps {_name}'s precision and recall",
         kind="symmetry", needs=(_name,), strategy=_rouge_pairs)(_skip_swap)


@prop("symmetry.swap[rouge_w]", "swapping hypothesis and reference swaps ROUGE-W's precision and recall (Lin's "
      "WLCS table is the same transposed)", kind="symmetry", needs=("rouge_w",), strategy=_rouge_pairs)
def rouge_w_swap(t, ex):
    a, b = ex
    ab, ba = t.rouge_w([a], b), t.rouge_w([b], a)
    expect_close((ab.precision, ab.recall, ab.fmeasure), (ba.recall, ba.precision, ba.fmeasure), rtol=1e-12,
                 what="ROUGE-W with hypothesis and reference swapped")


@prop("relation.skip_zero_is_rouge_2[rouge_s]", "ROUGE-S with max_skip = 0 (adjacent pairs only) is ROUGE-2",
      kind="relation", needs=("rouge_s:max_skip", "rouge_n:n"), strategy=sentence)
def rouge_s_is_rouge_2(t, ex):
    refs, hyp = ex
    expect_close(list(t.rouge_s(refs, hyp, max_skip=0)), list(t.rouge_n(refs, hyp, n=2)), rtol=1e-12, atol=1e-15,
                 what="ROUGE-S(max_skip=0) vs ROUGE-2")


def _pairs_within(length, max_skip):
    return sum(1 for i in range(length) for j in range(i + 1, length) if max_skip is None or j - i <= max_skip + 1)


@prop("relation.su_pools_s_and_1[rouge_su]",
      "ROUGE-SU pools ROUGE-S and ROUGE-1: its recall times (reference pairs + tokens) is ROUGE-S recall times the "
      "pairs plus ROUGE-1 recall times the tokens (the matched counts add), and likewise for precision",
      kind="relation", needs=("rouge_su:max_skip", "rouge_s:max_skip", "rouge_n:n"),
      strategy=with_edges(st.tuples(tokens, tokens, st.sampled_from(_MAX_SKIPS)),
                          cycled_edges(PAIR_EDGES, lambda pair, d: (*pair, d), _MAX_SKIPS)))
def rouge_su_pools(t, ex):
    ref, hyp, max_skip = ex
    su, s_, one = (t.rouge_su([ref], hyp, max_skip=max_skip), t.rouge_s([ref], hyp, max_skip=max_skip),
                   t.rouge_n([ref], hyp, n=1))
    for side, length, field in (("recall", len(ref), "recall"), ("precision", len(hyp), "precision")):
        pairs = _pairs_within(length, max_skip)
        expect_close(getattr(su, field) * (pairs + length), getattr(s_, field) * pairs + getattr(one, field) * length,
                     rtol=1e-12, atol=1e-12, what=f"ROUGE-SU matched count from its {side} vs ROUGE-S + ROUGE-1")


_LIN_S1 = "police killed the gunman".split()
_LIN_S_EXAMPLE = (("police kill the gunman", "0.5"), ("the gunman kill police", "0.167"),
                  ("the gunman police killed", "0.333"))


@prop("golden.lin2004_example[rouge_s]",
      "Lin (2004)'s ROUGE-S example: with S1 = 'police killed the gunman' as the reference and beta = 1, S2 = 'police "
      "kill the gunman' scores 0.5, S3 = 'the gunman kill police' 0.167 and S4 = 'the gunman police killed' 0.333",
      kind="golden", needs=("rouge_s", "rouge_s:beta"), source=f"{LIN_2004}, section 5 (ROUGE-S example)",
      defines=("rouge_s",))
def rouge_s_lin_example(t, ex):
    for text, printed in _LIN_S_EXAMPLE:
        expect_printed(t.rouge_s([_LIN_S1], text.split(), beta=1.0).fmeasure, printed,
                       what=f"ROUGE-S of '{text}' against S1")


# ================================================================ MER, WIL, WIP (Morris et al. 2004)


def _alignment_counts(ref, hyp, *, most_hits: bool = True):
    """(edit distance, hits) of the minimum-edit alignment with the most hits (or, with ``most_hits=False``,
    the fewest), by the textbook dynamic programme on (edits, -+hits) pairs."""
    sign = -1 if most_hits else 1
    row = [(j, 0) for j in range(len(hyp) + 1)]
    for i, x in enumerate(ref, 1):
        new = [(i, 0)]
        for j, y in enumerate(hyp, 1):
            d = row[j - 1]
            diagonal = (d[0], d[1] + sign) if x == y else (d[0] + 1, d[1])
            new.append(min(diagonal, (row[j][0] + 1, row[j][1]), (new[j - 1][0] + 1, new[j - 1][1])))
        row = new
    edits, signed_hits = row[-1]
    return edits, sign * signed_hits


def _information_oracle(pairs, name: str) -> float:
    """MER, WIL or WIP of pooled (reference, hypothesis) counts, from the definitions of Morris et al. (2004)."""
    edits = hits = n_ref = n_hyp = 0
    for ref, hyp in pairs:
        d, h = _alignment_counts(ref, hyp)
        edits, hits, n_ref, n_hyp = edits + d, hits + h, n_ref + len(ref), n_hyp + len(hyp)
    if name == "mer":
        return edits / (edits + hits)
    preserved = 0.0 if hits == 0 else hits * hits / (n_ref * n_hyp)
    return preserved if name == "wip" else 1.0 - preserved


def _not_both_empty(pair) -> bool:
    return bool(pair[0] or pair[1])


#: (reference, hypothesis) pairs where MER, WIL and WIP are defined: not both empty
information_pairs = with_edges(st.tuples(tokens, tokens).filter(_not_both_empty),
                               tuple(e for e in token_pair_edges() if _not_both_empty(e[1])))
information_corpora = with_edges(st.lists(st.tuples(tokens, tokens), min_size=1, max_size=4).filter(
    lambda pairs: any(map(_not_both_empty, pairs))), pair_corpus_edges(edges_of(information_pairs)))


def _information_definition(t, ex, name: str, corpus_level: bool):
    pairs = ex if corpus_level else [ex]
    value = getattr(t, f"corpus_{name}")(*columns(pairs)) if corpus_level else getattr(t, name)(*ex)
    expect_close(value, _information_oracle(pairs, name), rtol=1e-12,
                 what=f"{'corpus_' if corpus_level else ''}{name} vs its definition (H: the most hits of a "
                      "minimum-edit alignment)")


for _name, _formula in (("mer", "(S + D + I) / (H + S + D + I)"), ("wip", "(H / N) (H / M)"),
                        ("wil", "1 - (H / N) (H / M)")):
    for _corpus_level in (False, True):
        _metric = f"corpus_{_name}" if _corpus_level else _name
        prop(f"definition[{_metric}]",
             f"{_metric} = {_formula}{' of counts pooled over sentences' if _corpus_level else ''}, H the hits of "
             "the minimum-edit alignment with the most hits (the textbook dynamic programme in the spec)",
             kind="relation", needs=(_metric,), defines=(_metric,),
             strategy=information_corpora if _corpus_level else information_pairs)(
            functools.partial(_information_definition, name=_name, corpus_level=_corpus_level))


@prop("relation[wip:one_minus_wil]", "wil + wip = 1, sentence and corpus", kind="relation",
      needs=("wil", "wip", "corpus_wil", "corpus_wip"), strategy=information_corpora)
def wil_is_one_minus_wip(t, pairs):
    expect_close(t.wil(*pairs[0]) + t.wip(*pairs[0]), 1.0, what="wil + wip")
    refs, hyps = columns(pairs)
    expect_close(t.corpus_wil(refs, hyps) + t.corpus_wip(refs, hyps), 1.0, what="corpus_wil + corpus_wip")


@prop("relation[mer:wer_bounds]", "WER / (1 + WER) <= MER <= WER (H + S + D = N and H <= N), sentence and corpus",
      kind="relation", needs=("mer", "wer", "corpus_mer", "corpus_wer"), strategy=wer_pairs)
def mer_between_wer_bounds(t, pairs):
    for what, m, w in (("sentence", t.mer(*pairs[0]), t.wer(*pairs[0])),
                       ("corpus", t.corpus_mer(*columns(pairs)), t.corpus_wer(*columns(pairs)))):
        expect_le(m, w, what=f"{what} MER vs WER")
        expect_le(w / (1 + w), m, what=f"{what} WER / (1 + WER) vs MER")


def _information_agreement(t, pairs, name: str, library: str):
    # only where the hit count of a minimum-edit alignment is unique: elsewhere it is the library's backtrace
    # order (definition[...] pins the catalog's most-hits convention)
    if any(_alignment_counts(r, h) != _alignment_counts(r, h, most_hits=False) for r, h in pairs):
        return
    lib = reference(library)
    expect_close(getattr(t, name)(*pairs[0]), getattr(lib, name)(*pairs[0]), what=name)
    expect_close(getattr(t, f"corpus_{name}")(*columns(pairs)), getattr(lib, f"corpus_{name}")(*columns(pairs)),
                 what=f"corpus_{name}")


for _name in ("mer", "wil", "wip"):
    prop(f"agreement[{_name}:jiwer]",
         f"{_name} and corpus_{_name} agree with jiwer where every sentence's minimum-edit alignments share one "
         "hit count", kind="agreement", needs=(_name, f"corpus_{_name}"), reference="jiwer", strategy=wer_pairs,
         edges=_ascii(edges_of(wer_pairs)))(
        functools.partial(_information_agreement, name=_name, library="jiwer"))


# ================================================================ chrF, chrF++


def _char_grams(text, n):
    return Counter(text[i:i + n] for i in range(len(text) - n + 1))


def _chrf_oracle(cases, char_order, word_order, beta, whitespace=False):
    """chrF of (references, hypothesis) cases from the definition: per-order clipped matches, the best
    reference of each sentence by its sentence score, statistics summed over the corpus, effective-order
    mean P and R, then F_beta (Popović 2015, 2017; sacrebleu's conventions)."""
    def grams(text):
        chars = text if whitespace else text.replace(" ", "")
        words = []
        for w in text.split():
            cut = 1 if len(w) > 1 and w[-1] in ".,!?" else -1 if len(w) > 1 and w[0] in ".,!?" else 0
            words += [w[:-1], w[-1]] if cut == 1 else [w[0], w[1:]] if cut == -1 else [w]
        return ([_char_grams(chars, n) for n in range(1, char_order + 1)]
                + [_ngrams(words, n) for n in range(1, word_order + 1)])

    def stats(h, r):
        return [(sum(hc.values()) if rc else 0, sum(rc.values()), sum((hc & rc).values()))
                for hc, rc in zip(h, r)]

    def f_score(s):
        eff = [(m / nh, m / nr) for nh, nr, m in s if nh and nr]
        if not eff:
            return 0.0
        p, r = sum(x for x, _ in eff) / len(eff), sum(y for _, y in eff) / len(eff)
        return 0.0 if p + r == 0 else (1 + beta**2) * p * r / (beta**2 * p + r)

    total = None
    for refs, hyp in cases:
        h = grams(hyp)
        best = max((stats(h, grams(r)) for r in refs), key=f_score)  # max keeps the first of equal scores
        total = best if total is None else [tuple(a + b for a, b in zip(x, y)) for x, y in zip(total, best)]
    return f_score(total)


_chrf_options = st.fixed_dictionaries({"char_order": st.integers(1, 6), "word_order": st.integers(0, 2),
                                       "beta": st.sampled_from((0.5, 1.0, 2.0, 3.0)), "whitespace": st.booleans()})


#: the options the chrF edge cases are run with: chrF, chrF++, a short order with whitespace, a small beta
_CHRF_EDGE_OPTIONS = ({"char_order": 6, "word_order": 0, "beta": 2.0, "whitespace": False},
                      {"char_order": 6, "word_order": 2, "beta": 2.0, "whitespace": False},
                      {"char_order": 2, "word_order": 1, "beta": 1.0, "whitespace": True},
                      {"char_order": 1, "word_order": 0, "beta": 0.5, "whitespace": False})


def _chrf_definition(t, ex, name: str):
    cases, options = ex
    if name == "sentence_chrf":
        value = t.sentence_chrf(*cases[0], **options)
    else:
        value = t.corpus_chrf(*columns(cases), **options)
    expect_close(value, _chrf_oracle(cases, **options), rtol=1e-12, what=f"{name}({options}) vs its definition")


for _name, _cases, _how in (
        ("sentence_chrf", st.lists(phrase_sentence, min_size=1, max_size=1), "against the best reference"),
        ("corpus_chrf", phrase_corpus, "of each sentence's best reference, summed over the corpus")):
    prop(f"definition[{_name}]",
         f"{_name} = F_beta of the effective-order mean character/word n-gram precision and recall, statistics "
         f"{_how} (computed in the spec)", kind="relation",
         needs=tuple(f"{_name}:{k}" for k in ("char_order", "word_order", "beta", "whitespace")), defines=(_name,),
         strategy=with_edges(st.tuples(_cases, _chrf_options), cycled_edges(
             edges_of(_cases) if _name == "corpus_chrf"
             else tuple((n, [pair]) for n, pair in edges_of(phrase_sentence)),
             lambda cases, o: (cases, o), _CHRF_EDGE_OPTIONS)))(functools.partial(_chrf_definition, name=_name))


@prop("invariance[sentence_chrf:spacing]",
      "chrF (word_order=0, whitespace=False) ignores where the spaces are: character n-grams skip whitespace",
      kind="invariance", needs=("sentence_chrf",),
      strategy=st.tuples(phrase_sentence, st.randoms(use_true_random=False)))
def chrf_ignores_spacing(t, ex):
    (refs, hyp), rnd = ex
    respaced = "".join(ch + " " * rnd.randint(0, 2) for ch in hyp.replace(" ", ""))
    expect_close(t.sentence_chrf(refs, respaced), t.sentence_chrf(refs, hyp), rtol=1e-12,
                 what=f"chrF of {respaced!r} vs of {hyp!r}")


def _agree_chrf(t, ex):
    cases, word_order = ex
    lib = reference("sacrebleu")
    refs, hyps = columns(cases)
    # sacrebleu scores in percent: a few ulps apart
    expect_close(t.sentence_chrf(refs[0], hyps[0], word_order=word_order),
                 lib.sentence_chrf(refs[0], hyps[0], word_order=word_order), rtol=1e-12, what="sentence chrF")
    expect_close(t.corpus_chrf(refs, hyps, word_order=word_order), lib.corpus_chrf(refs, hyps, word_order=word_order),
                 rtol=1e-12, what="corpus chrF")


prop("agreement[chrf:sacrebleu]", "sentence and corpus chrF and chrF++ agree with sacrebleu's CHRF (defaults, "
     "word_order 0 or 2)", kind="agreement",
     needs=("sentence_chrf:word_order", "corpus_chrf:word_order"), reference="sacrebleu",
     strategy=with_edges(st.tuples(phrase_corpus, st.sampled_from((0, 2))), cycled_edges(
         _ascii(edges_of(phrase_corpus)), lambda c, w: (c, w), (0, 2))))(_agree_chrf)


@prop("refusal[sentence_chrf:options]", "char_order < 1, word_order < 0 and beta <= 0 are refused, naming the option",
      kind="refusal", needs=tuple(f"sentence_chrf:{k}" for k in ("char_order", "word_order", "beta")),
      strategy=phrase_sentence)
def chrf_refuses_options(t, ex):
    refs, hyp = ex
    expect_refusal(lambda: t.sentence_chrf(refs, hyp, char_order=0), "char_order")
    expect_refusal(lambda: t.sentence_chrf(refs, hyp, word_order=-1), "word_order")
    expect_refusal(lambda: t.sentence_chrf(refs, hyp, beta=0.0), "beta")


# ================================================================ TER (Snover et al. 2006)


def _bag_distance(ref, hyp):
    """max(len) - the multiset overlap: no alignment, after any shifts, has more hits than shared tokens."""
    return max(len(ref), len(hyp)) - sum((Counter(ref) & Counter(hyp)).values())


@prop("definition[sentence_ter]",
      "sentence_ter = the fewest edits over the references / their mean length, each reference's edits an "
      "integer between the bag distance and the edit distance (a shift is taken only when it saves an edit)",
      kind="relation", needs=("sentence_ter",), defines=("sentence_ter",),
      strategy=with_edges(sentence.filter(lambda s: any(s[0])), tuple(e for e in SENTENCE_EDGES if any(e[1][0]))))
def ter_sentence_definition(t, ex):
    refs, hyp = ex
    per_reference = []
    for ref in refs:
        edits = t.sentence_ter([ref], hyp) * len(ref) if ref else float(len(hyp))
        if ref:
            expect_close(edits, round(edits), what=f"TER edits against {ref} (an integer)")
            edits = round(edits)
            expect_in_range(edits, _bag_distance(ref, hyp), _levenshtein(ref, hyp), what=f"TER edits against {ref}")
        per_reference.append(edits)
    mean_length = sum(map(len, refs)) / len(refs)
    expect_close(t.sentence_ter(refs, hyp), min(per_reference) / mean_length, rtol=1e-12,
                 what="TER = min edits / mean reference length")


#: the corpus edges with some reference non-empty in every sentence (TER divides by the mean reference length)
_TER_CORPORA = tuple((name, pairs) for name, pairs in CORPUS_EDGES if all(any(refs) for refs, _ in pairs))


@st.composite
def _block_swaps(draw):
    """(reference A + B, hypothesis B + A): blocks of 1..5 words, no word shared between them."""
    words = draw(st.permutations(WORDS))
    cut = draw(st.integers(1, len(WORDS) - 1))
    a = draw(st.lists(st.sampled_from(words[:cut]), min_size=1, max_size=5))
    b = draw(st.lists(st.sampled_from(words[cut:]), min_size=1, max_size=5))
    return a + b, b + a


@prop("relation[sentence_ter:block_swap]",
      "swapping two blocks without a common word costs one shift: TER(A + B, B + A) = 1 / (|A| + |B|)",
      kind="relation", needs=("sentence_ter",), strategy=with_edges(_block_swaps(), (
          ("single_words", (["a", "cat"], ["cat", "a"])), ("unequal_blocks", (["a", "b", "b", "the", "cat"],
                                                                            ["the", "cat", "a", "b", "b"])),
          ("one_word_repeated_blocks", (["a", "a", "a", "d"], ["d", "a", "a", "a"])))))
def ter_block_swap(t, ex):
    ref, hyp = ex
    expect_close(t.sentence_ter([ref], hyp), 1 / len(ref), rtol=1e-12, what=f"TER of {hyp} against {ref}")


@prop("relation[corpus_ter:pooled]",
      "corpus_ter = sum of sentence edits / sum of mean reference lengths (never the mean of sentence TERs)",
      kind="relation", needs=("corpus_ter", "sentence_ter"), defines=("corpus_ter",),
      strategy=with_edges(st.lists(sentence.filter(lambda s: any(s[0])), min_size=1, max_size=4), _TER_CORPORA))
def ter_corpus_pooled(t, pairs):
    lengths = [sum(map(len, refs)) / len(refs) for refs, _ in pairs]
    edits = sum(t.sentence_ter(refs, hyp) * n for (refs, hyp), n in zip(pairs, lengths))
    expect_close(t.corpus_ter(*columns(pairs)), edits / sum(lengths), rtol=1e-9, what="corpus TER")


@prop("agreement[ter:sacrebleu]",
      "sentence and corpus TER agree with sacrebleu's TER (case_sensitive=True, no normalisation)", kind="agreement",
      needs=("sentence_ter", "corpus_ter"), reference="sacrebleu",
      strategy=with_edges(st.lists(sentence.filter(lambda s: any(s[0])), min_size=1, max_size=4),
                          _ascii(_TER_CORPORA)))
def ter_agrees_with_sacrebleu(t, pairs):
    lib = reference("sacrebleu")
    refs, hyps = columns(pairs)
    expect_close(t.sentence_ter(refs[0], hyps[0]), lib.sentence_ter(refs[0], hyps[0]), rtol=1e-12, what="sentence TER")
    expect_close(t.corpus_ter(refs, hyps), lib.corpus_ter(refs, hyps), rtol=1e-12, what="corpus TER")


def _ter_empty_references(t, ex, corpus_level: bool):
    n, hyp = ex
    if corpus_level:
        expect_refusal_or_declared(t, lambda: t.corpus_ter([[[]] * n], [hyp]), "undefined", "corpus_ter",
                                   "list_of_references", what="corpus_ter with empty references")
    else:
        expect_refusal_or_declared(t, lambda: t.sentence_ter([[]] * n, hyp), "undefined", "sentence_ter", "references",
                                   what="sentence_ter with empty references")


for _name in ("sentence_ter", "corpus_ter"):
    prop(f"undefined[{_name}:empty_references]",
         f"{_name} with every reference empty is refused (TER divides by the mean reference length)",
         kind="undefined", needs=(_name,), strategy=st.tuples(st.integers(1, 3), tokens))(
        functools.partial(_ter_empty_references, corpus_level=_name == "corpus_ter"))


# ================================================================ SQuAD exact match and token F1


def _squad_tokens(text):
    """SQuAD v1.1's normalised answer as tokens: lowercase, drop punctuation, drop a/an/the words."""
    kept = "".join(ch for ch in text.lower() if ch not in _PUNCTUATION)
    return [w for w in kept.split() if w not in ("a", "an", "the")]


_PUNCTUATION = frozenset('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~')


def _squad_f1_oracle(golds, hyp):
    predicted = _squad_tokens(hyp)
    best = 0.0
    for gold in golds:
        gold_tokens = _squad_tokens(gold)
        common = sum((Counter(gold_tokens) & Counter(predicted)).values())
        if common:
            best = max(best, _f1(common / len(predicted), common / len(gold_tokens)))
    return best


@prop("definition[exact_match]",
      "exact_match is 1 iff the SQuAD-normalised hypothesis equals some normalised reference (computed in the spec)",
      kind="relation", needs=("exact_match",), defines=("exact_match",), strategy=phrase_sentence)
def exact_match_definition(t, ex):
    refs, hyp = ex
    expected = float(any(_squad_tokens(hyp) == _squad_tokens(r) for r in refs))
    expect(t.exact_match(refs, hyp) == expected,
           f"exact_match({refs!r}, {hyp!r}) = {t.exact_match(refs, hyp)!r}, but should be {expected}")


@prop("definition[squad_f1]",
      "squad_f1 = the best token F1 against any normalised reference, 0 when nothing is in common (SQuAD v1.1)",
      kind="relation", needs=("squad_f1",), defines=("squad_f1",), strategy=phrase_sentence)
def squad_f1_definition(t, ex):
    refs, hyp = ex
    expect_close(t.squad_f1(refs, hyp), _squad_f1_oracle(refs, hyp), rtol=1e-12, what="squad_f1")


@prop("relation[squad_f1:at_least_exact_match]",
      "squad_f1 >= exact_match wherever the hypothesis keeps a token after normalisation", kind="relation",
      needs=("squad_f1", "exact_match"), strategy=phrase_sentence)
def squad_f1_at_least_exact_match(t, ex):
    refs, hyp = ex
    if _squad_tokens(hyp):
        expect_le(t.exact_match(refs, hyp), t.squad_f1(refs, hyp), what="exact_match vs squad_f1")


@prop("undefined[squad_f1:empty_answers]",
      "an answer and a gold answer that both normalise to nothing: exact_match 1, squad_f1 0 (v1.1's 0/0)",
      kind="undefined", needs=("squad_f1", "exact_match"),
      strategy=st.tuples(st.sampled_from(("", "the", "a .", " An ")), st.sampled_from(("", ".", "the a", "A"))))
def squad_empty_answers(t, ex):
    gold, hyp = ex
    expect(t.exact_match([gold], hyp) == 1.0, f"exact_match([{gold!r}], {hyp!r}) = {t.exact_match([gold], hyp)!r}, "
           "but should be 1 (both normalise to the empty string)")
    expect(t.squad_f1([gold], hyp) == 0.0, f"squad_f1([{gold!r}], {hyp!r}) = {t.squad_f1([gold], hyp)!r}, but "
           "should be 0 (SQuAD v1.1: no common token)")


# ================================================================ integer token ids

#: metric -> (the keywords its calls pass, whether references must be non-empty, the calls on sentence pairs)
_ID_CALLS = {
    "edit_distance": ((), False, lambda t, pairs: [t.edit_distance(*pairs[0])]),
    "wer": ((), True, lambda t, pairs: [t.wer(*pairs[0])]),
    "corpus_wer": ((), True, lambda t, pairs: [t.corpus_wer(*columns(pairs))]),
    "sentence_bleu": (("max_n",), False, lambda t, pairs: [
        t.sentence_bleu([r for r, _ in pairs], pairs[0][1], max_n=n) for n in (1, 2)]),
    "corpus_bleu": (("max_n",), False, lambda t, pairs: [
        t.corpus_bleu([[r] for r, _ in pairs], [h for _, h in pairs], max_n=n) for n in (1, 2)]),
    "rouge_n": (("n",), False, lambda t, pairs: [v for n in (1, 2) for v in t.rouge_n([pairs[0][0]], pairs[0][1], n=n)]),
    "rouge_l": ((), False, lambda t, pairs: list(t.rouge_l([pairs[0][0]], pairs[0][1]))),
    "meteor": ((), False, lambda t, pairs: [t.meteor([r for r, _ in pairs], pairs[0][1])]),
    # two segments at least: one segment scores 0 whatever its tokens
    **{name: ((), False, functools.partial(lambda t, pairs, name: list(getattr(t, name)(
        [[r] for r, _ in pairs] * 2, [h for _, h in pairs] * 2)[1]), name=name)) for name in ("cider", "cider_d")},
}


def _integer_token_ids(t, pairs, name: str):
    call = _ID_CALLS[name][2]
    words = list(zip(*[iter(as_words(*(seq for pair in pairs for seq in pair)))] * 2))
    expect_close(call(t, pairs), call(t, words), rtol=1e-12, atol=1e-15,
                 what=f"{name} on integer token ids vs on the same sequences with each id renamed to a word")


for _name, (_keywords, _nonempty, _) in _ID_CALLS.items():
    prop(f"integer_token_ids[{_name}]",
         f"{_name} compares tokens by equality only: on integer token ids (negative, beyond 2**61 and 2**64, ids that "
         "share a Python hash, a residue mod 2**16 or 2**32, or a float64 or int64 image) it equals its value on the "
         "same sequences with each id renamed to a distinct word", kind="invariance",
         needs=(_name, *(f"{_name}:{k}" for k in _keywords)),
         # the first pair holds an id: an example of empty sequences says nothing about integer tokens
         strategy=st.lists(id_sequence_pair(min_size=int(_nonempty)), min_size=1, max_size=3).filter(
             lambda pairs: pairs[0][0] or pairs[0][1]))(
        functools.partial(_integer_token_ids, name=_name))


# ================================================================ claims from the seeds


@prop("claim.seed003.wer.example_1", "seed 003 prints wer(['A','B','C'], ['A','A','C']) = 0.3333333333333333", kind="claim",
      needs=("wer",), source="seed 003, Word Error Rate (cell 3)", quote="0.3333333333333333")
def _(t, ex):
    expect_printed(t.wer(["A", "B", "C"], ["A", "A", "C"]), "0.3333333333333333", what="wer")


@prop("claim.seed003.wer.example_2", "seed 003 prints wer(['A','B','C','D'], ['A','A','C','D']) = 0.25", kind="claim",
      needs=("wer",), source="seed 003, Word Error Rate (cell 4)", quote="0.25")
def _(t, ex):
    expect_printed(t.wer(["A", "B", "C", "D"], ["A", "A", "C", "D"]), "0.25", what="wer")


@prop("claim.seed000.wer.unbounded_above", "WER lies in [0, inf): never negative, and insertions push it past any bound",
      kind="claim", needs=("wer",), source="seed 000, Word error rate, Bounds",
      quote="$[0, \\infty)$, where 0 is best.",
      strategy=st.tuples(nonempty_tokens, st.integers(1, 3)))
def _(t, ex):
    ref, factor = ex
    extra = ["the"] * (factor * len(ref) + 1)
    w = t.wer(ref, list(ref) + extra)
    expect(w >= 0, f"wer is negative: {w}")
    expect(w > factor, f"wer with {len(extra)} insertions is {w}, not above {factor}")


@prop("claim.seed000.corpus_wer.pooled", "corpus WER normalises the summed edit distances by the summed reference lengths",
      kind="claim", needs=("corpus_wer", "edit_distance"), source="seed 000, Word error rate",
      quote="normalizes these by the length of all the gold examples, rather than normalizing each case",
      strategy=wer_pairs)
def _(t, pairs):
    dists = sum(t.edit_distance(r, h) for r, h in pairs)
    expect_close(t.corpus_wer(*columns(pairs)), dists / sum(len(r) for r, _ in pairs),
                 what="corpus_wer")


@prop("claim.seed000.bleu.bounds", "BLEU lies in [0, 1], 1 being the best", kind="claim",
      needs=("sentence_bleu", "corpus_bleu"), source="seed 000, BLEU scores, Bounds",
      quote="[0, 1], with 1 being the best", strategy=corpus)
def _(t, pairs):
    expect_in_range(t.sentence_bleu(*pairs[0]), 0.0, 1.0, what="sentence BLEU")
    expect_in_range(t.corpus_bleu(*columns(pairs)), 0.0, 1.0, what="corpus BLEU")


@st.composite
def _prefix_case(draw):
    ref = draw(st.lists(st.sampled_from(WORDS), min_size=8, max_size=12))
    k = draw(st.integers(len(ref) // 2 + 1, len(ref) - 1))
    return ref, ref[:k]


@prop("claim.seed000.bleu.brevity_r_as_smallest_difference",
      "with r = the smallest |c - len(ref)|, BP = 1 when c > r: a prefix longer than half its reference scores 1",
      kind="claim", needs=("sentence_bleu",), source="seed 000 (and seed 002), BLEU scores, Brevity penalty",
      quote="$r$ the smallest absolute difference between the length of $c$ and the length of any of its gold outputs in $Y$",
      strategy=_prefix_case())
def _(t, ex):
    ref, hyp = ex
    # every n-gram of a prefix is in the reference; the seed's r = len(ref) - c < c gives BP = 1
    expect_close(t.sentence_bleu([ref], hyp), 1.0, what="BLEU of a long prefix (seed's BP = 1)")


@prop("claim.seed003.corpus_bleu.brevity_r_as_summed_differences",
      "corpus BP uses r = the sum of minimal |c_s - len(ref)| and c = the summed hypothesis lengths",
      kind="claim", needs=("corpus_bleu",), source="seed 003, BLEU Scores, Brevity penalty",
      quote="Let $r$ be the sum of all minimal absolute length differences between candidates and referents in the dataset",
      strategy=st.lists(_prefix_case(), min_size=1, max_size=3))
def _(t, cases):
    # prefixes: all precisions are 1, so corpus BLEU is BP alone
    c = sum(len(h) for _, h in cases)
    r = sum(len(ref) - len(h) for ref, h in cases)
    seed_bp = 1.0 if c > r else math.exp(1 - r / c)
    expect_close(t.corpus_bleu([[ref] for ref, _ in cases], [h for _, h in cases]), seed_bp, what="corpus BLEU = BP")


_MICRO_REFS = [[["a", "b", "c", "d", "a", "b"]], [["the", "cat", "a", "b"]]]
_MICRO_HYPS = [["a", "b", "c", "d", "a", "b"], ["the", "cat", "b", "a"]]


@prop("claim.seed000.corpus_bleu.micro_averaged",
      "corpus BLEU micro-averages the modified precisions, so it is not the mean of sentence BLEU",
      kind="claim", needs=("corpus_bleu:max_n", "sentence_bleu:max_n"), source="seed 000, BLEU scores",
      quote="At the corpus level, it is typical to do a kind of micro-averaging of the modified precision scores")
def _(t, ex):
    pairs = list(zip(_MICRO_REFS, _MICRO_HYPS))
    corpus_value = t.corpus_bleu(_MICRO_REFS, _MICRO_HYPS, max_n=2)
    mean = sum(t.sentence_bleu(r, h, max_n=2) for r, h in pairs) / len(pairs)
    expect_close(corpus_value, _bleu_oracle(pairs, 2), what="corpus BLEU vs pooled statistics")
    expect(abs(corpus_value - mean) > 1e-3, f"corpus BLEU {corpus_value} equals the mean of sentence BLEU {mean}")


@prop("claim.seed004.bleu.no_penalty_at_equal_length", "BP is 1 when hypothesis and reference have the same length",
      kind="claim", needs=("sentence_bleu:max_n",), source="seed 004, BLEU",
      quote="Penalty is none, i.e. 1.0, when the hypothesis sentence length is the same as the reference sentence length.",
      strategy=st.tuples(nonempty_tokens, st.randoms(use_true_random=False)))
def _(t, ex):
    ref, rnd = ex
    hyp = list(ref)
    rnd.shuffle(hyp)
    expect_close(t.sentence_bleu([ref], hyp, max_n=1), _clipped([ref], hyp, 1)[0] / len(hyp),
                 what="unigram BLEU at equal length (BP = 1)")


@prop("claim.seed004.bleu.example_p_n", "seed 004's example has p_1..p_4 = 7/9, 5/8, 3/7, 1/6", kind="claim",
      needs=("sentence_bleu:weights", "sentence_bleu:max_n"), source="seed 004, BLEU, Example",
      quote="The following table details the precision values for [1,4] n-grams.")
def _(t, ex):
    # with a one-hot weight BLEU = BP * p_n, and the seed's BP is e^(-1/9) (its own claim below)
    for n, printed in zip(range(1, 5), (7 / 9, 5 / 8, 3 / 7, 1 / 6)):
        p_n = t.sentence_bleu([SEED_REF], SEED_HYP, max_n=4, weights=_one_hot(n, 4)) / math.exp(-1 / 9)
        expect_close(p_n, printed, what=f"p_{n}")


@prop("claim.seed004.bleu.example_brevity_penalty", "seed 004's example has BP = e^(-1/9) (c = 9, r = 10)", kind="claim",
      needs=("sentence_bleu:weights", "sentence_bleu:max_n"), source="seed 004, BLEU, Example",
      quote="$$BP = e^{1-\\frac{\\ell_{ref}}{\\ell_{hyp}}} = e^{-\\frac{1}{9}}$$")
def _(t, ex):
    # a reference equal to the hypothesis with one token appended: all precisions 1, r = 10, c = 9
    bp = t.sentence_bleu([SEED_HYP + ["x"]], SEED_HYP, max_n=4)
    expect_close(bp, math.exp(-1 / 9), what="BP of a 9-token hypothesis against a 10-token reference")
    expect_close(t.sentence_bleu([SEED_REF], SEED_HYP, max_n=4, weights=_one_hot(1, 4)), math.exp(-1 / 9) * 7 / 9,
                 what="BP * p_1 on the seed's sentences")


@prop("claim.seed004.bleu.example_score", "seed 004 prints BLEU_{N=4} ~ 0.33933 for its example", kind="claim",
      needs=("sentence_bleu",), source="seed 004, BLEU, Example", quote="$BLEU_{N=4} \\approx 0.33933$")
def _(t, ex):
    expect_printed(t.sentence_bleu([SEED_REF], SEED_HYP), "0.33933", what="BLEU-4 of the seed's example")


@prop("claim.seed004.bleu.range_meaning", "BLEU = 1 means the hypothesis is exactly the reference", kind="claim",
      needs=("sentence_bleu",), source="seed 004, BLEU vs. ROGUE",
      quote="with 0 indicating full dissimilarity and 1 meaning the sentences are exactly the same",
      strategy=st.tuples(st.lists(st.sampled_from(WORDS), min_size=3, max_size=3),
                         st.lists(st.sampled_from(WORDS), min_size=1, max_size=3),
                         st.lists(st.sampled_from(WORDS), min_size=1, max_size=3)))
def _(t, ex):
    # pivot-swapped sentences p A p B p / p B p A p share every 4-gram (no 4-gram spans A and B)
    p, a, b = ex
    ref, hyp = p + a + p + b + p, p + b + p + a + p
    if t.sentence_bleu([ref], hyp) == 1.0:
        expect(hyp == ref, f"BLEU is 1 but the sentences differ: {hyp} vs {ref}")


@prop("claim.seed004.bleu.zero_meaning", "BLEU = 0 means full dissimilarity (no word in common)", kind="claim",
      needs=("sentence_bleu",), source="seed 004, BLEU vs. ROGUE",
      quote="with 0 indicating full dissimilarity and 1 meaning the sentences are exactly the same",
      strategy=sentence)
def _(t, ex):
    refs, hyp = ex
    if t.sentence_bleu(refs, hyp) == 0.0:
        shared = set(hyp) & {tok for r in refs for tok in r}
        expect(not shared, f"BLEU is 0 but the hypothesis shares {sorted(shared)} with the references")


@prop("claim.seed004.rouge.bounds", "ROUGE scores lie in [0, 1]", kind="claim", needs=("rouge_n", "rouge_l"),
      source="seed 004, ROUGE", quote="ROUGE score is computed as a scalar value in the range [0,1]", strategy=sentence)
def _(t, ex):
    refs, hyp = ex
    expect_in_range(list(t.rouge_n(refs, hyp)) + list(t.rouge_l(refs, hyp)), 0.0, 1.0, what="ROUGE")


@prop("claim.seed004.rouge_n.recall_definition", "ROUGE-N = n-grams in both / n-grams in the reference", kind="claim",
      needs=("rouge_n:n",), source="seed 004, ROUGE",
      quote="$$ROUGE - N = \\frac{Number of N-grams in both system and reference summary}{Total number of N-grams in reference summary}$$",
      strategy=st.tuples(nonempty_tokens, tokens, st.integers(1, 2)))
def _(t, ex):
    ref, hyp, n = ex
    if len(ref) < n:
        return
    both = sum((_ngrams(ref, n) & _ngrams(hyp, n)).values())
    expect_close(t.rouge_n([ref], hyp, n=n).recall, both / (len(ref) - n + 1), what="ROUGE-N recall")


@prop("claim.seed004.rouge_n.example", "seed 004's example has ROUGE-1 = 7/10 = 0.7", kind="claim", needs=("rouge_n:n",),
      source="seed 004, ROUGE, Example", quote="$$ROUGE_1 = \\frac{7}{10} = 0.7$$")
def _(t, ex):
    expect_printed(t.rouge_n([SEED_REF], SEED_HYP, n=1).recall, "0.7", what="ROUGE-1 recall")


@prop("claim.seed004.rouge_l.example", "seed 004's example has R_LCS = 7/10, P_LCS = 7/9, ROUGE_LCS = 98/133 ~ 0.73684",
      kind="claim", needs=("rouge_l",), source="seed 004, ROUGE-L, Example",
      quote="$$ROUGE_{LCS} = \\frac{98}{133} \\approx 0.73684$$")
def _(t, ex):
    s = t.rouge_l([SEED_REF], SEED_HYP)
    expect_close((s.recall, s.precision), (7 / 10, 7 / 9), what="(R_LCS, P_LCS)")
    expect_printed(s.fmeasure, "0.73684", what="ROUGE-L F1")


@prop("claim.seed004.rouge_l.example_with_beta", "seed 004's example has ROUGE_LCS = (1 + b^2) 49 / (70 + 63 b^2) for any beta",
      kind="claim", needs=("rouge_l:beta",), source="seed 004, ROUGE-L, Example",
      quote="ROUGE_{LCS} &= \\frac{(1+\\beta^2)49}{70+\\beta^263}",
      strategy=st.sampled_from((1.0, 0.5, 2.0, 3.0)))
def _(t, beta):
    expect_close(t.rouge_l([SEED_REF], SEED_HYP, beta=beta).fmeasure, (1 + beta**2) * 49 / (70 + 63 * beta**2),
                 what=f"ROUGE-L F_beta, beta={beta}")


# ================================================================ capabilities

_TOKENS = "token sequences (references first)"
CAPABILITIES = {
    "edit_distance": Capability(range=(0, None), symmetric=True, input_domain="two token sequences or two strings",
                                undefined="none: defined for empty sequences", higher_is_better=False),
    "wer": Capability(range=(0, None), symmetric=False, input_domain=_TOKENS,
                      undefined="empty reference: raises MetricInputError", higher_is_better=False),
    "corpus_wer": Capability(range=(0, None), symmetric=False, input_domain="corpus of token sequence pairs",
                             undefined="all references empty (pooled) or any empty (mean): raises",
                             averaging=("pooled", "mean"), higher_is_better=False),
    "cer": Capability(range=(0, None), symmetric=False, input_domain="strings",
                      undefined="empty reference: raises MetricInputError", higher_is_better=False),
    "corpus_cer": Capability(range=(0, None), symmetric=False, input_domain="corpus of string pairs",
                             undefined="all references empty (pooled) or any empty (mean): raises",
                             averaging=("pooled", "mean"), higher_is_better=False),
    "sentence_bleu": Capability(range=(0, 1), symmetric=False, input_domain=_TOKENS,
                                undefined="zero precision unsmoothed or no unigram match: 0.0; empty hypothesis: 0.0"),
    "corpus_bleu": Capability(range=(0, 1), symmetric=False, input_domain="corpus of reference lists and hypotheses",
                              undefined="as sentence_bleu on pooled statistics; empty corpus: raises"),
    **{name: Capability(range=(0, 1), symmetric=True, input_domain=_TOKENS if not name.startswith("corpus") else
                        "corpus of token sequence pairs", higher_is_better=name.endswith("wip"),
                        undefined="reference and hypothesis both empty (all of them, for a corpus): raises; one side "
                                  "empty: MER 1, WIP 0, WIL 1")
       for name in ("mer", "corpus_mer", "wil", "corpus_wil", "wip", "corpus_wip")},
    "sentence_chrf": Capability(range=(0, 1), symmetric=False, input_domain="a hypothesis string and its reference "
                                "strings", undefined="no effective order (empty after whitespace removal) or no "
                                "match: 0.0"),
    "corpus_chrf": Capability(range=(0, 1), symmetric=False, input_domain="corpus of hypothesis strings and their "
                              "reference strings", undefined="as sentence_chrf on summed statistics; empty corpus: "
                              "raises"),
    "sentence_ter": Capability(range=(0, None), symmetric=False, input_domain=_TOKENS, higher_is_better=False,
                               undefined="every reference empty: raises MetricInputError"),
    "corpus_ter": Capability(range=(0, None), symmetric=False, input_domain="corpus of reference lists and "
                             "hypotheses", higher_is_better=False,
                             undefined="every reference of the corpus empty, or an empty corpus: raises"),
    "exact_match": Capability(range=(0, 1), symmetric=False, input_domain="an answer string and its gold answers",
                              undefined="empty list of references: raises; answers normalising to nothing match"),
    "squad_f1": Capability(range=(0, 1), symmetric=False, input_domain="an answer string and its gold answers",
                           undefined="no common token (an answer normalising to nothing included): 0.0; empty list "
                                     "of references: raises"),
    "rouge_n": Capability(range=(0, 1), symmetric=False, input_domain=_TOKENS,
                          undefined="side shorter than n: its P or R is 0; F = 0 when P = R = 0",
                          averaging=("max", "mean")),
    "rouge_l": Capability(range=(0, 1), symmetric=False, input_domain=_TOKENS,
                          undefined="empty side: its P or R is 0; F = 0 when P = R = 0", averaging=("max", "mean")),
    "rouge_w": Capability(range=(0, 1), symmetric=False, input_domain=_TOKENS,
                          undefined="empty side: its P or R is 0; F = 0 when P = R = 0; weight < 1 refused",
                          averaging=("max", "mean")),
    "rouge_s": Capability(range=(0, 1), symmetric=False, input_domain=_TOKENS,
                          undefined="side with fewer than 2 tokens (no pair): its P or R is 0; F = 0 when P = R = 0",
                          averaging=("max", "mean")),
    "rouge_su": Capability(range=(0, 1), symmetric=False, input_domain=_TOKENS,
                           undefined="empty side: its P or R is 0; F = 0 when P = R = 0", averaging=("max", "mean")),
}


def _forms(key: str, values, **fixed) -> tuple[dict, ...]:
    return tuple({key: v, **fixed} for v in values)


_BLEU_ORDERS = _forms("max_n", MAX_NS)
#: the bounds cover every n-gram order with every smoothing
_BLEU_BOUND_FORMS = tuple(f for sm in SMOOTHINGS for f in _forms("max_n", MAX_NS, smoothing=sm))
_ROUGE_ORDERS = _forms("n", ROUGE_NS)
# a sentence metric takes one sentence pair, whose tokens are ordered, not samples (the order of
# the references is invariance[sentence_bleu:references] and invariance[rouge:reference_order])
_ONE_SENTENCE = ("permutation_invariance", "duplication_invariance")

#: how the generic properties evaluate each metric (properties/generic.py)
_GENERIC = {
    # bounds[edit_distance] above checks the tighter |len(a) - len(b)| <= d <= max(len(a), len(b))
    "edit_distance": dict(inputs=SEQUENCE_PAIRS, best=0.0, not_generic=("bounds", *_ONE_SENTENCE)),
    "wer": dict(inputs=WORD_PAIRS, best=0.0, not_generic=_ONE_SENTENCE),
    "corpus_wer": dict(inputs=WORD_CORPORA, best=0.0),
    "cer": dict(inputs=CHARACTER_PAIRS, best=0.0, not_generic=_ONE_SENTENCE),
    "corpus_cer": dict(inputs=CHARACTER_CORPORA, best=0.0),
    # every n-gram order (only the dtype property evaluates `forms` here): the default 4-gram BLEU is 0 on
    # most drawn sentences, where any conversion would trivially agree
    "sentence_bleu": dict(inputs=REFERENCED_SENTENCES, best=1.0, forms=_BLEU_ORDERS, bound_forms=_BLEU_BOUND_FORMS,
                          perfect_forms=_BLEU_ORDERS, not_generic=_ONE_SENTENCE),
    # floor smoothing keeps the score away from 0, where any sentence order would trivially agree;
    # smoothing constants do not grow with the corpus, so a doubled corpus has another smoothed score
    # streams also unsmoothed (the default: every library has it)
    "corpus_bleu": dict(inputs=REFERENCED_CORPORA, best=1.0, forms=_forms("max_n", MAX_NS, smoothing="floor"),
                        stream_forms=(*_forms("max_n", MAX_NS, smoothing="floor"), {"max_n": 4, "smoothing": "none"}),
                        bound_forms=_BLEU_BOUND_FORMS, perfect_forms=_BLEU_ORDERS,
                        not_generic=("duplication_invariance",)),
    **{name: dict(inputs=SWAPPABLE_WORD_PAIRS, best=1.0 if name == "wip" else 0.0, not_generic=_ONE_SENTENCE)
       for name in ("mer", "wil", "wip")},
    **{f"corpus_{name}": dict(inputs=WORD_CORPORA, best=1.0 if name == "wip" else 0.0) for name in ("mer", "wil", "wip")},
    # chrF++ beside chrF: word n-grams see the spaces and punctuation that character n-grams skip
    "sentence_chrf": dict(inputs=REFERENCED_TEXTS, best=1.0, forms=_forms("word_order", (0, 2)),
                          not_generic=_ONE_SENTENCE),
    # streams also under every other option: shorter character orders, chrF++ of word unigrams, a beta below 1
    # and whitespace kept (the summed statistics depend on all of them)
    "corpus_chrf": dict(inputs=REFERENCED_TEXT_CORPORA, best=1.0, forms=_forms("word_order", (0, 2)),
                        stream_forms=(*_forms("word_order", (0, 2)),
                                      {"char_order": 2, "word_order": 1, "beta": 0.5, "whitespace": True})),
    "sentence_ter": dict(inputs=REFERENCED_SENTENCES_WITH_WORDS, best=0.0, not_generic=_ONE_SENTENCE),
    "corpus_ter": dict(inputs=REFERENCED_CORPORA_WITH_WORDS, best=0.0),
    "exact_match": dict(inputs=REFERENCED_TEXTS, best=1.0, not_generic=_ONE_SENTENCE),
    "squad_f1": dict(inputs=REFERENCED_TEXTS, best=1.0, not_generic=_ONE_SENTENCE),
    "rouge_n": dict(inputs=REFERENCED_SENTENCES, best=1.0, bound_forms=_ROUGE_ORDERS, perfect_forms=_ROUGE_ORDERS,
                    not_generic=_ONE_SENTENCE),
    "rouge_l": dict(inputs=REFERENCED_SENTENCES, best=1.0, not_generic=_ONE_SENTENCE),
    "rouge_w": dict(inputs=REFERENCED_SENTENCES, best=1.0, forms=({}, {"weight": 2.0}), not_generic=_ONE_SENTENCE),
    # one token has no pair: its ROUGE-S is 0 even against itself, so no perfect value there
    "rouge_s": dict(inputs=REFERENCED_SENTENCES, forms=({}, {"max_skip": 1}), not_generic=_ONE_SENTENCE),
    "rouge_su": dict(inputs=REFERENCED_SENTENCES, best=1.0, forms=({}, {"max_skip": 1}), not_generic=_ONE_SENTENCE),
}
CAPABILITIES = {m: dataclasses.replace(cap, **_GENERIC[m]) for m, cap in CAPABILITIES.items()}
CAPABILITIES.update(_CAPTION_CAPABILITIES)
declare_parameters(CAPABILITIES, {
    **{m: {"max_n": COUNT} for m in ("sentence_bleu", "corpus_bleu", "cider")},
    **{m: {"char_order": COUNT, "word_order": NON_NEGATIVE_INTEGER, "beta": POSITIVE}
       for m in ("sentence_chrf", "corpus_chrf")},
    "rouge_n": {"n": COUNT},
    "rouge_l": {"beta": POSITIVE},
    "rouge_w": {"beta": POSITIVE, "weight": Parameter(1, integer=False)},
    **{m: {"beta": POSITIVE, "max_skip": NON_NEGATIVE_INTEGER} for m in ("rouge_s", "rouge_su")},
    "meteor": {"beta": NON_NEGATIVE},
    "cider_d": {"max_n": COUNT, "sigma": POSITIVE},
})
