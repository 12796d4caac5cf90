"""Coverage: how much of the spec reached a verdict for each metric the target provides.

A property is n/a for a metric the target provides when every example asked for something the target
lacks (an option, a stream, a reference library that is not installed). A metric that is provided but
barely checked must not read as clean: the report gives, per provided metric, the properties that
reached a verdict out of those that apply, and names every metric under half with the most common reason.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

#: the share of applicable properties under which a provided metric is named in the summary
LOW_SHARE = 0.5

#: n/a reasons that say the property does not apply to the target at all (not a gap in its checking)
_NOT_APPLICABLE = ("target does not provide", "the target is the reference")

#: statuses that are a verdict on the target
_VERDICTS = ("pass", "fail", "error", "crash", "hang", "memory", "mutation", "nondeterministic", "deviation", "fixed")


@dataclasses.dataclass
class MetricCoverage:
    metric: str
    verdicts: int = 0
    applicable: int = 0
    #: why the applicable properties without a verdict have none: reason -> count
    reasons: Counter = dataclasses.field(default_factory=Counter)

    @property
    def share(self) -> float:
        return self.verdicts / self.applicable if self.applicable else 1.0

    def reason(self) -> str:
        if not self.reasons:
            return ""
        text, n = self.reasons.most_common(1)[0]
        return f"{text} ({n} of {self.applicable - self.verdicts})" if len(self.reasons) > 1 else text


def _short_reason(status: str, detail: str) -> str:
    first = (detail or status).strip().splitlines()[0] if (detail or status).strip() else status
    return first if len(first) <= 160 else first[:157] + "..."


@dataclasses.dataclass
class Coverage:
    metrics: dict

    @classmethod
    def of(cls, results) -> "Coverage":
        table: dict[str, MetricCoverage] = {}
        for r in results:
            if r.status == "n/a" and (r.detail or "").startswith(_NOT_APPLICABLE):
                continue
            for m in r.metrics:
                row = table.setdefault(m, MetricCoverage(m))
                row.applicable += 1
                if r.status in _VERDICTS:
                    row.verdicts += 1
                else:
                    row.reasons[_short_reason(r.status, r.detail)] += 1
        return cls(dict(sorted(table.items())))

    def low(self) -> list[MetricCoverage]:
        """The provided metrics with a verdict in under :data:`LOW_SHARE` of their applicable properties."""
        return [row for row in self.metrics.values() if row.share < LOW_SHARE]

    def low_text(self) -> str:
        low = self.low()
        shown = "; ".join(f"{row.metric} ({row.verdicts} of {row.applicable}: {row.reason()})" for row in low[:8])
        more = f"; and {len(low) - 8} more" if len(low) > 8 else ""
        return (f"LOW COVERAGE: {len(low)} provided metric{'s' if len(low) != 1 else ''} reached a verdict in under "
                f"half of the properties that apply: {shown}{more}")

    def to_dict(self) -> dict:
        return {m: {"verdicts": row.verdicts, "applicable": row.applicable, "reasons": dict(row.reasons)}
                for m, row in self.metrics.items()}

    def markdown(self) -> list[str]:
        from .report import md_code, md_text

        if not self.metrics:
            return []
        out = ["## Coverage", "",
               "Per metric the target provides: the properties that reached a verdict out of those that apply. "
               f"Under {LOW_SHARE:.0%} the metric is barely checked, whatever its results say.", "",
               "| metric | verdicts | applicable | share | why the others have none |", "|---|---:|---:|---:|---|"]
        for row in self.metrics.values():
            flag = " **LOW**" if row.share < LOW_SHARE else ""
            out.append(f"| {md_code(row.metric)} | {row.verdicts} | {row.applicable} | {row.share:.0%}{flag} | "
                       f"{md_text(row.reason())} |")
        out.append("")
        return out
