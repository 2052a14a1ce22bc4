"""The table's English: the sentences the view carries (whose turn and what it requires,
why a card may not be played now, a hand's result). The rules' own refusal is worded by
:meth:`whist.engine.state.IllegalActionError.sentence`; nothing here restates a rule."""

from __future__ import annotations

from typing import Any

from whist.engine.auction import bid_words, parse_bid
from whist.engine.cards import RANK_NAMES, RANKS, SUIT_NAMES, SUIT_SYMBOLS, parse_card
from whist.engine.seats import Seat

Why = tuple[Any, ...]  # whist.ai.knowledge.Why (not imported: the page starts without the players)

AUCTION_ON = "The auction is on: make a call first."
HAND_OVER = "The hand is over."
NO_AUCTION = "There is no auction now."
CANNOT_PLAY = "You can't play that card."


def plural(k: int, word: str) -> str:
    """``"1 point"``, ``"3 points"``."""
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def not_your_turn(name: str) -> str:
    return f"It is {name}'s turn, not yours."


def not_your_call(name: str) -> str:
    return f"It is {name}'s turn to call, not yours."


def dummy_waits(name: str) -> str:
    """A card of your dummy, clicked when it is not the dummy's turn."""
    return f"{name}'s cards are played on {name}'s turn."


def play_from(name: str) -> str:
    """A card of your own hand, clicked on your dummy's turn."""
    return f"It is {name}'s turn: play from {name}'s hand (your dummy)."


def turn_words(dummy: str | None, led: int | None, follows: bool) -> tuple[str, str]:
    """Whose turn it is among the hands you play (``dummy``: your dummy's name, on its turn),
    and what that hand may play: ``led`` the suit led (None: a lead), ``follows`` whether the
    hand holds a legal card of it.

    >>> turn_words(None, 1, False)
    ('Your turn', 'no hearts, play any card')
    >>> turn_words("North", 1, True)
    ('North\u2019s turn (your dummy)', 'follow hearts')
    """
    who = "Your turn" if dummy is None else f"{dummy}\u2019s turn (your dummy)"
    if led is None:
        return who, "lead any card"
    if follows:
        return who, f"follow {SUIT_NAMES[led]}"
    return who, f"no {SUIT_NAMES[led]}, play any card"


def face_up(name: str, hand: int) -> str:
    """A dummy's hand, laid face up after the opening lead, suit by suit for a screen reader.

    >>> face_up("North", 1 << 12 | 1 << 11 | 1 << 25)
    "North's hand is face up: spades ace, king; hearts ace; no diamonds; no clubs."
    """
    parts = []
    for s, suit in enumerate(SUIT_NAMES):
        ranks = ", ".join(RANK_NAMES[r].lower() for r in range(12, -1, -1) if hand >> (13 * s + r) & 1)
        parts.append(f"{suit} {ranks}" if ranks else f"no {suit}")
    return f"{name}'s hand is face up: " + "; ".join(parts) + "."


def revoke_words(name: str, moved: int, to: str) -> str:
    """One revoke found at the end of the hand, in words.

    >>> revoke_words("East", 3, "You and North")
    'East revoked: three tricks go to you and North.'
    >>> revoke_words("You", 1, "North")
    'You revoked (did not follow suit though you could): one trick goes to North.'
    >>> revoke_words("North", 0, "You")
    'North revoked, with no tricks won to give up.'
    """
    to = "you" + to[3:] if to.startswith("You") else to
    what = f"{name} revoked" + (" (did not follow suit though you could)" if name == "You" else "")
    if moved == 0:
        return f"{what}, with no tricks won to give up."
    words = ("one", "two", "three")[moved - 1] if moved <= 3 else str(moved)
    return f"{what}: {words} trick{'s go' if moved > 1 else ' goes'} to {to}."


def revoke_question(holder: str, led: int, penalty: str) -> str:
    """Asked before a revoke is played under club rules: ``holder`` is who holds the suit led
    ("you", or your dummy's name), ``penalty`` what a revoke costs (the rules' words).

    >>> revoke_question("you", 0, "three tricks")[:70]
    'This is a revoke: you hold spades. Under club rules it costs your side'
    """
    holds = "hold" if holder == "you" else "holds"
    return (f"This is a revoke: {holder} {holds} {SUIT_NAMES[led]}. Under club rules it costs your side {penalty} "
            "at the end of the hand. Play it?")


def club_rules_note(penalty: str) -> str:
    """The felt's note that club rules are on (a shared link can carry them).

    >>> club_rules_note("three tricks")
    'Club rules: a revoke is allowed, and costs three tricks'
    """
    return f"Club rules: a revoke is allowed, and costs {penalty}"


def count_given(fields: list[Any], k: int | None) -> int | None:
    """The count signal a reason records: the number of cards of its suit held, ``fields[k]``
    (None where it gives none, ``k`` None, or a reason saved before signals lacks it)."""
    n = fields[k] if k is not None and k < len(fields) else None
    return n if isinstance(n, int) and not isinstance(n, bool) else None


def glyph(card: int) -> str:
    """``"10♠"``, ``"K♥"``: a card as a hint's reason names it."""
    rank = RANKS[card % 13]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[card // 13]


def _strain(strain: int | None) -> str:
    return "at no trumps" if strain is None else f"with {SUIT_NAMES[strain]} as trumps"


def _about(x: float) -> str:
    return plural(int(x), "trick")


def call_reason(call: str, why: Why) -> str:
    """Why a bidder of Contract Whist makes ``call``; ``why`` from :func:`whist.ai.bidding.decide_call`."""
    code, *f = why
    act = call if call in ("pass", "double") else "bid " + bid_words(parse_bid(call))
    text = {
        "bid": lambda: f"Your side counts about {_about(f[0])} {_strain(f[1])}",
        "weak": lambda: f"Your side counts only about {_about(f[0])}, {_strain(f[1])}: too few to bid",
        "stands": lambda: "Your own bid stands",
        "better": lambda: f"Your side counts about {_about(f[0])} {_strain(f[1])}, "
                          f"against {_about(f[2])} in your partner's bid",
        "leave": lambda: "Nothing is clearly better than your partner\u2019s bid",
        "double": lambda: f"Your side should take about {_about(f[0])} in defence: their contract fails",
        "doomed": lambda: f"Your side should take about {_about(f[0])} in defence: let them fail",
        "push": lambda: f"Push them up: {f[0] + 1} tricks look beyond them",
        "defend": lambda: f"Defending should score more: your side takes about {_about(f[0])}",
    }[code]()
    return f"{text}: {act}."


def reason(action: str, why: Why, dummy: bool = False) -> str:
    """A hint's reason in whist words, from the rule or the figure that decided ``action``
    (a card such as ``"QS"`` or a call): ``why`` as a player's ``advise`` gives it. For your
    dummy's card (``dummy``), the dummy's partner is your own hand.

    >>> reason("TS", ("third-high", 7, Seat.W))
    'Third hand high: the 10♠ beats West\u2019s 9♠.'
    >>> reason("9S", ("search", 12.0, 7, 1.5, 10, 1.1, None))
    'Over 12 deals of the hidden cards, the 9♠ takes 0.4 tricks more than the Q♠.'
    """
    if why[0] in CALL_CODES:
        return call_reason(action, why)
    card = parse_card(action)
    text = _card_reason(card, why) + "."
    return text.replace("Your partner", "Your own hand").replace("your partner", "your own hand") if dummy else text


CALL_CODES = frozenset({"bid", "weak", "stands", "better", "leave", "double", "doomed", "push", "defend"})


def _card_reason(card: int, why: Why) -> str:
    code, *f = why
    c = glyph(card)

    def g(k: int) -> str:
        return glyph(f[k])

    def low(following: bool, k: int | None = None) -> str:
        text = f"play low, the {c}" if following else f"throw the {c}, your least useful card"
        return text + count(k)

    def count(k: int | None) -> str:
        n = count_given(f, k)
        if n is None:
            return ""
        held = SUIT_NAMES[card // 13]
        return f"; an even number of {held}: high first" if n % 2 == 0 else f"; an odd number of {held}: the lowest"

    def whose(k: int) -> str:
        return f"{Seat(f[k]).long_name}\u2019s {g(k - 1)}"

    def suit(k: int) -> str:
        return SUIT_NAMES[f[k]]

    if code == "search":
        n, _, value, other, theirs, rule = f
        deals = f"Over {plural(int(n + 0.5), 'deal')} of the hidden cards"
        d = value - theirs
        if d < -0.05 and rule is not None:
            return (f"{_card_reason(card, rule)}; over {int(n + 0.5)} deals the {glyph(other)} "
                    f"takes only {-d:.1f} tricks more, too few to trust")
        if d < 0.05:
            return f"{deals}, the {c} takes as many tricks as the {glyph(other)}"
        return f"{deals}, the {c} takes {d:.1f} tricks more than the {glyph(other)}"
    if code == "stock-search":
        n, value, other, theirs = f
        layouts = f"Over {plural(n, 'layout')} of the hidden cards and the stock"
        if other is None:
            return f"{layouts}, the {c} leads to about {value:.1f} Phase Two tricks"
        d = value - theirs
        if d < 0.05:
            return f"{layouts}, the {c} leads to as many Phase Two tricks as the {glyph(other)}"
        return f"{layouts}, the {c} leads to {d:.1f} Phase Two tricks more than the {glyph(other)}"
    if code == "exact":
        return f"Every card is known now: the {c} keeps the most you can take, {f[0]} of {plural(f[1], 'trick')}"
    if code == "trumps":
        n, honours, out = f
        held = (f"you hold {n}" if n >= 5 else f"you hold {n} with {honours} honours" if n >= 4 and honours >= 2
                else f"you hold {n} of the {n + out} left")
        return f"Lead trumps with the {c}: {held}"
    return {
        "only": lambda: f"The {c} is your only legal card",
        "partner-wins": lambda: f"Your partner\u2019s {g(1)} is winning: {low(f[0], 2)}",
        "rescue": lambda: f"Your partner\u2019s {g(0)} may be beaten: the {c} wins for sure",
        "force": lambda: f"Your partner\u2019s {g(0)} may be beaten: the {c} forces out their higher cards",
        "no-help": lambda: f"Your partner\u2019s {g(1)} may be beaten and you cannot help: {low(f[0], 2)}",
        "cannot-win": lambda: f"You cannot beat {whose(2)}: {low(f[0], 3)}",
        "last": lambda: f"Last to play: the {c} is your cheapest card to beat {whose(1)}",
        "ruff": lambda: f"Ruff with the {c}: nobody after you can overruff",
        "no-ruff": lambda: f"A ruff could be overruffed: throw the {c}, your least useful card",
        "cover-safe": lambda: f"Cover the {g(0)} with the {c}: it wins for sure",
        "last-chance": lambda: f"Take the sure trick with the {c} now: it may not survive another round of {suit(0)}",
        "cheap-win": lambda: f"The {c} wins for sure and costs no more than your lowest {suit(0)}",
        "cover": lambda: f"Cover an honour with an honour: the {c} over the {g(0)}",
        "second-low": lambda: f"Second hand low: the {c}{count(0)}",
        "third-safe": lambda: f"Third hand: the {c} beats {whose(1)} and nobody after you can beat it",
        "third-high": lambda: f"Third hand high: the {c} beats {whose(1)}",
        "third-low": lambda: f"An opponent after you surely holds better: {low(f[0], 2)}",
        "draw": lambda: f"Draw trumps with the {c}: you declared and they may still hold some",
        "nt-ours": lambda: f"Against no trumps, keep leading {suit(0)}: the {c}",
        "nt-long": lambda: f"Against no trumps, lead your longest suit: the {c}",
        "short": lambda: f"Lead the {c} from your short {suit(0)}: you may ruff them later",
        "trumps-asked": lambda: f"Lead trumps with the {c}: your partner led them",
        "only-trumps": lambda: f"Lead the {c}: you hold only trumps",
        "for-ruff": lambda: f"Your partner is out of {suit(0)}: lead the {c} for a ruff",
        "cash": lambda: f"Cash the {c} before it can be trumped" if f[0] else f"Cash the {c}: it is the master",
        "return": lambda: f"Return your partner\u2019s {suit(0)}: the {c}",
        "longest": lambda: f"Lead from your longest, strongest suit{', one they cannot ruff' if f[1] else ''}: the {c}",
        "careless": lambda: f"A guess: Easy plays any card now and then, this time the {c}",
        "top-long": lambda: f"Lead the top of your longest suit: the {c}",
        "grab": lambda: f"Grab the trick: the {c} beats {whose(1)}",
        "fight": lambda: f"The {g(0)} on the stock is worth winning: the {c} takes it most cheaply",
        "dear": lambda: f"Winning the {g(0)} would cost too much: play the {c}",
        "no-winner": lambda: f"You cannot win the {g(0)}: play the {c}, your cheapest card",
        "let-go": lambda: f"The {g(0)} on the stock is not worth a good card: play the {c}",
        "lead-win": lambda: f"The {g(0)} on the stock is worth winning: lead the {c}, which they can hardly beat",
        "lead-cheap": lambda: f"Lead the {c}: you have no sure winner for the {g(0)}",
    }[code]()

CLAIM = "Claim the rest"
"""The label of the Claim control."""
CLAIM_FIRST = "A claim waits for an answer: agree to it or play on first."
NO_CLAIM_WAITS = "No claim waits for your answer."
CLAIM_WAITS = "You can claim on your turn in the play, once the stock is gone."


def claimed(name: str, n: int, left: int, why: str) -> str:
    """An accepted claim, in words.

    >>> claimed("East", 3, 3, "\u2660A K Q are all masters")
    'East claims the rest: \u2660A K Q are all masters.'
    >>> claimed("You", 2, 3, "\u2660A K are all masters")
    'You claim 2 of the 3 tricks left: \u2660A K are all masters.'
    """
    verb = "claim" if name == "You" else "claims"
    what = "the rest" if n == left else f"{n} of the {left} tricks left"
    return f"{name} {verb} {what}: {why}."
