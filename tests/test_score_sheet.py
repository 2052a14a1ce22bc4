"""The score sheet's Honours column: shown (with its total) only in a game that scores honours,
as the engine's view says (``score_sheet["honours"]``), never a stray "0-0" under it."""

from __future__ import annotations

import re

import pytest

from tests.test_forms_web import play_out
from whist.table import Table
from whist.web import forms


def foot_row(html: str) -> str:
    found = re.search(r"<tr><th scope=\"row\" colspan=\"4\">Points from the hands</th>(.*?)</tr>", html)
    if found is None:
        raise AssertionError("no 'Points from the hands' row")
    return found.group(1)


def cells_per_row(html: str) -> set[int]:
    """How many columns each row of the table spans (th and td, colspans counted)."""
    widths = set()
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html):
        width = 0
        for attrs in re.findall(r"<t[hd](?=[\s>])([^>]*)>", row):
            span = re.search(r'colspan="(\d+)"', attrs)
            width += int(span.group(1)) if span else 1
        widths.add(width)
    return widths


@pytest.mark.parametrize("game", ["classic", "american"])
def test_a_game_without_honours_has_no_honours_column(game: str) -> None:
    table = Table(5, game)
    play_out(table, 2)
    sheet = table.view().score_sheet
    assert sheet.honours is False and sheet.rows
    html = forms.score_sheet_html(sheet, table.view().side_names)
    assert "Honours" not in html
    assert foot_row(html).count("<td>") == 2  # the points and the empty score cell; no "0-0" for honours
    assert cells_per_row(html) == {6}


def test_a_game_with_honours_shows_them_and_their_total() -> None:
    table = Table(21, "short", rubber=True)
    play_out(table, 40)
    view = table.view()
    sheet = view.score_sheet
    assert sheet.honours is True
    html = forms.score_sheet_html(sheet, view.side_names)
    assert '<th scope="col">Honours</th>' in html
    total = {k: sum(r.honours[k] for r in sheet.rows) for k in ("us", "them")}
    assert foot_row(html).startswith(f"<td>{total['us']}\u2013{total['them']}</td>")
    assert cells_per_row(html) == {7}


def test_the_option_off_drops_the_column_in_a_game_that_may_score_honours() -> None:
    table = Table(8, "short", honours=False)
    play_out(table, 1)
    sheet = table.view().score_sheet
    assert sheet.honours is False
    assert "Honours" not in forms.score_sheet_html(sheet, table.view().side_names)
