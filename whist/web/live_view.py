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

This module holds what both share: the page's :class:`LiveBox` and its dialog; the host's side is
:mod:`whist.web.live_host`, a guest's :mod:`whist.web.live_guest`, their markup and the camera's
reader :mod:`whist.web.live_parts`.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from whist.web.live_guest import GuestSide
from whist.web.live_host import HostSide
from whist.web.live_parts import BAR_HTML, DIALOG_HTML
from whist.web.parts import run_guarded

if TYPE_CHECKING:
    from whist.table import Table
    from whist.table.session import PlayResult
    from whist.table.view import TableView
    from whist.web.screen import Screen
    from whist.web.settings import Timing


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
    def refused(self, result: PlayResult) -> bool: ...
    def open_dialog(self, name: str) -> None: ...
    def restore_focus(self, name: str) -> None: ...
    def changed(self) -> None: ...
    def settle(self) -> object: ...
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
