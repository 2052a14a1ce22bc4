"""The bytecode the page keeps between visits (whist/web/bytecode.py), under CPython."""

from __future__ import annotations

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
    bytecode.Keeper.compiler("kept_pkg.mod")()
    assert Path(importlib.util.cache_from_source(str(package / "mod.py"))).is_file()
    compiled.clear()
    module = importlib.import_module("kept_pkg.mod")
    assert module.VALUE == "from source"
    assert compiled == [], "compiled again at the import"
    bytecode.Keeper.compiler("kept_pkg.mod")()  # already imported: nothing to do, no error
    bytecode.Keeper.compiler("kept_pkg.no_such_module")()  # not there: nothing, no error
