"""The rules of one trick, as pure functions. :func:`end_trick` is the one place
a finished trick is decided, for the game state and the playouts alike.

>>> from whist.engine.cards import parse_card as c, HEARTS
>>> trick_winner([c("KS"), c("AS"), c("2H"), c("3S")], trump=HEARTS)
2
>>> trick_winner([c("KS"), c("AS"), c("2D"), c("3S")], trump=HEARTS)
1
>>> trick_winner([c("KS"), c("AS"), c("2D"), c("3S")], trump=None)
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from whist.engine.cards import SUIT_MASK, suit_of
from whist.engine.seats import Seat

Plays = tuple[tuple[Seat, int], ...]
"""The cards of a trick in the order played, each with the seat that played it."""


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in the order played, who won."""

    leader: Seat
    plays: Plays
    winner: Seat


@dataclass(frozen=True)
class Draw:
    """A card taken from the stock after a trick: face up by the winner, unseen by the others."""

    trick: int
    seat: Seat
    card: int
    face_up: bool


class TrickEnd(NamedTuple):
    """A finished trick (its winner leads next), the draws after it, the stock left, the hand over."""

    trick: Trick
    draws: tuple[Draw, ...]
    stock: tuple[int, ...]
    over: bool


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


def end_trick(hands: list[int], leader: Seat, plays: Plays, trump: int | None, number: int, last: int,
              stock: tuple[int, ...] = (), next_seat: Callable[[Seat], Seat] | None = None) -> TrickEnd:
    """End trick ``number`` (from 0) of a hand of ``last`` tricks. With a ``stock``, the winner
    takes the face-up card and each other seat in turn the next, into ``hands`` (changed in place)."""
    winner = plays[trick_winner([c for _, c in plays], trump)][0]
    trick = Trick(leader, plays, winner)
    draws: tuple[Draw, ...] = ()
    if stock and next_seat is not None:
        taken = []
        seat = winner
        for i in range(len(plays)):
            card = stock[i]
            hands[seat] |= 1 << card
            taken.append(Draw(number, seat, card, face_up=i == 0))
            seat = next_seat(seat)
        draws = tuple(taken)
        stock = stock[len(plays):]
    return TrickEnd(trick, draws, stock, number + 1 >= last)
