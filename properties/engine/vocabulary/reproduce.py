"""For adapters: show the library's own call in the reproduction of a failure.

An adapter transforms its arguments before it calls the library (it swaps them, casts them to
float32, encodes labels, adds a phantom class). The reproduction of a failure shows the adapter's
call; to show the library's call under it, make that call through :func:`library_call`::

    from properties.engine.vocabulary.reproduce import library_call

    def recall(y_true, y_pred, *, average="binary"):
        return library_call(mylib.recall, torch.tensor(y_pred), torch.tensor(y_true), average=average)

and the reproduction reads::

    target.recall(np.array([0, 1], dtype=np.int64), [1, 1], average='macro')  # -> np.float32(0.25)
    #   library: mylib.recall(torch.tensor([1, 1], dtype=torch.int64), ..., average='macro') -> ...

:func:`library_call` calls ``fn(*args, **kwargs)`` and returns what it returns (or raises what it
raises); while no target call is being recorded (the adapter used on its own, or by a check) it does
nothing else. :func:`note_library_call` records a call the adapter makes some other way.

Recording never breaks the call: the arguments are rendered before it (as they were passed), bounded
(:data:`MAX_VALUES` values per array, tensor or list, :data:`MAX_TEXT` characters per argument and
per line, :data:`MAX_NOTES` lines per target call), and an argument that cannot be shown is named
by its type.
"""

from __future__ import annotations

#: values shown per array, tensor or list of a library call
MAX_VALUES = 24
#: characters shown per argument, and per library call
MAX_TEXT = 240
MAX_LINE = 1200
#: library calls shown per target call (the later ones are counted)
MAX_NOTES = 8

#: the notes of the target call being recorded; None while none is
_NOTES: list | None = None
#: library calls past MAX_NOTES in the target call being recorded
_DROPPED = [0]


def library_call(fn, /, *args, **kwargs):
    """``fn(*args, **kwargs)``, shown under the adapter's call in the reproduction of a failure."""
    notes = _NOTES
    if notes is None:
        return fn(*args, **kwargs)
    if len(notes) >= MAX_NOTES:
        _DROPPED[0] += 1
        return fn(*args, **kwargs)
    shown = _call_text(fn, args, kwargs)
    try:
        result = fn(*args, **kwargs)
    except BaseException as exc:
        _add(notes, shown, f"raised {_safe(lambda: type(exc).__name__)}: {_safe(lambda: str(exc))[:MAX_TEXT]}")
        raise
    _add(notes, shown, "-> " + _safe(lambda: _render(result)))
    return result


def note_library_call(fn_or_name, /, *args, **kwargs) -> None:
    """Record a library call the adapter makes itself (its outcome is not shown): ``fn_or_name`` is the
    function called, or the text to show for it (``"metric.update"``)."""
    notes = _NOTES
    if notes is None:
        return
    _add(notes, _call_text(fn_or_name, args, kwargs), "")


# ---------------------------------------------------------------- used by the engine


def begin() -> None:
    """A target call starts: collect the library calls it makes."""
    global _NOTES
    _NOTES = []
    _DROPPED[0] = 0


def end() -> tuple[str, ...]:
    """The target call has ended: the library calls it made, as lines of text."""
    global _NOTES
    notes, _NOTES = _NOTES, None
    if not notes:
        return ()
    if _DROPPED[0]:
        notes.append(f"... and {_DROPPED[0]} more library call{'s' if _DROPPED[0] > 1 else ''}")
    return tuple(notes)


# ---------------------------------------------------------------- rendering, bounded and safe


def _safe(make) -> str:
    try:
        return make()
    except Exception as exc:  # noqa: BLE001 - nothing shown may break the call
        return f"<not shown: {type(exc).__name__}>"


def _render(value) -> str:
    from properties.engine.vocabulary.pasteable import literal

    return literal(value, max_values=MAX_VALUES, max_text=MAX_TEXT)


def _function_name(fn) -> str:
    if isinstance(fn, str):
        return fn
    module = getattr(fn, "__module__", None) or ""
    qualname = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__name__
    return f"{_public_module(module, qualname, fn)}.{qualname}" if module else qualname


def _public_module(module: str, qualname: str, fn) -> str:
    """The shortest parent of ``module`` (already imported) that exposes ``fn`` under its name."""
    import sys

    parts = module.split(".")
    if "." in qualname:
        return module
    for i in range(1, len(parts)):
        parent = sys.modules.get(".".join(parts[:i]))
        if parent is not None and getattr(parent, qualname, None) is fn:
            return ".".join(parts[:i])
    return module


def _call_text(fn, args, kwargs) -> str:
    name = _safe(lambda: _function_name(fn))
    parts = [_safe(lambda a=a: _render(a)) for a in args]
    parts += [f"{k}={_safe(lambda v=v: _render(v))}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


def _add(notes: list, call: str, outcome: str) -> None:
    if len(notes) >= MAX_NOTES:
        _DROPPED[0] += 1
        return
    text = f"{call} {outcome}".rstrip()
    if len(text) > MAX_LINE:
        text = text[:MAX_LINE] + f"<{len(text) - MAX_LINE:,} more characters not shown>"
    notes.append(text)
