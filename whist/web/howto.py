"""The in-page help: How to play the current game, and the controls. Plain HTML strings.

The text is the project's own. It is built from the table's ``view()``, so it
speaks of this game: its target, this hand's trump and dealer.

>>> "West dealt and turned up the seven of hearts" in rules_html({"target": 7, "trump": "H", "trump_name": "Hearts",
...     "dealer": "W", "turn_up": {"name": "Seven of hearts"}, "title": "Classic Whist"})
True
"""

from __future__ import annotations

from html import escape
from typing import Any

SEAT_NAMES = {"N": "North", "E": "East", "S": "you", "W": "West"}

#: The keyboard shortcuts: (keys as shown, what they do). The page's key handler follows this list.
KEYS: tuple[tuple[str, str], ...] = (
    ("\u2190 \u2192", "Move along your hand (Home and End jump to the ends)"),
    ("Enter or Space", "Play the card with the focus ring"),
    ("H", "Hint: highlight the card the computer would play"),
    ("U", "Undo your last card (and everything played after it)"),
    ("R or Shift+U", "Redo what you undid"),
    ("L", "Look at the last trick"),
    ("N", "New game (asks first if a game is under way)"),
    ("M", "Sound on or off"),
    ("?", "This help"),
    ("Esc", "Close a window, or put down a lifted card"),
)


def rules_html(view: dict[str, Any]) -> str:
    """How to play, for the game on the table."""
    target = int(view["target"])
    trump = view["trump"]
    dealer = SEAT_NAMES.get(view["dealer"], view["dealer"])
    if trump == "NT":
        this_hand = "This hand is played without trumps."
    else:
        turn_up = view.get("turn_up") or {}
        card = escape(str(turn_up.get("name", ""))).lower()
        who = "You" if view["dealer"] == "S" else escape(dealer)
        this_hand = (f"This hand {who} dealt and turned up the {card}, so "
                     f"<strong>{escape(view['trump_name'].lower())} are trumps</strong>.")
    return f"""
<h3>The game</h3>
<p>Four players, two partnerships. You sit South and play with <strong>North</strong>, the
partner across the table, against <strong>West and East</strong>.
The first side to {target} points wins the game.</p>
<h3>The deal and trumps</h3>
<p>Each player gets 13 cards. The dealer&rsquo;s last card is turned face up, and its suit is
<em>trumps</em> for the whole hand. {this_hand} The trump suit and the turn-up card are always
shown at the top of the screen. The deal passes to the left after every hand.</p>
<h3>A trick</h3>
<p>The player on the dealer&rsquo;s left leads any card. The others play in turn, clockwise.
<strong>You must follow suit</strong>: if you hold a card of the suit that was led, you have to play
one; cards you may not play are dimmed. With none of that suit you may play any card &mdash; a
trump, or a discard.</p>
<p>The highest trump wins the trick; with no trump in it, the highest card of the suit led wins.
Aces are high. Whoever wins a trick leads to the next.</p>
<h3>Scoring</h3>
<p>After 13 tricks, the side that took more than six scores one point for each trick over six
(the first six, the <em>book</em>, count nothing). Seven tricks score 1, nine score 3, all thirteen
score 7. Six each: nobody scores. Honours are not counted in this game.</p>
<h3>Tips</h3>
<ul>
<li>Count the trumps: there are 13, and each one played is one fewer to beat your winners.</li>
<li>When your partner is already winning the trick, play low.</li>
<li>Lead from your longest suit; its small cards become winners once the others run out.</li>
<li>Stuck? Press <kbd>H</kbd> for a hint, and <kbd>U</kbd> to take a card back. Both are free.</li>
</ul>"""


def controls_html(target: int = 7) -> str:
    """The controls: mouse, touch, keyboard, the toolbar."""
    rows = "".join(f"<tr><th scope=\"row\">{_keys(k)}</th><td>{escape(what)}</td></tr>" for k, what in KEYS)
    return f"""
<h3>Mouse and touch</h3>
<p>With a mouse, click a card to play it. On a touch screen, <strong>tap a card to lift it, then tap it
again to play it</strong>; tap another card to lift that one instead, or anywhere else to put it down.
Dimmed cards cannot be played now.</p>
<p>While the computers play, a click or a key skips the wait. The last trick can be looked at any time
with the clock button.</p>
<h3>Keyboard</h3>
<table class="keys"><tbody>{rows}</tbody></table>
<h3>Settings</h3>
<p>The sliders button sets the speed of play, how long a finished trick stays, the strength of your
partner and of the opponents (hints play at your partner&rsquo;s strength), automatic play of a
single legal card, and the sound. The first side to {target} points wins.</p>"""


def _keys(text: str) -> str:
    parts = text.split(" or ")
    return " or ".join(" ".join(f"<kbd>{escape(k)}</kbd>" for k in p.split(" ")) if p != "Shift+U"
                       else "<kbd>Shift</kbd>+<kbd>U</kbd>" for p in parts)
