"""Two adapters declaring the same TARGET_NAME (this one returns strings)."""

from tests.hostile.numeric_strings import accuracy  # noqa: F401

TARGET_NAME = "shared"
