"""The English forms of whist: Short, Long, American, honours, rubbers,
No-trump, drawing for partners and deal, revokes under club rules, Dummy Whist."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from tests.fixed_deal import FixedDeal
from whist.engine.cards import ACE, SPADES, card_name, make_card, parse_card, rank_of, suit_of
from whist.engine.rules import GAMES, Draw, PlayedHand, draw_order, make_rules
from whist.engine.seats import Seat
from whist.engine.state import NEXT_HAND, RECORD_FORMAT, GameState, IllegalActionError, Phase

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


# N: AK of spades, S: QJ of spades, West deals and turns up the 4 of spades.
HONOURS_NS = "N:AK32.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 QJ7.7654.876.876 654.32.5432.5432"
# E: AK, W: Q of spades; North holds the jack.
HONOURS_EW_3 = "N:J32.AKQ.AKQ.AKQJ AK9.JT98.JT9.T98 T87.765.8765.765 Q654.432.432.432"


def play_out(state: GameState, pick: int = 0) -> None:
    while state.phase is Phase.PLAY:
        actions = state.legal_actions()
        state.apply(actions[pick % len(actions)])


def test_all_four_honours_score_four() -> None:
    state = GameState(FixedDeal(HONOURS_NS, "4S", W, honours=True, target=9), seed=1)
    play_out(state)
    r = state.results[-1]
    assert r.honour_cards == (4, 0) and r.honours == (4, 0)
    odd = max(0, r.tricks[0] - 6), max(0, r.tricks[1] - 6)
    assert r.points == (odd[0] + 4, odd[1])


def test_three_honours_score_two_for_either_side() -> None:
    state = GameState(FixedDeal(HONOURS_EW_3, "4S", W, honours=True, target=9), seed=1)
    play_out(state)
    r = state.results[-1]
    assert r.honour_cards == (1, 3) and r.honours == (0, 2)
    assert r.points[1] == max(0, r.tricks[1] - 6) + 2


def test_honours_do_not_count_without_the_option_or_with_no_trump() -> None:
    for options in ({"honours": False}, {"honours": True, "no_trump": True}):
        state = GameState(FixedDeal(HONOURS_NS, "4S", W, target=9, **options), seed=1)
        play_out(state)
        r = state.results[-1]
        assert r.honours == (0, 0) and r.points == tuple(max(0, t - 6) for t in r.tricks)
    assert state.trump is None and state.turn_up == parse_card("4S")


def test_no_trump_ignores_the_turn_up() -> None:
    state = GameState("classic", seed=12, no_trump=True)
    assert state.trump is None and state.turn_up is not None and state.turn_up_visible
    play_out(state)
    for t in state.tricks:
        led = suit_of(t.plays[0][1])
        best = max((c for _, c in t.plays if suit_of(c) == led))
        assert (t.winner, best) in t.plays


def test_tricks_score_before_honours() -> None:
    rules = make_rules("short")
    # both sides at 4: one odd trick for North-South, honours for East-West
    from whist.engine.rules import HandScore
    score = HandScore(tricks=(7, 6), points=(1, 2), honours=(0, 2), honour_cards=(1, 3), revoke_tricks=(0, 0))
    assert rules.game_winner(PlayedHand((0, 0), before=(4, 4)), score) == 0
    score = HandScore(tricks=(6, 7), points=(0, 3), honours=(0, 2), honour_cards=(0, 3), revoke_tricks=(0, 0))
    # 3 + 1 odd trick is short of 5; honours take it to 6
    assert rules.game_winner(PlayedHand((0, 0), before=(4, 3)), score) == 1


@pytest.mark.parametrize("game, target, honours", [("classic", 7, False), ("short", 5, True),
                                                   ("long", 9, True), ("american", 7, False)])
def test_forms_and_their_defaults(game: str, target: int, honours: bool) -> None:
    rules = make_rules(game)
    assert rules.target == target and rules.options["honours"] is honours
    assert rules.title and rules.blurb


@pytest.mark.parametrize("target", [5, 7, 9])
def test_the_game_ends_at_the_target(target: int) -> None:
    for seed in range(15):
        state = GameState("classic", seed=seed, target=target)
        while not state.is_over:
            state.apply(state.legal_actions()[seed % len(state.legal_actions())])
        winner = state.winner
        assert winner is not None and state.scores[winner] >= target
        before = tuple(s - p for s, p in zip(state.scores, state.results[-1].points, strict=True))
        assert max(before) < target


def test_american_whist_has_no_honours_option() -> None:
    with pytest.raises(ValueError, match="must be one of"):
        make_rules("american", honours=True)


def play_match(seed: int, game: str = "classic", **options: Any) -> GameState:
    rng = random.Random(seed)
    state = GameState(game, seed=seed, **options)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_rubbers_two_nil_earn_the_bonus_and_two_one_does_not() -> None:
    seen = set()
    for seed in range(40):
        state = play_match(seed, "short", rubber=True)
        games = state.games
        assert sorted(games)[-1] == 2 and state.winner == games.index(2)
        winners = [r.game_winner for r in state.results if r.game_winner is not None]
        assert len(winners) == sum(games) and winners[-1] == state.winner
        points = [sum(r.points[i] for r in state.results) for i in (0, 1)]
        bonus = 2 if sorted(games) == [0, 2] else 0
        expected = list(points)
        expected[state.winner] += bonus
        assert list(state.match_totals) == expected
        # each game starts from love: the hand after a game was won starts a new game number
        for prev, nxt in itertools.pairwise(state.results):
            if prev.game_winner is not None:
                assert nxt.game_number == prev.game_number + 1 and nxt.scores == nxt.points
            else:
                assert nxt.game_number == prev.game_number
        seen.add(tuple(sorted(games)))
    assert seen == {(0, 2), (1, 2)}


def test_a_single_game_is_not_a_rubber() -> None:
    state = play_match(3, "classic")
    assert sum(state.games) == 1 and state.match_totals == tuple(
        sum(r.points[i] for r in state.results) for i in (0, 1))


# --- revokes -----------------------------------------------------------------------

REVOKE_DEAL = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.8762.876.765 432.543.5432.432"


def test_revokes_are_prevented_by_default() -> None:
    state = GameState(FixedDeal(REVOKE_DEAL, "2C", W), seed=1)
    state.apply("AS")
    with pytest.raises(IllegalActionError, match="must follow suit"):
        state.apply("JH")


def test_a_revoke_under_club_rules_costs_three_tricks() -> None:
    state = GameState(FixedDeal(REVOKE_DEAL, "2C", W, revokes="club"), seed=1)
    state.apply("AS")
    assert "JH" not in state.legal_actions()      # legal play still means following suit
    state.apply("JH")                              # East revokes: allowed, and noted
    assert state.revokes == ((0, E),)
    play_out(state)
    r = state.results[-1]
    raw = state.tricks_won
    moved = min(3, raw[1])
    assert r.revokes == (E,) and r.revoke_tricks == (moved, 0)
    assert r.tricks == (raw[0] + moved, raw[1] - moved)
    assert r.points == (max(0, r.tricks[0] - 6), max(0, r.tricks[1] - 6))
    state.undo()
    assert state.phase is Phase.PLAY and state.revokes == ((0, E),)


def test_each_revoke_is_penalised_even_with_few_tricks() -> None:
    rules = make_rules("classic", revokes="club")
    score = rules.score_hand(PlayedHand((11, 2), (0, 0, 0, 0), None, ((1, E), (5, W))))
    assert score.tricks == (13, 0) and score.revoke_tricks == (2, 0) and score.points == (7, 0)


# --- drawing for partners and deal ---------------------------------------------------

def draw_value(card: int, aces_low: bool) -> int:
    r = rank_of(card)
    return (0 if r == ACE else r + 1) if aces_low else r


def drawn_sequences(draw: Draw) -> dict[int, tuple[int, ...]]:
    """Each player's draw as the rule reads it: the values of the cards they drew, in order."""
    seqs: dict[int, tuple[int, ...]] = {p: () for p in range(4)}
    for this in draw.rounds:
        for p, c in this:
            seqs[p] += (draw_value(c, draw.aces_low),)
    return seqs


def check_the_draw_follows_its_rule(draw: Draw) -> None:
    """The rule, from the cards alone: players who tie draw again and are ranked among
    themselves (card by card through their draws); aces high: every tie draws again, the two
    highest partner, the lowest deals; aces low: only a tie for the highest draws again,
    the highest deals, partners as seated."""
    assert draw.seating[0] == S and sorted(draw.seating) == [N, E, S, W]
    cards = [c for this in draw.rounds for _, c in this]
    assert len(set(cards)) == len(cards)
    assert sorted(p for p, _ in draw.rounds[0]) == [0, 1, 2, 3]
    so_far: dict[int, tuple[int, ...]] = {p: () for p in range(4)}
    for i, this in enumerate(draw.rounds):
        players = sorted(p for p, _ in this)
        if i:
            history = {so_far[p] for p in players}
            assert len(history) == 1 and len(players) > 1          # players tied so far draw again
            tie = history.pop()
            assert players == sorted(p for p in range(4) if so_far[p] == tie)  # all of them, and only them
            if draw.aces_low:
                assert all(tie >= so_far[q] for q in range(4))     # only a tie for the highest
        for p, c in this:
            so_far[p] += (draw_value(c, draw.aces_low),)
    seqs = drawn_sequences(draw)
    ranked = sorted(range(4), key=lambda p: seqs[p], reverse=True)
    seat = draw.seating
    if draw.aces_low:
        assert seqs[ranked[0]] > seqs[ranked[1]]                    # one highest: it deals
        assert draw.dealer == seat[ranked[0]] and seat[1] == N
    else:
        assert len(set(seqs.values())) == 4                         # every tie was broken
        assert draw.dealer == seat[ranked[3]]                        # the lowest deals
        assert {seat[ranked[0]], seat[ranked[1]]} in ({N, S}, {E, W})   # the two highest partner
    assert draw.order == tuple(ranked) or draw.aces_low


@pytest.mark.parametrize("mode", ["high", "low"])
def test_the_draw_for_partners_and_deal_follows_its_rule_over_many_seeds(mode: str) -> None:
    ties = changed = 0
    for seed in range(2000):
        rules = make_rules("classic", draw=mode)
        draw = rules.draw_for_deal(seed)
        assert draw is not None and draw.aces_low == (mode == "low")
        check_the_draw_follows_its_rule(draw)
        ties += len(draw.rounds) > 1
        old = rules.draw_for_deal(seed, legacy_ties=True)
        assert old is not None
        changed += (old.dealer, old.seating) != (draw.dealer, draw.seating)
        if seed % 20 == 0:
            state = GameState("classic", seed=seed, draw=mode)
            assert state.phase is Phase.DRAW and state.legal_actions() == [NEXT_HAND]
            assert state.draw == draw and state.hands == (0, 0, 0, 0)
            state.apply(NEXT_HAND)
            assert state.phase is Phase.PLAY and state.dealer == draw.dealer
            assert state.to_play == rules.next_seat(draw.dealer)
    assert ties > 100, "some draws must tie and draw again"
    assert changed > 50, "the old draw was wrong after some ties"


def cards_of(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


@pytest.mark.parametrize("drawn, aces_low, rounds, order", [
    # the example (seed 0, high): the tens tie and draw again; 6D is lowest whatever they draw
    ("TC 9C 6D TS 3C 5D", False, [[0, 1, 2, 3], [0, 3]], (3, 0, 1, 2)),
    # a tie for lowest: the two fives draw again, the lower of the new cards is the lowest
    ("KC 5S 5H 9D 7C 2S", False, [[0, 1, 2, 3], [1, 2]], (0, 3, 1, 2)),
    # the twos redraw nines (as high as another's first card, which they never meet), then again
    ("2C 9S 2H AD 9C 9H KD 3C", False, [[0, 1, 2, 3], [0, 2], [0, 2]], (3, 1, 0, 2)),
    # three tie: they draw again among themselves, and the fourth stays where its card put it
    ("8C 8S 8H 3D 2C QS 7H", False, [[0, 1, 2, 3], [0, 1, 2]], (1, 2, 0, 3)),
    # two pairs tie: each pair draws again, the higher pair first
    ("JC 4S JH 4D 3C 9S 2H AD", False, [[0, 1, 2, 3], [0, 2], [1, 3]], (2, 0, 3, 1)),
    # aces low: a tie for the highest draws again; the ace (one) is lowest
    ("KC KS AH 4D 5C 3S", True, [[0, 1, 2, 3], [0, 1]], (0, 1, 3, 2)),
    # aces low: a tie below the highest is not drawn again (only the highest card deals)
    ("KC 5S 5H 9D", True, [[0, 1, 2, 3]], (0, 3, 1, 2)),
])
def test_hand_made_draws(drawn: str, aces_low: bool, rounds: list[list[int]], order: tuple[int, ...]) -> None:
    got_rounds, got_order = draw_order(cards_of(drawn), aces_low)
    assert [[p for p, _ in r] for r in got_rounds] == rounds
    assert got_order == order
    assert [c for r in got_rounds for _, c in r] == cards_of(drawn)


def test_seed_0_the_six_deals_and_the_tens_are_partners() -> None:
    draw = make_rules("classic", draw="high").draw_for_deal(0)
    assert draw is not None
    first = {p: card_name(c) for p, c in draw.rounds[0]}
    assert first == {0: "TC", 1: "9C", 2: "6D", 3: "TS"}
    assert [(p, card_name(c)) for p, c in draw.rounds[1]] == [(0, "3C"), (3, "5D")]
    assert draw.seating[3] == N                                   # 10S partners you (10C)
    assert draw.dealer == draw.seating[2]                          # the 6D deals
    state = GameState("classic", seed=0, draw="high")
    state.apply(NEXT_HAND)
    assert state.dealer == draw.dealer != S


def test_a_format_1_record_replays_with_the_draw_it_was_played_with() -> None:
    old = GameState("classic", seed=0, draw="high", record_format=1)
    assert old.draw is not None and old.draw.dealer == S          # the old rule's mistake
    for _ in range(6):
        old.apply(old.legal_actions()[-1])
    record = old.to_record()
    assert record["format"] == 1
    again = GameState.from_record(record)
    assert again.snapshot() == old.snapshot() and again.to_record() == record
    new = GameState("classic", seed=0, draw="high")
    assert new.to_record()["format"] == RECORD_FORMAT >= 2 and new.draw is not None and new.draw.dealer != S
    with pytest.raises(ValueError, match="format"):
        GameState("classic", seed=0, record_format=RECORD_FORMAT + 1)


def test_drawn_aces_rank_by_the_mode() -> None:
    ace, king = make_card(SPADES, ACE), make_card(SPADES, ACE - 1)
    assert draw_value(ace, False) > draw_value(king, False)
    assert draw_value(ace, True) < draw_value(king, True)


# --- Dummy Whist ------------------------------------------------------------------------

def test_dummy_whist_you_play_north_and_north_is_shown_after_the_lead() -> None:
    for seed in range(30):
        state = GameState("dummy", seed=seed)
        rules = state.rules
        assert rules.controller(N) == S and rules.controller(E) == E
        lead = state.to_play
        assert lead is not None
        assert (N, state.hands[N]) in state.observation(S).exposed      # you always see your dummy
        assert state.observation(E).exposed == () and state.observation(W).exposed == ()
        assert state.observation(N).exposed == ((S, state.hands[S]),)
        state.apply(state.legal_actions()[0])
        for seat in (E, W):
            assert state.observation(seat).exposed == ((N, state.hands[N]),)
            assert not state.observation(seat).unseen & state.hands[N]
        play_out(state, seed)
        assert sum(state.results[-1].tricks) == 13


def test_every_form_of_the_game_plays_to_its_end() -> None:
    """Seeded games of every form keep the invariants, with option sets that hold every value of
    every option and every pair of values of two options (all pairs: tests/test_undo_exact.py's
    covering arrays, 57 sets where every combination of five options was 187)."""
    from tests.test_random_games import check_cards_conserved
    from tests.test_undo_exact import option_sets

    combos = 0
    for game, cls in GAMES.items():
        for options in option_sets(cls):
            for seed in range(2):
                rng = random.Random(seed)
                state = GameState(game, seed=seed + 100 * combos, **options)
                while not state.is_over:
                    if state.phase is not Phase.DRAW:
                        check_cards_conserved(state)
                    if state.phase is Phase.PLAY and options.get("revokes") == "club" and rng.random() < 0.02:
                        seat = state.to_play
                        assert seat is not None
                        held = [c for c in range(52) if state.hands[seat] >> c & 1]
                        state.apply(card_name(rng.choice(held)))
                    else:
                        state.apply(rng.choice(state.legal_actions()))
                for r in state.results:
                    assert sum(r.tricks) == 13 and len([p for p in r.points if p]) <= 2
                assert max(state.games) == state.rules.games_to_win()
                again = GameState.from_json(state.to_json())
                assert again.snapshot() == state.snapshot()
            combos += 1
    assert combos >= 50
