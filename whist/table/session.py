"""The table the page shows: one game, you in the South seat, computers in the others.

A :class:`Table` owns the :class:`~whist.engine.state.GameState` and the computer
players, and takes the page's commands; :meth:`Table.view` is what the browser layer
renders (a :class:`whist.table.view.TableView`, built in :mod:`whist.table.view`).
It holds no timing: the page decides how fast the computers play by calling
:meth:`Table.computer_step` when it wants the next card.

>>> table = Table(seed=7)
>>> while table.computer_step():
...     pass
>>> view = table.view()
>>> view.to_play, len(view.hand), view.phase
('S', 13, 'play')
>>> card = next(c.card for c in view.hand if c.legal)
>>> table.hint() in [c.card for c in view.hand if c.legal]
True
>>> table.human_play(card).ok
True

Undo takes back your last card and every card played after it; redo puts
them back exactly as they were:

>>> while table.computer_step():
...     pass
>>> before = table.state.snapshot()
>>> table.undo() >= 1 and table.human_to_play
True
>>> table.redo() and table.state.snapshot() == before
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from whist.ai.players import LEVELS, Adviser, make_player
from whist.engine.auction import DOUBLE, PASS
from whist.engine.cards import SUIT_NAMES, card_long_name, card_name, cards_high_first, parse_card
from whist.engine.observation import Observation
from whist.engine.rules import Option, Rules, make_rules
from whist.engine.seats import SEAT_NAMES, Seat
from whist.engine.state import CLAIM, NEXT_HAND, GameState, IllegalActionError, Phase
from whist.table import explain, view, words
from whist.table.together import (
    YOU,
    ClaimAsk,
    HandOver,
    Offer,
    SeatChoice,
    check_levels,
    check_people,
    hand_over,
    person_seats,
)
from whist.table.view import TableView, TrickView, sort_hand, suit_order
from whist.table.words import face_up, plural, revoke_words

if TYPE_CHECKING:
    from whist.ai.knowledge import Why
    from whist.ai.review import HandReview
    from whist.table.challenge_run import ChallengeRun

__all__ = ["Choice", "FinishedHand", "GameChoice", "Hint", "OptionChoice", "PlayResult", "Table", "game_choices",
           "revoke_words", "sort_hand", "suit_order"]


@dataclass(frozen=True)
class Choice:
    """One decision a computer player is to make: what the page may hand to a worker
    (:meth:`Table.pending_choice`, :meth:`Table.hint_choice`) and apply when the answer
    comes (:meth:`Table.apply_choice`)."""

    seat: Seat
    """The seat whose card or call it is (for a hint: yours, or your dummy's)."""
    player: Seat
    """The seat whose computer player decides (for a hint: yours)."""
    observation: Observation
    """What that player decides from, and all it may see."""
    level: str
    seed: int
    game: str
    hint: bool = False
    capped: bool = True
    """Whether the search may stop at its time cap (not in a challenge: :attr:`Table.capped`)."""
    answer: str = ""
    """The action already decided, if any (a challenge's computer on the sender's line): no search."""


@dataclass(frozen=True)
class Hint:
    """What a hint suggests: the card or call the computer would make for you now,
    and why, in one sentence naming it (the rule or the figure that decided)."""

    action: str
    reason: str


@dataclass(frozen=True)
class PlayResult:
    """What became of a card the human tried to play: ``ok``, or the reason it was refused."""

    ok: bool
    reason: str = ""
    code: str = ""
    """What kind of refusal: an ``IllegalActionError.code``, or ``"auction-on"``, ``"no-auction"``,
    ``"not-your-turn"``, ``"hand-over"`` for the table's own."""


@dataclass(frozen=True)
class FinishedHand:
    """A finished hand as the review shows, shares and replays it."""

    number: int  # from 1
    deal_number: int
    game: str
    options: dict[str, Any]  # those a replay keeps
    dealer: Seat
    header: str
    state: GameState = field(repr=False, compare=False)  # for the engine side
    whys: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    """Why each computer's card of the hand was played (card -> sentence: :meth:`Table.explain`)."""

    @classmethod
    def of(cls, state: GameState) -> FinishedHand:
        parts = [f"Deal {state.deal_number}", f"{state.dealer.long_name} dealt",
                 "no trumps" if state.trump is None else f"{SUIT_NAMES[state.trump]} trumps"]
        if state.contract is not None:
            parts.append(f"contract: {state.contract.long_name} by {state.contract.declarer.long_name}")
        if state.rules.has_stock:
            parts.append("Phase Two reviewed")
        return cls(state.hand_number + 1, state.deal_number, state.rules.name, state.rules.replay_options(),
                   state.dealer, " \u00b7 ".join(parts), state)

    def review(self) -> HandReview:
        """ValueError if no card was played."""
        from whist.ai.review import HandReview  # the solver: not at the page's start-up

        return HandReview.of(self.state)

    def pbn(self) -> str:
        from whist.ai.review import pbn_of

        return pbn_of(self.state)


class Table:
    """One game of whist as the page plays it: the human at ``human``, computers elsewhere.

    The human also plays any seat whose cards the rules give them (a dummy).
    ``level`` is the playing strength of every computer; :meth:`set_levels`
    gives your partner and the opponents their own. Hints play at your
    partner's strength.
    """

    capped = True
    """Whether the computers' search may stop at its time cap (a slow machine plays a little
    weaker, never slower); a challenge by link turns it off, so that its computers play the same
    cards on every device (:func:`whist.ai.players.make_player`)."""

    computers_claim = False
    """A computer whose side surely takes every trick left claims them (the page turns it on for
    every table it makes; a table may set its own)."""

    def __init__(self, seed: int = 0, game: str = "classic", human: Seat = Seat.S,
                 level: str = "normal", *, dealer: Seat | None = None, state: GameState | None = None,
                 people: Any = None, live: bool = False, seat_levels: Any = None, **options: Any) -> None:
        """A new game of ``game`` with ``options`` dealt from ``seed``; with ``state``, that game
        (a saved one, see :meth:`load`) instead, its game and options taken from its rules.
        ``people`` (seat -> name, South among them) makes it a pass-and-play table
        (:mod:`whist.table.together`); a bad name or seat raises ValueError with the reason.
        ``live``: those people play from their own devices (whist.table.referee), the host at
        ``human``: no hand-over screen. ``seat_levels`` (seat -> level) gives a computer its own
        strength, whatever :meth:`set_levels` gives the others."""
        if state is None:
            rules_now = make_rules(game, **options)  # a bad game or option is refused here, with its reason
        else:
            rules_now = state.rules
            game = rules_now.name
            options = rules_now.own_options()
        self.people: dict[Seat, str] = check_people(rules_now, people)
        """The people at a pass-and-play table (seat -> name), or empty: you and computers."""
        self.live = live and bool(self.people)
        self.seat_levels: dict[Seat, str] = check_levels(rules_now, seat_levels, self.people, LEVELS)
        """Computers given their own strength in the New game dialog (the others follow Settings)."""
        self.covered = bool(self.people) and not self.live
        """Whether the hands are covered until a person says they hold the device (see :attr:`is_covered`)."""
        self.offer: Offer | None = None
        """A person's claim waiting for the other people to agree."""
        self.game = game
        self.human = human
        self.options = options
        self.messages: list[str] = []
        self.levels: dict[Seat, str] = {}
        self._level = level
        self.players: dict[Seat, Adviser] = {}
        self.redo_stack: list[list[str]] = []
        self._redoing = False
        self.claim_text = ""
        """The sentence of the last claim: accepted (until the next hand), or yours refused (until a card)."""
        self.challenge: ChallengeRun | None = None
        """A deal of a challenge by link (whist.table.challenge_run): one hand, no undo, no hints."""
        self.whys: dict[int, tuple[str, Why]] = {}
        """Why a computer made the action at an index of the record: (the action, its player's reason
        when it chose it). Only computers' actions; kept past an undo for the redo."""
        if state is None:
            self.new_game(seed, dealer=dealer)
        else:
            self.state = state
            self.levels = {seat: level for seat in state.rules.seats}
            self.players = {}
            self.redo_stack = []

    # --- the flow of the game -----------------------------------------------
    def new_game(self, seed: int, *, dealer: Seat | None = None) -> None:
        """Start a fresh game from ``seed`` (a deal number: the same seed, the same game).
        With ``dealer``, the first hand is exactly that deal with that dealer (a replay)."""
        self.state = GameState(self.game, seed, dealer=dealer, **self.options)
        self.offer = None
        self.covered = bool(self.people) and not self.live
        if not self.levels or set(self.levels) != set(self.state.rules.seats):
            self.levels = {seat: self._level for seat in self.state.rules.seats}
        self.players = {}
        self.redo_stack = []
        self.whys = {}
        self.messages = []
        if self.state.phase is Phase.DRAW:
            self.messages.append("Drawing for partners and deal.")
        else:
            self._announce_deal()

    @classmethod
    def from_record(cls, record: dict[str, Any], human: Seat = Seat.S) -> Table:
        """The table of a saved game: the record replays to the exact state, undo history included."""
        return cls(human=human, state=GameState.from_record(record))

    @classmethod
    def load(cls, record: Any, redo: Any = (), human: Seat = Seat.S, people: Any = None, holder: Any = None,
             offer: Any = None, live: Any = False, levels: Any = None, whys: Any = None) -> Table:
        """The table of a saved game, as :meth:`saved` keeps it: ``record`` (a game record) replays
        to the exact state, undo history included, and ``redo`` (the redo stack, bottom first) must
        replay from there, each group legal where it lands; ``whys`` the computers' reasons
        (:meth:`saved`'s, none in older saved games: a damaged one is left out). Raises :class:`SavedGameError`, whose
        ``part`` says which of the two could not be used.
        """
        actions = record.get("actions") if isinstance(record, dict) else None
        if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
            raise SavedGameError("its record is far too long")
        try:
            state = GameState.from_record(record)
        except Exception as err:  # a damaged record, whatever is wrong with it
            raise SavedGameError(str(err)[:160] or "its record is damaged") from None
        if not _redo_ok(state, redo):
            raise SavedGameError("the moves you could redo", "redo")
        try:
            table = cls(human=human, state=state, people=people, live=live is True, seat_levels=levels)
        except ValueError as err:
            raise SavedGameError(f"its players: {err}") from None
        table.redo_stack = [list(g) for g in redo]
        table._restore_whys(whys)
        if table.people:
            table.human = next((s for s in table.people if SEAT_NAMES[s] == holder), YOU)
            table._restore_offer(offer)
        return table

    def _restore_whys(self, saved: Any) -> None:
        if not isinstance(saved, list):
            return
        for item in saved[:WHYS_KEPT]:
            if isinstance(item, list) and len(item) == 3 and isinstance(item[0], int) and isinstance(item[1], str):
                why = explain.checked(item[2])
                if why is not None and len(item[1]) < 12:
                    self.whys[item[0]] = (item[1], why)

    def _restore_offer(self, saved: Any) -> None:
        """A saved claim waiting for agreement, if it is still one this position can make."""
        if not isinstance(saved, dict) or self.state.phase is not Phase.PLAY:
            return
        seat, action, waiting = saved.get("seat"), saved.get("action"), saved.get("waiting")
        if not (isinstance(seat, str) and isinstance(waiting, list) and isinstance(action, str) and len(action) < 12):
            return
        st = self.state
        claimer = None if st.to_play is None else self.rules.controller(st.to_play)
        if claimer is None or SEAT_NAMES[claimer] != seat:
            return
        left = [s for s in self.people if s != claimer and SEAT_NAMES[s] in waiting]
        try:
            proof = st.claim_proof(action)
        except IllegalActionError:
            return
        if left and proof.ok:
            self.offer = Offer(claimer, action, self._claim_words(claimer, proof), self._in_order(claimer, left))

    def saved(self) -> dict[str, Any]:
        """What to keep of this table to :meth:`load` it again: the game's record and the redo stack
        (and at a pass-and-play table its people, who holds the device, a claim waiting)."""
        out: dict[str, Any] = {"record": self.state.to_record(), "redo": [list(g) for g in self.redo_stack]}
        if self.people:
            out["people"] = self.seated_people()
        if self.seat_levels:
            out["levels"] = {SEAT_NAMES[s]: v for s, v in self.seat_levels.items()}
        if self.people:
            out["holder"] = SEAT_NAMES[self.human]
            if self.live:
                out["live"] = True
            if self.offer is not None:
                out["offer"] = self.offer.saved()
        if self.challenge is not None:
            out["challenge"] = self.challenge.saved()
        if self.whys:  # those of this hand and the one before (the last trick, the review), and the redo's
            acts = self.state.actions
            starts = [i for i, a in enumerate(acts) if a == NEXT_HAND]
            first = starts[-2] if len(starts) > 1 else 0
            out["whys"] = [[i, a, list(w)] for i, (a, w) in sorted(self.whys.items()) if i >= first][-WHYS_KEPT:]
        return out

    def replay(self, hand: FinishedHand | None = None) -> Table:
        """A new table that deals ``hand`` (by default the current one) again: same players."""
        hand = hand or FinishedHand.of(self.state)
        table = Table(hand.deal_number, hand.game, YOU if self.people else self.human, self._level,
                      dealer=hand.dealer, people=self.people, live=self.live,
                      seat_levels=self.seat_levels, **hand.options)
        table.levels = dict(self.levels)
        return table

    def finished_hand(self, latest: bool = False) -> FinishedHand | None:
        """The hand just finished (the game at hand-over or game over), else None; with ``latest``,
        the last finished hand also while the next one is played (replayed to its end)."""
        state = self.state
        if state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            if not latest or not state.results:
                return None
            from whist.ai.review import hand_at_end  # the review's module: not at the page's start-up

            state = hand_at_end(state.to_record(), state.results[-1].hand_number)
        upto = len(state.actions)
        whys = {card_name(c): w for t in state.tricks for i, (s, c) in enumerate(t.plays)
                if self.whys and (w := self.explain(s, c, i == 0, upto))}
        return replace(FinishedHand.of(state), whys=whys)

    def is_game(self, game: str, options: dict[str, Any], seed: int | None = None,
                dealer: Seat | None = None) -> bool:
        """Whether this is ``game`` with ``options``, and unless None, from ``seed`` and ``dealer``."""
        state = self.state
        return (state.rules.name == game and state.rules.options == make_rules(game, **options).options
                and seed in (None, state.seed) and dealer in (None, state.first_dealer))

    def set_levels(self, partner: str, opponents: str) -> None:
        """Set the playing strength of your partner and of the opponents (names from ``LEVELS``)."""
        for level in (partner, opponents):
            if level not in LEVELS:
                raise ValueError(f"unknown level {level!r}; the levels are {list(LEVELS)}")
        home = YOU if self.people else self.human
        for seat in self.rules.seats:
            if seat == self.human or seat in self.people:
                level = partner  # a person's hints
            elif seat in self.seat_levels:
                level = self.seat_levels[seat]
            else:
                level = partner if self.rules.side_of(seat) == self.rules.side_of(home) else opponents
            if self.levels.get(seat) != level:
                self.levels[seat] = level
                self.players.pop(seat, None)
        self.levels[self.human] = partner
        self.players.pop(self.human, None)

    def player(self, seat: Seat) -> Adviser:
        """The computer player for ``seat`` (also the human's seat: the hint) at its level."""
        player = self.players.get(seat)
        if player is None:
            player = make_player(self.levels.get(seat, self._level), seed=self.state.seed * 4 + int(seat),
                                 game=self.rules.name, capped=self.capped)
            self.players[seat] = player
        return player

    def choose(self, seat: Seat) -> str:
        """The card or call the computer player for ``seat`` chooses now, from that seat's observation only.

        Every decision of a computer player goes through here or through :meth:`decide` (the
        computers' cards and calls, and the hint); the page may instead hand a :class:`Choice`
        to a worker and :meth:`apply_choice` the answer.
        """
        return self.player(seat).choose(self.state.observation(seat))

    def _choice(self, seat: Seat, player: Seat, hint: bool = False) -> Choice:
        return Choice(seat, player, self.state.observation(seat), self.levels.get(player, self._level),
                      self.state.seed * 4 + int(player), self.rules.name, hint, self.capped)

    def pending_choice(self) -> Choice | None:
        """The decision the computer whose turn it is must make now (None: your turn, or none)."""
        seat = self.state.to_play
        if seat is None or not self.computer_to_play:
            return None
        choice = self._choice(seat, seat)
        known = self._scripted()
        return choice if known is None else replace(choice, answer=known)

    def _scripted(self) -> str | None:
        """At a challenge's table, while every play so far is the sender's, the sender's next one."""
        line = self.challenge.script() if self.challenge is not None else ()
        done = self.state.actions
        if len(done) < len(line) and all(a == b for a, b in zip(done, line, strict=False)):
            return line[len(done)]
        return None

    def hint_choice(self) -> Choice | None:
        """The decision a hint makes now for you or your dummy (None when it is not your turn)."""
        seat = self.state.to_play
        if not self.controls(seat) or self.challenge is not None:
            return None
        assert seat is not None
        # your dummy's card: the computer decides as you would, seeing both hands
        return self._choice(seat, self.human, hint=True)

    def decide(self, choice: Choice) -> str:
        """The answer to ``choice`` here and now (what a worker answers too)."""
        return self.think(choice)[0]

    def think(self, choice: Choice) -> tuple[str, Why | None]:
        """The answer to ``choice`` and why, as its player's ``advise`` gives them (the same action as
        its ``choose``); no reason for the sender's line of a challenge."""
        if choice.answer:
            return choice.answer, None
        return self.player(choice.player).advise(choice.observation)

    def is_current(self, choice: Choice) -> bool:
        """Whether ``choice`` is still the decision to make (not after an undo, a new game, a card)."""
        seat = self.state.to_play
        return (seat == choice.seat and self.rules.name == choice.game
                and self.levels.get(choice.player, self._level) == choice.level
                and (self.controls(seat) if choice.hint else self.computer_to_play)
                and self.state.observation(seat) == choice.observation)

    def apply_choice(self, choice: Choice, action: str, why: Any = None) -> str | None:
        """Play the computer's answer ``action`` to ``choice``, ``why`` its player's reason (kept for
        :meth:`explain`); return what was played, or None (nothing changes) when the answer came too
        late: the position is no longer that of ``choice``. An illegal answer is replaced by a legal
        action, as in :meth:`computer_step`, with no reason."""
        if choice.hint or not self.is_current(choice):
            return None
        st = self.state
        if choice.answer and action == choice.answer:
            self._apply(action)  # the sender's line (a claim too), legal where it was played
            return action
        if action not in st.legal_actions():
            # A computer player must never stall the table: fall back to a legal action.
            action = PASS if st.phase is Phase.AUCTION else card_name(next(cards_high_first(st.legal_mask())))
            why = None
        self._apply(action, explain.checked(why))
        return action

    def explain(self, seat: Seat, card: int, lead: bool = False, upto: int | None = None) -> str:
        """Why the computer at ``seat`` played ``card`` (its last play of it before action ``upto``),
        in one sentence, from the reason its player gave then; "" for a person's card or none kept."""
        acts = self.state.actions
        name = card_name(card)
        i = next((i for i in range(min(len(acts), upto or len(acts)) - 1, -1, -1) if acts[i] == name), -1)
        kept = self.whys.get(i)
        if kept is None or kept[0] != name:
            return ""
        partner = self.rules.partner_of(seat)

        def named(s: Seat) -> str:
            return "you" if s == self.human else self.seat_name(s)

        return explain.played(self.seat_name(seat), card, kept[1], "" if partner is None else named(partner),
                              named, lead)

    @property
    def rules(self) -> Rules:
        return self.state.rules

    def controls(self, seat: Seat | None) -> bool:
        """Whether the human (the person holding the device) chooses the cards of ``seat`` (their
        own, or their dummy) now: never while the hands are covered."""
        return seat is not None and self.rules.controller(seat) == self.human and not self.is_covered

    @property
    def human_to_play(self) -> bool:
        return self.controls(self.state.to_play)

    @property
    def computer_to_play(self) -> bool:
        seat = self.state.to_play
        if seat is None or self.offer is not None or self.covered:  # (the table waits for a person to take the device)
            return False
        who = self.rules.controller(seat)
        return who != self.human and who not in self.people

    # --- pass-and-play (whist.table.together) --------------------------------------
    def screen(self, seat: Seat) -> str:
        """Where ``seat`` is drawn on the screen, as the letter of the seat there: the person
        holding the device sits at the foot ("S"), the others round the table from there, so at
        a pass-and-play table the seats turn with the device (else the seat's own letter)."""
        if not self.people:
            return SEAT_NAMES[seat]
        return SEAT_NAMES[(seat - self.human + YOU) % 4]

    def own_levels(self) -> dict[str, str]:
        """The computers given a level of their own, by seat letter (``{"W": "hard"}``)."""
        return {SEAT_NAMES[s]: v for s, v in self.seat_levels.items()}

    def seated_people(self) -> dict[str, str]:
        """The people at the table by seat letter (``{"S": "Anna", "N": "Ben"}``), or none."""
        return {SEAT_NAMES[s]: n for s, n in self.people.items()}

    @property
    def due(self) -> Seat | None:
        """At a pass-and-play table, the person who must hold the device now (to play, or to answer
        a claim); None when it is a computer's turn or no one's, and at a table of one person."""
        if not self.people:
            return None
        if self.offer is not None:
            return self.offer.waiting[0]
        seat = self.state.to_play
        who = None if seat is None else self.rules.controller(seat)
        return who if who in self.people else None

    @property
    def is_covered(self) -> bool:
        """Whether every hand is hidden: after a reload or a new game at a pass-and-play table, and
        whenever the person due is not the one holding the device."""
        if not self.people or self.live:
            return False
        due = self.due
        return self.covered or (due is not None and due != self.human)

    def _screen_for(self) -> Seat | None:
        """The person the hand-over screen waits for: the one due, else (after a reload, while a
        computer plays) the one who held the device."""
        due = self.due
        return due if due is not None else self.human if self.covered else None

    def take_over(self) -> bool:
        """The person due says they hold the device: their cards show. False when no one is due."""
        due = self._screen_for()
        if due is None or not self.is_covered:
            return False
        self.human = due
        self.covered = False
        self.players.pop(due, None)
        self.messages.append(f"{self.people[due]} holds the device.")
        return True

    def handover(self) -> HandOver | None:
        """The hand-over screen, while the hands are covered."""
        due = self._screen_for()
        if due is None or not self.is_covered:
            return None
        why = ""
        if self.offer is not None:
            why = f"{self.people[self.offer.seat]} claims: {self.people[due]} is asked to agree."
        return hand_over(due, self.people[due], why)

    def claim_ask(self) -> ClaimAsk | None:
        """A claim waiting for the person holding the device to agree to it, as they see it."""
        if self.offer is None or self.is_covered or self.offer.waiting[0] != self.human:
            return None
        return ClaimAsk(self.offer.text, "Agree: end the hand", "Play on")

    def answer_claim(self, agree: bool) -> PlayResult:
        """The person holding the device agrees to the claim waiting, or refuses it (play goes on).
        Once everyone asked has agreed, the claim ends the hand."""
        offer = self.offer
        if offer is None or self.is_covered or offer.waiting[0] != self.human:
            return PlayResult(False, words.NO_CLAIM_WAITS, "no-claim")
        name = self.people[self.human]
        if not agree:
            self.offer = None
            self.claim_text = f"{name} plays on: {self.people[offer.seat]}\u2019s claim is withdrawn."
            self.messages.append(self.claim_text)
            return PlayResult(True, self.claim_text)
        offer.waiting.pop(0)
        self.messages.append(f"{name} agrees to the claim.")
        if offer.waiting:
            return PlayResult(True, f"{name} agrees.")
        self.offer = None
        proof = self.state.claim(offer.action)
        if not proof.ok:  # (the position has not changed since the proof: it is proved again)
            self.claim_text = proof.text
            return PlayResult(False, proof.text, "claim-refused")
        self.redo_stack.clear()
        self._announce_claim()
        return PlayResult(True, self.claim_text)

    def _in_order(self, seat: Seat, seats: list[Seat]) -> list[Seat]:
        """``seats`` clockwise from ``seat``'s left."""
        n = len(self.rules.seats)
        return sorted(seats, key=lambda s: (self.rules.seats.index(s) - self.rules.seats.index(seat)) % n)

    def _claim_words(self, seat: Seat, proof: Any) -> str:
        left = self.rules.tricks_per_hand - len(self.state.tricks)
        return words.claimed(self.people.get(seat, seat.long_name), proof.tricks, left, proof.text)

    @property
    def in_auction(self) -> bool:
        return self.state.phase is Phase.AUCTION

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def started(self) -> bool:
        """Whether anything has been done in this game (a card, a call, a deal)."""
        return bool(self.state.actions)

    @property
    def hand_number(self) -> int:
        """The hand under way or just finished, from 1 (the view's ``hand_number``, without making
        the whole view: the coach asks after every card)."""
        return self.state.hand_number + 1

    @property
    def seed(self) -> int:
        """The game's deal number (the same seed, the same game)."""
        return self.state.seed

    @property
    def game_token(self) -> object:
        """An object that stays the same through one game and changes with a new game or a
        loaded one (the page tells "the same game, one more card" from "another game")."""
        return self.state

    def result(self) -> dict[str, Any]:
        """The finished game's result for the stats (:func:`whist.table.catalog.game_result`)."""
        from whist.table.catalog import game_result

        return {**game_result(self.state, YOU if self.people else self.human), "together": bool(self.people)}

    def hands_so_far(self) -> dict[str, int]:
        """The hands finished so far and those your side won, for the stats as each hand ends
        (:func:`whist.table.catalog.hands_so_far`)."""
        from whist.table.catalog import hands_so_far

        return hands_so_far(self.state, self.human)

    @property
    def in_progress(self) -> bool:
        """True once a card or call of the game has been made and the game is not over
        (starting a new game then throws that play away)."""
        return any(a != NEXT_HAND for a in self.state.actions) and not self.state.is_over

    def human_play(self, card: str) -> PlayResult:
        """Play ``card`` from the hand the human plays now (theirs, or their dummy's);
        a card that may not be played now is refused with a reason, and nothing changes."""
        return self._human(card, call=False)

    def human_call(self, call: str) -> PlayResult:
        """Make a call in the auction (``"8H"``, ``"pass"``, ``"double"``) for the human;
        a call that is not allowed now is refused with a reason, and nothing changes."""
        return self._human(call, call=True)

    def refusal(self, action: str) -> str | None:
        """Why the human may not make ``action`` now (a call while the auction is on, else a
        card), in words for them; None when they may. Nothing changes.

        >>> table = Table(seed=2, game="contract")
        >>> while table.computer_step():
        ...     pass
        >>> table.refusal("pass") is None, table.refusal("7C")
        (True, '7 clubs does not beat 8 clubs: bid higher, or pass.')
        """
        checked = self._checked(action, call=self.state.phase is Phase.AUCTION)
        return checked.reason if isinstance(checked, PlayResult) else None

    def _checked(self, action: str, *, call: bool) -> str | PlayResult:
        """The human's ``action`` (a call when ``call``, else a card) as the state spells it,
        or the refusal when it may not be made now."""
        st = self.state
        seat = st.to_play
        if call != (st.phase is Phase.AUCTION):
            return (PlayResult(False, words.NO_AUCTION, "no-auction") if call
                    else PlayResult(False, words.AUCTION_ON, "auction-on"))
        if self.offer is not None:
            return PlayResult(False, words.CLAIM_FIRST, "claim-waits")
        if not self.controls(seat):
            if seat is None:
                return PlayResult(False, words.HAND_OVER, "hand-over")
            turn = words.not_your_call if call else words.not_your_turn
            return PlayResult(False, turn(self.seat_name(seat)), "not-your-turn")
        try:
            return st.check(action)
        except IllegalActionError as err:
            return PlayResult(False, err.sentence(self.human, yours=True), err.code)

    def move_for(self, seat: Seat, action: str, *, call: bool) -> PlayResult:
        """A card (or, with ``call``, a call) of the person at ``seat``, who plays from another
        device (a live table's guest: :mod:`whist.table.referee`): checked as that person's move
        (their turn, their hand, the reason in their words), then made, with the table's messages
        in the words of the person at this device ("Ben plays the king of hearts": nothing said
        here that only that guest may know, such as the card a guest draws in German Whist)."""
        holder, self.human = self.human, seat
        try:
            checked = self._checked(action, call=call)
        finally:
            self.human = holder
        if isinstance(checked, PlayResult):
            return checked
        self.redo_stack.clear()
        self._apply(checked)
        return PlayResult(True)

    def _human(self, action: str, *, call: bool) -> PlayResult:
        checked = self._checked(action, call=call)
        if isinstance(checked, PlayResult):
            return checked
        self.redo_stack.clear()
        self._apply(checked)
        return PlayResult(True)

    def advise(self, choice: Choice | None = None) -> Hint | None:
        """The hint now (or ``choice``'s, a :meth:`hint_choice`) with its reason; None when it is not your turn."""
        choice = choice or self.hint_choice()
        if choice is None:
            return None
        action, why = self.player(choice.player).advise(choice.observation)
        return Hint(action, words.reason(action, why, dummy=choice.seat != choice.player))

    def claim(self, n: int | None = None) -> PlayResult:
        """Claim ``n`` (by default all) of the tricks left for your side, on your turn in the play.
        The engine proves it from what you know, or refuses it; ``reason`` is the sentence either way.

        >>> table = Table(seed=7)
        >>> while table.computer_step():
        ...     pass
        >>> result = table.claim()
        >>> result.ok, result.reason.startswith("Refused: ")
        (False, True)
        """
        st = self.state
        if not self.human_to_play or st.phase is not Phase.PLAY or st.stock or self.offer is not None:
            return PlayResult(False, words.CLAIM_WAITS, "not-your-turn")
        action = CLAIM if n is None else f"{CLAIM} {n}"
        others = [s for s in self.people if s != self.human]
        try:
            proof = st.claim_proof(action) if others else st.claim(action)
        except IllegalActionError as err:  # not a number of tricks
            return PlayResult(False, err.sentence(self.human, yours=True), err.code)
        if proof.ok and others:  # the other people must agree, each when the device comes to them
            words_now = self._claim_words(self.human, proof)
            self.offer = Offer(self.human, action, words_now, self._in_order(self.human, others))
            self.claim_text = f"{self.offer.text} Waiting for {self.people[self.offer.waiting[0]]} to agree."
            self.messages.append(self.claim_text)
            return PlayResult(True, self.claim_text)
        if not proof.ok:
            self.claim_text = proof.text
            self.messages.append(proof.text)
            return PlayResult(False, proof.text, "claim-refused")
        self.redo_stack.clear()
        self._announce_claim()
        return PlayResult(True, self.claim_text)

    def _computer_claim(self) -> None:
        """The computer to play claims every trick left, when it can prove its side takes them
        (from its own knowledge: the proof sees what that seat sees), cheaply."""
        st = self.state
        if (not self.computers_claim or self._redoing or not self.computer_to_play or st.phase is not Phase.PLAY
                or st.stock or st.rules.tricks_per_hand - len(st.tricks) < 2 or self._scripted() is not None):
            return
        if st.claim(node_limit=COMPUTER_NODES).ok:
            self._announce_claim()

    def _announce_claim(self) -> None:
        st = self.state
        assert st.claimed is not None
        seat, n, why = st.claimed
        left = st.rules.tricks_per_hand - len(st.tricks)
        self.claim_text = words.claimed(self.seat_name(seat), n, left, why)
        self.messages.append(self.claim_text)
        self._announce_result()

    def hint(self) -> str | None:
        """The card or call the computer would make for you now (None when it is not your turn)."""
        seat = self.state.to_play
        if not self.controls(seat) or self.challenge is not None:
            return None
        assert seat is not None
        if seat != self.human:
            # your dummy's card: the computer decides as you would, seeing both hands
            return self.player(self.human).choose(self.state.observation(seat))
        return self.choose(self.human)  # the same as self.decide(self.hint_choice())

    def computer_step(self) -> str | None:
        """Let the computer whose turn it is play one card or make one call; return it,
        or None when it is not a computer's turn (yours, or the hand is over)."""
        choice = self.pending_choice()
        if choice is None:
            return None
        return self.apply_choice(choice, *self.think(choice))

    def proceed(self) -> bool:
        """Go on from a pause in the game: deal after the draw for partners, or the next hand
        (or the next game of a rubber) once a hand is over. False if there is no pause."""
        st = self.state
        if st.phase not in (Phase.HAND_OVER, Phase.DRAW):
            return False
        st.apply(NEXT_HAND)
        self.redo_stack.clear()
        self.claim_text = ""
        self._announce_deal()
        self._computer_claim()
        return True

    def next_hand(self) -> bool:
        """Deal the next hand once a hand is over; False if there is none to deal."""
        if self.state.phase is not Phase.HAND_OVER:
            return False
        return self.proceed()

    # --- undo and redo -------------------------------------------------------
    def last_human_action(self) -> int | None:
        """The index in ``state.actions`` of your last card or call, or None if you have made none."""
        st = self.state
        if self.challenge is not None:
            return None  # (no undo in a challenge)
        mine = self.rules.controller  # (also on the hand-over screen, before the next person takes the device)
        i = next((i for i in range(len(st.actions) - 1, -1, -1)
                  if (a := st.actor_of(i)) is not None and mine(a) == self.human), None)
        if i is not None and self.people:  # at a pass-and-play table, only before the next person plays
            actors = (st.actor_of(j) for j in range(i + 1, len(st.actions)))
            if self.offer is not None or any(a is not None and self.rules.controller(a) in self.people
                                             for a in actors):
                return None
        return i

    @property
    def help_off(self) -> str:
        """Why undo and hints are off at this table ("" when they are not)."""
        return self.challenge.view().no_help if self.challenge is not None else ""

    @property
    def can_undo(self) -> bool:
        return self.last_human_action() is not None

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> int:
        """Take back your last card or call and everything after it (other seats' plays, the
        deal of a new hand): the exact position before you made it, score included.
        Returns how many actions were taken back (0 when you have made none)."""
        i = self.last_human_action()
        if i is None:
            self.messages.append("Nothing to undo: you have not played a card yet.")
            return 0
        st = self.state
        taken = []
        while len(st.actions) > i:
            action = st.undo()
            assert action is not None
            taken.append(action)
        taken.reverse()
        self.redo_stack.append(taken)
        first = taken[0]
        self.claim_text = ""
        if first.startswith(CLAIM):
            what = "your claim"
        elif st.phase is Phase.AUCTION:
            what = "your pass" if first == PASS else "your double" if first == DOUBLE else f"your bid of {first}"
        else:
            what = f"the {card_long_name(parse_card(first))}"
        others = sum(1 for a in taken[1:] if a != NEXT_HAND)
        after = f" and {plural(others, 'play')} after it" if others else ""
        self.messages.append(f"Undone: you take back {what}{after}. {view.turn(self, (), None).text}")
        return len(taken)

    def redo(self) -> bool:
        """Play again what the last undo took back, exactly as it was played; False if nothing to redo."""
        if not self.redo_stack:
            self.messages.append("Nothing to redo.")
            return False
        group = self.redo_stack.pop()
        self._redoing = True  # the group holds any claim that was made
        try:
            for action in group:
                if action == NEXT_HAND:
                    self.state.apply(action)
                    self._announce_deal()
                else:
                    self._apply(action)
        finally:
            self._redoing = False
        return True

    def previous_trick(self) -> TrickView | None:
        """The last finished trick, of this hand or (before the first trick of a hand is
        over) of the hand before; None before any trick of the game is finished."""
        return view.previous_trick(self)

    def take_messages(self) -> list[str]:
        """The announcements since the last call (plays, trick winners, scores), oldest first."""
        out, self.messages = self.messages, []
        return out

    # --- names ----------------------------------------------------------------
    def side_key(self, seat: Seat) -> str:
        return "us" if self.rules.side_of(seat) == self.rules.side_of(self.human) else "them"

    def by_side(self, values: tuple[int, ...]) -> dict[str, int]:
        mine = self.rules.side_of(self.human)
        return {"us": values[mine], "them": sum(v for i, v in enumerate(values) if i != mine)}

    def seat_name(self, seat: Seat) -> str:
        """"You" for the seat of the person holding the device, another person's name, else the seat's."""
        return "You" if seat == self.human else self.people.get(seat) or seat.long_name

    def side_name(self, key: str) -> str:
        """``"You and North"``, ``"East and West"``; in a game for two, ``"You"`` and ``"North"``.
        At a pass-and-play table the people are named: ``"Anna and Ben"``."""
        mine = self.rules.side_of(self.human)
        sides = [side for i, side in enumerate(self.rules.sides) if (i == mine) == (key == "us")]
        seats = [seat for side in sides for seat in side]
        seats.sort(key=lambda s: s != self.human)
        if self.people:
            seats.sort(key=lambda s: s != YOU)
            return " and ".join(self.people.get(s) or s.long_name for s in seats)
        return " and ".join(self.seat_name(s) for s in seats)

    # --- what the page shows ------------------------------------------------
    def hand_order(self, seat: Seat | None = None) -> list[int]:
        """The suit order of a hand the human sees (:func:`whist.table.view.hand_order`)."""
        return view.hand_order(self, self.human if seat is None else seat)

    def view(self) -> TableView:
        """Everything the page shows, as one typed, immutable value (:mod:`whist.table.view`)."""
        return view.view(self)

    def _announce_deal(self) -> None:
        st = self.state
        if st.phase is Phase.DRAW:
            return
        text = f"Hand {st.hand_number + 1}. {st.dealer.long_name} deals"
        if st.phase is Phase.AUCTION:
            first = self.rules.next_seat(st.dealer)
            self.messages.append(f"{text}. {self.seat_name(first)} speak{'s' if first != self.human else ''} first.")
            return
        trump = "no trump" if st.trump is None else SUIT_NAMES[st.trump]
        if st.stock:
            text += f"; the {card_long_name(st.stock[0])} lies face up on the stock"
        elif st.turn_up is not None:
            text += f" and turns up the {card_long_name(st.turn_up)}"
        self.messages.append(f"{text}: {trump} are trumps. {self.seat_name(st.leader)} lead"
                             f"{'s' if st.leader != self.human else ''}.")

    def _apply(self, action: str, why: Why | None = None) -> None:
        st = self.state
        seat = st.to_play
        assert seat is not None
        i = len(st.actions)
        if why is not None:
            self.whys[i] = (action, why)
        elif not (self._redoing and self.whys.get(i, ("",))[0] == action):  # a redo plays the same decision
            self.whys.pop(i, None)
        if action.startswith(CLAIM):
            st.apply(action)
            self._announce_claim()
            return
        self.claim_text = ""
        if st.phase is Phase.AUCTION:
            self._apply_call(seat, action)
        else:
            self._apply_card(seat, parse_card(action))
        self._computer_claim()

    def _apply_call(self, seat: Seat, call: str) -> None:
        st = self.state
        st.apply(call)
        who = self.seat_name(seat)
        verb = {PASS: "pass", DOUBLE: "double"}.get(call)
        s = "" if seat == self.human else "es" if verb == "pass" else "s"
        if verb is not None:
            self.messages.append(f"{who} {verb}{s}.")
        else:
            self.messages.append(f"{who} bid{'' if seat == self.human else 's'} {call}.")
        if st.phase is Phase.PLAY and st.contract is not None:
            c = st.contract
            self.messages.append(f"The contract is {c.long_name} by {self.seat_name(c.declarer)}. "
                                 f"{self.seat_name(st.leader)} lead{'s' if st.leader != self.human else ''}.")
        elif st.phase is not Phase.AUCTION:
            self._announce_result()

    def _apply_card(self, seat: Seat, card: int) -> None:
        st = self.state
        st.apply(card_name(card))
        who = "You play" if seat == self.human else (
            f"You play from {seat.long_name}'s hand" if self.controls(seat) else
            f"{self.people.get(seat) or seat.long_name} plays")
        self.messages.append(f"{who} the {card_long_name(card)}.")
        if not st.tricks and len(st.trick) == 1:  # the opening lead: a dummy is laid face up
            self.messages += [face_up(d.long_name, st.hands[d]) for d in self.rules.dummies]
        if st.trick:
            return
        done = st.tricks[-1]
        won = self.by_side(st.tricks_won)
        named = self.people.get(done.winner) or done.winner.long_name
        winner = "You win" if done.winner == self.human else f"{named} wins"
        self.messages.append(f"{winner} the trick. Tricks: us {won['us']}, them {won['them']}.")
        if st.draws and st.draws[-1].trick == len(st.tricks) - 1:
            mine = next(d for d in st.draws[-2:] if d.seat == self.human)
            how = "take the face-up" if mine.face_up else "draw the"
            self.messages.append(f"You {how} {card_long_name(mine.card)}.")
            other = next(d for d in st.draws[-2:] if d.seat != self.human)
            if other.face_up:  # the face-up card went to the other hand: everyone saw it go
                self.messages.append(f"{self.seat_name(other.seat)} takes the {card_long_name(other.card)}.")
            if st.stock:
                self.messages.append(f"The {card_long_name(st.stock[0])} is turned face up.")
            else:
                self.messages.append("The stock is gone: Phase Two begins, and now the tricks count.")
        if st.phase is Phase.PLAY:
            return
        self._announce_result()

    def _announce_result(self) -> None:
        st = self.state
        summary = view.summary(self)
        assert summary is not None
        scores = summary.scores
        self.messages.append(f"{summary.text} Score: us {scores.us}, them {scores.them}.")
        won = summary.game_winner
        if won is not None and not st.is_over:
            name = self.side_name(won)
            self.messages.append(f"{name} win{'' if name == 'You' or ' and ' in name else 's'} "
                                 f"game {st.game_number + 1}.")
        over = view.game_over(self)
        if over is not None:
            self.messages.append(over.text)


COMPUTER_NODES = 400
"""The search a computer's claim may take (a claim it cannot prove within it is not made)."""
WHYS_KEPT = 400
"""The most computers' reasons a saved game keeps (two hands of Contract Whist and a redo are far fewer)."""
MAX_ACTIONS = 4000
"""More actions than any game of the family takes (a long rubber of Contract Whist is ~1000)."""


class SavedGameError(ValueError):
    """A saved game that cannot be restored; ``part`` is "record" (the game itself) or "redo"
    (only the moves to redo: the game loads without them)."""

    def __init__(self, reason: str, part: str = "record") -> None:
        super().__init__(reason)
        self.part = part


def _redo_ok(state: GameState, redo: Any) -> bool:
    """A redo list replays on the state: each group, from the last, is legal where it lands."""
    if not isinstance(redo, (list, tuple)) or sum(len(g) if isinstance(g, list) else 1 for g in redo) > MAX_ACTIONS:
        return False
    trial = state.clone()
    for group in reversed(redo):
        if not isinstance(group, list) or not group or not all(isinstance(a, str) for a in group):
            return False
        try:
            for action in group:
                trial.apply(action)
        except Exception:
            return False
    return True


@dataclass(frozen=True, slots=True)
class OptionChoice:
    """One option of a game in the New game dialog: its values, each with its label."""

    name: str
    label: str
    help: str
    default: Any
    choices: tuple[Any, ...]
    value_labels: tuple[str, ...]
    switch: bool  # on or off (a checkbox), rather than one of several values


@dataclass(frozen=True, slots=True)
class GameChoice:
    """A game in the New game dialog, with the options a player may change."""

    game: str
    title: str
    blurb: str
    options: tuple[OptionChoice, ...]
    seats: tuple[SeatChoice, ...] = ()
    """The seats besides yours that a person may take (pass-and-play: whist.table.together)."""


def game_choices() -> tuple[GameChoice, ...]:
    """Every game and its options, with labels and one-line explanations, for the New game dialog."""
    from whist.engine.rules import GAMES

    def option(cls: type[Rules], spec: Option[Any]) -> OptionChoice:
        return OptionChoice(spec.name, spec.label, cls.option_help(spec.name), spec.default, spec.choices,
                            tuple(spec.value_label(v) for v in spec.choices),
                            spec.type is bool and len(spec.choices) == 2)

    return tuple(GameChoice(name, cls.title, cls.blurb,
                            tuple(option(cls, spec) for spec in cls.option_specs if len(spec.choices) > 1),
                            person_seats(make_rules(name)))
                 for name, cls in GAMES.items())
