"""Club rules at the table (whist/table/view.py), in CPython: the felt's note says they are on; at
your turn a card that would be a revoke is playable and carries the question asked before it is
played, and only such cards do (never under the normal rules, never off your turn)."""

from __future__ import annotations

import pytest

from whist.engine.cards import SUIT_NAMES, SUITS
from whist.table import Table
from whist.table.view import HandCard, TableView


def cards_to_play(view: TableView) -> tuple[HandCard, ...]:
    """The hand whose card you choose now: your dummy's on its turn, else yours."""
    dummy = view.dummy
    return dummy.cards if dummy and dummy.yours and dummy.cards and view.to_play == dummy.seat else view.hand


def your_turns(table: Table) -> list[TableView]:
    """The views at each of your turns (and your dummy's) of the first hand, playing the first
    legal card of the hand to play."""
    seen = []
    for _ in range(60):
        while table.computer_to_play:
            table.computer_step()
        view = table.view()
        if view.phase != "play":
            break
        seen.append(view)
        table.human_play(next(c.card for c in cards_to_play(view) if c.legal))
    return seen


@pytest.mark.parametrize(("game", "penalty"), [("classic", "three tricks"), ("short", "three tricks"),
                                               ("german", "two of the revoker")])
def test_under_club_rules_a_revoke_is_marked_and_asked_about(game: str, penalty: str) -> None:
    views = your_turns(Table(41, game, revokes="club"))
    assert all(any(n.startswith("Club rules: a revoke is allowed, and costs " + penalty) for n in v.notes)
               for v in views)
    asked = 0
    for view in views:
        led = view.trick[0].suit if view.trick else None
        holds = led is not None and any(c.suit == led for c in view.hand)
        for card in view.hand:
            assert card.playable  # every card may be played under club rules
            revoke = holds and card.suit != led
            assert card.legal == (not revoke)
            assert bool(card.revoke) == revoke, (card, led)
            if revoke:
                asked += 1
                suit = SUIT_NAMES[SUITS.index(str(led))]
                assert card.revoke.startswith(f"This is a revoke: you hold {suit}. Under club rules it costs your side")
                assert penalty in card.revoke and card.revoke.endswith("Play it?")
    assert asked, "no revoke to ask about in this hand"


def test_your_dummys_revoke_names_who_holds_the_suit() -> None:
    asked = [(view.dummy.name, card.revoke) for view in your_turns(Table(5, "dummy", revokes="club"))
             if view.dummy and view.to_play == view.dummy.seat for card in cards_to_play(view) if card.revoke]
    assert asked, "your dummy never had a revoke to make"
    for name, question in asked:
        assert question.startswith(f"This is a revoke: {name} (your dummy) holds ")


def test_under_the_normal_rules_nothing_is_marked_or_noted() -> None:
    for view in your_turns(Table(41, "classic")):
        assert not view.notes
        assert all(not c.revoke and c.playable == c.legal for c in view.hand)
    # and off your turn, under club rules, no card is a revoke to ask about
    table = Table(41, "classic", revokes="club")
    table.computer_step()  # the opening lead: a computer's (West deals deal 41)
    while not table.view().your_turn:
        view = table.view()
        assert view.trick and all(not c.revoke for c in view.hand)
        table.computer_step()
