"""Playing to a trick someone else led, as a sound whist player does.

The choice turns on who is winning the trick and who plays after us:

- partner winning and nobody after us can beat it: play low (never overtake);
- partner winning but an opponent after us may beat it: win it safely if we
  can, else play high only if that stops something, else low;
- an opponent winning and nobody after us: win as cheaply as possible;
- an opponent winning with partner still to play (second hand): play low,
  but cover an honour with an honour, and take a sure trick when it is the
  last chance;
- an opponent winning with only opponents after us (third hand): take it
  with the cheapest card they cannot beat, else play high enough to force
  their best card.

Ruff only when the ruff wins (no opponent after us can overruff); otherwise
discard from a short, weak suit, keeping masters, guards and long suits.
"""

from __future__ import annotations

from whist.ai.knowledge import Knowledge, Why, beats, cards_above
from whist.engine.cards import JACK, SUIT_MASK, cards_of, highest, lowest, rank_of, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.trick import trick_winner

TEN = 8


def choose_follow(obs: Observation, know: Knowledge, signals: bool = True) -> tuple[int, Why]:
    """The card, and why: a rule's code and the facts it used (see :func:`whist.table.words.reason`).
    With ``signals``, a low card played to a side suit led gives count (:func:`count_card`): the
    rules that play low end their why with the number of cards of the suit it shows (None: it
    shows none: a discard, a trump, or an even number with no card to spare for the high one)."""
    trump = obs.trump
    plays = obs.trick
    led_card = plays[0][1]
    led = suit_of(led_card)
    win_seat, best = plays[trick_winner([c for _, c in plays], trump)]
    later = seats_after(obs)
    mine = obs.side_of(obs.seat)
    later_opps = [s for s in later if obs.side_of(s) != mine]
    legal = obs.legal
    following = bool(legal & SUIT_MASK[led])
    winners = [c for c in _cards(legal) if beats(c, best, trump)]
    safe = [c for c in winners if not any(know.may_beat(s, c, led) for s in later_opps)]

    if obs.side_of(win_seat) == mine:
        if not any(know.may_beat(s, best, led) for s in later_opps):
            card, shown = play_low(obs, know, following, signals)
            return card, ("partner-wins", following, best, shown)
        if safe:
            return min(safe), ("rescue", best)  # partner's card would be beaten: take the trick ourselves
        if following and winners:
            top = high_card(legal, know)
            stops = cards_above(best) & ~cards_above(top) & ~(1 << top)
            if any(know.possible[s] & stops for s in later_opps):
                return top, ("force", best)
        card, shown = play_low(obs, know, following, signals)
        return card, ("no-help", following, best, shown)

    if not winners:
        card, shown = play_low(obs, know, following, signals)
        return card, ("cannot-win", following, best, win_seat, shown)
    if not later_opps:
        return min(winners), ("last", best, win_seat)  # last to play: win as cheaply as possible
    partner_later = obs.partner in later
    if not following:
        return (min(safe), ("ruff", led)) if safe else (discard(obs, know), ("no-ruff", led))
    if partner_later:
        return second_hand(obs, know, led_card, best, winners, safe, signals)
    if safe:
        return min(safe), ("third-safe", best, win_seat)
    top = high_card(legal, know, best, trump)
    if not any(know.certain.get(s, 0) & cards_above(top) for s in later_opps):
        return top, ("third-high", best, win_seat)  # win unless they hold better, forcing it out
    card, shown = play_low(obs, know, following, signals)
    return card, ("third-low", following, best, shown)


def second_hand(obs: Observation, know: Knowledge, led_card: int, best: int,
                winners: list[int], safe: list[int], signals: bool = True) -> tuple[int, Why]:
    """Second hand low, unless an honour is led or a sure trick would be lost."""
    led = suit_of(led_card)
    holding = obs.legal & SUIT_MASK[led]
    honour_led = best == led_card and rank_of(led_card) >= JACK
    if safe:
        cheapest = min(safe)
        if honour_led:
            return cheapest, ("cover-safe", led_card)
        if last_chance(obs, know, led):
            return cheapest, ("last-chance", led)
        if know.rank_class(cheapest) == know.rank_class(lowest(holding)):
            return cheapest, ("cheap-win", led)
    if honour_led and promotes(know, led_card, min(winners)):
        return min(winners), ("cover", led_card)  # cover an honour with an honour
    card, shown = signal(obs, know, holding) if signals else (lowest(holding), None)
    return card, ("second-low", shown)


def last_chance(obs: Observation, know: Knowledge, led: int) -> bool:
    """A winner in this suit may not survive another round: take it now."""
    if obs.hand.bit_count() <= 2:
        return True
    out = know.out_in_suit(led) & ~_trick_mask(obs)
    if out.bit_count() <= 2:
        return True
    mine = obs.side_of(obs.seat)
    return any(know.may_ruff(s, led) for s in obs.seats if obs.side_of(s) != mine)


def promotes(know: Knowledge, honour: int, cover: int) -> bool:
    """Covering ``honour`` with ``cover`` draws two high cards for one: worth it
    while a lower card (a ten or better) may be left to win for our side."""
    suit = suit_of(honour)
    for r in range(TEN, rank_of(cover)):
        card = suit * 13 + r
        if card != honour and (know.hand | know.others) >> card & 1:
            return True
    return False


def high_card(legal: int, know: Knowledge, best: int | None = None, trump: int | None = None) -> int:
    """Third hand high, but only as high as needed: the lowest card of our top equivalent group;
    with ``best``, the card winning the trick, the lowest of that group that beats it (a card on
    the table splits the group: over an opponent's queen, the king of K J, not the jack)."""
    top = highest(legal)
    cls = know.rank_class(top)
    card = top
    for c in _cards(legal & SUIT_MASK[suit_of(top)]):
        if know.rank_class(c) == cls and c < card and (best is None or beats(c, best, trump)):
            card = c
    return card


def play_low(obs: Observation, know: Knowledge, following: bool, signals: bool = True) -> tuple[int, int | None]:
    """A low card to the suit led, or with none a discard; and the number of cards of the
    suit the card shows (:func:`signal`; None: none)."""
    if not following:
        return discard(obs, know), None
    return signal(obs, know, obs.legal) if signals else (lowest(obs.legal), None)


_LOW = ("partner-wins", "no-help", "cannot-win", "third-low", "second-low")
"""The rules (their codes) that play low, a count signal when their why ends with a number."""


def gives_count(why: Why) -> bool:
    """Did the rule ``why`` (of :func:`choose_follow`) play the card that gives count, a low
    card to a side suit led by a player who signals?"""
    return why[0] in _LOW and isinstance(why[-1], int) and not isinstance(why[-1], bool)


def signal(obs: Observation, know: Knowledge, holding: int) -> tuple[int, int | None]:
    """The low card from ``holding`` (the cards of the suit led), and the number of cards of
    the suit it shows: :func:`count_card`, in a side suit only (a trump is not spent to signal:
    the lowest), and None where it shows nothing (a trump, or the lowest from an even number)."""
    if obs.trump is not None and suit_of(lowest(holding)) == obs.trump:
        return lowest(holding), None
    card = count_card(holding, know)
    even = holding.bit_count() % 2 == 0
    return card, (None if even and card == lowest(holding) else holding.bit_count())


def count_card(holding: int, know: Knowledge | None = None) -> int:
    """The low card that gives count, the signal between partners: from an even number
    of cards of the suit the second lowest (high then low: an echo), from an odd number
    the lowest. An even number shows nothing, the lowest played, whenever the second lowest
    is a ten or better (an honour is not thrown to signal) or, with ``know``, no card still
    out beats it (a card that would win a trick)."""
    low = lowest(holding)
    rest = holding & ~(1 << low)
    if holding.bit_count() % 2 or not rest:
        return low
    second = lowest(rest)
    if rank_of(second) >= TEN or (know is not None and know.is_master(second)):
        return low
    return second


def discard(obs: Observation, know: Knowledge) -> int:
    """The least useful card: from a short, weak suit; never a trump, a master or a
    guard of an honour while anything else will do."""
    hand = obs.legal
    trump = obs.trump
    has_trumps = trump is not None and bool(hand & SUIT_MASK[trump])
    return min(_cards(hand), key=lambda c: (keep_value(c, hand, know, trump, has_trumps), c))


def keep_value(card: int, hand: int, know: Knowledge, trump: int | None, has_trumps: bool) -> int:
    suit = suit_of(card)
    holding = hand & SUIT_MASK[suit]
    length = holding.bit_count()
    value = 0
    if suit == trump:
        value += 200
    cls = know.rank_class(card)
    if cls == 0:
        value += 100  # a master
    elif cls < length:
        value += 50  # an honour with enough guards to make a trick
    elif is_guard(card, holding, know):
        value += 60
    value += 3 * length  # keep long suits
    if length == 1 and has_trumps and suit != trump:
        value -= 2  # throwing a singleton makes a void to ruff in
    return value + rank_of(card)


def is_guard(card: int, holding: int, know: Knowledge) -> bool:
    """One of the low cards an honour needs under it to survive the higher cards out."""
    for honour in _cards(holding):
        if honour <= card or rank_of(honour) < TEN:
            continue
        need = know.rank_class(honour)
        if need == 0 or need > 3:
            continue
        below = [c for c in _cards(holding) if c < honour]
        if card in below[:need]:
            return True
    return False


def seats_after(obs: Observation) -> list[Seat]:
    """The seats still to play to the current trick after this seat."""
    seats = obs.seats
    n = len(seats)
    i = seats.index(obs.seat)
    leader = obs.trick[0][0] if obs.trick else obs.seat
    out = []
    for k in range(1, n):
        s = seats[(i + k) % n]
        if s == leader:
            break
        out.append(s)
    return out


def _trick_mask(obs: Observation) -> int:
    m = 0
    for _, c in obs.trick:
        m |= 1 << c
    return m


def _cards(mask: int) -> list[int]:
    return list(cards_of(mask))
