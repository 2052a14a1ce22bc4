"""Expert with your cards, in Chromium (issue 17): every hand you finish is replayed by the analyst
worker with Expert in your seat, by itself; the summary's button shows the answer beside your
result, and the stats keep each hand once (undone and played again: its final play; a reload
mid-replay: replayed again when the game is restored).

The hand is played at ``?pace=instant`` with your lowest legal card; the worker boots when the
hand is over (the computers are Normal, the coach is off), and the summary stays usable meanwhile.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from tests.e2e.test_a11y import serious_violations
from tests.e2e.test_play import click_card, legal_from_page, read
from tests.e2e.test_review import OVER, YOUR_TURN_OR_OVER, finish_hand
from whist.engine.seats import SEAT_NAMES
from whist.table.duplicate import Duplicate, answer

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

DONE = '#expert-result[data-state="done"]'
#: Its three replays (the first hand, that hand played again, the second hand) take 9 s in CPython
#: (deal 6's: 15 s).
SEED = 17


STATS = "() => JSON.parse(localStorage.getItem('whist:stats') || '{}')"


def stored_hands(page: GamePage, count: int) -> dict[str, list[int | str]]:
    """The stats' hands against Expert once there are ``count`` of them (the replays run by themselves)."""
    page.wait_for_function(f"() => ((({STATS})()).duplicate || []).length >= {count}", timeout=600_000)
    stats = page.evaluate(STATS)
    return {"duplicate": stats["duplicate"], "keys": stats["duplicate_keys"]}


def expert_answer(page: GamePage, hand: int) -> Duplicate:
    """The engine's replay (in CPython) of the stored game's ``hand`` (from 0), as the worker plays it."""
    record = json.loads(page.evaluate("() => localStorage.getItem('whist:game')"))["record"]
    return Duplicate.from_json(answer(json.dumps({"record": record, "hand": hand, "human": "S",
                                                  "levels": dict.fromkeys(SEAT_NAMES, "normal")})))


def test_every_hand_is_replayed_by_itself_counted_once_and_shown_with_the_stats(game_page: GamePage) -> None:
    """One game: its first hand replayed with no button pressed; played again (undo) and the
    button pressed while Expert replays the new play; the next hand replayed across a reload."""
    game_page.open(f"?pace=instant&seed={SEED}", replays=True)
    finish_hand(game_page)
    first = stored_hands(game_page, 1)  # no button pressed
    game_id = json.loads(game_page.evaluate("() => localStorage.getItem('whist:game')"))["id"]
    assert first["keys"] == [f"{game_id}/0"]
    assert game_page.is_visible("#summary-expert") and game_page.is_hidden("#expert-result")  # shown when asked
    game_page.click("#summary-expert")  # the answer kept: shown at once, no second replay
    game_page.wait_for_selector(DONE, timeout=5_000)
    # Undo your last four cards and play them again, highest first: the hand is counted once, its final play.
    for _ in range(4):
        game_page.click("#summary-undo" if game_page.is_visible("#summary-undo") else "#undo-btn")
        game_page.wait_for_function(YOUR_TURN_OR_OVER)
    for _ in range(13):
        game_page.wait_for_function(YOUR_TURN_OR_OVER)
        table = read(game_page)
        if table["phase"] != "play":
            break
        click_card(game_page, max(legal_from_page(table)))
    game_page.wait_for_function(OVER)
    game_page.wait_for_selector("#summary:not([hidden])")
    yours = int(game_page.text_content("#sum-tricks-us") or "")
    game_page.click("#summary-expert")  # this play's replay: under way by itself
    assert game_page.text_content("#expert-result") == "Expert is playing your cards\u2026"
    assert game_page.is_enabled("#next-hand")  # the summary does not wait
    final = expert_answer(game_page, 0)  # the worker's replay is the engine's: Expert searches without a time cap
    game_page.wait_for_selector(DONE, timeout=600_000)
    assert game_page.is_hidden("#summary-expert")
    assert game_page.evaluate("() => document.activeElement.id") == "next-hand"  # the focus is not lost
    cells = game_page.eval_on_selector_all("#expert-result tr",
                                           "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert [c.strip() for c in cells[0]] == ["", "You", "Expert"]
    assert cells[1][0].strip() == "Tricks" and int(cells[1][1]) == yours
    expert = int(cells[1][2])
    text = game_page.text_content("#expert-text") or ""
    assert text.startswith(f"Expert took {expert} trick") and "with your cards" in text
    if len(cells) > 2:  # the first difference, side by side and in words
        trick = int(cells[2][0].split()[1])
        assert f"the play first differed at trick {trick}: Expert" in text
        assert f"the {cells[2][2].strip()}" in text and f"the {cells[2][1].strip()}" in text
    else:
        assert "the same cards as you" in text
    # (so any machine agrees)
    assert (final.yours, final.expert, final.text) == (yours, expert, text)
    assert serious_violations(game_page, "summary with Expert's result") == []
    # the replay under way when pressed: not a second one; the first play's figure replaced, not added
    assert final.delta == yours - expert
    assert stored_hands(game_page, 1) == {"duplicate": [final.delta], "keys": [f"{game_id}/0"]}
    game_page.tool("stats-btn")
    game_page.wait_for_selector("#stats[open]")
    # the hand counts as it ends, its game not over: one hand played, beside "your one hand so far"
    tile = "#stats-tiles [data-stat=%s] .stat-value"
    assert game_page.text_content(tile % "hands_played") == "1" and game_page.text_content(tile % "played") == "0"
    figure = game_page.text_content("#dup-figure") or ""
    sign = "\u2212" if yours < expert else "+" if yours > expert else ""
    assert figure == (f"Against Expert with the same cards: {sign}{abs(yours - expert)}.0 tricks a hand "
                      "over your one hand so far")
    label = game_page.get_attribute("#stats-duplicate svg[role=img]", "aria-label") or ""
    assert re.search(r"oldest first: [\u2212+]?\d+$", label)
    assert serious_violations(game_page, "stats with the duplicate figure") == []
    game_page.keyboard.press("Escape")
    game_page.wait_for_function("() => !document.querySelector('#stats').open")
    # The next hand, and a reload while Expert replays it: the restored game replays it, counted once.
    game_page.click("#next-hand")
    finish_hand(game_page)
    game_page.restart()  # (the replays go on after it: whist.web.testing keeps them on)
    second = stored_hands(game_page, 2)
    assert second == {"duplicate": [final.delta, expert_answer(game_page, 1).delta],
                      "keys": [f"{game_id}/0", f"{game_id}/1"]}
    game_page.click("#summary-expert")  # the restored summary: the answer kept, not replayed again
    game_page.wait_for_selector(DONE, timeout=600_000)
    assert stored_hands(game_page, 2) == second


#: A browser that cannot start the worker: every Worker refuses to be made.
NO_WORKER = "window.Worker = function () { throw new Error('workers are off in this test'); };"


def test_without_a_worker_it_says_so(fresh_page: GamePage) -> None:
    game_page = fresh_page  # a page of its own: no worker can be made in it, from its first script
    game_page.add_init_script(NO_WORKER)
    game_page.ignore("workers are off in this test")
    game_page.clock.install()  # the page's time runs on, and can be moved on past the wait for the worker
    game_page.open("?pace=instant&seed=4242", replays=True)
    finish_hand(game_page)
    game_page.click("#summary-expert")
    assert game_page.text_content("#expert-result") == "Expert is playing your cards\u2026"
    game_page.clock.fast_forward(61_000)
    game_page.wait_for_function(
        "() => document.querySelector('#expert-result').textContent.includes('not available')", timeout=60_000)
    assert "Web Worker" in (game_page.text_content("#expert-result") or "")


#: A browser whose workers never start: each Worker is made, takes every message, and never answers.
SILENT_WORKER = ("window.Worker = class extends EventTarget { postMessage() {} terminate() {} };"
                 "localStorage.setItem('whist:settings', JSON.stringify({v: 1, coach: true}));")


def test_a_worker_that_never_starts_is_given_up(fresh_page: GamePage) -> None:
    """The analyst's boot times out (whist.web.thinking.BOOT_SECONDS): the coach says once that it
    cannot judge, Expert with your cards says it is not available, the review runs on the page."""
    game_page = fresh_page  # a page of its own: its workers never start, from its first script
    game_page.add_init_script(SILENT_WORKER)
    game_page.clock.install()
    game_page.open("?pace=instant&seed=8", replays=True)  # reviewed in 0.1 s in CPython (benchmarks/review.py)
    play = game_page.locator('#hand button.card[aria-disabled="false"]')
    game_page.wait_for_function("() => !!document.querySelector('#hand button.card[aria-disabled=\"false\"]')")
    play.first.click()
    game_page.wait_for_timeout(2_000)
    assert game_page.get_attribute("body", "data-analyst") is None  # still starting: no answer, no failure
    assert game_page.is_hidden("#coach")
    game_page.clock.fast_forward(61_000)
    game_page.wait_for_selector('body[data-analyst="failed"]', timeout=30_000)
    game_page.wait_for_selector("#coach:not([hidden])", timeout=30_000)
    assert "cannot judge your cards" in (game_page.text_content("#coach-text") or "")
    assert game_page.is_hidden("#coach-undo")
    finish_hand(game_page)
    game_page.click("#summary-expert")
    game_page.wait_for_function(
        "() => document.querySelector('#expert-result').textContent.includes('not available')", timeout=30_000)
    game_page.click("#review-open")
    game_page.wait_for_selector("#review[open]")
    game_page.wait_for_function("() => document.querySelector('#review').dataset.analysis === 'done'",
                                timeout=600_000)
    assert game_page.get_attribute("#review", "data-where") == "page"
