"""A challenge by link, loaded on first use: the page starts without :mod:`whist.web.challenge_view`
and the engine's challenge modules, which come in ``whist-later.tgz`` (:mod:`whist.web.later`)
the first time a link is opened, a hand is sent, or a set of deals is dealt."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from whist.web import later

if TYPE_CHECKING:
    from whist.web.challenge_view import ChallengeBox, ChallengeHost


class LazyChallenges(later.Lazy["ChallengeBox"]):
    """The page's :class:`whist.web.challenge_view.ChallengeBox`, fetched and made on first use."""

    def __init__(self, page: ChallengeHost) -> None:
        super().__init__(page)
        self.listeners: list[Callable[[str], None]] = []

    def start(self) -> None:
        p = self.page
        p.on(p.el("summary-challenge"), "click", lambda evt: self.call("offer_hand"))

    def before_start(self, listener: Callable[[str], None]) -> None:
        """``listener(why)`` is called before a challenge deals over a game in progress."""
        self.listeners.append(listener)
        if self.box is not None:
            self.box.before_start(listener)

    def arrive(self, text: str) -> None:
        self.call("arrive", text)

    def next_deal(self) -> None:
        self.call("next_deal")

    def start_new(self, game: str, options: dict[str, Any], count: int, levels: tuple[str, str]) -> None:
        self.call("start_new", game, options, count, levels)

    def make(self) -> ChallengeBox:
        from whist.web.challenge_view import ChallengeBox

        box = ChallengeBox(self.page)
        box.start()
        for listener in self.listeners:
            box.before_start(listener)
        return box
