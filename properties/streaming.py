"""Streaming properties: the batch, merge and state laws of every metric with a streaming form.

A target offers streams through ``STREAMING`` (catalog name -> factory; the
protocol is in ``metrics/streaming.py`` and ``docs/adapters.md``). For every
catalog metric that has a streaming form in the catalog and a capability row
(``properties/capabilities.py``, which says how to draw its inputs), these
properties are registered with the metric's family prefix:

``stream_batches``
    any split of the samples into non-empty batches, single-sample batches
    included, gives the value of one call of the metric on all of them
``stream_batch_order``
    the same batches in another order give the same value (the metrics here
    do not depend on the order of their samples)
``stream_compute_idempotent``
    ``compute`` twice gives the same value, and does not change the state:
    updating after it continues the stream
``stream_reset``
    after ``reset`` the stream computes as a new one: its empty-input answer
    (the one-shot's refusal), then the value of what is added next (the same
    samples as before the reset, then, after another reset, other samples:
    those a new stream would be fed)
``stream_merge``
    merging per-shard states equals one stream of all shards, in any order and
    grouping (commutative, associative), and leaves the merged-in state as it was
``stream_empty_batches``
    an empty batch, first, between two others or last, adds nothing; a stream
    given only empty batches refuses ``compute()``
``stream_undefined``
    a stream that has seen nothing refuses ``compute()``, as the catalog
    refuses empty input

Where the target declares ``CONVENTIONS["fresh_stream"]`` (a value a stream that
has seen no sample computes), ``stream_reset``, ``stream_empty_batches`` and
``stream_undefined`` expect that value instead of the refusal.

Only ``stream_empty_batches`` feeds empty batches: a library that crashes on
one (a real bug: the last batch of an epoch can be empty) fails that property
alone, and the others still check how it pools its batches.

Every check compares with the target's own one-shot function, so a library is
held to its own conventions; the one-shot is held to the spec by the rest of
the suite.
"""

from __future__ import annotations

import dataclasses
import functools
from importlib import import_module

import numpy as np
from hypothesis import strategies as st

from .capabilities import Capability
from .checks import Finding, expect_close, expect_refusal, expect_refusal_or_declared
from properties.engine.vocabulary import findings
from properties.engine.vocabulary.guards import TargetExited, TargetViolation, Unsupported
from properties.engine.vocabulary.declared import lacking, note_tie_rule, UndeclaredKeyword
from properties.engine.vocabulary.registry import register
from .generic import _form_text, _needs, _tie_keys
from .inputs import SKIP, edges_of, tie_stable, with_edges

STREAM_PROPERTIES = ("stream_batches", "stream_batch_order", "stream_compute_idempotent", "stream_reset",
                     "stream_merge", "stream_empty_batches", "stream_undefined")


class _Capture:
    """Stands in for a target to learn the positional arguments and keywords a metric call would get."""

    def __getattr__(self, name):
        def capture(*args, **kwargs):
            self.got = (args, kwargs)
            return 0.0

        return capture


class _Returning:
    """Stands in for a target whose metric returns ``value``: the input shape's post-processing applied to it."""

    def __init__(self, value):
        self.value = value

    def __getattr__(self, name):
        return lambda *args, **kwargs: self.value


def _call_of(cap: Capability, name: str, ex, form: dict):
    """(columns, keywords) of the one-shot call on ``ex`` under ``form``; None where the form skips ``ex``."""
    capture = _Capture()
    try:
        if cap.inputs.call(capture, name, ex, **form) is SKIP:
            return None
    except AssertionError:
        # the shape's post-processing refused the placeholder result (an operating point wants a pair): the call
        # itself was made and captured
        if "got" not in vars(capture):
            raise
    args, kwargs = capture.got
    return list(args), kwargs




def _split(n: int, cuts) -> list[np.ndarray]:
    """The sample indices 0..n-1 cut at ``cuts``: non-empty batches, in order."""
    edges = [0, *sorted({c for c in cuts if 0 < c < n}), n]
    return [np.arange(a, b) for a, b in zip(edges[:-1], edges[1:])]


class _Case:
    """One form of one example: the one-shot value and a way to feed batches to a new stream."""

    def __init__(self, t, cap, name, ex, form):
        self.t, self.cap, self.name, self.ex, self.form = t, cap, name, ex, form
        self.columns, self.options = _call_of(cap, name, ex, form)
        self.n = cap.inputs.size(ex)

    def one_shot(self):
        return np.asarray(self.cap.inputs.call(self.t, self.name, self.ex, **self.form), dtype=float)

    def new(self):
        return self.t.stream(self.name, **self.options)

    def batch(self, idx) -> tuple:
        """The positional arguments of the one-shot call on the samples ``idx`` (rows, queries, sentences, images:
        whatever the input shape's samples are), in the target's argument format."""
        got = _call_of(self.cap, self.name, self.cap.inputs.take(self.ex, idx), self.form)
        if got is None:  # the form skips the part (e.g. too short for its n-gram order): its columns, cut
            return tuple(c[idx] if isinstance(c, np.ndarray) else [c[i] for i in idx] for c in self.columns)
        return tuple(got[0])

    def fed(self, batches):
        s = self.new()
        for idx in batches:
            s.update(*self.batch(idx))
        return s

    def value(self, s):
        """``s.compute()`` post-processed as the input shape post-processes the one-shot result; called where the
        one-shot has a value, so a refusal here is a wrong answer (a stream that lost its samples)."""
        try:
            result = s.compute()
        except (TargetViolation, TargetExited, UndeclaredKeyword):
            raise
        except Exception as exc:  # noqa: BLE001 - judged: the samples it was given have a value
            raise Finding(f"{self.name} stream {s.tag}.compute() refused samples that one call scores: "
                          f"{type(exc).__name__}: {exc}", severity="wrong value") from exc
        return np.asarray(self.cap.inputs.call(_Returning(result), self.name, self.ex, **self.form), dtype=float)

    def same(self, got, expected, what: str):
        expect_close(got, expected, rtol=max(self.cap.inputs.rtol, 1e-9), atol=max(self.cap.inputs.atol, 1e-12),
                     what=f"{self.name}{_form_text(self.form) or '()'} {what}")


def _forms(cap) -> tuple[dict, ...]:
    return cap.stream_forms or cap.forms


def _each_form(t, cap, name, ex, check) -> None:
    """``check(case)`` under every form of the metric; a form the target's stream lacks (an option value it
    does not support) is left out, and only an example none of whose forms the target has is skipped."""
    ran, lacking, problems = False, None, []
    for form in _forms(cap):
        if _call_of(cap, name, ex, form) is None:
            continue
        try:
            with findings.part(findings.form_part(form), problems, view=t):
                check(_Case(t, cap, name, ex, form))
            ran = True
        except Unsupported as exc:
            lacking = exc
    if not ran and lacking is not None:
        raise lacking
    findings.raise_worst(problems)


def _batches(t, ex_cuts, name, cap):
    ex, cuts = ex_cuts

    def check(case):
        batches = _split(case.n, cuts)
        case.same(case.value(case.fed(batches)), case.one_shot(),
                  f"over batches of sizes {[len(b) for b in batches]} vs one call")

    _each_form(t, cap, name, ex, check)


def _reorders_ties(case: _Case, batches) -> str | None:
    """Why the samples fed batch after batch in this order are another input (None: they are not): under the tie
    rule the target declares for the metric, tied samples rank as they come, and this order moves some; noted."""
    rule, keys = _tie_keys(case.t, case.name, case.cap, case.ex)
    if rule is None:
        return None
    order = np.concatenate([np.asarray(b, dtype=np.intp) for b in batches])
    if np.array_equal(tie_stable(order, keys), order):
        return None
    note_tie_rule(case.t, case.name, rule)
    return lacking(case.t, f"{case.name}: batches that reorder tied samples, ranked by the declared tie rule {rule}")


def _batch_order(t, ex_cuts, name, cap):
    (ex, cuts), rnd = ex_cuts

    def check(case):
        batches = _split(case.n, cuts)
        shuffled = list(batches)
        rnd.shuffle(shuffled)
        in_order = case.value(case.fed(batches))
        compared, reordered = 0, None
        for part, other in (("reversed", batches[::-1]), ("shuffled", shuffled)):
            skip = _reorders_ties(case, other)
            if skip is not None:
                reordered = skip
                continue
            with findings.part(part, view=t):
                case.same(case.value(case.fed(other)), in_order,
                          f"over batches of sizes {[len(b) for b in other]} vs {[len(b) for b in batches]}")
            compared += 1
        if not compared and reordered is not None:
            raise Unsupported(reordered)  # no other order of these batches was compared: the example is skipped

    _each_form(t, cap, name, ex, check)


def _compute_idempotent(t, ex_cuts, name, cap):
    ex, cuts = ex_cuts

    def check(case):
        head = _split(case.n, cuts)[0]  # a stream with samples: the empty one is stream_undefined's
        s = case.fed([head])
        with findings.part("first", view=t):
            _answer(case, s, head, "of the first samples")
        with findings.part("again", view=t):
            _answer(case, s, head, "of the first samples, computed again")
        if len(head) < case.n:
            s.update(*case.batch(np.arange(len(head), case.n)))
        with findings.part("rest", view=t):
            case.same(case.value(s), case.one_shot(), "after compute, then the rest of the samples")

    _each_form(t, cap, name, ex, check)


def _reset(t, ex_cuts, name, cap):
    ex, cuts = ex_cuts

    def check(case):
        s = case.fed(_split(case.n, cuts))
        s.compute()
        s.reset()
        with findings.part("empty_after_reset", view=t):
            _empty_answer(case, s, "after reset")
        s.update(*case.batch(np.arange(case.n)))
        with findings.part("refilled_after_reset", view=t):
            case.same(case.value(s), case.one_shot(), "after reset, then every sample")
        # other data than before the reset (the last batch alone): a reset that keeps part of the state (a count,
        # a max, the classes seen) hides behind the same data, not behind other data
        other = _split(case.n, cuts)[-1]
        s.reset()
        s.update(*case.batch(other))
        with findings.part("other_data_after_reset", view=t):
            _as_fresh(case, s, other, "after reset, then other samples than before")

    _each_form(t, cap, name, ex, check)


def _as_fresh(case: _Case, s, idx: np.ndarray, what: str) -> None:
    """``s`` answers as a new stream fed the samples ``idx``: the same value, or a refusal where it refuses."""
    fresh = case.fed([idx])
    try:
        fresh.compute()
    except (TargetViolation, TargetExited, UndeclaredKeyword):
        raise
    except Exception:  # noqa: BLE001 - a new stream refuses these samples: so must the reset one
        expect_refusal(s.compute)
        return
    case.same(case.value(s), case.value(fresh), f"{what} vs a new stream fed them")


def _merge(t, ex_cuts, name, cap):
    ex, cuts = ex_cuts

    def check(case):
        shards = _split(case.n, cuts)
        expected = case.one_shot()
        streams = [case.fed([idx]) for idx in shards]
        left = streams[0]
        for s in streams[1:]:
            left.merge(s)
        with findings.part("left_to_right", view=t):
            case.same(case.value(left), expected, f"of {len(shards)} shards of sizes {[len(b) for b in shards]} "
                                                  "merged left to right vs one call")
        for s, idx in zip(streams[1:], shards[1:]):
            if len(idx):  # an empty shard's stream is stream_undefined's
                with findings.part("shard_after_merge", view=t):
                    _answer(case, s, idx, "of a shard after it was merged into another")
        if _reorders_ties(case, shards[::-1]) is not None:
            return
        right = case.new()  # the other grouping and order: (... (s_k + s_{k-1}) + ...) into an empty stream
        for idx in reversed(shards):
            right.merge(case.fed([idx]))
        with findings.part("right_to_left", view=t):
            case.same(case.value(right), expected, "of the shards merged right to left into an empty stream")

    _each_form(t, cap, name, ex, check)


def _answer(case: _Case, s, idx: np.ndarray, what: str) -> None:
    """``s`` (fed the samples ``idx``) answers as the one-shot call on those samples: the same value, or a refusal
    where the one-shot refuses (fewer than two samples for a correlation, one class for a curve, none at all)."""
    if not len(idx):
        _empty_answer(case, s, what)
        return
    part = case.cap.inputs.take(case.ex, idx)
    try:
        reference = case.cap.inputs.call(case.t, case.name, part, **case.form)
    except (TargetViolation, TargetExited, UndeclaredKeyword):
        raise
    except Exception:  # noqa: BLE001 - the one-shot refuses these samples: so must the stream
        expect_refusal(s.compute)
        return
    if reference is not SKIP:
        case.same(case.value(s), np.asarray(reference, dtype=float), what)


def _empty_answer(case: _Case, s, when: str) -> None:
    """A stream that holds no sample refuses ``compute()``, as the catalog refuses empty input (every metric
    with a streaming form does): the spec's undefined case, whatever the target's one-shot does with it. A target
    that declares ``CONVENTIONS["fresh_stream"]`` must compute that value instead."""
    expect_refusal_or_declared(case.t, s.compute, "fresh_stream", case.name, what=f"{case.name}: compute() {when}")


def _empty_batches(t, ex_cuts, name, cap):
    ex, cuts = ex_cuts

    def check(case):
        batches = _split(case.n, cuts)
        empty = np.arange(0)
        with_empty = [empty, *(part for b in batches for part in (b, empty))]
        with findings.part("between_batches", view=t):
            case.same(case.value(case.fed(with_empty)), case.one_shot(),
                      f"over batches of sizes {[len(b) for b in with_empty]} vs one call")
        with findings.part("only_empty", view=t):
            _empty_answer(case, case.fed([empty, empty]), "of a stream given only empty batches")

    _each_form(t, cap, name, ex, check)


def _undefined(t, ex, name, cap):
    def check(case):
        _empty_answer(case, case.new(), "of a new stream")

    _each_form(t, cap, name, ex, check)


def _with_cuts(examples, size):
    """(example, cut positions): up to four cuts strictly inside (at least one from two samples on): non-empty
    batches, single-sample ones included."""
    def cuts(e):
        n = size(e)
        if n < 2:
            return st.just([])
        return st.lists(st.integers(1, n - 1), min_size=1, max_size=4)

    def halves(e):
        n = size(e)
        return [n // 2] if n >= 2 else []

    # the shape's edge cases, cut in two halves: the last half alone is the "other data" of stream_reset, which a
    # reset that keeps the samples seen before it (as a set) shows on as soon as the halves differ
    return with_edges(examples.flatmap(lambda e: st.tuples(st.just(e), cuts(e))),
                      [(f"{name}_in_halves", (e, halves(e))) for name, e in edges_of(examples)])


#: streaming properties run fewer examples: each one makes a stream per batch and form (a family module may set
#: fewer for some of its metrics: ``STREAM_EXAMPLES``, metric -> number)
STREAM_EXAMPLES = 20


def _stream_examples(family: str, name: str) -> int:
    fewer = getattr(import_module(f"properties.{family}"), "STREAM_EXAMPLES", {})
    return fewer.get(name, STREAM_EXAMPLES)


def register_all() -> list[str]:
    """Register the streaming properties of every catalog metric with a streaming form (idempotent)."""
    if _registered:
        return []
    _registered.append(True)
    import metrics
    from .capabilities import all_capabilities

    made = []
    capabilities = all_capabilities()
    for name in metrics.STREAMING:
        cap = capabilities.get(name)
        if cap is not None and cap.stream_inputs is not None:
            cap = dataclasses.replace(cap, inputs=cap.stream_inputs)
        if cap is None or cap.inputs is None:
            raise RuntimeError(f"{name} has a streaming form but no capability row to draw its inputs from")
        family = metrics.CATALOG[name]
        shape = cap.inputs
        needs = (*_needs(name, cap, _forms(cap)), f"stream:{name}")
        cut = _with_cuts(shape.examples(name), shape.size)
        examples = _stream_examples(family, name)

        def add(prop, statement, kind, check, strategy):
            made.append(register(f"{prop}[{name}]", statement, kind=kind, family=family, needs=needs,
                                 check=functools.partial(check, name=name, cap=cap), strategy=strategy,
                                 max_examples=examples).id)
            STREAM_IDS.add(made[-1])

        add("stream_batches", f"a stream of {name} fed any split of the samples into non-empty batches "
            "(single-sample batches included) computes the one-call value", "relation", _batches, cut)
        add("stream_batch_order", f"a stream of {name} does not depend on the order of its batches", "invariance",
            _batch_order, st.tuples(cut, st.randoms(use_true_random=False)))
        add("stream_compute_idempotent", f"compute() of a {name} stream gives the same value twice and leaves the "
            "state as it was", "identity", _compute_idempotent, cut)
        add("stream_reset", f"a {name} stream after reset() computes as a new stream, fed the same samples as before "
            "or other ones", "identity", _reset, cut)
        add("stream_merge", f"merging {name} streams of shards equals one stream of all of them, in any order and "
            "grouping, and leaves the merged-in stream as it was", "relation", _merge, cut)
        add("stream_empty_batches", f"an empty batch adds nothing to a {name} stream (first, between batches or "
            "last), and a stream given only empty batches refuses compute()", "identity", _empty_batches, cut)
        add("stream_undefined", f"a {name} stream that has seen no sample refuses compute(), as {name} refuses "
            "empty input",
            "refusal", _undefined, shape.examples(name))
    return made


_registered: list[bool] = []

#: the id of every streaming property registered
STREAM_IDS: set[str] = set()
