"""Hard opponents think in a Web Worker: the page stays live while they do (issue 5 item 4).

Each Hard card is 100 ms to 1 s of Monte Carlo search: once the worker is up,
every one of them must be thought there (the page counts any it had to decide
itself in ``body[data-decided-here]``), and the page must go on handling input
while the worker thinks. A ``longtask`` PerformanceObserver records the
main-thread tasks for the report; their length is measured, not tested
(``python benchmarks/longtask.py``): a test never fails on a time.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.conftest import ON_LOAD, settings_storage
from tests.e2e.test_controls import play_lowest, state, wait_your_move
from tests.e2e.test_play import YOUR_MOVE, legal_from_page, read
from whist.engine.cards import parse_card
from whist.table.words import glyph

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

#: Records long tasks, the moment data-ready is set, and whether the page awaited the thinker
#: (for ``open(script=)``: the observers are made once a page, the record anew each time).
WATCH = ON_LOAD + """
window.__whist = {long: [], ready: null, thinking: 0, marks: [], saidWhileThinking: []};
if (!window.__whistWatching) onLoad(() => {
  window.__whistWatching = true;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__whist.long.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
  new MutationObserver(() => {
    const w = window.__whist, d = document.body.dataset;
    if (w.ready === null && d.ready === "1") w.ready = performance.now();
    if (d.thinking === "1") w.thinking += 1;
    w.marks.push([Math.round(performance.now()), d.thinker || "", d.thinking || ""]);
  }).observe(document.body, {attributes: true, attributeFilter: ["data-ready", "data-thinking", "data-thinker"]});
  // What the live region says while a computer is only thinking (nothing, ever): the records of
  // data-thinking and of #announce's lines, in the order they came; a change's new value is the
  // next change's old one (or the value now, for the last).
  let thinking = document.body.dataset.thinking === "1";
  new MutationObserver((records) => {
    const turns = records.filter(r => r.type === "attributes");
    for (const r of records) {
      if (r.type === "attributes") {
        const next = turns[turns.indexOf(r) + 1];
        thinking = (next ? next.oldValue : document.body.dataset.thinking) === "1";
      } else if (r.target.id === "announce" && thinking) {
        for (const n of r.addedNodes) window.__whist.saidWhileThinking.push(n.textContent);
      }
    }
  }).observe(document.body, {attributes: true, attributeOldValue: true, attributeFilter: ["data-thinking"],
                             childList: true, subtree: true});
});
"""

def watch(page: GamePage) -> dict[str, Any]:
    return page.evaluate("() => window.__whist")


def long_while_thinking(page: GamePage) -> list[tuple[float, float]]:
    """Long tasks that overlap a time the page awaited the worker (data-thinking="1").

    Other long tasks after data-ready are not the thinker's: start-up's tail and,
    on a loaded machine, the first card's rendering and saving (see the report)."""
    seen = watch(page)
    spans, begun = [], None
    for t, _, thinking in seen["marks"]:
        if thinking == "1" and begun is None:
            begun = t
        elif thinking != "1" and begun is not None:
            spans.append((begun, t))
            begun = None
    return [(round(t), round(d)) for t, d in seen["long"]
            if any(t < b and t + d > a for a, b in spans)]


def played(page: GamePage, card: str) -> None:
    """Wait until ``card`` has left your hand (played: it is in the trick, or the trick is gone)."""
    try:
        page.wait_for_function("(c) => !document.querySelector(`#hand [data-card='${c}']`)", arg=card)
    except PlaywrightTimeoutError:
        seen = page.evaluate("""() => ({status: document.getElementById('status').textContent,
          body: {...document.body.dataset}, trick: [...document.querySelectorAll('#trick [data-card]')]
          .map(e => e.dataset.seat + e.dataset.card)})""")
        raise AssertionError(f"the {card} was clicked and never left your hand: {seen}") from None


#: The player's stored settings (whist.web.storage): Hard opponents from the first card.
HARD_OPPONENTS = settings_storage(opponent_level="hard")


def test_hard_opponents_think_in_a_worker_and_the_page_stays_live(game_page: GamePage) -> None:
    # the player's own pace: cards and tricks shown for a person
    game_page.open("?seed=4242", script=WATCH, storage=HARD_OPPONENTS)
    game_page.wait_for_selector('body[data-thinker="ready"]', state="attached", timeout=90000)
    for _ in range(3):  # three tricks at normal pace
        wait_your_move(game_page, timeout=60000)
        card = play_lowest(game_page)
        played(game_page, card)
    wait_your_move(game_page, timeout=60000)
    seen = watch(game_page)
    assert seen["thinking"] > 0, "no Hard card was thought in the worker"
    # While a computer thinks the page goes on showing (and saying) the cards already played, and
    # says nothing of the thinking itself: no "thinking", no line twice.
    said = seen["saidWhileThinking"]
    assert said, "no card was said while the next computer thought (the page shows cards meanwhile)"
    for line in said:
        assert re.match(r"(\w+ plays the |You play the |\w+ wins? the trick\. |Your (turn|lead))", line), line
    assert len(set(said)) == len(said), said
    assert game_page.get_attribute("body", "data-decided-here") is None, "a Hard card was thought on the page"
    print(f"long tasks while thinking (start, ms): {long_while_thinking(game_page)}; all: {seen['long']}; "
          f"ready at {seen['ready']:.0f}; thinker, thinking: {seen['marks']}")


def test_undo_while_a_hard_computer_thinks(game_page: GamePage) -> None:
    game_page.open("?pace=fast&seed=808", script=WATCH, storage=HARD_OPPONENTS)
    game_page.wait_for_selector('body[data-thinker="ready"]', state="attached", timeout=90000)
    for _ in range(12):  # until a card of yours hands over to a Hard opponent
        wait_your_move(game_page, timeout=60000)
        before = state(game_page)
        card = play_lowest(game_page)
        game_page.wait_for_function(f"() => document.body.dataset.thinking === '1' || ({YOUR_MOVE})()",
                                    timeout=60000)
        if game_page.get_attribute("body", "data-thinking") == "1":
            break
    else:
        raise AssertionError("no opponent ever thought after your card")
    assert game_page.get_attribute("#undo-btn", "aria-disabled") == "false"
    game_page.click("#undo-btn")
    wait_your_move(game_page)
    assert state(game_page) == before
    # The worker's late answer never lands.
    game_page.wait_for_timeout(2000)
    assert state(game_page) == before
    assert f'"{card}"' not in str(state(game_page)["trick"])
    # And play goes on: the next card is thought and played as usual.
    play_lowest(game_page)
    wait_your_move(game_page, timeout=60000)


def test_a_hint_at_hard_is_thought_in_the_worker(game_page: GamePage) -> None:
    """Hints play at your partner's strength: a Hard partner's hint comes from the worker."""
    game_page.open("?pace=instant&seed=4242", script=WATCH, storage=settings_storage(partner_level="hard"))
    game_page.wait_for_selector('body[data-thinker="ready"]', state="attached", timeout=90000)
    wait_your_move(game_page, timeout=60000)
    game_page.keyboard.press("i")
    game_page.wait_for_selector("#hand button.card.hint[data-hint='1']", timeout=30000)
    hinted = game_page.get_attribute("#hand button.card.hint", "data-card")
    # (Not compared with CPython's choice: in the browser the time cap binds, as it should.)
    assert hinted in legal_from_page(read(game_page))
    # Its reason came with it from the worker: it names the card (the search's figure, or the rule it kept).
    reason = game_page.text_content("#hint-reason") or ""
    assert glyph(parse_card(hinted or "")) in reason and reason in game_page.inner_text("#announce")
    game_page.click(f'#hand button.card[data-card="{hinted}"]', position={"x": 8, "y": 24})
    wait_your_move(game_page, timeout=60000)
