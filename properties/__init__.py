"""The spec: one module per family (``properties/<family>.py``: invariants, relations,
claims, worked examples, refusals), the toolkit those modules share (strategies,
checks, capabilities), and, in ``properties.engine``, the machinery that checks a
target against them (runner, worker processes, reports, CLI, pytest plugin)."""
