"""The in-page help: How to play the current game, and the controls. Plain HTML strings.

The text is the project's own. It is built from the table's view, so it
speaks of this game: its target, this hand's trump and dealer.

>>> from types import SimpleNamespace as Of
>>> "West dealt and turned up the seven of hearts" in rules_html(Of(game="classic", options={},
...     trump="H", trump_name="Hearts", dealer_name="West", turn_up=Of(name="Seven of hearts"), phase="play"))
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from whist.table import catalog
from whist.web.settings import SPEED_HELP

if TYPE_CHECKING:
    from whist.engine.howto import Section
    from whist.table.view import TableView

#: The keyboard shortcuts: (keys as shown, what they do). The page's key handler follows this list.
KEYS: tuple[tuple[str, str], ...] = (
    ("\u2190 \u2192", "Move along your hand (Home and End jump to the ends)"),
    ("Enter or Space", "Play the card with the focus ring"),
    ("I", "Hint: highlight the card the computer would play"),
    ("K", "Claim the rest of the tricks: accepted only when they are sure, however the unseen cards lie"),
    ("U", "Undo your last card (and everything played after it)"),
    ("R", "Redo what you undid"),
    ("L", "Look at the last trick"),
    ("N", "New game (asks first if a game is under way)"),
    ("M", "Sound on or off"),
    ("?", "This help"),
    ("Esc", "Close a window, or put down a lifted card"),
)


def rules_html(view: TableView) -> str:
    """How to play, for the game on the table (its form and options, and this hand)."""
    turned = view.turn_up is not None and view.phase in ("play", "hand-over", "game-over")  # a hand dealt
    hand = (view.dealer_name, view.turn_up.name if turned and view.turn_up else "",
            "" if view.trump == "NT" else view.trump_name)
    return sections_html(catalog.how_to_play(view.game, view.options, hand))


def game_html(game: str, options: Mapping[str, Any] | None = None) -> str:
    """How to play ``game`` with ``options`` (the rules' defaults for any not given): our own words.

    >>> "all four" in game_html("short") and "5 points" in game_html("short")
    True
    >>> "<h3>Honours" in game_html("american")
    False
    >>> "auction" in game_html("contract") and "Phase Two" in game_html("german")
    True
    """
    return sections_html(catalog.how_to_play(game, options))


_MARKS = ((re.compile(r"\*(.+?)\*"), r"<strong>\1</strong>"), (re.compile(r"\b_(.+?)_\b"), r"<em>\1</em>"),
          (re.compile(r"\[(.+?)\]"), r"<kbd>\1</kbd>"))


def _inline(text: str) -> str:
    """A sentence of :mod:`whist.engine.howto` in HTML: ``*stressed*``, ``_a term_``, ``[a key]``."""
    out = escape(text, quote=False)
    for pattern, tag in _MARKS:
        out = pattern.sub(tag, out)
    return out


def sections_html(sections: Sequence[Section]) -> str:
    """Each section as a heading, its paragraphs and its list.

    >>> from types import SimpleNamespace as Of
    >>> sections_html([Of(heading="Tips", paragraphs=("Press [H] for a _hint_.",), points=("Play *low*.",))])
    '<h3>Tips</h3><p>Press <kbd>H</kbd> for a <em>hint</em>.</p><ul><li>Play <strong>low</strong>.</li></ul>'
    """
    out = []
    for s in sections:
        out.append(f"<h3>{_inline(s.heading)}</h3>" + "".join(f"<p>{_inline(p)}</p>" for p in s.paragraphs))
        if s.points:
            out.append("<ul>" + "".join(f"<li>{_inline(p)}</li>" for p in s.points) + "</ul>")
    return "".join(out)


def controls_html(target: int = 7) -> str:
    """The controls: mouse, touch, keyboard, the toolbar."""
    rows = "".join(f"<tr><th scope=\"row\">{_keys(k)}</th><td>{escape(what)}</td></tr>" for k, what in KEYS)
    paces = "".join(f"<li>{escape(text)}</li>" for text in SPEED_HELP.values())
    return f"""
<h3>Mouse and touch</h3>
<p>With a mouse, click a card to play it. On a touch screen, <strong>tap a card to lift it, then tap it
again to play it</strong>; tap another card to lift that one instead, or anywhere else to put it down
(in Settings, &ldquo;Tap a card once to play it&rdquo; plays it at the first tap). Dimmed cards cannot
be played now.</p>
<p>While the computers play, a click or a key skips the wait. The last trick can be looked at any time
with the clock button. Click or tap a computer&rsquo;s card in the trick or the last trick (or press Enter
on it) to see why it played it.</p>
<p>On a narrow screen the Score sheet, Stats, Settings and How to play buttons are under
<strong>More</strong> (the three dots) at the end of the toolbar.</p>
<h3>Keyboard</h3>
<table class="keys"><tbody>{rows}</tbody></table>
<h3>Settings</h3>
<p>The sliders button sets the speed of play, how long a finished trick stays, the strength of your
partner and of the opponents (hints play at your partner&rsquo;s strength), automatic play of a
single legal card, the sound, a <strong>four-colour deck</strong> (diamonds blue, clubs green) and
<strong>large cards</strong> (and text). A card you may not play is hatched, the seat to play has a
pointer, the winning card a star: not colour alone.</p>
<ul class="paces">{paces}</ul>
<p>A finished trick stays as long as the speed says, unless you choose another time.</p>"""


def _keys(text: str) -> str:
    parts = text.split(" or ")
    return " or ".join(" ".join(f"<kbd>{escape(k)}</kbd>" for k in p.split(" ")) if p != "Shift+U"
                       else "<kbd>Shift</kbd>+<kbd>U</kbd>" for p in parts)
