"""The adapter helpers for the result shapes real libraries return: sentinel strings, dicts keyed by label,
stringified labels."""

import math

import numpy as np
import pytest

from properties.engine.vocabulary.result_shapes import by_labels, number, restore_labels


@pytest.mark.parametrize("given, expected", [
    (0.5, 0.5), (np.float32(0.25), 0.25), (np.array(0.75), 0.75), (np.array([2.0]), 2.0), ("0.5", 0.5), (" 1 ", 1.0),
    (3, 3.0),
])  # fmt: skip
def test_number_reads_numbers_and_numeric_strings(given, expected):
    assert number(given) == expected and type(number(given)) is float


@pytest.mark.parametrize("sentinel", [None, "None", "nan", "NaN", " null ", "N/A", ""])
def test_number_reads_the_sentinels_of_an_undefined_value_as_nan(sentinel):
    assert math.isnan(number(sentinel))


@pytest.mark.parametrize("bad", ["error", [0.5, 0.5], True, {"a": 1}])
def test_number_refuses_what_it_cannot_read_naming_it(bad):
    with pytest.raises(ValueError, match="number: "):
        number(bad)


def test_number_takes_the_sentinels_a_library_uses():
    assert math.isnan(number("undefined", undefined=("undefined",)))
    with pytest.raises(ValueError):
        number("None", undefined=("undefined",))


def test_by_labels_orders_a_dict_keyed_by_label_as_the_labels_with_stringified_keys_and_sentinels():
    result = {"1": 0.5, "0": "None", "2": np.float64(1.0)}
    got = by_labels(result, [0, 1, 2])
    assert got.dtype == float and math.isnan(got[0]) and got[1:].tolist() == [0.5, 1.0]
    assert by_labels({"cat": 1, "ant": 0}, np.array(["ant", "cat"])).tolist() == [0.0, 1.0]
    assert by_labels({1: 0.5}, [np.int64(1), 7], missing=0.0).tolist() == [0.5, 0.0]
    with pytest.raises(ValueError, match="no value for label 7"):
        by_labels({1: 0.5}, [1, 7])


def test_restore_labels_gives_back_the_labels_a_library_turned_into_strings():
    got = restore_labels(["1", "0", "1"], np.array([0, 1, 1]))
    assert got.tolist() == [1, 0, 1] and got.dtype == np.int64
    assert restore_labels(["True", False], [True, False]).tolist() == [True, False]
    assert restore_labels(["pos"], ["neg", "pos"]).tolist() == ["pos"]
    with pytest.raises(ValueError, match="none of the labels"):
        restore_labels(["2"], [0, 1])
    with pytest.raises(ValueError, match="same string"):
        restore_labels(["1"], np.array(["1", 1], dtype=object))
