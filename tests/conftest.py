"""The test suite holds the spec to its own rule: a property declares every keyword it passes."""

from properties.engine import targets

targets.CHECK_DECLARED_NEEDS = True
