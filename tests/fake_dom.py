"""A small stand-in for the browser's document, enough for the web modules that take the document
they write to (whist/web/parts.py, whist/web/pacing.py, whist/web/dialogs.py) to run under CPython."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any


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
        self.children: list[Element] = []
        self.parent: Element | None = None
        self.dataset = SimpleNamespace()
        self.focused = 0

    @property
    def childElementCount(self) -> int:
        return len(self.children)

    @property
    def firstElementChild(self) -> Element | None:
        return self.children[0] if self.children else None

    def appendChild(self, child: Element) -> None:
        child.parent = self
        self.children.append(child)

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    def focus(self) -> None:
        self.focused += 1
        self.doc.activeElement = self

    def showModal(self) -> None:
        self.open = True

    def close(self) -> None:
        self.open = False


class Document:
    """Elements by id, made on first look-up; ``dialog[open]`` is the only selector it knows."""

    def __init__(self) -> None:
        self.body = Element(self, "", "body")
        self.activeElement: Any = self.body
        self.elements: dict[str, Element] = {}

    def getElementById(self, id_: str) -> Element:
        if id_ not in self.elements:
            self.elements[id_] = Element(self, id_)
        return self.elements[id_]

    def createElement(self, tag: str) -> Element:
        return Element(self, "", tag)

    def querySelector(self, selector: str) -> Element | None:
        assert selector == "dialog[open]", selector
        return next((e for e in self.elements.values() if e.open), None)
