"""Only the seat to play is handed legal cards or calls: ``GameState.observation(seat).legal``
is 0 for every other seat ("0 when it is not this seat's turn", ``Observation.legal``), and
for the seat to play it is exactly the cards the rule allows, worked out here from the
hand and the trick: follow the suit led if able, else any card.

Every game (Classic, its English forms, Contract, German, Dummy), every phase a game
passes through (the draw for partners, the auction, play, the stock's Phase One and Phase
Two, between hands, game over), club revokes included: the seat whose turn it is comes
from the trick and the auction here too, not from the state's ``to_play``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from whist.engine.cards import SUIT_MASK, card_name, cards_of, suit_of
from whist.engine.seats import Seat
from whist.engine.state import NEXT_HAND, GameState, Phase

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("classic", {}), ("classic", {"revokes": "club"}), ("short", {"draw": "high", "rubber": True}),
    ("american", {"no_trump": True}), ("contract", {"doubling": True}), ("german", {}),
    ("german", {"trump": "variable", "revokes": "club"}), ("dummy", {}), ("dummy", {"revokes": "club"})]


def next_clockwise(state: GameState, seat: Seat) -> Seat:
    seats = state.rules.seats
    return seats[(seats.index(seat) + 1) % len(seats)]


def whose_turn(state: GameState) -> Seat | None:
    """The seat to act, from the auction's last call or the trick's last card."""
    if state.phase is Phase.AUCTION:
        return next_clockwise(state, state.auction[-1][0] if state.auction else state.dealer)
    if state.phase is Phase.PLAY:
        return next_clockwise(state, state.trick[-1][0]) if state.trick else state.leader
    return None


def allowed(hand: int, trick: tuple[tuple[Seat, int], ...]) -> int:
    """The cards the rule allows: any card to lead; to a trick, the suit led if the hand has it."""
    if not trick:
        return hand
    follow = hand & SUIT_MASK[suit_of(trick[0][1])]
    return follow if follow else hand


def check_every_seat(state: GameState) -> str:
    """Every seat's observation now; returns the phase seen."""
    turn = whose_turn(state)
    assert state.to_play == turn
    for seat in state.rules.seats:
        obs = state.observation(seat)
        assert obs.hand == state.hands[seat]
        if seat == turn and state.phase is Phase.PLAY:
            expected = allowed(state.hands[seat], state.trick)
            assert expected and obs.legal == expected, (seat, state.trick)
            assert {card_name(c) for c in cards_of(obs.legal)} == set(state.legal_actions())
            assert obs.to_json()["legal"] and not obs.legal_calls
        elif seat == turn and state.phase is Phase.AUCTION:
            assert obs.legal == 0 and obs.legal_calls and list(obs.legal_calls) == state.legal_actions()
            assert "pass" in obs.legal_calls
        else:
            assert obs.legal == 0, (seat, turn, state.phase)
            assert obs.legal_calls == ()
            assert obs.to_json()["legal"] == [] and obs.to_json().get("legal_calls", []) == []
    return state.phase.value


def random_action(state: GameState, rng: random.Random) -> str:
    """A legal action, mostly a pass in an auction, now and then a revoke under club rules."""
    if state.phase is Phase.AUCTION and rng.random() < 0.6:
        return "pass"
    seat = state.to_play
    if state.phase is Phase.PLAY and seat is not None and state.rules.revokes_allowed and rng.random() < 0.1:
        revokes = list(cards_of(state.hands[seat] & ~state.legal_mask()))
        if revokes:
            return card_name(rng.choice(revokes))
    return rng.choice(state.legal_actions())


@pytest.mark.parametrize("game, options", GAMES, ids=["-".join([g, *map(str, o.values())]) for g, o in GAMES])
def test_only_the_seat_to_play_is_handed_legal_cards(game: str, options: dict[str, Any]) -> None:
    rng = random.Random(f"legal:{game}:{sorted(options.items())}")
    phases: set[str] = set()
    hands = 0
    for seed in range(2):
        state = GameState(game, seed=seed, **options)
        while not state.is_over and len(state.results) < 3:
            phases.add(check_every_seat(state))
            if state.phase in (Phase.HAND_OVER, Phase.DRAW):
                assert state.legal_actions() == [NEXT_HAND]
                state.apply(NEXT_HAND)
            else:
                state.apply(random_action(state, rng))
        hands += len(state.results)
        phases.add(check_every_seat(state))
    assert {"play", "hand-over"} <= phases and hands >= 4
    if options.get("draw", "none") != "none":
        assert "draw" in phases
    if game == "contract":
        assert "auction" in phases


@pytest.mark.parametrize("game", ["classic", "contract", "german", "dummy"])
def test_game_over_hands_nobody_a_card(game: str) -> None:
    rng = random.Random(game)
    state = GameState(game, seed=3)
    while not state.is_over:
        state.apply(NEXT_HAND if state.phase is Phase.HAND_OVER else random_action(state, rng))
    assert check_every_seat(state) == "game-over"
    assert all(state.observation(seat).legal == 0 for seat in state.rules.seats)


def test_the_dummy_s_cards_go_to_the_dummy_s_turn_only() -> None:
    """Dummy Whist: South plays North's cards too, but North's observation holds legal cards
    only on North's turn and South's only on South's; neither is handed the other's."""
    state = GameState("dummy", seed=6)
    north = south = 0
    while state.phase is Phase.PLAY:
        turn = state.to_play
        assert turn is not None
        n, s = state.observation(Seat.N), state.observation(Seat.S)
        if turn == Seat.N:
            assert n.legal and n.legal & ~state.hands[Seat.N] == 0 and s.legal == 0
            north += 1
        elif turn == Seat.S:
            assert s.legal and s.legal & ~state.hands[Seat.S] == 0 and n.legal == 0
            south += 1
        else:
            assert n.legal == s.legal == 0
        state.apply(state.legal_actions()[-1])
    assert north == south == 13


def test_german_whist_s_two_phases_hand_the_cards_to_the_player_to_play_only() -> None:
    state = GameState("german", seed=9)
    seen = {1: 0, 2: 0}
    while state.phase is Phase.PLAY:
        phase = 1 if state.stock else 2
        turn = state.to_play
        assert turn is not None
        other = Seat.S if turn == Seat.N else Seat.N
        assert state.observation(other).legal == 0
        assert state.observation(turn).legal == allowed(state.hands[turn], state.trick)
        seen[phase] += 1
        state.apply(state.legal_actions()[0])
    assert seen == {1: 26, 2: 26}
