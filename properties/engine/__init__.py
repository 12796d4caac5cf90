"""The engine that checks a target against the spec: registry, runner, worker processes,
targets, profiles, audits, reports, the ``metric-assay`` command and the pytest plugin.

The spec itself (one module per family, and the toolkit those modules share) is one
level up, in ``properties``; nothing here defines what a metric must satisfy.
"""
