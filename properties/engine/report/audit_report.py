"""Conformance reports: one target's results, stamped, rendered, compared.

A :class:`Report` holds a :class:`Signature` (what was audited, with what,
how) and one :class:`~properties.engine.vocabulary.results.Result` per property. It renders to
the terminal, JSON and Markdown, reads back from JSON, and two reports can be
diffed (target A vs B, or two versions of one library) or checked against a
baseline (only *new* violations count).
"""

from __future__ import annotations


import dataclasses
import datetime
import hashlib
import json
import os
import platform
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

from properties.engine.vocabulary import ids
from properties.engine.vocabulary.results import Result, STATUSES, truncate, truncate_reproduction, VIOLATIONS
from properties.engine.verdict import baseline as baseline_mod, causes as causes_mod, coverage as coverage_mod

from properties.engine.vocabulary.markdown import _longest_backtick_run, md_code, md_text
from properties.engine.vocabulary.results import fingerprint, STATUS_LABEL
from properties.engine.vocabulary.severity import rank as severity_rank

#: statuses of a property that ran against the target to a verdict
VERDICTS = ("pass", "fail", "error", "crash", "hang", "memory", "mutation", "nondeterministic", "deviation",
            "fixed")

#: exit status of ``metric-assay audit`` (documented in the README)
EXIT_CLEAN, EXIT_VIOLATIONS, EXIT_USAGE, EXIT_NOTHING_VERIFIED = 0, 1, 2, 3
EXIT_INTERRUPTED = 130

#: how much of one failure the terminal and the Markdown report show
SHOWN_TEXT_LIMIT = 1500

REPORT_FORMATS = (".json", ".md", ".markdown")

#: what ``--fail-on`` can add to the findings that fail a run: ``rounding``, the rounding-level ones
FAIL_ON = ("rounding",)


def rounding_only(r: Result) -> bool:
    """Whether a failed property's every new finding is *rounding-level*: a discrepancy of the order of the
    target's floating-point rounding, reported but failing the run only with ``--fail-on rounding``."""
    if r.status != "fail":
        return False
    severities = {f.get("severity") for f in r.findings if not f.get("known")} or {r.severity}
    return severities == {"rounding-level"}


class ReportFileError(ValueError):
    """A report or baseline file that cannot be read, or a path that cannot be written."""


def spec_version(properties) -> str:
    """metric-assay's version and a fingerprint of the property ids: two reports with the
    same spec version checked the same properties under the same names."""
    import metrics

    digest = hashlib.sha256("\n".join(sorted(p.id for p in properties)).encode()).hexdigest()[:12]
    return f"{metrics.__version__}+{digest}"


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
    spec_version: str = "unknown"
    families: list = dataclasses.field(default_factory=list)
    #: the precision declared for the target (adapter or command line) and any command-line tolerances
    precision: str = ""
    #: the tier the properties came from (``standard`` or ``large``)
    tier: str = "standard"
    #: the target's known deviations: property id -> the reason given for it
    deviations: dict = dataclasses.field(default_factory=dict)
    #: when the audit ran (UTC, ISO 8601 to the second); "" in reports written before it was recorded
    created: str = ""
    #: the adapter's declared conventions, domains and tie rules, one line each, starting with the name
    #: the results list it under (:meth:`~properties.engine.target.loading.Target.declared_conventions`)
    declarations: list = dataclasses.field(default_factory=list)

    @classmethod
    def collect(cls, target, *, profile: str, seed, properties=None) -> "Signature":
        import hypothesis
        import numpy

        import metrics

        from properties.engine.vocabulary.registry import conformance_properties

        selected = list(properties) if properties is not None else conformance_properties()
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
            spec_version=spec_version(selected),
            families=sorted({p.family for p in selected}),
            precision=_declared_precision(target),
            tier=_tier_of(selected),
            deviations=dict(target.deviations),
            created=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            declarations=list(target.declared_conventions()) if hasattr(target, "declared_conventions") else [],
        )

    @classmethod
    def from_dict(cls, data: dict) -> "Signature":
        known = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def one_line(self) -> str:
        tier = "" if self.tier == "standard" else f"tier={self.tier}; "
        return (
            f"target={self.target} {self.target_version} ({self.import_path}); "
            f"metric-assay {self.metric_assay_version} (spec {self.spec_version}); {tier}profile={self.profile}; "
            f"seed={self.seed}; Python {self.python}, NumPy {self.numpy}, Hypothesis {self.hypothesis}"
        )


def _tier_of(properties) -> str:
    tiers = sorted({getattr(p, "tier", "standard") for p in properties})
    return "+".join(tiers) if tiers else "standard"


def _declared_precision(target) -> str:
    from properties.engine.vocabulary import precision

    cli = precision.CLI
    declared = cli.get("precision") or target.precision
    parts = [f"declared {declared}" + (" (command line)" if cli.get("precision") else " (adapter)")] if declared else []
    if cli.get("rtol") or cli.get("atol"):
        parts.append(f"tolerances at least rtol={cli.get('rtol') or 0:g}, atol={cli.get('atol') or 0:g}")
    return "; ".join(parts)


@dataclasses.dataclass
class Report:
    signature: Signature
    results: list[Result]
    unmatched_deviations: list[str] = dataclasses.field(default_factory=list)
    #: listed property ids whose deviation names no finding class (it covers the whole property)
    unscoped_deviations: list[str] = dataclasses.field(default_factory=list)
    #: listed ``property.id {pattern}`` lines whose reason is still a TODO (:meth:`Target.untriaged_deviations`)
    untriaged_deviations: list[str] = dataclasses.field(default_factory=list)
    #: True when the audit was interrupted; ``not_run`` lists what it did not reach
    incomplete: bool = False
    not_run: list[str] = dataclasses.field(default_factory=list)
    #: the file the report was read from ("" for a report made in this process)
    source: str = dataclasses.field(default="", compare=False)
    #: what is new, fixed or gone since the baseline the report was compared with (:meth:`against`), or None
    baseline: "baseline_mod.Comparison | None" = dataclasses.field(default=None, compare=False)
    #: what fails the run beyond the violations of other severities (:data:`FAIL_ON`; ``--fail-on``)
    fail_on: tuple = dataclasses.field(default=(), compare=False)
    #: where the properties ran when not in the local pool: backend, cluster, workers, hosts, batches, and the
    #: batches that ran again after a lost worker (:mod:`properties.engine.isolation.cluster`); not part of the verdict
    ran_on: dict = dataclasses.field(default_factory=dict, compare=False)

    # ------------------------------------------------------------ queries
    def counts(self) -> Counter:
        return Counter(r.status for r in self.results)

    def by_status(self, *statuses: str) -> list[Result]:
        return [r for r in self.results if r.status in statuses]

    def violations(self) -> list[Result]:
        """The violations, worst first (:data:`~properties.engine.vocabulary.severity.SEVERITIES`), so that a maintainer
        reads the real bugs first."""
        return sorted(self.by_status(*VIOLATIONS), key=lambda r: severity_rank(r.severity))

    def causes(self) -> list:
        """The findings grouped by cause, worst first (:mod:`properties.engine.verdict.causes`)."""
        return causes_mod.causes(self.results, self.baseline.in_baseline if self.baseline else None)

    def against(self, baseline: "Report", file: str = "") -> "Report":
        """This report compared with ``baseline`` (read from ``file``): its findings labelled new, in
        baseline or listed, what is new, fixed or gone in :attr:`baseline` (:mod:`properties.engine.verdict.baseline`)."""
        comparison = baseline_mod.compare(self, baseline, file or baseline.source)
        baseline_mod.mark(self, comparison)
        self.baseline = comparison
        return self

    def coverage(self) -> "coverage_mod.Coverage":
        """Per provided metric, the properties that reached a verdict of those that apply."""
        return coverage_mod.Coverage.of(self.results)

    def provided_metrics(self) -> set[str]:
        """The metrics the target has: those of every property that got past "target does not provide"."""
        return {m for r in self.results if coverage_mod.kind_of(r.status, r.detail) != "not provided"
                for m in r.metrics}

    def not_provided(self) -> list[Result]:
        """The properties n/a because the target provides none of the metrics they touch. The Markdown and HTML
        reports count them (:meth:`not_provided_by_family`) instead of listing them; the JSON has every one."""
        provided = self.provided_metrics()
        return [r for r in self.results if coverage_mod.kind_of(r.status, r.detail) == "not provided"
                and not provided.intersection(r.metrics)]

    def not_provided_by_family(self) -> list[tuple[str, int, list[str]]]:
        """Per family: how many of its properties are n/a for want of their metrics, and those metrics."""
        provided = self.provided_metrics()
        counts: Counter = Counter()
        names: dict[str, set[str]] = {}
        for r in self.not_provided():
            counts[r.family] += 1
            names.setdefault(r.family, set()).update(m for m in r.metrics if m not in provided)
        return [(family, counts[family], sorted(names[family])) for family in sorted(counts)]

    def not_provided_line(self) -> str:
        """``2746 properties n/a: the target does not provide 175 of their metrics`` ('' when it has them all)."""
        skipped = self.not_provided()
        if not skipped:
            return ""
        missing = {m for r in skipped for m in r.metrics} - self.provided_metrics()
        return (f"{len(skipped)} propert{'ies' if len(skipped) != 1 else 'y'} n/a: the target does not provide "
                f"{len(missing)} metric{'s' if len(missing) != 1 else ''} they check")

    def declarations_applied(self) -> list[tuple[str, str, list[str]]]:
        """Each declared convention, domain and tie rule once: (name, its line, the properties it touched)."""
        out = []
        for line in self.signature.declarations:
            name = line.split(": ", 1)[0]
            touched = sorted(r.property_id for r in self.results if name in r.conventions)
            out.append((name, line, touched))
        return out

    def declarations_text(self) -> list[str]:
        """One line per declaration: what it says and how many properties it changed."""
        lines = []
        for name, line, touched in self.declarations_applied():
            shown = ", ".join(touched[:3]) + (f" and {len(touched) - 3} more" if len(touched) > 3 else "")
            lines.append(f"declared {line}: applied in {len(touched)} propert{'ies' if len(touched) != 1 else 'y'}"
                         + (f" ({shown})" if touched else ""))
        return lines

    def severity_counts(self) -> Counter:
        return Counter(r.severity or "other" for r in self.by_status(*VIOLATIONS))

    def precision_line(self) -> str:
        """What precision the comparisons assumed: the adapter's declared one (its inputs cast, its results
        not necessarily lower), or a lower precision the target's results came back in."""
        seen = Counter(r.precision for r in self.results if r.status not in ("n/a",))
        lower = sorted(p for p in seen if p != "float64")
        declared = re.search(r"declared (\w+)", self.signature.precision or "")
        parts = [(f"compared at {p}, as declared ({seen[p]} properties)" if declared and declared.group(1) == p
                  else f"results returned in {p} ({seen[p]} properties)") for p in lower]
        model = "float64 throughout" if not lower else (
            ", ".join(parts) + ": tolerances widened to that precision's rounding")
        return f"precision: {model}; {self.signature.precision or 'no precision declared'}"

    def verified(self) -> int:
        """How many properties ran against the target to a verdict."""
        return len(self.by_status(*VERDICTS))

    def families(self) -> list[str]:
        return sorted({r.family for r in self.results})

    def exit_code(self, violations: list[Result] | None = None, *, fail_on=None) -> int:
        """0 clean, 1 violations, 3 nothing verified, 130 interrupted (see the README's table). A property whose
        only new findings are rounding-level is no violation of the run unless ``fail_on`` (default: the
        report's ``fail_on``) holds ``"rounding"``."""
        if self.incomplete:
            return EXIT_INTERRUPTED
        if not self.verified():
            return EXIT_NOTHING_VERIFIED
        if self.failing(self.violations() if violations is None else violations, fail_on=fail_on):
            return EXIT_VIOLATIONS
        return EXIT_CLEAN

    def failing(self, violations: list[Result], *, fail_on=None) -> list[Result]:
        """The ``violations`` that fail the run: all but the rounding-level-only ones, unless asked."""
        fail_on = self.fail_on if fail_on is None else tuple(fail_on)
        return [r for r in violations if "rounding" in fail_on or not rounding_only(r)]

    def rounding_level(self) -> list[Result]:
        """The failed properties whose every new finding is rounding-level."""
        return [r for r in self.by_status("fail") if rounding_only(r)]

    def _rounding_note(self) -> str:
        rounding = self.rounding_level()
        if not rounding:
            return ""
        how = ("failing the run (--fail-on rounding)" if "rounding" in self.fail_on
               else "reported, not failing the run (--fail-on rounding fails it)")
        return f"{len(rounding)} FAIL rounding-level only: {how}"

    def ran_on_lines(self) -> list[str]:
        """Where the properties ran, when not in the local pool, and every batch that ran again."""
        where = self.ran_on
        if not where:
            return []
        lines = [f"ran on {where.get('backend')} {where.get('cluster')}: {where.get('batches')} batch(es) on "
                 f"{len(where.get('workers', []))} worker(s), host(s) {', '.join(where.get('hosts', [])) or '-'}"]
        for rerun in where.get("reruns", []):
            lines.append(f"RE-RAN {rerun['batch']} after the loss of the Dask worker(s) "
                         f"{', '.join(rerun['lost_workers'])}, on {rerun['ran_again_on']}: "
                         f"{len(rerun['properties'])} properties ({', '.join(rerun['properties'])})")
        return lines

    # ------------------------------------------------------------ JSON
    def to_dict(self) -> dict:
        return {
            "signature": dataclasses.asdict(self.signature),
            "summary": {s: self.counts().get(s, 0) for s in STATUSES},
            "incomplete": self.incomplete,
            "not_run": list(self.not_run),
            "unmatched_deviations": list(self.unmatched_deviations),
            "unscoped_deviations": list(self.unscoped_deviations),
            "untriaged_deviations": list(self.untriaged_deviations),
            "causes": [c.to_dict() for c in self.causes()],
            "declarations": [{"name": n, "text": line, "properties": touched}
                             for n, line, touched in self.declarations_applied()],
            "coverage": self.coverage().to_dict(),
            **({"baseline": self.baseline.to_dict()} if self.baseline else {}),
            **({"ran_on": self.ran_on} if self.ran_on else {}),
            "results": [r.to_dict() for r in self.results],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=False, default=repr) + "\n"

    @classmethod
    def from_dict(cls, data: dict, *, source: str = "") -> "Report":
        results = [Result.from_dict(r) for r in data["results"]]
        renamed = [r for r in results if r.property_id in ids.aliases()]
        if renamed:  # a report written before the ids were renamed: read it under the new ids
            first = renamed[0].property_id
            print(
                f"metric-assay: {len(renamed)} property id(s) in {source or 'a report'} were renamed "
                f"(e.g. {first!r} is now {ids.aliases()[first]!r}); read under the new ids",
                file=sys.stderr,
            )
            for r in renamed:
                r.property_id = ids.aliases()[r.property_id]
        return cls(
            signature=Signature.from_dict(data["signature"]),
            results=results,
            unmatched_deviations=list(data.get("unmatched_deviations", [])),
            unscoped_deviations=list(data.get("unscoped_deviations", [])),
            untriaged_deviations=list(data.get("untriaged_deviations", [])),
            incomplete=bool(data.get("incomplete", False)),
            not_run=list(data.get("not_run", [])),
            baseline=baseline_mod.Comparison.from_dict(data["baseline"]) if data.get("baseline") else None,
            ran_on=dict(data.get("ran_on") or {}),
        )

    @classmethod
    def load(cls, path: str | Path) -> "Report":
        path = Path(path)
        try:
            report = cls.from_dict(json.loads(path.read_text(encoding="utf-8")), source=str(path))
            report.source = str(path)
            return report
        except FileNotFoundError:
            raise ReportFileError(f"report file {str(path)!r} does not exist") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise ReportFileError(f"cannot read report file {str(path)!r}: {exc}") from None
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise ReportFileError(f"{str(path)!r} is not a metric-assay JSON report ({type(exc).__name__}: {exc})") from None

    # ------------------------------------------------------------ text
    def summary_line(self) -> str:
        """Causes first (new ones by severity, worst first; then the listed), then the properties by status."""
        c = self.counts()
        parts = [f"{c.get(s, 0)} {STATUS_LABEL[s]}" for s in STATUSES if c.get(s, 0)]
        text = (f"{causes_mod.summary_text(self.causes(), baseline=self.baseline is not None)}; properties: "
                + (", ".join(parts) or "none"))
        if self.rounding_level():
            text += f"; {self._rounding_note()}"
        low = self.coverage().low()
        if low:
            text += f"; {len(low)} provided metric{'s' if len(low) != 1 else ''} under half checked"
        if self.incomplete:
            text += f" (INCOMPLETE: interrupted, {len(self.not_run)} not run)"
        return text

    def family_table(self) -> list[tuple[str, Counter]]:
        rows = []
        for family in self.families():
            rows.append((family, Counter(r.status for r in self.results if r.family == family)))
        return rows

    def _shown_statuses(self) -> list[str]:
        present = set(self.counts())
        return [s for s in STATUSES if s in present or s in ("pass", "fail", "n/a")]

    def to_terminal(self, *, verbose: bool = False, compact: bool = False) -> str:
        """The terminal report. ``compact`` (one of several targets) leaves out the per-family table and the
        spec's counts, which the summary across targets and the written reports carry; never a failure."""
        sig = self.signature
        lines = [f"== metric-assay conformance: {sig.target} {sig.target_version} ==", sig.one_line(),
                 self.precision_line(), *self.ran_on_lines(), ""]
        if not compact:
            shown = self._shown_statuses()
            width = max(len(STATUS_LABEL[s]) for s in shown) + 2
            lines.append(f"{'family':<16}" + "".join(f"{STATUS_LABEL[s]:>{width}}" for s in shown))
            for family, c in self.family_table():
                lines.append(f"{family:<16}" + "".join(f"{c.get(s, 0):>{width}}" for s in shown))
            lines.append("")
        declared = self.declarations_text()
        if declared:
            lines += declared + [""]
        lines += self._cause_lines(verbose=verbose)
        failing = self.failing(self.violations())
        if failing:
            lines += ["== every violating property, worst first ==", ""]
        for r in failing:
            lines.append(_failure_text(r))
            lines.append("")
        reported = [] if "rounding" in self.fail_on else self.rounding_level()
        if reported:
            lines += ["== rounding-level findings: reported, not failing the run (--fail-on rounding fails it) ==", ""]
        for r in reported:
            lines.append(_failure_text(r))
            lines.append("")
        for r in self.by_status("fixed"):
            lines.append(f"DEVIATION FIXED {r.property_id}: {r.detail}")
        for pid in self.unmatched_deviations:
            lines.append(f"WARNING: deviation {pid!r} matches no property")
        if self.unscoped_deviations:
            lines.append(unscoped_warning(self.unscoped_deviations))
        if self.untriaged_deviations:
            lines.append(untriaged_warning(self.untriaged_deviations))
        if verbose:
            for r in self.by_status("deviation"):
                lines.append(f"known deviation {r.property_id}: {r.detail.splitlines()[0]}")
        if self.incomplete:
            lines.append(f"INCOMPLETE: the audit was interrupted; {len(self.not_run)} properties did not run")
        coverage = self.coverage()
        if coverage.low():
            lines.append(coverage.low_text())
        if coverage.skipped_text():
            lines.append(coverage.skipped_text())
        if not compact:
            lines.append(_claims_note())
        lines.append(f"{sig.target}: {self.summary_line()}")
        return "\n".join(lines)

    def _cause_lines(self, *, verbose: bool) -> list[str]:
        """The causes, worst first: every new one with a reproduction; those in the baseline and the listed
        ones a line each (verbose)."""
        found = self.causes()
        new = [c for c in found if c.state == "new"]
        lines: list[str] = []
        if new:
            what = "new since the baseline" if self.baseline else "not covered by a listed deviation"
            lines += [f"== {causes_mod.tally(new)} {what}, worst first ==", ""]
            for i, c in enumerate(new, 1):
                lines += causes_mod.cause_lines(c, i) + [""]
        number = len(new) + 1
        for state, what in (("baseline", "in the baseline"), ("listed", "listed as deviations")):
            shown = [c for c in found if c.state == state]
            if shown and verbose:
                lines += [f"== {causes_mod.tally(shown)} {what} ==", ""]
                for c in shown:
                    lines += causes_mod.cause_lines(c, number, with_reproduction=False)
                    number += 1
                lines.append("")
        return lines

    # ------------------------------------------------------------ Markdown
    def to_markdown(self, pictures: dict[str, str] | None = None) -> str:
        """The Markdown report; ``pictures`` maps a property id to the relative path of its failure's SVG."""
        pictures = pictures or {}
        sig = self.signature
        out = [
            f"# Conformance report: {md_text(sig.target)} {md_text(sig.target_version)}",
            "",
            f"Generated by metric-assay {sig.metric_assay_version} (spec {sig.spec_version}) — "
            f"{'' if sig.tier == 'standard' else f'tier `{sig.tier}` (inputs of 1e4 to 1e7 samples), '}profile "
            f"`{sig.profile}`, seed `{sig.seed}`, Python {sig.python}, NumPy {sig.numpy}, "
            f"Hypothesis {sig.hypothesis}, {sig.platform}.",
            f"Target import path: {md_code(sig.import_path)}.",
            f"{md_text(self.precision_line().capitalize())}.",
            *[f"{md_text(line)}." for line in self.ran_on_lines()],
            "",
            f"**Summary:** {self.summary_line()}.",
            "",
            _claims_note(),
            "",
        ]
        if self.incomplete:
            out += ["**INCOMPLETE:** the audit was interrupted. Properties that did not run:", ""]
            out += [f"- `{pid}`" for pid in self.not_run]
            out.append("")
        out += self._causes_markdown()
        out += self._baseline_markdown()
        out += self.coverage().markdown()
        applied = self.declarations_applied()
        if applied:
            out += ["## Declared conventions, domains and tie rules", "",
                    "Each declared once by the adapter; the properties below expected the declared value, skipped "
                    "the examples outside the declared domain, or checked the declared tie rule.", ""]
            for name, line, touched in applied:
                shown = ", ".join(md_code(p) for p in touched) or "none reached"
                out.append(f"- {md_code(name)}: {md_text(line[len(name) + 2:])}. Applied in {len(touched)}: {shown}")
            out.append("")
        if sig.conventions:
            out += ["## Declared conventions", ""]
            out += [f"- {md_code(str(k))}: {md_text(str(v))}" for k, v in sorted(sig.conventions.items(), key=str)]
            out.append("")
        shown = self._shown_statuses()
        out += ["## By family", "", "| family | " + " | ".join(STATUS_LABEL[s] for s in shown) + " |"]
        out.append("|---|" + "---:|" * len(shown))
        for family, c in self.family_table():
            out.append(f"| {family} | " + " | ".join(str(c.get(s, 0)) for s in shown) + " |")
        out.append("")
        out += [
            "## By metric",
            "",
            "| metric | pass | violations | n/a | known deviation |",
            "|---|---:|---:|---:|---:|",
        ]
        per_metric: dict[str, Counter] = {}
        for r in self.results:
            for m in r.metrics:
                per_metric.setdefault(m, Counter())[r.status] += 1
        provided = self.provided_metrics()
        for m in sorted(per_metric):
            if m not in provided:
                continue
            c = per_metric[m]
            bad = sum(c[s] for s in VIOLATIONS)
            out.append(f"| `{m}` | {c['pass'] + c['fixed']} | {bad} | {c['n/a']} | {c['deviation']} |")
        out.append("")
        out += self._not_provided_markdown()
        skipped = {id(r) for r in self.not_provided()}
        out += ["## Properties", ""]
        if skipped:
            out += [f"Every property of the metrics the target provides; the {len(skipped)} n/a for want of their "
                    "metrics are counted under *Metrics not provided*.", ""]
        out += ["| property | kind | metrics | result | note |", "|---|---|---|---|---|"]
        for r in (r for r in self.results if id(r) not in skipped):
            note = _md_cell(r.detail.splitlines()[0] if r.detail else (f"{r.examples} examples" if r.examples else ""))
            out.append(
                f"| `{r.property_id}` | {r.kind} | {', '.join(r.metrics)} | {STATUS_LABEL[r.status]} | {note} |"
            )
        out.append("")
        failures = self.violations() + self.by_status("deviation")
        if failures:
            out += ["## Counterexamples", ""]
            for r in failures:
                body = _failure_body(r)
                fence = "`" * max(3, _longest_backtick_run(body) + 1)
                severity = f" ({r.severity})" if r.severity else ""
                out += [f"### `{r.property_id}` — {STATUS_LABEL[r.status]}{severity}", "", r.statement, "",
                        fence + "text"]
                out.append(body)
                out += [fence, ""]
                if r.property_id in pictures:
                    out += [f"![the counterexample of {md_text(r.property_id)}]({pictures[r.property_id]})", ""]
        if self.unscoped_deviations:
            out += ["## Deviations that cover a whole property", "", md_text(unscoped_warning(self.unscoped_deviations)),
                    ""]
        if self.untriaged_deviations:
            out += ["## Deviations whose reason is a TODO", "", md_text(untriaged_warning(self.untriaged_deviations)),
                    ""]
        if self.unmatched_deviations:
            out += ["## Deviations that match no property", ""]
            out += [f"- {md_text(pid)}" for pid in self.unmatched_deviations]
            out.append("")
        return "\n".join(out)

    def _not_provided_markdown(self) -> list[str]:
        rows = self.not_provided_by_family()
        if not rows:
            return []
        out = ["## Metrics not provided", "",
               f"{self.not_provided_line()}. Those properties are not listed under *Properties* (the JSON "
               "report has every one); per family, how many there are and the catalog metrics they need:", "",
               "| family | n/a properties | metrics not provided |", "|---|---:|---|"]
        out += [f"| {family} | {n} | {', '.join(md_code(m) for m in names)} |" for family, n, names in rows]
        return out + [""]

    def _causes_markdown(self) -> list[str]:
        found = self.causes()
        if not found:
            return []
        out = ["## Causes, worst first", "",
               "Findings grouped by what most likely produced them (same metric and finding class, or the same "
               "outcome of the same check, or the same refusal message); the per-property detail is under "
               "*Counterexamples*.", "",
               "| # | severity | state | cause | findings | properties |", "|---:|---|---|---|---:|---|"]
        for i, c in enumerate(found, 1):
            props = c.properties
            shown = ", ".join(md_code(p) for p in props[:4]) + (f" and {len(props) - 4} more" if len(props) > 4 else "")
            state = causes_mod.STATE_LABEL[c.state]
            out.append(f"| {i} | {c.severity or 'other'} | {'**NEW**' if c.state == 'new' else state} | "
                       f"{_md_cell(c.title())} | {len(c.members)} | {shown} |")
        out.append("")
        for i, c in enumerate(found, 1):
            if c.state != "new":
                continue
            rep = c.representative
            shown = f"{rep.property_id}{{{rep.finding_class}}}{causes_mod.member_label(c, rep)}"
            body = "\n".join(x for x in (shown, rep.detail.strip(), rep.reproduction) if x)
            fence = "`" * max(3, _longest_backtick_run(body) + 1)
            out += [f"**New cause {i}**: {md_text(c.title())}", "", fence + "text", truncate(body, SHOWN_TEXT_LIMIT),
                    fence, ""]
        return out

    def _baseline_markdown(self) -> list[str]:
        if self.baseline is None:
            return []
        entries = self.baseline.entries()
        out = [f"## Against the baseline {md_code(self.baseline.file or 'given')}", "",
               f"{len(self.baseline.new)} new, {len(self.baseline.fixed)} fixed, {len(self.baseline.gone)} gone "
               "(*fixed*: its property ran without it; *gone*: its property reached no verdict this time). "
               "Findings the baseline has are labelled *in baseline* everywhere in this report.", ""]
        out += [f"- {md_text(e.text())}" for e in entries]
        return out + ([""] if entries else [])

    def render(self, path: Path, pictures: dict[str, str] | None = None) -> str:
        if path.suffix == ".json":
            return self.to_json()
        if path.suffix in (".md", ".markdown"):
            return self.to_markdown(pictures)
        raise ReportFileError(f"--report: unknown report format {path.suffix!r} in {str(path)!r}; use .json or .md")

    def write(self, path: str | Path) -> Path:
        """Write atomically: a temporary file in the same folder, then a rename over ``path``. A Markdown
        report gets the pictures of its failures as SVG files in ``<name>_plots/`` next to it."""
        path = Path(path)
        if path.suffix not in REPORT_FORMATS:  # refused before anything is written
            self.render(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pictures = self._write_pictures(path) if path.suffix in (".md", ".markdown") else None
        write_atomically(path, self.render(path, pictures))
        return path

    def _write_pictures(self, path: Path) -> dict[str, str]:
        """Write one SVG per failure that has a picture into ``<stem>_plots/`` (emptied of older
        pictures first: a picture never outlives its failure); their paths relative to ``path``."""
        from urllib.parse import quote

        from properties.engine.report.plots import plot_failure, plot_file_name

        folder = path.with_name(f"{path.stem}_plots")
        if folder.is_dir():
            for old in folder.glob("*.svg"):
                old.unlink()
        links: dict[str, str] = {}
        taken: set[str] = set()
        for r in self.violations() + self.by_status("deviation"):
            svg = plot_failure(r)
            if svg is None:
                continue
            name = plot_file_name(r.property_id)
            while name in taken:  # two ids that differ only in punctuation
                name = name[:-4] + "_.svg"
            taken.add(name)
            folder.mkdir(exist_ok=True)
            write_atomically(folder / name, svg)
            links[r.property_id] = f"{quote(folder.name)}/{quote(name)}"
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
        return links


def unscoped_warning(pids: list[str]) -> str:
    shown = ", ".join(pids[:3]) + (f" and {len(pids) - 3} more" if len(pids) > 3 else "")
    return (f"WARNING: {len(pids)} deviation line(s) name no finding class, so each covers its whole property and "
            f"a new finding there would pass unseen: {shown}. Name the classes (`property.id {{class}}`; "
            "`metric-assay deviations REPORT.json` writes them); --strict rejects unscoped lines.")


def untriaged_warning(lines: list[str]) -> str:
    shown = "; ".join(lines[:3]) + (f" and {len(lines) - 3} more" if len(lines) > 3 else "")
    return (f"WARNING: {len(lines)} deviation line(s) have a TODO for a reason, so what they accept was never "
            f"checked against the library: {shown}. Write the reason (the library's own call and what it returns, "
            "and why: a documented convention, a known bug); --strict rejects TODO reasons.")


def write_atomically(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; a report is an ordinary file
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def check_report_path(path: str | Path) -> Path:
    """Refuse, before any property runs, a report path that has no known format or cannot be written."""
    path = Path(path)
    if path.suffix not in REPORT_FORMATS:
        raise ReportFileError(f"--report: unknown report format {path.suffix!r} in {str(path)!r}; use .json or .md")
    if path.is_dir():
        raise ReportFileError(f"--report: {str(path)!r} is a directory")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe", dir=path.parent)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise ReportFileError(f"--report: cannot write to {str(path.parent)!r}: {exc.strerror or exc}") from None
    return path


def baseline_mismatches(report_signature: Signature, baseline: Signature) -> list[str]:
    """Why a baseline is not comparable with this audit (empty list: it is)."""
    problems = []
    for field, label in (("target", "target"), ("tier", "tier"), ("profile", "profile"),
                         ("spec_version", "spec version")):
        ours, theirs = getattr(report_signature, field), getattr(baseline, field)
        if ours != theirs:
            problems.append(f"{label} {theirs!r} (this audit: {ours!r})")
    if sorted(report_signature.families) != sorted(baseline.families) and baseline.families:
        problems.append(f"families {baseline.families} (this audit: {report_signature.families})")
    return problems


def _claims_note() -> str:
    from properties.engine.report.catalog_doc import spec_counts_line

    return spec_counts_line()


def _md_cell(text: str) -> str:
    text = text if len(text) <= 160 else text[:157] + "..."
    return md_text(text)


def _other_findings(r: Result, limit: int) -> str:
    """The findings of ``r`` besides the one shown, one line each (the reproduction's first call with it)."""
    from properties.engine.vocabulary import pasteable

    others = [f for f in r.findings if f.get("finding_class") != r.finding_class]
    if not others:
        return ""
    lines = [f"{len(others)} more finding{'s' if len(others) > 1 else ''} of this property:"]
    for f in others:
        state = causes_mod.STATE_LABEL[causes_mod.finding_state(f.get("known", False), f.get("in_baseline", False))]
        first = (f.get("detail") or "").strip().splitlines()[:1]
        call = pasteable.calls_of(f.get("reproduction") or "")[:1]
        how = "" if f.get("how", "shrunk") == "shrunk" else f" ({f['how']})"
        lines.append(f"  - {{{f['finding_class']}}} {state}{how}: " + truncate(" ".join(first + call), 400))
    return truncate("\n".join(lines), limit)


def _shown_state(r: Result) -> str:
    """`` (NEW since the baseline)`` or `` (in baseline)`` for the finding ``r`` shows, when ``r`` was compared
    with a baseline; '' otherwise."""
    shown = next((f for f in r.findings if f.get("finding_class") == r.finding_class), None)
    if shown is None or "in_baseline" not in shown:
        return ""
    state = causes_mod.finding_state(shown.get("known", False), shown["in_baseline"])
    return " (NEW since the baseline)" if state == "new" else f" ({causes_mod.STATE_LABEL[state]})"


def _failure_body(r: Result, limit: int = SHOWN_TEXT_LIMIT) -> str:
    parts = [f"finding: {fingerprint(r.property_id, r.finding_class)}{_shown_state(r)}"] if r.finding_class else []
    parts.append(truncate(r.detail, limit))
    if r.counterexample:
        parts.append(truncate(r.counterexample, limit))
    if r.reproduction:
        parts.append(truncate_reproduction(r.reproduction, limit))
    if r.worst:
        parts.append("largest violation found:\n" + truncate(r.worst, limit))
    others = _other_findings(r, limit)
    if others:
        parts.append(others)
    if r.skipped:
        parts.append("examples skipped, the target lacks: " + ", ".join(r.skipped))
    if r.traceback and worker_output_shown(r):
        parts.append("last output of the worker:\n" + r.traceback[-limit:])
    return "\n".join(parts)


def worker_output_shown(r: Result) -> bool:
    """Whether ``r.traceback`` is what a lost worker wrote (a crash, a hang, a call killed over the memory
    limit), shown with the failure; a MemoryError's traceback is the worker's own and stays in the JSON."""
    return r.status in ("crash", "hang") or (r.status == "memory" and r.detail.startswith("the worker process"))


def _failure_text(r: Result) -> str:
    body = "\n".join("    " + line for line in _failure_body(r).splitlines())
    severity = f" [{r.severity}]" if r.severity else ""
    return f"{STATUS_LABEL[r.status]}{severity} {r.property_id}: {r.statement}\n{body}"


def format_failure(r: Result) -> str:
    """The message a failing property shows in pytest and in the terminal report."""
    return f"{r.property_id}: {r.statement}\n{_failure_body(r)}"


# ---------------------------------------------------------------- comparing reports


@dataclasses.dataclass
class Change:
    property_id: str
    before: str
    after: str
    #: finding classes the later report has and the earlier did not, and those it lost
    new_findings: tuple = ()
    gone_findings: tuple = ()

    def text(self) -> str:
        parts = [f"{self.property_id}: {self.before} -> {self.after}" if self.before != self.after
                 else f"{self.property_id}: {self.after}"]
        if self.new_findings:
            parts.append("new finding" + ("s " if len(self.new_findings) > 1 else " ")
                         + ", ".join("{" + c + "}" for c in self.new_findings))
        if self.gone_findings:
            parts.append("no longer found " + ", ".join("{" + c + "}" for c in self.gone_findings))
        return "; ".join(parts)


def _fingerprints(r: Result | None) -> set[str]:
    return r.fingerprints() if r is not None else set()


def _new_classes(before: set[str], after: set[str]) -> tuple:
    """Classes of ``after`` that no class (or pattern) of ``before`` covers."""
    from properties.engine.vocabulary.findings import covered

    return tuple(sorted(c for c in after if not covered(before, c)))


def _gone_classes(before: set[str], after: set[str]) -> tuple:
    """Classes of ``before`` that no class of ``after`` covers or is covered by (a baseline's ``wrong_value``
    is still there when the later report finds ``wrong_value/returns_nan``)."""
    from properties.engine.vocabulary.findings import matches

    return tuple(sorted(c for c in before if not any(matches(c, a) or matches(a, c) for a in after)))


def diff(before: Report, after: Report) -> list[Change]:
    """Properties whose status or findings differ between two reports (missing counts as 'absent').

    Findings are compared by fingerprint (property id and finding class): a property that failed in both
    reports but with a finding class the earlier one did not have is a change.
    """
    a = {r.property_id: r for r in before.results}
    b = {r.property_id: r for r in after.results}
    changes = []
    for pid in sorted(set(a) | set(b)):
        ra, rb = a.get(pid), b.get(pid)
        sa, sb = (ra.status if ra else "absent"), (rb.status if rb else "absent")
        fa, fb = _fingerprints(ra), _fingerprints(rb)
        new, gone = _new_classes(fa, fb), _gone_classes(fa, fb)
        if sa != sb or new or gone:
            changes.append(Change(pid, sa, sb, new, gone))
    return changes


def new_violations(report: Report, baseline: Report) -> list[Result]:
    """Violations in ``report`` with a finding the baseline did not already have (compared by fingerprint:
    a new finding class in a property that already failed is new; :mod:`properties.engine.verdict.baseline`)."""
    new = {e.property_id for e in baseline_mod.compare(report, baseline).new}
    return [r for r in report.violations() if r.property_id in new]
