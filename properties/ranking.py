"""The ranking spec (to be filled in)."""
