"""Deals of the hidden cards consistent with everything one seat has seen.

A computer player that searches (see :mod:`whist.ai.montecarlo`) needs whole
deals to search, but sees only its own hand. :class:`DealSampler` deals the
cards it cannot see (``obs.unseen``) to the other seats so that every deal
agrees with the observation: each seat gets exactly its hand size, no card
of a suit the rules make it surely void in (``Observation.certain_voids``),
and the dealer keeps the turn-up while it is on show. Sampling is exact and
uniform over all such deals: the number of cards of each suit each seat gets
is drawn with the true count of deals that split the suit that way (a small
dynamic programme over the suits), and only then which cards. So a seat void
in two suits never makes it retry or give up, and no deal is ever inconsistent.

Contract Whist's auction can weigh the deals too (``DealSampler(obs, lengths)``, the lengths a
bid shows: :mod:`whist.ai.auction_read`): the same programme then counts each split of a suit
with the weight of the lengths it gives, and the deals come in proportion, still exactly.

A show-out proves a void only where the rules say so. Under club rules it may
have been a revoke: such a deal is never excluded, but weighed
:data:`REVOKE_ODDS` times less for each show-out it makes a revoke (the same
dynamic programme, so still exact). A show-out before a blind draw from
German Whist's stock proves nothing, and counts for nothing.

Uniform is the right prior only for a player who ignores how the others
played. :func:`play_likelihood` adds the inference: it replays the hand on a
sampled deal and asks, for each card another seat played, whether a sound
player (the "normal" level) holding that sampled hand would have played it.
A deal where the opponent who played third-hand low holds the king is then
less likely than one where the king is elsewhere. The product is used as an
importance weight.

>>> from whist.engine.state import GameState
>>> state = GameState("classic", seed=5)
>>> for _ in range(9):
...     state.apply(state.legal_actions()[-1])
>>> obs = state.observation(state.to_play)
>>> sampler = DealSampler(obs)
>>> import random
>>> deal = sampler.sample(random.Random(1))
>>> deal[obs.seat] == obs.hand and sampler.is_consistent(deal)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from whist.ai.follow import gives_count
from whist.ai.heuristic import RuleBasedPlayer
from whist.engine.cards import SUIT_MASK
from whist.engine.deal import Hands
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import Trick
from whist.engine.trick import legal_cards

MISS = 0.5
"""The chance given to a card the model would not have played: other players
are not the model (a person, another level), so a miss lowers a deal's weight
without ruling it out."""


REVOKE_ODDS = 100
"""Under club rules, how many times likelier a show-out is a void than a revoke: a deal
where a seat still holds a suit it showed out of is weighed this many times less, once
for each such seat and suit (players rarely revoke; the computers never do)."""


Choice = tuple[tuple[int, ...], tuple[int, ...], int]
"""A way to share a suit's hidden cards (cards by seat), the room it leaves, and its number of deals."""


class DealSampler:
    """Uniform random deals of ``obs.unseen`` to the other seats, consistent with ``obs``
    (under club rules, weighed against revokes: :data:`REVOKE_ODDS`).

    A show-out in the trick on the table counts as the others do: under club rules a
    deal where the seat revoked in it is weighed down, not ruled out (the double-dummy
    solver takes the cards on the table as played, a revoke among them).

    Raises ValueError when no deal fits the observation (it cannot come from
    a real game).
    """

    def __init__(self, obs: Observation, lengths: dict[tuple[Seat, int], tuple[int, ...]] | None = None) -> None:
        """``lengths``: for a seat and a suit, a whole-number weight for each number of hidden
        cards of the suit the seat may be dealt (the auction's reading, :func:`bid_lengths`):
        deals are then drawn in proportion to the product of their weights, still exactly."""
        self.obs = obs
        others = [s for s in obs.seats if s != obs.seat]
        fixed = [0] * len(others)
        up_shown = obs.turn_up_visible and obs.turn_up is not None and obs.dealer != obs.seat
        shown = dict(obs.exposed)  # a dummy on the table, face-up draws from a stock
        for i, s in enumerate(others):
            if up_shown and s == obs.dealer:
                fixed[i] = 1 << obs.turn_up  # type: ignore[operator]
            fixed[i] |= shown.get(s, 0)
        self.seats: tuple[Seat, ...] = tuple(others)
        self.fixed = tuple(fixed)
        self.room = tuple(obs.hand_sizes[s] - fixed[i].bit_count() for i, s in enumerate(others))
        pool = obs.unseen
        self.suit_cards = tuple(_cards(pool & SUIT_MASK[s]) for s in range(4))
        if min(self.room, default=0) < 0 or sum(self.room) != pool.bit_count():
            raise ValueError("the hand sizes do not match the cards not yet seen")
        self.weights = tuple(tuple((lengths or {}).get((s, suit)) for suit in range(4)) for s in others)
        """By seat (as ``seats``) and suit: the weight of each number of its hidden cards dealt, or None."""
        if not self._share(obs.certain_voids(), obs.shown_voids()):
            raise ValueError("no deal of the hidden cards fits what has been seen")

    def _share(self, voids: dict[Seat, int], shown_out: dict[Seat, int]) -> bool:
        """Deal by ``voids`` (none of those suits), weighing the other suits of ``shown_out``;
        whether some deal fits."""
        self.allowed = tuple(~voids[s] & 0xF for s in self.seats)
        self.likely = tuple(shown_out[s] & ~voids[s] for s in self.seats)
        """The suits each seat showed out of that may have been revokes (club rules): a deal
        that gives it any of one is weighed ``1 / REVOKE_ODDS``."""
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choice_memo: dict[tuple[int, tuple[int, ...]], tuple[list[Choice], int]] = {}
        self.free = all(a == 0xF for a in self.allowed) and not any(self.likely) and not any(
            w is not None for by_suit in self.weights for w in by_suit)
        return self.free or self.ways(0, self.room) > 0

    def count(self) -> int:
        """How many deals of the hidden cards fit the observation. Under club rules each is
        counted ``REVOKE_ODDS`` times for each show-out it keeps a void (so the count is
        the total weight)."""
        return self.ways(0, self.room)

    def ways(self, suit: int, room: tuple[int, ...]) -> int:
        """Deals of the suits from ``suit`` on that fill exactly ``room`` (memoised)."""
        if suit == 4:
            return 1 if not any(room) else 0
        key = (suit, room)
        got = self._ways.get(key)
        if got is None:
            got = 0
            for split, mult in self._splits(suit, room):
                rest = tuple(r - a for r, a in zip(room, split, strict=True))
                got += mult * self.ways(suit + 1, rest)
            self._ways[key] = got
        return got

    def _splits(self, suit: int, room: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each way to share the suit's hidden cards among the seats, with the number
        of card choices it allows (a multinomial coefficient), times ``REVOKE_ODDS``
        for each seat that showed out of the suit under club rules and gets none."""
        k = len(self.suit_cards[suit])
        caps = [room[i] if self.allowed[i] >> suit & 1 else 0 for i in range(len(room))]

        def rec(i: int, left: int) -> Iterator[tuple[int, ...]]:
            if i == len(caps) - 1:
                if left <= caps[i]:
                    yield (left,)
                return
            for a in range(min(left, caps[i]) + 1):
                for rest in rec(i + 1, left - a):
                    yield (a, *rest)

        if not caps:
            if k == 0:
                yield (), 1
            return
        likely = [i for i in range(len(room)) if self.likely[i] >> suit & 1]
        weighed = [(i, w) for i in range(len(room)) if (w := self.weights[i][suit]) is not None]
        for split in rec(0, k):
            mult, left = 1, k
            for a in split:
                mult *= math.comb(left, a)
                left -= a
            for i in likely:
                if not split[i]:
                    mult *= REVOKE_ODDS
            for i, w in weighed:
                mult *= w[split[i]]
            yield split, mult

    def sample(self, rng: random.Random) -> Hands:
        """One deal, uniformly among those consistent with the observation:
        four masks by seat, this seat's own hand included."""
        hands = [0, 0, 0, 0]
        hands[self.obs.seat] = self.obs.hand
        for i, s in enumerate(self.seats):
            hands[s] = self.fixed[i]
        if self.free:
            pool = [c for cards in self.suit_cards for c in cards]
            rng.shuffle(pool)
            k = 0
            for i, s in enumerate(self.seats):
                for c in pool[k:k + self.room[i]]:
                    hands[s] |= 1 << c
                k += self.room[i]
            return (hands[0], hands[1], hands[2], hands[3])
        room = self.room
        for suit in range(4):
            choices, total = self._choices(suit, room)
            pick = rng.randrange(total)
            k = 0
            while pick >= choices[k][2]:
                pick -= choices[k][2]
                k += 1
            split, rest, _ = choices[k]
            cards = list(self.suit_cards[suit])
            rng.shuffle(cards)
            k = 0
            for i, s in enumerate(self.seats):
                for c in cards[k:k + split[i]]:
                    hands[s] |= 1 << c
                k += split[i]
            room = rest
        return (hands[0], hands[1], hands[2], hands[3])

    def _choices(self, suit: int, room: tuple[int, ...]) -> tuple[list[Choice], int]:
        """Each way to share ``suit`` with ``room`` left, the room it leaves and its number of deals;
        and their total (memoised: a search draws dozens of deals from one sampler)."""
        key = (suit, room)
        got = self._choice_memo.get(key)
        if got is None:
            choices = []
            total = 0
            for split, mult in self._splits(suit, room):
                rest = tuple(r - a for r, a in zip(room, split, strict=True))
                w = mult * self.ways(suit + 1, rest)
                if w:
                    choices.append((split, rest, w))
                    total += w
            got = self._choice_memo[key] = (choices, total)
        return got

    def is_consistent(self, hands: Hands) -> bool:
        """Whether a deal agrees with the observation (for tests and assertions): only the
        voids the rules make certain rule a deal out, and they rule out the cards unseen,
        not one the seat was seen to take (German Whist's face-up card)."""
        obs = self.obs
        if hands[obs.seat] != obs.hand:
            return False
        dealt = 0
        for i, s in enumerate(self.seats):
            h = hands[s]
            if h & dealt or h & ~(obs.unseen | self.fixed[i]) or h & self.fixed[i] != self.fixed[i]:
                return False
            if h.bit_count() != obs.hand_sizes[s]:
                return False
            if any(not self.allowed[i] >> suit & 1 and h & ~self.fixed[i] & SUIT_MASK[suit] for suit in range(4)):
                return False
            dealt |= h
        return dealt == obs.unseen | _or(self.fixed)


def _or(masks: tuple[int, ...]) -> int:
    m = 0
    for x in masks:
        m |= x
    return m


def _cards(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


# --- inference: how likely the others' plays were on a sampled deal -----------------

class PlayModel:
    """Replays the hand so far on a sampled deal and scores each card another seat
    played by whether the "normal" player would have played it (or an equivalent
    card) with that hand. Built once per observation; :meth:`likelihood` per deal.
    """

    def __init__(self, obs: Observation, miss: float = MISS, partner_miss: float | None = None,
                 count_miss: float | None = None, run_miss: float | None = None,
                 partner_leads: bool = True, low_miss: float | None = None, count_only: bool = False) -> None:
        self.obs = obs
        self.count_only = count_only
        """Only partner's count cards are read (``count_miss``): every other play weighs 1."""
        self.partner_leads = partner_leads
        self.low_miss = low_miss
        self.miss = miss
        self.partner_miss = partner_miss
        self.count_miss = count_miss
        self.run_miss = run_miss
        reads = partner_miss is not None or count_miss is not None or run_miss is not None
        self.partner = obs.partner if reads else None
        self.player = RuleBasedPlayer()
        self.partner_model = self.player
        """Partner's rules, the normal player's: its low cards to a side suit give count."""
        # Each earlier play by another seat: (trick index, seat, card,
        # the finished tricks before it, the cards on the table before it,
        # every card played before it, the leader, and the cards of the finished
        # tricks: a card on the table splits two cards around it, as one beats it).
        moments = []
        done: list[Trick] = []
        played = 0
        all_tricks: list[tuple[Seat, tuple[tuple[Seat, int], ...]]] = [
            (t.leader, t.plays) for t in obs.tricks]
        if obs.trick:
            all_tricks.append((obs.trick[0][0], obs.trick))
        for k, (leader, plays) in enumerate(all_tricks):
            finished = played
            for j, (seat, card) in enumerate(plays):
                if seat != obs.seat:
                    moments.append((k, seat, card, tuple(done), plays[:j], played, leader, finished))
                played |= 1 << card
            if k < len(obs.tricks):
                done.append(obs.tricks[k])
        if count_only:
            moments = [m for m in moments if m[1] == self.partner and m[4]]  # partner's follows
        self.moments = moments
        # The cards each seat played from each trick on, to rebuild its hand then.
        self.later: dict[tuple[Seat, int], int] = {}
        for s in obs.seats:
            acc = 0
            for k in range(len(all_tricks) - 1, -1, -1):
                for seat, card in all_tricks[k][1]:
                    if seat == s:
                        acc |= 1 << card
                self.later[(s, k)] = acc
        self.total = len(all_tricks)

    def likelihood(self, hands: Hands) -> float:
        """The product, over the others' plays, of 1 for a play the model agrees
        with (or one only a card of the same value would change) and ``miss`` for one
        it would not have made."""
        obs = self.obs
        weight = 1.0
        for k, seat, card, done, trick, played, leader, finished in self.moments:
            hand = hands[seat] | self.later[(seat, k)]
            led = trick[0][1] // 13 if trick else None
            legal = legal_cards(hand, led)
            if self.low_miss is not None and trick and not _lowest_of_run(card, hand, finished):
                # Following, players play the lowest of equal cards (every level here, the
                # GIB-style reference, and the usual human way): a higher one denies the lower.
                weight *= self.low_miss
            if _all_equivalent(legal, finished):
                continue
            sizes = [0, 0, 0, 0]
            for s in obs.seats:
                sizes[s] = (hands[s] | self.later[(s, k)]).bit_count() - any(p == s for p, _ in trick)
            up = obs.turn_up
            view = Observation(
                game=obs.game, seat=seat, seats=obs.seats, sides=obs.sides, phase="play", hand=hand,
                trump=obs.trump, dealer=obs.dealer, turn_up=up,
                turn_up_visible=up is not None and not played >> up & 1,
                leader=leader, trick=trick, tricks=done, to_play=seat, legal=legal,
                hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]), scores=obs.scores,
                tricks_won=obs.tricks_won, target=obs.target, hand_number=obs.hand_number,
                auction=obs.auction, contract=obs.contract, options=obs.options)
            if seat != self.partner:
                model = self.player.choose_card(view)
            else:
                model, why = self.partner_model.decide(view)
                if self.partner_miss is not None and (trick or self.partner_leads):
                    # Partner plays by the same rules of thumb, down to the card of a run
                    # it picks (top of a sequence led, the cheapest winner): read exactly.
                    weight *= 1.0 if model == card else self.partner_miss
                    continue
                if self.count_miss is not None and gives_count(why):
                    # A low card to the suit led: partner gives count, read card for card.
                    weight *= 1.0 if model == card else self.count_miss
                    continue
                if self.count_only:
                    continue
            if model != card and not _equivalent(model, card, hand, finished):
                weight *= self.miss
            elif model != card and seat == self.partner and self.run_miss is not None:
                # The right run, another card of it: partner leads the top of a run and
                # follows with the lowest, so the card it picks tells what else it holds.
                weight *= self.run_miss
        return weight


def _equivalent(a: int, b: int, hand: int, played: int) -> bool:
    """Two cards of one hand that do the same work: same suit, and every card
    between them is in the hand or in ``played`` (the cards of finished tricks: a card
    on the table splits two cards around it, as one beats it and the other does not)."""
    if a // 13 != b // 13:
        return False
    lo, hi = min(a, b), max(a, b)
    between = ((1 << hi) - 1) & ~((2 << lo) - 1)
    return between & ~(hand | played) == 0


def follow_denials(obs: Observation) -> tuple[tuple[Seat, int], ...]:
    """What the others' follows deny if players follow with the lowest of equal cards:
    (seat, card) for each card still unseen that was, when the seat followed above it,
    the next card below in the same suit not played to a finished trick (a queen followed,
    the jack unplayed: the seat held no jack then, and has none now; a jack on the table
    denies nothing, as the queen beats it and a lower card would not)."""
    out = []
    played = 0
    unseen = obs.unseen
    tricks = [t.plays for t in obs.tricks] + ([obs.trick] if obs.trick else [])
    for plays in tricks:
        for j, (seat, card) in enumerate(plays):
            if j and seat != obs.seat:
                below = _next_below(card, played)  # the cards of finished tricks: one on the table splits
                if below is not None and unseen >> below & 1:
                    out.append((seat, below))
        for _, card in plays:
            played |= 1 << card
    return tuple(out)


def _next_below(card: int, played: int) -> int | None:
    """The next card below ``card`` in its suit that is not in ``played`` (None: none)."""
    base = 13 * (card // 13)
    c = card - 1
    while c >= base and played >> c & 1:
        c -= 1
    return c if c >= base else None


def _lowest_of_run(card: int, hand: int, played: int) -> bool:
    """Whether ``hand`` holds no lower card equivalent to ``card``: the next card below
    it in its suit that is not already played is not in the hand."""
    below = _next_below(card, played)
    return below is None or not hand >> below & 1


def _all_equivalent(legal: int, played: int) -> bool:
    """Only one real choice: every legal card is equivalent to the lowest."""
    low = legal & -legal
    first = low.bit_length() - 1
    rest = legal ^ low
    while rest:
        c = (rest & -rest).bit_length() - 1
        if not _equivalent(first, c, legal, played):
            return False
        rest &= rest - 1
    return True
