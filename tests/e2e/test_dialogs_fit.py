"""Every dialog fits every screen from 360x640 up (issue 16), checked by geometry in Chromium.

On one page of each kind of screen (the phones and the landscape phone with touch; the
others), set to each size of that kind in turn, each dialog is opened as a player opens it
(or, where it takes a new game to reach, reached once and the page set to each size with it
shown), and then: the dialog's box
lies inside the viewport, and each of its buttons and controls can be reached: scrolled
into view inside the dialog if the dialog scrolls, it lies inside the viewport and
``document.elementFromPoint`` at its centre is the control itself (or a part of it), not
something laid over it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.e2e.conftest import press_bid, shot
from tests.e2e.test_play import wait_your_move
from tests.e2e.test_review import ANALYSED, finish_hand

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from tests.e2e.conftest import GamePage

#: name -> (width, height, touch)
SIZES: dict[str, tuple[int, int, bool]] = {
    "360x640": (360, 640, True), "390x844": (390, 844, True), "844x390": (844, 390, True),
    "768x1024": (768, 1024, False), "1366x768": (1366, 768, False),
}

#: The box of ``selector`` and, for each control in it that is shown, why it cannot be reached
#: (an empty list when every one can).
REACH = """(selector) => {
  const box = document.querySelector(selector);
  const r = box.getBoundingClientRect();
  const out = [];
  let seen = 0;
  if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
    out.push(`${selector} box ${[r.left, r.top, r.right, r.bottom].map(Math.round)} is outside the viewport`);
  const controls = box.querySelectorAll(
    'button, select, input:not([type=file]), a[href], [role=tab], table.auction-table, .rv-play');
  for (const el of controls) {
    if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;  // not shown
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const c = el.getBoundingClientRect();
    if (!c.width || !c.height) continue;
    seen += 1;
    const name = el.id || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 20) || el.tagName;
    const x = c.left + c.width / 2, y = c.top + c.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) { out.push(`${name}: centre off screen`); continue; }
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit) || (el.labels && [...el.labels].some(l => l.contains(hit)))))
      out.push(`${name}: covered by ${hit ? hit.tagName + '.' + hit.className : 'nothing'}`);
  }
  return seen ? out : [`${selector}: no control shown`];
}"""


#: Your call, or the auction is over.
CALL_OR_PLAY = "() => !document.querySelector('#bid-box').hidden || document.body.dataset.phase !== 'auction'"


def open_sized(browser: Browser, dev_server: str, request: pytest.FixtureRequest, size: str) -> GamePage:
    """A watched page in a new context of ``size`` (one of :data:`SIZES`)."""
    width, height, touch = SIZES[size]
    page: GamePage = request.getfixturevalue("shared_page")(
        dev_server, viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    return page


def unreachable(page: GamePage, selector: str) -> list[str]:
    return list(page.evaluate(REACH, selector))


def check(page: GamePage, selector: str, size: str = "") -> None:
    page.wait_for_selector(f"{selector}[open]")
    page.wait_for_timeout(0)
    page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
    assert unreachable(page, selector) == [], size


def press_button(page: GamePage, selector: str) -> None:
    """Click a toolbar button, as a player reaches it on this screen (under More where it is listed)."""
    page.tool(selector)


def close(page: GamePage, selector: str) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{selector}:not([open])", state="attached")


def kind_sizes(touch: bool) -> list[str]:
    """The sizes of :data:`SIZES` of one kind of screen (touch or not), which share a page."""
    return [name for name, (_, _, t) in SIZES.items() if t == touch]


def in_turn(page: GamePage, sizes: list[str]) -> list[str]:
    """``sizes``, the page's own size first where it is one of them (a resize less)."""
    now = page.viewport_size
    return sorted(sizes, key=lambda size: (now or {}).get("width") != SIZES[size][0] or
                  (now or {}).get("height") != SIZES[size][1])


def each_size(page: GamePage, sizes: list[str]) -> Iterator[str]:
    """Set the page to each of ``sizes`` in turn (the page of their kind of screen; its own size
    first), and yield it."""
    for size in in_turn(page, sizes):
        resize(page, size)
        yield size


def resize(page: GamePage, size: str) -> None:
    width, height, _ = SIZES[size]
    if page.viewport_size != {"width": width, "height": height}:
        page.set_viewport_size({"width": width, "height": height})


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_the_table_dialogs_fit(request: pytest.FixtureRequest, browser: Browser, dev_server: str,
                               touch: bool) -> None:
    """Each dialog of the table at each size of a kind of screen, on one page of that kind: each
    dialog a player opens is opened at each size in turn; a state that takes a new game to reach
    (the notice, the hand-over screen, a challenge, a live table) is reached once and the page
    set to each size with it shown."""
    sizes = kind_sizes(touch)
    page = open_sized(browser, dev_server, request, sizes[0])
    page.open("?pace=instant#deal=5")
    wait_your_move(page)
    # The notice of saved data that could not be read (told once, after a reload).
    page.evaluate("() => localStorage.setItem('whist:settings', '{\"v\": 1, \"sound\": fal')")
    page.restart()
    page.wait_for_selector("#notice:not([hidden])")
    for size in each_size(page, sizes):
        assert unreachable(page, "#notice") == [], size
    page.click("#notice-close")
    wait_your_move(page)
    for size in each_size(page, sizes):
        for button, dialog in (("#new-game", "#confirm-new"), ("#settings-btn", "#settings"),
                               ("#rules-btn", "#help"), ("#stats-btn", "#stats"), ("#sheet-btn", "#score-sheet")):
            press_button(page, button)
            check(page, dialog, size)
            if dialog == "#help":  # the other tab too
                page.click("#tab-controls")
                assert unreachable(page, dialog) == [], size
            if dialog == "#stats":  # the reset question and its buttons
                page.click("#stats-reset")
                assert unreachable(page, dialog) == [], size
                page.click("#stats-reset-no")
            close(page, dialog)
        # How to play from the New game dialog.
        press_button(page, "#new-game")
        page.wait_for_selector("#confirm-new[open]")
        page.locator("#confirm-new .link-btn").first.click()
        assert unreachable(page, "#confirm-new") == [], size
        close(page, "#confirm-new")
    # The last trick, once a trick is played.
    from tests.e2e.test_play import click_card, legal_from_page, read

    for _ in range(5):
        click_card(page, min(legal_from_page(read(page))))
        wait_your_move(page)
    for size in each_size(page, sizes):
        press_button(page, "#last-btn")
        check(page, "#last-trick", size)
        close(page, "#last-trick")
    # The question before a revoke (club rules; deal 41: you may revoke at your first turn).
    page.open("?pace=instant&revokes=club&seed=41")
    wait_your_move(page)
    for size in each_size(page, sizes):
        page.locator('#hand button.card[data-revoke="1"]').first.dispatch_event("click")
        check(page, "#revoke-ask", size)
        close(page, "#revoke-ask")
    # Pass-and-play: the Players of the New game dialog, the hand-over screen (Escape does not lift
    # it) and a claim put to the other person (its words set here: its layout is what is checked).
    for size in (order := in_turn(page, sizes)):
        resize(page, size)
        press_button(page, "#new-game")
        page.wait_for_selector("#confirm-new[open]")
        page.select_option("#who-classic-N", "person")
        assert unreachable(page, "#confirm-new") == [], size
        if size != order[-1]:
            close(page, "#confirm-new")
    page.fill("#name-classic-S", "Anna")
    page.fill("#name-classic-N", "Benedict Cumberbatch")
    page.click("#confirm-ok")
    for size in each_size(page, sizes):
        check(page, "#handover", size)
    page.keyboard.press("Escape")
    assert page.locator("#handover[open]").count() == 1
    first = page.inner_text("#handover-title")
    page.click("#handover-take")  # (the next person's screen may follow at once: the instant pace)
    page.wait_for_function("(t) => !document.querySelector('#handover[open]')"
                           " || document.getElementById('handover-title').textContent !== t", arg=first)
    for size in each_size(page, sizes):
        page.evaluate("""() => { document.getElementById('claim-ask-text').textContent =
            'Benedict Cumberbatch claims the rest: \u2660A K Q J are all masters, and \u2665A K.';
            document.getElementById('claim-ask').showModal(); }""")
        check(page, "#claim-ask", size)
        page.evaluate("() => document.getElementById('claim-ask').close()")
    # A challenge by link: the invitation (a name asked for), and both plays compared.
    invite, results = challenge_links()
    page.open(f"?pace=instant#challenge={invite}")
    for size in each_size(page, sizes):
        check(page, "#challenge", size)
    page.click("#ch-later")
    page.open(f"?pace=instant#challenge={results}")
    for size in each_size(page, sizes):
        check(page, "#challenge", size)
    close(page, "#challenge")
    # A live table between devices: the host's invitation (its QR code, the answer box), then the
    # same page opens that invitation as a guest would: its answer.
    press_button(page, "#new-game")
    page.wait_for_selector("#confirm-new[open]")
    page.select_option("#who-classic-N", "person")
    page.fill("#name-classic-S", "Anna")
    page.fill("#name-classic-N", "Benedict Cumberbatch")
    page.select_option("#where-classic", "live")
    page.click("#confirm-ok")
    page.wait_for_selector("#live[open] .lv-guests")
    page.click("#live button[data-act=invite]")
    page.wait_for_selector("#lv-qr svg")
    for size in each_size(page, sizes):
        check(page, "#live", size)
        shot(page, f"live-invitation-{size}")
    link = page.input_value("#lv-link")
    page.open("?pace=instant#" + link.split("#", 1)[1])
    page.wait_for_selector("#live[open] #lv-qr svg")
    for size in each_size(page, sizes):
        check(page, "#live", size)
        shot(page, f"live-answer-{size}")
    close(page, "#live")
    # The auction recalled (Contract Whist, the auction over), once test_the_auction_recall_fits.
    page.open("?game=contract&doubling=true&pace=instant#deal=2")
    page.wait_for_selector("#bid-box:not([hidden])")
    press_bid(page, "9H")
    for _ in range(6):
        page.wait_for_function(CALL_OR_PLAY)
        if page.get_attribute("body", "data-phase") != "auction":
            break
        page.click('#bid-box .bid[data-call="pass"]')
    for size in each_size(page, sizes):
        page.click("#contract-tool")
        check(page, "#auction-recall", size)
        close(page, "#auction-recall")


@functools.cache
def challenge_links() -> tuple[str, str]:
    """A 4-deal Classic challenge played by the computers for Anna, and Ben's reply (long names)."""
    from whist.table.challenge import Challenge, encode, replay_hand, seated
    from whist.table.challenge_run import ChallengeRun

    base = ChallengeRun.dealt("classic", {}, ("normal", "normal"), [11, 12, 13, 14]).challenge  # (Hard: 12 s of CPU)
    anna = base.with_play("Anastasia Oblonskaya", [replay_hand(base, i, seated(base, i)) for i in range(4)])
    ben = anna.with_play("Benedict Cumberbatch", [replay_hand(base, i, seated(base, i, "easy")) for i in range(4)])
    assert isinstance(ben, Challenge)
    return encode(anna), encode(ben)


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_the_end_of_hand_dialogs_fit(request: pytest.FixtureRequest, browser: Browser, dev_server: str,
                                     touch: bool) -> None:
    """The summary and the fully marked review at each size, on one finished hand per kind of
    screen (the review's marks, kept for the same hand, are not worked out again per size)."""
    sizes = kind_sizes(touch)
    page = open_sized(browser, dev_server, request, sizes[0])
    page.open("?pace=instant#deal=8")  # a deal the worker marks in a second (deal 5's take 10 s)
    finish_hand(page)
    for size in sizes:
        width, height, _ = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        assert unreachable_panel(page) == [], size
        page.click("#review-open")
        page.wait_for_selector("#review[open]")
        page.wait_for_function(ANALYSED, timeout=600_000)  # every trick, in the worker
        page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
        assert unreachable(page, "#review") == [], size
        close(page, "#review")
        page.click("#summary-challenge")  # the hand sent as a challenge: its link and QR code
        page.fill("#ch-name", "Anna")
        page.wait_for_selector("#ch-qr svg")
        check(page, "#challenge")
        close(page, "#challenge")


def unreachable_panel(page: GamePage) -> list[str]:
    """The hand's summary (a panel on the felt, not a dialog): inside the viewport, its buttons free."""
    page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
    return unreachable(page, "#summary")
