"""The suite's own throughput: examples checked per second, per family and target, and
the speed-up of parallel workers.

    python -m benchmarks.bench_suite [--profile ci] [--target metrics --target sklearn] [--jobs 1 --jobs 2]

Runs the whole conformance audit once per ``--jobs`` value (default: 1 and the
number of cores) and reports, per family, how many properties applied, how many
Hypothesis examples were checked, the time spent in them and the examples per
second; then the wall time of each run and its speed-up over ``--jobs 1``. The
runs must give identical results: the speed-up is only worth having if the
report does not depend on it.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from benchmarks.timing import print_table
from properties.engine.target.errors import TargetUnavailable
from properties.engine.target.loading import load_target
from properties.engine.isolation.fork_pool import default_jobs
from properties.engine.cli.audit import audit


def _family_rows(name: str, report, wall: float) -> list[dict]:
    rows = []
    per_family = defaultdict(lambda: {"properties": 0, "examples": 0, "seconds": 0.0})
    for r in report.results:
        if r.status == "n/a":
            continue
        f = per_family[r.family]
        f["properties"] += 1
        f["examples"] += r.examples
        f["seconds"] += r.seconds
    for family, f in sorted(per_family.items()):
        rate = f["examples"] / f["seconds"] if f["seconds"] else float("nan")
        rows.append(
            {
                "target": name,
                "family": family,
                "properties run": f["properties"],
                "examples": f["examples"],
                "seconds": f"{f['seconds']:.2f}",
                "examples/s": f"{rate:,.0f}",
            }
        )
    total = sum(r.examples for r in report.results)
    rows.append(
        {
            "target": name,
            "family": "ALL (wall)",
            "properties run": sum(r.status != "n/a" for r in report.results),
            "examples": total,
            "seconds": f"{wall:.2f}",
            "examples/s": f"{total / wall:,.0f}",
        }
    )
    return rows


def _outcome(report) -> list[tuple]:
    return [(r.property_id, r.status, r.counterexample, r.examples) for r in report.results]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--target", action="append")
    parser.add_argument("--jobs", action="append", type=int)
    args = parser.parse_args()
    jobs_values = args.jobs or sorted({1, default_jobs()})
    family_rows, speed_rows = [], []
    for name in args.target or ["metrics", "sklearn"]:
        try:
            target = load_target(name)
        except TargetUnavailable as exc:
            print(f"{name}: skipped ({exc})")
            continue
        walls, outcomes = {}, {}
        for jobs in jobs_values:
            started = time.perf_counter()
            report = audit(target, profile=args.profile, jobs=jobs)
            walls[jobs] = time.perf_counter() - started
            outcomes[jobs] = _outcome(report)
            if jobs == jobs_values[0]:
                family_rows += _family_rows(name, report, walls[jobs])
        first = jobs_values[0]
        for jobs in jobs_values:
            for a, b in zip(outcomes[first], outcomes[jobs]):
                if a != b:
                    print(f"{name}: --jobs {first} and --jobs {jobs} differ on {a[0]}: {a[1:]} vs {b[1:]}")
            speed_rows.append(
                {
                    "target": name,
                    "jobs": jobs,
                    "wall s": f"{walls[jobs]:.2f}",
                    f"speed-up over --jobs {first}": f"{walls[first] / walls[jobs]:.2f}x",
                    "same results": "yes" if outcomes[jobs] == outcomes[first] else "NO",
                }
            )
    print_table(
        f"Suite throughput (profile {args.profile}, --jobs {jobs_values[0]})",
        family_rows,
        ["target", "family", "properties run", "examples", "seconds", "examples/s"],
    )
    print_table(
        "Parallel audits",
        speed_rows,
        ["target", "jobs", "wall s", f"speed-up over --jobs {jobs_values[0]}", "same results"],
    )


if __name__ == "__main__":
    main()
