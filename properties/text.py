"""The text spec (to be filled in)."""
