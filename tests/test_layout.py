"""The layout shows the architecture: no import circles, and each layer imports only those below it.

The import graph is read from the source with ``ast``: every import, at module
level or inside a function, except those under ``if TYPE_CHECKING:`` (for
annotations only, never run).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "whist"
CHECKED = ("whist.engine", "whist.ai", "whist.table", "whist.cli", "whist.web")
"""The packages whose modules may not import each other in a circle."""
ENTRY_MODULES = {"whist.__main__", "whist.bot", "whist.arena", "whist.solve"}
"""The documented commands, which start the command-line tools."""
LAYERS = {
    "whist.engine": ("whist.ai", "whist.table", "whist.cli", "whist.web"),
    "whist.ai": ("whist.table", "whist.cli", "whist.web"),
    # the page renders the session's view: never the game state, the registry of games, the tools
    "whist.web": ("whist.engine.state", "whist.engine.rules", "whist.cli"),
}
"""What each package must not import."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(tree: ast.AST, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The whist modules ``tree`` (the module ``name``) imports, TYPE_CHECKING blocks left out."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for stmt in node.orelse:
                visit(stmt)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            subs = {f"{module}.{alias.name}" for alias in node.names}  # ``from whist.engine import auction``
            found.update(subs)
            if not subs <= known:  # names from the package itself, not only its modules
                found.add(module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    out = set()
    for module in found:
        # an import of a.b.c runs a, a.b and a.b.c: count the deepest whist module named
        while module and module not in known:
            module = module.rpartition(".")[0]
        # a module's own packages are always initialised before it: not an edge
        if module and module != name and not name.startswith(module + "."):
            out.add(module)
    return out


def import_graph() -> dict[str, set[str]]:
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    known = set(files)
    return {name: imports_of(ast.parse(path.read_text(encoding="utf-8")), name, path.name == "__init__.py", known)
            for name, path in files.items()}


def in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph``, as the modules round it (the first repeated at the end)."""
    state: dict[str, int] = {}  # 1: on the path being explored, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def checked_graph() -> dict[str, set[str]]:
    """The graph among the modules of the checked packages (a package's own ``__init__``
    counts as importing nothing of its sub-modules, as ours do)."""
    graph = import_graph()
    keep = {m for m in graph if any(in_package(m, p) for p in CHECKED)}
    return {m: {n for n in graph[m] if n in keep} for m in keep}


def test_the_graph_reads_every_kind_of_import() -> None:
    source = ("from __future__ import annotations\nfrom typing import TYPE_CHECKING\n"
              "import whist.engine.cards\nfrom whist.engine import auction\nfrom . import trick\n"
              "if TYPE_CHECKING:\n    from whist.ai.players import Player\n"
              "def f():\n    from whist.engine.state import GameState\n")
    known = {"whist", "whist.engine", "whist.engine.cards", "whist.engine.auction", "whist.engine.trick",
             "whist.engine.state", "whist.ai", "whist.ai.players", "whist.engine.deal"}
    got = imports_of(ast.parse(source), "whist.engine.deal", False, known)
    assert got == {"whist.engine.cards", "whist.engine.auction", "whist.engine.trick", "whist.engine.state"}
    # a package's own names are an edge to it, from outside it; reaching its module is not
    got = imports_of(ast.parse("from whist.table import Table\nfrom whist.engine import deal\n"), "whist.web.page",
                     False, known | {"whist.table", "whist.web.page"})
    assert got == {"whist.table", "whist.engine.deal"}


def test_find_cycle_names_the_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_no_import_circles() -> None:
    cycle = find_cycle(checked_graph())
    if cycle:
        pytest.fail("import circle: " + " -> ".join(cycle))


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_layers_import_only_downwards(package: str) -> None:
    wrong = sorted(f"{m} imports {n}" for m, deps in import_graph().items() if in_package(m, package)
                   for n in deps if any(in_package(n, banned) for banned in LAYERS[package]))
    assert wrong == []


def test_only_the_commands_import_the_command_line_tools() -> None:
    wrong = sorted(f"{m} imports {n}" for m, deps in import_graph().items()
                   if not in_package(m, "whist.cli") and m not in ENTRY_MODULES
                   for n in deps if in_package(n, "whist.cli"))
    assert wrong == []


def test_the_page_names_no_game_state_even_for_annotations() -> None:
    """Not even under TYPE_CHECKING: whist/web reads the typed view, whose types are its own."""
    for path in sorted((PACKAGE / "web").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert "GameState" not in source and "GAMES" not in source.replace("RECENT_GAMES", ""), path.name
