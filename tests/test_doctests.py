"""The examples in the modules' docstrings run, and say what the code does.

Every module of ``whist`` that runs under CPython is checked; the page's
modules that import the browser (``js``) run in the end-to-end tests instead.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import whist


def _modules() -> list[str]:
    return sorted(info.name for info in pkgutil.walk_packages(whist.__path__, "whist.") if not info.ispkg)


def _source(name: str) -> str:
    path = Path(*name.split("."))
    return (path.with_suffix(".py") if path.with_suffix(".py").is_file() else path / "__init__.py").read_text(
        encoding="utf-8")


MODULES = _modules()
IN_CPYTHON = [m for m in MODULES if not re.search(r"^import js$", _source(m), re.MULTILINE)]


def test_every_module_is_checked_somewhere() -> None:
    browser = set(MODULES) - set(IN_CPYTHON)
    assert browser and all(m.startswith("whist.web.") for m in browser), browser
    assert "whist.table.session" in IN_CPYTHON and "whist.web.markup" in IN_CPYTHON


@pytest.mark.parametrize("name", [m for m in IN_CPYTHON if ">>> " in _source(m)])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has examples that doctest does not find"
    assert result.failed == 0, f"{result.failed} of {name}'s examples failed (details above)"


def test_the_short_public_names_are_all_there() -> None:
    """``from whist import GameState, Table, ...``: each name of ``__all__`` is what its module holds."""
    public = whist._PUBLIC
    assert sorted(whist.__all__) == sorted([*public, "__version__"])
    for name, module in public.items():
        assert getattr(whist, name) is getattr(importlib.import_module(module), name), name
