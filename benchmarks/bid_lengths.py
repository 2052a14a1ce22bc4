"""What a suit bid shows of its length: the table behind whist.ai.auction_read.BID_LENGTH.

    python benchmarks/bid_lengths.py [--deals 3000] [--seed 0]

Bids seeded Contract Whist deals with the rules of thumb at every seat (whist.ai.bidding: every
computer level bids by them) and, for the first bid of each suit by each seat, counts the length
the bidder held in that suit; beside it, the length of every hand in every suit. Prints both
shares by length and their ratio: how much likelier a length is in a hand that bid the suit than
in any hand. The weights in BID_LENGTH are these ratios in hundredths (lengths of two cards or
fewer, which the rules of thumb never bid, keep 0.05: a person might). Prints figures; it never
passes or fails.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.ai.auction_read import BID_LENGTH
from whist.ai.heuristic import RuleBasedPlayer
from whist.ai.play import Decision, play
from whist.engine.auction import DOUBLE, PASS, bid_strain, parse_bid
from whist.engine.cards import SUIT_MASK
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase


def measure(deals: int, first: int = 0) -> tuple[Counter[int], Counter[int]]:
    """Over the deals seeded ``first`` on: the lengths of the suits bid (each seat's first bid of
    each), and the lengths of every hand in every suit."""
    bid: Counter[int] = Counter()
    every: Counter[int] = Counter()
    bidder = RuleBasedPlayer()  # (every level bids by the rules of thumb)
    named: set[tuple[Seat, int]] = set()  # this deal's suits bid, by seat

    def count(decision: Decision) -> None:
        seat, call = decision.seat, decision.action
        if call not in (PASS, DOUBLE):
            suit = bid_strain(parse_bid(call))
            if suit is not None and (seat, suit) not in named:
                named.add((seat, suit))
                bid[(decision.observation.hand & SUIT_MASK[suit]).bit_count()] += 1

    for seed in range(first, first + deals):
        state = GameState("contract", seed=seed)
        hands = tuple(state.hands)
        named.clear()
        play(state, dict.fromkeys(state.rules.seats, bidder), on_decision=count,
             stop=lambda st: st.phase is not Phase.AUCTION)
        for seat in state.rules.seats:
            for suit in range(4):
                every[(hands[seat] & SUIT_MASK[suit]).bit_count()] += 1
    return bid, every


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    args = parser.parse_args(argv)
    bid, every = measure(args.deals, args.seed)
    bids, holdings = sum(bid.values()), sum(every.values())
    print(f"{args.deals} deals (seeds {args.seed}-{args.seed + args.deals - 1}): {bids} suits bid, {holdings} holdings")
    print("length  in a suit bid  in any hand  ratio  BID_LENGTH/100")
    for length in range(14):
        p, q = bid[length] / bids, every[length] / holdings
        ratio = f"{p / q:6.2f}" if q else "     -"
        print(f"{length:6d}  {p:13.3f}  {q:11.3f}  {ratio}  {BID_LENGTH[length] / 100:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
