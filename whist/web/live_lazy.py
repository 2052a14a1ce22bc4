"""A live table between devices, loaded on first use: the page starts without
:mod:`whist.web.live_view` and the connections (:mod:`whist.web.rtc`), which come in
``whist-later.tgz`` (:mod:`whist.web.later`) the first time a table's people play from their own
devices (its host's page) or an invitation is opened (a guest's page)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from whist.web import later

if TYPE_CHECKING:
    from whist.web.live_view import LiveBox, LiveHostPage


class LazyLive(later.Lazy["LiveBox"]):
    """The page's :class:`whist.web.live_view.LiveBox`, fetched and made on first use, beside the
    page's flow (its connections outlive an undo or a new hand)."""

    kept = True

    def __init__(self, page: LiveHostPage) -> None:
        super().__init__(page)
        self.guest = False  # this page is a guest's at another device's table (an invitation opened)

    def table_put(self) -> None:
        """A table was put on the page: a live one's host connects its guests (any other: none)."""
        if self.box is not None or (self.page.table.live and not self.guest):
            self.call("table_put")

    def join(self, text: str) -> None:
        """An invitation opened on this page: answer it, and play at the host's table."""
        self.guest = True
        self.call("join", text)

    def close(self) -> None:
        """The page closes: its connections end (the other devices are told)."""
        if self.box is not None:
            self.box.close()

    def make(self) -> LiveBox:
        from whist.web.live_view import LiveBox

        box = LiveBox(self.page)
        box.start()
        return box
