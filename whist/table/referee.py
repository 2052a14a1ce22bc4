"""The host's referee for a live table between devices (issue 39, part 3): what each guest is
sent, and every message a guest sends checked like a move typed by a stranger.

The host's page runs the one :class:`~whist.table.session.Table` of the game; a guest's device
only shows what it is sent and sends back what its player does. :meth:`Referee.view_for` is the
table as that guest's seat sees it (the same typed view the host's page draws for its own seat,
as plain JSON data: its own hand, the cards played, a dummy once face up, never another hand),
and :meth:`Referee.receive` takes one text from a guest and answers with an :class:`Outcome`:
the move made, or refused with the same reason a player at the host's device would read (not
your turn, a card you do not hold, must follow...), or the message refused as a message (too
long, too deep, not JSON, another version of the protocol, an unknown type, too many too fast).
A refused message changes nothing. The protocol is documented in ``docs/live-table.md``.

>>> from whist.table.session import Table
>>> table = Table(seed=5, people={"S": "Anna", "N": "Ben"}, live=True)
>>> referee = Referee(table, clock=lambda: 0.0)
>>> referee.receive(Seat.N, '{"v": 1, "t": "play", "card": "AS"}').code in ("not-your-turn", "not-held", "ok")
True
>>> outcome = referee.receive(Seat.N, '{"v": 2, "t": "hello"}')
>>> outcome.code, outcome.reason[:75]
('version', 'This table speaks version 1 of the live-table protocol; your page speaks ve')
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from whist.engine.jsontext import json_problem
from whist.engine.seats import SEAT_NAMES, Seat
from whist.table.view_data import data_of

if TYPE_CHECKING:
    from whist.table.session import Table

PROTOCOL = 1
MAX_MESSAGE = 2048
"""The longest message a guest may send (characters): every move fits in a few dozen."""
MAX_DEPTH = 2
RATE = (40, 5.0)
"""At most this many messages a guest may send in this many seconds; more are refused unread.
Far above any person's pace, even at the instant pace with every card forced (20 was not: a
guest's page driven as fast as it answers, tests/e2e/test_live.py's German Whist, sent 20 cards
in under 5 s on a quiet machine and had its next card refused)."""
TYPES = ("hello", "play", "call", "claim", "answer", "ping")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of a guest's message: ``ok`` with the move made, or refused with ``reason``."""

    ok: bool
    reason: str
    code: str


class Referee:
    """The host's side of a live table: ``table``'s people other than the host play from their
    own devices (a table made with ``live=True``: no hand-over screen on the host's)."""

    def __init__(self, table: Table, clock: Callable[[], float] = time.monotonic) -> None:
        self.table = table
        self.clock = clock
        self.host = table.human
        self.heard: dict[Seat, deque[float]] = {}

    @property
    def guests(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.table.people if s != self.host)

    def view_for(self, seat: Seat) -> dict[str, Any]:
        """The table as ``seat``'s player sees it, as JSON data (only what that seat may see)."""
        table = self.table
        holder, table.human = table.human, seat
        try:
            return data_of(table.view())
        finally:
            table.human = holder

    def message_for(self, seat: Seat) -> str:
        """The text sent to ``seat``'s device after every change of the table: :meth:`view_for`'s
        data, written by the JSON encoder straight from the view (each dataclass once, not a
        dict built first: the same text, at a fraction of the cost)."""
        table = self.table
        holder, table.human = table.human, seat
        try:
            view = table.view()
        finally:
            table.human = holder
        return _VIEW_ENCODER.encode({"v": PROTOCOL, "t": "view", "seat": SEAT_NAMES[seat], "view": view})

    def answer(self, seat: Seat, text: Any) -> str | None:
        """:meth:`receive` ``text``, and what to send back to ``seat``: the ``refused`` message for
        a refusal (docs/live-table.md), None when the move was made (every seat's next view tells)."""
        outcome = self.receive(seat, text)
        if outcome.ok:
            return None
        return json.dumps({"v": PROTOCOL, "t": "refused", "code": outcome.code, "reason": outcome.reason},
                          ensure_ascii=False)

    def receive(self, seat: Seat, text: Any) -> Outcome:
        """One message from ``seat``'s device, checked before anything is done."""
        if seat not in self.guests:
            return Outcome(False, "This device has no seat at the table.", "no-seat")
        now = self.clock()
        heard = self.heard.setdefault(seat, deque())
        while heard and now - heard[0] > RATE[1]:
            heard.popleft()
        if len(heard) >= RATE[0]:
            return Outcome(False, "Too many messages at once: wait a moment.", "flood")
        heard.append(now)
        message = _read(text)
        if isinstance(message, Outcome):
            return message
        kind = message["t"]
        if kind in ("hello", "ping"):
            return Outcome(True, "", kind)
        table = self.table
        if kind in ("play", "call"):
            field = "card" if kind == "play" else "call"
            action = message.get(field)
            if not isinstance(action, str) or not 0 < len(action) <= 8:
                return Outcome(False, f"A {kind} names its {field}.", "bad-field")
            result = table.move_for(seat, action, call=kind == "call")  # (said on this device in its words)
            return Outcome(result.ok, result.reason, "ok" if result.ok else result.code or "refused")
        holder, table.human = table.human, seat
        try:
            if kind == "answer":
                agree = message.get("agree")
                if not isinstance(agree, bool):
                    return Outcome(False, "An answer to a claim is agree or not.", "bad-field")
                result = table.answer_claim(agree)
            else:
                n = message.get("n")
                if n is not None and (isinstance(n, bool) or not isinstance(n, int) or not 0 < n <= 13):
                    return Outcome(False, "A claim names a number of tricks, or none for the rest.", "bad-field")
                result = table.claim(n)
        finally:
            table.human = holder
        return Outcome(result.ok, result.reason, "ok" if result.ok else result.code or "refused")


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _plain(value: Any) -> Any:
    """A value of a view the JSON encoder does not know, one level down: a dataclass's fields (in
    their order) or a mapping's items, as :func:`whist.table.view_data.data_of` has them."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: getattr(value, name) for name in _field_names(type(value))}
    if isinstance(value, Mapping):
        return {str(k): v for k, v in value.items()}
    raise TypeError(f"{type(value).__name__} is not part of a view")


_VIEW_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, default=_plain)


def _finite(text: str) -> float:
    """A number of a message: finite (no NaN, no 1e400)."""
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError("not a finite number")
    return value


def _read(text: Any) -> dict[str, Any] | Outcome:
    """A guest's message as a dict with a known type, or why it is refused."""
    if not isinstance(text, str):
        return Outcome(False, "A message is text.", "not-text")
    if len(text) > MAX_MESSAGE:
        return Outcome(False, f"A message may hold {MAX_MESSAGE} characters at most.", "too-long")
    if json_problem(text, MAX_DEPTH, max_digits=20) is not None:
        return Outcome(False, "A message nests too deep or holds too long a number.", "too-deep")
    try:
        data = json.loads(text, parse_float=_finite, parse_constant=_finite)
    except ValueError:
        return Outcome(False, "A message is JSON text.", "not-json")
    if not isinstance(data, dict):
        return Outcome(False, "A message is a JSON object.", "not-object")
    version = data.get("v")
    if version != PROTOCOL or isinstance(version, bool):
        shown = version if isinstance(version, int) and not isinstance(version, bool) else "another"
        return Outcome(False, f"This table speaks version {PROTOCOL} of the live-table protocol; your page "
                              f"speaks version {shown}: open the invitation again on both devices with the "
                              f"same version of the game.", "version")
    if data.get("t") not in TYPES:
        return Outcome(False, "This table does not know that kind of message.", "unknown-type")
    return data
