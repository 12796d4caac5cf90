"""The result of checking one property against one target, and the statuses it can have.
"""

from __future__ import annotations


import dataclasses
from typing import Any


from properties.engine.vocabulary import findings

STATUSES = (
    "pass",
    "fail",
    "error",
    "crash",
    "hang",
    "memory",
    "mutation",
    "nondeterministic",
    "timeout",
    "spec-error",
    "n/a",
    "deviation",
    "fixed",
)

#: statuses that mean the target broke the spec (or could not be checked to the end)
VIOLATIONS = ("fail", "error", "crash", "hang", "memory", "mutation", "nondeterministic", "timeout", "spec-error")

#: the JSON report keeps this much of each text field
JSON_TEXT_LIMIT = 10_000


def truncate(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n... [{len(text) - limit} more characters cut]"


def _is_code(line: str) -> bool:
    return bool(line.strip()) and not line.lstrip().startswith("#")


def truncate_reproduction(text: str, limit: int) -> str:
    """A reproduction cut to about ``limit`` characters in the middle, never at its end: its header (title and
    imports) and the last call (the failing one: the check gave up after it) with its comment lines are kept
    whole, then as many of the first calls as fit, and one comment line says how many lines were cut between.
    Text that is not a reproduction (no call line) is cut as :func:`truncate` cuts."""
    if len(text) <= limit:
        return text
    lines = text.splitlines()
    code = [i for i, line in enumerate(lines) if _is_code(line)]
    calls = [i for i in code if not lines[i].lstrip().startswith(("import ", "from "))]
    if not calls:
        return truncate(text, limit)
    last = calls[-1]
    header = lines[:calls[0]]
    tail = lines[last:]
    budget = limit - sum(len(line) + 1 for line in header + tail)
    body: list[str] = []
    for line in lines[calls[0]:last]:
        if budget - len(line) - 1 < 0:
            break
        body.append(line)
        budget -= len(line) + 1
    cut = lines[calls[0] + len(body):last]
    if not cut:
        return text
    marker = (f"# ... {len(cut)} line(s) ({sum(len(line) + 1 for line in cut)} characters) cut here, "
              f"{sum(map(_is_code, cut))} call(s) among them; the last call below is the failing one")
    return "\n".join(header + body + [marker] + tail)


@dataclasses.dataclass
class Result:
    property_id: str
    statement: str
    kind: str
    family: str
    metrics: tuple[str, ...]
    status: str
    detail: str = ""
    reproduction: str = ""
    counterexample: str = ""
    examples: int = 0
    seconds: float = 0.0
    traceback: str = ""
    #: how bad a violation is (``properties.checks.SEVERITIES``), "" for other statuses
    severity: str = ""
    #: the largest violation the search met (a failing example other than the minimal one), if any
    worst: str = ""
    #: the precision the comparisons assumed (``properties.engine.vocabulary.precision``)
    precision: str = "float64"
    #: options of the target the examples asked for and it lacks (those examples were skipped)
    skipped: tuple[str, ...] = ()
    #: how many drawn examples were skipped (for what the target lacks, or outside its declared domain)
    skipped_examples: int = 0
    #: the target's declarations the examples applied, sorted: ``convention:<kind>=<value>`` (a declared value
    #: expected instead of the catalog's refusal or NaN), ``domain:<metric>:<rule>`` (examples outside a
    #: declared domain skipped), ``ties:<metric>=<rule>`` (a declared tie rule checked); the names
    #: :meth:`~properties.engine.target.loading.Target.declared_conventions` starts its lines with
    conventions: tuple[str, ...] = ()
    #: the target calls of the minimal counterexample as bounded plain data
    #: (:mod:`properties.engine.vocabulary.example_data`): what the plots of a failure are drawn from
    calls: list = dataclasses.field(default_factory=list)
    #: the class of the finding shown (:mod:`properties.engine.vocabulary.findings`); "" when nothing failed
    finding_class: str = ""
    #: every finding the search reached, the one shown first: dicts with ``finding_class``, ``status``,
    #: ``severity``, ``detail``, ``counterexample``, ``reproduction``, ``known`` (covered by a listed
    #: deviation), ``how`` ("shrunk": a search's minimal example; "pinned": a pinned example replayed;
    #: "seen": met while its class was masked, not shrunk; "died": the call the worker was lost in, see
    #: :mod:`properties.engine.isolation.fork_pool`) and ``example`` (the drawn example as data, or None)
    findings: list = dataclasses.field(default_factory=list)
    #: the drawn example of the counterexample as data (:mod:`properties.engine.vocabulary.pins`), None if not pinnable
    example: Any = None
    #: the target functions whose first call in the worker took :data:`WARMUP_NOTED` seconds or more (JIT
    #: compilation, lazy imports), as ``[name, seconds]``: not counted in the property's time budget, and not
    #: part of the verdict (which worker pays a warm-up depends on ``--jobs``)
    warmups: list = dataclasses.field(default_factory=list, compare=False)
    error: BaseException | None = dataclasses.field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        # Built by hand: dataclasses.asdict deep-copies every field, and an
        # exception object (MetricInputError needs its arguments) cannot be copied.
        d = {}
        for f in dataclasses.fields(self):
            if f.name == "error":
                continue
            value = getattr(self, f.name)
            if isinstance(value, str):
                value = (truncate_reproduction if f.name == "reproduction" else truncate)(value, JSON_TEXT_LIMIT)
            d[f.name] = (list(value) if f.name in ("metrics", "skipped", "calls", "findings", "conventions", "warmups")
                         else value)
        return d

    @classmethod
    def from_dict(cls, data: dict) -> "Result":
        known = {f.name for f in dataclasses.fields(cls)} - {"error"}
        fields = {k: v for k, v in data.items() if k in known}
        fields["metrics"] = tuple(fields.get("metrics", ()))
        fields["skipped"] = tuple(fields.get("skipped", ()))
        fields["conventions"] = tuple(fields.get("conventions", ()))
        fields["calls"] = list(fields.get("calls") or [])
        fields["findings"] = [dict(f) for f in fields.get("findings") or []]
        fields["warmups"] = [list(w) for w in fields.get("warmups") or []]
        return cls(**fields)

    def fingerprints(self, *, new_only: bool = False) -> set[str]:
        """The classes of this result's findings (``new_only``: those no listed deviation covers). A result
        written before findings had classes counts as one finding of class ``*`` (the whole property)."""
        if self.findings:
            return {f["finding_class"] for f in self.findings if not (new_only and f.get("known"))}
        if self.status in VIOLATIONS + ("deviation",):
            return {self.finding_class or findings.WHOLE_PROPERTY}
        return set()

    def without_error(self) -> "Result":
        """The result as it can cross a process boundary (no live exception object)."""
        return dataclasses.replace(self, error=None)


STATUS_LABEL = {
    "pass": "pass",
    "fail": "FAIL",
    "error": "ERROR",
    "crash": "CRASH",
    "hang": "HANG",
    "memory": "MEMORY",
    "mutation": "MUTATION",
    "nondeterministic": "NONDETERMINISTIC",
    "timeout": "timeout",
    "spec-error": "SPEC ERROR",
    "n/a": "n/a",
    "deviation": "known deviation",
    "fixed": "deviation fixed",
}


def fingerprint(property_id: str, finding_class: str) -> str:
    """``property.id{class}``: what deviations, baselines and ``diff`` compare."""
    return f"{property_id}{{{finding_class}}}"


#: statuses a known deviation may stand for
DEVIABLE = ("fail", "error", "crash", "hang", "memory", "mutation", "nondeterministic")


def result_base(prop) -> dict:
    """The fields of a result that name the property (a :class:`~properties.engine.vocabulary.registry.Property`)."""
    return dict(
        property_id=prop.id,
        statement=prop.statement,
        kind=prop.kind,
        family=prop.family,
        metrics=prop.metrics,
    )


def finding_record(r: Result, how: str) -> dict:
    if r.counterexample.startswith("Falsifying example: the example pinned"):
        how = "pinned"
    elif r.counterexample.startswith("Falsifying example: the edge case"):
        how = "edge case"
    return dict(finding_class=r.finding_class, status=r.status, severity=r.severity, detail=r.detail,
                counterexample=r.counterexample, reproduction=r.reproduction, known=False, how=how,
                example=r.example)
