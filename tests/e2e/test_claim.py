"""Claims in the real page: yours accepted and scored, or refused with its reason and nothing lost;
a computer's claim shown with its sentence and its cards.

Each position is a saved game (``whist:game``) found in CPython, restored by the page on reload.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.conftest import GamePage, SharedPageFactory, shot
from tests.e2e.test_play import click_card, read, wait_your_move
from whist.engine.seats import Seat
from whist.table import Table

URL = "?pace=instant&seed={seed}"


def _table(record: dict[str, Any]) -> Table:
    """The table as the page restores ``record``: fresh computer players that claim."""
    table = Table.load(record)
    table.computers_claim = True
    return table


def position(want: Callable[[Table], bool]) -> dict[str, Any]:
    """A saved game at your turn, 2 to 4 tricks left, where ``want`` holds (the lowest card played)."""
    for seed in range(1, 400):
        table = Table(seed=seed)
        table.computers_claim = True
        while table.state.phase.value == "play":
            while table.computer_step():
                pass
            if not table.human_to_play:
                break
            left = 13 - len(table.state.tricks)
            if left <= 4:
                record = table.state.to_record()
                if want(_table(record)):
                    return record
            table.human_play(sorted(c.card for c in table.view().hand if c.legal)[0])
    raise AssertionError("no such position")


def open_at(page: GamePage, record: dict[str, Any]) -> dict[str, Any]:
    """The page with ``record`` as its saved game (put in storage before the page's first script)."""
    saved = json.dumps({"v": 1, "id": "claim-1", "record": record, "redo": []})
    page.open(URL.format(seed=record["seed"]), storage={"whist:game": saved})
    return wait_your_move(page)


def _true(table: Table) -> bool:
    return table.state.clone().claim().ok


def test_a_true_claim_is_accepted_and_scored(game_page: GamePage) -> None:
    record = position(_true)
    mirror = _table(record)
    hand = {c.card for c in mirror.view().hand}
    assert mirror.claim().ok
    open_at(game_page, record)
    assert game_page.is_visible("#claim-btn") and game_page.text_content("#claim-btn") == "Claim the rest"
    game_page.focus("#claim-btn")
    game_page.keyboard.press("Enter")
    game_page.wait_for_selector("#summary:not([hidden])")
    claim = game_page.text_content("#summary-claim") or ""
    assert claim.startswith("You claim the rest: "), claim
    shown = game_page.eval_on_selector_all("#summary-claim .mini", "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(shown) == len(hand)
    summary = mirror.view().summary
    assert summary is not None
    assert game_page.text_content("#sum-tricks-us") == str(summary.tricks.us)
    assert game_page.is_hidden("#claim-btn")
    shot(game_page, "claim-accepted")


def test_a_false_claim_is_refused_and_nothing_is_lost(game_page: GamePage) -> None:
    record = position(lambda t: not _true(t))
    mirror = _table(record)
    reason = mirror.claim().reason
    assert reason.startswith("Refused: ")
    before = open_at(game_page, record)
    game_page.keyboard.press("k")  # the shortcut
    game_page.wait_for_function("() => document.querySelector('#status').classList.contains('refuse')")
    assert game_page.text_content("#status") == reason
    assert reason in game_page.inner_text("#announce")
    after = read(game_page)
    assert after["hand"] == before["hand"] and after["phase"] == "play"
    shot(game_page, "claim-refused")
    card = next(c["card"] for c in after["hand"] if c["disabled"] == "false")
    click_card(game_page, card)  # the game goes on
    game_page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{card}\"]')")


def _computer_claims(table: Table) -> bool:
    table.human_play(sorted(c.card for c in table.view().hand if c.legal)[0])
    while table.computer_step():
        pass
    claimed = table.state.claimed
    return claimed is not None and claimed[0] != Seat.S


def test_a_computer_claim_shows_its_sentence_and_cards(game_page: GamePage) -> None:
    record = position(_computer_claims)
    mirror = _table(record)
    card = sorted(c.card for c in mirror.view().hand if c.legal)[0]
    assert _computer_claims(mirror)
    text = mirror.claim_text
    seat = mirror.state.claimed[0] if mirror.state.claimed else Seat.S
    open_at(game_page, record)
    game_page.tool("settings-btn")
    game_page.check("#set-claims")  # off by default: every hand is played out
    game_page.keyboard.press("Escape")
    click_card(game_page, card)
    game_page.wait_for_selector("#summary:not([hidden])")
    assert game_page.text_content("#summary-claim .claim-words") == text
    assert text.startswith(f"{seat.long_name} claims ")
    assert game_page.locator("#summary-claim .mini").count() == len(mirror.view().claimed) > 0
    assert text in game_page.inner_text("#announce")
    shot(game_page, "claim-computer")


@pytest.mark.parametrize(("width", "height", "phone"), [(360, 640, True), (390, 844, True), (1366, 768, False)])
def test_the_claim_button_fits_the_screen(shared_page: SharedPageFactory, width: int, height: int,
                                          phone: bool) -> None:
    page = shared_page(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
                       device_scale_factor=2 if phone else 1)
    open_at(page, position(_true))
    box = page.locator("#claim-btn").bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["y"] + box["height"] <= height
    hand = page.locator("#hand").bounding_box()
    assert hand is not None and box["y"] + box["height"] <= hand["y"] + 1, (box, hand)  # above your cards
    shot(page, f"claim-{width}")
    page.click("#claim-btn")
    page.wait_for_selector("#summary:not([hidden])")
    shot(page, f"claim-{width}-summary")
