"""torchmetrics (functional API, CPU) under the catalog's names.

Every call converts the catalog's NumPy/list inputs into CPU tensors the way a
user would (float inputs as float32 tensors, torchmetrics' default dtype; label
arrays as int64 tensors), calls the ``torchmetrics.functional`` function and
converts the result back to NumPy, keeping the float32 dtype (curves are tuples
of arrays). The adapter converts formats only: it never changes a value the
library computes. What torchmetrics does not have (sample weights, ``labels=``,
``pos_label`` other than 1, interpolated AP, DET curve, median absolute error, RMSLE,
balanced accuracy, log loss, FPR/FNR, entropy, cross-entropy, DCG, ...) is not
exposed, so the properties that need it are not applicable.
"""

from __future__ import annotations

import warnings
from typing import NamedTuple

import numpy as np
import torch
import torchmetrics
from torchmetrics.functional import classification as _cls
from torchmetrics.functional import clustering as _clu
from torchmetrics.functional import regression as _reg
from torchmetrics.functional import retrieval as _ret
from torchmetrics.functional import text as _txt
from torchmetrics.utilities.compute import auc as _auc

from properties.engine.vocabulary.reproduce import library_call  # torchmetrics' own call, under the adapter's, in reproductions
from reference._text_tokens import string_token_domains

TARGET_NAME = "torchmetrics"
VERSION = torchmetrics.__version__
PRECISION = "float32"
REFUSAL_ERRORS = (ValueError, TypeError, RuntimeError)
CONVENTIONS: dict[str, str] = {
    "runtime": f"torchmetrics {torchmetrics.__version__}, torch {torch.__version__} (CPU), functional API",
    "dtypes": "float inputs -> float32 tensors, labels -> int64 tensors; results returned as float32 NumPy",
}
SUPPORTS: dict[str, dict[str, tuple]] = {}

torch.set_num_threads(1)
# torchmetrics warns on every degenerate input (no positive sample, ...); the values are what is audited
warnings.filterwarnings("ignore", module=r"torchmetrics\..*")


def _out(value):
    """A result tensor as NumPy: a 0-d value as a NumPy scalar, float tensors keep float32."""
    if isinstance(value, torch.Tensor):
        array = value.detach().cpu().numpy()
        return array[()] if array.ndim == 0 else array
    return value


def _floats(values) -> torch.Tensor:
    return torch.from_numpy(np.array(values, dtype=np.float32))


def _int_labels(values, name: str) -> torch.Tensor:
    """Integer (or boolean) labels as an int64 tensor; anything else is refused."""
    array = np.asarray(values)
    if array.dtype.kind == "b" or array.dtype.kind in "iu":
        return torch.from_numpy(array.astype(np.int64))
    if array.dtype.kind == "f" and array.size and np.all(np.isfinite(array)) and np.all(array == np.round(array)):
        return torch.from_numpy(array.astype(np.int64))
    if array.dtype.kind == "f" and not array.size:
        return torch.from_numpy(array.astype(np.int64))
    raise ValueError(f"{name}: torchmetrics takes integer class labels, got {array.dtype} values")


# ---------------------------------------------------------------- classification
# (section: classification)
# torchmetrics' multiclass functions take labels 0..num_classes-1. The adapter encodes the union of
# y_true's and y_pred's labels (integers or strings) by their sorted order, passes num_classes = the
# number of classes, and gives back per-class values (average=None) in that sorted order, which is
# the catalog's class order: every multiclass result is invariant under this one-to-one renaming.
# torchmetrics refuses num_classes = 1; with a single class present the adapter passes num_classes=2
# (one phantom class with no sample: torchmetrics' macro average gives it weight 0) and drops the
# phantom class from per-class results and the confusion matrix.
# average='binary' uses torchmetrics' binary_* functions, whose positive class is 1: labels are
# passed unchanged (int64), so labels other than {0, 1} are refused by torchmetrics itself, and
# string labels are refused by the adapter (the binary result depends on which label is positive).
CONVENTIONS["classification.labels"] = ("multiclass: labels encoded 0..K-1 in sorted order, num_classes=K "
                                        "(K=1: num_classes=2, the phantom class dropped from per-class results)")
CONVENTIONS["classification.label dtypes"] = ("integer, boolean, integral float or string labels; NaN or non-integer float "
                                              "labels and a mix of strings and numbers have no int64 encoding and are "
                                              "refused by the adapter")
CONVENTIONS["classification.binary"] = ("average='binary': binary_* functions, positive class 1 (pos_label=1 only), "
                                        "labels passed as is")
CONVENTIONS["classification.average"] = "micro/macro/weighted as torchmetrics; average=None -> average='none'"
CONVENTIONS["classification.zero_division"] = "torchmetrics' own zero_division (0 or 1) where it has one"
CONVENTIONS["classification.accuracy"] = "multiclass_accuracy(average='micro')"
CONVENTIONS["classification.matthews_corrcoef"] = "multiclass_matthews_corrcoef on the encoded labels"


def _encoded(y_true, y_pred):
    """(target, preds, K, num_classes) for torchmetrics' multiclass functions."""
    a, b = np.asarray(y_true), np.asarray(y_pred)
    if a.dtype.kind == "f" or b.dtype.kind == "f":
        for name, arr in (("y_true", a), ("y_pred", b)):
            if arr.dtype.kind == "f" and arr.size and not np.all(arr == np.round(arr)):
                raise ValueError(f"{name}: torchmetrics takes integer class labels, got non-integer floats")
    if a.dtype.kind not in "biufUSO" or b.dtype.kind not in "biufUSO":
        raise TypeError("y_true / y_pred: expected label arrays")
    if (a.dtype.kind in "USO") != (b.dtype.kind in "USO") and a.size and b.size:
        raise TypeError("y_pred: labels of a different type than y_true's")
    classes, codes = np.unique(np.concatenate([a.ravel(), b.ravel()]), return_inverse=True)
    codes = codes.astype(np.int64)
    target = torch.from_numpy(codes[: a.size].reshape(a.shape))
    preds = torch.from_numpy(codes[a.size :].reshape(b.shape))
    k = int(classes.size)
    return target, preds, k, max(k, 2)


_BINARY = {
    "precision": _cls.binary_precision,
    "recall": _cls.binary_recall,
    "fbeta": _cls.binary_fbeta_score,
    "f1": _cls.binary_f1_score,
    "specificity": _cls.binary_specificity,
    "negative_predictive_value": _cls.binary_negative_predictive_value,
    "jaccard_score": _cls.binary_jaccard_index,
}
_MULTICLASS = {
    "precision": _cls.multiclass_precision,
    "recall": _cls.multiclass_recall,
    "fbeta": _cls.multiclass_fbeta_score,
    "f1": _cls.multiclass_f1_score,
    "specificity": _cls.multiclass_specificity,
    "negative_predictive_value": _cls.multiclass_negative_predictive_value,
    "jaccard_score": _cls.multiclass_jaccard_index,
}


def _rate(name, y_true, y_pred, average, pos_label=1, **options):
    if pos_label != 1:  # SUPPORTS keeps the audit from asking; a direct call is told
        raise ValueError(f"pos_label={pos_label!r}: torchmetrics' binary functions have the positive class 1 only")
    if average == "binary":
        a, b = np.asarray(y_true), np.asarray(y_pred)
        if a.dtype.kind in "USO" or b.dtype.kind in "USO":
            raise ValueError("average='binary': torchmetrics' positive class is the label 1; "
                             "string labels have no binary equivalent")
        return _out(library_call(_BINARY[name], _int_labels(b, "y_pred"), _int_labels(a, "y_true"), **options))
    target, preds, k, num_classes = _encoded(y_true, y_pred)
    mode = "none" if average is None else average
    value = _out(library_call(_MULTICLASS[name], preds, target, num_classes=num_classes, average=mode, **options))
    return value[:k] if mode == "none" else value


_ZERO_DIVISION = (0.0, 1.0)
for _name in ("precision", "recall", "fbeta", "f1", "negative_predictive_value", "jaccard_score"):
    SUPPORTS[_name] = {"zero_division": _ZERO_DIVISION}
# the binary functions' positive class is the label 1 (no pos_label argument)
for _name in ("precision", "recall", "fbeta", "f1", "specificity", "negative_predictive_value", "jaccard_score"):
    SUPPORTS.setdefault(_name, {})["pos_label"] = (1,)


def precision(y_true, y_pred, *, average="binary", pos_label=1, zero_division=0.0):
    return _rate("precision", y_true, y_pred, average, pos_label, zero_division=zero_division)


def recall(y_true, y_pred, *, average="binary", pos_label=1, zero_division=0.0):
    return _rate("recall", y_true, y_pred, average, pos_label, zero_division=zero_division)


def fbeta(y_true, y_pred, *, beta, average="binary", pos_label=1, zero_division=0.0):
    return _rate("fbeta", y_true, y_pred, average, pos_label, beta=beta, zero_division=zero_division)


def f1(y_true, y_pred, *, average="binary", pos_label=1, zero_division=0.0):
    return _rate("f1", y_true, y_pred, average, pos_label, zero_division=zero_division)


def specificity(y_true, y_pred, *, average="binary", pos_label=1):
    return _rate("specificity", y_true, y_pred, average, pos_label)


def negative_predictive_value(y_true, y_pred, *, average="binary", pos_label=1, zero_division=0.0):
    return _rate("negative_predictive_value", y_true, y_pred, average, pos_label, zero_division=zero_division)


def accuracy(y_true, y_pred):
    target, preds, _, num_classes = _encoded(y_true, y_pred)
    return _out(library_call(_cls.multiclass_accuracy, preds, target, num_classes=num_classes, average="micro"))


def confusion_matrix(y_true, y_pred, *, normalize=None):
    target, preds, k, num_classes = _encoded(y_true, y_pred)
    matrix = _out(library_call(_cls.multiclass_confusion_matrix, preds, target, num_classes=num_classes,
                               normalize=normalize))
    return matrix[:k, :k]


def matthews_corrcoef(y_true, y_pred):
    target, preds, _, num_classes = _encoded(y_true, y_pred)
    return _out(_cls.multiclass_matthews_corrcoef(preds, target, num_classes=num_classes)).astype(np.float32)


def cohen_kappa(y1, y2, *, weights=None):
    target, preds, _, num_classes = _encoded(y1, y2)
    return _out(_cls.multiclass_cohen_kappa(preds, target, num_classes=num_classes, weights=weights))


def jaccard_score(y_true, y_pred, *, average="binary", pos_label=1, zero_division=0.0):
    return _rate("jaccard_score", y_true, y_pred, average, pos_label, zero_division=zero_division)


# Added with issue 32. hamming_loss: multiclass_hamming_distance(average='micro') on the encoded labels.
# top_k_accuracy: multiclass_accuracy(top_k=k, average='micro'), the scores' columns being the sorted
# classes (labels=, else y_true's), y_true encoded by its column. hinge_loss: binary_hinge_loss on 1-D
# decisions (target 1 = the greater of the two classes), multiclass_hinge_loss (crammer-singer) on an
# (N, K) matrix. expected_calibration_error: binary_calibration_error on 1-D probabilities (target 1 =
# the greater class), multiclass_calibration_error (top label) on (N, K) rows; uniform bins only.
CONVENTIONS["classification.top_k_accuracy"] = "multiclass_accuracy(top_k=k, average='micro')"
CONVENTIONS["classification.hinge_loss"] = "binary_hinge_loss (1-D) / multiclass_hinge_loss crammer-singer (2-D)"
CONVENTIONS["probabilistic.expected_calibration_error"] = ("binary_calibration_error (1-D, positive = greater class) / "
                                                           "multiclass_calibration_error (top label); uniform bins")
SUPPORTS["expected_calibration_error"] = {"strategy": ("uniform",), "mode": ("top_label",)}


def hamming_loss(y_true, y_pred):
    target, preds, _, num_classes = _encoded(y_true, y_pred)
    return _out(library_call(_cls.multiclass_hamming_distance, preds, target, num_classes=num_classes,
                             average="micro"))


def _columns(y_true, labels, width):
    """y_true as int64 column positions among the sorted classes (labels=, else y_true's own)."""
    a = np.asarray(y_true)
    classes = np.unique(a) if labels is None else np.unique(np.asarray(labels))
    codes = np.searchsorted(classes, a)
    if not np.array_equal(classes[np.minimum(codes, classes.size - 1)], a):
        raise ValueError("y_true: contains labels not in labels=")
    if width is not None and width != classes.size:
        raise ValueError(f"y_score: {width} columns for {classes.size} classes")
    return torch.from_numpy(codes.astype(np.int64)), int(classes.size)


def top_k_accuracy(y_true, y_score, *, k=2, labels=None):
    scores = np.asarray(y_score, dtype=np.float64)
    if scores.ndim != 2:
        raise ValueError("y_score: expected an (N, K) score matrix")
    target, num_classes = _columns(y_true, labels, scores.shape[1])
    return _out(library_call(_cls.multiclass_accuracy, _floats(scores), target, num_classes=num_classes,
                             top_k=k, average="micro"))


def hinge_loss(y_true, pred_decision, *, labels=None):
    decision = np.asarray(pred_decision, dtype=np.float64)
    target, num_classes = _columns(y_true, labels, decision.shape[1] if decision.ndim == 2 else None)
    if decision.ndim == 1:
        if num_classes != 2:
            raise ValueError("pred_decision: 1-D decisions need exactly two classes")
        return _out(library_call(_cls.binary_hinge_loss, _floats(decision), target))
    return _out(library_call(_cls.multiclass_hinge_loss, _floats(decision), target, num_classes=num_classes))


def expected_calibration_error(y_true, y_proba, *, n_bins=15, strategy="uniform", norm="l1", mode="top_label",
                               labels=None):
    if strategy != "uniform" or mode != "top_label":  # SUPPORTS keeps the audit from asking
        raise ValueError("strategy/mode: torchmetrics bins uniformly and takes the top label only")
    proba = np.asarray(y_proba, dtype=np.float64)
    target, num_classes = _columns(y_true, labels, proba.shape[1] if proba.ndim == 2 else None)
    if proba.ndim == 1:
        if num_classes != 2:
            raise ValueError("y_proba: 1-D probabilities need exactly two classes")
        return _out(library_call(_cls.binary_calibration_error, _floats(proba), target, n_bins=n_bins, norm=norm))
    return _out(library_call(_cls.multiclass_calibration_error, _floats(proba), target, num_classes=num_classes,
                             n_bins=n_bins, norm=norm))


# ---------------------------------------------------------------- regression
# (section: regression)
# torchmetrics' regression functions take (preds, target); no sample weights, no force_finite option.
CONVENTIONS["regression.root_mean_squared_error"] = "mean_squared_error(squared=False)"
CONVENTIONS["regression.adjusted_r2"] = "r2_score(adjusted=n_features)"


def _pair(y_true, y_pred):
    return _floats(y_pred), _floats(y_true)


# Multioutput: torchmetrics' MSE/RMSE/MAE take num_outputs= (the number of columns) and return the raw
# per-output values, which the adapter averages for 'uniform_average'; r2_score and explained_variance take
# multioutput= ('raw_values', 'uniform_average', 'variance_weighted') themselves. No weights per output.
# A 'raw_values' scalar (1-D input) is returned as a length-1 array, as the catalog's.
CONVENTIONS["regression.multioutput"] = ("MSE/RMSE/MAE: num_outputs=n_columns, raw values averaged by the adapter for "
                                         "uniform_average; r2/explained_variance: multioutput passed through; no "
                                         "output weights")
_AVERAGES = ("raw_values", "uniform_average")
for _name, _options in (("mean_squared_error", _AVERAGES), ("root_mean_squared_error", _AVERAGES),
                        ("mean_absolute_error", _AVERAGES), ("r2", _AVERAGES + ("variance_weighted",)),
                        ("explained_variance", _AVERAGES + ("variance_weighted",))):
    SUPPORTS[_name] = {"multioutput": lambda value, options=_options: isinstance(value, str) and value in options}


def _num_outputs(fn, y_true, y_pred, multioutput, **kw):
    preds, target = _pair(y_true, y_pred)
    raw = _out(library_call(fn, preds, target, num_outputs=preds.shape[1] if preds.ndim == 2 else 1, **kw))
    if multioutput == "raw_values":
        return np.atleast_1d(raw)
    return np.mean(raw, dtype=raw.dtype) if np.ndim(raw) else raw


def _raw_as_array(value, multioutput):
    return np.atleast_1d(value) if multioutput == "raw_values" else value


def mean_squared_error(y_true, y_pred, *, multioutput="uniform_average"):
    return _num_outputs(_reg.mean_squared_error, y_true, y_pred, multioutput)


def root_mean_squared_error(y_true, y_pred, *, multioutput="uniform_average"):
    return _num_outputs(_reg.mean_squared_error, y_true, y_pred, multioutput, squared=False)


def mean_absolute_error(y_true, y_pred, *, multioutput="uniform_average"):
    return _num_outputs(_reg.mean_absolute_error, y_true, y_pred, multioutput)


def mean_squared_log_error(y_true, y_pred):
    return _out(_reg.mean_squared_log_error(*_pair(y_true, y_pred)))


def r2(y_true, y_pred, *, multioutput="uniform_average"):
    return _raw_as_array(_out(library_call(_reg.r2_score, *_pair(y_true, y_pred), multioutput=multioutput)),
                         multioutput)


def adjusted_r2(y_true, y_pred, *, n_features):
    return _out(_reg.r2_score(*_pair(y_true, y_pred), adjusted=n_features))


def explained_variance(y_true, y_pred, *, multioutput="uniform_average"):
    return _raw_as_array(_out(library_call(_reg.explained_variance, *_pair(y_true, y_pred), multioutput=multioutput)),
                         multioutput)


# Percentage errors, Tweedie deviances, concordance (issue 32). torchmetrics guards its denominators with
# its own eps 1.17e-6 (MAPE per sample, WMAPE on the sum, SMAPE on |y| + |p|), where the catalog uses the
# float64 eps (MAPE, WMAPE) or 0/0 := 0 (SMAPE); concordance_corrcoef divides its variances by n - 1.
CONVENTIONS["regression.percentage_errors.eps"] = "denominators clamped at 1.17e-6 (catalog: float64 eps; SMAPE 0/0 := 0)"
CONVENTIONS["regression.mean_tweedie_deviance"] = "tweedie_deviance_score(power=...); poisson = power 1, gamma = power 2"
CONVENTIONS["regression.concordance_corrcoef"] = ("concordance_corrcoef(preds, target), variances with divisor n - 1; "
                                                 "its 1-element result for 1-D input squeezed to a scalar")


def mean_absolute_percentage_error(y_true, y_pred):
    return _out(library_call(_reg.mean_absolute_percentage_error, *_pair(y_true, y_pred)))


def weighted_mean_absolute_percentage_error(y_true, y_pred):
    return _out(library_call(_reg.weighted_mean_absolute_percentage_error, *_pair(y_true, y_pred)))


def symmetric_mean_absolute_percentage_error(y_true, y_pred):
    return _out(library_call(_reg.symmetric_mean_absolute_percentage_error, *_pair(y_true, y_pred)))


def mean_tweedie_deviance(y_true, y_pred, *, power=0.0):
    return _out(library_call(_reg.tweedie_deviance_score, *_pair(y_true, y_pred), power=power))


def mean_poisson_deviance(y_true, y_pred):
    return _out(library_call(_reg.tweedie_deviance_score, *_pair(y_true, y_pred), power=1.0))


def mean_gamma_deviance(y_true, y_pred):
    return _out(library_call(_reg.tweedie_deviance_score, *_pair(y_true, y_pred), power=2.0))


def concordance_corrcoef(y_true, y_pred):
    # torchmetrics returns tensor([r]) for 1-D input (pearson_corrcoef returns a 0-d tensor): a format, squeezed
    return _out(library_call(_reg.concordance_corrcoef, *_pair(y_true, y_pred)).squeeze(0))


# torchmetrics' other regression functions (issue 32). NRMSE: the catalog's 'mean' is mean |y_true| and its 'l2' the
# root mean square of y_true; torchmetrics divides by the signed mean and by ||y_true||_2 (not divided by sqrt(n)).
# CRPS: torchmetrics computes the plain (empirical-CDF) estimator only and refuses one-member ensembles.
CONVENTIONS["regression.normalized_root_mean_squared_error"] = (
    "normalized_root_mean_squared_error(preds, target, normalization=...); 'mean' = signed mean of target, "
    "'l2' = ||target||_2 (catalog: mean |y_true|, root mean square)")
CONVENTIONS["regression.relative_squared_error"] = "relative_squared_error(squared=...); SS_tot clamped at float32 eps"
CONVENTIONS["regression.continuous_ranked_probability_score"] = ("continuous_ranked_probability_score(ensemble (n, m), "
                                                                 "target): the plain estimator 1/(2 m^2); m >= 2 only")
CONVENTIONS["regression.critical_success_index"] = "critical_success_index(threshold=...): 0/0 := 0 (no zero_division)"
CONVENTIONS["probabilistic.jensen_shannon_divergence"] = ("jensen_shannon_divergence(p[None], q[None]) (nats; "
                                                          "torchmetrics renormalises p and q)")
SUPPORTS["continuous_ranked_probability_score"] = {"estimator": ("plain",)}


def normalized_root_mean_squared_error(y_true, y_pred, *, normalization="mean"):
    return _out(library_call(_reg.normalized_root_mean_squared_error, *_pair(y_true, y_pred),
                             normalization=normalization))


def relative_squared_error(y_true, y_pred, *, squared=True):
    return _out(library_call(_reg.relative_squared_error, *_pair(y_true, y_pred), squared=squared))


def log_cosh_error(y_true, y_pred):
    return _out(library_call(_reg.log_cosh_error, *_pair(y_true, y_pred)))


def continuous_ranked_probability_score(y_true, y_ensemble, *, estimator="plain"):
    if estimator != "plain":  # SUPPORTS keeps the audit from asking; a direct call is told
        raise ValueError(f"torchmetrics computes the plain CRPS estimator only, not {estimator!r}")
    return _out(library_call(_reg.continuous_ranked_probability_score, _floats(y_ensemble), _floats(y_true)))


def minkowski_distance(y_true, y_pred, *, p=2.0):
    return _out(library_call(_reg.minkowski_distance, *_pair(y_true, y_pred), p=p))


CONVENTIONS["cosine_similarity"] = "cosine_similarity(preds, target, reduction='sum') of the two arrays as one row " \
                                   "each (1-D input becomes a 1 x n matrix; other input is passed as it is)"


def cosine_similarity(y_true, y_pred):
    preds, target = _pair(y_true, y_pred)
    if preds.ndim == 1 and target.ndim == 1:
        preds, target = preds[None, :], target[None, :]
    return _out(library_call(_reg.cosine_similarity, preds, target, reduction="sum"))


def critical_success_index(y_true, y_pred, *, threshold):
    return _out(library_call(_reg.critical_success_index, *_pair(y_true, y_pred), threshold=threshold))


def jensen_shannon_divergence(p, q):
    return _out(library_call(_reg.jensen_shannon_divergence, _floats(p)[None], _floats(q)[None]))


# ---------------------------------------------------------------- correlation
# (section: correlation)


def pearson(x, y):
    return _out(_reg.pearson_corrcoef(_floats(x), _floats(y)))


def spearman(x, y):
    return _out(_reg.spearman_corrcoef(_floats(x), _floats(y)))


def kendall_tau(x, y, *, variant="b"):
    return _out(_reg.kendall_rank_corrcoef(_floats(x), _floats(y), variant=variant))


# ---------------------------------------------------------------- probabilistic
# (section: probabilistic)
# kl_divergence: one distribution pair as a batch of one row (torchmetrics takes [N, d]), natural log.
# perplexity: torchmetrics scores a language model's logits [batch, seq, vocab] against the observed
# tokens, applying a softmax. A token of probability p is passed as the logits [log p, log(1 - p)]
# over a two-word vocabulary with the observed token 0 (softmax gives back exactly p); sequences of a
# corpus are padded with ignore_index. The result is exp of the mean NLL over all tokens: the
# catalog's average='tokens' (the only one torchmetrics has).
CONVENTIONS["probabilistic.kl_divergence"] = "kl_divergence(p[None], q[None]) (nats; torchmetrics renormalises p and q)"
CONVENTIONS["probabilistic.perplexity"] = ("token probability p -> logits [log p, log(1 - p)], target 0; corpus padded "
                                           "with ignore_index; p outside [0, 1] or NaN refused by the adapter "
                                           "(no logit representation)")


def kl_divergence(p, q):
    pt, qt = _floats(p), _floats(q)
    return _out(_reg.kl_divergence(pt[None], qt[None]))


_IGNORE = -100


def _token_logits(probs: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return np.stack([np.log(probs), np.log1p(-probs)], axis=-1)


def _check_probs(values, name):
    """Token probabilities that have a logit representation (the conversion's precondition, not a check of
    torchmetrics: a value outside [0, 1] or NaN cannot be written as the logits torchmetrics takes)."""
    p = np.array(values, dtype=np.float64)
    if p.ndim != 1:
        raise ValueError(f"{name}: expected a 1-D array of token probabilities")
    if not np.all((p >= 0.0) & (p <= 1.0)):
        raise ValueError(f"{name}: a probability outside [0, 1] (or NaN) has no logit representation")
    return p


def perplexity(token_probs):
    p = _check_probs(token_probs, "token_probs")
    logits = torch.from_numpy(_token_logits(p).astype(np.float32))[None]
    target = torch.zeros((1, p.shape[0]), dtype=torch.int64)
    return _out(_txt.perplexity(logits, target))


def _sequence_batch(sequences):
    """Sequences as one padded (batch, length, 2) logits tensor, the padding's targets ignored."""
    if isinstance(sequences, np.ndarray) and sequences.ndim == 2:
        sequences = list(sequences)
    seqs = [_check_probs(s, f"sequences[{i}]") for i, s in enumerate(sequences)]
    width = max((s.shape[0] for s in seqs), default=0)
    logits = np.zeros((len(seqs), width, 2), dtype=np.float32)
    target = np.full((len(seqs), width), _IGNORE, dtype=np.int64)
    for i, s in enumerate(seqs):
        logits[i, : s.shape[0]] = _token_logits(s)
        target[i, : s.shape[0]] = 0
    return torch.from_numpy(logits), torch.from_numpy(target)


# torchmetrics' perplexity pools the tokens of a batch (the catalog's average="tokens")
SUPPORTS["corpus_perplexity"] = {"average": ("tokens",)}


def corpus_perplexity(sequences, *, average="tokens"):
    return _out(_txt.perplexity(*_sequence_batch(sequences), ignore_index=_IGNORE))


# ---------------------------------------------------------------- curves
# (section: curves)
# Binary curves: binary_roc / binary_precision_recall_curve / binary_average_precision / binary_auroc /
# binary_eer with thresholds=None (every distinct score). y_true must be {0, 1} (or booleans):
# torchmetrics' positive class is 1. roc_auc with 2-D scores is multiclass_auroc (one-vs-rest), the
# columns scoring y_true's classes in sorted order (the catalog's default labels).
CONVENTIONS["curves.thresholds"] = "thresholds=None: every distinct score is an operating point"
CONVENTIONS["curves.roc_auc.multiclass"] = "multiclass_auroc, columns = sorted classes of y_true"
CONVENTIONS["curves.auc"] = "torchmetrics.utilities.compute.auc (trapezoidal rule)"


def _binary_scores(y_true, y_score):
    return _floats(y_score), _int_labels(y_true, "y_true")


def precision_recall_curve(y_true, y_score):
    return tuple(_out(v) for v in _cls.binary_precision_recall_curve(*_binary_scores(y_true, y_score)))


SUPPORTS["average_precision"] = {"interpolation": (None, "trapezoid")}
CONVENTIONS["curves.average_precision"] = ("interpolation=None: binary_average_precision (the step sum); "
                                           "'trapezoid': utilities.compute.auc(recall, precision) over "
                                           "binary_precision_recall_curve, whose end point is (recall 0, "
                                           "precision 1)")


def average_precision(y_true, y_score, *, interpolation=None):
    if interpolation == "trapezoid":
        precision_, recall_, _ = _cls.binary_precision_recall_curve(*_binary_scores(y_true, y_score))
        return _out(_auc(recall_, precision_))
    if interpolation is not None:
        raise ValueError(f"interpolation: the adapter maps None and 'trapezoid', got {interpolation!r}")
    return _out(_cls.binary_average_precision(*_binary_scores(y_true, y_score)))


def roc_curve(y_true, y_score):
    return tuple(_out(v) for v in _cls.binary_roc(*_binary_scores(y_true, y_score)))


def roc_auc(y_true, y_score, *, average="macro"):
    scores = np.asarray(y_score)
    if scores.ndim == 2:
        labels = np.asarray(y_true)
        classes, codes = np.unique(labels, return_inverse=True)
        if classes.size != scores.shape[1]:
            raise ValueError(f"y_true: {classes.size} classes for {scores.shape[1]} score columns")
        return _out(_cls.multiclass_auroc(_floats(scores), torch.from_numpy(codes.astype(np.int64)),
                                          num_classes=scores.shape[1], average=average))
    return _out(_cls.binary_auroc(*_binary_scores(y_true, y_score)))


def equal_error_rate(y_true, y_score):
    return _out(_cls.binary_eer(*_binary_scores(y_true, y_score)))


def auc(x, y):
    return _out(_auc(_floats(x), _floats(y)))


# The operating points under a constraint and the log-scaled ROC area: torchmetrics' binary_* functions with
# thresholds=None; each operating point is its (value, threshold) pair of tensors, as NumPy float32 scalars.
CONVENTIONS["curves.operating_points"] = ("binary_recall_at_fixed_precision, binary_precision_at_fixed_recall, "
                                          "binary_sensitivity_at_specificity, binary_specificity_at_sensitivity: "
                                          "(value, threshold)")
CONVENTIONS["curves.log_auc"] = "binary_logauc(fpr_range=...)"


def _operating_point(fn, y_true, y_score, minimum):
    return tuple(_out(v) for v in library_call(fn, *_binary_scores(y_true, y_score), minimum))


def recall_at_fixed_precision(y_true, y_score, *, min_precision):
    return _operating_point(_cls.binary_recall_at_fixed_precision, y_true, y_score, min_precision)


def precision_at_fixed_recall(y_true, y_score, *, min_recall):
    return _operating_point(_cls.binary_precision_at_fixed_recall, y_true, y_score, min_recall)


def sensitivity_at_specificity(y_true, y_score, *, min_specificity):
    return _operating_point(_cls.binary_sensitivity_at_specificity, y_true, y_score, min_specificity)


def specificity_at_sensitivity(y_true, y_score, *, min_sensitivity):
    return _operating_point(_cls.binary_specificity_at_sensitivity, y_true, y_score, min_sensitivity)


def log_auc(y_true, y_score, *, fpr_range=(0.001, 0.1)):
    return _out(library_call(_cls.binary_logauc, *_binary_scores(y_true, y_score), fpr_range=tuple(fpr_range)))


# ---------------------------------------------------------------- ranking
# (section: ranking)
# torchmetrics.functional.retrieval scores one query: each query (row) is scored alone; the mean_*
# metrics and hit_rate_at_k are the float32 mean of the per-query values (torchmetrics' Retrieval*
# modules average queries the same way). Binary-relevance metrics get target = (grade > 0); NDCG gets
# the grades. A query holding a NaN grade has no boolean target (grade > 0 would turn the NaN into "not
# relevant" before torchmetrics sees it): its target is passed as floats 1.0 / 0.0 with the NaN kept, an
# input type torchmetrics' retrieval checks accept, so the NaN meets the library's own validation.
# y_score=None (a ranked list) is passed as the scores n, n-1, ..., 1.
CONVENTIONS.update({
    "ranking.queries": "each query scored alone; mean_* = mean of the per-query values",
    "ranking.relevance": "binary metrics: target = grade > 0 (bool); a query with a NaN grade: float32 1.0 / 0.0 "
    "with the NaN kept; ndcg_at_k: the grades as float32 (linear gain)",
    "ranking.ranked lists": "y_score=None -> scores n, n-1, ..., 1",
    "ranking.precision_at_k": "retrieval_precision(top_k=k, adaptive_k=True): k above the list length is clipped",
    "ranking.average_precision_at_k": "retrieval_average_precision(top_k=k); torchmetrics has no denominator "
    "option (it divides by the relevant documents retrieved in the top k)",
    "ranking.k": "k -> top_k (reciprocal_rank too)",
})


def _queries(y_true, y_score):
    grades = np.asarray(y_true, dtype=np.float64)
    single = grades.ndim == 1
    grades = np.atleast_2d(grades)
    if grades.ndim != 2:
        raise ValueError(f"y_true: expected one query (1-D) or queries (2-D), got shape {np.shape(y_true)}")
    if y_score is None:
        scores = np.broadcast_to(np.arange(grades.shape[1], 0, -1, dtype=np.float32), grades.shape)
    else:
        scores = np.asarray(y_score, dtype=np.float32)
        scores = scores[None, :] if single and scores.ndim == 1 else scores
    return grades, scores, single


def _target(grades: np.ndarray, binary: bool) -> torch.Tensor:
    """One query's target: relevance grade > 0 (bool), or the grades as float32 (NDCG); a NaN grade stays NaN."""
    if not binary:
        return torch.from_numpy(grades.astype(np.float32))
    if np.isnan(grades).any():
        return torch.from_numpy(np.where(np.isnan(grades), np.nan, grades > 0).astype(np.float32))
    return torch.from_numpy(grades > 0)


def _per_query_values(fn, y_true, y_score, *, binary, **options):
    grades, scores, single = _queries(y_true, y_score)
    if scores.shape != grades.shape:
        # torchmetrics' own shape check (ValueError) on the first query
        fn(torch.from_numpy(np.array(scores[0] if scores.ndim == 2 else scores, dtype=np.float32)),
           _target(grades[0], binary), **options)
        raise ValueError(f"y_score: shape {scores.shape} does not match y_true's {grades.shape}")
    if grades.shape[0] == 0:  # no query at all: torchmetrics' own refusal of empty input
        fn(torch.zeros(0), torch.zeros(0, dtype=torch.bool), **options)
    values = []
    for q in range(grades.shape[0]):
        values.append(library_call(fn, torch.from_numpy(np.array(scores[q], dtype=np.float32)),
                                   _target(grades[q], binary), **options))
    return torch.stack(values) if values else torch.zeros(0), single


def _per_query(fn, y_true, y_score, *, binary=True, **options):
    values, single = _per_query_values(fn, y_true, y_score, binary=binary, **options)
    return _out(values[0]) if single else _out(values)


def _mean(fn, y_true, y_score, *, binary=True, **options):
    values, _ = _per_query_values(fn, y_true, y_score, binary=binary, **options)
    return _out(values.mean())


def precision_at_k(y_true, y_score=None, *, k=None):
    return _per_query(_ret.retrieval_precision, y_true, y_score, top_k=k, adaptive_k=True)


def recall_at_k(y_true, y_score=None, *, k=None):
    return _per_query(_ret.retrieval_recall, y_true, y_score, top_k=k)


def average_precision_at_k(y_true, y_score=None, *, k=None):
    return _per_query(_ret.retrieval_average_precision, y_true, y_score, top_k=k)


def mean_average_precision(y_true, y_score=None, *, k=None):
    return _mean(_ret.retrieval_average_precision, y_true, y_score, top_k=k)


def reciprocal_rank(y_true, y_score=None, *, k=None):
    return _per_query(_ret.retrieval_reciprocal_rank, y_true, y_score, top_k=k)


def mean_reciprocal_rank(y_true, y_score=None, *, k=None):
    return _mean(_ret.retrieval_reciprocal_rank, y_true, y_score, top_k=k)


def hit_rate_at_k(y_true, y_score=None, *, k=None):
    return _mean(_ret.retrieval_hit_rate, y_true, y_score, top_k=k)


def ndcg_at_k(y_true, y_score=None, *, k=None):
    return _per_query(_ret.retrieval_normalized_dcg, y_true, y_score, binary=False, top_k=k)


def r_precision(y_true, y_score=None):
    return _per_query(_ret.retrieval_r_precision, y_true, y_score)


def fall_out_at_k(y_true, y_score=None, *, k=None):
    return _per_query(_ret.retrieval_fall_out, y_true, y_score, top_k=k)


# ---------------------------------------------------------------- text
# (section: text)
# torchmetrics' text metrics take strings and split them on whitespace: token lists are joined with
# single spaces (the spec's tokens hold no whitespace). edit_distance is character-level on strings;
# token lists are passed as strings of one character per distinct token (the same sequence of
# symbols). BLEU: n_gram=max_n, weights passed through, smoothing 'add-k'/'method2' (add 1 to orders
# >= 2, Lin & Och) is torchmetrics' smooth=True. ROUGE: rouge_score with rouge_keys=('rougeN',) or
# ('rougeL',), accumulate='best' (catalog 'max') or 'avg' (catalog 'mean'), default normalizer and
# tokenizer (lowercase alphanumeric), no stemming.
CONVENTIONS.update({
    "text.tokens": "token lists joined with single spaces (torchmetrics splits on whitespace)",
    "text.edit_distance": "edit_distance(reduction='sum') on strings; token lists as one character per distinct token",
    "text.corpus": "corpus WER/CER: lists passed to word_error_rate/char_error_rate (pooled)",
    "text.bleu.smoothing": "'none' -> smooth=False; 'add-k'/'method2' (k = 1) -> smooth=True (Lin & Och)",
    "text.rouge": "rouge_score(rouge_keys=('rougeN',)/('rougeL',)), accumulate 'best' (max) / 'avg' (mean)",
})
_SMOOTH = {"none": False, "method0": False, "add-k": True, "method2": True}
SUPPORTS["sentence_bleu"] = {"smoothing": tuple(_SMOOTH)}
SUPPORTS["corpus_bleu"] = {"smoothing": tuple(_SMOOTH)}

# text, not token sequences: integer token ids are outside the domain (reference/_text_tokens.py)
DOMAINS = string_token_domains('edit_distance', 'wer', 'corpus_wer', 'sentence_bleu', 'corpus_bleu', 'rouge_n', 'rouge_l')


class RougeScore(NamedTuple):
    precision: float
    recall: float
    fmeasure: float


def _text(tokens):
    """A token list as one space-joined string; anything else (a string: torchmetrics' native input, or a
    bad value) is passed to torchmetrics unchanged."""
    if isinstance(tokens, (list, tuple)) and all(isinstance(t, str) for t in tokens):
        return " ".join(tokens)
    return tokens


def _texts(items):
    return [_text(item) for item in items] if isinstance(items, (list, tuple)) else items


def _symbols(a, b):
    """Two token lists as two strings of one character per distinct token."""
    table: dict = {}
    def encode(seq):
        return "".join(chr(0x4E00 + table.setdefault(tok, len(table))) for tok in seq)
    return encode(a), encode(b)


def edit_distance(reference, hypothesis):
    ref, hyp = reference, hypothesis
    if all(isinstance(s, (list, tuple)) and all(isinstance(t, str) for t in s) for s in (reference, hypothesis)):
        ref, hyp = _symbols(reference, hypothesis)
    return _out(_txt.edit_distance(hyp, ref, reduction="sum"))


def wer(reference, hypothesis):
    return _out(_txt.word_error_rate(_text(hypothesis), _text(reference)))


def corpus_wer(references, hypotheses):
    return _out(_txt.word_error_rate(_texts(hypotheses), _texts(references)))


def cer(reference, hypothesis):
    return _out(_txt.char_error_rate(hypothesis, reference))


def corpus_cer(references, hypotheses):
    return _out(_txt.char_error_rate(hypotheses, references))


def _smooth(smoothing):
    if smoothing not in _SMOOTH:
        raise ValueError(f"smoothing: torchmetrics has no {smoothing!r} smoothing")
    return _SMOOTH[smoothing]


def sentence_bleu(references, hypothesis, *, max_n=4, weights=None, smoothing="none"):
    return _out(_txt.bleu_score([_text(hypothesis)], [_texts(references)], n_gram=max_n,
                                smooth=_smooth(smoothing), weights=weights))


def corpus_bleu(list_of_references, hypotheses, *, max_n=4, weights=None, smoothing="none"):
    return _out(_txt.bleu_score(_texts(hypotheses), _reference_lists(list_of_references),
                                n_gram=max_n, smooth=_smooth(smoothing), weights=weights))


_ACCUMULATE = {"max": "best", "mean": "avg"}


def _rouge(key, references, hypothesis, multi_reference):
    if multi_reference not in _ACCUMULATE:
        raise ValueError(f"multi_reference: unknown {multi_reference!r}")
    result = _txt.rouge_score(_text(hypothesis), [_texts(references)],
                              accumulate=_ACCUMULATE[multi_reference], rouge_keys=(key,))
    return RougeScore(*(_out(result[f"{key}_{part}"]) for part in ("precision", "recall", "fmeasure")))


def rouge_n(references, hypothesis, *, n=1, multi_reference="max"):
    return _rouge(f"rouge{n}", references, hypothesis, multi_reference)


def rouge_l(references, hypothesis, *, multi_reference="max"):
    return _rouge("rougeL", references, hypothesis, multi_reference)


# chrF: chrf_score(n_char_order, n_word_order, beta, whitespace), lowercase=False; torchmetrics' default
# n_word_order is 2 (chrF++), the catalog's 0 (chrF), passed explicitly. TER: translation_edit_rate with
# lowercase=False (its default lowercases), normalize=False, no_punctuation=False. MER/WIL/WIP:
# match_error_rate, word_information_lost/preserved on joined strings (a list pools the counts).
# SQuAD: squad() on one question ({'prediction_text', 'id'} and {'answers': {'text': references}, 'id'}),
# scores divided by 100.
CONVENTIONS.update({
    "text.chrf": "chrf_score(n_char_order, n_word_order (catalog default 0), beta, whitespace, lowercase=False)",
    "text.ter": "translation_edit_rate(lowercase=False, normalize=False, no_punctuation=False)",
    "text.mer_wil_wip": "match_error_rate / word_information_lost / word_information_preserved on joined strings",
    "text.squad": "squad() on one question; exact_match and f1 divided by 100",
})
DOMAINS.update(string_token_domains('mer', 'corpus_mer', 'wil', 'corpus_wil', 'wip', 'corpus_wip', 'sentence_ter',
                                    'corpus_ter'))


def sentence_chrf(references, hypothesis, *, char_order=6, word_order=0, beta=2.0, whitespace=False):
    return _out(_txt.chrf_score([hypothesis], [references], n_char_order=char_order, n_word_order=word_order,
                                beta=beta, whitespace=whitespace))


def corpus_chrf(list_of_references, hypotheses, *, char_order=6, word_order=0, beta=2.0, whitespace=False):
    return _out(_txt.chrf_score(hypotheses, list_of_references, n_char_order=char_order,
                                n_word_order=word_order, beta=beta, whitespace=whitespace))


def sentence_ter(references, hypothesis):
    return _out(_txt.translation_edit_rate([_text(hypothesis)], [_texts(references)], lowercase=False))


def _reference_lists(list_of_references):
    """Each sentence's references as strings; anything else is passed to torchmetrics unchanged."""
    if isinstance(list_of_references, (list, tuple)):
        return [_texts(refs) for refs in list_of_references]
    return list_of_references


def corpus_ter(list_of_references, hypotheses):
    return _out(_txt.translation_edit_rate(_texts(hypotheses), _reference_lists(list_of_references), lowercase=False))


def _words_measure(measure):
    return lambda reference, hypothesis: _out(measure(_text(hypothesis), _text(reference)))


def _corpus_words_measure(measure):
    return lambda references, hypotheses: _out(measure(_texts(hypotheses), _texts(references)))


mer, corpus_mer = _words_measure(_txt.match_error_rate), _corpus_words_measure(_txt.match_error_rate)
wil, corpus_wil = _words_measure(_txt.word_information_lost), _corpus_words_measure(_txt.word_information_lost)
wip, corpus_wip = (_words_measure(_txt.word_information_preserved),
                   _corpus_words_measure(_txt.word_information_preserved))


def _squad(references, hypothesis, key):
    result = _txt.squad({"prediction_text": hypothesis, "id": "q"},
                        {"answers": {"answer_start": [0] * len(references), "text": references}, "id": "q"})
    return _out(result[key]) / 100.0


def exact_match(references, hypothesis):
    return _squad(references, hypothesis, "exact_match")


def squad_f1(references, hypothesis):
    return _squad(references, hypothesis, "f1")


# ---------------------------------------------------------------- clustering
# (section: clustering)
# torchmetrics.functional.clustering (argument order preds, target = labels_pred, labels_true). Integer
# (or integral float) cluster ids are passed unchanged as int64 tensors, so torchmetrics sees the user's
# ids, negative ones included; string ids have no tensor form and are encoded by their sorted order (a
# bijective renaming, under which every clustering score is invariant). Points are float32 tensors.
# torchmetrics has no contingency or pair confusion matrix, no silhouette and no DBCV.
CONVENTIONS["clustering.labels"] = ("integer ids passed as int64 unchanged; string ids encoded 0..K-1 by sorted "
                                    "order (a renaming); points as float32")


def _cluster_ids(values, name: str) -> torch.Tensor:
    array = np.asarray(values)
    if array.dtype.kind in "US":
        return torch.from_numpy(np.unique(array, return_inverse=True)[1].astype(np.int64).reshape(array.shape))
    return _int_labels(array, name)


def _partitions(labels_true, labels_pred):
    return _cluster_ids(labels_pred, "labels_pred"), _cluster_ids(labels_true, "labels_true")


def rand_index(labels_true, labels_pred):
    return _out(_clu.rand_score(*_partitions(labels_true, labels_pred)))


def adjusted_rand_index(labels_true, labels_pred):
    return _out(_clu.adjusted_rand_score(*_partitions(labels_true, labels_pred)))


def mutual_information(labels_true, labels_pred):
    return _out(_clu.mutual_info_score(*_partitions(labels_true, labels_pred)))


def normalized_mutual_information(labels_true, labels_pred, *, average_method="arithmetic"):
    return _out(_clu.normalized_mutual_info_score(*_partitions(labels_true, labels_pred),
                                                           average_method=average_method))


def adjusted_mutual_information(labels_true, labels_pred, *, average_method="arithmetic"):
    return _out(_clu.adjusted_mutual_info_score(*_partitions(labels_true, labels_pred),
                                                         average_method=average_method))


def homogeneity(labels_true, labels_pred):
    return _out(_clu.homogeneity_score(*_partitions(labels_true, labels_pred)))


def completeness(labels_true, labels_pred):
    return _out(_clu.completeness_score(*_partitions(labels_true, labels_pred)))


def v_measure(labels_true, labels_pred, *, beta=1.0):
    return _out(_clu.v_measure_score(*_partitions(labels_true, labels_pred), beta=beta))


def fowlkes_mallows(labels_true, labels_pred):
    return _out(_clu.fowlkes_mallows_index(*_partitions(labels_true, labels_pred)))


def calinski_harabasz(X, labels):
    return _out(_clu.calinski_harabasz_score(_floats(X), _cluster_ids(labels, "labels")))


def davies_bouldin(X, labels):
    return _out(_clu.davies_bouldin_score(_floats(X), _cluster_ids(labels, "labels")))


# ---------------------------------------------------------------- generative
# (section: generative)
# torchmetrics' image metrics with the network replaced by an identity feature module, as its documentation
# allows (feature=nn.Module with a num_features attribute): FrechetInceptionDistance(feature=...) updated with
# the real (features_1) and generated (features_2) rows, and KernelInceptionDistance likewise. Features are
# float64 tensors (the FID class keeps float64 states). frechet_distance_from_statistics is the function the
# FID class's compute calls, torchmetrics.image.fid._compute_fid (sum of the square roots of the complex
# eigenvalues of sigma1 @ sigma2, real part). KID draws its subsets with torch.randperm on torch's global
# generator: the adapter seeds it with torch.manual_seed(seed); subset_size=None (whole sets) does not exist.
# InceptionScore takes logits and zero probabilities have none, so it is not exposed.
CONVENTIONS["generative.features"] = "identity feature module (num_features = d), float64 feature tensors"
CONVENTIONS["generative.kid.seed"] = "torch.manual_seed(seed) before compute (torch.randperm subsets)"
SUPPORTS["kernel_inception_distance"] = {"subset_size": lambda size: size is not None}


class _Identity(torch.nn.Module):
    def __init__(self, d: int):
        super().__init__()
        self.num_features = d

    def forward(self, x):
        return x


def _features(values, name):
    array = np.asarray(values, dtype=np.float64)
    if array.ndim != 2:
        raise ValueError(f"{name}: expected a 2-D feature matrix, got shape {array.shape}")
    return torch.from_numpy(array)


def frechet_distance(features_1, features_2):
    from torchmetrics.image.fid import FrechetInceptionDistance

    f1, f2 = _features(features_1, "features_1"), _features(features_2, "features_2")
    metric = FrechetInceptionDistance(feature=_Identity(f1.shape[1]))
    metric.update(f1, real=True)
    metric.update(f2, real=False)
    return _out(metric.compute())


def frechet_distance_from_statistics(mu_1, sigma_1, mu_2, sigma_2):
    from torchmetrics.image.fid import _compute_fid

    t = [torch.from_numpy(np.array(v, dtype=np.float64)) for v in (mu_1, sigma_1, mu_2, sigma_2)]
    return _out(_compute_fid(t[0], t[1], t[2], t[3]))


class KernelInceptionDistance(NamedTuple):
    mean: float
    std: float


def kernel_inception_distance(features_1, features_2, *, subsets=100, subset_size=1000, degree=3, gamma=None,
                              coef=1.0, seed=0):
    from torchmetrics.image.kid import KernelInceptionDistance as _KID

    f1, f2 = _features(features_1, "features_1"), _features(features_2, "features_2")
    metric = _KID(feature=_Identity(f1.shape[1]), subsets=subsets, subset_size=subset_size, degree=degree,
                  gamma=gamma, coef=coef)
    metric.update(f1, real=True)
    metric.update(f2, real=False)
    torch.manual_seed(seed)
    mean, std = metric.compute()
    return KernelInceptionDistance(_out(mean), _out(std))


# ---------------------------------------------------------------- multilabel
# (section: multilabel) torchmetrics' multilabel_* functions take (preds, target, num_labels): target the
# indicator matrix as int64, num_labels its number of columns (1 for input that is not 2-D: torchmetrics
# validates the shapes itself). Hard predictions y_pred (0/1) are passed as float32 probabilities with
# threshold=0.5, which maps them to themselves; scores as float32 (torchmetrics squashes scores outside
# [0, 1] by its documented sigmoid). average=None -> 'none'; torchmetrics has no 'samples' average and its
# zero_division is 0 or 1. Subset accuracy is multilabel_exact_match, Hamming loss
# multilabel_hamming_distance(average='micro') (the mean over every cell). Label-wise accuracy, specificity and
# negative predictive value are multilabel_accuracy, multilabel_specificity (no zero_division: 0/0 is 0) and
# multilabel_negative_predictive_value; multilabel_matthews_corrcoef is the MCC of the label tables summed.
CONVENTIONS["multilabel.thresholding"] = "0/1 predictions passed as float32 with threshold=0.5"
CONVENTIONS["multilabel.average"] = "micro/macro/weighted as torchmetrics; None -> 'none'; no 'samples'"
CONVENTIONS["multilabel.subset_accuracy"] = "multilabel_exact_match"
CONVENTIONS["multilabel.hamming_loss"] = "multilabel_hamming_distance(average='micro')"
CONVENTIONS["multilabel.curves"] = ("multilabel_roc / multilabel_precision_recall_curve with thresholds=None: its "
                                    "three per-label lists zipped into one (x, y, thresholds) tuple per label")
CONVENTIONS["multilabel.equal_error_rate"] = "multilabel_eer: one EER per label (average=None only)"
CONVENTIONS["multilabel.operating_points"] = ("multilabel_recall_at_fixed_precision, ..._precision_at_fixed_recall, "
                                              "..._sensitivity_at_specificity, ..._specificity_at_sensitivity "
                                              "(thresholds=None): its values and thresholds zipped per label")
CONVENTIONS["multilabel.log_auc"] = "multilabel_logauc(fpr_range=..., average='none' or 'macro')"
CONVENTIONS["multilabel.stat_scores"] = "multilabel_stat_scores(average='none' or 'micro'): [tp, fp, tn, fn, sup]"
_ML_AVERAGES = (None, "micro", "macro", "weighted")


def _ml_inputs(y_true, second):
    """(preds, target, num_labels) for torchmetrics' multilabel functions."""
    target = _int_labels(y_true, "y_true")
    preds = _floats(second)
    return preds, target, int(target.shape[1]) if target.ndim > 1 else 1


def _ml_call(fn, y_true, second, **options):
    preds, target, num_labels = _ml_inputs(y_true, second)
    return _out(library_call(fn, preds, target, num_labels=num_labels, **options))


def _ml_average(average):
    return "none" if average is None else average


_ML_RATES = {
    "multilabel_precision": _cls.multilabel_precision,
    "multilabel_recall": _cls.multilabel_recall,
    "multilabel_fbeta": _cls.multilabel_fbeta_score,
    "multilabel_f1": _cls.multilabel_f1_score,
    "multilabel_jaccard": _cls.multilabel_jaccard_index,
}
for _name in _ML_RATES:
    SUPPORTS[_name] = {"average": _ML_AVERAGES, "zero_division": _ZERO_DIVISION}
for _name in ("multilabel_roc_auc", "multilabel_average_precision", "multilabel_accuracy"):
    SUPPORTS[_name] = {"average": _ML_AVERAGES}
SUPPORTS["multilabel_specificity"] = {"average": _ML_AVERAGES, "zero_division": (0.0,)}
SUPPORTS["multilabel_equal_error_rate"] = {"average": (None,)}
SUPPORTS["multilabel_stat_scores"] = {"average": (None, "micro")}
SUPPORTS["multilabel_log_auc"] = {"average": (None, "macro")}
SUPPORTS["multilabel_negative_predictive_value"] = {"average": _ML_AVERAGES, "zero_division": _ZERO_DIVISION}


def multilabel_precision(y_true, y_pred, *, average="macro", zero_division=0.0):
    return _ml_call(_cls.multilabel_precision, y_true, y_pred, threshold=0.5, average=_ml_average(average),
                    zero_division=zero_division)


def multilabel_recall(y_true, y_pred, *, average="macro", zero_division=0.0):
    return _ml_call(_cls.multilabel_recall, y_true, y_pred, threshold=0.5, average=_ml_average(average),
                    zero_division=zero_division)


def multilabel_fbeta(y_true, y_pred, *, beta, average="macro", zero_division=0.0):
    return _ml_call(_cls.multilabel_fbeta_score, y_true, y_pred, beta=beta, threshold=0.5,
                    average=_ml_average(average), zero_division=zero_division)


def multilabel_f1(y_true, y_pred, *, average="macro", zero_division=0.0):
    return _ml_call(_cls.multilabel_f1_score, y_true, y_pred, threshold=0.5, average=_ml_average(average),
                    zero_division=zero_division)


def multilabel_jaccard(y_true, y_pred, *, average="macro", zero_division=0.0):
    return _ml_call(_cls.multilabel_jaccard_index, y_true, y_pred, threshold=0.5, average=_ml_average(average),
                    zero_division=zero_division)


def multilabel_accuracy(y_true, y_pred, *, average="macro"):
    return _ml_call(_cls.multilabel_accuracy, y_true, y_pred, threshold=0.5, average=_ml_average(average))


def multilabel_specificity(y_true, y_pred, *, average="macro", zero_division=0.0):
    # torchmetrics' multilabel_specificity has no zero_division: its 0/0 is 0 (SUPPORTS offers 0.0 only)
    return _ml_call(_cls.multilabel_specificity, y_true, y_pred, threshold=0.5, average=_ml_average(average))


def multilabel_negative_predictive_value(y_true, y_pred, *, average="macro", zero_division=0.0):
    return _ml_call(_cls.multilabel_negative_predictive_value, y_true, y_pred, threshold=0.5,
                    average=_ml_average(average), zero_division=zero_division)


def multilabel_matthews_corrcoef(y_true, y_pred):
    return _ml_call(_cls.multilabel_matthews_corrcoef, y_true, y_pred, threshold=0.5)


def subset_accuracy(y_true, y_pred):
    return _ml_call(_cls.multilabel_exact_match, y_true, y_pred, threshold=0.5)


def multilabel_hamming_loss(y_true, y_pred):
    return _ml_call(_cls.multilabel_hamming_distance, y_true, y_pred, threshold=0.5, average="micro")


def multilabel_confusion_matrix(y_true, y_pred):
    return _ml_call(_cls.multilabel_confusion_matrix, y_true, y_pred, threshold=0.5)


def label_ranking_average_precision(y_true, y_score):
    return _ml_call(_cls.multilabel_ranking_average_precision, y_true, y_score)


def coverage_error(y_true, y_score):
    return _ml_call(_cls.multilabel_coverage_error, y_true, y_score)


def label_ranking_loss(y_true, y_score):
    return _ml_call(_cls.multilabel_ranking_loss, y_true, y_score)


def multilabel_roc_auc(y_true, y_score, *, average="macro"):
    return _ml_call(_cls.multilabel_auroc, y_true, y_score, average=_ml_average(average))


def multilabel_average_precision(y_true, y_score, *, average="macro"):
    return _ml_call(_cls.multilabel_average_precision, y_true, y_score, average=_ml_average(average))


def multilabel_equal_error_rate(y_true, y_score, *, average="macro"):
    # multilabel_eer has no average: one EER per label (SUPPORTS offers average=None only)
    return _ml_call(_cls.multilabel_eer, y_true, y_score)


def _ml_curves(fn, y_true, y_score):
    """torchmetrics' (xs, ys, thresholds), three lists with one tensor per label, as one tuple per label."""
    xs, ys, thresholds = _ml_call(fn, y_true, y_score, thresholds=None)
    return [(_out(x), _out(y), _out(th)) for x, y, th in zip(xs, ys, thresholds)]


def multilabel_roc_curve(y_true, y_score):
    return _ml_curves(_cls.multilabel_roc, y_true, y_score)


def multilabel_precision_recall_curve(y_true, y_score):
    return _ml_curves(_cls.multilabel_precision_recall_curve, y_true, y_score)


def multilabel_log_auc(y_true, y_score, *, fpr_range=(0.001, 0.1), average="macro"):
    return _ml_call(_cls.multilabel_logauc, y_true, y_score, fpr_range=tuple(fpr_range), average=_ml_average(average))


def _ml_points(fn, y_true, y_score, **constraint):
    """torchmetrics' (values, thresholds), one tensor each with a value per label, as one (value, threshold) per
    label."""
    values, thresholds = _ml_call(fn, y_true, y_score, **constraint, thresholds=None)
    return list(zip(_out(values).tolist(), _out(thresholds).tolist()))


def multilabel_recall_at_fixed_precision(y_true, y_score, *, min_precision):
    return _ml_points(_cls.multilabel_recall_at_fixed_precision, y_true, y_score, min_precision=min_precision)


def multilabel_precision_at_fixed_recall(y_true, y_score, *, min_recall):
    return _ml_points(_cls.multilabel_precision_at_fixed_recall, y_true, y_score, min_recall=min_recall)


def multilabel_sensitivity_at_specificity(y_true, y_score, *, min_specificity):
    return _ml_points(_cls.multilabel_sensitivity_at_specificity, y_true, y_score, min_specificity=min_specificity)


def multilabel_specificity_at_sensitivity(y_true, y_score, *, min_sensitivity):
    return _ml_points(_cls.multilabel_specificity_at_sensitivity, y_true, y_score, min_sensitivity=min_sensitivity)


def multilabel_stat_scores(y_true, y_pred, *, average=None):
    return _ml_call(_cls.multilabel_stat_scores, y_true, y_pred, threshold=0.5, average=_ml_average(average))


# ---------------------------------------------------------------- image
# (section: image)
# torchmetrics.functional.image takes (preds, target) = (image_test, image_true) as batches (N, C, H, W): the
# adapter passes one image, a 2-D (H, W) image as (1, 1, H, W) and a 3-D one with its channel_axis moved to C; an
# array of another dimensionality is passed as it is, for torchmetrics to refuse. PSNR reduces over the array's own
# axes (dim=), so its images keep their shape. Float32 tensors throughout; results back as float32 NumPy.
# SSIM is the catalog's convention='torchmetrics' (gaussian_kernel = gaussian_weights, kernel_size = win_size for the
# uniform window, sigma, k1 = K1, k2 = K2; data_range 'data' -> None, torchmetrics' max of the two images' ranges).
# MS-SSIM: kernel_size is the window's own size (2 int(3.5 sigma + 0.5) + 1 for the Gaussian), which torchmetrics'
# size checks read. UQI: a Gaussian window only (kernel_size, sigma). D_lambda: torchmetrics' UQI defaults (11 taps,
# sigma 1.5) only. No skimage convention, no 'dtype' data range, no UQI uniform window.
from torchmetrics.functional import image as _img  # noqa: E402

CONVENTIONS["image.layout"] = ("one image as a batch of one: (H, W) -> (1, 1, H, W), channel_axis moved to C; "
                               "preds = image_test, target = image_true")
CONVENTIONS["image.ssim"] = ("structural_similarity_index_measure: the catalog's convention='torchmetrics'; "
                             "data_range 'data' -> None")
CONVENTIONS["image.uiqi"] = "universal_image_quality_index: Gaussian window (kernel_size, sigma) only"
_RANGE_NUMBER_OR_PAIR = (lambda value: isinstance(value, tuple) or
                         (isinstance(value, (int, float, np.floating)) and not isinstance(value, bool)))
_RANGE_OR_DATA = lambda value: value == "data" if isinstance(value, str) else _RANGE_NUMBER_OR_PAIR(value)  # noqa: E731
for _name in ("structural_similarity", "structural_similarity_map"):
    SUPPORTS[_name] = {"convention": ("torchmetrics",), "data_range": _RANGE_OR_DATA,
                       "use_sample_covariance": (None, False)}
SUPPORTS["peak_signal_noise_ratio"] = {"data_range": _RANGE_NUMBER_OR_PAIR}
SUPPORTS["multiscale_structural_similarity"] = {"data_range": _RANGE_OR_DATA}
SUPPORTS["universal_image_quality_index"] = {"sigma": lambda value: value is not None}
SUPPORTS["spectral_distortion_index"] = {"kernel_size": (11,), "sigma": (1.5,)}


def _image_batch(values, channel_axis=None) -> torch.Tensor:
    """One image as a float32 batch (1, C, H, W)."""
    array = np.asarray(values)
    if array.dtype.kind not in "biuf":
        raise TypeError(f"image: expected real pixel values, got dtype {array.dtype}")
    array = array.astype(np.float32)
    if channel_axis is None and array.ndim == 2:
        array = array[None, None]
    elif channel_axis is not None and array.ndim == 3:
        array = np.moveaxis(array, channel_axis, 0)[None]
    return torch.from_numpy(np.ascontiguousarray(array))


def _image_pair(image_true, image_test, channel_axis=None):
    return _image_batch(image_test, channel_axis), _image_batch(image_true, channel_axis)


def _from_batch(value, channel_axis=None):
    array = _out(value)
    if channel_axis is None:
        return array[0, 0] if array.ndim == 4 else array
    return np.moveaxis(array[0], 0, channel_axis)


def _tm_range(data_range):
    return None if isinstance(data_range, str) else data_range


def peak_signal_noise_ratio(image_true, image_test, *, data_range, base=10.0, dim=None,
                            reduction="elementwise_mean"):
    preds = torch.from_numpy(np.asarray(image_test, dtype=np.float32))
    target = torch.from_numpy(np.asarray(image_true, dtype=np.float32))
    return _out(library_call(_img.peak_signal_noise_ratio, preds, target, data_range=data_range, base=base,
                             reduction=reduction, dim=dim))


def _ssim_options(data_range, win_size, gaussian_weights, sigma, K1, K2):
    gaussian = True if gaussian_weights is None else bool(gaussian_weights)
    return {"gaussian_kernel": gaussian, "sigma": sigma, "kernel_size": 11 if win_size is None else win_size,
            "data_range": _tm_range(data_range), "k1": K1, "k2": K2}


def structural_similarity(image_true, image_test, *, data_range, convention="skimage", win_size=None,
                          gaussian_weights=None, sigma=1.5, use_sample_covariance=None, K1=0.01, K2=0.03,
                          channel_axis=None):
    del convention, use_sample_covariance  # 'torchmetrics' and the population covariance only (SUPPORTS)
    return _out(library_call(_img.structural_similarity_index_measure, *_image_pair(image_true, image_test, channel_axis),
                             **_ssim_options(data_range, win_size, gaussian_weights, sigma, K1, K2)))


def structural_similarity_map(image_true, image_test, *, data_range, convention="skimage", win_size=None,
                              gaussian_weights=None, sigma=1.5, use_sample_covariance=None, K1=0.01, K2=0.03,
                              channel_axis=None):
    del convention, use_sample_covariance
    _, full = library_call(_img.structural_similarity_index_measure, *_image_pair(image_true, image_test, channel_axis),
                           return_full_image=True, **_ssim_options(data_range, win_size, gaussian_weights, sigma, K1, K2))
    return _from_batch(full, channel_axis)


def multiscale_structural_similarity(image_true, image_test, *, data_range, betas=(0.0448, 0.2856, 0.3001, 0.2363,
                                                                                  0.1333),
                                     gaussian_weights=True, win_size=None, sigma=1.5, K1=0.01, K2=0.03,
                                     normalize="relu", channel_axis=None):
    gaussian = bool(gaussian_weights)
    size = 2 * int(3.5 * sigma + 0.5) + 1 if gaussian else (11 if win_size is None else win_size)
    try:
        exponents = tuple(float(b) for b in betas)
    except (TypeError, ValueError):
        exponents = betas  # for torchmetrics to refuse
    return _out(library_call(_img.multiscale_structural_similarity_index_measure,
                             *_image_pair(image_true, image_test, channel_axis), gaussian_kernel=gaussian, sigma=sigma,
                             kernel_size=size, data_range=_tm_range(data_range), k1=K1, k2=K2, betas=exponents,
                             normalize=None if normalize == "none" else normalize))


def universal_image_quality_index(image_true, image_test, *, kernel_size=8, sigma=None, channel_axis=None):
    return _out(library_call(_img.universal_image_quality_index, *_image_pair(image_true, image_test, channel_axis),
                             kernel_size=(kernel_size, kernel_size), sigma=(sigma, sigma)))


def spectral_distortion_index(image_ms, image_fused, *, p=1, kernel_size=11, sigma=1.5, channel_axis=-1):
    del kernel_size, sigma  # torchmetrics' UQI defaults only (SUPPORTS)
    return _out(library_call(_img.spectral_distortion_index, _image_batch(image_ms, channel_axis),
                             _image_batch(image_fused, channel_axis), p=p))


def total_variation(image, *, channel_axis=None):
    return _out(library_call(_img.total_variation, _image_batch(image, channel_axis)))


def image_gradients(image, *, channel_axis=None):
    dy, dx = library_call(_img.image_gradients, _image_batch(image, channel_axis))
    return _from_batch(dy, channel_axis), _from_batch(dx, channel_axis)


def error_relative_global_dimensionless_synthesis(image_true, image_test, *, ratio=4.0, channel_axis=-1):
    return _out(library_call(_img.error_relative_global_dimensionless_synthesis,
                             *_image_pair(image_true, image_test, channel_axis), ratio=ratio))


def spectral_angle_mapper(image_true, image_test, *, channel_axis=-1):
    return _out(library_call(_img.spectral_angle_mapper, *_image_pair(image_true, image_test, channel_axis)))


def relative_average_spectral_error(image_true, image_test, *, window_size=8, channel_axis=-1):
    return _out(library_call(_img.relative_average_spectral_error, *_image_pair(image_true, image_test, channel_axis),
                             window_size=window_size))


def root_mean_squared_error_using_sliding_window(image_true, image_test, *, window_size=8, channel_axis=None):
    return _out(library_call(_img.root_mean_squared_error_using_sliding_window,
                             *_image_pair(image_true, image_test, channel_axis), window_size=window_size))


# ---------------------------------------------------------------- streaming (modular metrics)
# (section: streaming)
# STREAMING maps catalog names to torchmetrics' modular metrics (the stateful objects of its main API): update per
# batch with the same tensors as the functional calls above, compute, reset, and merge_state(other) for merge.
# Classification: the binary rates (average='binary', labels 0/1: torchmetrics' Binary* classes); the multiclass
# classes need num_classes up front, which a stream of labels it has not seen does not have (SUPPORTS restricts
# the streams to average='binary'). Retrieval: the 2-D query batches are flattened with one index per query, from
# a counter shared by every stream, so queries of different batches and of merged streams never share an index
# (torchmetrics groups by it). String cluster ids are encoded by a CRC32 of the string, so every batch encodes them alike (a renaming).
import zlib as _zlib  # noqa: E402

import itertools as _itertools  # noqa: E402

from torchmetrics import classification as _mcls  # noqa: E402
from torchmetrics import clustering as _mclu  # noqa: E402
from torchmetrics import regression as _mreg  # noqa: E402
from torchmetrics import retrieval as _mret  # noqa: E402
from torchmetrics import text as _mtxt  # noqa: E402

CONVENTIONS["streaming"] = ("modular metrics: update(preds, target) per batch, compute, reset, merge_state; string "
                            "cluster ids encoded by CRC32 in streams")


def _stream_cluster_ids(values, name):
    array = np.asarray(values)
    if array.dtype.kind in "US":
        return torch.tensor([_zlib.crc32(str(v).encode()) for v in array.ravel()], dtype=torch.int64)
    return _int_labels(array, name)


class _ModularStream:
    """A torchmetrics Metric object under the streaming protocol."""

    def __init__(self, metric, convert, out=_out):
        self.metric, self._convert, self._out = metric, convert, out

    def update(self, *batch):
        self.metric.update(*self._convert(*batch))

    def compute(self):
        return self._out(self.metric.compute())

    def reset(self):
        self.metric.reset()

    def merge(self, other):
        self.metric.merge_state(other.metric)


def _curve_out(value):
    return tuple(_out(v) for v in value)


def _regression_stream(cls, **options):
    return lambda: _ModularStream(cls(**options), _pair)


def _stream_partitions(labels_true, labels_pred):
    return _stream_cluster_ids(labels_pred, "labels_pred"), _stream_cluster_ids(labels_true, "labels_true")


def _binary_labels(y_true, y_pred):
    return _int_labels(y_pred, "y_pred"), _int_labels(y_true, "y_true")


_BINARY_STREAMS = {"precision": _mcls.BinaryPrecision, "recall": _mcls.BinaryRecall, "f1": _mcls.BinaryF1Score,
                   "specificity": _mcls.BinarySpecificity,
                   "negative_predictive_value": _mcls.BinaryNegativePredictiveValue}


def _binary_rate_stream(name):
    cls = _BINARY_STREAMS[name]

    def factory(average="binary", pos_label=1, zero_division=0.0):
        options = {} if name == "specificity" else {"zero_division": zero_division}
        return _ModularStream(cls(**options), _binary_labels)

    return factory


def _fbeta_stream(beta, average="binary", pos_label=1, zero_division=0.0):
    return _ModularStream(_mcls.BinaryFBetaScore(beta=beta, zero_division=zero_division), _binary_labels)


#: query ids of every retrieval stream: unique across batches and streams
_QUERY_IDS = _itertools.count()


def _flat_queries(y_true, y_score=None):
    grades, scores, _ = _queries(y_true, y_score)
    if scores.shape != grades.shape:
        raise ValueError(f"y_score: shape {scores.shape} does not match y_true's {grades.shape}")
    n_queries, n_docs = grades.shape
    ids = np.repeat(np.fromiter(_itertools.islice(_QUERY_IDS, n_queries), dtype=np.int64, count=n_queries), n_docs)
    return (torch.from_numpy(np.ascontiguousarray(scores, dtype=np.float32).ravel()),
            torch.from_numpy(grades.ravel() > 0), torch.from_numpy(ids))


def _retrieval_stream(cls):
    return lambda k=None: _ModularStream(cls(top_k=k), _flat_queries)


def _text_pairs(references, hypotheses):
    return _texts(hypotheses), _texts(references)


def _hypotheses_and_reference_lists(list_of_references, hypotheses):
    return _texts(hypotheses), _reference_lists(list_of_references)


def _bleu_stream(max_n=4, weights=None, smoothing="none"):
    return _ModularStream(_mtxt.BLEUScore(n_gram=max_n, smooth=_smooth(smoothing), weights=weights),
                          _hypotheses_and_reference_lists)


def _chrf_stream(char_order=6, word_order=0, beta=2.0, whitespace=False):
    """CHRFScore with the one-shot corpus_chrf's options (texts passed as they are, as chrf_score gets them)."""
    return _ModularStream(_mtxt.CHRFScore(n_char_order=char_order, n_word_order=word_order, beta=beta,
                                          whitespace=whitespace, lowercase=False,
                                          return_sentence_level_score=False),
                          lambda list_of_references, hypotheses: (hypotheses, list_of_references))


def _ter_stream():
    """TranslationEditRate with the one-shot corpus_ter's options (translation_edit_rate's, lowercase=False)."""
    return _ModularStream(_mtxt.TranslationEditRate(normalize=False, no_punctuation=False, lowercase=False,
                                                    asian_support=False),
                          _hypotheses_and_reference_lists)


def _token_batch(token_probs):
    p = _check_probs(token_probs, "token_probs")
    return (torch.from_numpy(_token_logits(p).astype(np.float32))[None],
            torch.zeros((1, p.shape[0]), dtype=torch.int64))


STREAMING = {
    "mean_squared_error": _regression_stream(_mreg.MeanSquaredError),
    "root_mean_squared_error": _regression_stream(_mreg.MeanSquaredError, squared=False),
    "mean_absolute_error": _regression_stream(_mreg.MeanAbsoluteError),
    "mean_squared_log_error": _regression_stream(_mreg.MeanSquaredLogError),
    "r2": _regression_stream(_mreg.R2Score),
    "adjusted_r2": lambda n_features: _ModularStream(_mreg.R2Score(adjusted=n_features), _pair),
    "explained_variance": _regression_stream(_mreg.ExplainedVariance),
    "pearson": lambda: _ModularStream(_mreg.PearsonCorrCoef(), lambda x, y: (_floats(x), _floats(y))),
    "spearman": lambda: _ModularStream(_mreg.SpearmanCorrCoef(), lambda x, y: (_floats(x), _floats(y))),
    "kendall_tau": lambda variant="b": _ModularStream(_mreg.KendallRankCorrCoef(variant=variant),
                                                      lambda x, y: (_floats(x), _floats(y))),
    "average_precision": lambda: _ModularStream(_mcls.BinaryAveragePrecision(), _binary_scores),
    "roc_auc": lambda: _ModularStream(_mcls.BinaryAUROC(), _binary_scores),
    "equal_error_rate": lambda: _ModularStream(_mcls.BinaryEER(), _binary_scores),
    "roc_curve": lambda: _ModularStream(_mcls.BinaryROC(), _binary_scores, _curve_out),
    "precision_recall_curve": lambda: _ModularStream(_mcls.BinaryPrecisionRecallCurve(), _binary_scores, _curve_out),
    # the operating points (value, threshold) and log-AUC, the constraint and fpr_range given to the class
    "recall_at_fixed_precision": lambda min_precision: _ModularStream(
        _mcls.BinaryRecallAtFixedPrecision(min_precision=min_precision), _binary_scores, _curve_out),
    "precision_at_fixed_recall": lambda min_recall: _ModularStream(
        _mcls.BinaryPrecisionAtFixedRecall(min_recall=min_recall), _binary_scores, _curve_out),
    "sensitivity_at_specificity": lambda min_specificity: _ModularStream(
        _mcls.BinarySensitivityAtSpecificity(min_specificity=min_specificity), _binary_scores, _curve_out),
    "specificity_at_sensitivity": lambda min_sensitivity: _ModularStream(
        _mcls.BinarySpecificityAtSensitivity(min_sensitivity=min_sensitivity), _binary_scores, _curve_out),
    "log_auc": lambda fpr_range=(0.001, 0.1): _ModularStream(_mcls.BinaryLogAUC(fpr_range=tuple(fpr_range)),
                                                            _binary_scores),
    "rand_index": lambda: _ModularStream(_mclu.RandScore(), _stream_partitions),
    "adjusted_rand_index": lambda: _ModularStream(_mclu.AdjustedRandScore(), _stream_partitions),
    "mutual_information": lambda: _ModularStream(_mclu.MutualInfoScore(), _stream_partitions),
    "normalized_mutual_information": lambda average_method="arithmetic": _ModularStream(
        _mclu.NormalizedMutualInfoScore(average_method=average_method), _stream_partitions),
    "adjusted_mutual_information": lambda average_method="arithmetic": _ModularStream(
        _mclu.AdjustedMutualInfoScore(average_method=average_method), _stream_partitions),
    "homogeneity": lambda: _ModularStream(_mclu.HomogeneityScore(), _stream_partitions),
    "completeness": lambda: _ModularStream(_mclu.CompletenessScore(), _stream_partitions),
    "v_measure": lambda beta=1.0: _ModularStream(_mclu.VMeasureScore(beta=beta), _stream_partitions),
    "fowlkes_mallows": lambda: _ModularStream(_mclu.FowlkesMallowsIndex(), _stream_partitions),
    **{name: _binary_rate_stream(name) for name in _BINARY_STREAMS},
    "fbeta": _fbeta_stream,
    "mean_average_precision": _retrieval_stream(_mret.RetrievalMAP),
    "mean_reciprocal_rank": _retrieval_stream(_mret.RetrievalMRR),
    "hit_rate_at_k": _retrieval_stream(_mret.RetrievalHitRate),
    "corpus_wer": lambda: _ModularStream(_mtxt.WordErrorRate(), _text_pairs),
    "corpus_cer": lambda: _ModularStream(_mtxt.CharErrorRate(), _text_pairs),
    "corpus_bleu": _bleu_stream,
    "corpus_chrf": _chrf_stream,
    "corpus_ter": _ter_stream,
    "perplexity": lambda: _ModularStream(_mtxt.Perplexity(), _token_batch),
    "calinski_harabasz": lambda: _ModularStream(_mclu.CalinskiHarabaszScore(),
                                                lambda X, labels: (_floats(X), _stream_cluster_ids(labels, "labels"))),
    "corpus_perplexity": lambda average="tokens": _ModularStream(_mtxt.Perplexity(ignore_index=_IGNORE),
                                                                 _sequence_batch),
}
for _name in (*_BINARY_STREAMS, "fbeta"):
    SUPPORTS[f"stream:{_name}"] = {**SUPPORTS.get(_name, {}), "average": ("binary",), "pos_label": (1,)}
