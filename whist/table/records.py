"""The format of what the page keeps and exchanges: a record's text and its bounds, its version
and migrations, the saved game, and the exported file. Standard library only: the page stores
these (:mod:`whist.web.storage`), the tests run them in CPython.

A record is JSON ``{"v": VERSION, ...}``, bounded before it is parsed (size, depth, lists), so no
stored or imported text can take the page down.

>>> parse_record('{"v": 1, "speed": "fast"}'), parse_record("[" * 100), parse_record('{"v": 0}')
({'v': 1, 'speed': 'fast'}, 'it is nested far too deep', 'it has no version number')
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from whist.engine.jsontext import json_problem
from whist.table.session import SavedGameError, Table
from whist.table.stats import GAME_ID, decode_stats

VERSION = 1
EXPORT_KIND = "whist-export"
DEAL_DIGITS = 18
"""The most digits a deal number (a game's seed) has, wherever it comes from: the address, a
stored game, an imported file (:func:`deal_number_ok`). The id a game is counted by is its deal
number and when it started (:func:`whist.table.stats.new_game_id`), so it stays well inside the 64
characters the saved game's loader takes."""


def deal_number_ok(number: int) -> bool:
    """Whether ``number`` can be a deal number: a whole number from 0 with at most ``DEAL_DIGITS`` digits.

    >>> deal_number_ok(10**18 - 1), deal_number_ok(10**18), deal_number_ok(-1)
    (True, False, False)
    """
    return 0 <= number < 10**DEAL_DIGITS


def word_list(names: list[str], most: int = 5) -> str:
    """Names in words, each once, the first ``most`` of them and how many more.

    >>> word_list(["speed", "sound"]), word_list(list("abcdefg"), 3)
    ('speed and sound', 'a, b, c and 4 more')
    """
    names = list(dict.fromkeys(n.replace("_", " ") for n in names))
    shown = names[:most] + ([f"{len(names) - most} more"] if len(names) > most else [])
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


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


def encode(payload: dict[str, Any]) -> str:
    return json.dumps({**payload, "v": VERSION}, separators=(",", ":"), sort_keys=True)



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
    together: dict[str, Any] = {"people": data.get("people"), "holder": data.get("holder"), "offer": data.get("offer"),
                                "live": data.get("live"), "levels": data.get("levels"), "whys": data.get("whys")}
    try:
        table = Table.load(data.get("record"), data.get("redo", []), **together)
    except SavedGameError as err:
        if err.part != "redo":
            return None, None, [str(err)]
        table = Table.load(data.get("record"), **together)
        problems.append(str(err))
    if data.get("challenge") is not None:  # a deal of a challenge by link, seated as the challenge seats it
        from whist.table.challenge_run import load_table

        try:
            table = load_table(data["challenge"], table)
        except ValueError as err:
            return None, None, [f"its challenge: {err}"]
    return encode_game(game_id, table), table, problems


def encode_game(game_id: str, table: Table) -> dict[str, Any]:
    """The game as it is stored: its id and what the table keeps (:meth:`whist.table.Table.saved`)."""
    return {"id": game_id, **table.saved()}

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

def export_text(settings: dict[str, Any], stats: dict[str, Any], game: dict[str, Any] | None) -> str:
    """One JSON file with the settings (as stored), the stats and the game in progress."""
    payload: dict[str, Any] = {"kind": EXPORT_KIND, "settings": settings, "stats": stats}
    if game is not None:
        payload["game"] = game
    return json.dumps({**payload, "v": VERSION}, indent=1, sort_keys=True)


S = TypeVar("S")
"""The page's own settings (``whist.web.settings.Settings``), as a file's are read."""


@dataclass
class Imported(Generic[S]):
    settings: S | None = None
    stats: dict[str, Any] | None = None
    game: dict[str, Any] | None = None
    table: Table | None = None
    problems: list[str] = field(default_factory=list)
    corrected: str = ""
    """What had to be corrected in the file's stats, in words ("" if nothing): said only if they are kept."""

    @property
    def anything(self) -> bool:
        return self.settings is not None or self.stats is not None or self.game is not None


def import_text(text: Any, decode_settings: Callable[[dict[str, Any]], tuple[S, list[str]]]) -> Imported[S]:
    """Read an exported file with the same checks as the stored records, the settings with
    ``decode_settings`` (settings and the names of the fields that could not be used). Never raises:
    a part that cannot be used is left out and named in ``problems``."""
    out: Imported[S] = Imported()
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
                    out.problems.append(f"some settings ({word_list(bad)}) were not valid and are left at normal")
            elif key == "stats":
                out.stats, bad = decode_stats(part)
                out.corrected = word_list(bad, 4) if bad else ""
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
