"""Offline play and updates, in Chromium: the service worker of the built site.

The test uses a fresh browser context (``make_game_page``), so it starts with
no service worker and an empty cache. Each new deployment it meets ends offline: a reload plays a trick
with every file from the worker's cache (offline play after a visit). The watched page fails the test on any
console error, traceback or failed request: once offline, every file must
come from the worker's cache.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import serve
from tests.project_copy import copy_project

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage, GamePageFactory

SUB_PATH = "/whist/"
CONTROLLED = "() => !!navigator.serviceWorker.controller"
LEGAL_CARD = '#hand button.card[aria-disabled="false"]'
YOUR_MOVE = f"""() => document.body.dataset.phase !== 'play'
    || !!document.querySelector('{LEGAL_CARD}')"""
TRICKS_DONE = """() => ['tricks-us', 'tricks-them']
    .reduce((n, id) => n + Number(document.getElementById(id).textContent || 0), 0)"""
#: What each version of the test builds shows: the stamped version (index.html),
#: a mark set by the Python code (main.py and whist.tgz) and one from the CSS.
MARKS = """() => ({
  version: document.querySelector('meta[name="whist-version"]').content,
  main: document.body.dataset.markMain || '',
  package: document.body.dataset.markPackage || '',
  css: getComputedStyle(document.documentElement).getPropertyValue('--mark').trim().replace(/"/g, ''),
})"""

#: The registration's workers (installing, waiting, active: each one's state and the version in its
#: URL's build) and the caches: what a test that waits on a new version says when it gives up.
WORKERS = """async () => {
  const reg = await navigator.serviceWorker.getRegistration('./');
  const of = (w) => w ? w.state : null;
  return {installing: of(reg && reg.installing), waiting: of(reg && reg.waiting), active: of(reg && reg.active),
          controller: !!navigator.serviceWorker.controller, caches: await caches.keys(),
          notice: !!document.getElementById('update-notice')};
}"""


def wait_controlled(page: GamePage, timeout_ms: int = 90_000) -> None:
    """Wait until the service worker has installed every file and controls the page."""
    page.wait_for_function(CONTROLLED, timeout=timeout_ms)


def play_a_trick(page: GamePage) -> None:
    """Click legal cards until one more trick is complete."""
    before = page.evaluate(TRICKS_DONE)
    for _ in range(20):
        page.wait_for_function(YOUR_MOVE)
        if page.evaluate(TRICKS_DONE) > before:
            return
        assert page.get_attribute("body", "data-phase") == "play"
        # Near the top-left corner: the part of an overlapped card that is always on show.
        page.locator(LEGAL_CARD).first.click(position={"x": 8, "y": 30})
        page.wait_for_function(f"() => ({TRICKS_DONE})() > {before} || !!document.querySelector('{LEGAL_CARD}')")
        if page.evaluate(TRICKS_DONE) > before:
            return
    raise AssertionError("no trick was completed")


# --------------------------------------------------------------------------
# A new version
# --------------------------------------------------------------------------


def _make_version(root: Path, mark: str) -> None:
    """Mark a copy of the project's site sources as version ``mark`` in three places."""
    main = root / "whist" / "web" / "main.py"
    main.write_text(
        f"import js\njs.document.body.dataset.markMain = {mark!r}\n" + main.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    init = root / "whist" / "__init__.py"
    init.write_text(
        init.read_text(encoding="utf-8")
        + f"\nimport js as _js\n\n_js.document.body.dataset.markPackage = {mark!r}\n",
        encoding="utf-8",
    )
    css = root / "static" / "whist.css"
    css.write_text(css.read_text(encoding="utf-8") + f'\n:root {{ --mark: "{mark}"; }}\n', encoding="utf-8")


@pytest.fixture(scope="module")
def versions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Three builds of the site that differ in the page, the Python code and the CSS (built once
    for the module: the tests only read them)."""
    tmp_path = tmp_path_factory.mktemp("versions")
    sites = {}
    for mark in ("A", "B", "C"):
        project = copy_project(tmp_path / f"project-{mark}")
        _make_version(project, mark)
        sites[mark] = tmp_path / f"site-{mark}"
        serve.build_site(sites[mark], project)
    return sites


@pytest.fixture
def swappable_server(versions: dict[str, Path]) -> Iterator[tuple[str, dict[str, Path]]]:
    """A server of one of the builds under /whist/; set ``serving["now"]`` to swap."""
    serving = {"now": versions["A"]}

    def lookup(site_path: str) -> serve.Served | None:
        return serve.site_resolver(serving["now"], SUB_PATH)(site_path)

    server = serve.make_server(lookup, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield serve.server_url(server, SUB_PATH), serving
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def _version_of(site: Path) -> str:
    match = re.search(r'<meta name="whist-version" content="([0-9a-f]+)">', (site / "index.html").read_text())
    assert match
    return match.group(1)


def _marks(site: Path, mark: str) -> dict[str, str]:
    """What a page of the build ``site``, marked ``mark``, shows (``MARKS``)."""
    return {"version": _version_of(site), "main": mark, "package": mark, "css": mark}


def _deploy(page: GamePage, url: str, serving: dict[str, Path], old: dict[str, str], new_site: Path,
            new: dict[str, str], how: str) -> None:
    """Serve ``new_site`` (marked ``new``) instead of the build the page shows (``old``), and
    follow the page to it: by a click on the notice's Reload (``how="click"``) or a plain reload;
    then check it is whole, kept alone, and plays offline."""
    # The new deployment. The next visit still shows the old version, whole,
    # while the new one installs; then the page moves to it: at once if the
    # table is not up yet, else when the player clicks Reload on the notice
    # (or reloads the page).
    serving["now"] = new_site
    page.reload()
    page.wait_ready()
    seen = [page.evaluate(MARKS)]
    assert seen[0] in (old, new), seen
    deadline = time.monotonic() + 300  # a liveness bound, not a speed check: the new version installs 14 MB
    while page.evaluate(MARKS) != new:
        assert time.monotonic() < deadline, (f"the page did not move to the new version: {seen[-3:]}; "
                                             f"its service workers: {page.evaluate(WORKERS)}")
        notice = page.locator("#update-notice button")
        if notice.count() and notice.is_visible():
            assert page.evaluate(MARKS) == old, "the old page mixes in files of the new version"
            if how == "click":
                notice.click()
            else:  # a plain reload: the page switches before the table is up
                page.reload()
        page.wait_for_timeout(250)
        try:
            page.wait_ready(timeout_ms=60_000)
            marks = page.evaluate(MARKS)
        except Exception:  # the page is navigating
            continue
        assert marks in (old, new), f"files of two versions mixed: {marks}"
        seen.append(marks)

    # The new version is whole, controls the page, and the old cache is gone.
    page.wait_ready()
    assert page.evaluate(MARKS) == new
    wait_controlled(page)
    page.wait_for_function(
        f"""async () => {{ const names = (await caches.keys()).filter(n => n.startsWith('whist /whist/ '));
            return names.length === 1 && names[0] === 'whist /whist/ {new["version"]}'
                && !!(await caches.match(new URL('index.html', location.href).href, {{cacheName: names[0]}})); }}""",
        timeout=30_000,
    )
    # And it stays: a reload offline is still the new version, and it plays offline: every file
    # comes from the worker (the watched page records failed requests), and the page asked for
    # the game's files.
    page.context.set_offline(True)
    try:
        first_request = len(page.requests)
        page.reload()
        page.wait_ready()
        assert page.evaluate(MARKS) == new
        assert page.evaluate(CONTROLLED)
        play_a_trick(page)
        asked = [r for r in page.requests[first_request:] if r.startswith(url)]
        assert any(r.endswith("/whist.tgz") for r in asked), asked
        assert any(r.endswith("/pyodide.asm.wasm") for r in asked), asked
    finally:
        page.context.set_offline(False)


def test_a_new_deployment_replaces_the_old_one_whole(
    make_game_page: GamePageFactory,
    swappable_server: tuple[str, dict[str, Path]],
    versions: dict[str, Path],
) -> None:
    """One page (one first visit, one first install) meets two new deployments in turn: A to B,
    moved to by a click on the notice, then B to C, by a plain reload."""
    url, serving = swappable_server
    a, b, c = (_marks(versions[mark], mark) for mark in "ABC")
    assert len({a["version"], b["version"], c["version"]}) == 3

    page = make_game_page(url)
    page.open("?pace=instant")
    assert page.evaluate(MARKS) == a
    wait_controlled(page)

    _deploy(page, url, serving, a, versions["B"], b, "click")
    _deploy(page, url, serving, b, versions["C"], c, "reload")
