"""The package's layers point one way: a module imports only from its own layer or
from layers below it (docs/architecture.md). This test fails on an import that points
up or sideways, and on any import circle between modules."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "newsprism"

# lower number = lower layer; a module may import from layers with a number <= its own
LAYERS = {
    "model": 0, "nlp": 0, "lexicon": 0, "datelines": 0, "attribution": 1,
    "extract": 1,
    "compare": 2,
    "corpus": 3,
    "pipeline": 4,
    "check": 5, "report": 5,
    "engines": 6,
    "evaluate": 7,
    "cli": 8, "__main__": 8,
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    name = ".".join(("newsprism",) + parts)
    return name.removesuffix(".__init__")


def _imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        mod = _module_name(path)
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith("newsprism."):
                found.add(node.module)
            elif isinstance(node, ast.ImportFrom) and node.level:
                raise AssertionError(f"{mod}: use absolute imports (from newsprism.… import …)")
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("newsprism."))
        graph[mod] = found
    return graph


def _layer(module: str) -> str:
    return module.split(".")[1]


def test_every_top_level_module_has_a_layer():
    tops = {_layer(m) for m in _imports() if m != "newsprism"}
    assert tops <= set(LAYERS), f"give these a layer in tests/test_layers.py and docs/architecture.md: {tops - set(LAYERS)}"


def test_imports_point_down():
    wrong = []
    for mod, deps in _imports().items():
        if mod == "newsprism":  # the package's public API re-exports from anywhere
            continue
        for dep in deps:
            if LAYERS[_layer(dep)] > LAYERS[_layer(mod)]:
                wrong.append(f"{mod} -> {dep}")
    assert not wrong, "imports pointing up a layer:\n" + "\n".join(sorted(wrong))


def test_no_import_circle():
    imports = _imports()
    graph = {m: {d for d in deps if d in imports} for m, deps in imports.items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, ()):
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt):] + [nxt]
                raise AssertionError("import circle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)


# The guide's rule: one job per module, each under ~800 lines; a module past this is
# split (a new module for the new job), not grown.
MAX_MODULE_LINES = 800


def test_every_module_under_the_line_limit():
    long = sorted(
        f"{path.relative_to(PACKAGE)}: {n} lines"
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    )
    assert not long, f"split these (over {MAX_MODULE_LINES} lines):\n" + "\n".join(long)
