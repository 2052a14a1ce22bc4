"""Bytes of the site: what a cold load transfers, split into the runtime and our own files.

    python benchmarks/bytes.py

Builds the site into a temporary directory, serves it under ``/whist/`` as
GitHub Pages would (no compression here: the figures are the files' own
sizes; a host that gzips text sends less, shown as an estimate) and loads it
in headless Chromium on a fresh profile, counting every response body and its
headers:

- the page load, navigation -> ``body[data-ready="1"]``;
- then the service worker's install (it caches every file of the version:
  the ones the page loaded are revalidated, ETag -> 304, the rest fetched).

The page load is also estimated as a host that gzips sends it (GitHub Pages compresses text
and WebAssembly, not a zip, a .gz, a .tgz or an image): the first visit's bytes over the wire.
And the standard library: Pyodide's pinned ``python_stdlib.zip`` and the cut the site ships
(stdlib_cut.py).

Also prints the weight of the built files: our own (everything but
``runtime/``), those a page starts on (all but ``whist-later.tgz``, fetched on
first use: target under 300 KB), and the runtime. Prints figures; never
passes or fails.
"""

from __future__ import annotations

import gzip
import sys
import tempfile
import urllib.parse
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from startup import build_game, fresh_profile, serving

import serve  # the build comes from serve.py
import stdlib_cut


def kind(site_path: str) -> str:
    return "runtime" if site_path.startswith("runtime/") else "own"


#: What a host that compresses does not gzip (already compressed).
NOT_GZIPPED = (".zip", ".gz", ".tgz", ".png", ".jpg", ".webp", ".woff2")


def wire(path: Path) -> int:
    """The bytes of a file as a host that gzips would send it."""
    data = path.read_bytes()
    return len(data) if path.name.endswith(NOT_GZIPPED) else min(len(data), len(gzip.compress(data, 6)))


def kb(n: float) -> str:
    return f"{n / 1024:,.1f} KB"


def main() -> int:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="whist-bytes-") as tmp:
        site = build_game(Path(tmp) / "site")
        print("Built files (bytes on disk; gzip -6 estimate for a host that compresses)")
        totals: dict[str, list[int]] = {"own": [0, 0, 0], "runtime": [0, 0, 0]}
        for path in sorted(p for p in site.rglob("*") if p.is_file()):
            rel = path.relative_to(site).as_posix()
            data = path.read_bytes()
            t = totals[kind(rel)]
            t[0] += 1
            t[1] += len(data)
            t[2] += len(gzip.compress(data, 6))
        for name, (count, raw, packed) in totals.items():
            print(f"  {name:<8} {count:>3} files {kb(raw):>12}   gzip ~{kb(packed):>11}")
        own = totals["own"][1]
        later = serve.later_bytes(site)
        print(f"  our own files: {kb(own)}; a page starts on {kb(own - later)} of them (target under 300 KB), "
              f"and fetches {kb(later)} on first use, when a player needs them or to install the app "
              f"({', '.join((serve.LATER_ZIP, *serve.LATER_FILES, *serve.IDLE_FILES, *serve.INSTALL_FILES))})")

        pinned = serve.ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
        shipped = site / serve.STDLIB_PATH
        print(f"  python_stdlib.zip: pinned {kb(pinned.stat().st_size)}, shipped {kb(shipped.stat().st_size)}"
              f" ({serve.STDLIB_PATH}: its zip, entries stored, "
              f"{kb(len(stdlib_cut.unpack(shipped.read_bytes())))}, gzipped whole)")

        with serving(site) as url, sync_playwright() as p:
            base = urllib.parse.urlsplit(url).path
            profile = fresh_profile(p)
            context = profile.__enter__()
            phase = {"now": "page"}
            seen: list[tuple[str, str, str, Any]] = []
            context.on("requestfinished", lambda r: seen.append((phase["now"], r.url, "sw" if r.service_worker
                                                                  else "page", r)))
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=180_000)
            phase["now"] = "install"
            page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=180_000)
            page.wait_for_timeout(500)
            rows: dict[tuple[str, str], list[int]] = {}
            gzipped: dict[str, int] = {}
            for _phase, request_url, who, request in seen:
                when = "install" if who == "sw" else "page"  # the worker's own requests
                path = urllib.parse.urlsplit(request_url).path
                if not path.startswith(base):
                    continue
                site_path = path[len(base):] or "index.html"
                sizes = request.sizes()
                response = request.response()
                status = response.status if response else 0
                row = rows.setdefault((when, kind(site_path)), [0, 0, 0, 0])
                row[0] += 1
                row[1] += sizes["responseBodySize"]
                row[2] += sizes["responseHeadersSize"]
                row[3] += status == 304
                if when == "page" and status == 200 and (site / site_path).is_file():
                    gzipped[site_path] = wire(site / site_path) + sizes["responseHeadersSize"]
            profile.__exit__(None, None, None)
        print()
        print("Cold load, transferred (bodies + headers)")
        for when, label in (("page", "page load to data-ready"), ("install", "service worker install")):
            for what in ("runtime", "own"):
                n, body, headers, not_modified = rows.get((when, what), [0, 0, 0, 0])
                extra = f", {not_modified} answered 304" if not_modified else ""
                print(f"  {label:<24} {what:<8} {n:>3} requests {kb(body + headers):>12}{extra}")
        page_total = sum(sum(rows.get(("page", w), [0, 0, 0, 0])[1:3]) for w in ("runtime", "own"))
        print(f"  page load total: {kb(page_total)}")
        print(f"  page load total as a host that gzips sends it (estimate): {kb(sum(gzipped.values()))}, of which "
              f"the runtime {kb(sum(n for path, n in gzipped.items() if kind(path) == 'runtime'))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
