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

from html import escape
from typing import Any, Protocol

from whist.engine.cards import SUITS
from whist.table.ask import ask
from whist.web.parts import Writer

#: The question each key asks (:data:`whist.table.ask.QUESTIONS`).
QUESTION_KEYS = {"t": "trick", "g": "score", "p": "trump", "v": "voids", "l": "last"}

#: The keys of How to play's Controls tab (and of the ``?`` key's help) that this module answers.
KEYS: tuple[tuple[str, str], ...] = (
    ("S H D C", "Jump to your first spade, heart, diamond or club (your dummy's, on its turn)"),
    ("T", "Say the trick so far: who led, who played what, who wins it so far"),
    ("G", "Say the tricks and the score"),
    ("P", "Say the trump, the contract and who dealt"),
    ("Shift+S", "Say what is still out in spades: what has been played of it, and by whom (Shift+H, Shift+D "
     "and Shift+C: in hearts, diamonds and clubs)"),
    ("V", "Say the suits each player is known to hold none of"),
    ("L", "Say the last trick (and show it)"),
)


def keys_html() -> str:
    """The section of the Controls tab for these keys."""
    def key(text: str) -> str:
        return "+".join(f"<kbd>{escape(k)}</kbd>" for k in text.split("+"))

    rows = "".join(f'<tr><th scope="row">{" ".join(key(k) for k in keys.split(" "))}</th><td>{escape(what)}</td></tr>'
                   for keys, what in KEYS)
    return ('<h3 id="ear-keys">By ear</h3><p>At any moment, without leaving your hand: each answer is said once '
            f'to a screen reader.</p><table class="keys"><tbody>{rows}</tbody></table>')


class EarHost(Writer, Protocol):
    """What the keys need of the page: the writer (its ``say``), the table, the focus along the hand."""

    @property
    def table(self) -> Any: ...

    @property
    def input(self) -> Any: ...


class Ear:
    def __init__(self, page: EarHost) -> None:
        self.page = page

    def help(self) -> None:
        """Add these keys to the Controls tab, after its keyboard's table (once: it is written anew each time)."""
        box = self.page.el("help-controls")
        table = box.querySelector("table.keys")
        if table and not box.querySelector("#ear-keys"):
            table.insertAdjacentHTML("afterend", keys_html())

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
