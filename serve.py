#!/usr/bin/env python3
"""Development server and static-site builder for the whist card room.

Usage::

    python serve.py                      # serve the game at http://127.0.0.1:8000/
    python serve.py --port 8080 --host 0.0.0.0 --verbose
    python serve.py --build _site        # write the static site into _site/
    python serve.py --site _site --base /whist/   # serve a built site under a sub-path
    python serve.py --check              # list pyscript.toml [files] problems

The dev server and the builder share one definition of the site (see
:class:`Site`, ``PUBLISHED_FILES``, ``PUBLISHED_DIRS`` and ``RUNTIME_DIRS``):
the URL ``/runtime/pyodide/x`` is ``node_modules/pyodide/x``,
``/runtime/pyscript/x`` is ``node_modules/@pyscript/core/dist/x``,
``/runtime/lean-qr/x`` is ``node_modules/lean-qr/x`` (the share links' QR codes), two files
are generated (``whist.tgz``: the modules the page and its workers import, traced
from ``ENTRY_MODULES``, so never the command line's; PyScript unpacks it into the Python
filesystem; ``sw.js``: the service worker ``static/sw.js`` with the precache list, a
content hash per file, and the version), and every other URL is a published project file
at the same path. Nothing else is served, so the page behaves the same in development and when published as
static files under any sub-path.

The build stamps the version into ``index.html`` (``<meta
name="whist-version">``), which makes the page register the service worker;
the dev server leaves it ``dev``, so no worker runs in development (its
``/sw.js`` only removes a worker that a build served on the same origin
left behind).

Standard library only, Python 3.11+.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import gzip
import hashlib
import html.parser
import io
import json
import mimetypes
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import threading
import tokenize
import tomllib
import urllib.parse
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from types import FrameType

import stdlib_cut

ROOT = Path(__file__).resolve().parent

#: Single files published at the top of the site.
PUBLISHED_FILES: tuple[str, ...] = ("index.html", "pyscript.toml")

#: Published directories and the file-name patterns published inside them.
#: Of the ``whist`` package only the scripts ``index.html`` names are
#: published one by one; all of it ships in ``whist.tgz``.
PUBLISHED_DIRS: dict[str, tuple[str, ...]] = {
    "static": ("*",),
}

#: Path parts that are never published (caches, tests, hidden files).
EXCLUDED_PARTS: tuple[str, ...] = ("__pycache__", "tests", "test")

#: Project files never published as they are: the service worker template
#: (published as ``sw.js`` at the root, see ``SERVICE_WORKER``) and scripts
#: kept beside the files they make (``static/icons/render.py``).
EXCLUDED_PATTERNS: tuple[str, ...] = ("static/sw.js", "*.py", "*.sh")

#: The Python package shipped as one archive, and where PyScript unpacks it.
PACKAGE = "whist"
PACKAGE_ZIP = "whist.tgz"

#: Modules of the package that only the command line runs (``python -m whist``, the bot
#: protocol, the arena, the double-dummy solver's command): the page and its worker never
#: import them (tests/test_manifest.py checks), so whist.tgz leaves them out.
COMMAND_LINE_ONLY: tuple[str, ...] = (
    "whist/__main__.py", "whist/arena.py", "whist/bot.py", "whist/solve.py",
    "whist/cli/__init__.py", "whist/cli/arena.py", "whist/cli/bot.py", "whist/cli/records.py", "whist/cli/solve.py",
)

#: Where the page's Python starts: its script, and its workers' (whist/web/thinking.py boots them
#: on whist.web.thinker). whist.tgz ships these and every module they import, as Python imports
#: them (``import``, ``from``, inside a function too) or by a ``"whist.x"`` string (importlib):
#: a module nothing the page runs imports (the command line's, one not yet used) is left out,
#: and one the page needs but the trace missed fails the end-to-end tests, which run on it.
ENTRY_MODULES: tuple[str, ...] = ("whist.web.main", "whist.web.thinker")

#: The package's modules the page imports only once a player asks for them, after fetching them
#: (``whist.web.later.need``): these and every module only they import ship in ``whist-later.tgz``,
#: unpacked into ``whist/`` on first use (the service worker precaches it, so it works offline),
#: not in ``whist.tgz``, which the page waits for at start-up.
LATER_ENTRIES: tuple[str, ...] = ("whist.web.challenge_view", "whist.web.live_view", "whist.web.review_markup",
                                  "whist.web.ear")
LATER_ZIP = "whist-later.tgz"
#: Our files a page fetches only when a player needs them, never at a default start-up: the four-colour
#: deck's, large cards' and high contrast's style sheet (whist/web/settings.py dress adds it).
LATER_FILES: tuple[str, ...] = ("static/vision.css", "static/pips/D-blue.svg", "static/pips/C-green.svg",
                                "static/pips/C-green-down.svg")
#: Our files only the browser or the system fetches, to install the app or show it on a home screen
#: (the manifest's icons, the touch icon), never a page's start (tests/e2e/test_site.py checks).
INSTALL_FILES: tuple[str, ...] = tuple(f"static/icons/{name}" for name in (
    "icon.svg", "icon-192.png", "icon-512.png", "maskable.svg", "maskable-192.png", "maskable-512.png",
    "apple-touch-icon.png"))

#: Our files a page fetches only in idle time once its table is up: what a visit keeps for the next
#: (the compiled Python, and the memory snapshot a later visit starts from, made in a worker):
#: static/python.mjs imports it only then.
IDLE_FILES: tuple[str, ...] = ("static/keep.mjs",)

#: The service worker: generated at the site root (so that its scope is the
#: whole site) from this template.
SERVICE_WORKER = "sw.js"
SERVICE_WORKER_TEMPLATE = "static/sw.js"

#: Site files made by :class:`Site` rather than copied.
GENERATED: tuple[str, ...] = (PACKAGE_ZIP, LATER_ZIP, SERVICE_WORKER)

#: The line of the template that the build replaces with the precache list.
_BUILD_LINE = re.compile(r"^const BUILD = .*;$", re.MULTILINE)

#: The version stamp in index.html: ``content="dev"`` until the build.
_VERSION_META = re.compile(r'(<meta name="whist-version" content=")([^"]*)(")')

@dataclass(frozen=True)
class RuntimeDir:
    """A directory of the site whose files come from an npm package."""

    url_prefix: str  #: site path, e.g. "runtime/pyodide"
    source: str  #: directory relative to the project root
    package: str  #: npm package name, as in package.json


RUNTIME_DIRS: tuple[RuntimeDir, ...] = (
    RuntimeDir("runtime/pyodide", "node_modules/pyodide", "pyodide"),
    RuntimeDir("runtime/pyscript", "node_modules/@pyscript/core/dist", "@pyscript/core"),
    RuntimeDir("runtime/lean-qr", "node_modules/lean-qr", "lean-qr"),
)

#: The files of the lean-qr package that the site ships: its ES module (whist/web/qr.py imports it
#: on the first QR code a page draws, never at start-up) and its licence, which the MIT licence
#: asks to travel with every copy (the module itself carries none).
LEAN_QR_FILES: tuple[str, ...] = ("index.mjs", "LICENSE")

#: The files of the Pyodide package that the page loads.
PYODIDE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
)

#: The standard library the site ships beside Pyodide's own path for it: the pinned zip cut to
#: what the page imports (stdlib_cut.py), gzipped whole, made by the dev server and the build
#: alike; static/python.mjs hands it to Pyodide (the pinned zip is not shipped).
STDLIB_PATH = f"runtime/pyodide/{stdlib_cut.STDLIB_GZ}"

#: PyScript chunks never shipped, whatever pyscript.toml says: the code editor
#: and the terminal (only reached by lazy imports that run when a page has a
#: ``py-editor`` or a ``terminal`` script), the zip reader of MicroPython
#: (Pyodide unpacks archives itself) and the package graph (only used with a
#: ``packages`` key). The plugins that pyscript.toml turns off (``plugins =
#: ["!name"]``) are not shipped either: see :func:`pyscript_excluded`.
PYSCRIPT_EXCLUDED_CHUNKS: tuple[str, ...] = ("codemirror", "xterm", "zip-", "pyodide_graph-")

MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".tgz": "application/gzip",
    ".gz": "application/gzip",
    ".toml": "application/toml",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".mp3": "audio/mpeg",
    ".ogg": "audio/ogg",
    ".wav": "audio/wav",
}


# --------------------------------------------------------------------------
# What the site is made of
# --------------------------------------------------------------------------


def content_type(path: PurePosixPath | Path) -> str:
    """The Content-Type to send for a file, by its extension."""
    suffix = path.suffix.lower()
    if suffix in MIME_TYPES:
        return MIME_TYPES[suffix]
    guessed, _ = mimetypes.guess_type(path.name)
    return guessed or "application/octet-stream"


def is_published(rel: PurePosixPath) -> bool:
    """Whether a project-relative path is part of the site (by name only)."""
    parts = rel.parts
    if not parts or any(p.startswith(".") or p in EXCLUDED_PARTS for p in parts):
        return False
    if len(parts) == 1:
        return parts[0] in PUBLISHED_FILES
    patterns = PUBLISHED_DIRS.get(parts[0])
    return patterns is not None and any(rel.match(p) for p in patterns)


def chunk_name(file_name: str) -> str:
    """A bundler chunk's name without its hash: ``codemirror_view-BsXn.js`` -> ``codemirror_view``."""
    stem = file_name.removesuffix(".js")
    return stem.rsplit("-", 1)[0] if "-" in stem else stem


_IMPORT_RE = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["'](\./[^"']+\.js)["']""")


def disabled_plugins(root: Path) -> tuple[str, ...]:
    """The PyScript plugins that pyscript.toml turns off (``plugins = ["!py-editor", ...]``)."""
    try:
        config = tomllib.loads((root / "pyscript.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return ()
    plugins = config.get("plugins", [])
    if not isinstance(plugins, list):
        return ()
    return tuple(p[1:] for p in plugins if isinstance(p, str) and p.startswith("!"))


def pyscript_excluded(root: Path) -> tuple[str, ...]:
    """File-name prefixes of the PyScript chunks not shipped."""
    return PYSCRIPT_EXCLUDED_CHUNKS + tuple(f"{name}-" for name in disabled_plugins(root) if name != "codemirror")


def pyscript_files(dist: Path, excluded: tuple[str, ...] = PYSCRIPT_EXCLUDED_CHUNKS) -> list[str]:
    """The PyScript files the page may load: ``core.js``, ``core.css`` and the
    chunks reachable from ``core.js`` through static or lazy imports, except
    the chunks whose names start with one of ``excluded``."""
    seen: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (dist / name).read_text(encoding="utf-8")
        for spec in _IMPORT_RE.findall(text):
            target = spec.removeprefix("./")
            if "/" in target or not (dist / target).is_file():
                continue
            if target.startswith(excluded) or chunk_name(target).startswith(excluded):
                continue
            todo.append(target)
    return sorted(seen | {"core.css"})


@functools.cache
def _runtime_files(root: Path, excluded: tuple[str, ...]) -> dict[str, Path]:
    files: dict[str, Path] = {}
    for rt in RUNTIME_DIRS:
        source = root / rt.source
        if rt.package == "@pyscript/core":
            names: tuple[str, ...] | list[str] = pyscript_files(source, excluded)
        else:
            names = {"pyodide": PYODIDE_FILES, "lean-qr": LEAN_QR_FILES}[rt.package]
        for name in names:
            files[f"{rt.url_prefix}/{name}"] = source / name
    return files


def runtime_files(root: Path) -> dict[str, Path]:
    """Site path -> file for the runtime copied from ``node_modules``."""
    return _runtime_files(root, pyscript_excluded(root))


def page_scripts(root: Path) -> tuple[str, ...]:
    """The ``whist`` files that index.html loads by URL (``<script type="py" src>``)."""
    try:
        text = (root / "index.html").read_text(encoding="utf-8")
    except OSError:
        return ()
    return _page_scripts_of(text)


@functools.lru_cache(maxsize=8)
def _page_scripts_of(text: str) -> tuple[str, ...]:
    """:func:`page_scripts` of this text of index.html (asked for every file of a build: parsed once)."""
    found = []
    for url in page_urls(text):
        path = os.path.normpath(urllib.parse.unquote(urllib.parse.urlsplit(url).path)).replace(os.sep, "/")
        if path.startswith(f"{PACKAGE}/") and path.endswith(".py"):
            found.append(path)
    return tuple(found)


def is_package_file(rel: PurePosixPath) -> bool:
    """Whether a project-relative path is a module of the package (shipped in whist.tgz)."""
    parts = rel.parts
    return (
        len(parts) > 1
        and parts[0] == PACKAGE
        and rel.suffix == ".py"
        and not any(p.startswith(".") or p in EXCLUDED_PARTS for p in parts)
    )


def resolve(root: Path, site_path: str) -> Path | None:
    """The project file copied to ``site_path`` (relative, no leading slash), or None.

    ``""`` is ``index.html``. Only published project files and the runtime
    files are ever returned; anything else (``.git``, tests, ``node_modules``
    by its real path, directories, the generated files) is None.
    """
    site_path = site_path or "index.html"
    if site_path.startswith("runtime/"):
        return runtime_files(root).get(site_path)
    rel = PurePosixPath(site_path)
    if ".." in rel.parts or rel.is_absolute():
        return None
    published = is_published(rel) and not any(rel.match(p) for p in EXCLUDED_PATTERNS)
    if not published and not (is_package_file(rel) and site_path in page_scripts(root)):
        return None
    path = root.joinpath(*rel.parts)
    try:
        path.resolve().relative_to(root.resolve())
    except ValueError:  # a symlink pointing out of the project
        return None
    return path if path.is_file() else None


def module_imports(source: bytes | str, package: str = PACKAGE) -> set[str]:
    """The whist modules a module's source names: its imports (``from whist.ai import solver``
    names ``whist.ai`` and ``whist.ai.solver``; a relative one from ``package``, the module's),
    and ``"whist.x"`` strings (``importlib``). What only type checkers read (``if TYPE_CHECKING:``)
    is not run, so not followed."""
    found: set[str] = set()
    for node in _run_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(PACKAGE + "."):
            found.add(node.value.partition(":")[0])
    return found


def _run_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``tree`` (as :func:`ast.walk`) but the body of an ``if TYPE_CHECKING:``."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and _names_type_checking(node.test):
            todo += node.orelse
            continue
        todo += ast.iter_child_nodes(node)


def _names_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


_imports_memo: dict[tuple[str, int, int], frozenset[str]] = {}


def _imports_of(path: Path, package: str) -> frozenset[str]:
    """:func:`module_imports` of a file, read again only when it changed (the dev server asks
    for whist.tgz's files at every request of it)."""
    stat = path.stat()
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    found = _imports_memo.get(key)
    if found is None:
        found = _imports_memo[key] = frozenset(module_imports(path.read_bytes(), package))
    return found


def _module_name(rel: str) -> str:
    """``"ai/solver.py"`` (inside ``whist/``) -> ``"whist.ai.solver"``; a package's ``__init__.py``, the package."""
    parts = [PACKAGE, *rel.removesuffix(".py").split("/")]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _traced(root: Path, entries: tuple[str, ...], stop: tuple[str, ...] = ()) -> dict[str, Path]:
    """Path inside the package (relative to ``whist/``) -> file, for ``entries`` and every module
    they import, with their packages; the modules of ``stop`` neither shipped nor followed."""
    base = root / PACKAGE
    every = {
        path.relative_to(base).as_posix(): path
        for path in sorted(base.rglob("*.py"))
        if path.is_file() and is_package_file(PurePosixPath(path.relative_to(root).as_posix()))
    }
    by_name = {_module_name(rel): rel for rel in every}
    wanted: set[str] = set()
    todo = list(entries)
    while todo:
        name = todo.pop()
        if name in wanted or name not in by_name or name in stop:
            continue
        wanted.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        rel = by_name[name]
        todo += _imports_of(every[rel], name if rel.endswith("__init__.py") else name.rpartition(".")[0])
    return {rel: every[rel] for rel in sorted(by_name[n] for n in wanted)}


def traced_files(root: Path, entries: tuple[str, ...]) -> dict[str, Path]:
    """Path inside the package (relative to ``whist/``) -> file, for the modules ``entries`` name
    and every module they import, with their packages (a page of another kind, such as
    ``benchmarks/browser_ai.py``'s, ships those whist.tgz leaves out)."""
    return _traced(root, entries)


def package_files(root: Path) -> dict[str, Path]:
    """Path inside whist.tgz (relative to ``whist/``) -> file, for every module of the package
    the page runs at start (:data:`ENTRY_MODULES` and all they import, with their packages),
    those it fetches on first use left out (:data:`LATER_ENTRIES`)."""
    return _traced(root, ENTRY_MODULES, LATER_ENTRIES)


def later_files(root: Path) -> dict[str, Path]:
    """Path inside whist-later.tgz (relative to ``whist/``) -> file: :data:`LATER_ENTRIES` and what
    they import that whist.tgz does not ship."""
    first = package_files(root)
    return {rel: path for rel, path in _traced(root, LATER_ENTRIES).items() if rel not in first}


def project_files(root: Path) -> dict[str, Path]:
    """Site path -> file for the project files copied as they are (no runtime, nothing generated)."""
    files: dict[str, Path] = {}
    for name in PUBLISHED_FILES:
        if (root / name).is_file():
            files[name] = root / name
    for site_path in page_scripts(root):
        if resolve(root, site_path) is not None:
            files[site_path] = root / site_path
    for top in PUBLISHED_DIRS:
        for path in sorted((root / top).rglob("*")):
            site_path = path.relative_to(root).as_posix()
            if path.is_file() and resolve(root, site_path) is not None:
                files[site_path] = path
    return files


def page_python_files(root: Path) -> list[Path]:
    """Our Python the page may run: every module of whist.tgz and whist-later.tgz, and the page's scripts."""
    return [*package_files(root).values(), *later_files(root).values(), *(root / s for s in page_scripts(root))]


def stdlib_sources(root: Path) -> tuple[list[bytes | str], list[str]]:
    """What the standard library's cut starts from: the sources whose imports it follows (every
    module of whist.tgz and whist-later.tgz, the page's scripts, PyScript's own Python) and the
    names it keeps besides (the runtime's own imports, the traced ones, the modules PyScript's
    Python snippets import)."""
    files = page_python_files(root)
    dist = root / "node_modules/@pyscript/core/dist"
    shipped = [path.removeprefix("runtime/pyscript/") for path in runtime_files(root)
               if path.startswith("runtime/pyscript/")]
    roots: list[bytes | str] = [path.read_bytes() for path in files]
    roots += stdlib_cut.pyscript_sources(dist, shipped)
    extra = [*stdlib_cut.RUNTIME, *stdlib_cut.TRACED]
    for name in shipped:
        if name.endswith((".js", ".mjs")):
            extra += sorted(stdlib_cut.snippet_imports((dist / name).read_text(encoding="utf-8", errors="replace")))
    return roots, extra


def stdlib_modules(root: Path) -> set[str]:
    """The modules of the pinned standard library that the page may import (stdlib_cut.closure)."""
    roots, extra = stdlib_sources(root)
    with zipfile.ZipFile(root / "node_modules/pyodide" / stdlib_cut.STDLIB_ZIP) as stdlib:
        return stdlib_cut.closure(stdlib, roots, extra)


def make_stdlib_zip(root: Path) -> bytes:
    """The standard library the site ships, before it is gzipped: the pinned zip, only the
    entries of ``stdlib_cut.kept_entries`` (the modules of :func:`stdlib_modules` and what they
    may import later), each module as :func:`stdlib_source` ships it."""
    data = (root / "node_modules/pyodide" / stdlib_cut.STDLIB_ZIP).read_bytes()
    return _stdlib_cut_of(data, stdlib_modules(root))


def _stdlib_cut_of(pinned: bytes, modules: set[str]) -> bytes:
    """The pinned zip ``pinned`` cut to ``modules`` (and what they may import later), each module
    as :func:`stdlib_source` ships it."""
    with zipfile.ZipFile(io.BytesIO(pinned)) as stdlib:
        kept = stdlib_cut.kept_entries(stdlib, modules)
    return stdlib_cut.cut(pinned, kept, stdlib_source)


def _stdlib_roots(root: Path) -> list[Path]:
    """The files whose imports the standard library's cut follows: our Python the page may run
    and PyScript's files the site ships (:func:`stdlib_sources`)."""
    return [*page_python_files(root), *(path for site_path, path in runtime_files(root).items()
                                        if site_path.startswith("runtime/pyscript/"))]


def stdlib_source(data: bytes) -> bytes:
    """A module of the standard library as the site ships it: as whist.tgz ships ours
    (:func:`shipped_source`: no comments, each docstring ``""``, every line where it was, so a
    traceback's line numbers and lines are CPython's own, and it compiles to what ``python -OO``
    compiles), or, where the host's Python cannot parse it (syntax newer than the host's: Python
    3.14's ``except A, B:``, t-strings or quotes nested in f-strings read by 3.11), as
    :func:`stripped_by_tokens` strips it. The page never reads a docstring of the standard library:
    tests/test_stdlib_cut.py lists the modules that read one, and why each is harmless, and checks
    in the pinned runtime's own Python that every module shipped compiles to the pinned one's code
    under ``-OO``."""
    try:
        return shipped_source(data)
    except (SyntaxError, tokenize.TokenError):
        return stripped_by_tokens(data)


#: A string token's prefix that makes it an f-string or a t-string (not a constant).
_FORMATTED = re.compile(r"[A-Za-z]*[fFtT]")


def stripped_by_tokens(data: bytes) -> bytes:
    """``data`` as :func:`shipped_source` ships a module, for source the host's Python cannot parse
    but tokenizes: each statement of plain strings alone (a docstring) becomes ``""``, each comment
    goes, every line where it was; read by tokens, not by a syntax tree. Where the host may read the
    tokens otherwise than the newer Python does (rows of an f-string or t-string, whose nested
    quotes 3.11 reads as other strings, or of a token it cannot read), nothing is changed. Source
    the host cannot tokenize is shipped as it is."""
    lines = io.StringIO(data.decode("utf-8"), newline="").readlines()
    try:
        tokens = list(tokenize.generate_tokens(iter(lines).__next__))
    except (SyntaxError, tokenize.TokenError):
        return data
    unsure: set[int] = set()
    for token in tokens:
        if token.type == tokenize.ERRORTOKEN or (token.type == tokenize.STRING and _FORMATTED.match(token.string)):
            unsure.update(range(token.start[0], token.end[0] + 1))
    strings: list[tuple[tuple[int, int], tuple[int, int]]] = []
    starts = True  # the next token begins a statement
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            starts = True
        elif token.type not in (tokenize.NL, tokenize.COMMENT, tokenize.ENCODING):
            j = i
            while starts and j < len(tokens) and tokens[j].type in (tokenize.STRING, tokenize.NL, tokenize.COMMENT):
                j += 1
            run = [t for t in tokens[i:j] if t.type == tokenize.STRING]
            if (run and j < len(tokens) and tokens[j].type in (tokenize.NEWLINE, tokenize.ENDMARKER)
                    and not unsure.intersection(range(run[0].start[0], run[-1].end[0] + 1))):
                strings.append((run[0].start, run[-1].end))
            starts = False
            i = max(i + 1, j)
            continue
        i += 1
    for token in tokens:  # (a comment is after a string statement on its row: its columns hold)
        if token.type == tokenize.COMMENT and token.start[0] not in unsure:
            _drop_comment(lines, *token.start)
    for (first, head_col), (last, tail_col) in reversed(strings):
        _blank_string(lines, first - 1, last - 1, lines[first - 1][:head_col], lines[last - 1][tail_col:])
    return "".join(lines).encode("utf-8")


_stdlib_memo: dict[tuple[object, ...], bytes] = {}

#: Where the standard library's cut is kept between runs, beside the runtime npm installed (a
#: tool's cache, as ``node_modules/.cache`` holds others'; ``npm ci`` clears it with the runtime).
STDLIB_CACHE = "node_modules/.cache/whist-stdlib"
#: Cuts kept there, the newest (each is about 0.6 MB).
STDLIB_CACHE_KEEP = 8


def _digest(*parts: bytes) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(len(part).to_bytes(8, "big"))
        hasher.update(part)
    return hasher.hexdigest()[:32]


def stdlib_archive_for(root: Path) -> bytes:
    """The standard library's cut as the site ships it (:func:`make_stdlib_zip`, then
    ``stdlib_cut.pack``), made once and kept in :data:`STDLIB_CACHE` for every later process: it
    takes seconds of CPU (parsing hundreds of modules twice), which every test worker, build and
    development server paid again. Kept under a digest of all it is made from (the pinned zip,
    every file whose imports the cut follows, and this file and stdlib_cut.py, which make it), then
    under the modules it keeps, so a copy of the project whose code imports nothing new (the
    tests' versions of the site) finds it too. Where nothing can be kept (a read-only folder), it
    is made each time."""
    code = Path(__file__).read_bytes() + Path(stdlib_cut.__file__).read_bytes()
    zip_bytes = (root / "node_modules/pyodide" / stdlib_cut.STDLIB_ZIP).read_bytes()
    named_sources = sorted((path.relative_to(root).as_posix().encode(), path) for path in _stdlib_roots(root))
    by_sources = _digest(code, zip_bytes, *(name + b"\0" + path.read_bytes() for name, path in named_sources))
    cache = root / STDLIB_CACHE
    named = cache / f"sources-{by_sources}"
    try:
        by_modules = named.read_text(encoding="ascii").strip()
        return (cache / f"cut-{by_modules}.gz").read_bytes()
    except OSError:
        pass
    modules = stdlib_modules(root)
    by_modules = _digest(code, zip_bytes, "\n".join(sorted(modules)).encode())
    kept = cache / f"cut-{by_modules}.gz"
    try:
        archive = kept.read_bytes()
    except OSError:
        archive = stdlib_cut.pack(_stdlib_cut_of(zip_bytes, modules))
        _keep(kept, archive)
    _keep(named, by_modules.encode("ascii"))
    return archive


def _keep(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all (two processes may make it at once), then drop all but
    the newest :data:`STDLIB_CACHE_KEEP` of its kind; nothing if the folder cannot be written."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(data)
        os.replace(temporary, path)
        kind = path.name.split("-", 1)[0]
        kept = sorted(path.parent.glob(f"{kind}-*"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in kept[STDLIB_CACHE_KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)

#: Pyodide's lock file, at its own site path, which the runtime fetches at every start.
LOCK_PATH = "runtime/pyodide/pyodide-lock.json"


def make_lock_file(root: Path) -> bytes:
    """Pyodide's lock file as the site ships it: the pinned one without its packages. Pyodide
    reads it at start (it checks its ``info``, the ABI above all, and needs a ``packages`` key)
    and its packages only to load one (pyscript.toml names none: tests/test_manifest.py) or to
    say, of a module not found, which package of its distribution holds it (the page ships no
    such import). The packages are 116 KB of the 117 (26 KB gzipped) that every first visit fetched."""
    lock = json.loads((root / "node_modules/pyodide/pyodide-lock.json").read_bytes())
    return json.dumps({**lock, "packages": {}}, indent=1).encode("utf-8")


def site_files(root: Path) -> dict[str, Path]:
    """Every file of the site that is copied as it is: site path -> source file.

    The site also holds the files of ``GENERATED`` (see :class:`Site`).
    """
    return {**project_files(root), **runtime_files(root)}


# --------------------------------------------------------------------------
# The generated files: whist.tgz, sw.js, the version
# --------------------------------------------------------------------------


_CSS_COMMENT = re.compile(rb"/\*.*?\*/", re.S)
_CSS_KEPT = re.compile(rb"(\"[^\"]*\"|'[^']*'|--[-\w]+:\s[^;{}]*|[-\w]+:\s[^;{}]*(?:var|env)\([^;{}]*)")
_CSS_SPACE = re.compile(rb"\s+")
_CSS_AROUND = re.compile(rb" ?([{};,>]) ?")


def css_for_site(data: bytes) -> bytes:
    r"""A style sheet as the built site ships it: its comments (the why of each rule, a third of
    whist.css) taken out, and the white space no rule needs: runs of it made one space, none
    around ``{ } ; , >`` nor after a declaration's colon; quoted strings, the values of custom
    properties and those that use one or env() (which the browser keeps token for token) as written.
    No string of our CSS holds ``/*``.

    >>> css_for_site(b"/* the table */\n.a > b { color: red; } /* why */\n\n.b, .c { margin: 0 1px; }\n")
    b'.a>b{color:red}.b,.c{margin:0 1px}\n'
    >>> css_for_site(b'.g { grid-template-areas: "n  n" "k c"; --w: min(1px, 2vw); }')
    b'.g{grid-template-areas:"n  n" "k c";--w: min(1px, 2vw)}\n'
    """
    parts = _CSS_KEPT.split(_CSS_COMMENT.sub(b"", data))
    for i in range(0, len(parts), 2):  # the even parts: neither a string nor a custom property's value
        text = _CSS_AROUND.sub(rb"\1", _CSS_SPACE.sub(b" ", parts[i]))
        parts[i] = re.sub(rb"([{;][-\w]+): ", rb"\1:", text).replace(b";}", b"}")
    parts[1::2] = [kept if kept[:1] in b"'\"" else _CSS_SPACE.sub(b" ", kept) for kept in parts[1::2]]
    return b"".join(parts).strip() + b"\n"


def js_for_site(data: bytes) -> bytes:
    r"""One of our scripts as the built site ships it: the comments that stand on lines of their own
    taken out (a ``//`` line, a ``/* ... */`` block whose first line starts with it and whose last
    ends with it), and the blank lines; every other line exactly as written, a comment after code
    too. A block that does not end its line is kept whole, so nothing but comments ever goes (our
    scripts hold no multi-line template string; tests/test_serve.py parses each built one with node).

    >>> js_for_site(b"/* why\n   more */\nconst a = 1; // kept\n\n  // gone\n/* x */ b();\n")
    b'const a = 1; // kept\n/* x */ b();\n'
    """
    out: list[bytes] = []
    block: list[bytes] = []
    for line in data.splitlines(keepends=True):
        text = line.strip()
        if block:
            block.append(line)
            if b"*/" in text:
                if not text.endswith(b"*/"):
                    out += block  # code after the block's end: kept whole
                block = []
            continue
        if text.startswith(b"/*"):
            if b"*/" in text and not text.endswith(b"*/"):
                out.append(line)
            elif b"*/" not in text:
                block = [line]
            continue
        if text.startswith(b"//") or not text:
            continue
        out.append(line)
    return b"".join(out + block)


def toml_for_site(data: bytes) -> bytes:
    r"""pyscript.toml as the built site ships it: without its comment lines and blank lines (every
    other line as written; it holds no multi-line string).

    >>> toml_for_site(b"# why\nname = \"x\"  # kept\n\n[files]\n  # gone\n\"a\" = \"b\"\n")
    b'name = "x"  # kept\n[files]\n"a" = "b"\n'
    """
    return b"".join(line for line in data.splitlines(keepends=True)
                    if line.strip() and not line.lstrip().startswith(b"#"))


_HTML_COMMENT = re.compile(rb"<!--.*?-->", re.S)
_HTML_INDENT = re.compile(rb"\n[ \t]*(?:\n[ \t]*)*")


def html_for_site(data: bytes) -> bytes:
    r"""index.html as the built site ships it: its comments taken out, and each line's indent
    (a run of white space keeps one line break: the page's text is the same). Every tag kept.

    >>> html_for_site(b"<div>\n  <!-- why -->\n  <p>a <b>b</b></p>\n\n</div>\n")
    b'<div>\n<p>a <b>b</b></p>\n</div>\n'
    """
    return _HTML_INDENT.sub(b"\n", _HTML_COMMENT.sub(b"", data))


def content_hash(data: bytes) -> str:
    """The hash of a file's content in the precache list: 16 hex digits of SHA-256."""
    return hashlib.sha256(data).hexdigest()[:16]


_hash_memo: dict[tuple[str, int, int], str] = {}
_memo_lock = threading.Lock()


def file_hash(path: Path) -> str:
    """``content_hash`` of a file, remembered while its size and mtime stay the same."""
    st = path.stat()
    key = (str(path), st.st_mtime_ns, st.st_size)
    with _memo_lock:
        if key in _hash_memo:
            return _hash_memo[key]
    value = content_hash(path.read_bytes())
    with _memo_lock:
        _hash_memo[key] = value
    return value


@functools.lru_cache(maxsize=1024)
def shipped_source(data: bytes) -> bytes:
    """A module as whist.tgz ships it: its comments and docstrings taken out, every line where it
    was, so it compiles to the same code as ``python -OO`` would, line numbers and all
    (tests/test_manifest.py checks). The page never reads a docstring (``__doc__`` is only
    used by the command-line tools, which are not shipped). Kept for each content: every build
    and both packages strip the same modules (some 5 ms each), the dev server on every change."""
    lines = io.StringIO(data.decode("utf-8"), newline="").readlines()
    for token in tokenize.generate_tokens(iter(lines).__next__):
        if token.type == tokenize.COMMENT:
            _drop_comment(lines, *token.start)
    # Every string statement (a docstring, or a string standing alone) becomes "" and its other
    # lines blank; the last first, so that the earlier ones' places still hold.
    strings = [node for node in ast.walk(ast.parse("".join(lines)))
               if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
               and isinstance(node.value.value, str) and node.end_col_offset is not None]
    for node in sorted(strings, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        head = lines[first].encode("utf-8")[:node.col_offset].decode("utf-8")
        tail = lines[last].encode("utf-8")[node.end_col_offset or 0:].decode("utf-8")
        _blank_string(lines, first, last, head, tail)
    return "".join(lines).encode("utf-8")


def _drop_comment(lines: list[str], row: int, col: int) -> None:
    """Line ``row`` (from 1) of ``lines`` without its comment at ``col``, its line ending kept."""
    line = lines[row - 1]
    lines[row - 1] = line[:col].rstrip() + line[len(line.rstrip("\r\n")):]


def _blank_string(lines: list[str], first: int, last: int, head: str, tail: str) -> None:
    """A string statement on ``lines[first:last + 1]`` (from 0) made ``""``: ``head`` and ``tail``
    around it on its first line, its other lines blank (their endings kept)."""
    lines[first] = head + '""' + tail
    for row in range(first + 1, last + 1):
        end = lines[row][len(lines[row].rstrip("\r\n")):]
        lines[row] = end or "\n"


def make_package_zip(files: dict[str, Path]) -> bytes:
    """The package's modules (:func:`shipped_source`) as one gzipped tar (``whist.tgz``): names relative to
    ``whist/``, sorted, fixed times and modes, so the same sources always give the same
    bytes (and hash). One gzip stream over every module compresses a sixth better than a
    zip, which compresses each file alone."""
    return package_archive({name: shipped_source(path.read_bytes()) for name, path in files.items()})


def package_archive(files: dict[str, bytes]) -> bytes:
    """Name -> bytes as the gzipped tar :func:`make_package_zip` makes (sorted names, fixed times
    and modes: the same files, the same bytes)."""
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=9, mtime=0) as stream, \
            tarfile.open(fileobj=stream, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name, data in sorted(files.items()):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def read_package_zip(data: bytes) -> dict[str, bytes]:
    """Name -> bytes of every file in a package archive made by :func:`make_package_zip`."""
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        out = {}
        for member in archive.getmembers():
            handle = archive.extractfile(member)
            if handle is not None:
                out[member.name] = handle.read()
        return out


def stamp_version(index_html: bytes, version: str) -> bytes:
    """index.html with ``<meta name="whist-version" content="...">`` set to ``version``."""
    text = index_html.decode("utf-8")
    return _VERSION_META.sub(lambda m: m.group(1) + version + m.group(3), text, count=1).encode("utf-8")


def make_service_worker(template: bytes, build: dict[str, object]) -> bytes:
    """The service worker: the template with its ``const BUILD = ...;`` line filled in."""
    text = template.decode("utf-8")
    line = "const BUILD = " + json.dumps(build, separators=(",", ":"), sort_keys=True) + ";"
    new, count = _BUILD_LINE.subn(lambda m: line, text, count=1)
    if count != 1:
        raise ValueError(f"{SERVICE_WORKER_TEMPLATE} has no line `const BUILD = ...;` to fill in")
    return new.encode("utf-8")


class Site:
    """The files of the site, made from the project.

    ``release=True`` (the build) stamps the version into index.html, which
    makes the page register the service worker; ``release=False`` (the dev
    server) leaves ``dev`` there and makes ``sw.js`` a worker that removes
    itself. Both make ``whist.tgz`` and ``sw.js`` from the files as they are
    now, so a changed file is picked up at once.
    """

    def __init__(self, root: Path = ROOT, *, release: bool) -> None:
        self.root = root
        self.release = release
        self._zip_lock = threading.Lock()
        self._zip: tuple[tuple[tuple[str, int, int], ...], bytes] | None = None
        self._later: tuple[tuple[tuple[str, int, int], ...], bytes] | None = None

    # -- the generated files ---------------------------------------------------

    def package_zip(self) -> bytes:
        """whist.tgz, made again only when a module changed."""
        files = package_files(self.root)
        key = tuple((name, p.stat().st_mtime_ns, p.stat().st_size) for name, p in files.items())
        with self._zip_lock:
            if self._zip is None or self._zip[0] != key:
                self._zip = (key, make_package_zip(files))
            return self._zip[1]

    def later_zip(self) -> bytes:
        """whist-later.tgz, made again only when a module changed."""
        files = later_files(self.root)
        key = tuple((name, p.stat().st_mtime_ns, p.stat().st_size) for name, p in files.items())
        with self._zip_lock:
            if self._later is None or self._later[0] != key:
                self._later = (key, make_package_zip(files))
            return self._later[1]

    def stdlib_archive(self) -> bytes:
        """The standard library's cut as the site ships it (:func:`stdlib_archive_for`), looked for
        again only when a file it is made from changed (kept across sites: each build of the tests
        reads it once)."""
        roots = [*_stdlib_roots(self.root), self.root / "node_modules/pyodide" / stdlib_cut.STDLIB_ZIP]
        key = (str(self.root), *((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in roots))
        with self._zip_lock:
            if key not in _stdlib_memo:
                if len(_stdlib_memo) > 3:
                    _stdlib_memo.pop(next(iter(_stdlib_memo)))
                _stdlib_memo[key] = stdlib_archive_for(self.root)
            return _stdlib_memo[key]

    def made(self, site_path: str) -> bool:
        """Whether ``site_path``, a file of :func:`site_files`, is served other than its source:
        :meth:`strips` it, the standard library's cut, or Pyodide's lock file."""
        return site_path in (STDLIB_PATH, LOCK_PATH) or self.strips(site_path)

    def _source_hashes(self) -> dict[str, str]:
        """Site path -> content hash of every file but sw.js, index.html not stamped."""
        hashes = {path: content_hash(self.for_site(path, source.read_bytes())) if self.strips(path)
                  else file_hash(source) for path, source in site_files(self.root).items()}
        hashes[STDLIB_PATH] = content_hash(self.stdlib_archive())
        hashes[LOCK_PATH] = content_hash(make_lock_file(self.root))
        hashes[PACKAGE_ZIP] = content_hash(self.package_zip())
        hashes[LATER_ZIP] = content_hash(self.later_zip())
        return dict(sorted(hashes.items()))

    def version(self) -> str:
        """The hash of every file of the site and of the service worker's code."""
        template = self.root / SERVICE_WORKER_TEMPLATE
        lines = [f"{path} {h}" for path, h in self._source_hashes().items()]
        lines.append(f"{SERVICE_WORKER} {file_hash(template) if template.is_file() else '-'}")
        return content_hash("\n".join(lines).encode("utf-8"))

    def precache(self) -> dict[str, str]:
        """Site path -> content hash of every file the service worker caches (all but sw.js)."""
        hashes = self._source_hashes()
        if self.release:
            hashes["index.html"] = content_hash(self.read_index())
        return hashes

    def read_index(self) -> bytes:
        data = (self.root / "index.html").read_bytes()
        return stamp_version(html_for_site(data), self.version()) if self.release else data

    def service_worker(self) -> bytes:
        build: dict[str, object] = {"version": self.version(), "files": self.precache()}
        if not self.release:
            build["dev"] = True
        worker = make_service_worker((self.root / SERVICE_WORKER_TEMPLATE).read_bytes(), build)
        return js_for_site(worker) if self.release else worker

    # -- every file ------------------------------------------------------------

    def paths(self) -> list[str]:
        """Every site path."""
        paths = set(site_files(self.root)) | {PACKAGE_ZIP, LATER_ZIP, STDLIB_PATH}
        if (self.root / SERVICE_WORKER_TEMPLATE).is_file():
            paths.add(SERVICE_WORKER)
        return sorted(paths)

    def read(self, site_path: str) -> bytes | None:
        """The content served at ``site_path`` (``""`` is index.html), or None."""
        site_path = site_path or "index.html"
        if site_path == PACKAGE_ZIP:
            return self.package_zip()
        if site_path == LATER_ZIP:
            return self.later_zip()
        if site_path == STDLIB_PATH:
            return self.stdlib_archive()
        if site_path == LOCK_PATH:
            return make_lock_file(self.root)
        if site_path == SERVICE_WORKER:
            return self.service_worker() if (self.root / SERVICE_WORKER_TEMPLATE).is_file() else None
        if site_path == "index.html" and (self.root / "index.html").is_file():
            return self.read_index()
        path = resolve(self.root, site_path)
        if path is None:
            return None
        return self.for_site(site_path, path.read_bytes()) if self.strips(site_path) else path.read_bytes()

    @staticmethod
    def for_site(site_path: str, data: bytes) -> bytes:
        if site_path.endswith(".css"):
            return css_for_site(data)
        if site_path.endswith(".py"):
            return shipped_source(data)
        return toml_for_site(data) if site_path.endswith(".toml") else js_for_site(data)

    def strips(self, site_path: str) -> bool:
        """Whether ``site_path`` is shipped other than its source: a style sheet, one of our scripts,
        the page's Python script or pyscript.toml of the build, without its comments
        (:func:`css_for_site`, :func:`js_for_site`, :func:`shipped_source` as in whist.tgz,
        :func:`toml_for_site`; never a file of the runtime)."""
        return self.release and (site_path.endswith(".css") or site_path == "pyscript.toml"
                                 or (site_path.endswith((".js", ".mjs")) and site_path.startswith("static/"))
                                 or site_path in page_scripts(self.root))


# --------------------------------------------------------------------------
# The runtime (npm)
# --------------------------------------------------------------------------


def runtime_problems(root: Path) -> list[str]:
    """Why ``node_modules`` does not hold the runtime package.json pins (empty if it does)."""
    pins = json.loads((root / "package.json").read_text(encoding="utf-8"))["dependencies"]
    problems = []
    for rt in RUNTIME_DIRS:
        manifest = root / "node_modules" / rt.package / "package.json"
        if not manifest.is_file():
            problems.append(f"{rt.package} is not installed")
            continue
        version = json.loads(manifest.read_text(encoding="utf-8")).get("version")
        if version != pins.get(rt.package):
            problems.append(f"{rt.package} {version} is installed, package.json pins {pins.get(rt.package)}")
    return problems


def ensure_runtime(root: Path = ROOT) -> None:
    """Run ``npm ci`` when the pinned runtime is missing from ``node_modules``.

    Raises SystemExit(1) with advice when npm is not available or fails.
    """
    problems = runtime_problems(root)
    if not problems:
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit(
            "error: the Pyodide/PyScript runtime is not installed ("
            + "; ".join(problems)
            + ") and npm was not found on PATH.\n"
            "Install Node.js with npm (https://nodejs.org/), then run this command again."
        )
    print(f"Installing the runtime with `npm ci` ({'; '.join(problems)}) ...", flush=True)
    if subprocess.run([npm, "ci"], cwd=root).returncode != 0:
        sys.exit("error: `npm ci` failed; see its output above.")
    _runtime_files.cache_clear()


# --------------------------------------------------------------------------
# Consistency check of pyscript.toml
# --------------------------------------------------------------------------


class _UrlCollector(html.parser.HTMLParser):
    """Collects the URLs an HTML page loads (src, href of link, config)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = {"src", "config"} | ({"href"} if tag == "link" else set())
        self.urls.extend(value for name, value in attrs if name in wanted and value)


def page_urls(index_html: str) -> list[str]:
    """The URLs that ``index.html`` makes the browser load."""
    collector = _UrlCollector()
    collector.feed(index_html)
    return collector.urls


#: What the page's Content-Security-Policy (its ``<meta http-equiv>``) may allow for
#: scripts: its own files and WebAssembly compilation, never inline script nor eval.
SCRIPT_SOURCES: frozenset[str] = frozenset({"'self'", "'wasm-unsafe-eval'"})

#: Directives a ``<meta>`` policy cannot carry (browsers ignore them there, with a warning).
NOT_IN_META: tuple[str, ...] = ("frame-ancestors", "report-uri", "report-to", "sandbox")


class _PageScan(html.parser.HTMLParser):
    """What index.html holds that its Content-Security-Policy governs: the policy itself
    (and whether anything it must cover comes first), its scripts, its event-handler attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.policies: list[str] = []
        self.before_policy: list[str] = []  #: elements that load or run something, before the policy
        self.scripts: list[dict[str, str | None]] = []
        self.inline_scripts = 0
        self.handlers: list[str] = []
        self._in_script: dict[str, str | None] | None = None
        self._script_text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "meta" and (named.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(named.get("content") or "")
        elif tag in ("script", "link", "style", "img", "iframe", "object") and not self.policies:
            self.before_policy.append(tag)
        self.handlers += [f"<{tag} {name}>" for name, _ in attrs if name.startswith("on")]
        if tag == "script":
            self._in_script, self._script_text = named, ""
            self.scripts.append(named)

    def handle_data(self, data: str) -> None:
        if self._in_script is not None:
            self._script_text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._in_script is not None:
            if self._script_text.strip() and not self._in_script.get("src"):
                self.inline_scripts += 1
            self._in_script = None


def parse_policy(policy: str) -> dict[str, list[str]]:
    """A Content-Security-Policy as directive -> its sources (names lower-cased; the first of a
    repeated directive counts, as in browsers).

    >>> parse_policy("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; ")
    {'default-src': ["'self'"], 'script-src': ["'self'", "'wasm-unsafe-eval'"]}
    """
    directives: dict[str, list[str]] = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives.setdefault(words[0].lower(), words[1:])
    return directives


def policy_problems(index_html: str) -> list[str]:
    """What is wrong with index.html's Content-Security-Policy (empty list if nothing): it must be
    a ``<meta>`` before anything it governs, allow scripts only from the site (and WebAssembly
    compilation), carry no directive a ``<meta>`` cannot, and the page must hold no inline script
    nor event-handler attribute (the policy would refuse them)."""
    scan = _PageScan()
    scan.feed(index_html)
    problems = []
    if len(scan.policies) != 1:
        return [f'index.html: {len(scan.policies)} <meta http-equiv="Content-Security-Policy"> (one is needed)']
    if scan.before_policy:
        problems.append(f"index.html: the Content-Security-Policy <meta> must come before every <script> and "
                        f"<link>: a <meta> policy covers only what follows it ({', '.join(scan.before_policy)} first)")
    directives = parse_policy(scan.policies[0])
    scripts = directives.get("script-src", directives.get("default-src"))
    if scripts is None:
        problems.append("index.html: the Content-Security-Policy has no script-src (nor default-src)")
    elif not_allowed := [src for src in scripts if src.lower() not in SCRIPT_SOURCES]:
        problems.append(f"index.html: the Content-Security-Policy's script-src allows {' '.join(not_allowed)}: "
                        f"only {' '.join(sorted(SCRIPT_SOURCES))}")
    if "default-src" not in directives:
        problems.append("index.html: the Content-Security-Policy has no default-src")
    problems += [f"index.html: a <meta> Content-Security-Policy cannot carry {name} (browsers ignore it)"
                 for name in NOT_IN_META if name in directives]
    if scan.inline_scripts:
        problems.append(f"index.html: {scan.inline_scripts} inline <script>: the Content-Security-Policy refuses "
                        "them; put the code in a file under static/ loaded with <script src>")
    problems += [f"index.html: {h}: an event-handler attribute, which the Content-Security-Policy refuses"
                 for h in scan.handlers]
    return problems


def page_script_text(root: Path) -> str:
    """The JavaScript index.html runs before PyScript: the site's files its classic ``<script src>`` name."""
    try:
        scan = _PageScan()
        scan.feed((root / "index.html").read_text(encoding="utf-8"))
    except OSError:
        return ""
    texts = []
    for script in scan.scripts:
        src, kind = script.get("src"), (script.get("type") or "text/javascript").lower()
        if src and kind in ("text/javascript", "application/javascript"):
            path = resolve(root, os.path.normpath(urllib.parse.unquote(urllib.parse.urlsplit(src).path)))
            if path is not None:
                texts.append(path.read_text(encoding="utf-8"))
    return "\n".join(texts)


def config_urls(config: dict[str, object]) -> list[str]:
    """The URLs in a parsed pyscript.toml: interpreter, [files] and [js_modules] sources."""
    urls: list[str] = []
    if isinstance(config.get("interpreter"), str):
        urls.append(str(config["interpreter"]))
    files = config.get("files")
    if isinstance(files, dict):
        urls.extend(src for src in files if not re.fullmatch(r"\{.+\}", src))
    modules = config.get("js_modules")
    if isinstance(modules, dict):
        for table in modules.values():
            if isinstance(table, dict):
                urls.extend(table)
    return urls


def expand_template(url: str, config: dict[str, object]) -> str:
    """Expand ``{NAME}`` templates of a [files] source the way PyScript does."""
    files = config.get("files")
    templates = {k: v for k, v in files.items() if re.fullmatch(r"\{.+\}", k)} if isinstance(files, dict) else {}
    for _ in range(10):
        new = re.sub(r"\{.+?\}", lambda m: str(templates.get(m.group(0), m.group(0))), url)
        if new == url:
            break
        url = new
    return url


def check_site(root: Path = ROOT) -> list[str]:
    """Problems with the URLs of index.html and pyscript.toml (empty list if none).

    Every URL must be relative and name a file of the site; the package must
    ship as ``whist.tgz`` unpacked into ``whist/`` (``"./whist.tgz" =
    "./whist/*"`` in [files]), and [files] must not list its modules one by
    one (they are in the zip, and not published on their own); index.html
    must carry the version stamp the build fills in, and a Content-Security-Policy
    that allows no inline script and no eval (see :func:`policy_problems`).
    """
    site = Site(root, release=False)
    files = set(site.paths())
    problems: list[str] = []
    urls: list[tuple[str, str]] = []
    index_text = ""
    if "index.html" in files:
        index_text = (root / "index.html").read_text(encoding="utf-8")
        urls += [("index.html", u) for u in page_urls(index_text)]
        if not _VERSION_META.search(index_text):
            problems.append('index.html: no <meta name="whist-version" content="dev"> for the build to stamp')
        problems += policy_problems(index_text)
    config: dict[str, object] = {}
    if "pyscript.toml" in files:
        config = tomllib.loads((root / "pyscript.toml").read_text(encoding="utf-8"))
        if "packages" in config:
            problems.append("pyscript.toml: a `packages` key makes PyScript download packages")
        raw_files = config.get("files")
        listed = raw_files if isinstance(raw_files, dict) else {}
        for src in listed:
            path = PurePosixPath(os.path.normpath(expand_template(src, config)).replace(os.sep, "/"))
            if is_package_file(path):
                problems.append(
                    f"pyscript.toml: [files] lists {src!r}: every module ships in {PACKAGE_ZIP}; remove the line"
                )
            else:
                urls.append(("pyscript.toml", expand_template(src, config)))
        if isinstance(config.get("interpreter"), str):
            urls.append(("pyscript.toml", str(config["interpreter"])))
        if listed.get(f"./{PACKAGE_ZIP}") != f"./{PACKAGE}/*":
            problems.append(f'pyscript.toml: [files] needs "./{PACKAGE_ZIP}" = "./{PACKAGE}/*"')
        # PyScript loads every plugin for MicroPython unless it has a config
        # too: the page's start-up script gives it one, which must turn off the same plugins.
        match = re.search(r"plugins = (\[[^\]]*\])", page_script_text(root))
        in_page = json.loads(match.group(1)) if match else []
        in_config = config.get("plugins", [])
        if sorted(in_page) != sorted(in_config if isinstance(in_config, list) else []):
            problems.append(f"index.html: the mpy-config plugins {in_page} (its scripts) differ from pyscript.toml's")
    for where, url in urls:
        parsed = urllib.parse.urlsplit(url)
        if parsed.scheme in ("data", "blob"):
            continue
        if parsed.scheme or parsed.netloc or url.startswith("/"):
            problems.append(f"{where}: {url!r} is not a relative URL")
            continue
        path = PurePosixPath(urllib.parse.unquote(parsed.path))
        site_path = os.path.normpath(path.as_posix()).replace(os.sep, "/")
        if site_path not in files:
            problems.append(f"{where}: {url!r} is not a file of the site")
    return problems


# --------------------------------------------------------------------------
# Build
# --------------------------------------------------------------------------


def build_site(dest: Path, root: Path = ROOT) -> list[str]:
    """Write the static site into ``dest`` and return its site paths.

    ``dest`` is replaced if it is empty or a previous build (it holds
    ``.nojekyll``); any other existing directory is refused.
    """
    dest = dest.resolve()
    if dest == root.resolve() or root.resolve().is_relative_to(dest):
        raise ValueError(f"refusing to build into {dest}: it contains the project")
    if dest.exists():
        if not dest.is_dir() or (any(dest.iterdir()) and not (dest / ".nojekyll").exists()):
            raise ValueError(f"refusing to overwrite {dest}: not empty and not a previous build")
        shutil.rmtree(dest)
    site = Site(root, release=True)
    copied = site_files(root)
    written = site.paths()
    for site_path in written:
        target = dest.joinpath(*PurePosixPath(site_path).parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        if site_path in copied and site_path != "index.html" and not site.made(site_path):
            shutil.copyfile(copied[site_path], target)
        else:
            data = site.read(site_path)
            assert data is not None, site_path
            target.write_bytes(data)
    (dest / ".nojekyll").write_text("", encoding="utf-8")
    return sorted([*written, ".nojekyll"])


def own_bytes(site_dir: Path) -> tuple[int, int]:
    """(bytes of our own files, bytes of the runtime) in a built site (whist-later.tgz among
    our own: :func:`later_bytes` tells it apart)."""
    own = runtime = 0
    for path in site_dir.rglob("*"):
        if path.is_file():
            if path.relative_to(site_dir).parts[0] == "runtime":
                runtime += path.stat().st_size
            else:
                own += path.stat().st_size
    return own, runtime


def later_bytes(site_dir: Path) -> int:
    """The bytes of our own files a page fetches only on first use (whist-later.tgz), when a player
    needs them (:data:`LATER_FILES`) or in idle time once its table is up (``IDLE_FILES``), and
    those only an install fetches (:data:`INSTALL_FILES`): not a default start-up's."""
    paths = [site_dir / LATER_ZIP, *(site_dir / name for name in (*LATER_FILES, *IDLE_FILES, *INSTALL_FILES))]
    return sum(path.stat().st_size for path in paths if path.is_file())


# --------------------------------------------------------------------------
# Serving
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Served:
    """What a URL serves: the file's name (for its Content-Type) and its bytes."""

    name: str
    data: bytes


Resolver = Callable[[str], Served | None]

#: Cache-Control of the dev server (always revalidate) and of GitHub Pages.
DEV_CACHE = "no-cache"
PAGES_CACHE = "max-age=600"


def project_resolver(root: Path = ROOT) -> Resolver:
    """Serve the project as the built site would be laid out (no version stamp: no service worker)."""
    site = Site(root, release=False)

    def lookup(site_path: str) -> Served | None:
        data = site.read(site_path)
        return None if data is None else Served(PurePosixPath(site_path or "index.html").name, data)

    return lookup


def site_resolver(site_dir: Path, base: str = "/") -> Resolver:
    """Serve the files of a built site directory under the URL prefix ``base``.

    A directory URL serves its ``index.html``, as static hosts do.
    """
    prefix = base.strip("/")
    site_dir = site_dir.resolve()

    def lookup(site_path: str) -> Served | None:
        if prefix:
            if site_path != prefix and not site_path.startswith(prefix + "/"):
                return None
            site_path = site_path[len(prefix) :].lstrip("/")
        rel = PurePosixPath(site_path)
        if ".." in rel.parts:
            return None
        path = site_dir.joinpath(*rel.parts)
        if path.is_dir():
            path = path / "index.html"
        try:
            path.resolve().relative_to(site_dir)
        except ValueError:
            return None
        return Served(path.name, path.read_bytes()) if path.is_file() else None

    return lookup


class SiteHandler(BaseHTTPRequestHandler):
    """GET/HEAD of the files a resolver names; 404 for everything else.

    Every answer carries an ETag (a hash of the content), so a browser can
    revalidate (``If-None-Match`` -> 304) instead of downloading again.
    HTTP/1.1, as static hosts speak it: Chromium ignores the ETag of an
    HTTP/1.0 answer, and keeps the connection open.
    """

    resolver: Resolver
    cache_control: str = DEV_CACHE
    verbose: bool = False
    server_version = "whist-serve"
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self._send(body=True)

    def do_HEAD(self) -> None:
        self._send(body=False)

    def _send(self, body: bool) -> None:
        url = urllib.parse.urlsplit(self.path)
        raw_path = urllib.parse.unquote(url.path)
        site_path = raw_path.lstrip("/")
        found = type(self).resolver(site_path)
        if found is None:
            self._not_found()
            return
        if found.name == "index.html" and not raw_path.endswith(("/", "index.html")):
            # A directory URL such as "/whist" must become "/whist/", or the
            # page's relative URLs would resolve against "/".
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", raw_path + "/" + (f"?{url.query}" if url.query else ""))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        etag = f'"{content_hash(found.data)}"'
        if etag in [t.strip() for t in self.headers.get("If-None-Match", "").split(",")]:
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", type(self).cache_control)
            self.end_headers()
            return
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", content_type(PurePosixPath(found.name)))
        self.send_header("Content-Length", str(len(found.data)))
        self.send_header("Cache-Control", type(self).cache_control)
        self.send_header("ETag", etag)
        self.end_headers()
        if body:
            self.wfile.write(found.data)

    def _not_found(self) -> None:
        data = b"404 Not Found\n"
        self.send_response(HTTPStatus.NOT_FOUND)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        if type(self).verbose:
            super().log_message(format, *args)


class QuietServer(ThreadingHTTPServer):
    """A threading server that does not print tracebacks for dropped connections."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    resolver: Resolver,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    verbose: bool = False,
    cache_control: str = DEV_CACHE,
) -> ThreadingHTTPServer:
    """An HTTP server (not yet serving) for the files ``resolver`` names.

    ``port=0`` picks a free port: read it from ``server.server_address``.
    ``cache_control`` is sent with every file (``PAGES_CACHE`` imitates GitHub Pages).
    """
    attrs = {"resolver": staticmethod(resolver), "verbose": verbose, "cache_control": cache_control}
    handler = type("Handler", (SiteHandler,), attrs)
    return QuietServer((host, port), handler)


def server_url(server: ThreadingHTTPServer, base: str = "/") -> str:
    """The http URL of a server, ending with ``base``."""
    host, port = server.server_address[:2]
    if isinstance(host, bytes):
        host = host.decode()
    shown = "127.0.0.1" if host in ("", "0.0.0.0") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/{base.strip('/')}{'/' if base.strip('/') else ''}"


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """Turn SIGTERM into KeyboardInterrupt so the server stops cleanly."""
    raise KeyboardInterrupt


def run_server(server: ThreadingHTTPServer, base: str = "/") -> int:
    """Serve until Ctrl-C (or SIGTERM); print the URL; return 0."""
    signal.signal(signal.SIGTERM, _interrupt)
    # Ctrl-C stops the server even when it was started from a shell's background job, which
    # starts its commands with SIGINT ignored (Python then leaves it ignored).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print(f"Serving the whist card room at {server_url(server, base)}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.", flush=True)
    finally:
        server.server_close()
    return 0


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command-line options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000; 0 = any free port)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--build", metavar="DIR", type=Path, help="write the static site into DIR and exit")
    mode.add_argument("--site", metavar="DIR", type=Path, help="serve an already built site directory")
    mode.add_argument("--check", action="store_true", help="check the URLs of index.html and pyscript.toml")
    parser.add_argument("--base", default="/", help="URL prefix for --site, e.g. /whist/ (default /)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point: serve, build, serve a built site or check."""
    args = parse_args(argv)
    if args.site is not None:
        if not (args.site / "index.html").is_file():
            sys.exit(f"error: {args.site} has no index.html; build it with --build first")
        resolver = site_resolver(args.site, args.base)
        server = make_server(resolver, args.host, args.port, verbose=args.verbose, cache_control=PAGES_CACHE)
        return run_server(server, args.base)
    ensure_runtime(ROOT)
    if args.check:
        problems = check_site(ROOT)
        print("\n".join(problems) if problems else "index.html and pyscript.toml: OK")
        return 1 if problems else 0
    if args.build is not None:
        for problem in check_site(ROOT):
            print(f"warning: {problem}", file=sys.stderr)
        try:
            written = build_site(args.build, ROOT)
        except ValueError as exc:
            sys.exit(f"error: {exc}")
        own, runtime = own_bytes(args.build)
        print(f"Built {len(written)} files into {args.build}/: our own files {own / 1024:.0f} KB, "
              f"the runtime {runtime / 1024 / 1024:.1f} MB")
        return 0
    server = make_server(project_resolver(ROOT), args.host, args.port, verbose=args.verbose)
    return run_server(server)


if __name__ == "__main__":
    sys.exit(main())
