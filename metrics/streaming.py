"""Streaming forms of the catalog's metrics: ``update`` per batch, ``compute``, ``reset``, ``merge``.

The protocol every target may offer (``STREAMING``: catalog name -> factory):
``factory(**options)`` returns an object with

* ``update(*batch)``: add a batch, given as the metric's positional arguments
  (``update(y_true, y_pred)`` for ``f1``); an empty batch adds nothing;
* ``compute()``: the metric of everything added so far, as one call of the
  catalog function on all of it would give, without changing the state;
* ``reset()``: back to the empty state;
* ``merge(other)`` (optional): add the state of ``other`` (a stream of the same
  metric and options, e.g. another process's shard), leaving ``other`` as it was.

The options are the keyword arguments of the one-shot call (``average=``,
``beta=`` ...): fixed when the stream is made, as in torchmetrics' modular
metrics.

``sample_weight`` is not an option: a stream's samples weigh one each.

The catalog's states are in :mod:`metrics.stream_states`,
:mod:`metrics.stream_moments` and :mod:`metrics.stream_labels`. Most are
finite, a few numbers whatever the stream's length: counts and sums for the
losses (percentage errors, pinball loss, Tweedie deviances), log loss, the
per-query ranking means, the multilabel per-row means, WER/CER, corpus BLEU, corpus
chrF/chrF++ and corpus TER (their summed sentence statistics) and perplexity; a running maximum (max error); the mean absolute error and mean
magnitude (weighted MAPE); per-label counts (the multilabel rates and confusion
matrix); per-bin counts and sums (calibration error over equal-width bins; equal-
mass bins have no finite state and no stream); co-moments (count, means,
centred sums of squares and cross-products, merged by Chan et al.'s update)
for R2, adjusted R2, explained variance, Pearson's r and Lin's concordance.
Top-k accuracy, the hinge loss and the Brier score are means of per-sample
values once the classes are named: their streams need ``labels=``. Median
absolute error keeps every absolute error (8 bytes a sample). The other order-free metrics of
1-D samples (classification, curves with the operating points under a constraint and
log-AUC, clustering with ground truth, Spearman
and Kendall; the label error rates and likelihood ratios; the D² scores of the
absolute error, pinball loss and Tweedie deviance) keep
:class:`~metrics.stream_states.CountedSamples`: the
distinct samples seen, as columns, with how often each occurred. Every one of
these metrics depends only on the multiset of its samples (the generic
``permutation_invariance`` and ``duplication_invariance`` properties say so),
so the counts are a sufficient statistic and ``compute`` is exact: the catalog
function on the distinct samples weighted by their counts (``sample_weight``,
which the ``integer_weights`` property proves equal to repetition), or on the
samples repeated when the metric takes no weights. That state is finite
wherever the sample values are: labels (a k x k table of label pairs),
clusterings (the contingency table), scores on a grid (per-score positive and
negative counts); for continuous reals it holds each distinct value once
(Spearman's and Kendall's ranks are global: they have no finite state; the D²
absolute error and pinball scores need a quantile of y_true, which has none
either; D² Tweedie's baseline, the deviance from the mean, is a function of
power sums of y_true for a fixed power, a finite state, but their difference
cancels catastrophically for data far from 0, where the distinct samples keep
the one-shot's digits). Its cost: 8 bytes per distinct value and argument, and
``compute`` sorts them again.
"""

from __future__ import annotations

from .errors import MetricInputError
from .stream_labels import CalibrationBins, LabelCounts, LabelledSampleMean
from .stream_moments import (AbsoluteErrors, AbsoluteErrorShare, AdjustedR2, ConcordanceMoments,
                             ExplainedVarianceMoments, LargestAbsoluteError, PearsonMoments, R2Moments)
from .stream_states import (BinnedRocAuc, BitErrors, BleuCounts, ChrfCounts, ClusterMoments, CountedSamples, EditCounts,
                            FrameMean, RatingMoments, SampleMean, TerCounts, TokenLogLikelihood)

__all__ = ["STREAMING", "stream", "binned_roc_auc"]


def _factory(name: str, state, **fixed):
    """The factory of ``name``'s stream: ``state(metric, **fixed, **options)``."""
    import metrics  # complete: this module is imported at the end of metrics/__init__.py

    metric = getattr(metrics, name)

    def factory(**options):
        if "sample_weight" in options:
            raise MetricInputError("sample_weight", f"is not an option of a {name} stream: its samples weigh one "
                                                    "each (the weights of a one-shot call belong to its samples)")
        return state(metric, **fixed, **options)

    factory.__name__ = f"stream_{name}"
    factory.__doc__ = f"A stream of {name}: :class:`~{state.__module__}.{state.__name__}`."
    return factory


#: catalog metrics of 1-D samples that depend only on their multiset: labels, label pairs, scores, real pairs
_ORDER_FREE_COLUMNS = (
    # classification (a k x k table of label pairs)
    "confusion_matrix", "accuracy", "precision", "recall", "fbeta", "f1", "specificity", "false_positive_rate",
    "false_negative_rate", "negative_predictive_value", "balanced_accuracy", "matthews_corrcoef", "cohen_kappa",
    # curves (per-score positive and negative counts)
    "precision_recall_curve", "average_precision", "roc_curve", "roc_auc", "det_curve", "equal_error_rate",
    "recall_at_fixed_precision", "precision_at_fixed_recall", "sensitivity_at_specificity",
    "specificity_at_sensitivity", "log_auc",
    # clustering with ground truth (the contingency table)
    "contingency_matrix", "pair_confusion_matrix", "rand_index", "adjusted_rand_index", "mutual_information",
    "normalized_mutual_information", "adjusted_mutual_information", "homogeneity", "completeness", "v_measure",
    "fowlkes_mallows",
    # label error rates and likelihood ratios (the k x k table of label pairs)
    "zero_one_loss", "hamming_loss", "class_likelihood_ratios",
    # D² of the absolute error, pinball loss and Tweedie deviance: the baseline is a quantile (or, for the
    # Tweedie deviance, a deviance from the mean: a difference of power sums, which cancels catastrophically
    # for data far from 0), so each distinct pair once
    "d2_absolute_error", "d2_pinball", "d2_tweedie",
    # rank correlations: ranks are global, no finite sufficient statistic (each distinct pair once)
    "spearman", "kendall_tau",
)

#: means of per-sample values (losses, log loss) and of per-query values (the ranking means)
_SAMPLE_MEANS = (
    "mean_squared_error", "mean_absolute_error", "mean_squared_log_error", "log_loss",
    "mean_average_precision", "mean_average_recall", "mean_reciprocal_rank", "hit_rate_at_k",
    "mean_absolute_percentage_error", "symmetric_mean_absolute_percentage_error", "mean_pinball_loss",
    "mean_tweedie_deviance", "mean_poisson_deviance", "mean_gamma_deviance",
    # multilabel means over rows (a row's value needs only its own cells)
    "subset_accuracy", "multilabel_hamming_loss", "label_ranking_average_precision", "coverage_error",
    "label_ranking_loss",
)

#: means of per-sample values scored against a class set: the stream needs labels=
_LABELLED_MEANS = ("top_k_accuracy", "hinge_loss", "brier_score_loss")

#: multilabel rates and the confusion matrix: per-label counts (and per-row sums for average="samples")
_LABEL_COUNTS = ("multilabel_precision", "multilabel_recall", "multilabel_fbeta", "multilabel_f1",
                 "multilabel_jaccard", "multilabel_confusion_matrix")

#: catalog name -> factory of its stream (the protocol above)
STREAMING = {name: _factory(name, CountedSamples) for name in _ORDER_FREE_COLUMNS}
STREAMING.update({name: _factory(name, SampleMean) for name in _SAMPLE_MEANS})
STREAMING.update({name: _factory(name, LabelledSampleMean) for name in _LABELLED_MEANS})
STREAMING.update({name: _factory(name, LabelCounts) for name in _LABEL_COUNTS})
STREAMING.update({
    "root_mean_squared_error": _factory("root_mean_squared_error", SampleMean, root=True),
    "root_mean_squared_log_error": _factory("root_mean_squared_log_error", SampleMean, root=True),
    "corpus_wer": _factory("corpus_wer", EditCounts, characters=False),
    "corpus_cer": _factory("corpus_cer", EditCounts, characters=True),
    "corpus_bleu": _factory("corpus_bleu", BleuCounts),
    "corpus_chrf": _factory("corpus_chrf", ChrfCounts),
    "corpus_ter": _factory("corpus_ter", TerCounts),
    "perplexity": _factory("perplexity", TokenLogLikelihood, corpus=False),
    "corpus_perplexity": _factory("corpus_perplexity", TokenLogLikelihood, corpus=True),
    "bit_error_rate": _factory("bit_error_rate", BitErrors),
    "mean_opinion_score": _factory("mean_opinion_score", RatingMoments),
    "calinski_harabasz": _factory("calinski_harabasz", ClusterMoments),
    "r2": _factory("r2", R2Moments),
    "adjusted_r2": _factory("adjusted_r2", AdjustedR2),
    "explained_variance": _factory("explained_variance", ExplainedVarianceMoments),
    "pearson": _factory("pearson", PearsonMoments),
    "median_absolute_error": _factory("median_absolute_error", AbsoluteErrors),
    "mel_cepstral_distortion": _factory("mel_cepstral_distortion", FrameMean),
    "max_error": _factory("max_error", LargestAbsoluteError),
    "weighted_mean_absolute_percentage_error": _factory("weighted_mean_absolute_percentage_error",
                                                        AbsoluteErrorShare),
    "concordance_corrcoef": _factory("concordance_corrcoef", ConcordanceMoments),
    "expected_calibration_error": _factory("expected_calibration_error", CalibrationBins),
})


def stream(name: str, **options):
    """A new stream of catalog metric ``name`` with the one-shot call's keyword ``options``."""
    try:
        factory = STREAMING[name]
    except KeyError:
        raise MetricInputError("name", f"{name!r} has no streaming form; these do: {', '.join(STREAMING)}") from None
    return factory(**options)


def binned_roc_auc(edges, *, pos_label=None) -> BinnedRocAuc:
    """A fixed-memory ROC AUC stream over the score bins ``edges``, with a known error bound
    (:class:`~metrics.stream_states.BinnedRocAuc`): not in ``STREAMING``, whose streams are exact."""
    return BinnedRocAuc(edges, pos_label=pos_label)
