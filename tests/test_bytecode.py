"""The bytecode the page keeps between visits (whist/web/bytecode.py), under CPython."""

from __future__ import annotations
import __future__

import importlib
import importlib.util
import marshal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from whist.web import bytecode


@pytest.fixture
def package(tmp_path: Path) -> Iterator[Path]:
    """A package ``kept_pkg`` in tmp_path, importable, removed from sys.modules afterwards."""
    root = tmp_path / "kept_pkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "mod.py").write_text("VALUE = 'from source'\n")
    sys.path.insert(0, str(tmp_path))
    try:
        yield root
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n.startswith("kept_pkg")]:
            del sys.modules[name]


def fresh_import(name: str) -> object:
    sys.modules.pop(name, None)
    importlib.invalidate_caches()
    return importlib.import_module(name)


def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the sources the import system compiles from now on."""
    seen: list[str] = []
    original = importlib.machinery.SourceFileLoader.source_to_code

    def spy(self: Any, data: Any, path: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(path)
        return original(self, data, path, *args, **kwargs)

    monkeypatch.setattr(importlib.machinery.SourceFileLoader, "source_to_code", spy)
    return seen


def run_steps(steps: list[bytecode.Step]) -> None:
    """Run idle-time steps as the page does: the steps a step hands back come next."""
    todo = list(steps)
    while todo:
        todo[:0] = todo.pop(0)() or []


def test_a_kept_module_is_loaded_from_its_pyc(package: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = (package / "mod.py").read_bytes()
    blob = bytecode.bundle({"mod.py": bytecode.pyc(source, str(package / "mod.py"))})
    assert bytecode.install(blob, str(package)) == 1
    pyc = Path(importlib.util.cache_from_source(str(package / "mod.py")))
    assert pyc.is_file()
    loaded = compiles(monkeypatch)
    module = fresh_import("kept_pkg.mod")
    assert module.VALUE == "from source"  # type: ignore[attr-defined]
    assert str(package / "mod.py") not in loaded, "compiled again instead of loading the kept bytecode"


def test_a_kept_pyc_of_another_source_is_not_used(package: Path) -> None:
    stale = bytecode.pyc(b"VALUE = 'stale'\n", str(package / "mod.py"))
    bytecode.install(bytecode.bundle({"mod.py": stale}), str(package))
    assert fresh_import("kept_pkg.mod").VALUE == "from source"  # type: ignore[attr-defined]


def test_a_bundle_of_another_interpreter_or_shape_writes_nothing(package: Path) -> None:
    code = bytecode.pyc(b"VALUE = 1\n", "x.py")
    other = marshal.dumps({"format": bytecode.FORMAT, "magic": b"\0\0\r\n", "files": {"mod.py": code}})
    assert bytecode.install(other, str(package)) == 0
    assert bytecode.install(marshal.dumps([1, 2]), str(package)) == 0
    escaping = bytecode.bundle({"../evil.py": code, "nosuch.py": code, "mod.py": "not bytes"})  # type: ignore[dict-item]
    assert bytecode.install(escaping, str(package)) == 0


def test_the_modules_to_keep_are_the_imported_ones_and_the_page_s() -> None:
    base = bytecode.package_dir()
    kept = bytecode.modules_to_keep(base)
    assert "web/bytecode.py" in kept and "web/page.py" in kept and "web/main.py" not in kept
    assert "__init__.py" in kept  # whist itself is imported
    assert all(Path(path).is_file() for path in kept.values())


def test_a_module_compiled_ahead_is_imported_from_its_pyc(package: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The idle-time import is two steps: the compiler writes the .pyc, the import only loads it."""
    compiled = compiles(monkeypatch)
    importlib.invalidate_caches()
    run_steps([bytecode.Keeper.compiler("kept_pkg.mod")])
    assert Path(importlib.util.cache_from_source(str(package / "mod.py"))).is_file()
    compiled.clear()
    module = importlib.import_module("kept_pkg.mod")
    assert module.VALUE == "from source"
    assert compiled == [], "compiled again at the import"
    assert bytecode.Keeper.compiler("kept_pkg.mod")() is None  # already imported: nothing to do, no error
    assert bytecode.Keeper.compiler("kept_pkg.no_such_module")() is None  # not there: nothing, no error


BIG = '''"""A module big enough to be compiled in pieces."""
from __future__ import annotations

from dataclasses import dataclass

TEXT = """
def not_code():
x = [
"""
WORDS = [
"left margin",
]


@dataclass
class Point:
    x: int
    y: "Missing"  # never evaluated: the annotations future holds in every piece


def where() -> int:
    return where.__code__.co_firstlineno

'''


def big_source(n: int) -> str:
    body = "".join(f"\n\ndef f{i}(a: int) -> int:\n    return a + {i}  # {'-' * 60}\n" for i in range(n))
    return BIG + body + f"\nLAST = sum(globals()[f'f{{i}}'](1) for i in range({n}))\n"


def test_a_big_module_is_compiled_in_pieces_and_runs_as_if_whole(package: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    source = big_source(200).encode()
    assert len(bytecode.pieces(source)) > 2
    assert max(len(t) for _, t in bytecode.pieces(source)) < bytecode.PIECE + 200
    path = package / "big.py"
    path.write_bytes(source)
    kept: dict[str, bytes] = {}
    steps = bytecode.compile_steps(source, str(path),
                                   lambda code: kept.__setitem__("big.py", bytecode.pyc(source, str(path), code)))
    assert len(steps) == len(bytecode.pieces(source)) + 1  # a step a piece, then the .pyc
    run_steps(steps)
    assert bytecode.install(bytecode.bundle(kept), str(package)) == 1
    loaded = compiles(monkeypatch)
    module: Any = fresh_import("kept_pkg.big")
    assert str(path) not in loaded, "compiled again instead of loading the kept pieces"
    assert sum(range(200)) + 200 == module.LAST and module.Point(1, 2).y == 2 and "\nx = [\n" in module.TEXT
    assert module.where() == source.decode().splitlines().index("def where() -> int:") + 1
    assert module.f199.__code__.co_filename == str(path) and "__piece__" not in vars(module)
    assert module.Point.__annotations__ == {"x": "int", "y": "'Missing'"}


def test_a_cut_in_the_wrong_place_compiles_the_whole_module(package: Path) -> None:
    """A piece that does not compile (here: a cut inside a string) and the .pyc is the whole
    module compiled at once, as it would have been."""
    source = ('X = """\n' + "line at the margin\n" * 1000 + '"""\nY = 2\n').encode()
    assert len(bytecode.pieces(source)) > 1
    kept: dict[str, bytes] = {}
    path = package / "odd.py"
    path.write_bytes(source)
    run_steps(bytecode.compile_steps(source, str(path),
                                     lambda code: kept.__setitem__("odd.py", bytecode.pyc(source, str(path), code))))
    bytecode.install(bytecode.bundle(kept), str(package))
    module: Any = fresh_import("kept_pkg.odd")
    assert module.Y == 2 and module.X.count("line at the margin") == 1000


def test_every_module_of_the_package_is_cut_where_its_pieces_compile() -> None:
    FUTURE = __future__.annotations.compiler_flag
    base = Path(bytecode.package_dir())
    for path in sorted(base.rglob("*.py")):
        source = path.read_bytes()
        parts = bytecode.pieces(source)
        assert b"".join(t for _, t in parts) == source
        for first, text in parts:
            compile(b"\n" * (first - 1) + text, str(path), "exec", flags=FUTURE, dont_inherit=True)


def test_a_module_of_the_standard_library_is_imported_a_piece_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """pickle, 70 KB of source that Pyodide compiles at every import: compiled in pieces in
    idle time, then run as the import system would run it."""
    monkeypatch.delitem(sys.modules, "pickle", raising=False)
    compiled = compiles(monkeypatch)
    first = bytecode.importer("pickle")()
    assert first is not None and len(first) > 3 and "pickle" not in sys.modules
    run_steps(first)
    module: Any = sys.modules["pickle"]
    assert module.loads(module.dumps({"a": [1, 2]})) == {"a": [1, 2]} and compiled == []
    assert module.__spec__.name == "pickle" and module.__file__ and "__piece__" not in vars(module)
    assert bytecode.importer("pickle")() is None  # imported: nothing to do
