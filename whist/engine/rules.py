"""The rules of each game, one object per game, found by name in ``GAMES``.

The game state asks its rules object everything that differs between the
games of the whist family: who sits, who partners whom, who plays which
hand, how a hand is dealt and trump chosen, who leads, how a hand scores and
when the game and the match are won. A new game subclasses :class:`Rules`
and overrides those hooks; nothing else in the engine branches on the
game's name.

>>> rules = make_rules("classic")
>>> rules.hand_points((9, 4)), rules.hand_points((6, 7)), rules.hand_points((13, 0))
((3, 0), (0, 1), (7, 0))
>>> rules.winner((7, 5)), rules.winner((6, 6))
(0, None)
>>> make_rules("short").options["target"], make_rules("short").options["honours"]
(5, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from whist.engine.auction import Contract
from whist.engine.cards import ACE, JACK, SUIT_NAMES, make_card, rank_of, shown, suit_of
from whist.engine.deal import Hands, deal_cards, shuffled_deck
from whist.engine.seats import Seat

if TYPE_CHECKING:
    from whist.engine.howto import Hand, Section


@dataclass(frozen=True)
class DealtHand:
    """What a deal hands to the state: the hands, the turn-up and trump."""

    hands: Hands
    turn_up: int | None
    trump: int | None
    stock: tuple[int, ...] = ()
    """Cards left to draw from, top first; the top card lies face up (German Whist)."""
    reveal: int | None = None
    """A card dealt face down that names trumps once the stock is gone (variable trump)."""


@dataclass(frozen=True)
class Draw:
    """The draw for partners and first deal, as it fell.

    ``rounds`` holds each round of drawing as (player, card) pairs, where
    player 0 is the person at the table (always South) and 1-3 the computers.
    The first round is every player's card; each later round is one group of
    players who tied drawing again, to be ranked among themselves only.
    ``order`` ranks the players from the highest draw to the lowest (a tie the
    rule leaves unbroken keeps the players' order). ``seating`` gives each
    player's seat and ``dealer`` the first dealer.
    """

    rounds: tuple[tuple[tuple[int, int], ...], ...]
    seating: tuple[Seat, Seat, Seat, Seat]
    dealer: Seat
    aces_low: bool
    order: tuple[int, ...] = ()


@dataclass(frozen=True)
class HandScore:
    """How one hand scores: tricks (after any revoke penalty), points per side
    with the honours included, and what made them up."""

    tricks: tuple[int, ...]
    points: tuple[int, ...]
    honours: tuple[int, ...]
    honour_cards: tuple[int, ...]
    """How many of the A K Q J of trumps each side held (the hand summary shows which)."""
    revoke_tricks: tuple[int, ...]
    """Tricks each side gained from the other's revokes."""
    revoke_moves: tuple[int, ...] = ()
    """Tricks each revoke moved, in the order of the revokes (fewer than the penalty
    when the revoking side had not won that many)."""


#: The label of each option in the New game dialog.
OPTION_LABELS: dict[str, str] = {
    "target": "Game to", "honours": "Honours count", "rubber": "Play a rubber (best of three games)",
    "no_trump": "No-trump hands", "draw": "Draw for partners and deal", "revokes": "Revokes",
    "doubling": "Doubling", "scoring": "A deal scores", "trump": "Trumps", "match": "The match",
}

#: How an option's values read in the dialog (a value not listed reads as itself; points as "7 points").
VALUE_LABELS: dict[str, dict[Any, str]] = {
    "draw": {"none": "No draw", "high": "High: two highest partner, lowest deals",
             "low": "Low: highest deals, aces low"},
    "revokes": {"prevented": "Prevented", "club": "Club rules (allowed, and penalised)"},
    "scoring": {"difference": "The difference in tricks", "above-six": "Tricks over six"},
    "trump": {"turn-up": "The first face-up card", "variable": "A separate card, for Phase Two",
              "none": "No trumps"},
    "match": {"target": "To the target", "three-deals": "Three deals"},
}

OPTION_HELP: dict[str, str] = {
    "target": "Points that win a game.",
    "honours": "A side dealt all four of A K Q J of trumps scores 4, any three score 2.",
    "rubber": "Play a rubber: the best of three games, with 2 bonus points for winning it 2-0.",
    "no_trump": "Every hand is played with no trumps: the turn-up is shown and ignored.",
    "draw": "Draw cards for partners and first deal (high: the two highest partner, lowest deals, "
            "aces high; low: highest deals, aces low).",
    "revokes": "Prevented: you can only play legal cards. Club rules: a revoke is allowed "
               "but costs {penalty} at the end of the {hand}.",
    "scoring": "Difference: the winner of a deal scores the difference in Phase Two tricks. "
               "Above six: the winner scores the tricks over six.",
    "trump": "Turn-up: the first face-up card names trumps. Variable: a card dealt face down names "
             "the trumps of Phase Two. None: no trumps.",
    "match": "A match to the target, or three deals with the Phase Two tricks totalled.",
    "doubling": "A house rule: a defender may double the last bid, and every point of the hand counts twice.",
}


def draw_value(card: int, aces_low: bool) -> int:
    """A drawn card's rank for the draw: aces high (0 for a two, 12 for an ace) or low (0 for an ace)."""
    r = rank_of(card)
    return (0 if r == ACE else r + 1) if aces_low else r


def draw_order(cards: Sequence[int], aces_low: bool, *, legacy_ties: bool = False
               ) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]:
    """Four players (0-3) draw ``cards`` in this order: the rounds of drawing and the
    players ranked from the highest draw to the lowest.

    Players who tie draw again, and the new cards rank them among themselves only:
    a player's draw is the sequence of cards they drew, compared card by card. With
    aces high (the English rule) every tie draws again; with aces low (the plain
    game, where only the highest card matters: it deals) only a tie for the highest.

    >>> from whist.engine.cards import parse_card
    >>> rounds, order = draw_order([parse_card(c) for c in "TC 9C 6D TS 3C 5D".split()], aces_low=False)
    >>> [[p for p, _ in r] for r in rounds], order
    ([[0, 1, 2, 3], [0, 3]], (3, 0, 1, 2))

    ``legacy_ties``: the draw of game records of format 1, which ranked a redrawn
    card against everyone's first card (kept so those records replay as played).
    """
    pack = iter(cards)
    rounds: list[tuple[tuple[int, int], ...]] = []
    if legacy_ties:
        latest: dict[int, int] = {}
        waiting = [0, 1, 2, 3]
        while waiting:
            this = tuple((p, next(pack)) for p in waiting)
            rounds.append(this)
            latest.update(this)
            values = [draw_value(latest[p], aces_low) for p in range(4)]
            waiting = [p for p in range(4) if values.count(values[p]) > 1]
        legacy = sorted(range(4), key=lambda p: (draw_value(latest[p], aces_low), suit_of(latest[p])), reverse=True)
        return tuple(rounds), tuple(legacy)
    drawn: dict[int, tuple[int, ...]] = {p: () for p in range(4)}
    groups = [[0, 1, 2, 3]]
    while groups:
        group = groups.pop(0)
        this = tuple((p, next(pack)) for p in group)
        rounds.append(this)
        for p, c in this:
            drawn[p] += (draw_value(c, aces_low),)
        values = sorted({draw_value(c, aces_low) for _, c in this}, reverse=True)
        tied = [[p for p, c in this if draw_value(c, aces_low) == v] for v in values]
        if aces_low:
            tied = tied[:1]  # only a tie for the highest card decides anything
        groups += [g for g in tied if len(g) > 1]
    return tuple(rounds), tuple(sorted(range(4), key=lambda p: drawn[p], reverse=True))


class Rules:
    """Classic Whist: four players in two partnerships, trump is the dealer's
    last card, the side with more than six tricks scores one point for each
    trick over six, first side to 7 points wins. The base of every game."""

    name: ClassVar[str] = "classic"
    title: ClassVar[str] = "Classic Whist"
    blurb: ClassVar[str] = "First side to 7 points; tricks alone score."
    intro: ClassVar[str] = ("Four players in two partnerships: you sit South with *North* as your partner, "
                            "against West and East.")
    """How to play this game starts with these words (:meth:`how_to_play`)."""
    teaches: ClassVar[bool] = True
    """The game a first player meets: beside a hand, with its default options, its help is the long one."""
    seats: ClassVar[tuple[Seat, ...]] = (Seat.N, Seat.E, Seat.S, Seat.W)
    sides: ClassVar[tuple[tuple[Seat, ...], ...]] = ((Seat.N, Seat.S), (Seat.E, Seat.W))
    side_names: ClassVar[tuple[str, ...]] = ("North-South", "East-West")
    has_auction: ClassVar[bool] = False
    """An auction decides trumps and the contract before the play (Contract Whist)."""
    dummies: ClassVar[tuple[Seat, ...]] = ()
    """Seats whose hand is played by their partner and shown after the opening lead."""
    book: ClassVar[int] = 6
    tricks_per_hand: ClassVar[int] = 13
    first_counted_trick: ClassVar[int] = 0
    """Tricks before this one do not score (German Whist's Phase One)."""
    has_stock: ClassVar[bool] = False
    """Whether a stock is drawn from after each trick (German Whist)."""
    draw_tricks: ClassVar[int] = 0
    """The first tricks of a hand after each of which the hands draw from the stock (German
    Whist's Phase One: the winner takes the face-up card, the others a card unseen). A player
    who showed out of a suit and drew unseen since may hold the suit again: no void."""
    computer_player: ClassVar[str] = "trick-taking"
    """The kind of computer player the game wants (``whist.ai.players`` maps it to one a level):
    "trick-taking" for partnerships of four, "two-hand" for German Whist's stock and exact endgame."""
    rubber_bonus: ClassVar[int] = 2
    revoke_penalty: ClassVar[int] = 3
    """Tricks a revoke hands from the revoking side to the other (club rules), as far as it has them."""
    revoke_penalty_words: ClassVar[str] = "three tricks"
    hand_word: ClassVar[str] = "hand"
    """What the game calls one deal played out: a hand (a deal, in German Whist)."""
    default_options: ClassVar[dict[str, Any]] = {
        "target": 7, "honours": False, "rubber": False, "no_trump": False,
        "draw": "none", "revokes": "prevented"}
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = {
        "target": (5, 7, 9), "honours": (False, True), "rubber": (False, True),
        "no_trump": (False, True), "draw": ("none", "high", "low"),
        "revokes": ("prevented", "club")}

    def __init__(self, /, **options: Any) -> None:
        merged = dict(self.default_options)
        for key, value in options.items():
            if key not in self.default_options:
                raise ValueError(f"{self.title} has no option {shown(key)}")
            choices = self.option_choices.get(key)
            if choices is not None and (value not in choices or type(value) is not type(choices[0])):
                raise ValueError(f"option {key!r} must be one of {list(choices)}, not {shown(value)}")
            merged[key] = value
        self.options: dict[str, Any] = merged

    @classmethod
    def option_help(cls, key: str) -> str:
        """The one-line explanation of an option of this game, for the New game dialog."""
        return OPTION_HELP.get(key, "").format(penalty=cls.revoke_penalty_words, hand=cls.hand_word)

    @classmethod
    def option_label(cls, key: str) -> str:
        """An option's label in the New game dialog."""
        return OPTION_LABELS.get(key, key.replace("_", " ").capitalize())

    @classmethod
    def value_label(cls, key: str, value: Any) -> str:
        """How one value of an option reads in the dialog."""
        if key == "target":
            return f"{value} points"
        return VALUE_LABELS.get(key, {}).get(value, str(value))

    def replay_options(self) -> dict[str, Any]:
        """The options of a game that deals this hand again (Replay, a shared deal): this game's
        own, those not at their defaults, and no draw for partners and deal (a replay starts
        from the deal).

        >>> ShortWhist(rubber=True, draw="high").replay_options(), DummyWhist().replay_options()
        ({'rubber': True}, {})
        """
        options = {k: v for k, v in self.options.items() if self.default_options.get(k) != v}
        if "draw" in self.default_options:
            options.pop("draw", None)
            if self.default_options["draw"] != "none":
                options["draw"] = "none"
        return options

    @property
    def target(self) -> int:
        return int(self.options["target"])

    @property
    def goal(self) -> tuple[str, str]:
        """What ends the game, in words: long (under the title) and short (by the score)."""
        return f"first to {self.target}", f"to {self.target}"

    def notes(self, *, deal: int, stock_left: bool, trump: int | None) -> tuple[str, ...]:
        """What the chosen options change, in a few words for the felt: ``deal`` is the
        deal of the game now played (1 for the first), ``stock_left`` whether the stock is
        still drawn from, ``trump`` the trump suit now (None: none, or not yet known)."""
        return ()

    def how_to_play(self, hand: Hand | None = None) -> tuple[Section, ...]:
        """How to play this game with these options, as sections of plain sentences
        (:mod:`whist.engine.howto`); ``hand`` is the hand on the table, for the help beside
        it (None: the game in general, as the New game dialog tells it).

        >>> [s.heading for s in make_rules("short", rubber=True).how_to_play()][-2:]
        ['Honours', 'A rubber']
        """
        from whist.engine import howto

        o = self.options
        if hand is not None and self.teaches and all(o[k] == v for k, v in self.default_options.items()
                                                      if k != "target"):
            return howto.classic(self.target, hand)
        game = howto.Section("The game", (f"{self.intro} The first side to {self.target} points wins the game.",))
        odd = howto.ODD if o["honours"] else howto.ODD._replace(paragraphs=(*howto.ODD.paragraphs, howto.NO_HONOURS))
        out = [game, *([howto.DUMMY] if self.dummies else []), howto.NO_TRUMP if o["no_trump"] else howto.TRUMPS,
               howto.TRICKS, odd, *([howto.HONOURS] if o["honours"] else []), *([howto.RUBBER] if o["rubber"] else [])]
        if o["draw"] != "none":
            out.append(howto.draw(o["draw"] == "low"))
        if self.revokes_allowed:
            out.append(howto.REVOKES)
        return (*out, *_hand_section(hand))

    @property
    def revokes_allowed(self) -> bool:
        """Club rules: a player may revoke, and pays for it at the end of the hand."""
        return self.options.get("revokes") == "club"

    # --- seating -------------------------------------------------------
    def side_of(self, seat: Seat) -> int:
        for i, side in enumerate(self.sides):
            if seat in side:
                return i
        raise ValueError(f"{seat.long_name} does not play in {self.title}")

    def partner_of(self, seat: Seat) -> Seat | None:
        side = self.sides[self.side_of(seat)]
        others = [s for s in side if s != seat]
        return others[0] if others else None

    def next_seat(self, seat: Seat) -> Seat:
        """The next seat clockwise among the seats that play."""
        i = self.seats.index(seat)
        return self.seats[(i + 1) % len(self.seats)]

    def controller(self, seat: Seat) -> Seat:
        """Who chooses the cards of ``seat``: its partner for a dummy, else itself."""
        if seat in self.dummies:
            partner = self.partner_of(seat)
            if partner is None:
                raise ValueError(f"{seat.long_name} is a dummy in {self.title} but has no partner to play it")
            return partner
        return seat

    # --- the draw and the deal ------------------------------------------
    def draw_for_deal(self, seed: int, *, legacy_ties: bool = False) -> Draw | None:
        """Each player draws a card; ties draw again. None when the game does not draw.

        ``high`` (the English rule): aces high, the two highest play together
        and the lowest deals; players who tie draw again, and their new cards
        rank them among themselves only (a redraw never meets another player's
        first card). ``low`` (the plain game): aces low and the highest deals,
        partners stay as seated; only a tie for the highest card draws again,
        as that rule says. Player 0 (you) always sits South.

        ``legacy_ties``: the draw of game records of format 1, which ranked a
        redrawn card against everyone's first card (kept so they replay as played).
        """
        mode = self.options.get("draw", "none")
        if mode == "none":
            return None
        aces_low = mode == "low"
        rng = random.Random(f"draw:{seed}")
        deck = list(range(52))
        rng.shuffle(deck)
        # the cards come off the end of the shuffled pack
        rounds, order = draw_order(deck[::-1], aces_low, legacy_ties=legacy_ties)
        if aces_low:
            partner = 1
            dealer_player = order[0]
        else:
            top_pair = set(order[:2])
            partner = (top_pair - {0}).pop() if 0 in top_pair else (set(order[2:]) - {0}).pop()
            dealer_player = order[3]
        others = [p for p in (1, 2, 3) if p != partner]
        seating = [Seat.S, Seat.S, Seat.S, Seat.S]
        seating[partner], seating[others[0]], seating[others[1]] = Seat.N, Seat.E, Seat.W
        return Draw(rounds, (seating[0], seating[1], seating[2], seating[3]),
                    seating[dealer_player], aces_low, tuple(order))

    def first_dealer(self, seed: int) -> Seat:
        """Who deals the first hand: from the draw, or drawn from the seed."""
        draw = self.draw_for_deal(seed)
        if draw is not None:
            return draw.dealer
        return random.Random(f"first-dealer:{seed}").choice(self.seats)

    def next_dealer(self, dealer: Seat) -> Seat:
        return self.next_seat(dealer)

    def deal_number(self, seed: int, hand_number: int) -> int:
        """The deal number of each hand of a game: the first hand is the seed itself."""
        if hand_number == 0:
            return seed
        return random.Random(f"deal:{seed}:{hand_number}").randrange(1, 10**12)

    def deal(self, deal_number: int, dealer: Seat) -> DealtHand:
        hands, last = deal_cards(deal_number, dealer, self.seats)
        trump = None if self.options.get("no_trump") else suit_of(last)
        return DealtHand(hands, turn_up=last, trump=trump)

    def first_leader(self, dealer: Seat) -> Seat:
        return self.next_seat(dealer)

    # --- scoring -------------------------------------------------------
    def hand_points(self, tricks: tuple[int, ...]) -> tuple[int, ...]:
        """Points per side for the tricks each side took: one a trick over the book."""
        return tuple(max(0, t - self.book) for t in tricks)

    def honours(self, dealt: Hands, trump: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(points, honours held) per side: all four of A K Q J of trumps score 4, three score 2."""
        held = [0] * len(self.sides)
        if trump is not None:
            for i, side in enumerate(self.sides):
                mask = 0
                for seat in side:
                    mask |= dealt[seat]
                held[i] = sum(mask >> make_card(trump, r) & 1 for r in range(JACK, ACE + 1))
        points = tuple(4 if h == 4 else 2 if h == 3 else 0 for h in held)
        return (points if self.options.get("honours") else tuple(0 for _ in held)), tuple(held)

    def score_hand(self, tricks: tuple[int, ...], dealt: Hands, trump: int | None,
                   revokes: tuple[tuple[int, Seat], ...], contract: Contract | None = None) -> HandScore:
        """Score a finished hand: each revoke hands up to ``revoke_penalty`` of the
        revoking side's tricks (those that count) to the other side, then odd tricks
        and honours score."""
        won = list(tricks)
        gained = [0] * len(won)
        moves = []
        for _, seat in revokes:
            side = self.side_of(seat)
            other = 1 - side
            moved = min(self.revoke_penalty, won[side])
            won[side] -= moved
            won[other] += moved
            gained[other] += moved
            moves.append(moved)
        odd = self.hand_points(tuple(won))
        honours, held = self.honours(dealt, trump)
        return HandScore(tuple(won), tuple(o + h for o, h in zip(odd, honours, strict=True)),
                         honours, held, tuple(gained), tuple(moves))

    def game_winner(self, before: tuple[int, ...], score: HandScore, hands_played: int = 1) -> int | None:
        """The side that wins the game with this hand (the ``hands_played``-th of
        the game). Tricks score before honours,
        so a side that reaches the target by tricks wins even if the other side's
        honours would take it there too."""
        odd = tuple(p - h for p, h in zip(score.points, score.honours, strict=True))
        by_tricks = tuple(b + o for b, o in zip(before, odd, strict=True))
        first = self.winner(by_tricks)
        if first is not None:
            return first
        return self.winner(tuple(b + p for b, p in zip(before, score.points, strict=True)))

    def winner(self, scores: tuple[int, ...]) -> int | None:
        """The side that has won the game, if any: at the target and ahead."""
        best = max(scores)
        if best >= self.target and list(scores).count(best) == 1:
            return scores.index(best)
        return None

    def games_to_win(self) -> int:
        """Games a side must win to take the match: two of three in a rubber."""
        return 2 if self.options.get("rubber") else 1

    def match_bonus(self, games: tuple[int, ...]) -> tuple[int, ...]:
        """The rubber bonus: 2 points to a side that won the rubber two games to nil."""
        if self.games_to_win() < 2 or sorted(games) != [0, 2]:
            return tuple(0 for _ in games)
        return tuple(self.rubber_bonus if g == 2 else 0 for g in games)


class ContractWhist(Rules):
    """Contract Whist: all 52 cards dealt, an auction names trumps and the
    contract, the declarers score their tricks only if they make it, the
    defenders always score theirs; game to 100 (or 50)."""

    name = "contract"
    title = "Contract Whist"
    blurb = "Bid for trumps: make your contract to score your tricks; first side to 100."
    has_auction = True
    default_options: ClassVar[dict[str, Any]] = {"target": 100, "doubling": False}
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = {"target": (100, 50), "doubling": (False, True)}

    def how_to_play(self, hand: Hand | None = None) -> tuple[Section, ...]:
        from whist.engine import howto

        return (*howto.contract(self.target, bool(self.options["doubling"])), *_hand_section(hand))

    def deal(self, deal_number: int, dealer: Seat) -> DealtHand:
        hands, _ = deal_cards(deal_number, dealer, self.seats)
        return DealtHand(hands, turn_up=None, trump=None)

    def score_hand(self, tricks: tuple[int, ...], dealt: Hands, trump: int | None,
                   revokes: tuple[tuple[int, Seat], ...], contract: Contract | None = None) -> HandScore:
        zero = tuple(0 for _ in tricks)
        if contract is None:  # thrown in: nobody bid
            return HandScore(zero, zero, zero, zero, zero)
        declarers = self.side_of(contract.declarer)
        made = tricks[declarers] >= contract.level
        factor = 2 if contract.doubled else 1
        points = tuple(factor * t if (i != declarers or made) else 0 for i, t in enumerate(tricks))
        return HandScore(tricks, points, zero, zero, zero)

    def game_winner(self, before: tuple[int, ...], score: HandScore, hands_played: int = 1) -> int | None:
        return self.winner(tuple(b + p for b, p in zip(before, score.points, strict=True)))


class GermanWhist(Rules):
    """German Whist for two: 13 cards each and a stock of 26 with its top card
    face up. In Phase One the winner of each trick takes the face-up card and
    the loser the next card unseen; in Phase Two the hands are played out and
    only those 13 tricks count. A match to 17 or 21, the deal alternating.
    Under club rules a revoke, in either phase, hands two of the revoking
    player's Phase Two tricks to the other (all of them, if fewer were won)."""

    name = "german"
    title = "German Whist"
    blurb = "Two players: win the face-up cards in Phase One, then the tricks of Phase Two count."
    seats = (Seat.N, Seat.S)
    sides = ((Seat.N,), (Seat.S,))
    side_names = ("North", "South")
    tricks_per_hand = 26
    first_counted_trick = 13
    has_stock = True
    draw_tricks = 13
    computer_player = "two-hand"
    revoke_penalty = 2
    revoke_penalty_words = "two of the revoker's Phase Two tricks (all, if fewer were won)"
    hand_word = "deal"
    default_options: ClassVar[dict[str, Any]] = {
        "target": 17, "scoring": "difference", "trump": "turn-up", "match": "target", "revokes": "prevented"}
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = {
        "target": (17, 21), "scoring": ("difference", "above-six"),
        "trump": ("turn-up", "variable", "none"), "match": ("target", "three-deals"),
        "revokes": ("prevented", "club")}

    def deal(self, deal_number: int, dealer: Seat) -> DealtHand:
        hands, _ = deal_cards(deal_number, dealer, self.seats, cards=26)
        stock = tuple(shuffled_deck(deal_number)[26:])
        mode = self.options["trump"]
        reveal = None
        if mode == "variable":
            # the extra card comes from a second pack: only its suit matters
            reveal = random.Random(f"variable-trump:{deal_number}").randrange(52)
        return DealtHand(hands, turn_up=stock[0], trump=None if mode == "none" else suit_of(stock[0]),
                         stock=stock, reveal=reveal)

    @property
    def goal(self) -> tuple[str, str]:
        if self.options["match"] == "three-deals":
            return "three deals", "of 3 deals"
        return super().goal

    def notes(self, *, deal: int, stock_left: bool, trump: int | None) -> tuple[str, ...]:
        """German Whist: the deal of three, no trumps or the hidden Phase Two trump, the scoring.

        >>> GermanWhist(match="three-deals", trump="variable").notes(deal=2, stock_left=True, trump=None)
        ('Deal 2 of 3', 'Phase Two trump hidden until the stock is gone')
        """
        options = self.options
        out = []
        if options["match"] == "three-deals":
            out.append(f"Deal {max(1, deal)} of 3")
        if options["trump"] == "none":
            out.append("No trumps")
        elif options["trump"] == "variable":
            if stock_left:
                out.append("Phase Two trump hidden until the stock is gone")
            elif trump is not None:
                out.append(f"Phase Two trump: {SUIT_NAMES[trump]}")
        if options["scoring"] == "above-six" and options["match"] != "three-deals":
            out.append("Tricks above six score")
        return tuple(out)

    def hand_points(self, tricks: tuple[int, ...]) -> tuple[int, ...]:
        if self.options["match"] == "three-deals":
            return tricks  # the Phase Two tricks of the three deals are totalled
        if self.options["scoring"] == "above-six":
            return tuple(max(0, t - self.book) for t in tricks)
        return tuple(max(0, t - min(tricks)) for t in tricks)  # the winner scores the difference

    def how_to_play(self, hand: Hand | None = None) -> tuple[Section, ...]:
        from whist.engine import howto

        o = self.options
        trumps = {"turn-up": "The first face-up card of the stock names trumps for the whole deal.",
                  "variable": "A separate card names the trumps of Phase Two; Phase One is played without trumps.",
                  "none": "There are no trumps."}[o["trump"]]
        scoring = ("The winner of a deal scores the difference between the two players\u2019 Phase Two tricks."
                   if o["scoring"] == "difference" else
                   "The winner of a deal scores the Phase Two tricks taken over six.")
        match = (f"The first player to {self.target} points wins the match." if o["match"] == "target" else
                 "The match is three deals, with the Phase Two tricks of the three deals added up.")
        return (*howto.german(trumps, scoring, match, self.revokes_allowed), *_hand_section(hand))

    def game_winner(self, before: tuple[int, ...], score: HandScore, hands_played: int = 1) -> int | None:
        totals = tuple(b + p for b, p in zip(before, score.points, strict=True))
        if self.options["match"] == "three-deals":
            return totals.index(max(totals)) if hands_played >= 3 else None
        return self.winner(totals)


class ShortWhist(Rules):
    name = "short"
    title = "Short Whist"
    blurb = "The English game: first side to 5 points, honours count."
    intro = ("Short Whist is the English club game: four players in two partnerships, you South with North "
             "against West and East. Games are short, so a rubber is the usual match.")
    teaches = False
    default_options: ClassVar[dict[str, Any]] = {**Rules.default_options, "target": 5, "honours": True}


class LongWhist(Rules):
    name = "long"
    title = "Long Whist"
    blurb = "The older English game: first side to 9 points, honours count."
    intro = ("Long Whist is the older English game, played to a longer target: four players in two "
             "partnerships, you South with North against West and East.")
    teaches = False
    default_options: ClassVar[dict[str, Any]] = {**Rules.default_options, "target": 9, "honours": True}


class AmericanWhist(Rules):
    name = "american"
    title = "American Whist"
    blurb = "No honours: only odd tricks score, first side to 7."
    intro = ("American Whist is the game without honours: only tricks score. Four players in two "
             "partnerships, you South with North against West and East.")
    teaches = False
    default_options: ClassVar[dict[str, Any]] = {**Rules.default_options, "honours": False}
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = {**Rules.option_choices, "honours": (False,)}


class DummyWhist(Rules):
    name = "dummy"
    title = "Dummy Whist"
    blurb = "Three players: you play North's hand too, laid face up after the opening lead."
    intro = ("Dummy Whist is whist for three. You sit South and play *North\u2019s hand too*: it is your "
             "dummy, against two computer players, West and East.")
    teaches = False
    dummies = (Seat.N,)
    default_options: ClassVar[dict[str, Any]] = {**Rules.default_options, "draw": "none"}
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = {**Rules.option_choices, "draw": ("none",)}


def _hand_section(hand: Hand | None) -> tuple[Section, ...]:
    """The help's part on the hand on the table (none for the game in general, or before a turn-up)."""
    from whist.engine import howto

    words = howto.this_hand(hand)
    return (howto.Section("This hand", (words,)),) if words else ()


GAMES: dict[str, type[Rules]] = {cls.name: cls for cls in (
    Rules, ShortWhist, LongWhist, AmericanWhist, DummyWhist, ContractWhist, GermanWhist)}


def make_rules(game: str = "classic", /, **options: Any) -> Rules:
    cls = GAMES.get(game) if isinstance(game, str) else None
    if cls is None:
        raise ValueError(f"unknown game {shown(game)}; the games are {sorted(GAMES)}")
    return cls(**options)

