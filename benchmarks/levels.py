"""How much stronger each level is than the one below, and how long it takes a card.

    python benchmarks/levels.py [--deals 300] [--seed 0] [--match normal random ...] [--no-cap]
    python benchmarks/levels.py --match hard:spread=1.5 hard --deals 300

Duplicate deals (:mod:`whist.cli.arena`): each deal is played twice with the same
cards, the partnerships swapped. For each match it prints the first level's
advantage in tricks per deal (its pair's tricks at one table less the other
pair's in the same seats at the other) with a 95% confidence interval, then
the time per card of each level in CPython (p50, p95, max), over every card
it chose. Targets (issue 6): Normal vs random at least +1.7, Hard vs Normal at
least +0.25, Expert vs Hard printed over at least 300 deals (and Expert as
strong as a GIB-style player: benchmarks/gib.py); Hard within 300 ms a card in
the browser and Expert within 1.5 s (benchmarks/browser_ai.py). ``--no-cap`` lifts
the Monte Carlo levels' time cap, so that a busy machine does not cut their
searches short: every card then gets the fixed number of deals (the strength
they play at when the cap does not bind). Prints figures; it never passes or
fails.

Two short matches were once tests and are measured here now: Hard vs Normal
(tests/test_montecarlo.py, 6 deals, Hard at 6 samples and no cap, asked a mean over
-0.5; measured +0.83) and Normal vs random (tests/test_arena.py, 10 deals, asked over
+2.0; measured +3.6 over 40 deals). Each default match prints that old floor beside
its figure; ``--match hard normal --deals 6 --seed 11 --no-cap`` is near the old test.
``--match normal normal-plain`` measures what Normal's count signals cost it (issue 40): the
level ``normal-plain`` is Normal playing its lowest card where it would signal; ``hard-plain``,
Hard keeping that plain card where its search is level (the players of its playouts still signal).
A searching level with changes to its settings (:meth:`whist.ai.montecarlo.Settings.changed`) is
named ``hard:spread=1.5``: ``--match hard:spread=1.5 hard`` measures a change against the level.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.ai.heuristic import RuleBasedPlayer
from whist.ai.montecarlo import SETTINGS, MonteCarloPlayer
from whist.cli.arena import Factory, MatchResult, duplicate

MATCHES = (("normal", "random"), ("hard", "normal"), ("expert", "hard"))

#: What the suite asked of a match before it moved here: printed, never checked.
FORMER_FLOORS = {
    ("normal", "random"): "the suite's old floor: over +2.0 a deal over 10 deals (tests/test_arena.py)",
    ("hard", "normal"): "the suite's old floor: over -0.5 a deal over 6 deals (tests/test_montecarlo.py)",
}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="duplicate deals per match (default 300)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--match", nargs=2, action="append", metavar=("A", "B"),
                        help="a match to play (repeatable); default: " +
                        ", ".join(f"{a} vs {b}" for a, b in MATCHES))
    parser.add_argument("--no-cap", action="store_true",
                        help="no time cap for hard and expert (their fixed sample counts on every card)")
    args = parser.parse_args(argv)
    matches = [tuple(m) for m in args.match] if args.match else list(MATCHES)
    times: dict[str, list[float]] = {}
    print(f"{args.deals} duplicate deals per match (seed {args.seed}), Classic Whist, one hand a deal"
          + (", no time cap" if args.no_cap else ""))

    def player(level: str) -> str | Factory:
        if level == "normal-plain":  # Normal without count signals: the lowest card where it would signal
            return lambda seed: RuleBasedPlayer(seed, signals=False)
        if level == "hard-plain":  # Hard keeping Normal's plain card (its playouts' players still signal)
            plain = SETTINGS["hard"].but(signals=False, **({"budget": None} if args.no_cap else {}))
            return lambda seed: MonteCarloPlayer(seed, plain)
        base, _, changes = level.partition(":")
        if base in SETTINGS and (changes or args.no_cap):
            try:
                settings = SETTINGS[base].but(**({"budget": None} if args.no_cap else {})).changed(changes)
            except ValueError as err:
                parser.error(f"--match {level}: {err}")
            return lambda seed: MonteCarloPlayer(seed, settings)
        return level

    for a, b in matches:
        start = time.perf_counter()

        def show(n: int, r: MatchResult, a: str = a, b: str = b) -> None:
            if n % 10 == 0:
                print(f"    {a} vs {b}: {n} deals, {r.mean:+.3f} +- {r.half_width:.3f}", file=sys.stderr, flush=True)

        result = duplicate(player(a), player(b), args.deals, args.seed, show)
        for who, level in (("A", a), ("B", b)):
            times.setdefault(level, []).extend(result.times.get(who, []))
        lo, hi = result.mean - result.half_width, result.mean + result.half_width
        print(f"  {a:>6} vs {b:<6} {result.mean:+.3f} tricks/deal  95% CI [{lo:+.3f}, {hi:+.3f}]"
              f"  ({time.perf_counter() - start:.0f} s)", flush=True)
        if (a, b) in FORMER_FLOORS:
            print(f"                  {FORMER_FLOORS[a, b]}", flush=True)
    print("time per card in CPython")
    for level, ts in sorted(times.items()):
        ms = [t * 1e3 for t in ts]
        print(f"  {level:>6}: {len(ms):6d} cards  p50 {statistics.median(ms):8.2f} ms  "
              f"p95 {pct(ms, 0.95):8.2f} ms  max {max(ms):8.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
