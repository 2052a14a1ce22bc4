"""A small stand-in for the browser's document, enough for the web modules that write through the
page's narrow pieces (whist/web/parts.py, pacing.py, dialogs.py, notice.py, stats_panel.py,
earlier.py) to run under CPython.

Every id looked up exists (made on first look-up) unless the document is ``strict``: then only the
ids ``add`` made, and those of the elements put in the document (``after``, ``insertBefore``,
``appendChild``, and the ``id="..."`` in an ``innerHTML`` written), exist; the others are None.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable, Coroutine
from types import SimpleNamespace
from typing import Any

from whist.web.parts import Dom


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run(coroutine)`` in a thread of its own: the test process may already run an event
    loop in this one (Playwright's sync API does, in an end-to-end test run by the same pytest
    worker before), and asyncio.run refuses to start a second there."""
    result: list[Any] = []
    failed: list[BaseException] = []

    def main() -> None:
        try:
            result.append(asyncio.run(coroutine))
        except BaseException as err:  # handed to the caller
            failed.append(err)

    thread = threading.Thread(target=main, name="fake-dom-run")
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return result[0]


class Element:
    def __init__(self, doc: Document, id_: str = "", tag: str = "div") -> None:
        self.doc = doc
        self.id = id_
        self.tag = tag
        self.textContent = ""
        self.className = ""
        self.hidden = False
        self.open = False
        self.isConnected = True
        self.value: Any = ""
        self.children: list[Element] = []
        self.parent: Element | None = None
        self.dataset = SimpleNamespace()
        self.attributes: dict[str, str] = {}
        self.focused = 0
        self.style = SimpleNamespace(left="", width="", transform="", top="")
        self._html = ""

    def getBoundingClientRect(self) -> SimpleNamespace:
        return SimpleNamespace(left=0, right=0, top=0, bottom=0, width=0, height=0)

    @property
    def innerHTML(self) -> str:
        return self._html

    @innerHTML.setter
    def innerHTML(self, html: str) -> None:
        self._html = html
        self.children.clear()
        for id_ in re.findall(r'\bid="([^"]+)"', html):
            self.doc.register(Element(self.doc, id_))

    @property
    def childElementCount(self) -> int:
        return len(self.children)

    @property
    def firstElementChild(self) -> Element | None:
        return self.children[0] if self.children else None

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = value

    def appendChild(self, child: Element) -> None:
        child.parent = self
        self.children.append(child)
        self.doc.register(child)

    def insertBefore(self, child: Element, _before: Element) -> None:
        self.appendChild(child)

    def after(self, other: Element) -> None:
        self.doc.register(other)

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None
        self.doc.elements.pop(self.id, None)

    def focus(self) -> None:
        self.focused += 1
        self.doc.activeElement = self

    @property
    def ownerDocument(self) -> Document:
        return self.doc

    def isSameNode(self, other: object) -> bool:
        return other is self

    def showModal(self) -> None:
        self.open = True

    def close(self) -> None:
        self.open = False


class Document:
    """Elements by id; a window of its own (``defaultView``)."""

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict
        self.body = Element(self, "", "body")
        self.activeElement: Any = self.body
        self.elements: dict[str, Element] = {}
        self.selected: dict[str, Element] = {}
        self.defaultView = SimpleNamespace(name="window")

    def add(self, *ids: str) -> None:
        for id_ in ids:
            self.register(Element(self, id_))

    def register(self, element: Element) -> None:
        if element.id:
            self.elements[element.id] = element

    def getElementById(self, id_: str) -> Any:
        if id_ not in self.elements and not self.strict:
            self.elements[id_] = Element(self, id_)
        return self.elements.get(id_)

    def createElement(self, tag: str) -> Element:
        return Element(self, "", tag)

    def querySelector(self, selector: str) -> Any:
        """An open dialog for ``dialog[open]``; for any other selector, an element of its own."""
        if selector == "dialog[open]":
            return next((e for e in self.elements.values() if e.open), None)
        return self.selected.setdefault(selector, Element(self))


class FakePage(Dom):
    """The page's narrow pieces over a :class:`Document`: the writer (:class:`whist.web.parts.Dom`),
    a binder whose handlers :meth:`fire` calls, the tasks spawned, the files downloaded, the dialogs
    opened, the settings applied, and what was said (``said``)."""

    def __init__(self, doc: Document) -> None:
        super().__init__(doc)
        self.handlers: list[tuple[Any, str, Callable[[Any], None]]] = []
        self.tasks: list[Coroutine[Any, Any, None]] = []
        self.downloads: list[tuple[str, str]] = []
        self.dialogs: list[str] = []
        self.applied: list[Any] = []
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)
        super().say(text)

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        assert target is not None, f"a handler bound to nothing ({event})"
        self.handlers.append((target, event, handler))

    def fire(self, id_: str, event: str = "click") -> None:
        """Call the handlers of ``event`` bound to the element ``id_``."""
        target = self.el(id_)
        found = [h for t, e, h in self.handlers if t is target and e == event]
        assert found, f"no {event} handler on #{id_}"
        for handler in found:
            handler(SimpleNamespace(target=target))

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        self.tasks.append(coro)

    def fail(self, err: BaseException) -> None:
        raise err

    def download(self, text: str, name: str, kind: str = "application/json") -> None:
        self.downloads.append((name, text))

    def open_dialog(self, name: str) -> None:
        self.dialogs.append(name)
        self.el(name).open = True

    def apply_settings(self, settings: Any, notify: bool = True) -> None:
        self.applied.append(settings)
