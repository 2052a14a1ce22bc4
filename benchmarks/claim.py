"""How long a claim takes to check, at the worst moment: your turn with 4 or fewer tricks left,
where the check searches every play (``whist/engine/claim.py``), in CPython.

    python benchmarks/claim.py [--deals 300]

Plays seeded deals of Classic Whist (the computers at Easy, your cards the hint's) to your first
turn with 4 or fewer tricks left, then times the claim of the rest there. Prints figures; never
passes or fails. The browser runs Python some 2-3 times slower than CPython.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.engine.claim import NODE_LIMIT, SEARCH_TRICKS
from whist.table.session import Table


def position(seed: int) -> Table | None:
    """The table at your first turn with SEARCH_TRICKS or fewer tricks left (None if the hand ends first)."""
    table = Table(seed=seed, level="easy")
    while not table.is_over:
        st = table.state
        left = st.rules.tricks_per_hand - len(st.tricks)
        if table.human_to_play and table.view().phase == "play" and left <= SEARCH_TRICKS:
            return table
        if table.computer_to_play:
            table.computer_step()
            continue
        hint = table.hint()
        if hint is None:
            return None
        (table.human_play if table.view().phase == "play" else table.human_call)(hint)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    args = parser.parse_args(argv)
    times: list[float] = []
    accepted = 0
    for seed in range(args.deals):
        table = position(seed)
        if table is None:
            continue
        started = time.perf_counter()
        result = table.claim()
        times.append((time.perf_counter() - started) * 1000)
        accepted += result.ok
    times.sort()
    if not times:
        print("no position reached")
        return 0
    print(f"{len(times)} claims of the rest with {SEARCH_TRICKS} or fewer tricks left (node limit {NODE_LIMIT}): "
          f"median {times[len(times) // 2]:.1f} ms, p95 {times[int(len(times) * .95)]:.1f} ms, "
          f"max {times[-1]:.1f} ms; {accepted} accepted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
