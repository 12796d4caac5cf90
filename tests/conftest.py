"""The test suite holds the spec to its own rule: a property declares every keyword it passes."""

from properties.engine.vocabulary import declared

declared.CHECK_DECLARED_NEEDS = True


#: tests run first: the claims judged on the bundled libraries compute one table over every library (ranx's
#: numba compilation included, about a minute in a new virtual environment), so that it is in ranx's on-disk
#: cache before the tests that call ranx, which run right after it. Under `make test`'s `--dist worksteal` the
#: first half of this order goes to one worker, so the ranx tests share that worker: the other never loads ranx
#: (each process that does compiles its typed containers again, 10 to 15 s), and the two never compile the same
#: ranx metric at once (measured under xdist's load scheduling, which spreads tests over both: 67 s and 61 s)
FIRST = ("test_recorded_verdicts_of_the_claims_judged_on_the_libraries_are_the_computed_ones",)
RANX = ("ranx",)


def _order(item) -> int:
    if item.nodeid.endswith(FIRST):
        return 0
    return 1 if any(word in item.nodeid for word in RANX) else 2


def pytest_collection_modifyitems(config, items):
    items.sort(key=_order)
