"""The coach: was the card you just played a costly one?

Given the observation of your seat (or your dummy's) just before your card and
the card, :func:`judge` searches the position as Expert does (the same deals of
the hidden cards consistent with what you had seen, valued the same way, from a
seed fixed by the position) and compares your card with Expert's. The card is a
mistake only when Expert would have played another card *and* that card takes
at least :data:`LOSS` of a trick more on average: a card that was right on what
you knew is no mistake, whatever the actual layout. Where the mistake is one of
the table guide's common ones, :func:`kind_of` names it from the position.

Honest: the verdict reads the observation only (never the actual deal).
"""

from __future__ import annotations

from dataclasses import dataclass

from whist.ai.follow import TEN
from whist.ai.montecarlo import EXPERT, MonteCarloPlayer, Settings
from whist.engine.cards import ACE, KING, SUIT_MASK, rank_of, suit_of
from whist.engine.observation import Observation
from whist.engine.trick import trick_winner

LOSS = 0.25
"""The tricks Expert's card must take more, on average, for yours to be a mistake."""

MIN_DEALS = 12
"""The coach judges from this many deals at least, however slow the machine: it waits for them."""

COACH = EXPERT.but(min_samples=MIN_DEALS)
"""How the coach searches: as Expert does (its 30 deals; its time cap binds only on a slow
machine, and never before :data:`MIN_DEALS` deals are valued)."""

KINDS = ("ruff", "over-take", "master", "trump", "ace-king")
"""The common mistakes the coach names: a needless ruff of your partner's winner,
over-taking your partner, a master card forgotten (thrown away, or not cashed),
leading trumps too soon, breaking an ace-king."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """Your card against Expert's: the tricks each takes from now on (averaged over
    ``deals`` deals of the hidden cards), whether yours was a mistake, and its kind."""

    card: int
    best: int
    """Expert's card (yours, when Expert plays it or one that does the same work)."""
    mine: float
    value: float
    deals: float
    mistake: bool
    kind: str | None = None
    """One of :data:`KINDS`, or None (a mistake with no common name, or none)."""
    detail: int | None = None
    """The card the kind is about: your partner's winner, the master, the ace or king."""
    shown: tuple[int, int] | None = None
    """Where the mistake was in a suit your partner has given count in (:func:`partner_count`):
    partner's two cards, in the order played."""

    @property
    def loss(self) -> float:
        return self.value - self.mine


class _Searching(MonteCarloPlayer):
    """Expert, keeping the values its last search found (so the position is searched once)."""

    found: tuple[dict[int, float], float] = ({}, 0)

    def search(self, obs: Observation, usual: int | None = None) -> tuple[dict[int, float], float]:
        self.found = super().search(obs, usual)
        return self.found


def judge(obs: Observation, card: int, seed: int | None = 0, settings: Settings | None = None) -> Verdict | None:
    """The verdict on ``card`` played from ``obs`` (searched with ``settings``, else :data:`COACH`);
    None when there was no real choice.

    Raises ValueError when ``card`` was not a legal card of ``obs``.
    """
    if obs.phase != "play" or not obs.legal >> card & 1:
        raise ValueError("the card is not one this seat could play")
    player = _Searching(seed, settings or COACH)
    best, _ = player.decide(obs)
    values, deals = player.found
    if len(values) <= 1:
        return None
    mine, value = values[_key(card, values)], values[_key(best, values)]
    same = _key(card, values) == _key(best, values)
    if same:
        best, value = card, mine
    mistake = not same and value - mine >= LOSS
    kind, detail = kind_of(obs, card, best) if mistake else (None, None)
    shown = None
    if mistake:
        shown = partner_count(obs, suit_of(card)) or partner_count(obs, suit_of(best))
    return Verdict(card, best, mine, value, deals, mistake, kind, detail, shown)


def partner_count(obs: Observation, suit: int) -> tuple[int, int] | None:
    """Your partner's count signal in ``suit``, read as the computers give it
    (:func:`whist.ai.follow.count_card`): the first two cards partner followed that suit with in
    the tricks played, each below the ten and neither winning its trick (a card played to win is
    no signal); None without two. The first higher than the second (high then low): an even
    number; lower (low then higher): an odd number. The cards were played: anyone may read them.
    """
    cards: list[int] = []
    for trick in obs.tricks:
        if trick.winner == obs.partner or suit_of(trick.plays[0][1]) != suit:
            continue
        cards += [c for seat, c in trick.plays[1:] if seat == obs.partner and suit_of(c) == suit and rank_of(c) < TEN]
        if len(cards) >= 2:
            return cards[0], cards[1]
    return None


def _key(card: int, values: dict[int, float]) -> int:
    """The searched card doing the same work as ``card``: the lowest of its group, of its suit and not above it."""
    return max(c for c in values if suit_of(c) == suit_of(card) and c <= card)


def is_master(obs: Observation, card: int) -> bool:
    """Whether ``card`` of your hand is a master: every higher card of its suit is played or yours."""
    above = SUIT_MASK[suit_of(card)] & ~((2 << card) - 1)
    return above & ~(obs.played | obs.hand) == 0


def kind_of(obs: Observation, card: int, best: int) -> tuple[str | None, int | None]:
    """Which common mistake playing ``card`` instead of Expert's ``best`` was, from the position
    (:data:`KINDS`, and the card it is about), or ``(None, None)``."""
    trump, suit = obs.trump, suit_of(card)
    ace_king = obs.hand >> (13 * suit + KING) & 3 == 3  # the king and the ace, side by side
    if obs.trick:
        cards = [c for _, c in obs.trick]
        led = suit_of(cards[0])
        w = trick_winner(cards, trump)
        if obs.trick[w][0] == obs.partner and trick_winner([*cards, card], trump) == len(cards):
            return ("over-take" if suit == led else "ruff"), cards[w]
        if suit not in (led, trump) and is_master(obs, card):
            return "master", card
        if ace_king and rank_of(card) >= KING and suit_of(best) == suit and best < card:
            return "ace-king", card
        return None, None
    if suit == trump and suit_of(best) != trump:
        return "trump", card
    if ace_king and rank_of(card) < KING:
        return "ace-king", 13 * suit + ACE
    if is_master(obs, best) and not is_master(obs, card):
        return "master", best
    return None, None

