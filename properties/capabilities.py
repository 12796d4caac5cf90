"""Spec as data: what each catalog metric is, declared once per metric.

Every family module in ``properties/`` defines ``CAPABILITIES``, a dict from
catalog name to :class:`Capability`. ``tests/test_capabilities.py`` asserts
that no catalog metric is left unclassified, and that no classification names
a metric that does not exist, the way scikit-learn's ``test_common.py`` keeps
its metric lists honest.
"""

from __future__ import annotations

import dataclasses
from importlib import import_module
from typing import Any, Callable


@dataclasses.dataclass(frozen=True)
class Parameter:
    """The domain of a numeric keyword parameter: integers from ``lowest`` (``integer``), or reals above
    ``lowest`` (``inclusive``: from it)."""

    lowest: float
    integer: bool = True
    inclusive: bool = True

    def bad_values(self) -> tuple[tuple[str, float], ...]:
        """(defect, value) pairs just outside the domain, the defect a name of
        :data:`~properties.inputs.BAD_INPUT_DEFECTS`: the value below it (0 where it starts at 1 or above 0:
        ``nonpositive``; -1 where it starts at 0: ``negative``) and, for an integer, a fractional value inside
        the range (``fractional``)."""
        if self.integer:
            below = self.lowest - 1
            out = (("nonpositive" if below == 0 else "negative", int(below)),)
            return (*out, ("fractional", self.lowest + 0.5))
        if self.inclusive:
            return (("nonpositive" if self.lowest > 0 else "negative", float(self.lowest) - 1.0),)
        return (("nonpositive" if self.lowest == 0 else "negative", float(self.lowest)),)


#: an integer >= 1: k, n, max_n, n_bins, char_order
COUNT = Parameter(1)
#: an integer >= 0: word_order, n_features
NON_NEGATIVE_INTEGER = Parameter(0)
#: a real > 0: beta of an F-measure, sigma
POSITIVE = Parameter(0, integer=False, inclusive=False)
#: a real >= 0: METEOR's beta
NON_NEGATIVE = Parameter(0, integer=False)


@dataclasses.dataclass(frozen=True)
class Capability:
    #: (lowest, highest) value; ``None`` for an unbounded side
    range: tuple[float | None, float | None]
    #: True if f(a, b) == f(b, a) for the metric's two main arguments
    symmetric: bool
    #: what the main arguments are, e.g. "labels", "scores", "token sequences"
    input_domain: str
    #: the inputs on which the metric is undefined, and what it returns or raises there
    undefined: str
    #: ``average=`` modes supported (empty if the metric has no averaging)
    averaging: tuple[str, ...] = ()
    #: accepts ``sample_weight=``
    sample_weight: bool = False
    #: True if a larger value is better (None for metrics that are not scores, e.g. curves)
    higher_is_better: bool | None = True

    # What the generic properties (``properties/generic.py``) need to check the metric
    # without knowing its family: the input shape and how to evaluate it.

    #: the shape of the metric's inputs (``properties/inputs/``); None: no generic properties
    inputs: Any = None
    #: the keyword sets every comparison evaluates (e.g. each averaging mode)
    forms: tuple[dict, ...] = ({},)
    #: keyword sets for the bounds (default: ``forms``), e.g. zero_division 0 and 1
    bound_forms: tuple[dict, ...] | None = None
    #: keyword sets under which the metric is symmetric (default: ``forms``)
    symmetry_forms: tuple[dict, ...] | None = None
    #: keyword sets for the perfect input (default: ``forms``)
    perfect_forms: tuple[dict, ...] | None = None
    #: keyword sets the streaming properties evaluate (default: ``forms``), e.g. forms with binary averaging
    stream_forms: tuple[dict, ...] | None = None
    #: the input shape of the streaming properties where the metric has no generic one (default: ``inputs``)
    stream_inputs: Any = None
    #: keywords of the refusal calls
    refusal_form: dict = dataclasses.field(default_factory=dict)
    #: keyword sets the refusal calls fall back to, in turn, on a target that lacks ``refusal_form`` (a library
    #: that computes one named variant only, such as RecPack's percentile over n)
    refusal_fallbacks: tuple[dict, ...] = ()
    #: the value on a perfect input (None: no such value, e.g. a curve)
    best: float | None = None
    #: the value is a sum over samples (duplicating every sample doubles it)
    additive: bool = False
    #: example -> whether the metric is defined there (None: everywhere)
    defined: Callable[[Any], bool] | None = None
    #: the metric's names for the shape's argument names (e.g. y_true -> y1)
    argument_names: dict | None = None
    #: generic properties that do not apply to this metric (say why where it is declared)
    not_generic: tuple[str, ...] = ()
    #: the metric's numeric keyword parameters (keyword -> :class:`Parameter`): refuses_bad_input sends each
    #: one just outside its domain (``nonpositive:k``, ``fractional:k``)
    parameters: dict = dataclasses.field(default_factory=dict)


def declare_parameters(capabilities: dict[str, Capability], parameters: dict[str, dict[str, Parameter]]) -> None:
    """Give each named metric of ``capabilities`` (in place) its numeric parameters: metric -> keyword ->
    :class:`Parameter`."""
    for name, own in parameters.items():
        capabilities[name] = dataclasses.replace(capabilities[name], parameters=dict(own))


def all_capabilities() -> dict[str, Capability]:
    from properties.engine.vocabulary.registry import FAMILY_MODULES

    merged: dict[str, Capability] = {}
    for family in FAMILY_MODULES:
        module = import_module(f"properties.{family}")
        for name, cap in getattr(module, "CAPABILITIES", {}).items():
            if name in merged:
                raise RuntimeError(f"{name!r} classified twice")
            merged[name] = cap
    return merged
