"""The ``metric-assay`` command.

    metric-assay audit TARGET [TARGET ...] [--report out.md|out.json] [--profile ci|dev|thorough]
                       [--seed N] [--family F] [--baseline old.json] [--deviations FILE] [--strict]
    metric-assay claims [--write DIR]
    metric-assay diff BEFORE.json AFTER.json
    metric-assay list [--target TARGET]
    metric-assay docs [--out DIR]

Exit status of ``audit``: 0 when no property failed or crashed (known
deviations do not count; with ``--baseline`` only violations the baseline did
not have count; with ``--strict`` a fixed deviation or a deviation id that
matches no property counts too), 1 otherwise, 2 for usage errors or a target
that cannot be imported.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import profiles, registry
from .audit import audit
from .report import STATUS_LABEL, Report, diff, new_violations
from .targets import BUNDLED, TargetUnavailable, load_target

#: the targets ``make audit`` and ``metric-assay docs`` cover
DEFAULT_AUDIT_SET = ("metrics", "sklearn", "scipy", "nltk", "sacrebleu", "jiwer", "rouge_score", "ranx")


def _report_paths(paths: list[str], target_name: str, multiple: bool) -> list[Path]:
    out = []
    for p in paths:
        path = Path(p)
        if multiple:  # one file per target: out.md -> out.sklearn.md
            path = path.with_name(f"{path.stem}.{target_name}{path.suffix}")
        out.append(path)
    return out


def _progress(result) -> None:
    mark = {"pass": ".", "fail": "F", "error": "E", "n/a": "s", "deviation": "x", "fixed": "X", "timeout": "T"}
    sys.stdout.write(mark[result.status])
    sys.stdout.flush()


def cmd_audit(args) -> int:
    worst = 0
    multiple = len(args.targets) > 1
    for name in args.targets:
        try:
            target = load_target(name, deviations_file=args.deviations)
        except TargetUnavailable as exc:
            if name in BUNDLED and multiple:
                print(f"== {name}: skipped, not installed ({exc}) ==\n")
                continue
            print(f"metric-assay: {exc}", file=sys.stderr)
            return 2
        print(f"auditing {target.name} {target.version} ({target.import_path}), profile {args.profile} ", end="")
        report = audit(
            target,
            profile=args.profile,
            seed=args.seed,
            families=args.family,
            time_budget=args.time_budget,
            progress=_progress,
        )
        print("\n")
        print(report.to_terminal(verbose=args.verbose))
        for path in _report_paths(args.report or [], target.name, multiple):
            print(f"wrote {report.write(path)}")
        violations = report.violations()
        if args.baseline:
            violations = new_violations(report, Report.load(args.baseline))
            print(f"{len(violations)} violation(s) not in the baseline {args.baseline}")
            for r in violations:
                print(f"  NEW {STATUS_LABEL[r.status]} {r.property_id}")
        strict_problems = report.by_status("fixed") or report.unmatched_deviations
        if violations or (args.strict and strict_problems):
            worst = 1
        print()
    return worst


def cmd_claims(args) -> int:
    from .claims import judge_all, ledger_markdown, write_ledger

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
        print(f"{c.property_id}: {c.before} -> {c.after}")
    print(f"{len(changes)} propert{'y' if len(changes) == 1 else 'ies'} changed")
    return 0


def cmd_list(args) -> int:
    import metrics

    target = load_target(args.target) if args.target else None
    print("catalog:")
    for name, family in sorted(metrics.CATALOG.items(), key=lambda kv: (kv[1], kv[0])):
        provided = "" if target is None else ("  provided" if target.provides(name) else "  -- not provided")
        print(f"  {family:<15} {name}{provided}")
    print("\nproperties:")
    for p in registry.all_properties():
        print(f"  {p.id:<60} {p.kind:<10} {p.statement}")
    return 0


def cmd_docs(args) -> int:
    from .claims import judge_all, write_ledger

    from .catalog_doc import catalog_markdown

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "catalog.md").write_text(catalog_markdown(), encoding="utf-8")
    print(f"wrote {out / 'catalog.md'}")
    for name in DEFAULT_AUDIT_SET:
        try:
            target = load_target(name)
        except TargetUnavailable as exc:
            print(f"{name}: skipped ({exc})")
            continue
        report = audit(target, profile="ci")
        path = report.write(out / "conformance" / f"{target.name}.md")
        print(f"wrote {path} ({report.summary_line()})")
    for path in write_ledger(judge_all(profile="ci"), out):
        print(f"wrote {path}")
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
    a.add_argument("--seed", type=int, default=None, help="seed for the dev/thorough profiles")
    a.add_argument("--family", action="append", help="only these families; repeatable")
    a.add_argument("--baseline", metavar="REPORT.json", help="fail only on violations this report did not have")
    a.add_argument("--deviations", metavar="FILE", help="known deviations of the target (one property id per line)")
    a.add_argument("--time-budget", type=float, default=None, metavar="SECONDS", help="per-property time limit")
    a.add_argument("--strict", action="store_true", help="also fail on fixed or unmatched deviations")
    a.add_argument("-v", "--verbose", action="store_true", help="list known deviations too")
    a.set_defaults(func=cmd_audit)

    c = sub.add_parser("claims", help="judge the claims from the literature and print (or write) the ledger")
    c.add_argument("--write", metavar="DIR", help="write DIR/claims.md and DIR/claims.json")
    c.add_argument("--profile", default="ci", choices=sorted(profiles.PROFILES))
    c.set_defaults(func=cmd_claims)

    d = sub.add_parser("diff", help="compare two JSON reports")
    d.add_argument("before")
    d.add_argument("after")
    d.set_defaults(func=cmd_diff)

    lst = sub.add_parser("list", help="list the catalog and the properties")
    lst.add_argument("--target", help="mark which catalog names this target provides")
    lst.set_defaults(func=cmd_list)

    g = sub.add_parser("docs", help="regenerate docs/: conformance matrices of the bundled targets and the claims ledger")
    g.add_argument("--out", default="docs")
    g.set_defaults(func=cmd_docs)
    return parser


def main(argv: list[str] | None = None) -> int:
    # A user's adapter module usually sits in the current directory.
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (TargetUnavailable, ValueError) as exc:
        print(f"metric-assay: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
