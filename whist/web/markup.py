"""HTML for cards, card backs and suit symbols: plain strings, no browser imports.

The suit symbols are the SVG symbols ``#suit-S`` .. ``#suit-C`` of index.html.

>>> 'data-card="QS"' in hand_card({"card": "QS", "name": "Queen of spades", "rank": "Q", "suit": "S", "legal": True}, 0)
True
"""

from __future__ import annotations

from html import escape
from typing import Any

#: Where the pips of each spot card sit, as (x, y) percentages of the pip area.
SPOTS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((50, 0), (50, 100)),
    "3": ((50, 0), (50, 50), (50, 100)),
    "4": ((0, 0), (100, 0), (0, 100), (100, 100)),
    "5": ((0, 0), (100, 0), (50, 50), (0, 100), (100, 100)),
    "6": ((0, 0), (100, 0), (0, 50), (100, 50), (0, 100), (100, 100)),
    "7": ((0, 0), (100, 0), (50, 25), (0, 50), (100, 50), (0, 100), (100, 100)),
    "8": ((0, 0), (100, 0), (50, 25), (0, 50), (100, 50), (50, 75), (0, 100), (100, 100)),
    "9": ((0, 0), (100, 0), (0, 33.3), (100, 33.3), (50, 50), (0, 66.7), (100, 66.7),
          (0, 100), (100, 100)),
    "T": ((0, 0), (100, 0), (50, 16.7), (0, 33.3), (100, 33.3), (0, 66.7), (100, 66.7),
          (50, 83.3), (0, 100), (100, 100)),
}
RED = frozenset("HD")


def suit_svg(suit: str, cls: str = "pip", style: str = "") -> str:
    st = f' style="{style}"' if style else ""
    return f'<svg class="{cls}" aria-hidden="true"{st}><use href="#suit-{suit}"/></svg>'


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def face(rank: str, suit: str) -> str:
    """The inside of a card: two corner indices and the centre (pips, ace or face letter)."""
    index = f'<span class="rk">{rank_label(rank)}</span>{suit_svg(suit)}'
    if rank in "JQK":
        centre = (f'<span class="court"><span class="court-letter">{rank}</span>'
                  f'{suit_svg(suit, "court-pip")}</span>')
    elif rank == "A":
        centre = f'<span class="ace">{suit_svg(suit, "ace-pip")}</span>'
    else:
        spots = "".join(
            suit_svg(suit, "spot flip" if y > 50 else "spot", f"--x:{x}%;--y:{y}%")
            for x, y in SPOTS[rank])
        centre = f'<span class="spots">{spots}</span>'
    return (f'<span class="idx idx-tl" aria-hidden="true">{index}</span>{centre}'
            f'<span class="idx idx-br" aria-hidden="true">{index}</span>')


def colour(suit: str) -> str:
    return "red" if suit in RED else "black"


def hand_card(card: dict[str, Any], i: int) -> str:
    """One card of your hand: a button, named for assistive tech, disabled until legal."""
    disabled = "false" if card["legal"] else "true"
    return (f'<button type="button" class="card cface {colour(card["suit"])}" '
            f'data-card="{card["card"]}" aria-label="{escape(card["name"])}" '
            f'aria-disabled="{disabled}" style="--i:{i}">{face(card["rank"], card["suit"])}</button>')


def trick_card(play: dict[str, Any], seat_name: str, order: int) -> str:
    """A card on the table, placed toward its player's side."""
    tilt = _tilt(play["card"])
    return (f'<div class="tcard cface {colour(play["suit"])} from" data-card="{play["card"]}" '
            f'data-seat="{play["seat"]}" role="img" aria-label="{escape(seat_name)}: {escape(play["name"])}" '
            f'style="--rot:{tilt}deg;z-index:{order + 1}">{face(play["rank"], play["suit"])}</div>')


def _tilt(card: str) -> int:
    """A small fixed tilt per card (-4..4 degrees), so the trick looks dropped by hand."""
    return (ord(card[0]) * 7 + ord(card[1]) * 13) % 9 - 4


def mini_card(card: dict[str, Any]) -> str:
    """The small turn-up card of the toolbar."""
    return (f'<span class="mini {colour(card["suit"])}" aria-label="{escape(card["name"])}">'
            f'<span class="rk">{rank_label(card["rank"])}</span>{suit_svg(card["suit"])}</span>')


def backs(n: int) -> str:
    return "".join(f'<span class="back" style="--i:{i}"></span>' for i in range(n))
