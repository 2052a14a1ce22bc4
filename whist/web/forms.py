"""HTML for the English forms on the page: the score sheet, the draw for partners and deal,
honours and revokes in the hand summary, the rubber's result. Plain strings from the
Table's view (:class:`whist.table.view.TableView`); no browser imports (tested under CPython).

>>> from whist.table.view import ScoreSheet, SideNames, Sides
>>> sheet = ScoreSheet((), Sides(0, 0), False, Sides(0, 0), False)
>>> "No hand has been played yet" in score_sheet_html(sheet, SideNames("You and North", "East and West"))
True
>>> games_text(Sides(1, 0))
'Games 1\u20130'
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING

from whist.web import markup

if TYPE_CHECKING:
    from whist.table.view import DrawView, GameOver, ScoreSheet, SideNames, Sides, Summary

TRUMP_WORDS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs", "NT": "No trump"}


def games_text(games: Sides | None) -> str:
    """The toolbar's games of a rubber: ``Games 1-0`` with an en dash (us first); empty outside a rubber."""
    if not games:
        return ""
    return f"Games {games.us}\u2013{games.them}"


def _pair(d: Sides | Mapping[str, int]) -> str:
    return f"{d['us']}\u2013{d['them']}"


def score_sheet_html(sheet: ScoreSheet, sides: SideNames, title: str = "") -> str:
    """The score sheet: hand by hand, with the game boundaries of a rubber and the totals. A game
    that scores no honours (the view's ``honours`` is false) has no Honours column.

    >>> from whist.table.view import ScoreRow, ScoreSheet, SideNames, Sides
    >>> row = ScoreRow(1, 1, "W", "West", "H", None, None, None, Sides(8, 5), Sides(4, 0), Sides(2, 0), Sides(4, 0),
    ...                None, False, 12)
    >>> html = score_sheet_html(ScoreSheet((row,), Sides(4, 0), False, Sides(0, 0), True), SideNames("Us", "Them"))
    >>> "<td>8\u20135</td>" in html and 'data-hand="1"' in html
    True
    """
    us, them = escape(sides.us), escape(sides.them)
    us_label, them_label = escape(sides.us_label), escape(sides.them_label)
    two = (us_label, them_label) == (us, them)  # a game for two: the labels are the players' names
    pair = f"{us_label}\u2013{them_label}" if two else "us\u2013them"  # under a column's name
    if two:
        head = f'<p class="sheet-sides"><span class="side us">{us}</span> <span class="side them">{them}</span></p>'
    else:
        head = (f'<p class="sheet-sides"><span class="side us">{us_label}: {us}</span> '
                f'<span class="side them">{them_label}: {them}</span></p>')
    if not sheet.rows:
        return head + '<p class="sheet-empty">No hand has been played yet.</p>'
    contract = any(r.contract for r in sheet.rows)
    scores_honours = bool(sheet.honours)  # the engine's word: does this game score honours
    ncols = 7 if scores_honours else 6
    cols = ("<th scope=\"col\">Hand</th><th scope=\"col\">Dealer</th>"
            + ("<th scope=\"col\">Contract</th>" if contract else "<th scope=\"col\">Trumps</th>")
            + f"<th scope=\"col\">Tricks<br><small>{pair}</small></th>"
            + ("<th scope=\"col\">Honours</th>" if scores_honours else "")
            + f"<th scope=\"col\">Points<br><small>{pair}</small></th>"
            f"<th scope=\"col\">Score<br><small>{pair}</small></th>")
    body = []
    game = None
    for r in sheet.rows:
        if sheet.rubber and r.game != game:
            game = r.game
            body.append(f'<tr class="sheet-game"><th colspan="{ncols}" scope="rowgroup">Game {game}</th></tr>')
        hon = "" if not scores_honours else (
            "<td>\u2013</td>" if not (r.honours.us or r.honours.them) else f"<td>{_pair(r.honours)}</td>")
        what = (f'{escape(r.contract)} by {r.declarer_name}' if r.contract
                else "thrown in" if r.thrown_in else TRUMP_WORDS.get(r.trump, r.trump))
        body.append(
            f'<tr data-hand="{r.hand}"><th scope="row">{r.hand}</th><td>{r.dealer_name}</td>'
            f'<td>{what}</td><td>{_pair(r.tricks)}</td>{hon}'
            f'<td>{_pair(r.points)}</td><td class="sheet-run">{_pair(r.scores)}</td></tr>')
        if r.game_winner:
            who = us if r.game_winner == "us" else them
            body.append(f'<tr class="sheet-won sheet-{r.game_winner}"><td colspan="{ncols}">'
                        f'Game {r.game} to {who}</td></tr>')
    totals = sheet.totals
    points = {k: sum(r.points[k] for r in sheet.rows) for k in ("us", "them")}
    honours = {k: sum(r.honours[k] for r in sheet.rows) for k in ("us", "them")}
    bonus = {k: totals[k] - points[k] for k in ("us", "them")}
    hon_total = f"<td>{_pair(honours)}</td>" if scores_honours else ""
    last = ncols - 1
    foot = [f'<tr><th scope="row" colspan="4">Points from the hands</th>{hon_total}'
            f'<td>{_pair(points)}</td><td></td></tr>']
    if sheet.rubber:
        foot.append(f'<tr><th scope="row" colspan="{last}">Games won</th><td>{_pair(sheet.games)}</td></tr>')
        if bonus["us"] or bonus["them"]:
            foot.append(f'<tr><th scope="row" colspan="{last}">Rubber bonus</th><td>{_pair(bonus)}</td></tr>')
    foot.append(f'<tr class="sheet-total"><th scope="row" colspan="{last}">Total</th><td>{_pair(totals)}</td></tr>')
    caption = f"<caption>{escape(title)}</caption>" if title else ""
    return (head + f'<div class="sheet-scroll"><table class="score-table">{caption}<thead><tr>{cols}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody><tfoot>{"".join(foot)}</tfoot></table></div>')


def draw_html(draw: DrawView, shown: int | None = None) -> str:
    """The draw for partners and deal: each round's cards by player (``shown`` rounds; all if None),
    then who partners you and who deals.

    >>> from whist.table.view import DrawView, Play
    >>> ace = Play("AS", "Ace of spades", "A", "S", seat="S", player="You")
    >>> d = DrawView(((ace,),), "W", "West", "N", "North", False)
    >>> 'aria-label="You: Ace of spades"' in draw_html(d)
    True
    """
    rounds = draw.rounds if shown is None else draw.rounds[:shown]
    out = []
    for i, rnd in enumerate(rounds):
        cards = []
        for k, p in enumerate(rnd):
            who = p.player
            label = f'{who}: {p.name}'
            cards.append(
                f'<div class="draw-pick" data-seat="{p.seat}" style="--k:{k}">'
                f'<span class="draw-name">{who}</span>'
                f'<span class="tcard cface {markup.colour(p.suit)}" role="img" aria-label="{escape(label)}" '
                f'data-card="{p.card}">{markup.face(p.rank, p.suit)}</span></div>')
        note = "" if i == 0 else '<span class="draw-again">Tie: drawn again</span>'
        out.append(f'<div class="draw-round" data-round="{i + 1}">{note}{"".join(cards)}</div>')
    return "".join(out)


def honours_text(summary: Summary, sides: SideNames) -> str:
    """Who held the honours (A K Q J of trumps) and what they scored; empty when not counted.

    >>> from whist.table.view import SideNames, Sides, Summary
    >>> def hand(honours: Sides, held: Sides) -> Summary:
    ...     z = Sides(0, 0)
    ...     return Summary(1, 1, "S", "South", "H", z, z, z, honours, held, (), None, False, None, None, "")
    >>> sides = SideNames("You and North", "East and West")
    >>> honours_text(hand(Sides(2, 0), Sides(3, 1)), sides)
    'Honours: You and North held 3 of A K Q J of trumps and score 2; East and West held 1.'
    >>> honours_text(hand(Sides(0, 0), Sides(2, 2)), sides)
    'Honours: divided 2 and 2, nobody scores for them.'
    """
    points = summary.honours
    held = summary.honour_cards
    if points is None or held is None:
        return ""
    scorer = next((k for k in ("us", "them") if points[k]), None)
    if scorer is None:
        return f"Honours: divided {held['us']} and {held['them']}, nobody scores for them."
    other = "them" if scorer == "us" else "us"
    tail = f"; {sides[other]} held {held[other]}." if held[other] else "."
    return (f"Honours: {sides[scorer]} held {held[scorer]} of A K Q J of trumps and score "
            f"{points[scorer]}{tail}")


def revokes_text(summary: Summary) -> str:
    """The revokes of the hand under club rules, in words (each as the table words it:
    the tricks it really moved, which the game's penalty and the tricks won decide).

    >>> from types import SimpleNamespace as Of
    >>> revokes_text(Of(revokes=[Of(text="East revoked: two tricks go to you.")]))
    'East revoked: two tricks go to you.'
    """
    return " ".join(r.text for r in summary.revokes)


def rubber_result_html(over: GameOver, sheet: ScoreSheet) -> str:
    """The end of a rubber: games, points from the hands (with honours), the bonus, the totals.

    >>> from types import SimpleNamespace as Of
    >>> from whist.table.view import Sides
    >>> over = Of(winner="us", totals=Sides(12, 3), margin=9)
    >>> row = Of(points=Sides(10, 3), honours=Sides(2, 0))
    >>> html = rubber_result_html(over, Of(rows=[row], games=Sides(2, 0), totals=over.totals))
    >>> "Rubber bonus" in html and "12\u20133" in html
    True
    """
    rows = sheet.rows
    points = {k: sum(r.points[k] for r in rows) for k in ("us", "them")}
    honours = {k: sum(r.honours[k] for r in rows) for k in ("us", "them")}
    totals = over.totals
    bonus = {k: totals[k] - points[k] for k in ("us", "them")}
    items = [("Games", _pair(sheet.games)), ("Points from tricks", _pair(
        {k: points[k] - honours[k] for k in points})), ("Honours", _pair(honours)),
             ("Rubber bonus", _pair(bonus)), ("Total", _pair(totals))]
    cells = "".join(f'<div class="rr-item"><dt>{escape(k)}</dt><dd>{escape(v)}</dd></div>' for k, v in items)
    return f'<dl class="rubber-result">{cells}</dl>'
