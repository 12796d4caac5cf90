"""The audit's own speed: examples per second per core, and where the wall time goes.

    python -m benchmarks.bench_audit [--target metrics --target torchmetrics] [--family correlation ...]
                                     [--profile ci] [--versus REV] [--isolate]

For each target and family, the audit runs in this process (one core; ``--isolate`` adds a run through the fork
pool at ``--jobs 1``, whose extra wall time is the isolation and IPC cost) while a sampler thread records the main
thread's stack every millisecond. Each sample is put in one bucket, the first that applies:

- ``target and reference calls``: a frame of the target's code (its adapter and its library), of the catalog
  (``metrics/``) or of a reference adapter (``reference/``): the work the audit exists to do;
- ``drawing``: Hypothesis strategies and ``properties/inputs/`` building the arguments;
- ``checks``: the spec's own code around the calls (``properties/*.py``: comparisons, transforms);
- ``metric-assay engine``: ``properties/engine/`` (the recording view, snapshots, finding classes, edge
  cases, pins, replays);
- ``targeting``, ``shrinking``, ``generating``, ``reuse``: Hypothesis' own engine code, by the phase it runs in;
- ``other``.

The innermost frame that belongs to a bucket decides; NumPy, SciPy and the standard library count for their
caller, except that anything under a target or reference frame is that call's time.

``--versus REV`` runs the same benchmark on a git revision of this repository (checked out in a temporary
worktree, run in a subprocess against this venv) and prints both side by side with the ratios, so that a change
is judged in one run on one machine. The runs report examples checked per property too: a speed-up that checks
fewer examples is not one.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _spec_root() -> Path:
    """The checkout whose spec runs (another revision's under ``--versus``), not necessarily this file's."""
    import properties

    return Path(properties.__file__).resolve().parents[1]

BUCKETS = ("target and reference calls", "drawing", "checks", "targeting", "shrinking", "generating", "reuse",
           "metric-assay engine", "other")

#: Hypothesis' engine methods that mark its phases (hypothesis/internal/conjecture/engine.py)
_PHASES = {"optimise_targets": "targeting", "shrink_interesting_test_cases": "shrinking",
           "generate_new_test_cases": "generating", "reuse_existing_test_cases": "reuse"}


class StackSampler:
    """Samples one thread's stack every ``interval`` seconds and counts the samples per bucket."""

    def __init__(self, thread_id: int, code_roots: tuple[str, ...], interval: float = 0.001):
        self.thread_id, self.code_roots, self.interval = thread_id, code_roots, interval
        self.counts: Counter = Counter()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        root = _spec_root()
        self._inputs = str(root / "properties" / "inputs")
        self._engine = str(root / "properties" / "engine")
        self._spec = str(root / "properties")

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            frame = sys._current_frames().get(self.thread_id)
            if frame is not None:
                self.counts[self.bucket(frame)] += 1

    def bucket(self, frame) -> str:
        """The innermost frame that belongs to a bucket decides (NumPy, SciPy and the standard library are
        attributed to their caller); Hypothesis' own engine code is split by the phase it runs in."""
        phase, owner = None, None
        while frame is not None:
            code = getattr(frame, "f_code", None)
            if code is None:  # a frame torn down while it was read
                break
            f = code.co_filename
            if owner is None:
                if f.startswith(self.code_roots):
                    return "target and reference calls"
                if "hypothesis/strategies" in f or "hypothesis/extra" in f or f.startswith(self._inputs):
                    owner = "drawing"
                elif f.startswith(self._engine):
                    owner = "metric-assay engine"
                elif f.startswith(self._spec):
                    owner = "checks"
                elif "/hypothesis/" in f:
                    owner = "hypothesis"
            elif f.startswith(self.code_roots):
                return "target and reference calls"  # e.g. a draw made inside a target call: the call's time
            if code.co_name in _PHASES and phase is None:
                phase = _PHASES[code.co_name]
            frame = frame.f_back
        if owner == "hypothesis":
            return phase or "other"
        return owner or "other"


def _code_roots(target) -> tuple[str, ...]:
    """The files whose frames are the target's or a reference's own work."""
    root = _spec_root()
    roots = {str(root / "metrics"), str(root / "reference")}
    module = sys.modules.get(target.import_path.partition(":")[0])
    for name in (getattr(module, "LIBRARY", None), target.name):
        lib = sys.modules.get(str(name)) if name else None
        if lib is not None and getattr(lib, "__file__", None):
            roots.add(str(Path(lib.__file__).parent))
    if module is not None and getattr(module, "__file__", None):
        roots.add(str(module.__file__))
    return tuple(sorted(roots))


def _engine():
    """The engine's registry, load_target (and its error) and audit, in the layout of the checkout that runs:
    ``--versus`` a revision before the engine's layers (stop 52) finds them in the flat modules."""
    try:
        from properties.engine.vocabulary import registry
        from properties.engine.target.errors import TargetUnavailable
        from properties.engine.target.loading import load_target
        from properties.engine.cli.audit import audit
    except ModuleNotFoundError:
        from properties.engine import registry
        from properties.engine.targets import TargetUnavailable, load_target
        from properties.engine.audit import audit
    return registry, TargetUnavailable, load_target, audit


def measure(target_name: str, families: list[str] | None, profile: str, isolate: bool) -> list[dict]:
    """One row per family (and one for all): properties run, examples, wall seconds, the buckets' shares."""
    registry, TargetUnavailable, load_target, audit = _engine()
    try:
        target = load_target(target_name)
    except TargetUnavailable as exc:
        return [{"target": target_name, "family": "skipped", "note": str(exc)}]
    chosen = families or sorted({p.family for p in registry.conformance_properties()})
    rows = []
    for family in chosen:
        sampler = StackSampler(threading.get_ident(), _code_roots(target))
        started = time.perf_counter()
        with sampler:
            report = audit(target, profile=profile, families=[family], isolate=False)
        wall = time.perf_counter() - started
        ran = [r for r in report.results if r.status != "n/a"]
        row = {"target": target_name, "family": family, "properties": len(ran),
               "examples": sum(r.examples for r in ran), "wall": wall,
               "statuses": dict(Counter(r.status for r in report.results)),
               "examples_per_property": {r.property_id: r.examples for r in ran}}
        total = sum(sampler.counts.values()) or 1
        row["shares"] = {b: sampler.counts.get(b, 0) / total for b in BUCKETS}
        if isolate:
            started = time.perf_counter()
            audit(target, profile=profile, families=[family], isolate=True, jobs=1)
            row["isolated_wall"] = time.perf_counter() - started
        rows.append(row)
        print(f"  {target_name} {family}: {row['examples']} examples in {wall:.1f} s, "
              f"{row['shares']['target and reference calls']:.1%} in target and reference calls", file=sys.stderr)
    return rows


def _run_revision(rev: str, argv: list[str]) -> list[dict]:
    """The same benchmark on revision ``rev``, in a temporary worktree, in a subprocess (this venv's packages)."""
    with tempfile.TemporaryDirectory(prefix="bench-audit-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev], check=True,
                       capture_output=True)
        try:
            out = Path(tmp) / "rows.json"
            # the module is this revision's: older revisions have no bench_audit.py, so run ours from our path
            env = dict(os.environ, PYTHONPATH=str(tree))
            subprocess.run([sys.executable, str(Path(__file__)), *argv, "--json-out", str(out), "--no-versus"],
                           check=True, cwd=tree, env=env)
            return json.loads(out.read_text())
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           capture_output=True)


def _rate(row: dict) -> float:
    return row["examples"] / row["wall"] if row.get("wall") else float("nan")


def print_rows(rows: list[dict], before: list[dict] | None = None, label: str = "") -> None:
    from benchmarks.timing import print_table

    old = {(r["target"], r["family"]): r for r in before or []}
    table = []
    for r in rows:
        if "wall" not in r:
            table.append({"target": r["target"], "family": r["family"], "examples": r.get("note", "")})
            continue
        cell = {"target": r["target"], "family": r["family"], "properties": r["properties"],
                "examples": r["examples"], "wall s": f"{r['wall']:.1f}", "examples/s": f"{_rate(r):,.1f}",
                "in target+reference": f"{r['shares']['target and reference calls']:.1%}",
                "drawing": f"{r['shares']['drawing']:.1%}", "targeting": f"{r['shares']['targeting']:.1%}",
                "shrinking": f"{r['shares']['shrinking']:.1%}", "generating": f"{r['shares']['generating']:.1%}",
                "checks": f"{r['shares']['checks']:.1%}", "engine": f"{r['shares']['metric-assay engine']:.1%}",
                "other": f"{r['shares']['other'] + r['shares']['reuse']:.1%}"}
        if "isolated_wall" in r:
            cell["isolation+IPC s"] = f"{r['isolated_wall'] - r['wall']:+.1f}"
        b = old.get((r["target"], r["family"]))
        if b is not None and "wall" in b:
            cell[f"examples/s vs {label}"] = f"{_rate(r) / _rate(b):.2f}x"
            cell[f"examples vs {label}"] = f"{r['examples'] - b['examples']:+d}"
            fewer = [p for p, n in r["examples_per_property"].items() if n < b["examples_per_property"].get(p, 0)]
            cell["properties with fewer examples"] = len(fewer)
        table.append(cell)
    for scope in sorted({r["target"] for r in rows}):
        mine = [r for r in rows if r["target"] == scope and "wall" in r]
        if len(mine) > 1:
            examples, wall = sum(r["examples"] for r in mine), sum(r["wall"] for r in mine)
            cell = {"target": scope, "family": "ALL", "properties": sum(r["properties"] for r in mine),
                    "examples": examples, "wall s": f"{wall:.1f}", "examples/s": f"{examples / wall:,.1f}",
                    "in target+reference": f"{sum(r['shares']['target and reference calls'] * r['wall'] for r in mine) / wall:.1%}"}
            theirs = [b for b in before or [] if b["target"] == scope and "wall" in b]
            if theirs:
                rate = sum(b["examples"] for b in theirs) / sum(b["wall"] for b in theirs)
                cell[f"examples/s vs {label}"] = f"{examples / wall / rate:.2f}x"
            table.append(cell)
    columns = ["target", "family", "properties", "examples", "wall s", "examples/s", "in target+reference",
               "drawing", "targeting", "shrinking", "generating", "checks", "engine", "other", "isolation+IPC s"]
    if before:
        columns += [f"examples/s vs {label}", f"examples vs {label}", "properties with fewer examples"]
    print_table("Audit throughput, one core (wall-time shares from stack samples)", table,
                [c for c in columns if any(c in t for t in table)])


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", action="append")
    parser.add_argument("--family", action="append")
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--isolate", action="store_true", help="also time the run through the fork pool")
    parser.add_argument("--versus", metavar="REV", help="the same benchmark on this git revision, side by side")
    parser.add_argument("--json-out", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--no-versus", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    sys.path.insert(0, os.getcwd())
    rows = []
    for name in args.target or ["metrics"]:
        rows += measure(name, args.family, args.profile, args.isolate)
    if args.json_out:
        args.json_out.write_text(json.dumps(rows))
        return
    before = None
    if args.versus and not args.no_versus:
        passed = [a for i, a in enumerate(argv) if a != "--versus" and (i == 0 or argv[i - 1] != "--versus")]
        before = _run_revision(args.versus, passed)
        print_rows(before, label="")
    print_rows(rows, before, label=args.versus or "")


if __name__ == "__main__":
    main()
