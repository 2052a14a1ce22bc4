"""Claims: whether a seat's side is sure to take N of the tricks left, from what that seat knows.

A claim is proved, never guessed. The claimant sees its own hand, the hands it plays (a
dummy), every card played and the voids the rules make certain
(:meth:`~whist.engine.observation.Observation.certain_voids`: a show-out is no void under club
rules, where it may be a revoke, nor once the player has drawn from German Whist's stock since);
the other seats, its own hidden partner included, may hold the unseen cards in any way
consistent with that, and play any legal card (the worst for the claim; a revoke from now
on is the revoker's loss, paid by the penalty, not a defence the claim must survive). A
claim stands when one line of play for the cards the claimant chooses, deciding each card
from what it has seen so far and never from a hidden card, takes N tricks against every
layout and every defence. Two proofs:

* cashing: the hand on lead holds N winners it can cash one after the other: trumps led
  high while any other hand may hold a trump, then cards that no other hand (the partner
  and a dummy included) can beat or ruff, counted with upper bounds on each hand's length.
* search: with few tricks left (:data:`SEARCH_TRICKS`), every play of every seat is tried,
  the unseen cards kept as a pool with each hidden hand's size and voids (a layout exists
  while Hall's condition holds), equal cards of one hand tried once; the claimant's card is chosen per
  position, for all layouts of it at once. A search over :data:`NODE_LIMIT` proves nothing.

A refusal says why; when the search refutes the claim, it names the card that loses
and the holding that beats it: ``Refused: if West holds the ♠J, the ♠9 loses a trick.``

>>> from whist.engine.cards import parse_cards as p
>>> S, W, N, E = Seat.S, Seat.W, Seat.N, Seat.E
>>> end = Ending((N, E, S, W), ((N, S), (E, W)), None, {S: p("AS KS QS")}, {}, {N: 3, E: 3, W: 3},
...              {}, p("JS TS 9S 8S 2H 3H 4H 5H 6H"), (), S)
>>> prove(end).text
'♠A K Q are all masters'
>>> end = Ending((N, E, S, W), ((N, S), (E, W)), None, {S: p("AS KS 9S")}, {}, {N: 3, E: 3, W: 3},
...              {}, p("JS TS QS 8S 2H 3H 4H 5H 6H"), (), S)
>>> prove(end).text
'Refused: if East holds the ♠Q, the ♠9 loses a trick.'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from whist.engine.cards import RANKS, SUIT_MASK, SUIT_NAMES, SUIT_SYMBOLS, cards_high_first, rank_of, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.trick import trick_winner

SEARCH_TRICKS = 4
NODE_LIMIT = 600
"""A click on Claim stays short: at most ~35 ms in CPython (``python benchmarks/claim.py``), so
well under 200 ms in the browser; 2,000 nodes took up to 140 ms and proved 7 claims of 300, not 6."""


@dataclass(frozen=True)
class Ending:
    """A position in the play as the claimant sees it."""

    seats: tuple[Seat, ...]
    """Every seat, in the order of play."""
    sides: tuple[tuple[Seat, ...], ...]
    trump: int | None
    mine: dict[Seat, int]
    """The hands the claimant plays (its own, its dummy), all known."""
    known: dict[Seat, int]
    """Cards the claimant knows are in another hand (a dummy, the turn-up)."""
    sizes: dict[Seat, int]
    """How many cards each other hand holds."""
    voids: dict[Seat, int]
    """The suits (4 bits) each other hand surely holds no unseen card of (from
    :meth:`Observation.certain_voids`, not every show-out)."""
    pool: int
    """The unseen cards, somewhere in the other hands."""
    trick: tuple[tuple[Seat, int], ...]
    claimant: Seat
    leader: Seat | None = None
    """Who leads the trick on the table (with an empty trick: the seat to play)."""

    @property
    def first(self) -> Seat:
        return self.claimant if self.leader is None else self.leader

    def side(self, seat: Seat) -> int:
        return next(i for i, s in enumerate(self.sides) if seat in s)

    @property
    def left(self) -> int:
        """The tricks still to finish, the one on the table included."""
        return _left(self.mine, self.trick)


def _left(hands: dict[Seat, int], trick: Iterable[tuple[Seat, int]]) -> int:
    played = {s for s, _ in trick}
    return max(m.bit_count() + (s in played) for s, m in hands.items())


@dataclass(frozen=True)
class Proof:
    ok: bool
    text: str
    """Why, as a clause: ``"♠A K Q are all masters"``, or a sentence ``"Refused: ..."``."""
    tricks: int = 0
    left: int = 0


def ending_of(obs: Observation, controlled: tuple[Seat, ...]) -> Ending:
    """The position as ``obs.seat`` sees it, playing the hands of ``controlled``."""
    seen = dict(obs.exposed)
    mine = {s: obs.hand if s == obs.seat else seen.get(s, 0) for s in controlled}
    known = {s: m for s, m in seen.items() if s not in mine}
    if obs.turn_up_visible and obs.turn_up is not None and obs.dealer not in mine:
        known[obs.dealer] = known.get(obs.dealer, 0) | 1 << obs.turn_up
    others = [s for s in obs.seats if s not in mine]
    voids = obs.certain_voids()
    leader = obs.trick[0][0] if obs.trick else obs.to_play
    return Ending(obs.seats, obs.sides, obs.trump, mine, known, {s: obs.hand_sizes[s] for s in others},
                  {s: voids[s] for s in others}, obs.unseen, obs.trick, obs.seat, leader)


def cards_text(mask: int) -> str:
    """``"♠A K Q, ♥10"``."""
    parts: dict[int, list[str]] = {}
    for c in cards_high_first(mask):
        parts.setdefault(suit_of(c), []).append("10" if RANKS[rank_of(c)] == "T" else RANKS[rank_of(c)])
    return ", ".join(SUIT_SYMBOLS[s] + " ".join(r) for s, r in parts.items())


def _the(card: int) -> str:
    return "the " + cards_text(1 << card)


def prove(end: Ending, n: int | None = None, node_limit: int = NODE_LIMIT) -> Proof:
    """Whether the claimant's side surely takes ``n`` (default: all) of the tricks left."""
    left = end.left
    n = left if n is None else n
    if not 0 < n <= left:
        return Proof(False, f"Refused: {n} is not a number of the {left} tricks left.", n, left)
    why = "too many cards are left to try every play, and cashing winners needs the lead"
    if not end.trick and end.first in end.mine:
        k, won, how, why = _cash(end)
        if k >= n:
            verb = ("is a master" if k == 1 else "are all masters") if how == "masters" else \
                ("wins" if k == 1 else "win") + how
            return Proof(True, f"{cards_text(won)} {verb}", n, left)
    if left <= SEARCH_TRICKS:
        search = _Search(end, node_limit)
        try:
            if search.wins(n):
                cards = 0
                for m in end.mine.values():
                    cards |= m
                return Proof(True, f"{cards_text(cards)} take them however the unseen cards lie", n, left)
            return Proof(False, search.refutation(n), n, left)
        except _TooBig:
            pass
    return Proof(False, f"Refused: {why}." if why else "Refused: it cannot be proved.", n, left)


def _cash(end: Ending) -> tuple[int, int, str, str]:
    """The tricks the hand on lead takes by cashing sure winners, those cards, how (``"masters"``
    from the start, ``", trumps first"``, or ``""``), and why the count stops (empty when every
    card is cashed)."""
    lead = end.first
    hand = end.mine[lead]
    trump = -1 if end.trump is None else end.trump
    live = end.pool
    others = [s for s in end.seats if s != lead]
    hi: dict[Seat, list[int]] = {}
    lo: dict[Seat, list[int]] = {}
    size: dict[Seat, int] = {}
    for s in others:
        exact = s in end.mine
        have = end.mine[s] if exact else end.known.get(s, 0)
        live |= have
        size[s] = have.bit_count() if exact else end.sizes[s]
        free = size[s] - have.bit_count()
        lo[s] = [(have & SUIT_MASK[x]).bit_count() for x in range(4)]
        hi[s] = [min(size[s], lo[s][x] + (0 if end.voids.get(s, 0) >> x & 1 else
                                          min(free, (end.pool & SUIT_MASK[x]).bit_count()))) for x in range(4)]
    count = won = 0
    masters, drew = True, False
    while hand:
        trumps_out = trump >= 0 and any(hi[s][trump] for s in others)
        best = -1
        why = ""
        for x in sorted(range(4), key=lambda x: x != trump):
            mine = hand & SUIT_MASK[x]
            if not mine:
                continue
            c = mine.bit_length() - 1
            above = live & SUIT_MASK[x] & ~((2 << c) - 1)
            beaten = above and any(hi[s][x] for s in others)
            ruffed = x != trump and trumps_out and any(hi[s][trump] and not lo[s][x] for s in others)
            if beaten or ruffed:
                why = why or (f"{_the(c)} may lose to {_the(above.bit_length() - 1)}" if beaten
                              else f"{_the(c)} may be ruffed")
                continue
            best, top = c, not above
            if x != trump or trumps_out:
                break
        if best < 0:
            break
        masters = masters and top
        x = suit_of(best)
        drew = drew or (x == trump and trumps_out)
        hand &= ~(1 << best)
        count += 1
        won |= 1 << best
        for s in others:
            followed = lo[s][x] > 0
            size[s] -= 1
            for y in range(4):
                if y == x or not followed:
                    lo[s][y] = max(0, lo[s][y] - 1)
                if y == x:
                    hi[s][y] = max(0, hi[s][y] - 1)
                hi[s][y] = min(hi[s][y], size[s])
    return count, won, "masters" if masters else ", trumps first" if drew else "", why if hand else ""


class _TooBig(Exception):
    pass


Saved = tuple[int, int, dict[Seat, int], dict[Seat, int], list[tuple[Seat, int]], Seat]


class _Search:
    """Every play of every seat from an :class:`Ending`, the claimant's cards chosen per position."""

    def __init__(self, end: Ending, node_limit: int) -> None:
        self.end = end
        self.limit = node_limit
        self.nodes = 0
        self.memo: dict[tuple[object, ...], bool] = {}
        self.side = end.side(end.claimant)
        self.hidden = [s for s in end.seats if s not in end.mine]
        self.hands = {**{s: 0 for s in end.seats}, **end.mine, **end.known}
        self.free = {s: end.sizes[s] - end.known.get(s, 0).bit_count() for s in self.hidden}
        self.voids = {s: end.voids.get(s, 0) for s in self.hidden}
        self.pool = end.pool
        self.trick = list(end.trick)
        self.first = end.first

    def _ending(self, lead: Seat) -> Ending:
        end, h = self.end, self.hands
        return Ending(end.seats, end.sides, end.trump, {s: h[s] for s in end.mine},
                      {s: h[s] for s in self.hidden}, {s: h[s].bit_count() + self.free[s] for s in self.hidden},
                      self.voids, self.pool, (), end.claimant, lead)

    def _to_play(self) -> Seat:
        seats = self.end.seats
        if not self.trick:
            return self.first
        return seats[(seats.index(self.trick[-1][0]) + 1) % len(seats)]

    def _left(self) -> int:
        return _left({s: self.hands[s] for s in self.end.mine}, self.trick)

    def _feasible(self) -> bool:
        """A layout of the pool exists: each hidden hand fills its free places from suits it may hold."""
        counts = [(self.pool & SUIT_MASK[x]).bit_count() for x in range(4)]
        hidden = self.hidden
        for subset in range(1, 1 << len(hidden)):
            need = allowed = 0
            for i, s in enumerate(hidden):
                if subset >> i & 1:
                    need += self.free[s]
                    allowed |= ~self.voids[s] & 15
            if need > sum(counts[x] for x in range(4) if allowed >> x & 1):
                return False
        return True

    def moves(self, seat: Seat) -> list[tuple[int, bool]]:
        """The plays worth trying for ``seat``: (card, from the pool), one of each run of equal cards."""
        led = suit_of(self.trick[0][1]) if self.trick else None
        hand = self.hands[seat]
        live = self.pool  # the cards that may still decide a trick: unplayed, or on the table
        for h in [*self.hands.values(), *(1 << c for _, c in self.trick)]:
            live |= h
        groups = [(hand, False)]
        if self.free.get(seat):
            groups.append((self.pool & ~sum(SUIT_MASK[x] for x in range(4) if self.voids[seat] >> x & 1), True))
        follow = led is not None and hand & SUIT_MASK[led]
        out: list[tuple[int, bool]] = []
        for group, pooled in groups:
            for c in cards_high_first(group):
                above = live & SUIT_MASK[suit_of(c)] & ~((2 << c) - 1)
                # of a run of equal cards in one hand, the top one (not so in the pool: who
                # holds the others differs)
                if not ((above & -above & group and not pooled) or (follow and suit_of(c) != led)):
                    out.append((c, pooled))
        return out

    def wins(self, need: int) -> bool:
        """The claimant's side takes ``need`` more tricks, whatever the others hold and play."""
        if need <= 0 or need > self._left():
            return need <= 0
        seat = self._to_play()
        key = (*self.hands.values(), *self.free.values(), *self.voids.values(), self.pool, *self.trick, seat, need)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.limit:
            raise _TooBig
        mine = seat in self.end.mine
        if mine and not self.trick and _cash(self._ending(seat))[0] >= need:
            self.memo[key] = True
            return True
        result = not mine
        for move in self.moves(seat):
            if self.play(seat, move, need) is mine:
                result = mine
                break
        self.memo[key] = result
        return result

    def _do(self, seat: Seat, move: tuple[int, bool]) -> tuple[Saved, int]:
        """Make ``move``; what to restore, and 1 when it ends a trick the claimant's side wins."""
        card, pooled = move
        saved = (self.hands[seat], self.pool, dict(self.free), dict(self.voids), list(self.trick), self.first)
        if pooled:
            self.pool &= ~(1 << card)
            self.free[seat] -= 1
        else:
            self.hands[seat] &= ~(1 << card)
        if self.trick and suit_of(card) != suit_of(self.trick[0][1]) and seat in self.voids:
            self.voids[seat] |= 1 << suit_of(self.trick[0][1])
        self.trick.append((seat, card))
        if len(self.trick) < len(self.end.seats):
            return saved, 0
        winner = self.trick[trick_winner([c for _, c in self.trick], self.end.trump)][0]
        self.first = winner
        self.trick = []
        return saved, int(self.end.side(winner) == self.side)

    def _undo(self, seat: Seat, saved: Saved) -> None:
        self.hands[seat], self.pool, self.free, self.voids, self.trick, self.first = saved

    def play(self, seat: Seat, move: tuple[int, bool], need: int) -> bool | None:
        """Whether the claim still holds after ``move``; None when no layout allows it."""
        saved, gained = self._do(seat, move)
        try:
            if self.hidden and not self._feasible():
                return None
            return self.wins(need - gained)
        finally:
            self._undo(seat, saved)

    def refutation(self, need: int) -> str:
        """In words, a defence that beats the claimant's line (the search showed every line loses)."""
        lost: tuple[Seat, int, int] | None = None
        while 0 < need <= self._left():
            seat = self._to_play()
            moves = self.moves(seat)  # theirs low first: the high cards that beat ours stay
            move = next((m for m in (moves if seat in self.end.mine else sorted(moves, key=lambda m: rank_of(m[0])))
                         if self.play(seat, m, need) is False), None)
            if move is None:  # never: at a refuted position every move of ours loses, one of theirs wins
                break
            trick = [*self.trick, (seat, move[0])]
            _, gained = self._do(seat, move)
            need -= gained
            if len(trick) == len(self.end.seats) and not gained:
                winner, card = trick[trick_winner([c for _, c in trick], self.end.trump)]
                lost = (winner, card, next(c for s, c in trick if s in self.end.mine))
        if lost is None:
            return "Refused: it cannot be proved."
        winner, card, ours = lost
        holds = _the(card)
        if suit_of(card) != suit_of(ours):
            holds += f" and no {SUIT_NAMES[suit_of(ours)]}"
        return f"Refused: if {winner.long_name} holds {holds}, {_the(ours)} loses a trick."
