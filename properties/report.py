"""Conformance reports: one target's results, stamped, rendered, compared.

A :class:`Report` holds a :class:`Signature` (what was audited, with what,
how) and one :class:`~properties.runner.Result` per property. It renders to
the terminal, JSON and Markdown, reads back from JSON, and two reports can be
diffed (target A vs B, or two versions of one library) or checked against a
baseline (only *new* violations count).
"""

from __future__ import annotations

import dataclasses
import json
import platform
from collections import Counter
from pathlib import Path

from .runner import STATUSES, Result

#: statuses that make an audit fail
VIOLATIONS = ("fail", "error")

STATUS_LABEL = {
    "pass": "pass",
    "fail": "FAIL",
    "error": "ERROR",
    "n/a": "n/a",
    "deviation": "known deviation",
    "fixed": "deviation fixed",
    "timeout": "timeout",
}


@dataclasses.dataclass
class Signature:
    target: str
    target_version: str
    import_path: str
    metric_assay_version: str
    profile: str
    seed: str
    python: str
    numpy: str
    hypothesis: str
    platform: str
    conventions: dict
    deviations_file: str | None

    @classmethod
    def collect(cls, target, *, profile: str, seed) -> "Signature":
        import hypothesis
        import numpy

        import metrics

        return cls(
            target=target.name,
            target_version=target.version,
            import_path=target.import_path,
            metric_assay_version=metrics.__version__,
            profile=profile,
            seed=str(seed),
            python=platform.python_version(),
            numpy=numpy.__version__,
            hypothesis=hypothesis.__version__,
            platform=f"{platform.system()}-{platform.machine()}",
            conventions=dict(target.conventions),
            deviations_file=target.deviations_file,
        )

    def one_line(self) -> str:
        return (
            f"target={self.target} {self.target_version} ({self.import_path}); "
            f"metric-assay {self.metric_assay_version}; profile={self.profile}; seed={self.seed}; "
            f"Python {self.python}, NumPy {self.numpy}, Hypothesis {self.hypothesis}"
        )


@dataclasses.dataclass
class Report:
    signature: Signature
    results: list[Result]
    unmatched_deviations: list[str] = dataclasses.field(default_factory=list)

    # ------------------------------------------------------------ queries
    def counts(self) -> Counter:
        return Counter(r.status for r in self.results)

    def by_status(self, *statuses: str) -> list[Result]:
        return [r for r in self.results if r.status in statuses]

    def violations(self) -> list[Result]:
        return self.by_status(*VIOLATIONS)

    def families(self) -> list[str]:
        return sorted({r.family for r in self.results})

    # ------------------------------------------------------------ JSON
    def to_dict(self) -> dict:
        return {
            "signature": dataclasses.asdict(self.signature),
            "summary": {s: self.counts().get(s, 0) for s in STATUSES},
            "unmatched_deviations": list(self.unmatched_deviations),
            "results": [r.to_dict() for r in self.results],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=False) + "\n"

    @classmethod
    def from_dict(cls, data: dict) -> "Report":
        results = [
            Result(**{**r, "metrics": tuple(r["metrics"])}) for r in data["results"]
        ]
        return cls(
            signature=Signature(**data["signature"]),
            results=results,
            unmatched_deviations=list(data.get("unmatched_deviations", [])),
        )

    @classmethod
    def load(cls, path: str | Path) -> "Report":
        return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))

    # ------------------------------------------------------------ text
    def summary_line(self) -> str:
        c = self.counts()
        parts = [f"{c.get(s, 0)} {STATUS_LABEL[s]}" for s in STATUSES if c.get(s, 0)]
        return ", ".join(parts) or "no properties"

    def family_table(self) -> list[tuple[str, Counter]]:
        rows = []
        for family in self.families():
            rows.append((family, Counter(r.status for r in self.results if r.family == family)))
        return rows

    def to_terminal(self, *, verbose: bool = False) -> str:
        sig = self.signature
        lines = [f"== metric-assay conformance: {sig.target} {sig.target_version} ==", sig.one_line(), ""]
        header = f"{'family':<16}" + "".join(f"{STATUS_LABEL[s]:>17}" for s in STATUSES)
        lines.append(header)
        for family, c in self.family_table():
            lines.append(f"{family:<16}" + "".join(f"{c.get(s, 0):>17}" for s in STATUSES))
        lines.append("")
        for r in self.violations():
            lines.append(_failure_text(r))
            lines.append("")
        for r in self.by_status("fixed"):
            lines.append(f"DEVIATION FIXED {r.property_id}: {r.detail}")
        for pid in self.unmatched_deviations:
            lines.append(f"WARNING: deviation {pid!r} matches no property")
        if verbose:
            for r in self.by_status("deviation"):
                lines.append(f"known deviation {r.property_id}: {r.detail.splitlines()[0]}")
        lines.append(f"{sig.target}: {self.summary_line()}")
        return "\n".join(lines)

    # ------------------------------------------------------------ Markdown
    def to_markdown(self) -> str:
        sig = self.signature
        out = [
            f"# Conformance report: `{sig.target}` {sig.target_version}",
            "",
            f"Generated by metric-assay {sig.metric_assay_version} — profile `{sig.profile}`, seed `{sig.seed}`, "
            f"Python {sig.python}, NumPy {sig.numpy}, Hypothesis {sig.hypothesis}, {sig.platform}.",
            f"Target import path: `{sig.import_path}`.",
            "",
            f"**Summary:** {self.summary_line()}.",
            "",
        ]
        if sig.conventions:
            out += ["## Declared conventions", ""]
            out += [f"- `{k}`: {v}" for k, v in sorted(sig.conventions.items())]
            out.append("")
        out += ["## By family", "", "| family | " + " | ".join(STATUS_LABEL[s] for s in STATUSES) + " |"]
        out.append("|---|" + "---:|" * len(STATUSES))
        for family, c in self.family_table():
            out.append(f"| {family} | " + " | ".join(str(c.get(s, 0)) for s in STATUSES) + " |")
        out.append("")
        out += ["## By metric", "", "| metric | pass | fail/error | n/a | known deviation |", "|---|---:|---:|---:|---:|"]
        per_metric: dict[str, Counter] = {}
        for r in self.results:
            for m in r.metrics:
                per_metric.setdefault(m, Counter())[r.status] += 1
        for m in sorted(per_metric):
            c = per_metric[m]
            out.append(
                f"| `{m}` | {c['pass'] + c['fixed']} | {c['fail'] + c['error']} | {c['n/a']} | {c['deviation']} |"
            )
        out.append("")
        out += ["## Properties", "", "| property | kind | metrics | result | note |", "|---|---|---|---|---|"]
        for r in self.results:
            note = _md_cell(r.detail.splitlines()[0] if r.detail else (f"{r.examples} examples" if r.examples else ""))
            out.append(
                f"| `{r.property_id}` | {r.kind} | {', '.join(r.metrics)} | {STATUS_LABEL[r.status]} | {note} |"
            )
        out.append("")
        failures = self.violations() + self.by_status("deviation")
        if failures:
            out += ["## Counterexamples", ""]
            for r in failures:
                out += [f"### `{r.property_id}` — {STATUS_LABEL[r.status]}", "", r.statement, "", "```text"]
                out.append(_failure_body(r))
                out += ["```", ""]
        if self.unmatched_deviations:
            out += ["## Deviations that match no property", ""]
            out += [f"- `{pid}`" for pid in self.unmatched_deviations]
            out.append("")
        return "\n".join(out)

    def write(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".json":
            path.write_text(self.to_json(), encoding="utf-8")
        elif path.suffix in (".md", ".markdown"):
            path.write_text(self.to_markdown(), encoding="utf-8")
        else:
            raise ValueError(f"--report: unknown report format {path.suffix!r}; use .json or .md")
        return path


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")[:160]


def _failure_body(r: Result) -> str:
    parts = [r.detail]
    if r.counterexample:
        parts.append(r.counterexample)
    if r.reproduction:
        parts.append(r.reproduction)
    return "\n".join(parts)


def _failure_text(r: Result) -> str:
    body = "\n".join("    " + line for line in _failure_body(r).splitlines())
    return f"{STATUS_LABEL[r.status]} {r.property_id}: {r.statement}\n{body}"


def format_failure(r: Result) -> str:
    """The message a failing property shows in pytest and in the terminal report."""
    return f"{r.property_id}: {r.statement}\n{_failure_body(r)}"


# ---------------------------------------------------------------- comparing reports


@dataclasses.dataclass
class Change:
    property_id: str
    before: str
    after: str


def diff(before: Report, after: Report) -> list[Change]:
    """Properties whose status differs between two reports (missing counts as 'absent')."""
    a = {r.property_id: r.status for r in before.results}
    b = {r.property_id: r.status for r in after.results}
    return [
        Change(pid, a.get(pid, "absent"), b.get(pid, "absent"))
        for pid in sorted(set(a) | set(b))
        if a.get(pid, "absent") != b.get(pid, "absent")
    ]


def new_violations(report: Report, baseline: Report) -> list[Result]:
    """Violations in ``report`` that the baseline did not already have."""
    old = {r.property_id for r in baseline.results if r.status in VIOLATIONS + ("deviation",)}
    return [r for r in report.violations() if r.property_id not in old]
