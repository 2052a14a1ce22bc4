"""What Contract Whist's auction says of the hands, for the searching levels' deals.

A bid in a suit shows length there. Every computer player bids by the same rules of thumb
(:mod:`whist.ai.bidding`, at every level), and they bid a suit with four cards or more in 97.5%
of their bids; a person bids much the same way. :func:`bid_lengths` turns each suit another seat
has bid into a weight for each length that seat may hold in it (the likelihood ratio of
:data:`BID_LENGTH`); :class:`whist.ai.sampling.DealSampler` then draws deals in proportion to
those weights, exactly, so a search that reads the auction values as many distinct deals as one
that does not, and costs no more.

>>> from whist.engine.seats import Seat
>>> from whist.engine.state import GameState
>>> from whist.ai.bidding import choose_call
>>> state = GameState("contract", seed=5)
>>> while state.phase.value == "auction":
...     state.apply(choose_call(state.observation(state.to_play)))
>>> obs = state.observation(Seat.S)
>>> [(seat.name, "SHDC"[suit]) for seat, suit in bid_lengths(obs)]  # South's own hearts not read
[('N', 'H'), ('E', 'D'), ('W', 'D')]
>>> bid_lengths(obs)[Seat.N, 1][:7]  # no heart played yet: the length is the cards dealt
(5, 5, 5, 9, 79, 347, 647)
"""

from __future__ import annotations

from whist.engine.auction import DOUBLE, PASS, bid_strain, parse_bid
from whist.engine.cards import SUIT_MASK
from whist.engine.observation import Observation
from whist.engine.seats import Seat

BID_LENGTH = (5, 5, 5, 9, 79, 347, 647, 840, 858, 858, 858, 858, 858, 858)
"""The weight of a deal, in hundredths, by the length a seat holds in a suit it bid: how much
likelier that length is in the hand of a player who bid the suit than in any hand. Measured over
the auctions of 3000 seeded deals bid by the rules of thumb (``python benchmarks/bid_lengths.py``):
a suit bid with 3 cards 2.5% of the time against 28.6% of all holdings (0.09), 4 cards 18.9% against
23.9% (0.79), 5 cards 43.3% against 12.5% (3.47), 6 cards 26.7% against 4.1% (6.47), 7 or more
8.5% against 1.0% (8.4 to 8.6). They never bid one with two cards or fewer; a person might, so
those lengths keep a twentieth of the weight of three cards' (0.05) and are never ruled out."""


def bid_lengths(obs: Observation) -> dict[tuple[Seat, int], tuple[int, ...]]:
    """For each suit another seat bid: the weight of each number of the suit's hidden cards the
    sampler may deal it (its length in the auction being those, the cards of the suit it has
    played since and any it shows), for :class:`whist.ai.sampling.DealSampler`'s ``lengths``."""
    out: dict[tuple[Seat, int], tuple[int, ...]] = {}
    bid = {(seat, bid_strain(parse_bid(call))) for seat, call in obs.auction
           if seat != obs.seat and call not in (PASS, DOUBLE)}
    known = dict.fromkeys(obs.seats, 0)  # each seat's cards seen: played this hand, or shown
    for plays in [trick.plays for trick in obs.tricks] + [obs.trick]:
        for who, card in plays:
            known[who] |= 1 << card
    for who, cards in obs.exposed:
        known[who] |= cards
    if obs.turn_up_visible and obs.turn_up is not None:
        known[obs.dealer] |= 1 << obs.turn_up
    for seat, suit in sorted((seat, suit) for seat, suit in bid if suit is not None):
        held = (known[seat] & SUIT_MASK[suit]).bit_count()
        out[seat, suit] = tuple(BID_LENGTH[min(13, held + n)] for n in range(14))
    return out
