"""Every shape's bad-input strategy names the defect it drew: (example, argument at fault or None, defect)."""

from importlib import import_module

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from properties.engine.vocabulary.registry import FAMILY_MODULES
from properties.inputs import BAD_INPUT_DEFECTS


def _bad_shapes() -> list:
    """(id, shape, metric) for every distinct input shape with a bad strategy, with one metric that uses it."""
    seen, out = set(), []
    for family in FAMILY_MODULES:
        module = import_module(f"properties.{family}")
        for name, cap in getattr(module, "CAPABILITIES", {}).items():
            shape = cap.inputs
            if shape is None or shape.bad is None or id(shape) in seen:
                continue
            seen.add(id(shape))
            out.append(pytest.param(shape, name, id=f"{family}:{name}:{shape.name}"))
    return out


SHAPES = _bad_shapes()


def test_defect_names_are_sorted_and_distinct():
    assert list(BAD_INPUT_DEFECTS) == sorted(set(BAD_INPUT_DEFECTS))


def test_some_shape_has_a_bad_strategy():
    assert SHAPES


@pytest.mark.parametrize(("shape", "metric"), SHAPES)
def test_bad_input_names_its_defect(shape, metric):
    @settings(max_examples=30, derandomize=True, database=None, deadline=None)
    @given(st.data())
    def check(data):
        drawn = data.draw(shape.bad(metric))
        assert isinstance(drawn, tuple) and len(drawn) == 3, drawn
        _, argument, defect = drawn
        assert argument is None or isinstance(argument, str), argument
        assert isinstance(defect, str) and defect in BAD_INPUT_DEFECTS, defect

    check()


@pytest.mark.parametrize(("shape", "metric"), SHAPES)
def test_bad_edge_cases_name_their_defect(shape, metric):
    """The bad inputs every profile reaches (a length-1 argument, a NaN label, strings against numbers ...)."""
    from properties.inputs import edges_of

    for name, (_, argument, defect) in edges_of(shape.bad(metric)):
        assert argument is None or isinstance(argument, str), name
        assert defect in BAD_INPUT_DEFECTS, name
