"""The rules of each game, one object per game, found by name in ``GAMES``.

The game state asks its rules object everything that differs between the
games of the whist family: who sits, who partners whom, who plays which
hand, how a hand is dealt and trump chosen, who leads, how a hand scores and
when the game and the match are won. :class:`Rules` holds what every game
shares; a game subclasses it (or the game it varies: Short, Long, American
and Dummy Whist are :class:`ClassicWhist` with other defaults), declares its
own options as typed :class:`Option` specs, and overrides those hooks;
nothing else in the engine branches on the game's name.

>>> rules = make_rules("classic")
>>> rules.hand_points((9, 4)), rules.hand_points((6, 7)), rules.hand_points((13, 0))
((3, 0), (0, 1), (7, 0))
>>> rules.winner((7, 5)), rules.winner((6, 6))
(0, None)
>>> make_rules("short").options["target"], make_rules("short").options["honours"]
(5, True)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

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


@dataclass(frozen=True)
class PlayedHand:
    """A finished hand as its scoring sees it: one value for :meth:`Rules.score_hand` and
    :meth:`Rules.game_winner`, so that a rule which needs one more fact (the score before the
    hand, how many hands the game has had) reads a field here instead of changing every
    signature. The options are the rules object's own (``self.options``).

    >>> PlayedHand((9, 4)).before, PlayedHand((9, 4), before=(3, 5)).before
    ((0, 0), (3, 5))
    """

    tricks: tuple[int, ...]
    """Tricks each side took of those that count (a claim's included), before any revoke penalty."""
    dealt: Hands = (0, 0, 0, 0)
    """The hands as they were dealt (the honours are read from them)."""
    trump: int | None = None
    revokes: tuple[tuple[int, Seat], ...] = ()
    """Each revoke: the trick it was made in, and the seat that made it."""
    contract: Contract | None = None
    before: tuple[int, ...] = ()
    """The game score before this hand, a side each (none given: nil each)."""
    hands_played: int = 1
    """This hand is the ``hands_played``-th of the game (from 1)."""

    def __post_init__(self) -> None:
        if not self.before:
            object.__setattr__(self, "before", tuple(0 for _ in self.tricks))


T = TypeVar("T")


@dataclass(frozen=True)
class Option(Generic[T]):
    """One option of a game, typed: its name, its default and allowed values (all of the
    default's type), and its words for the New game dialog. A game lists the options it
    offers in :attr:`Rules.option_specs`; :meth:`check` is the one place a value is accepted
    or refused, and :meth:`Rules.value` reads one back with its type.

    >>> HONOURS.check(True), TARGET.but(default=5).default, TARGET.value_label(9)
    (True, 5, '9 points')
    >>> HONOURS.check(1)
    Traceback (most recent call last):
    ...
    ValueError: option 'honours' must be one of [False, True], not 1
    """

    name: str
    default: T
    choices: tuple[T, ...]
    """The values a player may choose, in the dialog's order (the default among them)."""
    label: str
    """The option's label in the New game dialog."""
    help: str = ""
    """Its one-line explanation; ``{penalty}`` and ``{hand}`` are the game's words for a revoke's cost and a hand."""
    words: tuple[tuple[T, str], ...] = ()
    """How values read in the dialog; a value not listed reads as itself (with ``unit``)."""
    unit: str = ""
    """What a number counts ("points": 7 reads "7 points")."""

    def __post_init__(self) -> None:
        kind = type(self.default)
        if self.default not in self.choices or any(type(c) is not kind for c in self.choices):
            raise TypeError(f"option {self.name!r}: the default and every choice are one type, the default a choice")

    @property
    def type(self) -> type:
        """The type of the option's values (``bool``, ``int`` or ``str``)."""
        return type(self.default)

    def check(self, value: object) -> T:
        """``value`` if it is one of the choices, of the option's type (``1`` is not ``True``); else ValueError."""
        for choice in self.choices:
            if type(value) is type(choice) and value == choice:
                return choice
        raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, not {shown(value)}")

    def value_label(self, value: object) -> str:
        """How ``value`` reads in the dialog."""
        for v, words in self.words:
            if v == value and type(v) is type(value):
                return words
        return f"{value} {self.unit}" if self.unit else str(value)

    def but(self, **changes: Any) -> Option[T]:
        """This option with other fields (a game's own default or choices)."""
        return dataclasses.replace(self, **changes)


OptionList = tuple[Option[Any], ...]
"""A game's options, in the New game dialog's order."""

TARGET: Option[int] = Option("target", 7, (5, 7, 9), "Game to", "Points that win a game.", unit="points")
HONOURS: Option[bool] = Option(
    "honours", False, (False, True), "Honours count",
    "A side dealt all four of A K Q J of trumps scores 4, any three score 2.")
RUBBER: Option[bool] = Option(
    "rubber", False, (False, True), "Play a rubber (best of three games)",
    "Play a rubber: the best of three games, with 2 bonus points for winning it 2-0.")
NO_TRUMP: Option[bool] = Option(
    "no_trump", False, (False, True), "No-trump hands",
    "Every hand is played with no trumps: the turn-up is shown and ignored.")
DRAW: Option[str] = Option(
    "draw", "none", ("none", "high", "low"), "Draw for partners and deal",
    "Draw cards for partners and first deal (high: the two highest partner, lowest deals, "
    "aces high; low: highest deals, aces low).",
    (("none", "No draw"), ("high", "High: two highest partner, lowest deals"),
     ("low", "Low: highest deals, aces low")))
REVOKES: Option[str] = Option(
    "revokes", "prevented", ("prevented", "club"), "Revokes",
    "Prevented: you can only play legal cards. Club rules: a revoke is allowed "
    "but costs {penalty} at the end of the {hand}.",
    (("prevented", "Prevented"), ("club", "Club rules (allowed, and penalised)")))
DOUBLING: Option[bool] = Option(
    "doubling", False, (False, True), "Doubling",
    "A house rule: a defender may double the last bid, and every point of the hand counts twice.")
SCORING: Option[str] = Option(
    "scoring", "difference", ("difference", "above-six"), "A deal scores",
    "Difference: the winner of a deal scores the difference in Phase Two tricks. "
    "Above six: the winner scores the tricks over six.",
    (("difference", "The difference in tricks"), ("above-six", "Tricks over six")))
TRUMP: Option[str] = Option(
    "trump", "turn-up", ("turn-up", "variable", "none"), "Trumps",
    "Turn-up: the first face-up card names trumps for the whole deal. Variable: Phase One has no "
    "trumps, and a card dealt face down names the trumps of Phase Two. None: no trumps.",
    (("turn-up", "The first face-up card"), ("variable", "A separate card, for Phase Two"),
     ("none", "No trumps")))
MATCH: Option[str] = Option(
    "match", "target", ("target", "three-deals"), "The match",
    "A match to the target, or three deals with the Phase Two tricks totalled.",
    (("target", "To the target"), ("three-deals", "Three deals")))


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


def _next_seats(seats: tuple[Seat, ...]) -> dict[Seat, Seat]:
    """The next seat clockwise after each of ``seats``."""
    return {seat: seats[(i + 1) % len(seats)] for i, seat in enumerate(seats)}


class Rules:
    """What every game of the whist family shares, and the hooks a game overrides; not a game
    itself (it offers no option and is not in ``GAMES``).

    The shared parts: seats and partners (four players in two partnerships unless a game says
    otherwise), the next seat and who plays a dummy, the deal numbers of a game, a deal of all
    the cards with the dealer's last card turned up, revokes and their penalty, odd tricks over
    the book, and a game won at the target. A game subclasses this (or another game, where it
    is that game with other defaults) and declares its own options in :attr:`option_specs`,
    never inherited (the registry refuses a game that does not), so that changing one game's
    list changes no other game. Its methods read an option with :meth:`value`, which gives a
    game that does not offer it the option's own default.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    blurb: ClassVar[str] = ""
    intro: ClassVar[str] = ""
    """How to play this game starts with these words (:meth:`how_to_play`)."""
    teaches: ClassVar[bool] = False
    """The game a first player meets: beside a hand, with its default options, its help is the long one."""
    seats: ClassVar[tuple[Seat, ...]] = (Seat.N, Seat.E, Seat.S, Seat.W)
    _next_seats: ClassVar[dict[Seat, Seat]] = {Seat.N: Seat.E, Seat.E: Seat.S, Seat.S: Seat.W, Seat.W: Seat.N}
    """The next seat after each of :attr:`seats` (made from them for each game)."""
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
    option_specs: ClassVar[OptionList] = ()
    """The options this game offers, in the dialog's order: each game declares its own."""
    default_options: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    """Each option's default (made from :attr:`option_specs`; read only)."""
    option_choices: ClassVar[Mapping[str, tuple[Any, ...]]] = MappingProxyType({})
    """Each option's allowed values (made from :attr:`option_specs`; read only)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = [o.name for o in cls.option_specs]
        if len(set(names)) != len(names):
            raise TypeError(f"{cls.__name__} lists an option twice: {names}")
        cls.default_options = MappingProxyType({o.name: o.default for o in cls.option_specs})
        cls.option_choices = MappingProxyType({o.name: o.choices for o in cls.option_specs})
        cls._next_seats = _next_seats(cls.seats)

    def __init__(self, /, **options: Any) -> None:
        specs = {o.name: o for o in self.option_specs}
        merged = dict(self.default_options)
        for key, value in options.items():
            spec = specs.get(key)
            if spec is None:
                raise ValueError(f"{self.title or type(self).__name__} has no option {shown(key)}")
            merged[key] = spec.check(value)
        self.options: dict[str, Any] = merged

    def value(self, option: Option[T]) -> T:
        """This game's value of ``option``: as chosen, else this game's default; a game that
        does not offer it plays the option's own default.

        >>> make_rules("short").value(HONOURS), make_rules("contract").value(HONOURS)
        (True, False)
        """
        found: T = self.options.get(option.name, option.default)
        return found

    @classmethod
    def option_spec(cls, key: str) -> Option[Any]:
        """The option ``key`` as this game offers it (KeyError if it does not)."""
        for spec in cls.option_specs:
            if spec.name == key:
                return spec
        raise KeyError(key)

    @classmethod
    def option_help(cls, key: str) -> str:
        """The one-line explanation of an option of this game, for the New game dialog."""
        return cls.option_spec(key).help.format(penalty=cls.revoke_penalty_words, hand=cls.hand_word)

    @classmethod
    def option_label(cls, key: str) -> str:
        """An option's label in the New game dialog."""
        return cls.option_spec(key).label

    @classmethod
    def value_label(cls, key: str, value: Any) -> str:
        """How one value of an option reads in the dialog."""
        return cls.option_spec(key).value_label(value)

    @classmethod
    def own(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """Those of ``options`` that differ from this game's defaults."""
        return {k: v for k, v in options.items()
                if not (k in cls.default_options and type(v) is type(cls.default_options[k])
                        and v == cls.default_options[k])}

    def own_options(self) -> dict[str, Any]:
        """The options not at their defaults: what a record or a link needs to say (the rules
        give the rest). An option's default is therefore part of the record format: change
        one, and the records that left it out mean something else.

        >>> make_rules("short", rubber=True, target=5).own_options()
        {'rubber': True}
        """
        return self.own(self.options)

    def replay_options(self) -> dict[str, Any]:
        """The options of a game that deals this hand again (Replay, a shared deal): this game's
        own, those not at their defaults.

        >>> ShortWhist(rubber=True, draw="high").replay_options(), DummyWhist().replay_options()
        ({'rubber': True}, {})
        """
        return self.own_options()

    @property
    def target(self) -> int:
        return int(self.options["target"])

    @property
    def goal(self) -> tuple[str, str]:
        """What ends the game, in words: long (under the title) and short (by the score)."""
        return f"first to {self.target}", f"to {self.target}"

    @property
    def counts_honours(self) -> bool:
        """Honours score (the English games with the option on)."""
        return False

    @property
    def turn_up_ignored(self) -> bool:
        """A card is turned up and shown, but names no trumps (Classic's no-trump hands)."""
        return False

    @property
    def may_double(self) -> bool:
        """A defender may double the last bid in the auction (Contract Whist's house rule)."""
        return False

    def notes(self, *, deal: int, stock_left: bool, trump: int | None) -> tuple[str, ...]:
        """What the chosen options change, in a few words for the felt: ``deal`` is the
        deal of the game now played (1 for the first), ``stock_left`` whether the stock is
        still drawn from, ``trump`` the trump suit now (None: none, or not yet known)."""
        return ()

    def how_to_play(self, hand: Hand | None = None) -> tuple[Section, ...]:
        """How to play this game with these options, as sections of plain sentences
        (:mod:`whist.engine.howto`); ``hand`` is the hand on the table, for the help beside
        it (None: the game in general, as the New game dialog tells it)."""
        from whist.engine import howto

        game = howto.Section("The game", (f"{self.intro} The first side to {self.target} points wins the game.",))
        return (game, *_hand_section(hand))

    @property
    def revokes_allowed(self) -> bool:
        """Club rules: a player may revoke, and pays for it at the end of the hand."""
        return self.value(REVOKES) == "club"

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
        following = self._next_seats.get(seat)  # (asked at every card: looked up, not searched)
        if following is not None:
            return following
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
        """The draw for partners and first deal; None when the game does not draw."""
        return None

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
        """Every card dealt; the dealer's last card is turned up and names trumps (unless the
        turn-up is ignored)."""
        hands, last = deal_cards(deal_number, dealer, self.seats)
        return DealtHand(hands, turn_up=last, trump=None if self.turn_up_ignored else suit_of(last))

    def as_recorded(self, dealt: DealtHand, record_format: int) -> DealtHand:
        """The deal as a game record of ``record_format`` played it (an older reading of a rule
        replays as it was played); the deal itself for today's records."""
        return dealt

    def first_leader(self, dealer: Seat) -> Seat:
        return self.next_seat(dealer)

    # --- scoring -------------------------------------------------------
    def hand_points(self, tricks: tuple[int, ...]) -> tuple[int, ...]:
        """Points per side for the tricks each side took: one a trick over the book."""
        return tuple(max(0, t - self.book) for t in tricks)

    def honours(self, dealt: Hands, trump: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(points, honours held) per side: all four of A K Q J of trumps score 4, three score 2
        (where honours count)."""
        held = [0] * len(self.sides)
        if trump is not None:
            for i, side in enumerate(self.sides):
                mask = 0
                for seat in side:
                    mask |= dealt[seat]
                held[i] = sum(mask >> make_card(trump, r) & 1 for r in range(JACK, ACE + 1))
        points = tuple(4 if h == 4 else 2 if h == 3 else 0 for h in held)
        return (points if self.counts_honours else tuple(0 for _ in held)), tuple(held)

    def score_hand(self, hand: PlayedHand) -> HandScore:
        """Score a finished hand: each revoke hands up to ``revoke_penalty`` of the
        revoking side's tricks (those that count) to the other side, then odd tricks
        and honours score."""
        won = list(hand.tricks)
        gained = [0] * len(won)
        moves = []
        for _, seat in hand.revokes:
            side = self.side_of(seat)
            other = 1 - side
            moved = min(self.revoke_penalty, won[side])
            won[side] -= moved
            won[other] += moved
            gained[other] += moved
            moves.append(moved)
        odd = self.hand_points(tuple(won))
        honours, held = self.honours(hand.dealt, hand.trump)
        return HandScore(tuple(won), tuple(o + h for o, h in zip(odd, honours, strict=True)),
                         honours, held, tuple(gained), tuple(moves))

    def game_winner(self, hand: PlayedHand, score: HandScore) -> int | None:
        """The side that wins the game with this hand: at the target and ahead."""
        return self.winner(tuple(b + p for b, p in zip(hand.before, score.points, strict=True)))

    def winner(self, scores: tuple[int, ...]) -> int | None:
        """The side that has won the game, if any: at the target and ahead."""
        best = max(scores)
        if best >= self.target and list(scores).count(best) == 1:
            return scores.index(best)
        return None

    def games_to_win(self) -> int:
        """Games a side must win to take the match (one)."""
        return 1

    def match_bonus(self, games: tuple[int, ...]) -> tuple[int, ...]:
        """The rubber bonus: 2 points to a side that won the rubber two games to nil."""
        if self.games_to_win() < 2 or sorted(games) != [0, 2]:
            return tuple(0 for _ in games)
        return tuple(self.rubber_bonus if g == 2 else 0 for g in games)


class ClassicWhist(Rules):
    """Classic Whist: four players in two partnerships, trump is the dealer's
    last card, the side with more than six tricks scores one point for each
    trick over six, first side to 7 points wins; with the English options
    (honours, a rubber, no-trump hands, the draw for partners and deal, club rules).

    >>> rules = make_rules("classic")
    >>> rules.hand_points((9, 4)), rules.hand_points((6, 7)), rules.hand_points((13, 0))
    ((3, 0), (0, 1), (7, 0))
    >>> rules.winner((7, 5)), rules.winner((6, 6))
    (0, None)
    """

    name = "classic"
    title = "Classic Whist"
    blurb = "First side to 7 points; tricks alone score."
    intro = ("Four players in two partnerships: you sit South with *North* as your partner, "
             "against West and East.")
    teaches = True
    option_specs: ClassVar[OptionList] = (TARGET, HONOURS, RUBBER, NO_TRUMP, DRAW, REVOKES)

    @property
    def counts_honours(self) -> bool:
        return self.value(HONOURS)

    @property
    def turn_up_ignored(self) -> bool:
        return self.value(NO_TRUMP)

    def replay_options(self) -> dict[str, Any]:
        """As every game's, with no draw for partners and deal (a replay starts from the deal)."""
        options = super().replay_options()
        options.pop(DRAW.name, None)
        if DRAW.name in self.default_options and self.default_options[DRAW.name] != "none":
            options[DRAW.name] = "none"
        return options

    def how_to_play(self, hand: Hand | None = None) -> tuple[Section, ...]:
        """How to play, as the English games tell it.

        >>> [s.heading for s in make_rules("short", rubber=True).how_to_play()][-2:]
        ['Honours', 'A rubber']
        """
        from whist.engine import howto

        o = self.options
        if hand is not None and self.teaches and all(o[k] == v for k, v in self.default_options.items()
                                                      if k != TARGET.name):
            return howto.classic(self.target, hand)
        game = howto.Section("The game", (f"{self.intro} The first side to {self.target} points wins the game.",))
        honours = self.counts_honours
        odd = howto.ODD if honours else howto.ODD._replace(paragraphs=(*howto.ODD.paragraphs, howto.NO_HONOURS))
        out = [game, *([howto.DUMMY] if self.dummies else []),
               howto.NO_TRUMP if self.value(NO_TRUMP) else howto.TRUMPS,
               howto.TRICKS, odd, *([howto.HONOURS] if honours else []),
               *([howto.RUBBER] if self.value(RUBBER) else [])]
        if self.value(DRAW) != "none":
            out.append(howto.draw(self.value(DRAW) == "low"))
        if self.revokes_allowed:
            out.append(howto.REVOKES)
        return (*out, *_hand_section(hand))

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
        mode = self.value(DRAW)
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

    def game_winner(self, hand: PlayedHand, score: HandScore) -> int | None:
        """The side that wins the game with this hand. Tricks score before honours,
        so a side that reaches the target by tricks wins even if the other side's
        honours would take it there too."""
        odd = tuple(p - h for p, h in zip(score.points, score.honours, strict=True))
        first = self.winner(tuple(b + o for b, o in zip(hand.before, odd, strict=True)))
        if first is not None:
            return first
        return super().game_winner(hand, score)

    def games_to_win(self) -> int:
        """Games a side must win to take the match: two of three in a rubber."""
        return 2 if self.value(RUBBER) else 1


class ContractWhist(Rules):
    """Contract Whist: all 52 cards dealt, an auction names trumps and the
    contract, the declarers score their tricks only if they make it, the
    defenders always score theirs; game to 100 (or 50)."""

    name = "contract"
    title = "Contract Whist"
    blurb = "Bid for trumps: make your contract to score your tricks; first side to 100."
    intro = "Contract Whist: four players, you South with North against West and East."
    has_auction = True
    option_specs: ClassVar[OptionList] = (TARGET.but(default=100, choices=(100, 50)), DOUBLING)

    @property
    def may_double(self) -> bool:
        return self.value(DOUBLING)

    def how_to_play(self, hand: Hand | None = None) -> tuple[Section, ...]:
        from whist.engine import howto

        return (*howto.contract(self.target, self.may_double), *_hand_section(hand))

    def deal(self, deal_number: int, dealer: Seat) -> DealtHand:
        hands, _ = deal_cards(deal_number, dealer, self.seats)
        return DealtHand(hands, turn_up=None, trump=None)

    def score_hand(self, hand: PlayedHand) -> HandScore:
        tricks, contract = hand.tricks, hand.contract
        zero = tuple(0 for _ in tricks)
        if contract is None:  # thrown in: nobody bid
            return HandScore(zero, zero, zero, zero, zero)
        declarers = self.side_of(contract.declarer)
        made = tricks[declarers] >= contract.level
        factor = 2 if contract.doubled else 1
        points = tuple(factor * t if (i != declarers or made) else 0 for i, t in enumerate(tricks))
        return HandScore(tricks, points, zero, zero, zero)


VARIABLE_TRUMP_FORMAT = 3
"""The game record format from which German Whist's variable trump leaves Phase One without
trumps (records of earlier formats played it with the turn-up's suit, and replay so)."""


class GermanWhist(Rules):
    """German Whist for two: 13 cards each and a stock of 26 with its top card
    face up. In Phase One the winner of each trick takes the face-up card and
    the loser the next card unseen; in Phase Two the hands are played out and
    only those 13 tricks count. A match to 17 or 21, the deal alternating.
    Under club rules a revoke, in either phase, hands two of the revoking
    player's Phase Two tricks to the other (all of them, if fewer were won).

    Trumps (the ``trump`` option): "turn-up", the book's rule 4: the suit of the
    first face-up card of the stock is trumps for the whole deal. "none": no
    trumps at all. "variable", the book's variant: "rather than fixing trumps by
    the first exposed stock card, a new trump suit is declared at the start of
    Phase Two", in practice by "a single extra card [dealt] face down before play
    begins and reveal[ed] only when Phase Two starts". Read here: that variant
    takes away rule 4, the only rule that names a trump before Phase Two, and
    names none in its place, so *Phase One is played without trumps* (the
    face-up card is only the prize of the trick); the card dealt face down names
    the trumps of Phase Two once the stock is gone. The book's "new" is new
    against the usual way of fixing trumps, and its "further element of
    uncertainty to Phase One planning" is the unknown trump of Phase Two. Game
    records of formats before :data:`VARIABLE_TRUMP_FORMAT` played Phase One
    with the turn-up's suit as trumps, and replay so (:meth:`as_recorded`).

    >>> dealt = GermanWhist(trump="variable").deal(30, Seat.N)
    >>> dealt.trump is None and dealt.reveal is not None and dealt.turn_up is not None
    True
    """

    name = "german"
    title = "German Whist"
    blurb = "Two players: win the face-up cards in Phase One, then the tricks of Phase Two count."
    intro = "German Whist is for two: you South against North."
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
    option_specs: ClassVar[OptionList] = (TARGET.but(default=17, choices=(17, 21)), SCORING, TRUMP, MATCH, REVOKES)

    def deal(self, deal_number: int, dealer: Seat) -> DealtHand:
        hands, _ = deal_cards(deal_number, dealer, self.seats, cards=26)
        stock = tuple(shuffled_deck(deal_number)[26:])
        mode = self.value(TRUMP)
        reveal = None
        if mode == "variable":
            # the extra card comes from a second pack: only its suit matters
            reveal = random.Random(f"variable-trump:{deal_number}").randrange(52)
        return DealtHand(hands, turn_up=stock[0], trump=suit_of(stock[0]) if mode == "turn-up" else None,
                         stock=stock, reveal=reveal)

    def as_recorded(self, dealt: DealtHand, record_format: int) -> DealtHand:
        """Records of formats before :data:`VARIABLE_TRUMP_FORMAT` played a variable-trump
        deal's Phase One with the turn-up's suit as trumps."""
        if record_format < VARIABLE_TRUMP_FORMAT and dealt.reveal is not None and dealt.turn_up is not None:
            return dataclasses.replace(dealt, trump=suit_of(dealt.turn_up))
        return dealt

    @property
    def goal(self) -> tuple[str, str]:
        if self.value(MATCH) == "three-deals":
            return "three deals", "of 3 deals"
        return super().goal

    def notes(self, *, deal: int, stock_left: bool, trump: int | None) -> tuple[str, ...]:
        """German Whist: the deal of three, no trumps or the hidden Phase Two trump, the scoring.

        >>> GermanWhist(match="three-deals", trump="variable").notes(deal=2, stock_left=True, trump=None)
        ('Deal 2 of 3', 'Phase Two trump hidden until the stock is gone')
        """
        out = []
        if self.value(MATCH) == "three-deals":
            out.append(f"Deal {max(1, deal)} of 3")
        mode = self.value(TRUMP)
        if mode == "none":
            out.append("No trumps")
        elif mode == "variable":
            if stock_left:  # the trump box says "No trump" meanwhile
                out.append("Phase Two trump hidden until the stock is gone")
            elif trump is not None:
                out.append(f"Phase Two trump: {SUIT_NAMES[trump]}")
        if self.value(SCORING) == "above-six" and self.value(MATCH) != "three-deals":
            out.append("Tricks above six score")
        return tuple(out)

    def hand_points(self, tricks: tuple[int, ...]) -> tuple[int, ...]:
        if self.value(MATCH) == "three-deals":
            return tricks  # the Phase Two tricks of the three deals are totalled
        if self.value(SCORING) == "above-six":
            return tuple(max(0, t - self.book) for t in tricks)
        return tuple(max(0, t - min(tricks)) for t in tricks)  # the winner scores the difference

    def how_to_play(self, hand: Hand | None = None) -> tuple[Section, ...]:
        from whist.engine import howto

        mode = self.value(TRUMP)
        scoring = ("The winner of a deal scores the difference between the two players\u2019 Phase Two tricks."
                   if self.value(SCORING) == "difference" else
                   "The winner of a deal scores the Phase Two tricks taken over six.")
        match = (f"The first player to {self.target} points wins the match." if self.value(MATCH) == "target" else
                 "The match is three deals, with the Phase Two tricks of the three deals added up.")
        words = howto.german_hand(hand, mode)
        return (*howto.german(mode, scoring, match, self.revokes_allowed),
                *((howto.Section("This deal", (words,)),) if words else ()))

    def game_winner(self, hand: PlayedHand, score: HandScore) -> int | None:
        if self.value(MATCH) == "three-deals":
            totals = tuple(b + p for b, p in zip(hand.before, score.points, strict=True))
            return totals.index(max(totals)) if hand.hands_played >= 3 else None
        return super().game_winner(hand, score)


_ENGLISH_INTRO = "four players in two partnerships, you South with North against West and East"


class ShortWhist(ClassicWhist):
    """Short Whist: Classic Whist's game to 5 points, honours counted by default (rule book 001)."""

    name = "short"
    title = "Short Whist"
    blurb = "The English game: first side to 5 points, honours count."
    intro = (f"Short Whist is the English club game: {_ENGLISH_INTRO}. Games are short, so a rubber is "
             "the usual match.")
    teaches = False
    option_specs: ClassVar[OptionList] = (
        TARGET.but(default=5), HONOURS.but(default=True), RUBBER, NO_TRUMP, DRAW, REVOKES)


class LongWhist(ClassicWhist):
    """Long Whist: Classic Whist's game to 9 points, honours counted by default (rule book 001)."""

    name = "long"
    title = "Long Whist"
    blurb = "The older English game: first side to 9 points, honours count."
    intro = f"Long Whist is the older English game, played to a longer target: {_ENGLISH_INTRO}."
    teaches = False
    option_specs: ClassVar[OptionList] = (
        TARGET.but(default=9), HONOURS.but(default=True), RUBBER, NO_TRUMP, DRAW, REVOKES)


class AmericanWhist(ClassicWhist):
    """American Whist: Classic Whist with no honours ever (the option is offered fixed, so that
    records which name it load)."""

    name = "american"
    title = "American Whist"
    blurb = "No honours: only odd tricks score, first side to 7."
    intro = f"American Whist is the game without honours: only tricks score. {_ENGLISH_INTRO.capitalize()}."
    teaches = False
    option_specs: ClassVar[OptionList] = (TARGET, HONOURS.but(choices=(False,)), RUBBER, NO_TRUMP, DRAW, REVOKES)


class DummyWhist(ClassicWhist):
    """Dummy Whist for three: Classic Whist with North the dummy South plays; no draw (the
    option is offered fixed, so that records which name it load)."""

    name = "dummy"
    title = "Dummy Whist"
    blurb = "Three players: you play North's hand too, laid face up after the opening lead."
    intro = ("Dummy Whist is whist for three. You sit South and play *North\u2019s hand too*: it is your "
             "dummy, against two computer players, West and East.")
    teaches = False
    dummies = (Seat.N,)
    option_specs: ClassVar[OptionList] = (TARGET, HONOURS, RUBBER, NO_TRUMP, DRAW.but(choices=("none",)), REVOKES)


def _hand_section(hand: Hand | None) -> tuple[Section, ...]:
    """The help's part on the hand on the table (none for the game in general, or before a turn-up)."""
    from whist.engine import howto

    words = howto.this_hand(hand)
    return (howto.Section("This hand", (words,)),) if words else ()


def _registry(*games: type[Rules]) -> dict[str, type[Rules]]:
    """The games by name, each checked to declare its own options (never a parent's list)."""
    for cls in games:
        if "option_specs" not in vars(cls) or not cls.name:
            raise TypeError(f"{cls.__name__} must declare its name and its own option_specs")
    return {cls.name: cls for cls in games}


GAMES: dict[str, type[Rules]] = _registry(
    ClassicWhist, ShortWhist, LongWhist, AmericanWhist, DummyWhist, ContractWhist, GermanWhist)


def make_rules(game: str = "classic", /, **options: Any) -> Rules:
    cls = GAMES.get(game) if isinstance(game, str) else None
    if cls is None:
        raise ValueError(f"unknown game {shown(game)}; the games are {sorted(GAMES)}")
    return cls(**options)

