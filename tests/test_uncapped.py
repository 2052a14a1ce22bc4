"""The computers of a challenge play the same cards on every device (issue 39, part 2).

A searching level stops at a time cap on a slow machine, so two devices may disagree on its
card; a challenge's table turns the cap off (``Table.capped``, ``make_player(capped=False)``).
Here the clock is slowed (every reading of it a second later than the last): the capped search
values fewer deals, the uncapped one exactly as many, for the same cards. Hard and Expert in a
trick-taking game, Expert in German Whist's Phase One; the page's worker builds the same players
(``whist.web.thinker``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from whist.ai import german_mc, montecarlo
from whist.ai.players import make_player
from whist.engine.state import GameState
from whist.table.session import Table
from whist.web import thinker


@pytest.fixture
def slow_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every reading of the search's clock a second past the last (a very slow machine)."""
    ticks = itertools.count()
    for module in (montecarlo, german_mc):
        monkeypatch.setattr(module.time, "perf_counter", lambda: float(next(ticks)))
    yield


def position(game: str, seed: int, cards: int) -> GameState:
    """The game ``game`` dealt from ``seed`` after ``cards`` plays by the normal player."""
    state = GameState(game, seed)
    normal = make_player("normal", seed=1, game=game)
    while len(state.actions) < cards:
        seat = state.to_play
        assert seat is not None
        state.apply(normal.choose(state.observation(seat)))
    return state


CASES = [("classic", "hard", 3, 30), ("classic", "expert", 5, 34), ("german", "expert", 9, 6)]


@pytest.mark.parametrize(("game", "level", "seed", "cards"), CASES)
def test_the_uncapped_search_is_the_same_under_a_slowed_clock(game: str, level: str, seed: int, cards: int,
                                                              request: pytest.FixtureRequest) -> None:
    state = position(game, seed, cards)
    assert state.to_play is not None
    obs = state.observation(state.to_play)

    def search(capped: bool) -> tuple[object, float]:
        player = make_player(level, seed=11, game=game, capped=capped)
        if game == "german":
            card, values, layouts = player.search(obs)  # type: ignore[attr-defined]
            return (card, values), layouts
        values, deals = player.search(obs)  # type: ignore[attr-defined]
        return values, deals

    at_speed = search(capped=False)
    request.getfixturevalue("slow_clock")
    assert search(capped=False) == at_speed  # the same values over the same deals: the same card
    _, capped_deals = search(capped=True)
    assert capped_deals < at_speed[1]  # the cap would have cut the search short on this machine


def test_a_challenge_table_hands_the_worker_uncapped_choices() -> None:
    table = Table(seed=4, game="classic", level="hard")
    table.capped = False
    choice = table.pending_choice() or table.hint_choice()
    assert choice is not None and not choice.capped
    player = thinker.player_for(choice.level, choice.seed, choice.game, choice.capped)
    assert player.settings.budget is None  # type: ignore[attr-defined]
    assert make_player("hard", seed=1).settings.budget is not None  # type: ignore[attr-defined]
