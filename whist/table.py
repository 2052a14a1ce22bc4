"""The table the page shows: one game, you in the South seat, computers in the others.

A :class:`Table` owns the :class:`~whist.state.GameState` and the computer
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

from whist.cards import (
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
from whist.players import LEVELS, Player, make_player
from whist.seats import SEAT_NAMES, Seat
from whist.state import NEXT_HAND, GameState, IllegalActionError, Phase, Trick


@dataclass(frozen=True)
class PlayResult:
    """What became of a card the human tried to play: ``ok``, or the reason it was refused."""

    ok: bool
    reason: str = ""


def suit_order(hand: int, trump: int | None) -> list[int]:
    """The order to show the suits of ``hand``: trump first, then the other
    suits alternating colours as far as the suits held allow.

    Ties go to the usual order spades, hearts, diamonds, clubs.

    >>> from whist.cards import parse_cards, SPADES, HEARTS, CLUBS
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

    >>> from whist.cards import parse_cards, HEARTS
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

    ``level`` is the playing strength of every computer; :meth:`set_levels`
    gives your partner and the opponents their own. Hints play at your
    partner's strength.
    """

    def __init__(self, seed: int = 0, game: str = "classic", human: Seat = Seat.S,
                 level: str = "normal", **options: Any) -> None:
        self.game = game
        self.human = human
        self.options = options
        self.messages: list[str] = []
        self.levels: dict[Seat, str] = {}
        self._level = level
        self.new_game(seed)

    # --- the flow of the game -----------------------------------------------
    def new_game(self, seed: int) -> None:
        """Start a fresh game from ``seed`` (a deal number: the same seed, the same game)."""
        self.state = GameState(self.game, seed, **self.options)
        if not self.levels:
            self.levels = {seat: self._level for seat in self.state.rules.seats}
        self.players: dict[Seat, Player] = {}
        self.redo_stack: list[list[str]] = []
        self.messages = []
        self._announce_deal()

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

    def player(self, seat: Seat) -> Player:
        """The computer player for ``seat`` (also the human's seat: the hint) at its level."""
        player = self.players.get(seat)
        if player is None:
            player = make_player(self.levels[seat], seed=self.state.seed * 4 + int(seat))
            self.players[seat] = player
        return player

    def choose(self, seat: Seat) -> str:
        """The card the computer player for ``seat`` chooses now, from that seat's observation only.

        Every decision of a computer player goes through here: the computers' cards and the hint.
        """
        return self.player(seat).choose(self.state.observation(seat))

    @property
    def rules(self) -> Any:
        return self.state.rules

    @property
    def human_to_play(self) -> bool:
        return self.state.to_play == self.human

    @property
    def computer_to_play(self) -> bool:
        seat = self.state.to_play
        return seat is not None and seat != self.human

    @property
    def in_progress(self) -> bool:
        """True once a card of the game has been played and the game is not over
        (starting a new game then throws that play away)."""
        return bool(self.state.actions) and not self.state.is_over

    def human_play(self, card: str) -> PlayResult:
        """Play ``card`` from the human's hand; a card that may not be played now
        is refused with a reason, and nothing changes."""
        seat = self.state.to_play
        if seat != self.human:
            if seat is None:
                return PlayResult(False, "The hand is over.")
            return PlayResult(False, f"It is {seat.long_name}'s turn, not yours.")
        try:
            c = parse_card(card)
        except (ValueError, AttributeError):
            return PlayResult(False, f"{card!r} is not a card.")
        if not self.state.hands[self.human] >> c & 1:
            return PlayResult(False, f"The {card_long_name(c)} is not in your hand.")
        if not self.state.legal_mask() >> c & 1:
            led = SUIT_NAMES[suit_of(self.state.trick[0][1])]
            return PlayResult(False, f"You must follow suit: {led} were led and you hold {led}.")
        self.redo_stack.clear()
        self._apply_card(c)
        return PlayResult(True)

    def hint(self) -> str | None:
        """The card the computer would play from your seat now (None when it is not your turn)."""
        if not self.human_to_play:
            return None
        return self.choose(self.human)

    def computer_step(self) -> str | None:
        """Let the computer whose turn it is play one card; return it, or None
        when it is not a computer's turn (the human's turn, or the hand is over)."""
        seat = self.state.to_play
        if seat is None or seat == self.human:
            return None
        action = self.choose(seat)
        try:
            c = parse_card(action)
            self.state.check(action)
        except (ValueError, IllegalActionError):
            # A computer player must never stall the table: fall back to a legal card.
            c = next(cards_high_first(self.state.legal_mask()))
        self._apply_card(c)
        return card_name(c)

    def next_hand(self) -> bool:
        """Deal the next hand once a hand is over; False if there is none to deal."""
        if self.state.phase is not Phase.HAND_OVER:
            return False
        self.state.apply(NEXT_HAND)
        self.redo_stack.clear()
        self._announce_deal()
        return True

    # --- undo and redo -------------------------------------------------------
    def last_human_action(self) -> int | None:
        """The index in ``state.actions`` of your last card, or None if you have played none."""
        st = self.state
        return next((i for i in range(len(st.actions) - 1, -1, -1) if st.actor_of(i) == self.human), None)

    @property
    def can_undo(self) -> bool:
        return self.last_human_action() is not None

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> int:
        """Take back your last card and everything played after it (other seats' cards, the
        deal of a new hand): the exact position before you played it, score included.
        Returns how many actions were taken back (0 when you have played no card)."""
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
        card = parse_card(taken[0])
        others = sum(1 for a in taken[1:] if a != NEXT_HAND)
        after = f" and {_n(others, 'card')} played after it" if others else ""
        self.messages.append(f"Undone: you take back the {card_long_name(card)}{after}. "
                             f"{self._turn_text()}")
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
                self._apply_card(parse_card(action))
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

    # --- what the page shows ------------------------------------------------
    def side_key(self, seat: Seat) -> str:
        return "us" if self.rules.side_of(seat) == self.rules.side_of(self.human) else "them"

    def by_side(self, values: tuple[int, ...]) -> dict[str, int]:
        mine = self.rules.side_of(self.human)
        return {"us": values[mine], "them": sum(v for i, v in enumerate(values) if i != mine)}

    def hand_order(self) -> list[int]:
        """The suit order of the human's hand, fixed for the hand from the cards dealt,
        so the suits do not jump about as they run out."""
        dealt = self.state.hands[self.human]
        for t in self.state.tricks:
            dealt |= sum(1 << c for s, c in t.plays if s == self.human)
        dealt |= sum(1 << c for s, c in self.state.trick if s == self.human)
        return suit_order(dealt, self.state.trump)

    def view(self) -> dict[str, Any]:
        """Everything the page shows, as plain data (JSON-serialisable)."""
        st = self.state
        rules = self.rules
        hand = st.hands[self.human]
        legal = st.legal_mask() if self.human_to_play else 0
        seats = {}
        for seat in rules.seats:
            seats[SEAT_NAMES[seat]] = {
                "name": "You" if seat == self.human else seat.long_name,
                "seat_name": seat.long_name,
                "cards": st.hands[seat].bit_count(),
                "side": self.side_key(seat),
                "dealer": seat == st.dealer,
                "to_play": seat == st.to_play,
                "human": seat == self.human,
            }
        last = st.last_trick
        return {
            "game": rules.name,
            "title": rules.title,
            "target": rules.target,
            "phase": st.phase.value,
            "hand_number": st.hand_number + 1,
            "deal_number": st.deal_number,
            "human": SEAT_NAMES[self.human],
            "dealer": SEAT_NAMES[st.dealer],
            "to_play": None if st.to_play is None else SEAT_NAMES[st.to_play],
            "your_turn": self.human_to_play,
            "trump": "NT" if st.trump is None else SUITS[st.trump],
            "trump_name": "No trump" if st.trump is None else SUIT_NAMES[st.trump].capitalize(),
            "turn_up": None if st.turn_up is None else _card(st.turn_up),
            "turn_up_visible": st.turn_up_visible,
            "hand": [{**_card(c), "legal": bool(legal >> c & 1)}
                     for c in sort_hand(hand, st.trump, self.hand_order())],
            "seats": seats,
            "trick": _plays(st.trick),
            "trick_leader": SEAT_NAMES[st.leader] if st.phase is Phase.PLAY else None,
            "tricks_played": len(st.tricks),
            "last_trick": None if last is None else self._trick_view(last, len(st.tricks), st.hand_number),
            "tricks_won": self.by_side(st.tricks_won),
            "scores": self.by_side(st.scores),
            "in_progress": self.in_progress,
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "levels": {"partner": self.levels[self.human],
                       "opponents": next(v for k, v in self.levels.items()
                                         if self.rules.side_of(k) != self.rules.side_of(self.human))},
            "summary": self._summary() if st.phase is not Phase.PLAY else None,
            "game_over": self._game_over() if st.is_over else None,
        }

    # --- internals ------------------------------------------------------------
    def _trick_view(self, trick: Trick, number: int, hand_number: int) -> dict[str, Any]:
        return {"leader": SEAT_NAMES[trick.leader], "winner": SEAT_NAMES[trick.winner],
                "winner_side": self.side_key(trick.winner), "plays": _plays(trick.plays),
                "number": number, "hand_number": hand_number + 1}

    def _turn_text(self) -> str:
        seat = self.state.to_play
        if seat is None:
            return ""
        if seat == self.human:
            return "Your lead." if not self.state.trick else "Your turn."
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
                "text": self._points_text(points, tricks)}

    def _game_over(self) -> dict[str, Any]:
        winner = self.state.winner
        assert winner is not None
        side = "us" if winner == self.rules.side_of(self.human) else "them"
        scores = self.by_side(self.state.scores)
        text = (f"You and North win the game, {scores['us']} to {scores['them']}." if side == "us"
                else f"East and West win the game, {scores['them']} to {scores['us']}.")
        return {"winner": side, "scores": scores, "text": text,
                "hands_played": len(self.state.results)}

    def _points_text(self, points: dict[str, int], tricks: dict[str, int]) -> str:
        if points["us"]:
            return f"You and North take {tricks['us']} tricks and score {_n(points['us'], 'point')}."
        if points["them"]:
            return f"East and West take {tricks['them']} tricks and score {_n(points['them'], 'point')}."
        return "Six tricks each: nobody scores."

    def _announce_deal(self) -> None:
        st = self.state
        trump = "no trump" if st.trump is None else SUIT_NAMES[st.trump]
        text = f"Hand {st.hand_number + 1}. {st.dealer.long_name} deals"
        if st.turn_up is not None:
            text += f" and turns up the {card_long_name(st.turn_up)}"
        self.messages.append(f"{text}: {trump} are trumps. {st.leader.long_name} leads.")

    def _apply_card(self, card: int) -> None:
        st = self.state
        seat = st.to_play
        assert seat is not None
        st.apply(card_name(card))
        who = "You play" if seat == self.human else f"{seat.long_name} plays"
        self.messages.append(f"{who} the {card_long_name(card)}.")
        if st.trick:
            return
        done = st.tricks[-1]
        won = self.by_side(st.tricks_won)
        winner = "You win" if done.winner == self.human else f"{done.winner.long_name} wins"
        self.messages.append(f"{winner} the trick. Tricks: us {won['us']}, them {won['them']}.")
        if st.phase is Phase.PLAY:
            return
        summary = self._summary()
        assert summary is not None
        scores = summary["scores"]
        self.messages.append(f"{summary['text']} Score: us {scores['us']}, them {scores['them']}.")
        if st.is_over:
            self.messages.append(self._game_over()["text"])


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"

