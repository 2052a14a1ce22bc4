"""The browser side of what the page keeps: localStorage, the saved game, the stats panel.

- :class:`LocalStorage` is the codec's storage (:mod:`whist.web.storage`) over
  ``window.localStorage``; the browser's refusals (``SecurityError`` when storage
  is disabled, ``QuotaExceededError`` when it is full) become the codec's errors.
- :class:`Keeper` loads everything at start-up (never raising: a damaged record
  is told once in the notice and the live region, and the game starts), restores
  the game in progress into the page's table before the first render, saves the
  game after every action (``Page.state_listeners``) and the settings on every
  change (``Page.settings_listeners``), counts a finished game in the stats once
  (by its id, re-reading the stats first), follows other tabs through the
  ``storage`` event, and runs the stats panel: Reset (asks first), Export (a JSON
  download from a Blob URL) and Import (a file, checked by the same codec).

A ``?pace=`` in the URL changes the speed for this visit only: it is not saved
over the player's own speed unless the player picks another one.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_once_callable, to_js

from whist.state import GameState
from whist.table import Table
from whist.web import statsview
from whist.web.settings import Settings
from whist.web.storage import (
    GAME_KEY,
    RECENT_GAMES,
    SETTINGS_KEY,
    STATS_KEY,
    MemoryStorage,
    Saved,
    Storage,
    StorageError,
    StorageFull,
    count_game,
    encode,
    encode_game,
    encode_settings,
    export_text,
    import_text,
    read_stats,
    reset_stats,
    write,
    write_text,
)

if TYPE_CHECKING:
    from whist.web.page import Page

MAX_IMPORT_BYTES = 2_000_000


def warn(what: str, err: BaseException | None = None) -> None:
    """Details for developers go to the console as a warning, never as an error."""
    detail = "" if err is None else "\n" + "".join(traceback.format_exception(err))
    js.console.warn(f"whist: {what}{detail}")


def _storage_error(err: BaseException) -> StorageError:
    text = f"{getattr(err, 'name', '')} {err}"
    return StorageFull(text) if "quota" in text.lower() else StorageError(text)


class LocalStorage:
    """``window.localStorage`` as a :class:`whist.web.storage.Storage`."""

    def get(self, key: str) -> str | None:
        try:
            value = js.window.localStorage.getItem(key)
        except Exception as err:
            raise _storage_error(err) from None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            js.window.localStorage.setItem(key, value)
        except Exception as err:
            raise _storage_error(err) from None

    def remove(self, key: str) -> None:
        try:
            js.window.localStorage.removeItem(key)
        except Exception as err:
            raise _storage_error(err) from None


def new_game_id(seed: int) -> str:
    """The id a finished game is counted by: its deal number and when it started."""
    return f"{seed}-{int(time.time() * 1000):x}"


class Keeper:
    """Everything the page keeps on this device, for one page."""

    def __init__(self, storage: Storage, saved: Saved) -> None:
        self.storage = storage
        self.saved = saved
        self.stored_settings = saved.settings
        self.stats = saved.stats
        self.overrides: dict[str, Any] = {}
        self.page: Page | None = None
        self.game_id = ""
        self._state: GameState | None = None
        self._last_game = ""
        self._counted: set[str] = set()
        self._told: set[str] = set()
        self.restored = False

    @classmethod
    def load(cls) -> Keeper:
        """Read what this device keeps. Never raises: with storage disabled the game
        plays on a storage in memory, and the notice says so."""
        try:
            storage: Storage = LocalStorage()
            saved = Saved.load(storage)
        except Exception as err:  # a bug here must not stop the game
            warn("could not read the saved data", err)
            saved = Saved(notices=["Your saved stats, settings and game could not be read, so the game "
                                   "starts fresh."])
        for detail in saved.details:
            warn("saved data set aside: " + detail)
        if saved.blocked:
            storage = MemoryStorage()
        return cls(storage, saved)

    # --- start-up --------------------------------------------------------------------
    def attach(self, page: Page) -> None:
        """Before ``page.start()``: note this visit's URL options (``page.settings`` beside the
        saved ones), restore the saved game if it is the game the page is set to deal (the
        address may ask for another game, or another deal with ``#deal=``), hook into the
        page, show the notice. Never raises."""
        self.page = page
        try:
            stored = self.stored_settings.to_dict()
            self.overrides = {k: v for k, v in page.settings.to_dict().items() if stored.get(k) != v}
            state = self.saved.state
            if state is not None and self.saved.game is not None and self.wanted(page, state):
                self.put_game(state, self.saved.game["redo"], self.saved.game["id"])
                self.restored = bool(state.actions)
            page.state_listeners.append(self.on_state)
            page.settings_listeners.append(self.on_settings)
            self.bind()
        except Exception as err:
            warn("could not restore the saved game", err)
        self.tell(self.saved.notices)

    @staticmethod
    def wanted(page: Page, state: GameState) -> bool:
        """Whether to restore the saved game: always on a plain visit; when the address
        asks for a game or a deal, only if the saved game is that one."""
        try:
            from whist.web.address import parse_address

            start = parse_address(str(js.location.search), str(js.location.hash))
        except Exception:
            return True
        if not start.asked:
            return True  # a plain visit: the game you were playing, whatever game it is
        from whist.web.address import answers

        return answers(start, state)

    def started(self) -> None:
        """After ``page.start()``: save the game as it stands (and count it, if it is over)."""
        if self.restored and self.page is not None:
            self.page.say("Welcome back: your game is restored where you left it.")
        self.guard(self.on_state)

    def guard(self, action: Callable[[], None]) -> None:
        try:
            action()
        except Exception as err:
            warn("could not save", err)

    def put_game(self, state: GameState, redo: list[list[str]], game_id: str) -> None:
        """Make ``state`` the table's game, with its redo list."""
        assert self.page is not None
        table = self.page.table
        if state.rules.name != table.state.rules.name or state.rules.options != table.state.rules.options:
            table = Table.from_record(state.to_record(), table.human)  # an imported game of another kind
            settings = self.page.settings
            table.set_levels(settings.partner_level, settings.opponent_level)
            self.page.table = table
        table.state = state
        table.redo_stack = [list(g) for g in redo]
        table.players = {}
        table.messages = []
        self._state = state
        self.game_id = game_id
        self._last_game = ""

    # --- saving ------------------------------------------------------------------------
    def on_state(self) -> None:
        """After every action on the table: save the game; count it once it is over."""
        assert self.page is not None
        table = self.page.table
        state = table.state
        if state is not self._state:  # a new game
            self._state = state
            self.game_id = new_game_id(state.seed)
        text = encode(encode_game(self.game_id, state, table.redo_stack))
        if text != self._last_game:
            problem = write_text(self.storage, GAME_KEY, text)
            if problem is None:
                self._last_game = text
            self.problem(problem)
        if state.is_over and self.game_id not in self._counted:
            self._counted.add(self.game_id)
            result = statsview.game_result(state, table.human)
            stats, _, problem = count_game(self.storage, state.rules.name, self.game_id, **result)
            self.stats = stats
            self.problem(problem)
            self.render_stats()

    def on_settings(self, settings: Settings) -> None:
        """Save the player's settings (this visit's URL options only if the player changed them)."""
        values = settings.to_dict()
        before = self.stored_settings.to_dict()
        for key, value in self.overrides.items():
            if values.get(key) == value:
                values[key] = before[key]
        self.stored_settings = Settings.from_dict(values)
        self.problem(write(self.storage, SETTINGS_KEY, encode_settings(self.stored_settings)))

    # --- telling the player ----------------------------------------------------------------
    def problem(self, text: str | None) -> None:
        """A problem while playing (storage full): told once per visit."""
        if text and text not in self._told:
            self.tell([text])

    def tell(self, lines: list[str]) -> None:
        """Show ``lines`` in the notice (dismissible) and say them in the live region."""
        lines = [t for t in lines if t not in self._told]
        if not lines or self.page is None:
            return
        self._told.update(lines)
        page = self.page
        box = page.el("notice-list")
        for text in lines:
            item = page.doc.createElement("li")
            item.textContent = text
            box.appendChild(item)
        page.el("notice").hidden = False
        for text in lines:
            page.say(text)

    def close_notice(self) -> None:
        assert self.page is not None
        self.page.el("notice").hidden = True
        self.page.el("notice-list").innerHTML = ""

    # --- other tabs ------------------------------------------------------------------------
    def on_storage(self, evt: Any) -> None:
        """Another tab wrote: take its settings and stats (the game stays this tab's own)."""
        assert self.page is not None
        key = evt.key
        key = None if key is None or not isinstance(key, str) else key
        if key in (None, SETTINGS_KEY):
            self.stored_settings = Saved.load(self.storage, (SETTINGS_KEY,)).settings
            self.page.apply_settings(self.stored_settings.changed(**self.overrides), notify=False)
        if key in (None, STATS_KEY):
            self.stats = read_stats(self.storage)
            self.render_stats()

    # --- the stats panel ------------------------------------------------------------------------
    def bind(self) -> None:
        page = self.page
        assert page is not None
        for id_ in ("stats-btn", "summary-stats", "settings-stats"):
            page.on(page.el(id_), "click", lambda e: self.open_stats())
        page.on(page.el("stats-game"), "change", lambda e: self.render_stats())
        page.on(page.el("stats-reset"), "click", lambda e: self.ask_reset())
        page.on(page.el("stats-reset-no"), "click", lambda e: self.end_reset(False))
        page.on(page.el("stats-reset-yes"), "click", lambda e: self.end_reset(True))
        page.on(page.el("stats-export"), "click", lambda e: self.export())
        page.on(page.el("stats-import"), "click", lambda e: page.el("stats-file").click())
        page.on(page.el("stats-file"), "change", lambda e: self.on_file())
        page.on(page.el("notice-close"), "click", lambda e: self.close_notice())
        page.on(js.window, "storage", self.on_storage)

    def open_stats(self) -> None:
        assert self.page is not None
        self.stats = read_stats(self.storage)
        self.page.el("stats-confirm").hidden = True
        self.page.el("stats-msg").textContent = ""
        self.render_stats(force=True)
        self.page.open_dialog("stats")

    def render_stats(self, force: bool = False) -> None:
        page = self.page
        if page is None or not (force or page.el("stats").open):
            return
        select = page.el("stats-game")
        chosen = str(select.value or "overall")
        if chosen != "overall" and chosen not in self.stats["games"]:
            chosen = "overall"
        select.innerHTML = statsview.options_html(self.stats, chosen)
        select.value = chosen
        counts = statsview.counts_for(self.stats, chosen)
        page.el("stats-tiles").innerHTML = statsview.tiles_html(counts)
        page.el("stats-tiles").dataset.game = chosen

    def message(self, text: str) -> None:
        assert self.page is not None
        self.page.el("stats-msg").textContent = text

    def ask_reset(self) -> None:
        assert self.page is not None
        self.page.el("stats-confirm").hidden = False
        self.page.el("stats-reset-no").focus()

    def end_reset(self, reset: bool) -> None:
        assert self.page is not None
        self.page.el("stats-confirm").hidden = True
        self.page.el("stats-reset").focus()
        if not reset:
            self.message("Your stats are kept.")
            return
        self.stats = reset_stats(read_stats(self.storage))
        problem = write(self.storage, STATS_KEY, self.stats)
        self.render_stats()
        self.message(problem or "Your stats are reset to zero.")

    def current_game(self) -> dict[str, Any]:
        assert self.page is not None
        table = self.page.table
        if table.state is not self._state:
            self.on_state()
        return encode_game(self.game_id, table.state, table.redo_stack)

    def export(self) -> None:
        """Download the stats, the settings and the game in progress as one JSON file."""
        assert self.page is not None
        text = export_text(self.stored_settings, read_stats(self.storage), self.current_game())
        options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
        blob = js.Blob.new(to_js([text]), options)
        url = js.URL.createObjectURL(blob)
        link = self.page.doc.createElement("a")
        link.href = url
        link.download = "whist-" + time.strftime("%Y-%m-%d") + ".json"
        link.hidden = True
        self.page.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 60_000)
        self.message("Exported: your stats, settings and the game in progress, in one file.")

    def on_file(self) -> None:
        assert self.page is not None
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
        page = self.page
        assert page is not None
        got = import_text(text)
        done: list[str] = []
        problems: list[str] = list(got.problems)
        if got.stats is not None:
            recorded = read_stats(self.storage)["recorded"]
            got.stats["recorded"] = list(dict.fromkeys(recorded + got.stats["recorded"]))[-RECENT_GAMES:]
            problem = write(self.storage, STATS_KEY, got.stats)
            if problem:
                problems.append(problem)
            else:
                self.stats = got.stats
                done.append("your stats")
        if got.settings is not None:
            page.apply_settings(got.settings.changed(**self.overrides), notify=False)
            self.stored_settings = got.settings
            self.problem(write(self.storage, SETTINGS_KEY, encode_settings(got.settings)))
            done.append("your settings")
        if got.game is not None and got.state is not None:
            page.cancel_flow()
            self.put_game(got.state, got.game["redo"], got.game["id"])
            page.el("error").hidden = True
            page.after_jump()
            self.on_state()
            done.append("the game in progress")
        self.render_stats()
        text = ("Imported " + _and(done) + "." if done else "Nothing was imported.")
        if problems:
            text += " Not imported: " + "; ".join(problems) + "."
        self.message(text)
        page.say(text)


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
