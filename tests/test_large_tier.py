"""The large tier (``properties/large_tier.py``): reduced to inputs of at most 1e5 samples.

``make test`` runs what fits its budget: the large-tier agreement properties
against scikit-learn and SciPy (whose agreement with the catalog at these sizes
is what makes the catalog a reference there), every property against a mutant
that is exact on small inputs and wrong at scale, and the two torchmetrics
findings the tier exists for. Every large-tier property against the catalog's
own metrics (marker ``catalog_large_tier``) runs under plain ``pytest``; ``make
test`` leaves it to CI, which runs the full tier on the catalog
(``make audit-large TARGETS=metrics``). The full tier
(up to 1e7 samples) is ``make audit-large``; its results are committed in
``docs/conformance/large/``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import Phase, settings

from properties.engine.vocabulary import registry
from properties.engine.vocabulary.profiles import profile_settings
from properties.engine.target.errors import TargetUnavailable
from properties.engine.target.loading import DEFAULT_TARGET, load_target
from properties.engine.verdict.check import check_property
from properties.inputs import large
from tests.mutants import mutant_target
from tests.mutants.large import MUTANTS, NEEDS_SAMPLES

LARGE = registry.conformance_properties("large")
PAIRS = [(m, pid) for m in MUTANTS for pid in m.catches]
MUTANT_SETTINGS = settings(profile_settings("ci"), phases=[Phase.explicit, Phase.reuse, Phase.generate])


@pytest.fixture
def reduced():
    large.reduce()
    yield
    large.reduce(None)


def _target(name: str):
    try:
        return load_target(name)
    except TargetUnavailable as exc:
        pytest.skip(f"{name} not installed: {exc}")


def test_the_tier_is_separate_from_the_standard_audit():
    assert LARGE and all(p.tier == "large" for p in LARGE)
    assert not [p for p in registry.conformance_properties() if p.tier != "standard"]
    assert all(p.time_bound for p in LARGE)


def test_cases_are_deterministic_and_named():
    first = large.tied_reals(n=100_000, levels=10)
    x = first.x.copy()
    again = large.case("tied_reals", 100_000, levels=10).build()
    np.testing.assert_array_equal(again.x, x)
    assert large.name_of(again.x) == "large.tied_reals(n=100_000, levels=10).x"
    assert large.name_of(x) is None  # a copy is not the case's array


def test_the_reduced_tier_keeps_cases_up_to_1e5_samples_and_never_none(reduced):
    from properties.large_tier import OFFSET, TOKENS

    assert [c.n for c in large.active(OFFSET)] == [100_000, 100_000]
    assert [c.n for c in large.active([TOKENS[1]])] == [10_000_000]  # nothing small enough: the smallest


@pytest.mark.catalog_large_tier
@pytest.mark.parametrize("prop", LARGE, ids=[p.id for p in LARGE])
def test_catalog_passes_the_reduced_large_tier(prop, reduced):
    result = check_property(prop, _target(DEFAULT_TARGET))
    assert result.status == "pass", f"{result.status}: {result.detail}\n{result.reproduction}"


AGREEMENT = [p for p in LARGE if ".large_agreement[" in p.id]


@pytest.mark.parametrize("reference", ["sklearn", "scipy"])
@pytest.mark.parametrize("prop", AGREEMENT, ids=[p.id for p in AGREEMENT])
def test_references_agree_with_the_catalog_at_1e5_samples(prop, reference, reduced):
    target = _target(reference)
    if target.missing(prop.metrics):
        pytest.skip(f"{reference} has no {', '.join(prop.metrics)}")
    result = check_property(prop, target, isolate=False)
    assert result.status in ("pass", "deviation"), f"{result.status}: {result.detail}\n{result.reproduction}"


@pytest.mark.parametrize(("mutant", "property_id"), PAIRS, ids=[f"{m.name}->{pid}" for m, pid in PAIRS])
def test_large_property_catches_a_bug_that_only_shows_at_scale(mutant, property_id):
    large.reduce(NEEDS_SAMPLES.get(mutant.name, large.REDUCED_MAX_SAMPLES))
    try:
        if mutant.verdict == "memory":  # all pairs held: only a worker under the default memory limit can tell
            result = check_property(registry.get(property_id), mutant_target(mutant), settings_=MUTANT_SETTINGS,
                                    isolate=True)
        else:
            result = check_property(registry.get(property_id), mutant_target(mutant), settings_=MUTANT_SETTINGS,
                                    all_findings=False)
    finally:
        large.reduce(None)
    assert result.status == mutant.verdict, f"{property_id} missed {mutant.name}: {result.status} {result.detail}"
    if mutant.verdict == "memory":
        assert "input size: " in result.detail and "(--memory-limit)" in result.detail, result.detail


def test_every_large_property_has_a_mutant():
    caught = {pid for _, pid in PAIRS}
    assert not [p.id for p in LARGE if p.id not in caught]


def test_the_tier_finds_torchmetrics_spearman_wrapping_and_r2_above_one():
    """The two torchmetrics 1.9.0 bugs the tier was built for, found where they occur."""
    target = _target("torchmetrics")
    large.reduce(200_000)
    try:
        spearman = check_property(registry.get("correlation.large_agreement[spearman]"), target)
        r2 = check_property(registry.get("regression.large_agreement[r2]"), target)
    finally:
        large.reduce(None)
    assert spearman.status in ("fail", "deviation"), spearman.detail
    assert "tied_reals(n=200_000, levels=10)" in spearman.detail  # exact at 1e5, wrong at 2e5
    assert r2.status in ("fail", "deviation"), r2.detail
    # R2 above one is reported on its own (an out-of-range outcome), beside the wrong value it also is
    texts = [r2.detail, *(f.get("detail", "") for f in r2.findings)]
    assert any("is outside [-inf, 1.0]" in t and "offset_reals(n=100_000" in t for t in texts), texts


def test_the_catalog_reads_a_float32_targets_probability_rows_at_float32():
    """Against a float32 target the catalog's value is computed on the inputs as the target holds them: probability
    rows rounded to float32 no longer sum to 1 at float64's tolerance, and held as float64 the catalog's log_loss
    refused them (a spec error, where Keras' log_loss was first audited at scale). Held in float32, they are read
    at float32's tolerance and the value is the float64 log loss of those same numbers."""
    import metrics
    from properties.engine.vocabulary import precision
    from properties.large_tier import _as_held

    data = large.class_probabilities(n=1_000, classes=5)
    precision.configure(declared="float32")
    try:
        held = _as_held(data.y_proba)
    finally:
        precision.configure()
    assert held.dtype == np.float32
    with pytest.raises(ValueError, match="sum to 1"):
        metrics.log_loss(data.y_true, held.astype(np.float64))
    p_true = held.astype(np.float64)[np.arange(data.y_true.size), data.y_true]
    assert metrics.log_loss(data.y_true, held) == pytest.approx(-np.log(p_true).mean(), rel=1e-12)
