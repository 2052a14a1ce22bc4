"""Club rules on the page: a card of yours (or your dummy's) that would be a revoke is asked about
once before it is played, in the dialog ``#revoke-ask``, with the question the table words
(:attr:`whist.table.view.HandCard.revoke`); "Do not ask again" there, or the setting "Ask before
I play a revoke", stops the asking. The rules (what a revoke is, what it costs) are the engine's:
this module only asks, and plays the card if the player says so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from whist.web.parts import Binder, Writer

if TYPE_CHECKING:
    from whist.table import Table
    from whist.web.settings import Settings


class RevokeHost(Writer, Binder, Protocol):
    """What the question needs of the page: the writer, the binder, the table, the settings (and
    applying them), its dialogs, and playing a card."""

    @property
    def table(self) -> Table: ...

    @property
    def settings(self) -> Settings: ...

    def apply_settings(self, settings: Settings, notify: bool = True) -> None: ...

    def open_dialog(self, name: str) -> None: ...

    def play(self, card: str) -> None: ...


class RevokeAsk:
    def __init__(self, page: RevokeHost) -> None:
        self.page = page
        self.card: str | None = None  # the card asked about, while the dialog is open

    def start(self) -> None:
        self.page.on(self.page.el("revoke-ask"), "close", self.on_close)

    def play(self, card: str) -> None:
        """Play ``card``, or first ask whether to, if it would be a revoke and the player wants asking."""
        page = self.page
        mine = page.table.view().card(card)
        if mine is None or not mine.revoke or not page.settings.ask_revoke:
            page.play(card)
            return
        self.card = card
        page.set_text("revoke-ask-text", mine.revoke)
        page.el("revoke-ask-stop").checked = False
        page.el("revoke-ask").returnValue = ""
        page.open_dialog("revoke-ask")

    def on_close(self, evt: Any) -> None:
        page = self.page
        card, self.card = self.card, None
        if page.el("revoke-ask-stop").checked and page.settings.ask_revoke:
            page.apply_settings(page.settings.changed(ask_revoke=False))
        if card is None or page.el("revoke-ask").returnValue != "play":
            page.say("Your card stays in your hand.")
            return
        mine = page.table.view().card(card)
        if mine is not None and mine.revoke:  # still yours to play, and still a revoke
            page.play(card)
