"""Render the app icons (our own drawings, icon.svg and maskable.svg) to PNG.

    python static/icons/render.py

Chromium draws the SVGs (through Playwright, the test tool: no other SVG
renderer needed), Pillow reduces each PNG to a 64-colour palette so the files
stay small. The PNGs are committed; run this again only after changing an SVG.
This script is not published (serve.py publishes only web files from static/).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
#: (source SVG, output PNG, size in pixels)
ICONS = (
    ("icon.svg", "icon-192.png", 192),
    ("icon.svg", "icon-512.png", 512),
    ("maskable.svg", "maskable-192.png", 192),
    ("maskable.svg", "maskable-512.png", 512),
    ("icon.svg", "apple-touch-icon.png", 180),
)
CHROMIUM = "/usr/bin/chromium"


def main() -> int:
    with sync_playwright() as p:
        exe = CHROMIUM if Path(CHROMIUM).is_file() else None
        browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        for source, target, size in ICONS:
            svg = (HERE / source).read_text(encoding="utf-8").replace("<svg ", "<svg width=100% height=100% ", 1)
            page.set_viewport_size({"width": size, "height": size})
            page.set_content(
                "<html><body style='margin:0;background:transparent'>"
                f"<div style='width:{size}px;height:{size}px'>{svg}</div>"
                "</body></html>"
            )
            png = page.screenshot(omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size})
            image = Image.open(io.BytesIO(png)).convert("RGBA")
            small = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE)
            small.save(HERE / target, optimize=True)
            print(f"{target}: {size}x{size}, {(HERE / target).stat().st_size} bytes")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
