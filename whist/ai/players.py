"""Computer players: each decides from an :class:`Observation` only.

``make_player(level, seed)`` builds one by name from ``LEVELS``:

- ``"normal"``: sound whist by rules of thumb (see :mod:`whist.ai.leads` and
  :mod:`whist.ai.follow`), remembering every card played and every void shown;
- ``"easy"``: a beginner: plays high cards eagerly, forgets earlier tricks,
  and about a third of the time just plays any legal card;
- ``"hard"`` and ``"expert"``: Monte Carlo search over deals of the hidden
  cards consistent with the play, valued by playouts and exact double-dummy
  solves (see :mod:`whist.ai.montecarlo`); expert searches more deals, longer.

A choice depends only on the observation and the seed, never on earlier
calls, so a hint repeats itself and a replay plays the same cards.

>>> from whist.engine.state import GameState
>>> from whist.engine.seats import Seat
>>> state = GameState("classic", seed=42)
>>> seat = state.to_play
>>> card = make_player("normal").choose(state.observation(seat))
>>> card in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from whist.ai.bidding import choose_call
from whist.ai.follow import choose_follow
from whist.ai.knowledge import Knowledge, beats
from whist.ai.leads import choose_lead
from whist.engine.cards import SUIT_MASK, card_name, cards_of, highest, lowest, suit_of
from whist.engine.observation import Observation
from whist.engine.trick import trick_winner

LEVELS = ("easy", "normal", "hard", "expert")


class Player(Protocol):
    def choose(self, obs: Observation) -> str:
        """The action (a card such as ``"QS"``, or in an auction a call such as
        ``"8H"`` or ``"pass"``) this player takes, from its observation only."""
        ...


def is_auction(obs: Observation) -> bool:
    return obs.phase == "auction"


def _check_turn(obs: Observation) -> None:
    if obs.to_play != obs.seat or not obs.legal:
        raise ValueError(f"it is not {obs.seat.long_name}'s turn to play a card")


def _cards(mask: int) -> list[int]:
    return list(cards_of(mask))


class RuleBasedPlayer:
    """Level "normal": the principles of sound whist, with a full memory of the play."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> str:
        if is_auction(obs):
            return choose_call(obs)
        return card_name(self.choose_card(obs))

    def choose_card(self, obs: Observation) -> int:
        _check_turn(obs)
        if obs.legal & (obs.legal - 1) == 0:
            return lowest(obs.legal)  # only one card may be played
        know = Knowledge.from_observation(obs)
        card = choose_follow(obs, know) if obs.trick else choose_lead(obs, know)
        assert obs.legal >> card & 1, "the rules of thumb chose an illegal card"
        return card


class BeginnerPlayer:
    """Level "easy": plausible but loose. Grabs tricks with high cards (even
    over partner), forgets what was played before this trick, leads its
    longest suit from the top, and about 30% of the time plays any legal card."""

    def __init__(self, seed: int | None = None, careless: float = 0.3) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.careless = careless

    def choose(self, obs: Observation) -> str:
        if is_auction(obs):
            return choose_call(obs)
        _check_turn(obs)
        # One generator per decision, from the seed and the position: the same
        # position gives the same card whatever was asked before.
        rng = (random.Random(f"{self.seed}:{obs.hand_number}:{obs.seat}:{obs.hand}:{obs.played}")
               if self.seed is not None else self.rng)
        legal = _cards(obs.legal)
        if rng.random() < self.careless:
            return card_name(rng.choice(legal))
        know = Knowledge.from_observation(obs, remember=False)
        if not obs.trick:
            if rng.random() < 0.5:
                return card_name(choose_lead(obs, know))
            longest = max(range(4), key=lambda s: ((obs.legal & SUIT_MASK[s]).bit_count(), -s))
            return card_name(highest(obs.legal & SUIT_MASK[longest]))
        plays = obs.trick
        best = plays[trick_winner([c for _, c in plays], obs.trump)][1]
        winners = [c for c in legal if beats(c, best, obs.trump)]
        if winners:
            led = suit_of(plays[0][1])
            follow = [c for c in winners if suit_of(c) == led]
            return card_name(max(follow) if follow else min(winners))
        return card_name(choose_follow(obs, know))


class RandomPlayer:
    """Any legal card, uniformly: a yardstick for the benchmarks, not a level."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> str:
        if is_auction(obs):
            return self.rng.choice(obs.legal_calls)
        _check_turn(obs)
        return card_name(self.rng.choice(_cards(obs.legal)))


def _hard(seed: int | None) -> Player:
    # Imported here: the search itself plays the normal level's rules in its playouts.
    from whist.ai.montecarlo import HARD, MonteCarloPlayer

    return MonteCarloPlayer(seed, HARD)


def _expert(seed: int | None) -> Player:
    from whist.ai.montecarlo import EXPERT, MonteCarloPlayer

    return MonteCarloPlayer(seed, EXPERT)


_FACTORIES: dict[str, Callable[[int | None], Player]] = {
    "easy": BeginnerPlayer,
    "normal": RuleBasedPlayer,
    "hard": _hard,
    "expert": _expert,
}


def _german(seed: int | None) -> Player:
    from whist.ai.german import GermanPlayer

    return GermanPlayer(seed)


_GAME_PLAYERS: dict[str, Callable[[int | None], Player]] = {"german": _german}
"""Games with a computer player of their own above the easy level (German
Whist's two phases want their own play: the face-up card, then exact search)."""


def make_player(level: str = "normal", seed: int | None = None, game: str = "classic") -> Player:
    """A computer player of the given level for ``game``; the seed fixes its tie-breaks."""
    try:
        factory = _FACTORIES[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; the levels are {list(LEVELS)}") from None
    if level != "easy" and game in _GAME_PLAYERS:
        factory = _GAME_PLAYERS[game]
    return factory(seed)
