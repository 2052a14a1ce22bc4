"""How the Contract Whist bidders do: contracts reached, made in play, and
compared with the double-dummy tricks the declaring side had.

    python benchmarks/bidding.py [--deals 300] [--level normal]

The double-dummy tricks come from DDS through endplay (a test dependency:
``pip install -e '.[test]'``). Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.ai.play import play
from whist.ai.players import make_player
from whist.engine.auction import Contract
from whist.engine.deal import format_pbn
from whist.engine.state import GameState


def dd_tricks(hands: tuple[int, int, int, int], contract: Contract) -> int:
    """Tricks the declarer takes double dummy in the contract's denomination (DDS)."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    table = calc_dd_table(Deal(format_pbn(hands)))
    denom = Denom.nt if contract.strain is None else Denom(contract.strain)  # endplay: S H D C NT = 0..4
    return int(table[denom, Player(contract.declarer)])                       # and N E S W = 0..3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    thrown = made = dd_makable = 0
    levels: Counter[int] = Counter()
    strains: Counter[str] = Counter()
    dd_margin, play_margin, dd_vs_play = [], [], []
    t0 = time.perf_counter()
    for i in range(args.deals):
        seed = args.seed * 100_000 + i
        state = GameState("contract", seed=seed)
        players = {s: make_player(args.level, seed * 4 + s) for s in state.rules.seats}
        dealt = state.hands
        play(state, players)
        result = state.results[-1]
        contract = result.contract
        if contract is None:
            thrown += 1
            continue
        side = state.rules.side_of(contract.declarer)
        taken = result.tricks[side]
        dd = dd_tricks(dealt, contract)
        levels[contract.level] += 1
        strains["NT" if contract.strain is None else "SHDC"[contract.strain]] += 1
        made += taken >= contract.level
        dd_makable += dd >= contract.level
        dd_margin.append(dd - contract.level)
        play_margin.append(taken - contract.level)
        dd_vs_play.append(taken - dd)
    played = args.deals - thrown
    print(f"Contract Whist bidders ({args.level}), {args.deals} seeded deals, {time.perf_counter() - t0:.1f} s")
    print(f"  thrown in (four passes):      {thrown} ({thrown / args.deals:.0%})")
    print(f"  contracts played:             {played}")
    print(f"  made in play:                 {made} ({made / played:.0%})")
    print(f"  makable double dummy:         {dd_makable} ({dd_makable / played:.0%})")
    print(f"  double-dummy tricks - level:  mean {statistics.mean(dd_margin):+.2f}, "
          f"median {statistics.median(dd_margin):+.1f}  (negative: overbid)")
    print(f"  tricks taken - level:         mean {statistics.mean(play_margin):+.2f}")
    print(f"  tricks taken - double dummy:  mean {statistics.mean(dd_vs_play):+.2f}  (the play's cost)")
    print("  levels:  " + "  ".join(f"{k}: {v}" for k, v in sorted(levels.items())))
    print("  denominations:  " + "  ".join(f"{k}: {v}" for k, v in sorted(strains.items())))


if __name__ == "__main__":
    main()
