"""Two tabs of the site, in Chromium: a tab whose game another tab saved over says so and lets
the player choose which game to keep, even after a reload; nothing is lost without the player's say,
not even by a tab closed while the computers play.

Both tabs are pages of one browser context (one localStorage, a sessionStorage each), at
``?pace=instant``; the first plays the lowest legal card. Screenshots go to ``$WHIST_SHOTS``.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.e2e.conftest import GamePage
from tests.e2e.test_controls import state
from tests.e2e.test_persistence import INSTANT, SEED, notice, read_stats, shot, stored
from tests.e2e.test_play import play_lowest, wait_your_move
from whist.engine.seats import Seat
from whist.engine.state import GameState

CHOICE = "#tab-choice:not([hidden])"

#: Deals whose game the lowest-card player ends in one hand (the test checks it in CPython).
ONE_HAND = (333, 599, 659)


def settled(page: GamePage) -> dict[str, object]:
    """The table once it is your move again (the computers have played)."""
    wait_your_move(page)
    return state(page)


def play(page: GamePage) -> None:
    wait_your_move(page)
    play_lowest(page)


def hand(page: GamePage) -> list[str]:
    return [c["card"] for c in wait_your_move(page)["hand"]]


def choice_title(page: GamePage) -> str:
    page.wait_for_selector(CHOICE)
    return page.inner_text("#tab-choice-title")


def test_a_game_continued_in_another_tab_is_not_lost(game_page: GamePage,
                                                    second_tab: Callable[[], GamePage]) -> None:
    game_page.open(INSTANT.format(seed=SEED))
    play(game_page)
    mine = settled(game_page)
    other = second_tab()
    other.open("?pace=instant")                       # a plain visit: the game on this device
    assert settled(other) == mine
    assert other.is_hidden("#tab-choice")
    play(other)
    play(other)
    theirs = settled(other)
    # The first tab is told, and its game is still on its table.
    assert choice_title(game_page) == "This game was continued in another tab"
    assert settled(game_page) == mine
    game_page.set_viewport_size({"width": 1280, "height": 800})
    shot(game_page, "tabs-choice-desktop")
    game_page.set_viewport_size({"width": 360, "height": 640})
    shot(game_page, "tabs-choice-phone")
    # A reload asks again and still shows this tab's game (it was kept in this tab): the page opened
    # again on what it keeps (its sessionStorage too), as a reload reads it.
    game_page.restart()
    assert choice_title(game_page) == "This game was continued in another tab"
    assert settled(game_page) == mine
    saved_here = game_page.evaluate("() => sessionStorage.getItem('whist:game')")
    assert saved_here != game_page.evaluate("() => localStorage.getItem('whist:game')")  # the other's is kept too
    # Keep this one here: it is saved, and now the other tab is asked.
    game_page.click("#tab-here")
    assert game_page.is_hidden("#tab-choice")
    assert choice_title(other) == "This game was continued in another tab"
    assert settled(other) == theirs
    # The other tab takes it: both tabs show this one, and nothing asks any more.
    other.click("#tab-other")
    other.wait_for_selector("#tab-choice", state="hidden")
    assert settled(other) == settled(game_page) == mine
    assert notice(other) == [] and notice(game_page) == []


def test_a_new_game_in_another_tab_can_be_taken_or_turned_down(game_page: GamePage,
                                                               second_tab: Callable[[], GamePage]) -> None:
    game_page.open(INSTANT.format(seed=SEED))
    play(game_page)
    mine = settled(game_page)
    other = second_tab()
    other.open(INSTANT.format(seed=SEED + 1))         # the address asks for another deal
    wait_your_move(other)
    theirs = hand(other)
    assert choice_title(game_page) == "Another tab started a different game"
    assert settled(game_page) == mine
    # Play on here while the question is open: saved in this tab only, the device keeps the other's.
    play(game_page)
    assert stored(game_page, "whist:game")["record"]["seed"] == SEED + 1
    game_page.click("#tab-other")
    game_page.wait_for_selector("#tab-choice", state="hidden")
    assert hand(game_page) == theirs
    assert other.is_hidden("#tab-choice")           # nothing was written over the other tab's game
    play(game_page)
    assert choice_title(other) == "This game was continued in another tab"


def test_two_tabs_finishing_two_games_both_count(game_page: GamePage, second_tab: Callable[[], GamePage]) -> None:
    from tests.e2e.test_persistence import lowest_game, play_to_end

    # Two games of one hand each (the lowest-card player loses them at once): the same count as
    # longer ones, for half the cards.
    short = [s for s in ONE_HAND if lowest_game(s)["hands_played"] == 1][:2]
    assert len(short) == 2, short
    game_page.open(INSTANT.format(seed=short[0]))
    other = second_tab()
    other.open(INSTANT.format(seed=short[1]))
    game_page.wait_for_selector(CHOICE)
    game_page.click("#tab-here")                    # both tabs play their own game
    other.wait_for_selector(CHOICE)
    play_to_end(game_page)
    play_to_end(other)
    assert read_stats(game_page)["played"] == read_stats(other)["played"] == "2"


# Last of the tests of a second tab: it closes the tab (the next test that asks for one boots another).
def test_closing_the_tab_while_the_computers_play_and_coming_back(game_page: GamePage,
                                                                  second_tab: Callable[[], GamePage]) -> None:
    # The shared page waits as a tab with no table and nothing kept; the game is played in a
    # second tab, which is closed (the shared page stays for the tests after this one).
    game_page.open("?pace=instant")
    game_page.park()
    game_page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    tab = second_tab()
    tab.open(f"?pace=slow&seed={SEED}")
    wait_your_move(tab)
    card = play_lowest(tab)
    # A computer is to play next (each waits a second at this pace): close the tab now.
    saved = stored(tab, "whist:game")
    state_then = GameState.from_record(saved["record"])
    assert state_then.to_play is not None and state_then.to_play != Seat.S
    tab.page.close()
    again = game_page
    again.open(INSTANT.format(seed=SEED), keep=True)  # what the device keeps, in the other tab
    table = wait_your_move(again)
    assert card not in [c["card"] for c in table["hand"]]
    after = GameState.from_record(stored(again, "whist:game")["record"])
    assert after.actions[: len(state_then.actions)] == state_then.actions
    assert len(after.actions) > len(state_then.actions), "the computers went on playing"
    assert after.to_play == Seat.S or after.phase.value != "play"
