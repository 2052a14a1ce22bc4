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

from whist.web.settings import LEVEL_LABELS

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


#: A computer's levels as the Players rows offer them (Settings' names for them).
LEVEL_CHOICES = tuple((level, f"Computer: {label}") for level, label in LEVEL_LABELS.items())


def _players(g: GameChoice, names: Mapping[str, str], people: Mapping[str, str], own: Mapping[str, str],
             levels: tuple[str, str], live: bool = False) -> str:
    """The seats of game ``g``: yours (a name) and each other a computer at a level or a person (a
    name, up to 20 characters): pass-and-play when any is a person. ``names`` are the ones
    remembered on this device by seat, ``people`` the seats people play now, ``own`` the
    computers given a level of their own, ``levels`` Settings' (your partner's, the opponents'),
    ``live`` whether the people play from their own devices (a live table) rather than this one."""
    game = g.game
    rows = [f'<div class="ng-player"><label for="name-{game}-S">Your name</label>'
            f'<input id="name-{game}-S" name="name-{game}-S" maxlength="20" autocomplete="off" '
            f'value="{escape(people.get("S") or names.get("S", ""))}"></div>']
    for seat in g.seats:
        key = seat.seat
        person = key in people
        name = escape(people.get(key) or names.get(key, ""))
        now = "person" if person else own.get(key, levels[0] if seat.partner else levels[1])
        choice = "".join(f'<option value="{v}"{" selected" if v == now else ""}>{w}</option>'
                         for v, w in (*LEVEL_CHOICES, ("person", "A person")))
        rows.append(
            f'<div class="ng-player"><label for="who-{game}-{key}">{escape(seat.label)}</label>'
            f'<select id="who-{game}-{key}" name="who-{game}-{key}" data-name="name-{game}-{key}">{choice}</select>'
            f'<input id="name-{game}-{key}" name="name-{game}-{key}" maxlength="20" autocomplete="off" '
            f'aria-label="{escape(seat.label)}: name" placeholder="Name" value="{name}"{"" if person else " hidden"}>'
            f'</div>')
    where = "".join(f'<option value="{v}"{" selected" if (v == "live") == live else ""}>{w}</option>'
                    for v, w in WHERE)
    return (f'<fieldset class="ng-players"><legend>Players</legend>{"".join(rows)}'
            f'<div class="opt ng-where"><label for="where-{game}">People play</label>'
            f'<select id="where-{game}" name="where-{game}" aria-describedby="where-{game}-help">{where}</select>'
            f'<p class="opt-help" id="where-{game}-help">On this device, each hand stays hidden until its player '
            f'takes the device. On their own devices, your page is the table: you send each person an invitation '
            f'(a link or a QR code) and they connect over your network, with no server.</p></div></fieldset>')


#: Where the people of a game play (the Players rows' last choice).
WHERE = (("here", "On this device, passed between you"), ("live", "Each on their own device, connected"))


def read_live(game: str, values: Mapping[str, str]) -> bool:
    """Whether the people of ``game`` play from their own devices (a live table).

    >>> read_live("classic", {"where-classic": "live"}), read_live("classic", {"where-classic": "x"})
    (True, False)
    """
    return values.get(f"where-{game}") == "live"


def read_people(choices: Sequence[GameChoice], game: str, values: Mapping[str, str]) -> dict[str, str]:
    """The people of ``game`` from the form's values, seat -> name as typed (yours first); empty
    when every other seat is a computer. The table checks the names.

    >>> from whist.table import game_choices
    >>> read_people(game_choices(), "german", {"name-german-S": "Anna", "who-german-N": "person",
    ...                                        "name-german-N": "Ben"})
    {'S': 'Anna', 'N': 'Ben'}
    >>> read_people(game_choices(), "german", {"name-german-S": "Anna", "name-german-N": "Ben"})
    {}
    """
    spec = next(g for g in choices if g.game == game)
    out = {"S": values.get(f"name-{game}-S", "")}
    for seat in spec.seats:
        if values.get(f"who-{game}-{seat.seat}") == "person":  # (else a computer, at a level)
            out[seat.seat] = values.get(f"name-{game}-{seat.seat}", "")
    return out if len(out) > 1 else {}


def read_levels(choices: Sequence[GameChoice], game: str, values: Mapping[str, str],
                levels: tuple[str, str]) -> dict[str, str]:
    """The computers of ``game`` given a level other than Settings' (``levels``: your partner's,
    the opponents'), seat -> level; the others keep following Settings.

    >>> from whist.table import game_choices
    >>> read_levels(game_choices(), "classic", {"who-classic-W": "hard", "who-classic-N": "expert",
    ...                                         "who-classic-E": "person"}, ("expert", "normal"))
    {'W': 'hard'}
    """
    spec = next(g for g in choices if g.game == game)
    known = {v for v, _ in LEVEL_CHOICES}
    out = {}
    for seat in spec.seats:
        value = values.get(f"who-{game}-{seat.seat}", "")
        if value in known and value != (levels[0] if seat.partner else levels[1]):
            out[seat.seat] = value
    return out


def dialog_html(choices: Sequence[GameChoice], game: str, options: Mapping[str, Any],
                names: Mapping[str, str] | None = None, people: Mapping[str, str] | None = None,
                own: Mapping[str, str] | None = None, levels: tuple[str, str] = ("normal", "normal"),
                live: bool = False) -> str:
    """The games as a radio list, each with its blurb, a How to play link, and its options and
    players (only the chosen game's are shown: the page toggles ``hidden`` as the choice changes)."""
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
            f'{_players(g, names or {}, (people or {}) if on else {}, (own or {}) if on else {}, levels, live and on)}'
            f'<button type="button" class="link-btn ng-howto" data-howto="{name}">'
            f'How to play {escape(g.title)}</button></fieldset>')
    return (f'<fieldset class="ng-games"><legend>Game</legend>{"".join(games)}</fieldset>'
            f'<div class="ng-panels">{"".join(panels)}</div>{_sets()}')


#: What the dialog may start: a game, or a challenge of a set of deals (whist.table.challenge_run.SIZES).
SETS = (("0", "A game"), ("4", "A challenge: 4 deals, then a link for a friend"),
        ("8", "A challenge: 8 deals, then a link for a friend"))


def _sets() -> str:
    options = "".join(f'<option value="{v}"{" selected" if v == "0" else ""}>{escape(w)}</option>' for v, w in SETS)
    return ('<div class="opt ng-set"><label for="ng-set">Play</label>'
            f'<select id="ng-set" name="ng-set" aria-describedby="ng-set-help">{options}</select>'
            '<p class="opt-help" id="ng-set-help">A challenge: you play each deal once, with no undo and no hints; '
            'then a link gives a friend the same cards and the same computers, and you compare your plays.</p></div>')


def read_set(values: Mapping[str, str]) -> int:
    """How many deals of a challenge the dialog asks for (0: a game).

    >>> read_set({"ng-set": "4"}), read_set({"ng-set": "99"}), read_set({})
    (4, 0, 0)
    """
    raw = values.get("ng-set", "0")
    return int(raw) if raw in {v for v, _ in SETS} else 0


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
