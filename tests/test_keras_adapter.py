"""The keras adapter's own logic, checked against Keras: the domain on which its binned ROC AUC is audited.

Keras is imported inside the tests, not when the module is collected: every pytest-xdist worker collects this
module, and Keras takes seconds to import (about 6 s with its bytecode cached, 20 s and more without). Skipped
when Keras is not installed.
"""

import numpy as np
import pytest

import metrics


@pytest.fixture(scope="module")
def adapter():
    import importlib.util

    if importlib.util.find_spec("keras") is None:  # not importorskip("keras"): that import would pick no backend
        pytest.skip("keras is not installed")
    from reference import keras as adapter  # sets KERAS_BACKEND=torch before it imports keras

    return adapter


def test_the_adapter_runs_keras_on_torch(adapter):
    import keras

    assert keras.backend.backend() == "torch" == adapter.CONVENTIONS["runtime"].split("backend ")[1].split(" ")[0]


def test_the_auc_domain_admits_the_inputs_where_keras_binned_auc_is_the_exact_one(adapter):
    """Inside the declared domain Keras' 200-threshold AUC equals the exact ROC AUC; a positive and a negative of
    different scores between two thresholds is outside (Keras ties them); bad input stays inside."""
    inside = adapter._auc_bin_separates_classes
    rng = np.random.default_rng(0)
    admitted = 0
    for _ in range(30):
        y = rng.integers(0, 2, size=8)
        y[:2] = (0, 1)
        s = np.round(rng.random(8), 3)  # three decimals: ties, and scores closer than a bin (1/199) apart
        if inside((y, s), {}):
            admitted += 1
            assert adapter.roc_auc(y, s) == pytest.approx(metrics.roc_auc(y, s), abs=1e-6), (y, s)
    assert 0 < admitted < 30  # the draws reach both sides of the rule
    one_bin = (np.array([0, 1]), np.array([0.5, 0.501]))  # 199 s: 99.5 and 99.7, one bin
    assert not inside(one_bin, {})
    assert adapter.roc_auc(*one_bin) == pytest.approx(0.5) and metrics.roc_auc(*one_bin) == 1.0
    assert inside((np.array([0, 1]), np.array([0.3, 0.3])), {})  # a tie is a tie for both
    assert not inside((np.array([0, 1]), np.array([0.2, 1.5])), {})  # outside [0, 1]
    for bad in ((np.array([0, 1]), np.array([np.nan, 0.5])), (np.array([0, 2]), np.array([0.1, 0.9])),
                (np.array([0, 1]), np.array([0.1, 0.2, 0.3])), (np.array([]), np.array([]))):
        assert inside(bad, {}), bad
