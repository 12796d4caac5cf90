"""Why a target cannot be audited: it cannot be loaded, or its deviations file is malformed.
"""

from __future__ import annotations





class TargetUnavailable(Exception):
    """The target (or the library behind it) cannot be imported here."""


class DeviationsFileError(ValueError):
    """The deviations file given cannot be read."""
