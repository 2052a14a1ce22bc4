"""The stats panel (``#stats``): your counts by game and overall, your tricks against Expert's, and
Reset (asks first), Export (a JSON download) and Import (a file, checked by the storage codec).

The panel reads and writes through the :class:`whist.web.persist.Keeper` (a :class:`StatsKeeper`:
the storage, the records held, the notice) and the page's narrow pieces (:class:`PanelHost`). No
browser module is imported here, so CPython tests it (tests/test_stats_panel.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from whist.table.records import MAX_TEXT, import_summary
from whist.table.stats import RECENT_GAMES, reset_stats
from whist.web import statsview
from whist.web.settings import Settings
from whist.web.storage import (
    SETTINGS_KEY,
    STATS_KEY,
    StatsRead,
    Storage,
    encode_settings,
    export_text,
    import_text,
    read_stats,
    write,
)

if TYPE_CHECKING:
    from whist.table import Table

MAX_IMPORT_BYTES = MAX_TEXT
"""An exported file is ASCII: its bytes are its characters, bounded like a stored record."""


class PanelHost(Protocol):
    """What the panel needs of the page: the element lookup, the binder, the announcer, a dialog
    opened, a task, a download and the settings applied."""

    def el(self, id_: str) -> Any: ...

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None: ...

    def say(self, text: str) -> None: ...

    def open_dialog(self, name: str) -> None: ...

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...

    def download(self, text: str, name: str, kind: str = "application/json") -> None: ...

    def apply_settings(self, settings: Settings, notify: bool = True) -> None: ...


class StatsKeeper(Protocol):
    """What the panel needs of the keeper (:class:`whist.web.persist.Keeper`)."""

    @property
    def storage(self) -> Storage: ...

    @property
    def held(self) -> dict[str, str]:
        """The records held (by key): nothing is written over them until the player says so."""

    stats: dict[str, Any]
    stored_settings: Settings
    overrides: dict[str, Any]

    def take(self, saved: StatsRead) -> dict[str, Any]: ...

    def problem(self, text: str | None) -> None: ...

    def put_game(self, table: Table, game_id: str) -> None: ...

    def on_state(self) -> None: ...

    def current_game(self) -> dict[str, Any]: ...


class StatsPanel:
    def __init__(self, page: PanelHost, keeper: StatsKeeper) -> None:
        self.page = page
        self.keeper = keeper

    def bind(self) -> None:
        page = self.page
        for id_ in ("stats-btn", "summary-stats", "settings-stats"):
            page.on(page.el(id_), "click", lambda e: self.open())
        page.on(page.el("stats-game"), "change", lambda e: self.render())
        page.on(page.el("stats-reset"), "click", lambda e: self.ask_reset())
        page.on(page.el("stats-reset-no"), "click", lambda e: self.end_reset(False))
        page.on(page.el("stats-reset-yes"), "click", lambda e: self.end_reset(True))
        page.on(page.el("stats-export"), "click", lambda e: self.export())
        page.on(page.el("stats-import"), "click", lambda e: page.el("stats-file").click())
        page.on(page.el("stats-file"), "change", lambda e: self.on_file())

    def open(self) -> None:
        keeper = self.keeper
        keeper.stats = keeper.take(read_stats(keeper.storage))
        self.page.el("stats-confirm").hidden = True
        self.page.el("stats-msg").textContent = ""
        self.render(force=True)
        self.page.open_dialog("stats")

    def render(self, force: bool = False) -> None:
        """Draw the panel from the keeper's stats, if it is open (``force``: about to open)."""
        page, stats = self.page, self.keeper.stats
        if not (force or page.el("stats").open):
            return
        select = page.el("stats-game")
        chosen = str(select.value or "overall")
        if chosen != "overall" and chosen not in stats["games"]:
            chosen = "overall"
        select.innerHTML = statsview.options_html(stats, chosen)
        select.value = chosen
        counts = statsview.counts_for(stats, chosen)
        page.el("stats-tiles").innerHTML = statsview.tiles_html(counts)
        page.el("stats-tiles").dataset.game = chosen
        page.el("stats-duplicate").innerHTML = statsview.duplicate_html(stats) + statsview.together_html(stats)

    def message(self, text: str) -> None:
        self.page.el("stats-msg").textContent = text

    def ask_reset(self) -> None:
        self.page.el("stats-confirm").hidden = False
        self.page.el("stats-reset-no").focus()

    def end_reset(self, reset: bool) -> None:
        keeper = self.keeper
        self.page.el("stats-confirm").hidden = True
        self.page.el("stats-reset").focus()
        if not reset:
            self.message("Your stats are kept.")
            return
        current = keeper.take(read_stats(keeper.storage))
        if STATS_KEY in keeper.held:
            self.message("Your stats are not reset: first read the notice about your saved stats, and press OK.")
            return
        keeper.stats = reset_stats(current)
        problem = write(keeper.storage, STATS_KEY, keeper.stats)
        self.render()
        self.message(problem or "Your stats are reset to zero.")

    def export(self) -> None:
        """Download the stats, the settings and the game in progress as one JSON file."""
        keeper = self.keeper
        text = export_text(keeper.stored_settings, keeper.take(read_stats(keeper.storage)), keeper.current_game())
        self.page.download(text, "whist-" + time.strftime("%Y-%m-%d") + ".json")
        self.message("Exported: your stats, settings and the game in progress, in one file.")

    def on_file(self) -> None:
        field = self.page.el("stats-file")
        files = field.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        field.value = ""
        if file.size > MAX_IMPORT_BYTES:
            self.message("That file is too big to be a file exported by this game: nothing was imported.")
            return
        self.page.spawn(self.import_file(file))

    async def import_file(self, file: Any) -> None:
        text = await file.text()
        self.apply_import(str(text))

    def apply_import(self, text: str) -> None:
        """Use every valid part of an exported file; say what was imported and what was not."""
        page, keeper = self.page, self.keeper
        got = import_text(text)
        done: list[str] = []
        problems: list[str] = list(got.problems)
        unsaved: str | None = None
        if got.stats is not None:
            recorded = keeper.take(read_stats(keeper.storage))["recorded"]
            got.stats["recorded"] = list(dict.fromkeys(recorded + got.stats["recorded"]))[-RECENT_GAMES:]
            unsaved = ("Your saved stats must be dealt with first (the notice)." if STATS_KEY in keeper.held
                       else write(keeper.storage, STATS_KEY, got.stats))
            if unsaved is None:
                keeper.stats = got.stats
                done.append("your stats")
        if got.settings is not None:
            page.apply_settings(got.settings.changed(**keeper.overrides), notify=False)
            keeper.stored_settings = got.settings
            keeper.problem(write(keeper.storage, SETTINGS_KEY, encode_settings(got.settings)))
            done.append("your settings")
        if got.game is not None and got.table is not None:
            keeper.put_game(got.table, got.game["id"])
            keeper.on_state()
            done.append("the game in progress")
        self.render()
        text = import_summary(done, problems, got.corrected, unsaved)
        self.message(text)
        page.say(text)
