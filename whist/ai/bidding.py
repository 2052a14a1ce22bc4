"""The computer bidders of Contract Whist, deciding from the observation only.

A bidder counts the tricks its hand should take in each denomination (aces,
guarded kings, queens with two guards, trump length beyond three, long suits
at no trumps), adds what its partner has shown (about three tricks from a
partner who has not spoken, more from one who bid), and then:

- bids the best contract the partnership can expect to make, at the lowest
  level that beats the auction;
- supports partner's suit with three or more cards rather than naming a new one;
- does not outbid its partner for nothing (the score is the tricks taken, not
  the size of the contract);
- against an opposing contract, lets it stand when it looks doomed (doubling
  when the house rule allows and the defence is clear), and pushes the
  opponents one step up when the next level would be beyond them.

>>> from whist.engine.state import GameState
>>> state = GameState("contract", seed=3)
>>> call = choose_call(state.observation(state.to_play))
>>> call in state.legal_calls()
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from whist.engine.auction import DOUBLE, PASS, STRAINS, bid_level, bid_name, bid_of, bid_strain, highest, parse_bid
from whist.engine.cards import ACE, JACK, KING, QUEEN
from whist.engine.observation import Observation
from whist.engine.seats import Seat

UNKNOWN_PARTNER = 3.0
"""Tricks expected from a partner who has not bid (the rule book's "about three")."""
SILENT_PARTNER = 2.5
"""A partner who passed when a seven-level bid was open to them is a little weaker."""


def suit_holding(hand: int, suit: int) -> tuple[int, set[int]]:
    """(length, ranks held) in one suit."""
    m = (hand >> (13 * suit)) & 0x1FFF
    return m.bit_count(), {r for r in range(13) if m >> r & 1}


def top_tricks(hand: int) -> float:
    """Tricks from high cards alone: aces, guarded kings, queens with two guards."""
    tricks = 0.0
    for suit in range(4):
        n, ranks = suit_holding(hand, suit)
        top = 0.0
        if ACE in ranks:
            top += 1.0
        if KING in ranks:
            top += 1.0 if n >= 2 and ACE in ranks else 0.75 if n >= 2 else 0.25
        if QUEEN in ranks and n >= 3:
            top += 0.5 if (ACE in ranks or KING in ranks) else 0.25
        if JACK in ranks and n >= 4 and {ACE, KING, QUEEN} & ranks:
            top += 0.25
        tricks += min(top, n)
    return tricks


def hand_tricks(hand: int, strain: int | None) -> float:
    """The tricks ``hand`` should take with ``strain`` as trumps (None: no trumps)."""
    tricks = top_tricks(hand)
    if strain is None:
        for suit in range(4):
            n, ranks = suit_holding(hand, suit)
            if n >= 5 and (ACE in ranks or KING in ranks):
                tricks += (n - 4) * 0.75  # a long, stopped suit runs at no trumps
        return tricks
    trumps = suit_holding(hand, strain)[0]
    tricks += max(0, trumps - 3)  # every trump beyond the third is a trick
    # short side suits let the trumps ruff, as far as the trumps go beyond drawing
    ruffs = sum(max(0, 2 - suit_holding(hand, s)[0]) for s in range(4) if s != strain)
    return tricks + 0.5 * min(ruffs, max(0, trumps - 2))


@dataclass(frozen=True)
class PartnerView:
    """What partner has shown in the auction: the last suit bid and its level."""

    strain: int | None
    level: int
    bid: bool
    passed_early: bool

    def tricks(self, strain: int | None, support: int) -> float:
        if not self.bid:
            return SILENT_PARTNER if self.passed_early else UNKNOWN_PARTNER
        shown = self.level - UNKNOWN_PARTNER  # a bid of seven shows about four tricks
        if strain == self.strain:
            return shown + (0.5 if support >= 3 else 0.0)
        return max(UNKNOWN_PARTNER - 0.5, shown - 1.5)


def partner_view(obs: Observation, partner: Seat | None) -> PartnerView:
    """What partner's bids show. A bid counts what partner expected from us:
    about three tricks before we spoke, what our bid showed after it; only the
    rest is partner's own (so that a competitive auction does not count our
    tricks twice and climb to thirteen)."""
    last: int | None = None
    shown_level = 0
    passed_early = False
    ours_shown = UNKNOWN_PARTNER
    for i, (seat, call) in enumerate(obs.auction):
        if seat == obs.seat and call not in (PASS, DOUBLE):
            ours_shown = max(UNKNOWN_PARTNER, bid_level(parse_bid(call)) - UNKNOWN_PARTNER)
        if seat != partner:
            continue
        if call not in (PASS, DOUBLE):
            last = parse_bid(call)
            # the level partner would have bid with an unknown partner
            shown_level = round(bid_level(last) - ours_shown + UNKNOWN_PARTNER)
        elif call == PASS and highest(obs.auction[:i]) is None:
            passed_early = True
    if last is None:
        return PartnerView(None, 0, False, passed_early)
    return PartnerView(bid_strain(last), max(7, min(13, shown_level)), True, passed_early)


def is_balanced(hand: int) -> bool:
    """No void or singleton and at most one doubleton: a hand for no trumps."""
    lengths = sorted(suit_holding(hand, s)[0] for s in range(4))
    return lengths[0] >= 2 and lengths[1] >= 3


def best_contract(obs: Observation) -> tuple[float, int | None]:
    """The partnership's expected tricks in its best denomination, and that denomination."""
    view = partner_view(obs, obs.partner)
    best: tuple[float, int, int | None] | None = None
    for strain in STRAINS:
        support = suit_holding(obs.hand, strain)[0] if strain is not None else 0
        total = hand_tricks(obs.hand, strain) + view.tricks(strain, support)
        if strain is None and is_balanced(obs.hand) and not (view.bid and view.strain is not None):
            total += 1.0  # balanced, with no fit shown: no trumps loses nothing to ruffs
        # prefer partner's suit when we fit it, then the longer trump suit
        fit = 1 if view.bid and strain == view.strain and (strain is None or support >= 3) else 0
        key = (total + 0.25 * fit, support, strain)
        if best is None or key[:2] > best[:2]:
            best = (key[0], support, strain)
    assert best is not None
    return best[0], best[2]


def defence_tricks(obs: Observation, strain: int | None) -> float:
    """Tricks our side should take defending a contract in ``strain``."""
    mine = top_tricks(obs.hand)
    if strain is not None:
        n, ranks = suit_holding(obs.hand, strain)
        mine += max(0, n - 3) * 0.75 + (0.5 if n >= 3 and KING in ranks else 0)
    return mine + UNKNOWN_PARTNER


def choose_call(obs: Observation) -> str:
    """The call this seat makes now: ``pass``, ``double`` or a bid such as ``"8H"``."""
    return decide_call(obs)[0]


def decide_call(obs: Observation) -> tuple[str, tuple[Any, ...]]:
    """The call, and why: a rule's code and the facts it used (:data:`whist.ai.knowledge.Why`)."""
    if obs.to_play != obs.seat or not obs.legal_calls:
        raise ValueError(f"it is not {obs.seat.long_name}'s turn to call")
    legal = set(obs.legal_calls)
    top = highest(obs.auction)
    expected, strain = best_contract(obs)
    makable = min(13, math.floor(expected))
    cheapest = 0 if top is None else top[1] + 1

    def lowest_bid(level_cap: int, strain: int | None) -> str | None:
        for level in range(7, level_cap + 1):
            bid = bid_of(level, strain)
            if bid >= cheapest and bid_name(bid) in legal:
                return bid_name(bid)
        return None

    own = lowest_bid(makable, strain)
    counted = ("bid" if own else "weak", expected, strain)
    if top is None:
        return own or PASS, counted
    holder, bid = top
    ours = obs.side_of(holder) == obs.side_of(obs.seat)
    if ours:
        if holder == obs.seat:
            return PASS, ("stands",)  # our own bid stands
        # raise partner only for a clearly better denomination or a makable higher level
        view = partner_view(obs, obs.partner)
        current = bid_strain(bid)
        support = suit_holding(obs.hand, current)[0] if current is not None else 0
        in_theirs = hand_tricks(obs.hand, current) + view.tricks(current, support)
        if strain != current and expected >= in_theirs + 2 and own:
            return own, ("better", expected, strain, in_theirs)
        return PASS, ("leave", current)
    # The opponents hold the auction: compare what each course should score.
    # Defending, we score our tricks, and so do they unless their contract fails;
    # declaring, we score ours if we make it and they score theirs.
    their_level, their_strain = bid_level(bid), bid_strain(bid)
    defence = defence_tricks(obs, their_strain)
    doomed = 13 - defence < their_level - 0.5
    defend = defence - (0 if doomed else 13 - defence)
    if own is not None and expected - (13 - expected) > defend + 0.5:
        return own, counted
    if doomed:
        if DOUBLE in legal and 13 - defence < their_level - 1.5:
            return DOUBLE, ("double", defence)  # every point counts twice, and they score none
        return PASS, ("doomed", defence)  # let them play a contract they should not make
    # push them up: compete one step when the next level looks beyond them
    push = lowest_bid(min(13, makable + 1), strain)
    if push is not None and 13 - defence < their_level + 1:
        return push, ("push", their_level)
    return PASS, ("defend", defence)
