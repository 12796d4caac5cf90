"""Applying a target's listed deviations to a raw result: the one place a finding becomes a deviation.
"""

from __future__ import annotations


import dataclasses


from properties.engine.vocabulary import findings
from properties.engine.vocabulary.results import DEVIABLE, finding_record, Result
from properties.engine.target.loading import Target


def apply_deviation(result: Result, target: Target) -> Result:
    """Judge a result against the target's known deviations.

    A deviation covers the finding classes it names (``*``: the whole property). A result whose every
    finding is covered becomes ``deviation``; one with a finding no deviation covers stays a violation,
    showing that new finding, with the covered ones listed beside it; a listed property whose search
    reached none of its listed classes is ``fixed``.
    """
    patterns = target.deviation_patterns(result.property_id) if hasattr(target, "deviation_patterns") else (
        [findings.WHOLE_PROPERTY] if result.property_id in target.deviations else [])
    if not patterns:
        return result
    reason = target.deviations.get(result.property_id, "(no reason given)")
    records = [dict(f) for f in result.findings]
    if not records and result.status in DEVIABLE:
        records = [finding_record(result, "shrunk")]
    for f in records:
        f["known"] = findings.covered(patterns, f["finding_class"])
    new = [f for f in records if not f["known"]]
    known = [f for f in records if f["known"]]
    if result.status in DEVIABLE and new:
        shown = new[0]
        replaced = result if shown["finding_class"] == result.finding_class else _shown_as(result, shown)
        note = (f"\nnot covered by the listed deviation ({reason}); the listed finding"
                f"{'s' if len(known) != 1 else ''} {', '.join(f['finding_class'] for f in known)} also seen"
                if known else f"\nnot covered by the listed deviation ({reason})")
        return dataclasses.replace(replaced, detail=replaced.detail + note, findings=new + known)
    if result.status in DEVIABLE or (result.status == "pass" and known):
        first = known[0]
        detail = f"known deviation: {reason}\n{first['status']}: {first['detail']}"
        unreached = [p for p in patterns if p != findings.WHOLE_PROPERTY
                     and not any(findings.matches(p, f["finding_class"]) for f in known)]
        if unreached:
            detail += f"\nlisted but not reached in this run: {', '.join(unreached)}"
        if result.status == "pass":  # reached only with its class masked: show the masked failure
            result = dataclasses.replace(result, reproduction=first.get("reproduction", ""),
                                         severity=first.get("severity", ""), finding_class=first["finding_class"])
        return dataclasses.replace(result, status="deviation", detail=detail, findings=known)
    if result.status == "pass":
        detail = f"listed as a known deviation ({reason}) but passed {result.examples} examples"
        return dataclasses.replace(result, status="fixed", detail=detail)
    return result


def _shown_as(result: Result, f: dict) -> Result:
    """``result`` showing the finding ``f`` (one of its findings other than the first)."""
    return dataclasses.replace(result, status=f["status"], severity=f.get("severity", ""), detail=f["detail"],
                               counterexample=f.get("counterexample", ""), reproduction=f.get("reproduction", ""),
                               finding_class=f["finding_class"], worst="", calls=[], traceback="")
