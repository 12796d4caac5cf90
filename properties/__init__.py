"""The spec: strategies, properties and claims per family, and the runner that checks a
target against them (pytest plugin, ``metric-assay`` CLI, reports)."""
