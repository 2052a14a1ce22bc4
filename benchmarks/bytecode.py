"""What compiled Python (``.pyc``) in place of source would save a cold start, and cost a first visit.

    python benchmarks/bytecode.py

A first visit compiles every module it imports from source: the standard library's (the site
ships the cut as source, as Pyodide ships its own) and ours (``whist.tgz``). Issue 42 asks for
a cold start at most 1.0x the floor (a bare PyScript page, which compiles the runtime's own
start from source too) and a first visit at least 30% lighter over the wire; this prints how
the two meet if the build shipped ``.pyc`` files instead.

Builds the site, then, in the pinned runtime's own Python (Pyodide's, run by node: a ``.pyc``
holds the bytecode of that one version, so the host's Python cannot make them), compiles each
module as the site ships it, timing the compile from source and the load of its ``.pyc``
(``marshal``), and prints for three sets of modules:

- the runtime's start: the standard-library modules a bare Pyodide imports as it starts (the
  floor pays for these as the game does);
- ours before the table is up: ``whist.tgz``'s modules less those the page imports in idle
  time once the table is up (``whist.web.main.LATER``);
- the whole cut standard library;

their source and ``.pyc`` sizes, and the first visit's archives made again with that set as
``.pyc`` (``python_stdlib.zip.gz`` and ``whist.tgz`` are each one gzip stream, which a host
sends as they are): the bytes it adds. ``--no-positions`` compiles without the column table
(``PYTHONNODEBUGRANGES``), the smallest ``.pyc`` a build could make. Times are node's (the same
V8 as Chromium) on this machine's core, not a page's. Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import ast
import base64
import io
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import serve  # noqa: E402
import stdlib_cut  # noqa: E402
from benchmarks.startup import build_game  # noqa: E402

#: Run by node: starts the pinned Pyodide (``env`` from argv), notes what its start imported,
#: then runs the program of :data:`PROGRAM` on the files given; prints its JSON.
RUNNER = """\
import { readFileSync } from "node:fs";
const [pyodideUrl, env, cut, tgz, program] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideUrl);
const py = await loadPyodide({ indexURL: new URL(".", pyodideUrl).pathname, env: JSON.parse(env) });
const boot = py.runPython("import sys; __import__('json').dumps(sorted(sys.modules))");
py.FS.writeFile("/tmp/cut.zip", readFileSync(cut));
py.FS.writeFile("/tmp/whist.tgz", readFileSync(tgz));
py.globals.set("BOOT", boot);
console.log(py.runPython(readFileSync(program, "utf8")));
"""

#: Run in Pyodide's Python: each module of the cut and of whist.tgz compiled from its source
#: (timed), its ``.pyc`` made and loaded back (timed).
PROGRAM = """\
import base64, importlib._bootstrap_external as external, json, marshal, tarfile, time, zipfile

def measure(name, source):
    start = time.perf_counter()
    code = compile(source, name, "exec", dont_inherit=True)
    compiled = time.perf_counter()
    pyc = bytes(external._code_to_timestamp_pyc(code, 0, len(source)))
    loading = time.perf_counter()
    marshal.loads(memoryview(pyc)[16:])
    loaded = time.perf_counter()
    return {"source": len(source), "pyc": base64.b64encode(pyc).decode(),
            "compile": compiled - start, "load": loaded - loading}

out = {"boot": json.loads(BOOT), "cut": {}, "whist": {}}
with zipfile.ZipFile("/tmp/cut.zip") as cut:
    for name in cut.namelist():
        if name.endswith(".py"):
            out["cut"][name] = measure(name, cut.read(name))
with tarfile.open("/tmp/whist.tgz", "r:gz") as archive:
    for member in archive.getmembers():
        if member.name.endswith(".py"):
            out["whist"][member.name] = measure(member.name, archive.extractfile(member).read())
json.dumps(out)
"""


def module_of(path: str, package: str = "") -> str:
    """The module an archive's ``.py`` path holds (``a/b/__init__.py`` -> ``a.b``)."""
    name = (package + "/" + path if package else path)[:-3].replace("/", ".")
    return name.removesuffix(".__init__")


def later_modules() -> set[str]:
    """``whist.web.main.LATER``, read from its source (importing it needs a browser)."""
    tree = ast.parse((ROOT / "whist" / "web" / "main.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "LATER" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise SystemExit("whist/web/main.py no longer names LATER: this script reads it")


def page_start(sources: dict[str, bytes]) -> set[str]:
    """The paths of ``sources`` (whist.tgz's: path -> source) whose modules the page imports
    before its table is up: whist.web.main's imports, wherever they are in it (its functions run
    at start), then what each module imports as it is imported (its top level, not an
    ``if TYPE_CHECKING:`` block), and each module's packages; not :func:`later_modules` (nor
    what only they import), imported in idle time once the table is up. Read from the sources: an import in a branch
    not taken at start counts too."""
    by_module = {module_of(path, "whist"): path for path in sources}
    later = later_modules()
    seen: set[str] = set()
    todo = ["whist.web.main"]
    while todo:
        name = todo.pop()
        if name in seen or name in later or name not in by_module:
            continue
        seen.add(name)
        path = by_module[name]
        tree = ast.parse(sources[path])
        nodes = list(ast.walk(tree)) if name == "whist.web.main" else _run_on_import(tree.body)
        package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
        for node in nodes:
            if isinstance(node, ast.Import):
                todo.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]) if node.level else ""
                module = ".".join(p for p in (base, node.module or "") if p)
                todo.extend([module, *(f"{module}.{alias.name}" for alias in node.names)])
        todo.extend(".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1))
    return {by_module[name] for name in seen}


def _run_on_import(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of ``body`` that run when the module is imported, into ``if`` (but
    ``if TYPE_CHECKING:``) and ``try`` blocks; not a function's or a class's body."""
    out: list[ast.stmt] = []
    for node in body:
        out.append(node)
        if isinstance(node, ast.If) and not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
            out += _run_on_import(node.body) + _run_on_import(node.orelse)
        elif isinstance(node, ast.Try):
            out += _run_on_import(node.body + node.orelse + node.finalbody
                                  + [n for h in node.handlers for n in h.body])
    return out


def with_pyc(files: dict[str, bytes], pycs: dict[str, bytes]) -> dict[str, bytes]:
    """``files`` with each path of ``pycs`` (a ``.py``) replaced by its ``.pyc``."""
    return {(path + "c" if path in pycs else path): (pycs.get(path) or data) for path, data in files.items()}


def zipped(files: dict[str, bytes]) -> bytes:
    """A zip of stored entries, gzipped whole, as the site ships the standard library."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:
        for path, data in files.items():
            archive.writestr(zipfile.ZipInfo(path, (1980, 1, 1, 0, 0, 0)), data)
    return stdlib_cut.pack(buffer.getvalue())


def kb(n: float) -> str:
    return f"{n / 1024:,.1f} KB"


def measure(site: Path, positions: bool) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node runs the pinned Python here: run `npm ci` (the tests' set-up installs it)")
    with tempfile.TemporaryDirectory(prefix="whist-pyc-") as tmp:
        cut = Path(tmp) / "cut.zip"
        cut.write_bytes(stdlib_cut.unpack((site / serve.STDLIB_PATH).read_bytes()))
        runner, program = Path(tmp) / "run.mjs", Path(tmp) / "program.py"
        runner.write_text(RUNNER, encoding="utf-8")
        program.write_text(PROGRAM, encoding="utf-8")
        env = {} if positions else {"PYTHONNODEBUGRANGES": "1"}
        pyodide = (serve.ROOT / "node_modules" / "pyodide" / "pyodide.mjs").as_uri()
        run = subprocess.run([node, str(runner), pyodide, json.dumps(env), str(cut), str(site / serve.PACKAGE_ZIP),
                              str(program)], capture_output=True, text=True, check=False)
        if run.returncode:
            raise SystemExit(f"node failed:\n{run.stderr[-2000:]}")
        return json.loads(run.stdout.strip().splitlines()[-1])


def report(site: Path, positions: bool) -> None:
    data = measure(site, positions)
    boot = set(data["boot"])
    cut: dict[str, dict[str, Any]] = data["cut"]
    ours: dict[str, dict[str, Any]] = data["whist"]
    with zipfile.ZipFile(io.BytesIO(stdlib_cut.unpack((site / serve.STDLIB_PATH).read_bytes()))) as archive:
        cut_files = {name: archive.read(name) for name in archive.namelist()}
    tgz_files = serve.read_package_zip((site / serve.PACKAGE_ZIP).read_bytes())
    sets = {
        "the runtime's start (the floor's too)": ("cut", {p for p in cut if module_of(p) in boot}),
        "ours before the table is up": ("whist", page_start({p: tgz_files[p] for p in ours})),
        "the whole cut standard library": ("cut", set(cut)),
    }
    shipped = {"cut": len(zipped(cut_files)), "whist": len(serve.package_archive(tgz_files))}
    print(f"\n.pyc {'with' if positions else 'without'} column positions"
          f"{'' if positions else ' (PYTHONNODEBUGRANGES)'}")
    print(f"  {'modules':<40} {'count':>5} {'source':>10} {'.pyc':>10} {'compile':>9} {'load .pyc':>9}"
          f" {'archive as shipped':>19} {'with .pyc':>10} {'added':>10}")
    for label, (kind, paths) in sets.items():
        table = cut if kind == "cut" else ours
        pycs = {p: base64.b64decode(table[p]["pyc"]) for p in paths}
        source = sum(table[p]["source"] for p in paths)
        compiled = sum(table[p]["compile"] for p in paths)
        loaded = sum(table[p]["load"] for p in paths)
        made = len(zipped(with_pyc(cut_files, pycs)) if kind == "cut"
                   else serve.package_archive(with_pyc(tgz_files, pycs)))
        print(f"  {label:<40} {len(paths):>5} {kb(source):>10} {kb(sum(map(len, pycs.values()))):>10}"
              f" {compiled * 1000:>6.0f} ms {loaded * 1000:>6.0f} ms {kb(shipped[kind]):>19} {kb(made):>10}"
              f" {kb(made - shipped[kind]):>10}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-positions", action="store_true", help="also .pyc compiled without column positions")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="whist-bytecode-") as tmp:
        site = build_game(Path(tmp) / "site")
        print(f"Built site: {serve.STDLIB_PATH} {kb((site / serve.STDLIB_PATH).stat().st_size)}, "
              f"{serve.PACKAGE_ZIP} {kb((site / serve.PACKAGE_ZIP).stat().st_size)} (each one gzip stream, "
              "sent as it is); times: node, this machine")
        report(site, positions=True)
        if args.no_positions:
            report(site, positions=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
