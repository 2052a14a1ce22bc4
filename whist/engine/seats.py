"""Seats at the table. Play passes clockwise N, E, S, W.

Which seats take part and who partners whom come from the rules of the
game (German Whist seats two, Classic four), never from this module.

>>> Seat.parse("w").name, Seat.S.next_clockwise().name
('W', 'W')
"""

from __future__ import annotations

from enum import IntEnum


class Seat(IntEnum):
    N = 0
    E = 1
    S = 2
    W = 3

    @classmethod
    def parse(cls, text: str) -> Seat:
        if isinstance(text, str):  # the usual case first: one capital letter, looked up
            seat = _BY_LETTER.get(text)
            if seat is not None:
                return seat
        letter = text.strip().upper()
        if len(letter) != 1 or letter not in SEAT_NAMES:
            raise ValueError(f"not a seat: {text!r} (use N, E, S or W)")
        return cls(SEAT_NAMES.index(letter))

    def next_clockwise(self) -> Seat:
        return Seat((self + 1) % 4)

    @property
    def long_name(self) -> str:
        return ("North", "East", "South", "West")[self]


SEAT_NAMES = "NESW"

_BY_LETTER: dict[str, Seat] = {name: Seat(i) for i, name in enumerate(SEAT_NAMES)}
"""Each seat by its letter (what :meth:`Seat.parse` makes of it)."""
