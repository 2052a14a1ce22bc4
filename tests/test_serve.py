"""The static build, in CPython: the precache list, the hashes, the version, whist.tgz.

The service worker (static/sw.js, published as sw.js) caches exactly the
files of ``BUILD.files`` and checks each against its hash; these tests check
that list against the files the build writes.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

import serve

NOT_PRECACHED = {"sw.js", ".nojekyll"}


def _read_build(sw: Path) -> dict:
    match = re.search(r"^const BUILD = (.*);$", sw.read_text(encoding="utf-8"), re.MULTILINE)
    assert match, "sw.js has no BUILD line"
    return json.loads(match.group(1))


def _files(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project's site sources (node_modules linked), free to change."""
    root = tmp_path_factory.mktemp("project")
    for name in ("index.html", "pyscript.toml", "package.json"):
        shutil.copy(serve.ROOT / name, root / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(serve.ROOT / "whist", root / "whist", ignore=ignore)
    shutil.copytree(serve.ROOT / "static", root / "static", ignore=ignore)
    os.symlink(serve.ROOT / "node_modules", root / "node_modules")
    return root


@pytest.fixture(scope="module")
def site(project: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("site") / "_site"
    serve.build_site(dest, project)
    return dest


def test_precache_list_is_every_built_file(site: Path) -> None:
    build = _read_build(site / "sw.js")
    assert set(build["files"]) == _files(site) - NOT_PRECACHED
    assert "dev" not in build


def test_precache_hashes_are_the_built_contents(site: Path) -> None:
    build = _read_build(site / "sw.js")
    for path, expected in build["files"].items():
        data = (site / path).read_bytes()
        # The worker checks the first 8 bytes of SHA-256, as hex.
        assert expected == hashlib.sha256(data).hexdigest()[:16], path


def test_the_build_stamps_the_version_in_the_page(site: Path) -> None:
    version = _read_build(site / "sw.js")["version"]
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    page = (site / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="whist-version" content="{version}">' in page
    assert 'content="dev"' not in page


def test_the_dev_server_does_not_stamp_it(project: Path) -> None:
    site = serve.Site(project, release=False)
    assert site.read("index.html") == (project / "index.html").read_bytes()
    worker = site.read("sw.js")
    assert worker is not None
    build = json.loads(re.search(rb"^const BUILD = (.*);$", worker, re.MULTILINE).group(1))  # type: ignore[union-attr]
    assert build["dev"] is True
    assert set(build["files"]) == set(site.paths()) - {"sw.js"}


def test_whist_zip_holds_the_modules_the_page_runs(site: Path, project: Path) -> None:
    names = list(serve.read_package_zip((site / "whist.tgz").read_bytes()))
    assert sorted(names) == sorted(serve.package_files(project))
    assert {"web/page.py", "web/thinker.py", "ai/solver.py", "engine/rules.py", "__init__.py"} <= set(names)
    assert "bot.py" not in names and "__main__.py" not in names
    # Only the script index.html loads by URL is published on its own.
    assert sorted(f for f in _files(site) if f.startswith("whist/")) == ["whist/web/main.py"]


def test_whist_zip_is_reproducible(project: Path) -> None:
    one = serve.make_package_zip(serve.package_files(project))
    two = serve.make_package_zip(serve.package_files(project))
    assert one == two
    assert serve.read_package_zip(one)


def test_the_version_and_cache_change_with_any_file(
        project: Path, site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def build(name: str) -> tuple[str, dict[str, str]]:
        serve.build_site(tmp_path / name, project)
        return built(tmp_path / name)

    def built(where: Path) -> tuple[str, dict[str, str]]:
        b = _read_build(where / "sw.js")
        return b["version"], b["files"]

    v1, files1 = built(site)  # the module's build of the same sources
    assert build("again") == (v1, files1), "the same sources give the same version"
    # The builds below change one file each (serve.shipped_source keeps each content's stripped
    # source, so the unchanged modules are not stripped again).
    module = project / "whist" / "engine" / "cards.py"
    css = project / "static" / "whist.css"
    template = project / "static" / "sw.js"
    originals = {p: p.read_bytes() for p in (module, css, template)}
    try:
        module.write_bytes(originals[module] + b"\n# changed\n")
        v2, files2 = build("b")
        assert v2 != v1
        assert files2["whist.tgz"] != files1["whist.tgz"]
        assert files2["index.html"] != files1["index.html"], "the page carries the new version"
        assert files2["static/whist.css"] == files1["static/whist.css"]
        assert files2["runtime/pyodide/pyodide.asm.wasm"] == files1["runtime/pyodide/pyodide.asm.wasm"]

        css.write_bytes(originals[css] + b"\n/* a comment: not shipped */\n")
        assert build("c0") == (v2, files2), "the built site ships no comment of a style sheet"
        css.write_bytes(originals[css] + b"\n.changed { color: red; }\n")
        v3, files3 = build("c")
        assert v3 not in (v1, v2)
        assert files3["static/whist.css"] != files2["static/whist.css"]

        template.write_bytes(originals[template] + b"\n// changed\n")
        v4, _ = build("d")
        assert v4 not in (v1, v2, v3), "new worker code is a new version too"
    finally:
        for path, data in originals.items():
            path.write_bytes(data)


def test_the_worker_template_has_one_build_line() -> None:
    text = (serve.ROOT / "static" / "sw.js").read_text(encoding="utf-8")
    assert len(re.findall(r"^const BUILD = .*;$", text, re.MULTILINE)) == 1
    with pytest.raises(ValueError, match="BUILD"):
        serve.make_service_worker(b"// no build line\n", {"version": "x", "files": {}})


def test_the_worker_is_published_at_the_root_only(site: Path) -> None:
    files = _files(site)
    assert "sw.js" in files
    assert "static/sw.js" not in files
    assert "static/icons/render.py" not in files


def test_the_manifest_and_icons(site: Path) -> None:
    manifest = json.loads((site / "static/manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["theme_color"] == "#0d3b24"
    assert manifest["display"] in ("standalone", "fullscreen")
    # Relative to the manifest (static/): the site root, under any sub-path.
    assert manifest["start_url"] == manifest["scope"] == "../"
    purposes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= purposes
    for icon in manifest["icons"]:
        path = site / "static" / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            data = path.read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"]
            assert len(data) < 20_000, f"{icon['src']} is {len(data)} bytes"
    page = (site / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./static/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#0d3b24">' in page


def test_the_built_style_sheets_are_the_sources_without_comments_or_spare_space(site: Path) -> None:
    for source in sorted((serve.ROOT / "static").glob("*.css")):
        built = (site / "static" / source.name).read_bytes()
        assert built == serve.css_for_site(source.read_bytes()) and b"/*" not in built
        assert built.count(b"\n") == 1 and b"  " not in re.sub(rb'"[^"]*"', b'""', built)
        # Every character but white space kept, in order (tests/e2e/test_site.py: the browser reads the same rules).
        rules = re.sub(rb"/\*.*?\*/", b"", source.read_bytes(), flags=re.S)
        assert re.sub(rb"\s|;(?=\s*})", b"", built) == re.sub(rb"\s|;(?=\s*})", b"", rules), source.name


def test_the_built_scripts_are_the_sources_without_their_comment_lines(site: Path) -> None:
    """Our scripts and the service worker ship without the comments on lines of their own; every
    other line as written, in order; and each still parses (node --check, the runtime's node)."""
    node = shutil.which("node")
    built_worker = (site / serve.SERVICE_WORKER).read_bytes()
    pairs = [((site / "static" / p.name).read_bytes(), p.read_bytes(), p.name)
             for p in sorted([*(serve.ROOT / "static").glob("*.js"), *(serve.ROOT / "static").glob("*.mjs")])
             if p.name != "sw.js"]
    pairs.append((built_worker, (serve.ROOT / serve.SERVICE_WORKER_TEMPLATE).read_bytes(), "sw.js"))
    for built, source, name in pairs:
        lines = [line.strip() for line in built.splitlines()]
        assert not any(line.startswith(b"//") or not line for line in lines), name
        assert len(built) < len(source), name
        if name != "sw.js":  # (the worker's BUILD line is filled in)
            kept = iter(source.splitlines())
            assert all(any(line == src for src in kept) for line in built.splitlines()), name  # in order
        if node:
            suffix = ".mjs" if b"import " in built or b"export " in built else ".js"
            path = site.parent / f"check-{name}{suffix}"
            path.write_bytes(built)
            assert subprocess.run([node, "--check", str(path)], capture_output=True).returncode == 0, name


def test_the_page_script_and_config_ship_without_their_comments(site: Path) -> None:
    """main.py as whist.tgz ships its modules (no comment, no docstring, every line where it was),
    and pyscript.toml without its comment lines: the same config."""
    source = (serve.ROOT / "whist" / "web" / "main.py").read_bytes()
    built = (site / "whist" / "web" / "main.py").read_bytes()
    assert built == serve.shipped_source(source) and len(built) < len(source) * 0.7
    assert built.count(b"\n") == source.count(b"\n")
    config = (site / "pyscript.toml").read_text(encoding="utf-8")
    assert "#" not in config.replace('"#', "")
    assert tomllib.loads(config) == tomllib.loads((serve.ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def test_the_built_page_is_the_source_without_comments_or_indents(site: Path) -> None:
    source = (serve.ROOT / "index.html").read_bytes()
    built = (site / "index.html").read_bytes()
    assert b"<!--" not in built and b"\n " not in built and len(built) < len(source)
    tags = re.compile(rb"<(?!!--)[^>]+>")  # every element and attribute, in order (the version stamped)
    stamp = re.compile(rb'(name="whist-version" content=")[^"]*')
    assert [stamp.sub(rb"\1", t) for t in tags.findall(built)] == [
        stamp.sub(rb"\1", t) for t in tags.findall(serve._HTML_COMMENT.sub(b"", source))]
    words = re.compile(rb">([^<]*)<")  # and the text between them, white space aside
    assert [w.split() for w in words.findall(built)] == [
        w.split() for w in words.findall(serve._HTML_COMMENT.sub(b"", source))]


def test_own_files_a_page_starts_on_weigh_under_300_kb(site: Path) -> None:
    """Our own files but those a page fetches only on first use (whist-later.tgz, which the service
    worker precaches after the table is up), when a player asks for a look, or that only an install
    of the app fetches (its icons): tests/e2e/test_site.py checks that a start asks for none."""
    own, runtime = serve.own_bytes(site)
    later = serve.later_bytes(site)
    assert 0 < later < own
    assert own - later < 300 * 1024, f"our own files a page starts on weigh {(own - later) / 1024:.0f} KB"
    assert runtime > 10 * 1024 * 1024


def test_preloads_name_files_of_the_site(site: Path) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    hints = re.findall(r'<link rel="(?:modulepreload|preload)" href="\./([^"]+)"', page)
    assert "runtime/pyodide/pyodide.mjs" in hints
    # The WebAssembly is preloaded by a script of the page (static/start.js), on a first visit only.
    scripts = "".join((site / src).read_text(encoding="utf-8") for src in re.findall(r'<script src="\./([^"]+)"', page))
    hints += re.findall(r'link\.href = "\./([^"]+)"', scripts)
    assert "runtime/pyodide/pyodide.asm.wasm" in hints
    for hint in hints:
        assert (site / hint).is_file(), hint


def test_the_page_scripts_are_published_and_precached(site: Path) -> None:
    """The page's scripts are files (its policy refuses inline ones): the build ships them, the
    service worker keeps them, and the built page keeps its policy."""
    page = (site / "index.html").read_text(encoding="utf-8")
    files = _read_build(site / "sw.js")["files"]
    sources = re.findall(r'<script\b[^>]* src="\./([^"]+)"', page)
    assert "static/start.js" in sources and "static/pyscript-hooks.js" in sources
    for src in sources:
        assert (site / src).is_file() and src in files, src
    assert serve.policy_problems(page) == []
    assert page.count('http-equiv="Content-Security-Policy"') == 1


def test_unused_pyscript_chunks_are_not_published(site: Path) -> None:
    names = {p.name for p in (site / "runtime" / "pyscript").iterdir()}
    for prefix in ("codemirror", "xterm", "py-editor-", "py-game-", "py-terminal-", "zip-", "donkey-"):
        assert not [n for n in names if n.startswith(prefix)], prefix


def test_pyodides_lock_file_ships_without_its_packages(site: Path, project: Path) -> None:
    """The built and the served lock file: the pinned one's every key and ``info`` (Pyodide checks
    its ABI at start), no package (the page loads none: pyscript.toml has no ``packages`` key),
    and a fraction of its bytes."""
    pinned = json.loads((serve.ROOT / "node_modules/pyodide/pyodide-lock.json").read_bytes())
    built = (site / serve.LOCK_PATH).read_bytes()
    assert serve.Site(project, release=False).read(serve.LOCK_PATH) == built
    lock = json.loads(built)
    assert pinned["packages"] and lock["packages"] == {}
    assert set(lock) == set(pinned) and lock["info"] == pinned["info"]
    assert "packages" not in tomllib.loads((project / "pyscript.toml").read_text(encoding="utf-8"))
    assert len(built) * 100 < (serve.ROOT / "node_modules/pyodide/pyodide-lock.json").stat().st_size
