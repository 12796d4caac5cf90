"""The ``metric-assay`` command.

    metric-assay audit TARGET [TARGET ...] [--report out.md|out.json] [--profile ci|dev|thorough]
                       [--tier standard|large [--tier ...]]
                       [--seed N] [--family F] [--only PATTERN] [--jobs N] [--call-timeout S]
                       [--memory-limit SIZE] [--cluster tcp://HOST:8786|local:N]
                       [--import-timeout S] [--time-budget S] [--baseline old.json [--baseline-any]] [--deviations FILE]
                       [--strict] [--fail-on rounding] [--quiet]
    metric-assay claims [--write DIR]
    metric-assay diff BEFORE.json AFTER.json
    metric-assay report REPORT.json [REPORT.json ...] [--diff BEFORE.json AFTER.json] --out PAGE.html
    metric-assay list [--family F ...] [--target TARGET [--import-timeout S]]
    metric-assay docs [--out DIR]
    metric-assay agreement [--out DIR]
    metric-assay init-adapter NAME [--family F ...] [--metrics M1,M2] [--out DIR] [--force]

Exit status of ``audit`` (the README has the table): 0 when at least one
property ran against the target and nothing broke; 1 for violations (fail,
error, crash, hang, memory, mutation, nondeterministic, timeout, spec error; with
``--baseline`` only the ones the baseline did not have; with ``--strict`` also
fixed or unmatched deviations; a property whose only findings are rounding-level
is reported but fails the run only with ``--fail-on rounding``); 2 for usage errors and targets that do not
import; 3 when nothing was verified; 130 (143 for SIGTERM) when interrupted,
after writing a partial report marked incomplete.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys
from pathlib import Path

from properties.engine.vocabulary import memory, precision, profiles, registry
from properties.engine.vocabulary.results import STATUS_LABEL
from properties.engine.target.errors import DeviationsFileError, TargetUnavailable
from properties.engine.target.loading import BUNDLED, DEFAULT_IMPORT_TIMEOUT, load_target
from properties.engine.isolation.cluster import ClusterError, parse_address
from properties.engine.isolation.fork_pool import (
    DEFAULT_CALL_TIMEOUT, default_jobs, LARGE_CALL_TIMEOUT, TIMEOUT_ELEMENTS, WARMUP_CALL_TIMEOUTS)
from properties.engine.report import summary
from properties.engine.report.audit_report import (
    baseline_mismatches, check_report_path, diff, EXIT_CLEAN, EXIT_NOTHING_VERIFIED, EXIT_USAGE, EXIT_VIOLATIONS,
    FAIL_ON, format_failure, new_violations, Report, ReportFileError, Signature, unscoped_warning, untriaged_warning,
    VIOLATIONS)
from properties.engine.report.progress import Progress
from properties.engine.report.summary import TargetOutcome
from properties.engine.cli.audit import audit, Journal, journal_path_for, resolve_seed, select_properties

#: the targets ``make audit`` and ``metric-assay docs`` cover
DEFAULT_AUDIT_SET = tuple(BUNDLED)


class UsageError(Exception):
    """A command line that cannot run: exit 2 with a one-line message."""


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "target"


def report_paths(paths: list[str], names: list[str], tier: str | None = None) -> list[list[Path]]:
    """Report paths per target; with several targets, ``out.md`` becomes ``out.<target>.md``.

    The file name comes from the name given on the command line, never from the
    target's own ``TARGET_NAME``, and a name given twice gets a numbered suffix:
    two targets never write over each other's report. ``tier``: one of several tiers audited in one command;
    the paths given are the standard tier's, and another tier's reports go in a folder named after it next to
    them (``reports/conformance.md`` and ``reports/large/conformance.md``, as ``make audit`` and
    ``make audit-large`` write them).
    """
    if tier is not None and tier != "standard":
        paths = [str(Path(p).parent / tier / Path(p).name) for p in paths]
    if len(names) <= 1:
        return [[Path(p) for p in paths] for _ in names]
    out, seen = [], {}
    for name in names:
        slug = _slug(name)
        seen[slug] = seen.get(slug, 0) + 1
        if seen[slug] > 1:
            slug = f"{slug}-{seen[slug]}"
        out.append([Path(p).with_name(f"{Path(p).stem}.{slug}{Path(p).suffix}") for p in paths])
    return out


def _progress_mode(args) -> str:
    if args.quiet:
        return "quiet"
    return "live" if sys.stdout.isatty() else "lines"


def _validate_audit_args(args) -> None:
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1 (got {args.jobs})")
    if args.cluster is not None:
        parse_address(args.cluster)
        if args.jobs is not None:
            raise UsageError("--jobs and --cluster: on a cluster the workers' threads run the properties")
    if args.call_timeout is not None and args.call_timeout <= 0:
        raise UsageError(f"--call-timeout must be positive (got {args.call_timeout:g})")
    _validate_import_timeout(args)
    if args.warmup_timeout is not None and args.warmup_timeout <= 0:
        raise UsageError(f"--warmup-timeout must be positive (got {args.warmup_timeout:g})")
    for flag in ("rtol", "atol"):
        value = getattr(args, flag)
        if value is not None and not (0 <= value < 1):
            raise UsageError(f"--{flag} must be in [0, 1) (got {value:g})")
    # set before any worker forks: the workers inherit it
    precision.CLI.update(precision=args.precision, rtol=args.rtol, atol=args.atol)
    if args.time_budget is not None and args.time_budget < 0:
        raise UsageError(f"--time-budget must not be negative (got {args.time_budget:g})")
    if args.deviations and not Path(args.deviations).is_file():
        raise UsageError(f"--deviations: file {args.deviations!r} does not exist")
    for path in args.report or []:
        check_report_path(path)
    if args.baseline:
        args.baseline_report = Report.load(args.baseline)
    if args.baseline_any and not args.baseline:
        raise UsageError("--baseline-any needs --baseline")
    args.tiers = list(dict.fromkeys(args.tier or ["standard"]))
    if args.baseline and len(args.tiers) > 1:
        raise UsageError("--baseline is one tier's report: give one --tier with it")
    args.call_timeouts = {
        tier: args.call_timeout if args.call_timeout is not None
        else LARGE_CALL_TIMEOUT if tier == "large" else DEFAULT_CALL_TIMEOUT
        for tier in args.tiers
    }
    try:
        args.memory_limit = (memory.parse_size(args.memory_limit) if args.memory_limit
                             else memory.default_limit(args.jobs or default_jobs()))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    # an unknown family, or a pattern that matches nothing in any of the tiers (a tier it matches nothing in is
    # skipped, and said so)
    args.selections, unmatched = {}, None
    for tier in args.tiers:
        try:
            args.selections[tier] = select_properties(args.family, args.only, tier)
        except ValueError as exc:
            if not str(exc).startswith("--only"):
                raise
            args.selections[tier], unmatched = [], exc
    if not any(args.selections.values()):
        if unmatched is not None:
            raise unmatched
        # a family with no property at the tiers asked for (e.g. --family image --tier large)
        raise UsageError(f"--family {', '.join(args.family)}: no property of "
                         f"{'this family' if len(args.family) == 1 else 'these families'} at the "
                         f"{' or '.join(args.tiers)} tier")


def _validate_import_timeout(args) -> None:
    if args.import_timeout <= 0:
        raise UsageError(f"--import-timeout must be positive (got {args.import_timeout:g})")


def add_import_timeout(parser: argparse.ArgumentParser) -> None:
    """``--import-timeout``, on every command that imports a target (first in a throwaway child process)."""
    parser.add_argument(
        "--import-timeout", type=float, default=DEFAULT_IMPORT_TIMEOUT, metavar="SECONDS",
        help=f"how long importing the target may take (default {DEFAULT_IMPORT_TIMEOUT:g}); a library that "
             "imports a framework (Keras on torch) can take a minute on a loaded machine")


def cmd_audit(args) -> int:
    _validate_audit_args(args)
    if args.cluster is None:
        return _audit_targets(args)
    return _audit_on_cluster(args)


def _audit_on_cluster(args) -> int:
    """--cluster: every target's batches submitted at once, one task graph; each target's report is then built
    as without it, from the results of its own batches."""
    from properties.engine.isolation.cluster import Cluster
    from properties.engine.target.applicability import not_applicable_reason

    try:
        cluster = Cluster(args.cluster)
    except KeyboardInterrupt:
        print("metric-assay: interrupted while the cluster started", file=sys.stderr)
        return 128 + signal.SIGINT
    with cluster:
        try:
            seed, _ = resolve_seed(args.profile, args.seed)
            args.seed = args.seed if seed is None else seed  # the seed the audits will resolve to
            targets = []
            for name in args.targets:
                try:
                    targets.append(_load(args, name))
                except TargetUnavailable:
                    continue  # said when its turn comes
            for tier in args.tiers:  # in the order the audits will read them
                jobs = [(target, [p for p in args.selections[tier] if not_applicable_reason(p, target) is None])
                        for target in targets]
                cluster.submit(jobs, settings_=profiles.profile_settings(args.profile), seed=seed,
                               time_budget=args.time_budget, call_timeout=args.call_timeouts[tier],
                               warmup_timeout=args.warmup_timeout, memory_limit=args.memory_limit)
        except KeyboardInterrupt:
            print("metric-assay: interrupted before the audit started", file=sys.stderr)
            return 128 + signal.SIGINT
        args.cluster_session = cluster
        return _audit_targets(args)


def _audit_targets(args) -> int:
    names = list(args.targets)
    for name in names:
        if not name.strip():
            raise TargetUnavailable(
                "the target name is empty (an unset variable such as $TARGET?); give a bundled name "
                f"({', '.join(BUNDLED)}) or 'package.module[:attribute]'"
            )
    several_tiers = len(args.tiers) > 1
    multiple = len(names) > 1 or several_tiers
    outcomes: list[TargetOutcome] = []
    interrupted = False
    for tier in args.tiers:
        for name, paths in zip(names, report_paths(args.report or [], names, tier if several_tiers else None)):
            label = f"{name} ({tier} tier)" if several_tiers else name
            try:
                target = _load(args, name)
            except TargetUnavailable as exc:
                if name in BUNDLED and multiple and "not installed" in str(exc):
                    print(f"== {label}: skipped, not installed ({exc}) ==\n")
                    outcomes.append(TargetOutcome(label, skipped="not installed", tier=tier if several_tiers else ""))
                    continue
                raise
            if not args.selections[tier]:
                print(f"== {label}: skipped, --only matches no property of the {tier} tier ==\n")
                outcomes.append(TargetOutcome(label, skipped=f"no {tier}-tier property matches --only", tier=tier))
                continue
            code, report = _audit_one(target, paths, args, tier, compact=multiple)
            outcomes.append(TargetOutcome(label, report, code, tier=tier if several_tiers else ""))
            if code >= 128:  # interrupted: do not start the next target
                interrupted = True
                break
        if interrupted:
            break
    code = _combined_exit_code([o.code for o in outcomes if o.code is not None])
    if multiple:
        if not args.quiet:  # said once here, not in each target's report
            from properties.engine.report.catalog_doc import spec_counts_line

            print(spec_counts_line())
            print()
        print(summary.render(outcomes, code, baseline=bool(args.baseline)))
    if not any(o.report for o in outcomes):
        print("metric-assay: no target could be audited", file=sys.stderr)
    return code


def _load(args, name: str):
    """The target ``name``, loaded once per command however many tiers audit it (an import that failed fails
    again the same way)."""
    loaded = args.__dict__.setdefault("loaded_targets", {})
    if name not in loaded:
        try:
            loaded[name] = load_target(name, deviations_file=args.deviations, probe=True,
                                       import_timeout=args.import_timeout)
        except TargetUnavailable as exc:
            loaded[name] = exc
    if isinstance(loaded[name], TargetUnavailable):
        raise loaded[name]
    return loaded[name]


def _combined_exit_code(codes: list[int]) -> int:
    """An interrupt wins, then violations, then "nothing verified" (also when no target could be audited)."""
    if not codes:
        return EXIT_NOTHING_VERIFIED
    if codes[-1] >= 128:
        return codes[-1]
    for code in (EXIT_VIOLATIONS, EXIT_NOTHING_VERIFIED):
        if code in codes:
            return code
    return EXIT_CLEAN


def _print_new_violations(violations) -> None:
    """The new violations in full (findings the baseline has are labelled so in them)."""
    for r in violations:
        print()
        print(format_failure(r))
    print()


def _audit_one(target, paths: list[Path], args, tier: str, *, compact: bool = False) -> tuple[int, Report]:
    """Audit one target at one tier, print its report (``compact``: one of several) and write its files."""
    props = args.selections[tier]
    call_timeout = args.call_timeouts[tier]
    if args.baseline:
        planned = Signature.collect(target, profile=args.profile, seed="", properties=props)
        problems = baseline_mismatches(planned, args.baseline_report.signature)
        if problems and not args.baseline_any:
            raise UsageError(
                f"--baseline {args.baseline!r} is not comparable with this audit: it has "
                + "; ".join(problems)
                + " (--baseline-any compares anyway)"
            )
    provided = [n for n in _catalog() if target.provides(n)]
    jobs = args.jobs or default_jobs()
    where = args.cluster_session.describe() if args.cluster_session else f"{jobs} job(s)"
    print(
        f"auditing {target.name} {target.version} ({target.import_path}), "
        f"{'' if tier == 'standard' else f'tier {tier}, '}profile {args.profile}, "
        f"{len(props)} properties, {where}, call timeout {call_timeout:g}s, "
        f"memory limit {memory.format_size(args.memory_limit)} per call"
    )
    if not provided:
        print(f"metric-assay: target {target.name!r} provides none of the catalog's {len(_catalog())} names")
    placeholder = Report(
        Signature.collect(target, profile=args.profile, seed="", properties=props),
        [],
        incomplete=True,
        not_run=[p.id for p in props],
    )
    progress = Progress(sys.stdout, props, mode=_progress_mode(args))
    journal = Journal(None)
    with _sigterm_as_interrupt() as received:
        try:
            for path in paths:  # never leave an older report in place while this audit runs
                placeholder.write(path)
            journal = Journal(journal_path_for(paths, profiles.cache_dir(),
                                               _slug(target.name if tier == "standard" else f"{target.name}-{tier}")))
            report = audit(
                target,
                profile=args.profile,
                seed=args.seed,
                families=args.family,
                only=args.only,
                time_budget=args.time_budget,
                call_timeout=call_timeout,
                warmup_timeout=args.warmup_timeout,
                memory_limit=args.memory_limit,
                jobs=jobs,
                progress=progress.finished,
                on_start=progress.started_property,
                on_tick=progress.tick,
                journal=journal,
                tier=tier,
                cluster=args.cluster_session,
            )
        except KeyboardInterrupt:  # before the first property started
            report = placeholder
    progress.close()
    report.fail_on = tuple(args.fail_on or ())
    violations = report.violations()
    if args.baseline:
        # against a baseline, only what is new, fixed or gone: the new violations in full, the summary, a line each
        report.against(args.baseline_report, args.baseline)
        violations = new_violations(report, args.baseline_report)
        if not args.quiet:
            _print_new_violations(violations)
        print(f"{report.signature.target}: {report.summary_line()}")
        print(report.baseline.header(len(violations)))
        for line in report.baseline.lines():
            print(f"  {line}")
    elif args.quiet:
        print(f"{report.signature.target}: {report.summary_line()}")
    else:
        print()
        print(report.to_terminal(verbose=args.verbose, compact=compact))
    if report.unscoped_deviations and (args.quiet or args.baseline):  # the full report has it already
        print(unscoped_warning(report.unscoped_deviations))
    if report.untriaged_deviations and (args.quiet or args.baseline):
        print(untriaged_warning(report.untriaged_deviations))
    for path in paths:
        print(f"wrote {report.write(path)}")
    journal.close()
    code = report.exit_code(violations)
    if code == EXIT_CLEAN and args.strict and (report.by_status("fixed") or report.unmatched_deviations
                                               or report.unscoped_deviations or report.untriaged_deviations):
        code = EXIT_VIOLATIONS
        if report.unscoped_deviations:
            print(f"metric-assay: --strict: {len(report.unscoped_deviations)} deviation line(s) name no finding "
                  "class and cover a whole property (write them with `metric-assay deviations`)")
        if report.untriaged_deviations:
            print(f"metric-assay: --strict: {len(report.untriaged_deviations)} deviation line(s) have a TODO for "
                  "a reason (check each against the library and write why)")
    if report.incomplete:
        code = 128 + (received[0] if received else signal.SIGINT)
    elif code == EXIT_NOTHING_VERIFIED:
        print(f"metric-assay: nothing was verified against {target.name} (exit {EXIT_NOTHING_VERIFIED}): "
              f"{_why_nothing_verified(report)}")
    print()
    return code, report


def _new_text(r, baseline: Report) -> str:
    """A new violation against a baseline: the property, and the finding classes that are new in it."""
    before = next((b for b in baseline.results if b.property_id == r.property_id), None)
    if before is None or before.status not in (*VIOLATIONS, "deviation"):
        return f"{STATUS_LABEL[r.status]} {r.property_id} " + " ".join("{" + c + "}" for c in
                                                                        sorted(r.fingerprints(new_only=True)))
    from properties.engine.vocabulary.findings import covered

    old = before.fingerprints()
    fresh = sorted(c for c in r.fingerprints(new_only=True) if not covered(old, c))
    return (f"{STATUS_LABEL[r.status]} {r.property_id}: a new finding in a property that already failed "
            + ", ".join("{" + c + "}" for c in fresh))


def _why_nothing_verified(report: Report) -> str:
    counts = report.counts()
    if counts.get("timeout"):
        return (f"{counts['timeout']} of {len(report.results)} properties ran out of --time-budget before a verdict, "
                "the others were not applicable")
    return ("every selected property is not applicable: the target defines none of the catalog names they "
            "check (define some, or select other properties)")


class _sigterm_as_interrupt:
    """Within the block SIGTERM stops the audit the way Ctrl-C does (partial report, clean exit)."""

    def __enter__(self):
        self.received: list[int] = []

        def handler(signum, frame):
            self.received.append(signum)
            raise KeyboardInterrupt

        self.previous = signal.signal(signal.SIGTERM, handler)
        self.previous_int = signal.signal(signal.SIGINT, handler)
        return self.received

    def __exit__(self, *exc):
        signal.signal(signal.SIGTERM, self.previous)
        signal.signal(signal.SIGINT, self.previous_int)
        return False


def _catalog() -> dict:
    import metrics

    return metrics.CATALOG


def cmd_claims(args) -> int:
    from properties.engine.verdict.claims import judge_all, ledger_markdown, write_ledger

    verdicts = judge_all(profile=args.profile)
    if args.write:
        for path in write_ledger(verdicts, args.write):
            print(f"wrote {path}")
    else:
        print(ledger_markdown(verdicts))
    errored = [v.claim_id for v in verdicts if v.verdict == "error"]
    for cid in errored:
        print(f"claim {cid} crashed instead of giving a verdict", file=sys.stderr)
    return 1 if errored else 0


def cmd_diff(args) -> int:
    before, after = Report.load(args.before), Report.load(args.after)
    print(f"before: {before.signature.one_line()}")
    print(f"after:  {after.signature.one_line()}")
    changes = diff(before, after)
    for c in changes:
        print(c.text())
    print(f"{len(changes)} propert{'y' if len(changes) == 1 else 'ies'} changed")
    new = new_violations(after, before)
    if new:
        print(f"{len(new)} violation(s) in {args.after} that {args.before} did not have")
        for r in new:
            print(f"  NEW {_new_text(r, before)}")
        return EXIT_VIOLATIONS
    return EXIT_CLEAN


def cmd_report(args) -> int:
    from properties.engine.report.audit_report import write_atomically
    from properties.engine.report.html import render_page

    if not args.out and not args.issues:
        raise UsageError("report: give --out PAGE.html, --issues DIR, or both")
    out = Path(args.out) if args.out else None
    if out is not None and out.suffix.lower() not in (".html", ".htm"):
        raise UsageError(f"--out: {args.out!r} is not an .html path")
    if out is not None and out.is_dir():
        raise UsageError(f"--out: {args.out!r} is a directory")
    if args.issues and Path(args.issues).exists() and not Path(args.issues).is_dir():
        raise UsageError(f"--issues: {args.issues!r} is not a directory")
    if not args.reports and not args.diff:
        raise UsageError("report: give at least one REPORT.json, or --diff BEFORE.json AFTER.json")
    reports = [Report.load(path) for path in args.reports]
    diff_pair = (Report.load(args.diff[0]), Report.load(args.diff[1])) if args.diff else None
    if not reports and diff_pair is not None:
        reports = [diff_pair[1]]
    if out is not None:
        page = render_page(reports, diff_pair=diff_pair, title=args.title)
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(out, page)
        except OSError as exc:
            raise ReportFileError(f"--out: cannot write {args.out!r}: {exc.strerror or exc}") from None
        print(f"wrote {out} ({len(reports)} report(s){', with a diff' if diff_pair else ''})")
    if args.issues:
        _write_issues(reports, Path(args.issues))
    return EXIT_CLEAN


def _write_issues(reports: list[Report], folder: Path) -> None:
    """One Markdown issue per new cause of each report (:mod:`properties.engine.report.issues`); with several reports,
    one subfolder per target."""
    from properties.engine.report.issues import write_issues

    for report in reports:
        where = folder if len(reports) == 1 else folder / _slug(report.signature.target)
        try:
            written = write_issues(report, where)
        except OSError as exc:
            raise ReportFileError(f"--issues: cannot write into {str(where)!r}: {exc.strerror or exc}") from None
        print(f"wrote {len(written)} issue file(s) into {where} (one per new cause of {report.signature.target})")


def checked_families(families: list[str] | None) -> set[str] | None:
    """The ``--family`` values given (None: none given, every family); an unknown one is a usage error that lists
    the families."""
    import metrics

    if not families:
        return None
    unknown = sorted(set(families) - set(metrics.FAMILIES))
    if unknown:
        raise UsageError(f"--family: unknown family {', '.join(map(repr, unknown))}; the families are "
                         f"{', '.join(metrics.FAMILIES)}")
    return set(families)


def cmd_list(args) -> int:
    import metrics

    _validate_import_timeout(args)
    families = checked_families(args.family)
    target = (load_target(args.target, probe=True, import_timeout=args.import_timeout)
              if args.target is not None else None)
    print("catalog:")
    for name, family in sorted(metrics.CATALOG.items(), key=lambda kv: (kv[1], kv[0])):
        if families is not None and family not in families:
            continue
        provided = "" if target is None else ("  provided" if target.provides(name) else "  -- not provided")
        print(f"  {family:<15} {name}{provided}")
    print("\nproperties:")
    for p in registry.all_properties():
        if families is None or p.family in families:
            print(f"  {p.id:<60} {p.kind:<10} {p.statement}")
    return 0


def cmd_docs(args) -> int:
    from properties.engine.verdict.claims import judge_all, write_ledger
    from properties.engine.report.catalog_doc import catalog_markdown

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "catalog.md").write_text(catalog_markdown(), encoding="utf-8")
    print(f"wrote {out / 'catalog.md'}")
    from properties.engine.report.audit_report import write_atomically
    from properties.engine.report.html import render_page

    reports = []
    for name in DEFAULT_AUDIT_SET:
        try:
            target = load_target(name)
        except TargetUnavailable as exc:
            print(f"{name}: skipped ({exc})")
            continue
        report = audit(target, profile="ci")
        path = report.write(out / "conformance" / f"{target.name}.md")
        print(f"wrote {path} ({report.summary_line()})")
        reports.append(report)
    page = out / "conformance" / "index.html"
    write_atomically(page, render_page(reports, title="metric-assay: the bundled targets against the spec"))
    print(f"wrote {page} ({len(reports)} targets)")
    _write_agreement(out)
    for path in write_ledger(judge_all(profile="ci"), out):
        print(f"wrote {path}")
    return 0


def _write_agreement(out: Path) -> None:
    from properties.engine.report.agreement import write_agreement

    for doc in registry.spec().agreement_docs():
        paths, table = write_agreement(doc, out)
        for path in paths:
            print(f"wrote {path}")
        for m in table.measured:
            if m.status != "ok":
                print(f"  {m.name}: {m.status} ({m.detail})")
        print(f"  {len(table.measured)} libraries, {len(table.rows)} metrics, in {table.seconds:.0f}s")


def cmd_agreement(args) -> int:
    _write_agreement(Path(args.out))
    return 0


def cmd_init_adapter(args) -> int:
    import time

    from properties.engine.cli.scaffold import audit_command, check_adapter_name, selected_names, write_skeleton

    check_adapter_name(args.name)
    wanted = [m.strip() for given in args.metrics or () for m in given.split(",") if m.strip()]
    if args.metrics is not None and not wanted:
        raise UsageError("--metrics: give catalog names separated by commas, e.g. --metrics accuracy,f1")
    names = selected_names(args.family, wanted)
    forms = None
    if names is not None:
        from properties.engine.cli.argument_forms import record

        started = time.monotonic()
        print(f"recording what the spec passes {len(names)} metric(s): their properties, run on the catalog ...",
              flush=True)
        forms = record(names)
        print(f"  {sum(f.calls for f in forms.values())} calls recorded in {time.monotonic() - started:.1f}s")
    for path in write_skeleton(args.name, args.out, force=args.force, names=names, forms=forms):
        print(f"wrote {path}")
    where = "" if Path(args.out).resolve() == Path.cwd() else f"cd {args.out} && "
    print(f"fill in the functions your library has, then: {where}{audit_command(args.name)}")
    print(f"(unfilled, every property is n/a and the audit exits {EXIT_NOTHING_VERIFIED}: nothing was verified)")
    return 0


def cmd_deviations(args) -> int:
    from properties.engine.target.deviation_files import pins_path
    from properties.engine.cli.adopt import write_deviations

    if args.merge and not Path(args.merge).is_file():
        raise UsageError(f"--merge: file {args.merge!r} does not exist")
    lines, pinned, unpinned = write_deviations(args.report, args.out, merge=args.merge)
    print(f"wrote {args.out}: {lines} finding(s), the findings of one property and reason on one line")
    print(f"wrote {pins_path(args.out)}: {pinned} pinned counterexample(s)")
    for fp in unpinned:
        print(f"  not pinned (its example has no data form): {fp}")
    todo = sum(1 for line in Path(args.out).read_text(encoding="utf-8").splitlines() if "# TODO" in line)
    if todo:
        print(f"fill in the {todo} reason(s) marked TODO, then audit with --deviations {args.out}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="metric-assay",
        description="Property-based conformance checks for evaluation-metric implementations.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    a = sub.add_parser("audit", help="check a target against the spec and print a conformance report")
    a.add_argument(
        "targets",
        nargs="+",
        metavar="TARGET",
        help=f"bundled adapter ({', '.join(BUNDLED)}) or an importable module 'package.module[:attribute]'",
    )
    a.add_argument("--report", action="append", metavar="PATH", help="write the report (.json or .md); repeatable")
    a.add_argument("--profile", default="ci", choices=sorted(profiles.PROFILES))
    a.add_argument("--tier", action="append", choices=registry.TIERS,
                   help="standard (the default): Hypothesis-sized inputs; large: structured inputs of 1e5 to 1e7 "
                        "samples (ties, imbalance, offsets, float32, long corpora), a chosen set of properties. "
                        "Repeatable: the tiers in one command (one task graph with --cluster), each with its own "
                        "report; the --report paths are the standard tier's, another tier's go in a folder named "
                        "after it next to them")
    a.add_argument("--seed", type=int, default=None, help="seed for the dev/thorough profiles")
    a.add_argument("--family", action="append", help="only these families; repeatable")
    a.add_argument("--only", action="append", metavar="PATTERN", help="only property ids matching (glob or substring); repeatable")
    a.add_argument("--jobs", "-j", type=int, default=None, metavar="N", help=f"worker processes (default: {default_jobs()}, the cores)")
    a.add_argument(
        "--call-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help=f"kill a target call that runs longer (default {DEFAULT_CALL_TIMEOUT:g}, "
             f"{LARGE_CALL_TIMEOUT:g} with --tier large), proportionally longer for a call given more than "
             f"{TIMEOUT_ELEMENTS:.0e} array elements; reported as a hang",
    )
    add_import_timeout(a)
    a.add_argument(
        "--warmup-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help=f"how long a target function's first call in a worker may run (a JIT compiling, lazy imports; "
             f"default {WARMUP_CALL_TIMEOUTS} call timeouts); its time is reported as a warm-up and counted in "
             "no property's time budget",
    )
    a.add_argument(
        "--memory-limit",
        default=None,
        metavar="SIZE",
        help=f"memory one target call may allocate: 4G, 512M, ... or none (default "
             f"{memory.format_size(memory.default_limit(default_jobs()))} here: the smaller of 4 GiB and half this "
             "machine's memory divided among the workers); a call over it is reported as memory",
    )
    a.add_argument(
        "--cluster",
        default=None,
        metavar="ADDRESS|local:N",
        help="run the properties on a Dask cluster instead of this machine's worker processes: a dask.distributed "
             "scheduler's address (tcp://HOST:8786), or local:N for a cluster of N worker processes started here "
             "for the audit; every worker needs the project and the target library at this machine's versions "
             "(checked first), and runs the target in child processes under the same timeouts and memory limit. "
             "Several targets are one task graph (docs/cluster.md)",
    )
    a.add_argument("--baseline", metavar="REPORT.json", help="fail only on violations this report did not have")
    a.add_argument("--baseline-any", action="store_true", help="accept a baseline of another target, profile or spec")
    a.add_argument("--deviations", metavar="FILE", help="known deviations of the target (a property id and the finding "
                                                         "classes it covers per line; pins in FILE's stem + .pins.json)")
    a.add_argument("--time-budget", type=float, default=None, metavar="SECONDS", help="per-property time limit")
    a.add_argument("--precision", choices=precision.PRECISIONS, default=None,
                   help="the precision the target computes in (overrides its adapter's PRECISION); results in a "
                        "lower precision are detected anyway")
    a.add_argument("--rtol", type=float, default=None, help="raise every relative tolerance to at least this")
    a.add_argument("--atol", type=float, default=None, help="raise every absolute tolerance to at least this")
    a.add_argument("--strict", action="store_true", help="also fail on fixed or unmatched deviations, and on "
                                                         "deviation lines that name no finding class")
    a.add_argument("--fail-on", action="append", choices=FAIL_ON, default=[], metavar="SEVERITY",
                   help="also fail the run on these findings: rounding (the rounding-level ones, a discrepancy of "
                        "the order of the target's floating-point rounding: reported, but by default not failing)")
    a.add_argument("-q", "--quiet", action="store_true", help="print only the summary")
    a.add_argument("-v", "--verbose", action="store_true", help="list known deviations too")
    a.set_defaults(func=cmd_audit, cluster_session=None)

    c = sub.add_parser("claims", help="judge the claims from the literature and print (or write) the ledger")
    c.add_argument("--write", metavar="DIR", help="write DIR/claims.md and DIR/claims.json")
    c.add_argument("--profile", default="ci", choices=sorted(profiles.PROFILES))
    c.set_defaults(func=cmd_claims)

    d = sub.add_parser("diff", help="compare two JSON reports; exit 1 if AFTER has violations BEFORE did not")
    d.add_argument("before")
    d.add_argument("after")
    d.set_defaults(func=cmd_diff)

    v = sub.add_parser("deviations", help="write a deviations file from a JSON report: one line per property and reason, "
                                          "scoped to the finding classes, each counterexample pinned next to it")
    v.add_argument("report", metavar="REPORT.json", help="the JSON report of an audit of the target")
    v.add_argument("--out", required=True, metavar="FILE", help="the deviations file to write (pins: FILE's stem"
                                                                " + .pins.json, next to it)")
    v.add_argument("--merge", metavar="OLD.txt", help="carry the reasons of an existing deviations file over to "
                                                      "the findings its lines cover")
    v.set_defaults(func=cmd_deviations)

    r = sub.add_parser("report", help="one self-contained HTML page from JSON reports: the targets x metrics matrix, "
                                      "the failures with their counterexamples and pictures, an optional diff; "
                                      "or (--issues) one Markdown issue per new cause")
    r.add_argument("reports", nargs="*", metavar="REPORT.json", help="JSON reports (one row of the matrix each)")
    r.add_argument("--out", metavar="PAGE.html", help="the page to write")
    r.add_argument("--issues", metavar="DIR", help="write one Markdown issue per new cause (not listed as a "
                                                  "deviation) into DIR, ready to file upstream: the library's call, "
                                                  "what it returns, what the definition gives, the versions")
    r.add_argument("--diff", nargs=2, metavar=("BEFORE.json", "AFTER.json"),
                   help="also show what changed between two reports of one target (new, fixed, changed)")
    r.add_argument("--title", default="metric-assay conformance", help="the page's title")
    r.set_defaults(func=cmd_report)

    lst = sub.add_parser("list", help="list the catalog and the properties")
    lst.add_argument("--target", help="mark which catalog names this target provides")
    lst.add_argument("--family", action="append", metavar="F",
                     help="only this family's catalog names and properties; repeatable")
    add_import_timeout(lst)
    lst.set_defaults(func=cmd_list)

    i = sub.add_parser(
        "init-adapter",
        help="write an adapter skeleton NAME.py listing every catalog name, or those of --family/--metrics "
             "(commented out), and NAME_deviations.txt",
    )
    i.add_argument("name", metavar="NAME", help="the adapter's module name, e.g. mylib_adapter")
    i.add_argument("--out", default=".", metavar="DIR", help="the folder to write into (default: the current one)")
    i.add_argument("--force", action="store_true", help="overwrite existing files")
    i.add_argument("--family", action="append", metavar="F",
                   help="stubs only for this family's catalog names, each stating the argument forms the properties "
                        "pass it and what it must return; repeatable")
    i.add_argument("--metrics", action="append", metavar="M1,M2",
                   help="stubs only for these catalog names (with --family: these besides), stated the same way")
    i.set_defaults(func=cmd_init_adapter)

    g = sub.add_parser("docs", help="regenerate docs/: conformance matrices of the bundled targets (and their HTML "
                                    "page), the cross-library tables and the claims ledger")
    g.add_argument("--out", default="docs")
    g.set_defaults(func=cmd_docs)

    ag = sub.add_parser("agreement", help="regenerate only the cross-library tables of docs/ (which definition of a "
                                          "metric each bundled library computes, the minimal inputs between them)")
    ag.add_argument("--out", default="docs")
    ag.set_defaults(func=cmd_agreement)
    return parser


def put_cwd_last() -> None:
    """A user's adapter usually sits in the current directory; it must still import, but a
    stray ``sklearn.py`` there must not replace the installed library."""
    cwd = os.getcwd()
    sys.path[:] = [p for p in sys.path if p not in ("", ".", cwd)]
    sys.path.append(cwd)


class _QuietPipe:
    """stdout that stops writing, silently, once its reader has gone (``| head``)."""

    def __init__(self, stream):
        self._stream = stream
        self._broken = False

    def write(self, text):
        if self._broken:
            return len(text)
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._go_quiet()
            return len(text)

    def flush(self):
        if self._broken:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._go_quiet()

    def _go_quiet(self):
        self._broken = True
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, self._stream.fileno())
        except (OSError, ValueError):
            pass

    def __getattr__(self, name):
        return getattr(self._stream, name)


def main(argv: list[str] | None = None) -> int:
    put_cwd_last()
    profiles.use_cache_dir()
    if not isinstance(sys.stdout, _QuietPipe):
        sys.stdout = _QuietPipe(sys.stdout)
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # argparse: --help is 0, a bad flag is 2
        return int(exc.code or 0)
    try:
        return args.func(args)
    except (TargetUnavailable, UsageError, ReportFileError, DeviationsFileError, ValueError, ClusterError) as exc:
        print(f"metric-assay: {exc}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        try:
            sys.stdout.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass


if __name__ == "__main__":
    sys.exit(main())
