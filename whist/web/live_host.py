"""The host's page of a live table (:mod:`whist.web.live_view`): its guests' connections
(:class:`whist.web.rtc.Host`), the session above them (:class:`whist.table.live.LiveHost`), the
invitations, and each guest's moves, taken when the page is at rest."""

from __future__ import annotations

import asyncio
import json
from html import escape
from typing import TYPE_CHECKING

from whist.table.live import LiveHost
from whist.web import rtc
from whist.web import signal_code as codes
from whist.web.live_parts import BOX, INBOX, INSTEAD, INVITE_HELP, NO_SCAN, button, scan_code, share_block

if TYPE_CHECKING:
    from whist.table import Table
    from whist.web.live_view import LiveBox


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
        out, changed = self.live.received(number, text, views=False)
        self.send(out)  # a refusal to that guest (every guest's view after a move: the page's changed())
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
