"""What the property being searched knows of the target under test, and what its examples noted.
"""

from __future__ import annotations

from properties.engine.vocabulary import guards, input_forms, precision
from properties.engine.vocabulary.conventions import CATALOG_TIE_RULE, convention_key
from properties.engine.vocabulary.notes import CONVENTIONS_APPLIED, EXAMPLE_COUNTS, LABELS_DROPPED, UNSUPPORTED_SEEN

# --------------------------------------------------------------------------
# The target under test: its refusal types, and the options it lacks


_ACTIVE: list = []  # the Target under test (:class:`properties.engine.target.loading.Target`)

#: set by the test suite: a call passing a keyword the running property does not declare in its needs
#: (``"metric:keyword"``) is a bug of the spec, raised as :class:`UndeclaredKeyword`
CHECK_DECLARED_NEEDS = False
_DECLARED: list[tuple[str, ...]] = []


class UndeclaredKeyword(Exception):
    """A property passed a keyword it does not list in its needs: a target lacking it would be misjudged."""


def declare_needs(needs) -> None:
    """The needs of the property about to run (checked when :data:`CHECK_DECLARED_NEEDS` is set);
    None when it has finished."""
    _DECLARED[:] = [] if needs is None else [tuple(needs)]


def activate(target) -> None:
    """Make ``target`` the one under test (its refusal types, its missing options) for the next property."""
    _ACTIVE[:] = [target]
    UNSUPPORTED_SEEN.clear()
    CONVENTIONS_APPLIED.clear()
    LABELS_DROPPED.clear()
    EXAMPLE_COUNTS.update(ran=0, skipped=0)
    precision.configure(declared=precision.CLI.get("precision") or target.precision,
                        rtol=precision.CLI.get("rtol"), atol=precision.CLI.get("atol"))


def refusal_errors() -> tuple:
    return _ACTIVE[0].refusal_errors if _ACTIVE else (ValueError, TypeError)


def declared_convention(kind: str, metric: str) -> float | None:
    """What the target under test declares for ``kind`` (:data:`CONVENTION_KINDS`) of ``metric``; None: nothing.
    A property that uses the value calls :func:`note_convention`."""
    if not _ACTIVE or not hasattr(_ACTIVE[0], "convention"):
        return None
    return _ACTIVE[0].convention(kind, metric)


def note_convention(kind: str, value: float) -> None:
    CONVENTIONS_APPLIED.add(convention_key(kind, value))


def declared_tie_rule(metric: str) -> str | None:
    """The tie rule the target under test declares for ``metric`` (None: none declared)."""
    return getattr(_ACTIVE[0], "ties", {}).get(metric) if _ACTIVE else None


def input_order_tie_rule(metric: str) -> str | None:
    """The tie rule the target under test declares for ``metric`` if under it tied items rank in input order
    (``input_order``, ``first``), so that reordering tied items may change the value (None: no such rule)."""
    rule = declared_tie_rule(metric)
    return rule if rule is not None and CATALOG_TIE_RULE[rule] == "first" else None


def note_tie_rule(metric: str, rule: str) -> None:
    """Note that a property applied ``metric``'s declared tie rule (the result's ``conventions``)."""
    CONVENTIONS_APPLIED.add(f"ties:{metric}={rule}")


def form_key(form: str, taken: bool) -> str:
    """The name a result lists an input-form declaration under: ``form:token_ids=False``."""
    return f"form:{form}={taken}"


def skip_taken_form(metric: str, defect: str) -> None:
    """Skip a bad-input example (raise ``Unsupported``) whose defect is a form the target under test declares
    it takes as valid (``INPUT_FORMS = {"label_images": True}``)."""
    declared = getattr(_ACTIVE[0], "input_forms", None) if _ACTIVE else None
    form = input_forms.taken_invalid(declared, metric, defect) if declared else None
    if form is None:
        return
    CONVENTIONS_APPLIED.add(form_key(form, True))
    reason = f"{metric}: input form {form} taken as valid (INPUT_FORMS): its {defect} examples are not bad input"
    UNSUPPORTED_SEEN.add(reason)
    raise guards.Unsupported(reason)


def reports_no_threshold(metric: str) -> bool:
    """Whether the target under test declares that its library reports no threshold for ``metric``
    (``NO_THRESHOLD``); a property that leaves the threshold unchecked for it notes the declaration."""
    if not _ACTIVE or metric not in getattr(_ACTIVE[0], "no_threshold", ()):
        return False
    CONVENTIONS_APPLIED.add(f"no_threshold:{metric}")
    return True
