"""Issue texts: each new cause of a report as a Markdown file a user can file upstream.

``metric-assay report --issues DIR REPORT.json`` writes one file per cause no listed deviation covers
(:mod:`properties.engine.verdict.causes`), named by its number and a slug of its title (``01-f1-precision-wrong-value.md``).
Each reads, for the library's maintainers rather than for metric-assay's users:

- a title: the library, the metrics that failed, what they do;
- the library's own call and what it returned (the ``library:`` lines the adapter noted in the representative's
  reproduction, see :mod:`properties.engine.vocabulary.reproduce`; the adapter's call when it noted none);
- what the definition and the references give: the property's statement and the check's detail (expected vs got);
- the full reproduction through the adapter, the property id and finding class, the cause's other findings;
- the versions: the library, Python, NumPy, metric-assay (the report's signature).
"""

from __future__ import annotations

import re
from pathlib import Path

from properties.engine.verdict import causes as causes_mod

#: the first line of every file written, so that a new export replaces the files of an older one and nothing else
MARKER = "<!-- written by metric-assay report --issues -->"

#: other findings of a cause listed in its file
MAX_OTHERS = 30

_LIBRARY = "#   library: "
_LIBRARY_OUTCOME = re.compile(r"^(.*\)) (-> .*|raised .*)$")
_SLUG_DROP = re.compile(r"[^a-z0-9]+")
_NUMBERED = re.compile(r"^\d{2,}-[a-z0-9-]*\.md$")


def slug(text: str, limit: int = 60) -> str:
    """``f1, precision: wrong value, returns nan`` -> ``f1-precision-wrong-value-returns-nan`` (cut at a word)."""
    text = _SLUG_DROP.sub("-", text.lower()).strip("-")
    if len(text) > limit:
        text = text[:limit].rsplit("-", 1)[0]
    return text or "cause"


def library_calls(reproduction: str) -> list[str]:
    """The library calls a reproduction shows (its ``library:`` comment lines), as Python with the outcome as a
    comment: ``mylib.recall(...)  # -> tensor(0.25)``."""
    out = []
    for line in (reproduction or "").splitlines():
        stripped = line.strip()
        if not stripped.startswith(_LIBRARY.strip()):
            continue
        text = stripped[len(_LIBRARY.strip()):].strip()
        found = _LIBRARY_OUTCOME.match(text)
        out.append(f"{found.group(1)}  # {found.group(2)}" if found else text)
    return out


def _fence(text: str, info: str = "") -> list[str]:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return [ticks + info, text.rstrip("\n"), ticks]


def issue_text(cause, report) -> str:
    """The Markdown issue of one cause of ``report`` (:class:`~properties.engine.report.audit_report.Report`)."""
    from properties.engine.vocabulary.markdown import md_code, md_text
    from properties.engine.vocabulary.pasteable import calls_of
    from properties.engine.vocabulary.results import fingerprint

    sig = report.signature
    rep = cause.representative
    statements = {r.property_id: r.statement for r in report.results}
    library = library_calls(rep.reproduction)
    lines = [MARKER, f"# {md_text(sig.target)}: {md_text(cause.title(checks=False))}", ""]
    props = cause.properties
    lines += [f"Found by metric-assay {md_text(sig.metric_assay_version)} "
              f"auditing {md_text(sig.target)} {md_text(sig.target_version)}: {cause.severity or 'a failure'}, "
              f"{len(cause.members)} finding{'s' if len(cause.members) != 1 else ''} in {len(props)} "
              f"propert{'ies' if len(props) != 1 else 'y'} that one decision of the library most likely explains.",
              ""]
    if library:
        lines += [f"## The call to {md_text(sig.target)} and what it returns", ""]
        lines += _fence("\n".join(library), "python") + [""]
    else:
        shown = calls_of(rep.reproduction)
        lines += ["## The call and what it returns", "",
                  "The adapter noted no library call; its call (the adapter passes the arguments on):", ""]
        lines += (_fence("\n".join(shown), "python") if shown else ["(no call recorded)"]) + [""]
    lines += ["## What the definition and the references give", ""]
    statement = statements.get(rep.property_id, "")
    if statement:
        lines += [f"The property {md_code(rep.property_id)}: {md_text(statement)}", ""]
    lines += _fence((rep.detail or "(no detail)").strip(), "text") + [""]
    if rep.reproduction:
        lines += ["## Reproduction", "", "Through metric-assay's adapter (every line is Python):", ""]
        lines += _fence(rep.reproduction, "python") + [""]
    lines += ["## Where it was found", "",
              f"- property and finding class: {md_code(fingerprint(rep.property_id, rep.finding_class))}"]
    failed = cause.failed_metrics
    if failed:
        lines.append(f"- metrics that failed: {', '.join(md_code(m) for m in failed)}")
    others = [m for m in cause.members if m is not rep]
    if others:
        lines.append(f"- the cause's other findings ({len(others)}):")
        for m in others[:MAX_OTHERS]:
            lines.append(f"  - {md_code(fingerprint(m.property_id, m.finding_class))} ({m.severity or m.status})")
        if len(others) > MAX_OTHERS:
            lines.append(f"  - and {len(others) - MAX_OTHERS} more")
    lines += ["", "## Versions", "",
              f"- {md_text(sig.target)} {md_text(sig.target_version)} (audited as {md_code(sig.import_path)})",
              f"- Python {md_text(sig.python)}, NumPy {md_text(sig.numpy)}, on {md_text(sig.platform)}",
              f"- metric-assay {md_text(sig.metric_assay_version)} (spec {md_text(sig.spec_version)}), "
              f"profile {md_text(sig.profile)}, seed {md_text(sig.seed)}", ""]
    return "\n".join(lines)


def issue_files(report) -> list[tuple[str, str]]:
    """(file name, text) of each new cause of ``report``, in the report's order (worst first)."""
    new = [c for c in report.causes() if not c.known]
    width = max(2, len(str(len(new))))
    return [(f"{i:0{width}d}-{slug(c.title(checks=False))}.md", issue_text(c, report)) for i, c in enumerate(new, 1)]


def write_issues(report, folder: Path) -> list[Path]:
    """Write :func:`issue_files` into ``folder`` (made if missing), first removing the files an earlier export
    wrote there (numbered, starting with :data:`MARKER`); returns the paths written."""
    from properties.engine.report.audit_report import write_atomically

    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        if old.is_file() and _NUMBERED.match(old.name):
            try:
                with old.open(encoding="utf-8") as handle:
                    first = handle.readline().strip()
            except (OSError, UnicodeDecodeError):
                continue
            if first == MARKER:
                old.unlink()
    written = []
    for name, text in issue_files(report):
        path = folder / name
        write_atomically(path, text)
        written.append(path)
    return written
