"""What the page keeps on this device: settings, stats and the game in progress.

Each record lives under its own key (two tabs: the last writer wins per
record, and one tab's settings never overwrite another's stats) as JSON
``{"v": VERSION, ...}``. Reading never raises: whatever is damaged is reported
once in plain words (``Saved.notices``), every valid field is kept, and the raw
text of a record that could not be read in full is set aside under
``<key>:damaged`` (a record from a newer version of the game under
``<key>:newer``) so that nothing is lost. Writing reports a full or disabled
storage as a message instead of raising.

The module does not import the browser: the page hands it an object with
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
import json
import math
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Protocol

from whist.engine.jsontext import json_problem
from whist.table import SavedGameError, Table, catalog
from whist.web.address import DEAL_DIGITS, deal_number_ok
from whist.web.settings import DEFAULTS, LATER, Settings

VERSION = 1
SETTINGS_KEY = "whist:settings"
STATS_KEY = "whist:stats"
GAME_KEY = "whist:game"
KEYS = (SETTINGS_KEY, STATS_KEY, GAME_KEY)
WHAT = {SETTINGS_KEY: "settings", STATS_KEY: "stats", GAME_KEY: "game"}
RECENT_GAMES = 64
"""How many finished games' ids are remembered, so that none is counted twice."""
DUPLICATE_HANDS = 50  # duplicate: the hands against Expert the stats keep
EXPORT_KIND = "whist-export"

STAT_COUNTS = ("played", "won", "streak", "best_streak", "hands_played", "hands_won", "best_margin")
STAT_CAP = 10**9
GAME_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
GAME_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
HAND_KEY = re.compile(r"[A-Za-z0-9_.:-]{1,64}/[0-9]{1,4}")
"""A hand against Expert as the stats know it: its game's id and its number (:func:`hand_key`)."""

STORAGE_BLOCKED = ("This browser is not letting the game save anything on this device (private browsing "
                   "or blocked storage). You can play, but your stats, settings and game will be gone "
                   "when you close the page.")
STORAGE_FULL = "The browser's storage for this site is full, so your latest progress could not be saved."
STORAGE_REFUSED = "The browser would not let the game save on this device, so your latest progress was not kept."


class StorageError(Exception):
    """The device would not store or read data (storage disabled or blocked)."""


class StorageFull(StorageError):
    """The storage quota is used up (QuotaExceededError)."""


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


def _words(names: list[str], most: int = 5) -> str:
    names = list(dict.fromkeys(n.replace("_", " ") for n in names))
    shown = names[:most] + ([f"{len(names) - most} more"] if len(names) > most else [])
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


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
                 "claims": "let the computers claim", "guided": "the guided first hand", "coach": "the coach"}
"""The settings as the Settings dialog names them, for the notices."""


def encode_settings(settings: Settings) -> dict[str, Any]:
    return {k: v for k, v in settings.to_dict().items() if k not in LATER or v != getattr(DEFAULTS, k)}


# --- stats --------------------------------------------------------------------

def empty_counts() -> dict[str, int]:
    return dict.fromkeys(STAT_COUNTS, 0)


def empty_stats() -> dict[str, Any]:
    """``overall`` counts every game; ``games`` per game (by the rules' name); ``recorded``
    the ids of the last finished games counted; ``duplicate`` your tricks minus Expert's
    with the same cards, a hand replayed, oldest first (the last ``DUPLICATE_HANDS``).

    Once a hand is counted with its key (:func:`hand_key`), the stats also hold
    ``duplicate_keys``: the key of each of ``duplicate``'s hands, "" for a hand counted
    before the keys were kept (stats stored before have no such list, and are read the same)."""
    return {"overall": empty_counts(), "games": {}, "recorded": [], "duplicate": []}


def _count(value: Any) -> int | None:
    """A count as stored: a whole number from 0 up (a float like 3.0 is accepted)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and 0 <= value < STAT_CAP:
        return value
    return None


def decode_counts(data: Any) -> tuple[dict[str, int], list[str]]:
    """One block of counts, made consistent: nothing negative, no more wins than games,
    no streak longer than the wins, no more hands won than played, no winning margin
    without a win. Returns the counts and the names of those that had to be corrected."""
    out = empty_counts()
    if not isinstance(data, dict):
        return out, ["all counts"]
    bad: list[str] = []
    for key in STAT_COUNTS:
        if key in data:
            n = _count(data[key])
            if n is None:
                bad.append(key)
            else:
                out[key] = n
    for key, bound in (("won", "played"), ("best_streak", "won"), ("streak", "best_streak"),
                       ("hands_won", "hands_played")):
        if out[key] > out[bound]:
            out[key] = out[bound]
            bad.append(key)
    if out["best_margin"] and not out["won"]:
        out["best_margin"] = 0
        bad.append("best_margin")
    return out, bad


COUNT_NAMES = {"played": "games played", "won": "games won", "streak": "current streak",
               "best_streak": "best streak", "hands_played": "hands played", "hands_won": "hands won",
               "best_margin": "best winning margin", "all counts": "every count"}


def _blocks(bad: list[str]) -> list[str]:
    """Which stats the corrections were in: "games played (all games)" -> "all games"."""
    return [m.group(1) if (m := re.search(r"\((.*)\)$", b)) else b for b in bad]


UNKNOWN_GAMES = "games this page does not know"
"""What the notices call the stats of games outside the catalogue (:mod:`whist.table.catalog`)."""
SUMMED = ("played", "won", "hands_played", "hands_won")
"""The counts of all games together that are at least the sum of each game's."""


def decode_stats(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The stats of a version-1 record, made consistent, and the names of what had to be corrected.
    Only the games of the catalogue are kept (so the stats stay a few KB, whatever a file held: a
    name the page does not know is left out, and named); the counts of all games together are at
    least the sum of each game's, and their best margin at least each game's."""
    stats = empty_stats()
    bad: list[str] = []
    if "overall" in data:
        stats["overall"], wrong = decode_counts(data["overall"])
        bad += [f"{COUNT_NAMES.get(w, w)} (all games)" for w in wrong]
    games = data.get("games", {})
    if not isinstance(games, dict):
        bad.append("the games")
        games = {}
    for name, counts in games.items():
        if not GAME_NAME.fullmatch(name):
            bad.append("a game's name")
            continue
        if catalog.game(name) is None:
            bad.append(UNKNOWN_GAMES)
            continue
        stats["games"][name], wrong = decode_counts(counts)
        bad += [f"{COUNT_NAMES.get(w, w)} ({catalog.title(name)})" for w in wrong]
    overall, each = stats["overall"], list(stats["games"].values())
    for key in (*SUMMED, "best_margin"):
        most = sum(c[key] for c in each) if key in SUMMED else max((c[key] for c in each), default=0)
        least = min(STAT_CAP - 1, most)
        if overall[key] < least:
            overall[key] = least
            bad.append(f"{COUNT_NAMES[key]} (all games)")
    recorded = data.get("recorded", [])
    if isinstance(recorded, list):
        kept = [r for r in recorded if isinstance(r, str) and GAME_ID.fullmatch(r)]
        if len(kept) != len(recorded):
            bad.append("the list of games counted")
        stats["recorded"] = list(dict.fromkeys(kept))[-RECENT_GAMES:]
    else:
        bad.append("the list of games counted")
    # duplicate: stats kept before it have none; a value that is not a hand's difference is dropped
    duplicate = data.get("duplicate", [])
    hands = [int(d) for d in duplicate if _difference(d)] if isinstance(duplicate, list) else []
    if not isinstance(duplicate, list) or len(hands) != len(duplicate):
        bad.append("your hands against Expert")
    stats["duplicate"] = hands[-DUPLICATE_HANDS:]
    keys = data.get("duplicate_keys")
    if keys is not None:
        if _hand_keys(keys, len(duplicate) if len(hands) == len(duplicate) else -1):
            if any(keys):
                stats["duplicate_keys"] = keys[-DUPLICATE_HANDS:]
        elif "your hands against Expert" not in bad:
            bad.append("your hands against Expert")
    return stats, bad


def _hand_keys(keys: Any, hands: int) -> bool:
    """Whether ``keys`` can be the keys of ``hands`` hands against Expert: one each, "" or a
    :data:`HAND_KEY`, no key twice."""
    if not isinstance(keys, list) or len(keys) != hands:
        return False
    named = [k for k in keys if k != ""]
    return all(isinstance(k, str) and HAND_KEY.fullmatch(k) for k in named) and len(set(named)) == len(named)


def _difference(value: Any) -> bool:
    """Whether ``value`` can be a hand's tricks minus Expert's: a whole number from -13 to 13."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return False
    return value == int(value) and -13 <= value <= 13


def record_result(stats: dict[str, Any], game: str, game_id: str, won: bool, margin: int,
                  hands_played: int, hands_won: int) -> bool:
    """Count a finished game once, in ``game``'s counts and overall: False (and no
    change) if ``game_id`` was counted already."""
    if game_id in stats["recorded"]:
        return False
    stats["recorded"] = (stats["recorded"] + [game_id])[-RECENT_GAMES:]
    for s in (stats["games"].setdefault(game, empty_counts()), stats["overall"]):
        s["played"] += 1
        s["hands_played"] += hands_played
        s["hands_won"] += min(hands_won, hands_played)
        if won:
            s["won"] += 1
            s["streak"] += 1
            s["best_streak"] = max(s["best_streak"], s["streak"])
            s["best_margin"] = max(s["best_margin"], margin)
        else:
            s["streak"] = 0
    return True


def new_game_id(seed: int, now_ms: int) -> str:
    """The id a game is counted by: its deal number and when it started (ms since 1970, in hex).
    Every deal number (:data:`whist.web.address.DEAL_DIGITS` digits at most) gives an id
    :data:`GAME_ID` takes, so a saved game always loads again.

    >>> new_game_id(4242, 1_700_000_000_000), bool(GAME_ID.fullmatch(new_game_id(10**18 - 1, 2**53)))
    ('4242-18bcfe56800', True)
    """
    return f"{seed}-{now_ms:x}"


def hand_key(game_id: str, hand: int) -> str:
    """The key a hand against Expert is counted by: its game's id and its number (from 0).

    >>> hand_key("4242-18f0a0b0bff", 3)
    '4242-18f0a0b0bff/3'
    """
    return f"{game_id}/{hand}"


def record_duplicate(stats: dict[str, Any], difference: int, key: str = "") -> None:
    """Keep one hand's tricks minus Expert's (the oldest go past ``DUPLICATE_HANDS``). A hand whose
    ``key`` is kept already is counted once: its new figure (the hand played again after an undo,
    its final play) takes the place of the old one.

    >>> stats = empty_stats()
    >>> record_duplicate(stats, -1, "g-1/0"); record_duplicate(stats, 2, "g-1/1"); record_duplicate(stats, 0, "g-1/0")
    >>> stats["duplicate"], stats["duplicate_keys"]
    ([0, 2], ['g-1/0', 'g-1/1'])
    """
    difference = max(-13, min(13, int(difference)))
    key = key if HAND_KEY.fullmatch(key) else ""
    hands: list[int] = stats["duplicate"]
    keys: list[str] = stats.get("duplicate_keys") or [""] * len(hands)
    if key and key in keys:
        hands[keys.index(key)] = difference
        return
    stats["duplicate"] = [*hands, difference][-DUPLICATE_HANDS:]
    keys = [*keys, key][-DUPLICATE_HANDS:]
    if any(keys):
        stats["duplicate_keys"] = keys


def counted_hands(stats: dict[str, Any]) -> set[str]:
    """The keys of the hands against Expert the stats hold."""
    return set(stats.get("duplicate_keys", ())) - {""}


def reset_stats(stats: dict[str, Any]) -> dict[str, Any]:
    """Every count back to zero; the ids of the games counted stay, so a finished game
    still on the screen is not counted again after a reset."""
    return {**empty_stats(), "recorded": list(stats["recorded"])}


# --- the game in progress -------------------------------------------------------

def decode_game(data: dict[str, Any]) -> tuple[dict[str, Any] | None, Table | None, list[str]]:
    """The saved game ``{"id", "record", "redo"}`` and its table, checked by the session
    (:meth:`whist.table.Table.load`: an illegal play, a card played twice, a 53rd card: all
    refused). A damaged redo list is dropped and the game kept. Returns (game, table, problems)."""
    game_id = data.get("id")
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        return None, None, ["it had no valid id"]
    record = data.get("record")
    seed = record.get("seed") if isinstance(record, dict) else None
    if isinstance(seed, int) and not isinstance(seed, bool) and not deal_number_ok(seed):
        # the address's bound, so that every game the page keeps has an id its loader takes
        return None, None, [f"its deal number is not a whole number of up to {DEAL_DIGITS} digits"]
    problems: list[str] = []
    try:
        table = Table.load(data.get("record"), data.get("redo", []))
    except SavedGameError as err:
        if err.part != "redo":
            return None, None, [str(err)]
        table = Table.load(data.get("record"))
        problems.append(str(err))
    return encode_game(game_id, table), table, problems


def encode_game(game_id: str, table: Table) -> dict[str, Any]:
    """The game as it is stored: its id and what the table keeps (:meth:`whist.table.Table.saved`)."""
    return {"id": game_id, **table.saved()}


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
                or saved.notices or saved.blocked)


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
                self.notices.append(f"Some saved settings could not be read ({_words(bad)}): those are back "
                                    "to normal, the rest are kept.")
        elif key == STATS_KEY:
            self.stats, bad = decode_stats(data)
            if bad:
                self.details.append(f"{key}: corrected {', '.join(dict.fromkeys(bad))}")
                what = f"Some of your saved stats ({_words(_blocks(bad), 3)}) were damaged"
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


MAX_TEXT = 1_000_000
"""The most characters a stored record or an imported file may hold. The game writes far
less: the longest game's record with its redo list is under 100 KB, the stats a few KB."""
MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a record may have before it is parsed. The game
writes 4 levels at most (an export's ``{"game": {"record": {"actions": [...]}}}``); in the
browser, parsing a few thousand levels overflows the JavaScript stack, which Python cannot catch."""
MAX_CONTAINERS = 25_000
"""The most arrays and objects a record may hold (the longest game's redo list has ~4,000)."""

_TOO_MUCH = {"depth": "it is nested far too deep", "containers": "it holds far too many lists"}


def out_of_bounds(text: str, depth: int = MAX_DEPTH, containers: int = MAX_CONTAINERS) -> str | None:
    """Why ``text`` must not be parsed as JSON, or None: it holds more than ``containers`` arrays
    and objects, or nests them more than ``depth`` deep (:func:`whist.engine.jsontext.json_problem`:
    only what lies outside strings counts, and nothing deeper ever reaches ``json.loads``).

    >>> out_of_bounds('{"a": [[1, "]]]]"], {"b": {}}]}', 4), out_of_bounds("[[[[]]]]", 3)
    (None, 'it is nested far too deep')
    >>> out_of_bounds("[" * 10_000), out_of_bounds("[]" * 30_000), out_of_bounds("[1, 2" + "]" * 40)
    ('it is nested far too deep', 'it holds far too many lists', None)
    """
    problem = json_problem(text, depth, containers)
    return None if problem is None else _TOO_MUCH[problem]


def parse_record(raw: Any, max_chars: int = MAX_TEXT) -> dict[str, Any] | str:
    """The record as a dict with a whole-number version, or a short reason why not. The text is
    bounded (size, depth) before it is parsed, so no stored or imported value can take the page down."""
    if not isinstance(raw, str):
        return "not text"
    if len(raw) > max_chars:
        return "it is far too large"
    problem = out_of_bounds(raw)
    if problem:
        return problem
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return "it is not valid JSON"
    if not isinstance(data, dict):
        return "it is not a record"
    v = data.get("v")
    if isinstance(v, bool) or not isinstance(v, int) or v < 1:
        return "it has no version number"
    return data


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``MIGRATIONS[n]`` turns a version-``n`` record into version ``n + 1``.

Version 1 is the first format this game ever stored, so there is no older
format and nothing to migrate yet. A change of format raises ``VERSION``, adds
its step here and a test that reads a record of every earlier version."""


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    while data["v"] < VERSION:
        data = MIGRATIONS[data["v"]](data)
    return data


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


def encode(payload: dict[str, Any]) -> str:
    return json.dumps({**payload, "v": VERSION}, separators=(",", ":"), sort_keys=True)


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
               hands_won: int) -> tuple[StatsRead, bool, str | None]:
    """Count a finished game in the stored stats, re-read right before writing so that
    two tabs never count a game twice nor undo each other's counts.
    Returns (the stats, with what was wrong with them: :func:`read_stats`; whether the game was
    counted now; a problem writing them, in plain words, or None)."""
    stats = read_stats(storage)
    if not record_result(stats, game, game_id, won, margin, hands_played, hands_won):
        return stats, False, None
    return stats, True, write_stats(storage, stats)


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
        record_result(stats, r["game"], gid, r["won"], r["margin"], r["hands_played"], r["hands_won"])
    return stats, write_stats(storage, stats)


# --- each site's own keys ---------------------------------------------------------------
# Every project site of a GitHub user shares one origin (user.github.io), hence one localStorage:
# two copies of the game there (/whist/ and /whist-beta/) must not read and write each other's keys.

SHARED_PREFIX = "whist:"
"""How every key of the game begins: the keys above, as the code names them (the *logical* keys),
and as the site at the root of an origin stores them."""
ADOPTED_KEY = "whist:adopted"
"""Under a site's own prefix: set once the site has taken its copy of the shared keys (:meth:`SiteStorage.adopt`)."""
MOST_PREFIX = 120
"""The longest prefix kept as it is; a longer folder is shortened and told apart by its fingerprint."""


def site_prefix(pathname: Any) -> str:
    """What this site's keys begin with before their name: its folder, the page's path up to its
    last "/" (``location.pathname``), or "" for the site at the root of its origin, which keeps the
    keys the game always had (``whist:stats``). A path that is not one gives "".

    >>> site_prefix("/whist/"), site_prefix("/whist-beta/index.html"), site_prefix("/"), site_prefix("/index.html")
    ('/whist/', '/whist-beta/', '', '')
    >>> site_prefix(None), site_prefix("whist/"), len(site_prefix("/" + "x" * 500 + "/")) <= MOST_PREFIX
    ('', '', True)
    """
    if not isinstance(pathname, str) or not pathname.startswith("/"):
        return ""
    folder = pathname[:pathname.rindex("/") + 1]
    if folder == "/":
        return ""
    if len(folder) > MOST_PREFIX:
        folder = folder[:MOST_PREFIX - 20] + "~" + fingerprint(folder) + "/"
    return folder


class SiteStorage:
    """A :class:`Storage` that keeps every key of the game under this site's prefix
    (:func:`site_prefix`): ``whist:stats`` is ``/whist/whist:stats`` on the site at ``/whist/``.

    >>> shared = MemoryStorage({"whist:stats": "old"})
    >>> beta = SiteStorage(shared, "/whist-beta/")
    >>> beta.set("whist:game", "g"); sorted(shared.data)
    ['/whist-beta/whist:game', 'whist:stats']
    >>> beta.logical("/whist-beta/whist:game"), beta.logical("/whist/whist:game"), beta.logical("whist:game")
    ('whist:game', None, None)
    """

    def __init__(self, inner: Storage, prefix: str) -> None:
        self.inner = inner
        self.prefix = prefix

    def key(self, key: str) -> str:
        """The key as stored for this site."""
        return self.prefix + key

    def logical(self, stored: Any) -> str | None:
        """The key as the code names it, of a key as stored (a ``storage`` event's), or None if it
        is not one of this site's (another site's, or no key of the game)."""
        if not isinstance(stored, str) or not stored.startswith(self.prefix):
            return None
        name = stored[len(self.prefix):]
        return name if name.startswith(SHARED_PREFIX) else None

    def get(self, key: str) -> str | None:
        return self.inner.get(self.key(key))

    def set(self, key: str, value: str) -> None:
        self.inner.set(self.key(key), value)

    def remove(self, key: str) -> None:
        self.inner.remove(self.key(key))

    def adopt(self, keys: tuple[str, ...] = KEYS) -> bool:
        """Once for a site with a prefix: copy what the game stored under the shared ``keys`` before
        each site had its own (each copy of the game on the origin takes what was there then, and
        the shared keys stay for the others), unless this site stores something already. True if
        anything was copied. Never raises: if the copy cannot be made, it is tried again next time."""
        if not self.prefix:
            return False
        try:
            if self.get(ADOPTED_KEY) is not None or any(self.get(k) is not None for k in keys):
                return False
            copied = False
            for key in keys:
                value = self.inner.get(key)
                if value is not None:
                    self.set(key, value)
                    copied = True
            self.set(ADOPTED_KEY, "1")
        except Exception:
            return False
        return copied


# --- the game in each tab -----------------------------------------------------------
# Each tab keeps its own game in its sessionStorage too (which a reload keeps and another tab
# cannot see), with the fingerprint of the device's record as this tab last wrote or took it.

SEEN_KEY = "whist:game:seen"
"""In a tab's sessionStorage: the fingerprint of the device's game record this tab last wrote or took."""


def fingerprint(text: str | None) -> str:
    """A short summary of a record's text, to tell whether it changed.

    >>> fingerprint(None), fingerprint("abc")
    ('', '3-352441c2')
    """
    return "" if text is None else f"{len(text)}-{zlib.crc32(text.encode('utf-8', 'replace')):08x}"


def read_game(raw: str | None) -> tuple[dict[str, Any], Table] | None:
    """A stored game's text as ``({"id", "record", "redo"}, table)``, or None if it cannot be used
    (missing, damaged, from a newer version). Never raises, never writes."""
    data = parse_record(raw)
    if isinstance(data, str) or data["v"] > VERSION:
        return None
    try:
        game, table, _ = decode_game(migrate(data))
    except Exception:
        return None
    return None if game is None or table is None else (game, table)


def game_id_of(raw: str | None) -> str | None:
    """The id of a stored game's text, without replaying it."""
    data = parse_record(raw)
    if isinstance(data, str):
        return None
    game_id = data.get("id")
    return game_id if isinstance(game_id, str) else None


def tab_start(stored: str | None, own: str | None, seen: str | None) -> str:
    """Which game a tab restores when it (re)loads, from the device's record ``stored``, the tab's
    own ``own`` and ``seen`` (its fingerprint of the device's record):

    - ``"stored"``: the device's (a new tab, or the tab's own game is the device's);
    - ``"own"``: the tab's own, newer than the device's, which no other tab wrote since (this tab's
      last save failed, or the record was removed);
    - ``"ask"``: the tab's own, and another tab saved a different game since: the player chooses.

    >>> tab_start('{"a"}', None, None), tab_start('{"a"}', '{"a"}', ""), tab_start(None, '{"b"}', "x")
    ('stored', 'stored', 'own')
    >>> tab_start('{"a"}', '{"b"}', fingerprint('{"a"}')), tab_start('{"a"}', '{"b"}', fingerprint('{"b"}'))
    ('own', 'ask')
    """
    if own is None or own == stored:
        return "stored"
    if stored is None or seen == fingerprint(stored):
        return "own"
    return "ask"


# --- export and import ------------------------------------------------------------

def export_text(settings: Settings, stats: dict[str, Any], game: dict[str, Any] | None) -> str:
    """One JSON file with the settings, the stats and the game in progress."""
    payload: dict[str, Any] = {"kind": EXPORT_KIND, "settings": encode_settings(settings), "stats": stats}
    if game is not None:
        payload["game"] = game
    return json.dumps({**payload, "v": VERSION}, indent=1, sort_keys=True)


@dataclass
class Imported:
    settings: Settings | None = None
    stats: dict[str, Any] | None = None
    game: dict[str, Any] | None = None
    table: Table | None = None
    problems: list[str] = field(default_factory=list)
    corrected: str = ""
    """What had to be corrected in the file's stats, in words ("" if nothing): said only if they are kept."""

    @property
    def anything(self) -> bool:
        return self.settings is not None or self.stats is not None or self.game is not None


def import_text(text: Any) -> Imported:
    """Read an exported file with the same checks as the stored records. Never raises:
    a part that cannot be used is left out and named in ``problems``."""
    out = Imported()
    data = parse_record(text)
    if isinstance(data, str) or data.get("kind") != EXPORT_KIND:
        out.problems.append("this is not a file exported by this game"
                            + (f" ({data})" if isinstance(data, str) else ""))
        return out
    if data["v"] > VERSION:
        out.problems.append("the file comes from a newer version of this game")
        return out
    data = migrate(data)
    parts = {k: data[k] for k in ("settings", "stats", "game") if k in data}
    for key, part in parts.items():
        if not isinstance(part, dict):
            out.problems.append(f"the {key} in the file are damaged")
            continue
        try:
            if key == "settings":
                out.settings, bad = decode_settings(part)
                if bad:
                    out.problems.append(f"some settings ({_words(bad)}) were not valid and are left at normal")
            elif key == "stats":
                out.stats, bad = decode_stats(part)
                out.corrected = _words(bad, 4) if bad else ""
            else:
                out.game, out.table, bad = decode_game(part)
                if out.game is None:
                    out.problems.append(f"the game in the file is damaged ({bad[0]}) and was not imported")
                elif bad:
                    out.problems.append("the moves to redo in the file's game were damaged and are dropped")
        except Exception:
            out.problems.append(f"the {key} in the file could not be read")
    if not parts:
        out.problems.append("the file holds no stats, settings or game")
    return out


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def import_summary(done: list[str], problems: list[str], corrected: str, unsaved: str | None) -> str:
    """What the page says after an import: what came in (``done``), what had to be corrected in the
    file's stats (said only if they were kept: nothing is called corrected that was not saved), what
    was left out (``problems``), and, if the stats could not be saved, why (``unsaved``).

    >>> import_summary(["your stats", "your settings"], [], "best streak", None)
    'Imported your stats and your settings. Some stats in the file were damaged and are corrected (best streak).'
    >>> import_summary([], [], "best streak", "It is full.")
    'Nothing was imported. Your stats could not be saved on this device, so they were not imported: It is full.'
    """
    text = "Imported " + _and(done) + "." if done else "Nothing was imported."
    if corrected and "your stats" in done:
        text += f" Some stats in the file were damaged and are corrected ({corrected})."
    if problems:
        text += " Not imported: " + "; ".join(problems) + "."
    if unsaved:
        text += " Your stats could not be saved on this device, so they were not imported: " + unsaved
    return text
