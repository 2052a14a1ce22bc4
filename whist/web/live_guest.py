"""A guest's page at a live table (:mod:`whist.web.live_view`): the answer to the host's
invitation, then the host's views on screen (:class:`whist.table.guest.GuestTable`) and this
player's moves sent back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from whist.table.guest import GuestTable
from whist.web import rtc
from whist.web import signal_code as codes
from whist.web.live_parts import button, share_block

if TYPE_CHECKING:
    from whist.table.view import TableView
    from whist.web.live_view import LiveBox


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
        screen = page.screen
        if before is not None and token is table.token and view.hand_number == before.hand_number and (
                played(view) > played(before)):
            page.busy = True
            names = {c.card for c in view.hand}
            if names < set(screen.hand_key):  # your card: it leaves your hand for the trick, as on
                screen.render_hand(view, locked=True)  # your own table
            if screen.show_card(view):
                await page.gather_trick(gen, view)
            if gen != page.generation:
                return
            if view.phase == "play" and not view.your_turn:  # another's turn: the card shown is
                page.busy = False  # all that changed, drawn as a computer's card is (not the whole table)
                if tuple(c.card for c in view.hand) != screen.hand_key:  # (a card drawn from the stock)
                    screen.render_hand(view, locked=True)
                page.doc.body.dataset.toPlay = view.to_play or ""
                screen.render_turn(view)
                screen.render_status(view)
                page.take_announcements()
                return
        else:
            screen.clear_trick()
            if token is not table.token:
                screen.forget()
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
        if page.refused(self.table.human_play(card)):
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
