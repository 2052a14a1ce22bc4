"""Contract Whist: the auction, the contract, its scoring and the target."""

from __future__ import annotations

import random
from typing import Any

import pytest

from whist.engine.auction import DOUBLE, PASS, Contract, bid_name, contract_of, is_finished, legal_calls, parse_bid
from whist.engine.cards import HEARTS, SPADES, suit_of
from whist.engine.rules import HandScore, PlayedHand, make_rules
from whist.engine.seats import Seat
from whist.engine.state import NEXT_HAND, GameState, IllegalActionError, Phase

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SIDES = {N: 0, S: 0, E: 1, W: 1}


def auction_game(seed: int = 5, **options: Any) -> GameState:
    state = GameState("contract", seed=seed, **options)
    assert state.phase is Phase.AUCTION
    return state


def call(state: GameState, *calls: str) -> None:
    for c in calls:
        state.apply(c)


def test_the_ladder_has_35_steps_clubs_to_no_trumps() -> None:
    names = [bid_name(b) for b in range(35)]
    assert names[:6] == ["7C", "7D", "7H", "7S", "7NT", "8C"] and names[-1] == "13NT"
    assert all(parse_bid(n) == i for i, n in enumerate(names))
    for bad in ("6S", "14C", "7X", "NT", "8", ""):
        with pytest.raises(ValueError, match="not a bid"):
            parse_bid(bad)


def test_all_cards_dealt_no_turn_up_and_the_auction_starts_left_of_the_dealer() -> None:
    state = auction_game()
    assert all(h.bit_count() == 13 for h in state.hands)
    assert state.turn_up is None and state.trump is None and not state.turn_up_visible
    assert state.to_play == state.rules.next_seat(state.dealer)
    assert state.legal_mask() == 0
    assert state.legal_actions()[:3] == [PASS, "7C", "7D"] and DOUBLE not in state.legal_actions()


def test_each_bid_must_beat_the_last() -> None:
    state = auction_game()
    call(state, "8H")
    legal = state.legal_actions()
    assert "8H" not in legal and "8D" not in legal and "8S" in legal and "8NT" in legal and "9C" in legal
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="does not beat 8H"):
        state.apply("8D")
    with pytest.raises(IllegalActionError, match="not a bid"):
        state.apply("AS")
    assert state.snapshot() == before
    call(state, "8NT", "9C")
    assert [c for _, c in state.auction] == ["8H", "8NT", "9C"]


def test_a_player_who_passed_may_bid_later_and_three_passes_end_it() -> None:
    state = auction_game()
    first = state.to_play
    assert first is not None
    call(state, PASS, "7S", PASS, PASS)           # the first player passed; the auction comes round
    assert state.phase is Phase.AUCTION and state.to_play == first
    call(state, "8C", PASS, PASS)
    assert state.phase is Phase.AUCTION           # two passes are not enough
    call(state, PASS)
    assert state.phase is Phase.PLAY
    assert state.contract == Contract(8, 3, first, False)
    assert state.trump == 3 and state.to_play == state.rules.next_seat(first)   # declarer's left leads


def test_four_passes_throw_the_hand_in_and_the_next_dealer_deals() -> None:
    state = auction_game()
    dealer, hands = state.dealer, state.hands
    call(state, PASS, PASS, PASS)
    assert state.phase is Phase.AUCTION
    call(state, PASS)
    assert state.phase is Phase.HAND_OVER
    r = state.results[-1]
    assert r.thrown_in and r.points == (0, 0) and state.scores == (0, 0) and r.contract is None
    state.apply(NEXT_HAND)
    assert state.dealer == dealer.next_clockwise() and state.hands != hands and state.phase is Phase.AUCTION
    assert state.to_play == state.dealer.next_clockwise()


def test_double_only_an_opponents_bid_and_a_new_bid_wipes_it() -> None:
    state = auction_game(doubling=True)
    first = state.to_play
    assert first is not None
    call(state, "7H")
    assert DOUBLE in state.legal_actions()                 # the next player is an opponent
    call(state, PASS)
    assert DOUBLE not in state.legal_actions()             # partner of the bidder
    with pytest.raises(IllegalActionError, match="own side"):
        state.apply(DOUBLE)
    call(state, PASS, DOUBLE)                              # the fourth player doubles
    assert DOUBLE not in state.legal_actions()             # no redouble
    call(state, PASS, PASS)
    assert state.phase is Phase.AUCTION                    # three passes needed after the double
    call(state, "7S")                                      # a new bid wipes the double
    call(state, PASS, PASS, PASS)
    assert state.contract is not None and not state.contract.doubled and state.contract.level == 7


def test_doubling_is_off_by_default() -> None:
    state = auction_game()
    call(state, "7H")
    with pytest.raises(IllegalActionError, match="house rule"):
        state.apply(DOUBLE)


def test_a_doubled_contract_stands() -> None:
    calls = ((E, "7H"), (S, DOUBLE), (W, PASS), (N, PASS), (E, PASS))
    assert is_finished(calls)
    assert contract_of(calls) == Contract(7, HEARTS, E, True)
    assert legal_calls(calls[:2], W, SIDES, doubling=True).count(DOUBLE) == 0


@pytest.mark.parametrize("level, strain, tricks, points", [
    (8, HEARTS, (9, 4), (9, 4)),      # contract made: North bids 8 hearts, NS take 9
    (7, None, (7, 6), (7, 6)),        # exactly made: South bids 7 no trumps
    (10, SPADES, (9, 4), (0, 4)),     # failed: North bids 10 spades and takes 9
])
def test_the_rule_books_scoring_examples(level: int, strain: int | None, tricks: tuple[int, int],
                                          points: tuple[int, int]) -> None:
    rules = make_rules("contract")
    score = rules.score_hand(PlayedHand(tricks, (0, 0, 0, 0), strain, (), Contract(level, strain, N, False)))
    assert score.points == points
    doubled = rules.score_hand(PlayedHand(tricks, (0, 0, 0, 0), strain, (), Contract(level, strain, N, True)))
    assert doubled.points == tuple(2 * p for p in points)


def test_defenders_declaring_east_west() -> None:
    rules = make_rules("contract")
    score = rules.score_hand(PlayedHand((5, 8), (0, 0, 0, 0), None, (), Contract(9, None, W, False)))
    assert score.points == (5, 0)


def test_target_and_the_tie_rule() -> None:
    rules = make_rules("contract")
    zero = (0, 0)
    assert rules.game_winner(PlayedHand((0, 0), before=(95, 90)), HandScore((8, 5), (8, 5), zero, zero, zero)) == 0
    # 100-100: play on
    assert rules.game_winner(PlayedHand((0, 0), before=(92, 95)), HandScore((8, 5), (8, 5), zero, zero, zero)) is None
    # 100-101
    assert rules.game_winner(PlayedHand((0, 0), before=(92, 96)), HandScore((8, 5), (8, 5), zero, zero, zero)) == 1
    assert rules.game_winner(PlayedHand((0, 0), before=(40, 30)), HandScore((8, 5), (8, 5), zero, zero, zero)) is None
    short = make_rules("contract", target=50)
    assert short.game_winner(PlayedHand((0, 0), before=(45, 30)), HandScore((8, 5), (8, 5), zero, zero, zero)) == 0


def test_a_played_contract_scores_as_the_tricks_fell() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        state = GameState("contract", seed=seed, doubling=True)
        while state.phase is Phase.AUCTION:
            legal = state.legal_actions()
            state.apply(rng.choice(legal[:4]) if rng.random() < 0.4 else PASS)
        if state.phase is Phase.HAND_OVER:
            assert state.results[-1].thrown_in
            continue
        contract = state.contract
        assert contract is not None and state.trump == contract.strain
        while state.phase is Phase.PLAY:
            state.apply(rng.choice(state.legal_actions()))
        r = state.results[-1]
        side = state.rules.side_of(contract.declarer)
        made = r.tricks[side] >= contract.level
        factor = 2 if contract.doubled else 1
        assert r.points[side] == (factor * r.tricks[side] if made else 0)
        assert r.points[1 - side] == factor * r.tricks[1 - side]
        for t in state.tricks:
            if contract.strain is not None and any(suit_of(c) == contract.strain for _, c in t.plays):
                assert suit_of(dict(t.plays)[t.winner]) == contract.strain


def test_a_whole_game_to_fifty_replays_from_its_record() -> None:
    rng = random.Random(1)
    state = GameState("contract", seed=77, target=50)
    while not state.is_over:
        legal = state.legal_actions()
        if state.phase is Phase.AUCTION:
            state.apply(rng.choice(legal[:3]) if not state.auction else PASS)
        else:
            state.apply(rng.choice(legal))
    assert max(state.scores) >= 50 and state.winner == state.scores.index(max(state.scores))
    again = GameState.from_json(state.to_json())
    assert again.snapshot() == state.snapshot()
    while state.can_undo:
        state.undo()
    assert state.phase is Phase.AUCTION and state.auction == () and state.scores == (0, 0)
