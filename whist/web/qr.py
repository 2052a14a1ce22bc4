"""QR codes of the share links (a challenge, a live table's invitation), as inline SVG.

The code itself comes from lean-qr, a small maintained encoder from npm (MIT): serve.py ships its
ES module under ``runtime/lean-qr/`` and the service worker precaches it, and it is imported on the
first :func:`qr_svg` of a page only, so the page starts without it. What it returns, the code's
modules as rows of ``0`` and ``1``, becomes SVG here in plain Python (:func:`svg_of`, tested under
CPython).

The error correction is level L at least: the encoder picks the smallest code that holds the text
at L, then raises the level as far as that size still allows. A code shown on a screen is not
scratched or soiled, and what limits a phone's camera is the size of a module, so the smallest
code is the easiest to read: a link of 2,500 characters fits (at M none of more than 2,331 does).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from typing import Any

#: The library, relative to the page (serve.py ships it there).
LIBRARY = "./runtime/lean-qr/index.mjs"

#: The white margin around the code, in modules (the standard asks for 4).
QUIET_ZONE = 4

#: lean-qr's error code for a text that no QR code holds.
TOO_MUCH_DATA = 4

#: The most bytes a QR code holds (version 40, level L, byte mode): said when a link is too long.
MOST_BYTES = 2953

#: The encoder once loaded: text -> the code's rows of "0" and "1", each ending with a newline.
_encoder: list[Callable[[str], str]] = []


async def qr_svg(text: str, label: str) -> str:
    """The QR code of ``text`` as an ``<svg>`` element's markup, named ``label`` for assistive
    technology: dark modules on white whatever the page's theme, a quiet zone of 4 modules, and a
    ``viewBox`` only, so that CSS gives it its size. Loads the library on the first call.
    Raises ValueError when no QR code can hold ``text``."""
    encode = await _load()
    try:
        rows = encode(text)
    except Exception as err:
        if library_error(err) == TOO_MUCH_DATA:
            raise ValueError(too_long(text)) from None
        raise
    return svg_of(rows.split(), label)


def too_long(text: str) -> str:
    """What :func:`qr_svg` says of a text no QR code holds."""
    return (f"This link is too long for a QR code: it has {len(text):,} characters, "
            f"and a QR code holds at most {MOST_BYTES:,}.")


def library_error(err: BaseException) -> object:
    """The ``code`` of a lean-qr error (a JavaScript Error reaching Python as a JsException, whose
    ``js_error`` is the Error itself), or None for any other exception."""
    return getattr(getattr(err, "js_error", err), "code", None)


async def _load() -> Callable[[str], str]:
    """The encoder, importing the library on the first call (an ES module of the site, imported
    by PyScript's ``js_import``: a dynamic ``import()``, which the page's policy allows)."""
    if not _encoder:
        import js
        from pyodide.ffi import to_js
        from pyscript import js_import

        (lean,) = await js_import(js.URL.new(LIBRARY, js.document.baseURI).href)
        options = to_js({"minCorrectionLevel": lean.correction.L}, dict_converter=js.Object.fromEntries)
        as_rows = to_js({"on": "1", "off": "0", "lf": "\n", "pad": 0}, dict_converter=js.Object.fromEntries)

        def encode(text: str) -> str:
            code: Any = lean.generate(text, options)
            return str(code.toString(as_rows))

        if not _encoder:  # (two first calls at once: the first to arrive is kept)
            _encoder.append(encode)
    return _encoder[0]


def svg_of(rows: Sequence[str], label: str) -> str:
    """The ``<svg>`` markup of a QR code given as its rows of modules (``"1"`` dark, ``"0"``
    light), without its quiet zone, which this adds."""
    size = len(rows)
    if not size or any(len(row) != size or row.strip("01") for row in rows):
        raise ValueError(f"not the rows of a QR code (a square of 0 and 1): {size} rows")
    side = size + 2 * QUIET_ZONE
    name = html.escape(label, quote=True)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 {side} {side}" role="img" '
            f'aria-label="{name}" shape-rendering="crispEdges"><title>{name}</title>'
            f'<rect width="{side}" height="{side}" fill="#fff"/>'
            f'<path fill="#000" d="{path_data(rows)}"/></svg>')


_DARK = re.compile("1+")


def path_data(rows: Sequence[str]) -> str:
    """SVG path data drawing the dark modules of ``rows`` after the quiet zone: one unit square
    per module, each run of dark modules along a row one rectangle (``M4 4h7v1h-7z``), the next
    run of the row moved to from the start of the last (``m8 0``: a closed path's point is its
    start)."""
    parts = []
    for y, row in enumerate(rows, QUIET_ZONE):
        last = None
        for run in _DARK.finditer(row):
            x, width = run.start() + QUIET_ZONE, run.end() - run.start()
            parts.append(f"M{x} {y}" if last is None else f"m{x - last} 0")
            parts.append(f"h{width}v1h-{width}z")
            last = x
    return "".join(parts)
