"""Review, replay and share: deal numbers, replays, the double-dummy marks, exports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.test_solver import dds_values
from whist.cards import card_name
from whist.deal import parse_pbn
from whist.players import make_player
from whist.review import HandReview, describe_hand, hand_at_end, pbn_of, replay_of
from whist.seats import Seat
from whist.state import NEXT_HAND, GameState, Phase


def play_hands(game: str, seed: int, hands: int, **options: Any) -> GameState:
    state = GameState(game, seed=seed, **options)
    players = {s: make_player("normal", 10 * seed + s, game=game) for s in state.rules.seats}
    while len(state.results) < hands:
        if state.phase is Phase.HAND_OVER or state.phase is Phase.DRAW:
            state.apply(NEXT_HAND)
        else:
            seat = state.to_play
            assert seat is not None
            state.apply(players[seat].choose(state.observation(seat)))
    return state


def test_a_deal_number_always_gives_the_same_cards() -> None:
    for game in ("classic", "contract", "german"):
        a, b = GameState(game, seed=123456789), GameState(game, seed=123456789)
        assert a.deal_number == 123456789 and a.hands == b.hands and a.dealer == b.dealer
        assert a.stock == b.stock and GameState(game, seed=123456790).hands != a.hands


@pytest.mark.parametrize("game", ["classic", "contract", "german", "dummy"])
def test_replay_this_deal_gives_the_same_cards_dealer_and_trump(game: str) -> None:
    state = play_hands(game, 4, 2)
    again = replay_of(state)
    assert again.hands == state.dealt and again.dealer == state.dealer
    assert again.turn_up == state.turn_up
    if game != "contract":
        assert again.trump == GameState(game, seed=state.deal_number, dealer=state.dealer).trump
    record = again.to_record()
    assert record["dealer"] == state.dealer.name
    assert GameState.from_record(record).snapshot() == again.snapshot()
    # the same cards played the same way give the same tricks
    first_hand = hand_at_end(state.to_record(), 1)
    if game == "contract":
        for _, call in first_hand.auction:
            again.apply(call)
    for t in first_hand.tricks:
        for _, card in t.plays:
            again.apply(card_name(card))
    assert [t.winner for t in again.tricks] == [t.winner for t in first_hand.tricks]
    assert again.results[-1].tricks == first_hand.results[-1].tricks


def test_the_review_marks_agree_with_dds() -> None:
    checked = 0
    for seed in range(3):
        state = play_hands("classic", seed, 1)
        review = HandReview.of(state)
        review.run(max_tricks=4)
        for index, mark in enumerate(review.marks):
            if mark.cost is None:
                continue
            hands, leader, trick = review._position(index)
            ref = dds_values(hands, review.trump, leader, list(trick))
            assert mark.before == max(ref.values()) and mark.after == ref[mark.card]
            checked += 1
        assert review.analysed() == 16 and all(m.cost is None for m in review.marks[:-16])
    assert checked == 48


def test_the_whole_hand_is_marked_when_the_solver_is_quick_enough() -> None:
    state = play_hands("classic", 7, 1)
    review = HandReview.of(state)
    progress = list(review.steps())
    assert progress == list(range(1, 53))
    assert review.analysed() >= 40                      # the node limit may leave early cards unmarked
    assert all(m.cost is not None and m.cost >= 0 for m in review.marks[-36:])
    text = review.summary(state.rules.side_of(Seat.S))
    assert "perfect" in text


def test_german_whist_is_reviewed_from_phase_two() -> None:
    state = play_hands("german", 2, 1)
    review = HandReview.of(state)
    assert review.first_trick == 13 and len(review.marks) == 26
    review.run(max_tricks=20)
    assert review.analysed() == 26                      # two hands: quick to solve
    assert review.lost_by(0) >= 0 and review.lost_by(1) >= 0


def test_pbn_export_reads_back() -> None:
    state = play_hands("classic", 3, 1)
    text = pbn_of(state)
    deal = next(line for line in text.splitlines() if line.startswith("[Deal "))
    assert parse_pbn(deal[7:-2]) == state.dealt
    assert f'[Dealer "{state.dealer.name}"]' in text and "Tricks:" in text
    contract = play_hands("contract", 6, 1)
    if contract.contract is not None:
        assert "[Contract " in pbn_of(contract) and "[Declarer " in pbn_of(contract)


def test_replay_command_prints_the_hand(tmp_path: Path) -> None:
    state = play_hands("classic", 9, 2)
    path = tmp_path / "game.json"
    path.write_text(state.to_json())
    run = subprocess.run([sys.executable, "-m", "whist", "replay", str(path), "--hand", "1"],
                         capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert lines == describe_hand(hand_at_end(state.to_record(), 0))
    assert sum(line.strip().startswith("trick ") for line in lines) == 13
    bad = subprocess.run([sys.executable, "-m", "whist", "replay", str(path), "--hand", "9"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "finished hand" in bad.stderr
    path.write_text(json.dumps({"format": 1, "game": "classic"}))
    broken = subprocess.run([sys.executable, "-m", "whist", "replay", str(path)], capture_output=True, text=True)
    assert broken.returncode == 2 and broken.stderr.startswith("error:")
