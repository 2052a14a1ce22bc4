"""pyscript.toml puts exactly the whist package into the browser's Python filesystem."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _config() -> dict:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def _package_files() -> set[str]:
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / "whist").rglob("*.py")
            if "__pycache__" not in p.parts}


def test_every_python_file_of_the_package_is_listed() -> None:
    listed = {src.removeprefix("./") for src in _config()["files"]}
    missing = sorted(_package_files() - listed)
    assert not missing, f"add to pyscript.toml [files]: {missing}"


def test_every_listed_file_exists_and_lands_at_the_same_path() -> None:
    files = _config()["files"]
    absent = sorted(src for src in files if not (ROOT / src).is_file())
    assert not absent, f"pyscript.toml [files] lists files that do not exist: {absent}"
    for src, dest in files.items():
        assert dest == src, f"{src} should land at the same path, not {dest}"


def test_local_interpreter_and_no_packages() -> None:
    config = _config()
    assert config["interpreter"] == "./runtime/pyodide/pyodide.mjs"
    assert "packages" not in config
    urls = [config["interpreter"], *config["files"]]
    assert all(u.startswith("./") for u in urls), "every URL is relative: the site lives under a sub-path"


def test_page_urls_are_relative() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for attr in ("src=", "href="):
        for part in html.split(attr)[1:]:
            url = part[1:].split(part[0], 1)[0]
            assert url.startswith(("./", "#")), f"{attr}{url} in index.html is not a relative URL"
