"""The auction of Contract Whist, as pure functions over the calls made so far.

A bid names a number of tricks from 7 to 13 and a denomination, clubs <
diamonds < hearts < spades < no trumps: 35 steps from ``7C`` to ``13NT``.
The other calls are ``pass`` and ``double``.

>>> [bid_name(b) for b in range(3)], bid_name(34)
(['7C', '7D', '7H'], '13NT')
>>> parse_bid("8nt"), bid_level(parse_bid("8NT")), bid_strain(parse_bid("8NT"))
(9, 8, None)
>>> from whist.engine.seats import Seat
>>> calls = ((Seat.E, "7H"), (Seat.S, "pass"), (Seat.W, "pass"), (Seat.N, "pass"))
>>> contract_of(calls)
Contract(level=7, strain=1, declarer=<Seat.E: 1>, doubled=False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from whist.engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_NAMES, SUITS, shown
from whist.engine.seats import Seat

PASS = "pass"
DOUBLE = "double"
LEVELS = range(7, 14)
STRAINS = (CLUBS, DIAMONDS, HEARTS, SPADES, None)
"""Denominations from the lowest: clubs, diamonds, hearts, spades, no trumps."""

Call = tuple[Seat, str]


@dataclass(frozen=True)
class Contract:
    level: int
    strain: int | None
    """The trump suit, or None for no trumps."""
    declarer: Seat
    doubled: bool

    @property
    def name(self) -> str:
        return bid_name(bid_of(self.level, self.strain)) + (" doubled" if self.doubled else "")

    @property
    def long_name(self) -> str:
        return bid_words(bid_of(self.level, self.strain)) + (", doubled" if self.doubled else "")


def bid_of(level: int, strain: int | None) -> int:
    """The step of a bid on the ladder, 0 (seven clubs) to 34 (thirteen no trumps)."""
    return (level - 7) * 5 + STRAINS.index(strain)


def bid_level(bid: int) -> int:
    return bid // 5 + 7


def bid_strain(bid: int) -> int | None:
    return STRAINS[bid % 5]


def bid_name(bid: int) -> str:
    strain = bid_strain(bid)
    return f"{bid_level(bid)}{'NT' if strain is None else SUITS[strain]}"


def bid_words(bid: int) -> str:
    """A bid in words for a player: ``"8 hearts"``, ``"10 no trumps"``."""
    strain = bid_strain(bid)
    return f"{bid_level(bid)} {'no trumps' if strain is None else SUIT_NAMES[strain]}"


def parse_bid(text: str) -> int:
    """``"8H"`` -> its step; ``"10nt"``, ``"7N"`` and ``" 7NT "`` are accepted.

    The level is written in ASCII digits only (``int`` would also take a full-width seven)."""
    if not isinstance(text, str):
        raise ValueError(f"not a bid: {shown(text)} (a bid is a string such as '8H')")
    t = text.strip().upper()
    digits = t.rstrip("SHDCNT")
    strain_text = t[len(digits):]
    if (not (digits.isascii() and digits.isdigit()) or len(digits) > 2 or int(digits) not in LEVELS
            or strain_text not in ("S", "H", "D", "C", "N", "NT")):
        raise ValueError(f"not a bid: {shown(text)} (7 to 13, then C, D, H, S or NT, as in '8H')")
    strain = None if strain_text.startswith("N") else SUITS.index(strain_text)
    return bid_of(int(digits), strain)


def parse_call(text: str) -> str:
    """A call in its one recorded spelling: ``"pass"``, ``"double"`` or a bid as
    :func:`bid_name` writes it. Raises ValueError for anything else.

    >>> parse_call(" PASS "), parse_call("7n"), parse_call("10nt"), parse_call("8h")
    ('pass', '7NT', '10NT', '8H')
    """
    if not isinstance(text, str):
        raise ValueError(f"a call is a string such as '8H', 'pass' or 'double', not {shown(text)}")
    word = text.strip().lower()
    if word in (PASS, DOUBLE):
        return word
    try:
        return bid_name(parse_bid(text))
    except ValueError:
        raise ValueError(f"not a call: {shown(text)} is not a bid (7 to 13, then C, D, H, S or NT, "
                         "as in '8H'), 'pass' or 'double'") from None


def is_bid(call: str) -> bool:
    try:
        parse_bid(call)
    except ValueError:
        return False
    return True


def highest(calls: Sequence[Call]) -> tuple[Seat, int] | None:
    """Who made the highest bid so far, and the bid."""
    for seat, call in reversed(calls):
        if call not in (PASS, DOUBLE):
            return seat, parse_bid(call)
    return None


def is_doubled(calls: Sequence[Call]) -> bool:
    """A double stands until a new bid wipes it."""
    for _, call in reversed(calls):
        if call == DOUBLE:
            return True
        if call != PASS:
            return False
    return False


def is_finished(calls: Sequence[Call], players: int = 4) -> bool:
    """Three passes after a bid (one fewer than the players), or everyone passes."""
    if len(calls) >= players and all(c == PASS for _, c in calls[-players:]) and highest(calls) is None:
        return True
    if highest(calls) is None:
        return False
    tail = 0
    for _, call in reversed(calls):
        if call != PASS:
            break
        tail += 1
    return tail >= players - 1


def legal_calls(calls: Sequence[Call], seat: Seat, side_of: dict[Seat, int], doubling: bool) -> list[str]:
    """What ``seat`` may say now: pass, any higher bid, and double when the
    house rule allows it (the last bid is an opponent's and not doubled)."""
    top = highest(calls)
    start = 0 if top is None else top[1] + 1
    out = [PASS] + [bid_name(b) for b in range(start, 35)]
    if doubling and top is not None and side_of[top[0]] != side_of[seat] and not is_doubled(calls):
        out.append(DOUBLE)
    return out


def contract_of(calls: Sequence[Call]) -> Contract | None:
    """The contract once the auction is over (None when all passed)."""
    top = highest(calls)
    if top is None:
        return None
    seat, bid = top
    return Contract(bid_level(bid), bid_strain(bid), seat, is_doubled(calls))


def why_not(call: str, calls: Sequence[Call], seat: Seat, side_of: dict[Seat, int],
            doubling: bool) -> str | None:
    """A plain reason a call is not allowed now, or None when it is allowed.
    ``call`` may be spelled any way :func:`parse_call` reads.

    >>> from whist.engine.seats import Seat
    >>> sides = {Seat.N: 0, Seat.E: 1, Seat.S: 0, Seat.W: 1}
    >>> why_not("7nt", ((Seat.E, "8C"),), Seat.S, sides, False)
    '7NT does not beat 8C: bid more tricks, or a higher denomination'
    >>> why_not("8n", ((Seat.E, "8C"),), Seat.S, sides, False) is None
    True
    """
    refused = refusal(call, calls, seat, side_of, doubling)
    return None if refused is None else refused[0]


def refusal(call: str, calls: Sequence[Call], seat: Seat, side_of: dict[Seat, int],
            doubling: bool) -> tuple[str, str | None] | None:
    """:func:`why_not`'s reason with, for a bid too low, the bid it does not beat (a name
    such as ``"8C"``; else None); None when the call is allowed.

    >>> from whist.engine.seats import Seat
    >>> refusal("8d", ((Seat.E, "8H"),), Seat.S, {Seat.N: 0, Seat.E: 1, Seat.S: 0, Seat.W: 1}, False)
    ('8D does not beat 8H: bid more tricks, or a higher denomination', '8H')
    """
    try:
        call = parse_call(call)
    except ValueError as err:
        return str(err), None
    if call in legal_calls(calls, seat, side_of, doubling):
        return None
    top = highest(calls)
    if call == DOUBLE:
        if not doubling:
            return "doubling is not played in this game (it is a house rule to switch on)", None
        if top is None:
            return "there is no bid to double", None
        if side_of[top[0]] == side_of[seat]:
            return "you cannot double your own side's bid", None
        return "the bid is doubled already (there is no redouble)", None
    # a pass is always legal, and every bid is while nobody has bid: a bid refused is too low
    low = bid_name(parse_bid(call))
    over = None if top is None else bid_name(top[1])
    return f"{low} does not beat {over or 'the last bid'}: bid more tricks, or a higher denomination", over
