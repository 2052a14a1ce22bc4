"""The guided first hand in the real page: a plain first visit (nothing stored, no address) is
dealt the guided deal with its tips, each of which leaves in sight what it talks about at every
size of screen; Skip and Escape end it, a reload never offers it again, the help's "Guided first
hand" starts it again, and a returning player never sees it.

The page is opened at its plain address (an address with ``?seed=`` or ``#deal=``, as the other
tests use, never starts the guide): the speed is set to Instant by a stored settings record instead.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.conftest import GamePage, SharedPageFactory, settings_storage, shot
from tests.e2e.test_a11y import violations
from tests.e2e.test_play import click_card
from whist.table.guide import SEED

INSTANT = settings_storage(speed="instant")
SHOWN = '#guide:not([hidden])'
LESSON = "() => { const g = document.querySelector('#guide'); return g.hidden ? null : g.dataset.lesson; }"
#: The page waits for you: a card to play, a tip's button to press, or the hand is over.
WAITS = """() => document.body.dataset.phase !== 'play'
    || !!document.querySelector('#hand button.card[aria-disabled="false"]')
    || (!document.querySelector('#guide').hidden && !document.querySelector('#guide-next').hidden)"""


def fresh(page: GamePage, stored: dict[str, str] | None = None) -> GamePage:
    """The page at its plain address with nothing stored but ``stored`` and the Instant speed."""
    page.open(storage={**INSTANT, **(stored or {})})
    return page


def lesson(page: GamePage, key: str) -> None:
    page.wait_for_selector(f'#guide[data-lesson="{key}"]:not([hidden])')


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def clear_of(page: GamePage, *selectors: str) -> None:
    """The tip covers none of these elements (your hand, the element it is about)."""
    tip = page.locator("#guide").bounding_box()
    assert tip is not None
    for selector in selectors:
        box = page.locator(selector).bounding_box()
        assert box is not None and not overlaps(tip, box), (selector, tip, box)


#: The sizes the tip is checked at, at each lesson: phones upright and sideways, a tablet, desktops.
SIZES = ((360, 640), (390, 844), (844, 390), (768, 1024), (1366, 768), (1920, 1080))
#: What the tip covers that it must not: the element it is about (with its ring), the trick's
#: cards, your playable cards, the hint's reason; or the tip is not wholly in the viewport.
COVERED = """() => {
  const tip = document.querySelector('#guide').getBoundingClientRect();
  const hit = (r) => r.width > 0 && tip.left < r.right && r.left < tip.right
    && tip.top < r.bottom && r.top < tip.bottom;
  const out = [], about = document.querySelector('[data-guide]');
  if (!about) out.push('no element ringed');
  else if (hit(about.getBoundingClientRect())) out.push('#' + about.id);
  for (const sel of ['#trick .tcard', '#hand button.card[aria-disabled="false"]', '#hint-reason:not([hidden])'])
    for (const e of document.querySelectorAll(sel))
      if (hit(e.getBoundingClientRect())) out.push(`${sel} ${e.dataset.card || ''}`);
  const view = document.documentElement;
  if (tip.left < 0 || tip.top < 0 || tip.right > view.clientWidth || tip.bottom > view.clientHeight)
    out.push('off-screen');
  return out;
}"""
FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def clear_at_every_size(page: GamePage, key: str, hint: bool) -> None:
    """At each of ``SIZES`` the tip covers nothing it must leave in sight (``COVERED``), with the
    hint's reason on show if ``hint``; then the page is back at its own size."""
    own = page.viewport_size
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(FRAMES)
        if hint:
            page.keyboard.press("i")
            page.wait_for_selector("#hint-reason:not([hidden])")
            page.evaluate(FRAMES)
        covered = page.evaluate(COVERED)
        if covered:
            shot(page, f"guide-{key}-{width}x{height}")  # to look at
        assert covered == [], (key, width, height, covered)
    assert own is not None
    page.set_viewport_size(own)
    page.evaluate(FRAMES)


def guided(page: GamePage) -> str:
    """The id of the element the tip is about (ringed once it shows)."""
    page.wait_for_selector("[data-guide]")
    return str(page.evaluate("() => document.querySelector('[data-guide]')?.id || ''"))


def test_a_first_visit_is_dealt_the_guided_hand_and_its_tips_come_as_it_is_played(game_page: GamePage) -> None:
    page = fresh(game_page)
    lesson(page, "partner")
    assert "North" in page.inner_text("#guide-text") and guided(page) == "seat-N"
    assert page.inner_text("#guide-do") == "Click Next."
    clear_of(page, "#hand", "#seat-N")
    clear_at_every_size(page, "partner", hint=False)
    assert page.evaluate("() => JSON.parse(localStorage.getItem('whist:settings')).guided") is True
    page.click("#guide-next")
    lesson(page, "trump")
    assert "two of clubs" in page.inner_text("#guide-text") and guided(page) == "turnup"
    clear_of(page, "#hand", "#turnup")
    clear_at_every_size(page, "trump", hint=False)
    page.click("#guide-next")
    lesson(page, "follow")
    assert guided(page) == "hand" and "press Enter" in page.inner_text("#guide-do")
    clear_of(page, "#hand")
    # A card of another suit, with spades in your hand: refused, and the follow-suit lesson stays.
    hand = page.evaluate("() => [...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card)")
    click_card(page, next(c for c in hand if c[1] != "S"), force=True)
    assert "must follow suit" in page.inner_text("#status")
    lesson(page, "follow")
    # A reload mid-guide takes it up where it was (this tab kept it), not from its first tip.
    page.restart()
    lesson(page, "follow")
    assert page.evaluate("() => JSON.parse(sessionStorage.getItem('whist:guide')).done") == ["partner", "trump"]
    # What the tab keeps is read as untrusted: deep JSON there is dropped (the guide does not come back).
    page.evaluate("() => sessionStorage.setItem('whist:guide', '['.repeat(100000) + ']'.repeat(100000))")
    page.restart()
    page.wait_for_function(WAITS)
    assert page.locator(SHOWN).count() == 0 and page.evaluate("() => sessionStorage.getItem('whist:guide')") is None
    page.evaluate("() => sessionStorage.setItem('whist:guide', JSON.stringify({done: ['partner', 'trump'], "
                  "shown: 'follow'}))")
    page.restart()
    lesson(page, "follow")
    clear_at_every_size(page, "follow", hint=True)
    seen = ["partner", "trump", "follow"]
    for _ in range(200):
        page.wait_for_function(WAITS)
        key = page.evaluate(LESSON)
        if key and key != seen[-1]:
            seen.append(key)
            clear_of(page, "#hand", f"#{guided(page)}")
            assert page.inner_text("#guide-do")
            clear_at_every_size(page, key, hint=key in ("follow", "void"))
        if key == "odd":
            break
        if key and page.locator("#guide-next").is_visible():
            page.click("#guide-next")
        elif page.evaluate("() => document.body.dataset.phase") == "play":
            card = page.get_attribute('#hand button.card[aria-disabled="false"]', "data-card")
            click_card(page, str(card))
    assert seen[:4] == ["partner", "trump", "follow", "won"], seen
    assert {"book", "odd"} <= set(seen), seen
    assert "odd trick" in page.inner_text("#guide-text") or "nobody scores" in page.inner_text("#guide-text")
    closing = "That is the whole loop: play on, and press ? for the rules any time."
    assert page.inner_text("#guide-text").endswith(closing)  # the last words shown, not only said
    assert page.inner_text("#guide-next") == "Done"
    assert f"Deal {SEED}" in page.inner_text("#summary-sub")
    page.click("#guide-next")
    page.wait_for_selector("#guide", state="hidden")
    assert page.evaluate("() => sessionStorage.getItem('whist:guide')") is None  # done: nothing to take up
    page.restart()  # (the guide is started, or not, as the table opens: nothing to wait for)
    assert page.locator(SHOWN).count() == 0, "offered once: a reload does not offer it again"


def test_skip_ends_it_a_reload_never_offers_it_again_and_the_help_starts_it_again(
        shared_page: SharedPageFactory) -> None:
    # (the phone page test_controls boots in this half of the end-to-end tests: no boot of its own)
    page = shared_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
    fresh(page)
    lesson(page, "partner")
    assert page.inner_text("#guide-do") == "Tap Next."
    clear_of(page, "#hand", "#seat-N")
    assert not violations(page, "the guide's tip")  # every impact
    page.click("#guide-skip")
    page.wait_for_selector("#guide", state="hidden")
    assert page.locator("[data-guide]").count() == 0
    page.restart()
    assert page.locator(SHOWN).count() == 0
    page.tool("rules-btn")
    page.click("#guide-again")
    # The skipped hand goes on (North has led): one press says the game would be dropped, and keeps it.
    assert "will be abandoned" in page.inner_text("#guide-abandon")
    assert page.locator("#help").evaluate("d => d.open") is True and page.locator(SHOWN).count() == 0
    page.click("#guide-again")
    lesson(page, "partner")
    assert page.locator("#help").evaluate("d => d.open") is False
    page.click("#guide-next")
    lesson(page, "trump")
    clear_of(page, "#hand", "#turnup")
    page.keyboard.press("Escape")
    page.wait_for_selector("#guide", state="hidden")


@pytest.mark.parametrize("address", ["", "?seed=5&pace=instant"])
def test_a_returning_player_or_a_game_address_never_sees_it(game_page: GamePage, address: str) -> None:
    stats = {} if address else {"whist:stats": json.dumps({"v": 1, "recorded": [], "games": {}, "overall": {
        "played": 1, "won": 1, "streak": 1, "best_streak": 1, "hands_played": 3, "hands_won": 2, "best_margin": 2}})}
    game_page.open(address, storage={**INSTANT, **stats})
    assert game_page.locator(SHOWN).count() == 0  # (started, or not, as the table opens)
    stored: Any = game_page.evaluate("() => localStorage.getItem('whist:settings')")
    assert '"guided"' not in str(stored)
