"""What the derandomized examples depend on: the property, the profile, the versions of Hypothesis and
NumPy, and metric-assay's own version; nothing else.

Hypothesis (6.131 on) draws about one value in twenty from constants it mines out of the *local*
modules loaded at the time: every literal of this project's source. A property's examples then moved
whenever a literal changed anywhere in the project (a statement reworded in another family, a
property added elsewhere) or a different set of modules happened to be loaded (a reference adapter
imported by an earlier property, another ``--jobs``): findings came and went for no reason of the
target's.

:func:`isolate` replaces the mining with a frozen pool, ``constants.json`` next to this module: the
integers, floats and short strings Hypothesis mined from metric-assay with every spec module and
reference adapter loaded, written once by :func:`freeze`. The pool is data of a metric-assay version,
like the spec: it changes only when someone regenerates it on purpose (``python -m
properties.engine.search.draws``), and then every property's examples may move, as they do when Hypothesis
is upgraded. It keeps what the mining found that matters to the spec (large integers and offsets
such as 8000 and 1e5, the vocabulary's words, the option names), and Hypothesis's own global
constants (0, ±1, ±inf, NaN, the float limits ...) still apply. The input shapes' own edge cases are
drawn explicitly (``properties/inputs/``).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

FROZEN = Path(__file__).with_name("constants.json")

_ISOLATED: list[bool] = []
#: Hypothesis's own mining function, kept so that a test can show what isolating changes
ORIGINAL_LOCAL_CONSTANTS: list = []


def _frozen_pool(providers):
    data = json.loads(FROZEN.read_text(encoding="utf-8"))
    floats = [float(x) if isinstance(x, str) else x for x in data["floats"]]
    return providers.Constants(
        integers=providers.SortedSet(data["integers"]),
        floats=providers.SortedSet(floats, key=providers.float_to_int),
        bytes=providers.SortedSet(bytes.fromhex(b) for b in data["bytes"]),
        strings=providers.SortedSet(data["strings"]),
    )


def isolate() -> None:
    """Serve Hypothesis the frozen pool instead of the constants of the modules loaded (idempotent)."""
    if _ISOLATED:
        return
    _ISOLATED.append(True)
    try:
        from hypothesis.internal.conjecture import providers
    except ImportError:  # pragma: no cover - a Hypothesis without the providers module mines nothing
        return
    if not all(hasattr(providers, a) for a in ("_get_local_constants", "Constants", "SortedSet", "float_to_int")):
        return  # pragma: no cover - another Hypothesis: nothing of ours to replace
    pool = _frozen_pool(providers)
    ORIGINAL_LOCAL_CONSTANTS.append(providers._get_local_constants)
    providers._get_local_constants = lambda: pool
    cache = getattr(providers, "CONSTANTS_CACHE", None)
    if cache is not None and hasattr(cache, "cache"):
        cache.cache.clear()  # anything computed from a pool mined before this call


def freeze() -> dict:
    """Mine the constants of metric-assay with every spec module and reference adapter loaded, and write
    them to ``constants.json``; the counts per type."""
    from properties.engine.vocabulary import registry  # the spec is installed: importing this module ran properties/__init__.py
    from properties.engine.target.loading import BUNDLED, DEFAULT_TARGET
    from properties.engine.target.references import reference_available

    registry.all_properties(tier=None)
    for name in BUNDLED:
        if name != DEFAULT_TARGET:
            reference_available(name)
    from hypothesis.internal.conjecture import providers

    mine = ORIGINAL_LOCAL_CONSTANTS[0] if ORIGINAL_LOCAL_CONSTANTS else providers._get_local_constants
    pool = mine()
    data = {
        "integers": sorted(pool.integers),
        "floats": [x if math.isfinite(x) else repr(x) for x in pool.floats],
        "strings": sorted(pool.strings),
        "bytes": [b.hex() for b in sorted(pool.bytes)],
    }
    FROZEN.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    return {k: len(v) for k, v in data.items()}


if __name__ == "__main__":
    print(f"wrote {FROZEN}: {freeze()}")
