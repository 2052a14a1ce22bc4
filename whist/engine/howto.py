"""How to play, in the project's own words: the sections the rules classes put together
(:meth:`whist.engine.rules.Rules.how_to_play`), as plain sentences.

No markup: in a paragraph ``*words*`` are stressed, ``_words_`` are a term being
defined and ``[H]`` is a key to press; the page turns them into its tags.

>>> "_book_" in ODD.paragraphs[0], TRICKS.heading
(True, 'A trick')
"""

from __future__ import annotations

from typing import NamedTuple


class Section(NamedTuple):
    """One part of how to play: a heading, its paragraphs, and a list after them."""

    heading: str
    paragraphs: tuple[str, ...]
    points: tuple[str, ...] = ()


Hand = tuple[str, str, str]
"""The hand on the table, for the help: the dealer's name, the turn-up card's name ("" when
no card is turned up now) and the trump suit's name ("" for no trumps)."""


def this_hand(hand: Hand | None, *, within: bool = False) -> str:
    """The hand on the table in a sentence; ``within`` a paragraph on the deal, it starts
    with "This hand". "" when no card is turned up.

    >>> this_hand(("West", "Seven of hearts", "Hearts"))
    'West dealt and turned up the seven of hearts, so *hearts are trumps*.'
    >>> this_hand(("West", "Seven of hearts", ""), within=True)
    'This hand is played without trumps.'
    """
    if hand is None or not hand[1]:
        return ""
    dealer, card, trumps = hand[0], hand[1].lower(), hand[2].lower()
    if not trumps:
        return ("This hand is played without trumps." if within
                else f"{dealer} dealt and turned up the {card}: this hand has *no trumps*.")
    return f"{'This hand ' if within else ''}{dealer} dealt and turned up the {card}, so *{trumps} are trumps*."


def classic(target: int, hand: Hand | None) -> tuple[Section, ...]:
    """Classic Whist as it is played by default, at length, for a first game."""
    deal = " ".join(s for s in (
        "Each player gets 13 cards. The dealer\u2019s last card is turned face up, and its suit is _trumps_ "
        "for the whole hand.", this_hand(hand, within=True), "The trump suit and the turn-up card are always "
        "shown at the top of the screen. The deal passes to the left after every hand.") if s)
    return (
        Section("The game", ("Four players, two partnerships. You sit South and play with *North*, the partner "
                             "across the table, against *West and East*. The first side to "
                             f"{target} points wins the game.",)),
        Section("The deal and trumps", (deal,)),
        Section("A trick", (
            "The player on the dealer\u2019s left leads any card. The others play in turn, clockwise. *You must "
            "follow suit*: if you hold a card of the suit that was led, you have to play one; cards you may not "
            "play are dimmed. With none of that suit you may play any card \u2014 a trump, or a discard.",
            "The highest trump wins the trick; with no trump in it, the highest card of the suit led wins. "
            "Aces are high. Whoever wins a trick leads to the next.")),
        Section("Scoring", (
            "After 13 tricks, the side that took more than six scores one point for each trick over six (the "
            "first six, the _book_, count nothing). Seven tricks score 1, nine score 3, all thirteen score 7. "
            "Six each: nobody scores. Honours are not counted in this game.",)),
        Section("Tips", (), (
            "Count the trumps: there are 13, and each one played is one fewer to beat your winners.",
            "When your partner is already winning the trick, play low.",
            "Lead from your longest suit; its small cards become winners once the others run out.",
            "Stuck? Press [I] for a hint, and [U] to take a card back. Both are free.",
            "New to whist? *Guided first hand*, at the top of this help, deals a hand that shows each step "
            "as it comes.")),
    )


TRICKS = Section("A trick", (
    "The player on the dealer\u2019s left leads any card; the others play in turn, clockwise. *You must follow "
    "suit* if you can; with none of the suit led you may play any card, a trump or a discard. The highest trump "
    "wins the trick, or with no trump in it the highest card of the suit led. Aces are high. Whoever wins a "
    "trick leads to the next.",))

ODD = Section("Scoring", (
    "After the 13 tricks, the side that took more than six scores a point for each trick over six (the first "
    "six are the _book_). Seven tricks score 1, thirteen score 7.",))

HONOURS = Section("Honours", (
    "The ace, king, queen and jack of trumps are the _honours_. A side dealt all four of them between its two "
    "hands scores 4 points, any three score 2, counted at the end of the hand: they are luck, not play. Tricks "
    "score before honours, so a side that reaches the target by tricks wins even if the other side\u2019s "
    "honours would take it there too. There are no honours without trumps.",))

NO_HONOURS = "Honours are not counted in this game: only tricks score."

RUBBER = Section("A rubber", (
    "A rubber is the best of three games: the first side to win two games takes it (a third game is not played "
    "after a 2\u20130). The rubber\u2019s total is every point scored in its hands, honours included, plus a "
    "bonus of 2 points for winning it two games to nil. The score sheet keeps every hand.",))

NO_TRUMP = Section("No-trump hands", (
    "Every hand is played without trumps. The dealer still turns up the last card, as usual, but it is only "
    "shown: the highest card of the suit led wins each trick.",))

TRUMPS = Section("The deal and trumps", (
    "Each player gets 13 cards. The dealer\u2019s last card is turned face up and its suit is trumps for the "
    "hand; the turn-up is shown at the top of the screen. The deal passes to the left.",))

DUMMY = Section("Your dummy", (
    "North\u2019s cards are dealt as usual and you see them from the start. After the opening lead they lie "
    "face up for everyone, so West and East see them too, as they would at a real table. When it is "
    "North\u2019s turn you choose North\u2019s card: the dummy\u2019s cards can be played only then. West and "
    "East play their own hands.",))


def draw(aces_low: bool) -> Section:
    """The draw for partners and deal, high or low."""
    how = ("The highest card deals, and aces count low. Players who tie for the highest card draw again, and "
           "their new cards decide between them." if aces_low else
           "The two highest play together against the two lowest, and the lowest deals; aces are high. "
           "Players who tie draw again, and their new cards decide between them only.")
    return Section("The draw for partners and deal", (
        f"Before the first hand each player draws a card from the pack. {how} You always sit South: the draw "
        "decides which of the others sits opposite you as your partner, and who deals first. After that the "
        "deal passes to the left.",))


REVOKES = Section("Revokes (club rules)", (
    "Not following suit when you could is a _revoke_. Under club rules the game lets you do it \u2014 the cards "
    "are not dimmed \u2014 but at the end of the hand the revoke is found and three tricks pass from the "
    "revoking side to the other side. The computers never revoke.",))


def contract(target: int, doubling: bool) -> tuple[Section, ...]:
    """Contract Whist: the auction, the play, the score."""
    score: tuple[str, ...] = (
        "If the declaring side takes at least the tricks it bid, it scores a point for every trick it took; "
        "if not, it scores nothing. The defenders always score a point for every trick they took.",)
    if doubling:
        score += ("With the doubling house rule on, a defender may double the last bid; the hand\u2019s points "
                  "then count twice.",)
    return (
        Section("The game", (
            f"Contract Whist: four players, you South with North against West and East. The first side to {target} "
            "points wins. All 52 cards are dealt and nothing is turned up: an auction decides trumps.",)),
        Section("The auction", (
            "Starting on the dealer\u2019s left, each player bids or passes. A bid is a number of tricks from 7 to "
            "13 with a trump suit or no trumps; each bid must be higher than the last (more tricks, or as many "
            "tricks in a higher suit: clubs, diamonds, hearts, spades, then no trumps). Three passes in a row after "
            "a bid end the auction; if all four pass, the cards are thrown in and the next player deals.",)),
        Section("The play", (
            "The last bid is the _contract_, and whoever made it is the declarer. The player on the declarer\u2019s "
            "left leads the first card, and the tricks are played as in whist: follow suit if you can, the highest "
            "trump or the highest card of the suit led wins.",)),
        Section("Scoring", score),
    )


GERMAN_TRUMPS = {
    "turn-up": "The suit of the first face-up card of the stock is trumps for the whole deal.",
    "variable": "*Phase One is played without trumps.* A separate card, dealt face down before play, names the "
                "trumps of Phase Two: it is turned over once the stock is gone.",
    "none": "There are no trumps.",
}
"""German Whist's trumps, in a sentence for each value of its ``trump`` option."""

GERMAN_PHASE_ONE_TRICK = {
    "turn-up": "The highest trump wins the trick, or with no trump in it the highest card of the suit led.",
    "variable": "There are no trumps yet: the highest card of the suit led wins the trick.",
    "none": "The highest card of the suit led wins the trick.",
}


def german(trump: str, scoring: str, match: str, revokes: bool) -> tuple[Section, ...]:
    """German Whist: the two phases; ``trump`` is the ``trump`` option's value, ``scoring`` and
    ``match`` say the other options in a sentence.

    >>> [s for s in german("variable", "", "", False)[1].paragraphs[0].split(". ") if "trump" in s]
    ['There are no trumps yet: the highest card of the suit led wins the trick']
    """
    out: tuple[Section, ...] = (
        Section("The game", (
            "German Whist is for two: you South against North. Each of you gets 13 cards; the other 26 are the "
            f"_stock_, face down with its top card turned face up. {GERMAN_TRUMPS[trump]}",)),
        Section("Phase One", (
            "You play 13 tricks to build your hand. Follow suit if you can. "
            f"{GERMAN_PHASE_ONE_TRICK[trump]} The winner of each trick takes the "
            "face-up card of the stock, the loser takes the next card unseen by the other player, and a new card "
            "is turned up. These tricks score nothing: play to win the face-up cards you want and lose the ones "
            "you do not.",)),
        Section("Phase Two", (
            "Once the stock is gone the 13 cards in each hand are played out, following suit as usual"
            f"{' under the trumps the face-down card names' if trump == 'variable' else ''}. Only these "
            "tricks count. You know every card your opponent drew face up, so counting pays.",)),
        Section("Scoring", (f"{scoring} {match}",)),
    )
    if revokes:
        out += (Section("Revokes (club rules)", (
            "Not following suit when you could is a _revoke_, in either phase. Under club rules the game lets you "
            "do it \u2014 the cards are not dimmed \u2014 but at the end of the deal the revoke is found and two of "
            "the revoking player\u2019s Phase Two tricks go to the other player (all of them, if fewer were won). "
            "The computer never revokes.",)),)
    return out


def german_hand(hand: Hand | None, trump: str) -> str:
    """The deal on the table in a sentence, for German Whist with its ``trump`` option: the
    turn-up's suit, no trumps, or the hidden trump of Phase Two. "" with no deal on the table.

    >>> german_hand(("North", "Seven of hearts", ""), "variable")
    'North dealt. Phase One is played *without trumps*: the seven of hearts is only the prize of the first trick.'
    >>> german_hand(("North", "Seven of hearts", "Spades"), "variable")
    'North dealt. The card dealt face down has named *spades trumps* for Phase Two.'
    """
    if hand is None or not hand[1]:
        return ""
    dealer, card, trumps = hand[0], hand[1].lower(), hand[2].lower()
    if trump == "variable":
        if trumps:
            return f"{dealer} dealt. The card dealt face down has named *{trumps} trumps* for Phase Two."
        return (f"{dealer} dealt. Phase One is played *without trumps*: the {card} is only the prize of the "
                "first trick.")
    if not trumps:
        return f"{dealer} dealt and turned up the {card}: this deal has *no trumps*."
    return f"{dealer} dealt and turned up the {card}, so *{trumps} are trumps*."

_HABITS = (
    "*Your lead returned*: when it wins the lead, it leads back the suit you led last, unless it has a clear "
    "reason to lead something else first (drawing trumps with a strong holding, giving you a ruff, cashing a "
    "winner before it can be trumped) or an opponent has shown out of your suit and could trump it.",
    "*Second hand low*: playing second to a trick, it plays its lowest card, unless it can take the trick "
    "for sure at no cost or the trick might not come again, or it covers an honour led with a higher one.",
    "*Third hand high*: playing third after your lead, it plays high enough to win the trick or to force out "
    "the opponents\u2019 higher cards, but no higher (from king and queen, the queen), and low when your card "
    "is sure to win or it cannot help; it counts the card already on the table (over an opponent\u2019s queen, "
    "the king from king and jack).",
    "*Your ruffs kept*: once you have shown out of a suit it holds and may still have trumps, it does not "
    "lead trumps, which would draw yours (unless you asked for trumps by leading them); it leads you that suit "
    "to ruff when the opponents have not shown out of it.",
    "*Trumps from length*: with five trumps or more (or four with two honours, or as many as the other "
    "hands hold together), it leads trumps to draw the opponents\u2019 while they may hold some, unless you can "
    "ruff (above); and it leads them when you asked for them by leading trumps.",
    "*Count signals*: when it follows a side suit with no aim to win the trick (your card is winning, it "
    "cannot beat the card winning, or it plays second hand low), it shows how many cards of the suit it "
    "holds: from an even number it plays its second-lowest card first and a lower one next time (high then "
    "low), from an odd number its lowest (low then higher). It never spends a ten or higher, or a card no "
    "card still out can beat, to signal: then it plays its lowest, and shows nothing. It gives no count in "
    "trumps. Partner\u2019s 9 then 4 of clubs: an even number.",
    "*Discards*: out of the suit led and not ruffing, it throws its least useful card, from a short, weak "
    "suit, keeping trumps, winners and the small cards that guard an honour. Every level that keeps these "
    "habits gives count and discards the same way, so its small cards mean the same at Normal, Hard and "
    "Expert; Expert also reads your small cards this way (but does not count on it: you may not signal).",
)


_CONTRACT_HABITS = (
    "*After the auction*: the declarer\u2019s side draws trumps whenever the opponents may hold some; a "
    "defender\u2019s first lead against a trump suit is from a short suit, and against no trumps a defender "
    "keeps leading the suit it led, or else yours. Hard and Expert also read the auction: a suit bid "
    "shows four cards or more there (most often five or six), and they look for them in the bidder\u2019s hand.",
)


def partner(auction: bool) -> Section:
    """How the computer players partner you: the habits they keep (tests/test_habits.py checks each
    one), and with an ``auction`` (Contract Whist) how the contract changes them. How to play shows
    it for every game with partners (:func:`whist.table.catalog.how_to_play`).

    >>> partner(False).heading, len(partner(True).points) - len(partner(False).points)
    ('How your computer partner plays', 1)
    """
    return Section("How your computer partner plays", (
        "The computer players at Normal, Hard and Expert (your partner, where a computer plays it, and your "
        "opponents) keep the habits below, so that you can read their cards. Hard and Expert also look ahead "
        "by trying many layouts of the cards they cannot see; they keep the usual card unless another is "
        "clearly better (by a fifth of a trick or more on average; Hard, which tries fewer layouts, also by more "
        "than its layouts disagree), so now and then they break a habit for a good reason. Easy is a beginner and "
        "keeps none of them reliably.",),
        (*_HABITS, *(_CONTRACT_HABITS if auction else ())))
