"""Pass-and-play: people sharing one device, each playing a seat of their own.

A :class:`~whist.table.session.Table` with ``people`` (seat -> name, two or more) is played by
those people on one device, computers in the other seats. The device holder is the table's
``human``: only their cards are ever in the view. When the turn passes to another person the
hands are covered (the view's ``handover``) until that person says they hold the device
(:meth:`Table.take_over`); a reload always comes back covered.

This module holds what the table and its view need to know about the people: their names,
checked, the seats a person may take in each game, and the words of a hand-over.

>>> clean_name("  Anna  ")
'Anna'
>>> clean_name("")
Traceback (most recent call last):
ValueError: A person needs a name.
>>> from whist.engine.rules import make_rules
>>> [c.seat for c in person_seats(make_rules("dummy"))]
['W', 'E']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from whist.engine.seats import SEAT_NAMES, Seat

if TYPE_CHECKING:
    from whist.engine.rules import Rules

MAX_NAME = 20
"""The longest name a person may give (in characters)."""
YOU = Seat.S
"""The seat of the device's owner (the person who starts the game)."""


def clean_name(raw: Any) -> str:
    """A person's name as typed, trimmed; ValueError (one sentence) when it cannot be one."""
    if not isinstance(raw, str):
        raise ValueError("A person's name must be text.")
    name = " ".join(raw.split())
    if not name:
        raise ValueError("A person needs a name.")
    if len(name) > MAX_NAME:
        raise ValueError(f"A name may be up to {MAX_NAME} characters: \u201c{name[:MAX_NAME]}\u2026\u201d is longer.")
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise ValueError("A name may not hold control characters.")
    return name


@dataclass(frozen=True, slots=True)
class SeatChoice:
    """A seat the New game dialog offers to a person (yours is always a person's)."""

    seat: str  # "N"
    label: str  # "North (your partner)"
    partner: bool = False  # your partner's seat (its computer plays at Settings' partner level)


def person_seats(rules: Rules) -> tuple[SeatChoice, ...]:
    """The seats other than yours that a person may play, clockwise from your left: never a
    dummy (its declarer's person plays it)."""
    out = []
    seat = rules.next_seat(YOU)
    while seat != YOU:
        if seat not in rules.dummies:
            partner = rules.side_of(seat) == rules.side_of(YOU)
            role = "your partner" if partner else "an opponent"
            out.append(SeatChoice(SEAT_NAMES[seat], f"{seat.long_name} ({role})", partner))
        seat = rules.next_seat(seat)
    return tuple(out)


def seat_of(key: Any) -> Seat | None:
    """A seat from a stored or typed key: a Seat, or its letter; None for anything else."""
    if isinstance(key, Seat):
        return key
    return Seat.parse(key) if isinstance(key, str) and len(key) == 1 and key in SEAT_NAMES else None


def check_levels(rules: Rules, given: Any, people: Mapping[Seat, str], levels: Sequence[str]) -> dict[Seat, str]:
    """Computers' own levels from ``{"W": "hard"}``: seats of the game that no person plays, each
    at one of ``levels``; ValueError with the reason."""
    if not given:
        return {}
    if not isinstance(given, Mapping) or len(given) > len(rules.seats):
        raise ValueError("The computers' levels could not be read.")
    out: dict[Seat, str] = {}
    for key, level in given.items():
        seat = seat_of(key)
        if seat is None or seat not in rules.seats or seat in people or seat == YOU:
            raise ValueError(f"{str(key)[:8]!r} is not a computer's seat.")
        if level not in levels:
            raise ValueError(f"{str(level)[:12]!r} is not a level; the levels are {', '.join(levels)}.")
        out[seat] = level
    return out


def check_people(rules: Rules, people: Any) -> dict[Seat, str]:
    """The people of a table from ``{"S": "Anna", "N": "Ben"}`` (seat letter or Seat -> name),
    checked: seats of the game that are not dummies, names that are names and not twice.
    Empty (a table of one person and computers) for none or one; ValueError with the reason."""
    if not people:
        return {}
    if not isinstance(people, Mapping) or len(people) > len(rules.seats):
        raise ValueError("The people at the table could not be read.")
    out: dict[Seat, str] = {}
    for key, raw in people.items():
        seat = seat_of(key)
        if seat is None or seat not in rules.seats:
            raise ValueError(f"{str(key)[:8]!r} is not a seat of {rules.title}.")
        if seat in rules.dummies:
            raise ValueError(f"{seat.long_name} is the dummy: its declarer's person plays it.")
        name = clean_name(raw)
        if name.casefold() in (n.casefold() for n in out.values()):
            raise ValueError(f"Two people are called {name}: give each their own name.")
        out[seat] = name
    if YOU not in out:
        raise ValueError("The South seat is yours: it needs a name too.")
    return out if len(out) > 1 else {}


@dataclass(frozen=True, slots=True)
class HandOver:
    """The screen that covers every hand while the device passes to another person."""

    seat: str  # the seat of the person to take the device
    name: str
    title: str  # "Pass to Anna"
    text: str  # why, and what to do
    button: str  # "I am Anna: show my cards"


def hand_over(seat: Seat, name: str, why: str = "") -> HandOver:
    text = (f"{why} " if why else "") + f"Only {name} should look at the next screen: it shows {name}\u2019s cards."
    return HandOver(SEAT_NAMES[seat], name, f"Pass to {name}", text, f"I am {name}: show my cards")


@dataclass(frozen=True, slots=True)
class ClaimAsk:
    """A person's claim that waits for the other people to agree, as the one asked sees it."""

    text: str  # "Anna claims the 4 tricks left: ..."
    agree: str
    refuse: str


@dataclass
class Offer:
    """A claim made by a person (proved by the engine) that the other people must agree to,
    each when the device comes to them: ``waiting`` holds those still to answer, in order."""

    seat: Seat
    action: str  # "claim" or "claim 3"
    text: str
    waiting: list[Seat]

    def saved(self) -> dict[str, Any]:
        return {"seat": SEAT_NAMES[self.seat], "action": self.action, "waiting": [SEAT_NAMES[s] for s in self.waiting]}
