"""German Whist Phase One: Expert (Monte Carlo) against the normal player or a reference.

    python benchmarks/german_ref.py [--deals 100] [--samples 10] [--playout german]
        [--against normal] [--seed 7] [--first 0] [--log /tmp/german_ref.log] [--budget 0.5]

Expert is :class:`whist.ai.german_mc.GermanSearchPlayer`, perfect-information
Monte Carlo (the method of GIB) for Phase One: at each Phase One card it deals
the cards it cannot see (the opponent's hidden cards and the order of the
stock under the face-up card) ``--samples`` times, uniformly among the deals
that fit everything its observation shows (the face-up card of every trick and
who took it, the face-up cards still held, the show-outs that blind draws can
undo), and for each legal card plays out the rest of Phase One by a policy
for both hands, valuing Phase Two exactly (``whist.ai.twohand.solve_two``).
``--playout`` is its policy: ``german``, the normal player's own Phase One
rule (``GermanPlayer.phase_one``, the game's Expert), or ``simple``,
``benchmarks/german.py``'s simple player (a search that does not model its
opponent). Here it runs without the time cap (``budget=None``), so a run
is reproducible; ``--budget S`` caps Expert's search at S seconds of this process's
CPU time a card (as the page caps it at 1.1 s: Pyodide is about 2.4 times slower than
CPython here, ``python benchmarks/browser_ai.py``, so 0.46 s stands for the browser's cap),
counted on the CPU clock so that a busy machine does not cut it shorter.

``--against`` is its opponent: ``normal`` (``GermanPlayer``, the game's Normal
and Hard) or ``reference`` (the same search with 10 layouts and the simple
player's playouts: the benchmark's former GIB-style reference). Phase Two is
the same exact search on both sides, so the figure measures Phase One only.

Each deal is played twice with the seats swapped (deal seeds as
``whist.cli.arena``). The game counts Phase Two's 13 tricks only; a deal's
figure is Expert's Phase Two tricks at the first table less its opponent's in
the same seat at the second, which equals Expert's net points a game under
the default scoring (the winner scores the difference). Prints the mean with
a 95% interval and each side's time per Phase One card. ``--first`` starts at
that deal of the seed's sequence; ``--log`` appends each deal's result to a
file and, started again, counts the deals it holds without playing them
again. The log's first line names the run and a digest of the code; another
run's log is refused. Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.german import SimplePlayer  # noqa: E402
from whist.ai.german import GermanPlayer  # noqa: E402
from whist.ai.german_mc import EXPERT, GermanSearchPlayer, PhaseOnePolicy  # noqa: E402
from whist.ai.knowledge import Why  # noqa: E402
from whist.ai.play import play  # noqa: E402
from whist.ai.players import Player  # noqa: E402
from whist.cli.arena import cap_on_cpu_clock, deal_seed, half_width, timer  # noqa: E402
from whist.engine.cards import parse_card  # noqa: E402
from whist.engine.observation import Observation  # noqa: E402
from whist.engine.seats import Seat  # noqa: E402
from whist.engine.state import GameState  # noqa: E402

# --- the players ----------------------------------------------------------------

class SimplePolicy:
    """``benchmarks/german.py``'s simple player as a playout policy: it wins the trick
    when the face-up card is an honour or a trump, else loses as cheaply as it can."""

    def __init__(self) -> None:
        self.player = SimplePlayer()

    def phase_one(self, obs: Observation) -> tuple[int, Why]:
        return parse_card(self.player.choose(obs)), ("simple",)


PLAYOUTS: dict[str, Callable[[int], PhaseOnePolicy]] = {"german": GermanPlayer, "simple": lambda _: SimplePolicy()}
"""The playout policies for the rest of Phase One: the normal player's rule (the
game's Expert: then it foresees the normal player's Phase One replies on each
layout exactly), or the simple player's."""


def expert(seed: int, samples: int = 10, playout: str = "german", budget: float | None = None) -> GermanSearchPlayer:
    """Expert with ``samples`` layouts a card and that playout, capped at ``budget`` seconds a card (None: no cap)."""
    return GermanSearchPlayer(seed, EXPERT.but(samples=samples, budget=budget), PLAYOUTS[playout](seed))


def count_cap_in_cpu_time() -> None:
    """``--budget``: the search's cap counts this process's CPU seconds; the times printed
    stay wall-clock."""
    import whist.ai.german_mc as german_mc

    cap_on_cpu_clock(german_mc)


OPPONENTS: dict[str, Callable[[int], Player]] = {
    "normal": GermanPlayer,
    "reference": lambda seed: expert(seed, 10, "simple"),
}


# --- the match --------------------------------------------------------------------

@dataclasses.dataclass
class DealResult:
    diff: int
    """Expert's Phase Two tricks at table one less its opponent's in the same seat at table two."""
    tricks: tuple[tuple[int, int], tuple[int, int]]
    """Phase Two tricks (North, South) at each table: Expert North at the first, South at the second."""
    times: dict[str, list[float]]
    """Seconds per Phase One card chosen, by player ("expert", "opponent")."""


def play_table(game_seed: int, players: dict[Seat, Player], labels: dict[Seat, str],
               times: dict[str, list[float]]) -> tuple[int, int]:
    """One deal of German Whist; the Phase Two tricks of North and South."""
    state = GameState("german", seed=game_seed)
    play(state, players, on_decision=timer(labels, times, timed=lambda obs: bool(obs.stock_size)))  # Phase One
    n, s = state.results[-1].tricks
    return n, s


def play_deal(index: int, seed: int = 7, samples: int = 10, playout: str = "german",
              against: str = "normal", budget: float | None = None) -> DealResult:
    """Deal ``index`` of the seed's sequence, twice: Expert North, then South."""
    gs = deal_seed(seed, index)
    times: dict[str, list[float]] = {}
    tables = []
    for ours in (Seat.N, Seat.S):
        theirs = Seat.S if ours == Seat.N else Seat.N
        players: dict[Seat, Player] = {ours: expert(gs * 4 + int(ours), samples, playout, budget),
                                       theirs: OPPONENTS[against](gs * 4 + int(theirs))}
        tables.append(play_table(gs, players, {ours: "expert", theirs: "opponent"}, times))
    return DealResult(tables[0][0] - tables[1][0], (tables[0], tables[1]), times)


def code_digest() -> str:
    """A digest of the code the run plays with: the project's modules it has loaded
    (benchmarks/german.py's among them), and this script."""
    h = hashlib.sha256()
    files = sorted({Path(m.__file__).resolve() for name, m in list(sys.modules.items())
                    if name.split(".")[0] in ("whist", "benchmarks") and m.__file__} | {Path(__file__).resolve()})
    for path in files:
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def read_log(path: Path, header: str) -> dict[int, int]:
    """The deals a log holds, index to difference; exits if it is another run's log."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(header + "\n")
        return {}
    lines = path.read_text().splitlines()
    if not lines or lines[0] != header:
        sys.exit(f"{path} is the log of another run or of other code:\n  its header: "
                 f"{lines[0] if lines else '(empty)'}\n  this run:   {header}\nUse another --log.")
    done: dict[int, int] = {}
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
    parser.add_argument("--samples", type=int, default=EXPERT.samples,
                        help="layouts sampled for each Phase One card (the game's Expert: %(default)s)")
    parser.add_argument("--playout", choices=sorted(PLAYOUTS), default="german",
                        help="Expert's policy that plays out the rest of Phase One on each layout")
    parser.add_argument("--against", choices=sorted(OPPONENTS), default="normal",
                        help="Expert's opponent: the normal player, or the reference (10 layouts, simple playouts)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--first", type=int, default=0, help="the first deal's index in the seed's sequence")
    parser.add_argument("--log", help="append each deal's result here; deals already in it are counted, not played")
    parser.add_argument("--budget", type=float, help="cap Expert's search at this many CPU seconds a card "
                        "(0.46 here stands for the browser's 1.1 s); by default no cap")
    args = parser.parse_args()
    if args.deals < 1 or args.samples < 1 or args.first < 0 or args.seed < 0:
        parser.error("--deals and --samples must be at least 1, --first and --seed at least 0")
    if args.budget is not None and not args.budget > 0:
        parser.error("--budget must be a positive number of seconds")
    if args.budget is not None:
        count_cap_in_cpu_time()
    header = (f"# german_ref.py samples={args.samples} playout={args.playout} against={args.against} "
              f"seed={args.seed}{f' budget={args.budget}' if args.budget is not None else ''} code={code_digest()}")
    done = read_log(Path(args.log), header) if args.log else {}
    t0 = time.perf_counter()
    diffs: list[int] = []
    times: dict[str, list[float]] = {}
    played = 0
    for i in range(args.first, args.first + args.deals):
        if i in done:
            diffs.append(done[i])
        else:
            result = play_deal(i, args.seed, args.samples, args.playout, args.against, args.budget)
            played += 1
            diffs.append(result.diff)
            for who, ts in result.times.items():
                times.setdefault(who, []).extend(ts)
            if args.log:
                with open(args.log, "a") as f:
                    print(i, result.diff, file=f)
        if len(diffs) % 10 == 0:
            print(f"  after {len(diffs)} deals: {statistics.fmean(diffs):+.3f}", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - t0
    mean = statistics.fmean(diffs)
    half = half_width(diffs)
    rule = {"german": "GermanPlayer's rule", "simple": "the simple player"}[args.playout]
    them = {"normal": "Normal (GermanPlayer)",
            "reference": "the reference (10 layouts, simple playouts)"}[args.against]
    cap = f", at most {args.budget} CPU-s" if args.budget is not None else ""
    print(f"German Whist Phase One: Expert ({args.samples} layouts a card{cap}, Phase One played out by {rule}, "
          f"Phase Two solved exactly) vs {them}, {len(diffs)} duplicate deals "
          f"(deals {args.first}-{args.first + args.deals - 1}, seed {args.seed}), {played} played in {elapsed:.0f} s"
          + (f" ({elapsed / played:.1f} s a deal)" if played else ""))
    print(f"  advantage: {mean:+.3f} Phase Two tricks a deal, 95% CI [{mean - half:+.3f}, {mean + half:+.3f}] "
          f"(Phase Two by the same exact search on both sides: Phase One only)")
    for who in ("expert", "opponent"):
        ts = sorted(times.get(who, []))
        if ts:
            print(f"  {who:9} time per Phase One card: p50 {statistics.median(ts) * 1e3:.1f} ms, "
                  f"p95 {ts[int(0.95 * (len(ts) - 1))] * 1e3:.1f} ms, mean {statistics.fmean(ts) * 1e3:.1f} ms "
                  f"({len(ts)} cards)")


if __name__ == "__main__":
    main()
