"""HTML for cards, card backs and suit symbols: plain strings, no browser imports.

The suit symbols are the SVG symbols ``#suit-S`` .. ``#suit-C`` of index.html.

>>> from whist.table.view import CardView
>>> qs = CardView("QS", "Queen of spades", "Q", "S")
>>> 'data-card="QS" aria-label="Queen of spades" aria-disabled="false"' in hand_card(qs, 0, True)
True
>>> 'aria-label="Queen of spades, trump"' in hand_card(qs, 0, True, trump="S")
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from whist.table.view import CardView, Play, TrickView

RED = frozenset("HD")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def suit_svg(suit: str, cls: str = "pip") -> str:
    return f'<svg class="{cls}" aria-hidden="true"><use href="#suit-{suit}"/></svg>'


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def face(rank: str, suit: str) -> str:
    """The inside of a card: two corner indices and the centre (pips, ace or face letter).

    Three elements whatever the card: CSS draws the rank glyphs (``content: attr(data-r)``)
    and the pips (the suit's picture, one background layer a pip, placed by the rank's
    class ``r2`` .. ``rT``: see whist.css). An ``<svg><use>`` a pip cost four to eight
    elements (its shadow tree), some ninety for the ten of clubs, each styled and laid out.

    >>> face("T", "C").count("<span")
    3
    >>> 'class="spots sC rT"' in face("T", "C") and 'class="court sH" data-r="Q"' in face("Q", "H")
    True
    """
    # A card is a picture whose name ("King of clubs") is its label, not the letter "K" printed
    # on it: all of it is hidden from assistive tech.
    index = f'class="idx {{}} s{suit}" data-r="{rank_label(rank)}" aria-hidden="true"></span>'
    if rank in "JQK":
        centre = f'<span class="court s{suit}" data-r="{rank}" aria-hidden="true"></span>'
    elif rank == "A":
        centre = f'<span class="ace s{suit}" aria-hidden="true"></span>'
    else:
        centre = f'<span class="spots s{suit} r{rank}" aria-hidden="true"></span>'
    return f'<span {index.format("idx-tl")}{centre}<span {index.format("idx-br")}'


def colour(suit: str) -> str:
    """A suit's classes: its colour in the two-colour deck, and the suit, which the four-colour
    deck colours (whist.css ``.four .sD``).

    >>> colour("D"), colour("S")
    ('red sD', 'black sS')
    """
    return f"{'red' if suit in RED else 'black'} s{suit}"


def spoken_name(card: CardView, trump: str | None) -> str:
    """A card's name as a screen reader says it: "Queen of spades, trump" for a trump; a card of
    your hand you may not play now says why in a few words ("Two of clubs, must follow hearts")."""
    why = getattr(card, "why", "")
    return card.name + (", trump" if card.suit == trump else "") + (f", {why}" if why else "")


def hand_card(card: CardView, i: int, enabled: bool, trump: str | None = None, focusable: bool = False) -> str:
    """One card of your hand: a button, named for assistive tech, disabled unless ``enabled``.

    Only one card of the hand is in the tab order (``focusable``): the arrow keys move along it.
    """
    disabled = "false" if enabled else "true"
    trump_cls = " trump" if card.suit == trump else ""
    return (f'<button type="button" class="card cface {colour(card.suit)}{trump_cls}" '
            f'data-card="{card.card}" aria-label="{escape(spoken_name(card, trump))}" '
            f'aria-disabled="{disabled}" tabindex="{0 if focusable else -1}" '
            f'style="--i:{i}">{face(card.rank, card.suit)}</button>')


def hand(cards: Sequence[CardView], enabled: Collection[str], trump: str | None, focus: int) -> str:
    """Your hand, each suit in a group of its own: a narrow screen wraps the hand onto more
    rows between two suits, never inside one (unless a suit alone is wider than the row)."""
    out = []
    for i, c in enumerate(cards):
        if not i or c.suit != cards[i - 1].suit:
            out.append(f'{"</span>" if i else ""}<span class="suit-group">')
        out.append(hand_card(c, i, c.card in enabled, trump, i == focus))
    return "".join(out) + ("</span>" if cards else "")


def hand_list(cards: Sequence[CardView]) -> str:
    """A hand as short lines, a suit each ("♠ Q J 7 3"): a dummy shown at a side seat, where its
    cards would not fit (the style sheet shows one or the other by where the dummy sits).

    >>> from whist.table.view import CardView
    >>> hand_list([CardView("QS", "Queen of spades", "Q", "S"), CardView("TS", "Ten of spades", "T", "S")])[-55:]
    '<span class="sr-only">spades:</span> Q 10</span></span>'
    """
    lines: dict[str, list[str]] = {}
    for c in cards:
        lines.setdefault(c.suit, []).append(rank_label(c.rank))
    rows = "".join(f'<span class="{colour(suit)}">{suit_svg(suit)}<span class="sr-only">{SUIT_WORDS[suit]}:</span> '
                   f'{" ".join(ranks)}</span>' for suit, ranks in lines.items())
    return f'<span class="hand-list">{rows}</span>' if rows else ""


def trick_card(play: Play, seat_name: str, order: int) -> str:
    """A card on the table, placed toward its player's side."""
    tilt = _tilt(play.card)
    why = f' data-why="{escape(play.why)}" tabindex="0" role="button"' if play.why else ' role="img"'
    return (f'<div class="tcard cface {colour(play.suit)}" data-card="{play.card}" '
            f'data-seat="{play.seat}"{why} aria-label="{escape(seat_name)}: {escape(play.name)}{WHY * bool(play.why)}" '
            f'style="--rot:{tilt}deg;z-index:{order + 1}">{face(play.rank, play.suit)}</div>')


WHY = " (why?)"
"""Added to the name of a card that says why it was played."""


def _tilt(card: str) -> int:
    """A small fixed tilt per card (-4..4 degrees), so the trick looks dropped by hand."""
    return (ord(card[0]) * 7 + ord(card[1]) * 13) % 9 - 4


def mini_card(card: CardView) -> str:
    """The small turn-up card of the toolbar."""
    return (f'<span class="mini {colour(card.suit)}" role="img" aria-label="{escape(card.name)}">'
            f'<span class="rk" data-r="{rank_label(card.rank)}"></span>{suit_svg(card.suit)}</span>')


def backs(n: int) -> str:
    return "".join(f'<span class="back" style="--i:{i}"></span>' for i in range(n))


def last_trick(trick: TrickView) -> str:
    """The last trick for review: each card at its seat, the winner marked in words and a ring."""
    out = []
    for play in trick.plays:
        seat = play.seat
        won = seat == trick.winner
        led = seat == trick.leader
        notes = ", ".join(n for n, on in (("led", led), ("won", won)) if on)
        label = f"{play.player}: {play.name}" + (f" ({notes})" if notes else "")
        tags = "".join(f'<span class="tag tag-{n}">{n}</span>' for n, on in (("led", led), ("won", won)) if on)
        out.append(
            f'<div class="last-seat last-{seat}{" won" if won else ""}" role="listitem" aria-label="{escape(label)}">'
            f'<span class="last-name" aria-hidden="true">{play.player}{tags}</span>'
            f'<span class="tcard cface {colour(play.suit)}"'
            + (f' data-why="{escape(play.why)}" tabindex="0" role="button" aria-label="{escape(play.name)}{WHY}">'
               if play.why else ' aria-hidden="true">') + f'{face(play.rank, play.suit)}</span></div>')
    return "".join(out)


def options(choices: dict[str, str], selected: str) -> str:
    """The <option>s of a select."""
    return "".join(f'<option value="{k}"{" selected" if k == selected else ""}>{escape(v)}</option>'
                   for k, v in choices.items())


def segmented(name: str, choices: dict[str, str], selected: str) -> str:
    """A row of radio buttons drawn as one segmented control."""
    return "".join(
        f'<label class="seg"><input type="radio" name="{name}" value="{k}"'
        f'{" checked" if k == selected else ""}><span>{escape(v)}</span></label>'
        for k, v in choices.items())
