"""A finished hand, trick by trick, with what each card cost double dummy.

For every play the review knows the tricks the player's side could still take
with perfect information (double dummy, from the remaining tricks of the hand)
before the card and after it; the difference is what the card cost. Positions
are solved from the end of the hand backwards: the value after a card is the
value of the next position, already known, and one probe above it settles the
value before. Under a node limit (the page) the last tricks are always marked
and the early ones where the solver is quick enough; with none (the worker,
:func:`review_step`, its solver's table kept between steps) every one. German
Whist is analysed from Phase Two, when every card is known.

>>> from whist.engine.state import GameState, Phase
>>> state = GameState("classic", seed=5)
>>> while state.phase is Phase.PLAY:
...     state.apply(state.legal_actions()[-1])
>>> review = HandReview.of(state)
>>> review.run(max_tricks=4)
>>> [m.cost for m in review.marks[-4:]] == [0, 0, 0, 0]  # the last trick: every card forced or equal
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from whist.ai.solver import Solver, SolverLimitError
from whist.ai.twohand import solve_two, solve_two_cards
from whist.engine import codec
from whist.engine.cards import SUIT_NAMES, SUITS, card_long_name, card_name, mask_names
from whist.engine.deal import format_pbn
from whist.engine.seats import SEAT_NAMES, Seat
from whist.engine.state import GameState, Phase

NODE_LIMIT = 150_000
"""Nodes a single position may take before the review gives up on it (about a
second in the browser): the late positions always fit, early ones may not.
In the worker (:func:`review_step`) there is no limit, and every trick is marked."""


@dataclass
class Mark:
    """One play of the hand and, once analysed, its double-dummy cost."""

    trick: int
    seat: Seat
    card: int
    before: int | None = None
    """Tricks the player's side could take from here on, with best play by all."""
    after: int | None = None
    """The same once this card is played."""

    @property
    def cost(self) -> int | None:
        return None if self.before is None or self.after is None else self.before - self.after

    def to_json(self) -> dict[str, Any]:
        return {"trick": self.trick + 1, "seat": SEAT_NAMES[self.seat], "card": card_name(self.card),
                "before": self.before, "after": self.after, "cost": self.cost}


@dataclass
class HandReview:
    """The plays of one finished hand and their marks, filled in by :meth:`steps`."""

    game: str
    hands: tuple[int, int, int, int]
    """Every hand as it stood before the first analysed trick."""
    trump: int | None
    first_trick: int
    """The first trick analysed (German Whist: the first of Phase Two)."""
    sides: tuple[tuple[Seat, ...], ...]
    seats: tuple[Seat, ...]
    tricks: list[tuple[Seat, tuple[tuple[Seat, int], ...], Seat]]
    """(leader, plays, winner) of every trick of the hand."""
    marks: list[Mark] = field(default_factory=list)
    done: int = 0
    players: tuple[Seat, ...] = ()
    """Who chose the cards of each seat (indexed by seat): a dummy's partner, else the seat."""
    values: dict[int, int] = field(default_factory=dict)
    """Tricks the first side takes from each analysed position on (by index into ``marks``)."""

    @classmethod
    def of(cls, state: GameState) -> HandReview:
        """The review of the hand just finished in ``state`` (its phase is hand-over or game-over)."""
        if state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) or not state.tricks:
            raise ValueError("a hand can be reviewed once all its tricks are played")
        first = state.rules.first_counted_trick
        review = cls(state.rules.name, _played(state), state.trump, first,
                     state.rules.sides, state.rules.seats,
                     [(t.leader, t.plays, t.winner) for t in state.tricks])
        review.marks = [Mark(i, seat, card) for i, t in enumerate(state.tricks) for seat, card in t.plays
                        if i >= first]
        review.players = tuple(state.rules.controller(s) if s in state.rules.seats else s for s in Seat)
        return review

    def side_of(self, seat: Seat) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    @property
    def total(self) -> int:
        return len(self.marks)

    def steps(self, max_tricks: int = 13, node_limit: int | None = NODE_LIMIT) -> Iterator[int]:
        """Analyse one play at a time, from the last backwards; yields the plays done so far.

        A caller that must stay responsive (the page) does a step, then lets
        the browser breathe. ``max_tricks`` stops before positions with more
        tricks left than that; a position over ``node_limit`` is left unmarked.
        """
        for index in range(len(self.marks) - 1 - self.done, -1, -1):
            mark = self.marks[index]
            left = len(self.tricks) - mark.trick
            if left <= max_tricks:
                self._mark(index, node_limit)
            self.done += 1
            yield self.done

    def run(self, max_tricks: int = 13, node_limit: int | None = NODE_LIMIT) -> None:
        for _ in self.steps(max_tricks, node_limit):
            pass

    def _position(self, index: int) -> tuple[tuple[int, int, int, int], Seat, tuple[tuple[Seat, int], ...]]:
        """The hands, the leader and the cards of the current trick just before play ``index``."""
        hands = list(self.hands)
        for m in self.marks[:index]:
            hands[m.seat] &= ~(1 << m.card)
        mark = self.marks[index]
        leader, plays, _ = self.tricks[mark.trick]
        trick = plays[:[c for _, c in plays].index(mark.card)]
        return (hands[0], hands[1], hands[2], hands[3]), leader, trick

    def _mark(self, index: int, node_limit: int | None) -> None:
        """Mark play ``index`` from the value of the position after it (found first, as
        the review goes backwards): the card kept that value, so the position before it
        is worth at least as much, and one probe above that (usually refuted) settles it."""
        mark = self.marks[index]
        hands, leader, trick = self._position(index)
        if len(self.sides) == 2 and all(len(side) == 1 for side in self.sides):
            cards = solve_two_cards(hands, self.trump, leader, trick=trick)  # German Whist: milliseconds
            after = cards.get(mark.card)
            mark.before, mark.after = max(cards.values()), self._after_revoke(mark, hands) if after is None else after
            self.values[index] = self._first(mark.seat, mark.trick, mark.before)
            return
        solver = _solver(self, node_limit)
        _, plays, winner = self.tricks[mark.trick]
        try:
            later = self.values.get(index + 1)
            if index + 1 == len(self.marks):  # the end, or a claim's: the cards still held
                held = [h & ~(1 << mark.card) for h in hands]
                end = (held[0], held[1], held[2], held[3])
                later = 0 if not any(end) else self._first(
                    winner, mark.trick + 1, _value(solver, end, winner, (), None, self._left(mark.trick + 1)))
            after = None
            if later is not None:
                won = plays[-1][1] == mark.card and self.side_of(winner) == 0
                after = self._first(mark.seat, mark.trick, later + won)
            value = _value(solver, hands, leader, trick, after, self._left(mark.trick))
        except SolverLimitError:
            return
        self.values[index] = self._first(mark.seat, mark.trick, value)
        if after is not None:
            mark.before, mark.after = value, after

    def _after_revoke(self, mark: Mark, hands: tuple[int, int, int, int]) -> int:
        """Two hands: the tricks ``mark``'s seat takes from its card on, when the card was a
        revoke (club rules; no legal card's value): it stands, and ends the trick."""
        _, _, winner = self.tricks[mark.trick]
        held = [h & ~(1 << mark.card) for h in hands]
        rest = 0
        if any(held):
            v = solve_two(held, self.trump, winner)  # the winner's, who leads next
            rest = v if winner == mark.seat else held[mark.seat].bit_count() - v
        return (winner == mark.seat) + rest

    def _left(self, trick: int) -> int:
        """The tricks still to play from trick ``trick`` (an index) on, a claim's included."""
        return self.first_trick + self.hands[self.seats[0]].bit_count() - trick

    def _first(self, seat: Seat, trick: int, tricks: int) -> int:
        """``tricks`` of seat's side from ``trick`` on, as the first side's (or back again)."""
        return tricks if self.side_of(seat) == 0 else self._left(trick) - tricks

    # --- the worker's steps (whist.web.thinker.review) ----------------------------------------
    def request(self, positions: int = 1) -> str:
        """The request for the next ``positions`` plays: this review, as text, with its marks so far."""
        return json.dumps({"review": codec.pack(self), "positions": positions})

    @staticmethod
    def decode(text: str) -> HandReview:
        """The review in an answer's text (:func:`review_step`); ValueError for anything else."""
        return _review(codec.loads(text))

    @staticmethod
    def unpack(data: Any) -> HandReview:
        """The review in a request's data (:meth:`request`: not text again inside the JSON)."""
        return _review(codec.unpack(data))

    # --- what the page and the summary show ---------------------------------------------
    def lost_by(self, side: int) -> int:
        """Tricks the side's own cards gave away, among the plays analysed."""
        return sum(m.cost or 0 for m in self.marks if self.side_of(m.seat) == side)

    def analysed(self) -> int:
        return sum(m.cost is not None for m in self.marks)

    def summary(self, side: int) -> str:
        lost = self.lost_by(side)
        scope = self._scope()
        if not lost:
            return f"Your side lost no trick to its own play{scope}: perfect double-dummy play."
        return (f"You could have taken {lost} more trick{'s' if lost != 1 else ''} "
                f"with perfect information{scope}.")

    def _scope(self) -> str:
        return "" if self.analysed() == self.total else f" (in the last {self._tricks_analysed()} tricks)"

    # --- whose card cost what, for the player at ``you`` ---------------------------------------
    def chooser(self, seat: Seat) -> Seat:
        """Who chose the cards of ``seat``: your dummy's are yours."""
        return self.players[seat] if self.players else seat

    def who(self, seat: Seat, you: Seat) -> str:
        """The seat as the player at ``you`` calls it: "you", "your dummy North", "your partner North", "East"."""
        if seat == you:
            return "you"
        if self.chooser(seat) == you:
            return f"your dummy {seat.long_name}"
        if self.side_of(seat) == self.side_of(you):
            return f"your partner {seat.long_name}"
        return seat.long_name

    def side_name(self, side: int) -> str:
        return "\u2013".join(s.long_name for s in self.sides[side])

    def headline(self, you: Seat) -> str:
        """Whose cards cost what: yours (your dummy's with them), your partner's, the other side's.

        >>> review = HandReview("classic", (0, 0, 0, 0), None, 0, ((Seat.N, Seat.S), (Seat.E, Seat.W)),
        ...                     tuple(Seat), [], [Mark(8, Seat.N, 0, 3, 2), Mark(3, Seat.E, 1, 5, 4)])
        >>> review.headline(Seat.S)
        "Your side could have taken 1 more trick with perfect information: your cards cost none; \
your partner North's cost 1 (trick 9). East\u2013West's cards cost 1 trick (trick 4)."
        """
        side = self.side_of(you)
        costly = [m for m in self.marks if m.cost]
        mine = [m for m in costly if self.chooser(m.seat) == you]
        partners = sorted({m.seat for m in costly if self.side_of(m.seat) == side} - {m.seat for m in mine})
        lost = sum(m.cost or 0 for m in costly if self.side_of(m.seat) == side)
        scope = self._scope()
        if not lost:
            text = f"Your side lost no trick to its own play{scope}: perfect double-dummy play."
        else:
            dummies = [s.long_name for s in self.seats if s != you and self.chooser(s) == you]
            yours = "your cards" + "".join(f" and your dummy {d}'s" for d in dummies)
            parts = [f"{yours} cost {_cost(mine, 'trick') if mine else 'none'}"]
            for seat in partners:
                parts.append(f"your partner {seat.long_name}'s cost {_cost([m for m in costly if m.seat == seat])}")
            text = (f"Your side could have taken {lost} more trick{'s' if lost != 1 else ''} "
                    f"with perfect information{scope}: " + "; ".join(parts) + ".")
        for other in range(len(self.sides)):
            if other != side:
                theirs = [m for m in costly if self.side_of(m.seat) == other]
                text += f" {self.side_name(other)}'s cards cost {_cost(theirs, 'trick') if theirs else 'none'}."
        return text

    def whose(self, seat: Seat, you: Seat) -> str:
        """"your", "your partner North's", "East's"."""
        return "your" if seat == you else self.who(seat, you) + "'s"

    def trick_note(self, trick: int, you: Seat) -> str:
        """What the cards of trick ``trick`` (an index) cost, naming whose they were."""
        marks = [m for m in self.marks if m.trick == trick]
        if any(m.cost is None for m in marks):
            return ""
        ours = self.side_of(you)
        return " ".join(
            f"{_cap(self.whose(m.seat, you))} {card_long_name(m.card).lower()} cost "
            f"{'your side' if self.side_of(m.seat) == ours else self.side_name(self.side_of(m.seat))} "
            f"{m.cost} trick{'s' if m.cost != 1 else ''}." for m in marks if m.cost
        ) or "Every card of this trick kept its side's tricks double dummy."

    def strip_label(self, trick: int, you: Seat) -> str:
        """The strip's button for trick ``trick``: its number and whose cards cost what there."""
        costs = [f"{self.whose(m.seat, you)} card cost {m.cost}" for m in self.marks if m.trick == trick and m.cost]
        return f"Trick {trick + 1}" + (": " + ", ".join(costs) if costs else "")

    def _tricks_analysed(self) -> int:
        done = [m.trick for m in self.marks if m.cost is not None]
        return len(self.tricks) - min(done) if done else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "trump": "NT" if self.trump is None else SUITS[self.trump],
            "hands": {SEAT_NAMES[s]: mask_names(self.hands[s]) for s in self.seats},
            "first_trick": self.first_trick + 1,
            "tricks": [{"leader": SEAT_NAMES[lead], "winner": SEAT_NAMES[win],
                        "cards": [[SEAT_NAMES[s], card_name(c)] for s, c in plays]}
                       for lead, plays, win in self.tricks],
            "marks": [m.to_json() for m in self.marks],
        }


def _value(solver: Solver, hands: tuple[int, int, int, int], leader: Seat, trick: tuple[tuple[Seat, int], ...],
           least: int | None, rem: int) -> int:
    """The tricks the side to move takes (of ``rem``): one probe above ``least`` when known (it
    usually fails: the card played kept the value), else a bisection."""
    lo, hi = (0, rem) if least is None else (least, rem)
    if least is not None and lo < hi:
        if not solver.mover_takes(hands, leader, trick, lo + 1):
            return lo
        lo += 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if solver.mover_takes(hands, leader, trick, mid) else (lo, mid - 1)
    return lo


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cost(marks: list[Mark], word: str = "") -> str:
    """``"1 trick (trick 4)"``, ``"2 (tricks 4 and 9)"``: the tricks the marks cost, and where."""
    lost = sum(m.cost or 0 for m in marks)
    where = sorted({m.trick + 1 for m in marks})
    places = ", ".join(map(str, where[:-1])) + (" and " if len(where) > 1 else "") + str(where[-1])
    unit = f" {word}{'s' if lost != 1 else ''}" if word else ""
    return f"{lost}{unit} (trick{'s' if len(where) > 1 else ''} {places})"


def _review(value: Any) -> HandReview:
    if not isinstance(value, HandReview):
        raise ValueError("the data does not hold a hand review")
    return value


def _encode(review: HandReview) -> str:
    return codec.dumps(review)


#: The worker's solver, kept from one step of a review to the next (its table serves the earlier positions).
_kept: list[tuple[tuple[Any, ...], Solver]] = []


def _solver(review: HandReview, node_limit: int | None) -> Solver:
    if node_limit is not None:
        return Solver(review.trump, review.sides, node_limit)  # a table per position, as each is capped
    key = (review.hands, review.trump, review.sides)
    if not _kept or _kept[0][0] != key:
        _kept[:] = [(key, Solver(review.trump, review.sides))]
    return _kept[0][1]


def review_step(request: str) -> str:
    """The worker's step: the next plays of a :meth:`HandReview.request`, with no node limit;
    the answer is the review with their marks (decode it with :meth:`HandReview.decode`)."""
    data = json.loads(request)
    review = HandReview.unpack(data["review"])
    steps = review.steps(node_limit=None)
    for _ in range(max(1, int(data.get("positions", 1)))):
        if next(steps, None) is None:
            break
    return _encode(review)


def hand_at_end(record: dict[str, Any], hand_number: int) -> GameState:
    """Replay a game record to the end of one of its hands (numbered from 0)."""
    state = GameState.from_record({**record, "actions": []})
    for action in record["actions"]:
        if state.hand_number == hand_number and state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            break
        state.apply(action)
    if state.hand_number != hand_number or state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        raise ValueError(f"the record has no finished hand {hand_number + 1}")
    return state


def pbn_of(state: GameState, event: str = "Whist") -> str:
    """The current (or just finished) hand as a PBN record for bridge software."""
    played = _played(state)
    hands = played if state.rules.has_stock and any(played) else state.dealt
    lines = [
        f'[Event "{event}: {state.rules.title}"]',
        f'[Board "{state.hand_number + 1}"]',
        f'[Dealer "{SEAT_NAMES[state.dealer]}"]',
        '[Vulnerable "None"]',
        f'[Deal "{format_pbn(hands, state.dealer)}"]',
    ]
    if state.contract is not None:
        c = state.contract
        lines.append(f'[Declarer "{SEAT_NAMES[c.declarer]}"]')
        lines.append(f'[Contract "{c.level - 6}{"NT" if c.strain is None else SUITS[c.strain]}'
                     f'{"X" if c.doubled else ""}"]')
        lines.append("{Contract Whist: the contract counts all tricks, " f"{c.level} for {c.long_name}" "}")
    else:
        trump = "no trumps" if state.trump is None else SUIT_NAMES[state.trump]
        turn = "" if state.turn_up is None else f", turned up {card_name(state.turn_up)}"
        lines.append("{" + f"Whist hand {state.hand_number + 1}: {trump}{turn}; deal number {state.deal_number}" + "}")
    if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and state.results:
        tricks = state.results[-1].tricks
        lines.append("{" + "Tricks: " + ", ".join(
            f"{'-'.join(SEAT_NAMES[s] for s in side)} {t}" for side, t in zip(state.rules.sides, tricks,
                                                                               strict=True)) + "}")
    return "\n".join(lines) + "\n"


def _played(state: GameState) -> tuple[int, int, int, int]:
    """The hands as the first counted trick found them."""
    hands = [0, 0, 0, 0]
    plays = [p for t in state.tricks[state.rules.first_counted_trick:] for p in t.plays]
    if state.claimed is not None:  # a claim ended the hand: the cards still held, and on the table
        hands, plays = list(state.hands), plays + list(state.trick)
    for seat, card in plays:
        hands[seat] |= 1 << card
    return (hands[0], hands[1], hands[2], hands[3])


def describe_hand(state: GameState) -> list[str]:
    """The finished hand of ``state`` in words, trick by trick (for ``python -m whist replay``)."""
    title = state.rules.title
    trump = "no trumps" if state.trump is None else SUIT_NAMES[state.trump]
    lines = [f"{title}, hand {state.hand_number + 1} (deal number {state.deal_number}), "
             f"{state.dealer.long_name} deals; {trump}."]
    if state.contract is not None:
        lines.append(f"Contract: {state.contract.long_name} by {state.contract.declarer.long_name}; auction: "
                     + " ".join(f"{SEAT_NAMES[s]}:{c}" for s, c in state.auction))
    for s in state.rules.seats:
        lines.append(f"  {s.long_name:<6} {' '.join(mask_names(state.dealt[s]))}")
    for i, t in enumerate(state.tricks, 1):
        cards = "  ".join(f"{SEAT_NAMES[s]} {card_name(c)}" for s, c in t.plays)
        lines.append(f"  trick {i:>2}: {cards}   won by {t.winner.long_name}")
    if state.results and state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        r = state.results[-1]
        sides = ["-".join(SEAT_NAMES[s] for s in side) for side in state.rules.sides]
        lines.append("  tricks: " + ", ".join(f"{n} {t}" for n, t in zip(sides, r.tricks, strict=True))
                     + "; points: " + ", ".join(f"{n} {p}" for n, p in zip(sides, r.points, strict=True))
                     + "; score: " + ", ".join(f"{n} {p}" for n, p in zip(sides, r.scores, strict=True)))
    return lines
