"""Whist in pure Python: cards, rules, the game state and the computer players.

The package uses the standard library only, so the same code runs under
CPython (tests, command-line tools) and under Pyodide in the browser.
Only :mod:`whist.web` touches the browser. The sub-packages show the layers:
:mod:`whist.engine` (the rules and the game state), :mod:`whist.ai` (the
computer players and solvers), :mod:`whist.table` (the session the page plays
and the view it shows), :mod:`whist.cli` (the command-line tools) and
:mod:`whist.web` (the page).

The names people use most are here too, imported when first asked for:

>>> from whist import GameState, Table, make_player, parse_card
>>> state = GameState("classic", seed=1)
>>> make_player("normal", seed=1).choose(state.observation(state.to_play)) in state.legal_actions()
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: name -> the module it comes from.
_PUBLIC = {
    "Seat": "whist.engine.seats",
    "parse_card": "whist.engine.cards", "card_name": "whist.engine.cards", "parse_cards": "whist.engine.cards",
    "GAMES": "whist.engine.rules", "Rules": "whist.engine.rules", "make_rules": "whist.engine.rules",
    "GameState": "whist.engine.state", "IllegalActionError": "whist.engine.state", "Phase": "whist.engine.state",
    "Observation": "whist.engine.observation",
    "LEVELS": "whist.ai.players", "make_player": "whist.ai.players",
    "solve": "whist.ai.solver", "solve_cards": "whist.ai.solver",
    "Table": "whist.table",
}

__all__ = [  # the names of _PUBLIC (tests/test_doctests.py checks they agree)
    "GAMES", "LEVELS", "GameState", "IllegalActionError", "Observation", "Phase", "Rules", "Seat", "Table",
    "__version__", "card_name", "make_player", "make_rules", "parse_card", "parse_cards", "solve", "solve_cards",
]

if TYPE_CHECKING:
    from whist.ai.players import LEVELS, make_player
    from whist.ai.solver import solve, solve_cards
    from whist.engine.cards import card_name, parse_card, parse_cards
    from whist.engine.observation import Observation
    from whist.engine.rules import GAMES, Rules, make_rules
    from whist.engine.seats import Seat
    from whist.engine.state import GameState, IllegalActionError, Phase
    from whist.table import Table


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'whist' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
