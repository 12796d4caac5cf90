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
import importlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable


from properties.engine.vocabulary import findings, input_forms
from properties.engine.vocabulary.conventions import convention_key, CONVENTION_KINDS, describe_domain, TIE_RULES
from properties.engine.vocabulary.declared import form_key
from properties.engine.target.declarations import _declarations
from properties.engine.target.deviation_files import _add_scoped, _read_pins, _reasons, pins_path, read_deviation_scopes
from properties.engine.target.errors import DeviationsFileError, TargetUnavailable
from properties.engine.target.signatures import accepts_keyword

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
    "skimage": "reference.skimage",
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
    "statsmodels": "reference.statsmodels",
    "pingouin": "reference.pingouin",
    "scoringrules": "reference.scoringrules",
    "properscoring": "reference.properscoring",
    "imblearn": "reference.imblearn",
    "keras": "reference.keras",
}

DEFAULT_TARGET = "metrics"
#: seconds a target's module may take to import (``--import-timeout``): some libraries (Keras on torch) take a
#: minute on a loaded machine
DEFAULT_IMPORT_TIMEOUT = 120.0
ENV_VAR = "METRIC_ASSAY_TARGET"
DEVIATIONS_DIR = Path(__file__).resolve().parents[3] / "reference" / "deviations"


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
    #: property id -> finding class -> the pinned counterexample as data (:mod:`properties.engine.vocabulary.pins`)
    pins: dict = dataclasses.field(default_factory=dict)
    #: convention kind (:data:`CONVENTION_KINDS`) -> metric or "*" -> the value the library gives there
    #: (the declarations in ``CONVENTIONS``)
    declared: dict = dataclasses.field(default_factory=dict)
    #: metric -> domain rule (:data:`DOMAIN_RULES`) -> its parameters (``DOMAINS``)
    domains: dict = dataclasses.field(default_factory=dict)
    #: metric -> tie rule (:data:`TIE_RULES`), for metrics without a ``ties`` keyword (``TIES``)
    ties: dict = dataclasses.field(default_factory=dict)
    #: input form (:data:`properties.engine.vocabulary.input_forms.FORMS`) -> whether the library takes it (``INPUT_FORMS``)
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
        (:attr:`properties.engine.vocabulary.results.Result.conventions`)."""
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


def probe_import(module_path: str, timeout: float = DEFAULT_IMPORT_TIMEOUT) -> None:
    """Import ``module_path`` in a forked child first: a module that exits, aborts or hangs
    while it is imported is reported here, before the process holding the results imports it.
    An import running past ``timeout`` seconds is reported as such, naming the option that raises it."""
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
        raise TargetUnavailable(f"importing {module_path!r} did not finish within {timeout:g}s; "
                                "--import-timeout raises the limit")
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
    name: str | None = None, *, deviations_file: str | None = None, probe: bool = False,
    import_timeout: float = DEFAULT_IMPORT_TIMEOUT,
) -> Target:
    """Resolve a target name (bundled, or ``pkg.module[:attr]``) to a :class:`Target`.

    With ``probe=True`` the module is first imported in a throwaway child process
    (:func:`probe_import`), which may take ``import_timeout`` seconds. Anything that goes wrong is a :class:`TargetUnavailable`
    with a one-line message.
    """
    name = resolve_name(name) if name is None else name
    check_name(name)
    import_path = BUNDLED.get(name, name)
    module_path, _, attribute = import_path.partition(":")
    if probe and module_path not in sys.modules:
        probe_import(module_path, timeout=import_timeout)
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
