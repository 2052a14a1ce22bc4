"""Cards as ints, sets of cards as 52-bit masks, and their notation.

A card is ``suit * 13 + rank`` with suits in the order ``S H D C`` and ranks
``2 .. A`` as 0 .. 12. A set of cards (a hand, the cards played) is an int
with one bit per card, so following suit and counting are bit operations.

>>> parse_card("QS")
10
>>> card_name(10), card_long_name(10)
('QS', 'Queen of spades')
>>> mask_names(parse_cards("AS KS 2C"))
['AS', 'KS', '2C']
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable, Iterator
from typing import Any

SUITS = "SHDC"
RANKS = "23456789TJQKA"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")
RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
              "Ten", "Jack", "Queen", "King", "Ace")
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
RED_SUITS = frozenset((HEARTS, DIAMONDS))

FULL_SUIT = 0x1FFF
SUIT_MASK = tuple(FULL_SUIT << (13 * s) for s in range(4))
FULL_DECK = (1 << 52) - 1
ACE, KING, QUEEN, JACK = 12, 11, 10, 9


def make_card(suit: int, rank: int) -> int:
    return suit * 13 + rank


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13


def bit(card: int) -> int:
    return 1 << card


_SHOWN = reprlib.Repr()
_SHOWN.maxstring = _SHOWN.maxother = 60


def shown(value: Any) -> str:
    """``repr(value)`` cut short for a message: bounded in depth and length, so a
    value nested 10,000 deep or an int of 5,000 digits is named, not choked on.

    >>> shown([[[[[[[[1]]]]]]]]), shown(10 ** 5000)
    ('[[[[[[[...]]]]]]]', 'an integer of about 5000 digits')
    """
    if isinstance(value, int) and value.bit_length() > 1000:
        return f"an integer of about {round(value.bit_length() * 0.30103, -1):.0f} digits"
    try:
        return _SHOWN.repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} too big to show"


def parse_suit(text: str) -> int:
    """``"S"`` -> 0. Raises ValueError for anything but one of ``S H D C``."""
    letter = text.strip().upper() if isinstance(text, str) else ""
    if len(letter) != 1 or letter not in SUITS:
        raise ValueError(f"not a suit: {shown(text)} (use S, H, D or C)")
    return SUITS.index(letter)


def parse_card(text: str) -> int:
    """``"QS"`` -> 10; accepts ``10`` for ten and lower case."""
    if type(text) is str:  # a card's own name, as card_name writes it (most of them): at once
        card = _CARD_OF.get(text)
        if card is not None:
            return card
    t = text.strip().upper().replace("10", "T") if isinstance(text, str) else ""
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"not a card: {shown(text)} (rank 2-9 T J Q K A, then suit S H D C, as in 'QS')")
    return make_card(SUITS.index(t[1]), RANKS.index(t[0]))


def card_name(card: int) -> str:
    return _CARD_NAMES[card]


#: Every card's name by its number (RANKS[rank_of(card)] + SUITS[suit_of(card)]), and the other way.
_CARD_NAMES = tuple(RANKS[rank_of(card)] + SUITS[suit_of(card)] for card in range(52))
_CARD_OF = {name: card for card, name in enumerate(_CARD_NAMES)}


def card_long_name(card: int) -> str:
    return f"{RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest card number first (spades 2 up to clubs A)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_high_first(mask: int) -> Iterator[int]:
    """The cards of a mask in the order a player reads a hand: suit by suit, high first."""
    for s in range(4):
        m = mask & SUIT_MASK[s]
        while m:
            top = m.bit_length() - 1
            yield top
            m ^= 1 << top


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def parse_cards(text: str) -> int:
    """A mask from card names separated by spaces or commas."""
    return mask_of(parse_card(t) for t in text.replace(",", " ").split())


def mask_names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_high_first(mask)]


def count(mask: int) -> int:
    return mask.bit_count()


def suit_cards(mask: int, suit: int) -> int:
    return mask & SUIT_MASK[suit]


def highest(mask: int) -> int:
    """The highest-numbered card of a non-empty mask (within one suit: the top card)."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def suit_holding(mask: int, suit: int) -> str:
    """The ranks held in one suit, high first, as PBN writes them (``"AKT2"``)."""
    m = (mask >> (13 * suit)) & FULL_SUIT
    return "".join(RANKS[r] for r in range(12, -1, -1) if m >> r & 1)
