"""pycocoevalcap (the COCO caption evaluation code) under the catalog's names: ``cider_d``.

pycocoevalcap 1.2's ``Cider`` (``pycocoevalcap/cider/cider.py`` and ``cider_scorer.py``, pure
Python) is named CIDEr but computes CIDEr-D (Vedantam et al. 2015, eq. 5): the candidate's tf-idf
values clipped by each reference's (``min(vec_hyp, vec_ref) * vec_ref``, cider_scorer.py ``sim``),
a Gaussian length penalty with ``sigma`` (6), the mean over the orders 1..n, divided by the number
of references, times 10. Its conventions, read from ``cider_scorer.py``:

* documents: one per image (segment), the set of its references' n-grams; ``df`` counts documents,
  hypotheses never count (``compute_doc_freq``);
* ``idf = log(N) - log(max(1, df))`` with ``N`` the number of segments (``ref_len =
  np.log(float(len(self.crefs)))``, ``df = np.log(max(1.0, ...))``): an n-gram no reference has
  weighs as one seen in one document, and a corpus of one segment has every idf 0;
* a sentence's "length" is its number of bigrams (``if n == 1: length += term_freq`` counts the
  n-grams of index 1), which only differs from the token length by 1 on both sides, or where one
  side is empty and its vector is zero: never a different value;
* a cosine with a zero norm is left undivided (the product is 0 there anyway);
* ``compute_score`` asserts ``len(ctest) >= max(document_frequency.values())``: ``max`` of nothing
  raises ``ValueError`` when no reference of the corpus has a token.

The adapter builds what a COCO user builds: ``gts = {i: [reference strings]}``,
``res = {i: [hypothesis string]}`` for segment ``i`` in list order, token lists joined with single
spaces (the library splits on whitespace: tokens are strings without whitespace, integer token ids
are outside its domain), ``Cider(n=max_n, sigma=sigma).compute_score(gts, res)``; the ``(score,
scores)`` it returns is given back as the catalog's ``CiderScore``. The plain CIDEr (``cider``) is
not in pycocoevalcap: not provided. Its METEOR runs a Java jar: not used.
"""

from __future__ import annotations

from importlib.metadata import version as _version

import numpy as np
from pycocoevalcap.cider.cider import Cider

from metrics.text import CiderScore
from reference._text_tokens import string_token_domains

TARGET_NAME = "pycocoevalcap"
VERSION = _version("pycocoevalcap")
CONVENTIONS = {
    "cider_d": "Cider(n=max_n, sigma=sigma).compute_score(gts, res), gts/res keyed by segment index, token lists "
               "joined with single spaces; (score, scores) as CiderScore",
    "idf": "log(N) - log(max(1, df)), N segments, df over each segment's reference set",
}

DOMAINS = string_token_domains("cider_d")


def _text(tokens):
    return " ".join(tokens)


def cider_d(list_of_references, hypotheses, *, max_n=4, sigma=6.0):
    gts = {i: [_text(r) for r in refs] for i, refs in enumerate(list_of_references)}
    res = {i: [_text(h)] for i, h in enumerate(hypotheses)}
    score, scores = Cider(n=max_n, sigma=sigma).compute_score(gts, res)
    return CiderScore(float(score), np.asarray(scores, dtype=np.float64))
