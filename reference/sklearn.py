"""scikit-learn under the catalog's names, with its conventions declared.

Sections per family; each maps catalog names onto ``sklearn.metrics`` with the
arguments that make the conventions match the catalog's (documented per name).
"""

from __future__ import annotations

import numpy as np
import sklearn
from sklearn import metrics as skm

from properties.engine.vocabulary.reproduce import library_call  # the library's own call, under the adapter's, in reproductions

TARGET_NAME = "sklearn"
VERSION = sklearn.__version__
CONVENTIONS: dict[str, str] = {}
#: option values sklearn does not take (properties asking for them are not applicable)
SUPPORTS: dict[str, dict[str, tuple]] = {
    # jaccard_score's parameter validation accepts zero_division 0, 1 or 'warn' only (precision_score takes nan)
    "jaccard_score": {"zero_division": (0.0, 1.0)},
}

# ---------------------------------------------------------------- classification
# (section: classification)
# Catalog names map onto sklearn.metrics with the catalog's argument names and
# defaults; zero_division / replace_undefined_by are passed through (sklearn accepts
# 0.0, 1.0 and nan). sklearn has no specificity, false_positive_rate or
# negative_predictive_value: they are read off sklearn's multilabel_confusion_matrix
# counts and averaged by sklearn's own rules (support weights; with nan, undefined
# classes skipped); sklearn's validation of average/pos_label/labels runs first
# through precision_recall_fscore_support. false_negative_rate is 1 - recall_score
# with zero_division mirrored (1 - zd), so every average is sklearn's.
# UndefinedMetricWarning is silenced: the undefined value is the one asked for.
CONVENTIONS["classification.zero_division"] = "passed through (0.0, 1.0 or nan); catalog default 0.0 = sklearn's 'warn'"
CONVENTIONS["classification.specificity"] = "from multilabel_confusion_matrix: TN / (TN + FP), sklearn averaging rules"
CONVENTIONS["classification.false_positive_rate"] = "from multilabel_confusion_matrix: FP / (FP + TN)"
CONVENTIONS["classification.negative_predictive_value"] = "from multilabel_confusion_matrix: TN / (TN + FN)"
CONVENTIONS["classification.weighted_tn"] = "TN rounding residue below 1e-12 of the total weight snapped to 0"
CONVENTIONS["classification.false_negative_rate"] = "1 - recall_score(zero_division=1 - zd)"
CONVENTIONS["classification.matthews_corrcoef.undefined"] = "0.0 when y_true or y_pred is constant (same as catalog)"
CONVENTIONS["classification.log_loss.clipping"] = "probabilities clipped to [eps, 1 - eps] (catalog: none, inf at p = 0)"

import warnings as _warnings  # noqa: E402


def _quiet(call, *args, **kwargs):
    with _warnings.catch_warnings():
        _warnings.simplefilter("ignore", skm._classification.UndefinedMetricWarning)
        _warnings.simplefilter("ignore", UserWarning)  # "single label found", "y_pred contains classes not in y_true"
        return call(*args, **kwargs)


def _scalar_or_array(value):
    return float(value) if np.ndim(value) == 0 else np.asarray(value, dtype=np.float64)


def _prf(score, y_true, y_pred, **kwargs):
    return _scalar_or_array(_quiet(score, y_true, y_pred, **kwargs))


def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    return _quiet(skm.confusion_matrix, y_true, y_pred, labels=labels, sample_weight=sample_weight, normalize=normalize)


def accuracy(y_true, y_pred, *, sample_weight=None):
    return float(skm.accuracy_score(y_true, y_pred, sample_weight=sample_weight))


def precision(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0):
    return _prf(skm.precision_score, y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                sample_weight=sample_weight, zero_division=zero_division)


def recall(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0):
    return _prf(skm.recall_score, y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                sample_weight=sample_weight, zero_division=zero_division)


def fbeta(y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary", sample_weight=None,
          zero_division=0.0):
    return _prf(skm.fbeta_score, y_true, y_pred, beta=beta, labels=labels, pos_label=pos_label, average=average,
                sample_weight=sample_weight, zero_division=zero_division)


def f1(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0):
    return _prf(skm.f1_score, y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                sample_weight=sample_weight, zero_division=zero_division)


def false_negative_rate(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None,
                        zero_division=0.0):
    mirrored = 1.0 - zero_division if zero_division in (0, 1) else zero_division
    return 1.0 - recall(y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                        sample_weight=sample_weight, zero_division=mirrored)


def _from_mcm(parts, y_true, y_pred, labels, pos_label, average, sample_weight, zero_division):
    # sklearn's own validation (unknown average, pos_label, multiclass data in binary mode)
    _quiet(skm.precision_recall_fscore_support, y_true, y_pred, labels=labels, pos_label=pos_label,
           average=average, sample_weight=sample_weight, zero_division=0.0)
    selected = [pos_label] if average == "binary" else labels
    mcm = skm.multilabel_confusion_matrix(y_true, y_pred, labels=selected, sample_weight=sample_weight)
    tn, fp, fn, tp = (mcm[:, i, j].astype(np.float64) for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)))
    # sklearn derives weighted TN as a difference of sums; its rounding residue (e.g. 4.4e-16 when every
    # sample is of the class) would make a 0/0 specificity look defined, so it is snapped to 0
    total = tn + fp + fn + tp
    tn = np.where(tn <= 1e-12 * total, 0.0, tn)
    num, den = parts(tp, fp, fn, tn)
    if average == "micro":
        num, den = np.atleast_1d(num.sum()), np.atleast_1d(den.sum())
    with np.errstate(divide="ignore", invalid="ignore"):
        values = np.where(den == 0, zero_division, num / np.where(den == 0, 1.0, den))
    if average is None:
        return values
    if average in ("binary", "micro"):
        return float(values[0])
    weights = tp + fn if average == "weighted" else None
    return float(skm._classification._nanaverage(values, weights=weights))


def specificity(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None,
                zero_division=0.0):
    return _from_mcm(lambda tp, fp, fn, tn: (tn, tn + fp), y_true, y_pred, labels, pos_label, average,
                     sample_weight, zero_division)


def false_positive_rate(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None,
                        zero_division=0.0):
    return _from_mcm(lambda tp, fp, fn, tn: (fp, fp + tn), y_true, y_pred, labels, pos_label, average,
                     sample_weight, zero_division)


def negative_predictive_value(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None,
                              zero_division=0.0):
    return _from_mcm(lambda tp, fp, fn, tn: (tn, tn + fn), y_true, y_pred, labels, pos_label, average,
                     sample_weight, zero_division)


def balanced_accuracy(y_true, y_pred, *, sample_weight=None):
    return float(_quiet(skm.balanced_accuracy_score, y_true, y_pred, sample_weight=sample_weight))


def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    return float(_quiet(skm.matthews_corrcoef, y_true, y_pred, sample_weight=sample_weight))


def cohen_kappa(y1, y2, *, labels=None, weights=None, sample_weight=None, replace_undefined_by=np.nan):
    return float(_quiet(skm.cohen_kappa_score, y1, y2, labels=labels, weights=weights, sample_weight=sample_weight,
                        replace_undefined_by=replace_undefined_by))


def log_loss(y_true, y_proba, *, normalize=True, sample_weight=None, labels=None):
    return float(_quiet(skm.log_loss, y_true, y_proba, normalize=normalize, sample_weight=sample_weight, labels=labels))


# Added with issue 32 (single-label breadth and calibration): zero_one_loss, hamming_loss, jaccard_score,
# top_k_accuracy_score, hinge_loss, class_likelihood_ratios, brier_score_loss, d2_brier_score and
# d2_log_loss_score map one-to-one. Two format conversions, both exact identities:
# top_k_accuracy with two score columns passes the greater class's column (sklearn's binary branch
# takes 1-D scores), and labels= sorted (the catalog's columns follow the sorted labels; sklearn
# requires them ordered); hinge_loss with an (N, 2) decision matrix passes d[:, 1] - d[:, 0], on
# which sklearn's binary hinge equals Crammer-Singer's (sklearn refuses two columns).
CONVENTIONS["classification.top_k_accuracy.binary"] = ("two score columns -> the greater class's column (1-D); "
                                                       "sklearn then predicts by score > 0.5 (scores in [0, 1]) "
                                                       "or > 0 for k = 1")
CONVENTIONS["classification.hinge_loss.two_columns"] = "(N, 2) decisions -> d[:, 1] - d[:, 0] (binary hinge)"
CONVENTIONS["classification.brier_score_loss.scale_by_half"] = "passed through ('auto': halved for two classes)"


def zero_one_loss(y_true, y_pred, *, normalize=True, sample_weight=None):
    return float(skm.zero_one_loss(y_true, y_pred, normalize=normalize, sample_weight=sample_weight))


def hamming_loss(y_true, y_pred, *, sample_weight=None):
    return float(skm.hamming_loss(y_true, y_pred, sample_weight=sample_weight))


def jaccard_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None,
                  zero_division=0.0):
    return _prf(skm.jaccard_score, y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                sample_weight=sample_weight, zero_division=zero_division)


def top_k_accuracy(y_true, y_score, *, k=2, normalize=True, sample_weight=None, labels=None):
    scores = np.asarray(y_score)
    if scores.ndim == 2 and scores.shape[1] == 2:
        scores = scores[:, 1]
    ordered = None if labels is None else np.sort(np.asarray(labels))
    return float(_quiet(skm.top_k_accuracy_score, y_true, scores, k=k, normalize=normalize,
                        sample_weight=sample_weight, labels=ordered))


def hinge_loss(y_true, pred_decision, *, labels=None, sample_weight=None):
    decision = np.asarray(pred_decision)
    if decision.ndim == 2 and decision.shape[1] == 2:
        decision = decision[:, 1] - decision[:, 0]
    return float(skm.hinge_loss(y_true, decision, labels=labels, sample_weight=sample_weight))


def class_likelihood_ratios(y_true, y_pred, *, labels=None, sample_weight=None, replace_undefined_by=np.nan):
    lr_pos, lr_neg = _quiet(skm.class_likelihood_ratios, y_true, y_pred, labels=labels, sample_weight=sample_weight,
                            replace_undefined_by=replace_undefined_by)
    return float(lr_pos), float(lr_neg)


def brier_score_loss(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None, scale_by_half="auto"):
    return float(skm.brier_score_loss(y_true, y_proba, sample_weight=sample_weight, pos_label=pos_label,
                                      labels=labels, scale_by_half=scale_by_half))


def d2_brier_score(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None):
    return float(_quiet(skm.d2_brier_score, y_true, y_proba, sample_weight=sample_weight, pos_label=pos_label,
                        labels=labels))


def d2_log_loss_score(y_true, y_proba, *, sample_weight=None, labels=None):
    return float(_quiet(skm.d2_log_loss_score, y_true, y_proba, sample_weight=sample_weight, labels=labels))


# ---------------------------------------------------------------- probabilistic (calibration)
# (section: probabilistic) sklearn.calibration.calibration_curve under the catalog's name; it returns no
# bin counts (no return_counts keyword: the properties that need the counts are not applicable).
# sklearn has no expected calibration error.
from sklearn import calibration as _calibration  # noqa: E402


def calibration_curve(y_true, y_proba, *, pos_label=None, n_bins=5, strategy="uniform"):
    return _calibration.calibration_curve(y_true, y_proba, pos_label=pos_label, n_bins=n_bins, strategy=strategy)


# ---------------------------------------------------------------- regression
# (section: regression)
# Catalog names map one-to-one onto sklearn.metrics; multioutput= (2-D targets) is passed through where
# sklearn has it, its 'raw_values' array returned as an array. r2 / explained_variance pass force_finite through,
# so both constant-y_true conventions are the caller's choice, as in the catalog.
CONVENTIONS["regression.force_finite"] = "passed through (sklearn default True: 1.0/0.0 on constant y_true)"
CONVENTIONS["regression.median_absolute_error.sample_weight"] = "weighted median averaging lower/upper (average=True)"


def mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _scalar_or_array(skm.mean_squared_error(y_true, y_pred, sample_weight=sample_weight,
                                                   multioutput=multioutput))


def root_mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _scalar_or_array(skm.root_mean_squared_error(y_true, y_pred, sample_weight=sample_weight,
                                                        multioutput=multioutput))


def mean_absolute_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _scalar_or_array(skm.mean_absolute_error(y_true, y_pred, sample_weight=sample_weight,
                                                    multioutput=multioutput))


def median_absolute_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _scalar_or_array(skm.median_absolute_error(y_true, y_pred, sample_weight=sample_weight,
                                                      multioutput=multioutput))


def mean_squared_log_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _scalar_or_array(skm.mean_squared_log_error(y_true, y_pred, sample_weight=sample_weight,
                                                       multioutput=multioutput))


def root_mean_squared_log_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _scalar_or_array(skm.root_mean_squared_log_error(y_true, y_pred, sample_weight=sample_weight,
                                                            multioutput=multioutput))


def r2(y_true, y_pred, *, sample_weight=None, force_finite=True, multioutput="uniform_average"):
    return _scalar_or_array(skm.r2_score(y_true, y_pred, sample_weight=sample_weight, force_finite=force_finite,
                                         multioutput=multioutput))


def explained_variance(y_true, y_pred, *, sample_weight=None, force_finite=True, multioutput="uniform_average"):
    return _scalar_or_array(skm.explained_variance_score(y_true, y_pred, sample_weight=sample_weight,
                                                         force_finite=force_finite, multioutput=multioutput))


# Percentage errors, pinball loss, Tweedie deviances and D² scores (issue 32): one-to-one onto
# sklearn.metrics under the catalog's names (d2_*_score -> d2_*); alpha, power and sample_weight passed
# through. sklearn's d2_tweedie_score has no force_finite: on constant y_true it divides by a zero
# Python float (ZeroDivisionError), or by a rounding residue when the mean is not the constant.
CONVENTIONS["regression.mean_absolute_percentage_error"] = "|y - p| / max(|y|, float64 eps) (same as catalog)"
CONVENTIONS["regression.d2_tweedie"] = "d2_tweedie_score: 1 - num/den without force_finite (raises on constant y_true)"
CONVENTIONS["regression.d2_single_sample"] = "d2_* scores warn and return nan for one sample"


def mean_absolute_percentage_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _scalar_or_array(skm.mean_absolute_percentage_error(y_true, y_pred, sample_weight=sample_weight,
                                                               multioutput=multioutput))


def max_error(y_true, y_pred):
    return float(skm.max_error(y_true, y_pred))


def mean_pinball_loss(y_true, y_pred, *, alpha=0.5, sample_weight=None, multioutput="uniform_average"):
    return _scalar_or_array(skm.mean_pinball_loss(y_true, y_pred, alpha=alpha, sample_weight=sample_weight,
                                                  multioutput=multioutput))


def mean_tweedie_deviance(y_true, y_pred, *, power=0.0, sample_weight=None):
    return float(skm.mean_tweedie_deviance(y_true, y_pred, power=power, sample_weight=sample_weight))


def mean_poisson_deviance(y_true, y_pred, *, sample_weight=None):
    return float(skm.mean_poisson_deviance(y_true, y_pred, sample_weight=sample_weight))


def mean_gamma_deviance(y_true, y_pred, *, sample_weight=None):
    return float(skm.mean_gamma_deviance(y_true, y_pred, sample_weight=sample_weight))


def d2_absolute_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _scalar_or_array(_quiet(skm.d2_absolute_error_score, y_true, y_pred, sample_weight=sample_weight,
                                   multioutput=multioutput))


def d2_pinball(y_true, y_pred, *, alpha=0.5, sample_weight=None, multioutput="uniform_average"):
    return _scalar_or_array(_quiet(skm.d2_pinball_score, y_true, y_pred, alpha=alpha, sample_weight=sample_weight,
                                   multioutput=multioutput))


def d2_tweedie(y_true, y_pred, *, power=0.0, sample_weight=None):
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(_quiet(skm.d2_tweedie_score, y_true, y_pred, power=power, sample_weight=sample_weight))


# ---------------------------------------------------------------- curves
# (section: curves)
# roc_curve passes drop_intermediate=False (one point per distinct score, as the
# catalog); det_curve keeps sklearn's trimming (the spec only asks that its points
# be the catalog's points at the same thresholds). average_precision is the step sum
# only: sklearn has no interpolated variants, so it takes no `interpolation` keyword
# and those properties are not applicable. roc_auc with 2-D scores is one-vs-rest.
# equal_error_rate is not provided by sklearn, nor are the operating points under a constraint
# (recall_at_fixed_precision, precision_at_fixed_recall, sensitivity_at_specificity,
# specificity_at_sensitivity) or log_auc: roc_auc_score(max_fpr=...) is McClish's standardised
# partial AUC over [0, max_fpr] in linear FPR, another quantity (checked on scikit-learn 1.9.1).
CONVENTIONS["curves.roc_curve.drop_intermediate"] = "False (every distinct score is an operating point)"
CONVENTIONS["curves.det_curve"] = "trimmed to the points between the last without false negatives and the first without false positives"
CONVENTIONS["curves.average_precision"] = "step sum only (no interpolation)"
CONVENTIONS["curves.roc_auc.multiclass"] = "multi_class='ovr'"


def precision_recall_curve(y_true, y_score, *, pos_label=None, sample_weight=None):
    return skm.precision_recall_curve(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)


SUPPORTS["average_precision"] = {"interpolation": (None, "trapezoid")}
CONVENTIONS["curves.average_precision"] = ("interpolation=None: average_precision_score (the step sum); "
                                           "'trapezoid': auc(recall, precision) over precision_recall_curve, whose "
                                           "end point (recall 0, precision 1) starts the trapezoids")


def average_precision(y_true, y_score, *, interpolation=None, pos_label=1, sample_weight=None):
    if interpolation == "trapezoid":
        precision_, recall_, _ = skm.precision_recall_curve(y_true, y_score, pos_label=pos_label,
                                                            sample_weight=sample_weight)
        return float(library_call(skm.auc, recall_, precision_))
    if interpolation is not None:
        raise ValueError(f"interpolation: scikit-learn has the step sum (None) and auc(recall, precision) "
                         f"('trapezoid'), got {interpolation!r}")
    return float(skm.average_precision_score(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight))


def roc_curve(y_true, y_score, *, pos_label=None, sample_weight=None):
    return skm.roc_curve(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight, drop_intermediate=False)


def roc_auc(y_true, y_score, *, average="macro", labels=None, sample_weight=None):
    multi_class = "ovr" if np.ndim(y_score) == 2 else "raise"
    return float(
        skm.roc_auc_score(
            y_true, y_score, average=average, labels=labels, sample_weight=sample_weight, multi_class=multi_class
        )
    )


def det_curve(y_true, y_score, *, pos_label=None, sample_weight=None):
    return skm.det_curve(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)


def auc(x, y):
    return float(skm.auc(x, y))


# ---------------------------------------------------------------- ranking
# (section: ranking)
# sklearn scores one query batch at a time and returns the mean; the catalog's
# per-query metrics return one value per query, so each query is scored alone.
CONVENTIONS.update(
    {
        "ranking ties": "tied scores averaged (McSherry & Najork; ignore_ties=False), the catalog default",
        "ranking gain": "ndcg_score/dcg_score use linear gain; gain='exponential' passes 2^rel - 1 as y_true",
        "ranking ranked lists": "y_score=None is passed as strictly decreasing scores (the list order)",
        "ranking one-document queries": "refused by ndcg_score and dcg_score (by design)",
        "mean_average_precision": "label_ranking_average_precision_score on y_true > 0: k = all documents, "
        "denominator = all relevant; tied scores all count as ranked ahead; 1.0 for a query with nothing relevant",
    }
)


def _ranking_queries(y_true, y_score):
    grades = np.asarray(y_true, dtype=float)
    single = grades.ndim == 1
    grades = np.atleast_2d(grades)
    if y_score is None:
        scores = np.broadcast_to(-np.arange(grades.shape[1], dtype=float), grades.shape)
    else:
        scores = np.asarray(y_score, dtype=float)
        scores = scores[None, :] if single and scores.ndim == 1 else scores
    return grades, scores, single


def _per_query(score_fn, y_true, y_score, **kwargs):
    grades, scores, single = _ranking_queries(y_true, y_score)
    if scores.shape != grades.shape:
        raise ValueError(f"y_score has shape {scores.shape}, y_true has shape {grades.shape}")
    values = np.array([library_call(score_fn, grades[q : q + 1], scores[q : q + 1], **kwargs)
                       for q in range(len(grades))])
    return float(values[0]) if single else values


def _gain_as_grades(grades, gain):
    if gain == "linear":
        return grades
    if gain == "exponential":
        return 2.0 ** np.asarray(grades, dtype=float) - 1.0
    raise ValueError(f"gain: unknown gain {gain!r}")


def dcg_at_k(y_true, y_score=None, *, k=None, gain="linear"):
    grades, scores, single = _ranking_queries(y_true, y_score)
    if gain == "exponential" and (grades < 0).any():
        raise ValueError("y_true: negative grades with gain='exponential'")
    values = _per_query(skm.dcg_score, _gain_as_grades(grades, gain), scores, k=k)
    return float(values[0]) if single else values


def ndcg_at_k(y_true, y_score=None, *, k=None, gain="linear"):
    grades, scores, single = _ranking_queries(y_true, y_score)
    if gain == "exponential" and (grades < 0).any():
        raise ValueError("y_true: negative grades with gain='exponential'")
    values = _per_query(skm.ndcg_score, _gain_as_grades(grades, gain), scores, k=k)
    return float(values[0]) if single else values


def mean_average_precision(y_true, y_score=None, *, sample_weight=None):
    grades, scores, _ = _ranking_queries(y_true, y_score)
    relevant = grades > 0
    if np.isnan(grades).any():  # NaN > 0 is False: the NaN is passed on, for sklearn's own check to refuse it
        relevant = np.where(np.isnan(grades), np.nan, relevant)
    return float(
        library_call(skm.label_ranking_average_precision_score, relevant, scores, sample_weight=sample_weight)
    )


# ---------------------------------------------------------------- clustering
# (section: clustering) sklearn.metrics.cluster and the internal indices under the catalog's names.
# contingency_matrix is requested dense (sparse=False); every other name is passed through as is.
CONVENTIONS["clustering.contingency_matrix"] = "sklearn.metrics.cluster.contingency_matrix(sparse=False)"
CONVENTIONS["clustering.silhouette"] = "silhouette_score / silhouette_samples with sample_size=None (every sample)"


def contingency_matrix(labels_true, labels_pred):
    return skm.cluster.contingency_matrix(labels_true, labels_pred, sparse=False)


def pair_confusion_matrix(labels_true, labels_pred):
    return skm.cluster.pair_confusion_matrix(labels_true, labels_pred)


def rand_index(labels_true, labels_pred):
    return float(skm.rand_score(labels_true, labels_pred))


def adjusted_rand_index(labels_true, labels_pred):
    return float(skm.adjusted_rand_score(labels_true, labels_pred))


def mutual_information(labels_true, labels_pred):
    return float(skm.mutual_info_score(labels_true, labels_pred))


def normalized_mutual_information(labels_true, labels_pred, *, average_method="arithmetic"):
    return float(skm.normalized_mutual_info_score(labels_true, labels_pred, average_method=average_method))


def adjusted_mutual_information(labels_true, labels_pred, *, average_method="arithmetic"):
    return float(skm.adjusted_mutual_info_score(labels_true, labels_pred, average_method=average_method))


def homogeneity(labels_true, labels_pred):
    return float(skm.homogeneity_score(labels_true, labels_pred))


def completeness(labels_true, labels_pred):
    return float(skm.completeness_score(labels_true, labels_pred))


def v_measure(labels_true, labels_pred, *, beta=1.0):
    return float(skm.v_measure_score(labels_true, labels_pred, beta=beta))


def fowlkes_mallows(labels_true, labels_pred):
    return float(skm.fowlkes_mallows_score(labels_true, labels_pred))


def silhouette_score(X, labels, *, metric="euclidean"):
    return float(skm.silhouette_score(X, labels, metric=metric))


def silhouette_samples(X, labels, *, metric="euclidean"):
    return skm.silhouette_samples(X, labels, metric=metric)


def calinski_harabasz(X, labels):
    return float(skm.calinski_harabasz_score(X, labels))


def davies_bouldin(X, labels):
    return float(skm.davies_bouldin_score(X, labels))


# ---------------------------------------------------------------- multilabel
# (section: multilabel) indicator matrices onto sklearn's multilabel-indicator format, arguments passed
# through. jaccard_score takes zero_division 0 or 1 only (no nan). A single label column (n x 1) is read by
# sklearn as binary single-label data, not as a one-label indicator matrix: what it returns there is
# sklearn's own answer, audited as is. Not provided: sklearn has no per-label ROC or precision-recall curve
# (roc_curve, precision_recall_curve and det_curve refuse multilabel-indicator input: "multilabel-indicator format is
# not supported"; a loop over the columns would be the adapter's computation, not sklearn's), no EER and no stat
# scores (its multilabel_confusion_matrix is mapped; checked on scikit-learn 1.9.1).
CONVENTIONS["multilabel"] = "multilabel-indicator input to precision/recall/fbeta/f1/jaccard_score, accuracy_score " \
                            "(subset accuracy), hamming_loss, multilabel_confusion_matrix, the label ranking scores, " \
                            "roc_auc_score and average_precision_score"
CONVENTIONS["multilabel.curves.undefined"] = "roc_auc_score: NaN (warning) for a one-class column; " \
                                             "average_precision_score: 0 for a column without positives"
SUPPORTS["multilabel_jaccard"] = {"zero_division": (0.0, 1.0)}


def _multilabel(score, y_true, y_pred, **kwargs):
    return _scalar_or_array(_quiet(score, y_true, y_pred, **kwargs))


def multilabel_precision(y_true, y_pred, *, average="macro", zero_division=0.0):
    return _multilabel(skm.precision_score, y_true, y_pred, average=average, zero_division=zero_division)


def multilabel_recall(y_true, y_pred, *, average="macro", zero_division=0.0):
    return _multilabel(skm.recall_score, y_true, y_pred, average=average, zero_division=zero_division)


def multilabel_fbeta(y_true, y_pred, *, beta, average="macro", zero_division=0.0):
    return _multilabel(skm.fbeta_score, y_true, y_pred, beta=beta, average=average, zero_division=zero_division)


def multilabel_f1(y_true, y_pred, *, average="macro", zero_division=0.0):
    return _multilabel(skm.f1_score, y_true, y_pred, average=average, zero_division=zero_division)


def multilabel_jaccard(y_true, y_pred, *, average="macro", zero_division=0.0):
    return _multilabel(skm.jaccard_score, y_true, y_pred, average=average, zero_division=zero_division)


def subset_accuracy(y_true, y_pred):
    return float(skm.accuracy_score(y_true, y_pred))


def multilabel_hamming_loss(y_true, y_pred):
    return float(skm.hamming_loss(y_true, y_pred))


def multilabel_confusion_matrix(y_true, y_pred):
    return skm.multilabel_confusion_matrix(y_true, y_pred)


def label_ranking_average_precision(y_true, y_score):
    return float(skm.label_ranking_average_precision_score(y_true, y_score))


def coverage_error(y_true, y_score):
    return float(skm.coverage_error(y_true, y_score))


def label_ranking_loss(y_true, y_score):
    return float(skm.label_ranking_loss(y_true, y_score))


def multilabel_roc_auc(y_true, y_score, *, average="macro"):
    return _multilabel(skm.roc_auc_score, y_true, y_score, average=average)


def multilabel_average_precision(y_true, y_score, *, average="macro"):
    return _multilabel(skm.average_precision_score, y_true, y_score, average=average)
