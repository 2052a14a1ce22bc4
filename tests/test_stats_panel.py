"""The stats panel under CPython (whist/web/stats_panel.py), on a stand-in document and a keeper
over a storage in memory: opened, it shows the stored stats; Reset asks and resets (never over a
record held); Export and Import carry the stats, the settings and the game in progress."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from tests.fake_dom import Document, FakePage, run
from whist.table import Table
from whist.table.records import encode_game
from whist.web.settings import Settings
from whist.web.stats_panel import MAX_IMPORT_BYTES, StatsPanel
from whist.web.storage import STATS_KEY, MemoryStorage, StatsRead, count_game, read_stats


class Keeper:
    """A keeper as the panel sees it (whist.web.stats_panel.StatsKeeper)."""

    def __init__(self) -> None:
        self.storage = MemoryStorage()
        self.held: dict[str, str] = {}
        self.stats: dict[str, Any] = read_stats(self.storage)
        self.stored_settings = Settings()
        self.overrides: dict[str, Any] = {}
        self.table = Table(seed=3)
        self.problems: list[str | None] = []
        self.put: list[tuple[Table, str]] = []
        self.saved = 0

    def take(self, saved: StatsRead) -> dict[str, Any]:
        return saved

    def problem(self, text: str | None) -> None:
        self.problems.append(text)

    def put_game(self, table: Table, game_id: str) -> None:
        self.put.append((table, game_id))

    def on_state(self) -> None:
        self.saved += 1

    def current_game(self) -> dict[str, Any]:
        return encode_game("g-1", self.table)


def _panel() -> tuple[FakePage, Keeper, StatsPanel]:
    page, keeper = FakePage(Document()), Keeper()
    panel = StatsPanel(page, keeper)
    panel.bind()
    return page, keeper, panel


def _won(keeper: Keeper, game_id: str = "g-0") -> None:
    count_game(keeper.storage, "classic", game_id, won=True, margin=2, hands_played=3, hands_won=2)


def test_opened_the_panel_shows_the_stored_stats() -> None:
    page, keeper, _ = _panel()
    _won(keeper)  # another tab counted a game meanwhile: read again on opening
    page.fire("stats-btn")
    assert page.dialogs == ["stats"] and page.el("stats-confirm").hidden
    assert keeper.stats["overall"] == read_stats(keeper.storage)["overall"]
    assert page.el("stats-tiles").innerHTML and page.el("stats-tiles").dataset.game == "overall"
    assert "classic" in page.el("stats-game").innerHTML


def test_reset_asks_first_and_never_writes_over_a_record_held() -> None:
    page, keeper, _ = _panel()
    _won(keeper)
    kept = read_stats(keeper.storage)
    page.fire("stats-reset")
    assert not page.el("stats-confirm").hidden and page.el("stats-reset-no").focused
    page.fire("stats-reset-no")
    assert page.el("stats-msg").textContent == "Your stats are kept."
    assert read_stats(keeper.storage) == kept
    keeper.held[STATS_KEY] = "{damaged"
    page.fire("stats-reset-yes")
    assert page.el("stats-msg").textContent.startswith("Your stats are not reset")
    before = read_stats(keeper.storage)
    del keeper.held[STATS_KEY]
    page.fire("stats-reset-yes")
    assert page.el("stats-msg").textContent == "Your stats are reset to zero."
    assert read_stats(keeper.storage)["overall"] != before["overall"]
    assert read_stats(keeper.storage)["overall"] == keeper.stats["overall"]


def test_export_and_import_carry_stats_settings_and_the_game() -> None:
    page, keeper, _ = _panel()
    _won(keeper)
    keeper.stored_settings = Settings().changed(speed="fast")
    page.fire("stats-export")
    (name, text), = page.downloads
    assert name.startswith("whist-") and name.endswith(".json")
    other_page, other, panel = _panel()  # another device
    panel.apply_import(text)
    assert read_stats(other.storage)["overall"] == read_stats(keeper.storage)["overall"]
    assert other.stored_settings.speed == "fast" and other_page.applied[0].speed == "fast"
    assert [game_id for _, game_id in other.put] == ["g-1"] and other.saved == 1
    message = other_page.el("stats-msg").textContent
    assert "your stats" in message and "your settings" in message and "the game in progress" in message
    assert other_page.said == [message]


def test_a_file_too_big_is_not_read() -> None:
    page, keeper, _ = _panel()
    field = page.el("stats-file")
    big = SimpleNamespace(size=MAX_IMPORT_BYTES + 1)
    field.files = SimpleNamespace(length=1, item=lambda i: big)
    page.fire("stats-file", "change")
    assert page.el("stats-msg").textContent.startswith("That file is too big") and not page.tasks

    async def text() -> str:
        return "not json"

    field.files = SimpleNamespace(length=1, item=lambda i: SimpleNamespace(size=8, text=text))
    page.fire("stats-file", "change")
    (task,) = page.tasks
    run(task)
    assert page.el("stats-msg").textContent and not keeper.put  # told what was wrong, nothing used
