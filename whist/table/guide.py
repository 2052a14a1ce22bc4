"""The guided first hand: which lesson of the table guide applies now, in one sentence, with the
control to use and the element it is about (an id of the DOM contract). It reads the view only
and changes nothing: the computers play as usual, the guide explains. The page shows the lesson
(:mod:`whist.web.guide_view`).

>>> from whist.table import Table
>>> guide, table = Guide(), Table(SEED)
>>> lesson = guide.lesson(table.view(), touch=True)
>>> lesson.key, lesson.target, lesson.control
('partner', 'seat-N', 'Tap Next.')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from whist.engine.cards import SUIT_NAMES, SUITS
from whist.table.words import plural

if TYPE_CHECKING:
    from whist.table.view import Play, TableView

GAME = "classic"
SEED = 237
"""The guided deal (Classic Whist, its default options), picked by ``tests/test_guide.py``'s
``lessons_of`` from seeds 1-400 as the one where each lesson comes up by itself, early: West
deals and turns up the two of clubs (clubs are trumps, and you hold the ace, king and jack);
North, your partner, leads the ace of spades, so you follow suit with three spades to choose
from and the first trick goes to the highest card of the suit led whatever you play; a trump
wins trick 4 and you run out of a suit in trick 5; played out by the hints your side takes
eight tricks (the book and two odd tricks). The seed picks the computers' play too."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """One step of the guide: what it is about (``key``), the fact in a sentence, the control to
    use, the id of the element it points at, and the label of the tip's button that moves on
    ("Next", "Done"; "" when playing a card moves on)."""

    key: str
    text: str
    control: str
    target: str
    button: str = ""


def _button(label: str, touch: bool) -> str:
    return f"{'Tap' if touch else 'Click'} {label}."


def _play(touch: bool) -> str:
    return ("Tap a card to lift it, then tap it again to play it." if touch
            else "Click a card, or choose it with \u2190 \u2192 and press Enter.")


def _led(view: TableView) -> str | None:
    return view.trick[0].suit if view.phase == "play" and view.trick else None


def _suit(letter: str, one: bool = False) -> str:
    name = SUIT_NAMES[SUITS.index(letter)]
    return name[:-1] if one else name


def _whose(view: TableView, play: Play) -> str:
    return "your" if play.seat == view.human else f"{play.player}\u2019s"


TOOLS_FROM = 3
"""The tricks played before the guide shows Hint and Undo (at your turn)."""
SETTINGS_FROM = 6
"""The tricks played before the guide shows Settings and the coach (at your turn)."""


def _opening(view: TableView) -> bool:
    """Before your first card: the moment of the opening lessons."""
    return view.phase == "play" and view.tricks_played == 0 and all(p.seat != view.human for p in view.trick)


def partner(view: TableView, touch: bool) -> Lesson | None:
    seat = next((s for s in view.seats if s.role == "partner"), None)
    if seat is None or not _opening(view):
        return None
    return Lesson("partner", f"{seat.name}, across the table, is your partner: every trick either of you wins "
                  "counts for your side.", _button("Next", touch), f"seat-{seat.seat}", "Next")


def trump(view: TableView, touch: bool) -> Lesson | None:
    up = view.turn_up
    if up is None or view.trump == "NT" or not _opening(view):
        return None
    return Lesson("trump", f"{view.dealer_name} dealt, and the dealer\u2019s last card, the {up.name.lower()}, is "
                  f"turned up: {_suit(view.trump)} are trumps for this hand.", _button("Next", touch), "turnup", "Next")


def lead(view: TableView, touch: bool) -> Lesson | None:
    if not (view.your_turn and view.phase == "play" and not view.trick):
        return None
    return Lesson("lead", "Your lead: play any card. Whoever wins a trick leads to the next one.",
                  _play(touch), "hand")


def follow(view: TableView, touch: bool) -> Lesson | None:
    led = _led(view)
    if not view.your_turn or led is None or all(c.suit != led for c in view.hand):
        return None
    return Lesson("follow", f"Follow suit: {_suit(led)} were led and you hold {_suit(led)}, so you must play "
                  "one; the dimmed cards cannot be played now.", _play(touch), "hand")


def _last(view: TableView) -> tuple[Play, Play] | None:
    """The last trick's lead and winning card, until you play to the next trick."""
    last = view.last_trick
    if last is None or view.hand_number != last.hand_number or any(p.seat == view.human for p in view.trick):
        return None
    return last.plays[0], next(p for p in last.plays if p.seat == last.winner)


def won(view: TableView, touch: bool) -> Lesson | None:
    last = _last(view)
    if last is None or last[1].suit != last[0].suit:
        return None
    best = last[1]
    seat = view.seat(best.seat)
    side = "your side" if seat is not None and seat.side == "us" else "their side"
    return Lesson("won", f"The highest card of the suit led wins, unless a trump is played: {_whose(view, best)} "
                  f"{best.name.lower()} took the trick for {side}.", _button("Next", touch), f"seat-{best.seat}",
                  "Next")


def trumped(view: TableView, touch: bool) -> Lesson | None:
    last = _last(view)
    if last is None or last[1].suit == last[0].suit:
        return None
    first, best = last
    who = "You" if best.seat == view.human else best.player
    return Lesson("trumped", f"{who} had no {_suit(first.suit)} and played a trump: the {best.name.lower()} beats "
                  f"any {_suit(first.suit, one=True)}, so it took the trick.", _button("Next", touch),
                  f"seat-{best.seat}", "Next")


def void(view: TableView, touch: bool) -> Lesson | None:
    led = _led(view)
    if not view.your_turn or led is None or any(c.suit == led for c in view.hand):
        return None
    what = ("throw away any card" if view.trump in (led, "NT")
            else "play a trump to win the trick, or throw away a card you do not need")
    return Lesson("void", f"You have no {_suit(led)}, so you may play any card: {what}.", _play(touch), "hand")


def _settled(view: TableView, tricks: int) -> bool:
    """Your turn to play, ``tricks`` tricks in: a moment for the table's tools (the rules come first)."""
    return view.your_turn and view.phase == "play" and view.tricks_played >= tricks


def tools(view: TableView, touch: bool) -> Lesson | None:
    if not _settled(view, TOOLS_FROM):
        return None
    hint, undo = ("Hint", "Undo") if touch else ("Hint (I)", "Undo (U)")
    return Lesson("tools", f"Not sure what to play? {hint} suggests a card and says why, and {undo} takes back "
                  "your last card.", _button("Next", touch), "hint-btn", "Next")


def settings(view: TableView, touch: bool) -> Lesson | None:
    if not _settled(view, SETTINGS_FROM):
        return None
    return Lesson("settings", "Settings (in the toolbar, or under More) holds the pace, the computers\u2019 levels "
                  "and the coach, who points out a costly card of yours as you play and lets you take it back.",
                  _button("Next", touch), "settings-btn", "Next")


def book(view: TableView, touch: bool) -> Lesson | None:
    side = "us" if view.tricks_won.us >= 6 else "them" if view.tricks_won.them >= 6 else None
    if side is None or view.phase != "play":
        return None
    return Lesson("book", f"{view.side_names[side]} have six tricks, the book: they score nothing, but every "
                  "trick after them is an odd trick, worth a point.", _button("Next", touch), f"tricks-{side}",
                  "Next")


def closing(touch: bool) -> str:
    """The guide's last words: shown in its last tip (not only said as it closes)."""
    rules = ("How to play has the rules (in the toolbar; under More on a small screen)" if touch
             else "press ? for the rules any time")
    return f"That is the whole loop: play on, and {rules}."


def odd(view: TableView, touch: bool) -> Lesson | None:
    done = view.summary
    if done is None:
        return None
    side = "us" if done.tricks.us > 6 else "them" if done.tricks.them > 6 else None
    if side is None:
        text = "Six tricks each: neither side has an odd trick, so nobody scores this hand."
    else:
        n, points = done.tricks[side], plural(done.points[side], "point")
        odd_tricks = "the odd trick scores" if n == 7 else f"the {n - 6} odd tricks score"
        text = (f"{view.side_names[side]} took {n} tricks: the six of the book count nothing, and {odd_tricks} "
                f"{points}; the first side to {view.target} points wins the game.")
    return Lesson("odd", f"{text} {closing(touch)}", _button("Done", touch), f"sum-points-{side or 'us'}", "Done")


RULES: tuple[tuple[str, Callable[[TableView, bool], Lesson | None]], ...] = (
    ("partner", partner), ("trump", trump), ("lead", lead), ("follow", follow), ("won", won),
    ("trumped", trumped), ("void", void), ("tools", tools), ("settings", settings), ("book", book), ("odd", odd))
"""The lessons in the order of the table guide's loop; each applies at its moment of the hand."""
OPENING = ("partner", "trump")


class Guide:
    """Which lessons were told, and the one on show.

    A lesson comes at its moment, once; the one on show stays until its button is pressed or
    its moment has passed. The opening lessons wait for their button; a later lesson gives way
    to the next one whose moment has come (a card to play, a trick won), so none comes late.
    """

    def __init__(self) -> None:
        self.done: set[str] = set()
        self.shown: str | None = None

    def lesson(self, view: TableView, touch: bool) -> Lesson | None:
        """The lesson to show now, or None."""
        if view.hand_number != 1:
            return None
        ready = [lesson for key, rule in RULES if key not in self.done and (lesson := rule(view, touch))]
        chosen = ready[0] if ready else None
        if chosen is not None and chosen.key == self.shown and len(ready) > 1 and chosen.key not in OPENING:
            chosen = ready[1]
        key = chosen.key if chosen else None
        if self.shown is not None and key != self.shown:
            self.done.add(self.shown)
        self.shown = key
        return chosen

    def refused(self, view: TableView, touch: bool) -> Lesson | None:
        """A card refused while you hold the suit led: the follow-suit lesson again, at once."""
        lesson = follow(view, touch)
        if lesson is not None:
            if self.shown not in (None, "follow"):
                self.done.add(self.shown)
            self.done.update(OPENING)
            self.done.discard("follow")
            self.shown = "follow"
        return lesson

    def dismiss(self) -> None:
        """The tip's button was pressed: the lesson on show is told."""
        if self.shown is not None:
            self.done.add(self.shown)
        self.shown = None

    @property
    def finished(self) -> bool:
        return "odd" in self.done

    def to_dict(self) -> dict[str, Any]:
        """What a reload needs to take the guide up where it was (``from_dict``)."""
        return {"done": sorted(self.done), "shown": self.shown}

    @classmethod
    def from_dict(cls, data: Any) -> Guide | None:
        """A guide from ``to_dict``'s record, kept by the page (so: untrusted); None if it is not one.

        >>> Guide.from_dict({"done": ["partner"], "shown": "trump"}).to_dict()
        {'done': ['partner'], 'shown': 'trump'}
        >>> Guide.from_dict({"done": ["nonsense"], "shown": None}) is None, Guide.from_dict([1]) is None
        (True, True)
        """
        keys = {key for key, _ in RULES}
        if not isinstance(data, dict) or not isinstance(data.get("done"), list):
            return None
        done, shown = data["done"], data.get("shown")
        if not all(isinstance(k, str) and k in keys for k in done) or not (shown is None or shown in keys):
            return None
        guide = cls()
        guide.done, guide.shown = set(done), shown
        return guide

    @classmethod
    def taken_up(cls, data: Any, seed: int, view: TableView) -> Guide | None:
        """The guide ``data`` kept (``to_dict``), if the table restored (its deal ``seed``, on show
        in ``view``) is still the guided hand and the guide had more to say; else None."""
        guide = cls.from_dict(data)
        if guide is None or guide.finished or seed != SEED or view.game != GAME or view.hand_number != 1:
            return None
        return guide
