"""The engine's layers, read from its imports (nothing run).

The spec (``properties/<family>.py``, the shared toolkit) imports the engine; the engine gets the spec handed
to it by ``properties/__init__.py`` (:class:`properties.engine.vocabulary.registry.Spec`) and never imports a
spec module. Inside the engine, raw results flow one way, and every import points down this order:

    vocabulary -> target -> search -> isolation -> verdict -> report -> cli

(a module may import its own layer and the layers before it), and no module imports itself back through any
chain of imports, those made inside functions included.
"""

import ast
from pathlib import Path

import properties
from properties.engine.vocabulary import registry

ENGINE = Path(registry.__file__).resolve().parents[1]

#: the engine's layers, lowest first: each a subpackage of ``properties/engine/``
LAYERS = ("vocabulary", "target", "search", "isolation", "verdict", "report", "cli")


def _module_name(path: Path, root: Path = ENGINE.parents[1]) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, root: Path = ENGINE.parents[1]) -> list[tuple[int, str]]:
    """``(line, absolute module)`` of every import in ``path``, at any depth; ``from package import name``
    counts as an import of ``package.name`` when that is a module."""
    package = _module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return found


def _engine_modules(engine: Path = ENGINE) -> dict[str, Path]:
    return {_module_name(p, engine.parents[1]): p for p in sorted(engine.rglob("*.py"))}


def _graph(modules: dict[str, Path], root: Path = ENGINE.parents[1]) -> dict[str, dict[str, int]]:
    """module -> the engine modules it imports -> the first line that does."""
    graph = {}
    for name, path in modules.items():
        edges: dict[str, int] = {}
        for line, imported in _imports(path, root):
            if imported in modules and imported != name and not modules[imported].name == "__init__.py":
                edges.setdefault(imported, line)
        graph[name] = edges
    return graph


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 3 else None


def _spec_imports(path: Path, root: Path = ENGINE.parents[1]) -> list[str]:
    return [f"line {line}: {imported}" for line, imported in _imports(path, root)
            if imported.startswith("properties") and not imported.startswith("properties.engine")
            and imported != "properties"]


def _layer_violations(graph) -> list[str]:
    out = []
    for module, edges in graph.items():
        here = _layer(module)
        for imported, line in edges.items():
            there = _layer(imported)
            if here is None or there is None or LAYERS.index(there) > LAYERS.index(here):
                out.append(f"{module} (line {line}) imports {imported}, above it")
    return out


def _circles(graph) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_engine_module_imports_a_spec_module():
    offenders = {name: _spec_imports(p) for name, p in _engine_modules().items()}
    offenders = {name: lines for name, lines in offenders.items() if lines}
    assert not offenders, f"engine modules importing the spec: {offenders}"


def test_every_engine_module_is_in_a_layer():
    loose = [name for name, path in _engine_modules().items()
             if path.name != "__init__.py" and _layer(name) not in LAYERS]
    assert not loose, f"engine modules outside the layers {LAYERS}: {loose}"
    assert sorted(p.name for p in ENGINE.iterdir() if p.is_dir() and (p / "__init__.py").exists()) == sorted(LAYERS)


def test_every_import_in_the_engine_points_down_the_layers():
    violations = _layer_violations(_graph(_engine_modules()))
    assert not violations, "\n".join(violations)


def test_no_import_circle_in_the_engine():
    circles = _circles(_graph(_engine_modules()))
    assert not circles, f"import circles: {circles}"


def test_the_checks_see_an_upward_import_a_circle_and_a_spec_import(tmp_path):
    """The checks above can fail: a lazy import of the report from the vocabulary is upward and closes a circle,
    and an engine module importing a family module is caught."""
    files = {
        "__init__.py": "", "vocabulary/__init__.py": "", "report/__init__.py": "",
        "vocabulary/results.py": "def f():\n    from properties.engine.report import audit_report\n",
        "report/audit_report.py": "from ..vocabulary import results\nimport_module('properties.generic')\n",
    }
    engine = tmp_path / "properties" / "engine"
    for rel, text in files.items():
        (engine / rel).parent.mkdir(parents=True, exist_ok=True)
        (engine / rel).write_text(text, encoding="utf-8")
    modules = _engine_modules(engine)
    graph = _graph(modules, tmp_path)
    assert _layer_violations(graph) == [
        "properties.engine.vocabulary.results (line 2) imports properties.engine.report.audit_report, above it"]
    assert _circles(graph) == [["properties.engine.report.audit_report", "properties.engine.vocabulary.results"]]
    assert _spec_imports(modules["properties.engine.report.audit_report"], tmp_path) == ["line 2: properties.generic"]


def test_the_spec_package_hands_its_spec_to_the_engine():
    assert registry.spec().load.__module__ == properties.__name__
    assert registry.conformance_properties()


#: module-level state that made the target under test, and what one property's examples noted, reachable by
#: every check without being passed: the target activated for the next property, the needs it declared, the
#: sets its examples wrote into, and the view of the check being run. A check gets them from its view
#: (``t.declared``, ``t.notes``; ``findings.form(view=t)``).
OLD_GLOBALS = ("_ACTIVE", "_DECLARED", "UNSUPPORTED_SEEN", "CONVENTIONS_APPLIED", "LABELS_DROPPED", "EXAMPLE_COUNTS",
               "CURRENT_VIEW")
#: module-level functions that set them: ``activate(target)``, ``declare_needs(needs)``
OLD_SETTERS = {"activate": "target", "declare_needs": "needs"}


def _module_state(path: Path) -> list[str]:
    """The old globals ``path`` defines at module level, and the functions that set the target under test."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        names = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        found += [f"line {node.lineno}: {name}" for name in names if name in OLD_GLOBALS]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in OLD_SETTERS:
            if OLD_SETTERS[node.name] in [a.arg for a in node.args.args]:
                found.append(f"line {node.lineno}: def {node.name}({OLD_SETTERS[node.name]})")
    return found


def test_no_engine_module_holds_the_target_under_test_or_a_propertys_notes():
    offenders = {name: _module_state(p) for name, p in _engine_modules().items()}
    offenders = {name: lines for name, lines in offenders.items() if lines}
    assert not offenders, f"module-level state a check should get from its view: {offenders}"


def test_the_module_state_check_sees_the_old_globals(tmp_path):
    """The check above can fail: each old global and setter is found, a local of that name and a worker's
    memory limit (``memory.activate(limit)``) are not."""
    path = tmp_path / "run_state.py"
    path.write_text("_ACTIVE: list = []\nUNSUPPORTED_SEEN = set()\nEXAMPLE_COUNTS = {'ran': 0}\n"
                    "LABELS_DROPPED, CONVENTIONS_APPLIED = set(), set()\n_DECLARED: list[tuple] = []\n"
                    "def activate(target):\n    _ACTIVE[:] = [target]\n"
                    "def declare_needs(needs):\n    pass\n"
                    "def elsewhere():\n    UNSUPPORTED_SEEN = set()\n"
                    "def activate_limit(limit):\n    pass\nCURRENT_VIEW: list = [None]\n", encoding="utf-8")
    assert _module_state(path) == ["line 1: _ACTIVE", "line 2: UNSUPPORTED_SEEN", "line 3: EXAMPLE_COUNTS",
                                   "line 4: LABELS_DROPPED", "line 4: CONVENTIONS_APPLIED", "line 5: _DECLARED",
                                   "line 6: def activate(target)", "line 8: def declare_needs(needs)",
                                   "line 14: CURRENT_VIEW"]
    (tmp_path / "memory.py").write_text("def activate(limit):\n    pass\n", encoding="utf-8")
    assert _module_state(tmp_path / "memory.py") == []
