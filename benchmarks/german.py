"""German Whist: the computer player against a simple one, and its time per card.

    python benchmarks/german.py [--deals 300] [--times-only] [--general]

The simple player wins the trick when the face-up card is an honour or a
trump and otherwise loses as cheaply as it can; in Phase Two it plays
greedily (the cheapest card that wins the trick, else its lowest). Each deal
is played twice with the seats swapped. Then it times the first Phase Two
card (13 tricks to go) by the exact two-hand search the computer uses
(``whist.ai.twohand.choose_two``) on random deals, and with ``--general`` by the
general four-hand solver it replaced. Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.ai.german import GermanPlayer, cards_of
from whist.ai.knowledge import beats
from whist.ai.play import play
from whist.ai.players import Player
from whist.ai.solver import solve_cards
from whist.ai.twohand import choose_two
from whist.cli.arena import half_width
from whist.engine.cards import JACK, card_name, rank_of, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState
from whist.engine.trick import trick_winner


class SimplePlayer:
    def choose(self, obs: Observation) -> str:
        legal = sorted(cards_of(obs.legal), key=lambda c: (rank_of(c), c))
        want = obs.face_up is None or rank_of(obs.face_up) >= JACK or suit_of(obs.face_up) == obs.trump
        if obs.trick:
            best = obs.trick[trick_winner([c for _, c in obs.trick], obs.trump)][1]
            winners = [c for c in legal if beats(c, best, obs.trump)]
            if want and winners:
                return card_name(winners[0])
            losers = [c for c in legal if c not in winners]
            return card_name((losers or legal)[0])
        return card_name(legal[-1] if want else legal[0])


def play_deal(seed: int, north: Player, south: Player) -> tuple[int, int]:
    state = GameState("german", seed=seed)
    play(state, {state.rules.seats[0]: north, state.rules.seats[1]: south})
    return state.results[-1].points  # type: ignore[return-value]


def phase_two_times(deals: int, general: bool = False) -> list[float]:
    """Seconds for the first Phase Two card (13 tricks to go), by exact search:
    the two-hand solver's choice, or (``general``) every card's value by the
    general solver."""
    out = []
    for seed in range(deals):
        rng = random.Random(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        hands = (sum(1 << c for c in deck[:13]), 0, sum(1 << c for c in deck[13:26]), 0)
        trump, leader = suit_of(deck[40]), Seat(rng.choice((0, 2)))
        t = time.perf_counter()
        if general:
            solve_cards(hands, trump, leader, sides=((Seat.N,), (Seat.S,)))
        else:
            choose_two(hands, trump, leader)
        out.append(time.perf_counter() - t)
    return out


def report(label: str, times: list[float]) -> None:
    times = sorted(times)
    median, p95, top = (1000 * x for x in (statistics.median(times), times[int(0.95 * (len(times) - 1))], times[-1]))
    print(f"  Phase Two, first card by exact search (13 tricks, CPython), {label}, {len(times)} deals: "
          f"p50 {median:.1f} ms, p95 {p95:.1f} ms, max {top:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--times-only", action="store_true", help="only the Phase Two times")
    parser.add_argument("--general", action="store_true", help="time the general solver too")
    args = parser.parse_args()
    if not args.times_only:
        margins = []
        by_deal = []  # the two tables of a deal share its cards: the interval is over deals
        t0 = time.perf_counter()
        for seed in range(args.deals):
            n, s = play_deal(seed, GermanPlayer(seed), SimplePlayer())
            margins.append(n - s)
            n, s = play_deal(seed, SimplePlayer(), GermanPlayer(seed))
            margins.append(s - n)
            by_deal.append((margins[-2] + margins[-1]) / 2)
        half = half_width(by_deal)
        print(f"German Whist, {args.deals} deals x 2 (seats swapped), {time.perf_counter() - t0:.0f} s")
        print(f"  computer vs simple: {statistics.mean(margins):+.2f} points a table (95% CI ±{half:.2f}), "
              f"wins {sum(m > 0 for m in margins)}/{len(margins)} tables")
    count = max(60, min(args.deals, 200))
    report("two-hand solver (choose_two)", phase_two_times(count))
    if args.general:
        report("general solver (solve_cards)", phase_two_times(count, general=True))


if __name__ == "__main__":
    main()
