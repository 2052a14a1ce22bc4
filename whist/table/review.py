"""A finished hand as the page reviews, shares, exports and replays it (:meth:`Table.finished_hand`).

>>> from whist.engine.state import GameState, Phase
>>> state = GameState("classic", seed=5)
>>> while state.phase is Phase.PLAY:
...     state.apply(state.legal_actions()[0])
>>> hand = FinishedHand.of(state)
>>> hand.number, hand.deal_number, hand.header.split(" \u00b7 ")[0], len(hand.review().tricks)
(1, 5, 'Deal 5', 13)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from whist.engine.cards import SUIT_NAMES
from whist.engine.seats import Seat
from whist.engine.state import GameState

if TYPE_CHECKING:
    from whist.ai.review import HandReview


@dataclass(frozen=True)
class FinishedHand:
    """What the review dialog shows of one hand, and what a share link or a replay needs."""

    number: int
    """The hand's number in its game, from 1."""
    deal_number: int
    game: str
    options: dict[str, Any]
    """The options a replay keeps (those of the rules' ``replay_options``)."""
    dealer: Seat
    header: str
    """The line under the review's title: deal number, dealer, trumps, contract."""
    state: GameState = field(repr=False, compare=False)
    """The game at the end of the hand (for the engine side: the page does not read it)."""

    @classmethod
    def of(cls, state: GameState) -> FinishedHand:
        rules = state.rules
        parts = [f"Deal {state.deal_number}", f"{state.dealer.long_name} dealt",
                 "no trumps" if state.trump is None else f"{SUIT_NAMES[state.trump]} trumps"]
        if state.contract is not None:
            parts.append(f"contract: {state.contract.long_name} by {state.contract.declarer.long_name}")
        if rules.has_stock:
            parts.append("Phase Two reviewed")
        return cls(state.hand_number + 1, state.deal_number, rules.name, rules.replay_options(), state.dealer,
                   " \u00b7 ".join(parts), state)

    def review(self) -> HandReview:
        """The hand trick by trick, to be analysed; ValueError if no card was played."""
        from whist.ai.review import HandReview  # the solver: not at the page's start-up

        return HandReview.of(self.state)

    def pbn(self) -> str:
        """The hand as a PBN record."""
        from whist.ai.review import pbn_of

        return pbn_of(self.state)
