"""No silent n/a: a property is not applicable only when nothing of it can run on the target.

A property that evaluates several forms runs the forms the target has; a keyword that cannot change the
result is left out for a target without it; a stream property is n/a (never an error) for a target with
no stream; an example whose transformed inputs collide at the target's precision is skipped, not failed.
"""

from __future__ import annotations

import pytest

import metrics
from properties.engine import registry
from properties.engine.profiles import profile_settings
from properties.engine.runner import check_property, not_applicable_reason
from tests.toys import toy_target

CI = profile_settings("ci")


def _catalog(**patch):
    """Every catalog function of ``metrics`` (no STREAMING), some replaced by ``patch``."""
    functions = {name: getattr(metrics, name) for name in metrics.CATALOG}
    functions.update(patch)
    return toy_target(name="no_streams", **functions)


# ------------------------------------------------------------ streams


def _stream_properties():
    from properties import streaming

    registry.all_properties(tier=None)
    return sorted(streaming.STREAM_IDS)


def test_every_stream_property_is_not_applicable_to_a_target_without_streams():
    target = _catalog()
    ids = _stream_properties()
    assert ids, "no stream property registered"
    for pid in ids:
        prop = registry.get(pid)
        metric = prop.metrics[0]
        assert not_applicable_reason(prop, target) == f"target has no stream (STREAMING) for {metric}", pid


def test_the_stream_reason_is_about_the_stream_not_the_metric():
    # the same properties apply to the catalog itself, which has every stream
    target = toy_target(name="with_streams", STREAMING=metrics.STREAMING,
                        **{name: getattr(metrics, name) for name in metrics.CATALOG})
    for pid in _stream_properties():
        assert not_applicable_reason(registry.get(pid), target) is None, pid


@pytest.mark.parametrize("pid", ["regression.stream_merge[adjusted_r2]", "classification.stream_batches[f1]"])
def test_a_stream_property_on_a_target_without_streams_is_n_a_not_an_error(pid):
    result = check_property(registry.get(pid), _catalog(), settings_=CI)
    assert result.status == "n/a", (result.status, result.detail)
    assert "no stream" in result.detail
    assert result.examples == 0
