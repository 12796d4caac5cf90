"""Cross-library agreement: which definition of a metric each bundled target computes.

Tamm, Damdinov & Vasilev (RecSys 2021) computed the same metrics on the same predictions with ten
recommender libraries and found that they disagree. This module turns that comparison into a computed
table. A :class:`Row` names a catalog metric, the inputs it is compared on (every tiny input of its
domain, :func:`tiny_rankings`, in size order) and the catalog's variants of it (keyword bundles of the
catalog function). For each target that maps the metric, its value on every input is measured; targets
that give the same values everywhere form a *group*, named by the catalog variants that give those values
too; and for each pair of groups the first input in size order on which they differ is their *minimal*
distinguishing input (the enumeration is exhaustive, so nothing smaller separates them).

Targets are discovered, never listed: every bundled target (:data:`properties.engine.target.loading.BUNDLED`) whose adapter
defines the row's metric. Each target is loaded and called in a forked child process, through the
:class:`~properties.engine.target.view.RecordingView` the audit uses (arguments guarded, every call recorded
as a reproduction), so a target that crashes, exits or hangs is reported as such and the table is still
written. A target whose library is not installed is listed as skipped, with the metrics its adapter maps.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib.util
import itertools
import json
import math
import os
import pickle
import time
import warnings
from typing import Callable, Sequence

import numpy as np

from properties.engine.vocabulary import pasteable, precision
from properties.engine.target import errors as target_errors, loading as target_loading, signatures, view as target_view

#: seconds one target may take for every call of the table (its library's import included)
TARGET_TIMEOUT = 180.0


@dataclasses.dataclass(frozen=True)
class Input:
    """One batch of ranked lists (``grades[q][i]``: the grade of query q's document at rank i + 1) and k."""

    grades: tuple
    k: int

    def array(self) -> np.ndarray:
        return np.array(self.grades, dtype=np.int64)

    def text(self) -> str:
        return f"y_true={[list(q) for q in self.grades]}, k={self.k}"

    def to_dict(self) -> dict:
        return {"y_true": [list(q) for q in self.grades], "k": self.k}


def tiny_rankings(grades: Sequence[int], *, max_docs: int, max_queries: int = 1,
                  max_docs_per_batch: dict | None = None) -> tuple[Input, ...]:
    """Every batch of ranked lists with grades in ``grades``, 1..``max_queries`` queries of the same length
    (1..``max_docs`` documents, at most ``max_docs_per_batch[q]`` for q queries) and every k from 1 to the
    list length (each list has at least k items, as a top-k recommendation list has), in size order:
    fewer queries, then fewer documents, then a smaller total grade, then a smaller k, then lexicographic."""
    out = []
    for q in range(1, max_queries + 1):
        limit = (max_docs_per_batch or {}).get(q, max_docs)
        for n in range(1, limit + 1):
            for cells in itertools.product(sorted(grades), repeat=q * n):
                rows = tuple(tuple(cells[i * n:(i + 1) * n]) for i in range(q))
                out += [Input(rows, k) for k in range(1, n + 1)]
    return tuple(sorted(out, key=lambda x: (len(x.grades), len(x.grades[0]), sum(map(sum, x.grades)), x.k,
                                            x.grades)))


@dataclasses.dataclass(frozen=True)
class Variant:
    """One definition of the row's metric in the catalog: the catalog function with ``options``
    (``k=None`` among them: the value ignores the cutoff)."""

    label: str
    options: dict
    #: the variant sees binary relevance (grade > 0 counts 1): a library that ignores grades
    binary: bool = False


@dataclasses.dataclass(frozen=True)
class Row:
    """One metric of the table, as every target that maps ``metric`` computes it on ``inputs``."""

    key: str
    title: str
    metric: str
    #: "mean": the function returns the mean over queries; "per_query": the table averages its values
    output: str
    inputs: tuple
    variants: tuple
    #: what the row's inputs are, for the reader
    domain: str = ""
    #: whether a refusal (an exception) is an outcome to compare; False: an input some library refuses is set
    #: aside (a library's domain restriction, such as scikit-learn's refusal of one-document queries)
    refusals_compared: bool = False


# ---------------------------------------------------------------- measuring


@dataclasses.dataclass
class Outcome:
    """What one call gave: a value, or the exception it raised (``value`` None)."""

    value: float | None
    raised: str = ""
    #: the call as the reproduction shows it (the adapter's call, the library calls under it)
    call: str = ""

    def key(self) -> str:
        """What a refusal is compared by: the exception's type."""
        return f"raised {self.raised.split(':', 1)[0]}"

    def text(self) -> str:
        return self.raised if self.value is None else f"{self.value:.6g}"


@dataclasses.dataclass
class Measured:
    """One target's side of the table: its values per row, or why it has none."""

    name: str
    import_path: str
    version: str = ""
    #: "ok", "skipped" (its library is not installed), "crash" or "hang"
    status: str = "ok"
    detail: str = ""
    #: the catalog names of the table its adapter defines
    maps: tuple = ()
    #: row key -> one Outcome per input of the row
    outcomes: dict = dataclasses.field(default_factory=dict)
    #: row key -> whether the target's function takes ``k`` (a function without it is called without k)
    takes_k: dict = dataclasses.field(default_factory=dict)
    imports: str = ""


def _value(result) -> float:
    values = np.asarray(result, dtype=float)
    return float(values.mean()) if values.size else float("nan")


def call_row(view, row: Row, target) -> tuple[list[Outcome], bool]:
    """Every input of ``row`` through the recording view of ``target``; and whether its function takes k."""
    fn = target.get(row.metric)
    takes_k = signatures.accepts_keyword(fn, "k")
    outcomes = []
    for example in row.inputs:
        view.calls.clear()
        kwargs = {"k": example.k} if takes_k else {}
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                value = _value(getattr(view, row.metric)(example.array(), **kwargs))
            outcome = Outcome(value)
        except BaseException as exc:  # noqa: BLE001 - a target's exception (or exit) is its outcome here
            if isinstance(exc, KeyboardInterrupt) and target_view.CALL_MONITOR is None:
                raise
            outcome = Outcome(None, f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:200])
        outcome.call = "\n".join(call.render() for call in view.calls)
        outcomes.append(outcome)
    return outcomes, takes_k


def measure_in_process(name: str, rows: Sequence[Row]) -> Measured:
    """Load the target ``name`` and call it on every row it maps (in this process: run it in a child)."""
    target = target_loading.load_target(name)
    precision.start_property(target.precision)
    view = target_view.RecordingView(target)
    measured = Measured(name=target.name, import_path=target.import_path, version=target.version,
                        imports="\n".join(pasteable.import_lines(target)))
    for row in rows:
        if not target.provides(row.metric):
            continue
        measured.maps += (row.metric,)
        measured.outcomes[row.key], measured.takes_k[row.key] = call_row(view, row, target)
    return measured


def measure_isolated(name: str, import_path: str, rows: Sequence[Row], *, timeout: float = TARGET_TIMEOUT,
                     measure: Callable = measure_in_process) -> Measured:
    """:func:`measure_in_process` in a forked child: a target that crashes, exits or hangs gives a
    ``crash`` or ``hang`` result; one whose library does not import is ``skipped``."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        os.close(read_fd)
        code = 0
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            try:
                payload = ("ok", measure(name, rows))
            except target_errors.TargetUnavailable as exc:
                payload = ("skipped", str(exc))
            data = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
            view = memoryview(data)
            while view:
                view = view[os.write(write_fd, view):]
        except BaseException:  # noqa: BLE001 - nothing may escape a forked child
            code = 70
        finally:
            os._exit(code)
    os.close(write_fd)
    data, status = target_loading.read_child(read_fd, pid, timeout)
    base = Measured(name=name, import_path=import_path, maps=static_names(import_path, rows))
    if status is None:
        return dataclasses.replace(base, status="hang", detail=f"did not finish within {timeout:g}s")
    try:
        kind, payload = pickle.loads(data)
    except Exception:  # noqa: BLE001 - the child died before it wrote its result
        how = f"killed by signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else \
            f"exited with status {os.WEXITSTATUS(status)}"
        return dataclasses.replace(base, status="crash", detail=f"the process measuring it {how}")
    if kind == "skipped":
        return dataclasses.replace(base, status="skipped", detail=payload)
    return payload


def static_names(import_path: str, rows: Sequence[Row]) -> tuple:
    """The row metrics the adapter module defines at its top level, read from its source without importing
    it (so that an adapter whose library is missing still says what it would map). () if not found."""
    module_path = import_path.partition(":")[0]
    try:
        spec = importlib.util.find_spec(module_path)
        source = open(spec.origin, encoding="utf-8").read() if spec and spec.origin else ""
        tree = ast.parse(source)
    except (ImportError, ValueError, OSError, SyntaxError):
        return ()
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    wanted = dict.fromkeys(row.metric for row in rows)
    return tuple(m for m in wanted if m in names)


def bundled_candidates(rows: Sequence[Row]) -> list[tuple[str, str]]:
    """(name, import path) of every bundled library target whose adapter defines a row's metric."""
    return [(name, path) for name, path in target_loading.BUNDLED.items()
            if name != target_loading.DEFAULT_TARGET and static_names(path, rows)]


# ---------------------------------------------------------------- grouping

#: two values are the same definition's when they agree to float32 rounding (a float32 library, torchmetrics,
#: computes the same rationals as a float64 one to about 1e-7)
SAME_RTOL, SAME_ATOL = 1e-5, 1e-9


def same_outcome(a: Outcome, b: Outcome) -> bool:
    if a.value is None or b.value is None:
        return a.value is None and b.value is None and a.key() == b.key()
    if math.isnan(a.value) or math.isnan(b.value):
        return math.isnan(a.value) and math.isnan(b.value)
    return math.isclose(a.value, b.value, rel_tol=SAME_RTOL, abs_tol=SAME_ATOL)


def first_difference(a: Sequence[Outcome], b: Sequence[Outcome], indices: Sequence[int]) -> int | None:
    """The first of ``indices`` (size order) where the outcomes differ; None: they agree on all of them."""
    return next((i for i in indices if not same_outcome(a[i], b[i])), None)


@dataclasses.dataclass
class Group:
    """Targets that give the same values on every compared input of a row, and the catalog variants that do too."""

    members: tuple
    variants: tuple
    #: the first member's outcomes (one per input of the row)
    outcomes: tuple

    @property
    def name(self) -> str:
        return " or ".join(self.variants) if self.variants else "no catalog variant"


@dataclasses.dataclass
class Difference:
    """The first input (in size order) on which two groups differ, and each side's outcome there."""

    first: int
    second: int
    input: Input
    values: tuple
    calls: tuple


@dataclasses.dataclass
class RowResult:
    row: Row
    groups: list
    differences: list
    #: target name -> whether its function takes k
    takes_k: dict
    #: target name -> (how many inputs it refused, the first of them, what it raised): inputs set aside
    refused: dict = dataclasses.field(default_factory=dict)
    #: how many of the row's inputs every library answered (the groups are formed on these)
    compared: int = 0


def catalog_outcomes(row: Row, variant: Variant, catalog: Callable) -> tuple:
    """The catalog variant's outcome on every input of ``row``."""
    outcomes = []
    for example in row.inputs:
        options = {"k": example.k, **variant.options}
        grades = (example.array() > 0).astype(np.int64) if variant.binary else example.array()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                outcomes.append(Outcome(_value(catalog(grades, **options))))
            except Exception as exc:  # noqa: BLE001 - a variant that refuses the input (no_relevant="raise")
                outcomes.append(Outcome(None, type(exc).__name__))
    return tuple(outcomes)


def group_row(row: Row, measured: Sequence[Measured], catalog: Callable) -> RowResult:
    """Group the targets that map ``row`` by their values, name each group, find each pair's minimal input.

    Unless the row compares refusals (``Row.refusals_compared``), an input that some library refuses (raises on)
    is set aside for every library, and listed: a refusal there is a domain restriction, not a definition."""
    answering = sorted((m for m in measured if row.key in m.outcomes), key=lambda m: m.name)
    refused = {}
    for m in answering:
        raised = [(i, o) for i, o in enumerate(m.outcomes[row.key]) if o.value is None]
        if raised and not row.refusals_compared:
            refused[m.name] = (len(raised), row.inputs[raised[0][0]], raised[0][1].raised)
    indices = [i for i in range(len(row.inputs))
               if row.refusals_compared or all(m.outcomes[row.key][i].value is not None for m in answering)]
    variants = [(v.label, catalog_outcomes(row, v, catalog)) for v in row.variants]
    groups: list[Group] = []
    for m in answering:  # by name: deterministic whatever the order of measuring
        mine = m.outcomes[row.key]
        group = next((g for g in groups if first_difference(g.outcomes, mine, indices) is None), None)
        if group is not None:
            group.members += (m.name,)
            continue
        matching = tuple(label for label, theirs in variants if first_difference(theirs, mine, indices) is None)
        groups.append(Group((m.name,), matching, tuple(mine)))
    differences = []
    for a, b in itertools.combinations(range(len(groups)), 2):
        index = first_difference(groups[a].outcomes, groups[b].outcomes, indices)
        sides = [groups[g].outcomes[index] for g in (a, b)]
        differences.append(Difference(a, b, row.inputs[index], tuple(o.text() for o in sides),
                                      tuple(o.call for o in sides)))
    takes_k = {m.name: m.takes_k[row.key] for m in answering}
    return RowResult(row, groups, differences, takes_k, refused, len(indices))


@dataclasses.dataclass
class Table:
    rows: list
    measured: list
    seconds: float

    def result(self, key: str) -> RowResult:
        return next(r for r in self.rows if r.row.key == key)

    def missing(self, metric: str | None = None) -> list[Measured]:
        """Targets that map ``metric`` (None: any row metric) but gave no values (skipped, crash, hang)."""
        return [m for m in self.measured if m.status != "ok" and (metric is None or metric in m.maps)]


def agreement_table(rows: Sequence[Row], *, candidates: Sequence[tuple[str, str]] | None = None,
                    catalog: Callable[[str], Callable] | None = None, timeout: float = TARGET_TIMEOUT,
                    measure: Callable = measure_in_process) -> Table:
    """Measure every candidate target (default: :func:`bundled_candidates`) on ``rows`` and group them.
    ``catalog(metric)`` gives the function the variants call (default: the ``metrics`` package's)."""
    started = time.monotonic()
    if catalog is None:
        import metrics

        catalog = lambda metric: getattr(metrics, metric)  # noqa: E731
    candidates = bundled_candidates(rows) if candidates is None else candidates
    measured = [measure_isolated(name, path, rows, timeout=timeout, measure=measure) for name, path in candidates]
    results = [group_row(row, [m for m in measured if m.status == "ok"], catalog(row.metric)) for row in rows]
    return Table(results, measured, time.monotonic() - started)


# ---------------------------------------------------------------- rendering


def table_dict(table: Table) -> dict:
    return {
        "targets": [{"name": m.name, "import_path": m.import_path, "version": m.version, "status": m.status,
                     "detail": m.detail, "maps": list(m.maps)} for m in table.measured],
        "rows": [{
            "metric": r.row.metric, "title": r.row.title, "domain": r.row.domain, "inputs": len(r.row.inputs),
            "compared": r.compared,
            "set_aside": {name: {"inputs": n, "first": first.to_dict(), "raised": raised}
                          for name, (n, first, raised) in r.refused.items()},
            "groups": [{"definition": g.name, "variants": list(g.variants), "libraries": list(g.members),
                        "without_k": [n for n in g.members if not r.takes_k.get(n, True)]} for g in r.groups],
            "differences": [{"groups": [d.first + 1, d.second + 1], "input": d.input.to_dict(),
                             "values": list(d.values), "calls": list(d.calls)} for d in r.differences],
        } for r in table.rows],
    }


def table_json(table: Table) -> str:
    return json.dumps(table_dict(table), indent=2) + "\n"


def _code(lines: list[str]) -> list[str]:
    return ["```python", *lines, "```"]


def table_markdown(table: Table, *, title: str, intro: Sequence[str] = ()) -> str:
    ok = [m for m in table.measured if m.status == "ok"]
    out = [f"# {title}", "", *intro, ""]
    out += ["Generated by `metric-assay docs` (`make docs`); do not edit by hand.", ""]
    out += [f"Libraries measured: {', '.join(f'{m.name} {m.version}' for m in ok) or 'none'}."]
    for m in table.measured:
        if m.status != "ok":
            maps = f" (its adapter maps {', '.join(m.maps)})" if m.maps else ""
            out.append(f"**{m.name}: {m.status}**{maps}: {m.detail}")
    out += ["", "| metric | distinct definitions | definition (catalog variant) | libraries |", "|---|---|---|---|"]
    for r in table.rows:
        for i, g in enumerate(r.groups):
            libs = ", ".join(n + ("" if r.takes_k.get(n, True) else " (no k)") for n in g.members)
            lead = f"{r.row.title} | {len(r.groups)}" if i == 0 else " | "
            out.append(f"| {lead} | {i + 1}. {g.name} | {libs} |")
        if not r.groups:
            out.append(f"| {r.row.title} | 0 | (no library maps `{r.row.metric}`) | |")
    for r in table.rows:
        out += ["", f"## {r.row.title}: `{r.row.metric}`", "",
                f"Inputs ({len(r.row.inputs)}): {r.row.domain}.", ""]
        if r.refused:
            out += [f"Compared on the {r.compared} inputs every library answers; set aside, the inputs refused by "
                    + "; ".join(f"{name} ({n}, the first `{first.text()}`: {raised})"
                                for name, (n, first, raised) in r.refused.items()) + ".", ""]
        for i, g in enumerate(r.groups):
            out.append(f"{i + 1}. **{g.name}**: {', '.join(g.members)}")
        if len(r.groups) < 2:
            out += ["", "Every library that maps it gives the same value on every input."
                    if r.groups else "No library measured maps it."]
            continue
        out += ["", "Minimal inputs on which two definitions differ (the first in size order: fewest queries, "
                "documents, relevant grades, smallest k):", ""]
        for d in r.differences:
            out.append(f"- {d.first + 1} vs {d.second + 1}: `{d.input.text()}` gives {d.values[0]} vs {d.values[1]}")
            out += ["", *("  " + line for line in _code(difference_script(table, r, d))), ""]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- claims about the table


@dataclasses.dataclass(frozen=True)
class ClaimVerdict:
    """A claim's verdict computed from a table (``claims.Verdict`` takes these fields)."""

    verdict: str  # "holds" | "refuted" | "incomplete"
    detail: str
    counterexample: str = ""
    reproduction: str = ""


def difference_lines(result: RowResult) -> list[str]:
    """One line per pair of groups: the minimal input and the two values."""
    return [f"{result.row.title}: {', '.join(result.groups[d.first].members)} vs "
            f"{', '.join(result.groups[d.second].members)} on {d.input.text()}: {d.values[0]} vs {d.values[1]}"
            for d in result.differences]


def difference_script(table: Table, result: RowResult, d: Difference) -> list[str]:
    """Both sides' calls on the minimal input, each after the name and import line of its library."""
    imports = {m.name: m.imports for m in table.measured}
    lines = ["import numpy as np"]
    for g, call in zip((d.first, d.second), d.calls):
        member = result.groups[g].members[0]
        lines += [f"# {member}", *imports.get(member, "").splitlines(), *call.splitlines()]
    return lines


def difference_calls(table: Table, result: RowResult) -> str:
    return "\n".join(line for d in result.differences for line in difference_script(table, result, d))


def groups_text(result: RowResult) -> str:
    return "; ".join(f"[{', '.join(g.members)}] {g.name}" for g in result.groups)


def claim_verdict(table: Table, metrics_: Sequence[str], holds: bool, detail: str, *, counterexample: str = "",
                  reproduction: str = "") -> ClaimVerdict:
    """``holds`` on the libraries measured; "incomplete" when a library that maps one of ``metrics_`` gave no
    values (not installed, crashed, hung): the verdict would be about some of the libraries only."""
    missing = [m for m in table.measured if m.status != "ok" and set(m.maps) & set(metrics_)]
    if missing:
        names = ", ".join(f"{m.name} ({m.status})" for m in missing)
        return ClaimVerdict("incomplete", f"not judged: {names} could not be measured; on the libraries that "
                            f"could: {detail}", counterexample, reproduction)
    return ClaimVerdict("holds" if holds else "refuted", detail, counterexample, reproduction)


# ---------------------------------------------------------------- the documents


@dataclasses.dataclass(frozen=True)
class AgreementDoc:
    """One generated document: ``docs/<stem>.md`` and ``.json`` from the table ``compute()`` gives."""

    stem: str
    title: str
    intro: tuple
    compute: Callable[[], Table]


def write_agreement(doc: AgreementDoc, directory) -> tuple[list, Table]:
    """Write ``<directory>/<stem>.md`` and ``.json``; the paths written and the table."""
    from pathlib import Path

    from properties.engine.report.audit_report import write_atomically

    table = doc.compute()
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    md, js = directory / f"{doc.stem}.md", directory / f"{doc.stem}.json"
    write_atomically(md, table_markdown(table, title=doc.title, intro=doc.intro))
    write_atomically(js, table_json(table))
    return [md, js], table
