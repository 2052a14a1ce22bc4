"""The standard library the site ships: Pyodide's ``python_stdlib.zip`` cut to what the page runs.

The pinned runtime's zip holds all of CPython's pure-Python library (2.5 MB, already compressed,
so a host's gzip gains nothing on it); the page imports a small part of it. serve.py serves, beside
the zip's own site path (``runtime/pyodide/python_stdlib.zip.gz``, in the dev server and the build
alike, so every end-to-end test runs on it; static/python.mjs hands it to Pyodide), a zip made
from the pinned one, its entries stored and the whole gzipped, that keeps only:

- every package or module of the zip that a *root* imports, where the roots are the package's
  modules the page ships (whist.tgz, whist-later.tgz, the page's script), PyScript's own Python
  (the modules its ``core`` script writes into the file system, and the snippets it runs), and
  Pyodide's own packages in the zip (``_pyodide``, ``pyodide``): their imports anywhere (inside
  a function too), then the imports of what that keeps, at the top of each module (what runs
  when it is imported), until nothing new;
- :data:`TRACED`: what the page was seen to import beyond that (a Python of the page and of its
  workers asked for ``sys.modules`` after the end-to-end flows, run on the whole pinned zip:
  ``WHIST_TRACE_STDLIB=trace.jsonl python -m pytest tests/e2e/...``, then ``python stdlib_cut.py
  trace.jsonl`` names what the static closure lacks), each with the flow that needs it;
- :data:`RUNTIME`: what the interpreter and Pyodide import by themselves, which no import
  statement of the roots names, each with its reason.

Of a package, the cut keeps the modules above and, in the packages that hold them, every module
one of those imports anywhere, inside a function too (:func:`reach`: what a module the page
imports may import later, on a path no test took); of the codecs, those of :func:`kept_codecs`.
Nothing is written by hand: the zip is made from the pinned one, entry by entry, in its order,
each module without its comments and docstrings (serve.stdlib_source, as whist.tgz ships ours:
every line where it was, so a traceback's line numbers are CPython's), stored, and the whole
gzipped (:func:`pack`): 0.54 MB over the wire where the pinned zip is 2.5 MB.
tests/test_stdlib_cut.py fails when a traced or statically
imported module is not in the cut, when a module shipped compiles to other code than the pinned
one under ``python -OO``, or when one that names ``__doc__`` is not in :data:`DOC_READERS`.
"""

from __future__ import annotations

import ast
import gzip
import io
import json
import re
import sys
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

#: The file of the Pyodide package that the cut replaces.
STDLIB_ZIP = "python_stdlib.zip"

#: The name the site ships the cut under: its zip gzipped whole (:func:`pack`).
STDLIB_GZ = STDLIB_ZIP + ".gz"

#: Pyodide's own packages in the zip: kept whole, and roots of the closure.
PYODIDE_PACKAGES: tuple[str, ...] = ("_pyodide", "pyodide")

#: What the interpreter and the runtime import without an import statement of the roots naming it.
RUNTIME: dict[str, str] = {
    "encodings": "the interpreter's start imports encodings and its codecs by name (utf_8, aliases); "
                 "other codecs are found by name at run time: the cut keeps those of CODECS",
    "site": "the interpreter's start imports it (sys.path, the builtins' help, quit)",
    "_sitebuiltins": "site's help, quit and exit",
    "_sysconfigdata__emscripten_wasm32-emscripten": "sysconfig reads it by a name it builds at run time",
    "sysconfig": "site and Pyodide's package loader ask it for the platform's paths",
    "_colorize": "a traceback in 3.14 is printed through it (PyScript shows errors on the page)",
    "linecache": "a traceback reads its source lines through it",
    "tokenize": "linecache reads a module's encoding through it",
    "traceback": "PyScript and Pyodide format an error with it",
    "_strptime": "time.strptime and datetime.strptime import it from C",
    "_pydatetime": "datetime falls back to it when the C module is missing",
    "_pylong": "int <-> str of very long numbers import it from C",
    "_py_warnings": "warnings imports it (3.14) when a warning is raised",
    "_weakrefset": "abc and threading import it from C",
    "zipimport": "the interpreter imports the zip itself through it",
}

#: The package of the codecs, which the cut keeps in part: a codec is a module that ``codecs`` imports by
#: a name it is asked for at run time (``text.encode("cp437")``), which no import statement names.
CODEC_PACKAGE = "encodings"

#: The codecs the cut keeps (modules of :data:`CODEC_PACKAGE`), beside the package's ``__init__`` and
#: ``aliases`` and any the closure reaches: every codec that a source the page runs names in a string
#: (tests/test_stdlib_cut.py reads them all and fails on one missing), but in :data:`CODEC_TABLES`.
#: A text in another codec is refused with Python's own LookupError ("unknown encoding").
CODECS: dict[str, str] = {
    "utf_8": "Python's own text codec; whist names it for every text it encodes",
    "utf_8_sig": "site and tokenize read files in it; json.loads of bytes detects it",
    "utf_16": "json.loads of bytes detects it", "utf_16_be": "json.loads of bytes detects it",
    "utf_16_le": "json.loads of bytes detects it", "utf_32": "json.loads of bytes detects it",
    "utf_32_be": "json.loads of bytes detects it", "utf_32_le": "json.loads of bytes detects it",
    "ascii": "whist encodes addresses, links and codes in it; base64 too",
    "latin_1": "gzip, fnmatch, platform and datetime name it",
    "cp437": "zipfile decodes the names of a zip's files in it",
    "idna": "asyncio's and ssl's host names", "punycode": "idna encodes through it",
    "bz2_codec": "shutil and tarfile name it", "zlib_codec": "shutil names it",
    "undefined": "asyncio.exceptions names it",
    "unicode_escape": "codecs.escape_decode's text form, as Python's own literals read",
    "raw_unicode_escape": "pickle's and the raw literals' codec",
}

#: The modules of the cut that name codecs in strings they never look up, each with why.
CODEC_TABLES: dict[str, str] = {
    "locale": "its table of locale aliases names each locale's encoding (locale names, not lookups: "
              "the browser's locale is C.UTF-8)",
}

#: What the page was seen to import beyond the static closure and :data:`RUNTIME` (a Python of the
#: page and of each worker asked for ``sys.modules`` after the end-to-end flows, see
#: tests/e2e/conftest.py ``WHIST_TRACE_STDLIB``): the module and the flow that needs it.
TRACED: dict[str, str] = {
    "encodings.utf_8": "every start (the interpreter's own codec, looked up by name): "
                       "tests/e2e/test_play.py::test_dom_contract, the page and the thinker",
}

_SETS = "sets docstrings of its own making (a text or a format of one it keeps as a variable)"
_COPIES = "copies a docstring to another object: the ``\"\"`` of a stripped one, as the text it was"
_NAMES = "names ``__doc__`` among the attributes it copies or skips"

#: The modules of the cut whose shipped code names ``__doc__`` (serve.stdlib_source leaves each
#: docstring ``""``; CPython's ``-OO`` leaves None), each with why the page does not change by it.
#: tests/test_stdlib_cut.py fails on one that names it and is not here.
DOC_READERS: dict[str, str] = {
    "base64": _SETS, "dis": _SETS, "hashlib": _SETS, "selectors": _SETS, "shutil": _SETS, "socket": _SETS,
    "urllib.parse": _SETS, "collections": _SETS + " (namedtuple's)",
    "decimal": _COPIES, "io": _COPIES, "ntpath": _COPIES, "posixpath": _COPIES, "reprlib": _COPIES,
    "signal": _COPIES, "importlib.metadata": _COPIES, "concurrent.futures.process": _COPIES,
    "concurrent.futures.thread": _COPIES,
    "operator": _COPIES + " (the C module's, which stays)", "struct": _COPIES + " (the C module's, which stays)",
    "functools": _NAMES + "; wraps and cached_property copy one", "importlib._bootstrap": _NAMES,
    "importlib._bootstrap_external": _NAMES, "concurrent.futures": _NAMES, "pyodide.console": _NAMES,
    "contextlib": "a context manager used as a decorator takes the function's docstring, or its class's if "
                  "None: ``\"\"`` is kept as the function's",
    "types": "DynamicClassAttribute (enum's) takes the getter's docstring if its own is empty: either is ``\"\"``",
    "typing": "special forms take their getter's docstring, generic aliases make their own",
    "inspect": "getdoc() walks the bases while a docstring is None: help text only, which the page never shows",
    "enum": "an Enum class whose docstring is None gets 'An enumeration.'; one stripped keeps ``\"\"``: help only",
    "dataclasses": "a dataclass with no docstring (None or ``\"\"`` alike: a falsy test) gets its signature as one",
    "_pyodide.docstring": "Pyodide's C methods' docstrings: a signature and ``\"\"`` after it (dedent of an empty "
                          "text is the empty text), at every start: the end-to-end tests boot on it",
    "concurrent.interpreters._crossinterp": "copies a class's docstring into a class it makes",
}

_SNIPPET_IMPORT = re.compile(r"(?:^|\\n|[\n;\"'`])[ \t]*(?:from[ \t]+([A-Za-z_][\w.]*)[ \t]+import|import[ \t]+"
                             r"([A-Za-z_][\w.]*(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*"
                             r"(?:[ \t]+as[ \t]+\w+)?)*))")
_JS_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def unit(name: str) -> str:
    """The top-level package or module of a dotted name."""
    return name.partition(".")[0]


def entry_unit(path: str) -> str:
    """The top-level package or module of a zip entry (``json/decoder.py``, ``os.py``)."""
    return path.partition("/")[0].removesuffix(".py")


def imports(source: bytes | str, module: str = "", *, package: bool = False, everywhere: bool = True) -> set[str]:
    """The dotted names a module's source imports (``from a.b import c``: ``a.b`` and ``a.b.c``,
    one of which may be no module; a relative import resolved from ``module``, a package when
    ``package``): anywhere in it (``everywhere``), or only where it runs when imported (its top
    level, an ``if`` or ``try`` there; not a function's or a class's body, nor the block of
    ``if __name__ == "__main__":``). Source the host's parser cannot read (newer syntax) is read
    line by line (:func:`_scanned`)."""
    base = module if package else module.rpartition(".")[0]
    try:
        tree = ast.parse(source)
    except SyntaxError:
        text = source.decode("utf-8", "replace") if isinstance(source, bytes) else source
        return _scanned(text, base, everywhere)
    found: set[str] = set()
    for node in (ast.walk(tree) if everywhere else _top_level(tree)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.update(_from(base, node.level, node.module or "", [a.name for a in node.names]))
        elif everywhere and isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) and _call_name(node.func) in ("__import__", "import_module"):
            found.add(node.args[0].value)
    return found


def _from(base: str, level: int, module: str, names: list[str]) -> list[str]:
    if level:
        parts = base.split(".") if base else []
        parts = parts[:len(parts) - level + 1]
        module = ".".join([*parts, module] if module else parts)
    return [module, *(f"{module}.{name}" for name in names if name != "*")] if module else []


_SCAN_IMPORT = re.compile(r"(?:from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\(?([\w, \t]*)|import[ \t]+([\w., \t]+))")
_SCAN_BLOCK = re.compile(r"(?:async[ \t]+)?(def|class)\b|if[ \t]+__name__[ \t]*==")


def _scanned(text: str, base: str, everywhere: bool) -> set[str]:
    """:func:`imports` of source read line by line: an import statement at the start of a line
    counts unless (but ``everywhere``) a line it is indented under opens a ``def``, a ``class`` or
    ``if __name__ ==``."""
    found: set[str] = set()
    blocks: list[tuple[int, bool]] = []  # (indent, whether it is a body that does not run on import)
    for line in text.splitlines():
        stripped = line.lstrip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        while blocks and blocks[-1][0] >= indent:
            blocks.pop()
        if stripped.rstrip().endswith(":"):
            blocks.append((indent, bool(_SCAN_BLOCK.match(stripped))))
        match = _SCAN_IMPORT.match(stripped)
        if match is None or (not everywhere and any(skip for ind, skip in blocks if ind < indent)):
            continue
        dots, module, names, plain = match.groups()
        if plain is not None:
            found.update(part.split()[0] for part in plain.split(",") if part.split())
        else:
            found.update(_from(base, len(dots), module, [n.split()[0] for n in names.split(",") if n.split()]))
    return found


def _call_name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _top_level(tree: ast.AST) -> Iterator[ast.AST]:
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if node is tree or not (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda))
                                or _is_main_block(node)):
            todo += ast.iter_child_nodes(node)


def _is_main_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and isinstance(node.test, ast.Compare) \
        and isinstance(node.test.left, ast.Name) and node.test.left.id == "__name__"


def pyscript_sources(dist: Path, names: Iterable[str]) -> list[str]:
    """PyScript's own Python, from the shipped scripts of its ``dist`` (``names``): the modules its
    core writes into the file system (``"name.py": "source"`` in an object literal) and the
    Python snippets it runs (a JS string holding an import statement)."""
    sources: list[str] = []
    for name in names:
        if not name.endswith((".js", ".mjs")):
            continue
        text = (dist / name).read_text(encoding="utf-8", errors="replace")
        for match in _JS_STRING.finditer(text):
            try:
                value = json.loads(f'"{match.group(1)}"')
            except ValueError:
                continue
            if re.search(r"(?:^|\n|;)\s*(?:from\s+\w[\w.]*\s+import|import\s+\w)", value):
                sources.append(value)
    return sources


def snippet_imports(text: str) -> set[str]:
    """The dotted names a JS script's Python snippets import (``"import a, b as c"``, ``"from a
    import b"``, after a quote, a newline or a semicolon): for what :func:`pyscript_sources` finds
    no whole module of."""
    found: set[str] = set()
    for match in _SNIPPET_IMPORT.finditer(text):
        module, names = match.groups()
        found.update([module] if module else [part.split()[0] for part in names.split(",") if part.split()])
    return found


def zip_modules(stdlib: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    """Every module of a zip by its dotted name (``json``: ``json/__init__.py``; ``json.decoder``)."""
    return {info.filename.removesuffix(".py").removesuffix("/__init__").replace("/", "."): info
            for info in stdlib.infolist() if info.filename.endswith(".py")}


#: What each module of a zip imports, by (its file, its CRC, as what, a package, everywhere): the
#: pinned zip is read again for every build of a process (a test's), and parsing it is most of a cut.
_ENTRY_IMPORTS: dict[tuple[str, int, str, bool, bool], set[str]] = {}
#: What each source of the page imports, by its text (most are the same from one build to the next).
_ROOT_IMPORTS: dict[str | bytes, set[str]] = {}


def _entry_imports(stdlib: zipfile.ZipFile, info: zipfile.ZipInfo, name: str, everywhere: bool) -> set[str]:
    package = info.filename.endswith("__init__.py")
    key = (info.filename, info.CRC, name, package, everywhere)
    if key not in _ENTRY_IMPORTS:
        _ENTRY_IMPORTS[key] = imports(stdlib.read(info), name, package=package, everywhere=everywhere)
    return _ENTRY_IMPORTS[key]


def closure(stdlib: zipfile.ZipFile, roots: Iterable[str | bytes], extra: Iterable[str] = ()) -> set[str]:
    """The zip's modules the page may import: those the ``roots`` (sources) import anywhere,
    every module of Pyodide's packages and what they import anywhere, ``extra`` (names), their
    packages, and what each imports when it is imported, until nothing new."""
    modules = zip_modules(stdlib)
    todo = list(extra)
    for source in roots:
        if source not in _ROOT_IMPORTS:
            if len(_ROOT_IMPORTS) > 2000:
                _ROOT_IMPORTS.clear()
            _ROOT_IMPORTS[source] = imports(source, everywhere=True)
        todo += _ROOT_IMPORTS[source]
    for name, info in modules.items():
        if unit(name) in PYODIDE_PACKAGES:
            todo.append(name)
            todo += _entry_imports(stdlib, info, name, True)
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        if name not in modules:
            continue
        seen.add(name)
        info = modules[name]
        todo += _entry_imports(stdlib, info, name, False)
    return seen


def kept_units(modules: Iterable[str]) -> set[str]:
    """The top-level packages and modules that hold ``modules``."""
    return {unit(name) for name in modules}


def reach(stdlib: zipfile.ZipFile, modules: Iterable[str]) -> set[str]:
    """``modules`` (the closure) and, in the packages that hold them, every module one of those
    imports anywhere, inside a function too (``concurrent.futures`` imports its ``thread`` when
    its executor is first asked for, ``importlib`` its ``metadata``), until nothing new: what a
    module the page imports may import later, on a path no test took. (A module of another
    package imported only inside a function is not: the closure has each the page may run.)"""
    found = set(modules)
    units = kept_units(found)
    zipped = zip_modules(stdlib)
    todo = sorted(found)
    while todo:
        name = todo.pop()
        if name not in zipped:
            continue
        for other in _entry_imports(stdlib, zipped[name], name, True):
            parts = other.split(".")
            for known in (".".join(parts[:i]) for i in range(1, len(parts) + 1)):
                if known in zipped and unit(known) in units and known not in found:
                    found.add(known)
                    todo.append(known)
    return found


def kept_entries(stdlib: zipfile.ZipFile, modules: Iterable[str]) -> set[str]:
    """The zip's entries the cut keeps: each module of :func:`reach` (its file, and its packages'
    folders), and of the codecs those of :func:`kept_codecs`; a package's other modules are left
    out (``logging.handlers``, ``asyncio.tools``, ``importlib.resources``: 35 KB over the wire)."""
    modules = set(modules)
    zipped = zip_modules(stdlib)
    kept = kept_codecs(modules)
    for name in reach(stdlib, modules):
        if name in zipped and unit(name) != CODEC_PACKAGE:
            path = zipped[name].filename
            kept.add(path)
            parts = path.split("/")[:-1]
            kept |= {"/".join(parts[:i]) + "/" for i in range(1, len(parts) + 1)}
    return kept


def kept_codecs(modules: Iterable[str]) -> set[str]:
    """The zip entries of :data:`CODEC_PACKAGE` the cut keeps: its ``__init__`` and ``aliases``, the
    codecs of :data:`CODECS`, and any module of it among ``modules`` (the closure's)."""
    inside = {name.partition(".")[2] for name in modules if unit(name) == CODEC_PACKAGE and "." in name}
    return {f"{CODEC_PACKAGE}/", f"{CODEC_PACKAGE}/__init__.py",
            *(f"{CODEC_PACKAGE}/{name}.py" for name in {"aliases", *CODECS, *inside})}


def cut(data: bytes, kept: set[str], shrink: Callable[[bytes], bytes] = bytes) -> bytes:
    """The zip ``data`` with only the entries named in ``kept`` (:func:`kept_entries`), in its
    order, each as it was (name, time, attributes), a module's source through ``shrink``
    (serve.stdlib_source: without its docstrings and comments), stored uncompressed: the same
    input, the same bytes. The site gzips the zip whole (:func:`pack`): one stream over every
    module compresses a tenth better than each entry deflated alone (a host sends a compressed
    file as it is), and zipimport then reads each module without inflating it."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            if info.filename in kept:
                copy = zipfile.ZipInfo(info.filename, info.date_time)
                copy.external_attr, copy.create_system = info.external_attr, info.create_system
                copy.compress_type = zipfile.ZIP_STORED
                content = source.read(info)
                target.writestr(copy, shrink(content) if info.filename.endswith(".py") else content)
    return out.getvalue()


def pack(stdlib_zip: bytes) -> bytes:
    """The cut as the site ships it (:data:`STDLIB_GZ`): gzipped at the highest level, no time in
    its header, so the same zip gives the same bytes."""
    return gzip.compress(stdlib_zip, compresslevel=9, mtime=0)


def unpack(data: bytes) -> bytes:
    """The zip of :func:`pack`'s ``data``."""
    return gzip.decompress(data)


def untraced(trace: Iterable[str], modules: set[str], stdlib: set[str]) -> dict[str, str]:
    """The modules of ``stdlib`` that a trace (JSON lines of tests/e2e ``WHIST_TRACE_STDLIB``) saw
    imported and ``modules`` (the closure) lacks, each with the first test and Python that did."""
    found: dict[str, str] = {}
    for line in trace:
        seen = json.loads(line)
        for name in seen["modules"]:
            if name in stdlib and name not in modules:
                found.setdefault(name, f"{seen['test']} ({seen['where']})")
    return found


def main(argv: list[str]) -> int:
    """``python stdlib_cut.py TRACE...``: what the traces saw imported beyond the static closure
    (with :data:`RUNTIME`), for :data:`TRACED`; and which of those the cut lacks."""
    import serve

    roots, extra = serve.stdlib_sources(serve.ROOT)
    with zipfile.ZipFile(serve.ROOT / "node_modules/pyodide" / STDLIB_ZIP) as stdlib:
        static = closure(stdlib, roots, [name for name in extra if name not in TRACED])
        names = set(zip_modules(stdlib))
        kept = reach(stdlib, serve.stdlib_modules(serve.ROOT))
    for path in argv:
        with open(path, encoding="utf-8") as trace:
            for name, where in sorted(untraced(trace, static, names).items()):
                print(f"{name}: {where}" + ("" if name in kept else "  NOT IN THE CUT"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
