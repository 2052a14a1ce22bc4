"""A live table between devices, loaded on first use: the page starts without
:mod:`whist.web.live_view` and the connections (:mod:`whist.web.rtc`), which come in
``whist-later.tgz`` (:mod:`whist.web.later`) the first time a table's people play from their own
devices (its host's page) or an invitation is opened (a guest's page)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whist.web import later
from whist.web.parts import run_guarded

if TYPE_CHECKING:
    from whist.web.live_view import LiveBox, LiveHostPage


class LazyLive:
    """The page's :class:`whist.web.live_view.LiveBox`, fetched and made on first use; each call
    waits for it (a second call meanwhile comes after the first)."""

    def __init__(self, page: LiveHostPage) -> None:
        self.page = page
        self.box: LiveBox | None = None
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

    def call(self, name: str, *args: Any) -> None:
        if self.box is not None:
            getattr(self.box, name)(*args)
            return
        run_guarded(self._load_and_call(name, args), self.page.fail)  # (beside the page's flow: kept)

    async def _load_and_call(self, name: str, args: tuple[Any, ...]) -> None:
        if self.box is None:
            try:
                await later.need()
            except later.NotLoaded as err:
                self.page.say(str(err))
                self.page.set_status(str(err), "refuse")
                return
            if self.box is None:
                from whist.web.live_view import LiveBox

                self.box = LiveBox(self.page)
                self.box.start()
        getattr(self.box, name)(*args)
