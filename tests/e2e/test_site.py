"""The site infrastructure: dev server, static build, sub-path hosting, boot."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import tomllib
import urllib.parse
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

import pytest

import serve

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from tests.e2e.conftest import GamePage


def fetch(url: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of one request, without following redirects."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    try:
        conn.request(method, parts.path or "/")
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


# --------------------------------------------------------------------------
# Dev server
# --------------------------------------------------------------------------


def test_dev_server_serves_the_page(dev_server: str) -> None:
    status, headers, body = fetch(dev_server)
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert headers["cache-control"] == "no-cache"
    assert body == (serve.ROOT / "index.html").read_bytes()


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("runtime/pyodide/pyodide.mjs", "text/javascript"),
        ("runtime/pyodide/pyodide.asm.mjs", "text/javascript"),
        ("runtime/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("runtime/pyodide/python_stdlib.zip.gz", "application/gzip"),
        ("runtime/pyodide/pyodide-lock.json", "application/json"),
        ("runtime/pyscript/core.js", "text/javascript"),
        ("runtime/pyscript/core.css", "text/css"),
        ("pyscript.toml", "application/toml"),
        ("whist/web/main.py", "text/x-python"),
        ("whist.tgz", "application/gzip"),
        ("sw.js", "text/javascript"),
        ("static/manifest.webmanifest", "application/manifest+json"),
        ("static/icons/icon-192.png", "image/png"),
    ],
)
def test_dev_server_mime_types(dev_server: str, path: str, mime: str) -> None:
    status, headers, _ = fetch(dev_server + path, "HEAD")
    assert status == 200
    assert headers["content-type"].split(";")[0] == mime
    data = serve.Site(serve.ROOT, release=False).read(path)
    assert data is not None
    assert int(headers["content-length"]) == len(data)


def test_dev_server_revalidates_with_etags(dev_server: str) -> None:
    status, headers, _ = fetch(dev_server + "static/whist.css")
    assert status == 200 and headers["etag"]
    parts = urllib.parse.urlsplit(dev_server)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    try:
        conn.request("GET", "/static/whist.css", headers={"If-None-Match": headers["etag"]})
        response = conn.getresponse()
        assert response.status == 304
        assert response.read() == b""
    finally:
        conn.close()


def test_mime_table_covers_static_types() -> None:
    for name, mime in [
        ("a.svg", "image/svg+xml"),
        ("a.webmanifest", "application/manifest+json"),
        ("a.json", "application/json"),
        ("a.mjs", "text/javascript"),
    ]:
        assert serve.content_type(PurePosixPath(name)).split(";")[0] == mime


def _excluded_pyscript_chunk() -> str:
    dist = serve.ROOT / "node_modules/@pyscript/core/dist"
    return "runtime/pyscript/" + next(p.name for p in sorted(dist.glob("codemirror*.js")))


@pytest.mark.parametrize(
    "path",
    [
        "nope.html",
        ".git/config",
        ".git/HEAD",
        "serve.py",
        "package.json",
        "pyproject.toml",
        "tests/conftest.py",
        "tests/e2e/conftest.py",
        "node_modules/pyodide/pyodide.mjs",
        "runtime/pyodide/console.html",
        "runtime/pyodide/pyodide.mjs.map",
        "runtime/pyodide/pyodide.d.ts",
        "runtime/pyscript/core.js.map",
        "runtime/pyscript/../../package.json",
        "whist/",
        "whist/../serve.py",
        "%2e%2e/serve.py",
        "whist/__pycache__/cards.cpython-311.pyc",
        "whist/engine/cards.py",
        "whist/__init__.py",
        "static/sw.js",
        "static/icons/render.py",
        "EXCLUDED_CHUNK",
    ],
)
def test_dev_server_404(dev_server: str, path: str) -> None:
    if path == "EXCLUDED_CHUNK":
        path = _excluded_pyscript_chunk()
    status, _, _ = fetch(dev_server + path)
    assert status == 404, path


def test_resolve_refuses_paths_outside_the_site() -> None:
    for path in ["../etc/passwd", "/etc/passwd", ".git/config", "whist/../../x", "node_modules/pyodide/package.json"]:
        assert serve.resolve(serve.ROOT, path) is None


def test_dev_server_boots_the_page(game_page: GamePage) -> None:
    game_page.open()
    assert all(url.startswith(game_page.origin) for url in game_page.requests if url.startswith("http"))


# --------------------------------------------------------------------------
# Static build
# --------------------------------------------------------------------------


def _built_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def test_build_is_self_contained(built_site: Path) -> None:
    files = _built_files(built_site)
    assert ".nojekyll" in files
    for needed in ["index.html", "pyscript.toml", "runtime/pyscript/core.js", "runtime/pyscript/core.css"]:
        assert needed in files
    for name in serve.PYODIDE_FILES:
        assert f"runtime/pyodide/{name}" in files
    assert not [f for f in files if f.endswith((".map", ".d.ts", ".pyc", ".html")) and f != "index.html"]
    assert not [f for f in files if "__pycache__" in f or "/tests/" in f or "node_modules" in f]
    assert not [f for f in files if re.search(r"/(codemirror|xterm|py-editor|py-terminal|py-game|zip-)", f)]
    # The package ships as whist.tgz; only the script the page names by URL is published alone.
    assert "whist.tgz" in files and "sw.js" in files
    assert [f for f in files if f.startswith("whist/")] == ["whist/web/main.py"]


def test_build_matches_the_dev_server(built_site: Path) -> None:
    assert sorted([*serve.Site(serve.ROOT, release=False).paths(), ".nojekyll"]) == _built_files(built_site)


def test_the_built_style_sheets_hold_the_rules_of_their_sources(browser: Browser) -> None:
    """The browser parses each built sheet (comments and spare white space gone, serve.css_for_site)
    to the very rules of its source, rule by rule as the CSS object model writes them (which keeps a
    run of white space in a value that uses var() as written: runs count as one space here)."""
    page = browser.new_page()
    try:
        rules = ("t => { const s = new CSSStyleSheet(); s.replaceSync(t);"
                 " return [...s.cssRules].map(r => r.cssText.replace(/\\s+/g, ' ')); }")
        for source in sorted((serve.ROOT / "static").glob("*.css")):
            text = source.read_text(encoding="utf-8")
            built = serve.css_for_site(source.read_bytes()).decode()
            expected = page.evaluate(rules, text)
            assert expected and page.evaluate(rules, built) == expected, source.name
    finally:
        page.close()


def test_build_uses_only_relative_urls(built_site: Path) -> None:
    index = (built_site / "index.html").read_text(encoding="utf-8")
    config = tomllib.loads((built_site / "pyscript.toml").read_text(encoding="utf-8"))
    assert "packages" not in config
    urls = serve.page_urls(index) + [serve.expand_template(u, config) for u in serve.config_urls(config)]
    assert any("runtime/pyscript/core.js" in u for u in urls)
    assert any("runtime/pyodide/pyodide.mjs" in u for u in urls)
    for url in urls:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme == "data" or url.startswith("#"):
            continue
        assert not parts.scheme and not parts.netloc and not url.startswith("/"), url
        target = built_site / os.path.normpath(urllib.parse.unquote(parts.path))
        assert target.is_file(), f"{url} is not in the build"


def test_build_refuses_a_directory_that_is_not_a_build(tmp_path: Path) -> None:
    (tmp_path / "precious.txt").write_text("keep me")
    with pytest.raises(ValueError, match="refusing"):
        serve.build_site(tmp_path, serve.ROOT)
    assert (tmp_path / "precious.txt").exists()
    with pytest.raises(ValueError, match="refusing"):
        serve.build_site(serve.ROOT, serve.ROOT)


def test_build_command_line(tmp_path: Path) -> None:
    dest = tmp_path / "_site"
    run = subprocess.run(
        [sys.executable, "serve.py", "--build", str(dest)], cwd=serve.ROOT, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert (dest / ".nojekyll").exists()
    assert (dest / "runtime/pyodide/pyodide.asm.wasm").exists()


def test_site_server_redirects_the_bare_sub_path(site_server: str) -> None:
    bare = site_server.rstrip("/")
    status, headers, _ = fetch(bare)
    assert status == 301
    assert headers["location"] == urllib.parse.urlsplit(site_server).path
    assert fetch(site_server)[0] == 200
    root = site_server[: -len("whist/")]
    assert fetch(root)[0] == 404
    assert fetch(root + "index.html")[0] == 404


def test_built_site_boots_under_a_sub_path(site_page: GamePage) -> None:
    site_page.open()
    paths = [urllib.parse.urlsplit(u).path for u in site_page.requests if u.startswith("http")]
    assert paths and all(p.startswith("/whist/") for p in paths), paths
    # What the start-up figure leaves out (serve.later_bytes: tests/test_serve.py's 300 KB) a
    # default start never asks for: the parts fetched on first use, the looks' style sheet and the
    # app's icons, which only an install fetches.
    # (The page's own requests: its resource timings. The service worker's install, after the table
    # is up, fetches every file of the version, these too, for offline play.)
    fetched = {urllib.parse.urlsplit(u).path for u in site_page.evaluate(
        "() => performance.getEntriesByType('resource').map(e => e.name)")}
    unasked = {f"/whist/{name}" for name in (serve.LATER_ZIP, *serve.LATER_FILES, *serve.INSTALL_FILES)}
    assert "/whist/static/whist.css" in fetched and not unasked & fetched, unasked & fetched


# --------------------------------------------------------------------------
# The watched page itself
# --------------------------------------------------------------------------

BROKEN_PAGE = """<!doctype html><html><head><link rel="icon" href="data:,"></head><body>
<p>Traceback (most recent call last): shown as text</p>
<script>
console.error("a console error");
new Image().src = "http://127.0.0.2:9/elsewhere.png";
fetch("./missing.json").catch(() => {});
document.body.dataset.ready = "1";
setTimeout(() => { throw new Error("an uncaught error"); }, 0);
</script></body></html>"""


def test_game_page_records_every_kind_of_problem(make_game_page, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(BROKEN_PAGE, encoding="utf-8")
    server = serve.make_server(serve.site_resolver(tmp_path), "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        page = make_game_page(serve.server_url(server))
        page.goto()
        page.wait_for_selector('body[data-ready="1"]', state="attached")
        expected = [
            "console error: a console error",
            "request to another origin: GET http://127.0.0.2:9/elsewhere.png",
            "HTTP 404: http://127.0.0.1:",
            "page error: an uncaught error",
            "Python traceback in the page text",
        ]
        deadline = time.monotonic() + 30  # a liveness bound: each arrives as the page runs
        while not all(e in "\n".join(page.all_problems()) for e in expected):
            assert time.monotonic() < deadline, f"never all of {expected}: {page.all_problems()}"
            page.wait_for_timeout(50)
        page.ignore(".*")  # the problems were the point of this test
        assert page.all_problems() == []
    finally:
        server.shutdown()
        server.server_close()


# --------------------------------------------------------------------------
# The command line server
# --------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
def test_serve_stops_cleanly_on_ctrl_c() -> None:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "serve.py", "--port", str(port)],
        cwd=serve.ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        while line and "http://" not in line:  # e.g. npm ci output first
            line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        status, _, body = fetch(f"http://127.0.0.1:{port}/")
        assert status == 200 and b"<html" in body.lower()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "Traceback" not in err + out
