"""The regression spec (to be filled in)."""
