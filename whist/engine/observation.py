"""What one seat may know: its own hand and everything played in the open.

Computer players, hints and the bot protocol decide from an
:class:`Observation` only, so they can never read a hidden card. The game
state makes one (``GameState.observation``); the bot protocol reads one from
a request.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from whist.engine.auction import Contract
from whist.engine.cards import FULL_DECK, SUITS, card_name, mask_names, suit_of
from whist.engine.rules import make_rules
from whist.engine.seats import SEAT_NAMES, Seat
from whist.engine.trick import Trick


@dataclass(frozen=True)
class Observation:
    game: str
    seat: Seat
    seats: tuple[Seat, ...]
    sides: tuple[tuple[Seat, ...], ...]
    phase: str
    hand: int
    trump: int | None
    dealer: Seat
    turn_up: int | None
    """The card turned up at the deal: public, in the dealer's hand until played."""
    turn_up_visible: bool
    leader: Seat
    trick: tuple[tuple[Seat, int], ...]
    tricks: tuple[Trick, ...]
    to_play: Seat | None
    legal: int
    """The cards this seat may play now (0 when it is not this seat's turn)."""
    hand_sizes: tuple[int, int, int, int]
    scores: tuple[int, ...]
    tricks_won: tuple[int, ...]
    target: int
    hand_number: int
    exposed: tuple[tuple[Seat, int], ...] = ()
    """Cards of other hands this seat can see: a dummy laid face up after the
    opening lead, the hand of the partner who plays this seat's cards (a
    dummy's controller) or whose cards this seat plays, and face-up cards
    another player took from the stock and still holds."""
    auction: tuple[tuple[Seat, str], ...] = ()
    """The calls made so far this hand (Contract Whist)."""
    contract: Contract | None = None
    legal_calls: tuple[str, ...] = ()
    """The calls this seat may make now (empty unless it is this seat's turn to call)."""
    face_up: int | None = None
    """The face-up card on the stock (German Whist): the next trick's winner takes it."""
    stock_size: int = 0
    """Cards left in the stock, the face-up card included; the others lie face down."""
    options: tuple[tuple[str, Any], ...] = ()
    """The game's options, known to every seat: sorted (name, value) pairs."""
    taken_face_up: tuple[tuple[Seat, int], ...] = ()
    """German Whist: the stock's public history, the face-up card taken after each
    finished trick of this hand (in the order of the tricks, so the first is the
    turn-up) and the seat that took it (that trick's winner), whether it still holds
    the card or has played it since. Empty in games without a stock."""

    # --- what follows from it -------------------------------------------
    def side_of(self, seat: Seat) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def partner_of(self, seat: Seat) -> Seat | None:
        side = self.sides[self.side_of(seat)]
        return next((s for s in side if s != seat), None)

    @property
    def partner(self) -> Seat | None:
        return self.partner_of(self.seat)

    @property
    def played(self) -> int:
        """Every card played so far this hand, the current trick included."""
        m = 0
        for t in self.tricks:
            for _, c in t.plays:
                m |= 1 << c
        for _, c in self.trick:
            m |= 1 << c
        return m

    @property
    def gone(self) -> int:
        """The cards of the finished tricks: out of play for good. Two cards of a hand
        with only these and the hand's own between them do the same work; a card on
        the table in the current trick still splits them (it can be beaten by one)."""
        m = 0
        for t in self.tricks:
            for _, c in t.plays:
                m |= 1 << c
        return m

    @property
    def unseen(self) -> int:
        """Cards whose place this seat cannot see: not its own, not played, not the turn-up on show."""
        known = self.hand | self.played
        for _, cards in self.exposed:
            known |= cards
        if self.face_up is not None:
            known |= 1 << self.face_up
        if self.turn_up_visible and self.turn_up is not None:
            known |= 1 << self.turn_up
        return FULL_DECK & ~known

    # --- voids: what the show-outs prove, by the game's rules ------------------
    @property
    def revokes_allowed(self) -> bool:
        """Club rules (``Rules.revokes_allowed``): a player may revoke, so a show-out may be
        a revoke, a likely void but never a certain one."""
        return _void_rules(self.game, self.options)[0]

    @property
    def draw_tricks(self) -> int:
        """The first tricks of the hand after each of which the hands draw from a stock
        (``Rules.draw_tricks``: German Whist's Phase One, 13; 0 in games without a stock)."""
        return _void_rules(self.game, self.options)[1]

    def show_outs(self) -> dict[Seat, int]:
        """For each seat, a 4-bit set of the suits it has shown out of (failed to follow)
        this hand. Not all of them are voids: see :meth:`certain_voids`."""
        out = {s: 0 for s in self.seats}
        for plays in self._all_plays():
            _note_show_outs(plays, out)
        return out

    def voids(self) -> dict[Seat, int]:
        """Every show-out, as :meth:`show_outs` (the old name). A show-out is a void only
        where the rules make it one: decide from :meth:`certain_voids`."""
        return self.show_outs()

    def shown_voids(self) -> dict[Seat, int]:
        """For each seat, the suits it has shown out of since it last drew a card unseen: the
        voids, if nobody revoked. After a trick of a stock game's first part (German Whist's
        Phase One, ``Rules.draw_tricks``) each hand draws: the winner the face-up card, which
        every seat sees (its show-outs still hold for the cards unseen), the others a card
        unseen, which may be of any suit. Under club rules a show-out may also be a revoke:
        a likely void, not a certain one (:meth:`certain_voids`)."""
        draw_tricks = self.draw_tricks
        out = {s: 0 for s in self.seats}
        for k, t in enumerate(self.tricks):
            _note_show_outs(t.plays, out)
            if k < draw_tricks:
                for s in self.seats:
                    if s != t.winner:
                        out[s] = 0  # a blind draw: any suit may be back
        if self.trick:
            _note_show_outs(self.trick, out)
        return out

    def certain_voids(self) -> dict[Seat, int]:
        """For each seat, a 4-bit set of the suits of which it surely holds no card this seat
        cannot see, from the play: its show-outs since its last blind draw (:meth:`shown_voids`),
        and none at all where revokes are allowed (club rules: a show-out may be a revoke).
        What claims, hints and the deal sampler may take as known."""
        if self.revokes_allowed:
            return {s: 0 for s in self.seats}
        return self.shown_voids()

    def _all_plays(self) -> list[tuple[tuple[Seat, int], ...]]:
        return [t.plays for t in self.tricks] + ([self.trick] if self.trick else [])

    # --- the bot protocol's form ------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The observation in the project's notation (cards ``QS``, seats ``N``)."""
        return {
            "game": self.game,
            "seat": SEAT_NAMES[self.seat],
            "seats": [SEAT_NAMES[s] for s in self.seats],
            "partnerships": ["".join(SEAT_NAMES[s] for s in side) for side in self.sides],
            "phase": self.phase,
            "hand": mask_names(self.hand),
            "trump": "NT" if self.trump is None else SUITS[self.trump],
            "dealer": SEAT_NAMES[self.dealer],
            "turn_up": None if self.turn_up is None else card_name(self.turn_up),
            "turn_up_visible": self.turn_up_visible,
            "tricks": [{"leader": SEAT_NAMES[t.leader], "winner": SEAT_NAMES[t.winner],
                        "cards": [[SEAT_NAMES[s], card_name(c)] for s, c in t.plays]}
                       for t in self.tricks],
            "trick": {"leader": SEAT_NAMES[self.leader],
                      "cards": [[SEAT_NAMES[s], card_name(c)] for s, c in self.trick]},
            "to_play": None if self.to_play is None else SEAT_NAMES[self.to_play],
            "legal": mask_names(self.legal),
            "hand_sizes": {SEAT_NAMES[s]: self.hand_sizes[s] for s in self.seats},
            "scores": list(self.scores),
            "tricks_won": list(self.tricks_won),
            "target": self.target,
            "hand_number": self.hand_number,
            **({"exposed": {SEAT_NAMES[s]: mask_names(m) for s, m in self.exposed}} if self.exposed else {}),
            **({"auction": [[SEAT_NAMES[s], c] for s, c in self.auction],
                "contract": None if self.contract is None else {
                    "level": self.contract.level, "declarer": SEAT_NAMES[self.contract.declarer],
                    "trump": "NT" if self.contract.strain is None else SUITS[self.contract.strain],
                    "doubled": self.contract.doubled},
                "legal_calls": list(self.legal_calls)} if self.auction or self.phase == "auction" else {}),
            **({"face_up": None if self.face_up is None else card_name(self.face_up),
                "stock_size": self.stock_size} if self.stock_size or self.face_up is not None else {}),
            **({"options": dict(self.options)} if self.options else {}),
            **({"taken_face_up": [[SEAT_NAMES[s], card_name(c)] for s, c in self.taken_face_up]}
               if self.taken_face_up else {}),
        }


def _note_show_outs(plays: tuple[tuple[Seat, int], ...], out: dict[Seat, int]) -> None:
    led = suit_of(plays[0][1])
    for seat, card in plays[1:]:
        if suit_of(card) != led:
            out[seat] |= 1 << led


@functools.lru_cache(maxsize=64)
def _void_rules(game: str, options: tuple[tuple[str, Any], ...]) -> tuple[bool, int]:
    """What the game's rules say a show-out proves: whether revokes are allowed (club
    rules), and after how many of the first tricks the hands draw from a stock."""
    rules = make_rules(game, **dict(options))
    return rules.revokes_allowed, rules.draw_tricks
