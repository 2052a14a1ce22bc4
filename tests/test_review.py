"""Review, replay and share: deal numbers, replays, the double-dummy marks, exports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.test_solver import dds_values
from whist.ai.play import play
from whist.ai.players import Player, make_player
from whist.ai.review import HandReview, describe_hand, hand_at_end, pbn_of
from whist.ai.solver import solve
from whist.engine.cards import card_name, cards_high_first
from whist.engine.deal import parse_pbn
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase
from whist.table import Table
from whist.table.session import FinishedHand


def play_hands(game: str, seed: int, hands: int, **options: Any) -> GameState:
    state = GameState(game, seed=seed, **options)
    players = {s: make_player("normal", 10 * seed + s, game=game) for s in state.rules.seats}
    for _ in range(hands):
        play(state, players)
    return state


def test_a_deal_number_always_gives_the_same_cards() -> None:
    for game in ("classic", "contract", "german"):
        a, b = GameState(game, seed=123456789), GameState(game, seed=123456789)
        assert a.deal_number == 123456789 and a.hands == b.hands and a.dealer == b.dealer
        assert a.stock == b.stock and GameState(game, seed=123456790).hands != a.hands


@pytest.mark.parametrize("game", ["classic", "contract", "german", "dummy"])
def test_replay_this_deal_gives_the_same_cards_dealer_and_trump(game: str) -> None:
    state = play_hands(game, 4, 2)
    again = Table(game=state.rules.name).replay(FinishedHand.of(state)).state  # the session's Replay this deal
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
    marked = next(i for i in range(52) if all(m.cost is not None for m in review.marks[i:]))
    assert review.analysed() == 52 - marked
    check_the_costs_add_up(state, review, marked)
    text = review.summary(state.rules.side_of(Seat.S))
    assert "perfect" in text


def check_the_costs_add_up(state: GameState, review: HandReview, start: int) -> None:
    """The tricks the first side took from play ``start`` on are what double dummy gave it
    there (DDS, or the general solver for two hands: not the review's own values), less
    what its cards cost, plus what the other side's cost: so each ``lost_by`` is exact."""
    hands, leader, trick = review._position(start)
    mark = review.marks[start]
    left = len(review.tricks) - mark.trick
    if len(review.seats) == 2:
        taken = solve(hands, review.trump, leader, trick=trick, sides=review.sides)  # the leader's side
        first = taken if review.side_of(leader) == 0 else left - taken
    else:
        best = max(dds_values(hands, review.trump, leader, list(trick)).values())  # the mover's side
        first = best if review.side_of(mark.seat) == 0 else left - best
    won = sum(review.side_of(winner) == 0 for _, _, winner in review.tricks[mark.trick:])
    assert won == first - review.lost_by(0) + review.lost_by(1), (won, first, review.lost_by(0), review.lost_by(1))


def test_german_whist_is_reviewed_from_phase_two() -> None:
    state = play_hands("german", 2, 1)
    review = HandReview.of(state)
    assert review.first_trick == 13 and len(review.marks) == 26
    review.run(max_tricks=20)
    assert review.analysed() == 26                      # two hands: quick to solve
    assert review.lost_by(0) == review.lost_by(1) == 0  # the German player's Phase Two is exact
    check_the_costs_add_up(state, review, 0)


class CarelessInPhaseTwo:
    """``player``'s cards while the stock lasts, then the lowest legal card."""

    def __init__(self, player: Player) -> None:
        self.player = player

    def choose(self, obs: Observation) -> str:
        return self.player.choose(obs) if obs.stock_size else card_name(list(cards_high_first(obs.legal))[-1])


@pytest.mark.parametrize("seed", [2, 6])  # 6: cards costing 2, 3 and 4 tricks
def test_german_whist_s_careless_phase_two_costs_what_the_tricks_show(seed: int) -> None:
    """Phase One by the normal players, Phase Two with the lowest legal card each time:
    tricks go, and each side's ``lost_by`` is exactly what its cards gave away."""
    state = GameState("german", seed=seed)
    play(state, {s: CarelessInPhaseTwo(make_player("normal", 10 * seed + s, game="german"))
                 for s in state.rules.seats})
    review = HandReview.of(state)
    review.run(max_tricks=20)
    assert review.analysed() == 26
    assert review.lost_by(0) + review.lost_by(1) > 0
    assert all(m.cost is not None and m.cost >= 0 for m in review.marks)
    check_the_costs_add_up(state, review, 0)


def test_pbn_export_reads_back() -> None:
    state = play_hands("classic", 3, 1)
    text = pbn_of(state)
    deal = next(line for line in text.splitlines() if line.startswith("[Deal "))
    assert parse_pbn(deal[7:-2]) == state.dealt
    assert f'[Dealer "{state.dealer.name}"]' in text and "Tricks:" in text
    contract = play_hands("contract", 6, 1)
    assert contract.results[-1].contract is not None  # bid, not thrown in
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


# --- the review dialog's markup (whist.web.review_markup) -----------------------------------


@pytest.mark.parametrize("game", ["classic", "contract", "german", "dummy"])
def test_the_review_board_shows_the_hands_before_each_trick_and_the_marks(game: str) -> None:
    import re

    from whist.web import review_markup as rm

    state = play_hands(game, 11, 1)
    assert state.tricks, "this seed gives a thrown-in hand: pick another"
    review = HandReview.of(state)
    review.run(max_tricks=4)
    seats = len(review.seats)
    for trick in range(review.first_trick, len(review.tricks)):
        html = rm.board(review, trick)
        left = len(review.tricks) - trick
        assert html.count('class="rv-card ') == seats * left + seats  # the hands, and the trick drawn big
        assert len(re.findall(r'rv-card (?:black|red) s[SHDC] rv-played"', html)) == seats
        plays = re.findall(r'data-seat="([NESW])" data-cost="(-?\d*)"', html)
        assert [p[0] for p in plays] == ["NESW"[s] for s, _ in review.tricks[trick][1]]
        marks = rm.marks_of(review, trick)
        want = [str(marks[c].cost) if marks[c].cost is not None else "" for _, c in review.tricks[trick][1]]
        assert [p[1] for p in plays] == want
        if left <= 4:
            assert all(p[1] != "" for p in plays)  # the last tricks are always marked
    strip = rm.strip(review, review.first_trick)
    assert strip.count("<button") == len(review.tricks) - review.first_trick
    assert f'data-goto="{review.first_trick}" aria-label="Trick {review.first_trick + 1}' in strip
    header = FinishedHand.of(state).header
    assert f"Deal {state.deal_number}" in header
    assert ("contract:" in header) == (state.contract is not None)
    assert ("Phase Two" in header) == (game == "german")


def test_a_costly_card_is_marked_red_with_what_it_cost() -> None:
    from whist.ai.review import Mark
    from whist.web import review_markup as rm

    assert 'class="rv-cost rv-bad" title="cost 2 tricks double dummy"' in rm.cost_badge(Mark(0, Seat.S, 0, 5, 3))
    assert 'title="cost 1 trick double dummy"' in rm.cost_badge(Mark(0, Seat.S, 0, 5, 4))
    assert "rv-ok" in rm.cost_badge(Mark(0, Seat.S, 0, 5, 5))
    assert "rv-unknown" in rm.cost_badge(Mark(0, Seat.S, 0))


def test_a_replay_keeps_the_options_but_not_the_draw() -> None:
    state = GameState("classic", seed=3, draw="high", rubber=True)
    assert state.rules.replay_options() == {"rubber": True}
    assert GameState("contract", seed=3).rules.replay_options() == {}
    again = Table(seed=3, game="classic", draw="high", rubber=True).replay(FinishedHand.of(state))
    assert again.options == {"rubber": True} and again.state.phase.value == "play"


# --- a review that is fair (issue 17): whose card cost what, every trick marked in the worker ----------


def test_the_headline_names_the_seat_whose_card_cost_a_trick() -> None:
    from whist.web import review_markup as rm

    state = play_hands("classic", 6, 1)  # North's card at trick 9 cost a trick, none of yours did
    review = HandReview.of(state)
    review.run(max_tricks=5, node_limit=None)
    costly = {m.seat: m for m in review.marks if m.cost}
    assert set(costly) == {Seat.N, Seat.W} and costly[Seat.N].trick == 8 and costly[Seat.N].cost == 1
    text = review.headline(Seat.S)
    assert text.startswith("Your side could have taken 1 more trick with perfect information (in the last 5 tricks): "
                           "your cards cost none; your partner North's cost 1 (trick 9).")
    assert text.endswith(" East\u2013West's cards cost 1 trick (trick 12).")
    assert "You could have taken" not in text
    assert review.trick_note(8, Seat.S).startswith("Your partner North's ")
    note = review.trick_note(11, Seat.S)
    assert note.startswith("West's ") and "cost East\u2013West 1 trick" in note
    strip = rm.strip(review, 8)
    assert 'aria-label="Trick 9: your partner North&#x27;s card cost 1"' in strip
    assert 'class="rv-step rv-lost" data-goto="8"' in strip and 'class="rv-step rv-gift" data-goto="11"' in strip
    assert "Your partner North&#x27;s" in rm.board(review, 8)
    # From North's chair the same card is yours, and the side's total is the same.
    assert review.headline(Seat.N).startswith("Your side could have taken 1 more trick with perfect information "
                                              "(in the last 5 tricks): your cards cost 1 trick (trick 9).")


def test_your_dummys_cards_are_yours() -> None:
    state = play_hands("dummy", 25, 1)  # North, your dummy, gave a trick away at trick 9
    review = HandReview.of(state)
    review.run(max_tricks=5, node_limit=None)
    assert [(m.seat, m.trick) for m in review.marks if m.cost] == [(Seat.N, 8)]
    assert review.chooser(Seat.N) is Seat.S and review.chooser(Seat.E) is Seat.E
    assert ": your cards and your dummy North's cost 1 trick (trick 9)." in review.headline(Seat.S)
    assert review.trick_note(8, Seat.S).startswith("Your dummy North's ")


@pytest.mark.parametrize(("game", "seed"), [("classic", 1), ("german", 2)])
def test_the_workers_steps_give_the_marks_of_one_whole_analysis(game: str, seed: int) -> None:
    from whist.ai import review as module
    from whist.web.thinker import review as worker_review

    state = play_hands(game, seed, 1)
    whole = HandReview.of(state)
    whole.run(node_limit=None)
    assert whole.analysed() == whole.total  # every trick marked with no node limit
    module._kept.clear()  # a cold worker: the table is built as the steps go
    text, calls = HandReview.of(state).request(1), 0
    while True:
        stepped = HandReview.decode(worker_review(text))
        calls += 1
        if stepped.done == stepped.total:
            break
        text = stepped.request(1)
    assert calls == whole.total  # one position a call, from the last play back
    assert [(m.before, m.after) for m in stepped.marks] == [(m.before, m.after) for m in whole.marks]
    # The page's capped analysis (no worker) agrees wherever it reaches.
    capped = HandReview.of(state)
    capped.run()
    assert all(c.cost is None or (c.before, c.after) == (w.before, w.after)
               for c, w in zip(capped.marks, whole.marks, strict=True))
    from whist.web import review_markup as rm

    boards = "".join(rm.board(stepped, t) for t in range(stepped.first_trick, len(stepped.tricks)))
    assert "rv-unknown" not in boards and boards.count("rv-cost ") == whole.total  # no "?" left


def test_a_claimed_hand_is_marked_from_the_cards_still_held() -> None:
    from whist.ai.solver import solve_cards
    from whist.engine.state import CLAIM, IllegalActionError

    state = GameState("classic", seed=0)
    players = {s: make_player("normal", s) for s in state.rules.seats}

    def claims(st: GameState) -> bool:
        """From the ninth trick on, a claim before each lead; true once one is accepted."""
        if len(st.tricks) >= 8 and not st.trick:
            try:
                st.apply(CLAIM)
            except IllegalActionError:
                return False
            return True
        return False

    play(state, players, stop=claims)
    assert state.claimed is not None, "this seed's hand is not claimed: pick another"
    review = HandReview.of(state)
    review.run(max_tricks=6, node_limit=None)
    assert len(review.tricks) < 13 and review.analysed() == 4 * 6  # the last six tricks played, then the claim
    for index, mark in enumerate(review.marks):
        if mark.cost is not None:
            hands, leader, trick = review._position(index)
            values = solve_cards(hands, review.trump, leader, trick=trick, sides=review.sides)
            assert (mark.before, mark.after) == (max(values.values()), values[mark.card])


def test_a_review_request_carries_the_review_as_data_and_refuses_anything_else() -> None:
    """The worker's request holds the review as JSON data, not JSON text inside JSON; a request
    holding anything but a review is refused with ValueError (the worker answers with its message)."""
    from whist.ai.review import review_step
    from whist.engine import codec

    state = play_hands("classic", 3, 1)
    request = json.loads(HandReview.of(state).request(2))
    assert isinstance(request["review"], dict) and request["positions"] == 2
    assert HandReview.unpack(request["review"]).hands == HandReview.of(state).hands
    for bad in ({"review": codec.pack((1, 2))}, {"review": "not a review"}, {"review": {"no": "codec"}}):
        with pytest.raises(ValueError):
            review_step(json.dumps(bad))


def test_a_hand_with_a_revoke_is_reviewed_and_its_costs_add_up() -> None:
    """Club rules: a revoke stands on the table, and the solver plays on from it, so the
    review values the positions after it too and the costs add up to the tricks taken."""
    import random

    from whist.engine.cards import cards_of

    for seed in range(30):
        state = GameState("classic", seed=seed, revokes="club")
        rng = random.Random(seed)
        revoked = False
        while state.phase is Phase.PLAY:
            seat = state.to_play
            assert seat is not None
            wrong = state.hands[seat] & ~state.legal_mask()
            if wrong and not revoked and len(state.tricks) >= 9:
                state.apply(card_name(min(cards_of(wrong))))
                revoked = True
            else:
                state.apply(rng.choice(state.legal_actions()))
        if not revoked:
            continue
        review = HandReview.of(state)
        review.run(max_tricks=4, node_limit=None)
        start = next(i for i, m in enumerate(review.marks) if m.trick == 9)
        assert all(m.cost is not None for m in review.marks[start:])
        check_the_costs_add_up(state, review, start)
        return
    pytest.fail("no seed gave a revoke in the last four tricks")
