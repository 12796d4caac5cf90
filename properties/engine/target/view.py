"""The recording view: what a property's check sees of the target -- its functions guarded, filtered
by the target's declarations, and logged for copy-pasteable reproductions.
"""

from __future__ import annotations


import dataclasses
import functools
import inspect
import sys
from typing import Callable

import numpy as np

from properties.engine.vocabulary import declared as declarations, guards, input_forms, pasteable, precision, reproduce
from properties.engine.vocabulary.conventions import CATALOG_TIE_RULE, domain_text
from properties.engine.vocabulary.declared import Declared, form_key, UndeclaredKeyword
from properties.engine.vocabulary.named import Named
from properties.engine.vocabulary.notes import Notes
from properties.engine.target.loading import Target
from properties.engine.target.signatures import accepts_keyword, signature

def _not_taken(target: Target, notes: Notes, name: str, args: tuple, kwargs: dict) -> str | None:
    """Why a call of ``name`` is not made: it uses an input form the target declares it does not take."""
    declared = getattr(target, "input_forms", None) or {}
    form = input_forms.not_taken(declared, name, args, kwargs)
    if form is None:
        return None
    notes.applied(form_key(form, False))
    return f"{name}: input form {form} not taken (INPUT_FORMS)"


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


def _outside_domain(target: Target, notes: Notes, name: str, fn: Callable, args: tuple, kwargs: dict) -> str | None:
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
            notes.applied(f"domain:{name}:{rule}")
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


def calls_held(calls, notes: Notes) -> bool:
    """Whether the target's precision (as now known) could hold every float input of these calls, and keep the
    distinct values of the arguments whose order or ties the metric reads apart (:func:`_collided`); what it
    could not hold is noted in ``notes``."""
    if precision.effective() == "float64":
        return True
    for call in calls:
        if not _holds(call.args, call.kwargs):
            notes.lacking(f"{call.name}: inputs beyond {precision.effective()} range")
            return False
        collided = _collided(call.name, call.args, call.kwargs)
        if collided is not None:
            notes.lacking(collided)
            return False
    return True


#: the arguments whose order, ties or distinct values a metric reads, where the catalog names them otherwise than
#: ``y_score`` (every metric's ``y_score``: curves, ranking, label ranking); rounded to a lower precision, their
#: distinct values may collide, and the metric of the collided values is another input's
ORDERED_ARGUMENTS = {"spearman": ("x", "y"), "kendall_tau": ("x", "y")}


def _collided(name: str, args: tuple, kwargs: dict) -> str | None:
    """Why a call of ``name`` is no example at the target's precision (None: it is): an argument of
    :data:`ORDERED_ARGUMENTS` (or ``y_score``) whose distinct values collide there
    (:func:`~properties.engine.vocabulary.precision.distinct_kept`)."""
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


def _named_input(value) -> str | None:
    large = sys.modules.get("properties.inputs.large")
    return large.name_of(value) if large is not None else None


def _shown(original, copy):
    """What a recorded call keeps of one argument: the copy, or its name if it is a large input."""
    expression = _named_input(original)
    return copy if expression is None else Named(expression, copy)


def _literal(value) -> str:
    """A Python literal that rebuilds ``value`` (:func:`properties.engine.vocabulary.pasteable.literal`)."""
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
    #: the library calls the adapter noted during this call (:mod:`properties.engine.vocabulary.reproduce`), as text
    library: tuple = ()

    def expression(self) -> str:
        """The call, as Python (``target.f1([0], [1], average='macro')``)."""
        return pasteable.call_expression(self)

    def render(self) -> str:
        """The call as lines of the reproduction: the statement, its outcome as a comment, the library calls."""
        return "\n".join(pasteable.call_lines(self))


#: set in a worker process (``properties.engine.isolation.fork_pool``): told of every target call
#: before it starts and after it ends, so that the parent can name the input of a
#: call that hangs or kills the worker
CALL_MONITOR = None


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

    Every call is checked by :mod:`properties.engine.vocabulary.guards` (no mutation of the
    arguments, a numeric return value, no ``SystemExit``) and recorded with its
    arguments *as they were before the call*.

    The view is all a check gets of the target under test: besides its functions, its declarations
    (:attr:`declared`) and the notes of the property being searched (:attr:`notes`, shared by every view of
    the property's search; a view made alone gets notes of its own). An exception raised inside a target call is
    marked as the target's, with the refusal types the target declares
    (:func:`~properties.engine.vocabulary.guards.mark_raised_by_target`).
    """

    MAX_CALLS = 12

    def __init__(self, target: Target, notes: Notes | None = None):
        self._target = target
        #: what the property's examples noted (:class:`~properties.engine.vocabulary.notes.Notes`)
        self.notes = notes if notes is not None else Notes()
        self._declared: Declared | None = None
        self.calls: list[RecordedCall] = []
        #: calls made so far, those dropped from ``calls`` included (a form names itself from the calls it made)
        self.made = 0
        self._streams = 0

    @property
    def target(self) -> Target:
        return self._target

    @property
    def declared(self) -> Declared:
        """The target's declarations a check reads (:class:`~properties.engine.vocabulary.declared.Declared`)."""
        if self._declared is None:
            self._declared = Declared.of(self._target)
        return self._declared

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
            raise guards.Unsupported(self.notes.lacking(f"stream:{name}")) from None
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
            needs = self.notes.needs
            if declarations.CHECK_DECLARED_NEEDS and needs is not None:
                undeclared = [f"{name}:{k}" for k in kwargs if f"{name}:{k}" not in needs]
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
                self.notes.labels_dropped.add(name)
            rule = None if stream else getattr(self._target, "ties", {}).get(name)
            tie_missing = None
            if rule is not None and "ties" in kwargs and not accepts_keyword(fn, "ties"):
                # a declared tie rule answers ties= with that rule: the call goes without the keyword
                if _same_tie_rule(kwargs["ties"], rule):
                    kwargs = {k: v for k, v in kwargs.items() if k != "ties"}
                    self.notes.applied(f"ties:{name}={rule}")
                else:
                    tie_missing = f"{name}:ties={kwargs['ties']!r} (declared tie rule: {rule})"
            # the metric's own call (or a stream's factory) leaves out what it does not pass: the catalog's default
            whole = stream or (label == name and receiver == "target.")
            missing = tie_missing or _unsupported(self._target, fn, name, kwargs, stream=stream, omitted=whole)
            # a stream's update takes the metric's inputs too: a batch outside the declared domain is skipped as the
            # one-call example would be
            if missing is None and not stream and (label == name or (label == "update" and receiver != "target.")):
                outside = _outside_domain(self._target, self.notes, name, fn, args, kwargs)
                if outside is not None:
                    missing = f"{name}: outside declared domain {outside}"
                else:
                    missing = _not_taken(self._target, self.notes, name, args, kwargs)
            if missing is None and not _holds(args, kwargs):
                missing = f"{name}: inputs beyond {precision.effective()} range"
            if missing is None and not stream:
                missing = _collided(name, args, kwargs)
            if missing is not None:
                raise guards.Unsupported(self.notes.lacking(missing))
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
                guards.mark_raised_by_target(exc, self.declared.refusal_errors)
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

    def inputs_held(self) -> bool:
        """Whether the target's precision could hold every float input of the calls made (:func:`calls_held`)."""
        return calls_held(self.calls, self.notes)

    def reproduction(self) -> str:
        """The calls of the example as a Python script to paste (:mod:`properties.engine.vocabulary.pasteable`)."""
        return pasteable.script(self._target, self.calls)


class RecordedStream:
    """A target's stream as a property sees it: ``update``, ``compute``, ``reset``, ``merge``, each guarded and
    logged as ``s1.update(...)`` in the reproduction."""

    def __init__(self, view: RecordingView, name: str, made, tag: str):
        self._view, self._name, self._made, self.tag = view, name, made, tag

    def _method(self, method: str, *, numeric: bool = False):
        fn = getattr(self._made, method, None)
        if not callable(fn):
            raise guards.Unsupported(self._view.notes.lacking(f"stream:{self._name}:{method}"))
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
