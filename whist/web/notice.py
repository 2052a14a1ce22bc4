"""The notice above the table (``#notice``): what the page could not keep or use, told once in plain
words (dismissible, and said in the live region), and the boxes that ask the player to choose
between two games (another tab's, or the one a link dealt over: :mod:`whist.web.persist`).

No browser module is imported here: it writes through the page's narrow pieces
(:class:`whist.web.parts.Writer`, :class:`whist.web.parts.Binder`), so CPython tests it
(tests/test_notice.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from whist.web.parts import Binder, Writer

SAVED_TITLE = "Not everything could be kept"
ADDRESS_TITLE = "Not everything in the address could be used"
#: The title when the notice tells of more than one thing.
MIXED_TITLE = "Please note"
CHOICE_BOXES = ("tab-choice", "link-choice")


class NoticeHost(Writer, Binder, Protocol):
    """What the notice needs of the page: the writer and announcer, and the event binder."""


class Notice:
    """The page's notice: ``held`` says whether a record is held (then a button offers it as a
    download: ``download``); ``closed`` is called once the player has pressed OK."""

    def __init__(self, page: NoticeHost, held: Callable[[], bool], download: Callable[[], None],
                 closed: Callable[[], None]) -> None:
        self.page = page
        self.held = held
        self.download = download
        self.closed = closed
        self.told: set[str] = set()  # every line told on this visit: never twice
        self.titles: set[str] = set()  # what the lines on show are about

    def bind(self) -> None:
        self.page.on(self.page.el("notice-close"), "click", lambda e: self.close())

    def tell(self, lines: list[str], title: str = SAVED_TITLE) -> None:
        """Show ``lines`` in the notice (dismissible) and say them in the live region; ``title``
        says what they are about (the saved data, or the address)."""
        lines = [t for t in lines if t not in self.told]
        if not lines:
            return
        self.told.update(lines)
        self.titles.add(title)
        page = self.page
        box = page.el("notice-list")
        for text in lines:
            item = page.doc.createElement("li")
            item.textContent = text
            box.appendChild(item)
        page.el("notice-title").textContent = title if len(self.titles) == 1 else MIXED_TITLE
        if self.held() and not page.el("notice-download"):
            button = page.doc.createElement("button")
            button.type = "button"
            button.id = "notice-download"
            button.className = "btn btn-ghost"
            button.textContent = "Download the old data"
            page.el("notice").insertBefore(button, page.el("notice-close"))
            page.on(button, "click", lambda e: self.download())
        self.show()
        for text in lines:
            page.say(text)

    def show(self) -> None:
        """The notice shows when it has something to tell, and gives way while the player chooses
        between two tabs' games (one box at a time)."""
        page = self.page
        choosing = bool(page.el("tab-choice")) and not page.el("tab-choice").hidden
        page.el("notice").hidden = choosing or page.el("notice-list").childElementCount == 0

    def close(self) -> None:
        """OK: the notice is emptied and hidden; the player has read it (``closed``)."""
        page = self.page
        page.el("notice").hidden = True
        page.el("notice-list").innerHTML = ""
        self.titles.clear()
        if page.el("notice-download"):
            page.el("notice-download").remove()
        self.closed()

    def choice_box(self, name: str, title: str, first: tuple[str, str, Callable[[], None]],
                   second: tuple[str, str, Callable[[], None]]) -> Any:
        """The box ``name`` (one of :data:`CHOICE_BOXES`) that asks the player to choose: made once,
        below the notice, with its title (``name``-title, ``title`` at first), its text
        (``name``-text) and two buttons, each (id, label, what it does). Made hidden."""
        page = self.page
        box = page.el(name)
        if box:
            return box
        box = page.doc.createElement("div")
        box.id = name
        box.className = "notice notice-choice"
        box.setAttribute("role", "region")
        box.setAttribute("aria-labelledby", f"{name}-title")
        (id1, label1, do1), (id2, label2, do2) = first, second
        box.innerHTML = (
            '<svg class="notice-icon" aria-hidden="true"><use href="#i-info"/></svg>'
            f'<div class="notice-body"><h2 id="{name}-title">{title}</h2><p id="{name}-text"></p></div>'
            '<div class="notice-actions">'
            f'<button type="button" class="btn btn-primary" id="{id1}">{label1}</button>'
            f'<button type="button" class="btn btn-ghost" id="{id2}">{label2}</button></div>')
        box.hidden = True
        page.el("notice").after(box)
        page.on(page.el(id1), "click", lambda e: do1())
        page.on(page.el(id2), "click", lambda e: do2())
        return box
