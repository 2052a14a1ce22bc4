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

from html import escape
from typing import Any

#: How each option's values read in the dialog (a value not listed reads as itself).
VALUE_LABELS: dict[str, dict[Any, str]] = {
    "target": {5: "5 points", 7: "7 points", 9: "9 points", 17: "17 points", 21: "21 points",
               50: "50 points", 100: "100 points"},
    "draw": {"none": "No draw", "high": "High: two highest partner, lowest deals",
             "low": "Low: highest deals, aces low"},
    "revokes": {"prevented": "Prevented", "club": "Club rules (allowed, and penalised)"},
    "scoring": {"difference": "The difference in tricks", "above-six": "Tricks over six"},
    "trump": {"turn-up": "The first face-up card", "variable": "A separate card, for Phase Two",
              "none": "No trumps"},
    "match": {"target": "To the target", "three-deals": "Three deals"},
}

#: The label of each option in the dialog.
OPTION_LABELS = {
    "target": "Game to", "honours": "Honours count", "rubber": "Play a rubber (best of three games)",
    "no_trump": "No-trump hands", "draw": "Draw for partners and deal", "revokes": "Revokes",
    "doubling": "Doubling", "scoring": "A deal scores", "trump": "Trumps", "match": "The match",
}


def value_label(key: str, value: Any) -> str:
    return VALUE_LABELS.get(key, {}).get(value, str(value))


def _control(game: str, opt: dict[str, Any], value: Any) -> str:
    key = opt["name"]
    name = f"opt-{game}-{key}"
    help_id = f"{name}-help"
    help_p = f'<p class="opt-help" id="{help_id}">{escape(opt["help"])}</p>'
    label = escape(OPTION_LABELS.get(key, key.replace("_", " ").capitalize()))
    if sorted(opt["choices"], key=str) == [False, True]:
        checked = " checked" if value else ""
        return (f'<div class="opt opt-check"><input type="checkbox" id="{name}" name="{name}"{checked} '
                f'aria-describedby="{help_id}"><label for="{name}">{label}</label>{help_p}</div>')
    options = "".join(f'<option value="{escape(str(v))}"{" selected" if v == value else ""}>'
                      f'{escape(value_label(key, v))}</option>' for v in opt["choices"])
    return (f'<div class="opt"><label for="{name}">{label}</label>'
            f'<select id="{name}" name="{name}" aria-describedby="{help_id}">{options}</select>{help_p}</div>')


def dialog_html(choices: list[dict[str, Any]], game: str, options: dict[str, Any]) -> str:
    """The games as a radio list, each with its blurb, a How to play link, and its options
    (only the chosen game's are shown: the page toggles ``hidden`` as the choice changes)."""
    games = []
    panels = []
    for g in choices:
        name = g["game"]
        on = name == game
        games.append(
            f'<label class="ng-game" data-game="{name}"><input type="radio" name="game" value="{name}"'
            f'{" checked" if on else ""}><span class="ng-title">{escape(g["title"])}</span>'
            f'<span class="ng-blurb">{escape(g["blurb"])}</span></label>')
        current = {o["name"]: (options.get(o["name"], o["default"]) if on else o["default"]) for o in g["options"]}
        controls = "".join(_control(name, o, current[o["name"]]) for o in g["options"])
        panels.append(
            f'<fieldset class="ng-options" data-for="{name}"{"" if on else " hidden"}>'
            f'<legend>{escape(g["title"])}: options</legend>{controls}'
            f'<button type="button" class="link-btn ng-howto" data-howto="{name}">'
            f'How to play {escape(g["title"])}</button></fieldset>')
    return (f'<fieldset class="ng-games"><legend>Game</legend>{"".join(games)}</fieldset>'
            f'<div class="ng-panels">{"".join(panels)}</div>')


def read_options(choices: list[dict[str, Any]], game: str, values: dict[str, str]) -> dict[str, Any]:
    """The options of ``game`` from the form's values (a checkbox is present when ticked),
    typed as the game wants them, defaults left out (so an address stays short)."""
    spec = next(g for g in choices if g["game"] == game)
    out: dict[str, Any] = {}
    for opt in spec["options"]:
        key = opt["name"]
        field = f"opt-{game}-{key}"
        if sorted(opt["choices"], key=str) == [False, True]:
            value: Any = field in values
        else:
            raw = values.get(field)
            value = next((c for c in opt["choices"] if str(c) == raw), opt["default"])
        if value != opt["default"]:
            out[key] = value
    return out
