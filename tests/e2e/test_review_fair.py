"""A review that is fair (issue 17): the worker marks every trick, each mark shown as it
comes, and the headline names whose cards cost what.

The hand is finished at ``?pace=instant`` by playing your lowest legal card; the review
asks the worker one position at a time, from the last play back, and the dialog stays
usable meanwhile (the keys step through the hand while the early tricks are analysed).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from tests.e2e.test_review import ANALYSED, OVER, finish_hand, first_hand, step_times
from tests.e2e.test_turn import PLAY_FIRST, WAITS

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

#: The trick the worker analyses now, as the dialog says, and the marks shown so far.
STATE = """() => ({text: document.querySelector('#review-progress-text').textContent,
    analysing: document.querySelector('#review').dataset.analysing || '',
    open: document.querySelectorAll('#review-strip .rv-open').length})"""


def finish_with_dummy(page: GamePage) -> None:
    """Play your first legal card, or your dummy's, to the end of the hand."""
    for _ in range(60):
        page.wait_for_function(WAITS, timeout=60_000)
        if page.get_attribute("body", "data-phase") != "play":
            break
        card = page.evaluate(PLAY_FIRST)
        if card:
            page.wait_for_function("(c) => !document.querySelector(`#hand [data-card='${c}'], "
                                   "#dummy-hand [data-card='${c}']`)", arg=card)
    page.wait_for_function(OVER)
    page.wait_for_selector("#summary:not([hidden])")


#: Each game's query, its tricks, the trick the review opens at and what its heading says (German
#: Whist: Phase Two; those of German and Contract Whist's hands also checked, with the replay of the
#: deal, for test_review.py's every game: the same hands, reviewed once).
@pytest.mark.parametrize(("query", "tricks", "first", "sub"), [
    ("?pace=instant&seed=19", 13, 1, None),  # marked in 1.6 s in CPython: "Analysing trick N…" still seen
    ("?game=dummy&pace=instant#deal=8", 13, 1, None),  # (deal 11: 7.6 s)
    ("?game=german&pace=instant#deal=5", 26, 14, "Phase Two reviewed"),
    ("?game=contract&pace=instant#deal=6", 13, 1, "contract:"),  # marked in 0.5 s (deal 2: 4.4 s; benchmarks/review.py)
], ids=["classic", "dummy", "german", "contract"])
def test_every_trick_is_marked_in_the_worker(game_page: GamePage, query: str, tricks: int, first: int,
                                             sub: str | None) -> None:
    game_page.open(query)
    dealt = first_hand(game_page) if sub else None
    thinker = game_page.get_attribute("body", "data-thinker")  # (a shared page's: booted by an earlier test, or not)
    (finish_with_dummy if "dummy" in query else finish_hand)(game_page)
    game_page.click("#review-open")
    game_page.wait_for_selector("#review[open]")
    # While the worker works, the dialog says which trick, truly, and the keys still step.
    game_page.wait_for_function("() => /^Analysing trick \\d+\u2026$/.test("
                                "document.querySelector('#review-progress-text').textContent)"
                                " || document.querySelector('#review').dataset.analysis === 'done'",
                                timeout=90_000)
    seen = game_page.evaluate(STATE)
    if seen["analysing"]:
        assert seen["text"] == f"Analysing trick {seen['analysing']}\u2026"
    if sub:
        assert sub in (game_page.text_content("#review-sub") or "")
    assert game_page.text_content("#review-pos") == f"Trick {first} of {tricks}"
    game_page.focus("#review-next")
    game_page.keyboard.press("End")
    assert game_page.text_content("#review-pos") == f"Trick {tricks} of {tricks}"
    game_page.wait_for_function(ANALYSED, timeout=240_000)
    print(f"\n{query}: {step_times(game_page)}")
    assert game_page.get_attribute("#review", "data-where") == "worker"
    # In the analyst, a worker of its own: the computers' worker (none needed at Normal) was not booted.
    assert game_page.get_attribute("body", "data-analyst") == "ready"
    assert game_page.get_attribute("body", "data-thinker") == thinker
    assert game_page.text_content("#review-progress-text") == "Double-dummy marks for every trick."
    assert game_page.locator("#review-strip .rv-open").count() == 0
    game_page.keyboard.press("Home")
    for _ in range(tricks):
        costs = game_page.locator("#review .rv-play").evaluate_all("els => els.map(e => e.dataset.cost)")
        assert costs and all(c != "" for c in costs)
        assert game_page.locator("#review .rv-unknown").count() == 0  # no "?"
        game_page.keyboard.press("ArrowRight")
    headline = game_page.text_content("#review-summary") or ""
    assert re.search(r"^Your side (lost no trick to its own play: perfect double-dummy play\.|could have taken \d+ "
                     r"more tricks? with perfect information: your cards( and your dummy North's)? cost )", headline)
    assert "(in the last" not in headline
    other = "North" if "german" in query else "East\u2013West"
    assert f" {other}'s cards cost " in headline, headline
    # Each costly card names its seat: in the strip button's name (its words for the ear) and in the trick's note.
    for button in game_page.locator("#review-strip .rv-lost, #review-strip .rv-gift").all():
        label = button.locator(".sr-only").text_content() or ""
        assert re.match(r"Trick \d+: (your|your partner North's|your dummy North's|North's|East's|West's) card cost \d",
                        label), label
        button.click()
        note = game_page.text_content("#review-note") or ""
        assert re.match(r"(Your|Your partner North's|Your dummy North's|North's|East's|West's) ", note), note
    game_page.keyboard.press("Escape")
    assert game_page.locator("#review[open]").count() == 0
    if dealt is not None:  # the review's Replay deals the same cards again
        game_page.click("#review-open")
        game_page.click("#review-replay")
        game_page.wait_for_function("() => !document.querySelector('#review').open")
        assert first_hand(game_page) == dealt
