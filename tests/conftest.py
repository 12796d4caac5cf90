"""The test suite holds the spec to its own rule: a property declares every keyword it passes."""

from properties.engine import targets

targets.CHECK_DECLARED_NEEDS = True


#: tests run first: the claims judged on the bundled libraries compute one table over every library (ranx's
#: numba compilation included, about a minute in a new virtual environment), so that it is in ranx's on-disk
#: cache before the tests that call ranx, which run last: in a fresh clone, two workers otherwise compiled it at
#: the same time (measured: 67 s and 61 s). Under `make test`'s `--dist worksteal` the first half of this order
#: goes to one worker and the second to the other, so the ranx tests start on one worker (the other steals some
#: of them only if it runs out of work first)
FIRST = ("test_recorded_verdicts_of_the_claims_judged_on_the_libraries_are_the_computed_ones",)
LAST = ("ranx",)


def _order(item) -> int:
    if item.nodeid.endswith(FIRST):
        return 0
    return 2 if any(word in item.nodeid for word in LAST) else 1


def pytest_collection_modifyitems(config, items):
    items.sort(key=_order)
