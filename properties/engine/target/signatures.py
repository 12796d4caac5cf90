"""The signatures of a target's functions: which keywords each takes, read once per function."""

from __future__ import annotations

import functools
import inspect
from typing import Callable


@functools.lru_cache(maxsize=4096)
def _cached_signature(fn: Callable) -> inspect.Signature:
    return inspect.signature(fn)


def signature(fn: Callable) -> inspect.Signature:
    """``inspect.signature(fn)``, computed once per function: every recorded call asks for it several times
    (about 2 ms of a mutant meta-test's 50). Raises as ``inspect.signature`` does."""
    try:
        return _cached_signature(fn)
    except TypeError as exc:  # an unhashable callable, or one inspect cannot read (it raises TypeError too)
        if "unhashable" in str(exc):
            return inspect.signature(fn)
        raise


def accepts_keyword(fn: Callable, keyword: str) -> bool:
    try:
        sig = signature(fn)
    except (TypeError, ValueError):
        return True  # builtins/ufuncs: cannot tell, let the call decide
    for param in sig.parameters.values():
        if param.kind is inspect.Parameter.VAR_KEYWORD:
            return True
        if param.name == keyword and param.kind in (
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            inspect.Parameter.KEYWORD_ONLY,
        ):
            return True
    return False
