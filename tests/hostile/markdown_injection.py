"""A correct accuracy whose name and conventions try to break out of the Markdown report."""

from tests.hostile._correct import accuracy  # noqa: F401

TARGET_NAME = "evil` | <script>alert(1)</script>"
VERSION = "1.0 | **bold**"
CONVENTIONS = {"zero_division": "| injected | cell |\n# heading"}
