"""A correct accuracy whose CONVENTIONS hold values JSON cannot encode."""

from tests.hostile._correct import accuracy  # noqa: F401

CONVENTIONS = {"callback": lambda x: x, "labels": {1, 2}, 3: object()}
