#!/usr/bin/env python3
"""Development server and static-site builder for the whist card room.

Usage::

    python serve.py                      # serve the game at http://127.0.0.1:8000/
    python serve.py --port 8080 --host 0.0.0.0 --verbose
    python serve.py --build _site        # write the static site into _site/
    python serve.py --site _site --base /whist/   # serve a built site under a sub-path
    python serve.py --check              # list pyscript.toml [files] problems

The dev server and the builder share one definition of the site (see
``PUBLISHED_FILES``, ``PUBLISHED_DIRS`` and ``RUNTIME_DIRS``): the URL
``/runtime/pyodide/x`` is ``node_modules/pyodide/x``, ``/runtime/pyscript/x``
is ``node_modules/@pyscript/core/dist/x``, and every other URL is a published
project file at the same path. Nothing else is served, so the page behaves the
same in development and when published as static files under any sub-path.

Standard library only, Python 3.11+.
"""

from __future__ import annotations

import argparse
import functools
import html.parser
import json
import mimetypes
import os
import re
import shutil
import signal
import subprocess
import sys
import tomllib
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from types import FrameType

ROOT = Path(__file__).resolve().parent

#: Single files published at the top of the site.
PUBLISHED_FILES: tuple[str, ...] = ("index.html", "pyscript.toml")

#: Published directories and the file-name patterns published inside them.
PUBLISHED_DIRS: dict[str, tuple[str, ...]] = {
    "whist": ("*.py",),
    "static": ("*",),
}

#: Path parts that are never published (caches, tests, hidden files).
EXCLUDED_PARTS: tuple[str, ...] = ("__pycache__", "tests", "test")


@dataclass(frozen=True)
class RuntimeDir:
    """A directory of the site whose files come from an npm package."""

    url_prefix: str  #: site path, e.g. "runtime/pyodide"
    source: str  #: directory relative to the project root
    package: str  #: npm package name, as in package.json


RUNTIME_DIRS: tuple[RuntimeDir, ...] = (
    RuntimeDir("runtime/pyodide", "node_modules/pyodide", "pyodide"),
    RuntimeDir("runtime/pyscript", "node_modules/@pyscript/core/dist", "@pyscript/core"),
)

#: The files of the Pyodide package that the page loads.
PYODIDE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: PyScript chunks never shipped: the code editor and the terminal, which the
#: game does not use. They are only reached by lazy imports that run when a
#: page has a ``py-editor`` or a ``terminal`` script.
PYSCRIPT_EXCLUDED_CHUNKS: tuple[str, ...] = ("codemirror", "xterm")

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


def pyscript_files(dist: Path) -> list[str]:
    """The PyScript files the page may load: ``core.js``, ``core.css`` and the
    chunks reachable from ``core.js`` through static or lazy imports, except
    the editor and terminal chunks (``PYSCRIPT_EXCLUDED_CHUNKS``)."""
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
            if chunk_name(target).startswith(PYSCRIPT_EXCLUDED_CHUNKS):
                continue
            todo.append(target)
    return sorted(seen | {"core.css"})


@functools.cache
def runtime_files(root: Path) -> dict[str, Path]:
    """Site path -> file for the runtime copied from ``node_modules``."""
    files: dict[str, Path] = {}
    for rt in RUNTIME_DIRS:
        source = root / rt.source
        names = PYODIDE_FILES if rt.package == "pyodide" else pyscript_files(source)
        for name in names:
            files[f"{rt.url_prefix}/{name}"] = source / name
    return files


def resolve(root: Path, site_path: str) -> Path | None:
    """The file served at ``site_path`` (relative, no leading slash), or None.

    ``""`` is ``index.html``. Only published project files and the runtime
    files are ever returned; anything else (``.git``, tests, ``node_modules``
    by its real path, directories) is None.
    """
    site_path = site_path or "index.html"
    if site_path.startswith("runtime/"):
        return runtime_files(root).get(site_path)
    rel = PurePosixPath(site_path)
    if ".." in rel.parts or rel.is_absolute() or not is_published(rel):
        return None
    path = root.joinpath(*rel.parts)
    try:
        path.resolve().relative_to(root.resolve())
    except ValueError:  # a symlink pointing out of the project
        return None
    return path if path.is_file() else None


def project_files(root: Path) -> dict[str, Path]:
    """Site path -> file for the published project files (no runtime)."""
    files: dict[str, Path] = {}
    for name in PUBLISHED_FILES:
        if (root / name).is_file():
            files[name] = root / name
    for top in PUBLISHED_DIRS:
        for path in sorted((root / top).rglob("*")):
            site_path = path.relative_to(root).as_posix()
            if path.is_file() and resolve(root, site_path) is not None:
                files[site_path] = path
    return files


def site_files(root: Path) -> dict[str, Path]:
    """Every file of the site: site path -> source file."""
    return {**project_files(root), **runtime_files(root)}


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
    runtime_files.cache_clear()


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

    Every URL must be relative and name a file of the site, and every module
    of the ``whist`` package should be listed in pyscript.toml [files]
    (PyScript cannot copy a directory: each file is fetched by its URL).
    """
    files = site_files(root)
    problems: list[str] = []
    urls: list[tuple[str, str]] = []
    if "index.html" in files:
        urls += [("index.html", u) for u in page_urls(files["index.html"].read_text(encoding="utf-8"))]
    config: dict[str, object] = {}
    if "pyscript.toml" in files:
        config = tomllib.loads(files["pyscript.toml"].read_text(encoding="utf-8"))
        urls += [("pyscript.toml", expand_template(u, config)) for u in config_urls(config)]
        if "packages" in config:
            problems.append("pyscript.toml: a `packages` key makes PyScript download packages")
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
    if config:
        listed = {os.path.normpath(expand_template(u, config)).replace(os.sep, "/") for u in config_urls(config)}
        scripts = {os.path.normpath(u).replace(os.sep, "/") for _, u in urls if u.endswith(".py")}
        for site_path in files:
            is_module = site_path.startswith("whist/") and site_path.endswith(".py")
            if is_module and site_path not in listed and site_path not in scripts:
                problems.append(f"pyscript.toml: [files] does not list {site_path}")
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
    files = site_files(root)
    for site_path, source in files.items():
        target = dest.joinpath(*PurePosixPath(site_path).parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    (dest / ".nojekyll").write_text("", encoding="utf-8")
    return sorted([*files, ".nojekyll"])


# --------------------------------------------------------------------------
# Serving
# --------------------------------------------------------------------------

Resolver = Callable[[str], Path | None]


def project_resolver(root: Path = ROOT) -> Resolver:
    """Serve the project as the built site would be laid out."""
    return functools.partial(resolve, root)


def site_resolver(site_dir: Path, base: str = "/") -> Resolver:
    """Serve the files of a built site directory under the URL prefix ``base``.

    A directory URL serves its ``index.html``, as static hosts do.
    """
    prefix = base.strip("/")
    site_dir = site_dir.resolve()

    def lookup(site_path: str) -> Path | None:
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
        return path if path.is_file() else None

    return lookup


class SiteHandler(BaseHTTPRequestHandler):
    """GET/HEAD of the files a resolver names; 404 for everything else."""

    resolver: Resolver
    no_cache: bool = True
    verbose: bool = False
    server_version = "whist-serve"

    def do_GET(self) -> None:
        self._send(body=True)

    def do_HEAD(self) -> None:
        self._send(body=False)

    def _send(self, body: bool) -> None:
        url = urllib.parse.urlsplit(self.path)
        raw_path = urllib.parse.unquote(url.path)
        site_path = raw_path.lstrip("/")
        path = type(self).resolver(site_path)
        if path is None:
            self._not_found()
            return
        if path.name == "index.html" and not raw_path.endswith(("/", "index.html")):
            # A directory URL such as "/whist" must become "/whist/", or the
            # page's relative URLs would resolve against "/".
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", raw_path + "/" + (f"?{url.query}" if url.query else ""))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = path.read_bytes()
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", content_type(path))
        self.send_header("Content-Length", str(len(data)))
        if type(self).no_cache:
            self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if body:
            self.wfile.write(data)

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
    resolver: Resolver, host: str = "127.0.0.1", port: int = 8000, *, verbose: bool = False
) -> ThreadingHTTPServer:
    """An HTTP server (not yet serving) for the files ``resolver`` names.

    ``port=0`` picks a free port: read it from ``server.server_address``.
    """
    handler = type("Handler", (SiteHandler,), {"resolver": staticmethod(resolver), "verbose": verbose})
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
        server = make_server(site_resolver(args.site, args.base), args.host, args.port, verbose=args.verbose)
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
        print(f"Built {len(written)} files into {args.build}/")
        return 0
    server = make_server(project_resolver(ROOT), args.host, args.port, verbose=args.verbose)
    return run_server(server)


if __name__ == "__main__":
    sys.exit(main())
