"""German Whist Phase One: the computer player against a GIB-style reference.

    python benchmarks/german_ref.py [--deals 100] [--samples 10] [--playout german]
        [--seed 7] [--first 0] [--log /tmp/german_ref.log]

The reference is perfect-information Monte Carlo, the method of GIB, for
Phase One. At each Phase One card it deals the cards it cannot see (the
opponent's hidden cards and the order of the stock under the face-up card)
``--samples`` times at random, consistently with everything it has seen, and
for each legal card (one of each run of equivalent cards) plays out the rest
of the deal on each layout: the rest of Phase One by the computer player's
own Phase One rule for both hands (``GermanPlayer.phase_one``, each seeing
only what it would see), then Phase Two valued exactly by the two-hand search
(``whist.ai.twohand.solve_two``). It plays the card with the most Phase Two
tricks over the layouts (ties: the lowest in rank). In Phase Two it plays as
the computer player does, by the same exact search, so the figure measures
Phase One only. With that default playout the reference is a one-card
lookahead over the computer's own rule, and it foresees the computer's Phase
One replies on each layout exactly; ``--playout simple`` plays the rest of
Phase One out by ``benchmarks/german.py``'s simple player instead, a reference
that does not model its opponent.

The layouts are exact and uniform over the deals that fit what it has seen:
its own hand, the cards played, the face-up card of every trick and who took
it (it plays to every trick, so it remembers each one), the face-up cards the
opponent still holds, and the suits the opponent showed out of. A show-out
in Phase One proves a void only then: the opponent may draw cards of the suit
blind afterwards, so a card of that suit is allowed in its hand as long as
enough blind draws came after the show-out (see :class:`LayoutSampler`).

Each deal is played twice with the seats swapped (deal seeds as
``whist.cli.arena``). The game counts Phase Two's 13 tricks only; a deal's
figure is the computer's Phase Two tricks at the first table less the
reference's in the same seat at the second (the computer's tricks over both
tables less 13), which equals the computer's net points a game under the
default scoring (the winner scores the difference), the scale of
``benchmarks/german.py``. Prints the mean with a 95% interval and each side's
time per Phase One card. ``--first`` starts at that deal of the seed's
sequence; ``--log`` appends each deal's result to a file and, started again,
counts the deals it holds without playing them again. The log's first line
names the run (samples, playout, seed) and a digest of the code (the
project's modules loaded, this script and benchmarks/german.py); another run's
log is refused. Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import hashlib
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.german import SimplePlayer  # noqa: E402
from whist.ai.german import GermanPlayer  # noqa: E402
from whist.ai.knowledge import Why  # noqa: E402
from whist.ai.players import Player  # noqa: E402
from whist.ai.twohand import solve_two  # noqa: E402
from whist.cli.arena import deal_seed  # noqa: E402
from whist.engine.cards import SUIT_MASK, card_name, cards_of, parse_card, suit_of  # noqa: E402
from whist.engine.observation import Observation  # noqa: E402
from whist.engine.seats import Seat  # noqa: E402
from whist.engine.state import GameState, Phase  # noqa: E402
from whist.engine.trick import Trick, legal_cards, trick_winner  # noqa: E402

# --- the layouts: exact sampling of what the reference cannot see --------------------

_PLAYED, _HELD, _SHOWN = 0, 1, 2
"""Kinds of the opponent's cards in the sampler: played (known, not a known
face-up card), held unseen (to be sampled from the unseen cards), held face up
(in ``exposed``, but taken at a trick whose face-up card is not remembered)."""
_NEVER = 1 << 30
"""The trick a card still held will be played at, as far as the sampler cares."""


class LayoutSampler:
    """Uniform layouts of the cards one seat cannot see in German Whist's Phase One.

    ``obs`` is the seat's observation; ``face_ups`` the face-up card of each
    finished trick (by index from 0) as the seat remembers it (the first is
    ``obs.turn_up`` and need not be given; a trick it does not remember is
    allowed for: its face-up card may be any of the opponent's played or
    face-up held cards).

    A layout is the opponent's hand and the stock, top first. The posterior,
    with every deal equally likely beforehand and no inference from how the
    opponent chose its cards, is uniform over the whole deals (the opponent's
    13 first cards and the stock's order) that agree with what the seat has
    seen. Of the opponent's cards other than the known face-up ones, each was
    dealt to it or drawn blind after a trick it lost (a "slot", at the time of
    that trick); one it played at trick ``j`` came before ``j``, and a card of
    a suit it showed out of at trick ``v`` came after ``v`` or went before.
    So each card fits the slots of an interval of times, and the number of
    histories that fit is counted by a small dynamic programme over the slots
    from the last to the first (cards alike in their interval's start are
    interchangeable), which also samples from them exactly.
    """

    def __init__(self, obs: Observation, face_ups: Mapping[int, int] | None = None,
                 use_voids: bool = True) -> None:
        if obs.game != "german" or obs.face_up is None:
            raise ValueError("a layout sampler is for German Whist's Phase One (a face-up card on the stock)")
        me = obs.seat
        opp = next(s for s in obs.seats if s != me)
        self.obs, self.opp = obs, opp
        face_ups = dict(face_ups or {})
        if obs.turn_up is not None:
            face_ups[0] = obs.turn_up
        shown = dict(obs.exposed).get(opp, 0)
        played_at: dict[int, int] = {}  # the opponent's played cards: card -> trick index
        all_tricks = [t.plays for t in obs.tricks] + ([obs.trick] if obs.trick else [])
        voids: dict[int, list[int]] = {s: [] for s in range(4)}
        for j, plays in enumerate(all_tricks):
            led = suit_of(plays[0][1])
            for seat, card in plays:
                if seat == opp:
                    played_at[card] = j
                    if use_voids and suit_of(card) != led:
                        voids[led].append(j)
        # the slots: after each finished trick, the opponent drew blind (it lost)
        # or took the face-up card (it won); a remembered face-up card is no slot
        slots: list[tuple[int, bool]] = []  # (time, takes a held unseen card)
        known_up = 0
        for t, trick in enumerate(obs.tricks):
            if trick.winner != opp:
                slots.append((t + 1, True))
                continue
            up = face_ups.get(t)
            if up is not None and (played_at.get(up) is not None or shown >> up & 1):
                known_up |= 1 << up
            else:
                slots.append((t + 1, False))
        self.slots = sorted(slots, reverse=True)

        self.voids = voids
        self.played_at = played_at
        self.known_up = known_up
        self.shown = shown
        self.hidden = obs.hand_sizes[opp] - shown.bit_count()
        if self.hidden < 0 or self.hidden + obs.stock_size - 1 != obs.unseen.bit_count():
            raise ValueError("the hand sizes and the stock do not match the cards not yet seen")
        self._groups(obs.unseen)
        if self.count() == 0:
            raise ValueError("no deal of the hidden cards fits what has been seen")

    def _start(self, card: int, until: int) -> int:
        """The earliest slot time for a card of the opponent's held until trick
        ``until``: after its suit's last show-out before then."""
        return max((v + 1 for v in self.voids[suit_of(card)] if v < until), default=0)

    def _groups(self, unseen: int) -> None:
        """The groups of interchangeable cards, the opponent's held ones drawn from ``unseen``:
        (kind, start) -> for played cards the latest slot time of each (its trick)."""
        groups: dict[tuple[int, int], list[int]] = {}
        for card, j in self.played_at.items():
            if not self.known_up >> card & 1:
                groups.setdefault((_PLAYED, self._start(card, j)), []).append(j)
        for card in cards_of(self.shown & ~self.known_up):
            groups.setdefault((_SHOWN, self._start(card, _NEVER)), []).append(_NEVER)
        pool: dict[int, list[int]] = {}  # start -> the unseen cards of suits starting there
        for card in cards_of(unseen):
            pool.setdefault(self._start(card, _NEVER), []).append(card)
        for first, cards in pool.items():
            groups.setdefault((_HELD, first), []).extend([_NEVER] * len(cards))
        self.pool = pool
        self.keys = sorted(groups)
        self.latest = [sorted(groups[k], reverse=True) for k in self.keys]
        self.size = tuple(len(x) for x in self.latest)
        played_kinds = sum(n for k, n in zip(self.keys, self.size, strict=True) if k[0] != _HELD)
        self.dealt = played_kinds + self.hidden - len(self.slots)  # the opponent's first 13
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def weight(self, hand: int) -> int:
        """How many histories give the opponent ``hand`` (its face-up cards included):
        0 when that hand cannot be its hand now."""
        if hand & self.shown != self.shown or (hand & ~self.shown).bit_count() != self.hidden \
                or hand & ~self.shown & ~self.obs.unseen:
            return 0
        other = copy.copy(self)
        other._groups(hand & ~self.shown)
        return other.count()

    def _entered(self, g: int, time: int) -> int:
        """Cards of group ``g`` that may fill a slot at ``time`` or earlier (not played before it)."""
        return sum(1 for x in self.latest[g] if x >= time)

    def _first_ways(self, used: tuple[int, ...]) -> int:
        """Ways to make the opponent's first hand of what is left (the dealt cards)."""
        rest_played = 0
        for g, (kind, first) in enumerate(self.keys):
            left = self.size[g] - used[g]
            if kind != _HELD and left:
                if first > 0 or kind == _SHOWN:
                    return 0
                rest_played += left
        need = self.dealt - rest_played
        g0 = self.keys.index((_HELD, 0)) if (_HELD, 0) in self.keys else -1
        avail = self.size[g0] - used[g0] if g0 >= 0 else 0
        return math.comb(avail, need) if 0 <= need <= avail else 0

    def count(self, i: int = 0, used: tuple[int, ...] | None = None) -> int:
        """Histories that fit, from slot ``i`` on with ``used`` cards of each group placed."""
        if used is None:
            used = (0,) * len(self.keys)
        key = (i, used)
        got = self._memo.get(key)
        if got is not None:
            return got
        if i == len(self.slots):
            got = self._first_ways(used)
        else:
            got = 0
            for g, a in self._choices(i, used):
                got += a * self.count(i + 1, (*used[:g], used[g] + 1, *used[g + 1:]))
        self._memo[key] = got
        return got

    def _choices(self, i: int, used: tuple[int, ...]) -> list[tuple[int, int]]:
        """The groups that may fill slot ``i``, with how many of their cards may."""
        time, held_ok = self.slots[i]
        out = []
        for g, (kind, first) in enumerate(self.keys):
            if first > time:
                if used[g] < self.size[g] and kind != _HELD:
                    return []  # a card that had to come later than every slot left
                continue
            if (kind == _HELD and not held_ok) or (kind == _SHOWN and held_ok):
                continue  # a blind draw is never shown; a face-up card is never unseen
            a = self._entered(g, time) - used[g]
            if a > 0:
                out.append((g, a))
        return out

    def sample(self, rng: random.Random) -> tuple[int, tuple[int, ...]]:
        """One layout, uniformly among those that fit: the opponent's hand and the stock, top first."""
        used = (0,) * len(self.keys)
        for i in range(len(self.slots)):
            pick = rng.randrange(self.count(i, used))
            for g, a in self._choices(i, used):
                nxt = (*used[:g], used[g] + 1, *used[g + 1:])
                w = a * self.count(i + 1, nxt)
                if pick < w:
                    used = nxt
                    break
                pick -= w
        held = {first: used[g] for g, (kind, first) in enumerate(self.keys) if kind == _HELD}
        rest_played = sum(self.size[g] - used[g] for g, k in enumerate(self.keys) if k[0] != _HELD)
        held[0] = held.get(0, 0) + self.dealt - rest_played
        hand = dict(self.obs.exposed).get(self.opp, 0)
        stock: list[int] = []
        for first, cards in sorted(self.pool.items()):
            cards = cards[:]
            rng.shuffle(cards)
            k = held.get(first, 0)
            for c in cards[:k]:
                hand |= 1 << c
            stock.extend(cards[k:])
        rng.shuffle(stock)
        assert self.obs.face_up is not None
        return hand, (self.obs.face_up, *stock)


# --- the reference player ----------------------------------------------------------

class PhaseOnePolicy(Protocol):
    def phase_one(self, obs: Observation) -> tuple[int, Why]: ...


class SimplePolicy:
    """``benchmarks/german.py``'s simple player as a playout policy: it wins the trick
    when the face-up card is an honour or a trump, else loses as cheaply as it can."""

    def __init__(self) -> None:
        self.player = SimplePlayer()

    def phase_one(self, obs: Observation) -> tuple[int, Why]:
        return parse_card(self.player.choose(obs)), ("simple",)


PLAYOUTS: dict[str, Callable[[], PhaseOnePolicy]] = {"german": GermanPlayer, "simple": SimplePolicy}
"""The playout policies for the rest of Phase One: the computer's own rule (the
default: then the reference foresees its opponent's Phase One replies on each
layout exactly), or the simple player's."""


class GibGermanPlayer:
    """Perfect-information Monte Carlo for German Whist's Phase One; Phase Two as
    :class:`GermanPlayer` (exact search). It remembers the face-up card of every
    trick it has seen, and nothing else between calls."""

    def __init__(self, seed: int | None = None, samples: int = 10, playout: str = "german") -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.exact = GermanPlayer(seed)
        self.policy = PLAYOUTS[playout]()
        # trick index -> (the finished tricks when it was seen, the face-up card)
        self.memory: dict[int, tuple[tuple[Trick, ...], int]] = {}

    def remember(self, obs: Observation) -> None:
        if obs.face_up is not None and obs.stock_size:
            self.memory[len(obs.tricks)] = (obs.tricks, obs.face_up)

    def face_ups(self, obs: Observation) -> dict[int, int]:
        """The face-up card of each finished trick of this deal, as remembered."""
        out = {}
        for t, (before, card) in self.memory.items():
            if 0 < t < len(obs.tricks) and obs.tricks[:t] == before:
                out[t] = card
        if obs.turn_up is not None and obs.tricks:
            out[0] = obs.turn_up  # the first face-up card is the turn-up, public all deal
        return out

    def choose(self, obs: Observation) -> str:
        if obs.to_play != obs.seat or not obs.legal:
            raise ValueError(f"it is not {obs.seat.long_name}'s turn to play a card")
        if dict(obs.options).get("trump") == "variable":
            raise ValueError("the reference knows the trump suit in Phase One: not for the variable trump")
        self.remember(obs)
        if obs.stock_size == 0:
            return self.exact.choose(obs)
        if obs.legal & (obs.legal - 1) == 0:
            return card_name(obs.legal.bit_length() - 1)
        return card_name(self.decide(obs)[0])

    def decide(self, obs: Observation) -> tuple[int, dict[int, int]]:
        """The card, and each candidate's Phase Two tricks summed over the layouts."""
        face_ups = self.face_ups(obs)
        try:
            sampler = LayoutSampler(obs, face_ups)
        except ValueError:  # only when a show-out was no void (a revoke under club rules)
            sampler = LayoutSampler(obs, face_ups, use_voids=False)
        candidates = runs(obs.legal, obs.hand | obs.played)
        totals = dict.fromkeys(candidates, 0)
        cache: dict[tuple[int, int, Seat], int] = {}
        for _ in range(self.samples):
            opp_hand, stock = sampler.sample(self.rng)
            for card in candidates:
                totals[card] += self.play_out(obs, face_ups, opp_hand, stock, card, cache)
        best = max(candidates, key=lambda c: (totals[c], -(c % 13), -c))
        return best, totals

    def play_out(self, obs: Observation, face_ups: Mapping[int, int], opp_hand: int, stock: tuple[int, ...],
                 card: int, cache: dict[tuple[int, int, Seat], int]) -> int:
        """The Phase Two tricks of this seat if it plays ``card`` on the layout: the
        rest of Phase One by the policy for both hands, Phase Two solved exactly."""
        me = obs.seat
        opp = next(s for s in obs.seats if s != me)
        hands = [0, 0, 0, 0]
        hands[me], hands[opp] = obs.hand, opp_hand
        up_held = [0, 0, 0, 0]  # face-up cards each seat took and still holds
        up_held[opp] = dict(obs.exposed).get(opp, 0)
        for t, up in face_ups.items():
            if obs.tricks[t].winner == me and obs.hand >> up & 1:
                up_held[me] |= 1 << up
        leader, trick, tricks = obs.leader, obs.trick, obs.tricks
        trump, policy = obs.trump, self.policy
        mover: Seat = me
        while True:
            if mover != me or card < 0:
                legal = legal_cards(hands[mover], suit_of(trick[0][1]) if trick else None)
                if legal & (legal - 1) == 0:
                    card = legal.bit_length() - 1
                else:
                    other = opp if mover == me else me
                    view = dataclasses.replace(
                        obs, seat=mover, hand=hands[mover], leader=leader, trick=trick, tricks=tricks,
                        to_play=mover, legal=legal,
                        hand_sizes=(hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(),
                                    hands[3].bit_count()),
                        exposed=((other, up_held[other]),) if up_held[other] else (),
                        face_up=stock[0], stock_size=len(stock),
                        turn_up_visible=obs.turn_up is not None and bool(hands[obs.dealer] >> obs.turn_up & 1))
                    card = policy.phase_one(view)[0]
            hands[mover] &= ~(1 << card)
            up_held[mover] &= ~(1 << card)
            trick = (*trick, (mover, card))
            card = -1
            if len(trick) < 2:
                mover = opp if mover == me else me
                continue
            winner = trick[trick_winner([c for _, c in trick], trump)][0]
            loser = opp if winner == me else me
            tricks = (*tricks, Trick(leader, trick, winner))
            hands[winner] |= 1 << stock[0]
            up_held[winner] |= 1 << stock[0]
            hands[loser] |= 1 << stock[1]
            stock = stock[2:]
            leader, mover, trick = winner, winner, ()
            if not stock:
                break
        key = (hands[me], hands[opp], leader)
        value = cache.get(key)
        if value is None:
            value = cache[key] = solve_two(hands, trump, leader)
        return value if leader == me else 13 - value


def runs(legal: int, gone: int) -> list[int]:
    """One card (the lowest) of each run of equivalent legal cards: cards of a suit
    with nothing between them but cards of ``gone`` (played or held by the same hand)."""
    out = []
    prev = -2
    for c in cards_of(legal):
        between = ((1 << c) - 1) & ~((2 << prev) - 1) if prev >= 0 else -1
        if prev < 0 or suit_of(c) != suit_of(prev) or between & ~gone & SUIT_MASK[suit_of(c)]:
            out.append(c)
        prev = c
    return out


# --- the match --------------------------------------------------------------------

@dataclasses.dataclass
class DealResult:
    diff: int
    """The computer's Phase Two tricks at table one less the reference's in the same seat at table two."""
    tricks: tuple[tuple[int, int], tuple[int, int]]
    """Phase Two tricks (North, South) at each table: the computer North at the first, South at the second."""
    times: dict[str, list[float]]
    """Seconds per Phase One card chosen, by player ("computer", "reference")."""


def play_table(game_seed: int, players: dict[Seat, Player], labels: dict[Seat, str],
               times: dict[str, list[float]]) -> tuple[int, int]:
    """One deal of German Whist; the Phase Two tricks of North and South."""
    state = GameState("german", seed=game_seed)
    while state.phase is Phase.PLAY:
        seat = state.to_play
        assert seat is not None
        obs = state.observation(seat)
        start = time.perf_counter()
        action = players[seat].choose(obs)
        if obs.stock_size:
            times.setdefault(labels[seat], []).append(time.perf_counter() - start)
        state.apply(action)
    n, s = state.results[-1].tricks
    return n, s


def play_deal(index: int, seed: int = 7, samples: int = 10, playout: str = "german") -> DealResult:
    """Deal ``index`` of the seed's sequence, twice: the computer North, then South."""
    gs = deal_seed(seed, index)
    times: dict[str, list[float]] = {}
    tables = []
    for ours in (Seat.N, Seat.S):
        theirs = Seat.S if ours == Seat.N else Seat.N
        players: dict[Seat, Player] = {ours: GermanPlayer(gs * 4 + int(ours)),
                                       theirs: GibGermanPlayer(gs * 4 + int(theirs), samples, playout)}
        tables.append(play_table(gs, players, {ours: "computer", theirs: "reference"}, times))
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
    parser.add_argument("--samples", type=int, default=10, help="layouts sampled for each Phase One card")
    parser.add_argument("--playout", choices=sorted(PLAYOUTS), default="german",
                        help="the policy that plays out the rest of Phase One on each layout")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--first", type=int, default=0, help="the first deal's index in the seed's sequence")
    parser.add_argument("--log", help="append each deal's result here; deals already in it are counted, not played")
    args = parser.parse_args()
    if args.deals < 1 or args.samples < 1 or args.first < 0 or args.seed < 0:
        parser.error("--deals and --samples must be at least 1, --first and --seed at least 0")
    header = f"# german_ref.py samples={args.samples} playout={args.playout} seed={args.seed} code={code_digest()}"
    done = read_log(Path(args.log), header) if args.log else {}
    t0 = time.perf_counter()
    diffs: list[int] = []
    times: dict[str, list[float]] = {}
    played = 0
    for i in range(args.first, args.first + args.deals):
        if i in done:
            diffs.append(done[i])
        else:
            result = play_deal(i, args.seed, args.samples, args.playout)
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
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    rule = {"german": "GermanPlayer's rule", "simple": "the simple player"}[args.playout]
    print(f"German Whist Phase One: computer (GermanPlayer) vs GIB-style ({args.samples} layouts a card, "
          f"Phase One played out by {rule}, Phase Two solved exactly), {len(diffs)} duplicate deals "
          f"(deals {args.first}-{args.first + args.deals - 1}, seed {args.seed}), {played} played in {elapsed:.0f} s"
          + (f" ({elapsed / played:.1f} s a deal)" if played else ""))
    print(f"  advantage: {mean:+.3f} Phase Two tricks a deal, 95% CI [{mean - half:+.3f}, {mean + half:+.3f}] "
          f"(Phase Two by the same exact search on both sides: Phase One only)")
    for who in ("computer", "reference"):
        ts = sorted(times.get(who, []))
        if ts:
            print(f"  {who:9} time per Phase One card: p50 {statistics.median(ts) * 1e3:.1f} ms, "
                  f"p95 {ts[int(0.95 * (len(ts) - 1))] * 1e3:.1f} ms, mean {statistics.fmean(ts) * 1e3:.1f} ms "
                  f"({len(ts)} cards)")


if __name__ == "__main__":
    main()
