"""Live progress of an audit on the terminal, one line per family in a CI log.

On a TTY one status line is redrawn: properties done / total, failures so far,
the property running now and for how long, and an estimate of the time left.
Elsewhere (a CI log, a pipe) nothing is redrawn: one line per family when its
last property completes, with that family's own time (the time its properties ran,
summed over the workers) and, labelled apart, the time since the audit began, and a status line whenever nothing was written for
:data:`HEARTBEAT` seconds, so that a log never looks hung (a library's first call
compiling for minutes, one long property). ``--quiet`` shows neither.
"""

from __future__ import annotations

import shutil
import time
from collections import Counter

from properties.engine.vocabulary.results import STATUS_LABEL, STATUSES, VIOLATIONS


#: the longest a log goes without a line while an audit runs (seconds)
HEARTBEAT = 30.0


def duration(seconds: float) -> str:
    """``4 min 31 s``, ``12.3 s``."""
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(int(round(seconds)), 60)
    return f"{minutes} min {rest} s"


def warmup_line(name: str, seconds: float, property_id: str) -> str:
    return (f"  warming up: {duration(seconds)} in the first call of {name} in a worker (during {property_id}; "
            "not counted in its time budget)")


class Progress:
    def __init__(self, stream, properties, *, mode: str, clock=time.monotonic):
        self.stream = stream
        self.clock = clock
        self.mode = mode  # "live", "lines" or "quiet"
        self.total = len(properties)
        self.done = 0
        self.violations = 0
        self.started = self.clock()
        self.remaining_in_family = Counter(p.family for p in properties)
        self.family_counts: dict[str, Counter] = {}
        #: family -> seconds its properties ran, from start to result (n/a ones never start)
        self.family_seconds: Counter = Counter()
        self.running: dict[str, float] = {}
        self._last_draw = 0.0
        self._last_line = clock()

    # called by the audit
    def started_property(self, prop) -> None:
        self.running[prop.id] = self.clock()

    def finished(self, result) -> None:
        since = self.running.pop(result.property_id, None)
        # a result whose start was not seen (a batch on a cluster) counts the time its worker measured
        ran = self.clock() - since if since is not None else float(getattr(result, "seconds", 0.0) or 0.0)
        self.family_seconds[result.family] += ran
        for name, seconds in getattr(result, "warmups", None) or ():
            if self.mode != "quiet":
                self._write_line(warmup_line(name, seconds, result.property_id))
        self.done += 1
        self.violations += result.status in VIOLATIONS
        self.family_counts.setdefault(result.family, Counter())[result.status] += 1
        self.remaining_in_family[result.family] -= 1
        if self.mode == "lines" and self.remaining_in_family[result.family] == 0:
            self._write_line(self._family_line(result.family))
        elif self.mode == "live":
            self.tick()

    def tick(self) -> None:
        """Redraw the live line (at most five times a second); in a log, write the status line if nothing was
        written for :data:`HEARTBEAT` seconds. Called from the audit's wait loop."""
        if self.mode == "live" and time.monotonic() - self._last_draw >= 0.2:
            self._last_draw = time.monotonic()
            self._draw()
        elif self.mode == "lines" and self.clock() - self._last_line >= HEARTBEAT:
            self._write_line(f"  ... {self.status_line()}")

    def close(self) -> None:
        if self.mode == "live":
            self._write(f"\r{' ' * self._width()}\r")

    # rendering
    def _family_line(self, family: str) -> str:
        """``  text: 12 properties (11 pass, 1 FAIL), its properties ran 3.2 s; 41.0 s into the audit [40/120]``: the
        family's own time (summed over the workers),
        then the audit's elapsed time, labelled so that neither reads as the other."""
        counts = self.family_counts.get(family, Counter())
        parts = ", ".join(f"{counts[s]} {STATUS_LABEL[s]}" for s in STATUSES if counts[s])
        return (f"  {family}: {sum(counts.values())} properties ({parts}), its properties ran "
                f"{duration(self.family_seconds[family])}; {duration(self.clock() - self.started)} into the audit "
                f"[{self.done}/{self.total}]")

    def status_line(self) -> str:
        now = self.clock()
        elapsed = now - self.started
        line = f"[{self.done}/{self.total}] {self.violations} violation(s)"
        if self.running:
            pid, since = min(self.running.items(), key=lambda kv: kv[1])
            line += f" | {pid} ({now - since:.1f}s)"
        if self.done:
            eta = elapsed / self.done * (self.total - self.done)
            line += f" | ETA {int(eta) // 60}:{int(eta) % 60:02d}"
        return line

    def _width(self) -> int:
        return max(20, shutil.get_terminal_size((100, 20)).columns - 1)

    def _draw(self) -> None:
        width = self._width()
        line = self.status_line()
        line = line if len(line) <= width else line[: width - 3] + "..."
        self._write(f"\r{line:<{width}}")

    def _write_line(self, text: str) -> None:
        self._last_line = self.clock()
        if self.mode == "live":  # above the live line, which the next draw puts back
            text = f"\r{text:<{self._width()}}"
        self._write(text + "\n")

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass
