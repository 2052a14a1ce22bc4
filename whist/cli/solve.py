"""Solve a deal double dummy from the command line.

    python -m whist.solve "N:AKQJ.T98.765.432 ..." --trump NT --leader W [--cards]

Prints the tricks (of those left) that the side on lead takes with best play
by both sides, and with ``--cards`` the value of each legal card of the player
to move. Hands may be partial (equal sizes) and ``-`` marks an absent seat.
With ``--trick`` the cards already played to the current trick (from the
leader on) are given, e.g. ``--trick "KS 2S"``: the deal then shows the hands
as they were before the trick.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from whist.ai.solver import SolverLimitError, solve, solve_cards
from whist.engine.cards import card_name, parse_card, parse_suit
from whist.engine.deal import Hands, parse_pbn
from whist.engine.seats import Seat


def parse_trump(text: str) -> int | None:
    """``S H D C`` or ``NT`` (also ``N``) for no trump."""
    if text.strip().upper() in ("NT", "N"):
        return None
    try:
        return parse_suit(text)
    except ValueError:
        raise ValueError(f"not a trump: {text!r} (use S, H, D, C or NT)") from None


def parse_sides(text: str) -> list[list[Seat]]:
    """``NS-EW`` or ``N-S`` (German Whist): two groups of seat letters."""
    groups = text.upper().split("-")
    if len(groups) != 2 or not all(groups):
        raise ValueError(f"not two sides: {text!r} (write them as NS-EW or N-S)")
    return [[Seat.parse(ch) for ch in g] for g in groups]


def take_trick(deal: Hands, leader: Seat, text: str) -> tuple[Hands, list[tuple[Seat, int]]]:
    """Take the cards of the current trick (named from the leader on) out of
    the hands: the PBN deal shows the hands as they were before the trick."""
    hands = list(deal)
    seats = [p for p in Seat if deal[p]]
    if leader not in seats:
        raise ValueError(f"the leader {leader.name} holds no cards")
    trick = []
    p = leader
    for name in text.replace(",", " ").split():
        card = parse_card(name)
        if not hands[p] >> card & 1:
            raise ValueError(f"{card_name(card)} is not in {p.long_name}'s hand")
        hands[p] ^= 1 << card
        trick.append((p, card))
        p = seats[(seats.index(p) + 1) % len(seats)]
    return (hands[0], hands[1], hands[2], hands[3]), trick


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m whist.solve", description=__doc__.split("\n")[0])
    ap.add_argument("deal", help='PBN deal, e.g. "N:AKQJ.T98.765.432 - ..." (- for an absent seat)')
    ap.add_argument("--trump", required=True, help="S, H, D, C or NT")
    ap.add_argument("--leader", required=True, help="the seat on lead to the current trick: N, E, S or W")
    ap.add_argument("--trick", default="", help='cards already played to the current trick, e.g. "KS 2S"')
    ap.add_argument("--sides", default=None,
                    help="the two sides, e.g. NS-EW (default for four hands), N-S (two hands); needed for three")
    ap.add_argument("--cards", action="store_true", help="also print each legal card of the player to move")
    ap.add_argument("--node-limit", type=int, default=None, help="give up after this many nodes")
    args = ap.parse_args(argv)
    if args.node_limit is not None and args.node_limit < 1:
        ap.error("--node-limit must be at least 1")
    try:
        deal = parse_pbn(args.deal)
        trump = parse_trump(args.trump)
        leader = Seat.parse(args.leader)
        sides = parse_sides(args.sides) if args.sides else None
        deal, trick = take_trick(deal, leader, args.trick)
        tricks = solve(deal, trump, leader, trick=trick, sides=sides, node_limit=args.node_limit)
        values = (solve_cards(deal, trump, leader, trick=trick, sides=sides, node_limit=args.node_limit)
                  if args.cards else {})
    except (ValueError, SolverLimitError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(tricks)
    if args.cards:
        for card in sorted(values, key=lambda c: (c // 13, -(c % 13))):
            print(f"{card_name(card)} {values[card]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
