"""Google's rouge-score under the catalog's names: ROUGE-N and ROUGE-L.

Conventions matched by the adapter: token lists are joined with single spaces
and re-tokenized by rouge-score's default tokenizer (lowercase, non-alphanumeric
characters become spaces, no stemming) -- identity on lowercase alphanumeric
tokens, which is what the spec draws; several references use
``score_multi`` (the reference with the best F, the catalog's ``"max"``
policy); ``multi_reference="mean"`` averages ``score`` over references.
rouge-score's F is F1 only: ``beta`` is not provided (properties needing it are
not applicable). Results are rouge-score's ``Score(precision, recall, fmeasure)``.
"""

from __future__ import annotations

import functools
from importlib.metadata import version as _version

from rouge_score import rouge_scorer as _rouge_scorer
from rouge_score.scoring import Score

from reference._text_tokens import string_token_domains

TARGET_NAME = "rouge_score"
VERSION = _version("rouge-score")
CONVENTIONS = {
    "tokenizer": "default (lowercase alnum), use_stemmer=False; tokens joined by spaces",
    "multi_reference": "max = score_multi (best F); mean = average of per-reference scores",
    "beta": "F1 only (not provided)",
}

# text, not token sequences: integer token ids are outside the domain (reference/_text_tokens.py)
DOMAINS = string_token_domains('rouge_n', 'rouge_l')


@functools.lru_cache(maxsize=16)
def _scorer(kind):
    return _rouge_scorer.RougeScorer([kind], use_stemmer=False)


def _text(tokens):
    return " ".join(tokens)


def _score(kind, references, hypothesis, multi_reference):
    scorer = _scorer(kind)
    targets = [_text(r) for r in references]
    prediction = _text(hypothesis)
    if multi_reference == "mean":
        scores = [scorer.score(t, prediction)[kind] for t in targets]
        return Score(*(sum(s[i] for s in scores) / len(scores) for i in range(3)))
    if multi_reference != "max":
        raise ValueError(f"multi_reference: unknown {multi_reference!r}")
    if len(targets) == 1:
        return scorer.score(targets[0], prediction)[kind]
    return scorer.score_multi(targets, prediction)[kind]


def rouge_n(references, hypothesis, *, n=1, multi_reference="max"):
    return _score(f"rouge{n}", references, hypothesis, multi_reference)


def rouge_l(references, hypothesis, *, multi_reference="max"):
    return _score("rougeL", references, hypothesis, multi_reference)
