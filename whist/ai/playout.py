"""Playing a sampled deal on to the end: how a card works out among sound players.

Early in a hand too many tricks remain for the double-dummy solver to answer
within a card's time budget, so :mod:`whist.ai.montecarlo` values a card there by
a playout: the card is played on a sampled deal, then every seat plays by
the rules of the "normal" level, each seeing only what it would see at the
table (its own hand and the cards played), with a little randomness. Once few
enough tricks remain the solver takes over and values the rest exactly.
A playout is cheap (about 30 microseconds a card in CPython) and, being the
normal player's own policy, choosing the card with the best playout value is
a one-step improvement on that policy. A playout keeps its own light copy of
the position (hands, trick, tricks) and ends each trick as the game state does,
by :func:`whist.engine.trick.end_trick`.
"""

from __future__ import annotations

import random

from whist.ai.heuristic import RuleBasedPlayer
from whist.ai.solver import Solver
from whist.engine.deal import Hands
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.trick import end_trick, legal_cards


class Playout:
    """Playouts from the position of ``obs`` (the seat to play is ``obs.seat``)."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.player = RuleBasedPlayer()
        self.side = obs.side_of(obs.seat)
        self.side_of = {s: obs.side_of(s) for s in obs.seats}
        self.next = {s: obs.seats[(i + 1) % len(obs.seats)] for i, s in enumerate(obs.seats)}
        self.solved: dict[tuple[int, ...], int] = {}
        """Leaf positions solved so far (the tricks the leader's side takes), by hands and leader."""
        self.solver = Solver(obs.trump, obs.sides)
        """One transposition table for every leaf of these playouts."""
        self.last = len(obs.tricks) + obs.hand.bit_count()
        """The tricks in the hand: those played, and one for each card the seat to play holds."""

    def run(self, hands: Hands, card: int, rng: random.Random, noise: float = 0.0,
            leaf: int = 0) -> int:
        """The tricks this seat's side takes from now (the current trick included)
        after playing ``card`` on the deal ``hands``. Every later card is the normal
        player's choice, or with chance ``noise`` any legal card; at the start of a
        trick with ``leaf`` or fewer tricks left, the solver values the rest."""
        obs = self.obs
        seats, trump = obs.seats, obs.trump
        h = list(hands)
        leader = obs.leader
        trick = obs.trick
        tricks = list(obs.tricks)
        won = list(obs.tricks_won)
        taken = 0
        seat = obs.seat
        choice: int | None = card
        while True:
            if choice is None:
                hand = h[seat]
                led = trick[0][1] // 13 if trick else None
                legal = legal_cards(hand, led)
                if legal & (legal - 1) == 0:
                    choice = legal
                    choice = choice.bit_length() - 1
                elif noise and rng.random() < noise:
                    choice = _pick(legal, rng)
                else:
                    up = obs.turn_up
                    view = Observation(
                        game=obs.game, seat=seat, seats=seats, sides=obs.sides, phase="play", hand=hand,
                        trump=trump, dealer=obs.dealer, turn_up=up,
                        turn_up_visible=up is not None and bool(h[obs.dealer] >> up & 1),
                        leader=leader, trick=trick, tricks=tuple(tricks), to_play=seat, legal=legal,
                        hand_sizes=(h[0].bit_count(), h[1].bit_count(), h[2].bit_count(), h[3].bit_count()),
                        scores=obs.scores, tricks_won=tuple(won), target=obs.target,
                        hand_number=obs.hand_number, auction=obs.auction, contract=obs.contract,
                        options=obs.options)
                    choice = self.player.choose_card(view)
            h[seat] &= ~(1 << choice)
            trick = (*trick, (seat, choice))
            choice = None
            if len(trick) < len(seats):
                seat = self.next[seat]
                continue
            end = end_trick(h, leader, trick, trump, len(tricks), self.last)
            tricks.append(end.trick)
            win = end.trick.winner
            won[self.side_of[win]] += 1
            if self.side_of[win] == self.side:
                taken += 1
            leader = seat = win
            trick = ()
            if end.over:
                return taken
            left = h[leader].bit_count()
            if left <= leaf:
                deal = (h[0], h[1], h[2], h[3])
                # Playouts of the other cards on the same deal often reach the same position.
                key = (h[0], h[1], h[2], h[3], leader)
                got = self.solved.get(key)
                if got is None:
                    got = self.solved[key] = self.solver.solve(deal, Seat(leader))
                return taken + (got if self.side_of[leader] == self.side else left - got)


def _pick(mask: int, rng: random.Random) -> int:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return rng.choice(cards)
