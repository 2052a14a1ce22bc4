"""What the page's address asks for: a game, its options, a deal number.

``?game=contract&target=50`` starts Contract Whist to 50; ``#deal=N`` (with
the same ``game`` and option keys, in the query or in the fragment) starts
the game whose first hand is deal number N, so a deal can be shared as a
link; ``dealer=W`` with it replays a hand with its dealer. Pure Python, so
it is tested under CPython; the page passes ``location.search`` and
``location.hash``.

>>> start = parse_address("?game=short", "#deal=42&rubber=true")
>>> start.game, start.options, start.seed, start.problems
('short', {'rubber': True}, 42, [])
>>> parse_address("?game=snap", "").problems
["There is no game called 'snap': Classic Whist is dealt instead."]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from whist.engine.seats import Seat
from whist.table import catalog
from whist.table.records import DEAL_DIGITS
from whist.web.settings import PACES

if TYPE_CHECKING:
    from whist.table import Table

RESERVED = ("game", "deal", "seed", "dealer", "pace", "challenge", "join")
DEAL_NUMBER = re.compile(f"[0-9]{{1,{DEAL_DIGITS}}}")
"""A deal number as the address may give it: ASCII digits only (``str.isdigit`` also takes
"²" and "①", which ``int`` refuses), few enough to be a deal (:data:`whist.table.records.DEAL_DIGITS`)."""
MOST_PROBLEMS = 4
"""How many things wrong with an address are told one by one; the rest are counted."""


def _shown(text: str, most: int = 24) -> str:
    r"""A piece of the address as the notice quotes it: short, with what cannot be printed
    (line breaks, direction marks) escaped.

    >>> _shown("snap"), _shown("x" * 30), _shown("\u202e²\n")
    ("'snap'", "'xxxxxxxxxxxxxxxxxxxxxxxx'…", "'\\u202e²\\n'")
    """
    return repr(text[:most]) + ("…" if len(text) > most else "")

# The query codec of urllib.parse (parse_qsl, urlencode with their defaults), written
# out: that module and the ipaddress module it imports cost ~0.1 s of the page's start.
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def _unquote(text: str) -> str:
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    return _ESCAPES.sub(lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"), text)


def parse_pairs(query: str) -> list[tuple[str, str]]:
    """``urllib.parse.parse_qsl(query)``: the ``name=value`` pairs, blank values left out."""
    pairs = []
    for part in query.split("&"):
        name, eq, value = part.partition("=")
        if eq and value:
            pairs.append((_unquote(name), _unquote(value)))
    return pairs


def _quote(text: str) -> str:
    return "".join(c if c in _SAFE else "+" if c == " " else "".join(f"%{b:02X}" for b in c.encode())
                   for c in text)


def encode_pairs(pairs: dict[str, Any]) -> str:
    """``urllib.parse.urlencode(pairs)``."""
    return "&".join(f"{_quote(str(k))}={_quote(str(v))}" for k, v in pairs.items())


@dataclass
class StartRequest:
    game: str = field(default_factory=lambda: catalog.first_game().name)
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    """The deal number of the first hand; None: draw one fairly."""
    dealer: Seat | None = None
    pace: str | None = None
    """The pace the address asks for (one of ``whist.web.settings.PACES``); None: the player's own."""
    asked: bool = False
    """The address names a game, an option or a deal (not only a pace): a saved game
    of another kind is then not restored in its place."""
    problems: list[str] = field(default_factory=list)
    """What in the address could not be used, in plain words (the page says it once)."""
    challenge: str | None = None
    """A challenge link's text (``#challenge=``: whist.web.challenge_view reads it), not a game asked for."""
    join: str | None = None
    """A live table's invitation (``#join=``: whist.web.live_view answers it), not a game asked for."""


def _value(text: str, choices: tuple[Any, ...]) -> Any:
    for choice in choices:
        if str(choice).lower() == text.lower():
            return choice
    raise ValueError(text)


def parse_address(search: str, fragment: str) -> StartRequest:
    """Read the query and the fragment (either may hold any key; the fragment wins)."""
    pairs = dict(parse_pairs(search.lstrip("?"))) | dict(parse_pairs(fragment.lstrip("#")))
    start = StartRequest()
    start.asked = any(key not in ("pace", "challenge", "join") for key in pairs)
    start.challenge, start.join = pairs.get("challenge"), pairs.get("join")
    first = catalog.first_game()
    game = pairs.get("game", first.name)
    cls = catalog.game(game)
    if cls is None:
        start.problems.append(f"There is no game called {_shown(game)}: {first.title} is dealt instead.")
        cls = first
        game = cls.name
    start.game = game
    for key, text in pairs.items():
        if key in RESERVED:
            continue
        choices = cls.choices.get(key)
        if choices is None:
            start.problems.append(f"{cls.title} has no option {_shown(key)}; it was left out.")
            continue
        try:
            start.options[key] = _value(text, choices)
        except ValueError:
            start.problems.append(f"The option {key}={_shown(text, 12)} is not one of "
                                  f"{', '.join(str(c).lower() for c in choices)}; the usual one is used.")
    number = pairs.get("deal", pairs.get("seed"))
    if number is not None:
        if DEAL_NUMBER.fullmatch(number):
            start.seed = int(number)
        else:
            start.problems.append(f"{_shown(number)} is not a deal number (a whole number of up to {DEAL_DIGITS} "
                                  "digits): a new deal is drawn.")
    dealer = pairs.get("dealer")
    if dealer is not None:
        try:
            seat = Seat.parse(dealer)
        except ValueError:
            seat = None
        if seat is None or seat not in cls.seats:
            start.problems.append(f"{_shown(dealer)} cannot deal in {cls.title}; the usual dealer deals.")
        else:
            start.dealer = seat
    pace = pairs.get("pace")
    if pace is not None:
        if pace.lower() in PACES:
            start.pace = pace.lower()
        else:
            *most, last = PACES
            start.problems.append(f"{_shown(pace, 12)} is not a pace ({', '.join(most)} or {last}): your own "
                                  "speed is used.")
    if len(start.problems) > MOST_PROBLEMS:
        more = len(start.problems) - MOST_PROBLEMS + 1
        start.problems[MOST_PROBLEMS - 1:] = [f"{more} more things in the address could not be used either."]
    return start


def answers(start: StartRequest, table: Table, dealer: bool = False) -> bool:
    """Whether the game on ``table`` is of the game and options ``start`` asks for, and its deal
    if it names one (and, with ``dealer``, its first dealer).

    >>> from whist.table import Table
    >>> answers(parse_address("?game=short", "#deal=7"), Table(7, "short"))
    True
    >>> answers(parse_address("", "#deal=7&game=short&honours=false"), Table(7, "short"))
    False
    """
    return table.is_game(start.game, start.options, start.seed, start.dealer if dealer else None)


def plain_address(search: str) -> str:
    """The query to leave in the address once the page deals a game of its own (New game, Play
    again, a replay): only the pace, so that a reload restores that game, not the one the
    address asked for at first.

    >>> plain_address("?game=short&pace=instant&seed=7")
    '?pace=instant'
    >>> plain_address("?deal=7")
    ''
    """
    pairs = {key: value for key, value in parse_pairs(search.lstrip("?")) if key == "pace"}
    return "?" + encode_pairs(pairs) if pairs else ""


def share_fragment(game: str, options: dict[str, Any], deal_number: int, dealer: Seat | None = None) -> str:
    """The ``#deal=...`` fragment that starts this deal again (options that differ from the defaults)."""
    pairs: dict[str, Any] = {"deal": deal_number}
    if game != catalog.first_game().name:
        pairs["game"] = game
    for key, value in catalog.own_options(game, options).items():
        pairs[key] = str(value).lower()
    if dealer is not None:
        pairs["dealer"] = dealer.name
    return "#" + encode_pairs(pairs)
