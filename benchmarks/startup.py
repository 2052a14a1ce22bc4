"""Start-up time of the game against the floor: PyScript + Pyodide booting a page that does nothing.

    python benchmarks/startup.py [--runs 5]

In one run: builds the site (``serve.build_site``) and two floor pages into a
temporary directory, serves each under ``/whist/`` the way GitHub Pages does
(``Cache-Control: max-age=600`` and ETags), and times, in headless Chromium,
navigation start -> ``body[data-ready="1"]``:

- cold: a fresh browser profile (empty HTTP cache, no service worker);
- warm: a second visit on that profile, after a rest (the game: its
  service worker installed and in control, and the memory snapshot its first
  visit made in idle time kept, static/python.mjs; the floors: the HTTP cache).
  The first visit stays open until the snapshot is kept, as a player's would
  for the few seconds it takes (``--no-snapshot``: the game makes none).

The pages, each load interleaved with the others:

- game: the built site;
- floor: a bare page that only boots the same PyScript and Pyodide (the
  runtime's default config: interpreter only) and sets data-ready;
- floor+hints: the floor with the game's start-up work on the runtime (the
  same preload hints, the same plugins turned off), to tell the cost of the
  game's own code from the gain of the hints.

Prints medians over ``--runs`` loads and the ratios game/floor (targets:
cold within 1.0x, warm within 0.6x: issue 42; ``benchmarks/bytecode.py`` prints
what the cold one would cost in bytes). Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import serve  # noqa: E402
import stdlib_cut  # noqa: E402

SYSTEM_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
SUB_PATH = "/whist/"

#: Installed before any script of the page: the time (ms since navigation
#: start) at which body[data-ready="1"] appears.
READY_CLOCK = """(() => {
  const mark = () => {
    if (!window.__readyAt && document.body && document.body.dataset.ready === "1")
      window.__readyAt = performance.now();
  };
  new MutationObserver(mark).observe(document, {subtree: true, childList: true, attributes: true,
                                                attributeFilter: ["data-ready"]});
})();"""

#: The game makes its snapshot under automation only when asked (static/python.mjs).
SNAPSHOT_ON = "window.whistSnapshotTests = true;"

FLOOR_SCRIPT = 'import js\njs.document.body.dataset.ready = "1"\n'


def _options() -> dict[str, Any]:
    args = list(CHROMIUM_ARGS)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")
    exe = os.environ.get("WHIST_CHROMIUM") or (SYSTEM_CHROMIUM if Path(SYSTEM_CHROMIUM).is_file() else None)
    return {"executable_path": exe, "args": args}


def launch(playwright: Any) -> Any:
    """Headless Chromium: the system one when there is one (as the tests use)."""
    return playwright.chromium.launch(**_options())


@contextmanager
def fresh_profile(playwright: Any) -> Iterator[Any]:
    """A browser context on a new, empty profile directory, as a first-time visitor has.

    A profile on disk, not an in-memory (incognito) context: that one keeps
    no large file in its HTTP cache and no compiled WebAssembly, which would
    make every second visit look like a first.
    """
    with tempfile.TemporaryDirectory(prefix="whist-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(profile, headless=True, **_options())
        try:
            yield context
        finally:
            context.close()


@contextmanager
def serving(site: Path, base: str = SUB_PATH) -> Iterator[str]:
    """Serve a site directory under ``base`` as GitHub Pages would; yield its URL."""
    server = serve.make_server(serve.site_resolver(site, base), "127.0.0.1", 0, cache_control=serve.PAGES_CACHE)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield serve.server_url(server, base)
    finally:
        server.shutdown()
        server.server_close()


def build_game(dest: Path) -> Path:
    serve.ensure_runtime(serve.ROOT)
    serve.build_site(dest, serve.ROOT)
    return dest


def build_floor(dest: Path, hints: bool) -> Path:
    """A page that boots the game's PyScript + Pyodide and only sets data-ready.

    ``hints=False``: the runtime's defaults (every PyScript file shipped, the
    config names the interpreter only). ``hints=True``: the head of the
    game's index.html (preloads, plugins off) and the game's runtime files.
    """
    dest.mkdir(parents=True)
    # The floor's Python starts on the runtime's own standard library, at its own path (the game
    # ships a cut of it, gzipped, that its own loader hands to Pyodide: static/python.mjs).
    stdlib = {f"runtime/pyodide/{stdlib_cut.STDLIB_ZIP}": serve.ROOT / "node_modules/pyodide" / stdlib_cut.STDLIB_ZIP}
    if hints:
        runtime = serve.runtime_files(serve.ROOT) | stdlib
    else:
        dist = serve.ROOT / "node_modules/@pyscript/core/dist"
        runtime = {f"runtime/pyodide/{n}": serve.ROOT / "node_modules/pyodide" / n for n in serve.PYODIDE_FILES}
        runtime |= {f"runtime/pyscript/{p.name}": p for p in dist.iterdir() if p.suffix in (".js", ".css")} | stdlib
    for site_path, source in runtime.items():
        (dest / site_path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, dest / site_path)
    config = 'interpreter = "./runtime/pyodide/pyodide.mjs"\n'
    if hints:
        game_head = (serve.ROOT / "index.html").read_text(encoding="utf-8").split("</head>")[0]
        hint_lines = [line.replace(serve.STDLIB_PATH, f"runtime/pyodide/{stdlib_cut.STDLIB_ZIP}")
                      for line in game_head.splitlines()
                      if re.match(r'<link rel="(module)?preload" href="\./(runtime|pyscript)', line)]
        plugins = re.search(r"^plugins = .*$", (serve.ROOT / "pyscript.toml").read_text(), re.MULTILINE)
        config += plugins.group(0) + "\n" if plugins else ""
        # The game's start-up script (static/start.js) gives MicroPython a config too; the
        # floor runs that part of it alone (inline: the floor has no Content-Security-Policy).
        start = (serve.ROOT / "static" / "start.js").read_text(encoding="utf-8")
        mpy = re.search(r"/\* PyScript reads a config for MicroPython.*?\n\}\)\(\);\n", start, re.DOTALL)
        head = "\n".join(hint_lines) + "\n" + (f"<script>\n{mpy.group(0)}</script>" if mpy else "")
    else:
        head = ""
    (dest / "pyscript.toml").write_text(config, encoding="utf-8")
    (dest / "main.py").write_text(FLOOR_SCRIPT, encoding="utf-8")
    (dest / "index.html").write_text(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>floor</title>\n"
        '<link rel="icon" href="data:,">\n'
        f"{head}\n"
        '<script type="module" src="./runtime/pyscript/core.js"></script>\n'
        "</head><body>\n"
        '<script type="py" src="./main.py" config="./pyscript.toml"></script>\n'
        "</body></html>\n",
        encoding="utf-8",
    )
    return dest


def time_to_ready(context: Any, url: str, timeout_ms: int = 180_000) -> tuple[float, Any]:
    """Open ``url`` in a new page of ``context``; (ms from navigation start to data-ready, page)."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__readyAt", timeout=timeout_ms)
    return float(page.evaluate("window.__readyAt")), page


def one_run(playwright: Any, url: str, game: bool, settle: float, snapshot: bool = True) -> tuple[float, float]:
    """(cold ms, warm ms) of one page on a fresh profile (``game``: the built site, its service
    worker and, with ``snapshot``, its memory snapshot kept before the first visit ends)."""
    time.sleep(settle)
    with fresh_profile(playwright) as context:
        context.add_init_script(READY_CLOCK)
        if game and snapshot:
            context.add_init_script(SNAPSHOT_ON)
        for blank in context.pages:
            blank.close()
        cold, page = time_to_ready(context, url)
        if game:
            page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=120_000)
        if game and snapshot:
            page.wait_for_function("() => whistSnapshot.result", timeout=180_000)
            if page.evaluate("whistSnapshot.result") != "kept":
                print("  (the first visit kept no snapshot)", flush=True)
        page.wait_for_timeout(1000)
        page.close()
        # Chromium goes on compiling the WebAssembly (optimised tier) and
        # writing its caches after the page is up: let it finish, as it
        # would between two visits, so it does not slow the next load.
        time.sleep(settle)
        warm, page = time_to_ready(context, url)
        if game and snapshot and not page.evaluate("!!(window.whistSnapshot && whistSnapshot.used)"):
            print("  (the warm visit did not start from the snapshot)", flush=True)
        page.close()
        return cold, warm


def median(values: list[float]) -> float:
    return statistics.median(values)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="loads of each page, cold and warm (default 5)")
    parser.add_argument("--settle", type=float, default=8.0,
                        help="seconds of rest before each load, for the browser's background work (default 8)")
    parser.add_argument("--no-snapshot", action="store_true", help="the game makes no memory snapshot")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="whist-startup-") as tmp:
        sites = {
            "game": build_game(Path(tmp) / "game"),
            "floor": build_floor(Path(tmp) / "floor", hints=False),
            "floor+hints": build_floor(Path(tmp) / "floor-hints", hints=True),
        }
        times: dict[str, dict[str, list[float]]] = {name: {"cold": [], "warm": []} for name in sites}
        with serving(sites["game"]) as game_url, serving(sites["floor"]) as floor_url, \
                serving(sites["floor+hints"]) as hints_url, sync_playwright() as p:
            urls = {"game": game_url, "floor": floor_url, "floor+hints": hints_url}
            print(f"{os.cpu_count()} CPUs; {args.runs} runs; navigation start -> body[data-ready], ms", flush=True)
            one_run(p, urls["floor"], False, args.settle)  # warm-up: the OS file cache, Chromium's start
            for run in range(args.runs):
                for name, url in urls.items():
                    cold, warm = one_run(p, url, name == "game", args.settle, not args.no_snapshot)
                    times[name]["cold"].append(cold)
                    times[name]["warm"].append(warm)
                print(f"  run {run + 1}: " + "  ".join(
                    f"{n} {t['cold'][-1]:.0f}/{t['warm'][-1]:.0f}" for n, t in times.items()), flush=True)
    print()
    print(f"{'page':<12} {'cold median':>12} {'warm median':>12}   (min-max cold; min-max warm)")
    for name, t in times.items():
        print(f"{name:<12} {median(t['cold']):>10.0f} ms {median(t['warm']):>9.0f} ms   "
              f"({min(t['cold']):.0f}-{max(t['cold']):.0f}; {min(t['warm']):.0f}-{max(t['warm']):.0f})")
    print()
    for floor in ("floor", "floor+hints"):
        for kind, target in (("cold", 1.0), ("warm", 0.6)):
            ratio = median(times["game"][kind]) / median(times[floor][kind])
            print(f"game/{floor:<12} {kind}: {ratio:.2f}x  (target {target}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
