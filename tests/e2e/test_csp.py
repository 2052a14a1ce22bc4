"""The page under its Content-Security-Policy, in Chromium (issue 14, section 2).

index.html carries the policy as a ``<meta>`` (tests/test_policy.py checks what it
allows). Every watched page fails its test on any violation (tests/e2e/conftest.py:
the ``securitypolicyviolation`` events of the page and of its workers, and the
browser's console messages about the policy). These tests show that the watcher
sees each kind of violation, that the policy is in force on the real page, and
that the page plays under it: a card, Hard opponents thinking in PyScript's
worker (a blob: worker, which inherits the page's policy), the hand review and
Contract Whist's auction; and that it starts with its hook script arriving last
(``visit_with_the_hooks_last``, run on test_reset's first visit, the only page of its own
the two files need).
"""

from __future__ import annotations

import re
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import serve
from tests.e2e.test_contract import open_contract
from tests.e2e.test_persistence import near_the_end
from tests.e2e.test_play import play_lowest, wait_your_move
from tests.e2e.test_review import finish_hand
from tests.e2e.test_thinker import HARD_OPPONENTS, WATCH, watch

if TYPE_CHECKING:
    from playwright.sync_api import Route

    from tests.e2e.conftest import GamePage, GamePageFactory

ROOT = Path(__file__).resolve().parents[2]

#: The policy of index.html, as the browser reads it from the page.
LIVE_POLICY = "() => document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content"

#: A page that breaks a policy of its own in every way the watcher must see: an inline
#: script and an image of another origin (both refused), an eval caught by a try
#: (refused without a word in the console: only the event tells), and a blob: worker
#: (which inherits the policy) that connects to another origin when asked (the
#: browser's console says nothing of a worker's violations: only the event tells).
BREAKING_PAGE = """<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; worker-src blob:">
</head><body>
<script>document.body.dataset.inline = "ran";</script>
<img src="http://127.0.0.2:9/elsewhere.png" alt="">
<script src="./breaking.js"></script>
</body></html>"""

BREAKING_SCRIPT = """
try { eval("1"); } catch (err) { /* refused: only the policy's report tells */ }
var code = 'onmessage = function () { fetch("http://127.0.0.2:9/from-a-worker").catch(function () {}); };';
var worker = new Worker(URL.createObjectURL(new Blob([code], {type: "text/javascript"})));
window.kick = function () { worker.postMessage("go"); };
document.body.dataset.ready = "1";
"""


@pytest.fixture
def breaking_site(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "index.html").write_text(BREAKING_PAGE, encoding="utf-8")
    (tmp_path / "breaking.js").write_text(BREAKING_SCRIPT, encoding="utf-8")
    server = serve.make_server(serve.site_resolver(tmp_path), "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield serve.server_url(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def wait_until(page: GamePage, found: Callable[[], bool], what: str, seconds: float = 30) -> None:
    """Let the page run until ``found()`` (a liveness bound, not a speed check)."""
    deadline = time.monotonic() + seconds
    while not found():
        assert time.monotonic() < deadline, f"never: {what}; recorded: {page.all_problems()}"
        page.wait_for_timeout(100)


def test_the_watcher_sees_every_kind_of_violation(make_game_page: GamePageFactory, breaking_site: str) -> None:
    page = make_game_page(breaking_site)
    page.goto()
    page.wait_for_selector('body[data-ready="1"]', state="attached")
    assert page.get_attribute("body", "data-inline") is None, "the inline script ran: no policy in force"
    # Ask the worker to break the policy once the watcher listens in it.
    wait_until(page, lambda: bool(page.workers), "the watcher listens in the worker")
    page.evaluate("kick()")
    expected = [
        "CSP violation in the page: script-src-elem refused inline",
        "CSP violation in the page: script-src refused eval",
        "CSP violation in the page: img-src refused http://127.0.0.2:9/elsewhere.png",
        "CSP violation in a worker (blob:",
        "connect-src refused http://127.0.0.2:9/from-a-worker",
        "CSP console error: ",  # the browser's own message (here for the inline script and the image)
    ]
    wait_until(page, lambda: all(e in "\n".join(page.all_problems()) for e in expected), f"all of {expected}")
    page.ignore(".*")  # the violations were the point of this test
    assert page.all_problems() == []


def test_the_page_plays_under_its_policy(game_page: GamePage) -> None:
    """Cards, Hard opponents thinking in the worker, a hand's end and its review in the analyst
    (the same worker): no violation. (The hand is restored at its last tricks: the worker thinks each of
    the opponents' cards from there, and the review analyses the whole hand as ever.)"""
    storage = {**HARD_OPPONENTS, **near_the_end(4242, left=3, hand=1)}
    game_page.open("?pace=instant", script=WATCH, storage=storage)  # Hard thinks at any pace
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert policy and game_page.evaluate(LIVE_POLICY) == policy.group(1)
    game_page.wait_for_selector('body[data-thinker="ready"]', state="attached", timeout=90_000)
    assert game_page.workers, "PyScript's worker was not seen"
    wait_your_move(game_page, timeout=60_000)
    play_lowest(game_page)
    finish_hand(game_page)
    assert watch(game_page)["thinking"] > 0, "no Hard card was thought in the worker"
    assert game_page.get_attribute("body", "data-decided-here") is None, "a Hard card was thought on the page"
    # The review's analysis, in the analyst (sharing the thinker's worker): its first play analysed there is
    # enough for the policy (each step is the same call; the whole hand's analysis is test_review's, a minute more).
    game_page.click("#review-open")
    game_page.wait_for_selector("#review[open]")
    game_page.wait_for_function("() => document.getElementById('review-progress').value >= 1", timeout=600_000)
    assert game_page.get_attribute("body", "data-analyst") == "ready"
    assert game_page.all_problems() == []

    # The policy is in force: a script put into the page is refused, and the watcher says so.
    ran = game_page.evaluate("""() => new Promise((done) => {
        const script = document.createElement("script");
        script.textContent = "window.__injected = true";
        document.head.append(script);
        setTimeout(() => done(window.__injected === true), 100);
    })""")
    assert ran is False
    wait_until(game_page, lambda: any("script-src-elem refused inline" in p for p in game_page.all_problems()),
               "the refused script is reported")
    game_page.ignore("script-src-elem refused inline|Executing inline script violates")


def test_contract_whist_bids_under_its_policy(game_page: GamePage) -> None:
    open_contract(game_page)
    game_page.click('#bid-box .bid[data-call="pass"]')
    finish_hand(game_page)  # passes at every call, then plays the contract out
    assert game_page.all_problems() == []


def visit_with_the_hooks_last(page: GamePage, path: str,
                              before_python: Callable[[GamePage], None] | None = None) -> None:
    """A first visit to ``path`` on the fresh page ``page`` (its ``open``), with
    static/pyscript-hooks.js held back until PyScript's core and its config have arrived;
    with ``before_python``, the game's files (whist.tgz) held back too, until that check of the
    page has run.

    PyScript builds its worker hooks (with Function(), which the policy refuses) as soon as its
    config is read; static/pyscript-hooks.js must have cleared the one it would build before
    then, however late that file arrives: the page must still start (and, as the caller checks,
    play) with no violation. test_reset's visit is loaded so (its page of its own is the only
    first visit it needs), which plays a card on it and checks every problem recorded."""
    held: list[Route] = []
    held_python: list[Route] = []
    finished: list[str] = []
    page.page.route("**/static/pyscript-hooks.js", lambda route: held.append(route))
    if before_python is not None:
        page.page.route("**/whist.tgz", lambda route: held_python.append(route))
    page.page.on("requestfinished", lambda r: finished.append(urllib.parse.urlsplit(r.url).path))
    with page.expect_request("**/static/pyscript-hooks.js", timeout=120_000):
        page.goto(path, wait_until="commit")
    first = ("/pyscript.toml", "/runtime/pyscript/core.js")
    wait_until(page, lambda: all(p in finished for p in first), f"{first} arrive", seconds=120)
    assert held and "/static/pyscript-hooks.js" not in finished
    if before_python is None:
        for route in held:
            route.continue_()
    else:
        with page.expect_request("**/whist.tgz", timeout=120_000):
            for route in held:
                route.continue_()
        before_python(page)
        for route in held_python:
            route.continue_()
    page.wait_ready()
    assert finished.index("/static/pyscript-hooks.js") > max(finished.index(p) for p in first)
    assert page.all_problems() == []
