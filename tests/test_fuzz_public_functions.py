"""Every public catalog function, fed junk in each positional argument, answers with a number or a
MetricInputError naming an argument: never an IndexError, a TypeError from deep inside, or a string."""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest

import metrics as M
from metrics.errors import MetricInputError
from properties.engine.vocabulary.guards import _numeric_problem

JUNK = {
    "None": None, "int": 3, "float": 2.5, "nan": float("nan"), "str": "ab", "bytes": b"ab", "dict": {"a": 1},
    "ragged": [[1, 2], [3]], "complex": np.array([1 + 2j, 3j]), "object": np.array([object(), 1], dtype=object),
    "empty": np.array([]), "3-D": np.zeros((2, 2, 2)), "bools": [True, False], "huge ints": [10**30, 1],
    "numeric strings": np.array(["1", "2"]), "nan entry": [np.nan, 1.0], "inf entry": [1.0, np.inf],
    "masked": np.ma.masked_array([1.0, 2.0], mask=[False, True]),
}

#: a valid call per family (the junk replaces one positional argument at a time)
_VALID = {
    "classification": ([0, 1, 1], [0, 1, 0]),
    "regression": ([0.5, 1.0, 2.0], [0.4, 1.1, 2.5]),
    "correlation": ([0.5, 1.0, 2.0], [0.4, 1.1, 2.5]),
    "curves": ([0, 1, 1], [0.1, 0.8, 0.4]),
    "ranking": ([[1, 0, 2]], [[0.3, 0.2, 0.1]]),
    "text": ([["a", "b"]], ["a", "b"]),
    "probabilistic": ([0.5, 0.5], [0.25, 0.75]),
    "detection": ([[0, 0, 2, 2]], [[1, 1, 3, 3]]),
    "clustering": ([0, 0, 1, 1, 2], [0, 1, 1, 1, 2]),
    "generative": ([[0.0, 1.0], [1.0, 0.5], [2.0, 2.5]], [[0.5, 1.0], [1.5, 0.0], [2.0, 1.0]]),
    "signal": ([0, 1, 1, 0], [0, 1, 0, 0]),
    "multilabel": ([[1, 0, 1], [0, 1, 0]], [[1, 0, 0], [0, 1, 1]]),
    "recommendation": ([[0, 1], [2, 1]], 3),
    "image": ([[0.0, 0.5, 1.0] * 3] * 9, [[0.25, 0.5, 0.75] * 3] * 9),
}
_POINTS = [[[0.0, 0.0], [0.0, 1.0], [5.0, 5.0], [5.0, 6.0], [9.0, 0.0]], [0, 0, 1, 1, 1]]
_SPECIAL = {
    "cer": ["ab", "ac"], "corpus_cer": [["ab"], ["ac"]], "corpus_wer": [[["a"]], [["a"]]],
    "corpus_bleu": [[[["a", "b"]]], [["a", "b"]]], "corpus_ter": [[[["a", "b"]]], [["b", "a"]]],
    **dict.fromkeys(("mer", "wil", "wip"), [["a", "b"], ["b", "c"]]),
    **dict.fromkeys(("corpus_mer", "corpus_wil", "corpus_wip"), [[["a"]], [["a", "b"]]]),
    **dict.fromkeys(("sentence_chrf", "exact_match", "squad_f1"), [["the cat."], "a cat"]),
    "corpus_chrf": [[["the cat."]], ["a cat"]], "log_loss": [[0, 1], [[0.4, 0.6], [0.3, 0.7]]],
    **dict.fromkeys(("top_k_accuracy", "hinge_loss"), [[0, 1, 2], [[0.5, 0.3, 0.2], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6]]]),
    **dict.fromkeys(("brier_score_loss", "d2_brier_score", "d2_log_loss_score", "expected_calibration_error"),
                    [[0, 1, 1], [[0.4, 0.6], [0.3, 0.7], [0.5, 0.5]]]),
    "calibration_curve": [[0, 1, 1], [0.1, 0.8, 0.4]],
    "entropy": [[0.5, 0.5]], "perplexity": [[0.5, 0.5]], "corpus_perplexity": [[[0.5, 0.5]]],
    "edit_distance": [["a"], ["b"]], "auc": [[0.0, 0.5, 1.0], [0.0, 0.4, 1.0]],
    "match_detections": [[[0, 0, 2, 2]], [0.9], [[0, 0, 2, 1]]],
    "average_precision_detection": [[1, 0], [0.9, 0.8], 2],
    **dict.fromkeys(("silhouette_score", "silhouette_samples", "calinski_harabasz", "davies_bouldin", "dbcv"), _POINTS),
    "frechet_distance_from_statistics": [[0.0, 1.0], [[2.0, 0.5], [0.5, 1.0]], [1.0, 1.0], [[1.0, 0.0], [0.0, 1.0]]],
    "inception_score": [[[0.2, 0.8], [0.6, 0.4], [0.5, 0.5]]],
    "wasserstein_distance": [[0.0, 1.0, 3.0], [1.0, 2.0], [1.0, 2.0, 1.0], [1.0, 1.0]],
    "burstiness": [[1.0, 4.0, 0.5, 2.0]], "mean_opinion_score": [[3, 4, 5, 4]],
    "mel_cepstral_distortion": [[[1.0, 0.5, 0.2], [0.9, 0.4, 0.1]], [[1.1, 0.4, 0.2], [0.8, 0.5, 0.0]]],
    "multilabel_roc_auc": [[[1, 0], [0, 1], [1, 1]], [[0.9, 0.2], [0.1, 0.8], [0.6, 0.4]]],
    "multilabel_average_precision": [[[1, 0], [0, 1], [1, 1]], [[0.9, 0.2], [0.1, 0.8], [0.6, 0.4]]],
    "continuous_ranked_probability_score": [[0.5, 1.0, 2.0], [[0.4, 0.6], [1.1, 0.9], [2.5, 2.0]]],
    "novelty_at_k": [[[0, 1], [2, 1]], [[1, 0, 1], [0, 1, 0]]],
    "intra_list_diversity": [[[0, 1], [2, 1]], [[1.0, 0.5, 0.0], [0.5, 1.0, 0.25], [0.0, 0.25, 1.0]]],
    **dict.fromkeys(("total_variation", "image_gradients"), [[[0.0, 0.5], [1.0, 0.25]]]),
    **dict.fromkeys(("error_relative_global_dimensionless_synthesis", "spectral_angle_mapper",
                     "relative_average_spectral_error", "spectral_distortion_index"),
                    [[[[0.5, 1.0]] * 9] * 9, [[[0.25, 1.0]] * 9] * 9]),
    "coco_map": [[{"boxes": [[0, 0, 2, 2]], "scores": [0.9], "labels": [1]}],
                 [{"boxes": [[0, 0, 2, 2]], "labels": [1]}]],
}
_KEYWORDS = {"fbeta": {"beta": 1.0}, "multilabel_fbeta": {"beta": 1.0}, "adjusted_r2": {"n_features": 0}, "match_detections": {"iou_threshold": 0.5},
             "average_precision_detection": {"interpolation": "all_points"},
             "inception_score": {"splits": 1}, "kernel_inception_distance": {"subsets": 3, "subset_size": 2},
             "mean_absolute_scaled_error": {"y_train": [1.0, 3.0, 2.0, 5.0]},
             "critical_success_index": {"threshold": 1.0},
             **dict.fromkeys(("peak_signal_noise_ratio", "structural_similarity", "structural_similarity_map"),
                             {"data_range": 1.0}),
             "multiscale_structural_similarity": {"data_range": 1.0, "betas": (1.0,), "sigma": 0.5},
             "recall_at_fixed_precision": {"min_precision": 0.5}, "precision_at_fixed_recall": {"min_recall": 0.5},
             "sensitivity_at_specificity": {"min_specificity": 0.5},
             "specificity_at_sensitivity": {"min_sensitivity": 0.5}}
_KEYWORDS.update({f"multilabel_{name}": kw for name, kw in list(_KEYWORDS.items()) if name.endswith(("_precision",
                  "_recall", "_specificity", "_sensitivity"))})


def _calls():
    for name, family in M.CATALOG.items():
        fn = getattr(M, name)
        arity = sum(p.kind == p.POSITIONAL_OR_KEYWORD for p in inspect.signature(fn).parameters.values())
        base = list(_SPECIAL.get(name, _VALID[family]))[:arity]
        for position in range(len(base)):
            for label in JUNK:
                yield pytest.param(name, base, position, label, id=f"{name}-{position}-{label}")


@pytest.mark.parametrize(("name", "base", "position", "label"), list(_calls()))
def test_junk_gets_a_number_or_a_clear_error(name, base, position, label):
    args = list(base)
    args[position] = JUNK[label]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = getattr(M, name)(*args, **_KEYWORDS.get(name, {}))
    except MetricInputError:
        return
    if name in ("rouge_n", "rouge_l"):
        result = tuple(result)
    assert _numeric_problem(result) is None, f"{name} returned {result!r}"
