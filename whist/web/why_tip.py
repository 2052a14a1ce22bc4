"""Why a computer played a card: a card of the trick or of the last trick that carries the view's
sentence (``Play.why``, in its ``data-why``) says it when clicked, tapped or pressed (Enter, Space),
in the live region and on the status line (in the last trick's dialog, under its cards); Escape or
the next card clears it. The sentence is the engine's: nothing is worded here."""

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
        for id_ in ("trick", "last-cards"):
            page.on(page.el(id_), "click", self.on_click)
            page.on(page.el(id_), "keydown", self.on_key)
        page.on(page.doc, "keydown", self.on_escape)

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
        if card.closest("#last-cards"):
            page.set_text("last-why", text)
            return
        page.set_status(text, "why")
        self.shown = text

    def on_escape(self, evt: Any) -> None:
        page = self.page
        if str(evt.key) == "Escape" and self.shown and page.el("status").textContent == self.shown:
            self.restore()
        self.shown = ""
