"""The share links' QR codes under CPython: the SVG whist/web/qr.py writes of the library's
modules, the sentence for a text too long, and the library shipped (serve.py) but never loaded
at start-up. tests/e2e/test_qr.py makes and reads real codes in the page."""

from __future__ import annotations

import ast
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import PurePosixPath

import pytest
from hypothesis import given
from hypothesis import strategies as st

import serve
from tests.fake_dom import run
from whist.web import qr

SVG = "{http://www.w3.org/2000/svg}"


def dark_cells(path: str) -> set[tuple[int, int]]:
    """The unit squares the path data covers, read as a plotter would: every subpath must be a
    rectangle one module high (``h w v1 h-w z``), after an ``M x y`` or an ``m dx 0`` from the
    start of the last."""
    cells: set[tuple[int, int]] = set()
    x = y = None
    for move, a, b, width, back in re.findall(r"([Mm])(\d+) (\d+)h(\d+)v1h-(\d+)z", path):
        if move == "M":
            x, y = int(a), int(b)
        else:
            assert x is not None and y is not None and int(b) == 0, "a relative move along the row"
            x += int(a)
        assert width == back and int(width) > 0
        new = {(x + i, y) for i in range(int(width))}
        assert not new & cells, "no module is drawn twice"
        cells |= new
    assert re.sub(r"[Mm]\d+ \d+h\d+v1h-\d+z", "", path) == "", f"path data left unread: {path}"
    return cells


def test_the_path_draws_each_run_of_dark_modules_as_one_rectangle() -> None:
    rows = ["110", "000", "101"]
    assert qr.path_data(rows) == "M4 4h2v1h-2zM4 6h1v1h-1zm2 0h1v1h-1z"
    assert qr.path_data(["000", "000", "000"]) == ""


@given(st.integers(1, 30).flatmap(lambda n: st.lists(st.text("01", min_size=n, max_size=n), min_size=n, max_size=n)))
def test_the_path_covers_exactly_the_dark_modules_after_the_quiet_zone(rows: list[str]) -> None:
    expected = {(x + 4, y + 4) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "1"}
    assert dark_cells(qr.path_data(rows)) == expected


def test_the_svg_is_dark_on_white_sized_by_css_and_named() -> None:
    rows = ["1" * 21] + ["1" + "0" * 19 + "1"] * 19 + ["1" * 21]
    label = 'QR code of the "challenge" <link> & more'
    svg = qr.svg_of(rows, label)
    root = ET.fromstring(svg)  # well-formed XML, the label escaped
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 29 29" and root.get("width") is None and root.get("height") is None
    assert root.get("role") == "img" and root.get("aria-label") == label
    title, rect, path = list(root)
    assert title.tag == f"{SVG}title" and title.text == label
    # The white background is the whole square, quiet zone included; the modules are black on it.
    assert rect.tag == f"{SVG}rect" and rect.get("fill") == "#fff"
    assert (rect.get("width"), rect.get("height")) == ("29", "29")
    assert rect.get("x") is None and rect.get("y") is None
    assert path.tag == f"{SVG}path" and path.get("fill") == "#000"
    assert dark_cells(path.get("d") or "") == {(x + 4, y + 4) for y in range(21) for x in range(21)
                                               if rows[y][x] == "1"}
    assert root.get("shape-rendering") == "crispEdges"  # no seams between the rows' rectangles


@pytest.mark.parametrize("rows", [[], ["10", "1"], ["10", "01", "11"], ["12", "01"], ["1 ", "01"]])
def test_anything_but_a_square_of_modules_is_refused(rows: list[str]) -> None:
    with pytest.raises(ValueError, match="not the rows of a QR code"):
        qr.svg_of(rows, "x")


class JsError(Exception):
    """What Pyodide raises for a JavaScript Error: its ``js_error`` is the Error (and its code)."""

    def __init__(self, code: int) -> None:
        super().__init__(f"Error: lean-qr error {code}")
        self.js_error = type("Error", (), {"code": code})()


def with_encoder(monkeypatch: pytest.MonkeyPatch, encode: Callable[[str], str]) -> None:
    """The library as loaded: ``qr_svg`` under CPython uses ``encode`` and imports nothing."""
    monkeypatch.setattr(qr, "_encoder", [encode])


def test_qr_svg_draws_what_the_library_encodes(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def encode(text: str) -> str:
        asked.append(text)
        return "".join(("1" * 21 if i % 2 else "0" * 21) + "\n" for i in range(21))  # as lean-qr's toString gives it

    with_encoder(monkeypatch, encode)
    svg = run(qr.qr_svg("https://x.example/#challenge=a", "QR code"))
    assert asked == ["https://x.example/#challenge=a"]
    assert svg == qr.svg_of([("1" * 21 if i % 2 else "0" * 21) for i in range(21)], "QR code")


def test_a_text_too_long_for_any_qr_code_raises_one_plain_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    def encode(text: str) -> str:
        raise JsError(qr.TOO_MUCH_DATA)

    with_encoder(monkeypatch, encode)
    with pytest.raises(ValueError) as caught:
        run(qr.qr_svg("x" * 3000, "QR code"))
    message = str(caught.value)
    assert message == "This link is too long for a QR code: it has 3,000 characters, and a QR code holds at most 2,953."
    assert caught.value.__cause__ is None and caught.value.__suppress_context__


def test_other_errors_of_the_library_are_not_called_too_long(monkeypatch: pytest.MonkeyPatch) -> None:
    def encode(text: str) -> str:
        raise JsError(5)

    with_encoder(monkeypatch, encode)
    with pytest.raises(JsError):
        run(qr.qr_svg("x", "QR code"))
    assert qr.library_error(RuntimeError("no code")) is None


# --------------------------------------------------------------------------
# The library ships with the site, and loads on first use only
# --------------------------------------------------------------------------


def test_the_library_is_pinned_and_installed() -> None:
    pins = json.loads((serve.ROOT / "package.json").read_text(encoding="utf-8"))
    version = pins["dependencies"]["lean-qr"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), "pinned exactly"
    lock = json.loads((serve.ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/lean-qr"]["version"] == version
    assert lock["packages"]["node_modules/lean-qr"]["license"] == "MIT"
    assert not serve.runtime_problems(serve.ROOT)


def test_the_site_ships_the_module_and_its_licence_and_the_worker_precaches_them() -> None:
    site = serve.Site(serve.ROOT, release=True)
    shipped = {p for p in site.paths() if p.startswith("runtime/lean-qr/")}
    assert shipped == {"runtime/lean-qr/index.mjs", "runtime/lean-qr/LICENSE"}
    assert qr.LIBRARY == "./runtime/lean-qr/index.mjs"
    precache = site.precache()
    for path in shipped:
        source = serve.ROOT / "node_modules" / "lean-qr" / PurePosixPath(path).name
        assert site.read(path) == source.read_bytes()
        assert precache[path] == serve.content_hash(source.read_bytes())
    # The dev server serves it as a module script (a module of another type would be refused).
    served = serve.project_resolver(serve.ROOT)("runtime/lean-qr/index.mjs")
    assert served is not None and serve.content_type(PurePosixPath(served.name)).startswith("text/javascript")
    assert not re.search(rb"\bimport\s*[{(*\"']|\bfrom\s*[\"']", served.data), "one module that imports no other"
    assert serve.resolve(serve.ROOT, "runtime/lean-qr/package.json") is None
    assert serve.resolve(serve.ROOT, "runtime/lean-qr/cli.mjs") is None


def test_nothing_loads_the_library_at_start_up() -> None:
    """Not the page, its start-up scripts, a preload nor PyScript's config: whist.web.qr imports it
    on the first code a page draws (tests/e2e/test_qr.py sees that request)."""
    page = (serve.ROOT / "index.html").read_text(encoding="utf-8")
    assert "lean-qr" not in page and "lean-qr" not in serve.page_script_text(serve.ROOT)
    assert "lean-qr" not in (serve.ROOT / "static" / "pyscript-hooks.js").read_text(encoding="utf-8")
    assert "lean-qr" not in (serve.ROOT / "pyscript.toml").read_text(encoding="utf-8")
    archive = serve.read_package_zip(serve.Site(serve.ROOT, release=False).package_zip())
    assert not [name for name, data in archive.items() if b"lean-qr" in data and name != "web/qr.py"]
    # whist.web.qr itself (in whist.tgz once a module of the page imports it) imports only the
    # standard library as it loads (this test imports it under CPython): the browser's modules,
    # and the library, on the first code.
    tree = ast.parse((serve.ROOT / "whist/web/qr.py").read_text(encoding="utf-8"))
    at_top = {node.module if isinstance(node, ast.ImportFrom) else alias.name
              for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names}
    assert at_top == {"__future__", "html", "re", "collections.abc", "typing"}
