"""The last tricks searched over this seat's information, not deal by deal.

Averaging each card's double-dummy value over sampled deals (Perfect Information
Monte Carlo) assumes that after this card the player will know the hidden cards:
on each deal, its later cards are the best for that deal. Real play must choose
the same card on every deal it cannot tell apart, so the average flatters a card
that leaves a guess for later ("strategy fusion"). Here the sampled deals are
searched together, as in alpha-mu search (Cazenave and Ventos, 2020):

- a node's value is a set of vectors, one number per deal (our side's tricks
  from that node on), each vector what one way of playing our later cards gets;
  only vectors no other beats on every deal are kept (a Pareto front);
- at this seat's turn its card is one choice for every deal still possible, so
  the node's set is the union of its cards' sets;
- another seat's card splits the deals (those where it holds that card and may
  play it); this seat sees which, so its later play may differ by that card: the
  node's vectors combine one vector of each card's set, and on each deal the
  seat to play takes its side's best card there (an opponent the one worst for
  us, partner the one best): the others are assumed to see every card, as the
  double-dummy averages assume for every seat;
- after ``moves`` of this seat's choices, or where it has no choice left, each
  deal is valued by the double-dummy solver alone.

With ``moves`` 1 this is the plain average. Honest: the deals are drawn from the
observation; the search reads nothing else.

>>> from whist.engine.state import GameState
>>> state = GameState("classic", seed=42)
>>> fusable(state.observation(state.to_play))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from whist.ai.solver import Solver
from whist.engine.deal import Hands
from whist.engine.observation import Observation
from whist.engine.seats import Seat

Vector = tuple[float, ...]
FRONT_CAP = 24
"""Vectors kept at most in a node's set (the best on average): the sets stay small
in the last tricks, the cap bounds the rare position where they would not."""


def fusable(obs: Observation) -> bool:
    """Whether this search applies: four seats, each playing its own unseen hand."""
    return len(obs.seats) == 4 and not obs.exposed and obs.to_play == obs.seat


def fused_values(obs: Observation, deals: Sequence[tuple[Hands, float]], cards: Sequence[int],
                 moves: int) -> dict[int, float]:
    """Each of ``cards`` (this seat's legal cards, one of each group), valued by the
    best way of playing on from it that depends only on what this seat will see:
    the weighted mean over ``deals`` (deal, weight) of our side's tricks from now on
    (the current trick included), this seat's next ``moves`` choices searched."""
    search = _Search(obs, deals)
    weights = search.weights
    total = sum(weights)
    out = {}
    for c in cards:
        front = search.play(tuple(range(len(deals))), obs.trick, Seat(obs.leader), obs.played, c, moves - 1)
        out[c] = max(sum(w * v for w, v in zip(weights, vec, strict=True)) for vec in front) / total
    return out


class _Search:
    def __init__(self, obs: Observation, deals: Sequence[tuple[Hands, float]]) -> None:
        self.me = int(obs.seat)
        self.trump = -1 if obs.trump is None else obs.trump
        self.side = [obs.side_of(Seat(p)) for p in range(4)]
        self.ours = self.side[self.me]
        self.worlds = [tuple(int(h) for h in deal) for deal, _ in deals]
        self.weights = [float(m) for _, m in deals]
        self.solver = Solver(obs.trump, obs.sides)
        self.memo: dict[tuple[object, ...], list[Vector]] = {}

    # -- moves --------------------------------------------------------------
    def node(self, idx: tuple[int, ...], trick: tuple[tuple[Seat, int], ...], leader: Seat, gone: int,
             moves: int) -> list[Vector]:
        """The front at this node: ``idx`` the deals still possible, ``gone`` every card played."""
        key = (idx, trick, leader, gone, moves)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        mover = (int(leader) + len(trick)) % 4
        mine = self.worlds[idx[0]][self.me] & ~gone
        if not mine and not trick:
            return [(0.0,) * len(idx)]
        if moves <= 0 or mine.bit_count() <= 1:
            front = self.leaf(idx, trick, leader, gone)  # no choice of ours left to search
        elif mover == self.me:
            table = 0
            for _, c in trick:
                table |= 1 << c
            reps = _runs(_legal(mine, trick), mine | gone & ~table)
            if len(reps) == 1:
                front = self.play(idx, trick, leader, gone, reps[0], moves)
            else:
                front = []
                for c in reps:
                    front += self.play(idx, trick, leader, gone, c, moves - 1)
                front = _pareto(front, self.weights, idx)
        else:
            split: dict[int, list[int]] = {}
            for j, w in enumerate(idx):
                hand = self.worlds[w][mover] & ~gone
                legal = _legal(hand, trick)
                while legal:
                    c = (legal & -legal).bit_length() - 1
                    legal &= legal - 1
                    split.setdefault(c, []).append(j)
            partner = self.side[mover] == self.ours
            acc: list[list[float | None]] = [[None] * len(idx)]
            for c, where in split.items():
                sub = tuple(idx[j] for j in where)
                child = self.play(sub, trick, leader, gone, c, moves)
                grown = []
                for r in acc:
                    for vec in child:
                        row = list(r)
                        for j, v in zip(where, vec, strict=True):
                            cur = row[j]
                            row[j] = v if cur is None else (max(cur, v) if partner else min(cur, v))
                        grown.append(row)
                acc = _pareto_partial(grown, self.weights, idx)
            front = [tuple(float(v) for v in r if v is not None) for r in acc]
        self.memo[key] = front
        return front

    def play(self, idx: tuple[int, ...], trick: tuple[tuple[Seat, int], ...], leader: Seat, gone: int,
             card: int, moves: int) -> list[Vector]:
        """The front after the seat to move plays ``card`` on the deals ``idx``."""
        mover = Seat((int(leader) + len(trick)) % 4)
        trick = (*trick, (mover, card))
        gone |= 1 << card
        if len(trick) < 4:
            return self.node(idx, trick, leader, gone, moves)
        winner = trick[_winner([c for _, c in trick], self.trump)][0]
        won = 1.0 if self.side[winner] == self.ours else 0.0
        child = self.node(idx, (), winner, gone, moves)
        return [tuple(v + won for v in vec) for vec in child] if won else child

    def leaf(self, idx: tuple[int, ...], trick: tuple[tuple[Seat, int], ...], leader: Seat,
             gone: int) -> list[Vector]:
        """Each deal valued double-dummy from here: one vector."""
        vec = []
        for w in idx:
            hands = [h & ~gone for h in self.worlds[w]]
            rem = max(h.bit_count() for h in hands)
            if rem == 0:
                vec.append(0.0)
                continue
            v = self.solver.takes(hands, leader, trick)
            vec.append(float(v if self.side[int(leader)] == self.ours else rem - v))
        return [tuple(vec)]


def _legal(hand: int, trick: tuple[tuple[Seat, int], ...]) -> int:
    if trick:
        suit = trick[0][1] // 13
        follow = hand & (0x1FFF << (13 * suit))
        if follow:
            return follow
    return hand


def _runs(legal: int, known: int) -> list[int]:
    """The lowest card of each run of ``legal`` (cards of a suit with only ``known``
    cards between them: the hand's own and those of finished tricks)."""
    out = []
    prev = -2
    while legal:
        c = (legal & -legal).bit_length() - 1
        legal &= legal - 1
        if prev >= 0 and c // 13 == prev // 13 and ((1 << c) - (2 << prev)) & ~known == 0:
            prev = c
            continue
        out.append(c)
        prev = c
    return out


def _winner(cards: Sequence[int], trump: int) -> int:
    best = 0
    for i in range(1, len(cards)):
        c, top = cards[i], cards[best]
        if c // 13 == top // 13:
            if c > top:
                best = i
        elif c // 13 == trump:
            best = i
    return best


def _pareto(vectors: list[Vector], weights: Sequence[float], idx: Sequence[int]) -> list[Vector]:
    """The vectors no other matches or beats on every deal, best mean first, at most FRONT_CAP."""
    def mean(v: Vector) -> float:
        return sum(weights[w] * x for w, x in zip(idx, v, strict=True))

    kept: list[Vector] = []
    for v in sorted(set(vectors), key=mean, reverse=True):
        if not any(all(a >= b for a, b in zip(k, v, strict=True)) for k in kept):
            kept.append(v)
            if len(kept) == FRONT_CAP:
                break
    return kept


def _pareto_partial(rows: list[list[float | None]], weights: Sequence[float],
                    idx: Sequence[int]) -> list[list[float | None]]:
    """:func:`_pareto` on rows that share their unset (None) places."""
    if len(rows) <= 1:
        return rows
    places = [j for j, v in enumerate(rows[0]) if v is not None]
    packed = {tuple(r[j] for j in places): r for r in rows}
    front = _pareto(list(packed), weights, [idx[j] for j in places])  # type: ignore[arg-type]
    return [packed[v] for v in front]
