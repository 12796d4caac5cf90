"""Causes: the findings of one report grouped by what most likely produced them.

A library with one decision ("a stream that has seen nothing computes 0.0", "2-D labels are flattened",
"the input is never validated") fails many properties, one finding each. Read one by one they bury the
real bugs. A *cause* is a group of findings that share:

- the metric and the finding class (``regression.bounds[mse]{wrong_value}`` and
  ``regression.definition[mse]{wrong_value}``); or the property and the severity (one check failing the
  same way under several forms); or, for the streaming properties, the metric and the severity (one
  stream implementation behind every operation);
- or the check, the finding class and the *outcome* across metrics: what the target did on the failing
  call, normalised (``returns 0``, ``returns nan``, ``raises ValueError: preds must be non-empty``).
  Every classification metric scoring 2-D labels as 1.0 is one cause
  (``refuses_bad_input[*]{two_dimensional:y_true/accepted_invalid_input}``, returns 1), and so is every
  stream that computes 0.0 when it has seen nothing (``stream_undefined``, ``stream_reset`` and
  ``stream_empty_batches`` of each metric, each expecting a refusal and each getting 0.0);
- or a refusal or crash with the same normalised message, whatever the metric (one validation helper
  of the library, reached from many metrics).

The grouping is transitive (a union of these links). Causes are listed worst first: by the worst
severity among their findings, new before listed, then by size. Each keeps one representative finding,
with its reproduction, and the list of its properties; the per-property detail stays in the report.
"""

from __future__ import annotations

import dataclasses
import re

from .severity import rank as severity_rank

#: statuses whose findings are grouped (the report's violations and its known deviations)
_GROUPED = ("fail", "error", "crash", "hang", "memory", "mutation", "nondeterministic", "deviation")

_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")
_SPACE = re.compile(r"\s+")
_RAISE = re.compile(r"(?:^|:)raises:(\w+)")
_CRASHED = re.compile(r"crashed with (\w+): (.*)", re.S)
_RESULT = re.compile(r"got a result: (.*)", re.S)

#: how a finding or a cause is labelled: not covered by anything, in the baseline the audit was compared with,
#: covered by a listed deviation
STATE_LABEL = {"new": "NEW", "baseline": "in baseline", "listed": "listed"}
_STATE_ORDER = {"new": 0, "baseline": 1, "listed": 2}


def finding_state(known: bool, in_baseline: bool) -> str:
    """``listed`` (a listed deviation covers it), ``baseline`` (the baseline has it) or ``new``."""
    return "listed" if known else "baseline" if in_baseline else "new"


@dataclasses.dataclass
class Member:
    """One finding of one property, as a cause sees it."""

    property_id: str
    metrics: tuple
    finding_class: str
    severity: str
    status: str
    known: bool
    detail: str
    reproduction: str
    counterexample: str = ""
    #: the baseline the report was compared with has this finding
    in_baseline: bool = False

    @property
    def check(self) -> str:
        """The property without its metric: ``classification.refuses_bad_input``."""
        return self.property_id.split("[", 1)[0]

    @property
    def outcome(self) -> str:
        return outcome_of(self.finding_class, self.detail)


@dataclasses.dataclass
class Cause:
    """Findings that share a cause (see the module docstring), worst first."""

    members: list

    @property
    def severity(self) -> str:
        return min((m.severity for m in self.members), key=severity_rank, default="")

    @property
    def known(self) -> bool:
        """Every finding of the cause is covered by a listed deviation."""
        return all(m.known for m in self.members)

    @property
    def state(self) -> str:
        """``listed`` (every finding listed), ``baseline`` (every finding listed or in the baseline), or ``new``."""
        return min((finding_state(m.known, m.in_baseline) for m in self.members), key=_STATE_ORDER.get,
                   default="listed")

    @property
    def metrics(self) -> list[str]:
        return sorted({x for m in self.members for x in m.metrics})

    @property
    def properties(self) -> list[str]:
        return sorted({m.property_id for m in self.members})

    @property
    def representative(self) -> Member:
        """The finding shown for the cause: the worst, a new one before a listed one, one with its calls."""
        return min(self.members, key=lambda m: (severity_rank(m.severity), m.known, not m.reproduction,
                                                len(m.reproduction), m.property_id))

    def title(self) -> str:
        """One line: which metrics, what they do."""
        rep = self.representative
        metrics = self.metrics
        shown = ", ".join(metrics[:4]) + (f" and {len(metrics) - 4} more" if len(metrics) > 4 else "")
        outcome = rep.outcome
        checks = sorted({m.check.split(".", 1)[-1] for m in self.members})
        where = ", ".join(checks[:3]) + (f" and {len(checks) - 3} more checks" if len(checks) > 3 else "")
        what = {"crash": "crashes", "accepted invalid input": "accepts invalid input",
                "refuses valid input": "refuses valid input",
                "wrong exception type": "refuses with an undeclared exception type"}.get(rep.severity,
                                                                                       rep.severity or "fails")
        if rep.finding_class == "memory" or rep.finding_class.endswith(":memory"):
            what = "needs more memory than the per-call limit"
        return f"{shown or '(no metric)'}: {what}" + (f", {outcome}" if outcome else "") + f" ({where})"

    def sort_key(self):
        return (severity_rank(self.severity), _STATE_ORDER[self.state], -len(self.members), self.title())

    def to_dict(self) -> dict:
        rep = self.representative
        return {
            "title": self.title(),
            "severity": self.severity,
            "known": self.known,
            "state": self.state,
            "metrics": self.metrics,
            "findings": len(self.members),
            "properties": [{"property_id": m.property_id, "finding_class": m.finding_class,
                            "severity": m.severity, "known": m.known, "in_baseline": m.in_baseline}
                           for m in self.members],
            "representative": {"property_id": rep.property_id, "finding_class": rep.finding_class,
                               "detail": rep.detail, "counterexample": rep.counterexample,
                               "reproduction": rep.reproduction},
        }


def normalise_message(text: str, limit: int = 160) -> str:
    """A message with its numbers replaced by ``N``, spaces collapsed: the same refusal on other inputs."""
    text = _SPACE.sub(" ", _NUMBER.sub("N", str(text))).strip()
    return text[:limit]


_SCALAR_WRAPPER = re.compile(r"^(?:np\.|numpy\.)?\w+\((.*)\)$")


def _value_kind(text: str) -> str:
    text = text.strip()
    wrapped = _SCALAR_WRAPPER.match(text)
    if wrapped and "[" not in text:  # np.float32(0.0), tensor(1.)
        text = wrapped.group(1)
    low = text.lower()
    if "nan" in low:
        return "nan"
    if "inf" in low:
        return "-inf" if "-inf" in low else "inf"
    if "[" in text or "(" in text:
        return "an array" if "[" in text else "a value"
    found = _NUMBER.fullmatch(text.split(",")[0].strip())
    if found is not None:
        value = float(found.group())
        return f"{value + 0.0:g}" if value in (0.0, 1.0, -1.0) else "a number"  # + 0.0: -0 is 0
    return "a value"


def outcome_of(finding_class: str, detail: str) -> str:
    """What the target did on the failing call, normalised ('' when the detail does not say)."""
    detail = detail or ""
    raised = _RAISE.search(finding_class)
    if raised:
        name = raised.group(1)
        message = detail.split(f"{name}: ", 1)[1] if detail.startswith(f"{name}: ") else detail
        return f"raises {name}: {normalise_message(message.splitlines()[0] if message else '')}".rstrip(": ")
    crashed = _CRASHED.search(detail)
    if crashed:
        return f"raises {crashed.group(1)}: {normalise_message(crashed.group(2).splitlines()[0])}"
    result = _RESULT.search(detail)
    if result:
        return "returns " + _value_kind(result.group(1).splitlines()[0])
    return ""


def members_of(results, in_baseline=None) -> list[Member]:
    """Every finding of the report's violations and known deviations, one member each; ``in_baseline``
    (property id, finding class) -> bool says which a baseline has."""
    out = []
    for r in results:
        if r.status not in _GROUPED:
            continue
        records = r.findings or [dict(finding_class=r.finding_class or r.status, severity=r.severity,
                                      status=r.status, detail=r.detail, reproduction=r.reproduction,
                                      counterexample=r.counterexample, known=r.status == "deviation")]
        for f in records:
            out.append(Member(
                property_id=r.property_id, metrics=tuple(r.metrics), finding_class=f.get("finding_class", ""),
                severity=f.get("severity") or r.severity or "", status=f.get("status", r.status),
                known=bool(f.get("known")) or r.status == "deviation", detail=f.get("detail") or "",
                reproduction=f.get("reproduction") or "", counterexample=f.get("counterexample") or "",
                in_baseline=bool(in_baseline and in_baseline(r.property_id, f.get("finding_class", "")))))
    return out


def _links(m: Member) -> list[tuple]:
    keys = [("class", m.metrics, m.finding_class), ("property", m.property_id, m.severity)]
    if m.check.split(".", 1)[-1].startswith("stream_"):  # one stream implementation behind every operation
        keys.append(("stream", m.metrics, m.severity))
    outcome = m.outcome
    if outcome:
        if m.check.split(".", 1)[-1].startswith("stream_"):  # a stream convention: the same whatever the metric
            keys.append(("stream-outcome", m.severity, outcome))
        if "/" in m.finding_class or ":" in m.finding_class:
            keys.append(("check", m.check, m.finding_class, outcome))
        if outcome.startswith("raises ") and len(outcome) >= 24:
            keys.append(("message", outcome))
    return keys


def group(members: list[Member]) -> list[Cause]:
    """The causes of ``members``, worst first."""
    parent = list(range(len(members)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[tuple, int] = {}
    for i, m in enumerate(members):
        for key in _links(m):
            j = first.setdefault(key, i)
            a, b = root(i), root(j)
            if a != b:
                parent[max(a, b)] = min(a, b)
    groups: dict[int, list[Member]] = {}
    for i, m in enumerate(members):
        groups.setdefault(root(i), []).append(m)
    return sorted((Cause(g) for g in groups.values()), key=Cause.sort_key)


def causes(results, in_baseline=None) -> list[Cause]:
    """The causes of a report's findings (its violations and known deviations), worst first
    (``in_baseline``: :func:`members_of`'s)."""
    return group(members_of(results, in_baseline))


def tally(found: list[Cause]) -> str:
    """``3 causes (1 crash, 2 wrong value)``, severities worst first."""
    by: dict[str, int] = {}
    for c in found:
        by[c.severity or "other"] = by.get(c.severity or "other", 0) + 1
    order = sorted(by, key=severity_rank)
    return f"{len(found)} cause{'s' if len(found) != 1 else ''}" + (
        " (" + ", ".join(f"{by[s]} {s}" for s in order) + ")" if by else "")


def summary_text(found: list[Cause], *, baseline: bool = False) -> str:
    """The summary's lead: the new causes by severity, then those in the baseline (``baseline``: the report
    was compared with one), then the listed ones."""
    new = [c for c in found if c.state == "new"]
    kept = [c for c in found if c.state == "baseline"]
    listed = [c for c in found if c.state == "listed"]
    findings = sum(len(c.members) for c in found)
    if not found:
        return "no findings"
    parts = []
    if new:
        parts.append(f"{tally(new)} {'NEW since the baseline' if baseline else 'NOT LISTED'}")
    for shown, words in ((kept, "in the baseline"), (listed, "listed as deviations")):
        if shown:
            count = f"{len(shown)} cause" + ("s" if len(shown) != 1 else "")
            parts.append(f"{count if parts else tally(shown)} {words}")
    return "; ".join(parts) + f", from {findings} finding{'s' if findings != 1 else ''}"


def member_label(cause: Cause, member: Member) -> str:
    """`` (in baseline)``, `` (NEW)`` ... for a finding of a cause whose findings are not all labelled alike
    ('' when they are: the cause's label says it)."""
    if len({finding_state(m.known, m.in_baseline) for m in cause.members}) < 2:
        return ""
    return f" ({STATE_LABEL[finding_state(member.known, member.in_baseline)]})"


def cause_lines(cause: Cause, number: int, *, limit: int = 1500, with_reproduction: bool = True) -> list[str]:
    """A cause as the terminal shows it: the title, its properties, its representative's reproduction."""
    from .runner import truncate

    rep = cause.representative
    state = STATE_LABEL[cause.state]
    props = cause.properties
    lines = [f"[{number}] {cause.severity or 'other'} ({state}): {cause.title()}",
             f"    {len(cause.members)} finding{'s' if len(cause.members) != 1 else ''} in {len(props)} "
             f"propert{'ies' if len(props) != 1 else 'y'}: " + ", ".join(props[:6])
             + (f" and {len(props) - 6} more" if len(props) > 6 else "")]
    if with_reproduction:
        lines.append(f"    e.g. {rep.property_id}{{{rep.finding_class}}}{member_label(cause, rep)}: "
                     + truncate((rep.detail or "").strip().splitlines()[0] if rep.detail else "", 300))
        for line in truncate(rep.reproduction, limit).splitlines():
            lines.append("      " + line)
    return lines
