"""Keras 3 on its torch backend (``keras.metrics``, ``keras.losses``, CPU) under the catalog's names.

Both of Keras' forms are audited:

* the **functional** forms (``keras.metrics.mean_squared_error``, ``sparse_categorical_crossentropy``,
  ``sparse_top_k_categorical_accuracy``, ``hinge``, ``kl_divergence``, ``pearson_correlation``, ...) give one
  value per sample; the one-shot functions here reduce them with Keras' own ``keras.metrics.Mean`` (``Sum`` for
  ``normalize=False``), with ``sample_weight`` passed to its ``update_state``: what ``MeanMetricWrapper``, the class
  behind each of these metrics, does. The metrics Keras has only as a class (``Accuracy``, ``F1Score``,
  ``Precision``, ``R2Score``, ``IoU``, ``AUC``, ...) are called as one ``update_state`` and ``result()``;
* the **stateful classes** are the streams (``STREAMING``): ``update_state`` per batch, ``result``, ``reset_state``.
  Keras metrics have no merge of two states, so the merge properties are n/a.

Samples are rows, Keras' layout: a catalog 1-D array of n samples is passed as an (n, 1) array (one output), so
that the per-sample functions keep one value per sample and a stream counts samples, not batches (a 1-D batch
is one sample of n features to Keras). The correlations and the cosine are functions of whole vectors: they get
the 1-D arrays, reduced along their last axis. Float inputs are float32 arrays (``keras.config.floatx()``, what a
Keras model computes in), labels int64; results come back as float32 NumPy values (``keras.ops.convert_to_numpy``),
never as tensors. The adapter converts formats only (labels to indicator columns or class indices, 1-D to
(n, 1), percentages to fractions); every value is Keras' own, and every exception Keras raises reaches the audit.

Not exposed: ``poisson`` (Keras' Poisson loss ``mean(y_pred - y log(y_pred + eps))`` is the negative log-likelihood
without the saturated model's term, not the catalog's deviance; their difference would be the adapter's arithmetic,
and it cancels in float32 for counts in the hundreds), ``AUC(curve='PR')`` (Davis-Goadrich interpolation between
binned points, not the step-wise average precision), the binned operating points (``PrecisionAtRecall``, ...:
200 thresholds, no threshold reported), the squared and categorical-focal losses, Huber and ``Dice`` (no catalog
metric), and macro/weighted precision and recall (Keras has only ``class_id`` and pooled counts).
"""

from __future__ import annotations

import os
import warnings
import zlib

# Keras chooses its backend once, when it is first imported, from KERAS_BACKEND (else ~/.keras/keras.json, else
# TensorFlow). This target is Keras on torch (the torch the other references use; TensorFlow and JAX are not
# installed), so the variable is set before the import below, whatever a user's keras.json says. A Keras
# imported earlier in the process with another backend is refused just after the import: its values would be
# another library's.
os.environ["KERAS_BACKEND"] = "torch"

import keras  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402

from properties.engine.vocabulary.reproduce import library_call, note_library_call  # noqa: E402

if keras.backend.backend() != "torch":  # pragma: no cover - keras imported before this module, on another backend
    raise RuntimeError(f"keras was imported with the {keras.backend.backend()!r} backend before reference.keras; "
                      "this target is Keras on torch (set KERAS_BACKEND=torch)")

TARGET_NAME = "keras"
VERSION = keras.__version__
PRECISION = "float32"
# torch refuses shapes it cannot broadcast with RuntimeError; Keras' own checks raise ValueError
REFUSAL_ERRORS = (ValueError, TypeError, RuntimeError)
CONVENTIONS: dict = {
    "runtime": f"keras {keras.__version__}, backend {keras.backend.backend()} (torch {torch.__version__}, CPU), "
               f"floatx {keras.config.floatx()}",
    "dtypes": "float inputs as float32 arrays, labels as int64; results returned as float32 NumPy values",
    "reduction": "per-sample functional values reduced by keras.metrics.Mean (normalize=False: Sum); sample_weight "
                 "passed to its update_state",
}
SUPPORTS: dict = {}
DOMAINS: dict = {}

torch.set_num_threads(1)
# Keras warns on inputs it accepts (float weights of an integer confusion matrix, one-column crossentropy): the
# values are what is audited
warnings.filterwarnings("ignore", module=r"keras\..*")


def _out(value):
    """A Keras result (a torch tensor) as NumPy: a 0-d value as a NumPy scalar, float32 kept."""
    array = keras.ops.convert_to_numpy(value)
    return array[()] if array.ndim == 0 else array


def _floats(values) -> np.ndarray:
    return np.asarray(values, dtype=np.float32)


def _column(values) -> np.ndarray:
    """A 1-D array of samples as Keras' (n, 1) rows; any other shape as it is (Keras judges it)."""
    return values[:, None] if values.ndim == 1 else values


def _metric(cls, *update, sample_weight=None, **options):
    """``cls(**options)`` updated once with ``update`` (and ``sample_weight``): its ``result()``."""
    # noted, not recorded with its outcome: a metric's repr holds a name numbered by a process-wide counter
    # (<MeanIoU name=mean_io_u_123>), which would make reproductions differ from one run to the next
    note_library_call(cls, **options)
    metric = cls(**options)
    if sample_weight is None:
        library_call(metric.update_state, *update)
    else:
        library_call(metric.update_state, *update, sample_weight=_floats(sample_weight))
    return _out(library_call(metric.result))


def _reduced(per_sample, *, sample_weight=None, normalize=True):
    """Per-sample values reduced as Keras' metric classes reduce them: their weighted mean (or weighted sum)."""
    return _metric(keras.metrics.Mean if normalize else keras.metrics.Sum, per_sample, sample_weight=sample_weight)


# ---------------------------------------------------------------- labels
# Keras takes classes as indices (sparse metrics) or as indicator columns (F1Score, the hinge, the crossentropies):
# the catalog's labels (integers, booleans, integral floats or strings) are encoded by their sorted order (the
# sorted union of y_true and y_pred, or labels= in its order), a renaming every multiclass value is invariant
# under. Labels without such an encoding (NaN, non-integral floats, strings mixed with numbers) are refused by the
# adapter: Keras never sees labels, only indices.
CONVENTIONS["classification.labels"] = (
    "multiclass: labels encoded by their sorted order (labels= in its order) as class indices or one-hot indicator "
    "columns; NaN, non-integral float labels and strings mixed with numbers have no encoding and are refused by "
    "the adapter; average='binary': the 0/1 labels passed as they are (DOMAINS: other binary labels are skipped)")


def _labels(values, name: str) -> np.ndarray:
    array = np.asarray(values)
    if array.dtype.kind not in "biufUS":
        raise TypeError(f"{name}: expected an array of labels, got {array.dtype}")
    if array.dtype.kind == "f" and array.size and not (np.isfinite(array).all() and (array == np.round(array)).all()):
        raise ValueError(f"{name}: float labels must be finite integers")
    return array


def _classes(*arrays, labels=None) -> np.ndarray:
    """The classes in column order: ``labels`` as given, else the sorted union of the arrays' labels."""
    if sum(a.size > 0 and a.dtype.kind in "US" for a in arrays) not in (0, sum(a.size > 0 for a in arrays)):
        raise TypeError("y_true / y_pred: labels of different types (strings and numbers)")
    if labels is not None:
        return _labels(labels, "labels")
    return np.unique(np.concatenate([a.ravel() for a in arrays]))


def _indices(array: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """Each label's position in ``classes``; -1 for a label not among them."""
    if np.unique(classes).size != classes.size:
        raise ValueError("labels: repeated labels")
    order = np.argsort(classes, kind="stable")
    at = np.searchsorted(classes[order], array)
    found = at < classes.size
    found[found] &= classes[order][at[found]] == array[found]
    return np.where(found, order[np.minimum(at, max(classes.size - 1, 0))], -1).astype(np.int64)


def _one_hot(codes: np.ndarray, width: int) -> np.ndarray:
    """Indicator rows (float32) of class indices; a row of zeros for -1 (a label outside labels=)."""
    rows = np.zeros((codes.size, width), dtype=np.float32)
    inside = codes >= 0
    rows[np.flatnonzero(inside), codes[inside]] = 1.0
    return rows


def _indicators(y_true, y_pred, labels=None):
    """(truth, prediction) one-hot matrices over the classes, and the number of classes."""
    a, b = _labels(y_true, "y_true"), _labels(y_pred, "y_pred")
    if a.ndim != 1 or b.ndim != 1:
        raise ValueError(f"y_true / y_pred: expected 1-D label arrays, got shapes {a.shape}, {b.shape}")
    classes = _classes(a, b, labels=labels)
    width = max(classes.size, 1)  # no labels (empty input): one column, Keras' answer for a class without samples
    return _one_hot(_indices(a, classes), width), _one_hot(_indices(b, classes), width), width


def _binary_zero_one(args, kwargs) -> bool:
    """``DOMAINS`` rule of the binary rates: Keras' Precision, Recall, F1Score and BinaryIoU take 0/1 indicators
    (``y_true`` cast to bool or multiplied as a number), so valid binary labels other than 0/1 ({1, 2}, strings) are
    outside; bad input (NaN, non-numeric, other shapes) stays inside, where the spec checks that it is refused."""
    if kwargs.get("average", "binary") != "binary":
        return True
    try:
        arrays = [np.asarray(a, dtype=float) for a in args[:2]]
    except (TypeError, ValueError):
        return True
    return any(not np.isfinite(a).all() for a in arrays) or all(np.isin(a, (0.0, 1.0)).all() for a in arrays)


# ---------------------------------------------------------------- classification
CONVENTIONS["classification.accuracy"] = "keras.metrics.Accuracy on the class indices"
CONVENTIONS["classification.f_scores"] = (
    "f1/fbeta: F1Score/FBetaScore on one-hot columns (threshold None: the row's maximum); average='binary': one "
    "column of the 0/1 labels, threshold 0.5; micro/macro/weighted/None as Keras'; Keras adds epsilon=1e-7 to "
    "each denominator, so an undefined score is 0 (zero_division=0.0 only)")
CONVENTIONS["classification.precision_recall"] = (
    "Precision/Recall (threshold 0.5): average='binary' on the 0/1 labels; 'micro' on the one-hot matrices (all "
    "cells pooled); None: one Precision(class_id=c) per class; no macro/weighted (Keras has none)")
CONVENTIONS["classification.jaccard_score"] = (
    "binary: BinaryIoU(target_class_ids=[1]); macro: MeanIoU(num_classes=K); None: IoU(target_class_ids=[c]) per "
    "class, on the class indices")
_ZERO_DIVISION_0 = {"zero_division": (0.0,), "pos_label": (1,)}


def accuracy(y_true, y_pred, *, sample_weight=None):
    a, b = _labels(y_true, "y_true"), _labels(y_pred, "y_pred")
    classes = _classes(a, b)
    return _metric(keras.metrics.Accuracy, _indices(a, classes), _indices(b, classes),
                   sample_weight=sample_weight)


def _f_score(y_true, y_pred, beta, average, labels, sample_weight):
    cls, options = (keras.metrics.F1Score, {}) if beta is None else (keras.metrics.FBetaScore, {"beta": float(beta)})
    if average == "binary":
        truth, prediction = _column(_floats(y_true)), _column(_floats(y_pred))
        return _metric(cls, truth, prediction, sample_weight=sample_weight, threshold=0.5, **options)[0]
    truth, prediction, _ = _indicators(y_true, y_pred, labels)
    return _metric(cls, truth, prediction, sample_weight=sample_weight, average=average, **options)


def f1(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division=0.0):
    del pos_label, zero_division  # 1 and 0.0 only (SUPPORTS)
    return _f_score(y_true, y_pred, None, average, labels, sample_weight)


def fbeta(y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary", sample_weight=None,
          zero_division=0.0):
    del pos_label, zero_division  # 1 and 0.0 only (SUPPORTS)
    return _f_score(y_true, y_pred, beta, average, labels, sample_weight)


def _rate(cls, y_true, y_pred, average, sample_weight):
    if average == "binary":
        return _metric(cls, _floats(y_true), _floats(y_pred), sample_weight=sample_weight)
    truth, prediction, width = _indicators(y_true, y_pred)
    weights = None if sample_weight is None else _column(_floats(sample_weight))
    if average == "micro":
        return _metric(cls, truth, prediction, sample_weight=weights)
    return np.array([_metric(cls, truth, prediction, sample_weight=weights, class_id=c) for c in range(width)],
                    dtype=np.float32)


def precision(y_true, y_pred, *, pos_label=1, average="binary", sample_weight=None, zero_division=0.0):
    del pos_label, zero_division  # 1 and 0.0 only (SUPPORTS)
    return _rate(keras.metrics.Precision, y_true, y_pred, average, sample_weight)


def recall(y_true, y_pred, *, pos_label=1, average="binary", sample_weight=None, zero_division=0.0):
    del pos_label, zero_division  # 1 and 0.0 only (SUPPORTS)
    return _rate(keras.metrics.Recall, y_true, y_pred, average, sample_weight)


def jaccard_score(y_true, y_pred, *, pos_label=1, average="binary", sample_weight=None, zero_division=0.0):
    del pos_label, zero_division  # 1 and 0.0 only (SUPPORTS)
    if average == "binary":
        return _metric(keras.metrics.BinaryIoU, _floats(y_true), _floats(y_pred), sample_weight=sample_weight,
                       target_class_ids=[1])
    a, b = _labels(y_true, "y_true"), _labels(y_pred, "y_pred")
    classes = _classes(a, b)
    truth, prediction = _indices(a, classes), _indices(b, classes)
    k = max(classes.size, 1)
    if average == "macro":
        return _metric(keras.metrics.MeanIoU, truth, prediction, sample_weight=sample_weight, num_classes=k)
    return np.array([_metric(keras.metrics.IoU, truth, prediction, sample_weight=sample_weight, num_classes=k,
                             target_class_ids=[c]) for c in range(k)], dtype=np.float32)


for _name in ("f1", "fbeta"):
    SUPPORTS[_name] = {**_ZERO_DIVISION_0, "average": ("binary", "micro", "macro", "weighted", None)}
    DOMAINS[_name] = {"where": _binary_zero_one}
for _name in ("precision", "recall"):
    SUPPORTS[_name] = {**_ZERO_DIVISION_0, "average": ("binary", "micro", None)}
    DOMAINS[_name] = {"where": _binary_zero_one}
SUPPORTS["jaccard_score"] = {**_ZERO_DIVISION_0, "average": ("binary", "macro", None)}
DOMAINS["jaccard_score"] = {"where": _binary_zero_one}


def _column_indices(y_true, labels, width):
    """y_true as class indices of the score columns (classes: labels= in its order, else y_true's sorted labels)."""
    a = _labels(y_true, "y_true")
    classes = _classes(a, labels=labels)
    if width is not None and width != classes.size:
        raise ValueError(f"y_true: {classes.size} classes for {width} columns")
    codes = _indices(a, classes)
    if (codes < 0).any():
        raise ValueError("y_true: labels not in labels=")
    return codes


CONVENTIONS["classification.scores"] = (
    "top_k_accuracy: sparse_top_k_categorical_accuracy; log_loss: sparse_categorical_crossentropy of the (N, K) rows "
    "(binary_crossentropy of 1-D probabilities); hinge_loss: hinge of 1-D decisions (labels 0/1 -> -1/+1), "
    "categorical_hinge of (N, K) ones on one-hot truth; y_true as the indices of its classes among the columns")


def top_k_accuracy(y_true, y_score, *, k=2, normalize=True, sample_weight=None, labels=None):
    scores = _floats(y_score)
    codes = _column_indices(y_true, labels, scores.shape[1] if scores.ndim == 2 else None)
    hits = library_call(keras.metrics.sparse_top_k_categorical_accuracy, codes, scores, k=k)
    return _reduced(hits, sample_weight=sample_weight, normalize=normalize)


def _per_sample(y_true, values, labels, binary, rows):
    """Keras' per-sample values of 1-D binary scores (``binary`` of the 0/1 class indices and the scores, both as
    (n, 1) columns) or of (N, K) rows (``rows`` of the class indices and the rows)."""
    if values.ndim == 1:
        codes = _column_indices(y_true, labels, 2)
        return library_call(binary, _column(codes.astype(np.float32)), _column(values))
    return rows(_column_indices(y_true, labels, values.shape[1] if values.ndim == 2 else None), values)


def log_loss(y_true, y_proba, *, normalize=True, sample_weight=None, labels=None):
    losses = _per_sample(y_true, _floats(y_proba), labels, keras.metrics.binary_crossentropy,
                         lambda codes, rows: library_call(keras.metrics.sparse_categorical_crossentropy, codes, rows))
    return _reduced(losses, sample_weight=sample_weight, normalize=normalize)


def hinge_loss(y_true, pred_decision, *, labels=None, sample_weight=None):
    losses = _per_sample(y_true, _floats(pred_decision), labels, keras.metrics.hinge,
                         lambda codes, rows: library_call(keras.metrics.categorical_hinge,
                                                          _one_hot(codes, rows.shape[-1]), rows))
    return _reduced(losses, sample_weight=sample_weight)


# ---------------------------------------------------------------- regression
# The per-sample functions on (n, 1) columns, reduced by Mean; multioutput 'raw_values': each output column on its
# own, 'uniform_average': the (n, m) matrix, whose per-sample values are the means over the outputs (for these
# linear averages, the mean of the per-output values). RMSE and R2 are classes only (RootMeanSquaredError,
# R2Score: 2-D inputs, its class_aggregation is multioutput, num_regressors the adjusted R2's n_features).
CONVENTIONS["regression.forms"] = (
    "mean_squared_error, mean_absolute_error, mean_absolute_percentage_error (Keras gives percent; divided by 100), "
    "mean_squared_log_error, log_cosh_error: keras.metrics functions on (n, 1) columns, reduced by Mean; "
    "root_mean_squared_error: RootMeanSquaredError; r2/adjusted_r2: R2Score(class_aggregation, num_regressors)")
CONVENTIONS["regression.multioutput"] = ("raw_values: each output column on its own; uniform_average: the (n, m) "
                                         "matrix; no output weights")


def _pair(y_true, y_pred):
    return _floats(y_true), _floats(y_pred)


def _per_output(fn, y_true, y_pred, sample_weight, multioutput, scale=1.0):
    truth, pred = _pair(y_true, y_pred)

    def mean(t, p):
        value = _reduced(library_call(fn, _column(t), _column(p)), sample_weight=sample_weight)
        return value / np.float32(scale) if scale != 1.0 else value

    if multioutput == "raw_values":
        if truth.ndim != 2 or pred.shape != truth.shape:
            return np.atleast_1d(mean(truth, pred))
        return np.array([mean(truth[:, j], pred[:, j]) for j in range(truth.shape[1])], dtype=np.float32)
    return mean(truth, pred)


_AVERAGES = ("raw_values", "uniform_average")


def mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _per_output(keras.metrics.mean_squared_error, y_true, y_pred, sample_weight, multioutput)


def mean_absolute_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _per_output(keras.metrics.mean_absolute_error, y_true, y_pred, sample_weight, multioutput)


def mean_absolute_percentage_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _per_output(keras.metrics.mean_absolute_percentage_error, y_true, y_pred, sample_weight, multioutput,
                       scale=100.0)


def mean_squared_log_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return _per_output(keras.metrics.mean_squared_logarithmic_error, y_true, y_pred, sample_weight, multioutput)


def log_cosh_error(y_true, y_pred, *, sample_weight=None):
    return _per_output(keras.metrics.log_cosh, y_true, y_pred, sample_weight, "uniform_average")


def root_mean_squared_error(y_true, y_pred, *, sample_weight=None):
    truth, pred = _pair(y_true, y_pred)
    return _metric(keras.metrics.RootMeanSquaredError, _column(truth), _column(pred), sample_weight=sample_weight)


_R2_AGGREGATION = {"raw_values": None, "uniform_average": "uniform_average",
                   "variance_weighted": "variance_weighted_average"}


def r2(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    truth, pred = _pair(y_true, y_pred)
    value = _metric(keras.metrics.R2Score, _column(truth), _column(pred), sample_weight=sample_weight,
                    class_aggregation=_R2_AGGREGATION[multioutput])
    return np.atleast_1d(value) if multioutput == "raw_values" else value


def adjusted_r2(y_true, y_pred, *, n_features, sample_weight=None):
    truth, pred = _pair(y_true, y_pred)
    return _metric(keras.metrics.R2Score, _column(truth), _column(pred), sample_weight=sample_weight,
                   num_regressors=n_features)


for _name in ("mean_squared_error", "mean_absolute_error", "mean_absolute_percentage_error", "mean_squared_log_error"):
    SUPPORTS[_name] = {"multioutput": lambda value: isinstance(value, str) and value in _AVERAGES}
SUPPORTS["r2"] = {"multioutput": lambda value: isinstance(value, str) and value in _R2_AGGREGATION}
CONVENTIONS["regression.vectors"] = (
    "cosine_similarity, pearson, concordance_corrcoef: keras.metrics.CosineSimilarity (a class only), "
    "pearson_correlation, concordance_correlation of the two 1-D arrays (one vector each, axis=-1)")


def cosine_similarity(y_true, y_pred):
    # keras.metrics exports the cosine as a class only (keras.losses.cosine_similarity is its negative, a loss)
    return _metric(keras.metrics.CosineSimilarity, *_pair(y_true, y_pred))


def concordance_corrcoef(y_true, y_pred):
    return _out(library_call(keras.metrics.concordance_correlation, *_pair(y_true, y_pred)))


def pearson(x, y):
    return _out(library_call(keras.metrics.pearson_correlation, *_pair(x, y)))


# ---------------------------------------------------------------- probabilistic
CONVENTIONS["probabilistic"] = ("kl_divergence: keras.metrics.kl_divergence(p, q); cross_entropy: "
                                "categorical_crossentropy(p, q); natural logarithms only (base=None)")
SUPPORTS["kl_divergence"] = {"base": (None,)}
SUPPORTS["cross_entropy"] = {"base": (None,)}


def kl_divergence(p, q, *, base=None):
    del base  # nats only (SUPPORTS)
    return _out(library_call(keras.metrics.kl_divergence, _floats(p), _floats(q)))


def cross_entropy(p, q, *, base=None):
    del base  # nats only (SUPPORTS)
    return _out(library_call(keras.metrics.categorical_crossentropy, _floats(p), _floats(q)))


# ---------------------------------------------------------------- curves
# keras.metrics.AUC is a binned estimate: 200 thresholds evenly spaced over [0, 1] (num_thresholds=200), the ROC
# curve through their confusion counts, trapezoids between them (summation_method='interpolation'). A positive
# and a negative whose scores fall between the same two thresholds are tied for it, which the exact ROC AUC of the
# catalog does not tie. Keras documents the estimate for predictions in [0, 1] ("the quality of the approximation
# may be poor" elsewhere), so the calls are made only there, and only where no bin holds a positive and a negative
# of different scores: there the binned value is the exact one (DOMAINS). The catalog's own binned estimator
# (metrics.streaming.binned_roc_auc, with its error bound) has no catalog name and no properties to audit against.
_AUC_THRESHOLDS = 200
CONVENTIONS["roc_auc"] = (
    f"keras.metrics.AUC(num_thresholds={_AUC_THRESHOLDS}) (ROC, interpolation): binary labels 0/1, scores in [0, 1] "
    "where no threshold bin holds a positive and a negative of different scores (DOMAINS: the binned value is the "
    "exact one there)")


def _auc_bin_separates_classes(args, kwargs) -> bool:
    """``DOMAINS`` rule of roc_auc: scores in [0, 1], and every bin between two of Keras' thresholds holding a
    positive and a negative holds one score only. A score s counts above the thresholds i / (T - 1) below it, so
    its bin is ceil(s (T - 1)), with 0 and (0, 1 / (T - 1)] in one; a score within 1e-4 of a threshold (where
    float32 may round it across) counts as sharing both bins. Bad input stays inside the domain."""
    del kwargs
    try:
        labels, scores = np.asarray(args[0], dtype=float), np.asarray(args[1], dtype=float)
    except (TypeError, ValueError, IndexError):
        return True
    if labels.ndim != 1 or labels.shape != scores.shape or not labels.size or not np.isfinite(labels).all() \
            or not np.isfinite(scores).all() or not np.isin(labels, (0.0, 1.0)).all():
        return True
    if (scores < 0).any() or (scores > 1).any():
        return False
    scaled = scores * (_AUC_THRESHOLDS - 1)
    low = np.maximum(np.ceil(scaled - 1e-4), 1)
    high = np.maximum(np.ceil(scaled + 1e-4), 1)
    for value in np.unique(np.concatenate([low, high])):
        here = (low <= value) & (value <= high)
        if np.unique(labels[here]).size == 2 and np.unique(scores[here]).size > 1:
            return False
    return True


def roc_auc(y_true, y_score, *, sample_weight=None):
    return _metric(keras.metrics.AUC, _floats(y_true), _floats(y_score), sample_weight=sample_weight,
                   num_thresholds=_AUC_THRESHOLDS)


DOMAINS["roc_auc"] = {"where": _auc_bin_separates_classes}


# ---------------------------------------------------------------- multilabel
CONVENTIONS["multilabel"] = (
    "multilabel_f1/fbeta: F1Score/FBetaScore(threshold=0.5) on the indicator matrices, averages micro/macro/"
    "weighted/None; multilabel_precision/recall: Precision/Recall on the matrices (micro: every cell pooled), "
    "None: one per class_id")


def multilabel_f1(y_true, y_pred, *, average="macro", zero_division=0.0):
    del zero_division  # 0.0 only (SUPPORTS)
    return _metric(keras.metrics.F1Score, *_pair(y_true, y_pred), average=average, threshold=0.5)


def multilabel_fbeta(y_true, y_pred, *, beta, average="macro", zero_division=0.0):
    del zero_division  # 0.0 only (SUPPORTS)
    return _metric(keras.metrics.FBetaScore, *_pair(y_true, y_pred), average=average, beta=float(beta),
                   threshold=0.5)


def _multilabel_rate(cls, y_true, y_pred, average):
    truth, pred = _pair(y_true, y_pred)
    if average == "micro":
        return _metric(cls, truth, pred)
    return np.array([_metric(cls, truth, pred, class_id=c) for c in range(truth.shape[-1])], dtype=np.float32)


def multilabel_precision(y_true, y_pred, *, average="macro", zero_division=0.0):
    del zero_division  # 0.0 only (SUPPORTS)
    return _multilabel_rate(keras.metrics.Precision, y_true, y_pred, average)


def multilabel_recall(y_true, y_pred, *, average="macro", zero_division=0.0):
    del zero_division  # 0.0 only (SUPPORTS)
    return _multilabel_rate(keras.metrics.Recall, y_true, y_pred, average)


for _name in ("multilabel_f1", "multilabel_fbeta"):
    SUPPORTS[_name] = {"zero_division": (0.0,), "average": ("micro", "macro", "weighted", None)}
for _name in ("multilabel_precision", "multilabel_recall"):
    SUPPORTS[_name] = {"zero_division": (0.0,), "average": ("micro", None)}


# ---------------------------------------------------------------- detection
CONVENTIONS["box_iou"] = "keras.utils.bounding_boxes.compute_iou(boxes1, boxes2, bounding_box_format) on float32 boxes"


def box_iou(boxes1, boxes2, *, box_format="xyxy"):
    return _out(library_call(keras.utils.bounding_boxes.compute_iou, _floats(boxes1), _floats(boxes2),
                             bounding_box_format=box_format))


# ---------------------------------------------------------------- streaming (the metric classes)
# Each stream is a Keras metric object: update_state per batch with the one-shot call's conversions (1-D samples as
# (n, 1) rows), result, reset_state. Labels are not encoded (a stream cannot know the classes to come): the binary
# rates take the 0/1 labels, Accuracy any integer labels (strings by a CRC32 of the string: the same in every
# batch, a renaming).
CONVENTIONS["streaming"] = ("metric classes: update_state(y_true, y_pred) per batch, result, reset_state; no merge; "
                            "Accuracy's string labels encoded by CRC32")


def _stream_labels(values) -> np.ndarray:
    array = np.asarray(values)
    if array.dtype.kind in "US":
        return np.array([zlib.crc32(str(v).encode()) for v in array.ravel()], dtype=np.int64).reshape(array.shape)
    return array


class _Stream:
    """A Keras metric object under the streaming protocol; ``convert`` turns a batch into update_state's arguments,
    ``scale`` divides the result (MAPE's percent), ``single`` takes the one value of a one-column F-score."""

    def __init__(self, metric, convert, scale=1.0, single=False):
        self.metric, self._convert, self._scale, self._single = metric, convert, scale, single

    def update(self, *batch):
        self.metric.update_state(*self._convert(*batch))

    def compute(self):
        value = _out(self.metric.result())
        value = value[0] if self._single else value
        return value / np.float32(self._scale) if self._scale != 1.0 else value

    def reset(self):
        self.metric.reset_state()


def _columns(y_true, y_pred):
    truth, pred = _pair(y_true, y_pred)
    return _column(truth), _column(pred)


def _stream(cls, convert=_columns, scale=1.0, **options):
    return lambda: _Stream(cls(**options), convert, scale)


def _f_stream(beta=None, average="binary", pos_label=1, zero_division=0.0, labels=None):
    del average, pos_label, zero_division, labels  # binary only (SUPPORTS)
    if beta is None:
        return _Stream(keras.metrics.F1Score(threshold=0.5), _columns, single=True)
    return _Stream(keras.metrics.FBetaScore(beta=float(beta), threshold=0.5), _columns, single=True)


def _binary_stream(cls, **options):
    def factory(average="binary", pos_label=1, zero_division=0.0):
        del average, pos_label, zero_division  # binary only (SUPPORTS)
        return _Stream(cls(**options), _pair)

    return factory


def _multilabel_f_stream(beta=None, average="macro", zero_division=0.0):
    del zero_division  # 0.0 only (SUPPORTS)
    if beta is None:
        return _Stream(keras.metrics.F1Score(average=average, threshold=0.5), _pair)
    return _Stream(keras.metrics.FBetaScore(average=average, beta=float(beta), threshold=0.5), _pair)


def _multilabel_micro_stream(cls):
    def factory(average="macro", zero_division=0.0):
        del average, zero_division  # micro only (SUPPORTS)
        return _Stream(cls(), _pair)

    return factory


STREAMING = {
    "accuracy": _stream(keras.metrics.Accuracy, lambda y_true, y_pred: (_stream_labels(y_true),
                                                                       _stream_labels(y_pred))),
    "f1": _f_stream,
    "fbeta": _f_stream,
    "precision": _binary_stream(keras.metrics.Precision),
    "recall": _binary_stream(keras.metrics.Recall),
    "jaccard_score": _binary_stream(keras.metrics.BinaryIoU, target_class_ids=[1]),
    "mean_squared_error": _stream(keras.metrics.MeanSquaredError),
    "mean_absolute_error": _stream(keras.metrics.MeanAbsoluteError),
    "mean_absolute_percentage_error": _stream(keras.metrics.MeanAbsolutePercentageError, scale=100.0),
    "mean_squared_log_error": _stream(keras.metrics.MeanSquaredLogarithmicError),
    "log_cosh_error": _stream(keras.metrics.LogCoshError),
    "root_mean_squared_error": _stream(keras.metrics.RootMeanSquaredError),
    "r2": _stream(keras.metrics.R2Score),
    "adjusted_r2": lambda n_features: _Stream(keras.metrics.R2Score(num_regressors=n_features), _columns),
    # whole-vector functions of each batch, averaged over the batches (MeanMetricWrapper)
    "cosine_similarity": _stream(keras.metrics.CosineSimilarity, _pair),
    "pearson": _stream(keras.metrics.PearsonCorrelation, _pair),
    "concordance_corrcoef": _stream(keras.metrics.ConcordanceCorrelation, _pair),
    "roc_auc": _stream(keras.metrics.AUC, _pair, num_thresholds=_AUC_THRESHOLDS),
    "multilabel_f1": _multilabel_f_stream,
    "multilabel_fbeta": _multilabel_f_stream,
    "multilabel_precision": _multilabel_micro_stream(keras.metrics.Precision),
    "multilabel_recall": _multilabel_micro_stream(keras.metrics.Recall),
}
for _name in ("f1", "fbeta", "precision", "recall", "jaccard_score"):
    SUPPORTS[f"stream:{_name}"] = {**SUPPORTS[_name], "average": ("binary",)}
for _name in ("multilabel_precision", "multilabel_recall"):
    SUPPORTS[f"stream:{_name}"] = {**SUPPORTS[_name], "average": ("micro",)}
del _name
