"""Causes from a real audit of a toy library: one decision over many metrics is one cause, two outcomes are two.

The toy refuses every input of fewer than three samples with one message (one validation helper of the
library, reached from three metrics), and its macro F1 returns NaN where the catalog gives a number.
"""

from __future__ import annotations

import json
import textwrap

from properties.engine.cli.main import main

TOY = """
import numpy as np
import metrics

TARGET_NAME = "toy_one_helper"


def _checked(y_true):
    if np.asarray(y_true).size < 3:
        raise ValueError(f"input too short: {np.asarray(y_true).size} samples, need 3")


def accuracy(y_true, y_pred, **kw):
    _checked(y_true)
    return metrics.accuracy(y_true, y_pred, **kw)


def precision(y_true, y_pred, **kw):
    _checked(y_true)
    return metrics.precision(y_true, y_pred, **kw)


def recall(y_true, y_pred, **kw):
    _checked(y_true)
    return metrics.recall(y_true, y_pred, **kw)


def f1(y_true, y_pred, **kw):
    _checked(y_true)
    return float("nan") if kw.get("average") == "macro" else metrics.f1(y_true, y_pred, **kw)
"""


def test_one_message_over_many_metrics_is_one_cause_and_another_outcome_another(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "toy_one_helper.py").write_text(textwrap.dedent(TOY))
    (tmp_path / "none.txt").write_text("")
    code = main(["audit", "toy_one_helper", "--jobs", "1", "-q", "--deviations", "none.txt", "--report", "r.json",
                 *[a for m in ("accuracy", "precision", "recall", "f1") for a in ("--only", f"classification.bounds[{m}]")]])
    assert code == 1
    causes = json.loads((tmp_path / "r.json").read_text())["causes"]
    refusal = [c for c in causes if "input too short" in json.dumps(c["representative"])]
    assert len(refusal) == 1, [c["title"] for c in causes]
    assert set(refusal[0]["failed_metrics"]) == {"accuracy", "precision", "recall", "f1"}, refusal[0]
    nan = [c for c in causes if c not in refusal]
    assert len(nan) == 1 and nan[0]["failed_metrics"] == ["f1"], [c["title"] for c in causes]
    assert all("returns_nan" in p["finding_class"] for p in nan[0]["properties"]), nan[0]
