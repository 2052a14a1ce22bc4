"""The browser side of what the page keeps: the saved game, the settings, the stats.

- :class:`Keeper` loads everything at start-up from ``window.localStorage``
  (:mod:`whist.web.local_storage`; never raising: a damaged record is told once in the
  notice, :mod:`whist.web.notice`, and the live region, and the game starts), restores
  the game in progress into the page's table before the first render, saves the
  game after every action (``Page.state_listeners``) and the settings on every
  change (``Page.settings_listeners``), counts a finished game in the stats once
  (by its id, re-reading the stats first) and each hand Expert replayed (a listener of
  :class:`whist.web.expert_view.ExpertView`), follows other tabs through the ``storage``
  event, and keeps the stats panel (:mod:`whist.web.stats_panel`) up to date.
- Two tabs: each keeps its game in its own ``sessionStorage`` too (a reload keeps it).
  When another tab saves a different game over this tab's, this tab says so and
  offers both (keep this one, or continue the other tab's); until the player
  chooses, it saves its game in its own storage only, also across a reload. A
  game this tab counted that another tab's stats write left out (it read the
  stats before this tab's count reached it) is counted again.
- A record that could be neither read nor copied aside (a full storage) is held:
  nothing is written over it until the player has read the notice (which offers
  it as a download) and pressed OK. A guest's table (another device's game) is not kept here.
- Each copy of the game on one origin keeps its own keys (:class:`whist.web.sites.SiteStorage`,
  by the site's folder: ``/whist/`` and ``/whist-beta/`` on one ``user.github.io``), and takes a
  copy of what was stored under the shared keys before, once.
- A link opened in a new tab deals what it asks for, and a replay the same deal again; a game in
  progress either deals over is kept aside (``whist:game:earlier``) and the page asks which of the
  two to play on (:mod:`whist.web.earlier`), also after a reload, until the player chooses.

A ``?pace=`` in the URL changes the speed for this visit only: it is not saved
over the player's own speed unless the player picks another one.
"""

from __future__ import annotations

import contextlib
import json
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import js

from whist.table import Table
from whist.table.records import encode, encode_game, fingerprint, game_id_of, read_game, tab_start
from whist.table.stats import counted_hands, new_game_id
from whist.web.earlier import EARLIER_LINK, EarlierGame
from whist.web.local_storage import LocalStorage
from whist.web.notice import ADDRESS_TITLE, SAVED_TITLE, Notice, NoticeHost
from whist.web.settings import Settings
from whist.web.sites import SiteStorage, site_prefix
from whist.web.stats_panel import PanelHost, StatsPanel
from whist.web.storage import (
    GAME_KEY,
    SEEN_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    MemoryStorage,
    Saved,
    StatsRead,
    Storage,
    count_duplicate,
    count_game,
    count_hands,
    earlier_games,
    encode_settings,
    read_stats,
    recount,
    write,
    write_text,
)

if TYPE_CHECKING:
    from whist.web.challenge_lazy import LazyChallenges
    from whist.web.links import Links
    from whist.web.review_view import ReviewView
    from whist.web.screen import Screen

class KeeperHost(NoticeHost, PanelHost, Protocol):
    """What the keeper needs of the page: what the notice and the stats panel need, the table (and
    a saved one put in its place), the settings, the listeners of its changes, and the views that
    tell of theirs (the address, the review's replays, Expert's replays)."""

    @property
    def table(self) -> Table: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def state_listeners(self) -> list[Callable[[], None]]: ...

    @property
    def settings_listeners(self) -> list[Callable[[Settings], None]]: ...

    @property
    def links(self) -> Links: ...

    @property
    def review(self) -> ReviewView: ...

    @property
    def screen(self) -> Screen: ...

    @property
    def challenges(self) -> LazyChallenges: ...

    def put_table(self, table: Table, *, fresh: bool = True, save: bool = True, resume: bool = False) -> None: ...


def warn(what: str, err: BaseException | None = None) -> None:
    """Details for developers go to the console as a warning, never as an error."""
    detail = "" if err is None else "\n" + "".join(traceback.format_exception(err))
    js.console.warn(f"whist: {what}{detail}")


class Keeper:
    """Everything the page keeps on this device, for one page."""

    def __init__(self, storage: Storage, saved: Saved) -> None:
        self.storage = storage
        self.saved = saved
        self.stored_settings = saved.settings
        self.stats = saved.stats
        self.overrides: dict[str, Any] = {}
        self.page: KeeperHost | None = None
        self.game_id = ""
        self._game: object | None = None
        """The game (the table's state, by identity) that ``game_id`` names: another one is a new game."""
        self._last_game = ""
        self._counted: set[str] = set()
        self.notice: Notice | None = None  # the notice above the table, once attached to a page
        self.panel: StatsPanel | None = None  # the stats panel, once attached to a page
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
        #: A game in progress a link or a replay dealt over, kept aside until the player chooses.
        self.earlier: EarlierGame | None = None
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
    def attach(self, page: KeeperHost) -> None:
        """Before ``page.start()``: note this visit's URL options (``page.settings`` beside the
        saved ones), restore the saved game if it is the game the page is set to deal (the
        address may ask for another game, or another deal with ``#deal=``), hook into the
        page, show the notice. Never raises."""
        self.page = page
        self.notice = Notice(page, lambda: bool(self.held), self.download_held, self.release)
        self.panel = StatsPanel(page, self)
        self.earlier = earlier = EarlierGame(self, page, self.notice)
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
                    earlier.keep(self.saved.game, EARLIER_LINK)  # ...and keeps the game in progress aside
            if earlier.slot is None and not self.saved.blocked:
                earlier.slot = next(iter(earlier_games(self.storage)), None)  # not chosen before a reload
            page.links.listen(self.tell_address)
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
        earlier = self.earlier
        if earlier is not None and earlier.slot is not None:
            self.guard(earlier.show)
        if self.page is not None and earlier is not None:
            self.page.review.before_replay(earlier.keep_running)  # a replay over a game in progress keeps it
            self.page.challenges.before_start(earlier.keep_running)  # ...and so does a challenge

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
        if getattr(table, "guest", False):
            return  # a guest at another device's table: that device keeps the game (this one's own stays)
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
        if table.challenge is not None:
            return  # a challenge's deals are not games of your record
        if not table.is_over and STATS_KEY not in self.held and not table.people:  # (pass-and-play: apart)
            self.count_hands(table)
        if table.is_over and self.game_id not in self._counted and STATS_KEY not in self.held:
            self._counted.add(self.game_id)
            result = table.result()
            saved, counted, problem = count_game(self.storage, table.game, self.game_id, **result)
            if counted:
                self._pending[self.game_id] = {"game": table.game, **result}
            self.stats = self.take(saved)
            self.problem(problem)
            self.render_stats()

    def count_hands(self, table: Any) -> None:
        """A hand of the game under way ended (or was undone): the stats count it now
        (:func:`whist.table.stats.record_hands`), once this tab's stats do not say so already."""
        hands = table.hands_so_far()
        entry = next((o for o in self.stats.get("open", ()) if o["id"] == self.game_id), None)
        had = (entry["hands_played"], entry["hands_won"]) if entry else (0, 0)
        if had == (hands["hands_played"], hands["hands_won"]):
            return
        saved, problem = count_hands(self.storage, table.game, self.game_id, **hands)
        self.stats = self.take(saved)
        self.problem(problem)
        self.render_stats()

    def resave(self) -> None:
        """Save the game on the table, even if the last one saved was the same."""
        self._last_game = ""
        self.on_state()

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
        if text and self.notice is not None and text not in self.notice.told:
            self.tell([text])

    def tell(self, lines: list[str], title: str = SAVED_TITLE) -> None:
        """Show ``lines`` in the notice and say them (:meth:`whist.web.notice.Notice.tell`)."""
        if self.notice is not None:
            self.notice.tell(lines, title)

    def tell_address(self, lines: list[str]) -> None:
        """What the address asked for that could not be used."""
        self.tell(lines, ADDRESS_TITLE)

    def show_notice(self) -> None:
        if self.notice is not None:
            self.notice.show()

    def render_stats(self) -> None:
        if self.panel is not None:
            self.panel.render()

    def release(self) -> None:
        """The player has read that a record could not be copied aside (OK): write over it now."""
        held, self.held = self.held, {}
        if SETTINGS_KEY in held:
            self.problem(write(self.storage, SETTINGS_KEY, encode_settings(self.stored_settings)))
        if STATS_KEY in held:
            self.problem(write(self.storage, STATS_KEY, self.stats))
        if held:
            self.guard(self.resave)

    def download_held(self) -> None:
        """Download the records that could not be copied aside, as they are stored."""
        records = {key: self.storage.get(key) or raw for key, raw in self.held.items()}
        text = json.dumps({"kind": "whist-old-data", "records": records}, indent=1)
        assert self.page is not None
        self.page.download(text, "whist-old-data-" + time.strftime("%Y-%m-%d") + ".json")

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
        assert self.notice is not None
        box = self.notice.choice_box(
            "tab-choice", "", ("tab-other", "Continue the other tab's game", lambda: self.choose(other=True)),
            ("tab-here", "Keep playing this one here", lambda: self.choose(other=False)))
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
            self.resave()  # this tab's game is the device's again
            page.say("This tab's game is kept and saved on this device.")
            return
        game, table = got
        self.put_game(table, game["id"])
        self._last_game = encode(encode_game(self.game_id, table))
        self.keep_own(self._last_game, seen=theirs)
        self.on_state()
        page.say("You continue the game from the other tab.")

    # --- a link opened in a new tab over a game in progress ------------------------------------
    # --- the stats panel, the notice, the replays counted ----------------------------------------
    def bind(self) -> None:
        page = self.page
        assert page is not None and self.panel is not None and self.notice is not None
        self.panel.bind()
        self.notice.bind()
        page.on(js.window, "storage", self.on_storage)
        page.screen.expert.listen(self)  # duplicate: the stats keep each replay, by this game's id

    def count_duplicate(self, key: str, difference: int) -> None:
        """duplicate: keep a hand's tricks against Expert's, by its key (whist.web.expert_view)."""
        if STATS_KEY not in self.held:
            saved, problem = count_duplicate(self.storage, difference, key)
            self.stats = self.take(saved)
            self.problem(problem)
            self.render_stats()

    def current_game(self) -> dict[str, Any]:
        assert self.page is not None
        table = self.page.table
        if table.game_token is not self._game:
            self.on_state()
        return encode_game(self.game_id, table)
