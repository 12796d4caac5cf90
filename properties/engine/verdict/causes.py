"""Causes: the findings of one report grouped by what most likely produced them.

A library with one decision ("a stream that has seen nothing computes 0.0", "2-D labels are flattened",
"the input is never validated") fails many properties, one finding each. Read one by one they bury the
real bugs. A *cause* is a group of findings that one decision of the library explains. Every finding has
an *outcome kind* (``returns_nan``, ``returns_inf``, ``finite_wrong``, ``out_of_range``, ``returns_finite``,
``raises:<Type>``, read from its class, or for reports written before classes named it, from its detail)
and an *input class* (the text after the class's last ``@``: ``constant``, ``empty``, ``general`` ...; ''
when the class has none). Findings are linked when their outcome kinds agree (or one is unknown) and:

- the metric and the finding class (``regression.bounds[mse]{wrong_value}`` and
  ``regression.definition[mse]{wrong_value}``); or the property and the severity (one check failing the
  same way under several forms); or, for the streaming properties, the metric and the severity (one
  stream implementation behind every operation);
- or, across metrics, the check, the structure of the class (the bad-input defect and argument, the form,
  the sub-check), the severity, the input class and the raise message if any, when the detail says what
  the target did on the failing call (``returns 0``, ``returns nan``, ``raises ValueError: preds must be
  non-empty``) or the structure names a form (``zero_division=nan``): every classification metric scoring
  2-D labels is one cause (``refuses_bad_input[*]{two_dimensional:y_true/accepted_invalid_input}``, whatever
  number each returns), and so is one averaging rule over every rate (``agrees_with_sklearn[*]{average=macro,
  zero_division=nan/wrong_value}``, each returning NaN); every stream that computes 0.0 when it has seen
  nothing is one cause too (``stream_undefined``, ``stream_reset`` and ``stream_empty_batches`` of each
  metric, the value returned the same);
- or, across metrics, the check, the severity and a NaN or an infinity returned on one named input class
  other than ``general`` (``definition[*]{wrong_value/returns_nan@absent_class}``: one rule for a class
  that is absent);
- or a refusal or crash with the same normalised message and input class, whatever the metric and the
  check (one validation helper of the library, reached from many metrics).

The grouping is a union of these links, but never one that would put two outcome kinds, or two different
raise messages, into one cause: such a link is skipped (a finding whose outcome is unknown joins either
side). Causes are listed worst first: by the worst severity among their findings, new before listed, then
by size. Each keeps one representative finding (:attr:`Cause.representative`), with its reproduction, and
the list of its properties; its title names the metrics that failed (:func:`failed_metrics`), not every
metric its properties touch. The per-property detail stays in the report.
"""

from __future__ import annotations

import dataclasses
import functools
import re

from properties.engine.vocabulary.findings import slug
from properties.engine.vocabulary.severity import rank as severity_rank, SEVERITIES

#: statuses whose findings are grouped (the report's violations and its known deviations)
_GROUPED = ("fail", "error", "crash", "hang", "memory", "mutation", "nondeterministic", "deviation")

_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")
_SPACE = re.compile(r"\s+")
_RAISE = re.compile(r"(?:^|[:/])raises:(\w+)")
#: a raise the detail of a failed check names: a crash, a refusal of the wrong type, a convention refused
_RAISED = re.compile(r"(?:crashed with|call raised|, got) ([A-Z]\w*): (.*)", re.S)
_RESULT = re.compile(r"got a result: (.*)", re.S)

#: how a finding or a cause is labelled: not covered by anything, in the baseline the audit was compared with,
#: covered by a listed deviation
STATE_LABEL = {"new": "NEW", "baseline": "in baseline", "listed": "listed"}
_STATE_ORDER = {"new": 0, "baseline": 1, "listed": 2}


def finding_state(known: bool, in_baseline: bool) -> str:
    """``listed`` (a listed deviation covers it), ``baseline`` (the baseline has it) or ``new``."""
    return "listed" if known else "baseline" if in_baseline else "new"


#: the outcome kinds a finding class may end with (before its ``@input_class``); ``raises:<Type>`` is the other
OUTCOME_KINDS = ("returns_nan", "returns_inf", "finite_wrong", "out_of_range", "returns_finite")
#: the parts of a class that are a severity or a status, not its structure
_SEVERITY_PARTS = frozenset({slug(s) for s in SEVERITIES} | set(_GROUPED)
                            | {"mutation", "return_type", "exit", "memory", "failure", "wrong_value"})
_INPUT_CLASS = re.compile(r"[\w.\-]+")
#: the input classes of the undefined cases, where catalogs and libraries document their conventions
CONVENTION_INPUTS = ("empty", "constant", "absent_class", "single_sample")
#: an outcome kind in a title, where the detail does not say what came back (a finite wrong value says nothing more)
_KIND_WORDS = {"returns_nan": "returns nan", "returns_inf": "returns inf", "out_of_range": "out of range"}
#: a raise message shorter than this is too generic to link findings across metrics on its own
_MESSAGE_MIN = 8


def _split_input_class(finding_class: str) -> tuple[str, str]:
    head, sep, tail = finding_class.rpartition("@")
    if sep and _INPUT_CLASS.fullmatch(tail):
        return head, tail
    return finding_class, ""


def input_class_of(finding_class: str) -> str:
    """The input class a finding class names after its last ``@`` (``constant``, ``general`` ...; '' for none)."""
    return _split_input_class(finding_class)[1]


def class_outcome(finding_class: str) -> str:
    """The outcome kind a finding class names (``returns_nan``, ``raises:TypeError`` ...; '' for none)."""
    body = _split_input_class(finding_class)[0]
    for part in reversed(body.split("/")):
        if part in OUTCOME_KINDS:
            return part
    raised = list(_RAISE.finditer(body))
    return f"raises:{raised[-1].group(1)}" if raised else ""


def class_structure(finding_class: str) -> str:
    """The structure of a finding class, without its severity, outcome and input class: the bad-input defect and
    argument, the form, the sub-check (``two_dimensional:y_true``, ``average=macro``; '' for a bare check)."""
    parts = _split_input_class(finding_class)[0].split("/")
    while parts and (parts[-1] in OUTCOME_KINDS or parts[-1].startswith("raises:") or parts[-1] in _SEVERITY_PARTS):
        parts.pop()
    return re.sub(r"(?:^|:)(?:raises:\w+|memory)$", "", "/".join(parts))


def _form_part(structure: str) -> str:
    """The parts of a structure that name a form (``average=macro,zero_division=nan``)."""
    return ":".join(p for p in structure.split(":") if "=" in p)


@dataclasses.dataclass
class Member:
    """One finding of one property, as a cause sees it."""

    property_id: str
    metrics: tuple
    finding_class: str
    severity: str
    status: str
    known: bool
    detail: str
    reproduction: str
    counterexample: str = ""
    #: the baseline the report was compared with has this finding
    in_baseline: bool = False
    #: the declarations the finding's result applied (:attr:`~properties.engine.vocabulary.results.Result.conventions`)
    conventions: tuple = ()

    @property
    def check(self) -> str:
        """The property without its metric: ``classification.refuses_bad_input``."""
        return self.property_id.split("[", 1)[0]

    @property
    def outcome(self) -> str:
        return outcome_of(self.finding_class, self.detail)

    @functools.cached_property
    def outcome_kind(self) -> str:
        """``returns_nan``, ``returns_inf``, ``finite_wrong``, ``out_of_range``, ``returns_finite``,
        ``raises:<Type>``, or '' when neither the class nor the detail says."""
        return outcome_kind(self.finding_class, self.detail)

    @property
    def input_class(self) -> str:
        return input_class_of(self.finding_class)

    @property
    def structure(self) -> str:
        return class_structure(self.finding_class)

    @functools.cached_property
    def message(self) -> str:
        """The normalised message of what the target raised ('' if it did not raise, or said nothing)."""
        outcome = self.outcome
        if not outcome.startswith("raises "):
            return ""
        return outcome.partition(": ")[2]

    @functools.cached_property
    def failed(self) -> tuple | None:
        """The metrics that failed (:func:`failed_metrics`); None when the finding does not tell."""
        return failed_metrics(self)

    def convention_likeness(self) -> tuple:
        """How much the finding looks like a declared or documented convention rather than a bug, as a key
        (smaller: less like one): whether its result applied a declared convention; then its outcome (a finite
        wrong value, a value out of range, a crash: 0; infinity: 1; NaN or a clean refusal, the usual ways a
        library documents an undefined case: 2); then whether its input is an undefined case
        (:data:`CONVENTION_INPUTS`)."""
        declared = any(str(c).startswith("convention:") for c in self.conventions)
        kind = self.outcome_kind
        if kind == "returns_nan" or (kind.startswith("raises:") and self.severity != "crash"):
            tier = 2
        elif kind == "returns_inf":
            tier = 1
        else:
            tier = 0
        return (declared, tier, self.input_class in CONVENTION_INPUTS)


@dataclasses.dataclass
class Cause:
    """Findings that share a cause (see the module docstring), worst first."""

    members: list

    @property
    def severity(self) -> str:
        return min((m.severity for m in self.members), key=severity_rank, default="")

    @property
    def known(self) -> bool:
        """Every finding of the cause is covered by a listed deviation."""
        return all(m.known for m in self.members)

    @property
    def state(self) -> str:
        """``listed`` (every finding listed), ``baseline`` (every finding listed or in the baseline), or ``new``."""
        return min((finding_state(m.known, m.in_baseline) for m in self.members), key=_STATE_ORDER.get,
                   default="listed")

    @property
    def metrics(self) -> list[str]:
        """Every metric the cause's properties touch (the title names :attr:`failed_metrics` only)."""
        return sorted({x for m in self.members for x in m.metrics})

    @property
    def failed_metrics(self) -> list[str]:
        """The metrics its findings show failing (a finding that does not tell adds none)."""
        return sorted({x for m in self.members for x in (m.failed or ())})

    @property
    def properties(self) -> list[str]:
        return sorted({m.property_id for m in self.members})

    @property
    def representative(self) -> Member:
        """The finding shown for the cause: the worst; among equals the one least like a declared or documented
        convention (:meth:`Member.convention_likeness`), so that a bug is never shown as the convention next to
        it; then a new one before a listed one, one with its calls, the shortest reproduction."""
        return min(self.members, key=lambda m: (severity_rank(m.severity), m.convention_likeness(),
                                                m.known or m.in_baseline, not m.reproduction, len(m.reproduction),
                                                m.property_id))

    def title(self, *, checks: bool = True) -> str:
        """One line: which metrics failed, what they do, in which checks (``checks=False``: without them)."""
        rep = self.representative
        failed = self.failed_metrics
        shown = ", ".join(failed[:4]) + (f" and {len(failed) - 4} more" if len(failed) > 4 else "")
        # a relation that does not say which of its metrics failed, none of them named by the other findings
        sizes = sorted({len(m.metrics) for m in self.members if m.failed is None and not set(m.metrics) & set(failed)})
        relation = "" if not sizes else (f"a relation of {sizes[0]} metrics" if len(sizes) == 1
                                         else f"relations of {', '.join(map(str, sizes))} metrics")
        outcome = rep.outcome or _KIND_WORDS.get(rep.outcome_kind, "")
        names = sorted({m.check.split(".", 1)[-1] for m in self.members})
        where = ", ".join(names[:3]) + (f" and {len(names) - 3} more checks" if len(names) > 3 else "")
        where = f" ({where})" if checks else ""
        what = {"crash": "crashes", "accepted invalid input": "accepts invalid input",
                "refuses valid input": "refuses valid input",
                "wrong exception type": "refuses with an undeclared exception type"}.get(rep.severity,
                                                                                       rep.severity or "fails")
        if rep.finding_class == "memory" or rep.finding_class.endswith(":memory"):
            what = "needs more memory than the per-call limit"
        what += f", {outcome}" if outcome else ""
        if not shown:
            return f"{what} in {relation}{where}" if relation else f"(no metric): {what}{where}"
        return f"{shown}" + (f", and {relation}" if relation else "") + f": {what}{where}"

    def sort_key(self):
        return (severity_rank(self.severity), _STATE_ORDER[self.state], -len(self.members), self.title())

    def to_dict(self) -> dict:
        rep = self.representative
        return {
            "title": self.title(),
            "severity": self.severity,
            "known": self.known,
            "state": self.state,
            "metrics": self.metrics,
            "failed_metrics": self.failed_metrics,
            "findings": len(self.members),
            "properties": [{"property_id": m.property_id, "finding_class": m.finding_class,
                            "severity": m.severity, "known": m.known, "in_baseline": m.in_baseline}
                           for m in self.members],
            "representative": {"property_id": rep.property_id, "finding_class": rep.finding_class,
                               "detail": rep.detail, "counterexample": rep.counterexample,
                               "reproduction": rep.reproduction},
        }


def normalise_message(text: str, limit: int = 160) -> str:
    """A message with its numbers replaced by ``N``, spaces collapsed: the same refusal on other inputs."""
    text = _SPACE.sub(" ", _NUMBER.sub("N", str(text))).strip()
    return text[:limit]


_SCALAR_WRAPPER = re.compile(r"^(?:np\.|numpy\.)?\w+\((.*)\)$")


def _value_kind(text: str) -> str:
    text = text.strip()
    wrapped = _SCALAR_WRAPPER.match(text)
    if wrapped and "[" not in text:  # np.float32(0.0), tensor(1.)
        text = wrapped.group(1)
    low = text.lower()
    if "nan" in low:
        return "nan"
    if "inf" in low:
        return "-inf" if "-inf" in low else "inf"
    if "[" in text or "(" in text:
        return "an array" if "[" in text else "a value"
    found = _NUMBER.fullmatch(text.split(",")[0].strip())
    if found is not None:
        value = float(found.group())
        return f"{value + 0.0:g}" if value in (0.0, 1.0, -1.0) else "a number"  # + 0.0: -0 is 0
    return "a value"


def outcome_of(finding_class: str, detail: str) -> str:
    """What the target did on the failing call, normalised ('' when the detail does not say)."""
    detail = detail or ""
    raised = list(_RAISE.finditer(_split_input_class(finding_class)[0]))
    if raised:
        name = raised[-1].group(1)
        at = detail.find(f"{name}: ")
        message = detail[at + len(name) + 2:] if at >= 0 else detail
        return f"raises {name}: {normalise_message(message.splitlines()[0] if message.strip() else '')}".rstrip(": ")
    crashed = _RAISED.search(detail)
    if crashed:
        return f"raises {crashed.group(1)}: {normalise_message(crashed.group(2).splitlines()[0])}".rstrip(": ")
    result = _RESULT.search(detail)
    if result:
        return "returns " + _value_kind(result.group(1).splitlines()[0])
    return ""


_COMPARED = re.compile(r".*:\s*(\S.*?) != ")  # the last colon before the comparison: the actual value


def outcome_kind(finding_class: str, detail: str) -> str:
    """The outcome kind of a finding: the one its class names (:func:`class_outcome`), else, for a class without
    one (a report written before classes named it), read from the detail: what the target raised or returned
    (:func:`outcome_of`), or the actual value of a failed comparison (``value: nan != 0.5``); '' if neither says."""
    kind = class_outcome(finding_class)
    if kind:
        return kind
    text = outcome_of(finding_class, detail)
    if text.startswith("raises "):
        return "raises:" + text[len("raises "):].split(":", 1)[0].strip()
    if text.startswith("returns "):
        return {"nan": "returns_nan", "inf": "returns_inf", "-inf": "returns_inf"}.get(text[len("returns "):],
                                                                                      "returns_finite")
    for line in (detail or "").splitlines():
        if line.startswith("known deviation:"):
            continue
        if " is NaN, expected within " in line:
            return "returns_nan"
        if " is outside [" in line:
            return "out_of_range"
        compared = _COMPARED.search(line)
        if compared:
            value = _value_kind(compared.group(1))
            return {"nan": "returns_nan", "inf": "returns_inf", "-inf": "returns_inf"}.get(value, "finite_wrong")
    return ""


# ------------------------------------------------------------ which metric failed

_STREAM_MADE = re.compile(r"(?:(\w+) = )?target\.STREAMING\[['\"]([^'\"]+)['\"]\]")
_TARGET_CALL = re.compile(r"target\.(\w+)\(")
_STREAM_CALL = re.compile(r"(\w+)\.\w+\(")


def _calls(reproduction: str) -> list[tuple[str, str, bool]]:
    """The target calls of a reproduction: (function or stream's metric, outcome text, raised)."""
    from properties.engine.vocabulary.pasteable import calls_of

    streams: dict[str, str] = {}
    out = []
    for line in calls_of(reproduction or ""):
        code, sep, outcome = line.rpartition("  # ")
        if not sep:
            code, sep, outcome = line.partition(" -> ")  # the older form: ``target.f(...) -> value``
            outcome = "-> " + outcome if sep else ""
        made = _STREAM_MADE.match(code)
        if made:
            if made.group(1):
                streams[made.group(1)] = made.group(2)
            out.append((made.group(2), outcome if not made.group(1) else "", outcome.startswith("raised")))
            continue
        called = _TARGET_CALL.match(code)
        stream = _STREAM_CALL.match(code)
        name = called.group(1) if called else (streams.get(stream.group(1), "") if stream else "")
        out.append((name, outcome, outcome.startswith("raised")))
    return out


def subject_of(property_id: str) -> str:
    """The metric a property's id names in brackets (``f1`` for ``x.definition[f1]`` and ``x.y[f1:variant]``)."""
    inside = property_id.partition("[")[2].rstrip("]")
    return inside.split(":", 1)[0]


def failed_metrics(member: Member) -> tuple | None:
    """The metrics a finding shows failing: the property's only metric; else, from its reproduction, the metrics
    whose calls raised, or (for a NaN or an infinity) returned that value, or the only metric it calls; else the
    metric its id names. None when it cannot be told (a relation of several metrics that returned numbers)."""
    metrics = tuple(member.metrics)
    if len(metrics) <= 1:
        return metrics
    calls = [c for c in _calls(member.reproduction) if c[0] in metrics]
    kind = member.outcome_kind
    if kind.startswith("raises:") or not kind:
        raised = sorted({name for name, _, did_raise in calls if did_raise})
        if raised:
            return tuple(raised)
    if kind in ("returns_nan", "returns_inf"):
        value = "nan" if kind == "returns_nan" else "inf"
        returned = sorted({name for name, outcome, _ in calls if value in outcome.lower()})
        if returned:
            return tuple(returned)
    names = sorted({name for name, _, _ in calls})
    if len(names) == 1:
        return tuple(names)
    subject = subject_of(member.property_id)
    return (subject,) if subject in metrics else None


# ------------------------------------------------------------ grouping


def members_of(results, in_baseline=None) -> list[Member]:
    """Every finding of the report's violations and known deviations, one member each; ``in_baseline``
    (property id, finding class) -> bool says which a baseline has."""
    out = []
    for r in results:
        if r.status not in _GROUPED:
            continue
        records = r.findings or [dict(finding_class=r.finding_class or r.status, severity=r.severity,
                                      status=r.status, detail=r.detail, reproduction=r.reproduction,
                                      counterexample=r.counterexample, known=r.status == "deviation")]
        for f in records:
            out.append(Member(
                property_id=r.property_id, metrics=tuple(r.metrics), finding_class=f.get("finding_class", ""),
                severity=f.get("severity") or r.severity or "", status=f.get("status", r.status),
                known=bool(f.get("known")) or r.status == "deviation", detail=f.get("detail") or "",
                reproduction=f.get("reproduction") or "", counterexample=f.get("counterexample") or "",
                in_baseline=bool(in_baseline and in_baseline(r.property_id, f.get("finding_class", ""))),
                conventions=tuple(getattr(r, "conventions", ()) or ())))
    return out


#: the links, strongest first: the grouping makes them in this order
_LINK_ORDER = ("class", "property", "stream", "stream-outcome", "check", "edge", "message")


def _links(m: Member) -> list[tuple]:
    """The keys ``m`` is linked by (see the module docstring). Those that do not name the outcome kind link only
    findings of one kind, or of an unknown one: :func:`group` refuses the others."""
    kind = m.outcome_kind
    keys = [("class", m.metrics, m.finding_class), ("property", m.property_id, m.severity)]
    stream = m.check.split(".", 1)[-1].startswith("stream_")
    if stream:  # one stream implementation behind every operation
        keys.append(("stream", m.metrics, m.severity))
    outcome = m.outcome
    if outcome and stream:  # a stream convention: the same whatever the metric
        keys.append(("stream-outcome", m.severity, kind, outcome))
    structure = m.structure
    if kind and (structure or kind.startswith("raises:")) and (outcome or _form_part(structure)):
        keys.append(("check", m.check, structure, m.severity, kind, m.input_class, m.message))
    if kind in ("returns_nan", "returns_inf") and m.input_class not in ("", "general"):
        keys.append(("edge", m.check, m.severity, kind, m.input_class))  # one undefined case, one rule
    if len(m.message) >= _MESSAGE_MIN:
        keys.append(("message", kind, m.input_class, m.message))
    return keys


def group(members: list[Member]) -> list[Cause]:
    """The causes of ``members``, worst first: the union of their links, skipping any link that would put two
    outcome kinds or two raise messages into one cause."""
    parent = list(range(len(members)))
    kinds = [m.outcome_kind for m in members]
    messages = [m.message for m in members]

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(i: int, j: int) -> None:
        a, b = root(i), root(j)
        if a == b:
            return
        if kinds[a] and kinds[b] and kinds[a] != kinds[b]:
            return
        if messages[a] and messages[b] and messages[a] != messages[b]:
            return
        low, high = min(a, b), max(a, b)
        parent[high] = low
        kinds[low] = kinds[low] or kinds[high]
        messages[low] = messages[low] or messages[high]

    by_key: dict[tuple, list[int]] = {}
    for i, m in enumerate(members):
        for key in _links(m):
            by_key.setdefault(key, []).append(i)
    for key in sorted(by_key, key=lambda k: _LINK_ORDER.index(k[0])):  # stable: members' order within a kind
        anchors: list[int] = []  # one member of each group met under this key so far
        for i in by_key[key]:
            for j in anchors:
                union(i, j)
            if all(root(i) != root(j) for j in anchors):
                anchors.append(i)
    groups: dict[int, list[Member]] = {}
    for i, m in enumerate(members):
        groups.setdefault(root(i), []).append(m)
    return sorted((Cause(g) for g in groups.values()), key=Cause.sort_key)


def causes(results, in_baseline=None) -> list[Cause]:
    """The causes of a report's findings (its violations and known deviations), worst first
    (``in_baseline``: :func:`members_of`'s)."""
    return group(members_of(results, in_baseline))


def tally(found: list[Cause]) -> str:
    """``3 causes (1 crash, 2 wrong value)``, severities worst first."""
    by: dict[str, int] = {}
    for c in found:
        by[c.severity or "other"] = by.get(c.severity or "other", 0) + 1
    order = sorted(by, key=severity_rank)
    return f"{len(found)} cause{'s' if len(found) != 1 else ''}" + (
        " (" + ", ".join(f"{by[s]} {s}" for s in order) + ")" if by else "")


def summary_text(found: list[Cause], *, baseline: bool = False) -> str:
    """The summary's lead: the new causes by severity, then those in the baseline (``baseline``: the report
    was compared with one), then the listed ones."""
    new = [c for c in found if c.state == "new"]
    kept = [c for c in found if c.state == "baseline"]
    listed = [c for c in found if c.state == "listed"]
    findings = sum(len(c.members) for c in found)
    if not found:
        return "no findings"
    parts = []
    if new:
        parts.append(f"{tally(new)} {'NEW since the baseline' if baseline else 'NOT LISTED'}")
    for shown, words in ((kept, "in the baseline"), (listed, "listed as deviations")):
        if shown:
            count = f"{len(shown)} cause" + ("s" if len(shown) != 1 else "")
            parts.append(f"{count if parts else tally(shown)} {words}")
    return "; ".join(parts) + f", from {findings} finding{'s' if findings != 1 else ''}"


def member_label(cause: Cause, member: Member) -> str:
    """`` (in baseline)``, `` (NEW)`` ... for a finding of a cause whose findings are not all labelled alike
    ('' when they are: the cause's label says it)."""
    if len({finding_state(m.known, m.in_baseline) for m in cause.members}) < 2:
        return ""
    return f" ({STATE_LABEL[finding_state(member.known, member.in_baseline)]})"


def cause_lines(cause: Cause, number: int, *, limit: int = 1500, with_reproduction: bool = True) -> list[str]:
    """A cause as the terminal shows it: the title, its properties, its representative's reproduction."""
    from properties.engine.vocabulary.results import truncate, truncate_reproduction

    rep = cause.representative
    state = STATE_LABEL[cause.state]
    props = cause.properties
    lines = [f"[{number}] {cause.severity or 'other'} ({state}): {cause.title()}",
             f"    {len(cause.members)} finding{'s' if len(cause.members) != 1 else ''} in {len(props)} "
             f"propert{'ies' if len(props) != 1 else 'y'}: " + ", ".join(props[:6])
             + (f" and {len(props) - 6} more" if len(props) > 6 else "")]
    if with_reproduction:
        lines.append(f"    e.g. {rep.property_id}{{{rep.finding_class}}}{member_label(cause, rep)}: "
                     + truncate((rep.detail or "").strip().splitlines()[0] if rep.detail else "", 300))
        for line in truncate_reproduction(rep.reproduction, limit).splitlines():
            lines.append("      " + line)
    return lines
