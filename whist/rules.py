"""The rules of each game, one object per game, found by name in ``GAMES``.

The game state asks its rules object everything that differs between the
games of the whist family: who sits, who partners whom, how a hand is dealt
and trump chosen, who leads, how a hand scores and when the game is won.
A new game subclasses :class:`Rules` and overrides those hooks; nothing
else in the engine branches on the game's name.

>>> rules = make_rules("classic")
>>> rules.hand_points((9, 4)), rules.hand_points((6, 7)), rules.hand_points((13, 0))
((3, 0), (0, 1), (7, 0))
>>> rules.winner((7, 5)), rules.winner((6, 6))
(0, None)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from whist.cards import suit_of
from whist.deal import Hands, deal_cards
from whist.seats import Seat


@dataclass(frozen=True)
class DealtHand:
    """What a deal hands to the state: the hands, the turn-up and trump."""

    hands: Hands
    turn_up: int | None
    trump: int | None


class Rules:
    """Classic Whist: four players in two partnerships, trump is the dealer's
    last card, the side with more than six tricks scores one point for each
    trick over six, first side to 7 points wins. The base of every game."""

    name: ClassVar[str] = "classic"
    title: ClassVar[str] = "Classic Whist"
    seats: ClassVar[tuple[Seat, ...]] = (Seat.N, Seat.E, Seat.S, Seat.W)
    sides: ClassVar[tuple[tuple[Seat, ...], ...]] = ((Seat.N, Seat.S), (Seat.E, Seat.W))
    side_names: ClassVar[tuple[str, ...]] = ("North-South", "East-West")
    book: ClassVar[int] = 6
    tricks_per_hand: ClassVar[int] = 13
    default_options: ClassVar[dict[str, Any]] = {"target": 7}
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = {"target": (5, 7, 9)}

    def __init__(self, **options: Any) -> None:
        merged = dict(self.default_options)
        for key, value in options.items():
            if key not in self.default_options:
                raise ValueError(f"{self.title} has no option {key!r}")
            choices = self.option_choices.get(key)
            if choices is not None and value not in choices:
                raise ValueError(f"option {key!r} must be one of {list(choices)}, not {value!r}")
            merged[key] = value
        self.options: dict[str, Any] = merged

    @property
    def target(self) -> int:
        return int(self.options["target"])

    # --- seating -------------------------------------------------------
    def side_of(self, seat: Seat) -> int:
        for i, side in enumerate(self.sides):
            if seat in side:
                return i
        raise ValueError(f"{seat.long_name} does not play in {self.title}")

    def partner_of(self, seat: Seat) -> Seat | None:
        side = self.sides[self.side_of(seat)]
        others = [s for s in side if s != seat]
        return others[0] if others else None

    def next_seat(self, seat: Seat) -> Seat:
        """The next seat clockwise among the seats that play."""
        i = self.seats.index(seat)
        return self.seats[(i + 1) % len(self.seats)]

    # --- the deal ------------------------------------------------------
    def first_dealer(self, seed: int) -> Seat:
        """Who deals the first hand when nobody draws for it: drawn from the seed."""
        return random.Random(f"first-dealer:{seed}").choice(self.seats)

    def next_dealer(self, dealer: Seat) -> Seat:
        return self.next_seat(dealer)

    def deal_number(self, seed: int, hand_number: int) -> int:
        """The deal number of each hand of a game: the first hand is the seed itself."""
        if hand_number == 0:
            return seed
        return random.Random(f"deal:{seed}:{hand_number}").randrange(1, 10**12)

    def deal(self, deal_number: int, dealer: Seat) -> DealtHand:
        hands, last = deal_cards(deal_number, dealer, self.seats)
        return DealtHand(hands, turn_up=last, trump=suit_of(last))

    def first_leader(self, dealer: Seat) -> Seat:
        return self.next_seat(dealer)

    # --- scoring -------------------------------------------------------
    def hand_points(self, tricks: tuple[int, ...]) -> tuple[int, ...]:
        """Points per side for the tricks each side took: one a trick over the book."""
        return tuple(max(0, t - self.book) for t in tricks)

    def winner(self, scores: tuple[int, ...]) -> int | None:
        """The side that has won the game, if any: at the target and ahead."""
        best = max(scores)
        if best >= self.target and list(scores).count(best) == 1:
            return scores.index(best)
        return None


GAMES: dict[str, type[Rules]] = {Rules.name: Rules}


def make_rules(game: str = "classic", **options: Any) -> Rules:
    try:
        cls = GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; the games are {sorted(GAMES)}") from None
    return cls(**options)
