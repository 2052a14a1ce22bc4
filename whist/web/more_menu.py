"""The toolbar's More button: where the toolbar is too narrow for every button (phones, tablets
upright, phones on their side: ``static/whist.css``), the Score sheet, Stats, Settings and How
to play buttons are shown in a list under it instead of in the row.

The list is a disclosure (a button with ``aria-expanded`` and the buttons it shows), not an ARIA
menu: its items are the toolbar's own buttons, with their own handlers, reached by Tab. It closes
when an item is chosen, on Escape (the focus back on More), on a press outside it and when the
focus leaves it. On a wide screen the CSS shows the same buttons in the row and hides More.
"""

from __future__ import annotations

from typing import Any, Protocol

from whist.web.parts import Binder, Elements

BUTTON = "more-btn"
LIST = "more-list"


class Host(Elements, Binder, Protocol):
    """The element lookup and the event binder: all the menu needs of the page."""


class MoreMenu:
    def __init__(self, page: Host) -> None:
        self.page = page

    def start(self) -> None:
        page = self.page
        page.on(page.el(BUTTON), "click", self.on_button)
        items = page.el(LIST)
        page.on(items, "pointerdown", self.on_item_press)
        page.on(items, "click", self.on_item)
        page.on(items, "keydown", self.on_key)
        page.on(page.el(BUTTON), "keydown", self.on_key)
        page.on(items, "focusout", self.on_focusout)
        page.on(page.doc, "pointerdown", self.on_press)

    @property
    def is_open(self) -> bool:
        return self.page.el(BUTTON).getAttribute("aria-expanded") == "true"

    def open(self) -> None:
        self.page.el(BUTTON).setAttribute("aria-expanded", "true")
        self.page.el(LIST).dataset.open = "1"

    def close(self, focus: bool = False) -> None:
        if not self.is_open:
            return
        self.page.el(BUTTON).setAttribute("aria-expanded", "false")
        self.page.el(LIST).removeAttribute("data-open")
        if focus:
            self.page.el(BUTTON).focus()

    def on_button(self, evt: Any) -> None:
        if self.is_open:
            self.close()
            return
        self.open()
        if str(evt.detail) == "0":  # opened by a key (Enter, Space): the focus to its first item
            first = self.page.el(LIST).querySelector("button")
            if first:
                first.focus()

    def on_item_press(self, evt: Any) -> None:
        # A tap does not always focus the button it lands on: focused, the item is what the dialog
        # it opens gives the focus back to, and so to More once the list is closed (whist.web.dialogs).
        item = evt.target.closest("button")
        if item:
            item.focus()

    def on_item(self, evt: Any) -> None:
        # After the item's own handler (bound on it, so it ran first): the list has done its work.
        if evt.target.closest("button"):
            self.close()

    def on_key(self, evt: Any) -> None:
        if str(evt.key) == "Escape" and self.is_open:
            self.close(focus=True)
            evt.preventDefault()
            evt.stopPropagation()

    def on_focusout(self, evt: Any) -> None:
        going = evt.relatedTarget
        if going and not self.page.el(LIST).contains(going) and going != self.page.el(BUTTON):
            self.close()

    def on_press(self, evt: Any) -> None:
        target = evt.target
        if self.is_open and not self.page.el(LIST).contains(target) and not self.page.el(BUTTON).contains(target):
            self.close()
