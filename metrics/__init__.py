"""metric-assay's own implementations: the catalog.

The public functions of the family modules *are* the catalog: their names,
argument names, defaults and docstrings define what every target must expose.
"""

from importlib import import_module

from .errors import MetricInputError

__version__ = "0.1.0"

FAMILIES = (
    "classification",
    "regression",
    "correlation",
    "probabilistic",
    "curves",
    "text",
    "ranking",
    "detection",
    "clustering",
    "generative",
    "signal",
    "multilabel",
    "recommendation",
    "image",
)

#: catalog name -> family name
CATALOG: dict[str, str] = {}

#: the conventions this target follows (shown in every report); families may
#: add their own with a module-level ``CONVENTIONS`` dict
CONVENTIONS: dict[str, str] = {
    "errors": "bad input raises MetricInputError (a ValueError) naming the argument",
}

#: input forms the catalog takes beyond the arrays (properties.engine.vocabulary.input_forms): the ranking metrics' mapping
#: form, qrels and runs (metrics/_runs.py)
INPUT_FORMS = {"qrels_runs": True, "qrels_lines": True}

for _family in FAMILIES:
    _module = import_module(f"{__name__}.{_family}")
    for _name in _module.__all__:
        if _name in CATALOG:
            raise RuntimeError(f"catalog name {_name!r} defined twice")
        CATALOG[_name] = _family
        globals()[_name] = getattr(_module, _name)
    CONVENTIONS.update(getattr(_module, "CONVENTIONS", {}))

from . import stream_states  # noqa: E402,F401
from .streaming import STREAMING, stream  # noqa: E402 - the streaming forms wrap the catalog above

__all__ = ["MetricInputError", "CATALOG", "CONVENTIONS", "FAMILIES", "STREAMING", "stream", *CATALOG]
