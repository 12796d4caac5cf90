"""Targets: anything that exposes catalog names, and how a name resolves to one.

A target is a module (or any object) with functions under the catalog's
names. Optional module attributes it may declare:

``TARGET_NAME``   the name shown in reports (default: the module name)
``VERSION``       the version audited (default: ``__version__``)
``CONVENTIONS``   dict of the conventions it follows, shown in the report; its keys ``empty``,
                  ``undefined`` and ``fresh_stream`` with a number (or ``{metric: number, "*": default}``)
                  are declarations the properties honour (:data:`CONVENTION_KINDS`)
``DOMAINS``       metric -> the inputs it accepts by design (:data:`DOMAIN_RULES`): calls outside are skipped
``TIES``          metric -> its tie rule, for a metric without a ``ties=`` keyword (:data:`TIE_RULES`)
``DEVIATIONS``    dict property id -> reason, merged with the deviations file

Bundled targets are listed in :data:`BUNDLED`; anything else is imported as
``package.module`` or ``package.module:attribute``.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from . import findings, guards, ids, input_forms, pasteable, precision, reproduce

#: bundled target name -> import path
BUNDLED: dict[str, str] = {
    "metrics": "metrics",
    "sklearn": "reference.sklearn",
    "scipy": "reference.scipy",
    "nltk": "reference.nltk",
    "sacrebleu": "reference.sacrebleu",
    "jiwer": "reference.jiwer",
    "rouge_score": "reference.rouge_score",
    "ranx": "reference.ranx",
    "pytrec_eval": "reference.pytrec_eval",
    "rouge": "reference.rouge",
    "torchmetrics": "reference.torchmetrics",
    "pycocotools": "reference.pycocotools",
    "faster_coco_eval": "reference.faster_coco_eval",
    "hdbscan": "reference.hdbscan",
    "pot": "reference.pot",
    "ignite": "reference.ignite",
    "mel_cepstral_distance": "reference.mel_cepstral_distance",
    "rs_metrics": "reference.rs_metrics",
    "cornac": "reference.cornac",
    "utilsforecast": "reference.utilsforecast",
    "netcal": "reference.netcal",
    "implicit": "reference.implicit",
    "pycocoevalcap": "reference.pycocoevalcap",
    "recmetrics": "reference.recmetrics",
    "ir_measures": "reference.ir_measures",
    "recpack": "reference.recpack",
}

DEFAULT_TARGET = "metrics"
ENV_VAR = "METRIC_ASSAY_TARGET"
DEVIATIONS_DIR = Path(__file__).resolve().parents[2] / "reference" / "deviations"


class TargetUnavailable(Exception):
    """The target (or the library behind it) cannot be imported here."""


class DeviationsFileError(ValueError):
    """The deviations file given cannot be read."""


@dataclasses.dataclass
class Target:
    name: str
    namespace: Any
    version: str
    conventions: dict
    deviations: dict[str, str]
    import_path: str
    deviations_file: str | None = None
    #: the precision the adapter says the library computes in (``PRECISION``), None: float64
    precision: str | None = None
    #: exception types the library refuses bad input with (``REFUSAL_ERRORS``)
    refusal_errors: tuple = (ValueError, TypeError)
    #: metric -> keyword -> the values of that option the library supports, or a predicate on the value
    #: (``SUPPORTS``)
    supports: dict = dataclasses.field(default_factory=dict)
    #: property id -> finding class pattern -> reason (:func:`read_deviation_scopes`); ``deviations`` is its
    #: reasons per property. A target built without it treats each listed property as wholly covered.
    deviation_scopes: dict = dataclasses.field(default_factory=dict)
    #: property id -> finding class -> the pinned counterexample as data (:mod:`properties.engine.pins`)
    pins: dict = dataclasses.field(default_factory=dict)
    #: convention kind (:data:`CONVENTION_KINDS`) -> metric or "*" -> the value the library gives there
    #: (the declarations in ``CONVENTIONS``)
    declared: dict = dataclasses.field(default_factory=dict)
    #: metric -> domain rule (:data:`DOMAIN_RULES`) -> its parameters (``DOMAINS``)
    domains: dict = dataclasses.field(default_factory=dict)
    #: metric -> tie rule (:data:`TIE_RULES`), for metrics without a ``ties`` keyword (``TIES``)
    ties: dict = dataclasses.field(default_factory=dict)
    #: input form (:data:`properties.engine.input_forms.FORMS`) -> whether the library takes it (``INPUT_FORMS``)
    input_forms: dict = dataclasses.field(default_factory=dict)
    #: operating-point metrics whose library reports no threshold: theirs is not checked (``NO_THRESHOLD``)
    no_threshold: frozenset = frozenset()

    def convention(self, kind: str, metric: str) -> float | None:
        """The value this target declares for ``kind`` of ``metric`` (None: nothing declared, the catalog's
        answer is expected)."""
        own = self.declared.get(kind, {})
        return own.get(metric, own.get("*"))

    def declared_conventions(self) -> list[str]:
        """One readable line per declaration, each starting with the name a result lists it under
        (:attr:`properties.engine.runner.Result.conventions`)."""
        lines = []
        for kind in CONVENTION_KINDS:
            own = self.declared.get(kind, {})
            by_value: dict[str, list[str]] = {}
            for metric, value in own.items():
                by_value.setdefault(convention_key(kind, value), []).append(metric)
            for key, metrics in sorted(by_value.items()):
                named = sorted(m for m in metrics if m != "*")
                scope = ", ".join(named) + (" and every other metric" if "*" in metrics else "") if named else \
                    "every metric"
                lines.append(f"{key}: {CONVENTION_KINDS[kind]} gives {key.rpartition('=')[2]} ({scope}), "
                             "not the catalog's refusal or NaN")
        for metric, rules in sorted(self.domains.items()):
            for rule, spec in sorted(rules.items()):
                lines.append(f"domain:{metric}:{rule}: {metric} is called only on {describe_domain(rule, spec)}; "
                             "examples outside are skipped")
        for metric, rule in sorted(self.ties.items()):
            lines.append(f"ties:{metric}={rule}: {metric} breaks ties by {TIE_RULES[rule]} (no ties= keyword)")
        for form, taken in sorted(self.input_forms.items()):
            if taken != input_forms.FORMS[form].default:
                what = "examples in it are skipped" if not taken else (
                    "its examples run" if input_forms.FORMS[form].opt_in else "its bad-input examples are skipped")
                lines.append(f"{form_key(form, taken)}: {'takes' if taken else 'does not take'} "
                             f"{input_forms.FORMS[form].description}; {what}")
        for metric in sorted(self.no_threshold):
            lines.append(f"no_threshold:{metric}: {metric} reports no threshold; its value is checked, its "
                         "threshold not")
        return lines

    def deviation_patterns(self, property_id: str) -> list[str]:
        """The finding class patterns the target's deviations list for ``property_id`` ([]: none)."""
        if property_id in self.deviation_scopes:
            return list(self.deviation_scopes[property_id])
        return [findings.WHOLE_PROPERTY] if property_id in self.deviations else []

    def untriaged_deviations(self) -> list[str]:
        """Listed ``property.id {pattern}`` lines whose reason is still a TODO (``metric-assay deviations`` writes
        ``TODO: why (...)`` for a finding it has no reason for): a line nobody has checked against the library."""
        return sorted(f"{pid} {{{pattern}}}" for pid, scopes in self.deviation_scopes.items()
                      for pattern, reason in scopes.items() if reason.lstrip().upper().startswith("TODO"))

    def unscoped_deviations(self) -> list[str]:
        """Listed property ids with a line that names no finding class (it covers the whole property)."""
        return sorted(pid for pid in self.deviations if findings.WHOLE_PROPERTY in self.deviation_patterns(pid))

    def provides(self, need: str) -> bool:
        if need.startswith("stream:"):  # a streaming form (``STREAMING``); a stream without merge is found out
            try:                         # when a property calls it (not applicable, as a missing keyword is)
                self.streaming_factory(need[len("stream:"):])
            except AttributeError:
                return False
            return True
        metric, _, kwarg = need.partition(":")
        fn = getattr(self.namespace, metric, None)
        if not callable(fn):
            return False
        if not kwarg:
            return True
        return accepts_keyword(fn, kwarg)

    def missing(self, needs) -> list[str]:
        return [n for n in needs if not self.provides(n)]

    def streaming_factory(self, name: str) -> Callable:
        streaming = getattr(self.namespace, "STREAMING", None)
        factory = streaming.get(name) if isinstance(streaming, dict) else None
        if not callable(factory):
            raise AttributeError(f"target {self.name!r} has no streaming form of {name!r}")
        return factory

    def get(self, name: str) -> Callable:
        fn = getattr(self.namespace, name, None)
        if not callable(fn):
            raise AttributeError(f"target {self.name!r} does not provide {name!r}")
        return fn

    def catalog_names(self, catalog) -> list[str]:
        return [n for n in catalog if self.provides(n)]


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


def read_deviation_scopes(path: Path | str) -> dict[str, dict[str, str]]:
    """Parse a deviations file: per line ``property.id {class, ...}  # reason``, ``#`` comments.

    The braces name the finding classes the line covers (:mod:`properties.engine.findings`); a line
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


def resolve_name(name: str | None) -> str:
    return name or os.environ.get(ENV_VAR) or DEFAULT_TARGET


def _one_line(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".strip().splitlines()
    return text[0] if text else type(exc).__name__


def check_name(name: str) -> None:
    """Refuse target names that cannot mean a module, before anything is imported."""
    if not name or not name.strip():
        raise TargetUnavailable(
            "the target name is empty (an unset variable such as $TARGET?); give a bundled name "
            f"({', '.join(BUNDLED)}) or 'package.module[:attribute]'"
        )
    module_path = name.partition(":")[0]
    if module_path.startswith(".") or not all(part.isidentifier() for part in module_path.split(".")):
        raise TargetUnavailable(
            f"target {name!r} is not an absolute module name; write it as 'package.module[:attribute]'"
        )


def probe_import(module_path: str, timeout: float = 120.0) -> None:
    """Import ``module_path`` in a forked child first: a module that exits, aborts or hangs
    while it is imported is reported here, before the process holding the results imports it."""
    if not hasattr(os, "fork"):
        return
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        os.close(read_fd)
        message = b"ok"
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            importlib.import_module(module_path)
        except ImportError:
            pass  # harmless to repeat: the parent's own import gives the usual message
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            message = _one_line(exc).encode("utf-8", "replace")[:2000]
        try:
            os.write(write_fd, message)
        finally:
            os._exit(0)
    os.close(write_fd)
    data, status = read_child(read_fd, pid, timeout)
    if status is None:
        raise TargetUnavailable(f"importing {module_path!r} did not finish within {timeout:g}s")
    message = data.decode("utf-8", "replace")
    if message == "ok":
        return
    if message:
        raise TargetUnavailable(f"importing {module_path!r} failed: {message}")
    if os.WIFSIGNALED(status):
        how = f"was killed by signal {os.WTERMSIG(status)}"
    else:
        how = f"exited with status {os.WEXITSTATUS(status)}"
    raise TargetUnavailable(f"importing {module_path!r} ended the process: it {how}")


def read_child(read_fd: int, pid: int, timeout: float) -> tuple[bytes, int | None]:
    """What the forked child ``pid`` writes to ``read_fd`` until it closes it, and its wait status (None: it
    ran past ``timeout`` seconds and was killed). Closes ``read_fd`` and reaps the child."""
    import select
    import signal as signals

    chunks, deadline, hung = [], time.monotonic() + timeout, False
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signals.SIGKILL)
                hung = True
                break
            ready, _, _ = select.select([read_fd], [], [], left)
            if ready:
                chunk = os.read(read_fd, 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
    finally:
        os.close(read_fd)
        _, status = os.waitpid(pid, 0)
    return b"".join(chunks), None if hung else status


def _json_safe(value):
    try:
        json.dumps(value)
        return value
    except (TypeError, ValueError, RecursionError):
        return repr(value)


def _conventions(namespace) -> dict:
    raw = getattr(namespace, "CONVENTIONS", None) or {}
    if not isinstance(raw, dict):
        return {"CONVENTIONS": repr(raw)}
    return {str(k): _json_safe(v) for k, v in raw.items()}


def load_target(
    name: str | None = None, *, deviations_file: str | None = None, probe: bool = False
) -> Target:
    """Resolve a target name (bundled, or ``pkg.module[:attr]``) to a :class:`Target`.

    With ``probe=True`` the module is first imported in a throwaway child process
    (:func:`probe_import`). Anything that goes wrong is a :class:`TargetUnavailable`
    with a one-line message.
    """
    name = resolve_name(name) if name is None else name
    check_name(name)
    import_path = BUNDLED.get(name, name)
    module_path, _, attribute = import_path.partition(":")
    if probe and module_path not in sys.modules:
        probe_import(module_path)
    try:
        module = importlib.import_module(module_path)
    except ImportError as exc:
        if name in BUNDLED:
            raise TargetUnavailable(
                f"bundled target {name!r} needs a library that is not installed: {exc}"
            ) from exc
        raise TargetUnavailable(
            f"cannot import target {name!r}: {exc}. A target is a bundled name "
            f"({', '.join(BUNDLED)}) or an importable module 'package.module[:attribute]'."
        ) from exc
    except BaseException as exc:  # noqa: BLE001 - SyntaxError, SystemExit, anything at import
        if isinstance(exc, KeyboardInterrupt):
            raise
        raise TargetUnavailable(f"cannot import target {name!r}: {_one_line(exc)}") from None
    namespace = module
    if attribute:
        try:
            namespace = getattr(module, attribute)
        except AttributeError:
            raise TargetUnavailable(f"module {module_path!r} has no attribute {attribute!r}") from None

    display = str(getattr(namespace, "TARGET_NAME", None) or (name if name in BUNDLED else import_path))
    version = str(
        getattr(namespace, "VERSION", None) or getattr(namespace, "__version__", None) or "unknown"
    )
    raw_deviations = getattr(namespace, "DEVIATIONS", None) or {}
    scopes: dict[str, dict[str, str]] = {}
    for key, reason in (raw_deviations.items() if isinstance(raw_deviations, dict) else ()):
        _add_scoped(scopes, str(key), str(reason), where=f"{name}.DEVIATIONS")
    dev_path = None
    if deviations_file:
        dev_path = Path(deviations_file)
    elif (DEVIATIONS_DIR / f"{display}.txt").exists():
        dev_path = DEVIATIONS_DIR / f"{display}.txt"
    if dev_path is not None:
        try:
            for pid, own in read_deviation_scopes(dev_path).items():
                scopes.setdefault(pid, {}).update(own)
        except OSError as exc:
            raise DeviationsFileError(f"--deviations: cannot read {str(dev_path)!r}: {exc.strerror or exc}") from None
    pins = _read_pins(pins_path(dev_path)) if dev_path is not None else {}
    return Target(
        name=display,
        namespace=namespace,
        version=version,
        conventions=_conventions(namespace),
        deviations=_reasons(scopes),
        deviation_scopes=scopes,
        pins=pins,
        import_path=import_path,
        deviations_file=str(dev_path) if dev_path else None,
        **_declarations(name, namespace),
    )


def _read_pins(path: Path) -> dict:
    if not path.is_file():
        return {}
    from .pins import read_pins

    try:
        return read_pins(path)
    except ValueError as exc:
        raise DeviationsFileError(str(exc)) from None


#: the CONVENTIONS keys that are declarations, and what each covers. A number (or NaN) there, or a dict
#: ``{metric: number, "*": default}``, replaces the catalog's refusal or NaN; a string stays a description.
CONVENTION_KINDS = {
    "empty": "a one-shot call on empty input",
    "undefined": "an undefined case of the catalog (0/0, a constant input)",
    "fresh_stream": "compute() on a stream that has seen no sample",
}

#: the rules a DOMAINS entry may use: rule -> what its parameters are
DOMAIN_RULES = {
    "min_tokens": "(argument, n): every token sequence in the argument has at least n tokens",
    "binary": "True (the first two arguments) or a tuple of argument names: at most 2 distinct labels among them",
    "range": "(argument, low, high): every finite value of the argument lies in [low, high]",
    "where": "a callable (args, kwargs) -> bool: True where the call is inside the domain",
}

#: the tie rules a TIES entry may name; ``input_order`` is the catalog's ``first``
TIE_RULES = {
    "input_order": "input order (the earlier document ranks first)",
    "first": "input order (the earlier document ranks first)",
    "average": "averaging over the tie group (the catalog's ties='average')",
    "optimistic": "ranking tied documents by decreasing grade",
    "pessimistic": "ranking tied documents by increasing grade",
}

#: the catalog's ``ties=`` value each tie rule is
CATALOG_TIE_RULE = {"input_order": "first", "first": "first", "average": "average", "optimistic": "optimistic",
                    "pessimistic": "pessimistic"}


def convention_key(kind: str, value: float) -> str:
    """The name a result lists a convention under: ``convention:fresh_stream=0.0``."""
    return f"convention:{kind}={value!r}"


def describe_domain(rule: str, spec) -> str:
    if rule == "min_tokens":
        return f"{spec[0]} with at least {spec[1]} tokens in every sequence"
    if rule == "binary":
        return f"at most 2 distinct labels in {', '.join(spec) if spec is not True else 'its first two arguments'}"
    if rule == "range":
        return f"values of {spec[0]} within [{spec[1]}, {spec[2]}]"
    return f"inputs where {getattr(spec, '__name__', 'the declared predicate')} holds"


def domain_text(rule: str, spec) -> str:
    """A rule and its parameters as the reason of a skipped example shows them: ``min_tokens(hypotheses, 4)``."""
    if rule == "binary":
        return "binary" if spec is True else f"binary({', '.join(spec)})"
    if rule == "where":
        return f"where({getattr(spec, '__name__', 'predicate')})"
    return f"{rule}({', '.join(str(p) for p in spec)})"


def _is_number(value) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))


def _provided(namespace, metric: str) -> bool:
    streaming = getattr(namespace, "STREAMING", None)
    return callable(getattr(namespace, metric, None)) or (isinstance(streaming, dict) and metric in streaming)


def _read_conventions(name: str, namespace) -> dict:
    raw = getattr(namespace, "CONVENTIONS", None)
    if not isinstance(raw, dict):
        return {}
    out: dict = {}
    for kind in CONVENTION_KINDS:
        value = raw.get(kind)
        if value is None or isinstance(value, str):
            continue  # a description, as every other key's
        where = f"target {name!r}: CONVENTIONS[{kind!r}]"
        if _is_number(value):
            out[kind] = {"*": float(value)}
            continue
        if not isinstance(value, dict) or not value:
            raise TargetUnavailable(f"{where} = {value!r} must be a number or {{metric: number, '*': default}}")
        own = {}
        for metric, v in value.items():
            if not _is_number(v):
                raise TargetUnavailable(f"{where}[{metric!r}] = {v!r} is not a number")
            if metric != "*" and not _provided(namespace, metric):
                raise TargetUnavailable(f"{where} names {metric!r}, which the target does not provide")
            own[str(metric)] = float(v)
        out[kind] = own
    return out


def _parameters(fn) -> list[str] | None:
    """The argument names ``fn`` can be called with (None: it takes any, or cannot be inspected)."""
    try:
        params = signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD) for p in params):
        return None
    return [p.name for p in params]


def _read_domains(name: str, namespace) -> dict:
    raw = getattr(namespace, "DOMAINS", None)
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not all(isinstance(v, dict) and v for v in raw.values()):
        raise TargetUnavailable(f"target {name!r}: DOMAINS must map metric -> {{rule: parameters}}, got {raw!r}")
    out: dict = {}
    for metric, rules in raw.items():
        where = f"target {name!r}: DOMAINS[{metric!r}]"
        fn = getattr(namespace, metric, None)
        if not callable(fn):
            raise TargetUnavailable(f"{where}: the target does not provide {metric!r}")
        names = _parameters(fn)
        own = {}
        for rule, spec in rules.items():
            if rule not in DOMAIN_RULES:
                raise TargetUnavailable(f"{where}: unknown rule {rule!r}; the rules are {', '.join(DOMAIN_RULES)}")
            shape_ok = {
                "min_tokens": lambda s: isinstance(s, tuple) and len(s) == 2 and isinstance(s[0], str)
                and isinstance(s[1], int) and not isinstance(s[1], bool) and s[1] >= 1,
                "binary": lambda s: s is True or (isinstance(s, tuple) and s and all(isinstance(a, str) for a in s)),
                "range": lambda s: isinstance(s, tuple) and len(s) == 3 and isinstance(s[0], str)
                and _is_number(s[1]) and _is_number(s[2]) and s[1] <= s[2],
                "where": callable,
            }[rule]
            if not shape_ok(spec):
                raise TargetUnavailable(f"{where}[{rule!r}] = {spec!r}: expected {DOMAIN_RULES[rule]}")
            arguments = ((spec[0],) if rule in ("min_tokens", "range") else spec if rule == "binary" and
                         spec is not True else ())
            for argument in arguments:
                if names is not None and argument not in names:
                    raise TargetUnavailable(f"{where}[{rule!r}] names the argument {argument!r}, which "
                                            f"{metric}({', '.join(names)}) does not take")
            own[rule] = spec
        out[str(metric)] = own
    return out


def _read_ties(name: str, namespace) -> dict:
    raw = getattr(namespace, "TIES", None)
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise TargetUnavailable(f"target {name!r}: TIES must map metric -> tie rule, got {raw!r}")
    for metric, rule in raw.items():
        if not callable(getattr(namespace, metric, None)):
            raise TargetUnavailable(f"target {name!r}: TIES names {metric!r}, which the target does not provide")
        if rule not in TIE_RULES:
            raise TargetUnavailable(f"target {name!r}: TIES[{metric!r}] = {rule!r} is not one of "
                                    f"{', '.join(TIE_RULES)}")
        if accepts_keyword(getattr(namespace, metric), "ties") and _parameters(getattr(namespace, metric)):
            raise TargetUnavailable(f"target {name!r}: TIES[{metric!r}]: {metric} takes ties=, which the properties "
                                    "pass; TIES is for a metric without the keyword")
    return {str(m): r for m, r in raw.items()}


def _read_no_threshold(name: str, namespace) -> frozenset:
    raw = getattr(namespace, "NO_THRESHOLD", None)
    if raw is None:
        return frozenset()
    if isinstance(raw, str) or not isinstance(raw, (tuple, list, set, frozenset)):
        raise TargetUnavailable(f"target {name!r}: NO_THRESHOLD must be a tuple of metric names, got {raw!r}")
    for metric in raw:
        if not _provided(namespace, str(metric)):
            raise TargetUnavailable(f"target {name!r}: NO_THRESHOLD names {metric!r}, which the target does not "
                                    "provide")
    return frozenset(str(m) for m in raw)


def _declarations(name: str, namespace) -> dict:
    """The adapter's PRECISION, REFUSAL_ERRORS, SUPPORTS, convention declarations, DOMAINS, TIES, INPUT_FORMS and
    NO_THRESHOLD, checked (a wrong one is a clear error)."""
    try:
        forms = input_forms.read(name, getattr(namespace, "INPUT_FORMS", None))
    except ValueError as exc:
        raise TargetUnavailable(str(exc)) from None
    out: dict = dict(declared=_read_conventions(name, namespace), domains=_read_domains(name, namespace),
                     ties=_read_ties(name, namespace), input_forms=forms,
                     no_threshold=_read_no_threshold(name, namespace))
    declared = getattr(namespace, "PRECISION", None)
    if declared is not None:
        if declared not in precision.EPS:
            raise TargetUnavailable(f"target {name!r}: PRECISION = {declared!r} is not one of "
                                    f"{', '.join(precision.PRECISIONS)}")
        out["precision"] = declared
    errors = getattr(namespace, "REFUSAL_ERRORS", None)
    if errors is not None:
        errors = tuple(errors) if isinstance(errors, (tuple, list)) else (errors,)
        if not errors or not all(isinstance(e, type) and issubclass(e, Exception) for e in errors):
            raise TargetUnavailable(f"target {name!r}: REFUSAL_ERRORS must be exception classes, got {errors!r}")
        out["refusal_errors"] = errors
    supports = getattr(namespace, "SUPPORTS", None)
    if supports is not None:
        if not isinstance(supports, dict) or not all(isinstance(v, dict) for v in supports.values()):
            raise TargetUnavailable(f"target {name!r}: SUPPORTS must map metric -> keyword -> supported values")
        out["supports"] = {m: {k: v if callable(v) else tuple(v) for k, v in kw.items()}
                           for m, kw in supports.items()}
    return out


# --------------------------------------------------------------------------
# The target under test: its refusal types, and the options it lacks


_ACTIVE: list[Target] = []

#: what the current property's examples asked of the target that it does not have
UNSUPPORTED_SEEN: set[str] = set()

#: the target's declarations (conventions, domains, tie rules) the current property's examples applied, by
#: the names :meth:`Target.declared_conventions` starts its lines with
CONVENTIONS_APPLIED: set[str] = set()

#: the metrics whose ``labels=`` the view left out of the current property's calls, the target lacking the
#: keyword (only where the labels could not change the result: :func:`_implied_labels`)
LABELS_DROPPED: set[str] = set()

#: set by the test suite: a call passing a keyword the running property does not declare in its needs
#: (``"metric:keyword"``) is a bug of the spec, raised as :class:`UndeclaredKeyword`
CHECK_DECLARED_NEEDS = False
_DECLARED: list[tuple[str, ...]] = []


class UndeclaredKeyword(Exception):
    """A property passed a keyword it does not list in its needs: a target lacking it would be misjudged."""


def declare_needs(needs) -> None:
    """The needs of the property about to run (checked when :data:`CHECK_DECLARED_NEEDS` is set);
    None when it has finished."""
    _DECLARED[:] = [] if needs is None else [tuple(needs)]


#: examples of the current property that ran, and that were skipped for what the target lacks
EXAMPLE_COUNTS = {"ran": 0, "skipped": 0}

#: skipped examples, with none run, after which a property is n/a without drawing more
SKIPS_BEFORE_NOT_APPLICABLE = 25


def activate(target: Target) -> None:
    """Make ``target`` the one under test (its refusal types, its missing options) for the next property."""
    _ACTIVE[:] = [target]
    UNSUPPORTED_SEEN.clear()
    CONVENTIONS_APPLIED.clear()
    LABELS_DROPPED.clear()
    EXAMPLE_COUNTS.update(ran=0, skipped=0)
    precision.configure(declared=precision.CLI.get("precision") or target.precision,
                        rtol=precision.CLI.get("rtol"), atol=precision.CLI.get("atol"))


def refusal_errors() -> tuple:
    return _ACTIVE[0].refusal_errors if _ACTIVE else (ValueError, TypeError)


def declared_convention(kind: str, metric: str) -> float | None:
    """What the target under test declares for ``kind`` (:data:`CONVENTION_KINDS`) of ``metric``; None: nothing.
    A property that uses the value calls :func:`note_convention`."""
    if not _ACTIVE or not hasattr(_ACTIVE[0], "convention"):
        return None
    return _ACTIVE[0].convention(kind, metric)


def note_convention(kind: str, value: float) -> None:
    CONVENTIONS_APPLIED.add(convention_key(kind, value))


def declared_tie_rule(metric: str) -> str | None:
    """The tie rule the target under test declares for ``metric`` (None: none declared)."""
    return getattr(_ACTIVE[0], "ties", {}).get(metric) if _ACTIVE else None


def input_order_tie_rule(metric: str) -> str | None:
    """The tie rule the target under test declares for ``metric`` if under it tied items rank in input order
    (``input_order``, ``first``), so that reordering tied items may change the value (None: no such rule)."""
    rule = declared_tie_rule(metric)
    return rule if rule is not None and CATALOG_TIE_RULE[rule] == "first" else None


def note_tie_rule(metric: str, rule: str) -> None:
    """Note that a property applied ``metric``'s declared tie rule (the result's ``conventions``)."""
    CONVENTIONS_APPLIED.add(f"ties:{metric}={rule}")


def form_key(form: str, taken: bool) -> str:
    """The name a result lists an input-form declaration under: ``form:token_ids=False``."""
    return f"form:{form}={taken}"


def _not_taken(target: Target, name: str, args: tuple, kwargs: dict) -> str | None:
    """Why a call of ``name`` is not made: it uses an input form the target declares it does not take."""
    declared = getattr(target, "input_forms", None) or {}
    form = input_forms.not_taken(declared, name, args, kwargs)
    if form is None:
        return None
    CONVENTIONS_APPLIED.add(form_key(form, False))
    return f"{name}: input form {form} not taken (INPUT_FORMS)"


def skip_taken_form(metric: str, defect: str) -> None:
    """Skip a bad-input example (raise ``Unsupported``) whose defect is a form the target under test declares
    it takes as valid (``INPUT_FORMS = {"label_images": True}``)."""
    declared = getattr(_ACTIVE[0], "input_forms", None) if _ACTIVE else None
    form = input_forms.taken_invalid(declared, metric, defect) if declared else None
    if form is None:
        return
    CONVENTIONS_APPLIED.add(form_key(form, True))
    reason = f"{metric}: input form {form} taken as valid (INPUT_FORMS): its {defect} examples are not bad input"
    UNSUPPORTED_SEEN.add(reason)
    raise guards.Unsupported(reason)


def reports_no_threshold(metric: str) -> bool:
    """Whether the target under test declares that its library reports no threshold for ``metric``
    (``NO_THRESHOLD``); a property that leaves the threshold unchecked for it notes the declaration."""
    if not _ACTIVE or metric not in getattr(_ACTIVE[0], "no_threshold", ()):
        return False
    CONVENTIONS_APPLIED.add(f"no_threshold:{metric}")
    return True


def _token_counts_at_least(value, n: int) -> bool:
    """Whether every token sequence in ``value`` (a sequence of hashables, or nested lists of them) has at least
    ``n`` tokens; anything that is not a list of tokens (a number, a string: bad input) is not judged here."""
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if not isinstance(value, (list, tuple)):
        return True
    if value and all(isinstance(item, (list, tuple, np.ndarray)) for item in value):
        return all(_token_counts_at_least(item, n) for item in value)
    return len(value) >= n


def _labels_of(value):
    try:
        array = np.asarray(value)
        return set(np.unique(array).tolist()) if array.dtype != object else set(array.ravel().tolist())
    except (TypeError, ValueError):
        return None


def _finite_values(value):
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return None
    return array[np.isfinite(array)]


def _outside_domain(target: Target, name: str, fn: Callable, args: tuple, kwargs: dict) -> str | None:
    """The first rule of ``DOMAINS[name]`` the call breaks, as ``min_tokens(hypotheses, 4)`` (None: inside)."""
    rules = getattr(target, "domains", {}).get(name)
    if not rules:
        return None
    named = dict(zip(_argument_names(fn, args, kwargs), (*args, *kwargs.values())))
    for rule, spec in rules.items():
        inside = True
        if rule == "min_tokens" and spec[0] in named:
            inside = _token_counts_at_least(named[spec[0]], spec[1])
        elif rule == "binary":
            values = list(named.values())[:2] if spec is True else [named[a] for a in spec if a in named]
            labels = set()
            for value in values:
                got = _labels_of(value)
                if got is None:
                    labels = set()
                    break
                labels |= got
            inside = len(labels) <= 2
        elif rule == "range" and spec[0] in named:
            values = _finite_values(named[spec[0]])
            inside = values is None or not values.size or bool(((values >= spec[1]) & (values <= spec[2])).all())
        elif rule == "where":
            inside = bool(spec(args, kwargs))
        if not inside:
            CONVENTIONS_APPLIED.add(f"domain:{name}:{rule}")
            return domain_text(rule, spec)
    return None


def _same_tie_rule(value, rule: str) -> bool:
    return isinstance(value, str) and CATALOG_TIE_RULE.get(value, value) == CATALOG_TIE_RULE[rule]


def _holds(args, kwargs) -> bool:
    """Whether the target's precision can hold every float argument (no overflow, no underflow)."""
    values = []
    for value in (*args, *kwargs.values()):
        try:
            array = np.asarray(value, dtype=float)
        except (TypeError, ValueError):
            continue  # tokens, labels, nested lists: not floats to round
        values.append(array)
    return precision.representable(*values)


def calls_held(calls) -> bool:
    """Whether the target's precision (as now known) could hold every float input of these calls, and keep the
    distinct values of the arguments whose order or ties the metric reads apart (:func:`_collided`)."""
    if precision.effective() == "float64":
        return True
    for call in calls:
        if not _holds(call.args, call.kwargs):
            UNSUPPORTED_SEEN.add(f"{call.name}: inputs beyond {precision.effective()} range")
            return False
        collided = _collided(call.name, call.args, call.kwargs)
        if collided is not None:
            UNSUPPORTED_SEEN.add(collided)
            return False
    return True


#: the arguments whose order, ties or distinct values a metric reads, where the catalog names them otherwise than
#: ``y_score`` (every metric's ``y_score``: curves, ranking, label ranking); rounded to a lower precision, their
#: distinct values may collide, and the metric of the collided values is another input's
ORDERED_ARGUMENTS = {"spearman": ("x", "y"), "kendall_tau": ("x", "y")}


def _collided(name: str, args: tuple, kwargs: dict) -> str | None:
    """Why a call of ``name`` is no example at the target's precision (None: it is): an argument of
    :data:`ORDERED_ARGUMENTS` (or ``y_score``) whose distinct values collide there
    (:func:`~properties.engine.precision.distinct_kept`)."""
    if precision.effective() == "float64":
        return None
    import metrics

    fn = getattr(metrics, name, None) if name in metrics.CATALOG else None
    if fn is None:
        return None
    named = dict(zip(_argument_names(fn, args, kwargs), (*args, *kwargs.values())))
    for argument in ORDERED_ARGUMENTS.get(name, ("y_score",)):
        value = named.get(argument)
        if value is None or isinstance(value, Named) or _named_input(value) is not None:
            continue  # the large tier's inputs: it compares with the catalog on the values as the target holds them
        if not precision.distinct_kept(value):
            return f"{name}: {argument} values distinct in float64 collide in {precision.effective()}"
    return None


def _unsupported(target: Target, fn: Callable, name: str, kwargs: dict, *, stream: bool = False,
                 omitted: bool = False) -> str | None:
    """Why this call asks for something the target lacks (None: it does not). A stream factory's options are
    restricted by ``SUPPORTS["stream:<name>"]`` where the adapter gives one, else by the metric's own row.
    ``omitted``: ``kwargs`` are all the call's keywords, so a restricted keyword left out asks for the catalog
    metric's default (:func:`_catalog_default`), which must be among the supported values too."""
    metric = name
    supports = target.supports.get(name, {})
    if stream and f"stream:{name}" in target.supports:
        name = f"stream:{name}"
        supports = target.supports[name]
    for key, value in kwargs.items():
        if not accepts_keyword(fn, key):
            return f"{name}:{key}"
        if not _allows(supports.get(key), value):
            return f"{name}:{key}={value!r}"
    if omitted:
        for key, allowed in supports.items():
            default = _catalog_default(metric, key)
            if key not in kwargs and default is not _NO_DEFAULT and not _allows(allowed, default):
                return f"{name}:{key}={default!r} (the default)"
    return None


def _allows(allowed, value) -> bool:
    """Whether a SUPPORTS entry (values, a predicate, or None: no restriction) admits ``value``."""
    if allowed is None:
        return True
    if callable(allowed):
        return bool(allowed(value))
    return any(_same_option(value, a) for a in allowed)


_NO_DEFAULT = object()


@functools.lru_cache(maxsize=None)
def _catalog_default(metric: str, key: str):
    """The default of ``key`` in the catalog's ``metric`` (what a call without the keyword asks for);
    ``_NO_DEFAULT`` where the catalog has no such metric or keyword, or no default for it."""
    import metrics

    fn = getattr(metrics, metric, None) if metric in metrics.CATALOG else None
    if fn is None:
        return _NO_DEFAULT
    parameter = signature(fn).parameters.get(key)
    if parameter is None or parameter.default is inspect.Parameter.empty:
        return _NO_DEFAULT
    return parameter.default


def _same_option(value, allowed) -> bool:
    try:
        return bool(value == allowed) or (value != value and allowed != allowed)
    except Exception:  # noqa: BLE001 - arrays and other uncomparable values are not options
        return False


# --------------------------------------------------------------------------
# Recording calls, for copy-pasteable reproductions


class Named:
    """An argument shown by the expression that rebuilds it (a large-tier input), not by its values."""

    def __init__(self, expression: str, value=None):
        self.expression = expression
        self.value = value

    def __repr__(self) -> str:
        return self.expression

    def __reduce__(self):
        # crosses to the parent (the call in flight) as its expression only, never as 1e7 numbers
        return (Named, (self.expression,))


def _named_input(value) -> str | None:
    large = sys.modules.get("properties.inputs.large")
    return large.name_of(value) if large is not None else None


def _shown(original, copy):
    """What a recorded call keeps of one argument: the copy, or its name if it is a large input."""
    expression = _named_input(original)
    return copy if expression is None else Named(expression, copy)


def unwrap(value):
    return value.value if isinstance(value, Named) else value


def _literal(value) -> str:
    """A Python literal that rebuilds ``value`` (:func:`properties.engine.pasteable.literal`)."""
    return pasteable.literal(value)


def _short(value, limit: int = 300) -> str:
    text = pasteable.literal(value, max_values=64, max_text=limit)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclasses.dataclass
class RecordedCall:
    name: str
    args: tuple
    kwargs: dict
    outcome: str
    #: what the call is made on: the target module, or a stream it made (``s1.``)
    receiver: str = "target."
    #: what the call returned (None when it raised), kept for the structured counterexample
    value: object = None
    raised: bool = False
    #: what the view changed in the call the property asked for (a keyword left out, see :func:`_implied_labels`)
    note: str = ""
    #: the library calls the adapter noted during this call (:mod:`properties.engine.reproduce`), as text
    library: tuple = ()

    def expression(self) -> str:
        """The call, as Python (``target.f1([0], [1], average='macro')``)."""
        return pasteable.call_expression(self)

    def render(self) -> str:
        """The call as lines of the reproduction: the statement, its outcome as a comment, the library calls."""
        return "\n".join(pasteable.call_lines(self))


#: set in a worker process (``properties.engine.isolation``): told of every target call
#: before it starts and after it ends, so that the parent can name the input of a
#: call that hangs or kills the worker
CALL_MONITOR = None

#: set on an exception raised inside a target call, to tell it from one raised by the spec
TARGET_RAISED = "_assay_raised_by_target"


def raised_by_target(exc: BaseException) -> bool:
    while exc is not None:
        if getattr(exc, TARGET_RAISED, False):
            return True
        exc = exc.__cause__
    return False


def _implied_labels(args: tuple, labels) -> bool:
    """Whether ``labels=`` says nothing the label arguments do not: exactly the labels present in them (every
    non-float 1-D argument), in sorted order. Leaving it out then cannot change the result."""
    try:
        wanted = np.asarray(labels).tolist()
        present: set = set()
        for arg in args:
            array = np.asarray(arg)
            if array.ndim == 1 and array.dtype.kind in "iubUSO":
                present.update(array.tolist())
        return bool(present) and isinstance(wanted, list) and wanted == sorted(present)
    except (TypeError, ValueError):  # ragged or mixed labels: keep the keyword
        return False


def _argument_names(fn: Callable, args: tuple, kwargs: dict) -> list[str]:
    try:
        bound = signature(fn).bind_partial(*args, **kwargs)
        names = list(bound.arguments)
        if len(names) == len(args) + len(kwargs):
            return names
    except (TypeError, ValueError):
        pass
    return [f"positional argument {i + 1}" for i in range(len(args))] + list(kwargs)


class RecordingView:
    """What a property's check sees: the target's functions, guarded and logged.

    Every call is checked by :mod:`properties.engine.guards` (no mutation of the
    arguments, a numeric return value, no ``SystemExit``) and recorded with its
    arguments *as they were before the call*.
    """

    MAX_CALLS = 12

    def __init__(self, target: Target):
        self._target = target
        self.calls: list[RecordedCall] = []
        #: calls made so far, those dropped from ``calls`` included (a form names itself from the calls it made)
        self.made = 0
        self._streams = 0

    @property
    def target(self) -> Target:
        return self._target

    def provides(self, need: str) -> bool:
        return self._target.provides(need)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return self._recorded(name, self._target.get(name))

    def stream(self, name: str, **options) -> "RecordedStream":
        """A new stream of ``name`` from the target's ``STREAMING`` factory, every method call guarded and logged."""
        try:
            factory = self._target.streaming_factory(name)
        except AttributeError:
            UNSUPPORTED_SEEN.add(f"stream:{name}")
            raise guards.Unsupported(f"stream:{name}") from None
        made = self._recorded(name, factory, label=f"STREAMING[{name!r}]", numeric=False, stream=True)(**options)
        self._streams += 1
        tag = f"s{self._streams}"
        self.calls[-1].outcome = tag  # the reproduction reads `target.STREAMING['f1'](...) -> s1`, then `s1.update(...)`
        return RecordedStream(self, name, made, tag)

    def _recorded(self, name: str, fn: Callable, *, label: str | None = None, numeric: bool = True,
                  receiver: str = "target.", stream: bool = False):
        """``fn`` guarded and logged; ``name`` is the metric (for SUPPORTS and declared needs), ``label`` what the
        reproduction shows, ``numeric`` whether the result must be a number."""
        label = label or name

        def recorded(*args, **kwargs):
            if CHECK_DECLARED_NEEDS and _DECLARED:
                undeclared = [f"{name}:{k}" for k in kwargs if f"{name}:{k}" not in _DECLARED[0]]
                if undeclared:
                    raise UndeclaredKeyword(f"the property passes {', '.join(undeclared)} without declaring it in "
                                            "its needs")
            # a keyword left at None asks for nothing: a target without the keyword gets the call without it.
            # (Not so a keyword at the catalog's default: a library without `ties` has its own tie rule.)
            kwargs = {k: v for k, v in kwargs.items() if v is not None or accepts_keyword(fn, k)}
            note = ""
            if ("labels" in kwargs and _unsupported(self._target, fn, name, {"labels": kwargs["labels"]}, stream=stream)
                    and _implied_labels(args, kwargs["labels"])):
                # labels= naming exactly the labels present, sorted: a target without the keyword gets the call without it
                note = f"labels={_short(kwargs.pop('labels'))} left out: {self._target.name} has no labels=, and " \
                       "these are the labels present, in sorted order"
                LABELS_DROPPED.add(name)
            rule = None if stream else getattr(self._target, "ties", {}).get(name)
            tie_missing = None
            if rule is not None and "ties" in kwargs and not accepts_keyword(fn, "ties"):
                # a declared tie rule answers ties= with that rule: the call goes without the keyword
                if _same_tie_rule(kwargs["ties"], rule):
                    kwargs = {k: v for k, v in kwargs.items() if k != "ties"}
                    CONVENTIONS_APPLIED.add(f"ties:{name}={rule}")
                else:
                    tie_missing = f"{name}:ties={kwargs['ties']!r} (declared tie rule: {rule})"
            # the metric's own call (or a stream's factory) leaves out what it does not pass: the catalog's default
            whole = stream or (label == name and receiver == "target.")
            missing = tie_missing or _unsupported(self._target, fn, name, kwargs, stream=stream, omitted=whole)
            # a stream's update takes the metric's inputs too: a batch outside the declared domain is skipped as the
            # one-call example would be
            if missing is None and not stream and (label == name or (label == "update" and receiver != "target.")):
                outside = _outside_domain(self._target, name, fn, args, kwargs)
                if outside is not None:
                    missing = f"{name}: outside declared domain {outside}"
                else:
                    missing = _not_taken(self._target, name, args, kwargs)
            if missing is None and not _holds(args, kwargs):
                missing = f"{name}: inputs beyond {precision.effective()} range"
            if missing is None and not stream:
                missing = _collided(name, args, kwargs)
            if missing is not None:
                UNSUPPORTED_SEEN.add(missing)
                raise guards.Unsupported(missing)
            before_args = tuple(guards.snapshot(a) for a in args)
            before_kwargs = {k: guards.snapshot(v) for k, v in kwargs.items()}
            shown_args = tuple(_shown(a, b) for a, b in zip(args, before_args))
            shown_kwargs = {k: _shown(kwargs[k], b) for k, b in before_kwargs.items()}
            monitor = CALL_MONITOR
            if monitor is not None:
                monitor.started(label, shown_args, shown_kwargs)
            reproduce.begin()  # the library calls the adapter notes, until _log takes them
            try:
                result = fn(*args, **kwargs)
            except Exception as exc:
                try:
                    setattr(exc, TARGET_RAISED, True)
                except (AttributeError, TypeError):
                    pass
                self._log(label, shown_args, shown_kwargs, f"raised {type(exc).__name__}: {_short_text(exc)}",
                          receiver, raised=True, note=note)
                raise
            except BaseException as exc:  # SystemExit, KeyboardInterrupt from the target
                if isinstance(exc, KeyboardInterrupt) and monitor is None:
                    raise  # in-process: the user pressed Ctrl-C (a worker ignores SIGINT)
                self._log(label, shown_args, shown_kwargs, f"raised {type(exc).__name__}", receiver, raised=True)
                raise guards.TargetExited(label, exc) from None
            finally:
                if monitor is not None:
                    monitor.ended()
            self._log(label, shown_args, shown_kwargs, _short(result), receiver, value=result if numeric else None,
                      note=note)
            values = list(args) + list(kwargs.values())
            befores = list(before_args) + list(before_kwargs.values())
            for position, (before, after) in enumerate(zip(befores, values)):
                difference = guards.first_difference(before, after)
                if difference:
                    arg_name = _argument_names(fn, args, kwargs)[position]
                    raise guards.MutationViolation(label, arg_name, difference)
            if numeric:
                guards.check_return(label, result)
                precision.observe(result)
            return result

        recorded.__name__ = label
        return recorded

    def _log(self, name, args, kwargs, outcome, receiver: str = "target.", *, value=None, raised=False,
             note: str = "") -> None:
        self.calls.append(RecordedCall(name, args, dict(kwargs), outcome, receiver, value, raised, note=note,
                                       library=reproduce.end()))
        self.made += 1
        if len(self.calls) > self.MAX_CALLS:
            del self.calls[0]

    def reproduction(self) -> str:
        """The calls of the example as a Python script to paste (:mod:`properties.engine.pasteable`)."""
        return pasteable.script(self._target, self.calls)


class RecordedStream:
    """A target's stream as a property sees it: ``update``, ``compute``, ``reset``, ``merge``, each guarded and
    logged as ``s1.update(...)`` in the reproduction."""

    def __init__(self, view: RecordingView, name: str, made, tag: str):
        self._view, self._name, self._made, self.tag = view, name, made, tag

    def _method(self, method: str, *, numeric: bool = False):
        fn = getattr(self._made, method, None)
        if not callable(fn):
            missing = f"stream:{self._name}:{method}"
            UNSUPPORTED_SEEN.add(missing)
            raise guards.Unsupported(missing)
        return self._view._recorded(self._name, fn, label=method, numeric=numeric, receiver=f"{self.tag}.")

    def update(self, *batch):
        return self._method("update")(*batch)

    def compute(self):
        return self._method("compute", numeric=True)()

    def reset(self):
        return self._method("reset")()

    def merge(self, other: "RecordedStream"):
        if not callable(getattr(self._made, "merge", None)):
            return self._method("merge")
        fn = self._made.merge
        # logged as s1.merge(s2); whether s2 is left as it was is the property's question, not the guard's
        call = self._view._recorded(self._name, lambda: fn(other._made), label=f"merge({other.tag})",
                                    numeric=False, receiver=f"{self.tag}.")
        return call()


def _short_text(exc: BaseException, limit: int = 300) -> str:
    text = str(exc)
    return text if len(text) <= limit else text[: limit - 3] + "..."


_REFERENCE_CACHE: dict[str, Target] = {}

#: set by the meta-tests that show a property works with no reference library at all
REFERENCES_BLOCKED = False


def reference(name: str):
    """The namespace of a bundled reference target, for agreement checks.

    Raises :class:`TargetUnavailable` when its library is not installed; the
    runner checks availability first and reports the property as not applicable.
    """
    if REFERENCES_BLOCKED:
        raise TargetUnavailable(f"reference libraries are blocked (asked for {name!r})")
    if name not in _REFERENCE_CACHE:
        _REFERENCE_CACHE[name] = load_target(name)
    return _REFERENCE_CACHE[name].namespace


def reference_available(name: str) -> bool:
    try:
        reference(name)
    except TargetUnavailable:
        return False
    return True
