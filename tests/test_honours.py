"""Honours, split by split, straight against the scoring code (``Rules.honours`` and
``Rules.score_hand``) and through hands played out.

The rule book (English Whist, /work/shared/rules/001_*): "A partnership holding the four
top trumps (A, K, Q, J) across both their hands scores 4 points for honours; holding any
three scores 2 points. Honours are scored at the end of the hand." So of the four honours
split between the sides 4-0, 3-1, 2-2, 1-3 or 0-4, only the side with four or three
scores, and a 2-2 split scores nothing for either side. The book says nothing of honours
not counting at the last point; the code's one such rule, that tricks score before
honours in deciding who reaches the target first, is checked at the end.
"""

from __future__ import annotations

import itertools

import pytest

from tests.fixed_deal import FixedDeal
from whist.engine.cards import ACE, JACK, KING, QUEEN, card_name, make_card, suit_of
from whist.engine.deal import format_pbn
from whist.engine.rules import PlayedHand, make_rules
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
HONOURS = (ACE, KING, QUEEN, JACK)

#: The book's points for honours held by one side: four score 4, three score 2, fewer nothing.
BOOK = {4: 4, 3: 2, 2: 0, 1: 0, 0: 0}

#: Every way to place the four honours: the seat holding each of A, K, Q, J.
PLACINGS = list(itertools.product((N, E, S, W), repeat=4))


def deal_with(trump: int, holders: tuple[Seat, ...]) -> tuple[int, int, int, int]:
    """Thirteen cards a seat, the A K Q J of ``trump`` held by ``holders`` (in that order),
    the other 48 cards handed round to fill the hands (four honours of the other suits
    included, which must not count)."""
    hands = [0, 0, 0, 0]
    for rank, seat in zip(HONOURS, holders, strict=True):
        hands[seat] |= 1 << make_card(trump, rank)
    honours = sum(1 << make_card(trump, r) for r in HONOURS)
    i = 0
    for card in range(52):
        if honours >> card & 1:
            continue
        while hands[i].bit_count() == 13:
            i = (i + 1) % 4
        hands[i] |= 1 << card
        i = (i + 1) % 4
    assert all(h.bit_count() == 13 for h in hands) and sum(hands) == (1 << 52) - 1
    return hands[0], hands[1], hands[2], hands[3]


def split(holders: tuple[Seat, ...]) -> tuple[int, int]:
    """Honours held by North-South and by East-West, counted here, not by the rules."""
    ns = sum(seat in (N, S) for seat in holders)
    return ns, 4 - ns


@pytest.mark.parametrize("game", ["short", "long"])
@pytest.mark.parametrize("trump", range(4))
def test_every_placing_of_the_honours_scores_as_the_book_says(game: str, trump: int) -> None:
    rules = make_rules(game)
    assert rules.options["honours"] is True
    seen = set()
    for holders in PLACINGS:
        dealt = deal_with(trump, holders)
        held = split(holders)
        seen.add(held)
        points, counted = rules.honours(dealt, trump)
        assert counted == held, holders
        assert points == (BOOK[held[0]], BOOK[held[1]]), holders
    assert seen == {(4, 0), (3, 1), (2, 2), (1, 3), (0, 4)}


@pytest.mark.parametrize(("held", "points"), [((4, 0), (4, 0)), ((0, 4), (0, 4)), ((3, 1), (2, 0)),
                                              ((1, 3), (0, 2)), ((2, 2), (0, 0))])
def test_each_split_for_each_side_in_the_hand_score(held: tuple[int, int], points: tuple[int, int]) -> None:
    """``score_hand``: odd tricks plus the honours, for either side, whichever side wins the tricks."""
    rules = make_rules("short")
    holders = next(h for h in PLACINGS if split(h) == held)
    dealt = deal_with(1, holders)
    for tricks in ((7, 6), (6, 7), (13, 0), (0, 13), (9, 4)):
        score = rules.score_hand(PlayedHand(tricks, dealt, 1, ()))
        odd = (max(0, tricks[0] - 6), max(0, tricks[1] - 6))
        assert score.honour_cards == held and score.honours == points
        assert score.points == (odd[0] + points[0], odd[1] + points[1]), (held, tricks)


def test_a_two_two_split_scores_nothing_whoever_holds_the_pairs() -> None:
    rules = make_rules("short")
    pairs = [h for h in PLACINGS if split(h) == (2, 2)]
    assert len(pairs) == 6 * 16  # which two honours North-South hold, times who of each side holds each
    for holders in pairs:
        for trump in range(4):
            score = rules.score_hand(PlayedHand((6, 7), deal_with(trump, holders), trump, ()))
            assert score.honours == (0, 0) and score.points == (0, 1), holders


def test_only_the_trump_suit_has_honours() -> None:
    """North-South hold the four spade honours; with another suit trumps, its own A K Q J
    (handed round with the other cards) are counted instead."""
    rules = make_rules("short")
    dealt = deal_with(0, (N, N, S, S))
    assert rules.honours(dealt, 0) == ((4, 0), (4, 0))
    for trump in (1, 2, 3):
        holders = tuple(next(s for s in (N, E, S, W) if dealt[s] >> make_card(trump, r) & 1) for r in HONOURS)
        held = split(holders)
        assert rules.honours(dealt, trump) == ((BOOK[held[0]], BOOK[held[1]]), held)


@pytest.mark.parametrize("game, options", [("classic", {}), ("american", {}), ("short", {"honours": False}),
                                           ("short", {"no_trump": True})])
def test_no_honours_without_the_option_or_without_trumps(game: str, options: dict[str, bool]) -> None:
    rules = make_rules(game, **options)
    for holders in (h for h in PLACINGS if split(h) in ((4, 0), (3, 1), (1, 3))):
        dealt = deal_with(2, holders)
        trump = None if options.get("no_trump") else 2
        score = rules.score_hand(PlayedHand((8, 5), dealt, trump, ()))
        assert score.honours == (0, 0) and score.points == (2, 0)
        assert score.honour_cards == (split(holders) if trump is not None else (0, 0))


def test_honours_count_the_cards_dealt_not_those_left() -> None:
    """Honours are held at the deal: the state scores the dealt hands, after every card is played."""
    for held in ((4, 0), (3, 1), (2, 2), (1, 3), (0, 4)):
        holders = next(h for h in PLACINGS if split(h) == held)
        dealt = deal_with(3, holders)
        up = next(c for c in range(52) if dealt[W] >> c & 1 and suit_of(c) == 3)  # West deals, a club up
        rules = FixedDeal(format_pbn(dealt), card_name(up), W, honours=True, target=9)
        state = GameState(rules, seed=1)
        while state.phase is Phase.PLAY:
            state.apply(state.legal_actions()[-1])
        r = state.results[-1]
        odd = (max(0, r.tricks[0] - 6), max(0, r.tricks[1] - 6))
        assert r.honour_cards == held and r.honours == (BOOK[held[0]], BOOK[held[1]])
        assert r.points == (odd[0] + BOOK[held[0]], odd[1] + BOOK[held[1]])
        assert r.scores == r.points


def test_played_deals_of_short_whist_score_each_split_for_each_side() -> None:
    """Seeded Short Whist deals, each split found among them: the hand's points are the
    odd tricks plus the book's honours, the honours counted here from the dealt hands."""
    found: set[tuple[int, int]] = set()
    for seed in range(400):
        state = GameState("short", seed=seed)
        if state.trump is None:
            continue
        honours = [1 << make_card(state.trump, r) for r in HONOURS]
        held = (sum(bool((state.dealt[N] | state.dealt[S]) & h) for h in honours),
                sum(bool((state.dealt[E] | state.dealt[W]) & h) for h in honours))
        if held in found:
            continue
        found.add(held)
        while state.phase is Phase.PLAY:
            state.apply(state.legal_actions()[seed % len(state.legal_actions())])
        r = state.results[-1]
        odd = (max(0, r.tricks[0] - 6), max(0, r.tricks[1] - 6))
        assert r.honour_cards == held and r.points == (odd[0] + BOOK[held[0]], odd[1] + BOOK[held[1]]), seed
        if len(found) == 5:
            break
    assert found == {(4, 0), (3, 1), (2, 2), (1, 3), (0, 4)}


def test_tricks_score_before_honours_at_the_target() -> None:
    """Both sides one short of 5: the side that gets there by odd tricks wins the game, even
    when the other side's honours would take it past the target; honours alone may win it
    when the tricks do not."""
    rules = make_rules("short")
    tricks_ns = rules.score_hand(PlayedHand((7, 6), deal_with(0, (E, W, E, W)), 0, ()))  # EW: 4 honours
    assert tricks_ns.points == (1, 4)
    assert rules.game_winner(PlayedHand((0, 0), before=(4, 4)), tricks_ns) == 0
    # EW: 3 honours and the odd trick
    honours_ew = rules.score_hand(PlayedHand((6, 7), deal_with(0, (E, W, E, N)), 0, ()))
    assert honours_ew.points == (0, 3)
    # 2 + 1 odd trick is short; honours take it to 5
    assert rules.game_winner(PlayedHand((0, 0), before=(4, 2)), honours_ew) == 1
    assert rules.game_winner(PlayedHand((0, 0), before=(3, 1)), honours_ew) is None
    split_even = rules.score_hand(PlayedHand((6, 7), deal_with(0, (N, E, S, W)), 0, ()))
    assert rules.game_winner(PlayedHand((0, 0), before=(4, 3)), split_even) is None  # 2-2: nothing to reach 5 with
