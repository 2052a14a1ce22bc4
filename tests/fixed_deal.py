"""A Classic rules object that deals one fixed hand, for tests with hand-made positions."""

from __future__ import annotations

from whist.engine.cards import parse_card, suit_of
from whist.engine.deal import parse_pbn
from whist.engine.rules import ClassicWhist, DealtHand
from whist.engine.seats import Seat


class FixedDeal(ClassicWhist):
    """Classic rules (with any options), but every hand is the given PBN deal,
    dealt by ``dealer`` with ``turn_up`` (a card of the dealer's) turned up."""

    def __init__(self, pbn: str, turn_up: str, dealer: Seat, **options: object) -> None:
        super().__init__(**options)
        self.hands = parse_pbn(pbn)
        self.up = parse_card(turn_up)
        self.dealer = dealer

    def first_dealer(self, seed: int) -> Seat:
        return self.dealer

    def deal(self, deal_number: int, dealer: Seat) -> DealtHand:
        assert self.hands[dealer] >> self.up & 1, "the turn-up belongs to the dealer"
        return DealtHand(self.hands, self.up, None if self.turn_up_ignored else suit_of(self.up))
