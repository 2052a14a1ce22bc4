"""The standard library's cut (stdlib_cut.py), in CPython: what the page imports is in it, and it
is the pinned zip's own entries, fewer.

The end-to-end tests run on the cut (the dev server serves it); these tests fail before them
when a module the page imports, found by reading the sources or traced in the browser
(``stdlib_cut.TRACED``), is missing from it.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

import serve
import stdlib_cut

PINNED = serve.ROOT / "node_modules" / "pyodide" / stdlib_cut.STDLIB_ZIP


@pytest.fixture(scope="module")
def pinned() -> zipfile.ZipFile:
    if not PINNED.is_file():
        pytest.skip("the runtime is not installed (npm ci)")
    return zipfile.ZipFile(io.BytesIO(PINNED.read_bytes()))


@pytest.fixture(scope="module")
def cut() -> zipfile.ZipFile:
    data = serve.Site(serve.ROOT, release=False).read(serve.STDLIB_PATH)
    assert data is not None
    return zipfile.ZipFile(io.BytesIO(data))


def _importable(stdlib: zipfile.ZipFile, name: str) -> bool:
    """Whether ``name`` or the module it is an attribute of is a module of the zip."""
    modules = stdlib_cut.zip_modules(stdlib)
    return name in modules or name.rpartition(".")[0] in modules


def _whist_sources() -> dict[str, Path]:
    files = {**serve.package_files(serve.ROOT), **serve.later_files(serve.ROOT)}
    return {**files, **{s: serve.ROOT / s for s in serve.page_scripts(serve.ROOT)}}


def test_every_module_the_page_imports_is_in_the_cut(pinned: zipfile.ZipFile, cut: zipfile.ZipFile) -> None:
    """What whist's shipped modules import (anywhere: inside a function too), what the runtime
    imports by itself, and what the browser was seen to import, as far as the pinned zip holds it."""
    wanted: dict[str, str] = {}
    for rel, path in _whist_sources().items():
        for name in stdlib_cut.imports(path.read_bytes()):
            wanted.setdefault(name, rel)
    for name in (*stdlib_cut.RUNTIME, *stdlib_cut.TRACED, *stdlib_cut.PYODIDE_PACKAGES):
        wanted.setdefault(name, "stdlib_cut.py")
    assert "random" in wanted and "json" in wanted  # the roots were read
    missing = {name: why for name, why in wanted.items() if _importable(pinned, name) and not _importable(cut, name)}
    assert not missing, f"not in the standard library's cut: {missing}"


def test_what_the_page_may_import_imports_only_what_the_cut_keeps(pinned: zipfile.ZipFile,
                                                                  cut: zipfile.ZipFile) -> None:
    """Each module the page may import (the closure) finds in the cut what it imports when
    imported. (A package is kept whole, so some of its modules that the page never imports, such
    as ``concurrent.futures.process`` or ``logging.handlers``, would not find theirs: not these.)"""
    modules = stdlib_cut.zip_modules(cut)
    closure = serve.stdlib_modules(serve.ROOT)
    assert {"asyncio", "asyncio.tasks", "json.decoder", "encodings.aliases", "pyodide.ffi"} <= closure
    assert "concurrent.futures.process" not in closure and "logging.handlers" not in closure
    missing = []
    for name in sorted(closure):
        info = modules[name]
        found = stdlib_cut.imports(cut.read(info), name, package=info.filename.endswith("__init__.py"),
                                   everywhere=False)
        missing += [f"{name} imports {m}" for m in found if _importable(pinned, m) and not _importable(cut, m)]
    assert not missing


def test_the_cut_is_the_pinned_zips_own_entries_fewer(pinned: zipfile.ZipFile, cut: zipfile.ZipFile) -> None:
    names = cut.namelist()
    assert set(names) < set(pinned.namelist())
    assert [n for n in pinned.namelist() if n in set(names)] == names, "in the pinned zip's order"
    for name in names:
        assert cut.read(name) == pinned.read(name), name
    # whole packages: every file of a package it keeps
    for unit in {stdlib_cut.entry_unit(n) for n in names}:
        assert {n for n in pinned.namelist() if stdlib_cut.entry_unit(n) == unit} <= set(names), unit
    assert "encodings/cp1252.py" in names and "asyncio/tasks.py" in names
    assert "unittest/__init__.py" not in names and "multiprocessing/__init__.py" not in names
    assert PINNED.stat().st_size * 0.7 > len(serve.Site(serve.ROOT, release=False).read(serve.STDLIB_PATH) or b"")


def test_the_same_sources_make_the_same_cut() -> None:
    data = PINNED.read_bytes()
    assert stdlib_cut.cut(data, {"json", "encodings"}) == stdlib_cut.cut(data, {"json", "encodings"})
    assert serve.make_stdlib_zip(serve.ROOT) == serve.Site(serve.ROOT, release=True).read(serve.STDLIB_PATH)


def test_imports_reads_what_runs_when_a_module_is_imported() -> None:
    source = '''
import a.b, c as d
from e.f import g
from . import h
from ..i import j
try:
    import k
except ImportError:
    k = None
def f():
    import l
class C:
    import m
if __name__ == "__main__":
    import n
x = __import__("o")
'''
    top = stdlib_cut.imports(source, "p.q.r", everywhere=False)
    assert top == {"a.b", "c", "e.f", "e.f.g", "p.q", "p.q.h", "p.i", "p.i.j", "k"}
    assert stdlib_cut.imports(source, "p.q.r") == top | {"l", "m", "n", "o"}
    assert stdlib_cut.imports("from . import s", "p", package=True) == {"p", "p.s"}


def test_source_the_host_cannot_parse_is_read_line_by_line() -> None:
    """Newer syntax than the host's (Python 3.14's stdlib read by the host's 3.11)."""
    source = '''
type Alias = list[int]
import a
from .b import (c,
    d)
def f[T](x: T) -> T:
    import e
    return x
if __name__ == "__main__":
    import g
try:
    import h
except ImportError, ValueError:
    pass
'''
    with pytest.raises(SyntaxError):
        compile(source, "new.py", "exec")
    assert stdlib_cut.imports(source, "p.q", everywhere=False) == {"a", "p.b", "p.b.c", "h"}
    assert stdlib_cut.imports(source, "p.q") == {"a", "p.b", "p.b.c", "e", "g", "h"}


def test_pyscripts_own_python_is_read_from_its_scripts(tmp_path: Path) -> None:
    script = tmp_path / "core.js"
    script.write_text('wo(".",{pyscript:{"__init__.py":"import json\\nfrom base64 import b64decode\\n"}});'
                      'x.runPython("import tarfile as _t; from gzip import open");', encoding="utf-8")
    sources = stdlib_cut.pyscript_sources(tmp_path, ["core.js"])
    assert sources[0] == "import json\nfrom base64 import b64decode\n"
    assert stdlib_cut.snippet_imports(script.read_text(encoding="utf-8")) >= {"json", "base64", "tarfile", "gzip"}


def test_a_trace_names_what_the_closure_lacks() -> None:
    """``python stdlib_cut.py TRACE``: the modules a trace saw that the static closure lacks (for
    ``stdlib_cut.TRACED``), with the first test that imported each; the browser's own (``js``) and
    the package's are not the standard library's."""
    trace = ['{"test": "t1", "where": "page", "modules": ["js", "json", "encodings.utf_8", "whist.web"]}',
             '{"test": "t2", "where": "worker", "modules": ["encodings.utf_8", "email.message"]}']
    found = stdlib_cut.untraced(trace, {"json"}, {"json", "encodings.utf_8", "email.message"})
    assert found == {"encodings.utf_8": "t1 (page)", "email.message": "t2 (worker)"}
