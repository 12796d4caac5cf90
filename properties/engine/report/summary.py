"""The table that ends an audit of several targets: one row per target, its counts and its verdict.

``metric-assay audit T1 T2 ...`` prints each target's failures as it goes, then
this table, so that a reader of ``make audit`` sees every library side by side
without scrolling back through one report per target.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from properties.engine.vocabulary.results import STATUS_LABEL, STATUSES
from properties.engine.verdict.causes import tally
from properties.engine.report.audit_report import EXIT_CLEAN, EXIT_NOTHING_VERIFIED, EXIT_VIOLATIONS, Report

#: columns every table shows, in this order; any other status a report has gets a column of its own
ALWAYS_SHOWN = ("pass", "fail", "error", "n/a", "deviation")


@dataclasses.dataclass
class TargetOutcome:
    """One target named on the command line: its report and exit code, or why it has none."""

    name: str
    report: Report | None = None
    code: int | None = None
    #: why there is no report (e.g. "not installed")
    skipped: str = ""
    #: the tier, when one command audits several (the row is then one target at one tier)
    tier: str = ""


def verdict(outcome: TargetOutcome, *, baseline: bool = False) -> str:
    """One word or two for a row: what the target's exit code means."""
    if outcome.report is None:
        return f"skipped: {outcome.skipped}"
    if outcome.code is not None and outcome.code >= 128:
        return "INTERRUPTED"
    return {
        EXIT_CLEAN: "ok",
        EXIT_VIOLATIONS: "NEW VIOLATIONS" if baseline else "VIOLATIONS",
        EXIT_NOTHING_VERIFIED: "nothing verified",
    }.get(outcome.code, f"exit {outcome.code}")


def shown_statuses(reports: list[Report]) -> list[str]:
    """The always-shown columns, then every other status some report has (crash, hang, ...)."""
    present: Counter = Counter()
    for report in reports:
        present.update(report.counts())
    return [s for s in STATUSES if s in ALWAYS_SHOWN or present.get(s)]


def summary_table(outcomes: list[TargetOutcome], *, baseline: bool = False) -> str:
    """The table: a header, a row per target, a total row."""
    reports = [o.report for o in outcomes if o.report is not None]
    statuses = shown_statuses(reports)
    labels = [STATUS_LABEL[s] for s in statuses]
    name_width = max([len("target"), len("total"), *(len(o.name) for o in outcomes)]) + 2
    widths = [max(len(label), 4) + 2 for label in labels]

    def row(name: str, cells: list[str], last: str) -> str:
        return f"{name:<{name_width}}" + "".join(f"{c:>{w}}" for c, w in zip(cells, widths)) + f"  {last}".rstrip()

    total: Counter = Counter()
    lines = [row("target", labels, "verdict")]
    for outcome in outcomes:
        if outcome.report is None:
            lines.append(row(outcome.name, ["-"] * len(statuses), verdict(outcome)))
            continue
        counts = outcome.report.counts()
        total.update(counts)
        new = [c for c in outcome.report.causes() if c.state == "new"]  # against a baseline: new since it
        why = f" ({tally(new)})" if new and (not baseline or outcome.report.baseline is not None) else ""
        lines.append(row(outcome.name, [str(counts.get(s, 0)) for s in statuses],
                         verdict(outcome, baseline=baseline) + why))
    lines.append(row("total", [str(total.get(s, 0)) for s in statuses], ""))
    return "\n".join(lines)


def overall_line(outcomes: list[TargetOutcome], code: int, *, baseline: bool = False) -> str:
    """The closing verdict: how many targets ended which way, and the exit status."""
    audited = [o for o in outcomes if o.report is not None]
    tally = Counter(verdict(o, baseline=baseline) for o in audited)
    parts = [f"{n} {word}" for word, n in sorted(tally.items(), key=lambda kv: (-kv[1], kv[0]))]
    skipped = len(outcomes) - len(audited)
    skipped_text = f" ({skipped} skipped)" if skipped else ""
    what = "audits of a target at a tier" if any(o.tier for o in outcomes) else "targets audited"
    return (
        f"overall: {len(audited)} of {len(outcomes)} {what}{skipped_text}: "
        f"{', '.join(parts) or 'none'}; exit {code}"
    )


def render(outcomes: list[TargetOutcome], code: int, *, baseline: bool = False) -> str:
    """The table and the overall line, as printed at the end of ``metric-assay audit``."""
    title = "== summary across targets" + (" (verdicts: violations the baseline did not have) ==" if baseline else " ==")
    return "\n".join([title, summary_table(outcomes, baseline=baseline), "", overall_line(outcomes, code, baseline=baseline)])
