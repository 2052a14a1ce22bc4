"""The narrow pieces of the page the views take, rather than the whole :class:`whist.web.page.Page`:
the element lookup (:class:`Elements`), the writer and announcer (:class:`Writer`), the event
binder (:class:`Binder`), and :class:`Dom`, the writer over a document.

No browser module is imported here: :class:`Dom` takes the document it writes to (the page gives it
``js.document``), so CPython tests it with a document of their own (tests/test_parts.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

#: The live region keeps this many announcements (the oldest go first): enough that a burst at the
#: Instant pace (a trick's cards, its winner, the hand's end and the score, all in one go) is never
#: cut off, since a line taken out before the screen reader has looked is never read.
KEPT_ANNOUNCEMENTS = 24


def focus_on(el: Any) -> None:
    """Give ``el`` the focus unless it has it already: a call of ``focus()`` has the browser work
    out the page's style and layout there and then, even when the focus stays where it was (at the
    instant pace, your hand given back the focus it held after each card was a third of a hand's
    style work)."""
    if not el.isSameNode(el.ownerDocument.activeElement):
        el.focus()


def run_guarded(coro: Coroutine[Any, Any, None], on_error: Callable[[BaseException], None]) -> asyncio.Task[None]:
    """Run ``coro`` as a task; an exception it raises goes to ``on_error``, a cancellation is quiet.

    The task runs ``coro`` itself (not a wrapper that awaits it), so a task cancelled before its
    first step (a new game or a reset at once after a card) still starts it and closes it: Python
    never warns that the coroutine "was never awaited", a warning PyScript shows in the page.
    """

    def done(task: asyncio.Task[None]) -> None:
        if not task.cancelled() and (err := task.exception()) is not None:
            on_error(err)

    task = asyncio.ensure_future(coro)
    task.add_done_callback(done)
    return task


class Elements(Protocol):
    """The element lookup: the document, its window, its body, an element by id."""

    @property
    def doc(self) -> Any: ...

    @property
    def window(self) -> Any: ...

    @property
    def body(self) -> Any: ...

    def el(self, id_: str) -> Any: ...


class Announcer(Protocol):
    """Says a text in the polite live region."""

    def say(self, text: str) -> None: ...


class Writer(Elements, Announcer, Protocol):
    """The element lookup, the writes of a text or the status line, and the announcer."""

    def set_text(self, id_: str, text: str) -> None: ...

    def set_status(self, text: str, kind: str = "") -> None: ...

    def dialog_open(self) -> bool: ...


class Binder(Protocol):
    """Binds guarded handlers (unbound when the page closes), runs guarded tasks, shows a failure."""

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None: ...

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...

    def fail(self, err: BaseException) -> None: ...


class Dom:
    """The page's writes to ``doc``: only what changes is written."""

    def __init__(self, doc: Any) -> None:
        self.doc = doc
        self.window = doc.defaultView
        self.body = doc.body

    def el(self, id_: str) -> Any:
        return self.doc.getElementById(id_)

    def dialog_open(self) -> bool:
        # DOM look-ups give JavaScript's null as a falsy proxy (not None): test them by truth.
        return bool(self.doc.querySelector("dialog[open]"))

    def set_text(self, id_: str, text: str) -> None:
        node = self.el(id_)
        if node.textContent != text:
            node.textContent = text

    def set_status(self, text: str, kind: str = "") -> None:
        """Write the status line (only what changes: one write, its text and pill together)."""
        status = self.el("status")
        if status.textContent != text:
            status.textContent = text
        cls = ("status " + kind).strip()
        if status.className != cls:
            status.className = cls

    def say(self, text: str) -> None:
        """Announce ``text`` in the polite live region."""
        region = self.el("announce")
        p = self.doc.createElement("p")
        p.textContent = text
        region.appendChild(p)
        while region.childElementCount > KEPT_ANNOUNCEMENTS:
            region.firstElementChild.remove()

    def say_all(self, lines: list[str]) -> None:
        for text in lines:
            self.say(text)
