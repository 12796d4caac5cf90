"""Reading a target's deviations file (scoped lines, reasons) and its pinned counterexamples.
"""

from __future__ import annotations


from pathlib import Path


from properties.engine.vocabulary import findings, ids
from properties.engine.target.errors import DeviationsFileError

def read_deviation_scopes(path: Path | str) -> dict[str, dict[str, str]]:
    """Parse a deviations file: per line ``property.id {class, ...}  # reason``, ``#`` comments.

    The braces name the finding classes the line covers (:mod:`properties.engine.vocabulary.findings`); a line
    without them covers the whole property (``*``, the form of files written before findings had
    classes: read, and warned about by the audit). Ids that have been renamed are read under their new
    name, with a warning. Returns property id -> class pattern -> reason.
    """
    scopes: dict[str, dict[str, str]] = {}
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        entry, _, reason = line.partition("#")
        _add_scoped(scopes, entry, reason.strip() or "(no reason given)", where=str(path))
    return scopes


def _add_scoped(scopes: dict, entry: str, reason: str, *, where: str) -> None:
    parsed = findings.parse_scoped(entry)
    pid, patterns = parsed if parsed is not None else (entry.strip(), [findings.WHOLE_PROPERTY])
    own = scopes.setdefault(ids.resolve(pid, where=where), {})
    for pattern in patterns:
        own[pattern] = reason


def read_deviations(path: Path | str) -> dict[str, str]:
    """The deviations file as property id -> reason (the reasons of its lines joined)."""
    return _reasons(read_deviation_scopes(path))


def _reasons(scopes: dict[str, dict[str, str]]) -> dict[str, str]:
    return {pid: "; ".join(dict.fromkeys(own.values())) for pid, own in scopes.items()}


def pins_path(deviations_path: Path | str) -> Path:
    """Where the pinned counterexamples of a deviations file live: ``NAME.pins.json`` next to ``NAME.txt``."""
    path = Path(deviations_path)
    return path.with_name(path.stem + ".pins.json")


def _read_pins(path: Path) -> dict:
    if not path.is_file():
        return {}
    from properties.engine.vocabulary.pins import read_pins

    try:
        return read_pins(path)
    except ValueError as exc:
        raise DeviationsFileError(str(exc)) from None
