"""The coach's sentence: a :class:`whist.ai.coach.Verdict` in whist words.

>>> from whist.ai.coach import Verdict
>>> coach_sentence(Verdict(11, 7, 0.6, 1.0, 30, True, "trump", 11))
'Coach: the 9♠ was better than the K♠ by 0.4 tricks over 30 deals of the hidden cards: you led trumps too soon.'
>>> coach_sentence(Verdict(11, 7, 0.6, 1.0, 30, False))
''
>>> coach_sentence(Verdict(46, 40, 0.6, 1.0, 30, True, shown=(46, 41))).split(": ")[-1]
'an even number of clubs.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whist.engine.cards import SUIT_NAMES
from whist.table.words import glyph, plural

if TYPE_CHECKING:
    from whist.ai.coach import Verdict


NOT_AVAILABLE = ("The coach cannot judge your cards: it needs the computer's helper (a Web Worker), "
                 "which did not start in this browser.")


def _tricks(x: float) -> str:
    n = f"{x:.2f}".rstrip("0").rstrip(".")
    return f"{n} trick" if n == "1" else f"{n} tricks"


def coach_sentence(v: Verdict, dummy: bool = False) -> str:
    """What the coach says of ``v`` (empty when your card was no mistake); for your dummy's
    card (``dummy``), the dummy's partner is your own hand."""
    if not v.mistake:
        return ""
    d = glyph(v.detail) if v.detail is not None else ""
    why = {
        "ruff": f"you ruffed your partner\u2019s winning {d}",
        "over-take": f"you over-took your partner\u2019s winning {d}",
        "master": f"you threw away a master, the {d}" if v.detail == v.card else f"you forgot your master {d}: cash it",
        "trump": "you led trumps too soon",
        "ace-king": f"you broke your ace-king of {SUIT_NAMES[(v.detail or 0) // 13]}",
    }.get(v.kind or "", "")
    text = (f"Coach: the {glyph(v.best)} was better than the {glyph(v.card)} by {_tricks(v.loss)} over "
            f"{plural(int(v.deals + 0.5), 'deal')} of the hidden cards" + (f": {why}." if why else "."))
    if dummy:
        return text.replace("your partner", "your own hand")  # your dummy's partner is you: no signal to read
    if v.shown is not None:
        first, second = v.shown
        count = "an even number" if first > second else "an odd number"
        text += (f" Your partner\u2019s {glyph(first)} then {glyph(second)}: {count} of "
                 f"{SUIT_NAMES[first // 13]}.")
    return text
