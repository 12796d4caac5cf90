"""``metric-assay deviations``: a deviations file written from an audit, one scoped line per finding (the findings of one property that share a reason on one line).

This is how a library with dozens of findings adopts metric-assay as a CI guard: audit it, write every
finding as a line naming its class (``property.id {class}  # reason``), fill in the reasons, and from
then on the audit fails only on findings the file does not name. Each finding's counterexample is
pinned next to the file (:mod:`properties.engine.vocabulary.pins`), so that the listed findings are reached on
every run whatever the random draws do.
"""

from __future__ import annotations

from pathlib import Path

from properties.engine.vocabulary import findings
from properties.engine.vocabulary.pins import pins_text
from properties.engine.target.deviation_files import pins_path, read_deviation_scopes
from properties.engine.report.audit_report import Report, write_atomically

#: the statuses a deviations file can list (the others are the audit's own trouble: budget, spec error)
_LISTABLE = ("fail", "error", "crash", "hang", "memory", "mutation", "nondeterministic", "deviation")

TODO = "TODO: why"


def _records(r) -> list[dict]:
    if r.findings:
        return list(r.findings)
    return [dict(finding_class=r.finding_class or findings.WHOLE_PROPERTY, detail=r.detail, severity=r.severity,
                 example=r.example)]


#: marks a reason carried over from a line that covered a whole property to one of several classes found in it:
#: that line was written for the one finding its search showed, and may not describe this one
CARRIED = "(carried over from a line covering the whole property: check it describes this class) "


def _reason(pid: str, cls: str, earlier: dict, classes: int) -> str | None:
    for pattern, reason in earlier.get(pid, {}).items():
        if findings.matches(pattern, cls) and not reason.startswith(TODO):
            if pattern == findings.WHOLE_PROPERTY and classes > 1 and not reason.startswith(CARRIED):
                return CARRIED + reason
            return reason
    return None


def scoped_deviations(report: Report, earlier: dict | None = None) -> tuple[list[str], dict, list[str]]:
    """The lines of a deviations file for every finding of ``report``, the pins, and the findings that
    could not be pinned. ``earlier`` (property id -> pattern -> reason) carries reasons over."""
    earlier = earlier or {}
    entries, pins, unpinned = [], {}, []
    for r in sorted(report.results, key=lambda r: r.property_id):
        if r.status not in _LISTABLE:
            continue
        records = _records(r)
        for f in sorted(records, key=lambda f: f["finding_class"]):
            cls = f["finding_class"]
            first = (f.get("detail") or "").strip().splitlines()
            summary = (first[0] if first else "").removeprefix("known deviation: ")
            reason = _reason(r.property_id, cls, earlier, len(records))
            if reason is None:
                reason = f"{TODO} ({f.get('severity') or r.status}: {summary[:160]})"
            entries.append((r.property_id, cls, reason))
            if f.get("example") is not None:
                pins.setdefault(r.property_id, {})[cls] = f["example"]
            elif cls != findings.WHOLE_PROPERTY:
                unpinned.append(f"{r.property_id}{{{cls}}}")
    return _grouped(entries), pins, unpinned


def _grouped(entries: list[tuple[str, str, str]]) -> list[str]:
    """One line per property and reason: the classes of one property that one reason explains (one refusal
    met on several kinds of input) in one pair of braces, each still covering only itself."""
    by: dict[tuple[str, str], list[str]] = {}
    for pid, cls, reason in entries:
        by.setdefault((pid, reason), []).append(cls)
    return [f"{findings.scoped_text(pid, classes)}  # {reason}" for (pid, reason), classes in by.items()]


def finding_count(lines: list[str]) -> int:
    """How many findings the lines of a deviations file name (a line may name several)."""
    total = 0
    for line in lines:
        parsed = findings.parse_scoped(line.split("  # ", 1)[0])
        total += len(parsed[1]) if parsed else 0
    return total


def _leading_comments(path: str) -> list[str]:
    """The comment block an older file opens with (what its lines have in common: versions, call conventions)."""
    kept = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            break
        kept.append(line)
    while kept and not kept[-1].strip():
        kept.pop()
    return kept + [""] if kept else []


def write_deviations(report_path: str, out: str, *, merge: str | None = None) -> tuple[int, int, list[str]]:
    """Write ``out`` and its pins from the report at ``report_path``; (findings, pins, unpinned findings)."""
    report = Report.load(report_path)
    earlier = read_deviation_scopes(merge) if merge else {}
    lines, pins, unpinned = scoped_deviations(report, earlier)
    sig = report.signature
    out_path = Path(out)
    header = [
        f"# Known deviations of {sig.target} {sig.target_version}: the findings of one property and reason per line, written by",
        f"# `metric-assay deviations` from {Path(report_path).name} (spec {sig.spec_version}, profile {sig.profile}).",
        "# A line: the property id, {the finding classes it covers}, then # the reason. A finding of another",
        "# class in the same property is a new violation. Replace every TODO with the reason (a documented",
        f"# convention, a known bug). The pinned counterexamples are in {pins_path(out_path).name}.",
        "",
    ]
    kept = _leading_comments(merge) if merge else []
    out_path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(out_path, "\n".join(header + kept + lines) + "\n")
    write_atomically(pins_path(out_path), pins_text(pins))
    return finding_count(lines), sum(len(v) for v in pins.values()), unpinned

