"""The engine's rules on hand-written deals with known answers."""

from __future__ import annotations

import itertools
import json
from typing import Any, ClassVar

import pytest

from tests.fixed_deal import FixedDeal
from whist.engine.cards import (
    CLUBS,
    DIAMONDS,
    FULL_DECK,
    HEARTS,
    SPADES,
    card_long_name,
    card_name,
    mask_names,
    parse_card,
    parse_cards,
    suit_of,
)
from whist.engine.deal import deal_cards, format_pbn, parse_pbn, shuffled_deck
from whist.engine.rules import make_rules
from whist.engine.seats import Seat
from whist.engine.state import NEXT_HAND, GameState, IllegalActionError, Phase
from whist.engine.trick import end_trick, legal_cards, trick_winner

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


# North holds every spade: with spades trump and North on lead, NS take all 13.
SWEEP = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


# --- cards and notation ---------------------------------------------------------

def test_card_numbers_and_names() -> None:
    assert parse_card("2S") == 0 and parse_card("AS") == 12 and parse_card("AC") == 51
    assert card_name(parse_card("th")) == "TH" and parse_card("10d") == parse_card("TD")
    assert card_long_name(parse_card("QS")) == "Queen of spades"
    assert [suit_of(c) for c in cards("AS AH AD AC")] == [SPADES, HEARTS, DIAMONDS, CLUBS]
    for bad in ("", "1S", "AX", "QSS", "S"):
        with pytest.raises(ValueError, match="not a card"):
            parse_card(bad)


def test_mask_names_read_suit_by_suit_high_first() -> None:
    assert mask_names(parse_cards("2C AS TH KS 3D")) == ["AS", "KS", "TH", "3D", "2C"]


def test_pbn_round_trip_and_errors() -> None:
    hands = parse_pbn(SWEEP)
    assert mask_names(hands[N])[0] == "AS" and len(mask_names(hands[W])) == 13
    assert format_pbn(hands) == SWEEP
    assert parse_pbn(format_pbn(hands, first=E)) == hands
    with pytest.raises(ValueError, match="dealt twice"):
        parse_pbn("N:A... A... K... Q...")
    with pytest.raises(ValueError, match="four hands"):
        parse_pbn("N:AKQ... JT9...")


# --- one trick ------------------------------------------------------------------

@pytest.mark.parametrize("played, trump, winner", [
    ("KS AS 2H 3S", HEARTS, 2),      # the only trump wins
    ("KS AS 2D 3S", HEARTS, 1),      # a discard never wins
    ("KS AS 2D 3S", None, 1),        # no trump: highest of the suit led
    ("2C 3H 4H AC", HEARTS, 2),      # the higher of two trumps
    ("5H 2H AH 3S", HEARTS, 2),      # trump led: highest trump
    ("QD 2S 3S 4S", HEARTS, 0),      # everyone discards: the lead wins
    ("2D AS KS 3D", None, 3),        # no-trump: only the suit led counts
])
def test_trick_winner(played: str, trump: int | None, winner: int) -> None:
    assert trick_winner(cards(played), trump) == winner


def test_follow_suit_if_able() -> None:
    hand = parse_cards("AS 2S KH 3D")
    assert legal_cards(hand, SPADES) == parse_cards("AS 2S")
    assert legal_cards(hand, CLUBS) == hand          # void: anything
    assert legal_cards(hand, None) == hand           # on lead: anything


# --- the deal -------------------------------------------------------------------

def test_deal_one_card_at_a_time_clockwise_from_dealers_left() -> None:
    seats = (N, E, S, W)
    for dealer in seats:
        hands, last = deal_cards(1234, dealer, seats)
        deck = shuffled_deck(1234)
        for i, card in enumerate(deck):
            assert hands[seats[(dealer + 1 + i) % 4]] >> card & 1
        assert last == deck[51] and hands[dealer] >> last & 1
        assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK


def test_turn_up_is_the_dealers_last_card_and_names_trump() -> None:
    for seed in range(20):
        state = GameState("classic", seed=seed)
        assert state.turn_up is not None and state.hands[state.dealer] >> state.turn_up & 1
        assert state.trump == suit_of(state.turn_up)
        assert state.turn_up_visible
        assert state.to_play == state.rules.next_seat(state.dealer)


def test_turn_up_stays_visible_until_the_dealer_plays_it() -> None:
    state = GameState("classic", seed=5)
    up, dealer = state.turn_up, state.dealer
    assert up is not None
    while state.turn_up_visible:
        seat = state.to_play
        legal = state.legal_mask()
        # the dealer holds on to the turn-up as long as possible
        choice = legal & ~(1 << up) if seat == dealer and legal & ~(1 << up) else legal
        state.apply(card_name((choice & -choice).bit_length() - 1))
    assert state.hands[dealer] >> up & 1 == 0
    last_play = state.tricks[-1].plays if not state.trick else state.trick
    assert (dealer, up) in last_play
    assert state.observation(N).turn_up == up and not state.observation(N).turn_up_visible


def test_same_seed_same_cards_and_deal_rotates_clockwise() -> None:
    a, b = GameState("classic", seed=99), GameState("classic", seed=99)
    assert a.hands == b.hands and a.dealer == b.dealer
    assert GameState("classic", seed=100).hands != a.hands
    dealers, numbers = [a.dealer], [a.deal_number]
    while len(dealers) < 6 and not a.is_over:
        while a.phase is Phase.PLAY:
            a.apply(a.legal_actions()[-1])
        if a.phase is Phase.HAND_OVER:
            a.apply(NEXT_HAND)
            dealers.append(a.dealer)
            numbers.append(a.deal_number)
            assert a.to_play == a.rules.next_seat(a.dealer)
    for prev, nxt in itertools.pairwise(dealers):
        assert nxt == prev.next_clockwise()
    assert numbers[0] == 99 and len(set(numbers)) == len(numbers)


# --- playing and scoring --------------------------------------------------------

def test_all_the_trumps_take_all_thirteen_tricks_and_the_game() -> None:
    # North deals and holds every spade, turned up: East leads, North ruffs, then draws.
    state = GameState(FixedDeal(SWEEP, turn_up="2S", dealer=N), seed=1)
    assert state.trump == SPADES and state.to_play == E
    while state.phase is Phase.PLAY:
        state.apply(state.legal_actions()[0])
    assert [t.winner for t in state.tricks] == [N] * 13
    assert state.tricks_won == (13, 0) and state.scores == (7, 0)
    assert state.phase is Phase.GAME_OVER and state.winner == 0
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(NEXT_HAND)


def test_thirteen_nil_to_the_other_side() -> None:
    # West deals and holds every club, turned up: North leads, West ruffs each trick.
    state = GameState(FixedDeal(SWEEP, turn_up="2C", dealer=W), seed=1)
    assert state.trump == CLUBS and state.to_play == N
    while state.phase is Phase.PLAY:
        state.apply(state.legal_actions()[0])
    assert state.tricks_won == (0, 13) and state.scores == (0, 7) and state.winner == 1
    assert [t.winner for t in state.tricks] == [W] * 13


@pytest.mark.parametrize("tricks, points", [((7, 6), (1, 0)), ((6, 7), (0, 1)), ((13, 0), (7, 0)),
                                            ((9, 4), (3, 0)), ((0, 13), (0, 7))])
def test_one_point_a_trick_over_the_book(tricks: tuple[int, int], points: tuple[int, int]) -> None:
    assert make_rules("classic").hand_points(tricks) == points


def test_game_is_won_at_seven() -> None:
    rules = make_rules("classic")
    assert rules.winner((6, 5)) is None and rules.winner((7, 3)) == 0 and rules.winner((2, 9)) == 1
    assert make_rules("classic", target=5).winner((5, 0)) == 0


def test_hands_score_as_the_tricks_fell() -> None:
    """Seeded hands that split 7-6 and 6-7 score one point to the side with seven."""
    seen = set()
    for seed in range(300):
        state = GameState("classic", seed=seed)
        while state.phase is Phase.PLAY:
            state.apply(state.legal_actions()[seed % len(state.legal_actions())])
        result = state.results[-1]
        assert sum(result.tricks) == 13
        assert result.points == tuple(max(0, t - 6) for t in result.tricks)
        assert state.scores == result.points
        seen.add(result.tricks)
    assert (7, 6) in seen and (6, 7) in seen


# --- refusing illegal actions -----------------------------------------------------

def test_revoke_is_refused_with_a_reason_and_changes_nothing() -> None:
    pbn = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.8762.876.765 432.543.5432.432"
    state = GameState(FixedDeal(pbn, turn_up="2C", dealer=W), seed=3)
    state.apply("AS")                                # North leads a spade
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="East must follow suit: spades"):
        state.apply("JH")
    with pytest.raises(IllegalActionError, match="not in East's hand"):
        state.apply("7S")
    with pytest.raises(IllegalActionError, match="not a card"):
        state.apply("ZZ")
    with pytest.raises(IllegalActionError, match="East is to play a card"):
        state.apply(NEXT_HAND)
    with pytest.raises(IllegalActionError):
        state.apply(12)  # type: ignore[arg-type]
    assert state.snapshot() == before
    state.apply("8S")
    assert state.to_play == S


# --- undo, clone, records -----------------------------------------------------------

def test_undo_goes_back_across_tricks_and_hands() -> None:
    state = GameState("classic", seed=8)
    snaps = [state.snapshot()]
    while state.hand_number < 2 and not state.is_over:
        state.apply(state.legal_actions()[0])
        snaps.append(state.snapshot())
    while state.can_undo:
        state.undo()
        snaps.pop()
        assert state.snapshot() == snaps[-1]
    assert state.undo() is None and state.actions == [] and len(snaps) == 1


def test_clone_is_independent() -> None:
    state = GameState("classic", seed=4)
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert state.actions == [] and len(twin.actions) == 1 and state.trick == ()
    assert twin.undo() is not None and twin.snapshot() == state.snapshot()


def test_record_round_trip_and_bad_records() -> None:
    state = GameState("classic", seed=77, target=5)
    for _ in range(30):
        state.apply(state.legal_actions()[-1])
    text = state.to_json()
    assert json.loads(text)["actions"] == state.actions
    again = GameState.from_json(text)
    assert again.snapshot() == state.snapshot()
    assert again.undo() == state.actions[-1]
    record = json.loads(text)
    for broken, message in [
        ("{", "must be JSON"),
        ("[]", "JSON object"),
        (json.dumps({**record, "format": 99}), "format"),
        (json.dumps({**record, "game": "snap"}), "unknown game"),
        (json.dumps({**record, "options": {"target": 8}}), "must be one of"),
        (json.dumps({**record, "seed": -1}), "seed"),
        (json.dumps({**record, "actions": record["actions"][:1] * 2}), "action 2 of the record"),
    ]:
        with pytest.raises(ValueError, match=message):
            GameState.from_json(broken)


def test_unknown_option_and_seat_are_refused() -> None:
    with pytest.raises(ValueError, match="no option"):
        make_rules("classic", trumps="spades")
    with pytest.raises(ValueError, match="not a seat"):
        Seat.parse("X")


@pytest.mark.parametrize("game", ["classic", "german", "contract", "dummy"])
def test_push_is_apply_without_the_check_and_pop_takes_it_back(game: str) -> None:
    """A legal card pushed leaves the state apply leaves (the record and undo included);
    pop returns it and restores the state before it; pop refuses what is not a card."""
    applied, pushed = GameState(game, seed=3), GameState(game, seed=3)
    with pytest.raises(IndexError):
        pushed.pop()
    while not applied.is_over and len(applied.results) < 2:
        action = applied.legal_actions()[-1]
        if applied.phase is Phase.PLAY:
            card = parse_card(action)
            before = pushed.snapshot()
            pushed.push(card)
            assert pushed.pop() == card and pushed.snapshot() == before
            pushed.push(card)
        else:
            pushed.apply(action)
            if action == NEXT_HAND or applied.phase is Phase.AUCTION:
                with pytest.raises(IndexError):
                    pushed.clone().pop()
        applied.apply(action)
        assert pushed.snapshot() == applied.snapshot()
    assert GameState.from_json(pushed.to_json()).snapshot() == applied.snapshot()


def test_push_trusts_its_card() -> None:
    """push checks nothing: a card of another suit is a revoke, as a player's revoke is."""
    state = GameState("classic", seed=5)
    lead = state.legal_mask().bit_length() - 1
    state.push(lead)
    seat = state.to_play
    assert seat is not None
    off = state.hands[seat] & ~legal_cards(state.hands[seat], suit_of(lead))
    assert off  # this deal gives the second hand a card of another suit
    state.push(off.bit_length() - 1)
    assert state.revokes == ((0, seat),)


def test_end_trick_decides_the_winner_the_draw_and_the_end_of_the_hand() -> None:
    c = parse_card
    hands = [0, 0, 0, 0]
    end = end_trick(hands, Seat.N, ((Seat.N, c("KS")), (Seat.S, c("AS"))), None, 0, 26,
                    stock=(c("2H"), c("3H"), c("4H")), next_seat=lambda s: Seat.N if s is Seat.S else Seat.S)
    assert end.trick.winner is Seat.S and not end.over and end.stock == (c("4H"),)
    assert [(d.seat, d.card, d.face_up) for d in end.draws] == [(Seat.S, c("2H"), True), (Seat.N, c("3H"), False)]
    assert hands[Seat.S] == 1 << c("2H") and hands[Seat.N] == 1 << c("3H")
    assert end_trick(hands, Seat.N, ((Seat.N, c("KS")), (Seat.S, c("2H"))), c("2H") // 13, 25, 26).over


# --- the games' options: typed, each game's own, only the changed ones recorded -------

def test_every_game_declares_its_own_typed_options() -> None:
    """Each game lists its options itself (never a parent's list), each a typed spec whose
    default is one of its choices; the dict views the dialog and the bot read agree."""
    from whist.engine.rules import GAMES, ClassicWhist, Option, Rules

    assert Rules not in GAMES.values() and Rules.option_specs == () and GAMES["classic"] is ClassicWhist
    for cls in GAMES.values():
        assert "option_specs" in vars(cls), cls.__name__
        for spec in cls.option_specs:
            assert isinstance(spec, Option) and spec.default in spec.choices
            assert all(type(c) is spec.type for c in spec.choices)
            assert cls.default_options[spec.name] == spec.default and cls.option_choices[spec.name] == spec.choices
            assert cls.option_label(spec.name) == spec.label and cls.option_help(spec.name)
        assert list(cls.default_options) == [s.name for s in cls.option_specs]


def test_an_option_added_to_classic_changes_no_other_game() -> None:
    """Short Whist is Classic Whist with other defaults, but its options are its own: a game
    that subclasses Classic and adds an option leaves Classic's subclasses as they were, and
    Classic's rules read the option's default in a game that does not offer it."""
    from whist.engine.rules import GAMES, HONOURS, ClassicWhist, Option, ShortWhist

    extra: Option[bool] = Option("extra", False, (False, True), "An extra")

    class Wider(ClassicWhist):
        option_specs: ClassVar[tuple[Option[Any], ...]] = (*ClassicWhist.option_specs, extra)

    assert "extra" in Wider.default_options and "extra" not in ShortWhist.default_options
    assert all("extra" not in cls.default_options for cls in GAMES.values())
    assert Wider(extra=True).value(extra) is True and ShortWhist().value(extra) is False
    assert ShortWhist().value(HONOURS) is True and make_rules("german").value(HONOURS) is False
    with pytest.raises(ValueError, match="has no option 'extra'"):
        ShortWhist(extra=True)


def test_options_are_checked_in_one_place_by_type() -> None:
    cases: list[tuple[dict[str, Any], str]] = [({"honours": 1}, "must be one of"), ({"target": 7.0}, "must be one of"),
                         ({"target": True}, "must be one of"), ({"draw": "HIGH"}, "must be one of"),
                         ({"trumps": "spades"}, "has no option")]
    for bad, message in cases:
        with pytest.raises(ValueError, match=message):
            make_rules("classic", **bad)
    with pytest.raises(ValueError, match="must be one of"):
        make_rules("american", honours=True)
    from whist.engine.rules import Option

    with pytest.raises(TypeError):
        Option("odd", 1, (1, "two"), "Odd")   # one type for all its values
    with pytest.raises(TypeError):
        Option("odd", 3, (1, 2), "Odd")       # the default is a choice


def test_a_record_names_only_the_options_not_at_their_defaults() -> None:
    state = GameState("short", seed=5, rubber=True, target=5)
    record = state.to_record()
    assert record["options"] == {"rubber": True}
    assert GameState("classic", seed=5).to_record()["options"] == {}
    full = {**record, "options": dict(state.rules.options)}     # as records before issue 36 were written
    assert GameState.from_record(full).snapshot() == GameState.from_record(record).snapshot() == state.snapshot()


def test_scoring_is_given_the_hand_with_the_score_before_it() -> None:
    """The state hands score_hand and game_winner one PlayedHand: the tricks, the deal, trump,
    the revokes, the contract, the score before the hand and its number in the game."""
    from whist.engine.rules import ClassicWhist, HandScore, PlayedHand

    seen: list[PlayedHand] = []

    class Watched(ClassicWhist):
        def score_hand(self, hand: PlayedHand) -> HandScore:
            seen.append(hand)
            return super().score_hand(hand)

    state = GameState(Watched(), seed=3)
    while len(state.results) < 2:
        state.apply(state.legal_actions()[0])
    first, second = seen
    assert first.before == (0, 0) and second.before == state.results[0].scores
    assert (first.hands_played, second.hands_played) == (1, 2)
    assert second.tricks == state.results[1].tricks and second.dealt == state.dealt and second.trump == state.trump
