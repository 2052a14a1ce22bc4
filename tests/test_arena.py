"""The arena: duplicate deals, the confidence interval, external bots over the protocol."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from whist.cli.arena import MatchResult, duplicate, main

ROOT = Path(__file__).resolve().parent.parent


def test_a_player_against_itself_scores_exactly_zero() -> None:
    # Same cards, same players, same seeds at both tables: the same play.
    result = duplicate("normal", "normal", deals=5, seed=2)
    assert result.diffs == [0] * 5


def test_normal_beats_random_on_duplicate_deals() -> None:
    result = duplicate("normal", "random", deals=10, seed=3)
    assert result.mean > 2.0, result.diffs  # measured +3.6 a deal over 40 deals
    assert len(result.times["A"]) == len(result.times["B"]) == 10 * 2 * 26


def test_the_interval_is_the_normal_approximation() -> None:
    result = MatchResult(diffs=[1, 3, -1, 1])
    assert result.mean == 1.0
    sd = math.sqrt((0 + 4 + 4 + 0) / 3)
    assert result.half_width == pytest.approx(1.96 * sd / 2)


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
