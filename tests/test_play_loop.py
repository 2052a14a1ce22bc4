"""The one play loop (whist.ai.play): every game played to its end, each decision seen,
the same seed the same play, a time cap kept by the loop's clock, an illegal choice refused."""

from __future__ import annotations

import pytest

from whist.ai.play import Decision, play
from whist.ai.players import Player, RandomPlayer, make_player
from whist.engine.cards import card_name
from whist.engine.observation import Observation
from whist.engine.rules import GAMES
from whist.engine.seats import Seat
from whist.engine.state import NEXT_HAND, GameState, IllegalActionError, Phase


def randoms(state: GameState, seed: int) -> dict[Seat, Player]:
    return {s: RandomPlayer(seed * 8 + int(s)) for s in state.rules.seats}


def played(game: str, seed: int, until: str = "game") -> tuple[GameState, list[Decision]]:
    state = GameState(game, seed=seed)
    seen: list[Decision] = []
    play(state, randoms(state, seed), until=until, on_decision=seen.append)  # type: ignore[arg-type]
    return state, seen


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_is_played_to_its_end_legally_and_each_decision_seen(game: str) -> None:
    state = GameState(game, seed=3)
    seen: list[Decision] = []

    def check(decision: Decision) -> None:
        # called before the action is applied: the state is the one the player chose in
        assert decision.seat == state.to_play and decision.observation == state.observation(decision.seat)
        assert decision.action in state.legal_actions()
        assert decision.number == len(seen)
        seen.append(decision)

    made = play(state, randoms(state, 3), until="game", on_decision=check)
    assert state.is_over and state.winner is not None
    # every action but the deals of the next hands was a decision the hook saw, in order
    decided = [(a, s) for a, s in zip(state.actions, state.actors, strict=True) if a != NEXT_HAND]
    assert made == len(seen) == len(decided) > 0
    assert [(d.action, d.seat) for d in seen] == decided


def test_a_hand_ends_at_the_hand_over_and_a_game_goes_on() -> None:
    game, _ = played("classic", 5)
    assert game.is_over and len(game.results) > 1
    hand = GameState("classic", seed=5)
    players = randoms(hand, 5)  # a random player's choices depend on those it made before: the same ones
    assert play(hand, players) == 52 and hand.phase is Phase.HAND_OVER and len(hand.results) == 1
    assert game.actions[:52] == hand.actions  # the same first hand
    # between hands, the next is dealt and played, as the game did
    assert play(hand, players) == 52 and hand.phase is Phase.HAND_OVER and len(hand.results) == 2
    assert game.actions[:105] == hand.actions and hand.actions[52] == NEXT_HAND


def test_a_state_waiting_for_its_first_deal_is_dealt_and_played() -> None:
    state = GameState("classic", seed=2, draw="high")
    assert state.phase is Phase.DRAW
    assert play(state, randoms(state, 2)) == 52
    assert state.actions[0] == NEXT_HAND and state.phase is Phase.HAND_OVER


def test_the_same_seed_gives_the_same_record() -> None:
    first, seen = played("contract", 11)
    again, seen_again = played("contract", 11)
    assert first.to_json() == again.to_json()
    assert [(d.seat, d.observation, d.action) for d in seen] == [(d.seat, d.observation, d.action) for d in seen_again]
    other, _ = played("contract", 12)
    assert other.to_json() != first.to_json()


def test_stop_ends_the_loop_before_a_decision() -> None:
    state = GameState("contract", seed=4)
    bidders = {s: make_player("normal", int(s), "contract") for s in state.rules.seats}
    play(state, bidders, stop=lambda st: st.phase is not Phase.AUCTION)
    assert state.phase is Phase.PLAY and not state.trick and not state.tricks
    assert play(state, bidders, stop=lambda st: len(st.tricks) == 3) == 12
    assert len(state.tricks) == 3 and not state.trick


def test_a_limit_ends_the_loop_after_so_many_decisions() -> None:
    state = GameState("classic", seed=6)
    assert play(state, randoms(state, 6), limit=7) == 7 and len(state.actions) == 7
    assert play(state, randoms(state, 6), limit=0) == 0 and len(state.actions) == 7
    assert play(state, randoms(state, 6), limit=100) == 45 and state.phase is not Phase.PLAY


class FakeClock:
    """A clock that moves only when a player thinks: one second a choice."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Slow:
    def __init__(self, clock: FakeClock, player: Player) -> None:
        self.clock, self.player = clock, player

    def choose(self, obs: Observation) -> str:
        self.clock.now += 1.0
        return self.player.choose(obs)


def test_a_time_cap_asks_for_no_decision_once_its_time_has_gone() -> None:
    clock = FakeClock()
    state = GameState("classic", seed=8)
    players = {s: Slow(clock, RandomPlayer(int(s))) for s in state.rules.seats}
    seen: list[Decision] = []
    assert play(state, players, time_cap=5.0, clock=clock, on_decision=seen.append) == 5
    assert [d.seconds for d in seen] == [1.0] * 5 and len(state.actions) == 5
    assert state.phase is Phase.PLAY
    # without a cap, the same clock times the rest and the hand is played out
    assert play(state, players, clock=clock) == 47 and len(state.results) == 1


class Revoker:
    """Plays a card it holds but may not play: one of another suit than the one led."""

    def choose(self, obs: Observation) -> str:
        wrong = obs.hand & ~obs.legal
        assert wrong, "the position should hold a card that may not be played"
        return card_name((wrong & -wrong).bit_length() - 1)


def must_follow(state: GameState) -> bool:
    """The seat to play holds the led suit and a card of another."""
    obs = state.observation(state.to_play)  # type: ignore[arg-type]
    return bool(state.trick) and obs.legal != obs.hand


def test_an_illegal_choice_raises_the_engines_error_and_changes_nothing() -> None:
    state = GameState("classic", seed=1)
    players: dict[Seat, Player] = {s: make_player("normal", int(s)) for s in state.rules.seats}
    play(state, players, stop=must_follow)
    seat = state.to_play
    assert seat is not None and state.trick
    before = state.snapshot()
    players[seat] = Revoker()
    with pytest.raises(IllegalActionError) as err:
        play(state, players)
    assert err.value.code == "must-follow" and err.value.seat == seat
    assert state.snapshot() == before


def test_until_is_a_hand_or_a_game() -> None:
    state = GameState("classic", seed=1)
    with pytest.raises(ValueError, match="'hand' or the 'game'"):
        play(state, randoms(state, 1), until="rubber")  # type: ignore[arg-type]
