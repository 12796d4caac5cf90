"""A report against a baseline: what is new, fixed or gone since an earlier report of the same target.

Findings are compared by fingerprint (``property.id{class}``, a baseline class covering the classes it is
a prefix of, as a deviation does). Against a baseline each finding of the report is

- *listed*: covered by the target's deviations file (whatever the baseline says);
- *in baseline*: the baseline has it (as a violation or as a known deviation);
- *new*: neither. Only new findings make ``--baseline`` exit 1.

And each finding of the baseline that the report no longer has is

- *fixed*: its property ran to a verdict (passed, or failed otherwise) without it;
- *gone*: its property reached no verdict this time (n/a, timeout, spec error, not in this audit), so it
  is no longer seen but not shown fixed.

A property whose status changed without a change of findings (a listed deviation that is not listed any
more, a pass that is n/a now) is none of these and is not printed: ``metric-assay diff`` lists every change.
"""

from __future__ import annotations

import dataclasses

from properties.engine.vocabulary import findings
from properties.engine.vocabulary.results import Result, truncate, VIOLATIONS

#: statuses whose findings a baseline remembers
REMEMBERED = VIOLATIONS + ("deviation",)

#: statuses of a property that ran against the target to a verdict (``report.VERDICTS``)
_VERDICTS = ("pass", "fail", "error", "crash", "hang", "memory", "mutation", "nondeterministic", "deviation", "fixed")

#: how each kind of entry starts its line
WORD = {"new": "NEW", "fixed": "FIXED", "gone": "GONE"}


@dataclasses.dataclass
class Entry:
    """One finding new, fixed or gone since the baseline."""

    kind: str
    property_id: str
    finding_class: str
    #: this report's status of the property ("absent": not in this audit)
    status: str
    #: for a new finding its first line; for a fixed or gone one, what the property did this time
    detail: str = ""

    def text(self) -> str:
        from properties.engine.vocabulary.results import fingerprint, STATUS_LABEL

        where = fingerprint(self.property_id, self.finding_class)
        status = STATUS_LABEL.get(self.status, self.status)
        if self.kind == "new":
            return f"NEW {status} {where}: {self.detail}".rstrip(": ")
        if self.kind == "fixed":
            return f"FIXED {where}: no longer found (the property ran: {status})"
        return f"GONE {where}: not checked to a verdict this time ({status}" + (
            f": {self.detail})" if self.detail else ")")

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclasses.dataclass
class Comparison:
    """A report's findings against a baseline's."""

    #: the baseline's file, as given on the command line
    file: str
    new: list = dataclasses.field(default_factory=list)
    fixed: list = dataclasses.field(default_factory=list)
    gone: list = dataclasses.field(default_factory=list)
    #: per property of the report, the baseline's finding classes for it (what ``in baseline`` is judged by)
    remembered: dict = dataclasses.field(default_factory=dict)

    def in_baseline(self, property_id: str, finding_class: str) -> bool:
        return findings.covered(self.remembered.get(property_id, ()), finding_class)

    def entries(self) -> list[Entry]:
        return [*self.new, *self.fixed, *self.gone]

    def lines(self) -> list[str]:
        """One line per finding new, fixed or gone, in that order; the findings of one property that differ only
        in their input class on one line (``{low/wrong_value/finite_wrong@single_sample, @constant}``)."""
        groups: dict[tuple, list[Entry]] = {}
        for e in self.entries():
            groups.setdefault((e.kind, e.property_id, e.status, e.finding_class.split("@", 1)[0]), []).append(e)
        out = []
        for same in groups.values():
            first = same[0]
            also = [e.finding_class[len(first.finding_class.split("@", 1)[0]):] for e in same[1:]]
            cls = ", ".join([first.finding_class, *also])
            out.append(dataclasses.replace(first, finding_class=cls).text())
        return out

    def header(self, violations: int) -> str:
        return (f"{violations} violation(s) not in the baseline {self.file}: {len(self.new)} new finding"
                f"{'s' if len(self.new) != 1 else ''}, {len(self.fixed)} fixed, {len(self.gone)} gone")

    def to_dict(self) -> dict:
        return {"file": self.file, "new": [e.to_dict() for e in self.new],
                "fixed": [e.to_dict() for e in self.fixed], "gone": [e.to_dict() for e in self.gone],
                "remembered": {pid: list(v) for pid, v in self.remembered.items()}}

    @classmethod
    def from_dict(cls, data: dict) -> "Comparison":
        known = {f.name for f in dataclasses.fields(Entry)}

        def entries(key):
            return [Entry(**{k: v for k, v in e.items() if k in known}) for e in data.get(key, [])]

        return cls(file=data.get("file", ""), new=entries("new"), fixed=entries("fixed"), gone=entries("gone"),
                   remembered={pid: list(v) for pid, v in (data.get("remembered") or {}).items()})


def _first_line(text: str) -> str:
    first = (text or "").strip().splitlines()
    return truncate(first[0], 200) if first else ""


def _detail_of(r: Result, cls: str) -> str:
    shown = next((f for f in r.findings if f.get("finding_class") == cls), None)
    return _first_line(shown.get("detail", "") if shown else r.detail)


def _status_of(r: Result, cls: str) -> str:
    """The status of the finding ``cls`` itself (a wrong value in a property shown by its refusal is a FAIL)."""
    shown = next((f for f in r.findings if f.get("finding_class") == cls), None)
    return (shown.get("status") if shown else "") or r.status


def _classes(r: Result | None) -> set[str]:
    """The classes a result has found (a result without classes, a timeout or a spec error, has none)."""
    if r is None or r.status not in REMEMBERED:
        return set()
    return {c for c in r.fingerprints() if c != findings.WHOLE_PROPERTY}


def compare(report, baseline, file: str = "") -> Comparison:
    """``report``'s findings against ``baseline``'s (both :class:`~properties.engine.report.audit_report.Report`)."""
    old = {r.property_id: r.fingerprints() for r in baseline.results if r.status in REMEMBERED}
    now = {r.property_id: r for r in report.results}
    out = Comparison(file=file, remembered={pid: sorted(old[pid]) for pid in now if pid in old})
    for r in report.violations():
        for cls in sorted(r.fingerprints(new_only=True)):
            if not findings.covered(old.get(r.property_id, ()), cls):
                out.new.append(Entry("new", r.property_id, cls, _status_of(r, cls), _detail_of(r, cls)))
    for pid in sorted(old):
        r = now.get(pid)
        present = _classes(r)
        for cls in sorted(old[pid]):
            if cls == findings.WHOLE_PROPERTY and r is not None and r.status in REMEMBERED:
                continue  # the baseline's whole-property finding (a timeout, an old report): the property fails still
            if any(findings.matches(cls, c) or findings.matches(c, cls) for c in present):
                continue
            status = r.status if r is not None else "absent"
            if r is not None and r.status in _VERDICTS:
                out.fixed.append(Entry("fixed", pid, cls, status))
            else:
                out.gone.append(Entry("gone", pid, cls, status,
                                      _first_line(r.detail) if r is not None else "not in this audit"))
    return out


def mark(report, comparison: Comparison) -> None:
    """Label every finding of ``report`` ``in_baseline`` (True or False), and make a property whose shown
    finding is in the baseline show a new one instead (as a listed finding gives way to a new one)."""
    from properties.engine.verdict.deviations import _shown_as

    new_pids = {e.property_id for e in comparison.new}
    for i, r in enumerate(report.results):
        for f in r.findings:
            f["in_baseline"] = comparison.in_baseline(r.property_id, f.get("finding_class", ""))
        if r.property_id not in new_pids or not r.findings:
            continue
        fresh = [f for f in r.findings if not f.get("known") and not f["in_baseline"]]
        shown = next((f for f in r.findings if f.get("finding_class") == r.finding_class), None)
        if fresh and shown is not None and shown["in_baseline"]:
            others = [f for f in r.findings if f is not fresh[0]]
            report.results[i] = dataclasses.replace(_shown_as(r, fresh[0]), findings=[fresh[0], *others])
