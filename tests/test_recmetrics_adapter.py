"""The recmetrics adapter: a missing recmetrics makes the target unavailable (skipped, never a crash), and the
similarity matrices it hands to recmetrics as features are exactly the cosine-similarity (Gram) matrices."""

import importlib.util
import sys

import numpy as np
import pytest

from properties.engine.target.errors import TargetUnavailable
from properties.engine.target.loading import load_target


def test_without_recmetrics_the_bundled_target_is_not_installed(monkeypatch):
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a, **kw: None if name == "recmetrics" else find_spec(name, *a, **kw))
    monkeypatch.delitem(sys.modules, "reference.recmetrics", raising=False)
    with pytest.raises(TargetUnavailable, match="recmetrics.*not installed"):
        load_target("recmetrics")


def _adapter():
    if importlib.util.find_spec("recmetrics") is None:
        pytest.skip("recmetrics is not installed")
    from reference import recmetrics

    return recmetrics


def test_cosines_of_binary_features_are_in_the_domain_and_given_back_as_features():
    adapter = _adapter()
    rng = np.random.default_rng(0)
    binary = rng.integers(0, 2, (6, 4)).astype(float)
    binary[binary.sum(axis=1) == 0, 0] = 1.0  # no all-zero item: its cosine is undefined
    unit = binary / np.linalg.norm(binary, axis=1, keepdims=True)
    similarity = unit @ unit.T
    assert adapter._is_cosine_similarity((None, similarity), {})
    features = adapter._features(similarity).to_numpy()
    norms = np.linalg.norm(features, axis=1)
    np.testing.assert_allclose(features @ features.T / np.outer(norms, norms), similarity, rtol=0, atol=1e-12)


def test_matrices_without_features_are_outside_the_domain():
    adapter = _adapter()
    not_psd = np.array([[1.0, 1.0, 0.0], [1.0, 1.0, 1.0], [0.0, 1.0, 1.0]])  # eigenvalue 1 - sqrt(2) < 0
    for similarity in (not_psd, np.triu(not_psd), not_psd[:, :2], np.where(not_psd > 0, np.nan, 0.0)):
        assert not adapter._is_cosine_similarity((None, similarity), {})
    # the diagonal is never read by the catalog: any diagonal of a Gram matrix's off-diagonal part is accepted
    assert adapter._is_cosine_similarity((None, np.zeros((3, 3))), {})


def test_a_k_that_cuts_a_list_is_outside_the_domain():
    """recmetrics has no k: the adapter passes the top k, so a cut would hide bad input past k from recmetrics."""
    adapter = _adapter()
    lists = [[0, 1, 2], [2, 1]]
    assert [adapter._keeps_lists_whole((lists,), {"k": k}) for k in (None, 1, 2, 3, 4)] == \
        [True, False, False, True, True]
