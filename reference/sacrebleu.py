"""sacrebleu under the catalog's names: sentence and corpus BLEU, chrF/chrF++ and TER.

Conventions matched by the adapter: ``tokenize='none'`` (token lists are joined
with single spaces and split back on whitespace, so tokens must not contain
whitespace); ``effective_order=False`` at sentence level too (the catalog's
sentence BLEU is the one-sentence corpus BLEU); ``lowercase=False``; smoothing
names are sacrebleu's own (NLTK's method0..3 are accepted as aliases). Scores
are divided by 100. sacrebleu has no custom n-gram weights: ``weights`` is not
provided, so properties needing it are not applicable. References are passed
as reference streams, padded with ``None`` where a sentence has fewer
references (sacrebleu ignores ``None``).

chrF: ``CHRF(char_order, word_order, beta, whitespace)`` with sacrebleu's other
defaults (``lowercase=False``, ``eps_smoothing=False``) on the catalog's strings.
TER: ``TER(case_sensitive=True)`` (sacrebleu lowercases by default; the catalog
compares tokens exactly), ``normalized=False``, ``no_punct=False``; token lists
joined with single spaces (the tercom tokenizer then only splits them back).
"""

from __future__ import annotations

import functools
import logging

import sacrebleu as _sacrebleu
from sacrebleu.metrics import BLEU, CHRF, TER

from reference._text_tokens import string_token_domains

TARGET_NAME = "sacrebleu"
VERSION = _sacrebleu.__version__
CONVENTIONS = {
    "tokenize": "none (tokens joined by single spaces)",
    "effective_order": "False",
    "smoothing": "none/floor/add-k/exp (sacrebleu names); NLTK method0..3 as aliases",
    "scale": "score / 100",
    "weights": "uniform only (not provided)",
    "chrf": "CHRF(char_order, word_order, beta, whitespace), lowercase=False, eps_smoothing=False; score / 100",
    "ter": "TER(case_sensitive=True, normalized=False, no_punct=False); score / 100",
}

# text, not token sequences: integer token ids are outside the domain (reference/_text_tokens.py)
DOMAINS = string_token_domains('sentence_bleu', 'corpus_bleu', 'sentence_ter', 'corpus_ter')

# sacrebleu logs a recommendation on every sentence_score call without effective_order;
# the audit deliberately compares the plain (non-effective-order) score.
logging.getLogger("sacrebleu").setLevel(logging.ERROR)

_ALIASES = {"method0": "none", "method1": "floor", "method2": "add-k", "method3": "exp"}


@functools.lru_cache(maxsize=64)
def _scorer(max_n, smoothing, smooth_value):
    return BLEU(
        tokenize="none",
        lowercase=False,
        max_ngram_order=max_n,
        smooth_method=_ALIASES.get(smoothing, smoothing),
        smooth_value=smooth_value,
        effective_order=False,
    )


def _text(tokens):
    return " ".join(tokens)


def sentence_bleu(references, hypothesis, *, max_n=4, smoothing="none", smooth_value=None):
    scorer = _scorer(max_n, smoothing, smooth_value)
    return scorer.sentence_score(_text(hypothesis), [_text(r) for r in references]).score / 100.0


def corpus_bleu(list_of_references, hypotheses, *, max_n=4, smoothing="none", smooth_value=None):
    scorer = _scorer(max_n, smoothing, smooth_value)
    return scorer.corpus_score([_text(h) for h in hypotheses], _streams(list_of_references)).score / 100.0


def _streams(list_of_references, text=_text):
    """Reference streams (stream j holds each sentence's j-th reference, None where it has fewer)."""
    width = max((len(refs) for refs in list_of_references), default=0)
    return [[text(refs[j]) if j < len(refs) else None for refs in list_of_references] for j in range(width)]


@functools.lru_cache(maxsize=64)
def _chrf(char_order, word_order, beta, whitespace):
    return CHRF(char_order=char_order, word_order=word_order, beta=beta, whitespace=whitespace)


def sentence_chrf(references, hypothesis, *, char_order=6, word_order=0, beta=2, whitespace=False):
    return _chrf(char_order, word_order, beta, whitespace).sentence_score(hypothesis, references).score / 100.0


def corpus_chrf(list_of_references, hypotheses, *, char_order=6, word_order=0, beta=2, whitespace=False):
    scorer = _chrf(char_order, word_order, beta, whitespace)
    return scorer.corpus_score(list(hypotheses), _streams(list_of_references, text=lambda r: r)).score / 100.0


_TER = TER(case_sensitive=True)


def sentence_ter(references, hypothesis):
    return _TER.sentence_score(_text(hypothesis), [_text(r) for r in references]).score / 100.0


def corpus_ter(list_of_references, hypotheses):
    return _TER.corpus_score([_text(h) for h in hypotheses], _streams(list_of_references)).score / 100.0
