"""What the page shows, one typed, immutable :class:`TableView` built from the game state:
every fact and sentence from the rules, so ``whist/web/`` only reads fields. Seats are
``"N"`` ... ``"W"``; a side ``"us"`` or ``"them"``; a suit ``"S"`` ... ``"C"``, or ``"NT"``.

>>> from whist.table import Table
>>> view = Table(seed=7, game="dummy").view()
>>> view.dummy.seat, view.dummy.yours, view.dummy.player
('N', True, 'You')
>>> view.seat("N").name, view.turn.seat
('North', 'S')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import pairwise, permutations
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from whist.engine.auction import DOUBLE
from whist.engine.cards import (
    RANKS,
    RED_SUITS,
    SUIT_NAMES,
    SUITS,
    card_long_name,
    card_name,
    cards_high_first,
    rank_of,
    suit_cards,
    suit_of,
)
from whist.engine.seats import Seat
from whist.engine.state import HandResult, IllegalActionError, Phase, Trick
from whist.table import words
from whist.table.together import ClaimAsk, HandOver
from whist.table.words import plural

if TYPE_CHECKING:
    from whist.table.session import Table


@dataclass(frozen=True, slots=True)
class Sides:
    """A number for yours (``us``) and the other side; ``sides["us"]`` too."""

    us: int
    them: int

    def __getitem__(self, key: str) -> int:
        return self.us if key == "us" else self.them


@dataclass(frozen=True, slots=True)
class SideNames:
    """The sides in words: ``"You and North"``, ``"East and West"``; and their short labels, for
    the toolbar's figures and the tables' columns: ``"Us"`` and ``"Them"`` where partners play
    together, the two players' own names in a game for two (``"You"``, ``"North"``)."""

    us: str
    them: str
    us_label: str = "Us"
    them_label: str = "Them"

    def __getitem__(self, key: str) -> str:
        return self.us if key == "us" else self.them


@dataclass(frozen=True, slots=True)
class CardView:
    card: str  # "QS"
    name: str  # "Queen of spades"
    rank: str
    suit: str
    trump: bool = False


@dataclass(frozen=True, slots=True)
class HandCard(CardView):
    """A card of a hand you see: whether you may play it now, and if not, why."""

    legal: bool = False
    playable: bool = False
    """Legal, or (club rules) a revoke the rules let you make."""
    refusal: str = ""
    why: str = ""
    """``refusal`` in a few words, for the card's spoken name: "must follow hearts", "not your turn to play"."""
    revoke: str = ""
    """Club rules, on your turn: playing this card would be a revoke (it does not follow, though
    the hand holds the suit led), and this is the question asked before it is played."""


@dataclass(frozen=True, slots=True)
class Play(CardView):
    """A card on the table (a trick, the draw for partners) and who played it."""

    seat: str = ""
    player: str = ""  # "You", "North"
    why: str = ""
    """Why a computer played it (in a trick), from its player's reason when it chose it: "East
    played the K♠: third hand high, to beat West\u2019s 9♠." ("" for a person's card)."""


@dataclass(frozen=True, slots=True)
class Drawn(CardView):
    """The card you took from the stock after a Phase One trick."""

    face_up: bool = False


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: str
    name: str  # "You" for yours
    seat_name: str  # "South"
    cards: int
    side: str
    dealer: bool
    to_play: bool
    human: bool
    dummy: bool
    yours: bool
    """You choose its cards (your seat, or your dummy)."""
    role: str  # "partner", "opponent", "dummy", "your dummy", "you"
    plate: str = ""
    """The name on its plate: "You" or the seat's ("North"); at a pass-and-play table a person's name."""
    label: str = ""
    """Its accessible name: "North, your partner", "South, your hand", "Ben (North), an opponent"."""


@dataclass(frozen=True, slots=True)
class DummyView:
    """The dummy's hand: shown to you always if it is yours, else once the opening lead is made."""

    seat: str
    name: str
    yours: bool
    player: str  # who plays it: "You", or the seat's name
    cards: tuple[HandCard, ...] | None  # None while hidden
    count: int


@dataclass(frozen=True, slots=True)
class TrickView:
    leader: str
    leader_name: str
    winner: str
    winner_name: str
    winner_side: str
    plays: tuple[Play, ...]
    number: int  # of its hand, from 1
    hand_number: int
    wins: str  # the winner and its verb, to begin a sentence: "You win", "East wins"


@dataclass(frozen=True, slots=True)
class Call:
    seat: str
    name: str
    call: str


@dataclass(frozen=True, slots=True)
class ContractView:
    name: str
    long_name: str
    level: int
    trump: str
    declarer: str
    declarer_name: str
    side: str
    doubled: bool


@dataclass(frozen=True, slots=True)
class AuctionView:
    calls: tuple[Call, ...]
    first: str  # the seat that speaks first
    legal: tuple[str, ...]  # your calls now (none when not your turn)
    can_double: bool
    contract: ContractView | None
    best_bid: str | None


@dataclass(frozen=True, slots=True)
class StockView:
    """German Whist: the stock, its face-up card, the phase, what you last drew."""

    size: int
    face_up: CardView | None
    phase: int
    phase_one_tricks: int
    you_drew: Drawn | None
    they_hold: tuple[CardView, ...]  # the face-up cards your opponent took and holds
    opponent: str
    opponent_name: str


@dataclass(frozen=True, slots=True)
class DrawView:
    """The draw for partners and deal: every round of cards drawn, the dealer, your partner."""

    rounds: tuple[tuple[Play, ...], ...]
    dealer: str
    dealer_name: str
    partner: str | None
    partner_name: str | None
    aces_low: bool
    #: How the draw decides, in words ("Each player draws a card: the highest deals, ...").
    rule: str = ""
    #: Who partners you and who deals: "North is your partner. West deals first."
    result: str = ""


@dataclass(frozen=True, slots=True)
class Revoke:
    seat: str
    name: str
    tricks: int
    text: str


@dataclass(frozen=True, slots=True)
class SummaryContract:
    name: str
    declarer: str
    side: str
    made: bool


@dataclass(frozen=True, slots=True)
class Summary:
    """The hand just finished: its tricks, points and scores, and its result in words (``text``)."""

    hand_number: int
    deal_number: int
    dealer: str
    dealer_name: str
    trump: str
    tricks: Sides
    points: Sides
    scores: Sides
    honours: Sides | None
    honour_cards: Sides | None
    revokes: tuple[Revoke, ...]
    contract: SummaryContract | None
    thrown_in: bool
    game_winner: str | None
    games: Sides | None
    text: str


@dataclass(frozen=True, slots=True)
class ChallengeView:
    """A deal of a challenge by link (:mod:`whist.table.challenge_run`): where it stands."""

    deal: int  # from 1
    deals: int
    title: str  # "Challenge from Anna \u00b7 deal 2 of 4"
    summary_title: str  # "Deal 2 of 4 over"
    next_label: str  # what the summary's main button does: "Next deal", "See the results"...
    no_help: str  # why undo and hints are off
    sender: str  # who sent it ("" for your own)


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: str
    scores: Sides
    text: str
    totals: Sides
    margin: int
    hands_played: int
    hands_played_text: str
    #: The summary's heading: "You win the game!", "East\u2013West win the game".
    title: str


@dataclass(frozen=True, slots=True)
class ScoreRow:
    hand: int
    game: int
    dealer: str
    dealer_name: str
    trump: str
    contract: str | None
    declarer: str | None
    declarer_name: str | None
    tricks: Sides
    points: Sides
    honours: Sides
    scores: Sides
    game_winner: str | None
    thrown_in: bool
    deal_number: int


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Every hand of the game (or rubber) so far; ``honours``: whether this game scores honours."""

    rows: tuple[ScoreRow, ...]
    totals: Sides
    rubber: bool
    games: Sides
    honours: bool


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose turn it is and what it requires, in words."""

    seat: str | None
    yours: bool
    text: str  # "Your lead.", "Your turn from North's hand.", "East to play."
    who: str  # on your turn: "Your turn", "North\u2019s turn (your dummy)"
    what: str  # on your turn: "follow spades", "lead any card"
    status: str  # "Your lead · play any card", "East to play…"
    announcement: str  # for a screen reader on your turn: "Your turn: follow hearts, you hold 3."


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the page shows of the table at one moment."""

    game: str
    title: str
    target: int
    goal: str
    goal_short: str
    options: Mapping[str, Any]  # for How to play
    phase: str
    hand_number: int
    game_number: int
    deal_number: int
    human: str
    dealer: str
    dealer_name: str
    to_play: str | None
    your_turn: bool
    trump: str
    trump_name: str
    turn_up: CardView | None
    turn_up_visible: bool
    turn_up_ignored: bool  # shown, but the game has no trumps
    hand: tuple[HandCard, ...]
    dummy: DummyView | None
    seats: tuple[SeatView, ...]
    trick: tuple[Play, ...]
    trick_leader: str | None
    tricks_played: int
    last_trick: TrickView | None
    tricks_won: Sides
    scores: Sides
    games: Sides | None
    side_names: SideNames
    in_progress: bool
    can_undo: bool
    can_redo: bool
    levels: tuple[str, str]  # your partner's strength, the opponents'
    turn: Turn
    notes: tuple[str, ...]  # what the options change, for the felt
    auction: AuctionView | None
    stock: StockView | None
    draw: DrawView | None
    summary: Summary | None
    game_over: GameOver | None
    score_sheet: ScoreSheet
    claim: str = ""
    """The label of the Claim control while it is offered (your turn, late in the play), else empty."""
    claim_text: str = ""
    """The last claim in words: accepted ("East claims the rest: ..."), or yours refused."""
    claimed: tuple[Play, ...] = ()
    """The cards of the hands that claimed, shown face up once a claim ends the hand."""
    forced: str | None = None
    """On your turn, the card you or your dummy must play, when it is the only legal one."""
    people: tuple[str, ...] = ()
    """The people at a pass-and-play table, by name (none: you and computers)."""
    handover: HandOver | None = None
    """While the device passes to another person: every hand is hidden and this screen shows."""
    claim_ask: ClaimAsk | None = None
    """A person's claim that the person holding the device is asked to agree to."""
    challenge: ChallengeView | None = None
    """A deal of a challenge by link: no game over, no undo or hints, and its own next step."""
    challenge_offer: bool = False
    """A hand just finished that you may send as a challenge (you and computers, not a challenge's)."""

    def seat(self, key: str) -> SeatView | None:
        """The seat ``key`` (``"N"``), or None if it does not play in this game."""
        return next((s for s in self.seats if s.seat == key), None)

    def card(self, key: str) -> HandCard | None:
        """The card ``key`` of your hand or your dummy's, or None."""
        cards = self.hand + ((self.dummy.cards or ()) if self.dummy else ())
        return next((c for c in cards if c.card == key), None)


# --- the order of a hand ------------------------------------------------------------
def suit_order(hand: int, trump: int | None) -> list[int]:
    """The order to show the suits of ``hand``: trump first, then the other
    suits alternating colours as far as the suits held allow.

    Ties go to the usual order spades, hearts, diamonds, clubs.

    >>> from whist.engine.cards import parse_cards, SPADES, HEARTS, CLUBS
    >>> full = parse_cards("AS AH AD AC")
    >>> "".join(SUITS[s] for s in suit_order(full, SPADES))
    'SHCD'
    >>> "".join(SUITS[s] for s in suit_order(full, HEARTS))
    'HSDC'
    >>> "".join(SUITS[s] for s in suit_order(full, CLUBS))
    'CHSD'
    >>> "".join(SUITS[s] for s in suit_order(full, None))
    'SHCD'
    """
    return list(_suit_order(tuple(s for s in range(4) if suit_cards(hand, s)), trump))


@cache
def _suit_order(held: tuple[int, ...], trump: int | None) -> tuple[int, ...]:
    """:func:`suit_order` of a hand holding the suits ``held``: one of 16 sets of suits, each
    worked out once (the page asks on every view)."""
    head = (trump,) if trump is not None and trump in held else ()
    rest = [s for s in held if s not in head]

    def clashes(order: tuple[int, ...]) -> int:
        return sum((a in RED_SUITS) == (b in RED_SUITS) for a, b in pairwise(head + order))

    return head + min(permutations(rest), key=lambda order: (clashes(order), order))


def sort_hand(hand: int, trump: int | None, order: list[int] | None = None) -> list[int]:
    """The cards of ``hand`` in display order: by :func:`suit_order`, high to low in a suit.

    >>> from whist.engine.cards import parse_cards, HEARTS
    >>> [card_name(c) for c in sort_hand(parse_cards("2S AS 3H KD QC"), HEARTS)]
    ['3H', 'AS', '2S', 'KD', 'QC']
    """
    suits = order if order is not None else suit_order(hand, trump)
    suits = suits + [s for s in range(4) if s not in suits]
    return [c for s in suits for c in cards_high_first(suit_cards(hand, s))]


def hand_order(table: Table, seat: Seat) -> list[int]:
    """The suit order of a hand the human sees, fixed for the hand from the cards held
    at its start (German Whist: as they stand), so the suits do not jump about."""
    st = table.state
    held = st.hands[seat]
    if not table.rules.has_stock:
        for t in st.tricks:
            held |= sum(1 << c for s, c in t.plays if s == seat)
        held |= sum(1 << c for s, c in st.trick if s == seat)
    return suit_order(held, st.trump)


# --- the pieces -------------------------------------------------------------------------
def _fields(card: int) -> tuple[str, str, str, str]:
    return card_name(card), card_long_name(card), RANKS[rank_of(card)], SUITS[suit_of(card)]


def card_view(card: int) -> CardView:
    return CardView(*_fields(card))


def _plays(table: Table, plays: Iterable[tuple[Seat, int]], upto: int = -1) -> tuple[Play, ...]:
    """The cards, and for a trick's (``upto``: its last action's index + 1, 0 for the one under way)
    why each computer played its card."""
    return tuple(Play(*_fields(c), seat=table.screen(s), player=table.seat_name(s),
                      why=table.explain(s, c, i == 0, upto) if upto >= 0 and table.whys else "")
                 for i, (s, c) in enumerate(plays))


def _sides(table: Table, values: tuple[int, ...]) -> Sides:
    by = table.by_side(values)
    return Sides(by["us"], by["them"])


def _suit(suit: int | None) -> str:
    return "NT" if suit is None else SUITS[suit]


def _table_refusal(table: Table, seat: Seat) -> str:
    """Why no card of ``seat``'s hand may be played now, for a reason that is not the card's."""
    st = table.state
    if st.phase is Phase.AUCTION:
        return words.AUCTION_ON
    if st.phase is not Phase.PLAY or st.to_play is None:
        return words.HAND_OVER
    if not table.controls(st.to_play):
        return words.not_your_turn(st.to_play.long_name)
    if seat != st.to_play:
        if seat == table.human:
            return words.play_from(st.to_play.long_name)
        return words.dummy_waits(seat.long_name)
    return ""


def _hand(table: Table, seat: Seat) -> tuple[HandCard, ...]:
    st = table.state
    playing = st.to_play == seat and table.controls(seat) and st.phase is Phase.PLAY
    legal = st.legal_mask() if playing else 0
    playable = st.hands[seat] if playing and table.rules.revokes_allowed else legal
    refusal = "" if playing else _table_refusal(table, seat)
    trump = st.trump
    question = ""
    if playing and table.rules.revokes_allowed and playable != legal and st.trick:
        holder = "you" if seat == table.human else f"{seat.long_name} (your dummy)"
        question = words.revoke_question(holder, suit_of(st.trick[0][1]), table.rules.revoke_penalty_words)
    out = []
    for c in sort_hand(st.hands[seat], trump, hand_order(table, seat)):
        why, brief = "", ""
        if not playable >> c & 1:
            why, brief = refusal, "not your turn to play"
            if playing:
                try:
                    st.check(card_name(c))
                except IllegalActionError as err:
                    yours = seat == table.human
                    why = f"{words.CANNOT_PLAY} {err.sentence(table.human, yours=yours)}"
                    brief = f"must follow {SUIT_NAMES[err.suit]}" if err.suit is not None else "not playable"
        out.append(HandCard(*_fields(c), trump=trump is not None and suit_of(c) == trump,
                            legal=bool(legal >> c & 1), playable=bool(playable >> c & 1), refusal=why, why=brief,
                            revoke="" if legal >> c & 1 else question))
    return tuple(out)


def _dummy(table: Table) -> DummyView | None:
    st = table.state
    for dummy in table.rules.dummies:
        yours = table.controls(dummy)
        shown = yours or bool(st.tricks or st.trick)
        return DummyView(table.screen(dummy), dummy.long_name, yours, table.seat_name(table.rules.controller(dummy)),
                         _hand(table, dummy) if shown else None, st.hands[dummy].bit_count())
    return None


def _role(table: Table, seat: Seat) -> str:
    if seat == table.human:
        return "you"
    if seat in table.rules.dummies:
        return "your dummy" if table.controls(seat) else "dummy"
    return "partner" if table.side_key(seat) == "us" else "opponent"


def _seats(table: Table) -> tuple[SeatView, ...]:
    st = table.state
    out = []
    for seat in table.rules.seats:
        role = _role(table, seat)
        person = table.people.get(seat)
        plate = person or ("You" if seat == table.human else seat.long_name)
        who = f"{person} ({seat.long_name})" if person else seat.long_name
        label = f"{who}, your hand" if role == "you" else f"{who}, {'your partner' if role == 'partner' else role}"
        out.append(SeatView(table.screen(seat), table.seat_name(seat), seat.long_name, st.hands[seat].bit_count(),
                            table.side_key(seat), seat == st.dealer, seat == st.to_play, seat == table.human,
                            seat in table.rules.dummies, table.controls(seat), role, plate, label))
    return tuple(out)


def trick_view(table: Table, trick: Trick, number: int, hand_number: int, upto: int = 0) -> TrickView:
    return TrickView(table.screen(trick.leader), table.seat_name(trick.leader), table.screen(trick.winner),
                     table.seat_name(trick.winner), table.side_key(trick.winner), _plays(table, trick.plays, upto),
                     number, hand_number + 1, _wins(table, trick.winner))


def _wins(table: Table, seat: Seat) -> str:
    """The winner of a trick and the verb that agrees with it: "You win", "East wins"."""
    return "You win" if seat == table.human else f"{table.seat_name(seat)} wins"


def previous_trick(table: Table) -> TrickView | None:
    """The last finished trick, of this hand or (before the first trick of a hand is
    over) of the hand before; None before any trick of the game is finished."""
    st = table.state
    if st.tricks:
        return trick_view(table, st.tricks[-1], len(st.tricks), st.hand_number)
    earlier = st.clone()
    while earlier.can_undo and not earlier.tricks:
        earlier.undo()
    if not earlier.tricks:
        return None
    return trick_view(table, earlier.tricks[-1], len(earlier.tricks), earlier.hand_number, len(earlier.actions))


def _best_bid(calls: tuple[Call, ...]) -> str | None:
    return next((c.call for c in reversed(calls) if c.call not in ("pass", "double")), None)


def _auction(table: Table) -> AuctionView | None:
    st = table.state
    if not table.rules.has_auction:
        return None
    calls = tuple(Call(table.screen(s), table.seat_name(s), c) for s, c in st.auction)
    contract = st.contract
    legal = tuple(st.legal_calls()) if table.human_to_play else ()
    return AuctionView(
        calls, table.screen(table.rules.next_seat(st.dealer)), legal, DOUBLE in legal,
        None if contract is None else ContractView(
            contract.name, contract.long_name, contract.level, _suit(contract.strain),
            table.screen(contract.declarer), table.seat_name(contract.declarer), table.side_key(contract.declarer),
            contract.doubled),
        _best_bid(calls))


def _stock(table: Table) -> StockView | None:
    st = table.state
    rules = table.rules
    if not rules.has_stock:
        return None
    mine = [d for d in st.draws if d.seat == table.human and not table.is_covered]
    drawn = None
    if mine and st.tricks and mine[-1].trick == len(st.tricks) - 1 and not st.trick:
        d = mine[-1]
        drawn = Drawn(*_fields(d.card), face_up=d.face_up)
    theirs = tuple(card_view(d.card) for d in st.draws if d.seat != table.human and d.face_up
                   and st.hands[d.seat] >> d.card & 1)
    phase = 1 if len(st.tricks) < rules.first_counted_trick else 2
    other = next(s for s in rules.seats if s != table.human)
    return StockView(len(st.stock), None if st.face_up is None else card_view(st.face_up), phase,
                     min(len(st.tricks), rules.first_counted_trick), drawn, theirs,
                     table.screen(other), other.long_name)


def _notes(table: Table) -> tuple[str, ...]:
    st = table.state
    deal = sum(r.game_number == st.game_number for r in st.results)
    if st.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        deal += 1
    notes = table.rules.notes(deal=deal, stock_left=len(st.tricks) < table.rules.first_counted_trick, trump=st.trump)
    if table.rules.revokes_allowed:  # (a shared link can carry club rules: the table says they are on)
        notes = (*notes, words.club_rules_note(table.rules.revoke_penalty_words))
    if table.challenge is not None:
        notes = (table.challenge.view().title, *notes)
    return tuple(notes)


def _draw(table: Table) -> DrawView | None:
    draw = table.state.draw
    if draw is None:
        return None
    seat_of = draw.seating
    partner = table.rules.partner_of(table.human)
    dealer_name = table.seat_name(draw.dealer)
    partner_name = None if partner is None else partner.long_name
    you_sit = f"You always sit {table.human.long_name}."
    rule = (f"Each player draws a card: the highest deals, aces are low. {you_sit}" if draw.aces_low else
            f"Each player draws a card: the two highest play together, the lowest deals, aces are high. {you_sit}")
    first = f"{partner_name} is your partner. " if partner_name else ""
    result = f"{first}{dealer_name} {'deal' if draw.dealer == table.human else 'deals'} first."
    return DrawView(tuple(_plays(table, ((seat_of[p], c) for p, c in rnd)) for rnd in draw.rounds),
                    table.screen(draw.dealer), dealer_name,
                    None if partner is None else table.screen(partner), partner_name, draw.aces_low, rule, result)


def _winner_key(table: Table, side: int | None) -> str | None:
    return None if side is None else ("us" if side == table.rules.side_of(table.human) else "them")


def score_sheet(table: Table) -> ScoreSheet:
    """Every hand of the game (or rubber) so far: tricks, points, honours, running scores."""
    st = table.state
    rows = tuple(ScoreRow(r.hand_number + 1, r.game_number + 1, table.screen(r.dealer), r.dealer.long_name,
                          _suit(r.trump), None if r.contract is None else r.contract.name,
                          None if r.contract is None else table.screen(r.contract.declarer),
                          None if r.contract is None else r.contract.declarer.long_name,
                          _sides(table, r.tricks), _sides(table, r.points),
                          _sides(table, r.honours) if r.honours else Sides(0, 0), _sides(table, r.scores),
                          _winner_key(table, r.game_winner), r.thrown_in, r.deal_number)
                 for r in st.results)
    return ScoreSheet(rows, _sides(table, st.match_totals), table.rules.games_to_win() > 1,
                      _sides(table, st.games), table.rules.counts_honours)


def summary(table: Table) -> Summary | None:
    """The last hand played, or None before any."""
    if not table.state.results:
        return None
    r = table.state.results[-1]
    rules = table.rules
    revokes = tuple(Revoke(table.screen(s), table.seat_name(s), moved,
                           words.revoke_words(table.seat_name(s), moved, _other_side_name(table, s)))
                    for s, moved in zip(r.revokes, r.revoke_moves, strict=True))
    return Summary(
        r.hand_number + 1, r.deal_number, table.screen(r.dealer), r.dealer.long_name, _suit(r.trump),
        _sides(table, r.tricks), _sides(table, r.points), _sides(table, r.scores),
        _sides(table, r.honours) if r.honours else None,
        _sides(table, r.honour_cards) if rules.counts_honours and r.trump is not None else None,
        revokes, None if r.contract is None else SummaryContract(
            r.contract.long_name, table.screen(r.contract.declarer), table.side_key(r.contract.declarer),
            r.tricks[rules.side_of(r.contract.declarer)] >= r.contract.level),
        r.thrown_in, _winner_key(table, r.game_winner),
        _sides(table, r.games) if rules.games_to_win() > 1 else None, result_text(table, r, [v.text for v in revokes]))


def _other_side_name(table: Table, seat: Seat) -> str:
    return table.side_name("them" if table.side_key(seat) == "us" else "us")


def _verb(table: Table, key: str) -> str:
    """The verb ending for a side: "You win", "North wins", "East and West win"."""
    name = table.side_name(key)
    return "" if name == "You" or " and " in name else "s"


def result_text(table: Table, r: HandResult, parts: list[str]) -> str:
    """The hand's outcome in words, after ``parts`` (its revokes): tricks, contract, honours, points."""
    tricks, points = table.by_side(r.tricks), table.by_side(r.points)
    if r.thrown_in:
        return "Everyone passed: the cards are thrown in and the next dealer deals."
    name, verb = table.side_name, (lambda k: _verb(table, k))
    if r.contract is not None:
        key = table.side_key(r.contract.declarer)
        made = r.tricks[table.rules.side_of(r.contract.declarer)] >= r.contract.level
        parts.append(f"{name(key)} {'make' if made else 'fail in'} {r.contract.long_name} with {tricks[key]} tricks.")
        for k in ("us", "them"):
            parts.append(f"{name(k)} score{verb(k)} {plural(points[k], 'point')}.")
        return " ".join(parts)
    honours = table.by_side(r.honours) if r.honours else {"us": 0, "them": 0}
    odd = {k: points[k] - honours[k] for k in points}
    if table.rules.has_stock:
        lead = "us" if tricks["us"] > tricks["them"] else "them"
        parts.append(f"Phase Two: {name(lead)} take{verb(lead)} {tricks[lead]} "
                     f"tricks to {tricks['them' if lead == 'us' else 'us']}")
        parts[-1] += f" and score{verb(lead)} {plural(points[lead], 'point')}." if points[lead] else "."
        return " ".join(parts)
    scorer = next((k for k in ("us", "them") if odd[k]), None)
    if scorer is None:
        parts.append("Six tricks each: nobody scores for tricks." if tricks["us"] == tricks["them"]
                     else f"{name('us')} take{verb('us')} {tricks['us']} tricks: no odd tricks are scored.")
    else:
        parts.append(f"{name(scorer)} take{verb(scorer)} {tricks[scorer]} tricks "
                     f"and score{verb(scorer)} {plural(odd[scorer], 'point')}.")
    for k in ("us", "them"):
        if honours[k]:
            parts.append(f"{name(k)} score{verb(k)} {honours[k]} for honours.")
    return " ".join(parts)


def game_over(table: Table) -> GameOver | None:
    """How the game (or rubber) ended, or None while it goes on."""
    st = table.state
    winner = st.winner
    if winner is None:
        return None
    side = "us" if winner == table.rules.side_of(table.human) else "them"
    other = "them" if side == "us" else "us"
    scores, totals = _sides(table, st.scores), _sides(table, st.match_totals)
    won = f"{table.side_name(side)} win{_verb(table, side)} the"
    if table.rules.games_to_win() > 1:
        games = _sides(table, st.games)
        text = (f"{won} rubber {games[side]} games to {games[other]}, {totals[side]} points to "
                f"{totals[other]} with honours and bonus.")
    else:
        text = f"{won} game, {scores[side]} to {scores[other]}."
    n = len(st.results)
    return GameOver(side, scores, text, totals, totals[side] - totals[other], n, plural(n, "hand"),
                    _game_over_title(table, side))


def _game_over_title(table: Table, side: str) -> str:
    """"You win the game!", or the other side's seats joined by a dash: "East\u2013West win the game"."""
    if table.people:
        name = table.side_name(side)
        return f"{name} win{'' if ' and ' in name else 's'} the game!"
    if side == "us":
        return "You win the game!"
    mine = table.rules.side_of(table.human)
    seats = [seat for i, side_seats in enumerate(table.rules.sides) if i != mine for seat in side_seats]
    names = "\u2013".join(table.seat_name(seat) for seat in seats)
    return f"{names} win{'s' if len(seats) == 1 else ''} the game"


def turn(table: Table, hand: tuple[HandCard, ...], dummy: DummyView | None) -> Turn:
    st = table.state
    seat = st.to_play
    if seat is None:
        return Turn(None, False, "", "", "", "", "")
    yours = table.controls(seat)
    if st.phase is Phase.AUCTION:
        text = "Your call." if seat == table.human else f"{seat.long_name} to call."
        return Turn(table.screen(seat), yours, text, "", "", "", "")
    if not yours:
        name = table.people.get(table.rules.controller(seat)) or seat.long_name
        return Turn(table.screen(seat), False, f"{name} to play.", "", "", f"{name} to play\u2026", "")
    whose = "" if seat == table.human else f" from {seat.long_name}'s hand"
    text = f"Your lead{whose}." if not st.trick else f"Your turn{whose}."
    cards = hand if seat == table.human or dummy is None else (dummy.cards or ())
    led = suit_of(st.trick[0][1]) if st.trick else None
    follows = led is not None and any(c.suit == SUITS[led] for c in cards if c.legal)
    who, what = words.turn_words(None if seat == table.human else seat.long_name, led, follows)
    lead = what == "lead any card" and seat == table.human
    status = "Your lead \u00b7 play any card" if lead else f"{who} \u00b7 {what}"
    held = f", {'you hold' if seat == table.human else 'it holds'} {sum(c.suit == SUITS[led] for c in cards)}" \
        if follows and led is not None else ""
    return Turn(table.screen(seat), True, text, who, what, status, "Your lead." if lead else f"{who}: {what}{held}.")


def side_names(table: Table) -> SideNames:
    """The sides' names and labels (:class:`SideNames`): a game for two labels them by its players."""
    us, them = table.side_name("us"), table.side_name("them")
    if all(len(side) == 1 for side in table.rules.sides):
        return SideNames(us, them, us, them)
    return SideNames(us, them)


def view(table: Table) -> TableView:
    """Everything the page shows of ``table`` now."""
    st = table.state
    rules = table.rules
    last = st.last_trick
    opponents = [v for k, v in table.levels.items() if rules.side_of(k) != rules.side_of(table.human)]
    level = table.levels.get(table.human, table._level)
    hand = () if table.is_covered else _hand(table, table.human)
    dummy = _dummy(table)
    return TableView(
        game=rules.name, title=rules.title, target=rules.target, goal=rules.goal[0], goal_short=rules.goal[1],
        options=MappingProxyType(dict(rules.options)), phase=st.phase.value,
        hand_number=st.hand_number + 1, game_number=st.game_number + 1, deal_number=st.deal_number,
        human=table.screen(table.human), dealer=table.screen(st.dealer), dealer_name=table.seat_name(st.dealer),
        to_play=None if st.to_play is None else table.screen(st.to_play), your_turn=table.human_to_play,
        trump=_suit(st.trump),
        trump_name="No trump" if st.trump is None else SUIT_NAMES[st.trump].capitalize(),
        turn_up=None if st.turn_up is None else card_view(st.turn_up), turn_up_visible=st.turn_up_visible,
        turn_up_ignored=rules.turn_up_ignored and st.turn_up is not None,
        hand=hand, dummy=dummy, seats=_seats(table), trick=_plays(table, st.trick, 0),
        trick_leader=table.screen(st.leader) if st.phase is Phase.PLAY else None, tricks_played=len(st.tricks),
        last_trick=None if last is None else trick_view(table, last, len(st.tricks), st.hand_number),
        tricks_won=_sides(table, st.tricks_won), scores=_sides(table, st.scores),
        games=_sides(table, st.games) if rules.games_to_win() > 1 else None,
        side_names=side_names(table),
        in_progress=table.in_progress, can_undo=table.can_undo, can_redo=table.can_redo,
        levels=(level, opponents[0] if opponents else table._level),
        turn=turn(table, hand, dummy), notes=_notes(table),
        auction=_auction(table), stock=_stock(table), draw=_draw(table),
        summary=summary(table) if st.phase not in (Phase.PLAY, Phase.AUCTION, Phase.DRAW) else None,
        game_over=None if table.challenge else game_over(table), score_sheet=score_sheet(table), **_claims(table),
        people=tuple(table.people.values()), handover=table.handover(), claim_ask=table.claim_ask(),
        challenge=table.challenge.view() if table.challenge else None,
        challenge_offer=(not table.people and table.challenge is None and table.human == Seat.S
                         and st.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and bool(st.tricks)))


CLAIM_OFFERED = 8
"""The Claim control shows once this many tricks are left (the C key claims on any turn of yours)."""


def _claims(table: Table) -> dict[str, Any]:
    st = table.state
    rules = table.rules
    offered = (table.human_to_play and st.phase is Phase.PLAY and not st.stock
               and 1 < rules.tricks_per_hand - len(st.tricks) <= CLAIM_OFFERED)
    legal = st.legal_mask() if table.human_to_play else 0
    claimed: tuple[Play, ...] = ()
    if st.claimed is not None:
        who = rules.controller(st.claimed[0])
        claimed = _plays(table, ((s, c) for s in rules.seats if rules.controller(s) == who
                                 for c in sort_hand(st.hands[s], st.trump)))
    return {"claim": words.CLAIM if offered else "", "claim_text": table.claim_text, "claimed": claimed,
            "forced": card_name(legal.bit_length() - 1) if legal.bit_count() == 1 else None}
