"""The compiled Python of the whist package, kept by the browser from one visit to the next.

Pyodide imports the package from its source (``whist.tgz``, unpacked into
``./whist/`` at every start), and compiling the modules the first table needs
is most of the page's own start-up time. CPython would keep the bytecode in
``__pycache__``, but the browser's file system is made afresh at each visit.
So once the table is up, in idle time, the page compiles the package's
modules, one at a time, and index.html's ``whistBytecode`` keeps them in the
Cache API under the site's version (never in development: the version is
``dev``). At the next start, before the first import, :func:`restore` writes
them back as ``__pycache__`` files: hash-checked ``.pyc`` files, which Python
uses only for the very source they were compiled from (and any other is
compiled as usual), so a stale or damaged cache can only cost time.

The kept bundle is a ``marshal`` dict: ``format``, the interpreter's ``magic``
number and ``files``, path in the package -> the ``.pyc`` bytes.
"""

from __future__ import annotations

import importlib.util
import marshal
import os
import sys
from collections.abc import Callable
from typing import Any

FORMAT = 1
#: Flags of a hash-based .pyc whose source is checked (PEP 552).
CHECKED_HASH = (0b11).to_bytes(4, "little")


def package_dir() -> str:
    """Where the whist package's source is (``./whist`` in the browser)."""
    spec = importlib.util.find_spec("whist")
    if spec is None or spec.origin is None:
        raise ImportError("whist is not importable")
    return os.path.dirname(spec.origin)


def pyc(source: bytes, path: str) -> bytes:
    """The .pyc file of ``source``, as ``py_compile`` writes it with a checked hash."""
    code = compile(source, path, "exec", dont_inherit=True)
    return importlib.util.MAGIC_NUMBER + CHECKED_HASH + importlib.util.source_hash(source) + marshal.dumps(code)


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
    """The page's side of the cache: ``store`` is index.html's ``whistBytecode`` (None: no cache)."""

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

    def steps(self) -> list[Callable[[], None]]:
        """The idle-time steps that compile the modules and keep them (none if all were kept)."""
        if not self.store or not self.base or not missing(self.base):
            return []
        targets = list(modules_to_keep(self.base).items())
        files: dict[str, bytes] = {}

        def compile_one(rel: str, path: str) -> Callable[[], None]:
            def step() -> None:
                with open(path, "rb") as source:
                    files[rel] = pyc(source.read(), path)
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
    def compiler(name: str) -> Callable[[], None]:
        """An idle-time step that compiles module ``name``, not imported yet, and writes its .pyc:
        importing it, in the step after, only loads it (two short tasks instead of a long one),
        and the .pyc is kept with the others."""
        def step() -> None:
            spec = None if name in sys.modules else importlib.util.find_spec(name)
            path = spec.origin if spec else None
            if not path or not path.endswith(".py"):
                return
            target = importlib.util.cache_from_source(path)
            if not os.path.isfile(target):  # else kept from an earlier visit
                with open(path, "rb") as source:
                    code = pyc(source.read(), path)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "wb") as out:
                    out.write(code)
        return step

    @staticmethod
    def warn(text: str) -> None:
        import js

        js.console.warn("whist: " + text)
