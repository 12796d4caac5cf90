"""Input shapes: one strategy module per kind of metric input, shared by every family.

``labels`` (label pairs, class probability rows), ``real_pairs`` (paired real
arrays), ``scores`` (binary labels with scores), ``ranked_lists`` (queries of
scored, graded documents), ``token_sequences`` (hypotheses and references).
Each module draws valid and bad inputs and describes itself as an
:class:`InputShape`, which is all :mod:`properties.generic` needs to know.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

import numpy as np

#: a call the input shape skips for this example (e.g. average='binary' on multiclass data)
SKIP = object()


@dataclasses.dataclass(frozen=True)
class InputShape:
    """How the generic properties draw, call and transform one kind of metric input."""

    name: str
    #: metric -> strategy of valid examples
    examples: Callable[[str], Any]
    #: number of samples of an example
    size: Callable[[Any], int]
    #: the example with its samples taken at an integer index array (reordered, repeated)
    take: Callable[[Any, np.ndarray], Any]
    #: ``t.<metric>(*args, **kw)`` for an example (may return :data:`SKIP`)
    call: Callable[..., Any]
    #: keywords ``call`` always passes (they are needs of every generic property)
    call_keywords: tuple[str, ...] = ()
    #: form -> the keywords ``call`` adds for that form (e.g. pos_label in binary mode)
    form_keywords: Callable[[dict], tuple[str, ...]] | None = None
    #: metric -> strategy of (example, integer weights >= 1)
    weighted: Callable[[str], Any] | None = None
    #: the example with its two main arguments swapped
    swap: Callable[[Any], Any] | None = None
    #: metric -> strategy of perfect examples (the metric's best case)
    perfect: Callable[[str], Any] | None = None
    #: metric -> strategy of (example, argument at fault or None): one bad input
    bad: Callable[[str], Any] | None = None
    #: relative tolerance of the invariances: the same numbers summed in another order
    rtol: float = 1e-12
    atol: float = 1e-12


