"""The player's settings for the table: one plain dataclass, no browser imports.

A storage layer loads and saves them with :meth:`Settings.to_dict` and
:meth:`Settings.from_dict` (unknown keys and bad values fall back to
``DEFAULTS``, so an old or hand-edited record never breaks the page).

>>> s = Settings.from_dict({"speed": "fast", "sound": False, "junk": 1})
>>> s.speed, s.sound, s.trick_pause
('fast', False, 'pace')
>>> Settings.from_dict(s.to_dict()) == s
True
>>> Settings.from_dict({"speed": "warp"}).speed
'normal'
>>> timing(Settings(speed="slow", trick_pause="click"))
Timing(card=1.0, trick=None, gather=0.5, speed='slow')

A finished trick stays as long as the pace says, unless the player chose otherwise:

>>> timing(Settings(speed="instant"))
Timing(card=0.0, trick=0.0, gather=0.0, speed='instant')
>>> timing(Settings(speed="fast")).trick, timing(Settings(speed="fast", trick_pause="long")).trick
(0.6, 2.5)

The old default pause, "normal", was the Normal pace's 1.2 s: a stored "normal" now follows the pace.

>>> Settings.from_dict({"speed": "instant", "trick_pause": "normal"}).trick_pause
'pace'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from whist.ai.players import LEVELS
from whist.table.together import MAX_NAME

#: The paces: seconds before each computer card, seconds a finished trick stays on show,
#: seconds to gather it.
PACES: dict[str, tuple[float, float, float]] = {
    "slow": (1.0, 2.0, 0.5),
    "normal": (0.6, 1.2, 0.4),
    "fast": (0.25, 0.6, 0.2),
    "instant": (0.0, 0.0, 0.0),
}
SPEEDS = PACES  # the name whist.web.main knows them by

#: How long a finished trick stays, in seconds ("pace": as the pace says; None: until you click
#: or press a key).
TRICK_PAUSES: dict[str, float | None] = {
    "pace": None,
    "none": 0.0,
    "short": 0.6,
    "long": 2.5,
    "click": None,
}

#: Stored values of an earlier version, and what they are now.
OLD_VALUES: dict[str, dict[str, str]] = {"trick_pause": {"normal": "pace"}}

SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
#: What each pace does, for the help and the Settings dialog.
SPEED_HELP = {
    "slow": "Slow: 1 second before each computer card; a finished trick stays 2 seconds.",
    "normal": "Normal: 0.6 seconds before each computer card; a finished trick stays 1.2 seconds.",
    "fast": "Fast: 0.25 seconds before each computer card; a finished trick stays 0.6 seconds.",
    "instant": "Instant: the computers play at once and a finished trick is cleared at once.",
}
TRICK_PAUSE_LABELS = {"pace": "As long as the speed says", "none": "Don't wait", "short": "Short (0.6 s)",
                      "long": "Long (2.5 s)", "click": "Until I click"}
LEVEL_LABELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "expert": "Expert"}

#: The values each setting may take (booleans are checked by type).
CHOICES: dict[str, tuple[str, ...]] = {
    "speed": tuple(PACES),
    "trick_pause": tuple(TRICK_PAUSES),
    "partner_level": LEVELS,
    "opponent_level": LEVELS,
}


@dataclass(frozen=True)
class Settings:
    """Everything the player can set at the table."""

    speed: str = "normal"
    trick_pause: str = "pace"
    """How long a finished trick stays: "pace" follows the speed of play."""
    auto_play: bool = False
    """Play your only legal card for you (off: by default you play every card yourself)."""
    one_tap: bool = False
    """On a touch screen a tap plays the card at once (off: a first tap lifts it, a second plays
    it, so a stray finger never throws a card)."""
    claims: bool = False
    """The computers claim the rest when they can prove it (off: by default every hand is played
    out, as before claims; stored only once set, see :data:`LATER`)."""
    partner_level: str = "normal"
    opponent_level: str = "normal"
    sound: bool = True
    guided: bool = False
    """The guided first hand was offered on this device (whist.table.guide): never again by itself."""
    coach: bool = False
    """Point out your costly cards (the coach, thought in the worker: whist/ai/coach.py); off by default."""
    ask_revoke: bool = True
    """Under club rules, ask before a card of yours that would be a revoke is played (whist/web/revoke_ask.py)."""
    four_colour: bool = False
    """A four-colour deck: spades black, hearts red, diamonds blue, clubs green (the page's
    ``html.four``, static/vision.css)."""
    large_cards: bool = False
    """Large cards and text, for low vision (the page's ``html.large``, static/vision.css)."""
    names: str = ""
    r"""The names of the people who played pass-and-play on this device, by seat: ``"S:Anna\nN:Ben"``
    (the New game dialog offers them again)."""

    def names_by_seat(self) -> dict[str, str]:
        r"""The remembered names by seat letter.

        >>> Settings(names="S:Anna\nN:Ben Lee\nbad").names_by_seat()
        {'S': 'Anna', 'N': 'Ben Lee'}
        """
        return {line[0]: line[2:] for line in self.names.split("\n") if line[1:2] == ":" and line[2:]}

    def remember(self, people: dict[str, str]) -> str:
        r"""The ``names`` value with ``people``'s names (seat -> name) put in.

        >>> Settings(names="S:Anna\nN:Ben").remember({"S": "Anna", "E": " Cy  "})
        'S:Anna\nN:Ben\nE:Cy'
        """
        names = {**self.names_by_seat(), **{k: " ".join(v.split())[:MAX_NAME] for k, v in people.items()}}
        return "\n".join(f"{k}:{v}" for k, v in names.items() if v)

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
            if isinstance(value, str):
                value = OLD_VALUES.get(f.name, {}).get(value, value)
            default = getattr(DEFAULTS, f.name)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif f.name == "names":
                ok = isinstance(value, str) and len(value) <= 4 * (MAX_NAME + 3)
            else:
                ok = isinstance(value, str) and value in CHOICES[f.name]
            if ok:
                values[f.name] = value
        return replace(DEFAULTS, **values)

    def changed(self, **values: Any) -> Settings:
        """A copy with ``values`` set (each checked like a stored value)."""
        return Settings.from_dict({**self.to_dict(), **values})


DEFAULTS = Settings()
LATER = ("claims", "guided", "coach", "one_tap", "ask_revoke", "names", "four_colour", "large_cards")
"""Settings added later: stored only when they differ from the default, so that a stored
record keeps the keys it had."""


#: When the page needs static/vision.css besides the options: the system asks for more contrast
#: or forces its colours.
VISION_MEDIA = "(prefers-contrast: more), (forced-colors: active)"


def dress(body: Any, settings: Settings) -> None:
    """Mark the page for its style sheets: the pace on ``body``, the deck and the size of the
    cards on the root element (``html.four``, ``html.large``: the text's rem grows with it); and
    add static/vision.css, their rules and those of high contrast, the first time one is needed
    (a page that needs none never loads it)."""
    body.dataset.speed = settings.speed
    root = body.parentElement
    root.classList.toggle("four", settings.four_colour)
    root.classList.toggle("large", settings.large_cards)
    doc = body.ownerDocument
    if not doc.getElementById("vision-css") and (
            settings.four_colour or settings.large_cards or doc.defaultView.matchMedia(VISION_MEDIA).matches):
        link = doc.createElement("link")
        link.id, link.rel, link.href = "vision-css", "stylesheet", "./static/vision.css"
        doc.head.appendChild(link)


@dataclass(frozen=True)
class Timing:
    """Seconds the table waits: before each computer card, with a finished trick on
    show (None: until a click or key), while the trick is gathered."""

    card: float
    trick: float | None
    gather: float
    speed: str


def timing(settings: Settings) -> Timing:
    card, trick, gather = PACES[settings.speed]
    pause = trick if settings.trick_pause == "pace" else TRICK_PAUSES[settings.trick_pause]
    return Timing(card, pause, gather, settings.speed)
