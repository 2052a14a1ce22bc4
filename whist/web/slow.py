"""Which decisions go to the worker (:mod:`whist.web.thinking`): those of the levels that think long
enough to freeze the page. No browser module is imported here (the coach and the page ask it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from whist.table import Choice

#: The levels that think long enough to freeze the page (Monte Carlo).
SLOW_LEVELS = frozenset({"hard", "expert"})


def is_slow_level(level: str) -> bool:
    return level in SLOW_LEVELS


def needs_thinker(levels: tuple[str, ...]) -> bool:
    """Whether this table will send decisions to the worker (so boot it early). Every
    game's computer decides by its level alone: German Whist's exact Phase Two search
    (whist/twohand.py) takes milliseconds, so it stays on the page at Normal; its Expert
    searches Phase One by Monte Carlo (whist/ai/german_mc.py, up to about a second a
    card), in the worker like every slow level's card."""
    return any(is_slow_level(v) for v in levels)


def is_slow(choice: Choice) -> bool:
    """Whether ``choice`` goes to the worker: a card of a slow level (calls are quick at every level)."""
    return choice.observation.phase == "play" and is_slow_level(choice.level)
