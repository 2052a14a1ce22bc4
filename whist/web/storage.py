"""What the page keeps on this device: settings, stats and the game in progress.

Each record lives under its own key (two tabs: the last writer wins per
record, and one tab's settings never overwrite another's stats) as JSON
``{"v": VERSION, ...}``. Reading never raises: whatever is damaged is reported
once in plain words (``Saved.notices``), every valid field is kept, and the raw
text of a record that could not be read in full is set aside under
``<key>:damaged`` (a record from a newer version of the game under
``<key>:newer``) so that nothing is lost. Writing reports a full or disabled
storage as a message instead of raising.

The format of each record is :mod:`whist.table.records`, the rules of the stats
:mod:`whist.table.stats`; this module keeps them. It does not import the browser: the page hands it an object with
``get``/``set``/``remove`` over ``localStorage`` (:mod:`whist.web.persist`),
the tests a :class:`MemoryStorage`.

>>> store = MemoryStorage()
>>> saved = Saved.load(store)
>>> saved.notices, saved.settings.speed
([], 'normal')
>>> store.set(SETTINGS_KEY, '{"v": 1, "speed": "warp", "sound": false}')
>>> saved = Saved.load(store)
>>> saved.settings.speed, saved.settings.sound, len(saved.notices)
('normal', False, 1)
>>> Saved.load(store).notices   # the damaged field was corrected in storage: told once
[]
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field, fields
from typing import Any, Protocol

from whist.table import Table
from whist.table import records as _records
from whist.table.records import (
    MAX_TEXT,
    VERSION,
    Imported,
    decode_game,
    encode,
    migrate,
    out_of_bounds,
    parse_record,
    word_list,
)
from whist.table.records import encode_game as encode_game  # the saved records' tests name it here
from whist.table.stats import (
    correction_blocks,
    decode_stats,
    empty_stats,
    record_duplicate,
    record_hands,
    record_result,
)
from whist.web.settings import DEFAULTS, LATER, Settings

SETTINGS_KEY = "whist:settings"
STATS_KEY = "whist:stats"
GAME_KEY = "whist:game"
KEYS = (SETTINGS_KEY, STATS_KEY, GAME_KEY)
WHAT = {SETTINGS_KEY: "settings", STATS_KEY: "stats", GAME_KEY: "game"}

STORAGE_BLOCKED = ("This browser is not letting the game save anything on this device (private browsing "
                   "or blocked storage). You can play, but your stats, settings and game will be gone "
                   "when you close the page.")
STORAGE_FULL = "The browser's storage for this site is full, so your latest progress could not be saved."
STORAGE_REFUSED = "The browser would not let the game save on this device, so your latest progress was not kept."


class StorageError(Exception):
    """The device would not store or read data (storage disabled or blocked)."""


class StorageFull(StorageError):
    """The storage quota is used up (QuotaExceededError)."""


def storage_error(err: BaseException) -> StorageError:
    """The codec's error for a refusal of the browser's storage: :class:`StorageFull` for a
    ``QuotaExceededError`` (by its name or message), else :class:`StorageError` (``SecurityError``...)."""
    text = f"{getattr(err, 'name', '')} {err}"
    return StorageFull(text) if "quota" in text.lower() else StorageError(text)


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A storage in memory: the fake for tests, and the fallback when the
    browser's storage is disabled (the game plays, nothing outlives the tab)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)



# --- settings -----------------------------------------------------------------
# One source of truth: the fields, defaults and allowed values of whist.web.settings.

def decode_settings(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a version-1 record: every valid field kept, the rest defaulted;
    also the names of the fields that were there but could not be used."""
    settings = Settings.from_dict(data)
    bad = [SETTING_NAMES.get(f.name, f.name) for f in fields(Settings) if f.name in data
           and (type(data[f.name]) is not type(getattr(settings, f.name)) or data[f.name] != getattr(settings, f.name))]
    return settings, bad


SETTING_NAMES = {"speed": "speed of play", "trick_pause": "how long a trick stays",
                 "auto_play": "play my only legal card", "partner_level": "partner's strength",
                 "opponent_level": "opponents' strength", "sound": "sound",
                 "claims": "let the computers claim", "guided": "the guided first hand", "coach": "the coach",
                 "four_colour": "four-colour deck", "large_cards": "large cards"}
"""The settings as the Settings dialog names them, for the notices."""


def encode_settings(settings: Settings) -> dict[str, Any]:
    return {k: v for k, v in settings.to_dict().items() if k not in LATER or v != getattr(DEFAULTS, k)}



def first_visit(saved: Saved) -> bool:
    """Whether this device has never played here: no game kept, no hand counted, nothing damaged
    or blocked, and the guided first hand not offered yet (a bad flag reads as not offered).

    >>> first_visit(Saved()), first_visit(Saved(settings=Settings(guided=True)))
    (True, False)
    >>> store = MemoryStorage({SETTINGS_KEY: '{"v": 1, "guided": "yes"}'})
    >>> first_visit(Saved.load(store)), first_visit(Saved(stats=decode_stats({"overall": {"hands_played": 2}})[0]))
    (False, False)
    """
    counts = saved.stats["overall"]
    return not (saved.settings.guided or saved.game is not None or counts["played"] or counts["hands_played"]
                or saved.stats.get("open") or saved.notices or saved.blocked)


# --- reading and writing --------------------------------------------------------

@dataclass
class Saved:
    """Everything read from the device at start-up, and what could not be kept."""

    settings: Settings = DEFAULTS
    stats: dict[str, Any] = field(default_factory=empty_stats)
    game: dict[str, Any] | None = None
    """``{"id", "record", "redo"}`` of the game in progress (or finished, still on the screen)."""
    table: Table | None = None
    """The game's table, loaded from its record and redo list."""
    notices: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)
    """The technical reasons behind the notices, for the console (never shown in the page)."""
    blocked: bool = False
    """The browser refused to read: nothing can be kept (play on with a MemoryStorage)."""
    unkept: dict[str, str] = field(default_factory=dict)
    """The raw text of each record that could not be used nor copied aside (a full storage),
    by key: left in place, the page holds its writes to that key until the player says so."""

    @classmethod
    def load(cls, storage: Storage, keys: tuple[str, ...] = KEYS) -> Saved:
        """Read every record. Never raises; problems become ``notices``, damaged records
        are set aside and their valid parts written back, so each problem is told once."""
        saved = cls()
        for key in keys:
            try:
                raw = storage.get(key)
            except Exception:  # SecurityError: play on without storage
                saved.blocked = True
                saved.notices = [STORAGE_BLOCKED]
                return saved
            if raw is not None:
                try:
                    saved._read(storage, key, raw)
                except Exception:  # a bug must never stop the game: start this part fresh
                    saved.notices.append(f"Your saved {WHAT[key]} could not be read, so {_fresh(key)}.")
        return saved

    def _read(self, storage: Storage, key: str, raw: str) -> None:
        what = WHAT[key]
        data = parse_record(raw)
        if isinstance(data, str):
            self.details.append(f"{key}: {data}")
            kept = self._set_aside(storage, key, raw, ":damaged")
            self.notices.append(f"Your saved {what} could not be read ({data}), so {_fresh(key)}."
                                + (" " + _copy_words(kept, key) if key != SETTINGS_KEY or not kept else ""))
            return
        if data["v"] > VERSION:
            kept = self._set_aside(storage, key, raw, ":newer")
            self.notices.append(f"Your saved {what} come from a newer version of this game that this page "
                                "cannot read; " + (f"they are kept aside untouched, and {_fresh(key)}." if kept else
                                                   f"{_fresh(key)}. " + _copy_words(kept, key)))
            return
        data = migrate(data)
        if key == SETTINGS_KEY:
            self.settings, bad = decode_settings(data)
            if bad:
                write(storage, key, encode_settings(self.settings))
                self.notices.append(f"Some saved settings could not be read ({word_list(bad)}): those are back "
                                    "to normal, the rest are kept.")
        elif key == STATS_KEY:
            self.stats, bad = decode_stats(data)
            if bad:
                self.details.append(f"{key}: corrected {', '.join(dict.fromkeys(bad))}")
                what = f"Some of your saved stats ({word_list(correction_blocks(bad), 3)}) were damaged"
                if not set_aside(storage, key, raw):  # no copy: the record stays until the player says so
                    self.unkept[key] = raw
                    self.notices.append(f"{what}: they are corrected for this visit. " + _copy_words(False, key))
                elif (problem := write(storage, key, self.stats)) is not None:
                    self.notices.append(f"{what}: they are corrected for this visit only, as the corrected "
                                        f"stats could not be saved. {problem} A copy of the old data is kept "
                                        "aside on this device.")
                else:
                    self.notices.append(f"{what} and have been corrected; the rest are kept. A copy of the "
                                        "old data is kept aside on this device.")
        else:
            self.game, self.table, bad = decode_game(data)
            if self.game is None:
                self.details.append(f"{key}: {bad[0]}")
                kept = self._set_aside(storage, key, raw, ":damaged")
                self.notices.append("The game you were playing could not be restored because its saved record "
                                    "is damaged, so a new game starts. " + _copy_words(kept, key))
            elif bad:
                write(storage, key, self.game)
                self.notices.append("Your game is restored, but the moves you could redo were damaged and "
                                    "are dropped.")

    def _set_aside(self, storage: Storage, key: str, raw: str, suffix: str) -> bool:
        """Move a record that cannot be used to ``key + suffix``; if the copy cannot be made, the
        record stays under its key, held (``unkept``): the page writes nothing there until the
        player has been told and says so."""
        if _move(storage, key, raw, suffix):
            return True
        self.unkept[key] = raw
        return False


def _copy_words(kept: bool, key: str) -> str:
    """What became of a record that could not be used: the truth, whether its copy was made or not."""
    if kept:
        return "A copy of the old data is kept aside on this device."
    return (f"There is no room on this device for a copy of the old data, so it stays as it is until you "
            f"press OK; then {_held(key)}. To keep it, download it first.")


def _held(key: str) -> str:
    return {SETTINGS_KEY: "your settings are saved in its place", STATS_KEY: "your stats are saved in its place",
            GAME_KEY: "your new game is saved in its place"}[key]


def _fresh(key: str) -> str:
    return {SETTINGS_KEY: "the game uses its standard settings", STATS_KEY: "your stats start again from zero",
            GAME_KEY: "a new game starts"}[key]


ASIDE_SLOTS = 5
"""How many copies of a key's records that could not be used are kept aside: ``<key>:damaged``,
then ``<key>:damaged-2`` ... ``<key>:damaged-5`` (and the same for ``:newer``)."""


def aside_keys(key: str, suffix: str = ":damaged") -> list[str]:
    """Where the copies of ``key``'s records that could not be used are kept, first to last.

    >>> aside_keys("whist:stats")[:3]
    ['whist:stats:damaged', 'whist:stats:damaged-2', 'whist:stats:damaged-3']
    """
    return [key + suffix] + [f"{key}{suffix}-{n}" for n in range(2, ASIDE_SLOTS + 1)]


def aside(storage: Storage, key: str, raw: str, suffix: str = ":damaged") -> str | None:
    """Keep a copy of ``raw`` beside ``key``, in the first free slot of :func:`aside_keys`, never
    over a copy kept before (a copy of the same text kept already is enough); the slot, or None if
    it could not be kept (the storage is full, or every slot is taken)."""
    for slot in aside_keys(key, suffix):
        try:
            kept = storage.get(slot)
            if kept == raw:
                return slot
            if kept is None:
                storage.set(slot, raw)
                return slot
        except Exception:
            return None  # the copy is a courtesy: a full storage must not stop the game
    return None


def set_aside(storage: Storage, key: str, raw: str, suffix: str = ":damaged") -> bool:
    """Keep a copy of a record that could not be read in full, for the player to recover (:func:`aside`).
    False if it could not be kept: the caller then says so, and the record stays where it is."""
    return aside(storage, key, raw, suffix) is not None


EARLIER = ":earlier"
"""Beside the game's key: a game in progress that a link opened in a new tab dealt over
(``whist:game:earlier``), kept until the player chooses between the two (:func:`earlier_games`)."""


def earlier_games(storage: Storage) -> list[str]:
    """The slots holding a game in progress kept aside for a link (:data:`EARLIER`), first to last."""
    found = []
    for slot in aside_keys(GAME_KEY, EARLIER):
        with contextlib.suppress(Exception):
            if storage.get(slot) is not None:
                found.append(slot)
    return found


def _move(storage: Storage, key: str, raw: str, suffix: str) -> bool:
    """Set a record aside and clear its key, so the problem is reported once; False (and the
    record left where it is) if the copy could not be made."""
    if not set_aside(storage, key, raw, suffix):
        return False
    with contextlib.suppress(Exception):
        storage.remove(key)
    return True


def write(storage: Storage, key: str, payload: dict[str, Any]) -> str | None:
    """Store one record; return None, or a plain-words reason it could not be kept. Stats with no
    hand against Expert are written as before that figure was kept (the same text, old or new)."""
    if key == STATS_KEY and payload.get("duplicate") == []:
        payload = {k: v for k, v in payload.items() if k != "duplicate"}
    return write_text(storage, key, encode(payload))


STORAGE_TOO_BIG = ("Your latest {what} could not be saved: the record came out larger than this game can read "
                   "back, so what was saved before is kept.")


def unreadable(key: str, text: str) -> str | None:
    """Why ``text``, written under ``key``, would be refused when read back (:func:`parse_record`'s
    bounds), or None. The game in progress is measured by its length only: the table bounds its
    record (``whist.table.session.MAX_ACTIONS``), whose nesting its format fixes, and it is saved
    after every play. Settings and stats are few KB, and measured in full."""
    if len(text) > MAX_TEXT:
        return "it is far too large"
    return None if key == GAME_KEY else out_of_bounds(text)


def write_text(storage: Storage, key: str, text: str) -> str | None:
    """Store ``text`` under ``key``; None, or why it was not (nothing is written that the next load
    would refuse: what was stored before stays)."""
    if unreadable(key, text) is not None:
        return STORAGE_TOO_BIG.format(what=WHAT.get(key, "data"))
    try:
        storage.set(key, text)
    except StorageFull:
        return STORAGE_FULL
    except Exception as err:
        name = f"{type(err).__name__} {err}".lower()
        return STORAGE_FULL if "quota" in name or "full" in name else STORAGE_REFUSED
    return None


class StatsRead(dict[str, Any]):
    """The stats as read again while the page is open (a dict, as :func:`empty_stats`), with what a
    damaged record became, for the caller to tell and heed as at start-up (:meth:`Saved.load`):
    ``notices`` (corrected and said, never reset in silence), ``details`` (for the console) and
    ``unkept`` (a record that could be neither used nor copied aside: nothing is written over it
    until the player says so)."""

    def __init__(self, saved: Saved) -> None:
        super().__init__(saved.stats)
        self.notices: list[str] = saved.notices
        self.details: list[str] = saved.details
        self.unkept: dict[str, str] = saved.unkept


def read_stats(storage: Storage) -> StatsRead:
    """The stats as stored now (another tab may have written them since start-up), with what was
    wrong with them (:class:`StatsRead`)."""
    return StatsRead(Saved.load(storage, (STATS_KEY,)))


def write_stats(storage: Storage, stats: StatsRead) -> str | None:
    """Write ``stats`` back (:func:`write`), but not while the record they were read from is held."""
    return None if STATS_KEY in stats.unkept else write(storage, STATS_KEY, stats)


def count_game(storage: Storage, game: str, game_id: str, won: bool, margin: int, hands_played: int,
               hands_won: int, together: bool = False) -> tuple[StatsRead, bool, str | None]:
    """Count a finished game in the stored stats, re-read right before writing so that
    two tabs never count a game twice nor undo each other's counts.
    Returns (the stats, with what was wrong with them: :func:`read_stats`; whether the game was
    counted now; a problem writing them, in plain words, or None)."""
    stats = read_stats(storage)
    if not record_result(stats, game, game_id, won, margin, hands_played, hands_won, together):
        return stats, False, None
    return stats, True, write_stats(storage, stats)


def count_hands(storage: Storage, game: str, game_id: str, hands_played: int,
                hands_won: int) -> tuple[StatsRead, str | None]:
    """Count the hands of a game under way as one ends (:func:`whist.table.stats.record_hands`),
    in the stats re-read right before writing (as :func:`count_game`). Returns the stats (as
    :func:`read_stats`) and a problem in plain words, or None."""
    stats = read_stats(storage)
    if not record_hands(stats, game, game_id, hands_played, hands_won):
        return stats, None
    return stats, write_stats(storage, stats)


def count_duplicate(storage: Storage, difference: int, key: str = "") -> tuple[StatsRead, str | None]:
    """Keep a hand against Expert in the stored stats, re-read right before writing (as
    :func:`count_game`: two tabs count the same hand, by its ``key``, once). Returns the stats (as
    :func:`read_stats`) and a problem in plain words, or None."""
    stats = read_stats(storage)
    record_duplicate(stats, difference, key)
    return stats, write_stats(storage, stats)


def recount(storage: Storage, pending: dict[str, dict[str, Any]]) -> tuple[StatsRead, str | None]:
    """Count again each game of ``pending`` (by id: ``{"game": name, **result}``, the games this
    tab counted) that the stored stats lack: another tab wrote its stats from a read made before
    this tab's count reached it. Those the stored stats hold are forgotten (no stale read can drop
    them any more). Returns the stats (as :func:`read_stats`) and a problem in plain words, or None.

    >>> store = MemoryStorage()
    >>> _ = count_game(store, "classic", "g-1", True, 2, 3, 2)     # this tab counts g-1...
    >>> stale = empty_stats(); _ = record_result(stale, "classic", "g-2", False, 0, 4, 1)
    >>> _ = write(store, STATS_KEY, stale)                          # ...another tab writes over it
    >>> pending = {"g-1": {"game": "classic", "won": True, "margin": 2, "hands_played": 3, "hands_won": 2}}
    >>> stats, _ = recount(store, pending)
    >>> stats["overall"]["played"], stats["recorded"], pending == {}
    (2, ['g-2', 'g-1'], False)
    >>> _ = recount(store, pending); pending
    {}
    """
    stats = read_stats(storage)
    missing = {gid: r for gid, r in pending.items() if gid not in stats["recorded"]}
    for gid in [gid for gid in pending if gid not in missing]:
        del pending[gid]
    if not missing:
        return stats, None
    for gid, r in missing.items():
        record_result(stats, r["game"], gid, r["won"], r["margin"], r["hands_played"], r["hands_won"],
                      r.get("together", False))
    return stats, write_stats(storage, stats)


# --- the game in each tab -----------------------------------------------------------
# Each tab keeps its own game in its sessionStorage too (which a reload keeps and another tab
# cannot see), with the fingerprint of the device's record as this tab last wrote or took it.

SEEN_KEY = "whist:game:seen"
"""In a tab's sessionStorage: the fingerprint of the device's game record this tab last wrote or took."""




# --- export and import ------------------------------------------------------------

def export_text(settings: Settings, stats: dict[str, Any], game: dict[str, Any] | None) -> str:
    """One JSON file with the settings, the stats and the game in progress (:func:`whist.table.records.export_text`)."""
    return _records.export_text(encode_settings(settings), stats, game)


def import_text(text: Any) -> Imported[Settings]:
    """Read an exported file (:func:`whist.table.records.import_text`) with this page's settings."""
    return _records.import_text(text, decode_settings)
