"""What the target under test declares, as a check reads it: through the view it is given.

A check never reaches the target through module state: the recording view it gets
(:class:`properties.engine.target.view.RecordingView`) carries the target's declarations (``t.declared``, a
:class:`Declared`) and the notes of the property being searched (``t.notes``,
:class:`properties.engine.vocabulary.notes.Notes`). The helpers here take that view::

    declared = declared_convention(t, "undefined", m)
    if declared is not None:
        note_convention(t, "undefined", declared)

An object that is no recording view (a check called on a bare target in a unit test) reads the defaults: no
declarations, the refusal types ``ValueError`` and ``TypeError``, notes nobody reads.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from properties.engine.vocabulary import guards, input_forms
from properties.engine.vocabulary.conventions import CATALOG_TIE_RULE, convention_key
from properties.engine.vocabulary.notes import of as notes_of
from properties.engine.vocabulary.severity import DEFAULT_REFUSAL_ERRORS

#: set by the test suite: a call passing a keyword the running property does not declare in its needs
#: (``"metric:keyword"``) is a bug of the spec, raised as :class:`UndeclaredKeyword`
CHECK_DECLARED_NEEDS = False


class UndeclaredKeyword(Exception):
    """A property passed a keyword it does not list in its needs: a target lacking it would be misjudged."""


@dataclasses.dataclass(frozen=True)
class Declared:
    """A target's declarations a check reads (its adapter's ``REFUSAL_ERRORS``, ``CONVENTIONS``, ``TIES``,
    ``INPUT_FORMS``, ``NO_THRESHOLD``)."""

    refusal_errors: tuple = DEFAULT_REFUSAL_ERRORS
    #: ``(kind, metric) -> value or None``: the target's ``convention`` (None: it declares none)
    convention_of: Callable | None = None
    ties: dict = dataclasses.field(default_factory=dict)
    input_forms: dict | None = None
    no_threshold: frozenset = frozenset()

    @classmethod
    def of(cls, target) -> "Declared":
        """The declarations of ``target`` (a :class:`properties.engine.target.loading.Target`, or any object
        with some of its attributes)."""
        return cls(refusal_errors=tuple(getattr(target, "refusal_errors", DEFAULT_REFUSAL_ERRORS)),
                   convention_of=getattr(target, "convention", None),
                   ties=getattr(target, "ties", None) or {},
                   input_forms=getattr(target, "input_forms", None),
                   no_threshold=frozenset(getattr(target, "no_threshold", ()) or ()))

    def convention(self, kind: str, metric: str) -> float | None:
        """What the target declares for ``kind`` (:data:`CONVENTION_KINDS`) of ``metric``; None: nothing."""
        return None if self.convention_of is None else self.convention_of(kind, metric)


NOTHING_DECLARED = Declared()


def declared_of(t) -> Declared:
    """The declarations of the target behind the view ``t`` (none for an object that is no view)."""
    declared = getattr(t, "declared", None)
    return declared if isinstance(declared, Declared) else NOTHING_DECLARED


def refusal_errors(t) -> tuple:
    """The refusal types of the target behind ``t``."""
    return declared_of(t).refusal_errors


def declared_convention(t, kind: str, metric: str) -> float | None:
    """What the target behind ``t`` declares for ``kind`` (:data:`CONVENTION_KINDS`) of ``metric``; None:
    nothing. A property that uses the value calls :func:`note_convention`."""
    return declared_of(t).convention(kind, metric)


def note_convention(t, kind: str, value: float) -> None:
    notes_of(t).applied(convention_key(kind, value))


def declared_tie_rule(t, metric: str) -> str | None:
    """The tie rule the target behind ``t`` declares for ``metric`` (None: none declared)."""
    return declared_of(t).ties.get(metric)


def input_order_tie_rule(t, metric: str) -> str | None:
    """The tie rule the target behind ``t`` declares for ``metric`` if under it tied items rank in input order
    (``input_order``, ``first``), so that reordering tied items may change the value (None: no such rule)."""
    rule = declared_tie_rule(t, metric)
    return rule if rule is not None and CATALOG_TIE_RULE[rule] == "first" else None


def note_tie_rule(t, metric: str, rule: str) -> None:
    """Note that a property applied ``metric``'s declared tie rule (the result's ``conventions``)."""
    notes_of(t).applied(f"ties:{metric}={rule}")


def form_key(form: str, taken: bool) -> str:
    """The name a result lists an input-form declaration under: ``form:token_ids=False``."""
    return f"form:{form}={taken}"


def skip_taken_form(t, metric: str, defect: str) -> None:
    """Skip a bad-input example (raise ``Unsupported``) whose defect is a form the target behind ``t`` declares
    it takes as valid (``INPUT_FORMS = {"label_images": True}``)."""
    declared = declared_of(t).input_forms
    form = input_forms.taken_invalid(declared, metric, defect) if declared else None
    if form is None:
        return
    notes = notes_of(t)
    notes.applied(form_key(form, True))
    reason = f"{metric}: input form {form} taken as valid (INPUT_FORMS): its {defect} examples are not bad input"
    raise guards.Unsupported(notes.lacking(reason))


def reports_no_threshold(t, metric: str) -> bool:
    """Whether the target behind ``t`` declares that its library reports no threshold for ``metric``
    (``NO_THRESHOLD``); a property that leaves the threshold unchecked for it notes the declaration."""
    if metric not in declared_of(t).no_threshold:
        return False
    notes_of(t).applied(f"no_threshold:{metric}")
    return True


def lacking(t, reason: str) -> str:
    """Note ``reason`` among what the target behind ``t`` lacks (the result's ``skipped``), and return it, for
    the ``Unsupported`` a check raises with it or the skip it makes."""
    return notes_of(t).lacking(reason)
