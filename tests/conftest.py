"""The test suite holds the spec to its own rule: a property declares every keyword it passes."""

from properties.engine import targets

targets.CHECK_DECLARED_NEEDS = True


#: tests of minutes (whole audits of the largest reference targets): run first, so that the test workers do not
#: wait for one of them at the end of the run
LONGEST = ("test_reference_target_conforms_up_to_declared_deviations[sklearn]",
           "test_reference_target_conforms_up_to_declared_deviations[torchmetrics]")


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: not item.nodeid.endswith(LONGEST))
