"""The rules of one trick, as pure functions.

>>> from whist.engine.cards import parse_card as c, HEARTS
>>> trick_winner([c("KS"), c("AS"), c("2H"), c("3S")], trump=HEARTS)
2
>>> trick_winner([c("KS"), c("AS"), c("2D"), c("3S")], trump=HEARTS)
1
>>> trick_winner([c("KS"), c("AS"), c("2D"), c("3S")], trump=None)
1
"""

from __future__ import annotations

from collections.abc import Sequence

from whist.engine.cards import SUIT_MASK, suit_of


def trick_winner(cards: Sequence[int], trump: int | None) -> int:
    """The position (0 = the lead) of the card that wins the trick so far.

    The highest trump wins; with no trump played, the highest card of the
    suit led. A discard of a third suit never wins.
    """
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if suit_of(card) == suit_of(top):
            if card > top:
                best = i
        elif suit_of(card) == trump:
            best = i
        # otherwise a discard, or the suit led after a trump: it cannot win
    return best


def legal_cards(hand: int, led_suit: int | None) -> int:
    """The mask of cards that may be played: follow suit if able, else anything."""
    if led_suit is None:
        return hand
    follow = hand & SUIT_MASK[led_suit]
    return follow or hand
