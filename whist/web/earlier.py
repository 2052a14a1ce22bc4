"""A game in progress dealt over (a link opened in a new tab, a replay): kept aside
(``whist:game:earlier``...) while the page asks which of the two to play on (the notice's
``link-choice`` box), also after a reload, until the player chooses.

No browser module is imported here: it works through the keeper (:class:`EarlierKeeper`), the
page's writer and the notice, so CPython tests it (tests/test_earlier.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from whist.table.records import encode, read_game
from whist.web.notice import Notice
from whist.web.parts import Writer
from whist.web.storage import EARLIER, GAME_KEY, Storage, aside

if TYPE_CHECKING:
    from whist.table import Table

EARLIER_LINK = ("This tab deals what the link asks for. The game you were playing is kept on this device, where you "
                "left it, until you choose; continuing it drops this deal (the link deals it again).")
EARLIER_AGAIN = ("A game you were playing is kept on this device, where you left it, until you choose; continuing it "
                 "drops the game on the table.")
NO_ROOM = ("There is no room on this device to keep the game you were playing beside this one, so that game stays "
           "saved until you press OK; then this one is saved in its place. To keep it, download it first.")
NOT_READ = ("The game you were playing could not be read back, so this deal stays on the table; the old record "
            "stays on this device.")


class EarlierKeeper(Protocol):
    """What the choice needs of the keeper (:class:`whist.web.persist.Keeper`)."""

    @property
    def storage(self) -> Storage: ...

    @property
    def held(self) -> dict[str, str]:
        """The records held (by key): nothing is written over them until the player says so."""


    def tell(self, lines: list[str]) -> None: ...

    def guard(self, action: Callable[[], None]) -> None: ...

    def put_game(self, table: Table, game_id: str) -> None: ...

    def resave(self) -> None: ...

    def current_game(self) -> dict[str, Any]: ...


class EarlierGame:
    def __init__(self, keeper: EarlierKeeper, page: Writer, notice: Notice) -> None:
        self.keeper = keeper
        self.page = page
        self.notice = notice
        #: The slot of the game in progress dealt over, while the player has not chosen between the two.
        self.slot: str | None = None
        self.text = EARLIER_AGAIN

    def keep(self, game: dict[str, Any], why: str) -> bool:
        """Another game is dealt over ``game``, in progress (a link, a replay): keep it aside (a slot
        of ``whist:game:earlier``) for the player to choose between the two, saying ``why``; with no
        room for it, hold the device's game (nothing is written over it until the player has read
        why and pressed OK). False if it could not be kept aside."""
        keeper = self.keeper
        text = encode(game)
        slot = aside(keeper.storage, GAME_KEY, text, EARLIER)
        if slot is not None:
            self.slot, self.text = slot, why
            return True
        keeper.held[GAME_KEY] = text
        keeper.tell([NO_ROOM])
        return False

    def keep_running(self, why: str) -> None:
        """Before a replay deals over the game on the table, in progress (whist.web.review_view): keep
        it aside and ask which to play on."""
        if GAME_KEY in self.keeper.held:
            return  # the device's game is held already: nothing is written over it until OK
        if self.keep(self.keeper.current_game(), why):
            self.keeper.guard(self.show)

    def show(self) -> None:
        """Ask which game to play: the link's, on the table, or the one in progress it dealt over."""
        page = self.page
        box = self.notice.choice_box(
            "link-choice", "You have a game in progress",
            ("link-earlier", "Continue the game I was playing", lambda: self.choose(back=True)),
            ("link-new", "Play this deal", lambda: self.choose(back=False)))
        if box.hidden or page.el("link-choice-text").textContent != self.text:
            page.el("link-choice-text").textContent = self.text
            page.say("You have a game in progress. " + self.text)
        box.hidden = False

    def choose(self, back: bool) -> None:
        """The player's choice: ``back`` to the game kept aside (this deal is dropped), else this deal
        (the game kept aside is dropped)."""
        page, keeper = self.page, self.keeper
        slot, self.slot = self.slot, None
        page.el("link-choice").hidden = True
        if slot is None:
            return
        got = read_game(keeper.storage.get(slot)) if back else None
        if back and got is None:
            keeper.tell([NOT_READ])
            return
        with contextlib.suppress(Exception):
            keeper.storage.remove(slot)
        if got is None:
            page.say("You play the linked deal; the other game is dropped.")
            return
        game, table = got
        keeper.put_game(table, game["id"])
        keeper.resave()
        page.say("Your game is back on the table, where you left it.")
