"""RecPack (recpack.metrics, Froomle's top-N recommendation toolkit) under the catalog's ranking names.

RecPack's metrics take two users x items scipy.sparse matrices: ``y_true`` (the user's held-out interactions)
and ``y_pred`` (the recommendation scores; an item with no stored score is not recommended). The adapter turns
each query (row of the catalog's arrays) into one user, and calls the metric once per user, so that a batch of
queries gives one value per query as the catalog's per-query metrics do. Name provided:

* expected_percentile_rank with ``percentile="over_n"`` (the only variant it computes, SUPPORTS):
  ``PercentileRanking().calculate(y_true, y_pred)``, then ``.value / 100`` (RecPack gives percents). Hu, Koren
  & Volinsky's expected percentile ranking, pooled over the users of the call (one here). RecPack's percentile
  of rank i among |I| items is ``(i - 1) / |I|``, the catalog's ``percentile="over_n"`` (its docstring's
  ``(rank_ui - 1) / |I|``); a relevant item with no score gets the mean of the ranks left after the scored
  ones, the catalog's tie average of the bottom group under that percentile. Its docstring says it "assumes a
  binary y_true matrix": grades other than 0 and 1 are outside the declared domain (skipped).

RecPack 0.3.6 pins numpy 1.*, which the project does not use: it is installed with ``pip --no-deps`` (see the
Makefile); ``recpack.metrics`` needs only numpy, scipy and scikit-learn.
"""

from __future__ import annotations

from importlib.metadata import version as _version

import numpy as np
from recpack.metrics import PercentileRanking
from scipy.sparse import csr_matrix

from properties.engine.vocabulary.reproduce import library_call  # the library's own call, under the adapter's, in reproductions

from ._ranked_queries import binary_grades, grades_and_scores

TARGET_NAME = "recpack"
VERSION = _version("recpack")
CONVENTIONS = {
    "users": "each query (row) is one user, scored by its own call: the catalog's per-query value (RecPack pools "
    "the sums over the users of one call, Hu et al.'s form)",
    "scores": "y_pred is csr_matrix(y_score): a score of 0 is not stored, which RecPack reads as 'not "
    "recommended' (such an item gets the mean of the ranks below the scored ones, except where no item of the "
    "user is scored: 50%, see the deviations); y_score=None is passed as the strictly decreasing scores n, ..., 1 "
    "(the list order)",
    "percent": "PercentileRanking's value is in percent: the adapter divides it by 100",
    "percentile": "RecPack's percentile of rank i is (i - 1) / |I|, |I| the items (columns): the catalog's "
    "named variant percentile='over_n', the only one supported (SUPPORTS); the default (i - 1) / (n - 1) is not "
    "computed, so its properties are not applicable",
    "grades": "RecPack assumes a binary y_true: examples with a grade other than 0 or 1 are skipped (DOMAINS)",
    "ties": "tied scores are ordered by np.argpartition (unspecified); no ties keyword",
    "no relevant document": "RecPack drops users without a true item before scoring; no no_relevant keyword",
}


#: PercentileRanking "assumes a binary y_true matrix" (its docstring)
DOMAINS = {"expected_percentile_rank": {"where": binary_grades}}

#: PercentileRanking's percentile is (rank - 1) / |I| (percentile_ranking.py: ``ranking / self.num_items`` less
#: ``1 / self.num_items``)
SUPPORTS = {"expected_percentile_rank": {"percentile": ("over_n",)}}


def _percentile_ranking(true_row, score_row) -> float:
    metric = PercentileRanking()
    library_call(metric.calculate, csr_matrix(true_row[None, :]), csr_matrix(score_row[None, :]))
    return float(metric.value) / 100.0


def expected_percentile_rank(y_true, y_score=None, *, percentile="over_n"):
    if percentile != "over_n":
        raise ValueError(f"percentile: RecPack's PercentileRanking computes (i - 1) / |I| only, got {percentile!r}")
    grades, scores, single = grades_and_scores(y_true, y_score)
    values = np.array([_percentile_ranking(g, s) for g, s in zip(grades, scores)])
    return float(values[0]) if single else values
