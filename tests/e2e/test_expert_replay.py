"""Expert with your cards, in Chromium (issue 17): the summary's button has the worker replay the
hand with Expert in your seat; the answer shows beside your result, and the stats keep it.

The hand is played at ``?pace=instant`` with your lowest legal card; the worker boots when the
button is pressed (the computers are Normal), and the summary stays usable meanwhile.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from tests.e2e.test_a11y import serious_violations
from tests.e2e.test_review import finish_hand
from whist.engine.seats import SEAT_NAMES
from whist.table.duplicate import Duplicate, answer

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

DONE = '#expert-result[data-state="done"]'


def test_expert_plays_your_cards_and_the_stats_keep_the_figure(game_page: GamePage) -> None:
    game_page.open("?pace=instant&seed=4242")
    finish_hand(game_page)
    yours = int(game_page.text_content("#sum-tricks-us") or "")
    game_page.click("#summary-expert")
    assert game_page.text_content("#expert-result") == "Expert is playing your cards\u2026"
    assert game_page.is_enabled("#next-hand")  # the summary does not wait
    game_page.wait_for_selector(DONE, timeout=240_000)
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
    # the worker's replay is the engine's: Expert searches without a time cap, so any machine agrees
    record = json.loads(game_page.evaluate("() => localStorage.getItem('whist:game')"))["record"]
    here = Duplicate.from_json(answer(json.dumps({"record": record, "hand": 0, "human": "S",
                                                  "levels": dict.fromkeys(SEAT_NAMES, "normal")})))
    assert (here.yours, here.expert, here.text) == (yours, expert, text)
    assert serious_violations(game_page, "summary with Expert's result") == []
    stored = json.loads(game_page.evaluate("() => localStorage.getItem('whist:stats')"))
    assert stored["duplicate"] == [yours - expert]
    game_page.click("#stats-btn")
    game_page.wait_for_selector("#stats[open]")
    figure = game_page.text_content("#dup-figure") or ""
    sign = "\u2212" if yours < expert else "+" if yours > expert else ""
    assert figure == (f"Against Expert with the same cards: {sign}{abs(yours - expert)}.0 tricks a hand "
                      "over your one hand so far")
    label = game_page.get_attribute("#stats-duplicate svg[role=img]", "aria-label") or ""
    assert re.search(r"oldest first: [\u2212+]?\d+$", label)
    assert serious_violations(game_page, "stats with the duplicate figure") == []


#: A browser that cannot start the worker: every Worker refuses to be made.
NO_WORKER = "window.Worker = function () { throw new Error('workers are off in this test'); };"


def test_without_a_worker_it_says_so(game_page: GamePage) -> None:
    game_page.add_init_script(NO_WORKER)
    game_page.ignore("workers are off in this test")
    game_page.clock.install()  # the page's time runs on, and can be moved on past the wait for the worker
    game_page.open("?pace=instant&seed=4242")
    finish_hand(game_page)
    game_page.click("#summary-expert")
    assert game_page.text_content("#expert-result") == "Expert is playing your cards\u2026"
    game_page.clock.fast_forward(61_000)
    game_page.wait_for_function(
        "() => document.querySelector('#expert-result').textContent.includes('not available')", timeout=60_000)
    assert "Web Worker" in (game_page.text_content("#expert-result") or "")
