"""Play by ear (issue 41): the keys that ask the table, at any moment, without leaving your hand,
and the suit keys that move the focus along it. Fetched on first use (``whist-later.tgz``,
:mod:`whist.web.later`): :class:`whist.web.inputs.Input` hands it the keys below.

- ``S`` ``H`` ``D`` ``C``: the focus to your first card of that suit (your dummy's on its turn);
- ``T`` the trick so far, ``G`` the tricks and the score, ``P`` the trump, the contract and who
  dealt, ``V`` the known voids, ``Shift`` + a suit's key what is still out in that suit, ``L`` the
  last trick (its dialog is the page's; its answer is said here too).

Every answer is the table's own sentence (:func:`whist.table.ask.ask`), said once in the live region.
"""

from __future__ import annotations

from typing import Any, Protocol

from whist.engine.cards import SUITS
from whist.table.ask import ask
from whist.web.parts import Writer

#: The question each key asks (:data:`whist.table.ask.QUESTIONS`).
QUESTION_KEYS = {"t": "trick", "g": "score", "p": "trump", "v": "voids", "l": "last"}


class EarHost(Writer, Protocol):
    """What the keys need of the page: the writer (its ``say``), the table, the focus along the hand."""

    @property
    def table(self) -> Any: ...

    @property
    def input(self) -> Any: ...


class Ear:
    def __init__(self, page: EarHost) -> None:
        self.page = page

    def key(self, key: str) -> None:
        """``key``: a lower-case letter, or an upper-case S, H, D or C for Shift and that suit's key."""
        page = self.page
        if key in QUESTION_KEYS:
            if key == "l" and page.table.previous_trick() is None:
                return  # the last trick's key has said so already
            page.say(ask(page.table, QUESTION_KEYS[key]))
        elif key in SUITS:
            page.say(ask(page.table, "suit", SUITS.index(key)))
        elif key.upper() in SUITS:
            self.jump(key.upper())

    def jump(self, suit: str) -> None:
        """The focus to the first card of ``suit`` of the hand you play now (your dummy's on its
        turn); a hand without one says so, in the table's words."""
        page = self.page
        view = page.table.view()
        dummy = view.dummy
        box = "dummy-hand" if dummy is not None and dummy.yours and view.to_play == dummy.seat else "hand"
        buttons = [b for b in page.el(box).querySelectorAll("button.card")
                   if str(b.getAttribute("data-card")).endswith(suit)]
        if not buttons:
            if page.el(box).querySelector("button.card"):
                page.say(ask(page.table, "suit", SUITS.index(suit)).split(". ")[0] + ".")
            return
        card = str(buttons[0].getAttribute("data-card"))
        if box == "hand":
            page.input.set_focus_card(card)
        else:
            buttons[0].focus()
