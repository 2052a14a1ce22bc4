"""Shuffling, dealing and the PBN deal notation.

A deal number reproduces a deal exactly: the deck is shuffled by a
``random.Random`` seeded with it, then dealt one card at a time clockwise
from the dealer's left, so with four players the dealer's card is the last.

>>> hands, last = deal_cards(7, Seat.W, (Seat.N, Seat.E, Seat.S, Seat.W))
>>> [count(h) for h in hands], hands[Seat.W] >> last & 1
([13, 13, 13, 13], 1)
>>> parse_pbn(format_pbn(hands)) == hands
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from whist.engine.cards import RANKS, SUITS, count, make_card, suit_holding
from whist.engine.seats import SEAT_NAMES, Seat

Hands = tuple[int, int, int, int]
"""Four masks indexed by ``Seat``; a seat not in the game holds 0."""


def shuffled_deck(deal_number: int) -> list[int]:
    deck = list(range(52))
    random.Random(deal_number).shuffle(deck)
    return deck


def deal_cards(deal_number: int, dealer: Seat, seats: Sequence[Seat],
               cards: int = 52) -> tuple[Hands, int]:
    """Deal ``cards`` cards of the shuffled deck one at a time clockwise from
    the dealer's left. Returns the hands and the last card dealt."""
    deck = shuffled_deck(deal_number)
    n = len(seats)
    first = (seats.index(dealer) + 1) % n
    hands = [0, 0, 0, 0]
    for i in range(cards):
        hands[seats[(first + i) % n]] |= 1 << deck[i]
    return (hands[0], hands[1], hands[2], hands[3]), deck[cards - 1]


def format_pbn(hands: Hands, first: Seat = Seat.N) -> str:
    """``N:AKQJ.T98.765.432 ...``: hands clockwise from ``first``, suits S.H.D.C."""
    parts = []
    for k in range(4):
        mask = hands[(first + k) % 4]
        parts.append(".".join(suit_holding(mask, s) for s in range(4)) if mask else "-")
    return f"{SEAT_NAMES[first]}:" + " ".join(parts)


def parse_pbn(text: str) -> Hands:
    """The inverse of :func:`format_pbn`; a hand may be ``-`` (absent seat)."""
    try:
        head, body = text.strip().split(":", 1)
        first = Seat.parse(head)
    except ValueError:
        raise ValueError(f"not a PBN deal: {text!r} (it starts with a seat and a colon, as 'N:')") from None
    hands = [0, 0, 0, 0]
    seen = 0
    parts = body.split()
    if len(parts) != 4:
        raise ValueError(f"a PBN deal has four hands, this one has {len(parts)}")
    for k, part in enumerate(parts):
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4:
            raise ValueError(f"hand {part!r} needs four suits separated by dots (S.H.D.C)")
        for s, holding in enumerate(suits):
            for r in holding.upper():
                if r not in RANKS:
                    raise ValueError(f"{r!r} is not a rank (2-9 T J Q K A) in {part!r}")
                b = 1 << make_card(s, RANKS.index(r))
                if seen & b:
                    raise ValueError(f"{r}{SUITS[s]} is dealt twice")
                seen |= b
                hands[(first + k) % 4] |= b
    if len({count(h) for h in hands if h}) > 1:
        raise ValueError("the hands of a PBN deal must be the same size")
    return (hands[0], hands[1], hands[2], hands[3])
