"""Every property of the spec, against the target selected with --target (default: metrics)."""

from properties.conformance import test_conformance  # noqa: F401 - collected by pytest
