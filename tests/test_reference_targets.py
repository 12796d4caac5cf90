"""Every bundled reference target conforms, up to its declared deviations.

For each bundled adapter whose library is installed, run the whole spec and
require: no unexpected failure or crash (a finding of a class its deviations
file does not name is one), no listed deviation that now passes, no listed
deviation that matches no property, and every line scoped to its finding
classes (what ``--strict`` requires). A library that is not
installed is reported as skipped, never as passed.
"""

import pytest

from properties.engine.audit import audit
from properties.engine.report import format_failure
from properties.engine.targets import BUNDLED, TargetUnavailable, load_target

REFERENCE_TARGETS = [name for name in BUNDLED if name != "metrics"]


@pytest.mark.parametrize("name", REFERENCE_TARGETS)
def test_reference_target_conforms_up_to_declared_deviations(name):
    try:
        target = load_target(name)
    except TargetUnavailable as exc:
        pytest.skip(f"{name} not installed: {exc}")
    # A generous call timeout: this test is about values, and a loaded CI machine can make a
    # library's first (JIT-compiling) call slow without it hanging.
    report = audit(target, profile="ci", call_timeout=60, jobs=1)  # the test workers are the parallelism
    problems = [format_failure(r) for r in report.violations()]
    problems += [f"{r.property_id}: {r.detail}" for r in report.by_status("fixed")]
    problems += [f"deviation {pid!r} matches no property" for pid in report.unmatched_deviations]
    problems += [f"deviation {pid!r} names no finding class" for pid in target.unscoped_deviations()]
    assert not problems, f"{name}: {report.summary_line()}\n\n" + "\n\n".join(problems)
    assert report.counts()["pass"] > 0, f"{name}: no property applied"
