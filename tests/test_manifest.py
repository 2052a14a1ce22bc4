"""The whist package reaches the browser's Python filesystem as one archive.

pyscript.toml unpacks ``whist.tgz`` into ``./whist/``; serve.py makes it from the modules the
page and its workers import, traced from ``serve.ENTRY_MODULES`` (the dev server on the fly, the
build once): never the command-line tools, nor a module nothing the page runs imports yet.
"""

from __future__ import annotations

import functools
import tomllib
import types
from pathlib import Path

import pytest

import serve

ROOT = Path(__file__).resolve().parent.parent


def _config() -> dict:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


@functools.cache
def _package_files() -> frozenset[str]:
    return frozenset(p.relative_to(ROOT / "whist").as_posix() for p in (ROOT / "whist").rglob("*.py")
                     if "__pycache__" not in p.parts and "tests" not in p.parts)


@functools.cache
def _site() -> serve.Site:
    return serve.Site(ROOT, release=False)  # (its archives made once, while no module changes)


def _zip_names() -> set[str]:
    return set(serve.read_package_zip(_site().package_zip()))


def _later_names() -> set[str]:
    return set(serve.read_package_zip(_site().later_zip()))


def test_the_package_ships_as_one_zip_unpacked_into_whist() -> None:
    files = _config()["files"]
    assert files == {"./whist.tgz": "./whist/*"}, (
        "pyscript.toml [files] should only unpack whist.tgz: every module is in it")


def _command_line() -> set[str]:
    """The command line's modules, as named in whist.tgz (``bot.py``, ...)."""
    return {name.removeprefix("whist/") for name in serve.COMMAND_LINE_ONLY}


def test_the_zip_holds_what_the_page_runs_and_leaves_out_the_command_line() -> None:
    """whist.tgz: the page's script and its workers' module, every module they import and their
    packages (serve.package_files), and none of the command line's."""
    site = _site()
    first, later = _zip_names(), _later_names()
    names = first | later
    cli = _command_line()
    assert cli <= _package_files(), f"not modules of the package: {sorted(cli - _package_files())}"
    assert not names & cli and names <= _package_files() and not first & later
    shipped = {**serve.read_package_zip(site.package_zip()), **serve.read_package_zip(site.later_zip())}
    for name, data in shipped.items():
        for module in _imported(data.decode("utf-8")):  # closed: what a shipped module imports is shipped
            rel = module.removeprefix("whist.").replace(".", "/")
            for candidate in (f"{rel}.py", f"{rel}/__init__.py"):
                assert candidate not in _package_files() or candidate in names, f"{name} imports {module}"
    assert {"web/main.py", "web/thinker.py", "web/page.py", "ai/montecarlo.py", "engine/state.py"} <= first


def test_what_a_player_asks_for_later_ships_apart_and_is_imported_only_after_it_is_fetched() -> None:
    """whist-later.tgz holds the challenge's dialog and the QR codes (the engine's challenge modules
    stay in whist.tgz: a saved challenge deal is restored at start-up); whist.tgz imports them only
    where whist.web.later.need() has fetched them first."""
    first, later = _zip_names(), _later_names()
    assert {"web/challenge_view.py", "web/challenge_markup.py", "web/qr.py"} <= later
    assert {"table/challenge_run.py", "table/challenge.py"} <= first
    assert {"web/later.py", "web/challenge_lazy.py"} <= first
    entries = {e.removeprefix("whist.").replace(".", "/") + ".py" for e in serve.LATER_ENTRIES}
    for name, data in serve.read_package_zip(_site().package_zip()).items():
        text = data.decode("utf-8")
        for module in _imported(text):
            rel = module.removeprefix("whist.").replace(".", "/") + ".py"
            if rel in entries:
                # (fetched by later.need() itself, or made in the make() of a later.Lazy, which needs it first)
                assert "later.need()" in text or ("(later.Lazy[" in text and "def make(" in text), (
                    f"{name} imports {module} without fetching it first")


def test_the_trace_follows_every_way_of_importing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module imported at the top, inside a function, relatively or by a "whist.x" string is
    shipped with its packages; one nothing imports is not."""
    files = {
        "__init__.py": "", "web/__init__.py": "", "ai/__init__.py": "", "cli/__init__.py": "",
        "web/main.py": "from whist.web import a\nfrom . import rel\n",
        "web/a.py": "def f():\n    import whist.ai.b\n    return 'whist.ai.d:Thing'\n",
        "web/rel.py": "", "ai/b.py": "", "ai/d.py": "", "ai/c.py": "", "cli/tool.py": "import whist.web.a\n",
    }
    for rel, text in files.items():
        (tmp_path / "whist" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "whist" / rel).write_text(text, encoding="utf-8")
    monkeypatch.setattr(serve, "ENTRY_MODULES", ("whist.web.main",))
    assert sorted(serve.package_files(tmp_path)) == [
        "__init__.py", "ai/__init__.py", "ai/b.py", "ai/d.py", "web/__init__.py", "web/a.py", "web/main.py",
        "web/rel.py"]


def _imported(source: str, package: str = "whist") -> set[str]:
    """The whist modules a module's source names (serve.module_imports: the build's own trace)."""
    return serve.module_imports(source, package)


def test_nothing_shipped_imports_the_command_line() -> None:
    """The modules left out of whist.tgz are imported by none that is in it."""
    archive = serve.read_package_zip(_site().package_zip())
    cli = {"whist." + name.removesuffix(".py").replace("/", ".") for name in _command_line()}
    assert "whist.cli.bot" in cli
    for name, data in archive.items():
        uses = _imported(data.decode("utf-8")) & cli
        assert not uses, f"{name} imports {sorted(uses)}, which whist.tgz leaves out"
    # The check sees each way of importing a module.
    for line in ("import whist.cli.bot", "from whist.cli import bot", "from whist.cli.bot import main",
                 "from ..cli import bot", "importlib.import_module('whist.cli.bot')"):
        assert _imported(line, "whist.web") & cli == {"whist.cli.bot"}, line


def _code(code: types.CodeType) -> list[tuple[object, ...]]:
    """What a module's code does, function by function: instructions, constants, names, lines."""
    consts = [c for c in code.co_consts if not isinstance(c, types.CodeType)]
    parts: list[tuple[object, ...]] = [
        (code.co_name, code.co_code, code.co_names, code.co_varnames, list(code.co_lines()), consts)]
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            parts += _code(const)
    return parts


def test_the_zip_holds_the_modules_as_they_are_but_their_comments_and_docstrings() -> None:
    """Each module compiles, in whist.tgz, to the code ``python -OO`` makes of its source: the same
    instructions, constants and names on the same lines; only the docstrings are gone."""
    archive = serve.read_package_zip(_site().package_zip())
    shipped = saved = 0
    for name, data in archive.items():
        source = (ROOT / "whist" / name).read_bytes()
        path = str(ROOT / "whist" / name)
        assert _code(compile(data, path, "exec", dont_inherit=True, optimize=2)) == _code(
            compile(source, path, "exec", dont_inherit=True, optimize=2)), name
        assert data.count(b"\n") == source.count(b"\n"), name
        shipped += len(data)
        saved += len(source) - len(data)
    assert saved > len(archive) * 1000 and shipped > 0  # the docstrings are most of what is saved


def test_shipped_source_blanks_docstrings_and_lone_strings() -> None:
    source = ('"""The module."""\n'
              'def f(x):\n'
              '    """Two\n    lines: \u00e9t\u00e9."""; y = "kept"\n'
              '    "a lone string"\n'
              '    return x + "\u00e9"\n'
              'class C:\n'
              '    """Only a docstring."""\n').encode("utf-8")
    assert serve.shipped_source(source).decode("utf-8") == ('""\n'
                                                          'def f(x):\n'
                                                          '    ""; y = "kept"\n'
                                                          '\n'
                                                          '    ""\n'
                                                          '    return x + "\u00e9"\n'
                                                          'class C:\n'
                                                          '    ""\n')


def test_shipped_source_keeps_strings_and_lines() -> None:
    source = (b'x = "# not a comment"  # a comment\r\n'
              b'# a whole line\n'
              b'y = (1,  # in a bracket\n'
              b'     2)\n'
              b'z = """\n# in a string\n"""\n')
    assert serve.shipped_source(source) == (b'x = "# not a comment"\r\n'
                                            b'\n'
                                            b'y = (1,\n'
                                            b'     2)\n'
                                            b'z = """\n# in a string\n"""\n')


def test_local_interpreter_no_packages_and_no_unused_plugins() -> None:
    config = _config()
    # Our loader (return visits from a memory snapshot), which loads the local runtime's Pyodide.
    assert config["interpreter"] == "./static/python.mjs"
    loader = (ROOT / "static" / "python.mjs").read_text(encoding="utf-8")
    assert 'from "../runtime/pyodide/pyodide.mjs"' in loader and 'url("../runtime/pyodide/")' in loader
    assert "packages" not in config
    urls = [config["interpreter"], *config["files"]]
    assert all(u.startswith("./") for u in urls), "every URL is relative: the site lives under a sub-path"
    assert {"!py-editor", "!py-game", "!py-terminal"} <= set(config["plugins"])


def test_page_urls_are_relative() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for attr in ("src=", "href="):
        for part in html.split(attr)[1:]:
            url = part[1:].split(part[0], 1)[0]
            assert url.startswith(("./", "#")), f"{attr}{url} in index.html is not a relative URL"


def test_the_check_passes() -> None:
    assert serve.check_site(ROOT) == []
