"""Input forms an adapter may declare it takes or not (``INPUT_FORMS``), and how a call is seen to use one.

The spec passes some inputs in more than one form: token sequences of strings and of integer ids, binary
probabilities as a 1-D array and as (n, k) rows, labels as integers and as strings. A library may take only
some of them, by design; an adapter says so once, and every call in a form it does not take is not made: the
example is skipped, as one needing a keyword the target lacks, with the reason (``wer: input form token_ids not
taken (INPUT_FORMS)``), and a property none of whose examples it takes is n/a with that reason.

Some forms are opt-in (``opt_in``): a target takes them only where it declares so (``INPUT_FORMS =
{"qrels_runs": True}``); the catalog does (``metrics.INPUT_FORMS``). The mapping form of the ranking metrics,
qrels and runs as dicts of string ids, is one: a library written for arrays was never meant to receive dicts, so
undeclared, its examples are skipped and its properties n/a.

Two forms are the other way round: inputs the catalog refuses that a library takes as valid by design (2-D
label images, a whole string where the catalog takes a token sequence). Declared taken, the bad-input class of
that form is skipped the same way instead of failing as *accepted invalid input*.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from typing import Callable

import numpy as np


@dataclasses.dataclass(frozen=True)
class InputForm:
    #: the key in ``INPUT_FORMS``
    name: str
    #: what the form is, for the reason of a skip and the documentation
    description: str
    #: whether a target takes it unless it declares otherwise (the catalog's answer)
    default: bool
    #: (metric, arguments bound to the catalog's names) -> whether the call uses the form; None for a form the
    #: catalog refuses (matched by its bad-input defect instead)
    uses: Callable[[str, dict], bool] | None = None
    #: the bad-input defect (``properties.inputs.BAD_INPUT_DEFECTS``) a refused form is drawn as, and the
    #: catalog families whose refusals of it the declaration covers (an opt-in form: whose calls can use it)
    defect: str = ""
    families: tuple[str, ...] = ()
    #: taken only by a target that declares it True (the catalog declares it); ``default`` is then False
    opt_in: bool = False


def _family(metric: str) -> str:
    import metrics

    return metrics.CATALOG.get(metric, "")


@functools.lru_cache(maxsize=None)
def _catalog_signature(metric: str) -> inspect.Signature | None:
    import metrics

    fn = getattr(metrics, metric, None) if metric in metrics.CATALOG else None
    return None if fn is None else inspect.signature(fn)


@functools.lru_cache(maxsize=None)
def _required(metric: str) -> tuple[str, ...]:
    """The catalog metric's arguments without a default (the data: token sequences, labels, scores)."""
    sig = _catalog_signature(metric)
    if sig is None:
        return ()
    return tuple(p.name for p in sig.parameters.values()
                 if p.default is inspect.Parameter.empty and p.kind is not inspect.Parameter.VAR_POSITIONAL)


def _is_id(token) -> bool:
    return isinstance(token, (int, np.integer)) and not isinstance(token, (bool, np.bool_))


def _holds_token_ids(value, depth: int = 0) -> bool:
    """Whether ``value`` (a token sequence, or nested lists of them) holds a token that is an integer: a list
    whose items are all tokens (no list inside) and one of them an int. A bare number is not a sequence."""
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if not isinstance(value, (list, tuple)) or depth > 4:
        return False
    if any(isinstance(item, (list, tuple, np.ndarray)) for item in value):
        return any(_holds_token_ids(item, depth + 1) for item in value)
    return any(_is_id(token) for token in value)


def _token_ids(metric: str, bound: dict) -> bool:
    return _family(metric) == "text" and any(_holds_token_ids(bound[a]) for a in _required(metric) if a in bound)


def _proba_ndim(bound: dict) -> int | None:
    if "y_proba" not in bound:
        return None
    try:
        return int(np.ndim(bound["y_proba"]))
    except (TypeError, ValueError):  # ragged rows: bad input, not a form
        return None


def _holds_strings(value) -> bool:
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):
        return False
    if array.dtype.kind in "US":
        return True
    return array.dtype.kind == "O" and any(isinstance(v, str) for v in array.reshape(-1).tolist())


def _runs_value(bound: dict) -> tuple:
    return tuple(bound[a] for a in ("y_true", "y_score") if a in bound)


def _qrels_runs(metric: str, bound: dict) -> bool:
    from collections.abc import Mapping

    return _family(metric) == "ranking" and any(isinstance(v, Mapping) for v in _runs_value(bound))


def _is_lines(value) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and isinstance(value[0], (tuple, list)) and \
        len(value[0]) == 3 and isinstance(value[0][0], str)


def _qrels_lines(metric: str, bound: dict) -> bool:
    return _family(metric) == "ranking" and any(_is_lines(v) for v in _runs_value(bound))


def _string_labels(metric: str, bound: dict) -> bool:
    return _family(metric) not in ("text", "") and any(
        _holds_strings(bound[a]) for a in _required(metric) if a in bound and a != "X")


FORMS: dict[str, InputForm] = {f.name: f for f in (
    InputForm("token_ids", "token sequences of integer ids (negative ones, ones beyond 2**63 included) in place "
              "of strings", True, _token_ids),
    InputForm("binary_proba_1d", "y_proba as a 1-D array: the probability of the positive class (binary)", True,
              lambda metric, bound: _proba_ndim(bound) == 1),
    InputForm("proba_rows", "y_proba as (n, k) probability rows, one column per class", True,
              lambda metric, bound: _proba_ndim(bound) == 2),
    InputForm("string_labels", "labels that are strings (\"neg\", \"pos\", unicode), outside the text family", True,
              _string_labels),
    InputForm("qrels_runs", "ranking inputs in the mapping form: y_true the qrels (query id -> document id -> "
              "integer grade), y_score the run (query id -> document id -> score), string ids", False, _qrels_runs,
              opt_in=True, families=("ranking",)),
    InputForm("qrels_lines", "ranking inputs as TREC lines: (query_id, doc_id, grade) and (query_id, doc_id, "
              "score) triples, string ids (a qrels or run file's rows)", False, _qrels_lines, opt_in=True,
              families=("ranking",)),
    InputForm("label_images", "2-D label arrays, scored as their flattened labels (label images)", False,
              defect="two_dimensional", families=("classification", "clustering")),
    InputForm("text_strings", "a whole string where the catalog takes a token sequence (the library splits it)",
              False, defect="string", families=("text",)),
)}


def read(name: str, raw) -> dict[str, bool]:
    """``INPUT_FORMS`` of target ``name``, checked: form -> taken. A declaration that cannot be read raises
    ``ValueError`` naming the key at fault."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ValueError(f"target {name!r}: INPUT_FORMS must map form -> True or False, got {raw!r}")
    out = {}
    for form, taken in raw.items():
        if form not in FORMS:
            raise ValueError(f"target {name!r}: INPUT_FORMS: unknown input form {form!r}; the forms are "
                             f"{', '.join(FORMS)}")
        if not isinstance(taken, bool):
            raise ValueError(f"target {name!r}: INPUT_FORMS[{form!r}] = {taken!r} must be True or False")
        out[str(form)] = taken
    return out


def _bound(metric: str, args: tuple, kwargs: dict) -> dict:
    """The call's arguments under the catalog metric's names (positional ones by position)."""
    sig = _catalog_signature(metric)
    if sig is None:
        return {}
    try:
        return dict(sig.bind_partial(*args, **kwargs).arguments)
    except TypeError:
        return dict(zip(_required(metric), args))


def not_taken(declared: dict, metric: str, args: tuple, kwargs: dict) -> str | None:
    """The first form this call of ``metric`` uses that the target declares it does not take (None: none)."""
    refused = [FORMS[f] for f, taken in declared.items() if not taken and FORMS[f].uses is not None]
    refused += [form for form in FORMS.values() if form.opt_in and form.name not in declared]
    refused = [form for form in refused if not form.families or _family(metric) in form.families]
    if not refused:
        return None
    bound = _bound(metric, args, kwargs)
    for form in refused:
        try:
            if form.uses(metric, bound):
                return form.name
        except Exception:  # noqa: BLE001 - an argument that cannot be read is bad input, not a form
            continue
    return None


def taken_invalid(declared: dict, metric: str, defect: str) -> str | None:
    """The refused form a bad-input ``defect`` of ``metric`` stands for, when the target declares it takes it."""
    for form in FORMS.values():
        if form.defect and form.defect == defect and declared.get(form.name) and _family(metric) in form.families:
            return form.name
    return None
