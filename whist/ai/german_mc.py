"""German Whist's Expert: Phase One by perfect-information Monte Carlo, as GIB plays bridge.

At each Phase One card the player deals the cards it cannot see (the
opponent's hidden cards and the order of the stock under the face-up card)
a fixed number of times, uniformly among the deals that fit everything its
seat has seen (:class:`LayoutSampler`; under club rules a deal where a show-out
was a revoke is not ruled out, only weighed as unlikely), and for each legal card (one of each
run of equivalent cards) plays the rest of the deal out on each layout: the
rest of Phase One by a playout policy for both hands (by default the normal
player's rule, :meth:`whist.ai.german.GermanPlayer.phase_one`, each hand
seeing only what it would see), then Phase Two valued exactly by the
two-hand search (:class:`whist.ai.twohand.TwoHandTable`: the layouts' Phase
Two positions share one transposition table a search). It plays the card with
the most Phase Two tricks over the layouts (ties: the lowest in rank). Phase
Two is the normal player's exact search.

What it has seen is its observation: its hand, the cards played, the face-up
card of every trick and who took it (``Observation.taken_face_up``), the
face-up cards the opponent still holds, and the suits the opponent showed
out of. Reproducible and honest: the random generator is seeded from the
player's seed and the observation, and the number of layouts is fixed; the
time budget is only a cap for slow machines (as in
:mod:`whist.ai.montecarlo`), and ``budget=None`` removes it.

>>> from whist.engine.state import GameState
>>> state = GameState("german", seed=9)
>>> player = GermanSearchPlayer(seed=1, settings=EXPERT.but(samples=2, budget=None))
>>> player.choose(state.observation(state.to_play)) in state.legal_actions()
True
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from dataclasses import dataclass
from typing import Protocol

from whist.ai.german import GermanPlayer
from whist.ai.knowledge import Why
from whist.ai.sampling import REVOKE_ODDS
from whist.ai.twohand import TwoHandTable
from whist.engine.cards import SUIT_MASK, card_name, cards_of, lowest, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.trick import Trick, legal_cards, trick_winner

# --- the layouts: exact sampling of what the seat cannot see --------------------------

_PLAYED, _HELD, _SHOWN = 0, 1, 2
"""Kinds of the opponent's cards in the sampler: played (known, not a known
face-up card), held unseen (to be sampled from the unseen cards), held face up
(in ``exposed``, but taken at a trick whose face-up card is not known)."""
_NEVER = 1 << 30
"""The trick a card still held will be played at, as far as the sampler cares."""


class LayoutSampler:
    """Layouts of the cards one seat cannot see in German Whist's Phase One, drawn exactly
    by how likely each is.

    A layout is the opponent's hand and the stock, top first. The face-up card
    of each finished trick comes from ``obs.taken_face_up`` (a bot's request
    may leave it out: then a face-up card not known may be any of the
    opponent's played or face-up held cards).

    Where revokes are prevented (the default) a show-out is a void until the next blind
    draw, and the layouts are uniform among the histories that fit (:class:`Histories`).
    Under club rules (``Observation.revokes_allowed``) a show-out may have been a revoke:
    no history is ruled out for it, but one where the opponent held a suit when it showed
    out of it is weighed :data:`whist.ai.sampling.REVOKE_ODDS` times less, once for each
    such suit, as the four-hand deal sampler weighs a revoke. That weight is
    ``REVOKE_ODDS ** (suits shown out of and not revoked)``, which is the sum over the sets
    ``V`` of those suits of ``(REVOKE_ODDS - 1) ** len(V)``: so the weighted layouts are a
    mixture of the uniform ones that take the show-outs of the suits in ``V`` as voids,
    one for each set ``V`` of the suits shown out of, with those weights times their
    counts, and they are drawn exactly so.
    """

    def __init__(self, obs: Observation) -> None:
        if obs.game != "german" or obs.face_up is None:
            raise ValueError("a layout sampler is for German Whist's Phase One (a face-up card on the stock)")
        self.obs = obs
        if not obs.revokes_allowed:
            self.parts = [(1, Histories(obs))]
        else:
            free = Histories(obs, void_suits=0)
            self.parts = [(1, free)]
            for v in range(1, 16):
                if v & ~free.shown_out == 0:
                    self.parts.append(((REVOKE_ODDS - 1) ** v.bit_count(), Histories(obs, void_suits=v)))
        self.total = sum(k * h.count() for k, h in self.parts)
        if self.total == 0:
            raise ValueError("no deal of the hidden cards fits what has been seen")

    def count(self) -> int:
        """How many histories fit what has been seen; under club rules each is counted
        ``REVOKE_ODDS`` times for each suit shown out of it keeps a void (the total weight)."""
        return self.total

    def weight(self, hand: int) -> int:
        """The weight of the histories that give the opponent ``hand`` (its face-up cards
        included), counted as :meth:`count` counts: 0 when that hand cannot be its hand now."""
        return sum(k * h.weight(hand) for k, h in self.parts)

    def sample(self, rng: random.Random) -> tuple[int, tuple[int, ...]]:
        """One layout, by its weight among those that fit: the opponent's hand and the stock, top first."""
        if len(self.parts) == 1:
            return self.parts[0][1].sample(rng)
        pick = rng.randrange(self.total)
        for k, h in self.parts:
            w = k * h.count()
            if pick < w:
                break
            pick -= w
        return h.sample(rng)


class Histories:
    """Uniform layouts of the cards one seat cannot see in German Whist's Phase One, taking
    the opponent's show-outs of the suits of ``void_suits`` (4 bits; all by default) as
    voids until its next blind draw, and no other show-out (:class:`LayoutSampler` mixes
    these under club rules).

    The posterior, with every deal equally likely beforehand and no inference
    from how the opponent chose its cards, is uniform over the whole deals
    (the opponent's 13 first cards and the stock's order) that agree with what
    the seat has seen. Of the opponent's cards other than the known face-up
    ones, each was dealt to it or drawn blind after a trick it lost (a "slot",
    at the time of that trick); one it played at trick ``j`` came before
    ``j``, and a card of a suit it showed out of at trick ``v`` came after
    ``v`` or went before (a show-out proves a void only then: blind draws may
    bring the suit back). So each card fits the slots of an interval of times,
    and the number of histories that fit is counted by a small dynamic
    programme over the slots from the last to the first (cards alike in their
    interval's start are interchangeable), which also samples from them exactly.
    """

    def __init__(self, obs: Observation, void_suits: int = 0xF) -> None:
        me = obs.seat
        opp = next(s for s in obs.seats if s != me)
        self.obs, self.opp = obs, opp
        face_ups = {t: card for t, (_, card) in enumerate(obs.taken_face_up)}
        if obs.turn_up is not None:
            face_ups[0] = obs.turn_up
        shown = dict(obs.exposed).get(opp, 0)
        played_at: dict[int, int] = {}  # the opponent's played cards: card -> trick index
        all_tricks = [t.plays for t in obs.tricks] + ([obs.trick] if obs.trick else [])
        voids: dict[int, list[int]] = {s: [] for s in range(4)}
        shown_out = 0
        for j, plays in enumerate(all_tricks):
            led = suit_of(plays[0][1])
            for seat, card in plays:
                if seat == opp:
                    played_at[card] = j
                    if suit_of(card) != led:
                        shown_out |= 1 << led
                        if void_suits >> led & 1:
                            voids[led].append(j)
        self.shown_out = shown_out
        """The suits the opponent showed out of (4 bits), voids taken or not."""
        # the slots: after each finished trick, the opponent drew blind (it lost)
        # or took the face-up card (it won); a known face-up card is no slot
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
        other = Histories.__new__(Histories)
        other.__dict__.update(self.__dict__)
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
        hand = self.shown
        stock: list[int] = []
        for first, cards in sorted(self.pool.items()):
            cards = cards[:]
            rng.shuffle(cards)
            k = held.get(first, 0)
            for c in cards[:k]:
                hand |= 1 << c
            stock.extend(cards[k:])
        rng.shuffle(stock)
        up = self.obs.face_up if self.obs.face_up is not None else -1  # checked in __init__
        return hand, (up, *stock)


def runs(legal: int, gone: int) -> list[int]:
    """One card (the lowest) of each run of equivalent legal cards: cards of a suit
    with nothing between them but cards of ``gone`` (played to a finished trick, or held by
    the same hand: a card on the table in this trick splits the cards around it).

    >>> from whist.engine.cards import parse_cards
    >>> [card_name(c) for c in runs(parse_cards("2S 3S 5S 7S 9S KH AH"), parse_cards("4S 6S"))]
    ['2S', '9S', 'KH']
    """
    out = []
    prev = -2
    for c in cards_of(legal):
        between = ((1 << c) - 1) & ~((2 << prev) - 1) if prev >= 0 else -1
        if prev < 0 or suit_of(c) != suit_of(prev) or between & ~gone & SUIT_MASK[suit_of(c)]:
            out.append(c)
        prev = c
    return out


# --- the player --------------------------------------------------------------------

def raced(alive: list[int], rows: dict[int, list[int]], z: float) -> list[int]:
    """The cards of ``alive`` still close to the leader (the most tricks over the layouts all of
    them were valued on): a card stays unless the leader beats it by half a trick or more on
    average, layout by layout, and by at least ``z`` standard errors of that average.

    >>> raced([1, 2, 3], {1: [5, 6, 5, 6], 2: [4, 5, 4, 5], 3: [5, 5, 6, 6]}, 3.0)
    [1, 3]
    """
    lead = max(alive, key=lambda c: (sum(rows[c]), -(c % 13), -c))
    keep = []
    for c in alive:
        d = [a - b for a, b in zip(rows[lead], rows[c], strict=True)]  # (the cards alive: every layout)
        n = len(d)
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
        if c == lead or mean < 0.5 or mean <= z * (var / n) ** 0.5:
            keep.append(c)
    return keep


class PhaseOnePolicy(Protocol):
    """Plays a Phase One card from an observation (the playouts' rule for both hands)."""

    def phase_one(self, obs: Observation) -> tuple[int, Why]: ...


@dataclass(frozen=True)
class Settings:
    """How hard the German Whist search player searches."""

    samples: int
    """Layouts valued per Phase One card: fixed, so that a choice is reproducible."""
    budget: float | None
    """Seconds a card may take at most (a cap for slow machines), or None for no cap."""
    race: float | None = None
    """Drop a card from the search once the leading card beats it, layout by layout, by at
    least half a trick on average and by ``race`` standard errors of that average (after
    ``race_after`` layouts): the layouts left go to the cards still close. None: every card
    is valued on every layout."""
    race_after: int = 6

    def but(self, **changes: object) -> Settings:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


EXPERT = Settings(samples=20, budget=1.1, race=2.0)
"""Expert: 20 layouts a card, as many as its cap lets it value, the cards far behind the
leader dropped after 6 layouts (over 73 Phase One positions of three deals: the same card
chosen at every one, in 0.79 of the time). Over 200 duplicate deals
against the reference (10 layouts, ``python benchmarks/german_ref.py --against reference``)
20 layouts were +0.50 Phase Two tricks a deal ahead where 10 had been level; in the
browser the cap cuts the slowest cards short (``python benchmarks/browser_ai.py``). The
cap is checked between layouts, and a layout takes about a tenth of a second in the
browser: at 1.2 s the cards' p95 came to 1.23 s, over the 1.2 s a card may take."""

FIXED = Settings(samples=10, budget=None, race=2.0)
"""Expert where the clock must not count (a challenge by link, the replay of your cards:
the same card on every device): 10 layouts, about a capped card's time in the browser."""


class GermanSearchPlayer:
    """German Whist's Expert: Phase One by Monte Carlo over the layouts with playouts
    and exact Phase Two values; Phase Two by the normal player's exact search."""

    def __init__(self, seed: int | None = None, settings: Settings = EXPERT,
                 policy: PhaseOnePolicy | None = None) -> None:
        self.seed = seed
        self.settings = settings
        self.exact = GermanPlayer(seed)
        self.policy: PhaseOnePolicy = policy if policy is not None else GermanPlayer(seed)

    def choose(self, obs: Observation) -> str:
        return self.advise(obs)[0]

    def advise(self, obs: Observation) -> tuple[str, Why]:
        """The card, and why: in Phase One ``("stock-search", layouts, tricks, other, its tricks)``,
        the average Phase Two tricks of the card and of the best other card (None if none)."""
        if obs.to_play != obs.seat or not obs.legal:
            raise ValueError(f"it is not {obs.seat.long_name}'s turn to play a card")
        if obs.stock_size == 0 or obs.face_up is None or obs.legal & (obs.legal - 1) == 0:
            return self.exact.advise(obs)
        if dict(obs.options).get("trump") == "variable":
            return self.exact.advise(obs)  # the trump is unknown in Phase One: the layouts cannot be valued
        card, values, n = self.search(obs)
        others = [c for c in values if c != card]
        other = max(others, key=lambda c: (values[c], -(c % 13), -c)) if others else None
        return card_name(card), ("stock-search", n, values[card], other,
                                 None if other is None else values[other])

    def search(self, obs: Observation) -> tuple[int, dict[int, float], int]:
        """The card, each candidate's average Phase Two tricks, and the layouts valued."""
        st = self.settings
        start = last = time.perf_counter()
        rng = random.Random(f"{self.seed}:{obs.hand_number}:{int(obs.seat)}:{obs.hand}:{obs.played}:"
                            f"{obs.face_up}:{obs.taken_face_up}")
        sampler = LayoutSampler(obs)
        candidates = runs(obs.legal, obs.hand | obs.gone)
        rows: dict[int, list[int]] = {c: [] for c in candidates}  # each card's tricks, layout by layout
        alive = list(candidates)
        cache: dict[tuple[int, int, Seat], int] = {}
        n = 0
        with TwoHandTable(obs.trump) as table:
            for _ in range(st.samples):
                opp_hand, stock = sampler.sample(rng)
                for card in alive:
                    rows[card].append(self.play_out(obs, opp_hand, stock, card, cache, table))
                n += 1
                if st.race is not None and n >= st.race_after and len(alive) > 1:
                    alive = raced(alive, rows, st.race)
                if st.budget is not None:
                    # stop when the next layout would likely end past the cap
                    now = time.perf_counter()
                    if now - start + (now - last) > st.budget:
                        break
                    last = now
        best = max(alive, key=lambda c: (sum(rows[c]), -(c % 13), -c))
        return best, {c: sum(row) / len(row) for c, row in rows.items()}, n

    def play_out(self, obs: Observation, opp_hand: int, stock: tuple[int, ...], card: int,
                 cache: dict[tuple[int, int, Seat], int], table: TwoHandTable) -> int:
        """This seat's Phase Two tricks if it plays ``card`` on the layout: the rest of
        Phase One by the policy for both hands, Phase Two solved exactly."""
        me = obs.seat
        opp = next(s for s in obs.seats if s != me)
        hands = [0, 0, 0, 0]
        hands[me], hands[opp] = obs.hand, opp_hand
        up_held = [0, 0, 0, 0]  # face-up cards each seat took and still holds
        up_held[opp] = dict(obs.exposed).get(opp, 0)
        for seat, up in obs.taken_face_up:
            if seat == me and obs.hand >> up & 1:
                up_held[me] |= 1 << up
        taken = obs.taken_face_up
        leader, trick, tricks = obs.leader, obs.trick, obs.tricks
        trump, policy = obs.trump, self.policy
        mover: Seat = me
        while True:
            if mover != me or card < 0:
                legal = legal_cards(hands[mover], suit_of(trick[0][1]) if trick else None)
                if legal & (legal - 1) == 0:
                    card = lowest(legal)
                else:
                    other = opp if mover == me else me
                    view = dataclasses.replace(
                        obs, seat=mover, hand=hands[mover], leader=leader, trick=trick, tricks=tricks,
                        to_play=mover, legal=legal,
                        hand_sizes=(hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(),
                                    hands[3].bit_count()),
                        exposed=((other, up_held[other]),) if up_held[other] else (),
                        face_up=stock[0], stock_size=len(stock), taken_face_up=taken,
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
            taken = (*taken, (winner, stock[0]))
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
            value = cache[key] = table.solve(hands, leader)
        return value if leader == me else 13 - value
