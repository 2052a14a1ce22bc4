"""Pass-and-play on the page: the hand-over screen and a claim put to the other people.

The table decides (whist.table.together): while its view has a ``handover``, every hand is out
of the view and the dialog ``#handover`` covers the table with an opaque backdrop, until the
person named says they hold the device; a view's ``claim_ask`` is put to the person holding it in
``#claim-ask``. Neither can be closed with Escape: the table waits for the answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from whist.web.parts import Binder, Writer

if TYPE_CHECKING:
    from whist.table import Table
    from whist.table.view import TableView
    from whist.web.screen import Screen


class HandOverHost(Writer, Binder, Protocol):
    @property
    def table(self) -> Table: ...

    @property
    def busy(self) -> bool: ...

    @property
    def screen(self) -> Screen: ...

    def open_dialog(self, name: str) -> None: ...

    def after_action(self, sound: str | None = None) -> None: ...

    def put_table(self, table: Table, *, fresh: bool = True, save: bool = True, resume: bool = False) -> None: ...

    def undo(self) -> None: ...


class HandOverScreen:
    def __init__(self, page: HandOverHost) -> None:
        self.page = page

    def start(self) -> None:
        p = self.page
        p.on(p.el("handover-take"), "click", self.take)
        p.on(p.el("handover-undo"), "click", lambda evt: p.undo())
        for name in ("handover", "claim-ask"):
            p.on(p.el(name), "cancel", lambda evt: evt.preventDefault())
        p.on(p.el("claim-ask"), "close", self.on_claim_close)

    def render(self, view: TableView) -> None:
        p = self.page
        over = view.handover
        dialog = p.el("handover")
        if over is not None:
            # The hand goes at once (a card just shown draws the rest of the table before the
            # hand: whist.web.screen.Screen.show_card), never behind the screen.
            p.screen.render_hand(view)
            p.set_text("handover-title", over.title)
            p.set_text("handover-text", over.text)
            p.set_text("handover-take", over.button)
            p.el("handover-undo").hidden = not view.can_undo
            if not dialog.open:
                p.set_text("announce", "")  # nothing said for the last person stays for the next one
                p.open_dialog("handover")
        elif dialog.open:
            dialog.close()
        ask = view.claim_ask
        asking = p.el("claim-ask")
        if ask is not None:
            p.set_text("claim-ask-text", ask.text)
            p.set_text("claim-ask-yes", ask.agree)
            p.set_text("claim-ask-no", ask.refuse)
            if not asking.open:
                asking.returnValue = ""
                p.open_dialog("claim-ask")
        elif asking.open:
            asking.close()

    def take(self, evt: Any = None) -> None:
        p = self.page
        if p.table.take_over():  # the seats turn to the new holder's: everything drawn anew
            p.el("handover").close()
            p.put_table(p.table)

    def on_claim_close(self, evt: Any) -> None:
        p = self.page
        value = str(p.el("claim-ask").returnValue)
        if value not in ("agree", "play-on"):
            return
        result = p.table.answer_claim(value == "agree")
        p.say(result.reason)
        p.after_action()
