"""See it clearly (issue 41): the four-colour deck, large cards, high contrast and forced colours.

On the shared page of each screen size (one boot a size, the pages test_dialogs_fit.py and
test_geometry.py use), for each look (the two options together, ``prefers-contrast: more``,
``forced-colors: active``): axe finds no violation of any impact on the table (a trick in play,
a hint shown) and in the dialogs of the toolbar (Settings, Last trick, How to play, New game, Stats,
Score sheet); and each look is really on: the four-colour
deck's diamonds blue and clubs' pips green, large cards larger than the same screen's normal
ones, high contrast's and forced colours' own rules in force. Besides: the options are set in the
Settings dialog and kept, and colour is never the only sign of a card you may not play or of the
seat to play.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests.e2e.conftest import settings_storage
from tests.e2e.test_a11y import AXE, violations
from tests.e2e.test_dialogs_fit import SIZES
from tests.e2e.test_play import YOUR_MOVE
from tests.e2e.test_review import finish_hand, open_review

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

#: The looks: (settings, contrast, forced colours).
LOOKS: dict[str, tuple[dict[str, Any], str, str]] = {
    "four colours and large cards": ({"four_colour": True, "large_cards": True}, "no-preference", "none"),
    "more contrast": ({}, "more", "none"),
    "forced colours": ({}, "no-preference", "active"),
}

#: The dialogs checked in each look: (the toolbar's button, the dialog).
DIALOGS = [("settings-btn", "settings"), ("last-btn", "last-trick"), ("rules-btn", "help"), ("new-game", "confirm-new"),
           ("stats-btn", "stats"), ("sheet-btn", "score-sheet")]

#: What the page shows of the looks: the root's classes, a card's width, a diamond's and a club's
#: colours and pictures, the lit plate's outline, the styles of a card you may not play.
SEEN = """() => {
  const style = (s, pseudo) => { const e = document.querySelector(s); return e && getComputedStyle(e, pseudo); };
  const off = document.querySelector('#hand button.card[aria-disabled="true"]');
  return {
    root: document.documentElement.className,
    card: document.querySelector('#hand button.card').getBoundingClientRect().width,
    diamond: style('.idx.sD') && style('.idx.sD').color,
    club: style('.idx.sC', '::after') && style('.idx.sC', '::after').backgroundImage,
    plate: style('.seat[data-turn="1"] .plate').outlineStyle,
    plates: [...document.querySelectorAll('.plate')].map(p => getComputedStyle(p).backgroundColor),
    pointer: style('.seat[data-turn="1"] .seat-name', '::before').content,
    edge: document.querySelector('.cface') && getComputedStyle(document.querySelector('.cface')).borderTopWidth,
    off: off && {border: getComputedStyle(off).borderTopStyle,
                 hatch: getComputedStyle(off, '::before').backgroundImage},
  };
}"""


def look(page: GamePage, name: str, seed: int) -> dict[str, Any]:
    """Open a game in the look ``name`` and wait for your card; what the page shows of it."""
    values, contrast, forced = LOOKS[name]
    page.emulate_media(contrast=contrast, forced_colors=forced)
    page.open(f"?pace=instant&seed={seed}", storage=settings_storage(speed="instant", **values))
    page.wait_for_function(YOUR_MOVE)
    return dict(page.evaluate(SEEN))


@pytest.mark.parametrize("size", ["360x640", "390x844", "844x390", "1366x768"])
def test_axe_finds_nothing_in_each_look_and_each_look_is_on(shared_page: Any, size: str) -> None:
    if not AXE.is_file():
        pytest.fail("axe-core is missing: run `npm ci` (it is a devDependency in package.json)", pytrace=False)
    width, height, touch = SIZES[size]
    page: GamePage = shared_page(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    page.open("?pace=instant&seed=1", storage=settings_storage(speed="instant"))
    page.wait_for_function(YOUR_MOVE)
    plain = page.evaluate(SEEN)  # (the same screen without any look)
    problems: list[str] = []
    for seed, name in enumerate(LOOKS, start=3):
        seen = look(page, name, seed)
        # Something on the table: a trick in play, a hint shown.
        page.click('#hand button.card[aria-disabled="false"]', position={"x": 8, "y": 24})
        page.wait_for_function(YOUR_MOVE)
        if page.evaluate("() => document.body.dataset.phase === 'play'"):
            page.keyboard.press("i")
            page.wait_for_selector("#hand .card.hint")
        problems += violations(page, f"{size}, {name}: table")
        for button, dialog in DIALOGS:
            page.tool(button)
            page.wait_for_selector(f"#{dialog}[open]")
            problems += violations(page, f"{size}, {name}: {dialog}")
            page.keyboard.press("Escape")
            page.wait_for_selector(f"#{dialog}:not([open])", state="attached")
        if name == "four colours and large cards":
            assert "four" in seen["root"] and "large" in seen["root"], seen
            assert seen["diamond"] == "rgb(20, 87, 200)" and "C-green.svg" in seen["club"], seen
            assert seen["card"] > plain["card"] * 1.1, (seen, plain)
        elif name == "more contrast":
            assert seen["edge"] == "2px" and plain["edge"] == "1px", (seen, plain)
        else:
            assert seen["plate"] == "solid" and plain["plate"] == "none", (seen, plain)
            # The name plates are opaque: the cloth's edge does not run through the names.
            assert all(c.startswith("rgb(") for c in seen["plates"]), seen["plates"]
            assert seen["off"] is None or seen["off"]["border"] == "dashed", seen
        # The second signs beside colour, in every look: the seat to play has a pointer.
        assert seen["pointer"] not in ("none", "normal", None), seen
    page.emulate_media(contrast="no-preference", forced_colors="none")
    assert not problems, "axe-core found:\n" + "\n".join(problems)


def test_the_options_are_set_in_the_settings_and_kept(game_page: GamePage) -> None:
    game_page.open("?pace=instant&seed=5")
    game_page.wait_for_function(YOUR_MOVE)
    assert game_page.evaluate("() => document.documentElement.className") == ""
    game_page.tool("settings-btn")
    assert not game_page.is_checked("#set-four-colour") and not game_page.is_checked("#set-large-cards")
    game_page.check("#set-four-colour")
    game_page.check("#set-large-cards")
    game_page.click("#settings-done")
    assert game_page.evaluate("() => document.documentElement.className") == "four large"
    saved = json.loads(game_page.evaluate("() => localStorage.getItem('whist:settings')"))
    assert saved["four_colour"] is True and saved["large_cards"] is True
    game_page.restart()
    assert game_page.evaluate("() => document.documentElement.className") == "four large"
    game_page.tool("settings-btn")
    assert game_page.is_checked("#set-four-colour") and game_page.is_checked("#set-large-cards")
    game_page.uncheck("#set-four-colour")
    game_page.click("#settings-done")
    assert game_page.evaluate("() => document.documentElement.className") == "large"


def test_a_card_you_may_not_play_is_hatched_not_only_dimmed(game_page: GamePage) -> None:
    """On your turn, a card you may not play has a pattern over it besides its shade."""
    game_page.open("?pace=instant&seed=1")
    for _ in range(13):
        game_page.wait_for_function(YOUR_MOVE)
        seen = game_page.evaluate(SEEN)
        if seen["off"]:
            assert "repeating-linear-gradient" in seen["off"]["hatch"], seen
            on = game_page.evaluate("""() => getComputedStyle(
                document.querySelector('#hand button.card[aria-disabled="false"]'), '::before').backgroundImage""")
            assert on == "none"
            return
        game_page.click('#hand button.card[aria-disabled="false"]', position={"x": 8, "y": 24})
    pytest.fail("no card of yours was refused in a whole hand: pick another seed")


def test_more_contrast_asked_for_while_the_page_is_open_takes_effect(game_page: GamePage) -> None:
    game_page.open("?pace=instant&seed=5")
    game_page.wait_for_function(YOUR_MOVE)
    game_page.evaluate("() => document.getElementById('vision-css')?.remove()")  # (as a page that never needed it)
    edge = "() => getComputedStyle(document.querySelector('.cface')).borderTopWidth"
    assert game_page.evaluate(edge) == "1px"
    game_page.emulate_media(contrast="more")
    game_page.wait_for_function(f"() => ({edge})() === '2px'")
    assert game_page.evaluate("() => document.querySelectorAll('#vision-css').length") == 1


def test_the_summary_and_the_review_in_four_colours_and_large_cards(game_page: GamePage) -> None:
    """The hand's summary and its review (small cards of their own, rv-card) in the options: the suits'
    colours there too, and axe finds nothing."""
    game_page.open("?pace=instant&seed=8", storage=settings_storage(four_colour=True, large_cards=True))
    finish_hand(game_page)
    problems = violations(game_page, "summary")
    open_review(game_page)
    colours = game_page.evaluate("""() => [...document.querySelectorAll('#review .rv-card')].map(
        c => c.dataset.card.slice(-1) + ' ' + getComputedStyle(c).color)""")
    seen = {c.split(" ", 1)[0]: c.split(" ", 1)[1] for c in colours}
    assert seen.get("D") == "rgb(20, 87, 200)" and seen.get("C") == "rgb(11, 122, 53)", seen
    problems += violations(game_page, "review")
    assert not problems, "axe-core found:\n" + "\n".join(problems)


@pytest.mark.parametrize("name", list(LOOKS))
def test_the_bidding_box_in_each_look(game_page: GamePage, name: str) -> None:
    """Contract Whist's auction, your call: the bids in the suits' colours (four colours), and axe finds nothing."""
    values, contrast, forced = LOOKS[name]
    game_page.emulate_media(contrast=contrast, forced_colors=forced)
    game_page.open("?game=contract&pace=instant#deal=2", storage=settings_storage(speed="instant", **values))
    game_page.wait_for_selector("#bid-box:not([hidden]) .bid")
    colour = "() => getComputedStyle(document.querySelector('#bid-box .bid .call-bid.sC')).color"
    if values:  # (forced colours make every bid the system's text colour: the suits tell by their shapes)
        assert game_page.evaluate(colour) == "rgb(11, 122, 53)"
    problems = violations(game_page, f"bidding box, {name}")
    game_page.emulate_media(contrast="no-preference", forced_colors="none")
    assert not problems, "axe-core found:\n" + "\n".join(problems)
