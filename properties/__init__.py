"""The spec: one module per family (``properties/<family>.py``: invariants, relations,
claims, worked examples, refusals), the toolkit those modules share (strategies,
checks, capabilities), and, in ``properties.engine``, the machinery that checks a
target against them (runner, worker processes, reports, CLI, pytest plugin)."""

from importlib import import_module

from properties.engine.vocabulary import registry as _registry


def _load() -> None:
    for family in _registry.FAMILY_MODULES:
        import_module(f"properties.{family}")
    import_module("properties.generic").register_all()
    import_module("properties.streaming").register_all()
    import_module("properties.large_tier")


def _capabilities() -> dict:
    return import_module("properties.capabilities").all_capabilities()


def _generic_ids() -> set:
    return import_module("properties.generic").GENERIC_IDS


# the one place the spec is handed to the engine (which imports no spec module)
_registry.install_spec(_registry.Spec(
    load=_load,
    capabilities=_capabilities,
    generic_names=lambda: import_module("properties.generic").GENERIC_PROPERTIES,
    generic_ids=_generic_ids,
    agreement_docs=lambda: import_module("properties.ranking").AGREEMENT_DOCS,
))
