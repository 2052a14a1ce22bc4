"""A live table between devices on the page (issue 39, part 3): the host's invitations and its
guests' moves, a guest's answer and the host's table on a guest's screen.

The host's page runs the one game (a table made with its people ``live``): :class:`HostSide`
holds the connections (:class:`whist.web.rtc.Host`) and the session above them
(:class:`whist.table.live.LiveHost`), sends every guest its view after every change of the table
(a state listener), and takes each guest's message when the page is at rest, so that a guest's
card is shown like a computer's. Its dialog (``#live``) lists the guests with where each stands,
makes an invitation (a link and a QR code), takes the answer code pasted (or scanned, where the
browser has ``BarcodeDetector``), and says plainly when no connection is made.

A guest's page opens the host's link (``#join=``): :class:`GuestSide` answers it (a code and a QR
code for the host), then shows what the host sends (:class:`whist.table.guest.GuestTable`: its
own game stays saved on the device, untouched) and sends back the cards and calls its player
makes. The host's table decides every move.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from whist.table.guest import GuestTable
from whist.table.live import LiveHost
from whist.web import rtc
from whist.web import signal_code as codes
from whist.web.parts import run_guarded

if TYPE_CHECKING:
    from whist.table import Table
    from whist.table.view import TableView
    from whist.web.screen import Screen
    from whist.web.settings import Timing

#: The dialog the host's invitations and a guest's answer show in, and the line under the table.
DIALOG_HTML = (
    '<dialog id="live" class="sheet wide challenge" aria-labelledby="lv-title" aria-describedby="lv-text">'
    '<div class="sheet-head"><h2 id="lv-title">Players at your table</h2><button type="button" '
    'class="icon-btn close-btn" id="lv-close" aria-label="Close"><svg aria-hidden="true"><use href="#i-close"/>'
    '</svg></button></div><div class="ch-scroll"><p id="lv-text"></p><div id="lv-body" class="ch-body"></div>'
    '<p class="ng-error" id="lv-error" role="alert" hidden></p></div>'
    '<div class="panel-actions" id="lv-actions"></div></dialog>')
BAR_HTML = ('<p id="live-bar" class="table-note live-bar" role="status" hidden><span id="live-bar-text"></span> '
            '<button type="button" class="link-btn" id="live-players">Players</button></p>')
#: A code's box: the width of the dialog's column, its text wrapped anywhere (a code has no spaces).
BOX = ("display:block;width:100%;box-sizing:border-box;padding:8px 10px;font:inherit;font-size:.85rem;"
       "border-radius:8px;word-break:break-all;resize:vertical")
#: The most messages a guest may have waiting while the host's page is busy (more are refused unread).
INBOX = 30
INVITE_HELP = ("Send {name} this link, or let {name} scan the code. {name}'s page then shows an answer code: "
               "paste it below (or scan it), and the table connects.")
NO_SCAN = "This browser cannot read QR codes: paste the answer code instead."
INSTEAD = ("You can play on this device instead, passing it between you, or send a challenge link that each "
           "of you plays on your own.")


class LiveHostPage(Protocol):
    """What the live table needs of the page (the host's and a guest's)."""

    table: Any
    busy: bool
    generation: int
    state_listeners: list[Callable[[], None]]
    timing: Timing

    @property
    def window(self) -> Any: ...

    @property
    def doc(self) -> Any: ...

    @property
    def screen(self) -> Screen: ...

    def el(self, id_: str) -> Any: ...
    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None: ...
    def spawn(self, coro: Any) -> None: ...
    def fail(self, err: BaseException) -> None: ...
    def say(self, text: str) -> None: ...
    def set_text(self, id_: str, text: str) -> None: ...
    def set_status(self, text: str, kind: str = "") -> None: ...
    def open_dialog(self, name: str) -> None: ...
    def restore_focus(self, name: str) -> None: ...
    def changed(self) -> None: ...
    def settle(self) -> None: ...
    def go(self) -> None: ...
    def cancel_flow(self) -> None: ...
    def announce_turn(self) -> None: ...
    def take_announcements(self) -> None: ...
    def after_action(self, sound: str | None = None) -> None: ...
    async def after_human(self, gen: int, finished: TableView | None) -> None: ...
    async def gather_trick(self, gen: int, view: TableView) -> None: ...
    def ask_new_game(self) -> None: ...
    def put_table(self, table: Table, *, fresh: bool = True, save: bool = True, resume: bool = False) -> None: ...


class LiveBox:
    """The page's live table: its host's side, or a guest's, and the ``#live`` dialog they share."""

    def __init__(self, page: LiveHostPage) -> None:
        self.page = page
        self.host: HostSide | None = None
        self.guest: GuestSide | None = None

    def run(self, coro: Any) -> None:
        """Run ``coro`` beside the page's flow (an undo or a new hand does not cancel it)."""
        run_guarded(coro, self.page.fail)

    def start(self) -> None:
        """Put the dialog and the line under the table in the page (they come with this module, on
        first use), and bind them."""
        p = self.page
        if not p.el("live"):  # (JavaScript's null: a falsy proxy)
            p.doc.body.insertAdjacentHTML("beforeend", DIALOG_HTML)
            p.el("table-note").insertAdjacentHTML("afterend", BAR_HTML)
        p.on(p.el("lv-close"), "click", lambda evt: p.el("live").close())
        p.on(p.el("live-players"), "click", lambda evt: self.open())
        p.on(p.el("live"), "click", self.on_click)
        p.on(p.el("live"), "keydown", self.on_key)
        p.on(p.el("live"), "close", self.on_close)

    def on_close(self, evt: Any) -> None:
        """The focus goes back where it was; a guest who closed the dialog before connecting plays
        this device's own game meanwhile (the host's table takes the screen if the connection opens)."""
        guest, page = self.guest, self.page
        page.restore_focus("live")
        if guest is not None and page.table is not guest.table and not page.busy:
            page.go()

    def open(self) -> None:
        if self.host is not None:
            self.host.show()
        elif self.guest is not None:
            self.guest.show()

    def on_click(self, evt: Any) -> None:
        button = evt.target.closest("button[data-act]")
        if not button or button.getAttribute("aria-disabled") == "true":  # (null: a falsy proxy)
            return
        act, arg = str(button.dataset.act), str(button.dataset.arg or "")
        side: Any = self.host or self.guest
        if side is not None and hasattr(side, "act_" + act):
            getattr(side, "act_" + act)(arg)

    def on_key(self, evt: Any) -> None:
        """Enter in the answer box connects (Shift+Enter: a line break, for a code in pieces)."""
        if str(evt.key) == "Enter" and not evt.shiftKey and str(evt.target.id) == "lv-answer" and self.host:
            evt.preventDefault()
            self.host.act_connect("")

    # --- the page's calls ---------------------------------------------------------------------
    def table_put(self) -> None:
        """A table was put on the page: a live one's host (re)connects its guests; any other
        ends what this page had (a guest leaves the host's table; a host's connections close)."""
        table = self.page.table
        if self.guest is not None and table is not self.guest.table:
            self.guest.leave()
            self.guest = None
        if self.guest is not None:
            return
        if getattr(table, "live", False) and table.people:
            if self.host is not None and self.host.same_people(table):
                self.host.new_table(table)
                return
            if self.host is not None:
                self.host.stop()
            self.host = HostSide(self, table)
            self.host.show()
        elif self.host is not None:
            self.host.stop()
            self.host = None

    def close(self) -> None:
        if self.host is not None:
            self.host.stop()
            self.host = None
        if self.guest is not None:
            self.guest.leave()
            self.guest = None

    def join(self, text: str) -> None:
        if self.host is not None:
            self.host.stop()
            self.host = None
        if self.guest is not None:
            self.guest.leave()
        self.guest = GuestSide(self, text)

    def play(self, card: str) -> None:
        if self.guest is not None:
            self.guest.play(card)

    # --- the dialog, drawn by either side -------------------------------------------------------
    def draw(self, title: str, text: str, body: str, actions: str, error: str = "") -> None:
        p = self.page
        p.set_text("lv-title", title)
        p.set_text("lv-text", text)
        p.el("lv-body").innerHTML = body
        p.el("lv-actions").innerHTML = actions
        box = p.el("lv-error")
        box.textContent = error
        box.hidden = not error

    def error(self, text: str) -> None:
        p = self.page
        box = p.el("lv-error")
        box.textContent = text
        box.hidden = not text
        if text:
            p.say(text)

    def show_dialog(self) -> None:
        if not self.page.el("live").open:
            self.page.open_dialog("live")

    async def qr(self, text: str, label: str, where: str) -> None:
        from whist.web.qr import qr_svg

        try:
            svg = await qr_svg(text, label)
        except ValueError as err:
            svg = f'<p class="ch-no-qr">{escape(str(err))}</p>'
        box = self.page.doc.getElementById(where)
        if box and box.dataset.text == text:  # (still the code on show)
            box.innerHTML = svg

    async def copy(self, text: str, field: str, said: str) -> None:
        p = self.page
        clipboard = getattr(p.window.navigator, "clipboard", None)
        copied = False
        if clipboard:
            try:
                await clipboard.writeText(text)
                copied = True
            except Exception:
                copied = False
        message = said if copied else "Copying was refused: select the text and copy it."
        p.set_text("lv-share-msg", message)
        p.say(message)
        if not copied and (box := p.doc.getElementById(field)):
            box.focus()
            box.select()

    async def share(self, text: str, title: str) -> None:
        from pyodide.ffi import to_js

        p = self.page
        data = to_js({"title": title, "text": text} if not text.startswith("http") else {"title": title, "url": text},
                     dict_converter=p.window.Object.fromEntries)
        try:
            await p.window.navigator.share(data)
        except Exception:  # (dismissed, or refused: the text is there to copy)
            return
        p.set_text("lv-share-msg", "Shared.")


def share_block(text: str, label: str, field: str, qr_id: str, multiline: bool = False) -> str:
    """A code or link on show: its QR code beside it, in a box to copy."""
    box = (f'<textarea id="{field}" readonly rows="4" style="{BOX}">{escape(text)}</textarea>' if multiline
           else f'<input id="{field}" readonly value="{escape(text)}">')
    return (f'<div class="ch-share"><div class="ch-qr" id="{qr_id}" data-text="{escape(text)}"></div>'
            f'<div class="ch-link-box"><label for="{field}">{escape(label)}</label>{box}'
            f'<p class="ch-share-msg" id="lv-share-msg" role="status"></p></div></div>')


def button(label: str, act: str, arg: str = "", primary: bool = False) -> str:
    kind = "btn-primary" if primary else "btn-ghost"
    return (f'<button type="button" class="btn {kind}" data-act="{act}" data-arg="{escape(arg)}">'
            f'{escape(label)}</button>')


class HostSide:
    """The host's page of a live table: its guests' connections, their invitations, their moves."""

    def __init__(self, box: LiveBox, table: Table) -> None:
        self.box = box
        self.page = box.page
        self.live = LiveHost(table)
        self.rtc = rtc.Host(self.opened, self.heard, self.closed, guests=max(len(self.live.seats), 1))
        self.inviting: int | None = None  # the guest whose invitation is on show
        self.code = ""  # its code
        self.failed = ""  # why the last connection was not made (with what to do instead)
        self.inbox: list[tuple[int, str]] = []
        self.draining = False
        self.stopped = False
        self.page.state_listeners.append(self.broadcast)
        self.bar()

    # --- the table ------------------------------------------------------------------------------
    def same_people(self, table: Table) -> bool:
        return dict(table.people) == dict(self.live.table.people) and table.human == self.live.table.human

    def new_table(self, table: Table) -> None:
        """Another game at the same table (the same people in the same seats): the connections stay."""
        old = self.live
        self.live = LiveHost(table)
        self.live.state = dict(old.state)
        self.live.said = dict(old.said)
        self.bar()

    def broadcast(self) -> None:
        """After every change of the host's table: each connected guest's new view."""
        if self.stopped or self.page.table is not self.live.table:
            return
        self.send(self.live.changed())
        self.bar()

    def send(self, out: list[tuple[int, str]]) -> None:
        for number, text in out:
            self.rtc.send(number, text)

    def stop(self) -> None:
        self.stopped = True
        self.rtc.close()
        if self.broadcast in self.page.state_listeners:
            self.page.state_listeners.remove(self.broadcast)
        self.page.el("live-bar").hidden = True
        if self.page.el("live").open:
            self.page.el("live").close()

    # --- the connections' events ------------------------------------------------------------
    def opened(self, number: int) -> None:
        self.send(self.live.opened(number))
        name = self.live.table.people[self.live.seats[number]]
        self.page.say(f"{name} is connected.")
        if self.inviting == number:
            self.inviting, self.code = None, ""
        self.failed = ""
        self.bar()
        everyone = all(s.state == "open" for s in self.live.statuses())
        if everyone and self.page.el("live").open:  # the table can go on: the dialog gives way
            self.page.el("live").close()
            self.page.say("Everyone is connected.")
        elif self.page.el("live").open:
            self.show()
        if not self.page.busy:
            self.page.settle()

    def closed(self, number: int, sentence: str) -> None:
        was = self.live.state.get(number)
        if was == "open":  # (one that never opened leaves the guest not connected yet)
            notice = self.live.closed(number, sentence)
            self.page.say(notice)
            self.page.set_status(notice, "refuse")
        elif self.inviting == number:  # (that invitation is spent: a new one is made to try again)
            self.inviting, self.code = None, ""
            self.failed = sentence + " " + INSTEAD
            self.page.say(sentence)
        self.bar()
        if self.page.el("live").open or was != "open":
            self.show()

    def heard(self, number: int, text: str) -> None:
        if sum(n == number for n, _ in self.inbox) >= INBOX:
            self.rtc.send(number, json.dumps({"v": 1, "t": "refused", "code": "flood",
                                              "reason": "Too many messages at once: wait a moment."}))
            return
        self.inbox.append((number, text))
        if not self.draining:
            self.draining = True
            self.box.run(self.drain())

    async def drain(self) -> None:
        """Take the guests' messages one at a time, each when the page is at rest (a card on show
        is gathered first), so that a guest's card is shown as a computer's is."""
        try:
            while self.inbox and not self.stopped:
                while self.page.busy:
                    await asyncio.sleep(0.05)
                number, text = self.inbox.pop(0)
                self.take(number, text)
        finally:
            self.draining = False

    def take(self, number: int, text: str) -> None:
        page = self.page
        if page.table is not self.live.table:
            return
        out, changed = self.live.received(number, text)
        self.send(out)  # a refusal to that guest, or every guest's view after the move
        if not changed:
            return
        kind = json.loads(text).get("t")  # (a move the referee made: its message was read already)
        if kind != "play":
            page.after_action()  # a call, a claim or an answer: drawn as the table stands
            return
        page.changed()  # saved (and any view that changed since, sent)
        view = page.table.view()
        page.busy = True
        gen = page.generation
        page.screen.render_hand(view)
        finished = page.screen.show_card(view)
        page.spawn(page.after_human(gen, view if finished else None))

    # --- in words and on screen ------------------------------------------------------------------
    def bar(self) -> None:
        """The line under the table: who is connected, or why the table waits."""
        if self.stopped:
            return
        statuses = self.live.statuses()
        waiting = self.live.waiting_for()
        text = waiting or " \u00b7 ".join(
            f"{s.name}: {'connected' if s.state == 'open' else 'not connected'}" for s in statuses)
        self.page.set_text("live-bar-text", text)
        self.page.el("live-bar").hidden = False

    def show(self) -> None:
        """The dialog: each guest and where each stands, and the invitation on show."""
        statuses = self.live.statuses()
        rows = "".join(
            f'<li class="lv-guest" data-state="{s.state}"><strong class="lv-who">{escape(s.label)}</strong>: '
            f'<span class="lv-state">{escape(s.text)}</span> '
            + (button(s.action, "invite", str(s.number)) if s.action and self.inviting != s.number else "")
            + "</li>" for s in statuses)
        body = f'<ul class="lv-guests">{rows}</ul>'
        error = ""
        if self.inviting is not None and self.code:
            name = self.live.table.people[self.live.seats[self.inviting]]
            link = codes.invitation_link(self.page_address(), self.code)
            scan = bool(getattr(self.page.window, "BarcodeDetector", None))
            body += (f'<h3 class="lv-step">Invitation for {escape(name)}</h3>'
                     f'<p>{escape(INVITE_HELP.format(name=name))}</p>'
                     + share_block(link, f"{name}\u2019s invitation", "lv-link", "lv-qr")
                     + f'<div class="field"><label for="lv-answer">{escape(name)}\u2019s answer code</label>'
                     f'<textarea id="lv-answer" rows="3" autocomplete="off" spellcheck="false" style="{BOX}" '
                     f'aria-describedby="lv-error"></textarea></div>')
            actions = (button("Copy link", "copy", link)
                       + (button("Share\u2026", "share", link) if hasattr(self.page.window.navigator, "share") else "")
                       + (button("Scan the answer", "scan") if scan else "")
                       + button("Connect", "connect", primary=True))
            self.box.run(self.box.qr(link, f"QR code of {name}\u2019s invitation", "lv-qr"))
        else:
            actions = button("Close", "close", primary=True)
            if self.failed:
                error = self.failed
                actions = (button("Play on this device instead", "here")
                           + button("A challenge link instead", "challenge") + actions)
        connected = sum(s.state == "open" for s in statuses)
        text = (f"{connected} of {len(statuses)} connected. The table waits for a person whose device is not "
                "connected; the computers play the other seats.")
        self.box.draw("Players at your table", text, body, actions, error)
        self.box.show_dialog()

    def page_address(self) -> str:
        location = self.page.window.location
        return str(location.origin) + str(location.pathname)

    # --- the dialog's buttons ---------------------------------------------------------------------
    def act_invite(self, arg: str) -> None:
        self.box.run(self.invite(int(arg)))

    async def invite(self, number: int) -> None:
        self.failed = ""
        try:
            invitation = await self.rtc.invite(number)
        except codes.SignalError as err:
            self.box.error(str(err))
            return
        if self.stopped:
            return
        self.inviting, self.code = invitation.guest, invitation.code
        self.show()
        if field := self.page.doc.getElementById("lv-answer"):
            field.focus()

    def act_connect(self, arg: str) -> None:
        field = self.page.doc.getElementById("lv-answer")
        text = str(field.value) if field else ""
        if not text.strip():
            self.box.error("Paste the answer code first.")
            return
        self.box.run(self.connect(text))

    async def connect(self, text: str) -> None:
        try:
            number = await self.rtc.accept(text)
        except codes.SignalError as err:
            self.box.error(str(err))
            return
        except Exception:  # the browser refused the description
            self.box.error(rtc.REFUSED)
            return
        name = self.live.table.people[self.live.seats[number]]
        self.box.error("")
        self.page.set_text("lv-text", f"Connecting to {name}\u2026 (at most {rtc.CONNECT_SECONDS:g} seconds)")

    def act_copy(self, arg: str) -> None:
        self.box.run(self.box.copy(arg, "lv-link", "Link copied: send it to your guest."))

    def act_share(self, arg: str) -> None:
        self.box.run(self.box.share(arg, "An invitation to a whist table"))

    def act_scan(self, arg: str) -> None:
        self.box.run(self.scan())

    async def scan(self) -> None:
        """Read the answer's QR code with the camera (``BarcodeDetector``), into the answer box."""
        text = await scan_code(self.page)
        if text is None:
            self.box.error(NO_SCAN)
            return
        if field := self.page.doc.getElementById("lv-answer"):
            field.value = text
        self.act_connect("")

    def act_close(self, arg: str) -> None:
        self.page.el("live").close()

    def act_here(self, arg: str) -> None:
        """No connection: the same game goes on at this device, passed between its people."""
        table = self.live.table
        self.stop()
        self.box.host = None
        table.live = False
        table.covered = True
        self.page.put_table(table, fresh=False)
        self.page.say("The game goes on at this device: pass it to each player in turn.")

    def act_challenge(self, arg: str) -> None:
        self.page.el("live").close()
        self.page.ask_new_game()
        self.page.say("Choose a challenge under Play, then send its link to your friends.")


async def scan_code(page: LiveHostPage) -> str | None:
    """A QR code read from the camera, or None where the browser cannot (or the player says no)."""
    window = page.window
    if not getattr(window, "BarcodeDetector", None):
        return None
    from pyodide.ffi import to_js

    try:
        detector = window.BarcodeDetector.new(to_js({"formats": ["qr_code"]}, dict_converter=window.Object.fromEntries))
        stream = await window.navigator.mediaDevices.getUserMedia(
            to_js({"video": {"facingMode": "environment"}}, dict_converter=window.Object.fromEntries))
    except Exception:
        return None
    video = page.doc.createElement("video")
    video.srcObject = stream
    video.muted = True
    try:
        await video.play()
        for _ in range(150):  # about 30 seconds
            found = await detector.detect(video)
            if found.length:
                return str(found[0].rawValue)
            await asyncio.sleep(0.2)
    except Exception:
        return None
    finally:
        for track in stream.getTracks():
            track.stop()
    return None


class GuestSide:
    """A guest's page at the host's table: the answer to the invitation, then the host's views."""

    def __init__(self, box: LiveBox, text: str) -> None:
        self.box = box
        self.page = box.page
        self.table = GuestTable(self.send)
        self.rtc = rtc.Guest(self.opened, self.heard, self.closed)
        self.code = ""
        self.state = "answering"  # "answering", "waiting", "open", "closed"
        self.reason = ""
        self.inbox: list[str] = []
        self.draining = False
        self.page.cancel_flow()  # (this device's own game waits, saved as it stands)
        self.show()
        self.box.run(self.answer(text))

    def send(self, text: str) -> None:
        """A move of this page's player to the host: nothing more is played or called here until
        the host's answer comes (its next view, or its refusal)."""
        if not self.rtc.send(text):
            self.page.say(self.reason or rtc.LOST)
            return
        self.page.busy = True

    async def answer(self, text: str) -> None:
        try:
            self.code = await self.rtc.answer(text)
        except codes.SignalError as err:
            self.state, self.reason = "closed", str(err)
        except Exception:
            self.state, self.reason = "closed", rtc.REFUSED
        else:
            self.state = "waiting"
        self.show()

    def show(self) -> None:
        box = self.box
        if self.state == "answering":
            box.draw("Joining a table", "Making your answer to the invitation\u2026", "", "")
        elif self.state == "waiting":
            body = share_block(self.code, "Your answer code", "lv-code", "lv-qr", multiline=True)
            actions = (button("Copy the code", "copy")
                       + (button("Share\u2026", "share") if hasattr(self.page.window.navigator, "share") else ""))
            box.draw("Joining a table", "Send this answer code to the person who invited you (or let them scan "
                     "it): the table opens here as soon as they paste it.", body, actions)
            self.box.run(box.qr(self.code, "QR code of your answer", "lv-qr"))
        elif self.state == "open":
            box.draw("Connected", "You are at the host's table: it deals, and it decides every move.", "",
                     button("Play", "close", primary=True))
        else:
            box.draw("Not connected", self.reason, "",
                     button("Back to my own game", "leave", primary=True), error="")
        box.show_dialog()

    # --- the connection ---------------------------------------------------------------------------
    def opened(self) -> None:
        self.state = "open"
        page = self.page
        history, location = page.window.history, page.window.location
        if str(location.hash).startswith(codes.JOIN):  # a reload is your own game again: the host re-invites
            history.replaceState(history.state, "", str(location.pathname) + str(location.search))
        page.say("Connected to the host's table.")
        if page.el("live").open:
            page.el("live").close()

    def closed(self, sentence: str) -> None:
        self.state, self.reason = "closed", sentence
        self.page.say(sentence)
        self.page.set_status(sentence, "refuse")
        if self.page.table is self.table:
            self.page.busy = True  # nothing can be played until the host invites you again
            view = self.table.latest
            if view is not None:
                self.page.screen.render_hand(view, locked=True)
        self.show()

    def heard(self, text: str) -> None:
        self.inbox.append(text)
        if not self.draining:
            self.draining = True
            self.box.run(self.drain())

    async def drain(self) -> None:
        """Each message from the host in turn: a view is shown as the page shows a computer's card
        (the trick gathered before the next), a refusal said."""
        try:
            while self.inbox and self.state != "left":
                await self.take(self.inbox.pop(0))
        finally:
            self.draining = False

    async def take(self, text: str) -> None:
        page, table = self.page, self.table
        before = table.latest
        token = table.token
        got = table.receive(text)
        if got.kind == "bad":
            page.say(got.text)
            page.set_status(got.text, "refuse")
            return
        if got.kind == "refused":
            page.busy = False
            self.settle()
            page.take_announcements()  # (the host's reason, said once)
            page.set_status(got.text, "refuse")
            return
        view = table.view()
        if page.table is not table:  # the first view: the host's table takes the screen
            page.cancel_flow()
            page.table = table
            page.screen.forget()
            page.screen.clear_trick()
            page.el("summary").hidden = True
            page.busy = False
            self.settle()
            page.announce_turn()
            return
        gen = page.generation
        if before is not None and token is table.token and view.hand_number == before.hand_number and (
                played(view) > played(before)):
            page.busy = True
            if page.screen.show_card(view):
                await page.gather_trick(gen, view)
            if gen != page.generation:
                return
        else:
            page.screen.clear_trick()
            if token is not table.token:
                page.screen.forget()
        page.busy = False
        self.settle()
        page.take_announcements()  # each card played at the table, by whom, and a trick's winner
        page.announce_turn()

    def settle(self) -> None:
        """The host's table at rest; the summary without what needs the game's record (the review,
        a replay, Expert with your cards, undo, a new game: the host's device keeps the game)."""
        self.page.settle()
        for id_ in ("review-summary-actions", "summary-expert", "expert-result", "summary-undo", "summary-challenge",
                    "play-again"):
            if el := self.page.doc.getElementById(id_):
                el.hidden = True

    # --- the guest's moves ------------------------------------------------------------------------
    def play(self, card: str) -> None:
        page = self.page
        if page.busy:
            return
        result = self.table.human_play(card)
        if not result.ok:
            page.say(result.reason)
            page.set_status(result.reason, "refuse")
            return
        page.busy = True  # until the host's table answers
        page.screen.render_hand(self.table.view(), locked=True)

    def leave(self) -> None:
        self.state = "left"
        self.rtc.close()

    # --- the dialog's buttons ---------------------------------------------------------------------
    def act_copy(self, arg: str) -> None:
        self.box.run(self.box.copy(self.code, "lv-code", "Code copied: send it to the host."))

    def act_share(self, arg: str) -> None:
        self.box.run(self.box.share(self.code, "My answer to your whist table"))

    def act_close(self, arg: str) -> None:
        self.page.el("live").close()

    def act_leave(self, arg: str) -> None:
        """No connection: this device's own game again (it was kept as it stood)."""
        self.page.el("live").close()
        self.leave()
        self.box.guest = None
        self.page.busy = False
        location = self.page.window.location
        if self.page.table is self.table:  # the host's table was on show: this device's own game again,
            location.replace(str(location.pathname) + str(location.search))  # as a visit restores it
        else:
            self.page.go()


def played(view: TableView) -> int:
    """How many cards of the hand ``view`` shows played (the tricks taken and the trick on the table)."""
    return view.tricks_played * 4 + len(view.trick)
