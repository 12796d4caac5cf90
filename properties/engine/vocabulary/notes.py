"""What the examples of the property being searched noted: what the target lacks, the declarations applied,
the examples run and skipped. Cleared when a property starts (:func:`properties.engine.vocabulary.run_state.activate`)."""

from __future__ import annotations

#: what the current property's examples asked of the target that it does not have
UNSUPPORTED_SEEN: set[str] = set()

#: the target's declarations (conventions, domains, tie rules) the current property's examples applied, by
#: the names :meth:`Target.declared_conventions` starts its lines with
CONVENTIONS_APPLIED: set[str] = set()

#: the metrics whose ``labels=`` the view left out of the current property's calls, the target lacking the
#: keyword (only where the labels could not change the result: :func:`_implied_labels`)
LABELS_DROPPED: set[str] = set()

#: examples of the current property that ran, and that were skipped for what the target lacks
EXAMPLE_COUNTS = {"ran": 0, "skipped": 0}

#: skipped examples, with none run, after which a property is n/a without drawing more
SKIPS_BEFORE_NOT_APPLICABLE = 25
