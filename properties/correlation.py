"""The correlation spec (to be filled in)."""
