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
- Two tabs: each keeps its game in its own ``sessionStorage`` too (a reload keeps it).
  When another tab saves a different game over this tab's, this tab says so and
  offers both (keep this one, or continue the other tab's); until the player
  chooses, it saves its game in its own storage only, also across a reload. A
  game this tab counted that another tab's stats write left out (it read the
  stats before this tab's count reached it) is counted again.
- A record that could be neither read nor copied aside (a full storage) is held:
  nothing is written over it until the player has read the notice (which offers
  it as a download) and pressed OK.

- Each copy of the game on one origin keeps its own keys (:class:`whist.web.sites.SiteStorage`,
  by the site's folder: ``/whist/`` and ``/whist-beta/`` on one ``user.github.io``), and takes a
  copy of what was stored under the shared keys before, once.
- A link opened in a new tab deals what it asks for, and a replay the same deal again; a game in
  progress either deals over is kept aside (``whist:game:earlier``) and the page asks which of the
  two to play on (:meth:`Keeper.show_earlier`), also after a reload, until the player chooses.

A ``?pace=`` in the URL changes the speed for this visit only: it is not saved
over the player's own speed unless the player picks another one.
"""

from __future__ import annotations

import contextlib
import json
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js

from whist.table import Table
from whist.table.records import (
    MAX_TEXT,
    encode,
    encode_game,
    fingerprint,
    game_id_of,
    import_summary,
    read_game,
    tab_start,
)
from whist.table.stats import RECENT_GAMES, counted_hands, new_game_id, reset_stats
from whist.web import statsview
from whist.web.settings import Settings
from whist.web.sites import SiteStorage, site_prefix
from whist.web.storage import (
    EARLIER,
    GAME_KEY,
    SEEN_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    MemoryStorage,
    Saved,
    StatsRead,
    Storage,
    StorageError,
    StorageFull,
    aside,
    count_duplicate,
    count_game,
    earlier_games,
    encode_settings,
    export_text,
    import_text,
    read_stats,
    recount,
    write,
    write_text,
)

if TYPE_CHECKING:
    from whist.web.page import Page

MAX_IMPORT_BYTES = MAX_TEXT
"""An exported file is ASCII: its bytes are its characters, bounded like a stored record."""

SAVED_TITLE = "Not everything could be kept"
EARLIER_LINK = ("This tab deals what the link asks for. The game you were playing is kept on this device, where you "
                "left it, until you choose; continuing it drops this deal (the link deals it again).")
EARLIER_AGAIN = ("A game you were playing is kept on this device, where you left it, until you choose; continuing it "
                 "drops the game on the table.")
ADDRESS_TITLE = "Not everything in the address could be used"


def warn(what: str, err: BaseException | None = None) -> None:
    """Details for developers go to the console as a warning, never as an error."""
    detail = "" if err is None else "\n" + "".join(traceback.format_exception(err))
    js.console.warn(f"whist: {what}{detail}")


def _storage_error(err: BaseException) -> StorageError:
    text = f"{getattr(err, 'name', '')} {err}"
    return StorageFull(text) if "quota" in text.lower() else StorageError(text)


class LocalStorage:
    """``window.localStorage`` (or, with ``area="sessionStorage"``, this tab's own storage) as a
    :class:`whist.web.storage.Storage`."""

    def __init__(self, area: str = "localStorage") -> None:
        self.area = area

    def get(self, key: str) -> str | None:
        try:
            value = getattr(js.window, self.area).getItem(key)
        except Exception as err:
            raise _storage_error(err) from None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            getattr(js.window, self.area).setItem(key, value)
        except Exception as err:
            raise _storage_error(err) from None

    def remove(self, key: str) -> None:
        try:
            getattr(js.window, self.area).removeItem(key)
        except Exception as err:
            raise _storage_error(err) from None


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
        self._game: object | None = None
        """The game (the table's state, by identity) that ``game_id`` names: another one is a new game."""
        self._last_game = ""
        self._counted: set[str] = set()
        self._told: set[str] = set()
        self._titles: set[str] = set()
        self.restored = False
        #: Records that could be neither used nor copied aside (a full storage), by key: nothing is
        #: written over them until the player has read the notice and pressed OK.
        self.held: dict[str, str] = dict(saved.unkept)
        #: This tab's own storage (sessionStorage): its game, which a reload keeps; None if refused.
        self.tab: Storage | None = None
        self._own = ""
        #: The device's game record when another tab saved a different game over this tab's: this
        #: tab then saves its game only in its own storage until the player chooses which to keep.
        self.taken: str | None = None
        self.ask_at_start = False
        #: The games this tab counted, until the stored stats are seen to hold them (another tab
        #: may write its stats from a read made before this tab's count reached it).
        self._pending: dict[str, dict[str, Any]] = {}
        #: The slot (``whist:game:earlier``...) of the game in progress a link dealt over, while the
        #: player has not chosen between the two (:meth:`show_earlier`).
        self.earlier: str | None = None
        self.earlier_text = EARLIER_AGAIN
        self.prefix = ""  # this site's keys' prefix (site_prefix), "" at the root of its origin

    @classmethod
    def load(cls) -> Keeper:
        """Read what this device keeps. Never raises: with storage disabled the game
        plays on a storage in memory, and the notice says so."""
        stored: str | None = None
        prefix = ""
        try:
            prefix = site_prefix(str(js.location.pathname))
            site = SiteStorage(LocalStorage(), prefix)
            site.adopt()  # once: what this origin's shared keys held before each site had its own
            storage: Storage = site
            with contextlib.suppress(Exception):
                stored = storage.get(GAME_KEY)
            saved = Saved.load(storage)
        except Exception as err:  # a bug here must not stop the game
            warn("could not read the saved data", err)
            saved = Saved(notices=["Your saved stats, settings and game could not be read, so the game "
                                   "starts fresh."])
        for detail in saved.details:
            warn("saved data set aside: " + detail)
        if saved.blocked:
            storage = MemoryStorage()
        keeper = cls(storage, saved)
        keeper.prefix = prefix
        if not saved.blocked:
            keeper.own_game(stored)
        return keeper

    def own_game(self, stored: str | None) -> None:
        """This tab's own game after a reload (sessionStorage): restored in place of the device's
        when they differ, and if another tab saved the device's meanwhile, the player is asked."""
        try:
            tab = SiteStorage(LocalStorage("sessionStorage"), self.prefix)
            tab.adopt((GAME_KEY, SEEN_KEY))
            own, seen = tab.get(GAME_KEY), tab.get(SEEN_KEY)
            self.tab = tab
        except Exception:
            return  # no storage of its own: the tab plays on, as before
        choice = tab_start(stored, own, seen)
        if choice == "stored":
            return
        mine = read_game(own)
        if mine is None:
            warn("this tab's own copy of its game could not be read; the device's is used")
            return
        self.saved.game, self.saved.table = mine
        if choice == "ask" and read_game(stored) is not None:
            self.taken = stored
            self.ask_at_start = True

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
            table = self.saved.table
            if table is not None and self.saved.game is not None and self.wanted(table):
                self.put_game(table, self.saved.game["id"])
                self.restored = table.started
            else:
                self.taken = None  # the address asks for another game: this tab deals it
                if table is not None and self.saved.game is not None and table.in_progress:
                    self.keep_earlier(self.saved.game, EARLIER_LINK)  # ...and keeps the game in progress aside
            if self.earlier is None and not self.saved.blocked:
                self.earlier = next(iter(earlier_games(self.storage)), None)  # not chosen before a reload
            page.notify = self.tell_address
            page.state_listeners.append(self.on_state)
            page.settings_listeners.append(self.on_settings)
            self.bind()
        except Exception as err:
            warn("could not restore the saved game", err)
        self.tell(self.saved.notices)

    @staticmethod
    def wanted(table: Table) -> bool:
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

        return answers(start, table)

    def started(self) -> None:
        """After ``page.start()``: save the game as it stands (and count it, if it is over)."""
        if self.restored and self.page is not None:
            self.page.say("Welcome back: your game is restored where you left it.")
        self.guard(self.on_state)
        if self.taken is not None:
            self.guard(self.show_choice)
        elif self.restored and self.page is not None and STATS_KEY not in self.held:
            table, expert = self.page.table, self.page.screen.expert
            self.guard(lambda: expert.resume(table, counted_hands(self.take(read_stats(self.storage)))))
        if self.earlier is not None:
            self.guard(self.show_earlier)
        if self.page is not None:
            self.page.review.keep_game = self.keep_running  # a replay over a game in progress keeps it

    def guard(self, action: Callable[[], None]) -> None:
        try:
            action()
        except Exception as err:
            warn("could not save", err)

    def put_game(self, table: Table, game_id: str) -> None:
        """Put ``table`` (a saved game, loaded) on the page where it stands (``Page.put_table``),
        as the game ``game_id``: not a new game, so neither saved as one nor counted again."""
        assert self.page is not None
        self._game = table.game_token
        self.game_id = game_id
        self._last_game = ""
        self.page.put_table(table, save=False, resume=True)

    # --- saving ------------------------------------------------------------------------
    def on_state(self) -> None:
        """After every action on the table: save the game; count it once it is over."""
        assert self.page is not None
        table = self.page.table
        if table.game_token is not self._game:  # a new game
            self._game = table.game_token
            self.game_id = new_game_id(table.seed, int(time.time() * 1000))
        text = encode(encode_game(self.game_id, table))
        self.keep_own(text)
        if text != self._last_game and self.taken is None and GAME_KEY not in self.held:
            problem = write_text(self.storage, GAME_KEY, text)
            if problem is None:
                self._last_game = text
                self.keep_own(text, seen=text)
            self.problem(problem)
        if table.is_over and self.game_id not in self._counted and STATS_KEY not in self.held:
            self._counted.add(self.game_id)
            result = table.result()
            saved, counted, problem = count_game(self.storage, table.game, self.game_id, **result)
            if counted:
                self._pending[self.game_id] = {"game": table.game, **result}
            self.stats = self.take(saved)
            self.problem(problem)
            self.render_stats()

    def keep_own(self, text: str, seen: str | None = None) -> None:
        """Keep this tab's game in its own storage (and, once written or taken, the fingerprint of
        the device's record). Only a courtesy for a reload: a refusal is not told."""
        if self.tab is None:
            return
        try:
            if text != self._own:
                self.tab.set(GAME_KEY, text)
                self._own = text
            if seen is not None:
                self.tab.set(SEEN_KEY, fingerprint(seen))
        except Exception:
            self._own = ""

    def on_settings(self, settings: Settings) -> None:
        """Save the player's settings (this visit's URL options only if the player changed them)."""
        values = settings.to_dict()
        before = self.stored_settings.to_dict()
        for key, value in self.overrides.items():
            if values.get(key) == value:
                values[key] = before[key]
        self.stored_settings = Settings.from_dict(values)
        if SETTINGS_KEY not in self.held:
            self.problem(write(self.storage, SETTINGS_KEY, encode_settings(self.stored_settings)))

    # --- telling the player ----------------------------------------------------------------
    def take(self, saved: StatsRead) -> dict[str, Any]:
        """The stats just read again (:func:`whist.web.storage.read_stats`, and the counts made on
        them): what was wrong with them is told here, as at start-up, and a record that could be
        neither used nor copied aside is held."""
        for detail in saved.details:
            warn("saved data set aside: " + detail)
        self.held.update(saved.unkept)
        self.tell(saved.notices)
        return saved

    def problem(self, text: str | None) -> None:
        """A problem while playing (storage full): told once per visit."""
        if text and text not in self._told:
            self.tell([text])

    def tell(self, lines: list[str], title: str = SAVED_TITLE) -> None:
        """Show ``lines`` in the notice (dismissible) and say them in the live region; ``title``
        says what they are about (the saved data, or the address)."""
        lines = [t for t in lines if t not in self._told]
        if not lines or self.page is None:
            return
        self._told.update(lines)
        self._titles.add(title)
        page = self.page
        box = page.el("notice-list")
        for text in lines:
            item = page.doc.createElement("li")
            item.textContent = text
            box.appendChild(item)
        page.el("notice-title").textContent = title if len(self._titles) == 1 else "Please note"
        if self.held and not page.el("notice-download"):
            button = page.doc.createElement("button")
            button.type = "button"
            button.id = "notice-download"
            button.className = "btn btn-ghost"
            button.textContent = "Download the old data"
            page.el("notice").insertBefore(button, page.el("notice-close"))
            page.on(button, "click", lambda e: self.download_held())
        self.show_notice()
        for text in lines:
            page.say(text)

    def tell_address(self, lines: list[str]) -> None:
        """What the address asked for that could not be used."""
        self.tell(lines, ADDRESS_TITLE)

    def show_notice(self) -> None:
        """The notice shows when it has something to tell, and gives way while the player chooses
        between two tabs' games (one box at a time)."""
        assert self.page is not None
        page = self.page
        choosing = bool(page.el("tab-choice")) and not page.el("tab-choice").hidden
        page.el("notice").hidden = choosing or page.el("notice-list").childElementCount == 0

    def close_notice(self) -> None:
        assert self.page is not None
        self.page.el("notice").hidden = True
        self.page.el("notice-list").innerHTML = ""
        self._titles.clear()
        if self.page.el("notice-download"):
            self.page.el("notice-download").remove()
        self.release()

    def release(self) -> None:
        """The player has read that a record could not be copied aside (OK): write over it now."""
        held, self.held = self.held, {}
        if SETTINGS_KEY in held:
            self.problem(write(self.storage, SETTINGS_KEY, encode_settings(self.stored_settings)))
        if STATS_KEY in held:
            self.problem(write(self.storage, STATS_KEY, self.stats))
        if held:
            self._last_game = ""
            self.guard(self.on_state)

    def download_held(self) -> None:
        """Download the records that could not be copied aside, as they are stored."""
        records = {key: self.storage.get(key) or raw for key, raw in self.held.items()}
        text = json.dumps({"kind": "whist-old-data", "records": records}, indent=1)
        self.download(text, "whist-old-data-" + time.strftime("%Y-%m-%d") + ".json")

    # --- other tabs ------------------------------------------------------------------------
    def on_storage(self, evt: Any) -> None:
        """Another tab wrote: take its settings and stats (counting again a game of this tab's that
        its write left out); a game it saved over this tab's is offered beside it (show_choice)."""
        assert self.page is not None
        key = evt.key
        if isinstance(key, str):
            key = self.storage.logical(key) if isinstance(self.storage, SiteStorage) else key
            if key is None:
                return  # another site's keys (another copy of the game on this origin), or no key of ours
        else:
            key = None  # the storage was cleared: read everything again
        if key in self.held and evt.newValue != self.held[key]:
            del self.held[key]  # another tab has written over the old data already: nothing to hold
        if key in (None, SETTINGS_KEY):
            self.stored_settings = Saved.load(self.storage, (SETTINGS_KEY,)).settings
            self.page.apply_settings(self.stored_settings.changed(**self.overrides), notify=False)
        if key in (None, STATS_KEY) and STATS_KEY not in self.held:
            saved, problem = recount(self.storage, self._pending)
            self.stats = self.take(saved)
            self.problem(problem)
            self.render_stats()
        if key == GAME_KEY:
            text = evt.newValue
            if isinstance(text, str) and text != self._last_game:
                self.taken = text
                self.show_choice()

    def show_choice(self) -> None:
        """Another tab saved its game over this tab's: say so, and let the player choose which to
        keep. Meanwhile this tab plays on and keeps its game in its own storage only."""
        page = self.page
        assert page is not None
        box = page.el("tab-choice")
        if not box:
            box = page.doc.createElement("div")
            box.id = "tab-choice"
            box.className = "notice notice-choice"
            box.setAttribute("role", "region")
            box.setAttribute("aria-labelledby", "tab-choice-title")
            box.innerHTML = (
                '<svg class="notice-icon" aria-hidden="true"><use href="#i-info"/></svg>'
                '<div class="notice-body"><h2 id="tab-choice-title"></h2><p id="tab-choice-text"></p></div>'
                '<div class="notice-actions">'
                '<button type="button" class="btn btn-primary" id="tab-other">Continue the other tab\'s game</button>'
                '<button type="button" class="btn btn-ghost" id="tab-here">Keep playing this one here</button></div>')
            page.el("notice").after(box)
            page.on(page.el("tab-other"), "click", lambda e: self.choose(other=True))
            page.on(page.el("tab-here"), "click", lambda e: self.choose(other=False))
        same = game_id_of(self.taken) == self.game_id
        title = ("This game was continued in another tab" if same else
                 "Another tab started a different game")
        text = ("Which game do you want to keep? This tab's game is kept in this tab only until you choose; "
                "the other one is saved on this device.")
        changed = page.el("tab-choice-title").textContent != title or box.hidden
        page.el("tab-choice-title").textContent = title
        page.el("tab-choice-text").textContent = text
        box.hidden = False
        self.show_notice()
        if changed:
            page.say(f"{title}. {text}")

    def choose(self, other: bool) -> None:
        """The player's choice between this tab's game and the one another tab saved."""
        page = self.page
        assert page is not None
        self.taken = None
        page.el("tab-choice").hidden = True
        self.show_notice()
        theirs = self.storage.get(GAME_KEY) if other else None
        got = read_game(theirs)
        if other and got is None:
            self.tell(["The other tab's game could not be read, so this tab's game is kept."])
        if got is None or theirs is None:
            self._last_game = ""
            self.on_state()  # this tab's game is the device's again
            page.say("This tab's game is kept and saved on this device.")
            return
        game, table = got
        self.put_game(table, game["id"])
        self._last_game = encode(encode_game(self.game_id, table))
        self.keep_own(self._last_game, seen=theirs)
        self.on_state()
        page.say("You continue the game from the other tab.")

    # --- a link opened in a new tab over a game in progress ------------------------------------
    def keep_earlier(self, game: dict[str, Any], why: str) -> bool:
        """Another game is dealt over ``game``, in progress (a link, a replay): keep it aside (a slot
        of ``whist:game:earlier``) for the player to choose between the two, saying ``why``; with no
        room for it, hold the device's game (nothing is written over it until the player has read
        why and pressed OK). False if it could not be kept aside."""
        text = encode(game)
        slot = aside(self.storage, GAME_KEY, text, EARLIER)
        if slot is not None:
            self.earlier, self.earlier_text = slot, why
            return True
        self.held[GAME_KEY] = text
        self.tell(["There is no room on this device to keep the game you were playing beside this one, so that "
                   "game stays saved until you press OK; then this one is saved in its place. To keep it, "
                   "download it first."])
        return False

    def keep_running(self, why: str) -> None:
        """Before a replay deals over the game on the table, in progress (whist.web.review_view): keep
        it aside and ask which to play on."""
        if GAME_KEY in self.held:
            return  # the device's game is held already: nothing is written over it until OK
        if self.keep_earlier(self.current_game(), why):
            self.guard(self.show_earlier)

    def show_earlier(self) -> None:
        """Ask which game to play: the link's, on the table, or the one in progress it dealt over."""
        page = self.page
        assert page is not None
        box = page.el("link-choice")
        if not box:
            box = page.doc.createElement("div")
            box.id = "link-choice"
            box.className = "notice notice-choice"
            box.setAttribute("role", "region")
            box.setAttribute("aria-labelledby", "link-choice-title")
            box.innerHTML = (
                '<svg class="notice-icon" aria-hidden="true"><use href="#i-info"/></svg>'
                '<div class="notice-body"><h2 id="link-choice-title">You have a game in progress</h2>'
                '<p id="link-choice-text"></p></div><div class="notice-actions">'
                '<button type="button" class="btn btn-primary" id="link-earlier">Continue the game I was playing'
                '</button><button type="button" class="btn btn-ghost" id="link-new">Play this deal</button></div>')
            page.el("notice").after(box)
            page.on(page.el("link-earlier"), "click", lambda e: self.choose_earlier(back=True))
            page.on(page.el("link-new"), "click", lambda e: self.choose_earlier(back=False))
            box.hidden = True
        if box.hidden or page.el("link-choice-text").textContent != self.earlier_text:
            page.el("link-choice-text").textContent = self.earlier_text
            page.say("You have a game in progress. " + self.earlier_text)
        box.hidden = False

    def choose_earlier(self, back: bool) -> None:
        """The player's choice: ``back`` to the game kept aside (this deal is dropped), else this deal
        (the game kept aside is dropped)."""
        page = self.page
        assert page is not None
        slot, self.earlier = self.earlier, None
        page.el("link-choice").hidden = True
        if slot is None:
            return
        got = read_game(self.storage.get(slot)) if back else None
        if back and got is None:
            self.tell(["The game you were playing could not be read back, so this deal stays on the table; the "
                       "old record stays on this device."])
            return
        with contextlib.suppress(Exception):
            self.storage.remove(slot)
        if got is None:
            page.say("You play the linked deal; the other game is dropped.")
            return
        game, table = got
        self.put_game(table, game["id"])
        self._last_game = ""
        self.on_state()
        page.say("Your game is back on the table, where you left it.")

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
        page.screen.expert.counted = self.count_duplicate  # duplicate: the stats keep each replay
        page.screen.expert.game_id = lambda: self.game_id

    def count_duplicate(self, key: str, difference: int) -> None:
        """duplicate: keep a hand's tricks against Expert's, by its key (whist.web.expert_view)."""
        if STATS_KEY not in self.held:
            saved, problem = count_duplicate(self.storage, difference, key)
            self.stats = self.take(saved)
            self.problem(problem)
            self.render_stats()

    def open_stats(self) -> None:
        assert self.page is not None
        self.stats = self.take(read_stats(self.storage))
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
        page.el("stats-duplicate").innerHTML = statsview.duplicate_html(self.stats)  # duplicate

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
        current = self.take(read_stats(self.storage))
        if STATS_KEY in self.held:
            self.message("Your stats are not reset: first read the notice about your saved stats, and press OK.")
            return
        self.stats = reset_stats(current)
        problem = write(self.storage, STATS_KEY, self.stats)
        self.render_stats()
        self.message(problem or "Your stats are reset to zero.")

    def current_game(self) -> dict[str, Any]:
        assert self.page is not None
        table = self.page.table
        if table.game_token is not self._game:
            self.on_state()
        return encode_game(self.game_id, table)

    def export(self) -> None:
        """Download the stats, the settings and the game in progress as one JSON file."""
        assert self.page is not None
        text = export_text(self.stored_settings, self.take(read_stats(self.storage)), self.current_game())
        self.download(text, "whist-" + time.strftime("%Y-%m-%d") + ".json")
        self.message("Exported: your stats, settings and the game in progress, in one file.")

    def download(self, text: str, name: str) -> None:
        """Download ``text`` as the JSON file ``name``."""
        assert self.page is not None
        self.page.download(text, name)

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
        unsaved: str | None = None
        if got.stats is not None:
            recorded = self.take(read_stats(self.storage))["recorded"]
            got.stats["recorded"] = list(dict.fromkeys(recorded + got.stats["recorded"]))[-RECENT_GAMES:]
            unsaved = ("Your saved stats must be dealt with first (the notice)." if STATS_KEY in self.held
                       else write(self.storage, STATS_KEY, got.stats))
            if unsaved is None:
                self.stats = got.stats
                done.append("your stats")
        if got.settings is not None:
            page.apply_settings(got.settings.changed(**self.overrides), notify=False)
            self.stored_settings = got.settings
            self.problem(write(self.storage, SETTINGS_KEY, encode_settings(got.settings)))
            done.append("your settings")
        if got.game is not None and got.table is not None:
            self.put_game(got.table, got.game["id"])
            self.on_state()
            done.append("the game in progress")
        self.render_stats()
        text = import_summary(done, problems, got.corrected, unsaved)
        self.message(text)
        page.say(text)
