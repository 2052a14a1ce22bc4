"""The player's settings for the table: one plain dataclass, no browser imports.

A storage layer loads and saves them with :meth:`Settings.to_dict` and
:meth:`Settings.from_dict` (unknown keys and bad values fall back to
``DEFAULTS``, so an old or hand-edited record never breaks the page).

>>> s = Settings.from_dict({"speed": "fast", "sound": False, "junk": 1})
>>> s.speed, s.sound, s.trick_pause
('fast', False, 'normal')
>>> Settings.from_dict(s.to_dict()) == s
True
>>> Settings.from_dict({"speed": "warp"}).speed
'normal'
>>> timing(Settings(speed="slow", trick_pause="click"))
Timing(card=1.0, trick=None, gather=0.5, speed='slow')
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from whist.players import LEVELS

#: Animation speed: seconds before each computer card, seconds to gather a finished trick.
SPEEDS: dict[str, tuple[float, float]] = {
    "slow": (1.0, 0.5),
    "normal": (0.6, 0.4),
    "fast": (0.25, 0.2),
    "instant": (0.0, 0.0),
}

#: How long a finished trick stays on the table, in seconds (None: until you click or press a key).
TRICK_PAUSES: dict[str, float | None] = {
    "none": 0.0,
    "short": 0.6,
    "normal": 1.2,
    "long": 2.5,
    "click": None,
}

SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
TRICK_PAUSE_LABELS = {"none": "Don't wait", "short": "Short (0.6 s)", "normal": "Normal (1.2 s)",
                      "long": "Long (2.5 s)", "click": "Until I click"}
LEVEL_LABELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "expert": "Expert"}

#: The values each setting may take (booleans are checked by type).
CHOICES: dict[str, tuple[str, ...]] = {
    "speed": tuple(SPEEDS),
    "trick_pause": tuple(TRICK_PAUSES),
    "partner_level": LEVELS,
    "opponent_level": LEVELS,
}


@dataclass(frozen=True)
class Settings:
    """Everything the player can set at the table."""

    speed: str = "normal"
    trick_pause: str = "normal"
    auto_play: bool = False
    """Play your only legal card for you."""
    partner_level: str = "normal"
    opponent_level: str = "normal"
    sound: bool = True

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Settings from a stored dict; anything missing, unknown or invalid takes its default."""
        if not isinstance(data, dict):
            return DEFAULTS
        values: dict[str, Any] = {}
        for f in fields(cls):
            value = data.get(f.name)
            default = getattr(DEFAULTS, f.name)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            else:
                ok = isinstance(value, str) and value in CHOICES[f.name]
            if ok:
                values[f.name] = value
        return replace(DEFAULTS, **values)

    def changed(self, **values: Any) -> Settings:
        """A copy with ``values`` set (each checked like a stored value)."""
        return Settings.from_dict({**self.to_dict(), **values})


DEFAULTS = Settings()


@dataclass(frozen=True)
class Timing:
    """Seconds the table waits: before each computer card, with a finished trick on
    show (None: until a click or key), while the trick is gathered."""

    card: float
    trick: float | None
    gather: float
    speed: str


def timing(settings: Settings) -> Timing:
    card, gather = SPEEDS[settings.speed]
    return Timing(card, TRICK_PAUSES[settings.trick_pause], gather, settings.speed)
