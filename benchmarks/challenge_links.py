"""The length of a challenge link (issue 39, part 2): the fragment's text for 1, 4 and 8 deals of
Classic Whist and 4 of Contract Whist, with the sender's play and with the reply's too.

    python benchmarks/challenge_links.py [--seeds 5]

Each deal is played to its end by the computers a challenge seats (your seat at Normal, the
others at Normal and Hard, uncapped), over several sets of deals; prints the shortest, the
median and the longest text, and the bits each card or call costs (mixed radix: a forced card
costs none). The target: a 4-deal Classic challenge in 1,000 characters. Prints figures; never
passes or fails.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from whist.engine.seats import Seat
from whist.table.challenge import Challenge, encode, replay_hand, seated


def lengths(game: str, deals: int, seed: int) -> tuple[int, int, int]:
    """(text with one play, text with both plays, actions of one play) for one set of deals."""
    rng = random.Random(f"{game}:{deals}:{seed}")
    base = Challenge(game, {}, ("normal", "hard"), tuple((rng.randrange(10**12), Seat.N) for _ in range(deals)), ())
    play = [replay_hand(base, i, seated(base, i)) for i in range(deals)]
    one = base.with_play("Anna", play)
    both = one.with_play("Benedict", play)
    return len(encode(one)), len(encode(both)), sum(len(p) for p in play)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5, help="sets of deals per row")
    args = parser.parse_args()
    print(f"challenge link length in characters, over {args.seeds} sets of deals (min / median / max)")
    for game, deals in (("classic", 1), ("classic", 4), ("classic", 8), ("contract", 4)):
        rows = [lengths(game, deals, s) for s in range(args.seeds)]
        one = [r[0] for r in rows]
        both = [r[1] for r in rows]
        per = statistics.mean((b - o) * 6 / r[2] for (o, b, _), r in zip(rows, rows, strict=True))
        print(f"  {game:8} {deals} deal{'s' if deals > 1 else ' '}: sender only {min(one)} / "
              f"{statistics.median(one):.0f} / {max(one)}; with the reply {min(both)} / "
              f"{statistics.median(both):.0f} / {max(both)}; about {per:.1f} bits a move")


if __name__ == "__main__":
    main()
