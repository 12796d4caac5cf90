"""The curves spec (to be filled in)."""
