"""Why a computer played a card, in one sentence naming it: the reason its player gave when it
chose the card (``advise``'s :data:`whist.ai.knowledge.Why`, kept by the table), worded in the
third person, as the table names the seats (:func:`played`). A hint's reason, worded for you,
is :func:`whist.table.words.reason`; the facts are the same.

>>> from whist.engine.cards import parse_card
>>> names = {Seat.W: "West", Seat.S: "you"}.get
>>> played("East", parse_card("KS"), ("third-high", parse_card("9S"), Seat.W), "you", names)
'East played the K\u2660: third hand high, to beat West\u2019s 9\u2660.'
>>> played("North", parse_card("7H"), ("return", 1), "you", names, lead=True)
'North returned your lead with the 7\u2665: you led hearts.'
>>> played("West", parse_card("3S"), ("ruff", 3), "East", names)
'West ruffed with the 3\u2660: void in clubs, and nobody after could overruff.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whist.engine.cards import SUIT_NAMES
from whist.engine.seats import Seat
from whist.table.words import count_given, glyph, plural

Why = tuple[Any, ...]


def _s(x: str) -> str:
    """The possessive: ``"your"``, ``"West\u2019s"``."""
    return "your" if x == "you" else f"{x}\u2019s"


def played(who: str, card: int, why: Why, partner: str, name: Callable[[Seat], str | None],
           lead: bool = False) -> str:
    """``who`` (the seat's name) played ``card`` because of ``why``; ``partner`` names its partner
    ("you", "West"), ``name`` any seat as the table does ("you" for yours), ``lead``: it led.
    "" for a reason that cannot be worded (a damaged record)."""
    try:
        return f"{who} {_tail(card, why, partner, name, lead)}."
    except (LookupError, TypeError, ValueError, AttributeError):
        return ""


def _tail(card: int, why: Why, partner: str, name: Callable[[Seat], str | None], lead: bool) -> str:
    code, *f = why
    c = glyph(card)
    v = f"{'led' if lead else 'played'} the {c}: "
    p = _s(partner)

    def g(k: int) -> str:
        return glyph(f[k])

    def whose(k: int) -> str:
        return f"{_s(name(Seat(f[k])) or Seat(f[k]).long_name)} {g(k - 1)}"

    def low(k: int | None = None) -> str:
        return ("it played low" if f[0] else "it threw its least useful card") + count(k)

    def count(k: int | None) -> str:
        n = count_given(f, k)
        if n is None:
            return ""
        held = SUIT_NAMES[card // 13]
        return f", high first: an even number of {held}" if n % 2 == 0 else f", its lowest: an odd number of {held}"

    def suit(k: int) -> str:
        return SUIT_NAMES[f[k]]

    if code == "search":
        n, _, value, other, theirs, rule = f
        d = value - theirs
        tried = f"over {plural(int(n + 0.5), 'deal')} of the hidden cards"
        if d < -0.05:
            found = f"; {tried} the {glyph(other)} took only {-d:.1f} tricks more, too few to trust"
        elif d < 0.05:
            found = f"; {tried} it took as many tricks as the {glyph(other)}"
        else:
            found = f"; {tried} it took {d:.1f} tricks more than the {glyph(other)}"
        if rule is None:
            return v + found[2:]
        return _tail(card, rule, partner, name, lead) + found
    if code == "stock-search":
        n, value, other, theirs = f
        tried = f"over {plural(n, 'layout')} of the hidden cards and the stock"
        if other is None:
            return f"{v}{tried}, it leads to about {value:.1f} Phase Two tricks"
        return f"{v}{tried}, it leads to {value - theirs:.1f} Phase Two tricks more than the {glyph(other)}"
    if code == "trumps":
        n, honours, out = f
        held = (f"{n} of them" if n >= 5 else f"{n} with {honours} honours" if n >= 4 and honours >= 2
                else f"{n} of the {n + out} left")
        return f"{v}leading trumps, holding {held}"
    if code == "return":
        return f"returned {p} lead with the {c}: {partner} led {suit(0)}"
    if code == "ruff":
        return f"ruffed with the {c}: void in {suit(0)}, and nobody after could overruff"
    if code == "cover":
        return f"covered the {g(0)} with the {c}: an honour on an honour"
    return v + {
        "only": lambda: "the only card it could play",
        "exact": lambda: f"every card is known, and it keeps the most it can take, {f[0]} of {plural(f[1], 'trick')}",
        "partner-wins": lambda: f"{p} {g(1)} was winning, so {low(2)}",
        "rescue": lambda: f"{p} {g(0)} might be beaten, and the {c} wins for sure",
        "force": lambda: f"{p} {g(0)} might be beaten: the {c} forces out higher cards",
        "no-help": lambda: f"{p} {g(1)} might be beaten and it could not help, so {low(2)}",
        "cannot-win": lambda: f"it could not beat {whose(2)}, so {low(3)}",
        "last": lambda: f"last to play, the cheapest card to beat {whose(1)}",
        "no-ruff": lambda: f"void in {suit(0)}, but a ruff could be overruffed",
        "cover-safe": lambda: f"it covers the {g(0)} and wins for sure",
        "last-chance": lambda: f"a sure trick that may not survive another round of {suit(0)}",
        "cheap-win": lambda: f"it wins for sure and costs no more than its lowest {suit(0)}",
        "second-low": lambda: f"second hand low{count(0)}",
        "third-safe": lambda: f"third hand, it beats {whose(1)} and nobody after can beat it",
        "third-high": lambda: f"third hand high, to beat {whose(1)}",
        "third-low": lambda: f"an opponent after it surely holds better, so {low(2)}",
        "draw": lambda: "drawing trumps, as declarer",
        "nt-ours": lambda: f"against no trumps, it keeps leading {suit(0)}",
        "nt-long": lambda: "against no trumps, its longest suit",
        "short": lambda: f"from a short suit, to ruff {suit(0)} later",
        "trumps-asked": lambda: f"trumps, as {partner} led them",
        "only-trumps": lambda: "it held only trumps",
        "for-ruff": lambda: f"{partner} {'are' if partner == 'you' else 'is'} out of {suit(0)} and can ruff",
        "cash": lambda: "cashing it before it can be trumped" if f[0] else "cashing the master",
        "longest": lambda: f"from its longest, strongest suit{', one they cannot ruff' if f[1] else ''}",
        "careless": lambda: "a guess: Easy plays any card now and then",
        "top-long": lambda: "the top of its longest suit",
        "grab": lambda: f"grabbing the trick from {whose(1)}",
        "fight": lambda: f"the {g(0)} on the stock is worth winning, and this takes it most cheaply",
        "dear": lambda: f"winning the {g(0)} on the stock would cost too much",
        "no-winner": lambda: f"it could not win the {g(0)} on the stock: its cheapest card",
        "let-go": lambda: f"the {g(0)} on the stock is not worth a good card",
        "lead-win": lambda: f"the {g(0)} on the stock is worth winning, and they can hardly beat it",
        "lead-cheap": lambda: f"no sure winner for the {g(0)} on the stock",
    }[code]()


def checked(data: Any, depth: int = 0) -> Why | None:
    """A reason as it was saved or sent (JSON: lists), as a tuple; None if it is not one
    (a code, then numbers, flags, nothing, or one nested reason)."""
    if not isinstance(data, (list, tuple)) or not 0 < len(data) <= 8 or not isinstance(data[0], str):
        return None
    out: list[Any] = [data[0][:16]]
    for x in data[1:]:
        if isinstance(x, (list, tuple)):
            x = checked(x, 1) if depth == 0 else None
            if x is None:
                return None
        elif x is not None and not isinstance(x, (int, float)):
            return None
        out.append(x)
    return tuple(out)
