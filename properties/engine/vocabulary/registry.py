"""The property registry: every invariant of the spec, declared as data.

A :class:`Property` is one stated invariant. Family modules
(``properties/classification.py``, ...) declare them with :func:`register` or the
:func:`prop` decorator at import time; :func:`all_properties` imports every
family and returns them in a stable order.

The ``check`` of a property receives two arguments:

``t``
    a view of the target under test. ``t.f1(y_true, y_pred, average="macro")``
    calls the target's ``f1`` and records the call, so that a failure can print
    a copy-pasteable reproduction.
``ex``
    one example drawn from ``strategy`` (``None`` for properties without a
    strategy, such as worked examples).

It raises ``AssertionError`` (use :func:`properties.checks.expect` and
friends) when the invariant is violated.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any, Callable

import hypothesis
import hypothesis.errors

import metrics

from properties.engine.vocabulary import findings, ids, precision
from properties.engine.vocabulary.guards import AllUnsupported, TargetViolation, Unsupported, wrong_return
from properties.engine.vocabulary.notes import of as notes_of, SKIPS_BEFORE_NOT_APPLICABLE

KINDS = (
    "bound",
    "identity",
    "symmetry",
    "invariance",
    "relation",
    "direction",
    "agreement",
    "golden",
    "refusal",
    "undefined",
    "claim",
)

#: the kinds that make up a target's conformance report; claims are about the
#: literature and are judged separately (see ``properties.engine.verdict.claims``)
CONFORMANCE_KINDS = tuple(k for k in KINDS if k != "claim")

#: ``standard``: Hypothesis-sized inputs (the default audit); ``large``: structured inputs of 1e5 to 1e7
#: samples (``properties/large_tier.py``), run with ``--tier large``
TIERS = ("standard", "large")


@dataclasses.dataclass(frozen=True)
class Property:
    id: str
    statement: str
    kind: str
    family: str
    needs: tuple[str, ...]
    check: Callable[[Any, Any], None]
    strategy: Any = None
    reference: str | None = None
    source: str | None = None
    quote: str | None = None
    max_examples: int | None = None
    #: catalog metrics whose value this property pins from their definition (a closed
    #: form, a formula computed in the spec, or an exact relation to another metric),
    #: with no reference library involved
    defines: tuple[str, ...] = ()
    #: which tier runs the property (:data:`TIERS`)
    tier: str = "standard"
    #: seconds the property may take (a large-tier case at 1e7 samples); None: the run's own budget
    time_bound: float | None = None
    #: named examples run before any draw, in every profile (``(name, example)``): the inputs that break
    #: metrics (:mod:`properties.inputs`), so that reaching them never depends on the draws
    edges: tuple = ()
    #: how many edge cases the cap left out of a composite strategy's product
    #: (:func:`properties.inputs.edges_product`): ``len(edges) + edges_dropped`` were offered
    edges_dropped: int = 0
    #: a claim about the libraries rather than about the catalog's metrics (the literature's comparisons
    #: of libraries): a function returning its :class:`~properties.engine.report.agreement.ClaimVerdict`, which the
    #: ledger takes instead of running ``check`` against the catalog
    verdict: Callable[[], Any] | None = None

    @property
    def metrics(self) -> tuple[str, ...]:
        """Catalog names the property calls (``needs`` without keyword requirements; a streaming form
        ``stream:f1`` is of ``f1``; a target without that stream makes the property n/a, see
        ``target.applicability.not_applicable_reason``)."""
        seen: dict[str, None] = {}
        for need in self.needs:
            seen.setdefault(need.removeprefix("stream:").split(":", 1)[0], None)
        return tuple(seen)

    @property
    def is_claim(self) -> bool:
        return self.kind == "claim"


_REGISTRY: dict[str, Property] = {}
#: the registry sorted by id, kept until the next registration (the runner asks for it at every check)
_BY_ID: list[Property] = []

#: one spec module per catalog family, at the same name (``properties/<family>.py``)
FAMILY_MODULES = tuple(metrics.FAMILIES)


#: a family's default number of examples per conformance property (see :func:`family_examples`)
_FAMILY_EXAMPLES: dict[str, int] = {}


def family_examples(family: str, n: int) -> None:
    """Run ``n`` examples per conformance property of ``family`` unless a property says otherwise."""
    _FAMILY_EXAMPLES[family] = n


#: the largest violation met in the current property's search (size, detail, reproduction)
WORST: dict = {}


def _aim_at_discrepancy() -> None:
    """Point Hypothesis' targeted search at the largest discrepancy this example measured."""
    size = precision.example_discrepancy()
    if not size == size:
        return
    try:
        hypothesis.target(min(size, 1e300), label="relative discrepancy")
    except hypothesis.errors.InvalidArgument:
        pass  # the check ran outside a Hypothesis search (a direct call in a test)


def _remember_worst(t, exc: AssertionError) -> None:
    size = getattr(exc, "size", 0.0)
    if size > WORST.get("size", -1.0):
        repro = t.reproduction() if hasattr(t, "reproduction") else ""
        WORST.update(size=size, detail=str(exc), reproduction=repro)


def _inputs_held(t) -> bool:
    """Whether the target's precision could hold the inputs of the calls the view ``t`` made (a check called
    outside a view: yes)."""
    held = getattr(t, "inputs_held", None)
    return held() if held is not None else True


def one_failure_site(check: Callable) -> Callable:
    """``check``, re-raising any violated expectation from one place.

    Hypothesis shrinks each distinct failure site separately; a property that
    fails is one finding, whichever of its expectations broke first. On the
    way, the wrapper aims the targeted search at large discrepancies, keeps the
    largest violation seen, and skips an example that asks the target for a
    keyword or an option value it does not have.
    """

    @functools.wraps(check)
    def checked(t, ex):
        counts = notes_of(t)  # the property's notes: its examples run and skipped
        findings.CURRENT_EXAMPLE[0] = ex
        findings.start_example()
        try:
            check(t, ex)
            lacking = findings.lacking_every_form()
            if lacking is not None:
                raise lacking  # each form asked for something the target lacks: the example is skipped
        except TargetViolation as exc:
            counts.ran += 1
            if findings.masked(exc, t):
                return  # a known finding: noted, the example counts as checked
            raise  # mutation, return type: its own status, raised at one site already
        except Unsupported:
            if precision.example_comparisons():
                # a later variant needs what the target lacks (sample_weight=w after sample_weight=None):
                # the comparisons already made stand, the rest of the example is skipped
                counts.ran += 1
                _aim_at_discrepancy()
                return
            counts.skipped += 1
            if not counts.ran and counts.skipped >= SKIPS_BEFORE_NOT_APPLICABLE:
                raise AllUnsupported() from None  # drawing more would only skip more
            hypothesis.reject()
        except AssertionError as exc:
            if not _inputs_held(t):
                # the target's results showed a lower precision only after it was given numbers that
                # precision cannot hold (1e-294 in float32): not a finding, an input outside its domain
                counts.skipped += 1
                hypothesis.reject()
            counts.ran += 1
            if findings.masked(exc, t):
                _aim_at_discrepancy()
                return
            _remember_worst(t, exc)
            _aim_at_discrepancy()
            clone = AssertionError(str(exc))
            clone.severity, clone.size = getattr(exc, "severity", "wrong value"), getattr(exc, "size", 0.0)
            clone.structure = findings.structure_of(exc)
            clone.outcome = getattr(exc, "outcome", "")
            clone.bad_input = getattr(exc, "bad_input", False)
            clone.input_class = findings.input_class_of_failure(exc)
            for note in getattr(exc, "__notes__", ()):
                clone.add_note(note)
            raise clone from None
        except Exception as exc:
            counts.ran += 1
            if findings.target_raised(exc):
                if findings.masked(exc, t):
                    return
                raise
            # the spec's code failed: on a result of the wrong form (a dict where a number is expected) that is
            # the target's finding, not a bug of the spec
            wrong = wrong_return(getattr(t, "calls", ()))
            if wrong is None:
                raise
            if findings.masked(wrong, t):
                return
            raise wrong from exc
        except findings.DeathMasked as exc:  # outside any part: the rest of the example is not run
            counts.ran += 1
            findings.masked(exc, t)
        except BaseException:
            counts.ran += 1
            raise
        else:
            counts.ran += 1
            _aim_at_discrepancy()

    return checked


def _family_of(module_name: str) -> str:
    return module_name.rsplit(".", 1)[-1]


def register(
    id: str,
    statement: str,
    *,
    kind: str,
    needs,
    check: Callable,
    strategy=None,
    family: str | None = None,
    reference: str | None = None,
    source: str | None = None,
    quote: str | None = None,
    max_examples: int | None = None,
    defines=(),
    tier: str = "standard",
    time_bound: float | None = None,
    edges=None,
    verdict: Callable[[], Any] | None = None,
) -> Property:
    """Add one property to the registry and return it.

    ``needs`` lists the catalog names the check calls; an entry
    ``"f1:sample_weight"`` also requires that the target's ``f1`` accepts
    ``sample_weight``. If the target misses any of them the property is *not
    applicable* to it.

    ``edges`` (``(name, example)`` pairs, valid examples of ``strategy``) run before the search; by
    default the edge cases the strategy carries (:func:`properties.inputs.with_edges`).
    """
    if kind not in KINDS:
        raise ValueError(f"unknown property kind {kind!r}; expected one of {KINDS}")
    if tier not in TIERS:
        raise ValueError(f"unknown tier {tier!r}; expected one of {TIERS}")
    if isinstance(defines, str):
        defines = (defines,)
    if defines and reference is not None:
        raise ValueError(f"property {id!r} pins a metric from its definition, so it cannot need a reference")
    if kind == "claim" and not (source and quote):
        raise ValueError(f"claim {id!r} must quote its source")
    if verdict is not None and kind != "claim":
        raise ValueError(f"property {id!r}: only a claim is judged by a verdict function")
    if isinstance(needs, str):
        needs = (needs,)
    family = family or _family_of(getattr(getattr(check, "func", check), "__module__", "unknown"))
    full_id = id if id.startswith(f"{family}.") else f"{family}.{id}"
    if not ids.is_valid(full_id, claim=kind == "claim"):
        form = "<family>.claim.<seedNNN|author_year>.<name>" if kind == "claim" else "<family>.<name>[<metric>:<variant>]"
        raise ValueError(f"property id {full_id!r} does not follow the grammar {form} (snake_case, no spaces)")
    if full_id in _REGISTRY:
        raise ValueError(f"property {full_id!r} registered twice")
    if max_examples is None and kind != "claim":
        max_examples = _FAMILY_EXAMPLES.get(family)
    p = Property(
        id=full_id,
        statement=statement,
        kind=kind,
        family=family,
        needs=tuple(needs),
        check=one_failure_site(check),
        strategy=strategy,
        reference=reference,
        source=source,
        quote=quote,
        max_examples=max_examples,
        defines=tuple(defines),
        tier=tier,
        time_bound=time_bound,
        edges=_edge_list(edges if edges is not None else getattr(strategy, "edges", None)),
        edges_dropped=(getattr(edges, "dropped", 0) if edges is not None
                       else int(getattr(strategy, "edges_dropped", 0) or 0)),
        verdict=verdict,
    )
    _REGISTRY[full_id] = p
    _BY_ID.clear()
    return p


class LazyEdges(Sequence):
    """Edge cases built on first use by ``build()`` (a zero-argument function returning ``(name, example)``
    pairs): for a list whose construction imports a heavy library (NLTK's stemmer filters the METEOR
    edges), so that building the registry, which every CLI start and every pytest worker pays, does not.
    ``Property.edges`` keeps the object; its first ``len``, iteration or index builds the list, once."""

    def __init__(self, build: Callable[[], Any]):
        self._build = build
        self._edges: tuple | None = None

    def _resolved(self) -> tuple:
        if self._edges is None:
            self._edges = tuple(self._build())
        return self._edges

    def __len__(self) -> int:
        return len(self._resolved())

    def __getitem__(self, index):
        return self._resolved()[index]

    def __iter__(self):
        return iter(self._resolved())


def _edge_list(edges) -> Sequence:
    """A property's edge cases as a tuple, or the :class:`LazyEdges` they are (built on first use)."""
    if isinstance(edges, LazyEdges):
        return edges
    return tuple(edges or ())


def prop(id: str, statement: str, **options) -> Callable:
    """Decorator form of :func:`register`; the decorated function is the check."""

    def decorate(check: Callable) -> Callable:
        register(id, statement, check=check, **options)
        return check

    return decorate


@dataclasses.dataclass(frozen=True)
class Spec:
    """What the engine needs of the spec, handed to it by the spec's package (``properties/__init__.py``):
    the engine imports no spec module, so the spec can import the engine freely."""

    #: import and register every property (idempotent)
    load: Callable[[], None]
    #: catalog metric -> its Capability (range, forms, input shape ...)
    capabilities: Callable[[], dict]
    #: the generic properties' names, and the ids of every generic property registered
    generic_names: Callable[[], tuple]
    generic_ids: Callable[[], set]
    #: the cross-library documents (:class:`~properties.engine.report.agreement.AgreementDoc`) ``metric-assay docs``
    #: writes
    agreement_docs: Callable[[], tuple] = lambda: ()


_SPEC: list[Spec] = []


def install_spec(spec: Spec) -> None:
    _SPEC[:] = [spec]


def spec() -> Spec:
    if not _SPEC:
        raise RuntimeError("no spec installed: import the package 'properties' (it installs its spec)")
    return _SPEC[0]


def all_properties(*, include_claims: bool = True, tier: str | None = "standard") -> list[Property]:
    """Every registered property of ``tier`` (None: every tier), the spec loaded, sorted by id."""
    if tier is not None and tier not in TIERS:
        raise ValueError(f"unknown tier {tier!r}; expected one of {', '.join(TIERS)}")
    spec().load()
    if not _BY_ID:
        _BY_ID.extend(sorted(_REGISTRY.values(), key=lambda p: p.id))
    props = list(_BY_ID)
    if tier is not None:
        props = [p for p in props if p.tier == tier]
    if not include_claims:
        props = [p for p in props if not p.is_claim]
    return props


def conformance_properties(tier: str | None = "standard") -> list[Property]:
    return all_properties(include_claims=False, tier=tier)


def claims() -> list[Property]:
    return [p for p in all_properties() if p.is_claim]


def get(property_id: str) -> Property:
    spec().load()
    return _REGISTRY[property_id]
