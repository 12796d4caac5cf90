"""jiwer under the catalog's names: WER, CER, MER, WIL and WIP, sentence and corpus level.

Conventions matched by the adapter: token lists are joined with single spaces
(jiwer's default word transform splits them back; tokens must not contain
whitespace); CER uses only ``ReduceToListOfListOfChars`` so that, as in the
catalog, every character counts (jiwer's default CER transform strips leading
and trailing whitespace). Corpus calls pass lists, which jiwer pools (total
edits / total reference length); ``average='mean'`` averages jiwer's sentence
scores. Raw strings are passed through unchanged (jiwer's native input).
MER, WIL and WIP: ``jiwer.mer``/``wil``/``wip`` on the joined strings (one
sentence) or on lists (pooled counts, as the catalog's corpus forms); jiwer takes
H, S, D and I from rapidfuzz's Levenshtein opcodes.
"""

from __future__ import annotations

from importlib.metadata import version as _version

import jiwer as _jiwer
from jiwer import transforms as _tr

from reference._text_tokens import string_token_domains

TARGET_NAME = "jiwer"
VERSION = _version("jiwer")
CONVENTIONS = {
    "wer input": "token lists joined with single spaces; default word transform",
    "cer transform": "ReduceToListOfListOfChars only (no stripping: spaces count)",
    "corpus": "pooled by jiwer over lists; average='mean' = mean of sentence scores",
    "mer/wil/wip": "jiwer.mer/wil/wip on joined strings (sentence) or lists (corpus, pooled counts)",
}

# text, not token sequences: integer token ids are outside the domain (reference/_text_tokens.py)
DOMAINS = string_token_domains('wer', 'corpus_wer', 'mer', 'corpus_mer', 'wil', 'corpus_wil', 'wip', 'corpus_wip')

_CHARS = _tr.Compose([_tr.ReduceToListOfListOfChars()])


def _text(tokens):
    return tokens if isinstance(tokens, str) else " ".join(tokens)


def wer(reference, hypothesis):
    return _jiwer.wer(_text(reference), _text(hypothesis))


def corpus_wer(references, hypotheses, *, average="pooled"):
    if average == "mean":
        if len(references) != len(hypotheses):
            raise ValueError("hypotheses: count differs from references")
        return sum(wer(r, h) for r, h in zip(references, hypotheses)) / len(references)
    if average != "pooled":
        raise ValueError(f"average: unknown {average!r}")
    return _jiwer.wer([_text(r) for r in references], [_text(h) for h in hypotheses])


def cer(reference, hypothesis):
    return _jiwer.cer(reference, hypothesis, reference_transform=_CHARS, hypothesis_transform=_CHARS)


def corpus_cer(references, hypotheses, *, average="pooled"):
    if average == "mean":
        if len(references) != len(hypotheses):
            raise ValueError("hypotheses: count differs from references")
        return sum(cer(r, h) for r, h in zip(references, hypotheses)) / len(references)
    if average != "pooled":
        raise ValueError(f"average: unknown {average!r}")
    return _jiwer.cer(list(references), list(hypotheses), reference_transform=_CHARS, hypothesis_transform=_CHARS)


def _sentence_measure(measure):
    return lambda reference, hypothesis: measure(_text(reference), _text(hypothesis))


def _corpus_measure(measure):
    return lambda references, hypotheses: measure([_text(r) for r in references], [_text(h) for h in hypotheses])


mer, corpus_mer = _sentence_measure(_jiwer.mer), _corpus_measure(_jiwer.mer)
wil, corpus_wil = _sentence_measure(_jiwer.wil), _corpus_measure(_jiwer.wil)
wip, corpus_wip = _sentence_measure(_jiwer.wip), _corpus_measure(_jiwer.wip)
