"""A live table as a guest's device holds it (issue 39, part 3): the last view the host sent, and
the guest's moves sent back as messages for the host's referee to decide.

The guest's device has no game of its own: the host's page is the referee (whist.table.referee)
and sends each guest the table as that seat sees it after every change. :class:`GuestTable`
reads those messages like any text from outside (too long, too deep, not JSON, another version,
an unknown kind, a view that is not one: refused with one sentence, and the table shown stays as
it was) and answers the page's commands as a :class:`~whist.table.session.Table` would, from the
view: a card you may not play now is refused here with the view's own reason, and one you may
play is sent (the host's answer, a new view or a refusal, comes as a message).

>>> from whist.table.referee import Referee
>>> from whist.engine.seats import Seat
>>> from whist.table.session import Table
>>> host = Table(seed=5, people={"S": "Anna", "N": "Ben"}, live=True)
>>> referee, sent = Referee(host), []
>>> ben = GuestTable(sent.append)
>>> ben.receive(referee.message_for(Seat.N)).kind, ben.view().human
('view', 'S')
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from whist.engine.jsontext import json_problem
from whist.table.session import PlayResult
from whist.table.view import TableView
from whist.table.view_data import ViewDataError, view_of

PROTOCOL = 1
MAX_MESSAGE = 400_000
"""The longest message a host may send (a view of a long rubber is some tens of thousands)."""
MAX_DEPTH = 12
WAITING = "Waiting for the host's table."
NO_HELP = "Undo and hints are off at a table between devices: the host's table decides every move."
HOST_DEALS = "The host deals the next hand."


@dataclass(frozen=True, slots=True)
class Received:
    """What became of a message from the host: a new ``view``, a move of yours ``refused`` (with the
    host's reason), or the message itself refused (``bad``, with why)."""

    kind: str  # "view", "refused", "bad"
    text: str = ""


class GuestTable:
    """The table on a guest's device: ``send`` carries a message (text) to the host."""

    challenge = None  # (never a challenge's table)
    guest = True  # (the page neither saves nor counts it: the host's device keeps the game)
    live = False  # (the host's table is the live one)
    covered = False

    def __init__(self, send: Callable[[str], None]) -> None:
        self.send = send
        self.latest: TableView | None = None
        self.messages: list[str] = []
        self.seat = ""  # the guest's seat at the host's table ("N"), once the host has said
        self.token = object()  # a new one with each new game the host deals
        self.options: dict[str, Any] = {}
        self.refused = ""  # the host's last refusal, until its next view

    # --- from the host ----------------------------------------------------------------------
    def receive(self, text: Any) -> Received:
        """One message from the host, checked before anything is done."""
        data = _read(text)
        if isinstance(data, Received):
            return data
        if data["t"] == "refused":
            reason = data.get("reason")
            if not isinstance(reason, str) or len(reason) > 600:
                return Received("bad", "The host's refusal could not be read.")
            if reason != self.refused:  # (the same refusal again, before any view: said once)
                self.messages.append(reason)
            self.refused = reason
            return Received("refused", reason)
        seat = data.get("seat")
        if not isinstance(seat, str) or len(seat) != 1 or seat not in "NESW":
            return Received("bad", "The host's view names no seat.")
        try:
            view = view_of(data.get("view"))
        except ViewDataError as err:
            return Received("bad", str(err))
        before = self.latest
        if before is None or view.game != before.game or view.game_number < before.game_number or (
                view.hand_number, view.game_number) < (before.hand_number, before.game_number) or (
                view.hand_number == before.hand_number and view.deal_number != before.deal_number):
            self.token = object()  # another game (or another deal where this hand was)
        if before is not None and token_kept(before, view):
            self.messages += said(before, view)
        self.latest, self.seat, self.refused = view, seat, ""
        return Received("view")

    # --- what the page reads ------------------------------------------------------------------
    def view(self) -> TableView:
        if self.latest is None:
            raise LookupError(WAITING)
        return self.latest

    @property
    def started(self) -> bool:
        return self.latest is not None

    @property
    def human_to_play(self) -> bool:
        return self.latest is not None and self.latest.your_turn

    @property
    def computer_to_play(self) -> bool:
        return False  # (the host's table plays its computers)

    @property
    def in_auction(self) -> bool:
        return self.latest is not None and self.latest.phase == "auction"

    @property
    def in_progress(self) -> bool:
        return self.latest is not None and self.latest.in_progress

    @property
    def is_over(self) -> bool:
        return self.latest is not None and self.latest.game_over is not None

    @property
    def hand_number(self) -> int:
        return self.latest.hand_number if self.latest is not None else 0

    @property
    def game(self) -> str:
        return self.latest.game if self.latest is not None else ""

    @property
    def game_token(self) -> object:
        return self.token

    @property
    def help_off(self) -> str:
        return NO_HELP

    can_undo = False
    can_redo = False

    @property
    def people(self) -> dict[Any, str]:
        """(The guest's page names the people from its view.)"""
        return {}

    def take_messages(self) -> list[str]:
        out, self.messages = self.messages, []
        return out

    # --- the guest's moves ----------------------------------------------------------------------
    def refusal(self, action: str) -> str | None:
        """Why ``action`` (a call in the auction, else a card) may not be made now, from the view;
        None when it may (the host decides: it may still refuse it)."""
        view = self.latest
        if view is None:
            return WAITING
        if not view.your_turn:
            return view.turn.text or WAITING
        if view.phase == "auction":
            auction = view.auction
            return None if auction is not None and action in auction.legal else "That call cannot be made now."
        card = view.card(action)
        if card is None:
            return "You do not hold that card."
        if not card.playable:
            return card.refusal or "That card cannot be played now."
        return None

    def human_play(self, card: str) -> PlayResult:
        return self._move({"t": "play", "card": card}, card)

    def human_call(self, call: str) -> PlayResult:
        return self._move({"t": "call", "call": call}, call)

    def claim(self, n: int | None = None) -> PlayResult:
        if not self.human_to_play:
            return PlayResult(False, WAITING, "not-your-turn")
        self.send(json.dumps({"v": PROTOCOL, "t": "claim", **({} if n is None else {"n": n})}))
        return PlayResult(True, "Your claim is sent to the host's table.")

    def answer_claim(self, agree: bool) -> PlayResult:
        self.send(json.dumps({"v": PROTOCOL, "t": "answer", "agree": bool(agree)}))
        return PlayResult(True)

    def _move(self, message: dict[str, Any], action: str) -> PlayResult:
        why = self.refusal(action)
        if why is not None:
            return PlayResult(False, why, "refused-here")
        self.send(json.dumps({"v": PROTOCOL, **message}))
        return PlayResult(True)

    # --- what a guest's device does not do ----------------------------------------------------
    def next_hand(self) -> bool:
        self.messages.append(HOST_DEALS)
        return False

    def finished_hand(self, latest: bool = False) -> None:
        return None  # (the host's device keeps the game's record)

    def seated_people(self) -> dict[str, str]:
        return {}

    def own_levels(self) -> dict[str, str]:
        return {}

    def hint_choice(self) -> None:
        return None

    def advise(self, choice: Any = None) -> None:
        return None

    def undo(self) -> int:
        self.messages.append(NO_HELP)
        return 0

    def redo(self) -> bool:
        self.messages.append(NO_HELP)
        return False

    def set_levels(self, partner: str, opponents: str) -> None:
        """(The host's table sets its computers' levels.)"""


def token_kept(before: TableView, view: TableView) -> bool:
    """Whether ``view`` is the same hand as ``before``, later (not another deal or game)."""
    return (view.game, view.game_number, view.hand_number, view.deal_number) == (
        before.game, before.game_number, before.hand_number, before.deal_number)


def said(before: TableView, view: TableView) -> list[str]:
    """What a player at the host's table hears of the change from ``before`` to ``view`` (the
    live region of the guest's page, as the host's page says its own table): each card played
    since, by whom, and who won a trick it finished. Nothing when the hand went back (an undo at
    the host's device: the view then says where it stands)."""
    if view.tricks_played == before.tricks_played:
        if len(view.trick) < len(before.trick) or view.trick[: len(before.trick)] != before.trick:
            return []
        return [_plays(p) for p in view.trick[len(before.trick):]]
    done = view.last_trick
    if view.tricks_played != before.tricks_played + 1 or done is None or (
            done.plays[: len(before.trick)] != before.trick):
        return []
    out = [_plays(p) for p in done.plays[len(before.trick):]]
    out.append(f"{done.wins} the trick.")
    return out + [_plays(p) for p in view.trick]


def _plays(play: Any) -> str:
    verb = "play" if play.player == "You" else "plays"
    return f"{play.player} {verb} the {play.name}."


def _read(text: Any) -> dict[str, Any] | Received:
    if not isinstance(text, str):
        return Received("bad", "The host sent something that is not text.")
    if len(text) > MAX_MESSAGE:
        return Received("bad", "The host sent a message far too long for a table.")
    if json_problem(text, MAX_DEPTH, max_digits=20) is not None:
        return Received("bad", "The host sent a message nested too deep.")
    try:
        data = json.loads(text)
    except ValueError:
        return Received("bad", "The host sent something that is not a message of the game.")
    if not isinstance(data, dict):
        return Received("bad", "The host sent something that is not a message of the game.")
    if data.get("v") != PROTOCOL or isinstance(data.get("v"), bool):
        return Received("bad", f"The host's page speaks another version of the live-table protocol; this page "
                               f"speaks version {PROTOCOL}: reload the game on both devices.")
    if data.get("t") not in ("view", "refused"):
        return Received("bad", "The host sent a kind of message this page does not know.")
    return data
