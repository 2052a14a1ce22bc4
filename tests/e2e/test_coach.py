"""The coach in the real page: with the setting on, a costly card of yours is pointed out in
``#coach`` (thought in the worker, while play goes on), with Undo; with it off, nothing shows.

The position is tests/test_coach.py's over-take: deal 46, the Normal players' cards up to
South's eleventh card, where the A♠ over-takes North's winning spade (Expert plays the 2♠)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.e2e.conftest import ON_LOAD, settings_storage, shot
from tests.e2e.test_hints import watched
from tests.e2e.test_play import click_card, play_lowest, wait_your_move
from tests.test_coach import MISTAKES, played_to
from whist.engine.seats import Seat

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

SEED, ACTIONS, CARD, BEST, WORDS = MISTAKES["over-take"]


def coach_settings(coach: bool) -> dict[str, str]:
    """The stored settings: the instant pace, and the coach on or off."""
    return settings_storage(speed="instant", trick_pause="none", coach=coach)


#: Whether two boxes overlap.
OVERLAP = """([a, b]) => { const r = document.querySelector(a).getBoundingClientRect(),
  s = document.querySelector(b).getBoundingClientRect();
  return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom; }"""


#: Marks of the page's asking the worker: a computer's card (data-thinking) or the coach (data-coach).
ASKING = ON_LOAD + """window.__asks = [];
if (!window.__whistAsking) onLoad(() => { window.__whistAsking = true; new MutationObserver(() => {
  const d = document.body.dataset; window.__asks.push((d.thinking || "0") + (d.coach ? "c" : "-"));
}).observe(document.body, {attributes: true, attributeFilter: ["data-thinking", "data-coach"]});
  document.addEventListener("click", (e) => {  // capturing: marked before the page plays the card
    if (e.target.closest("#hand button.card")) window.__asks.push("you");
  }, true); });"""


def to_the_position(page: GamePage, coach: bool) -> None:
    """Open deal 46 and play South's cards of the seeded hand, up to the costly card (not played);
    ``window.__asks`` records each time the page asks the coach (:data:`ASKING`)."""
    page.open(f"?seed={SEED}", storage=coach_settings(coach), script=ASKING)
    st = played_to(SEED, ACTIONS)
    mine = [a for i, a in enumerate(st.actions) if st.actor_of(i) == Seat.S]
    for card in mine:
        wait_your_move(page)
        click_card(page, card)
    wait_your_move(page)


def test_the_coach_points_out_a_costly_card_and_undo_takes_it_back(game_page: GamePage) -> None:
    to_the_position(game_page, coach=True)
    click_card(game_page, CARD)
    game_page.wait_for_selector("#coach:not([hidden])", timeout=90000)  # the worker boots, then judges
    text = game_page.text_content("#coach-text") or ""
    assert text.startswith("Coach: the 2\u2660 was better than the A\u2660") and WORDS in text
    assert text in game_page.inner_text("#announce")
    for other in ("#hand", "#trick", "#seat-N .plate"):
        assert not game_page.evaluate(OVERLAP, ["#coach", other]), f"the coach covers {other}"
    game_page.click("#coach-undo")
    game_page.wait_for_selector(f'#hand button.card[data-card="{CARD}"][aria-disabled="false"]')
    assert game_page.is_hidden("#coach")
    # Played again, the same card is judged again; the close button dismisses it.
    click_card(game_page, CARD)
    game_page.wait_for_selector("#coach:not([hidden])", timeout=90000)
    game_page.click("#coach-close")
    assert game_page.is_hidden("#coach")


PHONES: list[ViewportSize] = [{"width": 390, "height": 844}, {"width": 844, "height": 390}]


def test_with_the_coach_off_nothing_shows(browser: Browser, dev_server: str, request: pytest.FixtureRequest) -> None:
    """On the phone's shared page, before the next test turns the coach on there (and uses the
    worker this one boots); a page of its own if an earlier test left a worker in that one."""
    game_page = watched(browser, dev_server, request, PHONES[0], True)
    to_the_position(game_page, coach=False)
    if game_page.get_attribute("body", "data-analyst") is not None:  # a worker of an earlier test's
        game_page = request.getfixturevalue("fresh_page")
        to_the_position(game_page, coach=False)
    click_card(game_page, CARD)
    wait_your_move(game_page)
    play_lowest(game_page)  # (a coach that was on would have asked about the first card by the next turn)
    wait_your_move(game_page)
    assert not [m for m in game_page.evaluate("window.__asks") if m.endswith("c")], "the coach was asked"
    assert game_page.is_hidden("#coach")
    assert game_page.get_attribute("body", "data-analyst") is None  # no worker was booted for it
    # Turned on in the Settings dialog, the coach boots the worker (no computer here plays at Hard or Expert).
    game_page.tool("settings-btn")
    game_page.check("#set-coach")
    game_page.click("#settings-done")
    game_page.wait_for_selector('body[data-analyst="ready"]', state="attached", timeout=90000)
    assert game_page.get_attribute("body", "data-thinker") is None  # the computers' worker: not needed here
    assert '"coach":true' in (game_page.evaluate("localStorage.getItem('whist:settings')") or "")


def coach_fits(page: GamePage, size: ViewportSize) -> None:
    """The coach shown on a phone of ``size`` covers nothing and its buttons are big enough to tap; the
    phone turned, it finds its place again."""
    wait_your_move(page)
    shot(page, f"coach-{size['width']}x{size['height']}")
    for other in ("#hand", "#trick", ".toolbar", "#seat-N .plate"):
        assert not page.evaluate(OVERLAP, ["#coach", other]), f"the coach covers {other}"
    for button in ("#coach-undo", "#coach-close"):
        box = page.locator(button).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
    # The phone turned: the coach finds its place again.
    page.set_viewport_size({"width": size["height"], "height": size["width"]})
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")  # laid out
    for other in ("#hand", "#trick", ".toolbar", "#seat-N .plate"):
        assert not page.evaluate(OVERLAP, ["#coach", other]), f"turned, the coach covers {other}"


def test_the_coach_on_a_phone_covers_neither_the_hand_nor_the_trick(
        browser: Browser, dev_server: str, request: pytest.FixtureRequest) -> None:
    """Shown upright, then (taken back and played again) shown on its side: each time it fits, and
    again once the phone is turned."""
    page = watched(browser, dev_server, request, PHONES[0], True)
    to_the_position(page, coach=True)
    for size in PHONES:
        page.set_viewport_size(size)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")  # laid out
        click_card(page, CARD)
        page.wait_for_selector("#coach:not([hidden])", timeout=90000)
        coach_fits(page, size)
        page.tap("#coach-undo")
        page.wait_for_selector(f'#hand button.card[data-card="{CARD}"][aria-disabled="false"]')
        assert page.is_hidden("#coach")


def test_the_coach_waits_for_the_slow_computers(game_page: GamePage) -> None:
    """Hard opponents think in the thinker, the coach in the analyst, in one worker (never three
    Pythons: the page's and two workers): the coach asks about your card only once they are done
    (at your turn, while you think; a card of yours played before its answer comes may wait for that)."""
    game_page.open("?seed=4242", script=ASKING,
                   storage=settings_storage(speed="fast", opponent_level="hard", coach=True))
    game_page.wait_for_selector('body[data-thinker="ready"]', state="attached", timeout=90000)
    game_page.wait_for_selector('body[data-analyst="ready"]', state="attached", timeout=90000)
    for i in range(3):
        wait_your_move(game_page, timeout=60000)
        play_lowest(game_page)
        game_page.wait_for_function("(n) => window.__asks.filter(m => m.endsWith('c')).length >= n", arg=i + 1,
                                    timeout=60000)
    marks = game_page.evaluate("window.__asks")
    # After each card of yours: first the opponents think, then the coach is asked, never while they think.
    # A round: the marks from one card of yours (marked as it is clicked) to the next. In some rounds
    # no computer plays before your turn comes back (your card won the trick, and you lead again).
    # (The coach may still be asking about your last card as you play the next: only a new question counts.)
    rounds: list[list[tuple[str, bool]]] = [[]]  # each mark, and whether the coach was newly asked
    state = "0-"
    for m in marks:
        if m == "you":
            rounds.append([])
            continue
        rounds[-1].append((m, state.endswith("-") and m.endswith("c")))
        state = m
    waited = 0
    for seen in rounds:
        starts = [i for i, (m, new) in enumerate(seen) if new]
        if starts:
            first = starts[0]
            assert seen[first][0] == "0c", marks  # asked once no computer thinks
            assert not any(m.startswith("1") for m, _ in seen[first:]), marks  # and none is left to play
            waited += any(m.startswith("1") for m, _ in seen[:first])
    assert waited >= 1, marks  # and at least once there was thinking to wait for
    # One worker for both (whist/web/thinking.py), whichever of them started it (on this shared page,
    # the coach's analyst of the tests before, or the thinker): every worker alive, and those started.
    assert len(game_page.page.workers) == 1, [w.url for w in game_page.page.workers]
    assert game_page.get_attribute("body", "data-workers") == "1"
