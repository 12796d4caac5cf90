"""Pinned counterexamples are data: every example the spec draws that has a data form comes back equal,
and a pins file can rebuild only the spec's own records."""

import dataclasses
import json

import numpy as np
import pytest

from properties.engine.vocabulary import pins
from properties.inputs.labels import LabelPair


def _same(a, b) -> bool:
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape and bool(
            np.array_equal(a, b, equal_nan=a.dtype.kind == "f"))
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if dataclasses.is_dataclass(a):
        return type(a) is type(b) and all(_same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, float) and np.isnan(a):
        return isinstance(b, float) and np.isnan(b)
    return a == b and type(a) is type(b)


@pytest.mark.parametrize("example", [
    (np.array([0.5, np.nan, -np.inf]), np.array([[1, 2], [3, 4]], dtype=np.int8), None),
    [["a", "b"], [], ("c",)],
    {"k": 3, "ties": "average", "scale": float("inf")},
    (LabelPair(np.array([0, 1]), np.array([1, 1]), (0, 1), 1), "y_true", "two_dimensional"),
    np.array(["ant", "bee"]),
    np.float32(1.5),
])
def test_an_example_survives_the_round_trip(example):
    data = json.loads(json.dumps(pins.encode(example)))
    assert _same(pins.decode(data), example)


def test_what_has_no_data_form_is_not_pinned():
    import random

    assert pins.pinnable((np.array([1.0]), random.Random(0))) is None
    assert pins.pinnable(np.zeros(10**6)) is None  # too large to keep in a file


def test_a_pins_file_rebuilds_only_the_specs_records():
    with pytest.raises(ValueError, match="only the spec's own records"):
        pins.decode({"dataclass": "os:system", "fields": {}})


def test_the_pins_file_has_one_line_per_pin():
    text = pins.pins_text({"a.b[c]": {"x/wrong_value": [1, 2], "y/crash": None}})
    assert json.loads(text)["pins"] == {"a.b[c]": {"x/wrong_value": [1, 2], "y/crash": None}}
    assert len(text.splitlines()) == 6
