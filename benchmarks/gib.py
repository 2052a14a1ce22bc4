"""Expert against a GIB-style player: 10 sampled deals, each solved exactly by DDS.

    python benchmarks/gib.py [--game classic|contract] [--deals 100] [--samples 10]
        [--level expert] [--no-cap | --budget SECONDS] [--first 0] [--log /tmp/gib.log]
        [--reseed K] [--against-log benchmarks/runs/gib-expert-nocap.log ...] [--dds] [--cpu-clock]

The yardstick is the method of GIB, the bridge program: deal the unseen
cards at random consistently with the play so far (voids, hand sizes, the
turn-up on show, any exposed hand; the project's own sampler, without
inference, and deaf to the auction), solve each deal exactly with DDS (the
standard C solver, through endplay: a test dependency, it cannot run in the
browser), and play the card with the best average: the most tricks for its
side. Duplicate deals (same cards, seats swapped) via whist.cli.arena; prints
the level's advantage in tricks a deal with a 95% interval, and the time per
card of each side. ``--no-cap`` lifts the level's time cap, so that a busy
machine does not cut its search short; ``--budget`` sets the cap instead (a
tiny one makes a quick test). ``--first`` starts at that deal of the seed's
sequence (deal i is the same deal whatever the split), and ``--log`` appends
each deal's result to a file and, started again, skips the deals it already
holds and counts them: a long run can be split into pieces or resumed, and
the figure is the same as one run's. ``--level expert:playouts=60,few=6``
plays a variant of a Monte Carlo level (any of its settings changed, for this
run only; the changes are in the log's header). ``--against-log`` reads
another log of the same game, seed and samples and prints the two runs'
difference deal by deal (for Contract Whist also as declarer and in defence,
over the deals both runs played in the same contract): on the same deals the luck of the cards cancels, so
a variant is told from the level it changes with about two thirds the
interval of one run (±0.086 against ±0.127 tricks a deal over 400 deals),
where both use the same random numbers. With other random numbers
(``--reseed 1``) the same level differed from itself by -0.055 ± 0.147 over
400 deals: a run's own luck of play. Given more than once, ``--against-log``
also prints the difference from the mean of those logs (a level and its
reseeded run: a yardstick with half the luck of play).
The log's first line names the run (game, level, samples, seed, cap) and a
digest of the project's modules it loads; a log of another run or of other
code is refused, not mixed in.
``--cpu-clock`` counts the time cap in this process's own CPU seconds instead
of the wall clock: Expert's search checks ``time.perf_counter`` against its cap,
so on a machine shared with other work (two cores, a test suite and browsers
beside it, the benchmark niced) the wall clock cut its search to a fraction of
what the cap gives it on an idle machine or in the page's own worker. With the
CPU clock the cap means the same however busy the machine is (Expert's code is
unchanged: the benchmark hands its module a clock that reads CPU time).
Two ceilings, for what more search could buy: ``--dds`` has our Monte Carlo
level value every deal exactly by DDS from the first trick on (its sampling,
inference and margin kept; no playouts), as a solver fast enough for a whole
hand would let it; ``--level gib:N`` plays the GIB-style player itself with N
deals a card against the reference's ``--samples``.
Prints figures; never passes or fails. ``tests/test_gib_reference.py`` checks
that the GIB-style player is this reference: DDS's values equal the project's
solver's on every layout of every position of the last six tricks it meets in
whole hands (inside tricks too), its card is the best average, and its layouts
are uniform over the consistent ones (a chi-square bound on an enumerated endgame).

Classic Whist (the default): one hand a deal, trump from the turn-up; the
score of a deal is the tricks our pair took at table one (North-South) less
the tricks GIB-style's pair took in the same seats at table two.

Contract Whist (``--game contract``): the auction is taken out of the
comparison. At every table each seat bids with one common bidder, the normal
level's (whist.ai.bidding), seeded by the deal and the seat, whoever plays
its cards; the calls depend on the cards alone, so every table of a deal
reaches the same contract, with the same declarer (checked: a difference
stops the run, saying so). Then the contestants play the cards, each
maximising its side's tricks (neither aims at the contract as such). A deal
thrown in (four passes) counts 0 and is reported.

What the duplicate compares, in Contract Whist. Write D(P, Q) for the tricks
the declaring side takes when pair P plays the declaring seats and pair Q
the defending seats (same cards, same contract, same declarer); A is ours,
G the GIB-style player.

- Table one, ours North-South: D(A, G) if North-South declare, D(G, A) if
  East-West do. Table two, ours East-West: the other one. So in every deal
  our pair declares at exactly one table and defends at the other, and the
  deal's score (North-South's tricks at table one less at table two) is
  D(A, G) - D(G, A) whichever side declared. Our declaring tricks less
  GIB-style's declaring the same contract in the same seats, and our
  defending tricks less GIB-style's defending, are both this same number:
  two tables cannot tell declarer play from defence, since the table where
  we declare is also the one where GIB-style defends.
- So each contract deal is also played at a third, reference table, with
  GIB-style in all four seats: D(G, G). Then

    as declarer:  D(A, G) - D(G, G)  our declarer play against GIB-style's,
                                     GIB-style defending both times;
    in defence:   D(G, G) - D(G, A)  our defence against GIB-style's (in
                                     defenders' tricks), GIB-style declaring
                                     both times;

  and the two add up exactly to the deal's score. Each is reported over the
  deals played (not thrown in), with its own 95% interval.
- Also the overall score split by the side the contract fell to: North-South
  (ours declared at table one) and East-West (ours defended at table one).
  Each deal's score mixes both roles whichever side declared, so these are
  the same measure on two halves of the deals, not a split by role.
- Contracts made: by our pair, D(A, G) >= the contract's level; by
  GIB-style's, D(G, A) >= it; and at the reference table, D(G, G) >= it.

A contract log line is ``index score ns1 ns2 ns3 contract``: North-South's
tricks at tables one, two and the reference table and the contract as
``8H/N`` (``x`` after the bid when doubled), or ``index 0 pass`` for a deal
thrown in; a classic line is ``index score``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Only modules the classic run loads anyway: the digest in the log's header covers them all.
from whist.ai.montecarlo import SETTINGS, MonteCarloPlayer  # noqa: E402
from whist.ai.play import play  # noqa: E402
from whist.ai.players import Player, make_player  # noqa: E402
from whist.ai.sampling import DealSampler  # noqa: E402
from whist.cli.arena import MatchResult, cap_on_cpu_clock, deal_seed, play_table, timer  # noqa: E402
from whist.engine.auction import Contract, bid_level, bid_name, bid_of, bid_strain, parse_bid  # noqa: E402
from whist.engine.cards import card_name, cards_of  # noqa: E402
from whist.engine.deal import format_pbn  # noqa: E402
from whist.engine.observation import Observation  # noqa: E402
from whist.engine.seats import SEAT_NAMES, Seat  # noqa: E402
from whist.engine.state import GameState, Phase  # noqa: E402

GAMES = ("classic", "contract")
BIDDER = "normal"
"""The level whose bidder makes every call of a Contract Whist deal, at every table."""
SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
SALT = 1_000_000_007
"""``--reseed K`` adds K times this to our players' seeds (a deal's seeds are 4 * its game seed + seat)."""


def dd_values(obs: Observation, hands: tuple[int, int, int, int]) -> dict[int, int]:
    """Each card the mover may play, and its side's tricks with it, solved exactly by DDS
    on the deal ``hands`` (the cards still held; the trick's cards are put back), with the
    observation's trumps: the turn-up's suit, the contract's, or none (no trumps)."""
    leader = obs.trick[0][0] if obs.trick else obs.to_play
    if leader is None:
        raise ValueError("no one is to play in this observation")
    return dds_cards(hands, obs.trump, Seat(leader), trick=obs.trick)


def dds_cards(deal: Sequence[int], trump: int | None, leader: Seat, *,
              trick: Sequence[tuple[Seat, int]] = (),
              sides: Sequence[Sequence[Seat]] | None = None) -> dict[int, int]:
    """:func:`whist.ai.solver.solve_cards`, solved by DDS: each card the mover may play and
    its side's tricks from the current one on (``deal``: the cards still held, the trick's
    cards apart). DDS knows only North-South against East-West."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    if sides is not None and sorted(sorted(side) for side in sides) != [[Seat.N, Seat.S], [Seat.E, Seat.W]]:
        raise ValueError("DDS solves North-South against East-West only")
    full = list(deal)
    for seat, card in trick:
        full[seat] |= 1 << card
    board = Deal(format_pbn((full[0], full[1], full[2], full[3])), first=Player(int(leader)),
                 trump=Denom(4 if trump is None else trump))
    for _, card in trick:
        name = card_name(card)
        board.play(name[1] + name[0])
    return {int(solved.suit) * 13 + solved.rank.to_alternate() - 2: tricks for solved, tricks in solve_board(board)}


class DdsExpert(MonteCarloPlayer):
    """A Monte Carlo level that values every deal exactly, by DDS, from the first trick on
    (``--dds``): what its search would make of a solver fast enough for a whole hand."""

    solve = staticmethod(dds_cards)


class GibPlayer:
    """Sample ``samples`` deals of the hidden cards, solve each with DDS, best average wins.
    It plays cards only: in Contract Whist someone else bids for its seat."""

    def __init__(self, seed: int, samples: int = 10) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def choose(self, obs: Observation) -> str:
        if obs.phase != "play":
            raise ValueError(f"the GIB-style player only plays cards, it is not for the {obs.phase} phase")
        legal = list(cards_of(obs.legal))
        if len(legal) == 1:
            return card_name(legal[0])
        sampler = DealSampler(obs)  # keeps any exposed cards (obs.exposed) where they are
        totals = dict.fromkeys(legal, 0)
        for _ in range(self.samples):
            hands = list(sampler.sample(self.rng))
            hands[obs.seat] = obs.hand
            for c, tricks in dd_values(obs, (hands[0], hands[1], hands[2], hands[3])).items():
                if c in totals:
                    totals[c] += tricks
        return card_name(max(legal, key=lambda c: (totals[c], -c)))


def count_cap_in_cpu_time() -> None:
    """``--cpu-clock``: the Monte Carlo levels' time cap counts this process's CPU seconds, so a
    busy machine does not cut their search short; the times printed stay wall-clock."""
    import whist.ai.montecarlo as montecarlo

    cap_on_cpu_clock(montecarlo)


def code_digest() -> str:
    """A digest of the code the run plays with: every module of the project it has loaded."""
    h = hashlib.sha256()
    files = sorted({Path(m.__file__).resolve() for name, m in list(sys.modules.items())
                    if name.split(".")[0] == "whist" and getattr(m, "__file__", None)})
    for path in files:
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


# --- Contract Whist -----------------------------------------------------------------------

def contract_code(contract: Contract) -> str:
    """``8H/N``, ``7NTx/E`` (doubled): a contract in one word, for the log.

    >>> contract_code(Contract(8, 1, Seat.N, False)), parse_contract("7NTx/E")
    ('8H/N', Contract(level=7, strain=None, declarer=<Seat.E: 1>, doubled=True))
    """
    return f"{bid_name(bid_of(contract.level, contract.strain))}{'x' if contract.doubled else ''}/" \
           f"{SEAT_NAMES[contract.declarer]}"


def parse_contract(text: str) -> Contract:
    """The inverse of :func:`contract_code`; ValueError if it is not one."""
    bid, sep, seat = text.partition("/")
    if not sep:
        raise ValueError(f"not a contract: {text!r}")
    doubled = bid.endswith("x")
    step = parse_bid(bid.removesuffix("x"))
    return Contract(bid_level(step), bid_strain(step), Seat.parse(seat), doubled)


@dataclass(frozen=True)
class ContractDeal:
    """One Contract Whist deal at its three tables (see the module's docstring)."""

    index: int
    contract: Contract | None
    """The contract every table reached; None when the deal was thrown in."""
    ns: tuple[int, int, int] = (0, 0, 0)
    """North-South's tricks at table one (ours North-South), table two (ours East-West)
    and the reference table (GIB-style in every seat)."""

    @property
    def diff(self) -> int:
        """The deal's score: North-South's tricks at table one less at table two, D(A, G) - D(G, A)."""
        return self.ns[0] - self.ns[1] if self.contract is not None else 0

    @property
    def ns_declared(self) -> bool:
        return self.contract is not None and self.contract.declarer in (Seat.N, Seat.S)

    @property
    def declared(self) -> tuple[int, int, int]:
        """The declaring side's tricks: D(A, G) ours declaring, D(G, A) GIB-style declaring,
        D(G, G) the reference table."""
        if self.ns_declared:
            return self.ns
        return 13 - self.ns[1], 13 - self.ns[0], 13 - self.ns[2]

    def line(self) -> str:
        """The deal's line in a log."""
        if self.contract is None:
            return f"{self.index} 0 pass"
        return f"{self.index} {self.diff} {self.ns[0]} {self.ns[1]} {self.ns[2]} {contract_code(self.contract)}"

    @classmethod
    def parse(cls, parts: Sequence[str]) -> ContractDeal:
        """A deal from the fields of its log line; ValueError if they do not make one."""
        if len(parts) == 3 and parts[1:] == ["0", "pass"]:
            return cls(int(parts[0]), None)
        if len(parts) != 6:
            raise ValueError("a contract deal's line has 6 fields, or 3 for a deal thrown in")
        a, b, r = (int(p) for p in parts[2:5])
        if not all(0 <= t <= 13 for t in (a, b, r)):
            raise ValueError("tricks are 0 to 13")
        deal = cls(int(parts[0]), parse_contract(parts[5]), (a, b, r))
        if deal.diff != int(parts[1]):
            raise ValueError("the score is not the tricks at table one less those at table two")
        return deal


def contract_table(game_seed: int, bidders: dict[Seat, Player], players: dict[Seat, Player],
                   labels: dict[Seat, str], times: dict[str, list[float]]) -> GameState:
    """Bid one hand of Contract Whist with ``bidders``, then play it with ``players`` (each
    card's time counted under its seat's label); the finished hand's state."""
    state = GameState("contract", seed=game_seed)
    play(state, bidders, stop=lambda table: table.phase is not Phase.AUCTION)
    if state.phase is Phase.PLAY:  # not thrown in
        play(state, players, on_decision=timer(labels, times))
    return state


def contract_deal(index: int, game_seed: int, ours: Callable[[int], Player], theirs: Callable[[int], Player],
                  times: dict[str, list[float]]) -> ContractDeal:
    """Play one Contract Whist deal at table one (ours North-South), table two (ours East-West)
    and the reference table (theirs all round), every seat bidding with the common bidder."""
    def seeded(factory: Callable[[int], Player]) -> dict[Seat, Player]:
        return {s: factory(game_seed * 4 + int(s)) for s in SEATS}

    def bidder(seed: int) -> Player:
        return make_player(BIDDER, seed, "contract")

    tables = []
    for a_side in (0, 1, None):  # None: the reference table
        players: dict[Seat, Player] = {}
        labels: dict[Seat, str] = {}
        for s in SEATS:
            mine = int(s) % 2 == a_side
            players[s] = (ours if mine else theirs)(game_seed * 4 + int(s))
            labels[s] = "A" if mine else "B" if a_side is not None else "R"
        tables.append(contract_table(game_seed, seeded(bidder), players, labels, times))
        if tables[-1].contract is None:
            break  # thrown in: the other table is only bid, to check that it is thrown in too
    if tables[0].contract is None:
        tables.append(contract_table(game_seed, seeded(bidder), {}, {}, times))
    for k, table in enumerate(tables[1:], 2):
        if table.auction != tables[0].auction or table.contract != tables[0].contract:
            raise SystemExit(
                f"deal {index}: table {k if k < 3 else 'R'} bid otherwise than table one, though every seat "
                f"bids with the same bidder: {[c for _, c in tables[0].auction]} against "
                f"{[c for _, c in table.auction]}. The comparison would not be duplicate; stopping.")
    contract = tables[0].contract
    if contract is None:
        return ContractDeal(index, None)
    ns = tuple(t.results[-1].tricks[0] for t in tables)
    return ContractDeal(index, contract, (ns[0], ns[1], ns[2]))


def contract_report(deals: Sequence[ContractDeal], level: str) -> list[str]:
    """The lines reporting a contract run beyond the overall score (see the module's docstring)."""
    played = [d for d in deals if d.contract is not None]
    lines = [f"  thrown in (four passes, counted 0): {len(deals) - len(played)} of {len(deals)} deals"]
    if not played:
        return lines
    decl = MatchResult(diffs=[a - r for a, _, r in (d.declared for d in played)])
    defence = MatchResult(diffs=[r - b for _, b, r in (d.declared for d in played)])
    for name, res, what in (("as declarer", decl, "D(A,G) - D(G,G): declaring, GIB-style defending both times"),
                            ("in defence", defence, "D(G,G) - D(G,A): defending, GIB-style declaring both times")):
        lines.append(f"  {name + ':':13}{res.mean:+.3f} tricks a deal, 95% CI [{res.mean - res.half_width:+.3f}, "
                     f"{res.mean + res.half_width:+.3f}] over {len(played)} deals played ({what})")
    for name, part in (("N-S declared (ours declared at table one)", [d for d in played if d.ns_declared]),
                       ("E-W declared (ours defended at table one)", [d for d in played if not d.ns_declared])):
        mean = f", score {statistics.fmean(d.diff for d in part):+.3f} tricks a deal" if part else ""
        lines.append(f"  {name}: {len(part)} deals{mean}")
    made = [sum(d.declared[k] >= d.contract.level for d in played if d.contract is not None) for k in range(3)]
    n = len(played)
    lines.append(f"  contracts made: {level} declaring {made[0]} of {n} (failed {n - made[0]}), "
                 f"GIB-style declaring {made[1]} of {n} (failed {n - made[1]}), "
                 f"GIB-style all round {made[2]} of {n}")
    return lines


# --- the log ------------------------------------------------------------------------------

def read_log(path: Path, header: str, game: str = "classic") -> dict[int, int | ContractDeal]:
    """The deals a log already holds, by index: the score of a classic deal, a contract deal's
    record; exits if it is another run's log or a line is not a deal's."""
    done: dict[int, int | ContractDeal] = {}
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
            if game == "contract":
                deal = ContractDeal.parse(parts)
                done[deal.index] = deal
            else:
                if len(parts) != 2:
                    raise ValueError("a classic deal's line has 2 fields")
                done[int(parts[0])] = int(parts[1])
        except (IndexError, ValueError) as err:
            what = ("index, score, North-South's tricks at the three tables and the contract, or index 0 pass"
                    if game == "contract" else "index and difference")
            sys.exit(f"{path}:{n}: not a deal's line ({what}): {line!r}: {err}")
    return done


def _other_log(path: Path, header: str) -> tuple[str, dict[int, int | ContractDeal]]:
    """Another log of this run's game, seed and samples: its name (level, cap, code) and deals."""
    if not path.exists():
        sys.exit(f"{path}: no such log")
    lines = path.read_text().splitlines()
    fields = {k: v for k, _, v in (f.partition("=") for f in header.split()[2:])}
    game = fields.get("game", "classic")
    same = {k: fields.get(k) for k in ("game", "samples", "seed")}
    theirs = {k: v for k, _, v in (f.partition("=") for f in (lines[0].split()[2:] if lines else []))}
    if not lines or not lines[0].startswith("# gib.py ") or any(theirs.get(k) != v for k, v in same.items()):
        sys.exit(f"{path} is not a {game} log of seed {same['seed']} with {same['samples']} samples: "
                 f"its header: {lines[0] if lines else '(empty)'}")
    reseed = f", reseed {theirs['reseed']}" if "reseed" in theirs else ""
    dds = ", valued by DDS" if "dds" in theirs else ""
    name = f"{theirs.get('level')}{dds}, cap {theirs.get('cap')}{reseed}, code {theirs.get('code')}"
    return name, read_log(path, lines[0], game)


def _figures(deal: int | ContractDeal) -> dict[str, tuple[float, object]]:
    """Each figure of ``deal`` by name ("" for the score), with what must match for it to pair:
    a classic deal's score; a contract deal's score and, once played, its declarer's and
    defence's figures (as :func:`contract_report`), which pair only in the same contract."""
    if isinstance(deal, int):
        return {"": (deal, None)}
    figures: dict[str, tuple[float, object]] = {"": (deal.diff, None)}
    if deal.contract is not None:
        a, b, r = deal.declared
        figures["as declarer"] = (a - r, deal.contract)
        figures["in defence"] = (r - b, deal.contract)
    return figures


def _differences(mine: dict[int, int | ContractDeal], others: Sequence[dict[int, int | ContractDeal]],
                 figure: str = "") -> list[float]:
    """This run's ``figure`` less the others' mean, for each deal every log holds (and, for a
    contract deal's declarer or defence figure, with the same contract in every log)."""
    out = []
    for i, deal in sorted(mine.items()):
        if not all(i in other for other in others):
            continue
        ours = _figures(deal).get(figure)
        theirs = [_figures(other[i]).get(figure) for other in others]
        if ours is not None and all(t is not None and t[1] == ours[1] for t in theirs):
            out.append(ours[0] - sum(t[0] for t in theirs if t) / len(theirs))
    return out


def _paired(diffs: list[float]) -> str:
    paired = MatchResult(diffs=diffs)
    return (f"{paired.mean:+.3f} tricks a deal, 95% CI [{paired.mean - paired.half_width:+.3f}, "
            f"{paired.mean + paired.half_width:+.3f}]")


def _split(mine: dict[int, int | ContractDeal], others: Sequence[dict[int, int | ContractDeal]]) -> str:
    """A contract run's declarer and defence figures paired by deal (empty for a classic run)."""
    if not any(isinstance(deal, ContractDeal) for deal in mine.values()):
        return ""
    parts = []
    for figure in ("as declarer", "in defence"):
        diffs = _differences(mine, others, figure)
        parts.append(f"; {figure} {_paired(diffs)} over {len(diffs)} deals played"
                     if len(diffs) >= 2 else f"; {figure}: {len(diffs)} deal(s), too few")
    return "".join(parts)


def paired_report(mine: dict[int, int | ContractDeal], other_path: Path, header: str) -> str:
    """This run's deals against another run's log of the same deals, deal by deal: the mean
    difference and its 95% interval, much narrower than either run's alone (the luck of the
    cards is the same on both sides of each difference); for Contract Whist, also as declarer
    and in defence."""
    name, other = _other_log(other_path, header)
    diffs = _differences(mine, [other])
    if len(diffs) < 2:
        return f"  against {other_path} ({name}): {len(diffs)} deal(s) in both logs, too few to compare"
    return (f"  against {other_path} ({name}), paired by deal over the {len(diffs)} deals both hold: "
            + _paired(diffs) + _split(mine, [other]))


def mean_report(mine: dict[int, int | ContractDeal], paths: Sequence[Path], header: str) -> str:
    """This run against the mean of several others, deal by deal: with two runs of the level a
    variant changes (``--reseed``), the yardstick's own luck of play is halved."""
    others = [_other_log(path, header)[1] for path in paths]
    diffs = _differences(mine, others)
    if len(diffs) < 2:
        return f"  against the mean of the {len(paths)} logs: {len(diffs)} deal(s) in all, too few to compare"
    return (f"  against the mean of the {len(paths)} logs, paired by deal over the {len(diffs)} deals all hold: "
            + _paired(diffs) + _split(mine, others))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=GAMES, default="classic")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-cap", action="store_true", help="no time cap for hard and expert")
    parser.add_argument("--budget", type=float, help="this time cap (seconds a card) for hard and expert")
    parser.add_argument("--first", type=int, default=0, help="the first deal's index in the seed's sequence")
    parser.add_argument("--log", help="append each deal's result here; deals already in it are counted, not played")
    parser.add_argument("--reseed", type=int, default=0, help="seed our level's players afresh (the K-th way; "
                        "0: as always): the same player with other random numbers, to see how far two runs "
                        "of one level differ")
    parser.add_argument("--dds", action="store_true", help="our Monte Carlo level values every deal exactly "
                        "by DDS from the first trick on (exact=13): its search with a solver fast enough "
                        "for a whole hand, which the browser does not have")
    parser.add_argument("--cpu-clock", action="store_true", help="count the time cap in this process's CPU "
                        "seconds, not the wall clock's: a busy machine does not cut the search short")
    parser.add_argument("--against-log", action="append", default=[],
                        help="another run's log of the same game, seed and samples: also print the difference "
                        "of the two, deal by deal, over the deals both hold; given more than once, also the "
                        "difference from the mean of those runs")
    args = parser.parse_args(argv)
    base, _, changes = args.level.partition(":")
    if base == "gib":
        if not changes.isdigit() or int(changes) < 1 or args.dds or args.game != "classic":
            parser.error(f"--level {args.level}: gib:N is the GIB-style player valuing N deals, classic only")
    elif changes and base not in SETTINGS:
        parser.error(f"--level {args.level}: only {' and '.join(SETTINGS)} take changes (expert:playouts=60)")
    try:
        variant = SETTINGS[base].changed(changes) if base in SETTINGS else None
    except ValueError as err:
        parser.error(f"--level {args.level}: {err}")
    if args.dds and (variant is None or args.game != "classic"):
        parser.error(f"--dds is for {' and '.join(SETTINGS)} in classic whist")
    if args.dds and variant is not None:
        variant = variant.but(exact=13)
    if args.budget is not None and (args.no_cap or variant is None or args.budget <= 0):
        parser.error(f"--budget is a positive number of seconds, for {' and '.join(SETTINGS)}, without --no-cap")
    if args.cpu_clock and (args.no_cap or variant is None):
        parser.error(f"--cpu-clock counts a time cap: for {' and '.join(SETTINGS)}, without --no-cap")
    if args.cpu_clock:
        count_cap_in_cpu_time()
    if args.against_log and not args.log:
        parser.error("--against-log compares two runs' logs: give this run's --log too")
    contract = args.game == "contract"
    if base == "gib":
        def ours(seed: int) -> Player:
            return GibPlayer(seed + SALT * args.reseed, int(changes))
    elif variant is not None and (changes or args.no_cap or args.budget is not None or args.dds):
        settings = variant.but(budget=None) if args.no_cap else variant.but(
            budget=variant.budget if args.budget is None else args.budget)
        kind = DdsExpert if args.dds else MonteCarloPlayer

        def ours(seed: int) -> Player:
            return kind(seed + SALT * args.reseed, settings)
    elif contract:
        def ours(seed: int) -> Player:
            return make_player(args.level, seed + SALT * args.reseed, "contract")
    else:
        def ours(seed: int) -> Player:
            return make_player(args.level, seed + SALT * args.reseed)
    t0 = time.perf_counter()

    def theirs(seed: int) -> Player:
        return GibPlayer(seed, args.samples)

    result = MatchResult()
    deals: list[ContractDeal] = []
    cap = "none" if args.no_cap else "browser" if args.budget is None else f"{args.budget:g}s"
    header = (f"# gib.py {'game=contract ' if contract else ''}level={args.level} samples={args.samples} "
              f"seed={args.seed} cap={cap}{' clock=cpu' if args.cpu_clock else ''}"
              f"{f' reseed={args.reseed}' if args.reseed else ''}"
              f"{' dds' if args.dds else ''} code={code_digest()}")
    done = read_log(Path(args.log), header, args.game) if args.log else {}
    for i in range(args.first, args.first + args.deals):
        known = done.get(i)
        if contract:
            if isinstance(known, ContractDeal):
                deal = known
            else:
                deal = contract_deal(i, deal_seed(args.seed, i), ours, theirs, result.times)
                if args.log:
                    with open(args.log, "a") as f:
                        print(deal.line(), file=f)
            deals.append(deal)
            result.diffs.append(deal.diff)
            print(f"  deal {i}: " + ("thrown in" if deal.contract is None else
                                     f"{contract_code(deal.contract)}, declarers' tricks: {args.level} "
                                     f"{deal.declared[0]}, GIB-style {deal.declared[1]}, GIB-style all "
                                     f"round {deal.declared[2]}; score {deal.diff:+d}")
                  + (" (from the log)" if known is not None else ""), file=sys.stderr, flush=True)
        elif isinstance(known, int):
            result.diffs.append(known)
        else:
            # As whist.cli.arena.duplicate: A's pair N-S at table one, E-W at table two.
            gs = deal_seed(args.seed, i)
            ns = []
            for a_side in (0, 1):
                players: dict[Seat, Player] = {}
                labels: dict[Seat, str] = {}
                for s in SEATS:
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
    print(f"{args.level}{' valued by DDS' if args.dds else ''}{' (no time cap)' if args.no_cap else ''}"
          f"{f' (time cap {args.budget:g} s a card)' if args.budget is not None else ''}"
          f"{' (cap counted in CPU time)' if args.cpu_clock else ''} vs GIB-style "
          f"({args.samples} deals solved by DDS), {'Contract Whist, ' if contract else ''}{args.deals} duplicate "
          f"deals, {time.perf_counter() - t0:.0f} s")
    print(f"  advantage: {result.mean:+.3f} tricks a deal, 95% CI [{result.mean - result.half_width:+.3f}, "
          f"{result.mean + result.half_width:+.3f}]")
    if contract:
        for line in contract_report(deals, args.level):
            print(line)
    if args.against_log:
        mine = read_log(Path(args.log), header, args.game)
        for path in args.against_log:
            print(paired_report(mine, Path(path), header))
        if len(args.against_log) > 1:
            print(mean_report(mine, [Path(path) for path in args.against_log], header))
    for side, name in (("A", args.level), ("B", "GIB-style")):
        times = sorted(result.times.get(side, []))
        if not times:  # every deal came from the log: no card was timed in this run
            print(f"  {name:10} time per card: not measured (every deal from the log)")
            continue
        print(f"  {name:10} time per card: p50 {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {times[int(0.95 * (len(times) - 1))] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
