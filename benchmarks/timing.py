"""Shared timing helpers: best-of-N wall time and a ratio table printer."""

from __future__ import annotations

import time
from typing import Callable


def best_time(fn: Callable[[], object], *, repeat: int = 5, min_seconds: float = 0.2) -> float:
    """Best per-call wall time over ``repeat`` rounds; each round loops until ``min_seconds``."""
    fn()  # warm-up (imports, caches)
    best = float("inf")
    for _ in range(repeat):
        calls = 0
        start = time.perf_counter()
        while True:
            fn()
            calls += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_seconds:
                break
        best = min(best, elapsed / calls)
    return best


def fmt_seconds(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds:8.2f} s "


def print_table(title: str, rows: list[dict], columns: list[str]) -> None:
    """Print rows (dicts) as an aligned table; missing cells print as '-'."""
    print(f"\n## {title}\n")
    widths = {c: max(len(c), *(len(str(r.get(c, "-"))) for r in rows)) for c in columns}
    print("| " + " | ".join(c.ljust(widths[c]) for c in columns) + " |")
    print("| " + " | ".join("-" * widths[c] for c in columns) + " |")
    for r in rows:
        print("| " + " | ".join(str(r.get(c, "-")).ljust(widths[c]) for c in columns) + " |")
