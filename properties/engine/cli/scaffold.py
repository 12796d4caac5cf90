"""``metric-assay init-adapter NAME``: an adapter skeleton and its deviations file, written from the catalog.

The skeleton lists every catalog name, family by family, with its signature,
its input formats, its return type and range and its undefined cases, each as
a commented-out function ready to be filled in. Everything is read from the
catalog (``metrics``: signatures, return annotations, docstrings) and the spec's
capability tables (input domain, range, undefined cases), so a new metric
appears in the next skeleton without anyone writing about it here.

Unfilled, the skeleton defines no catalog name: every property is n/a and the
audit exits 3, "nothing was verified", never 0.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import inspect
import keyword
import math
import os
import re
import sys
import textwrap
from pathlib import Path

from properties.engine.report.catalog_doc import first_line, range_text

#: the module the commented-out bodies call; the user replaces it with their library
LIBRARY_PLACEHOLDER = "your_library"

#: comment lines are wrapped at this width
WIDTH = 100


class ScaffoldError(ValueError):
    """A name or folder the skeleton cannot be written under (exit 2 with this message)."""


def file_names(name: str) -> tuple[str, str]:
    """The adapter module and the deviations file written for ``name``."""
    return f"{name}.py", f"{name}_deviations.txt"


def check_adapter_name(name: str) -> None:
    """Refuse a name the audit could not import as this adapter: not a module name, a bundled
    target's name, or a module that already exists elsewhere (which the audit would import instead)."""
    from properties.engine.target.loading import BUNDLED

    if not name.isidentifier() or keyword.iskeyword(name):
        raise ScaffoldError(
            f"init-adapter: {name!r} is not a Python module name (letters, digits and underscores, "
            "not starting with a digit, not a keyword); try e.g. 'mylib_adapter'"
        )
    if name in BUNDLED:
        raise ScaffoldError(f"init-adapter: {name!r} is a bundled target's name; try e.g. '{name}_adapter'")
    if _importable_elsewhere(name):
        raise ScaffoldError(
            f"init-adapter: a module {name!r} is already importable here, and the audit would import it "
            f"instead of the adapter (the current folder comes last on the path); try e.g. '{name}_adapter'"
        )


def _importable_elsewhere(name: str) -> bool:
    if name in sys.builtin_module_names:
        return True
    cwd = os.getcwd()
    path = [p for p in sys.path if p not in ("", ".", cwd)]
    return importlib.machinery.PathFinder.find_spec(name, path) is not None


def selected_names(families: list[str] | None = None, names: list[str] | None = None) -> list[str] | None:
    """The catalog names of ``families`` and the ``names`` given, in catalog order (None: neither given, the
    whole catalog). An unknown family or name is a :class:`ScaffoldError` saying what there is."""
    import difflib

    import metrics

    if not families and not names:
        return None
    unknown = sorted(set(families or ()) - set(metrics.FAMILIES))
    if unknown:
        raise ScaffoldError(f"init-adapter: --family: unknown family {', '.join(map(repr, unknown))}; the families "
                            f"are {', '.join(metrics.FAMILIES)}")
    for wanted in names or ():
        if wanted not in metrics.CATALOG:
            close = difflib.get_close_matches(wanted, list(metrics.CATALOG), n=3)
            hint = f" (did you mean {', '.join(map(repr, close))}?)" if close else ""
            raise ScaffoldError(f"init-adapter: --metrics: {wanted!r} is not a catalog name{hint}; "
                                "`metric-assay list` lists them")
    chosen = set(names or ()) | {n for n, f in metrics.CATALOG.items() if f in set(families or ())}
    return [n for n in metrics.CATALOG if n in chosen]


def write_skeleton(name: str, out: str | Path = ".", *, force: bool = False, names: list[str] | None = None,
                   forms: dict | None = None) -> list[Path]:
    """Write the adapter and its deviations file into ``out``; refuse, writing nothing, to overwrite
    either unless ``force``. ``names``: stubs for these catalog names only (None: every one); ``forms``: what
    the properties pass each (:func:`properties.engine.cli.argument_forms.record`), stated in its stub."""
    check_adapter_name(name)
    folder = Path(out)
    paths = [folder / f for f in file_names(name)]
    existing = [str(p) for p in paths if p.exists()]
    if existing and not force:
        raise ScaffoldError(f"init-adapter: {', '.join(existing)} already exist(s); --force overwrites")
    adapter_path, deviations_path = paths
    try:
        folder.mkdir(parents=True, exist_ok=True)
        adapter_path.write_text(adapter_source(name, names=names, forms=forms), encoding="utf-8")
        deviations_path.write_text(deviations_source(name), encoding="utf-8")
    except OSError as exc:
        raise ScaffoldError(f"init-adapter: cannot write into {str(folder)!r}: {exc.strerror or exc}") from None
    return paths


def audit_command(name: str) -> str:
    """The command that audits the skeleton, run from the folder that holds it."""
    return f"metric-assay audit {name} --deviations {file_names(name)[1]}"


# ---------------------------------------------------------------- the adapter module


def adapter_source(name: str, *, names: list[str] | None = None, forms: dict | None = None) -> str:
    """The text of the skeleton module ``name.py``: a stub for each of ``names`` (None: every catalog name),
    stating what the properties pass it where ``forms`` has it (name -> :class:`ArgumentForms`)."""
    import metrics

    from properties.engine.vocabulary.registry import spec

    capabilities = spec().capabilities()
    forms = forms or {}
    parts = [_header(name)]
    for family in metrics.FAMILIES:
        chosen = [n for n, f in metrics.CATALOG.items() if f == family and (names is None or n in names)]
        if not chosen:
            continue
        module = importlib.import_module(f"metrics.{family}")
        keywords = {k for n in chosen if n in forms for k in forms[n].arguments if _has_default(getattr(metrics, n), k)}
        parts.append(_family_header(family, module, len(chosen), rules_for=keywords))
        parts += [_metric_block(n, getattr(metrics, n), module, capabilities.get(n), forms.get(n)) for n in chosen]
    return "\n\n".join(parts).rstrip() + "\n"


def _header(name: str) -> str:
    return f'''"""Adapter of {name}: your library's functions under metric-assay's catalog names.

Written by ``metric-assay init-adapter {name}``. Audit it from the folder that holds it:

    {audit_command(name)}

Every catalog metric is listed below, commented out, with its signature, the inputs the
properties pass, what it must return and its undefined cases. A name this module does not
define is *not applicable* (n/a), never passed: unfilled, this skeleton defines none, so the
audit reports every property n/a and exits 3, "nothing was verified". Uncomment the functions
your library has, make each one call it (keep the catalog's argument names and defaults; drop
keywords your library lacks: only the examples that need them are skipped), and audit again.
Each body calls the library through ``library_call(fn, *args)``: a failure's reproduction then
shows the library's own call, with the arguments the adapter made, under the adapter's call.
docs/adapters.md has the input formats per family, the refusal rule, the precision model, what a
reproduction shows and a worked adapter.
"""

# import {LIBRARY_PLACEHOLDER}
from properties.engine.vocabulary.reproduce import library_call  # calls it; a failure's reproduction shows the call
#: the name shown in reports
TARGET_NAME = "{name}"
#: the version audited, shown in reports (default "unknown")
# VERSION = {LIBRARY_PLACEHOLDER}.__version__
#: every choice the adapter makes (argument order, percentages, tie breaking), shown in reports.
#: Three keys are declarations the properties honour, once for every property they touch: a number
#: (or {{metric: number, "*": default}}) there is what your library gives instead of the catalog's
#: refusal or NaN, and is checked (declare 0.0, return 0.5: still a failure); the report lists each
#: declaration with the properties it changed (docs/adapters.md, "Conventions, domains and tie rules").
#: A choice that is not one of these is a deviation to list, not a convention.
CONVENTIONS: dict = {{
    # "empty": 0.0,          # a one-shot call on empty input
    # "undefined": 0.0,      # the catalog's undefined cases (0/0 rates without zero_division=, kappa, WER of "")
    # "fresh_stream": 0.0,   # compute() on a stream that has seen no sample (or only empty batches)
}}
#: inputs a metric refuses by design, with no keyword to ask for them: {{metric: {{rule: parameters}}}}.
#: Examples outside are skipped (counted, and the property is n/a if every example is outside) instead
#: of failing as refusals of valid input. Argument names are the catalog's (your function's own).
# DOMAINS = {{
#     "corpus_bleu": {{"min_tokens": ("hypotheses", 4)}},   # every hypothesis has at least 4 tokens
#     "matthews_corrcoef": {{"binary": True}},              # at most 2 labels in y_true and y_pred together
#     "roc_auc": {{"range": ("y_score", 0.0, 1.0)}},        # every finite score in [0, 1]
#     "log_loss": {{"where": lambda args, kwargs: len(args[0]) > 1}},   # anything else: a predicate
# }}
#: the tie rule of a ranking metric without a ties= keyword: "input_order" (the earlier document
#: first), or the catalog's "average", "optimistic", "pessimistic"; the tie properties check it
# TIES = {{"ndcg_at_k": "input_order"}}
#: the precision the library computes in, if below float64: "float32", "float16" or "bfloat16"
# PRECISION = "float32"
#: the exception types the library refuses bad input with
REFUSAL_ERRORS = (ValueError, TypeError)
#: the option values the library supports, where it has only some: {{metric: {{keyword: values}}}}
#: (or a predicate on the value), e.g. {{"f1": {{"average": ("binary", "micro", "macro", None)}}}}
SUPPORTS: dict = {{}}
#: input forms the library does not take (False) or takes although the catalog refuses them (True):
#: token_ids, binary_proba_1d, proba_rows, string_labels; label_images, text_strings. Examples in a form
#: not taken are skipped, with the reason (docs/adapters.md, "Input forms a library takes")
# INPUT_FORMS = {{"token_ids": False, "binary_proba_1d": False}}
#: operating points (recall_at_fixed_precision, ...) the library reports without a threshold: the
#: adapter returns (value, nan), and the value alone is checked
# NO_THRESHOLD = ("recall_at_fixed_precision",)
#: stateful forms, {{metric: factory}}: factory(**options) has update(...), compute(), reset(),
#: and optionally merge(other) (docs/adapters.md, "Streaming metrics"). update gets one batch in the
#: positional arguments of the one-shot function; compute() of a stream that has seen nothing refuses
#: (or gives CONVENTIONS["fresh_stream"]); merge(other) adds other's state and leaves other as it was.
# class _Accuracy:
#     def __init__(self, **options):
#         self.inner = {LIBRARY_PLACEHOLDER}.Accuracy(**options)
#     def update(self, y_true, y_pred):
#         self.inner.update(y_pred, y_true)
#     def compute(self):
#         return float(self.inner.compute())
#     def reset(self):
#         self.inner.reset()
#     def merge(self, other):
#         self.inner.merge_state(other.inner)
STREAMING: dict = {{
    # "accuracy": _Accuracy,
}}
#: known deviations: listed in {file_names(name)[1]} (or here, as {{property_id: reason}})
# DEVIATIONS = {{}}'''


def _family_header(family: str, module, count: int, *, rules_for: set[str] = frozenset()) -> str:
    """The family's title line and summary; then the paragraphs of its module's documentation that state a rule
    about one of the keywords ``rules_for`` (how ``zero_division=nan`` enters a macro mean)."""
    title = f"# {'-' * 16} {family} ({count} metric{'s' if count != 1 else ''}) "
    summary = first_line(module.__doc__)
    lines = [f"{title}{'-' * max(0, WIDTH - len(title))}", *_comment_wrapped("", summary, indent="# ")]
    rules = keyword_rules(module.__doc__ or "", rules_for)
    if rules:
        lines.append(f"# The rules of metrics.{family} for the keywords below:")
        lines += [f"#   {line}".rstrip() for line in rules]
    return "\n".join(lines)


def keyword_rules(doc: str, keywords: set[str]) -> list[str]:
    """The paragraphs of a module's documentation that name one of ``keywords`` (as ````kw```` or ````kw=````),
    each with the paragraph after it where it ends in a colon (a table it introduces), as lines."""
    paragraphs = [p for p in re.split(r"\n\s*\n", inspect.cleandoc(doc)) if p.strip()]
    chosen: list[int] = []
    for i, paragraph in enumerate(paragraphs[1:], 1):  # the first is the module's summary line
        if any(f"``{k}``" in paragraph or f"``{k}=" in paragraph for k in keywords):
            chosen += [i, i + 1] if paragraph.rstrip().endswith(":") and i + 1 < len(paragraphs) else [i]
    lines: list[str] = []
    for i in sorted(set(chosen)):
        lines += ([""] if lines else []) + paragraphs[i].splitlines()
    return lines


def _metric_block(name: str, fn, module, capability, forms=None) -> str:
    signature = plain_signature(fn)
    lines = _comment_wrapped(f"{name}: ", first_line(fn.__doc__), indent="# ")
    if capability is not None:
        lines += _comment_wrapped("inputs:  ", capability.input_domain)
    if forms is not None:
        lines += _forms_lines(forms)
    lines += _comment_wrapped("returns: ", return_description(fn, module, capability))
    if forms is not None and forms.calls:
        lines += _comment_wrapped("returned by the catalog: ", "; ".join(forms.return_lines()))
    if forms is not None and forms.refused:
        lines += _comment_wrapped("refuses: ", f"{forms.refused} of the recorded calls pass input the catalog "
                                  "refuses (empty, NaN, mismatched lengths, bad keyword values): raise ValueError "
                                  "or TypeError there (or declare REFUSAL_ERRORS), never return a number")
    if capability is not None:
        lines += _comment_wrapped("undefined: ", capability.undefined)
    arguments = _arguments_paragraph(fn)
    if forms is not None and arguments:
        lines += _comment_wrapped("arguments: ", arguments)
    lines += _code_lines(f"def {name}(", _parameter_tokens(signature), "):", indent="# ")
    lines += _code_lines("return library_call(", [f"{LIBRARY_PLACEHOLDER}.{name}", *_call_tokens(signature)], ")",
                         indent="#     ")
    return "\n".join(lines)


def _forms_lines(forms) -> list[str]:
    """What the properties pass ``forms.name``, argument by argument, as comment lines."""
    from properties.engine.cli.argument_forms import merged_forms

    if not forms.calls:
        return _comment_wrapped("passed:  ", f"no property of {forms.name} runs on these names alone (they need "
                                "other metrics, or a stream)")
    lines = [f"#   the properties pass it ({forms.calls} calls of its {forms.properties} properties, recorded on "
             "the catalog):"]
    for argument, seen in forms.arguments.items():
        shown = merged_forms(seen)
        separator = "; " if any(" of " in form for form in shown) else ", "
        lines += _comment_wrapped(f"{argument}: ", separator.join(shown), indent="#     ")
    return lines


def _has_default(fn, parameter: str) -> bool:
    """Whether ``parameter`` of ``fn`` is an option (it has a default), not the data."""
    found = inspect.signature(fn).parameters.get(parameter)
    return found is not None and found.default is not inspect.Parameter.empty


def _arguments_paragraph(fn) -> str:
    """The catalog docstring's paragraph that starts with "Arguments:" ('' if it has none)."""
    for paragraph in re.split(r"\n\s*\n", inspect.getdoc(fn) or ""):
        if paragraph.startswith("Arguments:"):
            return " ".join(paragraph[len("Arguments:"):].split())
    return ""


def _code_lines(opening: str, tokens: list[str], closing: str, *, indent: str) -> list[str]:
    """``opening tokens closing`` on one line, or, when too long, the tokens packed on lines of their own."""
    one = f"{indent}{opening}{', '.join(tokens)}{closing}"
    if len(one) <= WIDTH:
        return [one]
    packed: list[str] = []
    for token in tokens:
        if packed and len(indent) + 4 + len(packed[-1]) + len(token) + 2 <= WIDTH:
            packed[-1] += f" {token},"
        else:
            packed.append(f"{token},")
    return [f"{indent}{opening}", *(f"{indent}    {line}" for line in packed), f"{indent}{closing}"]


def _comment_wrapped(label: str, text: str, *, indent: str = "#   ") -> list[str]:
    """``label text`` as comment lines within :data:`WIDTH`, continuation lines aligned after the label."""
    wrapped = textwrap.wrap(" ".join(text.split()), width=WIDTH - len(indent) - len(label)) or [""]
    return [f"{indent}{label if i == 0 else ' ' * len(label)}{line}" for i, line in enumerate(wrapped)]


def plain_signature(fn) -> inspect.Signature:
    """``fn``'s signature without annotations, with defaults written as Python source (``nan`` is not)."""
    sig = inspect.signature(fn)
    params = [
        p.replace(annotation=inspect.Parameter.empty,
                  default=p.default if p.default is inspect.Parameter.empty else _SourceDefault(p.default))
        for p in sig.parameters.values()
    ]
    return sig.replace(parameters=params, return_annotation=inspect.Signature.empty)


class _SourceDefault:
    """A default value whose repr is Python source that evaluates to it."""

    def __init__(self, value):
        self.value = value

    def __repr__(self) -> str:
        if isinstance(self.value, float) and not math.isfinite(self.value):
            return f'float("{self.value}")'
        return repr(self.value)


def _parameter_tokens(signature: inspect.Signature) -> list[str]:
    """The parameters as written in a ``def``, with the ``/`` and ``*`` markers."""
    tokens: list[str] = []
    kinds = [p.kind for p in signature.parameters.values()]
    for p in signature.parameters.values():
        if p.kind is inspect.Parameter.KEYWORD_ONLY and inspect.Parameter.VAR_POSITIONAL not in kinds and "*" not in tokens:
            tokens.append("*")
        tokens.append(str(p))
        if p.kind is inspect.Parameter.POSITIONAL_ONLY and kinds.count(p.kind) == len(tokens):
            tokens.append("/")
    return tokens


def _call_tokens(signature: inspect.Signature) -> list[str]:
    """The arguments that pass every parameter on: positional ones by position, keyword-only ones by name."""
    prefix = {inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.VAR_KEYWORD: "**"}
    return [
        f"{p.name}={p.name}" if p.kind is inspect.Parameter.KEYWORD_ONLY else prefix.get(p.kind, "") + p.name
        for p in signature.parameters.values()
    ]


# "Returns ..." up to the end of its sentence: a period before a capital, a parenthesis, a backtick or the end
_RETURNS_SENTENCE = re.compile(r"\bReturns?\s+(.*?)\.(?=\s+[A-Z(`]|\s*$)", re.S)


def return_description(fn, module, capability) -> str:
    """What ``fn`` returns: its return annotation (with the fields of a result type), else the
    docstring's "Returns ..." sentence; then the range the spec declares."""
    annotation = inspect.signature(fn).return_annotation
    if annotation is not inspect.Signature.empty:
        text = _describe_annotation(str(getattr(annotation, "__name__", annotation)), module)
    else:
        found = _RETURNS_SENTENCE.search(inspect.getdoc(fn) or "")
        text = " ".join(found.group(1).split()) if found else f"as help(metrics.{fn.__name__}) describes"
    if capability is not None:
        text += f"; range {range_text(capability.range)}"
    return text


def _describe_annotation(annotation: str, module) -> str:
    result_type = getattr(module, annotation, None)
    fields = getattr(result_type, "_fields", None)
    if fields:
        return f"{annotation}, an object with the numeric fields {', '.join(fields)}"
    return {"float": "a float", "int": "an integer", "np.ndarray": "a NumPy array"}.get(annotation, annotation)


# ---------------------------------------------------------------- the deviations file


def deviations_source(name: str) -> str:
    """The text of ``name_deviations.txt``: the format, and no deviation yet."""
    return f"""# Known deviations of {name}: one property id per line, "# reason" after it.
# Read with: {audit_command(name)}
#
# A listed property that fails is reported as "known deviation" and does not fail the audit;
# one that passes is reported as "deviation fixed" (--strict fails on that, and on an id that
# matches no property). The report names the id of each failure; `metric-assay list` lists them
# all. Put the library's call and its output in the reason, e.g.
#
# <family>.<law>[<metric>]  # by design: mylib.f1([0], [0]) -> 0.0, the catalog gives 1.0
"""
