"""German Whist for two: the stock, the face-up card, the two phases, scoring and variants."""

from __future__ import annotations

import itertools
import random
from typing import TypedDict

import pytest

from whist.engine.cards import FULL_DECK, card_name, suit_of
from whist.engine.deal import shuffled_deck
from whist.engine.rules import make_rules
from whist.engine.seats import SEAT_NAMES, Seat
from whist.engine.state import NEXT_HAND, GameState, Phase
from whist.engine.trick import trick_winner

N, S = Seat.N, Seat.S


def play_phase_one(state: GameState, rng: random.Random) -> None:
    while len(state.tricks) < 13:
        state.apply(rng.choice(state.legal_actions()))


def test_the_deal_thirteen_each_alternately_and_a_stock_of_26() -> None:
    for seed in range(20):
        state = GameState("german", seed=seed)
        deck = shuffled_deck(state.deal_number)
        non_dealer = state.rules.next_seat(state.dealer)
        for i in range(26):
            seat = non_dealer if i % 2 == 0 else state.dealer
            assert state.hands[seat] >> deck[i] & 1
        assert state.stock == tuple(deck[26:]) and state.face_up == deck[26]
        assert state.trump == suit_of(deck[26]) and state.turn_up == deck[26]
        assert state.to_play == non_dealer
        assert state.hands[Seat.E] == state.hands[Seat.W] == 0


def test_phase_one_the_winner_takes_the_face_up_card_the_loser_the_next() -> None:
    rng = random.Random(3)
    state = GameState("german", seed=11)
    while len(state.tricks) < 13:
        face_up, blind = state.stock[0], state.stock[1]
        before = state.hands
        state.apply(rng.choice(state.legal_actions()))
        leader_card = state.trick[0]
        state.apply(rng.choice(state.legal_actions()))
        t = state.tricks[-1]
        assert t.plays[0] == leader_card
        loser = N if t.winner == S else S
        played = {s: c for s, c in t.plays}
        assert state.hands[t.winner] == before[t.winner] & ~(1 << played[t.winner]) | 1 << face_up
        assert state.hands[loser] == before[loser] & ~(1 << played[loser]) | 1 << blind
        assert state.hands[N].bit_count() == state.hands[S].bit_count() == 13
        assert state.draws[-2:][0].face_up and not state.draws[-1].face_up
        assert state.to_play == t.winner
    assert state.stock == () and state.face_up is None and len(state.draws) == 26


def test_phase_two_no_drawing_the_last_winner_leads_and_only_it_counts() -> None:
    rng = random.Random(5)
    state = GameState("german", seed=21)
    play_phase_one(state, rng)
    assert state.to_play == state.tricks[-1].winner
    assert state.tricks_won == (0, 0)                   # Phase One tricks do not count
    while state.phase is Phase.PLAY:
        state.apply(rng.choice(state.legal_actions()))
    assert state.hands == (0, 0, 0, 0) and len(state.tricks) == 26
    r = state.results[-1]
    counted = [t.winner for t in state.tricks[13:]]
    assert r.tricks == (counted.count(N), counted.count(S)) and sum(r.tricks) == 13
    high, low = max(r.tricks), min(r.tricks)
    assert sorted(r.points) == [0, high - low]          # the winner scores the difference (9-4 scores 5)


@pytest.mark.parametrize("scoring, tricks, points", [
    ("difference", (9, 4), (5, 0)), ("difference", (4, 9), (0, 5)), ("difference", (7, 6), (1, 0)),
    ("above-six", (9, 4), (3, 0)), ("above-six", (6, 7), (0, 1)),
])
def test_scoring(scoring: str, tricks: tuple[int, int], points: tuple[int, int]) -> None:
    assert make_rules("german", scoring=scoring).hand_points(tricks) == points


def test_a_match_to_the_target_with_the_deal_alternating() -> None:
    for target in (17, 21):
        rng = random.Random(target)
        state = GameState("german", seed=target, target=target)
        dealers = [state.dealer]
        while not state.is_over:
            if state.phase is Phase.HAND_OVER:
                state.apply(NEXT_HAND)
                dealers.append(state.dealer)
            else:
                state.apply(rng.choice(state.legal_actions()))
        assert all(a != b for a, b in itertools.pairwise(dealers))
        winner = state.winner
        assert winner is not None and state.scores[winner] >= target
        assert max(s - p for s, p in zip(state.scores, state.results[-1].points, strict=True)) < target


def test_the_three_deal_match_totals_phase_two_tricks() -> None:
    rng = random.Random(8)
    state = GameState("german", seed=8, match="three-deals")
    leaders = []
    while not state.is_over:
        if state.phase is Phase.HAND_OVER:
            state.apply(NEXT_HAND)
        if not state.tricks and not state.trick:
            leaders.append(state.to_play)
        state.apply(rng.choice(state.legal_actions()))
    assert len(state.results) == 3 and leaders == [leaders[0], S if leaders[0] == N else N, leaders[0]]
    totals = [sum(r.tricks[i] for r in state.results) for i in (0, 1)]
    assert list(state.scores) == totals and sum(totals) == 39
    assert state.winner == totals.index(max(totals))


def test_variable_trump_phase_one_has_no_trumps_and_the_hidden_card_names_phase_two() -> None:
    """The rule book's variant (seed 004): "rather than fixing trumps by the first exposed stock
    card", the card dealt face down names trumps at the start of Phase Two: Phase One has none
    (the engine, the view and How to play say so), then the hidden card's suit is trumps."""
    rng = random.Random(3)
    state = GameState("german", seed=30, trump="variable")
    up = suit_of(state.stock[0])
    assert state.reveal is not None and suit_of(state.reveal) != up      # the two readings differ here
    assert state.trump is None and state.observation(S).trump is None
    ruffed = 0
    while len(state.tricks) < 13:
        assert state.trump is None
        state.apply(rng.choice(state.legal_actions()))
        if not state.trick:
            t = state.tricks[-1]
            cards = [c for _, c in t.plays]
            assert t.plays[trick_winner(cards, None)][0] == t.winner     # the suit led wins, always
            ruffed += trick_winner(cards, None) != trick_winner(cards, up)
    assert ruffed > 0     # a turn-up trump would have won one of these tricks
    assert state.trump == suit_of(state.reveal) and state.observation(S).trump == suit_of(state.reveal)
    while state.phase is Phase.PLAY:
        state.apply(rng.choice(state.legal_actions()))
    assert state.results[-1].trump == suit_of(state.reveal)


def test_variable_trump_the_table_and_how_to_play_say_phase_one_has_no_trumps() -> None:
    from whist.table import Table, catalog

    table = Table(seed=30, game="german", trump="variable")
    view = table.view()
    assert (view.trump, view.trump_name) == ("NT", "No trump") and not view.turn_up_ignored
    assert view.notes == ("Phase Two trump hidden until the stock is gone",)
    hand = (view.dealer_name, view.turn_up.name if view.turn_up else "", "")
    text = " ".join(p for s in catalog.how_to_play("german", view.options, hand) for p in s.paragraphs)
    assert "Phase One is played without trumps" in text and "without trumps*" in text
    assert "names trumps" not in text.split("Phase Two")[0]
    assert "Phase One has no trumps" in make_rules("german").option_help("trump")
    rng = random.Random(1)
    while len(table.state.tricks) < 13:
        table.state.apply(rng.choice(table.state.legal_actions()))
    reveal = table.state.reveal
    assert reveal is not None and table.view().trump == "SHDC"[suit_of(reveal)]
    assert any(n.startswith("Phase Two trump: ") for n in table.view().notes)


def test_a_format_2_record_replays_variable_trump_as_it_was_played() -> None:
    """Records written before Phase One lost its trump (format 2) played it with the turn-up's
    suit: they replay so, to the identical state, and keep their format."""
    old = GameState("german", seed=30, trump="variable", record_format=2)
    assert old.trump == suit_of(old.stock[0])
    rng = random.Random(2)
    while len(old.tricks) < 15:
        old.apply(rng.choice(old.legal_actions()))
    record = old.to_record()
    assert record["format"] == 2 and record["options"] == {"trump": "variable"}
    again = GameState.from_record(record)
    assert again.snapshot() == old.snapshot() and again.to_record() == record
    assert GameState("german", seed=30, trump="variable").to_record()["format"] == 3


def test_no_trump() -> None:
    rng = random.Random(2)
    plain = GameState("german", seed=30, trump="none")
    assert plain.trump is None and plain.face_up is not None and plain.reveal is None
    play_phase_one(plain, rng)
    assert plain.trump is None
    for t in plain.tricks:
        cards = [c for _, c in t.plays]
        assert t.plays[trick_winner(cards, None)][0] == t.winner


def test_each_side_sees_exactly_what_it_has_seen() -> None:
    rng = random.Random(4)
    state = GameState("german", seed=40)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
        state.apply(rng.choice(state.legal_actions()))
        for seat in (N, S):
            other = S if seat == N else N
            obs = state.observation(seat)
            # the blind draws of the other player are hidden; its face-up draws still held are known
            known_other = sum(1 << d.card for d in state.draws
                              if d.seat == other and d.face_up and state.hands[other] >> d.card & 1)
            assert dict(obs.exposed).get(other, 0) == known_other
            blind_other = [d.card for d in state.draws if d.seat == other and not d.face_up
                           and state.hands[other] >> d.card & 1]
            assert all(obs.unseen >> c & 1 for c in blind_other)
            assert obs.hand == state.hands[seat]            # your own blind draws are in your hand
            assert obs.face_up == state.face_up and obs.stock_size == len(state.stock)
            assert not obs.unseen & (obs.hand | obs.played | known_other)
            hidden = state.hands[other] & ~known_other
            stock_down = sum(1 << c for c in state.stock[1:])
            assert obs.unseen == hidden | stock_down
    play_phase_one(state, rng)
    obs = state.observation(S)
    assert obs.unseen | dict(obs.exposed).get(N, 0) == state.hands[N]   # Phase Two: all 52 accounted for


class GermanOptions(TypedDict, total=False):
    """The German Whist options these tests vary (each passed to GameState by name)."""

    trump: str
    scoring: str
    match: str


GERMAN_VARIANTS: list[GermanOptions] = [{}, {"trump": "variable"}, {"trump": "none"}, {"scoring": "above-six"},
                                        {"match": "three-deals"}]


def test_seeded_german_games_keep_the_invariants() -> None:
    for seed in range(150):
        rng = random.Random(seed)
        options = GERMAN_VARIANTS[seed % 5]
        state = GameState("german", seed=seed, **options)
        while not state.is_over:
            if state.phase is Phase.PLAY:
                held = state.hands[N] | state.hands[S]
                played = sum(1 << c for t in state.tricks for _, c in t.plays) | sum(1 << c for _, c in state.trick)
                stock = sum(1 << c for c in state.stock)
                assert held | played | stock == FULL_DECK and not held & played and not held & stock
                assert (len(state.stock) == 0) == (len(state.tricks) >= 13)
            state.apply(rng.choice(state.legal_actions()))
        assert GameState.from_json(state.to_json()).snapshot() == state.snapshot()


def test_observation_carries_the_stocks_public_history() -> None:
    """Each face-up card taken, by the trick's winner, first the turn-up; empty elsewhere;
    in the bot's JSON only when there is one, and a request reads it back."""
    from whist.cli.bot import parse_request, request_of
    from whist.engine.state import GameState as State

    state = State("german", seed=5)
    assert state.to_play is not None
    assert state.observation(state.to_play).taken_face_up == ()
    assert "taken_face_up" not in state.observation(state.to_play).to_json()
    while len(state.tricks) < 5:
        state.apply(state.legal_actions()[-1])
    assert state.to_play is not None and state.turn_up is not None
    obs = state.observation(state.to_play)
    assert [s for s, _ in obs.taken_face_up] == [t.winner for t in obs.tricks]
    assert obs.taken_face_up[0][1] == obs.turn_up
    assert obs.to_json()["taken_face_up"][0] == [SEAT_NAMES[obs.tricks[0].winner], card_name(state.turn_up)]
    request = request_of(obs)
    assert parse_request(request) == obs
    bad = dict(request, taken_face_up=request["taken_face_up"][:-1])
    with pytest.raises(ValueError, match="taken_face_up"):
        parse_request(bad)
    without = {k: v for k, v in request.items() if k != "taken_face_up"}
    assert parse_request(without).taken_face_up == ()
    assert State("classic", seed=5).observation(Seat.S).taken_face_up == ()
