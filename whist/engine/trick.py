"""The rules of one trick, as pure functions, and the one step that ends a trick.

:func:`end_trick` is the only place that decides a finished trick: its winner
(who leads next), the draw from a stock, and whether the hand is over. The
game state plays through it (``GameState.push``) and so do the playouts of the
searching players, on their own light copy of the position.

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
    """What follows from a finished trick (see :func:`end_trick`)."""

    trick: Trick
    """The trick, with its winner: the next leader."""
    draws: tuple[Draw, ...]
    """The cards taken from the stock after it, in the order taken."""
    stock: tuple[int, ...]
    """The stock left."""
    over: bool
    """The hand is over: nobody holds a card any more."""


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
    """End trick ``number`` (0 = the first) of a hand of ``last`` tricks: ``plays``, led by
    ``leader``. Its winner leads next; with a ``stock``, the winner takes the face-up card
    and each other seat in turn (``next_seat``) the next one, unseen, into ``hands``
    (changed in place).

    >>> from whist.engine.cards import parse_card as c
    >>> hands = [0, 0, 0, 0]
    >>> end = end_trick(hands, Seat.N, ((Seat.N, c("KS")), (Seat.E, c("AS"))), None, 0, 26,
    ...                 stock=(c("2S"), c("3S"), c("4S")), next_seat=lambda s: Seat.N if s is Seat.E else Seat.E)
    >>> end.trick.winner.name, [(d.seat.name, d.face_up) for d in end.draws], end.stock == (c("4S"),), end.over
    ('E', [('E', True), ('N', False)], True, False)
    >>> hands[Seat.E] == 1 << c("2S")
    True
    """
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
