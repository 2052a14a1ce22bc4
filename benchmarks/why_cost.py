"""What asking a computer why costs the page, in CPython: a computer's card (``Table.computer_step``,
which now goes through its player's ``advise`` and keeps the reason) and the view made after it
(``Table.view``, whose trick and last trick word the reasons kept), each with the reasons kept and
with none (the view's cost before them).

    python benchmarks/why_cost.py [--seeds 8]

Plays seeded games (Normal computers; your cards the hint's) of Classic, Contract and German Whist,
timing every computer's card and the view after it. Prints figures; never passes or fails. The
browser runs Python some 2-3 times slower than CPython.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.table.session import Table


def run(seeds: int, keep: bool) -> tuple[float, float, int]:
    """Mean ms of a computer's card and of the view after it, and how many cards."""
    step = view = 0.0
    n = 0
    for seed in range(seeds):
        for game in ("classic", "contract", "german"):
            table = Table(seed=seed, game=game)
            for _ in range(120):
                if table.computer_to_play:
                    t0 = time.perf_counter()
                    table.computer_step()
                    t1 = time.perf_counter()
                    if not keep:
                        table.whys.clear()
                    t2 = time.perf_counter()
                    table.view()
                    step += t1 - t0
                    view += time.perf_counter() - t2
                    n += 1
                elif table.human_to_play:
                    hint = table.hint() or ""
                    (table.human_call if table.in_auction else table.human_play)(hint)
                elif not table.proceed():
                    break
    return step / n * 1e3, view / n * 1e3, n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=8)
    args = parser.parse_args()
    for keep in (True, False, True, False):  # twice each, interleaved: the machine's load shows
        step, view, n = run(args.seeds, keep)
        print(f"reasons {'kept' if keep else 'none'}: computer's card {step:.3f} ms, view after it "
              f"{view:.3f} ms (mean of {n})")


if __name__ == "__main__":
    main()
