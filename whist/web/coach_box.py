"""The coach on the page (``page.coach``): with the setting on, each card of yours is judged in the
worker (:func:`whist.web.thinker.coach`, from the observation just before it) while play goes on;
a costly card's sentence shows in ``#coach`` (with Undo), unless the position moved on meanwhile.
It goes on your next card, a new hand, an undo; with no worker there is no coach."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from whist.web.parts import Binder, Writer
from whist.web.slow import needs_thinker

if TYPE_CHECKING:
    from whist.table import Choice, Table
    from whist.web.settings import Settings
    from whist.web.thinking import Thinker


class CoachHost(Writer, Binder, Protocol):
    """What the coach needs of the page: the writer, the binder, the table and the settings, the
    analyst, the flow's generation (a late answer is dropped), the state listeners and Undo."""

    @property
    def table(self) -> Table: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def analyst(self) -> Thinker: ...

    @property
    def generation(self) -> int: ...

    @property
    def state_listeners(self) -> list[Callable[[], None]]: ...

    def undo(self) -> None: ...


class CoachBox:
    def __init__(self, page: CoachHost) -> None:
        self.page = page
        self.asked = 0  # your cards judged so far: a late answer about an earlier card is dropped
        self.about: tuple[int, int] | None = None  # (generation, hand number) of the message on show
        self.pending: tuple[int, int, int, Choice, str] | None = None  # a card to ask about, and where
        self.asking = False  # one question in the worker at a time: a quick player's cards never pile up there
        self.told = False  # that the coach cannot judge (its worker did not start): said once

    def start(self) -> None:
        page = self.page
        page.on(page.el("coach-undo"), "click", lambda evt: page.undo())
        page.on(page.el("coach-close"), "click", lambda evt: self.hide())
        page.state_listeners.append(self.check)
        page.on(page.window, "resize", self.on_resize)  # a phone turned: the gaps beside the trick move

    def on_resize(self, evt: Any) -> None:
        if not self.page.el("coach").hidden:
            self.place()

    def before(self) -> Choice | None:
        """What your next card is judged from (None: the coach is off, or has no worker)."""
        page = self.page
        if not page.settings.coach or page.analyst.failed:
            return None
        return page.table.hint_choice()

    def after(self, choice: Choice | None, card: str) -> None:
        """Your ``card``, played from ``choice``: hide the last message, ask about this card (once
        no slow computer is to play: the workers share the device's cores, or one worker, and the
        computers' cards come first)."""
        self.hide()
        self.asked += 1
        if choice is not None:
            self.pending = (self.asked, self.page.generation, self.page.table.hand_number, choice, card)

    async def ask(self, asked: int, gen: int, hand: int, choice: Choice, card: str) -> None:
        from whist.web import thinker

        page = self.page
        page.body.dataset.coach = "asking"  # while the worker judges (never while a computer thinks there)
        self.asking = True
        try:
            answer = await page.analyst.call("coach", thinker.coach_request(choice, card))
        finally:
            page.body.dataset.coach = ""
            self.asking = False
            self.check()  # the card you played meanwhile, if any
        if answer is None:  # no worker: said once (its boot failed or timed out, maybe cards ago)
            if page.analyst.failed and not self.told and page.settings.coach:
                from whist.table.coaching import NOT_AVAILABLE

                self.told = True
                self.show(NOT_AVAILABLE, undo=False)
            return
        text = json.loads(answer)
        if not text or asked != self.asked or gen != page.generation or not page.settings.coach:
            return
        if page.table.hand_number != hand:
            return
        self.show(str(text))

    def show(self, text: str, undo: bool = True) -> None:
        page = self.page
        page.set_text("coach-text", text)
        page.el("coach-undo").hidden = not undo
        page.el("coach").hidden = False
        self.place()
        self.about = (page.generation, page.table.hand_number)
        page.say(text)

    def place(self) -> None:
        """Just under North's name plate, over North's cards; where that would cover the trick (a
        phone on its side), in the wider of the gaps beside the trick, between it and a side's
        seat, just under the toolbar."""
        page = self.page
        box, style = page.el("coach"), page.el("coach").style
        style.left = style.width = style.transform = ""
        under_bar = page.doc.querySelector(".toolbar").getBoundingClientRect().bottom + 4
        plate = page.doc.querySelector("#seat-N .plate").getBoundingClientRect()
        style.top = f"{max(under_bar, plate.bottom + 4 if plate.height else 0):.0f}px"
        trick = page.el("trick").getBoundingClientRect()
        if box.getBoundingClientRect().bottom <= trick.top:
            return
        style.top = f"{under_bar:.0f}px"
        west, east = page.el("seat-W").getBoundingClientRect(), page.el("seat-E").getBoundingClientRect()
        gaps = [(trick.left - west.right - 12, west.right + 6), (east.left - trick.right - 12, trick.right + 6)]
        width, left = max(gaps)
        style.left, style.width, style.transform = f"{left:.0f}px", f"{width:.0f}px", "none"

    def check(self) -> None:
        """After every action: ask about your card once no slow computer is to play; the message goes
        once the game is no longer where it was (undo, a new hand)."""
        page = self.page
        if self.pending is not None and self.pending[1] != page.generation:
            self.pending = None  # the card was undone before it was asked about
        slow = needs_thinker((page.settings.partner_level, page.settings.opponent_level))
        if self.pending is not None and not self.asking and not (slow and page.table.computer_to_play):
            page.spawn(self.ask(*self.pending))
            self.pending = None
        if self.about is not None and self.about != (self.page.generation, self.page.table.hand_number):
            self.hide()

    def hide(self) -> None:
        self.about = None
        box = self.page.el("coach")
        if not box.hidden:
            box.hidden = True
