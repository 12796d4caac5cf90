"""The suite's own throughput: examples checked per second, per family and target.

    python -m benchmarks.bench_suite [--profile ci] [--target metrics --target sklearn]

Runs the whole conformance audit and reports, per family, how many properties
applied, how many Hypothesis examples were checked, the wall time and the
examples per second -- the number that decides how long `make test` takes.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from benchmarks.timing import print_table
from properties.audit import audit
from properties.targets import TargetUnavailable, load_target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--target", action="append")
    args = parser.parse_args()
    rows = []
    for name in args.target or ["metrics", "sklearn"]:
        try:
            target = load_target(name)
        except TargetUnavailable as exc:
            print(f"{name}: skipped ({exc})")
            continue
        started = time.perf_counter()
        report = audit(target, profile=args.profile)
        wall = time.perf_counter() - started
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
                "family": "ALL",
                "properties run": sum(r.status != "n/a" for r in report.results),
                "examples": total,
                "seconds": f"{wall:.2f}",
                "examples/s": f"{total / wall:,.0f}",
            }
        )
    print_table(
        f"Suite throughput (profile {args.profile})",
        rows,
        ["target", "family", "properties run", "examples", "seconds", "examples/s"],
    )


if __name__ == "__main__":
    main()
