"""benchmarks/german_ref.py: German Whist's Expert against the normal player or the
reference (the same search with the simple player's playouts); the layouts and the
player themselves are tested in tests/test_german_mc.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.german_ref import OPPONENTS, expert, play_deal, read_log
from whist.ai.play import play
from whist.engine.state import GameState, Phase


@pytest.mark.parametrize("playout", ["german", "simple"])
def test_without_trumps_too_and_either_playout(playout: str) -> None:
    state = GameState("german", seed=4, trump="none")
    play(state, {seat: expert(int(seat), 2, playout) for seat in state.rules.seats}, limit=5)
    assert state.phase is Phase.PLAY and len(state.tricks) == 2


def test_one_duplicate_deal() -> None:
    result = play_deal(0, seed=7, samples=2)
    (n1, s1), (n2, s2) = result.tricks
    assert n1 + s1 == 13 and n2 + s2 == 13  # Phase Two's tricks, the ones that count
    assert result.diff == n1 - n2
    assert sorted(result.times) == ["expert", "opponent"]
    # each plays Phase One's 13 cards at each table
    assert len(result.times["expert"]) == len(result.times["opponent"]) == 26

    assert set(OPPONENTS) == {"normal", "reference"}


def test_a_log_of_another_run_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "run.log"
    assert read_log(log, "# run A") == {}
    log.write_text("# run A\n0 2\n1 -1\n")
    assert read_log(log, "# run A") == {0: 2, 1: -1}
    with pytest.raises(SystemExit, match="another run"):
        read_log(log, "# run B")
