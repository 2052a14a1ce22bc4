"""The computer player of German Whist.

Phase One (while the stock lasts) is a fight for the face-up card: the player
values it for Phase Two (high trumps, aces and kings, cards that lengthen its
long suit), fights for a good card at the least cost and loses cheaply when
the card is poor, remembering every card it has seen. In Phase Two every card
is accounted for (its own hand, the cards played, the rest are the
opponent's), so it plays perfectly by exact search.

>>> from whist.engine.state import GameState
>>> state = GameState("german", seed=9)
>>> card = GermanPlayer(seed=1).choose(state.observation(state.to_play))
>>> card in state.legal_actions()
True
"""

from __future__ import annotations

import random

from whist.ai.knowledge import Why, beats
from whist.ai.twohand import decide_two
from whist.engine.cards import ACE, JACK, KING, QUEEN, SUIT_MASK, card_name, cards_of, lowest, rank_of, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.trick import trick_winner

HONOUR_VALUE = {ACE: 1.0, KING: 0.65, QUEEN: 0.4, JACK: 0.2}


def phase_two_value(card: int, hand: int, trump: int | None, gone: int) -> float:
    """What holding ``card`` should be worth in Phase Two, roughly in tricks.

    Higher cards of the suit already played (``gone``) promote it: a king is
    as good as an ace once the ace has gone.
    """
    suit, rank = suit_of(card), rank_of(card)
    above = SUIT_MASK[suit] & ~((2 << card) - 1) & ~gone
    effective = ACE - above.bit_count()  # its rank once the played cards above are struck out
    value = HONOUR_VALUE.get(effective, 0.04 * effective / ACE) if effective >= 0 else 0.0
    length = (hand & SUIT_MASK[suit]).bit_count()
    if suit == trump:
        value = 0.9 + 0.6 * rank / ACE  # every trump is a likely trick; high ones surely
    elif length >= 4:
        value += 0.1 * (length - 3)  # a long suit runs once trumps are out
    return value


class GermanPlayer:
    """The German Whist computer: Phase One by the value of the face-up card,
    Phase Two by exact search."""

    def __init__(self, seed: int | None = None, margin: float = 0.15) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.margin = margin

    def choose(self, obs: Observation) -> str:
        return self.advise(obs)[0]

    def advise(self, obs: Observation) -> tuple[str, Why]:
        """The card, and why (:data:`whist.ai.knowledge.Why`)."""
        if obs.to_play != obs.seat or not obs.legal:
            raise ValueError(f"it is not {obs.seat.long_name}'s turn to play a card")
        if obs.legal & (obs.legal - 1) == 0:
            return card_name(lowest(obs.legal)), ("only",)
        card, why = self.phase_two(obs) if obs.stock_size == 0 else self.phase_one(obs)
        return card_name(card), why

    # --- Phase Two: every card is known -----------------------------------------
    def phase_two(self, obs: Observation) -> tuple[int, Why]:
        opponent = next(s for s in obs.seats if s != obs.seat)
        hidden = obs.unseen | dict(obs.exposed).get(opponent, 0)
        hands = [0, 0, 0, 0]
        hands[obs.seat] = obs.hand
        hands[opponent] = hidden
        # the exact two-hand search; among equally good cards it keeps the
        # strong ones: it plays the lowest in rank
        card, v, n = decide_two(hands, obs.trump, obs.leader, trick=obs.trick)
        return card, ("exact", v, n)

    # --- Phase One: the fight for the face-up card ---------------------------------
    def phase_one(self, obs: Observation) -> tuple[int, Why]:
        if obs.face_up is None:
            raise ValueError("in Phase One the stock has a face-up card, but this observation shows none")
        gone = obs.played
        trump = obs.trump
        hand = obs.hand
        prize = phase_two_value(obs.face_up, hand | 1 << obs.face_up, trump, gone)
        # the card the loser draws is unseen: on average, one of the cards not yet seen
        pool = list(cards_of(obs.unseen))
        blind = sum(phase_two_value(c, hand | 1 << c, trump, gone) for c in pool) / max(1, len(pool))
        want = prize > blind + self.margin

        def cost(card: int) -> float:
            return phase_two_value(card, hand, trump, gone)

        legal = list(cards_of(obs.legal))
        if obs.trick:
            best = obs.trick[trick_winner([c for _, c in obs.trick], trump)][1]
            winners = [c for c in legal if beats(c, best, trump)]
            losers = [c for c in legal if c not in winners]
            if want and winners:
                card = min(winners, key=lambda c: (cost(c), c))
                if cost(card) < prize - blind + 0.5:
                    return card, ("fight", obs.face_up)
            pool_ = losers or legal
            why = ("dear" if winners else "no-winner") if want else "let-go"
            return min(pool_, key=lambda c: (cost(c), c)), (why, obs.face_up)
        # leading: to win, lead a card the opponent can hardly beat; to lose, a low one
        if want:
            sure = [c for c in legal if self._likely_wins(c, obs)]
            if sure:
                return min(sure, key=lambda c: (cost(c), c)), ("lead-win", obs.face_up)
        return (min(legal, key=lambda c: (cost(c) + (0.3 if self._likely_wins(c, obs) else 0.0), c)),
                ("lead-cheap" if want else "let-go", obs.face_up))

    @staticmethod
    def _likely_wins(card: int, obs: Observation) -> bool:
        """No unseen card (nor a face-up card the opponent holds) beats it in its suit,
        and it is a trump or the opponent is not likely to ruff it: not void in its suit by
        :func:`likely_voids`. Under club rules a show-out is only a likely void (the opponent
        may have revoked), but a likely one (players rarely revoke, and pay for it; the
        computers never do): this asks what is likely, so it counts it, as the deal samplers
        weigh it (:data:`whist.ai.sampling.REVOKE_ODDS`), and never takes it as known."""
        opponent: Seat = next(s for s in obs.seats if s != obs.seat)
        theirs = obs.unseen | dict(obs.exposed).get(opponent, 0)
        suit = suit_of(card)
        if SUIT_MASK[suit] & ~((2 << card) - 1) & theirs:
            return False
        return suit == obs.trump or obs.trump is None or not (likely_voids(obs, opponent) >> suit & 1)


def known_voids(obs: Observation, seat: Seat) -> int:
    """The suits (4 bits) ``seat`` surely holds no card of now.

    A suit of which no card is unseen and the seat shows none is a void whatever
    happened. A show-out proves a void only where the rules make it one: never under
    club rules, where it may have been a revoke (``Observation.revokes_allowed``), and
    otherwise only until the seat next draws a card blind (:func:`likely_voids`).
    """
    if obs.revokes_allowed:
        return _exhausted(obs, seat)
    return likely_voids(obs, seat)


def likely_voids(obs: Observation, seat: Seat) -> int:
    """The suits (4 bits) ``seat`` holds no card of now unless it revoked: the suits of
    :func:`known_voids`, and under club rules also those it showed out of since.

    A show-out counts only until the seat next draws a card it was not seen to take: in
    Phase One (``Observation.draw_tricks``) the loser of each trick draws the stock's
    next card face down, which may be of that suit, and the winner takes the face-up
    card, seen by both, which takes away only the void of its own suit (a request that
    leaves the stock's history out, ``Observation.taken_face_up``, shows no face-up
    card: then the winner's draw may be of any suit too).
    """
    void = 0
    taken = obs.taken_face_up
    for k, t in enumerate(obs.tricks):
        void |= _show_outs(t.plays, seat)
        if k < obs.draw_tricks:  # the stock still lasted: both drew
            if k < len(taken) and taken[k][0] == seat:
                void &= ~(1 << suit_of(taken[k][1]))  # the face-up card it took
            else:
                void = 0  # a blind draw (or a face-up card not known): any suit may be back
    if obs.trick:
        void |= _show_outs(obs.trick, seat)
    return void | _exhausted(obs, seat)


def _exhausted(obs: Observation, seat: Seat) -> int:
    """The suits of which no card is unseen and ``seat`` shows none (4 bits)."""
    theirs = obs.unseen | dict(obs.exposed).get(seat, 0)
    return sum(1 << suit for suit in range(4) if not theirs & SUIT_MASK[suit])


def _show_outs(plays: tuple[tuple[Seat, int], ...], seat: Seat) -> int:
    led = suit_of(plays[0][1])
    return next((1 << led for s, c in plays[1:] if s == seat and suit_of(c) != led), 0)
