"""The PyPI package ``rouge`` (pltrdy/rouge 1.0.1) under the catalog's names: ROUGE-N and ROUGE-L.

This module is ``reference.rouge``; ``import rouge`` below is an absolute import
(Python 3 has no implicit relative imports), so it is the installed library,
never this adapter.

The library scores texts: ``Rouge(metrics=[...], exclusive=False).get_scores(hyps, refs)``
pairs ``hyps[i]`` with ``refs[i]`` and returns ``{"r", "p", "f"}`` per metric.
Conventions matched by the adapter (see ``CONVENTIONS``): token lists are joined
with single spaces (the library splits sentences on "." and words on spaces, so
this is the identity on tokens without "." or whitespace, which is what the spec
draws); ``exclusive=False``, the library's option that counts n-grams and words
with their multiplicity (its default, ``exclusive=True``, counts distinct
n-grams and distinct words); several references are scored one pair each
(``get_scores([h] * R, refs)``): ``multi_reference="max"`` keeps the pair with
the best F (first on ties, the library has no multi-reference API),
``"mean"`` is the library's own ``avg=True``. The library's F is
``2PR / (P + R + 1e-8)``, F1 only: ``beta`` is not provided. Results are a
``Score(precision, recall, fmeasure)`` named tuple of the library's
``p``, ``r`` and ``f``.
"""

from __future__ import annotations

import functools
from importlib.metadata import version as _version
from typing import NamedTuple

import rouge as _rouge

from reference._text_tokens import string_token_domains

TARGET_NAME = "rouge"
VERSION = getattr(_rouge, "__version__", None) or _version("rouge")
CONVENTIONS = {
    "library": "rouge (pltrdy) 1.0.1: rouge.Rouge(metrics=['rouge-N' or 'rouge-l'], exclusive=False).get_scores",
    "tokenizer": "tokens joined by single spaces; the library splits sentences on '.' and words on ' ' "
    "(no lowercasing, no stemming): identity on tokens without '.' or whitespace. The adapter refuses what is "
    "not a token list (a bare string, a non-string token) naming the argument",
    "exclusive": "exclusive=False: n-grams (ROUGE-N) and words (ROUGE-L lengths) counted with multiplicity, so "
    "the overlap is the clipped count. The library's default exclusive=True counts distinct n-grams / words: "
    "Rouge().get_scores('a a b', 'a b b')[0]['rouge-1'] -> r = p = 1.0 (exclusive=False: 0.667)",
    "rouge-l": "the library computes summary-level ROUGE-L (union LCS over '.'-separated sentences); a text "
    "without '.' is one sentence, where the union LCS is the sentence LCS",
    "multi_reference": "max = the per-reference score (get_scores([h] * R, refs)) with the best F, first on "
    "ties, picked by the adapter (the library has no multi-reference API); mean = get_scores(..., avg=True), "
    "the library's average of r, p and f over the pairs",
    "f-measure": "the library's f = 2 p r / (p + r + 1e-8): F1 only (beta not provided), and 1e-8 below the "
    "harmonic mean (0.999999995 for identical texts)",
    "empty text": "the library refuses an empty hypothesis or reference (ValueError 'Hypothesis is empty.', "
    "'Reference is empty.', 'Collections must contain at least 1 sentence.'); passed through",
}

# text, not token sequences: integer token ids are outside the domain (reference/_text_tokens.py)
DOMAINS = string_token_domains('rouge_n', 'rouge_l')


class Score(NamedTuple):
    """The library's ``p``, ``r`` and ``f`` under the catalog's field names."""

    precision: float
    recall: float
    fmeasure: float


@functools.lru_cache(maxsize=16)
def _scorer(metric):
    return _rouge.Rouge(metrics=[metric], exclusive=False)


def _text(tokens, name):
    if isinstance(tokens, (str, bytes)):
        raise TypeError(f"{name}: expected a token list, got a bare string {tokens!r}")
    try:
        words = list(tokens)
    except TypeError:
        raise TypeError(f"{name}: expected a token list, got {type(tokens).__name__}") from None
    for word in words:
        if not isinstance(word, str):
            raise TypeError(f"{name}: expected string tokens, got {type(word).__name__} {word!r}")
    return " ".join(words)


def _score(metric, references, hypothesis, multi_reference):
    if multi_reference not in ("max", "mean"):
        raise ValueError(f"multi_reference: unknown policy {multi_reference!r}")
    if isinstance(references, (str, bytes)):
        raise TypeError("references: expected a list of token lists, got a bare string")
    try:
        refs = [_text(r, "references") for r in references]
    except TypeError as exc:
        raise TypeError(f"references: expected a list of token lists ({exc})") from None
    hyp = _text(hypothesis, "hypothesis")
    scorer = _scorer(metric)
    hyps = [hyp] * len(refs)
    if multi_reference == "mean":
        s = scorer.get_scores(hyps, refs, avg=True)[metric]
        return Score(s["p"], s["r"], s["f"])
    scores = [s[metric] for s in scorer.get_scores(hyps, refs)]
    if not scores:
        raise ValueError("references: no reference, the library returned no score (get_scores([], []) -> [])")
    best = max(scores, key=lambda s: s["f"])  # first of the best on ties
    return Score(best["p"], best["r"], best["f"])


def rouge_n(references, hypothesis, *, n=1, multi_reference="max"):
    return _score(f"rouge-{n}", references, hypothesis, multi_reference)


def rouge_l(references, hypothesis, *, multi_reference="max"):
    return _score("rouge-l", references, hypothesis, multi_reference)
