"""How long the hand review's analysis takes: every play of a finished hand marked double
dummy, as the analyst worker marks them (one position at a time from the last play back, one
solver kept for the hand, no node limit), in CPython; the page's worker takes about 1.5 times as
long.

Each hand is played by the computers at Normal and by you (South) with your lowest legal card,
as the end-to-end tests play it. The end-to-end tests review cheap deals (deal 8: under a
tenth of a second); the figures here are the ones a player meets. Prints figures; it never
passes or fails.

    python benchmarks/review.py [--game classic] [--deals 4242 5 11 14]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.ai.review import HandReview
from whist.table import Table


def finished(game: str, deal: int) -> Table:
    """The first hand of ``deal``, played to its end with your lowest legal card (and your dummy's)."""
    table = Table(seed=deal, game=game)
    while table.state.phase.value not in ("hand-over", "game-over"):
        while table.computer_step():
            pass
        view = table.view()
        if view.phase == "auction":  # Contract Whist: pass
            table.human_call("pass")
            continue
        if view.phase != "play":
            break
        dummy = view.dummy
        cards = list(view.hand) + (list(dummy.cards) if dummy and dummy.yours and dummy.cards else [])
        table.human_play(min(c.card for c in cards if c.legal))
    return table


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="classic")
    ap.add_argument("--deals", type=int, nargs="*", default=[4242, 5, 11, 14, 8])
    args = ap.parse_args()
    print(f"{'deal':>6} {'plays':>5} {'seconds':>8} {'slowest play s':>14} {'costly plays':>12}")
    for deal in args.deals:
        state = finished(args.game, deal).state
        if not state.tricks:
            print(f"{deal:>6} thrown in (every seat passed): nothing to review")
            continue
        review = HandReview.of(state)
        times = []
        start = last = time.perf_counter()
        for _ in review.steps(node_limit=None):
            now = time.perf_counter()
            times.append(now - last)
            last = now
        costly = sum(1 for m in review.marks if m.before is not None and m.after is not None and m.before != m.after)
        print(f"{deal:>6} {len(times):>5} {time.perf_counter() - start:>8.2f} {max(times):>14.2f} {costly:>12}")


if __name__ == "__main__":
    main()
