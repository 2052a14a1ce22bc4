"""The games as the page may know them, without their rules: names, titles, options, seats.

The rules classes (:mod:`whist.engine.rules`) answer; the page's address, stats, help and
dialogs ask here, so that none of them imports the engine or names a default.

>>> game("short").defaults["target"], game("snap"), own_options("short", {"target": 5, "rubber": True})
(5, None, {'rubber': True})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from whist.engine.rules import GAMES, Rules, make_rules
from whist.engine.seats import Seat

if TYPE_CHECKING:
    from whist.engine.howto import Hand, Section
    from whist.engine.state import GameState


@dataclass(frozen=True)
class GameInfo:
    """One game: its name, title, seats, and every option's default and allowed values."""

    name: str
    title: str
    seats: tuple[Seat, ...]
    defaults: dict[str, Any]
    choices: dict[str, tuple[Any, ...]]


def _info(cls: type[Rules]) -> GameInfo:
    return GameInfo(cls.name, cls.title, cls.seats, dict(cls.default_options), dict(cls.option_choices))


def game(name: str) -> GameInfo | None:
    """The game called ``name``, or None if there is none."""
    cls = GAMES.get(name)
    return None if cls is None else _info(cls)


def first_game() -> GameInfo:
    """The game the page deals when none is asked for (Classic Whist)."""
    return _info(next(iter(GAMES.values())))


def title(name: str) -> str:
    """A game's title; a name no game has, as it is."""
    cls = GAMES.get(name)
    return cls.title if cls is not None else name


def all_options(name: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every option of ``name`` with ``options`` (checked), the rules' defaults for the rest."""
    return dict(make_rules(name, **(options or {})).options)


def how_to_play(name: str, options: Mapping[str, Any] | None = None, hand: Hand | None = None) -> tuple[Section, ...]:
    """How to play ``name`` with ``options``, beside ``hand`` if given: :meth:`Rules.how_to_play`, and
    for a game with partners how the computer players partner you (:func:`whist.engine.howto.partner`).

    >>> [s.heading for s in how_to_play("classic")][-1], [s.heading for s in how_to_play("german")][-1]
    ('How your computer partner plays', 'Scoring')
    """
    from whist.engine.howto import partner

    rules = make_rules(name, **(options or {}))
    sections = rules.how_to_play(hand)
    return (*sections, partner(rules.has_auction)) if rules.partner_of(Seat.S) is not None else sections


def own_options(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """Those of ``options`` that differ from ``name``'s defaults (what a link needs to say)."""
    return GAMES[name].own(options)


def game_result(state: GameState, human: Seat) -> dict[str, Any]:
    """What a finished game adds to the stats, from the human's side: won or lost, the
    winning margin in game points, hands played and hands won (the hands where your side
    scored more points than the other side)."""
    rules = state.rules
    mine = rules.side_of(human)

    def split(values: tuple[int, ...]) -> tuple[int, int]:
        return values[mine], sum(v for i, v in enumerate(values) if i != mine)

    won = state.winner == mine
    us, them = split(state.scores)
    return {"won": won, "margin": max(0, us - them) if won else 0, **hands_so_far(state, human)}


def hands_so_far(state: GameState, human: Seat) -> dict[str, int]:
    """The hands of the game finished so far, and those won from the human's side (the hands
    where your side scored more points than the other side): what the stats count as a hand ends."""
    mine = state.rules.side_of(human)
    hands_won = 0
    for r in state.results:
        hands_won += r.points[mine] > sum(v for i, v in enumerate(r.points) if i != mine)
    return {"hands_played": len(state.results), "hands_won": hands_won}
