"""Review, replay, share and export a finished hand, in Chromium (issue 10).

Each test finishes a hand at ``?pace=instant`` by playing your lowest legal
card, then uses the summary's and the review dialog's controls. The watched
page fails the test on any console error or Python traceback.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.e2e.test_play import YOUR_MOVE, click_card, legal_from_page, play_lowest, read, wait_your_move

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

ROOT = Path(__file__).resolve().parents[2]
HAND = "() => [...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card).sort().join(' ')"
OVER = "() => ['hand-over', 'game-over'].includes(document.body.dataset.phase)"
ANALYSED = "() => document.querySelector('#review').dataset.analysis === 'done'"


#: Your move: a call (Contract Whist's bidding box), a card to play, or the end of the hand.
YOUR_MOVE_OR_CALL = """() => { const box = document.querySelector('#bid-box');
    return (!!box && !box.hidden) || (""" + YOUR_MOVE + """)(); }"""


def first_hand(page: GamePage) -> str:
    """Your thirteen cards at your first move (a call or a card)."""
    page.wait_for_function(YOUR_MOVE_OR_CALL)
    return str(page.evaluate(HAND))


#: Your call, a card you may play, or the end of the hand (not the moments between, in the
#: auction after your call, when the phase is not "play" and the bidding box is hidden).
YOUR_TURN_OR_OVER = """() => { const box = document.querySelector('#bid-box'), phase = document.body.dataset.phase;
    return (!!box && !box.hidden) || ['hand-over', 'game-over'].includes(phase)
        || (phase === 'play' && !!document.querySelector('#hand button.card[aria-disabled="false"]')); }"""


def finish_hand(page: GamePage) -> None:
    """Pass at every call, play your lowest legal card, to the end of the hand."""
    for _ in range(100):
        page.wait_for_function(YOUR_TURN_OR_OVER)
        if page.locator("#bid-box:not([hidden])").count():
            page.click('#bid-box .bid[data-call="pass"]')
            continue
        table = read(page)
        if table["phase"] != "play":
            break
        click_card(page, min(legal_from_page(table)))
    page.wait_for_function(OVER)
    page.wait_for_selector("#summary:not([hidden])")


def open_review(page: GamePage) -> float:
    started = time.monotonic()
    page.click("#review-open")
    page.wait_for_selector("#review[open]")
    page.wait_for_function(ANALYSED, timeout=600_000)  # every trick, in the worker: the early ones take long
    return time.monotonic() - started


def step_times(page: GamePage) -> str:
    data = page.evaluate("() => ({...document.querySelector('#review').dataset})")
    return (f"{data['steps']} steps, mean {data['stepMeanMs']} ms, slowest {data['stepMaxMs']} ms "
            f"(each, from the last play back: {data['stepMs']})")


def test_review_step_through_marks_and_replay(game_page: GamePage) -> None:
    game_page.open("?pace=instant&seed=8")  # marked in a second (deal 4242's take a minute: benchmarks)
    dealt = first_hand(game_page)
    # In the first hand, no hand is finished yet: the Last trick dialog offers no review.
    game_page.wait_for_function(YOUR_TURN_OR_OVER)
    click_card(game_page, min(legal_from_page(read(game_page))))
    game_page.wait_for_function("() => document.getElementById('last-btn').getAttribute('aria-disabled') === 'false'")
    game_page.keyboard.press("l")
    game_page.wait_for_selector("#last-trick[open]")
    assert game_page.is_hidden("#review-btn")
    game_page.keyboard.press("Escape")
    finish_hand(game_page)
    sub = game_page.text_content("#summary-sub") or ""
    assert "Deal 8" in sub
    took = open_review(game_page)
    print(f"\nclassic analysis: {took:.1f} s, {step_times(game_page)}")
    # All four hands, before the first trick: 13 cards each.
    assert game_page.locator("#review .rv-hand").count() == 4
    assert game_page.locator("#review .rv-hand .rv-card").count() == 52
    assert game_page.text_content("#review-pos") == "Trick 1 of 13"
    # The keys step through the hand; End goes to the last trick, fully marked.
    game_page.focus("#review-next")
    game_page.keyboard.press("ArrowRight")
    assert game_page.text_content("#review-pos") == "Trick 2 of 13"
    assert game_page.locator("#review .rv-hand .rv-card").count() == 48
    game_page.keyboard.press("End")
    assert game_page.text_content("#review-pos") == "Trick 13 of 13"
    plays = game_page.locator("#review .rv-play")
    assert plays.count() == 4
    seats = {plays.nth(i).get_attribute("data-seat") for i in range(4)}
    assert seats == {"N", "E", "S", "W"}
    assert all(plays.nth(i).get_attribute("data-cost") == "0" for i in range(4))  # the last trick is forced
    game_page.keyboard.press("ArrowLeft")
    assert game_page.text_content("#review-pos") == "Trick 12 of 13"
    assert all(c != "" for c in game_page.locator("#review .rv-play").evaluate_all(
        "els => els.map(e => e.dataset.cost)"))
    game_page.click("#review-prev")
    assert game_page.text_content("#review-pos") == "Trick 11 of 13"
    summary = game_page.text_content("#review-summary") or ""
    assert re.search(r"perfect double-dummy play|could have taken \d+ more tricks? with perfect information", summary)
    # A costly card is red and says what it cost.
    for cost in game_page.locator("#review .rv-bad").all():
        assert re.match(r"cost \d+ tricks? double dummy", cost.get_attribute("title") or "")
    # By keyboard alone: a named dialog that keeps the focus however often Tab is pressed.
    name = game_page.locator("#review").aria_snapshot().splitlines()[0]
    assert re.match(r'- \'?dialog "[^"]+"', name), name
    for key in ["Tab"] * 25 + ["Shift+Tab"] * 3:
        game_page.keyboard.press(key)
        assert game_page.evaluate("() => !!document.activeElement.closest('#review')"), key
    # Close (Escape): the focus back on the button that opened it; then replay the deal: the same cards.
    game_page.keyboard.press("Escape")
    assert game_page.locator("#review[open]").count() == 0
    assert game_page.evaluate("() => document.activeElement.id") == "review-open"
    # The last finished hand is also reviewed from the Last trick dialog (L).
    game_page.keyboard.press("l")
    game_page.click("#review-btn")
    # Open in the click's own task (its code fetched at the first review): no key can go astray.
    assert game_page.locator("#review[open]").count() == 1
    assert game_page.locator("#last-trick[open]").count() == 0
    game_page.wait_for_function(ANALYSED, timeout=600_000)
    assert game_page.text_content("#review-title") == "Review: hand 1"
    game_page.keyboard.press("Escape")
    game_page.click("#review-replay-sum")
    game_page.wait_for_function("() => document.body.dataset.phase === 'play'")
    assert first_hand(game_page) == dealt


def test_a_deal_link_gives_the_same_cards(game_page: GamePage) -> None:
    game_page.open("?pace=instant#deal=987654321")
    once = first_hand(game_page)
    game_page.open("?pace=fast#deal=987654321")
    assert first_hand(game_page) == once
    game_page.open("?pace=instant#deal=987654322")
    assert first_hand(game_page) != once
    # Share from the summary gives a link that deals these cards with this dealer.
    game_page.open("?pace=instant&game=classic#deal=987654321")  # another query: a new page load
    finish_hand(game_page)
    game_page.click("#review-share-sum")
    game_page.wait_for_selector("#review-share-box:not([hidden])")
    link = game_page.input_value("#review-share-link")
    assert re.search(r"#deal=987654321&dealer=[NESW]$", link), link
    # A friend opens it in another browser: nothing stored (this browser keeps the finished game,
    # whist.web.persist), so the page is opened again at the link with its storage cleared.
    assert link.startswith(game_page.base_url), link
    game_page.open(link.removeprefix(game_page.base_url).replace("#", "?pace=instant#"))
    assert game_page.evaluate("() => localStorage.getItem('whist:stats')") is None
    assert first_hand(game_page) == once


def test_a_deal_link_opened_on_the_open_page(game_page: GamePage) -> None:
    """A #deal= link pasted into the address of the open page (a fragment change, no reload)
    deals that deal once you confirm; turned down, the game goes on; and once the page deals
    a game of its own, the address no longer asks for the link's deal, so a reload restores
    the game you are playing."""
    from whist.engine.seats import Seat
    from whist.engine.state import GameState

    assert GameState("classic", seed=11).to_play is Seat.S  # deal 11: you lead, nothing is played yet
    game_page.open("?pace=instant#deal=987654321")
    linked = first_hand(game_page)
    game_page.open("?pace=instant&game=classic#deal=11")  # another query: a new page load
    other = first_hand(game_page)
    assert other != linked
    # No game in progress: the link's deal is dealt at once (hashchange comes as a task of its own).
    game_page.evaluate("location.hash = '#deal=987654321'")
    game_page.wait_for_function("() => document.querySelector('#announce').textContent"
                                ".includes('Deal 987654321, as the link asks.')")
    assert first_hand(game_page) == linked
    assert game_page.locator("#confirm-new[open]").count() == 0
    # A game in progress: the New game dialog asks first, and says which deal.
    play_lowest(game_page)
    wait_your_move(game_page)
    game_page.evaluate("location.hash = '#deal=11'")
    game_page.wait_for_selector("#confirm-new[open]")
    note = game_page.text_content("#ng-abandon") or ""
    assert "Classic Whist, deal 11." in note and "will be abandoned" in note, note
    assert game_page.is_checked('#ng-form input[name=game][value="classic"]')
    game_page.click("#confirm-ok")
    game_page.wait_for_function(f"() => ({HAND})() === {other!r}")  # the dialog's close event dealt it
    assert first_hand(game_page) == other
    assert game_page.evaluate("location.hash") == "#deal=11"
    # A new game of the page's own: the address keeps only the pace.
    game_page.click("#new-game")
    game_page.wait_for_selector("#confirm-new[open]")
    game_page.click("#confirm-ok")
    # A fresh deal: thirteen cards again, and neither of the deals before.
    game_page.wait_for_function(f"() => {{ const h = ({HAND})(); "
                                f"return h.split(' ').length === 13 && !{[linked, other]!r}.includes(h); }}")
    assert game_page.evaluate("location.search + location.hash") == "?pace=instant"
    wait_your_move(game_page)
    play_lowest(game_page)
    wait_your_move(game_page)
    hand = game_page.evaluate(HAND)
    # A link turned down: the game goes on, and the address stops asking for that deal.
    game_page.evaluate("location.hash = '#deal=5'")
    game_page.wait_for_selector("#confirm-new[open]")
    game_page.click("#confirm-cancel")
    game_page.wait_for_function("() => location.search + location.hash === '?pace=instant'")  # on close
    assert game_page.evaluate(HAND) == hand
    # So a reload restores the game you are playing.
    game_page.restart()
    wait_your_move(game_page)
    assert game_page.evaluate(HAND) == hand
    assert "your game is restored" in game_page.inner_text("#announce")

def test_export_json_replays_in_cpython_and_pbn(game_page: GamePage, tmp_path: Path) -> None:
    game_page.open("?pace=instant&seed=8")  # its analysis runs meanwhile: a cheap deal (31337's: 40 times longer)
    finish_hand(game_page)
    game_page.click("#review-open")  # the exports do not wait for the analysis
    game_page.wait_for_selector("#review[open]")
    with game_page.expect_download() as info:
        game_page.click("#review-json")
    record = tmp_path / "game.json"
    info.value.save_as(record)
    assert info.value.suggested_filename.endswith(".json")
    out = subprocess.run([sys.executable, "-m", "whist", "replay", str(record)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert re.search(r"deal number 8\b", out) and "trick 13:" in out
    with game_page.expect_download() as info:
        game_page.click("#review-pbn")
    pbn = tmp_path / "deal.pbn"
    info.value.save_as(pbn)
    text = pbn.read_text()
    assert '[Deal "' in text and re.search(r"deal number 8\b", text)


#: (Contract Whist's deal 6 and German Whist's deal 5 are reviewed, and replayed, in
#: test_review_fair.py's test_every_trick_is_marked_in_the_worker, which marks the same hands.)
@pytest.mark.parametrize(("query", "first", "tricks", "sub"), [
    ("?game=short&honours=false&pace=instant#deal=8", 1, 13, "Deal 8"),
], ids=["short"])
def test_review_and_replay_in_every_game(game_page: GamePage, query: str, first: int, tricks: int,
                                         sub: str) -> None:
    game_page.open(query)
    dealt = first_hand(game_page)
    finish_hand(game_page)
    took = open_review(game_page)
    print(f"\n{query}: analysis {took:.1f} s, {step_times(game_page)}")
    assert sub in (game_page.text_content("#review-sub") or "")
    assert game_page.text_content("#review-pos") == f"Trick {first} of {tricks}"
    game_page.keyboard.press("End")
    assert game_page.text_content("#review-pos") == f"Trick {tricks} of {tricks}"
    assert all(c != "" for c in game_page.locator("#review .rv-play").evaluate_all(
        "els => els.map(e => e.dataset.cost)"))
    assert game_page.text_content("#review-summary")
    game_page.click("#review-replay")
    game_page.wait_for_function("() => !document.querySelector('#review').open")
    assert first_hand(game_page) == dealt
