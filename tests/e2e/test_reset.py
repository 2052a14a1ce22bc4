"""The shared pages' reset (whist/web/testing.py) gives the table a first visit gives.

The end-to-end tests open most tables by resetting a booted page in place rather than loading it
again; that is only sound if what they then see is what a visit shows. Here a page is put in a
busy state (a game under way, a dialog open, a notice up, the guide running) and reset to an
address; a page of its own loads the same address; the two documents must be the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.e2e.test_csp import visit_with_the_hooks_last
from tests.e2e.test_play import (
    play_lowest,
    the_loader_is_gone_once_ready,
    the_loader_is_on_show_while_python_waits,
    wait_your_move,
)

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage, PagePool, SharedPageFactory

#: The page as a reader sees it: the body's attributes and its elements' markup, scripts left out.
DOCUMENT = """() => {
  const body = document.body;
  // (the workers' marks aside: a reset page keeps the workers an earlier table booted, on purpose)
  const marks = ['data-thinker', 'data-analyst', 'data-workers'];
  const attributes = [...body.attributes].filter(a => !marks.includes(a.name)).map(a => `${a.name}=${a.value}`).sort();
  const markup = [...body.children].filter(e => e.tagName !== 'SCRIPT').map(e => e.outerHTML).join('\\n');
  return {attributes, markup, storage: Object.keys(localStorage).sort(), title: document.title};
}"""

ADDRESS = "?pace=instant#deal=5&dealer=W"  # you lead: the table waits for you, nothing moves


def busy(page: GamePage) -> None:
    """A game under way with a notice up and a dialog open, over the guided first hand."""
    page.open("", storage={"whist:settings": '{"v": 1, "speed": "instant"}'})  # a first visit: the guide
    page.wait_for_selector("#guide:not([hidden])")
    page.open("?pace=instant&seed=77&target=%00", keep=True)  # a notice: the address's bad option
    page.wait_for_selector("#notice:not([hidden])")
    wait_your_move(page)
    play_lowest(page)
    wait_your_move(page)
    page.tool("settings-btn")
    page.wait_for_selector("#settings[open]")


def settled(page: GamePage) -> dict[str, object]:
    wait_your_move(page)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    document: dict[str, object] = page.evaluate(DOCUMENT)
    return document


def test_a_reset_page_is_the_page_a_visit_gives(game_page: GamePage, fresh_page: GamePage) -> None:
    game_page.open(ADDRESS)
    settled(game_page)
    before = listeners(game_page)
    busy(game_page)
    game_page.open(ADDRESS)
    # The visit, with static/pyscript-hooks.js arriving last (test_csp's check of the policy,
    # on this first visit rather than one of its own): the page starts with no violation. And
    # until Python starts, the loader is on show and the table out of reach (test_play's check
    # of the loading screen, on this first visit too).
    visit_with_the_hooks_last(fresh_page, ADDRESS, before_python=the_loader_is_on_show_while_python_waits)
    the_loader_is_gone_once_ready(fresh_page)
    same(settled(game_page), settled(fresh_page))
    # No handler of the closed table is left on the document or the window (the table's own
    # elements go with the body's old children), and its dialogs and tips are gone.
    assert listeners(game_page) == before
    assert without_workers(before) == without_workers(listeners(fresh_page))
    assert game_page.locator("dialog[open]").count() == 0
    assert game_page.is_hidden("#guide") and game_page.is_hidden("#notice")
    assert game_page.locator("#hand button.card").count() == 13
    # And it plays on as a visit does, by key (a handler of the closed table, on the document, would
    # answer too): the same card, the computers' answer, the same table and the same words.
    for page in (game_page, fresh_page):
        page.focus('#hand button.card[aria-disabled="false"]')
        page.keyboard.press("Enter")
    same(settled(game_page), settled(fresh_page))
    assert len(wait_your_move(game_page)["hand"]) == 12
    assert len(wait_your_move(fresh_page)["hand"]) == 12  # (and the visit with the hooks last plays)
    assert fresh_page.all_problems() == []


def same(reset: dict[str, object], visit: dict[str, object]) -> None:
    assert reset["attributes"] == visit["attributes"]
    assert reset["storage"] == visit["storage"]
    assert reset["title"] == visit["title"]
    if reset["markup"] != visit["markup"]:
        a, b = str(reset["markup"]), str(visit["markup"])
        at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
        raise AssertionError(f"the documents differ at {at}:\nreset: {a[max(0, at - 200):at + 300]}\n"
                             f"visit: {b[max(0, at - 200):at + 300]}")


def listeners(page: GamePage) -> dict[str, list[str]]:
    """The event listeners on the document and the window, by type (Chromium's DevTools protocol)."""
    cdp = page.context.new_cdp_session(page.page)
    found: dict[str, list[str]] = {}
    for target in ("document", "window"):
        handle = cdp.send("Runtime.evaluate", {"expression": target})["result"]["objectId"]
        entries = cdp.send("DOMDebugger.getEventListeners", {"objectId": handle})["listeners"]
        found[target] = sorted(entry["type"] for entry in entries)
    cdp.detach()
    return found


def without_workers(found: dict[str, list[str]]) -> dict[str, list[str]]:
    """``found`` without the window's ``message`` listeners: a shared page keeps the workers an
    earlier test booted (and their listeners), a page of its own has none yet."""
    return {target: [kind for kind in kinds if target != "window" or kind != "message"]
            for target, kinds in found.items()}


MEDIA = """() => ['(prefers-reduced-motion: reduce)', '(prefers-color-scheme: dark)', 'print']
  .filter(q => matchMedia(q).matches)"""


def test_the_next_test_gets_the_media_of_its_context(game_page: GamePage, page_pool: PagePool,
                                                     dev_server: str) -> None:
    """What a test emulates on a shared page (reduced motion, a dark scheme, print) is not left for
    the next test: the pool gives the page back with its context's own media."""
    game_page.open(ADDRESS)
    assert game_page.evaluate(MEDIA) == []
    game_page.emulate_media(media="print", color_scheme="dark", reduced_motion="reduce")
    assert game_page.evaluate(MEDIA) == ["(prefers-reduced-motion: reduce)", "(prefers-color-scheme: dark)", "print"]
    again = page_pool.get(dev_server, {})  # as the next test is handed it
    assert again is game_page
    assert again.evaluate(MEDIA) == []


def test_the_next_test_gets_a_phone_page_at_its_initial_zoom(shared_page: SharedPageFactory) -> None:
    """A phone's page keeps the zoom an earlier test left it at: a page wider than its screen (at
    768x1024 the table was 823 px wide before issue 38), made 390x844, was seen zoomed in (1.07 to
    1.12), so that a click on a toolbar button hit its neighbour. The pool gives it back at its
    initial scale: here the page is left zoomed in as that one was (Chromium's DevTools protocol)."""
    phone = {"has_touch": True, "is_mobile": True}
    zoomed = shared_page(viewport={"width": 768, "height": 1024}, **phone)
    zoomed.open(ADDRESS)
    cdp = zoomed.context.new_cdp_session(zoomed.page)
    cdp.send("Emulation.setPageScaleFactor", {"pageScaleFactor": 1.12})
    cdp.detach()
    zoomed.wait_for_function("() => Math.abs(visualViewport.scale - 1.12) < 0.01")
    narrow = shared_page(viewport={"width": 390, "height": 844}, **phone)  # as the next test is handed it
    assert narrow is zoomed
    narrow.open(ADDRESS)
    assert narrow.evaluate("() => visualViewport.scale") == 1


def test_a_parked_page_does_nothing_until_it_is_opened_again(game_page: GamePage) -> None:
    """Between its tests a shared page is parked (``whistPark``): its table is closed, so the
    computers, who were to play, do not, and the next reset plays on as ever."""
    game_page.open("?pace=slow#deal=5&dealer=S")  # West leads: a computer card every second
    game_page.wait_for_selector("#trick [data-card]")  # the computers are playing
    assert game_page.park()
    cards = game_page.locator("#trick [data-card]").count()
    game_page.wait_for_timeout(2500)  # (a check that nothing happens: two cards' time at this pace)
    assert game_page.locator("#trick [data-card]").count() == cards
    game_page.open(ADDRESS)
    assert len(wait_your_move(game_page)["hand"]) == 13
