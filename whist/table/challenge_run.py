"""A challenge played on the page: its deals one after another, each on a table of its own, and the
two plays compared at the end (issue 39, part 2; the link itself: :mod:`whist.table.challenge`).

A :class:`ChallengeRun` is what the page plays: the challenge (its deals, and the play of whoever
sent it), your name and your finished deals. :meth:`ChallengeRun.table` seats you at the deal you
are to play, South, with the challenge's computers around you: uncapped (the same cards on every
device), and, while you play exactly as the sender did, playing the sender's computers' cards (so a
challenge made from an ordinary hand, whose computers were capped and seeded by that game, meets
the same cards too). No undo and no hints: both players play each deal once, on their own.

>>> from whist.engine.seats import Seat
>>> run = ChallengeRun.new("classic", {}, ("normal", "normal"), [(7, Seat.W), (8, Seat.N)])
>>> table = run.table()
>>> table.view().challenge.title
'Your challenge \u00b7 deal 1 of 2'
>>> while not table.state.is_over and table.state.phase.value == "play":
...     _ = table.computer_step() or table.human_play(next(c.card for c in table.view().hand if c.legal))
>>> run = run.after(table.state)
>>> run.deal, run.done
(1, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from whist.engine.auction import DOUBLE, PASS
from whist.engine.cards import card_long_name, parse_card
from whist.engine.rules import make_rules
from whist.engine.seats import Seat
from whist.engine.state import CLAIM, NEXT_HAND, GameState, Phase
from whist.table.challenge import MAX_DEALS, Challenge, ChallengeError, decode, encode, pack, play_out
from whist.table.together import YOU, clean_name
from whist.table.view import ChallengeView
from whist.table.words import plural

NO_HELP = "A challenge is played without undo or hints: each of you plays every deal once, on your own."
SIZES = (4, 8)
"""The sets of deals the New game dialog offers (a single deal comes from the end of a hand)."""


@dataclass(frozen=True)
class ChallengeRun:
    """A challenge being played here: ``challenge`` holds the deals and the sender's play (none
    when you made it), ``mine`` your finished deals, ``link`` the link text it came from."""

    challenge: Challenge
    me: str = ""
    mine: tuple[tuple[str, ...], ...] = ()
    link: str = ""

    @classmethod
    def new(cls, game: str, options: dict[str, Any], levels: tuple[str, str],
            deals: Sequence[tuple[int, Seat]]) -> ChallengeRun:
        """A challenge of your own, its deals not yet played by anyone."""
        if not 1 <= len(deals) <= MAX_DEALS:
            raise ValueError(f"A challenge has 1 to {MAX_DEALS} deals.")
        rules = make_rules(game, **options)
        return cls(Challenge(game, rules.replay_options(), levels, tuple(deals), ()))

    @classmethod
    def dealt(cls, game: str, options: dict[str, Any], levels: tuple[str, str], numbers: Sequence[int]) -> ChallengeRun:
        """A challenge of your own of the deals ``numbers``, the deal passing clockwise from the
        first dealer the first deal number gives."""
        rules = make_rules(game, **options)
        dealer, deals = rules.first_dealer(numbers[0]), []
        for number in numbers:
            deals.append((number, dealer))
            dealer = rules.next_seat(dealer)
        return cls.new(game, options, levels, deals)

    @classmethod
    def received(cls, link: str) -> ChallengeRun:
        """The run of a link someone sent: ChallengeError (one sentence) when it is not one to play."""
        challenge = decode(link)
        if len(challenge.names) != 1 or len(challenge.plays[0]) != len(challenge.deals):
            raise ChallengeError("This link holds no challenge to play: the sender has not played every deal.")
        return cls(challenge, link=link)

    @classmethod
    def from_hand(cls, table: Any) -> ChallengeRun:
        """A challenge of the hand just finished on ``table`` (you and computers), played as you
        played it: ChallengeError (one sentence) when it cannot be one."""
        hand = table.finished_hand()
        if hand is None or table.people or table.challenge is not None or table.human != YOU:
            raise ChallengeError("Only a hand you have just finished with the computers can be a challenge.")
        st = hand.state
        start = max((i + 1 for i, a in enumerate(st.actions) if a == NEXT_HAND), default=0)
        rules = st.rules

        def level(theirs: bool) -> str:
            return next((table.levels.get(s, "normal") for s in rules.seats if s != YOU and s not in rules.dummies
                         and (rules.side_of(s) != rules.side_of(YOU)) == theirs), table.levels.get(YOU, "normal"))

        challenge = Challenge(hand.game, hand.options, (level(False), level(True)), ((hand.deal_number, hand.dealer),),
                              ())
        actions = tuple(st.actions[start:])
        pack(challenge.state(0), actions)  # the hand replays as a deal of its own (ChallengeError if not)
        return cls(challenge, mine=(actions,))

    # --- where it stands ------------------------------------------------------------------
    @property
    def deal(self) -> int:
        """The deal being played (an index into the challenge's deals)."""
        return min(len(self.mine), len(self.challenge.deals) - 1)

    @property
    def done(self) -> bool:
        return len(self.mine) >= len(self.challenge.deals)

    @property
    def sender(self) -> str:
        """The name of who sent the challenge ("" when it is your own)."""
        return self.challenge.names[0] if self.challenge.names else ""

    def script(self) -> tuple[str, ...]:
        """The sender's play of the deal being played (empty for your own challenge)."""
        if not self.challenge.plays or self.deal >= len(self.challenge.plays[0]):
            return ()
        return self.challenge.plays[0][self.deal]

    def with_name(self, name: str) -> ChallengeRun:
        """This run played under ``name`` (checked: ValueError, one sentence)."""
        name = clean_name(name)
        if self.sender and name.casefold() == self.sender.casefold():
            raise ValueError(f"{self.sender} sent this challenge: give a name of your own.")
        return ChallengeRun(self.challenge, name, self.mine, self.link)

    # --- the tables -------------------------------------------------------------------------
    def table(self) -> Any:
        """The table of the deal being played (you at South; no undo, no hints)."""
        from whist.table.session import Table

        st = self.challenge.state(self.deal)
        rules = st.rules
        levels = {seat: self.challenge.levels[rules.side_of(seat) != rules.side_of(YOU)]
                  for seat in rules.seats if seat != YOU and seat not in rules.dummies}
        table = Table(state=st, seat_levels=levels)
        table.challenge = self
        table.capped = False  # the same cards on every device
        table.computers_claim = True  # (whatever Settings say: the same on every device)
        table.levels = {seat: levels.get(seat, self.challenge.levels[0]) for seat in rules.seats}
        return table

    def view(self) -> ChallengeView:
        deals = len(self.challenge.deals)
        n = self.deal + 1
        last = n == deals
        where = f"deal {n} of {deals}"
        title = f"Challenge from {self.sender} \u00b7 {where}" if self.sender else f"Your challenge \u00b7 {where}"
        label = ("See the results" if self.sender else "Send the challenge") if last else "Next deal"
        return ChallengeView(n, deals, title, f"Deal {n} of {deals} over", label, NO_HELP, self.sender)

    def after(self, state: GameState) -> ChallengeRun:
        """This run with the deal just finished in ``state`` added to your play."""
        if self.done or state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            raise ValueError("The deal is not finished.")
        return ChallengeRun(self.challenge, self.me, (*self.mine, tuple(state.actions)), self.link)

    def outcome(self) -> Challenge:
        """The challenge with your play in it (the link to send, or the reply)."""
        return self.challenge.with_play(self.me, self.mine)

    # --- kept with the game -------------------------------------------------------------------
    def saved(self) -> dict[str, Any]:
        return {"link": encode(self.challenge), "me": self.me, "mine": [list(p) for p in self.mine],
                "from": self.link}

    @classmethod
    def load(cls, data: Any) -> ChallengeRun:
        """A run :meth:`saved` kept; ChallengeError when it cannot be used."""
        if not isinstance(data, dict):
            raise ChallengeError("The challenge in progress could not be read.")
        challenge = decode(data.get("link"))
        me, mine, link = data.get("me", ""), data.get("mine"), data.get("from", "")
        if not isinstance(me, str) or not isinstance(link, str) or not isinstance(mine, list) \
                or len(mine) > len(challenge.deals):
            raise ChallengeError("The challenge in progress could not be read.")
        for i, actions in enumerate(mine):
            if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
                raise ChallengeError("The challenge in progress could not be read.")
            pack(challenge.state(i), actions)  # every deal replayed: ChallengeError if one does not
        return cls(challenge, me, tuple(tuple(a) for a in mine), link)


def load_table(saved: Any, table: Any) -> Any:
    """The table of a challenge's deal kept with the game: ``table`` (a Table loaded from its
    record) seated as the challenge seats it; ValueError (one sentence) when the challenge cannot
    be read or its deal is not the game kept."""
    run = ChallengeRun.load(saved)
    out = run.table()
    fresh, state = out.state, table.state
    kept = (state.deal_number, state.dealer, state.rules.options)
    if (fresh.deal_number, fresh.dealer, fresh.rules.options) != kept or state.hand_number or table.people:
        raise ChallengeError("The challenge kept with the game is not the game kept.")
    out.state = state
    out.redo_stack = []
    out.whys = table.whys  # (the computers' reasons kept with the game)
    return out


# --- in words ---------------------------------------------------------------------------------
def _level(level: str) -> str:
    return level.capitalize()


def invitation(run: ChallengeRun) -> tuple[str, str]:
    """The title and the sentences of the invitation to play a challenge someone sent."""
    c = run.challenge
    rules = make_rules(c.game, **c.options)
    own = rules.own_options()
    opts = "; ".join(f"{spec.label.lower()}: {spec.value_label(own[spec.name]).lower()}"
                     for spec in rules.option_specs if spec.name in own)
    who = (f"your partner plays at {_level(c.levels[0])}, the opponents at {_level(c.levels[1])}"
           if len(rules.seats) > 2 else f"your opponent plays at {_level(c.levels[1])}")
    text = (f"{plural(len(c.deals), 'deal')} of {rules.title}{f' ({opts})' if opts else ''}, each with the cards "
            f"{run.sender} had. You sit South; {who}, and they play as they played for {run.sender} while you "
            "play the same cards. Play each deal once, on your own: no undo and no hints. At the end you see both "
            "plays side by side, and get a link to send back.")
    return f"{run.sender} challenges you", text


def sending(run: ChallengeRun) -> tuple[str, str]:
    """The title and the sentences of the dialog that sends your challenge, or your reply."""
    if run.sender:
        return (f"{run.sender} v {run.me}", f"Send this link back to {run.sender}: it carries both plays, so "
                f"{run.sender} sees this comparison too.")
    deals = len(run.challenge.deals)
    what = "this deal" if deals == 1 else f"these {deals} deals"
    return ("Challenge a friend", f"Send this link to a friend: they play {what} with the same cards and the same "
            "computers, and then see your play beside theirs. The link holds the whole challenge: nothing is "
            "sent anywhere else.")


def own_results(run: ChallengeRun) -> tuple[tuple[str, str], ...]:
    """Your finished deals: (the deal, your result) each."""
    out = []
    for i, actions in enumerate(run.mine):
        _, dealer = run.challenge.deals[i]
        out.append((f"Deal {i + 1} · {dealer.long_name} dealt",
                    played(finished(run.challenge, i, actions)).text))
    return tuple(out)


# --- the comparison --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Played:
    """One player's result of one deal."""

    tricks: int  # your side's tricks
    points: int  # your side's points less the other side's
    text: str  # "8 tricks, +2" ("2♥ by South made, 8 tricks, +2")


@dataclass(frozen=True, slots=True)
class DealRow:
    number: int  # from 1
    header: str  # "West dealt · hearts trumps"
    results: tuple[Played, Played]
    split: str  # where the two plays first differ, in words
    better: int | None  # which player did better on the deal (None: as well)


@dataclass(frozen=True, slots=True)
class Comparison:
    names: tuple[str, str]
    rows: tuple[DealRow, ...]
    won: tuple[int, int]  # deals each did better on
    points: tuple[int, int]
    winner: int | None
    text: str  # "Ben wins the challenge, 3 deals to 1."


def finished(challenge: Challenge, deal: int, actions: Sequence[str]) -> GameState:
    """Deal ``deal`` played to its end with ``actions``."""
    return play_out(challenge.state(deal), actions)


def played(state: GameState) -> Played:
    result = state.results[-1]
    mine = state.rules.side_of(YOU)
    points = result.points[mine] - sum(p for i, p in enumerate(result.points) if i != mine)
    text = f"{plural(result.tricks[mine], 'trick')}, {signed(points)}"
    if result.thrown_in:
        text = "thrown in, no score"
    elif result.contract is not None:
        c = result.contract
        who = "you" if c.declarer == YOU else c.declarer.long_name
        text = f"{c.long_name} by {who}: {text}"
    return Played(result.tricks[mine], points, text)


def signed(n: int) -> str:
    """A score with its sign, a true minus sign for a loss: ``+2``, ``0``, ``\u22123``."""
    return f"{n:+d}".replace("-", "\u2212") if n else "0"


def _words(state: GameState, action: str) -> str:
    if action.startswith(CLAIM):
        return "claimed"
    if state.phase is Phase.AUCTION:
        return {PASS: "passed", DOUBLE: "doubled"}.get(action, f"bid {action}")
    return f"the {card_long_name(parse_card(action))}"


def split(challenge: Challenge, deal: int, names: Sequence[str], plays: Sequence[Sequence[str]]) -> str:
    """Where two plays of a deal first differ, in words."""
    a, b = plays
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
    if at is None:
        return "You played alike throughout." if len(a) == len(b) else "One of you claimed sooner."
    st = finished(challenge, deal, a[:at])
    where = "In the auction" if st.phase is Phase.AUCTION else f"At trick {len(st.tricks) + 1}"
    return f"{where}: {names[0]} {_words(st, a[at])}, {names[1]} {_words(st, b[at])}."


def compare(challenge: Challenge) -> Comparison:
    """Both plays of a challenge side by side (ChallengeError when it does not hold two whole plays)."""
    if len(challenge.names) != 2 or any(len(p) != len(challenge.deals) for p in challenge.plays):
        raise ChallengeError("This challenge has not been played by two players to its end.")
    a_name, b_name = challenge.names
    rows, won, points = [], [0, 0], [0, 0]
    for i, (_, dealer) in enumerate(challenge.deals):
        results = tuple(played(finished(challenge, i, p[i])) for p in challenge.plays)
        first, second = results
        better = None
        if (first.points, first.tricks) != (second.points, second.tricks):
            better = 0 if (first.points, first.tricks) > (second.points, second.tricks) else 1
            won[better] += 1
        points[0] += first.points
        points[1] += second.points
        st = challenge.state(i)
        trump = "" if st.phase is Phase.AUCTION else (" \u00b7 no trumps" if st.trump is None else
                                                      f" \u00b7 {_suit(st.trump)} trumps")
        rows.append(DealRow(i + 1, f"{dealer.long_name} dealt{trump}", (first, second),
                            split(challenge, i, challenge.names, [p[i] for p in challenge.plays]), better))
    winner = None if won[0] == won[1] and points[0] == points[1] else (
        0 if (won[0], points[0]) > (won[1], points[1]) else 1)
    if winner is None:
        text = "The challenge is tied."
    else:
        w, lost = won[winner], won[1 - winner]
        how = (f"{w} deal{'s' if w != 1 else ''} to {lost}" if w != lost else
               f"level on deals, {signed(points[winner])} points to {signed(points[1 - winner])}")
        text = f"{challenge.names[winner]} wins the challenge, {how}."
    return Comparison((a_name, b_name), tuple(rows), (won[0], won[1]), (points[0], points[1]), winner, text)


def _suit(suit: int) -> str:
    from whist.engine.cards import SUIT_NAMES

    return SUIT_NAMES[suit]
