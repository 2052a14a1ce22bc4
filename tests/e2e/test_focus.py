"""Focus and hover on the table, in Chromium: the keyboard's focus is a ring that leaves the
next card's corner on show, the mouse's hover is told apart from the hint, a toolbar button's
focus is a ring. Styles are read with getComputedStyle (the ``game_page`` fixture also fails
on any console error or Python traceback)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

URL = "?pace=instant&seed={seed}"
YOUR_MOVE = """() => document.body.dataset.phase === 'play'
    && !!document.querySelector('#hand button.card[aria-disabled="false"]')"""
LOOK = """(el) => { const s = getComputedStyle(el), a = getComputedStyle(el, '::after');
  return {outline: s.outlineStyle + ' ' + s.outlineWidth + ' ' + s.outlineColor, shadow: s.boxShadow,
          transform: s.transform, badge: a.content}; }"""


def look(page: GamePage, selector: str) -> dict[str, Any]:
    return page.locator(selector).evaluate(LOOK)


def settle(page: GamePage) -> None:
    """Let the cards' transitions (a fraction of a second) end before styles are read."""
    page.wait_for_function("() => !document.getAnimations().some(a => a.playState === 'running')")


def test_keyboard_focus_is_a_ring_that_leaves_the_next_card_on_show(game_page: GamePage) -> None:
    game_page.set_viewport_size({"width": 1280, "height": 800})
    game_page.open(URL.format(seed=12345))
    game_page.wait_for_function(YOUR_MOVE)
    game_page.keyboard.press("ArrowRight")  # the first arrow lands on the hand
    game_page.wait_for_function("() => document.activeElement.matches('#hand button.card')")
    # the card to the right of the focused one: the next button of the hand (each suit is a group)
    after = "(() => { const bs = [...document.querySelectorAll('#hand button.card')]; " \
        "return bs[bs.indexOf(document.activeElement) + 1]; })()"
    if game_page.evaluate(f"() => !{after}"):
        game_page.keyboard.press("ArrowLeft")
    focused = game_page.evaluate("() => document.activeElement.dataset.card")
    neighbour = game_page.evaluate(f"() => {after}.dataset.card")
    other = game_page.evaluate(
        "() => [...document.querySelectorAll('#hand button.card')].find(b => b !== document.activeElement"
        " && b.getAttribute('aria-disabled') === document.activeElement.getAttribute('aria-disabled')"
        " && !b.classList.contains('hint')).dataset.card")
    settle(game_page)
    ring = look(game_page, f'#hand [data-card="{focused}"]')
    rest = look(game_page, f'#hand [data-card="{other}"]')
    assert game_page.evaluate("() => document.activeElement.matches(':focus-visible')")
    assert ring["outline"] != rest["outline"] and ring["outline"].startswith("solid 3px"), (ring, rest)
    assert ring["shadow"] != rest["shadow"]
    # The neighbour's corner index (where a player reads it and clicks it) is not covered.
    hit = game_page.locator(f'#hand [data-card="{neighbour}"]').evaluate(
        """(el) => { const r = el.getBoundingClientRect();
          return document.elementFromPoint(r.left + 8, r.top + 30).closest('button.card').dataset.card; }""")
    assert hit == neighbour


def test_hover_is_not_the_hint(game_page: GamePage) -> None:
    game_page.set_viewport_size({"width": 1280, "height": 800})
    game_page.open(URL.format(seed=2024))
    game_page.wait_for_function(YOUR_MOVE)
    assert game_page.evaluate("() => matchMedia('(hover: hover)').matches")
    legal = game_page.evaluate(
        """() => [...document.querySelectorAll('#hand button.card[aria-disabled="false"]')].map(b => b.dataset.card)""")
    assert len(legal) >= 3, legal
    game_page.click("#hint-btn")
    game_page.wait_for_selector("#hand button.card.hint")
    game_page.evaluate("() => document.activeElement.blur()")
    hinted = game_page.evaluate("() => document.querySelector('#hand button.card.hint').dataset.card")
    hovered, rest = [c for c in legal if c != hinted][:2]
    box = game_page.locator(f'#hand [data-card="{hovered}"]').bounding_box()
    assert box is not None
    game_page.mouse.move(box["x"] + 8, box["y"] + 30)
    settle(game_page)
    assert game_page.locator(f'#hand [data-card="{hovered}"]').evaluate("el => el.matches(':hover')")
    hint_look = look(game_page, f'#hand [data-card="{hinted}"]')
    hover_look = look(game_page, f'#hand [data-card="{hovered}"]')
    rest_look = look(game_page, f'#hand [data-card="{rest}"]')
    assert hint_look["badge"] == '"Hint"' and hover_look["badge"] == "none"
    assert hint_look["shadow"] != hover_look["shadow"]
    # The hover only lifts the card: no ring or glow of its own (those are the focus's and the hint's).
    assert hover_look["shadow"] == rest_look["shadow"], (hover_look, rest_look)
    assert hover_look["transform"] != rest_look["transform"]


def test_a_toolbar_button_shows_a_focus_ring(game_page: GamePage) -> None:
    game_page.open(URL.format(seed=5))
    game_page.wait_for_function(YOUR_MOVE)
    for _ in range(20):
        game_page.keyboard.press("Tab")
        if game_page.evaluate("() => document.activeElement.matches('.icon-btn')"):
            break
    ring = game_page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle"
                              " + ' ' + getComputedStyle(document.activeElement).outlineWidth")
    assert ring == "solid 3px"


def test_at_each_of_your_turns_the_focus_is_on_a_card_you_may_play(game_page: GamePage) -> None:
    """A hand played by the keyboard alone: the first arrow lands in the hand, then only Enter. At each
    of your turns the focused card is one you may play (a card you could play at your last turn may
    be dimmed now: the focus moves to the nearest card you may play), so Enter always plays."""
    game_page.open(URL.format(seed=2024))
    game_page.wait_for_function(YOUR_MOVE)
    game_page.keyboard.press("ArrowRight")
    for turn in range(13):
        game_page.wait_for_function(f"""() => document.body.dataset.phase !== 'play'
            || (document.body.dataset.yourTurn === '1' && document.querySelectorAll('#hand button.card').length
                === {13 - turn})""")
        if game_page.get_attribute("body", "data-phase") != "play":
            break
        focused = game_page.evaluate("""() => { const a = document.activeElement;
            return a.matches('#hand button.card') ? [a.dataset.card, a.getAttribute('aria-disabled')] : null; }""")
        assert focused is not None and focused[1] == "false", f"turn {turn + 1}: the focus is on {focused}"
        game_page.keyboard.press("Enter")
    game_page.wait_for_function("() => document.body.dataset.phase !== 'play'")


def test_the_first_tab_offers_a_way_straight_to_the_hand(game_page: GamePage) -> None:
    game_page.open(URL.format(seed=12345))
    game_page.wait_for_function(YOUR_MOVE)
    game_page.evaluate("() => document.activeElement.blur()")  # the focus back at the document's start
    game_page.keyboard.press("Tab")
    assert game_page.evaluate("() => document.activeElement.id") == "skip-hand"
    box = game_page.locator("#skip-hand").bounding_box()
    assert box and box["y"] >= 0 and box["x"] >= 0 and game_page.locator("#skip-hand").is_visible()
    assert game_page.text_content("#skip-hand") == "Go to your hand"
    game_page.keyboard.press("Enter")
    assert game_page.evaluate("() => document.activeElement.matches('#hand button.card[aria-disabled=\"false\"]')")
    # Out of sight once the focus has left it.
    box = game_page.locator("#skip-hand").bounding_box()
    assert box and box["y"] + box["height"] <= 0


#: Every focus that lands in the hand, in order: the card (or "hand" for the hand itself).
FOCUS_LOG = """() => { window.__focusLog = []; document.getElementById('hand').addEventListener('focusin',
  (e) => window.__focusLog.push(e.target.dataset.card || e.target.id)); }"""


def test_a_keyboard_player_keeps_the_focus_on_a_card_through_a_hand(game_page: GamePage) -> None:
    """Enter on a card plays it; the focus goes at once to the card in the tab order (dimmed while
    the computers play), never to the hand itself, and at your turn it is on a card you may play:
    one move of the focus a card (each move has the browser lay the page out), a second only
    where the card it was on may not be played now."""
    game_page.open(URL.format(seed=31))
    game_page.wait_for_function(YOUR_MOVE)
    game_page.evaluate(FOCUS_LOG)
    game_page.keyboard.press("ArrowRight")  # the first arrow lands on the hand
    game_page.wait_for_function("() => document.activeElement.matches('#hand button.card')")
    played = 0
    while played < 13:
        on = game_page.evaluate("() => document.activeElement.dataset.card")
        assert game_page.evaluate("() => document.activeElement.getAttribute('aria-disabled')") == "false", on
        before = game_page.evaluate("() => window.__focusLog.length")
        game_page.keyboard.press("Enter")
        played += 1
        if played == 13:  # no card left
            break
        # At once, before the computers play on: on the card in the tab order, not on the hand.
        now = game_page.evaluate("() => [document.activeElement.id, document.activeElement.dataset.card || '',"
                                 " document.activeElement.getAttribute('tabindex')]")
        assert now[0] != "hand" and now[1] and now[1] != on and now[2] == "0", now
        game_page.wait_for_function(YOUR_MOVE + " && document.activeElement.getAttribute('aria-disabled') === 'false'")
        moves = game_page.evaluate(f"() => window.__focusLog.slice({before})")
        assert "hand" not in moves and 1 <= len(moves) <= 2, moves
        # One card of the hand in the tab order: the focused one.
        assert game_page.evaluate("() => [...document.querySelectorAll('#hand button.card[tabindex=\"0\"]')]"
                                  ".map(b => b === document.activeElement)") == [True]
    game_page.wait_for_function("() => document.body.dataset.phase !== 'play'")
