"""Helpers an adapter calls to turn the result shapes real libraries return into the catalog's.

Libraries return what the catalog does in shapes of their own: a sentinel string where a value is undefined
(``"None"``, ``"nan"``), a dict keyed by label where the catalog returns an array per class, labels turned into
strings (``"1"`` for ``1``). Unwrapped by hand in every adapter, each is a place to get wrong; these functions
do it once, and refuse what they cannot read (``ValueError`` naming the value) rather than guess::

    from properties.engine.vocabulary.result_shapes import by_labels, number

    def f1(y_true, y_pred, *, labels=None, average="binary"):
        result = mylib.f1(y_true, y_pred, average=average)       # {"0": 0.5, "1": "None"} per class
        if average is None:
            return by_labels(result, labels if labels is not None else np.unique(np.concatenate([y_true, y_pred])))
        return number(result)                                    # "None" where F1 is undefined

docs/adapters.md ("Result shapes: sentinel strings, dicts keyed by label, stringified labels") has an example of each. In: a library's result. Out: floats and NumPy arrays.
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping

import numpy as np

#: strings libraries return for an undefined value; :func:`number` reads them as NaN
UNDEFINED_TEXTS = ("none", "nan", "null", "n/a", "na", "")


def number(value, *, undefined: Iterable[str] = UNDEFINED_TEXTS) -> float:
    """``value`` as a float: a number (NumPy scalars, 0-d arrays and one-element tensors included), a numeric
    string (``"0.5"``), or a sentinel of an undefined value (``None``, ``"None"``, ``"nan"``: any of ``undefined``,
    compared without case or surrounding spaces) as NaN. Anything else (``"error"``, a list) is a ``ValueError``."""
    if value is None:
        return math.nan
    if isinstance(value, (bool, np.bool_)):
        raise ValueError(f"number: {value!r} is a boolean, not a value of a metric")
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in {u.lower() for u in undefined}:
            return math.nan
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"number: cannot read {value!r} as a number or an undefined value") from None
    item = getattr(value, "item", None)  # NumPy scalars and arrays, torch tensors
    if callable(item) and np.size(value) == 1:
        value = item()
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(f"number: cannot read {value!r} as a number") from None


def by_labels(mapping: Mapping, labels: Iterable, *, missing: float | None = None) -> np.ndarray:
    """The values of ``mapping`` (keyed by label) in the order of ``labels``, as a float array: what the catalog
    returns per class (``average=None``). A key may be the label or its string (``"1"`` for ``1``); each value goes
    through :func:`number`. A label without a key is a ``ValueError``, unless ``missing`` gives its value."""
    as_text = {str(key): key for key in mapping}
    out = []
    for label in labels:
        label = label.item() if isinstance(label, np.generic) else label
        if label in mapping:
            out.append(number(mapping[label]))
        elif str(label) in as_text:
            out.append(number(mapping[as_text[str(label)]]))
        elif missing is not None:
            out.append(float(missing))
        else:
            raise ValueError(f"by_labels: no value for label {label!r} among the keys {list(mapping)!r}")
    return np.asarray(out, dtype=float)


def restore_labels(values: Iterable, like: Iterable) -> np.ndarray:
    """``values`` (labels a library gave back as strings: ``["1", "0"]``) as the labels of ``like`` (the labels
    the adapter was given: ``[1, 0]``), matched by their string. A value that is the string of no label of ``like``
    is a ``ValueError``; one that is already a label of ``like`` is kept."""
    originals = [v.item() if isinstance(v, np.generic) else v for v in np.asarray(like).ravel().tolist()]
    by_text: dict[str, object] = {}
    for label in originals:
        if by_text.setdefault(str(label), label) != label:
            raise ValueError(f"restore_labels: labels {by_text[str(label)]!r} and {label!r} have the same string")
    out = []
    for value in values:
        value = value.item() if isinstance(value, np.generic) else value
        if not isinstance(value, str) and value in originals:
            out.append(value)
        elif str(value) in by_text:
            out.append(by_text[str(value)])
        else:
            raise ValueError(f"restore_labels: {value!r} is none of the labels {sorted(by_text)!r}")
    return np.asarray(out, dtype=np.asarray(like).dtype if len(out) else None)
