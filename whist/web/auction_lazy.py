"""Contract Whist's bidding box, made on first use: the other games start without
:mod:`whist.web.auction_box`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from whist.table.view import TableView
    from whist.web.auction_box import AuctionHost


class LazyAuctionBox:
    """The page's :class:`whist.web.auction_box.AuctionBox`, imported and made only once a game
    has an auction (Contract Whist): the other games start without that module."""

    def __init__(self, page: AuctionHost) -> None:
        self.page = page
        self.box: Any = None

    def get(self) -> Any:
        if self.box is None:
            from whist.web.auction_box import AuctionBox

            self.box = AuctionBox(self.page)
        return self.box

    def render(self, view: TableView) -> bool:
        if self.box is None and view.auction is None:
            self.page.body.dataset.game = view.game  # as AuctionBox.render does
            return False
        return bool(self.get().render(view))

    def on_key(self, evt: Any) -> bool:
        return self.box is not None and bool(self.box.on_key(evt))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.get(), name)
