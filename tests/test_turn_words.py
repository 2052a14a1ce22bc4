"""Your turn in words for a screen reader (issue 41): the announcement counts the cards of the suit
led you hold, and each card you may not play says why in a few words (its spoken name)."""

from __future__ import annotations

from whist.engine.cards import SUIT_NAMES, SUITS, card_long_name
from whist.table import Table
from whist.web.markup import spoken_name


def test_your_turn_counts_the_suit_led_and_each_refused_card_says_why() -> None:
    checked = 0
    for seed in range(1, 30):
        table = Table(seed=seed)
        while not table.state.is_over and len(table.state.tricks) < 13:
            if not table.human_to_play:
                if not table.computer_step():
                    break
                continue
            view = table.view()
            trick = table.state.trick
            if trick:
                led = SUITS[trick[0][1] // 13]
                held = sum(c.suit == led for c in view.hand)
                suit = SUIT_NAMES[SUITS.index(led)]
                if held:
                    assert view.turn.announcement == f"Your turn: follow {suit}, you hold {held}."
                    for c in view.hand:
                        name = spoken_name(c, view.trump)
                        if c.suit == led:
                            assert name == c.name + (", trump" if c.trump else "")
                        else:
                            assert name.endswith(f", must follow {suit}")
                    checked += 1
                else:
                    assert view.turn.announcement.startswith("Your turn: no ")
            assert table.human_play(next(c.card for c in view.hand if c.legal)).ok
        if checked > 20:
            break
    assert checked > 20


def test_a_card_while_a_computer_plays_says_it_is_not_your_turn() -> None:
    table = Table(seed=7)
    while table.human_to_play:
        assert table.human_play(next(c.card for c in table.view().hand if c.legal)).ok
    view = table.view()
    assert not view.your_turn and all(c.why == "not your turn to play" for c in view.hand)


def test_the_dummy_is_said_face_up_once_at_the_opening_lead() -> None:
    from whist.table.words import face_up

    for seed in (1, 2, 3):
        table = Table(seed=seed, game="dummy")
        dummy = table.rules.dummies[0]
        held = table.state.hands[dummy]
        said = table.take_messages()
        while len(table.state.tricks) < 2:
            view = table.view()
            if table.human_to_play:  # your card, or your dummy's
                cards = view.dummy.cards if table.state.to_play == dummy and view.dummy else view.hand
                assert table.human_play(next(c.card for c in cards or () if c.legal)).ok
            else:
                table.computer_step()
            said += table.take_messages()
        first = table.state.tricks[0].plays[0]
        if first[0] == dummy:
            held &= ~(1 << first[1])
        faced = [m for m in said if "face up" in m and "hand" in m]
        assert faced == [face_up(dummy.long_name, held)]
        assert said.index(faced[0]) == 2  # (the deal, the opening lead, then the dummy)


def test_german_whist_says_who_took_the_face_up_card_and_the_next_one() -> None:
    table = Table(seed=4, game="german")
    said: list[str] = []
    while table.state.stock:
        if table.human_to_play:
            assert table.human_play(next(c.card for c in table.view().hand if c.legal)).ok
        else:
            table.computer_step()
        said += table.take_messages()
    draws = table.state.draws
    assert draws
    for taken, lost in zip(draws[::2], draws[1::2], strict=True):
        winner = taken if taken.face_up else lost
        loser = lost if winner is taken else taken
        name = "You take the face-up" if winner.seat == table.human else f"{table.seat_name(winner.seat)} takes the"
        assert said.count(f"{name} {card_long_name(winner.card)}.") == 1
        if loser.seat == table.human:
            assert said.count(f"You draw the {card_long_name(loser.card)}.") == 1
