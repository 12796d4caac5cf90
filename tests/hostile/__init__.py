"""Small adapters that misbehave on purpose, one way each, for tests/test_hostile_targets.py.

Each exposes the catalog's ``accuracy`` (correct where it is not hostile), so
the audit's response to the misbehaviour is all a test has to look at.
"""
