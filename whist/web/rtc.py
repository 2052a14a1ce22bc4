"""The live table's connections between devices (issue 39, part 3): WebRTC data channels with
no ICE server (a STUN or TURN server would be another origin), opened by exchanging two codes
(:mod:`whist.web.signal_code`) by hand, by link or by QR code.

The host's page holds a :class:`Host`: one ``RTCPeerConnection`` per guest (at most three), each
with one ordered, reliable data channel, negotiated (id 0) so both sides have it at once.
:meth:`Host.invite` gives a guest's invitation code (the offer, once ICE gathering is complete);
the guest's page gives it to :meth:`Guest.answer` and shows the answer code it returns; the host
pastes that into :meth:`Host.accept`, which knows from the code which invitation it answers.

Then each side sends ``{"v": 1, "t": "hello"}`` (the live-table protocol's version,
docs/live-table.md) and a connection is open only once the other side's hello says the same
version: another version ends it with a sentence that explains. A connection not open
:data:`CONNECT_SECONDS` after the answer was pasted ends with a sentence too, as does one that
drops later (the other page closed, or the network gone). Every callback gets plain text: a
message, or the sentence to show. Each JavaScript handler is a proxy made here and destroyed
when its connection ends (after the handler is taken off, so nothing calls a destroyed proxy).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import js
from pyodide.ffi import JsException, create_proxy, to_js

from whist.table.referee import PROTOCOL
from whist.web import signal_code as codes

CONNECT_SECONDS = 15.0
"""How long the host waits, once an answer is pasted, for the connection to open."""
GUEST_SECONDS = 300.0
"""How long a guest waits, once its answer code is shown, for the host to paste it and connect."""
GATHER_SECONDS = 5.0
"""The longest wait for ICE gathering (host candidates only: usually a few milliseconds)."""
MAX_GUESTS = 3
CHANNEL_ID = 0



def no_connection(seconds: float, guest: bool = False) -> str:
    """Why no connection was made after ``seconds`` (the host's sentence, or a guest's)."""
    after = f"{seconds / 60:g} minutes" if seconds >= 120 else f"{seconds:g} second{'s' * (seconds != 1)}"
    if guest:
        return (f"No connection after {after}: the host has not pasted this answer code, or the two devices "
                "cannot reach each other. Ask the host for a new invitation.")
    return (f"No connection after {after}: the two devices could not reach each other. Both must be on the "
            "same network (or both have IPv6 internet); make a new invitation and try again.")


LOST = "The connection to the other device was lost: its page was closed, or it left the network."
NOT_MADE = ("No connection was made: the other page was closed, or the two devices could not reach each other. "
            "Both must be on the same network (or both have IPv6 internet); make a new invitation and try again.")
NOT_A_TABLE = "The other device's page is not a table of this game: open the invitation link again."
REFUSED = "This browser refused the other device's code: ask for a new one."
CLOSED = "This connection was closed on this device."


def version_sentence(theirs: object, ours: int = PROTOCOL) -> str:
    """Why two pages that speak different versions of the live-table protocol cannot play."""
    shown = theirs if isinstance(theirs, int) and not isinstance(theirs, bool) else "another"
    return (f"The other device's page speaks version {shown} of the live-table protocol and this one version "
            f"{ours}: reload the game on both devices so that both have the newest version, and open the "
            "invitation again.")


def hello(version: int = PROTOCOL) -> str:
    return json.dumps({"v": version, "t": "hello"})


def _js(value: dict[str, Any]) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


class Connection:
    """One ``RTCPeerConnection`` to one other device and its data channel.

    ``state``: ``"new"``, ``"waiting"`` (a code is out), ``"connecting"``, ``"open"`` (hello
    heard), ``"closed"`` (it was open) or ``"failed"`` (it never opened). ``on_closed`` is called
    once, with the sentence to show, when a connection that was not closed here ends.
    """

    def __init__(self, on_open: Callable[[], None], on_message: Callable[[str], None],
                 on_closed: Callable[[str], None], version: int = PROTOCOL) -> None:
        self.on_open, self.on_message, self.on_closed = on_open, on_message, on_closed
        self.version = version
        self.state = "new"
        self.reason = ""
        self.pc = js.RTCPeerConnection.new(_js({"iceServers": []}))
        self.channel = self.pc.createDataChannel("whist", _js({"negotiated": True, "id": CHANNEL_ID,
                                                               "ordered": True}))
        self._handlers: list[tuple[Any, str, Any]] = []
        self._gathered: asyncio.Future[None] = asyncio.get_event_loop().create_future()
        self._timer: asyncio.TimerHandle | None = None
        self._on(self.channel, "onopen", lambda _event: self._channel_open())
        self._on(self.channel, "onmessage", self._heard)
        self._on(self.channel, "onclose", lambda _event: self._end(LOST))
        self._on(self.pc, "onconnectionstatechange", lambda _event: self._connection_state())
        self._on(self.pc, "onicegatheringstatechange", lambda _event: self._gathering())
        # A page closed or left closes its connections at once, so the other side knows now
        # rather than when the browser gives up on it (15 s or more).
        self._leave = create_proxy(lambda _event: self._left())
        js.window.addEventListener("pagehide", self._leave)

    def _on(self, target: Any, name: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        setattr(target, name, proxy)
        self._handlers.append((target, name, proxy))

    # -- codes ---------------------------------------------------------------

    async def _described(self, role: str, reply_to: int = 0) -> codes.Signal:
        """This side's description once ICE gathering is complete (or :data:`GATHER_SECONDS` on)."""
        self._gathering()
        with contextlib.suppress(TimeoutError):  # then the candidates found so far
            await asyncio.wait_for(asyncio.shield(self._gathered), GATHER_SECONDS)
        return codes.read_sdp(str(self.pc.localDescription.sdp), role, reply_to)

    def _gathering(self) -> None:
        if str(self.pc.iceGatheringState) == "complete" and not self._gathered.done():
            self._gathered.set_result(None)

    async def _remote(self, kind: str, signal: codes.Signal) -> None:
        try:
            await self.pc.setRemoteDescription(_js({"type": kind, "sdp": codes.sdp(signal)}))
        except JsException:
            self._end(REFUSED, tell=False)
            raise codes.SignalError(REFUSED) from None

    def _clock(self, seconds: float, sentence: str) -> None:
        self._stop_clock()
        self._timer = asyncio.get_event_loop().call_later(seconds, self._end, sentence)

    def _stop_clock(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # -- events --------------------------------------------------------------

    def _channel_open(self) -> None:
        self.channel.send(hello(self.version))

    def _heard(self, event: Any) -> None:
        data = event.data
        if not isinstance(data, str) or self.state in ("closed", "failed"):
            return
        if self.state == "open":
            self.on_message(data)
            return
        try:  # the first message: the other page's hello
            message = json.loads(data) if len(data) <= 200 else None
        except ValueError:
            message = None
        if not isinstance(message, dict) or "v" not in message:
            self._end(NOT_A_TABLE)
        elif message["v"] != self.version or isinstance(message["v"], bool):
            self._end(version_sentence(message["v"], self.version), linger=True)
        elif message.get("t") != "hello":
            self._end(NOT_A_TABLE)
        else:
            self._stop_clock()
            self.state = "open"
            self.on_open()

    def _left(self) -> None:
        self.close()
        self.pc.close()  # now: the page is going

    def _connection_state(self) -> None:
        if str(self.pc.connectionState) in ("failed", "closed"):
            self._end(LOST)

    # -- use -----------------------------------------------------------------

    def send(self, text: str) -> bool:
        """Send ``text`` if the connection is open; whether it was sent."""
        if self.state != "open" or str(self.channel.readyState) != "open":
            return False
        self.channel.send(text)
        return True

    def close(self) -> None:
        """End the connection from this side (``on_closed`` is not called: this side knows)."""
        self._end(CLOSED, tell=False)

    def _end(self, sentence: str, tell: bool = True, linger: bool = False) -> None:
        """End the connection once: say why (``on_closed``, unless ``tell`` is false), then let
        go of the browser's objects, ``linger``-ing a second for the hello sent to leave."""
        if self.state in ("closed", "failed"):
            return
        self._stop_clock()
        if sentence == LOST and self.state != "open":
            sentence = NOT_MADE
        self.state = "closed" if self.state == "open" else "failed"
        self.reason = sentence
        for target, name, _proxy in self._handlers:
            setattr(target, name, None)  # nothing calls a handler from now on
        asyncio.get_event_loop().call_later(1.0 if linger else 0.0, self._release)
        if tell:
            self.on_closed(sentence)

    def _release(self) -> None:
        self.channel.close()
        self.pc.close()
        js.window.removeEventListener("pagehide", self._leave)
        for _target, _name, proxy in self._handlers:
            proxy.destroy()
        self._handlers.clear()
        self._leave.destroy()


@dataclass(frozen=True, slots=True)
class Invitation:
    """A guest's invitation: which guest of the host's it is for, and its code."""

    guest: int  #: 1 to 3
    code: str


class Host:
    """The host's connections, one per guest numbered 1 to ``guests``: ``on_open(guest)``,
    ``on_message(guest, text)`` and ``on_closed(guest, sentence)`` tell what happens to each."""

    def __init__(self, on_open: Callable[[int], None], on_message: Callable[[int, str], None],
                 on_closed: Callable[[int, str], None], *, guests: int = MAX_GUESTS,
                 deadline: float = CONNECT_SECONDS, version: int = PROTOCOL) -> None:
        self.on_open, self.on_message, self.on_closed = on_open, on_message, on_closed
        self.guests = guests
        self.deadline = deadline
        self.version = version
        self.connections: dict[int, Connection] = {}
        self._tags: dict[int, int] = {}  # guest -> the tag of its invitation
        self._answered: set[int] = set()  # the tags of the answers pasted

    async def invite(self, guest: int | None = None) -> Invitation:
        """A new invitation for ``guest`` (one whose connection dropped, to reconnect: its old
        connection is closed), or for the first guest with no connection open or waiting."""
        if guest is None:
            free = [n for n in range(1, self.guests + 1)
                    if n not in self.connections or self.connections[n].state in ("closed", "failed")]
            if not free:
                raise codes.SignalError(f"This table has room for {self.guests} guests, and has them.")
            guest = free[0]
        elif not 1 <= guest <= self.guests:
            raise ValueError(f"no guest {guest}")
        if (old := self.connections.get(guest)) is not None:
            old.close()
        connection = self.connections[guest] = Connection(
            lambda: self.on_open(guest), lambda text: self.on_message(guest, text),
            lambda sentence: self.on_closed(guest, sentence), self.version)
        try:
            await connection.pc.setLocalDescription(await connection.pc.createOffer())
            signal = await connection._described(codes.OFFER)
        except codes.SignalError:
            connection.close()
            raise
        connection.state = "waiting"
        self._tags[guest] = codes.tag(signal)
        return Invitation(guest, codes.encode(signal))

    async def accept(self, text: str) -> int:
        """Take a guest's answer code (or text holding it) and connect; which guest it is.
        :class:`~whist.web.signal_code.SignalError` says why an answer cannot be used; a
        connection not open after :data:`CONNECT_SECONDS` ends with ``on_closed``."""
        signal = codes.decode(text, codes.ANSWER)
        guest = next((n for n, t in self._tags.items() if t == signal.reply_to
                      and self.connections[n].state == "waiting"), None)
        if guest is None:
            if signal.reply_to in self._answered:
                raise codes.SignalError("This answer code has been used already: to connect again, make a new "
                                        "invitation.")
            raise codes.SignalError("This answer code is for another invitation: ask the guest to open the "
                                    "newest one and send its answer.")
        connection = self.connections[guest]
        self._answered.add(signal.reply_to)
        connection.state = "connecting"  # before the wait: the hello may come while the browser answers
        connection._clock(self.deadline, no_connection(self.deadline))
        await connection._remote("answer", signal)
        return guest

    def send(self, guest: int, text: str) -> bool:
        """Send ``text`` to ``guest``; whether it was sent (its connection is open)."""
        connection = self.connections.get(guest)
        return connection is not None and connection.send(text)

    def state(self, guest: int) -> str:
        connection = self.connections.get(guest)
        return connection.state if connection is not None else "new"

    def drop(self, guest: int) -> None:
        """Close ``guest``'s connection from this side."""
        if (connection := self.connections.get(guest)) is not None:
            connection.close()

    def close(self) -> None:
        for connection in self.connections.values():
            connection.close()


class Guest:
    """A guest's connection to the host: ``on_open()``, ``on_message(text)`` and
    ``on_closed(sentence)`` tell what happens to it."""

    def __init__(self, on_open: Callable[[], None], on_message: Callable[[str], None],
                 on_closed: Callable[[str], None], *, wait: float = GUEST_SECONDS,
                 version: int = PROTOCOL) -> None:
        self.connection = Connection(on_open, on_message, on_closed, version)
        self.wait = wait

    @property
    def state(self) -> str:
        return self.connection.state

    async def answer(self, text: str) -> str:
        """The answer code to the invitation in ``text`` (the link or the code itself), to show the
        host; :class:`~whist.web.signal_code.SignalError` says why an invitation cannot be used.
        The connection opens when the host pastes it, or ends with ``on_closed`` after ``wait``."""
        offer = codes.decode(text, codes.OFFER)
        connection = self.connection
        await connection._remote("offer", offer)
        await connection.pc.setLocalDescription(await connection.pc.createAnswer())
        try:
            signal = await connection._described(codes.ANSWER, codes.tag(offer))
        except codes.SignalError:
            connection.close()
            raise
        connection.state = "waiting"
        connection._clock(self.wait, no_connection(self.wait, guest=True))
        return codes.encode(signal)

    def send(self, text: str) -> bool:
        return self.connection.send(text)

    def close(self) -> None:
        self.connection.close()
