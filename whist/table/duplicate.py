"""Your deal, played by Expert: a finished hand dealt again, Expert in the seats you played.

The same cards, dealer, trump and stock; in Contract Whist the same auction, so the contract
is kept and the comparison is of the card play alone. Expert plays your seat (and your
dummy's); the other seats play their recorded cards for as long as the play is the same as
yours (their players chose them from the same observations), then their own players at their
levels and seeds decide. Every player decides from its own Observation only. Your claim ends
your part: Expert plays the rest. The worker runs :func:`answer` (a replay takes seconds; Expert
searches without its time cap, so the same hand replays the same on any machine).

>>> from whist.ai.montecarlo import EXPERT, MonteCarloPlayer
>>> from whist.table import Table
>>> table = Table(seed=3)
>>> while table.state.phase.value == "play":
...     _ = table.computer_step() or table.human_play(table.hint())
>>> result = Duplicate.from_json(answer(request_of(table), MonteCarloPlayer(1, EXPERT.but(samples=2, budget=None))))
>>> result.yours == table.state.tricks_won[0], result.rows()[0]
(True, ('', 'You', 'Expert'))
"""

from __future__ import annotations

import json
from collections.abc import Generator
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from whist.ai.players import Adviser, make_player
from whist.engine.cards import parse_card
from whist.engine.seats import SEAT_NAMES, Seat
from whist.engine.state import CLAIM, GameState, Phase
from whist.table.words import glyph, plural

if TYPE_CHECKING:
    from whist.table.session import Table

EXPERT = "expert"
PLAYING = "Expert is playing your cards\u2026"
NOT_AVAILABLE = ("Expert with your cards is not available: it needs the computer's helper (a Web Worker), "
                 "which did not start in this browser.")


@dataclass(frozen=True, slots=True)
class Duplicate:
    """Your side's tricks as you played the hand and as Expert played it, and where the play first differed."""

    yours: int
    expert: int
    trick: int | None
    """The first trick (from 1) where Expert's card was not yours; None: the same cards throughout."""
    your_card: str
    """Your card there (``"4♥"``, or ``"claim"``), and Expert's."""
    expert_card: str
    text: str

    @property
    def delta(self) -> int:
        """Your tricks minus Expert's: what the stats keep."""
        return self.yours - self.expert

    def rows(self) -> tuple[tuple[str, str, str], ...]:
        """The side-by-side table: a header, the tricks, and the first difference."""
        rows = [("", "You", "Expert"), ("Tricks", str(self.yours), str(self.expert))]
        if self.trick is not None:
            rows.append((f"Trick {self.trick}", self.your_card, self.expert_card))
        return tuple(rows)

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Duplicate:
        """ValueError if ``text`` is not an answer of :func:`answer`."""
        data = json.loads(text)
        if not isinstance(data, dict) or set(data) != {"yours", "expert", "trick", "your_card", "expert_card", "text"}:
            raise ValueError("not a replay's answer")
        return cls(int(data["yours"]), int(data["expert"]), None if data["trick"] is None else int(data["trick"]),
                   str(data["your_card"]), str(data["expert_card"]), str(data["text"]))


def replay(state: GameState, human: Seat, levels: dict[Seat, str], expert: Adviser | None = None) -> Duplicate:
    """The hand just finished in ``state`` played again with ``expert`` (by default the Expert level,
    seeded as your hint's player) in the seats ``human`` plays. ValueError if no card was played."""
    steps = replaying(state, human, levels, expert)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def replaying(state: GameState, human: Seat, levels: dict[Seat, str],
              expert: Adviser | None = None) -> Generator[None, None, Duplicate]:
    """:func:`replay` a step at a time: it pauses after each of Expert's cards (the worker answers
    between two steps, so a replay never holds up the coach or the review for long)."""
    if state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        raise ValueError("the hand is not finished")
    rules = state.rules
    side = rules.side_of(human)
    yours = state.tricks_won[side]
    s = state.clone()
    played: list[str] = []
    while s.phase is not Phase.PLAY or s.tricks or s.trick:
        if s.phase is Phase.AUCTION or not s.can_undo:
            raise ValueError("no card was played in this hand")
        played.append(s.undo() or "")
    played.reverse()
    base = len(s.actions)
    expert = expert or replay_expert(rules.name, s.seed * 4 + int(human))
    players: dict[Seat, Adviser] = {}
    first: tuple[int, str, str, bool, Seat] | None = None
    claimed: int | None = None
    diverged = False
    for _ in range(4 * rules.tricks_per_hand + 1):  # a card a step: the hand is over well within this
        if s.phase is not Phase.PLAY:
            break
        seat = s.to_play
        if seat is None:
            break
        recorded = "" if diverged else played[len(s.actions) - base]
        if rules.controller(seat) == human:
            card = expert.choose(s.observation(seat))
            yield
            if not diverged and recorded != card:
                diverged = True
                if recorded.startswith(CLAIM):
                    claimed = len(s.tricks) + 1
                else:
                    first = (len(s.tricks) + 1, glyph(parse_card(recorded)), glyph(parse_card(card)), not s.trick, seat)
            s.apply(card)
        elif not diverged:
            s.apply(recorded)
        else:
            if seat not in players:
                players[seat] = make_player(levels.get(seat, "normal"), seed=s.seed * 4 + int(seat), game=rules.name)
            s.apply(players[seat].choose(s.observation(seat)))
    theirs = s.tricks_won[side]
    return Duplicate(yours, theirs, first[0] if first else None, first[1] if first else "",
                     first[2] if first else "", _words(yours, theirs, first, claimed, human))


def replay_expert(game: str, seed: int) -> Adviser:
    """The Expert that replays your cards: the level's player with no time cap
    (``make_player(capped=False)``), so the same deal gives the same replay on any machine."""
    return make_player(EXPERT, seed=seed, game=game, capped=False)


def _words(yours: int, expert: int, first: tuple[int, str, str, bool, Seat] | None, claimed: int | None,
           human: Seat) -> str:
    head = f"Expert took {plural(expert, 'trick')} with your cards, "
    head += f"you took {yours}" if yours != expert else "as you did"
    if first is None:
        until = f" up to your claim at trick {claimed}" if claimed else ""
        return f"{head}; Expert played the same cards as you{until}."
    trick, mine, theirs, lead, seat = first
    verb = "led" if lead else "played"
    where = "" if seat == human else f" from {seat.long_name}'s hand"
    return (f"{head}; the play first differed at trick {trick}: "
            f"Expert {verb} the {theirs}{where} where you {verb} the {mine}.")


def request_of(table: Table, hand: int | None = None) -> str | None:
    """The worker's request for the hand just finished at ``table``, or for its earlier ``hand``
    (numbered from 0); None: that hand is not finished."""
    state = table.state
    if hand is None or hand == state.hand_number:
        if state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            return None
        hand = state.hand_number
    elif not 0 <= hand < state.hand_number:
        return None
    return json.dumps({"record": state.to_record(), "hand": hand, "human": SEAT_NAMES[table.human],
                       "levels": {SEAT_NAMES[s]: v for s, v in table.levels.items()}}, separators=(",", ":"))


def finished_hands(table: Table) -> list[int]:
    """The hands of ``table``'s game that are finished, by number (from 0), oldest first."""
    state = table.state
    return list(range(state.hand_number + (state.phase in (Phase.HAND_OVER, Phase.GAME_OVER))))


def just_finished(table: Table) -> tuple[int, str] | None:
    """The number (from 0) of the hand just finished at ``table`` and its request; None: none is
    (nor at a challenge's table: its deals are compared with your friend's play instead)."""
    request = None if table.challenge is not None else request_of(table)
    return None if request is None else (table.state.hand_number, request)


def answer(request: Any, expert: Adviser | None = None) -> str:
    """The worker's answer to :func:`request_of`'s request: :meth:`Duplicate.to_json`, or JSON
    ``{"error": ...}`` saying why there is none."""
    try:
        return replay(*_parse(request), expert).to_json()
    except _BAD as err:
        return _error(err)


_BAD = (ValueError, KeyError, TypeError, IndexError)


def _error(err: BaseException) -> str:
    return json.dumps({"error": f"This hand cannot be replayed ({err})."})


def _parse(request: Any) -> tuple[GameState, Seat, dict[Seat, str]]:
    from whist.ai.review import hand_at_end  # the solver's module: only in the worker

    data = json.loads(str(request))
    state = hand_at_end(data["record"], int(data["hand"]))
    levels = {Seat.parse(k): str(v) for k, v in dict(data["levels"]).items()}
    return state, Seat.parse(str(data["human"])), levels


#: The replays under way in the worker, by request (a few: the page runs one at a time, and
#: one more when "Expert with your cards" is pressed for another hand).
_under_way: dict[str, Generator[None, None, Duplicate]] = {}
MORE = '{"more":true}'


def answer_step(request: Any, expert: Adviser | None = None) -> str:
    """One step of :func:`answer` (one of Expert's cards): :data:`MORE` until the replay is over,
    then :func:`answer`'s answer. The page asks again with the same request until it has it.

    >>> from whist.ai.montecarlo import EXPERT, MonteCarloPlayer
    >>> from whist.table import Table
    >>> table = Table(seed=3)
    >>> while table.state.phase.value == "play":
    ...     _ = table.computer_step() or table.human_play(table.hint())
    >>> request, steps = request_of(table), 1
    >>> while (text := answer_step(request, MonteCarloPlayer(1, EXPERT.but(samples=2, budget=None)))) == MORE:
    ...     steps += 1
    >>> text == answer(request, MonteCarloPlayer(1, EXPERT.but(samples=2, budget=None))), steps > 13
    (True, True)
    """
    text = str(request)
    try:
        steps = _under_way.get(text)
        if steps is None:
            steps = replaying(*_parse(text), expert)
            while len(_under_way) >= 4:
                del _under_way[next(iter(_under_way))]
            _under_way[text] = steps
        next(steps)
        return MORE
    except StopIteration as done:
        _under_way.pop(text, None)
        result: Duplicate = done.value
        return result.to_json()
    except _BAD as err:
        _under_way.pop(text, None)
        return _error(err)
