"""Hints that say why: the reason is the rule or the figure that decided, and giving
reasons changes no player's choice (tests/choices/before_hints.json holds every choice
of seeded hands recorded before the reasons were added)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from whist.ai.montecarlo import HARD, MonteCarloPlayer
from whist.ai.players import make_player
from whist.engine.state import GameState

BEFORE = Path(__file__).parent / "choices" / "before_hints.json"
CASES = [(g, lv, n) for g in ("classic", "american", "dummy", "contract") for lv, n in (("easy", 12), ("normal", 25))]
CASES += [("german", "easy", 8), ("german", "normal", 8), ("classic", "hard", 2), ("contract", "hard", 1)]


def play_hand(game: str, level: str, seed: int) -> str:
    """Every action of one seeded hand, all four seats played by ``level``."""
    st = GameState(game, seed=seed)
    if level == "hard":
        players = {s: MonteCarloPlayer(seed * 4 + int(s), HARD.but(budget=None, samples=3)) for s in st.rules.seats}
    else:
        players = {s: make_player(level, seed * 4 + int(s), game) for s in st.rules.seats}
    out = []
    start = st.hand_number
    while not st.is_over and st.hand_number == start and st.to_play is not None:
        action = players[st.to_play].choose(st.observation(st.to_play))
        out.append(action)
        st.apply(action)
    return " ".join(out)


@pytest.mark.parametrize(("game", "level", "count"), CASES)
def test_choices_unchanged(game: str, level: str, count: int) -> None:
    before = json.loads(BEFORE.read_text())
    for seed in range(count):
        assert play_hand(game, level, seed) == before[f"{game}/{level}/{seed}"], (game, level, seed)
