"""How fast the double-dummy solver is: median, p90 and max time and nodes.

Random positions at a trick boundary (four hands, the leader's side solved),
half with a trump suit and half at no trump, for several numbers of tricks
remaining. Prints figures; it never passes or fails.

    python benchmarks/solver.py [--deals N] [--tricks 6 7 8 9 13]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.ai.solver import _Position
from whist.engine.seats import Seat


def random_position(rng: random.Random, tricks: int) -> tuple[tuple[int, int, int, int], int | None, Seat]:
    """``tricks`` cards to each of four hands from a shuffled deck."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i in range(4 * tricks):
        hands[i % 4] |= 1 << deck[i]
    trump = rng.choice((0, 1, 2, 3))
    return (hands[0], hands[1], hands[2], hands[3]), trump, Seat(rng.randrange(4))


def measure(hands: tuple[int, int, int, int], trump: int | None, leader: Seat) -> tuple[float, int, int]:
    """Seconds, nodes and result of one solve (the same path as ``solve``)."""
    t0 = time.perf_counter()
    pos = _Position(hands, trump, leader, (), None, None)
    gone = ((1 << 52) - 1) & ~(hands[0] | hands[1] | hands[2] | hands[3])
    tricks = pos.best(pos.side[pos.leader], pos.mover, 0, -1, -1, -1, 0, gone, pos.rem)
    return time.perf_counter() - t0, pos.search.node_count(), tricks


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=30, help="positions per size (a third of it for 13 tricks)")
    ap.add_argument("--tricks", type=int, nargs="*", default=[6, 7, 8, 9, 13])
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()
    print(f"{'tricks':>6} {'denom':>5} {'n':>4} {'median ms':>10} {'p90 ms':>9} {'max ms':>9}"
          f" {'med nodes':>10} {'max nodes':>10}")
    for tricks in args.tricks:
        count = max(2, args.deals // 3) if tricks > 10 else args.deals
        for label in ("trump", "NT"):
            rng = random.Random(f"{args.seed}-{tricks}-{label}")
            times, nodes = [], []
            for _ in range(count):
                hands, trump, leader = random_position(rng, tricks)
                secs, n, _ = measure(hands, trump if label == "trump" else None, leader)
                times.append(secs * 1000)
                nodes.append(n)
            print(f"{tricks:>6} {label:>5} {count:>4} {statistics.median(times):>10.1f} {pct(times, 0.9):>9.1f}"
                  f" {max(times):>9.1f} {statistics.median(nodes):>10.0f} {max(nodes):>10}", flush=True)


if __name__ == "__main__":
    main()
