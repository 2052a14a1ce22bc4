"""The New game dialog's content: every game with its options, and reading the choice back.

Plain HTML strings and plain data, no browser imports (tested under CPython);
:mod:`whist.web.formsui` puts them in the page.

>>> from whist.table import game_choices
>>> html = dialog_html(game_choices(), "short", {"target": 5, "honours": True})
>>> 'value="short" checked' in html and 'name="opt-short-honours"' in html
True
>>> read_options(game_choices(), "short", {"opt-short-target": "7", "opt-short-honours": "on"})
{'target': 7}
>>> read_options(game_choices(), "classic", {"opt-classic-rubber": "on", "opt-classic-draw": "high"})
{'rubber': True, 'draw': 'high'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from whist.table.session import GameChoice, OptionChoice

def _control(game: str, opt: OptionChoice, value: Any) -> str:
    name = f"opt-{game}-{opt.name}"
    help_id = f"{name}-help"
    help_p = f'<p class="opt-help" id="{help_id}">{escape(opt.help)}</p>'
    label = escape(opt.label)
    if opt.switch:
        checked = " checked" if value else ""
        return (f'<div class="opt opt-check"><input type="checkbox" id="{name}" name="{name}"{checked} '
                f'aria-describedby="{help_id}"><label for="{name}">{label}</label>{help_p}</div>')
    options = "".join(f'<option value="{escape(str(v))}"{" selected" if v == value else ""}>'
                      f'{escape(words)}</option>' for v, words in zip(opt.choices, opt.value_labels, strict=True))
    return (f'<div class="opt"><label for="{name}">{label}</label>'
            f'<select id="{name}" name="{name}" aria-describedby="{help_id}">{options}</select>{help_p}</div>')


def dialog_html(choices: Sequence[GameChoice], game: str, options: Mapping[str, Any]) -> str:
    """The games as a radio list, each with its blurb, a How to play link, and its options
    (only the chosen game's are shown: the page toggles ``hidden`` as the choice changes)."""
    games = []
    panels = []
    for g in choices:
        name = g.game
        on = name == game
        games.append(
            f'<label class="ng-game" data-game="{name}"><input type="radio" name="game" value="{name}"'
            f'{" checked" if on else ""}><span class="ng-title">{escape(g.title)}</span>'
            f'<span class="ng-blurb">{escape(g.blurb)}</span></label>')
        controls = "".join(_control(name, o, options.get(o.name, o.default) if on else o.default) for o in g.options)
        panels.append(
            f'<fieldset class="ng-options" data-for="{name}"{"" if on else " hidden"}>'
            f'<legend>{escape(g.title)}: options</legend>{controls}'
            f'<button type="button" class="link-btn ng-howto" data-howto="{name}">'
            f'How to play {escape(g.title)}</button></fieldset>')
    return (f'<fieldset class="ng-games"><legend>Game</legend>{"".join(games)}</fieldset>'
            f'<div class="ng-panels">{"".join(panels)}</div>')


def read_options(choices: Sequence[GameChoice], game: str, values: Mapping[str, str]) -> dict[str, Any]:
    """The options of ``game`` from the form's values (a checkbox is present when ticked),
    typed as the game wants them, defaults left out (so an address stays short)."""
    spec = next(g for g in choices if g.game == game)
    out: dict[str, Any] = {}
    for opt in spec.options:
        field = f"opt-{game}-{opt.name}"
        if opt.switch:
            value: Any = field in values
        else:
            raw = values.get(field)
            value = next((c for c in opt.choices if str(c) == raw), opt.default)
        if value != opt.default:
            out[opt.name] = value
    return out
