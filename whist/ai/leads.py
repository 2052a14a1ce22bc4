"""The opening card of a trick, as a sound whist player chooses it.

In order: draw trumps with a strong trump holding; put partner in for a ruff
in a suit partner has shown out of; cash masters (side-suit winners) before
they can be ruffed; return partner's suit; else lead from the longest suit,
top of a sequence or fourth-best. Suits an opponent has shown out of (and may
ruff) are avoided while there is another choice.
"""

from __future__ import annotations

from whist.ai.knowledge import Knowledge, Why
from whist.engine.cards import JACK, SUIT_MASK, highest, lowest, rank_of, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat

TEN = 8


def choose_lead(obs: Observation, know: Knowledge) -> tuple[int, Why]:
    """The card, and why: a rule's code and the facts it used."""
    hand = obs.legal
    trump = obs.trump
    opponents = [s for s in obs.seats if obs.side_of(s) != obs.side_of(obs.seat)]
    partner = obs.partner
    side_suits = [s for s in range(4) if s != trump and hand & SUIT_MASK[s]]
    safe = [s for s in side_suits if not any(know.may_ruff(o, s) for o in opponents)]

    trumps = hand & SUIT_MASK[trump] if trump is not None else 0
    if obs.contract is not None:
        lead = contract_lead(obs, know, trumps, opponents, side_suits)
        if lead is not None:
            return lead
    why = should_lead_trump(obs, know, trumps, opponents, bool(safe)) if trumps else None
    if why:
        return lead_from(trumps, know), why

    if partner is not None and know.may_hold_trump(partner):
        for s in safe:
            low = lowest(hand & SUIT_MASK[s])
            if know.is_void(partner, s) and not know.is_master(low):
                return low, ("for-ruff", s)

    masters = [s for s in safe if know.is_master(highest(hand & SUIT_MASK[s]))]
    if masters:
        # The master most at risk first: the suit with fewest cards left out.
        s = min(masters, key=lambda s: (know.out_in_suit(s).bit_count(), s))
        return highest(hand & SUIT_MASK[s]), ("cash", trump is not None)

    back = partners_suit(obs, partner)
    if back is not None and hand & SUIT_MASK[back] and (back == trump or back in safe):
        return return_card(hand & SUIT_MASK[back], know), ("return", back)

    pool = safe or side_suits
    if not pool:
        return lead_from(trumps or hand, know), ("only-trumps",)
    best = max(pool, key=lambda s: (suit_lead_score(hand & SUIT_MASK[s], know), -s))
    return lead_from(hand & SUIT_MASK[best], know), ("longest", best, len(pool) < len(side_suits))


def contract_lead(obs: Observation, know: Knowledge, trumps: int, opponents: list[Seat],
                  side_suits: list[int]) -> tuple[int, Why] | None:
    """Contract Whist: declarers draw trumps; defenders lead a short suit against a
    trump contract (to ruff it later) and their longest suit against no trumps,
    and keep leading it. None: no special reason, lead as usual."""
    contract = obs.contract
    assert contract is not None
    hand = obs.legal
    declaring = obs.side_of(contract.declarer) == obs.side_of(obs.seat)
    if declaring:
        if trumps and any(know.may_hold_trump(o) for o in opponents):
            return lead_from(trumps, know), ("draw",)
        return None
    if contract.strain is None:
        ours = own_suit(obs) or partners_suit(obs, obs.partner)
        if ours is not None and hand & SUIT_MASK[ours]:
            return lead_from(hand & SUIT_MASK[ours], know), ("nt-ours", ours)
        if not obs.tricks:
            longest = max(range(4), key=lambda s: ((hand & SUIT_MASK[s]).bit_count(), s))
            return lead_from(hand & SUIT_MASK[longest], know), ("nt-long", longest)
        return None
    if trumps and not obs.tricks:
        short = [s for s in side_suits if 1 <= (hand & SUIT_MASK[s]).bit_count() <= 2]
        if short:
            s = min(short, key=lambda s: ((hand & SUIT_MASK[s]).bit_count(), s))
            return highest(hand & SUIT_MASK[s]), ("short", s)
    return None


def own_suit(obs: Observation) -> int | None:
    """The suit this seat led most recently this hand."""
    for t in reversed(obs.tricks):
        if t.leader == obs.seat:
            return suit_of(t.plays[0][1])
    return None


def should_lead_trump(obs: Observation, know: Knowledge, trumps: int,
                      opponents: list[Seat], have_safe_side_suit: bool) -> Why | None:
    """Lead trumps to draw the opponents' while we are the stronger in them: why, or None."""
    trump = obs.trump
    assert trump is not None
    if not any(know.may_hold_trump(o) for o in opponents):
        return None  # nothing to draw: keep ours for ruffing
    partner = obs.partner
    asked = partner is not None and partners_suit(obs, partner) == trump  # partner led trumps: draw them
    if not asked and partner_ruffs(obs, know):
        return None  # partner can ruff a suit we hold: leave partner's trumps alone
    n = trumps.bit_count()
    honours = sum(1 for r in range(JACK, 13) if trumps >> (13 * trump + r) & 1)
    out = know.out_in_suit(trump).bit_count()
    if n >= 5 or (n >= 4 and honours >= 2) or (n >= 2 and n >= out):
        return "trumps", n, honours, out
    if asked:
        return ("trumps-asked",)  # partner asked for trumps by leading them
    return ("only-trumps",) if not have_safe_side_suit and n == obs.legal.bit_count() else None


def partner_ruffs(obs: Observation, know: Knowledge) -> bool:
    """Partner has shown out of a side suit we can lead and may still hold a trump: a ruff
    for partner, which drawing trumps would take away."""
    partner = obs.partner
    trump = obs.trump
    if partner is None or trump is None:
        return False
    return any(obs.legal & SUIT_MASK[s] and know.may_ruff(partner, s) for s in range(4) if s != trump)


def partners_suit(obs: Observation, partner: Seat | None) -> int | None:
    """The suit partner led most recently this hand."""
    if partner is None:
        return None
    for t in reversed(obs.tricks):
        if t.leader == partner:
            return suit_of(t.plays[0][1])
    return None


def return_card(holding: int, know: Knowledge) -> int:
    """Return partner's suit: a master if we hold one, the top of two, else low."""
    top = highest(holding)
    if know.is_master(top) or holding.bit_count() <= 2:
        return top
    return lowest(holding)


def suit_lead_score(holding: int, know: Knowledge) -> tuple[int, int]:
    """Length first; then strength, less a penalty for leading away from a bare honour."""
    cards = _high_first(holding)
    strength = sum(max(0, 4 - know.rank_class(c)) for c in cards)
    if len(cards) <= 2 and not has_sequence(cards, know) and know.rank_class(cards[0]) in (1, 2):
        strength -= 8  # leading from Kx or Qx gives a trick away
    return len(cards), strength


def has_sequence(cards: list[int], know: Knowledge) -> bool:
    """The top two cards touch (every card between them played or ours), headed by a ten or better."""
    return (len(cards) >= 2 and rank_of(cards[0]) >= TEN
            and know.rank_class(cards[0]) == know.rank_class(cards[1]))


def lead_from(holding: int, know: Knowledge) -> int:
    """The card to lead from one suit: a master, top of a sequence, fourth-best, top of two."""
    cards = _high_first(holding)
    if know.is_master(cards[0]) or has_sequence(cards, know):
        return cards[0]
    if len(cards) >= 4:
        return cards[3]
    if len(cards) == 2:
        return cards[0]
    return cards[-1]


def _high_first(holding: int) -> list[int]:
    cards = []
    while holding:
        top = highest(holding)
        cards.append(top)
        holding ^= 1 << top
    return cards
