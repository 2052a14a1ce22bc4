"""The challenge dialog's content as HTML: both plays side by side, or your own results.

Plain strings from the engine's values (whist.table.challenge_run), no browser import (tested
under CPython); :mod:`whist.web.challenge_view` puts them in the page.

>>> cost_text(None), cost_text(0), cost_text(2), cost_text(-1)
('double-dummy cost: working it out\u2026', 'double-dummy cost: none', 'double-dummy cost: 2 tricks', \
'double-dummy cost: not worked out')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from whist.table.challenge_run import signed

if TYPE_CHECKING:
    from whist.table.challenge_run import Comparison

NOT_ANALYSED = -1
"""A cost the analysis could not work out (the worker failed)."""


def cost_text(cost: int | None) -> str:
    """A play's double-dummy cost in words (None: still being worked out)."""
    if cost is None:
        return "double-dummy cost: working it out\u2026"
    if cost == NOT_ANALYSED:
        return "double-dummy cost: not worked out"
    return "double-dummy cost: " + ("none" if cost == 0 else f"{cost} trick{'s' if cost != 1 else ''}")


def comparison_html(result: Comparison, costs: Mapping[tuple[int, int], int]) -> str:
    """Both plays deal by deal: each result, its double-dummy cost (``costs`` by (player, deal):
    those missing are still being worked out), who did better (in words, not by colour alone),
    where the plays first differed; then the deals won and the points."""
    names = [escape(n) for n in result.names]
    rows = []
    for row in result.rows:
        cells = []
        for who, played in enumerate(row.results):
            better = row.better == who
            mark = '<span class="ch-mark">\u2713 better</span>' if better else ""
            cost = costs.get((who, row.number - 1))
            klass = ' class="better"' if better else ""
            cells.append(f'<td{klass} data-cost="{"" if cost is None else cost}">'
                         f'<span class="ch-result">{escape(played.text)}</span> {mark}'
                         f'<span class="ch-cost">{escape(cost_text(cost))}</span></td>')
        rows.append(f'<tr class="ch-row"><th scope="row">{row.number}<span class="ch-deal">{escape(row.header)}</span>'
                    f'</th>{"".join(cells)}</tr>'
                    f'<tr class="ch-split"><td colspan="3">{escape(row.split)}</td></tr>')
    won = "".join(f"<td>{n}</td>" for n in result.won)
    points = "".join(f"<td>{signed(p)}</td>" for p in result.points)
    return (f'<table class="ch-table"><caption>{escape(result.text)}</caption>'
            f'<thead><tr><th scope="col">Deal</th><th scope="col">{names[0]}</th><th scope="col">{names[1]}</th>'
            f'</tr></thead><tbody>{"".join(rows)}</tbody>'
            f'<tfoot><tr><th scope="row">Deals won</th>{won}</tr><tr><th scope="row">Points</th>{points}</tr>'
            f'</tfoot></table>')


def own_html(results: Sequence[tuple[str, str]]) -> str:
    """Your results, deal by deal, before anyone has answered the challenge.

    >>> own_html([("Deal 1", "8 tricks, +2")])
    '<ul class="ch-own"><li><span class="ch-deal">Deal 1</span><span>8 tricks, +2</span></li></ul>'
    """
    items = "".join(f'<li><span class="ch-deal">{escape(deal)}</span><span>{escape(text)}</span></li>'
                    for deal, text in results)
    return f'<ul class="ch-own">{items}</ul>'
