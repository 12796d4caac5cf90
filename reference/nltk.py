"""NLTK under the catalog's names: edit distance, BLEU (``nltk.translate.bleu_score``) and METEOR
(``nltk.translate.meteor_score.meteor_score``).

Conventions matched by the adapter: NLTK's ``SmoothingFunction`` methods are
selected by the catalog's smoothing names (method0 = "none", method1 = "floor"
with ``epsilon = smooth_value``, method2 = "add-k" (NLTK adds exactly 1),
method3 = "exp"); ``max_n`` becomes uniform weights when no weights are given;
``auto_reweigh`` stays off. METEOR: ``meteor_score`` with its defaults (``preprocess=str.lower``,
``PorterStemmer()``) except ``wordnet``, a stub without synsets unless ``synonyms`` is given (the
WordNet data cannot be downloaded here; the stub makes NLTK's synonym stage match nothing, as the
catalog's ``synonyms=None``), and a given ``synonyms`` callable wrapped as a one-synset WordNet.
Inputs are passed through untouched, so NLTK's own
input handling is what gets audited.
"""

from __future__ import annotations

import warnings

import nltk
from nltk.metrics.distance import edit_distance as _nltk_edit_distance
from nltk.translate import bleu_score as _bleu
from nltk.translate import meteor_score as _meteor

from reference._text_tokens import string_token_domains

TARGET_NAME = "nltk"
VERSION = nltk.__version__
CONVENTIONS = {
    "edit_distance": "nltk.edit_distance, substitution_cost=1, transpositions=False",
    "bleu smoothing": "none/floor/add-k/exp -> SmoothingFunction().method0/1/2/3 (add-k only with k = 1)",
    "bleu weights": "uniform 1/max_n unless given; auto_reweigh=False",
    "bleu closest reference": "closest length, shorter on ties (nltk closest_ref_length)",
    "meteor": "meteor_score(references, hypothesis, alpha, beta, gamma), preprocess=str.lower, PorterStemmer(), "
              "wordnet = a stub without synsets (synonyms=None) or one synset of the synonyms callable's words",
}

# meteor_score takes Iterable[str] and lowercases each token: integer token ids are outside its domain
DOMAINS = string_token_domains("meteor")

_METHODS = {
    "none": "method0", "method0": "method0",
    "floor": "method1", "method1": "method1",
    "add-k": "method2", "method2": "method2",
    "exp": "method3", "method3": "method3",
}


def edit_distance(reference, hypothesis):
    return _nltk_edit_distance(reference, hypothesis)


def _options(max_n, weights, smoothing, smooth_value):
    if smoothing not in _METHODS:
        raise ValueError(f"smoothing: NLTK adapter has no method named {smoothing!r}")
    method = _METHODS[smoothing]
    if method == "method2" and smooth_value not in (None, 1, 1.0):
        raise ValueError("smooth_value: NLTK's method2 adds exactly 1")
    epsilon = 0.1 if smooth_value is None or method != "method1" else smooth_value
    function = getattr(_bleu.SmoothingFunction(epsilon=epsilon), method)
    if weights is None:
        weights = (1.0 / max_n,) * max_n if max_n > 0 else ()
    return tuple(weights), function


def sentence_bleu(references, hypothesis, *, max_n=4, weights=None, smoothing="none", smooth_value=None):
    weights, function = _options(max_n, weights, smoothing, smooth_value)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NLTK warns on zero counts; the value is what we audit
        return _bleu.sentence_bleu(references, hypothesis, weights=weights, smoothing_function=function)


def corpus_bleu(list_of_references, hypotheses, *, max_n=4, weights=None, smoothing="none", smooth_value=None):
    weights, function = _options(max_n, weights, smoothing, smooth_value)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _bleu.corpus_bleu(list_of_references, hypotheses, weights=weights, smoothing_function=function)


class _Lemma:
    def __init__(self, name):
        self._name = name

    def name(self):
        return self._name


class _Synset:
    def __init__(self, words):
        self._lemmas = [_Lemma(w) for w in words]

    def lemmas(self):
        return self._lemmas


class _WordNet:
    """The part of a WordNet reader ``meteor_score`` calls (``synsets(word)``), without the corpus data."""

    def __init__(self, synonyms=None):
        self._synonyms = synonyms

    def synsets(self, word):
        return [] if self._synonyms is None else [_Synset(list(self._synonyms(word)))]


def meteor(references, hypothesis, *, alpha=0.9, beta=3.0, gamma=0.5, synonyms=None):
    return _meteor.meteor_score(references, hypothesis, wordnet=_WordNet(synonyms), alpha=alpha, beta=beta,
                                gamma=gamma)
