"""Playing Classic Whist in the real page, in Chromium.

The tests read the table from the page only (the DOM contract of DESIGN.md):
the legal cards are worked out here from the hand and the led suit in #trick,
then compared with the cards the page dims. Every test also fails on any
console error, Python traceback or request to another origin (the
``game_page`` fixture of tests/e2e/conftest.py).
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

FAST = "?pace=instant&seed={seed}"
RANK_WORDS = {"2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight",
              "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

#: Wait until the page waits for you: a card you may play, or the end of a hand.
YOUR_MOVE = """() => document.body.dataset.phase !== 'play'
    || !!document.querySelector('#hand button.card[aria-disabled="false"]')"""

READ_TABLE = """() => ({
  phase: document.body.dataset.phase,
  hand: [...document.querySelectorAll('#hand button.card')].map(b => ({
    card: b.dataset.card, name: b.getAttribute('aria-label'),
    disabled: b.getAttribute('aria-disabled')})),
  trick: [...document.querySelectorAll('#trick [data-card]')].map(e => [e.dataset.seat, e.dataset.card]),
  us: document.querySelector('#score-us').textContent,
  them: document.querySelector('#score-them').textContent,
})"""


def read(page: GamePage) -> dict[str, Any]:
    return page.evaluate(READ_TABLE)


def legal_from_page(table: dict[str, Any]) -> set[str]:
    """The cards you may play, from what the page shows: follow the led suit if you can."""
    hand = [c["card"] for c in table["hand"]]
    if not table["trick"]:
        return set(hand)
    led = table["trick"][0][1][1]
    follow = {c for c in hand if c[1] == led}
    return follow or set(hand)


def click_card(page: GamePage, card: str, force: bool = False) -> None:
    # Near the top-left corner: the part of an overlapped card that is always on show.
    # (Playwright treats aria-disabled="true" as disabled: clicking a dimmed card needs force.)
    page.click(f'#hand button.card[data-card="{card}"]', position={"x": 8, "y": 30}, force=force)


def wait_your_move(page: GamePage, timeout: float = 30000) -> dict[str, Any]:
    """Wait until the page waits for you, and read the table."""
    page.wait_for_function(YOUR_MOVE, timeout=timeout)
    return read(page)


def play_lowest(page: GamePage) -> str:
    """Click your lowest legal card (by its name); return it."""
    card = sorted(legal_from_page(read(page)))[0]
    click_card(page, card)
    return card


def test_dom_contract(game_page: GamePage) -> None:
    game_page.open(FAST.format(seed=12345))
    game_page.wait_for_function(YOUR_MOVE)
    table = read(game_page)
    assert table["phase"] == "play"
    cards = table["hand"]
    assert 12 <= len(cards) <= 13
    for c in cards:
        assert re.fullmatch(r"[2-9TJQKA][SHDC]", c["card"])
        trump_note = ", trump" if c["card"][1] == game_page.get_attribute("[data-trump]", "data-trump") else ""
        named = f"{RANK_WORDS[c['card'][0]]} of {SUIT_WORDS[c['card'][1]]}{trump_note}"
        assert c["disabled"] in ("true", "false")
        # A card you may not play says why, in a few words (issue 41).
        led = f", must follow {SUIT_WORDS[table['trick'][0][1][1]]}" if table["trick"] else ""
        assert c["name"] == named + (led if c["disabled"] == "true" else ""), c
    # Only the cards of your hand are button.card.
    assert game_page.locator("button.card").count() == len(cards)
    assert game_page.locator("#hand button.card").count() == len(cards)
    # Trump, the turn-up, scores, the trick, the live region.
    trump = game_page.get_attribute("[data-trump]", "data-trump")
    assert trump in ("S", "H", "D", "C", "NT")
    turn_up = game_page.get_attribute("#turnup", "data-turn-up")
    assert turn_up and turn_up[1] == trump
    assert game_page.text_content("#score-us") == "0"
    assert game_page.text_content("#score-them") == "0"
    assert game_page.locator("#trick").count() == 1
    for seat, card in table["trick"]:
        assert seat in "NEW" and re.fullmatch(r"[2-9TJQKA][SHDC]", card)
    live = game_page.locator('[aria-live="polite"]')
    assert live.count() == 1
    assert "trumps" in live.inner_text()
    # The other seats: names and card counts; exactly one dealer.
    for seat, name in (("N", "North"), ("E", "East"), ("W", "West")):
        assert name in game_page.text_content(f"#seat-{seat} .seat-name")
        played = sum(1 for s, _ in table["trick"] if s == seat)
        assert game_page.text_content(f"#seat-{seat} .count") == str(13 - played)
        assert game_page.locator(f"#seat-{seat} .back").count() == 13 - played
    assert game_page.locator(".dealer-chip:not([hidden])").count() == 1
    assert game_page.get_attribute("body", "data-ready") == "1"
    assert not game_page.is_visible("#loader")


def test_new_game_asks_to_confirm_once_under_way(game_page: GamePage) -> None:
    game_page.open(FAST.format(seed=99))
    game_page.wait_for_function(YOUR_MOVE)
    card = sorted(legal_from_page(read(game_page)))[0]
    click_card(game_page, card)
    game_page.wait_for_function(YOUR_MOVE)
    before = read(game_page)
    game_page.click("#new-game")
    assert game_page.is_visible("#confirm-new")
    game_page.click("#confirm-cancel")
    assert game_page.is_hidden("#confirm-new")
    assert read(game_page) == before
    game_page.click("#new-game")
    game_page.click("#confirm-ok")
    game_page.wait_for_function("() => document.querySelectorAll('#hand button.card').length === 13")
    game_page.wait_for_function(YOUR_MOVE)
    assert game_page.text_content("#score-us") == "0" and game_page.text_content("#score-them") == "0"
    assert "Hand 1." in game_page.inner_text('[aria-live="polite"]')


def the_loader_is_on_show_while_python_waits(page: GamePage) -> None:
    """A first visit, its game's files (whist.tgz) held back until now, so the page cannot start
    however fast or loaded the machine is: the loader is on show, and the table behind it out of
    reach, for as long as Python has not started. ``tests/e2e/test_reset.py``'s first visit checks
    it (its page of its own is the only first visit either needs), then lets whist.tgz come."""
    page.wait_for_selector("#loader", state="visible")
    assert page.is_visible("#load-bar")
    # The table is laid out behind the loader while Python starts (its first frame is then
    # not the whole page's), but out of reach: inert, so no key or click gets to it.
    page.wait_for_selector("#app", state="attached")
    loading = page.evaluate("""() => { const app = document.getElementById('app');
        return {ready: document.body.dataset.ready, inert: app.inert, hidden: app.hidden,
                height: app.getBoundingClientRect().height,
                onTop: document.elementFromPoint(innerWidth / 2, innerHeight / 2).closest('#loader') !== null}; }""")
    assert loading == {"ready": "0", "inert": True, "hidden": False, "height": loading["height"], "onTop": True}
    assert loading["height"] > 0


def the_loader_is_gone_once_ready(page: GamePage) -> None:
    """After :func:`the_loader_is_on_show_while_python_waits`, once the page is ready."""
    page.wait_for_selector("#loader", state="hidden")
    assert page.get_attribute(".load-track", "aria-valuenow") is not None
    assert page.evaluate("() => document.getElementById('app').inert") is False


def test_human_pace_plays_the_computers_slowly(game_page: GamePage) -> None:
    """Without ?pace, each computer card waits about 0.6 s, so a person can follow. Timed by
    the page's own clock as each card lands: a busy machine only makes the gaps longer."""
    game_page.open("?seed=31")
    game_page.wait_for_function(YOUR_MOVE, timeout=30000)
    game_page.evaluate("""() => { window.__landed = [];
        new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
            if (n.dataset && n.dataset.card) window.__landed.push(performance.now()); })
          .observe(document.getElementById('trick'), {childList: true}); }""")
    click_card(game_page, sorted(legal_from_page(read(game_page)))[0])
    game_page.wait_for_function("() => window.__landed.length >= 3", timeout=30000)
    landed = game_page.evaluate("window.__landed")
    gaps = [b - a for a, b in pairwise(landed)]
    assert all(gap >= 500 for gap in gaps[:2]), f"a computer played at once: {gaps}"


def test_phone_portrait_shows_all_13_cards(game_page: GamePage) -> None:
    game_page.set_viewport_size({"width": 390, "height": 844})
    game_page.open(FAST.format(seed=8))
    boxes = game_page.evaluate("""() => [...document.querySelectorAll('#hand button.card')]
        .map(b => { const r = b.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""")
    assert len(boxes) == 13
    for left, top, right, bottom in boxes:
        assert left >= 0 and top >= 0 and right <= 390 and bottom <= 844
    # In tiers that break between suits (two or three), each card shows a strip wide enough to
    # read its corner and tap it (tests/e2e/test_controls.py and test_geometry.py measure what a tap reaches).
    rows = sorted({round(b[1]) for b in boxes})
    assert 2 <= len(rows) <= 3
    for top in rows:
        row = [b for b in boxes if round(b[1]) == top]
        steps = [b[0] - a[0] for a, b in pairwise(row)]
        assert min(steps) >= 44
    assert game_page.evaluate("() => document.documentElement.scrollHeight <= innerHeight")
    assert game_page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
