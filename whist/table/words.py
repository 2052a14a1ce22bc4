"""The table's English: the sentences the view carries (whose turn and what it requires,
why a card may not be played now, a hand's result). The rules' own refusal is worded by
:meth:`whist.engine.state.IllegalActionError.sentence`; nothing here restates a rule."""

from __future__ import annotations

from whist.engine.cards import SUIT_NAMES

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


CLAIM = "Claim the rest"
"""The label of the Claim control."""
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
