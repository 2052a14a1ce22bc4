"""The in-page help: How to play the current game, and the controls. Plain HTML strings.

The text is the project's own. It is built from the table's view, so it
speaks of this game: its target, this hand's trump and dealer.

>>> from types import SimpleNamespace as Of
>>> "West dealt and turned up the seven of hearts" in rules_html(Of(game="classic", options={}, target=7,
...     trump="H", trump_name="Hearts", dealer_name="West", turn_up=Of(name="Seven of hearts"), phase="play"))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING, Any

from whist.web.settings import SPEED_HELP

if TYPE_CHECKING:
    from whist.table.view import TableView

#: The keyboard shortcuts: (keys as shown, what they do). The page's key handler follows this list.
KEYS: tuple[tuple[str, str], ...] = (
    ("\u2190 \u2192", "Move along your hand (Home and End jump to the ends)"),
    ("Enter or Space", "Play the card with the focus ring"),
    ("H", "Hint: highlight the card the computer would play"),
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
    game = view.game
    options = view.options
    plain_classic = game == "classic" and not any(
        options.get(k) for k in ("honours", "rubber", "no_trump")) and options.get("draw", "none") == "none" \
        and options.get("revokes", "prevented") == "prevented"
    if not plain_classic:
        return game_html(game, options) + _this_hand(view)
    target = view.target
    trump = view.trump
    if trump == "NT":
        this_hand = "This hand is played without trumps."
    else:
        card = escape(view.turn_up.name if view.turn_up else "").lower()
        this_hand = (f"This hand {escape(view.dealer_name)} dealt and turned up the {card}, so "
                     f"<strong>{escape(view.trump_name.lower())} are trumps</strong>.")
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


# --- every form ---------------------------------------------------------------------------

_TRICKS = """
<h3>A trick</h3>
<p>The player on the dealer&rsquo;s left leads any card; the others play in turn, clockwise.
<strong>You must follow suit</strong> if you can; with none of the suit led you may play any card,
a trump or a discard. The highest trump wins the trick, or with no trump in it the highest card
of the suit led. Aces are high. Whoever wins a trick leads to the next.</p>"""

_ODD = """
<h3>Scoring</h3>
<p>After the 13 tricks, the side that took more than six scores a point for each trick over six
(the first six are the <em>book</em>). Seven tricks score 1, thirteen score 7.</p>"""

_HONOURS = """
<h3>Honours</h3>
<p>The ace, king, queen and jack of trumps are the <em>honours</em>. A side dealt all four of them
between its two hands scores 4 points, any three score 2, counted at the end of the hand: they are
luck, not play. Tricks score before honours, so a side that reaches the target by tricks wins
even if the other side&rsquo;s honours would take it there too. There are no honours without trumps.</p>"""

_RUBBER = """
<h3>A rubber</h3>
<p>A rubber is the best of three games: the first side to win two games takes it (a third game
is not played after a 2&ndash;0). The rubber&rsquo;s total is every point scored in its hands,
honours included, plus a bonus of 2 points for winning it two games to nil. The score sheet keeps
every hand.</p>"""

_NO_TRUMP = """
<h3>No-trump hands</h3>
<p>Every hand is played without trumps. The dealer still turns up the last card, as usual, but
it is only shown: the highest card of the suit led wins each trick.</p>"""

_DRAW = """
<h3>The draw for partners and deal</h3>
<p>Before the first hand each player draws a card from the pack. {how}
You always sit South: the draw decides which of the others sits opposite you as your partner, and
who deals first. After that the deal passes to the left.</p>"""

_DRAW_HIGH = ("The two highest play together against the two lowest, and the lowest deals; aces are high. "
              "Players who tie draw again, and their new cards decide between them only.")
_DRAW_LOW = ("The highest card deals, and aces count low. Players who tie for the highest card draw again, "
             "and their new cards decide between them.")

_REVOKES = """
<h3>Revokes (club rules)</h3>
<p>Not following suit when you could is a <em>revoke</em>. Under club rules the game lets you do it
&mdash; the cards are not dimmed &mdash; but at the end of the hand the revoke is found and three
tricks pass from the revoking side to the other side. The computers never revoke.</p>"""

_GERMAN_REVOKES = """
<h3>Revokes (club rules)</h3>
<p>Not following suit when you could is a <em>revoke</em>, in either phase. Under club rules the game
lets you do it &mdash; the cards are not dimmed &mdash; but at the end of the deal the revoke is found
and two of the revoking player&rsquo;s Phase Two tricks go to the other player (all of them, if fewer
were won). The computer never revokes.</p>"""

_TRUMPS = """
<h3>The deal and trumps</h3>
<p>Each player gets 13 cards. The dealer&rsquo;s last card is turned face up and its suit is trumps
for the hand; the turn-up is shown at the top of the screen. The deal passes to the left.</p>"""


def game_html(game: str, options: Mapping[str, Any] | None = None) -> str:
    """How to play ``game`` with ``options`` (the rules' defaults for any not given): our own words.

    >>> "all four" in game_html("short") and "5 points" in game_html("short")
    True
    >>> "<h3>Honours" in game_html("american")
    False
    >>> "auction" in game_html("contract") and "Phase Two" in game_html("german")
    True
    """
    from whist.table.catalog import all_options

    opts = all_options(game, options)
    target = opts.get("target")
    if game == "contract":
        return _contract_html(opts)
    if game == "german":
        return _german_html(opts)
    intro = {
        "classic": "Four players in two partnerships: you sit South with <strong>North</strong> as your "
                   "partner, against West and East.",
        "short": "Short Whist is the English club game: four players in two partnerships, you South "
                 "with North against West and East. Games are short, so a rubber is the usual match.",
        "long": "Long Whist is the older English game, played to a longer target: four players in "
                "two partnerships, you South with North against West and East.",
        "american": "American Whist is the game without honours: only tricks score. Four players in "
                    "two partnerships, you South with North against West and East.",
        "dummy": "Dummy Whist is whist for three. You sit South and play <strong>North&rsquo;s hand "
                 "too</strong>: it is your dummy, against two computer players, West and East.",
    }[game]
    parts = [f"<h3>The game</h3><p>{intro} The first side to {target} points wins the game.</p>"]
    if game == "dummy":
        parts.append("""
<h3>Your dummy</h3>
<p>North&rsquo;s cards are dealt as usual and you see them from the start. After the opening lead
they lie face up for everyone, so West and East see them too, as they would at a real table. When
it is North&rsquo;s turn you choose North&rsquo;s card: the dummy&rsquo;s cards can be played only
then. West and East play their own hands.</p>""")
    parts.append(_NO_TRUMP if opts.get("no_trump") else _TRUMPS)
    parts.append(_TRICKS)
    parts.append(_ODD)
    if opts.get("honours"):
        parts.append(_HONOURS)
    else:
        parts.append("<p>Honours are not counted in this game: only tricks score.</p>")
    if opts.get("rubber"):
        parts.append(_RUBBER)
    if opts.get("draw", "none") != "none":
        parts.append(_DRAW.format(how=_DRAW_LOW if opts["draw"] == "low" else _DRAW_HIGH))
    if opts.get("revokes") == "club":
        parts.append(_REVOKES)
    return "".join(parts)


def _contract_html(opts: dict[str, Any]) -> str:
    double = ("<p>With the doubling house rule on, a defender may double the last bid; the hand&rsquo;s "
              "points then count twice.</p>") if opts.get("doubling") else ""
    return f"""
<h3>The game</h3>
<p>Contract Whist: four players, you South with North against West and East. The first side to
{opts['target']} points wins. All 52 cards are dealt and nothing is turned up: an auction decides trumps.</p>
<h3>The auction</h3>
<p>Starting on the dealer&rsquo;s left, each player bids or passes. A bid is a number of tricks
from 7 to 13 with a trump suit or no trumps; each bid must be higher than the last (more tricks,
or as many tricks in a higher suit: clubs, diamonds, hearts, spades, then no trumps). Three passes
in a row after a bid end the auction; if all four pass, the cards are thrown in and the next
player deals.</p>
<h3>The play</h3>
<p>The last bid is the <em>contract</em>, and whoever made it is the declarer. The player on the
declarer&rsquo;s left leads the first card, and the tricks are played as in whist: follow suit if
you can, the highest trump or the highest card of the suit led wins.</p>
<h3>Scoring</h3>
<p>If the declaring side takes at least the tricks it bid, it scores a point for every trick it took;
if not, it scores nothing. The defenders always score a point for every trick they took.</p>{double}"""


def _german_html(opts: dict[str, Any]) -> str:
    trump = {"turn-up": "The first face-up card of the stock names trumps for the whole deal.",
             "variable": "A separate card names the trumps of Phase Two; Phase One is played without trumps.",
             "none": "There are no trumps."}[opts["trump"]]
    scoring = ("The winner of a deal scores the difference between the two players&rsquo; Phase Two tricks."
               if opts["scoring"] == "difference" else
               "The winner of a deal scores the Phase Two tricks taken over six.")
    match = (f"The first player to {opts['target']} points wins the match."
             if opts["match"] == "target" else
             "The match is three deals, with the Phase Two tricks of the three deals added up.")
    return f"""
<h3>The game</h3>
<p>German Whist is for two: you South against North. Each of you gets 13 cards; the other 26 are the
<em>stock</em>, face down with its top card turned face up. {trump}</p>
<h3>Phase One</h3>
<p>You play 13 tricks to build your hand. Follow suit if you can. The winner of each trick takes the
face-up card of the stock, the loser takes the next card unseen by the other player, and a new card is
turned up. These tricks score nothing: play to win the face-up cards you want and lose the ones you do not.</p>
<h3>Phase Two</h3>
<p>Once the stock is gone the 13 cards in each hand are played out, following suit as usual. Only
these tricks count. You know every card your opponent drew face up, so counting pays.</p>
<h3>Scoring</h3>
<p>{scoring} {match}</p>{_GERMAN_REVOKES if opts.get("revokes") == "club" else ""}"""


def _this_hand(view: TableView) -> str:
    """A line on the hand on the table: who dealt, the turn-up and the trumps."""
    if view.phase in ("draw", "auction") or not view.turn_up:
        return ""
    who = escape(view.dealer_name)
    card = escape(view.turn_up.name).lower()
    if view.trump == "NT":
        return (f"<h3>This hand</h3><p>{who} dealt and turned up the {card}: this hand has "
                f"<strong>no trumps</strong>.</p>")
    return (f"<h3>This hand</h3><p>{who} dealt and turned up the {card}, so "
            f"<strong>{escape(view.trump_name.lower())} are trumps</strong>.</p>")


def controls_html(target: int = 7) -> str:
    """The controls: mouse, touch, keyboard, the toolbar."""
    rows = "".join(f"<tr><th scope=\"row\">{_keys(k)}</th><td>{escape(what)}</td></tr>" for k, what in KEYS)
    paces = "".join(f"<li>{escape(text)}</li>" for text in SPEED_HELP.values())
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
single legal card, and the sound.</p>
<ul class="paces">{paces}</ul>
<p>A finished trick stays as long as the speed says, unless you choose another time.</p>"""


def _keys(text: str) -> str:
    parts = text.split(" or ")
    return " or ".join(" ".join(f"<kbd>{escape(k)}</kbd>" for k in p.split(" ")) if p != "Shift+U"
                       else "<kbd>Shift</kbd>+<kbd>U</kbd>" for p in parts)
