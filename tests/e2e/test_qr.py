"""The share links' QR codes (whist/web/qr.py), drawn in the real page and read back.

The page's own Python makes the code (``qr_svg``, reached through PyScript's ``whenDefined``, which
gives the page's interpreter to a test as to any script of the page: nothing is added to the page
for it), with the library the site ships (runtime/lean-qr/, imported on the first code); the page
draws the SVG; a screenshot of it is read
by another decoder, jsQR, a pinned devDependency (package.json) run by Node outside the page. The
text it reads must be the link, for a short link and for one of 2,000 characters. The watched page
fails the test on any request to another origin and on any policy violation (the import included).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

ROOT = Path(__file__).resolve().parents[2]
JSQR = ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"
QR_MODULE = ROOT / "whist" / "web" / "qr.py"

#: A table that waits for you (you lead), nothing moving under the code.
ADDRESS = "?pace=instant#deal=5&dealer=W"

LIBRARY = "runtime/lean-qr/index.mjs"

#: The QR version of a link of so many characters at level L (byte mode: 78 bytes fit version 4,
#: 2,071 version 33).
VERSIONS = {60: 4, 2000: 33}

#: The page's Python: the interpreter PyScript ran the page's script with (core.js is the page's
#: own module, already loaded: the same module, the same interpreter).
PYTHON = """  const {whenDefined} = await import(new URL("runtime/pyscript/core.js", document.baseURI).href);
  const python = (await whenDefined("py")).interpreter;"""

#: whist.web.qr in the page's Python. whist.tgz ships a module once a module of the page imports it
#: (serve.ENTRY_MODULES): until a share dialog does, the module is written into the page's Python
#: files here, as whist.tgz would have put it, beside the package's other modules; once whist.tgz
#: carries it, that one is used. Whether it was shipped.
INSTALL = "async ([source]) => {\n" + PYTHON + """
  return python.runPython(`
import os, sys, whist.web
path = os.path.join(os.path.dirname(whist.web.__file__), "qr.py")
shipped = os.path.exists(path)
if not shipped:
    with open(path, "w", encoding="utf-8") as file:
        file.write(source)
    for finder in sys.path_importer_cache.values():  # (importlib.invalidate_caches() would import
        if finder is not None:                       # importlib.metadata, which the page does not ship)
            finder.invalidate_caches()
shipped`, {globals: python.toPy({source})});
}"""

#: whist.web.qr.qr_svg(text, label) in the page: the SVG markup, or the Python error's last line.
QR_SVG = "async ([text, label]) => {\n" + PYTHON + """
  const qr = python.pyimport("whist.web.qr");
  try {
    return {svg: await qr.qr_svg(text, label)};
  } catch (err) {
    return {error: err.message.trim().split("\\n").pop()};
  } finally {
    qr.destroy();
  }
}"""

#: Whether this document has imported the library yet (whist.web.qr keeps the encoder once loaded).
LOADED = "async () => {\n" + PYTHON + """
  return python.runPython("import sys\\nbool(getattr(sys.modules.get('whist.web.qr'), '_encoder', None))");
}"""

#: Puts the SVG over the table at the top left, ``scale`` CSS pixels a module, in a box of its own
#: (its size is the box's: the SVG has a viewBox only).
SHOW = """([svg, width]) => {
  const box = document.createElement("div");
  box.id = "qr-under-test";
  box.style.cssText = `position: fixed; left: 0; top: 0; width: ${width}px; z-index: 2147483647; line-height: 0`;
  box.innerHTML = svg;
  document.body.append(box);
  const shown = box.firstElementChild.getBoundingClientRect();
  return [shown.width, shown.height];
}"""

#: Node reads the screenshot (a PNG: 8 bits a channel, RGB or RGBA, not interlaced, as Chromium
#: writes them) and hands its pixels to jsQR; prints what jsQR read, or null.
DECODE = r"""
const zlib = require("zlib");
const jsQR = require(process.argv[1]);
const png = require("fs").readFileSync(0);
let pos = 8, width, height, channels;
const data = [];
while (pos < png.length) {
  const length = png.readUInt32BE(pos), kind = png.toString("latin1", pos + 4, pos + 8);
  const body = png.subarray(pos + 8, pos + 8 + length);
  if (kind === "IHDR") {
    width = body.readUInt32BE(0); height = body.readUInt32BE(4);
    if (body[8] !== 8 || ![2, 6].includes(body[9]) || body[12] !== 0) throw new Error("an unexpected PNG");
    channels = body[9] === 6 ? 4 : 3;
  } else if (kind === "IDAT") data.push(body);
  pos += length + 12;
}
const raw = zlib.inflateSync(Buffer.concat(data)), stride = width * channels;
const rgba = new Uint8ClampedArray(width * height * 4);
let prev = new Uint8Array(stride);
for (let y = 0; y < height; y++) {
  const at = y * (stride + 1), filter = raw[at], line = Uint8Array.from(raw.subarray(at + 1, at + 1 + stride));
  for (let i = 0; i < stride; i++) {
    const a = i >= channels ? line[i - channels] : 0, b = prev[i], c = i >= channels ? prev[i - channels] : 0;
    const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
    const add = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
    line[i] = (line[i] + add) & 255;
  }
  for (let x = 0; x < width; x++) {
    for (let k = 0; k < 3; k++) rgba[(y * width + x) * 4 + k] = line[x * channels + k];
    rgba[(y * width + x) * 4 + 3] = 255;
  }
  prev = line;
}
const code = jsQR(rgba, width, height, {inversionAttempts: "dontInvert"});
process.stdout.write(JSON.stringify(code && {text: code.data, bytes: code.binaryData, version: code.version}));
"""


def qr_svg(page: GamePage, text: str, label: str) -> dict[str, str]:
    """What the page's ``qr_svg(text, label)`` gives: ``{"svg": ...}`` or ``{"error": ...}``."""
    page.evaluate(INSTALL, [QR_MODULE.read_text(encoding="utf-8")])
    result: dict[str, str] = page.evaluate(QR_SVG, [text, label])
    return result


def read_back(page: GamePage, svg: str, scale: int = 4) -> dict[str, Any]:
    """The SVG shown in the page, photographed, and read by jsQR: ``{"text", "bytes", "version"}``."""
    side = int(svg.split('viewBox="0 0 ', 1)[1].split(" ", 1)[0])
    try:
        shown = page.evaluate(SHOW, [svg, side * scale])
        assert shown == [side * scale, side * scale], "the SVG takes its box's width, and is square"
        png = page.locator("#qr-under-test").screenshot()
    finally:
        page.evaluate("() => document.getElementById('qr-under-test')?.remove()")
    node = shutil.which("node")
    assert node, "Node.js runs jsQR"
    done = subprocess.run([node, "-e", DECODE, str(JSQR)], input=png, capture_output=True, timeout=120, check=True)
    found: dict[str, Any] | None = json.loads(done.stdout)
    assert found is not None, "jsQR found no QR code in the page's drawing"
    return found


def a_link(page: GamePage, length: int) -> str:
    """A link to this page of exactly ``length`` characters, its fragment of the characters a
    challenge link's is made of (base64url), random but the same every run."""
    start = page.url("?game=classic#challenge=")
    rng = random.Random(length)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return start + "".join(rng.choice(alphabet) for _ in range(length - len(start)))


def test_the_page_draws_a_link_as_a_qr_code_that_reads_back(game_page: GamePage) -> None:
    if not JSQR.is_file():
        pytest.fail("jsqr is missing: run `npm ci` (it is a devDependency in package.json)", pytrace=False)
    game_page.open(ADDRESS)
    # The library is loaded on the first code only: not at start-up.
    first = not game_page.evaluate(LOADED)
    if first:
        assert not game_page.evaluate(f"() => performance.getEntriesByType('resource').some("
                                      f"e => e.name.endsWith('/{LIBRARY}'))"), "loaded at start-up"
    label = "QR code of the challenge link"
    for length in (60, 2000):
        link = a_link(game_page, length)
        made = qr_svg(game_page, link, label)
        assert "svg" in made, made
        svg = made["svg"]
        assert svg.startswith("<svg ") and 'role="img"' in svg and f'aria-label="{label}"' in svg
        assert f"<title>{label}</title>" in svg and 'fill="#fff"' in svg and 'fill="#000"' in svg
        found = read_back(game_page, svg)
        assert found["text"] == link and bytes(found["bytes"]) == link.encode("ascii"), (length, found["text"][:80])
        # The code drawn is the version read (17 + 4 a version modules, and the quiet zone), the
        # smallest that holds the link at level L (at M, 2,000 characters need version 38).
        side = int(svg.split('viewBox="0 0 ', 1)[1].split(" ", 1)[0])
        assert found["version"] == (side - 2 * 4 - 17) // 4 == VERSIONS[length]
    asked = [url for url in game_page.requests if url.endswith("/" + LIBRARY)]
    assert asked == ([game_page.url(LIBRARY)] if first else []), "the library is imported once, from the site"
    assert game_page.evaluate(LOADED)


def test_a_text_too_long_for_any_qr_code_is_refused_in_a_sentence(game_page: GamePage) -> None:
    game_page.open(ADDRESS)
    link = a_link(game_page, 3000)
    assert qr_svg(game_page, link, "QR code") == {
        "error": "ValueError: This link is too long for a QR code: it has 3,000 characters, "
                 "and a QR code holds at most 2,953."}
    # The page goes on: the next code is made.
    assert "svg" in qr_svg(game_page, game_page.url("#deal=7"), "QR code")
