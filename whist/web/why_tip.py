"""Why a computer played a card: a card of the trick or of the last trick that carries the view's
sentence (``Play.why``, in its ``data-why``) says it when clicked, tapped or pressed (Enter, Space),
in the live region and on the status line (in the last trick's dialog and the review, in its
``.why-out`` under the cards); Escape or the next card clears it. The sentence is the engine's:
nothing is worded here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from whist.web.parts import Binder, Writer


class WhyHost(Writer, Binder, Protocol):
    pass


class WhyTip:
    def __init__(self, page: WhyHost, restore: Callable[[], None]) -> None:
        self.page = page
        self.restore = restore  # the status line as the table has it (the screen's)
        self.shown = ""  # the sentence on the status line, until the status changes

    def install(self) -> None:
        page = self.page
        trick = page.el("trick")  # (before the page's keys: Enter here neither skips nor plays)
        page.on(trick, "click", self.on_click)
        page.on(trick, "keydown", self.on_key)
        doc = page.doc  # the dialogs' cards: the last trick, the review (made later)
        page.on(doc, "click", self.in_dialog(self.on_click))
        page.on(doc, "keydown", self.in_dialog(self.on_key))
        page.on(doc, "keydown", self.on_escape)

    @staticmethod
    def in_dialog(handler: Callable[[Any], None]) -> Callable[[Any], None]:
        def handle(evt: Any) -> None:
            if evt.target.closest("dialog"):
                handler(evt)
        return handle

    def on_click(self, evt: Any) -> None:
        card = evt.target.closest("[data-why]")
        if card:
            self.show(card)

    def on_key(self, evt: Any) -> None:
        card = evt.target.closest("[data-why]")
        if card and str(evt.key) in ("Enter", " "):
            evt.preventDefault()  # (the page's keys leave it: no skip, no card played)
            self.show(card)

    def show(self, card: Any) -> None:
        page = self.page
        text = str(card.getAttribute("data-why"))
        page.say(text)
        dialog = card.closest("dialog")
        if dialog:
            dialog.querySelector(".why-out").textContent = text
            return
        page.set_status(text, "why")
        self.shown = text

    def on_escape(self, evt: Any) -> None:
        page = self.page
        if str(evt.key) == "Escape" and self.shown and page.el("status").textContent == self.shown:
            self.restore()
        self.shown = ""
