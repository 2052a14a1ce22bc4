"""What knowing more cards is worth to the GIB-style player: the room above honest play.

    python benchmarks/peek.py [--sees partner|lengths|honours|all] [--deals 100] [--samples 10] [--seed 7]
        [--first 0]

A yardstick for Expert's inference, not a player anyone meets. Two pairs of the
GIB-style player of ``benchmarks/gib.py`` (``--samples`` deals of the hidden cards,
each solved by DDS, best average wins) play duplicate deals of Classic Whist (the
deals of gib.py's seed); one pair is told more than its observation:

- ``--sees partner``: each of its players is shown partner's cards still held, as a
  dummy's are shown in bridge, and deals only the opponents' cards at random. This
  is the most that reading partner's play (inference, signals) could ever tell.
- ``--sees lengths``: it is told how many cards of each suit partner holds (as
  perfect count signals would), and deals only layouts that agree.
- ``--sees honours``: it is told which honours (ace to jack) partner holds, and no
  more (as perfect attitude signals would), and deals only layouts that agree.
- ``--sees all``: it is shown every hand, so its one deal is the real one: double
  dummy, the ceiling of any inference.

The first three tell what a convention between partners could be worth, and which
kind of fact most: a signal can carry only a little of it.

``--player expert`` plays Expert (no time cap) in place of the GIB-style player on
both sides, the informed pair shown partner's cards (``--sees partner`` only): does
Expert's search turn what it is told into tricks as GIB-style's does? If it does, its
room is in what it can learn; if not, in how it values the deals.

Prints the informed pair's advantage in tricks a deal with a 95% interval
(Student's t). A dishonest player by design: it exists only to measure how much
an honest one leaves on the table. Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from gib import SEATS, GibPlayer, dd_values  # noqa: E402

from whist.ai.montecarlo import EXPERT, MonteCarloPlayer  # noqa: E402
from whist.ai.play import play  # noqa: E402
from whist.ai.sampling import DealSampler  # noqa: E402
from whist.cli.arena import deal_seed, half_width, timer  # noqa: E402
from whist.engine.cards import SUIT_MASK, card_name, cards_of  # noqa: E402
from whist.engine.deal import Hands  # noqa: E402
from whist.engine.observation import Observation  # noqa: E402
from whist.engine.seats import Seat  # noqa: E402
from whist.engine.state import GameState  # noqa: E402

SEES = ("partner", "lengths", "honours", "all")
HONOURS = sum(1 << (13 * suit + rank) for suit in range(4) for rank in range(9, 13))
"""Aces, kings, queens and jacks (ranks 9 to 12 of each suit)."""
TRIES = 1_000_000
"""Deals drawn at most for one that agrees with partner's lengths or honours."""


def told(sees: str, hand: int) -> int | tuple[int, ...]:
    """What ``--sees lengths`` or ``honours`` tells of partner's cards still held ``hand``."""
    if sees == "lengths":
        return tuple((hand & SUIT_MASK[suit]).bit_count() for suit in range(4))
    return hand & HONOURS


class PeekingGib(GibPlayer):
    """The GIB-style player shown more than its observation: ``hands()`` gives the hands
    still held at the table (the truth), ``sees`` which of them it is shown."""

    def __init__(self, seed: int, hands: Callable[[], Hands], sees: str, samples: int = 10) -> None:
        if sees not in SEES:
            raise ValueError(f"--sees is one of {', '.join(SEES)}, not {sees!r}")
        super().__init__(seed, samples)
        self.hands = hands
        self.sees = sees

    def choose(self, obs: Observation) -> str:
        legal = list(cards_of(obs.legal))
        if len(legal) == 1:
            return card_name(legal[0])
        truth = self.hands()
        if self.sees == "all":
            values = dd_values(obs, truth)
            return card_name(max(legal, key=lambda c: (values[c], -c)))
        partner = obs.partner
        if partner is None:
            raise ValueError(f"--sees {self.sees} needs a game of partners")
        # Partner's cards shown (all of them, or its honours) are placed as a dummy's are:
        # the sampler deals only the rest, and a deal that gives partner another honour or
        # other lengths is drawn again.
        shown = {"partner": truth[partner], "honours": truth[partner] & HONOURS}.get(self.sees, 0)
        sampler = DealSampler(dataclasses.replace(obs, exposed=((partner, shown),)) if shown else obs)
        fact = told(self.sees, truth[partner])
        totals = dict.fromkeys(legal, 0)
        for _ in range(self.samples):
            deal = sampler.sample(self.rng)
            tries = 1
            while self.sees != "partner" and told(self.sees, deal[partner]) != fact:
                if tries == TRIES:
                    raise RuntimeError(f"no deal agreeing with partner's {self.sees} in {TRIES} tries")
                deal = sampler.sample(self.rng)
                tries += 1
            for c, tricks in dd_values(obs, deal).items():
                if c in totals:
                    totals[c] += tricks
        return card_name(max(legal, key=lambda c: (totals[c], -c)))


class PeekingExpert:
    """Expert (no time cap) shown partner's cards still held, as a dummy's are shown."""

    def __init__(self, seed: int, hands: Callable[[], Hands]) -> None:
        self.player = MonteCarloPlayer(seed, EXPERT.but(budget=None))
        self.hands = hands

    def choose(self, obs: Observation) -> str:
        partner = obs.partner
        if partner is None:
            raise ValueError("--player expert needs a game of partners")
        return self.player.choose(dataclasses.replace(obs, exposed=((partner, self.hands()[partner]),)))


def peek_deal(index: int, seed: int, sees: str, samples: int, times: dict[str, list[float]],
              player: str = "gib") -> int:
    """Deal ``index`` of ``seed`` played twice, the informed pair North-South at table one and
    East-West at table two: its tricks at table one less the plain pair's in the same seats."""
    gs = deal_seed(seed, index)
    north_south = []
    for informed_side in (0, 1):
        state = GameState("classic", seed=gs)
        players = {}
        labels = {}
        for s in SEATS:
            informed = int(s) % 2 == informed_side
            seat_seed = gs * 4 + int(s)
            if player == "expert":
                players[s] = (PeekingExpert(seat_seed, lambda table=state: table.hands) if informed
                              else MonteCarloPlayer(seat_seed, EXPERT.but(budget=None)))
            else:
                players[s] = (PeekingGib(seat_seed, lambda table=state: table.hands, sees, samples) if informed
                              else GibPlayer(seat_seed, samples))
            labels[s] = "informed" if informed else "plain"
        play(state, players, on_decision=timer(labels, times))
        north_south.append(state.results[-1].tricks[int(Seat.N) % 2])
    return north_south[0] - north_south[1]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sees", choices=SEES, default="partner")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--player", choices=("gib", "expert"), default="gib")
    parser.add_argument("--first", type=int, default=0, help="the first deal's index in the seed's sequence")
    args = parser.parse_args(argv)
    if args.deals < 2 or args.samples < 1:
        parser.error("--deals is at least 2 (an interval needs two), --samples at least 1")
    if args.player == "expert" and args.sees != "partner":
        parser.error("--player expert is shown partner's cards only (--sees partner)")
    t0 = time.perf_counter()
    diffs: list[int] = []
    times: dict[str, list[float]] = {}
    for i in range(args.first, args.first + args.deals):
        diffs.append(peek_deal(i, args.seed, args.sees, args.samples, times, args.player))
        print(f"  deal {i}: {diffs[-1]:+d}", file=sys.stderr, flush=True)
        if len(diffs) % 10 == 0:
            print(f"  after {len(diffs)} deals: {statistics.fmean(diffs):+.3f} +- {half_width(diffs):.3f}",
                  file=sys.stderr, flush=True)
    shown = {"partner": "partner's cards", "lengths": "partner's suit lengths", "honours": "partner's honours",
             "all": "every hand"}[args.sees]
    who = "Expert (no time cap)" if args.player == "expert" else f"GIB-style ({args.samples} deals solved by DDS)"
    print(f"{who} shown {shown} against the same unshown, {args.deals} duplicate deals, "
          f"{time.perf_counter() - t0:.0f} s")
    mean = statistics.fmean(diffs)
    print(f"  advantage: {mean:+.3f} tricks a deal, 95% CI [{mean - half_width(diffs):+.3f}, "
          f"{mean + half_width(diffs):+.3f}]")


if __name__ == "__main__":
    main()
