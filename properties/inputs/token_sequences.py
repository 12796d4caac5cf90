"""Shared Hypothesis strategies for token sequences: hypotheses and their references.

Tokens are drawn from a small vocabulary of lowercase alphanumeric words, so
that n-grams repeat and overlap often, and so that every library's tokenizer
(sacrebleu's ``tokenize='none'``, jiwer's word splitting, rouge-score's
default tokenizer) keeps them intact: agreement is then about the metric, not
about tokenization. Strings (for the character metrics) are drawn from
``"ab c"``: spaces count as characters. Sizes stay small (10 tokens, 12
characters, 4 or 5 sentences) but reach the edges: empty hypotheses, empty
references beside non-empty ones, hypotheses that are slices of a reference.

An example is a :class:`Sentences`: sentence pairs, the reference side first.
What a *sample* is, for the generic properties (``properties/generic.py``):

* the corpus metrics (corpus WER, CER, BLEU) see each **sentence pair** as a
  sample: pairs are permuted and repeated together;
* the sentence metrics take one sentence pair, whose tokens are ordered, not
  samples: they have no permutation or duplication property (their call
  refuses an example of several sentences, so a forgotten ``not_generic``
  fails loudly).
"""

from __future__ import annotations

import dataclasses
import functools

from hypothesis import strategies as st

from . import SKIP, InputShape, Recast, edges_of, mapped_edges, with_edges

WORDS = ("a", "b", "c", "d", "the", "cat")

tokens = st.lists(st.sampled_from(WORDS), max_size=10)
nonempty_tokens = st.lists(st.sampled_from(WORDS), min_size=1, max_size=10)
references = st.lists(tokens, min_size=1, max_size=3)
texts = st.text(alphabet="ab c", max_size=12)
nonempty_texts = st.text(alphabet="ab c", min_size=1, max_size=12)
#: whitespace-free text: every target splits it into characters alike
words_texts = st.text(alphabet="abc", max_size=12)
nonempty_words_texts = st.text(alphabet="abc", min_size=1, max_size=12)
#: (reference, hypothesis) token pairs with non-empty references: WER is defined on every sentence
wer_pairs = st.lists(st.tuples(nonempty_tokens, tokens), min_size=1, max_size=5)


#: integer token ids (the catalog takes tokens as hashables: ints are vocabulary ids), in pairs that a library keying
#: its counts by something other than equality confuses: Python's hash (hash(-1) == hash(-2), hash(x) ==
#: hash(x + 2**61 - 1)), residues mod 2**16 and 2**32 (a small hash table), float64 (2**53 + 1 rounds to 2**53),
#: int64 (2**64 + 5 wraps to 5, 2**63 to -2**63)
COLLIDING_IDS = ((-1, -2), (0, 2**61 - 1), (1, 2**61), (2, 2**61 + 1), (3, 2**16 + 3), (4, 2**32 + 4),
                 (2**53, 2**53 + 1), (5, 2**64 + 5), (-(2**63), 2**63))
TOKEN_IDS = tuple(i for pair in COLLIDING_IDS for i in pair)
_PARTNER = {a: b for pair in COLLIDING_IDS for a, b in (pair, pair[::-1])}


@st.composite
def id_sequence_pair(draw, min_size: int = 0, max_size: int = 8):
    """(reference, hypothesis) of integer token ids: the hypothesis is the reference with each id kept, replaced by
    its colliding partner or by any id, then maybe extended: n-grams match, and nearly match, often."""
    ref = draw(st.lists(st.sampled_from(TOKEN_IDS), min_size=min_size, max_size=max_size))
    hyp = [tok if how == 0 else _PARTNER[tok] if how == 1 else other
           for tok, how, other in zip(ref, draw(st.lists(st.sampled_from((0, 0, 1, 2)), min_size=len(ref),
                                                        max_size=len(ref))),
                                      draw(st.lists(st.sampled_from(TOKEN_IDS), min_size=len(ref), max_size=len(ref))))]
    return ref, hyp + draw(st.lists(st.sampled_from(TOKEN_IDS), max_size=2))


def as_words(*sequences):
    """The sequences with each distinct token renamed to a distinct word ``w0, w1, ...`` (nested lists kept)."""
    flat = sorted({tok for seq in sequences for tok in _flatten(seq)}, key=repr)
    names = {tok: f"w{i}" for i, tok in enumerate(flat)}

    def rename(seq):
        return [rename(x) if isinstance(x, list) else names[x] for x in seq]

    return tuple(rename(seq) for seq in sequences)


def _flatten(seq):
    for x in seq:
        if isinstance(x, list):
            yield from _flatten(x)
        else:
            yield x


def long_enough(n: int):
    """Token lists of at least ``n`` tokens (every n-gram order up to n is present)."""
    return st.lists(st.sampled_from(WORDS), min_size=n, max_size=10)


@st.composite
def _sentence_pair(draw, reference_lists=references, hypotheses=tokens):
    """(references, hypothesis); half the time the hypothesis is a slice of the first reference,
    to reach the all-precisions-high region (short slices: BP < 1 with perfect precision)."""
    refs = draw(reference_lists)
    if draw(st.booleans()):
        ref = refs[0]
        start = draw(st.integers(0, len(ref)))
        return refs, ref[start : draw(st.integers(start, len(ref)))]
    return refs, draw(hypotheses)


sentence = _sentence_pair()
corpus = st.lists(_sentence_pair(), min_size=1, max_size=4)


@st.composite
def _balanced_references(draw):
    """(references, hypothesis) whose references tie, for the multi-reference order invariances: one to three
    slices of the hypothesis of different lengths, shorter than it (ROUGE-N and ROUGE-L recall 1 each,
    precisions different: references of equal recall), and either the hypothesis extended by as many tokens
    as the longest slice lacks (two reference lengths at equal distance from the hypothesis's: BLEU's closest
    reference tie) or the hypothesis itself (recall 1 and F 1), in a drawn order, a quarter of the time
    beside a drawn reference. A policy that picks a reference by recall, or breaks a tie by position, then
    depends on the order of the references; :data:`sentence` reaches that rarely (two references of equal
    recall come from independent draws)."""
    hyp = draw(st.lists(st.sampled_from(WORDS), min_size=2, max_size=8))
    lengths = draw(st.lists(st.integers(1, len(hyp) - 1), min_size=1, max_size=3, unique=True))
    refs = []
    for n in lengths:
        start = draw(st.integers(0, len(hyp) - n))
        refs.append(hyp[start:start + n])
    gap = len(hyp) - max(lengths)  # the distance of the longest slice from the hypothesis's length
    if draw(st.booleans()):  # a reference as much longer than the hypothesis: a tie of closest lengths
        refs.append(hyp + draw(st.lists(st.sampled_from(WORDS), min_size=gap, max_size=gap)))
    else:  # the hypothesis itself: recall 1 as every slice, and F 1
        refs.append(list(hyp))
    if draw(st.integers(0, 3)) == 0:
        refs.append(draw(tokens))
    return list(draw(st.permutations(refs))), hyp


balanced_references = _balanced_references()


# ------------------------------------------------------------------ edge cases

#: a word the vocabulary never draws, in three scripts: precomposed Latin (two UTF-8 bytes a character), CJK
#: (three) and an emoji (four): a library that counts bytes, or keeps only ASCII, miscounts them
UNICODE_WORDS = ("café", "naïve", "猫", "🙂")


def token_pair_edges(*, nonempty_reference: bool = False) -> tuple:
    """(reference, hypothesis) token lists that break sequence metrics: the hypothesis identical to the
    reference, an empty hypothesis, a single token, one token repeated (a clipped count), a hypothesis
    longer than the reference (insertions: WER above 1), every token the same on both sides, a bigram
    repeated (n-gram counts above 1 at every order), unicode tokens beside their ASCII look-alikes,
    and integer token ids (negative, beyond 2**61; tokens are any hashables). With
    ``nonempty_reference``, none whose reference is empty (WER divides by its length)."""
    edges = [
        ("identical", (["the", "cat", "a", "b"], ["the", "cat", "a", "b"])),
        ("empty_hypothesis", (["the", "cat"], [])),
        ("empty_both", ([], [])),
        ("single_token", (["cat"], ["cat"])),
        ("repeated_tokens", (["the", "cat"], ["the"] * 6)),
        ("hypothesis_longer", (["a"], ["a", "b", "c", "d", "the"])),
        ("all_one_token", (["a", "a", "a"], ["a", "a"])),
        ("repeated_bigrams", (["the", "cat", "a", "the", "cat"], ["the", "cat", "the", "cat", "the", "cat"])),
        ("unicode_tokens", (["café", "猫", "naïve"], ["cafe", "猫", "🙂"])),
        ("integer_token_ids", ([-1, 2**61, 7, -(2**63)], [-2, 2**61, 7, 2**64 + 5])),
    ]
    return tuple((n, (list(r), list(h))) for n, (r, h) in edges if r or not nonempty_reference)


def text_pair_edges(*, nonempty_reference: bool = False) -> tuple:
    """(reference, hypothesis) strings that break character metrics: identical, an empty hypothesis, a
    single character, a hypothesis longer than the reference, spaces only, and unicode characters
    (precomposed accents, CJK, an emoji) against their ASCII look-alikes: one character each, several
    UTF-8 bytes."""
    edges = [
        ("identical_text", ("ab c", "ab c")),
        ("empty_hypothesis_text", ("abc", "")),
        ("empty_both_text", ("", "")),
        ("single_character", ("a", "b")),
        ("hypothesis_longer_text", ("a", "a bc ab")),
        ("spaces_only", ("  ", " ")),
        ("unicode_text", ("café 猫", "cafe 🙂")),
    ]
    return tuple(e for e in edges if e[1][0] or not nonempty_reference)


def sentence_edges() -> tuple:
    """(references, hypothesis) that break BLEU and ROUGE: the hypothesis identical to its one reference,
    an empty hypothesis, a single token (shorter than every n-gram order above 1), one token repeated
    (clipped to its count in the references), a hypothesis longer than every reference and one shorter
    than every reference (the brevity penalty), one exactly as long as the closest reference (the
    boundary c = r) and one between two references of different lengths at equal distance (the tie goes
    to the shorter), a bigram repeated beyond its count in every reference, two references of equal length
    (one closest reference length, two n-gram sources), two references of equal recall and different
    precision (ROUGE's 'max' takes the better F: 1.0, not the first reference's 0.67), unicode tokens, and
    integer token ids."""
    return (
        ("identical_to_reference", ([["the", "cat", "a", "b"]], ["the", "cat", "a", "b"])),
        ("empty_hypothesis", ([["the", "cat"], ["a"]], [])),
        ("single_token", ([["the", "cat", "a"]], ["cat"])),
        ("repeated_tokens_clipped", ([["the", "cat", "the"], ["a", "the"]], ["the"] * 7)),
        ("longer_than_every_reference", ([["a", "b"], ["a", "b", "c"]], ["a", "b", "c", "d", "the", "cat", "a"])),
        ("shorter_than_every_reference", ([["the", "cat", "a", "b", "c"], ["a", "b", "c", "d", "the", "cat"]],
                                          ["a", "b", "c"])),
        ("length_equal_to_closest_reference", ([["a", "b", "c", "d"], ["the", "cat"]], ["a", "b", "c", "the"])),
        ("between_references_of_different_lengths", ([["a", "b", "c"], ["a", "b", "c", "d", "the"]],
                                                      ["a", "b", "c", "cat"])),
        ("repeated_bigrams", ([["the", "cat", "a", "the", "cat"], ["the", "cat"]],
                              ["the", "cat", "the", "cat", "the", "cat"])),
        ("references_of_equal_length", ([["a", "b", "c"], ["the", "cat", "d"]], ["a", "cat", "c", "d"])),
        ("references_of_equal_recall", ([["a"], ["a", "b"]], ["a", "b"])),
        ("unicode_tokens", ([["café", "猫", "naïve", "🙂"]], ["café", "猫", "naive", "🙂"])),
        ("integer_token_ids", ([[-1, 2**61, 7, 8], [2**64 + 5, 7]], [-2, 2**61, 7, 8, 5])),
    )


def _copied(pair):
    refs, hyp = pair
    return [list(r) for r in refs], list(hyp)


def _edge_sentences(edges, *, perfect: bool = False) -> tuple:
    """Edge pairs as one-sentence :class:`Sentences` examples."""
    return tuple((name, Sentences.of([pair], perfect=perfect)) for name, pair in edges)


def _edge_corpora(edges, *, perfect: bool = False) -> tuple:
    """Edge pairs as corpora: every pair alone, and all of them together (``whole_corpus``)."""
    pairs = [pair for _, pair in edges]
    return (*_edge_sentences(edges, perfect=perfect), ("whole_corpus", Sentences.of(pairs, perfect=perfect)))


def _identical(edges, *, strings: bool = False) -> tuple:
    """The edge pairs made perfect: each hypothesis its reference (none empty where ``strings`` is false
    and the reference is empty: the same as a drawn perfect example)."""
    return tuple((f"{name}_perfect", (r, r[:] if not strings else r)) for name, (r, _) in edges if r)


def _perfect_sentence_edges() -> tuple:
    """(references, hypothesis): the hypothesis one of the references, beside others of other lengths."""
    return tuple((f"{name}_perfect", ([list(r) for r in refs] + [list(hyp)], list(hyp)))
                 for name, (refs, hyp) in sentence_edges() if hyp)


def pair_corpus_edges(edges) -> tuple:
    """(reference, hypothesis) edge pairs as corpora (lists of pairs): each pair alone, and all of them together
    (``whole_corpus``)."""
    pairs = [(name, (list(r), list(h)) if isinstance(r, list) else (r, h)) for name, (r, h) in edges]
    return (*((name, [pair]) for name, pair in pairs), ("whole_corpus", [pair for _, pair in pairs]))


with_edges(wer_pairs, pair_corpus_edges(token_pair_edges(nonempty_reference=True)))

#: the family's (reference, hypothesis) strategies, carrying their edge cases
token_pairs = with_edges(st.tuples(tokens, tokens), token_pair_edges())
word_pairs = with_edges(st.tuples(nonempty_tokens, tokens), token_pair_edges(nonempty_reference=True))
text_pairs = with_edges(st.tuples(nonempty_texts, texts), text_pair_edges(nonempty_reference=True))
with_edges(sentence, mapped_edges(sentence_edges(), _copied))

with_edges(corpus, (*mapped_edges(sentence_edges(), lambda pair: [_copied(pair)]),
                    ("whole_corpus", [_copied(pair) for _, pair in sentence_edges()])))


def reordered_reference_edges() -> tuple:
    """((references, hypothesis), the references reversed) of each edge of :func:`sentence_edges` with two
    or more references: the examples of the reference-order invariances."""
    return tuple((name, ((refs, hyp), refs[::-1])) for name, (refs, hyp) in mapped_edges(sentence_edges(), _copied)
                 if len(refs) >= 2)


#: ((references, hypothesis), the references permuted): a drawn sentence half the time and
#: :data:`balanced_references` the other half (references of equal recall and lengths at equal distance,
#: where an order-dependent policy shows), with the edges of :func:`reordered_reference_edges`
reordered_references = with_edges(
    st.one_of(sentence, balanced_references).flatmap(lambda s: st.tuples(st.just(s), st.permutations(s[0]))),
    reordered_reference_edges())


def columns(pairs) -> tuple[list, list]:
    """(references, hypotheses) of a list of (reference side, hypothesis) pairs."""
    return [r for r, _ in pairs], [h for _, h in pairs]


@dataclasses.dataclass(frozen=True)
class Sentences:
    """Sentence pairs: ``references[i]`` is sentence i's reference (a token list or a string) or,
    for BLEU and ROUGE, the list of its references; ``hypotheses[i]`` is its hypothesis."""

    references: tuple
    hypotheses: tuple
    #: drawn as a perfect example: every hypothesis is (one of) its reference(s)
    perfect: bool = False

    @classmethod
    def of(cls, pairs, *, perfect: bool = False) -> Sentences:
        refs, hyps = columns(pairs)
        return cls(tuple(refs), tuple(hyps), perfect)


# ------------------------------------------------------------------ calls and sample operations


def _take(ex: Sentences, idx) -> Sentences:
    return Sentences(tuple(ex.references[i] for i in idx), tuple(ex.hypotheses[i] for i in idx))


def _too_short(ex: Sentences, kw: dict) -> bool:
    """A perfect hypothesis shorter than the n-gram order has no n-gram of that order to match:
    BLEU and ROUGE-N are 0 there, not their best value, so that form is skipped."""
    order = kw.get("max_n", kw.get("n"))
    return ex.perfect and order is not None and order > min(map(len, ex.hypotheses))


def _call_sentence(t, name: str, ex: Sentences, **kw):
    (reference,), (hypothesis,) = ex.references, ex.hypotheses  # one sentence, never a corpus
    return SKIP if _too_short(ex, kw) else getattr(t, name)(reference, hypothesis, **kw)


def _call_corpus(t, name: str, ex: Sentences, **kw):
    return SKIP if _too_short(ex, kw) else getattr(t, name)(list(ex.references), list(ex.hypotheses), **kw)


def _swap(ex: Sentences) -> Sentences:
    return Sentences(ex.hypotheses, ex.references)


# ------------------------------------------------------------------ bad input

#: one sentence's defects: (reference side, hypothesis) -> (bad reference side, bad hypothesis, argument at fault)
SENTENCE_DEFECTS = {
    "number_hypothesis": lambda r, h: (r, 7, "hypothesis"),
    "number_reference": lambda r, h: (7, h, "reference"),
    "none_reference": lambda r, h: (None, h, "reference"),
    # the reference as a token list: beside a non-string, a string reference is refused (and named) first
    "number_hypothesis_after_tokens": lambda r, h: (list(r), 7, "hypothesis"),
    "string_reference": lambda r, h: (" ".join(r), h, "reference"),
    "string_hypothesis": lambda r, h: (r, " ".join(h), "hypothesis"),
    "tokens_reference": lambda r, h: (list(r), h, "reference"),
    "tokens_hypothesis": lambda r, h: (r, list(h), "hypothesis"),
    # the first reference's tokens where the list of references is expected (empty: no reference at all)
    "unnested_references": lambda refs, h: (refs[0], h, "references"),
    "no_reference": lambda refs, h: ([], h, "references"),
}

#: a corpus's defects: (references, hypotheses) -> (bad references, bad hypotheses, argument at fault or None)
CORPUS_DEFECTS = {
    "extra_hypothesis": lambda refs, hyps: (refs, hyps + hyps[:1], "hypotheses"),
    "missing_hypothesis": lambda refs, hyps: (refs, hyps[:-1], "hypotheses"),
    "empty": lambda refs, hyps: ([], [], None),
    "number_hypothesis": lambda refs, hyps: (refs, hyps[:-1] + [7], "hypotheses"),
    "tokens_hypothesis": lambda refs, hyps: (refs, hyps[:-1] + [list(hyps[-1])], "hypotheses"),
    "tokens_reference": lambda refs, hyps: (refs[:-1] + [list(refs[-1])], hyps, "references"),
    # each sentence's first reference where its list of references is expected
    "unnested_references": lambda refs, hyps: ([r[0] for r in refs], hyps, "list_of_references"),
}


#: each defect's name in a finding class (the argument at fault is not part of it): what the bad value is
DEFECT_NAMES = {
    "number_hypothesis": "number",
    "number_reference": "number",
    "none_reference": "none",
    "number_hypothesis_after_tokens": "number_after_tokens",
    "string_reference": "string",
    "string_hypothesis": "string",
    "tokens_reference": "tokens",
    "tokens_hypothesis": "tokens",
    "unnested_references": "unnested",
    "no_reference": "empty",
    "extra_hypothesis": "length_mismatch",
    "missing_hypothesis": "length_mismatch",
    "empty": "empty",
}


def _bad(examples, defects: tuple[str, ...], *, corpus_level: bool):
    """(example, argument at fault or None, defect): one of the named defects applied to a drawn example;
    ``defect`` is its :data:`DEFECT_NAMES` name."""
    table = CORPUS_DEFECTS if corpus_level else SENTENCE_DEFECTS
    return st.tuples(examples, st.sampled_from([(table[d], DEFECT_NAMES[d]) for d in defects])).map(
        lambda e: _broken(e[0], *e[1], corpus_level=corpus_level))


def _broken(ex: Sentences, defect, name: str, *, corpus_level: bool) -> tuple[Sentences, str | None, str]:
    if corpus_level:
        refs, hyps, argument = defect(list(ex.references), list(ex.hypotheses))
        return Sentences(tuple(refs), tuple(hyps)), argument, name
    reference, hypothesis, argument = defect(ex.references[0], ex.hypotheses[0])
    return Sentences((reference,), (hypothesis,)), argument, name


# ------------------------------------------------------------------ the shapes, for the generic properties


def _as_tuples(side):
    """Every token sequence of one side (a token list, or a list of them) as a tuple; strings stay."""
    if isinstance(side, str):
        return side
    if side and all(isinstance(item, (list, tuple)) for item in side):
        return [tuple(item) for item in side]  # a list of references: the container stays a list
    return tuple(side)


def _recast_tokens(ex: Sentences, *, names: str) -> list[Recast]:
    """Token sequences as tuples instead of lists (containers stay lists); an example of strings has no
    other form that makes sense, so it offers none."""
    if all(isinstance(side, str) for side in (*ex.references, *ex.hypotheses)):
        return []
    converted = Sentences(tuple(_as_tuples(r) for r in ex.references), tuple(_as_tuples(h) for h in ex.hypotheses),
                          ex.perfect)
    return [Recast(f"{names} as tuples", converted, versus="lists")]


def _shape(name: str, examples, perfect, defects: tuple[str, ...], *, corpus_level: bool, swap: bool = False,
           tokens: str | None = None, edges=(), perfect_edges=()) -> InputShape:
    """The shape; ``edges`` and ``perfect_edges`` (``(name, Sentences)``) are the edge cases its examples and its
    perfect examples carry."""
    with_edges(examples, edges)
    with_edges(perfect, perfect_edges)
    return InputShape(
        name=name,
        examples=lambda metric: examples,
        size=lambda ex: len(ex.hypotheses),
        take=_take,
        call=_call_corpus if corpus_level else _call_sentence,
        swap=_swap if swap else None,
        perfect=lambda metric: perfect,
        bad=lambda metric: _bad(examples, defects, corpus_level=corpus_level),
        recast=None if tokens is None else functools.partial(_recast_tokens, names=tokens),
        dtypes="token sequences as tuples instead of lists",
    )


def _one(pairs, *, perfect: bool = False):
    return pairs.map(lambda pair: Sentences.of([pair], perfect=perfect))


def _many(pair_lists, *, perfect: bool = False):
    return pair_lists.map(lambda pairs: Sentences.of(pairs, perfect=perfect))


def _some_reference(pairs) -> bool:
    return any(r for r, _ in pairs)


def _same(values):
    """(x, copy of x) pairs: a hypothesis equal to its reference."""
    return values.map(lambda x: (x, x[:]))


def _pair_corpora(name: str, items, nonempty_items, defects: tuple[str, ...], tokens: str | None = None, *,
                  edges=()) -> InputShape:
    """Corpora of (reference, hypothesis) pairs of ``items``: 1..5 sentences with non-empty references,
    or 1..4 with some empty references (never all: the pooled rate divides by their total length).
    ``edges``: (reference, hypothesis) edge pairs with non-empty references, each a corpus of its own and
    all of them one corpus."""
    some_empty = st.lists(st.tuples(items, items), min_size=1, max_size=4).filter(_some_reference)
    examples = st.one_of(st.lists(st.tuples(nonempty_items, items), min_size=1, max_size=5), some_empty)
    perfect = st.lists(_same(items), min_size=1, max_size=5).filter(_some_reference)
    strings = tokens is None
    return _shape(name, _many(examples), _many(perfect, perfect=True),
                  ("extra_hypothesis", "missing_hypothesis", "empty", *defects), corpus_level=True, tokens=tokens,
                  edges=_edge_corpora(edges), perfect_edges=_edge_corpora(_identical(edges, strings=strings),
                                                                          perfect=True))


@st.composite
def _perfect_sentence(draw):
    """(references, h): h alone, or among up to 3 other references at any position."""
    refs, h = draw(st.lists(tokens, max_size=3)), draw(nonempty_tokens)
    at = draw(st.integers(0, len(refs)))
    return refs[:at] + [list(h)] + refs[at:], h


#: edit distance: two token lists or two strings
SEQUENCE_PAIRS = _shape(
    "two token sequences or two strings",
    _one(st.one_of(st.tuples(tokens, tokens), st.tuples(texts, texts))),
    _one(_same(st.one_of(tokens, texts)), perfect=True),
    ("none_reference", "number_reference", "number_hypothesis_after_tokens"),
    corpus_level=False, swap=True, tokens="reference, hypothesis",
    edges=_edge_sentences(token_pair_edges() + text_pair_edges()),
    perfect_edges=_edge_sentences(_identical(token_pair_edges()) + _identical(text_pair_edges(), strings=True),
                                  perfect=True))

#: WER: a non-empty reference token list and a hypothesis token list
WORD_PAIRS = _shape(
    "a reference and a hypothesis token list",
    _one(st.tuples(nonempty_tokens, tokens)),
    _one(_same(nonempty_tokens), perfect=True),
    ("number_hypothesis", "number_reference", "string_reference", "string_hypothesis"),
    corpus_level=False, tokens="reference, hypothesis",
    edges=_edge_sentences(token_pair_edges(nonempty_reference=True)),
    perfect_edges=_edge_sentences(_identical(token_pair_edges()), perfect=True))

#: CER: a non-empty reference string and a hypothesis string
CHARACTER_PAIRS = _shape(
    "a reference and a hypothesis string",
    _one(st.tuples(nonempty_texts, texts)),
    _one(_same(nonempty_texts), perfect=True),
    ("tokens_reference", "tokens_hypothesis", "number_hypothesis"),
    corpus_level=False,
    edges=_edge_sentences(text_pair_edges(nonempty_reference=True)),
    perfect_edges=_edge_sentences(_identical(text_pair_edges(), strings=True), perfect=True))

def _referenced_sentences(name: str, sentences, extra_edges=()) -> InputShape:
    """One hypothesis token list and its list of references, drawn by ``sentences``; the edge cases of
    :func:`sentence_edges` and ``extra_edges``."""
    return _shape(
        name,
        _one(sentences),
        _one(_perfect_sentence(), perfect=True),
        ("unnested_references", "no_reference", "number_hypothesis", "string_hypothesis"),
        corpus_level=False, tokens="references, hypothesis",
        edges=_edge_sentences(mapped_edges(sentence_edges() + tuple(extra_edges), _copied)),
        perfect_edges=_edge_sentences(_perfect_sentence_edges(), perfect=True))


#: BLEU and ROUGE of one sentence: a hypothesis and its list of references
REFERENCED_SENTENCES = _referenced_sentences("a hypothesis token list and its list of references", sentence)

#: corpus WER: reference and hypothesis token lists, sentence by sentence
WORD_CORPORA = _pair_corpora("a corpus of reference and hypothesis token lists", tokens, nonempty_tokens,
                             ("number_hypothesis",), tokens="references, hypotheses",
                             edges=token_pair_edges(nonempty_reference=True))

#: corpus CER: reference and hypothesis strings, sentence by sentence
CHARACTER_CORPORA = _pair_corpora("a corpus of reference and hypothesis strings", texts, nonempty_texts,
                                  ("tokens_hypothesis", "tokens_reference"),
                                  edges=text_pair_edges(nonempty_reference=True))

#: corpus BLEU: hypotheses, each with its list of references
REFERENCED_CORPORA = _shape(
    "a corpus of hypotheses with their lists of references",
    _many(corpus),
    _many(st.lists(_perfect_sentence(), min_size=1, max_size=4), perfect=True),
    ("extra_hypothesis", "missing_hypothesis", "empty", "unnested_references", "number_hypothesis"),
    corpus_level=True, tokens="list_of_references, hypotheses",
    edges=_edge_corpora(mapped_edges(sentence_edges(), _copied)),
    perfect_edges=_edge_corpora(_perfect_sentence_edges(), perfect=True))


# ------------------------------------------------------------------ raw text: chrF and SQuAD answers

#: raw text for chrF and SQuAD: words of a, b and an upper-case A (SQuAD lowercases it into the article "a",
#: chrF does not), spaces that chrF removes and punctuation that chrF++ splits off and SQuAD drops
phrases = st.text(alphabet="aAb c.", max_size=12)
#: a phrase with a "b": something left after SQuAD's normalisation and chrF's whitespace removal
meaningful_phrases = phrases.filter(lambda text: "b" in text)
phrase_references = st.lists(phrases, min_size=1, max_size=3)


@st.composite
def _phrase_sentence(draw):
    """(reference strings, hypothesis string); half the time the hypothesis is a slice of the first reference."""
    refs = draw(phrase_references)
    if draw(st.booleans()):
        start = draw(st.integers(0, len(refs[0])))
        return refs, refs[0][start:draw(st.integers(start, len(refs[0])))]
    return refs, draw(phrases)


@st.composite
def _perfect_phrase_sentence(draw):
    """(reference strings, h): h, with a "b" in it, alone or among up to 3 other references."""
    refs, h = draw(st.lists(phrases, max_size=3)), draw(meaningful_phrases)
    at = draw(st.integers(0, len(refs)))
    return refs[:at] + [h] + refs[at:], h


phrase_sentence = _phrase_sentence()
phrase_corpus = st.lists(phrase_sentence, min_size=1, max_size=4)


def phrase_edges() -> tuple:
    """(reference strings, hypothesis string) that break chrF and SQuAD: identical, empty hypothesis, an empty
    reference beside a non-empty one, whitespace only, punctuation only (chrF++ words, SQuAD's empty answer),
    articles only (empty after SQuAD's normalisation, not after chrF's), case and spacing differences,
    punctuation glued to words, and unicode characters (several UTF-8 bytes each)."""
    return (
        ("identical_phrase", (["the bat sat."], "the bat sat.")),
        ("empty_hypothesis_phrase", (["a b"], "")),
        ("empty_and_full_references", (["", "b a"], "b a")),
        ("whitespace_only", (["  "], " ")),
        ("punctuation_only", (["."], ". .")),
        ("articles_only", (["the"], "a an")),
        ("case_and_spacing", (["The  Cat"], "the cat")),
        ("punctuation_glued", (["cat, sat."], "cat sat")),
        ("unicode_phrase", (["café 猫"], "cafe 🙂")),
    )


with_edges(phrase_sentence, phrase_edges())
with_edges(phrase_corpus, (*((name, [pair]) for name, pair in phrase_edges()),
                           ("whole_corpus", [pair for _, pair in phrase_edges()])))


def _perfect_phrase_edges() -> tuple:
    return tuple((f"{name}_perfect", ([*refs, hyp], hyp)) for name, (refs, hyp) in phrase_edges()
                 if "b" in hyp)


#: chrF, SQuAD: a hypothesis string and its list of reference strings
REFERENCED_TEXTS = _shape(
    "a hypothesis string and its list of reference strings",
    _one(phrase_sentence),
    _one(_perfect_phrase_sentence(), perfect=True),
    ("unnested_references", "no_reference", "number_hypothesis", "tokens_hypothesis"),
    corpus_level=False,
    edges=_edge_sentences(phrase_edges()),
    perfect_edges=_edge_sentences(_perfect_phrase_edges(), perfect=True))

#: corpus chrF: hypothesis strings, each with its list of reference strings
REFERENCED_TEXT_CORPORA = _shape(
    "a corpus of hypothesis strings with their lists of reference strings",
    _many(phrase_corpus),
    _many(st.lists(_perfect_phrase_sentence(), min_size=1, max_size=4), perfect=True),
    ("extra_hypothesis", "missing_hypothesis", "empty", "unnested_references", "number_hypothesis"),
    corpus_level=True,
    edges=_edge_corpora(phrase_edges()),
    perfect_edges=_edge_corpora(_perfect_phrase_edges(), perfect=True))


def _some_reference_words(pair) -> bool:
    return any(pair[0])


#: TER: a hypothesis token list and its references, not all of them empty (TER divides by their mean length)
REFERENCED_SENTENCES_WITH_WORDS = _shape(
    "a hypothesis token list and its list of references, some reference non-empty",
    _one(sentence.filter(_some_reference_words)),
    _one(_perfect_sentence(), perfect=True),
    ("unnested_references", "no_reference", "number_hypothesis", "string_hypothesis"),
    corpus_level=False, tokens="references, hypothesis",
    edges=_edge_sentences(mapped_edges(sentence_edges(), _copied)),
    perfect_edges=_edge_sentences(_perfect_sentence_edges(), perfect=True))

#: corpus TER: hypotheses with their lists of references, some reference of the corpus non-empty
REFERENCED_CORPORA_WITH_WORDS = _shape(
    "a corpus of hypotheses with their lists of references, some reference non-empty",
    _many(corpus.filter(lambda pairs: any(map(_some_reference_words, pairs)))),
    _many(st.lists(_perfect_sentence(), min_size=1, max_size=4), perfect=True),
    ("extra_hypothesis", "missing_hypothesis", "empty", "unnested_references", "number_hypothesis"),
    corpus_level=True, tokens="list_of_references, hypotheses",
    edges=_edge_corpora(mapped_edges(sentence_edges(), _copied)),
    perfect_edges=_edge_corpora(_perfect_sentence_edges(), perfect=True))

#: MER, WIL, WIP of one sentence: as WORD_PAIRS, and symmetric (a swapped pair may have an empty reference)
SWAPPABLE_WORD_PAIRS = dataclasses.replace(WORD_PAIRS, swap=_swap)


# ------------------------------------------------------------------ captions: METEOR and CIDEr

#: METEOR's vocabulary: words whose Porter stems meet (cats/cat, runs/running/run) beside words that stand alone,
#: all lower case (NLTK lowercases every token)
STEM_WORDS = ("a", "the", "cat", "cats", "run", "runs", "running", "sat")

stem_tokens = st.lists(st.sampled_from(STEM_WORDS), max_size=8)
stem_references = st.lists(stem_tokens, min_size=1, max_size=3)


#: (references, hypothesis) over :data:`STEM_WORDS`; half the time the hypothesis is a slice of the first reference,
#: so that long chunks occur
stem_sentence = _sentence_pair(stem_references, stem_tokens)


def caption_edges() -> tuple:
    """(references, hypothesis) that break METEOR beyond :func:`sentence_edges`: words that match only by their
    stems, and a repeated word that a greedy alignment maps across the sentence (2 chunks where 1 will do)."""
    return (
        ("stems_only", ([["cats", "running"]], ["cat", "runs"])),
        ("repeated_word_greedy_trap", ([["a", "cat"]], ["a", "cat", "a"])),
        ("stem_and_exact_compete", ([["run", "cats", "running"]], ["runs", "cats", "run"])),
    )


def _caption_corpus_edges() -> tuple:
    """Corpora that break CIDEr: one segment (every idf is 0), identical segments, an empty hypothesis beside
    full ones, and segments with unicode or integer tokens (a corpus whose references are all empty is
    ``undefined[cider:no_reference_token]``'s)."""
    return (
        ("one_segment", [([["a", "cat", "sat"]], ["a", "cat", "sat"])]),
        ("identical_segments", [([["a", "cat", "sat"]], ["a", "cat", "sat"])] * 2),
        ("empty_hypothesis", [([["a", "cat", "sat"]], []), ([["the", "cat"]], ["the", "cat"])]),
        ("perfect_and_rare", [([["a", "cat", "sat", "on", "the", "mat"]], ["a", "cat", "sat", "on", "the", "mat"]),
                              ([["a", "dog", "ran"], ["the", "dog", "ran"]], ["a", "dog", "ran"]),
                              ([["two", "cats"]], ["cats"])]),
        ("unicode_segments", [([["café", "猫", "🙂"]], ["café", "猫"]), ([["naïve", "猫"]], ["naive", "猫"])]),
        ("integer_token_segments", [([[-1, 2**61, 7]], [-2, 2**61, 7]), ([[2**64 + 5, 5]], [5, 2**64 + 5])]),
    )


def _perfect_caption_corpora() -> tuple:
    """The corpus edges made perfect as a drawn perfect corpus is: each hypothesis also one of its references
    (segments with an empty hypothesis left out; corpora of two or more segments)."""
    made = []
    for name, pairs in _caption_corpus_edges():
        perfect = [([list(r) for r in refs] + [list(hyp)], list(hyp)) for refs, hyp in pairs if hyp]
        if len(perfect) >= 2:
            made.append((f"{name}_perfect", Sentences.of(perfect, perfect=True)))
    return tuple(made)


def _some_reference_token(pairs) -> bool:
    return any(ref for refs, _ in pairs for ref in refs)


#: corpora for CIDEr: 2..4 segments (one segment scores 0: every idf is log 1 - log 1), hypotheses and references
#: of the small vocabulary, so that n-grams are shared across segments and within them; some reference has a token
caption_corpus = st.lists(_sentence_pair(), min_size=2, max_size=4).filter(_some_reference_token)
with_edges(caption_corpus, _caption_corpus_edges())


def _call_caption_corpus(t, name: str, ex: Sentences, **kw):
    """The corpus score (the first of the (score, scores) pair): what the generic properties compare."""
    return getattr(t, name)(list(ex.references), list(ex.hypotheses), **kw)[0]


#: METEOR: a hypothesis token list and its references, over words that share stems
STEM_SENTENCES = _referenced_sentences("a hypothesis token list and its list of references, words sharing stems",
                                       stem_sentence, caption_edges())

#: CIDEr: a corpus of hypotheses with their references, scored as a whole (the mean over segments)
CAPTION_CORPORA = dataclasses.replace(
    _shape("a corpus of hypotheses with their lists of references (2 or more segments)",
           _many(caption_corpus),
           _many(st.lists(_perfect_sentence(), min_size=2, max_size=4), perfect=True),
           ("extra_hypothesis", "missing_hypothesis", "empty", "unnested_references", "number_hypothesis"),
           corpus_level=True, tokens="list_of_references, hypotheses",
           edges=tuple((name, Sentences.of([_copied(p) for p in pairs])) for name, pairs in _caption_corpus_edges()),
           perfect_edges=_perfect_caption_corpora()),
    call=_call_caption_corpus)
