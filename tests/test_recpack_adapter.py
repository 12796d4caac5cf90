"""The RecPack adapter: a missing recpack makes the target unavailable (skipped, never a crash), and its declared
domain (PercentileRanking "assumes a binary y_true") keeps bad input inside, where it must be refused."""

import importlib.util
import sys

import numpy as np
import pytest

from properties.engine.target.errors import TargetUnavailable
from properties.engine.target.loading import load_target


def test_without_recpack_the_bundled_target_is_not_installed(monkeypatch):
    monkeypatch.setitem(sys.modules, "recpack", None)  # `import recpack...` now raises ModuleNotFoundError
    monkeypatch.setitem(sys.modules, "recpack.metrics", None)
    monkeypatch.delitem(sys.modules, "reference.recpack", raising=False)
    with pytest.raises(TargetUnavailable, match="recpack.*not installed"):
        load_target("recpack")


def test_only_binary_grades_are_in_the_domain_and_bad_input_stays_inside():
    if importlib.util.find_spec("recpack") is None:
        pytest.skip("recpack is not installed")
    from reference._ranked_queries import binary_grades

    assert binary_grades((np.array([[0.0, 1.0, 1.0]]),), {})
    assert not binary_grades((np.array([[0.0, 2.0, 1.0]]),), {})
    assert not binary_grades((), {"y_true": [0.5, 0.0]})
    assert binary_grades((np.array([[np.nan, 2.0]]),), {})  # NaN: refused by the spec's bad-input check, not skipped
