"""The engine sits below the spec: no module of ``properties/engine/`` imports a spec module.

The spec (``properties/<family>.py``, the shared toolkit) imports the engine; the engine gets the
spec handed to it by ``properties/__init__.py`` (:class:`properties.engine.registry.Spec`). An
import of a spec module from the engine would close a circle again.
"""

import ast
from pathlib import Path

import properties
from properties.engine import registry

ENGINE = Path(registry.__file__).parent


def _spec_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level >= 2 or (node.level == 0 and module.startswith("properties")
                                   and not module.startswith("properties.engine")):
                found.append(f"line {node.lineno}: from {'.' * node.level}{module} import ...")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names
                      if a.name.startswith("properties") and not a.name.startswith("properties.engine")]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
            if node.args and isinstance(node.args[0], (ast.Constant, ast.JoinedStr)):
                text = ast.unparse(node.args[0])
                if "properties" in text and "properties.engine" not in text:
                    found.append(f"line {node.lineno}: import_module({text})")
    return found


def test_no_engine_module_imports_a_spec_module():
    offenders = {p.name: _spec_imports(p) for p in sorted(ENGINE.glob("*.py"))}
    offenders = {name: lines for name, lines in offenders.items() if lines}
    assert not offenders, f"engine modules importing the spec: {offenders}"


def test_the_check_sees_a_spec_import(tmp_path):
    """The check above can fail: it finds the imports the engine used to have."""
    sample = tmp_path / "sample.py"
    sample.write_text('from ..capabilities import all_capabilities\nimport_module("properties.generic")\n',
                      encoding="utf-8")
    assert len(_spec_imports(sample)) == 2


def test_the_spec_package_hands_its_spec_to_the_engine():
    assert registry.spec().load.__module__ == properties.__name__
    assert registry.conformance_properties()
