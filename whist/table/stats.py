"""The stats' rules: what the page counts of your games, and how a stored or imported copy is
read back consistent. Standard library only: the page stores them (:mod:`whist.web.storage`),
the tests run them in CPython.

``overall`` counts every game, ``games`` each game of the catalogue (:mod:`whist.table.catalog`),
``recorded`` the ids of the last finished games counted (none is counted twice),
``duplicate`` your tricks minus Expert's with the same cards, a hand replayed, and ``open`` the
hands of games under way (:func:`record_hands`): a hand counts as it ends, not only when its game
does.

>>> stats = empty_stats()
>>> record_result(stats, "classic", "g-1", True, 3, 4, 3), record_result(stats, "classic", "g-1", True, 3, 4, 3)
(True, False)
>>> stats["overall"]["won"], decode_stats(stats) == (stats, [])
(1, True)
"""

from __future__ import annotations

import math
import re
from typing import Any

from whist.table import catalog

RECENT_GAMES = 64
"""How many finished games' ids are remembered, so that none is counted twice."""
DUPLICATE_HANDS = 50  # duplicate: the hands against Expert the stats keep

STAT_COUNTS = ("played", "won", "streak", "best_streak", "hands_played", "hands_won", "best_margin")
STAT_CAP = 10**9
GAME_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
GAME_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
OPEN_GAMES = 8
"""How many games under way keep their hands apart (:func:`record_hands`): an older one's hands
are counted for good (no undo reaches that far back: another game has started since)."""
OPEN_HANDS_MOST = 10_000
"""The most hands a game under way is read with (a stored figure past it is damaged)."""
HAND_KEY = re.compile(r"[A-Za-z0-9_.:-]{1,64}/[0-9]{1,4}")
"""A hand against Expert as the stats know it: its game's id and its number (:func:`hand_key`)."""


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


def correction_blocks(bad: list[str]) -> list[str]:
    """Which stats the corrections were in: "games played (all games)" -> "all games".

    >>> correction_blocks(["games played (all games)", "the list of games counted"])
    ['all games', 'the list of games counted']
    """
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
    under_way, damaged = _decode_open(data.get("open"), stats["recorded"])
    _set_open(stats, under_way)
    if damaged:
        bad.append("the hands of games under way")
    together = data.get("together")
    if together is not None:  # pass-and-play games, kept apart (stats kept before them have none)
        counts = {k: together.get(k) if isinstance(together, dict) else None for k in ("played", "hands_played")}
        if all(_count(v) is not None for v in counts.values()):
            stats["together"] = {k: _count(v) for k, v in counts.items()}
        else:
            bad.append("your games with friends")
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
                  hands_played: int, hands_won: int, together: bool = False) -> bool:
    """Count a finished game once, in ``game``'s counts and overall: False (and no
    change) if ``game_id`` was counted already. Its hands counted as they ended
    (:func:`record_hands`) give way to the game's own. A game ``together`` (pass-and-play: more
    than one person played) is kept apart, in ``together``, never in your own record.

    >>> stats = empty_stats()
    >>> record_result(stats, "classic", "g-2", True, 3, 4, 3, together=True), stats["together"]
    (True, {'played': 1, 'hands_played': 4})
    >>> stats["overall"]["played"], record_result(stats, "classic", "g-2", True, 3, 4, 3, together=True)
    (0, False)
    """
    if game_id in stats["recorded"]:
        return False
    _set_open(stats, [o for o in stats.get("open", ()) if o["id"] != game_id])
    stats["recorded"] = (stats["recorded"] + [game_id])[-RECENT_GAMES:]
    if together:
        counts = stats.setdefault("together", {"played": 0, "hands_played": 0})
        counts["played"] = min(STAT_CAP - 1, counts["played"] + 1)
        counts["hands_played"] = min(STAT_CAP - 1, counts["hands_played"] + hands_played)
        return True
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


def _set_open(stats: dict[str, Any], entries: list[dict[str, Any]]) -> None:
    """Keep ``entries`` as the hands of games under way (none: no ``open`` key, as stats stored
    before it were)."""
    if entries:
        stats["open"] = entries
    else:
        stats.pop("open", None)


def _add_hands(stats: dict[str, Any], game: str, played: int, won: int) -> None:
    for s in (stats["games"].setdefault(game, empty_counts()), stats["overall"]):
        s["hands_played"] = min(STAT_CAP - 1, s["hands_played"] + played)
        s["hands_won"] = min(s["hands_played"], s["hands_won"] + won)


def record_hands(stats: dict[str, Any], game: str, game_id: str, hands_played: int, hands_won: int) -> bool:
    """A hand of the game ``game_id`` under way has ended (or was undone): the hands played and
    won in it so far, which the counts show at once (:func:`shown_counts`) and the game's result
    replaces when it ends (:func:`record_result`). Each call says how many, not how many more, so
    a hand undone and played again is counted once. False (no change) for a game counted already.
    Past :data:`OPEN_GAMES` games under way, the oldest one's hands are counted for good.

    >>> stats = empty_stats()
    >>> record_hands(stats, "classic", "g-1", 1, 1), record_hands(stats, "classic", "g-1", 2, 1)
    (True, True)
    >>> shown_counts(stats, "overall")["hands_played"], stats["overall"]["hands_played"]
    (2, 0)
    >>> _ = record_result(stats, "classic", "g-1", True, 2, 3, 2); "open" in stats, stats["overall"]["hands_played"]
    (False, 3)
    >>> record_hands(stats, "classic", "g-1", 3, 2)  # counted already
    False
    """
    if game_id in stats["recorded"] or not GAME_ID.fullmatch(game_id):
        return False
    played = max(0, min(OPEN_HANDS_MOST, int(hands_played)))
    entry = {"id": game_id, "game": game, "hands_played": played, "hands_won": max(0, min(played, int(hands_won)))}
    entries = [o for o in stats.get("open", ()) if o["id"] != game_id] + [entry]
    for old in entries[:-OPEN_GAMES]:
        _add_hands(stats, old["game"], old["hands_played"], old["hands_won"])
    _set_open(stats, entries[-OPEN_GAMES:])
    return True


def shown_counts(stats: dict[str, Any], key: str) -> dict[str, int]:
    """The counts of ``key`` ("overall", or a game's name) as the stats panel shows them: with the
    hands of the games under way."""
    counts = dict(stats["overall"] if key == "overall" else stats["games"].get(key) or empty_counts())
    for entry in stats.get("open", ()):
        if key in ("overall", entry["game"]):
            counts["hands_played"] = min(STAT_CAP - 1, counts["hands_played"] + entry["hands_played"])
            counts["hands_won"] = min(counts["hands_played"], counts["hands_won"] + entry["hands_won"])
    return counts


def _decode_open(data: Any, recorded: list[str]) -> tuple[list[dict[str, Any]], bool]:
    """The hands of games under way as stored (:func:`record_hands`), and whether any was wrong."""
    if data is None:
        return [], False
    if not isinstance(data, list):
        return [], True
    kept: list[dict[str, Any]] = []
    wrong = len(data) > OPEN_GAMES
    for entry in data[-OPEN_GAMES:]:
        ok = isinstance(entry, dict) and set(entry) == {"id", "game", "hands_played", "hands_won"}
        played = _count(entry.get("hands_played")) if ok else None
        won = _count(entry.get("hands_won")) if ok else None
        ok = (ok and isinstance(entry["id"], str) and bool(GAME_ID.fullmatch(entry["id"]))
              and isinstance(entry["game"], str) and catalog.game(entry["game"]) is not None
              and played is not None and won is not None and won <= played <= OPEN_HANDS_MOST
              and all(o["id"] != entry["id"] for o in kept))
        if not ok:
            wrong = True
        elif entry["id"] not in recorded:  # (a game counted since: its hands are in its result)
            kept.append({"id": entry["id"], "game": entry["game"], "hands_played": played, "hands_won": won})
    return kept, wrong


def new_game_id(seed: int, now_ms: int) -> str:
    """The id a game is counted by: its deal number and when it started (ms since 1970, in hex).
    Every deal number (:data:`whist.table.records.DEAL_DIGITS` digits at most) gives an id
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
    """Every count back to zero (the hands of games under way too); the ids of the games counted
    stay, so a finished game still on the screen is not counted again after a reset."""
    return {**empty_stats(), "recorded": list(stats["recorded"])}
