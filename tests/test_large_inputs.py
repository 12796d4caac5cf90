"""Large-input code paths that the Hypothesis strategies (n <= 50) never reach.

MSE, MAE, R2 and explained variance stream inputs longer than one block (8192
elements) through a blocked path; Spearman and Kendall switch to sort-based
ranking that matters at scale; binary log loss is blocked the same way, and the
label metrics leave their tiny-input path. Each is compared with scikit-learn /
SciPy on the same data. Tolerance rtol=1e-9 for the streamed sums: the algebra
is identical, only the summation order differs; 1e-12 for the label metrics,
whose confusion matrices are exact integers.
"""

import numpy as np
import pytest
import scipy.stats
from sklearn import metrics as skm

import metrics

RNG = np.random.default_rng(20261122)
N = 3 * 8192 + 17  # several full blocks plus a ragged tail
Y_TRUE = 5e6 + RNG.normal(size=N)  # large offset: catches cancellation in a one-pass variance
Y_PRED = Y_TRUE + RNG.normal(scale=0.5, size=N)
WEIGHTS = RNG.integers(1, 4, size=N).astype(float)


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        (metrics.mean_squared_error, skm.mean_squared_error),
        (metrics.mean_absolute_error, skm.mean_absolute_error),
        (metrics.r2, skm.r2_score),
        (metrics.explained_variance, skm.explained_variance_score),
    ],
    ids=["mse", "mae", "r2", "explained_variance"],
)
@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
def test_blocked_regression_path_agrees_with_sklearn(ours, theirs, weighted):
    sw = WEIGHTS if weighted else None
    np.testing.assert_allclose(
        ours(Y_TRUE, Y_PRED, sample_weight=sw), theirs(Y_TRUE, Y_PRED, sample_weight=sw), rtol=1e-9
    )


def test_large_rank_correlations_agree_with_scipy():
    x = np.round(RNG.normal(size=N), 1)  # many ties
    y = np.round(x + RNG.normal(size=N), 1)
    np.testing.assert_allclose(metrics.spearman(x, y), scipy.stats.spearmanr(x, y)[0], rtol=1e-9)
    np.testing.assert_allclose(metrics.kendall_tau(x, y), scipy.stats.kendalltau(x, y)[0], rtol=1e-9)


def test_blocked_log_loss_agrees_with_sklearn():
    """Binary log loss streams P(class 1) through 8192-element blocks; a ragged last block too."""
    y = RNG.integers(0, 2, size=N)
    p = np.clip(RNG.random(N), 1e-6, 1 - 1e-6)
    np.testing.assert_allclose(metrics.log_loss(y, p), skm.log_loss(y, p), rtol=1e-9)
    np.testing.assert_allclose(
        metrics.log_loss(y, p, normalize=False), skm.log_loss(y, p, normalize=False), rtol=1e-9
    )


def test_large_label_metrics_agree_with_sklearn():
    """The vectorised confusion-matrix path (inputs above the tiny-input threshold) on many samples."""
    y_true = RNG.integers(0, 5, size=N)
    y_pred = np.where(RNG.random(N) < 0.6, y_true, RNG.integers(0, 5, size=N))
    np.testing.assert_array_equal(metrics.confusion_matrix(y_true, y_pred), skm.confusion_matrix(y_true, y_pred))
    for average in ("micro", "macro", "weighted"):
        np.testing.assert_allclose(
            metrics.f1(y_true, y_pred, average=average), skm.f1_score(y_true, y_pred, average=average), rtol=1e-12
        )
    np.testing.assert_allclose(
        metrics.matthews_corrcoef(y_true, y_pred), skm.matthews_corrcoef(y_true, y_pred), rtol=1e-12
    )
    np.testing.assert_allclose(
        metrics.cohen_kappa(y_true, y_pred, weights="quadratic"),
        skm.cohen_kappa_score(y_true, y_pred, weights="quadratic"),
        rtol=1e-12,
    )
