"""The page's address and the game on the table: a ``#deal=`` link opened on the page deals what it
asks for (:meth:`Links.on_change`), and the address drops what it asks for once the game on the
table is another (:meth:`Links.sync`), so that a reload restores the game you are playing.

No browser module is imported here: the address is the page's window's (``location``, ``history``),
so CPython tests it (tests/test_links.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from whist.web.address import StartRequest, answers, parse_address, plain_address

if TYPE_CHECKING:
    from whist.table import Table


class LinkForms(Protocol):
    def open_new_game(self, link: StartRequest | None = None) -> None: ...


class LinkChallenges(Protocol):
    def arrive(self, text: str) -> None: ...


class LinkLive(Protocol):
    def join(self, text: str) -> None: ...


class LinkHost(Protocol):
    """What :class:`Links` needs of the page: its window (the address), the table, the New game
    dialog, a new game, the announcer."""

    @property
    def window(self) -> Any: ...

    @property
    def table(self) -> Table: ...

    @property
    def forms(self) -> LinkForms: ...

    @property
    def challenges(self) -> LinkChallenges: ...

    @property
    def live(self) -> LinkLive: ...

    def new_game(self, game: str | None = None, options: dict[str, Any] | None = None,
                 seed: int | None = None, dealer: Any = None, people: Any = None, levels: Any = None,
                 live: bool = False) -> None: ...

    def say(self, text: str) -> None: ...


class Links:
    def __init__(self, page: LinkHost) -> None:
        self.page = page
        #: Told what the address asked for that could not be used (whist.web.persist: the notice);
        #: with none, the announcer says it.
        self.listeners: list[Callable[[list[str]], None]] = []

    def listen(self, listener: Callable[[list[str]], None]) -> None:
        self.listeners.append(listener)

    def tell(self, problems: list[str]) -> None:
        for listener in self.listeners:
            listener(problems)
        if not self.listeners:
            for text in problems:
                self.page.say(text)

    def answered(self, start: Any) -> bool:
        """Whether the game on the table is the one the address ``start`` asks for."""
        return answers(start, self.page.table, dealer=True)

    def sync(self) -> None:
        """Drop what the address asks for (a game, a deal) when the game on the table is another
        (New game, Play again, a replay, a deal link turned down), so that a reload restores the
        game you are playing (whist.web.persist), not that one."""
        location, history = self.page.window.location, self.page.window.history
        search = str(location.search)
        start = parse_address(search, str(location.hash))
        run = self.page.table.challenge
        other = start.challenge is not None and (run is None or run.link != start.challenge)  # (another challenge's)
        if (start.asked and not self.answered(start)) or other:
            history.replaceState(history.state, "", str(location.pathname) + plain_address(search))

    def on_change(self, evt: Any) -> None:
        """A ``#deal=`` link opened on this page (the address's fragment changed): deal what it
        asks for, at once if no game is in progress, else once you confirm in the New game dialog."""
        page, location = self.page, self.page.window.location
        start = parse_address(str(location.search), str(location.hash))
        self.tell(start.problems)
        if start.challenge is not None:  # a challenge link: the invitation, or both plays compared
            page.challenges.arrive(start.challenge)
            return
        if start.join is not None:  # a live table's invitation
            page.live.join(start.join)
            return
        if not str(location.hash).lstrip("#") or not start.asked:
            return
        if self.answered(start):
            return  # the game on the table already
        if page.table.in_progress:
            page.forms.open_new_game(link=start)
            return
        page.new_game(start.game, start.options, start.seed, start.dealer)
        if start.seed is not None:
            page.say(f"Deal {start.seed}, as the link asks.")
