"""Mutants for the bad-input classes of issue 44: each accepts one kind of bad input silently, as a library was
seen to, and names the property (and, in ``CLASSES``, the finding class) that must catch it.

Sample weights that are NaN, infinite, negative, of the wrong length, of length 1 or all zero; an argument of
length 1 against n samples; k, n and beta out of their domain; labels of two kinds (strings against numbers)
and of one kind in two dtypes; NaN labels; and negative grades scored as relevant.
"""

from __future__ import annotations

import functools

import numpy as np

from metrics import classification as C
from metrics import curves as CV
from metrics import detection as D
from metrics import generative as G
from metrics import ranking as R
from metrics import regression as RG
from metrics import text as T
from properties.ranking import NEGATIVE_AS_GAIN, NEGATIVE_AS_IRRELEVANT

from . import Mutant


def _with_weights(fn, fix):
    """``fn`` with its sample_weight passed through ``fix(w, n)`` first (n: the first argument's length)."""

    @functools.wraps(fn)
    def mutant(*args, sample_weight=None, **kwargs):
        if sample_weight is not None:
            sample_weight = fix(np.asarray(sample_weight, dtype=np.float64), len(args[0]))
        return fn(*args, sample_weight=sample_weight, **kwargs)

    return mutant


def _nan_as_zero(w, n):
    return np.nan_to_num(w, nan=0.0)


def _inf_as_largest(w, n):
    return np.nan_to_num(w, posinf=np.finfo(np.float64).max / n)


def _absolute(w, n):
    return np.abs(w)


def _cut_or_padded(w, n):
    return w[:n] if w.size >= n else np.concatenate([w, np.ones(n - w.size)])


def _broadcast(w, n):
    return np.broadcast_to(w, (n,)).copy() if w.size == 1 else w


def _unweighted_when_zero(w, n):
    return None if w.size and not w.any() else w


def _broadcast_second(fn):
    """A length-1 second argument broadcast against the first (one library's MSE of 4.67)."""

    @functools.wraps(fn)
    def mutant(a, b, *args, **kwargs):
        b = np.asarray(b)
        if b.shape[:1] == (1,) and len(a) > 1:
            b = np.broadcast_to(b, (len(a), *b.shape[1:])).copy()
        return fn(a, b, *args, **kwargs)

    return mutant


def _order_zero_scores_one(references, hypothesis, *, n=1, **kwargs):
    """ROUGE-N with n <= 0: no n-gram order to count, every text "matches" (disjoint texts score 1.0)."""
    if n <= 0:
        return T.RougeScore(1.0, 1.0, 1.0)
    return T.rouge_n(references, hypothesis, n=n, **kwargs)


def _k_at_least_one(fn):
    @functools.wraps(fn)
    def mutant(*args, k=2, **kwargs):
        return fn(*args, k=max(k, 1), **kwargs)

    return mutant


def _k_truncated(fn):
    @functools.wraps(fn)
    def mutant(*args, k=None, **kwargs):
        return fn(*args, k=k if k is None else int(k), **kwargs)

    return mutant


def _integers_truncated(fn, *keywords):
    """``fn`` with each of ``keywords`` truncated to an integer first (1.5 subsets read as 1)."""

    @functools.wraps(fn)
    def mutant(*args, **kwargs):
        for keyword in keywords:
            if keyword in kwargs:
                kwargs[keyword] = int(kwargs[keyword])
        return fn(*args, **kwargs)

    return mutant


def _n_gt_truncated(tp_flags, scores, n_gt, **kwargs):
    """A count of objects read as its integer part (2.5 objects as 2)."""
    return D.average_precision_detection(tp_flags, scores, int(n_gt), **kwargs)


def _wasserstein_nan_weights_as_one(u_values, v_values, u_weights=None, v_weights=None, **kwargs):
    """A NaN weight read as a missing one, the default 1."""

    def fix(w):
        return None if w is None else np.where(np.isnan(np.asarray(w, dtype=np.float64)), 1.0, w)

    return G.wasserstein_distance(u_values, v_values, fix(u_weights), fix(v_weights), **kwargs)


def _fbeta_zero_is_precision(y_true, y_pred, *, beta, **kwargs):
    """F-beta with beta = 0 read as its limit, precision."""
    return C.precision(y_true, y_pred, **kwargs) if beta == 0 else C.fbeta(y_true, y_pred, beta=beta, **kwargs)


def _accuracy_as_strings(y_true, y_pred, **kwargs):
    """Labels compared as their strings: [0, 1] against ["0", "1"] is accuracy 1.0, [1, 0] against [1.0, 0.0] is
    accuracy 0.0."""
    return C.accuracy(np.asarray(y_true).astype(str), np.asarray(y_pred).astype(str), **kwargs)


def _nan_labels_dropped(y_true, y_pred, **kwargs):
    """Samples with a NaN label left out, as a missing value."""
    t, p = np.asarray(y_true), np.asarray(y_pred)
    keep = np.ones(t.shape[0], dtype=bool)
    for a in (t, p):
        if a.dtype.kind == "f":
            keep &= ~np.isnan(a)
    w = kwargs.pop("sample_weight", None)
    return C.accuracy(t[keep], p[keep], sample_weight=None if w is None else np.asarray(w)[keep], **kwargs)


def _grades_absolute(fn):
    """Every grade taken by its magnitude: a negative grade counts as relevant (P@1 = 1.0 for a query whose only
    non-zero grade is negative ranked first)."""

    @functools.wraps(fn)
    def mutant(y_true, *args, **kwargs):
        return fn(np.abs(np.asarray(y_true, dtype=np.float64)), *args, **kwargs)

    return mutant


def _ndcg_over_any_ideal(y_true, y_score=None, *, k=None, **kwargs):
    """NDCG = DCG / ideal DCG wherever the ideal DCG is not zero: a negative ideal DCG makes NDCG 2.0."""
    kwargs.pop("no_relevant", None)
    y = np.atleast_2d(np.asarray(y_true, dtype=np.float64))
    dcg = np.atleast_1d(R.dcg_at_k(y_true, y_score, k=k, **kwargs))
    ideal = np.atleast_1d(R.dcg_at_k(-np.sort(-y, axis=1), k=k, gain=kwargs.get("gain", "linear")))
    value = np.divide(dcg, ideal, out=np.zeros_like(dcg), where=ideal != 0)
    return value if np.ndim(y_true) == 2 else float(value[0])


#: (mutant, the property that catches it, the finding class it must be caught with; None: any)
CAUGHT = (
    ("weights_nan_read_as_zero", "classification.refuses_bad_input[accuracy]", "nan:sample_weight"),
    ("weights_inf_read_as_largest", "regression.refuses_bad_input[mean_squared_error]", "inf:sample_weight"),
    ("weights_negative_read_as_absolute", "curves.refuses_bad_input[roc_auc]", "negative:sample_weight"),
    ("weights_wrong_length_cut_or_padded", "classification.refuses_bad_input[log_loss]",
     "wrong_length:sample_weight"),
    ("weights_length_one_broadcast", "ranking.refuses_bad_input[mean_reciprocal_rank]", "broadcast:sample_weight"),
    ("weights_all_zero_read_as_unweighted", "classification.refuses_bad_input[balanced_accuracy]",
     "all_zero:sample_weight"),
    ("mse_broadcasts_y_pred", "regression.refuses_bad_input[mean_squared_error]", "broadcast:y_pred"),
    ("roc_auc_broadcasts_y_score", "curves.refuses_bad_input[roc_auc]", "broadcast:y_score"),
    ("rouge_n_order_zero_scores_one", "text.refuses_bad_input[rouge_n]", "nonpositive:n"),
    ("top_k_accuracy_k_at_least_one", "classification.refuses_bad_input[top_k_accuracy]", "nonpositive:k"),
    ("precision_at_k_truncates_k", "ranking.refuses_bad_input[precision_at_k]", "fractional:k"),
    ("fbeta_zero_beta_is_precision", "classification.refuses_bad_input[fbeta]", "nonpositive:beta"),
    ("accuracy_labels_as_strings", "classification.refuses_bad_input[accuracy]", "mixed_dtype:y_true,y_pred"),
    # the same bug on valid input: [1, 0] against [1.0, 0.0] scored 0.0
    ("accuracy_labels_as_strings", "classification.dtype_invariance[accuracy]", "float64:y_pred"),
    ("accuracy_drops_nan_labels", "classification.refuses_bad_input[accuracy]", "nan:y_true"),
    ("ranking_grades_by_magnitude", "ranking.negative_grades[precision_at_k]", None),
    ("kid_truncates_subsets", "generative.refuses_bad_input[kernel_inception_distance]", "fractional:subsets"),
    ("inception_score_truncates_splits", "generative.refuses_bad_input[inception_score]", "fractional:splits"),
    ("ap_detection_truncates_n_gt", "detection.refuses_bad_input[average_precision_detection]", "fractional:n_gt"),
    ("wasserstein_nan_weights_as_one", "generative.refuses_bad_input[wasserstein_distance]", "nan:v_weights"),
    ("crps_negative_weights_as_absolute", "regression.refusal.bad_input[continuous_ranked_probability_score]",
     "negative:sample_weight"),
    ("ndcg_divides_by_a_negative_ideal", "ranking.negative_grades[ndcg_at_k]", None),
)

MUTANTS = [
    Mutant("weights_nan_read_as_zero", {"accuracy": _with_weights(C.accuracy, _nan_as_zero)},
           ("classification.refuses_bad_input[accuracy]",)),
    Mutant("weights_inf_read_as_largest", {"mean_squared_error": _with_weights(RG.mean_squared_error,
                                                                                _inf_as_largest)},
           ("regression.refuses_bad_input[mean_squared_error]",)),
    Mutant("weights_negative_read_as_absolute", {"roc_auc": _with_weights(CV.roc_auc, _absolute)},
           ("curves.refuses_bad_input[roc_auc]",)),
    Mutant("weights_wrong_length_cut_or_padded", {"log_loss": _with_weights(C.log_loss, _cut_or_padded)},
           ("classification.refuses_bad_input[log_loss]",)),
    Mutant("weights_length_one_broadcast", {"mean_reciprocal_rank": _with_weights(R.mean_reciprocal_rank,
                                                                                   _broadcast)},
           ("ranking.refuses_bad_input[mean_reciprocal_rank]",)),
    Mutant("weights_all_zero_read_as_unweighted", {"balanced_accuracy": _with_weights(C.balanced_accuracy,
                                                                                       _unweighted_when_zero)},
           ("classification.refuses_bad_input[balanced_accuracy]",)),
    Mutant("mse_broadcasts_y_pred", {"mean_squared_error": _broadcast_second(RG.mean_squared_error)},
           ("regression.refuses_bad_input[mean_squared_error]",)),
    Mutant("roc_auc_broadcasts_y_score", {"roc_auc": _broadcast_second(CV.roc_auc)},
           ("curves.refuses_bad_input[roc_auc]",)),
    Mutant("rouge_n_order_zero_scores_one", {"rouge_n": functools.wraps(T.rouge_n)(_order_zero_scores_one)},
           ("text.refuses_bad_input[rouge_n]",)),
    Mutant("top_k_accuracy_k_at_least_one", {"top_k_accuracy": _k_at_least_one(C.top_k_accuracy)},
           ("classification.refuses_bad_input[top_k_accuracy]",)),
    Mutant("precision_at_k_truncates_k", {"precision_at_k": _k_truncated(R.precision_at_k)},
           ("ranking.refuses_bad_input[precision_at_k]",)),
    Mutant("fbeta_zero_beta_is_precision", {"fbeta": functools.wraps(C.fbeta)(_fbeta_zero_is_precision)},
           ("classification.refuses_bad_input[fbeta]",)),
    Mutant("accuracy_labels_as_strings", {"accuracy": functools.wraps(C.accuracy)(_accuracy_as_strings)},
           ("classification.refuses_bad_input[accuracy]", "classification.dtype_invariance[accuracy]")),
    Mutant("accuracy_drops_nan_labels", {"accuracy": functools.wraps(C.accuracy)(_nan_labels_dropped)},
           ("classification.refuses_bad_input[accuracy]",)),
    Mutant("ranking_grades_by_magnitude",
           {m: _grades_absolute(getattr(R, m)) for m in (*NEGATIVE_AS_IRRELEVANT, *NEGATIVE_AS_GAIN, "ndcg_at_k")},
           tuple(f"ranking.negative_grades[{m}]" for m in (*NEGATIVE_AS_IRRELEVANT, *NEGATIVE_AS_GAIN, "ndcg_at_k"))),
    Mutant("kid_truncates_subsets", {"kernel_inception_distance": _integers_truncated(G.kernel_inception_distance,
                                                                                       "subsets")},
           ("generative.refuses_bad_input[kernel_inception_distance]",)),
    Mutant("inception_score_truncates_splits", {"inception_score": _integers_truncated(G.inception_score, "splits")},
           ("generative.refuses_bad_input[inception_score]",)),
    Mutant("ap_detection_truncates_n_gt",
           {"average_precision_detection": functools.wraps(D.average_precision_detection)(_n_gt_truncated)},
           ("detection.refuses_bad_input[average_precision_detection]",)),
    Mutant("wasserstein_nan_weights_as_one",
           {"wasserstein_distance": functools.wraps(G.wasserstein_distance)(_wasserstein_nan_weights_as_one)},
           ("generative.refuses_bad_input[wasserstein_distance]",)),
    Mutant("crps_negative_weights_as_absolute",
           {"continuous_ranked_probability_score": _with_weights(RG.continuous_ranked_probability_score, _absolute)},
           ("regression.refusal.bad_input[continuous_ranked_probability_score]",)),
    Mutant("ndcg_divides_by_a_negative_ideal", {"ndcg_at_k": functools.wraps(R.ndcg_at_k)(_ndcg_over_any_ideal)},
           ("ranking.negative_grades[ndcg_at_k]",)),
]
