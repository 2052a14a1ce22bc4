"""Bad data found in issue 37, in Chromium: nothing a link or a replay deals loses the game in
progress it deals over.

- A ``#deal=`` or ``?game=`` link opened in a new tab (no other tab holding the game) deals what it
  asks for, keeps the game in progress aside (``whist:game:earlier``) and asks which to play on;
  the question comes back after a reload until it is answered.
- "Replay this deal" on the hand summary deals the same cards in a new game, keeps the running game
  aside with its score, and offers it back.

All on the shared page: the new tab is the page reset on what the device keeps (its
localStorage; a new sessionStorage, no table open) at the link's address, and a reload is the
page's restart on what it keeps (``GamePage.restart``). Real reloads and second tabs are tested
in test_persistence and test_tabs.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import GamePage
from tests.e2e.test_controls import state
from tests.e2e.test_persistence import INSTANT, SEED, stored
from tests.e2e.test_play import play_lowest, wait_your_move
from tests.e2e.test_review import finish_hand

CHOICE = "#link-choice:not([hidden])"
GAME = "whist:game"
EARLIER = "whist:game:earlier"


def settled(page: GamePage) -> dict[str, Any]:
    """The table once it is your move again (the computers have played)."""
    wait_your_move(page)
    return state(page)


def game_in_progress(page: GamePage) -> tuple[dict[str, Any], dict[str, Any], dict[str, str]]:
    """A game in progress saved on a device whose only tab is then closed: the table as it was
    left, the saved game and all that the device keeps (its localStorage)."""
    page.open(INSTANT.format(seed=SEED))
    wait_your_move(page)
    play_lowest(page)
    mine = settled(page)
    return mine, stored(page, GAME), page.evaluate("() => ({...localStorage})")


def test_a_deal_link_in_a_new_tab_keeps_the_game_in_progress(game_page: GamePage) -> None:
    mine, saved, device = game_in_progress(game_page)
    tab = game_page
    tab.open(f"?pace=instant#deal={SEED + 1}", storage=device)  # a new tab of that device: no tab holds the game
    wait_your_move(tab)
    assert stored(tab, GAME)["record"]["seed"] == SEED + 1       # the link's deal is dealt...
    kept = stored(tab, EARLIER)
    assert (kept["id"], kept["record"]) == (saved["id"], saved["record"])  # ...and the game kept aside
    tab.wait_for_selector(CHOICE)
    assert "You have a game in progress" in tab.inner_text("#link-choice")
    assert "You have a game in progress" in tab.inner_text("#announce")
    # Not answered: a reload asks again, on the link's deal.
    tab.restart()
    tab.wait_for_selector(CHOICE)
    assert stored(tab, GAME)["record"]["seed"] == SEED + 1
    # Back to the game in progress, exactly where it was left; nothing is kept aside any more.
    tab.click("#link-earlier")
    tab.wait_for_selector("#link-choice", state="hidden")
    assert settled(tab) == mine
    assert stored(tab, GAME)["id"] == saved["id"] and stored(tab, EARLIER) is None
    tab.restart()
    assert settled(tab) == mine and tab.locator(CHOICE).count() == 0


def test_a_game_link_in_a_new_tab_asks_and_the_new_game_can_be_chosen(game_page: GamePage) -> None:
    _, saved, device = game_in_progress(game_page)
    tab = game_page
    tab.open("?pace=instant&game=german", storage=device)
    tab.wait_for_selector(CHOICE)
    assert stored(tab, GAME)["record"]["game"] == "german"
    assert stored(tab, EARLIER)["record"] == saved["record"]
    tab.click("#link-new")                                      # play the German game: the other is dropped
    tab.wait_for_selector("#link-choice", state="hidden")
    assert stored(tab, EARLIER) is None and stored(tab, GAME)["record"]["game"] == "german"
    tab.restart()
    assert "German" in (tab.text_content(".brand-sub") or "") and tab.locator(CHOICE).count() == 0


def test_replaying_a_deal_keeps_the_running_game_and_its_score(game_page: GamePage) -> None:
    game_page.open(INSTANT.format(seed=SEED))
    dealt = sorted(c["card"] for c in wait_your_move(game_page)["hand"])
    finish_hand(game_page)
    assert game_page.evaluate("() => document.body.dataset.phase") == "hand-over"  # the game goes on
    score = (game_page.text_content("#score-us"), game_page.text_content("#score-them"))
    before = stored(game_page, GAME)
    game_page.click("#review-replay-sum")
    game_page.wait_for_function("() => document.body.dataset.phase === 'play'")
    assert sorted(c["card"] for c in wait_your_move(game_page)["hand"]) == dealt  # the same cards again
    assert (game_page.text_content("#score-us"), game_page.text_content("#score-them")) == ("0", "0")
    assert stored(game_page, EARLIER)["record"] == before["record"]  # the running game is kept, score and all
    game_page.wait_for_selector(CHOICE)
    assert "kept on this device" in game_page.inner_text("#link-choice")
    game_page.click("#link-earlier")
    game_page.wait_for_function("() => document.body.dataset.phase === 'hand-over'")
    assert (game_page.text_content("#score-us"), game_page.text_content("#score-them")) == score
    assert stored(game_page, GAME)["record"] == before["record"] and stored(game_page, EARLIER) is None
