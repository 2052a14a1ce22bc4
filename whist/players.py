"""Computer players. Interim: plays the lowest legal card; replaced by the rule-based player."""

from __future__ import annotations

import random
from typing import Protocol

from whist.cards import card_name, lowest
from whist.observation import Observation

LEVELS = ("normal",)


class Player(Protocol):
    def choose(self, obs: Observation) -> str:
        """The action (a card such as ``"QS"``) this player takes, from its observation only."""
        ...


class _Lowest:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, obs: Observation) -> str:
        return card_name(lowest(obs.legal))


def make_player(level: str = "normal", seed: int | None = None) -> Player:
    return _Lowest(random.Random(seed))
