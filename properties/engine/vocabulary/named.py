"""Arguments shown by the expression that rebuilds them (large-tier inputs), not by their values.
"""

from __future__ import annotations





# --------------------------------------------------------------------------
# Recording calls, for copy-pasteable reproductions


class Named:
    """An argument shown by the expression that rebuilds it (a large-tier input), not by its values."""

    def __init__(self, expression: str, value=None):
        self.expression = expression
        self.value = value

    def __repr__(self) -> str:
        return self.expression

    def __reduce__(self):
        # crosses to the parent (the call in flight) as its expression only, never as 1e7 numbers
        return (Named, (self.expression,))


def unwrap(value):
    return value.value if isinstance(value, Named) else value
