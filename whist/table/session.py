"""The table the page shows: one game, you in the South seat, computers in the others.

A :class:`Table` owns the :class:`~whist.engine.state.GameState` and the computer
players, and turns the state into a plain ``view()`` dict (only strings,
numbers, booleans, lists, dicts and None) that the browser layer renders.
It holds no timing: the page decides how fast the computers play by calling
:meth:`Table.computer_step` when it wants the next card.

>>> table = Table(seed=7)
>>> while table.computer_step():
...     pass
>>> view = table.view()
>>> view["to_play"], len(view["hand"]), view["phase"]
('S', 13, 'play')
>>> card = next(c["card"] for c in view["hand"] if c["legal"])
>>> table.hint() in [c["card"] for c in view["hand"] if c["legal"]]
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

from dataclasses import dataclass
from itertools import pairwise, permutations
from typing import Any

from whist.ai.players import LEVELS, Player, make_player
from whist.engine.auction import DOUBLE, PASS
from whist.engine.cards import (
    RANKS,
    RED_SUITS,
    SUIT_NAMES,
    SUITS,
    card_long_name,
    card_name,
    cards_high_first,
    parse_card,
    rank_of,
    suit_cards,
    suit_of,
)
from whist.engine.observation import Observation
from whist.engine.rules import make_rules
from whist.engine.seats import SEAT_NAMES, Seat
from whist.engine.state import NEXT_HAND, GameState, HandResult, IllegalActionError, Phase, Trick


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


@dataclass(frozen=True)
class PlayResult:
    """What became of a card the human tried to play: ``ok``, or the reason it was refused."""

    ok: bool
    reason: str = ""
    code: str = ""
    """What kind of refusal: an ``IllegalActionError.code``, or ``"auction-on"``, ``"no-auction"``,
    ``"not-your-turn"``, ``"hand-over"`` for the table's own."""


def suit_order(hand: int, trump: int | None) -> list[int]:
    """The order to show the suits of ``hand``: trump first, then the other
    suits alternating colours as far as the suits held allow.

    Ties go to the usual order spades, hearts, diamonds, clubs.

    >>> from whist.engine.cards import parse_cards, SPADES, HEARTS, CLUBS
    >>> full = parse_cards("AS AH AD AC")
    >>> "".join(SUITS[s] for s in suit_order(full, SPADES))
    'SHCD'
    >>> "".join(SUITS[s] for s in suit_order(full, HEARTS))
    'HSDC'
    >>> "".join(SUITS[s] for s in suit_order(full, CLUBS))
    'CHSD'
    >>> "".join(SUITS[s] for s in suit_order(full, None))
    'SHCD'
    """
    held = [s for s in range(4) if suit_cards(hand, s)]
    head = [trump] if trump is not None and trump in held else []
    rest = [s for s in held if s not in head]

    def clashes(order: tuple[int, ...]) -> int:
        seq = head + list(order)
        return sum((a in RED_SUITS) == (b in RED_SUITS) for a, b in pairwise(seq))

    best = min(permutations(rest), key=lambda order: (clashes(order), order))
    return head + list(best)


def sort_hand(hand: int, trump: int | None, order: list[int] | None = None) -> list[int]:
    """The cards of ``hand`` in display order: by :func:`suit_order`, high to low in a suit.

    >>> from whist.engine.cards import parse_cards, HEARTS
    >>> [card_name(c) for c in sort_hand(parse_cards("2S AS 3H KD QC"), HEARTS)]
    ['3H', 'AS', '2S', 'KD', 'QC']
    """
    suits = order if order is not None else suit_order(hand, trump)
    suits = suits + [s for s in range(4) if s not in suits]
    return [c for s in suits for c in cards_high_first(suit_cards(hand, s))]


def _card(card: int) -> dict[str, Any]:
    return {"card": card_name(card), "name": card_long_name(card),
            "rank": RANKS[rank_of(card)], "suit": SUITS[suit_of(card)]}


def _plays(plays: tuple[tuple[Seat, int], ...]) -> list[dict[str, Any]]:
    return [{**_card(c), "seat": SEAT_NAMES[s]} for s, c in plays]


class Table:
    """One game of whist as the page plays it: the human at ``human``, computers elsewhere.

    The human also plays any seat whose cards the rules give them (a dummy).
    ``level`` is the playing strength of every computer; :meth:`set_levels`
    gives your partner and the opponents their own. Hints play at your
    partner's strength.
    """

    def __init__(self, seed: int = 0, game: str = "classic", human: Seat = Seat.S,
                 level: str = "normal", *, dealer: Seat | None = None, state: GameState | None = None,
                 **options: Any) -> None:
        """A new game of ``game`` with ``options`` dealt from ``seed``; with ``state``, that game
        (a saved one, see :meth:`load`) instead, its game and options taken from its rules."""
        if state is None:
            make_rules(game, **options)  # a bad game or option is refused here, with its reason
        else:
            rules = state.rules
            game = rules.name
            options = {k: v for k, v in rules.options.items() if rules.default_options.get(k) != v}
        self.game = game
        self.human = human
        self.options = options
        self.messages: list[str] = []
        self.levels: dict[Seat, str] = {}
        self._level = level
        self.players: dict[Seat, Player] = {}
        self.redo_stack: list[list[str]] = []
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
        if not self.levels or set(self.levels) != set(self.state.rules.seats):
            self.levels = {seat: self._level for seat in self.state.rules.seats}
        self.players = {}
        self.redo_stack = []
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
    def load(cls, record: Any, redo: Any = (), human: Seat = Seat.S) -> Table:
        """The table of a saved game, as :meth:`saved` keeps it: ``record`` (a game record) replays
        to the exact state, undo history included, and ``redo`` (the redo stack, bottom first) must
        replay from there, each group legal where it lands. Raises :class:`SavedGameError`, whose
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
        table = cls(human=human, state=state)
        table.redo_stack = [list(g) for g in redo]
        return table

    def saved(self) -> dict[str, Any]:
        """What to keep of this table to :meth:`load` it again: the game's record and the redo stack."""
        return {"record": self.state.to_record(), "redo": [list(g) for g in self.redo_stack]}

    def replay(self, state: GameState | None = None) -> Table:
        """A new table that deals the same cards as ``state``'s hand (by default this table's
        current one) again, same dealer and rules (the rules' replay options), same players."""
        state = state or self.state
        table = Table(state.deal_number, state.rules.name, self.human, self._level, dealer=state.dealer,
                      **state.rules.replay_options())
        table.levels = dict(self.levels)
        return table

    def finished_hand(self, latest: bool = False) -> GameState | None:
        """The hand just finished (the game at hand-over or game over), else None; with ``latest``,
        the last finished hand also while the next one is played (replayed to its end)."""
        state = self.state
        if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return state
        if not latest or not state.results:
            return None
        from whist.ai.review import hand_at_end  # the review's module: not at the page's start-up

        return hand_at_end(state.to_record(), state.results[-1].hand_number)

    def set_levels(self, partner: str, opponents: str) -> None:
        """Set the playing strength of your partner and of the opponents (names from ``LEVELS``)."""
        for level in (partner, opponents):
            if level not in LEVELS:
                raise ValueError(f"unknown level {level!r}; the levels are {list(LEVELS)}")
        for seat in self.rules.seats:
            if seat == self.human:
                continue
            level = partner if self.rules.side_of(seat) == self.rules.side_of(self.human) else opponents
            if self.levels.get(seat) != level:
                self.levels[seat] = level
                self.players.pop(seat, None)
        self.levels[self.human] = partner
        self.players.pop(self.human, None)

    def player(self, seat: Seat) -> Player:
        """The computer player for ``seat`` (also the human's seat: the hint) at its level."""
        player = self.players.get(seat)
        if player is None:
            player = make_player(self.levels.get(seat, self._level), seed=self.state.seed * 4 + int(seat),
                                 game=self.rules.name)
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
                      self.state.seed * 4 + int(player), self.rules.name, hint)

    def pending_choice(self) -> Choice | None:
        """The decision the computer whose turn it is must make now (None: your turn, or none)."""
        seat = self.state.to_play
        if seat is None or self.controls(seat):
            return None
        return self._choice(seat, seat)

    def hint_choice(self) -> Choice | None:
        """The decision a hint makes now for you or your dummy (None when it is not your turn)."""
        seat = self.state.to_play
        if not self.controls(seat):
            return None
        assert seat is not None
        # your dummy's card: the computer decides as you would, seeing both hands
        return self._choice(seat, self.human, hint=True)

    def decide(self, choice: Choice) -> str:
        """The answer to ``choice`` here and now (what a worker answers too)."""
        return self.player(choice.player).choose(choice.observation)

    def is_current(self, choice: Choice) -> bool:
        """Whether ``choice`` is still the decision to make (not after an undo, a new game, a card)."""
        seat = self.state.to_play
        return (seat == choice.seat and self.rules.name == choice.game
                and self.levels.get(choice.player, self._level) == choice.level
                and (self.controls(seat) if choice.hint else not self.controls(seat))
                and self.state.observation(seat) == choice.observation)

    def apply_choice(self, choice: Choice, action: str) -> str | None:
        """Play the computer's answer ``action`` to ``choice``; return what was played, or None
        (nothing changes) when the answer came too late: the position is no longer that of
        ``choice``. An illegal answer is replaced by a legal action, as in :meth:`computer_step`."""
        if choice.hint or not self.is_current(choice):
            return None
        st = self.state
        if action not in st.legal_actions():
            # A computer player must never stall the table: fall back to a legal action.
            action = PASS if st.phase is Phase.AUCTION else card_name(next(cards_high_first(st.legal_mask())))
        self._apply(action)
        return action

    @property
    def rules(self) -> Any:
        return self.state.rules

    def controls(self, seat: Seat | None) -> bool:
        """Whether the human chooses the cards of ``seat`` (their own, or their dummy)."""
        return seat is not None and self.rules.controller(seat) == self.human

    @property
    def human_to_play(self) -> bool:
        return self.controls(self.state.to_play)

    @property
    def computer_to_play(self) -> bool:
        seat = self.state.to_play
        return seat is not None and not self.controls(seat)

    @property
    def in_progress(self) -> bool:
        """True once a card or call of the game has been made and the game is not over
        (starting a new game then throws that play away)."""
        return any(a != NEXT_HAND for a in self.state.actions) and not self.state.is_over

    def human_play(self, card: str) -> PlayResult:
        """Play ``card`` from the hand the human plays now (theirs, or their dummy's);
        a card that may not be played now is refused with a reason, and nothing changes."""
        st = self.state
        seat = st.to_play
        if st.phase is Phase.AUCTION:
            return PlayResult(False, "The auction is on: make a call first.", "auction-on")
        if not self.controls(seat):
            if seat is None:
                return PlayResult(False, "The hand is over.", "hand-over")
            return PlayResult(False, f"It is {seat.long_name}'s turn, not yours.", "not-your-turn")
        try:
            action = st.check(card)
        except IllegalActionError as err:
            return PlayResult(False, err.sentence(self.human, yours=True), err.code)
        self.redo_stack.clear()
        self._apply(action)
        return PlayResult(True)

    def human_call(self, call: str) -> PlayResult:
        """Make a call in the auction (``"8H"``, ``"pass"``, ``"double"``) for the human;
        a call that is not allowed now is refused with a reason, and nothing changes."""
        st = self.state
        if st.phase is not Phase.AUCTION:
            return PlayResult(False, "There is no auction now.", "no-auction")
        if not self.human_to_play:
            seat = st.to_play
            assert seat is not None
            return PlayResult(False, f"It is {seat.long_name}'s turn to call, not yours.", "not-your-turn")
        try:
            text = st.check(call)
        except IllegalActionError as err:
            return PlayResult(False, err.sentence(self.human, yours=True), err.code)
        self.redo_stack.clear()
        self._apply(text)
        return PlayResult(True)

    def hint(self) -> str | None:
        """The card or call the computer would make for you now (None when it is not your turn)."""
        seat = self.state.to_play
        if not self.controls(seat):
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
        return self.apply_choice(choice, self.choose(choice.seat))

    def proceed(self) -> bool:
        """Go on from a pause in the game: deal after the draw for partners, or the next hand
        (or the next game of a rubber) once a hand is over. False if there is no pause."""
        st = self.state
        if st.phase not in (Phase.HAND_OVER, Phase.DRAW):
            return False
        st.apply(NEXT_HAND)
        self.redo_stack.clear()
        self._announce_deal()
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
        return next((i for i in range(len(st.actions) - 1, -1, -1) if self.controls(st.actor_of(i))), None)

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
        if st.phase is Phase.AUCTION:
            what = "your pass" if first == PASS else "your double" if first == DOUBLE else f"your bid of {first}"
        else:
            what = f"the {card_long_name(parse_card(first))}"
        others = sum(1 for a in taken[1:] if a != NEXT_HAND)
        after = f" and {_n(others, 'play')} after it" if others else ""
        self.messages.append(f"Undone: you take back {what}{after}. {self._turn_text()}")
        return len(taken)

    def redo(self) -> bool:
        """Play again what the last undo took back, exactly as it was played; False if nothing to redo."""
        if not self.redo_stack:
            self.messages.append("Nothing to redo.")
            return False
        group = self.redo_stack.pop()
        for action in group:
            if action == NEXT_HAND:
                self.state.apply(action)
                self._announce_deal()
            else:
                self._apply(action)
        return True

    def previous_trick(self) -> dict[str, Any] | None:
        """The last finished trick, of this hand or (before the first trick of a hand is
        over) of the hand before; None before any trick of the game is finished."""
        st = self.state
        if st.tricks:
            return self._trick_view(st.tricks[-1], len(st.tricks), st.hand_number)
        earlier = st.clone()
        while earlier.can_undo and not earlier.tricks:
            earlier.undo()
        if not earlier.tricks:
            return None
        return self._trick_view(earlier.tricks[-1], len(earlier.tricks), earlier.hand_number)

    def take_messages(self) -> list[str]:
        """The announcements since the last call (plays, trick winners, scores), oldest first."""
        out, self.messages = self.messages, []
        return out

    # --- names ----------------------------------------------------------------
    def _other_side_name(self, seat: Seat) -> str:
        return self.side_name("them" if self.side_key(seat) == "us" else "us")

    def side_key(self, seat: Seat) -> str:
        return "us" if self.rules.side_of(seat) == self.rules.side_of(self.human) else "them"

    def by_side(self, values: tuple[int, ...]) -> dict[str, int]:
        mine = self.rules.side_of(self.human)
        return {"us": values[mine], "them": sum(v for i, v in enumerate(values) if i != mine)}

    def seat_name(self, seat: Seat) -> str:
        return "You" if seat == self.human else seat.long_name

    def side_name(self, key: str) -> str:
        """``"You and North"``, ``"East and West"``; in a game for two, ``"You"`` and ``"North"``."""
        mine = self.rules.side_of(self.human)
        sides = [side for i, side in enumerate(self.rules.sides) if (i == mine) == (key == "us")]
        seats = [seat for side in sides for seat in side]
        seats.sort(key=lambda s: s != self.human)
        return " and ".join(self.seat_name(s) for s in seats)

    def _verb(self, key: str) -> str:
        """The verb ending for a side: "You win", "North wins", "East and West win"."""
        name = self.side_name(key)
        return "" if name == "You" or " and " in name else "s"

    # --- what the page shows ------------------------------------------------
    def hand_order(self, seat: Seat | None = None) -> list[int]:
        """The suit order of a hand the human sees, fixed for the hand from the cards held
        at its start (German Whist: as they stand), so the suits do not jump about."""
        seat = self.human if seat is None else seat
        st = self.state
        held = st.hands[seat]
        if not st.stock and st.rules.first_counted_trick == 0:
            for t in st.tricks:
                held |= sum(1 << c for s, c in t.plays if s == seat)
            held |= sum(1 << c for s, c in st.trick if s == seat)
        return suit_order(held, st.trump)

    def _hand_view(self, seat: Seat) -> list[dict[str, Any]]:
        st = self.state
        playing = st.to_play == seat and self.controls(seat) and st.phase is Phase.PLAY
        legal = st.legal_mask() if playing else 0
        playable = st.hands[seat] if playing and self.rules.revokes_allowed else legal
        trump = st.trump
        out = []
        for c in sort_hand(st.hands[seat], trump, self.hand_order(seat)):
            card = _card(c)
            if trump is not None and suit_of(c) == trump:
                card["trump"] = True
            card["legal"] = bool(legal >> c & 1)
            if playable != legal:
                card["playable"] = bool(playable >> c & 1)  # club rules: a revoke may be played
            out.append(card)
        return out

    def view(self) -> dict[str, Any]:
        """Everything the page shows, as plain data (JSON-serialisable)."""
        st = self.state
        rules = self.rules
        seats = {}
        for seat in rules.seats:
            seats[SEAT_NAMES[seat]] = {
                "name": self.seat_name(seat),
                "seat_name": seat.long_name,
                "cards": st.hands[seat].bit_count(),
                "side": self.side_key(seat),
                "dealer": seat == st.dealer,
                "to_play": seat == st.to_play,
                "human": seat == self.human,
                "dummy": seat in rules.dummies,
                "yours": self.controls(seat),
            }
        last = st.last_trick
        opponents = [v for k, v in self.levels.items() if rules.side_of(k) != rules.side_of(self.human)]
        view: dict[str, Any] = {
            "game": rules.name,
            "title": rules.title,
            "target": rules.target,
            "goal": rules.goal[0], "goal_short": rules.goal[1],
            "options": dict(rules.options),
            "phase": st.phase.value,
            "hand_number": st.hand_number + 1,
            "game_number": st.game_number + 1,
            "deal_number": st.deal_number,
            "human": SEAT_NAMES[self.human],
            "dealer": SEAT_NAMES[st.dealer],
            "to_play": None if st.to_play is None else SEAT_NAMES[st.to_play],
            "your_turn": self.human_to_play,
            "trump": "NT" if st.trump is None else SUITS[st.trump],
            "trump_name": "No trump" if st.trump is None else SUIT_NAMES[st.trump].capitalize(),
            "turn_up": None if st.turn_up is None else _card(st.turn_up),
            "turn_up_visible": st.turn_up_visible,
            "hand": self._hand_view(self.human),
            "dummy": self._dummy_view(),
            "seats": seats,
            "trick": _plays(st.trick),
            "trick_leader": SEAT_NAMES[st.leader] if st.phase is Phase.PLAY else None,
            "tricks_played": len(st.tricks),
            "last_trick": None if last is None else self._trick_view(last, len(st.tricks), st.hand_number),
            "tricks_won": self.by_side(st.tricks_won),
            "scores": self.by_side(st.scores),
            "games": self.by_side(st.games) if rules.games_to_win() > 1 else None,
            "side_names": {"us": self.side_name("us"), "them": self.side_name("them")},
            "in_progress": self.in_progress,
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "levels": {"partner": self.levels.get(self.human, self._level),
                       "opponents": opponents[0] if opponents else self._level},
            "auction": self._auction_view(),
            "stock": self._stock_view(),
            "draw": self._draw_view(),
            "summary": self._summary() if st.phase not in (Phase.PLAY, Phase.AUCTION, Phase.DRAW) else None,
            "game_over": self._game_over() if st.is_over else None,
            "score_sheet": self.score_sheet(),
        }
        return view

    def _dummy_view(self) -> dict[str, Any] | None:
        """The dummy's hand: yours to play (shown to you always), else shown after the opening lead."""
        st = self.state
        for dummy in self.rules.dummies:
            shown = self.controls(dummy) or bool(st.tricks or st.trick)
            return {"seat": SEAT_NAMES[dummy], "name": dummy.long_name, "yours": self.controls(dummy),
                    "cards": self._hand_view(dummy) if shown else None,
                    "count": st.hands[dummy].bit_count()}
        return None

    def _auction_view(self) -> dict[str, Any] | None:
        st = self.state
        if not self.rules.has_auction:
            return None
        calls = [{"seat": SEAT_NAMES[s], "name": self.seat_name(s), "call": c} for s, c in st.auction]
        contract = st.contract
        legal = st.legal_calls() if self.human_to_play else []
        return {
            "calls": calls,
            "first": SEAT_NAMES[self.rules.next_seat(st.dealer)],
            "legal": legal,
            "can_double": DOUBLE in legal,
            "contract": None if contract is None else {
                "name": contract.name, "long_name": contract.long_name, "level": contract.level,
                "trump": "NT" if contract.strain is None else SUITS[contract.strain],
                "declarer": SEAT_NAMES[contract.declarer], "declarer_name": self.seat_name(contract.declarer),
                "side": self.side_key(contract.declarer), "doubled": contract.doubled},
        }

    def _stock_view(self) -> dict[str, Any] | None:
        """German Whist: the stock, its face-up card, the phase, and what you last drew."""
        st = self.state
        if self.rules.first_counted_trick == 0:
            return None
        mine = [d for d in st.draws if d.seat == self.human]
        drawn = None
        if mine and st.tricks and mine[-1].trick == len(st.tricks) - 1 and not st.trick:
            d = mine[-1]
            drawn = {**_card(d.card), "face_up": d.face_up}
        theirs = [d for d in st.draws if d.seat != self.human and d.face_up
                  and st.hands[d.seat] >> d.card & 1]
        phase = 1 if len(st.tricks) < self.rules.first_counted_trick else 2
        return {"size": len(st.stock), "face_up": None if st.face_up is None else _card(st.face_up),
                "phase": phase,
                "phase_one_tricks": min(len(st.tricks), self.rules.first_counted_trick),
                "you_drew": drawn, "they_hold": [_card(d.card) for d in theirs],
                "notes": self._variant_notes(phase)}

    def _variant_notes(self, phase: int) -> list[str]:
        """German Whist: what the chosen variants change, in a few words for the felt."""
        options = self.rules.options
        notes = []
        if options.get("match") == "three-deals":
            st = self.state
            deal = sum(r.game_number == st.game_number for r in st.results)
            if st.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
                deal += 1
            notes.append(f"Deal {max(1, deal)} of 3")
        if options.get("trump") == "none":
            notes.append("No trumps")
        elif options.get("trump") == "variable":
            if phase == 1:
                notes.append("Phase Two trump hidden until the stock is gone")
            elif self.state.trump is not None:
                notes.append(f"Phase Two trump: {SUIT_NAMES[self.state.trump]}")
        if options.get("scoring") == "above-six" and options.get("match") != "three-deals":
            notes.append("Tricks above six score")
        return notes

    def _draw_view(self) -> dict[str, Any] | None:
        draw = self.state.draw
        if draw is None:
            return None
        seat_of = draw.seating
        partner = self.rules.partner_of(self.human)
        return {"rounds": [[{"seat": SEAT_NAMES[seat_of[p]], "name": self.seat_name(seat_of[p]), **_card(c)}
                            for p, c in rnd] for rnd in draw.rounds],
                "dealer": SEAT_NAMES[draw.dealer], "dealer_name": self.seat_name(draw.dealer),
                "partner": None if partner is None else SEAT_NAMES[partner],
                "aces_low": draw.aces_low}

    def score_sheet(self) -> dict[str, Any]:
        """Every hand of the game (or rubber) so far: tricks, points, honours, running scores;
        ``honours`` says whether this game scores honours at all."""
        rows = []
        for r in self.state.results:
            rows.append({"hand": r.hand_number + 1, "game": r.game_number + 1, "dealer": SEAT_NAMES[r.dealer],
                         "trump": "NT" if r.trump is None else SUITS[r.trump],
                         "contract": None if r.contract is None else r.contract.name,
                         "declarer": None if r.contract is None else SEAT_NAMES[r.contract.declarer],
                         "tricks": self.by_side(r.tricks), "points": self.by_side(r.points),
                         "honours": self.by_side(r.honours) if r.honours else {"us": 0, "them": 0},
                         "scores": self.by_side(r.scores), "game_winner": None if r.game_winner is None
                         else ("us" if r.game_winner == self.rules.side_of(self.human) else "them"),
                         "thrown_in": r.thrown_in, "deal_number": r.deal_number})
        return {"rows": rows, "totals": self.by_side(self.state.match_totals),
                "rubber": self.rules.games_to_win() > 1, "games": self.by_side(self.state.games),
                "honours": bool(self.rules.options.get("honours"))}  # does this game score honours

    # --- internals ------------------------------------------------------------
    def _trick_view(self, trick: Trick, number: int, hand_number: int) -> dict[str, Any]:
        return {"leader": SEAT_NAMES[trick.leader], "winner": SEAT_NAMES[trick.winner],
                "winner_side": self.side_key(trick.winner), "plays": _plays(trick.plays),
                "number": number, "hand_number": hand_number + 1}

    def _turn_text(self) -> str:
        st = self.state
        seat = st.to_play
        if seat is None:
            return ""
        if st.phase is Phase.AUCTION:
            return "Your call." if seat == self.human else f"{seat.long_name} to call."
        if self.controls(seat):
            whose = "" if seat == self.human else f" from {seat.long_name}'s hand"
            return (f"Your lead{whose}." if not st.trick else f"Your turn{whose}.")
        return f"{seat.long_name} to play."

    def _summary(self) -> dict[str, Any] | None:
        if not self.state.results:
            return None
        r = self.state.results[-1]
        tricks, points, scores = self.by_side(r.tricks), self.by_side(r.points), self.by_side(r.scores)
        return {"hand_number": r.hand_number + 1, "deal_number": r.deal_number,
                "dealer": SEAT_NAMES[r.dealer],
                "trump": "NT" if r.trump is None else SUITS[r.trump],
                "tricks": tricks, "points": points, "scores": scores,
                "honours": self.by_side(r.honours) if r.honours else None,
                "honour_cards": (self.by_side(r.honour_cards)
                                 if self.rules.options.get("honours") and r.trump is not None else None),
                "revokes": [{"seat": SEAT_NAMES[s], "name": self.seat_name(s), "tricks": moved,
                             "text": revoke_words(self.seat_name(s), moved, self._other_side_name(s))}
                            for s, moved in zip(r.revokes, r.revoke_moves, strict=True)],
                "contract": None if r.contract is None else {
                    "name": r.contract.long_name, "declarer": SEAT_NAMES[r.contract.declarer],
                    "side": self.side_key(r.contract.declarer),
                    "made": r.tricks[self.rules.side_of(r.contract.declarer)] >= r.contract.level},
                "thrown_in": r.thrown_in,
                "game_winner": None if r.game_winner is None else
                ("us" if r.game_winner == self.rules.side_of(self.human) else "them"),
                "games": self.by_side(r.games) if self.rules.games_to_win() > 1 else None,
                "text": self._result_text(r)}

    def _result_text(self, r: HandResult) -> str:
        """The hand's outcome in words: tricks, contract, honours, revokes, points."""
        tricks, points = self.by_side(r.tricks), self.by_side(r.points)
        if r.thrown_in:
            return "Everyone passed: the cards are thrown in and the next dealer deals."
        parts = []
        for s, moved in zip(r.revokes, r.revoke_moves, strict=True):
            parts.append(revoke_words(self.seat_name(s), moved, self._other_side_name(s)))
        if r.contract is not None:
            key = self.side_key(r.contract.declarer)
            made = r.tricks[self.rules.side_of(r.contract.declarer)] >= r.contract.level
            who = self.side_name(key)
            parts.append(f"{who} {'make' if made else 'fail in'} {r.contract.long_name} with {tricks[key]} tricks.")
            for k in ("us", "them"):
                parts.append(f"{self.side_name(k)} score{self._verb(k)} {_n(points[k], 'point')}.")
            return " ".join(parts)
        honours = self.by_side(r.honours) if r.honours else {"us": 0, "them": 0}
        odd = {k: points[k] - honours[k] for k in points}
        if self.rules.first_counted_trick:
            lead = "us" if tricks["us"] > tricks["them"] else "them"
            parts.append(f"Phase Two: {self.side_name(lead)} take{self._verb(lead)} {tricks[lead]} "
                         f"tricks to {tricks['them' if lead == 'us' else 'us']}")
            parts[-1] += f" and score{self._verb(lead)} {_n(points[lead], 'point')}." if points[lead] else "."
            return " ".join(parts)
        scorer = next((k for k in ("us", "them") if odd[k]), None)
        if scorer is None:
            parts.append("Six tricks each: nobody scores for tricks." if tricks["us"] == tricks["them"]
                         else f"{self.side_name('us')} take{self._verb('us')} {tricks['us']} tricks: "
                              "no odd tricks are scored.")
        else:
            parts.append(f"{self.side_name(scorer)} take{self._verb(scorer)} {tricks[scorer]} tricks "
                         f"and score{self._verb(scorer)} {_n(odd[scorer], 'point')}.")
        for k in ("us", "them"):
            if honours[k]:
                parts.append(f"{self.side_name(k)} score{self._verb(k)} {honours[k]} for honours.")
        return " ".join(parts)

    def _game_over(self) -> dict[str, Any]:
        st = self.state
        winner = st.winner
        assert winner is not None
        side = "us" if winner == self.rules.side_of(self.human) else "them"
        scores = self.by_side(st.scores)
        name = self.side_name(side)
        if self.rules.games_to_win() > 1:
            games = self.by_side(st.games)
            totals = self.by_side(st.match_totals)
            text = (f"{name} win{self._verb(side)} the rubber {games[side]} games to "
                    f"{games['them' if side == 'us' else 'us']}, {totals[side]} points to "
                    f"{totals['them' if side == 'us' else 'us']} with honours and bonus.")
        else:
            text = (f"{name} win{self._verb(side)} the game, {scores[side]} to "
                    f"{scores['them' if side == 'us' else 'us']}.")
        totals = self.by_side(st.match_totals)
        return {"winner": side, "scores": scores, "text": text, "totals": totals,
                "margin": totals[side] - totals["them" if side == "us" else "us"],
                "hands_played": len(st.results),
                "hands_played_text": f"{len(st.results)} hand{'' if len(st.results) == 1 else 's'}"}

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

    def _apply(self, action: str) -> None:
        st = self.state
        seat = st.to_play
        assert seat is not None
        if st.phase is Phase.AUCTION:
            self._apply_call(seat, action)
        else:
            self._apply_card(seat, parse_card(action))

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
            f"You play from {seat.long_name}'s hand" if self.controls(seat) else f"{seat.long_name} plays")
        self.messages.append(f"{who} the {card_long_name(card)}.")
        if st.trick:
            return
        done = st.tricks[-1]
        won = self.by_side(st.tricks_won)
        winner = "You win" if done.winner == self.human else f"{done.winner.long_name} wins"
        self.messages.append(f"{winner} the trick. Tricks: us {won['us']}, them {won['them']}.")
        if st.draws and st.draws[-1].trick == len(st.tricks) - 1:
            mine = next(d for d in st.draws[-2:] if d.seat == self.human)
            how = "take the face-up" if mine.face_up else "draw the"
            self.messages.append(f"You {how} {card_long_name(mine.card)}.")
            if st.stock:
                self.messages.append(f"The {card_long_name(st.stock[0])} is turned face up.")
            else:
                self.messages.append("The stock is gone: Phase Two begins, and now the tricks count.")
        if st.phase is Phase.PLAY:
            return
        self._announce_result()

    def _announce_result(self) -> None:
        st = self.state
        summary = self._summary()
        assert summary is not None
        scores = summary["scores"]
        self.messages.append(f"{summary['text']} Score: us {scores['us']}, them {scores['them']}.")
        if summary["game_winner"] is not None and not st.is_over:
            self.messages.append(f"{self.side_name(summary['game_winner'])} win{self._verb(summary['game_winner'])} "
                                 f"game {st.game_number + 1}.")
        if st.is_over:
            self.messages.append(self._game_over()["text"])


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


def game_choices() -> list[dict[str, Any]]:
    """Every game and its options, with the one-line explanations, for the New game dialog."""
    from whist.engine.rules import GAMES

    out = []
    for name, cls in GAMES.items():
        out.append({"game": name, "title": cls.title, "blurb": cls.blurb,
                    "options": [{"name": key, "default": cls.default_options[key],
                                 "choices": list(cls.option_choices.get(key, (cls.default_options[key],))),
                                 "help": cls.option_help(key)}
                                for key in cls.default_options
                                if len(cls.option_choices.get(key, ())) > 1]})
    return out


def revoke_words(name: str, moved: int, to: str) -> str:
    """One revoke found at the end of the hand, in words.

    >>> revoke_words("East", 3, "You and North")
    'East revoked: three tricks go to you and North.'
    >>> revoke_words("You", 1, "North")
    'You revoked (did not follow suit though you could): one trick goes to North.'
    >>> revoke_words("North", 0, "You")
    'North revoked, with no tricks won to give up.'
    """
    to = "you" + to[3:] if to.startswith("You") else to
    what = f"{name} revoked" + (" (did not follow suit though you could)" if name == "You" else "")
    if moved == 0:
        return f"{what}, with no tricks won to give up."
    words = ("one", "two", "three")[moved - 1] if moved <= 3 else str(moved)
    return f"{what}: {words} trick{'s go' if moved > 1 else ' goes'} to {to}."


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"
