"""The bidding box's markup and words for Contract Whist: plain strings, no browser (tested in
CPython through :mod:`whist.web.auction_box`'s doctests). On a small touch screen the box shows
a strip of levels and the five bids of the level chosen (``.bid-levels``, ``static/games.css``):
every button 44 px square; elsewhere every open level's row at once."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from whist.web import markup

if TYPE_CHECKING:
    from whist.table.view import AuctionView, SeatView, TableView

COMPACT = "(pointer: coarse) and (max-width: 640px) and (max-height: 699px), (pointer: coarse) and (max-height: 500px)"
"""The screens where the box shows a level at a time (the same query as ``static/games.css``)."""
SUIT_PLURALS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trumps"}
STRAINS = ("C", "D", "H", "S", "NT")
LEVELS = tuple(range(7, 14))

#: The bidding keys for the help (keys as shown, what they do).
BID_KEYS: tuple[tuple[str, str], ...] = (
    ("7 8 9", "Choose the level of your bid: seven, eight or nine tricks"),
    ("1 then 0 1 2 3", "Levels ten to thirteen (0 alone is ten too)"),
    ("C D H S N", "After the level: clubs, diamonds, hearts, spades or no trumps"),
    ("P", "Choose Pass"),
    ("X", "Choose Double (when doubling is allowed)"),
    ("Enter", "Make the chosen call"),
    ("Esc", "Clear the choice"),
)


def split_call(call: str) -> tuple[int, str]:
    """``"10NT"`` -> ``(10, "NT")``."""
    strain = "NT" if call.upper().endswith("NT") else call[-1].upper()
    return int(call[: len(call) - len(strain)]), strain


def call_words(call: str) -> str:
    """A call in words, as the live region says it."""
    if call == "pass":
        return "Pass"
    if call == "double":
        return "Double"
    level, strain = split_call(call)
    return f"{level} {SUIT_PLURALS[strain]}"


def parse_level(key: str, pending: str | None) -> int | str | None:
    """The level a digit key gives: an int, ``"pending"`` after a ``1``, None for no level."""
    if pending == "1":
        return 10 + int(key) if key in "0123" else None
    if key in "789":
        return int(key)
    if key == "0":
        return 10
    if key == "1":
        return "pending"
    return None


def call_html(call: str) -> str:
    """A call as shown in the auction table and the toolbar: ``8`` and a heart, ``Pass``, ``Dbl``."""
    if call == "pass":
        return '<span class="call-pass">Pass</span>'
    if call == "double":
        return '<span class="call-dbl">Dbl</span>'
    level, strain = split_call(call)
    if strain == "NT":
        return f'<span class="call-bid">{level}<span class="nt">NT</span></span>'
    return f'<span class="call-bid {markup.colour(strain)}">{level}{markup.suit_svg(strain, "call-pip")}</span>'


def auction_grid(legal: Sequence[str], can_double: bool) -> str:
    """The bidding box: one row per level still open, five bids a row (illegal ones disabled),
    then Pass and Double; and a strip of those levels, which a small touch screen shows instead
    of the rows (:data:`COMPACT`), with only the chosen level's row."""
    allowed = set(legal)
    rows = []
    for level in LEVELS:
        bids = [f"{level}{s}" for s in STRAINS]
        if not any(b in allowed for b in bids):
            continue
        cells = []
        for bid in bids:
            ok = bid in allowed
            # (a no-trump bid's name holds the words it shows, "7NT", as a spoken name must)
            name = f"{bid}, no trumps" if bid.endswith("NT") else call_words(bid)
            cells.append(f'<button type="button" class="bid" data-call="{bid}" aria-label="{name}" '
                         f'aria-disabled="{"false" if ok else "true"}">{call_html(bid)}</button>')
        rows.append(f'<div class="bid-row" role="group" aria-label="Level {level}" data-level="{level}">'
                    f'{"".join(cells)}</div>')
    levels = "".join(f'<button type="button" class="bid-level" data-level="{level}" aria-pressed="false">{level}'
                     '</button>' for level in LEVELS if any(f"{level}{s}" in allowed for s in STRAINS))
    extra = ['<button type="button" class="bid bid-pass" data-call="pass" aria-label="Pass" '
             'aria-disabled="false">Pass</button>']
    if can_double:
        extra.append('<button type="button" class="bid bid-dbl" data-call="double" aria-label="Double" '
                     'aria-disabled="false">Double</button>')
    return (f'<div class="bid-grid"><div class="bid-levels" role="group" aria-label="Level">{levels}</div>'
            f'{"".join(rows)}</div><div class="bid-extra">{"".join(extra)}</div>')


def auction_table(auction: AuctionView, seats: Sequence[SeatView], to_call: str | None) -> str:
    """The calls so far by seat: a column for each of ``seats`` in their order of play, a row
    per round from the first caller."""
    columns = [s.seat for s in seats]
    names = {s.seat: s.name for s in seats}
    first = columns.index(auction.first)
    cells: list[str] = ['<td class="none"></td>'] * first
    for c in auction.calls:
        cells.append(f'<td data-seat="{c.seat}" aria-label="{escape(c.name)}: {call_words(c.call)}">'
                     f'{call_html(c.call)}</td>')
    if to_call is not None:
        cells.append(f'<td class="next" data-seat="{to_call}" aria-label="{names[to_call]}: to call">'
                     '<span aria-hidden="true">?</span></td>')
    n = len(columns)
    while len(cells) % n or not cells:
        cells.append('<td class="none"></td>')
    rows = "".join(f'<tr>{"".join(cells[i:i + n])}</tr>' for i in range(0, len(cells), n))
    head = "".join(f'<th scope="col" data-seat="{s}">{names[s]}</th>' for s in columns)
    return f'<table class="auction-table"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'


def contract_words(view: TableView) -> str:
    """``"Contract: 9 hearts by West."`` (``by you`` when you declare), or "" with no contract."""
    contract = view.auction.contract if view.auction else None
    if contract is None:
        return ""
    return f"Contract: {contract.long_name} by {declarer(view)}."


def declarer(view: TableView) -> str:
    contract = view.auction.contract if view.auction else None
    return "" if contract is None else "you" if contract.declarer == view.human else contract.declarer_name
