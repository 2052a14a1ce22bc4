"""The host's side of a live table, above the connections (issue 39, part 3): which guest is which
seat, what each is sent and when, and where each stands, in words for the host's page.

The connections (whist.web.rtc) number the guests 1, 2, 3 in the order they were invited; the
host's referee (whist.table.referee) knows seats. :class:`LiveHost` joins the two: the people at
the table other than the host, clockwise from the host's left, are guests 1, 2, 3. It says what
to send when a guest's connection opens (that seat's view at once: a guest who drops and comes
back sees the game where it stands), when a guest sends a move (the referee's refusal to that
guest alone, or after a move every open guest's new view), and after any change at the host's
own table (the views that changed, each sent once). It keeps each guest's state (not yet
connected, connected, dropped) and says it in a sentence for the host's page, and tells the
host's page when the table waits for a guest whose device is not connected. Pure Python: the
host's page carries the texts (tests/test_live.py plays whole hands through it).

>>> from whist.table.session import Table
>>> host = LiveHost(Table(seed=5, people={"S": "Anna", "N": "Ben"}, live=True))
>>> [(s.number, s.name, s.state) for s in host.statuses()]
[(1, 'Ben', 'waiting')]
>>> len(host.opened(1)), host.statuses()[0].text
(1, 'Ben is connected.')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from whist.engine.seats import SEAT_NAMES
from whist.table.referee import Referee

if TYPE_CHECKING:
    from whist.engine.seats import Seat
    from whist.table.session import Table

WAITING, OPEN, DROPPED = "waiting", "open", "dropped"

Outgoing = list[tuple[int, str]]
"""Texts to send: (guest number, message)."""


@dataclass(frozen=True, slots=True)
class GuestStatus:
    """A guest as the host's page lists it."""

    number: int
    seat: str  # "N"
    name: str
    label: str  # "Ben (North)"
    state: str  # "waiting", "open", "dropped"
    text: str  # "Ben is connected.", "Ben's device is not connected yet: send Ben an invitation."
    action: str  # what the host may do: "Invite Ben", "Invite Ben again", or "" when connected


class LiveHost:
    """The live table ``table`` (made with ``live=True``) as its host's page runs it."""

    def __init__(self, table: Table, clock: Callable[[], float] = time.monotonic) -> None:
        self.referee = Referee(table, clock)
        self.table = table
        rules = table.rules
        seats: list[Seat] = []
        seat = rules.next_seat(self.referee.host)
        while seat != self.referee.host:
            if seat in table.people:
                seats.append(seat)
            seat = rules.next_seat(seat)
        self.seats: dict[int, Seat] = {n: s for n, s in enumerate(seats, start=1)}
        self.state: dict[int, str] = dict.fromkeys(self.seats, WAITING)
        self.said: dict[int, str] = {}
        self.last: dict[int, str] = {}  # the last view sent to each guest

    def number_of(self, seat: Seat) -> int | None:
        return next((n for n, s in self.seats.items() if s == seat), None)

    # --- the connections' events ------------------------------------------------------------
    def opened(self, number: int) -> Outgoing:
        """Guest ``number``'s connection opened (again): what to send it now (its view)."""
        if number not in self.seats:
            return []
        self.state[number] = OPEN
        self.said.pop(number, None)
        self.last.pop(number, None)
        return self._views([number])

    def closed(self, number: int, sentence: str) -> str:
        """Guest ``number``'s connection closed, ``sentence`` saying why: the host's notice."""
        if number not in self.seats:
            return ""
        name = self._name(number)
        self.state[number] = DROPPED
        self.said[number] = sentence
        return f"{name}\u2019s device is no longer connected: {sentence} Invite {name} again to go on; the game waits."

    def received(self, number: int, text: object, views: bool = True) -> tuple[Outgoing, bool]:
        """A message from guest ``number``: what to send (the refusal to that guest alone, or after a
        move every open guest's new view), and whether the table changed (the host's page then
        draws it, and saves the game). ``views`` False: the views are left for the caller's next
        :meth:`changed` (the host's page calls it after every change: each view is made once)."""
        if self.state.get(number) != OPEN:
            return [], False  # (a connection not open, or no guest of ours: nothing is read)
        reply = self.referee.answer(self.seats[number], text)
        if reply is not None:
            return [(number, reply)], False
        return (self.changed() if views else []), True

    def changed(self) -> Outgoing:
        """After any change at the table (a move, the host's own, a computer's, a new hand or game):
        the views that changed, one message each, for every open guest."""
        return self._views([n for n, st in self.state.items() if st == OPEN])

    def _views(self, numbers: list[int]) -> Outgoing:
        out = []
        for number in numbers:
            text = self.referee.message_for(self.seats[number])
            if self.last.get(number) != text:
                self.last[number] = text
                out.append((number, text))
        return out

    # --- in words, for the host's page ---------------------------------------------------------
    def _name(self, number: int) -> str:
        return self.table.people[self.seats[number]]

    def statuses(self) -> tuple[GuestStatus, ...]:
        out = []
        for number, seat in self.seats.items():
            name = self._name(number)
            state = self.state[number]
            if state == OPEN:
                text, action = f"{name} is connected.", ""
            elif state == DROPPED:
                text = f"{name}\u2019s device is no longer connected: {self.said.get(number, '')}".rstrip(": ")
                text, action = text if text.endswith(".") else text + ".", f"Invite {name} again"
            else:
                text = f"{name}\u2019s device is not connected yet: send {name} an invitation."
                action = f"Invite {name}"
            out.append(GuestStatus(number, SEAT_NAMES[seat], name, f"{name} ({seat.long_name})", state, text, action))
        return tuple(out)

    def waiting_for(self) -> str:
        """When the table waits for a guest whose device is not connected: why, for the host's
        status line ("" when it does not)."""
        due = self.table.state.to_play
        who = None if due is None else self.table.rules.controller(due)
        number = None if who is None else self.number_of(who)
        if number is None or self.state[number] == OPEN:
            return ""
        name = self._name(number)
        return f"Waiting for {name}, whose device is not connected: invite {name} to go on."
