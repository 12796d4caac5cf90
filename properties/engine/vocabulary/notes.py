"""What the examples of one property's search noted: what the target lacks, the declarations applied, the
examples run and skipped.

The search makes one :class:`Notes` per property and hands it to every view it builds
(:class:`properties.engine.target.view.RecordingView`); the checks write into it through the view they are given
(``t.notes``), and the search reads it back for the property's result.
"""

from __future__ import annotations

import dataclasses

#: skipped examples, with none run, after which a property is n/a without drawing more
SKIPS_BEFORE_NOT_APPLICABLE = 25


@dataclasses.dataclass
class Notes:
    """What one property's examples noted."""

    #: the needs the property declares (``"metric:keyword"``); a view checks the keywords its calls pass against
    #: them when :data:`properties.engine.vocabulary.declared.CHECK_DECLARED_NEEDS` is set (None: not checked)
    needs: tuple | None = None
    #: what the property's examples asked of the target that it does not have
    unsupported: set = dataclasses.field(default_factory=set)
    #: the target's declarations (conventions, domains, tie rules) the examples applied, by the names
    #: :meth:`Target.declared_conventions` starts its lines with
    conventions_applied: set = dataclasses.field(default_factory=set)
    #: the metrics whose ``labels=`` the view left out of the property's calls, the target lacking the keyword
    #: (only where the labels could not change the result)
    labels_dropped: set = dataclasses.field(default_factory=set)
    #: examples of the property that ran
    ran: int = 0
    #: examples of the property skipped for what the target lacks
    skipped: int = 0

    def lacking(self, reason: str) -> str:
        """Note ``reason`` among what the target lacks, and return it (for the ``Unsupported`` raised with it)."""
        self.unsupported.add(reason)
        return reason

    def applied(self, key: str) -> None:
        """Note that an example applied the declaration ``key`` (``ties:spearman=average``)."""
        self.conventions_applied.add(key)


def of(view) -> Notes:
    """The notes ``view`` writes into; a fresh, unread one for an object that is no recording view (a check
    called directly on a target in a unit test)."""
    notes = getattr(view, "notes", None)
    return notes if isinstance(notes, Notes) else Notes()
