"""What players' browsers hold, written by the code of before issue 15 (tests/records/, made by
tests/records/make.py), loads as the page loads it at start-up: the same position, redo still
works, the stats and the settings read back; and today's code writes the very same values."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.records import make
from whist.engine.cards import mask_names
from whist.engine.seats import Seat
from whist.engine.state import GameState
from whist.table import Table
from whist.web.settings import Settings
from whist.web.storage import GAME_KEY, MemoryStorage, Saved, encode, encode_game

RECORDS = Path(__file__).parent / "records"

#: case: game, options (all of them), whose turn, South's hand, the scores, actions so far, the redo stack
POSITIONS = {
    "classic_undone": ("classic", {"target": 7, "honours": False, "rubber": False, "no_trump": False, "draw": "none",
                                   "revokes": "prevented"}, Seat.S,
                       ["4S", "KH", "9H", "7H", "AD", "9D", "5D", "TC", "5C", "3C"], (0, 0), 14,
                       [["TC", "QC", "KD", "8D", "2D"]]),
    "contract_auction": ("contract", {"target": 100, "doubling": True}, Seat.S,
                         ["AS", "KS", "QS", "9S", "3S", "AH", "KH", "5H", "3H", "AC", "KC", "9C", "3C"], (0, 0), 4, []),
    "german_phase_one": ("german", {"target": 21, "scoring": "difference", "trump": "turn-up", "match": "target",
                                    "revokes": "prevented"}, Seat.S,
                         ["TH", "9H", "7H", "2H", "AD", "KD", "QD", "TD", "8D", "7D", "3D", "2D", "AC"], (0, 0), 6, []),
    "dummy": ("dummy", {"target": 7, "honours": False, "rubber": False, "no_trump": False, "draw": "none",
                        "revokes": "prevented"}, Seat.N, ["QD", "JD", "9D", "8D", "5D", "2D", "AC", "5C"], (0, 0),
              20, []),
    "finished_counted": ("short", {"target": 5, "honours": True, "rubber": False, "no_trump": False, "draw": "none",
                                   "revokes": "prevented"}, None, [], (0, 9), 105, []),
}


def stored(case: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((RECORDS / f"{case}.json").read_text())
    return data


def start_up(case: str) -> Saved:
    saved = Saved.load(MemoryStorage(stored(case)))
    assert saved.notices == [] and saved.details == [] and not saved.unkept
    return saved


@pytest.mark.parametrize("case", sorted(POSITIONS))
def test_a_stored_game_comes_back_exactly(case: str) -> None:
    game, options, to_play, hand, scores, n_actions, redo = POSITIONS[case]
    saved = start_up(case)
    assert saved.table is not None and saved.game is not None
    table = saved.table
    state = table.state
    assert (state.rules.name, state.rules.options, state.to_play) == (game, options, to_play)
    assert mask_names(state.hands[Seat.S]) == hand and state.scores == scores
    assert len(state.actions) == n_actions and table.redo_stack == redo == saved.game["redo"]
    record = json.loads(stored(case)[GAME_KEY])["record"]
    assert state.snapshot() == GameState.from_record(record).snapshot()
    assert saved.game["id"] == json.loads(stored(case)[GAME_KEY])["id"]
    # the page saves it back unchanged
    assert encode(encode_game(saved.game["id"], table)) == stored(case)[GAME_KEY]
    assert table.human_to_play == (to_play is not None)


def test_the_stored_redo_still_redoes() -> None:
    table = start_up("classic_undone").table
    assert table is not None and table.can_redo
    before = len(table.state.tricks)
    assert table.redo() and not table.can_redo
    assert len(table.state.tricks) == before + 1 and len(table.state.actions) == 19
    assert table.undo() and table.redo_stack == [["TC", "QC", "KD", "8D", "2D"]]


def test_stored_stats_and_settings_read_back() -> None:
    saved = start_up("finished_counted")
    counts = {"played": 1, "won": 0, "streak": 0, "best_streak": 0, "hands_played": 2, "hands_won": 0,
              "best_margin": 0}
    assert saved.stats == {"overall": {**counts, "played": 2, "hands_played": 4},
                           "games": {"classic": counts, "short": counts},
                           "recorded": ["2-18f0a0b0bff", "3-18f0a0b0c04"], "duplicate": []}
    assert saved.table is not None and saved.table.state.is_over
    settings = start_up("settings").settings
    assert settings == Settings(speed="fast", trick_pause="long", auto_play=True, partner_level="hard",
                                opponent_level="easy", sound=False)


@pytest.mark.parametrize("case", sorted(make.CASES))
def test_today_s_code_writes_the_same_values(case: str) -> None:
    assert make.text(case) == (RECORDS / f"{case}.json").read_text()


def test_a_stored_game_loads_through_the_session() -> None:
    saved = json.loads(stored("classic_undone")[GAME_KEY])
    table = Table.load(saved["record"], saved["redo"])
    assert table.saved() == {"record": saved["record"], "redo": saved["redo"]}
