"""Whether a property applies to a target at all: decided from the target's declarations and the installed
references, before anything runs (an n/a result says why)."""

from __future__ import annotations

from properties.engine.vocabulary.registry import Property
from properties.engine.target.loading import Target
from properties.engine.target.references import reference_available


def not_applicable_reason(prop: Property, target: Target) -> str | None:
    # a missing metric makes the property n/a; a missing keyword only skips the examples that use it
    missing = target.missing(prop.metrics)
    if missing:
        return "target does not provide " + ", ".join(missing)
    # a stream property is about the stream: without a STREAMING factory for the metric nothing of it can run
    # (decided here, before the check calls the one-shot function it compares the stream with)
    streamless = [n.removeprefix("stream:") for n in prop.needs if n.startswith("stream:") and not target.provides(n)]
    if streamless:
        return "target has no stream (STREAMING) for " + ", ".join(streamless)
    if prop.reference is not None:
        if target.name == prop.reference:
            return f"the target is the reference ({prop.reference}) itself"
        if not reference_available(prop.reference):
            return f"reference library for {prop.reference!r} is not installed"
    return None
