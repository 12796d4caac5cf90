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
)

#: catalog name -> family name
CATALOG: dict[str, str] = {}

for _family in FAMILIES:
    _module = import_module(f"{__name__}.{_family}")
    for _name in _module.__all__:
        if _name in CATALOG:
            raise RuntimeError(f"catalog name {_name!r} defined twice")
        CATALOG[_name] = _family
        globals()[_name] = getattr(_module, _name)

__all__ = ["MetricInputError", "CATALOG", "FAMILIES", *CATALOG]
