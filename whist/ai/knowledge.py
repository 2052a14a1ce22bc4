"""What one seat knows about where the cards are: memory of the play and simple inference.

Built from an :class:`~whist.engine.observation.Observation` only. The cards this
seat cannot see are spread over the other seats; a seat that has shown out of
a suit holds none of it where the rules make that certain
(``Observation.certain_voids``: not under club rules, where it may have revoked,
nor after a blind draw from German Whist's stock), the turn-up on show is in the
dealer's hand, and a seat whose possible cards number exactly its hand size
holds all of them.

>>> from whist.engine.state import GameState
>>> from whist.engine.seats import Seat
>>> know = Knowledge.from_observation(GameState("classic", seed=42).observation(Seat.S))
>>> know.others == know.possible_anywhere(), bin(know.others).count("1")
(True, 39)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from whist.engine.cards import FULL_DECK, SUIT_MASK, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat

Why = tuple[Any, ...]
"""Why a player chose: a rule's code, then the facts it used (cards, seats, suits, counts);
:func:`whist.table.words.reason` words it, only when a hint asks."""


def cards_above(card: int) -> int:
    """The mask of the cards of the same suit ranking above ``card``."""
    return SUIT_MASK[suit_of(card)] & ~((2 << card) - 1)


def beats(card: int, best: int, trump: int | None) -> bool:
    """Whether ``card`` played now would take the trick from ``best``, the card winning it."""
    if suit_of(card) == suit_of(best):
        return card > best
    return suit_of(card) == trump


@dataclass(frozen=True)
class Knowledge:
    """Where the cards may be, as one seat sees it.

    ``others``: every card in another seat's hand. ``possible[seat]``: the
    cards that seat may hold; ``certain[seat]``: those it surely holds.
    With ``remember=False`` (a beginner) only the trick on the table is
    remembered: earlier tricks' cards count as still out, no void is known.
    """

    seat: Seat
    trump: int | None
    hand: int
    played: int
    others: int
    possible: dict[Seat, int]
    certain: dict[Seat, int]

    @classmethod
    def from_observation(cls, obs: Observation, remember: bool = True) -> Knowledge:
        if remember:
            played = obs.played
            voids = obs.certain_voids()
        else:
            played = 0
            for _, c in obs.trick:
                played |= 1 << c
            voids = {s: 0 for s in obs.seats}
        others = FULL_DECK & ~obs.hand & ~played
        if obs.face_up is not None:
            others &= ~(1 << obs.face_up)  # on the stock, in no hand yet
        seen_up = obs.turn_up_visible and obs.turn_up is not None and obs.dealer != obs.seat
        certain = {s: 0 for s in obs.seats if s != obs.seat}
        if seen_up and obs.dealer in certain:
            certain[obs.dealer] = 1 << obs.turn_up  # type: ignore[operator]
        for s, cards in obs.exposed:  # a dummy on the table, face-up draws from the stock
            if s in certain:
                certain[s] |= cards & others
        known = 0
        for m in certain.values():
            known |= m
        possible: dict[Seat, int] = {}
        for s, sure in certain.items():
            allowed = others & ~known
            for suit in range(4):
                if voids[s] >> suit & 1:
                    allowed &= ~SUIT_MASK[suit]
            possible[s] = (allowed | sure) if obs.hand_sizes[s] else 0
        if remember and not obs.stock_size:
            # (while a stock is left, an unseen card may lie there: nothing follows from elimination)
            _narrow(possible, certain, obs.hand_sizes)
        return cls(obs.seat, obs.trump, obs.hand, played, others, possible, certain)

    # --- questions about cards ---------------------------------------------
    def possible_anywhere(self) -> int:
        m = 0
        for p in self.possible.values():
            m |= p
        return m

    def higher_out(self, card: int) -> int:
        """The cards above ``card`` in its suit still held by other seats."""
        return cards_above(card) & self.others

    def is_master(self, card: int) -> bool:
        """No other seat holds a higher card of the suit: it wins any trick not trumped."""
        return not self.higher_out(card)

    def rank_class(self, card: int) -> int:
        """How many outstanding cards beat it in its suit: cards of one hand with the
        same count are equivalent (every card between them is played or ours)."""
        return self.higher_out(card).bit_count()

    def out_in_suit(self, suit: int) -> int:
        return self.others & SUIT_MASK[suit]

    # --- questions about seats ------------------------------------------------
    def is_void(self, seat: Seat, suit: int) -> bool:
        """The seat surely holds no card of ``suit``."""
        return not self.possible.get(seat, 0) & SUIT_MASK[suit]

    def may_hold_trump(self, seat: Seat) -> bool:
        return self.trump is not None and bool(self.possible.get(seat, 0) & SUIT_MASK[self.trump])

    def may_ruff(self, seat: Seat, suit: int) -> bool:
        """The seat is known to be out of ``suit`` (not trump) and may still hold a trump."""
        return suit != self.trump and self.is_void(seat, suit) and self.may_hold_trump(seat)

    def may_beat(self, seat: Seat, best: int, led: int) -> bool:
        """Could ``seat``, playing later to a trick led in ``led``, take it from ``best``?

        A seat that may hold the suit led is assumed to follow; it ruffs only
        once it has shown out.
        """
        poss = self.possible.get(seat, 0)
        follow = poss & SUIT_MASK[led]
        if follow:
            return suit_of(best) == led and bool(follow & cards_above(best))
        if self.trump is None or led == self.trump:
            return False
        trumps = poss & SUIT_MASK[self.trump]
        if suit_of(best) == self.trump:
            return bool(trumps & cards_above(best))
        return bool(trumps)


def _narrow(possible: dict[Seat, int], certain: dict[Seat, int],
            sizes: tuple[int, int, int, int]) -> None:
    """Simple deductions: a card only one seat may hold is that seat's; a seat
    whose possible cards number its hand size holds exactly those."""
    for _ in range(3):
        changed = False
        for s in tuple(possible):
            mine = possible[s]
            rest = 0
            for t, p in possible.items():
                if t != s:
                    rest |= p
            sure = mine if mine.bit_count() == sizes[s] else mine & ~rest
            if sure & ~certain[s]:
                certain[s] |= sure
                changed = True
                for t in possible:
                    if t != s:
                        possible[t] &= ~sure
        if not changed:
            return
