"""Expert against a GIB-style player: 10 sampled deals, each solved exactly by DDS.

    python benchmarks/gib.py [--deals 100] [--samples 10] [--level expert] [--no-cap]
        [--first 0] [--log /tmp/gib.log]

The yardstick is the method of GIB, the bridge program: deal the unseen
cards at random consistently with the play so far (voids, hand sizes, the
turn-up on show; the project's own sampler, without inference), solve each
deal exactly with DDS (the standard C solver, through endplay: a test
dependency, it cannot run in the browser), and play the card with the best
average. Duplicate deals (same cards, seats swapped) via whist.cli.arena; prints
the level's advantage in tricks a deal with a 95% interval, and the time per
card of each side. ``--no-cap`` lifts the level's time cap, so that a busy
machine does not cut its search short. ``--first`` starts at that deal of the
seed's sequence (deal i is the same deal whatever the split), and ``--log``
appends each deal's result to a file and, started again, skips the deals it
already holds and counts them: a long run can be split into pieces or resumed,
and the figure is the same as one run's. The log's first line names the run
(level, samples, seed, cap) and a digest of the project's modules it loads;
a log of another run or of other code is refused, not mixed in.
Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from whist.ai.montecarlo import SETTINGS, MonteCarloPlayer  # noqa: E402
from whist.ai.players import Player, make_player  # noqa: E402
from whist.ai.sampling import DealSampler  # noqa: E402
from whist.cli.arena import MatchResult, deal_seed, play_table  # noqa: E402
from whist.engine.cards import card_name, cards_of  # noqa: E402
from whist.engine.deal import format_pbn  # noqa: E402
from whist.engine.observation import Observation  # noqa: E402
from whist.engine.seats import Seat  # noqa: E402


def dd_values(obs: Observation, hands: tuple[int, int, int, int]) -> dict[int, int]:
    """Each card the mover may play, and its side's tricks with it, solved exactly by DDS
    on the deal ``hands`` (the cards still held; the trick's cards are put back)."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    full = list(hands)
    for seat, card in obs.trick:
        full[seat] |= 1 << card
    leader = obs.trick[0][0] if obs.trick else obs.to_play
    if leader is None:
        raise ValueError("no one is to play in this observation")
    deal = Deal(format_pbn((full[0], full[1], full[2], full[3])), first=Player(int(leader)),
                trump=Denom(4 if obs.trump is None else obs.trump))
    for _, card in obs.trick:
        name = card_name(card)
        deal.play(name[1] + name[0])
    return {int(solved.suit) * 13 + solved.rank.to_alternate() - 2: tricks for solved, tricks in solve_board(deal)}


class GibPlayer:
    """Sample ``samples`` deals of the hidden cards, solve each with DDS, best average wins."""

    def __init__(self, seed: int, samples: int = 10) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def choose(self, obs: Observation) -> str:
        legal = list(cards_of(obs.legal))
        if len(legal) == 1:
            return card_name(legal[0])
        sampler = DealSampler(obs)
        totals = dict.fromkeys(legal, 0)
        for _ in range(self.samples):
            hands = list(sampler.sample(self.rng))
            hands[obs.seat] = obs.hand
            for c, tricks in dd_values(obs, (hands[0], hands[1], hands[2], hands[3])).items():
                if c in totals:
                    totals[c] += tricks
        return card_name(max(legal, key=lambda c: (totals[c], -c)))


def code_digest() -> str:
    """A digest of the code the run plays with: every module of the project it has loaded."""
    h = hashlib.sha256()
    files = sorted({Path(m.__file__).resolve() for name, m in list(sys.modules.items())
                    if name.split(".")[0] == "whist" and getattr(m, "__file__", None)})
    for path in files:
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def read_log(path: Path, header: str) -> dict[int, int]:
    """The deals a log already holds, index to difference; exits if it is another run's log."""
    done: dict[int, int] = {}
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(header + "\n")
        return done
    lines = path.read_text().splitlines()
    if not lines or lines[0] != header:
        sys.exit(f"{path} is the log of another run or of other code:\n  its header: "
                 f"{lines[0] if lines else '(empty)'}\n  this run:   {header}\nUse another --log.")
    for n, line in enumerate(lines[1:], 2):
        parts = line.split()
        try:
            done[int(parts[0])] = int(parts[1])
        except (IndexError, ValueError):
            sys.exit(f"{path}:{n}: not a deal's line (index and difference): {line!r}")
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-cap", action="store_true", help="no time cap for hard and expert")
    parser.add_argument("--first", type=int, default=0, help="the first deal's index in the seed's sequence")
    parser.add_argument("--log", help="append each deal's result here; deals already in it are counted, not played")
    args = parser.parse_args()
    if args.no_cap and args.level in SETTINGS:
        settings = SETTINGS[args.level].but(budget=None)

        def ours(seed: int) -> Player:
            return MonteCarloPlayer(seed, settings)
    else:
        def ours(seed: int) -> Player:
            return make_player(args.level, seed)
    t0 = time.perf_counter()

    def theirs(seed: int) -> Player:
        return GibPlayer(seed, args.samples)

    result = MatchResult()
    header = (f"# gib.py level={args.level} samples={args.samples} seed={args.seed} "
              f"cap={'none' if args.no_cap else 'browser'} code={code_digest()}")
    done = read_log(Path(args.log), header) if args.log else {}
    for i in range(args.first, args.first + args.deals):
        if i in done:
            result.diffs.append(done[i])
        else:
            # As whist.cli.arena.duplicate: A's pair N-S at table one, E-W at table two.
            gs = deal_seed(args.seed, i)
            ns = []
            for a_side in (0, 1):
                players: dict[Seat, Player] = {}
                labels: dict[Seat, str] = {}
                for s in (Seat.N, Seat.E, Seat.S, Seat.W):
                    mine = int(s) % 2 == a_side
                    players[s] = (ours if mine else theirs)(gs * 4 + int(s))
                    labels[s] = "A" if mine else "B"
                ns.append(play_table(gs, players, labels, result.times)[0])
            result.diffs.append(ns[0] - ns[1])
            if args.log:
                with open(args.log, "a") as f:
                    print(i, ns[0] - ns[1], file=f)
        n = len(result.diffs)
        if n % 10 == 0:
            print(f"  after {n} deals: {result.mean:+.3f} +- {result.half_width:.3f}", file=sys.stderr, flush=True)
    print(f"{args.level}{' (no time cap)' if args.no_cap else ''} vs GIB-style ({args.samples} deals solved "
          f"by DDS), {args.deals} duplicate deals, "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"  advantage: {result.mean:+.3f} tricks a deal, 95% CI [{result.mean - result.half_width:+.3f}, "
          f"{result.mean + result.half_width:+.3f}]")
    for side, name in (("A", args.level), ("B", "GIB-style")):
        times = sorted(result.times.get(side, [0.0]))
        print(f"  {name:10} time per card: p50 {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {times[int(0.95 * (len(times) - 1))] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
