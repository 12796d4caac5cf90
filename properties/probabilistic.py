"""The probabilistic spec (to be filled in)."""
