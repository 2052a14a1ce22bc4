"""The game state: one state machine for every game of the whist family.

The state knows the phase, the hands, the trick, the score and every action
taken. Everything that differs between games comes from its rules object.
Callers use ``legal_actions()``, ``apply()``, ``undo()``, ``clone()`` and
``observation(seat)``; an action is a string in the project's notation:
a card (``"QS"``) while playing, ``"next"`` to deal the next hand.

>>> state = GameState("classic", seed=42)
>>> state.phase.value, len(state.legal_actions()) > 0
('play', True)
>>> first = state.legal_actions()[0]
>>> state.apply(first); state.undo() == first
True
>>> GameState.from_json(state.to_json()).snapshot() == state.snapshot()
True
"""

from __future__ import annotations

import json
import operator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from whist.engine import auction
from whist.engine import claim as claims
from whist.engine.auction import Call, Contract
from whist.engine.cards import SUIT_NAMES, card_long_name, card_name, cards_high_first, parse_card, shown, suit_of
from whist.engine.observation import Observation
from whist.engine.rules import PlayedHand, Rules, make_rules
from whist.engine.seats import SEAT_NAMES, Seat
from whist.engine.trick import Draw, Trick, end_trick, legal_cards

RECORD_FORMAT = 3
"""The format of the game records written now. Format 2 differs only in German Whist's
variable trump, whose Phase One it played with the turn-up's suit as trumps (format 3 plays
it without trumps: :class:`~whist.engine.rules.GermanWhist`); format 1 also in the draw for
partners and deal (a redrawn card was ranked against everyone's first card). Their records
still load, and replay as they were played (:meth:`Rules.as_recorded`). A record names only
the options not at their defaults (records written before name every option, and load alike)."""
RECORD_FORMATS = (1, 2, 3)
NEXT_HAND = "next"
CLAIM = "claim"
"""The action of a claim: ``"claim"`` (every trick left) or ``"claim 3"``, made by whoever plays the
cards of the seat to play; it ends the hand when :mod:`whist.engine.claim` proves it."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the state is unchanged.

    The one refusal every caller passes on (the table, the page, the bot): ``str(err)``
    says it for a log or the bot protocol, in the third person; the fields say it for a
    player. ``code`` is one of :data:`REFUSAL_CODES`; ``seat`` is the seat that was to
    act (None when nobody was); ``suit`` the suit to follow for ``"must-follow"``;
    ``action`` the action refused, as given; ``detail`` the rule's own words for a call;
    ``beat`` the bid a bid refused as too low does not beat. :meth:`sentence` words it for
    the player who chooses ``seat``'s cards.

    >>> state = GameState("classic", seed=1)
    >>> try:
    ...     state.check("ZZ")
    ... except IllegalActionError as err:
    ...     err.code, err.sentence()
    ('not-a-card', "'ZZ' is not a card.")
    """

    def __init__(self, message: str, *, code: str = "illegal", seat: Seat | None = None,
                 suit: int | None = None, action: object = None, detail: str = "",
                 beat: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.beat = beat
        self.seat = seat
        self.suit = suit
        self.action = action
        self.detail = detail

    def sentence(self, you: Seat | None = None, *, yours: bool | None = None) -> str:
        """The refusal as one sentence to the player at ``you``. ``yours`` says whether that
        player chooses the cards of the seat that was to act (their own seat, or their
        dummy); by default only their own seat is theirs."""
        seat = self.seat
        mine = seat is not None and (seat == you if yours is None else yours)
        code = self.code
        if code == "must-follow" and self.suit is not None:
            led = SUIT_NAMES[self.suit]
            if mine or seat is None:
                return f"You must follow suit: {led} were led and you hold {led}."
            return f"{seat.long_name} must follow suit: {led} were led and {seat.long_name} holds {led}."
        if code == "not-in-hand":
            whose = ("the hand" if seat is None else "your hand" if seat == you
                     else f"{seat.long_name}'s hand (your dummy)" if mine else f"{seat.long_name}'s hand")
            return f"The {card_long_name(parse_card(str(self.action)))} is not in {whose}."
        if code == "not-a-card":
            return f"{shown(self.action)} is not a card."
        if code == "call-refused" and self.beat is not None:
            low, over = (auction.bid_words(auction.parse_bid(b)) for b in (str(self.action), self.beat))
            return f"{low} does not beat {over}: bid higher, or pass."
        if code == "claim-refused":
            return self.detail
        text = self.detail or str(self)
        return text[:1].upper() + text[1:] + "."


#: Every ``IllegalActionError.code``: what kind of refusal it is.
REFUSAL_CODES = ("not-an-action", "game-over", "paused", "not-a-call", "call-refused", "not-a-card",
                 "not-in-hand", "must-follow", "claim-refused", "illegal")


class Phase(StrEnum):
    DRAW = "draw"
    AUCTION = "auction"
    PLAY = "play"
    HAND_OVER = "hand-over"
    GAME_OVER = "game-over"


@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand, kept for the score sheet and the summary."""

    hand_number: int
    deal_number: int
    dealer: Seat
    trump: int | None
    turn_up: int | None
    tricks: tuple[int, ...]
    """Tricks each side is credited with, after any revoke penalty."""
    points: tuple[int, ...]
    """Points each side scored this hand: odd tricks plus honours."""
    scores: tuple[int, ...]
    """The game score after the hand."""
    honours: tuple[int, ...] = ()
    honour_cards: tuple[int, ...] = ()
    revokes: tuple[Seat, ...] = ()
    revoke_tricks: tuple[int, ...] = ()
    revoke_moves: tuple[int, ...] = ()
    """Tricks each revoke of ``revokes`` moved to the other side."""
    game_number: int = 0
    game_winner: int | None = None
    """The side that won the game with this hand, if it did."""
    games: tuple[int, ...] = ()
    """Games won by each side in the match after the hand."""
    contract: Contract | None = None
    thrown_in: bool = False
    """Everyone passed in the auction: the cards were thrown in, nobody scored."""


_FIELDS = ("phase", "hand_number", "dealer", "deal_number", "hands", "dealt", "turn_up", "trump",
           "leader", "trick", "tricks", "revokes", "scores", "results", "games", "game_number",
           "auction", "contract", "stock", "reveal", "draws", "claimed")
#: The tuple of the fields (an undo step is one, kept at every action): attrgetter builds it in C.
_GET_FIELDS = operator.attrgetter(*_FIELDS)


class GameState:
    """A whole game: hands dealt from the seed, played to the rules' target."""

    phase: Phase
    hand_number: int
    dealer: Seat
    deal_number: int
    hands: tuple[int, int, int, int]
    dealt: tuple[int, int, int, int]
    turn_up: int | None
    trump: int | None
    leader: Seat
    trick: tuple[tuple[Seat, int], ...]
    tricks: tuple[Trick, ...]
    revokes: tuple[tuple[int, Seat], ...]
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    games: tuple[int, ...]
    game_number: int
    auction: tuple[Call, ...]
    contract: Contract | None
    stock: tuple[int, ...]
    reveal: int | None
    draws: tuple[Draw, ...]
    claimed: tuple[Seat, int, str] | None
    """The claim that ended the hand: the claimant, the tricks its side took of those left, why."""

    def __init__(self, rules: Rules | str = "classic", seed: int = 0, *, dealer: Seat | None = None,
                 record_format: int = RECORD_FORMAT, **options: Any) -> None:
        """A new game whose first hand is deal number ``seed``. The first dealer
        comes from the draw or the seed, unless ``dealer`` is given (to replay a
        hand of another game: its deal number and its dealer give the same cards).
        ``record_format`` 1 or 2 replays a record of that format (see RECORD_FORMAT)."""
        self.rules = make_rules(rules, **options) if isinstance(rules, str) else rules
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"a seed is a whole number 0 or more, not {shown(seed)}")
        if dealer is not None and dealer not in self.rules.seats:
            raise ValueError(f"{Seat(dealer).long_name} does not play in {self.rules.title}")
        if type(record_format) is not int or record_format not in RECORD_FORMATS:
            raise ValueError(f"unknown game record format {shown(record_format)}")
        self.seed = seed
        self.first_dealer = dealer
        self.record_format = record_format
        self.actions: list[str] = []
        self.actors: list[Seat | None] = []
        """Who took each action: the seat to call or play, None for ``next``."""
        self._undo: list[tuple[Any, ...]] = []
        self.scores = self.games = tuple(0 for _ in self.rules.sides)
        self.results = ()
        self.game_number = 0
        self.draw = None if dealer is not None else self.rules.draw_for_deal(seed, legacy_ties=record_format == 1)
        """The draw for partners and first deal, when the game has one (it never changes)."""
        if dealer is None:
            dealer = self.rules.first_dealer(seed) if self.draw is None else self.draw.dealer
        self._deal_hand(0, dealer)
        if self.draw is not None:
            # the cards are dealt once the players have seen the draw
            self.phase = Phase.DRAW
            self.hands = self.dealt = (0, 0, 0, 0)

    # --- reading the state ----------------------------------------------
    @property
    def to_play(self) -> Seat | None:
        """The seat whose turn it is to call or play, or None between hands."""
        phase = self.phase  # (asked at every step of the play: the play first, each field read once)
        if phase is Phase.PLAY:
            trick = self.trick
            return self.rules.next_seat(trick[-1][0]) if trick else self.leader
        if phase is Phase.AUCTION:
            return self.rules.next_seat(self.auction[-1][0] if self.auction else self.dealer)
        return None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def winner(self) -> int | None:
        """The side that won the match (the game, or the rubber) once it is over."""
        if not self.is_over:
            return None
        return max(range(len(self.games)), key=lambda i: self.games[i])

    @property
    def match_totals(self) -> tuple[int, ...]:
        """Every point each side scored in the match, with the rubber bonus once it is won."""
        totals = [0] * len(self.rules.sides)
        for r in self.results:
            for i, p in enumerate(r.points):
                totals[i] += p
        bonus = self.rules.match_bonus(self.games) if self.is_over else (0,) * len(totals)
        return tuple(t + b for t, b in zip(totals, bonus, strict=True))

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken by each side in the hand being played (those that count)."""
        won = [0] * len(self.rules.sides)
        for t in self.tricks[self.rules.first_counted_trick:]:
            won[self.rules.side_of(t.winner)] += 1
        if self.claimed is not None:
            seat, n, _ = self.claimed
            side = self.rules.side_of(seat)
            for i in range(len(won)):
                won[i] += n if i == side else self.rules.tricks_per_hand - len(self.tricks) - n
        return tuple(won)

    @property
    def turn_up_visible(self) -> bool:
        """The turn-up stays on show until the dealer plays it."""
        return self.turn_up is not None and bool(self.hands[self.dealer] >> self.turn_up & 1)

    @property
    def face_up(self) -> int | None:
        """The face-up card on the stock, which the winner of the trick will take."""
        return self.stock[0] if self.stock else None

    @property
    def led_suit(self) -> int | None:
        return suit_of(self.trick[0][1]) if self.trick else None

    @property
    def last_trick(self) -> Trick | None:
        return self.tricks[-1] if self.tricks else None

    def legal_mask(self) -> int:
        """The cards the player to play may play, as a mask (0 outside play)."""
        seat = self.to_play
        if seat is None or self.phase is not Phase.PLAY:
            return 0
        return legal_cards(self.hands[seat], self.led_suit)

    def legal_calls(self) -> list[str]:
        """The calls the seat to speak may make in the auction (empty outside it)."""
        seat = self.to_play
        if self.phase is not Phase.AUCTION or seat is None:
            return []
        return auction.legal_calls(self.auction, seat, self._side_map(), self.rules.may_double)

    def legal_actions(self) -> list[str]:
        if self.phase is Phase.AUCTION:
            return self.legal_calls()
        if self.phase is Phase.PLAY:
            return [card_name(c) for c in cards_high_first(self.legal_mask())]
        if self.phase in (Phase.HAND_OVER, Phase.DRAW):
            return [NEXT_HAND]
        return []

    def observation(self, seat: Seat) -> Observation:
        """Everything ``seat`` may know now, and nothing more."""
        rules, h = self.rules, self.hands
        if seat not in rules.seats:
            raise ValueError(f"{seat.long_name} does not play in {rules.title}")
        mine = self.to_play == seat
        return Observation(
            game=rules.name, seat=seat, seats=rules.seats, sides=rules.sides,
            phase=self.phase.value, hand=h[seat], trump=self.trump, dealer=self.dealer,
            turn_up=self.turn_up, turn_up_visible=self.turn_up_visible, leader=self.leader,
            trick=self.trick, tricks=self.tricks, to_play=self.to_play, legal=self.legal_mask() if mine else 0,
            hand_sizes=(h[0].bit_count(), h[1].bit_count(), h[2].bit_count(), h[3].bit_count()),
            scores=self.scores, tricks_won=self.tricks_won, target=rules.target,
            hand_number=self.hand_number, exposed=self.exposed_to(seat),
            auction=self.auction, contract=self.contract, face_up=self.face_up, stock_size=len(self.stock),
            legal_calls=tuple(self.legal_calls()) if mine else (),
            options=tuple(sorted(rules.options.items())),
            taken_face_up=tuple((d.seat, d.card) for d in self.draws if d.face_up),
        )

    def exposed_to(self, seat: Seat) -> tuple[tuple[Seat, int], ...]:
        """The cards of other hands that ``seat`` has seen (see ``Observation.exposed``):
        a dummy's hand, and face-up cards taken from the stock and not yet played."""
        rules, h = self.rules, self.hands
        seen: dict[Seat, int] = {}
        for draw in self.draws:
            if draw.face_up and draw.seat != seat and h[draw.seat] >> draw.card & 1:
                seen[draw.seat] = seen.get(draw.seat, 0) | 1 << draw.card
        opened = bool(self.tricks or self.trick)
        for dummy in rules.dummies:
            controller = rules.controller(dummy)
            if dummy != seat and (opened or controller == seat):
                seen[dummy] = h[dummy]
            if seat == dummy:
                seen[controller] = h[controller]
        return tuple(sorted(seen.items()))

    # --- changing the state ---------------------------------------------
    def check(self, action: str) -> str:
        """Raise IllegalActionError saying why, if ``action`` is not legal now.
        Returns the action in its one recorded spelling: a card as ``"AS"`` (for
        ``"as"``, ``"10s"``...), a call as ``"7NT"`` (for ``"7n"``, ``"7nt "``...),
        ``"pass"``, ``"double"``, ``"next"``."""
        if not isinstance(action, str):
            raise IllegalActionError(f"an action is a string such as 'QS' or 'next', not {shown(action)}",
                                     code="not-an-action", seat=self.to_play, action=action)
        if self.phase is Phase.GAME_OVER:
            raise IllegalActionError("the game is over", code="game-over", action=action)
        if self.phase in (Phase.HAND_OVER, Phase.DRAW):
            if action.strip().lower() != NEXT_HAND:
                what = "the hand is over" if self.phase is Phase.HAND_OVER else "the players are drawing for deal"
                raise IllegalActionError(f"{what}: the only action is {NEXT_HAND!r}, not {shown(action)}",
                                         code="paused", action=action, detail=what)
            return NEXT_HAND
        if self.phase is Phase.PLAY and action.strip().lower().startswith(CLAIM):
            n, proof = self._claim_proof(action)
            if not proof.ok:
                raise IllegalActionError(f"the claim is refused: {proof.text}", code="claim-refused",
                                         seat=self.to_play, action=action, detail=proof.text)
            return CLAIM if n is None else f"{CLAIM} {n}"
        seat = self.to_play
        if seat is None:  # never: in the auction and the play someone is always to act
            raise IllegalActionError(f"nobody is to act in the {self.phase.value} phase", action=action)
        if self.phase is Phase.AUCTION:
            try:
                call = auction.parse_call(action)
            except ValueError as err:
                raise IllegalActionError(f"{seat.long_name} is to call: {err}", code="not-a-call", seat=seat,
                                         action=action, detail=str(err)) from None
            refused = auction.refusal(call, self.auction, seat, self._side_map(), self.rules.may_double)
            if refused is not None:
                reason, beat = refused
                raise IllegalActionError(f"{seat.long_name} cannot call {call!r}: {reason}", code="call-refused",
                                         seat=seat, action=call, detail=reason, beat=beat)
            return call
        try:
            card = parse_card(action)
        except ValueError as err:
            raise IllegalActionError(f"{seat.long_name} is to play a card: {err}", code="not-a-card", seat=seat,
                                     action=action, detail=str(err)) from None
        if not self.hands[seat] >> card & 1:
            raise IllegalActionError(f"{card_name(card)} is not in {seat.long_name}'s hand", code="not-in-hand",
                                     seat=seat, action=card_name(card))
        if not self.legal_mask() >> card & 1 and not self.rules.revokes_allowed:
            led = suit_of(self.trick[0][1])
            raise IllegalActionError(f"{seat.long_name} must follow suit: {SUIT_NAMES[led]} were led "
                                     f"and {seat.long_name} holds {SUIT_NAMES[led]}", code="must-follow",
                                     seat=seat, suit=led, action=card_name(card))
        return card_name(card)

    def apply(self, action: str) -> None:
        """Take an action. An illegal one raises IllegalActionError and changes nothing.
        The record, undo and the observations carry the action as :meth:`check` spells it."""
        if self.phase is Phase.PLAY and isinstance(action, str) and action.strip().lower().startswith(CLAIM):
            self.claim(action, strict=True)
            return
        action = self.check(action)
        if self.phase is Phase.PLAY:
            self.push(parse_card(action))
            return
        self._record(action)
        if self.phase is Phase.DRAW:
            self._deal_hand(0, self.dealer)
        elif self.phase is Phase.HAND_OVER:
            if self.results[-1].game_winner is not None:
                # a rubber goes on: the next game starts from love
                self.scores = tuple(0 for _ in self.scores)
                self.game_number += 1
            self._deal_hand(self.hand_number + 1, self.rules.next_dealer(self.dealer))
        else:
            self._call(action)

    def claim(self, action: str = CLAIM, *, strict: bool = False, node_limit: int = claims.NODE_LIMIT) -> claims.Proof:
        """Claim for the side of whoever plays the seat to play: ``"claim"`` (every trick left) or
        ``"claim 3"``. A claim proved from what the claimant knows ends the hand, its tricks to the
        claimant's side and the rest to the other; a refused one changes nothing (with ``strict``,
        it raises IllegalActionError). Returns the proof, which says why. ``node_limit`` bounds the
        search (a record replays with the default, which proves at least as much)."""
        if self.phase is not Phase.PLAY:
            self.check(action)  # raises: nothing to claim outside the play
        n, proof = self._claim_proof(action, node_limit)
        if not proof.ok:
            if strict:
                raise IllegalActionError(f"the claim is refused: {proof.text}", code="claim-refused",
                                         seat=self.to_play, action=action, detail=proof.text)
            return proof
        claimant = self.rules.controller(self._actor())
        self._record(CLAIM if n is None else f"{CLAIM} {n}")
        self.claimed = (claimant, proof.tricks, proof.text)
        self._score_hand()
        return proof

    def claim_proof(self, action: str = CLAIM) -> claims.Proof:
        """The proof :meth:`claim` would find for ``action`` now, changing nothing (a claim a table
        asks other people to agree to before it is made)."""
        if self.phase is not Phase.PLAY:
            self.check(action)  # raises: nothing to claim outside the play
        return self._claim_proof(action)[1]

    def _claim_proof(self, action: str, node_limit: int = claims.NODE_LIMIT) -> tuple[int | None, claims.Proof]:
        rest = action.strip().lower()[len(CLAIM):].strip()
        if rest and not (rest.isascii() and rest.isdigit() and len(rest) <= 2):  # "²", "٣": not a number here
            raise IllegalActionError(f"a claim is 'claim' or 'claim 3', not {shown(action)}", code="not-an-action",
                                     seat=self.to_play, action=action)
        n = int(rest) if rest else None
        if self.stock:
            return n, claims.Proof(False, "Refused: claims wait until the stock is gone.")
        seat = self.rules.controller(self._actor())
        mine = tuple(s for s in self.rules.seats if self.rules.controller(s) == seat)
        return n, claims.prove(claims.ending_of(self.observation(seat), mine), n, node_limit)

    def push(self, card: int) -> None:
        """Play ``card`` for the seat to play, trusted: nothing is checked (python-chess's
        ``push`` beside ``push_san``); :meth:`apply` is :meth:`check` then this step. Recorded
        as :meth:`apply` records it, so undo and the record stay exact."""
        self._record(card_name(card))
        self._play(card)

    def pop(self) -> int:
        """Take back the last card played and return it (IndexError if the last action is not one)."""
        if not self._undo or self._undo[-1][0] is not Phase.PLAY:
            raise IndexError("the last action is not a card played")
        return parse_card(self.undo() or "")

    def undo(self) -> str | None:
        """Take back the last action and return it (None when there is none)."""
        if not self._undo:
            return None
        for name, value in zip(_FIELDS, self._undo.pop(), strict=True):
            setattr(self, name, value)
        self.actors.pop()
        return self.actions.pop()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def actor_of(self, index: int) -> Seat | None:
        """Who took ``self.actions[index]``: the seat that called or played, None for ``next``."""
        return self.actors[index]

    def clone(self) -> GameState:
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.actions = list(self.actions)
        other.actors = list(self.actors)
        other._undo = list(self._undo)
        return other

    def snapshot(self) -> tuple[Any, ...]:
        """The whole state as a comparable value (rules, seed, every field, the record)."""
        return (self.rules.name, tuple(sorted(self.rules.options.items())), self.seed, self.first_dealer,
                self.record_format, self._snapshot(), tuple(self.actions))

    # --- records ----------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        record = {"format": self.record_format, "game": self.rules.name, "options": self.rules.own_options(),
                  "seed": self.seed, "actions": list(self.actions)}
        if self.first_dealer is not None:
            record["dealer"] = SEAT_NAMES[self.first_dealer]
        return record

    def to_json(self) -> str:
        return json.dumps(self.to_record(), separators=(",", ":"))

    @classmethod
    def from_record(cls, record: Any) -> GameState:
        """Replay a record. Raises ValueError saying what is wrong with it."""
        if not isinstance(record, dict):
            raise ValueError("a game record is a JSON object")
        record_format = record.get("format")
        if type(record_format) is not int or record_format not in RECORD_FORMATS:
            raise ValueError(f"unknown game record format {shown(record_format)}")
        game, options, seed, actions = (record.get(k) for k in ("game", "options", "seed", "actions"))
        if not isinstance(game, str) or not isinstance(options, dict) or not isinstance(actions, list):
            raise ValueError("a game record needs 'game', 'options', 'seed' and 'actions'")
        if not isinstance(seed, int):
            raise ValueError(f"a seed is a whole number 0 or more, not {shown(seed)}")
        dealer = record.get("dealer")
        if dealer is not None and not isinstance(dealer, str):
            raise ValueError(f"a record's dealer is a seat letter, not {shown(dealer)}")
        if not all(isinstance(key, str) for key in options):
            raise ValueError("a game record's options are named by strings")
        # the rules first: an option named like a parameter ("seed") is then refused as unknown
        rules = make_rules(game, **options)
        state = cls(rules, seed, dealer=None if dealer is None else Seat.parse(dealer), record_format=record_format)
        for i, action in enumerate(actions):
            try:
                state.apply(action)
            except IllegalActionError as err:
                raise ValueError(f"action {i + 1} of the record ({shown(action)}) is illegal: {err}") from None
        return state

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Replay a record written by :meth:`to_json`. Raises ValueError saying what is wrong."""
        try:
            record = json.loads(text)
        except RecursionError:
            raise ValueError("a game record must be JSON: this one is nested too deep") from None
        except ValueError as err:  # not JSON, or a number too long to read
            raise ValueError(f"a game record must be JSON: {err}") from None
        return cls.from_record(record)

    # --- internals ----------------------------------------------------------
    def _snapshot(self) -> tuple[Any, ...]:
        return _GET_FIELDS(self)

    def _record(self, action: str) -> None:
        """Keep what undo needs and the action with the seat that takes it."""
        self._undo.append(self._snapshot())
        self.actions.append(action)
        self.actors.append(self.to_play)

    def _deal_hand(self, hand_number: int, dealer: Seat) -> None:
        self.hand_number = hand_number
        self.dealer = dealer
        self.deal_number = self.rules.deal_number(self.seed, hand_number)
        dealt = self.rules.as_recorded(self.rules.deal(self.deal_number, dealer), self.record_format)
        self.hands = self.dealt = dealt.hands
        self.turn_up = dealt.turn_up
        self.trump = dealt.trump
        self.leader = self.rules.first_leader(dealer)
        self.trick = ()
        self.tricks = ()
        self.revokes = ()
        self.auction = ()
        self.contract = None
        self.stock = dealt.stock
        self.reveal = dealt.reveal
        self.draws = ()
        self.claimed = None
        self.phase = Phase.AUCTION if self.rules.has_auction else Phase.PLAY

    def _side_map(self) -> dict[Seat, int]:
        return {seat: self.rules.side_of(seat) for seat in self.rules.seats}

    def _actor(self) -> Seat:
        """The seat to call or play (only asked in the auction or the play, where there is one)."""
        seat = self.to_play
        if seat is None:
            raise RuntimeError(f"nobody is to act in the {self.phase.value} phase")
        return seat

    def _call(self, call: str) -> None:
        seat = self._actor()
        self.auction = (*self.auction, (seat, call))
        if not auction.is_finished(self.auction, len(self.rules.seats)):
            return
        self.contract = auction.contract_of(self.auction)
        if self.contract is None:
            self._score_hand()  # thrown in: nothing scores, the next dealer deals
            return
        self.trump = self.contract.strain
        self.leader = self.rules.next_seat(self.contract.declarer)
        self.phase = Phase.PLAY

    def _play(self, card: int) -> None:
        seat = self._actor()
        if not self.legal_mask() >> card & 1:
            self.revokes = (*self.revokes, (len(self.tricks), seat))
        hands = list(self.hands)
        hands[seat] &= ~(1 << card)
        self.trick = trick = (*self.trick, (seat, card))
        rules = self.rules
        if len(trick) < len(rules.seats):
            self.hands = (hands[0], hands[1], hands[2], hands[3])
            return
        end = end_trick(hands, self.leader, trick, self.trump, len(self.tricks), rules.tricks_per_hand,
                        self.stock, rules.next_seat)
        self.hands = (hands[0], hands[1], hands[2], hands[3])
        self.tricks = (*self.tricks, end.trick)
        self.trick = ()
        self.leader = end.trick.winner
        if end.draws:
            self.stock = end.stock
            self.draws = (*self.draws, *end.draws)
        if len(self.tricks) == self.rules.first_counted_trick and self.reveal is not None:
            self.trump = suit_of(self.reveal)
        if end.over:
            self._score_hand()

    def _score_hand(self) -> None:
        hand = PlayedHand(self.tricks_won, self.dealt, self.trump, self.revokes, self.contract, before=self.scores,
                          hands_played=1 + sum(r.game_number == self.game_number for r in self.results))
        score = self.rules.score_hand(hand)
        won = self.rules.game_winner(hand, score)
        self.scores = tuple(s + p for s, p in zip(self.scores, score.points, strict=True))
        if won is not None:
            self.games = tuple(g + (i == won) for i, g in enumerate(self.games))
        result = HandResult(self.hand_number, self.deal_number, self.dealer, self.trump, self.turn_up,
                            score.tricks, score.points, self.scores, score.honours, score.honour_cards,
                            tuple(seat for _, seat in self.revokes), score.revoke_tricks, score.revoke_moves,
                            self.game_number, won, self.games, self.contract,
                            thrown_in=self.rules.has_auction and self.contract is None)
        self.results = (*self.results, result)
        match_over = won is not None and self.games[won] >= self.rules.games_to_win()
        self.phase = Phase.GAME_OVER if match_over else Phase.HAND_OVER
