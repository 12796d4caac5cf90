"""Reproductions as Python an author can paste: the calls of a failing example, with their imports.

A reproduction reads::

    # Calls to tinymetrics (examples.adapter.tinymetrics_adapter) in the failing example:
    import examples.adapter.tinymetrics_adapter as target  # run from the root of the metric-assay checkout
    import numpy as np
    target.f1(np.array([0, 1], dtype=np.int64), [1, 1], average='macro')  # -> np.float32(0.33333334)
    #   library: examples.adapter.tinymetrics.f_score([1, 1], np.array([0, 1], ...), ...) -> ...

Every line is Python: the title and the outcomes are comments, a stream is a variable
(``s1 = target.STREAMING['f1']()``, then ``s1.update(...)``). The header imports the target under its
import path, NumPy when an argument needs it, and ``large`` when an argument is a large-tier case.

Arguments are shown as the literal that rebuilds them at their type: a NumPy array always as
``np.array([...], dtype=np.<dtype>)`` (an int64 array too: a list is another input, and its default
dtype depends on the platform), float values in the shortest text that gives back the same value at
that dtype (``0.1`` for a float32 0.1, checked: where the shortest text would round differently on
the way through float64, the exact value is written), NaN and infinities as ``np.nan`` / ``np.inf``
(``float('nan')`` outside arrays). An array of more than :data:`MAX_VALUES` values is cut, and says so
in place (``<99,000 more values not shown ...>``): such a line does not run, on purpose.

The library calls an adapter notes (:mod:`properties.engine.vocabulary.reproduce`) are shown as comment lines
under the adapter's call.
"""

from __future__ import annotations

import functools
import math
import re
import sys
from pathlib import Path

import numpy as np

#: values of one array (items of one list) shown in a reproduction before it is cut
MAX_VALUES = 500

#: the first line of every reproduction starts with this
TITLE = "# Calls to "

#: the folder that holds metric-assay's packages when it runs from a checkout
_CHECKOUT = Path(__file__).resolve().parents[3]

#: metric-assay's own import packages: importable wherever metric-assay is installed
_OWN_PACKAGES = ("metrics", "properties", "reference")


class _Cut:
    """Set when a literal had to be cut short (the line it is on does not run)."""

    def __init__(self):
        self.cut = False


# ---------------------------------------------------------------- literals


def literal(value, *, max_values: int = MAX_VALUES, max_text: int | None = None, _cut: _Cut | None = None,
            _depth: int = 0) -> str:
    """A Python expression that rebuilds ``value`` (see the module's docstring for arrays and floats).

    ``max_values`` bounds the values shown per array, tensor or list, ``max_text`` the characters
    of a string or of an unknown object's ``repr`` (None: no bound).
    """
    cut = _cut if _cut is not None else _Cut()
    kw = dict(max_values=max_values, max_text=max_text, _cut=cut, _depth=_depth + 1)
    named = getattr(value, "expression", None)
    if named is not None and type(value).__name__ == "Named":  # a large-tier input (targets.Named)
        return str(named)
    if _depth > 40:
        cut.cut = True
        return "<nested too deep to show>"
    if isinstance(value, np.ndarray):
        return _array(value, max_values, cut)
    if isinstance(value, np.generic):
        return _scalar(value)
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, float):
        return _python_float(value)
    if isinstance(value, int):
        return repr(value)
    if isinstance(value, str):
        if max_text is not None and len(value) > max_text:
            cut.cut = True
            return repr(value[:max_text]) + f"<{len(value) - max_text:,} more characters not shown>"
        return repr(value)
    if _is_tensor(value):
        return _tensor(value, max_values, cut)
    if type(value) in (list, tuple):
        items = [literal(v, **kw) for v in value[:max_values]]
        if len(value) > max_values:
            cut.cut = True
            items.append(f"<{len(value) - max_values:,} more items not shown>")
        if type(value) is list:
            return "[" + ", ".join(items) + "]"
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if type(value) is dict:
        pairs = list(value.items())
        items = [f"{literal(k, **kw)}: {literal(v, **kw)}" for k, v in pairs[:max_values]]
        if len(pairs) > max_values:
            cut.cut = True
            items.append(f"<{len(pairs) - max_values:,} more items not shown>")
        return "{" + ", ".join(items) + "}"
    try:
        text = repr(value)
    except Exception as exc:  # noqa: BLE001 - a hostile object's repr
        cut.cut = True
        return f"<{type(value).__name__} object: repr raised {type(exc).__name__}>"
    return _bounded_text(text, max_text, cut)


def _bounded_text(text: str, limit: int | None, cut: _Cut) -> str:
    if limit is None or len(text) <= limit:
        return text
    cut.cut = True
    return text[:limit] + f"<{len(text) - limit:,} more characters not shown>"


def _python_float(x: float) -> str:
    if math.isnan(x):
        return "float('nan')"
    if math.isinf(x):
        return "float('inf')" if x > 0 else "-float('inf')"
    return repr(x)


@functools.lru_cache(maxsize=64)
def dtype_text(dtype: np.dtype) -> str:
    """How a reproduction writes ``dtype``: ``np.float32``, ``np.bool_``, ``object``, or its string."""
    if dtype.kind == "b":
        return "np.bool_"
    if dtype.kind in "iufc" and dtype.isnative and getattr(np, dtype.name, None) is dtype.type:
        return f"np.{dtype.name}"
    if dtype.kind == "O":
        return "object"
    return repr(dtype.str)


def _element(x, kind: str, max_text: int | None = None, cut: _Cut | None = None) -> str:
    """One value of an array, as the text that gives it back at the array's dtype."""
    if kind == "f":
        if np.isnan(x):
            return "np.nan"
        if np.isinf(x):
            return "np.inf" if x > 0 else "-np.inf"
        if x.dtype == np.float64:
            return repr(float(x))
        text = str(x)  # NumPy's shortest text that identifies the value at its own precision
        try:
            if x.dtype.type(float(text)) == x:  # what np.array([text], dtype=...) does: through float64
                return text
        except (ValueError, OverflowError):
            pass
        return repr(float(x))  # exact: every float16/float32 value is a float64 value
    if kind == "b":
        return "True" if x else "False"
    if kind in "iu":
        return str(int(x))
    if kind == "c":
        return repr(complex(x))
    if kind == "O":
        return literal(x, max_text=max_text, _cut=cut)
    return repr(x.item())


def _float_texts(values: np.ndarray) -> list[str]:
    """:func:`_element` of every value of a float array, the shortest texts made and checked by NumPy at once."""
    if values.dtype == np.float64:
        texts = np.array([repr(v) for v in values.tolist()], dtype=object)
    else:
        texts = values.astype(str).astype(object)  # NumPy's shortest text at the array's own precision
        with np.errstate(all="ignore"):
            back = texts.astype(np.float64).astype(values.dtype)  # the way np.array([...], dtype=...) reads them
        wrong = ~((back == values) | np.isnan(values))
        texts[wrong] = [repr(float(v)) for v in values[wrong]]  # exact: every float16/float32 value is a float64
    texts[np.isnan(values)] = "np.nan"
    texts[np.isposinf(values)] = "np.inf"
    texts[np.isneginf(values)] = "-np.inf"
    return texts.tolist()


def _nest(items: list[str], shape: tuple) -> str:
    if len(shape) <= 1:
        return "[" + ", ".join(items) + "]"
    step = len(items) // shape[0] if shape[0] else 0
    return "[" + ", ".join(_nest(items[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])) + "]"


def _array(a: np.ndarray, max_values: int, cut: _Cut, *, maker: str = "np.array", dtype: str | None = None) -> str:
    dtype = dtype or dtype_text(a.dtype)
    if a.ndim == 0:
        return f"{maker}({_element(a[()], a.dtype.kind, cut=cut)}, dtype={dtype})"
    if a.size == 0:
        if a.ndim == 1:
            return f"{maker}([], dtype={dtype})"
        return f"np.empty({a.shape!r}, dtype={dtype})" if maker == "np.array" else \
            f"{maker}(np.empty({a.shape!r}), dtype={dtype})"
    if a.size <= max_values and (a.dtype.kind in "biu" or a.dtype == np.float64 and np.isfinite(a).all()):
        return f"{maker}({a.tolist()!r}, dtype={dtype})"  # Python's own repr is the shortest exact text: fast path
    shown = a.flat[:max_values]  # no copy of the whole array
    if a.dtype.kind == "f" and a.dtype.itemsize <= 8:
        items = _float_texts(np.asarray(shown))
    else:
        items = [_element(x, a.dtype.kind, cut=cut) for x in shown]
    if a.size > max_values:
        cut.cut = True
        shape = f"; shape {a.shape}" if a.ndim > 1 else ""
        items.append(f"<{a.size - max_values:,} more values not shown{shape}>")
        return f"{maker}([{', '.join(items)}], dtype={dtype})"
    return f"{maker}({_nest(items, a.shape)}, dtype={dtype})"


def _scalar(x: np.generic) -> str:
    kind = x.dtype.kind
    if kind in "biufc":
        return f"{dtype_text(x.dtype)}({_element(x, kind)})"
    return repr(x.item())


def _is_tensor(value) -> bool:
    return type(value).__module__.split(".")[0] == "torch" and hasattr(value, "detach") and hasattr(value, "dtype")


def _tensor(t, max_values: int, cut: _Cut) -> str:
    """A torch tensor as ``torch.tensor([...], dtype=torch.float32)``, its values exact at its dtype."""
    try:
        flat = t.detach().reshape(-1)
        head = flat[:max_values]
        if str(t.dtype) == "torch.bfloat16":
            head = head.float()  # NumPy has no bfloat16; every bfloat16 value is a float32 value
        values = head.cpu().numpy()
        shape = tuple(t.shape)
    except Exception as exc:  # noqa: BLE001 - a tensor on a device that cannot be read, a subclass
        cut.cut = True
        return f"<tensor that cannot be read back: {type(exc).__name__}>"
    size = int(np.prod(shape)) if shape else 1
    if size <= max_values:
        return _array(values.reshape(shape), max_values, cut, maker="torch.tensor", dtype=str(t.dtype))
    cut.cut = True
    items = [_element(x, values.dtype.kind) for x in values]
    items.append(f"<{size - max_values:,} more values not shown; shape {shape}>")
    return f"torch.tensor([{', '.join(items)}], dtype={t.dtype})"


# ---------------------------------------------------------------- the script


def _one_line(text: str) -> str:
    return text.replace("\r", "\\r").replace("\n", "\\n")


def call_expression(call) -> str:
    """A recorded call (:class:`~properties.engine.target.view.RecordedCall`) as the expression that makes it."""
    parts = [literal(a) for a in call.args]
    parts += [f"{k}={literal(v)}" for k, v in call.kwargs.items()]
    if not parts and call.name.endswith(")"):  # ``merge(s2)``: the label is the whole call
        return f"{call.receiver}{call.name}"
    return f"{call.receiver}{call.name}({', '.join(parts)})"


def call_lines(call) -> list[str]:
    """A recorded call as lines of the script: the statement with its outcome as a comment, then the
    library calls the adapter noted, one comment line each."""
    code = call_expression(call)
    if call.name.startswith("STREAMING[") and not call.raised and re.fullmatch(r"s\d+", call.outcome):
        line = f"{call.outcome} = {code}"
    elif call.raised:
        line = f"{code}  # {_one_line(call.outcome)}"
    else:
        line = f"{code}  # -> {_one_line(call.outcome)}"
    changed = [f"#   {_one_line(call.note)}"] if getattr(call, "note", "") else []
    return [line] + changed + [f"#   library: {_one_line(note)}" for note in getattr(call, "library", ())]


def import_lines(target) -> list[str]:
    """``import <module> as target`` (or ``from <module> import <attribute> as target``), preceded where
    needed by what makes the module importable in a fresh interpreter."""
    module_path, _, attribute = str(target.import_path).partition(":")
    if attribute:
        statement = f"from {module_path} import {attribute} as target"
    else:
        statement = f"import {module_path} as target"
    top = module_path.split(".")[0]
    root = _import_root(top)
    if root is None or top in _OWN_PACKAGES or _installed(root):
        return [statement]
    if root == _CHECKOUT:
        return [f"{statement}  # run from the root of the metric-assay checkout (where {top}/ is)"]
    return [f"import sys; sys.path.insert(0, {str(root)!r})  # the folder {top} was imported from", statement]


def _import_root(top: str) -> Path | None:
    """The folder on ``sys.path`` that the module ``top`` was imported from (None: not known)."""
    module = sys.modules.get(top)
    where = getattr(module, "__file__", None)
    try:
        if where:
            path = Path(where).resolve()
            return path.parent.parent if path.name == "__init__.py" else path.parent
        paths = list(getattr(module, "__path__", None) or [])  # a namespace package
        return Path(paths[0]).resolve().parent if paths else None
    except (OSError, TypeError, ValueError):
        return None


def _installed(root: Path) -> bool:
    return any(part in ("site-packages", "dist-packages") for part in root.parts)


#: what the header says where an argument is a large-tier case
LARGE_IMPORT = "from properties.inputs import large  # the large-tier cases: metric-assay must be importable"


def script(target, calls) -> str:
    """The reproduction of ``calls`` (recorded calls of ``target``) as a Python script ("" if none)."""
    if not calls:
        return ""
    cut = _Cut()
    body: list[str] = []
    for call in calls:
        for value in (*call.args, *call.kwargs.values()):
            literal(value, _cut=cut)  # whether some argument is cut (the lines say where)
        body += call_lines(call)
    return assemble(target, body, cut=cut.cut)


def assemble(target, body: list[str], *, cut: bool = False) -> str:
    """The title and the header the lines ``body`` need, then ``body``."""
    code = "\n".join(line for line in body if not line.lstrip().startswith("#"))
    lines = [f"{TITLE}{_one_line(str(target.name))} ({_one_line(str(target.import_path))}) in the failing example:"]
    lines += import_lines(target)
    if re.search(r"\bnp\.", code):
        lines.append("import numpy as np")
    if re.search(r"(?<![\w.])large\.", code):
        lines.append(LARGE_IMPORT)
        lines += _generator_imports(code)
    if cut:
        lines.append("# some arguments were too long to show: the lines marked 'not shown' do not run as they are")
    return "\n".join(lines + body)


def _generator_imports(code: str) -> list[str]:
    """Imports of the modules that add a large-input generator the code uses (``large.point_clusters`` is added
    by ``properties.large_tier``): ``from properties.inputs import large`` alone does not define it."""
    large = sys.modules.get("properties.inputs.large")
    if large is None:
        return []
    modules = []
    for name in re.findall(r"(?<![\w.])large\.(\w+)\(", code):
        generator = getattr(large, "GENERATORS", {}).get(name)
        module = getattr(generator, "__module__", large.__name__)
        if module != large.__name__ and module not in modules:
            modules.append(module)
    return [f"import {m}  # adds its generators to large" for m in modules]


def is_reproduction(note: str) -> bool:
    """Whether an exception note is a reproduction (its title line)."""
    return note.startswith(TITLE)


def calls_of(text: str) -> list[str]:
    """The call lines of a reproduction's text (no title, imports or comment lines); also reads the
    older form (``Calls to ...`` then indented ``target.f(...) -> value`` lines)."""
    out = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "import ", "from ", "Calls to ", "(large inputs")):
            continue
        out.append(stripped)
    return out
