"""The page's pure helpers for the English forms: the New game dialog, the score sheet,
the draw, honours and revokes in words, the How to play of every form."""

from __future__ import annotations

import pytest

from whist.table import Table, game_choices
from whist.table.view import DummyView, HandCard, Revoke, SideNames, Sides, Summary
from whist.web import forms, howto, markup, newgame


def play_out(table: Table, hands: int = 1) -> None:
    for _ in range(hands):
        if table.view().phase == "draw":
            table.proceed()
        while table.view().phase == "play":
            if not table.computer_step():
                v = table.view()
                cards = v.hand if v.to_play == "S" else _dummy_cards(v.dummy)
                assert table.human_play(next(c.card for c in cards if c.legal)).ok
        if table.view().game_over:
            return
        table.proceed()


def _dummy_cards(dummy: DummyView | None) -> tuple[HandCard, ...]:
    assert dummy is not None and dummy.cards is not None, "the dummy's cards are on show"
    return dummy.cards


def _summary(honours: Sides | None, held: Sides | None, revokes: tuple[Revoke, ...] = ()) -> Summary:
    z = Sides(0, 0)
    return Summary(1, 1, "S", "South", "H", z, z, z, honours, held, revokes, None, False, None, None, "")


@pytest.mark.parametrize("game", [g.game for g in game_choices()])
def test_dialog_defaults_read_back_as_no_options(game: str) -> None:
    choices = game_choices()
    html = newgame.dialog_html(choices, game, {})
    assert f'value="{game}" checked' in html
    spec = next(g for g in choices if g.game == game)
    values = {}
    for opt in spec.options:
        field = f"opt-{game}-{opt.name}"
        if opt.default is True:
            values[field] = "on"
        elif not isinstance(opt.default, bool):
            values[field] = str(opt.default)
    assert newgame.read_options(choices, game, values) == {}
    Table(1, game, **newgame.read_options(choices, game, values))


def test_dialog_options_start_the_game_asked_for() -> None:
    choices = game_choices()
    opts = newgame.read_options(choices, "long", {"opt-long-target": "5", "opt-long-rubber": "on",
                                                  "opt-long-draw": "low", "opt-long-revokes": "club"})
    assert opts == {"target": 5, "honours": False, "rubber": True, "draw": "low", "revokes": "club"}
    view = Table(2, "long", **opts).view()
    assert view.draw is not None
    assert view.phase == "draw" and view.target == 5 and view.draw.aces_low
    html = newgame.dialog_html(choices, "long", opts)
    assert 'name="opt-long-rubber" checked' in html and '<option value="low" selected>' in html


def test_score_sheet_of_a_rubber_has_its_games_and_totals() -> None:
    table = Table(21, "short", rubber=True)
    play_out(table, 40)
    view = table.view()
    assert view.game_over
    html = forms.score_sheet_html(view.score_sheet, view.side_names)
    assert html.count('data-hand="') == len(view.score_sheet.rows)
    assert "Game 1" in html and "Game 2" in html and "Total" in html
    totals = view.game_over.totals
    assert f"{totals['us']}\u2013{totals['them']}" in html
    result = forms.rubber_result_html(view.game_over, view.score_sheet)
    assert "Rubber bonus" in result


def test_draw_in_words() -> None:
    view = Table(3, "classic", draw="high").view()
    draw = view.draw
    assert draw is not None
    html = forms.draw_html(draw)
    assert html.count("draw-pick") == sum(len(r) for r in draw.rounds)
    assert ("Tie: drawn again" in html) == (len(draw.rounds) > 1)
    assert draw.result.endswith("first.") and draw.rule.endswith("You always sit South.")
    partner = f"{draw.partner_name} is your partner. " if draw.partner_name else ""
    deals = "deal" if draw.dealer == "S" else "deals"
    assert draw.result == f"{partner}{draw.dealer_name} {deals} first."
    assert ("the highest deals, aces are low" in draw.rule) == draw.aces_low


def test_honours_and_revokes_in_words() -> None:
    sides = SideNames("You and North", "East and West")
    s = _summary(Sides(0, 4), Sides(0, 4))
    assert forms.honours_text(s, sides) == "Honours: East and West held 4 of A K Q J of trumps and score 4."
    assert forms.honours_text(_summary(None, None), sides) == ""
    assert forms.revokes_text(_summary(None, None, (Revoke("W", "West", 0, "West revoked: x."),))) == (
        "West revoked: x.")


@pytest.mark.parametrize("game", [g.game for g in game_choices()])
def test_how_to_play_for_every_form(game: str) -> None:
    html = howto.game_html(game)
    assert "<h3>" in html and "follow suit" in html.lower()
    view = Table(5, game).view()
    assert howto.rules_html(view)


def test_how_to_play_follows_the_options() -> None:
    assert "No-trump hands" in howto.game_html("classic", {"no_trump": True})
    assert "Revokes (club rules)" in howto.game_html("short", {"revokes": "club"})
    assert "aces count low" in howto.game_html("classic", {"draw": "low"})
    assert "A rubber" in howto.game_html("short", {"rubber": True})
    classic = howto.rules_html(Table(5).view())
    assert "7 points" in classic and "are trumps" in classic


def test_how_to_play_is_the_rules_answer_and_the_page_only_lays_it_out() -> None:
    """The rules classes say how to play in plain sentences; the page's howto names no game,
    option or default, and turns the sentences' marks into tags."""
    import ast
    from pathlib import Path

    from whist.table import catalog

    for choice in game_choices():
        sections = catalog.how_to_play(choice.game, hand=("West", "Seven of hearts", "Hearts"))
        words = " ".join(p for s in sections for p in (s.heading, *s.paragraphs, *s.points))
        assert words and "<" not in words and "&" not in words
    assert [s.heading for s in catalog.how_to_play("classic", {"no_trump": True})][1] == "No-trump hands"
    source = Path(howto.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in docs}
    names = {g.game for g in game_choices()} | {o.name for g in game_choices() for o in g.options}
    assert not strings & names, strings & names
    assert "options.get" not in source and "opts" not in source
    assert "<strong>North</strong>" in howto.game_html("classic") and "<em>book</em>" in howto.game_html("classic")


def test_turn_words_name_the_hand_that_plays() -> None:
    """In Dummy Whist, your dummy's turn is North's, with North's cards deciding 'follow'."""
    table = Table(seed=31, game="dummy")
    seen = set()
    while table.view().phase == "play":
        if table.computer_step():
            continue
        v = table.view()
        who, what = v.turn.who, v.turn.what
        cards = _dummy_cards(v.dummy) if v.to_play == "N" else v.hand
        assert who == ("North\u2019s turn (your dummy)" if v.to_play == "N" else "Your turn")
        if v.trick:
            led = v.trick[0].suit
            assert (what == f"follow {markup.SUIT_WORDS[led]}") == any(c.suit == led for c in cards)
        else:
            assert what == "lead any card"
        seen.add(v.to_play)
        assert table.human_play(next(c.card for c in cards if c.legal)).ok
    assert seen == {"N", "S"}


def test_the_dialog_words_come_from_the_rules() -> None:
    """An option's label, help and value labels are the rules class's: the dialog only lays them out."""
    from whist.engine.rules import GAMES

    for g in game_choices():
        cls = GAMES[g.game]
        for opt in g.options:
            assert opt.label == cls.option_label(opt.name) and opt.help == cls.option_help(opt.name)
            assert opt.value_labels == tuple(cls.value_label(opt.name, v) for v in opt.choices)
    html = newgame.dialog_html(game_choices(), "german", {})
    assert "A separate card, for Phase Two" in html and ">21 points<" in html



#: What How to play tells a player a key does, and the row of the controls' keys that must say so.
KEY_MEANINGS = {"for a hint": "Hint", "to take a card back": "Undo"}


def test_every_key_how_to_play_names_does_what_it_says() -> None:
    """Each key How to play tells a player to press ("[I] for a hint") is the key the controls
    (whist.web.howto.KEYS, which the page's key handler follows) give that meaning, in every form:
    when the hint moved from H to I, the rules kept saying H."""
    import re

    from whist.table import catalog

    said = 0
    for choice in game_choices():
        for options in ({}, *({o.name: c} for o in choice.options for c in o.choices if c != o.default)):
            sections = catalog.how_to_play(choice.game, options, ("West", "Seven of hearts", "Hearts"))
            words = " ".join(p for s in sections for p in (s.heading, *s.paragraphs, *s.points))
            for key, what in re.findall(r"\[(.+?)\] ((?:for|to) [a-z ]+)", words):
                meaning = next((m for phrase, m in KEY_MEANINGS.items() if what.startswith(phrase)), None)
                assert meaning is not None, f"{choice.game}: [{key}] {what}: a key not in KEY_MEANINGS"
                assert any(k == key and d.startswith(meaning) for k, d in howto.KEYS), (choice.game, key, what)
                said += 1
    assert said > 0
