"""A copy of the project's site sources for a test that changes them (a new version of the site,
a module that imports something new): the page, its config, ``whist/`` and ``static/``, with the
installed runtime linked, not copied."""

from __future__ import annotations

import shutil
from pathlib import Path

import serve


def copy_project(dest: Path) -> Path:
    """The site's sources copied into ``dest`` (made here), ``node_modules`` a link to the
    project's own; ``dest``."""
    dest.mkdir(parents=True)
    for name in ("index.html", "pyscript.toml", "package.json"):
        shutil.copy(serve.ROOT / name, dest / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "tests")
    shutil.copytree(serve.ROOT / "whist", dest / "whist", ignore=ignore)
    shutil.copytree(serve.ROOT / "static", dest / "static", ignore=ignore)
    (dest / "node_modules").symlink_to(serve.ROOT / "node_modules")
    return dest
