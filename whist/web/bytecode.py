"""The compiled Python of the whist package, kept by the browser from one visit to the next.

Pyodide imports the package from its source (``whist.tgz``, unpacked into
``./whist/`` at every start), and compiling the modules the first table needs
is most of the page's own start-up time. CPython would keep the bytecode in
``__pycache__``, but the browser's file system is made afresh at each visit.
So once the table is up, in idle time, the page compiles the package's
modules, one at a time, and ``whistBytecode`` (static/python.mjs) keeps them in the
Cache API under the site's version (never in development: the version is
``dev``). At the next start, before the first import, :func:`restore` writes
them back as ``__pycache__`` files: hash-checked ``.pyc`` files, which Python
uses only for the very source they were compiled from (and any other is
compiled as usual), so a stale or damaged cache can only cost time.

The kept bundle is a ``marshal`` dict: ``format``, the interpreter's ``magic``
number and ``files``, path in the package -> the ``.pyc`` bytes.

Each idle step compiles at most about :data:`PIECE` bytes of source, so none is a long task
on a slow device: a bigger module is compiled a few top-level statements at a time
(:func:`pieces`), and its ``.pyc`` holds those pieces' code, run in order in the module's
namespace (:func:`joined`).
"""

from __future__ import annotations
import __future__

import contextlib
import importlib.util
import marshal
import os
import sys
from collections.abc import Callable
from types import CodeType
from typing import Any

FORMAT = 1
#: Flags of a hash-based .pyc whose source is checked (PEP 552).
CHECKED_HASH = (0b11).to_bytes(4, "little")
#: The most source (bytes) one idle step compiles, unless a single top-level statement is bigger.
#: CPython in WebAssembly compiles about 1 KB a millisecond on a desktop: 8 KB is some 10 ms
#: there, some 40 ms on a device four times slower.
PIECE = 8000
#: An idle-time step: it may hand back the steps that are to come right after it.
Step = Callable[[], "list[Step] | None"]
#: What cannot begin a top-level statement of its own (it goes on the one above).
_GOES_ON = (b" ", b"\t", b"\n", b"\r", b"#", b")", b"]", b"}", b"else", b"elif", b"except", b"finally")


def package_dir() -> str:
    """Where the whist package's source is (``./whist`` in the browser)."""
    spec = importlib.util.find_spec("whist")
    if spec is None or spec.origin is None:
        raise ImportError("whist is not importable")
    return os.path.dirname(spec.origin)


def pyc(source: bytes, path: str, code: CodeType | None = None) -> bytes:
    """The .pyc file of ``source`` (compiled here unless its ``code`` is given), as
    ``py_compile`` writes it with a checked hash."""
    if code is None:
        code = compile(source, path, "exec", dont_inherit=True)
    return importlib.util.MAGIC_NUMBER + CHECKED_HASH + importlib.util.source_hash(source) + marshal.dumps(code)


def pieces(source: bytes, size: int = PIECE) -> list[tuple[int, bytes]]:
    r"""``source`` cut between top-level statements into pieces of about ``size`` bytes or
    less: (the number of its first line, its text). A cut is only tried where a line begins at
    the left margin with what can begin a statement (not after a decorator or a backslash); one
    inside a string or brackets leaves a piece that does not compile, and :func:`compile_steps`
    then compiles the whole source at once.

    >>> src = b"import os\n\n@dec\ndef f():\n    return 1\n\nX = [\n1]\nclass C:\n    pass\nelse_ = 2\n"
    >>> [(n, t.splitlines()[0]) for n, t in pieces(src, 8)]
    [(1, b'import os'), (3, b'@dec'), (7, b'X = ['), (9, b'class C:')]
    >>> b"".join(t for _, t in pieces(src, 8)) == src and pieces(src) == [(1, src)]
    True
    """
    lines = source.splitlines(keepends=True)
    out: list[tuple[int, bytes]] = []
    start, length = 0, 0
    for i, line in enumerate(lines):
        before = lines[i - 1].rstrip() if i else b""
        can_cut = (length >= size and not line.startswith(_GOES_ON) and not before.startswith(b"@")
                   and not before.endswith(b"\\"))
        if can_cut:
            out.append((start + 1, b"".join(lines[start:i])))
            start, length = i, 0
        length += len(line)
    if start < len(lines):
        out.append((start + 1, b"".join(lines[start:])))
    return out


def joined(codes: list[CodeType], path: str) -> CodeType:
    """A module's code that runs ``codes`` (its pieces, in order) in the module's namespace."""
    blob = marshal.dumps(tuple(codes))
    return compile(f"for __piece__ in __import__('marshal').loads({blob!r}):\n    exec(__piece__, globals())\n"
                   "del __piece__\n", path, "exec", dont_inherit=True)


def compile_steps(source: bytes, path: str, done: Callable[[CodeType], None]) -> list[Step]:
    """The idle-time steps that compile ``source``, a piece a step (see :func:`pieces`), then
    hand its code to ``done``. A piece that does not compile (a cut in the wrong place): the
    last step compiles the whole source."""
    parts = pieces(source)
    if len(parts) == 1:
        return [lambda: done(compile(source, path, "exec", dont_inherit=True))]
    flags = __future__.annotations.compiler_flag if b"from __future__ import annotations" in source else 0
    codes: list[CodeType] = []

    def piece(k: int, first: int, text: bytes) -> Step:
        def step() -> None:
            if len(codes) == k:  # every piece before it compiled
                with contextlib.suppress(SyntaxError):
                    codes.append(compile(b"\n" * (first - 1) + text, path, "exec", flags=flags, dont_inherit=True))
        return step

    def finish() -> None:
        done(joined(codes, path) if len(codes) == len(parts) else compile(source, path, "exec", dont_inherit=True))

    return [piece(k, first, text) for k, (first, text) in enumerate(parts)] + [finish]


def importer(name: str) -> Step:
    """An idle-time step that imports ``name``: a module of the standard library (Pyodide keeps
    it as source in a zip, compiled at every import, pickle's 70 KB at once) is compiled a piece
    a step (:func:`compile_steps`), then run as the import system would; any other module is
    imported as usual."""
    def plain() -> None:
        importlib.import_module(name)

    def step() -> list[Step] | None:
        if name in sys.modules:
            return None
        spec = importlib.util.find_spec(name)
        get_source = getattr(spec.loader, "get_source", None) if spec else None
        text = get_source(name) if spec and spec.origin and get_source and name.split(".")[0] != "whist" else None
        if spec is None or not isinstance(text, str) or "coding" in "".join(text.splitlines()[:2]):
            return [plain]

        def run(code: CodeType) -> None:
            if name in sys.modules or spec is None:  # imported meanwhile (a player's action)
                return
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            try:
                exec(code, module.__dict__)
            except BaseException:
                del sys.modules[name]
                raise
        return compile_steps(text.encode(), spec.origin or name, run)
    return step


def install(blob: bytes, base: str) -> int:
    """Write the .pyc files of a bundle next to the sources under ``base``; how many."""
    data = marshal.loads(blob)
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("magic") != importlib.util.MAGIC_NUMBER:
        return 0
    written = 0
    for rel, code in data.get("files", {}).items():
        source = os.path.join(base, rel)
        if not isinstance(code, bytes) or ".." in rel.split("/") or not os.path.isfile(source):
            continue
        target = importlib.util.cache_from_source(source)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as out:
            out.write(code)
        written += 1
    return written


def bundle(files: dict[str, bytes]) -> bytes:
    return marshal.dumps({"format": FORMAT, "magic": importlib.util.MAGIC_NUMBER, "files": files})


def modules_to_keep(base: str) -> dict[str, str]:
    """Path in the package -> source file: every whist module imported so far and every module
    of whist.web (what a later table may import: the auction, German Whist's stock...)."""
    found: dict[str, str] = {}
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if (name == "whist" or name.startswith("whist.")) and path and path.endswith(".py"):
            found[os.path.relpath(path, base).replace(os.sep, "/")] = path
    web = os.path.join(base, "web")
    for entry in sorted(os.listdir(web)):
        if entry.endswith(".py") and entry != "main.py":  # main.py is the page's script, not a module
            found[f"web/{entry}"] = os.path.join(web, entry)
    return dict(sorted(found.items()))


def missing(base: str) -> bool:
    """Whether some module to keep has no .pyc file (compiled from source at this visit)."""
    return any(not os.path.isfile(importlib.util.cache_from_source(path))
               for path in modules_to_keep(base).values())


class Keeper:
    """The page's side of the cache: ``store`` is ``whistBytecode`` (static/python.mjs; None: no cache)."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.base = ""
        self.restored = 0

    def restore(self) -> None:
        """Write the kept .pyc files, if index.html has read a bundle by now. Never raises."""
        if not self.store or not self.store.done:
            self.store = None  # not read yet (or not at all): compile, and keep nothing this time
            return
        try:
            self.base = package_dir()
            data = self.store.data
            if data:
                self.restored = install(data.to_bytes(), self.base)
        except Exception as err:  # a damaged bundle: the sources are compiled as usual
            self.warn(f"the kept bytecode was not used ({err})")

    def steps(self) -> list[Step]:
        """The idle-time steps that compile the modules and keep them (none if all were kept)."""
        if not self.store or not self.base or not missing(self.base):
            return []
        targets = list(modules_to_keep(self.base).items())
        files: dict[str, bytes] = {}

        def compile_one(rel: str, path: str) -> Step:
            def step() -> list[Step]:
                with open(path, "rb") as source:
                    data = source.read()
                return compile_steps(data, path, lambda code: files.__setitem__(rel, pyc(data, path, code)))
            return step

        def keep() -> None:
            from pyodide.ffi import to_js

            # and the modules imported since, compiled by :meth:`compiler` (or kept before)
            for rel, path in modules_to_keep(self.base).items():
                cached = importlib.util.cache_from_source(path)
                if rel not in files and os.path.isfile(cached):
                    with open(cached, "rb") as kept:
                        files[rel] = kept.read()
            self.store.store(to_js(bundle(files)))

        return [compile_one(rel, path) for rel, path in targets] + [keep]

    @staticmethod
    def compiler(name: str) -> Step:
        """An idle-time step that compiles module ``name``, not imported yet, and writes its .pyc
        (a piece a step, see :func:`compile_steps`): importing it, in a step after, only loads
        it (short tasks instead of a long one), and the .pyc is kept with the others."""
        def step() -> list[Step] | None:
            spec = None if name in sys.modules else importlib.util.find_spec(name)
            path = spec.origin if spec else None
            if not path or not path.endswith(".py") or not os.path.isfile(path):
                return None
            target = importlib.util.cache_from_source(path)
            if os.path.isfile(target):  # kept from an earlier visit
                return None

            with open(path, "rb") as source:
                data = source.read()

            def write(code: CodeType) -> None:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "wb") as out:
                    out.write(pyc(data, path, code))

            return compile_steps(data, path, write)
        return step

    @staticmethod
    def warn(text: str) -> None:
        import js

        js.console.warn("whist: " + text)
