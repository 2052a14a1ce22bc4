"""The standard library's cut (stdlib_cut.py), in CPython: what the page imports is in it, and it
is the pinned zip's own entries, fewer.

The end-to-end tests run on the cut (the dev server serves it); these tests fail before them
when a module the page imports, found by reading the sources or traced in the browser
(``stdlib_cut.TRACED``), is missing from it.
"""

from __future__ import annotations

import encodings
import encodings.aliases
import inspect
import io
import json
import re
import shutil
import subprocess
import types
import zipfile
from pathlib import Path

import pytest

import serve
import stdlib_cut
from tests.project_copy import copy_project

PINNED = serve.ROOT / "node_modules" / "pyodide" / stdlib_cut.STDLIB_ZIP


@pytest.fixture(scope="module")
def pinned() -> zipfile.ZipFile:
    if not PINNED.is_file():
        pytest.fail("the runtime is not installed: run `npm ci` (python -m tests does)", pytrace=False)
    return zipfile.ZipFile(io.BytesIO(PINNED.read_bytes()))


@pytest.fixture(scope="module")
def cut() -> zipfile.ZipFile:
    data = serve.Site(serve.ROOT, release=False).read(serve.STDLIB_PATH)
    assert data is not None
    return zipfile.ZipFile(io.BytesIO(stdlib_cut.unpack(data)))


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
        pinned_entry = pinned.read(name)
        assert cut.read(name) == (serve.stdlib_source(pinned_entry) if name.endswith(".py") else pinned_entry), name
    # the modules the page may import, and those they may import later (inside a function:
    # concurrent.futures's executors), each with its packages; no other
    reach = stdlib_cut.reach(pinned, serve.stdlib_modules(serve.ROOT))
    modules = stdlib_cut.zip_modules(cut)
    assert {name for name in modules if stdlib_cut.unit(name) != stdlib_cut.CODEC_PACKAGE} == {
        name for name in reach if stdlib_cut.unit(name) != stdlib_cut.CODEC_PACKAGE
        and name in stdlib_cut.zip_modules(pinned)}
    assert {"concurrent.futures.thread", "asyncio.tasks", "importlib.metadata"} <= set(modules)
    assert "logging.handlers" not in modules and "asyncio.tools" not in modules and "json.tool" not in modules
    for name in names:
        folder = name.rstrip("/").rpartition("/")[0]
        assert not folder or folder + "/" in names, name
    codecs = {n for n in names if stdlib_cut.entry_unit(n) == stdlib_cut.CODEC_PACKAGE}
    assert codecs == stdlib_cut.kept_codecs(serve.stdlib_modules(serve.ROOT))
    assert "encodings/cp437.py" in names and "encodings/cp1252.py" not in names and "asyncio/tasks.py" in names
    assert "unittest/__init__.py" not in names and "multiprocessing/__init__.py" not in names
    # over the wire: a quarter of the pinned zip
    assert PINNED.stat().st_size * 0.25 > len(serve.Site(serve.ROOT, release=False).read(serve.STDLIB_PATH) or b"")


def _same_code(a: types.CodeType, b: types.CodeType, where: str) -> None:
    """Two code objects the same but for their columns: bytecode, constants, names, line numbers,
    and each nested function's and class's code likewise."""
    for attr in ("co_code", "co_names", "co_varnames", "co_freevars", "co_cellvars", "co_flags", "co_argcount",
                 "co_posonlyargcount", "co_kwonlyargcount", "co_stacksize", "co_exceptiontable", "co_name",
                 "co_qualname", "co_firstlineno"):
        assert getattr(a, attr) == getattr(b, attr), f"{where}: {attr}"
    assert list(a.co_lines()) == list(b.co_lines()), f"{where}: line numbers"
    assert len(a.co_consts) == len(b.co_consts), f"{where}: constants"
    for x, y in zip(a.co_consts, b.co_consts, strict=True):
        if isinstance(x, types.CodeType) and isinstance(y, types.CodeType):
            _same_code(x, y, f"{where}.{x.co_name}")
        else:
            assert type(x) is type(y) and x == y, f"{where}: constant {x!r} != {y!r}"


def test_each_module_shipped_compiles_to_what_python_OO_compiles(pinned: zipfile.ZipFile,
                                                                 cut: zipfile.ZipFile) -> None:
    """Every module the cut ships, as it ships it (serve.stdlib_source: comments out, docstrings
    ``""``), compiles (here, with the host's compiler) to the same code as the pinned module with
    ``optimize=2`` (``python -OO``, which drops docstrings): the same bytecode, constants and names,
    each line where it was. A module the host cannot parse is stripped by its tokens; few are."""
    stripped, whole = [], []
    for info in cut.infolist():
        if not info.filename.endswith(".py"):
            continue
        original, shipped = pinned.read(info.filename), cut.read(info)
        try:
            expected = compile(original, info.filename, "exec", optimize=2)
        except SyntaxError:  # stripped by its tokens: checked in the pinned Python, below
            assert shipped == serve.stripped_by_tokens(original), info.filename
            whole.append(info.filename)
            continue
        _same_code(expected, compile(shipped, info.filename, "exec", optimize=2), info.filename)
        assert shipped == original or len(shipped) < len(original)
        stripped.append(info.filename)
    assert len(whole) * 20 < len(stripped), whole
    docs = compile(pinned.read("json/decoder.py"), "decoder.py", "exec")
    assert docs.co_consts[0].startswith("Implementation of JSONDecoder")  # a docstring was there to take out
    assert b"Implementation of JSONDecoder" not in cut.read("json/decoder.py")


#: What the pinned runtime's Python runs (tests below): ``_same_code`` on each module of the cut
#: against the pinned zip's, each compiled with ``optimize=2``; prints what it checked and failed.
_PINNED_CHECK = """
pinned, shipped = zipfile.ZipFile("/pinned.zip"), zipfile.ZipFile("/shipped.zip")
checked, failed = [], {}
for info in shipped.infolist():
    if info.filename.endswith(".py"):
        try:
            _same_code(compile(pinned.read(info.filename), info.filename, "exec", optimize=2),
                       compile(shipped.read(info), info.filename, "exec", optimize=2), info.filename)
            checked.append(info.filename)
        except (AssertionError, SyntaxError) as error:
            failed[info.filename] = repr(error)
print(json.dumps({"version": sys.version, "checked": checked, "failed": failed}))
"""

_NODE_RUNNER = """
import { readFileSync } from "node:fs";
const [pyodide, pinned, shipped, program] = process.argv.slice(2);
const { loadPyodide } = await import(pyodide);
const py = await loadPyodide({ indexURL: new URL(".", pyodide).pathname });
py.FS.writeFile("/pinned.zip", readFileSync(pinned));
py.FS.writeFile("/shipped.zip", readFileSync(shipped));
py.runPython(readFileSync(program, "utf8"));
"""


def test_each_module_shipped_compiles_in_the_pinned_python_as_under_OO(tmp_path: Path,
                                                                       cut: zipfile.ZipFile) -> None:
    """The same check in the pinned runtime's own Python (Pyodide's 3.14, run by node, the
    runtime's): every module the cut ships compiles to the pinned one's code with ``optimize=2``,
    the modules the host could not parse included."""
    node = shutil.which("node")
    assert node is not None, "node runs the runtime's package manager: it should be here"
    shipped = tmp_path / "shipped.zip"
    shipped.write_bytes(serve.make_stdlib_zip(serve.ROOT))
    program = tmp_path / "check.py"
    program.write_text("import json, sys, types, zipfile\n" + inspect.getsource(_same_code) + _PINNED_CHECK,
                       encoding="utf-8")
    runner = tmp_path / "check.mjs"
    runner.write_text(_NODE_RUNNER, encoding="utf-8")
    pyodide = (serve.ROOT / "node_modules" / "pyodide" / "pyodide.mjs").as_uri()
    run = subprocess.run([node, str(runner), pyodide, str(PINNED), str(shipped), str(program)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["version"].startswith("3.14")
    assert not result["failed"], result["failed"]
    modules = [info.filename for info in cut.infolist() if info.filename.endswith(".py")]
    assert result["checked"] == modules and "typing.py" in modules


def test_stripping_makes_the_cut_smaller(pinned: zipfile.ZipFile, cut: zipfile.ZipFile) -> None:
    """The cut with its modules stripped, against the same entries as the pinned zip has them:
    a quarter fewer bytes at least (a zip goes over the wire as it is: hosts gzip text, not zips)."""
    whole = stdlib_cut.cut(PINNED.read_bytes(), set(cut.namelist()))
    shipped = len(serve.make_stdlib_zip(serve.ROOT))
    assert zipfile.ZipFile(io.BytesIO(whole)).namelist() == cut.namelist()
    assert shipped < len(whole) * 0.75, (shipped, len(whole))


#: A string that may be a codec's name, in a module's source.
_NAME = re.compile(rb"""['"]([A-Za-z][\w-]{1,30})['"]""")


def test_every_codec_a_shipped_source_names_is_kept(pinned: zipfile.ZipFile, cut: zipfile.ZipFile) -> None:
    """A codec is imported by the name it is asked for, which no import statement gives: every
    string of a source the page runs (whist's, the cut's modules') that names a codec of the
    pinned zip, as Python reads a codec's name (its aliases too), must name one the cut keeps,
    but in a module of ``stdlib_cut.CODEC_TABLES``. (Dropping zipfile's cp437 fails here.)"""
    package = stdlib_cut.CODEC_PACKAGE
    codecs = {n.removeprefix(f"{package}/").removesuffix(".py") for n in pinned.namelist()
              if stdlib_cut.entry_unit(n) == package and n.endswith(".py")} - {"__init__", "aliases"}
    kept = {n.removeprefix(f"{package}/").removesuffix(".py") for n in cut.namelist()
            if stdlib_cut.entry_unit(n) == package and n.endswith(".py")} - {"__init__", "aliases"}
    sources = {rel: path.read_bytes() for rel, path in _whist_sources().items()}
    sources |= {name: cut.read(info) for name, info in stdlib_cut.zip_modules(cut).items()
                if stdlib_cut.unit(name) != package and name not in stdlib_cut.CODEC_TABLES}
    named: dict[str, str] = {}
    for where, source in sources.items():
        for match in _NAME.finditer(source):
            name = encodings.normalize_encoding(match.group(1).decode()).lower()
            codec = encodings.aliases.aliases.get(name, name)
            if codec in codecs:
                named.setdefault(codec, where)
    assert {"utf_8", "ascii", "cp437", "utf_16_le"} <= set(named)  # the sources were read
    missing = {codec: where for codec, where in named.items() if codec not in kept}
    assert not missing, f"codecs named but not in the cut: {missing}"
    assert set(stdlib_cut.CODECS) <= kept < codecs


def test_every_module_that_names_a_docstring_is_reviewed(cut: zipfile.ZipFile) -> None:
    """A module of the cut whose code (comments and docstrings out) names ``__doc__`` may read a
    docstring that is ``""`` now: each is in stdlib_cut.DOC_READERS, with why the page does not
    change by it; and each there is in the cut and names it still."""
    found = {name for name, info in stdlib_cut.zip_modules(cut).items() if b"__doc__" in cut.read(info)}
    assert {"functools", "_pyodide.docstring"} <= found
    assert found == set(stdlib_cut.DOC_READERS), (found - set(stdlib_cut.DOC_READERS),
                                                  set(stdlib_cut.DOC_READERS) - found)


def test_the_same_sources_make_the_same_cut() -> None:
    data = PINNED.read_bytes()
    kept = {"json/", "json/__init__.py", "json/decoder.py", "encodings/", "encodings/__init__.py"}
    assert stdlib_cut.cut(data, kept) == stdlib_cut.cut(data, set(kept))
    assert zipfile.ZipFile(io.BytesIO(stdlib_cut.cut(data, kept))).namelist() == sorted(kept, key=list(
        zipfile.ZipFile(io.BytesIO(data)).namelist()).index)
    made = serve.Site(serve.ROOT, release=True).read(serve.STDLIB_PATH)
    assert made == stdlib_cut.pack(serve.make_stdlib_zip(serve.ROOT))


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


def test_source_the_host_cannot_parse_is_stripped_by_its_tokens() -> None:
    """Docstrings and comments out of Python 3.14 source read by the host's older tokenizer, every
    line where it was; nothing changed on the rows of an f-string, whose nested quotes (and a
    ``#`` between them) an older Python reads otherwise."""
    source = (
        '"""The module\'s\ndocstring."""\n'
        "import a  # a comment\n"
        "def f(x):\n"
        "    'its docstring'\n"
        "    # a whole-line comment\n"
        "    try:\n"
        "        return f'{x + f'#{x}'}'  # kept: an f-string's row\n"
        "    except KeyError, ValueError:\n"
        "        return t'{x}'\n"
        "y = 'not a docstring'\n"
        "'a' 'b'\n"
    )
    with pytest.raises(SyntaxError):
        compile(source, "new.py", "exec")
    assert serve.stripped_by_tokens(source.encode()).decode() == (
        '""\n\n'
        "import a\n"
        "def f(x):\n"
        '    ""\n'
        "\n"
        "    try:\n"
        "        return f'{x + f'#{x}'}'  # kept: an f-string's row\n"
        "    except KeyError, ValueError:\n"
        "        return t'{x}'\n"
        "y = 'not a docstring'\n"
        '""\n'
    )
    assert serve.stdlib_source(source.encode()) == serve.stripped_by_tokens(source.encode())


def test_the_cut_is_kept_between_processes_and_made_again_when_what_it_is_made_from_changes(
        pinned: zipfile.ZipFile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """serve.stdlib_archive_for keeps the cut on disk (seconds of CPU for every test worker and
    build otherwise): the kept one is the one made; the same sources read it without following
    an import; a change that imports nothing new finds it by the modules it keeps; a module newly
    imported makes a cut holding it; a kept file gone or a folder that cannot be written changes
    nothing but the time."""
    cache = tmp_path / "cache"
    monkeypatch.setattr(serve, "STDLIB_CACHE", str(cache))  # (absolute: root / it is it)
    project = copy_project(tmp_path / "project")
    fresh = stdlib_cut.pack(serve.make_stdlib_zip(project))
    assert serve.stdlib_archive_for(project) == fresh
    assert len(list(cache.glob("cut-*"))) == 1 and len(list(cache.glob("sources-*"))) == 1

    followed: list[Path] = []
    modules = serve.stdlib_modules

    def following(root: Path) -> set[str]:
        followed.append(root)
        return modules(root)

    monkeypatch.setattr(serve, "stdlib_modules", following)
    assert serve.stdlib_archive_for(project) == fresh
    assert followed == []  # read, not made

    # A comment in a module of the game: its imports followed again, the same cut read.
    entry = project / "whist" / "web" / "main.py"
    entry.write_text("# a new version\n" + entry.read_text(encoding="utf-8"), encoding="utf-8")
    assert serve.stdlib_archive_for(project) == fresh
    assert followed == [project]
    assert len(list(cache.glob("cut-*"))) == 1 and len(list(cache.glob("sources-*"))) == 2

    # A module of the standard library newly imported: a new cut, which holds it.
    assert "colorsys.py" not in zipfile.ZipFile(io.BytesIO(stdlib_cut.unpack(fresh))).namelist()
    entry.write_text("import colorsys\n" + entry.read_text(encoding="utf-8"), encoding="utf-8")
    grown = serve.stdlib_archive_for(project)
    assert "colorsys.py" in zipfile.ZipFile(io.BytesIO(stdlib_cut.unpack(grown))).namelist()
    assert grown == stdlib_cut.pack(serve.make_stdlib_zip(project))
    assert len(list(cache.glob("cut-*"))) == 2

    # The cut a digest names is gone: made again. A folder that cannot be written: made each time.
    for kept in cache.glob("cut-*"):
        kept.unlink()
    assert serve.stdlib_archive_for(project) == grown
    shutil.rmtree(cache)
    cache.write_text("not a folder")
    assert serve.stdlib_archive_for(project) == grown
    assert cache.read_text() == "not a folder"
