"""text metrics (to be filled in)."""

__all__: list[str] = []
