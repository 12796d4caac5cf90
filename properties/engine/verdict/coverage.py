"""Coverage: how much of what the target could reach came to a verdict, for each metric it provides.

A metric that is provided but barely checked must not read as clean: the report gives, per provided
metric, the properties that reached a verdict out of those the target could reach, and names every
metric under half, and every one with no verdict at all, with the most common reason.

Not every n/a is a gap. The runner words why a property did not run
(:func:`~properties.engine.target.applicability.not_applicable_reason`, and the search's "every example needs what the
target lacks"); coverage sorts those reasons three ways:

- *not provided*: the property needs a metric the target does not have; it is not counted at all;
- *unreachable by design*: the target has the metric but not what the property is about (no stream of
  it, an option or keyword it does not take, a declared domain, tie rule or precision, or the reference
  library is the target itself). Nothing the audit could do would check more, so these are not counted
  as applicable; each metric's count of them and the reason are still shown. Not so a property n/a
  because the target lacks the catalog's *default* form of the metric (``denominator='mean' (the
  default)``): every property asks for that form unless it says otherwise, so the metric the target
  has is barely checked, and that counts against the share;
- *skipped*: the reference library a property compares with is not installed. The target could be
  checked against it, the audit's environment could not: not counted in the share (the metric's own
  properties say whether it is checked) but shown apart, in the terminal, Markdown and JSON, with the
  library, so that installing it is one step away.

Every other property without a verdict (a timeout, a spec error, an n/a for a reason not above) counts
against the share. A provided metric with no verdict at all is low whatever the reason.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

#: the share of applicable properties under which a provided metric is named in the summary
LOW_SHARE = 0.5

#: n/a reasons that say the target lacks the metric itself (the property is not counted for any of its metrics)
_NOT_PROVIDED = ("target does not provide",)

#: n/a reasons that say the target lacks, by design, what the property is about (the runner's wording)
_UNREACHABLE = ("target has no stream", "the target is the reference", "every example needs what the target lacks")

#: n/a reasons that say the audit's environment lacks what the property compares with
_SKIPPED = ("reference library for",)

#: in a reason, what the target lacks is the catalog's default form of the metric (``targets._unsupported``)
_DEFAULT_LACKING = "(the default)"

#: statuses that are a verdict on the target
_VERDICTS = ("pass", "fail", "error", "crash", "hang", "memory", "mutation", "nondeterministic", "deviation", "fixed")


def kind_of(status: str, detail: str) -> str:
    """How coverage counts a result: ``verdict``, ``not provided``, ``unreachable``, ``skipped`` or ``gap``."""
    if status in _VERDICTS:
        return "verdict"
    detail = detail or ""
    if status == "n/a":
        if _DEFAULT_LACKING in detail:
            return "gap"  # the metric is there, in a form the spec's properties barely ask for
        for kind, prefixes in (("not provided", _NOT_PROVIDED), ("unreachable", _UNREACHABLE),
                               ("skipped", _SKIPPED)):
            if detail.startswith(prefixes):
                return kind
    return "gap"


@dataclasses.dataclass
class MetricCoverage:
    metric: str
    verdicts: int = 0
    #: the properties the target could reach (a verdict, or a gap in the checking)
    applicable: int = 0
    #: why the applicable properties without a verdict have none: reason -> count
    reasons: Counter = dataclasses.field(default_factory=Counter)
    #: properties the target cannot reach by design (not counted): reason -> count
    unreachable: Counter = dataclasses.field(default_factory=Counter)
    #: properties skipped for want of a reference library (not counted in the share): reason -> count
    skipped: Counter = dataclasses.field(default_factory=Counter)

    @property
    def share(self) -> float:
        return self.verdicts / self.applicable if self.applicable else 1.0

    @property
    def is_low(self) -> bool:
        """Under :data:`LOW_SHARE` of what the target could reach, or not one verdict at all."""
        return self.share < LOW_SHARE or not self.verdicts

    def reason(self) -> str:
        reasons = (self.reasons + self.skipped) or self.unreachable
        if not reasons:
            return ""
        text, n = reasons.most_common(1)[0]
        return f"{text} ({n} of {sum(reasons.values())})" if len(reasons) > 1 else text


def _short_reason(status: str, detail: str) -> str:
    first = (detail or status).strip().splitlines()[0] if (detail or status).strip() else status
    return first if len(first) <= 160 else first[:157] + "..."


def _counts_text(counts: Counter) -> str:
    return "; ".join(f"{text} ({n})" if n > 1 else text for text, n in counts.most_common())


@dataclasses.dataclass
class Coverage:
    metrics: dict
    #: the properties skipped for want of a reference library, each once: reason -> count
    skipped: Counter = dataclasses.field(default_factory=Counter)

    @classmethod
    def of(cls, results) -> "Coverage":
        table: dict[str, MetricCoverage] = {}
        skipped: Counter = Counter()
        for r in results:
            kind = kind_of(r.status, r.detail)
            if kind == "not provided":
                continue
            if kind == "skipped":
                skipped[_short_reason(r.status, r.detail)] += 1
            for m in r.metrics:
                row = table.setdefault(m, MetricCoverage(m))
                if kind == "unreachable":
                    row.unreachable[_short_reason(r.status, r.detail)] += 1
                elif kind == "skipped":
                    row.skipped[_short_reason(r.status, r.detail)] += 1
                else:
                    row.applicable += 1
                    if kind == "verdict":
                        row.verdicts += 1
                    else:
                        row.reasons[_short_reason(r.status, r.detail)] += 1
        return cls(dict(sorted(table.items())), skipped)

    def low(self) -> list[MetricCoverage]:
        """The provided metrics with a verdict in under :data:`LOW_SHARE` of the properties the target could
        reach, or with no verdict at all."""
        return [row for row in self.metrics.values() if row.is_low]

    def low_text(self) -> str:
        low = self.low()
        shown = "; ".join(f"{row.metric} ({row.verdicts} of {row.applicable}: {row.reason()})" for row in low[:8])
        more = f"; and {len(low) - 8} more" if len(low) > 8 else ""
        return (f"LOW COVERAGE: {len(low)} provided metric{'s' if len(low) != 1 else ''} reached a verdict in under "
                f"half of the properties the target could reach: {shown}{more}")

    def skipped_text(self) -> str:
        """``skipped: 3 properties, reference library for 'ranx' is not installed (2); ...`` ('' if none)."""
        n = sum(self.skipped.values())
        if not n:
            return ""
        return (f"skipped: {n} propert{'ies' if n != 1 else 'y'}, {_counts_text(self.skipped)} "
                "(not counted in coverage; install the library to check them)")

    def to_dict(self) -> dict:
        return {m: {"verdicts": row.verdicts, "applicable": row.applicable, "reasons": dict(row.reasons),
                    "unreachable": dict(row.unreachable), "skipped": dict(row.skipped)}
                for m, row in self.metrics.items()}

    def markdown(self) -> list[str]:
        from properties.engine.vocabulary.markdown import md_code, md_text

        if not self.metrics:
            return []
        out = ["## Coverage", "",
               "Per metric the target provides: the properties that reached a verdict out of those the target "
               f"could reach. Under {LOW_SHARE:.0%} (or with no verdict at all) the metric is barely checked, "
               "whatever its results say. Not counted: properties the target cannot reach by design (no stream "
               "of the metric, an option it does not take, the reference is the target itself), and those "
               "skipped because their reference library is not installed.", "",
               "| metric | verdicts | applicable | share | why the others have none | skipped | "
               "unreachable by design |", "|---|---:|---:|---:|---|---|---|"]
        for row in self.metrics.values():
            flag = " **LOW**" if row.is_low else ""
            out.append(f"| {md_code(row.metric)} | {row.verdicts} | {row.applicable} | {row.share:.0%}{flag} | "
                       f"{md_text(row.reason())} | {md_text(_counts_text(row.skipped))} | "
                       f"{md_text(_counts_text(row.unreachable))} |")
        out.append("")
        return out

