"""The classification spec (to be filled in)."""
