"""Property ids: one grammar, and the aliases that keep old ids working.

An id is user API: it goes into deviations files, baselines and ``--only``
selections. Every id follows one grammar (``docs/catalog.md`` states it and
``tests/test_ids.py`` enforces it)::

    <family>.<name>[.<name>...][<metric>[:<variant>]]     conformance properties
    <family>.claim.seed<NNN>.<name>[.<name>...]            claims from the source documents
    <family>.claim.<author><year>.<name>[.<name>...]       claims from a publication outside the seeds

Names are snake_case (lower-case letters, digits, underscores; a name starts
with a letter, a variant or a further claim name may start with a digit), with
no spaces. Ids that an earlier release used are listed in ``id_aliases.json``
(old id -> new id): :func:`resolve` maps them, with a one-line warning naming
the new id, wherever a user's file or command line gives an id.
"""

from __future__ import annotations

import json
import re
import sys
from functools import lru_cache
from pathlib import Path

NAME = r"[a-z][a-z0-9_]*"
PART = r"[a-z0-9][a-z0-9_]*"
PROPERTY_ID = re.compile(rf"^{NAME}(?:\.{NAME})+(?:\[{NAME}(?::{PART})?\])?$")
#: a claim's source: a seed document (``seed001``) or a publication cited by first author and year (``tamm2021``)
CLAIM_SOURCE = r"(?:seed\d{3}|[a-z]+\d{4})"
CLAIM_ID = re.compile(rf"^{NAME}\.claim\.{CLAIM_SOURCE}(?:\.{PART})+$")

ALIASES_FILE = Path(__file__).with_name("id_aliases.json")


def is_valid(property_id: str, *, claim: bool = False) -> bool:
    """Whether ``property_id`` follows the grammar (claims have their own form)."""
    if claim:
        return bool(CLAIM_ID.match(property_id))
    return bool(PROPERTY_ID.match(property_id)) and ".claim." not in property_id


@lru_cache(maxsize=1)
def aliases() -> dict[str, str]:
    """Old id -> current id, for every id an earlier release used."""
    return json.loads(ALIASES_FILE.read_text(encoding="utf-8"))


_warned: set[str] = set()


def resolve(property_id: str, *, where: str = "", warn=None) -> str:
    """The current id for ``property_id``; an old id is mapped with a one-line warning."""
    new = aliases().get(property_id)
    if new is None:
        return property_id
    if property_id not in _warned:
        _warned.add(property_id)
        message = f"metric-assay: property id {property_id!r}{' in ' + where if where else ''} was renamed to {new!r}"
        (warn or (lambda text: print(text, file=sys.stderr)))(message)
    return new
