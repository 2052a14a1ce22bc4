"""The one play loop: a game state played on by a player in each seat.

:func:`play` asks the player of the seat to act for its choice, from that seat's
observation, and applies it, until the hand (or with ``until="game"``, the game) is
over; the deal of the next hand (``"next"``) is applied by the loop itself. A hook sees
each decision (to time it, record it or check it); ``stop`` ends the loop before a
decision, ``limit`` after so many decisions, and ``time_cap`` once that many seconds
have gone. The state's own ``observation``, ``apply`` and ``to_play`` are all it uses:
an illegal choice raises the engine's :class:`~whist.engine.state.IllegalActionError`
and changes nothing.
The arena, the benchmarks and the tests all play this way.

>>> from whist.ai.players import make_player
>>> state = GameState("classic", seed=7)
>>> players = {seat: make_player("normal", seed=int(seat)) for seat in state.rules.seats}
>>> seen = []
>>> play(state, players, on_decision=seen.append)
52
>>> state.phase.value, len(seen), seen[0].seat == state.actors[0]
('hand-over', 52, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from whist.ai.players import Player
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import NEXT_HAND, GameState, Phase


@dataclass(frozen=True)
class Decision:
    """One choice the loop asked for, as its hook sees it (before the action is applied:
    the state is still the one the player chose in)."""

    number: int
    """How many decisions this call of :func:`play` asked for before this one."""
    seat: Seat
    observation: Observation
    action: str
    seconds: float
    """How long the player took to choose, by the loop's clock."""


def play(state: GameState, players: Mapping[Seat, Player], *, until: Literal["hand", "game"] = "hand",
         on_decision: Callable[[Decision], object] | None = None,
         stop: Callable[[GameState], bool] | None = None, limit: int | None = None,
         time_cap: float | None = None, clock: Callable[[], float] = time.perf_counter) -> int:
    """Play ``state`` on with ``players[seat]`` choosing for each seat to act; the number
    of decisions made.

    ``until="hand"`` ends once the hand in play is over (a state between hands, or
    waiting for its first deal, has the next hand dealt and played); ``"game"`` deals
    each next hand and ends with the game. ``on_decision`` is called with each
    :class:`Decision` before its action is applied. ``stop(state)``, asked before each
    decision, ends the loop when true; ``limit`` after that many decisions; and
    ``time_cap``: no decision is asked for once ``time_cap`` seconds of ``clock`` have
    gone since the call began."""
    if until not in ("hand", "game"):
        raise ValueError(f"play until the 'hand' or the 'game' is over, not {until!r}")
    start = clock() if time_cap is not None else 0.0
    made = 0
    while not state.is_over:
        seat = state.to_play
        if seat is None:  # between hands, or before the first deal
            if state.phase is Phase.HAND_OVER and until == "hand" and made:
                break  # the hand this call played is over
            state.apply(NEXT_HAND)
            continue
        if made == limit or (stop is not None and stop(state)):
            break
        if time_cap is not None and clock() - start >= time_cap:
            break
        obs = state.observation(seat)
        before = clock()
        action = players[seat].choose(obs)
        seconds = clock() - before
        if on_decision is not None:
            on_decision(Decision(made, seat, obs, action, seconds))
        state.apply(action)
        made += 1
    return made
