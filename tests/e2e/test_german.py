"""German Whist in Chromium: the table for two, the stock and its face-up card, both phases,
the card you drew, hint and undo in each phase, the Phase Two score.

The page is checked against the same seeded game replayed in CPython
(``whist.table.Table``) with the cards played in the page.
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING, Any

from tests.e2e.conftest import ON_LOAD, settings_storage
from tests.e2e.test_ear import LISTEN, heard
from tests.e2e.test_play import click_card
from whist.table import Table

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

SEED = 5
URL = "?game=german&pace=instant#deal={seed}"

YOUR_MOVE = """() => document.body.dataset.phase !== 'play'
    || !!document.querySelector('#hand button.card[aria-disabled="false"]')"""

READ = """() => ({
  phase: document.body.dataset.phase,
  size: document.querySelector('#stock-count').textContent,
  up: (document.querySelector('#stock-up [data-card]') || {dataset: {}}).dataset.card || null,
  title: document.querySelector('#stock-phase').textContent,
  drew: document.querySelector('#stock-drew').hidden ? null : document.querySelector('#stock-drew').dataset.card,
  held: [...document.querySelectorAll('#held-cards [aria-label]')].map(e => e.getAttribute('aria-label')),
  tricks: [document.querySelector('#tricks-us').textContent, document.querySelector('#tricks-them').textContent],
  north: document.querySelector('#seat-N .count').textContent,
  hand: document.querySelectorAll('#hand button.card').length,
})"""


def engine(seed: int = SEED) -> Table:
    table = Table(seed, "german")
    while table.computer_step():
        pass
    return table


def read(page: GamePage) -> dict[str, Any]:
    page.wait_for_function(YOUR_MOVE)
    return page.evaluate(READ)


def check(page: GamePage, table: Table) -> dict[str, Any]:
    """The page shows what the engine holds: stock, face-up card, phase, your draw, North's face-up cards."""
    shown = read(page)
    view = table.view()
    stock, north = view.stock, view.seat("N")
    assert stock is not None and north is not None
    if view.phase != "play":
        return shown
    assert shown["size"] == str(stock.size)
    assert shown["up"] == (stock.face_up.card if stock.face_up else None)
    assert shown["title"].startswith("Phase One" if stock.phase == 1 else "Phase Two")
    assert shown["drew"] == (stock.you_drew.card if stock.you_drew else None)
    assert shown["held"] == [c.name for c in stock.they_hold]
    assert shown["tricks"] == [str(view.tricks_won.us), str(view.tricks_won.them)]
    assert shown["north"] == str(north.cards)
    assert shown["hand"] == len(view.hand)
    return shown


def play_first_legal(page: GamePage, table: Table) -> str:
    # The hinted card, if there is one (it stands raised over its neighbours), else the first legal one.
    hinted = page.locator("#hand button.card[data-hint]")
    card = (hinted.get_attribute("data-card") if hinted.count() else
            page.get_attribute('#hand button.card[aria-disabled="false"]', "data-card"))
    assert card
    if page.locator("#hand button.card:focus").count():
        # A keyboard player (after H or U): a raised card may cover its neighbours; Enter plays.
        page.focus(f'#hand button.card[data-card="{card}"]')
        page.keyboard.press("Enter")
    else:
        click_card(page, card)
    assert table.human_play(card).ok
    while table.computer_step():
        pass
    return card


def test_a_whole_deal_through_both_phases(game_page: GamePage) -> None:
    """The whole deal as the engine plays it, and by ear: the live region says each card, each
    trick's winner, the card you drew or took, the card North took face up, the next face-up card
    and the start of Phase Two, each once and in order, exactly as the engine words them."""
    game_page.open(URL.format(seed=SEED), script=LISTEN)
    table = engine()
    said = table.take_messages()
    # The table for two: North and you; no East or West.
    assert game_page.locator("#seat-E").is_hidden() and game_page.locator("#seat-W").is_hidden()
    assert game_page.locator("#seat-N").is_visible()
    assert game_page.text_content("#seat-N .seat-role") == "opponent"
    assert game_page.locator("#turnup").is_hidden()
    # A game for two: its sides are its players, in the toolbar and on the summary, not "Us" and "Them".
    labels = game_page.eval_on_selector_all(".side.us .side-name, .side-name.us, .side.them .side-name, "
                                            ".side-name.them", "els => els.map(e => e.textContent)")
    assert labels == ["You", "North"] * 3  # the tricks, the score, the summary
    first = check(game_page, table)
    assert first["size"] == "26" and first["up"] is not None
    assert game_page.get_attribute("[data-trump]", "data-trump") == first["up"][1]
    sizes = [26]
    drew_seen = 0
    phase_two_seen = False
    for _ in range(40):
        shown = check(game_page, table)
        if shown["phase"] != "play":
            break
        stock = table.view().stock
        assert stock is not None
        if stock.phase == 1:
            assert shown["tricks"] == ["0", "0"]  # Phase One tricks do not count
            tricks = stock.phase_one_tricks
            assert int(shown["size"]) == 26 - 2 * tricks  # two cards drawn every Phase One trick
            sizes.append(int(shown["size"]))
        else:
            phase_two_seen = True
            assert game_page.locator("#stock-pile").is_hidden()
        drew_seen += shown["drew"] is not None
        play_first_legal(game_page, table)
        said += table.take_messages()
    else:
        raise AssertionError("the deal did not end")
    assert phase_two_seen and drew_seen >= 1
    assert sizes[-1] in (0, 2)
    game_page.wait_for_selector("#summary:not([hidden])")
    view = table.view()
    summary = view.summary
    assert summary is not None
    assert view.phase in ("hand-over", "game-over")
    assert game_page.text_content("#summary-text") == (view.game_over or summary).text
    assert "Phase Two" in summary.text
    assert game_page.text_content("#score-us") == str(view.scores.us)
    assert game_page.text_content("#score-them") == str(view.scores.them)
    assert summary.tricks.us + summary.tricks.them == 13
    # By ear: what the table said, and nothing more than your turns.
    game_page.wait_for_function("(n) => window.__earHeard.length >= n", arg=len(said))
    transcript = heard(game_page)
    assert [m for m in transcript if not re.match("Your (turn|lead)", m)] == said
    assert not [a for a, b in itertools.pairwise(transcript) if a == b], "said twice"
    assert sum(" is turned face up." in m for m in said) == 12  # the stock's cards after the first
    assert sum(m.endswith(" the trick. Tricks: us 0, them 0.") for m in said) >= 13  # Phase One's count none
    assert any(m.startswith("The stock is gone: Phase Two begins") for m in said)


def test_hint_and_undo_in_both_phases(game_page: GamePage) -> None:
    game_page.open(URL.format(seed=SEED))
    table = engine()
    before = check(game_page, table)
    game_page.keyboard.press("i")
    assert game_page.get_attribute("#hand button.card[data-hint]", "data-card") == table.hint()
    play_first_legal(game_page, table)
    after = check(game_page, table)
    assert int(after["size"]) == int(before["size"]) - 2
    game_page.keyboard.press("u")
    table.undo()
    again = check(game_page, table)
    assert again["size"] == before["size"] and again["up"] == before["up"]
    # On to Phase Two: hint and undo there too.
    while (stock := table.view().stock) is not None and stock.phase == 1:
        check(game_page, table)
        play_first_legal(game_page, table)
    shown = check(game_page, table)
    assert shown["title"].startswith("Phase Two")
    game_page.keyboard.press("i")
    assert game_page.get_attribute("#hand button.card[data-hint]", "data-card") == table.hint()
    play_first_legal(game_page, table)
    check(game_page, table)
    game_page.keyboard.press("u")
    table.undo()
    back = check(game_page, table)
    assert back["title"].startswith("Phase Two")
    assert back["tricks"] == shown["tricks"]


#: Counts the times the page awaited the worker (data-thinking="1"); Expert opponents from the first card.
COUNT_THINKING = ON_LOAD + """
window.__thinking = 0;
if (!window.__whistCounting) onLoad(() => {
  window.__whistCounting = true;
  new MutationObserver(() => { if (document.body.dataset.thinking === "1") window.__thinking += 1; })
    .observe(document.body, {attributes: true, attributeFilter: ["data-thinking"]});
});
"""
EXPERT_OPPONENT = settings_storage(opponent_level="expert")


def test_expert_thinks_its_phase_one_cards_in_the_worker(game_page: GamePage) -> None:
    """Expert's Phase One card is a Monte Carlo search (up to a second): it is thought in the
    worker, never on the page."""
    game_page.open("?game=german&seed=4242", script=COUNT_THINKING, storage=EXPERT_OPPONENT)
    game_page.wait_for_selector('body[data-thinker="ready"]', state="attached", timeout=90000)
    for _ in range(3):
        game_page.wait_for_function(YOUR_MOVE, timeout=60000)
        card = game_page.get_attribute('#hand button.card[aria-disabled="false"]', "data-card")
        assert card
        click_card(game_page, card)
        game_page.wait_for_function(
            "() => !document.querySelector('#hand button.card[aria-disabled=\"false\"]')")
    game_page.wait_for_function(YOUR_MOVE, timeout=60000)
    assert game_page.evaluate("() => window.__thinking") > 0, "no Expert card was thought in the worker"
    assert game_page.get_attribute("body", "data-decided-here") is None, "an Expert card was thought on the page"
