"""A game in progress dealt over under CPython (whist/web/earlier.py): kept aside in a slot of its
own, the page asks which to play; back to it puts it on the table, the other choice drops it; with
no room, the device's game is held and the player told."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.fake_dom import Document, FakePage
from whist.table import Table
from whist.table.records import encode, encode_game
from whist.web.earlier import EARLIER_AGAIN, EARLIER_LINK, NO_ROOM, NOT_READ, EarlierGame
from whist.web.notice import Notice
from whist.web.storage import GAME_KEY, MemoryStorage, earlier_games


class Keeper:
    """A keeper as the choice sees it (whist.web.earlier.EarlierKeeper)."""

    def __init__(self) -> None:
        self.storage = MemoryStorage()
        self.held: dict[str, str] = {}
        self.told: list[str] = []
        self.put: list[tuple[Table, str]] = []
        self.saved = 0
        self.table = Table(seed=5)

    def tell(self, lines: list[str]) -> None:
        self.told += lines

    def guard(self, action: Callable[[], None]) -> None:
        action()

    def put_game(self, table: Table, game_id: str) -> None:
        self.put.append((table, game_id))

    def resave(self) -> None:
        self.saved += 1

    def current_game(self) -> dict[str, Any]:
        return encode_game("g-running", self.table)


def _earlier() -> tuple[FakePage, Keeper, EarlierGame]:
    doc = Document(strict=True)
    doc.add("notice", "announce")
    page, keeper = FakePage(doc), Keeper()
    return page, keeper, EarlierGame(keeper, page, Notice(page, lambda: False, lambda: None, lambda: None))


def test_a_game_kept_aside_is_offered_and_put_back() -> None:
    page, keeper, earlier = _earlier()
    game = encode_game("g-7", Table(seed=7))
    assert earlier.keep(game, EARLIER_LINK)
    assert earlier.slot in earlier_games(keeper.storage) and earlier.text == EARLIER_LINK
    earlier.show()
    assert not page.el("link-choice").hidden and page.el("link-choice-text").textContent == EARLIER_LINK
    assert page.said == ["You have a game in progress. " + EARLIER_LINK]
    earlier.show()  # shown again (a reload): not said twice
    assert len(page.said) == 1
    page.fire("link-earlier")
    assert page.el("link-choice").hidden and earlier.slot is None
    assert [game_id for _, game_id in keeper.put] == ["g-7"] and keeper.saved == 1
    assert not earlier_games(keeper.storage)  # the slot is free again
    assert page.said[-1] == "Your game is back on the table, where you left it."


def test_playing_the_new_deal_drops_the_game_kept_aside() -> None:
    page, keeper, earlier = _earlier()
    earlier.keep_running(EARLIER_AGAIN)  # a replay over the game on the table
    assert earlier.slot is not None and not page.el("link-choice").hidden
    page.fire("link-new")
    assert not earlier_games(keeper.storage) and not keeper.put
    assert page.said[-1] == "You play the linked deal; the other game is dropped."


def test_a_game_that_cannot_be_read_back_stays_on_the_device() -> None:
    page, keeper, earlier = _earlier()
    assert earlier.keep(encode_game("g-7", Table(seed=7)), EARLIER_LINK)
    slot = earlier.slot
    assert slot is not None
    keeper.storage.set(slot, "{damaged")
    earlier.show()
    page.fire("link-earlier")
    assert keeper.told == [NOT_READ] and not keeper.put and keeper.storage.get(slot) == "{damaged"


def test_with_no_room_the_devices_game_is_held() -> None:
    _, keeper, earlier = _earlier()
    game = encode_game("g-7", Table(seed=7))

    def full(key: str, value: str) -> None:
        from whist.web.storage import StorageFull

        raise StorageFull("quota")

    keeper.storage.set = full  # type: ignore[method-assign]
    assert not earlier.keep(game, EARLIER_LINK)
    assert keeper.held == {GAME_KEY: encode(game)} and keeper.told == [NO_ROOM] and earlier.slot is None
    earlier.keep_running(EARLIER_AGAIN)  # held already: nothing more is written or told
    assert keeper.told == [NO_ROOM]
