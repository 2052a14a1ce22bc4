"""How strong and how fast the computer players are: prints figures, never fails.

    python benchmarks/strength.py [--games N] [--game classic] [--match A B ...]

For each match, one partnership of each level over N seeded games (the first
level sits North-South in even games, East-West in odd ones, so both see the
same deals from both sides): games won and the average points margin per game.
Then the time per choice of each level, over every choice it made. Whole
games take long at the searching levels (hard, expert): by default the
matches are between the rule-based levels; name others with ``--match``.
Duplicate deals measure strength in tricks more precisely: see
``benchmarks/levels.py``.

These matches were once tests (tests/test_players.py: normal beats random, normal
beats easy, easy beats random, 500 games in all); they are measured here now, and
each default match prints the floor that test held beside its figure.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.ai.play import play
from whist.ai.players import Player, RandomPlayer, make_player
from whist.engine.state import GameState

MATCHES = (("normal", "random"), ("normal", "easy"), ("easy", "random"))

#: What tests/test_players.py asked of each match before it moved here (games, wins, margin),
#: with what it measured then: printed beside the figures, never checked.
FORMER_FLOORS = {
    ("normal", "random"): "the suite's old floor: 180 of 200 won, margin over 4 (measured 199, 7.5)",
    ("normal", "easy"): "the suite's old floor: 150 of 200 won, margin over 2.5 (measured 181, 5.2)",
    ("easy", "random"): "the suite's old floor: 75 of 100 won (measured 95)",
}


def new_player(level: str, seed: int) -> Player:
    return RandomPlayer(seed) if level == "random" else make_player(level, seed)


def play_game(game: str, seed: int, levels: tuple[str, str], times: dict[str, list[float]]) -> GameState:
    """One game, ``levels[i]`` playing for side ``i``; each choice timed by level."""
    state = GameState(game, seed=seed)
    rules = state.rules
    level = {s: levels[rules.side_of(s)] for s in rules.seats}
    players = {s: new_player(level[s], seed * 8 + int(s)) for s in rules.seats}
    play(state, players, until="game",
         on_decision=lambda d: times.setdefault(level[d.seat], []).append(d.seconds))
    return state


def match(game: str, a: str, b: str, games: int, times: dict[str, list[float]]) -> tuple[int, float, int]:
    """Games won by ``a``, its average points margin, hands played."""
    won, margin, hands = 0, 0, 0
    for seed in range(games):
        side_a = seed % 2
        levels = (a, b) if side_a == 0 else (b, a)
        state = play_game(game, seed, levels, times)
        won += state.winner == side_a
        margin += state.scores[side_a] - sum(s for i, s in enumerate(state.scores) if i != side_a)
        hands += len(state.results)
    return won, margin / games, hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    parser.add_argument("--game", default="classic")
    parser.add_argument("--match", nargs=2, action="append", metavar=("A", "B"),
                        help="a match to play (repeatable; levels or 'random')")
    args = parser.parse_args(argv)
    matches = [tuple(m) for m in args.match] if args.match else MATCHES
    times: dict[str, list[float]] = {}
    print(f"{args.games} games per match of {args.game}; win rate and average points margin of the first")
    for a, b in matches:
        won, margin, hands = match(args.game, a, b, args.games, times)
        print(f"  {a:>6} vs {b:<6}  wins {won:4d}/{args.games} = {won / args.games:6.1%}   "
              f"margin {margin:+5.2f} points/game   ({hands} hands)")
        if (a, b) in FORMER_FLOORS:
            print(f"                  {FORMER_FLOORS[a, b]}")
    print("time per choice (CPython; expect 3-10x slower under Pyodide)")
    for level, ts in sorted(times.items()):
        ts.sort()
        p99 = ts[min(len(ts) - 1, int(len(ts) * 0.99))]
        print(f"  {level:>6}: {len(ts):7d} choices  mean {statistics.fmean(ts) * 1e3:.3f} ms  "
              f"median {statistics.median(ts) * 1e3:.3f} ms  p99 {p99 * 1e3:.3f} ms  max {ts[-1] * 1e3:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
