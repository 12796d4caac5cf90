"""Two adapters declaring the same TARGET_NAME (this one correct)."""

from tests.hostile._correct import accuracy  # noqa: F401

TARGET_NAME = "shared"
