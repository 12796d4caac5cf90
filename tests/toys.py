"""Tiny stand-alone properties and targets for testing the engine itself.

They are built directly as :class:`Property` objects and never registered, so
they do not leak into the spec.
"""

import types

import numpy as np
from hypothesis import strategies as st

from properties.checks import expect_close
from properties.engine.vocabulary.registry import Property
from properties.engine.target.loading import Target


def _check_double(t, ex):
    x = np.asarray(ex)
    expect_close(t.double(x), 2 * x, what="double(x)")


DOUBLES = Property(
    id="toy.doubles",
    statement="double(x) == 2 * x",
    kind="relation",
    family="toy",
    needs=("double",),
    check=_check_double,
    strategy=st.lists(st.integers(0, 100), min_size=1, max_size=5),
)


def toy_target(name="toy", deviations=None, **functions) -> Target:
    return Target(
        name=name,
        namespace=types.SimpleNamespace(**functions),
        version="0",
        conventions={"double": "exact"},
        deviations=dict(deviations or {}),
        import_path=f"tests.toys:{name}",
    )


def correct_double(x):
    return 2 * np.asarray(x)


def off_by_one_above_50(x):
    x = np.asarray(x)
    return 2 * x + (x > 50)


def crashing_double(x):
    raise ZeroDivisionError("boom")


#: one property per pictured family that the ``tests.targets.wrong_pictures`` target fails (one call each)
PICTURED = {
    "curves": "curves.definition[roc_curve]",
    "regression": "regression.definition[mean_squared_error]",
    "correlation": "correlation.affine_invariance[pearson]",
    "detection": "detection.iou_definition[box_iou]",
    "ranking": "ranking.definition[ndcg_at_k]",
}


def picture_reports(folder) -> list:
    """JSON reports of the wrong ``tests.targets.wrong_pictures`` and of the correct catalog (``metrics``) on the
    :data:`PICTURED` properties, written to ``folder`` (audited in-process: about two seconds); their paths, the
    wrong target first."""
    from pathlib import Path

    from properties.engine.target.loading import load_target
    from properties.engine.cli.audit import audit

    paths = []
    for name in ("tests.targets.wrong_pictures", "metrics"):
        report = audit(load_target(name), only=list(PICTURED.values()), isolate=False)
        paths.append(report.write(Path(folder) / f"{name.rsplit('.', 1)[-1]}.json"))
    return paths
