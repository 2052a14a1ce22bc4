"""How the stored records in this folder were made: run once with the code of before issue 15.

``python tests/records/make.py``, run at commit a225304 (the code before issue 15), wrote, for
each case, the exact ``localStorage`` values the page stores (:mod:`whist.web.storage`'s
``encode``/``encode_game``/``write``, as :mod:`whist.web.persist` calls them): ``{key: text}``
in ``<case>.json``. The files are committed as that code wrote them, and
:mod:`tests.test_saved_records` loads them with today's: they are the record of what players'
browsers hold, never to be rewritten. This script's calls follow today's code, and the test also
checks that, run now, it writes the very same values, but for two changes made on purpose: a
game record names only the options not at their defaults (issue 36), and a new game's record
is of format 3 (issue 37: German Whist's variable trump). Never run it to "fix" that test: the
files are what old browsers hold, and today's code must keep loading them as they are.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from whist.table import Table
from whist.table.catalog import game_result
from whist.web.settings import Settings
from whist.web.storage import (
    GAME_KEY,
    SETTINGS_KEY,
    MemoryStorage,
    count_game,
    encode,
    encode_game,
    encode_settings,
    write,
)

HERE = Path(__file__).resolve().parent


def play_until(table: Table, done: Any) -> None:
    """Play the table's game (the human plays the first legal action) until ``done(table)``."""
    while not done(table):
        if table.computer_step():
            continue
        state = table.state
        action = state.legal_actions()[0]
        if table.human_to_play and state.phase.name == "PLAY":
            table.human_play(action)
        elif table.human_to_play:
            table.human_call(action)
        else:
            table.proceed()


def game_text(game_id: str, table: Table) -> str:
    return encode(encode_game(game_id, table))


def classic_undone() -> dict[str, str]:
    """Classic Whist mid-hand, an undo done: the redo stack is not empty."""
    table = Table(seed=11, game="classic")
    play_until(table, lambda t: len(t.state.tricks) >= 4 and t.human_to_play)
    table.undo()
    return {GAME_KEY: game_text("11-18f0a0b0c00", table)}


def contract_auction() -> dict[str, str]:
    """Contract Whist with doubling, in the auction, the human's call to make."""
    table = Table(seed=23, game="contract", doubling=True)
    play_until(table, lambda t: t.state.phase.name == "AUCTION" and t.human_to_play and len(t.state.auction) >= 1)
    return {GAME_KEY: game_text("23-18f0a0b0c01", table)}


def german_phase_one() -> dict[str, str]:
    """German Whist to 21, Phase One (the stock still on the table)."""
    table = Table(seed=5, game="german", target=21)
    play_until(table, lambda t: len(t.state.tricks) >= 3 and t.human_to_play)
    return {GAME_KEY: game_text("5-18f0a0b0c02", table)}


def dummy_game() -> dict[str, str]:
    """Dummy Whist, a few tricks in."""
    table = Table(seed=8, game="dummy")
    play_until(table, lambda t: len(t.state.tricks) >= 5 and t.human_to_play)
    return {GAME_KEY: game_text("8-18f0a0b0c03", table)}


def finished_and_counted() -> dict[str, str]:
    """A finished Short Whist game on the screen, counted in the stats (with an older game's counts)."""
    store = MemoryStorage()
    older = Table(seed=2, game="classic")
    play_until(older, lambda t: t.state.is_over)
    count_game(store, "classic", "2-18f0a0b0bff", **game_result(older.state, older.human))
    table = Table(seed=3, game="short")
    play_until(table, lambda t: t.state.is_over)
    count_game(store, "short", "3-18f0a0b0c04", **game_result(table.state, table.human))
    store.set(GAME_KEY, game_text("3-18f0a0b0c04", table))
    return dict(store.data)


def settings() -> dict[str, str]:
    """Every setting away from its default."""
    store = MemoryStorage()
    chosen = Settings(speed="fast", trick_pause="long", auto_play=True, partner_level="hard",
                      opponent_level="easy", sound=False)
    write(store, SETTINGS_KEY, encode_settings(chosen))
    return dict(store.data)


CASES = {"classic_undone": classic_undone, "contract_auction": contract_auction,
         "german_phase_one": german_phase_one, "dummy": dummy_game,
         "finished_counted": finished_and_counted, "settings": settings}


def text(name: str) -> str:
    """The file ``name`` as this code writes it."""
    return json.dumps(CASES[name](), indent=1, sort_keys=True) + "\n"


def main() -> None:
    for name in CASES:
        (HERE / f"{name}.json").write_text(text(name))


if __name__ == "__main__":
    main()
