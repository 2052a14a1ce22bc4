"""The arena: duplicate deals, the confidence interval, external bots over the protocol."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from whist.ai.play import play
from whist.ai.players import Player, make_player
from whist.cli.arena import MatchResult, duplicate, main, t95, timer
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase

ROOT = Path(__file__).resolve().parent.parent


def test_a_player_against_itself_scores_exactly_zero() -> None:
    # Same cards, same players, same seeds at both tables: the same play.
    result = duplicate("normal", "normal", deals=5, seed=2)
    assert result.diffs == [0] * 5


def test_a_duplicate_match_plays_each_deal_at_both_tables() -> None:
    """Each deal twice, every card of both tables timed by its player, the same match again
    the same result. (How much stronger normal is than random: benchmarks/levels.py.)"""
    seen: list[int] = []
    result = duplicate("normal", "random", deals=3, seed=3, progress=lambda n, r: seen.append(len(r.diffs)))
    assert seen == [1, 2, 3] and len(result.diffs) == 3 and all(-13 <= d <= 13 for d in result.diffs)
    assert len(result.times["A"]) == len(result.times["B"]) == 3 * 2 * 26
    assert duplicate("normal", "random", deals=3, seed=3).diffs == result.diffs


def test_the_interval_is_students_t() -> None:
    result = MatchResult(diffs=[1, 3, -1, 1])
    assert result.mean == 1.0
    sd = math.sqrt((0 + 4 + 4 + 0) / 3)
    assert result.half_width == pytest.approx(3.1824 * sd / 2, abs=1e-4)  # t at 97.5%, 3 degrees of freedom
    assert MatchResult(diffs=[2]).half_width == math.inf


@pytest.mark.parametrize(("df", "t"), [(1, 12.7062), (2, 4.3027), (10, 2.2281), (30, 2.0423), (100, 1.9840),
                                       (100_000, 1.9600)])
def test_t95_matches_the_tables(df: int, t: float) -> None:
    assert t95(df) == pytest.approx(t, abs=1e-4)


def test_t95_needs_a_degree_of_freedom() -> None:
    with pytest.raises(ValueError, match="degree of freedom"):
        t95(0)


def test_the_timer_times_only_the_cards_asked_for() -> None:
    state = GameState("classic", seed=5)
    players: dict[Seat, Player] = {s: make_player("normal", int(s)) for s in Seat}
    labels = {s: "NS" if int(s) % 2 == 0 else "EW" for s in Seat}
    times: dict[str, list[float]] = {}
    play(state, players, on_decision=timer(labels, times, timed=lambda obs: obs.seat == Seat.N and len(obs.tricks) < 5))
    assert state.phase is not Phase.PLAY and sum(state.results[-1].tricks) == 13
    assert list(times) == ["NS"] and len(times["NS"]) == 5
    untimed: dict[str, list[float]] = {}
    again = GameState("classic", seed=5)
    play(again, players, on_decision=timer(labels, untimed))
    assert len(untimed["NS"]) == len(untimed["EW"]) == 26
    assert again.results[-1].tricks == state.results[-1].tricks  # the same cards, the same play


def test_the_command_line_plays_an_external_bot() -> None:
    """A bot command speaking the protocol plays exactly as the level it runs."""
    bot = f"{sys.executable} -m whist.bot --level normal"
    out = subprocess.run([sys.executable, "-m", "whist.arena", "normal", bot, "--deals", "2", "--quiet"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120, check=True).stdout
    assert "2 duplicate deals" in out and "+0.000 tricks/deal" in out


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["normal", "easy", "--deals", "0"])
    assert "--deals" in capsys.readouterr().err


def test_a_search_s_cap_can_count_cpu_seconds() -> None:
    """benchmarks/gib.py --cpu-clock and german_ref.py --budget: the module's perf_counter is the CPU clock."""
    import time
    import types

    from whist.cli.arena import cap_on_cpu_clock

    module = types.ModuleType("search")
    module.time = time  # type: ignore[attr-defined]
    cap_on_cpu_clock(module)
    assert module.time.perf_counter is time.process_time
    assert time.perf_counter is not time.process_time  # (the time module itself untouched)
