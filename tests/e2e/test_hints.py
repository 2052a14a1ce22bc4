"""A hint says why, in the real page: ``#hint-reason`` names the hinted card (the engine's own
reason), is said in the live region, and shows beside the card without covering the hand,
on a phone and on a desktop; a bid's hint says why too."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.e2e.conftest import shot
from tests.e2e.test_contract import engine, open_contract
from tests.e2e.test_controls import INSTANT, replay
from tests.e2e.test_play import click_card, wait_your_move
from whist.engine.cards import parse_card
from whist.table.words import glyph

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

#: The reason's box, the hinted card's and every card's of the hand.
GEOMETRY = """() => {
  const box = r => { const b = r.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const why = document.querySelector('#hint-reason');
  return {why: why.hidden ? null : box(why), hint: box(document.querySelector('#hand button.card.hint')),
          cards: [...document.querySelectorAll('#hand button.card')].map(box), w: innerWidth, h: innerHeight};
}"""

#: The reason's box, then those it must not cover.
BOXES = """(more = ', #status') => [document.querySelector('#hint-reason'),
                  ...document.querySelectorAll('#bid-box button, #hand button.card, .toolbar' + more)]
  .map(e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })"""

SIZES: list[tuple[ViewportSize, bool]] = [
    ({"width": 390, "height": 844}, True), ({"width": 360, "height": 640}, True),
    ({"width": 1366, "height": 768}, False)]


def watched(browser: Browser, dev_server: str, request: pytest.FixtureRequest, size: ViewportSize,
            touch: bool) -> GamePage:
    """The shared page of that size: a phone's (touch, ``is_mobile``, device scale 2), else a
    desktop's (the default page's context)."""
    page: GamePage = request.getfixturevalue("shared_page")(
        dev_server, viewport=size, has_touch=touch, is_mobile=touch, device_scale_factor=2 if touch else 1)
    return page


@pytest.mark.parametrize(("size", "touch"), SIZES, ids=["390x844", "360x640", "1366x768"])
def test_a_hint_says_why_beside_the_card(browser: Browser, dev_server: str, request: pytest.FixtureRequest,
                                         size: ViewportSize, touch: bool) -> None:
    page = watched(browser, dev_server, request, size, touch)
    seed = 4242
    page.open(INSTANT.format(seed=seed))
    played: list[str] = []
    for turn in range(3):
        wait_your_move(page)
        hint = replay(seed, played).advise()
        assert hint is not None
        if touch:
            page.locator("#hint-btn").tap()
        else:
            page.keyboard.press("i")
        page.wait_for_selector("#hint-reason:not([hidden])")
        text = page.text_content("#hint-reason") or ""
        assert text == hint.reason and glyph(parse_card(hint.action)) in text
        assert page.get_attribute("#hand button.card.hint", "data-card") == hint.action
        assert hint.reason in page.inner_text("#announce")
        g = page.evaluate(GEOMETRY)
        if turn == 0:
            shot(page, f"hint-{size['width']}x{size['height']}")
        left, top, right, bottom = g["why"]
        assert left >= 0 and right <= g["w"] and top >= 0 and bottom <= g["h"]
        for c in page.evaluate(BOXES)[1:]:  # over no card of the hand, the toolbar or the status line
            assert bottom <= c[1] or top >= c[3] or right <= c[0] or left >= c[2], (g["why"], c)
        h = g["hint"]
        assert left <= (h[0] + h[2]) / 2 <= right or min(abs(left - h[2]), abs(right - h[0])) < 40  # beside it
        edge = min(c[1] for c in g["cards"]), max(c[3] for c in g["cards"])
        assert 0 <= edge[0] - bottom < 60 or 0 <= top - edge[1] < 60  # just above (or below) the hand
        click_card(page, hint.action)
        played.append(hint.action)
        page.wait_for_selector("#hint-reason[hidden]", state="attached")


@pytest.mark.parametrize(("size", "touch"), SIZES, ids=["390x844", "360x640", "1366x768"])
def test_a_bid_hint_says_why(browser: Browser, dev_server: str, request: pytest.FixtureRequest,
                             size: ViewportSize, touch: bool) -> None:
    game_page = watched(browser, dev_server, request, size, touch)
    open_contract(game_page)
    hint = engine().advise()
    assert hint is not None
    game_page.keyboard.press("i")
    game_page.wait_for_selector("#hint-reason:not([hidden])")
    assert game_page.text_content("#hint-reason") == hint.reason
    g = game_page.evaluate(BOXES, "")  # (it may cover the status line: it ends with the same words)
    left, top, right, bottom = g.pop(0)
    assert hint.reason.endswith(game_page.text_content("#status").removeprefix("Hint: ") + ".")
    for c in g:  # over no call, card of the hand or the toolbar
        assert bottom <= c[1] or top >= c[3] or right <= c[0] or left >= c[2], ((left, top, right, bottom), c)
    assert hint.reason in game_page.inner_text("#announce")
    shot(game_page, f"bid-hint-{size['width']}x{size['height']}")
