"""Computer players: each decides from an :class:`Observation` only.

``make_player(level, seed)`` builds one by name from ``LEVELS``:

- ``"normal"``: sound whist by rules of thumb (see :mod:`whist.ai.leads` and
  :mod:`whist.ai.follow`), remembering every card played and every void shown;
- ``"easy"``: a beginner: plays high cards eagerly, forgets earlier tricks,
  and about a third of the time just plays any legal card;
- ``"hard"`` and ``"expert"``: Monte Carlo search over deals of the hidden
  cards consistent with the play, valued by playouts and exact double-dummy
  solves (see :mod:`whist.ai.montecarlo`); expert searches more deals, longer.

The game's rules name the kind of computer player it wants
(``Rules.computer_player``): German Whist's two phases want a player of their own
above the easy level (the face-up card, then exact two-hand search; at Expert,
Phase One by Monte Carlo over the hidden cards and the stock, see
:mod:`whist.ai.german_mc`).

A choice depends only on the observation and the seed, never on earlier
calls, so a hint repeats itself and a replay plays the same cards.

>>> from whist.engine.state import GameState
>>> from whist.engine.seats import Seat
>>> state = GameState("classic", seed=42)
>>> seat = state.to_play
>>> card = make_player("normal").choose(state.observation(seat))
>>> card in state.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from whist.ai.heuristic import BeginnerPlayer, RandomPlayer, RuleBasedPlayer, is_auction  # noqa: F401
from whist.ai.knowledge import Why
from whist.engine.observation import Observation
from whist.engine.rules import GAMES, Rules

LEVELS = ("easy", "normal", "hard", "expert")


class Player(Protocol):
    def choose(self, obs: Observation) -> str:
        """The action (a card such as ``"QS"``, or in an auction a call such as
        ``"8H"`` or ``"pass"``) this player takes, from its observation only."""
        ...


class Adviser(Player, Protocol):
    """Every built-in player: it also says why."""

    def advise(self, obs: Observation) -> tuple[str, Why]:
        """The same action, and why: the rule or the figure that decided it
        (worded by :func:`whist.table.words.reason`)."""
        ...



# The searching players are imported when first asked for: the page reads this
# registry (its levels) at start-up, and loads the search only when a level needs it.
def _hard(seed: int | None, capped: bool = True) -> Adviser:
    from whist.ai.montecarlo import HARD, MonteCarloPlayer

    return MonteCarloPlayer(seed, HARD if capped else HARD.but(budget=None))


def _expert(seed: int | None, capped: bool = True) -> Adviser:
    from whist.ai.montecarlo import EXPERT, MonteCarloPlayer

    return MonteCarloPlayer(seed, EXPERT if capped else EXPERT.but(budget=None))


def _german(seed: int | None, capped: bool = True) -> Adviser:
    from whist.ai.german import GermanPlayer

    return GermanPlayer(seed)


def _german_expert(seed: int | None, capped: bool = True) -> Adviser:
    from whist.ai.german_mc import FIXED, GermanSearchPlayer

    return GermanSearchPlayer(seed) if capped else GermanSearchPlayer(seed, settings=FIXED)


def _plain(cls: Callable[[int | None], Adviser]) -> Callable[[int | None, bool], Adviser]:
    """A level that never looks at the clock: the same player, capped or not."""

    def make(seed: int | None, capped: bool = True) -> Adviser:
        return cls(seed)

    return make


_PLAYERS: dict[str, dict[str, Callable[[int | None, bool], Adviser]]] = {
    "trick-taking": {"easy": _plain(BeginnerPlayer), "normal": _plain(RuleBasedPlayer), "hard": _hard,
                     "expert": _expert},
    "two-hand": {"easy": _plain(BeginnerPlayer), "normal": _german, "hard": _german, "expert": _german_expert},
}
"""The player of each level, by the kind of player a game's rules ask for
(``Rules.computer_player``)."""


def make_player(level: str = "normal", seed: int | None = None, game: str | Rules = "classic",
                capped: bool = True) -> Adviser:
    """A computer player of the given level for ``game`` (its name or its rules);
    the seed fixes its tie-breaks. The searching levels stop at a time cap on a slow machine;
    with ``capped`` False they never look at the clock, so that the same observation and seed
    give the same card on every device (a challenge by link).

    >>> type(make_player("hard", game="german")).__name__, type(make_player("easy", game="german")).__name__
    ('GermanPlayer', 'BeginnerPlayer')
    >>> type(make_player("expert", game="german")).__name__
    'GermanSearchPlayer'
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are {list(LEVELS)}")
    rules = GAMES.get(game) if isinstance(game, str) else type(game)
    kind = Rules.computer_player if rules is None else rules.computer_player
    return _PLAYERS[kind][level](seed, capped)
