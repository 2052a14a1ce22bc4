"""The players by rules of thumb (levels "easy" and "normal") and a random one; see :mod:`whist.ai.players`."""

from __future__ import annotations

import random

from whist.ai.bidding import choose_call, decide_call
from whist.ai.follow import choose_follow
from whist.ai.knowledge import Knowledge, Why, beats
from whist.ai.leads import choose_lead
from whist.engine.cards import SUIT_MASK, card_name, cards_of, highest, lowest, suit_of
from whist.engine.observation import Observation
from whist.engine.trick import trick_winner


def is_auction(obs: Observation) -> bool:
    return obs.phase == "auction"


def _check_turn(obs: Observation) -> None:
    if obs.to_play != obs.seat or not obs.legal:
        raise ValueError(f"it is not {obs.seat.long_name}'s turn to play a card")


def _cards(mask: int) -> list[int]:
    return list(cards_of(mask))


class RuleBasedPlayer:
    """Level "normal": the principles of sound whist, with a full memory of the play.
    Its low cards to a side suit led give count (:func:`whist.ai.follow.count_card`: high then
    low from an even number, the lowest from an odd), as How to play says; ``signals=False``
    plays the lowest instead (a yardstick for tests and benchmarks)."""

    def __init__(self, seed: int | None = None, signals: bool = True) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.signals = signals

    def choose(self, obs: Observation) -> str:
        if is_auction(obs):
            return choose_call(obs)
        return card_name(self.choose_card(obs))

    def advise(self, obs: Observation) -> tuple[str, Why]:
        """The action, and why (:data:`whist.ai.knowledge.Why`)."""
        if is_auction(obs):
            return decide_call(obs)
        card, why = self.decide(obs)
        return card_name(card), why

    def choose_card(self, obs: Observation) -> int:
        return self.decide(obs)[0]

    def decide(self, obs: Observation) -> tuple[int, Why]:
        _check_turn(obs)
        if obs.legal & (obs.legal - 1) == 0:
            return lowest(obs.legal), ("only",)  # only one card may be played
        know = Knowledge.from_observation(obs)
        card, why = choose_follow(obs, know, self.signals) if obs.trick else choose_lead(obs, know)
        assert obs.legal >> card & 1, "the rules of thumb chose an illegal card"
        return card, why


class BeginnerPlayer:
    """Level "easy": plausible but loose. Grabs tricks with high cards (even
    over partner), forgets what was played before this trick, leads its
    longest suit from the top, and about 30% of the time plays any legal card."""

    def __init__(self, seed: int | None = None, careless: float = 0.3) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.careless = careless

    def choose(self, obs: Observation) -> str:
        return self.advise(obs)[0]

    def advise(self, obs: Observation) -> tuple[str, Why]:
        if is_auction(obs):
            return decide_call(obs)
        _check_turn(obs)
        # One generator per decision, from the seed and the position: the same
        # position gives the same card whatever was asked before.
        rng = (random.Random(f"{self.seed}:{obs.hand_number}:{obs.seat}:{obs.hand}:{obs.played}")
               if self.seed is not None else self.rng)
        legal = _cards(obs.legal)
        if rng.random() < self.careless:
            return card_name(rng.choice(legal)), ("careless",)
        know = Knowledge.from_observation(obs, remember=False)
        if not obs.trick:
            if rng.random() < 0.5:
                card, why = choose_lead(obs, know)
                return card_name(card), why
            longest = max(range(4), key=lambda s: ((obs.legal & SUIT_MASK[s]).bit_count(), -s))
            return card_name(highest(obs.legal & SUIT_MASK[longest])), ("top-long", longest)
        plays = obs.trick
        win_seat, best = plays[trick_winner([c for _, c in plays], obs.trump)]
        winners = [c for c in legal if beats(c, best, obs.trump)]
        if winners:
            led = suit_of(plays[0][1])
            follow = [c for c in winners if suit_of(c) == led]
            return card_name(max(follow) if follow else min(winners)), ("grab", best, win_seat)
        card, why = choose_follow(obs, know, signals=False)  # a beginner gives no count
        return card_name(card), why


class RandomPlayer:
    """Any legal card, uniformly: a yardstick for the benchmarks, not a level."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> str:
        return self.advise(obs)[0]

    def advise(self, obs: Observation) -> tuple[str, Why]:
        if is_auction(obs):
            return self.rng.choice(obs.legal_calls), ("careless",)
        _check_turn(obs)
        return card_name(self.rng.choice(_cards(obs.legal))), ("careless",)
