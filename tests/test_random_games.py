"""Seeded random games through the public API, checking the invariants of whist."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from whist.engine.cards import FULL_DECK, card_name, parse_card
from whist.engine.state import NEXT_HAND, GameState, IllegalActionError, Phase
from whist.engine.trick import trick_winner

GAMES = 1000


def check_cards_conserved(state: GameState) -> None:
    played = 0
    for t in state.tricks:
        for _, c in t.plays:
            assert not played >> c & 1
            played |= 1 << c
    for _, c in state.trick:
        assert not played >> c & 1
        played |= 1 << c
    held = 0
    for c in state.stock:
        assert not held >> c & 1
        held |= 1 << c
    for h in state.hands:
        assert not held & h, "a card in two hands"
        held |= h
    assert not held & played, "a card both held and played"
    assert held | played == FULL_DECK, "52 cards, no more, no fewer"
    sizes = {state.hands[s].bit_count() for s in state.rules.seats}
    assert max(sizes) - min(sizes) <= 1


def an_illegal_action(state: GameState, rng: random.Random) -> str:
    """Some action the state must refuse: a card not held, a revoke, or junk."""
    seat = state.to_play
    choices = ["", "XX", "next" if state.phase is Phase.PLAY else "AS"]
    if seat is not None:
        hand = state.hands[seat]
        legal = state.legal_mask()
        outside = [c for c in range(52) if not hand >> c & 1]
        revokes = [c for c in range(52) if hand >> c & 1 and not legal >> c & 1]
        choices += [card_name(rng.choice(outside))]
        if revokes:
            choices += [card_name(rng.choice(revokes))] * 3
    return rng.choice(choices)


def play_checked_game(seed: int) -> GameState:
    rng = random.Random(seed)
    state = GameState("classic", seed=seed)
    hands_done = 0
    while not state.is_over:
        check_cards_conserved(state)
        if rng.random() < 0.05:
            before = state.snapshot()
            bad = an_illegal_action(state, rng)
            try:
                state.apply(bad)
            except IllegalActionError as err:
                assert str(err)
            else:
                raise AssertionError(f"{bad!r} was accepted")
            assert state.snapshot() == before
        if rng.random() < 0.03 and state.can_undo:
            before = state.snapshot()
            action = state.actions[-1]
            assert state.undo() == action
            state.apply(action)
            assert state.snapshot() == before
        action = rng.choice(state.legal_actions())
        seat, trick_before, tricks_before = state.to_play, state.trick, len(state.tricks)
        state.apply(action)
        if action != NEXT_HAND and len(state.tricks) > tricks_before:
            finished = state.tricks[-1]
            assert finished.plays == (*trick_before, (seat, parse_card(action)))
            won = trick_winner([c for _, c in finished.plays], state.trump)
            assert finished.winner == finished.plays[won][0]
            assert state.trick == () and state.to_play in (finished.winner, None)
        if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and action != NEXT_HAND:
            hands_done += 1
            result = state.results[-1]
            assert len(state.tricks) == 13 and sum(result.tricks) == 13
            assert sorted(p > 0 for p in result.points) == [False, True], "exactly one side scores"
            assert sum(state.hands) == 0
    assert hands_done == len(state.results)
    scores = state.scores
    assert max(scores) >= 7 and state.winner == scores.index(max(scores))
    assert sum(r.points[0] for r in state.results) == scores[0]
    return state


def test_a_thousand_seeded_games_keep_the_invariants() -> None:
    total_hands = 0
    for seed in range(GAMES):
        state = play_checked_game(seed)
        total_hands += len(state.results)
        if seed % 10 == 0:
            again = GameState.from_json(state.to_json())
            assert again.snapshot() == state.snapshot()
    assert total_hands >= GAMES * 2


def test_undo_all_the_way_back_restores_every_state() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = GameState("classic", seed=seed)
        history = [state.snapshot()]
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            history.append(state.snapshot())
        while history:
            assert state.snapshot() == history.pop()
            state.undo()
        assert not state.can_undo


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), steps=st.integers(min_value=0, max_value=400),
       choices=st.randoms(use_true_random=False))
def test_any_prefix_of_a_game_replays_from_its_record(seed: int, steps: int, choices: random.Random) -> None:
    state = GameState("classic", seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(choices.choice(state.legal_actions()))
    again = GameState.from_json(state.to_json())
    assert again.snapshot() == state.snapshot()
    assert again.legal_actions() == state.legal_actions()
