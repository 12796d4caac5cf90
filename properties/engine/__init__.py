"""The engine that checks a target against the spec, in layers; each imports only the layers before it
(``tests/test_engine_boundary.py`` reads the imports and fails on one that points up or closes a circle):

``vocabulary``  the data every layer shares: property ids and the registry the spec fills, profiles, results
                and their statuses, finding classes and severities, tolerances (precision), input sizes,
                the guards a target call passes, what one property's examples noted
``target``      the target under test: loading it, its declarations, its deviations file and pins, the
                recording view a check calls it through, the bundled reference libraries, whether a
                property applies to it at all
``search``      driving Hypothesis for one property against a target: pins, edge cases, draws, masking,
                shrinking, replays; the raw result
``isolation``   running properties where a hostile target cannot hurt the audit: the local fork pool, with
                call time and memory limits, the Dask backend that runs the same pool on a cluster, and
                the in-process backend that isolates nothing (for debugging a check)
``verdict``     turning raw results into findings, in one place: deviations, baselines, causes, coverage,
                the verdicts on the literature's claims
``report``      terminal, Markdown, JSON, HTML, plots, issue texts, the agreement tables
``cli``         the ``metric-assay`` command, the audit it runs, and the pytest plugin

Raw results flow one way: search -> isolation -> verdict -> report. The spec itself (one module per family,
and the toolkit those modules share) is one level up, in ``properties``; nothing here defines what a metric
must satisfy.
"""
