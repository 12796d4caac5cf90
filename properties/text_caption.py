"""The text spec's caption metrics: METEOR and CIDEr / CIDEr-D (kept apart from ``text.py``, which imports
this module; the properties belong to the ``text`` family).

Spec-side oracles, slow and written from the papers: :func:`_meteor_oracle` enumerates every
alignment of a short sentence pair (Banerjee & Lavie 2005's staged maximum matchings, then the
fewest chunks) by brute force; :func:`_cider_oracle` builds each sentence's tf-idf vectors with
``Counter`` and takes cosines one reference at a time (Vedantam et al. 2015, eq. 3-5).
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections import Counter

from hypothesis import strategies as st

from metrics._meteor import porter_stemmer

from .capabilities import Capability
from .checks import expect, expect_close, expect_in_range, expect_le, expect_refusal
from properties.engine.vocabulary.registry import prop as _prop
from properties.engine.target.references import reference
from .inputs import LazyEdges, cycled_edges, edges_of, with_edges
from .inputs.token_sequences import (
    CAPTION_CORPORA,
    STEM_SENTENCES,
    STEM_WORDS,
    caption_corpus,
    caption_edges,
    columns,
    sentence_edges,
    stem_sentence,
    stem_tokens,
)

prop = functools.partial(_prop, family="text")

# ================================================================ METEOR


#: a synonym table for the synonym stage (hypothesis word -> the words it may match)
SYNONYMS = {"cat": ("sat",), "run": ("the",), "a": ("the", "cats")}


def synonym_table(word):
    return SYNONYMS.get(word, ())


def _relation(h, r, synonyms):
    """The stage at which h and r match (0 exact, 1 stem, 2 synonym) or None."""
    if h == r:
        return 0
    if isinstance(h, str) and isinstance(r, str) and (porter_stemmer().stem(h, to_lowercase=False)
                                                      == porter_stemmer().stem(r, to_lowercase=False)):
        return 1
    if synonyms is not None and r in synonyms(h):
        return 2
    return None


def _alignments(hyp, ref, synonyms):
    """Every partial one-to-one map of related words, as (hypothesis i, reference j, stage) lists."""
    def extend(i, used):
        if i == len(hyp):
            yield []
            return
        yield from extend(i + 1, used)
        for j, r in enumerate(ref):
            stage = _relation(hyp[i], r, synonyms)
            if j not in used and stage is not None:
                for rest in extend(i + 1, used | {j}):
                    yield [(i, j, stage), *rest]
    return extend(0, frozenset())


def _chunks(matches):
    ordered = sorted((i, j) for i, j, _ in matches)
    return sum(1 for k, (i, j) in enumerate(ordered) if k == 0 or ordered[k - 1] != (i - 1, j - 1))


def _meteor_oracle(refs, hyp, alpha=0.9, beta=3.0, gamma=0.5, synonyms=None):
    """METEOR by brute force: the alignments with the most exact matches, then stem, then synonym matches, and of
    those the fewest chunks; Fmean (1 - gamma (chunks / matches)^beta), the best reference."""
    best = 0.0
    for ref in refs:
        top = max(_alignments(hyp, ref, synonyms),
                  key=lambda a: ([s for _, _, s in a].count(0), [s for _, _, s in a].count(1),
                                 [s for _, _, s in a].count(2), -_chunks(a)))
        m = len(top)
        if m:
            p, r = m / len(hyp), m / len(ref)
            fmean = p * r / (alpha * p + (1 - alpha) * r)
            best = max(best, fmean * (1 - gamma * (_chunks(top) / m) ** beta))
    return best


_meteor_options = st.fixed_dictionaries({"alpha": st.sampled_from((0.9, 0.5, 0.0, 1.0, 0.75)),
                                         "beta": st.sampled_from((3.0, 1.0, 0.0, 2.5)),
                                         "gamma": st.sampled_from((0.5, 0.0, 1.0, 0.25)),
                                         "synonyms": st.sampled_from((None, synonym_table))})
_short_stem_sentence = with_edges(
    stem_sentence.filter(lambda s: len(s[1]) <= 6 and all(len(r) <= 6 for r in s[0])), caption_edges())
#: the METEOR edge cases under the default options
_meteor_definition_cases = with_edges(st.tuples(_short_stem_sentence, _meteor_options),
                                      tuple((name, (pair, {"alpha": 0.9, "beta": 3.0, "gamma": 0.5, "synonyms": None}))
                                            for name, pair in caption_edges()))


@prop("definition[meteor]",
      "meteor = Fmean (1 - gamma (chunks / matches)^beta) of the staged alignment (most exact, then stem, then "
      "synonym matches) with the fewest chunks, the best reference: every alignment enumerated in the spec",
      kind="relation", needs=tuple(f"meteor:{k}" for k in ("alpha", "beta", "gamma", "synonyms")), defines=("meteor",),
      strategy=_meteor_definition_cases)
def meteor_definition(t, ex):
    (refs, hyp), options = ex
    expect_close(t.meteor(refs, hyp, **options), _meteor_oracle(refs, hyp, **options), rtol=1e-12, atol=1e-15,
                 what=f"meteor({options}) vs the alignment enumerated in the spec")


@prop("identity[meteor:self]",
      "a sentence against itself has every word matched in one chunk: meteor([h], h) = 1 - gamma / len(h)^beta",
      kind="identity", needs=("meteor:gamma", "meteor:beta"),
      strategy=st.tuples(stem_tokens.filter(bool), st.sampled_from((0.5, 0.25, 1.0)), st.sampled_from((3.0, 1.0))))
def meteor_of_itself(t, ex):
    h, gamma, beta = ex
    expect_close(t.meteor([h], h, gamma=gamma, beta=beta), 1 - gamma / len(h) ** beta, rtol=1e-12,
                 what=f"meteor of {h} against itself (gamma={gamma}, beta={beta})")


@prop("symmetry[meteor:alpha_half]",
      "with alpha = 0.5 (Fmean the harmonic mean of P and R) and no synonyms, swapping hypothesis and reference "
      "changes nothing: the stages and the chunks are symmetric", kind="symmetry", needs=("meteor:alpha",),
      strategy=_short_stem_sentence)
def meteor_symmetric_at_alpha_half(t, ex):
    refs, hyp = ex
    ref = refs[0]
    expect_close(t.meteor([ref], hyp, alpha=0.5), t.meteor([hyp], ref, alpha=0.5), rtol=1e-12,
                 what=f"meteor([{ref}], {hyp}) vs swapped (alpha=0.5)")


@prop("direction[meteor:more_references]",
      "meteor is the best score over the references: adding a reference never lowers it, and it equals the "
      "largest single-reference score", kind="direction", needs=("meteor",),
      strategy=st.tuples(stem_sentence, stem_tokens))
def meteor_best_reference(t, ex):
    (refs, hyp), extra = ex
    before = t.meteor(refs, hyp)
    expect_le(before, t.meteor(refs + [extra], hyp), what=f"meteor before vs after adding the reference {extra}")
    expect_close(before, max(t.meteor([r], hyp) for r in refs), rtol=1e-12, what="meteor vs its best reference")


@prop("undefined[meteor:no_match]",
      "an empty hypothesis, empty references or no word in common score 0 (never NaN, never an error)",
      kind="undefined", needs=("meteor",),
      strategy=st.tuples(stem_tokens, st.integers(1, 3), st.sampled_from(("empty_hypothesis", "empty_references",
                                                                          "disjoint"))))
def meteor_undefined_is_zero(t, ex):
    tokens, n, case = ex
    refs, hyp = {"empty_hypothesis": ([tokens] * n, []), "empty_references": ([[]] * n, tokens),
                 "disjoint": ([["dog"] * (len(tokens) + 1)] * n, tokens)}[case]
    value = t.meteor(refs, hyp)
    expect(value == 0.0, f"meteor({refs}, {hyp}) = {value!r}, but should be 0 ({case.replace('_', ' ')})")


def _unique_stems(sentence) -> bool:
    stems = [porter_stemmer().stem(w) for w in sentence]
    return len(set(stems)) == len(stems)


@prop("agreement[meteor:nltk]",
      "meteor agrees with NLTK's meteor_score (WordNet stub without synsets, lower-case words) where no sentence "
      "repeats a stem, so that one alignment exists (elsewhere NLTK's greedy alignment can leave more chunks)",
      kind="agreement", needs=tuple(f"meteor:{k}" for k in ("alpha", "beta", "gamma")), reference="nltk",
      strategy=with_edges(
          st.tuples(stem_sentence.filter(lambda s: _unique_stems(s[1]) and all(map(_unique_stems, s[0]))),
                    _meteor_options.map(lambda o: {**o, "synonyms": None})),
          LazyEdges(lambda: cycled_edges(
              tuple((name, ([list(r) for r in refs], list(h))) for name, (refs, h) in caption_edges() + sentence_edges()
                    if isinstance(h, list) and all(isinstance(w, str) and w.isascii() for w in h)
                    and _unique_stems(h) and all(map(_unique_stems, refs))),
              lambda pair, o: (pair, dict(o)), ({"alpha": 0.9, "beta": 3.0, "gamma": 0.5, "synonyms": None},
                                                {"alpha": 0.5, "beta": 1.0, "gamma": 1.0, "synonyms": None})))))
def meteor_agrees_with_nltk(t, ex):
    (refs, hyp), options = ex
    del options["synonyms"]
    # the same counts in the same formula: a few ulps at most
    expect_close(t.meteor(refs, hyp, **options), reference("nltk").meteor(refs, hyp, **options), rtol=1e-12,
                 what=f"meteor({options})")


@prop("refusal[meteor:options]",
      "alpha or gamma outside [0, 1], a negative beta and a synonyms that is not callable are refused, naming it",
      kind="refusal", needs=tuple(f"meteor:{k}" for k in ("alpha", "beta", "gamma", "synonyms")),
      strategy=stem_sentence)
def meteor_refuses_options(t, ex):
    refs, hyp = ex
    expect_refusal(lambda: t.meteor(refs, hyp, alpha=1.5), "alpha")
    expect_refusal(lambda: t.meteor(refs, hyp, gamma=-0.1), "gamma")
    expect_refusal(lambda: t.meteor(refs, hyp, beta=-1.0), "beta")
    expect_refusal(lambda: t.meteor(refs, hyp, synonyms="cat"), "synonyms")


# ================================================================ CIDEr, CIDEr-D


def _grams(tokens, max_n):
    return [Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)) for n in range(1, max_n + 1)]


def _cider_oracle(cases, max_n=4, sigma=None):
    """Per-segment CIDEr (sigma None) or CIDEr-D from the paper's formulas with pycocoevalcap's idf
    ``log N - log max(1, df)``: tf-idf Counters, one cosine per reference and order."""
    n_docs = len(cases)
    df: Counter = Counter()
    for refs, _ in cases:
        df.update({g for ref in refs for order in _grams(ref, max_n) for g in order})

    def vectors(tokens):
        return [{g: c * (math.log(n_docs) - math.log(max(1, df[g]))) for g, c in order.items()}
                for order in _grams(tokens, max_n)]

    def norm(v):
        return math.sqrt(sum(x * x for x in v.values()))

    scores = []
    for refs, hyp in cases:
        vh = vectors(hyp)
        total = 0.0
        for ref in refs:
            vr = vectors(ref)
            penalty = 1.0 if sigma is None else math.exp(-((len(hyp) - len(ref)) ** 2) / (2 * sigma**2))
            for a, b in zip(vh, vr):
                dot = sum((min(x, b.get(g, 0.0)) if sigma is not None else x) * b.get(g, 0.0) for g, x in a.items())
                if norm(a) and norm(b):
                    total += penalty * dot / (norm(a) * norm(b)) / max_n
        scores.append(total / len(refs) * (10.0 if sigma is not None else 1.0))
    return scores


_CIDER_METRICS = ("cider", "cider_d")
_max_ns = st.integers(1, 4)


def _cider_call(t, name, cases, **options):
    refs, hyps = columns(cases)
    return getattr(t, name)(refs, hyps, **options)


def _cider_definition(t, ex, name: str):
    cases, max_n, sigma = ex
    options = {"max_n": max_n, **({"sigma": sigma} if name == "cider_d" else {})}
    score, scores = _cider_call(t, name, cases, **options)
    expected = _cider_oracle(cases, max_n, sigma if name == "cider_d" else None)
    expect_close(list(scores), expected, rtol=1e-9, atol=1e-12, what=f"{name}({options}) per segment vs the formula")
    expect_close(score, sum(expected) / len(expected), rtol=1e-9, atol=1e-12, what=f"{name}({options}) corpus score")


for _name, _formula in (("cider", "mean over orders of the mean tf-idf cosine with the references"),
                        ("cider_d", "10 x mean over orders of the mean clipped, length-penalised tf-idf cosine")):
    prop(f"definition[{_name}]",
         f"{_name} per segment = {_formula} (idf = log N - log max(1, df) over the segments' reference sets), the "
         "corpus score their mean: computed with Counters in the spec", kind="relation",
         needs=(f"{_name}:max_n", *((f"{_name}:sigma",) if _name == "cider_d" else ())), defines=(_name,),
         strategy=with_edges(st.tuples(caption_corpus, _max_ns, st.sampled_from((6.0, 1.0, 0.5))), cycled_edges(
             edges_of(caption_corpus), lambda cases, n, sigma: (cases, n, sigma), (4, 1, 2, 3), (6.0, 0.5, 1.0))))(
        functools.partial(_cider_definition, name=_name))


def _segment_bounds(t, cases, name: str):
    score, scores = _cider_call(t, name, cases)
    top = 10.0 if name == "cider_d" else 1.0
    expect(len(scores) == len(cases), f"{name} gives {len(scores)} segment scores, but should give {len(cases)}")
    expect_in_range(list(scores), 0.0, top, what=f"{name} per-segment scores")
    expect_close(score, sum(scores) / len(scores), rtol=1e-12, what=f"{name} corpus score vs the mean of its segments")


for _name in _CIDER_METRICS:
    prop(f"bounds[{_name}:segments]",
         f"there is one {_name} score per segment, each in [0, {10 if _name == 'cider_d' else 1}], and the corpus "
         "score is their mean", kind="bound", needs=(_name,), strategy=caption_corpus)(
        functools.partial(_segment_bounds, name=_name))


@st.composite
def _identical_segments(draw):
    """Segments whose hypothesis is its only reference, some of them not empty."""
    sentences = draw(st.lists(st.lists(st.sampled_from(STEM_WORDS), max_size=6), min_size=1, max_size=4).filter(any))
    return [([list(s)], list(s)) for s in sentences]


@prop("identity[cider_d:identical_segments]",
      "a hypothesis equal to its only reference scores 10 k / max_n, k the orders where it has an n-gram missing "
      "from some other segment's references (elsewhere its tf-idf vector is zero)", kind="identity",
      needs=("cider_d",), strategy=_identical_segments())
def cider_d_identical_segments(t, cases):
    _, scores = _cider_call(t, "cider_d", cases)
    docs = [set().union(*_grams(refs[0], 4)) for refs, _ in cases]
    for (_, hyp), got in zip(cases, scores):
        k = sum(any(sum(g in d for d in docs) < len(docs) for g in order) for order in _grams(hyp, 4))
        expect_close(got, 10.0 * k / 4, rtol=1e-12, atol=1e-12, what=f"cider_d of {hyp} against itself")


def _segment_order(t, ex, name: str):
    cases, rnd = ex
    order = list(range(len(cases)))
    rnd.shuffle(order)
    _, before = _cider_call(t, name, cases)
    _, after = _cider_call(t, name, [cases[i] for i in order])
    expect_close(list(after), [before[i] for i in order], rtol=1e-12, atol=1e-15,
                 what=f"{name} per-segment scores after reordering the segments by {order}")


def _token_renaming(t, ex, name: str):
    cases, rnd = ex
    vocab = sorted({tok for refs, hyp in cases for seq in (*refs, hyp) for tok in seq})
    renamed = list(vocab)
    rnd.shuffle(renamed)
    to = {a: f"{b}_{i}" for i, (a, b) in enumerate(zip(vocab, renamed))}
    cases_renamed = [([[to[x] for x in r] for r in refs], [to[x] for x in hyp]) for refs, hyp in cases]
    _, before = _cider_call(t, name, cases)
    _, after = _cider_call(t, name, cases_renamed)
    expect_close(list(after), list(before), rtol=1e-12, atol=1e-15,
                 what=f"{name} per-segment scores after renaming the tokens by {to}")


for _name in _CIDER_METRICS:
    prop(f"invariance[{_name}:segment_order]",
         f"reordering the segments reorders the per-segment {_name} scores the same way (the document frequencies "
         "do not depend on the order)", kind="invariance", needs=(_name,),
         strategy=st.tuples(caption_corpus, st.randoms(use_true_random=False)))(
        functools.partial(_segment_order, name=_name))
    prop(f"invariance[{_name}:token_renaming]",
         f"renaming the tokens one to one (a permutation of the vocabulary, then new names) leaves every {_name} "
         "score unchanged", kind="invariance", needs=(_name,),
         strategy=st.tuples(caption_corpus, st.randoms(use_true_random=False)))(
        functools.partial(_token_renaming, name=_name))


@prop("direction[cider_d:sigma]",
      "a larger sigma never lowers a segment's CIDEr-D (the Gaussian length penalty only relaxes)",
      kind="direction", needs=("cider_d:sigma",),
      strategy=st.tuples(caption_corpus, st.sampled_from((0.5, 1.0, 3.0)), st.sampled_from((1.0, 2.0, 6.0))))
def cider_d_larger_sigma(t, ex):
    cases, small, extra = ex
    _, tight = _cider_call(t, "cider_d", cases, sigma=small)
    _, loose = _cider_call(t, "cider_d", cases, sigma=small + extra)
    for s, (a, b) in enumerate(zip(tight, loose)):
        expect_le(a, b, what=f"segment {s}'s cider_d with sigma={small} vs sigma={small + extra}")


@prop("relation[cider_d:at_most_ten_cider]",
      "per segment, cider_d <= 10 x cider: clipping and the length penalty only lower each term", kind="relation",
      needs=("cider_d", "cider"), strategy=caption_corpus)
def cider_d_below_cider(t, cases):
    _, d = _cider_call(t, "cider_d", cases)
    _, c = _cider_call(t, "cider", cases)
    for s, (a, b) in enumerate(zip(d, c)):
        expect_le(a, 10.0 * b * (1 + 1e-12) + 1e-12, what=f"segment {s}'s cider_d vs 10 x cider")


def _one_segment(t, ex, name: str):
    refs, hyp = ex
    score, scores = _cider_call(t, name, [(refs, hyp)])
    expect(score == 0.0 and list(scores) == [0.0],
           f"{name}([{refs}], [{hyp}]) = ({score!r}, {list(scores)!r}), but should be (0, [0]): with one segment "
           "every idf is log 1 - log 1 = 0")


def _no_reference_token(t, ex, name: str):
    hyps, n_refs = ex
    cases = [([[]] * n, hyp) for hyp, n in zip(hyps, n_refs)]
    score, scores = _cider_call(t, name, cases)
    expect(score == 0.0 and list(scores) == [0.0] * len(cases),
           f"{name} of {cases} = ({score!r}, {list(scores)!r}), but should be 0 for every segment: no reference has "
           "an n-gram, so every cosine has a zero vector")


for _name in _CIDER_METRICS:
    prop(f"undefined[{_name}:one_segment]",
         f"{_name} of a corpus of one segment is 0: every idf is log 1 - log max(1, df) = 0", kind="undefined",
         needs=(_name,), strategy=stem_sentence.filter(lambda s: any(s[0])))(
        functools.partial(_one_segment, name=_name))
    prop(f"undefined[{_name}:no_reference_token]",
         f"{_name} of a corpus whose references are all empty is 0 for every segment (no reference n-gram: every "
         "cosine has a zero vector), not an error", kind="undefined", needs=(_name,),
         strategy=st.tuples(st.lists(stem_tokens, min_size=1, max_size=4), st.lists(st.integers(1, 3), min_size=4,
                                                                                    max_size=4)))(
        functools.partial(_no_reference_token, name=_name))


@prop("agreement[cider_d:pycocoevalcap]",
      "cider_d agrees with pycocoevalcap's Cider (CIDEr-D) on the corpus and per-segment scores, max_n = 4 (its "
      "n-gram counting ignores n: any other n breaks it) and any sigma",
      kind="agreement", needs=("cider_d:sigma",), reference="pycocoevalcap",
      strategy=with_edges(st.tuples(caption_corpus, st.sampled_from((6.0, 1.0))), cycled_edges(
          tuple((name, cases) for name, cases in edges_of(caption_corpus)
                if all(isinstance(w, str) and w.isascii() for refs, h in cases for r in (*refs, h) for w in r)),
          lambda cases, sigma: (cases, sigma), (6.0, 1.0))))
def cider_d_agrees_with_pycocoevalcap(t, ex):
    cases, sigma = ex
    refs, hyps = columns(cases)
    ours = t.cider_d(refs, hyps, sigma=sigma)
    theirs = reference("pycocoevalcap").cider_d(refs, hyps, sigma=sigma)
    # the same terms summed in another order
    expect_close(list(ours[1]), list(theirs[1]), rtol=1e-9, atol=1e-12, what="per-segment cider_d")
    expect_close(ours[0], theirs[0], rtol=1e-9, atol=1e-12, what="corpus cider_d")


@prop("refusal[cider_d:options]", "max_n < 1 and sigma <= 0 are refused, naming the option", kind="refusal",
      needs=("cider_d:max_n", "cider_d:sigma"), strategy=caption_corpus)
def cider_d_refuses_options(t, cases):
    refs, hyps = columns(cases)
    expect_refusal(lambda: t.cider_d(refs, hyps, max_n=0), "max_n")
    expect_refusal(lambda: t.cider_d(refs, hyps, sigma=0.0), "sigma")
    expect_refusal(lambda: t.cider_d(refs, hyps, sigma=-6.0), "sigma")


# ================================================================ capabilities

CAPABILITIES = {
    "meteor": Capability(range=(0, 1), symmetric=False, input_domain="token sequences (references first)",
                         undefined="empty hypothesis or reference, or no match: 0.0"),
    "cider": Capability(range=(0, 1), symmetric=False, input_domain="corpus of reference lists and hypotheses",
                        undefined="one segment, empty hypothesis, references all empty: 0.0; empty corpus: raises"),
    "cider_d": Capability(range=(0, 10), symmetric=False, input_domain="corpus of reference lists and hypotheses",
                          undefined="one segment, empty hypothesis, references all empty: 0.0; empty corpus: raises"),
}
#: a sentence against itself is not METEOR's best (1 - gamma / len^beta), and a perfect CIDEr-D depends on the
#: other segments (identity[...] above), so neither declares a best value. METEOR takes one sentence (no sample
#: axis); CIDEr's segments are samples, but duplicating every segment changes the idf of an n-gram no reference
#: has (log 2N instead of log N), hence no duplication invariance
_GENERIC = {
    "meteor": dict(inputs=STEM_SENTENCES, not_generic=("permutation_invariance", "duplication_invariance")),
    "cider": dict(inputs=CAPTION_CORPORA, not_generic=("duplication_invariance",)),
    "cider_d": dict(inputs=CAPTION_CORPORA, not_generic=("duplication_invariance",)),
}
CAPABILITIES = {m: dataclasses.replace(cap, **_GENERIC[m]) for m, cap in CAPABILITIES.items()}
